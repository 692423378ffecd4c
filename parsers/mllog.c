/*
 * mllog.c: MLPerf logs, one event per line, anywhere on the line:
 *     :::MLLOG {"namespace": "", "time_ms": 1713992580303, "event_type": "INTERVAL_END",
 *               "key": "epoch_stop", "value": null, "metadata": {"epoch_num": 1}}
 *     :::MLL 1558515660.678 block_start: {"value": null, "metadata": {...}}   (v0.6)
 * Rank prefixes ("6: :::MLLOG") and shell trace lines around them are
 * skipped, and so, with a note, are "Processing :::MLLOG {...}" lines: a script's echo of
 * the events it read back (Google's v3.1 PAX GPT-3 logs end with 23, copies of block_starts
 * logged before; they were taken for other hosts' events after run_stop). A result log becomes one run (one per launch where launches follow one another
 * in it, below): epochs from epoch_start/epoch_stop
 * (or, where a log has only blocks, each block's time spread evenly over its
 * epoch_count epochs), eval_accuracy as a metric (an object's numeric members as
 * eval_accuracy.NAME: Mask R-CNN's BBOX and SEGM), and eval_error (CosmoFlow's and
 * OpenCatalyst's mean absolute error) likewise, run_stop's status, the
 * time to train (run_stop - run_start) as the run's runtime, and the labels
 * the log states (submission_platform, submission_benchmark,
 * global_batch_size). An epoch (or block) still open at run_stop was cut
 * short by it: it ends there and is partial. A run that dies (CUDA out of
 * memory, an exception after a Traceback, not a thread's: "Exception in thread
 * NAME:" before it, warned of) before any run_stop is DNF with that reason and
 * line; one whose log just ends with no run_stop (a job killed, '^C') is DNF,
 * interrupted at the last line, and one that ends
 * before run_start (in initialisation) is DNF, never started.
 * A log may hold several launches one after another (Inspur's v0.7 transformer.log: 14,
 * each with its submission_* header, run_start, epochs and, unless cut, run_stop; GIGABYTE's
 * v2.0 SSD mlperf_compliance.log: 13): a submission_* event logged later than run_start (the
 * next launch's header), or a run_start after run_stop, begins another run, with its own
 * labels, epochs, status and time to train; one cut so, with no run_stop, was interrupted at
 * its last event. With no header, a launch's init_start after the run's run_start, where no
 * run_stop came, begins another run (Inspur's v1.1 maskrcnn.log: seven launches over four
 * days, six cut, their epochs once read as one run, an epoch_start of one launch paired with
 * the epoch_stop of another: 175075 s). A launch that never reached run_start (a header again, more than a second
 * later, after the launch's initialisation or after nothing but its header: GIGABYTE's
 * first three launches and two after run 7, Inspur's four header-only ones) is no run but a
 * note naming its lines (with a failure: a DNF run), never part of the next launch's run;
 * a header at the log's end with nothing but initialisation after it (no run_start, no
 * failure) is no run (a note).
 * Ranks' copies of run_start (no header between), a launch's header logged twice before
 * its run_start, and the header Google's TPU logs append after run_stop with "time_ms": 0
 * are the same run's.
 * Epoch and block events after run_stop (the cut epoch's epoch_stop, other
 * hosts finishing) are not the run's, nor, by its time, are epochs that began
 * after it (MiniGo logs its evaluation and run_stop after the training, which
 * went on past the target); one that ended after it is cut there, partial (v0.6 MiniGo's
 * eval_result's "timestamp", the winning model's seconds since run_start, is the
 * successful stop: the run_stop after it, where there is one, ended the evaluation; later
 * versions' run_stop is the stop); a v0.6 run script's "cache_clear: {value: true, ...}"
 * with bare keys is no event of the run's, nor an error; a block event twice at the same millisecond is one (two hosts);
 * blocks at fractional epochs (TPU DLRM's 1.05, 1.1) are parts of an epoch
 * and give none; a block_start again for a block already open, with
 * epoch_count 1 (MindSpore: one per epoch), ends the epoch before it.
 * Blocks whose first one's numbers are multiples of train_samples (v3.1's and v4.0's unet3d:
 * first_epoch_num 168, then 3360, 6720, ..., epoch_count 3360, of 168 samples an epoch) are
 * read in epochs, every block's numbers and every evaluation's epoch_num divided by it (168
 * is epoch 1, a block of 3360 samples 20 epochs; the blocks after the first name the epoch
 * the one before ended with, as NVIDIA's in epochs do), with a note; a later block whose
 * number is no multiple leaves the run with no epochs, noted. A block run_stop cut there is
 * one partial epoch (v4.0's trains beside its evaluations: its block_stop and throughput
 * follow run_stop), unless run_stop's "epoch" is the block's last and no evaluation came
 * after its block_start (H3C's v3.0 unet3d: aborted, it trained one more block, then logged
 * run_stop "epoch": 1020, no block_stop): then all its epochs trained. So did a block open
 * where a run with no run_stop ends, whose tracked_stats ("step": its first_epoch_num as
 * written) came after its block_start and an eval_start numbered its last epoch after that
 * (Supermicro's v1.0 unet3d.txt, cut during the evaluation of epoch 2640 after block 2621-2640
 * trained: its time, block_start to eval_start, holds no evaluation, as the blocks' before
 * do); any other such block is not counted. Blocks that count
 * samples or tokens (samples_count; an epoch_count over 100000) or steps (step_num) give no
 * epochs, with a note: the time to train stands; so do blocks whose epoch numbers an
 * eval_accuracy's epoch_num contradicts (BERT: blocks of steps or evaluation intervals,
 * evaluations in samples). An epoch_stop ends the open epoch of its epoch_num, so
 * epochs that overlap (epoch N evaluated while N+1 trains) keep their own
 * times; an epoch that never stops has none. A block whose block_stop comes after a
 * later block's block_start (Google's TPU runner logs it after the block's evaluation,
 * which ran beside the next block's training) ends where that block began, with a
 * note: the blocks share the time to train out. An evaluation numbered by an epoch whose
 * block is open, not the newest, is that epoch's (v0.6 TPU Transformer: eval_accuracy N
 * beside epoch N+1's block, before N's block_stop); one numbered just past an open block's
 * end, in a log whose blocks count from epoch 1, is that block's last epoch's, with a note
 * (v0.6 TPU SSD: eval_start F + C at block F's start, eval_accuracy F + C, the evaluation of
 * the block's end, before F's block_stop). An eval_accuracy numbered as
 * the one before, after an eval_start naming the next epoch, is that epoch's, with a note
 * (TPU v3-32 Transformer: eval_start 2, eval_accuracy 1). Times in "time_s" (seconds,
 * Alibaba's v0.7) are read as "time_ms" is; v0.6 metadata written as a
 * Python dict (single quotes) is read as JSON; an MLPerf v0.5 log
 * (:::MLPv0.5.0) is refused in those words. A power log's power_reading
 * events become a trace, named by its readings' "host" (Lenovo's v5.0 node_0.txt), else by
 * the file name's node_N (smc-ac-power's v4.0 node_2.txt, whose metadata is ""), else, as a
 * power CSV's trace with no device column is by its column, "power_reading" (a reading
 * logged just after a later one, earlier than it but not
 * than the one before: smc-ac-power's v4.0 node_0.txt, 38 ms, is kept, in time order, with a
 * warning; one further back is an error). A switch's file with only interconnect_power_est
 * (smc-ac-power's v4.0 sw_0.txt: one line, 16100) is a constant estimate, no trace: a note. An epoch is also partial where its epoch_stop's
 * epoch_num is a fraction of it (GNN: 0.9), and, at a successful run_stop,
 * where it is the last, under half the median epoch, with the evaluation that
 * reached the target inside it (RetinaNet). An evaluation numbered N that began
 * before epoch N started, just after epoch N-1 stopped, is N-1's (RetinaNet numbers
 * its evaluations by the epochs trained). Blocks whose first is numbered its own
 * epoch_count and began at run_start (Google's v0.6 ResNet: 4, 8, ..., each of 4 epochs)
 * are numbered by the epochs trained at their end: block N is epochs N-3 to N, and its
 * evaluation, numbered N, is epoch N's (its line before or after the block_stop, at the same
 * millisecond), with a note. A last epoch whose evaluation that reached
 * the target is numbered at a fraction of it (DLRM: 1.8999) stopped part-way:
 * partial. The epoch events of a benchmark that
 * trains in steps over a part of its data (BERT, GPT-3, Llama) bracket the run, not
 * an epoch: partial. Epochs summing to under a fifth
 * of the time to train (a log with blocks: a half) lose their times, with a warning: their
 * events bracket something else (an evaluation, a TPU host's wait for the device).
 * A run left with no epochs (blocks in samples or steps: Graphcore's v1.0 and Google's v2.0
 * TPU BERT, Google's v3.1 PAX GPT-3) still shows its last numeric
 * eval_accuracy before run_stop, the one that ended it, as the run's last evaluation on no
 * epoch (NVIDIA's and Dell's BERT show theirs on the partial epoch their epoch events give);
 * Stable Diffusion's FID and CLIP, eval_accuracy each with "metric", are eval_accuracy.FID
 * and eval_accuracy.CLIP of one evaluation.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "model/jsonscan.h"
#include "model/num.h"
#include "model/timefmt.h"
#include "parsers/clean.h"
#include "parsers/parser.h"
#include "model/banned.h"

#define MLLOG_MAX_BLOCK 100000   /* epochs in one block; more is a count of tokens */
#define MLLOG_MAX_OPEN 8          /* epochs open at once; an older one is let go */
#define MLLOG_MAX_PENDING 8       /* metrics kept for epochs an open block will give */

/* MLPerf logs in formats older than v0.6's, refused in words. */
static const struct old_log { const char *mark; int anywhere; const char *what; } old_logs[] = {
    { ":::MLPv0.5", 1, "an MLPerf v0.5 log (':::MLPv0.5.0 BENCHMARK TIME (FILE:LINE) KEY: VALUE' "
                    "lines)" },
    { "MLPerf: ", 0, "an MLPerf log in a submitter's own words ('MLPerf: resnet [06/13/19 "
                  "00:30:56], run_start': Alibaba's v0.6, times to the second)" },
};

struct event {
    double t;                 /* seconds since the epoch */
    const char *key;
    size_t keylen;
    struct br_jspan value, meta;
};

