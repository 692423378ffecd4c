/*
 * epochcsv.c: the per-epoch tables that training frameworks write beside a
 * run, one row per epoch (Lightning: several rows per epoch):
 *     Keras CSVLogger         epoch,accuracy,loss,val_accuracy,val_loss
 *                             (epoch first, then the metric names sorted)
 *     Lightning CSVLogger     epoch,step,train_loss,val_loss (metrics.csv; the
 *                             columns sorted, before 2.1 as first logged:
 *                             train_loss,epoch,step; one sparse row per logging call;
 *                             0.6 and 0.7: train_loss,epoch,created_at, a row per epoch
 *                             stamped as written, its end)
 *     Ultralytics results.csv epoch,time,train/box_loss,...,metrics/mAP50(B),...
 *                             (classify: epoch,time,train/loss,metrics/accuracy_top1,...)
 *                             (8.0 pads every field to a width and has no time)
 *     YOLOv5 results.csv      epoch,train/box_loss,train/obj_loss,...,x/lr0
 *     YOLOv5/YOLOv7           no header: `0/54  12.8G  0.03604 ...` (YOLOv5 to v5.0 and
 *       results.txt           YOLOv7 wrote it, v6.0 the csv): 15 columns split at blanks,
 *                             named by their place as results.csv names them (yolo_txt_row())
 *     timm summary.csv        epoch,train_loss,eval_loss,eval_top1,eval_top5,lr
 *     fastai history.csv      epoch,train_loss,valid_loss,accuracy,time (CSVLogger;
 *                             `time` each epoch's [H:]MM:SS, "04:39")
 *     W&B run.history()       _step,_runtime,...,epoch|train/epoch,...,_timestamp (a row
 *                             per wandb.log call, merged by epoch; `_runtime` the seconds
 *                             since wandb.init; a Trainer's train/epoch fractional)
 * and any other CSV whose header has an `epoch` column and names (framework
 * unknown), and a Keras History saved by pandas (`loss` and `val_` names;
 * pandas' unnamed index as the epoch, or no epoch column: row k is epoch k). Every numeric column but epoch, step and the time columns is a
 * metric of its epoch; rows of one epoch (Lightning) are merged, the latest
 * value winning. Epoch numbers that go back (a CSVLogger with append=True
 * that took several fits, a repeated header) start another run, except in a
 * table whose every row is epoch 0: fit(epochs=1) in a loop, one training when
 * its loss goes on falling (one_epoch_fits()). A table of a row per batch with
 * no step column (each number on dozens of rows in a row, found in the head or
 * anywhere later: step_scan()) has one epoch per number and no metrics: the
 * rows' values are the batches', none is the epoch's (a warning says so).
 *
 * A power CSV that is such a table too (a callback's row per epoch with its
 * time and the GPU's power: `epoch,time,loss,...,gpu_power_W`) is read by the
 * powercsv reader and then again here (parser.h, beside_power): the watts
 * columns and the rows with no epoch number ("pre", "post") are skipped.
 *
 * Times: most of these files have none. Ultralytics' `time` is the seconds
 * since training started, so an epoch's time is the difference to the row
 * before (a time that goes back is a resumed training whose clock restarted:
 * the epoch's time is its own value), and the last one is the run's time to
 * train. A column `epoch_time` (what people log themselves, time.time()
 * differences) is the epoch's seconds. A column a callback added under
 * another name (`time`, `duration`, `training_time`, ...) is each epoch's
 * seconds or a running total as its values say (other_times()), or each
 * epoch's end when it holds timestamps (stamp_times()). Without any,
 * the epochs have no durations and a warning says so: no time or energy per
 * epoch is invented.
 * A Lightning row with an empty epoch cell was logged by a callback that
 * writes by step (LearningRateMonitor's lr-Adam): it is no epoch and no
 * error; its values go to the epoch of the row after it (the same step).
 * Lightning writes what trainer.test() logs after fit into the same file: a
 * row whose only values are test metrics (test_loss, test/acc) is no epoch
 * (it would add one, or ride on the last); it is left out with a note, and a
 * file of such rows only has no training epochs.
 * Frameworks count epochs from 0 (Keras, Lightning, YOLOv5, timm, Ultralytics
 * 8.0) or 1 (later Ultralytics). Lightning, YOLOv5 and timm files, told
 * apart by their columns, are 0-based whatever their first row (a Lightning
 * file logged every 50 steps of 10-step epochs starts at epoch 4, the 5th);
 * another table (a Keras one too: epoch, then sorted names, is what a table
 * written by hand often looks like) with an epoch 0 in any run is 0-based,
 * any other is taken as written (number_epochs()). A run that starts again
 * above 0 (a Keras fit(initial_epoch=k) appended after a crash) is a resumed
 * training, numbered on, and said.
 *
 * A results.txt names its plan on every row (`54/54`: epoch 54 of 0 to 54): one whose last
 * row is short of it was interrupted there; the train.py that wrote it had no early stop
 * (YOLOv5's came in August 2021, after its results.csv in July; YOLOv7 has none).
 *
 * The run's arguments beside an Ultralytics, YOLOv5 or timm table (args.yaml, YOLOv5's
 * opt.yaml; parsers/runargs.h) give its planned epochs: a table shorter than the plan was
 * interrupted after its last row, unless a time budget (time:) or Ultralytics' early stop
 * (patience:) may have ended it; that stop can only where none of the last `patience`
 * epochs beat the fitness (0.1 mAP50 + 0.9 mAP50-95) of all before them
 * (early_stop_could_end()). Ultralytics' `batch:` is the run's batch label (the log's;
 * none for AutoBatch): results.csv names no batch size.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model/alloc.h"
#include "model/fields.h"
#include "model/num.h"
#include "model/timefmt.h"
#include "parsers/decimal.h"
#include "parsers/lookslike.h"
#include "parsers/parser.h"
#include "parsers/runargs.h"
#include "model/banned.h"

#define ECSV_MAX_COLS 256
#define ECSV_MAX_METRICS 64       /* metric columns kept; more are named in a note */
#define ECSV_MAX_EPOCHS 1000000   /* epochs in one file */
#define ECSV_MAX_EPOCH_NUM 1e7    /* an epoch number beyond this is a Unix time or noise */

enum flavour { F_OTHER, F_KERAS, F_LIGHTNING, F_ULTRALYTICS, F_YOLOV5, F_TIMM, F_HISTORY,
               F_FASTAI, F_WANDB };
static const char *const flavour_what[] = { "a per-epoch CSV (framework unknown)",
                                            "a Keras CSVLogger file",
                                            "a Lightning CSVLogger metrics.csv",
                                            "an Ultralytics results.csv",
                                            "a YOLOv5 results.csv",
                                            "a timm summary.csv",
                                            "a Keras History saved by pandas (to_csv)",
                                            "a fastai CSVLogger history.csv",
                                            "a W&B run history export" };
static const char *const flavour_framework[] = { NULL, "keras", "lightning", "ultralytics",
                                                 "yolov5", "timm", "keras", "fastai", NULL };

enum role { R_METRIC, R_EPOCH, R_STEP, R_TIME, R_EPOCH_TIME, R_OTHER_TIME, R_IGNORED, R_NAME };

struct table {
    struct br_field name[ECSV_MAX_COLS];
    enum role role[ECSV_MAX_COLS];
    char names[BR_MAX_LINE < 65536 ? BR_MAX_LINE : 65536]; /* the header's text */
    size_t ncols;
    int epoch_col, time_col, epoch_time_col;
    int other_time_col;       /* `time`, `duration`, ...: per epoch or a running total */
    double other_time_scale;  /* its seconds per unit (`duration_min`: 60) */
    int merge;                /* a step column: several rows per epoch (Lightning) */
    int name_col;             /* `model`, `phase`, ...: a run's name; a new one starts a run */
    int per_batch;            /* a batch column: a row per batch, the same names in each
                               * (`epoch,batch,loss`): an epoch's value is their mean */
    int implicit;             /* no epoch column: row k is epoch k (a History's to_csv) */
    char sep;                 /* ',', or ';' in a file a spreadsheet saved in a locale that
                               * writes a decimal comma ("0,1073"; see num()) */
    int per_step;             /* no step column, but a row per step (per_step_rows()) */
    int plural;               /* the epoch column is named `epochs` (a script's own) */
    int hf_epoch;             /* W&B's `train/epoch` of a Hugging Face Trainer: the epochs
                               * done, fractional (3.7037 is in the 4th; 4.0 ends it) */
    enum flavour flavour;
    int beside_power;         /* the watts columns are a trace's, read by powercsv: skipped,
                               * with rows of no epoch number (parser.h, beside_power) */
    size_t power_cols;        /* how many */
    int yolo_txt;             /* a YOLOv5/YOLOv7 results.txt: no header, fields split at
                               * blanks, named by yolo_txt_cols[] (yolo_txt_row()) */
};

/* Splits [s, s+n) at the table's separator (model/fields.h: blanks and enclosing quotes
 * trimmed). */
static size_t split(const struct table *t, const char *s, size_t n, struct br_field *f,
                    size_t max)
{
    return t->yolo_txt ? br_split_blanks(s, n, f, max) : br_split_sep(s, n, t->sep, f, max);
}

/*
 * The number at the start of `f` into *v; returns the bytes read (0: none). In a
 * ';'-separated table a comma is the decimal mark ("1,25E-05", parsers/decimal.h).
 */
static size_t num(const struct table *t, struct br_field f, double *v)
{
    return t->sep == ';' ? br_num_parse_comma(f.p, f.p + f.n, v)
                         : br_num_parse(f.p, f.p + f.n, v);
}

/* ';' when the header has more semicolons than commas (a spreadsheet's re-save). */
static char guess_sep(const char *s, size_t n)
{
    size_t semi = 0, comma = 0;
    for (size_t i = 0; i < n; i++) {
        semi += s[i] == ';';
        comma += s[i] == ',';
    }
    return semi > comma ? ';' : ',';
}

