/* -x errtags tags the lexer's errors too: a constant too big for any type. */
BEGIN
{
	trace(99999999999999999999);
}
