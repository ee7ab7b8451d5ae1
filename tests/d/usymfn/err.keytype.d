/* a usym() key stays one: an integer there is another key type */
BEGIN
{
	@a[usym(0)] = count();
	@a[3] = count();
}