struct mllog {
    struct br_source *src;
    struct br_run *run;
    struct br_trace *power;
    unsigned power_line;      /* the line of its last reading */
    unsigned est_line;        /* an interconnect_power_est (a constant, no reading), or 0 */
    double est_w;
    /* epochs started and not yet stopped (indices in run->epochs, oldest first): more
     * than one where an epoch's evaluation runs beside the next epoch's training */
    size_t open[MLLOG_MAX_OPEN];
    int nopen;
    unsigned overlap_line;    /* an epoch_stop for an epoch older than the newest open */
    unsigned overlap_num;
    unsigned result_line;     /* v0.6 MiniGo's eval_result, which stopped the run (0: none) */
    int mll;                  /* the event being read is a v0.6 ":::MLL" line */
    unsigned block_overlap_line; /* a block_stop after a later block's block_start */
    long block_overlap_first;    /* and the first epoch of the block it stopped */
    unsigned no_stop;         /* epochs that started and never stopped */
    /* blocks started and not yet stopped, by first epoch (logs interleave them) */
    /* (named: its first_epoch_num as the block_start wrote it, which may be the epoch
     * before its first: after_named) */
    struct { double start; long first, count, done, named; } blocks[16];
    int nblocks;
    int block_seen;           /* a block_start was seen */
    long block_base;          /* 1 when the log counts epochs from 0; 1 - epoch_count when
                               * it counts the epochs trained at the block's end (counts_done) */
    unsigned done_line;       /* the first block_start, where it is so numbered (0: not) */
    long done_first;          /* and its first_epoch_num */
    int saw_epochs;
    double last_block_stop;   /* the time of the last block_stop read (NaN: none) */
    long last_block_first;    /* and its first_epoch_num */
    long last_block_count;    /* and its epoch_count (0: no block stopped yet) */
    unsigned fraction_line;   /* a block_start at a fractional epoch (1.05) */
    double fraction_num;
    unsigned after_stop, after_stop_line;   /* epoch and block events after run_stop */
    unsigned repeated_blocks;  /* block_starts that began the next epoch of their block */
    unsigned after_named, after_named_line;  /* block_starts that named the last epoch
                                * ended, not their first (NVIDIA's unet3d: 1..20, then 20) */
    long stop_named;           /* the epoch the last block_stop named when it was no open
                                * block's first but that block's last (20 for 1..20), or -1 */
    unsigned samples_line;     /* a block counted in samples_count, not epochs */
    unsigned steps_line;       /* a block of training steps (step_num), not epochs */
    unsigned no_stop_line;     /* an epoch_start while an epoch was open */
    unsigned huge_line;        /* a block of more than MLLOG_MAX_BLOCK "epochs" */
    unsigned no_status_line;   /* a run_stop that gives no status */
    unsigned late, late_line;  /* epochs logged before run_stop that began after its time */
    double late_by;            /* the latest of them began this long after it */
    unsigned late_cut, late_cut_num, late_cut_line;  /* one that ended after it: cut */
    double last_eval;          /* the time of the last eval_accuracy read (NaN: none) */
    double last_eval_num;      /* and its epoch_num (NaN: none) */
    unsigned frac_eval_line;   /* the last epoch ended at the target part-way (DLRM) */
    unsigned frac_eval_index;
    double frac_eval_num;
    long eval_start_num;       /* the last eval_start's epoch_num (-1: none), time, line */
    double eval_start_t;
    unsigned eval_start_line;
    long tracked_step;         /* the last tracked_stats' "step" (-1: none) and its time */
    double tracked_t;
    long acc_num;              /* the last eval_accuracy's epoch (lagged() read; -1: none) */
    int lag;                   /* the eval_accuracy being read names the epoch before its own */
    unsigned lag_n, lag_line;  /* so read: how many, the first's line */
    /*
     * Evaluations logged after the training, every one later than every epoch_stop before
     * it and no epoch_start after it (MiniGo evaluates its saved models once the training
     * is over): how many, the first's line, their epoch_num range, how many named no epoch
     * read; evaluations during the training; the latest epoch_stop's time. An epoch_stop
     * that named no open epoch (Intel's MiniGo: epoch_start 17, then epoch_stop 18) is
     * stop_renamed, the first's numbers kept.
     */
    unsigned post_n, post_line, post_unnamed, in_evals;
    long post_lo, post_hi;
    double last_stop_t;
    unsigned stop_renamed;
    long renamed_start, renamed_stop;
    unsigned trained_line;     /* evaluations numbered by the epochs trained (RetinaNet) */
    unsigned past_end, past_end_line;   /* evaluations numbered just past their open block's
                                * last epoch (evaluated_block()): how many, the first's line */
    unsigned trained_n;
    long trained_num;
    /* metrics for epochs an open block will give (logged inside the block) */
    struct { long num; char name[64]; double v; } pending[MLLOG_MAX_PENDING];
    int npending;
    unsigned target_cut_line;  /* the run's last epoch, cut at the target (run_stop's line) */
    unsigned target_cut_index;
    double target_cut_s, target_cut_median;
    long target_cut_steps, target_cut_med_steps;   /* by steps (step_num): 0 when by time */
    long *step_at;             /* each epoch's step_num at its epoch_stop (-1: none), by its
                                * place in run->epochs */
    size_t nstep_at;
    unsigned frac_stop_line;   /* an epoch_stop at a fractional epoch_num (GNN: 0.9) */
    double frac_stop_num;
    unsigned frac_stop_index;
    unsigned eval_off_line;    /* an eval_accuracy whose epoch_num the blocks never reach */
    long eval_off_num, eval_off_reach;
    unsigned stepwise_line;    /* submission_benchmark names one trained in steps (bert) */
    unsigned placeholder_line; /* submission_platform left a placeholder (the file's first) */
    int placeholder_said;      /* and the note on it was given (once a file) */
    char placeholder[64];
    char stepwise_name[32];
    long train_samples;        /* what the log says (0: not said) */
    unsigned sample_epochs_line;    /* a block whose epoch numbers count samples */
    long sample_epochs_first, sample_epochs_count;
    long sample_unit;          /* train_samples, where the first block counts samples and the
                                * blocks are read as epochs (sample_epoch()); 0: not so */
    unsigned sample_off_line;  /* a later block's number that is no multiple of it */
    long sample_off_num;
    long huge_count;
    double run_start;         /* run_start's time, NaN before it */
    int stopped;              /* run_stop seen */
    double stop_t;            /* and its time */
    unsigned last_line;       /* the line of the last event read */
    unsigned split_line;      /* the event that began this run after another (0: the first) */
    /* this launch's submission_benchmark (its header's first event; 0: none yet), its time,
     * and whether an init_start, and any event but submission_*, cache_clear and
     * init_start, came after it (relaunch()) */
    unsigned launch_line;
    double launch_t;
    int launch_init, launch_busy;
    /* the first failure printed between the events (out of memory, an exception) */
    char failure[128];
    unsigned failure_line;
    int traceback;            /* a Traceback was seen: the exception line is next */
    /* the last line with text, when it announced a thread's Traceback ("Exception in thread
     * Thread-2 (_readerthread):", br_exception_in_thread): its text (thread_n 0: not) */
    char thread[256];
    size_t thread_n;
    unsigned hydra_line;      /* Hydra's "Error executing job with overrides", or 0 */
    unsigned nevents;
    unsigned line;            /* of the event being read */
    const struct old_log *old;     /* the first line of an older MLPerf format */
    unsigned old_line, old_col;
    char swapped[2048];       /* an event line with Python's quotes made JSON's */
    unsigned swapped_n, swapped_line;
    unsigned echoes, echo_line; /* "Processing :::MLLOG ..." lines (the file's): not events */
};

static int key_is(const struct event *e, const char *k)
{
    return strlen(k) == e->keylen && !memcmp(e->key, k, e->keylen);
}

static int span_double(struct br_jspan s, double *v)
{
    s = br_jspan_unquote(s);
    return s.n && br_num_parse(s.p, s.p + s.n, v) == s.n;
}

/* The largest epoch number or count taken from metadata. */
#define MLLOG_MAX_NUM 1e9

/* A metadata number as written (NaN when there is none or it is no number). */
static double meta_num(const struct event *e, const char *key)
{
    struct br_jspan s;
    const char *err;
    size_t pos;
    double d;

    if (!e->meta.n || e->meta.p[0] != '{' ||
        br_json_get(e->meta.p, e->meta.n, key, &s, &err, &pos) != 1 || !span_double(s, &d))
        return NAN;
    return d;
}

static int meta_long(const struct event *e, const char *key, long *v)
{
    double d = meta_num(e, key);

    /* epoch numbers and counts: whole and small, or not used at all (NaN fails too) */
    if (!(d >= 0 && d <= MLLOG_MAX_NUM) || d != (double)(long)d)
        return 0;
    *v = (long)d;
    return 1;
}

/*
 * An epoch number (first_epoch_num, epoch_count, epoch_num: `key`) of event `e` as an
 * epoch: in a log whose blocks count samples (m->sample_unit, v4.0's unet3d), a whole
 * multiple of train_samples divided by it (168000 of 168 an epoch is epoch 1000); a number
 * that is no multiple is returned as written (an evaluation then fits no block, and a
 * block is noted: sample_off_line).
 */
static int epoch_num(const struct mllog *m, const struct event *e, const char *key, long *v)
{
    if (!meta_long(e, key, v))
        return 0;
    if (m->sample_unit && *v % m->sample_unit == 0)
        *v /= m->sample_unit;
    if (m->lag && !strcmp(key, "epoch_num"))
        ++*v;       /* (lagged(): the evaluation of the epoch after the one it names) */
    return 1;
}

/*
 * Whether eval_accuracy `e` names the epoch before the one evaluated: in a v0.6 ":::MLL" log
 * of blocks, its epoch_num is the last eval_accuracy's again, and the eval_start before it,
 * since that one, names the next epoch. Google's v0.6 TPU Transformer evaluates epoch N
 * beside epoch N+1's training and logs eval_start N, then eval_accuracy and eval_stop with
 * N - 1 from the second evaluation on (tpu-v3-32 result_1: eval_start 1, 2, 3; its BLEU
 * 19.37, 23.79, 25.27 numbered 1, 1, 2).
 */
static int lagged(const struct mllog *m, const struct event *e)
{
    long num;

    return m->mll && !m->saw_epochs && m->block_seen && meta_long(e, "epoch_num", &num) &&
           m->acc_num >= 0 && num == m->acc_num && m->eval_start_num == num + 1 &&
           m->last_eval < m->eval_start_t && m->eval_start_t <= e->t;
}

/* Reads the event of an ":::MLLOG {json}" line. Returns NULL or a message. */
static const char *scan_mllog(const char *p, size_t n, struct event *ev, size_t *errcol)
{
    struct br_jspan s;
    const char *err;
    size_t jn = br_json_value_len(p, p + n);
    double ms;

    if (jn == 0) {
        *errcol = 0;
        return "malformed JSON after :::MLLOG";
    }
    if (br_json_get(p, jn, "key", &s, &err, errcol) != 1)
        return "event has no \"key\"";
    s = br_jspan_unquote(s);
    ev->key = s.p;
    ev->keylen = s.n;
    if (br_json_get(p, jn, "time_ms", &s, &err, errcol) == 1 && span_double(s, &ms))
        ev->t = ms / 1000.0;
    else if (br_json_get(p, jn, "time_s", &s, &err, errcol) == 1 && span_double(s, &ev->t))
        ;   /* seconds: Alibaba's v0.7 logs */
    else
        return "event has no numeric \"time_ms\" (nor \"time_s\")";
    if (br_json_get(p, jn, "value", &ev->value, &err, errcol) != 1)
        ev->value.n = 0;
    if (br_json_get(p, jn, "metadata", &ev->meta, &err, errcol) != 1)
        ev->meta.n = 0;
    return NULL;
}

/* ":::MLL 1558515573.045 init_start: {json}" (v0.6). */
static const char *scan_mll(const char *p, size_t n, struct event *ev, size_t *errcol)
{
    const char *end = p + n, *colon;
    struct br_jspan s;
    const char *err;
    size_t k = br_num_parse(p, end, &ev->t), jn;

    *errcol = 0;
    if (!k)
        return "expected a time after :::MLL";
    p += k;
    while (p < end && *p == ' ')
        p++;
    colon = memchr(p, ':', (size_t)(end - p));
    if (!colon)
        return "expected 'key:' after the time";
    ev->key = p;
    ev->keylen = (size_t)(colon - p);
    p = colon + 1;
    while (p < end && *p == ' ')
        p++;
    jn = br_json_value_len(p, end);
    if (!jn && ev->keylen == 11 && !memcmp(ev->key, "cache_clear", 11)) {
        /* a run script's own line, echoed with bare keys ("cache_clear: {value: true,
         * metadata: {lineno: 0, file: manual}}", v0.6): no event of the run's */
        ev->value.n = ev->meta.n = 0;
        return NULL;
    }
    if (!jn)
        return "malformed JSON after the key";
    ev->value.n = ev->meta.n = 0;
    if (br_json_get(p, jn, "value", &s, &err, errcol) == 1)
        ev->value = s;
    if (br_json_get(p, jn, "metadata", &s, &err, errcol) == 1)
        ev->meta = s;
    return NULL;
}

static struct br_run *run_of(struct mllog *m)
{
    if (!m->run) {
        m->run = br_source_new_run(m->src);
        m->run->first_line = m->line;
        m->run->zoned = 1;
        br_label_set(m->run, &m->run->framework, "mlperf", BR_LABEL_LOG);
    }
    return m->run;
}

static void label_value(struct mllog *m, struct br_label *l, const struct event *e)
{
    struct br_jspan v = br_jspan_unquote(e->value);
    char tmp[128];
    size_t n = v.n < sizeof(tmp) - 1 ? v.n : sizeof(tmp) - 1;

    if (!n || (n == 4 && !memcmp(v.p, "null", 4)))
        return;
    memcpy(tmp, v.p, n);
    tmp[n] = '\0';
    br_label_set(m->run, l, tmp, BR_LABEL_LOG);
}

/*
 * A submission_platform the submission scripts never filled in (NVIDIA's HPC
 * scripts log "18xSUBMISSION_PLATFORM_PLACEHOLDER" where DGXSYSTEM was not set):
 * remembered for a note. It stays the device label: its node count keeps apart the
 * runs of systems that a folder's name would pool.
 */
static void placeholder(struct mllog *m, const struct event *e, unsigned line)
{
    struct br_jspan v = br_jspan_unquote(e->value);

    if (m->placeholder_line || !memmem(v.p, v.n, "PLACEHOLDER", 11))
        return;
    m->placeholder_line = line;
    snprintf(m->placeholder, sizeof(m->placeholder), "%.*s", (int)(v.n < 60 ? v.n : 60), v.p);
}

/*
 * The device a power log's trace is of: the host its reading names (Lenovo's v5.0
 * power/result_3/node_0.txt: "host": "node_0"), else the file name's node_N (smc-ac-power's
 * v4.0 node_2.txt, whose metadata is ""), else, as a power CSV's trace with no device column
 * is named by its column, by the event: "power_reading".
 */
static const char *power_device(struct mllog *m, const struct event *e)
{
    const char *base = strrchr(m->src->path, '/'), *p;
    struct br_jspan s;
    const char *err;
    size_t pos, n;

    if (e->meta.n && e->meta.p[0] == '{' &&
        br_json_get(e->meta.p, e->meta.n, "host", &s, &err, &pos) == 1) {
        s = br_jspan_unquote(s);
        if (s.n && s.n <= 64 && s.p[0] != '{' && s.p[0] != '[')
            return br_arena_strndup(&m->power->arena, s.p, s.n);
    }
    base = base ? base + 1 : m->src->path;
    p = strstr(base, "node_");
    n = p ? strspn(p + 5, "0123456789") : 0;
    if (n && n <= 8)
        return br_arena_strndup(&m->power->arena, p, 5 + n);
    return "power_reading";
}

static void power_event(struct mllog *m, const struct event *e, unsigned line)
{
    struct br_trace *tr;
    double w, t = e->t;
    size_t i;

    if (!span_double(e->value, &w))
        return;
    if (!m->power) {
        m->power = br_source_new_trace(m->src);
        m->power->device = power_device(m, e);
        m->power->domain = "node";
        m->power->power_source = "power_reading";
        m->power->zoned = 1;
        m->power->first_line = line;
        br_trace_add_channel(m->power, "power", "W");
    }
    tr = m->power;
    if (tr->nr && t < tr->t[tr->nr - 1] && (tr->nr == 1 || t >= tr->t[tr->nr - 2])) {
        /* later than the one before the last: logged after a reading it preceded
         * (smc-ac-power's v4.0 node_0.txt: 38 ms): both kept, in time order */
        double last_t = tr->t[tr->nr - 1], last_w = tr->ch[0].v[tr->nr - 1];
        br_source_diag(m->src, BR_WARNING, line, 1,
                       "power_reading %.3f s earlier than the one on line %u: logged out of "
                       "order; both kept, in time order", last_t - t, m->power_line);
        br_trace_pop(tr);
        i = br_trace_append(tr, t);
        tr->ch[0].v[i] = w;
        t = last_t;
        w = last_w;
    } else if (tr->nr && t < tr->t[tr->nr - 1]) {
        br_source_diag(m->src, BR_ERROR, line, 1, "power_reading goes back in time");
        return;
    }
    i = br_trace_append(tr, t);
    tr->ch[0].v[i] = w;
    m->power_line = line;
}

