#!/bin/bash
# -x oformat=openmetrics -o FILE: to a regular file each exposition
# replaces the file's content, so it holds the latest snapshot only (a
# textfile collector reads whole expositions); records and the end of
# tracing with no aggregation leave it as it is.  To a pipe the same run
# streams every exposition.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
prog='tick-10ms { @ticks[probename] = count(); @total[probename] = sum(10); printa(@ticks, @total); }
tick-10ms /++i == 2/ { exit(0); }
END { printf("not output\n"); }'
echo "old content that is longer than an exposition ....................................." \
	>"$tmp/m.prom"
"$DTRACE" -x oformat=openmetrics -o "$tmp/m.prom" -qn "$prog" || { echo "exit status $?"; exit 1; }
cat >"$tmp/want" <<'EOF'
# HELP dtrace_ticks_total DTrace aggregation @ticks: count()
# TYPE dtrace_ticks_total counter
dtrace_ticks_total{probename="tick-10ms"} 2
# HELP dtrace_total_value DTrace aggregation @total: sum()
# TYPE dtrace_total_value gauge
dtrace_total_value{probename="tick-10ms"} 20
# EOF
EOF
fail=0
diff -u "$tmp/want" "$tmp/m.prom" || fail=1
msg=$(promtool check metrics <"$tmp/m.prom" 2>&1) && [ -z "$msg" ] || { echo "promtool: $msg"; fail=1; }
# to a pipe: both ticks' expositions
n=$("$DTRACE" -x oformat=openmetrics -qn "$prog" | grep -c '^# EOF$')
[ "$n" = 2 ] || { echo "$n expositions to a pipe, expected 2"; fail=1; }
exit $fail
