#!/bin/bash
# uregs[] in pid probes are the traced thread's registers at the probed
# instruction: at pid_add's entry R_PC is pid_add's address (a non-PIE
# build, so the symbol table's address is the run-time one), R_RDI its
# first argument, R_SP the stack with the return address on top (8-byte
# aligned less 8); at pid_sign:b (the mov of its negative path) R_PC is
# pid_sign + 0xb, and the probe fires only for a negative argument.
. "$TESTDIR/pid/common.bash"
build_pid p -no-pie
add=$(func_addr "$tmp/p" pid_add)
sign=$(func_addr "$tmp/p" pid_sign)
"$DTRACE" -qn 'pid$target:a.out:pid_add:entry { printf("add %x %d %d\n", uregs[R_PC], uregs[R_RDI], uregs[R_SP] & 15); }
    pid$target:a.out:pid_sign:b { printf("sign %x %d %s\n", uregs[R_PC], (long)uregs[R_RDI], probename); }' \
    -c "$tmp/p 2" >"$tmp/out" 2>"$tmp/err" || fail "dtrace failed"
grep -v '^pid$' "$tmp/out" >"$tmp/got"
printf 'add %x 0 8\nsign %x -5 b\nadd %x 1 8\nsign %x -5 b\n\n' $((16#$add)) $((16#$sign + 11)) \
    $((16#$add)) $((16#$sign + 11)) >"$tmp/want"
diff -u "$tmp/want" "$tmp/got" || fail "uregs"
exit 0
