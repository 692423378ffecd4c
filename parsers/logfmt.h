#ifndef BR_LOGFMT_H
#define BR_LOGFMT_H
/*
 * Training-log formats as data. A format is a list of rules, each a kind and
 * a PCRE2 pattern whose named groups say what the line holds, plus sample
 * lines that must match. The built-in formats are written in the same text
 * form that users write in a --format-file (man benchreport, FORMAT FILES):
 *
 *     format keras
 *     description Keras 2 / tf.keras fit() output
 *     framework keras
 *     epoch    ^Epoch (?<epoch>\d+)/(?<of>\d+)$
 *     end      ^\s*(?<steps>\d+)/\d+ \[=+\] - (?<duration>\d+)s ...(?<metrics>.*)$
 *     metric   (?<name>\w+): (?<value>[-+.\deE]+|nan)
 *     sample   Epoch 3/10
 *
 * Rule kinds, tried in file order (the first rule that matches a line wins):
 *   run       a new run starts here (labels may come with it)
 *   label     labels for the current run (label_device, label_model, ...)
 *   epoch     an epoch begins (epoch or epoch0, of; without them, the one
 *             after the last: a header printed before every epoch)
 *   progress  a line inside an epoch; with `epoch` it begins that epoch if
 *             it is not the open one; with `epoch_float` (fractional epochs,
 *             Hugging Face) it also ends the epoch it completes (the step that a
 *             tqdm bar before it shows, when known, says which: hfstep.h)
 *   end       the open epoch ends (duration, elapsed, steps, step_time, ...)
 *   after     after an epoch: ends the open one, or adds to the last one
 *   summary   run totals (runtime: the whole training in seconds)
 *   dnf       the run did not finish (group dnf: the evidence)
 *   metric    not matched against lines: applied repeatedly to the text of a
 *             `metrics` group, with groups name and value
 * Named groups: epoch, epoch0, of, epoch_float, duration, duration_unit,
 * elapsed (tqdm [H:]MM:SS), steps, step_time, step_unit, metrics,
 * m_<name> (one metric), start, stop (timestamps), runtime, dnf,
 * label_device, label_model, label_batch, label_framework,
 * batch and batches (a progress line's 0-based batch and the epoch's batch
 * count: the line of batch `batches - 1` is the epoch's last and ends it, timm),
 * cumulative (seconds since the run's trainer started, as the log counts them:
 * an epoch lasted its value less the previous epoch's, fairseq's `wall`),
 * partial (on a progress or summary line: the training stops before the open epoch's end,
 * as fairseq's "Stopping training due to num_updates" says: that epoch is
 * partial, shown but never in the statistics),
 * samples (on a label line: the run's bars count this many samples, not steps,
 * as Keras 2.0 to 2.2 say with "Train on 60000 samples": a bar of 60000/60000
 * then gives no step count and no step time),
 * extend (on an after line, matched even if empty: the line still belongs to
 * the epoch that ended before it, its validation: that epoch now ends here,
 * so that the next one's time begins after it, OpenMMLab's Epoch(val)),
 * unfinished (on a progress line outside any epoch, matched even if empty: work after
 * the last epoch that a later end or after line completes, OpenMMLab's validation
 * bar; a log that ends before that line was interrupted there),
 * planned (on a progress, end, epoch or summary line: the epochs the run is set to train, YOLOX's
 * "epoch: 3/300"; a run that ends with fewer, no failure and no summary, was
 * interrupted after its last: a trainer that never stops early says so),
 * framework_sign (on any line, matched even if empty: what only the framework
 * prints, Lightning's v_num in its bars; in a format with such groups, a log
 * where none matched and whose first epoch0 is 1, never 0, numbers its epochs
 * from 1 as printed: a script's own tqdm bars, "Epoch 1: 100%|..."),
 * ends_open (on a progress line that begins a later epoch, matched even if empty: the
 * open epoch ended, though the log shows no end of it, since the framework begins an
 * epoch only after the one before ended, as Lightning's and MMEngine's loops do; a pasted
 * bar kept at 98% (50/51) is such an epoch: it counts, and its last progress line is its
 * line; it ended between that line's time and this one's, which bound its time and the next
 * epoch's (the middle, the gap its resolution), or closer, at its `closing` lines; with no
 * line times it has no time),
 * closing (on a progress line with no other group, matched even if empty: the framework prints
 * the line right after an epoch's last iteration, and at other times too: MMEngine's
 * LoggerHook prints 'Exp name: ...' in after_train_iter at the epoch's last iteration and
 * every 1000 iterations (interval_exp_name), which may fall in the last logged iteration's
 * interval or in the next epoch's first: when the open epoch ends unseen (ends_open) and such
 * lines came after its last progress line, it ended at one of them: at it when one, between
 * the first and the last when more (the rogerlv51 RTMDet log, 'Epoch(train) [1][20/23]' its
 * epochs' last lines, each then 'Exp name: ...'; an MMPretrain log of 436 iterations logged
 * every 100, whose 4000th iteration, epoch 10's 76th, prints it again before [10][100/436])),
 * epochs_bar (on an end line with epoch, of and elapsed, matched even if empty: the bar
 * counts the training's epochs, not an epoch's steps, as scvi-tools draws one bar over
 * them: its count of epochs ended, its elapsed time is the run's time to train, shared
 * evenly among them, its metrics are the last's; one short of `of` is a training
 * interrupted there unless a summary line with epochs_bar, the early stop's, follows),
 * left (on a progress line: the time the log says is left, [H:]MM:SS, detectron2's eta; when
 * the run's last such line shows more than none, the training stopped short, whatever
 * summary follows: dnf; matched empty, none is left: detectron2's final checkpoint, saved
 * at the last iteration after a last eta that a loop writing every 20 iterations printed
 * 15 s before it),
 * cut (on an end line with duration, matched even if empty: the duration is cut down to its
 * whole unit, not rounded: Keras 1 to 2.0's bars print ' - %ds' of the epoch's time, 1.9 s as
 * "1s"; Keras 2.1 on round it and add the time per step),
 * rounded (on a line with elapsed, matched even if empty: the clock's seconds are rounded,
 * not cut: Ultralytics' own bar (8.3.x, "409/409 1.5it/s 4:25") prints f"{s % 60:02.0f}",
 * so 4:25 is 264.5 to 265.5 s, where tqdm's int(t) makes "04:25" 265 to 266 s),
 * validation (on a line with metrics, matched even if empty: its values are a validation's;
 * a name the epoch already has from another line, its training's, is val_NAME: mmcv's
 * "Epoch(val) [20][40]\tloss: 0.2209" after the training's "loss: 0.0005"; on an after
 * line with duration or elapsed: the time of the last epoch's validation, printed after the
 * line that timed its training, Ultralytics' and YOLOv5's validation bars (YOLOv5's "Class
 * Images Labels P R mAP@.5 ...: 100%|###| 17/17 [00:22<"): added to that epoch's time, the
 * resolutions added, once per epoch; an epoch with no time of its own gets none from it, one
 * that line times place has it already, and an open epoch it ends has no time),
 * last_frame (on an end line, matched even if empty: the line is a live display's last frame,
 * all that rich prints when its output is no terminal, Lightning's RichProgressBar redirected
 * to a file: when it is the run's only epoch, a later one than the first, and the run's
 * planned count says the training reached it, the epochs before it ran and printed nothing:
 * they count, with no time),
 * headed (on an end line, matched even if empty: the framework prints an epoch header before
 * every epoch this line ends, as Keras 1 to 2.2 do before their verbose=2 " - 21s - loss: ..."
 * lines: such lines with no header, each on the line right after the one before, are one
 * fit's epochs whose headers were taken out of the log (a sweep that kept the end lines
 * only), not one-epoch fits of their own; a line of anything else between begins another),
 * columns (on a run line: a table's header, the names of the columns after the epoch's,
 * blank-separated, fastai's "train_loss  valid_loss  accuracy  time"), cells (on an end
 * line: the row's values after its epoch number, blank-separated: each is the value of the
 * run's column in the same place, named as the header names it; a column named time, a
 * cell "#na#" and one that is no number are no value),
 * begun (on a progress line with epoch, matched even if empty: the line's time is when that
 * epoch began, fairseq's "[fairseq.trainer][INFO] - begin training epoch 1": an epoch whose
 * start the epoch before does not give (the run's first, one after epochs the log shows no
 * end of, one after a restart) is timed from it to its end, not by a `cumulative` clock,
 * which fairseq starts at the trainer's setup, before the data of epoch 1 is loaded; the
 * epochs after keep their time from the end before),
 * launch (on a run line, matched even if empty: the line is what a program prints first at
 * each launch, before its training's own run line: a run begins here, and the run line
 * that follows it before any epoch, failure or summary begins no other; a launch that
 * failed before training is a run of its own, detectron2 tools' "Command Line Args:" in
 * an nohup.out that five launches appended to, two of them failed, one before training).
 */
