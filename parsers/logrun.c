/*
 * logrun.c: the training-log state machine. One pass over the lines; the
 * state is the current run and its open epoch (begun, not yet ended). Each
 * cleaned line goes to the format's rules in order, then to the shared dnf
 * rules; the first match decides what the line means.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "model/hwname.h"
#include "model/num.h"
#include "model/timefmt.h"
#include "parsers/clean.h"
#include "parsers/hfstep.h"
#include "parsers/noyear.h"
#include "parsers/logrun.h"
#include "model/banned.h"

const char br_common_dnf_format[] =
    "format failure\n"
    "description failures every format recognises\n"
    "dnf (?<dnf>CUDA out of memory|OutOfMemoryError|ResourceExhaustedError|"
    "MPS backend out of memory|RESOURCE_EXHAUSTED: Out of memory)\n"
    /* also glued after a progress bar's text, the crash inside it ("Sanity Checking
     * DataLoader 0:   0%|          | 0/2 [00:00<?, ?it/s]Traceback (most ..."); and cut
     * before 'call last):' by a console wrapped at its window's width (PowerShell's
     * `python train.py 2>&1 | Out-File` at 27 columns, Azaan-5025's train_log.txt: the
     * line 'Traceback (most recent ', then 'call last):  File ...'). One rule: each
     * costs a match on every line */
    "dnf (?:^|(?<=\\]))(?<dnf>Traceback) \\(most recent(?: call last\\):?)?\\s*$\n"
    "dnf ^(?<dnf>Killed)\\s*$\n"
    "dnf ^(?<dnf>KeyboardInterrupt)\\s*$\n"
    "dnf ^(?<dnf>Segmentation fault|Aborted|Bus error)( \\(core dumped\\))?\\s*$\n"
    /* the batch system ending the job at its time limit (PBS, Slurm) */
    "dnf ^=>> PBS: job killed: (?<dnf>walltime \\d+ exceeded limit \\d+)\n"
    "dnf ^slurmstepd: error: \\*\\*\\* "
    "(?<dnf>JOB \\d+ ON \\S+ CANCELLED AT \\S+ DUE TO TIME LIMIT)\n"
    "sample Traceback (most recent call last):\n"
    "sample Epoch 0:   3%|3         | 12/391 [00:02<01:10,  5.37it/s]Traceback (most recent call "
    "last):\n"
    "sample torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n"
    "sample Traceback (most recent \n"
    "sample Killed\n"
    "sample =>> PBS: job killed: walltime 604842 exceeded limit 604800\n"
    "sample slurmstepd: error: *** JOB 4242 ON gpu07 CANCELLED AT 2024-05-01T10:00:00 DUE TO "
    "TIME LIMIT ***\n";

/* The Keras calls of a document's code cell (struct engine's calls). */
/* CALL_WEAK: a fit(x) of one argument, scikit-learn's scaler.fit(x) or a model's fit of a
 * dataset: a fit only when no call of the cell follows it (skip_weak()) */
enum { CALL_FIT = 1, CALL_EVAL = 2, CALL_WEAK = 3 };

struct engine {
    const struct br_logfmt *f, *common;
    struct br_source *src;
    struct br_run *run;
    struct br_epoch *open;       /* in run->epochs, or NULL */
    size_t open_idx;
    double open_start;           /* line time of the line that began it (NaN if none) */
    int open_from_epoch_rule;
    double open_begun;           /* line time of its `begun` line (NaN if none) */
    /* the time of the open epoch's last line (its last progress line, or the one that began
     * it) and whether it was cut to the second; its `closing` lines since: the first's and
     * the last's times (NaN: none), the last's line, whether all were cut to the second */
    double open_last_t, close_first, close_last;
    int open_last_whole, close_whole;
    unsigned close_line;
    /* how far apart the times are that the end of epoch `spread_index` of `spread_run` lies
     * between (ended_unseen): its `end` is their middle; 0 when exact */
    const struct br_run *spread_run;
    unsigned spread_index;
    double end_spread;
    int spread_whole;
    unsigned last_line;
    int traceback;               /* a Traceback was seen; its exception line is next */
    int label_run;               /* the run was begun by a label rule (a banner) or a run
                                    rule's launch line, and no run rule has come since: the
                                    run rule that follows it, before any epoch, starts that
                                    run, not another */
    unsigned unfinished;         /* an `unfinished` line after this epoch, not completed */
    unsigned traceback_line;
    /* the exception line whose message is on the lines after it (exception_message()), 0 */
    unsigned bare_exception;
    struct br_rank_failure ranks;   /* the first exception a torchrun rank's lines show */
    /* the last line with text before this one, cleaned (its buffer is the one this line
     * did not use): a Traceback after "Exception ignored in" (a DataLoader's __del__ at
     * exit) is one Python went on from, so it ends nothing */
    const char *prev_s;
    size_t prev_n;
    /* the last progress line of the open epoch, whose metrics are read only
     * if the epoch ends (most progress lines are overwritten by the next) */
    struct br_buf pending;
    const struct br_rule *pending_rule;
    /* the end line just read and its rule, while the next line may be its wrapped tail
     * (wrapped_tail()) */
    struct br_buf tail;
    const struct br_rule *tail_rule;
    const char *s;               /* the cleaned line being handled */
    size_t n;
    struct br_time t;            /* its time */
    struct br_noyear noyear;     /* the clock of line times without a year */
    /* the run's summary line was read: what follows (YOLOv5 validating its best
     * weights) is not the last epoch's */
    int summarised;
    int stopped;            /* an end line said the run stopped inside its epoch, as set */
    /* the samples the run's bars count instead of steps (Keras' "Train on N samples"), 0 */
    long bar_samples;
    /* the last `cumulative` clock reading of the run (NaN: none yet) and its epoch */
    double last_cum;
    unsigned last_cum_index;
    /* the epochs the run's summary says it ran (Hugging Face's 12.22 of a max_steps
     * stop; NaN: not said) */
    double ran;
    /* an epochs_bar run: the resolution of its time to train (tqdm's clock: 1 s, cut), and
     * the epoch its bar stopped at short of its count (0: none, or an early stop said so) */
    double runtime_cut;
    unsigned bar_short, bar_line;
    /* the time the run's last `left` line said was left (NaN: none), and that line */
    double left_s;
    unsigned left_line;
    /* the format's summary names the epochs it covers, but this run's did not say them
     * (a dictionary cut before its 'epoch'): its time is not spread over the epochs */
    int ran_unsaid;
    /* Hugging Face: the run's first and last fractional epochs (NaN: none yet), and whether
     * it began where the run before counted back to, past that run's first dictionary (a
     * training resumed from a checkpoint: its time to train counts this session only) */
    double first_x, last_x;
    int resumed;
    /* Hugging Face: the line's last bar before its dictionary (has_bar: its training step),
     * the run's bars and (step, epoch) pairs (hfstep.h), and the last dictionary's step */
    struct br_hfbar bar;
    int has_bar;
    struct br_hfsteps hf;
    long hf_step;
    /* the summary's epoch at the bar's last step was the run's one (step, epoch) pair
     * (summary_step), and the bar's clock at that step as the summary came (-1: none) */
    int hf_summary_step;
    double hf_end;
    unsigned rounded_warned;    /* the last epoch rounded_again() warned of */
    /* the last epoch given its validation's time (validation_time), in the run */
    const struct br_run *val_run;
    unsigned val_index;
    /* times read so far printed to the second, and with a fraction (stamp_resolution) */
    unsigned long stamps_whole, stamps_frac;
    /* the last epoch header's text with each run of digits as one '#' ("Epoch #/#"), and
     * whether the line being read matched a rule (cut_header()) */
    char header[64];
    int matched;
    /* progress lines read in the open epoch; whether the last epoch ended before any
     * (YOLOX saves weights as its no-augmentation epoch begins: its iterations come after
     * that line, and are still its own) */
    unsigned open_progress;
    unsigned open_progress_line;   /* the last of them */
    /* the run's epochs that ended with no line of their end (ended_unseen), the first */
    size_t unseen;
    unsigned unseen_first;
    int ended_early;
    /* the epochs the run is set to train (a `planned` group), 0 when not said */
    long planned;
    /* the last line with text (the place a run interrupted before the next one ends) */
    unsigned last_text_line;
    /* the NVIDIA GPU a line before the first epoch named ("" none): the runs' hardware */
    char gpu[72];
    /* the elapsed clock of the bar that ended the last epoch (reprinted: NaN none) */
    double elapsed;
    /* a document's code (a ```python or ``` r fence: a notebook or an R Markdown page
     * rendered): whether the line is in it, and the Keras calls of its last cell in order
     * (CALL_FIT, CALL_EVAL), the next to pair with a bar of the output after it */
    int in_code;
    long def_indent;        /* a def or class line's indent in the cell, -1: none open */
    unsigned char calls[8];
    unsigned ncalls, call_pos;
    int cell_epochs; /* an epoch header came after the cell */
    int signed_by_framework; /* a framework_sign group matched (Lightning's v_num) */
    /* the run's one epoch is a finished line with no header before it (an excerpt that
     * opens with the end of an epoch): its number is the next header's less one */
    int headerless;
    /* the line of the run's last epoch when a `headed` end line with no header ended it
     * (0: none): a `headed` line right after it is the same fit's next epoch */
    unsigned headed_line;
    /* a notebook's elision in the run ("<<31 more lines>>"): its line (0: none), its text,
     * the epochs read before it; `guessed`: the epoch after it has a number not yet known
     * (its header elided: the next header's less one) */
    unsigned elided_line;
    char elided_text[48];
    size_t elided_pos;
    int guessed;
    /* the run's table header's column names after the epoch's (a `columns` group), "" none */
    struct br_buf columns;
    /* the total of the last unfinished bar ("143968/143988 [====>.]") since an epoch
     * ended, 0 when none: a finished bar of another total is another loop's */
    long bar_total;
    /* the total of the open epoch's bars ("229/449"), 0 when none shown yet: a finished
     * bar of another total ("113/113", an evaluate() after the fit was stopped) is not
     * its end */
    long open_total;
    /* the count and total of the open epoch's last bar that shows both ("26637/266371"),
     * 0 when none: a closing line after a bar short of its total is a validation inside
     * the epoch (Lightning's val_check_interval), and a bar of the open epoch with another
     * total is another training's, begun after this one stopped */
    long open_bar_n, open_bar_of;
    /*
     * A bar's last frame that a console capture kept where the bar was first drawn (wandb's
     * output.log: "Epoch 14: 100%|...|" above the checkpoint lines "Epoch 0, global step
     * 352: ..." of epochs 0 to 122): the epoch it read, set aside (has_stale) when the
     * closing lines after it begin again lower, until they reach it (stale_frame()).
     * after_seen: a closing line (`after`) was read in this run.
     */
    struct br_epoch stale;
    int has_stale, stale_open, after_seen;
    /* the run's one epoch read from a live display's last frame (a `last_frame` group: rich
     * redirected to a file), its index; 0 when none */
    unsigned last_frame;
    /* read for its failures only (no format found an epoch): the log's first line that no
     * rule matched, as cleaned, a launch's first words (relaunched()), and the line the
     * current launch began on */
    int failures_only;
    struct br_buf banner;
    unsigned launch_line;
    /* the launch counted: a line in the digit shape of the line before with other figures
     * ("epoch=0 i=1/530" after "i=0/530"), and that shape */
    int counted;
    char count_shape[64];
    /* the first bar outside_fit() set aside as an evaluate() after a fit: its steps and
     * line (0: none) */
    long eval_steps;
    unsigned eval_line;
    /* lines "Epoch N/M | ..." no rule matched, N from 1 up by one (foreign_line()): the
     * first and last, how many, N and M of the last, the epochs read before the first */
    unsigned foreign_first, foreign_last, foreign_n;
    long foreign_at, foreign_of;
    size_t foreign_epochs;
    char foreign_text[48];
};

static const char *grp(struct engine *e, const struct br_rule *r, int g, size_t *len)
{
    /* most rules lack most groups: no call into the match data for those (a 1 GB Keras
     * log asks for a dozen groups a line) */
    return r->group[g] ? br_rule_group(r, r->group[g], e->s, len) : NULL;
}

static int grp_double(struct engine *e, const struct br_rule *r, int g, double *v)
{
    size_t len;
    const char *p = grp(e, r, g, &len);
    if (!p)
        return 0;
    while (len && *p == ' ') {
        p++;
        len--;
    }
    if (len && *p == '+') {
        p++;
        len--;
    }
    return len && br_num_parse(p, p + len, v) > 0;
}

static int grp_long(struct engine *e, const struct br_rule *r, int g, long *v)
{
    size_t len;
    const char *p = grp(e, r, g, &len);
    char tmp[32];
    size_t k = 0;

    if (!p)
        return 0;
    for (size_t i = 0; i < len && k + 1 < sizeof(tmp); i++)
        if (p[i] != ',')
            tmp[k++] = p[i]; /* "1,563" */
    return br_long_parse(tmp, tmp + k, v) == 0;
}

/* Seconds per unit: s, ms, us, min, h. */
static double unit_scale(const char *u, size_t n)
{
    if (!u || n == 0 || (n == 1 && *u == 's') || (n >= 3 && !memcmp(u, "sec", 3)))
        return 1;
    if (n == 2 && !memcmp(u, "ms", 2))
        return 1e-3;
    if ((n == 2 && !memcmp(u, "us", 2)) || (n == 3 && !memcmp(u, "\xc2\xb5s", 3)))
        return 1e-6;
    if ((n == 1 && *u == 'm') || (n >= 3 && !memcmp(u, "min", 3)))
        return 60;
    if ((n == 1 && *u == 'h') || (n >= 2 && !memcmp(u, "hr", 2)) ||
        (n >= 4 && !memcmp(u, "hour", 4)))
        return 3600;
    return 1;
}

/* tqdm's elapsed field: "01:23", "1:02:03"; Python's timedelta past a day ("1 day,
 * 19:38:19", detectron2's eta and time to train). Returns seconds or NaN. */
static double elapsed_s(const char *p, size_t n)
{
    double parts[3], days;
    int np = 0;
    const char *end = p + n;

    p += br_timedelta_days(p, end, &days);
    while (p < end && np < 3) {
        size_t k = br_num_parse(p, end, &parts[np]);
        if (!k)
            return NAN;
        np++;
        p += k;
        if (p < end && *p == ':')
            p++;
        else
            break;
    }
    if (p != end || np < 2)
        return NAN;
    return days * 86400 +
           (np == 2 ? parts[0] * 60 + parts[1] : parts[0] * 3600 + parts[1] * 60 + parts[2]);
}

/*
 * The time of the steps a bar that ended its epoch did not show: a bar of `steps`
 * of its `total` at `t` s (tqdm prints 100% from 99.5% on, and a log without
 * carriage returns may keep no later refresh) took about t / steps for each
 * step left. 0 when the bar names no total or shows it.
 */
static double unseen_steps(struct engine *e, const struct br_rule *r, long steps, double t)
{
    long total;

    if (!grp_long(e, r, BR_G_TOTAL, &total) || total <= steps || steps <= 0)
        return 0;
    return t * (double)(total - steps) / (double)steps;
}

/*
 * A tqdm bar's time from its clock and its rate. Its elapsed field is int(t): "00:00" is
 * anything under a second, "01:54" 114 to 115 s. Lightning's bars average their rate over
 * the whole bar (smoothing=0): `steps` over the rate ("145.39it/s", "3.36s/it", two
 * decimals, so +- 0.005) lies in a window of its own, finer than the clock's second under
 * a few seconds, coarser past a minute (Delve-ERAV1's YOLOv3 console: "130/130 [01:54<00:00,
 * 1.13it/s]" is 114.54 to 115.56 s by the rate). The clock is never overruled: the time is
 * the part of the rate's window inside the clock's second (114.54 to 115 s), its middle
 * with that width. Returns 1 and sets *t and *res when the bar gives a rate whose window
 * meets the clock's second and narrows it; 0 otherwise (the clock alone times it: 10 steps
 * at "0.09it/s", 105 to 118 s, say no more than "01:49").
 */
static int rate_seconds(struct engine *e, const struct br_rule *r, double elapsed, double *t,
                        double *res)
{
    size_t len;
    const char *u = grp(e, r, BR_G_RATE, &len);
    long steps;
    double rate, lo = NAN, hi = NAN, rest;
    size_t k;

    if (!u || !grp_long(e, r, BR_G_STEPS, &steps) || steps <= 0 ||
        !(k = br_num_parse(u, u + len, &rate)) || !(rate > 0.005) || len - k != 4)
        return 0;
    if (!memcmp(u + k, "it/s", 4)) {
        lo = (double)steps / (rate + 0.005);
        hi = (double)steps / (rate - 0.005);
    } else if (!memcmp(u + k, "s/it", 4)) {
        lo = (double)steps * (rate - 0.005);
        hi = (double)steps * (rate + 0.005);
    }
    lo = br_round_us(fmax(lo, elapsed));
    hi = br_round_us(fmin(hi, elapsed + 1));
    if (!(lo < hi) || (lo == elapsed && hi == elapsed + 1))
        return 0;
    rest = br_round_us(unseen_steps(e, r, steps, (lo + hi) / 2));
    *t = (lo + hi) / 2 + rest;
    *res = hi - lo + 2 * rest;
    return 1;
}

static void finish_run(struct engine *e);

static void drop_stale(struct engine *e)
{
    if (e->has_stale)
        free(e->stale.metrics);
    e->has_stale = 0;
}

/*
 * Starts a run. The one before is finished first, while the engine still holds what
 * its lines said (how many epochs its summary says ran: 2.5 when max_steps stopped it,
 * so its time is not spread over 3 whole ones).
 */
static struct br_run *new_run(struct engine *e)
{
    finish_run(e);
    drop_stale(e); /* its run ended before reaching it */
    e->after_seen = 0;
    e->label_run = 0;
    e->run = br_source_new_run(e->src);
    e->run->first_line = e->last_line;
    e->run->zoned = 1;
    e->open = NULL;
    e->traceback = 0;
    e->bare_exception = 0;
    e->summarised = 0;
    e->stopped = 0;
    e->last_cum = NAN;
    e->last_cum_index = 0;
    e->ran = NAN;
    e->ran_unsaid = 0;
    e->runtime_cut = 0;
    e->bar_short = 0;
    e->left_s = NAN;
    e->left_line = 0;
    e->first_x = e->last_x = NAN;
    e->rounded_warned = 0;
    e->resumed = 0;
    br_hfsteps_release(&e->hf);
    e->hf_step = 0;
    e->hf_summary_step = 0;
    e->hf_end = -1;
    e->bar_samples = 0;
    e->bar_total = 0;
    br_buf_reset(&e->columns);
    if (e->f->framework)
        br_label_set(e->run, &e->run->framework, e->f->framework, BR_LABEL_LOG);
    if (e->gpu[0])
        e->run->hardware = br_arena_strdup(&e->run->arena, e->gpu);
    return e->run;
}

