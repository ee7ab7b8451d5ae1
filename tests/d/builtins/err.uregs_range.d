/* uregs[] indices past the named registers are an error. */
BEGIN
{
	trace(uregs[26]);
}
