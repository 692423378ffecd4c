/*
 * offset.c: the clock offset search (offset.h). The trace is reduced to
 * prefix sums of power and power squared over its sample instants, so that
 * scoring an offset costs two binary searches per interval. Offsets are
 * scored on a coarse grid over [lo, hi] (at most 20001 points), the best
 * humps are refined on a grid of a twentieth of the sample spacing, and the
 * winner is the middle of its top plateau.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/offset.h"
#include "model/alloc.h"
#include "model/banned.h"

#define COARSE_MAX 20000
#define PEAKS 8
#define NEAR 0.02              /* R^2 this close to the best's: offsets not told apart */
#define UNKNOWN_WINDOW_S 1.0   /* the longest averaging window a power reading may have */

struct series {
    double *t, *s1, *s2;   /* instants; prefix sums of p and p^2 (n + 1 each) */
    size_t n;
    double dt;             /* mean sample spacing */
};

struct intervals {
    double *a, *b;         /* merged, sorted */
    size_t n;
    double lo, hi, total;  /* first start, last end, summed length */
};

struct acc {
    double n, s, ss;
};

static int cmp_pair(const void *x, const void *y)
{
    const double *p = x, *q = y;
    return (p[0] > q[0]) - (p[0] < q[0]);
}

static void intervals_build(struct intervals *iv, const double *a, const double *b, size_t n)
{
    double *pairs = br_xmalloc(br_st_mult(br_st_mult(n ? n : 1, 2), sizeof(double)));
    size_t m = 0;

    for (size_t i = 0; i < n; i++) {
        if (isnan(a[i]) || isnan(b[i]) || !(b[i] > a[i]))
            continue;
        pairs[2 * m] = a[i];
        pairs[2 * m + 1] = b[i];
        m++;
    }
    qsort(pairs, m, 2 * sizeof(double), cmp_pair);
    iv->a = br_xmalloc(br_st_mult(m ? m : 1, sizeof(double)));
    iv->b = br_xmalloc(br_st_mult(m ? m : 1, sizeof(double)));
    iv->n = 0;
    iv->total = 0;
    for (size_t i = 0; i < m; i++) {
        if (iv->n && pairs[2 * i] <= iv->b[iv->n - 1]) {
            iv->b[iv->n - 1] = fmax(iv->b[iv->n - 1], pairs[2 * i + 1]);
            continue;
        }
        iv->a[iv->n] = pairs[2 * i];
        iv->b[iv->n] = pairs[2 * i + 1];
        iv->n++;
    }
    for (size_t i = 0; i < iv->n; i++)
        iv->total += iv->b[i] - iv->a[i];
    iv->lo = iv->n ? iv->a[0] : NAN;
    iv->hi = iv->n ? iv->b[iv->n - 1] : NAN;
    free(pairs);
}

static void series_build(struct series *sr, const struct br_trace *tr, const double *p)
{
    double half = tr->power_window > 0 ? tr->power_window / 2 : 0;

    sr->t = br_xmalloc(br_st_mult(tr->nr ? tr->nr : 1, sizeof(double)));
    sr->s1 = br_xcalloc(tr->nr + 1, sizeof(double));
    sr->s2 = br_xcalloc(tr->nr + 1, sizeof(double));
    sr->n = 0;
    for (size_t i = 0; i < tr->nr; i++) {
        double t = tr->t[i] - (tr->window ? tr->window[i] / 2 : half);
        if (isnan(p[i]) || isnan(t) || (sr->n && t < sr->t[sr->n - 1]))
            continue;
        sr->t[sr->n] = t;
        sr->s1[sr->n + 1] = sr->s1[sr->n] + p[i];
        sr->s2[sr->n + 1] = sr->s2[sr->n] + p[i] * p[i];
        sr->n++;
    }
    sr->dt = sr->n > 1 ? (sr->t[sr->n - 1] - sr->t[0]) / (double)(sr->n - 1) : NAN;
}

static void series_release(struct series *sr)
{
    free(sr->t);
    free(sr->s1);
    free(sr->s2);
}

/* First index with t[i] > x, or >= x when `strict` is 0. */
static size_t bound(const double *t, size_t n, double x, int strict)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (t[mid] < x || (strict && t[mid] == x))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static struct acc sum_in(const struct series *sr, double x, double y)
{
    size_t i0 = bound(sr->t, sr->n, x, 0), i1 = bound(sr->t, sr->n, y, 1);
    struct acc r = { 0, 0, 0 };
    if (i1 > i0) {
        r.n = (double)(i1 - i0);
        r.s = sr->s1[i1] - sr->s1[i0];
        r.ss = sr->s2[i1] - sr->s2[i0];
    }
    return r;
}

