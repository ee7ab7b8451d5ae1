/*
 * test_tp.c -- unit tests for lib/tp.c (tracefs tracepoint metadata).
 *
 * Always run: parsing of embedded format texts (syscalls, sched, raw
 * syscalls, __data_loc, arrays, struct pointers, odd spacing, malformed
 * input), the dtype rules declaration by declaration, and listing/loading
 * from a fake events tree made in a temporary directory.  When the real
 * tracefs is readable (root), also checks the live kernel: syscalls events,
 * sys_enter_openat's layout, that every format file parses, and that
 * listing every event takes < 200 ms.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "kernel/tracefs.h"

#include "check.h"

#define STREQ(a, b) ((a) && (b) && !strcmp((a), (b)))
#define S(x) ((x) ? (x) : "(null)")

static const char fmt_openat[] =
	"name: sys_enter_openat\n"
	"ID: 782\n"
	"format:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
	"\n"
	"\tfield:int __syscall_nr;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:int dfd;\toffset:16;\tsize:8;\tsigned:0;\n"
	"\tfield:const char * filename;\toffset:24;\tsize:8;\tsigned:0;\n"
	"\tfield:int flags;\toffset:32;\tsize:8;\tsigned:0;\n"
	"\tfield:umode_t mode;\toffset:40;\tsize:8;\tsigned:0;\n"
	"\n"
	"print fmt: \"dfd: 0x%08lx, filename: 0x%08lx, flags: 0x%08lx, mode: "
	"0x%08lx\", ((unsigned long)(REC->dfd)), ((unsigned long)(REC->filename)),"
	" ((unsigned long)(REC->flags)), ((unsigned long)(REC->mode))\n";

static const char fmt_exit_read[] =
	"name: sys_exit_read\n"
	"ID: 841\n"
	"format:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
	"\n"
	"\tfield:int __syscall_nr;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:long ret;\toffset:16;\tsize:8;\tsigned:1;\n"
	"\n"
	"print fmt: \"0x%lx\", REC->ret\n";

static const char fmt_sched_switch[] =
	"name: sched_switch\n"
	"ID: 372\n"
	"format:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
	"\n"
	"\tfield:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
	"\tfield:pid_t prev_pid;\toffset:24;\tsize:4;\tsigned:1;\n"
	"\tfield:int prev_prio;\toffset:28;\tsize:4;\tsigned:1;\n"
	"\tfield:long prev_state;\toffset:32;\tsize:8;\tsigned:1;\n"
	"\tfield:char next_comm[16];\toffset:40;\tsize:16;\tsigned:0;\n"
	"\tfield:pid_t next_pid;\toffset:56;\tsize:4;\tsigned:1;\n"
	"\tfield:int next_prio;\toffset:60;\tsize:4;\tsigned:1;\n"
	"\n"
	"print fmt: \"prev_comm=%s prev_pid=%d\", REC->prev_comm, "
	"REC->prev_pid\n";

static const char fmt_exec[] =
	"name: sched_process_exec\n"
	"ID: 365\n"
	"format:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
	"\n"
	"\tfield:__data_loc char[] filename;\toffset:8;\tsize:4;\tsigned:0;\n"
	"\tfield:pid_t pid;\toffset:12;\tsize:4;\tsigned:1;\n"
	"\tfield:pid_t old_pid;\toffset:16;\tsize:4;\tsigned:1;\n"
	"\n"
	"print fmt: \"filename=%s pid=%d old_pid=%d\", __get_str(filename), "
	"REC->pid, REC->old_pid\n";

static const char fmt_raw_enter[] =
	"name: sys_enter\n"
	"ID: 443\n"
	"format:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
	"\n"
	"\tfield:long id;\toffset:8;\tsize:8;\tsigned:1;\n"
	"\tfield:unsigned long args[6];\toffset:16;\tsize:48;\tsigned:0;\n"
	"\n"
	"print fmt: \"NR %ld (%lx, %lx, %lx, %lx, %lx, %lx)\", REC->id, "
	"REC->args[0], REC->args[1], REC->args[2], REC->args[3], REC->args[4], "
	"REC->args[5]\n";

static const char fmt_sigaction[] =
	"name: sys_enter_rt_sigaction\n"
	"ID: 237\n"
	"format:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
	"\n"
	"\tfield:int __syscall_nr;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:int sig;\toffset:16;\tsize:8;\tsigned:0;\n"
	"\tfield:const struct sigaction * act;\toffset:24;\tsize:8;\tsigned:0;\n"
	"\tfield:struct sigaction * oact;\toffset:32;\tsize:8;\tsigned:0;\n"
	"\tfield:size_t sigsetsize;\toffset:40;\tsize:8;\tsigned:0;\n"
	"\n"
	"print fmt: \"sig: 0x%08lx\", ((unsigned long)(REC->sig))\n";

/* Odd spacing, CRLF endings, no name/ID lines, odd declarations. */
static const char fmt_odd[] =
	"format:\r\n"
	"  field:unsigned short common_type; offset:0; size:2; signed:0;\r\n"
	"field:int common_pid;offset:4;size:4;signed:1;\r\n"
	"\t field: u64 timestamp ;\t offset: 8 ;\tsize:8;\tsigned:0;\r\n"
	"\tfield:const void*p;\toffset:16;\tsize:8;\tsigned:0;\r\n"
	"\tfield:int  x [ 4 ];\toffset:24;\tsize:16;\tsigned:1;\r\n"
	"\tfield:struct foo  *  * pp;\toffset:40;\tsize:8;\tsigned:0;\r\n"
	"\tfield:unsigned   long\tlong v;\toffset:48;\tsize:8;\tsigned:0;\r\n"
	"\tfield:__data_loc  char [ ]  msg;\toffset:56;\tsize:4;\tsigned:0;"
	"\tfuture:1;\r\n"
	"\tfield:enum   xfs_group_type type;\toffset:60;\tsize:4;\tsigned:0;\r\n";

