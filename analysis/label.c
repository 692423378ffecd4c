/* label.c: the label pass (see label.h for the order of strength). */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "model/arena.h"
#include "model/hwname.h"

#include "analysis/label.h"
#include "model/banned.h"

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/*
 * The length of file name `b` without its extensions (".txt", ".log.txt", ".csv.gz"):
 * each a dot and one to eight letters and digits, the first a letter, so that a number
 * in the name stays ("log_supervised_lr_0.010.txt" is "log_supervised_lr_0.010", not
 * "log_supervised_lr_0", which a run of lr 0.040 would share).
 */
static size_t stem_len(const char *b)
{
    size_t n = strlen(b);

    for (int k = 0; k < 3; k++) {
        size_t d = n, e;
        while (d > 0 && b[d - 1] != '.')
            d--;
        if (d < 2 || n - d < 1 || n - d > 8 || !isalpha((unsigned char)b[d]))
            break;
        for (e = d; e < n && isalnum((unsigned char)b[e]); e++)
            ;
        if (e < n)
            break;
        n = d - 1;
    }
    return n;
}

/*
 * Whether the name [b, b + n) is a training's settings written key_value
 * ("model_epochs_10_model_RNN_TANH_nhid_200_batch_size_20_bptt_35_nlayers_1"): three
 * words or more each followed by a number. Its last number is a setting's (nlayers),
 * its first words no device and model.
 */
static int settings_name(const char *b, size_t n)
{
    int pairs = 0;
    size_t i = 0;

    while (i < n) {
        size_t w = i, d;
        while (w < n && isalpha((unsigned char)b[w]))
            w++;
        if (w > i && w < n && b[w] == '_') {
            for (d = w + 1; d < n && isdigit((unsigned char)b[d]); d++)
                ;
            if (d > w + 1 && (d == n || b[d] == '_'))
                pairs++;
        }
        while (i < n && b[i] != '_')
            i++;
        i++;
    }
    return pairs >= 3;
}

/* Whether [p, p + n) is a date written YYYYMMDD (a year 1970 to 2099). */
static int date_part(const char *p, size_t n)
{
    int y, m, d;

    if (n != 8 || strspn(p, "0123456789") < 8)
        return 0;
    y = (p[0] - '0') * 1000 + (p[1] - '0') * 100 + (p[2] - '0') * 10 + (p[3] - '0');
    m = (p[4] - '0') * 10 + (p[5] - '0');
    d = (p[6] - '0') * 10 + (p[7] - '0');
    return y >= 1970 && y <= 2099 && m >= 1 && m <= 12 && d >= 1 && d <= 31;
}

/*
 * Whether the name's last part, [last, end), is a date or the time after one
 * ("rtmdet_train_20230603_192021", as OpenMMLab names its logs): no batch size.
 */
static int stamped(const char *b, const char *last, const char *end)
{
    const char *p = last - 1;   /* the '_' before it */

    if (date_part(last, (size_t)(end - last)))
        return 1;
    if (end - last != 6 || p - b < 8)
        return 0;
    return date_part(p - 8, 8) && (p - 8 == b || p[-9] == '_');
}

/*
 * Whether [p, p + n) is a job's number or a time stamp, ten digits or more with
 * nothing but '-' between them ("4953-240509231420953593500", as MLPerf's power
 * submissions name their logs result_<job>_<NN>.txt): no device or model.
 */
static int id_part(const char *p, size_t n)
{
    size_t digits = 0;

    for (size_t i = 0; i < n; i++) {
        if (isdigit((unsigned char)p[i]))
            digits++;
        else if (p[i] != '-')
            return 0;
    }
    return digits >= 10;
}

static int word_in(const char *s, size_t n, const char *const *words, size_t nw);

/*
 * Whether the word before the last number (ending at `end`, the '_' before the number; the
 * name begins at b) says the number counts runs, not samples: "..._result_7" (MLPerf's
 * result_N.txt), "_run_3", "_seed_2", "_trial_4", "_rep_1".
 */
static int run_number(const char *b, const char *end)
{
    static const char *const words[] = { "result", "run", "seed", "trial", "rep",
                                         "repeat", "try", "attempt" };
    const char *w = end;

    while (w > b && w[-1] != '_')
        w--;
    return word_in(w, (size_t)(end - w), words, sizeof(words) / sizeof(words[0]));
}

/*
 * Whether the part of a file name before its last '_' (at end; the parts after the model
 * begin at b) is a number of five digits or more: a batch system's job id before a task's
 * of four digits or fewer ("dann_training_11225044_3", SLURM's %x_%A_%a), not a model
 * ("a100_123456789_64"); a batch after such a number may be one ("x_y_20231303_192021").
 */
