#!/bin/bash
# The two ways syscall probes attach (lib/prov/syscall.c) give the same
# output: each probe on its own syscalls:sys_*_NAME tracepoint (few probes
# enabled, DTRACE_SYSCALL_TPMAX large) and every probe behind the raw
# sys_enter/sys_exit dispatcher (DTRACE_SYSCALL_TPMAX=0).  One script
# covers entry and return, argN and args[], errno, probefunc and probename,
# predicates on both, several clauses on one probe and -Z; its output must
# match the expected text under both paths.  stack(), stackdepth and caller
# must give the same frames on both.  Then bpftool shows which path
# a running dtrace took: perf tracepoint events for few probes, a raw
# tracepoint link for the dispatcher.
tmp=$(mktemp -d)
dpid=
cleanup() { [ -n "$dpid" ] && kill -9 "$dpid" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
. "$TESTDIR/progs/build.bash"
build_prog sysload
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet

syscall::write:entry,
syscall::lseek:entry
/pid == $target/
{
	printf("%s:%s %d %d %d %d %d %d | %d\n", probefunc, probename, arg0,
	    arg1 != 0, arg2, arg3, arg4, arg5, args[0]);
}

syscall::write:return,
syscall::lseek:return
/pid == $target/
{
	printf("%s:%s %d %d %d errno %d\n", probefunc, probename, arg0, arg1,
	    arg2, errno);
}

syscall::openat:entry
/pid == $target && args[0] == -100/
{
	self->path = copyinstr(arg1);
}

syscall::openat:return
/self->path == "/nonexistent"/
{
	printf("openat %s %d errno %d\n", self->path, arg0, errno);
}

syscall::openat:return
/self->path != ""/
{
	self->path = 0;
	n++;
}

syscall::getppid:entry
/pid == $target/
{
	g++;
}

syscall::nosuchcall:entry
{
	printf("never\n");
}

END
{
	printf("getppid %d openat %d\n", g, n);
}
SEOF
cat >"$tmp/want" <<'WEOF'
write:entry 42 1 7 0 0 0 | 42
write:return 7 7 0 errno 0
openat /nonexistent -2 errno 2
lseek:entry 43 1 0 0 0 0 | 43
lseek:return 1234 1234 0 errno 0
getppid 5 openat 3

WEOF
for max in 1000 0; do
	DTRACE_SYSCALL_TPMAX=$max taskset -c 0 "$DTRACE" -Z -s "$tmp/s.d" \
	    -c "$tmp/sysload 5" >"$tmp/out.$max" 2>"$tmp/err.$max"
	rc=$?
	[ $rc = 0 ] || { echo "TPMAX=$max: exit status $rc"; cat "$tmp/err.$max"; exit 1; }
	diff -u "$tmp/want" "$tmp/out.$max" || { echo "TPMAX=$max differs"; exit 1; }
done

# the kernel stack starts at the same function on both paths
cat >"$tmp/k.d" <<'SEOF'
#pragma D option quiet
syscall::getppid:entry, syscall::getppid:return
/pid == $target/
{
	printf("%s %d %a\n", probename, stackdepth, caller);
	stack();
}
SEOF
for max in 1000 0; do
	DTRACE_SYSCALL_TPMAX=$max taskset -c 0 "$DTRACE" -s "$tmp/k.d" \
	    -c "$tmp/sysload 1" >"$tmp/k.$max" 2>"$tmp/err.$max" ||
	    { echo "TPMAX=$max: stacks failed"; cat "$tmp/err.$max"; exit 1; }
done
grep -q '^entry [1-9]' "$tmp/k.0" || { echo "no entry stack"; cat "$tmp/k.0"; exit 1; }
diff -u "$tmp/k.0" "$tmp/k.1000" || { echo "stacks differ between the paths"; exit 1; }

# which path: bpftool lists the perf events and links of a running dtrace
command -v bpftool >/dev/null || { echo "bpftool missing"; exit 1; }
check() {
	local max=$1 want=$2 out
	DTRACE_SYSCALL_TPMAX=$max "$DTRACE" -qn 'BEGIN { printf("ready\n"); }
	    syscall::lseek:entry, syscall::lseek:return { n++; }' \
	    -o "$tmp/ready.$max" 2>"$tmp/aerr" &
	dpid=$!
	local deadline=$((SECONDS + 60)) line=
	while [ $SECONDS -lt $deadline ]; do
		[ -f "$tmp/ready.$max" ] && read -r line <"$tmp/ready.$max"
		[ "$line" = ready ] && break
		kill -0 "$dpid" 2>/dev/null || { cat "$tmp/aerr"; return 1; }
		sleep 0.2
	done
	[ "$line" = ready ] || { echo "TPMAX=$max: dtrace not ready"; return 1; }
	bpftool -j perf show >"$tmp/perf"
	bpftool -j link show >"$tmp/link"
	out=$(python3 - "$tmp/perf" "$tmp/link" "$dpid" <<'PEOF'
import json, os, sys
perf = json.load(open(sys.argv[1]) ) or []
links = json.load(open(sys.argv[2])) or []
pid = int(sys.argv[3])
# the BPF links dtrace holds, by id, from its fdinfo
held = set()
for fd in os.listdir(f"/proc/{pid}/fdinfo"):
    try:
        for l in open(f"/proc/{pid}/fdinfo/{fd}"):
            if l.startswith("link_id:"):
                held.add(int(l.split()[1]))
    except OSError:
        pass
tps = sorted(p.get("tracepoint", "") for p in perf
             if p.get("pid") == pid and p.get("fd_type") == "tracepoint")
raw = sorted(l.get("tp_name", "") for l in links
             if l.get("id") in held and l.get("type") == "raw_tracepoint")
print("tracepoints", " ".join(tps) or "-", "raw", " ".join(raw) or "-")
PEOF
)
	kill -9 "$dpid"; wait "$dpid" 2>/dev/null; dpid=
	[ "$out" = "$want" ] || { echo "TPMAX=$max: got '$out', want '$want'"; return 1; }
}
check 1000 "tracepoints sys_enter_lseek sys_exit_lseek raw -" || exit 1
check 0 "tracepoints - raw sys_enter sys_exit" || exit 1
exit 0
