#!/bin/bash
# Every option DTrace documents is accepted, those with no effect on Linux
# too, with their values checked as DTrace checks them: flags take no
# value, words must be the option's words, numbers and sizes must be
# numbers and sizes.  None is an "Invalid option name".
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
ok() {
	for o in "$@"; do
		"$DTRACE" -x "$o" -e -n BEGIN >"$tmp/out" 2>"$tmp/err" ||
		    { echo "-x $o: exit status $?: $(cat "$tmp/err")"; fail=1; }
		printf '#pragma D option %s\nBEGIN { exit(0); }\n' "$o" >"$tmp/p.d"
		case $o in ldpath=*|modpath=*|procfspath=*|cppargs=*|cpppath=*|cpphdrs|define=*|incdir=*|undef=*|stdc=*) continue ;; esac
		"$DTRACE" -e -s "$tmp/p.d" >"$tmp/out" 2>"$tmp/err" ||
		    { echo "pragma $o: exit status $?: $(cat "$tmp/err")"; fail=1; }
	done
}
bad() {
	for o in "$@"; do
		"$DTRACE" -x "$o" -e -n BEGIN >"$tmp/out" 2>"$tmp/err"
		local rc=$?
		[ $rc = 1 ] && [ "$(cat "$tmp/err")" = "dtrace: failed to set -x ${o%%=*}: Invalid value for specified option" ] ||
		    { echo "-x $o: $rc $(cat "$tmp/err")"; fail=1; }
	done
}
# compile time
ok amin=Evolving/Evolving/Common amin=stable amin=Private/Unstable amin= argref debug \
    debugassert=mutexes droptags empty errtags evaltime=exec evaltime=preinit \
    evaltime=postinit evaltime=main iregs=4 tregs=16 kdefs knodefs late=dynamic \
    late=static lazyload ldpath=/bin/ld linkmode=kernel linkmode=primary \
    linkmode=dynamic linkmode=static linktype=elf linktype=dof modpath=/lib/modules \
    nolibs pgmax=0 preallocate=1m procfspath=/proc pspec strip udefs unodefs verbose \
    ctfpath=/nonexistent disasm=0 syslibdir=/nonexistent
bad amin=Solid amin=Stable/Stable/Common/x argref=1 empty=yes evaltime=later \
    iregs=0 tregs=-1 late=early linkmode=elf linktype=coff pgmax=x preallocate=1q \
    amin debugassert=locks ldpath evaltime disasm=x
# run time and dynamic
ok bpflog bpflog=no bpflogsize=1m stackframes=10 ustackframes=10 jstackframes=10 \
    jstackstrsize=1k temporal noresolve pcapsize=2k quietresize stackindent=4 \
    agghist aggpack aggzoom=on lockmem=1m printsize=100 maxframes=10 scratchsize=2k cpu=0
bad bpflogsize=100 bpflogsize=2g stackframes=x stackindent=-1 pcapsize=1z \
    temporal=maybe scratchsize=128k maxframes=1025 lockmem=x
exit $fail
