/*
 * summary.c: figures already summarised, one row per device and workload,
 * as papers and READMEs give them (and as the seeds' tables were made):
 *     device,model,batch,epoch_min
 *     A6000,resnet50,64,0.49
 *     M1 Pro,resnet50,64,6.75
 * Read with libcsv (quoted fields, hand-written files). The header names the
 * columns: device and one epoch time (epoch_s, epoch_min or epoch_ms) are
 * required; model, batch, power_w, energy_j (per epoch), status and reason
 * are optional. Each row is a run with one epoch: a single figure, so the
 * analysis gives it no interval. A line 1 that opens with '{' (in colour or not)
 * is a dictionary, never this header, whatever words it holds (MindSpore
 * model_zoo's train.py prints its options' help so: "{'device_target': ...,
 * 'epoch_size': ...}").
 *
 * Two tables of a benchmark script, one file per device (the device in the
 * file name, the label pass's), a row per batch size, with no device column:
 *     batch_size,avg_time_per_epoch      (mrdbourke/mac-ml-speed-test's
 *     16,52.24963461775333                results_pytorch_cv, _tensorflow_cv)
 * avg_time_per_epoch is the seconds of the whole training divided by its
 * epochs (timeit's default_timer): each row is one epoch of that mean, a share
 * of a time to train (shared), and a note says the file counts no epochs.
 *     train_runtime,train_samples_per_second,train_steps_per_second,
 *     train_loss,epoch,batch_size,total_flos    (its results_pytorch_nlp)
 * is a Hugging Face trainer.train()'s metrics per row: `epoch` the epochs
 * trained (3.0), train_runtime their seconds, shared out evenly as the
 * hfstate reader does (no epoch's own time), and the run's time to train.
 * A fractional epoch (a max_steps stop) is no count of epochs: the row is an
 * error. train_loss, a mean over the whole training, is no epoch's metric.
 * `batch_size` names the batch column in both. A row whose time is FAILED
 * (what the script writes when a training raised an error, "FAILED,FAILED,
 * ...,512,FAILED") is a run that did not finish, with no epochs.
 */
#include <csv.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model/alloc.h"
#include "model/fields.h"
#include "model/num.h"
#include "model/timefmt.h"
#include "parsers/parser.h"
#include "model/banned.h"

enum { S_DEVICE, S_MODEL, S_BATCH, S_EPOCH_S, S_EPOCH_MIN, S_EPOCH_MS, S_EPOCH_AVG, S_POWER,
       S_ENERGY, S_STATUS, S_REASON, S_RUNTIME, S_EPOCHS, S_N };
static const char *const names[S_N] = { "device",   "model",         "batch",    "epoch_s",
                                        "epoch_min", "epoch_ms",     "avg_time_per_epoch",
                                        "power_w",  "energy_j",      "status",   "reason",
                                        "train_runtime", "epoch" };
#define SUMMARY_MAX_FIELD 256
#define SUMMARY_MAX_EPOCHS 100000   /* a Trainer's epochs trained, shared out one by one */

struct reader {
    struct br_source *src;
    int col[S_N];
    int field, header_done, failed, rows;
    int trainer;            /* a Trainer's train() metrics per row (train_runtime, epoch) */
    unsigned line;          /* the line the record just read started on */
    unsigned cur, start;    /* the line being read; where the current record started */
    char val[S_N][SUMMARY_MAX_FIELD];
    int have[S_N];
};

/* Whether the header's name [p, p + n) names column k (`batch_size` is `batch`). */
static int names_col(int k, const char *p, size_t n)
{
    if (k == S_BATCH && n == 10 && !strncasecmp(p, "batch_size", n))
        return 1;
    return strlen(names[k]) == n && !strncasecmp(names[k], p, n);
}

