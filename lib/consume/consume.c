/*
 * consume.c - the consumer: per-CPU buffers to formatted output.
 *
 * Records arrive in per-CPU buffers (buf.c).  Under the switch policy
 * they are read when a buffer passes its watermark, at every switchrate
 * tick, and as soon as the activity state (polled from the globals map)
 * says exit() was called; under fill and ring only once tracing has
 * stopped and END has run.  Each record starts with its EPID; the EPID
 * names the probe and the clause whose layout decodes the rest.  EPID 1 is
 * the internal ERROR enabling, printed as dtrace's "error on enabled
 * probe" message.  Drops are reported by buf.c as "N drops on CPU M"
 * (with -x droptags, after their kind's DTRACEDROP_ tag).
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "consume.h"
#include "base/output.h"
#include "base/buf.h"
#include "fmt/bytes.h"
#include "fmt/printf.h"
#include "fmt/symfmt.h"
#include "fmt/usymfmt.h"
#include "kernel/usyms.h"
#include "prov/prov.h"
#include "rt/buf.h"
#include "rt/rt.h"
#include "sema/program.h"

#define NANOSEC 1000000000ULL

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

/* EPID 1: a fault, as dtrace reports it */
static void fault(dtrace_hdl_t *dtp, const uint8_t *d, uint32_t size)
{
	if (size < DT_BUF_ERRREC)
		return;
	uint64_t epid = rd(d + 8, 8, 0), act = rd(d + 16, 8, 0);
	uint64_t pc = rd(d + 24, 8, 0), code = rd(d + 32, 8, 0);
	uint64_t addr = rd(d + 40, 8, 0);
	struct dt_probe *p = epid < dtp->necbs ? dtp->ecbs[epid].probe : NULL;
	dtrace_probeinfo_t pi = { .prov = "?", .mod = "?", .func = "?", .name = "?" };
	dtrace_errdata_t e = { .epid = (uint32_t)epid, .probe = &pi, .fault = fault_str(code),
		.action = (int)act, .pc = pc, .addr = addr };
	char details[64] = "", where[32], msg[1024];

	if (p)
		dt_probeinfo(p, &pi);
	if (code == DTFLT_BADADDR || code == DTFLT_BADALIGN || code == DTFLT_BADSTACK) {
		snprintf(details, sizeof(details), " (0x%llx)", (unsigned long long)addr);
		e.has_addr = 1;
	}
	if (code == DTFLT_BADINDEX) {
		snprintf(details, sizeof(details), " (%lld)", (long long)addr);
		e.has_addr = 1;
	}
	if (act == 0)
		snprintf(where, sizeof(where), "predicate");
	else
		snprintf(where, sizeof(where), "action #%llu", (unsigned long long)act);
	snprintf(msg, sizeof(msg), "error on enabled probe ID %llu (ID %u: %s:%s:%s:%s): %s%s in %s at BPF pc %llu",
	    (unsigned long long)epid, pi.id, pi.prov, pi.mod, pi.func, pi.name, e.fault, details,
	    where, (unsigned long long)pc);
	e.msg = msg;
	DT_OUT(dtp, error, &e);
}

void dt_consume_error(dtrace_hdl_t *dtp, const struct dt_ecb *e, const char *why)
{
	dtrace_probeinfo_t pi;
	char msg[2048];
	dt_probeinfo(e->probe, &pi);
	snprintf(msg, sizeof(msg), "error on enabled probe ID %u (ID %u: %s:%s:%s:%s): %s",
	    e->epid, pi.id, pi.prov, pi.mod, pi.func, pi.name, why);
	dtrace_errdata_t err = { .epid = e->epid, .probe = &pi, .msg = msg };
	DT_OUT(dtp, error, &err);
}

