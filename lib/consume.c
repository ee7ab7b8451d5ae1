/*
 * consume.c - the consumer: per-CPU buffers to formatted output.
 *
 * Records arrive in per-CPU perf ring buffers.  They are read when a
 * buffer passes its watermark, at every switchrate tick, and as soon as
 * the activity state (polled from the globals map) says exit() was
 * called.  Each record starts with its EPID; the EPID names the probe and
 * the clause whose layout decodes the rest.  EPID 1 is the internal ERROR
 * enabling, printed as dtrace's "error on enabled probe" message.  Lost
 * records become "N drops on CPU M" on stderr.
 */
#include <bpf/libbpf.h>
#include <ctype.h>
#include <errno.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "dt_impl.h"
#include "agg_consume.h"
#include "printf.h"

int dt_read_state(dtrace_hdl_t *dtp, uint64_t *state, uint64_t *status);

static uint64_t rd(const uint8_t *p, uint32_t size, int sgn)
{
	switch (size) {
	case 1: { uint8_t v; memcpy(&v, p, 1); return sgn ? (uint64_t)(int64_t)(int8_t)v : v; }
	case 2: { uint16_t v; memcpy(&v, p, 2); return sgn ? (uint64_t)(int64_t)(int16_t)v : v; }
	case 4: { uint32_t v; memcpy(&v, p, 4); return sgn ? (uint64_t)(int64_t)(int32_t)v : v; }
	default: { uint64_t v; memcpy(&v, p, 8); return v; }
	}
}

static const char *fault_str(uint64_t f)
{
	switch (f) {
	case DTFLT_BADADDR: return "invalid address";
	case DTFLT_BADALIGN: return "invalid alignment";
	case DTFLT_ILLOP: return "illegal operation";
	case DTFLT_DIVZERO: return "divide-by-zero";
	case DTFLT_NOSCRATCH: return "out of scratch space";
	case DTFLT_KPRIV: return "invalid kernel access";
	case DTFLT_UPRIV: return "invalid user access";
	case DTFLT_TUPOFLOW: return "tuple stack overflow";
	case DTFLT_BADSTACK: return "bad stack";
	case DTFLT_BADINDEX: return "index out of bounds";
	default: return "unknown fault";
	}
}

static void print_error(dtrace_hdl_t *dtp, const uint8_t *d, uint32_t size)
{
	if (size < 48)
		return;
	uint64_t epid = rd(d + 8, 8, 0), act = rd(d + 16, 8, 0);
	uint64_t pc = rd(d + 24, 8, 0), fault = rd(d + 32, 8, 0);
	uint64_t addr = rd(d + 40, 8, 0);
	struct dt_probe *p = epid < dtp->necbs ? dtp->ecbs[epid].probe : NULL;
	char details[64] = "", where[32];

	if (fault == DTFLT_BADADDR || fault == DTFLT_BADALIGN ||
	    fault == DTFLT_KPRIV || fault == DTFLT_UPRIV)
		snprintf(details, sizeof(details), " (0x%llx)", (unsigned long long)addr);
	if (fault == DTFLT_BADINDEX)
		snprintf(details, sizeof(details), " (%lld)", (long long)addr);
	if (act == 0)
		snprintf(where, sizeof(where), "predicate");
	else
		snprintf(where, sizeof(where), "action #%llu", (unsigned long long)act);
	fflush(dtp->out);
	fprintf(stderr, "dtrace: error on enabled probe ID %llu (ID %u: %s:%s:%s:%s): %s%s in %s at BPF pc %llu\n",
	    (unsigned long long)epid, p ? p->id : 0, p ? p->prov : "?", p ? p->mod : "?",
	    p ? p->func : "?", p ? p->name : "?", fault_str(fault), details, where,
	    (unsigned long long)pc);
}

/*
 * The bytes of a traced struct, union or array, as dtrace prints them: a
 * run of printable characters ending in NULs as a string, other printable
 * bytes as they are, anything else as a hex dump with an ASCII column.
 */
