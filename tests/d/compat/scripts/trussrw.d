/*
 * trussrw.d - the Dynamic Tracing Guide's trussrw.d: read and write of
 * one process, arguments at entry and the result at return, %p and
 * padded conversions.
 */
syscall::read:entry,
syscall::write:entry
/pid == $target/
{
	printf("%s(%d, 0x%p, %4d)", probefunc, arg0, arg1, arg2);
}

syscall::read:return,
syscall::write:return
/pid == $target/
{
	printf("\t\t = %d\n", arg1);
}
