#!/bin/bash
# copyinstr() at large strsize, in a syscall probe (a raw tracepoint
# program reached by tail call, using the CPU-indexed working area from
# strsize=1024 on): a 5000-byte user string is cut at strsize, or at the
# explicit maximum length when that is smaller.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
printf 'syswrite(STDOUT, ("x" x 5000) . "\\0");\n' >"$tmp/w.pl"
cat >"$tmp/t.d" <<'DEOF'
#pragma D option quiet
syscall::write:entry
/pid == $target/
{
	this->s = copyinstr(arg1);
	printf("%d %s %d\n", strlen(this->s), substr(this->s, -3),
	    strlen(copyinstr(arg1, 3000)));
}
DEOF
fail=0
for n in 256 1024 2048 4096; do
	m=$((n < 3000 ? n : 3000))
	printf '%d xxx %d\n' $n $m >"$tmp/want"
	"$DTRACE" -x strsize=$n -s "$tmp/t.d" -o "$tmp/out.$n" -c "perl $tmp/w.pl" \
	    >/dev/null 2>"$tmp/err"
	rc=$?
	if [ $rc != 0 ]; then echo "strsize=$n: exit status $rc"; cat "$tmp/err"; fail=1; continue; fi
	grep -v '^$' "$tmp/out.$n" >"$tmp/got"
	cmp -s "$tmp/want" "$tmp/got" || { echo "strsize=$n:"; diff -u "$tmp/want" "$tmp/got"; fail=1; }
done
exit $fail
