#ifndef BR_FIELDS_H
#define BR_FIELDS_H
/*
 * Fields of a line: separated by blanks, as tables printed for people are
 * (nvidia-smi dmon, perf stat's interval table), or by one separator, as CSV
 * is; each field's text and its 1-based column, for located diagnostics.
 */
#include <stddef.h>

struct br_field {
    const char *p;      /* the field's first byte, in the line */
    size_t n;           /* its length */
    unsigned col;       /* 1-based column of p */
};

/* The number of spaces, tabs and CRs that line[0..len) starts with (len: a blank line).
 * Lines from br_lines are not NUL-terminated: never strspn() them. */
size_t br_blanks(const char *line, size_t len);

/*
 * Splits line[0..len) at runs of spaces, tabs and CRs into f[0..max).
 * Returns the number of fields, or max + 1 when there are more (f then holds
 * the first max).
 */
size_t br_split_blanks(const char *line, size_t len, struct br_field *f, size_t max);

/*
 * Splits line[0..len) at `sep` (',', ';' or a tab) into f[0..max), trimming
 * blanks around each field and a CR at the line's end (a tab is a blank
 * unless it is `sep`: empty fields between tabs stay empty). A field in double
 * quotes may hold `sep` ("49.68,56.36" is one field); its outer quotes and
 * the blanks just inside them ("  47.452") are removed (a doubled quote inside
 * stays doubled). Returns the number of
 * fields, or max + 1 when there are more (f then holds the first max).
 */
size_t br_split_sep(const char *line, size_t len, char sep, struct br_field *f, size_t max);

#endif