static void test_openat(void)
{
	struct dt_tpevent ev;
	char err[256] = "";
	int rc = dt_tp_parse_format(fmt_openat, &ev, err, sizeof(err));

	CHECK(rc == 0, "openat: rc %d: %s", rc, err);
	if (rc)
		return;
	CHECK(STREQ(ev.name, "sys_enter_openat"), "name %s", S(ev.name));
	CHECK(ev.category == NULL, "category set by parse");
	CHECK(ev.id == 782, "id %d", ev.id);
	CHECK(ev.syscall_nr_offset == 8, "nr off %d", ev.syscall_nr_offset);
	CHECK(ev.nfields == 4, "nfields %d", ev.nfields);
	if (ev.nfields == 4) {
		static const struct {
			const char *name, *ctype, *dtype;
			enum dt_tpf_kind kind;
			int off;
		} want[] = {
			{ "dfd", "int", "int", DT_TPF_INT, 16 },
			{ "filename", "const char *", "char *", DT_TPF_PTR, 24 },
			{ "flags", "int", "int", DT_TPF_INT, 32 },
			{ "mode", "umode_t", "uint16_t", DT_TPF_INT, 40 },
		};
		for (int i = 0; i < 4; i++) {
			const struct dt_tpfield *f = &ev.fields[i];

			CHECK(STREQ(f->name, want[i].name), "f%d name %s", i,
			      S(f->name));
			CHECK(STREQ(f->ctype, want[i].ctype), "f%d ctype '%s'",
			      i, S(f->ctype));
			CHECK(STREQ(f->dtype, want[i].dtype), "f%d dtype '%s'",
			      i, S(f->dtype));
			CHECK(f->kind == want[i].kind, "f%d kind %d", i,
			      f->kind);
			CHECK(f->offset == want[i].off && f->size == 8 &&
			      !f->is_signed, "f%d off %d size %d signed %d", i,
			      f->offset, f->size, f->is_signed);
		}
	}
	CHECK(dt_tp_field(&ev, "filename") == &ev.fields[1], "dt_tp_field");
	CHECK(dt_tp_field(&ev, "nope") == NULL, "dt_tp_field miss");
	CHECK(dt_tp_field(&ev, "common_pid") == NULL, "common_* skipped");
	dt_tp_free(&ev);
	CHECK(ev.fields == NULL && ev.nfields == 0 && ev.name == NULL,
	      "free zeroes");
	dt_tp_free(&ev);	/* twice is harmless */
}

static void test_exit_read(void)
{
	struct dt_tpevent ev;
	char err[256] = "";
	int rc = dt_tp_parse_format(fmt_exit_read, &ev, err, sizeof(err));

	CHECK(rc == 0, "exit_read: %s", err);
	if (rc)
		return;
	CHECK(ev.id == 841 && ev.nfields == 1 && ev.syscall_nr_offset == 8,
	      "id %d nfields %d nr %d", ev.id, ev.nfields,
	      ev.syscall_nr_offset);
	if (ev.nfields == 1) {
		const struct dt_tpfield *f = &ev.fields[0];

		CHECK(STREQ(f->name, "ret") && STREQ(f->dtype, "long") &&
		      f->kind == DT_TPF_INT && f->offset == 16 &&
		      f->size == 8 && f->is_signed,
		      "ret: %s %s kind %d off %d size %d signed %d",
		      S(f->name), S(f->dtype), f->kind, f->offset, f->size,
		      f->is_signed);
	}
	dt_tp_free(&ev);
}

static void test_sched_switch(void)
{
	struct dt_tpevent ev;
	char err[256] = "";
	const struct dt_tpfield *f;
	int rc = dt_tp_parse_format(fmt_sched_switch, &ev, err, sizeof(err));

	CHECK(rc == 0, "sched_switch: %s", err);
	if (rc)
		return;
	CHECK(ev.nfields == 7 && ev.syscall_nr_offset == -1,
	      "nfields %d nr %d", ev.nfields, ev.syscall_nr_offset);
	f = dt_tp_field(&ev, "prev_comm");
	CHECK(f && f->kind == DT_TPF_CHARARRAY && f->array_len == 16 &&
	      STREQ(f->ctype, "char[16]") && STREQ(f->dtype, "string") &&
	      f->offset == 8 && f->size == 16,
	      "prev_comm: kind %d len %d ctype %s dtype %s",
	      f ? (int)f->kind : -1, f ? f->array_len : -1,
	      f ? S(f->ctype) : "-", f ? S(f->dtype) : "-");
	f = dt_tp_field(&ev, "prev_pid");
	CHECK(f && f->kind == DT_TPF_INT && STREQ(f->dtype, "pid_t") &&
	      f->offset == 24 && f->size == 4 && f->is_signed,
	      "prev_pid %s", f ? S(f->dtype) : "-");
	f = dt_tp_field(&ev, "prev_state");
	CHECK(f && STREQ(f->dtype, "long") && f->offset == 32 && f->size == 8,
	      "prev_state %s", f ? S(f->dtype) : "-");
	f = dt_tp_field(&ev, "next_comm");
	CHECK(f && f->offset == 40 && f->kind == DT_TPF_CHARARRAY,
	      "next_comm");
	f = dt_tp_field(&ev, "next_prio");
	CHECK(f && f->offset == 60 && STREQ(f->dtype, "int"), "next_prio");
	CHECK(STREQ(ev.fields[0].name, "prev_comm") &&
	      STREQ(ev.fields[6].name, "next_prio"), "field order");
	dt_tp_free(&ev);
}

static void test_exec(void)
{
	struct dt_tpevent ev;
	char err[256] = "";
	const struct dt_tpfield *f;
	int rc = dt_tp_parse_format(fmt_exec, &ev, err, sizeof(err));

	CHECK(rc == 0, "exec: %s", err);
	if (rc)
		return;
	CHECK(ev.nfields == 3, "nfields %d", ev.nfields);
	f = dt_tp_field(&ev, "filename");
	CHECK(f && f->kind == DT_TPF_DATALOC_STR &&
	      STREQ(f->ctype, "__data_loc char[]") &&
	      STREQ(f->dtype, "string") && f->offset == 8 && f->size == 4 &&
	      !f->is_rel && f->array_len == 0,
	      "filename: kind %d ctype '%s' dtype '%s'",
	      f ? (int)f->kind : -1, f ? S(f->ctype) : "-",
	      f ? S(f->dtype) : "-");
	f = dt_tp_field(&ev, "old_pid");
	CHECK(f && f->offset == 16 && STREQ(f->dtype, "pid_t"), "old_pid");
	dt_tp_free(&ev);
}