/* The fraction of the intervals' length that falls inside the trace at `delta`. */
static double coverage(const struct series *sr, const struct intervals *iv, double delta)
{
    double t0 = sr->t[0], t1 = sr->t[sr->n - 1], in = 0;
    for (size_t i = 0; i < iv->n; i++)
        in += fmax(0, fmin(iv->b[i] + delta, t1) - fmax(iv->a[i] + delta, t0));
    return iv->total > 0 ? in / iv->total : 0;
}

static double score_at(const struct series *sr, const struct intervals *iv, double delta,
                       double margin)
{
    double cov = coverage(sr, iv, delta), mi, mo, sst;
    struct acc in = { 0, 0, 0 }, reg, out;

    if (cov < 0.5)
        return 0;
    reg = sum_in(sr, iv->lo + delta - margin, iv->hi + delta + margin);
    for (size_t i = 0; i < iv->n; i++) {
        struct acc x = sum_in(sr, iv->a[i] + delta, iv->b[i] + delta);
        in.n += x.n;
        in.s += x.s;
        in.ss += x.ss;
    }
    out.n = reg.n - in.n;
    out.s = reg.s - in.s;
    if (in.n < 1 || out.n < 2)
        return 0;
    mi = in.s / in.n;
    mo = out.s / out.n;
    sst = reg.ss - reg.s * reg.s / reg.n;
    if (mi <= mo || !(sst > 1e-12 * reg.ss))
        return 0;
    return fmin(1, in.n * out.n / reg.n * (mi - mo) * (mi - mo) / sst) * cov;
}

struct search {
    const struct series *sr;
    const struct intervals *iv;
    double margin;
};

static double at(const struct search *s, double delta)
{
    return score_at(s->sr, s->iv, delta, s->margin);
}

/*
 * Refines a coarse peak at `d` (grid `step`): the middle of its top plateau,
 * whose half-width goes in *half.
 */
static double refine(const struct search *s, double d, double step, double fine, double *score,
                     double *half)
{
    size_t n = (size_t)ceil(2 * step / fine) + 1, best = 0, first, last;
    double *v = br_xmalloc(br_st_mult(n, sizeof(double))), lo = d - step;

    for (size_t i = 0; i < n; i++) {
        v[i] = at(s, lo + (double)i * fine);
        if (v[i] > v[best])
            best = i;
    }
    first = last = best;
    while (first > 0 && v[first - 1] >= v[best] * (1 - 1e-9))
        first--;
    while (last + 1 < n && v[last + 1] >= v[best] * (1 - 1e-9))
        last++;
    *score = v[best];
    *half = (double)(last - first) / 2 * fine;
    free(v);
    return lo + (double)(first + last) / 2 * fine;
}

/*
 * The edge of the offsets around `d` whose R^2 stays at `floor` or above, walking
 * in direction `dir` (+1, -1) by `step`, then by `fine`, never past `limit`.
 */
static double near_edge(const struct search *s, double d, double dir, double step, double fine,
                        double limit, double floor)
{
    while (dir * (limit - (d + dir * step)) >= 0 && at(s, d + dir * step) >= floor)
        d += dir * step;
    while (fine < step && dir * (limit - (d + dir * fine)) >= 0 && at(s, d + dir * fine) >= floor)
        d += dir * fine;
    return d;
}

