/*
 * restart.c: tells a second recording in one file (time that goes back and
 * stays there) from rows out of order. See restart.h.
 */
#include "model/restart.h"
#include "model/timefmt.h"
#include "model/banned.h"

int br_restart_back(struct br_restart *r, unsigned line, unsigned col, double t, double after,
                    int zoned)
{
    struct br_restart_row *h;

    if (r->line)
        return 1;
    if (r->nheld && r->held[r->nheld - 1].line == line)
        return 0;   /* another device of the same row */
    h = &r->held[r->nheld++];
    h->line = line;
    h->col = col;
    h->t = t;
    h->after = after;
    h->zoned = zoned;
    if (r->nheld < BR_RESTART_ROWS)
        return 0;
    r->line = r->held[0].line;
    return 1;
}

void br_restart_on(struct br_restart *r, struct br_source *src)
{
    for (size_t i = 0; i < r->nheld && !r->line; i++) {
        const struct br_restart_row *h = &r->held[i];
        char a[BR_TIME_FMT_LEN], b[BR_TIME_FMT_LEN];
        br_source_diag(src, BR_ERROR, h->line, h->col, "timestamp goes backwards: %s after %s",
                       br_time_format(h->t, h->zoned, a), br_time_format(h->after, h->zoned, b));
    }
    r->nheld = 0;
}

int br_restart_end(struct br_restart *r, struct br_source *src)
{
    const struct br_restart_row *h = &r->held[0];
    char a[BR_TIME_FMT_LEN], b[BR_TIME_FMT_LEN];

    if (!r->line) {
        br_restart_on(r, src);
        return 0;
    }
    while (src->ntraces)
        br_source_drop_last_trace(src);
    br_source_diag(src, BR_ERROR, h->line, h->col,
                   "time goes back to %s after %s and goes on from there: a second recording "
                   "starts here (two loggers writing one file, or files joined); one trace of "
                   "both would describe neither, so no trace is read (split the file at this "
                   "line)",
                   br_time_format(h->t, h->zoned, a), br_time_format(h->after, h->zoned, b));
    return -1;
}