static int is_name(struct br_field f)
{
    if (!f.n || f.n > 64)
        return 0;
    for (size_t i = 0; i < f.n; i++) {
        unsigned char c = (unsigned char)f.p[i];
        if (!(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z') && !(c >= '0' && c <= '9') &&
            !strchr("_/().:@%-+ []", c))
            return 0;
    }
    return !(f.p[0] >= '0' && f.p[0] <= '9') && f.p[0] != '-' && f.p[0] != '.';
}

static int field_is(struct br_field f, const char *lit)
{
    return strlen(lit) == f.n && !strncasecmp(f.p, lit, f.n);
}

static int has_col(const struct table *t, const char *lit)
{
    for (size_t i = 0; i < t->ncols; i++)
        if (field_is(t->name[i], lit))
            return 1;
    return 0;
}

/* Whether a column may give the time of day ("time", "timestamp", "date", "datetime"). */
static int clock_col(const struct table *t)
{
    return has_col(t, "time") || has_col(t, "timestamp") || has_col(t, "date") ||
           has_col(t, "datetime");
}

/*
 * A column naming what each row's training was (`model,epoch,...` of several models
 * trained one after another, `phase`): a run each; its value is text, not a metric.
 */
static int run_name_col(struct br_field f)
{
    static const char *const names[] = { "model", "model_name", "phase", "stage", "run",
                                         "run_name", "experiment", NULL };
    for (size_t k = 0; names[k]; k++)
        if (field_is(f, names[k]))
            return 1;
    return 0;
}

/* The first column that numbers batches (a per_batch table has one). */
static size_t batch_col(const struct table *t)
{
    size_t i = 0;
    while (i + 1 < t->ncols && !(t->role[i] == R_STEP && !field_is(t->name[i], "step")))
        i++;
    return i;
}

/* Names after the first in byte order (Keras and Lightning sort them). */
static int sorted_from(const struct table *t, size_t from)
{
    for (size_t i = from + 1; i < t->ncols; i++) {
        struct br_field a = t->name[i - 1], b = t->name[i];
        int c = memcmp(a.p, b.p, a.n < b.n ? a.n : b.n);
        if (c > 0 || (c == 0 && a.n > b.n))
            return 0;
    }
    return 1;
}

/*
 * A header Lightning wrote without sorting it: Lightning 1.x keeps the names in the order
 * they were first logged, `epoch` then `step` added after the first row's metrics
 * (`train_loss,out_tensor([0.]),epoch,step`), and 2.0 in a set's order; its on_step /
 * on_epoch names end in `_step` / `_epoch`.
 */
static int lightning_unsorted(const struct table *t)
{
    for (size_t i = 0; i < t->ncols; i++) {
        struct br_field f = t->name[i];
        if (field_is(f, "epoch") && i + 1 < t->ncols && field_is(t->name[i + 1], "step"))
            return 1;
        if ((f.n > 5 && !strncmp(f.p + f.n - 5, "_step", 5)) ||
            (f.n > 6 && !strncmp(f.p + f.n - 6, "_epoch", 6)))
            return 1;
    }
    return 0;
}

/* A column whose name says watts: a power log with a Unix-time `epoch` column (a
 * model's metric named after power, "power_loss", says none). */
static int says_watts(struct br_field f)
{
    static const char *const words[] = { "power", "watt", "_w", "(w)", "[w]", NULL };
    /* energy under a power word: eco2ai's "power_consumption(kWh)" */
    static const char *const energy[] = { "(kwh)", "(wh)", "(j)", "_kwh", "_wh", "_j", NULL };
    if (br_metric_name(f.p, f.n))
        return 0;
    for (size_t k = 0; energy[k]; k++) {
        size_t m = strlen(energy[k]);
        if (f.n >= m && !strncasecmp(f.p + f.n - m, energy[k], m))
            return 0;
    }
    for (size_t k = 0; words[k]; k++) {
        size_t m = strlen(words[k]);
        for (size_t i = 0; i + m <= f.n; i++)
            if (!strncasecmp(f.p + i, words[k], m) &&
                (k < 2 || i + m == f.n))
                return 1;
    }
    return 0;
}

/*
 * Seconds a callback added under another name than epoch_time (Keras: logs['time'] =
 * time.time() - start): each epoch's or a running total, as their values say.
 */
static double other_time_name(struct br_field f)
{
    static const char *const names[] = { "time", "duration", "training_time", "train_time",
                                         "epoch_duration", "time_per_epoch", "epoch_time",
                                         "epoch", "seconds", "time_taken",
                                         /* Lightning's self.log(..., on_epoch=True) */
                                         "time_epoch", "train_time_epoch",
                                         /* in Portuguese, Spanish, French */
                                         "tempo", "tempo_treino", "tempo treino", "tiempo",
                                         "temps",
                                         /* Lightning 0.6 to 0.7's CSV (test_tube's
                                          * Experiment): each row's datetime.now() */
                                         "created_at", NULL };
    /* the unit said after the name, and seconds per unit: `epoch_time_sec`, `time (s)`,
     * `duration_min`, `epoch_time_ms` */
    static const struct { const char *s; double scale; } units[] = {
        { "_seconds", 1 }, { "_secs", 1 },     { "_sec", 1 },       { "_s", 1 },
        { " (s)", 1 },     { "(s)", 1 },       { " [s]", 1 },       { "[s]", 1 },
        { "_minutes", 60 }, { "_mins", 60 },   { "_min", 60 },      { " (min)", 60 },
        { "(min)", 60 },   { "_ms", 0.001 },   { " (ms)", 0.001 },  { "(ms)", 0.001 },
        { "", 1 },
    };
    for (size_t u = 0; u < sizeof(units) / sizeof(units[0]); u++) {
        size_t m = strlen(units[u].s);
        struct br_field base = f;
        if (f.n <= m || strncasecmp(f.p + f.n - m, units[u].s, m))
            continue;
        base.n -= m;
        for (size_t k = 0; names[k]; k++)
            if (field_is(base, names[k]) &&
                (m || strcmp(names[k], "epoch")) && (m || strcmp(names[k], "epoch_time")))
                return units[u].scale;
    }
    return 0;
}

/*
 * A Keras History's names (`loss` and a `val_` one): pd.DataFrame(history.history)
 * .to_csv() writes them without an epoch column, or with pandas' unnamed index; 1. A
 * script's per-epoch lists saved so (`train_loss` and a `val_` one: a DataFrame of
 * train_loss_list, val_loss_list, ...): 2. Else 0.
 */
static int history_names(const struct table *t)
{
    static const char *const phase[] = { "train_", "val_", "valid_", "test_", NULL };
    int val = 0, phased = 1;

    for (size_t i = 0; i < t->ncols; i++) {
        struct br_field f = t->name[i];
        int ok = field_is(f, "lr") || field_is(f, "learning_rate") || (i == 0 && !f.n);
        for (size_t k = 0; phase[k] && !ok; k++)
            ok = f.n > strlen(phase[k]) && !strncmp(f.p, phase[k], strlen(phase[k]));
        phased &= ok;   /* a sweep's table ("lr,batch_size,train_loss,val_loss") is not */
        val |= f.n > 4 && !strncmp(f.p, "val_", 4);
    }
    return !val ? 0 : has_col(t, "loss") ? 1 : has_col(t, "train_loss") && phased ? 2 : 0;
}

/*
 * Reads the header line into `t`. Returns 0, or -1 with `why` saying what
 * it lacks (no epoch column, a field that is no name, a column in watts).
 */
/*
 * The columns of a YOLOv5 (to v5.0) or YOLOv7 results.txt, as train.py writes each epoch's
 * row: its bar's text ('%10s' * 2 + '%10.4g' * 6: epoch/last, GPU memory, the mean box,
 * obj and cls losses and their sum, the last batch's labels and image size), then test.py's
 * results ('%10.4g' * 7: P, R, mAP@.5, mAP@.5:.95, the box, obj and cls losses). Named as
 * results.csv names them (its logger's keys; utils/plots.py's plot_results reads the same
 * columns 2-4 and 8-14); the sum, which results.csv dropped, as train/total_loss. NULL role
 * names: not metrics.
 */
#define YOLO_TXT_COLS 15
static const struct {
    const char *name;
    enum role role;
} yolo_txt_cols[YOLO_TXT_COLS] = {
    { "epoch", R_EPOCH },
    { "gpu_mem", R_IGNORED },
    { "train/box_loss", R_METRIC },
    { "train/obj_loss", R_METRIC },
    { "train/cls_loss", R_METRIC },
    { "train/total_loss", R_METRIC },
    { "labels", R_IGNORED },
    { "img_size", R_IGNORED },
    { "metrics/precision", R_METRIC },
    { "metrics/recall", R_METRIC },
    { "metrics/mAP_0.5", R_METRIC },
    { "metrics/mAP_0.5:0.95", R_METRIC },
    { "val/box_loss", R_METRIC },
    { "val/obj_loss", R_METRIC },
    { "val/cls_loss", R_METRIC },
};

/* results.txt's `54/54`: the epoch's number (from 0), and in *last the plan's last (or -1
 * when `f` is none) */
static double yolo_txt_epoch(struct br_field f, long *last)
{
    const char *slash = memchr(f.p, '/', f.n);
    double v, l;
    size_t k;

    *last = -1;
    if (!slash || slash == f.p)
        return -1;
    k = (size_t)(slash - f.p);
    if (br_num_parse(f.p, slash, &v) != k || f.n - k < 2 ||
        br_num_parse(slash + 1, f.p + f.n, &l) != f.n - k - 1 || !(v >= 0) || v != floor(v) ||
        l != floor(l) || !(l >= v) || l > ECSV_MAX_EPOCH_NUM)
        return -1;
    *last = (long)l;
    return v;
}

/* The significant digits `f`, a number, is written with ("0.03604": 4). */
static size_t sig_digits(struct br_field f)
{
    size_t n = 0;
    int lead = 1;

    for (size_t i = 0; i < f.n && f.p[i] != 'e' && f.p[i] != 'E'; i++) {
        if (f.p[i] < '0' || f.p[i] > '9')
            continue;
        lead &= f.p[i] == '0';
        n += !lead;
    }
    return n;
}

/*
 * Whether line 1, [s, s+n), is a results.txt row (yolo_txt_cols): 15 fields, `N/M`, the
 * memory `12.8G`, numbers. Its train.py prints 4 significant digits ('%10.4g');
 * ultralytics/yolov3's, whose rows look the same, 3 ('%10.3g'), and its 12th column is F1,
 * not mAP@.5:.95: a row with no number of 4 digits is refused, *why saying so. Returns 1,
 * 0 (not such a row), or -1 (yolov3's).
 */
static int yolo_txt_row(const char *s, size_t n, struct br_buf *why)
{
    struct br_field f[YOLO_TXT_COLS + 1];
    size_t nf = br_split_blanks(s, n, f, YOLO_TXT_COLS), digits = 0;
    long last;
    double v;

    if (nf != YOLO_TXT_COLS || yolo_txt_epoch(f[0], &last) < 0 || f[1].n < 2 ||
        f[1].p[f[1].n - 1] != 'G' || br_num_parse(f[1].p, f[1].p + f[1].n - 1, &v) != f[1].n - 1)
        return 0;
    for (size_t i = 2; i < YOLO_TXT_COLS; i++) {
        if (br_num_parse(f[i].p, f[i].p + f[i].n, &v) != f[i].n && !field_is(f[i], "nan"))
            return 0;
        if (sig_digits(f[i]) > digits)
            digits = sig_digits(f[i]);
    }
    if (digits >= 4)
        return 1;
    br_buf_addstr(why, "a results.txt row of numbers with 3 significant digits: ultralytics/"
                       "yolov3's ('%10.3g'), whose 12th column is F1, not YOLOv5's mAP@.5:.95");
    return -1;
}

/* Names the table a results.txt's (yolo_txt_cols). */
static void yolo_txt_table(struct table *t)
{
    t->yolo_txt = 1;
    t->ncols = YOLO_TXT_COLS;
    t->epoch_col = 0;
    t->flavour = F_YOLOV5;
    for (size_t i = 0; i < YOLO_TXT_COLS; i++) {
        t->name[i].p = yolo_txt_cols[i].name;
        t->name[i].n = strlen(yolo_txt_cols[i].name);
        t->name[i].col = (unsigned)i + 1;
        t->role[i] = yolo_txt_cols[i].role;
    }
}

static int read_header(struct table *t, const char *s, size_t n, struct br_buf *why)
{
    size_t nf;
    int yolo;

    if (n >= 3 && !memcmp(s, "\xef\xbb\xbf", 3)) {   /* a UTF-8 byte order mark */
        s += 3;
        n -= 3;
    }
    t->epoch_col = t->time_col = t->epoch_time_col = t->other_time_col = t->name_col = -1;
    if ((yolo = yolo_txt_row(s, n, why)) != 0) {
        if (yolo < 0 || t->beside_power)
            return -1;
        yolo_txt_table(t);
        br_buf_addstr(why, "a YOLOv5/YOLOv7 results.txt (no header): its 15 columns by place");
        return 0;
    }
    if (n > sizeof(t->names))
        n = sizeof(t->names);
    memcpy(t->names, s, n);
    t->sep = guess_sep(s, n);
    nf = split(t, t->names, n, t->name, ECSV_MAX_COLS);
    if (nf > ECSV_MAX_COLS || nf < 2) {
        br_buf_addstr(why, nf < 2 ? "no CSV header on line 1" : "more than 256 columns");
        return -1;
    }
    t->ncols = nf;
    for (size_t i = 0; i < nf; i++) {
        if (i == 0 && !t->name[0].n) {
            /* pandas' index column (to_csv with the index): the epoch from 0 */
            t->epoch_col = 0;
            t->role[0] = R_EPOCH;
            continue;
        }
        if (!is_name(t->name[i])) {
            br_buf_addstr(why, "line 1 is not a CSV header of names");
            return -1;
        }
        if (says_watts(t->name[i]) &&
            (t->beside_power || (i > 0 && field_is(t->name[0], "epoch") && !clock_col(t)))) {
            /* beside a power trace; or an epoch's own power in a table whose first column
             * numbers the epochs and no column gives the time of day (pyJoules'
             * "epoch,duration,...,package_0 power"): a figure over the whole epoch, no power
             * samples over time, not read as power (with a clock, powercsv reads them) */
            t->role[i] = R_IGNORED;
            t->power_cols++;
            continue;
        }
        if (says_watts(t->name[i])) {
            br_buf_addstr(why, "a column in watts: a power log, not an epoch table");
            return -1;
        }
        t->role[i] = R_METRIC;
        if (field_is(t->name[i], "epoch") && t->epoch_col < 0) {
            t->epoch_col = (int)i;
            t->role[i] = R_EPOCH;
        } else if (field_is(t->name[i], "_step") || field_is(t->name[i], "_timestamp") ||
                   field_is(t->name[i], "_wandb")) {
            t->role[i] = R_IGNORED;     /* W&B's own: its log calls, their Unix times */
        } else if (run_name_col(t->name[i]) && t->name_col < 0) {
            t->name_col = (int)i;
            t->role[i] = R_NAME;
        } else if (field_is(t->name[i], "step")) {
            t->role[i] = R_STEP;
        } else if (field_is(t->name[i], "batch") || field_is(t->name[i], "batch_idx") ||
                   field_is(t->name[i], "iteration") || field_is(t->name[i], "iter")) {
            t->role[i] = R_STEP;
            t->per_batch = 1;
        } else if ((field_is(t->name[i], "epoch_time") ||
                    field_is(t->name[i], "epoch_time_epoch")) && t->epoch_time_col < 0) {
            /* (Lightning names what self.log("epoch_time", on_epoch=True) logs so) */
            t->epoch_time_col = (int)i;
            t->role[i] = R_EPOCH_TIME;
        }
    }
    for (size_t i = 0; i < nf && t->epoch_col < 0; i++)
        if (field_is(t->name[i], "epochs")) {
            t->epoch_col = (int)i;      /* counts_by_one() says whether it numbers rows */
            t->role[i] = R_EPOCH;
            t->plural = 1;
        }
    for (size_t i = 0; i < nf && t->epoch_col < 0 && has_col(t, "_runtime"); i++)
        if (field_is(t->name[i], "train/epoch")) {
            t->epoch_col = (int)i;      /* a Trainer's epochs done, through W&B */
            t->role[i] = R_EPOCH;
            t->hf_epoch = 1;
        }
    if ((t->epoch_col < 0 || !t->name[t->epoch_col].n) && !history_names(t)) {
        br_buf_addstr(why, t->epoch_col < 0 ? "no 'epoch' column in the CSV header"
                                            : "an unnamed first column (an index?) and no "
                                              "Keras History names (loss, val_loss)");
        return -1;
    }
    t->implicit = t->epoch_col < 0;
    if (t->implicit || !t->name[t->epoch_col].n)
        t->flavour = history_names(t) == 2 ? F_OTHER : F_HISTORY;
    else if (has_col(t, "_runtime") && (has_col(t, "_step") || has_col(t, "_timestamp")))
        t->flavour = F_WANDB;
    else if (has_col(t, "train/box_loss") || has_col(t, "metrics/mAP50(B)") ||
        has_col(t, "metrics/mAP_0.5") || has_col(t, "metrics/accuracy_top1"))
        t->flavour = has_col(t, "train/obj_loss") ? F_YOLOV5 : F_ULTRALYTICS;
    else if (has_col(t, "step") && (sorted_from(t, 0) || lightning_unsorted(t)))
        t->flavour = F_LIGHTNING;
    else if (has_col(t, "eval_top1") && has_col(t, "train_loss"))
        t->flavour = F_TIMM;
    else if (t->epoch_col == 0 && has_col(t, "train_loss") && has_col(t, "valid_loss") &&
             field_is(t->name[nf - 1], "time"))
        t->flavour = F_FASTAI;      /* epoch,train_loss,valid_loss,<metrics>,time */
    else if (t->epoch_col == 0 && !has_col(t, "step") && !t->per_batch && sorted_from(t, 1))
        t->flavour = F_KERAS;
    else
        t->flavour = F_OTHER;
    t->merge = has_col(t, "step") || t->per_batch || t->flavour == F_WANDB;
    for (size_t i = 0; i < nf; i++)
        if ((t->flavour == F_ULTRALYTICS && field_is(t->name[i], "time")) ||
            (t->flavour == F_WANDB && field_is(t->name[i], "_runtime"))) {
            t->time_col = (int)i;
            t->role[i] = R_TIME;
        }
    if (t->epoch_time_col >= 0 && (t->time_col >= 0 || t->per_batch)) {
        t->role[t->epoch_time_col] = R_METRIC;
        t->epoch_time_col = -1;
    }
    /* a row per batch: a time column there is the batch's, or a running total */
    for (size_t i = 0; i < nf && t->time_col < 0 && t->epoch_time_col < 0 && !t->per_batch;
         i++)
        if (t->role[i] == R_METRIC && other_time_name(t->name[i]) > 0) {
            t->other_time_col = (int)i;
            t->other_time_scale = other_time_name(t->name[i]);
            t->role[i] = R_OTHER_TIME;
            break;
        }
    if (t->beside_power && (t->epoch_col < 0 || t->other_time_col < 0 || !t->power_cols)) {
        br_buf_addstr(why, "no epoch and time columns beside the power");
        return -1;
    }
    br_buf_addf(why, "%s: 'epoch' and %zu other columns", flavour_what[t->flavour], nf - 1);
    return 0;
}

/*
 * The epoch number in `f`, or -1 when it is none (not a whole number, too large). A
 * Trainer's epochs done (hf_epoch) number the epoch they are in from 1: 3.7037 is in
 * the 4th, 4.0 ends it, 0.0 (before the first step) is in the first; *whole (when not
 * NULL) says whether the value was whole, an epoch's end.
 */
static double epoch_number(const struct table *t, struct br_field f, int *whole)
{
    double v;
    long last;
    if (t->yolo_txt)
        return yolo_txt_epoch(f, &last);
    if (!f.n || num(t, f, &v) != f.n || !(v >= 0) || v > ECSV_MAX_EPOCH_NUM)
        return -1;
    if (whole)
        *whole = v == floor(v) && v > 0;
    if (t->hf_epoch)
        return v > 0 ? ceil(v) : 1;
    return v == floor(v) ? v : -1;
}

/*
 * The pattern of a row per step under an `epoch` column with no step column (a script
 * logging every batch, "0,0.61,..." 126 times, then "1,..."): an epoch number on three
 * rows or more in a row, then the next number on three or more. Keras' CSVLogger
 * appending fit(epochs=1) after fit(epochs=1) repeats 0 and never goes on to 1; a
 * training resumed at the epoch it stopped in repeats that one once ("20", "20", "21").
 * Fed the epoch numbers in order; step_scan() returns 1 once the pattern is seen.
 */
struct step_scan {
    double prev;
    size_t same, grouped;       /* the rows of this number; the number before's */
};
#define STEP_SCAN_INIT { -1, 0, 0 }

static int step_scan(struct step_scan *sc, double num)
{
    if (num == sc->prev) {
        if (++sc->same >= 3 && sc->grouped >= 3)
            return 1;
    } else {
        sc->grouped = num == sc->prev + 1 ? sc->same : 0;
        sc->same = 1;
    }
    sc->prev = num;
    return 0;
}

/* A column's values that are not numbers: one text on every row is the table's label. */
struct text_col {
    char first[32];           /* the first text (its start, when longer) */
    size_t firstn, texts, numbers;
    unsigned first_line;
    int varied;               /* another text than the first */
};

struct reader {
    struct br_source *src;
    struct table *t;
    struct br_run *run;
    struct br_epoch *ep;      /* the epoch the last row belonged to */
    double last_num;
    double prev_time;         /* the time column of the epoch before this one (NaN: none) */
    double cur_time;          /* and of this one */
    int row_whole;            /* hf_epoch: this row's epoch value is whole, an epoch's end */
    int prev_whole, cur_whole;    /* and the last row's of the epoch before, of this one */
    int first_num_ok;         /* the run's first epoch is the training's first (0 or 1) */
    int saw_zero;             /* an epoch numbered 0: the file counts from 0 */
    unsigned resume_line;     /* the first run that starts again at an epoch above 0 */
    double resume_num;
    unsigned resume1_line;    /* and above 1 (a resumed run in a file that counts from 1) */
    double resume1_num;
    double bsum[ECSV_MAX_COLS];   /* per column, the epoch's batches so far (per_batch) */
    size_t bcnt[ECSV_MAX_COLS];
    int restarted;            /* a time that went back in this run */
    unsigned restart_line;    /* the first such time in the file */
    size_t nepochs, bad_rows, bad_values, test_rows, step_rows;
    size_t stamps;            /* time-column values that were timestamps */
    int ends;                 /* the time column gave each epoch's end: a run's first has no
                               * time (said with it) */
    size_t implicit_rows;     /* rows of the run so far, in a table without epochs */
    size_t first_group;       /* rows of the first epoch, in a table of rows per step */
    struct step_scan scan;    /* the rows' epoch numbers, for a row per step past the head */
    unsigned late_step;       /* the row where that showed (0: not, or in the head) */
    unsigned first_test_row, first_step_row;
    size_t validate_rows;     /* trainer.validate() after fit: the last epoch's values again */
    unsigned first_validate_row;
    struct br_buf pending;    /* the last row without an epoch, for the next epoch's row */
    struct br_buf run_name;   /* the name column's value in the run's rows */
    unsigned pending_line;
    unsigned first_bad_value, first_bad_row;
    size_t bad_col;
    struct text_col text[ECSV_MAX_COLS];
    size_t power_rows;        /* rows of no epoch number beside the power (beside_power) */
    long yolo_last;           /* yolo_txt: the plan's last epoch the rows name (`/54`), -1
                               * before a row, -2 when they name more than one */
    int stopped;
};

static void new_run(struct reader *r, unsigned line)
{
    const char *fw = flavour_framework[r->t->flavour];

    r->run = br_source_new_run(r->src);
    r->run->first_line = line;
    if (fw)
        br_label_set(r->run, &r->run->framework, fw, BR_LABEL_LOG);
    r->ep = NULL;
    r->prev_time = r->cur_time = NAN;
    r->restarted = 0;
}

/*
 * The run's epochs get their times from the `time` column (seconds since the
 * start): the run's first epoch took its time, any other the difference to
 * the epoch before it, unknown when that one has no time; a time that goes
 * back restarted with a resumed training.
 */
static void take_time(struct reader *r, double t)
{
    double d = NAN;
    int wandb = r->t->flavour == F_WANDB;

    if (!isfinite(t) || t < 0)
        return;
    if (r->t->hf_epoch) {
        /* the first row at a whole epoch ends it (the Trainer's last row, at the same
         * value, comes after saving the model); rows inside an epoch time none */
        if (!r->row_whole || r->cur_whole)
            return;
        r->cur_whole = 1;
        r->cur_time = t;
        if (r->prev_whole && !isnan(r->prev_time) && t >= r->prev_time)
            r->ep->duration = br_round_us(t - r->prev_time);
        return;
    }
    if (r->run->nepochs == 1) {
        if (r->first_num_ok && !wandb)
            d = t;    /* the first epoch's (a first row at epoch 5 holds five epochs) */
    } else if (!isnan(r->prev_time) && t < r->prev_time) {
        r->restarted = 1;
        if (!r->restart_line)
            r->restart_line = r->ep->line;
        d = t;
    } else if (!isnan(r->prev_time)) {
        d = t - r->prev_time;
    }
    r->ep->duration = isnan(d) ? NAN : br_round_us(d);
    r->cur_time = t;
    r->run->runtime_s = r->restarted || wandb ? NAN : t;
}

/*
 * Seconds of a duration written as a clock, [H:]MM:SS (fastai's CSVLogger: "04:39",
 * "1:02:07"), into *v; 1, or 0 when `f` is none.
 */
static int clock_seconds(struct br_field f, double *v)
{
    double part[3];
    size_t k = 0, i = 0;

    while (k < 3) {
        size_t start = i;
        double x = 0;
        while (i < f.n && f.p[i] >= '0' && f.p[i] <= '9')
            x = x * 10 + (f.p[i++] - '0');
        if (i == start || (k && i - start != 2))
            return 0;
        part[k++] = x;
        if (i == f.n || f.p[i] != ':')
            break;
        i++;
    }
    if (k < 2 || i != f.n || part[k - 1] >= 60 || (k == 3 && part[1] >= 60))
        return 0;
    *v = k == 2 ? part[0] * 60 + part[1] : part[0] * 3600 + part[1] * 60 + part[2];
    return 1;
}

static void take_values(struct reader *r, const struct br_field *f, unsigned line)
{
    const struct table *t = r->t;
    size_t nmetric = 0;

    for (size_t i = 0; i < t->ncols; i++) {
        double v;
        int isnum;
        if (!f[i].n || t->role[i] == R_EPOCH || t->role[i] == R_STEP || t->role[i] == R_NAME ||
            t->role[i] == R_IGNORED)
            continue;
        isnum = num(t, f[i], &v) == f[i].n ||
              (field_is(f[i], "nan") && (v = NAN, 1)) ||
              (field_is(f[i], "inf") && (v = INFINITY, 1));
        if (!isnum && t->role[i] == R_OTHER_TIME && t->other_time_scale == 1)
            isnum = clock_seconds(f[i], &v);    /* fastai's "04:39" */
        else if (isnum && t->role[i] == R_OTHER_TIME)
            v *= t->other_time_scale;
        if (!isnum && t->role[i] == R_OTHER_TIME) {
            /* a callback's datetime.now() (NREL's TimeCsvLogger): the epoch's end */
            struct br_time bt;
            if (br_time_parse(f[i].p, f[i].n, &bt) == f[i].n) {
                r->ep->end = bt.t;
                r->run->zoned = bt.zoned;
                r->stamps++;
                continue;
            }
        }
        if (!isnum) {
            struct text_col *tc = &r->text[i];
            size_t m = f[i].n < sizeof(tc->first) ? f[i].n : sizeof(tc->first);
            if (!tc->texts++) {
                memcpy(tc->first, f[i].p, m);
                tc->firstn = f[i].n;
                tc->first_line = line;
            } else if (f[i].n != tc->firstn || memcmp(f[i].p, tc->first, m)) {
                tc->varied = 1;
            }
            r->bad_values++;
            continue;
        }
        r->text[i].numbers++;
        if (t->role[i] == R_TIME) {
            take_time(r, v);
        } else if (t->role[i] == R_EPOCH_TIME || t->role[i] == R_OTHER_TIME) {
            if (isfinite(v) && v >= 0)
                r->ep->duration = br_round_us(v);
        } else if (nmetric++ < ECSV_MAX_METRICS) {
            if (t->per_batch && isfinite(v)) {
                r->bsum[i] += v;
                v = r->bsum[i] / (double)++r->bcnt[i];
            } else if (t->per_batch && r->bcnt[i]) {
                continue;       /* a batch's nan or inf: the others' mean stands */
            }
            br_epoch_set_metric(r->run, r->ep, t->name[i].p, t->name[i].n, v);
        }
    }
}

/* A row that cannot be read (got: its number of fields, or 0 when the epoch is bad). */
static void bad_row(struct reader *r, unsigned line, size_t got)
{
    if (r->bad_rows++)
        return;
    r->first_bad_row = line;
    if (got)
        br_source_diag(r->src, BR_ERROR, line, 1, "row has %zu fields, the %s %zu: row not used",
                       got, r->t->yolo_txt ? "results.txt's" : "header", r->t->ncols);
    else
        br_source_diag(r->src, BR_ERROR, line, 1,
                       "the epoch is not a whole number: row not used");
}

/* The frameworks whose tables number epochs from 0 whatever the first row. */
static int counts_from_0(enum flavour fl)
{
    return fl == F_LIGHTNING || fl == F_YOLOV5 || fl == F_TIMM;
}

static int is_test_name(struct br_field f)
{
    return f.n > 5 && !strncasecmp(f.p, "test", 4) && strchr("_/-", f.p[4]);
}

/* The header line again (a file appended to by a second fit, or cat of two). */
static int header_again(const struct table *t, const struct br_field *f)
{
    size_t k = t->implicit ? 0 : 1;     /* the first named column */

    if (!t->implicit && t->name[t->epoch_col].n)
        return is_name(f[t->epoch_col]) && field_is(f[t->epoch_col], "epoch");
    /* no epoch name to look for (none, or pandas' unnamed index): that column's name */
    return k < t->ncols && is_name(f[k]) && f[k].n == t->name[k].n &&
           !strncasecmp(f[k].p, t->name[k].p, f[k].n);
}

/* A row of a Lightning table whose values are all test metrics (trainer.test()). */
static int test_only(const struct table *t, const struct br_field *f)
{
    size_t tests = 0;
    if (!t->merge)
        return 0;
    for (size_t i = 0; i < t->ncols; i++) {
        if (!f[i].n || t->role[i] != R_METRIC)
            continue;
        if (!is_test_name(t->name[i]))
            return 0;
        tests++;
    }
    return tests > 0;
}

/*
 * A Lightning row of the epoch after the last whose every value is a validation's and
 * the last epoch's, to the bit (the same model's val_loss): trainer.validate() after fit,
 * which logs at the epoch the trainer stopped at (epoch 3 after epochs 0 to 2), not an
 * epoch trained.
 */
static int validated_again(const struct reader *r, const struct br_field *f, double num)
{
    const struct table *t = r->t;
    size_t same = 0;

    if (!t->merge || !r->ep || num != r->last_num + 1)
        return 0;
    for (size_t i = 0; i < t->ncols; i++) {
        double v, w = NAN;
        if (!f[i].n || t->role[i] != R_METRIC)
            continue;
        if (t->name[i].n < 4 || strncasecmp(t->name[i].p, "val", 3) ||
            br_num_parse(f[i].p, f[i].p + f[i].n, &v) != f[i].n)
            return 0;   /* a validation's values only (val_loss, valid_acc, val/loss) */
        for (size_t k = 0; k < r->ep->nmetrics; k++)
            if (strlen(r->ep->metrics[k].name) == t->name[i].n &&
                !memcmp(r->ep->metrics[k].name, t->name[i].p, t->name[i].n))
                w = r->ep->metrics[k].value;
        if (!(v == w))
            return 0;
        same++;
    }
    return same > 0;
}

/*
 * Whether the row of epoch `num` names another training than the run's (the name
 * column's value changed; a `phase` or `stage` whose epochs go on, warmup 1..5 then
 * full 6..40, is the same training), and the run's name from now on; a run named by a
 * `model` column has that model as its label.
 */
static int other_name(struct reader *r, const struct br_field *f, double num)
{
    const struct table *t = r->t;
    struct br_field v, col;
    int changed;

    if (t->name_col < 0)
        return 0;
    v = f[t->name_col];
    col = t->name[t->name_col];
    changed = r->run && (v.n != r->run_name.len || memcmp(v.p, r->run_name.buf, v.n)) &&
              !((field_is(col, "phase") || field_is(col, "stage")) && r->ep &&
                num == r->last_num + 1);
    br_buf_reset(&r->run_name);
    br_buf_add(&r->run_name, v.p, v.n);
    return changed;
}

static void row(struct reader *r, const char *s, size_t n, unsigned line)
{
    struct br_field f[ECSV_MAX_COLS + 1];
    const struct table *t = r->t;
    size_t nf = split(t, s, n, f, ECSV_MAX_COLS);
    double num;
    int renamed, again;

    if (nf != t->ncols) {
        bad_row(r, line, nf);
        return;
    }
    if (header_again(t, f)) {
        r->run = NULL;          /* the header again: another run follows */
        r->implicit_rows = 0;
        return;
    }
    if (t->implicit) {
        num = (double)r->implicit_rows++;      /* row k of the table is epoch k + 1 */
        goto numbered;
    }
    if (t->merge && !f[t->epoch_col].n) {
        if (!r->step_rows++)
            r->first_step_row = line;
        br_buf_reset(&r->pending);
        br_buf_add(&r->pending, s, n);
        r->pending_line = line;
        return;
    }
    if ((num = epoch_number(t, f[t->epoch_col], &r->row_whole)) < 0 && t->beside_power) {
        r->power_rows++;        /* "pre", "post": a power reading, no epoch */
        return;
    }
    if (num < 0) {
        bad_row(r, line, 0);
        return;
    }
    if (t->yolo_txt) {
        long last;
        yolo_txt_epoch(f[t->epoch_col], &last);
        r->yolo_last = r->yolo_last == -1 || r->yolo_last == last ? last : -2;
    }
    if (!t->per_step && !t->merge && !r->late_step && step_scan(&r->scan, num))
        r->late_step = line;
numbered:
    if (test_only(t, f)) {
        if (!r->test_rows++)
            r->first_test_row = line;
        return;
    }
    if (validated_again(r, f, num)) {
        if (!r->validate_rows++)
            r->first_validate_row = line;
        return;
    }
    r->saw_zero |= num == 0;
    renamed = other_name(r, f, num);
    again = r->run && (num < r->last_num || (num == r->last_num && !t->merge && !t->per_step && r->ep) ||
                       renamed);
    if (again && num > 0 && !r->resume_line) {
        r->resume_line = line;
        r->resume_num = num;
    }
    if (again && num > 1 && !r->resume1_line) {
        r->resume1_line = line;
        r->resume1_num = num;
    }
    if (!r->run || again)
        new_run(r, line);
    if (t->per_step) {
        r->first_group += (!r->ep && r->src->nruns == 1) || (r->nepochs == 1 && num == r->last_num);
        if (!r->ep || num != r->last_num)
            goto add;
        r->ep->line = line;     /* another step of this epoch: its values are the step's */
        return;
    }
add:
    if (!r->ep || num != r->last_num) {
        if (r->nepochs++ == ECSV_MAX_EPOCHS) {
            br_source_diag(r->src, BR_ERROR, line, 1,
                           "more than %d epochs: the rest of the file not read",
                           ECSV_MAX_EPOCHS);
            r->stopped = 1;
            return;
        }
        r->ep = br_run_add_epoch(r->run);
        r->ep->index = (unsigned)num;     /* + 1 at the end if the file counts from 0 */
        memset(r->bsum, 0, sizeof(r->bsum));
        memset(r->bcnt, 0, sizeof(r->bcnt));
        /* only the epoch just before times this one: rows every 5th epoch would give
         * each five epochs' time */
        r->prev_time = r->run->nepochs > 1 && num == r->last_num + 1 ? r->cur_time : NAN;
        r->prev_whole = r->cur_whole;
        r->cur_whole = 0;
        r->first_num_ok = r->run->nepochs > 1 || num <= 1;
        r->cur_time = NAN;
    }
    r->ep->line = line;
    r->last_num = num;
    if (t->name_col >= 0 && r->run_name.len && !strncasecmp(t->name[t->name_col].p, "model", 5))
        br_label_set(r->run, &r->run->model, r->run_name.buf, BR_LABEL_LOG);
    if (t->per_step)
        return;                 /* a step's values, not the epoch's */
    if (r->pending.len) {
        struct br_field pf[ECSV_MAX_COLS + 1];
        int whole = r->row_whole;
        r->row_whole = 0;       /* a row without an epoch is at no epoch's end */
        if (split(t, r->pending.buf, r->pending.len, pf, ECSV_MAX_COLS) == t->ncols)
            take_values(r, pf, r->pending_line);
        r->row_whole = whole;
        br_buf_reset(&r->pending);
    }
    take_values(r, f, line);
}

/* Whether every metric of `a` is one of `b`'s, and `b` has more. */
static int fewer_names(const struct br_epoch *a, const struct br_epoch *b)
{
    if (a->nmetrics >= b->nmetrics)
        return 0;
    for (size_t i = 0; i < a->nmetrics; i++)
        if (!br_epoch_has_metric(b, a->metrics[i].name))
            return 0;
    return 1;
}

/*
 * Rows of one epoch (Lightning) end with the epoch's own (validation, epoch
 * averages): a last epoch without the columns the one before it has was cut
 * short while it ran, unless an earlier epoch lacked them too (a loss logged
 * every 50 steps of epochs of 25 steps). It is shown, partial, and kept out of
 * the statistics.
 */
static void cut_last_epochs(struct reader *r)
{
    for (size_t k = 0; k < r->src->nruns; k++) {
        struct br_run *run = r->src->runs[k];
        struct br_epoch *last;
        int varies = 0;
        if (run->nepochs < 2)
            continue;
        last = &run->epochs[run->nepochs - 1];
        if (!fewer_names(last, last - 1))
            continue;
        /* an epoch before it with as few: the columns come and go by epoch (a training loss
         * logged every 50 steps of epochs of 25), no sign of a cut */
        for (size_t i = 0; i + 2 < run->nepochs && !varies; i++)
            varies = fewer_names(&run->epochs[i], last - 1);
        if (varies)
            continue;
        last->partial = 1;
        br_source_diag(r->src, BR_NOTE, last->line, 1,
                       "epoch %u has only %zu of the %zu columns the epoch before it has: "
                       "cut short (partial, not in the statistics)",
                       last->index, last->nmetrics, last[-1].nmetrics);
    }
}

/*
 * The median of the durations of `run`'s epochs after its first (warm-up), into *med;
 * returns how many it is taken over.
 */
static size_t median_after_first(const struct br_run *run, double *med)
{
    double *d = br_xcalloc(run->nepochs ? run->nepochs : 1, sizeof(*d));
    size_t n = 0;

    for (size_t i = 1; i < run->nepochs; i++)
        if (!isnan(run->epochs[i].duration))
            d[n++] = run->epochs[i].duration;
    if (n) {
        qsort(d, n, sizeof(*d), br_cmp_double);
        *med = n % 2 ? d[n / 2] : (d[n / 2 - 1] + d[n / 2]) / 2;
    }
    free(d);
    return n;
}

/*
 * A running `time` that jumps by far more than an epoch takes (YOLO11's results.csv: 24 s
 * epochs, then 40400 s at the epoch after a stop and --resume, or a machine asleep): that
 * step is no epoch's time. The epoch gets none, the run no time to train, a warning says
 * why. Far more: over 20 times the run's median epoch and over 10 minutes beyond it.
 */
static void time_jumps(struct reader *r)
{
    if (r->t->time_col < 0)
        return;
    for (size_t k = 0; k < r->src->nruns; k++) {
        struct br_run *run = r->src->runs[k];
        double med, jump = 0;
        size_t jumps = 0;
        unsigned line = 0;

        if (median_after_first(run, &med) >= 5) {
            for (size_t i = 1; i < run->nepochs; i++) {
                struct br_epoch *ep = &run->epochs[i];
                if (isnan(ep->duration) || ep->duration <= 20 * med ||
                    ep->duration - med <= 600)
                    continue;
                if (!jumps++) {
                    line = ep->line;
                    jump = ep->duration;
                }
                ep->duration = NAN;
                run->runtime_s = NAN;
            }
            if (jumps)
                br_source_diag(r->src, BR_WARNING, line, 1,
                               "the time column jumps by %.3f s before this row (%zu such "
                               "jump%s), where the run's median epoch takes %.3f s: the "
                               "training stopped and went on there (resumed, or paused); no "
                               "time for %s, and no time to train",
                               jump, jumps, jumps == 1 ? "" : "s", med,
                               jumps == 1 ? "that epoch" : "those epochs");
        }
    }
}

/*
 * An epoch that took over 5 times the run's median (Smart-surveillance's results.csv:
 * 1362 s among epochs of 137 s), but not so far as a jump: a pause, a stall or a truly
 * slow epoch cannot be told apart, so its time stays as the file gives it, and a note
 * says it is an outlier (a median over the run is not moved by it, a mean is). Once a
 * file, with the count.
 */
static void slow_epochs(struct reader *r)
{
    const struct br_epoch *first = NULL;
    size_t slow = 0;
    double ratio = 0, med_first = 0;
    int mosaic = 0;

    for (size_t k = 0; k < r->src->nruns; k++) {
        const struct br_run *run = r->src->runs[k];
        double med;
        if (median_after_first(run, &med) < 5 || !(med > 0))
            continue;
        for (size_t i = 1; i < run->nepochs; i++) {
            const struct br_epoch *e = &run->epochs[i];
            if (isnan(e->duration) || e->duration <= 5 * med)
                continue;
            if (!slow++) {
                first = e;
                ratio = e->duration / med;
                med_first = med;
                /* Ultralytics closes the mosaic 10 epochs before the end (close_mosaic=10):
                 * the epoch it does so in rebuilds its dataloader */
                mosaic = r->t->flavour == F_ULTRALYTICS &&
                         e->index + 9 == run->epochs[run->nepochs - 1].index;
            }
        }
    }
    if (slow)
        br_source_diag(r->src, BR_NOTE, first->line, 1,
                       "epoch %u took %.3f s, %.1f times the run's median epoch (%.3f s; %zu "
                       "such epoch%s): an outlier, kept as the file gives it (%s); a median over "
                       "the epochs is not moved by it, a mean is", first->index, first->duration,
                       ratio, med_first, slow, slow == 1 ? "" : "s",
                       mosaic ? "the 10th epoch from the end, where Ultralytics closes the "
                                "mosaic and rebuilds its dataloader: a truly slow epoch"
                              : "a pause or a truly slow epoch cannot be told apart");
}

/*
 * Epoch numbers that skip inside a run (rows logged every 50 steps of a
 * 10-step epoch): the epochs between have no rows; said once, not made up.
 */
static void skipped_epochs(struct reader *r)
{
    for (size_t k = 0; k < r->src->nruns; k++) {
        const struct br_run *run = r->src->runs[k];
        unsigned line;
        size_t missing = br_run_skipped_epochs(run, &line);
        if (missing) {
            br_source_diag(r->src, BR_NOTE, line, 1,
                           "epoch numbers skip: %zu epochs between epoch %u and epoch %u have no "
                           "rows (logged less often than once an epoch?); the %zu with rows are "
                           "read", missing, run->epochs[0].index,
                           run->epochs[run->nepochs - 1].index, run->nepochs);
            return;
        }
    }
}

/*
 * Epoch numbers as people count them, from 1: a file that counts from 0
 * (Lightning, YOLOv5, timm, or any with an epoch numbered 0, as a Keras
 * CSVLogger's first fit has) is shifted by one, every run of it, a run that
 * starts again above 0 (a resumed fit) too. Another is taken as written; a
 * Keras-looking one that starts above 1 may be a fit resumed with
 * initial_epoch=k, which counts from 0 too: said, since its numbers could be
 * one short.
 */
static void number_epochs(struct reader *r)
{
    int zero_based = counts_from_0(r->t->flavour) || r->saw_zero || r->t->implicit;
    const struct br_epoch *first = &r->src->runs[0]->epochs[0];

    for (size_t k = 0; k < r->src->nruns; k++)
        for (size_t i = 0; i < r->src->runs[k]->nepochs; i++)
            r->src->runs[k]->epochs[i].index += (unsigned)zero_based;
    if (!zero_based && r->t->flavour == F_KERAS && first->index > 1)
        br_source_diag(r->src, BR_NOTE, first->line, 1,
                       "the first epoch is numbered %u and none 0: taken as written (if a "
                       "Keras CSVLogger of a fit resumed with initial_epoch=%u wrote it, "
                       "counting from 0, it is epoch %u)",
                       first->index, first->index, first->index + 1);
}

/*
 * A time column of timestamps (a callback's datetime.now() at each epoch's
 * end): an epoch ran from the end of the one before it, so the first epoch of
 * each run has no time (when it began is not written), nor has one whose
 * stamp goes back. Said once.
 */
static void stamp_times(struct reader *r)
{
    const struct table *t = r->t;
    size_t timed = 0;

    for (size_t k = 0; k < r->src->nruns; k++) {
        struct br_run *run = r->src->runs[k];
        for (size_t i = 0; i < run->nepochs; i++) {
            struct br_epoch *e = &run->epochs[i];
            e->duration = NAN;      /* numbers among the stamps are not trusted */
            if (i && !isnan(e->end) && !isnan(e[-1].end) && e->end >= e[-1].end) {
                e->start = e[-1].end;
                e->duration = br_round_us(e->end - e->start);
                timed++;
            }
        }
    }
    r->ends = 1;
    br_source_diag(r->src, BR_NOTE, 1, 1,
                   "column '%.*s' holds timestamps, each epoch's end: an epoch lasted from "
                   "the end of the one before (%zu timed); the first of a run has no time",
                   (int)t->name[t->other_time_col].n, t->name[t->other_time_col].p, timed);
}

/*
 * A column of Unix times on every epoch of a run, all of them above 1e8 (a script's
 * time.time() as it writes the row): each epoch's end, as stamps are (stamp_times);
 * an epoch lasted from the end of the one before, the first of the run has no time.
 * 0 (nothing changed) when they do not rise.
 */
static int unix_ends(struct reader *r, struct br_run *run)
{
    struct br_epoch *e = run->epochs;
    size_t n = run->nepochs, timed = 0;

    for (size_t i = 0; i < n; i++)
        if (!(e[i].duration > 1e8) || (i && !(e[i].duration > e[i - 1].duration)))
            return 0;
    for (size_t i = 0; i < n; i++) {
        e[i].end = e[i].duration;
        e[i].duration = NAN;
        if (i) {
            e[i].start = e[i - 1].end;
            e[i].duration = br_round_us(e[i].end - e[i].start);
            timed++;
        }
    }
    run->zoned = 1;     /* seconds since 1970 in UTC */
    r->ends = 1;
    br_source_diag(r->src, BR_NOTE, e[0].line, 1,
                   "column '%.*s' holds Unix times, each epoch's end: an epoch lasted from the "
                   "end of the one before (%zu timed); the first of a run has no time",
                   (int)r->t->name[r->t->other_time_col].n, r->t->name[r->t->other_time_col].p,
                   timed);
    return 1;
}

/*
 * A `time`-like column a callback added left its values in the epochs'
 * durations; per run: values that do not rise every epoch are each epoch's
 * seconds; values that rise to more than twice the second over five epochs or
 * more are a running total (the epochs' times their differences, the last the
 * run's time); rising otherwise (each epoch's or a total cannot be told), or
 * a Unix time (above 1e8), they are not used. Said once each.
 */
static void other_times(struct reader *r)
{
    const struct table *t = r->t;
    int said_total = 0, said_unsure = 0, said_each = 0;

    if (t->other_time_col < 0)
        return;
    if (r->stamps) {
        stamp_times(r);
        return;
    }
    for (size_t k = 0; k < r->src->nruns; k++) {
        struct br_run *run = r->src->runs[k];
        struct br_epoch *e = run->epochs;
        size_t n = run->nepochs, have = 0;
        int rising = 1, unix_time = 0;
        for (size_t i = 0; i < n; i++) {
            have += !isnan(e[i].duration);
            unix_time |= e[i].duration > 1e8;
            rising &= i == 0 || (e[i].duration > e[i - 1].duration);
        }
        if (!have)
            continue;
        if (unix_time && have == n && unix_ends(r, run))
            continue;
        if (unix_time || (rising && n >= 2 && (have < n || n < 5 || e[n - 1].duration <= 2 * e[1].duration))) {
            for (size_t i = 0; i < n; i++)
                e[i].duration = NAN;
            if (!said_unsure++)
                br_source_diag(r->src, BR_WARNING, e[0].line, 1,
                               "column '%.*s' %s: not used as the epochs' times",
                               (int)t->name[t->other_time_col].n, t->name[t->other_time_col].p,
                               unix_time ? "holds Unix times (above 1e8 seconds)"
                                         : "rises every epoch: each epoch's seconds or a "
                                           "running total cannot be told apart");
        } else if (rising && n >= 5) {
            run->runtime_s = e[n - 1].duration;
            for (size_t i = n - 1; i > 0; i--)
                e[i].duration = br_round_us(e[i].duration - e[i - 1].duration);
            if (!said_total++)
                br_source_diag(r->src, BR_NOTE, e[n - 1].line, 1,
                               "column '%.*s' rises every epoch, to %g: a running total of "
                               "seconds, whose differences are the epochs' times and whose "
                               "last value is the time to train",
                               (int)t->name[t->other_time_col].n, t->name[t->other_time_col].p,
                               run->runtime_s);
        } else if (!said_each++) {
            br_source_diag(r->src, BR_NOTE, 1, 1, "column '%.*s' read as each epoch's %s%s",
                           (int)t->name[t->other_time_col].n, t->name[t->other_time_col].p,
                           t->other_time_scale == 60      ? "minutes (times 60: seconds)"
                           : t->other_time_scale == 0.001 ? "milliseconds"
                                                          : "seconds",
                           n > 1 ? " (its values do not rise every epoch)" : "");
        }
    }
}

/*
 * A run that starts again above the file's first epoch number (1, or 0 in a file that
 * counts from 0): a training resumed from an earlier epoch; said once. A run that starts
 * at 1 in a file that counts from 1 is a fresh one.
 */
static void note_resumed(struct reader *r)
{
    int zero_based = counts_from_0(r->t->flavour) || r->saw_zero;
    unsigned line = zero_based ? r->resume_line : r->resume1_line;
    double num = zero_based ? r->resume_num : r->resume1_num;

    if (line)
        br_source_diag(r->src, BR_NOTE, line, 1,
                       "this run starts again at epoch %u, not at the first: a training "
                       "resumed from an earlier epoch (fit(initial_epoch=...), a checkpoint), "
                       "numbered on from there",
                       (unsigned)num + (unsigned)zero_based);
}

/*
 * A table seen to be a row per step only past its head (a first epoch of thousands of
 * steps fills it): its rows were read as epochs, each repeated number starting a run.
 * They are read again as a row per step is from the first: a repeated number is its
 * epoch's next step, a number that goes back starts a run, and the rows' values, being
 * steps', are no epoch's metrics or time.
 */
static void steps_from_runs(struct reader *r)
{
    struct br_source *s = r->src;
    size_t kept = 0;

    r->t->per_step = 1;
    r->first_group = 1;
    r->resume_line = r->resume1_line = 0;
    r->stamps = r->bad_values = 0;
    memset(r->text, 0, sizeof(r->text));
    for (size_t k = 0; k < s->nruns; k++) {
        struct br_run *run = s->runs[k], *into = kept ? s->runs[kept - 1] : NULL;
        unsigned last = into ? into->epochs[into->nepochs - 1].index : 0;
        double num = run->epochs[0].index;

        if (!into || num < last) {
            s->runs[kept++] = run;
            if (into && num > 0 && !r->resume_line) {
                r->resume_line = run->first_line;
                r->resume_num = num;
            }
            if (into && num > 1 && !r->resume1_line) {
                r->resume1_line = run->first_line;
                r->resume1_num = num;
            }
            continue;
        }
        for (size_t i = 0; i < run->nepochs; i++) {
            const struct br_epoch *e = &run->epochs[i];
            if (e->index != into->epochs[into->nepochs - 1].index) {
                br_run_add_epoch(into)->index = e->index;
            } else if (kept == 1 && into->nepochs == 1) {
                r->first_group++;
            }
            into->epochs[into->nepochs - 1].line = e->line;
        }
        br_run_free(run);
    }
    s->nruns = kept;
    for (size_t k = 0; k < s->nruns; k++) {
        struct br_run *run = s->runs[k];
        run->runtime_s = NAN;
        for (size_t i = 0; i < run->nepochs; i++) {
            struct br_epoch *e = &run->epochs[i];
            free(e->metrics);
            e->metrics = NULL;
            e->nmetrics = 0;
            e->duration = e->start = e->end = NAN;
        }
    }
}

/* The training loss of `e` (`loss`, else the first `*loss*` not of validation), or NULL. */
static const struct br_metric *train_loss(const struct br_epoch *e)
{
    const struct br_metric *m = NULL;

    for (size_t i = 0; i < e->nmetrics; i++) {
        const char *n = e->metrics[i].name;
        if (!strcmp(n, "loss"))
            return &e->metrics[i];
        if (!m && strstr(n, "loss") && strncmp(n, "val", 3) && strncmp(n, "test", 4) &&
            strncmp(n, "eval", 4))
            m = &e->metrics[i];
    }
    return m;
}

/*
 * Every row of the file is epoch 0, each a run of one epoch: fit(epochs=1) called in a
 * loop with a CSVLogger(append=True) (a new augmentation of the data each time, the
 * model reloaded from its checkpoint). One training of as many epochs as rows is what
 * that is, unless the loss says the fits began afresh: a later row's training loss back
 * at the first's or above. The first case is read as one run, epochs in the order
 * written; either way a note says which was assumed and why.
 */
static void one_epoch_fits(struct reader *r)
{
    struct br_source *s = r->src;
    struct br_run *first = s->runs[0];
    const struct br_metric *l0, *l;
    unsigned back = 0;

    if (s->nruns < 2 || r->t->merge || r->t->per_step || r->t->implicit ||
        r->t->name_col >= 0)
        return;
    for (size_t k = 0; k < s->nruns; k++)
        if (s->runs[k]->nepochs != 1 || s->runs[k]->epochs[0].index != 0)
            return;
    l0 = train_loss(&first->epochs[0]);
    for (size_t k = 1; l0 && k < s->nruns && !back; k++)
        if ((l = train_loss(&s->runs[k]->epochs[0])) && !(l->value < l0->value))
            back = s->runs[k]->epochs[0].line;
    if (back) {
        br_source_diag(s, BR_NOTE, back, 1,
                       "every row is epoch 0 (%zu rows: fit(epochs=1) appended by a CSVLogger), "
                       "and the loss here is back at the first row's or above: %zu trainings "
                       "of one epoch each, not one", s->nruns, s->nruns);
        return;
    }
    br_source_diag(s, BR_NOTE, first->epochs[0].line, 1,
                   "every row is epoch 0 (%zu rows): fit(epochs=1) called in a loop, a "
                   "CSVLogger(append=True) adding a row each time; %s: read as one training "
                   "of %zu epochs, in the order written", s->nruns,
                   l0 ? "the loss stays below the first row's" :
                        "no loss column to tell it from trainings begun afresh",
                   s->nruns);
    for (size_t k = 1; k < s->nruns; k++) {
        struct br_epoch *e = br_run_add_epoch(first);
        *e = s->runs[k]->epochs[0];
        e->index = (unsigned)k;
        for (size_t i = 0; i < e->nmetrics; i++)       /* the names live in the run's arena */
            e->metrics[i].name = br_arena_strdup(&first->arena, e->metrics[i].name);
        s->runs[k]->nepochs = 0;        /* its metrics are the first run's now */
        br_run_free(s->runs[k]);
    }
    s->nruns = 1;
}

/*
 * Columns of one text on every row and no number (`asset` BTC, `interval` 1d beside the
 * epochs of a forecasting model's table) label the table: a note names them, and they
 * are not counted among the values that are not numbers (a warning), which are the
 * rest's; the first of those is where that warning points.
 */
static void label_columns(struct reader *r)
{
    const struct table *t = r->t;
    size_t labels = 0, first = 0;

    r->first_bad_value = 0;
    for (size_t i = 0; i < t->ncols; i++) {
        const struct text_col *tc = &r->text[i];
        if (!tc->texts)
            continue;
        if (!tc->varied && !tc->numbers && tc->texts > 1) {
            if (!labels++)
                first = i;
            r->bad_values -= tc->texts;
        } else if (!r->first_bad_value || tc->first_line < r->first_bad_value) {
            r->first_bad_value = tc->first_line;
            r->bad_col = i;
        }
    }
    if (labels)
        br_source_diag(r->src, BR_NOTE, r->text[first].first_line, 1,
                       "column '%.*s'%s holds one text on every row ('%.*s'): a label of the "
                       "table, not a metric", (int)t->name[first].n, t->name[first].p,
                       labels == 1 ? "" : labels == 2 ? " (and 1 more)" : " (and more)",
                       (int)(r->text[first].firstn < sizeof(r->text[first].first)
                                 ? r->text[first].firstn : sizeof(r->text[first].first)),
                       r->text[first].first);
}

/* What the file lacked or skipped, said once each. */
static void summarise(struct reader *r)
{
    const struct table *t = r->t;
    size_t nmetric = 0, ntimed = 0, nep = 0, restarts = 0;

    one_epoch_fits(r);
    number_epochs(r);
    other_times(r);
    if (t->implicit)
        br_source_diag(r->src, BR_NOTE, 1, 1, "%s",
                       t->flavour == F_HISTORY
                           ? "no epoch column, Keras History names (loss, val_...): row k is "
                             "epoch k (pd.DataFrame(history.history).to_csv(index=False))"
                           : "no epoch column, names of a training's per-epoch lists "
                             "(train_loss, val_...): row k is epoch k (a DataFrame of them, "
                             "to_csv(index=False))");
    for (size_t i = 0; i < t->ncols; i++)
        nmetric += t->role[i] == R_METRIC;
    if (nmetric > ECSV_MAX_METRICS)
        br_source_diag(r->src, BR_NOTE, 1, 1,
                       "%zu metric columns: only the first %d are kept", nmetric,
                       ECSV_MAX_METRICS);
    if (r->bad_rows > 1)
        br_source_diag(r->src, BR_ERROR, r->first_bad_row, 1,
                       "%zu rows not used in all (the first is this one)", r->bad_rows);
    if (t->per_batch)
        br_source_diag(r->src, BR_NOTE, 1, 1,
                       "a row per batch (column '%.*s'): an epoch's metrics are the means of "
                       "its batches' values", (int)t->name[batch_col(t)].n,
                       t->name[batch_col(t)].p);
    if (r->step_rows)
        br_source_diag(r->src, BR_NOTE, r->first_step_row, 1,
                       "%zu row%s without an epoch (logged by step, as LearningRateMonitor "
                       "does): %s values go to the epoch of the row after%s",
                       r->step_rows, r->step_rows == 1 ? "" : "s",
                       r->step_rows == 1 ? "its" : "their",
                       r->pending.len ? " (the last has none, and is not read)" : "");
    if (t->per_step)
        br_source_diag(r->src, BR_WARNING, 2, 1,
                       "a row per step, not per epoch (the first epoch's number on %zu rows "
                       "in a row, no step column): one epoch per number; the rows' values "
                       "are steps', no epoch's metrics, not used", r->first_group);
    if (r->validate_rows)
        br_source_diag(r->src, BR_NOTE, r->first_validate_row, 1,
                       "%zu row%s of the epoch after the last with that epoch's values to "
                       "the bit (trainer.validate() after training): not an epoch, not read",
                       r->validate_rows, r->validate_rows == 1 ? "" : "s");
    if (r->test_rows)
        br_source_diag(r->src, BR_NOTE, r->first_test_row, 1,
                       "%zu row%s with test metrics only (trainer.test() after training): "
                       "not an epoch, not read", r->test_rows, r->test_rows == 1 ? "" : "s");
    label_columns(r);
    if (r->bad_values)
        br_source_diag(r->src, BR_WARNING, r->first_bad_value, 1,
                       "%zu value%s that %s (the first in column '%.*s'): not used",
                       r->bad_values, r->bad_values == 1 ? "" : "s",
                       r->bad_values == 1 ? "is not a number" : "are not numbers", (int)t->name[r->bad_col].n,
                       t->name[r->bad_col].p);
    for (size_t k = 0; k < r->src->nruns; k++) {
        struct br_run *run = r->src->runs[k];
        for (size_t i = 0; i < run->nepochs; i++) {
            /* (a run's first epoch has no start when the column gave ends: said above) */
            ntimed += !isnan(run->epochs[i].duration) || (r->ends && i == 0);
            nep++;
        }
        restarts += t->time_col >= 0 && run->nepochs &&
                    (t->flavour == F_WANDB ? r->restart_line != 0 : isnan(run->runtime_s));
    }
    if (t->merge && t->flavour != F_WANDB)
        cut_last_epochs(r);     /* W&B's rows are sparse: fewer names say nothing */
    if (t->hf_epoch && !r->cur_whole && r->src->nruns) {
        struct br_run *last = r->src->runs[r->src->nruns - 1];
        struct br_epoch *e = &last->epochs[last->nepochs - 1];
        e->partial = 1;
        br_source_diag(r->src, BR_NOTE, e->line, 1,
                       "no row at the end of epoch %u ('train/epoch' %u.0): the training "
                       "stopped inside it (partial, not in the statistics)", e->index, e->index);
    }
    skipped_epochs(r);
    time_jumps(r);
    slow_epochs(r);
    if (r->src->nruns > 1)
        br_source_diag(r->src, BR_NOTE, r->src->runs[1]->first_line, 1,
                       "epoch numbers start again: %zu runs in this file", r->src->nruns);
    note_resumed(r);
    if (restarts)
        br_source_diag(r->src, BR_NOTE, r->restart_line, 1,
                       "the time column goes back (a resumed training): the epoch after it "
                       "is timed from the restart, and no time to train is given");
    if (t->flavour == F_WANDB)
        br_source_diag(r->src, BR_NOTE, 1, 1,
                       "a W&B run history: '_runtime' (seconds since wandb.init) at the %s less "
                       "that of the epoch before is the epoch's time; the first epoch has none "
                       "(its start is not logged), nor is a time to train",
                       t->hf_epoch ? "first row where 'train/epoch' is whole (the epoch's end; "
                                     "rows inside an epoch time none)"
                                   : "last row of an epoch");
    if (t->epoch_time_col >= 0 && ntimed)
        br_source_diag(r->src, BR_NOTE, 1, 1, "column '%.*s' read as each epoch's seconds",
                       (int)t->name[t->epoch_time_col].n, t->name[t->epoch_time_col].p);
    if (nep && ntimed < nep)
        br_source_diag(r->src, BR_WARNING, ntimed ? 0 : 1, ntimed ? 0 : 1,
                       "%s: %zu of %zu epochs without a time, so no time or energy per "
                       "epoch for them",
                       ntimed ? "epochs with an empty time" :
                       t->time_col >= 0 || t->epoch_time_col >= 0 || t->other_time_col >= 0
                           ? "the time column times none of them"
                       : t->yolo_txt ? "no time in a results.txt (train.py writes epochs and "
                                       "metrics only)"
                                     : "no time column in this file (only epochs and metrics)",
                       nep - ntimed, nep);
}

/*
 * Whether the rows in the head of the file ([p, p+n)) number epochs one by one (3, 4, 5):
 * an `epochs` column that does is a script's epoch number ("Epochs,Train Loss,..."); one
 * that holds a setting (a sweep's table: 50, 50, 100) is none.
 */
static int counts_by_one(const struct table *t, const char *p, size_t n)
{
    const char *end = p + n;
    double prev = -1;
    size_t rows = 0;

    while (p < end && rows < 20) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        struct br_field f[ECSV_MAX_COLS + 1];
        double num;
        if (!nl)
            break;
        if (split(t, p, (size_t)(nl - p), f, ECSV_MAX_COLS) != t->ncols ||
            (num = epoch_number(t, f[t->epoch_col], NULL)) < 0 ||
            (rows && num != prev + 1))
            return 0;
        prev = num;
        rows++;
        p = nl + 1;
    }
    return rows >= 2;
}