static void search_grid(const struct search *s, double lo, double hi, struct br_offset *out)
{
    double step = fmax(s->sr->dt / 2, (hi - lo) / COARSE_MAX), fine;
    size_t n = (size_t)floor((hi - lo) / step) + 1, peak[PEAKS], np = 0, best = 0;
    double *v = br_xmalloc(br_st_mult(n, sizeof(double)));

    for (size_t i = 0; i < n; i++)
        v[i] = at(s, lo + (double)i * step);
    /* the highest local maxima */
    for (size_t i = 0; i < n; i++) {
        if (!(v[i] > 0) || (i && v[i - 1] > v[i]) || (i + 1 < n && v[i + 1] > v[i]))
            continue;
        if (np < PEAKS) {
            peak[np++] = i;
        } else {
            size_t w = 0;
            for (size_t k = 1; k < np; k++)
                if (v[peak[k]] < v[peak[w]])
                    w = k;
            if (v[i] > v[peak[w]])
                peak[w] = i;
        }
    }
    out->delta = NAN;
    if (!np) {
        free(v);
        return;
    }
    fine = fmax(s->sr->dt / 20, 1e-3);
    fine = fmin(fine, step);
    for (size_t k = 0; k < np; k++)
        if (v[peak[k]] > v[peak[best]])
            best = k;
    out->delta = refine(s, lo + (double)peak[best] * step, step, fine, &out->score,
                        &out->halfwidth);
    /* offsets that fit equally well, and never finer than half a sample */
    out->halfwidth = fmax(out->halfwidth + fine, s->sr->dt / 2);
    /* another hump, separated from the winner's by a dip under half its height */
    {
        size_t c = (size_t)peak[best], l = c, r = c, a = c, b = c;
        double floor = (1 - NEAR) * out->score;
        while (l > 0 && v[l - 1] >= 0.5 * v[c])
            l--;
        while (r + 1 < n && v[r + 1] >= 0.5 * v[c])
            r++;
        /* the offsets near the best: every point of its hump within NEAR of it, across
         * the dips between (R2 on a 100 ms trace dips at every sample), then finer */
        for (size_t i = l; i <= r; i++)
            if (v[i] >= floor) {
                a = i < a ? i : a;
                b = i > b ? i : b;
            }
        out->near_lo = near_edge(s, fmin(lo + (double)a * step, out->delta), -1, step, fine, lo,
                                 floor);
        out->near_hi = near_edge(s, fmax(lo + (double)b * step, out->delta), +1, step, fine, hi,
                                 floor);
        out->second = 0;
        out->second_delta = NAN;
        for (size_t i = 0; i < n; i++) {
            if (i >= l && i <= r)
                continue;
            if (v[i] > out->second) {
                out->second = v[i];
                out->second_delta = lo + (double)i * step;
            }
        }
    }
    out->ambiguous = out->second >= 0.9 * out->score;
    free(v);
}

int br_offset_search(const struct br_trace *tr, const double *p, const double *a,
                     const double *b, size_t n, double lo, double hi, struct br_offset *out)
{
    struct series sr;
    struct intervals iv;
    struct search s;

    memset(out, 0, sizeof(*out));
    out->delta = out->score_zero = out->second_delta = out->near_lo = out->near_hi = NAN;
    series_build(&sr, tr, p);
    intervals_build(&iv, a, b, n);
    if (sr.n < 4 || !iv.n || !(hi >= lo)) {
        series_release(&sr);
        free(iv.a);
        free(iv.b);
        return -1;
    }
    s.sr = &sr;
    s.iv = &iv;
    s.margin = fmax(fmax(30, 10 * sr.dt), 0.25 * (iv.hi - iv.lo));
    search_grid(&s, lo, hi, out);
    /* a sensor that may average over a window nobody named (power.draw of an unnamed
     * GPU: 1 s on Ampere and newer, none before) puts the activity up to half of it late */
    if (!isnan(out->delta) && tr->power_window < 0 && !tr->window)
        out->halfwidth += UNKNOWN_WINDOW_S / 2;
    if (lo <= 0 && hi >= 0)
        out->score_zero = at(&s, 0);
    series_release(&sr);
    free(iv.a);
    free(iv.b);
    return isnan(out->delta) ? -1 : 0;
}

double br_offset_place(const struct br_trace *tr, const double *p, double lo, double hi,
                       double len)
{
    struct series sr;
    double best = -INFINITY, x = NAN, step;
    size_t n;
    double *mean;

    series_build(&sr, tr, p);
    if (sr.n < 2 || !(hi - lo > len)) {
        series_release(&sr);
        return sr.n < 2 ? NAN : lo;
    }
    step = fmax(sr.dt / 4, (hi - lo - len) / 20000);
    n = (size_t)floor((hi - lo - len) / step) + 1;
    mean = br_xmalloc(br_st_mult(n, sizeof(double)));
    for (size_t i = 0; i < n; i++) {
        struct acc a = sum_in(&sr, lo + (double)i * step, lo + (double)i * step + len);
        mean[i] = a.n > 0 ? a.s / a.n : -INFINITY;
        best = fmax(best, mean[i]);
    }
    for (size_t i = n; i-- > 0;)
        if (mean[i] >= best - 0.02 * fabs(best)) {
            x = lo + (double)i * step;
            break;
        }
    free(mean);
    series_release(&sr);
    return x;
}
