/* Parameterized inlines (io.d's fds[] is one): each use lowers the value
 * with the parameters bound to its keys, converted to their types. */
#pragma D option quiet

inline int sq[int x] = x * x;
inline string pick[int i, string s] = i > 0 ? s : "no";
inline char lo[int v] = v;

BEGIN
{
	n = 3;
	printf("%d %d %d\n", sq[7], sq[n + 1], sq[sq[2]]);
	printf("%s %s %s\n", pick[1, "yes"], pick[0, "yes"], pick[n, strjoin("a", "b")]);
	printf("%d\n", lo[257]);
	exit(0);
}
