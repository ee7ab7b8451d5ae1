/*
 * Character constants as dtrace's lexer reads them: C's escapes, several
 * characters packed big-endian ('ab' is 0x6162, as gcc packs them), each
 * byte unsigned ('\xff' is 255, where gcc's char makes it -1), typed as a
 * decimal constant: int, long past four characters ('abcde').  Constants
 * and clause-locals assigned from them agree.
 */
#pragma D option quiet

BEGIN
{
	this->ab = 'ab';
	this->ff = '\xff';
	this->five = 'abcde';
	printf("%d %d %d %d %d %d %d\n", 'a', '\n', '\x41', '\101', '\\', '\'', '\0');
	printf("%x %x %x %x\n", 'ab', 'abcd', 'abcde', 'abcdefgh');
	printf("%x %d %x %d\n", this->ab, sizeof (this->ab), this->five,
	    sizeof (this->five));
	printf("%d %d %d %d\n", '\xff', this->ff, sizeof ('a'), sizeof 'abcde');
	printf("%d %d %d %d\n", 'a' + 1, this->ab - 'a', 'z' - 'a', -'a');
	printf("%c%c%c", 'o', 'k', '\n');
	exit(0);
}
