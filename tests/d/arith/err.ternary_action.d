/*
 * An action in a ?: whose condition is not a constant: dtrace refuses it
 * once the operands' types are found compatible.
 */
BEGIN
{
	x = 1;
	x ? printf("yes\n") : printf("no\n");
}
