#!/bin/bash
# dtrace -lv lists each proc probe the Guide defines that Linux can
# provide, with the Guide's argument types (probe IDs left out: they move
# as providers are added).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$DTRACE" -lv -P proc >"$tmp/l" 2>"$tmp/err" || { echo "dtrace -lv failed"; cat "$tmp/err"; exit 1; }
awk '$2 == "proc" && $3 == "vmlinux" { print $4; next }
    /^\t\targs\[/ { print "\t" $0 }' "$tmp/l" >"$tmp/out"
cat >"$tmp/want" <<'WEOF'
create
			args[0]: psinfo_t *
exec
			args[0]: string
exec-failure
			args[0]: int
exec-success
exit
			args[0]: int
lwp-create
			args[0]: lwpsinfo_t *
			args[1]: psinfo_t *
lwp-exit
start
lwp-start
signal-clear
			args[0]: int
signal-send
			args[0]: lwpsinfo_t *
			args[1]: psinfo_t *
			args[2]: int
signal-discard
			args[0]: lwpsinfo_t *
			args[1]: psinfo_t *
			args[2]: int
signal-handle
			args[0]: int
			args[1]: siginfo_t *
			args[2]: void (*)(void)
WEOF
diff -u "$tmp/want" "$tmp/out" || exit 1
exit 0
