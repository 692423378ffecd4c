/*
 * infer.c: runs without times, placed on the active spans of their trace
 * that no run placed by its times holds (match.h says how runs and spans are
 * matched, offset.h where a run lies inside its span). A run is placed only
 * when the match is clear; otherwise it has no power, and says why.
 */
#include <math.h>
#include <stdlib.h>

#include "analysis/align.h"
#include "analysis/chain.h"
#include "analysis/layout.h"
#include "analysis/match.h"
#include "analysis/offset.h"
#include "model/alloc.h"
#include "model/run.h"
#include "model/num.h"
#include "model/banned.h"

/* The most idle time at a run's ends that its active span may leave out (s). */
#define BR_EDGE_IDLE_S 6.0

static double busy_of(const struct br_run_result *rr)
{
    double s = 0;
    for (size_t i = 0; i < rr->nep; i++)
        s += rr->ep[i].duration;
    return s;
}

/* The shortest the epochs of `rr` may have taken, by their printed resolution. */
static double least_busy(const struct br_run_result *rr)
{
    double s = 0;
    for (size_t i = 0; i < rr->nep; i++)
        s += rr->ep[i].duration - rr->run->epochs[i].res / 2;
    return s;
}

/* Whether the power within an epoch tells: each epoch of `rr` holds ten samples and two
 * sensor windows of `g`. */
static int epochs_show(const struct br_group *g, const struct br_run_result *rr, double k)
{
    double dt = isnan(g->dt) ? 0 : g->dt;
    return br_layout_shortest(rr) * k >= fmax(10 * dt, 2 * g->window);
}

/*
 * Epochs too short for the trace to show where they lie in their span
 * (!epochs_show), and no file time to end them at: their energy must not
 * depend on where they lie. Laid end to end anywhere from the span's start to
 * its end, the figure the summary gives (br_layout_slide) within BR_LAYOUT_SLIDE_MAX of
 * the one from `x`: returns 1, with *d that difference (and a note from 1%).
 * Otherwise the run gets no power and 0 is returned. (A real H200 run of
 * three 1.2-1.6 s epochs in a 4.5 s span of a 1 s averaged trace gave 390 J
 * from one placement, where NVML's counter gave 484 J.)
 */
static int short_epochs_fit(const struct br_group *g, struct br_slot *s, const struct br_span *sp,
                            double x, double k, double busy, double *d)
{
    double slide;

    slide = br_layout_slide(g->tr[0], s->rr, sp->start - g->window, sp->end - busy, x, k);
    if (slide <= BR_LAYOUT_SLIDE_MAX) {
        *d = fmax(*d, slide);
        if (slide >= 0.01)
            br_diags_add(&s->rr->warnings, NULL, BR_NOTE, 0, 0,
                         "no times in the log, and the trace cannot show where its epochs "
                         "(shortest %.2g s) lie in their active span (%.1f s for %.1f s): laid "
                         "anywhere in it, their energy is within %.1f%% of the figure given, "
                         "which its interval covers",
                         br_layout_shortest(s->rr), sp->end - sp->start, busy, 100 * slide);
        return 1;
    }
    br_no_power(s->rr, "no times in the log, and the trace cannot show where its epochs "
                "(shortest %.2g s) lie in their active span (%.1f s for %.1f s): laid "
                "anywhere in it, their energy moves by up to %.1f%%",
                br_layout_shortest(s->rr), sp->end - sp->start, busy, 100 * slide);
    return 0;
}

/* Where epochs of `busy` s ending at `end` start in span `sp`: kept inside it. */
static double start_by_end(const struct br_group *g, const struct br_span *sp, double end,
                           double busy)
{
    return fmax(sp->start - g->window, fmin(end, sp->end) - busy);
}

/*
 * A run laid end to end from `x` by its file time `end`, which the offset
 * between the file times and the trace's clock knows only from `early` s
 * before to `late` s after: its energy must not depend on where in that
 * range it ends. Within BR_LAYOUT_SLIDE_MAX: returns 1, the difference in *d
 * (and a note from 1%). Otherwise the run gets no power and 0 is returned. (A
 * real H100 folder's file times fit its trace best at +0.27 s and as well
 * from 0 to +0.35 s: its 0.1 s epochs got 27 J, where their times give 37 J.)
 */