#include <stddef.h>

#include "model/buf.h"
#include "model/diag.h"

enum br_rule_kind {
    BR_RULE_RUN, BR_RULE_LABEL, BR_RULE_EPOCH, BR_RULE_PROGRESS, BR_RULE_END, BR_RULE_AFTER,
    BR_RULE_SUMMARY, BR_RULE_DNF, BR_RULE_METRIC, BR_RULE_NKINDS
};

/* The named groups the engine understands, as indices into br_rule.group[]. */
enum br_group {
    BR_G_EPOCH, BR_G_EPOCH0, BR_G_OF, BR_G_EPOCH_FLOAT, BR_G_DURATION, BR_G_DURATION_UNIT,
    BR_G_ELAPSED, BR_G_STEPS, BR_G_STEP_TIME, BR_G_STEP_UNIT, BR_G_METRICS, BR_G_START,
    BR_G_STOP, BR_G_RUNTIME, BR_G_DNF, BR_G_LABEL_DEVICE, BR_G_LABEL_MODEL, BR_G_LABEL_BATCH,
    BR_G_LABEL_FRAMEWORK, BR_G_NAME, BR_G_VALUE, BR_G_BATCH, BR_G_BATCHES, BR_G_CUMULATIVE,
    BR_G_PARTIAL, BR_G_SAMPLES, BR_G_EXTEND, BR_G_RATE, BR_G_UNFINISHED, BR_G_PLANNED,
    BR_G_TOTAL, BR_G_FRAMEWORK_SIGN, BR_G_ENDS_OPEN, BR_G_EPOCHS_BAR, BR_G_LEFT, BR_G_CUT,
    BR_G_VALIDATION, BR_G_LAST_FRAME, BR_G_HEADED, BR_G_COLUMNS,
    BR_G_CELLS, BR_G_ROUNDED, BR_G_BEGUN, BR_G_LAUNCH, BR_G_ALL_STEPS, BR_G_CLOSING, BR_G_N
};

