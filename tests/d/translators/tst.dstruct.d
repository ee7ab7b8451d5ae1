/*
 * Translators between D-declared structs: xlate to the struct and to a
 * pointer to it, members of integer and string type, an integer input.
 */
#pragma D option quiet

struct in_t {
	char name[16];
};

struct out_t {
	int a;
	long b;
	char n[16];
	int twice;
};

translator struct out_t < struct in_t *P > {
	a = *(char *)P;
	b = *((char *)P + 1) + 1;
	n = P->name;
};

translator struct out_t < int x > {
	twice = x * 2;
};

inline struct in_t *comm = (struct in_t *)((uintptr_t)curthread +
    offsetof(struct task_struct, comm));

BEGIN
{
	printf("%c %d %s\n", xlate <struct out_t *>(comm)->a,
	    xlate <struct out_t>(comm).b, xlate <struct out_t *>(comm)->n);
	printf("%d %d\n", xlate <struct out_t>(21).twice, (*xlate <struct out_t *>(-4)).twice);
	exit(0);
}
