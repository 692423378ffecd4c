/*
 * hfstate.c: a Hugging Face Trainer's trainer_state.json, as Trainer writes
 * it into the output directory at the end of training:
 *     {"epoch": 3.0, "global_step": 750, "log_history": [
 *        {"epoch": 1.0, "learning_rate": 1.3e-05, "loss": 0.41, "step": 250},
 *        {"epoch": 1.0, "eval_loss": 0.29, "eval_accuracy": 0.91, "step": 250},
 *        ...
 *        {"epoch": 3.0, "step": 750, "train_runtime": 2331.97, ...}],
 *      "num_train_epochs": 3, "train_batch_size": 8, ...}
 * One run: the epochs actually run (the state's "epoch": a max_steps stop at
 * 12.22 of 13 is 12 whole epochs and a partial 13th; but global_step = max_steps
 * at 2.9908 of 3, max_steps 3 x 67, is 3 whole ones, a note says so: the epoch
 * counts batches and gradient accumulation's rounding leaves the last epoch's
 * leftover ones out, br_run_accum_rounded(); DMalakhov1/PROJECT_LORA's state,
 * Nicolassalvan's 9.99661 of 10), each with the numbers
 * logged during it as metrics (the last value wins), `train_runtime` spread
 * over the epochs run (the state keeps no per-epoch times; the partial one
 * gets its fraction), and `train_batch_size` as the batch label. A
 * checkpoint's state has no train_runtime: its epochs have no times, and a
 * warning says so; with global_step short of max_steps it is an unfinished
 * run (DNF).
 *
 * A dataset without a length (streaming, IterableDataset) trained for
 * max_steps sets num_train_epochs to sys.maxsize; an epoch is then one pass
 * over the data, and the fraction in "epoch" counts steps of max_steps, not
 * of the pass (Trainer divides by max_steps when the pass has no length):
 * 18.0335 of max_steps 15000 at global_step 15000 is 18 passes of 14497
 * steps in all and 503 steps into the 19th. The time is then spread over
 * steps: a whole pass gets its share of the 14497, the partial one 503/15000.
 * A training resumed from a checkpoint of such a run counts its epochs from
 * 0 again (log_history's epoch goes back while its step goes on): each
 * session's epochs follow the one before's (the pass a session stopped in
 * is partial), and since train_runtime then times the last session only,
 * the epochs get no times and the run no time to train (a warning says so).
 * A resume that kept counting epochs shows in train_loss: train() divides
 * the losses of its own session by global_step, so a train_loss under 3/4
 * of the logged losses' mean over the steps counts a part of the training
 * only, and train_runtime too: no times then either (a real state gave 8%).
 *
 * The log_history list alone, as scripts save it (json.dump(trainer.state.
 * log_history, f): "[{"loss": 1.24, ..., "epoch": 0.08, "step": 50}, ...]"),
 * is read the same way, without the state's other fields; so is that list
 * saved as CSV (pandas' to_csv, see hfcsv.h), a line of it for each entry.
 *
 * ms-swift's logging.jsonl is the Trainer's logs a JSON line each, then, on its
 * last line, swift's summary object of the run with the Trainer's log_history
 * ({"global_step": 438, "log_history": [...], "last_model_checkpoint": ...}):
 * that line is read as the state (its lines are the file's). Detected by its
 * first line's train_speed(iter/s), epoch and global_step (2.x writes
 * "global_step": 1, 3.x "global_step/max_steps": "1/438"), since the summary
 * of a long run lies past what detection reads; without the summary line (a
 * cut run) it is refused.
 */
#include <math.h>
#include <string.h>

#include "model/buf.h"
#include "model/jsonscan.h"
#include "model/num.h"
#include "model/timefmt.h"
#include "parsers/hfcsv.h"
#include "parsers/parser.h"
#include "model/banned.h"

#define MAX_STATE (64u << 20)   /* a Trainer state is kilobytes; refuse what cannot be one */
#define MAX_EPOCHS 100000

/*
 * The least fraction of an epoch that is a partial one: a step of a pass is
 * 1/steps-per-pass (50 steps of a 99,000-step pass ended at epoch 0.000505,
 * a max_steps stop), while the Trainer's division leaves a whole epoch off by
 * 1e-15 at most.
 */
