/*
 * sched_pi - priority inheritance, for sched:::change-pri.
 *
 * The main thread (a normal thread, kernel priority 120) takes a
 * PTHREAD_PRIO_INHERIT mutex; a second thread, SCHED_FIFO priority 10
 * (kernel priority 89), blocks on it, so the kernel lends the owner the
 * waiter's priority (120 -> 89); 50 ms later the owner unlocks and gets
 * its own back (89 -> 120).  Needs root (SCHED_FIFO).
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <time.h>

static pthread_mutex_t m;

static void *waiter(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	pthread_mutex_unlock(&m);
	return NULL;
}

int main(void)
{
	pthread_mutexattr_t ma;
	pthread_mutexattr_init(&ma);
	if (pthread_mutexattr_setprotocol(&ma, PTHREAD_PRIO_INHERIT) != 0)
		return 1;
	pthread_mutex_init(&m, &ma);
	pthread_mutex_lock(&m);

	pthread_attr_t ta;
	struct sched_param sp = { .sched_priority = 10 };
	pthread_attr_init(&ta);
	pthread_attr_setinheritsched(&ta, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&ta, SCHED_FIFO);
	pthread_attr_setschedparam(&ta, &sp);
	pthread_t t;
	if (pthread_create(&t, &ta, waiter, NULL) != 0) {
		perror("pthread_create");
		return 1;
	}
	struct timespec ts = { 0, 50000000 };
	nanosleep(&ts, NULL);
	pthread_mutex_unlock(&m);
	pthread_join(t, NULL);
	return 0;
}