static void print_bytes(FILE *out, const uint8_t *c, uint32_t n, int quiet)
{
	uint32_t i, j;
	if (n == 0)
		return;
	for (i = 0; i < n; i++) {
		if (isprint(c[i]) || isspace(c[i]) || c[i] == '\b' || c[i] == '\a')
			continue;
		if (c[i] == '\0' && i > 0) {
			for (j = i + 1; j < n && c[j] == '\0'; j++)
				;
			if (j == n) {
				fprintf(out, quiet ? "%s" : "  %-33s", (const char *)c);
				return;
			}
		}
		break;
	}
	if (i == n) {
		fprintf(out, "  %-33.*s", (int)n, (const char *)c);
		return;
	}
	fprintf(out, "\n%5s      ", "");
	for (i = 0; i < 16; i++)
		fprintf(out, "  %c", "0123456789abcdef"[i]);
	fprintf(out, "  0123456789abcdef\n");
	for (i = 0; i < n; i += 16) {
		fprintf(out, "%5s%5x:", "", i);
		for (j = i; j < i + 16 && j < n; j++)
			fprintf(out, " %02x", c[j]);
		while (j++ % 16)
			fputs("   ", out);
		fputs("  ", out);
		for (j = i; j < i + 16 && j < n; j++)
			fputc(c[j] < ' ' || c[j] > '~' ? '.' : c[j], out);
		fputc('\n', out);
	}
}

static void print_trace(dtrace_hdl_t *dtp, const uint8_t *d, const struct dt_recfield *f)
{
	FILE *out = dtp->out;
	int q = dtp->quiet;
	if (f->kind == DT_RV_BYTES) {
		print_bytes(out, d + f->offset, f->size, q);
		return;
	}
	if (f->kind == DT_RV_STR) {
		char *s = strndup((const char *)d + f->offset, f->size);
		fprintf(out, q ? "%s" : "  %-33s", s ? s : "");
		free(s);
		return;
	}
	const uint8_t *p = d + f->offset;
	switch (f->size) {
	case 8: fprintf(out, q ? "%lld" : " %16lld", (long long)rd(p, 8, 0)); break;
	case 4: fprintf(out, q ? "%d" : " %8d", (int)(uint32_t)rd(p, 4, 0)); break;
	case 2: fprintf(out, q ? "%d" : " %5d", (int)(uint16_t)rd(p, 2, 0)); break;
	default: fprintf(out, q ? "%d" : " %3d", (int)(uint8_t)rd(p, 1, 0)); break;
	}
}

static void print_printf(dtrace_hdl_t *dtp, const uint8_t *d, const struct dt_action *a)
{
	struct dt_pfval vals[64];
	char *strs[64];
	int n = a->nfields < 64 ? a->nfields : 64;
	for (int i = 0; i < n; i++) {
		const struct dt_recfield *f = &a->fields[i];
		memset(&vals[i], 0, sizeof(vals[i]));
		strs[i] = NULL;
		if (f->kind == DT_RV_STR) {
			strs[i] = strndup((const char *)d + f->offset, f->size);
			vals[i].kind = DT_PFV_STRING;
			vals[i].s = strs[i] ? strs[i] : "";
			vals[i].size = -1;
		} else {
			vals[i].kind = DT_PFV_INT;
			vals[i].size = f->val_size ? f->val_size : 8;
			vals[i].is_signed = f->is_signed;
			vals[i].u = rd(d + f->offset, 8, 0);
		}
	}
	dt_printf_format(dtp->out, a->pf, vals, n);
	for (int i = 0; i < n; i++)
		free(strs[i]);
}

static void print_record(dtrace_hdl_t *dtp, int cpu, const uint8_t *d, uint32_t size)
{
	if (size < DT_REC_HDR)
		return;
	uint32_t epid = (uint32_t)rd(d, 4, 0);
	if (epid == DT_EPID_ERROR) {
		print_error(dtp, d, size);
		return;
	}
	if (epid == 0 || epid >= dtp->necbs || !dtp->ecbs[epid].stmt)
		return;
	struct dt_ecb *e = &dtp->ecbs[epid];
	struct dt_stmt *st = e->stmt;
	if (size < st->recsize)
		return;
	if (!dtp->quiet) {
		char name[512];
		if (!dtp->heading) {
			fprintf(dtp->out, "%3s %6s %32s\n", "CPU", "ID", "FUNCTION:NAME");
			dtp->heading = 1;
		}
		snprintf(name, sizeof(name), "%s:%s", e->probe->func, e->probe->name);
		fprintf(dtp->out, "%3d %6d %32s ", cpu, e->probe->id, name);
	}
	uint32_t mask = (uint32_t)rd(d + 4, 4, 0);
	for (int i = 0; i < st->nactions; i++) {
		struct dt_action *a = &st->actions[i];
		if (a->cond && !(mask & (1u << i)))
			continue;	/* in an if/else branch not taken */
		switch (a->kind) {
		case DT_ACT_TRACE:
			print_trace(dtp, d, &a->fields[0]);
			break;
		case DT_ACT_PRINTF:
			print_printf(dtp, d, a);
			break;
		case DT_ACT_PRINTA: case DT_ACT_CLEAR: case DT_ACT_TRUNC:
		case DT_ACT_NORMALIZE: case DT_ACT_DENORMALIZE:
			dt_agg_action(dtp, a, a->nfields > 0,
			    a->nfields ? (int64_t)rd(d + a->fields[0].offset, 8, 1) : 0);
			break;
		case DT_ACT_EXIT:
			dtp->exiting = 1;
			dtp->exit_status = (int)(int32_t)rd(d + a->fields[0].offset, 4, 1);
			break;
		default:
			break;
		}
	}
	if (!dtp->quiet)
		fputc('\n', dtp->out);
}

