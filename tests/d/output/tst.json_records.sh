#!/bin/bash
# -x oformat=json: one JSON object a line for each trace() (signed,
# unsigned, string with invalid UTF-8 as U+FFFD, struct as hex bytes),
# printf() (its text), tracemem() (size and hex bytes), print() (D type,
# address, dtrace's text), a "probe" object for a record with no data
# (the default action), and {"type":"exit","status":N} last; every record
# object has cpu, id and probe.  jq must parse every line.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/r.d" <<'DEOF'
struct pair { int a; int b; };

BEGIN
{
	p = (struct pair *)alloca(sizeof(struct pair));
	p->a = 1;
	p->b = 258;
	trace((char)-5);
	trace((unsigned short)65535);
	trace(-9223372036854775807 - 1);
	trace(0xffffffffffffffffULL);
	trace("a\"b\\c\tcaf\303\251 \377");
	trace(*p);
	printf("hello %d\n", 42);
	tracemem(p, 8);
	print(p);
}

BEGIN
{
}

BEGIN
{
	exit(3);
}
DEOF
"$DTRACE" -x oformat=json -s "$tmp/r.d" >"$tmp/out" 2>"$tmp/err"
rc=$?
fail() { echo "FAIL: $*"; cat "$tmp/out"; cat "$tmp/err"; exit 1; }
[ $rc = 3 ] || fail "exit status $rc, expected 3"
jq -e . "$tmp/out" >/dev/null || fail "not JSON Lines"
[ "$(wc -l <"$tmp/out")" = 12 ] || fail "expected 12 objects"
line() { sed -n "${1}p" "$tmp/out" | jq -e "$2" >/dev/null || fail "line $1: $2"; }
rec='.cpu >= 0 and .id == 1 and .probe == "dtrace:::BEGIN"'
line 1 '.type == "trace" and .value == -5 and '"$rec"
line 1 'keys_unsorted == ["type","cpu","id","probe","value"]'
line 2 '.type == "trace" and .value == 65535'
# exact integers (jq reads numbers as doubles: compare the text)
raw() { sed -n "${1}p" "$tmp/out" | grep -qF "$2" || fail "line $1: $2"; }
raw 3 '"probe":"dtrace:::BEGIN","value":-9223372036854775808}'
raw 4 '"probe":"dtrace:::BEGIN","value":18446744073709551615}'
line 5 '.type == "trace" and .value == "a\"b\\c\tcafé \ufffd"'
line 6 '.type == "trace" and .bytes == "0100000002010000" and (has("value") | not)'
line 7 '.type == "printf" and .text == "hello 42\n" and '"$rec"
line 8 '.type == "tracemem" and .size == 8 and .bytes == "0100000002010000"'
line 9 '.type == "print" and .dtype == "struct pair" and .addr > 0'
line 9 '.text | test("^0x[0-9a-f]+ = \\*\n +\\(struct pair\\) \\{\n +\\.a = \\(int\\)1,\n +\\.b = \\(int\\)258,\n")'
line 10 '.type == "probe" and '"$rec"' and keys_unsorted == ["type","cpu","id","probe"]'
line 11 '.type == "probe"'
line 12 '. == {"type":"exit","status":3}'
# quiet: no "probe" object for a record without data
out=$("$DTRACE" -x oformat=json -qn 'BEGIN { } BEGIN { exit(0); }' 2>/dev/null)
[ "$out" = '{"type":"exit","status":0}' ] || fail "quiet: $out"
exit 0
