#ifndef BR_TRACE_H
#define BR_TRACE_H
/*
 * A trace: one time series of one power domain of one device (nvidia-smi
 * GPU 3; the GPU, CPU, ANE or combined domain of one powermetrics file).
 * Samples are parallel arrays: t[] and one values array per channel, all of
 * length nr. The canonical channel "power" is in watts; other channels keep
 * the source's name and unit. A missing value ([N/A]) is NaN, never zero.
 * Strings (names, units) live in the trace's own arena.
 */
#include <stddef.h>

#include "model/arena.h"

struct br_channel {
    const char *name;   /* "power", "temperature.gpu", "gpu_freq", ... */
    const char *unit;   /* "W", "C", "%", "MiB", "MHz", or "" */
    double *v;          /* nr values; NaN = missing */
};

struct br_trace {
    const char *device;        /* GPU index "0", or "0" for the one SoC of a Mac */
    const char *domain;        /* "gpu", "cpu", "ane", "combined", "dram" */
    const char *name;          /* "NVIDIA GeForce GTX 1650", "MacBookPro18,1", or NULL */
    const char *power_source;  /* the column or line that became "power" */
    /*
     * Seconds over which one power reading is averaged by the sensor: 0 for
     * an instantaneous reading, -1 when not known. nvidia-smi's power.draw is
     * a 1 s average on Ampere and newer (except A100), instantaneous before.
     */
    double power_window;
    int zoned;          /* 1: t[] is UTC; 0: floating wall-clock time */
    int timed;          /* 0: the source had no times; t[] is NaN until given */
    unsigned first_line;  /* source line of the first sample */
    /*
     * A floating clock that went back by at most an hour, once: perhaps the
     * repeated hour of a daylight-saving change, which only the zone can
     * tell (br_time_step). fold is the index of the first sample after the
     * step (0: none), fold_line its source line. Until the zone resolves it
     * (cli/tz.c) or the trace is cut there, t[] is not in order.
     */
    size_t fold;
    unsigned fold_line;
    /* labels (analysis/label.c): the device a trace belongs to, and for a
     * trace recorded for one run only (the seeds' one file per batch size),
     * its model and batch; NULL when unknown. In the trace's arena. */
    const char *label_device, *label_model, *label_batch;
    int label_device_weak;   /* the device is only its directory's name */
    size_t nr, alloc;
    double *t;          /* sample instants, seconds since the Unix epoch */
    double *window;     /* NULL, or each sample's own window (s) ending at t[i] */
    struct br_channel *ch;
    size_t nch;
    struct br_arena arena;
};
#define BR_TRACE_INIT { .power_window = -1, .timed = 1 }

void br_trace_init(struct br_trace *tr);
/* Frees the arrays, the channels and the arena. */
void br_trace_release(struct br_trace *tr);
/* Releases and frees `tr` itself; NULL is allowed. */
void br_trace_free(struct br_trace *tr);

/*
 * Adds a channel (name and unit are copied) and returns its index. Existing
 * samples get NaN in it.
 */
size_t br_trace_add_channel(struct br_trace *tr, const char *name, const char *unit);
/* Index of the channel called `name`, or -1. */
long br_trace_find_channel(const struct br_trace *tr, const char *name);
/* The values of channel `name`, or NULL. */
const double *br_trace_values(const struct br_trace *tr, const char *name);

/* Makes per-sample windows exist (zero-filled for existing samples). */
void br_trace_enable_window(struct br_trace *tr);
/*
 * The seconds one power reading averages: the median of the samples' own
 * windows where they have them (powermetrics, perf stat, RAPL), else
 * tr->power_window (-1: not known). Allocates a copy; -1 when that fails.
 */
double br_trace_typical_window(const struct br_trace *tr);

/*
 * Appends one sample at time `t` with every channel NaN (and window 0), and
 * returns its index; the caller then sets tr->ch[k].v[i].
 */
size_t br_trace_append(struct br_trace *tr, double t);

/* Appends one sample at `t` with v[k] for channel k (all nch of them); v NULL: NaN. */
void br_trace_append_row(struct br_trace *tr, double t, const double *v);

/* Removes the last sample (a row that turned out to be bad). */
void br_trace_pop(struct br_trace *tr);

/*
 * Rows that come in bursts of k at nearly one time, a loop interval apart:
 * nvidia-smi --query-gpu without an index column prints one row per GPU per
 * loop, the GPUs in order. Returns k (2..max) when at least three whole
 * bursts come and nine in ten of them (the first and last aside) hold k rows
 * less than a tenth of the interval apart (*tick: that tenth); else 0. The
 * interval is the 99th percentile of up to 4096 evenly spaced gaps: O(n)
 * time, no memory of n.
 */
size_t br_burst_size(const double *t, size_t n, size_t max, double *tick);

/* How a sample time follows the one before it (br_time_step). */
enum br_time_step { BR_STEP_ON, BR_STEP_FOLD, BR_STEP_BACK };
/*
 * The steps back a daylight-saving change makes (s): an hour (half an hour
 * on Lord Howe Island) less one sampling interval. A shorter step back is a
 * bad row, not a change of clocks.
 */
#define BR_FOLD_MIN_S 900.0
#define BR_FOLD_MAX_S 3600.0
/* Times before 1973-03-03 are elapsed seconds, not a calendar clock. */
#define BR_CALENDAR_MIN_S 1e8

/*
 * BR_STEP_ON when `t` is not before `prev`; BR_STEP_FOLD when a floating
 * calendar clock (zoned 0, t >= BR_CALENDAR_MIN_S) that has not folded yet
 * (`folded` 0) goes back by BR_FOLD_MIN_S to BR_FOLD_MAX_S, which a parser accepts and marks (br_trace_mark_fold);
 * BR_STEP_BACK otherwise, an error.
 */
enum br_time_step br_time_step(double prev, double t, int zoned, int folded);

/*
 * Marks the first sample of `tr` whose time is before the previous one's as
 * its fold, found at source line `line` (a parser that accepted a
 * BR_STEP_FOLD calls it once the trace is complete). No such sample: no fold.
 */
void br_trace_mark_fold(struct br_trace *tr, unsigned line);

/* Keeps the samples before index `n` only. */
void br_trace_truncate(struct br_trace *tr, size_t n);

/* No device benchreport measures draws this much: a larger reading is wrong. */
#define BR_MAX_POWER_W 1e5

/* What br_trace_sanitize changed. */
struct br_trace_fixes {
    size_t bad;         /* power readings set to NaN */
    double bad_t, bad_w;    /* the first one's time and value */
    size_t dups;        /* samples dropped for repeating the previous time */
    double dup_t;       /* the first one's time */
};

/*
 * Keeps impossible readings out of every figure: a "power" value that is
 * negative, not finite or over BR_MAX_POWER_W becomes NaN (missing), and a
 * sample whose time equals the previous sample's is removed (the first one
 * is kept: two readings for one instant cannot both be right, and their
 * mean is neither). Fills `fx`.
 */
void br_trace_sanitize(struct br_trace *tr, struct br_trace_fixes *fx);

/* Summary of one channel, NaN values skipped. n == 0 leaves the rest NaN. */
struct br_stats {
    size_t n;
    double mean, min, max;
};
struct br_stats br_stats_of(const double *v, size_t nr);

#endif
