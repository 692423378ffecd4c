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
#include "analysis/energy.h"
#include "analysis/match.h"
#include "analysis/offset.h"
#include "model/alloc.h"
#include "model/run.h"
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
        s += rr->ep[i].duration - br_epoch_below(&rr->run->epochs[i]);
    return s;
}

/*
 * How much the epochs of `rr` are stretched to lie on span `sp`: durations
 * printed rounded ("11s") lay a run shorter or longer than it ran, and its
 * later epochs drift off their power (30 epochs of a true 11.4 s printed
 * "11s" end 12 s early). When the span's length, within `tol`, is one that
 * the durations allow (each within its printed resolution), the factor makes
 * them fill it, kept within every epoch's bounds; otherwise, or with exact
 * durations, 1. The durations themselves (the epoch times) do not change.
 */
static double stretch_of(const struct br_run_result *rr, const struct br_span *sp, double tol)
{
    double sum = 0, lo = 0, hi = 0, kmin = 0, kmax = INFINITY, len = sp->end - sp->start;

    for (size_t i = 0; i < rr->nep; i++) {
        const struct br_epoch *e = &rr->run->epochs[i];
        double d = rr->ep[i].duration, below = br_epoch_below(e), above = br_epoch_above(e);
        if (!(d > 0))
            return 1;
        sum += d;
        lo += d - below;
        hi += d + above;
        kmin = fmax(kmin, (d - below) / d);
        kmax = fmin(kmax, (d + above) / d);
    }
    if (!(hi > lo) || len < lo - tol || len > hi + tol)
        return 1;
    return fmin(fmax(len / sum, kmin), kmax);
}


static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* What laying a run's epochs one way on a trace gives. */
struct layout {
    double median_j;   /* the median epoch's energy (NaN: none has one) */
    double cv;         /* how much the epochs' mean powers vary (stddev / mean), warm-up aside */
};

/*
 * The epochs of `rr` laid from `x`, each `k` times its duration long and
 * followed by `gap` seconds.
 */
static struct layout layout_of(const struct br_trace *t, const struct br_run_result *rr,
                               double x, double k, double gap)
{
    const double *p = br_trace_values(t, "power");
    double *e = br_xmalloc(br_st_mult(rr->nep ? rr->nep : 1, sizeof(double)));
    double sw = 0, sw2 = 0;
    size_t n = 0, nw = 0;
    struct layout out = { NAN, NAN };

    for (size_t i = 0; i < rr->nep; i++) {
        double d = rr->ep[i].duration * k, j = d > 0 ? br_energy_over(t, p, x, x + d).joules : NAN;
        if (!isnan(j)) {
            e[n++] = j;
            if (i > 0 || rr->nep < 3) {   /* the first epoch warms up */
                sw += j / d;
                sw2 += (j / d) * (j / d);
                nw++;
            }
        }
        x += d + gap;
    }
    if (n) {
        qsort(e, n, sizeof(double), cmp_double);
        out.median_j = n % 2 ? e[n / 2] : (e[n / 2 - 1] + e[n / 2]) / 2;
    }
    if (nw >= 2 && sw > 0)
        out.cv = sqrt(fmax(0, sw2 / (double)nw - (sw / (double)nw) * (sw / (double)nw))) /
                 (sw / (double)nw);
    free(e);
    return out;
}

/* The shortest epoch of `rr` (s); 0 when it has none. */
static double shortest(const struct br_run_result *rr)
{
    double m = INFINITY;
    for (size_t i = 0; i < rr->nep; i++)
        m = fmin(m, rr->ep[i].duration);
    return isfinite(m) ? m : 0;
}

/* Which way to lay a run's epochs in a span longer than they are. */
enum spread { SPREAD_NO, SPREAD_YES, SPREAD_UNKNOWN };

/*
 * Where the `slack` seconds that span `sp` holds beyond the epochs of `rr`
 * lie: end to end from `x` (start-up and shut-down around them, SPREAD_NO),
 * or after each epoch (an evaluation the log's epoch times leave out,
 * SPREAD_YES). When the two give median energies within 3%, it does not
 * matter (SPREAD_NO). Otherwise the one whose epochs draw the steadier power
 * (half the variation of the other, or less) is how the trace shows them;
 * neither: SPREAD_UNKNOWN. *diff gets the difference whenever both were laid.
 */
static enum spread spread_of(const struct br_trace *t, const struct br_run_result *rr,
                             const struct br_span *sp, double x, double k, double slack,
                             double *diff)
{
    struct layout a, b;

    if (rr->nep < 3 || !(slack > 0))
        return SPREAD_NO;
    a = layout_of(t, rr, x, k, 0);
    b = layout_of(t, rr, sp->start, k, slack / (double)rr->nep);
    if (!(a.median_j > 0) || !(b.median_j > 0))
        return SPREAD_NO;
    *diff = fabs(a.median_j - b.median_j) / fmin(a.median_j, b.median_j);
    if (fabs(a.median_j - b.median_j) <= 0.03 * fmax(a.median_j, b.median_j))
        return SPREAD_NO;
    if (a.cv <= 0.5 * b.cv)
        return SPREAD_NO;
    if (b.cv <= 0.5 * a.cv)
        return SPREAD_YES;
    return SPREAD_UNKNOWN;
}

