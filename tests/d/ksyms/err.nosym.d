/* A backquoted name that is no kernel symbol. */
BEGIN
{
	trace(`no_such_symbol_anywhere);
}
