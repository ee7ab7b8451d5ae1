# Python 3.11's function-entry, function-return and line probes (guarded
# by semaphores) with python$target over tests/d/progs/usdt_py.py: file
# (copyinstr(arg0)), function (copyinstr(arg1)) and line (arg2) of each
# firing in the script, counted; the counts are the interpreter's own
# (measured, see the script's comment).  Python 3.11 tests the
# function-entry/-return semaphores only on the tracing path of its
# interpreter loop, which the line semaphore (or sys.settrace) turns on:
# function-entry enabled without line never fires in a process already
# running; line is enabled here too.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail() { echo "$1"; cat "$tmp/out" "$tmp/err" 2>/dev/null; exit 1; }
PY=/usr/bin/python3.11
[ -x $PY ] || { echo "no $PY (scripts/setup.sh): skipped"; exit 0; }
cp "$TESTDIR/progs/usdt_py.py" "$tmp/usdt_py.py"
"$DTRACE" -qn '
python$target:::function-entry /copyinstr(arg0) == $$1/ { @[probename, copyinstr(arg1), arg2] = count(); }
python$target:::function-return /copyinstr(arg0) == $$1/ { @[probename, copyinstr(arg1), arg2] = count(); }
python$target:::line /copyinstr(arg0) == $$1/ { @[probename, copyinstr(arg1), arg2] = count(); }
END { printa("%s %s %d %@d\n", @); }' -c "$PY -S -E $tmp/usdt_py.py" "$tmp/usdt_py.py" \
	>"$tmp/out" 2>"$tmp/err" || fail "dtrace failed"
grep . "$tmp/out" | sort >"$tmp/got"
sort >"$tmp/want" <<'WEOF'
function-entry <module> 0 1
function-entry direct 12 5
function-entry from_c 16 7
function-entry gen 20 1
function-entry gen 22 3
function-entry main 25 1
function-return <module> 35 1
function-return direct 13 5
function-return from_c 17 7
function-return gen 21 1
function-return gen 22 3
function-return main 29 1
line <module> 12 1
line <module> 16 1
line <module> 20 1
line <module> 25 1
line <module> 33 1
line <module> 35 1
line <module> 9 1
line direct 13 5
line from_c 17 7
line gen 21 4
line gen 22 3
line main 26 6
line main 27 5
line main 28 1
line main 29 4
line main 30 3
WEOF
diff "$tmp/want" "$tmp/got" || fail "wrong counts"
