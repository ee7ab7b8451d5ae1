#!/bin/bash
# The Dynamic Tracing Guide's specopen.d pattern (the paper's Figure 4):
# speculate on every openat() entry and return of a program that fails
# some opens on purpose, commit only the failing calls.  Exactly the
# failing opens are printed, each complete (entry and return data), in
# order, with the default nspec of 1 (the program stays on one CPU, so
# each commit or discard frees the speculation at once).
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
taskset -c 0 "$DTRACE" -s "$tmp/s.d" -c "$tmp/openfail 3 0" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
for i in 1 2 3; do
	cat <<'WEOF'
openat "/nonexistent/spec-a" flags 0
  failed: errno 2
openat "/" flags 1
  failed: errno 21
openat "/nonexistent/spec-b" flags 0
  failed: errno 2
WEOF
done >"$tmp/want"
echo >>"$tmp/want"
diff -u "$tmp/want" "$tmp/out" || exit 1
# no failed speculation, no drop
[ ! -s "$tmp/err" ] || { echo "stderr:"; cat "$tmp/err"; exit 1; }
exit 0
