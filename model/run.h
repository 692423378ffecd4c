#ifndef BR_RUN_H
#define BR_RUN_H
/*
 * A run: one training run (one fit()) read from a log, with its labels, its
 * status and its epochs. Strings live in the run's arena.
 */
#include <stddef.h>

#include "model/arena.h"

struct br_metric {
    const char *name;    /* "loss", "accuracy", "val_loss", ... */
    double value;
};

struct br_epoch {
    unsigned index, of;  /* 1-based; `of` 0 when the log does not say */
    double duration;     /* seconds, NaN when not known */
    double res;          /* the duration's resolution, seconds: the true duration lies
                            within +- res / 2 of it (Keras' "11s", line times cut to the
                            second), or in [duration, duration + res) when `cut`; 0 when
                            finer than the microsecond or not known */
    int cut;             /* the duration was cut down to its resolution, not rounded
                            (tqdm's, rich's and fastai's clocks print int(t)) */
    double start, end;   /* instants (as in struct br_time), NaN when not known */
    long steps;          /* -1 when not known */
    double step_s;       /* seconds per step, NaN when not known */
    unsigned line;       /* the source line that finished the epoch */
    int partial;         /* cut short (MLPerf run_stop inside it, a log that ends in
                            its line, a max_steps stop): shown, never in statistics */
    int shared;          /* its duration is the run's time to train shared out evenly
                            over the epochs run: the log times no epoch of its own */
    struct br_metric *metrics;
    size_t nmetrics;
};

/*
 * How far an epoch's true duration may lie below and above its figure, from
 * its resolution: res / 2 each way, or 0 below and res above when `cut`.
 */
double br_epoch_below(const struct br_epoch *e);
double br_epoch_above(const struct br_epoch *e);

/*
 * The epoch's best figure: the middle of where its true duration may lie,
 * +- res / 2 of it. A cut duration's is res / 2 above the printed one (tqdm's
 * "00:01" of an epoch of 1.93 s is 1.5 s, not 1 s); otherwise the duration.
 * The analysis measures with it; inspect shows the duration as printed.
 */
double br_epoch_mid(const struct br_epoch *e);

enum br_run_status { BR_RUN_OK, BR_RUN_DNF };

/*
 * Where a label came from, weakest first. What a log prints about itself
 * ("NVIDIA H100 80GB HBM3", "cpu (reference C)") loses to the names a user
 * gave in the file name, a manifest or the command line, and the log's
 * device string is kept as the run's `hardware`. A directory's name is the
 * weakest: it is often the benchmark's or the date's (MLPerf's
 * results/SYSTEM/resnet/), not the device's.
 */
enum br_label_source {
    BR_LABEL_NONE, BR_LABEL_DIR, BR_LABEL_LOG, BR_LABEL_FILENAME, BR_LABEL_MANIFEST,
    BR_LABEL_CLI
};

struct br_label {
    const char *value;            /* NULL when unknown */
    enum br_label_source source;
};

struct br_run {
    struct br_label device, model, batch, framework;
    const char *hardware;         /* the device as the log names it (label pass), or NULL */
    const char *host;             /* the machine it ran on, when a recording says (record's
                                     meta.json), or NULL */
    unsigned repeat;              /* 1-based among runs of the same labels */
    int zoned;                    /* epoch start/end are UTC (1) or floating (0) */
    enum br_run_status status;
    const char *reason;           /* DNF reason: "out of memory", "interrupted", ... */
    unsigned reason_line;         /* the line that shows it */
    unsigned first_line;
    double runtime_s;             /* training time the log reports in total, NaN if none */
    int summary;                  /* a summarised figure, not a log: no warm-up to skip */
    struct br_epoch *epochs;
    size_t nepochs, alloc;
    /* the run's last evaluation where it fell on no epoch, the run having none (MLPerf's
     * BERT and GPT-3 logs of blocks that count samples or steps): its metrics, shown apart
     * from the epochs, and its line; nfinal 0 when none */
    struct br_metric *final;
    size_t nfinal;
    unsigned final_line;
    struct br_arena arena;
};

void br_run_init(struct br_run *r);
void br_run_release(struct br_run *r);
void br_run_free(struct br_run *r);

/*
 * Epochs a run's numbering skips (epoch 100 after epoch 1: a log printed every
 * 100th): how many, and in *line the line of the first epoch after a gap.
 */
size_t br_run_skipped_epochs(const struct br_run *r, unsigned *line);

/*
 * Whether a Trainer's training that ran all its `steps` (global_step = max_steps) and
 * stopped at fractional epoch `ran`, short of its `planned` whole epochs, is short only by
 * gradient accumulation's rounding, its last epoch complete: max_steps was planned x u
 * (u = batches an epoch // accumulation), and the epoch counts batches. Older Trainers
 * leave out the last epoch's < accumulation batches: planned - ran < 1 / (u + 1); newer
 * ones step once more at each epoch's end, so the last epoch is planned - 1 steps shorter:
 * (planned - 1) / u <= planned - ran < planned / (u + 1). DMalakhov1/PROJECT_LORA's 2.9908
 * of 3 at 201 of 201 steps is the one, Nicolassalvan's 9.99661 of 10 at 27990 the other; a
 * max_steps stop (5000 steps at epoch 38.17 of 39) is neither.
 */
int br_run_accum_rounded(double ran, double planned, double steps);

/*
 * Gives the epochs timed by line times cut to the second (start and end known, a whole
 * number of seconds, no resolution of their own) the resolution of such a difference: two
 * readings each cut, so within +-1 s (res 2). For a log whose every time was so cut.
 */
void br_run_whole_stamps(struct br_run *r);

/* Appends a blank epoch (NaN times, steps -1) and returns it. */
struct br_epoch *br_run_add_epoch(struct br_run *r);
/* Whether epoch `e` has a metric named `name`. */
int br_epoch_has_metric(const struct br_epoch *e, const char *name);

/* Adds or replaces metric `name` of `e`; `name` is copied into the run's arena. */
void br_epoch_set_metric(struct br_run *r, struct br_epoch *e, const char *name, size_t namelen,
                         double value);
/*
 * Adds or replaces metric `name` of the run's last evaluation on no epoch (struct br_run's
 * `final`), logged at `line` (the line kept is the last's). `name` is copied into the run's
 * arena. A reader drops the last evaluation's (br_run_drop_final) when another begins.
 */
void br_run_set_final(struct br_run *r, unsigned line, const char *name, size_t namelen,
                      double value);
/* Drops the run's last evaluation on no epoch (another began, or an epoch shows it). */
void br_run_drop_final(struct br_run *r);
/* Sets a label when `source` is at least as strong as the one it has. */
void br_label_set(struct br_run *r, struct br_label *l, const char *value,
                  enum br_label_source source);
const char *br_label_source_name(enum br_label_source s);

#endif