static void test_raw_enter(void)
{
	struct dt_tpevent ev;
	char err[256] = "";
	const struct dt_tpfield *f;
	int rc = dt_tp_parse_format(fmt_raw_enter, &ev, err, sizeof(err));

	CHECK(rc == 0, "raw sys_enter: %s", err);
	if (rc)
		return;
	CHECK(ev.nfields == 2 && ev.syscall_nr_offset == -1, "nfields %d",
	      ev.nfields);
	f = dt_tp_field(&ev, "id");
	CHECK(f && STREQ(f->dtype, "long") && f->offset == 8, "id field");
	f = dt_tp_field(&ev, "args");
	CHECK(f && f->kind == DT_TPF_ARRAY && f->array_len == 6 &&
	      STREQ(f->ctype, "unsigned long[6]") &&
	      STREQ(f->dtype, "unsigned long *") && f->offset == 16 &&
	      f->size == 48,
	      "args: kind %d len %d ctype '%s' dtype '%s'",
	      f ? (int)f->kind : -1, f ? f->array_len : -1,
	      f ? S(f->ctype) : "-", f ? S(f->dtype) : "-");
	dt_tp_free(&ev);
}

static void test_sigaction(void)
{
	struct dt_tpevent ev;
	char err[256] = "";
	const struct dt_tpfield *f;
	int rc = dt_tp_parse_format(fmt_sigaction, &ev, err, sizeof(err));

	CHECK(rc == 0, "sigaction: %s", err);
	if (rc)
		return;
	CHECK(ev.nfields == 4, "nfields %d", ev.nfields);
	f = dt_tp_field(&ev, "act");
	CHECK(f && f->kind == DT_TPF_PTR &&
	      STREQ(f->ctype, "const struct sigaction *") &&
	      STREQ(f->dtype, "void *"), "act: '%s' '%s'",
	      f ? S(f->ctype) : "-", f ? S(f->dtype) : "-");
	f = dt_tp_field(&ev, "oact");
	CHECK(f && f->kind == DT_TPF_PTR && STREQ(f->dtype, "void *"),
	      "oact");
	f = dt_tp_field(&ev, "sigsetsize");
	CHECK(f && STREQ(f->dtype, "size_t"), "sigsetsize");
	dt_tp_free(&ev);
}

static void test_odd(void)
{
	struct dt_tpevent ev;
	char err[256] = "";
	const struct dt_tpfield *f;
	int rc = dt_tp_parse_format(fmt_odd, &ev, err, sizeof(err));

	CHECK(rc == 0, "odd: %s", err);
	if (rc)
		return;
	CHECK(ev.name == NULL && ev.id == -1, "no name/id");
	CHECK(ev.nfields == 7, "nfields %d", ev.nfields);
	f = dt_tp_field(&ev, "timestamp");
	CHECK(f && STREQ(f->ctype, "u64") && STREQ(f->dtype, "uint64_t") &&
	      f->offset == 8, "timestamp");
	f = dt_tp_field(&ev, "p");
	CHECK(f && STREQ(f->ctype, "const void *") &&
	      STREQ(f->dtype, "void *") && f->kind == DT_TPF_PTR,
	      "p: '%s' '%s'", f ? S(f->ctype) : "-", f ? S(f->dtype) : "-");
	f = dt_tp_field(&ev, "x");
	CHECK(f && f->kind == DT_TPF_ARRAY && f->array_len == 4 &&
	      STREQ(f->ctype, "int[4]") && STREQ(f->dtype, "int *") &&
	      f->is_signed, "x: '%s' '%s'", f ? S(f->ctype) : "-",
	      f ? S(f->dtype) : "-");
	f = dt_tp_field(&ev, "pp");
	CHECK(f && STREQ(f->ctype, "struct foo **") &&
	      STREQ(f->dtype, "void *"), "pp: '%s' '%s'",
	      f ? S(f->ctype) : "-", f ? S(f->dtype) : "-");
	f = dt_tp_field(&ev, "v");
	CHECK(f && STREQ(f->ctype, "unsigned long long") &&
	      STREQ(f->dtype, "unsigned long long"), "v: '%s' '%s'",
	      f ? S(f->ctype) : "-", f ? S(f->dtype) : "-");
	f = dt_tp_field(&ev, "msg");
	CHECK(f && f->kind == DT_TPF_DATALOC_STR &&
	      STREQ(f->ctype, "__data_loc char[]"), "msg: '%s'",
	      f ? S(f->ctype) : "-");
	f = dt_tp_field(&ev, "type");
	CHECK(f && f->kind == DT_TPF_INT && STREQ(f->dtype, "uint32_t") &&
	      STREQ(f->ctype, "enum xfs_group_type"), "enum: '%s' '%s'",
	      f ? S(f->ctype) : "-", f ? S(f->dtype) : "-");
	dt_tp_free(&ev);
}

/* One field line -> the field, checked against expectations. */
static void decl(int line, const char *field, int size, int sgn,
		 const char *ctype, const char *dtype, enum dt_tpf_kind kind,
		 int alen)
{
	char text[512], err[256] = "";
	struct dt_tpevent ev;
	int rc;

	snprintf(text, sizeof(text),
		 "format:\n\tfield:%s;\toffset:8;\tsize:%d;\tsigned:%d;\n",
		 field, size, sgn);
	rc = dt_tp_parse_format(text, &ev, err, sizeof(err));
	CHECK(rc == 0 && ev.nfields == 1, "(line %d) '%s': rc %d %s", line,
	      field, rc, err);
	if (rc == 0 && ev.nfields == 1) {
		const struct dt_tpfield *f = &ev.fields[0];

		CHECK(STREQ(f->ctype, ctype) && STREQ(f->dtype, dtype) &&
		      f->kind == kind && f->array_len == alen,
		      "(line %d) '%s': got ctype '%s' dtype '%s' kind %d "
		      "len %d, want '%s' '%s' %d %d", line, field,
		      S(f->ctype), S(f->dtype), f->kind, f->array_len,
		      ctype, dtype, kind, alen);
	}
	dt_tp_free(&ev);
}

#define DECL(f, sz, sg, ct, dt, k, n) decl(__LINE__, f, sz, sg, ct, dt, k, n)

