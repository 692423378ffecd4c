/*
 * lookslike.c: what the head of a file that no reader took looks like, in
 * one line for inspect -v: JSON, CSV (how many columns), source code,
 * Markdown, or text, with how many lines mention an epoch or carry a time
 * with a unit, the evidence training-log readers look for. Every number in
 * it is true of the part it names: a head cut at the first 64 KiB (or at
 * 2000 lines) says so, since "417 lines" of a 12,890-line log reads as the
 * whole file. Logs that count steps, not epochs, are named by a line only
 * their framework prints, and quoted at the file's own first such line with
 * its number, never with an example from elsewhere (the MMSegmentation
 * refusal quoted 'Iter(train) [ 100/4000]' of a file with [100/800]).
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "model/lines.h"
#include "parsers/clean.h"
#include "parsers/lookslike.h"
#include "model/banned.h"

static int has_ci(const char *p, size_t n, const char *lit)
{
    size_t k = strlen(lit);
    for (size_t i = 0; i + k <= n; i++) {
        size_t j = 0;
        while (j < k && tolower((unsigned char)p[i + j]) == lit[j])
            j++;
        if (j == k)
            return 1;
    }
    return 0;
}

/*
 * A unit in brackets before a colon and a number: Megatron-LM's "elapsed time per
 * iteration (ms): 17547.6", which has_time() missed ("0 carry a time with a unit").
 */
static int has_unit_time(const char *p, size_t n)
{
    static const char *const units[] = { "(ms):", "(s):", "(sec):", "(min):" };

    for (size_t k = 0; k < sizeof(units) / sizeof(units[0]); k++) {
        const char *u = memmem(p, n, units[k], strlen(units[k]));
        const char *q = u ? u + strlen(units[k]) : NULL;

        while (q && q < p + n && *q == ' ')
            q++;
        if (q && q < p + n && isdigit((unsigned char)*q))
            return 1;
    }
    return 0;
}

/* A number followed by s, sec, ms or min, or a unit before it (has_unit_time()). */
static int has_time(const char *p, size_t n)
{
    if (has_unit_time(p, n))
        return 1;
    for (size_t i = 0; i + 1 < n; i++) {
        size_t j = i;
        if (!isdigit((unsigned char)p[i]) || (i && isalnum((unsigned char)p[i - 1])))
            continue;
        while (j < n && (isdigit((unsigned char)p[j]) || p[j] == '.'))
            j++;
        i = j - 1; /* linear: the digits scanned are not scanned again */
        while (j < n && p[j] == ' ')
            j++;
        if (j < n && (p[j] == 's' || (j + 1 < n && (!memcmp(p + j, "ms", 2) ||
                                                    !memcmp(p + j, "mi", 2)))) &&
            (j + 1 >= n || !isalpha((unsigned char)p[j + 1]) || p[j + 1] == 'e' ||
             p[j + 1] == 'i' || p[j + 1] == 's'))
            return 1;
    }
    return 0;
}

int br_starts_json(const char *p, const char *end)
{
    char open = *p;

    for (p++; p < end && isspace((unsigned char)*p); p++)
        ;
    if (p >= end)
        return 1;
    if (open == '{')
        return *p == '"' || *p == '}';
    if (strchr("{[\"]", *p) || !strncmp(p, "true", (size_t)(end - p) < 4 ? (size_t)(end - p) : 4) ||
        !strncmp(p, "false", (size_t)(end - p) < 5 ? (size_t)(end - p) : 5) ||
        !strncmp(p, "null", (size_t)(end - p) < 4 ? (size_t)(end - p) : 4))
        return 1;
    if (*p == '-')
        p++;
    if (p >= end || !isdigit((unsigned char)*p))
        return 0;
    while (p < end && (isdigit((unsigned char)*p) || *p == '.' || *p == 'e' || *p == 'E' ||
                       *p == '+' || *p == '-'))
        p++;
    while (p < end && isspace((unsigned char)*p))   /* "[04-03-2021 @ 13:32]" is a time */
        p++;
    return p >= end || *p == ',' || *p == ']';
}

