#!/bin/bash
# inet_ntop() with an address family other than AF_INET (2) or AF_INET6
# (10) is an illegal operation, whatever the address; an address that
# cannot be read is an invalid address, for all three subroutines.  Each
# fault ends its clause (reported with its fault code to ERROR clauses)
# and tracing goes on.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/t.d" <<'DEOF'
#pragma D option quiet
BEGIN { printf("%s\n", inet_ntop(3, alloca(16))); }
BEGIN { this->af = -1; printf("%s\n", inet_ntop(this->af, 0)); }
BEGIN { printf("%s\n", inet_ntop(2, 0)); }
BEGIN { printf("%s\n", inet_ntop(10, 8)); }
BEGIN { printf("%s\n", inet_ntoa((ipaddr_t *)0)); }
BEGIN { printf("%s\n", inet_ntoa6((struct in6_addr *)16)); }
BEGIN { printf("%s %s\n", inet_ntop(2, alloca(4)), inet_ntop(10, alloca(16))); }
BEGIN { exit(0); }
ERROR { printf("fault %d\n", arg4); }
DEOF
"$DTRACE" -s "$tmp/t.d" >"$tmp/out" 2>"$tmp/err"
rc=$?
fail=0
if [ $rc != 0 ]; then echo "exit status $rc, expected 0"; fail=1; fi
cat >"$tmp/want" <<'WEOF'
fault 3
fault 3
fault 1
fault 1
fault 1
fault 1
0.0.0.0 ::

WEOF
if ! diff -u "$tmp/want" "$tmp/out"; then fail=1; fi
sed -E 's/at BPF pc [0-9]+$/at BPF pc N/' "$tmp/err" >"$tmp/err.n"
cat >"$tmp/want" <<'WEOF'
dtrace: error on enabled probe ID 2 (ID 1: dtrace:::BEGIN): illegal operation in action #1 at BPF pc N
dtrace: error on enabled probe ID 3 (ID 1: dtrace:::BEGIN): illegal operation in action #2 at BPF pc N
dtrace: error on enabled probe ID 4 (ID 1: dtrace:::BEGIN): invalid address (0x0) in action #1 at BPF pc N
dtrace: error on enabled probe ID 5 (ID 1: dtrace:::BEGIN): invalid address (0x8) in action #1 at BPF pc N
dtrace: error on enabled probe ID 6 (ID 1: dtrace:::BEGIN): invalid address (0x0) in action #1 at BPF pc N
dtrace: error on enabled probe ID 7 (ID 1: dtrace:::BEGIN): invalid address (0x10) in action #1 at BPF pc N
WEOF
if ! diff -u "$tmp/want" "$tmp/err.n"; then fail=1; fi
exit $fail
