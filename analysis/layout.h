#ifndef BR_LAYOUT_H
#define BR_LAYOUT_H
/*
 * Where the epochs of a run without times lie in the active span of its trace
 * that it was matched to (infer.c places it). Internal to analysis/.
 */
#include "analysis/analysis.h"
#include "analysis/segment.h"

/*
 * How much the epochs of `rr` are stretched to lie on span `sp`: durations
 * printed rounded ("11s") lay a run shorter or longer than it ran, and its
 * later epochs drift off their power (30 epochs of a true 11.4 s printed
 * "11s" end 12 s early). When the span's length, within `tol`, is one that
 * the durations allow (each within its printed resolution), the factor makes
 * them fill it, kept within every epoch's bounds; otherwise, or with exact
 * durations, 1. The durations themselves (the epoch times) do not change.
 */
double br_layout_stretch(const struct br_run_result *rr, const struct br_span *sp, double tol);

/* The shortest epoch of `rr` (s); 0 when it has none. */
double br_layout_shortest(const struct br_run_result *rr);

/* Where the time a span holds beyond a run's epochs lies. */
enum br_spread {
    BR_SPREAD_NO,       /* around them (start-up, shut-down): the epochs end to end */
    BR_SPREAD_YES,      /* after each (an evaluation the log's epoch times leave out) */
    BR_SPREAD_UNKNOWN,  /* the trace does not tell, and it matters */
};

/*
 * Where the `slack` seconds that span `sp` of trace `t` holds beyond the
 * epochs of `rr` (each `k` times its duration) lie: end to end from `x`, or
 * `slack / nep` after each epoch from the span's start. When the two give
 * median epoch energies within 3%, it does not matter (BR_SPREAD_NO).
 * Otherwise the one whose epochs draw the steadier power (half the variation
 * of the other's mean powers, or less, the first epoch aside) is how the
 * trace shows them; neither: BR_SPREAD_UNKNOWN. *diff gets the relative
 * difference of the two whenever both were laid (0 otherwise: set by the
 * caller). Runs of fewer than 3 epochs: BR_SPREAD_NO.
 */
enum br_spread br_layout_spread(const struct br_trace *t, const struct br_run_result *rr,
                                const struct br_span *sp, double x, double k, double slack,
                                double *diff);

/*
 * How much the energy per epoch the summary gives for `rr` (its used epochs'
 * mean under 6 of them, else their median), its epochs end to end (each `k`
 * times its duration), changes with where they start between `lo` and `hi`:
 * the largest difference between the figure laid from `x` and those from five
 * evenly spaced starts from lo to hi (those where the trace covers every used
 * epoch), relative to the one from x: how far off the figure given may be. 0
 * when hi <= lo, or when x gives no figure.
 */
double br_layout_slide(const struct br_trace *t, const struct br_run_result *rr, double lo,
                       double hi, double x, double k);

/*
 * The same for the epochs of `rr` where they were placed (their start and end),
 * all moved by the same amount from `lo` to `hi` seconds (lo <= 0 <= hi): where
 * an offset that placed them is known only that well.
 */
double br_layout_shift(const struct br_trace *t, const struct br_run_result *rr, double lo,
                       double hi);

/*
 * How much that figure differs with the epochs of `rr` all moved by `d` (and
 * nowhere between), relative to the one where they lie: two placements the
 * trace cannot choose between. 0 when either gives no figure.
 */
double br_layout_jump(const struct br_trace *t, const struct br_run_result *rr, double d);

/* Where the figure moving that much with a placement is too much to give it (3%). */
#define BR_LAYOUT_SLIDE_MAX 0.03

#endif
