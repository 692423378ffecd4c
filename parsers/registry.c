/*
 * registry.c: the list of input formats, format detection, and loading a
 * file through the parser it picks. Every reader sniffs the first 64 KiB; a
 * file none takes is looked at further, within BR_MAX_PEEK bytes: MLPerf
 * events, the training-log formats on more lines, the generic reader on
 * 1 MiB, then a line only one training-log format prints as its run begins
 * (run_markers: the Trainer's '***** Running training *****' after a
 * dataset's dump), the formats chosen on the text from it and the file read
 * with that format as --format would.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "model/timefmt.h"
#include "parsers/logfmt.h"
#include "parsers/lookslike.h"
#include "parsers/parser.h"
#include "model/banned.h"

/* Identical power readings, in a row of at least this many, that make a constant trace. */
#define BR_CONSTANT_POWER_MIN 30

extern const struct br_parser br_parser_nvsmi;
extern const struct br_parser br_parser_powermetrics;
extern const struct br_parser br_parser_powercsv;
extern const struct br_parser br_parser_nvsmitable;
extern const struct br_parser br_parser_nvsmiq;
extern const struct br_parser br_parser_macmon;
extern const struct br_parser br_parser_energibridge;
extern const struct br_parser br_parser_energycsv;
extern const struct br_parser br_parser_codecarbon;
extern const struct br_parser br_parser_tegrastats;
extern const struct br_parser br_parser_powerstat;
extern const struct br_parser br_parser_nvsmidmon;
extern const struct br_parser br_parser_perfstat;
extern const struct br_parser br_parser_amdsmi;
extern const struct br_parser br_parser_trainlog;
extern const struct br_parser br_parser_mllog;
extern const struct br_parser br_parser_summary;
extern const struct br_parser br_parser_hfstate;
extern const struct br_parser br_parser_lfjsonl;
extern const struct br_parser br_parser_generic;
extern const struct br_parser br_parser_epochcsv;
extern const struct br_parser br_parser_history;
extern const struct br_parser br_parser_notebook;

const struct br_parser *const br_parsers[] = {
    &br_parser_nvsmi,
    &br_parser_powermetrics,
    &br_parser_codecarbon, /* before powercsv, which refuses CodeCarbon's per-run rows */
    &br_parser_powercsv,
    &br_parser_nvsmitable,
    &br_parser_nvsmiq,
    &br_parser_macmon,
    &br_parser_energibridge,
    &br_parser_energycsv,
    &br_parser_tegrastats,
    &br_parser_powerstat,
    &br_parser_nvsmidmon,
    &br_parser_perfstat,
    &br_parser_amdsmi,
    &br_parser_mllog,
    &br_parser_notebook, /* a container: before the JSON readers */
    &br_parser_summary,
    &br_parser_hfstate,
    &br_parser_lfjsonl,
    &br_parser_epochcsv,
    &br_parser_history,
    &br_parser_trainlog,
    &br_parser_generic, /* a guess: last, and it scores no more than 50 */
    NULL,
};

const struct br_parser *br_parser_find(const char *name, const struct br_parse_opts *o)
{
    for (size_t i = 0; br_parsers[i]; i++)
        if (!strcmp(br_parsers[i]->name, name))
            return br_parsers[i];
    if (o && o->formats && br_logfmts_find(o->formats, name))
        return &br_parser_trainlog;
    for (size_t i = 0; br_builtin_formats[i].name; i++)
        if (!strcmp(br_builtin_formats[i].name, name))
            return &br_parser_trainlog;
    return NULL;
}

const struct br_parser *br_parser_detect(const char *head, size_t n,
                                         const struct br_parse_opts *o, struct br_buf *why)
{
    const struct br_parser *best = NULL, *closest = NULL;
    int best_score = 49, closest_score = 0;
    struct br_buf reason = BR_BUF_INIT;

    for (size_t i = 0; br_parsers[i]; i++) {
        int score;
        br_buf_reset(&reason);
        score = br_parsers[i]->sniff(head, n, o, &reason);
        if (why)
            br_buf_addf(why, "  %s: %d (%s)\n", br_parsers[i]->name, score, reason.buf);
        if (score > best_score) {
            best_score = score;
            best = br_parsers[i];
        }
        if (score > closest_score) {
            closest_score = score;
            closest = br_parsers[i];
        }
    }
    br_buf_release(&reason);
    if (why && !best) {
        br_buf_addstr(why, "  looks like: ");
        br_looks_like(head, n, why);
        if (closest)
            br_buf_addf(why, "\n  closest reader: %s (%d, 50 needed)\n", closest->name,
                        closest_score);
        else if (br_step_log_reader(head, n))
            br_buf_addf(why, "\n  closest reader: %s (the format of the framework's log; "
                        "this file scored 0)\n", br_step_log_reader(head, n));
        else
            br_buf_addstr(why, "\n  closest reader: none (every reader scored 0)\n");
    }
    return best;
}