static long block_eval_index(const struct mllog *m, long num);

/* The numbers of the first and last epochs that the open block started last will give
 * (*lo, and the return value), or -1. */
static long open_block_end(const struct mllog *m, long *lo)
{
    int b = -1;

    for (int k = 0; k < m->nblocks; k++)
        if (b < 0 || m->blocks[k].start >= m->blocks[b].start)
            b = k;
    if (b < 0)
        return -1;
    *lo = m->blocks[b].first + m->block_base + m->blocks[b].done;
    return *lo + m->blocks[b].count - 1;
}

/* The epoch read with the largest number up to `num`, or NULL. */
static struct br_epoch *epoch_upto(const struct br_run *r, long num)
{
    struct br_epoch *ep = NULL;

    for (size_t i = 0; i < r->nepochs; i++)
        if ((long)r->epochs[i].index <= num && (!ep || r->epochs[i].index >= ep->index))
            ep = &r->epochs[i];
    return ep;
}

/* A metric on epoch `ep`, or, where ep is NULL, kept for the epoch numbered `num`
 * that an open block will give (the oldest kept is let go when all are taken). */
static void put_metric(struct mllog *m, struct br_epoch *ep, long num, const char *name,
                       size_t len, double v)
{
    if (ep) {
        br_epoch_set_metric(m->run, ep, name, len, v);
        return;
    }
    if (m->npending == MLLOG_MAX_PENDING)
        memmove(m->pending, m->pending + 1, --m->npending * sizeof(m->pending[0]));
    m->pending[m->npending].num = num;
    m->pending[m->npending].v = v;
    snprintf(m->pending[m->npending].name, sizeof(m->pending[0].name), "%.*s", (int)len, name);
    m->npending++;
}

/* The metrics kept for epochs that a block_stop (or run_stop) has now made. */
/* (`cut`, where not NULL, is a block cut short by run_stop, which gives one partial
 * epoch for numbers `cut->index` to `cut_end`: it takes the metrics kept for them.) */
static void put_pending(struct mllog *m, struct br_epoch *cut, long cut_end)
{
    int kept = 0;

    for (int k = 0; k < m->npending; k++) {
        struct br_epoch *ep = NULL;
        if (cut && m->pending[k].num >= (long)cut->index && m->pending[k].num <= cut_end)
            ep = cut;
        for (size_t i = m->run->nepochs; i > 0 && !ep && !cut; i--)
            if (m->run->epochs[i - 1].index == (unsigned)m->pending[k].num)
                ep = &m->run->epochs[i - 1];
        if (ep)
            br_epoch_set_metric(m->run, ep, m->pending[k].name, strlen(m->pending[k].name),
                                m->pending[k].v);
        else
            m->pending[kept++] = m->pending[k];
    }
    m->npending = kept;
}

/*
 * Whether the first block's first_epoch_num counts the epochs trained at the block's end, not
 * its first epoch: it is the block's own epoch_count, and the block began at run_start, with
 * no epoch trained before it. Google's v0.6 ResNet runner adds a block's steps before it logs
 * block_start with "first_epoch_num": cur_step // steps_per_epoch, and the evaluation at the
 * block's end and its block_stop with that number: "first_epoch_num": 4, "epoch_count": 4 8 ms
 * after run_start, then 8, 12, ... (all 30 of its v0.6 result logs; SIAT's v0.7 ResNet too).
 */
static int counts_done(const struct mllog *m, const struct event *e, long first, long count)
{
    return count > 1 && first == count && !m->saw_epochs && !isnan(m->run_start) &&
           e->t >= m->run_start && e->t - m->run_start < 1.0;
}

/*
 * Blocks whose numbers count samples: v4.0's unet3d logs first_epoch_num 168, 3360, 6720, ...
 * and epoch_count 3360 with train_samples 168 (3360 "epochs" of 2.8 ms). Where the run's
 * first block is so numbered (no epoch event before it), every block is read in epochs, its
 * numbers divided by train_samples (168 is epoch 1, 3360 samples 20 epochs): *first and
 * *count made so. A later block whose numbers are no multiples of it is noted
 * (sample_off_line) and the run gets no epochs. Returns whether the block is skipped: also
 * one so numbered in a log whose first block counted epochs.
 */
static int sample_block(struct mllog *m, unsigned line, long *first, long *count)
{
    long u = m->train_samples;
    int multiple = u > 1 && *first >= u && *count > 0 && *first % u == 0 && *count % u == 0;

    if (multiple && !m->sample_epochs_line) {
        m->sample_epochs_line = line;
        m->sample_epochs_first = *first;
        m->sample_epochs_count = *count;
        if (!m->block_seen && !m->nblocks && !m->saw_epochs)
            m->sample_unit = u;
    }
    if (!m->sample_unit)
        return multiple;
    if (*count <= 0 || *first % m->sample_unit || *count % m->sample_unit) {
        if (!m->sample_off_line) {
            m->sample_off_line = line;
            m->sample_off_num = *first % m->sample_unit ? *first : *count;
        }
        return 1;
    }
    *first /= m->sample_unit;
    *count /= m->sample_unit;
    return 0;
}

static void block_start(struct mllog *m, const struct event *e, unsigned line)
{
    long first = 0, count = 0;
    double num = meta_num(e, "first_epoch_num");

    if (isfinite(num) && num != floor(num)) {
        /* blocks of a part of an epoch (TPU DLRM: 1.05, 1.1, ...): no epochs */
        if (!m->fraction_line) {
            m->fraction_line = line;
            m->fraction_num = num;
        }
        return;
    }
    if (isfinite(meta_num(e, "step_num"))) {
        /* Habana's stable diffusion: blocks of 100 steps, every one "first_epoch_num":
         * 0, "epoch_count": 1, and evaluation blocks numbered as epochs 1 to 4 */
        if (!m->steps_line)
            m->steps_line = line;
        return;
    }
    meta_long(e, "first_epoch_num", &first);
    if (!meta_long(e, "epoch_count", &count) && isfinite(meta_num(e, "samples_count")) &&
        !m->samples_line)
        m->samples_line = line;     /* LLM and diffusion benchmarks count samples */
    if (sample_block(m, line, &first, &count))
        return;
    if (count > MLLOG_MAX_BLOCK && !m->huge_line) {
        m->huge_line = line;        /* GPT-3 (MaxText) counts tokens in epoch_count */
        m->huge_count = count;
    }
    if (m->nblocks == 16 || count <= 0 || count > MLLOG_MAX_BLOCK)
        return;
    for (int b = 0; b < m->nblocks; b++) {
        if (m->blocks[b].first != first)
            continue;
        if (m->blocks[b].start == e->t)
            return;     /* another host's copy of the same event */
        if (count == 1 && !m->saw_epochs) {
            /* the same block started again, later (MindSpore: one block_start per
             * epoch, first_epoch_num the block's): the epoch before it ended here
             * (only in a log of blocks: epoch events, and m->open, rule otherwise) */
            struct br_epoch *ep = br_run_add_epoch(run_of(m));
            ep->index = (unsigned)(first + m->blocks[b].done + m->block_base);
            ep->start = m->blocks[b].start;
            ep->end = e->t;
            ep->duration = br_round_us(e->t - ep->start);
            ep->line = line;
            m->blocks[b].start = e->t;
            m->blocks[b].done++;
            m->repeated_blocks++;
            return;
        }
    }
    if (!m->nblocks && !m->block_seen) {
        /* epoch numbers from 0 (first_epoch_num 0) are shifted to 1-based */
        m->block_base = first == 0;
        m->block_seen = 1;
        if (counts_done(m, e, first, count)) {
            m->block_base = 1 - count;      /* block N is epochs N - count + 1 to N */
            m->done_line = line;
            m->done_first = first;
        }
    }
    m->blocks[m->nblocks].named = first;
    if (!m->nblocks && !m->saw_epochs &&
        (m->sample_unit || (m->stop_named >= 0 && first == m->stop_named)) &&
        run_of(m)->nepochs &&
        (long)run_of(m)->epochs[run_of(m)->nepochs - 1].index == first + m->block_base) {
        /* the block names the epoch the one before ended with, as that one's block_stop
         * did (NVIDIA's unet3d: blocks of 20 from 1, stopped as 20, then from 20, 40, ...),
         * or, in samples, as its own block_stop did not (v4.0's: 168 to 168, then 3360, that
         * is epoch 1, then 20, 40, ...): it begins with the next */
        first++;
        if (!m->after_named++)
            m->after_named_line = line;
    }
    m->blocks[m->nblocks].start = e->t;
    m->blocks[m->nblocks].first = first;
    m->blocks[m->nblocks].count = count;
    m->blocks[m->nblocks].done = 0;
    m->nblocks++;
}

/* Open block b ended at time t, on `line`: its time spread evenly over its epochs. */
static void spread_block(struct mllog *m, int b, double t, unsigned line)
{
    double each = (t - m->blocks[b].start) / (double)m->blocks[b].count;

    m->last_block_count = m->blocks[b].count;
    for (long k = 0; k < m->blocks[b].count; k++) {
        struct br_epoch *ep = br_run_add_epoch(run_of(m));
        ep->index = (unsigned)(m->blocks[b].first + m->blocks[b].done + k + m->block_base);
        ep->start = m->blocks[b].start + each * (double)k;
        ep->end = k == m->blocks[b].count - 1 ? t : ep->start + each;
        ep->duration = each;
        ep->line = line;
    }
    m->blocks[b] = m->blocks[--m->nblocks];
    put_pending(m, NULL, 0);
}

/*
 * Where open block `b`, stopped at `t`, ended: at a later block's start, when one began
 * before `t` (Google's TPU runner logs a block's block_stop after its evaluation, which
 * ran beside the next block's training: 40.5 s from block_start to block_stop for 33.2 s
 * to the next block_start), so that the blocks share the time to train out and no
 * epoch's time, nor the energy in it, is counted twice; else at `t`.
 */
static double block_end(struct mllog *m, int b, double t, unsigned line)
{
    double end = t;

    for (int k = 0; k < m->nblocks; k++)
        if (k != b && m->blocks[k].start > m->blocks[b].start && m->blocks[k].start < end)
            end = m->blocks[k].start;
    if (end < t && !m->block_overlap_line) {
        m->block_overlap_line = line;
        m->block_overlap_first = m->blocks[b].first + m->block_base;
    }
    return end;
}

/* Spreads a block's time over its epochs (logs that have blocks and no epochs). */
static void block_stop(struct mllog *m, const struct event *e, unsigned line)
{
    long first = 0;
    int b;

    if (epoch_num(m, e, "first_epoch_num", &first) && m->sample_unit &&
        meta_num(e, "first_epoch_num") != (double)first * (double)m->sample_unit &&
        !m->sample_off_line) {
        m->sample_off_line = line;      /* no multiple of train_samples */
        m->sample_off_num = first;
    }
    if (e->t == m->last_block_stop && first == m->last_block_first)
        return;         /* another host's copy of the block_stop just read */
    m->last_block_stop = e->t;
    m->last_block_first = first;
    for (b = 0; b < m->nblocks && m->blocks[b].first != first; b++)
        ;
    if (b == m->nblocks) {
        /* some logs' block_stop names the next block's first epoch (unet3d): it
         * stops the block open longest */
        if (!m->nblocks)
            return;
        b = 0;
        for (int k = 1; k < m->nblocks; k++)
            if (m->blocks[k].start < m->blocks[b].start)
                b = k;
        m->stop_named = first == m->blocks[b].first + m->blocks[b].count - 1 ? first : -1;
        first = m->blocks[b].first;
    } else {
        m->stop_named = -1;
    }
    spread_block(m, b, block_end(m, b, e->t, line), line);
}

/* Where the open epoch numbered `num` is in m->open, or -1. */
static int open_of(const struct mllog *m, unsigned num)
{
    for (int k = 0; k < m->nopen; k++)
        if (m->run->epochs[m->open[k]].index == num)
            return k;
    return -1;
}

/* Whether an epoch numbered `num`, among the last few, has stopped already
 * (other ranks' copies come right after the first: the scan stays short). */
static int stopped(const struct br_run *r, unsigned num)
{
    for (size_t i = r->nepochs, k = 0; i > 0 && k < 2 * MLLOG_MAX_OPEN; i--, k++)
        if (r->epochs[i - 1].index == num && !isnan(r->epochs[i - 1].duration))
            return 1;
    return 0;
}

static void epoch_start(struct mllog *m, const struct event *e, unsigned line)
{
    long num;
    int numbered = meta_long(e, "epoch_num", &num);
    struct br_epoch *ep;

    if (numbered && m->run && open_of(m, (unsigned)num) >= 0)
        return;     /* the same epoch_start again: another rank's copy */
    m->saw_epochs = 1;
    if (m->nopen && !m->no_stop_line)
        m->no_stop_line = line;     /* (an epoch still open: unless it stops later) */
    if (m->nopen == MLLOG_MAX_OPEN)
        memmove(m->open, m->open + 1, --m->nopen * sizeof(m->open[0]));
    ep = br_run_add_epoch(run_of(m));
    ep->index = numbered ? (unsigned)num : (unsigned)m->run->nepochs;
    ep->start = e->t;
    m->open[m->nopen++] = m->run->nepochs - 1;
    m->in_evals += m->post_n;   /* evaluations before it were the training's own */
    m->post_n = 0;
}

