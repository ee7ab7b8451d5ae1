/* A translator member the output type lacks: D_XLATE_MEMB. */
struct out_t { int a; };
translator struct out_t < struct task_struct *T > {
	a = T->pid;
	b = T->tgid;
};
