#!/usr/bin/env bash
# fuzz.sh SECONDS NAME... - run each libFuzzer harness build/fuzz/NAME
# (make fuzz-build) for SECONDS, one after the other, from its seed
# corpus tests/fuzz/corpus/NAME with its dictionary tests/fuzz/dict/
# NAME.dict (`make fuzz-short`, `make fuzz`).  New inputs go to
# build/fuzz/work/NAME (kept between runs, the seeds are never written);
# a crash, a leak (detect_leaks=1), an ASan or UBSan report leaves its
# input in build/fuzz/artifacts/ and fails the run, after every harness
# has run.  libFuzzer runs every seed first, so a regression input in
# the corpus that fails again fails at once.  As root, the seeds are
# also replayed without privileges first (as nobody: no tracefs, so the
# providers find no events), as both kinds of user run dtrace.
# SECONDS 0 only replays the seeds (make fuzz-replay, part of make check):
# no new inputs, so the result is the same on every run.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
secs=$1
shift
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:allocator_may_return_null=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
mkdir -p "$top/build/fuzz/artifacts"
failed=()
for name in "$@"; do
	bin=$top/build/fuzz/$name
	short=${name#fuzz_}
	seeds=$top/tests/fuzz/corpus/$short
	work=$top/build/fuzz/work/$short
	log=$top/build/fuzz/$name.log
	mkdir -p "$work"
	dirs=("$work" "$seeds")
	[ "$secs" = 0 ] && dirs=("$seeds")
	args=(-max_total_time="$secs" -timeout=60 -rss_limit_mb=4096
	      -detect_leaks=1 -print_final_stats=1
	      -artifact_prefix="$top/build/fuzz/artifacts/$short-")
	[ -f "$top/tests/fuzz/dict/$short.dict" ] && args+=(-dict="$top/tests/fuzz/dict/$short.dict")
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
	if [ "$secs" = 0 ]; then
		args[0]=-runs=0
		echo "fuzz: $name: the seeds"
	else
		echo "fuzz: $name for ${secs}s"
	fi
	# in a scratch directory: inputs name files (-o, -x outfile=...)
	scratch=$(mktemp -d /tmp/dtrace-fuzz.XXXXXX)
	if ! (cd "$scratch" && "$bin" "${args[@]}" "${dirs[@]}") >"$log" 2>&1; then
		echo "fuzz: $name FAILED (log: $log)" >&2
		grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error)' "$log" | head -5 >&2
		failed+=("$name")
	else
		grep -E '^stat::number_of_executed_units' "$log" | sed "s/^/fuzz: $name: /"
	fi
	rm -rf "$scratch"
done
if ((${#failed[@]})); then
	echo "fuzz: failed: ${failed[*]}" >&2
	exit 1
fi
if [ "$secs" = 0 ]; then
	echo "fuzz: ${#@} harnesses, no crash, leak or undefined behaviour on their seeds"
else
	echo "fuzz: ${#@} harnesses, no crash, leak or undefined behaviour in ${secs}s each"
fi
