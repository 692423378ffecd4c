#ifndef BR_CHAIN_H
#define BR_CHAIN_H
/*
 * Runs without times whose epochs the trace shows apart, one active span
 * each: the GPU idles between epochs (a data loader starting its workers, a
 * checkpoint written, an evaluation on the CPU), so no one span holds the
 * run, but `nep` spans in a row hold its `nep` epochs. Internal to analysis/.
 */
#include <stddef.h>

#include "analysis/segment.h"

/* br_chain_find found no chain, or more than one. */
#define BR_CHAIN_NONE (-1)
#define BR_CHAIN_AMBIGUOUS (-2)

/*
 * Looks among the spans sp[0..m) (in time order) not `taken` (taken may be
 * NULL) for `nep` in a row that hold epochs of durations d[0..nep), one each:
 * every span no longer than its epoch (within `tol`) and at least half of it,
 * and every epoch, ending where its span ends, starting after the one before
 * ended (within `tol`). Returns the index of the first span, BR_CHAIN_NONE,
 * or BR_CHAIN_AMBIGUOUS when two such rows exist (nep >= 2 only).
 */
long br_chain_find(const double *d, size_t nep, const struct br_span *sp, size_t m,
                   const char *taken, double tol);

#endif
