#!/bin/bash
# Objects are cached by device and inode, and by build-id: a stripped
# copy of an executable (another inode, the same build-id, no debug
# information of its own) run after the original was symbolized, in one
# session, shares the original's symbols.
. "$TESTDIR/ustack/common.bash"
build_debug prog
strip -o "$tmp/bare" "$tmp/prog" || exit 1
# prog lives until its stack is printed, then bare runs
cat >"$tmp/both" <<SEOF
#!/bin/bash
"$tmp/prog" chain 20 & p=\$!
for i in \$(seq 100); do grep -q 'prog\`' "$tmp/out" && break; sleep 0.1; done
"$tmp/bare" chain 1
kill \$p
SEOF
chmod +x "$tmp/both"
$DTRACE -qn 'syscall::getppid:entry /execname == "prog" || execname == "bare"/ { ustack(); }' \
    -c "$tmp/both" >"$tmp/out" || exit 1
expect_static prog
expect_static bare
# alone, the copy has no symbols
ustack_of "$tmp/bare" chain
expect_bare bare
exit 0
