/*
 * history.c: a training history saved as JSON, one array of per-epoch values
 * per metric, as `json.dump(model.fit(...).history, f)` writes a Keras
 * History (and as many PyTorch scripts save theirs):
 *     {"loss": [0.66, 0.33, 0.23], "accuracy": [0.75, 0.88, 0.91],
 *      "val_loss": [0.31, 0.23, 0.20], "val_accuracy": [0.87, 0.91, 0.92]}
 * One run; epoch k has the k-th value of every array. Members of no per-epoch
 * values beside the arrays (a script's "test_accuracy": 0.92, a "timestamp", a
 * "classes" list of names) are passed over with a note (other_value()). An array of another
 * length than the longest cannot be matched to epochs and is not used (a
 * warning names it), unless the lengths split the names by a model prefix
 * ("reg_loss" 30 values, "cls_loss" 12): then each length is a run, its
 * model the prefix (read_prefixed()); arrays a second fit saved beside the first's
 * under a prefix ("fine_tune_loss") are that fit's run (read_fine_tune()). Python writes NaN and Infinity as bare words; they are
 * read, and null is no value. Keras keeps no times in a History: the epochs
 * have no durations (a warning says so) unless an `epoch_time` array gives
 * each epoch's seconds (or a "training_time", "time", "duration" array: per
 * epoch, or a running total when it rises to more than twice its second value
 * over five epochs or more; rising otherwise, it is not used). Several models' histories saved together, by name
 * ({"MLP": {"loss": [...]}, "CNN": {...}}), are one run each, the name the
 * run's model. pandas' DataFrame(history.history).to_json() writes each
 * column as an object ({"loss": {"0": 0.66, "1": 0.33}}): its values, in
 * order, are read as an array's. A JSON object a line, each with a whole-number
 * "epoch" (the log.txt that DeiT, MAE and ConvNeXt append to), is an epoch a line
 * (read_lines()); no times, but where a line's "epoch_time" is Python's
 * str(timedelta(seconds=int(t))) ("0:01:42", DINO's, DN-DETR's and DAB-DETR's main.py), its
 * epoch's time, cut to the second (line_time()).
 * A History printed by Python instead (print(history.history) or str() sent
 * to a file, as chrlapx/mrcnn_on_baby's training_logs.txt: {'loss': [1.75, 0.78], ...},
 * single quotes, nan and inf bare) is read as the JSON it stands for, with a note
 * (py_to_json()); one whose values are numpy reprs (np.float32(0.5), array([...])) or whose
 * keys hold a quote or backslash is refused, saying so. Such a dict is never read as lines.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model/alloc.h"
#include "model/jsonscan.h"
#include "model/num.h"
#include "model/timefmt.h"
#include "parsers/parser.h"
#include "model/banned.h"

#define HIST_MAX_BYTES (64u << 20)
#define HIST_MAX_KEYS 64
#define HIST_MAX_EPOCHS 1000000

struct key {
    const char *name;       /* inside the text, without quotes */
    size_t namelen;
    const char *values;     /* at '[' */
    size_t n;               /* values in the array */
};

struct hist {
    struct br_source *src;
    const char *text, *end;
    struct key keys[HIST_MAX_KEYS];
    size_t nkeys, ignored;
    size_t others;          /* members of no per-epoch values (other_value()) */
    const char *other;      /* the first one's key */
    size_t otherlen;
    const char *obj;        /* the history's '{' */
    int said_times;         /* the runs' missing times were said */
};

/* The line and column of `at` in the text. */
static void where(const struct hist *h, const char *at, unsigned *line, unsigned *col)
{
    *line = *col = 1;
    for (const char *p = h->text; p < at && p < h->end; p++) {
        *col = *p == '\n' ? 1 : *col + 1;
        *line += *p == '\n';
    }
}

static void diag_at(struct hist *h, enum br_severity sev, const char *at, const char *msg)
{
    unsigned line, col;
    where(h, at, &line, &col);
    br_source_diag(h->src, sev, line, col, "%s", msg);
}

static const char *skip_ws(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
        p++;
    return p;
}

static int word_at(const char *p, const char *end, const char *w)
{
    size_t n = strlen(w);
    return (size_t)(end - p) >= n && !memcmp(p, w, n);
}

/*
 * One array element at p: a number, NaN, Infinity, -Infinity or null (*v NaN,
 * *is_null set). Returns its length, 0 when it is none of these.
 */
static size_t element(const char *p, const char *end, double *v, int *is_null)
{
    size_t k;
    *is_null = 0;
    if ((k = br_num_parse(p, end, v)) > 0)
        return k;
    if (word_at(p, end, "NaN")) {
        *v = NAN;
        return 3;
    }
    if (word_at(p, end, "Infinity")) {
        *v = INFINITY;
        return 8;
    }
    if (word_at(p, end, "-Infinity")) {
        *v = -INFINITY;
        return 9;
    }
    if (word_at(p, end, "null")) {
        *v = NAN;
        *is_null = 1;
        return 4;
    }
    return 0;
}

/*
 * In a pandas column ({"0": 0.9, "1": 0.6}, what DataFrame.to_json() writes
 * for each column), the member's key before its value: the position of the
 * value, or NULL. In an array, p itself.
 */
static const char *past_key(const char *p, const char *end, int obj)
{
    size_t kl;
    if (!obj)
        return p;
    if (p >= end || *p != '"' || !(kl = br_json_value_len(p, end)))
        return NULL;
    p = skip_ws(p + kl, end);
    return p < end && *p == ':' ? skip_ws(p + 1, end) : NULL;
}