int br_has_watts(const char *p, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        size_t j = i;
        if (!isdigit((unsigned char)p[i - 1]))
            continue;
        while (j < n && p[j] == ' ')
            j++;
        if (j < n && p[j] == 'm')
            j++;
        if (j < n && p[j] == 'W' && (j + 1 == n || !isalnum((unsigned char)p[j + 1])))
            return 1;
        /* ipmitool's "Instantaneous power reading:   220 Watts" */
        if (j + 5 <= n && (p[j] == 'W' || p[j] == 'w') && !memcmp(p + j + 1, "atts", 4) &&
            (j + 5 == n || !isalnum((unsigned char)p[j + 5])))
            return 1;
    }
    return 0;
}

int br_metric_name(const char *p, size_t n)
{
    static const char *const words[] = { "loss", "mae",      "mse", "rmse", "mape", "smape",
                                         "acc",  "accuracy", "auc", "r2",   "f1" };
    size_t i = 0;

    if (n > 4 && !strncasecmp(p, "val_", 4))
        return 1;
    while (i < n) {
        size_t w = i;
        while (w < n && !strchr("_-/.() ", p[w]))
            w++;
        for (size_t k = 0; k < sizeof(words) / sizeof(words[0]); k++)
            if (strlen(words[k]) == w - i && !strncasecmp(p + i, words[k], w - i))
                return 1;
        i = w + 1;
    }
    return 0;
}

/*
 * Logs of frameworks that count steps, not epochs, by a line only they print:
 * said by name, so that a refusal says why no epoch was found.
 */
/* What the logs that count iterations lack */
#define ITERATIONS "it counts iterations, not epochs, so no epoch to time"