/*
 * The reader that scored highest on a file none took, and its reason, into `why`;
 * NULL when none scored 10 or more (below, a reason says little more than "no":
 * the generic reader's "0 epochs with a time" on a file that names epochs).
 */
static const struct br_parser *closest_reader(const char *head, size_t n,
                                              const struct br_parse_opts *o, struct br_buf *why)
{
    const struct br_parser *closest = NULL;
    int closest_score = 9;
    struct br_buf reason = BR_BUF_INIT;

    for (size_t i = 0; br_parsers[i]; i++) {
        int score;
        br_buf_reset(&reason);
        score = br_parsers[i]->sniff(head, n, o, &reason);
        if (score > closest_score && reason.len) {
            closest_score = score;
            closest = br_parsers[i];
            br_buf_reset(why);
            br_buf_addstr(why, reason.buf);
        }
    }
    br_buf_release(&reason);
    return closest;
}

/*
 * Says what a file that no parser recognised seems to be: in words where a check
 * knows the kind of file, else with the closest reader's reason (a header without
 * a power column, a noheader trace to name with --columns), which is most often
 * the one line a user needs. `head` is up to BR_MAX_PEEK bytes: the logs that count
 * steps are named by a line anywhere in it (modded-nanogpt's first step line comes
 * after 5722 lines of compiler warnings), at that line; the other checks look at its
 * first chunk, as the readers did.
 */
static void describe_unknown(struct br_source *src, const char *head, size_t wide,
                             const struct br_parse_opts *o)
{
    const struct br_parser *closest;
    struct br_buf reason = BR_BUF_INIT;
    size_t n = wide < BR_LINES_CHUNK ? wide : BR_LINES_CHUNK;
    const char *step;
    unsigned line;

    if (n == 0) {
        br_source_diag(src, BR_ERROR, 1, 1, "empty file");
        return;
    }
    if (n >= 4 && !memcmp(head, "PK\3\4", 4)) {
        br_source_diag(src, BR_ERROR, 1, 1, BR_ZIP_MSG);
        return;
    }
    if (memchr(head, '\0', n < 4096 ? n : 4096)) {
        br_source_diag(src, BR_ERROR, 1, 1, "binary data, not a recording benchreport reads");
        return;
    }
    if (br_lfs_pointer(head, n)) {
        br_source_diag(src, BR_ERROR, 1, 1, BR_LFS_POINTER_MSG);
        return;
    }
    if ((line = br_step_log_say(head, wide, &reason)) != 0) {
        br_source_diag(src, BR_ERROR, line, 1, "%s", reason.buf);
        br_buf_release(&reason);
        return;
    }
    if ((step = br_not_recording(head, n)) || (step = br_power_tool(head, n))) {
        br_source_diag(src, BR_ERROR, 1, 1, "%s", step);
        return;
    }
    if ((closest = closest_reader(head, n, o, &reason)) != NULL)
        br_source_diag(src, BR_ERROR, 1, 1,
                       "unrecognised format; closest reader %s: %s (inspect -v lists every "
                       "reader)", closest->name, reason.buf);
    else
        br_source_diag(src, BR_ERROR, 1, 1,
                       "unrecognised format (inspect -v says why each format did not match)");
    br_buf_release(&reason);
}

/* Keeps a trace's impossible readings out of every figure, and says so. */
static void sanitize(struct br_source *src, struct br_trace *tr)
{
    struct br_trace_fixes fx;
    char when[BR_TIME_FMT_LEN];

    br_trace_sanitize(tr, &fx);
    if (fx.bad) {
        br_time_format(fx.bad_t, tr->zoned, when);
        br_source_diag(src, BR_ERROR, 0, 0,
                       "impossible power reading %g W at %s (negative, not finite or over "
                       "%g W): not used%s%zu such reading%s in this trace", fx.bad_w,
                       tr->timed ? when : "a sample", BR_MAX_POWER_W, "; ", fx.bad,
                       fx.bad == 1 ? "" : "s");
    }
    if (fx.dups) {
        br_time_format(fx.dup_t, tr->zoned, when);
        br_source_diag(src, BR_WARNING, 0, 0,
                       "%zu sample%s repeating the previous sample's time (first at %s) "
                       "dropped: the first reading of each time is kept", fx.dups,
                       fx.dups == 1 ? "" : "s", when);
    }
}

