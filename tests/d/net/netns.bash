# Sourced by the net tests: a network namespace of the test's own
# (removed on exit) and peer MODE FAMILY PORT, which runs
# progs/net_peer.py in it.  Probes fire in every namespace, so the
# tests filter by their ports (or by the namespace's inode number).
command -v ip >/dev/null || { echo "ip (iproute2) is missing"; exit 1; }
ns=dtnet_$$
ip netns add "$ns" || exit 1
trap 'ip netns del "$ns" 2>/dev/null' EXIT
nsino=$(ip netns exec "$ns" stat -L -c %i /proc/self/ns/net)
# pinned to one CPU: its packets are then handled on that CPU too (the
# loopback's receive backlog is the sending CPU's), so the per-CPU
# buffers hold every event, in order, in one buffer
peer() { echo "taskset -c 0 ip netns exec $ns python3 $TESTDIR/progs/net_peer.py $*"; }
# compare: NAME EXPECTED GOT
compare() {
	[ "$2" = "$3" ] && return 0
	echo "$1: expected:"; printf '%s\n' "$2"; echo "got:"; printf '%s\n' "$3"
	return 1
}
