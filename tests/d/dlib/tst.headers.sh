#!/usr/bin/env bash
# errno.d, signal.d and regs.d have this system's values, checked against
# sources other than the generator's: every error name of Python's errno
# module (the C library's numbers), every signal of Python's signal module
# (SIGRTMIN/SIGRTMAX: the kernel's 32 and 64, not the C library's,
# checked against <asm/signal.h> and /proc),
# os.CLD_*, and for uregs[] a C program's <sys/reg.h>.  Each D name is
# printed next to the value it should have, in one dtrace run per library.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
# compare FILE: lines "NAME WANT", one D program printing NAME's value
compare() {
	{
		echo 'BEGIN {'
		while read -r n w; do
			printf '\tprintf("%%s %%d %%d\\n", "%s", %s, %s);\n' "$n" "$n" "$w"
		done <"$1"
		echo '	exit(0); }'
	} >"$tmp/t.d"
	"$DTRACE" -qs "$tmp/t.d" >"$tmp/out" 2>&1 || { echo "$1:"; cat "$tmp/out"; fail=1; return; }
	awk 'NF == 3 && $2 != $3 { print "  " $1 ": D says " $2 ", the header " $3; bad = 1 }
	    END { exit bad }' "$tmp/out" || fail=1
	n=$(grep -c . "$1"); m=$(awk 'NF == 3' "$tmp/out" | wc -l)
	[ "$n" = "$m" ] || { echo "$1: $n names, $m printed"; fail=1; }
	[ "$n" -gt 5 ] || { echo "$1: only $n names"; fail=1; }
}
python3 -c 'import errno
for n, v in sorted(vars(errno).items()):
    if n.startswith("E") and isinstance(v, int): print(n, v)' >"$tmp/errno"
python3 -c 'import signal, os
for s in signal.Signals:
    if s.name not in ("SIGRTMIN", "SIGRTMAX"): print(s.name, int(s))
print("SIGRTMIN 32"); print("SIGRTMAX 64")
for n in ("CLD_EXITED", "CLD_KILLED", "CLD_DUMPED", "CLD_TRAPPED", "CLD_STOPPED", "CLD_CONTINUED"):
    print(n, getattr(os, n))' >"$tmp/signal"
# the kernel's real-time range: SIGRTMIN from the kernel's own header,
# SIGRTMAX the width of the kernel's signal masks in /proc (64 bits)
printf '#include <asm/signal.h>\n#include <stdio.h>\nint main(void) { printf("%%d\\n", SIGRTMIN); return 0; }\n' >"$tmp/rt.c"
cc -o "$tmp/rt" "$tmp/rt.c" && [ "$("$tmp/rt")" = 32 ] ||
	{ echo "<asm/signal.h>: SIGRTMIN is $("$tmp/rt")"; fail=1; }
mask=$(awk '/^SigBlk:/ { print $2 }' /proc/self/status)
[ $((${#mask} * 4)) = 64 ] || { echo "the kernel's signal masks have $((${#mask} * 4)) bits"; fail=1; }
cat >"$tmp/reg.c" <<'C'
#include <stdio.h>
#include <sys/reg.h>
int main(void)
{
	printf("R_R15 %d\nR_RBP %d\nR_RBX %d\nR_RAX %d\nR_RCX %d\nR_RDX %d\nR_RSI %d\n"
	    "R_RDI %d\nR_ERR %d\nR_RIP %d\nR_CS %d\nR_RFL %d\nR_RSP %d\nR_SS %d\n"
	    "R_R8 %d\nR_R9 %d\nR_R10 %d\nR_R11 %d\nR_R12 %d\nR_R13 %d\nR_R14 %d\n",
	    R15, RBP, RBX, RAX, RCX, RDX, RSI, RDI, ORIG_RAX, RIP, CS, EFLAGS, RSP, SS,
	    R8, R9, R10, R11, R12, R13, R14);
	return 0;
}
C
cc -o "$tmp/reg" "$tmp/reg.c" && "$tmp/reg" >"$tmp/regs" || { echo "cannot build <sys/reg.h> program"; fail=1; }
for f in errno signal regs; do
	compare "$tmp/$f"
done
exit $fail
