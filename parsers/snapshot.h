#ifndef BR_SNAPSHOT_H
#define BR_SNAPSHOT_H
/*
 * Samples of snapshots that nvidia-smi prints with their time to the second
 * (the plain table's date line, a -q report's Timestamp): a loop faster than
 * a second (-lms 100) prints several under one time, which cannot be placed
 * apart, so they are averaged into that second's one sample.
 */
#include "model/trace.h"

/* What br_snapshot_add did with a snapshot's readings. */
enum br_snapshot_added {
    BR_SNAP_APPENDED, /* a new sample */
    BR_SNAP_MERGED,   /* averaged into the last sample: the same second */
    BR_SNAP_BACK,     /* nothing: the time goes backwards (an error to say) */
};

/*
 * Adds the readings v[0..tr->nch) of a snapshot at time `t` (`timed` 0: no
 * time, NaN) to `tr`. merged[0..tr->nch) counts, per channel, the readings
 * that the last sample's value averages (NaN readings count none); the caller
 * keeps one such array per trace, zeroed. A floating clock that steps back by
 * a daylight-saving change is accepted, its line in tr->fold_line.
 */
enum br_snapshot_added br_snapshot_add(struct br_trace *tr, double t, int timed,
                                       const double *v, unsigned *merged, unsigned line);

#endif
