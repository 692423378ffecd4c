#ifndef BR_OFFSET_H
#define BR_OFFSET_H
/*
 * Clock offset estimation: where a set of busy intervals, known on one clock
 * (a log's), lies on a power trace's clock. The intervals are slid over the
 * trace, and each offset is scored by how much of the power's variance a
 * two-level model (busy inside the intervals, something else outside) explains
 * (R^2, 0..1), over the region the intervals span plus a margin. The offset
 * that explains the trace best wins (the middle of the offsets that explain
 * it equally well, when several do); how sharply it is determined and whether
 * another, distant offset explains the trace almost as well are reported.
 * Internal to analysis/.
 */
#include <stddef.h>

#include "model/trace.h"

struct br_offset {
    double delta;        /* seconds to add to the intervals' times; NaN: none */
    double halfwidth;    /* the resolution: offsets within +- halfwidth of delta fit the
                            trace equally well (at least half a sample), plus half a
                            second when the sensor's averaging window is not known
                            (nvidia-smi's power.draw of an unnamed GPU averages over 1 s
                            on Ampere and newer, not before) */
    double score;        /* R^2 at delta */
    double score_zero;   /* R^2 at offset 0, NaN when 0 is outside [lo, hi] */
    double second;       /* the best R^2 of an offset away from delta's peak */
    double second_delta; /* where (NaN when none) */
    int ambiguous;       /* `second` is within 10% of `score` */
    double near_lo, near_hi; /* the offsets the trace cannot tell from delta: the first and
                                last of its hump whose R^2 is within 2% of `score`, dips
                                between them included (R^2 on a 100 ms trace dips at every
                                sample). A flat top is wide: a real H100 folder of 8
                                untimed logs fit best at +0.27 s, and within 1% from 0 to
                                +0.35 s, where 0 was right. The resolution (halfwidth) is
                                apart: half a sample is no placement's better, exact or not */
};

/*
 * Searches offsets in [lo, hi] for the `n` intervals [a[i], b[i]] (any order,
 * may overlap) against power `p` of trace `tr` (tr->t sorted). A sample's
 * instant is moved back by half its averaging window when the window is known.
 * Returns 0 with *out filled, or -1 when the trace has too few samples or no
 * offset puts most of the intervals inside the trace (*out->delta NaN).
 */
int br_offset_search(const struct br_trace *tr, const double *p, const double *a,
                     const double *b, size_t n, double lo, double hi, struct br_offset *out);

/*
 * Where a busy stretch of `len` seconds lies inside the active span [lo, hi]
 * of trace `tr`: the window of that length with the highest mean power, or
 * the latest of the windows within 2% of it (start-up comes before training,
 * which holds a plateau to the end). Returns the window's start, or NaN
 * when the span has no samples.
 */
double br_offset_place(const struct br_trace *tr, const double *p, double lo, double hi,
                       double len);

#endif