static int end_fits(const struct br_group *g, struct br_slot *s, const struct br_span *sp,
                    double x, double busy, double end, const double *range, double *d)
{
    double lo = start_by_end(g, sp, end - range[0], busy) - x;
    double hi = start_by_end(g, sp, end + range[1], busy) - x;
    double moved = br_layout_shift(g->tr[0], s->rr, lo, hi);

    if (moved > BR_LAYOUT_SLIDE_MAX) {
        br_no_power(s->rr, "no times in the log, and the trace's clock fits the file times "
                    "from %.2f s earlier to %.2f s later about as well: ending anywhere "
                    "between, its energy moves by up to %.1f%%", range[0], range[1],
                    100 * moved);
        return 0;
    }
    *d = fmax(*d, moved);
    if (moved >= 0.01)
        br_diags_add(&s->rr->warnings, NULL, BR_NOTE, 0, 0,
                     "no times in the log, and the trace's clock fits the file times from "
                     "%.2f s earlier to %.2f s later about as well: ending anywhere between, "
                     "its energy is within %.1f%% of the figure given, which its interval "
                     "covers",
                     range[0], range[1], 100 * moved);
    return 1;
}

/*
 * Places run `s` in span `sp`: ending at `end` when the log's own end is known
 * (its file time on the trace's clock, known from range[0] s earlier to
 * range[1] s later), kept inside the span; else where the span's power holds
 * its plateau (br_offset_place). Rounded durations are stretched to the span
 * where they allow it, and laid apart where the trace shows them so
 * (layout.h).
 */
static void place(struct br_group *g, struct br_slot *s, const struct br_span *sp,
                  const struct br_match *m, size_t nfree, double end, const double *range)
{
    const struct br_trace *t = g->tr[0];
    double dt = isnan(g->dt) ? 0 : g->dt;
    double k = br_layout_stretch(s->rr, sp, 2 * dt + g->window);
    double busy = busy_of(s->rr) * k, slack, d = 0, slid = 0;
    enum br_spread sp_how;
    int shows;
    /* epochs longer than the span (idle at their start: a data loader) end with it */
    double x = !isnan(end) ? start_by_end(g, sp, end, busy)
               : busy >= sp->end - sp->start + g->window
                   ? sp->end - busy
                   : br_offset_place(t, br_trace_values(t, "power"), sp->start - g->window,
                                     sp->end, busy);

    if (isnan(x)) {
        br_no_power(s->rr, "its active span of the trace has no samples");
        return;
    }
    slack = (sp->end - sp->start) - busy;
    shows = epochs_show(g, s->rr, k);
    sp_how = slack > 2 * dt + g->window && shows ? br_layout_spread(t, s->rr, sp, x, k, slack, &d)
                                                 : BR_SPREAD_NO;
    if (sp_how == BR_SPREAD_NO && !shows && slack > 0 && isnan(end) &&
        !short_epochs_fit(g, s, sp, x, k, busy, &slid))
        return;
    if (sp_how == BR_SPREAD_UNKNOWN) {
        br_no_power(s->rr, "no times in the log; its active span holds %.1f s more than its "
                    "%.1f s of epochs: between them (evaluation) or around them, their "
                    "energy differs by %.0f%%", slack, busy, 100 * d);
        return;
    }
    if (sp_how == BR_SPREAD_YES) {
        br_place_spread(s, sp->start, k, slack / (double)s->rr->nep);
        br_diags_add(&s->rr->warnings, NULL, BR_WARNING, 0, 0,
                     "no times in the log: its trace's active span holds %.1f s more than its "
                     "%.1f s of epochs, and its power repeats with each epoch: %.1f s after "
                     "each (an evaluation its epoch times leave out)", slack, busy,
                     slack / (double)s->rr->nep);
    } else {
        br_place_stretched(s, x, k);
        if (!isnan(end) && !end_fits(g, s, sp, x, busy, end, range, &slid))
            return;
        /* end to end, as the trace does not tell otherwise: the energy's interval
         * covers the other layout too */
        s->rr->layout_rel = fmax(d, slid);
        if (d >= 0.01)
            br_diags_add(&s->rr->warnings, NULL, BR_NOTE, 0, 0,
                         "no times in the log: its active span holds %.1f s more than its "
                         "%.1f s of epochs; laid end to end rather than apart, their energy "
                         "differs by %.1f%%, which its interval covers", slack, busy, 100 * d);
    }
    s->rr->align = BR_ALIGN_INFERRED;
    if (k != 1)
        br_diags_add(&s->rr->warnings, NULL, BR_NOTE, 0, 0,
                     "its epochs' durations, printed rounded, laid %.1f%% %s to fill the "
                     "trace's active span (%.1f s), as their rounding allows; the epoch times "
                     "stay as printed", 100 * fabs(k - 1), k > 1 ? "longer" : "shorter",
                     sp->end - sp->start);
    if (nfree > 1 && isfinite(m->margin))
        br_diags_add(&s->rr->warnings, NULL, BR_WARNING, 0, 0,
                     "no times in the log: matched to one of %zu active spans of the trace "
                     "(%.1f s for %.1f s of epochs; the next best match is %.1f s worse)",
                     nfree, sp->end - sp->start, busy, m->margin);
    else if (nfree > 1)
        br_diags_add(&s->rr->warnings, NULL, BR_WARNING, 0, 0,
                     "no times in the log: matched to one of %zu active spans of the trace "
                     "(%.1f s for %.1f s of epochs; the only one that fits it with the "
                     "runs in their log's order)", nfree, sp->end - sp->start, busy);
}


