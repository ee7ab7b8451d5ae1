#!/bin/bash
# -x oformat=openmetrics: each record's aggregation snapshots (printa()),
# and those printed at the end, are one exposition ending in "# EOF";
# count() is a counter dtrace_NAME_total, sum() and avg() gauges (camelCase
# names in snake_case), quantize() and lquantize() histograms with
# cumulative buckets at each non-empty bucket's upper bound, +Inf and
# _count; keys are labels (named keys by their name, others key<N>),
# string values escaped (\" \\ \n).  A second printa() of @calls in the
# same clause is left out; printf() and trace() are not output; a fault
# goes to stderr as text.  promtool checks every exposition, lint included.
# printa() of several aggregations writes a family for each.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$DTRACE" -x oformat=openmetrics -qn 'BEGIN {
	@calls["read", 3] = count(); @calls["read", 3] = count(); @calls["write", -1] = count();
	@bytes["read"] = sum(100);
	@avgLatency[execname] = avg(10); @avgLatency[execname] = avg(21);
	@dist = quantize(3); @dist = quantize(100); @dist = quantize(-5);
	@lin[execname, 7] = lquantize(5, 0, 10, 5); @lin[execname, 7] = lquantize(50, 0, 10, 5);
	@esc["a\"b\\c\nd"] = count();
	printf("not output\n"); trace(1);
	printa(@calls); printa(@bytes); printa(@calls);
}
BEGIN { x = *(int *)8; }
BEGIN { exit(0); }' 2>"$tmp/err" | cat >"$tmp/out"
cat >"$tmp/want" <<'EOF'
# HELP dtrace_calls_total DTrace aggregation @calls: count()
# TYPE dtrace_calls_total counter
dtrace_calls_total{key0="write",key1="-1"} 1
dtrace_calls_total{key0="read",key1="3"} 2
# HELP dtrace_bytes DTrace aggregation @bytes: sum()
# TYPE dtrace_bytes gauge
dtrace_bytes{key0="read"} 100
# EOF
# HELP dtrace_avg_latency DTrace aggregation @avgLatency: avg()
# TYPE dtrace_avg_latency gauge
dtrace_avg_latency{execname="dtrace"} 15
# HELP dtrace_dist DTrace aggregation @dist: quantize()
# TYPE dtrace_dist histogram
dtrace_dist_bucket{le="-4"} 1
dtrace_dist_bucket{le="3"} 2
dtrace_dist_bucket{le="127"} 3
dtrace_dist_bucket{le="+Inf"} 3
dtrace_dist_count 3
# HELP dtrace_lin DTrace aggregation @lin: lquantize(0, 10, 5)
# TYPE dtrace_lin histogram
dtrace_lin_bucket{execname="dtrace",key1="7",le="9"} 1
dtrace_lin_bucket{execname="dtrace",key1="7",le="+Inf"} 2
dtrace_lin_count{execname="dtrace",key1="7"} 2
# HELP dtrace_esc_total DTrace aggregation @esc: count()
# TYPE dtrace_esc_total counter
dtrace_esc_total{key0="a\"b\\c\nd"} 1
# EOF
EOF
fail=0
diff -u "$tmp/want" "$tmp/out" || fail=1
grep -Eq '^dtrace: error on enabled probe ID [0-9]+ \(ID 1: dtrace:::BEGIN\): invalid address \(0x8\) in action #1 at BPF pc [0-9]+$' "$tmp/err" ||
	{ echo "no fault on stderr:"; cat "$tmp/err"; fail=1; }
# each exposition passes promtool, with no lint output
csplit -s -z -f "$tmp/expo" "$tmp/out" '/^# EOF$/+1' '{*}'
n=0
for f in "$tmp"/expo*; do
	n=$((n + 1))
	msg=$(promtool check metrics <"$f" 2>&1) && [ -z "$msg" ] ||
		{ echo "promtool on exposition $n: $msg"; fail=1; }
done
[ $n = 2 ] || { echo "$n expositions, expected 2"; fail=1; }

# printa(@hits, @peak, @sizes) joined: a family each, over every row; a
# row without an entry shows the zero-filled value (an empty histogram:
# only +Inf and _count)
"$DTRACE" -x oformat=openmetrics -qn 'BEGIN { @hits["x"] = count(); @peak["y"] = max(4);
    @sizes["x"] = quantize(1); printa(@hits, @peak, @sizes); exit(0); }' | cat >"$tmp/out"
cat >"$tmp/want" <<'EOF'
# HELP dtrace_hits_total DTrace aggregation @hits: count()
# TYPE dtrace_hits_total counter
dtrace_hits_total{key0="y"} 0
dtrace_hits_total{key0="x"} 1
# HELP dtrace_peak DTrace aggregation @peak: max()
# TYPE dtrace_peak gauge
dtrace_peak{key0="y"} 4
dtrace_peak{key0="x"} 0
# HELP dtrace_sizes DTrace aggregation @sizes: quantize()
# TYPE dtrace_sizes histogram
dtrace_sizes_bucket{key0="y",le="+Inf"} 0
dtrace_sizes_count{key0="y"} 0
dtrace_sizes_bucket{key0="x",le="1"} 1
dtrace_sizes_bucket{key0="x",le="+Inf"} 1
dtrace_sizes_count{key0="x"} 1
# EOF
EOF
diff -u "$tmp/want" "$tmp/out" || fail=1
msg=$(promtool check metrics <"$tmp/out" 2>&1) && [ -z "$msg" ] || { echo "promtool (joined): $msg"; fail=1; }
exit $fail
