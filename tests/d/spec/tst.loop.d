/*
 * With more than 16 speculations, speculation() searches them in a loop:
 * every id is handed out once, and one committed on this CPU is free again.
 */
#pragma D option quiet
#pragma D option nspec=20

BEGIN
{
	a1 = speculation(); a2 = speculation(); a3 = speculation();
	a4 = speculation(); a5 = speculation(); a6 = speculation();
	a7 = speculation(); a8 = speculation(); a9 = speculation();
	a10 = speculation(); a11 = speculation(); a12 = speculation();
	a13 = speculation(); a14 = speculation(); a15 = speculation();
	a16 = speculation(); a17 = speculation(); a18 = speculation();
	a19 = speculation(); a20 = speculation(); a21 = speculation();
	printf("%d %d %d %d %d %d %d %d %d %d\n", a1, a2, a3, a4, a5, a6, a7,
	    a8, a9, a10);
	printf("%d %d %d %d %d %d %d %d %d %d %d\n", a11, a12, a13, a14, a15,
	    a16, a17, a18, a19, a20, a21);
}

BEGIN
{
	speculate(a17);
	printf("seventeen\n");
}

BEGIN
{
	commit(a17);
}

BEGIN
{
	printf("%d %d\n", speculation(), speculation());
	exit(0);
}