/*
 * Whether the logs' modification times can tell the runs apart: all known,
 * and far enough apart that each log was still being written while its run
 * trained (runs of one device follow each other). A checkout or a copy
 * gives every file nearly the same time: not plausible.
 */
static int mtimes_plausible(struct br_slot *const *s, size_t n, double tol)
{
    double *m = br_xmalloc(br_st_mult(n ? n : 1, sizeof(double)));
    int ok = n >= 2;

    for (size_t k = 0; k < n && ok; k++) {
        m[k] = s[k]->rr->src->mtime;
        ok = !isnan(m[k]);
    }
    if (ok)
        qsort(m, n, sizeof(double), br_cmp_double);
    for (size_t k = 1; k < n && ok; k++)
        ok = m[k] - m[k - 1] >= 2.0;
    for (size_t k = 0; k < n && ok; k++)   /* a run ends a whole run after the one before */
        for (size_t i = 0; i < n; i++)
            if (s[i]->rr->src->mtime == m[k] && k > 0)
                ok &= m[k] - m[k - 1] >= busy_of(s[i]->rr) - tol;
    free(m);
    return ok;
}

/* The free span nearest instant x (0 inside it), or -1 beyond `reach`. */
static long nearest(const struct br_span *sp, size_t m, double x, double reach)
{
    long best = -1;
    double bd = reach;

    for (size_t j = 0; j < m; j++) {
        double d = x < sp[j].start ? sp[j].start - x : x > sp[j].end ? x - sp[j].end : 0;
        if (d <= bd) {
            bd = d;
            best = (long)j;
        }
    }
    return best;
}


/*
 * Whether the runs' epochs, [a[k], b[k]] moved by `d`, lie each mostly (half
 * its length) in a span of sp[0..m), a span of its own.
 */
static int own_spans(const struct br_span *sp, size_t m, const double *a, const double *b,
                     size_t n, double d, long *which)
{
    for (size_t k = 0; k < n; k++) {
        which[k] = -1;
        for (size_t j = 0; j < m && which[k] < 0; j++)
            if (fmin(b[k] + d, sp[j].end) - fmax(a[k] + d, sp[j].start) >= 0.5 * (b[k] - a[k]))
                which[k] = (long)j;
        if (which[k] < 0)
            return 0;
        for (size_t i = 0; i < k; i++)
            if (which[i] == which[k])
                return 0;
    }
    return 1;
}

/*
 * The one whole time zone (quarter hours, 0 first) in [lo, hi] that puts each
 * run on a free span of its own by its file time (own_spans), or NaN when none
 * or several do.
 */
static double own_zone(const struct br_span *sp, size_t m, const double *a, const double *b,
                       size_t n, double lo, double hi, long *which)
{
    double found = NAN;

    for (long z = -BR_ZONE_STEPS; z <= BR_ZONE_STEPS; z++) {
        double d = (double)z * BR_QUARTER_HOUR;
        if (d < lo || d > hi || !own_spans(sp, m, a, b, n, d, which))
            continue;
        if (!isnan(found))
            return NAN;
        found = d;
    }
    return found;
}