/*
 * Walks the array at p ('[') or the pandas column ('{', its values in order):
 * with `run`, sets the values as metric `k` of the run's epochs. Returns the
 * position after its end, or NULL (with *n the values read so far) when it is
 * not one of numbers.
 */
static const char *walk_array(const char *p, const char *end, size_t *n, struct br_run *run,
                              const struct key *k, int is_time)
{
    int obj = *p == '{';
    char close = obj ? '}' : ']';

    *n = 0;
    p = skip_ws(p + 1, end);
    if (p < end && *p == close)
        return p + 1;
    while (p < end) {
        double v;
        int is_null;
        size_t len;
        if (!(p = past_key(p, end, obj)))
            return NULL;
        len = element(p, end, &v, &is_null);
        if (!len || *n == HIST_MAX_EPOCHS)
            return NULL;
        if (run && !is_null) {
            struct br_epoch *e = &run->epochs[*n];
            if (!is_time)
                br_epoch_set_metric(run, e, k->name, k->namelen, v);
            else if (isfinite(v) && v >= 0)
                e->duration = br_round_us(v);
        }
        (*n)++;
        p = skip_ws(p + len, end);
        if (p < end && *p == close)
            return p + 1;
        if (p >= end || *p != ',')
            return NULL;
        p = skip_ws(p + 1, end);
    }
    return NULL;
}

/*
 * A member beside the metric arrays that holds no per-epoch values: a scalar (the
 * script's "test_accuracy": 0.92, a "timestamp" string, a flag) or an array of names
 * or records ("classes": ["Happy", "Sad"]). Returns its length, to pass over it; 0 when
 * the value is none of these.
 */
static size_t other_value(const char *v, const char *end)
{
    double d;
    int is_null;
    size_t len;
    const char *q;

    if ((len = element(v, end, &d, &is_null)) > 0)
        return len;
    if (*v == '"' || *v == 't' || *v == 'f')
        return br_json_value_len(v, end);
    q = skip_ws(v + 1, end);
    if (*v == '[' && q < end && (*q == '"' || *q == '{' || *q == '['))
        return br_json_value_len(v, end);
    return 0;
}

/*
 * Reads the object's members into h->keys, passing over members of no per-epoch
 * values (other_value()). Returns 0, or -1 with an error (a member that is neither:
 * not a history).
 */
/* The arrays of the object at p ('{') into h->keys; *after: past its '}'. 0, or -1 (said). */
static int read_keys(struct hist *h, const char *p, const char **after_obj)
{
    const char *end = h->end;

    h->nkeys = h->ignored = h->others = 0;
    h->obj = p;
    p = skip_ws(p + 1, end);
    while (p < end && *p == '"') {
        size_t kl = br_json_value_len(p, end), n;
        const char *v, *after;
        if (!kl)
            break;
        v = skip_ws(p + kl, end);
        if (v >= end || *v != ':')
            break;
        v = skip_ws(v + 1, end);
        if (v < end && (*v == '[' || *v == '{') &&
            (after = walk_array(v, end, &n, NULL, NULL, 0))) {
            if (h->nkeys < HIST_MAX_KEYS)
                h->keys[h->nkeys++] = (struct key){ p + 1, kl - 2, v, n };
            else
                h->ignored++;
        } else if (v < end && (n = other_value(v, end)) > 0) {
            if (!h->others++) {
                h->other = p + 1;
                h->otherlen = kl - 2;
            }
            after = v + n;
        } else {
            diag_at(h, BR_ERROR, v,
                    "not an array of numbers (or cut off): not a training history");
            return -1;
        }
        p = skip_ws(after, end);
        if (p < end && *p == ',')
            p = skip_ws(p + 1, end);
        else
            break;
    }
    if (p >= end || *p != '}') {
        diag_at(h, BR_ERROR, p, "malformed JSON object: not a training history");
        return -1;
    }
    if (!h->nkeys) {
        diag_at(h, BR_ERROR, p, "an empty object: no history");
        return -1;
    }
    *after_obj = p + 1;
    return 0;
}

static int is_epoch_time(const struct key *k)
{
    return k->namelen == 10 && !memcmp(k->name, "epoch_time", 10);
}

/* Seconds under another name ("training_time"): per epoch or cumulative, by their values. */
static int is_other_time(const struct key *k)
{
    static const char *const names[] = { "training_time", "train_time", "time", "times",
                                         "epoch_times", "epoch_time_s", "epoch_duration",
                                         "duration", "time_per_epoch" };
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (k->namelen == strlen(names[i]) && !memcmp(k->name, names[i], k->namelen))
            return 1;
    return 0;
}

/*
 * The epochs' durations from such an array of n values: values that do not
 * rise every epoch are each epoch's; values that rise to more than twice the
 * second over five epochs or more are a running total (durations are their
 * differences); values that rise otherwise could be either, and are not used.
 */