/*
 * A line before the run's first epoch that names an NVIDIA GPU ("Using device:
 * cuda (NVIDIA H100 80GB HBM3)", TensorFlow's "Created device ... name: ...")
 * names the hardware of this run and the ones after it.
 */
static void gpu_named(struct engine *e)
{
    if (e->gpu[0] || (e->run && e->run->nepochs) ||
        !br_hw_copy_gpu(e->s, e->n, e->gpu, sizeof(e->gpu)))
        return;
    if (e->run && !e->run->hardware)
        e->run->hardware = br_arena_strdup(&e->run->arena, e->gpu);
}

static struct br_run *cur_run(struct engine *e)
{
    return e->run ? e->run : new_run(e);
}

/*
 * An epoch's duration from its start and end times; NaN when the clock went
 * back between them (a daylight-saving fold: --tz places both and fills it
 * in, cli/tz.c; otherwise the epoch has no time, br_cli_settle_folds says so).
 */
static double span_of(double start, double end)
{
    return end >= start ? br_round_us(end - start) : NAN;
}

static void set_label(struct engine *e, const struct br_rule *r, int g, struct br_label *l)
{
    size_t len;
    const char *p = grp(e, r, g, &len);
    char tmp[128];

    if (!p || len == 0)
        return;
    if (len >= sizeof(tmp))
        len = sizeof(tmp) - 1;
    memcpy(tmp, p, len);
    tmp[len] = '\0';
    br_label_set(e->run, l, tmp, BR_LABEL_LOG);
}

static void labels(struct engine *e, const struct br_rule *r)
{
    set_label(e, r, BR_G_LABEL_DEVICE, &e->run->device);
    set_label(e, r, BR_G_LABEL_MODEL, &e->run->model);
    set_label(e, r, BR_G_LABEL_BATCH, &e->run->batch);
    set_label(e, r, BR_G_LABEL_FRAMEWORK, &e->run->framework);
}

static int has_labels(const struct br_rule *r)
{
    return r->group[BR_G_LABEL_DEVICE] || r->group[BR_G_LABEL_MODEL] ||
           r->group[BR_G_LABEL_BATCH] || r->group[BR_G_LABEL_FRAMEWORK];
}

static unsigned last_index(const struct br_run *r)
{
    return r->nepochs ? r->epochs[r->nepochs - 1].index : 0;
}

/* The epoch a rule's match names: 1-based from epoch, epoch0 + 1, or 0. */
static long named_epoch(struct engine *e, const struct br_rule *r)
{
    long v;
    if (grp_long(e, r, BR_G_EPOCH, &v))
        return v;
    if (grp_long(e, r, BR_G_EPOCH0, &v))
        return v + 1;
    return 0;
}

/* Drops the open epoch (it never ended). */
static void drop_open(struct engine *e)
{
    if (!e->open)
        return;
    free(e->open->metrics);
    e->run->nepochs--;
    e->open = NULL;
}

static void interrupted(struct engine *e);

/*
 * The run's one epoch, a finished line with no header before it (an excerpt that
 * opens with the end of an epoch), was epoch `index`, as the next header (less one)
 * or EarlyStopping's "Epoch 00104: early stopping" says, not epoch 1. Returns
 * whether it was renumbered.
 */
static int renumber_headerless(struct engine *e, long index)
{
    if (!e->headerless || !e->run || e->run->nepochs != 1 || e->run->epochs[0].index != 1 ||
        index < 2 || index > 10000000)
        return 0;
    e->run->epochs[0].index = (unsigned)index;
    return 1;
}

static void pending_metrics(struct engine *e);

/*
 * The resolution of a time between instants each known within `spread` (0: exact), the
 * readings cut to the second when `whole`: 0 when both are exact (the times' own resolution,
 * stamp_resolution, then applies); otherwise their spreads and, when cut, 1 s for each.
 */
static double spread_res(double spread, int whole)
{
    return spread > 0 ? spread + (whole ? 2 : 0) : 0;
}

/*
 * An epoch whose time reaches below 0 (its start and end each known only within seconds,
 * the balloon RTMDet log's 3 s epochs, the 1000th iteration's 'Exp name' one of two after
 * epoch 166: epoch 167 lasted -1 to 4 s) lasted 0 to its upper bound: its start moves up
 * to the middle of that.
 */
static void not_below_zero(struct br_epoch *ep)
{
    double hi = ep->duration + ep->res / 2;

    if (!(ep->duration - ep->res / 2 < 0) || !(hi >= 0))
        return;
    ep->duration = br_round_us(hi / 2);
    ep->res = hi;
    ep->start = ep->end - ep->duration;
}

/* How far apart the times are that the end of the epoch before `ep` lies between (0: exact). */
static double spread_before(const struct engine *e, const struct br_epoch *ep, int *whole)
{
    if (e->spread_run != e->run || e->spread_index + 1 != ep->index)
        return 0;
    *whole = e->spread_whole;
    return e->end_spread;
}

/*
 * The time of the open epoch that ended unseen (ended_unseen) at the line being read: it
 * ended at its `closing` line, between the first and the last of them when more, or else
 * between its last line and this one. It began where the epoch before ended, if that is
 * the one before, or at the line that began it when an epoch rule did (MMEngine's
 * "Checkpoints will be saved to"). Returns whether it has a time.
 */
static int unseen_time(struct engine *e)
{
    struct br_epoch *ep = e->open;
    const struct br_run *run = e->run;
    const struct br_epoch *before = run->nepochs >= 2 ? &run->epochs[run->nepochs - 2] : NULL;
    double lo = e->close_first, hi = e->close_last, start = NAN, spread = 0;
    int whole = e->close_whole, whole_before = 1;

    if (isnan(lo)) {
        lo = e->open_last_t;
        hi = e->t.t;
        whole = e->open_last_whole && e->t.whole;
    } else {
        ep->line = e->close_line;
    }
    if (!isnan(e->open_start) && e->open_from_epoch_rule)
        start = e->open_start;
    else if (before && before->index + 1 == ep->index) {
        start = before->end;
        spread = spread_before(e, ep, &whole_before);
    }
    if (isnan(lo) || isnan(hi) || hi < lo || isnan(start) || start > lo)
        return 0;
    ep->start = start;
    ep->end = (lo + hi) / 2;
    ep->duration = span_of(ep->start, ep->end);
    ep->res = spread_res(spread + (hi - lo), whole && whole_before);
    ep->cut = 0;
    not_below_zero(ep);
    e->spread_run = run;
    e->spread_index = ep->index;
    e->end_spread = hi - lo;
    e->spread_whole = whole;
    return 1;
}

/*
 * The open epoch ended, though no line shows its end: the line of rule `r` begins a later
 * one (ends_open). It has the values of its last progress line if the rule reads any, and
 * that line as its own (or its `closing` line); its time, when the lines give one,
 * unseen_time()'s; `r` is matched again on its own line afterwards, since reading those
 * values reuses its match.
 */
static void ended_unseen(struct engine *e, const struct br_rule *r)
{
    if (e->open_progress)
        e->open->line = e->open_progress_line;
    if (!unseen_time(e) && !e->unseen++)
        e->unseen_first = e->open->index;
    pending_metrics(e);
    br_rule_match(r, e->s, e->n);
    e->open = NULL;
}

/*
 * The epoch after an elision whose number was guessed (after_elision) is the one before
 * `index`, the header that follows it, when that is after the epoch before the elision;
 * otherwise (no number, or no room) its number is unknown and it is dropped.
 */
static void guessed_number(struct engine *e, long index, const struct br_rule *r)
{
    struct br_run *run = e->run;
    struct br_epoch *g = &run->epochs[run->nepochs - 1];
    unsigned before = run->nepochs > 1 ? run->epochs[run->nepochs - 2].index : 0;
    long of;

    e->guessed = 0;
    if (index - 1 <= (long)before || index > 10000000) {
        free(g->metrics);   /* no header says its number: not read */
        run->nepochs--;
        return;
    }
    g->index = (unsigned)(index - 1);
    if (grp_long(e, r, BR_G_OF, &of) && of > 0)
        g->of = (unsigned)of;
}

static void begin_epoch(struct engine *e, long index, const struct br_rule *r, int from_epoch)
{
    struct br_run *run = cur_run(e);
    size_t len;
    long of;

    if (e->guessed && !e->open)
        guessed_number(e, index, r);
    /* a second start that names no epoch, nothing since the first ("workflow: ..., max:
     * 12 epochs", then "Checkpoints will be saved to"): the same epoch's */
    if (index <= 0 && e->open && !e->open_progress)
        return;
    if (index <= 0)
        index = (long)last_index(run) + 1;
    if (e->open && e->open->index == (unsigned)index)
        return;
    if (e->open) {
        unsigned before = run->nepochs > 1 ? run->epochs[run->nepochs - 2].index : 0;
        /* Epoch 1 again while one is open: the run before stopped in it (a Trainer's log
         * at 'epoch': 63.31, then another launch's 'epoch': 0.05), so it was interrupted */
        if (before && (unsigned)index <= before)
            interrupted(e);
        else if ((unsigned)index > e->open->index && grp(e, r, BR_G_ENDS_OPEN, &len))
            ended_unseen(e, r);
        else
            drop_open(e); /* began, never ended: superseded */
    }
    e->pending_rule = NULL;
    if (run->nepochs && (unsigned)index <= last_index(run)) {
        interrupted(e); /* ended short of the epochs it planned, with no time to train */
        run = new_run(e); /* Epoch 1 again: another fit() */
    } else if (run->nepochs && e->summarised && !e->open) {
        /* after its time to train ("32 epochs completed in 0.054 hours."), a training's
         * epoch is another's, whatever its number (a README's excerpts of two runs: epochs
         * 26-32 of one, then the last of a 150-epoch run) */
        run = new_run(e);
    }
    if (renumber_headerless(e, index - 1) && grp_long(e, r, BR_G_OF, &of) && of > 0)
        run->epochs[0].of = (unsigned)of; /* "23/23 - 2s - ...", then "Epoch 157/500" */
    e->headerless = 0;
    e->open = br_run_add_epoch(run);
    e->open->index = (unsigned)index;
    if (grp_long(e, r, BR_G_OF, &of) && of > 0)
        e->open->of = (unsigned)of;
    e->open->line = e->last_line;
    e->open_start = e->t.t;
    e->open_from_epoch_rule = from_epoch;
    e->open_begun = NAN;
    e->open_last_t = e->t.t;
    e->open_last_whole = e->t.whole;
    e->close_first = e->close_last = NAN;
    e->open_progress = 0;
    e->open_total = 0;
    e->open_bar_n = e->open_bar_of = 0;
    e->ended_early = 0;
    if (!isnan(e->t.t) && !e->t.zoned)
        run->zoned = 0;
}

/* begin_epoch() from a progress line; a `begun` line's time is when the epoch began. */
static void begun_epoch(struct engine *e, long index, const struct br_rule *r)
{
    size_t len;

    begin_epoch(e, index, r, 0);
    if (e->open && e->open->index == (unsigned)index && grp(e, r, BR_G_BEGUN, &len))
        e->open_begun = e->t.t;
}

/* The words Python's repr() prints for non-finite floats: 1 with *v, or 0. */
static int python_word(const char *p, size_t n, double *v)
{
    static const struct { const char *w; double v; } words[] = {
        { "nan", NAN }, { "inf", INFINITY }, { "-inf", -INFINITY },
    };
    for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
        if (n == strlen(words[i].w) && !memcmp(p, words[i].w, n)) {
            *v = words[i].v;
            return 1;
        }
    return 0;
}

/* Applies the metric rules to the text of a `metrics` group. */
/* Whether epoch `ep` has a metric named [name, name + n). */
static int has_name(const struct br_epoch *ep, const char *name, size_t n)
{
    for (size_t i = 0; i < ep->nmetrics; i++)
        if (strlen(ep->metrics[i].name) == n && !memcmp(ep->metrics[i].name, name, n))
            return 1;
    return 0;
}

/* The values of text [p, p + n) by the format's metric rules, on `ep`; a validation's
 * (`validation`) named val_NAME where the epoch has NAME from its training. */
static void scan_metrics(struct engine *e, struct br_epoch *ep, const char *p, size_t n,
                         int validation)
{
    for (size_t i = 0; i < e->f->nrules; i++) {
        const struct br_rule *r = &e->f->rules[i];
        const char *s = p;
        size_t left = n;

        if (r->kind != BR_RULE_METRIC)
            continue;
        while (left && br_rule_match(r, s, left)) {
            size_t nl, vl, mend = 0;
            const char *name = br_rule_group(r, r->group[BR_G_NAME], s, &nl);
            const char *val = br_rule_group(r, r->group[BR_G_VALUE], s, &vl);
            double v;

            if (!name || !val)
                break;
            if (br_num_parse(val, val + vl, &v) == 0 && !python_word(val, vl, &v))
                v = NAN;
            if (validation && nl < 60 && (nl < 3 || strncmp(name, "val", 3)) &&
                has_name(ep, name, nl)) {
                char vn[64];    /* the training's value stays: this one is the validation's */
                int k = snprintf(vn, sizeof(vn), "val_%.*s", (int)nl, name);
                br_epoch_set_metric(e->run, ep, vn, (size_t)k, v);
            } else {
                br_epoch_set_metric(e->run, ep, name, nl, v);
            }
            mend = (size_t)(val + vl - s);
            if (mend == 0 || mend > left)
                break;
            s += mend;
            left -= mend;
        }
    }
}

/* The next blank-separated word of [*p, end), or 0 when none is left. */
static size_t next_word(const char **p, const char *end)
{
    const char *q;

    while (*p < end && isspace((unsigned char)**p))
        (*p)++;
    for (q = *p; q < end && !isspace((unsigned char)*q); q++)
        ;
    return (size_t)(q - *p);
}

/*
 * A table row's cells [p, p + n), each the value of the run's column in the same place
 * (fastai's "11  0.021245  0.392899  0.963000" under "epoch  train_loss  valid_loss
 * accuracy"): the metric columns only its header names. `time` is the epoch's, no value.
 */
static void column_metrics(struct engine *e, struct br_epoch *ep, const char *p, size_t n)
{
    const char *c = e->columns.buf, *cend = c + e->columns.len, *end = p + n;
    size_t cn, vn;

    while ((cn = next_word(&c, cend)) && (vn = next_word(&p, end))) {
        double v;
        if (!(cn == 4 && !memcmp(c, "time", 4)) && br_num_parse(p, p + vn, &v) == vn)
            br_epoch_set_metric(e->run, ep, c, cn, v);
        c += cn;
        p += vn;
    }
}

static void add_metrics(struct engine *e, const struct br_rule *r, struct br_epoch *ep)
{
    size_t len;
    const char *p = grp(e, r, BR_G_METRICS, &len);
    size_t vlen;
    int validation = grp(e, r, BR_G_VALIDATION, &vlen) != NULL;

    if (p)
        scan_metrics(e, ep, p, len, validation);
    for (size_t k = 0; k < r->nmgroup; k++) {
        const char *v = br_rule_group(r, r->mgroup[k].num, e->s, &len);
        double x;
        if (v && br_num_parse(v, v + len, &x) > 0)
            br_epoch_set_metric(e->run, ep, r->mgroup[k].name, strlen(r->mgroup[k].name), x);
    }
    if (e->columns.len && (p = grp(e, r, BR_G_CELLS, &len)))
        column_metrics(e, ep, p, len);
}

/*
 * Whether epoch `ep` has every value rule `r` names (its m_<name> groups; a rule with a
 * metrics group names none in advance): a second such line after the epoch (YOLO's `all`
 * lines of another validation pasted after it) would only overwrite them.
 */
static int has_rule_metrics(const struct br_rule *r, const struct br_epoch *ep)
{
    if (!r->nmgroup || r->group[BR_G_METRICS])
        return 0;
    for (size_t k = 0; k < r->nmgroup; k++)
        if (!br_epoch_has_metric(ep, r->mgroup[k].name))
            return 0;
    return 1;
}

/* Counts a time the log gave, for stamp_resolution. */
static void count_stamp(struct engine *e, const struct br_time *t)
{
    if (isnan(t->t))
        return;
    if (t->whole)
        e->stamps_whole++;
    else
        e->stamps_frac++;
}

/* Timestamps in start/stop groups. */
static double grp_time(struct engine *e, const struct br_rule *r, int g, int *zoned)
{
    size_t len;
    const char *p = grp(e, r, g, &len);
    struct br_time t;

    if (!p || br_time_parse(p, len, &t) != len)
        return NAN;
    *zoned = t.zoned;
    count_stamp(e, &t);
    return t.t;
}

/* The metrics of the epoch's last progress line (a loss the end line may not repeat). */
static void pending_metrics(struct engine *e)
{
    const char *s = e->s;
    size_t n = e->n;

    if (!e->pending_rule)
        return;
    e->s = e->pending.buf;
    e->n = e->pending.len;
    if (br_rule_match(e->pending_rule, e->s, e->n))
        add_metrics(e, e->pending_rule, e->open);
    e->s = s;
    e->n = n;
    e->pending_rule = NULL;
}

/*
 * The duration a `cumulative` clock gives the epoch `ep` ends: its reading less
 * the previous epoch's; the whole reading for a run's first epoch 1. NaN when
 * it gives none: no reading, 0 (fairseq 0.10 prints wall 0 after a resume, its
 * stopwatch restored stopped), an epoch between unread, no increase. *restart
 * is set when the clock went back (a new process appending to the log): then
 * the time since the previous epoch's line is not this epoch's either.
 */
static double cumulative_span(struct engine *e, const struct br_rule *r,
                              const struct br_epoch *ep, int *restart)
{
    double c, prev = e->last_cum, d = NAN;
    unsigned prev_index = e->last_cum_index;

    *restart = 0;
    if (!grp_double(e, r, BR_G_CUMULATIVE, &c) || !(c > 0) || !isfinite(c))
        return NAN;
    e->last_cum = c;
    e->last_cum_index = ep->index;
    if (isnan(prev))
        return ep->index == 1 && e->run->nepochs == 1 ? c : NAN;
    if (c < prev) {
        *restart = 1;
        br_source_diag(e->src, BR_NOTE, e->last_line, 1,
                       "the log's clock went back (%g s after %g s): a new process carried on "
                       "in this log, so epoch %u has no time", c, prev, ep->index);
        return NAN;
    }
    if (c > prev && prev_index + 1 == ep->index)
        d = br_round_us(c - prev);
    return d;
}