static void test_dtypes(void)
{
	/* integers */
	DECL("char c", 1, 1, "char", "char", DT_TPF_INT, 0);
	DECL("unsigned char c", 1, 0, "unsigned char", "unsigned char",
	     DT_TPF_INT, 0);
	DECL("signed char c", 1, 1, "signed char", "signed char",
	     DT_TPF_INT, 0);
	DECL("short s", 2, 1, "short", "short", DT_TPF_INT, 0);
	DECL("unsigned short int s", 2, 0, "unsigned short int",
	     "unsigned short", DT_TPF_INT, 0);
	DECL("unsigned u", 4, 0, "unsigned", "unsigned int", DT_TPF_INT, 0);
	DECL("long int l", 8, 1, "long int", "long", DT_TPF_INT, 0);
	DECL("long unsigned int l", 8, 0, "long unsigned int",
	     "unsigned long", DT_TPF_INT, 0);
	DECL("long long ll", 8, 1, "long long", "long long", DT_TPF_INT, 0);
	DECL("const int ci", 4, 1, "const int", "int", DT_TPF_INT, 0);
	DECL("u8 a", 1, 0, "u8", "uint8_t", DT_TPF_INT, 0);
	DECL("u16 a", 2, 0, "u16", "uint16_t", DT_TPF_INT, 0);
	DECL("u32 a", 4, 0, "u32", "uint32_t", DT_TPF_INT, 0);
	DECL("u64 a", 8, 0, "u64", "uint64_t", DT_TPF_INT, 0);
	DECL("s8 a", 1, 1, "s8", "int8_t", DT_TPF_INT, 0);
	DECL("s64 a", 8, 1, "s64", "int64_t", DT_TPF_INT, 0);
	DECL("__u32 a", 4, 0, "__u32", "uint32_t", DT_TPF_INT, 0);
	DECL("__s32 a", 4, 1, "__s32", "int32_t", DT_TPF_INT, 0);
	DECL("int32_t a", 4, 1, "int32_t", "int32_t", DT_TPF_INT, 0);
	DECL("uint64_t a", 8, 0, "uint64_t", "uint64_t", DT_TPF_INT, 0);
	DECL("bool b", 1, 0, "bool", "uint8_t", DT_TPF_INT, 0);
	DECL("pid_t p", 4, 1, "pid_t", "pid_t", DT_TPF_INT, 0);
	DECL("size_t n", 8, 0, "size_t", "size_t", DT_TPF_INT, 0);
	DECL("loff_t o", 8, 1, "loff_t", "loff_t", DT_TPF_INT, 0);
	DECL("uid_t u", 4, 0, "uid_t", "uid_t", DT_TPF_INT, 0);
	DECL("const clockid_t c", 8, 0, "const clockid_t", "int32_t",
	     DT_TPF_INT, 0);
	/* D's dev_t is 8 bytes, the kernel's 4: sized name instead */
	DECL("dev_t dev", 4, 0, "dev_t", "uint32_t", DT_TPF_INT, 0);
	DECL("xfs_ino_t ino", 8, 0, "xfs_ino_t", "uint64_t", DT_TPF_INT, 0);
	DECL("xfs_agnumber_t a", 4, 0, "xfs_agnumber_t", "uint32_t",
	     DT_TPF_INT, 0);
	DECL("ext4_lblk_t l", 4, 0, "ext4_lblk_t", "uint32_t", DT_TPF_INT,
	     0);
	DECL("enum dma_data_direction d", 4, 1, "enum dma_data_direction",
	     "int32_t", DT_TPF_INT, 0);
	DECL("const enum landlock_rule_type t", 8, 0,
	     "const enum landlock_rule_type", "uint32_t", DT_TPF_INT, 0);
	DECL("enum xfs_group_type t", 1, 0, "enum xfs_group_type", "uint8_t",
	     DT_TPF_INT, 0);
	DECL("int dfd", 8, 0, "int", "int", DT_TPF_INT, 0);
	DECL("long x", 4, 1, "long", "int32_t", DT_TPF_INT, 0);
	/* pointers */
	DECL("char * s", 8, 0, "char *", "char *", DT_TPF_PTR, 0);
	DECL("const char *s", 8, 0, "const char *", "char *", DT_TPF_PTR, 0);
	DECL("const char *const * argv", 8, 0, "const char *const *",
	     "char **", DT_TPF_PTR, 0);
	DECL("void * p", 8, 0, "void *", "void *", DT_TPF_PTR, 0);
	DECL("const void * p", 8, 0, "const void *", "void *", DT_TPF_PTR, 0);
	DECL("void __seg_gs * p", 8, 0, "void __seg_gs *", "void *",
	     DT_TPF_PTR, 0);
	DECL("int * p", 8, 0, "int *", "int *", DT_TPF_PTR, 0);
	DECL("u32 * p", 8, 0, "u32 *", "uint32_t *", DT_TPF_PTR, 0);
	DECL("const unsigned long * p", 8, 0, "const unsigned long *",
	     "unsigned long *", DT_TPF_PTR, 0);
	DECL("loff_t * p", 8, 0, "loff_t *", "loff_t *", DT_TPF_PTR, 0);
	DECL("unsigned char * p", 8, 0, "unsigned char *", "unsigned char *",
	     DT_TPF_PTR, 0);
	DECL("struct mm_struct * mm", 8, 0, "struct mm_struct *", "void *",
	     DT_TPF_PTR, 0);
	DECL("union bpf_attr * uattr", 8, 0, "union bpf_attr *", "void *",
	     DT_TPF_PTR, 0);
	DECL("struct iocb * * iocbpp", 8, 0, "struct iocb **", "void *",
	     DT_TPF_PTR, 0);
	DECL("sigset_t * set", 8, 0, "sigset_t *", "void *", DT_TPF_PTR, 0);
	DECL("const struct landlock_ruleset_attr *const attr", 8, 0,
	     "const struct landlock_ruleset_attr *const", "void *",
	     DT_TPF_PTR, 0);
	/* arrays */
	DECL("char comm[16]", 16, 0, "char[16]", "string", DT_TPF_CHARARRAY,
	     16);
	DECL("char buf[]", 0, 0, "char[]", "string", DT_TPF_CHARARRAY, 0);
	DECL("char name[TASK_COMM_LEN]", 16, 0, "char[TASK_COMM_LEN]",
	     "string", DT_TPF_CHARARRAY, 16);
	DECL("unsigned char addr[6]", 6, 0, "unsigned char[6]",
	     "unsigned char *", DT_TPF_ARRAY, 6);
	DECL("u8 fsid[16]", 16, 0, "u8[16]", "uint8_t *", DT_TPF_ARRAY, 16);
	DECL("__u8 saddr[4]", 4, 0, "__u8[4]", "uint8_t *", DT_TPF_ARRAY, 4);
	DECL("unsigned long args[]", 0, 0, "unsigned long[]",
	     "unsigned long *", DT_TPF_ARRAY, 0);
	DECL("long sysctl_mem[3]", 24, 1, "long[3]", "long *", DT_TPF_ARRAY,
	     3);
	DECL("int m[2][3]", 24, 1, "int[2][3]", "int *", DT_TPF_ARRAY, 6);
	DECL("xfs_foo_t f[4]", 16, 0, "xfs_foo_t[4]", "uint32_t *",
	     DT_TPF_ARRAY, 4);
	DECL("void * ptrs[2]", 16, 0, "void *[2]", "void **", DT_TPF_ARRAY,
	     2);
	/* __data_loc / __rel_loc */
	DECL("__data_loc char[] name", 4, 0, "__data_loc char[]", "string",
	     DT_TPF_DATALOC_STR, 0);
	DECL("__data_loc u64[] phys_addrs", 4, 0, "__data_loc u64[]",
	     "uint64_t *", DT_TPF_DATALOC, 0);
	DECL("__data_loc unsigned int[] lengths", 4, 0,
	     "__data_loc unsigned int[]", "unsigned int *", DT_TPF_DATALOC,
	     0);
	DECL("__data_loc u8[] buf", 4, 0, "__data_loc u8[]", "uint8_t *",
	     DT_TPF_DATALOC, 0);
	DECL("__data_loc cpumask_t cpumask", 4, 0, "__data_loc cpumask_t",
	     "uint8_t *", DT_TPF_DATALOC, 0);
	DECL("__rel_loc char[] foo", 4, 0, "__rel_loc char[]", "string",
	     DT_TPF_DATALOC_STR, 0);
	/* by-value aggregates and odd sizes are bytes */
	DECL("struct timespec64 ts", 16, 0, "struct timespec64", "uint8_t *",
	     DT_TPF_ARRAY, 16);
	DECL("xfs_weird_t w", 3, 0, "xfs_weird_t", "uint8_t *",
	     DT_TPF_ARRAY, 3);
	/* function pointers */
	DECL("void (*fn)(int,void*)", 8, 0, "void (*)(int, void *)",
	     "void *", DT_TPF_PTR, 0);
	DECL("int ( * cb ) ( void )", 8, 0, "int (*)(void)", "void *",
	     DT_TPF_PTR, 0);
	/* identifiers that merely start like keywords */
	DECL("int __data_location", 4, 1, "int", "int", DT_TPF_INT, 0);
	DECL("int long_name", 4, 1, "int", "int", DT_TPF_INT, 0);
	DECL("unsigned_t constx", 4, 0, "unsigned_t", "uint32_t", DT_TPF_INT,
	     0);

	/* __rel_loc is flagged */
	{
		struct dt_tpevent ev;
		char err[128];

		if (dt_tp_parse_format("format:\n\tfield:__rel_loc char[] s;"
				       "\toffset:8;\tsize:4;\tsigned:0;\n",
				       &ev, err, sizeof(err)) == 0) {
			CHECK(ev.nfields == 1 && ev.fields[0].is_rel,
			      "is_rel");
			dt_tp_free(&ev);
		} else {
			CHECK(0, "__rel_loc: %s", err);
		}
	}
}