struct br_rule {
    enum br_rule_kind kind;
    char *pattern;          /* as written */
    unsigned line;          /* in the format file */
    void *code;             /* pcre2_code_8 */
    void *match;            /* pcre2_match_data_8 */
    int jit;                /* compiled to machine code: matched with pcre2_jit_match */
    int group[BR_G_N];      /* group numbers, 0 when the pattern lacks one */
    struct { int num; char *name; } *mgroup;  /* m_<name> groups */
    size_t nmgroup;
    void *mctx;             /* pcre2_match_context_8: BR_RULE_MATCH_LIMIT */
    unsigned long *limit_hits;  /* matches stopped by the limit: its format's count */
};

/*
 * PCRE2's match limit for every rule: a pattern that backtracks more on one
 * line (`(a+)+$`) is stopped and reported, never taken as "no match" in silence.
 */
#define BR_RULE_MATCH_LIMIT 200000

struct br_logfmt {
    char *name, *description, *framework;
    char *path;             /* where it was read from ("built-in" for ours) */
    struct br_rule *rules;
    size_t nrules;
    struct { char *text; unsigned line; } *samples;
    size_t nsamples;
    unsigned long *limit_hits;  /* its rules' count, shared (br_logfmt_limit_hits) */
};

/*
 * Reads a format from `text` (a format file's contents; `path` names it in
 * diagnostics) and compiles its patterns. Returns 0, or -1 with `d` set to
 * the line and column of the first error (an unknown directive, a pattern
 * that does not compile, a named group the engine does not know).
 */
int br_logfmt_load(struct br_logfmt *f, const char *path, const char *text, size_t len,
                   struct br_diag *d);
void br_logfmt_release(struct br_logfmt *f);

/*
 * Matches `rule` against [s, s+n). Returns 1 on a match (the groups are then
 * read with br_rule_group), 0 otherwise; a match stopped by
 * BR_RULE_MATCH_LIMIT returns 0 and counts in *rule->limit_hits.
 */