/* The resolution of the number group `g` prints, in its own unit; 0 when none. */
static double grp_res(struct engine *e, const struct br_rule *r, int g)
{
    size_t len;
    const char *p = grp(e, r, g, &len);
    double res;

    if (!p)
        return 0;
    while (len && (*p == ' ' || *p == '+')) {
        p++;
        len--;
    }
    res = br_num_resolution(p, p + len);
    return isnan(res) ? 0 : res;
}

/*
 * The duration the line `r` prints (Keras' "11s", tqdm's elapsed, fairseq's
 * running wall), with its resolution. Returns 1 when it is one printed in
 * whole seconds by a progress bar or a clock, 0 otherwise (none included).
 */
static int line_duration(struct engine *e, const struct br_rule *r, struct br_epoch *ep,
                         int *restart)
{
    double d, scale;
    size_t len;
    const char *u;
    long steps;

    e->elapsed = NAN;
    if (grp_double(e, r, BR_G_DURATION, &d)) {
        u = grp(e, r, BR_G_DURATION_UNIT, &len);
        scale = unit_scale(u, u ? len : 0);
        ep->duration = d * scale;
        ep->res = grp_res(e, r, BR_G_DURATION) * scale;
        ep->cut = grp(e, r, BR_G_CUT, &len) != NULL; /* Keras 1 to 2.0: ' - %ds' */
        return 0;
    }
    if ((u = grp(e, r, BR_G_ELAPSED, &len))) {
        /* tqdm, rich and fastai print int(t): a real Lightning epoch of 391 steps at
         * 198.43 it/s, 1.97 s, printed 00:01; "00:11" is 11 to 12 s */
        ep->duration = e->elapsed = elapsed_s(u, len);
        ep->res = 1;
        ep->cut = !grp(e, r, BR_G_ROUNDED, &len); /* Ultralytics' own bar rounds */
        /* to three figures when the bar's rate times it (a sub-second epoch is no 0.5 s) */
        if (!isnan(ep->duration) && rate_seconds(e, r, ep->duration, &ep->duration, &ep->res)) {
            ep->cut = 0;
        } else if (!isnan(ep->duration) && grp_long(e, r, BR_G_STEPS, &steps)) {
            /* the steps it did not show, at the pace of those it did: in [t, t + 1)
             * for the shown ones, so t / steps to (t + 1) / steps each */
            double lo = unseen_steps(e, r, steps, ep->duration);
            double hi = unseen_steps(e, r, steps, ep->duration + 1);
            ep->duration += lo;
            ep->res += hi - lo;
        }
        return 1;
    }
    if (!isnan(d = cumulative_span(e, r, ep, restart))) {
        ep->duration = d;
        /* the difference of two readings (fairseq's wall is whole seconds) */
        ep->res = 2 * grp_res(e, r, BR_G_CUMULATIVE);
        return 1;
    }
    return 0;
}

/* line_duration(), but the time of an after line with `validation` is that validation's,
 * never the epoch's own: validation_time() adds it to the epoch before */
static int printed_duration(struct engine *e, const struct br_rule *r, struct br_epoch *ep,
                            int *restart)
{
    size_t len;

    if (r->kind == BR_RULE_AFTER && grp(e, r, BR_G_VALIDATION, &len)) {
        e->elapsed = NAN;
        return 0;
    }
    return line_duration(e, r, ep, restart);
}

/*
 * An epoch printed as 0 s (Keras' "0s 850us/step", tqdm's "00:00"): it took
 * less than its resolution allows above 0, and at least its steps after the
 * first at their time per step when the line gives them (Keras leaves the
 * first, slower step out of that time: tf.keras' "5/5 - 0s 101ms/step" is
 * 4 x 0.1005 s, under half a second), else more than nothing. Its duration is the middle of
 * that, its resolution the width. `step_res` is the step time's resolution;
 * NaN when there is no step time.
 */
static void zero_epoch(struct br_epoch *ep, double step_res)
{
    double lo = 0, hi;

    if (!(ep->duration == 0 && ep->res > 0))
        return;
    if (ep->steps > 0 && ep->step_s > 0 && !isnan(step_res))
        lo = (double)(ep->steps - 1) * (ep->step_s - step_res / 2);
    hi = br_epoch_above(ep);
    if (!(lo >= 0 && lo < hi))
        return;
    ep->duration = br_round_us((lo + hi) / 2);
    ep->res = br_round_us(hi - lo);
    ep->cut = 0;
}

/*
 * A bar of Keras 2.0 to 2.3 that counts samples ("Train on 7500 samples", then
 * "7500/7500 [====] - 0s 58us/step"): its time per unit is the bar's whole time
 * over the samples, so samples x that time is the epoch's to the unit's last
 * digit. Taken when it agrees with the rounded seconds and is the narrower of
 * the two (37800 samples at "1ms/sample" are 37.8 s to 37.8 s, the "39s" 39 s to
 * 1 s); else the seconds stand. A bar that names its unit ("80us/sample", TF 1.15
 * to 2.1) counts samples without a "Train on" line.
 */
static void sample_epoch(struct br_epoch *ep, long samples, double unit_s, double unit_res)
{
    double t = (double)samples * unit_s, res = (double)samples * unit_res;

    if (isnan(ep->duration) || !(ep->res > 0) || samples <= 0 || !(t > 0) ||
        fabs(t - ep->duration) > (ep->res + res) / 2 + 1e-9 || !(res < ep->res))
        return;
    ep->duration = br_round_us(t);
    ep->res = br_round_us(res);
}

/*
 * Where a step time Keras' Progbar printed lies, in seconds: its _format_time() prints
 * '%.0f' of the time in s from 1 s up, in ms from 1 ms up, else in us, so "21ms/step" is
 * 20.5 to 21.5 ms and "1ms/step" 1 to 1.5 ms (under 1 ms it would be "999us/step").
 */
static void keras_step_bounds(double st, double scale, double res, double *lo, double *hi)
{
    *lo = fmax(0, (st - res / 2) * scale);
    *hi = (st + res / 2) * scale;
    if (st >= 1 && (scale == 1 || scale == 1e-3))
        *lo = fmax(*lo, scale);
}

/*
 * A bar whose step time is the epoch's time over all its steps (all_steps: Keras 3's
 * verbose=2 line, drawn once at the epoch's end, "34/34 - 0s - 1ms/step"): the epoch took
 * `steps` times it, within the printed seconds. Its time is the middle of where both allow
 * (34 to 51 ms for that line, "1s - 21ms/step" 0.697 to 0.731 s), its resolution that
 * width; the seconds alone stand where the two do not meet.
 */
static void all_steps_epoch(struct br_epoch *ep, double step_lo, double step_hi)
{
    double lo, hi;

    if (isnan(ep->duration) || !(ep->res > 0) || ep->steps <= 0)
        return;
    lo = fmax(fmax(0, ep->duration - br_epoch_below(ep)), (double)ep->steps * step_lo);
    hi = fmin(ep->duration + br_epoch_above(ep), (double)ep->steps * step_hi);
    lo = br_round_us(lo);
    hi = br_round_us(hi);
    if (!(lo < hi))
        return;
    ep->duration = br_round_us((lo + hi) / 2);
    ep->res = br_round_us(hi - lo);
    ep->cut = 0;
}

/* Ends the open epoch with what the line `r` matched says. */
static void end_epoch(struct engine *e, const struct br_rule *r)
{
    struct br_epoch *ep = e->open;
    struct br_run *run = e->run;
    double st, prev_end = NAN, step_res = NAN;
    long steps;
    size_t len;
    const char *u;
    int zoned = 1, rounded, restart = 0, of_samples = 0;

    e->bar_total = 0;
    e->ended_early = e->open_progress == 0;

    /* the ending rule's match data is its own: a progress rule never ends an epoch */
    pending_metrics(e);
    /* the previous epoch's end is this one's start only when it is the one before: epochs
     * between that the log shows no end of (an MMEngine log's, its last iteration not
     * logged, no checkpoint, no validation) leave this one's start unknown */
    if (run->nepochs >= 2 && run->epochs[run->nepochs - 2].index + 1 == ep->index)
        prev_end = run->epochs[run->nepochs - 2].end;
    rounded = printed_duration(e, r, ep, &restart);
    if (grp_long(e, r, BR_G_SAMPLES, &steps) && steps > 0)
        of_samples = 1;                 /* the bar says so: ".../sample" */
    else if (e->bar_samples > 0 && grp_long(e, r, BR_G_STEPS, &steps) && steps == e->bar_samples)
        of_samples = 1;                 /* "Train on N samples", then a bar of N */
    if (!of_samples) {
        if (grp_long(e, r, BR_G_STEPS, &steps))
            ep->steps = steps;
        if (grp_double(e, r, BR_G_STEP_TIME, &st)) {
            double scale;
            u = grp(e, r, BR_G_STEP_UNIT, &len);
            scale = unit_scale(u, u ? len : 0);
            ep->step_s = st * scale;
            step_res = grp_res(e, r, BR_G_STEP_TIME) * scale;
            /* one step: Keras times it from the epoch's start to its end (validation in),
             * "1/1 - 0s 163ms/step" is 0.163 s, as one sample's bar is */
            if (ep->steps == 1) {
                sample_epoch(ep, 1, ep->step_s, step_res);
            } else if (grp(e, r, BR_G_ALL_STEPS, &len)) {
                double lo, hi;
                keras_step_bounds(st, scale, grp_res(e, r, BR_G_STEP_TIME), &lo, &hi);
                all_steps_epoch(ep, lo, hi);
            }
        }
    } else if (grp_double(e, r, BR_G_STEP_TIME, &st)) {
        double scale;
        u = grp(e, r, BR_G_STEP_UNIT, &len);
        scale = unit_scale(u, u ? len : 0);
        sample_epoch(ep, steps, st * scale, grp_res(e, r, BR_G_STEP_TIME) * scale);
    }
    zero_epoch(ep, step_res);
    add_metrics(e, r, ep);
    ep->line = e->last_line;
    ep->end = e->t.t;
    if (!isnan(e->open_start) && e->open_from_epoch_rule)
        ep->start = e->open_start;
    /* explicit timestamps in the line win over line times */
    if (!isnan(st = grp_time(e, r, BR_G_START, &zoned))) {
        ep->start = st;
        run->zoned = zoned;
    }
    if (!isnan(st = grp_time(e, r, BR_G_STOP, &zoned))) {
        ep->end = st;
        run->zoned = zoned;
    }
    if (isnan(ep->start) && rounded && !isnan(ep->end) && !isnan(prev_end))
        ep->start = prev_end;
    /* the epoch's own begin line, where the end before gives no start (fairseq's epoch 1,
     * whose wall counts from the trainer's setup) */
    if (isnan(ep->start) && e->open_begun <= ep->end && (isnan(prev_end) || restart))
        ep->start = e->open_begun;
    if (!isnan(ep->start) && !isnan(ep->end)) {
        ep->duration = span_of(ep->start, ep->end);
        ep->res = 0;   /* the times' own resolution: stamp_resolution */
        ep->cut = 0;
    } else if (!isnan(ep->end) && !isnan(ep->duration)) {
        ep->start = ep->end - ep->duration;
    } else if (!isnan(ep->end) && !isnan(prev_end) && !restart) {
        int whole = 1;
        ep->start = prev_end;
        ep->duration = span_of(ep->start, ep->end);
        /* the end before known only between two times (ended_unseen) */
        ep->res = spread_res(spread_before(e, ep, &whole), whole && e->t.whole);
        ep->cut = 0;
        not_below_zero(ep);
    }
    if (!isnan(e->t.t) && !e->t.zoned)
        run->zoned = 0;
    e->open = NULL;
    e->open_begun = NAN;
}

/*
 * Notes an evaluation after the training's summary, the final model's, with its figures:
 * they are reported apart, in the note, not as an epoch's.
 */
static void final_evaluation(struct engine *e, const struct br_rule *r, unsigned index)
{
    struct br_epoch tmp = { 0 };
    char vals[200];
    size_t n = 0, i;

    add_metrics(e, r, &tmp);
    vals[0] = '\0';
    for (i = 0; i < tmp.nmetrics; i++) {
        int w = snprintf(vals + n, sizeof vals - n, " %s=%g", tmp.metrics[i].name,
                         tmp.metrics[i].value);
        if (w < 0 || (size_t)w >= sizeof vals - n - 4) {
            vals[n] = '\0';
            break;
        }
        n += (size_t)w;
    }
    br_source_diag(e->src, BR_NOTE, e->last_line, 1,
                   "an evaluation after the training's summary at epoch %u (trainer.evaluate(), "
                   "often of a test set) is the final model's, left out of the epoch:%s%s",
                   index, vals, i < tmp.nmetrics ? " ..." : "");
    free(tmp.metrics);
}

/* The value epoch `ep` has for `name`: *v and 1, or 0. */
static int metric_value(const struct br_epoch *ep, const char *name, double *v)
{
    for (size_t i = 0; i < ep->nmetrics; i++)
        if (!strcmp(ep->metrics[i].name, name)) {
            *v = ep->metrics[i].value;
            return 1;
        }
    return 0;
}

/*
 * Hugging Face: another training dictionary ('loss') at the whole epoch k an earlier one
 * ended, and no bar gives their steps (float_step): the Trainer rounds the epoch to two
 * places, so 'epoch': 1.0 is printed from step 438 to 442 of a 440-step epoch
 * (Neelectric/open-r1_safety's log without its bars), and which of them ends epoch k is
 * unknown: the first may come before its end, a later one is epoch k+1's. The values they
 * name are dropped from the epoch, with a warning. The same dictionary printed twice (every
 * line of a log twice) changes nothing.
 */
static void rounded_again(struct engine *e, const struct br_rule *r, struct br_epoch *last)
{
    struct br_epoch tmp = { 0 };
    size_t i, kept = 0;
    int same = 1;
    double v;

    add_metrics(e, r, &tmp);
    for (i = 0; i < tmp.nmetrics; i++)
        same &= metric_value(last, tmp.metrics[i].name, &v) && v == tmp.metrics[i].value;
    for (i = 0; !same && i < last->nmetrics; i++)
        if (!metric_value(&tmp, last->metrics[i].name, &v))
            last->metrics[kept++] = last->metrics[i];
    if (!same)
        last->nmetrics = kept;
    if (!same && e->rounded_warned != last->index) {
        e->rounded_warned = last->index;
        br_source_diag(e->src, BR_WARNING, e->last_line, 1,
                       "epoch %u's training values are not shown: more than one dictionary "
                       "says 'epoch': %u.0 (the Trainer rounds it to two places), and no bar "
                       "gives their steps, so which one ends the epoch is unknown",
                       last->index, last->index);
    }
    free(tmp.metrics);
}

/*
 * Hugging Face: the training step of the line's dictionary, from the bar before it (0: none
 * or another bar's), noted with its printed epoch (hfstep.h); the steps per epoch, when the
 * run's bar and its planned epochs give them and every dictionary fits, put the dictionary
 * in its epoch: *k, and *ends when its step is the epoch's last. Returns whether they did.
 */
static int float_step(struct engine *e, const struct br_rule *r, double x, long *k, int *ends)
{
    size_t xn;
    const char *xs = grp(e, r, BR_G_EPOCH_FLOAT, &xn);
    long step = e->bar.step, spe;

    if (!e->has_bar || step <= 0 || (e->hf.total && e->bar.total != e->hf.total) || !xs)
        return 0;
    e->hf_step = step;
    br_hfsteps_pair(&e->hf, step, x, xs, xn);
    if (!e->hf.total || !(spe = br_hfsteps_spe(&e->hf, e->planned, 0)))
        return 0;
    *k = (step + spe - 1) / spe;
    *ends = step % spe == 0;
    return 1;
}

/*
 * The open epoch ended where no line marks it (fractional epochs that step past a whole
 * number: PaddleNLP's 'epoch: 0.9804' at 18:06:22.431, then 1.0196 at 18:06:24.286): between
 * its last line and this one, the middle taken, their gap its end's spread, which the next
 * epoch's time carries as ended_unseen()'s does (spread_before(): epoch 2, ended by 'epoch:
 * 2.0' at 18:08:29.320, lasted 125.034 to 126.889 s, not 126.889 s).
 */
static void ended_between(struct engine *e)
{
    struct br_epoch *ep = e->open;
    double last = ep->end;

    e->open = NULL;
    if (isnan(last) || isnan(e->t.t) || !(e->t.t >= last))
        return;
    ep->end = (last + e->t.t) / 2;
    e->spread_run = e->run;
    e->spread_index = ep->index;
    e->end_spread = e->t.t - last;
    e->spread_whole = e->t.whole;
}

/*
 * Hugging Face: fractional epochs; epoch k is the one that ceil(x) names. An integral x
 * ends epoch x; 0 ends none: the Trainer rounds the epoch to two places, so the first
 * steps of epoch 1 print 'epoch': 0.0. The bar's step, when the steps per epoch are known,
 * says it exactly (float_step): 'epoch': 1.0 at step 442 of 440 a epoch is epoch 2's.
 */
static void progress_float(struct engine *e, const struct br_rule *r, double x)
{
    long k = (long)ceil(x - 1e-9);
    int ends = k >= 1 && fabs(x - (double)k) < 1e-9, stepped;

    if (k < 1)
        k = 1;
    stepped = float_step(e, r, x, &k, &ends);
    if (e->run && e->run->nepochs && x < e->last_x - 1e-9 &&
        (e->open || (long)last_index(e->run) >= k)) {
        /* the epoch counts back ('epoch': 2.5, then 2.25 or 0.05): another launch of the
         * training, in a log that may lack the Trainer's "***** Running training *****"
         * (transformers' logging at WARNING prints the dictionaries only); after a run that
         * did not finish, past its first dictionary, it resumed from a checkpoint, and its
         * time to train counts that session only (after a finished one, or from the same
         * first point, it is a training of its own: another train() in a notebook) */
        int resume = x > e->first_x + 1e-9 && !e->summarised && isnan(e->run->runtime_s);
        interrupted(e);
        new_run(e);
        e->resumed = resume;
    }
    if (e->run && !e->open && e->run->nepochs && last_index(e->run) == (unsigned)k &&
        (ends || (e->summarised && !memmem(e->s, e->n, "'loss'", 6)))) {
        /* the evaluation after the epoch that ended here: its metrics are that epoch's.
         * After the training's summary it is trainer.evaluate() called by the script (the
         * Trainer logs an epoch's own evaluation before the summary), as often as not of a
         * test set under eval_ names, or at 'epoch': 2.5 after a max_steps stop: the
         * final model's, no epoch's, whether or not the epoch evaluated */
        struct br_epoch *last = &e->run->epochs[e->run->nepochs - 1];
        if (e->summarised) {
            final_evaluation(e, r, last->index);
            return;
        }
        if (!stepped && ends && memmem(e->s, e->n, "'loss'", 6) && last->line != e->last_line) {
            rounded_again(e, r, last);
            e->last_x = x;
            return;
        }
        add_metrics(e, r, last);
        e->last_x = x;
        return;
    }
    if (!e->open || e->open->index != (unsigned)k) {
        if (e->open && e->open->index < (unsigned)k)
            ended_between(e);
        begin_epoch(e, k, r, 0);
        if (e->planned > 0 && !e->open->of)
            e->open->of = (unsigned)(e->planned < 1000000 ? e->planned : 0);
    }
    add_metrics(e, r, e->open);
    e->open->end = e->t.t;
    if (isnan(e->first_x))
        e->first_x = x;
    e->last_x = x;
    if (ends)
        end_epoch(e, r);
}

