#ifndef BR_RUNTAIL_H
#define BR_RUNTAIL_H
/*
 * runtail.h: what a log prints after a run's epochs, for the generic reader, to tell a
 * run that was cut where it was about to go on from one that ended. Two shapes of real
 * logs that state no planned epoch count, read "ok" before:
 *
 *  - The log ends in the lines that began each epoch of the run. DMNIL's train_log.txt
 *    (ISChenawei/DMNIL) prints, after each epoch's evaluation ("Recall@1: 90.3051 ..."),
 *    "dro Clustering criterion: eps: 0.400", "sat Clustering criterion: eps: 0.300",
 *    "==> Create pseudo labels for unlabeled Sat data" and twenty lines more before the
 *    next epoch's marker; the log stops three lines into them: the next epoch began.
 *    The rule: two epoch boundaries or more in the run, each began with the same lines
 *    after the epoch's last line of values (compared as shapes, below), and the log's
 *    lines after the last epoch are those lines' first ones, fewer than any boundary had
 *    before its next epoch's marker, and printed, in that order, among the last lines
 *    before the run's first epoch too: lines that open an epoch, not lines that close one
 *    ("Saving checkpoint ..." after each epoch, the last too, then a scheduler's line
 *    before the next: the run ended).
 *  - Runs of one script, each closed by a line after its last epoch line that no boundary
 *    between two of its epochs printed ("========== fold: 0 result ==========" after each
 *    fold's 10 epochs, Auyin111's Kaggle phrase-matching train.log; "Training selesai.",
 *    after "Early stopping triggered." or not, Al-Fahrezi/indog2p's appended launches): a
 *    run after two such or more, whose first epoch line has their shape, that printed other
 *    lines after its last epoch line and then another run began, none of them a line every
 *    run before printed, stopped before its end (fold 2 cut after epoch 8, then a "predict
 *    by" banner and the next launch). Lines after a sign that the script starts again
 *    (the caller's `stop`: "Training started on cuda...", a configuration dump) are the
 *    next launch's, not the run's.
 *
 * A line's shape: its text with each run of digits as one '#' and each run of blanks as
 * one space, hashed; lines compared by shape (an epoch number, a loss, a time differ).
 * The caller passes the message of each line (after any timestamp) and says whether the
 * line was an epoch line or gave the open epoch a value. No allocation.
 */
#include <stddef.h>
#include <stdint.h>

enum { BR_TAIL_KEEP = 8, BR_TAIL_LINES = 32, BR_TAIL_HEAD = 32 };

enum br_tail_cut {
    BR_TAIL_ENDED,      /* nothing says the run was cut */
    BR_TAIL_OPENER,     /* the log stops in the lines that began each of its epochs */
    BR_TAIL_SIBLINGS    /* it lacks the line that closed the runs before it */
};

struct br_runtail {
    /* since the open epoch's last epoch line or line of values: the first lines' shapes,
     * how many lines with text (nvt may pass BR_TAIL_KEEP) */
    uint32_t vt[BR_TAIL_KEEP];
    unsigned nvt;
    /* since its last epoch line, up to a sign that the script starts again (mstop): the
     * first BR_TAIL_LINES lines' shapes as a 64-bit set, and how many lines with text */
    uint64_t mset, mlast;   /* (mlast: the last line's) */
    unsigned nm;
    int mstop;
    /* the run's epoch boundaries: how many; the shapes all of them began with after the
     * epoch's values (npre of them); the fewest lines one had before the next marker; the
     * union of their mset */
    unsigned bounds, npre, gap_min;
    uint32_t pre[BR_TAIL_KEEP];
    uint64_t bset;
    uint32_t shape;     /* the run's first epoch line (0: none yet) */
    /* the last BR_TAIL_HEAD lines' shapes before the run's first epoch line, oldest first
     * once it came (nhead of them), a ring while they come */
    uint32_t head[BR_TAIL_HEAD];
    unsigned nhead;
    /* the runs before, in a row, of one first epoch line's shape (sib_shape): the lines
     * every one printed after its last epoch line, the lines their boundaries printed */
    uint64_t sib_set, sib_bset;
    uint32_t sib_shape;
    unsigned sib_runs;
};

void br_runtail_init(struct br_runtail *t);

/* A line of the log ([s, s+n), its message): `mark` when it is an epoch line, `value` when
 * it gave the open epoch a value, `stop` when the script has shown a sign of starting
 * again since the last epoch line; empty lines count for nothing. */
void br_runtail_line(struct br_runtail *t, const char *s, size_t n, int mark, int value,
                     int stop);

/* An epoch begins on line [s, s+n), the first of its run when `first` (after
 * br_runtail_close() of the run before, if any). */
void br_runtail_epoch(struct br_runtail *t, const char *s, size_t n, int first);

/* The run closes, at the log's end when `at_end`, else where another run begins: what its
 * tail says (above; the second rule only for a run that printed other lines after its last
 * epoch line and before another run's first: at the log's end, or with nothing after its
 * epochs, a missing closing line says nothing), then it is one of the runs before for the
 * next. */
enum br_tail_cut br_runtail_close(struct br_runtail *t, int at_end);

#endif