/*
 * Runs matched by the times their logs were last written (tee writes until
 * the run ends): the ends' relative timing is known, so one offset puts them
 * on the trace, found as for logs on another clock. When that offset does not
 * put each run on a free span of its own, and one whole time zone does, the
 * zone is taken (the file times and the trace on one machine's clock): a real
 * H200 session's trace held, after the three runs with logs, benchtrain runs
 * without, one of them at 370 W; the best offset, 50.5 s, took the 121-148 W
 * runs' ends onto those bursts (R2 0.22), and the runs were matched by their
 * lengths instead, mlp/32 on the 370 W burst: 930 J for 342.5. Fills pick[];
 * returns 0, or -1 when the times do not settle the match.
 */
static int by_mtime(struct br_group *g, struct br_slot *const *s, size_t n,
                    const struct br_span *sp, size_t m, double tol, long *pick, double *delta,
                    double *range)
{
    double *a = br_xmalloc(br_st_mult(n, sizeof(double)));
    double *b = br_xmalloc(br_st_mult(n, sizeof(double)));
    double lo = INFINITY, hi = -INFINITY, zone = NAN;
    const struct br_trace *t = g->tr[0];
    struct br_offset off;
    int plausible = mtimes_plausible(s, n, tol), ok = plausible;

    for (size_t k = 0; k < n && ok; k++) {
        b[k] = s[k]->rr->src->mtime;
        a[k] = b[k] - busy_of(s[k]->rr);
        lo = fmin(lo, g->t0 - b[k]);
        hi = fmax(hi, g->t1 - a[k]);
    }
    ok = ok && br_offset_search(t, br_trace_values(t, "power"), a, b, n, lo, hi, &off) == 0 &&
         !off.ambiguous && off.score >= 0.1;
    if (plausible && !(ok && own_spans(sp, m, a, b, n, off.delta, pick)) &&
        !isnan(zone = own_zone(sp, m, a, b, n, lo, hi, pick))) {
        off.delta = zone;   /* known to the trace's resolution and its sensor's window */
        off.near_lo = zone - tol / 2;
        off.near_hi = zone + tol / 2;
        ok = 1;
    }
    for (size_t k = 0; k < n && ok; k++) {
        pick[k] = nearest(sp, m, b[k] + off.delta, fmax(5.0, 4 * tol));
        ok = pick[k] >= 0;
        for (size_t i = 0; i < k && ok; i++)
            ok = pick[i] != pick[k];
    }
    *delta = ok ? off.delta : NAN;
    range[0] = ok ? off.delta - off.near_lo : NAN;
    range[1] = ok ? off.near_hi - off.delta : NAN;
    free(a);
    free(b);
    return ok ? 0 : -1;
}

/*
 * Places run `s`, which no one free span holds, one epoch per span when the
 * free spans show its epochs apart (chain.h), none of them another run's
 * (m[0..n), its own included, and `taken`, which then holds them too).
 * Returns 1 when placed.
 */
static int chained(struct br_group *g, struct br_slot *s, const struct br_span *sp, size_t m_sp,
                   const struct br_match *m, size_t n, char *taken, double tol)
{
    struct br_run_result *rr = s->rr;
    double *d = br_xmalloc(br_st_mult(rr->nep ? rr->nep : 1, sizeof(double)));
    long j;

    for (size_t k = 0; k < n; k++)
        if (m[k].span >= 0)
            taken[m[k].span] = 1;
    for (size_t i = 0; i < rr->nep; i++)
        d[i] = rr->ep[i].duration;
    j = br_chain_find(d, rr->nep, sp, m_sp, taken, tol);
    free(d);
    if (j == BR_CHAIN_AMBIGUOUS)
        br_diags_add(&rr->warnings, NULL, BR_WARNING, 0, 0,
                     "no times in the log: its %zu epochs would fit more than one row of %zu "
                     "active spans of the trace", rr->nep, rr->nep);
    if (j < 0)
        return 0;
    for (size_t i = 0; i < rr->nep; i++) {
        rr->ep[i].end = sp[j + (long)i].end;
        rr->ep[i].start = rr->ep[i].end - rr->ep[i].duration;
        taken[j + (long)i] = 1;
    }
    rr->align = BR_ALIGN_INFERRED;
    br_diags_add(&rr->warnings, NULL, BR_WARNING, 0, 0,
                 "no times in the log: its %zu epochs matched one each to %zu active spans "
                 "of the trace in a row (the GPU idle between epochs), each epoch ending "
                 "with its span", rr->nep, rr->nep);
    (void)g;
    return 1;
}

