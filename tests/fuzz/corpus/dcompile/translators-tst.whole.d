/*
 * A translated struct as a whole value (the guide's Translators chapter):
 * xlate <T>(e) and *xlate <T *>(e) (so *curpsinfo) assigned to a global or
 * clause-local variable, declared or implicit, copy every member the
 * translator defines; members it does not define are zero; a member that
 * is itself a translation is built the same way.  Structs also copy from
 * D variables and from kernel memory.
 */
#pragma D option quiet

struct in_t {
	int v;
};

struct pair {
	long lo;
	long hi;
};

struct out_t {
	int a;
	char name[8];
	int undefined;
	struct pair p;
	long b;
};

translator struct pair < int x > {
	lo = x - 1;
	hi = x + 1;
};

translator struct out_t < struct in_t *I > {
	a = I->v * 2;
	name = "out";
	p = xlate <struct pair>(I->v);
	b = -1;
};

struct in_t in;
struct out_t g;
this struct out_t t;

BEGIN
{
	in.v = 21;
	g = xlate <struct out_t>(&in);
	printf("%d %s %d %d %d %d\n", g.a, g.name, g.undefined, g.p.lo, g.p.hi, g.b);
	in.v = 5;
	this->t = *xlate <struct out_t *>(&in);
	printf("%d %s %d %d %d\n", this->t.a, this->t.name, this->t.p.lo, this->t.p.hi, this->t.b);
	implicit = xlate <struct out_t>(&in);
	this->imp = implicit;
	printf("%d %d %d\n", implicit.a, this->imp.p.hi, sizeof (implicit));
	ps = *curpsinfo;
	this->lw = xlate <lwpsinfo_t>(curthread);
	printf("%d %d %d %s %d\n", ps.pr_pid == pid, ps.pr_ppid == ppid, ps.pr_uid == uid,
	    ps.pr_fname, ps.pr_dmodel == PR_MODEL_LP64);
	printf("%d %s %c\n", this->lw.pr_lwpid == tid, this->lw.pr_name, this->lw.pr_sname);
	task = *curthread;
	printf("%d %s\n", task.pid == tid, task.comm);
	exit(0);
}