static void take_times(struct hist *h, struct br_run *run, const struct key *k, size_t n)
{
    double *v = br_xmalloc(n * sizeof(*v));
    const char *p = skip_ws(k->values + 1, h->end);
    int rising = 1, is_null;
    char msg[BR_DIAG_MSG];

    for (size_t i = 0; i < n; i++) {
        p = past_key(p, h->end, *k->values == '{');     /* walked before: not NULL */
        p = skip_ws(p + element(p, h->end, &v[i], &is_null), h->end);
        p = p < h->end && *p == ',' ? skip_ws(p + 1, h->end) : p;
        rising &= i == 0 || v[i] > v[i - 1];
    }
    if (rising && n >= 5 && v[n - 1] > 2 * v[1]) {
        for (size_t i = 0; i < n; i++)
            run->epochs[i].duration = br_round_us(i ? v[i] - v[i - 1] : v[0]);
        snprintf(msg, sizeof(msg), "'%.*s' rises every epoch, to %g: a running total of "
                 "seconds, whose differences are the epochs' times",
                 (int)(k->namelen > 64 ? 64 : k->namelen), k->name, v[n - 1]);
        diag_at(h, BR_NOTE, k->values, msg);
    } else if (rising && n >= 2) {
        snprintf(msg, sizeof(msg), "'%.*s' rises every epoch: each epoch's seconds or a "
                 "running total cannot be told apart, not used as times",
                 (int)(k->namelen > 64 ? 64 : k->namelen), k->name);
        diag_at(h, BR_WARNING, k->values, msg);
    } else {
        for (size_t i = 0; i < n; i++)
            if (isfinite(v[i]) && v[i] >= 0)
                run->epochs[i].duration = br_round_us(v[i]);
    }
    free(v);
}

/* The run of h->keys, its model `name` when the history was one of several (NULL else). */
static int build_run(struct hist *h, const char *name)
{
    size_t n = 0, timed = 0;
    unsigned col;
    struct br_run *run;
    char msg[BR_DIAG_MSG];

    for (size_t i = 0; i < h->nkeys; i++)
        n = h->keys[i].n > n ? h->keys[i].n : n;
    if (!n) {
        diag_at(h, BR_ERROR, h->keys[0].values, "every array is empty: no epochs");
        return -1;
    }
    run = br_source_new_run(h->src);
    where(h, h->obj, &run->first_line, &col);
    if (name)
        br_label_set(run, &run->model, name, BR_LABEL_LOG);
    for (size_t i = 0; i < h->nkeys; i++)
        if (h->keys[i].namelen == 4 && !memcmp(h->keys[i].name, "loss", 4))
            br_label_set(run, &run->framework, "keras", BR_LABEL_LOG);
    for (size_t i = 0; i < n; i++) {
        struct br_epoch *e = br_run_add_epoch(run);
        e->index = (unsigned)i + 1;
        e->of = (unsigned)n;
        e->line = 1;
    }
    for (size_t i = 0; i < h->nkeys; i++) {
        const struct key *k = &h->keys[i];
        size_t got;
        if (k->n != n) {
            snprintf(msg, sizeof(msg), "'%.*s' has %zu values, the longest array %zu: not "
                     "matched to epochs, not used", (int)(k->namelen > 64 ? 64 : k->namelen),
                     k->name, k->n, n);
            diag_at(h, BR_WARNING, k->values, msg);
            continue;
        }
        if (is_other_time(k))
            take_times(h, run, k, n);
        else if (!(k->namelen == 5 && !memcmp(k->name, "epoch", 5)) &&
                 !(k->namelen == 6 && !memcmp(k->name, "epochs", 6)))   /* the numbers */
            walk_array(k->values, h->end, &got, run, k, is_epoch_time(k));
    }
    if (h->ignored)
        br_source_diag(h->src, BR_NOTE, 1, 1, "more than %d arrays: %zu not used",
                       HIST_MAX_KEYS, h->ignored);
    if (h->others)
        br_source_diag(h->src, BR_NOTE, 1, 1, "%zu member%s of no per-epoch values ('%.*s': "
                       "a scalar, an array of names) beside the metric arrays: not used",
                       h->others, h->others == 1 ? "" : "s",
                       (int)(h->otherlen > 64 ? 64 : h->otherlen), h->other);
    for (size_t i = 0; i < n; i++)
        timed += !isnan(run->epochs[i].duration);
    if (timed < n && !h->said_times++)
        diag_at(h, BR_WARNING, h->obj,
                timed ? "some epochs have no epoch_time: no time or energy per epoch for them"
                      : "a training history keeps no times: epochs and metrics only, no time "
                        "or energy per epoch");
    return 0;
}

/* Names of a phase, not of a model: "valid_loss" and "train_loss" are one model's. */
static int phase_word(const char *s, size_t n)
{
    static const char *const words[] = { "train", "training", "val", "valid", "validation",
                                         "test", "testing", "eval", "dev", "tr", "te", NULL };
    for (size_t k = 0; words[k]; k++)
        if (n == strlen(words[k]) && !strncasecmp(s, words[k], n))
            return 1;
    return 0;
}

/*
 * The model prefix of a name ("reg" of "reg_loss", "reg_val_loss" and
 * "val_reg_loss"): its first word before '_' after a leading "val_", when
 * more follows and it names no phase. Sets *len (0: none); returns its start.
 */
static const char *model_prefix(const struct key *k, size_t *len)
{
    const char *s = k->name, *end = k->name + k->namelen, *us;

    *len = 0;
    if (k->namelen > 4 && !memcmp(s, "val_", 4))
        s += 4;
    us = memchr(s, '_', (size_t)(end - s));
    if (!us || us == s || us + 1 >= end || phase_word(s, (size_t)(us - s)))
        return s;
    *len = (size_t)(us - s);
    return s;
}

