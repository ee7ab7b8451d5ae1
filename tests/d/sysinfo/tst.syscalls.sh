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
diff -u "$tmp/want" "$tmp/out" || exit 1

# clauses that never touch the probe's frame get a lean program (no
# argument copy): the provider's test still picks the hits out
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet
sysinfo:::sysread /pid == $target/ { r++; }
sysinfo:::sysexec /pid == $target/ { e++; }
END { printf("%d %d\n", r, e); }
SEOF
"$DTRACE" -S -s "$tmp/s.d" -c "$tmp/info_load io" >"$tmp/out" 2>"$tmp/err" || {
	echo "dtrace failed"; cat "$tmp/err"; exit 1; }
grep -qx "2 2" "$tmp/out" || { echo "lean:"; cat "$tmp/out"; exit 1; }
# (and they are lean: no scratch lookup in sysread's program)
sed -n '/^Disassembly of sysinfo:vmlinux::sysread/,/^$/p' "$tmp/out" "$tmp/err" | grep -q dt_scratch &&
    { echo "sysread's program is not lean"; exit 1; }
exit 0
