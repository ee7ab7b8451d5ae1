/* trace() of every integer width and of strings, in the default format */
BEGIN
{
	trace((char)1);
	trace((short)2);
	trace(3);
	trace(4LL);
	trace("five");
	trace(-1);
}

BEGIN
{
	exit(0);
}
