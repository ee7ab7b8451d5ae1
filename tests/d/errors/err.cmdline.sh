#!/bin/bash
# Compile errors in -n probe specifiers: no line numbers, but errors found
# while checking a clause's actions or predicate name that region, the
# probe description appears in full, and dtrace exits with status 1.
# With -x errtags the error's tag comes before the region, as dtrace
# prints it; the option is a flag (a value is refused).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
check() {	# expected-message specifier
	local want=$1; shift
	"$DTRACE" "$@" >"$tmp/out" 2>"$tmp/err"
	local rc=$?
	if [ $rc != 1 ]; then echo "$*: exit status $rc, expected 1"; fail=1; fi
	if [ -s "$tmp/out" ]; then echo "$*: unexpected stdout"; fail=1; fi
	if [ "$(cat "$tmp/err")" != "$want" ]; then
		echo "$*:"; echo "  expected: $want"; echo "  got:      $(cat "$tmp/err")"
		fail=1
	fi
}
check 'dtrace: invalid probe specifier BEGIN{x = }: syntax error near "}"' \
    -n 'BEGIN{x = }'
check 'dtrace: invalid probe specifier BEGIN{x = 1 / 0}: expression contains division by zero' \
    -n 'BEGIN{x = 1 / 0}'
check 'dtrace: invalid probe specifier BEGIN{trace(y)}: in action list: failed to resolve y: Unknown variable name' \
    -n 'BEGIN{trace(y)}'
check 'dtrace: invalid probe specifier BEGIN{exit()}: in action list: exit( ) prototype mismatch: 0 args passed, 1 expected' \
    -n 'BEGIN{exit()}'
check 'dtrace: invalid probe specifier BEGIN/y == 1/{exit(0)}: in predicate: failed to resolve y: Unknown variable name' \
    -n 'BEGIN/y == 1/{exit(0)}'
check 'dtrace: invalid probe specifier BEGIN{x = -"a"}: in action list: operator - requires an operand of arithmetic type' \
    -n 'BEGIN{x = -"a"}'
check 'dtrace: invalid probe specifier nosuchprobe: probe description :::nosuchprobe does not match any probes' \
    -n 'nosuchprobe'
check 'dtrace: invalid probe specifier nosuch:::probe{exit(0)}: probe description nosuch:::probe does not match any probes' \
    -n 'nosuch:::probe{exit(0)}'
check 'dtrace: invalid probe specifier BEGIN{exit(0)}: extraneous argument '"'"'foo'"'"' ($1 is not referenced)' \
    -n 'BEGIN{exit(0)}' foo
check 'dtrace: invalid probe specifier BEGIN{exit($1)}: extraneous argument '"'"'bar'"'"' ($2 is not referenced)' \
    -n 'BEGIN{exit($1)}' 0 bar
check 'dtrace: invalid probe specifier BEGIN{exit($1)}: macro argument $1 is not defined' \
    -n 'BEGIN{exit($1)}'
check 'dtrace: failed to open /nonexistent/no.d: No such file or directory' \
    -s /nonexistent/no.d
check 'dtrace: invalid probe specifier BEGIN{x = "b" + "a"}: [D_OP_INCOMPAT] in action list: operands have incompatible types: "string" + "string"' \
    -x errtags -n 'BEGIN{x = "b" + "a"}'
check 'dtrace: invalid probe specifier BEGIN/y == 1/{exit(0)}: [D_IDENT_UNDEF] in predicate: failed to resolve y: Unknown variable name' \
    -x errtags -n 'BEGIN/y == 1/{exit(0)}'
check 'dtrace: invalid probe specifier BEGIN{x = }: [D_SYNTAX] syntax error near "}"' \
    -x errtags -n 'BEGIN{x = }'
check 'dtrace: invalid probe specifier BEGIN{x = 1 / 0}: [D_DIV_ZERO] expression contains division by zero' \
    -x errtags -n 'BEGIN{x = 1 / 0}'
check 'dtrace: invalid probe specifier nosuch:::probe{exit(0)}: [D_PDESC_ZERO] probe description nosuch:::probe does not match any probes' \
    -x errtags -n 'nosuch:::probe{exit(0)}'
check 'dtrace: invalid probe specifier BEGIN{exit(0)}: [D_MACRO_UNUSED] extraneous argument '"'"'foo'"'"' ($1 is not referenced)' \
    -x errtags -n 'BEGIN{exit(0)}' foo
check 'dtrace: invalid probe specifier BEGIN{x = "b" + "a"}: in action list: operands have incompatible types: "string" + "string"' \
    -n 'BEGIN{x = "b" + "a"}'
check 'dtrace: failed to set -x errtags: Invalid value for specified option' \
    -x errtags=1 -n 'BEGIN{exit(0)}'
# as a pragma, -x errtags tags the errors after the pragmas are read
printf '#pragma D option errtags\nBEGIN\n{\n\tx = -"a";\n}\n' >"$tmp/p.d"
check "dtrace: failed to compile script $tmp/p.d: [D_OP_ARITH] line 4: operator - requires an operand of arithmetic type" \
    -s "$tmp/p.d"
exit $fail