/*
 * An epoch_stop ends the open epoch of its epoch_num; one that names an
 * epoch stopped already is another rank's copy; one that names none of them
 * (no number, or OpenFold's step count) ends the newest; one whose epoch_num
 * is a fraction of the epoch it ends (GNN: 0.9 for epoch 1, 2.45 for epoch 3:
 * the epochs trained) says it stopped part-way: partial. Ending one
 * older than the newest means epochs overlap (NVIDIA's OC20 evaluates epoch
 * N while epoch N+1 trains): each keeps its own start and stop.
 */
/* Epoch `i` (its place in run->epochs) stopped at step `step` (its epoch_stop's step_num). */
static void set_step_at(struct mllog *m, size_t i, long step)
{
    if (i >= m->nstep_at) {
        size_t n = i + 64;
        m->step_at = br_xrealloc(m->step_at, br_st_mult(n, sizeof(*m->step_at)));
        for (size_t j = m->nstep_at; j < n; j++)
            m->step_at[j] = -1;
        m->nstep_at = n;
    }
    m->step_at[i] = step;
}

/* The steps epoch `i` trained, from the step_num at its epoch_stop and the one before's;
 * -1 when either is not known. */
static long steps_of(const struct mllog *m, size_t i)
{
    if (!i || i >= m->nstep_at || m->step_at[i] < 0 || m->step_at[i - 1] < 0 ||
        m->step_at[i] < m->step_at[i - 1])
        return -1;
    return m->step_at[i] - m->step_at[i - 1];
}

static void epoch_stop(struct mllog *m, const struct event *e, unsigned line)
{
    double frac = meta_num(e, "epoch_num");
    long num;
    int k = -1;
    struct br_epoch *ep;

    if (!m->nopen)
        return;
    if (meta_long(e, "epoch_num", &num)) {
        k = open_of(m, (unsigned)num);
        if (k < 0 && stopped(m->run, (unsigned)num))
            return;     /* another rank's copy of an epoch_stop read already */
        if (k < 0 && !m->stop_renamed++) {
            m->renamed_start = m->run->epochs[m->open[m->nopen - 1]].index;
            m->renamed_stop = num;
        }
    }
    if (k < 0)
        k = m->nopen - 1;
    else if (k < m->nopen - 1 && !m->overlap_line) {
        m->overlap_line = line;
        m->overlap_num = (unsigned)num;
    }
    ep = &m->run->epochs[m->open[k]];
    {
        long sn;
        if (meta_long(e, "step_num", &sn) && sn >= 0)
            set_step_at(m, m->open[k], sn);
    }
    ep->end = e->t;
    if (isnan(m->last_stop_t) || e->t > m->last_stop_t)
        m->last_stop_t = e->t;
    ep->duration = br_round_us(e->t - ep->start);
    ep->line = line;
    if (isfinite(frac) && frac != floor(frac) && frac > (double)ep->index - 1 &&
        frac < (double)ep->index) {
        /* GNN and R-GAT stop where the target is reached, and count the epochs
         * trained: "epoch_num": 0.9 at epoch 1's stop is nine tenths of it */
        ep->partial = 1;
        if (!m->frac_stop_line) {
            m->frac_stop_line = line;
            m->frac_stop_num = frac;
            m->frac_stop_index = ep->index;
        }
    }
    memmove(m->open + k, m->open + k + 1, (size_t)(m->nopen - k - 1) * sizeof(m->open[0]));
    m->nopen--;
}

/*
 * At the end of a log without run_stop: the epoch open last was cut (all
 * open ones where epochs overlap); it is dropped, having no end. Returns
 * whether one was.
 */
static int drop_open(struct mllog *m)
{
    int dropped = 0;

    for (int k = m->nopen - 1; k >= 0; k--) {
        size_t i = m->open[k];
        if (k < m->nopen - 1 && !m->overlap_line)
            break;
        free(m->run->epochs[i].metrics);
        memmove(m->run->epochs + i, m->run->epochs + i + 1,
                (m->run->nepochs - i - 1) * sizeof(m->run->epochs[0]));
        m->run->nepochs--;
        dropped = 1;
    }
    m->nopen = 0;
    return dropped;
}

/*
 * Epochs read before run_stop that its time says are not the run's: MiniGo
 * logs its evaluation after the training, which went on past the target
 * (epochs 59 to 70 after a run_stop at the time of epoch 58's model). One
 * that began after run_stop's time is dropped; one that ended after it is cut
 * there, partial.
 */
static void past_stop(struct mllog *m, double t, unsigned line)
{
    struct br_run *r = m->run;

    for (size_t i = 0; i < r->nepochs;) {
        struct br_epoch *ep = &r->epochs[i];
        if (ep->start > t) {
            if (!m->late++)
                m->late_line = ep->line;
            if (ep->start - t > m->late_by)
                m->late_by = ep->start - t;
            free(ep->metrics);
            memmove(ep, ep + 1, (r->nepochs - i - 1) * sizeof(*ep));
            r->nepochs--;
            continue;
        }
        if (!isnan(ep->duration) && ep->end > t && !ep->partial) {
            ep->end = t;
            ep->duration = br_round_us(t - ep->start);
            ep->line = line;
            ep->partial = 1;
            if (!m->late_cut++) {
                m->late_cut_num = ep->index;
                m->late_cut_line = line;
            }
        }
        i++;
    }
}

/*
 * At a run_stop with status success: the run's last epoch (of epoch events), whose
 * last evaluation (logged after its start, before run_stop; its time may pass the
 * epoch_stop's by a millisecond) is numbered at a fraction of it, stopped there at
 * the target, part-way through its data: partial. DLRM (v0.7-v2.1) trains one epoch of
 * Criteo from epoch_num 1, evaluates at 1.05, 1.1, ..., and at the target (1.8999)
 * logs epoch_stop 2 and run_stop in the same millisecond.
 */
static void frac_eval_cut(struct mllog *m, unsigned line)
{
    struct br_run *r = m->run;
    struct br_epoch *last;
    double f = m->last_eval_num, whole;

    if (!r || !m->saw_epochs || !r->nepochs || !isfinite(f) || f == floor(f))
        return;
    last = &r->epochs[r->nepochs - 1];
    whole = floor(f);
    if (last->partial || isnan(last->duration) || m->last_eval < last->start ||
        (whole != last->index && whole + 1 != last->index))
        return;
    last->partial = 1;
    m->frac_eval_line = line;
    m->frac_eval_index = last->index;
    m->frac_eval_num = f;
}

/*
 * At a run_stop with status success: the run's last epoch, stopped before it,
 * when the evaluation that reached the target was logged inside it and it took
 * under half the median of the run's other whole epochs, was broken off at the
 * target, not trained through (RetinaNet, v2.0-v3.1's "ssd": its evaluation
 * runs beside the next epoch, whose training stops when the result comes, and
 * its epoch_stop is logged then: 7 s among 530 s epochs). It is partial. (Whole
 * last epochs with an evaluation inside them take 0.8 to 1.1 of the median.)
 */
static void target_cut(struct mllog *m, unsigned line)
{
    struct br_run *r = m->run;
    struct br_epoch *last;
    double *d, med;
    size_t n = 0;

    if (!r || r->nepochs < 2 || m->overlap_line || isnan(m->last_eval))
        return;
    last = &r->epochs[r->nepochs - 1];
    if (last->partial || isnan(last->duration) || m->last_eval < last->start ||
        m->last_eval > last->end)
        return;
    d = br_xcalloc(r->nepochs, sizeof(*d));
    /* by the steps each epoch trained, where epoch_stop says its step_num (DeepCAM: 477
     * of 947, 478 s among 860 s epochs): no time test needed */
    for (size_t i = 1; i + 1 < r->nepochs; i++)
        if (!r->epochs[i].partial && steps_of(m, i) > 0)
            d[n++] = (double)steps_of(m, i);
    if (n && steps_of(m, r->nepochs - 1) >= 0) {
        long last_steps = steps_of(m, r->nepochs - 1);
        qsort(d, n, sizeof(*d), br_cmp_double);
        med = n % 2 ? d[n / 2] : (d[n / 2 - 1] + d[n / 2]) / 2;
        if (last_steps < 0.95 * med) {
            last->partial = 1;
            m->target_cut_line = line;
            m->target_cut_index = last->index;
            m->target_cut_steps = last_steps;
            m->target_cut_med_steps = (long)med;
        }
        free(d);
        return;
    }
    n = 0;
    for (size_t i = 0; i + 1 < r->nepochs; i++)
        if (!r->epochs[i].partial && !isnan(r->epochs[i].duration))
            d[n++] = r->epochs[i].duration;
    if (n) {
        qsort(d, n, sizeof(*d), br_cmp_double);
        med = n % 2 ? d[n / 2] : (d[n / 2 - 1] + d[n / 2]) / 2;
        if (last->duration < med / 2) {
            last->partial = 1;
            m->target_cut_line = line;
            m->target_cut_index = last->index;
            m->target_cut_s = last->duration;
            m->target_cut_median = med;
        }
    }
    free(d);
}

/* The number of open block b's last epoch. */
static long block_last(const struct mllog *m, int b)
{
    return m->blocks[b].first + m->block_base + m->blocks[b].count - 1;
}

/*
 * Whether run_stop `e` says open block `b` trained all its epochs: its "epoch", the epochs
 * trained, is the block's last. H3C's v3.0 unet3d result_8, aborted once its evaluation at
 * epoch 1000 had diverged, trained the next block (block_start 1000: 1001-1020, 30.723 s,
 * as each block before took 30.77 s), then logged no block_stop, only run_stop with
 * "epoch": 1020; a block cut short names an epoch before its last, or none. Not evidence
 * alone: NVIDIA's v3.0 unet3d logs the same "epoch": 1020 where the block began just
 * before the evaluation of epoch 1000 and trained nothing (run_stop() asks that first).
 */
static int stop_names_block_end(const struct mllog *m, const struct event *e, int b)
{
    long num;

    return !m->sample_unit && meta_long(e, "epoch", &num) && num == block_last(m, b);
}

/*
 * run_stop ends the training: the time to train is run_stop - run_start, and
 * an epoch or block still open was cut short by it (target reached inside
 * it): it ends here, partial.
 */
static void run_stop(struct mllog *m, const struct event *e, unsigned line)
{
    struct br_run *r = run_of(m);

    m->stopped = 1;
    m->stop_t = e->t;
    m->failure[0] = '\0';
    m->hydra_line = 0;
    if (!isnan(m->run_start) && e->t >= m->run_start)
        r->runtime_s = br_round_us(e->t - m->run_start);
    for (int k = 0; k < m->nopen; k++) {
        /* the newest open epoch was cut; older ones too where epochs overlap (their
         * evaluation still running), else they never stopped and have no time */
        struct br_epoch *ep = &r->epochs[m->open[k]];
        if (k < m->nopen - 1 && !m->overlap_line)
            continue;
        ep->end = e->t;
        ep->duration = br_round_us(e->t - ep->start);
        ep->line = line;
        ep->partial = 1;
    }
    m->nopen = 0;
    while (!m->saw_epochs && m->nblocks) {
        /* a block cut short: how many of its epochs ended is not known (the blocks
         * in the order they started) */
        int b = 0;
        for (int k = 1; k < m->nblocks; k++)
            if (m->blocks[k].start < m->blocks[b].start)
                b = k;
        /* (an epoch_num a long holds: a fuzzed -1e300 is none) */
        if (!m->block_base && fabs(m->last_eval_num) < 1e15 &&
            m->last_eval >= m->blocks[b].start &&
            block_eval_index(m, (long)m->last_eval_num) >=
                m->blocks[b].first + m->block_base + m->blocks[b].count - 1) {
            /* its last epoch's evaluation came before the run stopped (unet3d at the
             * target; its block_stop after run_stop): it trained all its epochs (an
             * eval_start is no evidence: TPU SSD logs one for the block's end at its start;
             * nor is an evaluation numbered from 0, which may count the epochs trained) */
            spread_block(m, b, block_end(m, b, e->t, line), line);
            continue;
        }
        if (m->after_named && !m->sample_unit && m->eval_start_num >= 0 &&
            m->eval_start_t >= m->blocks[b].start &&
            block_eval_index(m, m->eval_start_num) <
                m->blocks[b].first + m->blocks[b].done + m->block_base) {
            /* in a log whose blocks name the epoch before them (NVIDIA's unet3d), it began,
             * then that epoch was evaluated and the run stopped: the block trained nothing
             * (not in samples: v4.0's trains beside its evaluation, which ends inside the next
             * block, and that block's block_stop, after run_stop, logs its throughput) */
            m->blocks[b] = m->blocks[--m->nblocks];
            continue;
        }
        if (stop_names_block_end(m, e, b)) {
            spread_block(m, b, block_end(m, b, e->t, line), line);
            continue;
        }
        {
            struct br_epoch *ep = br_run_add_epoch(r);
            ep->index = (unsigned)(m->blocks[b].first + m->blocks[b].done + m->block_base);
            ep->start = m->blocks[b].start;
            ep->end = block_end(m, b, e->t, line);
            ep->duration = br_round_us(ep->end - ep->start);
            ep->line = line;
            ep->partial = 1;
            put_pending(m, ep, (long)ep->index + m->blocks[b].count - m->blocks[b].done - 1);
        }
        m->blocks[b] = m->blocks[--m->nblocks];
    }
    past_stop(m, e->t, line);
}