static int slurm_ids(const char *b, const char *end)
{
    const char *w = end;

    while (w > b && w[-1] != '_')
        w--;
    return end - w >= 5 && strspn(w, "0123456789") >= (size_t)(end - w);
}

int br_label_from_filename(const char *path, char *device, char *model, char *batch,
                           size_t size)
{
    const char *b = base_name(path), *dot = strchr(b, '.');
    size_t n = dot ? (size_t)(dot - b) : strlen(b);
    const char *first = memchr(b, '_', n), *second, *last;

    if (!first || n >= 256)
        return 0;
    second = memchr(first + 1, '_', (size_t)(b + n - first - 1));
    if (!second)
        return 0;
    last = b + n;
    while (last > second && last[-1] != '_')
        last--;
    if (last == b + n || strspn(last, "0123456789") < (size_t)(b + n - last) ||
        strspn(last, "0") == (size_t)(b + n - last))
        return 0; /* no batch size of 0 */
    if (dot && dot > b && dot[-1] >= '0' && dot[-1] <= '9' && dot[1] >= '0' && dot[1] <= '9')
        return 0; /* "lr_0.020": a decimal number, not a batch size and an extension */
    if (stamped(b, last, b + n))
        return 0; /* "rtmdet_train_20230603_192021": when it ran, no device_model_batch */
    if (id_part(b, (size_t)(first - b)) || id_part(first + 1, (size_t)(second - first - 1)))
        return 0; /* "result_240928162719380693721_02": a job's run 2, no device_model_batch */
    if (settings_name(b, n))
        return 0; /* "..._nhid_200_batch_size_20_bptt_35_nlayers_1": no device_model_batch */
    if (run_number(b, last - 1))
        return 0; /* "..._MLPerf_Training_Power_result_7": the 7th run, no batch size */
    if ((last - 1 > second && b + n - last <= 4 && slurm_ids(second + 1, last - 1)) ||
        b + n - last > 9)
        return 0; /* "dann_training_11225044_4294967294": SLURM's %x_%A_%a, a job id and an
                   * array task's (4294967294, NO_VAL, for a job of no array) */
    if ((size_t)(first - b) >= size || (size_t)(second - first - 1) >= size ||
        (size_t)(b + n - last) >= size || first == b || second == first + 1)
        return 0;
    memcpy(device, b, (size_t)(first - b));
    device[first - b] = '\0';
    memcpy(model, first + 1, (size_t)(second - first - 1));
    model[second - first - 1] = '\0';
    memcpy(batch, last, (size_t)(b + n - last));
    batch[b + n - last] = '\0';
    return 1;
}

static int word_in(const char *s, size_t n, const char *const *words, size_t nw)
{
    for (size_t i = 0; i < nw; i++)
        if (strlen(words[i]) == n && !strncasecmp(words[i], s, n))
            return 1;
    return 0;
}

int br_trace_device_from_filename(const char *path, char *device, size_t size)
{
    static const char *const what[] = {
        "power", "gpu", "gpus", "energy", "watts", "nvsmi", "smi", "nvidia-smi", "powermetrics",
        "rapl", "tegrastats", "trace", "amdsmi", "rocm-smi",
    };
    static const char *const generic[] = {
        "gpu", "cpu", "power", "nvidia", "nvsmi", "energy", "log", "logs", "node", "system",
    };
    const char *b = base_name(path), *dot = strchr(b, '.'), *sep = NULL;
    size_t n = dot ? (size_t)(dot - b) : strlen(b), k;

    for (k = 0; k < n; k++)
        if (b[k] == '_' || b[k] == '-') {
            sep = b + k;
            break;
        }
    if (!sep || sep == b || (size_t)(sep - b) >= size ||
        !word_in(sep + 1, (size_t)(b + n - sep - 1), what, sizeof(what) / sizeof(what[0])) ||
        word_in(b, (size_t)(sep - b), generic, sizeof(generic) / sizeof(generic[0])))
        return 0;
    memcpy(device, b, (size_t)(sep - b));
    device[sep - b] = '\0';
    return 1;
}

