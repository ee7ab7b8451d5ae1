/*
 * Macro arguments: $1.. are the operands after the script, as integers or
 * identifiers; $$1.. are the same operands as strings; $0 and $$0 name the
 * script.  A negative number is accepted as an integer operand.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", $1, $3, $1 + $3);
	printf("[%s] [%s] [%s] [%s]\n", $$1, $$2, $$3, $$0);
	x = $4;
	printf("%d\n", x);
	exit($1 - 40);
}