/*
 * The epoch a log of blocks has reached: its last epoch read, or the one an
 * open block is in (*lo); and the last that the open blocks will reach (*hi).
 */
static void blocks_reach(const struct mllog *m, long *lo, long *hi)
{
    *lo = *hi = m->run && m->run->nepochs ? (long)m->run->epochs[m->run->nepochs - 1].index : 0;
    for (int b = 0; b < m->nblocks; b++) {
        long at = m->blocks[b].first + m->block_base + m->blocks[b].done;
        long end = m->blocks[b].first + m->block_base + m->blocks[b].count - 1;
        *lo = at > *lo ? at : *lo;
        *hi = end > *hi ? end : *hi;
    }
}

/*
 * Whether an evaluation at epoch_num `num` fits the epochs the blocks have
 * reached: not far ahead of what the open blocks will reach, nor a hundredth
 * of what they have (TPU SSD evaluates asynchronously: epoch 5's evaluation
 * comes when the blocks are at 41), or, counted in samples, a multiple of
 * train_samples near them (v4.0 unet3d: 168000 at epoch 999, 168 samples an
 * epoch). BERT's blocks count steps or evaluation intervals while its
 * evaluations count samples (Habana: blocks to epoch 1140, eval_accuracy at
 * epoch_num 175104, train_samples 3001600), or the other way (Google's v0.7
 * GPU BERT: blocks of 1137 steps, evaluation 6 after 6822 of them).
 */
/*
 * Benchmarks that train in steps or samples to a target, in less than an epoch of their
 * data (MLPerf's rules give them no epochs): their blocks are evaluation intervals or
 * counts of steps, whatever first_epoch_num and epoch_count say.  A log of theirs with
 * no evaluation to contradict the blocks (cut before the first) would read thousands of
 * blocks as epochs.  Prefixes of submission_benchmark's value.
 */
static const char *const stepwise_benchmarks[] = {
    "bert", "gpt", "llama", "mixtral", "stable_diffusion", "flux",
    "openfold",     /* HPC: epochs of 5120 samples (its epoch_num) of 594595 */
};

static void stepwise_benchmark(struct mllog *m, const struct event *e, unsigned line)
{
    struct br_jspan v = br_jspan_unquote(e->value);

    for (size_t i = 0; i < sizeof(stepwise_benchmarks) / sizeof(*stepwise_benchmarks); i++) {
        size_t n = strlen(stepwise_benchmarks[i]);
        if (v.n >= n && v.n < sizeof(m->stepwise_name) && !m->stepwise_line &&
            !memcmp(v.p, stepwise_benchmarks[i], n)) {
            m->stepwise_line = line;
            memcpy(m->stepwise_name, v.p, v.n);
            m->stepwise_name[v.n] = '\0';
        }
    }
}

/*
 * The epoch events of a benchmark that trains in steps to a target (BERT, GPT-3,
 * Llama): one epoch_start/epoch_stop pair around the whole run, over a part of an
 * epoch of its data (BERT reads 3 to 4 million of its 156 million sequences); or
 * pairs around its evaluation intervals (OpenFold: "epochs" numbered 5120, 10240, ...
 * in samples, of 594595, 18 of them to the target). They are no epochs of data:
 * partial, their times shown and kept out of the epoch statistics, whether the last
 * epoch_stop came before run_stop (v3.0's BERT and Habana's GPT-3) or run_stop cut
 * it (NVIDIA's GPT-3), with a note.
 */
static void stepwise_epochs(struct mllog *m)
{
    unsigned n = 0;

    for (size_t i = 0; i < m->run->nepochs; i++)
        if (!m->run->epochs[i].partial && !isnan(m->run->epochs[i].duration)) {
            m->run->epochs[i].partial = 1;
            n++;
        }
    if (m->run->nepochs)
        br_source_diag(m->src, BR_NOTE, m->stepwise_line, 1,
                       "%s trains in steps to a target, over a part of an epoch of its data: "
                       "its epoch_start/epoch_stop events bracket the run or its evaluation "
                       "intervals, not epochs of data: partial (%u made so), not in the "
                       "statistics; the time to train stands", m->stepwise_name, n);
}

static int eval_fits_blocks(const struct mllog *m, long num, long *reach)
{
    long lo, hi;

    blocks_reach(m, &lo, &hi);
    *reach = lo;
    if (!lo || (num >= lo - 2 && num <= hi + 2))
        return 1;
    if (m->train_samples > 1 && num % m->train_samples == 0 &&
        num / m->train_samples >= lo - 2 && num / m->train_samples <= hi + 2)
        return 1;
    return num <= 2 * hi + 2 && !(num >= 1 && num <= lo / 100);
}

/*
 * The epoch an evaluation numbered `num` (whose epoch `ep` has that number) evaluated:
 * `ep`, unless the evaluation began (its eval_start of that number, else itself) before
 * ep started and just after epoch num - 1 stopped: then its epoch_num counts the epochs
 * trained, and it evaluated num - 1 (NVIDIA's RetinaNet, epochs from 0: eval_start 1
 * right after epoch 0's epoch_stop, its result logged 9 s into epoch 1).
 */
static struct br_epoch *evaluated_epoch(struct mllog *m, const struct event *e,
                                        struct br_epoch *ep, long num)
{
    double began = m->eval_start_num == num ? m->eval_start_t : e->t;
    struct br_epoch *last = NULL;

    if (!(ep->start > began) || num < 1)
        return ep;
    for (size_t i = 0; i < m->run->nepochs; i++) {
        struct br_epoch *x = &m->run->epochs[i];
        if (!isnan(x->duration) && x->end <= began && (!last || x->end >= last->end))
            last = x;
    }
    if (!last || last->index != (unsigned)(num - 1))
        return ep;
    if (!m->trained_n++) {
        m->trained_line = m->line;
        m->trained_num = num;
    }
    return last;
}

/*
 * The epoch index an evaluation's epoch_num `num` names in a log of blocks from epoch
 * 0 (whose epochs got 1-based numbers): the block's last epoch as counted from 0 (Intel's
 * ResNet: epoch_num 3 after the block of epochs 0 to 3, its fourth, index 4), or the
 * epochs trained (Google's SSD: epoch_num 5 after the block of 0 to 4, index 5). `num`
 * itself in a log of epochs, of blocks from 1, or of blocks numbered by the epochs trained
 * at their end (counts_done: the evaluation numbered 4 is block 4's, epochs 1 to 4, and
 * its last epoch's, wherever its line is beside the block_stop).
 */
static long block_eval_index(const struct mllog *m, long num)
{
    long last = m->last_block_first + m->last_block_count;

    if (m->saw_epochs || m->block_base != 1)
        return num;
    if (m->last_block_count && (num == last || num == last - 1))
        return num == last ? num : num + 1;     /* the block that just stopped */
    for (int b = 0; b < m->nblocks; b++)
        if (m->blocks[b].first + m->blocks[b].count == num)
            return num;
    for (int b = 0; b < m->nblocks; b++)
        if (m->blocks[b].first + m->blocks[b].count - 1 == num)
            return num + 1;
    return num;
}

/*
 * The last epoch of the open block that an evaluation numbered `num` just past its end is
 * of, in a log whose blocks count from epoch 1, or -1. Google's v0.6 TPU SSD runner, once
 * block F of C epochs is trained (cur_step // steps_per_epoch = F + C - 1 epochs), logs its
 * block_start and eval_start F + C together, waits for the block's training and the
 * device's predictions, then, beside the next block's training, logs the evaluation's
 * eval_accuracy F + C and block F's block_stop: tpu-v3-1024 result_1's block_start 1 (32
 * epochs) and eval_start 33 at lines 145-146 (0.6 s after run_start), block_start 33 at
 * 147 (33.2 s later), eval_accuracy 33 (0.134981) at 149 and block_stop 1 at 151, 1 ms
 * after it; and so on to eval_accuracy 76 (0.232456, the target 0.23 reached), block_stop 71
 * (71-75) and run_stop, lines 184-187. The evaluation numbered F + C is of epoch F + C - 1,
 * the block's last.
 */
static long evaluated_block(const struct mllog *m, long num)
{
    for (int b = 0; b < m->nblocks && !m->block_base; b++)
        if (m->blocks[b].first + m->blocks[b].done + m->blocks[b].count == num)
            return num - 1;
    return -1;
}

/*
 * Whether an open block older than the newest gives epoch `num` (Google's v0.6 TPU
 * Transformer: epoch N's evaluation, beside epoch N+1's block, ends before N's block_stop):
 * the evaluation is kept for that epoch, not put on the last one read. Not where another
 * open block ends just before `num`: Google's v0.6 TPU SSD logs eval_start F + C at the
 * start of block F (C epochs) and that evaluation's eval_accuracy before block F's
 * block_stop (tpu-v3-1024 result_1: eval 49 at line 161, block 44-48's stop at 163), so
 * it is block F's evaluation (evaluated_block()), not that of the block that begins at F + C.
 */
static int open_holds(const struct mllog *m, long num)
{
    long lo = 0, end = open_block_end(m, &lo);
    int held = 0;

    for (int b = 0; b < m->nblocks && end >= 0; b++) {
        long first = m->blocks[b].first + m->block_base + m->blocks[b].done;
        if (first + m->blocks[b].count == num)
            return 0;
        if (first < lo && num >= first && num < first + m->blocks[b].count)
            held = 1;
    }
    return held;
}

/*
 * An evaluation's result, `key` (eval_accuracy; eval_error, the mean absolute error
 * that CosmoFlow and OpenCatalyst log instead), as the metric of that name on the
 * epoch of its epoch_num (the last epoch read where none is that
 * number; one logged inside a block that gives no epoch of its number is kept for
 * the block's last epoch: Google's TPU logs evaluate inside the block, Transformer's
 * epoch N in block N, ResNet's at the end of each block of 4). A number is the metric
 * `key`; an object's numeric members are KEY.NAME each (Mask R-CNN's eval_accuracy:
 * {"BBOX": 0.377, "SEGM": 0.339}, both targets).
 */
static int eval_metric(struct mllog *m, const struct event *e, const char *key)
{
    struct br_epoch *ep = m->run->nepochs ? &m->run->epochs[m->run->nepochs - 1] : NULL;
    struct br_jspan k, val;
    size_t pos = 0;
    char name[64];
    long num = -1;
    int found = 0;
    double v;

    if (epoch_num(m, e, "epoch_num", &num))
        for (size_t i = 0; i < m->run->nepochs; i++)
            if (m->run->epochs[i].index == (unsigned)block_eval_index(m, num)) {
                ep = &m->run->epochs[i];
                found = 1;
            }
    if (found && m->saw_epochs)
        ep = evaluated_epoch(m, e, ep, num);
    if (!found && !m->saw_epochs && m->nblocks) {
        /* logged inside a block: the evaluation at its end, on its last epoch; one of an
         * epoch before the block (TPU SSD's lag behind the blocks, whose numbers skip
         * some) on the last epoch read up to its number */
        long lo = 0, end = open_block_end(m, &lo), last = evaluated_block(m, num);
        int held = open_holds(m, num);
        ep = num >= 0 && num < lo && !held && last < 0 ? epoch_upto(m->run, num) : NULL;
        if (last >= 0 && !m->past_end++)
            m->past_end_line = m->line;
        if (last >= 0)
            num = last;         /* kept for the block's last epoch, made at its block_stop */
        else if (!ep && !held)
            num = end;
    } else if (!ep) {
        return found;
    }
    if (span_double(e->value, &v)) {
        put_metric(m, ep, num, key, strlen(key), v);
        return found;
    }
    if (!e->value.n || e->value.p[0] != '{')
        return found;
    while (br_json_next_member(e->value.p, e->value.n, &pos, &k, &val) == 1) {
        int len = snprintf(name, sizeof(name), "%s.%.*s", key, (int)(k.n < 40 ? k.n : 40), k.p);
        if (k.n && k.n <= 40 && br_json_number(val, &v))
            put_metric(m, ep, num, name, (size_t)len, v);
    }
    return found;
}

/* An evaluation read (eval_accuracy at `line`, `found`: an epoch of its number was
 * read): during the training or after it (struct mllog's post_n). */
static void count_eval(struct mllog *m, const struct event *e, unsigned line, int found)
{
    long num = -1;

    if (!m->saw_epochs || isnan(m->last_stop_t) || m->nopen > 1 ||
        !(e->t > m->last_stop_t)) {
        m->in_evals++;
        return;
    }
    epoch_num(m, e, "epoch_num", &num);
    if (!m->post_n++) {
        m->post_line = line;
        m->post_lo = m->post_hi = num;
    }
    m->post_lo = num < m->post_lo ? num : m->post_lo;
    m->post_hi = num > m->post_hi ? num : m->post_hi;
    m->post_unnamed += !found;
}

/*
 * Evaluations of saved models after the training (count_eval) whose numbers are not
 * certainly the epochs': some name no epoch read (NVIDIA's MiniGo numbers the models
 * of the run 1 to 54, its epochs 18 to 71), or the epochs' epoch_start and epoch_stop
 * name different numbers (Intel's). Their values are on no epoch. Returns whether so.
 */
