# A PostgreSQL backend forked after dtrace started gets probes of its own
# (as DTrace makes a forked child's USDT probes): under
# postgresql*:::query-start its firings come to carry a probe ID other
# than the one the backends found at start fire with (theirs go through
# the first process's probe, attached to the server's executable for any
# process).  Its first firings, before its own probes are loaded, may
# carry that ID too: the test sends queries until the ID changes.
. "$TESTDIR/usdtapps/pg.bash"
pg_start
psql_open
dtrace_start 'postgresql*:::query-start { printf("%d %d %s\n", id, pid, copyinstr(arg0)); }'
# idof PID [NOTID]: the ID of a firing in PID (other than NOTID) in $id
idof() {
	id=$(awk -v p="$1" -v n="$2" '$2 == p && $1 != n { print $1; exit }' "$tmp/out")
	[ -n "$id" ]
}
echo "SELECT 'before';" >&3
for ((i = 0; i < 300; i++)); do
	idof $bepid && break
	sleep 0.1
done
idof $bepid || fail "no query-start in the backend found at start ($bepid)"
old=$id
psql_open 2
be2=$bepid2
for ((i = 0; i < 150; i++)); do
	idof $be2 $old && break
	echo "SELECT 'after';" >&4
	sleep 0.2
done
idof $be2 $old || fail "the backend forked later ($be2) fires only with probe ID $old"
psql_close 2
dtrace_stop
psql_close
exit 0