static const struct {
    const char *mark, *also, *what, *reader;
    const char *without;    /* a line that, anywhere in the head, makes it another log */
    int quote;              /* br_step_log_say() quotes the first line with the mark */
} step_logs[] = {
    { "global_step/sec:", NULL, "a TensorFlow Estimator log (global_step/sec): it counts "
                                "steps, not epochs, and says no epoch's time", NULL, NULL, 0 },
    { "] Saving checkpoints for ", NULL, "a TensorFlow Estimator log (checkpoints by step): "
                                         "it counts steps, not epochs", NULL, NULL, 0 },
    /* lightgbm.early_stopping's and LightGBM's own logger's lines */
    { "Training until validation scores don't improve for", NULL, "a LightGBM log (boosting "
      "rounds, '[50] train's l2: ...'): it counts rounds, not epochs, and says no time", NULL,
      NULL, 0 },
    { "[LightGBM] [Info]", NULL, "a LightGBM log (boosting rounds): it counts rounds, not "
                                 "epochs, and says no time", NULL, NULL, 0 },
    { "]\tvalidation_0-", NULL, "an XGBoost log ('[0]\tvalidation_0-rmse: ...', boosting "
                                "rounds): it counts rounds, not epochs, and says no time", NULL,
      NULL, 0 },
    { "LOOCV Fold ", NULL, "a cross-validation log (leave-one-out folds, one score each): no "
                           "epochs and no times", NULL, NULL, 0 },
    /* JSON lines, keys sorted: {"data_time": ..., "eta_seconds": ..., "iteration": 19, ...} */
    { "\"eta_seconds\": ", "\"iteration\": ",
      "detectron2's metrics.json (a JSON line per logging window): it counts iterations, "
      "not epochs, and holds no time to train; read the log.txt beside it (format "
      "detectron2)", "detectron2", NULL, 0 },
    /* MMEngine's vis_data/scalars.json: {"lr": ..., "time": 0.62, "epoch": 1, "iter": 1,
     * "memory": 5076, "step": 1}, validation lines {"coco/bbox_mAP": ..., "step": 5} */
    { "\"iter\": ", "\"step\": ",
      "MMEngine's scalars.json (a JSON line per logged iteration: epoch, iter, step, "
      "each window's seconds per iteration): no time of day, so no epoch's time; read the "
      "run's <timestamp>.log beside vis_data/ (format openmmlab)", "openmmlab", NULL, 0 },
    /* MMEngine's IterBasedTrainLoop (MMSegmentation's configs): iterations, no epochs; the
     * file's own first such line is quoted (Caczhtus' mmseg log: 'Iter(train) [100/800]') */
    { "- INFO - Iter(train) [", NULL,
      "an OpenMMLab log of iteration-based training ('Iter(train)' lines, "
      "IterBasedTrainLoop, as MMSegmentation trains): it counts iterations, not epochs, so no "
      "epoch's time", "openmmlab", NULL, 1 },
    /* MMEngine's tools/test.py: 'Epoch(test) [ 3/13]' lines and the metrics, no training
     * (chg0901's mmdet 3.x log, a config with max_epochs=24 above them) */
    { "- INFO - Epoch(test) [", NULL,
      "an OpenMMLab log of a test run only ('Epoch(test)' lines, tools/test.py): it holds "
      "test results, no training", "openmmlab", "Epoch(train) [", 1 },
    /* Megatron-LM's training_log(): ' iteration 1/ 20 | consumed samples: ... | elapsed
     * time per iteration (ms): 17547.6 | ... lm loss: ...' (Megatron-DeepSpeed's too) */
    { "elapsed time per iteration (ms): ", " iteration ",
      "a Megatron-LM log ('iteration N/ M | ... elapsed time per iteration (ms)' lines): "
      ITERATIONS, NULL, NULL, 1 },
    /* modded-nanogpt's 'step:1/20000 train_loss:10.83 train_time:6029ms step_avg:6028.64ms' */
    { " train_time:", "step_avg:",
      "a modded-nanogpt log ('step:N/M ... train_time:...ms step_avg:...ms' lines): it counts "
      "steps, not epochs, so no epoch to time", NULL, NULL, 1 },
    /* mlx_lm.lora's 'Iter 10: Train loss 2.416, Learning Rate 1.000e-05, It/sec 3.374, ...' */
    { ": Train loss ", "It/sec ",
      "an MLX-LM log ('Iter N: Train loss ..., It/sec ...' lines): " ITERATIONS, NULL, NULL, 1 },
    /* Caffe's glog: 'I0821 09:21:09.451231  5405 solver.cpp:222] Iteration 0, loss = 2.64' */
    { "] Iteration ", "solver.cpp:",
      "a Caffe log (solver.cpp's 'Iteration N, loss = ...' lines): " ITERATIONS, NULL, NULL, 1 },
    /* Paddle's launcher killing its workers (PReNet_paddle's workerlog.0: 12 launches, each
     * 'Error Message Summary:' then this line and SIGTERM, no training line between) */
    { "FatalError: `Termination signal` is detected by the operating system.", NULL,
      "a Paddle log of processes killed by a signal ('FatalError: `Termination signal`', the "
      "launcher's SIGTERM) and no line a reader takes for training: nothing to time",
      NULL, NULL, 1 },
    /* mmcv 1.x's <timestamp>.log.json: {"mode": "train", "epoch": 1, "iter": 50, ...} */
    { "{\"mode\": \"train\", \"epoch\": ", NULL,
      "an mmcv runner's .log.json (a JSON line per logging window: mode, epoch, iter, "
      "seconds per iteration): no time of day, so no epoch's time; read the .log beside it "
      "(format openmmlab)", "openmmlab", NULL, 0 },
    /* fairseq-train's tqdm bars (Colab's default format) without the logger's lines */
    { " | valid on '", ", wall=",
      "fairseq-train's tqdm bars ('epoch 001: 100% 3598/3599 [...]') without its stats lines "
      "('epoch 001 | loss ... | wall 760'): no epoch ends here, nor does the training; "
      "--log-format simple or --log-file writes them", "fairseq", NULL, 0 },
    /* LLaMA-Factory's own files beside its running_log.txt (its trainer_log.jsonl is read:
     * format lfjsonl) */
    { "] logging.py:", "Saving prediction results to ",
      "a LLaMA-Factory log of a prediction run (do_predict, no training): no epoch in it",
      "hf", NULL, 0 },
    /* the Trainer's save_metrics() files beside trainer_state.json: {"epoch": 10.0,
     * "train_loss": ..., "train_runtime": 804.7524, "train_samples_per_second": ...} */
    { "\"train_runtime\": ", "\"train_samples_per_second\": ",
      "a Trainer's train_results.json or all_results.json (the training's summary: epoch, "
      "train_runtime): no epoch ends in it, no epoch has metrics, and after a resume its time "
      "counts the last session only; read the trainer_state.json beside it (format hfstate)",
      "hfstate", NULL, 0 },
    { "\"eval_runtime\": ", "\"eval_samples_per_second\": ",
      "a Trainer's eval_results.json or all_results.json of an evaluation (eval_runtime, no "
      "train_runtime): no training in it", "hfstate", NULL, 0 },
    { "\"predict_runtime\": ", "\"predict_samples_per_second\": ",
      "a Trainer's predict_results.json or all_results.json of a prediction (predict_runtime, "
      "no train_runtime): no training in it", "hfstate", NULL, 0 },
    /* the same run printed: logging_steps longer than the run leaves the summary the only
     * dictionary ("{'train_runtime': 83.4512, ..., 'epoch': 3.0}" after the bar) */
    { "{'train_runtime': ", "'train_samples_per_second': ",
      "a Trainer log whose only dictionary is the training's summary (logging_steps longer "
      "than the run: no {'loss': ..., 'epoch': ...} lines): no epoch ends in it, so none "
      "can be timed; the run's trainer_state.json holds its epochs and train_runtime",
      "hf", NULL, 0 },
    /* a training run whose logging_steps outran it: the Trainer printed no dictionary */
    { "] logging.py:", "***** Running training *****",
      "a LLaMA-Factory log of a training run without the Trainer's log dictionaries "
      "({'loss': ..., 'epoch': ...}; logging_steps longer than the run): no epoch ends in it, "
      "so none can be timed; the run's trainer_state.json holds its epochs and train_runtime",
      "hf", NULL, 0 },
    /* Lightning CSVLogger files of runs that logged no epoch: only a LearningRateMonitor's
     * rates by step ("step,lr-Adam"), or only the TensorBoard-style hp_metric placeholder */
    { "step,lr-", NULL,
      "a Lightning CSVLogger metrics.csv with only a learning-rate monitor's rates by step "
      "(no epoch column: the run logged no epoch's metrics)", NULL, NULL, 0 },
    { "hp_metric,step", NULL,
      "a Lightning CSVLogger metrics.csv with only hp_metric (a placeholder; no epoch "
      "column: the run logged no epoch's metrics)", NULL, NULL, 0 },
    /* a fit() whose bars were off or dropped (a notebook that kept none of them) */
    { "`Trainer.fit` stopped: ", NULL,
      "a PyTorch Lightning log without its epoch bars or checkpoint lines (only '`Trainer.fit` "
      "stopped: ...'): no line gives an epoch, so none can be timed; a CSVLogger's "
      "metrics.csv or the bars (enable_progress_bar=True) would give them", "lightning", NULL, 0 },
};