int br_rule_match(const struct br_rule *rule, const char *s, size_t n);
/* Group `g` of the last match of `rule` in `s`, or NULL when unset. */
const char *br_rule_group(const struct br_rule *rule, int g, const char *s, size_t *len);

/*
 * Checks every sample against the rules. Returns the number of samples that
 * no rule matches, with one error per such sample in `out` (path:line).
 */
size_t br_logfmt_check(const struct br_logfmt *f, struct br_diags *out);

/* The matches of `f`'s rules stopped by BR_RULE_MATCH_LIMIT so far (NULL: 0). Inline: the
 * log reader asks after every line. */
static inline unsigned long br_logfmt_limit_hits(const struct br_logfmt *f)
{
    return f && f->limit_hits ? *f->limit_hits : 0;
}

/* "run", "epoch", ... */
const char *br_rule_kind_name(enum br_rule_kind k);

/*
 * A set of compiled formats: the built-in ones, the user's (--format-file,
 * tried first), and the shared dnf rules. Compiled once by the command and
 * handed to the parsers in struct br_parse_opts.
 */
struct br_logfmts {
    struct br_logfmt *v;
    size_t nr, alloc, nuser;
    struct br_logfmt common;
};

/* Compiles the built-in formats. Returns 0, or -1 (a bug: they are tested). */
int br_logfmts_init(struct br_logfmts *s, struct br_diag *d);
/* Adds a user format from a format file's text; it is tried first. 0 or -1 with `d`. */
int br_logfmts_add(struct br_logfmts *s, const char *path, const char *text, size_t len,
                   struct br_diag *d);
void br_logfmts_release(struct br_logfmts *s);
/* The format called `name`, or NULL. */
const struct br_logfmt *br_logfmts_find(const struct br_logfmts *s, const char *name);
/*
 * The format that explains the first lines of `head` best, or NULL; *score
 * is its score (0..100). With `why`, one paragraph per format: its score and
 * how many lines each rule matched.
 */
const struct br_logfmt *br_logfmts_best(const struct br_logfmts *s, const char *head, size_t n,
                                        int *score, struct br_buf *why);
/* The same on up to `max_lines` lines of `head` (0: the first lines as above) and up
 * to `max_out` bytes of them as a terminal shows them (0: no limit; br_logscore_lines). */
const struct br_logfmt *br_logfmts_best_upto(const struct br_logfmts *s, const char *head,
                                             size_t n, size_t max_lines, size_t max_out,
                                             int *score, struct br_buf *why);

struct br_parse_opts;
/*
 * For a log whose first bytes no reader took (br_parser_detect): how sure the
 * training-log formats are (0 to 100) on more of it, `head` (up to its first
 * BR_MAX_PEEK bytes, of which the first 256 KiB as a terminal shows them: a tqdm bar
 * redrawn in place 8,000 times fills 470 KB of one line under nohup) and 10000 lines,
 * where a Trainer's arguments, a dataset's samples and its tokenizer's bars can come
 * before the first epoch's line (and, under nohup, a whole run's error stream and model
 * configs before the first dictionary of its output, on line 2315 of an 86 KB log). Appends one reason to `why` when not NULL.
 */
int br_trainlog_sniff_long(const char *head, size_t n, const struct br_parse_opts *o,
                           struct br_buf *why);

/*
 * The name of the training-log format that takes the text at `from` (a line only that
 * format prints, found past what the readers looked at: registry.c's run markers), as
 * br_trainlog_sniff_long would, with 50 or more; NULL when none does. The name is a
 * built-in format's (static) or one of o->formats' (lives as long as they do). Appends
 * one reason to `why` when not NULL.
 */
const char *br_trainlog_format_from(const char *from, size_t n, const struct br_parse_opts *o,
                                    struct br_buf *why);

/*
 * Whether the training-log formats take `head` only for a failure the shared rules
 * recognise (a launch that died before its first epoch), no format reading an epoch in it.
 */
int br_trainlog_failure_only(const char *head, size_t n, const struct br_parse_opts *o);

/* The built-in formats, in detection order (parsers/logfmt_builtin.c). */
struct br_logfmt_text {
    const char *name;
    const char *text;
};
extern const struct br_logfmt_text br_builtin_formats[];

#endif
