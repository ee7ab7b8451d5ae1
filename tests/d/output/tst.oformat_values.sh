#!/bin/bash
# The oformat values: json and openmetrics are output formats (as is
# --libxo json); an unknown one (xml) is refused before tracing, with
# dtrace's message and exit status 1, by -x oformat and --libxo alike.
fail=0
check() { # want-status want-stderr command...
	local want=$1 msg=$2; shift 2
	err=$("$@" 2>&1 >/dev/null); rc=$?
	[ "$rc" = "$want" ] || { echo "$*: exit status $rc, expected $want"; fail=1; }
	[ -z "$msg" ] || [ "$err" = "$msg" ] || { echo "$*: stderr '$err', expected '$msg'"; fail=1; }
}
check 1 "dtrace: failed to set -x oformat: Invalid value for specified option" \
	"$DTRACE" -x oformat=xml -qn 'BEGIN { exit(0); }'
check 1 "dtrace: failed to set --libxo xml: Invalid value for specified option" \
	"$DTRACE" --libxo xml -qn 'BEGIN { exit(0); }'
check 0 "" "$DTRACE" -x oformat=openmetrics -qn 'BEGIN { exit(0); }'
out=$("$DTRACE" --libxo json -qn 'BEGIN { trace(1); exit(0); }' 2>&1)
[ "$out" = '{"type":"trace","cpu":'"$(printf '%s' "$out" | jq -s '.[0].cpu')"',"id":1,"probe":"dtrace:::BEGIN","value":1}
{"type":"exit","status":0}' ] || { echo "--libxo json: $out"; fail=1; }
out=$("$DTRACE" --libxo=json,pretty -qn 'BEGIN { exit(4); }' 2>&1)
[ "$out" = '{"type":"exit","status":4}' ] || { echo "--libxo=json,pretty: $out"; fail=1; }
exit $fail
