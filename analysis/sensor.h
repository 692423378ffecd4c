#ifndef BR_SENSOR_H
#define BR_SENSOR_H
/*
 * The averaging window of power readings whose trace does not name its GPU
 * (nvidia-smi --query-gpu=timestamp,power.draw, the seeds' own command):
 * power.draw averages the last second on Ampere and newer but the A100 and
 * is instantaneous before, so the GPU decides how the readings lie in time.
 * The logs recorded beside the trace (in its directory) say which GPU ran:
 * when every one of them that names an NVIDIA GPU names GPUs of one window,
 * the trace takes it, and a note in `notes` says so. Internal to analysis/.
 */
#include <stddef.h>

#include "model/diag.h"
#include "model/source.h"

void br_sensor_windows(struct br_source *const *src, size_t n, struct br_diags *notes);

#endif
