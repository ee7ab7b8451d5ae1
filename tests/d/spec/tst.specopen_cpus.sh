#!/bin/bash
# specopen.d on a program free to run on any CPU: a call may enter on one
# CPU and return on another, so its speculation is active on several and
# stays busy until the cleaning after its commit or discard.  With enough
# speculations (nspec=16) and a fast cleaning rate, every failing open is
# still printed, complete, and nothing else.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog openfail
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet
#pragma D option nspec=16
#pragma D option cleanrate=5000hz

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
"$DTRACE" -s "$tmp/s.d" -c "$tmp/openfail 40" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
[ ! -s "$tmp/err" ] || { echo "stderr:"; cat "$tmp/err"; exit 1; }
# 120 failing opens, each an entry line followed by its return line
awk '
	NR % 2 == 1 { entry = $0; next }
	entry ~ /spec-[ab]" flags 0$/ && $0 == "  failed: errno 2" { n++; next }
	entry == "openat \"/\" flags 1" && $0 == "  failed: errno 21" { n++; next }
	$0 == "" && entry == "" { next }
	{ print "unexpected: " entry " / " $0; bad = 1 }
	END { print n " complete failing opens"; exit bad || n != 120 }
' <(sed '$d' "$tmp/out") || exit 1
exit 0
