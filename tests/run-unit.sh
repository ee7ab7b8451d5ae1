#!/usr/bin/env bash
# run-unit.sh - run the unprivileged compiler/front-end unit tests.
# Each test binary prints "N passed, M failed" and exits non-zero on failure.
status=0
for t in "$@"; do
	out=$("$t" 2>&1); rc=$?
	last=$(printf '%s\n' "$out" | tail -n 1)
	printf '%-28s %s\n' "$(basename "$t")" "$last"
	if [ $rc -ne 0 ]; then
		printf '%s\n' "$out" | head -n 40
		status=1
	fi
done
exit $status
