#ifndef BR_RENDER_COLUMNS_H
#define BR_RENDER_COLUMNS_H
/*
 * The summary table's columns, one table for every writer: CSV writes them
 * all in order (the header is each column's name), JSON uses the names as
 * keys, and the text table and the PDF report show the columns that have a
 * heading, with the same cell strings. A new column is one entry in
 * br_columns[] (columns.c).
 *
 * Numbers are rounded to what their interval supports (br_num_round) unless
 * `full` is asked for: then every digit of the double is written.
 */
#include <stddef.h>

#include "analysis/analysis.h"

enum br_col_kind { BR_COL_TEXT, BR_COL_COUNT, BR_COL_NUM };

struct br_column {
    const char *name;       /* CSV header and JSON key; never renamed */
    const char *head;       /* heading in the text table and the PDF; NULL: not shown there */
    enum br_col_kind kind;
    const char *(*text)(const struct br_row *r);   /* BR_COL_TEXT: NULL when empty */
    size_t (*count)(const struct br_row *r);       /* BR_COL_COUNT */
    /*
     * BR_COL_NUM: the figure the column shows a part of (`part` -1 lo, 0 the
     * value, 1 hi). Rounding uses the figure's whole interval, so a value and
     * its bounds are rounded to the same place.
     */
    struct br_stat (*stat)(const struct br_row *r);
    int part;
    int with_interval;      /* the text table and PDF show "value [lo, hi]" */
    int ok_only;            /* empty on a DNF row */
    int optional;           /* the text table and PDF show it only when a row has a value */
};

/* Whether the text table and the PDF show column `c` for the rows of `a`. */
int br_column_shown_in(const struct br_column *c, const struct br_analysis *a);

extern const struct br_column br_columns[];
extern const size_t br_ncolumns;

/*
 * The cell of column `c` for row `r` in `out` (always NUL-terminated).
 * Returns 1, or 0 when the cell is empty (no such figure): `out` is "".
 */
int br_column_cell(const struct br_column *c, const struct br_row *r, int full, char *out,
                   size_t size);

/*
 * The cell as the text table and the PDF show it: with_interval columns as
 * "value [lo, hi]" when there is an interval, "-" for an empty number.
 */
void br_column_shown(const struct br_column *c, const struct br_row *r, char *out, size_t size);

/* A figure as "value [lo, hi]" (rounded), "value" without an interval, "-" without a value. */
void br_stat_shown(const struct br_stat *s, char *out, size_t size);

/*
 * The warm-up rule in words: "no epoch is left out as warm-up", "the first
 * epoch of each run is warm-up and left out", "the first 2 epochs ...".
 * Returns a static string or one in a static-const table: never freed.
 */
const char *br_warmup_words(unsigned skip);

/*
 * `v` rounded to what its 95% interval [lo, hi] supports: two significant
 * digits of the interval's half-width, and never fewer than two significant
 * digits of `v` itself; without an interval (lo or hi NaN, or one narrower
 * than 1e-9 of v: rounding, not spread), four significant digits and no
 * trailing zeros. `full`: the shortest form that reads back as
 * the same double. "" for NaN and infinities.
 */
void br_num_round(char *out, size_t size, double v, double lo, double hi, int full);

/*
 * Cell `k` (0 min, 1 mean, 2 max) of range `r`'s figure `which` (0 speedup,
 * 1 energy ratio, 2 efficiency ratio): the min and max rounded as the row
 * that has them is in the summary table (so the same string appears in
 * both), the mean without an interval (over one batch size, as its row).
 * "" when there is none.
 */
void br_range_cell(const struct br_analysis *a, const struct br_range *r, int which, int k,
                   int full, char *out, size_t size);

/*
 * How many batch sizes range `r`'s figure `which` (as in br_range_cell) is
 * taken over: the rows of its device and model that have that ratio (a DNF
 * row, or one the baseline did not run, has none).
 */
size_t br_range_count(const struct br_analysis *a, const struct br_range *r, int which);

/* The decimal places br_num_round uses for `v` with an interval half-width `h` > 0. */
int br_num_places(double v, double h);

#endif
