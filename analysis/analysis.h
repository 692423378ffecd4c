#ifndef BR_ANALYSIS_H
#define BR_ANALYSIS_H
/*
 * The analysis: from the sources of an experiment (traces and runs) to the
 * numbers people compare hardware by. Passes, in order:
 *   label     (label.h) every run and trace knows its device, model, batch;
 *   align     each run is paired with its device's traces and its epochs are
 *             put on their time axis: exact, anchored, inferred or whole;
 *   filter    trigger level with hysteresis, quantile floor, warm-up epochs;
 *   measure   epoch time, power and energy per epoch, with intervals;
 *   compare   speedup, energy and efficiency ratios against a baseline device.
 * Results live in struct br_analysis, which borrows the sources (they must
 * outlive it) and owns everything else.
 */
#include <stddef.h>

#include "model/arena.h"
#include "model/diag.h"
#include "model/source.h"

/*
 * How a run's epochs were put on its trace's time axis, strongest first:
 * exact (the log's own times, on the trace's clock), anchored (durations
 * from a --start instant), estimated (the log's times moved by a clock
 * offset estimated from the trace), inferred (durations only, matched to an
 * active span of the trace), whole (the whole trace stands for the run).
 */
enum br_align { BR_ALIGN_NONE, BR_ALIGN_EXACT, BR_ALIGN_ANCHORED, BR_ALIGN_ESTIMATED,
                BR_ALIGN_INFERRED, BR_ALIGN_WHOLE };
const char *br_align_name(enum br_align a);

/* --start FILE=TIME: where a log without times began (anchored alignment). */
struct br_anchor {
    const char *file;   /* a path or a base name */
    double t;
    int zoned;
};

/* --clock-offset DEVICE=SECONDS: added to the log times of that device's runs. */
struct br_clock_offset {
    const char *device;
    double seconds;
};

struct br_analysis_opts {
    const char *baseline;        /* device label; NULL = first device in name order */
    double trigger_w;            /* NaN = auto (idle + 30% of the idle-to-peak span) */
    double quantile;             /* whole mode's floor, 0..1 (default 0.3) */
    unsigned skip_epochs;        /* warm-up epochs left out (default 1) */
    int trim;                    /* drop the fastest and slowest run of a workload */
    const char *domain;          /* power domain used ("gpu" by default) */
    const struct br_anchor *anchors;
    size_t nanchors;
    const struct br_clock_offset *offsets;
    size_t noffsets;
};
void br_analysis_opts_init(struct br_analysis_opts *o);

/* A value with its 95% interval; lo and hi are NaN when there is none. */
struct br_stat {
    size_t n;
    double center, lo, hi;
    const char *method;   /* "median, order-statistic interval", "mean, t interval", ... */
};

/* Where an energy figure comes from; one figure never mixes them. */
enum br_energy_source {
    BR_ENERGY_NONE,
    BR_ENERGY_TRACE,   /* a power trace, integrated over the epoch */
    BR_ENERGY_LOG,     /* the log's own figure: an energy counter (NVML), a published table */
};
const char *br_energy_source_name(enum br_energy_source s);

struct br_epoch_result {
    unsigned index;
    double start, end;       /* on the trace's axis; NaN when not aligned */
    double duration;         /* br_epoch_mid: a duration cut to its resolution is
                                measured from the middle of where it may lie */
    double energy_j;         /* NaN when not measured */
    enum br_energy_source esrc;   /* where energy_j and mean_w come from */
    double log_j;            /* the log's own energy figure (NVML's counter), NaN if none */
    double mean_w, peak_w;
    size_t samples;          /* power samples inside the epoch */
    int used;                /* counted in the statistics (not warm-up, not DNF) */
    int uncertain;           /* shorter than 3 samples or the sensor's window */
};

struct br_run_result {
    const struct br_source *src;
    const struct br_run *run;
    const char *trace_path;      /* the trace file used, or NULL */
    const struct br_trace *trace;   /* its first trace (for drawing), or NULL */
    size_t ntraces;              /* traces summed (GPUs of the file) */
    const char *domain;          /* their power domain ("gpu", "combined", ...), or NULL */
    enum br_align align;
    struct br_epoch_result *ep;
    size_t nep;
    size_t epochs_used, epochs_skipped;
    size_t samples_used, samples_removed;   /* by the filters */
    double idle_w, trigger_w, floor_w;      /* NaN when not applicable */
    double whole_power_w;                   /* whole mode: mean power above the floor */
    double offset_s, offset_pm;  /* estimated mode: the offset added to the log's times and
                                    how sharply it is determined (+-); NaN otherwise */
    double layout_rel;           /* inferred: by how much (a share) its epochs' energy
                                    differs laid end to end or apart in their active span,
                                    which the trace does not tell; 0 otherwise */
    char why[320];               /* why the run has no power ("" when it has) */
    size_t log_short, log_zero;  /* epochs whose log figure was too short or 0 J to stand
                                    (measure.c), which left out all the run's log figures */
    struct br_diags warnings;
};

