/* A program may require a provider. */
#pragma D depends_on provider nosuch

BEGIN
{
}
