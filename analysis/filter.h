#ifndef BR_FILTER_H
#define BR_FILTER_H
/*
 * Filters on power: quantiles, the idle baseline and trigger levels, and the
 * active segments a trigger with hysteresis finds in a trace.
 */
#include <stddef.h>

#include "model/trace.h"

/*
 * The q-quantile (0..1) of v[0..n), NaN values skipped, with numpy's default
 * (linear) interpolation, so that the seeds' `np.quantile(p, 0.3)` gives the
 * same floor. `v` is reordered (quickselect). NaN when nothing is left.
 */
double br_quantile(double *v, size_t n, double q);

struct br_levels {
    double idle;       /* the 5th percentile of power: the device at rest */
    double peak;       /* the 99th percentile */
    double on, off;    /* a segment starts above `on` and ends below `off` */
    double trigger;    /* the level reported: between off and on */
};

/*
 * Levels of power series p[0..n): with trigger_w NaN ("auto"), the trigger
 * is idle + 30% of the idle-to-peak span, with a hysteresis band of +-5% of
 * the span; otherwise trigger_w +- 5% of the span.
 */
struct br_levels br_levels_of(const double *p, size_t n, double trigger_w);

struct br_segment {
    double start, end;  /* instants of the first and last sample above the trigger */
};

/*
 * The active segments of `tr` (channel values p): runs of samples above
 * lv->on until one falls below lv->off, with gaps shorter than `merge_s`
 * joined and segments shorter than `min_s` dropped. Returns the count and a
 * malloc'ed array in *out (the caller frees it).
 */
size_t br_segments(const struct br_trace *tr, const double *p, const struct br_levels *lv,
                   double merge_s, double min_s, struct br_segment **out);

#endif
