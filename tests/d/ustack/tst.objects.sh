#!/bin/bash
# Load bias: the same chain symbolized in a non-PIE executable (bias 0)
# and from a shared library of its own (c, b, a in libchain.so, loaded
# wherever ld.so puts it; main in the executable).
. "$TESTDIR/ustack/common.bash"
build_chain nopie -no-pie
$DTRACE -qn 'syscall::getppid:entry /pid == $target/ { ustack(); }' -c "$tmp/nopie 1" >"$tmp/out" || exit 1
got=$(frames_of nopie <"$tmp/out" | tr '\n' ' ')
[ "$got" = "c b a main _start " ] || { echo "no-pie: '$got'"; cat "$tmp/out"; exit 1; }

# the chain's functions in a library, main calling a() from it
sed -n '/^__attribute__/,/^__attribute__((noinline)) long a/p' "$TESTDIR/progs/ustack_chain.c" >"$tmp/lib.c"
sed -i '1i #include <sys/syscall.h>' "$tmp/lib.c"
cat >"$tmp/main.c" <<'CEOF'
long a(void);
int main(void) { return a() == 0; }
CEOF
cc -fno-omit-frame-pointer -O0 -fPIC -shared -o "$tmp/libchain.so" "$tmp/lib.c" &&
    cc -fno-omit-frame-pointer -O0 -o "$tmp/withlib" "$tmp/main.c" -L"$tmp" -lchain -Wl,-rpath,"$tmp" ||
    { echo "cannot build libchain"; exit 1; }
$DTRACE -qn 'syscall::getppid:entry /pid == $target/ { ustack(); }' -c "$tmp/withlib" >"$tmp/out" || exit 1
got=$(frames_of libchain.so <"$tmp/out" | tr '\n' ' ')
[ "$got" = "c b a " ] || { echo "library: '$got'"; cat "$tmp/out"; exit 1; }
grep -q '^              withlib`main+0x[0-9a-f]*$' "$tmp/out" || { echo "no main"; cat "$tmp/out"; exit 1; }
exit 0