/* The name without its model prefix (`pl` bytes at `pre`): "val_reg_loss" -> "val_loss". */
static void strip_prefix(const struct key *k, const char *pre, size_t pl, char *out, size_t cap)
{
    size_t head = (size_t)(pre - k->name);       /* "val_" or nothing */
    snprintf(out, cap, "%.*s%.*s", (int)head, k->name,
             (int)(k->namelen - head - pl - 1), pre + pl + 1);
}

#define HIST_MAX_GROUPS 8

/*
 * Arrays of different lengths whose names split by a prefix ("reg_loss",
 * "reg_val_loss" with 30 values; "cls_loss", "cls_accuracy" with 12): two
 * models' histories saved in one object, their names prefixed. When every
 * array of a length has one model prefix and no other length has it, each
 * length is a run of its own, the prefix its model and the names without it.
 * Returns the runs read, 0 when the arrays do not split so (one run then).
 */
static int read_prefixed(struct hist *h)
{
    struct key all[HIST_MAX_KEYS];
    size_t nall = h->nkeys, len[HIST_MAX_GROUPS], plen[HIST_MAX_GROUPS], ng = 0, runs = 0;
    const char *pre[HIST_MAX_GROUPS];
    char names[HIST_MAX_KEYS][96], msg[BR_DIAG_MSG];

    for (size_t i = 0; i < nall; i++) {
        size_t g = 0, pl;
        const char *p = model_prefix(&h->keys[i], &pl);
        if (!pl)
            return 0;
        while (g < ng && len[g] != h->keys[i].n)
            g++;
        if (g == ng) {
            if (ng == HIST_MAX_GROUPS)
                return 0;
            len[ng] = h->keys[i].n;
            pre[ng] = p;
            plen[ng++] = pl;
        } else if (pl != plen[g] || memcmp(p, pre[g], pl)) {
            return 0;       /* two prefixes in one length */
        }
    }
    if (ng < 2)
        return 0;
    for (size_t a = 0; a < ng; a++)
        for (size_t b = a + 1; b < ng; b++)
            if (plen[a] == plen[b] && !memcmp(pre[a], pre[b], plen[a]))
                return 0;   /* one prefix in two lengths: one model's arrays cut */
    memcpy(all, h->keys, nall * sizeof(all[0]));
    snprintf(msg, sizeof(msg), "arrays of %zu lengths, each length's names with a prefix of "
             "its own ('%.*s_' %zu values, '%.*s_' %zu): %zu models' histories, one run each, "
             "the prefix its model", ng, (int)(plen[0] > 32 ? 32 : plen[0]), pre[0], len[0],
             (int)(plen[1] > 32 ? 32 : plen[1]), pre[1], len[1], ng);
    diag_at(h, BR_NOTE, h->obj, msg);
    for (size_t g = 0; g < ng; g++) {
        char model[40];
        h->nkeys = 0;
        for (size_t i = 0; i < nall; i++) {
            size_t pl;
            const char *p = model_prefix(&all[i], &pl);
            if (all[i].n != len[g])
                continue;
            strip_prefix(&all[i], p, pl, names[h->nkeys], sizeof(names[0]));
            h->keys[h->nkeys] = all[i];
            h->keys[h->nkeys].name = names[h->nkeys];
            h->keys[h->nkeys].namelen = strlen(names[h->nkeys]);
            h->nkeys++;
        }
        snprintf(model, sizeof(model), "%.*s", (int)(plen[g] > 39 ? 39 : plen[g]), pre[g]);
        runs += build_run(h, model) == 0;
    }
    return runs ? (int)runs : -1;
}

/* The length of `k`'s second-fit prefix ("fine_tune_" of "fine_tune_val_loss"), or 0. */
static size_t fit_prefix(const struct key *k)
{
    static const char *const pre[] = { "fine_tune_", "finetune_", "fine_tuning_",
                                       "finetuning_", "ft_", NULL };
    for (size_t i = 0; pre[i]; i++) {
        size_t n = strlen(pre[i]);
        if (k->namelen > n && !strncasecmp(k->name, pre[i], n))
            return n;
    }
    return 0;
}

/*
 * Arrays of a second fit saved beside the first's under a prefix ("loss" 9 values,
 * "fine_tune_loss" 5: a model trained with its base frozen, then fit() again with its top
 * layers unfrozen, `fine_tune_history.history` saved as "fine_tune_" + name): two runs,
 * the first fit's and the fine-tuning's, whose epochs are counted from 1 again (a new
 * fit() call) and whose names lose the prefix. Returns the runs read, 0 when no name or
 * every name has such a prefix.
 */
static int read_fine_tune(struct hist *h)
{
    struct key all[HIST_MAX_KEYS];
    size_t nall = h->nkeys, nft = 0, first = 0, pl = 0;
    int runs = 0;
    char msg[BR_DIAG_MSG];

    for (size_t i = 0; i < nall; i++)
        if (fit_prefix(&h->keys[i]) && !nft++)
            first = i;
    if (!nft || nft == nall)
        return 0;
    pl = fit_prefix(&h->keys[first]);
    memcpy(all, h->keys, nall * sizeof(all[0]));
    snprintf(msg, sizeof(msg), "'%.*s' arrays (%zu values) beside the others: a second fit "
             "(fine-tuning after the first), read as a run of its own, its epochs from 1",
             (int)pl, all[first].name, all[first].n);
    diag_at(h, BR_NOTE, all[first].name, msg);
    for (int second = 0; second < 2; second++) {
        h->nkeys = 0;
        for (size_t i = 0; i < nall; i++) {
            size_t n = fit_prefix(&all[i]);
            if (!n != !second)
                continue;
            h->keys[h->nkeys] = all[i];
            h->keys[h->nkeys].name += n;
            h->keys[h->nkeys].namelen -= n;
            h->nkeys++;
        }
        runs += build_run(h, NULL) == 0;
        h->others = 0;      /* said once */
    }
    return runs ? runs : -1;
}

