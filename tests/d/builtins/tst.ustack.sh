#!/bin/bash
# uregs[], ucaller and ustackdepth at a system call of a known program:
# uregs[R_PC] is in inner() (the syscall instruction), ucaller in main()
# (inner's caller, found through the frame pointer), the saved registers
# are the ones the kernel saved at syscall entry (orig_ax = the syscall
# number in R_ERR, -ENOSYS in R_RAX), and a variable index reads the same
# register as the constant.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog ucall
"$DTRACE" -qn 'syscall::getppid:entry /pid == $target/ {
	i = R_PC;
	printf("%x %x %d %d %d %d %d\n", uregs[R_PC], ucaller, ustackdepth,
	    uregs[R_ERR], (int64_t)uregs[R_RAX], uregs[i] == uregs[R_RIP],
	    uregs[R_SP] == uregs[R_RSP] && uregs[R_SP] > 0);
}' -c "$tmp/ucall" >"$tmp/out" 2>"$tmp/err" || { echo "dtrace failed: $(cat "$tmp/err")"; exit 1; }
read -r pc ucaller depth err rax same sp <"$tmp/out"
# [start, end) of a function of ucall
range() { nm -S "$tmp/ucall" | awk -v f="$1" '$4 == f { print $1, $2 }'; }
inside() {	# hexaddr function
	local r; r=$(range "$2")
	set -- "$1" $r
	[ -n "$2" ] && (( 0x$1 >= 0x$2 && 0x$1 < 0x$2 + 0x$3 ))
}
fail=0
inside "$pc" inner || { echo "uregs[R_PC] $pc is not in inner ($(range inner))"; fail=1; }
inside "$ucaller" main || { echo "ucaller $ucaller is not in main ($(range main))"; fail=1; }
[ "$depth" -ge 2 ] || { echo "ustackdepth $depth, expected at least 2"; fail=1; }
[ "$err" = 110 ] || { echo "uregs[R_ERR] $err, expected 110 (getppid)"; fail=1; }
[ "$rax" = -38 ] || { echo "uregs[R_RAX] $rax, expected -38 (-ENOSYS)"; fail=1; }
[ "$same" = 1 ] || { echo "uregs[i] differs from uregs[R_RIP]"; fail=1; }
[ "$sp" = 1 ] || { echo "R_SP/R_RSP wrong"; fail=1; }
exit $fail