/*
 * A record field as a typed value.  A string's size bytes are what dtrace
 * records: a D string's strsize bytes, its NUL and zeros after it (our
 * record has whatever was there after the NUL: such a string is copied,
 * zero-filled); a char array's bytes as they are (one without a NUL is
 * copied, NUL-terminated).  The copy is *copy, freed by the caller.
 */
static void field_value(dtrace_hdl_t *dtp, const uint8_t *d, const struct dt_recfield *f,
    dtrace_value_t *v, char **copy)
{
	const uint8_t *p = d + f->offset;
	size_t len;
	*copy = NULL;
	switch (f->kind) {
	case DT_RV_STR:
	case DT_RV_CHARS:
		v->kind = DTRACE_VAL_STRING;
		v->size = f->kind == DT_RV_STR ? f->size - 1 : f->size;	/* strsize, or N */
		v->str = (const char *)p;
		len = strnlen((const char *)p, f->size);
		if (len == f->size) {
			*copy = strndup((const char *)p, f->size);
			v->str = *copy ? *copy : "";
		} else if (f->kind == DT_RV_STR) {
			size_t i = len;
			while (i < f->size && !p[i])
				i++;
			if (i < f->size && (*copy = calloc(f->size, 1)) != NULL) {
				memcpy(*copy, p, len);
				v->str = *copy;
			}
		}
		break;
	case DT_RV_BYTES:
		v->kind = DTRACE_VAL_BYTES;
		v->size = f->size;
		v->bytes = p;
		break;
	default:
		if (DT_SYMK_USER(f->symkind)) {	/* usym() and friends */
			char buf[512];
			int pid = (int)rd(p, 8, 0);
			dt_usym_seen(pid);	/* its mappings now, while it runs */
			dt_usym_format(pid, rd(p + 8, 8, 0), f->symkind, buf, sizeof(buf));
			*copy = strdup(buf);
			v->kind = DTRACE_VAL_SYMBOL;
			v->str = *copy ? *copy : "";
			v->size = (uint32_t)strlen(v->str);
			break;
		}
		if (f->symkind) {	/* sym(), func(), mod(): the symbol */
			char buf[512];
			dt_ksym_format(dtp, rd(p, f->size, 0), f->symkind, buf, sizeof(buf));
			*copy = strdup(buf);
			v->kind = DTRACE_VAL_SYMBOL;
			v->str = *copy ? *copy : "";
			v->size = (uint32_t)strlen(v->str);
			break;
		}
		v->kind = f->is_float ? DTRACE_VAL_FLOAT : f->is_signed ? DTRACE_VAL_INT :
		    DTRACE_VAL_UINT;
		v->size = f->size;
		v->u = rd(p, f->size, f->is_signed);
		break;
	}
}

/* the value of a float or double given its bits */
static long double float_value(uint64_t bits, int size)
{
	if (size == 4) {
		float f;
		uint32_t b = (uint32_t)bits;
		memcpy(&f, &b, sizeof(f));
		return f;
	}
	double d;
	memcpy(&d, &bits, sizeof(d));
	return d;
}

static void trace(dtrace_hdl_t *dtp, const dtrace_probedata_t *pd, const uint8_t *d,
    const struct dt_recfield *f)
{
	dtrace_value_t v;
	char *copy;
	field_value(dtp, d, f, &v, &copy);
	DT_OUT(dtp, trace, pd, &v);
	free(copy);
}

