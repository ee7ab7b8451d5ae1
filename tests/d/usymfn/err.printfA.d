/* printf's %A takes an integer or pointer only with a process (-p/-c:
 * $target's address), as dtrace's; else only a usym()/uaddr() key */
BEGIN
{
	printf("%A\n", 0x1234);
}