static void bad(int line, const char *text, const char *want)
{
	struct dt_tpevent ev;
	char err[256] = "";
	int rc = dt_tp_parse_format(text, &ev, err, sizeof(err));

	CHECK(rc == -1 && strstr(err, want) && !strchr(err, '\n') &&
	      ev.fields == NULL && ev.nfields == 0 && ev.name == NULL,
	      "(line %d) rc %d err '%s', want '%s'", line, rc, err, want);
	dt_tp_free(&ev);
}

#define BAD(t, w) bad(__LINE__, t, w)
#define FL(d, rest) "name: x\nID: 5\nformat:\n\tfield:" d ";" rest "\n"

static void test_malformed(void)
{
	struct dt_tpevent ev;
	char err[64];

	BAD("", "no 'field:' lines");
	BAD("garbage\nmore garbage\n", "no 'field:' lines");
	BAD("name: x\nID: 3\nprint fmt: \"\"\n", "no 'field:' lines");
	BAD("ID: abc\n", "line 1: bad ID");
	BAD("ID: -4\n", "bad ID");
	BAD(FL("int x", "\tsize:4;\tsigned:1;"), "line 4: field without offset");
	BAD(FL("int x", "\toffset:8;\tsigned:1;"), "field without size");
	BAD(FL("int x", "\toffset:8;\tsize:four;\tsigned:1;"),
	    "bad size value 'four'");
	BAD(FL("int x", "\toffset:-8;\tsize:4;\tsigned:1;"), "bad offset");
	BAD(FL("int x", "\toffset:99999999999;\tsize:4;"), "bad offset");
	BAD(FL("int x", "\toffset:8\tsize:4"), "bad offset value");
	BAD(FL("int x", "\toffset"), "malformed attribute 'offset'");
	BAD("format:\n\tfield:int x offset:8 size:4\n", "field without ';'");
	BAD(FL("int", "\toffset:8;\tsize:4;\tsigned:1;"),
	    "cannot parse field declaration 'int'");
	BAD(FL("", "\toffset:8;\tsize:4;\tsigned:1;"),
	    "cannot parse field declaration");
	BAD(FL("x", "\toffset:8;\tsize:4;\tsigned:1;"),
	    "cannot parse field declaration 'x'");
	BAD(FL("char x[16", "\toffset:8;\tsize:16;\tsigned:1;"),
	    "cannot parse field declaration 'char x[16'");
	BAD(FL("char x16]", "\toffset:8;\tsize:16;\tsigned:1;"),
	    "cannot parse");
	BAD(FL("char x[1[6]]", "\toffset:8;\tsize:16;\tsigned:1;"),
	    "cannot parse");
	BAD(FL("int 9lives", "\toffset:8;\tsize:4;\tsigned:1;"),
	    "cannot parse");
	BAD(FL("const *", "\toffset:8;\tsize:8;\tsigned:0;"),
	    "cannot parse");
	BAD(FL("int x[99999999999]", "\toffset:8;\tsize:4;\tsigned:1;"),
	    "cannot parse");
	BAD(FL("__data_loc name", "\toffset:8;\tsize:4;\tsigned:0;"),
	    "cannot parse");
	BAD(FL("int (x)", "\toffset:8;\tsize:4;\tsigned:0;"),
	    "cannot parse field declaration 'int (x)'");
	BAD(FL("void (*)(int)", "\toffset:8;\tsize:8;\tsigned:0;"),
	    "cannot parse");
	/* an error after good fields frees them (checked by ASan/valgrind) */
	BAD("format:\n\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n"
	    "\tfield:int b;\toffset:12;\tsize:4;\tsigned:1;\n"
	    "\tfield:int;\toffset:16;\tsize:4;\tsigned:1;\n", "line 4:");

	/* NULL arguments, tiny error buffers */
	CHECK(dt_tp_parse_format(NULL, &ev, err, sizeof(err)) == -1,
	      "NULL text");
	dt_tp_free(&ev);
	CHECK(dt_tp_parse_format("", NULL, err, sizeof(err)) == -1,
	      "NULL out");
	CHECK(dt_tp_parse_format("", &ev, NULL, 0) == -1, "NULL err");
	CHECK(dt_tp_parse_format("", &ev, err, 1) == -1 && err[0] == '\0',
	      "1-byte err");
	dt_tp_free(NULL);
	CHECK(dt_tp_field(NULL, "x") == NULL, "dt_tp_field(NULL)");
}