#define PART_MIN 1e-9

#define MAX_SESSIONS 256       /* resumes told apart; later ones are read as one session */

struct state {
    struct br_source *src;
    const char *text;
    size_t n;
    unsigned line0;             /* lines of the file before `text` (ms-swift's last line) */
    /* sessions of a resumed training: where each one's epochs start, how far it went */
    size_t nsess;
    double sess_off[MAX_SESSIONS], sess_max[MAX_SESSIONS];
    const char *reset_at;       /* the first entry that counted epochs again */
    double reset_from, reset_to, reset_step;
    /* the logged losses weighted by the steps each one covers, and what train() reported */
    double loss_sum, loss_step, train_loss;
    size_t nloss, loss_odd;
    /* steps of a pass over a dataset without a length (0: epochs are epochs): an entry's
     * pass is its step's, not its epoch's (see read_history()) */
    double pass_len;
};

/* A diagnostic at the line and column of `at` (counted from the start: called a few times). */
static void diag_at(struct state *s, enum br_severity sev, const char *at, const char *msg)
{
    unsigned line = 1 + s->line0, col = 1;
    for (const char *p = s->text; p < at; p++) {
        col = *p == '\n' ? 1 : col + 1;
        line += *p == '\n';
    }
    br_source_diag(s->src, sev, line, col, "%s", msg);
}

static const char *skip_ws(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
        p++;
    return p;
}

static int span_number(struct br_jspan v, double *d)
{
    return v.n && br_num_parse(v.p, v.p + v.n, d) == v.n && isfinite(*d);
}

/* The number at key `key` of the object at [p, p+n), or 0. */
static int get_number(const char *p, size_t n, const char *key, double *d)
{
    struct br_jspan v;
    const char *err;
    size_t pos;
    return br_json_get(p, n, key, &v, &err, &pos) == 1 && span_number(v, d);
}

static int is_summary_key(const char *k, size_t n)
{
    static const char *const keys[] = { "epoch", "step", "total_flos", "train_runtime",
                                        "train_samples_per_second",
                                        "train_steps_per_second", NULL };
    for (size_t i = 0; keys[i]; i++)
        if (strlen(keys[i]) == n && !memcmp(keys[i], k, n))
            return 1;
    return 0;
}

/*
 * Sets every other numeric member of the object at [p, end) as a metric of
 * `e`; a NaN or Infinity (a loss that diverged) is a value too, not skipped
 * in favour of the epoch's last finite one.
 */
static void take_metrics(struct br_run *run, struct br_epoch *e, const char *p, const char *end)
{
    p = skip_ws(p + 1, end);
    while (p < end && *p == '"') {
        size_t kl = br_json_value_len(p, end);
        const char *v;
        size_t vl;
        double d;

        if (!kl)
            return;
        v = skip_ws(p + kl, end);
        if (v >= end || *v != ':')
            return;
        v = skip_ws(v + 1, end);
        if (!(vl = br_json_value_len(v, end)))
            return;
        if (!is_summary_key(p + 1, kl - 2) && br_json_number((struct br_jspan){ v, vl }, &d))
            br_epoch_set_metric(run, e, p + 1, kl - 2, d);
        p = skip_ws(v + vl, end);
        if (p < end && *p == ',')
            p = skip_ws(p + 1, end);
    }
}

/*
 * Whether an entry at epoch `x`, step `step` starts a new session after one at
 * `px`, `pstep`: the epoch went back by a whole epoch or more while the step
 * did not (a resumed training that counted its epochs from 0 again).
 */
static int counts_again(double px, double pstep, double x, double step)
{
    return !isnan(px) && !isnan(pstep) && !isnan(step) && x <= px - 1 && step >= pstep;
}

/* The epoch an entry logged at fractional epoch `x` belongs to (1-based). */
static size_t epoch_of(double x, size_t of)
{
    double k = ceil(x - 1e-9);
    if (k < 1)
        return 1;
    return k > (double)of ? of : (size_t)k;
}

