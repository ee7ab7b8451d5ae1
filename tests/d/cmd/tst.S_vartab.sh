#!/bin/bash
# -S prints, for each clause as it is compiled, its heading and the table
# of the variables it uses, in the columns of DTrace's -S: name, DIF
# variable id (from 0x500 per scope, kept across clauses), kind (scl/arr),
# scope (glb/tls/loc), flags (r/w) and type; then each probe's BPF.
# -x disasm picks the listings; -x verbose is -S.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
prog='BEGIN /x == 0/ { x = 1; self->s = "a"; this->t = 2; a[1, "k"] = this->t; x++; }
syscall::read:entry { trace(self->s); self->q[2] = 1; @c = count(); }
END { y = a[1, "k"]; }'
cat >"$tmp/want" <<'WEOF'

Clause 0: :::BEGIN

NAME             ID   KND SCP FLAG TYPE
x                500  scl glb r/w  D type (integer) (size 4)
a                501  arr glb w    D type (integer) (size 4)
s                500  scl tls w    string (unknown) by ref (size 256)
t                500  scl loc r/w  D type (integer) (size 4)

Clause 1: syscall::read:entry

NAME             ID   KND SCP FLAG TYPE
s                500  scl tls r    string (unknown) by ref (size 256)
q                501  arr tls w    D type (integer) (size 4)

Clause 2: :::END

NAME             ID   KND SCP FLAG TYPE
a                501  arr glb r    D type (integer) (size 4)
y                502  scl glb w    D type (integer) (size 4)
WEOF
# -e generates the programs too (nothing is loaded): -S and -x verbose
# list them after the tables, disasm=1 does not
for o in -S "-x verbose" "-S -x disasm=1"; do
	"$DTRACE" -e $o -n "$prog" >"$tmp/out" 2>"$tmp/err" || { echo "$o: exit status $?"; fail=1; }
	sed '/^Disassembly of /,$d' "$tmp/err" | sed '${/^$/d}' >"$tmp/tables"
	diff -u "$tmp/want" "$tmp/tables" || { echo "($o)"; fail=1; }
	n=$(grep -c '^Disassembly of ' "$tmp/err")
	case "$o" in *disasm=1) want_n=0 ;; *) want_n=3 ;; esac
	[ "$n" = "$want_n" ] || { echo "$o: $n programs listed, expected $want_n"; fail=1; }
done
# with tracing, the BPF programs follow; disasm=2 prints those alone
"$DTRACE" -qS -n 'BEGIN { x = 1; exit(0); }' >"$tmp/out" 2>"$tmp/err" || fail=1
grep -q '^Clause 0: :::BEGIN$' "$tmp/err" && grep -q '^Disassembly of dtrace:::BEGIN:$' "$tmp/err" ||
    { echo "-S:"; cat "$tmp/err"; fail=1; }
"$DTRACE" -qS -x disasm=2 -n 'BEGIN { x = 1; exit(0); }' >"$tmp/out" 2>"$tmp/err" || fail=1
! grep -q '^Clause' "$tmp/err" && grep -q '^Disassembly of dtrace:::BEGIN:$' "$tmp/err" ||
    { echo "disasm=2:"; head "$tmp/err"; fail=1; }
exit $fail