/* ------------------------------------------------------------------ */
/* A fake events tree                                                 */

static char fake[64];

static int put(const char *rel, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", fake, rel);
	if (!(f = fopen(path, "w")))
		return -1;
	fputs(text, f);
	return fclose(f);
}

static int mk(const char *rel)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s", fake, rel);
	return mkdir(path, 0755);
}

static int rmtree(const char *path)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", path);
	return system(cmd);
}

struct collect {
	char buf[1024];
	int n, stop_after;
};

static int coll_cat(const char *cat, void *arg)
{
	struct collect *c = arg;

	strcat(c->buf, cat);
	strcat(c->buf, ",");
	return ++c->n == c->stop_after ? 42 : 0;
}

static int coll_ev(const char *cat, const char *event, void *arg)
{
	struct collect *c = arg;

	strcat(c->buf, cat);
	strcat(c->buf, ":");
	strcat(c->buf, event);
	strcat(c->buf, ",");
	return ++c->n == c->stop_after ? 7 : 0;
}

static void test_fake_tree(void)
{
	struct collect c;
	struct dt_tpevent ev;
	char err[512];
	int ok = 1;

	strcpy(fake, "/tmp/test_tp.XXXXXX");
	if (!mkdtemp(fake)) {
		CHECK(0, "mkdtemp: %s", strerror(errno));
		return;
	}
	ok &= mk("sched") == 0 && mk("syscalls") == 0 && mk("a_cat") == 0;
	ok &= mk("sched/sched_switch") == 0 && mk("sched/sched_process_exec") == 0;
	ok &= mk("syscalls/sys_enter_openat") == 0;
	ok &= mk("syscalls/sys_exit_read") == 0;
	ok &= mk("syscalls/sys_enter_noid") == 0;
	ok &= mk("syscalls/sys_enter_bad") == 0;
	ok &= mk("syscalls/sys_enter_nofmt") == 0;
	ok &= put("enable", "0\n") == 0 && put("header_page", "x\n") == 0;
	ok &= put("syscalls/enable", "0\n") == 0;
	ok &= put("syscalls/filter", "none\n") == 0;
	ok &= put("sched/sched_switch/format", fmt_sched_switch) == 0;
	ok &= put("sched/sched_process_exec/format", fmt_exec) == 0;
	ok &= put("syscalls/sys_enter_openat/format", fmt_openat) == 0;
	ok &= put("syscalls/sys_exit_read/format", fmt_exit_read) == 0;
	ok &= put("syscalls/sys_enter_noid/format",
		  "name: sys_enter_noid\nformat:\n\tfield:int __syscall_nr;"
		  "\toffset:8;\tsize:4;\tsigned:1;\n") == 0;
	ok &= put("syscalls/sys_enter_noid/id", "1234\n") == 0;
	ok &= put("syscalls/sys_enter_bad/format",
		  "format:\n\tfield:int;\toffset:8;\tsize:4;\tsigned:1;\n") == 0;
	CHECK(ok, "building the fake tree");
	CHECK(dt_tp_set_root(fake) == 0 && !strcmp(S(dt_tp_root()), fake),
	      "set_root");

	memset(&c, 0, sizeof(c));
	CHECK(dt_tp_categories(coll_cat, &c) == 0 &&
	      STREQ(c.buf, "a_cat,sched,syscalls,"), "categories '%s'", c.buf);
	memset(&c, 0, sizeof(c));
	c.stop_after = 2;
	CHECK(dt_tp_categories(coll_cat, &c) == 42 &&
	      STREQ(c.buf, "a_cat,sched,"), "categories stop '%s'", c.buf);

	memset(&c, 0, sizeof(c));
	CHECK(dt_tp_events("syscalls", coll_ev, &c) == 0 &&
	      STREQ(c.buf, "syscalls:sys_enter_bad,syscalls:sys_enter_nofmt,"
			   "syscalls:sys_enter_noid,"
			   "syscalls:sys_enter_openat,syscalls:sys_exit_read,"),
	      "events '%s'", c.buf);
	memset(&c, 0, sizeof(c));
	c.stop_after = 1;
	CHECK(dt_tp_events("sched", coll_ev, &c) == 7 &&
	      STREQ(c.buf, "sched:sched_process_exec,"), "events stop '%s'",
	      c.buf);
	memset(&c, 0, sizeof(c));
	CHECK(dt_tp_events("a_cat", coll_ev, &c) == 0 && c.n == 0,
	      "empty category");
	errno = 0;
	CHECK(dt_tp_events("nope", coll_ev, &c) == -1 && errno == ENOENT,
	      "missing category errno %d", errno);
	CHECK(dt_tp_events("../x", coll_ev, &c) == -1 && errno == EINVAL,
	      "bad category name");
	CHECK(dt_tp_events("", coll_ev, &c) == -1 && errno == EINVAL,
	      "empty category name");
	CHECK(dt_tp_events("enable", coll_ev, &c) == -1 && errno == ENOTDIR,
	      "file as category");

	CHECK(dt_tp_load("syscalls", "sys_enter_openat", &ev, err,
			 sizeof(err)) == 0, "load openat: %s", err);
	CHECK(STREQ(ev.category, "syscalls") &&
	      STREQ(ev.name, "sys_enter_openat") && ev.id == 782 &&
	      ev.nfields == 4 && ev.syscall_nr_offset == 8,
	      "loaded openat: %s:%s id %d n %d", S(ev.category), S(ev.name),
	      ev.id, ev.nfields);
	dt_tp_free(&ev);

	CHECK(dt_tp_load("syscalls", "sys_enter_noid", &ev, err,
			 sizeof(err)) == 0 && ev.id == 1234 &&
	      ev.nfields == 0 && ev.syscall_nr_offset == 8,
	      "id from the id file: %d (%s)", ev.id, err);
	dt_tp_free(&ev);

	CHECK(dt_tp_load("sched", "sched_process_exec", &ev, err,
			 sizeof(err)) == 0 && ev.nfields == 3 &&
	      ev.fields[0].kind == DT_TPF_DATALOC_STR, "load exec: %s", err);
	dt_tp_free(&ev);

	CHECK(dt_tp_load("syscalls", "sys_enter_nofmt", &ev, err,
			 sizeof(err)) == -1 &&
	      strstr(err, "cannot read ") &&
	      strstr(err, "/syscalls/sys_enter_nofmt/format: No such file") &&
	      ev.fields == NULL, "missing format: '%s'", err);
	CHECK(dt_tp_load("syscalls", "sys_enter_none", &ev, err,
			 sizeof(err)) == -1 &&
	      strstr(err, "No such file or directory"), "missing event: '%s'",
	      err);
	CHECK(dt_tp_load("syscalls", "sys_enter_bad", &ev, err,
			 sizeof(err)) == -1 &&
	      strstr(err, "/syscalls/sys_enter_bad/format: line 2: cannot "
		     "parse field declaration 'int'"), "bad format: '%s'", err);
	CHECK(dt_tp_load("syscalls", "..", &ev, err, sizeof(err)) == -1 &&
	      strstr(err, "invalid tracepoint name 'syscalls:..'"),
	      "dot-dot: '%s'", err);
	CHECK(dt_tp_load("sys/calls", "x", &ev, err, sizeof(err)) == -1 &&
	      strstr(err, "invalid tracepoint name"), "slash: '%s'", err);
	CHECK(dt_tp_load(NULL, "x", &ev, err, sizeof(err)) == -1, "NULL cat");
	CHECK(dt_tp_load("syscalls", "sys_enter_openat", NULL, err,
			 sizeof(err)) == -1, "NULL out");
	CHECK(dt_tp_load("syscalls", "sys_enter_openat", &ev, NULL, 0) == 0,
	      "NULL err buffer");
	dt_tp_free(&ev);

	/* Not root: an unreadable format gives EACCES with a hint. */
	if (geteuid() != 0) {
		char p[256];

		snprintf(p, sizeof(p), "%s/sched/sched_switch/format", fake);
		chmod(p, 0);
		CHECK(dt_tp_load("sched", "sched_switch", &ev, err,
				 sizeof(err)) == -1 &&
		      strstr(err, "Permission denied (reading tracefs needs "
			     "root)"), "EACCES: '%s'", err);
		snprintf(p, sizeof(p), "%s/sched", fake);
		chmod(p, 0);
		errno = 0;
		CHECK(dt_tp_events("sched", coll_ev, &c) == -1 &&
		      errno == EACCES, "unreadable category errno %d", errno);
		chmod(p, 0755);
	}

	/* A root that does not exist */
	{
		char gone[128];

		snprintf(gone, sizeof(gone), "%s/missing", fake);
		dt_tp_set_root(gone);
		errno = 0;
		CHECK(dt_tp_categories(coll_cat, &c) == -1 && errno == ENOENT,
		      "missing root errno %d", errno);
		CHECK(dt_tp_load("a", "b", &ev, err, sizeof(err)) == -1 &&
		      strstr(err, "cannot read "), "missing root: '%s'", err);
	}

	dt_tp_set_root(NULL);
	rmtree(fake);
}

