/*
 * Line times without a year: placed on a month-day clock while read, then kept
 * as differences only.
 */
#include <math.h>

#include "parsers/noyear.h"
#include "model/banned.h"

void br_noyear_place(struct br_noyear *y, struct br_time *t, unsigned line)
{
    if (!t->noyear)
        return;
    if (!y->first_line) {
        y->first_line = line;
        y->kind = t->noyear;
    }
    if (t->noyear != y->kind) {
        t->t = NAN;   /* the other kind's clock: no common scale */
        return;
    }
    if (t->noyear == BR_NOYEAR_TIMEOFDAY) {
        t->t = br_tod_clock_next(&y->tod, t->t);
        return;
    }
    t->t = br_md_clock_next(&y->clock, t->t);
    if (y->clock.broken && !y->broke_line)
        y->broke_line = line;
}

void br_noyear_settle(const struct br_noyear *y, struct br_source *src, size_t first_run)
{
    if (!y->first_line)
        return;
    for (size_t i = first_run; i < src->nruns; i++) {
        struct br_run *r = src->runs[i];
        for (size_t k = 0; k < r->nepochs; k++)
            r->epochs[k].start = r->epochs[k].end = NAN;
        r->zoned = 0;
    }
    br_source_diag(src, BR_NOTE, y->first_line, 1, "%s: epoch times are their differences, "
                   "and the epochs are not placed on a calendar",
                   y->kind == BR_NOYEAR_TIMEOFDAY
                       ? "the line times give no date (hour:minute:second; a fall back of "
                         "more than 12 hours is taken as midnight passed)"
                       : "the line times give no year (month/day hour:minute:second, as "
                         "MMEngine's console prints them)");
    if (y->broke_line)
        br_source_diag(src, BR_WARNING, y->broke_line, 1,
                       "the line times give no year and pass the end of February here: "
                       "whether a 29 February lies between is not known, so the lines "
                       "from here on have no time");
}