/*
 * Whether the run had trained every epoch it planned: its last epoch ended, and it is
 * the last of its count ("Epoch 10/10" done, or the Trainer's "Num Epochs = 10"). A
 * script that fails after that (saving the model, printing a character its console
 * cannot encode) did not stop its training: the failure is said, the run stays finished.
 */
static int trained_all(const struct engine *e)
{
    const struct br_run *run = e->run;
    const struct br_epoch *last;

    if (!run || !run->nepochs || e->open)
        return 0;
    last = &run->epochs[run->nepochs - 1];
    return (last->of > 0 && last->index >= last->of) ||
           (e->planned > 0 && (long)last->index >= e->planned);
}

/*
 * A failure `why` of the launcher's, torch.distributed.elastic's ChildFailedError (an empty
 * message: a child failed): the child's exception instead, into *why, *n and *line, the first
 * a rank's prefixed lines showed ("[rank2]: TypeError: ..." 128 lines before it: accelerate
 * launch of an FSDP run whose 8 ranks failed building the model). Returns 0 where the run
 * failed already (children print without a prefix: their exception was read first, and
 * stands), else 1.
 */
static int child_failure(struct engine *e, const char **why, size_t *n, unsigned *line)
{
    int failed = e->run->status == BR_RUN_DNF;

    if (!br_child_failed(*why, *n))
        return 1;
    if (!failed && e->ranks.line) {
        *why = e->ranks.text;
        *n = strlen(e->ranks.text);
        *line = e->ranks.line;
    }
    /* (read: a later launch's ranks are its own; the text stays until one is read) */
    e->ranks.line = 0;
    e->ranks.traceback = 0;
    return !failed;
}

static void dnf(struct engine *e, const char *why, size_t n, unsigned line)
{
    struct br_run *run = cur_run(e);
    char reason[160];
    int oom;

    if (!child_failure(e, &why, &n, &line))
        return;
    oom = memmem(why, n, "out of memory", 13) || memmem(why, n, "OutOfMemory", 11) ||
          memmem(why, n, "ResourceExhausted", 17) || memmem(why, n, "RESOURCE_EXHAUSTED", 18);
    if (run->status == BR_RUN_DNF && run->reason && !strcmp(run->reason, "out of memory"))
        return; /* the first cause stands */
    if (oom)
        snprintf(reason, sizeof(reason), "out of memory");
    else if (n == 6 && !memcmp(why, "Killed", 6))
        snprintf(reason, sizeof(reason), "killed");
    else if ((n > 9 && !memcmp(why, "walltime ", 9)) || (n > 4 && !memcmp(why, "JOB ", 4)))
        snprintf(reason, sizeof(reason), "killed by the batch system: %.*s",
                 (int)(n > 120 ? 120 : n), why);
    else if (n == 17 && !memcmp(why, "KeyboardInterrupt", 17) && run->status == BR_RUN_DNF)
        return; /* another process's (a DataLoader worker's): the first stands */
    else if (n == 17 && !memcmp(why, "KeyboardInterrupt", 17) && e->open)
        snprintf(reason, sizeof(reason), "interrupted in epoch %u", e->open->index);
    else if (n == 17 && !memcmp(why, "KeyboardInterrupt", 17))
        snprintf(reason, sizeof(reason), "interrupted");
    else
        snprintf(reason, sizeof(reason), "error: %.*s", (int)(n > 120 ? 120 : n), why);
    if (trained_all(e) && run->status == BR_RUN_OK) {
        br_source_diag(e->src, BR_WARNING, line, 1,
                       "after epoch %u, the last the run planned, the script failed (%s): "
                       "its training had ended, so the run stays finished",
                       last_index(run), reason);
        return;
    }
    if (e->summarised && !e->open && run->nepochs && run->status == BR_RUN_OK) {
        /* the trainer's summary said its training ended (an early stop short of the plan),
         * and the script failed after it, writing its predictions (PaddleNLP's fewclue
         * a9.cmnli-ft-b, a JSONDecodeError 40 lines after "Training completed.") */
        br_source_diag(e->src, BR_WARNING, line, 1,
                       "after the training's summary, the script failed (%s): its training "
                       "had ended, so the run stays finished", reason);
        return;
    }
    run->status = BR_RUN_DNF;
    run->reason = br_arena_strdup(&run->arena, reason);
    run->reason_line = line;
}

/*
 * After a Traceback, the first unindented "SomethingError: ..." line says what failed,
 * or a name alone ("KeyboardInterrupt", which carries no message).
 */
static int exception_line(struct engine *e)
{
    return br_exception_line(e->s, e->n);
}

/*
 * A progress line of the epoch that just ended: a bar redrawn after it
 * (tqdm without carriage returns, nested validation bars), not a new run.
 */
static int redrawn(struct engine *e, long idx)
{
    return !e->open && e->run && e->run->nepochs && (unsigned)idx == last_index(e->run);
}

/* The last epoch's closing bar again: new metrics, and a longer elapsed time. */
static void reprinted(struct engine *e, const struct br_rule *r)
{
    struct br_epoch *ep = &e->run->epochs[e->run->nepochs - 1];
    size_t len;
    const char *u = grp(e, r, BR_G_ELAPSED, &len);
    double d, t, res;
    int timed = !isnan(e->t.t) && !isnan(ep->start);
    long steps;

    add_metrics(e, r, ep);
    if (ep->steps < 0 && grp_long(e, r, BR_G_STEPS, &steps) && steps > 0)
        ep->steps = steps; /* its checkpoint's line came first (a README's excerpt) */
    if (!u || isnan(d = elapsed_s(u, len)))
        return;
    /* without line times, a bar whose rate times it: its time if longer (validation in) */
    if (!timed && rate_seconds(e, r, d, &t, &res)) {
        if (!(isnan(ep->duration) || t > ep->duration))
            return;
        e->elapsed = d;
        ep->line = e->last_line;
        ep->duration = t;
        ep->res = res;
        ep->cut = 0;
        if (!isnan(ep->start))
            ep->end = ep->start + t;
        return;
    }
    /* with line times, the same elapsed second later on (the bar drawn again after the
     * validation) moves the end there too: the epoch's time takes its validation in */
    if (!(isnan(e->elapsed) || d > e->elapsed ||
          (timed && d == e->elapsed && e->t.t > ep->end)))
        return;
    e->elapsed = d;
    ep->line = e->last_line;
    if (timed) {
        ep->end = e->t.t;
        ep->duration = span_of(ep->start, ep->end);
    } else {
        ep->duration = d;
        ep->res = 1;
        ep->cut = !grp(e, r, BR_G_ROUNDED, &len);   /* as line_duration's */
        if (!isnan(ep->start))
            ep->end = ep->start + d;
    }
}

/*
 * An after line that is still the last epoch's (its validation, printed after
 * the line that ended it): the epoch ends here, so that the next one's time
 * begins after it and each epoch's includes its own validation.
 */
static void extend_last(struct engine *e)
{
    struct br_epoch *ep = &e->run->epochs[e->run->nepochs - 1];

    if (isnan(e->t.t) || (!isnan(ep->end) && e->t.t < ep->end))
        return;
    ep->end = e->t.t;
    if (!isnan(ep->start))
        ep->duration = span_of(ep->start, ep->end);
}

/*
 * The time of the last epoch's validation, printed after the line that timed its training
 * (Ultralytics' validation bar, "Class Images ... 100% 58/58 1.5it/s 38.5s" after the
 * training's "409/409 1.5it/s 4:25"; YOLOv5's, "... 17/17 [00:22<" after "[06:21<"):
 * added to the epoch's time, which then spans both, from the sum of their lowest to the sum
 * of their highest; the middle of that when either was not cut. Once per epoch (a capture may keep the bar's last refresh twice); an epoch with
 * no time of its own gets none from it, and one placed by line times has it (extend).
 */
static void validation_time(struct engine *e, const struct br_rule *r, struct br_epoch *ep)
{
    struct br_epoch v = { .duration = NAN };
    double elapsed = e->elapsed, lo, hi;
    int restart = 0;

    if (!r->group[BR_G_DURATION] && !r->group[BR_G_ELAPSED])
        return;
    if (isnan(ep->duration) || !isnan(ep->end) ||
        (e->val_run == e->run && e->val_index == ep->index))
        return;
    (void)line_duration(e, r, &v, &restart);
    e->elapsed = elapsed;   /* the training bar's clock stays the epoch's (reprinted()) */
    if (isnan(v.duration))
        return;
    e->val_run = e->run;
    e->val_index = ep->index;
    lo = ep->duration - br_epoch_below(ep) + v.duration - br_epoch_below(&v);
    hi = ep->duration + br_epoch_above(ep) + v.duration + br_epoch_above(&v);
    if (ep->cut && v.cut) {
        ep->duration = br_round_us(ep->duration + v.duration);
        ep->res = br_round_us(hi - lo);
    } else {
        ep->duration = br_round_us((lo + hi) / 2);
        ep->res = br_round_us(hi - lo);
        ep->cut = 0;
    }
}

/*
 * A progress line's bar of the open epoch ("Epoch 0:  10%|...| 21475/214754 [") whose total
 * is not the one its bars showed so far: another training's bar, the one before stopped
 * in this epoch (two trainings' excerpts pasted one after the other). With `note`, the
 * bar's count and total are noted as the open epoch's instead.
 */
static int bar_restarts(struct engine *e, const struct br_rule *r, int note)
{
    long n, of;

    if (!e->open || !r->group[BR_G_TOTAL] || !grp_long(e, r, BR_G_TOTAL, &of) || of <= 0 ||
        !grp_long(e, r, BR_G_STEPS, &n) || named_epoch(e, r) != (long)e->open->index)
        return 0;   /* (the total first: most progress rules have none, Keras' bars) */
    if (!note)
        return e->open_bar_of > 0 && of != e->open_bar_of;
    e->open_bar_n = n;
    e->open_bar_of = of;
    return 0;
}

/* Whether the open epoch's last bar stood short of its total: a closing line now is a
 * validation inside the epoch, which goes on. */
static int inside_epoch(const struct engine *e, long idx)
{
    return e->open && e->open_bar_of > 0 && e->open_bar_n < e->open_bar_of &&
           (idx <= 0 || (unsigned)idx == e->open->index);
}

/*
 * The total of a progress bar that starts the line ("  32/143988 [...."), or 0. A count
 * above its total is no bar left short: tf.keras' get_file() counts a download's bytes in
 * whole chunks, its last over the file's size ("94773248/94765736 [====] - 1s 0us/step",
 * xtliu97/tensorflow-metal-speedtest's tf_test.ipynb, before each model's evaluate() and
 * fit() bars, which a total of it would set aside as another loop's): 0 too.
 */
static long bar_total(const char *s, size_t n)
{
    size_t i = 0;
    long t = 0, c = 0;

    while (i < n && s[i] == ' ')
        i++;
    if (i >= n || !isdigit((unsigned char)s[i]))
        return 0;
    for (; i < n && isdigit((unsigned char)s[i]); i++)
        if (c < 1000000000L)
            c = c * 10 + (s[i] - '0');
    if (i >= n || s[i] != '/')
        return 0;
    for (i++; i < n && isdigit((unsigned char)s[i]) && t < 1000000000L; i++)
        t = t * 10 + (s[i] - '0');
    return c > t ? 0 : t;
}

/* Whether the format counts iterations only: no rule of it names an epoch (detectron2). */
static int counts_iterations(const struct br_logfmt *f)
{
    for (size_t i = 0; i < f->nrules; i++)
        if (f->rules[i].kind == BR_RULE_EPOCH || f->rules[i].group[BR_G_EPOCH] ||
            f->rules[i].group[BR_G_EPOCH0] || f->rules[i].group[BR_G_EPOCH_FLOAT])
            return 0;
    return 1;
}

/* Whether the format's epochs begin with a header line ("Epoch 3/10"). */
static int has_epoch_rule(const struct br_logfmt *f)
{
    for (size_t i = 0; i < f->nrules; i++)
        if (f->rules[i].kind == BR_RULE_EPOCH)
            return 1;
    return 0;
}

/*
 * A header-less end line of a `headed` rule on the line right after the run's last epoch,
 * itself ended so: the same fit's next epoch, its header taken out of the log (a Keras 1
 * sweep's "21s - loss: 2.5982 - val_acc: 0.3260" lines, ten per configuration).
 */
static int headed_next(struct engine *e, const struct br_rule *r)
{
    size_t len;

    return e->run && e->run->nepochs && e->headed_line &&
           e->headed_line == e->last_text_line &&
           e->run->epochs[e->run->nepochs - 1].line == e->headed_line &&
           grp(e, r, BR_G_HEADED, &len);
}

/*
 * Passes over the one-argument fits ahead of the cell's next call when another call
 * follows them: "scaler.fit(x)" before "model.fit(x, y, epochs=100)" or before
 * "model.evaluate(x, y)" is scikit-learn's. One that no call follows is the cell's fit
 * ("causal_lm.fit(imdb_train_reviews)"). Returns whether a call is left.
 */
static int skip_weak(struct engine *e)
{
    unsigned i = e->call_pos;

    while (i < e->ncalls && e->calls[i] == CALL_WEAK)
        i++;
    if (i < e->ncalls)
        e->call_pos = i;
    return e->call_pos < e->ncalls;
}

/* Whether the cell's next call is a fit (a model's, or a one-argument one left). */
static int next_is_fit(struct engine *e)
{
    return skip_weak(e) && e->calls[e->call_pos] != CALL_EVAL;
}

/*
 * A finished bar with no epoch open and no epoch number (Keras) that is not
 * a fit()'s: a bar with no metrics (predict); without val_ metrics, one after
 * a fit() that printed "Epoch N/M", or after a header-less fit(epochs=1) bar
 * (Keras prints no "Epoch 1/1") one with another step count (evaluate).
 * Otherwise it is a fit(epochs=1) of its own: a new run.
 */
static int outside_fit(struct engine *e, const struct br_rule *r)
{
    const struct br_epoch *last;
    size_t len;
    long steps;
    const char *m = grp(e, r, BR_G_METRICS, &len);
    int metrics = 0;

    for (size_t i = 0; m && i < len; i++)
        metrics |= m[i] == ':' || m[i] == '=';
    if (!metrics && !r->nmgroup) {
        /* a fit's bar shows its loss: one without metrics is a predict()'s, or a download's
         * (get_file()'s " 11490434/11490434 ━━━━ 0s 0us/step" after a cell that only
         * defines a function calling fit()), and takes a fit's call from none */
        if (skip_weak(e) && e->calls[e->call_pos] == CALL_EVAL)
            e->call_pos++;
        return 1;
    }
    if (skip_weak(e) && has_epoch_rule(e->f)) /* the code says whose bar */
        return e->calls[e->call_pos++] == CALL_EVAL;
    /* the cell's calls used, its fit's epochs shown with their headers: a bar of that fit
     * whose "Epoch" line the author cut ("Epoch 3/2000", "...", a bar, "Epoch 322/2000"),
     * no fit of its own */
    if (e->ncalls && e->cell_epochs && has_epoch_rule(e->f))
        return 1;
    /* the fit's bar ("143968/143988") never finished; this one counts something else
     * (a script's Keras Progbar over 16000 test samples) */
    if (e->bar_total > 0 && grp_long(e, r, BR_G_STEPS, &steps) && steps != e->bar_total)
        return 1;
    if (!e->run || !e->run->nepochs || (m && memmem(m, len, "val_", 4)))
        return 0; /* evaluate() never prints val_ metrics: a fit()'s */
    last = &e->run->epochs[e->run->nepochs - 1];
    if (last->of > 0 ||
        (grp_long(e, r, BR_G_STEPS, &steps) && last->steps >= 0 && steps != last->steps)) {
        if (grp_long(e, r, BR_G_STEPS, &steps) && !e->eval_line) {
            e->eval_steps = steps;  /* evaluate_first() looks for its like before */
            e->eval_line = e->last_line;
        }
        return 1;
    }
    return 0;
}

/*
 * A finished bar with no metrics in an epoch that its header opened (Keras): predict()
 * run by a callback before the epoch's own line ("Epoch 1/100", " 1/1 ━━━━ 1s 684ms/step",
 * then "50/50 - 8s - 158ms/step - loss: 0.0284 - val_loss: 0.0057"), never the epoch's end:
 * a fit's bar always shows its loss.
 */
static int bare_bar(struct engine *e, const struct br_rule *r)
{
    size_t len;
    const char *m;

    if (!r->group[BR_G_METRICS] || r->nmgroup)
        return 0;
    m = grp(e, r, BR_G_METRICS, &len);
    for (size_t i = 0; m && i < len; i++)
        if (m[i] == ':' || m[i] == '=')
            return 0;
    return 1;
}

/*
 * A finished bar whose seconds are fewer than its steps took at its time per step
 * (" 146/146 ━━━━ 0s 260ms/step - loss: 0.32": 146 x 0.2595 s is 38 s): Keras 3 draws its
 * bar at the last step with the time left, before validation and the epoch's own line
 * (" 146/146 ━━━━ 54s 317ms/step - ... - val_loss: 0.09"), which a message on the error
 * stream (a notebook's "Corrupt JPEG data") leaves on a line of its own: not the epoch's end.
 */
static int eta_bar(struct engine *e, const struct br_rule *r)
{
    long steps;
    double d, st, scale;
    size_t len;
    const char *u;

    if (grp(e, r, BR_G_DURATION_UNIT, &len) || !grp_long(e, r, BR_G_STEPS, &steps) ||
        !grp_double(e, r, BR_G_DURATION, &d) || !grp_double(e, r, BR_G_STEP_TIME, &st))
        return 0;
    u = grp(e, r, BR_G_STEP_UNIT, &len);
    scale = unit_scale(u, u ? len : 0);
    /* a second over the printed time: no rounding or truncation of either makes that (the
     * step time leaves the first step out: zero_epoch()) */
    return (double)(steps - 1) * (st - grp_res(e, r, BR_G_STEP_TIME) / 2) * scale > d + 1;
}

