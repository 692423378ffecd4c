/*
 * segment.c: active spans by binary segmentation (segment.h). Long traces are
 * first averaged in blocks to at most BLOCKS_MAX points, so that the cost
 * stays near-linear in the trace's length; the number of levels is capped.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/filter.h"
#include "analysis/segment.h"
#include "model/alloc.h"
#include "model/banned.h"

#define BLOCKS_MAX 50000
#define LEVELS_MAX 4096

struct points {
    double *t0, *t1, *p;   /* block start and end instants, mean power */
    double *s1, *s2;       /* prefix sums of p and p^2 */
    size_t n;
};

struct level {
    size_t i, j;           /* points [i, j) */
    double mean;
    int active;
};

static void points_build(struct points *pt, const struct br_trace *tr, const double *p)
{
    size_t valid = 0, k, b = 0;

    for (size_t i = 0; i < tr->nr; i++)
        valid += !isnan(p[i]) && !isnan(tr->t[i]);
    k = valid > BLOCKS_MAX ? (valid + BLOCKS_MAX - 1) / BLOCKS_MAX : 1;
    pt->t0 = br_xmalloc(br_st_mult(valid / k + 2, sizeof(double)));
    pt->t1 = br_xmalloc(br_st_mult(valid / k + 2, sizeof(double)));
    pt->p = br_xmalloc(br_st_mult(valid / k + 2, sizeof(double)));
    pt->n = 0;
    for (size_t i = 0; i < tr->nr; i++) {
        if (isnan(p[i]) || isnan(tr->t[i]))
            continue;
        if (b == 0) {
            pt->t0[pt->n] = tr->t[i];
            pt->p[pt->n] = 0;
        }
        pt->p[pt->n] += p[i];
        pt->t1[pt->n] = tr->t[i];
        if (++b == k) {
            pt->p[pt->n] /= (double)b;
            pt->n++;
            b = 0;
        }
    }
    if (b) {
        pt->p[pt->n] /= (double)b;
        pt->n++;
    }
    pt->s1 = br_xcalloc(pt->n + 1, sizeof(double));
    pt->s2 = br_xcalloc(pt->n + 1, sizeof(double));
    for (size_t i = 0; i < pt->n; i++) {
        pt->s1[i + 1] = pt->s1[i] + pt->p[i];
        pt->s2[i + 1] = pt->s2[i] + pt->p[i] * pt->p[i];
    }
}

static void points_release(struct points *pt)
{
    free(pt->t0);
    free(pt->t1);
    free(pt->p);
    free(pt->s1);
    free(pt->s2);
}

/* Squared error of points [i, j) around their mean. */
static double cost(const struct points *pt, size_t i, size_t j)
{
    double s = pt->s1[j] - pt->s1[i], n = (double)(j - i);
    return n > 0 ? fmax(0, pt->s2[j] - pt->s2[i] - s * s / n) : 0;
}

/* The noise of the trace: the robust spread of sample-to-sample differences. */
static double noise(const struct points *pt)
{
    double *d, s;
    size_t n = pt->n ? pt->n - 1 : 0;

    if (n < 2)
        return 0;
    d = br_xmalloc(br_st_mult(n, sizeof(double)));
    for (size_t i = 0; i < n; i++)
        d[i] = fabs(pt->p[i + 1] - pt->p[i]);
    s = br_quantile(d, n, 0.5) / 0.6745 / sqrt(2);
    free(d);
    return s;
}

static int cmp_level(const void *a, const void *b)
{
    const struct level *x = a, *y = b;
    return (x->i > y->i) - (x->i < y->i);
}

/* Binary segmentation: cuts kept while they lower the error by more than `penalty`. */
static size_t segment(const struct points *pt, double penalty, struct level **out)
{
    struct level *lv = NULL;
    size_t *stack = br_xmalloc(2 * LEVELS_MAX * sizeof(size_t)), sp = 0, n = 0, alloc = 0;

    stack[sp++] = 0;
    stack[sp++] = pt->n;
    while (sp) {
        size_t j = stack[--sp], i = stack[--sp], cut = 0;
        double whole = cost(pt, i, j), best = whole;

        for (size_t k = i + 1; k < j; k++) {
            double c = cost(pt, i, k) + cost(pt, k, j);
            if (c < best) {
                best = c;
                cut = k;
            }
        }
        if (cut && whole - best > penalty && n + sp / 2 + 2 < LEVELS_MAX) {
            stack[sp++] = i;
            stack[sp++] = cut;
            stack[sp++] = cut;
            stack[sp++] = j;
            continue;
        }
        BR_GROW(lv, n + 1, alloc);
        lv[n].i = i;
        lv[n].j = j;
        lv[n].mean = (pt->s1[j] - pt->s1[i]) / (double)(j - i);
        lv[n].active = 0;
        n++;
    }
    free(stack);
    qsort(lv, n, sizeof(*lv), cmp_level);
    *out = lv;
    return n;
}