static void on_field(void *s, size_t n, void *data)
{
    struct reader *r = data;
    const char *p = s ? s : "";

    if (!r->start)
        r->start = r->cur;
    while (n && *p == ' ') {
        p++;
        n--;
    }
    while (n && p[n - 1] == ' ')
        n--;
    for (int k = 0; k < S_N; k++) {
        if (!r->header_done) {
            if (names_col(k, p, n))
                r->col[k] = r->field;
        } else if (r->col[k] == r->field && n < SUMMARY_MAX_FIELD) {
            memcpy(r->val[k], p, n);
            r->val[k][n] = '\0';
            r->have[k] = n > 0;
        }
    }
    r->field++;
}

static int number(struct reader *r, int k, double *v)
{
    size_t n = strlen(r->val[k]);
    return r->have[k] && br_num_parse(r->val[k], r->val[k] + n, v) == n;
}

/* A run for the row just read, labelled from its device, model and batch cells. */
static struct br_run *new_run(struct reader *r)
{
    struct br_run *run = br_source_new_run(r->src);

    run->first_line = r->line;
    run->summary = 1;
    if (r->have[S_DEVICE])
        br_label_set(run, &run->device, r->val[S_DEVICE], BR_LABEL_MANIFEST);
    if (r->have[S_MODEL])
        br_label_set(run, &run->model, r->val[S_MODEL], BR_LABEL_MANIFEST);
    if (r->have[S_BATCH])
        br_label_set(run, &run->batch, r->val[S_BATCH], BR_LABEL_MANIFEST);
    r->rows++;
    return run;
}

/* Sets the run as one that did not finish, for `why`, shown by the row's line. */
static void dnf(struct reader *r, struct br_run *run, const char *why)
{
    run->status = BR_RUN_DNF;
    run->reason = br_arena_strdup(&run->arena, why);
    run->reason_line = r->line;
}

/* The time column of the table: its first epoch time with a cell in this row, or -1. */
static int time_col(const struct reader *r)
{
    if (r->trainer)
        return r->have[S_RUNTIME] ? S_RUNTIME : -1;
    for (int k = S_EPOCH_S; k <= S_EPOCH_AVG; k++)
        if (r->have[k])
            return k;
    return -1;
}

/* A Trainer's row: `epoch` whole epochs sharing train_runtime, the run's time to train. */
static void trainer_row(struct reader *r)
{
    struct br_run *run;
    double t, n;

    if (!number(r, S_RUNTIME, &t) || !(t >= 0)) {
        br_source_diag(r->src, BR_ERROR, r->line, 1,
                       "train_runtime '%s' is not a number of seconds", r->val[S_RUNTIME]);
        return;
    }
    if (!number(r, S_EPOCHS, &n) || !(n >= 1 && n <= SUMMARY_MAX_EPOCHS) || floor(n) != n) {
        br_source_diag(r->src, BR_ERROR, r->line, 1,
                       "epoch '%s' is no whole number of epochs trained: how train_runtime "
                       "divides among them is not known, row not used",
                       r->val[S_EPOCHS]);
        return;
    }
    run = new_run(r);
    run->runtime_s = t;
    for (unsigned i = 1; i <= (unsigned)n; i++) {
        struct br_epoch *e = br_run_add_epoch(run);
        e->index = i;
        e->duration = br_round_us(t / n);
        e->shared = 1;
        e->line = r->line;
    }
}

