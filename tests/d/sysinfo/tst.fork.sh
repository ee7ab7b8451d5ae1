#!/bin/bash
# sysfork counts fork() and clone()/clone3() calls that make a process
# (glibc's fork() is clone()), sysvfork vfork() and clone3() with
# CLONE_VFORK (posix_spawn()), and neither counts pthread_create()'s
# clone3(CLONE_THREAD); nthreads fires for every task made, the thread
# too.  Workload: info_load fork (2 forks, vfork, posix_spawn, a thread).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog info_load
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet
#pragma D option aggsortkey
sysinfo:::sysfork, sysinfo:::sysvfork, sysinfo:::nthreads
/pid == $target/
{
	@[probename] = sum(arg0);
}
SEOF
"$DTRACE" -s "$tmp/s.d" -c "$tmp/info_load fork" >"$tmp/out" 2>"$tmp/err" || {
	echo "dtrace failed"; cat "$tmp/err"; exit 1; }
cat >"$tmp/want" <<'WEOF'

  nthreads                                                          5
  sysfork                                                           2
  sysvfork                                                          2
WEOF
diff -u "$tmp/want" "$tmp/out"
