#!/bin/bash
# print() of kernel types: the current task's pid and comm in BEGIN (the
# dtrace process), and the whole task_struct, which contains them with
# the kernel's own type names (pid_t: a kernel struct is printed from
# BTF; a member reached by & has the D type it was given, int).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$DTRACE" -qn 'BEGIN { print(&curthread->pid); print(&curthread->comm);
    printf("pid %d\n", pid); print(curthread); exit(0); }' >"$tmp/out" 2>"$tmp/err" ||
    { echo "exit status $?"; cat "$tmp/err"; exit 1; }
pid=$(sed -n 's/^pid //p' "$tmp/out")
sed -E 's/^0x[0-9a-f]+ = \*$/ADDR = */' "$tmp/out" >"$tmp/got"
sed -n '1,11p' "$tmp/got" >"$tmp/head"
cat >"$tmp/want" <<WEOF
ADDR = *
                                            (int)$pid
ADDR = *
                                            (char [16]) [
                                             (char)'d',
                                             (char)'t',
                                             (char)'r',
                                             (char)'a',
                                             (char)'c',
                                             (char)'e',
                                            ]
WEOF
diff -u "$tmp/want" "$tmp/head" || exit 1
fail=0
sed -n '13p' "$tmp/got" | grep -qx 'ADDR = \*' || fail=1
sed -n '14p' "$tmp/got" | grep -qx ' \{44\}(struct task_struct) {' || fail=1
grep -qx " \{45\}\.pid = (pid_t)$pid," "$tmp/got" || fail=1
grep -qx " \{45\}\.comm = (char \[16\]) \[" "$tmp/got" || fail=1
[ "$(tail -n 2 "$tmp/got" | head -n 1)" = "$(printf '%44s}' '')" ] || fail=1
[ $fail = 0 ] || { echo "task_struct:"; head -n 20 "$tmp/got"; tail -n 5 "$tmp/got"; }
exit $fail
