#!/usr/bin/env bash
# regs.d (generated from <sys/reg.h>) and the register table sema falls
# back on without libraries (lib/kernel/uregs.c, for -x nolibs) agree on
# every R_ name; uregs[] indexed by them reads those registers: in BEGIN,
# which runs in dtrace's own bpf() call, R_ERR (orig_ax) is that call's
# number (321 on x86_64) and R_PC is R_RIP.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
regs=$(dirname "$DTRACE")/dlib/regs.d
names=$(sed -n 's/^inline int \(R_[A-Z0-9]*\) = .*/\1/p' "$regs")
[ "$(echo "$names" | wc -w)" -ge 40 ] || { echo "regs.d has only: $names"; exit 1; }
{
	echo 'BEGIN {'
	for n in $names; do printf '\tprintf("%s %%d\\n", %s);\n' "$n" "$n"; done
	echo '	exit(0); }'
} >"$tmp/t.d"
"$DTRACE" -qs "$tmp/t.d" >"$tmp/lib" 2>&1 || { cat "$tmp/lib"; fail=1; }
"$DTRACE" -x nolibs -qs "$tmp/t.d" >"$tmp/nolibs" 2>&1 || { cat "$tmp/nolibs"; fail=1; }
diff "$tmp/lib" "$tmp/nolibs" >"$tmp/diff" || { echo "regs.d vs uregs.c:"; cat "$tmp/diff"; fail=1; }
out=$("$DTRACE" -qn 'BEGIN { printf("%d %d %d\n", uregs[R_ERR], uregs[R_PC] == uregs[R_RIP],
    uregs[R_SP] == uregs[R_RSP]); exit(0); }' 2>&1)
[ "$out" = "321 1 1" ] || { echo "uregs: [$out]"; fail=1; }
exit $fail