/*
 * Whether the rows in the head of the file ([p, p+n)) already show a row per step
 * (step_scan()): then rows are read as steps from the first. A table whose first epoch
 * fills the head is found later, while its rows are read (steps_from_runs()).
 */
static int per_step_rows(const struct table *t, const char *p, size_t n)
{
    const char *end = p + n;
    struct step_scan sc = STEP_SCAN_INIT;

    if (t->merge || t->implicit)
        return 0;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        struct br_field f[ECSV_MAX_COLS + 1];
        size_t nf;
        double num;
        if (!nl)
            break;          /* a line the head cut */
        nf = split(t, p, (size_t)(nl - p), f, ECSV_MAX_COLS);
        p = nl + 1;
        if (nf != t->ncols || (num = epoch_number(t, f[t->epoch_col], NULL)) < 0)
            continue;
        if (step_scan(&sc, num))
            return 1;
    }
    return 0;
}

/* The value of metric `name` of `e`, NaN when it has none. */
static double metric_of(const struct br_epoch *e, const char *name)
{
    for (size_t i = 0; i < e->nmetrics; i++)
        if (!strcmp(e->metrics[i].name, name))
            return e->metrics[i].value;
    return NAN;
}

/*
 * Ultralytics' fitness of epoch `e`, the figure its early stop watches (Metric.fitness()):
 * 0.1 mAP50 + 0.9 mAP50-95 of the boxes (B), plus the same of the masks (M, segment) or of
 * the keypoints (P, pose) where the table has them. NaN without the boxes' pair (a
 * classify run's accuracy_top1, YOLOv5's mAP_0.5) or with half of a pair.
 */
