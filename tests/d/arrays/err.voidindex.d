/* A void pointer cannot be indexed. */
BEGIN
{
	trace(((void *)curthread)[1]);
}