/* Adds an entry's "loss" (the mean over the steps since the one before) to s->loss_sum. */
static void add_loss(struct state *s, const char *p, size_t len, double step)
{
    struct br_jspan v;
    const char *err;
    size_t pos;
    double loss;

    if (br_json_get(p, len, "loss", &v, &err, &pos) != 1)
        return;
    if (!br_json_number(v, &loss) || !isfinite(loss) || isnan(step) || step < s->loss_step) {
        s->loss_odd++;
        return;
    }
    s->loss_sum += loss * (step - s->loss_step);
    s->loss_step = step;
    s->nloss++;
}

/* Reads log_history's entries into the run's epochs. */
static void read_history(struct state *s, struct br_run *run, const char *p, const char *end)
{
    const char *odd = NULL;
    size_t nodd = 0, sess = 0;
    double px = NAN, pstep = NAN;

    p = skip_ws(p + 1, end);
    while (p < end && *p != ']') {
        size_t len = br_json_value_len(p, end), k;
        double x, step;

        if (!len)
            break;
        if (*p != '{') {
            odd = odd ? odd : p;
            nodd++;
        } else if (get_number(p, len, "train_runtime", &x)) {
            run->runtime_s = x;
            if (!get_number(p, len, "train_loss", &s->train_loss))
                s->train_loss = NAN;
        } else if (get_number(p, len, "epoch", &x) && run->nepochs) {
            if (!get_number(p, len, "step", &step))
                step = NAN;
            add_loss(s, p, len, step);
            if (counts_again(px, pstep, x, step) && sess + 1 < s->nsess)
                sess++;
            px = x;
            pstep = step;
            /* epoch 0.0 of a session is its first epoch, not the pass the one before stopped in */
            k = (size_t)s->sess_off[sess] + epoch_of(x, run->nepochs);
            if (s->pass_len > 0 && !isnan(step))
                /* a pass's entries by their step: "epoch" counts steps of max_steps, and
                 * 1.0 (step 550 of 6000) lies 7 steps into the 2nd pass of 543 */
                k = epoch_of(step / s->pass_len, run->nepochs);
            take_metrics(run, &run->epochs[(k > run->nepochs ? run->nepochs : k) - 1], p, p + len);
        }
        p = skip_ws(p + len, end);
        if (p < end && *p == ',')
            p = skip_ws(p + 1, end);
    }
    if (nodd) {
        char msg[80];
        snprintf(msg, sizeof(msg), "%zu log_history entr%s not an object: skipped", nodd,
                 nodd == 1 ? "y is" : "ies are");
        diag_at(s, BR_WARNING, odd, msg);
    }
}

/*
 * Walks the history for its sessions (s->nsess >= 1) and returns the last
 * epoch the last session reached (fractional), or 0.
 */
static double history_epoch(struct state *s, struct br_jspan hist)
{
    double n = 0, x, step, px = NAN, pstep = NAN;
    const char *p = skip_ws(hist.p + 1, hist.p + hist.n), *end = hist.p + hist.n;

    s->nsess = 1;
    s->sess_off[0] = s->sess_max[0] = 0;
    while (p < end && *p != ']') {
        size_t len = br_json_value_len(p, end);
        if (!len)
            break;
        if (*p == '{' && get_number(p, len, "epoch", &x)) {
            if (!get_number(p, len, "step", &step))
                step = NAN;
            if (counts_again(px, pstep, x, step) && s->nsess < MAX_SESSIONS) {
                size_t k = s->nsess++;
                if (!s->reset_at) {
                    s->reset_at = p;
                    s->reset_from = px;
                    s->reset_to = x;
                    s->reset_step = step;
                }
                /* the pass the session stopped in is an epoch of its own */
                s->sess_off[k] = s->sess_off[k - 1] + ceil(s->sess_max[k - 1] - 1e-6);
                s->sess_max[k] = 0;
                n = 0;
            }
            if (x > n)
                n = x;
            if (x > s->sess_max[s->nsess - 1])
                s->sess_max[s->nsess - 1] = x;
            px = x;
            pstep = step;
        }
        p = skip_ws(p + len, end);
        if (p < end && *p == ',')
            p = skip_ws(p + 1, end);
    }
    return n;
}

