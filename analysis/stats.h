#ifndef BR_STATS_H
#define BR_STATS_H
/*
 * Summaries with 95% intervals (GSL for the distributions):
 * - at least 6 values: the median, with the distribution-free interval of
 *   order statistics x(k), x(n-k+1) where k is the largest with
 *   P(Binomial(n, 1/2) < k) <= 0.025;
 * - 2 to 5 values: the mean, with Student's t interval (too few values for
 *   the median's interval), cut at 0 when no value is negative (times,
 *   energy, power: epochs of 0.0146 and 0.0111 s gave [-0.010, 0.035]);
 * - 1 value: that value, no interval.
 */
#include <stddef.h>

#include "analysis/analysis.h"

/* The summary of v[0..n) (NaN skipped); `v` is sorted in place. */
struct br_stat br_stat_of(double *v, size_t n);

/*
 * The median of durations printed to a resolution `res` (whole seconds), when `s` is
 * br_stat_of's median of v[0..n) (sorted, NaN-free as br_stat_of leaves them): values on
 * such a grid tie, and the tie's value is no better a median than any point of its class
 * (49 epochs of 2.41 s read from stamps to the second gave 29 of 2 s, 19 of 3 s and one
 * of 4 s: median 2). The center becomes the grouped median, interpolated within the
 * median's class as Python's statistics.median_grouped does, x - w/2 + w (n/2 - below) /
 * ties (x = v[n/2]; w the grid's step: the smallest gap between two values, at most `res`);
 * the interval stays. Without a tie at the median, or anything else, it is left as it is.
 */
void br_stat_grouped(struct br_stat *s, const double *v, size_t n, double res);

/*
 * A ratio of two summaries (num / den) with an interval by the delta method
 * in log space: each interval's half-width in log units gives a standard
 * error, and the errors add in quadrature. No interval when either has none.
 */
struct br_stat br_stat_ratio(const struct br_stat *num, const struct br_stat *den);

/* The product of two ratios (efficiency = energy ratio x speedup), same method. */
struct br_stat br_stat_product(const struct br_stat *a, const struct br_stat *b);

#endif
