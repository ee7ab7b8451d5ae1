#!/bin/bash
# The seed's world example traced: built by its Makefile with dtrace -h
# and -G, run under -c, world$target:::loop fires once per iteration
# with the loop counter as arg0 (the probe is behind WORLD_LOOP_ENABLED(),
# so it fires only because tracing raised its semaphore).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cp world/world.d world/world.c world/Makefile "$tmp"/ || exit 1
cd "$tmp" || exit 1
make -s DTRACE="$DTRACE" >out 2>&1 || { cat out; exit 1; }
timeout 60 "$DTRACE" -qn 'world$target:::loop { printf("%s:%s:%s %d\n", probemod, probefunc, probename, arg0); }' \
    -c './world 5' >out 2>err || { echo "exit status $?"; cat err; exit 1; }
# (records of different CPUs' buffers come out a buffer at a time)
printf 'world:main:loop %d\n' 0 1 2 3 4 >want
grep -v '^$' out | sort -k2n | diff want - || { cat out err; exit 1; }
