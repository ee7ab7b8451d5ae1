/*
 * provheader.c - dtrace -h: the C header for the providers a program
 * defines (dtrace_program_header), kept apart from the API's other
 * entry points in dtrace.c.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "base/handle.h"
#include "front/ast.h"
#include "dtrace.h"

/* DTrace's include-guard macro of a header's name: lower case to upper,
 * '-' and '.' to '_' */
static void header_macro(char *buf, size_t len, const char *name)
{
	size_t i;
	for (i = 0; name[i] && i + 1 < len; i++)
		buf[i] = name[i] == '-' || name[i] == '.' ? '_' :
		    (char)toupper((unsigned char)name[i]);
	buf[i] = '\0';
}

int dtrace_program_header(dtrace_hdl_t *dtp, FILE *out, const char *fname)
{
	char mac[1024] = "";
	for (int i = 0; i < dtp->nasts; i++)
		for (struct ast_item *it = dtp->asts[i]->items; it; it = it->next)
			if (it->kind == AST_ITEM_PROVIDER)
				return dt_set_err(dtp, "provider definitions (USDT) are not supported yet");
	if (fname) {
		const char *b = strrchr(fname, '/');
		header_macro(mac, sizeof(mac), b ? b + 1 : fname);
		fprintf(out, "#ifndef\t_%s\n#define\t_%s\n\n", mac, mac);
	}
	fprintf(out, "#include <unistd.h>\n\n");
	fprintf(out, "#ifdef\t__cplusplus\nextern \"C\" {\n#endif\n\n");
	fprintf(out, "\n#ifdef\t__cplusplus\n}\n#endif\n");
	if (fname)
		fprintf(out, "\n#endif\t/* _%s */\n", mac);
	if (ferror(out))
		return dt_set_err(dtp, "%s", strerror(errno));
	return 0;
}
