/* A struct definition cannot name another namespace. */
struct vmlinux`mine { int a; };

BEGIN
{
}