/*
 * A finished bar with no header before it that is the last epoch's again, after its
 * validation: Keras 3 draws the bar at the last step (" 13/13 ━━━━ 0s 9ms/step - accuracy:
 * 0.31 - loss: 1.55") and, once validation is done, again with the val_ values (" 13/13
 * ━━━━ 2s 36ms/step - ... - val_loss: 1.78"), a terminal over the first, a notebook's
 * page below it. The epoch (from its header) ended at the first, "0s" and no val_; this
 * one has the same steps and val_ values: the epoch ends here instead. (A fit(epochs=1)
 * with validation after a fit of epochs over half a second each is a run of its own.)
 */
static int revalidated(struct engine *e, const struct br_rule *r)
{
    const struct br_epoch *last;
    size_t len;
    long steps;
    const char *m = grp(e, r, BR_G_METRICS, &len);

    if (!e->run || !e->run->nepochs || !m || !memmem(m, len, "val_", 4) ||
        !has_epoch_rule(e->f))
        return 0;
    last = &e->run->epochs[e->run->nepochs - 1];
    /* the bar at the last step shows the time left, "0s": an epoch under half a second */
    if (!last->of || !grp_long(e, r, BR_G_STEPS, &steps) || steps != last->steps ||
        !(last->duration < 0.5))
        return 0;
    for (size_t i = 0; i < last->nmetrics; i++)
        if (!strncmp(last->metrics[i].name, "val_", 4))
            return 0;
    return 1;
}

/*
 * Hugging Face: a console that keeps only the bar's frames tqdm ended with a newline (Colab's
 * `!python train.py`: " 20% 266/1330 [02:58<09:37,  1.84it/s]" after each epoch's evaluation,
 * AdamHermes/MKGL-master's train_log.txt) pairs no dictionary with its step. Its summary
 * does, at the bar's last step, once the bar has shown it: 'epoch': 5.0 at step 1330, 266
 * steps an epoch. summary_bar_times() checks that the bar's clock is the time to train.
 */
static void summary_step(struct engine *e, const struct br_rule *r, double x)
{
    size_t xn;
    const char *xs = grp(e, r, BR_G_EPOCH_FLOAT, &xn);
    double end = br_hfsteps_clock(&e->hf, e->hf.total);

    if (e->hf.pairs || !xs || end < 0)
        return;
    br_hfsteps_pair(&e->hf, e->hf.total, x, xs, xn);
    e->hf_summary_step = e->hf.pairs > 0;
    e->hf_end = end;
}

/*
 * A summary that says how many epochs ran (epoch_float): the epoch still open
 * is the last one, ended here, and partial when the training stopped inside it.
 */
static void summary_epochs(struct engine *e, const struct br_rule *r)
{
    double x;
    struct br_epoch *ep = e->open;

    if (r->group[BR_G_EPOCH_FLOAT] && !grp(e, r, BR_G_EPOCH_FLOAT, &(size_t){ 0 })) {
        /* a summary that does not say how far the training got (a README pasting
         * "{'train_runtime': 306.9394, ..., 'train_loss': " cut before 'epoch'): the training
         * ended, so the epoch still open ended with it, whole or not; how many epochs the
         * time covers is not known */
        e->ran_unsaid = 1;
        if (ep) {
            ep->end = e->t.t;
            e->pending_rule = NULL;
            e->open = NULL;
        }
        return;
    }
    if (!grp_double(e, r, BR_G_EPOCH_FLOAT, &x) || !(x > 0) || x > 1e7)
        return;
    e->ran = x;
    summary_step(e, r, x);
    if (!ep || ep->index != (unsigned)ceil(x - 1e-9))
        return;
    ep->end = e->t.t;
    ep->partial = fabs(x - round(x)) > 1e-6;
    e->pending_rule = NULL;
    e->open = NULL;
}

/*
 * An end line whose bar counts the training's epochs (epochs_bar, scvi-tools): epochs up to
 * its count ended, none timed on its own; its elapsed clock, when the rule reads it, is the
 * run's time to train (finish_run shares it out), its metrics the last epoch's. A count
 * below the run's epochs
 * is another training's bar; the same bar drawn again (tqdm's close) adds to the last.
 */
static void epochs_bar(struct engine *e, const struct br_rule *r)
{
    long n, of = 0;
    size_t len;
    const char *u = grp(e, r, BR_G_ELAPSED, &len);
    double d = u ? elapsed_s(u, len) : NAN;
    struct br_run *run;

    if (!grp_long(e, r, BR_G_EPOCH, &n) || n <= 0 || n > 1000000)
        return;
    grp_long(e, r, BR_G_OF, &of);
    if (e->run && e->run->nepochs > (size_t)n) {
        interrupted(e);
        new_run(e);
    }
    run = cur_run(e);
    e->open = NULL;
    while (run->nepochs < (size_t)n) {
        struct br_epoch *ep = br_run_add_epoch(run);
        ep->index = (unsigned)run->nepochs;
        ep->of = of > 0 ? (unsigned)of : 0;
        ep->line = e->last_line;
    }
    run->epochs[n - 1].line = e->last_line;
    add_metrics(e, r, &run->epochs[n - 1]);
    if (!isnan(d) && (isnan(run->runtime_s) || d > run->runtime_s)) {
        run->runtime_s = d;
        e->runtime_cut = 1;   /* tqdm's clock: whole seconds, cut */
    }
    if (of > 0)
        e->planned = of;
    e->bar_short = of > n ? (unsigned)n : 0;
    e->bar_line = e->last_line;
}

/*
 * A progress line with batch and batches that is the epoch's last batch
 * (batch + 1 == batches, as timm counts them): it begins the epoch it names if
 * that is not open, and ends it. Returns 1 when it ended an epoch.
 */
static int last_batch(struct engine *e, const struct br_rule *r)
{
    long b, nb, idx;
    struct br_epoch *ep;

    if (!r->group[BR_G_BATCH] || !r->group[BR_G_BATCHES])
        return 0; /* most formats: one test per progress line */
    if (!grp_long(e, r, BR_G_BATCH, &b) || !grp_long(e, r, BR_G_BATCHES, &nb) || nb <= 0 ||
        b + 1 < nb || b >= nb || ((idx = named_epoch(e, r)) > 0 && redrawn(e, idx)))
        return 0;
    if (!e->open || (idx > 0 && e->open->index != (unsigned)idx))
        begin_epoch(e, idx, r, 0);
    ep = e->open;
    e->pending_rule = NULL;   /* this line's metrics are read as the end's */
    end_epoch(e, r);
    if (ep->steps < 0)
        ep->steps = nb;
    return 1;
}

/*
 * The run ends (the next run's header, or the end of the file) with an epoch open: it was
 * interrupted in it, which the last line with text shows; the open epoch is dropped. A run
 * that ends with no epoch, no failure and no time to train (a launch whose log stops
 * while it loads its data, the next launch appended after it) was interrupted before its
 * first: not a training that finished.
 */
static void interrupted(struct engine *e)
{
    struct br_run *run = e->run;
    unsigned idx;

    if (!run)
        return;
    if (!e->open && run->nepochs && run->status == BR_RUN_OK && isnan(run->runtime_s) &&
        e->planned > (long)last_index(run)) {
        run->status = BR_RUN_DNF;
        run->reason = br_arena_printf(&run->arena, "interrupted after epoch %u of %ld",
                                      last_index(run), e->planned);
        run->reason_line = e->last_text_line;
        return;
    }
    if (!e->open && (run->nepochs || run->status != BR_RUN_OK || !isnan(run->runtime_s)))
        return;
    if (e->open && e->open->partial && run->status == BR_RUN_OK) {
        /* the log said the training stops inside this epoch, as it was set to (Lightning's
         * Timer: "Time limit reached. ... Signaling Trainer to stop."): it ends here,
         * partial, and the run with it */
        e->open = NULL;
        return;
    }
    idx = e->open ? e->open->index : 0;
    drop_open(e);
    if (run->status != BR_RUN_OK)
        return;
    run->status = BR_RUN_DNF;
    /* a run of iterations (detectron2) has no epochs to be before: it stopped before
     * the line that says its training ended */
    run->reason = idx ? br_arena_printf(&run->arena, "interrupted in epoch %u", idx)
                  : counts_iterations(e->f)
                      ? br_arena_strdup(&run->arena, "interrupted before its training ended")
                      : br_arena_strdup(&run->arena, "interrupted before its first epoch");
    run->reason_line = e->last_text_line;
}

/*
 * A closing line naming epoch `idx` below the run's only epoch, which a bar gave (no closing
 * line yet in the run, so not a run of its own ended by one): the bar was a last frame
 * printed out of order (struct engine's stale), not a run before this one. Sets it aside.
 */
static int stale_frame(struct engine *e, long idx)
{
    struct br_run *run = e->run;

    if (idx <= 0 || e->after_seen || e->has_stale || !run || run->nepochs != 1 ||
        (unsigned)idx >= run->epochs[0].index)
        return 0;
    e->stale = run->epochs[0];
    e->has_stale = 1;
    e->stale_open = e->open != NULL;
    run->nepochs = 0;
    e->open = NULL;
    e->pending_rule = NULL;
    return 1;
}

/* The closing lines reached the set-aside frame's epoch: its time and metrics are that
 * epoch's (the closing line's own values win). */
static void merge_stale(struct engine *e)
{
    struct br_run *run = e->run;
    struct br_epoch *ep;

    if (!e->has_stale || !run || !run->nepochs ||
        run->epochs[run->nepochs - 1].index != e->stale.index)
        return;
    ep = &run->epochs[run->nepochs - 1];
    if (isnan(ep->duration) && !e->stale_open) {
        ep->duration = e->stale.duration;
        ep->res = e->stale.res;
        ep->cut = e->stale.cut;
        ep->steps = e->stale.steps;
        ep->step_s = e->stale.step_s;
    }
    for (size_t i = 0; i < e->stale.nmetrics; i++) {
        const char *name = e->stale.metrics[i].name;
        int have = 0;
        for (size_t k = 0; k < ep->nmetrics && !have; k++)
            have = !strcmp(ep->metrics[k].name, name);
        if (!have && !e->stale_open)
            br_epoch_set_metric(run, ep, name, strlen(name), e->stale.metrics[i].value);
    }
    drop_stale(e);
}

/* At the log's end: a set-aside frame of the epoch after the last one closed is where the
 * log stopped (open: interrupted in it; ended: the run's last epoch); any other is dropped. */
static void settle_stale(struct engine *e)
{
    struct br_run *run = e->run;
    struct br_epoch *ep;

    if (!e->has_stale)
        return;
    if (!run || e->open || e->stale.index != last_index(run) + 1) {
        drop_stale(e);
        return;
    }
    ep = br_run_add_epoch(run);
    *ep = e->stale;
    e->has_stale = 0;
    if (e->stale_open)
        e->open = ep;
}

/*
 * A Traceback begins (its exception line, next, says what failed), also glued after a
 * progress line's bar, the crash inside it ("Epoch 1:  40%|#### | 20/50 [00:04<00:06,
 * ...]Traceback (most recent call last):"), which a progress rule read. One after
 * "Exception ignored in" or a thread's ("Exception in thread Thread-2 (_readerthread):",
 * warned of) is one the script went on from.
 */
static void begin_traceback(struct engine *e)
{
    if (br_exception_ignored(e->prev_s, e->prev_n) ||
        br_thread_traceback(e->src, e->prev_s, e->prev_n, e->last_line))
        return; /* the last line with text before it said so */
    cur_run(e); /* first: a new run starts with no Traceback pending */
    e->traceback = 1;
    e->traceback_line = e->last_line;
}

/*
 * "<<31 more lines>>" alone on a line: Jupyter's front ends (and handson-ml2's notebooks as
 * committed) keep a long output's head and tail and print the count of the lines between.
 */
static int is_elision(const char *s, size_t n)
{
    size_t i = 2;

    while (n && isspace((unsigned char)s[n - 1]))
        n--;
    if (n < 16 || memcmp(s, "<<", 2) || memcmp(s + n - 13, " more lines>>", 13))
        return 0;
    while (i < n - 13 && isdigit((unsigned char)s[i]))
        i++;
    return i > 2 && i == n - 13;
}

/*
 * The elision of a run noted by elided() is settled: a warning names it and the epochs it
 * hid (those between the last epoch before it and the first after), which are not read.
 * Nothing after it (the run's end elided): the run is not called finished unless its last
 * epoch shown is the last it was set to train.
 */
static void settle_elision(struct engine *e)
{
    struct br_run *run = e->run;
    unsigned before, after;

    if (!e->elided_line || !run)
        return;
    if (e->guessed) {    /* no header after it: the epoch's number is unknown */
        free(run->epochs[--run->nepochs].metrics);
        e->guessed = 0;
    }
    before = e->elided_pos ? run->epochs[e->elided_pos - 1].index : 0;
    if (e->elided_pos < run->nepochs) {
        after = run->epochs[e->elided_pos].index;
        if (after > before + 1)
            br_source_diag(e->src, BR_WARNING, e->elided_line, 1,
                           "'%s' (an elided output) hides epoch%s %u%s%s: %s not read, so "
                           "this run shows fewer epochs than it ran", e->elided_text,
                           after == before + 2 ? "" : "s", before + 1,
                           after == before + 2 ? "" : " to ",
                           after == before + 2 ? ""
                               : br_arena_printf(&run->arena, "%u", after - 1),
                           after == before + 2 ? "it is" : "they are");
    } else if (run->nepochs) {
        const struct br_epoch *last = &run->epochs[run->nepochs - 1];
        br_source_diag(e->src, BR_WARNING, e->elided_line, 1,
                       "'%s' (an elided output) hides the rest of this run after epoch %u: "
                       "how it went on is not read", e->elided_text, last->index);
        if (run->status == BR_RUN_OK && !(last->of && last->index >= last->of)) {
            run->status = BR_RUN_DNF;
            run->reason = br_arena_printf(&run->arena, "its output after epoch %u is elided",
                                          last->index);
            run->reason_line = e->elided_line;
        }
    }
    e->elided_line = 0;
}

/* An elision line (is_elision) in a run: an open epoch's end is hidden in it (dropped). */
static void elided(struct engine *e)
{
    size_t n = e->n < sizeof(e->elided_text) - 1 ? e->n : sizeof(e->elided_text) - 1;

    settle_elision(e);
    if (!e->run)
        return;
    drop_open(e);
    while (n && isspace((unsigned char)e->s[n - 1]))
        n--;
    memcpy(e->elided_text, e->s, n);
    e->elided_text[n] = '\0';
    e->elided_line = e->last_line;
    e->elided_pos = e->run->nepochs;
}

/*
 * A finished bar with no header right after an elision: the end of an epoch whose header
 * it hid (handson-ml2's "<<31 more lines>>" then epoch 33's bar, then "Epoch 34/50"). Its
 * number is the next header's less one, until then the one after the last (guessed).
 */
static int after_elision(struct engine *e, const struct br_rule *r)
{
    if (!e->elided_line || e->elided_line != e->last_text_line || !e->run || e->open)
        return 0;
    begin_epoch(e, 0, r, 0);
    e->guessed = 1;
    return 1;
}

/* A `closing` line: where the open epoch may have ended (unseen_time). */
static void closing(struct engine *e)
{
    if (!e->open || isnan(e->t.t))
        return;
    if (isnan(e->close_first)) {
        e->close_first = e->t.t;
        e->close_whole = 1;
    }
    e->close_last = e->t.t;
    e->close_whole = e->close_whole && e->t.whole;
    e->close_line = e->last_line;
}