/* Folder names that say where files are kept, not which device made them. */
static int generic_dir(const char *s, size_t n)
{
    static const char *const names[] = {
        "tmp", "log", "logs", "run", "runs", "data", "result", "results", "output", "outputs",
        "out", "fixtures", "examples", "corpus", "recordings", "traces", "power", "train",
        "exp", "lightning_logs", "csv_logs",
    };
    /* the run folders frameworks number themselves: Lightning's version_3, Ultralytics'
     * train5, YOLOv5's exp2 (a device named so would be a coincidence) */
    static const char *const numbered[] = { "version_", "train", "exp" };
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (strlen(names[i]) == n && !strncmp(names[i], s, n))
            return 1;
    for (size_t i = 0; i < sizeof(numbered) / sizeof(numbered[0]); i++) {
        size_t m = strlen(numbered[i]), k = m;
        if (n <= m || strncmp(numbered[i], s, m))
            continue;
        while (k < n && s[k] >= '0' && s[k] <= '9')
            k++;
        if (k == n)
            return 1;
    }
    return 0;
}

/* The name of the directory holding `path`, or 0 when there is none or it is generic. */
static int dir_name(const char *path, char *out, size_t size)
{
    const char *end = strrchr(path, '/'), *start;
    size_t n;

    if (!end)
        return 0;
    while (end > path && end[-1] == '/')
        end--;
    start = end;
    while (start > path && start[-1] != '/')
        start--;
    n = (size_t)(end - start);
    if (n == 0 || n >= size || (n == 1 && *start == '.') || (n == 2 && !memcmp(start, "..", 2)) ||
        generic_dir(start, n))
        return 0;
    memcpy(out, start, n);
    out[n] = '\0';
    return 1;
}

/*
 * The framework a file's name says in a word of its own ("log_pytorch.csv",
 * "keras-mnist.log"): a PyTorch script may write a Keras CSVLogger's table, and
 * its name says which it was. NULL when the name says none, or two.
 */
static const char *framework_in_name(const char *path)
{
    static const char *const words[][2] = {
        { "pytorch", "pytorch" }, { "torch", "pytorch" },      { "keras", "keras" },
        { "tensorflow", "tensorflow" }, { "jax", "jax" },      { "flax", "jax" },
        { "lightning", "lightning" },   { "mlx", "mlx" },      { "mxnet", "mxnet" },
        { "paddle", "paddle" },
    };
    const char *b = base_name(path), *fw = NULL;
    size_t n = strlen(b);

    for (size_t i = 0; i < n;) {
        size_t k = i;
        while (k < n && ((b[k] >= 'a' && b[k] <= 'z') || (b[k] >= 'A' && b[k] <= 'Z') ||
                         (b[k] >= '0' && b[k] <= '9')))
            k++;
        for (size_t w = 0; w < sizeof(words) / sizeof(words[0]); w++)
            if (k - i == strlen(words[w][0]) && !strncasecmp(b + i, words[w][0], k - i)) {
                if (fw && strcmp(fw, words[w][1]))
                    return NULL;
                fw = words[w][1];
            }
        i = k + 1;
    }
    return fw;
}

/* A run no label names the workload of is its own: its file's name stands for the model,
 * all of it but its extensions (the device_model_batch convention above stops at the first
 * dot: "v4.0_smc_8xH100_resnet_result_1.txt" is no device "v4.0" and batch 1). */
static void unlabelled(struct br_run *r, const char *path)
{
    const char *b = base_name(path);
    char name[128];
    size_t n = stem_len(b);

    if (n >= sizeof(name))
        n = sizeof(name) - 1;
    memcpy(name, b, n);
    name[n] = '\0';
    br_label_set(r, &r->model, name, BR_LABEL_FILENAME);
}

/*
 * Whether a run is a row of a summary that names no device and no model, only the batch
 * (a script's table of one device per file, the device in its name: mrdbourke's
 * Apple_M3_Max_..._pytorch_results.csv and NVIDIA_TITAN_RTX_..._pytorch_results.csv):
 * unless the file's name stands for its model, the rows of two devices' files in one
 * folder would be pooled as one workload's.
 */
static int own_table(const struct br_run *r)
{
    return r->summary && r->device.source <= BR_LABEL_DIR;
}

/*
 * Such a table's device from a hardware name in its file's name (model/hwname.h,
 * br_hw_name_words: "Apple_M3_Max_CIFAR100_resnet50_32_pytorch_results.csv" is the Apple M3
 * Max's), and its model from the words after it ("CIFAR100_resnet50_32_pytorch_results"),
 * which the other devices' files share: their rows are one workload's, compared. Returns
 * whether the name had one.
 */
static int hw_named_table(struct br_run *r, const char *path)
{
    const char *b = base_name(path), *at;
    size_t n = stem_len(b), len = br_hw_name_words(b, n, &at), k;
    char dev[64], model[128];

    if (!len || len >= sizeof(dev) || at + len + 1 >= b + n)
        return 0;
    for (k = 0; k < len; k++)
        dev[k] = at[k] == '_' ? ' ' : at[k];
    dev[len] = '\0';
    k = (size_t)(b + n - (at + len + 1));
    if (k >= sizeof(model))
        k = sizeof(model) - 1;
    memcpy(model, at + len + 1, k);
    model[k] = '\0';
    br_label_set(r, &r->device, dev, BR_LABEL_FILENAME);
    br_label_set(r, &r->model, model, BR_LABEL_FILENAME);
    return 1;
}

