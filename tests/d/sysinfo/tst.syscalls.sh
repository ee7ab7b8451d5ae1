#!/bin/bash
# sysinfo probes from system calls (raw sys_enter/sys_exit filtered by
# call number): readch/writech fire once per call that moved bytes with
# arg0 the bytes (a 0-byte write is not counted), sysread/syswrite once
# per call, sysexec once per execve() even when it fails, msg for msgsnd
# and msgrcv, sema for semop.  The workload (info_load io) does each a
# known number of times.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog info_load
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet
#pragma D option aggsortkey
sysinfo:::readch, sysinfo:::writech
/pid == $target/
{
	printf("%s %d\n", probename, arg0);
}

sysinfo:::sysread, sysinfo:::syswrite, sysinfo:::sysexec, sysinfo:::msg,
sysinfo:::sema
/pid == $target/
{
	@[probename] = sum(arg0);
}
SEOF
"$DTRACE" -s "$tmp/s.d" -c "$tmp/info_load io" >"$tmp/out" 2>"$tmp/err" || {
	echo "dtrace failed"; cat "$tmp/err"; exit 1; }
cat >"$tmp/want" <<'WEOF'
writech 1000
readch 600
readch 400

  msg                                                               2
  sema                                                              1
  sysexec                                                           2
  sysread                                                           2
  syswrite                                                          2
WEOF
diff -u "$tmp/want" "$tmp/out"
