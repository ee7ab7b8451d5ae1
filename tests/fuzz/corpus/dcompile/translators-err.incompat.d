/* A member of the wrong type: D_XLATE_INCOMPAT. */
struct out_t { int a; };
translator struct out_t < struct task_struct *T > {
	a = T->comm;
};
