#!/bin/bash
# Frame texts with XML's special characters: a program named a<b&c"d'e
# (its execname, the first frame of @[execname, ustack()]) and its module
# name in user frames are escaped in the SVG's text, titles and legend,
# so the file stays well-formed and shows the name as it is.
. "$TESTDIR/flame/common.bash"
command -v xmllint >/dev/null || { echo "xmllint not installed (scripts/setup.sh installs libxml2-utils)"; exit 1; }
build_tree
name="a<b&c\"d'e"
cp "$tmp/flame_tree" "$tmp/$name" || exit 1
$DTRACE -x flamegraph="$tmp/out.svg" -qn 'syscall::getppid:entry /pid == $target/ {
    @[execname, ustack()] = count(); }' -c "$tmp/$name" >/dev/null 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }
xmllint --noout "$tmp/out.svg" || { echo "not well-formed"; exit 1; }
grep -q 'a&lt;b&amp;c&quot;d' "$tmp/out.svg" || { echo "name not escaped as expected"; grep -o '<title>[^<]*' "$tmp/out.svg" | head; exit 1; }
# the parsed document has the name itself
xmllint --xpath 'string(//*[local-name()="title"][contains(., "leaf")][1])' "$tmp/out.svg" | grep -qF "$name\`leaf" ||
	{ echo "frame title"; xmllint --xpath '//*[local-name()="title"]' "$tmp/out.svg" | head -5; exit 1; }
exit 0
