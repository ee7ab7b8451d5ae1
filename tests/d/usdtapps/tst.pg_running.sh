# PostgreSQL's probes in a backend running before dtrace starts: a psql
# session is connected first, then postgresql*:::query-start (a glob over
# the running processes) counts each statement of pg_queries.sql it sends,
# copyinstr(arg0) being its text, and transaction-commit counts the
# commits of its backend (one per statement: each runs in a transaction
# of its own; other processes' commits, autovacuum's, are left out);
# every query and count must come out exactly.
. "$TESTDIR/usdtapps/pg.bash"
pg_start
psql_open
dtrace_start 'postgresql*:::query-start { @[copyinstr(arg0)] = count(); }
    postgresql*:::transaction-commit /pid == '"$bepid"'/ { @["commit"] = count(); }'
cat "$TESTDIR/usdtapps/pg_queries.sql" >&3
echo "SELECT 'done';" >&3
for ((i = 0; i < 600; i++)); do
	grep -q done "$tmp/psql.out" && break
	sleep 0.1
done
dtrace_stop
psql_close
want_queries
printf '%s\t%s\n' "SELECT 'done';" 1 commit 9 >>"$tmp/want"
sort -o "$tmp/want" "$tmp/want"
diff "$tmp/want" "$tmp/got" || fail "wrong query counts"
