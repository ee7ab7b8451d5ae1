/*
 * The predicate and the actions each use a variable the other declares
 * only after that use: dtrace reports the predicate's.
 */
BEGIN
/y > 0 && (x = 1) > 0/
{
	trace(x);
	y = 2;
}