static int step_log_at(const char *head, size_t n)
{
    for (size_t i = 0; i < sizeof(step_logs) / sizeof(step_logs[0]); i++)
        if (memmem(head, n, step_logs[i].mark, strlen(step_logs[i].mark)) &&
            (!step_logs[i].also ||
             memmem(head, n, step_logs[i].also, strlen(step_logs[i].also))) &&
            (!step_logs[i].without ||
             !memmem(head, n, step_logs[i].without, strlen(step_logs[i].without))))
            return (int)i;
    return -1;
}

/* Appends the line around p (in [head, head + n)), its blanks trimmed, cut at 72 bytes. */
static void quote_line(const char *head, size_t n, const char *p, struct br_buf *out)
{
    const char *b = p, *e = memchr(p, '\n', (size_t)(head + n - p));
    size_t len;

    while (b > head && b[-1] != '\n')
        b--;
    if (!e)
        e = head + n;
    while (b < e && (*b == ' ' || *b == '\t'))
        b++;
    while (e > b && isspace((unsigned char)e[-1]))
        e--;
    len = (size_t)(e - b);
    if (len > 72) {
        len = 72;
        while (len && ((unsigned char)b[len] & 0xC0) == 0x80)   /* not inside a character */
            len--;
    }
    br_buf_addf(out, "'%.*s%s'", (int)len, b, len < (size_t)(e - b) ? " ..." : "");
}

