#ifndef BR_HFSTEP_H
#define BR_HFSTEP_H
/*
 * The Hugging Face Trainer's step of each printed dictionary, from the tqdm bar that a log of
 * both streams holds before it: "\r 33%|###3      | 440/1320 [6:52:20<13:20:13, 54.56s/it]\r
 * <blanks>\r{'loss': 0.615, ..., 'epoch': 1.0}" (tqdm.write clears the bar, prints the
 * dictionary of the step the bar last showed, and the bar is drawn again on the next line).
 * The Trainer rounds 'epoch' to two places, so 'epoch': 1.0 is printed from step 438 to 442
 * of a 440-step epoch (Neelectric/open-r1_safety's training_output.txt): the bar's step tells
 * which of them ends the epoch (step k x S, S the steps per epoch), and the bar's elapsed
 * clock at that step is the epoch's end.
 *
 * The training's bar is the run's first one (its total the steps to train, "0/1320"); bars of
 * other totals (an evaluation's) are not its steps.
 */
#include <stddef.h>

/* A bar: "N/M [elapsed<" */
struct br_hfbar {
    long step, total;
    double elapsed;             /* tqdm's [H:]MM:SS in seconds, cut to the second */
};

/* A run's bars and dictionaries. */
struct br_hfsteps {
    long total;                 /* the training bar's, 0 until one is seen */
    double lo, hi;              /* the steps per epoch that every (step, epoch) pair allows */
    long pairs;                 /* dictionaries with their step: none, no steps per epoch */
    int *el;                    /* the elapsed clock + 1 at each step (0: not seen) */
    size_t nr, alloc;
};
#define BR_HFSTEPS_INIT { 0, 0.0, 1e18, 0, NULL, 0, 0 }

/* The most steps whose clock is kept: a longer training's later epochs are not timed. */
#define BR_HF_MAX_STEPS (1L << 22)

/*
 * Finds the last bar in [line, line+len) before the first "{'" (the whole line when it has
 * none) into *b. Returns 1, or 0 when there is none.
 */
int br_hfbar_last(const char *line, size_t len, struct br_hfbar *b);

/* Notes the clock of every bar of the line that is the training's (the first sets it). */
void br_hfsteps_line(struct br_hfsteps *s, const char *line, size_t len);

/*
 * Adds a dictionary at training step `step` (> 0) whose epoch was printed as [xs, xs+xn),
 * value x: the epoch is step / S rounded, so S lies in [step / (x + h), step / (x - h)], h
 * half the rounding: 0.005 for two places or fewer (Python's round(x, 2) prints 1.0), half
 * the last digit's unit for more ('0.4063'). An exponent ('2.534e+04') leaves S unknown.
 */
void br_hfsteps_pair(struct br_hfsteps *s, long step, double x, const char *xs, size_t xn);

/*
 * The steps per epoch: the training bar's total over `planned` epochs (the Trainer's "Num
 * Epochs = 3" with a 1,320-step bar: 440) when every pair fits it; with `infer`, else the one
 * whole number every pair allows (320 steps at 'epoch': 2.99 and the others: 107). 0 when
 * not known: no dictionary showed its step (a log whose bars all come before its dictionaries,
 * nohup's buffered output), or no S fits (gradient accumulation with a remainder breaks
 * step / S).
 */
long br_hfsteps_spe(const struct br_hfsteps *s, long planned, int infer);

/*
 * Epoch k's time from the clock at steps (k-1) x spe and k x spe: 1 with *d (seconds), *res
 * and *cut set as struct br_epoch has them, or 0 when the bar did not show both. Epoch 1
 * starts at the bar's 0 only when it then showed step 1 (a resumed training's bar jumps from
 * 0 to the step it resumed at). The evaluation after an epoch (run before the next step's
 * bar) counts in the next one.
 */
int br_hfsteps_time(const struct br_hfsteps *s, long k, long spe, double *d, double *res,
                    int *cut);

/* The bar's clock at `step` (seconds, cut to the second), or -1 when no frame showed it. */
double br_hfsteps_clock(const struct br_hfsteps *s, long step);

/*
 * Whether the bar's frames before `step` allow that it began at step 0: none shown (a console
 * that keeps only the frames tqdm ended with a newline shows no "0/1330": AdamHermes/
 * MKGL-master's Colab log, its first frame "266/1330 [02:49<"), or 0 at 00:00 then step 1
 * (a resumed training's bar jumps from 0 to the step it resumed at).
 */
int br_hfsteps_from_zero(const struct br_hfsteps *s, long step);

void br_hfsteps_release(struct br_hfsteps *s);

#endif
