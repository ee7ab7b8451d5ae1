#!/bin/bash
# dtrace -G with several scripts writes an object per script, as dtrace
# does: NAME.o for each NAME.d in the current directory (-o is for one
# program only), each defining the semaphores of its own providers only;
# the objects link together into a program whose probes of both
# providers carry their semaphores.  A program that is not a script
# gets d.out.N (N its place).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
mkdir defs
cat >defs/alpha.d <<'DEOF'
provider alpha {
	probe start(int);
};
DEOF
cat >defs/beta.d <<'DEOF'
provider beta {
	probe stop(int);
};
DEOF
cat >main.c <<'CEOF'
#include <stdio.h>
#include "alpha.h"
#include "beta.h"
int main(void)
{
	if (ALPHA_START_ENABLED() || BETA_STOP_ENABLED())
		printf("enabled\n");
	ALPHA_START(1);
	BETA_STOP(2);
	printf("ran\n");
	return 0;
}
CEOF
fail() { echo "$1"; exit 1; }
"$DTRACE" -h -s defs/alpha.d -o alpha.h && "$DTRACE" -h -s defs/beta.d -o beta.h || fail "-h failed"
gcc -Wall -Wextra -Werror -c main.c -o main.o || fail "cc failed"
"$DTRACE" -G -s defs/alpha.d -s defs/beta.d -o ignored.o main.o || fail "-G failed"
[ -e ignored.o ] && fail "-o used with two scripts"
[ -s alpha.o ] && [ -s beta.o ] || fail "objects: $(ls)"
syms() { readelf -sW "$1" | awk '/_semaphore$/ { print $NF }' | sort | tr '\n' ' '; }
[ "$(syms alpha.o)" = "alpha_start_semaphore " ] || fail "alpha.o: $(syms alpha.o)"
[ "$(syms beta.o)" = "beta_stop_semaphore " ] || fail "beta.o: $(syms beta.o)"
gcc -o prog main.o alpha.o beta.o || fail "link failed"
[ "$(./prog)" = ran ] || fail "run: $(./prog)"
[ "$(readelf -n prog | grep -c 'Semaphore: 0x0*[1-9a-f]')" = 2 ] || fail "notes: $(readelf -n prog)"
# a description among them: d.out.N
rm -f alpha.o
"$DTRACE" -G -s defs/alpha.d -n 'BEGIN' main.o || fail "-G with -n failed"
[ -s alpha.o ] && [ -s d.out.1 ] || fail "objects with -n: $(ls)"
[ "$(syms d.out.1)" = "" ] || fail "d.out.1: $(syms d.out.1)"
exit 0
