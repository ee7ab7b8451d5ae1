#!/bin/bash
# commit() and discard() write control records that go through the buffer
# policy like any record: under fill, ring and switch a committed
# speculation prints where it was committed and a discarded one never.
cat >/tmp/commit_policies.$$.d <<'DEOF'
#pragma D option quiet
BEGIN { a = speculation(); b = speculation(); }
BEGIN { speculate(a); printf("committed\n"); }
BEGIN { speculate(b); printf("discarded\n"); }
BEGIN { discard(b); }
BEGIN { commit(a); }
BEGIN { printf("principal\n"); exit(0); }
DEOF
trap 'rm -f /tmp/commit_policies.$$.d' EXIT
fail=0
for p in switch fill ring; do
	out=$("$DTRACE" -x nspec=2 -x bufpolicy=$p -s /tmp/commit_policies.$$.d 2>&1)
	want=$(printf 'committed\nprincipal\n')
	if [ "$out" != "$want" ]; then
		echo "bufpolicy=$p: got:"; echo "$out"; fail=1
	fi
done
exit $fail
