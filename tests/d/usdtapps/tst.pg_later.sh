# PostgreSQL's query-start probe in a backend forked after dtrace
# started: postgresql*:::query-start (a glob over the running processes,
# the postmaster among them) while psql connects (the postmaster forks
# its backend) and runs pg_queries.sql; as in DTrace, a child of a
# traced process has its parent's probes, so every query and its count
# must come out exactly.
. "$TESTDIR/usdtapps/pg.bash"
pg_start
dtrace_start 'postgresql*:::query-start { @[copyinstr(arg0)] = count(); }'
psql_run "$TESTDIR/usdtapps/pg_queries.sql" || { kill -INT $dpid; fail "psql failed"; }
dtrace_stop
want_queries
diff "$tmp/want" "$tmp/got" || fail "wrong query counts"