static double yolo_fitness(const struct br_epoch *e)
{
    static const char *const maps[][2] = {
        { "metrics/mAP50(B)", "metrics/mAP50-95(B)" },
        { "metrics/mAP50(M)", "metrics/mAP50-95(M)" },
        { "metrics/mAP50(P)", "metrics/mAP50-95(P)" },
    };
    double sum = 0;

    for (size_t k = 0; k < sizeof(maps) / sizeof(maps[0]); k++) {
        double m50 = metric_of(e, maps[k][0]), m95 = metric_of(e, maps[k][1]);
        if (k && isnan(m50) && isnan(m95))
            continue;
        sum += 0.1 * m50 + 0.9 * m95;
    }
    return sum;
}

/* results.csv prints 5 significant digits ('%.5g'; 6 in 8.3): fitnesses closer than this
 * fraction of theirs may be one */
#define FITNESS_TIE 1e-4

/*
 * Whether Ultralytics' early stop (EarlyStopping) could have ended `run`, a table of epochs
 * 1 to n, after its last epoch: 1 it could, 0 it could not, -1 the table cannot tell (no
 * fitness, epochs missing). It stops at epoch n when none of the last `patience` epochs
 * beat the best fitness before them (a tie within the printed digits is no beating);
 * `patience` 0 turns it off, and `patience` n or more leaves it no time.
 * For a YOLOv8 run cut at epoch 91 of 100 (patience 50, the best fitness at epoch 90),
 * reported ok before. On 0 with 0 < `patience` < n, *better is the index of an epoch of
 * the last `patience` that beat them.
 */
