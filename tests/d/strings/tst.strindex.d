/*
 * A string is indexed like a char array: s[i], *s and *(s + i) are the
 * char at that index, whatever holds the string (a global, self->,
 * this->, an associative array element, a literal, a built-in, a
 * subroutine's result, copyinstr(), a kernel char array); s + i is the
 * string from index i on.  Past the string's end, within its storage,
 * the char is its NUL.
 */
#pragma D option quiet

BEGIN
{
	s = "hello";
	self->name = "/usr/bin/ls";
	this->t = "tmp";
	a["k"] = "ABCDEFG";
	this->first = self->name[0];
	printf("%c %d\n", this->first, *self->name == '/');
	printf("%c %c %c %c\n", s[0], s[4], *s, *(s + 1));
	printf("%d %d\n", s[5], s[100]);
	printf("%c %c\n", this->t[2], a["k"][1]);
	printf("%c %c\n", "xyz"[1], *("xyz" + 2));
	printf("%c %c\n", execname[0], curthread->comm[1]);
	printf("%d\n", copyinstr(curthread->mm->arg_start)[0] == '/');
	printf("%c %c\n", strjoin("ab", "cd")[3], (s == "hello" ? s : "other")[1]);
	i = 3;
	printf("%c %c\n", s[i], s[i - 3]);
	printf("[%s] [%s] [%s] [%s] [%s]\n", s + 1, 2 + s, (s + 4) - 2, s + 5, s + 9);
	x = self->name + 5;
	printf("%s %c %c\n", x, (self->name + 5)[1], *(x + 2));
	exit(0);
}
