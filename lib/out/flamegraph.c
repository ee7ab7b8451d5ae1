/*
 * flamegraph.c - -x flamegraph=FILE.svg: at the end of tracing, every
 * stack aggregation drawn as an interactive flame graph in one SVG file
 * (our own renderer; the idea and look are Brendan Gregg's).
 *
 * Each aggregation with a stack key is a section of its own, one under
 * the other, titled with its name, function and keys: its rows merged
 * into a tree (stacktree.c: other key parts, then user, then kernel
 * frames, outermost caller first, offsets dropped), drawn with the root
 * ("all") at the bottom and callees above their callers, each frame a
 * rectangle as wide as its share of the samples, siblings in name
 * order.  A frame narrower than 0.1 pixel is left out with its callees
 * (as flamegraph.pl's minwidth).  Each frame's <title> (the tooltip)
 * gives its name, samples and percentage of its graph; its label is
 * clipped to its width (monospace, DT_FG_CHARW pixels a character).
 * Frames are coloured by module (the text before '`'): vmlinux orange,
 * every other module a hue of its own from a palette by a hash of its
 * name, the function's hash varying the lightness; frames with no module
 * (key parts such as execname, unknown addresses) grey; a legend under
 * the title shows the modules' colours, the widest first.  The script
 * (flamejs.c) zooms on click and searches.  Text is escaped for XML,
 * invalid UTF-8 and control characters written as U+FFFD, so that the
 * document is always well-formed.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "flamegraph.h"
#include "escape.h"
#include "stacktree.h"
#include "consume/consume.h"

#define DT_FG_WIDTH 1200	/* the image */
#define DT_FG_PAD 10		/* left and right margins */
#define DT_FG_FRAMEH 16		/* a frame's row */
#define DT_FG_FONT 12		/* px, monospace */
#define DT_FG_CHARW 7.2		/* a monospace character at 12 px */
#define DT_FG_HEAD 76		/* title, buttons, search box, legend */
#define DT_FG_LEGEND 64		/* the legend's baseline */
#define DT_FG_MAXMODS 256	/* modules the legend considers */
#define DT_FG_SECHEAD 26	/* a section's title line */
#define DT_FG_SECGAP 14
#define DT_FG_FOOT 28		/* the hovered frame's details */
#define DT_FG_MINW 0.1		/* narrower frames are left out */

struct section {
	char title[512];
	const char *unit;		/* "samples" (count) or the function */
	uint32_t depth;			/* of the deepest frame drawn */
	struct dt_stree tree;
};

struct graph {
	struct section *sec;
	int nsec;
};

/* ---- collecting the sections ---- */

static int collect(const dtrace_aggdata_t *ad, void *arg)
{
	struct graph *g = arg;
	if (!dt_stree_stacked(ad) || dtrace_aggdata_nrows(ad) == 0)
		return 0;
	for (int j = 0; j < dtrace_aggdata_naggs(ad); j++) {
		const dtrace_agginfo_t *a = dtrace_aggdata_agg(ad, j);
		struct section *ns = realloc(g->sec, (size_t)(g->nsec + 1) * sizeof(*ns));
		if (!ns)
			return -1;
		g->sec = ns;
		struct section *s = &g->sec[g->nsec++];
		memset(s, 0, sizeof(*s));
		s->unit = a->kind == DTRACE_AGG_COUNT ? "samples" : a->func;
		size_t n = (size_t)snprintf(s->title, sizeof(s->title), "@%s = %s() by ", a->name,
		    a->func);
		for (int k = 0; k < dtrace_aggdata_nkeys(ad) && n < sizeof(s->title); k++) {
			int kind = dt_aggdata_stackkind(ad, k);
			n += (size_t)snprintf(s->title + n, sizeof(s->title) - n, "%s%s", k ? ", " : "",
			    kind == DT_STACKK_KERNEL ? "stack()" : kind == DT_STACKK_USER ?
			    "ustack()" : dtrace_aggdata_keyinfo(ad, k)->name);
		}
		if (dt_stree_add(&s->tree, ad, j) < 0)
			return -1;
		if (s->tree.root.total == 0) {	/* nothing to draw */
			dt_stree_free(&s->tree);
			g->nsec--;
		}
	}
	return 0;
}

/* ---- text ---- */

