/*
 * perfmap.c - names for JIT code: /tmp/perf-PID.map, the file a JIT
 * writes for perf (Node's --perf-basic-prof, the JVM's perf map agents,
 * python3.12's -X perf), one line per piece of generated code:
 * "START SIZE name", START and SIZE in hex without 0x.  kernel/usyms.c
 * asks here for a PC that no file mapping holds (JIT code lives in
 * anonymous memory).
 *
 * A process's file is read the first time one of its PCs is looked up,
 * and read on (from where the last read stopped: the JIT only appends)
 * when a PC misses, at most every 100 ms (an open and an fstat when it
 * has not grown; a process without a map, its vdso and stray PCs miss
 * every time).  Code can be freed and its addresses reused: of the
 * entries holding a PC, the one written last wins (as perf does), and
 * since a PC that an old entry holds does not miss, a lookup also reads
 * on if the file was last read in an earlier second.  A file that
 * shrank or was replaced (a new process with the same pid) is read from
 * the start.  Entries are kept sorted by start with a running maximum of
 * their ends, so a lookup bisects and then walks back only over the
 * entries that can still hold the PC.
 *
 * A process in a container writes the file in its own /tmp under its
 * own pid: while it runs, /proc/PID/root/tmp/perf-NSPID.map is tried
 * first (NSpid of /proc/PID/status, read when the pid is first seen),
 * then /tmp/perf-PID.map (the same file when not in a container, and
 * still there once the process has exited).  The file is in a
 * world-writable directory: it is read only if it is a regular file (no
 * symlink followed) owned by root, by us, or by the process's owner
 * (perf's rule).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include "perfmap.h"

struct pment {
	uint64_t start, end;
	uint64_t seq;		/* its line's number: later lines win */
	const char *name;
};

struct pmap {
	int pid;
	int nspid;		/* pid in its own pid namespace (0: unknown) */
	uid_t uid;		/* the process's owner (0: unknown) */
	dev_t dev;
	ino_t ino;
	off_t pos;		/* bytes of the file parsed */
	uint64_t seq;
	struct pment *ents;
	uint64_t *maxend;	/* maxend[i]: the largest end of ents[0..i] */
	size_t n;
	char **texts;		/* the text the names point into, per read */
	size_t ntexts;
	time_t read;		/* when the file was last read */
	uint64_t missed;	/* ms (monotonic) of the last read on a miss */
};

static struct pmap *maps;
static size_t nmaps;

/* m's entries dropped (their names stay until dt_perfmap_free) */
static void reset(struct pmap *m)
{
	free(m->ents);
	free(m->maxend);
	m->ents = NULL;
	m->maxend = NULL;
	m->n = 0;
	m->pos = 0;
}

