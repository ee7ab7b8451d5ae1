/* setopt()'s arguments are strings: void(const char *, [const char *]) */
BEGIN
{
	setopt("quiet", 1);
}