/* n bytes of s as XML character data or attribute text */
static void xml(FILE *fp, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	for (size_t i = 0; i < n;) {
		unsigned char c = p[i];
		if (c >= 0x80) {
			size_t k = dt_utf8_seq(p + i, n - i);
			if (k) {
				fwrite_unlocked(p + i, 1, k, fp);
				i += k;
			} else {
				fputs_unlocked("\xef\xbf\xbd", fp);
				i++;
			}
			continue;
		}
		switch (c) {
		case '&': fputs_unlocked("&amp;", fp); break;
		case '<': fputs_unlocked("&lt;", fp); break;
		case '>': fputs_unlocked("&gt;", fp); break;
		case '"': fputs_unlocked("&quot;", fp); break;
		case '\'': fputs_unlocked("&apos;", fp); break;
		default:
			if (c < 0x20 || c == 0x7f)
				fputs_unlocked("\xef\xbf\xbd", fp);
			else
				putc_unlocked(c, fp);
		}
		i++;
	}
}

static void xmls(FILE *fp, const char *s)
{
	xml(fp, s, strlen(s));
}

/* the label a frame w pixels wide shows (flamejs.c's fit()) */
static void label(FILE *fp, const char *name, double w)
{
	double fit = (w - 6) / DT_FG_CHARW;
	if (fit < 3)
		return;
	size_t n = (size_t)fit, len = strlen(name);
	if (len <= n) {
		xml(fp, name, len);
		return;
	}
	xml(fp, name, n - 2);
	fputs_unlocked("..", fp);
}

/* ---- colours ---- */

