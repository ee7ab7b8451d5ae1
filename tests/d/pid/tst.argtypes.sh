#!/bin/bash
# args[] typed from the function's DWARF (a -g build; libc's from
# libc6-dbg's debug file): -lv shows the C types, args[] has the D
# integer type (pid_narrow(int -3, unsigned char 200): args[0] is -3
# where arg0, the raw register, is 4294967293), a return probe's args[1]
# the function's return type; without DWARF (pid_sign is assembly)
# uint64_t.
. "$TESTDIR/pid/common.bash"
build_pid p -g
"$DTRACE" -lv -n 'pid$target:a.out:pid_narrow:entry, pid$target:a.out:pid_add:return,
    pid$target:a.out:pid_sign:entry' -c "$tmp/p" >"$tmp/out" 2>"$tmp/err" || fail "-lv"
got=$(awk '/args\[/ { printf "%s %s %s,", $1, $2, $3 }' "$tmp/out")
want="args[0]: int ,args[1]: unsigned char,args[0]: uint64_t ,args[1]: long int,"
want+="args[0]: uint64_t ,args[1]: uint64_t ,args[2]: uint64_t ,args[3]: uint64_t ,args[4]: uint64_t ,args[5]: uint64_t ,args[6]: uint64_t ,args[7]: uint64_t ,args[8]: uint64_t ,args[9]: uint64_t ,"
[ "$got" = "$want" ] || fail "types: $got"
"$DTRACE" -qn 'pid$target:a.out:pid_narrow:entry { printf("%d %d %d\n", args[0], args[1], arg0); }
    pid$target:a.out:pid_add:return { printf("%d\n", args[1]); }' -c "$tmp/p 1" >"$tmp/out" 2>"$tmp/err" ||
	fail "dtrace failed"
[ "$(grep -v '^pid$' "$tmp/out" | tr '\n' ' ')" = "110 -3 200 4294967293  " ] || fail "values"
# a pid_narrow(int) argument used where an int is expected compiles
"$DTRACE" -qn 'pid$target:a.out:pid_narrow:entry /args[0] < 0/ { @[args[0]] = count(); }' \
    -c "$tmp/p 2" >"$tmp/out" 2>"$tmp/err" || fail "aggregation"
grep -q '^ *-3  *2$' "$tmp/out" || fail "aggregation key"
exit 0
