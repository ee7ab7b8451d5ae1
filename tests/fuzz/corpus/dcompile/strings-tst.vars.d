/* String-valued globals, thread-locals, clause-locals and associative
 * array values: assignment, copies between them, never-assigned values
 * read as "", and declared types. */
#pragma D option quiet
string g;
self string s;
this string t;

BEGIN
{
	printf("[%s][%s][%s]\n", g, self->s, this->t);
	g = "global";
	self->s = g;
	this->t = self->s;
	a["k"] = this->t;
	b[1, "x"] = "tuple";
	implicit = "implicit";
	printf("[%s][%s][%s][%s][%s][%s]\n", g, self->s, this->t, a["k"], b[1, "x"], implicit);
	g = "changed";
	printf("[%s]\n", a["none"]);
	printf("[%s][%s]\n", g, self->s);
	self->s = "";
	printf("[%s]\n", self->s);
}

BEGIN
{
	/* this-> persists across the clauses of one probe firing */
	printf("[%s][%s][%s]\n", this->t, g, a["k"]);
	exit(0);
}
