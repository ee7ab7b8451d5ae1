BEGIN
{
	copyout(arg0, arg1, 4);
}
