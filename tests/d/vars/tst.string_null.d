/*
 * Strings and NULL (or 0), as dtrace has them: a string compared with
 * NULL is compared as a string, NULL reading as "" (so an unset string,
 * NULL for a dynamic variable and "" for a global, and an empty one all
 * equal NULL); assigning NULL or 0 deletes a dynamic variable as any 0
 * does, and leaves a global or clause-local one empty; NULL may be a
 * string operand of ?:.
 */
#pragma D option quiet

string g;
self string s;
string err[int];

BEGIN
{
	printf("unset: %d %d %d\n", self->s == NULL, g == NULL, err[1] == NULL);
	self->s = "a";
	g = "b";
	err[1] = "EPERM";
	printf("set: %d %d %d %d\n", self->s == NULL, self->s != NULL, NULL == g,
	    err[1] != NULL);
	printf("[%s] [%s]\n", err[1] != NULL ? err[1] : "?",
	    err[2] != NULL ? err[2] : "?");
	self->s = 0;
	g = NULL;
	err[1] = NULL;
	printf("freed: %d %d %d [%s] [%s]\n", self->s == NULL, g == NULL,
	    err[1] == NULL, self->s, g);
	self->s = "";
	printf("empty: %d %d %d\n", self->s == NULL, self->s == "", self->s == 0);
	this->t = "x";
	this->t = 0;
	printf("this: %d [%s] %d\n", this->t == 0, this->t, 0 == this->t);
	x = 1;
	printf("[%s] [%s]\n", x ? NULL : "no", x ? "yes" : NULL);
	exit(0);
}