/*
 * How far the training went, in epochs: the state's own "epoch" (12.22 when
 * max_steps stopped it inside epoch 13), else the history's last, else
 * num_train_epochs. `planned` is num_train_epochs (0 if absent).
 */
static double epochs_run(struct state *s, struct br_jspan hist, double *planned)
{
    double x, last = history_epoch(s, hist);

    if (!get_number(s->text, s->n, "num_train_epochs", planned) || *planned < 1)
        *planned = 0;
    if (get_number(s->text, s->n, "epoch", &x) && x > 0)
        return x;
    if (last > 0)
        return last;
    return s->nsess > 1 ? 0 : *planned;
}

/*
 * The digits of epoch `x` to print: 4, or as many more as keep a fractional
 * epoch from reading as a whole one (9.99963 is not "epoch 10").
 */
static int epoch_digits(double x)
{
    int d = 4;
    char tmp[32];

    while (d < 12 && x != floor(x)) {
        snprintf(tmp, sizeof(tmp), "%.*g", d, x);
        if (strchr(tmp, '.') || strchr(tmp, 'e'))
            break;
        d++;
    }
    return d;
}

/* A checkpoint's state: global_step short of max_steps and no train_runtime. */
static void unfinished(struct state *s, struct br_run *run, double ran, double planned)
{
    double step, max;

    if (!isnan(run->runtime_s) || !get_number(s->text, s->n, "global_step", &step) ||
        !get_number(s->text, s->n, "max_steps", &max) || !(step < max))
        return;
    run->status = BR_RUN_DNF;
    run->reason = br_arena_printf(&run->arena, "unfinished: a checkpoint at step %.0f of %.0f "
                                  "(epoch %.*g of %.4g)", step, max, epoch_digits(ran), ran,
                                  planned);
    run->reason_line = 1;
}

/* Whether epoch i (0-based) is one a session stopped inside, `whole` being the last's whole ones. */
static int stopped_inside(const struct state *s, size_t i, double whole)
{
    size_t k = s->nsess - 1;
    double off = s->sess_off[k], m;

    if ((double)i >= off)
        return (double)i - off >= whole;
    while (k > 0 && (double)i < s->sess_off[k - 1])
        k--;
    m = s->sess_max[k - 1];
    return (double)i == s->sess_off[k] - 1 && m - floor(m + 1e-6) > PART_MIN;
}

/*
 * The steps of the whole passes and of the partial one of a dataset without a
 * length (num_train_epochs sys.maxsize): "epoch"'s fraction counts steps of
 * max_steps. 1 with them, 0 when this is no such state or they do not add up.
 */
static int pass_steps(const struct state *s, double ran, double whole, double planned,
                      double *whole_steps, double *part_steps, double *total)
{
    double max;

    if (planned < 1e9 || !get_number(s->text, s->n, "max_steps", &max) || !(max > 0) ||
        !get_number(s->text, s->n, "global_step", total) || !(*total > 0))
        return 0;
    *part_steps = (ran - whole) * max;
    *whole_steps = *total - *part_steps;
    return *part_steps <= *total && (whole < 1 || *whole_steps > 0);
}

/* Spreads train_runtime over the epochs run: over epochs, or over steps for passes. */
static void spread_runtime(struct state *s, struct br_run *run, double ran, double whole,
                           double planned, const char *at)
{
    double ws, ps, total;
    char msg[BR_DIAG_MSG];

    if (!pass_steps(s, ran, whole, planned, &ws, &ps, &total)) {
        /* the runtime covers the epochs run, `ran` of them, not num_train_epochs */
        for (size_t i = 0; i < run->nepochs; i++) {
            run->epochs[i].duration = br_round_us(run->runtime_s / ran *
                                                  (run->epochs[i].partial ? ran - whole : 1));
            run->epochs[i].shared = 1;
        }
        return;
    }
    for (size_t i = 0; i < run->nepochs; i++) {
        run->epochs[i].duration = br_round_us(run->runtime_s / total *
                                              (run->epochs[i].partial ? ps : ws / whole));
        run->epochs[i].shared = 1;
    }
    snprintf(msg, sizeof(msg), "num_train_epochs %.3g (sys.maxsize: a dataset without a "
             "length): an epoch is a pass over it, and epoch %.6g counts steps of max_steps: "
             "%.0f whole of %.6g steps each and %.6g steps of the next", planned, ran, whole,
             whole > 0 ? ws / whole : 0, ps);
    diag_at(s, BR_NOTE, at, msg);
}