static int drop_post_evals(struct mllog *m)
{
    struct br_run *r = m->run;

    if (!r || m->post_n < 2 || m->in_evals || !(m->post_unnamed || m->stop_renamed))
        return 0;
    for (size_t i = 0; i < r->nepochs; i++) {
        struct br_epoch *ep = &r->epochs[i];
        size_t k = 0;
        for (size_t j = 0; j < ep->nmetrics; j++)
            if (strncmp(ep->metrics[j].name, "eval_accuracy", 13) ||
                (ep->metrics[j].name[13] && ep->metrics[j].name[13] != '.'))
                ep->metrics[k++] = ep->metrics[j];
        ep->nmetrics = k;
    }
    return 1;
}

/*
 * run_stop's status: "success" (1), another (0: the run DNF with it, MLPerf's "aborted" in
 * words), or none (-1, noted).
 */
static int stop_status(struct mllog *m, const struct event *e, unsigned line)
{
    struct br_jspan st;
    const char *err;
    size_t pos;

    if (!e->meta.n || br_json_get(e->meta.p, e->meta.n, "status", &st, &err, &pos) != 1) {
        m->no_status_line = line;
        return -1;
    }
    st = br_jspan_unquote(st);
    if (st.n == 7 && !memcmp(st.p, "success", 7))
        return 1;
    run_of(m)->status = BR_RUN_DNF;
    /* MLPerf's "aborted": the training ended short of its quality target (its epochs or
     * steps spent), no time to train that counts */
    m->run->reason = st.n == 7 && !memcmp(st.p, "aborted", 7)
                         ? "run_stop status aborted: the quality target not reached"
                         : br_arena_printf(&m->run->arena, "run_stop status %.*s",
                                           (int)(st.n > 40 ? 40 : st.n), st.p);
    m->run->reason_line = line;
    return 0;
}

/*
 * A numeric eval_accuracy `v` as the run's last evaluation on no epoch: named
 * eval_accuracy.NAME where its metadata says "metric": NAME (Stable Diffusion logs FID and
 * CLIP, each an eval_accuracy, one after the other: one evaluation), else eval_accuracy; a
 * name the last evaluation has begins another.
 */
static void final_eval(struct mllog *m, const struct event *e, unsigned line, double v)
{
    struct br_jspan s;
    const char *err;
    size_t pos;
    char name[64];
    int n = snprintf(name, sizeof(name), "eval_accuracy");

    if (e->meta.n && e->meta.p[0] == '{' &&
        br_json_get(e->meta.p, e->meta.n, "metric", &s, &err, &pos) == 1) {
        s = br_jspan_unquote(s);
        if (s.n && s.n <= 40 && !memchr(s.p, '"', s.n) && !memchr(s.p, '{', s.n))
            n = snprintf(name, sizeof(name), "eval_accuracy.%.*s", (int)s.n, s.p);
    }
    for (size_t i = 0; i < m->run->nfinal; i++)
        if (!strcmp(m->run->final[i].name, name))
            br_run_drop_final(m->run);
    br_run_set_final(m->run, line, name, (size_t)n, v);
}

static void event(struct mllog *m, const struct event *e, unsigned line)
{
    long num;
    double v;

    m->nevents++;
    if (key_is(e, "power_reading")) {
        power_event(m, e, line);
        return;
    }
    if (key_is(e, "interconnect_power_est") && !m->est_line && span_double(e->value, &v)) {
        m->est_line = line;     /* smc-ac-power's sw_0.txt: the switch's one line */
        m->est_w = v;
    }
    m->lag = key_is(e, "eval_accuracy") && lagged(m, e);
    if (m->lag && !m->lag_n++)
        m->lag_line = line;
    if (key_is(e, "eval_accuracy") && m->run && !m->stopped && span_double(e->value, &v))
        final_eval(m, e, line, v);   /* finish_run() keeps it where the run has no epochs */
    if (m->stopped && (key_is(e, "epoch_start") || key_is(e, "epoch_stop") ||
                       key_is(e, "block_start") || key_is(e, "block_stop"))) {
        /* the training ended at run_stop: other ranks' or hosts' later epochs */
        if (!m->after_stop++)
            m->after_stop_line = line;
        return;
    }
    if (key_is(e, "submission_platform")) {
        placeholder(m, e, line);
        label_value(m, &run_of(m)->device, e);
    }
    else if (key_is(e, "submission_benchmark")) {
        label_value(m, &run_of(m)->model, e);
        stepwise_benchmark(m, e, line);
    }
    else if (key_is(e, "global_batch_size"))
        label_value(m, &run_of(m)->batch, e);
    else if (key_is(e, "train_samples") && span_double(e->value, &v) && v >= 1 &&
             v <= MLLOG_MAX_NUM && v == floor(v))
        m->train_samples = (long)v;
    else if (key_is(e, "epoch_start"))
        epoch_start(m, e, line);
    else if (key_is(e, "epoch_stop"))
        epoch_stop(m, e, line);
    else if (key_is(e, "block_start")) {
        block_start(m, e, line);
    } else if (key_is(e, "block_stop") && !m->saw_epochs) {
        block_stop(m, e, line);
    } else if (key_is(e, "eval_accuracy") && !m->saw_epochs && m->block_seen && !m->stopped &&
               epoch_num(m, e, "epoch_num", &num) && !m->eval_off_line &&
               !eval_fits_blocks(m, num, &m->eval_off_reach)) {
        m->eval_off_line = line;
        m->eval_off_num = num;
    } else if (key_is(e, "eval_accuracy") && !m->stopped && (run_of(m)->nepochs || m->nblocks)) {
        /* (after run_stop: another rank's evaluation, not what ended the run) */
        count_eval(m, e, line, eval_metric(m, e, "eval_accuracy"));
        m->last_eval = e->t;
        m->last_eval_num = meta_num(e, "epoch_num") + m->lag;
        m->acc_num = epoch_num(m, e, "epoch_num", &num) ? num : -1;
        if (m->sample_unit)
            m->last_eval_num /= (double)m->sample_unit;     /* samples: epochs */
    } else if (key_is(e, "eval_error") && !m->stopped && (run_of(m)->nepochs || m->nblocks)) {
        (void)eval_metric(m, e, "eval_error");
    } else if (key_is(e, "eval_start") && epoch_num(m, e, "epoch_num", &num)) {
        m->eval_start_num = num;
        m->eval_start_t = e->t;
        m->eval_start_line = line;
    } else if (key_is(e, "tracked_stats") && meta_long(e, "step", &num)) {
        m->tracked_step = num;      /* (block_trained()) */
        m->tracked_t = e->t;
    } else if (key_is(e, "run_start")) {
        m->run_start = e->t;
    } else if (key_is(e, "eval_result") && m->mll && !m->stopped && !isnan(m->run_start) &&
               meta_num(e, "timestamp") >= 0 && meta_num(e, "timestamp") < 1e9) {
        /* v0.6 MiniGo: after the training, its evaluation of each generation ends with
         * the one that beat the target, "eval_result" with that model's time since
         * run_start ("timestamp": 1908.321; "Model 000021-000011 beat target after
         * 1908.321s" beside it), the time to train; the run_stop after it (Intel's; NVIDIA
         * logs none) is when the evaluation ended, 1986.73 s for 896.495 */
        struct event at = { .t = m->run_start + meta_num(e, "timestamp") };

        run_stop(m, &at, line);
        frac_eval_cut(m, line);
        target_cut(m, line);
        m->result_line = line;
    } else if (key_is(e, "run_stop")) {
        /* (after eval_result, which stopped the run: its status only) */
        if (!m->result_line)
            run_stop(m, e, line);
        if (stop_status(m, e, line) > 0 && !m->result_line) {
            frac_eval_cut(m, line);
            target_cut(m, line);
        }
    }
}

static const char *find(const char *p, size_t n, const char *lit)
{
    return memmem(p, n, lit, strlen(lit));
}

/* A launcher's rank prefix ("0: ", "13: "): its length, or 0. */
static size_t rank_prefix(const char *p, size_t n)
{
    size_t k = 0;

    while (k < n && k < 6 && p[k] >= '0' && p[k] <= '9')
        k++;
    return k && k + 1 < n && p[k] == ':' && p[k + 1] == ' ' ? k + 2 : 0;
}

/*
 * A line between the events that shows the training dying: CUDA out of
 * memory anywhere, the exception line that follows a Traceback, Hydra's
 * "Error executing job with overrides: [...]". The first one is kept; a
 * later run_stop means the run went on.
 */
static void failure(struct mllog *m, const char *p, size_t n, unsigned line)
{
    size_t k = rank_prefix(p, n), len, thread_n = m->thread_n;
    const char *colon;

    p += k;
    n -= k;
    k = br_torchrun_prefix(p, n);
    p += k;
    n -= k;
    while (n && (p[n - 1] == '\r' || p[n - 1] == ' '))
        n--;
    if (n) {    /* (a name too long to keep is no thread's announcement) */
        m->thread_n = br_exception_in_thread(p, n) && n <= sizeof(m->thread) ? n : 0;
        memcpy(m->thread, p, m->thread_n);
    }
    if (m->failure[0] || !m->run)
        return;
    if (find(p, n, "CUDA out of memory") || find(p, n, "OutOfMemoryError")) {
        snprintf(m->failure, sizeof(m->failure), "out of memory");
        m->failure_line = line;
        return;
    }
    if (n >= 33 && !memcmp(p, "Traceback (most recent call last)", 33)) {
        m->traceback = !br_thread_traceback(m->src, m->thread, thread_n, line);
        return;
    }
    if (n >= 36 && !memcmp(p, "Error executing job with overrides: ", 36)) {
        /* Hydra's (NeMo's launchers): the failure when no exception follows it (shown only
         * with HYDRA_FULL_ERROR=1, or by a Traceback of the rank) */
        if (!m->hydra_line)
            m->hydra_line = line;
        return;
    }
    if (find(p, n, " CANCELLED AT ") && find(p, n, "DUE TO TIME LIMIT")) {
        /* "slurmstepd: error: *** STEP 513.21 ON node002 CANCELLED AT 2025-04-21T14:07:43
         * DUE TO TIME LIMIT ***" */
        snprintf(m->failure, sizeof(m->failure), "killed by the batch system: time limit");
        m->failure_line = line;
        return;
    }
    if (!m->traceback || !n || *p == ' ' || !(colon = memchr(p, ':', n)) ||
        !(find(p, (size_t)(colon - p), "Error") || find(p, (size_t)(colon - p), "Exception")))
        return;
    len = n > 100 ? 100 : n;
    snprintf(m->failure, sizeof(m->failure), "error: %.*s", (int)len, p);
    m->failure_line = line;
}

/* Whether a line of `head` starts with `mark` (after a rank prefix). */
static int old_log_line(const char *head, size_t n, const char *mark)
{
    const char *p = head, *end = head + n;
    size_t m = strlen(mark);

    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p), k = rank_prefix(p, len);
        if (len >= k + m && !memcmp(p + k, mark, m))
            return 1;
        p = nl ? nl + 1 : end;
    }
    return 0;
}

/* The epochs (not cut short) that have no time. */
static unsigned no_time(const struct br_run *r)
{
    unsigned n = 0;

    for (size_t i = 0; i < r->nepochs; i++)
        n += isnan(r->epochs[i].duration) && !r->epochs[i].partial;
    return n;
}

/*
 * v0.6's Minigo writes metadata as Python's repr of a dict ({'lineno': 53,
 * 'status': 'success'}): the text with each ' made ", into m->swapped, when
 * it has single quotes and no double quote inside them. Returns whether it did.
 */
static int python_quotes(struct mllog *m, const char *p, size_t n)
{
    int in_single = 0, any = 0;

    if (n >= sizeof(m->swapped))
        return 0;
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (c == '\'')
            in_single = !in_single, any = 1, c = '"';
        else if (c == '"' && in_single)
            return 0;
        m->swapped[i] = c;
    }
    m->swapped[n] = '\0';
    return any && !in_single;
}

/*
 * Epochs whose times add up to under a fifth of the time to train (where the log has
 * blocks: under half)
 * do not time the training: their events bracket something else (Google's v0.7 TPU
 * Transformer brackets each evaluation with its block, 1.9 s of 165 s; NVIDIA's MXNet
 * ResNet on 527 nodes logs epoch_stop when an epoch is queued, 0.03 s epochs summing to
 * 18% of 19 s; Google's TPU Mask R-CNN (v0.7-v2.0) and v2.0 SSD train and evaluate on
 * the device in one loop while the host evaluates the epoch before: a block is the
 * host's wait for the device's next outputs, 3 ms to 15 s, 23-38% of the time to train,
 * the rest the host's evaluation; NVIDIA's MXNet ResNet on 64 DGX H100 logs epochs of
 * 0.16 s in blocks of 2.5 s, 35%). Blocks-only logs that time their training cover 68%
 * of it or more, logs of epochs in blocks 81%; epochs without blocks (HPC's: data
 * staging inside the run) may cover half: a fifth is theirs. The epochs keep their numbers and metrics and lose their times (they
 * are not epoch times), with a warning; the time to train stands. Returns whether
 * they did.
 */
static int thin_epochs(struct mllog *m)
{
    struct br_run *r = m->run;
    double sum = 0, part = m->saw_epochs && !m->block_seen ? 5 : 2;
    size_t n = 0;

    if (!(r->runtime_s > 0))
        return 0;
    for (size_t i = 0; i < r->nepochs; i++)
        if (!r->epochs[i].partial && !isnan(r->epochs[i].duration)) {
            sum += r->epochs[i].duration;
            n++;
        }
    if (n < 3 || sum >= r->runtime_s / part)
        return 0;
    for (size_t i = 0; i < r->nepochs; i++)
        r->epochs[i].duration = r->epochs[i].start = r->epochs[i].end = NAN;
    br_source_diag(m->src, BR_WARNING, r->first_line, 1,
                   "the %zu whole epochs add up to %.3f s, %.0f%% of the %.3f s time to "
                   "train: their %s events do not bracket the training (an evaluation, "
                   "work queued, or a wait for the device's outputs), so their times are "
                   "not epoch times: none shown; the time to train stands",
                   n, sum, 100 * sum / r->runtime_s, r->runtime_s,
                   m->saw_epochs ? "epoch" : "block");
    return 1;
}

