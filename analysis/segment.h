#ifndef BR_SEGMENT_H
#define BR_SEGMENT_H
/*
 * Active spans of a power trace, found by change points rather than one
 * global trigger: the trace is cut into constant levels by binary
 * segmentation (a cut is kept when it lowers the squared error by more than
 * a penalty scaled by the noise, which is estimated from the sample-to-sample
 * differences), and each level is called active when it stands above the
 * idle level around it (the nearest idle levels before and after, so that a
 * drifting idle does not move the threshold for the whole trace). Adjacent
 * active levels, and active levels separated by idle shorter than `merge_s`,
 * form one span. Internal to analysis/.
 */
#include <stddef.h>

#include "model/trace.h"

struct br_span {
    double start, end;   /* the first and last active sample */
    double mean_w;       /* mean power of its samples */
    double idle_w;       /* the idle level around it */
};

/*
 * The active spans of power `p` of `tr`, in time order. Returns the count
 * and a malloc'ed array in *out (NULL when none; the caller frees it).
 * *idle_w, when not NULL, gets the trace's idle level (NaN when unknown).
 */
size_t br_active_spans(const struct br_trace *tr, const double *p, double merge_s,
                       struct br_span **out, double *idle_w);

#endif
