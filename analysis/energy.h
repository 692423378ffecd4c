#ifndef BR_ENERGY_H
#define BR_ENERGY_H
/*
 * Energy of a power channel over a time window.
 *
 * Without per-sample windows (nvidia-smi), power is linear between samples:
 * the trapezoid rule over the samples inside [a, b], with the power at a and
 * b interpolated from the samples around them. Readings that average the
 * trace's power_window seconds before their time (power.draw on Ampere and
 * newer) stand for the power at that window's middle: [a, b] is integrated
 * over [a + w/2, b + w/2] of the readings (read as instantaneous, every epoch
 * would take half a second of the one before it), the last reading's power
 * holding over the half window past its time. With windows (powermetrics),
 * each sample's power holds over its own window (t - w, t]; the energy is the
 * sum of power x overlap, and time that no window covers (powermetrics'
 * gaps) is filled at the mean power of the covered time.
 * Missing samples (NaN) are skipped.
 */
#include <stddef.h>

#include "model/trace.h"

struct br_energy {
    double joules;       /* NaN when [a, b] is not inside the trace */
    double peak_w;       /* the highest sample inside [a, b] (or at its edges) */
    size_t samples;      /* samples inside [a, b] */
    double covered;      /* fraction of [a, b] covered by sample windows (1 without) */
};

/* The energy `p` (values of a channel of `tr`) shows over [a, b], a < b. */
struct br_energy br_energy_over(const struct br_trace *tr, const double *p, double a, double b);

#endif