static void apply(struct engine *e, const struct br_rule *r)
{
    double x;
    long count;
    size_t len;
    const char *p;

    if (r->kind == BR_RULE_END || r->kind == BR_RULE_AFTER || r->kind == BR_RULE_EPOCH ||
        r->kind == BR_RULE_RUN)
        e->unfinished = 0;   /* what the last `unfinished` line began is done */
    if (grp(e, r, BR_G_FRAMEWORK_SIGN, &len))
        e->signed_by_framework = 1;

    switch (r->kind) {
    case BR_RULE_RUN:
        if (!grp(e, r, BR_G_LAUNCH, &len) && e->run && e->label_run && !e->run->nepochs &&
            !e->open && e->run->status == BR_RUN_OK) {
            e->label_run = 0;   /* the banner that named it came first: the same run */
        } else {
            interrupted(e);
            e->planned = 0;
            new_run(e);
            /* a launch's first line: the training's own run line comes next */
            e->label_run = grp(e, r, BR_G_LAUNCH, &len) != NULL;
        }
        labels(e, r);
        br_buf_reset(&e->columns);
        if ((p = grp(e, r, BR_G_COLUMNS, &len)))
            br_buf_add(&e->columns, p, len);
        if (grp_long(e, r, BR_G_PLANNED, &count) && count > 0)
            e->planned = count; /* fairseq's arguments: max_epoch=50 */
        break;
    case BR_RULE_LABEL:
        if (!e->run || (e->run->nepochs && !e->open)) {
            interrupted(e); /* short of the epochs it planned, with no time to train */
            new_run(e);
            e->label_run = 1;
        }
        labels(e, r);
        if (grp_long(e, r, BR_G_PLANNED, &count) && count > 0)
            e->planned = count; /* the Trainer's "Num Epochs = 30" */
        if (grp_long(e, r, BR_G_SAMPLES, &count) && count > 0)
            e->bar_samples = count;
        break;
    case BR_RULE_EPOCH:
        br_digit_shape(e->s, e->n, e->header, sizeof(e->header));
        /* the cell's fit() prints its epochs (the first shown may be a later one, the
         * output cut): its call is used */
        if ((named_epoch(e, r) == 1 || !e->cell_epochs) && next_is_fit(e)) {
            e->call_pos++;
            if (e->run && e->run->nepochs && !e->open)
                new_run(e); /* another fit(), whatever epoch it shows first */
        }
        e->cell_epochs = 1;
        begin_epoch(e, named_epoch(e, r), r, 1);
        if (has_labels(r))
            labels(e, r);
        if (grp_long(e, r, BR_G_PLANNED, &count) && count > 0)
            e->planned = count; /* mmcv's "workflow: [('train', 1)], max: 5 epochs" */
        break;
    case BR_RULE_PROGRESS:
        if (grp(e, r, BR_G_CLOSING, &len)) {
            closing(e);
            break;
        }
        if ((p = grp(e, r, BR_G_LEFT, &len))) {
            e->left_s = elapsed_s(p, len);
            e->left_line = e->last_line;
        }
        if (!e->open && e->run && e->run->nepochs && grp(e, r, BR_G_UNFINISHED, &len)) {
            e->unfinished = last_index(e->run);
            break;
        }
        if (last_batch(e, r))
            break;
        if (r->group[BR_G_TOTAL] && bar_restarts(e, r, 0)) {
            unsigned at = e->open_progress_line;
            interrupted(e);
            if (e->run->reason_line > at)
                e->run->reason_line = at; /* its last bar, not the next training's lines */
            new_run(e);
        }
        if (!e->open) /* only a bar outside an epoch is looked at (outside_fit) */
            e->bar_total = bar_total(e->s, e->n);
        else if (!e->open_total)
            e->open_total = bar_total(e->s, e->n);
        if (e->open && grp(e, r, BR_G_PARTIAL, &len))
            e->open->partial = 1;   /* stopped before its end: never in the statistics */
        if (grp_double(e, r, BR_G_EPOCH_FLOAT, &x) && x >= 0 && x <= 1e7)
            progress_float(e, r, x);   /* a bigger "epoch" is no epoch (and no long) */
        else if ((count = named_epoch(e, r)) > 0 && !redrawn(e, count))
            begun_epoch(e, count, r);
        else if (count > 0 && e->ended_early)
            add_metrics(e, r, &e->run->epochs[e->run->nepochs - 1]); /* its own, later */
        if (e->open) {
            e->open_progress++;
            e->open_progress_line = e->last_line;
            e->open_last_t = e->t.t;
            e->open_last_whole = e->t.whole;
            e->close_first = e->close_last = NAN;   /* they were inside it */
            if (r->group[BR_G_TOTAL])
                bar_restarts(e, r, 1);
        }
        if (grp_long(e, r, BR_G_PLANNED, &count) && count > 0)
            e->planned = count;
        if (e->open && !grp(e, r, BR_G_EPOCH_FLOAT, &len) &&
            (r->group[BR_G_METRICS] || r->nmgroup)) {
            br_buf_reset(&e->pending);
            br_buf_add(&e->pending, e->s, e->n);
            e->pending_rule = r;
        }
        /* the crash inside the bar: "...]Traceback (most recent call last):" */
        if (e->n && e->s[e->n - 1] == ':' && br_traceback_line(e->s, e->n))
            begin_traceback(e);
        break;
    case BR_RULE_END: {
        long idx = named_epoch(e, r);
        int hl = 0, chained;
        if (grp(e, r, BR_G_EPOCHS_BAR, &len)) {
            epochs_bar(e, r);
            break;
        }
        if (grp_long(e, r, BR_G_PLANNED, &count) && count > 0)
            e->planned = count; /* "`Trainer.fit` stopped: `max_epochs=30` reached." */
        if (e->open && e->open_from_epoch_rule && idx <= 0 && (bare_bar(e, r) || eta_bar(e, r)))
            break;
        if (e->open && e->open_total > 0 && idx <= 0 && grp_long(e, r, BR_G_STEPS, &count) &&
            count != e->open_total)
            break; /* another loop's bar: the epoch's own never finished */
        if (!e->open && e->stopped && grp(e, r, BR_G_PARTIAL, &len))
            new_run(e); /* another stop at max_steps: another fit's (threestudio's six) */
        if (!e->open && e->run && e->run->nepochs && idx > 0 &&
            (unsigned)idx == last_index(e->run)) {
            /* the last epoch's bar printed again (Lightning after validation, or after
             * fit()): its metrics, and its elapsed time, which now includes validation */
            reprinted(e, r);
            break;
        }
        /* the time left at the last step of a fit whose header the output lacks (a page
         * that shows its fit's last lines only): the epoch's own line follows */
        if (!e->open && idx <= 0 && eta_bar(e, r))
            break;
        if (!e->open && idx <= 0)
            after_elision(e, r);
        if (!e->open && idx <= 0 && revalidated(e, r)) {
            e->open = &e->run->epochs[e->run->nepochs - 1];
            end_epoch(e, r);    /* again, with this bar's time and its val_ values */
            break;
        }
        if (!e->open && idx <= 0 && outside_fit(e, r))
            break;
        if (idx > 0 && (idx == 1 || !e->cell_epochs) && next_is_fit(e))
            e->call_pos++; /* "Epoch 1/30 52/52 [====] ...": the cell's fit() */
        if (idx > 0)
            e->cell_epochs = 1;
        chained = !e->open && idx <= 0 && headed_next(e, r);
        if (!e->open && idx <= 0 && has_epoch_rule(e->f) && !chained) {
            idx = 1; /* a header-less fit(epochs=1): a run of its own */
            hl = 1;
        }
        if (!e->open || (idx > 0 && e->open->index != (unsigned)idx))
            begin_epoch(e, idx, r, 0);
        e->headerless = hl && e->run->nepochs == 1;
        if (grp(e, r, BR_G_PARTIAL, &len))
            e->open->partial = e->stopped = 1;  /* stopped inside it, as the run was set to */
        end_epoch(e, r);
        e->headed_line = (hl || chained) && grp(e, r, BR_G_HEADED, &len) ? e->last_line : 0;
        if (grp(e, r, BR_G_LAST_FRAME, &len) && e->run->nepochs == 1)
            e->last_frame = e->run->epochs[0].index;
        if (e->n && isdigit((unsigned char)e->s[e->n - 1])) {
            br_buf_reset(&e->tail);    /* it ends in a figure that may go on below */
            br_buf_add(&e->tail, e->s, e->n);
            e->tail_rule = r;
        }
        break;
    }
    case BR_RULE_AFTER: {
        long idx = named_epoch(e, r);
        unsigned last;
        stale_frame(e, idx);
        last = e->run ? last_index(e->run) : 0;
        e->after_seen = 1;
        if (e->open && idx > 0 && (unsigned)idx > e->open->index && !e->open->nmetrics) {
            /* "Saving checkpoint at 10 epochs" while the log showed none of epochs 1 to 9
             * (an MMEngine epoch loop logging by iterations): the span since the open
             * one began is ten epochs', no epoch's time; the epoch closed is 10 */
            e->open->index = (unsigned)idx;
            e->open_from_epoch_rule = 0;
            e->open_start = e->open_begun = NAN;
            end_epoch(e, r);
        } else if (inside_epoch(e, idx)) {
            /* "Epoch 0, global step 26637: 'val/nll' reached ..." after the bar at 10% */
        } else if (e->open) {
            end_epoch(e, r);
        } else if (e->summarised) {
            break;
        } else if (e->run && e->run->nepochs && idx <= 0 &&
                   has_rule_metrics(r, &e->run->epochs[e->run->nepochs - 1])) {
            /* its values came with the first such line after it: they stand */
        } else if (e->run && e->run->nepochs && (idx <= 0 || (unsigned)idx == last)) {
            add_metrics(e, r, &e->run->epochs[e->run->nepochs - 1]);
            if (grp(e, r, BR_G_EXTEND, &len))
                extend_last(e);
            if (grp(e, r, BR_G_VALIDATION, &len))
                validation_time(e, r, &e->run->epochs[e->run->nepochs - 1]);
        } else if (idx > 0) {
            /* an epoch known only by its closing line (Lightning checkpoints) */
            begin_epoch(e, idx, r, 0);
            end_epoch(e, r);
        }
        merge_stale(e);
        break;
    }
    case BR_RULE_SUMMARY:
        if (grp(e, r, BR_G_EPOCHS_BAR, &len))
            e->bar_short = 0;  /* the epochs bar stopped short as the run was set to */
        if (grp_long(e, r, BR_G_PLANNED, &count) && count > 0)
            e->planned = count; /* "`Trainer.fit` stopped: `max_epochs=30` reached." */
        if (e->open && grp(e, r, BR_G_PARTIAL, &len)) {
            e->open->partial = e->stopped = 1;  /* a max_steps stop inside it, as set */
            end_epoch(e, r);
        }
        if (e->run && (p = grp(e, r, BR_G_RUNTIME, &len)) && memchr(p, ':', len)) {
            /* a clock: "0:05:52" (detectron2's total training time) */
            if (!isnan(x = elapsed_s(p, len)))
                e->run->runtime_s = x;
            e->summarised = 1;
        } else if (e->run && grp_double(e, r, BR_G_RUNTIME, &x)) {
            p = grp(e, r, BR_G_DURATION_UNIT, &len);
            e->run->runtime_s = x * unit_scale(p, p ? len : 0);
            e->summarised = 1;
            summary_epochs(e, r);
        } else if (e->run && !r->group[BR_G_RUNTIME]) {
            e->summarised = 1; /* the training said it ended ("Epoch 00114: early stopping") */
            if (!e->open)
                renumber_headerless(e, named_epoch(e, r));
        }
        break;
    case BR_RULE_DNF:
        p = grp(e, r, BR_G_DNF, &len);
        if (p && len == 9 && !memcmp(p, "Traceback", 9))
            begin_traceback(e);
        else if (p)
            dnf(e, p, len, e->last_line);
        break;
    default:
        break;
    }
}

/*
 * Durations from times printed to the second (logging's datefmt '%H:%M:%S'):
 * each is the difference of two readings cut to the second, so within +- 1 s.
 * They are when every time the log gave so far had no fraction.
 */
static void stamp_resolution(const struct engine *e, struct br_run *run)
{
    if (e->stamps_whole && !e->stamps_frac)
        br_run_whole_stamps(run);
}

/*
 * Ends a run: a traceback makes it DNF, a summary runtime is spread over
 * epochs that have no duration, whole-second line times give their resolution.
 */
/*
 * Epochs without a time whose previous epoch the log shows no end of (an MMEngine log
 * shows epochs 5, 10, ...: its last iterations not logged, validation every 5): where
 * they began is unknown. Returns how many; *first is the first one's index.
 */
static size_t unended_before(const struct br_run *run, unsigned *first)
{
    size_t n = 0;

    for (size_t i = 0; i < run->nepochs; i++) {
        const struct br_epoch *ep = &run->epochs[i];
        unsigned before = i ? run->epochs[i - 1].index : 0;
        if (isnan(ep->duration) && ep->index != before + 1 && !n++)
            *first = ep->index;
    }
    return n;
}

/* Epochs a last frame may stand after (before_last_frame): more is no training's */
#define LAST_FRAME_MAX_EPOCHS 100000

/*
 * The run's one epoch is a live display's last frame, epoch k > 1 (rich, its output no
 * terminal, prints the display once, at its end: Lightning 2.6's "Epoch 3/3 ... 391/391",
 * after "`Trainer.fit` stopped: `max_epochs=4` reached."), and the run's planned count is
 * k: epochs 1 to k - 1 ran and printed nothing. They are put before it, with no time and
 * no values, and a warning says so. Whatever else the run shows (another epoch, another
 * planned count) leaves it as it is.
 */
static void before_last_frame(struct engine *e)
{
    struct br_run *run = e->run;
    unsigned k = e->last_frame;
    struct br_epoch last;

    e->last_frame = 0;
    if (!k || run->nepochs != 1 || run->epochs[0].index != k || k < 2 ||
        e->planned != (long)k || k > LAST_FRAME_MAX_EPOCHS)
        return;
    while (run->nepochs < k)
        br_run_add_epoch(run);
    last = run->epochs[0];
    run->epochs[0] = run->epochs[k - 1];
    run->epochs[k - 1] = last;
    for (unsigned i = 0; i + 1 < k; i++) {
        run->epochs[i].index = i + 1;
        run->epochs[i].of = last.of;
        run->epochs[i].line = last.line;
    }
    br_source_diag(e->src, BR_WARNING, last.line, 1,
                   "%u epoch%s without a time: the log shows only the progress display's last "
                   "frame (rich prints no other when its output is no terminal), epoch %u's, "
                   "and the run reached the %u epochs it was set to: epoch%s 1%s ran before it "
                   "and printed nothing", k - 1, k == 2 ? "" : "s", k, k, k == 2 ? "" : "s",
                   k == 2 ? "" : k == 3 ? " and 2" : br_arena_printf(&run->arena, " to %u", k - 1));
}

/* The bar's clock at the end of epoch k of n (summary_bar_times()), or -1. */
static double summary_bar_end(const struct engine *e, long k, long n, long spe)
{
    if (k == 0)
        return br_hfsteps_from_zero(&e->hf, spe) ? 0 : -1;
    return k == n ? e->hf_end : br_hfsteps_clock(&e->hf, k * spe);
}

/*
 * Hugging Face: the steps per epoch from the summary alone (summary_step): the bar's clock
 * at each epoch's end times every epoch, or none (their time to train is shared out, as
 * before). The bar is the training's when its clock at the end is the time to train to its
 * second (14:55 for 'train_runtime': 895.934: the bar is made as the training begins, and
 * drawn again as it closes after the summary); an evaluation's bar is not. Epoch 1 counts
 * from the bar's start, as the share counts from the training's: the run shows epochs 1 to
 * n from its first dictionaries, not resumed. The last ends at the frame before the summary
 * (the final checkpoint's save after it is no epoch's). MKGL's epochs end at 02:58, 05:57,
 * 08:56, 11:56 and 14:55: 178, 179, 179, 180, 179 s, where each was 179.187 s.
 */
static void summary_bar_times(struct engine *e, struct br_run *run, long spe)
{
    size_t n = run->nepochs;
    double closed = br_hfsteps_clock(&e->hf, e->hf.total), gap = run->runtime_s - closed;

    if (!spe || e->resumed || e->ran_unsaid || !n || run->epochs[0].index != 1 ||
        !(e->first_x < 1) || run->epochs[n - 1].index != n || run->epochs[n - 1].partial ||
        (long)n * spe != e->hf.total || !(gap >= -1 && gap <= 2))
        return;
    for (size_t i = 0; i < n; i++)
        if (summary_bar_end(e, (long)i, (long)n, spe) < 0 ||
            summary_bar_end(e, (long)i + 1, (long)n, spe) < 0)
            return;
    for (size_t i = 0; i < n; i++) {
        struct br_epoch *ep = &run->epochs[i];
        ep->duration = summary_bar_end(e, (long)i + 1, (long)n, spe) -
                       summary_bar_end(e, (long)i, (long)n, spe);
        /* two clocks cut to the second, or one from the bar's 0 */
        ep->res = i ? 2 : 1;
        ep->cut = !i;
        ep->steps = spe;
    }
}

/*
 * Hugging Face: the epochs the log gives no time of get the training bar's clock at their
 * first and last steps, when the steps per epoch are known (hfstep.h): epoch 1 of
 * Neelectric/open-r1_safety's log ended at "440/1320 [6:52:20<", 24740 s.
 */
static void bar_times(struct engine *e, struct br_run *run)
{
    long spe = e->hf.total ? br_hfsteps_spe(&e->hf, e->planned, 1) : 0;

    if (e->hf_summary_step) {
        summary_bar_times(e, run, spe);
        return;
    }
    for (size_t i = 0; spe && !e->resumed && i < run->nepochs; i++) {
        struct br_epoch *ep = &run->epochs[i];
        if (isnan(ep->duration) && !ep->partial &&
            br_hfsteps_time(&e->hf, ep->index, spe, &ep->duration, &ep->res, &ep->cut))
            ep->steps = spe;
    }
}

/*
 * Hugging Face: the training bar at its last step after the last dictionary ("321/321
 * [07:20<00:00", then a crash: Tensionteng/twenty-four-point-game's sft.log) ends the open
 * epoch when that step is its last (k x S, S the steps per epoch, known or inferred): its
 * values are its last dictionary's, as every epoch's are.
 */
static void bar_last_step(struct engine *e)
{
    struct br_epoch *ep = e->open;
    long spe;

    if (!ep || !e->has_bar || e->bar.step != e->bar.total || e->bar.total != e->hf.total ||
        e->hf_step <= 0 || e->hf_step >= e->bar.total)
        return;
    spe = br_hfsteps_spe(&e->hf, e->planned, 1);
    if (!spe || (long)ep->index * spe != e->bar.total || (e->hf_step + spe - 1) / spe != ep->index)
        return;
    ep->line = e->last_line;
    ep->end = e->t.t;
    e->open = NULL;
}

static void finish_run(struct engine *e)
{
    struct br_run *run = e->run;
    size_t missing = 0, unended;
    unsigned first = 0;

    if (!run)
        return;
    settle_elision(e);
    before_last_frame(e);
    if (e->traceback)
        dnf(e, "Traceback", 9, e->traceback_line);
    if (e->left_s > 0 && run->status == BR_RUN_OK) {
        /* its last progress line had time left (detectron2's "eta: 4:09:30  iter: 15021"):
         * it stopped short, and a time to train printed after is no finished training's */
        run->status = BR_RUN_DNF;
        run->reason = br_arena_printf(&run->arena, "stopped with %.0f s left by its eta",
                                      e->left_s);
        run->reason_line = e->left_line;
    }
    if (e->bar_short && run->status == BR_RUN_OK) {
        run->status = BR_RUN_DNF;
        run->reason = br_arena_printf(&run->arena, "interrupted after epoch %u of %ld",
                                      e->bar_short, e->planned);
        run->reason_line = e->bar_line;
    }
    stamp_resolution(e, run);
    bar_times(e, run);
    for (size_t i = 0; i < run->nepochs; i++)
        missing += isnan(run->epochs[i].duration);
    /* only over the whole training: epochs 1..n all in the log (an excerpt showing epoch
     * 27 of 27 and the time to train is not one 31.6 s epoch), and no more than the summary
     * says ran (epochs 1 and 2, then a summary of 30: its time is not two epochs') */
    if (missing == run->nepochs && run->nepochs && !isnan(run->runtime_s) && !e->ran_unsaid &&
        !e->resumed &&
        run->epochs[0].index == 1 && run->epochs[run->nepochs - 1].index == run->nepochs &&
        !(e->ran > (double)run->nepochs + 1e-6)) {
        /* over the epochs run: 12.22 when a max_steps stop cut the 13th, whose share is
         * the 0.22 it ran */
        double ran = e->ran > run->nepochs - 1 && e->ran <= run->nepochs ? e->ran
                                                                          : (double)run->nepochs;
        for (size_t i = 0; i < run->nepochs; i++) {
            run->epochs[i].duration = run->runtime_s / ran;
            run->epochs[i].shared = 1;
            run->epochs[i].res = e->runtime_cut / ran;
            run->epochs[i].cut = e->runtime_cut > 0;
        }
        if (run->epochs[run->nepochs - 1].partial)
            run->epochs[run->nepochs - 1].duration =
                run->runtime_s * (ran - (double)(run->nepochs - 1)) / ran;
    }
    unended = isnan(run->runtime_s) ? unended_before(run, &first) : 0;
    if (e->unseen)
        br_source_diag(e->src, BR_WARNING, run->first_line, 1,
                       "%zu epoch%s without a time: a later epoch's bar shows that %s ended, "
                       "not when (the first: epoch %u)", e->unseen, e->unseen == 1 ? "" : "s",
                       e->unseen == 1 ? "it" : "each", e->unseen_first);
    else if (unended)
        br_source_diag(e->src, BR_WARNING, run->first_line, 1,
                       "%zu epoch%s without a time: the log shows no end of the epoch before "
                       "%s (the first: epoch %u), so where %s began is unknown", unended,
                       unended == 1 ? "" : "s", unended == 1 ? "it" : "each", first,
                       unended == 1 ? "it" : "they");
    else if (missing == run->nepochs && run->nepochs && isnan(run->epochs[0].duration) &&
             !(e->noyear.broke_line && isnan(run->runtime_s))) /* br_noyear_settle says why */
        br_source_diag(e->src, BR_WARNING, run->first_line, 1,
                       "%zu epoch%s without a time: %s (format '%s'), "
                       "so no time or energy per epoch; %s", run->nepochs,
                       run->nepochs == 1 ? "" : "s",
                       /* a Trainer's bar that showed its dictionaries' steps, not an epoch's
                        * (hfstep.h) */
                       e->hf.pairs ? "its tqdm bar's clock is not read, since the steps of an "
                                     "epoch are not known"
                                   : "no line of this log gives one",
                       e->f->name,
                       isnan(run->runtime_s)
                           ? "lines with times (ts, logging's asctime) would give them"
                       : e->ran_unsaid
                           ? "its time to train is not spread over the epochs shown: its "
                             "summary does not say how many epochs it covers"
                       : e->resumed
                           ? "its time to train is not spread over the epochs shown: the "
                             "training resumed from a checkpoint here, so it counts this "
                             "session only, begun at a step the log does not say"
                           : "its time to train is not spread over the epochs shown: it "
                             "covers epochs the log does not show");
    e->unseen = 0;
    /* a format of epochs that read none (YOLOv5's bars of a fork's other loss columns, before
     * its rule knew them) does not count iterations: the note says none of its lines ended one */
    if (!run->nepochs && !isnan(run->runtime_s))
        br_source_diag(e->src, BR_NOTE, run->first_line, 1,
                       counts_iterations(e->f)
                           ? "this run has no epochs (format '%s' counts iterations): its time "
                             "to train only, no time or energy per epoch"
                           : "this run has no epochs (no line of it ends an epoch of format "
                             "'%s'): its time to train only, no time or energy per epoch",
                       e->f->name);
}

