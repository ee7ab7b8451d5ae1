BEGIN
{
	copyoutstr(1, arg1, 4);
}
