#!/bin/bash
# -F indents the probe column by call depth: "=> func" for syscall entries
# (two more columns after each), "<= func" for returns (two fewer, before
# printing), "| func:name" for other probes, under a "CPU FUNCTION"
# heading.  The workload calls getppid three times, then lseek, newfstatat
# and statx once each; only getppid's entries and the others' returns are
# traced, so the depth goes 0, 2, 4 and back down (a return lines up
# with its entry).  #pragma D option
# flowindent does the same as -F.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog sysload
cat >"$tmp/f.d" <<'DEOF'
BEGIN
{
}

syscall::getppid:entry,
syscall::lseek:return,
syscall::newfstatat:return,
syscall::statx:return
/pid == $target/
{
}

END
{
}
DEOF
cat >"$tmp/want" <<'WEOF'
CPU FUNCTION                                 
  0 | :BEGIN                                  
  0  => getppid                               
  0    => getppid                             
  0      => getppid                           
  0      <= lseek                             
  0    <= newfstatat                          
  0  <= statx                                 
  0 | :END                                    

WEOF
fail=0
taskset -c 0 "$DTRACE" -F -s "$tmp/f.d" -c "$tmp/sysload 3" >"$tmp/out" 2>"$tmp/err" ||
    { echo "-F: exit status $?"; cat "$tmp/err"; fail=1; }
diff -u "$tmp/want" "$tmp/out" || fail=1
(echo '#pragma D option flowindent'; cat "$tmp/f.d") >"$tmp/p.d"
taskset -c 0 "$DTRACE" -s "$tmp/p.d" -c "$tmp/sysload 3" >"$tmp/out" 2>"$tmp/err" ||
    { echo "pragma: exit status $?"; cat "$tmp/err"; fail=1; }
diff -u "$tmp/want" "$tmp/out" || fail=1
exit $fail
