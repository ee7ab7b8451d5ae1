/*
 * uregs[] in BEGIN, which runs in dtrace itself from its bpf() system
 * call: R_ERR (orig_ax) is that call's number, 321 on x86_64; the 32-bit
 * and common names are the 64-bit registers; an index in a variable reads
 * the same register, and one past the saved registers faults with an
 * illegal operation.
 */
#pragma D option quiet

BEGIN
{
	i = R_ERR;
	printf("%d %d\n", uregs[R_ERR], uregs[i]);
	printf("%d %d %d %d\n", uregs[R_PC] == uregs[R_RIP], uregs[R_EAX] == uregs[R_RAX],
	    uregs[R_SP] == uregs[R_RSP], uregs[R_FP] == uregs[R_RBP]);
	printf("%d %d %d\n", R_R15, R_SS, R_PC);
}

BEGIN
{
	i = R_SS + 1;
	trace(uregs[i]);
}

ERROR
{
	printf("fault %d at %d\n", arg4, arg5);
	exit(0);
}
