/*
 * infer.c: runs without times, placed on the active spans of their trace
 * that no run placed by its times holds (match.h says how runs and spans are
 * matched, offset.h where a run lies inside its span). A run is placed only
 * when the match is clear; otherwise it has no power, and says why.
 */
#include <math.h>
#include <stdlib.h>

#include "analysis/align.h"
#include "analysis/match.h"
#include "analysis/offset.h"
#include "model/alloc.h"
#include "model/banned.h"

static double busy_of(const struct br_run_result *rr)
{
    double s = 0;
    for (size_t i = 0; i < rr->nep; i++)
        s += rr->ep[i].duration;
    return s;
}

static void place(struct br_group *g, struct br_slot *s, const struct br_span *sp,
                  const struct br_match *m, size_t nfree)
{
    const struct br_trace *t = g->tr[0];
    double busy = busy_of(s->rr);
    double x = br_offset_place(t, br_trace_values(t, "power"), sp->start - g->window,
                               sp->end, busy);

    if (isnan(x)) {
        br_no_power(s->rr, "its active span of the trace has no samples");
        return;
    }
    br_place_from(s, x);
    s->rr->align = BR_ALIGN_INFERRED;
    if (nfree > 1)
        br_diags_add(&s->rr->warnings, NULL, BR_WARNING, 0, 0,
                     "no times in the log: matched to one of %zu active spans of the trace "
                     "(%.1f s for %.1f s of epochs; the next best match is %.1f s worse)",
                     nfree, sp->end - sp->start, busy, m->margin);
}

void br_infer(struct br_group *g, struct br_slot *const *s, size_t n)
{
    size_t nfree = 0, *map;
    struct br_span *free_sp;
    struct br_match *m;
    double *busy, common, dt = isnan(g->dt) ? 0 : g->dt;
    double tol = 2 * dt + g->window, tau = fmax(1.5, 2 * dt + g->window);

    if (!n)
        return;
    br_group_spans(g);
    free_sp = br_xmalloc(br_st_mult(g->nspans ? g->nspans : 1, sizeof(*free_sp)));
    map = br_xmalloc(br_st_mult(g->nspans ? g->nspans : 1, sizeof(*map)));
    for (size_t j = 0; j < g->nspans; j++)
        if (!g->covered[j]) {
            map[nfree] = j;
            free_sp[nfree++] = g->spans[j];
        }
    busy = br_xmalloc(br_st_mult(n, sizeof(double)));
    m = br_xmalloc(br_st_mult(n, sizeof(*m)));
    for (size_t k = 0; k < n; k++)
        busy[k] = busy_of(s[k]->rr);
    if (br_match_runs(busy, n, free_sp, nfree, tol, tau, m, &common) < 0) {
        for (size_t k = 0; k < n; k++)
            br_no_power(s[k]->rr, "%zu runs without times share one trace: too many to "
                                  "match to its activity", n);
        goto out;
    }
    for (size_t k = 0; k < n; k++) {
        if (!nfree && g->nplaced)
            br_no_power(s[k]->rr, "no times in the log, and the trace's activity is all "
                        "held by the %zu runs placed by their times", g->nplaced);
        else if (m[k].span < 0)
            br_no_power(s[k]->rr, "no times in the log, and no free active span of the "
                        "trace fits its %.1f s of epochs (%zu spans free)", busy[k], nfree);
        else if (m[k].ambiguous)
            br_no_power(s[k]->rr, "no times in the log, and another assignment of runs to "
                        "the trace's active spans fits as well (within %.1f s)", tau);
        else
            place(g, s[k], &free_sp[m[k].span], &m[k], nfree);
    }
out:
    (void)map;
    free(map);
    free(free_sp);
    free(busy);
    free(m);
}
