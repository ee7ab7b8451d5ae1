# PostgreSQL's query-start probe over a server started before dtrace:
# postgresql*:::query-start (a glob over the running processes) counts
# each statement psql sends, copyinstr(arg0) being its text; every query
# of pg_queries.sql and its count must come out exactly.
. "$TESTDIR/usdtapps/pg.bash"
pg_start
"$DTRACE" -qn 'postgresql*:::query-start { @[copyinstr(arg0)] = count(); }
    BEGIN { printf("ready\n"); }' -o "$tmp/out" 2>"$tmp/err" &
dpid=$!
for ((i = 0; i < 300; i++)); do
	grep -q ready "$tmp/out" 2>/dev/null && break
	kill -0 $dpid 2>/dev/null || fail "dtrace exited"
	sleep 0.1
done
psql_run "$TESTDIR/usdtapps/pg_queries.sql" || { kill -INT $dpid; fail "psql failed"; }
kill -INT $dpid
wait $dpid || fail "dtrace failed"
sed -E 's/^ +//; s/ +([0-9]+)$/\t\1/' "$tmp/out" | grep -v '^ready$' | grep . | sort >"$tmp/got"
printf '%s\t%s\n' 'SELECT 1;' 3 'CREATE TABLE usdt_t (a int);' 1 \
	'INSERT INTO usdt_t VALUES (1);' 2 'SELECT count(*) FROM usdt_t;' 1 \
	'DROP TABLE usdt_t;' 1 | sort >"$tmp/want"
diff "$tmp/want" "$tmp/got" || fail "wrong query counts"
