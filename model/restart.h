#ifndef BR_RESTART_H
#define BR_RESTART_H
/*
 * A second recording in one file: timed rows whose time goes back to an
 * earlier point and goes on from there. The shape is damaoooo/burner's
 * power.csv: two loggers started at once on one file wrote recording A,
 * then (at the other writer's offset, after a run of NULs) recording B,
 * whose stamps start again 10 minutes earlier and run past A's end. Read as
 * one trace, each row of B before A's last was dropped with an error and the
 * rows of B after it joined A: a splice of two recordings, whose means
 * describe neither. Logs joined out of order read the same way.
 *
 * A reader hands every timed row that goes back (br_time_step's
 * BR_STEP_BACK) to br_restart_back() and every row that goes on to
 * br_restart_on(). The rows of a run that goes back are held: a row that
 * goes on after one or two of them (a clock blip, rows out of order) makes
 * each its own error, "timestamp goes backwards", as before; BR_RESTART_ROWS
 * of them in a row make a second recording, which starts at the run's first
 * row. The reader then reads no more rows and refuses the file's traces
 * with the one error br_restart_end() says at that line. A clock set back
 * by more than two rows' spacing reads the same way and is refused too:
 * nothing in the rows tells it from a second logger. Rows of one input line
 * (a wide layout's devices) count once.
 */
#include <stddef.h>

#include "model/source.h"

#define BR_RESTART_ROWS 3

struct br_restart_row {
    unsigned line, col;
    double t, after;   /* the row's time, and the time it went back from */
    int zoned;
};

struct br_restart {
    struct br_restart_row held[BR_RESTART_ROWS];   /* the run that goes back, so far */
    size_t nheld;
    unsigned line;   /* where the second recording starts (held[0]'s line), or 0 */
};

/*
 * The row at `line` (its time in column `col`) went back to `t` from
 * `after`. Returns 1 when a second recording starts at r->line (this row
 * completed the run, or one was found before): the reader takes no more
 * rows; 0 when the row is held (not read either way).
 */
int br_restart_back(struct br_restart *r, unsigned line, unsigned col, double t, double after,
                    int zoned);

/* A timed row went on: the held rows were out of order; says their errors in `src`. */
void br_restart_on(struct br_restart *r, struct br_source *src);

/*
 * At the end of the rows: returns -1 with one error in `src` at r->line when
 * a second recording was found, having dropped the traces `src` holds (the
 * reader makes no more); else says the errors of the rows still held and
 * returns 0.
 */
int br_restart_end(struct br_restart *r, struct br_source *src);

#endif