unsigned br_step_log_say(const char *head, size_t n, struct br_buf *out)
{
    int i = step_log_at(head, n);
    const char *p;
    unsigned line = 1;

    if (i < 0)
        return 0;
    br_buf_addstr(out, step_logs[i].what);
    if (!step_logs[i].quote)
        return 1;
    p = memmem(head, n, step_logs[i].mark, strlen(step_logs[i].mark));
    for (const char *q = head; (q = memchr(q, '\n', (size_t)(p - q))) != NULL; q++)
        line++;
    br_buf_addf(out, "; line %u: ", line);
    quote_line(head, n, p, out);
    return line;
}

const char *br_step_log(const char *head, size_t n)
{
    int i = step_log_at(head, n);
    return i < 0 ? NULL : step_logs[i].what;
}

const char *br_step_log_reader(const char *head, size_t n)
{
    int i = step_log_at(head, n);
    return i < 0 ? NULL : step_logs[i].reader;
}

/*
 * Power tools' own text that no reader takes, by a line only they print: said
 * by name, with what to record instead.
 */
static const struct { const char *mark, *what; } power_tools[] = {
    { "Instantaneous power reading:",
      "ipmitool dcmi power reading output (Instantaneous power reading): not read; log "
      "`date -Is` and the reading as CSV (timestamp,power_W)" },
    { "Watts on average with standard deviation",
      "powerstat's summary without its table (the header '  Time    User  Nice ... Watts' "
      "and the rows under it): no samples to read; keep powerstat's whole output" },
    /* every CodeCarbon release's header begins so (v2.1 to v3: experiment_id may follow) */
    { "timestamp,project_name,run_id,",
      "a CodeCarbon emissions.csv: one row per tracked run (its duration and energy in "
      "kWh), not power samples over time; record power beside the training (nvidia-smi "
      "--query-gpu=timestamp,power.draw --format=csv -lms 1000, powermetrics, perf stat)" },
    { "timestamp;tag;duration;",
      "a pyJoules CSV: energy per tagged block (microjoules), not samples of power" },
    /* rocm-smi --showpower's text, once or in a loop: "GPU[0]  : Average Graphics ..." */
    { "Graphics Package Power (W): ",
      "rocm-smi's text ('GPU[N] : ... Graphics Package Power (W): ...' lines): its readings "
      "carry no time; record amd-smi metric --power --csv -w 1, or rocm-smi --showpower "
      "--csv with the time of each" },
    /* `nvidia-smi -q -d POWER -l 1 | grep "Power Draw"`: the banner and Timestamp are gone */
    { "Power Draw  ",
      "Power Draw lines grep kept of nvidia-smi -q reports: no time, no GPU, no section "
      "(GPU, Module, GPU Memory); keep the reports (nvidia-smi -q -d POWER -l 1 -f log)" },
};

const char *br_power_tool(const char *head, size_t n)
{
    for (size_t i = 0; i < sizeof(power_tools) / sizeof(power_tools[0]); i++)
        if (memmem(head, n, power_tools[i].mark, strlen(power_tools[i].mark)))
            return power_tools[i].what;
    return NULL;
}

/* Whether the line p[0..len) starts a Python statement at the top level. */
static int python_line(const char *p, size_t len)
{
    static const char *const starts[] = { "import ", "def ", "class ", "if __name__" };
    for (size_t i = 0; i < sizeof(starts) / sizeof(starts[0]); i++)
        if (len >= strlen(starts[i]) && !memcmp(p, starts[i], strlen(starts[i])))
            return 1;
    return len > 5 && !memcmp(p, "from ", 5) && has_ci(p, len, " import ");
}

const char *br_not_recording(const char *head, size_t n)
{
    const char *p = head, *end = head + n;
    size_t lines = 0, py = 0;

    if (n >= 2 && head[0] == '#' && head[1] == '!')
        return "a script (line 1 is '#!'), not a recording: run it, and read what it writes";
    while (p < end && isspace((unsigned char)*p))
        p++;
    if (p < end && (*p == '{' || *p == '[') && br_starts_json(p, end))
        return "a JSON document in no layout benchreport reads (a Trainer "
               "state's \"log_history\", a Keras history's metric lists)";
    p = head;
    for (int tb = 0; p < end && lines < 200; lines++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = (size_t)((nl ? nl : end) - p);
        /* a Traceback's frames quote their source, and a console wrapped at its width
         * cuts '    from . import _nd_image' to a line 'import _nd_image': no source code
         * up to its exception line (Azaan-5025's PowerShell capture of failed starts) */
        if (len >= 22 && !memcmp(p, "Traceback (most recent", 22))
            tb = 1;
        else if (tb && br_exception_line(p, len))
            tb = 0;
        else if (!tb)
            py += python_line(p, len);
        p = nl ? nl + 1 : end;
    }
    return py >= 2 ? "Python source code (import, def or class lines), not a recording: run "
                     "it, and read what it writes"
                   : NULL;
}