/*
 * Idle levels shorter than this many points, or than BRIEF_S seconds, are the
 * ramp a sensor's averaging draws between idle and a run (one 1 s sample at
 * 101 W between 78 W idle and a 121-128 W run): they stand for the idle level
 * around a run only where no longer idle level lies on that side. As idle, the
 * ramp raised the threshold of a real H200 run of 121-128 W above it (its
 * trace's range made the threshold 29 W), and the run was no active span.
 */
#define BRIEF_POINTS 3
#define BRIEF_S 1.0

static int brief(const struct points *pt, const struct level *l)
{
    return l->j - l->i < BRIEF_POINTS || pt->t1[l->j - 1] - pt->t0[l->i] < BRIEF_S;
}

/* The nearest idle level from level k in direction `dir` (+1, -1), the nearest not
 * brief where there is one; NaN: none. */
static double idle_side(const struct points *pt, const struct level *lv, size_t n, size_t k,
                        int dir)
{
    double nearest = NAN;

    for (size_t i = k + dir; i < n; i += dir)   /* wraps past 0 to SIZE_MAX: ends */
        if (!lv[i].active) {
            if (!brief(pt, &lv[i]))
                return lv[i].mean;
            if (isnan(nearest))
                nearest = lv[i].mean;
        }
    return nearest;
}

/* The idle level around level k: the nearest idle levels before and after, the higher. */
static double idle_around(const struct points *pt, const struct level *lv, size_t n, size_t k,
                          double fallback)
{
    double before = idle_side(pt, lv, n, k, -1), after = idle_side(pt, lv, n, k, +1);

    if (isnan(before) && isnan(after))
        return fallback;
    if (isnan(before))
        return after;
    if (isnan(after))
        return before;
    return fmax(before, after);
}

static size_t spans_of(const struct points *pt, const struct level *lv, size_t n,
                       const double *base, double merge_s, struct br_span **out)
{
    struct br_span *sp = NULL;
    size_t ns = 0, alloc = 0;

    for (size_t k = 0; k < n; k++) {
        double s = pt->s1[lv[k].j] - pt->s1[lv[k].i], cnt = (double)(lv[k].j - lv[k].i);
        if (!lv[k].active)
            continue;
        if (ns && pt->t0[lv[k].i] - sp[ns - 1].end <= merge_s) {
            struct br_span *x = &sp[ns - 1];
            double before = x->mean_w * x->idle_w;   /* idle_w holds the count meanwhile */
            x->mean_w = (before + s) / (x->idle_w + cnt);
            x->idle_w += cnt;
            x->end = pt->t1[lv[k].j - 1];
            continue;
        }
        BR_GROW(sp, ns + 1, alloc);
        sp[ns].start = pt->t0[lv[k].i];
        sp[ns].end = pt->t1[lv[k].j - 1];
        sp[ns].mean_w = s / cnt;
        sp[ns].idle_w = cnt;
        ns++;
    }
    /* the idle level of each span: its first level's */
    for (size_t i = 0, k = 0; i < ns; i++) {
        while (k < n && !(lv[k].active && pt->t0[lv[k].i] == sp[i].start))
            k++;
        sp[i].idle_w = k < n ? base[k] : NAN;
    }
    *out = sp;
    return ns;
}

size_t br_active_spans(const struct br_trace *tr, const double *p, double merge_s,
                       struct br_span **out, double *idle_w)
{
    struct points pt;
    struct level *lv = NULL;
    size_t n, ns = 0;
    double sigma, lo, hi, thr, *tmp, *base;

    *out = NULL;
    if (idle_w)
        *idle_w = NAN;
    points_build(&pt, tr, p);
    if (pt.n < 4) {
        points_release(&pt);
        return 0;
    }
    tmp = br_xmalloc(br_st_mult(pt.n, sizeof(double)));
    memcpy(tmp, pt.p, pt.n * sizeof(double));
    lo = br_quantile(tmp, pt.n, 0.05);
    memcpy(tmp, pt.p, pt.n * sizeof(double));
    hi = br_quantile(tmp, pt.n, 0.99);
    free(tmp);
    sigma = noise(&pt);
    /* a level must stand out of the noise, and out of a tenth of the trace's range */
    thr = fmax(fmax(5 * sigma, 0.1 * (hi - lo)), 0.03 * fabs(lo));
    if (!(thr > 0)) {
        points_release(&pt);
        return 0;
    }
    n = segment(&pt, fmax(8 * sigma * sigma * log((double)pt.n), 1e-12 * pt.s2[pt.n]), &lv);
    base = br_xmalloc(br_st_mult(n, sizeof(double)));
    for (size_t k = 0; k < n; k++)
        lv[k].active = lv[k].mean > lo + thr;
    for (size_t k = 0; k < n; k++)
        base[k] = idle_around(&pt, lv, n, k, lo);
    for (size_t k = 0; k < n; k++)
        lv[k].active = lv[k].mean > base[k] + thr;
    ns = spans_of(&pt, lv, n, base, merge_s, out);
    if (idle_w)
        *idle_w = lo;
    free(base);
    free(lv);
    points_release(&pt);
    return ns;
}
