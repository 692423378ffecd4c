#ifndef BR_NOYEAR_H
#define BR_NOYEAR_H
/*
 * Line times that give no year (MMEngine's console: "08/18 20:27:22 - mmengine -
 * INFO - ...") or no date at all (a script's "17:46:38 [Epoch: 01] ..."),
 * br_clean_line's t->noyear. A reader places each on a month-day clock
 * (br_md_clock) or a clock of times of day (br_tod_clock) as it reads, so that an
 * epoch's time is the difference of its lines' times, and afterwards drops the
 * instants: without a year the log is not placed on a calendar, and no figure may
 * pretend it is.
 */
#include "model/source.h"
#include "model/timefmt.h"

struct br_noyear {
    struct br_md_clock clock;
    struct br_tod_clock tod;    /* times of day without a date */
    int kind;                   /* the first such time's t->noyear */
    unsigned first_line;    /* the first line stamped without a year; 0: none */
    unsigned broke_line;    /* where the days between became unknown; 0: never */
};
#define BR_NOYEAR_INIT { BR_MD_CLOCK_INIT, BR_TOD_CLOCK_INIT, 0, 0, 0 }

/* Puts a year-less line time (t->noyear) on the clock; any other time is left as it is. */
void br_noyear_place(struct br_noyear *y, struct br_time *t, unsigned line);

/*
 * After the reading: when lines had no year, the epochs of runs from index
 * `first_run` of `src` keep their durations and lose their start and end, and
 * a note (and a warning at the end of February crossed, if so) says why.
 */
void br_noyear_settle(const struct br_noyear *y, struct br_source *src, size_t first_run);

#endif