void dt_consume_printf(FILE *out, const uint8_t *d, const struct dt_action *a)
{
	struct dt_pfval vals[64];
	char *strs[64];
	int n = a->nfields < 64 ? a->nfields : 64;
	vals[0] = (struct dt_pfval){ 0 };	/* no arguments: still defined */
	for (int i = 0; i < n; i++) {
		const struct dt_recfield *f = &a->fields[i];
		memset(&vals[i], 0, sizeof(vals[i]));
		strs[i] = NULL;
		if (f->kind == DT_RV_STR) {
			/* the record's own bytes when the string ends in
			 * them (it always does but at strsize) */
			const char *s = (const char *)d + f->offset;
			if (!memchr(s, 0, f->size))
				s = strs[i] = strndup(s, f->size);
			vals[i].kind = DT_PFV_STRING;
			vals[i].s = s ? s : "";
			vals[i].size = -1;
		} else {
			vals[i].kind = f->is_float ? DT_PFV_FLOAT : DT_PFV_INT;
			vals[i].size = f->val_size ? f->val_size : 8;
			vals[i].is_signed = f->is_signed;
			vals[i].u = rd(d + f->offset, 8, 0);
			if (f->is_float)
				vals[i].f = float_value(vals[i].u, vals[i].size);
		}
	}
	dt_printf_format(out, a->pf, vals, n);
	for (int i = 0; i < n; i++)
		free(strs[i]);
}

/* printf(): the record's values formatted by its format */
struct pfcookie {
	const uint8_t *d;
	const struct dt_action *a;
};

static int render_printf(const void *cookie, FILE *fp)
{
	const struct pfcookie *c = cookie;
	dt_consume_printf(fp, c->d, c->a);
	return ferror(fp) ? -1 : 0;
}

/* The flags the output's formatter needs of a record. */
static unsigned pd_flags(dtrace_hdl_t *dtp, const struct dt_probe *p)
{
	unsigned f = 0;
	if (dtp->quiet)
		f |= DTRACE_PD_QUIET;
	if (dtp->opt[DTOPT_FLOWINDENT])
		f |= DTRACE_PD_FLOW;
	if (dtp->opt[DTOPT_RAWBYTES])
		f |= DTRACE_PD_RAWBYTES;
	if (p->ops->flags & DT_PROVF_SYSCALL_FLOW)
		f |= DTRACE_PD_SYSCALLFLOW;
	return f;
}