static void set_all(struct br_run *r, const char *dev, const char *model, const char *batch,
                    const char *fw, enum br_label_source src)
{
    if (dev && *dev)
        br_label_set(r, &r->device, dev, src);
    if (model && *model)
        br_label_set(r, &r->model, model, src);
    if (batch && *batch)
        br_label_set(r, &r->batch, batch, src);
    if (fw && *fw)
        br_label_set(r, &r->framework, fw, src);
}

static const char *pick(const char *cli, const char *manifest, const char *name,
                        const char *dir)
{
    if (cli && *cli)
        return cli;
    if (manifest && *manifest)
        return manifest;
    if (name && *name)
        return name;
    return dir && *dir ? dir : NULL;
}

/* Traces get the same labels, without the log's word (a trace says no device name). */
static void label_traces(struct br_source *src, const struct br_manifest_row *row,
                         const struct br_label_overrides *cli, const char *dev,
                         const char *model, const char *batch, const char *dir)
{
    for (size_t i = 0; i < src->ntraces; i++) {
        struct br_trace *t = src->traces[i];
        const char *d = pick(cli ? cli->device : NULL, row ? row->device : NULL, dev, dir);
        const char *m = pick(cli ? cli->model : NULL, row ? row->model : NULL, model, NULL);
        const char *b = pick(cli ? cli->batch : NULL, row ? row->batch : NULL, batch, NULL);
        t->label_device = d ? br_arena_strdup(&t->arena, d) : NULL;
        t->label_device_weak = d && d == dir;
        t->label_model = m ? br_arena_strdup(&t->arena, m) : NULL;
        t->label_batch = b ? br_arena_strdup(&t->arena, b) : NULL;
    }
}

/*
 * Whether a run's log states a batch size other than the file name's last number ("Args in
 * experiment: Namespace(... batch_size=128 ...)" in Informer_ETTh1_336_96.log): then the name
 * is no <device>_<model>_..._<batch>, and none of its labels is taken.
 */
static int name_contradicted(const struct br_source *src, const char *batch)
{
    for (size_t i = 0; i < src->nruns; i++) {
        const struct br_label *b = &src->runs[i]->batch;
        if (b->source == BR_LABEL_LOG && b->value && strcmp(b->value, batch))
            return 1;
    }
    return 0;
}

void br_label_source(struct br_source *src, const struct br_manifest *manifest,
                     const struct br_label_overrides *cli)
{
    char dev[128], model[128], batch[128], dir[128];
    int from_name = br_label_from_filename(src->path, dev, model, batch, sizeof(dev)) &&
                    !name_contradicted(src, batch);
    int from_dir = dir_name(src->path, dir, sizeof(dir));
    const char *fw = framework_in_name(src->path);
    const struct br_manifest_row *row =
        manifest ? br_manifest_find(manifest, base_name(src->path)) : NULL;

    for (size_t i = 0; i < src->nruns; i++) {
        struct br_run *r = src->runs[i];
        if (r->device.source == BR_LABEL_LOG && !r->hardware)
            r->hardware = r->device.value;
        if (from_dir)
            set_all(r, dir, NULL, NULL, NULL, BR_LABEL_DIR);
        if (from_name)
            set_all(r, dev, model, batch, NULL, BR_LABEL_FILENAME);
        if (fw)
            set_all(r, NULL, NULL, NULL, fw, BR_LABEL_FILENAME);
        if (row)
            set_all(r, row->device, row->model, row->batch, row->framework, BR_LABEL_MANIFEST);
        if (cli)
            set_all(r, cli->device, cli->model, cli->batch, cli->framework, BR_LABEL_CLI);
        if (own_table(r) && !r->model.value && hw_named_table(r, src->path))
            continue;
        if (!r->model.value && (!r->batch.value || own_table(r)))
            unlabelled(r, src->path);
    }
    if (!from_name && src->ntraces && br_trace_device_from_filename(src->path, dev, sizeof(dev)))
        label_traces(src, row, cli, dev, NULL, NULL, from_dir ? dir : NULL);
    else
        label_traces(src, row, cli, from_name ? dev : NULL, from_name ? model : NULL,
                     from_name ? batch : NULL, from_dir ? dir : NULL);
}