static int early_stop_could_end(const struct br_run *run, long patience, size_t *better)
{
    size_t n = run->nepochs;
    double best = -INFINITY;

    if (patience <= 0 || (size_t)patience >= n)
        return 0;
    for (size_t i = 0; i < n; i++) {
        const struct br_epoch *e = &run->epochs[i];
        double f = yolo_fitness(e);
        if (isnan(f) || e->index != i + 1)
            return -1;
        if (i < n - (size_t)patience) {
            best = f > best ? f : best;
        } else if (f > best * (1 + FITNESS_TIE)) {
            *better = i;
            return 0;
        }
    }
    return 1;
}

/* The run's batch size from Ultralytics' args.yaml (`batch: 16`; none for AutoBatch). */
static void batch_from_args(struct br_run *run, const struct br_run_args *a)
{
    char num[24];

    if (a->batch < 1)
        return;
    snprintf(num, sizeof(num), "%ld", a->batch);
    br_label_set(run, &run->batch, num, BR_LABEL_LOG);
}

/*
 * Whether something other than the plan's count may have ended a table of `n` of its
 * `planned` epochs: a time budget (time:), or Ultralytics' early stop (patience:) as its
 * fitness allows (early_stop_could_end(); a note says which). 0: none could, and a note
 * says why where the arguments (patience: 0) or the fitness show it.
 */
