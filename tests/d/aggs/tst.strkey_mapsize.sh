#!/bin/bash
# The aggregation maps' key sizes, read with bpftool while dtrace runs: a
# string with a known bound takes that bound rounded up to 8 (execname
# 16; probename "tick-1s" and probefunc "" 8 each; a 20-character literal
# 24), the largest over every use (@m: execname, then a literal of 30
# characters: 32), and a string without one (strjoin's, a variable's)
# strsize + 1 rounded up to 8 (264 by default, 40 with -x strsize=32).
# io:::start's dev_statname is a block device's name read as a char[40]
# (48 bytes; with strsize=32 the translator's member is cut to 31
# characters by a substr(): 32 bytes), curthread->comm a char[16] (17
# bytes with the NUL a char array may lack: 24).
command -v bpftool >/dev/null || { echo "bpftool not installed (scripts/setup.sh installs it)"; exit 1; }
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; wait; rm -rf "$tmp"' EXIT

sizes() { # options...: "name=keysize" of each dt_agg map of that dtrace
	"$DTRACE" "$@" -qn '
	BEGIN { printf("ready\n"); }
	tick-1s {
		@e[execname] = count();
		@s[probename, probefunc] = count();
		@l["twenty-characters-xx", 1] = count();
		@v[strjoin("a", "b")] = count();
		@m[execname] = count();
		s = "variable";
		@w[execname] = count();
	}
	tick-2s { @m["thirty-characters-long-literal"] = count(); @w[s] = count(); }
	io:::start { @d[args[1]->dev_statname] = count(); @c[curthread->comm] = count(); }
	tick-60s { exit(0); }' >"$tmp/out" 2>&1 &
	pid=$!
	for ((i = 0; i < 100; i++)); do
		grep -q ready "$tmp/out" && break
		sleep 0.1
	done
	ids=$(grep -h '^map_id:' /proc/$pid/fdinfo/* 2>/dev/null | awk '{print $2}')
	for id in $ids; do
		bpftool map show id "$id" 2>/dev/null
	done | awk '/name dt_agg_/ { for (i = 1; i <= NF; i++) if ($i == "name") n = $(i + 1) }
	    /key [0-9]+B/ && n != "" { for (i = 1; i <= NF; i++) if ($i == "key") print n "=" $(i + 1); n = "" }' | sort
	kill $pid; wait $pid 2>/dev/null; pid=
}

got=$(sizes; echo --; sizes -x strsize=32)
want='dt_agg_0=16B
dt_agg_1=16B
dt_agg_2=32B
dt_agg_3=264B
dt_agg_4=32B
dt_agg_5=264B
dt_agg_6=48B
dt_agg_7=24B
--
dt_agg_0=16B
dt_agg_1=16B
dt_agg_2=32B
dt_agg_3=40B
dt_agg_4=32B
dt_agg_5=40B
dt_agg_6=32B
dt_agg_7=24B'
[ "$got" = "$want" ] && exit 0
echo "expected:"; echo "$want"; echo "got:"; echo "$got"; cat "$tmp/out"
exit 1
