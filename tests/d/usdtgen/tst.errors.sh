#!/bin/bash
# -h and -G refuse, with exit status 1 and no file left: a provider file
# that does not compile, a probe with more than sys/sdt.h's 12 arguments,
# and (-G) an object that is missing or not an ELF relocatable, objects
# with no probe site of a declared provider, and a site of a probe the
# provider does not declare.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
fail=0
expect() {	# message file-not-to-leave args...
	local want="$1" file="$2"; shift 2
	rm -f "$file"
	"$DTRACE" "$@" >out 2>err
	local rc=$?
	[ $rc = 1 ] || { echo "$*: exit status $rc"; fail=1; }
	[ "$(cat err)" = "$want" ] || { echo "$*: $(cat err)"; fail=1; }
	[ -e "$file" ] && { echo "$*: $file left"; fail=1; }
}
printf 'provider bad { probe p(int) };\n' >bad.d
printf 'provider big { probe p(int,int,int,int,int,int,int,int,int,int,int,int,int); };\n' >big.d
printf 'provider ok { probe p(int); };\n' >ok.d
printf 'not elf\n' >text.o
expect "dtrace: failed to compile script bad.d: line 1: syntax error near \"}\"" bad.h -h -s bad.d
expect "dtrace: failed to compile script bad.d: line 1: syntax error near \"}\"" bad.o -G -s bad.d
expect "dtrace: failed to create header file big.h: probe big:::p has too many arguments: sys/sdt.h takes at most 12" big.h -h -s big.d
expect "dtrace: failed to link script big.d: probe big:::p has too many arguments: sys/sdt.h takes at most 12" big.o -G -s big.d
expect "dtrace: failed to link script ok.d: failed to open nosuch.o: No such file or directory" ok.o -G -s ok.d nosuch.o
expect "dtrace: failed to link script ok.d: invalid file type: text.o" ok.o -G -s ok.d text.o
printf 'int f(void) { return 1; }\n' >plain.c && gcc -c plain.c -o plain.o || exit 1
expect "dtrace: failed to link script ok.d: No probe sites found for declared provider" ok.o -G -s ok.d plain.o
printf '#include <sys/sdt.h>\nvoid f(int i) { DTRACE_PROBE1(ok, p, i); DTRACE_PROBE1(ok, other__one, i); }\n' >extra.c &&
	gcc -c extra.c -o extra.o || exit 1
expect "dtrace: failed to link script ok.d: no such probe other-one" ok.o -G -s ok.d plain.o extra.o
# a site in the second object is enough
printf '#include <sys/sdt.h>\nvoid g(int i) { DTRACE_PROBE1(ok, p, i); }\n' >site.c && gcc -c site.c -o site.o || exit 1
rm -f ok.o
"$DTRACE" -G -s ok.d plain.o site.o 2>err && [ -s ok.o ] || { echo "-G with a site: $(cat err)"; fail=1; }
"$DTRACE" -G >out 2>err; rc=$?
[ $rc = 2 ] && [ "$(cat err)" = "dtrace: -G requires one or more scripts or enabling options" ] || { echo "-G: $rc $(cat err)"; fail=1; }
exit $fail
