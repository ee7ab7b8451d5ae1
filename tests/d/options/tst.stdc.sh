#!/bin/bash
# -X a|c|s|t (and -x stdc) tell the preprocessor the ISO C conformance:
# __STDC__ is 0 for a (the default) and t, 1 for c, undefined for s (K&R);
# cpp warns about none of it.  Any other mode is refused.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet
BEGIN
{
#if defined(__STDC__)
	printf("%d\n", __STDC__);
#else
	printf("undefined\n");
#endif
	exit(0);
}
SEOF
fail=0
check() {	# want args...
	local want=$1; shift
	"$DTRACE" -C "$@" -s "$tmp/s.d" >"$tmp/out" 2>"$tmp/err" ||
	    { echo "$*: exit status $?"; cat "$tmp/err"; fail=1; }
	printf '%s\n\n' "$want" | diff -u - "$tmp/out" || { echo "($*)"; fail=1; }
	[ -s "$tmp/err" ] && { echo "$*: stderr: $(cat "$tmp/err")"; fail=1; }
}
check 0
check 0 -X a
check 1 -X c
check undefined -X s
check 0 -X t
check 1 -x stdc=c
"$DTRACE" -X z -C -s "$tmp/s.d" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 1 ] || { echo "-X z: exit status $rc"; fail=1; }
[ "$(cat "$tmp/err")" = "dtrace: failed to set -X z: Invalid value for specified option" ] ||
    { echo "-X z: $(cat "$tmp/err")"; fail=1; }
exit $fail
