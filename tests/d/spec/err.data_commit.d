/* no data-recording action after commit() */
BEGIN
{
	commit(1);
	printf("after\n");
}