/* Where [p, p+n) holds `word` then blanks and "(", not inside a longer name; NULL if not. */
static const char *call_at(const char *p, size_t n, const char *word)
{
    size_t w = strlen(word);

    for (const char *q = p; (q = memmem(q, n - (size_t)(q - p), word, w)) != NULL; q++) {
        const char *t = q + w;
        if (q > p && (isalnum((unsigned char)q[-1]) || q[-1] == '_'))
            continue;
        while (t < p + n && *t == ' ')
            t++;
        if (t < p + n && *t == '(')
            return q;
    }
    return NULL;
}

/*
 * Whether the call at q ("fit(...)") has one argument, no keyword, closed on its line:
 * scikit-learn's "scaler.fit(train_x)", or a model's fit of a dataset alone (CALL_WEAK).
 */
static int one_arg_fit(const char *q, const char *end)
{
    const char *t = memchr(q, '(', (size_t)(end - q));
    int depth = 0, any = 0;

    for (t = t ? t + 1 : end; t < end; t++) {
        if (*t == '(' || *t == '[')
            depth++;
        else if ((*t == ')' || *t == ']') && depth)
            depth--;
        else if (*t == ')')
            return any;
        else if (!depth && (*t == ',' || *t == '='))
            return 0;
        any |= *t != ' ';
    }
    return 0;
}

/*
 * Whether the call at q prints nothing: "verbose=0" (or "verbose = 0") after it on its
 * line ("model.fit(X_train, y_train, epochs=200, verbose=0)" in a cross-validation loop,
 * whose evaluate() bars are then the only output).
 */
static int silent_call(const char *q, const char *end)
{
    const char *v = q;

    while ((v = memmem(v, (size_t)(end - v), "verbose", 7)) != NULL) {
        v += 7;
        while (v < end && *v == ' ')
            v++;
        if (v < end && *v == '=') {
            v++;
            while (v < end && *v == ' ')
                v++;
            if (v < end && *v == '0' && (v + 1 >= end || !isalnum((unsigned char)v[1])))
                return 1;
        }
    }
    return 0;
}

/*
 * A document's code cells: a fence that names Python or R ("```python", "``` r",
 * "```{r}") opens one, a bare fence closes it; the fit(), fit_generator(), evaluate() and
 * predict() calls in it are kept in order, to tell whose a bar with no epoch header in
 * the output after it is (outside_fit): the guide's "model.fit(x, y)" of the default one
 * epoch, or "model |> evaluate(x_test, y_test)".
 */
static void code_cell(struct engine *e)
{
    const char *p = e->s, *end = e->s + e->n;

    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    if (end - p >= 3 && !memcmp(p, "```", 3)) {
        const char *l = p + 3;
        while (l < end && (*l == ' ' || *l == '{'))
            l++;
        if (e->in_code || l == end) {
            e->in_code = 0;
        } else if ((end - l >= 2 && (l[0] | 32) == 'p' && (l[1] | 32) == 'y') ||
                   ((*l == 'r' || *l == 'R') && (l + 1 == end || !isalnum((unsigned char)l[1])))) {
            e->in_code = 1;
            e->def_indent = -1;
            e->ncalls = e->call_pos = 0;
            e->cell_epochs = 0;
        }
        return;
    }
    if (!e->in_code)
        return;
    if (p < end) {
        /* calls in a def or class body run when it is called, not in this cell (a model
         * class's predict() before the cell's fit()) */
        long indent = (long)(p - e->s);
        if (e->def_indent >= 0 && indent > e->def_indent)
            return;
        e->def_indent = -1;
        if ((end - p > 4 && !memcmp(p, "def ", 4)) || (end - p > 6 && !memcmp(p, "class ", 6)) ||
            (end - p > 10 && !memcmp(p, "async def ", 10)))
            e->def_indent = indent;
    }
    for (;;) {
        const char *f = call_at(p, (size_t)(end - p), "fit");
        const char *g = call_at(p, (size_t)(end - p), "fit_generator");
        const char *v = call_at(p, (size_t)(end - p), "evaluate");
        const char *d = call_at(p, (size_t)(end - p), "predict");
        const char *first = NULL;
        int kind = 0;
        if (g && (!f || g < f))
            f = g;
        if (v && (!d || v < d))
            d = v;
        if (f && (!d || f < d)) {
            first = f;
            kind = f != g && one_arg_fit(f, end) ? CALL_WEAK : CALL_FIT;
        } else if (d) {
            first = d;
            kind = CALL_EVAL;
        }
        if (!first)
            return;
        if (e->ncalls < sizeof(e->calls) && !silent_call(first, end))
            e->calls[e->ncalls++] = (unsigned char)kind;
        p = first + 3;
    }
}

/*
 * The line is the wrapped tail of the end line before it, cut inside a figure
 * ("... - val_recall: 0", then ".9938 - learning_rate: 2.5000e-04", Keras 3 in a log
 * that wraps its long lines): the end line's values are read again from the two
 * joined, so that the cut figure is 0.9938, not 0, and those after it are read.
 */
static int wrapped_tail(struct engine *e, const struct br_rule *r)
{
    const char *s = e->s;
    size_t n = e->n, k = 0;
    int joined;

    while (k < n && (isdigit((unsigned char)s[k]) || s[k] == '.'))
        k++;
    /* a tail that goes on with the next value (" - "), or a fraction alone (".9938"),
     * after an end line as long as a terminal's width at least: not a figure the script
     * printed after the fit ("0.95") */
    if (!k || !e->run || !e->run->nepochs || e->open || e->tail.len < 80 ||
        !((k < n && n - k >= 3 && !memcmp(s + k, " - ", 3)) || (k == n && s[0] == '.')))
        return 0;
    br_buf_add(&e->tail, s, n);
    e->s = e->tail.buf;
    e->n = e->tail.len;
    joined = br_rule_match(r, e->s, e->n);
    if (joined)
        add_metrics(e, r, &e->run->epochs[e->run->nepochs - 1]);
    e->s = s;
    e->n = n;
    return joined;
}

/*
 * The length of the exception line s[0..n) without the ": " that nothing follows: a console
 * wrapped at its width puts the message on the lines after it ('ImportError: ', then
 * 'numpy.core.multiarray ', 'failed to import' in Azaan-5025's PowerShell capture).
 */
static size_t exception_name_end(const char *s, size_t n)
{
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\r'))
        n--;
    return n && s[n - 1] == ':' ? n - 1 : n;
}

/*
 * The line after an exception line with nothing after its ': ', indented: the first line of
 * its message, which Python prints as raised (multiprocessing's RuntimeError('''\n        An
 * attempt has been made to start a new process before the\n        current process ...'''),
 * Pathik0007/COMP8240-LTSF-Linear-Reproduction's dlinear_etth1_h96_..._FAILED_workers10.log).
 * The reason becomes "error: RuntimeError: An attempt has been made ... before the ...", at
 * the exception's line. A console's wrapping puts the rest unindented ('ImportError: ', then
 * 'numpy.core.multiarray '): not read, since nothing tells where such a message ends.
 */
static int exception_message(struct engine *e)
{
    struct br_run *run = e->run;
    const char *s = e->s;
    size_t n = e->n, k = 0;

    while (n && (s[n - 1] == ' ' || s[n - 1] == '\r'))
        n--;
    while (k < n && (s[k] == ' ' || s[k] == '\t'))
        k++;
    if (e->bare_exception + 1 != e->last_line || !k || k == n || !run ||
        run->reason_line != e->bare_exception || !run->reason ||
        strncmp(run->reason, "error: ", 7))
        return 0;
    e->bare_exception = 0;
    run->reason = br_arena_printf(&run->arena, "%s: %.*s ...", run->reason,
                                  (int)(n - k > 120 ? 120 : n - k), s + k);
    return 1;
}

static int match_line(struct engine *e)
{
    const struct br_logfmt *sets[2] = { e->f, e->common };
    const struct br_rule *tail = e->tail_rule;

    e->tail_rule = NULL;

    if (e->bare_exception && exception_message(e))
        return 1;
    e->bare_exception = 0;
    if (e->traceback && exception_line(e)) {
        size_t end = exception_name_end(e->s, e->n);
        e->traceback = 0;
        dnf(e, e->s, end, e->last_line);
        if (end < e->n && e->s[end] == ':')
            e->bare_exception = e->last_line;
        return 1;
    }
    for (int k = 0; k < 2; k++) {
        if (!sets[k])
            continue;
        for (size_t i = 0; i < sets[k]->nrules; i++) {
            const struct br_rule *r = &sets[k]->rules[i];
            if (r->kind != BR_RULE_METRIC && br_rule_match(r, e->s, e->n)) {
                apply(e, r);
                return 1;
            }
        }
    }
    return tail && wrapped_tail(e, tail);
}

/*
 * The file ends, without a newline, in a line no rule read that begins like the last
 * epoch header ("Epoch 30/" after "Epoch 29/30"): the next epoch's header was cut off
 * as it was printed, so that epoch began and the run was interrupted in it.
 */
static void cut_header(struct engine *e, int no_newline)
{
    char shape[64];
    size_t k;
    struct br_run *run = e->run;

    if (!no_newline || e->matched || !run || !run->nepochs || e->open ||
        run->status != BR_RUN_OK || !e->header[0])
        return;
    br_digit_shape(e->s, e->n, shape, sizeof(shape));
    k = strlen(shape);
    while (k && shape[k - 1] == ' ')
        k--;
    if (k < 3 || k >= strlen(e->header) || strncmp(shape, e->header, k))
        return;
    run->status = BR_RUN_DNF;
    run->reason = br_arena_printf(&run->arena, "interrupted in epoch %u, its header cut off",
                                  run->epochs[run->nepochs - 1].index + 1);
    run->reason_line = e->last_line;
}

/*
 * The file ends, without a newline, in the line that ended the last epoch,
 * and that line has fewer metrics than the epoch before: it was cut off (a
 * copy, a disk full, a kill), so its figures are not a whole epoch's.
 */
static void cut_last(struct engine *e, int no_newline)
{
    struct br_epoch *last, *prev;

    if (!no_newline || !e->run || e->run->nepochs < 2)
        return;
    last = &e->run->epochs[e->run->nepochs - 1];
    prev = last - 1;
    if (last->line == e->last_line && last->nmetrics < prev->nmetrics)
        last->partial = 1;
}

/* "interrupted in epoch 13" of a run whose numbers all went down by one: "... epoch 12". */
static const char *reason_down(struct br_run *run, const char *reason)
{
    const char *p = reason ? strstr(reason, "epoch ") : NULL;
    char *end;
    unsigned long v;

    if (!p || !isdigit((unsigned char)p[6]))
        return reason;
    v = strtoul(p + 6, &end, 10);
    if (v < 2)
        return reason;
    return br_arena_printf(&run->arena, "%.*s%lu%s", (int)(p + 6 - reason), reason, v - 1, end);
}

/* Whether a rule of `f` has a framework_sign group: the format can tell its own lines. */
static int has_sign_rules(const struct br_logfmt *f)
{
    for (size_t i = 0; i < f->nrules; i++)
        if (f->rules[i].group[BR_G_FRAMEWORK_SIGN])
            return 1;
    return 0;
}

/*
 * A format whose epochs count from 0 and that marks its own lines
 * (framework_sign: Lightning's v_num in every bar) read a log with none of
 * those marks whose runs (from src->runs[first]) begin at epoch 1 and never
 * show an epoch 0: a script's own tqdm bars ("Epoch 1: 100%|...| 782/782
 * [00:11<00:00, ..., accuracy=89.86%]"), numbered from 1 as printed, not
 * Lightning's from 0. Their numbers go down by one, and a note says so.
 */
static void numbered_as_printed(const struct br_logfmt *f, struct br_source *src, size_t first)
{
    if (!has_sign_rules(f) || first >= src->nruns || !src->runs[first]->nepochs ||
        src->runs[first]->epochs[0].index != 2)
        return;
    for (size_t k = first; k < src->nruns; k++)
        for (size_t i = 0; i < src->runs[k]->nepochs; i++)
            if (src->runs[k]->epochs[i].index < 2)
                return;
    for (size_t k = first; k < src->nruns; k++) {
        struct br_run *run = src->runs[k];
        for (size_t i = 0; i < run->nepochs; i++)
            run->epochs[i].index--;
        run->reason = reason_down(run, run->reason);
    }
    br_source_diag(src, BR_NOTE, src->runs[first]->first_line, 1,
                   "epochs numbered from 1 as printed: the log begins at 'Epoch 1' and has "
                   "none of the marks only %s prints, so its bars are a script's own, "
                   "not %s's, which count from 0", f->name, f->name);
}

/* Whether epochs a and b printed the same time of their own (within its printed digits)
 * and the same values, all equal: two or more under the same number, three or more under another (a quote's bar
 * without its "Epoch 17/20" header). A run again with the same seed logs the same values,
 * but not, to the printed digit, the same time. */
static int same_values(const struct br_epoch *a, const struct br_epoch *b)
{
    if (a->nmetrics < (a->index == b->index ? 2u : 3u) || a->nmetrics != b->nmetrics ||
        isnan(a->duration) || isnan(b->duration) || a->shared || b->shared ||
        a->duration + br_epoch_above(a) < b->duration - br_epoch_below(b) ||
        b->duration + br_epoch_above(b) < a->duration - br_epoch_below(a))
        return 0; /* times whose printed intervals do not meet ("6s", "6s 106us/step") */
    for (size_t i = 0; i < a->nmetrics; i++)
        if (strcmp(a->metrics[i].name, b->metrics[i].name) ||
            a->metrics[i].value != b->metrics[i].value)
            return 0;
    return 1;
}

/*
 * A "run" of one epoch that prints the very values of an epoch of a longer run of the file
 * is a quote of it (a README's "**Maximum** : Epoch
 * 17/20" and its bar, pasted again after the log): no run of its own, left out with a note.
 */
static void drop_quotes(struct br_source *src, size_t first)
{
    for (size_t k = first; k < src->nruns;) {
        struct br_run *q = src->runs[k];
        const struct br_run *of = NULL;
        const struct br_epoch *e = q->nepochs == 1 ? &q->epochs[0] : NULL, *like = NULL;

        for (size_t r = first; e && r < src->nruns && !of; r++)
            for (size_t i = 0; r != k && i < src->runs[r]->nepochs && !of; i++)
                if (src->runs[r]->nepochs > 1 && same_values(e, &src->runs[r]->epochs[i])) {
                    of = src->runs[r];
                    like = &of->epochs[i];
                }
        if (!of) {
            k++;
            continue;
        }
        br_source_diag(src, BR_NOTE, q->first_line, 1,
                       "one epoch alone, with the values of epoch %u of the run from line %u: "
                       "a quote of it, no run of its own", like->index, of->first_line);
        br_run_free(q);
        memmove(&src->runs[k], &src->runs[k + 1], (src->nruns - k - 1) * sizeof(*src->runs));
        src->nruns--;
    }
}

/* Whether the epoch has a val_ value (a fit's with validation; evaluate() prints none). */
static int val_metric(const struct br_epoch *ep)
{
    for (size_t i = 0; i < ep->nmetrics; i++)
        if (!strncmp(ep->metrics[i].name, "val_", 4))
            return 1;
    return 0;
}

/*
 * A header-less one-epoch "run" with no val_ values right before a fit whose first epoch
 * has them, of other steps, where a bar of its very steps was set aside as an evaluate()
 * after a fit (outside_fit): the same evaluate(), run before the first fit too. A script
 * that loops over models, each evaluated then fitted for one epoch, with no "Epoch 1/1"
 * (xtliu97/tensorflow-metal-speedtest's tf_test.ipynb: "- Val -", "26/26 [====] - 4s
 * 59ms/step - loss: 0.9749 - accuracy: 0.3923", "- Train -", "63/63 [====] - 17s ... -
 * val_accuracy: 0.9765", five times): left out with a note. One such bar alone (no
 * evaluate() of its steps after a fit) stays a fit(epochs=1): nothing shows it is not.
 */
static void evaluate_first(const struct engine *e, struct br_source *src, size_t first)
{
    for (size_t k = first; e->eval_line && k + 1 < src->nruns; k++) {
        struct br_run *q = src->runs[k];
        const struct br_run *next = src->runs[k + 1];
        const struct br_epoch *a = q->nepochs == 1 ? &q->epochs[0] : NULL;

        if (!a || a->of || a->steps != e->eval_steps || q->first_line >= e->eval_line ||
            !next->nepochs || next->epochs[0].steps == a->steps ||
            !val_metric(&next->epochs[0]) || val_metric(a))
            continue;
        br_source_diag(src, BR_NOTE, q->first_line, 1,
                       "a bar of %ld steps with no val_ values before the fit from line %u: "
                       "an evaluate(), as the bar of %ld steps after a fit is (line %u), no "
                       "run of its own", a->steps, next->first_line, a->steps, e->eval_line);
        br_run_free(q);
        memmove(&src->runs[k], &src->runs[k + 1], (src->nruns - k - 1) * sizeof(*src->runs));
        src->nruns--;
    }
}

