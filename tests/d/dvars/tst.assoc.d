/* Associative arrays: tuple keys of integers and strings, declared and implicit. */
#pragma D option quiet

int counts[string];

BEGIN
{
	a[123, "hello"] = 456;
	a[124, "hello"] = 1;
	a[123, "hellp"] = 2;
	counts["x"]++;
	counts["x"] += 2;
	counts[execname] = 10;
	printf("%d %d %d %d\n", a[123, "hello"], a[124, "hello"], a[123, "hellp"], a[1, "x"]);
	printf("%d %d %d\n", counts["x"], counts["dtrace"], counts["y"]);
	a[123, "hello"] = 0;
	printf("%d\n", a[123, "hello"]);
	b[a[124, "hello"]] = 7;
	printf("%d\n", b[1]);
	exit(0);
}
