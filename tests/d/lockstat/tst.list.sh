#!/bin/bash
# The lockstat probes Linux's contention tracepoints give, their
# argument types, and the flag values lockstat.c classifies locks by
# (include/trace/events/lock.h's LCB_F_*), as this kernel's format file
# prints them.
out=$("$DTRACE" -l -P lockstat | awk '{ $1 = ""; print }') || exit 1
want=" PROVIDER MODULE FUNCTION NAME
 lockstat vmlinux adaptive-acquire-error
 lockstat vmlinux adaptive-block
 lockstat vmlinux adaptive-spin
 lockstat vmlinux rw-block
 lockstat vmlinux rw-spin
 lockstat vmlinux spin-spin"
[ "$out" = "$want" ] || { echo "$out"; exit 1; }
out=$("$DTRACE" -lv -n lockstat:::adaptive-acquire-error -n lockstat:::adaptive-block -n lockstat:::rw-spin \
    -n lockstat:::spin-spin -n lockstat:::rw-block | grep 'args\[') || exit 1
want="		args[0]: struct mutex *
		args[1]: int
		args[0]: struct mutex *
		args[1]: uint64_t
		args[0]: rwlock_t *
		args[1]: uint64_t
		args[2]: int
		args[0]: spinlock_t *
		args[1]: uint64_t
		args[0]: struct rw_semaphore *
		args[1]: uint64_t
		args[2]: int"
[ "$out" = "$want" ] || { echo "$out"; exit 1; }
fmt=/sys/kernel/tracing/events/lock/contention_begin/format
grep -qF '{ (1U << 0), "SPIN" }, { (1U << 1), "READ" }, { (1U << 2), "WRITE" }, { (1U << 3), "RT" }, { (1U << 4), "PERCPU" }, { (1U << 5), "MUTEX" }' $fmt || {
	echo "the kernel's LCB_F_ flags changed:"; grep 'print fmt' $fmt; exit 1; }
exit 0
