#!/bin/bash
# -G, -h, -l and -V are modes: only one may be given (exit 2); -V prints the
# version whatever comes with it.  The usage lists the options dtrace(1M)
# lists that this dtrace has.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
for m in "-l -V" "-V -h" "-h -l -n BEGIN" "-G -h -n BEGIN"; do
	"$DTRACE" $m >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ $rc = 2 ] && [ "$(cat "$tmp/err")" = "dtrace: only one of the [-AGhlV] options can be specified at a time" ] ||
	    { echo "$m: $rc $(cat "$tmp/err")"; fail=1; }
done
"$DTRACE" -q -V >"$tmp/out" 2>"$tmp/err" || { echo "-V: exit status $?"; fail=1; }
grep -q '^dtrace: Sun D 1.13 ' "$tmp/out" || { echo "-V: $(cat "$tmp/out")"; fail=1; }
"$DTRACE" >"$tmp/out" 2>"$tmp/err"
head -n 4 "$tmp/err" >"$tmp/u"
cat >"$tmp/want" <<'UEOF'
Usage: dtrace [-32|-64] [-CeFGhHlqSvVwZ] [-b bufsz] [-c cmd] [-D name[=def]]
	[-I path] [-L path] [-o output] [-p pid] [-s script] [-U name]
	[-x opt[=val]] [-X a|c|s|t]

UEOF
diff -u "$tmp/want" "$tmp/u" || fail=1
for o in "-h  generate a header file with definitions for static probes" \
    "-G  generate an ELF file containing embedded dtrace program" \
    "-H  print included files when invoking preprocessor" \
    "-X  specify ISO C conformance settings for preprocessor" \
    "-32 generate 32-bit D programs and ELF files"; do
	grep -qxF "	$o" "$tmp/err" || { echo "usage lacks: $o"; fail=1; }
done
exit $fail
