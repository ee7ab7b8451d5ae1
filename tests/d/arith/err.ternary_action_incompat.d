/*
 * An action (of type void) and a value in a ?: whose condition is not a
 * constant: dtrace finds the operands incompatible first.
 */
BEGIN
{
	x = 1;
	x ? printf("yes\n") : 1;
}
