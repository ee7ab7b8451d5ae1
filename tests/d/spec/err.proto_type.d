/* a speculation id is an int */
BEGIN
{
	commit("one");
}
