/* the rules follow program order through if/else */
BEGIN
{
	if (timestamp) {
		trace(1);
	}
	speculate(1);
}
