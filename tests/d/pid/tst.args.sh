#!/bin/bash
# Entry arguments (six in registers, two on the stack), return values
# (arg1) and the offsets of the returning instructions (arg0: pid_sign's
# two rets), probemod and probefunc, in a PIE and a non-PIE build of
# pid_funcs.c started with -c.
. "$TESTDIR/pid/common.bash"
for pie in pie -no-pie; do
	flags=; [ $pie = -no-pie ] && flags=-no-pie
	build_pid "p$pie" $flags
	$DTRACE -qn '
	pid$target:a.out:pid_add:entry { printf("add %d %d %d %s %s\n", arg0, arg1, arg2, probemod, probefunc); }
	pid$target:a.out:pid_add:return { printf("add= %d %s\n", arg1, probename); }
	pid$target:a.out:pid_eight:entry { printf("eight %d %d %d %d %d %d %d %d\n", arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7); }
	pid$target:a.out:pid_eight:entry { printf("args %d %d\n", args[0], args[7]); }
	pid$target:a.out:pid_sign:entry { printf("sign %d\n", (long)arg0); }
	pid$target:a.out:pid_sign:return { printf("sign= %d at %x\n", (long)arg1, arg0); }' \
	    -c "$tmp/p$pie 2" >"$tmp/out" 2>"$tmp/err" || fail "dtrace failed ($pie)"
	rets=($(ret_offsets "$tmp/p$pie" pid_sign))
	[ ${#rets[@]} = 2 ] || fail "objdump: pid_sign's rets: ${rets[*]}"
	grep -v '^pid$' "$tmp/out" >"$tmp/got"
	cat >"$tmp/want" <<-EOT
	add 0 10 100 a.out pid_add
	add= 110 return
	eight 1 2 3 4 5 6 7 8
	args 1 8
	sign -5
	sign= -1 at ${rets[1]}
	sign 7
	sign= 1 at ${rets[0]}
	add 1 10 100 a.out pid_add
	add= 111 return
	eight 1 2 3 4 5 6 7 8
	args 1 8
	sign -5
	sign= -1 at ${rets[1]}
	sign 7
	sign= 1 at ${rets[0]}

	EOT
	diff -u "$tmp/want" "$tmp/got" || fail "output ($pie)"
done
exit 0