static void row(struct reader *r)
{
    static const double scale[4] = { 1, 60, 1e-3, 1 };
    struct br_run *run;
    struct br_epoch *e;
    double t = NAN, v;
    int k = time_col(r);

    if (r->col[S_DEVICE] >= 0 && !r->have[S_DEVICE]) {
        br_source_diag(r->src, BR_ERROR, r->line, 1, "row has no device");
        return;
    }
    if (k >= 0 && !strcmp(r->val[k], "FAILED")) {
        dnf(r, new_run(r), "the row says FAILED");
        return;
    }
    if (r->trainer && k >= 0) {
        trainer_row(r);
        return;
    }
    if (k >= 0 && !number(r, k, &t)) {
        br_source_diag(r->src, BR_ERROR, r->line, 1, "%s '%s' is not a number", names[k],
                       r->val[k]);
        return;
    }
    run = new_run(r);
    if ((r->have[S_STATUS] && strcasecmp(r->val[S_STATUS], "ok")) || k < 0)
        dnf(r, run, r->have[S_REASON] ? r->val[S_REASON]
                    : r->have[S_STATUS] ? r->val[S_STATUS]
                                        : "no epoch time");
    if (k < 0)
        return;
    e = br_run_add_epoch(run);
    e->index = 1;
    e->duration = t * scale[k - S_EPOCH_S];
    e->shared = k == S_EPOCH_AVG;
    e->line = r->line;
    if (number(r, S_POWER, &v))
        br_epoch_set_metric(run, e, "power_w", 7, v);
    if (number(r, S_ENERGY, &v))
        br_epoch_set_metric(run, e, "energy_j", 8, v);
}

/*
 * Checks the header just read: a device column and an epoch time, or a benchmark script's
 * per-device table (a batch column and avg_time_per_epoch, or a Trainer's train_runtime and
 * epoch). Returns 0, or -1 with an error. Notes what a script's table's times are.
 */
static int header(struct reader *r)
{
    static const char avg_note[] =
        "avg_time_per_epoch: each row's seconds of training over its epochs, whose count the "
        "file does not give: one epoch of that mean per run, a share of a time to train the "
        "file does not give either";
    static const char trainer_note[] =
        "a Trainer's train() metrics per row: 'epoch' is the epochs trained and train_runtime "
        "their time, shared out evenly (no epoch's own)";
    int epoch_time = 0, script;

    for (int k = S_EPOCH_S; k <= S_EPOCH_AVG; k++)
        epoch_time |= r->col[k] >= 0;
    r->trainer = !epoch_time && r->col[S_RUNTIME] >= 0 && r->col[S_EPOCHS] >= 0;
    /* a script's table of one device: the device is the file name's */
    script = r->col[S_BATCH] >= 0 && (r->col[S_EPOCH_AVG] >= 0 || r->trainer);
    if (!(epoch_time || r->trainer) || (r->col[S_DEVICE] < 0 && !script)) {
        br_source_diag(r->src, BR_ERROR, r->line, 1,
                       "a summary needs a 'device' column and 'epoch_s', 'epoch_min' or "
                       "'epoch_ms' (or 'batch_size' and 'avg_time_per_epoch', or "
                       "train_runtime and epoch)");
        return -1;
    }
    if (r->col[S_EPOCH_AVG] >= 0 || r->trainer)
        br_source_diag(r->src, BR_NOTE, r->line, 1, "%s", r->trainer ? trainer_note : avg_note);
    return 0;
}

static void on_record(int c, void *data)
{
    struct reader *r = data;

    (void)c;
    /* a lone '\r' ends a CSV record but not a line: diagnostics name lines */
    r->line = r->start ? r->start : r->cur;
    r->start = 0;
    r->field = 0;
    if (!r->header_done) {
        r->header_done = 1;
        r->failed = header(r) < 0;
        return;
    }
    if (!r->failed)
        row(r);
    memset(r->have, 0, sizeof(r->have));
}

