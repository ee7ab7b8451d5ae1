/*
 * escape.h - what the structured formatters (json.c, openmetrics.c)
 * write with (escape.c): one escaping walk for JSON strings and
 * OpenMetrics label values and HELP text, with one UTF-8 check (an
 * invalid byte is written as U+FFFD, so every line stays valid UTF-8),
 * integers in decimal without printf, and a stream into memory to render
 * a text or build an exposition in.  Writes go through the unlocked
 * stdio calls: the caller owns the stream (one thread writes the output).
 */
#ifndef DT_ESCAPE_H
#define DT_ESCAPE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* what a string is escaped for */
typedef enum {
	DT_ESC_JSON,		/* RFC 8259: ", \, control characters */
	DT_ESC_LABEL,		/* OpenMetrics label value: \, ", newline */
	DT_ESC_HELP		/* OpenMetrics HELP text: \, newline */
} dt_esc_t;

/* the length of the valid UTF-8 sequence at s (n bytes left, s[0] >=
 * 0x80), or 0 if it is not one */
size_t dt_utf8_seq(const unsigned char *s, size_t n);

/* n bytes of s escaped for how, without quotes */
void dt_escape(FILE *fp, const char *s, size_t n, dt_esc_t how);
/* s as a JSON string, quotes included */
void dt_json_string(FILE *fp, const char *s, size_t n);

/* integers in decimal; dt_fmt_i64 into buf (21 bytes), its length */
size_t dt_fmt_i64(char *buf, int64_t i);
void dt_put_u64(FILE *fp, uint64_t u);
void dt_put_i64(FILE *fp, int64_t i);
/* n bytes as lowercase hex digits */
void dt_put_hex(FILE *fp, const uint8_t *b, size_t n);
/* a string literal or a NUL-terminated string, as it is */
void dt_put_str(FILE *fp, const char *s);

/* a stream writing into a buffer that grows and is kept: after
 * fflush(fp), buf holds len bytes; dt_membuf_reset starts it over */
struct dt_membuf {
	FILE *fp;
	char *buf;
	size_t len;
};
int dt_membuf_open(struct dt_membuf *m);
void dt_membuf_reset(struct dt_membuf *m);
/* where in buf what is written next starts: after what was written
 * last (flushed), or 0 when it has grown past 64 KiB (or failed); one
 * text a record costs no seek */
size_t dt_membuf_start(struct dt_membuf *m);
void dt_membuf_close(struct dt_membuf *m);

#endif
