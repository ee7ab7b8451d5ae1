/*
 * Records still in the buffers when exit() is called are all printed
 * before END's: with a 10 s switchrate nothing is read before the exit,
 * so every line below comes out of the final drain, in order.
 */
#pragma D option quiet
#pragma D option switchrate=10s

tick-1ms
{
	printf("%d\n", ++n);
}

tick-1ms
/n == 200/
{
	exit(0);
	printf("exit called at %d\n", n);
}

END
{
	printf("END after %d\n", n);
}
