# Sourced by the PostgreSQL tests of the usdtapps area: $tmp, fail, and
# pg_start, which makes a throwaway cluster in $tmp (initdb refuses root:
# it runs as user postgres) and starts a server listening only on a Unix
# socket in $tmp, on a port of its own; the EXIT trap stops it and
# removes everything.  psql_run FILE runs an SQL file against it.
PG=/usr/lib/postgresql/15/bin
tmp=$(mktemp -d)
pg_cleanup() {
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
	runuser -u postgres -- psql -X -q -h "$tmp" -p "$pgport" -U postgres -d postgres -f "$1" >/dev/null
}
