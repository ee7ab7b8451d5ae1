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
mkfifo "$tmp/sql2"
runuser -u postgres -- psql -X -q -h "$tmp" -p "$pgport" -U postgres -d postgres \
	<"$tmp/sql2" >"$tmp/psql2.out" 2>&1 &
psql2=$!
exec 4>"$tmp/sql2"
echo "\\pset tuples_only on" >&4
echo "SELECT 'later', pg_backend_pid();" >&4
for ((i = 0; i < 300; i++)); do
	be2=$(awk '/later/ { print $3 }' "$tmp/psql2.out")
	[ -n "$be2" ] && break
	sleep 0.1
done
[ -n "$be2" ] || fail "the second psql did not connect: $(cat "$tmp/psql2.out")"
for ((i = 0; i < 150; i++)); do
	idof $be2 $old && break
	echo "SELECT 'after';" >&4
	sleep 0.2
done
idof $be2 $old || fail "the backend forked later ($be2) fires only with probe ID $old"
exec 4>&-
wait $psql2 || fail "the second psql failed"
psql2=
dtrace_stop
psql_close
exit 0
