/* stringof() of a string is the string; of a pointer or integer it is the
 * string at that kernel address (here scratch memory); char * converts
 * to string where a string is needed. */
#pragma D option quiet
string s;

BEGIN
{
	this->p = (char *)alloca(4);
	*this->p = 'o';
	*(this->p + 1) = 'k';
	*(this->p + 2) = '\0';
	printf("[%s][%s]\n", stringof("abc"), stringof(this->p));
	s = this->p;
	printf("[%s][%d][%s]\n", s, strlen(this->p), strjoin(this->p, "!"));
	printf("[%s]\n", stringof((uint64_t)this->p + 1));
	exit(0);
}
