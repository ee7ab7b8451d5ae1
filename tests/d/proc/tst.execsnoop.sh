#!/bin/bash
# An execsnoop in the style of the published scripts: each program a
# process runs, with its path (from proc:::exec's args[0]), its name and
# arguments in the new image (proc:::exec-success, curpsinfo), and the
# failed ones with their errno (proc:::exec-failure), for a shell's
# commands: one that runs, one that is not there.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/execsnoop.d" <<'SEOF'
#!/usr/sbin/dtrace -s
#pragma D option quiet

dtrace:::BEGIN
{
	printf("%-10s %-6s %-24s %s\n", "COMM", "ERRNO", "PATH", "ARGS");
}

proc:::exec
/progenyof($target)/
{
	self->path = args[0];
}

proc:::exec-success
/self->path != NULL/
{
	printf("%-10s %-6d %-24s %s\n", execname, 0, self->path,
	    curpsinfo->pr_psargs);
	self->path = 0;
}

proc:::exec-failure
/self->path != NULL/
{
	printf("%-10s %-6d %-24s %s\n", execname, args[0], self->path, "-");
	self->path = 0;
}
SEOF
cat >"$tmp/cmd.sh" <<'CEOF'
/bin/echo one two three >/dev/null
/nonexistent/proc_snoop 2>/dev/null
/bin/true last
CEOF
taskset -c 0 "$DTRACE" -s "$tmp/execsnoop.d" -c "/bin/sh $tmp/cmd.sh" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
cat >"$tmp/want" <<WEOF
COMM       ERRNO  PATH                     ARGS
echo       0      /bin/echo                /bin/echo one two three
sh         2      /nonexistent/proc_snoop  -
true       0      /bin/true                /bin/true last

WEOF
diff -u "$tmp/want" "$tmp/out" || exit 1
exit 0
