/* A member kernel BTF does not have is a compile error. */
BEGIN
{
	trace(curthread->nosuchmember);
}
