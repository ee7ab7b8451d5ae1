/*
 * setopt() while tracing: setopt("quiet") turns the probe lines off from
 * the next record on (this one's line is already out, and gets no
 * newline), setopt("aggsortrev") reverses the next printa(), and
 * setopt(name, "no") unsets an option.
 */
BEGIN
{
	@a["x"] = count(); @a["y"] = count(); @a["y"] = count();
	setopt("quiet");
	printf("quiet now\n");
}

tick-1ms
{
	setopt("aggsortrev");
	printa(@a);
	setopt("aggsortrev", "no");
	printa(@a);
	exit(0);
}