static int ent_cmp(const void *a, const void *b)
{
	const struct pment *x = a, *y = b;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* the entries of text[0..len) (whole lines only); returns the bytes used */
static size_t parse(struct pmap *m, char *text, size_t len)
{
	size_t used = 0, cap = m->n;
	while (used < len) {
		char *nl = memchr(text + used, '\n', len - used);
		if (!nl)
			break;
		char *line = text + used, *end;
		*nl = 0;
		used = (size_t)(nl - text) + 1;
		errno = 0;
		uint64_t start = strtoull(line, &end, 16);
		if (end == line || *end != ' ' || errno)
			continue;
		char *p = end + 1;
		uint64_t size = strtoull(p, &end, 16);
		if (end == p || *end != ' ' || errno || size == 0 || start + size < start)
			continue;
		if (m->n == cap) {
			cap = cap ? 2 * cap : 256;
			struct pment *e = realloc(m->ents, cap * sizeof(*e));
			if (!e)
				break;
			m->ents = e;
		}
		m->ents[m->n++] = (struct pment){ start, start + size, m->seq++, end + 1 };
	}
	return used;
}

/* read on from where the last read stopped */
static void read_more(struct pmap *m)
{
	char fn[80];
	int fd = -1;
	if (m->nspid) {
		snprintf(fn, sizeof(fn), "/proc/%d/root/tmp/perf-%d.map", m->pid, m->nspid);
		fd = open(fn, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	}
	if (fd < 0) {
		snprintf(fn, sizeof(fn), "/tmp/perf-%d.map", m->pid);
		fd = open(fn, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	}
	if (fd < 0)
		return;
	struct stat sb;
	if (fstat(fd, &sb) < 0 || !S_ISREG(sb.st_mode) ||
	    (sb.st_uid != 0 && sb.st_uid != geteuid() && sb.st_uid != m->uid))
		goto out;
	if (sb.st_dev != m->dev || sb.st_ino != m->ino || sb.st_size < m->pos) {
		reset(m);
		m->dev = sb.st_dev;
		m->ino = sb.st_ino;
	}
	if (sb.st_size == m->pos || lseek(fd, m->pos, SEEK_SET) != m->pos)
		goto out;
	size_t want = (size_t)(sb.st_size - m->pos), len = 0;
	char *text = malloc(want + 1);
	char **tt = realloc(m->texts, (m->ntexts + 1) * sizeof(*tt));
	if (tt)
		m->texts = tt;
	if (!text || !tt) {
		free(text);
		goto out;
	}
	while (len < want) {
		ssize_t r = read(fd, text + len, want - len);
		if (r <= 0)
			break;
		len += (size_t)r;
	}
	size_t n0 = m->n, used = parse(m, text, len);
	if (used == 0) {
		free(text);
		goto out;
	}
	m->texts[m->ntexts++] = text;
	m->pos += (off_t)used;
	uint64_t *me = realloc(m->maxend, (m->n ? m->n : 1) * sizeof(*me));
	if (!me) {
		m->n = n0;	/* unsorted entries unusable: drop them */
		goto out;
	}
	m->maxend = me;
	qsort(m->ents, m->n, sizeof(*m->ents), ent_cmp);
	for (size_t i = 0; i < m->n; i++)
		me[i] = i && me[i - 1] > m->ents[i].end ? me[i - 1] : m->ents[i].end;
out:
	close(fd);
}

static struct pmap *map_get(int pid)
{
	for (size_t i = 0; i < nmaps; i++)
		if (maps[i].pid == pid)
			return &maps[i];
	struct pmap *n = realloc(maps, (nmaps + 1) * sizeof(*n));
	if (!n)
		return NULL;
	maps = n;
	struct pmap *m = &maps[nmaps++];
	memset(m, 0, sizeof(*m));
	m->pid = pid;
	char fn[48], line[256];
	struct stat sb;
	snprintf(fn, sizeof(fn), "/proc/%d", pid);
	if (stat(fn, &sb) == 0)
		m->uid = sb.st_uid;
	/* its pid in its own pid namespace: the last of NSpid's */
	snprintf(fn, sizeof(fn), "/proc/%d/status", pid);
	FILE *f = fopen(fn, "re");
	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, "NSpid:", 6)) {
			char *p = strrchr(line, '\t');
			m->nspid = p ? atoi(p + 1) : 0;
			break;
		}
	if (f)
		fclose(f);
	read_more(m);
	m->read = time(NULL);
	return m;
}

/* the entry of m written last that holds pc */
static const struct pment *lookup(const struct pmap *m, uint64_t pc)
{
	size_t lo = 0, hi = m->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (m->ents[mid].start <= pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	const struct pment *best = NULL;
	for (size_t i = lo; i-- > 0 && m->maxend[i] > pc;)
		if (pc < m->ents[i].end && (!best || m->ents[i].seq > best->seq))
			best = &m->ents[i];
	return best;
}

static uint64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);	/* the vDSO: no system call */
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

int dt_perfmap_addr(int pid, uint64_t pc, const char **name, uint64_t *off)
{
	struct pmap *m = map_get(pid);
	if (!m)
		return -1;
	time_t now = time(NULL);
	if (now != m->read) {
		read_more(m);
		m->read = now;
	}
	const struct pment *e = lookup(m, pc);
	uint64_t ms = now_ms();
	if (!e && ms - m->missed >= 100) {
		/* read on if it grew (an open and an fstat if not), at most
		 * every 100 ms: a process without a map, its vdso and stray
		 * PCs would otherwise cost opens per frame */
		read_more(m);
		m->missed = ms;
		e = lookup(m, pc);
	}
	if (!e)
		return -1;
	*name = e->name;
	*off = pc - e->start;
	return 0;
}

void dt_perfmap_free(void)
{
	for (size_t i = 0; i < nmaps; i++) {
		reset(&maps[i]);
		for (size_t j = 0; j < maps[i].ntexts; j++)
			free(maps[i].texts[j]);
		free(maps[i].texts);
	}
	free(maps);
	maps = NULL;
	nmaps = 0;
}