/*
 * Whether train_loss counts only part of the steps: train() divides the
 * losses of its own session by global_step, so after a resume from a
 * checkpoint it falls well below the mean of the logged losses (each the mean
 * over the steps since the one before), and train_runtime times that session
 * only. Then the runtime is not the run's (a warning says so; 1).
 */
static int counts_part(struct state *s, struct br_run *run, const char *at)
{
    double total, mean;
    char msg[BR_DIAG_MSG];

    if (!get_number(s->text, s->n, "global_step", &total) || !(total > 0) || s->nloss < 3 ||
        s->loss_odd || s->loss_step < total / 2 || !(s->train_loss > 0))
        return 0;
    mean = s->loss_sum / s->loss_step;
    if (!(mean > 0) || s->train_loss >= 0.75 * mean * s->loss_step / total)
        return 0;
    snprintf(msg, sizeof(msg), "train_loss %.4g is %.0f%% of the logged losses' mean over the "
             "steps (%.4g): it counts only the last session of a resumed training, and "
             "train_runtime (%.6g s) times that session only: the epochs have no times and the "
             "run no time to train", s->train_loss, 100 * s->train_loss / mean, mean,
             run->runtime_s);
    diag_at(s, BR_WARNING, at, msg);
    run->runtime_s = NAN;
    return 1;
}

/*
 * Whether the state stopped at global_step = max_steps short of num_train_epochs only by
 * gradient accumulation's rounding (br_run_accum_rounded()): its last epoch is complete,
 * with a note. DMalakhov1/PROJECT_LORA's 2.9908 of 3 at 201 of 201 steps.
 */
static int accum_rounded(struct state *s, double ran, double planned, const char *at)
{
    double step, max;
    char msg[BR_DIAG_MSG];

    if (s->nsess != 1 || planned >= 1e9 || !get_number(s->text, s->n, "global_step", &step) ||
        !get_number(s->text, s->n, "max_steps", &max) || step != max ||
        !br_run_accum_rounded(ran, planned, max))
        return 0;
    snprintf(msg, sizeof(msg), "epoch %.*g at global_step = max_steps %.0f, %.0f epochs of "
             "%.0f steps: short of %.0f only by gradient accumulation's rounding, so epoch "
             "%.0f is complete", epoch_digits(ran), ran, max, planned, max / planned, planned,
             planned);
    diag_at(s, BR_NOTE, at, msg);
    return 1;
}

