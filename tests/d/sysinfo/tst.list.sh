#!/bin/bash
# The sysinfo and vminfo probes Linux can give, with the Guide's
# stability and argument type (IDs left out: they depend on the
# providers before these).
out=$("$DTRACE" -l -P sysinfo -P vminfo | awk '{ $1 = ""; print }') || exit 1
want=" PROVIDER MODULE FUNCTION NAME
 sysinfo vmlinux inv_swtch
 sysinfo vmlinux msg
 sysinfo vmlinux nthreads
 sysinfo vmlinux pswitch
 sysinfo vmlinux readch
 sysinfo vmlinux sema
 sysinfo vmlinux syscall
 sysinfo vmlinux sysexec
 sysinfo vmlinux sysfork
 sysinfo vmlinux sysread
 sysinfo vmlinux sysvfork
 sysinfo vmlinux syswrite
 sysinfo vmlinux writech
 sysinfo vmlinux xcalls
 vminfo vmlinux as_fault
 vminfo vmlinux prot_fault"
[ "$out" = "$want" ] || { echo "$out"; exit 1; }
out=$("$DTRACE" -lv -n sysinfo:::readch | sed 1,2d) || exit 1
want="
	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: ISA

	Argument Types
		args[0]: uint64_t"
[ "$out" = "$want" ] || { echo "$out"; exit 1; }
exit 0
