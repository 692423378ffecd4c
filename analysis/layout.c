/*
 * layout.c: where the epochs of a run without times lie in the active span it
 * was matched to (layout.h).
 */
#include <math.h>
#include <stdlib.h>

#include "analysis/energy.h"
#include "analysis/layout.h"
#include "analysis/stats.h"
#include "model/alloc.h"
#include "model/run.h"
#include "model/num.h"
#include "model/banned.h"

double br_layout_stretch(const struct br_run_result *rr, const struct br_span *sp, double tol)
{
    double sum = 0, lo = 0, hi = 0, kmin = 0, kmax = INFINITY, len = sp->end - sp->start;

    for (size_t i = 0; i < rr->nep; i++) {
        const struct br_epoch *e = &rr->run->epochs[i];
        double d = rr->ep[i].duration, half = e->res / 2;   /* around br_epoch_mid */
        if (!(d > 0))
            return 1;
        sum += d;
        lo += d - half;
        hi += d + half;
        kmin = fmax(kmin, (d - half) / d);
        kmax = fmin(kmax, (d + half) / d);
    }
    if (!(hi > lo) || len < lo - tol || len > hi + tol)
        return 1;
    return fmin(fmax(len / sum, kmin), kmax);
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
        qsort(e, n, sizeof(double), br_cmp_double);
        out.median_j = n % 2 ? e[n / 2] : (e[n / 2 - 1] + e[n / 2]) / 2;
    }
    if (nw >= 2 && sw > 0)
        out.cv = sqrt(fmax(0, sw2 / (double)nw - (sw / (double)nw) * (sw / (double)nw))) /
                 (sw / (double)nw);
    free(e);
    return out;
}

double br_layout_shortest(const struct br_run_result *rr)
{
    double m = INFINITY;
    for (size_t i = 0; i < rr->nep; i++)
        m = fmin(m, rr->ep[i].duration);
    return isfinite(m) ? m : 0;
}

enum br_spread br_layout_spread(const struct br_trace *t, const struct br_run_result *rr,
                                const struct br_span *sp, double x, double k, double slack,
                                double *diff)
{
    struct layout a, b;

    if (rr->nep < 3 || !(slack > 0))
        return BR_SPREAD_NO;
    a = layout_of(t, rr, x, k, 0);
    b = layout_of(t, rr, sp->start, k, slack / (double)rr->nep);
    if (!(a.median_j > 0) || !(b.median_j > 0))
        return BR_SPREAD_NO;
    *diff = fabs(a.median_j - b.median_j) / fmin(a.median_j, b.median_j);
    if (fabs(a.median_j - b.median_j) <= 0.03 * fmax(a.median_j, b.median_j))
        return BR_SPREAD_NO;
    if (a.cv <= 0.5 * b.cv)
        return BR_SPREAD_NO;
    if (b.cv <= 0.5 * a.cv)
        return BR_SPREAD_YES;
    return BR_SPREAD_UNKNOWN;
}


/* Placements br_layout_slide tries between the span's two ends, besides them. */
#define SLIDE_STEPS 4

/*
 * The figure the summary gives for the epochs of `rr` from `start[i]`, each `d[i]`
 * long (br_stat_of over the used epochs' energies, warm-up aside); NaN when one
 * of them gets no energy there.
 */
static double figure_of(const struct br_trace *t, const struct br_run_result *rr,
                        const double *start, const double *d)
{
    const double *p = br_trace_values(t, "power");
    double *e = br_xmalloc(br_st_mult(rr->nep ? rr->nep : 1, sizeof(double))), out;
    size_t n = 0;
    int missing = 0;

    for (size_t i = 0; i < rr->nep; i++)
        if (rr->ep[i].used) {
            e[n] = d[i] > 0 ? br_energy_over(t, p, start[i], start[i] + d[i]).joules : NAN;
            missing |= isnan(e[n++]);   /* an epoch without energy: no figure from here */
        }
    out = missing || n == 0 ? NAN : br_stat_of(e, n).center;   /* the summary's own statistic */
    free(e);
    return out;
}

/*
 * The epochs of `rr` laid end to end from `x`, each `k` times its duration
 * (shift NaN), or where they were placed, moved by `shift`: their starts in
 * start[], their durations in d[].
 */
static void lay(const struct br_run_result *rr, double x, double k, double shift, double *start,
                double *d)
{
    for (size_t i = 0; i < rr->nep; i++) {
        d[i] = isnan(shift) ? rr->ep[i].duration * k : rr->ep[i].end - rr->ep[i].start;
        start[i] = isnan(shift) ? x : rr->ep[i].start + shift;
        x += d[i];
    }
}

/*
 * The largest difference between the figure at `at` and those at five evenly
 * spaced values of u from lo to hi, the epochs laid from x = u (`moved` 0) or
 * moved by u, relative to the figure at `at`: how far off the figure given
 * may be.
 */
static double spread_of(const struct br_trace *t, const struct br_run_result *rr, double lo,
                        double hi, double at, double k, int moved)
{
    double *start = br_xmalloc(br_st_mult(rr->nep ? rr->nep : 1, sizeof(double)));
    double *d = br_xmalloc(br_st_mult(rr->nep ? rr->nep : 1, sizeof(double)));
    double least, most, here;

    lay(rr, at, k, moved ? 0 : NAN, start, d);
    here = figure_of(t, rr, start, d);
    least = most = here;
    for (int i = 0; i <= SLIDE_STEPS && hi > lo && here > 0; i++) {   /* lo to hi, evenly */
        double u = lo + (hi - lo) * i / SLIDE_STEPS, m;
        lay(rr, u, k, moved ? u : NAN, start, d);
        m = figure_of(t, rr, start, d);
        if (m > 0) {   /* where the trace does not cover the epochs, they cannot lie */
            least = fmin(least, m);
            most = fmax(most, m);
        }
    }
    free(start);
    free(d);
    return hi > lo && here > 0 ? fmax(most - here, here - least) / here : 0;
}

double br_layout_slide(const struct br_trace *t, const struct br_run_result *rr, double lo,
                       double hi, double x, double k)
{
    return spread_of(t, rr, lo, hi, x, k, 0);
}

double br_layout_shift(const struct br_trace *t, const struct br_run_result *rr, double lo,
                       double hi)
{
    return spread_of(t, rr, lo, hi, 0, 1, 1);
}

double br_layout_jump(const struct br_trace *t, const struct br_run_result *rr, double d)
{
    double *start = br_xmalloc(br_st_mult(rr->nep ? rr->nep : 1, sizeof(double)));
    double *dur = br_xmalloc(br_st_mult(rr->nep ? rr->nep : 1, sizeof(double)));
    double here, there;

    lay(rr, 0, 1, 0, start, dur);
    here = figure_of(t, rr, start, dur);
    lay(rr, d, 1, d, start, dur);
    there = figure_of(t, rr, start, dur);
    free(start);
    free(dur);
    return here > 0 && there > 0 ? fabs(there - here) / here : 0;
}
