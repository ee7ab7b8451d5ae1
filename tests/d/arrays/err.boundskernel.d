/* A constant index outside a kernel struct's array member is a compile
 * error too (task_struct's comm is char[16]). */
BEGIN
{
	trace(curthread->comm[16]);
	exit(0);
}
