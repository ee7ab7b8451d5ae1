/*
 * escape.c - the escaping walk shared by the JSON and OpenMetrics
 * formatters, their integer and hex writers, and the memory stream they
 * render texts and build expositions in.
 *
 * The walk copies runs of bytes that need nothing with one fwrite and
 * stops only at a byte its format escapes or at a byte of 0x80 and up,
 * which must start a valid UTF-8 sequence (RFC 3629: no overlong forms,
 * no surrogates, nothing past U+10FFFF) or is written as U+FFFD.  D
 * strings are bytes from the kernel or a process, so without this a jq
 * or a Prometheus reading the output could reject a whole line.
 */
#include <stdlib.h>
#include <string.h>
#include "escape.h"

#define REPLACEMENT "\xef\xbf\xbd"	/* U+FFFD in UTF-8 */

size_t dt_utf8_seq(const unsigned char *s, size_t n)
{
	unsigned c = s[0];
	size_t len;
	unsigned lo = 0x80, hi = 0xbf;	/* the second byte's range */

	if (c >= 0xc2 && c <= 0xdf)
		len = 2;
	else if (c >= 0xe0 && c <= 0xef) {
		len = 3;
		if (c == 0xe0)
			lo = 0xa0;		/* overlong */
		else if (c == 0xed)
			hi = 0x9f;		/* surrogates */
	} else if (c >= 0xf0 && c <= 0xf4) {
		len = 4;
		if (c == 0xf0)
			lo = 0x90;		/* overlong */
		else if (c == 0xf4)
			hi = 0x8f;		/* past U+10FFFF */
	} else
		return 0;
	if (n < len || s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < len; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return len;
}

/* a byte below 0x80 that how escapes */
static inline int special(unsigned c, dt_esc_t how)
{
	switch (how) {
	case DT_ESC_JSON:
		return c < 0x20 || c == '"' || c == '\\';
	case DT_ESC_LABEL:
		return c == '"' || c == '\\' || c == '\n';
	default:
		return c == '\\' || c == '\n';
	}
}

static void put(FILE *fp, const void *p, size_t n)
{
	if (n)
		fwrite_unlocked(p, 1, n, fp);
}

/* the escape of c (special() said so) */
static void escape_byte(FILE *fp, unsigned c)
{
	static const char hex[] = "0123456789abcdef";
	char u[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };
	const char *e = NULL;

	switch (c) {
	case '"': e = "\\\""; break;
	case '\\': e = "\\\\"; break;
	case '\n': e = "\\n"; break;
	case '\t': e = "\\t"; break;
	case '\r': e = "\\r"; break;
	case '\b': e = "\\b"; break;
	case '\f': e = "\\f"; break;
	}
	if (e)
		put(fp, e, 2);
	else
		put(fp, u, sizeof(u));	/* JSON only: any other control */
}

/* inlined where how is a constant, so that the test of a byte is too */
static inline void escape(FILE *fp, const char *s, size_t n, dt_esc_t how)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n, *run = p;

	while (p < end) {
		unsigned c = *p;
		if (c < 0x80 && !special(c, how)) {
			p++;
			continue;
		}
		if (c >= 0x80) {
			size_t l = dt_utf8_seq(p, (size_t)(end - p));
			if (l) {
				p += l;
				continue;
			}
		}
		put(fp, run, (size_t)(p - run));
		if (c >= 0x80)
			put(fp, REPLACEMENT, 3);
		else
			escape_byte(fp, c);
		run = ++p;
	}
	put(fp, run, (size_t)(end - run));
}

void dt_escape(FILE *fp, const char *s, size_t n, dt_esc_t how)
{
	escape(fp, s, n, how);
}

void dt_json_string(FILE *fp, const char *s, size_t n)
{
	putc_unlocked('"', fp);
	escape(fp, s, n, DT_ESC_JSON);
	putc_unlocked('"', fp);
}

static size_t fmt_u64(char *buf, uint64_t u)
{
	char tmp[20], *p = tmp + sizeof(tmp);
	do
		*--p = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	size_t n = (size_t)(tmp + sizeof(tmp) - p);
	memcpy(buf, p, n);
	return n;
}

size_t dt_fmt_i64(char *buf, int64_t i)
{
	if (i >= 0)
		return fmt_u64(buf, (uint64_t)i);
	buf[0] = '-';
	return 1 + fmt_u64(buf + 1, -(uint64_t)i);	/* INT64_MIN too */
}

void dt_put_u64(FILE *fp, uint64_t u)
{
	char buf[20];
	put(fp, buf, fmt_u64(buf, u));
}

void dt_put_i64(FILE *fp, int64_t i)
{
	char buf[21];
	put(fp, buf, dt_fmt_i64(buf, i));
}

void dt_put_hex(FILE *fp, const uint8_t *b, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	char buf[256];
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		buf[k++] = hex[b[i] >> 4];
		buf[k++] = hex[b[i] & 15];
		if (k == sizeof(buf)) {
			put(fp, buf, k);
			k = 0;
		}
	}
	put(fp, buf, k);
}

void dt_put_str(FILE *fp, const char *s)
{
	fputs_unlocked(s, fp);
}

/* open_memstream's writes go straight into its buffer and a flush only
 * sets buf and len, so a record's text costs no copy before it is
 * escaped (a stream of our own over a buffer cost a copy and glibc's
 * write-out on every flush) */
int dt_membuf_open(struct dt_membuf *m)
{
	memset(m, 0, sizeof(*m));
	m->fp = open_memstream(&m->buf, &m->len);
	return m->fp ? 0 : -1;
}

void dt_membuf_reset(struct dt_membuf *m)
{
	rewind(m->fp);		/* len is the position at the next flush */
}

size_t dt_membuf_start(struct dt_membuf *m)
{
	if (m->len < 65536 && !ferror_unlocked(m->fp))
		return m->len;
	dt_membuf_reset(m);
	return 0;
}

void dt_membuf_close(struct dt_membuf *m)
{
	if (m->fp)
		fclose(m->fp);
	free(m->buf);
	memset(m, 0, sizeof(*m));
}