/*
 * Runs of one workload whose medians are further apart than this are not
 * replicates (two trainings under one label, a trace of the wrong GPU):
 * pooled, they would give a figure that none of them measured. Replicates
 * differ by a few percent; an M2's and an A100's Keras runs pasted into one
 * README without a device differ 1.92x (80 and 41.7 s), and pooled gave 77 s.
 */
#define BR_DISAGREE 1.5

/* One workload (model, batch) on one device: the summary table's row. */
struct br_row {
    const char *session;         /* the recording session (the source's); NULL when every
                                    row is of one session */
    const char *device, *model, *batch;
    size_t runs, epochs_used;
    int dnf;                     /* every run of the workload failed */
    const char *reason;          /* the first failed run's reason */
    const char *withheld;        /* why figures are left out although runs finished: its runs
                                    disagree (one run's median epoch time or power more than
                                    BR_DISAGREE times another's), or NULL; epoch_s is empty
                                    when the times disagree, power_w and energy_j either way */
    struct br_stat epoch_s, power_w, energy_j;
    long steps;                  /* the steps per epoch all its used epochs share; 0 when
                                    they differ or are not known */
    double res;                  /* the coarsest resolution of its epochs' durations (struct
                                    br_epoch's res): epoch_s's interval is widened by what it
                                    hides each way around the epochs' middles (res / 2 about
                                    br_epoch_mid), energy_j's by the same shares; 0: none */
    enum br_energy_source esrc;  /* where power_w and energy_j come from */
    const char *domain;          /* the power domain of its traces when esrc is a trace
                                    (the first counted run's), else NULL */
    struct br_stat log_energy_j; /* the logs' own figure (a counter) when the trace gave
                                    energy_j too, to compare; n 0 otherwise */
    const char *hardware;        /* what the logs or traces call the device, or NULL */
    double energy_seed_j;        /* mean power x mean epoch time (the seeds' figure) */
    double throughput_sps;
    double runtime_s;            /* median time to train over its finished runs that report
                                    one (MLPerf run_stop - run_start, train_runtime), NaN if none */
    struct br_stat speedup, energy_ratio, efficiency_ratio;   /* vs the baseline */
    enum br_align align;         /* the weakest alignment among its runs */
    int is_baseline;
};

/* min / mean / max over batch sizes, per model and device (the seeds' range tables). */
struct br_range {
    const char *session;         /* the rows' session, as br_row's (NULL: one session) */
    const char *device, *model;
    size_t n;
    double speedup[3], energy_ratio[3], efficiency_ratio[3];  /* min, mean, max */
};

/* Geometric means over the workloads both the device and the baseline completed. */
struct br_geomean {
    const char *device;
    size_t n;
    struct br_stat speedup, energy_ratio, efficiency_ratio;
    size_t dnf;                  /* workloads the device did not finish */
};

struct br_analysis {
    const char *baseline;
    int baseline_defaulted;      /* chosen as the first device in name order */
    struct br_run_result *runs;
    size_t nruns;
    struct br_row *rows;
    size_t nrows;
    struct br_range *ranges;
    size_t nranges;
    struct br_geomean *geo;
    size_t ngeo;
    const char *interval_method; /* how ratio intervals were made */
    double res;                  /* the coarsest row res (durations printed rounded), 0 */
    size_t shared;               /* rows whose epoch time is a mean of times to train
                                    shared out over the epochs (no epoch timed: compare.c) */
    size_t grouped;              /* rows whose epoch time is a grouped median: durations
                                  * printed rounded that tie at the median (br_stat_grouped) */
    size_t *base, nbase;         /* the indices of the baseline's rows (compare.c) */
    struct br_diags warnings;    /* experiment-wide */
    struct br_arena arena;
};

/*
 * Runs every pass on the `n` sources (labelled already). Returns 0, or -1
 * when there is no run at all (a warning says so); `a` is filled either way
 * and released with br_analysis_release().
 */
int br_analyze(struct br_analysis *a, struct br_source *const *src, size_t n,
               const struct br_analysis_opts *o);
void br_analysis_release(struct br_analysis *a);

#endif