/*
 * A logger that reads the power once and then writes that reading on every
 * line (a monitor script that queries before its loop) gives a trace whose
 * power never moves. Its figures are what the file says, but no real draw
 * repeats to the last printed digit through dozens of samples: say so.
 */
static void constant_power(struct br_source *src, const struct br_trace *tr)
{
    const double *w = br_trace_values(tr, "power");
    size_t n = 0;
    double first = NAN;

    if (!w)
        return;
    for (size_t i = 0; i < tr->nr; i++) {
        if (isnan(w[i]))
            continue;
        if (n && w[i] != first)
            return;
        first = w[i];
        n++;
    }
    if (n >= BR_CONSTANT_POWER_MIN && first > 0)
        br_source_diag(src, BR_WARNING, tr->first_line, tr->first_line ? 1 : 0,
                       "trace %s %s: all %zu power readings are %g W; a real draw moves, so "
                       "the logger may have written one reading over and over",
                       tr->domain ? tr->domain : "?", tr->device ? tr->device : "?", n, first);
}

/* Says which lines the reader could not hand over whole, unless the parser did. */
static void long_lines(struct br_source *src, const struct br_lines *lr)
{
    int told = 0;

    for (size_t i = 0; i < src->diags.nr; i++)
        told |= src->diags.v[i].line == lr->first_cut;
    if (lr->ncut && !told)
        br_source_diag(src, BR_ERROR, lr->first_cut, 1,
                       "line longer than %zu bytes: only its start read (%u such line%s)",
                       lr->max_line, lr->ncut, lr->ncut == 1 ? "" : "s");
    if (lr->noverwritten)
        br_source_diag(src, BR_NOTE, lr->first_overwritten, 1,
                       "line longer than %zu bytes redrawn with carriage returns: read from "
                       "its last one, as a terminal shows it (%u such line%s)",
                       lr->max_line, lr->noverwritten, lr->noverwritten == 1 ? "" : "s");
}

/*
 * Opens `path` for reading. A FIFO is opened without waiting for a writer, so
 * that one nobody writes to reads as empty instead of blocking for ever.
 */
static FILE *open_input(const char *path)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC), flags;
    FILE *f;

    if (fd < 0)
        return NULL;
    if ((flags = fcntl(fd, F_GETFL)) < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0 ||
        !(f = fdopen(fd, "rb"))) {
        int err = errno;
        close(fd);
        errno = err;
        return NULL;
    }
    return f;
}

/* How much of a file the training-log formats sniff when nothing else took it */
#define LONG_LOG_HEAD (1u << 18)
/* and the generic reader, last, on up to 2000 lines of it: a tqdm bar redrawn in place
 * under nohup can fill the first 256 KiB before the first epoch's line (a ResNet's first
 * epoch, 255 KB of one line, its "Epoch [1/25], ..." at byte 278735) */
#define GENERIC_LONG_HEAD (1u << 20)
/* and the MLPerf reader, whose events can follow a megabyte of a job's output */
#define MLLOG_HEAD BR_MAX_PEEK

/* Whether [p, p+n) holds more than k lines. */
static int more_lines(const char *p, size_t n, unsigned k)
{
    const char *end = p + n;

    for (unsigned i = 0; i <= k; i++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl || nl + 1 >= end)
            return 0;
        p = nl + 1;
    }
    return 1;
}

/*
 * Lines that only one training-log format prints, as its run begins. A console that no
 * reader took may hold one past what the readers looked at: the formats are then chosen
 * on the text from the first such line (run_marker_format).
 */
static const char *const run_markers[] = {
    /* the Trainer's train(): LLaMA-Factory's console under torchrun (Chevolier's
     * train.out) prints 747 kB of its dataset's tokens and DeepSpeed's config first,
     * its '[INFO|trainer.py:2243] ... >> ***** Running training *****' is line 6908 */
    "***** Running training *****",
    NULL,
};

/*
 * The training-log format that takes the text of [head, head + n) from the first line
 * that holds a run marker; NULL when no line does or no format takes it. `head` is
 * what the loader peeked (up to BR_MAX_PEEK bytes, as for the MLPerf reader and the
 * step logs' words): a bounded look, only at files nothing took.
 */
