/* this-> variables are never associative arrays, declared or not. */
BEGIN
{
	this->x[1] = 1;
	exit(0);
}
