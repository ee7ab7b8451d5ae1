#!/usr/bin/env bash
# exports.sh - libdtrace.so is a real library: a versioned SONAME, the
# dtrace_* API of include/dtrace.h exported and nothing else, and the
# command linked against it.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
so=$top/build/libdtrace.so
fail=0
bad() { echo "exports: $*"; fail=1; }

soname=$(readelf -d "$so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[[ $soname =~ ^libdtrace\.so\.[0-9]+$ ]] || bad "SONAME is '$soname', not libdtrace.so.N"
readelf -d "$top/build/dtrace" | grep -q "(NEEDED).*\[$soname\]" ||
	bad "build/dtrace does not link $soname"

# every symbol the library defines for others is the API
exported=$(nm -D --defined-only "$so" | awk '$2 ~ /[TDBRVW]/ { sub(/@.*/, "", $3); print $3 }' | sort -u)
others=$(printf '%s\n' "$exported" | grep -v '^dtrace_' | grep -v '^DTRACE_[0-9]*$' || true)
[ -z "$others" ] || bad "exports more than the API: $(echo $others)"

# and every function the header declares is exported
declared=$(sed -n 's/.*[ *]\(dtrace_[a-z_]*\)(.*/\1/p' "$top/include/dtrace.h" | grep -v '_f$' | sort -u)
for f in $declared; do
	printf '%s\n' "$exported" | grep -qx "$f" || bad "$f is declared in dtrace.h but not exported"
done
n=$(printf '%s\n' "$exported" | grep -c '^dtrace_')
[ $fail = 0 ] && echo "exports: $soname exports the $n dtrace_* functions of dtrace.h and nothing else"
exit $fail