static int summary_parse(struct br_lines *in, struct br_source *src,
                         const struct br_parse_opts *o)
{
    struct reader r = { .src = src };
    struct csv_parser p;
    const char *line;
    size_t len;

    (void)o;
    for (int k = 0; k < S_N; k++)
        r.col[k] = -1;
    if (csv_init(&p, CSV_APPEND_NULL | CSV_EMPTY_IS_NULL) != 0) {
        br_source_diag(src, BR_ERROR, 0, 0, "cannot start the CSV reader");
        return -1;
    }
    while (br_lines_next(in, &line, &len) > 0 && !r.failed) {
        r.cur = in->lineno;
        if (csv_parse(&p, line, len, on_field, on_record, &r) != len ||
            csv_parse(&p, "\n", 1, on_field, on_record, &r) != 1) {
            br_source_diag(src, BR_ERROR, in->lineno, 1, "%s", csv_strerror(csv_error(&p)));
            break;
        }
    }
    csv_fini(&p, on_field, on_record, &r);
    csv_free(&p);
    if (!r.failed && r.rows == 0)
        br_source_diag(src, BR_ERROR, in->lineno, 1, "summary has no rows");
    return r.rows ? 0 : -1;
}

/* Whether line 1 opens with '{', past the colour codes a console may put before it. */
static int dict_line(const char *p, const char *end)
{
    while (end - p >= 2 && p[0] == '\033' && p[1] == '[') {
        for (p += 2; p < end && !((*p | 0x20) >= 'a' && (*p | 0x20) <= 'z'); p++)
            ;
        p += p < end;
    }
    return p < end && *p == '{';
}

/*
 * Whether the header [p, p + len) is a benchmark script's table of one device: a
 * batch_size column and avg_time_per_epoch, or a Trainer's train_runtime and epoch
 * (mrdbourke/mac-ml-speed-test's results_*_cv and results_pytorch_nlp). Not a log_history
 * saved as CSV (loss, learning_rate or step columns: the hfstate reader's).
 */
static int script_table(const char *p, size_t len)
{
    struct br_field f[32];
    size_t nf = br_split_sep(p, len, ',', f, 32);
    int batch = 0, avg = 0, runtime = 0, epoch = 0, log = 0;

    for (size_t i = 0; i < nf && i < 32; i++) {
        batch |= names_col(S_BATCH, f[i].p, f[i].n);
        avg |= names_col(S_EPOCH_AVG, f[i].p, f[i].n);
        runtime |= names_col(S_RUNTIME, f[i].p, f[i].n);
        epoch |= names_col(S_EPOCHS, f[i].p, f[i].n);
        log |= (f[i].n == 4 && !strncmp(f[i].p, "loss", 4)) ||
               (f[i].n == 4 && !strncmp(f[i].p, "step", 4)) ||
               (f[i].n == 13 && !strncmp(f[i].p, "learning_rate", 13));
    }
    return batch && (avg || (runtime && epoch && !log));
}

static int summary_sniff(const char *head, size_t n, const struct br_parse_opts *o,
                         struct br_buf *why)
{
    const char *nl = memchr(head, '\n', n);
    size_t len = nl ? (size_t)(nl - head) : n;

    (void)o;
    /* MindSpore model_zoo's train.py prints its options' help as a Python dict on line 1
     * ("{'enable_modelarts': ..., 'device_target': ..., 'epoch_size': ...}"): no header */
    if (dict_line(head, head + len)) {
        br_buf_addstr(why, "line 1 is a dictionary, not a CSV header");
        return 0;
    }
    if (memmem(head, len, "device", 6) &&
        (memmem(head, len, "epoch_s", 7) || memmem(head, len, "epoch_min", 9) ||
         memmem(head, len, "epoch_ms", 8))) {
        br_buf_addstr(why, "header names device and an epoch time");
        return 90;
    }
    if (script_table(head, len)) {
        br_buf_addstr(why, "header names batch_size and avg_time_per_epoch, or a Trainer's "
                           "train_runtime and epoch: a script's table of one device");
        return 90;
    }
    br_buf_addstr(why, "no header with device and epoch_s/epoch_min/epoch_ms");
    return 0;
}

const struct br_parser br_parser_summary = {
    .name = "summary",
    .what = "summarised figures: device,model,batch,epoch_s|epoch_min|epoch_ms[,power_w,energy_j]",
    .sniff = summary_sniff,
    .parse = summary_parse,
};
