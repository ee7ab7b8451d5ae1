#!/bin/bash
# The Dynamic Tracing Guide's specopen.d pattern (the paper's Figure 4):
# speculate on every openat() entry and return of a program that fails
# some opens on purpose, commit only the failing calls.  Exactly the
# failing opens are printed, each complete (entry and return data), in
# order, and nothing is reported on stderr:
# 1. with the default nspec of 1, the program bound to one CPU (each commit
#    or discard frees the speculation at once);
# 2. with the program free to run on any CPU: a call may enter on one CPU
#    and return on another, its speculation is then active on both and
#    busy until the cleaning after its commit or discard, so nspec=16 and
#    a fast cleaning rate.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog openfail
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet

syscall::openat:entry
/pid == $target/
{
	self->spec = speculation();
	speculate(self->spec);
	printf("openat \"%s\" flags %d\n", copyinstr(arg1), arg2);
}

syscall::openat:return
/self->spec/
{
	speculate(self->spec);
	printf("  failed: errno %d\n", errno);
}

syscall::openat:return
/self->spec && errno != 0/
{
	commit(self->spec);
	self->spec = 0;
}

syscall::openat:return
/self->spec/
{
	discard(self->spec);
	self->spec = 0;
}
SEOF
# the failing opens of N rounds of openfail
want() {
	for i in $(seq 1 "$1"); do
		printf '%s\n' 'openat "/nonexistent/spec-a" flags 0' '  failed: errno 2' \
		    'openat "/" flags 1' '  failed: errno 21' \
		    'openat "/nonexistent/spec-b" flags 0' '  failed: errno 2'
	done
	echo
}
fail=0
taskset -c 0 "$DTRACE" -s "$tmp/s.d" -c "$tmp/openfail 3 0" >"$tmp/out" 2>"$tmp/err"
rc=$?
want 3 >"$tmp/want"
if [ $rc != 0 ] || [ -s "$tmp/err" ] || ! diff -u "$tmp/want" "$tmp/out"; then
	echo "one CPU: exit status $rc"; cat "$tmp/err"; fail=1
fi
"$DTRACE" -x nspec=16 -x cleanrate=5000hz -s "$tmp/s.d" -c "$tmp/openfail 40" \
    >"$tmp/out" 2>"$tmp/err"
rc=$?
want 40 >"$tmp/want"
if [ $rc != 0 ] || [ -s "$tmp/err" ] || ! diff -u "$tmp/want" "$tmp/out" >"$tmp/diff"; then
	head -n 20 "$tmp/diff"
	echo "any CPU: exit status $rc"; cat "$tmp/err"; fail=1
fi
exit $fail