static int build_run(struct state *s, struct br_jspan hist)
{
    double planned, ran = epochs_run(s, hist, &planned), batch, whole, off;
    struct br_run *run;
    char tmp[32], msg[BR_DIAG_MSG];
    size_t n;

    off = s->sess_off[s->nsess - 1];
    if (!(ran > 0) || off + ran > MAX_EPOCHS) {
        diag_at(s, BR_ERROR, hist.p,
                "trainer state with no epochs (num_train_epochs and log_history say none)");
        return -1;
    }
    if (accum_rounded(s, ran, planned, hist.p))
        ran = planned;
    whole = floor(ran + 1e-6);
    /* and a partial one where it stopped */
    n = (size_t)off + (size_t)whole + (ran - whole > PART_MIN);
    run = br_source_new_run(s->src);
    run->first_line = 1 + s->line0;
    br_label_set(run, &run->framework, "transformers", BR_LABEL_LOG);
    if (get_number(s->text, s->n, "train_batch_size", &batch) && batch >= 1 && batch < 1e9) {
        snprintf(tmp, sizeof(tmp), "%.0f", batch);
        br_label_set(run, &run->batch, tmp, BR_LABEL_LOG);
    }
    for (size_t i = 0; i < n; i++) {
        struct br_epoch *e = br_run_add_epoch(run);
        e->index = (unsigned)i + 1;
        e->of = planned >= n && planned <= MAX_EPOCHS ? (unsigned)planned : (unsigned)n;
        e->line = 1 + s->line0;
        e->partial = stopped_inside(s, i, whole);
    }
    {
        double ws, ps, total;
        if (s->nsess == 1 && whole >= 1 && pass_steps(s, ran, whole, planned, &ws, &ps, &total))
            s->pass_len = ws / whole;
    }
    read_history(s, run, hist.p, hist.p + hist.n);
    unfinished(s, run, off + ran, planned);
    if (s->nsess > 1) {
        snprintf(msg, sizeof(msg), "log_history's epoch goes back from %.4g to %.4g at step "
                 "%.0f while the steps go on: a resumed training that counted its epochs "
                 "again (%zu sessions, their epochs one after another)", s->reset_from,
                 s->reset_to, s->reset_step, s->nsess);
        diag_at(s, BR_NOTE, s->reset_at, msg);
    }
    if (isnan(run->runtime_s)) {
        diag_at(s, BR_WARNING, hist.p,
                "no train_runtime in log_history (a checkpoint's state?): the epochs have no "
                "times");
        return 0;
    }
    if (s->nsess > 1) {
        snprintf(msg, sizeof(msg), "train_runtime (%.6g s) times the last of %zu sessions "
                 "only: the epochs have no times and the run no time to train",
                 run->runtime_s, s->nsess);
        diag_at(s, BR_WARNING, hist.p, msg);
        run->runtime_s = NAN;
        return 0;
    }
    if (counts_part(s, run, hist.p))
        return 0;
    spread_runtime(s, run, ran, whole, planned, hist.p);
    return 0;
}

/*
 * ms-swift's logging.jsonl: the Trainer's logs a JSON line each, then, as its last line,
 * swift's summary of the run, an object with the Trainer's log_history ({"global_step":
 * 438, "log_history": [...], "last_model_checkpoint": ...}). When the text at `p` is
 * JSON lines (a one-line object, then another), points s->text at the last line that is
 * such an object, and returns 1; 0 when it is not; -1 (a diag) when no line is one.
 */
static int swift_summary(struct state *s, const char *p)
{
    const char *end = s->text + s->n, *line = NULL;
    size_t len = br_json_value_len(p, end);
    unsigned ln = 0, at = 0;

    /* JSON lines: a one-line object, then another line's (not an object ended early) */
    if (!len || memchr(p, '\n', len) || skip_ws(p + len, end) >= end ||
        *skip_ws(p + len, end) != '{')
        return 0;
    for (const char *q = s->text; q < end; ln++) {
        const char *nl = memchr(q, '\n', (size_t)(end - q));
        const char *e = nl ? nl : end;
        struct br_jspan v;
        const char *err;
        size_t pos;

        if (*q == '{' && br_json_get(q, (size_t)(e - q), "log_history", &v, &err, &pos) == 1 &&
            v.n && *v.p == '[') {
            line = q;
            at = ln;
        }
        q = e + 1;
    }
    if (!line) {
        diag_at(s, BR_ERROR, p, "JSON lines, none an object with log_history (ms-swift's "
                                "logging.jsonl ends with one): no Trainer state");
        return -1;
    }
    s->n = (size_t)(end - line);
    s->text = line;
    s->line0 = at;
    return 1;
}

