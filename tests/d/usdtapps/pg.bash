# Sourced by the PostgreSQL tests of the usdtapps area: $tmp, fail, and
# pg_start, which makes a throwaway cluster in $tmp (initdb refuses root:
# it runs as user postgres) and starts a server listening only on a Unix
# socket in $tmp, on a port of its own; the EXIT trap stops it and
# removes everything (and a dtrace or psql a failed test left running:
# $dpid, $psqlpid, $psqlpid2).  psql_run FILE runs an SQL file against it.
PG=/usr/lib/postgresql/15/bin
tmp=$(mktemp -d)
pg_cleanup() {
	local p
	for p in $dpid $psqlpid $psqlpid2; do
		kill "$p" 2>/dev/null && timeout -s KILL 30 tail --pid="$p" -f /dev/null
	done
	if [ -f "$tmp/data/postmaster.pid" ]; then
		runuser -u postgres -- "$PG/pg_ctl" -D "$tmp/data" -m immediate -w stop >/dev/null 2>&1
	fi
	rm -rf "$tmp"
}
trap pg_cleanup EXIT
fail() { echo "$1"; for f in "$tmp/out" "$tmp/err"; do [ -f "$f" ] && cat "$f"; done; exit 1; }
[ -x "$PG/postgres" ] || { echo "no PostgreSQL 15 (scripts/setup.sh): skipped"; exit 0; }
id postgres >/dev/null 2>&1 || { echo "no user postgres: skipped"; exit 0; }
chown postgres: "$tmp"
pgport=$((20000 + $$ % 20000))
pg_start() {
	runuser -u postgres -- "$PG/initdb" -A trust -U postgres -D "$tmp/data" >"$tmp/initdb.log" 2>&1 ||
		fail "initdb failed: $(tail -n 5 "$tmp/initdb.log")"
	runuser -u postgres -- "$PG/pg_ctl" -D "$tmp/data" -l "$tmp/server.log" -w \
		-o "-c listen_addresses='' -k $tmp -p $pgport -c fsync=off" start >/dev/null 2>&1 ||
		fail "the server did not start: $(tail -n 5 "$tmp/server.log")"
	pgpid=$(head -n 1 "$tmp/data/postmaster.pid")
}
psql_run() {
	# the file on standard input, opened here: postgres may not be able
	# to read it where it lies (a tree copied into a private directory)
	runuser -u postgres -- psql -X -q -h "$tmp" -p "$pgport" -U postgres -d postgres -f - <"$1" >/dev/null
}
# psql_open: a psql session reading from the fifo $tmp/sql (fd 3 here),
# connected (its backend forked, its pid in $bepid) once it returns;
# psql_close ends it.  psql_open 2 / psql_close 2: a second session, on
# $tmp/sql2 (fd 4), its pids in $psqlpid2 and $bepid2.
psql_open() {
	local s=${1:-} fd=$((${1:-1} + 2)) be=
	mkfifo "$tmp/sql$s"
	runuser -u postgres -- psql -X -q -h "$tmp" -p "$pgport" -U postgres -d postgres \
		<"$tmp/sql$s" >"$tmp/psql$s.out" 2>&1 &
	eval "psqlpid$s=\$!"
	eval "exec $fd>\"\$tmp/sql$s\""
	echo "\\pset tuples_only on" >&$fd
	echo "SELECT 'connected', pg_backend_pid();" >&$fd
	for ((i = 0; i < 600; i++)); do
		be=$(awk '/connected/ { print $3 }' "$tmp/psql$s.out")
		[ -n "$be" ] && { eval "bepid$s=$be"; return 0; }
		sleep 0.1
	done
	fail "psql did not connect: $(cat "$tmp/psql$s.out")"
}
psql_close() {
	local s=${1:-} fd=$((${1:-1} + 2)) pid
	eval "exec $fd>&-"
	eval "pid=\$psqlpid$s"
	wait "$pid" || fail "psql failed: $(cat "$tmp/psql$s.out")"
	eval "psqlpid$s="
}
# dtrace_start SCRIPT: dtrace -qn SCRIPT (plus a BEGIN clause printing
# ready) in the background, output in $tmp/out, pid in $dpid; returns once
# its probes are enabled.
dtrace_start() {
	"$DTRACE" -qn "$1 BEGIN { printf(\"ready\n\"); }" -o "$tmp/out" 2>"$tmp/err" &
	dpid=$!
	for ((i = 0; i < 600; i++)); do
		grep -q ready "$tmp/out" 2>/dev/null && return 0
		kill -0 $dpid 2>/dev/null || fail "dtrace exited"
		sleep 0.1
	done
	fail "dtrace did not start"
}
# dtrace_stop: SIGINT to dtrace, its aggregation as "KEY<tab>COUNT" lines,
# sorted, in $tmp/got
dtrace_stop() {
	kill -INT $dpid
	wait $dpid || fail "dtrace failed"
	dpid=
	sed -E 's/^ +//; s/ +([0-9]+)$/\t\1/' "$tmp/out" | grep -v '^ready$' | grep . | sort >"$tmp/got"
}
# want_queries: the expected counts of pg_queries.sql's statements
want_queries() {
	printf '%s\t%s\n' 'SELECT 1;' 3 'CREATE TABLE usdt_t (a int);' 1 \
		'INSERT INTO usdt_t VALUES (1);' 2 'SELECT count(*) FROM usdt_t;' 1 \
		'DROP TABLE usdt_t;' 1 | sort >"$tmp/want"
}