/*
 * Places run `s` in span `sp`: ending at `end` when the log's own end is known
 * (its file time on the trace's clock), kept inside the span; else where the
 * span's power holds its plateau (br_offset_place). Rounded durations are
 * stretched to the span where they allow it (stretch_of).
 */
static void place(struct br_group *g, struct br_slot *s, const struct br_span *sp,
                  const struct br_match *m, size_t nfree, double end)
{
    const struct br_trace *t = g->tr[0];
    double dt = isnan(g->dt) ? 0 : g->dt;
    double k = stretch_of(s->rr, sp, 2 * dt + g->window);
    double busy = busy_of(s->rr) * k, slack, d = 0;
    enum spread sp_how;
    /* epochs longer than the span (idle at their start: a data loader) end with it */
    double x = !isnan(end) ? fmax(sp->start - g->window, fmin(end, sp->end) - busy)
               : busy >= sp->end - sp->start + g->window
                   ? sp->end - busy
                   : br_offset_place(t, br_trace_values(t, "power"), sp->start - g->window,
                                     sp->end, busy);

    if (isnan(x)) {
        br_no_power(s->rr, "its active span of the trace has no samples");
        return;
    }
    slack = (sp->end - sp->start) - busy;
    /* the power within an epoch tells only when the epoch holds ten samples and two windows */
    sp_how = slack > 2 * dt + g->window && shortest(s->rr) * k >= fmax(10 * dt, 2 * g->window)
                 ? spread_of(t, s->rr, sp, x, k, slack, &d)
                 : SPREAD_NO;
    if (sp_how == SPREAD_UNKNOWN) {
        br_no_power(s->rr, "no times in the log; its active span holds %.1f s more than its "
                    "%.1f s of epochs: between them (evaluation) or around them, their "
                    "energy differs by %.0f%%", slack, busy, 100 * d);
        return;
    }
    if (sp_how == SPREAD_YES) {
        br_place_spread(s, sp->start, k, slack / (double)s->rr->nep);
        br_diags_add(&s->rr->warnings, NULL, BR_WARNING, 0, 0,
                     "no times in the log: its trace's active span holds %.1f s more than its "
                     "%.1f s of epochs, and its power repeats with each epoch: %.1f s after "
                     "each (an evaluation its epoch times leave out)", slack, busy,
                     slack / (double)s->rr->nep);
    } else {
        br_place_stretched(s, x, k);
        /* end to end, as the trace does not tell otherwise: the energy's interval
         * covers the other layout too */
        s->rr->layout_rel = d;
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
        qsort(m, n, sizeof(double), cmp_double);
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
 * Runs matched by the times their logs were last written (tee writes until
 * the run ends): the ends' relative timing is known, so one offset puts them
 * on the trace, found as for logs on another clock. Fills pick[]; returns 0,
 * or -1 when the times do not settle the match.
 */
static int by_mtime(struct br_group *g, struct br_slot *const *s, size_t n,
                    const struct br_span *sp, size_t m, double tol, long *pick, double *delta)
{
    double *a = br_xmalloc(br_st_mult(n, sizeof(double)));
    double *b = br_xmalloc(br_st_mult(n, sizeof(double)));
    double lo = INFINITY, hi = -INFINITY;
    const struct br_trace *t = g->tr[0];
    struct br_offset off;
    int ok = mtimes_plausible(s, n, tol);

    for (size_t k = 0; k < n && ok; k++) {
        b[k] = s[k]->rr->src->mtime;
        a[k] = b[k] - busy_of(s[k]->rr);
        lo = fmin(lo, g->t0 - b[k]);
        hi = fmax(hi, g->t1 - a[k]);
    }
    ok = ok && br_offset_search(t, br_trace_values(t, "power"), a, b, n, lo, hi, &off) == 0 &&
         !off.ambiguous && off.score >= 0.1;
    for (size_t k = 0; k < n && ok; k++) {
        pick[k] = nearest(sp, m, b[k] + off.delta, fmax(5.0, 4 * tol));
        ok = pick[k] >= 0;
        for (size_t i = 0; i < k && ok; i++)
            ok = pick[i] != pick[k];
    }
    *delta = ok ? off.delta : NAN;
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
        double delta;
        int timed = nfree && by_mtime(g, s, n, free_sp, nfree, tol, pick, &delta) == 0;
        for (size_t k = 0; k < n && timed; k++) {
            struct br_match mk = { .span = pick[k], .margin = INFINITY };
            place(g, s[k], &free_sp[pick[k]], &mk, 1, s[k]->rr->src->mtime + delta);
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
            place(g, s[k], &free_sp[m[k].span], &m[k], nfree, NAN);
    }
out:
    free(free_sp);
    free(busy);
    free(slack);
    free(taken);
    free(m);
    free(ord);
}
