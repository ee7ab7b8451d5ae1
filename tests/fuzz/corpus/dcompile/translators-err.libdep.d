/* A program may not depend on a library: libraries load before it. */
#pragma D depends_on library procfs.d

BEGIN
{
}
