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

/*
 * Readings averaged over the `2h` seconds before their time (nvidia-smi's
 * power.draw on Ampere and newer): each stands for the power at its window's
 * middle, h earlier, so [a, b] is integrated as [a + h, b + h] of the
 * readings. The last reading's power holds over the h past its time that
 * its window still covered.
 */
static struct br_energy averaged(const struct br_trace *tr, const double *p, double a, double b,
                                 double h)
{
    size_t last = valid_before(p, tr->nr - 1, tr->nr);
    double end = last < tr->nr ? tr->t[last] : NAN;
    struct br_energy e;

    if (!(b + h > end) || !(b <= end))
        return trapezoid(tr, p, a + h, b + h);
    /* the end of [a, b] within h of the last reading, which is counted as inside */
    if (!(a + h < end)) {
        e = (struct br_energy){ p[last] * (b - a), p[last], 1, 1 };
        return e;
    }
    e = trapezoid(tr, p, a + h, end);
    if (!isnan(e.joules)) {
        e.joules += p[last] * (b + h - end);
        e.samples++;
    }
    return e;
}

struct br_energy br_energy_over(const struct br_trace *tr, const double *p, double a, double b)
{
    if (!(b > a) || tr->nr == 0) {
        struct br_energy none = { NAN, NAN, 0, 0 };
        return none;
    }
    if (tr->window)
        return windows(tr, p, a, b);
    if (tr->power_window > 0)
        return averaged(tr, p, a, b, tr->power_window / 2);
    return trapezoid(tr, p, a, b);
}
