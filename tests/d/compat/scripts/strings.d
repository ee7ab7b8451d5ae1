/*
 * strings.d - string idioms of published scripts: NULL tests and
 * clearing a thread-local string, walking a string by index, a predicate
 * that assigns.
 */
#pragma D option quiet

syscall::openat:entry
/(this->p = arg1) != 0/
{
	self->name = copyinstr(this->p);
}

syscall::openat:return
/self->name != NULL/
{
	this->first = self->name[0];
	printf("%s %c %d\n", self->name, this->first, *self->name == '/');
	self->name = 0;
}
