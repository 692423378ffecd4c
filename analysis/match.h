#ifndef BR_MATCH_H
#define BR_MATCH_H
/*
 * Matching runs without times to the active spans of a trace (inferred
 * alignment). A run needs a span at least as long as its epochs (less a
 * tolerance); what the span holds beyond the epochs is the run's overhead
 * (start-up, evaluation, shut-down), which runs of one experiment share
 * closely. So the assignment chosen is the one whose overheads are the most
 * alike: for each candidate common overhead c, the runs are assigned to
 * spans at least cost sum |overhead - c| (Hungarian method), and the best c
 * wins. A run whose span could be swapped with another run's, or traded for
 * an unused span, at a cost below `tau` seconds, is ambiguous: two
 * assignments explain the trace equally well. Runs of one log ran one after
 * another in the log's order: an assignment that reverses two of them is
 * never chosen nor counted as an alternative. Internal to analysis/.
 */
#include <stddef.h>

#include "analysis/segment.h"

#define BR_MATCH_MAX_RUNS 64
#define BR_MATCH_MAX_SPANS 256

struct br_match {
    long span;          /* the span's index, or -1 */
    int ambiguous;      /* another assignment is as good (span is kept, not to be used) */
    int unordered;      /* no span (-1) because no assignment keeps its log's order */
    double margin;      /* how much worse (s) the best alternative for this run is */
};

/* Where a run stands in its log: runs of one `log` ran in the order of `line`. */
struct br_match_order {
    const void *log;    /* the log it was read from (any pointer that names it) */
    unsigned line;      /* its first line */
};

/*
 * Matches `n` runs, whose epochs last busy[k] seconds in all, to the `m` spans
 * (in time order). `tol` is how much shorter than its epochs a span may be
 * (sampling, the sensor's window), slack[k] (NULL: 0) how much more for run k
 * (its durations printed rounded, idle at its ends); `ord` (NULL: not known) where each run
 * stands in its log. Fills out[0..n). Returns 0, or -1 when there are too
 * many runs or spans to match (every out[k].span is then -1).
 */
int br_match_runs(const double *busy, const double *slack, size_t n, const struct br_span *sp,
                  size_t m, double tol,
                  double tau, const struct br_match_order *ord, struct br_match *out,
                  double *overhead);

#endif
