#!/bin/bash
# The seed's world example as a Makefile project (world/): dtrace -h and
# dtrace -G in make rules, the program linked with gcc; its notes show
# world's loop probe with a semaphore.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cp world/world.d world/world.c world/Makefile "$tmp"/ || exit 1
cd "$tmp" || exit 1
make -s DTRACE="$DTRACE" >out 2>&1 || { cat out; exit 1; }
./world 1 || exit 1
readelf -n world | grep -A2 'Provider: world' | grep -A1 'Name: loop' | grep -q 'Semaphore: 0x0*[1-9a-f]' ||
    { readelf -n world; exit 1; }