static uint32_t hash(const char *s, size_t n)
{
	uint32_t h = 2166136261u;	/* FNV-1a */
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

static double absd(double v)
{
	return v < 0 ? -v : v;
}

/* hue in degrees, saturation and lightness 0..1 */
static void hsl_rgb(double h, double s, double l, int rgb[3])
{
	double c = (1 - absd(2 * l - 1)) * s;
	double hp = h / 60, hm = hp - 2 * (int)(hp / 2);	/* hp mod 2 */
	double x = c * (1 - absd(hm - 1)), m = l - c / 2;
	double r = 0, g = 0, b = 0;
	switch ((int)hp) {
	case 0: r = c; g = x; break;
	case 1: r = x; g = c; break;
	case 2: g = c; b = x; break;
	case 3: g = x; b = c; break;
	case 4: r = x; b = c; break;
	default: r = c; b = x; break;
	}
	rgb[0] = (int)((r + m) * 255 + 0.5);
	rgb[1] = (int)((g + m) * 255 + 0.5);
	rgb[2] = (int)((b + m) * 255 + 0.5);
}

/* a frame's fill: by its module, lighter or darker by its function */
static void fill(char *buf, size_t size, const char *name, int root)
{
	static const int hues[] = { 205, 120, 275, 48, 170, 330, 90, 232, 0, 300, 145, 255 };
	const char *tick = strchr(name, '`');
	uint32_t fh = hash(name, strlen(name));
	int rgb[3];
	double l = 0.62 + (double)(fh % 1000) / 1000 * 0.14;
	if (root) {
		rgb[0] = rgb[1] = rgb[2] = 200;
	} else if (!tick) {
		rgb[0] = rgb[1] = rgb[2] = 170 + (int)(fh % 40);
	} else {
		size_t ml = (size_t)(tick - name);
		double hue = ml == 7 && !strncmp(name, "vmlinux", 7) ? 22 :
		    hues[hash(name, ml) % (sizeof(hues) / sizeof(hues[0]))];
		hsl_rgb(hue, 0.62, l, rgb);
	}
	snprintf(buf, size, "rgb(%d,%d,%d)", rgb[0], rgb[1], rgb[2]);
}

/* ---- the legend: the modules' colours ---- */

struct module {
	char name[64];
	uint64_t weight;		/* its widest frame's samples */
};

static void modules(const struct dt_snode *n, struct module *m, int *nm)
{
	for (uint32_t i = 0; i < n->nkid; i++) {
		const struct dt_snode *k = n->kid[i];
		const char *tick = strchr(k->name, '`');
		size_t len = tick ? (size_t)(tick - k->name) : 0;
		if (tick && len < sizeof(m->name)) {
			int j = 0;
			while (j < *nm && (strlen(m[j].name) != len || strncmp(m[j].name, k->name, len)))
				j++;
			if (j == *nm && *nm < DT_FG_MAXMODS) {
				memcpy(m[j].name, k->name, len);
				m[j].name[len] = '\0';
				m[j].weight = 0;
				(*nm)++;
			}
			if (j < *nm && k->total > m[j].weight)
				m[j].weight = k->total;
		}
		modules(k, m, nm);
	}
}

static int by_weight(const void *a, const void *b)
{
	const struct module *x = a, *y = b;
	if (x->weight != y->weight)
		return x->weight < y->weight ? 1 : -1;
	return strcmp(x->name, y->name);
}

/* the modules of every section, widest first, as many as fit a line */
static void legend(FILE *fp, const struct graph *g)
{
	struct module *m = calloc(DT_FG_MAXMODS, sizeof(*m));
	int nm = 0;
	if (!m)
		return;
	for (int i = 0; i < g->nsec; i++)
		modules(&g->sec[i].tree.root, m, &nm);
	qsort(m, (size_t)nm, sizeof(*m), by_weight);
	double x = DT_FG_PAD;
	for (int i = 0; i < nm; i++) {
		char key[80], rgb[32];
		double w = 14 + (double)strlen(m[i].name) * DT_FG_CHARW;
		if (x + w > DT_FG_WIDTH - DT_FG_PAD)
			break;
		snprintf(key, sizeof(key), "%s`", m[i].name);
		fill(rgb, sizeof(rgb), key, 0);
		fprintf(fp, "<g class=\"legend\"><rect x=\"%.1f\" y=\"%d\" width=\"10\" "
		    "height=\"10\" fill=\"%s\"/><text x=\"%.1f\" y=\"%d\">", x,
		    DT_FG_LEGEND - 9, rgb, x + 14, DT_FG_LEGEND);
		xmls(fp, m[i].name);
		fputs_unlocked("</text></g>\n", fp);
		x += w + 16;
	}
	free(m);
}

/* ---- drawing ---- */

struct draw {
	FILE *fp;
	const struct section *s;
	double scale;			/* pixels a sample */
	int bottom;			/* the root row's y */
};

static void frame(struct draw *d, const struct dt_snode *n, const char *name, uint64_t o,
    uint32_t depth)
{
	double w = (double)n->total * d->scale;
	if (w < DT_FG_MINW)
		return;
	double x = DT_FG_PAD + (double)o * d->scale;
	int y = d->bottom - (int)depth * DT_FG_FRAMEH;
	char rgb[32];
	FILE *fp = d->fp;
	fill(rgb, sizeof(rgb), name, depth == 0);
	fprintf(fp, "<g class=\"f\" data-o=\"%" PRIu64 "\" data-n=\"%" PRIu64 "\" data-d=\"%u\">"
	    "<title>", o, n->total, depth);
	xmls(fp, name);
	if (!strcmp(d->s->unit, "samples"))
		fprintf(fp, " (%" PRIu64 " samples, %.2f%%)", n->total,
		    100.0 * (double)n->total / (double)d->s->tree.root.total);
	else
		fprintf(fp, " (%s %" PRIu64 ", %.2f%%)", d->s->unit, n->total,
		    100.0 * (double)n->total / (double)d->s->tree.root.total);
	fprintf(fp, "</title><rect x=\"%.2f\" y=\"%d\" width=\"%.2f\" height=\"%d\" rx=\"2\" "
	    "fill=\"%s\"/><text x=\"%.2f\" y=\"%d\">", x, y, w, DT_FG_FRAMEH - 1, rgb, x + 3,
	    y + DT_FG_FRAMEH - 4);
	label(fp, name, w);
	fputs_unlocked("</text></g>\n", fp);
	for (uint32_t i = 0; i < n->nkid; i++) {
		frame(d, n->kid[i], n->kid[i]->name, o, depth + 1);
		o += n->kid[i]->total;
	}
}

/* the depth of the deepest frame under n wide enough to be drawn */
static uint32_t drawn_depth(const struct dt_snode *n, double scale)
{
	uint32_t d = 0;
	for (uint32_t i = 0; i < n->nkid; i++)
		if ((double)n->kid[i]->total * scale >= DT_FG_MINW) {
			uint32_t k = 1 + drawn_depth(n->kid[i], scale);
			if (k > d)
				d = k;
		}
	return d;
}

static double sec_scale(const struct section *s)
{
	return (double)(DT_FG_WIDTH - 2 * DT_FG_PAD) / (double)s->tree.root.total;
}

static int sec_height(const struct section *s)
{
	return DT_FG_SECHEAD + (int)(s->depth + 1) * DT_FG_FRAMEH + DT_FG_SECGAP;
}

static void head(FILE *fp, int height, int nsec)
{
	int w = DT_FG_WIDTH;
	fprintf(fp, "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" class=\"dtflame\" "
	    "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" data-left=\"%d\" "
	    "data-width=\"%d\" data-charw=\"%.1f\">\n", w, height, w, height, DT_FG_PAD,
	    w - 2 * DT_FG_PAD, DT_FG_CHARW);
	fprintf(fp, "<style>\n"
	    "text { font-family: monospace; font-size: %dpx; fill: #000; }\n"
	    "g.f text { pointer-events: none; }\n"
	    "g.f:hover rect { stroke: #000; stroke-width: 0.5; cursor: pointer; }\n"
	    "g.f.parent { opacity: 0.5; }\n"
	    ".title { font-size: 17px; }\n"
	    ".btn { cursor: pointer; fill: #225; text-decoration: underline; }\n"
	    ".stitle { font-weight: bold; }\n"
	    "</style>\n", DT_FG_FONT);
	fprintf(fp, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#f6f6f0\"/>\n",
	    w, height);
	fprintf(fp, "<text class=\"title\" x=\"%d\" y=\"22\" text-anchor=\"middle\">"
	    "Flame graph</text>\n", w / 2);
	fprintf(fp, "<text x=\"%d\" y=\"40\" text-anchor=\"middle\">%s</text>\n", w / 2,
	    nsec ? "dtrace -x flamegraph: width is the share of samples; click a frame to zoom"
	    : "dtrace -x flamegraph: no stack aggregation has data");
	fprintf(fp, "<text class=\"btn reset\" x=\"%d\" y=\"22\">Reset zoom</text>\n", DT_FG_PAD);
	fprintf(fp, "<foreignObject x=\"%d\" y=\"8\" width=\"200\" height=\"24\">"
	    "<input xmlns=\"http://www.w3.org/1999/xhtml\" class=\"q\" type=\"text\" "
	    "placeholder=\"regular expression\" style=\"width:190px\"/></foreignObject>\n",
	    w - DT_FG_PAD - 310);
	fprintf(fp, "<text class=\"btn search\" x=\"%d\" y=\"24\">Search</text>\n",
	    w - DT_FG_PAD - 100);
	fprintf(fp, "<text class=\"btn clear\" x=\"%d\" y=\"24\" text-anchor=\"end\">Clear</text>\n",
	    w - DT_FG_PAD);
}

static void draw(FILE *fp, struct graph *g)
{
	int height = DT_FG_HEAD + DT_FG_FOOT, y = DT_FG_HEAD;
	for (int i = 0; i < g->nsec; i++) {
		g->sec[i].depth = drawn_depth(&g->sec[i].tree.root, sec_scale(&g->sec[i]));
		height += sec_height(&g->sec[i]);
	}
	head(fp, height, g->nsec);
	legend(fp, g);
	for (int i = 0; i < g->nsec; i++) {
		const struct section *s = &g->sec[i];
		fprintf(fp, "<g class=\"sec\" data-total=\"%" PRIu64 "\">\n", s->tree.root.total);
		fprintf(fp, "<text class=\"stitle\" x=\"%d\" y=\"%d\">", DT_FG_PAD, y + 16);
		xmls(fp, s->title);
		if (!strcmp(s->unit, "samples"))
			fprintf(fp, ": %" PRIu64 " samples</text>\n", s->tree.root.total);
		else
			fprintf(fp, ": total %" PRIu64 "</text>\n", s->tree.root.total);
		fprintf(fp, "<text class=\"smatch\" x=\"%d\" y=\"%d\" text-anchor=\"end\"> </text>\n",
		    DT_FG_WIDTH - DT_FG_PAD, y + 16);
		struct draw d = { fp, s, sec_scale(s),
			y + DT_FG_SECHEAD + (int)s->depth * DT_FG_FRAMEH };
		frame(&d, &s->tree.root, "all", 0, 0);
		fputs_unlocked("</g>\n", fp);
		y += sec_height(s);
	}
	fprintf(fp, "<text class=\"details\" x=\"%d\" y=\"%d\"> </text>\n", DT_FG_PAD,
	    height - 10);
	fputs_unlocked("<script type=\"text/ecmascript\"><![CDATA[\n", fp);
	fputs_unlocked(dt_flame_js, fp);
	fputs_unlocked("]]></script>\n</svg>\n", fp);
}

int dt_flamegraph_write(dtrace_hdl_t *dtp, const char *path)
{
	struct graph g = { NULL, 0 };
	int rc = dt_agg_each(dtp, collect, &g);
	if (rc == 0) {
		FILE *fp = fopen(path, "we");
		if (!fp) {
			rc = -1;
		} else {
			draw(fp, &g);
			if (ferror(fp)) {
				rc = -1;
				fclose(fp);
			} else if (fclose(fp) != 0) {
				rc = -1;
			}
		}
	} else if (!errno) {
		errno = ENOMEM;
	}
	int e = errno;
	for (int i = 0; i < g.nsec; i++)
		dt_stree_free(&g.sec[i].tree);
	free(g.sec);
	errno = e;
	return rc;
}