/* Whether a rule of `f` reads fractional epochs (Hugging Face's dictionaries). */
static int has_float(const struct br_logfmt *f)
{
    for (size_t i = 0; i < f->nrules; i++)
        if (f->rules[i].group[BR_G_EPOCH_FLOAT])
            return 1;
    return 0;
}

/* The epochs the engine's source holds, in all its runs. */
static size_t epochs_read(const struct engine *e)
{
    size_t n = 0;

    for (size_t k = 0; k < e->src->nruns; k++)
        n += e->src->runs[k]->nepochs;
    return n;
}

/* Ends the stretch of foreign_line()s: a note when it held two epochs or more, and the
 * format read no epoch from its first line on. */
static void foreign_end(struct engine *e)
{
    if (e->foreign_n >= 2 && epochs_read(e) == e->foreign_epochs)
        br_source_diag(e->src, BR_NOTE, e->foreign_first, 1,
                       "lines %u-%u: %u epochs ('%s') in a form format '%s' does not read, "
                       "another program's loop: not in this reading (--format generic reads "
                       "them)", e->foreign_first, e->foreign_last, e->foreign_n,
                       e->foreign_text, e->f->name);
    e->foreign_n = 0;
}

/*
 * A line no rule matched that begins "Epoch N/M" and goes on after a separator ("Epoch
 * 1/40 | Train Loss=1.2670, Val Loss=1.0690 | ..."): a script's own loop, printed in a
 * console a Keras fit wrote to before (Aimery1990/badminton's training_log.txt, a PyCharm
 * console of a Keras MLP then a PyTorch transformer, lines 3878-3907). One such line of
 * each epoch from 1 up, none read by the format meanwhile, is another program's training,
 * which one format cannot read beside its own: said in a note (foreign_end()), not
 * dropped unremarked.
 */
static void foreign_line(struct engine *e)
{
    const char *p = e->s, *end = e->s + e->n;
    long at, of;
    char *q;

    while (p < end && *p == ' ')
        p++;
    if (end - p < 9 || memcmp(p, "Epoch ", 6) || !isdigit((unsigned char)p[6]))
        return;
    at = strtol(p + 6, &q, 10);
    if (q >= end || *q != '/' || !isdigit((unsigned char)q[1]))
        return;
    of = strtol(q + 1, &q, 10);
    while (q < end && *q == ' ')
        q++;
    if (q + 1 >= end || !strchr("|,-:", *q))
        return;
    if (e->foreign_n && (at != e->foreign_at + 1 || of != e->foreign_of))
        foreign_end(e);
    if (!e->foreign_n) {
        if (at != 1)
            return;
        e->foreign_first = e->last_line;
        e->foreign_epochs = epochs_read(e);
        snprintf(e->foreign_text, sizeof(e->foreign_text), "%.*s",
                 (int)(end - p > 40 ? 40 : end - p), p);
    }
    e->foreign_n++;
    e->foreign_last = e->last_line;
    e->foreign_at = at;
    e->foreign_of = of;
}

/* Cleans and reads one line (number `lineno`) into the engine; clean2[*cur] is the buffer
 * it is cleaned into, the other one keeping the line before. */
/* Whether [s, s+n) has a letter: words, not a rule of dashes or a number */
static int has_letter(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (isalpha((unsigned char)s[i]))
            return 1;
    return 0;
}

/* Whether the line is one more of the line before's shape with other figures: a counter */
static void count_line(struct engine *e)
{
    char shape[64];

    if (!e->prev_n || !e->n)
        return;
    br_digit_shape(e->s, e->n, shape, sizeof(shape));
    if (strchr(shape, '#') && !strcmp(shape, e->count_shape) &&
        (e->n != e->prev_n || memcmp(e->s, e->prev_s, e->n)))
        e->counted = 1;
    memcpy(e->count_shape, shape, sizeof(shape));
}

/*
 * Whether the line is one of Python's warnings module, printed at import: "PATH.py:42:
 * UserWarning: ..." and its source line "warnings.warn(...)". Its path and text vary with
 * the machine and the library's version (doducthao/gan-margin's nohup.out, 81 launches:
 * /home/asus/miniconda3's torch warning, then /home/student02/anaconda3's, then none), so
 * it is no launch's first words.
 */
static int py_warning(const char *s, size_t n)
{
    while (n && isspace((unsigned char)*s))
        s++, n--;
    if (n >= 14 && !memcmp(s, "warnings.warn(", 14))
        return 1;
    return memmem(s, n, ".py:", 4) && memmem(s, n, "Warning: ", 9);
}

/*
 * Whether two lines are one shape, their digits aside: a launch's first words may print
 * its settings ("num of labeled: 4000", then "num of labeled: 1000" in the same nohup.out).
 */
static int same_shape(const char *a, size_t an, const char *b, size_t bn)
{
    char sa[256], sb[256];

    br_digit_shape(a, an, sa, sizeof(sa));
    br_digit_shape(b, bn, sb, sizeof(sb));
    return !strcmp(sa, sb);
}

/*
 * A log read for its failures only whose first words come again: a launch of the program
 * appended to the log after the one before (CISC-867/Project's WaveRNN train.log: 'Using
 * default model' begins each of its seven launches, two of which die of CUDA out of memory,
 * the last cut at step 378 of 530). A launch that failed, or counted (its step lines,
 * "epoch=0 i=0/530", "i=1/530"), is a run of its own from its first line: one with no
 * failure ended before its first epoch, interrupted at its last line, and a failure is the
 * run's of the launch that shows it, not the first run's. One that did neither (its header
 * only, or a step) is no run: the next launch's run begins at that launch's first line.
 * So is LTSF-Linear's header printed again by a spawned DataLoader worker, which imports
 * the main module again, before the worker's Traceback: one launch, as before. A Python
 * warning is no launch's first words, and a line of their shape with other numbers is them
 * again (doducthao/gan-margin's nohup.out: 'num of labeled: 4000', later '... 1000', after
 * a UserWarning whose path changed with the machine, then with none).
 */
static void relaunched(struct engine *e, unsigned lineno)
{
    if (!e->failures_only || !e->n || e->matched || py_warning(e->s, e->n))
        return;
    if (!e->banner.len) {
        if (has_letter(e->s, e->n)) {
            br_buf_add(&e->banner, e->s, e->n);
            e->launch_line = lineno;
        }
        return;
    }
    count_line(e);
    if (!same_shape(e->s, e->n, e->banner.buf, e->banner.len))
        return;
    if (!e->counted && (!e->run || e->run->status == BR_RUN_OK)) {
        if (e->run)
            e->run->first_line = lineno; /* the run a launch before began is this one's */
        e->launch_line = lineno;
        return;
    }
    if (!e->run)
        cur_run(e);
    e->run->first_line = e->launch_line;
    interrupted(e);
    new_run(e);
    e->launch_line = lineno;
    e->counted = 0;
}

static void read_line(struct engine *e, struct br_buf clean2[2], int *cur, const char *line,
                      size_t len, unsigned lineno)
{
    br_clean_line(line, len, &clean2[*cur], &e->t);
    if (e->t.noyear)
        br_noyear_place(&e->noyear, &e->t, lineno);
    count_stamp(e, &e->t);
    e->s = clean2[*cur].buf;
    e->n = clean2[*cur].len;
    gpu_named(e);
    code_cell(e);
    if (e->n && e->s[0] == '[') /* (a rank's prefix, "[rank2]: ", begins the line) */
        br_rank_failure_read(&e->ranks, e->s, e->n, lineno);
    e->matched = match_line(e);
    if (!e->matched && is_elision(e->s, e->n))
        elided(e);
    relaunched(e, lineno);
    if (!e->matched && e->n > 8)
        foreign_line(e);
    if (len && e->n) {
        e->last_text_line = lineno;
        e->prev_s = e->s;     /* kept: the next line is cleaned into the other buffer */
        e->prev_n = e->n;
        *cur = !*cur;
    }
}

int br_logrun(const struct br_logfmt *f, const struct br_logfmt *common, struct br_lines *in,
              struct br_source *src)
{
    struct engine e = { .f = f, .common = common, .src = src, .elapsed = NAN,
                        .open_begun = NAN, .noyear = BR_NOYEAR_INIT, .banner = BR_BUF_INIT };
    struct br_buf clean2[2] = { BR_BUF_INIT, BR_BUF_INIT };
    int cur = 0;
    const char *line;
    size_t len, first_run = src->nruns;
    int no_newline = 0;
    unsigned long limit_hits = br_logfmt_limit_hits(f) + br_logfmt_limit_hits(common);
    int failed = 0, bars = !strcmp(f->name, "lightning"), floats = has_float(f);

    /* (trainlog.c passes no shared rules when they are the format: no epoch anywhere) */
    e.failures_only = !common && !strcmp(f->name, "failure");

    while (br_lines_next(in, &line, &len) > 0) {
        const char *seg;
        size_t sn;

        e.last_line = in->lineno;
        no_newline = in->no_newline;
        /* a bar's last redraw that the next epoch's bar on the same line hides: read first
         * (Lightning's "Epoch N:" bars; the look costs other formats' lines nothing) */
        int hidden = bars && memchr(line, '\r', len) && br_bar_before(line, len, &seg, &sn);
        e.has_bar = floats && br_hfbar_last(line, len, &e.bar);
        for (int k = !hidden; k < 2; k++) /* one call: the line's reading stays inlined */
            read_line(&e, clean2, &cur, k ? line : seg, k ? len : sn, in->lineno);
        if (e.has_bar && e.run) {
            br_hfsteps_line(&e.hf, line, len);
            bar_last_step(&e);
        }
        if (br_logfmt_limit_hits(f) + br_logfmt_limit_hits(common) != limit_hits) {
            br_source_diag(src, BR_ERROR, in->lineno, 1,
                           "a pattern of format '%s' backtracks too much on this line "
                           "(PCRE2's match limit): the file is not read further", f->name);
            failed = 1;
            break;
        }
    }
    if (failed && e.run && e.run->status == BR_RUN_OK) {
        /* what was read is kept, but it is not the run as it ended */
        e.run->status = BR_RUN_DNF;
        e.run->reason = br_arena_printf(&e.run->arena, "log not read past line %u", in->lineno);
        e.run->reason_line = in->lineno;
    }
    e.last_text_line = e.last_line;
    foreign_end(&e);
    settle_stale(&e);
    interrupted(&e);
    if (e.unfinished && e.run && e.run->status == BR_RUN_OK) {
        e.run->status = BR_RUN_DNF;
        e.run->reason = br_arena_printf(&e.run->arena,
                                        "interrupted after epoch %u, in its validation",
                                        e.unfinished);
        e.run->reason_line = e.last_line;
    }
    cut_header(&e, no_newline);
    cut_last(&e, no_newline);
    finish_run(&e);
    evaluate_first(&e, src, first_run);
    drop_quotes(src, first_run);
    if (!e.signed_by_framework)
        numbered_as_printed(f, src, first_run);
    br_noyear_settle(&e.noyear, src, first_run);
    br_buf_release(&clean2[0]);
    br_buf_release(&clean2[1]);
    br_buf_release(&e.pending);
    br_buf_release(&e.tail);
    br_hfsteps_release(&e.hf);
    br_buf_release(&e.columns);
    br_buf_release(&e.banner);
    if (src->nruns == first_run && !failed) {
        br_source_diag(src, BR_ERROR, 1, 1,
                       "no training run found (format '%s'): no epoch began and ended in it",
                       f->name);
        return -1;
    }
    return failed ? -1 : 0;
}

/*
 * Lines of the head a format is scored on: 400, and 2000 in a document (a Markdown
 * code fence in those 400: a notebook rendered to Markdown, a README), where a log
 * may begin after a thousand lines of prose and code. Every format tries every
 * line, so the longer scan is kept to the files that need it (a 10M-line trace's
 * detection took 40 ms more with it). An OpenMMLab log (mmcv runners, MMEngine) prints
 * its whole config after "... - INFO - Config:" before the first iteration: 400 lines
 * and more (a Cascade R-CNN's: the first epoch line at line 429; an RTMDet's at 1388,
 * after 895 paramwise_options lines), so that line lengthens the scan to 5000 lines.
 */
#define BR_SCORE_LINES 400
#define BR_SCORE_LINES_DOCUMENT 2000
/* after an OpenMMLab config dump: MMEngine then logs a paramwise_options line per
 * normalisation parameter (895 for RTMDet-tiny, more for larger backbones) */
#define BR_SCORE_LINES_CONFIG 5000

/* Whether a line opens or closes a Markdown code fence ("```", "```python"). */
static int fence(const char *s, size_t n)
{
    while (n && (*s == ' ' || *s == '\t')) {
        s++;
        n--;
    }
    return n >= 3 && !memcmp(s, "```", 3);
}

/* Whether a line is OpenMMLab's "2022-11-12 18:44:38,562 - mmdet - INFO - Config:", the
 * config dump's first line, or YOLOX's "... | yolox.core.trainer:before_train:125 - exp
 * value:", before its Exp table and the model (the first epoch at line 595 and later). */
static int config_dump(const char *s, size_t n)
{
    static const char *const tails[] = { " - INFO - Config:", " - exp value:" };

    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        n--;
    for (size_t i = 0; i < sizeof(tails) / sizeof(tails[0]); i++) {
        size_t k = strlen(tails[i]);
        if (n > k && !memcmp(s + n - k, tails[i], k))
            return 1;
    }
    return 0;
}

void br_logscore_lines(const char *head, size_t n, size_t max_lines, size_t max_out,
                       struct br_buf *out)
{
    const char *p = head, *end = head + n;
    struct br_buf clean = BR_BUF_INIT;
    struct br_time t;
    size_t lines = 0, limit = max_lines ? max_lines : BR_SCORE_LINES;

    br_buf_reset(out);
    while (p < end && lines < limit && (!max_out || out->len < max_out)) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end;

        if (!nl && lines > 0)
            break; /* a line cut by the end of the head */
        br_clean_line(p, (size_t)(le - p), &clean, &t);
        lines++;
        if (!max_lines && limit == BR_SCORE_LINES && fence(clean.buf, clean.len))
            limit = BR_SCORE_LINES_DOCUMENT;
        else if (!max_lines && limit < BR_SCORE_LINES_CONFIG && config_dump(clean.buf, clean.len))
            limit = BR_SCORE_LINES_CONFIG;
        for (char *c = clean.buf; c && (c = memchr(c, '\n', clean.len - (size_t)(c - clean.buf)));)
            *c = ' '; /* one line stays one line */
        br_buf_add(out, clean.buf, clean.len);
        br_buf_addch(out, '\n');
        p = nl ? nl + 1 : end;
    }
    br_buf_release(&clean);
}

/* The rules of `f` on one cleaned line: counted in `sc` and the flags. */
static void score_line(const struct br_logfmt *f, const char *s, size_t len,
                       struct br_logscore *sc, int *run, int *dnf, int *epochs, int *unnamed)
{
    size_t sign;

    for (size_t i = 0; i < f->nrules; i++) {
        const struct br_rule *r = &f->rules[i];

        if (r->kind == BR_RULE_METRIC || !br_rule_match(r, s, len))
            continue;
        sc->matched++;
        if (sc->per_rule)
            sc->per_rule[i]++;
        /* a `closing` line says nothing of epochs by itself: MMEngine prints 'Exp name: ...'
         * in iteration-based training too (the MMSegmentation logs refused as such) */
        if (r->group[BR_G_CLOSING])
            return;
        if (r->kind == BR_RULE_EPOCH || r->kind == BR_RULE_END || r->kind == BR_RULE_AFTER ||
            r->kind == BR_RULE_PROGRESS)
            sc->structural++;
        sc->progress += r->kind == BR_RULE_PROGRESS;
        sc->signs += r->group[BR_G_FRAMEWORK_SIGN] &&
                     br_rule_group(r, r->group[BR_G_FRAMEWORK_SIGN], s, &sign) != NULL;
        *run |= r->kind == BR_RULE_RUN;
        *dnf |= r->kind == BR_RULE_DNF;
        *epochs += r->kind == BR_RULE_EPOCH;
        *unnamed += r->kind == BR_RULE_AFTER && !r->group[BR_G_EPOCH] && !r->group[BR_G_EPOCH0];
        return;
    }
    if (!sc->first_unmatched && len) {
        sc->first_unmatched = sc->lines;
        snprintf(sc->unmatched_text, sizeof(sc->unmatched_text), "%.*s",
                 (int)(len > 60 ? 60 : len), s);
    }
}

int br_logfmt_score(const struct br_logfmt *f, const char *head, size_t n,
                    struct br_logscore *sc)
{
    struct br_buf own = BR_BUF_INIT;
    const char *p = head, *end = head + n;
    int run = 0, dnf = 0, epochs = 0, unnamed = 0;

    if (!sc->cleaned) {
        br_logscore_lines(head, n, sc->max_lines, 0, &own);
        p = own.buf;
        end = own.buf ? own.buf + own.len : NULL;
    }
    sc->lines = sc->matched = sc->structural = sc->first_unmatched = 0;
    sc->progress = sc->signs = 0;
    sc->signable = has_sign_rules(f);
    while (p && p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end;

        sc->lines++;
        score_line(f, p, (size_t)(le - p), sc, &run, &dnf, &epochs, &unnamed);
        p = nl ? nl + 1 : end;
    }
    br_buf_release(&own);
    /* a run's header and its failure, before any epoch (out of memory at the
     * first step), is this format's too */
    if (sc->structural == 0 && run && dnf)
        sc->structural = 1;
    if (sc->structural == 0)
        return 0;
    /* "Epoch 3/10" headers and none of the format's bars or summaries in lines
     * that go on after them: a script's own words, which this format would
     * read as epochs that never end (close, not chosen) */
    if ((unsigned)epochs == sc->structural && !dnf && (unsigned)epochs < sc->lines)
        return 45;
    /* only lines that come after an epoch and name none (a COCO evaluation's "Average
     * Precision (AP) @[ IoU=0.50:0.95 ...", which DETR, detectron2 and mmdet print as
     * YOLOX does): nothing of this format's own (close, not chosen) */
    if ((unsigned)unnamed == sc->structural && !run && !dnf)
        return 45;
    return 50 + (int)(sc->structural > 49 ? 49 : sc->structural);
}