/* ------------------------------------------------------------------ */
/* The live kernel (root only)                                        */

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int find_ev(const char *cat, const char *event, void *arg)
{
	(void)cat;
	return !strcmp(event, (const char *)arg);
}

struct walk {
	int ncat, nev, nbad, nfields;
	int count_only;
	char firstbad[512];
};

static int walk_ev(const char *cat, const char *event, void *arg)
{
	struct walk *w = arg;
	struct dt_tpevent ev;
	char err[400];

	w->nev++;
	if (w->count_only)
		return 0;
	if (dt_tp_load(cat, event, &ev, err, sizeof(err)) < 0) {
		if (!w->nbad++)
			snprintf(w->firstbad, sizeof(w->firstbad), "%s", err);
		return 0;
	}
	w->nfields += ev.nfields;
	for (int i = 0; i < ev.nfields; i++) {
		const struct dt_tpfield *f = &ev.fields[i];

		if (!f->name || !f->ctype || !f->dtype || !*f->dtype) {
			if (!w->nbad++)
				snprintf(w->firstbad, sizeof(w->firstbad),
					 "%s:%s field %d incomplete", cat,
					 event, i);
		}
	}
	dt_tp_free(&ev);
	return 0;
}

static int walk_cat(const char *cat, void *arg)
{
	struct walk *w = arg;

	w->ncat++;
	if (dt_tp_events(cat, walk_ev, w) < 0 && !w->nbad++)
		snprintf(w->firstbad, sizeof(w->firstbad), "%s: %s", cat,
			 strerror(errno));
	return 0;
}

