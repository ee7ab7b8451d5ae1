#!/bin/bash
# JSON carries a traced float or double as the shortest number that reads
# back as it (0.1 stays 0.1), and NaN and the infinities, which JSON has
# no numbers for, as strings.
out=$("$DTRACE" -x oformat=json -qn '
BEGIN
{
	q = (double *)alloca(4 * sizeof (double));
	*(uint64_t *)q = 0x3fb999999999999a;
	*(uint64_t *)(q + 1) = 0xfff0000000000000;
	*(uint64_t *)(q + 2) = 0x7ff8000000000000;
	*(uint64_t *)(q + 3) = 0xc1d26580b4c00000;
	f = (float *)alloca(sizeof (float));
	*(uint32_t *)f = 0x3dcccccd;
	trace(*q);
	trace(q[1]);
	trace(q[2]);
	trace(q[3]);
	trace(*f);
	exit(0);
}' 2>&1) || { echo "dtrace failed: $out"; exit 1; }
got=$(printf '%s\n' "$out" | jq -c 'select(.type == "trace") | .value') || { echo "not JSON: $out"; exit 1; }
want='0.1
"-inf"
"nan"
-1234567891
0.1'
[ "$got" = "$want" ] || { echo "values:"; echo "$got"; echo "output:"; echo "$out"; exit 1; }