static int ended_early(struct br_source *src, const struct br_run *run,
                       const struct br_run_args *a, long planned)
{
    size_t n = run->nepochs, better = 0;
    unsigned last = run->epochs[n - 1].line;
    int could = a->patience < 0 ? 0 : early_stop_could_end(run, a->patience, &better);

    if (a->time_budget || could) {
        br_source_diag(src, BR_NOTE, last, 1, "%zu of the %ld epochs %s plans: %s may have "
                       "ended it early%s", n, planned, a->file,
                       a->time_budget ? "its time budget (time:)" : "an early stop (patience:)",
                       !a->time_budget && could < 0
                           ? " (no mAP50 and mAP50-95 in the table to tell its fitness)" : "");
        return 1;
    }
    if (a->patience == 0)
        br_source_diag(src, BR_NOTE, last, 1, "%s says patience: 0, which turns the early stop "
                       "off", a->file);
    else if (a->patience > 0 && (size_t)a->patience < n)
        br_source_diag(src, BR_NOTE, run->epochs[better].line, 1,
                       "epoch %u's fitness (0.1 mAP50 + 0.9 mAP50-95) %.5g is above that of "
                       "every epoch before the last %ld: no early stop (patience: %ld) ended it",
                       run->epochs[better].index, yolo_fitness(&run->epochs[better]),
                       a->patience, a->patience);
    return 0;
}

