#!/bin/bash
# -h and -G refuse, with exit status 1 and no file left: a provider file
# that does not compile, a probe with more than sys/sdt.h's 12 arguments,
# and (-G) an object that is missing or not an ELF relocatable.
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
"$DTRACE" -G >out 2>err; rc=$?
[ $rc = 2 ] && [ "$(cat err)" = "dtrace: -G requires one or more scripts or enabling options" ] || { echo "-G: $rc $(cat err)"; fail=1; }
exit $fail
