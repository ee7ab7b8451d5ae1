#!/bin/bash
# dtrace -h's header and dtrace -G's object: a C program using the probe
# macros compiles, links with gcc and runs; its notes carry the
# semaphores -G defined (hidden, in .probes).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
cat >world.d <<'DEOF'
#pragma D attributes Evolving/Evolving/Common provider world provider
provider world {
	probe loop(int, char *);
	probe all__done();
};
DEOF
cat >main.c <<'CEOF'
#include <stdio.h>
#include "world.h"
int main(void)
{
	for (int i = 0; i < 2; i++) {
		if (WORLD_LOOP_ENABLED())
			printf("enabled\n");
		WORLD_LOOP(i, "hi");
	}
	WORLD_ALL_DONE();
	printf("ran\n");
	return 0;
}
CEOF
fail=0
"$DTRACE" -h -s world.d || exit 1
gcc -Wall -Wextra -Werror -c main.c -o main.o || exit 1
"$DTRACE" -G -s world.d main.o || exit 1
gcc -o world main.o world.o || exit 1
[ "$(./world)" = ran ] || { echo "run: $(./world)"; fail=1; }
readelf -n world | grep -q 'Name: all__done' || { echo "no all__done note"; fail=1; }
readelf -n world | grep -A2 'Name: loop' | grep -q 'Semaphore: 0x0*[1-9a-f]' || { echo "loop: no semaphore"; fail=1; }
readelf -sW world.o | grep -q 'OBJECT  GLOBAL HIDDEN     1 world_loop_semaphore' || { echo "symbols: $(readelf -sW world.o)"; fail=1; }
readelf -SW world.o | grep -q '\.note\.GNU-stack' || { echo "no .note.GNU-stack"; fail=1; }
"$DTRACE" -G -s world.d -o other.o main.o && [ -s other.o ] || { echo "-o: none"; fail=1; }
exit $fail
