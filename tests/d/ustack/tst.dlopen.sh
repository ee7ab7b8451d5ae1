#!/bin/bash
# An object mapped after the process's first stack was printed (dlopen)
# is found: a PC outside the mappings read so far has them read again.
# The process calls getppid() from main, then, a second later, dlopens
# libchain.so and calls its c -> getppid chain, and lives on while that
# record is printed (so its exit, which re-reads the maps too, comes later).
. "$TESTDIR/ustack/common.bash"
sed -n '/^__attribute__/,/^__attribute__((noinline)) long a/p' "$TESTDIR/progs/ustack_chain.c" >"$tmp/lib.c"
sed -i '1i #include <sys/syscall.h>' "$tmp/lib.c"
cat >"$tmp/main.c" <<'CEOF'
#include <dlfcn.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	(void)argc;
	getppid();
	sleep(1);
	void *h = dlopen(argv[1], RTLD_NOW);
	long (*a)(void) = h ? (long (*)(void))dlsym(h, "a") : 0;
	if (a)
		a();
	sleep(2);
	return !a;
}
CEOF
cc -fno-omit-frame-pointer -O0 -fPIC -shared -o "$tmp/libchain.so" "$tmp/lib.c" &&
    cc -fno-omit-frame-pointer -O0 -o "$tmp/late" "$tmp/main.c" -ldl ||
    { echo "cannot build"; exit 1; }
$DTRACE -qn 'syscall::getppid:entry /pid == $target/ { ustack(); }' -c "$tmp/late $tmp/libchain.so" >"$tmp/out" || exit 1
got=$(frames_of libchain.so <"$tmp/out" | tr '\n' ' ')
[ "$got" = "c b a " ] || { echo "dlopened: '$got'"; cat "$tmp/out"; exit 1; }
exit 0