static int read_one(struct hist *h, const char *p)
{
    const char *after;
    int runs;
    if (read_keys(h, p, &after) != 0)
        return -1;
    if ((runs = read_fine_tune(h)) != 0)
        return runs > 0 ? 0 : -1;
    if ((runs = read_prefixed(h)) != 0)
        return runs > 0 ? 0 : -1;
    return build_run(h, NULL);
}

/* The value of the first member of the object at p ('{'), or NULL. */
static const char *first_value(const char *p, const char *end)
{
    size_t kl;

    p = skip_ws(p + 1, end);
    if (p >= end || *p != '"' || !(kl = br_json_value_len(p, end)))
        return NULL;
    p = skip_ws(p + kl, end);
    if (p >= end || *p != ':')
        return NULL;
    return skip_ws(p + 1, end);
}

/* {"0": 0.9, ...} at v: a pandas column (DataFrame.to_json()), not a named history. */
static int pandas_column(const char *v, const char *end)
{
    const char *w = first_value(v, end);
    double d;
    int is_null;
    return w && w < end && element(w, end, &d, &is_null) > 0;
}

/* {"MLP": {"loss": [...]}, "CNN": {...}}: several models' histories, by name. */
static int named(const struct hist *h, const char *p)
{
    const char *v = first_value(p, h->end);
    return v && v < h->end && *v == '{' && !pandas_column(v, h->end);
}

/* One run per named history, its name the model's. 0 when one was read at least. */
static int read_named(struct hist *h, const char *p)
{
    const char *end = h->end;
    size_t runs = 0;

    p = skip_ws(p + 1, end);
    while (p < end && *p == '"') {
        size_t kl = br_json_value_len(p, end);
        const char *v, *after;
        char name[96];

        if (!kl)
            break;
        snprintf(name, sizeof(name), "%.*s", (int)(kl - 2 < 95 ? kl - 2 : 95), p + 1);
        v = skip_ws(p + kl, end);
        if (v >= end || *v != ':')
            break;
        v = skip_ws(v + 1, end);
        if (v >= end || *v != '{' || read_keys(h, v, &after) != 0)
            break;  /* said: not a history */
        runs += build_run(h, name) == 0;
        p = skip_ws(after, end);
        if (p < end && *p == ',')
            p = skip_ws(p + 1, end);
        else
            break;
    }
    return runs ? 0 : -1;
}

/*
 * The line [p, p+n) is one JSON object with a whole-number "epoch" and no "iter",
 * "step" or "iteration" (MMEngine's scalars.json has "epoch" on every iteration's
 * line): an epoch's record. 1 with *epoch, or 0.
 */
static int epoch_record(const char *p, size_t n, double *epoch)
{
    static const char *const per_step[] = { "iter", "step", "iteration", "global_step",
                                            "current_steps" /* LLaMA-Factory */ };
    struct br_jspan s;
    const char *err;
    size_t at;

    while (n && (p[n - 1] == ' ' || p[n - 1] == '\r' || p[n - 1] == '\t'))
        n--;
    if (n < 2 || *p != '{' || br_json_value_len(p, p + n) != n)
        return 0;
    if (br_json_get(p, n, "epoch", &s, &err, &at) != 1 || !br_json_number(s, epoch) ||
        !(*epoch >= 0 && *epoch < 1e7) || *epoch != floor(*epoch))
        return 0;
    for (size_t i = 0; i < sizeof(per_step) / sizeof(per_step[0]); i++)
        if (br_json_get(p, n, per_step[i], &s, &err, &at) == 1)
            return 0;
    return 1;
}

/* The record's numbers as the epoch's metrics, but for epoch and n_parameters. */
static void record_metrics(struct br_run *run, struct br_epoch *e, const char *p, size_t n)
{
    const char *end = p + n, *q = skip_ws(p + 1, end);
    size_t kl, vl;

    while (q < end && *q == '"' && (kl = br_json_value_len(q, end)) > 0) {
        struct br_jspan key = br_jspan_unquote((struct br_jspan){ q, kl }), val;
        double v;
        q = skip_ws(q + kl, end);
        if (q >= end || *q != ':')
            return;
        q = skip_ws(q + 1, end);
        if ((vl = br_json_value_len(q, end)) == 0)
            return;
        val = (struct br_jspan){ q, vl };
        if (br_json_number(val, &v) && !(key.n == 5 && !memcmp(key.p, "epoch", 5)) &&
            !(key.n == 12 && !memcmp(key.p, "n_parameters", 12)))
            br_epoch_set_metric(run, e, key.p, key.n, v);
        q = skip_ws(q + vl, end);
        if (q < end && *q == ',')
            q = skip_ws(q + 1, end);
    }
}

/*
 * The record's "epoch_time" as its epoch's time: DINO's main.py (and DN-DETR's, DAB-DETR's)
 * puts str(timedelta(seconds=int(time.time() - epoch_start_time))) in each line ("0:01:42",
 * DarkSamurai1907/IITDVision-CV's training_logs.txt), the epoch's training and evaluation
 * cut to the second. Returns 1 when it gave the epoch a time.
 */