int br_lfs_pointer(const char *head, size_t n)
{
    static const char sig[] = "version https://git-lfs.github.com/spec/";
    return n >= sizeof(sig) - 1 && !memcmp(head, sig, sizeof(sig) - 1);
}

/* The lines br_looks_like() counts: the first so many of the head */
#define LOOKS_LIKE_LINES 2000

/*
 * What part of the file a count of `lines` lines of a head of n bytes is: the whole file
 * when the head is shorter than the first chunk a reader peeks (a peek stops short of it
 * only at the end), else the first 64 KiB, or the first 2000 lines of them (a 12,890-line
 * modded-nanogpt log was '417 lines': those of its first 64 KiB).
 */
static const char *part(size_t n, size_t lines)
{
    if (lines >= LOOKS_LIKE_LINES)
        return " (the first 2000 read)";
    return n >= BR_LINES_CHUNK ? " in the first 64 KiB (the rest not read)" : "";
}

void br_looks_like(const char *head, size_t n, struct br_buf *out)
{
    const char *p = head, *end = head + n;
    size_t lines = 0, epoch = 0, timed = 0, code = 0, md = 0, same = 0, watts = 0;
    long first_commas = -1;
    const char *what;

    if (br_lfs_pointer(head, n)) {
        br_buf_addstr(out, BR_LFS_POINTER_MSG);
        return;
    }
    if (n >= 4 && !memcmp(head, "PK\3\4", 4)) {
        br_buf_addstr(out, BR_ZIP_MSG);
        return;
    }
    while (p < end && isspace((unsigned char)*p))
        p++;
    if (p < end && (*p == '{' || *p == '[') && br_starts_json(p, end)) {
        if (!br_step_log_say(head, n, out))
            br_buf_addstr(out, br_not_recording(head, n));
        return;
    }
    for (p = head; p < end && lines < LOOKS_LIKE_LINES;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = (size_t)((nl ? nl : end) - p);
        long c = 0;

        lines++;
        epoch += has_ci(p, len, "epoch");
        timed += has_time(p, len);
        watts += br_has_watts(p, len);
        code += len && (p[len - 1] == ';' || p[len - 1] == '{' || p[len - 1] == '}' ||
                        has_ci(p, len, "import ") || has_ci(p, len, "def "));
        md += len >= 2 && (p[0] == '#' || !memcmp(p, "- ", 2) || !memcmp(p, "``", 2));
        for (size_t i = 0; i < len; i++)
            c += p[i] == ',';
        if (lines == 1)
            first_commas = c;
        else if (c == first_commas && c > 0)
            same++;
        p = nl ? nl + 1 : end;
    }
    if (lines > 2 && first_commas > 0 && same + 1 == lines)
        br_buf_addf(out, "CSV with %ld columns, %zu lines%s; no column that a reader recognises",
                    first_commas + 1, lines, part(n, lines));
    else if ((what = br_not_recording(head, n)))
        br_buf_addstr(out, what);
    else if (code * 5 > lines)
        br_buf_addf(out, "source code (%zu of %zu lines)", code, lines);
    else
        br_buf_addf(out, "%s, %zu lines%s; %zu mention an epoch, %zu carry a time with a unit",
                    md * 5 > lines ? "Markdown" : "text", lines, part(n, lines), epoch, timed);
    if (watts)
        br_buf_addf(out, "; %zu carry a power in W in no layout a power reader knows (a "
                         "logger's own words)", watts);
    if (step_log_at(head, n) >= 0) {
        br_buf_addstr(out, "; ");
        br_step_log_say(head, n, out);
    }
    if ((what = br_power_tool(head, n)))
        br_buf_addf(out, "; %s", what);
}
