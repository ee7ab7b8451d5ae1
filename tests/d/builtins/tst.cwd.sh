#!/usr/bin/env bash
# cwd and root are the target's working and root directories as the
# system sees them (what readlink /proc/PID/cwd shows): across mount
# points (proc, sysfs + tracefs, a tmpfs mounted here in a private mount
# namespace), "/" itself, a removed directory (" (deleted)"), a chroot
# (both paths from the real root), paths longer than strsize (their
# beginning, as DTrace truncates strings), deeper than the walk's limit
# and a task past exit_fs() ("<unknown>").
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog chdir
real=$(cd "$tmp" && pwd -P)
fail=0

# dtrace [options] -c "chdir ARGS": the target's cwd|root at its getppid()
run() {
	local opts=$1; shift
	"$DTRACE" $opts -qn 'syscall::getppid:entry /pid == $target/ {
		printf("%s|%s\n", cwd, root); }' -c "$*" 2>"$tmp/err" | head -n 1
}
check() {
	local want=$1 opts=$2; shift 2
	local got; got=$(run "$opts" "$@")
	if [ "$got" != "$want" ]; then
		echo "$*: expected '$want', got '$got' $(cat "$tmp/err")"
		fail=1
	fi
}

mkdir -p "$tmp/a/b/c"
check "$real/a/b/c|/" "" "$tmp/chdir" "$tmp/a/b/c"
check "/|/" "" "$tmp/chdir" /
check "/proc/sys/kernel|/" "" "$tmp/chdir" /proc/sys/kernel
[ -d /sys/kernel/tracing/events ] &&
	check "/sys/kernel/tracing/events|/" "" "$tmp/chdir" /sys/kernel/tracing/events

# the root of a mount and a directory in it
mkdir "$tmp/m"
got=$(unshare -m --propagation private bash -c '
	mount -t tmpfs dt_cwd "$1/m" && mkdir "$1/m/sub" || exit 1
	for d in "$1/m" "$1/m/sub"; do
		"$DTRACE" -qn "syscall::getppid:entry /pid == \$target/ {
			printf(\"%s|%s\n\", cwd, root); }" -c "$1/chdir $d" | head -n 1
	done' - "$tmp")
want="$real/m|/
$real/m/sub|/"
[ "$got" = "$want" ] || { echo "tmpfs: expected '$want', got '$got'"; fail=1; }

mkdir "$tmp/gone"
check "$real/gone (deleted)|/" "" "$tmp/chdir" "$tmp/gone" rmdir

mkdir -p "$tmp/jail/d"
cp "$tmp/chdir" "$tmp/jail/"
check "$real/jail/d|$real/jail" "" chroot "$tmp/jail" /chdir /d

# longer than strsize: the path's beginning; deeper than the walk goes: unknown
mkdir "$tmp/deep" "$tmp/deeper"
long="$real/deep$(printf '/d%.0s' $(seq 200))"
check "${long:0:256}|/" "" "$tmp/chdir" "$tmp/deep" deep 200
check "${real:0:12}|/" "-x strsize=12" "$tmp/chdir" "$tmp/a/b/c"
mkdir "$tmp/gone2"
p="$real/gone2 (deleted)"
check "${p:0:$((${#p} - 4))}|/" "-x strsize=$((${#p} - 4))" "$tmp/chdir" "$tmp/gone2" rmdir
check "<unknown>|/" "" "$tmp/chdir" "$tmp/deeper" deep 4100

# after exit_fs(): the SIGCHLD the exiting target sends
got=$("$DTRACE" -qn 'sdt:signal::signal_generate /pid == $target && arg0 == 17/ {
	printf("%s|%s\n", cwd, root); }' -c "$tmp/chdir /" 2>&1 | head -n 1)
[ "$got" = "<unknown>|<unknown>" ] || { echo "exiting: got '$got'"; fail=1; }
exit $fail