static enum bpf_perf_event_ret on_event(void *ctx, int cpu, struct perf_event_header *h)
{
	dtrace_hdl_t *dtp = ctx;
	if (h->type == PERF_RECORD_SAMPLE) {
		const uint8_t *p = (const uint8_t *)(h + 1);
		uint32_t size;
		memcpy(&size, p, 4);
		print_record(dtp, cpu, p + 4, size);
	} else if (h->type == PERF_RECORD_LOST) {
		uint64_t lost;
		memcpy(&lost, (const uint8_t *)(h + 1) + 8, 8);
		fflush(dtp->out);
		fprintf(stderr, "dtrace: %llu drop%s on CPU %d\n",
		    (unsigned long long)lost, lost == 1 ? "" : "s", cpu);
	}
	return LIBBPF_PERF_EVENT_CONT;
}

int dt_consume_open(dtrace_hdl_t *dtp)
{
	long pg = sysconf(_SC_PAGESIZE);
	uint64_t want = dtp->opt[DTOPT_BUFSIZE] / (uint64_t)pg;
	size_t pages = 1;
	while (pages * 2 <= want)
		pages *= 2;
	struct perf_event_attr attr;
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_BPF_OUTPUT;
	attr.sample_type = PERF_SAMPLE_RAW;
	attr.sample_period = 1;
	attr.watermark = 1;
	attr.wakeup_watermark = (uint32_t)(pages * (size_t)pg / 2);
	dtp->pb = perf_buffer__new_raw(dtp->fd_buffers, pages, &attr, on_event, dtp, NULL);
	if (libbpf_get_error(dtp->pb)) {
		int err = (int)-libbpf_get_error(dtp->pb);
		dtp->pb = NULL;
		return dt_set_err(dtp, "cannot map the trace buffers (bufsize %llu): %s",
		    (unsigned long long)dtp->opt[DTOPT_BUFSIZE], strerror(err));
	}
	return 0;
}

void dt_consume_close(dtrace_hdl_t *dtp)
{
	if (dtp->pb)
		perf_buffer__free(dtp->pb);
	dtp->pb = NULL;
}

int dt_consume(dtrace_hdl_t *dtp)
{
	if (!dtp->pb)
		return 0;
	int rc = perf_buffer__consume(dtp->pb);
	fflush(dtp->out);
	return rc < 0 ? rc : 0;
}

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

dtrace_workstatus_t dtrace_work(dtrace_hdl_t *dtp, FILE *out)
{
	uint64_t state = 0, status = 0;

	dtp->out = out;
	if (dtp->stop_requested || dtp->exiting)
		return DTRACE_WORKSTATUS_DONE;
	uint64_t now = now_ns();
	if (dtp->next_switch == 0)
		dtp->next_switch = now + dtp->opt[DTOPT_SWITCHRATE];
	uint64_t wait = dtp->next_switch > now ? dtp->next_switch - now : 0;
	if (wait > 50000000ULL)
		wait = 50000000ULL;	/* notice exit() promptly */
	int rc = perf_buffer__poll(dtp->pb, (int)(wait / 1000000ULL));
	if (rc < 0 && rc != -EINTR) {
		dt_set_err(dtp, "failed to read the trace buffers: %s", strerror(-rc));
		return DTRACE_WORKSTATUS_ERROR;
	}
	if (dt_read_state(dtp, &state, &status) == 0 && state >= DT_ST_DRAINING) {
		dt_consume(dtp);
		dtp->exiting = 1;
		dtp->exit_status = (int)(int32_t)status;
		return DTRACE_WORKSTATUS_DONE;
	}
	now = now_ns();
	if (now >= dtp->next_switch) {
		dt_consume(dtp);
		dtp->next_switch = now + dtp->opt[DTOPT_SWITCHRATE];
	}
	fflush(out);
	return dtp->exiting ? DTRACE_WORKSTATUS_DONE : DTRACE_WORKSTATUS_OKAY;
}
