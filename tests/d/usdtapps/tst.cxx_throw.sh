# libstdc++'s exception probes: libstdcxx$target:::throw, rethrow and
# catch (-p) over tests/d/progs/usdt_throw.cc waiting on its stdin, which
# throws 6 exceptions, rethrows one and catches 7.  ($target rather than
# libstdcxx*: the glob takes in every process using libstdc++, and one
# that exits before its uprobes are in fails the whole enabling.)
tmp=$(mktemp -d)
cleanup() { [ -n "${wpid:-}" ] && kill -9 "$wpid" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
fail() { echo "$1"; cat "$tmp/out" "$tmp/err" 2>/dev/null; exit 1; }
command -v g++ >/dev/null || { echo "no g++ (scripts/setup.sh): skipped"; exit 0; }
g++ -O1 -o "$tmp/usdt_throw" "$TESTDIR/progs/usdt_throw.cc" || fail "cannot build usdt_throw"
mkfifo "$tmp/in"
"$tmp/usdt_throw" wait <"$tmp/in" >"$tmp/prog.out" &
wpid=$!
exec 3>"$tmp/in"
"$DTRACE" -p $wpid -qn 'libstdcxx$target:::throw,libstdcxx$target:::rethrow,libstdcxx$target:::catch { @[probename] = count(); }
    BEGIN { printf("ready\n"); }' -o "$tmp/out" 2>"$tmp/err" &
dpid=$!
for ((i = 0; i < 300; i++)); do
	grep -q ready "$tmp/out" 2>/dev/null && break
	kill -0 $dpid 2>/dev/null || fail "dtrace exited"
	sleep 0.1
done
echo go >&3
exec 3>&-
wait $wpid || fail "usdt_throw failed: $(cat "$tmp/prog.out")"
wpid=
wait $dpid || fail "dtrace failed"
sed -E 's/^ +//; s/ +/ /g' "$tmp/out" | grep -v '^ready$' | grep . | sort >"$tmp/got"
printf '%s\n' 'catch 7' 'rethrow 1' 'throw 6' >"$tmp/want"
diff "$tmp/want" "$tmp/got" || fail "wrong counts"
