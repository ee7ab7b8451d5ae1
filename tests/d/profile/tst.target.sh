#!/bin/bash
# profile-97 samples a busy child run with -c: the samples whose pid is
# $target are counted, are taken in user mode (arg1 is the user PC and is
# non-zero, arg0 the kernel PC is zero), and dtrace exits when the child
# does, firing END.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# a loop of about a second: calibrate the iteration count on this machine
# (bash's clock, not date(1): an exec per check spent the time in the
# kernel paging date in, on a machine that pages executables out)
cat >"$tmp/busy.sh" <<'SEOF'
s=${EPOCHREALTIME/./}
i=0
while :; do
	i=$((i + 1))
	if [ $((i % 5000)) = 0 ]; then
		n=${EPOCHREALTIME/./}
		[ $(( (n - s) / 1000 )) -ge 800 ] && break
	fi
done
SEOF
"$DTRACE" -qn '
profile-97
/pid == $target/
{
	n++;
}

profile-97
/pid == $target && arg1 != 0/
{
	u++;
}

profile-97
/pid == $target && arg0 == 0/
{
	k++;
}

END
{
	printf("%d %d %d\n", n, u, k);
}' -c "/bin/bash $tmp/busy.sh" >"$tmp/out" 2>"$tmp/err"
rc=$?
read -r n u k <"$tmp/out"
echo "rc=$rc samples=$n user=$u arg0zero=$k"
cat "$tmp/err"
[ $rc = 0 ] || exit 1
[ -n "$n" ] && [ "$n" -ge 10 ] || exit 1
# almost all samples of a shell loop are in user mode
[ "$u" -ge $((n / 2)) ] && [ "$k" -ge $((n / 2)) ] || exit 1
exit 0
