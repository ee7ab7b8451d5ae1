/*
 * The library's curpsinfo and curlwpsinfo (psinfo.d, loaded from the
 * source tree's dlib/ by default) agree with the built-in variables.
 */
#pragma D option quiet

BEGIN
{
	printf("pid %d ppid %d uid %d gid %d\n", curpsinfo->pr_pid == pid,
	    curpsinfo->pr_ppid == ppid, curpsinfo->pr_uid == uid, curpsinfo->pr_gid == gid);
	printf("euid %d egid %d addr %d nlwp %d model %d\n", curpsinfo->pr_euid == uid,
	    curpsinfo->pr_egid == gid, curpsinfo->pr_addr == (uintptr_t)curthread,
	    curpsinfo->pr_nlwp > 0, curpsinfo->pr_dmodel == PR_MODEL_LP64);
	printf("fname %s %d\n", curpsinfo->pr_fname, curpsinfo->pr_fname == execname);
	printf("lwpid %d onpro %d state %d %c name %s pri %d nice %d\n",
	    curlwpsinfo->pr_lwpid == tid, curlwpsinfo->pr_onpro == cpu,
	    curlwpsinfo->pr_state == SRUN, curlwpsinfo->pr_sname, curlwpsinfo->pr_name,
	    curlwpsinfo->pr_pri > 0, curlwpsinfo->pr_nice >= 0);
	printf("deref %d %d\n", (*curpsinfo).pr_pid == pid, sizeof (*curpsinfo) == sizeof (psinfo_t));
	exit(0);
}
