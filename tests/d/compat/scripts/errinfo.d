/*
 * errinfo.d - failed system calls with the error's name, in the style of
 * the DTraceToolkit's errinfo: a table of names filled in BEGIN, a
 * string variable reset with NULL, an lquantize of the error numbers.
 */
#pragma D option quiet

string last;

dtrace:::BEGIN
{
	err[1] = "EPERM"; err[2] = "ENOENT"; err[9] = "EBADF"; err[13] = "EACCES";
	err[17] = "EEXIST"; err[22] = "EINVAL";
	last = NULL;	/* a string compared and assigned with NULL */
}

syscall:::return
/errno != 0 && pid == $target/
{
	this->name = err[errno] != NULL ? err[errno] : "?";
	@errs[probefunc, errno, this->name] = count();
	@dist = lquantize(errno, 0, 40, 5);
	last = this->name;
}

dtrace:::END
{
	printf("%-16s %5s %-8s %s\n", "SYSCALL", "ERR", "NAME", "COUNT");
	printa("%-16s %5d %-8s %@d\n", @errs);
	printa(@dist);
	printf("last: %s\n", last != NULL ? last : "none");
}
