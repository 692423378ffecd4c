/* energy.c: integrating power over epoch windows (see energy.h). */
#include <math.h>

#include "analysis/energy.h"
#include "model/banned.h"

/* First index with t[i] >= x (binary search). */
static size_t lower_bound(const double *t, size_t n, double x)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (t[mid] < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The valid sample at or before i (or n when none). */
static size_t valid_before(const double *p, size_t i, size_t n)
{
    while (i < n && isnan(p[i])) {
        if (i == 0)
            return n;
        i--;
    }
    return i;
}

static size_t valid_after(const double *p, size_t i, size_t n)
{
    while (i < n && isnan(p[i]))
        i++;
    return i;
}

/* Linear interpolation of p at x, from the valid samples around it; NaN outside. */
static double power_at(const double *t, const double *p, size_t n, double x)
{
    size_t j = lower_bound(t, n, x), hi = valid_after(p, j, n), lo;

    if (hi == n)
        return NAN;
    if (t[hi] == x)
        return p[hi];
    if (hi == 0 || (lo = valid_before(p, hi - 1, n)) == n)
        return NAN;
    return p[lo] + (p[hi] - p[lo]) * (x - t[lo]) / (t[hi] - t[lo]);
}

static struct br_energy trapezoid(const struct br_trace *tr, const double *p, double a,
                                  double b)
{
    struct br_energy e = { NAN, NAN, 0, 1 };
    const double *t = tr->t;
    size_t n = tr->nr, i = lower_bound(t, n, a);
    double pa = power_at(t, p, n, a), pb = power_at(t, p, n, b);
    double prev_t = a, prev_p = pa, sum = 0;

    if (isnan(pa) || isnan(pb))
        return e;
    e.peak_w = fmax(pa, pb);
    for (; i < n && t[i] < b; i++) {
        if (isnan(p[i]) || t[i] <= a)
            continue;
        sum += (t[i] - prev_t) * (p[i] + prev_p) / 2;
        prev_t = t[i];
        prev_p = p[i];
        e.samples++;
        if (p[i] > e.peak_w)
            e.peak_w = p[i];
    }
    sum += (b - prev_t) * (pb + prev_p) / 2;
    e.joules = sum;
    return e;
}

static struct br_energy windows(const struct br_trace *tr, const double *p, double a, double b)
{
    struct br_energy e = { NAN, NAN, 0, 0 };
    size_t i = lower_bound(tr->t, tr->nr, a);
    double sum = 0, covered = 0;

    if (tr->nr == 0 || a < tr->t[0] - tr->window[0] || b > tr->t[tr->nr - 1])
        return e;
    for (; i < tr->nr; i++) {
        double ws = tr->t[i] - tr->window[i], lo = fmax(ws, a), hi = fmin(tr->t[i], b);
        if (ws >= b)
            break;
        if (hi <= lo || isnan(p[i]))
            continue;
        sum += p[i] * (hi - lo);
        covered += hi - lo;
        e.samples++;
        if (isnan(e.peak_w) || p[i] > e.peak_w)
            e.peak_w = p[i];
    }
    if (covered <= 0)
        return e;
    e.covered = covered / (b - a);
    e.joules = sum / e.covered;
    return e;
}

struct br_energy br_energy_over(const struct br_trace *tr, const double *p, double a, double b)
{
    if (!(b > a) || tr->nr == 0) {
        struct br_energy none = { NAN, NAN, 0, 0 };
        return none;
    }
    return tr->window ? windows(tr, p, a, b) : trapezoid(tr, p, a, b);
}
