/* Variables cannot be declared inside a clause. */
BEGIN
{
	x = 1;
	int y;
	exit(0);
}
