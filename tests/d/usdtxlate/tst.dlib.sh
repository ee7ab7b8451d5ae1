#!/usr/bin/env bash
# Provider definitions in D libraries (-L): compiled when a program
# declares the same provider (compared with it, as DTrace compares a
# redeclaration), an error in one reported at the library's line, and a
# library no program needs costs nothing (its errors unseen).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail() { echo "$1"; cat "$tmp/out" "$tmp/err" 2>/dev/null; exit 1; }
mkdir "$tmp/lib" "$tmp/bad"
cat >"$tmp/lib/myserv.d" <<'D'
typedef struct httpd_request { int fd; char *url; } httpd_request_t;
typedef struct conninfo { int ci_fd; } conninfo_t;
translator conninfo_t < httpd_request_t *r > { ci_fd = r->fd; };
provider myserv {
	probe request__start(httpd_request_t *p) : (conninfo_t *p);
};
D
cat >"$tmp/bad/other.d" <<'D'
typedef struct other { int x; } other_t;
typedef struct otherinfo { int y; } otherinfo_t;
provider other {
	probe go(other_t *o) : (otherinfo_t *o);
};
D
# the same definition again: accepted
$DTRACE -L "$tmp/lib" -qn 'provider myserv { probe request__start(httpd_request_t *p) : (conninfo_t *p); };
    BEGIN { exit(0); }' >"$tmp/out" 2>"$tmp/err" || fail "identical redeclaration refused"
# another: refused, as the library's definition was compiled
$DTRACE -L "$tmp/lib" -qs /dev/stdin >"$tmp/out" 2>"$tmp/err" <<'D' && fail "a different redeclaration compiled"
provider myserv { probe request__start(httpd_request_t *p, int x) : (conninfo_t *p); };
D
grep -qx "	previous: 1 arg" "$tmp/err" && grep -q "line 1: probe myserv:::request-start input prototype mismatch:" "$tmp/err" ||
	fail "unexpected message"
# a library whose definition has no translator: unseen unless needed ...
$DTRACE -L "$tmp/bad" -qn 'BEGIN { exit(0); }' >"$tmp/out" 2>"$tmp/err" || fail "an unused library's error was reported"
# ... and reported at its line when a program declares its provider
$DTRACE -L "$tmp/bad" -qn 'provider other { probe go(other_t *o) : (otherinfo_t *o); }; BEGIN { exit(0); }' \
    >"$tmp/out" 2>"$tmp/err" && fail "the library's error was not reported"
grep -q "other.d.*line 4: translator for other:::go output argument #1 from other_t \* to otherinfo_t \* is not defined" "$tmp/err" ||
	fail "unexpected message for the library"
exit 0