static void record(dtrace_hdl_t *dtp, int cpu, const uint8_t *d, uint32_t size)
{
	if (size < DT_REC_HDR)
		return;
	if (dtp->specmaps.fd_state >= 0 && dt_spec_take(dtp, cpu, d, size))
		return;		/* speculative: held, printed or freed there */
	uint32_t epid = (uint32_t)rd(d, 4, 0);
	if (epid == DT_EPID_ERROR) {
		fault(dtp, d, size);
		return;
	}
	if (epid == 0 || epid >= dtp->necbs || !dtp->ecbs[epid].stmt)
		return;
	struct dt_ecb *e = &dtp->ecbs[epid];
	struct dt_stmt *st = e->stmt;
	if (size < st->recsize) {
		/* short: only a record whose stack window's end was left out */
		uint8_t *whole = dt_uunwind_pad(st, d, size);
		if (whole)
			record(dtp, cpu, whole, st->recsize);
		free(whole);
		return;
	}
	uint32_t mask = (uint32_t)rd(d + 4, 4, 0);
	/* a clause that only aggregates ustack() keys in the consumer
	 * (uagg.c) prints nothing, as any aggregating clause */
	int only_uagg = st->nactions > 0;
	for (int i = 0; i < st->nactions; i++)
		only_uagg &= st->actions[i].kind == DT_ACT_UAGG;
	if (only_uagg) {
		for (int i = 0; i < st->nactions; i++)
			if (!st->actions[i].cond || (mask & (1u << i)))
				dt_uagg_fold(dtp, cpu, d, &st->actions[i]);
		return;
	}
	dtrace_probeinfo_t pi;
	dtrace_probedata_t pd = { .cpu = cpu, .epid = epid, .probe = &pi };
	dt_probeinfo(e->probe, &pi);
	pd.flags = pd_flags(dtp, e->probe);
	if (pd.flags & DTRACE_PD_FLOW)
		dt_flow(dtp, epid, &pd.flow, &pd.indent);
	DT_OUT(dtp, probe_begin, &pd);
	for (int i = 0; i < st->nactions; i++) {
		struct dt_action *a = &st->actions[i];
		if (a->cond && !(mask & (1u << i)))
			continue;	/* in an if/else branch not taken */
		switch (a->kind) {
		case DT_ACT_TRACE:
			trace(dtp, &pd, d, &a->fields[0]);
			break;
		case DT_ACT_PRINTF: {
			struct pfcookie c = { d, a };
			dtrace_text_t t = { render_printf, &c };
			DT_OUT(dtp, printf, &pd, &t);
			break;
		}
		case DT_ACT_TRACEMEM: case DT_ACT_PRINT:
		case DT_ACT_FREOPEN: case DT_ACT_FTRUNCATE:
			dt_outact_consume(dtp, e, &pd, d, a);
			break;
		case DT_ACT_STACK: {
			dtrace_stack_t sk;
			dt_stack_make(dtp, (const uint64_t *)(d + a->fields[0].offset),
			    a->fields[0].size / 8, &sk);
			DT_OUT(dtp, stack, &pd, &sk);
			dt_stack_free(&sk);
			break;
		}
		case DT_ACT_SYSTEM:
			dt_destr_system(dtp, d, a);
			break;
		case DT_ACT_USTACK:
			dt_usym_record(dtp, &pd, d, a);
			break;
		case DT_ACT_UAGG:
			dt_uagg_fold(dtp, cpu, d, a);
			break;
		case DT_ACT_PRINTA: case DT_ACT_CLEAR: case DT_ACT_TRUNC:
		case DT_ACT_NORMALIZE: case DT_ACT_DENORMALIZE:
			dt_agg_action(dtp, &pd, a, a->nfields > 0,
			    a->nfields ? (int64_t)rd(d + a->fields[0].offset, 8, 1) : 0);
			break;
		case DT_ACT_SETOPT:
			dt_setopt_record(dtp, e, d, a);
			break;
		case DT_ACT_EXIT:
			/* the status is the globals' (the first exit(), or
			 * END's), read when tracing stops */
			dtp->exiting = 1;
			break;
		default:
			break;
		}
	}
	/* quiet may have changed (setopt()) */
	pd.flags = pd_flags(dtp, e->probe);
	DT_OUT(dtp, probe_end, &pd);
}

void dt_consume_rec(dtrace_hdl_t *dtp, int cpu, const uint8_t *d, uint32_t size)
{
	/* a clause's record with packed strings (cg/strtail.c) */
	uint32_t epid = size >= DT_REC_HDR ? (uint32_t)rd(d, 4, 0) : 0;
	if (epid > DT_EPID_ERROR && epid < dtp->necbs && dtp->ecbs[epid].stmt &&
	    dtp->ecbs[epid].stmt->strtail) {
		const struct dt_stmt *st = dtp->ecbs[epid].stmt;
		uint64_t small[128];	/* most records: no allocation */
		uint8_t *whole = st->recsize <= sizeof(small) ? (uint8_t *)small :
		    malloc(st->recsize);
		int ok = whole && dt_strtail_expand(st, d, size, whole) == 0;
		if (ok)
			record(dtp, cpu, whole, st->recsize);
		if (whole != (uint8_t *)small)
			free(whole);
		if (ok)
			return;
	}
	record(dtp, cpu, d, size);
}

void dt_consume_whole(dtrace_hdl_t *dtp, int cpu, const uint8_t *d, uint32_t size)
{
	record(dtp, cpu, d, size);
}

/*
 * Rates DTrace's kernel bounds when tracing starts: statusrate at most
 * every 10 seconds, cleanrate between 5000hz and once a minute (0 means
 * once a minute).  A rate the user set that changes is reported as
 * dtrace(1M) reports it.
 */