static int line_time(struct br_epoch *e, const char *p, size_t n)
{
    struct br_jspan s;
    const char *err;
    size_t at;
    double t;

    if (br_json_get(p, n, "epoch_time", &s, &err, &at) != 1 || s.n < 2 || *s.p != '"')
        return 0;
    s = br_jspan_unquote(s);
    if (isnan(t = br_timedelta_s(s.p, s.n)))
        return 0;
    e->duration = t;
    e->res = 1;
    e->cut = 1;
    return 1;
}

/*
 * A JSON line per epoch, as the DeiT, MAE and ConvNeXt training scripts append
 * to log.txt ({"train_lr": ..., "train_loss": 6.92, "test_acc1": 0.53,
 * "epoch": 0, "n_parameters": 23448808}): epochs numbered from 0 are counted
 * from 1; an epoch number that goes back starts another run (the script run
 * again, appending). No times, but DINO's "epoch_time" (line_time()).
 */
static int read_lines(struct hist *h)
{
    const char *p = h->text;
    unsigned line = 0, bad = 0, first_bad = 0, epochs = 0, timed = 0;
    double epoch, last = -1;
    int from0 = 0, have = 0;
    struct br_run *run = NULL;

    for (const char *q = p; q < h->end;) {
        const char *nl = memchr(q, '\n', (size_t)(h->end - q));
        const char *le = nl ? nl : h->end;
        from0 |= epoch_record(q, (size_t)(le - q), &epoch) && epoch == 0;
        q = nl ? nl + 1 : h->end;
    }
    while (p < h->end) {
        const char *nl = memchr(p, '\n', (size_t)(h->end - p));
        const char *le = nl ? nl : h->end;
        line++;
        if (skip_ws(p, le) < le) {
            if (!epoch_record(p, (size_t)(le - p), &epoch)) {
                bad++;
                first_bad = first_bad ? first_bad : line;
            } else {
                struct br_epoch *e;
                if (!run || epoch <= last) {
                    run = br_source_new_run(h->src);
                    run->first_line = line;
                }
                e = br_run_add_epoch(run);
                e->index = (unsigned)epoch + (unsigned)from0;
                e->line = line;
                record_metrics(run, e, p, (size_t)(le - p));
                timed += (unsigned)line_time(e, p, (size_t)(le - p));
                epochs++;
                last = epoch;
                have = 1;
            }
        }
        p = nl ? nl + 1 : h->end;
    }
    if (bad)
        br_source_diag(h->src, BR_WARNING, first_bad, 1,
                       "%u line%s that %s no epoch record ({..., \"epoch\": N}): skipped", bad,
                       bad == 1 ? "" : "s", bad == 1 ? "is" : "are");
    if (have && !timed)
        br_source_diag(h->src, BR_WARNING, 1, 1,
                       "a JSON line per epoch (log.txt of DeiT, MAE, ConvNeXt) keeps no "
                       "times: epochs and metrics only, no time or energy per epoch");
    else if (timed < epochs)
        br_source_diag(h->src, BR_WARNING, 1, 1,
                       "%u of %u epochs have no \"epoch_time\": no time or energy per epoch "
                       "for them", epochs - timed, epochs);
    else if (have)
        br_source_diag(h->src, BR_NOTE, 1, 1,
                       "each line's \"epoch_time\" (DINO's H:MM:SS) is its epoch's time, cut "
                       "to the second");
    return have ? 0 : -1;
}

/* A character of a Python name or dotted name (np.float32). */
static int word_char(char c)
{
    return ((c | 32) >= 'a' && (c | 32) <= 'z') || c == '_' || c == '.' || (c >= '0' && c <= '9');
}

/*
 * Python's str() of a History.history (print(history.history) sent to a file, as
 * chrlapx/mrcnn_on_baby's training_logs.txt holds: {'loss': [1.75, 0.78], ...}): single
 * quotes, nan and inf bare. Whether the text at p opens such a dict: '{' then a
 * single-quoted key.
 */
static int py_dict(const char *p, const char *end)
{
    return p < end && *p == '{' && (p = skip_ws(p + 1, end)) < end && *p == '\'';
}

/*
 * The JSON that the Python dict at [p, end) stands for, into `out`: each 'key' as "key",
 * nan as NaN, inf as Infinity (a column after an inf moves by five); all else as it is.
 * Returns NULL, or what it cannot write as JSON (a key with a quote or backslash in it,
 * a numpy or other object's repr such as np.float32(0.5) or array([...])), *at set to
 * it. A text cut inside a key (a head) ends there.
 */
static const char *py_to_json(const char *p, const char *end, struct br_buf *out,
                              const char **at)
{
    while (p < end) {
        const char *q = p;
        if (*p == '\'') {
            for (q = p + 1; q < end && *q != '\'' && *q != '"' && *q != '\\'; q++)
                ;
            if (q < end && *q != '\'')
                return *at = p, "a key with a quote or backslash in it";
            br_buf_addch(out, '"');
            br_buf_add(out, p + 1, (size_t)(q - p - 1));
            if (q < end)
                br_buf_addch(out, '"');
            p = q + (q < end);
        } else if ((*p >= '0' && *p <= '9') || *p == '.') {
            while (q < end && ((*q >= '0' && *q <= '9') || *q == '.' || *q == 'e' ||
                               *q == 'E' || ((*q == '-' || *q == '+') && (q[-1] | 32) == 'e')))
                q++;
            br_buf_add(out, p, (size_t)(q - p));
            p = q;
        } else if ((*p | 32) >= 'a' && (*p | 32) <= 'z') {
            while (q < end && word_char(*q))
                q++;
            if (q - p == 3 && !memcmp(p, "nan", 3))
                br_buf_addstr(out, "NaN");
            else if (q - p == 3 && !memcmp(p, "inf", 3))
                br_buf_addstr(out, "Infinity");
            else if (q < end && *q == '(')
                return *at = p, "an object's repr (numpy's or another's), not a plain number";
            else
                return *at = p, "a word, not a number";
            p = q;
        } else {
            br_buf_addch(out, *p++);
        }
    }
    return NULL;
}

