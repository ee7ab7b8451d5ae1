#!/bin/bash
# copyout() and copyoutstr() write the memory of the process that fired
# the probe: the target passes two buffers to write() on bad descriptors
# and prints them afterwards.  A kernel that refuses BPF writes to user
# memory (lockdown, kernel_lockdown(7)) makes dtrace refuse the program
# at enable time with the verifier's reason instead; then that message is
# what is checked.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog destr
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet
#pragma D option destructive

syscall::write:entry
/pid == $target && (int)arg0 == -1/
{
	this->p = (int *)alloca(4);
	*this->p = 0x44434241;
	copyout(this->p, arg1, 4);		/* from scratch space */
	copyout(copyin(arg1, 2), arg1 + 6, 2);	/* "AB" again at 6 */
	copyout((void *)&curthread->comm, arg1 + 10, 5);	/* kernel memory */
}

syscall::write:entry
/pid == $target && (int)arg0 == -2/
{
	copyoutstr("hello", arg1 + 12, 100);	/* with its NUL */
	copyoutstr("world", arg1 + 2, 3);	/* "wor", no NUL */
	copyoutstr("", arg1, 0);		/* nothing */
}
SEOF
timeout 60 taskset -c 0 "$DTRACE" -s "$tmp/s.d" -c "$tmp/destr copyout" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc = 1 ] && grep -q 'bpf_probe_write_user' "$tmp/err"; then
	# refused: one line, dtrace's prefix, the reason and the lockdown hint
	[ "$(wc -l <"$tmp/err")" = 1 ] || { cat "$tmp/err"; exit 1; }
	grep -Eq '^dtrace: could not enable tracing: copyout\( \) and copyoutstr\( \) cannot write user memory on this kernel: .*bpf_probe_write_user.* \(.*kernel_lockdown\(7\).*\)$' \
	    "$tmp/err" || { echo "unexpected message:"; cat "$tmp/err"; exit 1; }
	[ -s "$tmp/out" ] && { echo "unexpected output:"; cat "$tmp/out"; exit 1; }
	echo "this kernel refuses bpf_probe_write_user: $(cat "$tmp/err")"
	exit 0
fi
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
printf 'ABCDaaABaadestraaaaaaaa\nbbworbbbbbbbhello\n\n' | diff -u - "$tmp/out" || exit 1
[ -s "$tmp/err" ] && { echo "unexpected stderr:"; cat "$tmp/err"; exit 1; }
exit 0