static void bound_rates(dtrace_hdl_t *dtp)
{
	static const struct { int opt; const char *name; uint64_t min, max; } rates[] = {
		{ DTOPT_CLEANRATE, "cleaning rate", 200000, 60 * NANOSEC },
		{ DTOPT_STATUSRATE, "status rate", 0, 10 * NANOSEC },
	};
	for (size_t i = 0; i < sizeof(rates) / sizeof(rates[0]); i++) {
		uint64_t val = dtp->opt[rates[i].opt], nval = val;
		if (rates[i].opt == DTOPT_CLEANRATE && nval == 0)
			nval = rates[i].max;
		if (nval < rates[i].min)
			nval = rates[i].min;
		if (nval > rates[i].max)
			nval = rates[i].max;
		dtp->opt[rates[i].opt] = nval;
		if (!dtp->optset[rates[i].opt] || nval == val)
			continue;
		const char *dir = nval > val ? "reduced" : "increased";
		if (nval <= NANOSEC && NANOSEC % nval == 0)
			dt_out_message(dtp, 0, "%s %s to %llu hz", rates[i].name, dir,
			    (unsigned long long)(NANOSEC / nval));
		else if (nval % NANOSEC == 0)
			dt_out_message(dtp, 0, "%s %s to once every %llu seconds",
			    rates[i].name, dir, (unsigned long long)(nval / NANOSEC));
		else
			dt_out_message(dtp, 0, "%s %s to once every %llu nanoseconds",
			    rates[i].name, dir, (unsigned long long)nval);
	}
}

/* The rings are opened at load time (rt/buf.c); tracing is about to start. */
int dt_consume_open(dtrace_hdl_t *dtp)
{
	bound_rates(dtp);
	dt_upid_open(dtp);
	return 0;
}

/* a kind of drop as -x droptags names it: dtrace's DTRACEDROP_ names */
static const char *droptag(dtrace_dropkind_t kind)
{
	switch (kind) {
	case DTRACE_DROP_PRINCIPAL: return "DTRACEDROP_PRINCIPAL";
	case DTRACE_DROP_AGGREGATION: return "DTRACEDROP_AGGREGATION";
	case DTRACE_DROP_DYNAMIC: return "DTRACEDROP_DYNAMIC";
	case DTRACE_DROP_SPECULATION: return "DTRACEDROP_SPEC";
	case DTRACE_DROP_SPECBUSY: return "DTRACEDROP_SPECBUSY";
	case DTRACE_DROP_SPECUNAVAIL: return "DTRACEDROP_SPECUNAVAIL";
	case DTRACE_DROP_ERRORS: return "DTRACEDROP_DBLERROR";
	case DTRACE_DROP_FIRES: return "DTRACEDROP_FIRES";	/* ours */
	}
	return "DTRACEDROP_UNKNOWN";
}

void dt_consume_drops(dtrace_hdl_t *dtp, dtrace_dropkind_t kind, int cpu, uint64_t *seen,
    uint64_t now, const char *what, const char *why)
{
	if (now <= *seen)
		return;
	uint64_t n = now - *seen;
	char msg[256], on[32] = "", tag[40] = "";
	if (cpu >= 0)
		snprintf(on, sizeof(on), " on CPU %d", cpu);
	/* -x droptags: dtrace's "[DTRACEDROP_PRINCIPAL] 3 drops on CPU 1" */
	if (dtp->opt[DTOPT_DROPTAGS])
		snprintf(tag, sizeof(tag), "[%s] ", droptag(kind));
	snprintf(msg, sizeof(msg), "%s%llu %s%s%s%s", tag, (unsigned long long)n, what,
	    n == 1 ? "" : "s", why, on);
	dtrace_drop_t d = { kind, cpu, n, msg };
	DT_OUT(dtp, drop, &d);
	*seen = now;
}

