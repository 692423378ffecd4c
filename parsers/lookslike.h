#ifndef BR_LOOKSLIKE_H
#define BR_LOOKSLIKE_H
/*
 * What the head of a file that no reader took looks like: one line (JSON,
 * CSV with N columns, source code, text with how many lines mention an
 * epoch or carry a time: "12 s", "(ms): 17547.6"), appended to `out`, for
 * inspect -v. A head of BR_LINES_CHUNK bytes or more is taken for the first
 * chunk of a longer file, and the counts say "in the first 64 KiB (the rest
 * not read)"; past 2000 lines they say they are of the first 2000.
 */
#include <stddef.h>

#include "model/buf.h"

void br_looks_like(const char *head, size_t n, struct br_buf *out);

/*
 * Whether the text at p (at '{' or '[') starts a JSON document: an object's
 * first key or its end, an array's first value or its end; a logger's
 * "[09/02 02:36:56 d2.engine]" or "[INFO]" is none.
 */
int br_starts_json(const char *p, const char *end);

/*
 * Whether the line p[0..n) carries a number followed by W, mW or Watts ("126 W",
 * "1/250 W", "45.2W", "5120 mW", "220 Watts"): a power reading in some logger's
 * own words.
 */
int br_has_watts(const char *p, size_t n);

/*
 * Whether the column name p[0..n) names a model's metric: it starts with "val_", or
 * one of its words (between '_', '-', '/', '.', '(' , ')' and blanks) is loss, mae,
 * mse, rmse, mape, smape, acc, accuracy, auc, r2 or f1 ("power_loss",
 * "val_power_mae": a model that predicts power, in a Keras CSVLogger), never a
 * reading in watts.
 */
int br_metric_name(const char *p, size_t n);
/*
 * Whether the head is a Git LFS pointer ("version https://git-lfs.github.com/
 * spec/v1", then the oid and size): what a clone without git-lfs holds in
 * place of a large file, recordings and logs among them.
 */
int br_lfs_pointer(const char *head, size_t n);

/*
 * What a log that no reader can time is, by a line only it prints: one of a
 * framework that counts steps or rounds, not epochs ("a TensorFlow Estimator log
 * (global_step/sec): ...", LightGBM, XGBoost, a leave-one-out cross-validation's
 * folds, detectron2's metrics.json, MMEngine's scalars.json, Megatron-LM,
 * modded-nanogpt, MLX-LM, Caffe), an OpenMMLab test run's log (Epoch(test) lines
 * and no Epoch(train) line), a Paddle log of processes killed by SIGTERM, or a
 * Lightning log whose epoch bars were not kept; NULL when `head` shows none.
 */
const char *br_step_log(const char *head, size_t n);

/*
 * The same words appended to `out`, and for the kinds whose lines show it (an
 * iteration-based OpenMMLab log, Megatron-LM, modded-nanogpt, MLX-LM, Caffe, a test
 * run's OpenMMLab log, a Paddle log of killed processes) the file's own first such
 * line: "; line 918: 'Iter(train) [100/800]  lr: ...'", cut at 72 bytes. Returns
 * the quoted line's number, 1 when none is quoted, 0 (and appends nothing) when
 * `head` shows no such log.
 */
unsigned br_step_log_say(const char *head, size_t n, struct br_buf *out);

/*
 * The training-log format that reads the framework's other file when
 * br_step_log names one of these ("detectron2": its log.txt; "lightning":
 * its bars), for inspect -v's closest reader; NULL otherwise.
 */
const char *br_step_log_reader(const char *head, size_t n);

/*
 * What a file that is no recording at all says it is by its head: a script
 * (line 1 starts with '#!'), a JSON document (of no layout a reader took), or
 * Python source (two top-level import, from ... import, def, class or
 * `if __name__` lines among the first 200, none inside a Traceback: its frames'
 * source lines, cut by a wrapped console), with what to do instead; NULL
 * otherwise. Only for a file that no reader took. A training script beside its logs is the usual one.
 */
const char *br_not_recording(const char *head, size_t n);

/*
 * What a power tool's text that no reader takes is, by a line only it prints
 * (ipmitool's dcmi reading, powerstat's table, a pyJoules CSV, the Power Draw
 * lines grep kept of nvidia-smi -q reports), with what to record instead;
 * NULL when `head` shows none.
 */
const char *br_power_tool(const char *head, size_t n);

/* What to say of one. */
#define BR_LFS_POINTER_MSG                                                                  \
    "a Git LFS pointer, not the file it stands for: fetch the file (git lfs pull) and "     \
    "read that"


/*
 * What to say of a ZIP archive ("PK\3\4"): a spreadsheet (.xlsx, .numbers)
 * saved under a name that says CSV, or a zipped log.
 */
#define BR_ZIP_MSG                                                                          \
    "a ZIP archive (a spreadsheet such as .xlsx or .numbers, or a zipped log, under "      \
    "another name), not text: export or unzip it first"

#endif