struct names {
	char **v;
	size_t n, cap;
};

static int all_ev(const char *cat, const char *event, void *arg)
{
	struct names *a = arg;

	if (a->n == a->cap) {
		size_t ncap = a->cap ? 2 * a->cap : 1024;
		char **nv = realloc(a->v, ncap * sizeof(*nv));

		if (!nv)
			return -1;
		a->v = nv;
		a->cap = ncap;
	}
	if (asprintf(&a->v[a->n], "%s:%s", cat, event) < 0)
		return -1;
	a->n++;
	return 0;
}

static int all_cat(const char *cat, void *arg)
{
	return dt_tp_events(cat, all_ev, arg) > 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void test_live(void)
{
	const char *root = dt_tp_root();
	struct dt_tpevent ev;
	struct walk w;
	char err[512];
	double t0, t1, best = 1e9;
	char path[512];

	if (root && access(root, R_OK | X_OK) != 0 &&
	    (errno == EACCES || errno == EPERM)) {
		/* not root: clear errors, no crash */
		CHECK(dt_tp_load("syscalls", "sys_enter_openat", &ev, err,
				 sizeof(err)) == -1 &&
		      strstr(err, "Permission denied (reading tracefs needs "
			     "root)"), "unprivileged load: '%s'", err);
		memset(&w, 0, sizeof(w));
		errno = 0;
		CHECK(dt_tp_categories(walk_cat, &w) == -1 &&
		      (errno == EACCES || errno == EPERM),
		      "unprivileged listing errno %d", errno);
	}
	if (!root || access(root, R_OK | X_OK) != 0) {
		printf("(tracefs not readable: live kernel checks skipped)\n");
		return;
	}
	snprintf(path, sizeof(path), "%s/syscalls", root);
	if (access(path, R_OK | X_OK) != 0) {
		printf("(no syscalls events: live kernel checks skipped)\n");
		return;
	}

	CHECK(dt_tp_events("syscalls", find_ev, (void *)"sys_enter_getppid")
	      == 1, "syscalls lists sys_enter_getppid");
	CHECK(dt_tp_load("syscalls", "sys_enter_getppid", &ev, err,
			 sizeof(err)) == 0, "load getppid: %s", err);
	CHECK(ev.id > 0 && ev.nfields == 0 && ev.syscall_nr_offset == 8,
	      "getppid: id %d nfields %d nr %d", ev.id, ev.nfields,
	      ev.syscall_nr_offset);
	dt_tp_free(&ev);

	CHECK(dt_tp_load("syscalls", "sys_enter_openat", &ev, err,
			 sizeof(err)) == 0, "load openat: %s", err);
	if (ev.nfields == 4) {
		static const char *const names[] = { "dfd", "filename",
						     "flags", "mode" };
		static const char *const dtypes[] = { "int", "char *", "int",
						      "uint16_t" };
		for (int i = 0; i < 4; i++)
			CHECK(STREQ(ev.fields[i].name, names[i]) &&
			      ev.fields[i].offset == 16 + 8 * i &&
			      ev.fields[i].size == 8 &&
			      STREQ(ev.fields[i].dtype, dtypes[i]),
			      "openat field %d: %s off %d dtype %s", i,
			      S(ev.fields[i].name), ev.fields[i].offset,
			      S(ev.fields[i].dtype));
	} else {
		CHECK(0, "openat nfields %d", ev.nfields);
	}
	dt_tp_free(&ev);

	CHECK(dt_tp_load("sched", "sched_switch", &ev, err, sizeof(err)) == 0
	      && dt_tp_field(&ev, "prev_comm") &&
	      dt_tp_field(&ev, "prev_comm")->kind == DT_TPF_CHARARRAY,
	      "live sched_switch: %s", err);
	dt_tp_free(&ev);
	CHECK(dt_tp_load("syscalls", "sys_enter_no_such_call", &ev, err,
			 sizeof(err)) == -1 && strstr(err, "No such file"),
	      "live missing event: '%s'", err);

	/* listing every event of every category: best of 3 */
	for (int i = 0; i < 3; i++) {
		memset(&w, 0, sizeof(w));
		w.count_only = 1;
		t0 = now_ms();
		CHECK(dt_tp_categories(walk_cat, &w) == 0, "walk categories");
		t1 = now_ms();
		if (t1 - t0 < best)
			best = t1 - t0;
	}
	CHECK(best < 200, "listing took %.1f ms", best);
	CHECK(w.ncat > 10 && w.nev > 500, "only %d categories %d events",
	      w.ncat, w.nev);
	printf("(listed %d categories, %d events in %.1f ms)\n", w.ncat,
	       w.nev, best);

	/* everything in available_events is listed */
	{
		struct names all = { 0 };
		char line[512];
		size_t missing = 0, checked = 0;
		FILE *f;

		snprintf(path, sizeof(path), "%s/../available_events", root);
		dt_tp_categories(all_cat, &all);
		qsort(all.v, all.n, sizeof(*all.v), cmp_str);
		if ((f = fopen(path, "r"))) {
			while (fgets(line, sizeof(line), f)) {
				char *key = line;

				line[strcspn(line, "\n")] = '\0';
				checked++;
				if (!bsearch(&key, all.v, all.n, sizeof(*all.v),
					     cmp_str) && !missing++)
					printf("not listed: %s\n", line);
			}
			fclose(f);
		}
		CHECK(checked > 0 && missing == 0,
		      "%zu of %zu available_events not listed", missing,
		      checked);
		for (size_t i = 0; i < all.n; i++)
			free(all.v[i]);
		free(all.v);
	}

	/* every format file of the running kernel parses */
	memset(&w, 0, sizeof(w));
	t0 = now_ms();
	dt_tp_categories(walk_cat, &w);
	t1 = now_ms();
	CHECK(w.nbad == 0, "%d events failed to load, first: %s", w.nbad,
	      w.firstbad);
	printf("(loaded %d events, %d fields, in %.1f ms)\n", w.nev,
	       w.nfields, t1 - t0);
}

int main(void)
{
	test_openat();
	test_exit_read();
	test_sched_switch();
	test_exec();
	test_raw_enter();
	test_sigaction();
	test_odd();
	test_dtypes();
	test_malformed();
	test_fake_tree();
	test_live();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