static const char *run_marker_format(const char *head, size_t n,
                                     const struct br_parse_opts *o, struct br_buf *why)
{
    const char *first = NULL, *name;

    for (size_t i = 0; run_markers[i]; i++) {
        const char *m = memmem(head, first ? (size_t)(first - head) : n, run_markers[i],
                               strlen(run_markers[i]));
        if (m)
            first = m;
    }
    if (!first)
        return NULL;
    while (first > head && first[-1] != '\n')
        first--;
    if (why)
        br_buf_addf(why, "  training-log formats from byte %zu, a line only a format's run "
                    "begins with: ", (size_t)(first - head));
    name = br_trainlog_format_from(first, n - (size_t)(first - head), o, why);
    if (why)
        br_buf_addch(why, '\n');
    return name;
}

/*
 * A training log whose first epoch ends past the first BR_LINES_CHUNK bytes
 * (hundreds of step lines before it), or past the formats' first 400 lines (a
 * Trainer's arguments, dataset samples): the training-log formats, then the
 * generic reader, last, on more of it. The other readers keep their verdicts
 * on the first bytes, but for the
 * MLPerf reader: a job's own output (a shell trace, 104 nodes' 'Clearing
 * cache' lines: 150 KiB in NVIDIA's v1.0 results) can come before its first
 * :::MLLOG event, which nothing else looks like; it looks at up to 4 MiB
 * (NVIDIA's v1.0 unet3d on 100 nodes: 1.2 MB before the first event). The
 * training-log formats then look at as much as the generic reader does: an
 * MMDetection 3 (MMEngine) log prints its environment, its config and a
 * `paramwise_options` line per normalisation parameter (RTMDet-tiny: 895 of
 * them, 80 KB) before its first `Epoch(train)` line.
 */
static const struct br_parser *long_head_reader(struct br_lines *lr,
                                                const struct br_parse_opts *o, struct br_buf *why)
{
    struct br_buf reason = BR_BUF_INIT;
    const char *head;
    size_t n;
    int score;

    br_lines_peek_upto(lr, MLLOG_HEAD, &head, &n);
    if (n > BR_LINES_CHUNK) {
        score = br_parser_mllog.sniff(head, n, o, &reason);
        if (why)
            br_buf_addf(why, "  mllog on the first %zu KiB: %d (%s)\n", n / 1024, score,
                        reason.buf);
        if (score >= 50) {
            br_buf_release(&reason);
            return &br_parser_mllog;
        }
        br_buf_reset(&reason);
    }
    /* the formats looked at the first 400 lines of the first chunk: more, when there are
     * more (a bar redrawn in place can fill the chunk on line 73) */
    if (n > BR_LINES_CHUNK || more_lines(head, n, 400)) {
        score = br_trainlog_sniff_long(head, n, o, &reason);
        if (why)
            br_buf_addf(why, "  training-log formats on %zu KiB, 10000 lines: %d (%s)\n",
                        (n > LONG_LOG_HEAD ? LONG_LOG_HEAD : n) / 1024, score, reason.buf);
        if (score >= 50) {
            br_buf_release(&reason);
            return &br_parser_trainlog;
        }
        br_buf_reset(&reason);
    }
    if (n <= BR_LINES_CHUNK) {
        br_buf_release(&reason);
        return NULL;    /* the generic reader saw it all */
    }
    br_buf_reset(&reason);
    score = br_parser_trainlog.sniff(head, n > LONG_LOG_HEAD ? LONG_LOG_HEAD : n, o, NULL);
    if (why)
        br_buf_addf(why, "  trainlog on the first %zu KiB: %d\n",
                    (n > LONG_LOG_HEAD ? LONG_LOG_HEAD : n) / 1024, score);
    if (score >= 50) {
        br_buf_release(&reason);
        return &br_parser_trainlog;
    }
    if (n > GENERIC_LONG_HEAD)
        n = GENERIC_LONG_HEAD;
    score = br_parser_generic.sniff(head, n, o, &reason);
    if (why)
        br_buf_addf(why, "  generic on the first %zu KiB: %d (%s)\n", n / 1024, score,
                    reason.buf);
    br_buf_release(&reason);
    return score >= 50 ? &br_parser_generic : NULL;
}

/*
 * The reader of a log whose first chunk no reader took: long_head_reader's, else the
 * training-log format that the text from a run marker's line shows (run_marker_format),
 * its name in *log_format, for the parse to use as --format would.
 */
