#!/usr/bin/env bash
# fuzz.sh BUDGET NAME... - run each libFuzzer harness build/fuzz/NAME
# (make fuzz-build), one after the other, from its seed corpus
# tests/fuzz/corpus/NAME with its dictionary tests/fuzz/dict/NAME.dict.
# BUDGET is one of:
#   SECONDS   fuzz that long (`make fuzz`, `make fuzz-short`); new inputs
#             go to build/fuzz/work/NAME, kept between runs
#   runs:N    N inputs from random seed 1, new inputs thrown away
#             (`make fuzz-ci`, part of make check): the same inputs, so
#             the same result, on every run of one tree
#   0         the seeds only
# The seeds are never written.  A crash, a leak (detect_leaks=1), an ASan
# or UBSan report leaves its input in build/fuzz/artifacts/ and fails the
# run, after every harness has run.  libFuzzer runs every seed first, so a
# regression input in the corpus that fails again fails at once.  As
# root, the seeds are also replayed without privileges first (as nobody:
# no tracefs, so the providers find no events), as both kinds of user run
# dtrace.  Each harness runs in a scratch directory: inputs name output
# files (-o, -x outfile=...).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
budget=$1
shift
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:allocator_may_return_null=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
mkdir -p "$top/build/fuzz/artifacts"
case "$budget" in
runs:[0-9]*) what="${budget#runs:} inputs each (seed 1)" ;;
0) what="their seeds" ;;
[0-9]*) what="${budget}s each" ;;
*) echo "fuzz.sh: bad budget '$budget' (SECONDS, runs:N or 0)" >&2; exit 2 ;;
esac
failed=()
for name in "$@"; do
	bin=$top/build/fuzz/$name
	short=${name#fuzz_}
	seeds=$top/tests/fuzz/corpus/$short
	log=$top/build/fuzz/$name.log
	scratch=$(mktemp -d /tmp/dtrace-fuzz.XXXXXX)
	args=(-timeout=60 -rss_limit_mb=4096 -detect_leaks=1 -print_final_stats=1
	      -artifact_prefix="$top/build/fuzz/artifacts/$short-")
	[ -f "$top/tests/fuzz/dict/$short.dict" ] && args+=(-dict="$top/tests/fuzz/dict/$short.dict")
	case "$budget" in
	runs:*)	mkdir "$scratch/corpus"
		args+=(-runs="${budget#runs:}" -seed=1)
		dirs=("$scratch/corpus" "$seeds") ;;
	0)	args+=(-runs=0)
		dirs=("$seeds") ;;
	*)	mkdir -p "$top/build/fuzz/work/$short"
		args+=(-max_total_time="$budget")
		dirs=("$top/build/fuzz/work/$short" "$seeds") ;;
	esac
	if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
		echo "fuzz: $name: the seeds without privileges"
		tmp=$(mktemp -d /tmp/dtrace-fuzz.XXXXXX)
		chmod 777 "$tmp"
		if ! (cd "$tmp" && setpriv --reuid=65534 --regid=65534 --clear-groups \
		    "$bin" -runs=0 -detect_leaks=1 -timeout=60 -artifact_prefix="$tmp/" "$seeds" \
		    >"$log.nopriv" 2>&1); then
			echo "fuzz: $name FAILED without privileges (log: $log.nopriv)" >&2
			grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error)' "$log.nopriv" | head -5 >&2
			cp "$tmp"/* "$top/build/fuzz/artifacts/" 2>/dev/null
			failed+=("$name")
		fi
		rm -rf "$tmp"
	fi
	echo "fuzz: $name: $what"
	t0=$SECONDS
	if ! (cd "$scratch" && "$bin" "${args[@]}" "${dirs[@]}") >"$log" 2>&1; then
		echo "fuzz: $name FAILED (log: $log)" >&2
		grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error)' "$log" | head -5 >&2
		failed+=("$name")
	else
		grep -E '^stat::number_of_executed_units' "$log" |
			sed "s/^/fuzz: $name: /; s/\$/ ($((SECONDS - t0)) s)/"
	fi
	rm -rf "$scratch"
done
if ((${#failed[@]})); then
	echo "fuzz: failed: ${failed[*]}" >&2
	exit 1
fi
echo "fuzz: ${#@} harnesses, no crash, leak or undefined behaviour in $what"
