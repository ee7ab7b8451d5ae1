# Sourced by the process-control tests: $tmp, and build_pctl, which
# builds tests/d/progs/pctl_prog.c into $tmp: pctl_prog (PIE, linked
# with $tmp/libpctl_lib.so), and with an argument also pctl_nopie,
# pctl_stripped and pctl_static.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
build_pctl() {
	cc -O0 -fPIC -shared -o "$tmp/libpctl_lib.so" "$TESTDIR/progs/pctl_lib.c" &&
	cc -O0 -o "$tmp/pctl_prog" "$TESTDIR/progs/pctl_prog.c" -L"$tmp" -lpctl_lib \
		-Wl,-rpath,"$tmp" || { echo "cannot build pctl_prog"; exit 1; }
	[ -z "$1" ] && return 0
	cc -O0 -no-pie -fno-pie -o "$tmp/pctl_nopie" "$TESTDIR/progs/pctl_prog.c" -L"$tmp" \
		-lpctl_lib -Wl,-rpath,"$tmp" &&
	cc -O0 -s -o "$tmp/pctl_stripped" "$TESTDIR/progs/pctl_prog.c" -L"$tmp" -lpctl_lib \
		-Wl,-rpath,"$tmp" &&
	cc -O0 -static -DNOLIB -o "$tmp/pctl_static" "$TESTDIR/progs/pctl_prog.c" ||
		{ echo "cannot build the pctl_prog variants"; exit 1; }
}
# the sizes of the target's writes to fd 1 as the script saw them, one line
W='syscall::write:entry /pid == $target && arg0 == 1/ { printf("%d ", arg2); }'
