#ifndef BR_CLEAN_H
#define BR_CLEAN_H
/*
 * Cleaning a captured terminal line before it is matched: what a terminal
 * would finally show (progress bars that rewrite themselves with '\r' or
 * '\b'), without ANSI escape sequences, and without a leading timestamp (as
 * `ts`, `benchreport record` or a logger writes it), which becomes the
 * line's time. The terminal's cells hold characters: a UTF-8 sequence is
 * one ("█"), any other byte one.
 */
#include <stddef.h>

#include "model/buf.h"
#include "model/source.h"
#include "model/timefmt.h"

/*
 * Cleans [line, line+len) into `out` (reset first). When the line starts
 * with a timestamp (ISO 8601, "[ISO 8601]" or Unix seconds with a fraction,
 * then a space; one space before a date is allowed; Hugging Face's example scripts'
 * "04/01/2022 14:32:37 - INFO - ", month first, only before " - LEVEL - "; MMEngine's
 * console, "08/18 20:27:22 - mmengine - INFO - ", with no year: t->noyear, a
 * br_md_time for a br_md_clock), it is removed and returned in *t (t->t is NaN
 * otherwise). NUL bytes before the text (a log truncated while its writer went on,
 * padded up to where the next line lands) are dropped.
 */
void br_clean_line(const char *line, size_t len, struct br_buf *out, struct br_time *t);

/*
 * PaddleDetection's stamp at the start of a cleaned line, "[03/08 11:18:56] ppdet.engine
 * INFO: ..." (its logger's "[%(asctime)s] %(name)s %(levelname)s:", datefmt "%m/%d
 * %H:%M:%S": no year, t->noyear), read only before a logger's name and a level: removed from
 * `out` into *t. Not in br_clean_line: detectron2's rules read the same stamp in the line.
 */
void br_strip_ppdet_time(struct br_buf *out, struct br_time *t);

/*
 * In a line of tqdm bars redrawn with '\r' whose last shows "Epoch N:" (Lightning's bar,
 * one per epoch), the last redraw of the epoch before it at its total ("Epoch 0: 100%|...|
 * 921/921 [00:11<00:00, ...]", redrawn after the validation, then the next epoch's bar on the
 * same line): its bytes in *seg and *sn, and 1; else 0. What the line shows hides it.
 */
int br_bar_before(const char *line, size_t len, const char **seg, size_t *sn);

/*
 * Whether [s, s+n) says "Exception ignored in" (Python's unraisable hook, a
 * DataLoader's __del__ at exit): the Traceback printed after it is one the
 * script went on from, no failure.
 */
int br_exception_ignored(const char *s, size_t n);

/*
 * Whether [s, s+n) is "Exception in thread NAME:", what Python's threading module prints
 * before the Traceback of an exception that ended a thread ("Exception in thread Thread-2
 * (_readerthread):", subprocess's reader of a child's output failing to decode it, in
 * Jeff555max/Fine-tuning-LoRA's train_log.txt, the training going on after it; Python 2 and
 * < 3.8 print "Exception in thread Thread-1:" and at exit "... (most likely raised during
 * interpreter shutdown):"): the thread ended, not the script.
 */
int br_exception_in_thread(const char *s, size_t n);

/*
 * Whether the Traceback at `line` is a thread's: [prev, prev+n), the last line with text
 * before it, is br_exception_in_thread's. Then a warning at `line` in `src` (NULL: none)
 * says so and quotes it, and the reader takes the exception for no failure of the run.
 */
int br_thread_traceback(struct br_source *src, const char *prev, size_t n, unsigned line);

/*
 * Whether [s, s+n) is a Traceback's first line, "Traceback (most recent call
 * last):", alone or glued after a progress bar's closing bracket ("... 12/391
 * [00:02<01:10,  5.37it/s]Traceback (most recent call last):", the crash inside
 * the bar), with a blank or two after it at most. Looks at the line's end only:
 * cheap on every line of a log.
 */
int br_traceback_line(const char *s, size_t n);

/*
 * The length of torchrun's rank prefix at the start of [p, p+n) ("[rank13]: ", "[default0]:"),
 * or 0: how the launcher marks each rank's lines (--tee, accelerate launch).
 */
size_t br_torchrun_prefix(const char *p, size_t n);

/*
 * Whether [s, s+n) is the exception line that ends a Traceback: an unindented dotted name
 * with "Error", "Exception" or "Interrupt" in it, then ':' or the line's end
 * ("TypeError: ...", "KeyboardInterrupt").
 */
int br_exception_line(const char *s, size_t n);

/*
 * The first exception a torchrun rank's own Traceback ended with ("[rank2]: Traceback (most
 * recent call last):" ... "[rank2]: TypeError: Gemma4ForConditionalGeneration.__init__() got
 * an unexpected keyword argument 'use_cache'"): the launcher reports only that a child failed
 * (br_child_failed), with an empty message, well after it. `line` is 0 until one is read
 * (a reader sets it to 0 again once it has used `text`: a later launch's is then kept);
 * `text`, while `line` is not 0, is the line without its prefix, cut to fit.
 * BR_RANK_FAILURE_INIT starts it.
 */
struct br_rank_failure {
    int traceback;       /* a rank's Traceback began: its exception line is next */
    int thread;          /* the last line with text announced a thread's (no failure) */
    unsigned line;
    char text[128];
};
#define BR_RANK_FAILURE_INIT { 0, 0, 0, { 0 } }

/* Reads line `line`, [s, s+n), cleaned, into `rf`: only the first exception is kept. */
void br_rank_failure_read(struct br_rank_failure *rf, const char *s, size_t n, unsigned line);

/*
 * Whether the exception line [s, s+n) is torch.distributed.elastic's ChildFailedError: the
 * launcher (torchrun, accelerate launch) saying a child process failed, its own message
 * empty; the child's exception, printed before it, is the failure.
 */
int br_child_failed(const char *s, size_t n);

/*
 * `s` with each run of digits as one '#' ("Epoch: #/#"), cut to fit `out` (size > 0): the
 * shape of a marker or a header, to tell one script's lines from another's.
 */
void br_digit_shape(const char *s, size_t n, char *out, size_t size);

#endif