/* The notes on the run just read: what its events are, and why it reads so (the rules in the
 * header). */
static void run_notes(struct mllog *m)
{
    if (m->overlap_line)
        br_source_diag(m->src, BR_NOTE, m->overlap_line, 1,
                       "epochs overlap (epoch %u stops after a later epoch started: its "
                       "evaluation ran beside the next epoch's training): each epoch's time "
                       "is its own epoch_start to epoch_stop, and their sum exceeds the time "
                       "to train", m->overlap_num);
    else if (m->block_overlap_line)
        br_source_diag(m->src, BR_NOTE, m->block_overlap_line, 1,
                       "blocks overlap (the block from epoch %ld stops after the next "
                       "block started: its evaluation ran beside the next block's "
                       "training): each block ends where the next began", m->block_overlap_first);
    else if (m->no_stop_line && m->run && (m->no_stop = no_time(m->run)))
        br_source_diag(m->src, BR_NOTE, m->no_stop_line, 1,
                       "%u epoch%s started with no epoch_stop (the next epoch_start came "
                       "first): counted, with no time", m->no_stop, m->no_stop == 1 ? "" : "s");
    if (m->done_line && m->run && m->run->nepochs)
        br_source_diag(m->src, BR_NOTE, m->done_line, 1,
                       "block_start's first_epoch_num counts the epochs trained at the block's "
                       "end (the first block, from run_start, is numbered %ld, its "
                       "epoch_count): block N is epochs N - %ld to N, and an evaluation "
                       "numbered N is on epoch N", m->done_first, m->done_first - 1);
    if (m->past_end && m->run && m->run->nepochs)
        br_source_diag(m->src, BR_NOTE, m->past_end_line, 1,
                       "%u evaluation%s numbered one past the last epoch of a block still "
                       "open: each is of that epoch, the evaluation at the block's end",
                       m->past_end, m->past_end == 1 ? "" : "s");
    if (m->lag_n && m->run && m->run->nepochs)
        br_source_diag(m->src, BR_NOTE, m->lag_line, 1,
                       "%u eval_accuracy event%s numbered as the evaluation before, after an "
                       "eval_start that names the next epoch: each is that epoch's (its "
                       "evaluation ran beside the next epoch's training)", m->lag_n,
                       m->lag_n == 1 ? "" : "s");
    if (m->steps_line && m->run && !m->run->nepochs)
        br_source_diag(m->src, BR_NOTE, m->steps_line, 1,
                       "blocks count steps (step_num), whatever their first_epoch_num and "
                       "epoch_count say: no epochs and no epoch times; the time to train "
                       "stands");
    if (m->swapped_n)
        br_source_diag(m->src, BR_NOTE, m->swapped_line, 1,
                       "%u events' metadata %s Python dicts ({'lineno': ...}, single "
                       "quotes), read as JSON", m->swapped_n, m->swapped_n == 1 ? "is a" : "are");
    if (m->fraction_line)
        br_source_diag(m->src, BR_NOTE, m->fraction_line, 1,
                       "blocks start at fractional epochs (first_epoch_num %g): parts of an "
                       "epoch, not epochs, so no epoch times; the time to train stands",
                       m->fraction_num);
    if (m->sample_off_line && m->run)
        br_source_diag(m->src, BR_NOTE, m->sample_off_line, 1,
                       "a block numbered %ld, no multiple of train_samples %ld, where the "
                       "first block's numbers counted samples: the blocks are not read as "
                       "epochs: no epochs and no epoch times; the time to train stands",
                       m->sample_off_num, m->sample_unit);
    else if (m->sample_unit && m->run && m->run->nepochs)
        br_source_diag(m->src, BR_NOTE, m->sample_epochs_line, 1,
                       "blocks' epoch numbers count samples (first_epoch_num %ld, epoch_count "
                       "%ld, multiples of train_samples %ld): read as epochs, each number "
                       "divided by %ld, as are the evaluations' epoch_num: a block is %ld "
                       "epochs, the first from epoch %ld", m->sample_epochs_first,
                       m->sample_epochs_count, m->sample_unit, m->sample_unit,
                       m->sample_epochs_count / m->sample_unit,
                       m->sample_epochs_first / m->sample_unit);
    else if (m->sample_epochs_line && m->run && !m->run->nepochs)
        br_source_diag(m->src, BR_NOTE, m->sample_epochs_line, 1,
                       "blocks' epoch numbers count samples (first_epoch_num %ld, epoch_count "
                       "%ld, multiples of train_samples %ld): not epochs, so no epochs and no "
                       "epoch times; the time to train stands",
                       m->sample_epochs_first, m->sample_epochs_count, m->train_samples);
    if (m->huge_line && m->run && !m->run->nepochs)
        br_source_diag(m->src, BR_NOTE, m->huge_line, 1,
                       "block_start's epoch_count is %ld: a count of tokens or samples, not "
                       "of epochs: no epochs and no epoch times; the time to train stands",
                       m->huge_count);
    if (m->samples_line && m->run && !m->run->nepochs)
        br_source_diag(m->src, BR_NOTE, m->samples_line, 1,
                       "blocks count samples (samples_count), not epochs: no epochs and no "
                       "epoch times; the time to train stands");
    if (m->after_named && m->run)
        br_source_diag(m->src, BR_NOTE, m->after_named_line, 1,
                       "%u block_start events name the last epoch the block before ended "
                       "with: each block begins with the epoch after it", m->after_named);
    if (m->repeated_blocks && m->run)
        br_source_diag(m->src, BR_NOTE, m->run->first_line, 1,
                       "%u block_start events name a block already started (one per epoch, "
                       "epoch_count 1): each ends the epoch before it", m->repeated_blocks);
    if (m->late)
        br_source_diag(m->src, BR_NOTE, m->late_line, 1,
                       "%u epoch%s logged before run_stop began after its time (up to %.3f s "
                       "after: the training went on past the target, and run_stop came from "
                       "an evaluation logged later): not the run's", m->late,
                       m->late == 1 ? "" : "s", m->late_by);
    if (m->late_cut)
        br_source_diag(m->src, BR_NOTE, m->late_cut_line, 1,
                       "epoch %u ended after run_stop's time: cut there, partial",
                       m->late_cut_num);
    if (m->target_cut_line && m->run && m->run->nepochs && m->target_cut_med_steps)
        br_source_diag(m->src, BR_NOTE, m->target_cut_line, 1,
                       "epoch %u trained %ld steps where the run's other epochs train %ld "
                       "(median; the step_num of each epoch_stop), and the evaluation that "
                       "reached the target came inside it: its training was broken off there, "
                       "partial: not in the statistics", m->target_cut_index,
                       m->target_cut_steps, m->target_cut_med_steps);
    else if (m->target_cut_line && m->run && m->run->nepochs)
        br_source_diag(m->src, BR_NOTE, m->target_cut_line, 1,
                       "epoch %u took %.3f s where the run's other epochs take %.3f s "
                       "(median), and the evaluation that reached the target came inside it: "
                       "its training was broken off there, partial: not in the statistics",
                       m->target_cut_index, m->target_cut_s, m->target_cut_median);
    if (drop_post_evals(m) && m->stop_renamed)
        br_source_diag(m->src, BR_NOTE, m->post_line, 1,
                       "%u evaluations logged after the training (eval_accuracy, epoch_num %ld "
                       "to %ld), of models its epochs saved; the epochs' epoch_start and "
                       "epoch_stop name different numbers (%ld, then %ld), so which epoch's "
                       "model each scored is not certain: on no epoch", m->post_n, m->post_lo,
                       m->post_hi, m->renamed_start, m->renamed_stop);
    else if (m->post_n >= 2 && m->post_unnamed && !m->in_evals && m->run)
        br_source_diag(m->src, BR_NOTE, m->post_line, 1,
                       "%u evaluations logged after the training (eval_accuracy, epoch_num %ld "
                       "to %ld), of models its epochs saved, numbered as the evaluator counts "
                       "them: %u name no epoch read, so which epoch's model each scored is not "
                       "certain: on no epoch", m->post_n, m->post_lo, m->post_hi, m->post_unnamed);
    if (m->trained_n && m->run)
        br_source_diag(m->src, BR_NOTE, m->trained_line, 1,
                       "eval_accuracy's epoch_num counts the epochs trained: evaluation %ld "
                       "began after epoch %ld stopped and before epoch %ld started, so it is "
                       "epoch %ld's (%u evaluation%s shown on the epoch before its number)",
                       m->trained_num, m->trained_num - 1, m->trained_num, m->trained_num - 1,
                       m->trained_n, m->trained_n == 1 ? "" : "s");
    if (m->frac_eval_line && m->run)
        br_source_diag(m->src, BR_NOTE, m->frac_eval_line, 1,
                       "the evaluation that reached the target is numbered %g, inside epoch "
                       "%u: the training stopped there, part-way through the epoch's data: "
                       "partial, not in the statistics", m->frac_eval_num, m->frac_eval_index);
    if (m->frac_stop_line && m->run)
        br_source_diag(m->src, BR_NOTE, m->frac_stop_line, 1,
                       "epoch_stop at epoch_num %g: epoch %u stopped part-way (the target "
                       "reached inside it), partial: not in the statistics",
                       m->frac_stop_num, m->frac_stop_index);
    if (m->after_stop)
        br_source_diag(m->src, BR_NOTE, m->after_stop_line, 1,
                       "%u epoch or block event%s after run_stop (the training ended there: "
                       "an epoch_stop of the epoch it cut, other hosts finishing): not read",
                       m->after_stop,
                       m->after_stop == 1 ? "" : "s");
    if (m->no_status_line && m->run && m->run->status == BR_RUN_OK)
        br_source_diag(m->src, BR_NOTE, m->no_status_line, 1,
                       "run_stop gives no status (success or aborted): the run is taken to "
                       "have ended as planned, not checked against its target");
    if (m->eval_off_line)
        br_source_diag(m->src, BR_NOTE, m->eval_off_line, 1,
                       "eval_accuracy at epoch_num %ld where the blocks have reached epoch "
                       "%ld: the blocks' epoch numbers do not count epochs (steps, samples or "
                       "evaluation intervals), so no epochs and no epoch times; the time to "
                       "train stands", m->eval_off_num, m->eval_off_reach);
    if (m->placeholder_line && m->run && !m->placeholder_said++)
        br_source_diag(m->src, BR_NOTE, m->placeholder_line, 1,
                       "submission_platform is \"%s\", a placeholder the submission never "
                       "filled in: the device label keeps it (its node count keeps other "
                       "systems' runs apart); --alias '%s=NAME' names the system",
                       m->placeholder, m->placeholder);
    if (m->stepwise_line)
        br_source_diag(m->src, BR_NOTE, m->stepwise_line, 1,
                       "%s trains in steps to a target, in less than an epoch: its blocks "
                       "(first_epoch_num, epoch_count) are evaluation intervals or steps, not "
                       "epochs, so no epochs and no epoch times", m->stepwise_name);
}

/*
 * Whether open block `b`, at the end of a run that logged no run_stop, trained all its epochs:
 * its tracked_stats, "step" the block's first_epoch_num as written, came after its
 * block_start, then an eval_start numbered its last epoch. NVIDIA's MXNet unet3d code (and the
 * submitters' copies) logs tracked_stats once a block's epochs are trained, then evaluates
 * the epoch the block ended with, then logs block_stop: the last launch of Supermicro's v1.0
 * unet3d.txt ends with block_start 2620 (epochs 2621-2640), tracked_stats "step": 2620 29.8
 * s later, as each block's training took 30 s, and eval_start 2640, the file's last line:
 * cut during that evaluation, with 2640 epochs trained. The same family as
 * stop_names_block_end() (H3C: tracked_stats, then run_stop "epoch": 1020). Not an
 * eval_start alone: TPU SSD logs one numbered by its block's end at the block's start.
 */
static int block_trained(const struct mllog *m, int b)
{
    return !m->sample_unit && m->eval_start_num >= 0 && m->tracked_step == m->blocks[b].named &&
           m->tracked_t >= m->blocks[b].start && m->eval_start_t >= m->tracked_t &&
           block_eval_index(m, m->eval_start_num) == block_last(m, b);
}

/* Blocks open where the run ended with no run_stop that trained all their epochs
 * (block_trained()): their time, block_start to the eval_start after it, spread over them. */
static void close_trained_blocks(struct mllog *m)
{
    for (int b = m->nblocks - 1; b >= 0; b--)
        if (block_trained(m, b))
            spread_block(m, b, block_end(m, b, m->eval_start_t, m->eval_start_line),
                         m->eval_start_line);
}

/*
 * The run read so far ends (at the end of the log, or where another begins): its epochs and
 * status as the header's rules say, and its notes. `last` is its last line: a run with no
 * run_stop was interrupted there.
 */
