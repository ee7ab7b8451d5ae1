/*
 * String members (DTrace's string is a char[strsize] typedef): strsize
 * bytes of the struct, in associative array elements, self-> and global
 * structs alike; read as strings, assigned strings cut to strsize - 1
 * characters, "" when never assigned, copied with their struct.
 */
#pragma D option quiet
#pragma D option strsize=16

struct rec {
	string name;
	int n;
	string tags[2];
};

struct rec r[string];
self struct rec sr;
struct rec g;

BEGIN
{
	printf("[%s] [%s] %d %d %d\n", r["x"].name, r["x"].tags[1], sizeof (struct rec),
	    offsetof(struct rec, n), offsetof(struct rec, tags));
	r["a"].name = "alpha";
	r["a"].n = 1;
	r["a"].tags[1] = execname;
	r["b"] = r["a"];
	r["b"].name = strjoin(r["b"].name, "-and-a-long-tail");
	printf("%s %s %d %s\n", r["a"].name, r["b"].name, strlen(r["b"].name), r["b"].tags[1]);
	printf("%d %d\n", r["a"].name == "alpha", r["b"].name < r["a"].name);
	self->sr.name = r["a"].name;
	g = self->sr;
	g.tags[0] = "zero";
	printf("%s %s [%s]\n", self->sr.name, g.tags[0], g.tags[1]);
	trace(g.name);
	printf("\n");
	exit(0);
}
