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
 * A ratio of two summaries (num / den) with an interval by the delta method
 * in log space: each interval's half-width in log units gives a standard
 * error, and the errors add in quadrature. No interval when either has none.
 */
struct br_stat br_stat_ratio(const struct br_stat *num, const struct br_stat *den);

/* The product of two ratios (efficiency = energy ratio x speedup), same method. */
struct br_stat br_stat_product(const struct br_stat *a, const struct br_stat *b);

#endif