/* How much of the text at p a message quotes: a word and its '(', else 24 ASCII bytes. */
static int shown(const char *p, const char *end)
{
    const char *q = p;
    while (q < end && q - p < 32 && word_char(*q))
        q++;
    if (q > p)
        return (int)(q - p + (q < end && *q == '('));
    while (q < end && q - p < 24 && *q >= ' ' && *q <= '~')
        q++;
    return (int)(q - p);
}

/* Whether the text's first line is an epoch's record (read_lines' layout). */
static int epoch_lines(const char *p, const char *end)
{
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    double epoch;
    return epoch_record(p, (size_t)((nl ? nl : end) - p), &epoch);
}

/*
 * The Python dict that h->text holds (py_dict()) as JSON in `json`, h->text and *p then
 * in it, with a note. 0, or -1 with an error at what it cannot write as JSON.
 */
static int from_python(struct hist *h, struct br_buf *json, const char **p)
{
    const char *at = NULL, *m = py_to_json(h->text, h->end, json, &at);
    char msg[BR_DIAG_MSG];

    if (m) {
        snprintf(msg, sizeof(msg), "a Python dict (str(), not JSON), but "
                 "'%.*s' is %s: not read", shown(at, h->end), at, m);
        diag_at(h, BR_ERROR, at, msg);
        return -1;
    }
    br_source_diag(h->src, BR_NOTE, 1, 1, "a Python dict (str() or print() of it, as of a "
                   "Keras History.history), not JSON: read as the JSON it stands for");
    h->text = json->buf;
    h->end = json->buf + json->len;
    *p = skip_ws(h->text, h->end);
    return 0;
}

static int history_parse(struct br_lines *in, struct br_source *src,
                         const struct br_parse_opts *o)
{
    struct br_buf text = BR_BUF_INIT, json = BR_BUF_INIT;
    struct hist *h = calloc(1, sizeof(*h));
    const char *line, *p;
    size_t len;
    int r;

    (void)o;
    if (!h) {
        br_source_diag(src, BR_ERROR, 0, 0, "out of memory");
        return -1;
    }
    h->src = src;
    in->max_line = HIST_MAX_BYTES;   /* json.dump writes one line */
    while ((r = br_lines_next(in, &line, &len)) == 1) {
        if (text.len + len + 1 > HIST_MAX_BYTES) {
            br_source_diag(src, BR_ERROR, 1, 1, "larger than %u MiB: not a training history",
                           HIST_MAX_BYTES >> 20);
            r = -2;
            break;
        }
        br_buf_add(&text, line, len);
        br_buf_add(&text, "\n", 1);
    }
    h->text = text.buf ? text.buf : "";
    h->end = h->text + text.len;
    p = skip_ws(h->text, h->end);
    if (r == -1)
        br_source_diag(src, BR_ERROR, 0, 0, "read error");
    else if (r == 0 && (p >= h->end || *p != '{'))
        diag_at(h, BR_ERROR, p, "not a JSON object");
    if (r == 0 && py_dict(p, h->end))
        r = from_python(h, &json, &p);
    if (r == 0 && p < h->end && *p == '{' && !json.len && epoch_lines(p, h->end))
        r = read_lines(h);
    else if (r == 0 && p < h->end && *p == '{')
        r = named(h, p) ? read_named(h, p) : read_one(h, p);
    else
        r = -1;
    br_buf_release(&text);
    br_buf_release(&json);
    free(h);
    return r;
}

/*
 * A JSON object whose members, as far as the head goes, are arrays of
 * numbers (the first one at least).
 */
/*
 * Words in a key that name what a training measures, one of which a history has (loss,
 * val_accuracy, train_acc, lr, epoch_time): an object of other arrays of numbers (a
 * config's {"hidden_sizes": [64, 128]}, a list of seeds) is not a run of epochs.
 */
static const char *const metric_words[] = {
    "loss", "acc", "val", "train", "test", "lr", "learning_rate", "error", "err", "mae",
    "mse", "rmse", "auc", "f1", "precision", "recall", "iou", "dice", "map", "bleu",
    "perplexity", "ppl", "score", "epoch", "time", "duration", "top1", "top5",
};

static int metric_key(const char *k, size_t n)
{
    char low[64];

    if (n >= sizeof(low))
        n = sizeof(low) - 1;
    for (size_t i = 0; i < n; i++)
        low[i] = (char)(k[i] >= 'A' && k[i] <= 'Z' ? k[i] - 'A' + 'a' : k[i]);
    low[n] = '\0';
    for (size_t i = 0; i < sizeof(metric_words) / sizeof(*metric_words); i++)
        if (strstr(low, metric_words[i]))
            return 1;
    return 0;
}