/*
 * A results.csv (Ultralytics, YOLOv5) or timm summary.csv whose run directory holds the
 * run's arguments (args.yaml, YOLOv5's opt.yaml): the last run's plan, and Ultralytics'
 * batch size. A table with fewer epochs than planned stopped short, unless something
 * other than the count may have ended it (ended_early()): interrupted after its last row.
 * Nothing to do without such a file.
 */
static void plan_from_args(struct br_source *src, enum flavour fl)
{
    struct br_run_args a;
    struct br_run *run;
    long planned;
    size_t n;

    if (!src->nruns || !src->path ||
        !(fl == F_ULTRALYTICS || fl == F_YOLOV5 || fl == F_TIMM) ||
        !(br_run_args_read(src->path, "args.yaml", &a) ||
          (fl == F_YOLOV5 && br_run_args_read(src->path, "opt.yaml", &a))))
        return;
    run = src->runs[src->nruns - 1];
    if (fl == F_ULTRALYTICS)
        batch_from_args(run, &a);
    n = run->nepochs;
    planned = fl == F_TIMM ? br_run_args_timm_epochs(&a) : a.epochs;
    if (planned <= 0 || !n || planned > ECSV_MAX_EPOCHS || (size_t)planned < n)
        return;
    for (size_t i = 0; i < n; i++)
        run->epochs[i].of = (unsigned)planned;
    if ((size_t)planned == n || run->status != BR_RUN_OK)
        return;
    if (fl != F_TIMM && ended_early(src, run, &a, planned))
        return;
    run->status = BR_RUN_DNF;
    run->reason = br_arena_printf(&run->arena, "interrupted after epoch %zu of %ld (%s)", n,
                                  planned, a.file);
    run->reason_line = run->epochs[n - 1].line;
}

