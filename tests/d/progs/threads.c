/*
 * threads - a second thread calls gettid() and then getppid(); once it
 * has finished, the main thread calls getppid() too.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

static void *thread(void *arg)
{
	(void)arg;
	syscall(SYS_gettid);
	syscall(SYS_getppid);
	return NULL;
}

int main(void)
{
	pthread_t t;

	if (pthread_create(&t, NULL, thread, NULL) != 0)
		return 1;
	pthread_join(t, NULL);
	syscall(SYS_getppid);
	return 0;
}
