#!/bin/bash
# -x flamegraph=FILE.svg: at exit, the stack aggregations as one SVG,
# well-formed (xmllint), a section per aggregation with its title, each
# frame a rectangle whose <title> gives its name without offset, its
# samples and its share; a legend of the modules' colours; the normal
# output still goes to stdout; the embedded script is valid JavaScript
# (node --check).  A file that cannot
# be created is refused when the option is set; one that cannot be
# written fails at the end with dtrace's error.
. "$TESTDIR/flame/common.bash"
command -v xmllint >/dev/null || { echo "xmllint not installed (scripts/setup.sh installs libxml2-utils)"; exit 1; }
build_tree
# (@n after both stack keys: a keyless aggregation there once made a
# program the verifier refused, a stack slot released twice in dt_cg_tuple)
$DTRACE -x flamegraph="$tmp/out.svg" -qn 'syscall::getppid:entry /pid == $target/ {
    @u[ustack()] = count(); @k[stack()] = count(); @n = count(); }' \
    -c "$tmp/flame_tree" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }
xmllint --noout "$tmp/out.svg" || exit 1
# stdout: dtrace's own output of the three aggregations
grep -q '^ *flame_tree`leaf+0x' "$tmp/out" && grep -q '^ *vmlinux`do_syscall_64+0x' "$tmp/out" &&
    grep -q '^ *8$' "$tmp/out" || { echo "stdout:"; cat "$tmp/out"; exit 1; }
# the sections: @u and @k (not @n, which has no stack)
titles=$(grep -o '<text class="stitle"[^>]*>[^<]*' "$tmp/out.svg" | sed 's/.*>//')
want='@u = count() by ustack(): 8 samples
@k = count() by stack(): 8 samples'
[ "$titles" = "$want" ] || { echo "titles: $titles"; exit 1; }
for t in 'all (8 samples, 100.00%)' 'flame_tree`main (8 samples, 100.00%)' \
    'flame_tree`left (6 samples, 75.00%)' 'flame_tree`right (2 samples, 25.00%)' \
    'vmlinux`do_syscall_64 (8 samples, 100.00%)'; do
	grep -qF "<title>$t</title>" "$tmp/out.svg" || { echo "no frame '$t'"; exit 1; }
done
[ "$(grep -cF '<title>flame_tree`leaf (' "$tmp/out.svg")" = 2 ] || { echo "leaf frames"; exit 1; }
grep -q '<title>[^<]*+0x' "$tmp/out.svg" && { echo "offsets in frames"; exit 1; }
# the legend names the modules, widest first
legend=$(grep -o '<g class="legend">.*</text></g>' "$tmp/out.svg" | sed 's/.*">\([^<]*\)<\/text><\/g>/\1/' | tr '\n' ' ')
case $legend in *flame_tree*vmlinux*|*vmlinux*flame_tree*) ;; *) echo "legend: $legend"; exit 1 ;; esac
# the script
sed -n '/<!\[CDATA\[/,/\]\]>/p' "$tmp/out.svg" | sed '1d;$d' >"$tmp/flame.js"
[ -s "$tmp/flame.js" ] || { echo "no script"; exit 1; }
command -v node >/dev/null || { echo "node is not installed (scripts/setup.sh installs nodejs)"; exit 1; }
node --check "$tmp/flame.js" || exit 1

# no stack aggregation: still a valid document, saying so
$DTRACE -x flamegraph="$tmp/none.svg" -qn 'BEGIN { @n = count(); exit(0); }' >/dev/null || exit 1
xmllint --noout "$tmp/none.svg" && grep -q 'no stack aggregation has data' "$tmp/none.svg" || exit 1

# a file that cannot be made, one that cannot be written
$DTRACE -x flamegraph="$tmp/no/such.svg" -qn 'BEGIN { exit(0); }' 2>"$tmp/err"
[ $? = 1 ] && [ "$(cat "$tmp/err")" = "dtrace: failed to set -x flamegraph: No such file or directory" ] ||
	{ echo "bad path:"; cat "$tmp/err"; exit 1; }
$DTRACE -x flamegraph=/dev/full -qn 'BEGIN { @[stack()] = count(); exit(0); }' >/dev/null 2>"$tmp/err"
[ $? = 1 ] && grep -qx 'dtrace: processing aborted: cannot write flame graph /dev/full: No space left on device' "$tmp/err" ||
	{ echo "/dev/full:"; cat "$tmp/err"; exit 1; }
exit 0