static const struct br_parser *detect_long_log(struct br_lines *lr,
                                               const struct br_parse_opts *o,
                                               const char **log_format, struct br_buf *why)
{
    const struct br_parser *p = long_head_reader(lr, o, why);
    const char *head;
    size_t n;

    if (p)
        return p;
    br_lines_peek_upto(lr, BR_MAX_PEEK, &head, &n);
    *log_format = run_marker_format(head, n, o, why);
    return *log_format ? &br_parser_trainlog : NULL;
}

/*
 * The generic reader took the first lines (an "Epoch 1/10" in them, its guess): a training
 * log whose known format shows only past the formats' first 400 lines (a PowerShell
 * capture's 700 lines of warnings and setup before Keras' first bar) is read in it, as
 * detect_long_log() would have. Returns the training-log reader, or the generic one.
 */
static const struct br_parser *generic_or_long(struct br_lines *lr,
                                               const struct br_parse_opts *o, struct br_buf *why)
{
    const char *head;
    size_t n;
    int score;

    br_lines_peek_upto(lr, LONG_LOG_HEAD, &head, &n);
    if (!more_lines(head, n, 400))
        return &br_parser_generic;
    score = br_trainlog_sniff_long(head, n > LONG_LOG_HEAD ? LONG_LOG_HEAD : n, o, NULL);
    if (why)
        br_buf_addf(why, "  training-log formats on %zu KiB, 2000 lines, before the generic "
                    "reader's guess: %d\n", (n > LONG_LOG_HEAD ? LONG_LOG_HEAD : n) / 1024, score);
    return score >= 50 ? &br_parser_trainlog : &br_parser_generic;
}

/*
 * Where past the first `from` bytes of [p, p + n) a line names an epoch by its number
 * ("epoch: [1/72]", "Epoch 3", "epoch=5"): that line's start, or NULL.
 */
static const char *epoch_line_after(const char *p, size_t n, size_t from)
{
    static const char word[] = "epoch";

    for (size_t i = from; i + 5 < n; i++) {
        size_t k = 0, j;

        while (k < 5 && (p[i + k] | 0x20) == word[k])
            k++;
        if (k < 5)
            continue;
        for (j = i + 5; j < n && j < i + 9 && strchr(" :=[(#", p[j]); j++)
            ;
        if (j < n && p[j] >= '0' && p[j] <= '9') {
            while (i > 0 && p[i - 1] != '\n')
                i--;
            return p + i;
        }
    }
    return NULL;
}

/*
 * The training-log formats took the first lines for a failure and saw no epoch (a launch
 * that died): when the log goes on, its epochs may come later (PaddleOCR's workerlog.0,
 * launches appended for days: 34,000 lines of failed starts, 2.6 MB, before its training's
 * first "epoch: [1/72], iter: 10" line). The training-log formats on more of it, then the
 * generic reader from the first line that names an epoch past what was looked at (up to
 * 4 MiB); the failure's reading when neither takes it.
 */
static const struct br_parser *failure_or_long(struct br_lines *lr,
                                               const struct br_parse_opts *o, struct br_buf *why)
{
    struct br_buf reason = BR_BUF_INIT;
    const char *head, *at;
    size_t n, seen;
    int score;

    br_lines_peek_upto(lr, BR_MAX_PEEK, &head, &n);
    if (!more_lines(head, n, 400))
        return &br_parser_trainlog;
    score = br_trainlog_sniff_long(head, n, o, NULL);
    if (score >= 50)
        return &br_parser_trainlog;
    seen = n > GENERIC_LONG_HEAD ? GENERIC_LONG_HEAD : n;
    at = epoch_line_after(head, n, seen > BR_LINES_CHUNK ? BR_LINES_CHUNK : seen);
    if (!at)
        return &br_parser_trainlog;
    n -= (size_t)(at - head);
    score = br_parser_generic.sniff(at, n > GENERIC_LONG_HEAD ? GENERIC_LONG_HEAD : n, o,
                                    &reason);
    if (why)
        br_buf_addf(why, "  a failure and no epoch in the first lines; generic from byte %zu, "
                    "the first line past them that names an epoch: %d (%s)\n",
                    (size_t)(at - head), score, reason.buf);
    br_buf_release(&reason);
    return score >= 50 ? &br_parser_generic : &br_parser_trainlog;
}