int dt_consume_state(dtrace_hdl_t *dtp, uint64_t *state, uint64_t *status)
{
	struct dt_gstate gs;
	if (dt_read_state(dtp, &gs) < 0)
		return -1;
	*state = gs.state;
	*status = gs.exit_status;
	dt_consume_drops(dtp, DTRACE_DROP_DYNAMIC, -1, &dtp->dvdrops, gs.dvdrops,
	    "dynamic variable drop", "");
	dt_consume_drops(dtp, DTRACE_DROP_ERRORS, -1, &dtp->dblerrs, gs.dblerrs, "error",
	    " in ERROR probe enabling");
	dt_spec_status(dtp, 0);
	dt_agg_drops(dtp, 0);
	dt_consume_lost(dtp, 0);
	return 0;
}

void dt_consume_close(dtrace_hdl_t *dtp)
{
	dt_upid_free(dtp);
	dt_buf_free(dtp);
}

/* switch: read what the buffers hold; fill and ring wait for the end */
int dt_consume(dtrace_hdl_t *dtp)
{
	dt_upid_read(dtp);	/* the processes first: they may exit soon */
	dt_buf_consume(dtp);
	dt_spec_pass(dtp);
	DT_OUT0(dtp, flush);
	return dt_out_error(dtp);
}

/* After END: the last records, whatever the policy. */
int dt_consume_final(dtrace_hdl_t *dtp)
{
	if (dt_buf_policy(dtp) == DT_BUFPOLICY_SWITCH)
		return dt_consume(dtp);
	dt_buf_drain(dtp);
	return 0;
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
	int sw = dt_buf_policy(dtp) == DT_BUFPOLICY_SWITCH;

	dt_outact_set_out(dtp, out);
	if (!dtp->provwake) {	/* the providers have started by now */
		dtp->provwake = 1;
		dt_buf_provwake(dtp);
	}
	if (dtp->stop_requested || dtp->exiting)
		return DTRACE_WORKSTATUS_DONE;
	uint64_t now = now_ns();
	if (dtp->next_switch == 0)
		dtp->next_switch = now + dtp->opt[DTOPT_SWITCHRATE];
	uint64_t wait = dtp->next_switch > now ? dtp->next_switch - now : 0;
	if (!sw)	/* nothing to read: look at the state (and the fill) */
		wait = dtp->opt[DTOPT_STATUSRATE];
	if (wait > 50000000ULL)
		wait = 50000000ULL;	/* notice exit() promptly */
	int rc = 0;
	if (sw)
		rc = dt_buf_poll(dtp, (int)(wait / 1000000ULL));
	else
		usleep((useconds_t)(wait / 1000));
	if (rc < 0 && rc != -EINTR) {
		dt_set_err(dtp, "failed to read the trace buffers: %s", strerror(-rc));
		return DTRACE_WORKSTATUS_ERROR;
	}
	dt_upid_read(dtp);	/* fill and ring read nothing else until the end */
	if (dt_prov_poll(dtp) > 0)	/* USDT probes of processes that exec'd */
		dt_load_new(dtp);
	if (dt_consume_state(dtp, &state, &status) == 0 && state >= DT_ST_DRAINING) {
		if (dt_consume(dtp) < 0)
			return DTRACE_WORKSTATUS_ERROR;
		dtp->exiting = 1;
		dtp->exit_status = (int)(int32_t)status;
		return DTRACE_WORKSTATUS_DONE;
	}
	now = now_ns();
	if (dt_buf_filled(dtp, now)) {
		/* a fill buffer is full: tracing stops, END runs, all is printed */
		dtp->stop_requested = 1;
		return DTRACE_WORKSTATUS_DONE;
	}
	if (now >= dtp->next_switch) {
		dt_consume(dtp);
		dtp->next_switch = now + dtp->opt[DTOPT_SWITCHRATE];
	}
	DT_OUT0(dtp, flush);
	if (dt_out_error(dtp) < 0)
		return DTRACE_WORKSTATUS_ERROR;
	return dtp->exiting ? DTRACE_WORKSTATUS_DONE : DTRACE_WORKSTATUS_OKAY;
}
