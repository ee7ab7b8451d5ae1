#!/bin/bash
# Without quiet mode dtrace prints one "matched" notice per -n/-s argument
# on stderr; a -n description is named up to its first '{', '/' or ';'.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
"$DTRACE" -n 'BEGIN{exit(0)}' -n 'BEGIN,END /1/ {x = 1}' -n 'tick-1s/1/{}' \
    >"$tmp/out" 2>"$tmp/err"
rc=$?
cat >"$tmp/want" <<'WEOF'
dtrace: description 'BEGIN' matched 1 probe
dtrace: description 'BEGIN,END ' matched 2 probes
dtrace: description 'tick-1s' matched 1 probe
WEOF
[ $rc = 0 ] || { echo "exit status $rc"; fail=1; }
diff -u "$tmp/want" "$tmp/err" || fail=1
printf '#pragma D option zdefs\nBEGIN { exit(0); }\nEND {}\nnosuch:::probe {}\n' >"$tmp/s.d"
"$DTRACE" -s "$tmp/s.d" >"$tmp/out" 2>"$tmp/err"
echo "dtrace: script '$tmp/s.d' matched 2 probes" >"$tmp/want"
diff -u "$tmp/want" "$tmp/err" || fail=1
exit $fail
