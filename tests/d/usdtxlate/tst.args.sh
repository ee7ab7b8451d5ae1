#!/usr/bin/env bash
# Translated USDT arguments end to end: a provider definition in the
# script gives xlprog's request-start (tests/d/progs/usdt_xlate.c) its
# types, reordered by name; args[] are translated (a struct by the
# script's translator, which copies the process's memory in; a string
# from a char *; an int widened), argN stay native; -lv lists the
# translated types (the definition in a D library); explicit xlate gives the same member.
tmp=$(mktemp -d)
wpid=
cleanup() { [ -n "$wpid" ] && kill "$wpid" 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
fail() { echo "$1"; cat "$tmp/out" "$tmp/err" 2>/dev/null; exit 1; }
cc -O1 -o "$tmp/usdt_xlate" "$TESTDIR/progs/usdt_xlate.c" || fail "cannot build usdt_xlate"
"$tmp/usdt_xlate" 0 >"$tmp/prog.out" 2>&1 &
wpid=$!
for ((i = 0; i < 100; i++)); do grep -q ready "$tmp/prog.out" && break; sleep 0.05; done
cat >"$tmp/defs.d" <<'D'
typedef struct xl_request { int fd; int port; char *url; } xl_request_t;
typedef struct xl_conninfo { int ci_fd; int ci_port; string ci_url; } xl_conninfo_t;
translator xl_conninfo_t < xl_request_t *r > {
	ci_fd = *(int *)copyin((uintptr_t)r, 4);
	ci_port = *(int *)copyin((uintptr_t)r + 4, 4);
	ci_url = copyinstr(*(uintptr_t *)copyin((uintptr_t)r + 8, 8));
};
provider xlprog {
	probe request__start(xl_request_t *r, char *url, int n) : (long n, xl_conninfo_t *r, string url);
};
D
cat "$tmp/defs.d" - >"$tmp/t.d" <<'D'
xlprog$1:::request-start
/args[0] >= 2/
{
	printf("%d %d %d %s %s %d\n", args[0], args[1]->ci_fd, args[1]->ci_port, args[1]->ci_url,
	    args[2], arg2);
	printf("%d %d\n", arg0 == (uint64_t)args[0] ? 1 : 0,
	    xlate <xl_conninfo_t *>((xl_request_t *)arg0)->ci_fd);
	exit(0);
}
D
$DTRACE -qs "$tmp/t.d" "$wpid" >"$tmp/out" 2>"$tmp/err" || fail "dtrace failed"
read -r n fd port url str n2 <"$tmp/out"
[ "$fd" = $((100 + n)) ] && [ "$port" = 8080 ] && [ "$url" = "/index/$n" ] && [ "$str" = "/index/$n" ] &&
	[ "$n2" = "$n" ] || fail "wrong translated arguments"
[ "$(sed -n 2p "$tmp/out")" = "0 $fd" ] || fail "argN not native, or xlate differs"
# -lv: the translated types, the definition from a D library
mkdir "$tmp/lib" && cp "$tmp/defs.d" "$tmp/lib/xlprog.d"
$DTRACE -L "$tmp/lib" -lv -n "xlprog$wpid:::request-start" >"$tmp/out" 2>"$tmp/err" || fail "-lv failed"
grep -q "^		args\[0\]: long$" "$tmp/out" && grep -q "^		args\[1\]: xl_conninfo_t \*$" "$tmp/out" &&
	grep -q "^		args\[2\]: string$" "$tmp/out" || fail "-lv types"
# and the native types, after the translated ones
sed -n '/^	Native Argument Types$/,/^$/p' "$tmp/out" >"$tmp/native"
printf '\tNative Argument Types\n\t\targ0: xl_request_t *\n\t\targ1: char *\n\t\targ2: int\n\n' |
	diff -u - "$tmp/native" || fail "-lv native types"
# a probe that is not translated lists no native types
$DTRACE -lv -n "xlprog$wpid:::request-start" >"$tmp/out" 2>"$tmp/err" || fail "-lv (no definition) failed"
grep -q "Native Argument Types" "$tmp/out" && fail "native types listed for an untranslated probe"
# past the definition's arguments
$DTRACE -s "$tmp/defs.d" -n "xlprog$wpid:::request-start { trace(args[3]); }" >"$tmp/out" 2>"$tmp/err" &&
	fail "args[3] compiled"
grep -q "index 3 is out of range for xlprog$wpid:::request-start args\[ \]" "$tmp/err" || fail "args[3] message"
exit 0
