#ifndef BR_ROWS_H
#define BR_ROWS_H
/*
 * The rows of a table a parser reads line by line (a CSV of readings): the
 * lines with something on them, each too long a line reported where it is.
 */
#include <stddef.h>
#include "model/lines.h"
#include "model/source.h"

/*
 * Returns 1 with the next line of `in` that is not blank (spaces, tabs, a CR)
 * in *p and *n (valid until the next call), 0 at the end of the input (or a
 * read error). A line longer than BR_MAX_LINE is skipped, with an error in
 * `src` at its line.
 */
int br_next_row(struct br_lines *in, struct br_source *src, const char **p, size_t *n);

#endif
