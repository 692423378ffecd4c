/* stats.c: medians, means and ratios with intervals (see stats.h). */
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <string.h>

#include "analysis/stats.h"
#include "model/banned.h"

#define Z95 1.959963984540054

struct br_stat br_stat_of(double *v, size_t n)
{
    struct br_stat s = { 0, NAN, NAN, NAN, NULL };
    size_t m = 0;

    for (size_t i = 0; i < n; i++)
        if (!isnan(v[i]))
            v[m++] = v[i];
    s.n = m;
    if (m == 0)
        return s;
    gsl_sort(v, 1, m);
    if (m == 1) {
        s.center = v[0];
        s.method = "single value, no interval";
    } else if (m < 6) {
        double mean = gsl_stats_mean(v, 1, m), sd = gsl_stats_sd_m(v, 1, m, mean);
        double half = gsl_cdf_tdist_Pinv(0.975, (double)(m - 1)) * sd / sqrt((double)m);
        s.center = mean;
        s.lo = v[0] >= 0 ? fmax(0, mean - half) : mean - half;
        s.hi = mean + half;
        s.method = "mean, t interval (fewer than 6 values)";
    } else {
        size_t k = 0;
        /* the largest k with P(B < k) = P(B <= k - 1) <= 0.025 */
        while (k + 1 <= m / 2 && gsl_cdf_binomial_P((unsigned)k, 0.5, (unsigned)m) <= 0.025)
            k++;
        if (k == 0)
            k = 1;
        s.center = gsl_stats_median_from_sorted_data(v, 1, m);
        s.lo = v[k - 1];
        s.hi = v[m - k];
        s.method = "median, order-statistic interval";
    }
    return s;
}

void br_stat_grouped(struct br_stat *s, const double *v, size_t n, double res)
{
    static const char median[] = "median, order-statistic interval";
    double w = res, x, tol;
    size_t below = 0, ties = 0;

    if (n < 6 || s->n != n || !(res > 0) || !s->method || strcmp(s->method, median))
        return;
    for (size_t i = 1; i < n; i++) {
        double d = v[i] - v[i - 1];
        if (d > 1e-6 && d < w)
            w = d;
    }
    x = v[n / 2];
    tol = 1e-9 * fmax(1, fabs(x));
    for (size_t i = 0; i < n; i++) {
        below += v[i] < x - tol;
        ties += fabs(v[i] - x) <= tol;
    }
    if (ties < 2)
        return; /* no tie: the durations are finer than their grid, as they are */
    s->center = x - w / 2 + w * ((double)n / 2 - (double)below) / (double)ties;
    s->method = "grouped median (interpolated in its class of the durations' resolution), "
                "order-statistic interval";
}

/* The standard error of log(x) from its interval, or NaN. */
static double log_se(const struct br_stat *s)
{
    if (isnan(s->lo) || isnan(s->hi) || s->lo <= 0 || s->hi <= 0 || s->center <= 0)
        return NAN;
    return (log(s->hi) - log(s->lo)) / (2 * Z95);
}

static struct br_stat combine(double center, double se)
{
    struct br_stat r = { 1, center, NAN, NAN, "delta method in log space" };
    if (!isnan(se)) {
        r.lo = center * exp(-Z95 * se);
        r.hi = center * exp(Z95 * se);
    }
    return r;
}

struct br_stat br_stat_ratio(const struct br_stat *num, const struct br_stat *den)
{
    double a = log_se(num), b = log_se(den);
    if (!(den->center > 0) || isnan(num->center))
        return combine(NAN, NAN);
    return combine(num->center / den->center, isnan(a) || isnan(b) ? NAN : sqrt(a * a + b * b));
}

struct br_stat br_stat_product(const struct br_stat *x, const struct br_stat *y)
{
    double a = log_se(x), b = log_se(y);
    return combine(x->center * y->center, isnan(a) || isnan(b) ? NAN : sqrt(a * a + b * b));
}
