#!/bin/bash
# -lv adds, after each probe line, its stability attributes and its
# arguments' types as the tracepoint format declares them.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
hdr() { printf '%5s %10s %17s %33s %s\n' ID PROVIDER MODULE FUNCTION NAME; }
attrs() {	# probe attributes: identifier names, data semantics, dependency class
	printf '\n\tProbe Description Attributes\n'
	printf '\t\tIdentifier Names: %s\n\t\tData Semantics:   %s\n\t\tDependency Class: %s\n' "$1" "$2" "$3"
	printf '\n\tArgument Attributes\n'
	printf '\t\tIdentifier Names: %s\n\t\tData Semantics:   %s\n\t\tDependency Class: %s\n' "$4" "$5" "$6"
	printf '\n\tArgument Types\n'
}
check() {	# name want-file args...
	local name=$1 want=$2; shift 2
	"$DTRACE" "$@" >"$tmp/out" 2>"$tmp/err"
	local rc=$?
	[ $rc = 0 ] || { echo "$name: exit status $rc"; fail=1; }
	[ -s "$tmp/err" ] && { echo "$name: stderr: $(cat "$tmp/err")"; fail=1; }
	# probe ids are checked elsewhere: take them from the output
	awk 'NR > 1 && /^ *[0-9]+ / { print $1 }' "$tmp/out" >"$tmp/ids"
	local i=0 id
	while read -r id; do
		i=$((i + 1))
		sed -i "s/^ *ID$i /$(printf '%5d' "$id") /" "$want"
	done <"$tmp/ids"
	diff -u "$want" "$tmp/out" >"$tmp/diff" || { echo "$name:"; cat "$tmp/diff"; fail=1; }
}
row() {	# n provider module function name
	printf '%5s %10s %17s %33s %s\n' "ID$1" "$2" "$3" "$4" "$5"
}

{
	hdr; row 1 syscall vmlinux openat entry
	attrs Private Private Unknown Private Private ISA
	printf '\t\targs[0]: int\n\t\targs[1]: const char *\n\t\targs[2]: int\n\t\targs[3]: umode_t\n\n'
} >"$tmp/w1"
check "-lv -n syscall::openat:entry" "$tmp/w1" -lv -n syscall::openat:entry

{
	hdr; row 1 syscall vmlinux openat return
	attrs Private Private Unknown Private Private ISA
	printf '\t\targs[0]: long\n\n'
} >"$tmp/w2"
check "-lv -n syscall::openat:return" "$tmp/w2" -lv -n syscall::openat:return

{
	hdr; row 1 syscall vmlinux lseek entry
	attrs Private Private Unknown Private Private ISA
	printf '\t\targs[0]: unsigned int\n\t\targs[1]: off_t\n\t\targs[2]: unsigned int\n\n'
} >"$tmp/w3"
check "-l -v -n syscall::lseek:entry" "$tmp/w3" -l -v -n syscall::lseek:entry

# "unsigned" is unsigned int; a kernel structure keeps its name
{
	hdr; row 1 syscall vmlinux statx entry
	attrs Private Private Unknown Private Private ISA
	printf '\t\targs[0]: int\n\t\targs[1]: const char *\n\t\targs[2]: unsigned int\n'
	printf '\t\targs[3]: unsigned int\n\t\targs[4]: struct statx *\n\n'
} >"$tmp/w7"
check "-lv -n syscall::statx:entry" "$tmp/w7" -lv -n syscall::statx:entry

# no arguments
{
	hdr; row 1 syscall vmlinux getppid entry
	attrs Private Private Unknown Private Private ISA
	printf '\t\tNone\n\n'
} >"$tmp/w4"
check "-lv -n syscall::getppid:entry" "$tmp/w4" -lv -n syscall::getppid:entry

# the dtrace provider
{
	hdr; row 1 dtrace "" "" BEGIN
	attrs Stable Stable Common Stable Stable Common
	printf '\t\tNone\n\n'
} >"$tmp/w5"
check "-lv -n BEGIN" "$tmp/w5" -lv -n BEGIN

# sdt: the attributes (the types of its char[16] field aside)
"$DTRACE" -lv -n sdt:signal::signal_generate >"$tmp/out" 2>"$tmp/err" ||
    { echo "-lv -n sdt:signal::signal_generate: exit status $?"; fail=1; }
{ attrs Private Private Unknown Private Private ISA; } >"$tmp/w6"
sed -n '2,/Argument Types/p' "$tmp/out" | tail -n +2 | diff -u "$tmp/w6" - || fail=1
grep -q '^		args\[4\]: pid_t$' "$tmp/out" || { echo "signal_generate args[4]:"; cat "$tmp/out"; fail=1; }
grep -q '^		args\[6\]: int$' "$tmp/out" || { echo "signal_generate args[6]:"; cat "$tmp/out"; fail=1; }
[ "$(grep -c 'args\[' "$tmp/out")" = 7 ] || { echo "signal_generate: not 7 args"; fail=1; }
exit $fail
