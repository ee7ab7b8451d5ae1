/*
 * A per-CPU kernel variable is the current CPU's copy: cpu_number holds
 * the CPU's number, runqueues.cpu too, and the CPU's run queue's current
 * task is the one running BEGIN.  & gives the address of that copy; an
 * extern declaration types it but leaves it per-CPU.
 */
#pragma D option quiet

extern int cpu_number;

BEGIN
{
	printf("%d %d %d\n", `cpu_number == cpu, `runqueues.cpu == cpu,
	    `runqueues.curr == curthread);
	printf("%d %d\n", *&`cpu_number == cpu, (&`runqueues)->cpu == cpu);
	printf("%d %d\n", sizeof (`runqueues) == sizeof (struct rq),
	    sizeof (vmlinux`this_cpu_off));
	exit(0);
}