void br_infer(struct br_group *g, struct br_slot *const *s, size_t n)
{
    size_t nfree = 0;
    struct br_span *free_sp;
    struct br_match *m;
    struct br_match_order *ord;
    double *busy, *slack /* how much shorter than busy a run's span may be */, common, dt = isnan(g->dt) ? 0 : g->dt;
    char *taken;
    double tol = 2 * dt + g->window, tau = fmax(1.5, 2 * dt + g->window);

    if (!n)
        return;
    br_group_spans(g);
    free_sp = br_xmalloc(br_st_mult(g->nspans ? g->nspans : 1, sizeof(*free_sp)));
    for (size_t j = 0; j < g->nspans; j++)
        if (!g->covered[j]) {
            free_sp[nfree++] = g->spans[j];
        }
    busy = br_xmalloc(br_st_mult(n, sizeof(double)));
    slack = br_xmalloc(br_st_mult(n, sizeof(double)));
    m = br_xmalloc(br_st_mult(n, sizeof(*m)));
    ord = br_xmalloc(br_st_mult(n, sizeof(*ord)));
    taken = br_xcalloc(nfree ? nfree : 1, 1);
    for (size_t k = 0; k < n; k++) {
        busy[k] = busy_of(s[k]->rr);
        /* a span fits when the rounding allows it, or idle at the epochs' edges (a
         * data loader starting, 5% or 6 s at most) leaves it that much shorter */
        slack[k] = busy[k] - least_busy(s[k]->rr) + fmin(0.05 * busy[k], BR_EDGE_IDLE_S);
        ord[k].log = s[k]->rr->src;   /* the runs of one log ran in its order */
        ord[k].line = s[k]->rr->run->first_line;
    }
    {
        long *pick = br_xmalloc(br_st_mult(n, sizeof(long)));
        double delta, range[2];
        int timed = nfree && by_mtime(g, s, n, free_sp, nfree, tol, pick, &delta, range) == 0;
        for (size_t k = 0; k < n && timed; k++) {
            struct br_match mk = { .span = pick[k], .margin = INFINITY };
            place(g, s[k], &free_sp[pick[k]], &mk, 1, s[k]->rr->src->mtime + delta, range);
            if (s[k]->rr->align == BR_ALIGN_INFERRED)
                br_diags_add(&s[k]->rr->warnings, NULL, BR_WARNING, 0, 0,
                             "no times in the log: matched to the trace's activity by when "
                             "each log was last written (file times %+.1f s from the trace's "
                             "clock)", delta + 0.0);
        }
        free(pick);
        if (timed)
            goto out;
    }
    if (br_match_runs(busy, slack, n, free_sp, nfree, tol, tau, ord, m, &common) < 0) {
        for (size_t k = 0; k < n; k++)
            br_no_power(s[k]->rr, "%zu runs without times share one trace: too many to "
                                  "match to its activity", n);
        goto out;
    }
    for (size_t k = 0; k < n; k++) {
        if (!nfree && g->nplaced)
            br_no_power(s[k]->rr, "no times in the log, and the trace's activity is all "
                        "held by the %zu runs placed by their times", g->nplaced);
        else if (m[k].span < 0 && m[k].unordered)
            br_no_power(s[k]->rr, "no times in the log, and the trace's active spans do not "
                        "hold its runs in the order they ran (%zu spans free)", nfree);
        else if (m[k].span < 0 && !chained(g, s[k], free_sp, nfree, m, n, taken, tol))
            br_no_power(s[k]->rr, "no times in the log, and no free active span of the "
                        "trace fits its %.1f s of epochs (%zu spans free)", busy[k], nfree);
        else if (m[k].span < 0)
            ;   /* its epochs lie one per span */
        else if (m[k].ambiguous)
            br_no_power(s[k]->rr, "no times in the log, and another assignment of runs to "
                        "the trace's active spans fits as well (within %.1f s)", tau);
        else
            place(g, s[k], &free_sp[m[k].span], &m[k], nfree, NAN, NULL);
    }
out:
    free(free_sp);
    free(busy);
    free(slack);
    free(taken);
    free(m);
    free(ord);
}
