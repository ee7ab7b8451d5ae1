/* Thread-local associative arrays: self->a[keys], integer and string
 * values, missing keys read 0 or "", assigning 0 deletes. */
#pragma D option quiet

BEGIN
{
	self->a[1, "x"] = 5;
	self->a[2, "y"] = 7;
	self->name["k"] = "value";
	printf("%d %d %d [%s][%s]\n", self->a[1, "x"], self->a[2, "y"], self->a[3, "z"],
	    self->name["k"], self->name["none"]);
	self->a[1, "x"]++;
	self->a[2, "y"] = 0;
	printf("%d %d\n", self->a[1, "x"], self->a[2, "y"]);
	exit(0);
}
