/* rows.c: the non-blank lines of a table (rows.h). */
#include "model/fields.h"
#include "parsers/rows.h"
#include "model/banned.h"

int br_next_row(struct br_lines *in, struct br_source *src, const char **p, size_t *n)
{
    while (br_lines_next(in, p, n) > 0) {
        if (in->truncated) {
            br_source_diag(src, BR_ERROR, in->lineno, 1, "line longer than %u bytes skipped",
                           BR_MAX_LINE);
            continue;
        }
        if (br_blanks(*p, *n) < *n)
            return 1;
    }
    return 0;
}
