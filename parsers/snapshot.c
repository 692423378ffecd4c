/* snapshot.c: readings of snapshots timed to the second (snapshot.h). */
#include <math.h>

#include "parsers/snapshot.h"
#include "model/banned.h"

enum br_snapshot_added br_snapshot_add(struct br_trace *tr, double t, int timed,
                                       const double *v, unsigned *merged, unsigned line)
{
    size_t last = tr->nr - 1;
    enum br_time_step st = tr->nr && timed
                               ? br_time_step(tr->t[last], t, 0, tr->fold_line != 0)
                               : BR_STEP_ON;

    if (st == BR_STEP_BACK)
        return BR_SNAP_BACK;
    if (st == BR_STEP_FOLD)
        tr->fold_line = line;   /* a daylight-saving change? the zone tells (cli/tz.c) */
    if (tr->nr && timed && t == tr->t[last]) {
        for (size_t c = 0; c < tr->nch; c++) {
            double *cur = &tr->ch[c].v[last];
            if (isnan(v[c]))
                continue;
            *cur = merged[c] ? *cur + (v[c] - *cur) / (merged[c] + 1) : v[c];
            merged[c]++;
        }
        return BR_SNAP_MERGED;
    }
    br_trace_append_row(tr, timed ? t : NAN, v);
    for (size_t c = 0; c < tr->nch; c++)
        merged[c] = !isnan(v[c]);
    return BR_SNAP_APPENDED;
}
