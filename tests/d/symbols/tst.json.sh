#!/bin/bash
# -x oformat=json: sym()/func()/mod() values and aggregation keys are the
# symbol's text as JSON strings (keys of type "string").
got=$("$DTRACE" -x oformat=json -o /dev/stdout -qn 'BEGIN {
	func(&`ksys_read); mod(&`ksys_read); sym(3);
	@[func((uintptr_t)&`ksys_read + 1)] = count(); exit(0); }' 2>&1)
want='{"type":"trace","cpu":CPU,"id":1,"probe":"dtrace:::BEGIN","value":"vmlinux`ksys_read"}
{"type":"trace","cpu":CPU,"id":1,"probe":"dtrace:::BEGIN","value":"vmlinux"}
{"type":"trace","cpu":CPU,"id":1,"probe":"dtrace:::BEGIN","value":"0x3"}
{"type":"exit","status":0}
{"type":"aggregation","aggregations":[{"name":"","function":"count"}],"keys":[{"name":"key0","type":"string","size":8}],"rows":[{"keys":["vmlinux`ksys_read"],"values":[1]}]}'
got=$(printf '%s\n' "$got" | sed 's/"cpu":[0-9]*/"cpu":CPU/')
[ "$got" = "$want" ] && exit 0
echo "expected:"; printf '%s\n' "$want"; echo "got:"; printf '%s\n' "$got"
exit 1
