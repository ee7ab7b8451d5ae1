/* x86_64 Linux does not save %ds for user mode: uregs[R_DS] is an error. */
BEGIN
{
	trace(uregs[R_DS]);
}
