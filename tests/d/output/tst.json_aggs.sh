#!/bin/bash
# -x oformat=json aggregations: {"type":"aggregation", (cpu, id, probe
# when printa() printed it), "aggregations":[name, function, lquantize's
# base/limit/step, llquantize's factor/low/high/nsteps, normalize],
# "keys":[name, type, size], "rows":[{"keys":[...],"values":[...]}]};
# scalars as integers, the quantize family as {"count","buckets":[[low,
# high,count],...]} with the non-empty buckets only and INT64_MIN and
# INT64_MAX as exact integers.  printa(@c, @s, @mi) joins on the keys
# (zero where one has no entry); the rest is printed at the end, after
# the exit object.
out=$("$DTRACE" -x oformat=json -qn 'BEGIN {
	@c["a", 1] = count(); @c["b", -2] = count(); @c["b", -2] = count();
	@s["a", 1] = sum(-7); @mi["a", 1] = min(3);
	@ma[execname] = max(9);
	@av = avg(4); @av = avg(7);
	@sd = stddev(2); @sd = stddev(6);
	@q = quantize(-3); @q = quantize(0); @q = quantize(0); @q = quantize(5);
	@q = quantize(4611686018427387904);
	@l = lquantize(-1, 0, 10, 2); @l = lquantize(7, 0, 10, 2); @l = lquantize(100, 0, 10, 2);
	@ll = llquantize(1500, 10, 0, 6, 20); @ll = llquantize(5, 10, 0, 6, 20);
	@n[(uint64_t)7] = sum(10); normalize(@n, 5);
	printa(@c, @s, @mi);
	exit(0);
}' 2>&1)
fail() { echo "FAIL: $*"; printf '%s\n' "$out"; exit 1; }
printf '%s\n' "$out" | jq -e . >/dev/null || fail "not JSON Lines"
[ "$(printf '%s\n' "$out" | wc -l)" = 9 ] || fail "expected 9 objects"
line() { printf '%s\n' "$out" | sed -n "${1}p" | jq -e "$2" >/dev/null || fail "line $1: $2"; }
raw() { printf '%s\n' "$out" | sed -n "${1}p" | grep -qF -- "$2" || fail "line $1: $2"; }
line 1 'keys_unsorted == ["type","cpu","id","probe","aggregations","keys","rows"]'
line 1 '.type == "aggregation" and .id == 1 and .probe == "dtrace:::BEGIN"'
line 1 '.aggregations == [{"name":"c","function":"count"},{"name":"s","function":"sum"},{"name":"mi","function":"min"}]'
line 1 '.keys == [{"name":"key0","type":"string","size":257},{"name":"key1","type":"int","size":4}]'
line 1 '.rows == [{"keys":["a",1],"values":[1,-7,3]},{"keys":["b",-2],"values":[2,0,0]}]'
line 2 '. == {"type":"exit","status":0}'
line 3 '. == {"type":"aggregation","aggregations":[{"name":"ma","function":"max"}],"keys":[{"name":"execname","type":"string","size":257}],"rows":[{"keys":["dtrace"],"values":[9]}]}'
line 4 '.aggregations[0].function == "avg" and .keys == [] and .rows == [{"keys":[],"values":[5]}]'
line 5 '.aggregations[0].function == "stddev" and .rows[0].values == [2]'
raw 6 '"rows":[{"keys":[],"values":[{"count":5,"buckets":[[-3,-2,1],[0,0,2],[4,7,1],[4611686018427387904,9223372036854775807,1]]}]}]}'
line 7 '.aggregations == [{"name":"l","function":"lquantize","base":0,"limit":10,"step":2}]'
raw 7 '"values":[{"count":3,"buckets":[[-9223372036854775808,-1,1],[6,7,1],[10,9223372036854775807,1]]}]'
line 8 '.aggregations == [{"name":"ll","function":"llquantize","factor":10,"low":0,"high":6,"nsteps":20}]'
line 8 '.rows[0].values[0] == {"count":2,"buckets":[[5,5,1],[1500,1999,1]]}'
line 9 '.aggregations == [{"name":"n","function":"sum","normalize":5}]'
line 9 '.keys == [{"name":"key0","type":"uint","size":8}] and .rows == [{"keys":[7],"values":[2]}]'
exit 0