/*
 * The members of the object at p ('{'), as far as the head goes: arrays of numbers whose
 * names say what a training measures, beside scalars and arrays of names. Its score, and
 * a reason in `why` that calls the object `what`.
 */
static int sniff_arrays(const char *p, const char *end, const char *what, struct br_buf *why)
{
    size_t kl, arrays = 0, metrics = 0, others = 0;

    p = skip_ws(p + 1, end);
    while (p < end && *p == '"' && (kl = br_json_value_len(p, end)) > 0) {
        double v;
        int is_null;
        size_t len;
        const char *key = p + 1;
        p = skip_ws(p + kl, end);
        if (p >= end || *p != ':')
            break;
        p = skip_ws(p + 1, end);
        if (p < end && (len = other_value(p, end)) > 0) {
            /* a scalar or an array of names beside the metric arrays (other_value()) */
            others++;
            p = skip_ws(p + len, end);
            if (p < end && *p == ',') {
                p = skip_ws(p + 1, end);
                continue;
            }
            break;
        }
        if (p >= end || *p != '[')
            break;
        metrics += metric_key(key, kl >= 2 ? kl - 2 : 0);
        p = skip_ws(p + 1, end);
        if (p < end && (len = element(p, end, &v, &is_null)) == 0 && *p != ']')
            break;
        arrays++;
        /* on to the next member: the array's end, if the head holds it */
        while (p < end && *p != ']' && *p != '[' && *p != '{' && *p != '"')
            p++;
        if (p >= end)
            break;
        if (*p != ']') {
            arrays = 0;
            break;
        }
        p = skip_ws(p + 1, end);
        if (p < end && *p == ',')
            p = skip_ws(p + 1, end);
        else
            break;
    }
    if (!arrays || (p < end && *p != '}' && *p != '"')) {
        br_buf_addf(why, "%s, but not of arrays of numbers", what);
        return 0;
    }
    if (!metrics || (others && metrics < 2)) {
        br_buf_addf(why, "%s of %zu arrays of numbers, but %s no name says loss, "
                    "accuracy, val_ or another measure of training (not a training history)",
                    what, arrays, others ? "beside other members, fewer than two whose" : "");
        return 20;
    }
    br_buf_addf(why, "%s of %zu arrays of numbers (a training history)", what, arrays);
    return 80;
}

/* The Python dict at p (py_dict()): scored as the JSON it stands for, but never as lines. */
static int sniff_python(const char *p, const char *end, struct br_buf *why)
{
    static const char what[] = "a Python dict (str(), not JSON)";
    struct br_buf json = BR_BUF_INIT;
    const char *at = NULL, *m = py_to_json(p, end, &json, &at), *v;
    int score;

    v = first_value(json.buf, json.buf + json.len);
    if (m && v && v < json.buf + json.len && *v == '[') {
        /* a history, but of what is no JSON: close, not read */
        br_buf_addf(why, "%s, but '%.*s' is %s: not read", what, shown(at, end), at, m);
        score = 20;
    } else if (m) {
        score = sniff_arrays(json.buf, json.buf + json.len, what, why);  /* as far as read */
    } else {
        /* {'MLP': {'loss': [...]}}: several named histories, the first one looked at */
        p = v && v < json.buf + json.len && *v == '{' ? v : json.buf;
        score = sniff_arrays(p, json.buf + json.len, what, why);
    }
    br_buf_release(&json);
    return score;
}

static int history_sniff(const char *head, size_t n, const struct br_parse_opts *o,
                         struct br_buf *why)
{
    const char *end = head + n, *p = skip_ws(head, end);

    (void)o;
    if (py_dict(p, end))
        return sniff_python(p, end, why);
    if (p < end && *p == '[' && (p = skip_ws(p + 1, end)) < end && *p == '{' &&
        memmem(head, n, "\"epoch\"", 7)) {
        /* pandas' to_json(orient="records"), a list of log dictionaries: close, not read */
        br_buf_addstr(why, "a JSON list of records with \"epoch\", not a history of arrays");
        return 20;
    }
    if (p >= end || *p != '{') {
        br_buf_addstr(why, "not a JSON object");
        return 0;
    }
    if (epoch_lines(p, end)) {
        br_buf_addstr(why, "a JSON line per epoch with \"epoch\" (log.txt of DeiT, MAE, "
                           "ConvNeXt)");
        return 80;
    }
    {
        /* {"MLP": {"loss": [...]}}: several named histories, the first one looked at */
        const char *v = first_value(p, end);
        if (v && v < end && *v == '{' && pandas_column(v, end)) {
            if (!memmem(head, n, "\"loss\"", 6) && !memmem(head, n, "\"val_", 5)) {
                br_buf_addstr(why, "a pandas DataFrame's to_json(), but no loss or val_ "
                              "column (not a training history)");
                return 20;
            }
            br_buf_addstr(why, "a pandas DataFrame's to_json() of a training history "
                          "({\"loss\": {\"0\": ...}})");
            return 80;
        }
        if (v && v < end && *v == '{')
            p = v;
    }
    return sniff_arrays(p, end, "a JSON object", why);
}

const struct br_parser br_parser_history = {
    .name = "history",
    .what = "a training history as JSON: {\"loss\": [...], \"val_loss\": [...]} (Keras "
            "History.history dumped), or a JSON line per epoch (DeiT, MAE log.txt): epochs "
            "and metrics, no times (but an epoch_time array, DINO's \"epoch_time\")",
    .sniff = history_sniff,
    .parse = history_parse,
};