/*
 * A results.txt's plan, from its rows' `N/M` (M + 1 epochs, the same on every row): a run
 * that ends short of it was interrupted after its last row (no early stop in the train.py
 * that writes it). Runs that start again, or rows that differ on M, say nothing here.
 */
static void plan_from_rows(struct reader *r)
{
    struct br_run *run;
    size_t n;

    if (!r->t->yolo_txt || r->yolo_last < 0 || r->src->nruns != 1)
        return;
    run = r->src->runs[0];
    n = run->nepochs;
    for (size_t i = 0; i < n; i++)
        run->epochs[i].of = (unsigned)(r->yolo_last + 1);
    if (!n || run->epochs[n - 1].index >= (unsigned)(r->yolo_last + 1) ||
        run->status != BR_RUN_OK)
        return;
    run->status = BR_RUN_DNF;
    run->reason = br_arena_printf(&run->arena, "interrupted after epoch %u of %ld",
                                  run->epochs[n - 1].index, r->yolo_last + 1);
    run->reason_line = run->epochs[n - 1].line;
}

static int epochcsv_parse(struct br_lines *in, struct br_source *src,
                          const struct br_parse_opts *o)
{
    static const struct table blank;
    struct table *t = br_xmalloc(sizeof(*t));
    struct reader r = { .src = src, .t = t, .scan = STEP_SCAN_INIT, .yolo_last = -1 };
    struct br_buf why = BR_BUF_INIT;
    const char *line;
    size_t len;
    int got, rc = 0;

    *t = blank;
    t->beside_power = o && o->beside_power;
    if ((got = br_lines_next(in, &line, &len)) <= 0 || read_header(t, line, len, &why) < 0) {
        br_source_diag(src, BR_ERROR, 1, 1, "%s",
                       got < 0 ? "read error" : got == 0 ? "empty file" : why.buf);
        rc = -1;
        goto out;
    }
    if (t->yolo_txt)
        row(&r, line, len, in->lineno);     /* no header: line 1 is a row */
    {
        const char *head;
        size_t hn;
        br_lines_peek(in, &head, &hn);
        if (t->plural && !counts_by_one(t, head, hn)) {
            br_source_diag(src, BR_ERROR, 2, 1, "the 'epochs' column does not count the rows "
                           "one by one: a setting (a sweep's table), not an epoch number");
            rc = -1;
            goto out;
        }
        t->per_step = per_step_rows(t, head, hn);
    }
    while (!r.stopped && (got = br_lines_next(in, &line, &len)) > 0) {
        size_t k = 0;
        while (k < len && (line[k] == ' ' || line[k] == '\t' || line[k] == '\r'))
            k++;
        if (k < len)
            row(&r, line, len, in->lineno);
    }
    if (got < 0)
        br_source_diag(src, BR_ERROR, in->lineno, 1, "read error");
    if (r.late_step)
        steps_from_runs(&r);
    if (!r.nepochs) {
        if (r.test_rows)
            br_source_diag(src, BR_ERROR, r.first_test_row, 1,
                           "%s with test metrics only (trainer.test()): no training epochs",
                           flavour_what[t->flavour]);
        else
            br_source_diag(src, BR_ERROR, in->lineno, 1, "%s with no epoch rows",
                           flavour_what[t->flavour]);
        rc = -1;
        goto out;
    }
    summarise(&r);
    plan_from_rows(&r);
    plan_from_args(src, t->flavour);
    if (t->power_cols && !t->beside_power)
        br_source_diag(src, BR_NOTE, 1, 1,
                       "%zu column%s of each epoch's mean power not read: a figure over the "
                       "whole epoch, no power over time (record a power log beside the run)",
                       t->power_cols, t->power_cols == 1 ? "" : "s");
    if (t->beside_power)
        br_source_diag(src, BR_NOTE, 1, 1,
                       "also %s: its epochs from column '%.*s', the %zu power column%s a trace "
                       "on the same clock%s", flavour_what[t->flavour],
                       (int)t->name[t->epoch_col].n, t->name[t->epoch_col].p, t->power_cols,
                       t->power_cols == 1 ? "" : "s",
                       r.power_rows ? "; rows with no epoch number are power readings only" : "");
out:
    br_buf_release(&why);
    br_buf_release(&r.pending);
    br_buf_release(&r.run_name);
    free(t);
    return rc;
}

static int epochcsv_sniff(const char *head, size_t n, const struct br_parse_opts *o,
                          struct br_buf *why)
{
    static const struct table blank;
    struct table *t = br_xmalloc(sizeof(*t));
    struct br_field f[ECSV_MAX_COLS + 1];
    const char *nl = memchr(head, '\n', n), *row, *end;
    size_t rows = 0, good = 0;
    int score = 0;

    *t = blank;
    t->beside_power = o && o->beside_power;
    if (read_header(t, head, nl ? (size_t)(nl - head) : n, why) < 0)
        goto out;
    /* the rows in the head: the same number of fields, a whole epoch number */
    for (row = nl ? nl + 1 : head + n; row < head + n && rows < 20; row = end + 1) {
        size_t nf;
        end = memchr(row, '\n', (size_t)(head + n - row));
        if (!end)
            break;          /* a row cut by the end of the head is not judged */
        nf = split(t, row, (size_t)(end - row), f, ECSV_MAX_COLS);
        rows++;
        if (t->implicit) {
            double v;
            good += nf == t->ncols && num(t, f[0], &v) == f[0].n;
            continue;
        }
        good += nf == t->ncols && (epoch_number(t, f[t->epoch_col], NULL) >= 0 ||
                                   field_is(f[t->epoch_col], "epoch") ||
                                   (t->merge && !f[t->epoch_col].n));   /* a step's row */
    }
    if (rows && good * 2 < rows) {
        br_buf_addstr(why, "; but its rows have no whole epoch numbers (Unix times?)");
        score = 30;     /* close, for inspect -v: an epoch table's header */
        goto out;
    }
    row = nl ? nl + 1 : head + n;
    if (t->plural && !counts_by_one(t, row, (size_t)(head + n - row))) {
        br_buf_addstr(why, "; but its 'epochs' column does not count the rows one by one");
        score = 30;
        goto out;
    }
    score = t->flavour == F_OTHER ? 70 : 90;
out:
    free(t);
    return score;
}

const struct br_parser br_parser_epochcsv = {
    .name = "epochcsv",
    .what = "per-epoch CSV tables: Keras CSVLogger, Lightning metrics.csv, Ultralytics/YOLOv5 "
            "results.csv, timm summary.csv (epochs and metrics; times where the file has them)",
    .sniff = epochcsv_sniff,
    .parse = epochcsv_parse,
};