/*
 * A power CSV that is an epoch table too (a callback's row per epoch, its time and the
 * GPU's power.draw: `epoch,time,loss,...,gpu_power_W`): its epochs, read again from the
 * start by the epochcsv reader, which skips the watts columns powercsv took. Nothing
 * when the file is no such table.
 */
static void epochs_beside_power(struct br_source *src, const struct br_parse_opts *o,
                                struct br_buf *why)
{
    struct br_parse_opts again = o ? *o : (struct br_parse_opts)BR_PARSE_OPTS_INIT;
    struct br_buf said = BR_BUF_INIT;
    FILE *f = open_input(src->path);
    struct br_lines lr;
    const char *head;
    size_t n;

    if (!f)
        return;
    again.beside_power = 1;
    br_lines_init(&lr, f);
    br_lines_peek(&lr, &head, &n);
    if (!lr.error && br_parser_epochcsv.sniff(head, n, &again, &said) >= 50) {
        if (why)
            br_buf_addf(why, "  and epochcsv: %s, beside the power columns\n", said.buf);
        br_parser_epochcsv.parse(&lr, src, &again);
    }
    br_buf_release(&said);
    br_lines_release(&lr);
    fclose(f);
}

/*
 * Reads `f` into `src` through `format` (NULL: detected), as br_source_load does. A power
 * CSV's epochs are read again from `src`'s path when `reopen` (not standard input, not a
 * container's text).
 */
static int load_from(struct br_source *src, FILE *f, int reopen, const char *format,
                     const struct br_parse_opts *o, struct br_buf *why)
{
    const struct br_parser *p = NULL;
    struct br_parse_opts as = o ? *o : (struct br_parse_opts)BR_PARSE_OPTS_INIT;
    struct br_lines lr;
    const char *head;
    size_t n;
    int ret = -1;

    br_lines_init(&lr, f);
    br_lines_peek(&lr, &head, &n);
    if (lr.error) {
        br_source_diag(src, BR_ERROR, 0, 0, "cannot read: %s", strerror(lr.error));
        goto out;
    }
    if (format) {
        p = br_parser_find(format, o);
        if (!p) {
            br_source_diag(src, BR_ERROR, 0, 0, "unknown format '%s'", format);
            goto out;
        }
    } else {
        p = br_parser_detect(head, n, o, why);
        if (!p)
            p = detect_long_log(&lr, o, &as.log_format, why);
        else if (p == &br_parser_generic)
            p = generic_or_long(&lr, o, why);
        else if (p == &br_parser_trainlog && br_trainlog_failure_only(head, n, o))
            p = failure_or_long(&lr, o, why);
    }
    if (!p) {
        br_lines_peek_upto(&lr, BR_MAX_PEEK, &head, &n);    /* the buffer may have moved */
        describe_unknown(src, head, n, o); /* inspect -v: br_parser_detect said more */
        goto out;
    }
    br_source_set_format(src, p->name);
    ret = p->parse(&lr, src, as.log_format ? &as : o);
    if (ret == 0 && p == &br_parser_powercsv && reopen && !format)
        epochs_beside_power(src, o, why);
    br_source_mark_folds(src);
    for (size_t i = 0; i < src->ntraces; i++) {
        sanitize(src, src->traces[i]);
        constant_power(src, src->traces[i]);
    }
    long_lines(src, &lr);
    if (lr.error) {
        br_source_diag(src, BR_ERROR, lr.lineno, 0, "read error: %s", strerror(lr.error));
        ret = -1;
    }
    if (why && ret < 0 && src->ntraces == 0 && src->nruns == 0)
        br_buf_addf(why, "  read by: %s (%s), which found nothing usable in it: the error "
                         "below says why\n", p->name, p->what);
out:
    br_lines_release(&lr);
    return ret;
}

int br_source_load(struct br_source *src, const char *format, const struct br_parse_opts *o,
                   struct br_buf *why)
{
    int is_stdin = !strcmp(src->path, "-");
    FILE *f = is_stdin ? stdin : open_input(src->path);
    int ret;

    if (!f) {
        br_source_diag(src, BR_ERROR, 0, 0, "cannot open: %s", strerror(errno));
        return -1;
    }
    ret = load_from(src, f, !is_stdin, format, o, why);
    if (!is_stdin)
        fclose(f);
    return ret;
}

int br_source_read_text(struct br_source *src, FILE *f, const struct br_parse_opts *o,
                        struct br_buf *why)
{
    return load_from(src, f, 0, NULL, o, why);
}