static void finish_run(struct mllog *m, unsigned last)
{
    int cut, thin;

    if (m->run && !m->stopped && !m->saw_epochs)
        close_trained_blocks(m);
    if (!m->eval_off_line || !m->run || m->saw_epochs || !m->run->nepochs)
        m->eval_off_line = 0;
    if (m->saw_epochs)
        m->sample_off_line = 0;     /* epoch events give the epochs, not the blocks */
    if (m->stepwise_line && m->run && m->saw_epochs)
        stepwise_epochs(m);
    if (m->stepwise_line && (m->eval_off_line || !m->run || m->saw_epochs || !m->run->nepochs))
        m->stepwise_line = 0;
    if (m->eval_off_line || m->stepwise_line || m->sample_off_line) {
        /* the blocks' epoch numbers are not epochs: none */
        for (size_t i = 0; i < m->run->nepochs; i++)
            free(m->run->epochs[i].metrics);
        m->run->nepochs = 0;
        m->late = m->late_cut = 0;    /* (notes on epochs that are none) */
    }
    if (m->run && m->run->nepochs)
        br_run_drop_final(m->run);    /* the epochs show the evaluations */
    cut = m->run && m->nopen && drop_open(m);
    if (m->run && !m->failure[0] && m->hydra_line) {
        snprintf(m->failure, sizeof(m->failure),
                 "error: Error executing job with overrides (Hydra's; its exception not shown)");
        m->failure_line = m->hydra_line;
    }
    if (m->run && m->failure[0] && m->run->status == BR_RUN_OK) {
        m->run->status = BR_RUN_DNF;
        m->run->reason = br_arena_strdup(&m->run->arena, m->failure);
        m->run->reason_line = m->failure_line;
    } else if ((cut || (m->run && !m->stopped)) && m->run->status == BR_RUN_OK && !m->power) {
        /* an epoch still open, or no run_stop (killed: '^C'; or it never started) */
        m->run->status = BR_RUN_DNF;
        m->run->reason = cut || !isnan(m->run_start) || m->run->nepochs
                            ? "interrupted: no run_stop"
                            : "no run_start nor run_stop: it ended before training began";
        m->run->reason_line = last;
    }
    run_notes(m);
    free(m->step_at);
    thin = m->run && !m->overlap_line && thin_epochs(m);
    if (m->run && !m->saw_epochs && m->run->nepochs && !thin)
        br_source_diag(m->src, BR_NOTE, m->run->first_line, 1,
                       "no epoch events: each block's time is spread evenly over its epochs");
    if (m->run && m->run->nepochs == 0 && m->power) {
        /* a power log: its labels are the submission's, it has no epochs */
        br_run_free(m->run);
        m->src->nruns--;
    }
    m->step_at = NULL;
}


/* The state of a log's reader before its first event (and of each run's). */
#define MLLOG_INIT(s)                                                                      \
    { .src = (s), .run_start = NAN, .last_block_stop = NAN, .last_eval = NAN,              \
      .last_eval_num = NAN, .eval_start_num = -1, .acc_num = -1, .stop_named = -1,          \
      .last_stop_t = NAN, .tracked_step = -1, .tracked_t = NAN }

/*
 * Whether event `e` begins another run in a log that holds several, one launch after
 * another (Inspur's v0.7 transformer.log: 14, each with its submission_* header, run_start,
 * epochs, and run_stop where it was not cut; GIGABYTE's v2.0 SSD mlperf_compliance.log: 13):
 * a submission_* event logged after the run's run_start (a launch logs its header before
 * its initialisation, so this is the next launch's), or a run_start logged after run_stop,
 * or an init_start logged over a second after run_start where no run_stop came (the run
 * was cut; a launch initialises before its run_start: Inspur's v1.1 maskrcnn.log, seven
 * launches with no header, six cut, each with its eight ranks' init_start).
 * Not: ranks' or hosts' copies of the run's run_start (no header between them), a launch's
 * header logged twice before its run_start (Dell's unet3d: by the run script, then by
 * main.py), nor the header Google's TPU logs append after run_stop with "time_ms": 0.
 */
static int begins_run(const struct mllog *m, const struct event *e)
{
    if (e->keylen > 11 && !memcmp(e->key, "submission_", 11))
        return !isnan(m->run_start) && e->t > m->run_start;
    if (key_is(e, "init_start"))    /* a launch with no header after one cut (relaunched) */
        return !isnan(m->run_start) && !m->stopped && e->t > m->run_start + 1.0;
    return key_is(e, "run_start") && m->stopped && e->t > m->stop_t;
}

/*
 * Each rule starts afresh for the run that the event on m->line begins (`split`: that line,
 * or 0 where it is still the log's first run). What is the file's carries over: the power
 * trace, the count of events, an older format's mark, the text line before (a thread's
 * Traceback), the submission_platform placeholder noted once.
 */
static void carry_over(struct mllog *m, unsigned split)
{
    struct mllog next = MLLOG_INIT(m->src);

    next.power = m->power;
    next.power_line = m->power_line;
    next.est_line = m->est_line;
    next.est_w = m->est_w;
    next.nevents = m->nevents;
    next.old = m->old;
    next.old_line = m->old_line;
    next.old_col = m->old_col;
    next.line = m->line;
    next.mll = m->mll;
    next.last_line = m->last_line;
    next.split_line = split;
    next.placeholder_line = m->placeholder_line;
    next.placeholder_said = m->placeholder_said;
    memcpy(next.placeholder, m->placeholder, sizeof(next.placeholder));
    next.echoes = m->echoes;
    next.echo_line = m->echo_line;
    next.thread_n = m->thread_n;
    memcpy(next.thread, m->thread, m->thread_n);
    *m = next;
    (void)run_of(m);    /* the run is from the event that began it */
}

/*
 * The event on m->line begins another run (begins_run): the run read so far ends with the
 * event before it.
 */
static void next_run(struct mllog *m)
{
    finish_run(m, m->last_line);
    carry_over(m, m->line);
}

/* Keeps track of the launch being read: its header, and what it logged after (relaunch()). */
static void launch_event(struct mllog *m, const struct event *e)
{
    if (key_is(e, "submission_benchmark")) {
        m->launch_line = m->line;
        m->launch_t = e->t;
        m->launch_init = m->launch_busy = 0;
    } else if (key_is(e, "init_start")) {
        m->launch_init = 1;
    } else if (!(e->keylen > 11 && !memcmp(e->key, "submission_", 11)) &&
               !key_is(e, "cache_clear")) {
        m->launch_busy = 1;
    }
}

/*
 * Whether event `e` is the header of another launch while the run read has had no
 * run_start: a submission_benchmark (a header's first event) more than a second after the
 * launch's own (ranks' copies of one header come within milliseconds), where that launch
 * logged more than its header's and init_start's events (GIGABYTE's v2.0 SSD
 * mlperf_compliance.log: header, init_start, seeds, 85 weights_initialization, opt_*, then
 * 2 to 12 minutes later the next header, five times), or no init_start at all (Inspur's v0.7
 * transformer.log: a header alone, then another 12 s later). Not Dell's unet3d, whose run
 * script logs the header, then main.py init_start and the header again: one launch.
 */
static int relaunch(const struct mllog *m, const struct event *e)
{
    return key_is(e, "submission_benchmark") && m->run && isnan(m->run_start) &&
           m->launch_line && e->t > m->launch_t + 1.0 && (m->launch_busy || !m->launch_init);
}

/*
 * The launch read so far (relaunch()) ended before its run_start: with a failure it is a run,
 * DNF with it; else no run, a note naming its lines; the next launch's run follows.
 */
static void dead_launch(struct mllog *m)
{
    if (m->failure[0] || m->hydra_line || m->run->nepochs || m->nopen || m->nblocks) {
        next_run(m);
        return;
    }
    br_source_diag(m->src, BR_NOTE, m->run->first_line, 1,
                   "lines %u-%u: a launch that logged no run_start before the next launch's "
                   "submission header (line %u): it ended before training began (%s, no error "
                   "logged): no run read from it", m->run->first_line, m->last_line, m->line,
                   m->launch_busy ? "in its initialisation" : "after its header");
    br_run_free(m->run);
    m->src->nruns--;
    m->run = NULL;
    carry_over(m, m->split_line ? m->line : 0);
}

/*
 * The log ends: its last run is read, unless it began with a header after another run
 * (next_run) and has nothing but header and initialisation events (Inspur's transformer.log
 * ends with three submission_* headers, launches that logged nothing more): no run, with a
 * note.
 */
static void last_run(struct mllog *m, unsigned last)
{
    if (!m->split_line || !m->run || !isnan(m->run_start) || m->stopped || m->failure[0] ||
        m->hydra_line || m->run->nepochs || m->nopen || m->nblocks) {
        finish_run(m, last);
        return;
    }
    br_source_diag(m->src, BR_NOTE, m->split_line, 1,
                   "lines %u-%u: a submission header after the last run, and no run_start "
                   "after it to the end of the log: a launch that ended before training "
                   "began, or a log cut there: no run read from it", m->split_line, last);
    br_run_free(m->run);
    m->src->nruns--;
    m->run = NULL;
    finish_run(m, last);
}

static int mllog_parse(struct br_lines *in, struct br_source *src, const struct br_parse_opts *o)
{
    struct mllog m = MLLOG_INIT(src);
    const char *p;
    size_t n;

    (void)o;
    while (br_lines_next(in, &p, &n) > 0) {
        const char *tag = find(p, n, ":::MLLOG");
        const char *old = tag ? NULL : find(p, n, ":::MLL ");
        struct event ev;
        const char *err, *body;
        size_t errcol = 0;

        if (!tag && !old) {
            const char *mark = NULL;
            /* (an older format only matters in a log with no event) */
            for (size_t k = 0; !m.old && !m.nevents && k < sizeof(old_logs) / sizeof(old_logs[0]);
                 k++)
                if ((mark = old_logs[k].anywhere ? find(p, n, old_logs[k].mark)
                            : old_log_line(p, n, old_logs[k].mark) ? p : NULL)) {
                    m.old = &old_logs[k];
                    m.old_line = in->lineno;
                    m.old_col = (unsigned)(mark - p) + 1;
                }
            if (!m.stopped)
                failure(&m, p, n, in->lineno);
            continue;
        }
        if (tag && (size_t)(tag - p) >= 2 && tag[-1] == '\'' )
            continue; /* quoted in a shell trace: + echo ':::MLLOG ...' */
        if (tag && tag - p == 11 && !memcmp(p, "Processing ", 11)) {
            if (!m.echoes++)
                m.echo_line = in->lineno;
            continue;
        }
        body = tag ? tag + 8 : old + 7;
        while (body < p + n && *body == ' ')
            body++;
        err = tag ? scan_mllog(body, (size_t)(p + n - body), &ev, &errcol)
                  : scan_mll(body, (size_t)(p + n - body), &ev, &errcol);
        if (err && old && python_quotes(&m, body, (size_t)(p + n - body)) &&
            !scan_mll(m.swapped, strlen(m.swapped), &ev, &errcol)) {
            err = NULL;     /* metadata written as a Python dict: read with " for ' */
            if (!m.swapped_n++)
                m.swapped_line = in->lineno;
        }
        if (err) {
            br_source_diag(src, BR_ERROR, in->lineno, (unsigned)(body - p + errcol) + 1, "%s",
                           err);
            continue;
        }
        m.line = in->lineno;
        m.mll = old != NULL;
        if (begins_run(&m, &ev))
            next_run(&m);
        else if (relaunch(&m, &ev))
            dead_launch(&m);
        launch_event(&m, &ev);
        event(&m, &ev, in->lineno);
        m.last_line = in->lineno;
    }
    last_run(&m, in->lineno);
    if (m.est_line && !m.power && !src->nruns)
        br_source_diag(src, BR_NOTE, m.est_line, 1,
                       "interconnect_power_est %g W: a constant estimate of the interconnect's "
                       "power, not a reading: no trace (a power log's power_reading events "
                       "make one)", m.est_w);
    if (m.echoes)
        br_source_diag(src, BR_NOTE, m.echo_line, 1,
                       "%u line%s 'Processing :::MLLOG {...}': a script's echo of events it "
                       "read back from the log (copies of its lines), not events: not read",
                       m.echoes, m.echoes == 1 ? "" : "s");
    if (!m.nevents && m.old) {
        br_source_diag(src, BR_ERROR, m.old_line, m.old_col,
                       "%s: a format benchreport does not read (it reads v0.6's :::MLL and "
                       "later :::MLLOG events): no run, no time to train", m.old->what);
        return -1;
    }
    if (!m.nevents) {
        br_source_diag(src, BR_ERROR, 1, 1, "no :::MLLOG events found");
        return -1;
    }
    return 0;
}

static int mllog_sniff(const char *head, size_t n, const struct br_parse_opts *o,
                       struct br_buf *why)
{
    (void)o;
    if (find(head, n, ":::MLLOG {") || find(head, n, ":::MLLOG{")) {
        br_buf_addstr(why, "has :::MLLOG events");
        return 98;
    }
    if (find(head, n, ":::MLL ")) {
        br_buf_addstr(why, "has v0.6 :::MLL events");
        return 98;
    }
    for (size_t k = 0; k < sizeof(old_logs) / sizeof(old_logs[0]); k++)
        if (old_logs[k].anywhere ? find(head, n, old_logs[k].mark) != NULL
                                 : old_log_line(head, n, old_logs[k].mark)) {
            /* taken to be refused in words, not as an unrecognised format */
            br_buf_addf(why, "has lines of an older MLPerf format ('%s', not read)",
                        old_logs[k].mark);
            return 50;
        }
    br_buf_addstr(why, "no :::MLLOG events");
    return 0;
}

const struct br_parser br_parser_mllog = {
    .name = "mllog",
    .what = "MLPerf logs (:::MLLOG and v0.6 :::MLL), result and power logs",
    .sniff = mllog_sniff,
    .parse = mllog_parse,
};