static int parse_state(struct state *s)
{
    struct br_jspan hist;
    struct br_buf why = BR_BUF_INIT, csv = BR_BUF_INIT;
    const char *err = NULL;
    size_t pos = 0;
    const char *p = skip_ws(s->text, s->text + s->n);
    int r;

    if (p < s->text + s->n && *p == '[') {
        /* the log_history list alone */
        hist.p = p;
        hist.n = s->n - (size_t)(p - s->text);
        while (hist.n && (hist.p[hist.n - 1] == '\n' || hist.p[hist.n - 1] == ' ' ||
                          hist.p[hist.n - 1] == '\r' || hist.p[hist.n - 1] == '\t'))
            hist.n--;
        return build_run(s, hist);
    }
    if (p < s->text + s->n && *p != '{' && br_hfcsv_json(s->text, s->n, &csv) == 0) {
        /* the list saved as CSV, rewritten as the list, line for line */
        s->text = csv.buf;
        s->n = csv.len;
        r = build_run(s, (struct br_jspan){ csv.buf, csv.len - 1 });
        br_buf_release(&csv);
        return r;
    }
    if (p >= s->text + s->n || *p != '{') {
        diag_at(s, BR_ERROR, p, "not a JSON object");
        return -1;
    }
    if ((r = swift_summary(s, p)) < 0)
        return -1;
    if (r)
        p = s->text;
    r = br_json_get(p, s->n - (size_t)(p - s->text), "log_history", &hist, &err, &pos);
    if (r < 0) {
        br_buf_addf(&why, "malformed JSON: %s", err);
        diag_at(s, BR_ERROR, p + pos, why.buf);
        br_buf_release(&why);
        return -1;
    }
    if (r == 0 || !hist.n || *hist.p != '[') {
        diag_at(s, BR_ERROR, p, "no log_history array: not a Trainer state");
        return -1;
    }
    return build_run(s, hist);
}

static int hfstate_sniff(const char *head, size_t n, const struct br_parse_opts *o,
                         struct br_buf *why)
{
    const char *p = skip_ws(head, head + n);
    (void)o;
    if (p < head + n && *p == '{' && memmem(head, n, "\"log_history\"", 13)) {
        br_buf_addstr(why, "a JSON object with log_history");
        return 90;
    }
    if (p < head + n && *p == '[' && (p = skip_ws(p + 1, head + n)) < head + n && *p == '{' &&
        memmem(head, n, "\"epoch\":", 8) && memmem(head, n, "\"step\":", 7) &&
        (memmem(head, n, "\"loss\":", 7) || memmem(head, n, "\"train_runtime\":", 16))) {
        br_buf_addstr(why, "a JSON list of a Trainer's log_history entries");
        return 85;
    }
    {
        const char *nl = memchr(head, '\n', n);
        size_t first = nl ? (size_t)(nl - head) : n;
        /* ms-swift's logging.jsonl: its log_history is on its last line only */
        if (p < head + n && *p == '{' && memmem(head, first, "\"train_speed(iter/s)\": ", 23) &&
            memmem(head, first, "\"epoch\": ", 9) && memmem(head, first, "\"global_step", 12)) {
            br_buf_addstr(why, "ms-swift's logging.jsonl (JSON lines with train_speed(iter/s) "
                               "and global_step)");
            return 85;
        }
        if (br_hfcsv_header(head, first)) {
            br_buf_addstr(why, "a CSV of a Trainer's log_history (epoch, loss and "
                               "train_runtime or eval_runtime columns)");
            return 85;
        }
    }
    br_buf_addstr(why, "no JSON object with log_history");
    return 0;
}

static int hfstate_parse(struct br_lines *in, struct br_source *src,
                         const struct br_parse_opts *o)
{
    struct br_buf text = BR_BUF_INIT;
    struct state s = { .src = src, .train_loss = NAN };
    const char *line;
    size_t len;
    int r;

    (void)o;
    in->max_line = MAX_STATE;   /* one-line JSON: the whole state is one line */
    while ((r = br_lines_next(in, &line, &len)) == 1) {
        if (text.len + len + 1 > MAX_STATE) {
            br_source_diag(src, BR_ERROR, 1, 1, "larger than %u MiB: not a Trainer state",
                           MAX_STATE >> 20);
            br_buf_release(&text);
            return -1;
        }
        br_buf_add(&text, line, len);
        br_buf_add(&text, "\n", 1);
    }
    s.text = text.buf ? text.buf : "";
    s.n = text.len;
    r = r < 0 ? (br_source_diag(src, BR_ERROR, 0, 0, "read error"), -1) : parse_state(&s);
    br_buf_release(&text);
    return r;
}

const struct br_parser br_parser_hfstate = {
    "hfstate",
    "Hugging Face Trainer state (trainer_state.json; its log_history alone, JSON or CSV): "
    "epochs, metrics, train_runtime",
    hfstate_sniff,
    hfstate_parse,
};
