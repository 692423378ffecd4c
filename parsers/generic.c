/*
 * generic.c: the fallback reader for training logs in no known format, the
 * way scripts print in their own words:
 *     Epoch: 001/010 | Batch 0000/0390 | Loss: 2.3036
 *     Time / epoch without evaluation: 31.54 min
 *     Epoch 005 loss   9.5198 | train 2.2s | Acc 13.52% | infer 4.5s
 *     Epoch Time(s): 8.7072
 * It finds epoch markers (`epoch N`, `Epoch N/M`, `[Epoch N]`, `ep N`, the
 * PyTorch CIFAR-10 tutorial's `[1,  2000] loss: 2.131`),
 * durations with units (s, sec, min, ms, h, [h:]mm:ss, `Time(s): 8.7`; a bare `m`
 * glued to the number after a time word, "Training time: 0.98m", is minutes; "The
 * running time is 4073.88" seconds) and
 * `name: value`, `name=value`, `name value` metrics, and says that it
 * guessed (a note, and the format name `generic`).
 *
 * An epoch's duration is, strongest first: one labelled per epoch
 * ("Epoch Time", "Time / epoch"); one on the epoch's own line that is not a
 * step's, an evaluation's, a remaining or a cumulative time ("train 2.2s");
 * a "time"/"took" line after it. Cumulative "elapsed" times are never an
 * epoch's (one on a line that says the training finished is the run's time to
 * train); a "total" time is the run's runtime, but on each epoch's own line
 * ("[epoch:3/1200] ... [total time:0:02:26]") the epoch's, unless those grow
 * as a clock since the start would. Numbers counting back (or a
 * repeat of an epoch that already ended, or another planned count: "0/12"
 * then "0/20") start another run; numbers from 0
 * are shifted to 1-based. The last epoch, when it has no duration while
 * earlier ones have, was cut off by the end of the log: it is partial.
 * Printed epoch times that grow as a clock since the training began, whatever
 * their label, are its readings: each epoch's is the difference
 * (clock_durations()).
 * Lines with leading timestamps (logging, ts) put the epochs on a clock: a
 * printed duration ends at its line; without one, an epoch spans from its
 * first line to its last, and an epoch that is one line with its metrics
 * (a summary printed when it ends: "Epoch 3/50 | Train Loss: 0.08 ...")
 * spans from the epoch line before it to that line; the run's first has no
 * time (nothing says when it began) but after a stamped line that says the training
 * starts ("Start training", "fold0 start trainning", "开始训练过程" in UTF-8 or GBK). An
 * epoch's header printed again before anything of it restarts its clock; after its step
 * lines and no summary, the training started over (another run: the attempt before died in
 * that epoch).
 * A step line's time ("iter:0020 ... time: 0.17s") is the step's ("Epoch 0 [  20/188] ...
 * (12.0s)": the epoch's so far, no line of its own time), and a final
 * test's lines after the last epoch take none of its time. Lines after a
 * one-line epoch are not its time, unless
 * they carry its losses and take longer than the wait before it: then the
 * line began the epoch ("Epoch 3/50, lr: 0.001", then batch lines).
 * A segment that starts with a phase ("Train Loss: 0.21 Acc: 0.90 | Val
 * Loss: ...") names the metrics after it: train_acc, val_acc.
 * An epoch line with no metric of its own ("Epoch 1:") whose metrics follow
 * on lines stamped in the same instant is a summary printed when the epoch
 * ended, like a one-line one. Step lines ("epoch: 0, batch_id: 500, ...
 * avg_batch_cost: 0.56 sec", "(epoch: 1, iters: 20, time: 14.4)") belong to
 * their epoch and their times are the steps'; "from epoch 149", "at epoch
 * 90" mention one in passing ("Early stopping at epoch 99" says too that the training
 * ended: early_stop_at()). After a shell command that runs an evaluation
 * script ("$ python infer.py", eval.py, test.py, predict.py), the "epochs"
 * printed are checkpoints being evaluated, not trained: they are skipped up
 * to the next command. An epoch line that a phase begins ("Evaluation Epoch
 * 0 - Average Loss: 3.95") names its metrics with it (evaluation_average_loss)
 * beside the training line's; "epoch: 1e-05" is no epoch number, and a name
 * with "epoch" in it ("this epoch: 0.001") is no metric, nor is a
 * scheduler's "Epoch 00010: reducing learning rate of group 0 ..." an epoch
 * line. A tqdm bar's description before its percentage ("Train Epoch: 1 Loss:
 * 5.87 Acc@1 3.61: 100%|") holds metrics (acc1), its postfix ("[13:51<00:00,
 * 5.30s/it, loss=0.919]") the last step's values: the epoch's only until the
 * epoch prints one of its own; a heading phase names the
 * values after it ("Test set: Average loss: 5.02": test_average_loss; the CS230 examples'
 * "- Eval metrics: accuracy: 0.510 ; loss: 1.255", each segment: eval_accuracy); so do
 * Chinese labels that name a phase and what they measure ("整体测试集上的正确率":
 * test_acc; 准确率 acc, 损失 loss, 学习率 lr in UTF-8 or, two bytes a character, in GBK: a
 * Chinese Windows console's "当前准确率：0.00%" is acc_pct), and a segment that puts a loss's
 * or an accuracy's value before
 * its name ("0.9816 C.E. Loss, 94.28% Accuracy": ce_loss, accuracy_pct).
 * A name may hold accented Latin letters ("loss validación=0.0092").
 * A name whose last word is a preposition ("Starting MAML for 20") is a sentence's, no
 * metric, unless printed as one identifier ("NC_after: 0.9461").
 * The Hugging Face Trainer's summary ("{'train_runtime': 7340.12, ..., 'epoch':
 * 30.0}", its "***** train metrics *****" block) is the run's time to train,
 * never an epoch's: spread over untimed epochs as the hf reader does, only
 * when epochs 1..n are all shown and it says n ran.
 * A logging record's
 * marker is looked for near its message's start, after the level ("- my.long
 * .module - INFO - Epoch 20/200: ..."), not the line's.
 * When a run ends (another starts, or the log does): values that lines after
 * its last epoch gave and no earlier epoch has ("Test accuracy: 32.59%") are
 * not that epoch's; the last epoch is partial when it was cut off; and a run
 * whose last epoch is partial, or that stops before the planned count ("Epoch
 * 4/400"), with no sign after it that the training ended (a line that says
 * so, a total time, a final test) was interrupted (a failure after such a sign, or after
 * a "Final loss: 1.3e-05" no epoch printed, is the script's afterwards: a warning;
 * another run after it, with no sign of a start before, names as the line it stopped at
 * its last epoch's last own line: run_end_line()); so
 * was one whose last epoch's step lines stop short (step 43 of 62) where every epoch
 * before printed its last step. An
 * epoch's bare header again after its step lines (their marks its own: "epoch 0 step 28/62
 * loss 0.10") is another start. A "Start training" line
 * followed by an epoch that does not go on is another run: the attempt before
 * it died; so is an epoch's header again after another configuration dump
 * (torchlight's "Parameters:" dict before each launch), and the run before
 * ended at its last line before that start's. A value of "nan" is shown as
 * none, but its line is the epoch's (its clock); values after an epoch line
 * that names an evaluation ("Eval epoch: 4", "[Diff-Val(Test-Normal)] Epoch
 * 001", the first such word of its bracketed tag), then "mean_loss: 1.16") are
 * named with it (eval_mean_loss). A decimal comma ("acc: 0,523") is read only
 * in a log that writes numbers so and never with a decimal point
 * (parsers/decimal.h).
 * An epoch marker that an evaluation names ("Test on Epoch 1", "Eval epoch: 4"),
 * printed after that epoch ended with its own time, evaluates it: its values are that
 * epoch's, and it starts no other run. After an error that stopped the script (a Python
 * exception after its Traceback, Paddle's "FatalError: `Termination signal` ..." summary of
 * a SIGTERM; a chained traceback's "During handling of the above exception" is no error, nor
 * one after "Exception ignored in" or a thread's, after "Exception in thread NAME:", warned
 * of, whose exception line holds no figure either),
 * the same epoch again at a step no further ("Epoch: [0] [0/726]" again) is another
 * launch's; at a later step the error was a warning (a data reader's traceback, the steps
 * going on), and the run is not failed. A launcher's ChildFailedError (torchrun, accelerate
 * launch: a child failed, no message) is the first exception its ranks' "[rankN]: " lines
 * showed, at that line (parsers/clean.h). A failed run's last epoch, stopped in its step lines
 * short of their count, is partial. A run's first epoch whose step lines stop short of its
 * end ("Epoch: [0] [700/727]", printed every 50) is timed from its first line to the next
 * epoch's first, both at one step (PaddleDetection's "[03/08 11:18:56] ppdet.engine INFO:"
 * stamps give their times), or not at all.
 * "epoch = 350" as a setting (the line's first "name = value", the others settings and no
 * loss, accuracy or time: "epoch = 350 lr = 0.001 batchsize=  256"; or alone in a dump of
 * "name =  value" lines) is the next run's plan, no epoch; printed again after epochs, the
 * script started again: the next epoch line begins another run. "Best Epoch 6\tAcc: ..."
 * once after the epochs says the training ended (the script's result).
 * "epoch30CNNLSTM-mfcc-lfcc.pth" (letters glued after the number) is a file's name and
 * "最佳模型：Epoch 0043" (a Chinese "best" before it) the best checkpoint's: no epoch lines.
 * A last epoch whose lines after its header count their samples ("[20050/66045]") and lack
 * what every epoch before it printed at its end was cut there.
 * "Last epoch :  29" after a training names its last epoch: no epoch line. A heading's
 * colon may follow a blank ("Validation : Loss : 0.3394, Accuracy: 90.7051%": val values).
 * Launches appended to one log: a launch's own messages (digit-free, before its first
 * epoch) seen again, then its epoch's first line again (or a step of it before its last),
 * begin another run, the attempt before having died in it; then a later epoch, from the
 * launch's first message on, a resumed launch. Its messages with numbers too, two or more
 * from its first ("Loaded 64721 audio files with 30 classes", "Number of classes: 30"),
 * then the last epoch's one-line summary again with other numbers: another run, the one
 * before stopped after that epoch (summary_again()). "Starting main training on cuda" is a
 * start; one glued after another record's text ("resume=False)2025-08-02 12:39:24,042 -
 * INFO - Training started on cuda") began at its own stamp. A count of classes and a number
 * after a sentence's "with" ("processed 81048 tokens with 8418 phrases") are no metric.
 * An epoch line whose only value is its learning rate ("epoch 0, lr=[0.0001]") begins the
 * epoch. A step count over the whole training ("[TRAIN] epoch: 216, iter: 80000/80000")
 * that reaches its total ended the training, one that stops short of it was cut, and its
 * k/N is no place in an epoch; a count back at 0 or 1 after its total went past it. "[1,
 * 2550/ 2562]" is epoch 1's step 2550 of 2562. Time-Series-Library's "train_epochs=100"
 * plans the run.
 * An epoch no other time times is timed by the tqdm bars that name it at their total, one
 * after the other ("Epoch 1/50 [FT]: 100%|...| 157/157 [13:51<00:00" and "Epoch 1/50
 * [Validating]: ...| 18/18 [01:32<00:00": 923 s), each clock cut to the second (a note
 * says so); so do the bars after a bare header ("EPOCH: 1", then "Loss=0.279 ... 100%|███|
 * 469/469 [00:10<00:00") that lines of the epoch follow (not the next header: bars before
 * it are that epoch's, printed as a summary when it ended), none after the training
 * ended; a bar's whole description "[fold_0] 040/200:" is epoch 40 of 200 (the word
 * "epoch" nowhere). A Python warning's line ("utils.py:332: UserWarning: the prediction of
 * class 1 is all 0") holds no value; "Fold done in 0.46h" is a k-fold log's run's time.
 * A run with no planned count that the log shows cut where it was about to go on
 * (parsers/runtail.h: the log stops in the lines that began each of its epochs, or runs
 * before it each closed by a line it never printed) was interrupted after its last epoch.
 * Detection reads 2000 lines from the first epoch line, not from the file's first: a
 * dataset's loading can print 1830 lines before it.
 * A clock since the training began on the step lines, before their marker ("time elapsed
 * = 3465.18 [s] | epoch=2 | batch= [1/3503]"), times each epoch from its first step line
 * to the next epoch's first at the same step; the last has none, and when its steps stop
 * where each epoch's before did it is whole, not partial (step_clock()). So does a tqdm
 * bar over the epochs that each epoch's first line is glued after ("| 1/200 [00:20<1:09:08,
 * 20.85s/it]epoch 2"), the last epoch ending at its "200/200" (bar_clock()), +- 1 s.
 * "best eval result in epoch 10", "从 Epoch 13 恢复训练" (resuming from it) and a resume note's
 * "Checkpoint: epoch=3" name an epoch in passing; "Re-initialized 95 ..., kept 1" counts
 * what an event did (a past tense before a number, no ':' or '='), no metric; "nan" is a
 * value, never a sentence's word; "timeframe: 4h" (like "timestamp", "timeout") is no time.
 * Two unnamed trainings whose epoch lines alternate (a run begun by counting back, then the
 * epoch after the run before's last, then this run's next: "1/30", "2/30", "23/30", "3/30")
 * are refused at the line that shows it.
 * A value printed as it changes, "best accuracy performance has been updated: 0.93430 -->
 * 0.93730" ("->", "=>"), is the new one; on a line after the one that gave its epoch its
 * time, the old one (the epoch had ended: pix2pix's "learning rate 0.0001000 -> 0.0000000"
 * as the next begins; arrow_new()). Such changes after an epoch's last step line ("epoch: 0,
 * iteration: 781, step: 781"), but the one that repeats a value of its block ("[Dev] ...
 * score: 0.920500", then "0.91320 --> 0.92050"), are the next epoch's evaluations that
 * printed no step line where its first line shows it began one step later ("epoch: 1,
 * iteration: 781, step: 1563"): their last value is its (ahead_moved()). A phase in
 * brackets that begins a line's first segment
 * ("[Train] loss: 0.49, score: 0.94", "[Dev] loss: ...") names the segments after it
 * (train_score, dev_score). A run's last epoch that lacks a value every epoch before it had
 * is not cut for that when a line after it says the training finished or gives its result
 * ("Finished mlp_sgd, best validation accuracy: 0.9584"). "Time (mins): 153.703" is
 * minutes; such a time on every step line of an epoch, growing from its first step as a
 * clock since the epoch began, is the epoch's at its last step, k of k (epoch_step_clock()).
 * One epoch is a training log when its marker line labels its time ("Epoch: 01 | Epoch
 * Time: 1m 40s") and the lines right after it give a loss or an accuracy; their train and
 * val values are the epoch's, never results after the training (labelled_own()).
 * A step line of the open epoch whose "[k/N/samples]" counts begin again ("Train: [0/10/10]
 * epoch: 0 iter: 0" after "iter: 9") or count another N ("[10/13/10]" after "[9/10/100]")
 * begins another run: the script started again (restarted_steps()); and a line of such
 * counts with 0 samples ("Train_summary: [12/13/0] ... Loss: 0.0000") holds no values.
 * "After update 10 times, the loss is [2.6962616], the accuracy is 0.1209." is a step line
 * (a count of updates; "N times", like "N epochs", is a count, no metric), and the line
 * right after an epoch's step lines that counts it as trained by the number its marker
 * printed ("Start epoch 0" ... "After training 0 epochs, the loss is [1.8030598], the
 * accuracy is 0.3151.", Doraemonzzz/dlsys-project's) is its result, however many step lines
 * came before it (counts_epoch()). A name's leading "the" ("the loss is") is no part of it.
 * A run whose first epoch is the one a checkpoint loaded before it names ("=> loaded
 * checkpoint (epoch 352)", then "Epoch: [352/520]": HRNet-Semantic-Segmentation's trainer
 * and the PyTorch ImageNet example save epoch + 1) counts from 0, resumed: 353..520 of 520
 * (loaded_checkpoint()). That trainer's "Loss: 0.887, MeanIU:  0.6256, Best_mIoU: ..." after
 * an epoch's step lines is its validation's: val_loss (miou_val_loss()); its "Hours: 16"
 * (the time to train cut down to the hour) is a note with the bounds, no time (hours_line()).
 * A line that is only "device mps" (cpu, cuda, cuda:N) before a run's first epoch names the
 * device of that run and the ones after, as the log's label (torch_device_named()).
 * When the next epoch printed skips numbers (a line every 10th epoch), the lines after an
 * epoch's own are those of the epochs that printed none: a time spanning from its line to
 * them is several epochs', and the epoch keeps none (skip_after()); a time it printed
 * stands. A last epoch that is its line alone, as two or more before it were, is no cut
 * one (bare_before()). MindCV's "Total time since last epoch: 1111.52(train: 951.24, val:
 * 158.23)s" is the epoch's time, labelled per epoch, however many lines (a checkpoint
 * manager's list) came between it and the epoch's line (since_last_epoch()). After the
 * error that stopped the script, no line ends its last epoch later (the next launch's).
 * Each run whose numbers skip is said to (a resumed launch too).
 */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "model/hwname.h"
#include "model/num.h"
#include "model/timefmt.h"
#include "parsers/clean.h"
#include "parsers/hfstep.h"
#include "parsers/runtail.h"
#include "parsers/noyear.h"
#include "parsers/decimal.h"
#include "parsers/parser.h"
#include "model/banned.h"

enum { MARK_MAX_COL = 48, LEVEL_MAX_COL = 160, LABEL_MAX = 48, MAX_METRICS = 64 };

/* How sure an epoch's duration is (a stronger one replaces a weaker one). */
/* DUR_CLOCK: a cumulative reading ("Time elapsed: 0.40 min" after each epoch), the epoch's
 * only as the difference from the one before (clock_durations()); any other time beats it */
enum rank { DUR_NONE, DUR_CLOCK, DUR_AFTER, DUR_LINE, DUR_LABELLED };

/* A duration found in a line (next_duration()). */
struct dur {
    double s;
    size_t label, at;          /* the label's start and the number's position */
    double res;                /* its resolution, seconds (struct br_epoch's res) */
    int cut;                   /* a clock without a fraction: cut to the second */
};

/*
 * A launch's messages before a run's first epoch, and how far the lines since the last
 * marker went through them again, in their order (at), how many (hits), whether they
 * began with its first (from0), and the line before the first of them (sign). See
 * launch_line().
 */
struct launch_msgs {
    uint32_t h[16];
    unsigned n, at, hits, sign;
    int from0;
};

/*
 * Evaluations after an epoch's last step line that printed no step line of their own, only a
 * value's change ("best accuracy performance has been updated: 0.93430 --> 0.93730"), see
 * ahead_moved(): the last step line's "iteration: I" and "step: S" (-1: none), the values
 * its block printed, whether the value being stored is such a change, and the metric the
 * first of them changed (n 0: none) with the epoch's value before it (had 0: none).
 */
struct ahead {
    long iter, gstep;
    double v[8];
    unsigned nv;
    int now;
    char name[64];
    size_t n;
    int had;
    double prior;
};

struct gen {
    struct br_source *src;
    struct br_run *run;
    int mark_started;          /* the open epoch's last line is its marker saying it starts */
    const char *prose_s;       /* the line after the epoch's marker line being read, */
    size_t prose_n;            /* and whether it is a sentence (prose()): -1 not yet known */
    int prose;
    unsigned mark_ended;       /* the last epoch whose marker said it ended, 0: none */
    char gpu[72];              /* the NVIDIA GPU a line before an epoch named ("": none) */
    char torch_dev[12];        /* the torch device a "device mps" line named ("": none) */
    long base;                 /* 1 when the run counts epochs from 0, else 0 */
    long ckpt_epoch;           /* the epoch a loaded checkpoint names before the next run's
                                * first marker (loaded_checkpoint()), 0: none */
    /* the marker of a run that counted from 0, its digits as one '#' ("Epoch: #"; "": none
     * yet): a later run with that marker counts from 0 too, though it begins at a later
     * epoch (resumed from a checkpoint: "Epoch: 10"); and the marker being read */
    char zero_shape[32];
    const char *mark_s;
    size_t mark_n;
    enum rank rank;            /* of the last epoch's duration */
    int traceback;
    /* a Traceback the script went on from (after "Exception ignored in", or a thread's) was
     * seen: its exception line ("ConnectionResetError: [Errno 104] ...") holds no figure */
    int aside;
    struct br_rank_failure ranks;   /* the first exception a torchrun rank's lines show */
    /* the tail of the last line with text (failure: a Traceback after "Exception ignored
     * in", a DataLoader's __del__ at exit, ends nothing) */
    char prev[1024];
    size_t prev_n;
    unsigned marks;            /* mark lines of the last epoch */
    unsigned mark_line;        /* the last one's line number */
    int mark_metric;           /* the last epoch's mark lines had a metric */
    int mark_loss;             /* ... a loss or an accuracy */
    int after_metric;          /* lines after them added one */
    int strong_counted;        /* the last epoch is counted in epochs_strong */
    int after_counted;         /* ... in epochs_after */
    int instant_summary;       /* the last epoch's metrics came with its line's instant */
    /* evidence that this is a training log (see convincing()) */
    unsigned epochs_timed;     /* epochs with a duration of rank >= DUR_LINE */
    unsigned epochs_metric;    /* epochs whose own lines carry a metric */
    unsigned epochs_strong;    /* timed epochs with two or more lines of their own */
    unsigned epochs_spanned;   /* epochs timed by their lines' timestamps, with metrics */
    unsigned bar_timed;        /* the run's epochs timed by their bars (settle()) */
    unsigned epochs_after;     /* epochs with a time and metrics on lines after their header */
    unsigned epochs_after_metric; /* epochs with metrics on lines after their header */
    /* epochs whose marker line labels their time ("Epoch: 01 | Epoch Time: 1m 40s") and
     * whose lines after it give a loss or an accuracy ("\tTrain Loss: 0.223"); and the
     * last epoch's two signs of it (see convincing()) */
    unsigned epochs_labelled_after;
    int mark_labelled, after_loss;
    unsigned labelled_block;   /* the last line of the block right after such a marker line */
    double dur_t;              /* line time of the line that gave the last epoch's duration */
    unsigned dur_line;         /* ... that line (see arrow_new()) */
    double mark_t;             /* time of the last epoch's (last) epoch line */
    /* the last epoch's time is the span of its lines' times and runs past its (last) epoch
     * line (settle()); see skip_after() */
    int spanned_on;
    double start_t;            /* when the last epoch began: the previous one's end, or NaN */
    int first_progress;        /* the last epoch's first line is a step's, not its header */
    int first_summary;         /* ... a summary with a loss or accuracy, timestamped */
    double first_frac;         /* ... how far into the epoch that step line is (NaN: unknown) */
    double first_t;            /* ... its time (NaN: none) */
    double prev_frac;          /* the step fraction where the epoch before ended (NaN) */
    double next_t;             /* the line that begins the next epoch: its time (NaN: none,
                                  or no line is beginning one), and its text when it is a
                                  step line (NULL: none) */
    const char *next_s;
    size_t next_n;
    int phase_fixed;           /* an epoch of the run was timed start_to_start() */
    unsigned long tail_sig[4]; /* the words that began the last stamped line before the
                                * next epoch, of the run's epochs timed zero_to_zero(),
                                * each once, `ntail_sig` of them; line_words() */
    size_t ntail_sig;
    double run_first_t, run_first_frac; /* the run's first epoch's first line: time, step */
    /* the open epoch's first line's "elapsed" reading when that line is a step's (NaN:
     * none), its resolution and step (see step_clock()) */
    double clock_at, clock_res, clock_frac;
    unsigned clock_timed;      /* the run's epochs timed so */
    /* a time on the open epoch's step lines (see epoch_step_clock()): how many lines gave
     * one, the first's and its step's fraction, the last, and whether none went back */
    unsigned sclock_n;
    double sclock_first, sclock_frac, sclock_last;
    int sclock_rising;
    struct dur step_dur;       /* durations(): the first time on a step line with the epoch's
                                * marker that would be the line's own on another line */
    int step_dur_found;
    long clock_bar;            /* the reading is a tqdm bar's over the epochs: its total
                                * (bar_clock()), else 0 */
    struct br_hfbar bar;       /* the bar an epoch's record was glued after, on line */
    unsigned bar_line;         /* bar_line (0: none) */
    int eval_script;           /* after a command that runs an evaluation script */
    /* the epochs a configuration dump sets ("'num_epoch': 50" in torchlight's
     * "Parameters:" dictionary, "num_epochs=30" in an argparse Namespace): for the
     * next run to begin (cfg_next), and the current run's (cfg_of); 0 when not said */
    long cfg_next, cfg_of;
    long cfg_batch;            /* an argparse Namespace's batch_size (config_batch()), 0: none, */
    char cfg_model[48];        /* and its model ("": none) */
    long kth;                  /* the step of a run before printed every k-th epoch from 0 */
    /* epochs of the run followed by a bare "Done." (torchlight closes every epoch's
     * training and evaluation with one), and the last of them */
    unsigned done_epochs, done_index;
    int restart_done;          /* the header came again after its epoch's summary */
    int last_step;             /* the last epoch line was a step's ("epoch:35 || iter:46170") */
    long step_at, step_before; /* the step count on the open epoch's first line and on the
                                * one before's (-1: none) */
    size_t steps_run_on;       /* the run's epochs that were one step line each, of a count
                                * running on from the epoch before's */
    double begin_t;            /* a stamped "Start Training" line's time since the last
                                * epoch line (NaN: none): when the next epoch began */
    enum br_decmark dec;       /* the log's decimal mark, judged from its first bytes */
    unsigned comma_skipped;    /* numbers with a decimal comma not read (BR_DEC_POINT) */
    unsigned comma_line;       /* the first line with one */
    unsigned line;             /* the line being read */
    unsigned long values;      /* metric values seen (added or not) */
    unsigned long stored;      /* ... that an epoch took (added, or replacing one) */
    unsigned last_line;        /* the last line with text before it */
    unsigned prev_line;        /* the one before that */
    int last_heading;          /* last_line is a heading of what follows ("Parameters:") */
    unsigned sign_before;      /* the run's last line before a sign that the script started
                                * again (a configuration dump, "Start training"), or 0 */
    unsigned value_line;       /* the last line after an epoch's that gave it a value */
    unsigned own_line;         /* ... one that earlier epochs' lines gave too (no result
                                * after the training), or the epoch's marker line */
    int value_counted;         /* ... a line that counts its samples ("[20050/66045]") */
    int in_dump;               /* a printed configuration's section began after the last
                                * epoch's line ("Arch : ", see dump_section()) */
    uint64_t after_only;       /* the last epoch's metrics that only lines after it gave */
    unsigned final_line;       /* ... the line of one named final_ (final_result()), or 0 */
    uint64_t bar_values;       /* ... that only a tqdm bar's postfix gave ("| 157/157
                                * [13:51<00:00, 5.30s/it, loss=0.919]"): the last step's */
    int plain_value;           /* the last epoch has a value from a line's own text */
    int in_postfix;            /* the values being read are a bar's postfix */
    uint64_t provisional;      /* ... that a step line after it gave ("Test: [0/2] ADE 1.2"):
                                * a later line's value of them is the epoch's */
    int step_line;             /* the line being read is such a step line (-1: not yet known) */
    unsigned step_chain;       /* the last line of a step's printed block: its step line and
                                * the lines right after it ("->> pal1 conf loss: 1.43") */
    const char *step_s;        /* that line, for step_line() */
    size_t step_n;
    unsigned finished;         /* a line after the last epoch that says the training ended */
    unsigned total_line;       /* the line that gave the run's total time, or 0 */
    int total_trained;         /* ... and it said "train" ("Total Training Time: 38.46 min") */
    unsigned mark_totals;      /* the run's epochs with a "total time" on their own line */
    double mark_total1;        /* the first of them (see epoch_total()) */
    int totals_grow;           /* they grow by it: a clock since the training began */
    int late_fail;             /* a failure after the run's training ended was seen */
    unsigned arg_line;         /* the last line of an argument dump ("dist_url: env://") */
    unsigned assign_line;      /* ... of a dump of "name =  value" lines ("cuda =  0") */
    int assign_before;         /* the line before this one was one */
    int relaunch;              /* a setting of the epochs came after the run's epochs: the
                                * next epoch line is another launch's, another run */
    int arg_before;            /* the line before this one was one */
    int bar_short;             /* the last epoch line is a tqdm bar short of its total
                                * ("Epoch: 34, L1: 0.075: 50%|█  | 249/496 [15:35<10:25") */
    struct {                   /* the epoch's tqdm bars at their total on its marker lines
                                * ("[fold_0] 040/200: 100%|███| 4/4 [00:07<00:00", "Epoch 1/50
                                * [Validating]: 100%|..."): each bar's name (bar_name()) and
                                * elapsed seconds; n BAR_MAX + 1 when more (bars_time()); the
                                * line of its last drawing, 0 on a marker's line (after a bare
                                * header: epoch_bar()) */
        uint32_t name[4];
        double s[4];
        unsigned line[4];
        unsigned n;
    } bars;
    unsigned text_line;        /* the last line with text that is no tqdm bar (epoch_bar()) */
    int fail_in_steps;         /* the run failed (fail()) after its last epoch's step lines,
                                * short of its count, nothing saying the epoch ended */
    int restart;               /* a line says a training starts ("Start training ...") */
    /* a launch's messages before the run's first epoch (digit-free, two words or more:
     * "saving git info"); `said`: all its messages of two words or more, numbers and all
     * ("Number of classes: 30") */
    struct launch_msgs pre, said;
    uint32_t mark_hash, first_hash; /* the marker line's message, the epoch's first line's */
    uint32_t mark_words, first_words; /* ... their words, without their numbers */
    int runs_on;               /* see count_runs_on() */
    int launch_cut;            /* the run closes at another launch's (launch_line) */
    int launch_died;           /* and that launch began its last epoch again */
    /* lines saying an epoch finished ("finish one epoch"), in the log; whether the last
     * epoch had one */
    unsigned epoch_finishes;
    int finish_now;
    char name[72];             /* the run's name on its last epoch line ("LSTM_e1 Epoch 1"), */
    size_t name_len;           /* see run_name(); 0 when it has none */
    /* the names of runs whose epoch lines came before the current name's, with the last
     * epoch each printed (see interleaved()) */
    struct { uint32_t hash; long epoch; } named[128];
    size_t nnamed;
    long name_epoch;           /* the epoch number on the name's last line */
    unsigned interleaved;      /* the line where a named run went on after another's, or 0 */
    /* unnamed runs' lines interleaving (see unnamed_interleave()): the run before's last
     * epoch and count when the current one began by counting back; a jump of the current
     * run to the epoch after that one (its line, and the epoch it jumped from), and the
     * line where the next epoch went back, confirming it (0: none) */
    long before_last, before_of, jump_from;
    unsigned jump_line, unnamed_inter;
    char inter_name[72];
    char header[48];           /* the last epoch's first line, when a bare header */
    size_t header_len;         /* ("Epoch: 0001"), else 0 */
    /* the last epoch's first line was a bare header ("Epoch [1/50]"), and so is the line
     * that begins the next one, in the same run; the last line that gave the epoch values
     * was a step's (no summary when it ended), or values came after the epoch's end that
     * did not move it (evaluations inside the epoch, repeating its names): the epoch ran
     * until that header, the time after its last line steps the print interval missed */
    int first_bare, next_bare, value_step;
    double value_t;            /* the time of the epoch's last line with values, or of one
                                * past the lines read as its own */
    double tail_t;             /* the time of the epoch's last stamped line that is no
                                * epoch line (NaN: none), and its line_words() */
    unsigned long tail_words;
    int zero_before;           /* the epoch before was timed from its first line to this
                                * one's (zero_to_zero()) */
    double tail_hit_t;         /* the last such line's time that read as one that ended an
                                * epoch before (tail_seen()), NaN: none */
    unsigned steps_after;      /* step lines with values after its header */
    unsigned char *elapsed;    /* the run's epochs (by place) whose duration is so far a
                                * DUR_CLOCK reading, 1 each; `nelapsed` allocated */
    size_t nelapsed;
    unsigned block_step;       /* the last step line ("Test: [10/242] ...") of the run
                                * step_reach follows, or the epoch's line */
    int reach_block;           /* step_reach is a line of a step's block, no step line */
    unsigned block_alt;        /* the last step line after such a block, since the mark */
    unsigned step_reach;       /* the last line of the unbroken run of step lines that began
                                * within NEAR_LINES of the epoch's line: the epoch's own, read
                                * to its last step ("step 614/614" of Paddle's Model.fit),
                                * never a snapshot of its 20th line */
    int novel;                 /* its last lines with values gave only names that no earlier
                                * epoch of the run has ("Test set results: loss= ..."), */
    double novel_end;          /* and it ended here before them */
    unsigned others_after;     /* other lines with values after it */
    char phase[16];            /* an evaluation announced on the line before ("testing in */
    size_t phase_len;          /* eval mode"): it names the next epoch line's metrics */
    unsigned phase_line;       /* that line */
    char mark_phase[16];       /* the phase of the last epoch line ("Eval epoch: 4"): it names
                                * the values of the lines right after it ("mean_loss: 1.16"), */
    size_t mark_phase_len;     /* each giving one (0: none, or that block ended) */
    unsigned phase_chain;      /* the last line of that block */
    unsigned marks_min;        /* the fewest epoch lines a whole epoch of the run had */
    unsigned marks_epochs;     /* the run's epochs counted in it */
    unsigned steps_min;        /* the fewest step lines after its header such an epoch had */
    unsigned progress_metric;  /* step lines of an epoch of a planned count, with metrics */
    unsigned tutorial_metric;  /* the PyTorch tutorial's "[1,  2000] loss: 2.131" lines */
    double step_frac;          /* the last epoch's last step line's k/N ("Step [4560/12942]") */
    int summary_after;         /* an epoch line that is no step's came after that one */
    uint64_t clocked;          /* runs (by index < 64) whose epoch times were a clock's
                                  readings (clock_durations) */
    double frac_min;           /* the least such fraction of the run's earlier epochs */
    /* the Hugging Face Trainer's summary of the run (see trainer_summary()) */
    int hf_summary;            /* the run's runtime_s is its train_runtime */
    double hf_ran;             /* the epochs it says ran ('epoch': 30.0), NaN if unsaid */
    int hf_block;              /* in its metrics block ("***** train metrics *****") */
    double hf_block_ran;       /* that block's "epoch = 30.0", or NaN */
    uint64_t hf_unsaid;        /* runs (by index < 64) whose summary was not spread: it */
    uint64_t hf_other;         /* says no epoch count; it covers other epochs than shown */
    struct br_runtail tail;    /* what the log printed after the run's epochs (runtail.h) */
    struct ahead ah;           /* evaluations of the next epoch before its line */
    /* the last step line's "[k/N/samples]" ("Train: [12/13/122]\tepoch: 5\titer: 77"), k -1:
     * none, and its iteration counter (see restarted_steps()) */
    long tri_k, tri_n, tri_iter;
    char tri_pre[24];          /* its text before the bracket ("Train: "; "Test: " is another
                                * loop's, of its own count), tri_pre_n bytes */
    size_t tri_pre_n;
    int at_end;                /* the run being closed is the log's last */
};

enum { NEAR_LINES = 20 };
/* What the decimal mark is judged from: as much as the long-log sniff sees. */
enum { HEAD_BYTES = 1u << 18 };      /* lines after an epoch's last line that still speak of it */

struct mark {
    long epoch, of;            /* of: 0 when not given */
    size_t start, end;         /* the marker's bytes in the line */
};

static int is_word(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* [p, p+n) equals `lit` (lower case) but for the case of ASCII letters. */
static int ieq(const char *p, const char *lit, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c + ('a' - 'A'));
        if (c != lit[i])
            return 0;
    }
    return 1;
}

/*
 * Whether `lit` (k bytes, lower case) begins at some q in [p, end) where *q is `first`
 * and the rest matches but for case: memchr finds the candidates (most of has()'s time
 * was a byte-by-byte scan of every line for each word asked).
 */
static int has_from(const char *p, const char *end, char first, const char *lit, size_t k)
{
    for (const char *q = p; q < end && (q = memchr(q, first, (size_t)(end - q))) != NULL; q++)
        if (ieq(q + 1, lit + 1, k - 1))
            return 1;
    return 0;
}

/* Case-insensitive search for `lit` (lower case) in [p, p+n). */
static int has(const char *p, size_t n, const char *lit)
{
    size_t k = strlen(lit);
    char a = lit[0], b = a >= 'a' && a <= 'z' ? (char)(a - ('a' - 'A')) : a;

    return k <= n && (has_from(p, p + n - k + 1, a, lit, k) ||
                      (b != a && has_from(p, p + n - k + 1, b, lit, k)));
}

/*
 * Whether [p, p+n) holds "time" as a word or a word's end ("Time", "runtime", "epoch_time",
 * "times", "timer"), not the start of another word: "timeframe: 4h" (a data bar's size,
 * firoozye/trans4mom), "timestamp", "timezone", "timeout" are no times taken.
 */
static int has_time(const char *p, size_t n)
{
    if (!has(p, n, "time"))
        return 0; /* (most labels: one search) */
    for (size_t i = 0; i + 4 <= n; i++) {
        const char *q = memchr(p + i, 't', n - i - 3);
        const char *r = memchr(p + i, 'T', n - i - 3);
        size_t at, after;
        if (!q || (r && r < q))
            q = r;
        if (!q)
            return 0;
        at = (size_t)(q - p);
        i = at;
        if (!ieq(q + 1, "ime", 3))
            continue;
        after = at + 4;
        if (after < n && (p[after] == 's' || p[after] == 'r' || p[after] == 'd'))
            after++;
        if (after >= n || !isalpha((unsigned char)p[after]))
            return 1;
    }
    return 0;
}

/* Whether a label says a time: "time", "took", "takes" (Swin's "EPOCH 0 training takes
 * 0:00:18"), "duration". */
static int time_word(const char *p, size_t n)
{
    return has_time(p, n) || has(p, n, "took") || has(p, n, "takes") || has(p, n, "duration");
}

/*
 * Whether [p, p+n) holds `lit` exactly, found by memchr on its character at `at` (one
 * that is rare in log lines: '_', '*'): a gate cheaper than has() on every line.
 */
static int has_exact(const char *p, size_t n, const char *lit, size_t at)
{
    size_t k = strlen(lit);
    const char *q = p + at, *end;

    if (n < k)
        return 0;
    end = p + n - (k - at - 1);
    while (q < end && (q = memchr(q, lit[at], (size_t)(end - q))) != NULL) {
        if (!memcmp(q - at, lit, k))
            return 1;
        q++;
    }
    return 0;
}

static size_t digits(const char *p, const char *end, long *v)
{
    size_t k = 0;
    long x = 0;

    while (p + k < end && k < 9 && isdigit((unsigned char)p[k]))
        x = x * 10 + (p[k++] - '0');
    if (k && p + k < end && isdigit((unsigned char)p[k]))
        return 0; /* too long to be an epoch number */
    *v = x;
    return k;
}

/* The word before s[i] (spaces skipped) is one of `words`: "from epoch 149". */
static int word_before(const char *s, size_t i, const char *const *words)
{
    size_t e = i, b;

    while (e && s[e - 1] == ' ')
        e--;
    if (e == i)
        return 0;
    for (b = e; b && isalpha((unsigned char)s[b - 1]); b--)
        ;
    for (size_t w = 0; words[w]; w++)
        if (strlen(words[w]) == e - b && ieq(s + b, words[w], e - b))
            return 1;
    return 0;
}

/*
 * The "epoch" at s[i] is said in passing: "(epoch 2 in 39.29s)", "eval @
 * epoch 0", "Resume training from epoch 149", "Early stopping at epoch 90"
 * ("after epoch 3: loss 0.5" may be the epoch's own summary). A line that begins with "(epoch: 1, iters:
 * 20, ...)" (pix2pix, CycleGAN) is that epoch's own.
 */
/*
 * Whether a Chinese "best" (最佳, 最优, 最好) comes just before s[i], up to 15 bytes back:
 * "最佳模型：Epoch 0043  Dice = 0.7401" names the best checkpoint, no epoch of a run.
 */
static int best_in_cjk(const char *s, size_t i)
{
    static const char *const best[] = { "\xe6\x9c\x80\xe4\xbd\xb3", "\xe6\x9c\x80\xe4\xbc\x98",
                                        "\xe6\x9c\x80\xe5\xa5\xbd" };
    size_t from = i > 15 ? i - 15 : 0;

    if (!memchr(s + from, 0xe6, i - from))
        return 0; /* (each begins with 最: most lines have none) */
    for (size_t k = 0; k < sizeof(best) / sizeof(best[0]); k++)
        if (memmem(s + from, i - from, best[k], 6))
            return 1;
    return 0;
}

/*
 * Whether a Chinese "from" (从) comes right before s[i], a blank between allowed: "✓ 从 Epoch
 * 13 恢复训练" (resuming training from epoch 13, liu-579/CAPW-Autoformer) names the
 * checkpoint's epoch, no epoch of this launch.
 */
static int from_in_cjk(const char *s, size_t i)
{
    size_t j = i && s[i - 1] == ' ' ? i - 1 : i;

    return j >= 3 && (unsigned char)s[j - 1] == 0x8e && !memcmp(s + j - 3, "\xe4\xbb\x8e", 3);
}

/*
 * Whether "Checkpoint:" comes right before s[i]: "Checkpoint: epoch=3  val_loss=0.6101" under
 * "Resuming from .../model_finetuned.pt..." (Lukas1121/LogSentinel's finetune.log) describes
 * the checkpoint loaded, no epoch of this launch.
 */
static int checkpoint_label(const char *s, size_t i)
{
    size_t e = i;

    while (e && s[e - 1] == ' ')
        e--;
    return e >= 11 && s[e - 1] == ':' && ieq(s + e - 11, "checkpoint", 10);
}

static int passing(const char *s, size_t i)
{
    /* and an epoch picked out of several ("Average best epoch: 20 -> use as target", after
     * five folds' trainings) or the last one named after the training ("Last epoch :  29"):
     * a reference, no epoch of a run */
    static const char *const prepositions[] = { "from", "at", "since", "until", "till",
                                                "before", "best", "last", NULL };
    /* or the epoch a best result came in ("Finished training, best eval result in epoch
     * 10", RecBole's, after an early stop) */
    static const char *const in[] = { "in", NULL };
    return (s[i - 1] == '(' && i >= 2) || (i >= 2 && s[i - 2] == '@' && s[i - 1] == ' ') ||
           word_before(s, i, prepositions) || best_in_cjk(s, i) || from_in_cjk(s, i) ||
           checkpoint_label(s, i) ||
           (i >= 3 && s[i - 1] == ' ' && (s[i - 2] | 0x20) == 'n' && (s[i - 3] | 0x20) == 'i' &&
            word_before(s, i, in) && has(s, i, "best"));
}

/*
 * Whether the line speaks of an epoch in passing anywhere ("step 100 (epoch 2
 * in 39.29s)"): a step's or an evaluation's line, about an epoch it is not.
 */
static int mentions_epoch(const char *s, size_t n)
{
    for (size_t i = 1; i + 5 < n; i++)
        if (ieq(s + i, "epoch", 5) && (s[i + 5] == ' ' || isdigit((unsigned char)s[i + 5])) &&
            passing(s, i))
            return 1;
    return 0;
}

/*
 * Where a logging record's message starts: after its level ("... - my.long.module.name
 * - INFO - Epoch 20/200: ..."), so that a long logger name does not push the epoch
 * marker out of reach, or after a row of progress dots; 0 when the line shows no level in
 * its first LEVEL_MAX_COL bytes.
 */
static size_t message_start(const char *s, size_t n)
{
    static const char *const levels[] = { "INFO", "DEBUG", "WARNING", "ERROR", "CRITICAL" };

    if (n > 4 && !memcmp(s, "....", 4)) {
        /* a row of progress dots, then the message ("....Time taken for epoch 1 is 422 sec",
         * TensorFlow's tutorials print a dot every 10 steps) */
        size_t i = 4;
        while (i < n && s[i] == '.')
            i++;
        return i;
    }

    for (size_t i = 0; i < n && i < LEVEL_MAX_COL; i++) {
        if (!isupper((unsigned char)s[i]) || (i && is_word(s[i - 1])))
            continue;
        for (size_t l = 0; l < sizeof(levels) / sizeof(levels[0]); l++) {
            size_t k = strlen(levels[l]), j = i + k;
            if (j > n || memcmp(s + i, levels[l], k) || (j < n && is_word(s[j])))
                continue;
            while (j < n && (s[j] == ' ' || s[j] == '-' || s[j] == ':' || s[j] == ']' ||
                             s[j] == '|'))
                j++;
            return j;
        }
    }
    return 0;
}

/*
 * "第 N 轮" ("round N", Chinese tutorials' "-------第 1 轮训练开始-------") at s[i],
 * in UTF-8 or in GBK (a Windows console's encoding): 1 with *m, else 0.
 */
static int chinese_mark(const char *s, size_t n, size_t i, struct mark *m)
{
    static const struct { const char *di, *lun; } enc[] = {
        { "\xe7\xac\xac", "\xe8\xbd\xae" },   /* UTF-8 */
        { "\xb5\xda", "\xc2\xd6" },             /* GBK */
    };
    for (size_t k = 0; k < sizeof(enc) / sizeof(enc[0]); k++) {
        size_t a = strlen(enc[k].di), b = strlen(enc[k].lun), j = i + a, w;
        long v;

        if (j > n || memcmp(s + i, enc[k].di, a))
            continue;
        while (j < n && s[j] == ' ')
            j++;
        if (!(w = digits(s + j, s + n, &v)))
            continue;
        j += w;
        while (j < n && s[j] == ' ')
            j++;
        if (j + b > n || memcmp(s + j, enc[k].lun, b))
            continue;
        m->epoch = v;
        m->of = 0;
        m->start = i;
        m->end = j + b;
        return 1;
    }
    return 0;
}

/*
 * The PyTorch CIFAR-10 tutorial's progress line, "[1,  2000] loss: 2.131" (its
 * `print(f'[{epoch + 1}, {i + 1:5d}] loss: ...')`): at the line's start, "[E, S]"
 * and a name. 1 with E in *m (and the step S in *step when not NULL), else 0.
 */
static int tutorial_mark(const char *s, size_t n, struct mark *m, long *step)
{
    const char *p = s, *end = s + n;
    size_t w;
    long e, k;

    if (p >= end || *p++ != '[')
        return 0;
    while (p < end && *p == ' ')
        p++;
    if (!(w = digits(p, end, &e)))
        return 0;
    p += w;
    if (p >= end || *p++ != ',')
        return 0;
    while (p < end && *p == ' ')
        p++;
    if (!(w = digits(p, end, &k)))
        return 0;
    p += w;
    if (end - p < 3 || p[0] != ']' || p[1] != ' ' || !isalpha((unsigned char)p[2]))
        return 0;
    if (m) {
        m->epoch = e;
        m->of = 0;
        m->start = 0;
        m->end = (size_t)(p + 1 - s);
    }
    if (step)
        *step = k;
    return 1;
}

/*
 * An epoch marker near the start of the line (of the message, at `msg`, for a
 * logging record): "Epoch 3", "Epoch: 003/010", "第 3 轮",
 * "[Epoch 3]", "ep 3". 1 with *m; else 2 when the line only mentions an
 * epoch in passing ("(epoch 2 in 39.29s)", "eval @ epoch 0"), or 0.
 */
/*
 * Whether the number before p counts what an epoch holds, not which epoch it is: a unit of
 * its size follows ("1 epoch = 2640 batches", "epoch: 390 steps").
 */
static int epoch_size(const char *p, const char *end)
{
    static const char *const units[] = { "batches", "steps", "iterations", "iters", "samples",
                                         "images", "tokens" };

    if (p >= end || *p != ' ')
        return 0;
    for (size_t k = 0; k < sizeof(units) / sizeof(units[0]); k++) {
        size_t u = strlen(units[k]);
        if ((size_t)(end - p) > u && ieq(p + 1, units[k], u) &&
            (p + 1 + u == end || !isalpha((unsigned char)p[1 + u])))
            return 1;
    }
    return 0;
}

static int bar_percent(const char *s, size_t n, size_t i);

/*
 * A tqdm bar whose whole description, at the line's start, is the epoch's count of the
 * planned ones, after at most a bracketed tag: "[fold_0] 040/200: 100%|███| 4/4
 * [00:07<00:00, 1.90s/it, loss=1.1860]" (IgorPietruszczak/spine-segformer-3d-class's
 * train_log.txt, its `desc=f"[fold_{k}] {ep:03d}/{epochs}"`: the word "epoch" nowhere).
 * 1 with the epoch N of M in *m, else 0.
 */
static int bar_count_mark(const char *s, size_t n, struct mark *m)
{
    const char *p = s, *end = s + n, *q, *count_end;
    long e, of, pct;
    size_t w;

    if (p < end && *p != '[' && !isdigit((unsigned char)*p))
        return 0;
    if (p < end && *p == '[') {
        q = memchr(p, ']', (size_t)(end - p) < 40 ? (size_t)(end - p) : 40);
        if (!q || q + 1 >= end || q[1] != ' ' || memchr(p, ' ', (size_t)(q - p)))
            return 0;
        p = q + 2;
    }
    if (!(w = digits(p, end, &e)) || p + w >= end || p[w] != '/')
        return 0;
    q = p + w + 1;
    if (!(w = digits(q, end, &of)) || q + w >= end || q[w] != ':' || e > of || of < 2)
        return 0;
    count_end = q + w;
    q += w + 1;
    while (q < end && *q == ' ')
        q++;
    if (!(w = digits(q, end, &pct)) || pct > 100 || !bar_percent(s, n, (size_t)(q + w + 1 - s)))
        return 0;
    m->epoch = e;
    m->of = of;
    m->start = (size_t)(p - s);
    m->end = (size_t)(count_end - s);
    return 1;
}

static int find_mark(const char *s, size_t n, size_t msg, struct mark *m)
{
    static const char *const per[] = { "per", "total", "max", "num", "maximum", NULL };
    const char *end = s + n;
    size_t reach = MARK_MAX_COL;

    if (tutorial_mark(s, n, m, NULL) || bar_count_mark(s, n, m))
        return 1;
    reach += msg;
    for (size_t i = 0; i < n && i < reach; i++) {
        size_t w;
        const char *p;
        long v;

        if (i && (is_word(s[i - 1]) || s[i - 1] == '`' || s[i - 1] == '\'' || s[i - 1] == '"'))
            continue; /* quoted: prose or code that mentions a log line */
        if ((unsigned char)s[i] >= 0x80 && chinese_mark(s, n, i, m))
            return 1;
        if (i + 5 <= n && ieq(s + i, "epoch", 5))
            w = 5;
        else if (i + 2 <= n && ieq(s + i, "ep", 2) && !(i + 2 < n && isalpha((unsigned char)s[i + 2])))
            w = 2;
        else
            continue;
        p = s + i + w;
        if (p < end && isalpha((unsigned char)*p))
            continue; /* "epochs", "epoch_time" */
        if (i && (s[i - 1] == '/' || word_before(s, i, per)))
            continue; /* a rate: "Samples/Epoch: 1000", "steps per epoch: 390"; a planned
                       * count: "Total Epoch:300 Image_size:(256, 256)", "max epoch: 50" */
        if (end - p >= 4 && *p == ' ' && ieq(p + 1, "no.", 3))
            p += 4; /* "Epoch no. = 1" */
        while (p < end && (*p == ' ' || *p == ':' || *p == '=' || *p == '#' || *p == '[' ||
                           *p == '(' || *p == '\t'))
            p++; /* "Epoch: 3", "Epoch[3]", "Epoch(0) begin training" */
        w = digits(p, end, &v);
        if (!w)
            continue;
        p += w;
        if (p < end && (*p == '.' || *p == ',') && p + 1 < end && isdigit((unsigned char)p[1]))
            continue; /* "epoch 0.52": a fraction, not an epoch number */
        if (p + 1 < end && (*p == 'e' || *p == 'E') &&
            (isdigit((unsigned char)p[1]) || p[1] == '-' || p[1] == '+'))
            continue; /* "Learning Rate for this epoch: 1e-05": a number, not an epoch */
        if (p + 1 < end && isalpha((unsigned char)*p) && isalpha((unsigned char)p[1]) &&
            s[i + 5] != ' ')
            continue; /* "epoch30CNNLSTM-mfcc-lfcc.pth": a file's name, no epoch */
        if (i && passing(s, i))
            continue;
        if (epoch_size(p, end))
            continue; /* "1 epoch = 2640 batches" (build-nanogpt's data loader): a size */
        if (has_exact(p, (size_t)(end - p) < 48 ? (size_t)(end - p) : 48, "learning rate of group", 17))
            return 2; /* PyTorch's schedulers, verbose: "Epoch 00010: reducing learning rate
                       * of group 0 to 5.0000e-03." counts the scheduler's steps, not the
                       * script's epochs, and names no metric */
        m->epoch = v;
        m->of = 0;
        m->start = i;
        {
            const char *q = p;
            /* "Epoch [0]/[199]": each number in its brackets */
            int closed = q + 1 < end && *q == ']' && q[1] == '/';
            q += closed;
            while (q < end && *q == ' ')
                q++;
            if (q < end && *q == '/') {
                q++;
                while (q < end && *q == ' ')
                    q++;
                if (closed && q < end && *q == '[')
                    q++;
            } else if (q + 3 <= end && ieq(q, "of ", 3)) {
                q += 3;
            } else {
                q = NULL;
            }
            if (q && (w = digits(q, end, &v)) > 0 && v > 0) {
                m->of = v;
                p = q + w;
            }
        }
        if (p < end && (*p == ']' || *p == ')'))
            p++;
        m->end = (size_t)(p - s);
        return 1;
    }
    return mentions_epoch(s, n) ? 2 : 0;
}

/* Seconds per unit, or 0 when `u` (n letters) is not a time unit. */
static double unit_s(const char *u, size_t n)
{
    static const struct { const char *name; double s; } units[] = {
        { "s", 1 }, { "sec", 1 }, { "secs", 1 }, { "second", 1 }, { "seconds", 1 },
        { "ms", 1e-3 }, { "msec", 1e-3 }, { "min", 60 }, { "mins", 60 }, { "minute", 60 },
        { "minutes", 60 }, { "h", 3600 }, { "hr", 3600 }, { "hrs", 3600 }, { "hour", 3600 },
        { "hours", 3600 },
    };
    for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
        if (strlen(units[i].name) == n && ieq(u, units[i].name, n))
            return units[i].s;
    return 0;
}

/* "[h:]mm:ss[.f]" at p: seconds, and its length in *len; NaN when not one. */
static double clock_s(const char *p, const char *end, size_t *len)
{
    double part[3];
    int np = 0;
    const char *q = p;

    while (np < 3) {
        size_t k = br_num_parse(q, end, &part[np]);
        if (!k || *q == '-' || *q == '+')
            return NAN;
        q += k;
        np++;
        if (q < end && *q == ':' && q + 1 < end && isdigit((unsigned char)q[1]))
            q++;
        else
            break;
    }
    if (np < 2)
        return NAN;
    *len = (size_t)(q - p);
    return np == 2 ? part[0] * 60 + part[1] : part[0] * 3600 + part[1] * 60 + part[2];
}

static int is_sep(char c)
{
    return c == '|' || c == ',' || c == ';' || c == '\t';
}


/* Where the scan for durations is: the next position, the current segment's start. */
struct scan {
    size_t pos, seg;
};

/* br_num_resolution, of "12,48" too in a log that writes decimal commas */
static double resolution(const char *p, const char *end, enum br_decmark dec)
{
    char tmp[40];
    size_t n = 0;

    if (dec != BR_DEC_COMMA)
        return br_num_resolution(p, end);
    for (; p < end && n + 1 < sizeof(tmp) && (isdigit((unsigned char)*p) || *p == ','); p++)
        tmp[n++] = *p == ',' ? '.' : *p;
    return br_num_resolution(tmp, tmp + n);
}

/*
 * The smaller units after a duration's first ("9.0m 50.7s", "557m 46s", "1h 2m
 * 3s", "2m30s"), the first's unit being `scale` seconds and ending at `p`: their
 * seconds (end in *end), or NaN when none follows. Each part's unit is smaller
 * than the one before it.
 */
static double compound_rest(const char *s, size_t n, size_t p, double scale, size_t *end,
                            double *res)
{
    double sum = 0;
    int parts = 0;

    while (p < n) {
        size_t q = p, k, ul = 0, num;
        double v, u;

        while (q < n && s[q] == ' ' && q - p < 2)
            q++;
        if (q >= n || !isdigit((unsigned char)s[q]) || !(k = br_num_parse(s + q, s + n, &v)))
            break;
        num = q;
        q += k;
        while (q < n && s[q] == ' ')
            q++;
        while (q + ul < n && isalpha((unsigned char)s[q + ul]))
            ul++;
        if (!ul || (q + ul < n && (is_word(s[q + ul]) || s[q + ul] == '/')))
            break;
        u = ul == 1 && s[q] == 'm' ? 60 : unit_s(s + q, ul);
        if (!(u > 0 && u < scale))
            break;
        sum += v * u;
        *res = br_num_resolution(s + num, s + num + k) * u;
        scale = u;
        parts++;
        p = q + ul;
        *end = p;
    }
    return parts ? sum : NAN;
}

/*
 * The next duration at or after sc->pos: a number with a time unit after it,
 * "[h:]mm:ss" after a time word, or a number after a label with "(s)",
 * "(sec)", "(ms)", "[s]", or after "Time cost=" (MXNet, seconds). The label is the segment's text before the number
 * (after the last '|', ',', ';' or tab), at most LABEL_MAX bytes of it.
 * Returns 1 and advances sc past it. Linear in the line's length.
 */
/* Whether a unit ending at s[i] is a rate's: "/" after blanks ("(0.5841 s / it)",
 * torchvision's time per iteration). */
static int per_after(const char *s, size_t n, size_t i)
{
    while (i < n && s[i] == ' ')
        i++;
    return i < n && s[i] == '/';
}

static int next_duration(const char *s, size_t n, enum br_decmark dec, struct scan *sc,
                         struct dur *d)
{
    const char *end = s + n;

    for (size_t i = sc->pos; i < n; i++) {
        double v, scale = 0, cres = NAN;
        size_t k, u, seg;

        if ((is_sep(s[i]) && !br_decmark_comma(s, n, i)) ||
            (s[i] == '-' && i && s[i - 1] == ' ' && i + 1 < n && s[i + 1] == ' '))
            sc->seg = i + 1; /* "val_loss: 1.1 - time: 12.5 s": the time's label is "time" */
        if (!isdigit((unsigned char)s[i]) || (i && (is_word(s[i - 1]) || s[i - 1] == '.')) ||
            (i >= 2 && s[i - 1] == ',' && isdigit((unsigned char)s[i - 2])) ||
            (i >= 2 && s[i - 1] == '-' && isalpha((unsigned char)s[i - 2])) ||
            (i >= 2 && s[i - 1] == ':' && isdigit((unsigned char)s[i - 2])))
            continue; /* a word's digits ("resnet-34"), a fraction's ("12,5 s" is no "5 s"), a
                       * clock's minutes ("'datetime': '2024-11-13T21:29:00.37'": no 29:00) */
        seg = i - sc->seg > LABEL_MAX ? i - LABEL_MAX : sc->seg;
        if ((k = 0, !isnan(v = clock_s(s + i, end, &k))) && k &&
            time_word(s + seg, i - seg)) {
            const char *last = memrchr(s + i, ':', k);
            d->s = v;
            d->label = seg;
            d->at = i;
            /* "0:01:23" as str(timedelta(seconds=int(t))) and strftime print it: cut */
            d->res = last ? br_num_resolution(last + 1, s + i + k) : NAN;
            d->cut = d->res >= 1;
            sc->pos = i + k;
            return 1;
        }
        k = dec == BR_DEC_COMMA ? br_num_parse_comma(s + i, end, &v) : 0;
        if (!k && (k = br_num_parse(s + i, end, &v)) > 0 && br_decmark_comma(s, n, i + k)) {
            i += k; /* "12,5 s" in a log that writes decimal points: no time */
            continue;
        }
        if (!k)
            continue;
        u = i + k;
        while (u < n && s[u] == ' ')
            u++;
        if (u + 2 < n && (s[u] == '(' || s[u] == '[')) {
            /* "Time 0.316 (s)" (Apple's MLX MNIST example): its unit in brackets after it */
            size_t ul = 0;
            while (u + 1 + ul < n && isalpha((unsigned char)s[u + 1 + ul]))
                ul++;
            if (ul && u + 1 + ul < n && s[u + 1 + ul] == (s[u] == '(' ? ')' : ']') &&
                time_word(s + seg, i - seg) && (scale = unit_s(s + u + 1, ul)) > 0)
                sc->pos = u + ul + 2;
        }
        if (scale == 0) {
            size_t ul = 0;
            int glued;
            while (u + ul < n && isalpha((unsigned char)s[u + ul]))
                ul++;
            /* "2m30s", "1h2m3s": a unit with digits after it, only as a compound's first */
            glued = u + ul < n && isdigit((unsigned char)s[u + ul]);
            if (ul && (glued || !(u + ul < n && (is_word(s[u + ul]) || s[u + ul] == '/'))) &&
                !per_after(s, n, u + ul))
                scale = ul == 1 && s[u] == 'm' ? 60 : unit_s(s + u, ul);
            if (scale > 0) {
                size_t ce = u + ul;
                double rest = compound_rest(s, n, ce, scale, &ce, &cres);
                if (!isnan(rest)) {
                    v = v * scale + rest; /* "9.0m 50.7s", "557m 46s", "1h 2m 3s" */
                    scale = 1;
                    sc->pos = ce;
                } else if (!glued && ul == 1 && s[u] == 'm' && u == i + k &&
                           time_word(s + seg, i - seg)) {
                    sc->pos = u + ul; /* "Training time: 0.98m" on each epoch line (the
                                       * Semantic-Communications ViT's train_log.txt) */
                } else if (glued || (ul == 1 && s[u] == 'm')) {
                    scale = 0; /* a bare "m" is metres or millions; "5h3" no time */
                    sc->pos = i + k;
                } else {
                    sc->pos = u + ul;
                }
            } else if (i - seg >= 3) {
                /* "Time(s): 8.7", "time [ms] = 12" */
                const char *l = s + seg;
                size_t ln = i - seg;
                scale = has(l, ln, "(s)") || has(l, ln, "[s]") || has(l, ln, "(sec)") ? 1
                        : has(l, ln, "(ms)") || has(l, ln, "[ms]")                    ? 1e-3
                        : has(l, ln, "(min)") || has(l, ln, "[min]") || has(l, ln, "(mins)") ? 60
                                                                                      : 0;
                if (scale > 0 && !has(l, ln, "time"))
                    scale = 0;
                /* MXNet's fit: "Epoch[3] Time cost=258.185", in seconds; GluonCV's scripts:
                 * "[Epoch 359] speed: 4028 samples/sec\ttime cost: 325.241444" */
                if (!scale && ln >= 10 &&
                    (ieq(l + ln - 10, "time cost=", 10) ||
                     (ln >= 11 && (ieq(l + ln - 11, "time cost: ", 11) ||
                                   ieq(l + ln - 11, "cost time: ", 11)))))
                    scale = 1; /* Informer's (and Autoformer's, PatchTST's) "Epoch: 1 cost
                                * time: 1353.8684768676758", seconds */
                if (!scale && ln == 6 && seg && ieq(l, "time: ", 6) && s[seg - 1] == '\t' &&
                    n > 7 && !memcmp(s, "Epoch: ", 7))
                    scale = 1; /* MPRNet's, MIRNet's, Uformer's "Epoch: 1\tTime: 1538.0825\t
                                * Loss: 27.7105\tLearningRate 0.000133": time.time()'s
                                * difference, seconds */
                if (!scale && ln >= 16 && ieq(l + ln - 16, "running time is ", 16) &&
                    !has(s, i, "eval"))
                    scale = 1; /* a lung-nodule U-Net's "Epoch 0 trained with loss: 0.0197.
                                * The running time is 4073.884438753128." (time.time()'s
                                * difference, seconds); its "Epoch 0 evaluated with ...
                                * The running time is 713.24." is the evaluation's */
                sc->pos = i + k;
            }
        }
        if (scale > 0) {
            d->s = v * scale;
            d->label = seg;
            d->at = i;
            d->res = isnan(cres) ? resolution(s + i, end, dec) * scale : cres;
            d->cut = 0;
            return 1;
        }
        i += k - 1;
        if (i + 1 < n && s[i + 1] == ' ')
            sc->seg = i + 1; /* "val_loss=0.95 time=12.0s": the time's label is "time=" */
    }
    sc->pos = n;
    return 0;
}

/*
 * Whether a duration's label names a statistic over epochs ("mean epoch time", "avg",
 * "average", "median", "min epoch", "max epoch"): one pass, the words looked for only where
 * an 'm' or an 'a' begins one.
 */
static int statistic_label(const char *l, size_t n)
{
    static const struct { const char *w; size_t n; } words[] = {
        { "mean", 4 }, { "median", 6 }, { "min epoch", 9 }, { "max epoch", 9 },
        { "average", 7 }, { "avg", 3 },
    };

    for (size_t i = 0; i < n; i++) {
        int c = l[i] | 0x20;
        if (c != 'm' && c != 'a')
            continue;
        for (size_t k = 0; k < sizeof(words) / sizeof(words[0]); k++)
            if (words[k].w[0] == c && i + words[k].n <= n && ieq(l + i, words[k].w, words[k].n))
                return 1;
    }
    return 0;
}

/* What a duration's label makes of it. */
static enum rank classify(const char *l, size_t n, int on_mark_line, int progress, int *total)
{
    *total = 0;
    if (has(l, n, "eta") || has(l, n, "remain") || has(l, n, "left") || has(l, n, "/it") ||
        has(l, n, "it/s") || has(l, n, "/step") || has(l, n, "per step") ||
        has(l, n, "per batch") || has(l, n, "/batch") || has(l, n, "/iter") ||
        has(l, n, "batch_cost"))
        return DUR_NONE; /* (PaddleVideo's "batch_cost_sum: 199.92 sec": its batches' time,
                          * not the epoch's, 207 s from its stamps) */
    if (has(l, n, "total")) {
        *total = 1;
        return DUR_NONE;
    }
    if (has(l, n, "elapsed") || has(l, n, "since"))
        return progress ? DUR_NONE : DUR_CLOCK; /* cumulative: a clock's reading */
    if (statistic_label(l, n))
        return DUR_NONE; /* "mean epoch time: 410.655 seconds" after the last: over them all */
    if (!has(l, n, "without") && (has(l, n, "eval") || has(l, n, "val") || has(l, n, "test") ||
                                  has(l, n, "infer") || has(l, n, "predict") ||
                                  has(l, n, "data") || has(l, n, "load")))
        return DUR_NONE; /* "predict_runtime = 0:00:44.65" too */
    if (has(l, n, "epoch"))
        return DUR_LABELLED;
    if (progress == 1)
        return DUR_NONE; /* a step's time on a progress line (2: what it would be on another
                          * line, for durations()) */
    if (on_mark_line)
        return DUR_LINE;
    if (time_word(l, n) || has(l, n, "train") ||
        (has(l, n, "fold") && (has(l, n, "done") || has(l, n, "finish") ||
                               has(l, n, "complete"))))
        return DUR_AFTER; /* a k-fold log's "Fold done in 0.46h" (whole_training()) */
    return DUR_NONE;
}

/*
 * Whether s[i] follows "Epoch N " ("Epoch 0 [  20/188]", a Mask R-CNN loop's step lines).
 */
static int after_epoch_number(const char *s, size_t i)
{
    size_t d = i;

    if (d < 2 || s[d - 1] != ' ' || !isdigit((unsigned char)s[d - 2]))
        return 0;
    for (d -= 1; d && isdigit((unsigned char)s[d - 1]); d--)
        ;
    return d >= 6 && s[d - 1] == ' ' && ieq(s + d - 6, "epoch", 5);
}

/*
 * The step of pytorch/examples' ImageNet-style lines, "Epoch: [3][ 10/44]": "][" (or
 * "] [", PaddleDetection's), then k/N in the second brackets (k <= N); or "Epoch 0 [ 20/188]"
 * (k/N in brackets after the epoch's number). 1 with them in *a, *b, else 0.
 */
/*
 * "10/44]" at p, blanks before each number (`spaced`: after the '/' too): 1 with k and N
 * (k <= N) in *a, *b, else 0.
 */
static inline int count_close(const char *p, const char *end, long *a, long *b, int spaced)
{
    size_t w;

    while (p < end && *p == ' ')
        p++;
    if (!(w = digits(p, end, a)))
        return 0;
    p += w;
    if (p >= end || *p++ != '/')
        return 0;
    while (spaced && p < end && *p == ' ')
        p++;
    if (!(w = digits(p, end, b)))
        return 0;
    p += w;
    return p < end && *p == ']' && *b > 0 && *a <= *b;
}

/* "[ 10/44]" at p: 1 with k and N (k <= N) in *a, *b, else 0. */
static inline int bracket_count(const char *p, const char *end, long *a, long *b)
{
    return p < end && *p == '[' && count_close(p + 1, end, a, b, 0);
}

/*
 * I-JEPA's step lines, "[1,  2550/ 2562] - train_losses - Parent Class: 5.583 ...": the
 * epoch, then k/N of its steps, in one bracket (FalsoMoralista/FGDCC). 1 with k, N.
 */
static int epoch_comma_count(const char *p, const char *end, long *a, long *b)
{
    long e;
    size_t w;

    if (p >= end || *p++ != '[' || !(w = digits(p, end, &e)))
        return 0;
    p += w;
    return p < end && *p == ',' && count_close(p + 1, end, a, b, 1);
}

static int bracket_step(const char *s, size_t n, long *a, long *b)
{
    for (const char *q = memchr(s, ']', n); q && q + 1 < s + n;
         q = memchr(q + 1, ']', n - (size_t)(q + 1 - s))) {
        const char *p = q + 1;

        if (*p == ' ' && p + 1 < s + n)
            p++; /* PaddleDetection's "Epoch: [164] [  250/363]" */
        if (bracket_count(p, s + n, a, b))
            return 1;
    }
    for (const char *q = memchr(s, '[', n); q; q = memchr(q + 1, '[', n - (size_t)(q + 1 - s)))
        if ((after_epoch_number(s, (size_t)(q - s)) && bracket_count(q, s + n, a, b)) ||
            epoch_comma_count(q, s + n, a, b))
            return 1; /* "Epoch 0 [  20/188] loss=5.13 ... (12.0s)" */
    return 0;
}

/*
 * How far a progress line is into its epoch: k/N of "Step [4560/12942]",
 * "Batch 0350/0390", "iter 20/1070"; NaN when it gives no N.
 */
/* A part of a whole in brackets, "Test: [0/2]", "[ 40/100]": k/N with k < N. */
static int bracket_part(const char *s, size_t n)
{
    long a, b;

    for (const char *q = memchr(s, '[', n); q; q = memchr(q + 1, '[', n - (size_t)(q + 1 - s)))
        if (bracket_count(q, s + n, &a, &b) && a < b)
            return 1;
    return 0;
}

static double step_fraction(const char *s, size_t n)
{
    static const char *const words[] = { "batch", "step", "iter" };
    long ba, bb;

    if (bracket_step(s, n, &ba, &bb))
        return (double)ba / (double)bb; /* "Epoch: [3][10/44]" */

    for (const char *q = memchr(s, '/', n); q; q = memchr(q + 1, '/', n - (size_t)(q + 1 - s))) {
        size_t j = (size_t)(q - s), i = j, d;
        long a, b;

        while (i && s[i - 1] == ' ')
            i--;
        for (d = i; d && isdigit((unsigned char)s[d - 1]); d--)
            ;
        if (d == i)
            continue;
        size_t e = d;
        while (e && (s[e - 1] == ' ' || s[e - 1] == ':' || s[e - 1] == '[' || s[e - 1] == 's' ||
                     s[e - 1] == '='))
            e--;   /* "Step=2/10" (PaddleX) too */
        for (size_t w = 0; w < sizeof(words) / sizeof(words[0]); w++) {
            size_t k = strlen(words[w]);
            if (!(e >= k && ieq(s + e - k, words[w], k) && (e == k || !is_word(s[e - k - 1]))))
                continue;
            for (j++; j < n && s[j] == ' '; j++)
                ;
            if (digits(s + d, s + i, &a) && digits(s + j, s + n, &b) && b > 0 && a <= b)
                return (double)a / (double)b;
            break;
        }
    }
    return NAN;
}

/*
 * The number after a step's or an iteration's word ("Iteration step: 1300", "iter: 20",
 * "Step 0"), or -1 when the line has none.
 */
static long step_counter(const char *s, size_t n)
{
    for (size_t i = 0; i + 4 <= n; i++) {
        size_t j = i, k;
        long v;
        int c = s[i] | 0x20;
        if ((c != 's' && c != 'i') || (i && isalpha((unsigned char)s[i - 1])) ||
            !(ieq(s + i, "step", 4) || ieq(s + i, "iter", 4)))
            continue; /* (the first letter first: one pass over most of a line) */
        while (j < n && isalpha((unsigned char)s[j]))
            j++;
        while (j < n && (s[j] == ' ' || s[j] == ':' || s[j] == '=' || s[j] == '['))
            j++;
        if (j < n && (k = digits(s + j, s + n, &v)) > 0) {
            long more;
            /* "iter:   5,500": thousands grouped */
            for (j += k; j + 4 <= n && s[j] == ',' && digits(s + j + 1, s + n, &more) == 3 &&
                         v < 1000000;
                 j += 4)
                v = v * 1000 + more;
            return v;
        }
    }
    return -1;
}

/*
 * Whether a step line says how many steps the epoch took, not where in it it is ("Epoch: 1,
 * Steps: 3741 | Train Loss: ...", Informer's summary after the epoch's "cost time"): no
 * start of an epoch.
 */
static int steps_counted(const char *s, size_t n)
{
    return has(s, n, "steps: ") && isnan(step_fraction(s, n));
}

/* A progress line inside an epoch: it counts batches, steps or iterations. */
/*
 * A tqdm bar short of its end, its count and clock, "| 12/572 [00:03<01:13": a step of the
 * bar's loop. A finished bar ("| 30/30 [00:04<00:00, ..., Loss=0.4679]") is its loop's
 * summary, no step.
 */
static int tqdm_count(const char *s, size_t n)
{
    for (const char *q = memchr(s, '|', n); q; q = memchr(q + 1, '|', n - (size_t)(q + 1 - s))) {
        const char *p = q + 1, *end = s + n;
        size_t w;
        long a, b;

        while (p < end && *p == ' ')
            p++;
        if (!(w = digits(p, end, &a)) || p + w >= end || p[w] != '/')
            continue;
        p += w + 1;
        if (!(w = digits(p, end, &b)) || p + w + 2 >= end || memcmp(p + w, " [", 2))
            continue;
        p += w + 2;
        while (p < end && *p != ']' && *p != '<')
            p++;
        if (p < end && *p == '<' && a < b)
            return 1;
    }
    return 0;
}

/*
 * "update 10 times" at s[i]: a count of the optimiser's updates so far, as a CMU dlsys
 * (needle) homework's training loop prints it every 10 batches ("After update 10 times, the
 * loss is [2.6962616], the accuracy is 0.1209.", Doraemonzzz/dlsys-project's gpu.log and
 * cpu.log): a step of the epoch.
 */
static int update_count(const char *s, size_t n, size_t i)
{
    size_t j = i + 7, d;

    if (j >= n || !ieq(s + i, "update ", 7))
        return 0;
    for (d = j; d < n && isdigit((unsigned char)s[d]); d++)
        ;
    return d > j && d + 5 < n && ieq(s + d, " time", 5);
}

static int is_progress(const char *s, size_t n)
{
    static const char *const words[] = { "batch", "step", "iter", "it " };
    long a, b;

    if (bracket_step(s, n, &a, &b))
        return 1; /* "Epoch: [0][10/44]\tLoss 9.37 (7.60)" */
    if (tqdm_count(s, n))
        return 1; /* "Training:   2%|▏   | 12/572 [00:03<01:13,  7.59it/s, loss=1.49]" */
    if (tutorial_mark(s, n, NULL, &a))
        return 1; /* "[1,  2000] loss: 2.131" */
    for (size_t i = 0; i + 2 < n; i++) {
        int c = tolower((unsigned char)s[i]);
        if ((c != 'b' && c != 's' && c != 'i' && c != 'u') || (i && is_word(s[i - 1])))
            continue; /* one pass: only where one of the words can begin */
        if (c == 'u') {
            if (update_count(s, n, i))
                return 1;
            continue;
        }
        for (size_t w = 0; w < sizeof(words) / sizeof(words[0]); w++) {
            size_t k = strlen(words[w]), j;
            if (i + k >= n || !ieq(s + i, words[w], k))
                continue;
            j = i + k;
            /* "batches", "iteration", "batch_id", "iter_num"; not "batch_size" */
            while (j < n && (isalpha((unsigned char)s[j]) ||
                             (s[j] == '_' && j + 1 < n && isalpha((unsigned char)s[j + 1]))))
                j++;
            if (j - i >= 4 && ieq(s + j - 4, "size", 4))
                continue;
            while (j < n && (s[j] == ' ' || s[j] == ':' || s[j] == '#' || s[j] == '[' ||
                             s[j] == '='))
                j++;
            if (j + 6 < n && ieq(s + j, "index", 5) && (s[j + 5] == ':' || s[j + 5] == ' '))
                for (j += 5; j < n && (s[j] == ' ' || s[j] == ':'); j++)
                    ; /* "iteration index: 100, batch loss: 69.12" */
            if (j < n && isdigit((unsigned char)s[j])) {
                size_t d = j;
                while (d < n && isdigit((unsigned char)s[d]))
                    d++;
                if (d + 1 < n && s[d] == '.' && isdigit((unsigned char)s[d + 1]))
                    continue; /* "Avg Batch: 0.8690s": a batch's time, no count of them */
                return 1;
            }
        }
    }
    return 0;
}

static struct br_epoch *last_epoch(struct gen *g)
{
    return g->run && g->run->nepochs ? &g->run->epochs[g->run->nepochs - 1] : NULL;
}

/* Records a metric: the name lower-cased, spaces to '_', "_pct" for a percentage,
 * without the dots of abbreviations ("Valid. Acc." is valid_acc). */
/*
 * Words before a number that name no metric: a preposition ("10.51s in 48
 * steps"), or words that end in one ("Starting MAML for 20 meta epoch(s)"), a
 * process or device index ("rank 0:", "gpu 1"), the k of a top-k ("top 5 acc: 0.12"),
 * a count of samples ("Samples: 1013") or of classes, a source file ("profiler.cpp:314]").
 */
/*
 * A date's words: a weekday and a month, or one of them ("Thu Jun 10 10:27:46 2021", as
 * time.strftime("%c") prints it in CycleGAN's "Training Loss (...)" header: "thu_jun" 10
 * is the day, no metric).
 */
static int calendar_name(const char *name)
{
    static const char days[] = "mon tue wed thu fri sat sun ", months[] =
        "jan feb mar apr may jun jul aug sep oct nov dec ";
    size_t n;
    char w[5];

    if (!name[0] || !name[1] || !name[2] || (name[3] && name[3] != '_'))
        return 0;   /* three letters, then the end or a '_': what most names are not */
    n = name[3] ? strlen(name) : 3;
    if (n != 3 && n != 7)
        return 0;   /* "jun", "thu_jun" */
    for (size_t i = 0; i < n; i += 4) {
        if (n - i < 3 || (n - i > 3 && name[i + 3] != '_'))
            return 0;
        memcpy(w, name + i, 3);
        w[3] = ' ';
        w[4] = '\0';
        if (!strstr(days, w) && !strstr(months, w))
            return 0;
    }
    return n >= 3;
}

/* An article ("Accuracy of the network on the 50000 train images": "the" 50000). */
static int article(const char *name)
{
    return (name[0] == 't' && name[1] == 'h' && name[2] == 'e' && !name[3]) ||
           (name[0] == 'a' && name[1] == 'n' && !name[2]);
}

/* `raw`, `rn`: the name as printed; printed as one identifier, with no blank ("NC_after:
 * 0.9461", MTGAN's metric of a watermark after an attack), its last word is no preposition of
 * a sentence */
static int not_a_metric(const char *name, const char *raw, size_t rn)
{
    /* ("with": a dataset's loading, "Loaded 64721 audio files with 30 classes") */
    static const char *const words[] = { "in", "of", "at", "for", "to", "on", "after", "with",
                                         "rank", "local_rank", "gpu", "cuda", "device",
                                         "worker", "node", "process", "top", "out_of", "is",
                                         "was", "are", "were", "eta", "data" };
    const char *under = strrchr(name, '_');
    size_t n = strlen(name);

    for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
        if (!strcmp(name, words[i]) ||
            (i < 8 && under && !strcmp(under + 1, words[i]) && memchr(raw, ' ', rn)))
            return 1; /* ... or ends in one ("Starting MAML for 20 meta epoch(s)") */
    static const char *const sources[] = { ".py", ".c", ".cc", ".cpp", ".cu", ".h" };
    const char *dot = strrchr(name, '.');

    for (size_t i = 0; dot && i < sizeof(sources) / sizeof(sources[0]); i++)
        if (dot > name && !strcmp(dot, sources[i]))
            return 1; /* a source file's line ("ActivityProfilerController.cpp:314]") */
    /* a count of samples ("Samples: 1013", "num_samples") or of a dataset's classes
     * ("Number of classes: 30" as DINESHDHAKAR1's keyword-spotting pipeline loads its
     * data), not a figure of the epoch */
    /* a warning's words ("Deprecated in NumPy 1.20; ...") and an ETA after a unit
     * ("ips: 0.51359 images/s eta: 1 day, ...", PaddleGAN's) are no figures either */
    return !strcmp(name, "samples") || (n > 8 && !strcmp(name + n - 8, "_samples")) ||
           !strcmp(name, "classes") || (n > 8 && !strcmp(name + n - 8, "_classes")) ||
           calendar_name(name) || article(name) ||
           (name[0] == 'd' && !strncmp(name, "deprecated", 10)) ||
           (under && under[1] == 'e' && !strcmp(under + 1, "eta"));
}

/* The name has the word "ep" ("Start ep num  2": the next epoch's number, no metric). */
static int word_ep(const char *name)
{
    for (const char *p = strstr(name, "ep"); p; p = strstr(p + 1, "ep"))
        if ((p == name || p[-1] == '_') && (p[2] == '\0' || p[2] == '_'))
            return 1;
    return 0;
}

/* A checkpoint being saved ("Saving custom_model..  with acc 0.7677 in the epoch 299",
 * "Saved best model, val_loss=0.32"): its values repeat the epoch's, under other names. */
static int saving(const char *s, size_t n)
{
    while (n && (*s == ' ' || *s == '\t'))
        s++, n--;
    return n >= 4 && ieq(s, "sav", 3) && (ieq(s + 3, "e", 1) || ieq(s + 3, "i", 1));
}

/* Whether the line after an epoch line being read is a step's ("Test: [0/2] ADE 1.2",
 * "batch 100/200 loss: 0.9"): its values give way to a later line's. */
static int step_line(struct gen *g)
{
    if (g->step_line < 0)
        g->step_line = is_progress(g->step_s, g->step_n) || bracket_part(g->step_s, g->step_n) ||
                       (g->step_chain && g->line == g->step_chain);
    return g->step_line;
}

/*
 * A sentence, not values (a translation model's samples between its epoch lines: "SOURCE:
 * Near three o'clock in the afternoon on July 6, ...", "Since 1815 he has blushed at his
 * connection with industry: 1815 made him Mayor"): ten words or more and five for each
 * number; or eight or more, four for each number, and no number right after a ':' or '='
 * ("Accuracy of the network on the 10000 test images: 97 %" is a value's line). A word is
 * a token of two letters or more and no digit; a number, a token with a digit.
 */
/* Whether the blank-free token [s, s+n) is a NaN or infinity as Python prints it, a ',' or
 * ';' after it allowed: a value, however it reads ("Total Loss: nan, Rec.: nan, KL: nan, AUC:
 * 50.04%", Ange339's diverged epochs, is a line of values, no sentence). */
static size_t not_a_number(const char *s, size_t n);

static int nan_token(const char *s, size_t n)
{
    char c = n ? (char)(s[0] | 0x20) : 0;

    if (c != 'n' && c != 'i' && c != '-')
        return 0; /* (asked of every word of a line: most fail here) */
    if (n && (s[n - 1] == ',' || s[n - 1] == ';'))
        n--;
    return n >= 3 && n <= 4 && not_a_number(s, n) == n;
}

/*
 * A Python warning as the warnings module prints it, "FILE.py:LINE: NAMEWarning: message"
 * (MONAI's "utils.py:332: UserWarning: the prediction of class 1 is all 0, ..."): its
 * numbers are the message's, no metric.
 */
static int python_warning(const char *s, size_t n)
{
    const char *py = NULL, *p, *end = s + n;

    /* the path starts the line, its first word (not glued after a bar: "0/15229 [00:00<?,
     * ?it/s]verf/train/train_gait_model.py:231: FutureWarning: ...") */
    for (p = s; !py && p + 4 < end && *p != ' ' && *p != '|'; p++)
        if (*p == '.' && p[1] == 'p' && p[2] == 'y' && p[3] == ':')
            py = p;
    if (!py)
        return 0;
    for (p = py + 4; p < end && isdigit((unsigned char)*p); p++)
        ;
    if (p == py + 4 || end - p < 3 || p[0] != ':' || p[1] != ' ')
        return 0;
    for (p += 2; p < end && isalpha((unsigned char)*p); p++)
        ;
    return end - p > 0 && *p == ':' && p - s >= 8 && !memcmp(p - 7, "Warning", 7);
}

static int prose(const char *s, size_t n)
{
    size_t words = 0, numbers = 0;
    int valued = 0;

    for (size_t i = 0; i < n;) {
        size_t a = i, letters = 0, digit = 0;
        while (i < n && s[i] != ' ' && s[i] != '\t') {
            letters += isalpha((unsigned char)s[i]) || (unsigned char)s[i] >= 0x80;
            digit += isdigit((unsigned char)s[i]) != 0;
            i++;
        }
        if (digit || nan_token(s + a, i - a)) {
            size_t b = a;
            numbers++;
            while (b > 0 && s[b - 1] == ' ')
                b--;
            valued |= b > 0 && (s[b - 1] == ':' || s[b - 1] == '=');
            valued |= memchr(s + a, '=', i - a) || memchr(s + a, ':', i - a);
        } else if (letters >= 2) {
            words++;
        }
        while (i < n && (s[i] == ' ' || s[i] == '\t'))
            i++;
        /* a word takes 3 bytes at least: too many numbers for the rest to outweigh (a
         * step line's values: the scan stops after a few) */
        if (4 * numbers > words + (n - i) / 3)
            return 0;
    }
    return (words >= 10 && words >= 5 * numbers) ||
           (!valued && words >= 8 && words >= 4 * numbers);
}

/* The mask m without the bits of `drop`, the bits above each dropped one moved down. */
static uint64_t squeeze(uint64_t m, uint64_t drop)
{
    uint64_t out = 0;
    unsigned k = 0;

    for (unsigned i = 0; i < 64; i++)
        if (!(drop >> i & 1))
            out |= (m >> i & 1) << k++;
    return out;
}

/*
 * The last epoch e gets a value of its own text: the values only a bar's
 * postfix gave it were the last step's, shown as the bar ended ("loss=0.919"
 * beside the epoch's "Train Loss: 0.9780"): dropped.
 */
static void drop_bar_values(struct gen *g, struct br_epoch *e)
{
    size_t kept = 0;

    g->plain_value = 1;
    if (!g->bar_values)
        return;
    for (size_t i = 0; i < e->nmetrics; i++)
        if (!(i < 64 && (g->bar_values >> i & 1)))
            e->metrics[kept++] = e->metrics[i];
    e->nmetrics = kept;
    g->after_only = squeeze(g->after_only, g->bar_values);
    g->provisional = squeeze(g->provisional, g->bar_values);
    g->bar_values = 0;
}

/*
 * The change being stored is the first of the epoch's evaluations after its last step line
 * (see ahead_moved()): `name`, with the epoch's value of it before.
 */
static void ahead_note(struct ahead *a, const struct br_epoch *e, const char *name, size_t k)
{
    if (a->n || k >= sizeof(a->name))
        return;
    memcpy(a->name, name, k);
    a->n = k;
    a->had = 0;
    for (size_t i = 0; i < e->nmetrics; i++)
        if (strlen(e->metrics[i].name) == k && !memcmp(e->metrics[i].name, name, k)) {
            a->had = 1;
            a->prior = e->metrics[i].value;
        }
}

static void metric(struct gen *g, struct br_epoch *e, const char *name, size_t nl, double v,
                   int pct, int own)
{
    static const struct {
        const char *s;
        size_t n;
    } verbs[] = { { "_is", 3 }, { "_was", 4 }, { "_are", 4 }, { "_were", 5 } };
    char buf[64];
    size_t k = 0;

    while (nl && (name[nl - 1] == ' ' || name[nl - 1] == ':'))
        nl--;
    for (size_t i = 0; i < nl && k + 5 < sizeof(buf); i++) {
        if (name[i] == '.' && (i + 1 == nl || name[i + 1] == ' '))
            continue;   /* "Train. Acc.": an abbreviation's dot is no part of the name */
        if (name[i] == '@')
            continue;   /* "Acc@1" is acc1, as the scripts that print it name it */
        buf[k++] = name[i] == ' ' || name[i] == '-' ? '_' : (char)tolower((unsigned char)name[i]);
    }
    buf[k] = '\0';     /* strstr below reads up to it */
    for (size_t w = 0; w < sizeof(verbs) / sizeof(verbs[0]) && k > 3 &&
                       (buf[k - 1] == 's' || buf[k - 1] == 'e'); w++) {
        size_t vl = verbs[w].n;
        if (k > vl && !memcmp(buf + k - vl, verbs[w].s, vl))
            buf[k -= vl] = '\0'; /* "Val acc is 86.0%" is val_acc_pct */
    }
    if (k > 4 && !memcmp(buf, "the_", 4)) {
        memmove(buf, buf + 4, k - 3); /* "the loss is [1.58]": the article is no part */
        k -= 4;
    }
    if (k > 6 && !memcmp(buf, "epoch_", 6) && !strstr(buf + 6, "epoch") && isalpha((unsigned char)buf[6])) {
        memmove(buf, buf + 6, k - 5); /* "EPOCH loss: 0.53", "epoch_acc": the epoch's loss */
        k -= 6;
    }
    if (!k || (k == 5 && !memcmp(buf, "epoch", 5)) || (k == 2 && !memcmp(buf, "ep", 2)) ||
        !strncmp(buf, "batch", 5) || !strncmp(buf, "step", 4) || !strncmp(buf, "iter", 4) ||
        strstr(buf, "time") || strstr(buf, "epoch") || strstr(buf, "counter") ||
        strstr(buf, "patience") || strstr(buf, "checkpoint") || !strncmp(buf, "sav", 3) ||
        word_ep(buf) || not_a_metric(buf, name, nl))
        return;     /* "Total training epochs: 50" is a setting, "Saving checkpoint: 70" an
                     * event, not a metric */
    if (!own && g->prose < 0)
        g->prose = prose(g->prose_s, g->prose_n);
    if (!own && g->prose)
        return;     /* a sentence's number ("... in the afternoon on July 6, ...") */
    if (e == last_epoch(g) && g->in_postfix && g->plain_value)
        return;     /* the epoch printed its own values: the bar's were a step's */
    if (e == last_epoch(g) && !g->in_postfix)
        drop_bar_values(g, e);
    g->values++;
    if (isnan(v)) {
        g->stored++; /* its line is the epoch's; the value is none (see segment_metrics()) */
        return;
    }
    if (pct) {
        memcpy(buf + k, "_pct", 4);
        k += 4;
    }
    if (g->ah.now && e == last_epoch(g))
        ahead_note(&g->ah, e, buf, k);
    if (g->ah.nv < sizeof(g->ah.v) / sizeof(g->ah.v[0]))
        g->ah.v[g->ah.nv++] = v;
    for (size_t i = 0; i < e->nmetrics; i++)
        if (strlen(e->metrics[i].name) == k && !memcmp(e->metrics[i].name, buf, k)) {
            uint64_t bit = i < 64 ? (uint64_t)1 << i : 0;
            if (own || (g->provisional & bit)) {
                e->metrics[i].value = v;
                g->stored++;
                g->provisional = (g->provisional & ~bit) |
                                 (own || !(g->in_postfix || step_line(g)) ? 0 : bit);
            }
            return; /* a later line (another evaluation) never replaces the epoch's own */
        }
    if (e->nmetrics < MAX_METRICS) {
        /* a step's value, or a bar's postfix (its latest step's, "0/572 [00:02<?, ?it/s,
         * loss=1.7048]" as the bar starts): a later one of the epoch replaces it */
        if (!own && e->nmetrics < 64 && (g->in_postfix || step_line(g)))
            g->provisional |= (uint64_t)1 << e->nmetrics;
        if (g->in_postfix && e->nmetrics < 64 && e == last_epoch(g))
            g->bar_values |= (uint64_t)1 << e->nmetrics;
        br_epoch_set_metric(g->run, e, buf, k, v);
        g->stored++;
    }
}

/*
 * Chinese metric names as scripts print them ("训练损失: 4.6130 | 验证损失: 6.0073",
 * UTF-8), longest first, and the names they are recorded under.
 */
/* Chinese metric names in UTF-8, and in GBK (gbk_metric()) */
static const struct { const char *zh, *gbk, *name; } zh_metrics[] = {
    /* 训练准确率 */
    { "\xe8\xae\xad\xe7\xbb\x83\xe5\x87\x86\xe7\xa1\xae\xe7\x8e\x87",
      "\xd1\xb5\xc1\xb7\xd7\xbc\xc8\xb7\xc2\xca", "train_acc" },
    /* 验证准确率 */
    { "\xe9\xaa\x8c\xe8\xaf\x81\xe5\x87\x86\xe7\xa1\xae\xe7\x8e\x87",
      "\xd1\xe9\xd6\xa4\xd7\xbc\xc8\xb7\xc2\xca", "val_acc" },
    /* 测试准确率 */
    { "\xe6\xb5\x8b\xe8\xaf\x95\xe5\x87\x86\xe7\xa1\xae\xe7\x8e\x87",
      "\xb2\xe2\xca\xd4\xd7\xbc\xc8\xb7\xc2\xca", "test_acc" },
    /* 训练损失 */
    { "\xe8\xae\xad\xe7\xbb\x83\xe6\x8d\x9f\xe5\xa4\xb1",
      "\xd1\xb5\xc1\xb7\xcb\xf0\xca\xa7", "train_loss" },
    /* 验证损失 */
    { "\xe9\xaa\x8c\xe8\xaf\x81\xe6\x8d\x9f\xe5\xa4\xb1",
      "\xd1\xe9\xd6\xa4\xcb\xf0\xca\xa7", "val_loss" },
    /* 测试损失 */
    { "\xe6\xb5\x8b\xe8\xaf\x95\xe6\x8d\x9f\xe5\xa4\xb1",
      "\xb2\xe2\xca\xd4\xcb\xf0\xca\xa7", "test_loss" },
    /* 准确率 */
    { "\xe5\x87\x86\xe7\xa1\xae\xe7\x8e\x87", "\xd7\xbc\xc8\xb7\xc2\xca", "acc" },
    /* 学习率 */
    { "\xe5\xad\xa6\xe4\xb9\xa0\xe7\x8e\x87", "\xd1\xa7\xcf\xb0\xc2\xca", "lr" },
    /* 损失 */
    { "\xe6\x8d\x9f\xe5\xa4\xb1", "\xcb\xf0\xca\xa7", "loss" },
};

/*
 * A Chinese label in words of its own ("整体测试集上的Loss", "the whole test
 * set's Loss"; "整体测试集上的正确率", its rate correct): its characters and the
 * ASCII letters after them, naming one phase (训练 train, 验证 val, 测试 test) and
 * ending in what is measured (损失 or "loss"; 准确率, 正确率 or "acc", "accuracy").
 * Its length, with its name in name[16]; or 0.
 */
/* bytes of a Chinese label at most: 20 characters ("整体测试集上的正确率" is 10) */
#define ZH_LABEL_MAX 60

static size_t chinese_label(const char *p, size_t n, char *name)
{
    static const char *const phases[][2] = {
        { "\xe8\xae\xad\xe7\xbb\x83", "train" }, /* 训练 */
        { "\xe9\xaa\x8c\xe8\xaf\x81", "val" },   /* 验证 */
        { "\xe6\xb5\x8b\xe8\xaf\x95", "test" },  /* 测试 */
    };
    static const char *const ends[][2] = {
        { "\xe6\x8d\x9f\xe5\xa4\xb1", "loss" },             /* 损失 */
        { "\xe5\x87\x86\xe7\xa1\xae\xe7\x8e\x87", "acc" }, /* 准确率 */
        { "\xe6\xad\xa3\xe7\xa1\xae\xe7\x8e\x87", "acc" }, /* 正确率 */
        { "loss", "loss" }, { "accuracy", "acc" }, { "acc", "acc" },
    };
    const char *phase = NULL;
    size_t l = 0, a;

    while (l < n && (unsigned char)p[l] >= 0x80 && l <= ZH_LABEL_MAX)
        l++;
    if (l > ZH_LABEL_MAX)
        return 0; /* prose, not a label: and the caller tries every byte of it */
    a = l;
    while (l < n && isalpha((unsigned char)p[l]))
        l++;
    if (!a || (l < n && is_word(p[l])))
        return 0;
    for (size_t k = 0; k < sizeof(phases) / sizeof(phases[0]); k++)
        if (has_exact(p, a, phases[k][0], 0)) {
            if (phase)
                return 0; /* two phases: no one name */
            phase = phases[k][1];
        }
    for (size_t k = 0; phase && k < sizeof(ends) / sizeof(ends[0]); k++) {
        size_t m = strlen(ends[k][0]);
        int ascii = !((unsigned char)ends[k][0][0] & 0x80);
        if ((ascii ? l - a == m && ieq(p + a, ends[k][0], m)
                   : l == a && a >= m && !memcmp(p + a - m, ends[k][0], m))) {
            snprintf(name, 16, "%s_%s", phase, ends[k][1]);
            return l;
        }
    }
    return 0;
}

/*
 * The value after a Chinese metric name of l bytes at p, named `name`: ':', the full-width
 * colon `wide` (in the name's encoding) or '=', then a number: recorded (a percentage as
 * "_pct"); the bytes name and value take, or 0.
 */
static size_t zh_value(struct gen *g, struct br_epoch *e, const char *p, size_t n, size_t l,
                       const char *name, const char *wide, int own)
{
    size_t j = l, used, wl = strlen(wide);
    double v;

    while (j < n && p[j] == ' ')
        j++;
    if (j < n && (p[j] == ':' || p[j] == '='))
        j++;
    else if (j + wl <= n && !memcmp(p + j, wide, wl))
        j += wl;
    else
        return 0;
    while (j < n && p[j] == ' ')
        j++;
    if (!(used = br_num_parse(p + j, p + n, &v)))
        return 0;
    j += used;
    if (j < n && p[j] != ' ' && p[j] != '%' && p[j] != ',' && p[j] != '|')
        return 0; /* "12MB" */
    metric(g, e, name, strlen(name), v, j < n && p[j] == '%', own);
    return j;
}

/*
 * A Chinese metric name at p (one of zh_metrics, or a label chinese_label()
 * reads), then ':', '：' or '=' and a number: recorded (a percentage as
 * "_pct"); the bytes it takes, or 0.
 */
static size_t chinese_metric(struct gen *g, struct br_epoch *e, const char *p, size_t n, int own)
{
    char label[16];
    size_t ll = chinese_label(p, n, label);

    if (ll)
        return zh_value(g, e, p, n, ll, label, "\xef\xbc\x9a", own);
    for (size_t k = 0; k < sizeof(zh_metrics) / sizeof(zh_metrics[0]); k++) {
        size_t l = strlen(zh_metrics[k].zh);
        if (l <= n && !memcmp(p, zh_metrics[k].zh, l))
            return zh_value(g, e, p, n, l, zh_metrics[k].name, "\xef\xbc\x9a", own);
    }
    return 0;
}

/*
 * zh_metrics' names in GBK (their `gbk`), a Chinese Windows console's encoding (davidsongtao/
 * Medical_QA_System_GPT2's train_log.txt: "当前Batch：10/6035 | 当前epoch:0/50 | 当前损失值：
 * 10.113 | 当前准确率：0.00%", its accuracy acc_pct as in UTF-8), at s[i], then a value as
 * zh_value() reads it (the full-width colon A3 BA). Two bytes a character, the second maybe
 * 0x80 or above: only where an even count of such bytes comes before i in the segment, the
 * first of a character. The bytes it takes, or 0. No such sequence is valid UTF-8.
 */
static size_t gbk_metric(struct gen *g, struct br_epoch *e, const char *s, size_t n, size_t i,
                         int own)
{
    size_t high = 0;

    while (high < i && (unsigned char)s[i - 1 - high] >= 0x80)
        high++;
    if (high % 2)
        return 0; /* a character's second byte */
    for (size_t k = 0; k < sizeof(zh_metrics) / sizeof(zh_metrics[0]); k++) {
        size_t l = strlen(zh_metrics[k].gbk);
        if (l <= n - i && !memcmp(s + i, zh_metrics[k].gbk, l))
            return zh_value(g, e, s + i, n - i, l, zh_metrics[k].name, "\xa3\xba", own);
    }
    return 0;
}

/* Whether a unit word follows a number: a time, a size, a rate. */
static int unit_after(const char *p, const char *end)
{
    /* "times", "epochs": a count ("After update 0 times, the loss is ...", "After training 0
     * epochs, the loss is ...": dlsys-project's counters, no metrics) */
    static const char *const units[] = { "b", "kb", "mb", "gb", "kib", "mib", "gib", "w", "j",
                                         "it", "img", "samples", "tokens", "fps", "times",
                                         "epochs" };
    size_t k = 0;

    while (p < end && *p == ' ')
        p++;
    while (p + k < end && isalpha((unsigned char)p[k]))
        k++;
    if (!k || (p + k < end && (p[k] == ':' || p[k] == '=')))
        return 0;
    if (unit_s(p, k) > 0)
        return 1;
    for (size_t u = 0; u < sizeof(units) / sizeof(units[0]); u++)
        if (strlen(units[u]) == k && ieq(p, units[u], k))
            return 1;
    return 0;
}

/* The length of a phase word that starts `p` ("Train ", "Val ", "Valid. "), or 0. */
static size_t phase_word(const char *p, size_t n)
{
    static const char *const words[] = { "train", "training", "val", "vali", "valid",
                                         "validation", "test", "testing", "eval", "evaluation",
                                         "dev", NULL };
    int c = n ? p[0] | 0x20 : 0;

    if (c != 't' && c != 'v' && c != 'e' && c != 'd')
        return 0; /* (one test for the names that are no phase) */
    for (size_t k = 0; words[k]; k++) {
        size_t m;
        if (words[k][0] != c)
            continue;
        m = strlen(words[k]);
        if (n > m && ieq(p, words[k], m) &&
            (p[m] == ' ' || (p[m] == '.' && n > m + 1 && p[m + 1] == ' ')))
            return m;
    }
    return 0;
}

/* A name with no value of its own that is a phase alone, or a phase and "set" or
 * "results" ("Test set: Average loss: 0.98, Acc@1: 75.2%", "Test set results: loss=
 * 0.49"), or "metrics" (the CS230 code examples' "- Eval metrics: accuracy: 0.510 ; loss:
 * 1.255", after "- Train metrics: ..." in the same epoch): its phase word's length, or 0. */
static size_t heading_phase(const char *p, size_t n)
{
    static const char *const words[] = { "train", "training", "val", "vali", "valid", "validation",
                                         "test", "testing", "eval", "evaluation", "dev", NULL };
    for (size_t k = 0; words[k]; k++) {
        size_t m = strlen(words[k]);
        size_t r = n == m ? m : n >= m + 4 && ieq(p + m, " set", 4) ? m + 4 : 0;
        if (!r && n > m + 1 && p[m] == ' ' && ieq(p, words[k], m)) {
            /* "Validation BLEU: BLEU-1 71.65, BLEU-2 65.76": the phase and what it scores */
            size_t j = m + 1;
            while (j < n && isalpha((unsigned char)p[j]) && isupper((unsigned char)p[j]))
                j++;
            if (j == n && j > m + 2)
                return m;
        }
        if (!r && n == m + 8 && ieq(p + m, " metrics", 8) && ieq(p, words[k], m))
            return m;
        if (!r || !ieq(p, words[k], m))
            continue;
        if (r == n || (n == r + 8 && ieq(p + r, " results", 8)))
            return m; /* "Test", "Test set", "Test set results", "Test results" */
    }
    return 0;
}

/*
 * A phase in brackets that begins a segment, s[i] its first letter, a name after it:
 * "[Train] loss: 0.49, score: 0.94" then "[Dev] loss: 0.28, score: 0.92"
 * (highevolutionary/DeepLearning-project1's train_log.txt): its length, so that the
 * segments after it are its too (train_score, dev_score); else 0.
 */
static size_t tag_phase_word(const char *s, size_t n, size_t i)
{
    size_t e = i, j;
    char w[16];

    if (!i || s[i - 1] != '[')
        return 0;
    while (e < n && isalpha((unsigned char)s[e]))
        e++;
    if (e == n || s[e] != ']' || e - i + 1 >= sizeof(w))
        return 0;
    for (j = e + 1; j < n && s[j] == ' '; j++)
        ;
    if (j == e + 1 || j == n || !isalpha((unsigned char)s[j]))
        return 0;
    memcpy(w, s + i, e - i);
    w[e - i] = ' ';
    return phase_word(w, e - i + 1) == e - i ? e - i : 0;
}

/* The phase a segment starts with, naming a metric ("Train. Acc.: 33.6%", not
 * "train 2.2s"), or that is all of it ("Val   - Acc: 0.57, F1: 0.73": the segments
 * after " - " are its): its length, its start in *at; or 0. */
static size_t segment_phase(const char *s, size_t n, size_t *at)
{
    size_t i = 0, m, j, e;
    char w[16];

    while (i < n && !isalpha((unsigned char)s[i]))
        i++;
    *at = i;
    if ((m = tag_phase_word(s, n, i)) > 0)
        return m;
    m = phase_word(s + i, n - i);
    for (j = i + m; j < n && (s[j] == '.' || s[j] == ' '); j++)
        ;
    if (m && (j == n || isalpha((unsigned char)s[j])))
        return m;
    if (m && s[j] != ':')
        return 0;
    {
        /* a heading: "Training: Total Loss: 2.14", "Test set: Average loss: 0.98",
         * "Validation : Loss : 0.3394" */
        const char *c = memchr(s + i, ':', n - i);
        size_t hl = c ? (size_t)(c - s) - i : 0;
        while (hl && s[i + hl - 1] == ' ')
            hl--;
        if (c && (m = heading_phase(s + i, hl)) > 0) {
            for (j = (size_t)(c - s) + 1; j < n && s[j] == ' '; j++)
                ;
            if (j < n && isalpha((unsigned char)s[j]))
                return m;
        }
    }
    for (const char *q = memchr(s + i, ' ', n - i); q; q = memchr(q + 1, ' ', n - (size_t)(q + 1 - s))) {
        /* "The result of ResNet18 with Adam is test acc: 76.82%, loss: 0.68" */
        size_t k = (size_t)(q - s);
        size_t vl = k + 4 < n && ieq(s + k, " is ", 4)    ? 4
                    : k + 5 < n && ieq(s + k, " was ", 5) ? 5
                                                          : 0;
        if (!vl || !(m = phase_word(s + k + vl, n - k - vl)))
            continue;
        for (j = k + vl + m; j < n && s[j] == ' '; j++)
            ;
        if (j < n && isalpha((unsigned char)s[j])) {
            *at = k + vl;
            return m;
        }
    }
    /* the segment is the word alone: phase_word wants a space after it */
    for (e = i; e < n && isalpha((unsigned char)s[e]); e++)
        ;
    for (j = e; j < n && s[j] == ' '; j++)
        ;
    if (j < n || e == i || e - i + 1 >= sizeof(w))
        return 0;
    memcpy(w, s + i, e - i);
    w[e - i] = ' ';
    return phase_word(w, e - i + 1) == e - i ? e - i : 0;
}

/*
 * The groups of a whole number printed with thousands separators ("Tokens:
 * 2,982,385"), after its first group [num, num+k): added to *v; returns
 * the bytes they take at p, 0 when none follow.
 */
static size_t thousands(const char *p, size_t n, const char *num, size_t k, double *v)
{
    size_t used = 0;

    if (k > 3 || memchr(num, '.', k) || num[0] == '0' || num[0] == '-')
        return 0;   /* "0,523" is a decimal comma, not a thousand */
    while (used + 4 <= n && p[used] == ',' && isdigit((unsigned char)p[used + 1]) &&
           isdigit((unsigned char)p[used + 2]) && isdigit((unsigned char)p[used + 3]) &&
           (used + 4 == n || !isdigit((unsigned char)p[used + 4]))) {
        *v = *v * 1000 + (p[used + 1] - '0') * 100 + (p[used + 2] - '0') * 10 + (p[used + 3] - '0');
        used += 4;
    }
    return used;
}

/* After a value: another bare number ("7.19 5.52", not "0.5 12.3s", "0.5 (0.4)"). */
static int two_values(const char *p, const char *end)
{
    double v;
    size_t k;

    while (p < end && *p == ' ')
        p++;
    if (p >= end || !(isdigit((unsigned char)*p) || (*p == '-' && p + 1 < end &&
                                                      isdigit((unsigned char)p[1]))))
        return 0;
    k = br_num_parse(p, end, &v);
    return k && (p + k == end || p[k] == ' ');
}

/*
 * Whether s[i] is a byte of an accented Latin letter in UTF-8 (U+00C0 to
 * U+017F: "validación", "précision", "Genauigkeit über"): part of a word.
 */
static int latin_letter(const char *s, size_t n, size_t i)
{
    unsigned char c = (unsigned char)s[i];

    if (c >= 0xc3 && c <= 0xc5)
        return i + 1 < n && ((unsigned char)s[i + 1] & 0xc0) == 0x80;
    return (c & 0xc0) == 0x80 && i && (unsigned char)s[i - 1] >= 0xc3 &&
           (unsigned char)s[i - 1] <= 0xc5;
}

/*
 * The metrics of one segment: "name: 1.5", "name=1.5" (several), "name 1.5",
 * "Train Acc 0.93", a value that a unit other than % follows is none. A
 * segment that starts with a phase ("Train Loss: 0.21 Acc: 0.90") gives it
 * to the names after it that have none (train_acc).
 */
/* The length of a NaN or infinity as Python prints it ("nan", "-inf") that starts s, or 0. */
static size_t not_a_number(const char *s, size_t n)
{
    size_t k = n && s[0] == '-';

    if (n < k + 3 || (!ieq(s + k, "nan", 3) && !ieq(s + k, "inf", 3)))
        return 0;
    k += 3;
    return k < n && (is_word(s[k]) || s[k] == '.') ? 0 : k;
}

/*
 * At s[i], right after a number, the whole it counts a part of: "/10000" or " / 10000",
 * then the percent printed for it, " (97%)" ("Accuracy: 9668 / 10000 (97%)", pytorch/examples'
 * test line). 2 with the percent in *pct, 1 with none (a count, no metric), else 0; *past
 * is the offset after them.
 */
static int count_of(const char *s, size_t n, size_t i, double *pct, size_t *past)
{
    size_t j = i, k;

    if (j < n && s[j] == ' ')
        j++;
    if (j >= n || s[j] != '/')
        return 0;
    if (++j < n && s[j] == ' ')
        j++;
    k = j;
    while (k < n && isdigit((unsigned char)s[k]))
        k++;
    if (k == j || (k < n && s[k] != ' ' && s[k] != ',' && s[k] != ')'))
        return 0;
    *past = k;
    if (k + 2 < n && s[k] == ' ' && s[k + 1] == '(' && (j = br_num_parse(s + k + 2, s + n, pct)) &&
        k + 2 + j + 1 < n && s[k + 2 + j] == '%' && s[k + 3 + j] == ')') {
        *past = k + 4 + j;
        return 2;
    }
    return 1;
}

/*
 * At s[i], the word before it "top": " 5 " of "top 5 acc: 0.12" (its length: a k, then a
 * name follows), else 0.
 */
static size_t top_k(const char *s, size_t n, size_t i)
{
    size_t j = i + 1;

    if (i < 3 || !ieq(s + i - 3, "top", 3) || (i > 3 && is_word(s[i - 4])) || j >= n ||
        s[i] != ' ')
        return 0;
    while (j < n && j < i + 4 && isdigit((unsigned char)s[j]))
        j++;
    if (j == i + 1 || j + 1 >= n || s[j] != ' ' || !isalpha((unsigned char)s[j + 1]))
        return 0;
    return j + 1 - i;
}

/*
 * Whether [s, s+n) is one word of a verb's past tense ("Re-initialized", "kept", "loaded",
 * "processed"): before a number with no ':' or '=' ("Re-initialized 95 high-cardinality
 * Embeddings (vocab>0), kept 1", Le-Dai/advertisement_recommendation's note after each
 * epoch), the count of what an event did, no metric. "speed", "seed", "elapsed" are no such
 * verbs here ("elapsed" is a time, read elsewhere).
 */
static int past_tense(const char *s, size_t n)
{
    if (memchr(s, ' ', n) || n < 4)
        return 0;
    if (n == 4 && ieq(s, "kept", 4))
        return 1;
    return n >= 6 && ieq(s + n - 2, "ed", 2) && !ieq(s + n - 3, "eed", 3) &&
           !ieq(s, "elapsed", n < 7 ? n : 7);
}

/*
 * A value that changes, printed old then new ("best accuracy performance has been updated:
 * 0.93430 --> 0.93730", highevolutionary/DeepLearning-project1's train_log.txt; "->", "=>"):
 * the new one, after the arrow that s[i..] begins with (blanks before it), into *v (and
 * *pct); returns where the new value ends, or i when no arrow and number follow. On a line
 * after the one that gave the epoch its time the epoch had ended: the change is for the
 * next one, and *v stays the old value (pytorch-CycleGAN-and-pix2pix's "End of epoch 1 / 2
 * \t Time Taken: 1101 sec", then "learning rate 0.0001000 -> 0.0000000" as epoch 2 begins).
 */
static size_t arrow_new(const struct gen *g, const char *s, size_t n, size_t i, double *v,
                        int *pct)
{
    size_t j = i, k;
    double nv;

    while (j < n && s[j] == ' ')
        j++;
    if (j + 2 < n && s[j] == '-' && s[j + 1] == '-' && s[j + 2] == '>')
        j++;
    if (!(j + 1 < n && (s[j] == '-' || s[j] == '=') && s[j + 1] == '>'))
        return i;
    for (j += 2; j < n && s[j] == ' '; j++)
        ;
    k = g->dec == BR_DEC_COMMA ? br_num_parse_comma(s + j, s + n, &nv) : 0;
    if (!k && (j >= n || !(isdigit((unsigned char)s[j]) || s[j] == '-') ||
               (k = br_num_parse(s + j, s + n, &nv)) == 0))
        return i;
    j += k;
    if (j < n && s[j] == '%') {
        *pct = 1;
        j++;
    }
    if (!(g->rank >= DUR_LINE && g->dur_line && g->dur_line < g->line))
        *v = nv;
    return j;
}

/*
 * A value's change printed after a step line that says its iteration and global step, whose
 * new value v no line of that step's block printed (its evaluation's change repeats the
 * value it found: "[Dev] loss: 0.282438, score: 0.920500", then "... 0.91320 --> 0.92050"):
 * a later evaluation's, which printed no step line (see ahead_moved()).
 */
static int ahead_change(const struct ahead *a, double v)
{
    if (a->gstep < 0 || a->iter < 0)
        return 0;
    for (unsigned i = 0; i < a->nv; i++)
        if (a->v[i] == v)
            return 0;
    return 1;
}

static void segment_metrics(struct gen *g, struct br_epoch *e, const char *s, size_t n, int own,
                            const char *carry, size_t ncarry)
{
    const char *end = s + n;
    size_t i = 0, phase = 0, phase_at = 0;
    int first = 1;

    while (i < n) {
        size_t ns, ne, k;
        double v;
        int pct = 0, tensor, quoted;

        g->ah.now = 0;

        while (i < n && !isalpha((unsigned char)s[i])) {
            size_t used = (unsigned char)s[i] >= 0x80 ? chinese_metric(g, e, s + i, n - i, own) : 0;
            if (!used && (unsigned char)s[i] >= 0x80)
                used = gbk_metric(g, e, s, n, i, own);
            i += used ? used : 1;
        }
        ns = i;
        if (ns && isdigit((unsigned char)s[ns - 1])) {
            while (i < n && is_word(s[i]))
                i++;
            continue; /* "10.51s in 48 steps": the unit of a number, not a name */
        }
        /* up to three words of letters, digits and '_' / '.', and '-' between a letter
         * and a letter or digit ("BLEU-4 31.75", "top-5 acc") or a digit and a letter
         * ("top-5-accuracy": its last word alone would be another metric's name) */
        for (int words = 0; words < 3 && i < n && isalpha((unsigned char)s[i]); words++) {
            while (i < n && (is_word(s[i]) || s[i] == '.' || latin_letter(s, n, i) ||
                             (s[i] == '@' && i + 1 < n && isdigit((unsigned char)s[i + 1]) &&
                              isalpha((unsigned char)s[i - 1])) || /* "Acc@1" */
                             (s[i] == '-' && i + 1 < n &&
                              ((isalnum((unsigned char)s[i + 1]) &&
                                isalpha((unsigned char)s[i - 1])) ||
                               (isalpha((unsigned char)s[i + 1]) &&
                                isdigit((unsigned char)s[i - 1]))))))
                i++;
            size_t tk = words < 2 ? top_k(s, n, i) : 0;
            if (i + 1 < n && s[i] == ' ' && isalpha((unsigned char)s[i + 1]) && words < 2)
                i++;
            else if (tk)
                i += tk; /* "top 1 acc: 0.0354": the k is part of the name (top_1_acc) */
            else
                break;
        }
        ne = i;
        if (ne == ns)
            break;
        {
            /* "... with Adam is test acc: 86.02%": the verb is no part of the name */
            static const char *const verbs[] = { "is ", "was ", "are ", "were " };
            for (size_t w = 0; w < sizeof(verbs) / sizeof(verbs[0]); w++) {
                size_t vl = strlen(verbs[w]);
                if (ne - ns > vl && ieq(s + ns, verbs[w], vl) && isalpha((unsigned char)s[ns + vl]))
                    ns += vl;
            }
        }
        /* a printed dict's key on the epoch's own line ("epoch 0: {'accuracy': 0.5687, 'f1':
         * 0.81}"); elsewhere a dict is a configuration's ("{'save_interval': 10, ...}") */
        quoted = own && ns && i < n && (s[ns - 1] == '\'' || s[ns - 1] == '"') &&
                 s[i] == s[ns - 1];
        i += quoted;
        while (i < n && s[i] == ' ')
            i++;
        if (i < n && (s[i] == ':' || s[i] == '=')) {
            i++;
            while (i < n && s[i] == ' ')
                i++;
        } else if (past_tense(s + ns, ne - ns)) {
            i = ne; /* "Re-initialized 95 ... Embeddings, kept 1": an event's count */
            continue;
        }
        tensor = i + 7 < n && ieq(s + i, "tensor(", 7) && isdigit((unsigned char)s[i + 7]);
        if (tensor)
            i += 7; /* a printed tensor: "acc: tensor(0.6741, device='cuda:0')" */
        if (!tensor && i + 2 < n && s[i] == '[' && ne < i) {
            /* a printed one-element array: "Avg Loss [ 0.6879074]" */
            size_t j = i + 1;
            while (j < n && s[j] == ' ')
                j++;
            if (j < n && (isdigit((unsigned char)s[j]) || s[j] == '-')) {
                const char *close = memchr(s + j, ']', n - j);
                size_t w;
                double a;
                if (close && (w = br_num_parse(s + j, close, &a)) > 0 && s + j + w == close) {
                    metric(g, e, s + ns, ne - ns, a, 0, own);
                    i = (size_t)(close - s) + 1;
                    continue;
                }
            }
        }
        k = g->dec == BR_DEC_COMMA ? br_num_parse_comma(s + i, end, &v) : 0;
        if (!k && (k = not_a_number(s + i, n - i)) > 0) {
            /* "mean_loss: nan": a value that diverged, still one the epoch printed (its
             * line is the epoch's, for its time), but no number to show */
            metric(g, e, s + ns, ne - ns, NAN, 0, own);
            i += k;
            continue;
        }
        if (k) {
            i += k; /* "0,523" */
        } else if ((k = br_num_parse(s + i, end, &v)) == 0 ||
                   (i && is_word(s[i - 1]) && !isdigit((unsigned char)s[i]) && s[i] != '-')) {
            if (first && (phase = heading_phase(s + ns, ne - ns)) > 0) {
                phase_at = ns; /* "Test set: Average loss: 0.98": test_average_loss */
                first = 0;
            }
            i = ne;
            continue;
        } else {
            size_t past;
            double of;
            int c;
            i += k;
            i += thousands(s + i, n - i, s + i - k, k, &v);
            if ((c = count_of(s, n, i, &of, &past)) > 0) {
                i = past;
                if (c == 1)
                    continue; /* "9668 / 10000": a count of a whole, no metric */
                v = of;       /* "9668 / 10000 (97%)": the percent, as printed */
                pct = 1;
            }
        }
        if (i < n && s[i] == '%') {
            pct = 1;
            i++;
        }
        {
            size_t was = i;
            i = arrow_new(g, s, n, i, &v, &pct);
            g->ah.now = i != was && !own && e == last_epoch(g) && ahead_change(&g->ah, v);
        }
        {
            /* an AverageMeter's "Loss 1.250123 (2.583021)": the value, then the mean of
             * the epoch so far, which is the epoch's */
            size_t j = i, w;
            double avg;
            if (j + 1 < n && s[j] == ' ' && s[j + 1] == '(') {
                for (j += 2; j < n && s[j] == ' '; j++)
                    ;
                if ((w = br_num_parse(s + j, end, &avg)) > 0 && isdigit((unsigned char)s[j])) {
                    j += w;
                    if (pct && j < n && s[j] == '%')
                        j++;
                    if (j < n && s[j] == ')') {
                        v = avg;
                        i = j + 1;
                    }
                }
            }
        }
        if (tensor) {
            /* its segment ends at the ',' before "device=": the rest is the next's */
            if (i < n && s[i] == ')')
                i++;
            else if (i < n)
                continue;
        }
        if (i + 4 <= n && ieq(s + i, "<br", 3) && (i + 3 == n || s[i + 3] == '>' ||
                                                   s[i + 3] == '/' || s[i + 3] == ' ')) {
            /* a line of a Markdown log that ends "Acc: 0.3815<br>" */
            const char *gt = memchr(s + i, '>', n - i);
            if (gt && (size_t)(gt - s) + 1 == n)
                i = n;
        }
        if (i < n && s[i] == ']' && (i + 1 == n || s[i + 1] == ' ')) {
            i++; /* PyTorch-GAN's "[D loss: 0.490675] [G loss: 1.21]" */
        } else if (i < n && s[i] == '.' && (i + 1 == n || s[i + 1] == ' ')) {
            i++; /* a sentence's full stop: "Training Epoch: 2, Loss: 0.192." */
        } else if (quoted && i < n && s[i] == '}') {
            i++; /* the dict's last value */
        } else if (i + 1 < n && s[i] == '=' && s[i + 1] == '=') {
            while (i < n && s[i] == '=')
                i++; /* a banner's closing run: "top 1 acc: 0.0354==============" */
        } else if (i < n && s[i] != ' ') {
            if (br_decmark_comma(s, n, i) && !g->comma_skipped++)
                g->comma_line = g->line; /* "0,523" in a log that writes decimal points */
            while (i < n && s[i] != ' ')
                i++; /* "12MB", "3/10": not a metric */
            continue;
        }
        if (!pct && unit_after(s + i, end))
            continue; /* "2.5 s", "31.54 min", "296.2 MB" */
        if (!pct && two_values(s + i, end))
            continue; /* "loss_dro_s,loss_sat_s 7.19 5.52": which name has which value? */
        if (first) {
            phase = phase_word(s + ns, ne - ns);
            phase_at = ns;
            first = 0;
            if (!phase && ncarry && !phase_word(s + ns, ne - ns) && !ieq(s + ns, "lr", 2) &&
                !ieq(s + ns, "learning", 8)) {
                phase = ncarry;
                phase_at = (size_t)-1;
            }
        }
        if (phase && (ns != phase_at || phase_at == (size_t)-1) &&
            !phase_word(s + ns, ne - ns) && phase + 1 + ne - ns < 64) {
            char named[64];
            memcpy(named, phase_at == (size_t)-1 ? carry : s + phase_at, phase);
            named[phase] = ' ';
            memcpy(named + phase + 1, s + ns, ne - ns);
            metric(g, e, named, phase + 1 + ne - ns, v, pct, own);
            continue;
        }
        metric(g, e, s + ns, ne - ns, v, pct, own);
    }
    g->ah.now = 0;
}

/* A ',' between groups of a whole number: "2,982,385" (not "0,523", "12345,678"). */
static int thousands_comma(const char *s, size_t n, size_t i)
{
    size_t g = i;

    if (!(i + 3 < n && isdigit((unsigned char)s[i + 1]) && isdigit((unsigned char)s[i + 2]) &&
          isdigit((unsigned char)s[i + 3]) && (i + 4 == n || !isdigit((unsigned char)s[i + 4]))))
        return 0;
    while (g && isdigit((unsigned char)s[g - 1]))
        g--;
    if (i - g == 3 && g && s[g - 1] == ',')
        return 1;   /* a middle group */
    return i > g && i - g <= 3 && s[g] != '0';
}

/* A segment ends at '|', ';', a tab, " - ", or a ',' that is no number's ("2,982,385", "0,523"). */
static int segment_end(const char *s, size_t n, size_t i)
{
    return i == n || s[i] == '|' ||
           (s[i] == ',' && !thousands_comma(s, n, i) && !br_decmark_comma(s, n, i)) || s[i] == ';' ||
           s[i] == '\t' ||
           (s[i] == '-' && i && s[i - 1] == ' ' && i + 1 < n && s[i + 1] == ' ');
}

/* The segment ending at s[i] is a tqdm bar's percentage ("Training: 100%|███"). */
static int bar_percent(const char *s, size_t n, size_t i)
{
    /* the bar's first character: a block in UTF-8 (E2 96 88) or in the console's code
     * page (GBK A8 80), a blank, or '#' */
    return i > 0 && i + 1 < n && s[i] == '|' && s[i - 1] == '%' &&
           ((unsigned char)s[i + 1] >= 0x80 || s[i + 1] == ' ' || s[i + 1] == '#') &&
           (has(s, n, "it/s") || has(s, n, "s/it"));
}

/*
 * Where the bar whose percentage ends at s[i] closes: the ']' of its "[00:41<00:00,
 * 4.4it/s, loss=0.919]". What set_postfix put there is the last step's value, not
 * the epoch's (a log's "Train Loss: 0.978" for the bar's "loss=0.919"): the
 * caller skips it. i itself when the bar has no bracket.
 */
static size_t bar_close(const char *s, size_t n, size_t i)
{
    const char *o = memchr(s + i, '[', n - i), *c;

    if (!o || !(c = memchr(o, ']', n - (size_t)(o - s))))
        return i;
    if (!(memmem(o, (size_t)(c - o), "it/s", 4) || memmem(o, (size_t)(c - o), "s/it", 4)))
        return i;
    return (size_t)(c - s);
}

/*
 * A segment that gives its value first and names it after ("Epoch 0 @ 10:27 PM :
 * 0.9816 C.E. Loss", "94.28% Accuracy"): after its last ':', a number (a
 * percentage) and then only a name, of words and abbreviations' dots, that
 * says loss, acc or error; recorded without the dots (ce_loss, accuracy_pct).
 * 1 when it was one, else 0.
 */
static int value_first(struct gen *g, struct br_epoch *e, const char *s, size_t n, int own)
{
    const char *c = memrchr(s, ':', n);
    size_t i = c ? (size_t)(c - s) + 1 : 0, k, ns, nl = 0;
    double v;
    int pct = 0;
    char name[LABEL_MAX];

    while (i < n && s[i] == ' ')
        i++;
    if (i >= n || !isdigit((unsigned char)s[i]) || !(k = br_num_parse(s + i, s + n, &v)))
        return 0;
    i += k;
    if (i < n && s[i] == '%') {
        pct = 1;
        i++;
    }
    if (i + 1 >= n || s[i] != ' ' || !isalpha((unsigned char)s[i + 1]))
        return 0;
    ns = ++i;
    for (; i < n; i++) {
        if (!(isalpha((unsigned char)s[i]) || s[i] == '.' || s[i] == ' ' || s[i] == '_'))
            return 0;
        if (s[i] != '.' && nl + 1 < sizeof(name))
            name[nl++] = s[i];
    }
    while (nl && name[nl - 1] == ' ')
        nl--;
    if (!(has(s + ns, n - ns, "loss") || has(s + ns, n - ns, "acc") ||
          has(s + ns, n - ns, "error")))
        return 0;
    metric(g, e, name, nl, v, pct, own);
    return 1;
}

/* The name that begins the segment s[a..i): its letters and spaces up to ':', '=' or a digit. */
static size_t segment_name(const char *s, size_t a, size_t i, size_t *start)
{
    size_t j, e;

    for (j = a; j < i && !isalpha((unsigned char)s[j]); j++)
        ;
    for (e = j; e < i && s[e] != ':' && s[e] != '=' && !isdigit((unsigned char)s[e]); e++)
        ;
    while (e > j && s[e - 1] == ' ')
        e--;
    *start = j;
    return e - j;
}

/* Whether another segment of the line s[0..n) begins with the name that s[a..i) begins with. */
static int repeated_name(const char *s, size_t n, size_t a, size_t i)
{
    size_t at, len = segment_name(s, a, i, &at), b = 0;

    for (size_t k = 0; len && k <= n; k++)
        if (segment_end(s, n, k)) {
            size_t bt, bl = b != a ? segment_name(s, b, k, &bt) : 0;
            if (bl == len && !memcmp(s + bt, s + at, len))
                return 1;
            b = k + 1;
        }
    return 0;
}

/*
 * The metrics of a line; `own`: the epoch's own line (its values replace earlier ones).
 * A line whose only phase starts a segment ("Epoch: 001/040 | Train. Acc.: 33.6% |
 * Loss: 1.70") gives it to the segments after it (train_loss; a learning rate keeps
 * its name); with two phases ("Train Loss: .. | Val Loss: ..") each names its own,
 * and a name printed after each ("Train Loss: 11.2 | Token Acc: 0.05 | Val Loss:
 * 10.9 | Token Acc: 0.07") takes the nearest phase before it (val_token_acc).
 * `pre` (npre bytes) names the metrics of segments without a phase of their own
 * ("Evaluation Epoch 0 - Average Loss: 3.9": evaluation_average_loss), or is NULL.
 */
static void line_metrics(struct gen *g, struct br_epoch *e, const char *s, size_t n, int own,
                         const char *pre, size_t npre)
{
    /* the segments that start with a phase: where, its length, where in the segment */
    struct phased { size_t a, m, at; } ph[8];
    size_t a = 0, phases = 0, first = (size_t)-1, carry = 0, carry_at = 0, next = 0;
    size_t pf_a = 0, pf_b = 0; /* a bar's postfix, "[..., loss=0.919]", lies in (pf_a, pf_b] */

    for (size_t i = 0; i <= n; i++)
        if (segment_end(s, n, i)) {
            size_t at, m = i > a ? segment_phase(s + a, i - a, &at) : 0;
            if (m && phases < sizeof(ph) / sizeof(ph[0]))
                ph[phases++] = (struct phased){ a, m, at };
            a = i + 1;
        }
    a = 0;
    for (size_t i = 0; i <= n; i++)
        if (segment_end(s, n, i)) {
            size_t at = 0, m = 0;
            if (next < phases && ph[next].a == a) {
                m = ph[next].m;
                at = ph[next++].at;
            }
            if (m) {
                first = a;
                carry = m;
                carry_at = a + at;
            } else if (phases > 1 && !(i > a && repeated_name(s, n, a, i))) {
                first = (size_t)-1; /* with two phases, each names its own segment */
            }
            if (bar_percent(s, n, i)) {
                /* "Training: 100%|████| 183/183 [00:41<00:00]": progress; what its
                 * description says before the percentage ("Train Epoch: 1 Loss: 5.872
                 * Acc@1 3.611: 100%|███|") are the epoch's values */
                size_t b = i - 1;
                while (b > a && isdigit((unsigned char)s[b - 1]))
                    b--;
                while (b > a && (s[b - 1] == ' ' || s[b - 1] == ':'))
                    b--;
                if (b > a && carry && a > first)
                    segment_metrics(g, e, s + a, b - a, own, s + carry_at, carry);
                else if (b > a)
                    segment_metrics(g, e, s + a, b - a, own, pre, npre);
                pf_a = i;
                pf_b = bar_close(s, n, i);
                a = i + 1;
                continue;
            }
            g->in_postfix = a > pf_a && a < pf_b;
            if (i > a && value_first(g, e, s + a, i - a, own))
                ; /* "0.9816 C.E. Loss" */
            else if (i > a && carry && a > first)
                segment_metrics(g, e, s + a, i - a, own, s + carry_at, carry);
            else if (i > a)
                segment_metrics(g, e, s + a, i - a, own, pre, npre);
            g->in_postfix = 0;
            a = i + 1;
        }
}

/* Whether [s, q) is blanks only. */
static int blank_before(const char *s, const char *q)
{
    for (; s < q; s++)
        if (*s != ' ' && *s != '\t')
            return 0;
    return 1;
}

/* Whether s[i] ends a setting's value: the line's end, a blank, ',', ';' or '|'. */
static int value_ends(const char *s, size_t n, size_t i)
{
    return i == n || s[i] == ' ' || s[i] == '\t' || s[i] == ',' || s[i] == ';' ||
           s[i] == '|' || s[i] == '\r';
}

/*
 * A printed configuration's section header: the whole message is a name, blanks, ':' and
 * blanks ("Arch : ", "Global : " as PaddleClas and PaddleDetection print their YAML before
 * each launch). A name with no blank before its ':' ("Validation:") is none.
 */
static int dump_section(const char *s, size_t n)
{
    size_t i = 0, k;

    while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '_'))
        i++;
    for (k = i; k < n && s[k] == ' '; k++)
        ;
    if (!i || k == i || k >= n || s[k] != ':')
        return 0;
    for (k++; k < n && (s[k] == ' ' || s[k] == '\t' || s[k] == '\r'); k++)
        ;
    return k == n;
}

/* After a key at s[i]: blanks, ':' and blanks ("epochs : 400"); the value's offset, or 0. */
static size_t dump_colon(const char *s, size_t n, size_t i)
{
    while (i < n && s[i] == ' ')
        i++;
    if (i >= n || s[i] != ':')
        return 0;
    return i + 1;
}

/*
 * A settings line's epoch count: "Embedding Size: 300 - Epochs: 100 - LR: 0.0001" (kglids),
 * "Epochs: 100, Batch size: 32, LR: 0.001": "Epochs: N" at the line's start or after a
 * separator, among two other "name: number" settings or more. A sentence ("trained for
 * epochs: 30") or "Epoch: 3" (one epoch's) is none. Returns N, or 0.
 */
static long settings_epochs(const char *s, size_t n)
{
    size_t pairs = 0;
    long v = 0;

    if (!memmem(s, n, "pochs: ", 7))
        return 0;   /* one pass for the lines without it */
    for (size_t i = 0; i + 2 < n; i++)
        pairs += s[i] == ':' && s[i + 1] == ' ' && isdigit((unsigned char)s[i + 2]);
    if (pairs < 3)
        return 0;
    for (size_t i = 0; i + 8 < n; i++) {
        size_t j = i + 8, d = 0;
        if (!ieq(s + i, "epochs: ", 8))
            continue;
        if (i && !(s[i - 1] == ' ' || s[i - 1] == '\t'))
            continue;
        if (i > 1 && s[i - 1] == ' ' && !strchr("-|,;\t ", s[i - 2]))
            continue;   /* "for epochs: 30": a word before it */
        for (v = 0; j < n && isdigit((unsigned char)s[j]) && d < 7; j++, d++)
            v = v * 10 + (s[j] - '0');
        if (d && d < 7 && v > 0 && value_ends(s, n, j))
            return v;
    }
    return 0;
}

/*
 * BasicSR's plan, printed before it trains: "Total epochs: 100; iters: 5600." (blanks
 * before it). N, or 0.
 */
static long total_epochs(const char *s, size_t n)
{
    size_t i = 0, d = 0;
    long v = 0;

    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (n - i < 15 || !ieq(s + i, "total epochs: ", 14))
        return 0;
    for (i += 14; i < n && isdigit((unsigned char)s[i]) && d < 7; i++, d++)
        v = v * 10 + (s[i] - '0');
    return d && d < 7 && (i == n || s[i] == ';' || s[i] == ',' || s[i] == '\r') ? v : 0;
}

/*
 * A line of an argument dump, "dist_url: env://", "batch_size_per_gpu: 128": a lower-case
 * identifier, ": " and a value, the whole line.
 */
static int argument_line(const char *s, size_t n)
{
    size_t i = 0;

    if (!n || !islower((unsigned char)s[0]))
        return 0;
    while (i < n && (islower((unsigned char)s[i]) || isdigit((unsigned char)s[i]) || s[i] == '_'))
        i++;
    return i + 2 < n && s[i] == ':' && s[i + 1] == ' ' && s[i + 2] != ' ';
}

/*
 * The end of a "name = value" setting at s[i] (a lower-case identifier, blanks, '=', a
 * blank, the value up to the next blank or the line's end: "lr = 0.001", "batchsize=  256"
 * after one), past the blanks after it; 0 when there is none.
 */
static size_t assignment(const char *s, size_t n, size_t i)
{
    size_t at = i;

    if (i >= n || !islower((unsigned char)s[i]))
        return 0;
    while (i < n && (islower((unsigned char)s[i]) || isdigit((unsigned char)s[i]) || s[i] == '_'))
        i++;
    while (i < n && s[i] == ' ')
        i++;
    if (i + 1 >= n || s[i] != '=' || s[i + 1] != ' ' || (at == 0 && s[i - 1] != ' '))
        return 0;   /* (the line's first: "epoch = 350", blanks both sides, not "epoch=3") */
    for (i++; i < n && s[i] == ' '; i++)
        ;
    if (i == n)
        return 0;
    while (i < n && s[i] != ' ')
        i++;
    while (i < n && s[i] == ' ')
        i++;
    return i;
}

/*
 * A configuration's "epoch = N", printed as a setting, not as an epoch: the line's first
 * "name = value" setting, the others after it settings too, none a loss, an accuracy or a
 * time ("epoch = 350 lr = 0.001 batchsize=  256" before the training of a CIFAR script),
 * or alone when the line before was a setting (E2DTC's dump of its arguments:
 * "pretrain_epoch =  20.0", "epoch =  20", "tolerance =  0.0001"). Returns N, or 0.
 */
static long epoch_setting(const struct gen *g, const char *s, size_t n)
{
    size_t i = 5, k, settings = 0;
    long v = 0;

    if (n < 9 || memcmp(s, "epoch", 5))
        return 0;
    i += i < n && s[i] == 's';
    if (!(k = assignment(s, n, 0)))
        return 0;
    while (i < n && (s[i] == ' ' || s[i] == '='))
        i++;
    for (size_t d = 0; i < n && isdigit((unsigned char)s[i]) && d < 7; i++, d++)
        v = v * 10 + (s[i] - '0');
    if (v <= 0 || (i < n && s[i] != ' '))
        return 0;
    for (; k < n; settings++) {
        size_t next = assignment(s, n, k);
        if (!next || has(s + k, next - k, "loss") || has(s + k, next - k, "acc") ||
            has(s + k, next - k, "time"))
            return 0;
        k = next;
    }
    return settings || g->assign_before ? v : 0;
}

/*
 * An argparse Namespace's batch size, "Namespace(... batch_size=128, ...)" (Time-Series-
 * Library's "Args in experiment:", most research scripts print theirs so): the batch of the
 * runs after it, as the log says it (their file's name may end in another number:
 * "Informer_ETTh1_336_96.log" is a model, a dataset, an input and a prediction length).
 */
static void config_batch(struct gen *g, const char *s, size_t n)
{
    const char *m;

    if (memcmp(s, "Namespace(", 10))
        return;
    /* and its model, "model='Informer'": the runs' model, so that two such logs' runs of
     * one batch size are never taken for one model's */
    g->cfg_model[0] = '\0';
    for (m = s; (m = memmem(m, n - (size_t)(m - s), "model='", 7)); m++) {
        const char *v = m + 7, *q = memchr(v, '\'', n - (size_t)(v - s));
        if (is_word(m[-1]) || !q || q == v || (size_t)(q - v) >= sizeof(g->cfg_model))
            continue;
        memcpy(g->cfg_model, v, (size_t)(q - v));
        g->cfg_model[q - v] = '\0';
        break;
    }
    for (const char *q = s; (q = memmem(q, n - (size_t)(q - s), "batch_size=", 11)); q++) {
        const char *d = q + 11, *end = s + n;
        long v = 0;
        if (is_word(q[-1]))
            continue; /* "eval_batch_size=" */
        for (; d < end && isdigit((unsigned char)*d) && v < 10000000; d++)
            v = v * 10 + (*d - '0');
        if (d > q + 11 && d < end && (*d == ',' || *d == ')') && v > 0)
            g->cfg_batch = v;
        return;
    }
}

/*
 * A configuration's epoch count: "'num_epoch': 50", "num_epochs=30" (the key
 * quoted before ':' or bare before '=', as Python prints a dict or a Namespace),
 * "num_epochs: 50" as the whole line (an argument dump's "key: value" lines, YAML),
 * or a command line's "--n_epoch=100", "--epochs 40"; the keys num_epoch(s),
 * n_epoch(s), nepoch(s), max_epoch(s) and epochs, not a sentence's "num_epochs:
 * 30" (nor "epochs: 30" alone, unless the line before is an argument's too, "dist_url:
 * env://": DINO's sorted dump of its arguments), nor "--epoch 20" (CycleGAN's epoch to
 * load). Sets
 * g->cfg_next; returns whether it did.
 */
static int config_epochs(struct gen *g, const char *s, size_t n, size_t msg)
{
    long set;

    if (!memmem(s, n, "poch", 4))
        return 0; /* every key has the word ("epoch", "Epochs"): one pass for the lines
                   * without it */
    if ((set = settings_epochs(s, n)) > 0 || (set = total_epochs(s + msg, n - msg)) > 0) {
        g->cfg_next = set;
        return 1;
    }
    if (!memmem(s, n, "epoch", 5))
        return 0;
    static const struct {
        const char *key;
        size_t n;
        int plural;     /* 1: the 's' may end it, 2: it must */
    /* "train_epochs=100": Time-Series-Library's (Informer, Autoformer, PatchTST) Namespace */
    } keys[] = { { "num_epoch", 9, 1 }, { "n_epoch", 7, 1 }, { "nepoch", 6, 1 },
                 { "max_epoch", 9, 1 }, { "train_epoch", 11, 1 }, { "epoch", 5, 2 } };

    for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
        for (const char *q = s; (q = memmem(q, n - (size_t)(q - s), keys[k].key, keys[k].n));
             q++) {
            size_t i = (size_t)(q - s) + keys[k].n;
            int quoted = q > s && (q[-1] == '\'' || q[-1] == '"');
            int flag = q >= s + 2 && q[-1] == '-' && q[-2] == '-';
            int alone = 0;      /* "num_epochs: 50", the whole line: an argument dump's */
            long v = 0;
            size_t d;

            if (q > s + quoted && is_word(q[-1 - quoted]))
                continue;
            if (i < n && s[i] == 's')
                i++;
            else if (keys[k].plural == 2)
                continue;
            if (quoted) {
                if (i + 1 >= n || s[i] != q[-1] || s[i + 1] != ':')
                    continue;
                i += 2;
            } else if (i < n && (s[i] == '=' || (flag && s[i] == ' '))) {
                i++;
            } else if (i < n && s[i] == ':' && (keys[k].plural != 2 || g->arg_before) &&
                       blank_before(s + msg, q)) {
                i++;
                alone = 1;
            } else if (g->in_dump && blank_before(s + msg, q) &&
                       (i = dump_colon(s, n, i)) > 0) {
                alone = 1; /* "    epochs : 400" in a printed configuration's section */
            } else {
                continue;
            }
            while (i < n && s[i] == ' ')
                i++;
            for (d = 0; i < n && isdigit((unsigned char)s[i]) && d < 8; i++, d++)
                v = v * 10 + (s[i] - '0');
            if (alone)
                while (i < n && (s[i] == ' ' || s[i] == '\r'))
                    i++;
            if (d && d < 8 && (i == n || (!alone && !isdigit((unsigned char)s[i]) &&
                                          s[i] != '.')) &&
                v > 0) {
                g->cfg_next = v;
                return 1;
            }
        }
    return 0;
}

static struct br_run *new_run(struct gen *g, unsigned line)
{
    const struct br_run *before = g->run;

    /* a run that starts again with no settings of its own (the next seed's "Epoch 49"
     * after the last one's "Epoch 199" of epochs=200) plans what the one before ran to */
    if (!g->cfg_next && g->cfg_of > 0 && before && before->nepochs &&
        (long)before->epochs[before->nepochs - 1].index == g->cfg_of)
        g->cfg_next = g->cfg_of;
    g->cfg_of = g->cfg_next;
    g->cfg_next = 0;
    g->done_epochs = 0;
    g->done_index = 0;
    g->run = br_source_new_run(g->src);
    if (g->cfg_batch > 0 && g->cfg_model[0]) {
        /* (both or neither: a run with a batch and no model would lose the file's name as
         * its model, which keeps two files' runs apart) */
        char b[24];
        snprintf(b, sizeof(b), "%ld", g->cfg_batch);
        br_label_set(g->run, &g->run->batch, b, BR_LABEL_LOG);
        br_label_set(g->run, &g->run->model, g->cfg_model, BR_LABEL_LOG);
    }
    g->run->first_line = line;
    g->run->zoned = 1;
    g->rank = DUR_NONE;
    g->clock_timed = 0;
    if (g->nelapsed)
        memset(g->elapsed, 0, g->nelapsed);
    g->traceback = 0;
    g->after_only = 0;
    g->final_line = 0;
    g->finished = 0;
    g->mark_started = 0;
    g->mark_ended = 0;
    g->total_line = 0;
    g->total_trained = 0;
    g->steps_run_on = 0;
    g->mark_totals = 0;
    g->totals_grow = 0;
    g->late_fail = 0;
    g->fail_in_steps = 0;
    g->marks_min = 0;
    g->marks_epochs = 0;
    g->steps_min = 0;
    g->step_frac = NAN;
    g->summary_after = 0;
    g->frac_min = NAN;
    g->prev_frac = NAN;
    g->phase_fixed = 0;
    g->ntail_sig = 0;
    g->run_first_t = g->run_first_frac = NAN;
    g->hf_summary = 0;
    g->hf_ran = NAN;
    if (g->gpu[0])
        g->run->hardware = br_arena_strdup(&g->run->arena, g->gpu);
    if (g->torch_dev[0])
        br_label_set(g->run, &g->run->device, g->torch_dev, BR_LABEL_LOG);
    return g->run;
}

/*
 * Whether an epoch of one epoch line, printed at `mark`, ended there (a
 * summary, the time spent before it) rather than began there (the time spent
 * in the lines after it, which then carry its losses): no line after it adds
 * a metric, the epoch line carries a loss or an accuracy (known when an
 * epoch ends: what follows is the end of the training, a test), or the lines
 * after it take less time than the wait before it (for a run's first epoch,
 * less than a second: saving a checkpoint).
 */
static int ended_at_mark(const struct gen *g, const struct br_epoch *e, double mark,
                         double start)
{
    double after = isnan(e->end) ? 0 : e->end - mark;
    if (!g->after_metric || g->mark_loss)
        return 1;
    return isnan(start) ? after < 1.0 : after < mark - start;
}

/*
 * Puts the last epoch on the clock of its lines' timestamps (logging
 * prefixes, ts): a printed duration ends at the line that printed it;
 * without one, the epoch spans from its first line to its last, or from
 * the end of the epoch before it (the run's previous) when its first line
 * is a step's, printed some steps into it.
 */
/*
 * Whether the epoch's time, from the epoch before's last line to its own, is read at two
 * points of the epoch: its last line is a step line short of the epoch's end ("Batch
 * [175/199]", a line printed at a random step) at another step than the one before's
 * last ("Batch [146/199]"). Then it is not the epoch's time. Once a run's lines moved so,
 * a last line near the end (194 of 199) is no end either. (A run's first epoch, timed
 * from its own first line, is left as it is: whether the steps its lines show move from
 * epoch to epoch is not known yet.)
 */
/*
 * Whether the step count runs on through the epochs (a count over the whole training: the
 * open epoch's first step line is further through its count than the one before's last,
 * "[TRAIN] epoch: 2, iter: 70/1000" after "epoch: 1, iter: 60/1000", PaddleSeg's), not from
 * each epoch's start.
 */
static int count_runs_on(const struct gen *g)
{
    return g->runs_on;
}

static int phase_shifted(const struct gen *g, const struct br_epoch *e)
{
    double at;

    if (count_runs_on(g))
        return 0; /* a count over the whole training ("iter: 70/1000" in epoch 2, PaddleSeg's):
                   * its k/N says nothing of where in its epoch a line is */
    if (!g->first_progress || isnan(g->step_frac) || g->summary_after ||
        (g->step_frac >= 0.95 && !g->phase_fixed) || e->start != g->start_t)
        return 0;
    at = g->prev_frac;
    return !isnan(at) && fabs(at - g->step_frac) > 0.02;
}

/*
 * The run's first epoch, its lines steps that stop short of its end ("Epoch: [0] [700/727]",
 * printed every 50 steps): from its start to its last line is not the epoch (27 steps are
 * missing, and no epoch before it ends at a like step); from its first line to the next's,
 * when both are at one step, is (start_to_start()).
 */
static int first_short(const struct gen *g)
{
    return g->run->nepochs == 1 && g->first_progress && !g->summary_after &&
           !isnan(g->step_frac) && g->step_frac < 0.99;
}

/*
 * The run's first epoch, timed from its first line to its last (or untimed, its lines short
 * of its end), when the run's second is found to need start_to_start(): from its first
 * line to the second's first, when both are at one step of their epochs.
 */
static void first_start_to_start(struct gen *g)
{
    struct br_epoch *first = &g->run->epochs[0];

    if (g->run->nepochs != 2 || isnan(g->run_first_t) ||
        isnan(g->run_first_frac) || fabs(g->run_first_frac - g->first_frac) > 0.02 ||
        !(g->first_t > g->run_first_t) ||
        !(first->start == g->run_first_t || (isnan(first->start) && isnan(first->duration))))
        return;
    first->start = g->run_first_t;  /* (untimed when its lines span part of it) */
    first->end = g->first_t;
    first->duration = br_round_us(first->end - first->start);
}

/*
 * The epoch's time from its first line to the next epoch's first line, when both are at
 * one point of their epochs ("Batch [0/199]"); else it has none.
 */
static void start_to_start(struct gen *g, struct br_epoch *e)
{
    double next_frac = g->next_s ? step_fraction(g->next_s, g->next_n) : NAN;

    if (!isnan(g->next_t) && !isnan(g->first_t) && !isnan(g->first_frac) &&
        !isnan(next_frac) && fabs(g->first_frac - next_frac) <= 0.02 &&
        g->next_t > g->first_t) {
        e->start = g->first_t;
        e->end = g->next_t;
        e->duration = br_round_us(e->end - e->start);
        g->step_frac = next_frac; /* where the next one's start is read */
        if (!g->phase_fixed++)
            first_start_to_start(g);
        return;
    }
    e->start = e->end = e->duration = NAN;
}

/*
 * Whether the epoch's step lines begin at its step 0 and stop short of its end, and lines
 * that name no epoch come after them ("Epoch: [1] [  0/464]" to "[400/464]", then its
 * evaluation's: PaddleDetection every 200 steps): it began at its first line and ended
 * where the next began (zero_to_zero()), not from the one before's last step line to its
 * own, which holds the evaluation of the one before and not its own. (Without such lines
 * the two spans differ by the steps' jitter; the run's first has none then, see settle().
 * When a line of values after the steps ended the epoch, its test's summary (" * ADE 1.207
 * FDE 2.238"), the epoch runs from the one before's end to it, as before.)
 */
static int from_step_zero(const struct gen *g, const struct br_epoch *e)
{
    return g->first_progress && g->first_frac <= 0.02 && !g->summary_after &&
           !isnan(g->step_frac) && g->step_frac < 0.95 && e->end == g->mark_t &&
           g->tail_t > e->end;
}

/*
 * A line's words before its first digit, at most 48 bytes, as a hash (FNV-1a; never 0):
 * "Save checkpoint: output/rtdetr_..." is the same line at every epoch's end, "Best test
 * bbox ap is 0.756." and "... is 0.368." are too.
 */
static unsigned long line_words(const char *s, size_t n)
{
    uint32_t h = 2166136261u;

    for (size_t i = 0; i < n && i < 48 && !isdigit((unsigned char)s[i]); i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h ? h : 1;
}

/* Whether the epoch's last stamped line reads as one that ended an epoch before. */
static int tail_seen(const struct gen *g)
{
    for (size_t i = 0; i < g->ntail_sig; i++)
        if (g->tail_sig[i] == g->tail_words)
            return 1;
    return 0;
}

/*
 * Times such an epoch from its first line to the next's (start_to_start()). The run's
 * last, with no next, ends at its last stamped line when that line reads as one that was
 * the last before the next epoch after an epoch before (its evaluation and checkpoint ran
 * to their end as the others did: "Best test bbox ap is 0.754.", or "Save checkpoint: ..."
 * after a best); else it was cut off in them, and has no time.
 */
static void zero_to_zero(struct gen *g, struct br_epoch *e)
{
    if (!isnan(g->next_t)) {
        double frac = g->step_frac;
        int fixed = g->phase_fixed;

        start_to_start(g, e);
        g->zero_before = !isnan(e->duration);
        g->step_frac = frac;        /* where its lines stopped, as every epoch's did */
        g->phase_fixed = fixed;     /* (its last line no sign of a cut: cut_short()) */
        if (!isnan(g->tail_t) && !tail_seen(g) && g->ntail_sig < 4)
            g->tail_sig[g->ntail_sig++] = g->tail_words;
        return;
    }
    if (!isnan(g->tail_t) && tail_seen(g) && !isnan(g->first_t) && g->tail_t > g->first_t) {
        e->start = g->first_t;
        e->end = g->tail_t;
        e->duration = br_round_us(e->end - e->start);
        return;
    }
    if (g->tail_hit_t > g->first_t && g->tail_t > g->tail_hit_t + 3600) {
        /* such a line, then lines hours later (the next launch's loading, 8 hours after
         * "Save checkpoint: ...", OrionZJ's PaddleDetection workerlog): it ended there */
        e->start = g->first_t;
        e->end = g->tail_hit_t;
        e->duration = br_round_us(e->end - e->start);
        return;
    }
    e->start = e->end = e->duration = NAN;
}

/*
 * Whether the open epoch's first line counts steps on from the epoch before's (a count of
 * the whole training, "iter: 600" after "iter: 500"), not from its own start.
 */
static int step_counter_global(const struct gen *g)
{
    return g->step_before > 0 && g->step_at > g->step_before;
}

/*
 * The next epoch printed skips numbers after epoch e (a line every 10 epochs: "Epoch 10
 * [Avg. Loss, Loss]: ...", then "Changed learning rate. Current lr = 0.0005" and "Epoch 20",
 * erikdengerud/GPTime-Series' job.out): the lines after e's own are those of the epochs
 * that printed none, so a time spanning from its line to them is theirs too (73.3 s for 10
 * epochs), never e's; e keeps no time. A time it printed stands.
 */
static void skip_after(struct gen *g, struct br_epoch *e)
{
    if (!g->spanned_on)
        return;
    e->duration = e->start = e->end = NAN;
    g->spanned_on = 0;
}

/* Whether `run`'s epoch numbers skip one or more between two of its epochs. */
static int numbers_skip(const struct br_run *run)
{
    for (size_t i = 1; i < run->nepochs; i++)
        if (run->epochs[i].index > run->epochs[i - 1].index + 1)
            return 1;
    return 0;
}

static void mark_elapsed(struct gen *g, const struct br_epoch *e, int reading);

enum { BAR_MAX = 4 };

/*
 * A tqdm bar's name: its description's bytes but digits and blanks, up to its percentage
 * ("Epoch 1/50 [FT]: 100%|" is "Epoch/[FT]:", the same bar at every epoch), as a hash
 * (FNV-1a). The caller mixes in the bar's total: two bars with no description, "100%|███|
 * 938/938" then "100%|███| 235/235", are a training's and a validation's.
 */
static uint32_t bar_name(const char *s, size_t n)
{
    uint32_t h = 2166136261u;

    for (size_t i = 0; i < n && i < 96 && s[i] != '%'; i++)
        if (!isdigit((unsigned char)s[i]) && s[i] != ' ')
            h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

/*
 * The epoch's bar `name` reached its total, `elapsed` seconds on its clock, drawn on
 * `line` (0: a marker's line): the longest such reading of each bar (drawn again at its
 * end, the same bar) counts once.
 */
static void bar_done(struct gen *g, uint32_t name, double elapsed, unsigned line)
{
    unsigned i;

    if (isnan(elapsed) || g->bars.n > BAR_MAX)
        return;
    for (i = 0; i < g->bars.n && g->bars.name[i] != name; i++)
        ;
    if (i == BAR_MAX) {
        g->bars.n = BAR_MAX + 1; /* more bars than an epoch's phases: none of them */
        return;
    }
    if (i == g->bars.n) {
        g->bars.name[g->bars.n++] = name;
        g->bars.s[i] = elapsed;
    } else if (elapsed > g->bars.s[i]) {
        g->bars.s[i] = elapsed;
    }
    g->bars.line[i] = line;
}

/*
 * A line of the open epoch: a tqdm bar at its total on it is the epoch's when the line is
 * its marker's, or after a bare header ("EPOCH: 1", then "Loss=0.279 Batch_id=468
 * Accuracy=80.75: 100%|███| 469/469 [00:13<00:00, 34.05it/s]": the EVA course's scripts).
 */
static void epoch_bar(struct gen *g, const char *s, size_t n, int on_mark, unsigned line)
{
    struct br_hfbar b;

    if (memchr(s, '%', n) && br_hfbar_last(s, n, &b) && b.total > 0 && b.step == b.total)
        bar_done(g, bar_name(s, n) ^ (uint32_t)b.total, b.elapsed, on_mark ? 0 : line);
}

/*
 * Whether bar i times the epoch: on its marker's line, or followed by the epoch's lines
 * of text (its summary, "Train Loss: 0.1956", "Test set: ..."): bars that the next
 * epoch's marker follows are that epoch's, its marker a summary printed when it ended
 * ("Epoch 1:", "loss=4.8177" in the same instant, then epoch 2's "171/171 [00:59", then
 * "Epoch 2:").
 */
static int bar_times_epoch(const struct gen *g, unsigned i)
{
    return !g->bars.line[i] || g->bars.line[i] < g->text_line;
}

/* How many of the epoch's bars time it, and their time, one after another, in *sum. */
static unsigned bars_time(const struct gen *g, double *sum)
{
    unsigned k = 0;

    *sum = 0;
    for (unsigned i = 0; g->bars.n <= BAR_MAX && i < g->bars.n; i++)
        if (bar_times_epoch(g, i)) {
            *sum += g->bars.s[i];
            k++;
        }
    return k;
}

static void settle(struct gen *g)
{
    struct br_epoch *e = last_epoch(g);
    double bar_s;
    unsigned nbars;
    int printed;

    g->spanned_on = 0;
    if (!e)
        return;
    printed = !isnan(e->duration);
    /* one step line of a count that runs on through the epochs ("[epoch: 10, iter: 600") */
    g->steps_run_on += g->marks == 1 && g->first_progress && g->step_at > 1 &&
                       (g->run->nepochs == 1 || step_counter_global(g));
    if (g->after_metric && !g->after_counted) {
        /* "Epoch 3/10", then "Train loss: 0.4" (and "Time: 31.0 s") */
        g->epochs_after_metric++;
        g->epochs_after += g->rank == DUR_AFTER;
        g->epochs_labelled_after += g->mark_labelled && g->after_loss;
        g->after_counted = 1;
    }
    if (!isnan(e->duration)) {
        e->end = g->dur_t;
        e->start = isnan(e->end) ? NAN : e->end - e->duration;
    } else if (g->marks == 1 && g->mark_metric && !isnan(g->mark_t) &&
               ended_at_mark(g, e, g->mark_t, g->start_t)) {
        /* a summary line printed when the epoch ended */
        e->end = g->mark_t;
        e->start = g->start_t;
        if (!isnan(e->start) && e->end > e->start) {
            e->duration = br_round_us(e->end - e->start);
            g->epochs_spanned++;
        } else {
            e->start = NAN;     /* when it ended is known, not when it began */
        }
    } else if (!isnan(e->end) &&
               ((!isnan(e->start) && e->end > e->start) ||
                (g->first_progress && !isnan(g->start_t) && e->end > g->start_t))) {
        /* its first line is a step's ("Epoch: 1/50, Iteration step: 3900"),
         * printed some steps into it (with no timestamp of its own when a logging
         * record's message began on the line before): it began where the epoch
         * before it (this run's previous) ended */
        if (g->first_progress && !isnan(g->start_t) && (isnan(e->start) || g->start_t < e->start))
            e->start = g->start_t;
        else if (g->first_progress && isnan(g->start_t) && g->first_frac > 0.05)
            e->start = NAN; /* a run's first, first printed at its step 100 of 390 (or at
                             * "Iteration step: 1300" of a count not said): when it began
                             * is not said */
        else if (g->first_progress && isnan(g->start_t) && !g->summary_after &&
                 g->step_frac < 0.95)
            e->start = NAN; /* a run's first, its lines at steps 0 to 40 of 44: they span
                             * 40 steps, not the epoch (the next ones span 44, from the one
                             * before's step 40 to their own) */
        if (g->first_summary && g->marks > 1) {
            /* its first line is a summary of its training ("Train Epoch 1 --- train
             * loss : 0.63", then "Test Epoch 1 --- test loss : 0.36"), printed when the
             * training ended: it began where the epoch before ended; the run's first
             * has no line that says when it began */
            e->start = !isnan(g->start_t) && g->start_t < e->start ? g->start_t : NAN;
        }
        if (g->first_bare && g->next_bare && (g->value_step || g->value_t > e->end) &&
            !isnan(e->start) && g->next_t >= e->end)
            e->end = g->next_t; /* header to header (the next printed in the millisecond
                                 * of this one's summary: PC-Transformers' "Epoch 1/5 |
                                 * Train Energy: ..." then "Epoch 2/5") */
        else if (g->first_bare && (g->value_step || g->value_t > e->end) && !g->finished &&
                 g->run->nepochs >= 2)
            e->start = NAN; /* the last: no header after it says when it ended */
        e->duration = isnan(e->start) ? NAN : br_round_us(e->end - e->start);
        if ((from_step_zero(g, e) || (g->zero_before && g->first_progress &&
                                      g->first_frac <= 0.02 && !isnan(g->next_t))) &&
            (!isnan(g->next_t) || g->ntail_sig))
            zero_to_zero(g, e); /* (after one so timed, the next from its first line too:
                                 * it began there, where the one before ended) */
        else if (!isnan(e->duration) && !isnan(g->next_t) &&
                 (phase_shifted(g, e) || first_short(g)))
            start_to_start(g, e);   /* (the log's last epoch: cut_short() judges it) */
        if (!(g->zero_before && e->end == g->next_t))
            g->zero_before = 0;
        g->epochs_spanned += e->nmetrics > 0 && !isnan(e->start);
    } else if (isnan(e->start) && !isnan(e->end) && g->first_progress) {
        /* step lines without timestamps, then a stamped summary: when it ended is
         * known (the next epoch begins there), not when it began */
    } else {
        e->start = e->end = NAN;
    }
    g->spanned_on = !printed && !isnan(e->duration) && !isnan(e->end) &&
                    !(e->end <= g->mark_t);
    if ((nbars = bars_time(g, &bar_s)) > 0 && (isnan(e->duration) || g->rank == DUR_CLOCK)) {
        /* its bars' clocks, each cut to the second: its loops' time (a reading since the
         * training began, "elapsed 6min" after every 20th epoch's evaluation, is none of its
         * own) */
        if (!isnan(e->duration))
            e->start = e->end = NAN;
        e->duration = bar_s;
        e->res = nbars;
        e->cut = 1;
        g->spanned_on = 0;
        mark_elapsed(g, e, 0);
        g->bar_timed++;
    }
    g->dur_t = NAN;
}


/*
 * A line that says a training starts: "Start training with (gpu(0)) ...",
 * "Resuming training", "[Training] Starting - 30 epochs max", "Starting main training on
 * cuda".
 */
static int starts_training(const char *s, size_t n)
{
    /* transformers' Trainer and its no_trainer example scripts: "***** Running training *****" */
    /* pytorch-CycleGAN-and-pix2pix's loss_log.txt, each start of train.py: "================
     * Training Loss (Thu Oct 31 23:43:04 2024) ================" */
    return (has(s, n, "start trai") &&
            (has(s, n, "start training") || has(s, n, "start trainning"))) ||
           has(s, n, "starting training") ||
           /* ChinmayBansal010/Falcon-Yolo's logs/train.log, its callbacks' logger: "Starting
            * main training on cuda" before each attempt */
           has(s, n, "starting main training") ||
           (n > 20 && s[0] == '=' && has(s, n, "= training loss (")) ||
           has(s, n, "running training") ||
           has(s, n, "training start") || has(s, n, "resume training") ||
           has(s, n, "resuming training") || has(s, n, "begin training") ||
           /* PaddleDetection's checkpoint.py: "Finish resuming model weights: output/..." */
           has(s, n, "resuming model") ||
           has(s, n, "training] start") ||
           /* "fold0 start trainning" (SkinDiseaseDiagnosis' k-fold log), "开始训练过程" in UTF-8
            * and in GBK (paper-MTGAN-implementation's train_log.txt) */
           has(s, n, "\xe5\xbc\x80\xe5\xa7\x8b\xe8\xae\xad\xe7\xbb\x83") ||
           has(s, n, "\xbf\xaa\xca\xbc\xd1\xb5\xc1\xb7");
}

/*
 * When a line that says a training starts (starts_training()) said so, `t` its stamp: a
 * logging record glued after the line's text, stamped, that says it ("... resume=False)
 * 2025-08-02 12:39:24,042 - INFO - Training started on cuda with weights yolov8m.pt", line
 * 507 of ChinmayBansal010/Falcon-Yolo's logs/train.log, whose own stamp is 12:32:46), at
 * that record's time.
 */
static double start_time(const char *s, size_t n, double t)
{
    struct br_time at;

    for (size_t i = n; i-- > 1;)
        if (isdigit((unsigned char)s[i]) && !isdigit((unsigned char)s[i - 1]) &&
            s[i - 1] != ' ' && br_time_parse(s + i, n - i, &at) >= 19 &&
            starts_training(s + i, n - i))
            return at.t;
    return t;
}

/*
 * A message that starts a loop of epochs: "Starting MAML for 20 meta epoch(s)". The count
 * after "for" is the next run's planned one (g->cfg_next).
 */
static int starts_epochs(struct gen *g, const char *s, size_t n)
{
    const char *f;
    long v;

    if (n < 5 || !ieq(s, "start", 5) || !has(s, n, "epoch"))
        return 0;
    if ((f = memmem(s, n, " for ", 5)) != NULL && digits(f + 5, s + n, &v) && v > 0 &&
        v < 10000000)
        g->cfg_next = v;
    return 1;
}

/*
 * An early stopping's count that reached its patience: "EarlyStopping counter:
 * 9 out of 8", "No improvement for 7/7 epochs". 0 for one below it ("5/7"), -1 for no
 * count.
 */
static int patience_spent(const char *s, size_t n)
{
    int found = -1;

    for (size_t i = 0; i < n; i++) {
        long a, b;
        size_t k, j;

        if (!isdigit((unsigned char)s[i]) || (i && isdigit((unsigned char)s[i - 1])) ||
            !(k = digits(s + i, s + n, &a)))
            continue;
        j = i + k;
        while (j < n && s[j] == ' ')
            j++;
        if (j < n && s[j] == '/')
            j++;
        else if (j + 6 <= n && ieq(s + j, "out of", 6))
            j += 6;
        else
            continue;
        while (j < n && s[j] == ' ')
            j++;
        if (j < n && digits(s + j, s + n, &b) && b > 0) {
            if (a >= b)
                return 1;
            found = 0;
        }
    }
    return found;
}

/*
 * A line that says the training ended: "Finished Training", "Early stopping
 * triggered", "Early Stopping....@ 72 epoch for patience @ 10.0", "EarlyStopping
 * counter: 9 out of 8" (not "5 out of 8", nor "No improvement for 5/7 epochs", nor a
 * setting's key, "early_stopping_patience: 10"), "Training complete", "Done!"; not
 * "Finish load checkpoints".
 */
/* A line that is "Done" alone (its dots and blanks aside). */
static int bare_done(const char *s, size_t n)
{
    while (n && (s[n - 1] == ' ' || s[n - 1] == '!' || s[n - 1] == '.'))
        n--;
    while (n && *s == ' ')
        s++, n--;
    return n == 4 && ieq(s, "done", 4);
}

/*
 * "Best Epoch 6\tAcc: 0.8913 ..." (E2DTC after its tolerance test stopped it), "Best epoch:
 * 23": the script's result, printed when its training ended (see gen_line() for one
 * printed after every epoch).
 */
static int best_epoch(const char *s, size_t n)
{
    size_t i = 10;

    while (n && *s == ' ')
        s++, n--;
    if (n < 12 || !ieq(s, "best epoch", 10))
        return 0;
    while (i < n && (s[i] == ' ' || s[i] == ':' || s[i] == '\t'))
        i++;
    return i < n && isdigit((unsigned char)s[i]);
}

static int ends_training(const char *s, size_t n)
{
    int early;

    while (n && (s[n - 1] == ' ' || s[n - 1] == '!' || s[n - 1] == '.'))
        n--;
    while (n && *s == ' ')
        s++, n--;
    early = has(s, n, "early") && has(s, n, "stop");
    if (early && (has(s, n, "early_") || has(s, n, "_stop")))
        return 0;
    if (early && (has(s, n, "counter") || has(s, n, "improve") || has(s, n, "patience"))) {
        int spent = patience_spent(s, n);
        return spent >= 0 ? spent : !has(s, n, "counter");
    }
    /* "Finish load checkpoints from output/epoch_237" (PaddleClas resuming) is a start */
    /* "Reached max steps (200000). Stopping training.": its plan reached, not a stop short
     * of it ("Stopping training: loss is NaN") */
    /* "finish one epoch", "validation finished, wer: 111.7" after each (WayenVan/
     * sign_language_rgb) end the epoch or its evaluation, no training */
    return (has(s, n, "finish") && !has(s, n, "load") && !has(s, n, "resum") &&
            !((has(s, n, "epoch") || has(s, n, "valid") || has(s, n, "eval")) &&
              !has(s, n, "train"))) || early ||
           (has(s, n, "train") && (has(s, n, "complete") || has(s, n, "done") ||
                                   has(s, n, "ended") || has(s, n, "end of"))) ||
           (has(s, n, "train") && has(s, n, "stop") && has(s, n, "reached") &&
            has(s, n, "max")) ||
           (n == 4 && ieq(s, "done", 4));
}

/*
 * A line that names an epoch in passing and says an early stop ended the training: "Early
 * stopping at epoch 99" (RozsaBotond/VITMMA19's loguru log, after each stage), "Early
 * stopping triggered after 27 epochs. Best validation loss was 50.3622 at epoch 22"
 * (elnatan1990/ppg-heart-rate's console, the "at epoch 22" its best's): the script's own
 * stop, short of the planned count, after the run's last epoch. Only an early stop's
 * words: "Saved best model at epoch 22" says nothing of an end.
 */
static int early_stop_at(const struct gen *g, const char *s, size_t n)
{
    return g->run && g->run->nepochs && has(s, n, "early") && has(s, n, "stop") &&
           ends_training(s, n);
}

/* Whether an epoch of `run` before its last has metric `name`. */
static int earlier_metric(const struct br_run *run, const char *name)
{
    for (size_t i = 0; i + 1 < run->nepochs; i++)
        for (size_t k = 0; k < run->epochs[i].nmetrics; k++)
            if (!strcmp(run->epochs[i].metrics[k].name, name))
                return 1;
    return 0;
}

/*
 * Whether `name`, a value a line after the run's last epoch gave it, is the training's
 * final result: named final_ and printed by no epoch before ("Final loss: 1.3456e-05" after
 * "Epoch 110, Loss: 0.00119, Test loss: 3.23e-05", carlomusolino/c2p_ML's training.out: the
 * script's print after its loop over the epochs). A failure after it is the script's
 * afterwards (its plotting's RuntimeError there), as after a line that says the training
 * ended; drop_final_results() takes such a value for a sign of the end too.
 */
static int final_result(const struct gen *g, const char *name)
{
    return g->run->nepochs >= 2 && !strncmp(name, "final_", 6) && !earlier_metric(g->run, name);
}

/*
 * Whether an epoch before its run's last, in this run or the one before it in the log, has
 * metric `name` (not every run before: a log of thousands of launches would scan them all
 * at each one's end).
 */
static int earlier_metric_in_log(const struct gen *g, const char *name)
{
    size_t n = g->src->nruns;

    return earlier_metric(g->run, name) ||
           (n >= 2 && g->src->runs[n - 1] == g->run && earlier_metric(g->src->runs[n - 2], name));
}

/*
 * Values that lines after a run's last epoch gave it and no earlier epoch has
 * ("Test accuracy: 32.59%" after the training, the settings a restarted
 * script prints): not the epoch's; they are dropped. Returns whether one was a
 * test's or a final result's (a sign that the training ended). One that earlier
 * epochs of the run before printed ("Best Loss: ..." after each epoch, a launch of one
 * epoch after a launch of many) is the epoch's own.
 */
static int drop_final_results(struct gen *g, struct br_epoch *last)
{
    size_t kept = 0, n = last->nmetrics;
    int result = 0;

    for (size_t i = 0; i < n; i++) {
        const char *name = last->metrics[i].name;
        if (i < 64 && (g->after_only >> i & 1) && !earlier_metric_in_log(g, name)) {
            result |= !!strstr(name, "test") || !!strstr(name, "final") || !!strstr(name, "best");
            continue;
        }
        last->metrics[kept++] = last->metrics[i];
    }
    last->nmetrics = kept;
    return result;
}

/*
 * The run's last epoch has less than half the epoch lines, or the step lines
 * after its header ("iter:0020 loss_train: ..."), that each of its earlier
 * epochs had (two or more, of four lines or more each: step lines every 100
 * steps): it was cut off ("Epoch 31, Step 71300" once where the others print 23
 * such lines). So was one whose last line is a step line less
 * than half way through it ("Step [4560/12942]"), with no summary after it,
 * where the run's earlier epochs' last step lines came near their end.
 */
/* Whether `e` lacks a metric that every epoch of `run` before it has (min_before or more). */
static int lacks_metric_of(const struct br_run *run, const struct br_epoch *e, size_t min_before)
{
    size_t before = (size_t)(e - run->epochs);

    if (before < min_before || !before)
        return 0;
    for (size_t k = 0; k < run->epochs[0].nmetrics; k++) {
        const char *name = run->epochs[0].metrics[k].name;
        int all = 1, has = 0;
        for (size_t i = 1; i < before && all; i++) {
            all = 0;
            for (size_t j = 0; j < run->epochs[i].nmetrics && !all; j++)
                all = !strcmp(run->epochs[i].metrics[j].name, name);
        }
        for (size_t j = 0; j < e->nmetrics && !has; j++)
            has = !strcmp(e->metrics[j].name, name);
        if (all && !has)
            return 1;
    }
    return 0;
}

/* Whether `e` lacks a metric that every epoch of `run` before it has (two or more). */
static int lacks_usual_metric(const struct br_run *run, const struct br_epoch *e)
{
    return lacks_metric_of(run, e, 2);
}

static int cut_short(const struct gen *g)
{
    if (!isnan(g->step_frac) && !g->summary_after && g->step_frac < 0.5 &&
        (isnan(g->frac_min) || g->frac_min >= 0.9))
        return 1; /* its last line says step 4560 of 12942, the others' said their last */
    if (!isnan(g->step_frac) && !g->summary_after && g->step_frac < 0.9 &&
        !isnan(g->frac_min) && g->frac_min >= 0.95)
        return 1; /* "epoch 10 step 43/62", where every epoch before printed its step 62 */
    if (g->phase_fixed && !isnan(g->step_frac) && !g->summary_after && g->step_frac < 0.95)
        return 1; /* lines at steps that move (start_to_start()): its last, at step 137 of
                   * 199, is no end */
    return (g->marks_epochs >= 2 && g->marks_min >= 4 && g->marks * 2 < g->marks_min) ||
           (g->marks_epochs >= 2 && g->steps_min >= 4 && g->steps_after * 2 < g->steps_min);
}

/*
 * The Trainer's train_runtime over a run whose epochs have no time of their own, as the
 * hf reader does (parsers/logrun.c): spread over them only when epochs 1..n are all in
 * the log and the summary says that n ran (n - 1 < 'epoch' <= n: the last's share is
 * what it ran of it); otherwise no epoch time, and untimed_runs() says why.
 */
static void spread_summary(struct gen *g)
{
    struct br_run *run = g->run;
    size_t n = run->nepochs, k = g->src->nruns - 1;
    double ran = g->hf_ran;

    if (!g->hf_summary || isnan(run->runtime_s) || !n)
        return;
    for (size_t i = 0; i < n; i++)
        if (!isnan(run->epochs[i].duration))
            return;
    if (isnan(ran) || run->epochs[0].index != 1 || run->epochs[n - 1].index != n ||
        !(ran > (double)n - 1 && ran <= (double)n + 1e-6)) {
        if (k < 64)
            *(isnan(ran) ? &g->hf_unsaid : &g->hf_other) |= (uint64_t)1 << k;
        return;
    }
    if (ran > (double)n)
        ran = (double)n;
    for (size_t i = 0; i < n; i++) {
        run->epochs[i].duration = br_round_us(run->runtime_s / ran);
        run->epochs[i].shared = 1;
    }
    if (ran < (double)n - 1e-6) {
        run->epochs[n - 1].duration = br_round_us(run->runtime_s * (ran - (double)(n - 1)) / ran);
        run->epochs[n - 1].partial = 1;
    }
}

/*
 * The run's last line: before the next start's first lines when they came (see
 * start_sign()). When another run begins at an epoch marker with no such sign, the lines
 * between the last epoch's own values and that marker may be either run's ("Starting
 * Challenge 2: Noisy Signal Detection" before the next "Epoch 1/50:", elnatan1990/ppg-heart
 * -rate's console): the run stopped where its last epoch printed what each epoch did.
 */
static unsigned run_end_line(const struct gen *g)
{
    if (g->sign_before)
        return g->sign_before;
    return !g->at_end && g->own_line && g->own_line < g->last_line ? g->own_line
                                                                   : g->last_line;
}

/*
 * The run's printed epoch times grow as a clock since the training began
 * ("Training of Epoch 2 completed in 22.41 seconds" after 11.05, then 33.90:
 * a script that printed time.time() - start): four or more, every epoch but a
 * partial last one timed, each longer than the one before by about the same
 * step (within half to twice the median step), the first at least half a step
 * (the clock may have started before the loop), the last twice the first or
 * more (no run's epochs slow down to double their time at so even a pace).
 * An epoch's own time is then its clock less the one before (its resolution
 * doubled: two readings), when that one is the epoch before it; the first has
 * none (nothing says when the clock began), nor has an epoch printed several
 * epochs after the one before; the last clock is the run's time to train. A
 * note says so.
 */
/* Whether the first n epoch times of `run` rise by about one step each, as a clock's readings
 * do (see clock_durations()); their steps (each time less the one before; the first's its
 * own time) into steps[0..n). */
/* Each of the first n epochs' time less the one before, in steps[]: 1 when every one has a
 * time and each is more than the one before (readings of a clock), else 0. */
static int clock_steps(const struct br_run *run, size_t n, double *steps)
{
    for (size_t i = 0; i < n; i++) {
        double d = run->epochs[i].duration;
        if (isnan(d) || !(d > 0) || (i && !(d > run->epochs[i - 1].duration)))
            return 0;
        steps[i] = i ? d - run->epochs[i - 1].duration : d;
    }
    return 1;
}

static int clock_like(const struct br_run *run, size_t n, double *steps)
{
    double *sorted = steps + n, m;

    if (!clock_steps(run, n, steps))
        return 0;
    memcpy(sorted, steps + 1, (n - 1) * sizeof(double));
    qsort(sorted, n - 1, sizeof(double), br_cmp_double);
    m = sorted[(n - 1) / 2];
    for (size_t i = 1; i < n; i++)
        if (!(steps[i] >= m / 2 && steps[i] <= 2 * m))
            return 0;
    /* epochs printed every 2500th from epoch 0 ("Epoch: 0 - Execution time: 11.80 seconds",
     * "Epoch: 2500 - ...: 167.95 seconds"): the first reading times one epoch and the
     * setup, the others 2500 epochs each; a clock when the later ones rise evenly and the
     * last is twice the second or more */
    if (steps[0] < m / 2 && n >= 4 && numbers_skip(run) && steps[0] <= 2 * m)
        return run->epochs[n - 1].duration >= 2 * run->epochs[1].duration;
    /* 30, 31.5, 33, 34.5 s: epochs that slow down, not a clock */
    return steps[0] >= m / 2 && run->epochs[n - 1].duration >= 2 * steps[0];
}

/*
 * How the run's epochs' "elapsed" readings (DUR_CLOCK) stand, of its first n: 0 when
 * none has one; 1 when every one of them has one and they grow as a clock since the
 * training began would (three or more, the last at least twice the first: per-epoch
 * times that slow down never do); -1 otherwise, their readings no epoch's time.
 */
static int elapsed_clock(const struct gen *g, size_t n, double *steps)
{
    size_t readings = 0;

    for (size_t i = 0; i < n && i < g->nelapsed; i++)
        readings += g->elapsed[i];
    if (!readings)
        return 0;
    if (readings < n || n < 3 || !clock_steps(g->run, n, steps) ||
        !(g->run->epochs[n - 1].duration >= 2 * steps[0]))
        return -1;
    return 1;
}

/* The run's epochs' "elapsed" readings, no epoch's time: taken back. */
static void drop_elapsed(struct gen *g)
{
    for (size_t i = 0; i < g->run->nepochs && i < g->nelapsed; i++)
        if (g->elapsed[i]) {
            g->run->epochs[i].duration = NAN;
            g->run->epochs[i].res = 0;
            g->run->epochs[i].cut = 0;
        }
}

static void clock_durations(struct gen *g)
{
    struct br_run *run = g->run;
    size_t n = run->nepochs;
    double *steps;
    int elapsed;

    if (n && run->epochs[n - 1].partial)
        n--;    /* a partial last epoch's time, if it has one, is one reading more */
    steps = br_xmalloc(br_st_mult(2 * n + 2, sizeof(double)));
    elapsed = elapsed_clock(g, n, steps);
    if (elapsed < 0)
        drop_elapsed(g);
    if (elapsed < 0 || (!elapsed && (n < 4 || !clock_like(run, n, steps)))) {
        free(steps);
        return;
    }
    if (elapsed)
        br_source_diag(g->src, BR_NOTE, run->epochs[1].line, 1,
                       "times elapsed since the training began, printed after each epoch "
                       "(%g s, %g s, %g s, ...): each epoch's is its reading less the one "
                       "before, the first has none, the last (%g s) is the run's time to train",
                       run->epochs[0].duration, run->epochs[1].duration,
                       run->epochs[2].duration, run->epochs[n - 1].duration);
    else
        br_source_diag(g->src, BR_NOTE, run->epochs[1].line, 1,
                       "epoch times that grow as a clock since the training began (%g s, "
                       "%g s, %g s, ...): each epoch's is its time less the one before when "
                       "that is the epoch before it, the first has none, the last (%g s) is "
                       "the run's time to train",
                       run->epochs[0].duration, run->epochs[1].duration,
                       run->epochs[2].duration, run->epochs[n - 1].duration);
    if (isnan(run->runtime_s))
        run->runtime_s = run->epochs[n - 1].duration;
    if (g->src->nruns - 1 < 64)
        g->clocked |= (uint64_t)1 << (g->src->nruns - 1);
    if (n < run->nepochs) {
        struct br_epoch *p = &run->epochs[n];
        p->duration = p->duration > p[-1].duration ? br_round_us(p->duration - p[-1].duration)
                                                    : NAN;
        p->res += p[-1].res;
        p->cut = 0;
    }
    for (size_t i = n; i-- > 0;) {
        struct br_epoch *e = &run->epochs[i];
        /* a reading 20 epochs after the one before (a line printed every 20th epoch:
         * HomeRLer/System-Identification-by-RNN's `tt`) times 20 epochs, no one epoch */
        e->duration = i && e->index == e[-1].index + 1 ? br_round_us(steps[i]) : NAN;
        e->res = i ? e->res + e[-1].res : 0;
        e->cut = 0;
    }
    free(steps);
}

/*
 * The k (3 or more) of a run whose epochs are printed every k-th and counted from 0: "Epoch
 * 49", "Epoch 99", "Epoch 149" (a script that logs when (epoch + 1) % 50 == 0), each number
 * one short of a multiple of the step between them (a count from 1 prints 50, 100, 150);
 * else 0.
 */
static long every_kth_from_zero(const struct br_run *run)
{
    long k;

    if (run->nepochs < 2)
        return 0;
    k = (long)run->epochs[1].index - (long)run->epochs[0].index;
    if (k < 3 || ((long)run->epochs[0].index + 1) % k)
        return 0; /* every 2nd from 1 ("Epoch 1", "Epoch 3") is as likely counted from 1 */
    for (size_t i = 1; i < run->nepochs; i++)
        if ((long)run->epochs[i].index - (long)run->epochs[i - 1].index != k)
            return 0;
    return k;
}

/*
 * The run's tail says it was cut (runtail.h) after its last epoch, which ended: interrupted
 * after it, and a note says what showed it.
 */
static void tail_cut(struct gen *g, enum br_tail_cut why)
{
    struct br_run *run = g->run;
    unsigned last = run->epochs[run->nepochs - 1].index;

    run->status = BR_RUN_DNF;
    run->reason = br_arena_printf(&run->arena, "interrupted after epoch %u", last);
    /* the log's last line in the next epoch's first ones; the run's last epoch's line */
    run->reason_line = why == BR_TAIL_OPENER ? g->last_line : run->epochs[run->nepochs - 1].line;
    br_source_diag(g->src, BR_NOTE, run->reason_line, 1,
                   why == BR_TAIL_OPENER
                       ? "the log stops in the lines that began each epoch of the run: the "
                         "epoch after %u had begun, and the run is interrupted"
                       : "the runs before printed the same line after their last epoch, and "
                         "this one never did: it stopped after epoch %u, interrupted", last);
}

/*
 * Whether the run's epochs before its last were all timed by step_clock() and its last's
 * step lines stopped at the step where the one before's did: it ended as they did, its
 * time unknown (no reading after it).
 */
static int clock_whole(const struct gen *g)
{
    return g->clock_timed && g->clock_timed + 1 == g->run->nepochs && g->last_step &&
           g->step_frac == g->prev_frac;
}

/*
 * Closes the current run (settled): its final results are not its last
 * epoch's; the last epoch is partial when it is untimed where others (of the
 * run, or of the log for a run of one epoch) are timed and has no known end, when it is an epoch line and nothing else,
 * when the log's last line cut it (`cut`) or it has less than half the lines each
 * earlier epoch had (cut_short), or when the training started again
 * inside it (`restarted`, an epoch with no end of its own); a run whose last
 * epoch is partial, or that stops before the planned count ("Epoch 4/400"),
 * with no sign of finishing after it (a line saying so, a total time, final
 * results) was interrupted.
 */
/*
 * How many of the run's epochs before its last are bare as it may be, their line alone, no
 * value read and no time ("Epoch 20    [Avg. Loss, Loss]: [7.0434, 6.9223], 0" every 10th
 * epoch between ones a "Current lr = ..." line follows, erikdengerud/GPTime-Series'
 * job.out): two or more, and a last one so is no sign that the log was cut in it.
 */
static size_t bare_before(const struct br_run *run)
{
    size_t k = 0;

    for (size_t i = 0; i + 1 < run->nepochs; i++)
        k += !run->epochs[i].nmetrics && isnan(run->epochs[i].duration) &&
             !run->epochs[i].partial;
    return k;
}

static void close_run(struct gen *g, int restarted, int cut)
{
    struct br_run *run = g->run;
    struct br_epoch *last = run && run->nepochs ? &run->epochs[run->nepochs - 1] : NULL;
    size_t timed = 0;
    unsigned of, bar_timed;
    int finished, clocked;
    enum br_tail_cut tail;

    if (!last)
        return;
    tail = br_runtail_close(&g->tail, g->at_end);
    bar_timed = g->bar_timed;
    if (g->bar_timed)
        br_source_diag(g->src, BR_NOTE, run->first_line, 1,
                       "epoch times from each epoch's tqdm bars, at their end (%u "
                       "of %zu epochs; each bar's clock cut to the second): work outside "
                       "those bars (an evaluation with no such bar) is not in them",
                       g->bar_timed, run->nepochs);
    g->bar_timed = 0;
    if (g->base && last->of && last->index == last->of + 1) {
        /* "Epoch 0/24" ... "Epoch 24/24" (print(epoch, num_epochs - 1), the PyTorch
         * transfer-learning tutorial's): the count printed is the last number, 25 epochs */
        unsigned last_no = last->of;
        for (size_t i = 0; i < run->nepochs; i++)
            if (run->epochs[i].of == last_no)
                run->epochs[i].of = last_no + 1;
    }
    if (!g->base) {
        long k = every_kth_from_zero(run);
        if (k)
            g->kth = k;
        /* "Epoch 49", "Epoch 99": the 50th and the 100th; so is a run cut after one such
         * where the runs before it counted so */
        if (k || (run->nepochs == 1 && g->kth && ((long)last->index + 1) % g->kth == 0))
            for (size_t i = 0; i < run->nepochs; i++)
                run->epochs[i].index++;
    }
    /* the planned count: a cut epoch (a bar, "Epoch 026 [Train]") may not say it */
    of = last->of ? last->of : run->nepochs > 1 ? last[-1].of : 0;
    if (!of && g->cfg_of > 0 && (long)last->index <= g->cfg_of)
        of = (unsigned)g->cfg_of; /* "'num_epoch': 1000" before a run that printed no count */
    {
        size_t had = last->nmetrics;
        /* after a restart_done, what followed its header was the epoch's own */
        finished = (restarted != 2 && drop_final_results(g, last)) || g->finished ||
                   !isnan(run->runtime_s);
        if (last->nmetrics < had && g->novel && g->rank < DUR_LINE && !isnan(g->novel_end) &&
            !isnan(last->start) && g->novel_end > last->start) {
            /* the lines of those results (a test after the training) took no time of it */
            last->end = g->novel_end;
            last->duration = br_round_us(last->end - last->start);
        }
    }
    if (g->steps_run_on == run->nepochs && run->nepochs >= 3 && numbers_skip(run)) {
        /* every epoch is one step line of a count that runs on ("[epoch: 9, iter: 500]",
         * "[epoch: 10, iter: 600]" every 100 iterations of epochs of 56), and the epoch
         * numbers skip: the lines come on a schedule of steps, somewhere inside their
         * epochs, and the time between two is that many steps', no epoch's */
        for (size_t i = 0; i < run->nepochs; i++)
            run->epochs[i].start = run->epochs[i].end = run->epochs[i].duration = NAN;
    }
    clock_durations(g);
    /* a clock's reading ends each epoch that printed one: untimed, the last still ended */
    clocked = g->src->nruns - 1 < 64 && (g->clocked >> (g->src->nruns - 1) & 1);
    for (size_t i = 0; i < run->nepochs; i++)
        timed += !isnan(run->epochs[i].duration);
    /* untimed where the run's or the log's other epochs are timed: its time was never printed
     * (a bar's clock is no time printed: a bar short of its total by a redraw never drawn,
     * "571/572" before the epoch's summary, is no cut) */
    if (((run->nepochs > 1 ? timed > bar_timed : g->epochs_timed > 0) && isnan(last->duration) &&
         isnan(last->end) && !clock_whole(g)) ||
        (!last->nmetrics && isnan(last->duration) && !clocked && !clock_whole(g) &&
         bare_before(run) < 2) ||
        (cut && run->nepochs > 1 && last->nmetrics < last[-1].nmetrics) || cut_short(g) ||
        /* the log stops in its step lines, before the line that gave every epoch before
         * it a value ("test epoch:34 || Loss:2.357" after each): cut there */
        (g->last_step && !restarted && !finished && lacks_usual_metric(run, last)) ||
        /* or after its header, in lines of values that count their samples ("loss: 0.109
         * accuracy: 95.1 [20050/66045]"), before the train and val lines every epoch before
         * it printed at its end */
        (!restarted && g->marks == 1 && g->value_counted && lacks_usual_metric(run, last)) ||
        /* or in the bar that names the epoch, short of its total, nothing after it: every
         * epoch a bar (a line each, redrawn with CRs), the log cut in the last one's */
        (g->bar_short && !restarted && g->value_line <= g->mark_line && run->nepochs > 1) ||
        /* or before its planned count, without what each epoch before it printed at its
         * end ("- Eval metrics : ..." after "Meta epoch 3...", then the next start) */
        (of > 0 && last->index < of && lacks_usual_metric(run, last)) ||
        /* or before a relaunch (its launch's lines, then an earlier epoch), without what
         * the epochs before it printed at their end ("validation finished, wer: 111.7") */
        (g->launch_cut && lacks_metric_of(run, last, 1)) ||
        /* or without the line saying it finished that two epochs of the log or more had */
        (g->epoch_finishes >= 2 && !g->finish_now) ||
        /* or short of the total of a count over the whole training ("epoch: 37, iter:
         * 13730/50000" last, PaddleSeg's) */
        (count_runs_on(g) && g->step_frac < 1 && !g->finished && g->last_step) ||
        g->mark_started ||
        /* the script died in its step lines ("Epoch: [6] [700/727]", then a SIGTERM):
         * whether the epoch reached its end, nothing says */
        (run->status == BR_RUN_DNF && g->fail_in_steps && g->mark_ended != last->index) ||
        (restarted == 1 && !finished && g->rank < DUR_LINE && !(g->marks == 1 && g->mark_metric) &&
         g->mark_ended != last->index &&
         !(of > 0 && last->index >= of) &&
         /* unless it printed all that each epoch before it did: it ran to its end */
         !(run->nepochs > 2 && last->nmetrics && !lacks_usual_metric(run, last))))
        last->partial = 1; /* a restart after the planned last epoch came after its end */
    if (last->partial && g->epoch_finishes >= 2 && !g->finish_now && !isnan(last->start) &&
        g->tail_t > last->end) {
        /* cut in its step lines ("iteration index: 200, batch loss: 75.7"), which hold no
         * value of the epoch: it ran to its last line at least */
        last->end = g->tail_t;
        last->duration = br_round_us(last->end - last->start);
    }
    if (clock_whole(g) && isnan(last->duration))
        br_source_diag(g->src, BR_NOTE, last->line, 1,
                       "epoch %u has no time: the clock on the step lines times each epoch "
                       "from its first step to the next epoch's, and none came after it",
                       last->index);
    if (g->mark_started) {
        /* the log ends at its start ("epoch: 0 start, learning rate: 0.01", the next launch
         * or the file's end after it): it never ran, and has no time */
        last->duration = last->end = NAN;
    }
    spread_summary(g);
    if (tail != BR_TAIL_ENDED && run->status == BR_RUN_OK && !finished && !last->partial &&
        !of && restarted != 2) {
        tail_cut(g, tail);
        return;
    }
    if (run->status != BR_RUN_OK || finished ||
        !(last->partial || (of > 0 && last->index < of) || restarted == 2))
        return;
    run->status = BR_RUN_DNF;
    if (restarted == 2 && !of && !last->partial) {
        /* its epoch ended, then the script started again: it stopped after it */
        run->reason = br_arena_printf(&run->arena, "interrupted after epoch %u", last->index);
        run->reason_line = run_end_line(g);
        return;
    }
    run->reason = of > 0 ? br_arena_printf(&run->arena, "interrupted %s epoch %u of %u",
                                           last->partial ? "in" : "after", last->index, of)
                               : br_arena_printf(&run->arena, "interrupted in epoch %u",
                                                 last->index);
    run->reason_line = run_end_line(g);
}

/*
 * The name a script gives the run before an epoch marker ("LSTM_e1 Epoch 1:
 * Loss = 4.18", "Transformer_L2_e1 Epoch 1: ..."): one token of letters and
 * digits or '_' (a letter and a digit or '_' in it), between the message's start
 * `msg` and the marker at `start`; its length (its start in *at), or 0. Words
 * ("Train", "Fine-Tune") and timestamps are no names.
 */
static size_t run_name(const char *s, size_t msg, size_t start, size_t *at)
{
    size_t b = msg, e = start;
    int alpha = 0, mark = 0;

    int labelled = 0;

    while (b < e && (s[b] == ' ' || s[b] == '[' || s[b] == '\t'))
        b++;
    if (e - b > 5 && ieq(s + b, "run: ", 5)) {
        b += 5; /* "Run: Moons_QFNN_Phase and Measure_fold_1 | Epoch: 2 | ...": words too */
        labelled = 1;
    }
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == ']' || s[e - 1] == ':' || s[e - 1] == '|'))
        e--;
    if (e == b || e - b >= sizeof(((struct gen *)0)->name))
        return 0;
    for (size_t i = b; i < e; i++) {
        unsigned char c = (unsigned char)s[i];
        if (isalpha(c))
            alpha = 1;
        else if (isdigit(c) || c == '_')
            mark = 1;
        else if (c != '-' && c != '.' && !(labelled && c == ' '))
            return 0;
    }
    *at = b;
    return alpha && mark ? e - b : 0;
}

static uint32_t name_hash(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

/*
 * Runs named on their epoch lines whose lines interleave (several trainings logging into
 * one file at once: "Run: Moons_QFNN_Phase and Measure_fold_1 | Epoch: 2" after other
 * runs' epoch 1 and 2): a name that comes back after another's, at an epoch past the one
 * it last printed, goes on from there, which one run at a time cannot read. A name that
 * comes back at its first epoch again is another launch. Sets g->interleaved to the line.
 */
static void interleaved(struct gen *g, const char *name, size_t nl, long epoch, unsigned line)
{
    uint32_t h;
    size_t i;

    if (!nl || g->interleaved || (nl == g->name_len && !memcmp(name, g->name, nl)))
        return;
    if (g->name_len) {
        /* the name left: it printed up to the epoch of its last line */
        uint32_t old = name_hash(g->name, g->name_len);
        for (i = 0; i < g->nnamed && g->named[i].hash != old; i++)
            ;
        if (i == g->nnamed && g->nnamed < sizeof(g->named) / sizeof(g->named[0]))
            g->nnamed++;
        if (i < g->nnamed) {
            g->named[i].hash = old;
            g->named[i].epoch = g->name_epoch;
        }
    }
    h = name_hash(name, nl);
    for (i = 0; i < g->nnamed; i++)
        if (g->named[i].hash == h && epoch > g->named[i].epoch) {
            g->interleaved = line;
            snprintf(g->inter_name, sizeof(g->inter_name), "%.*s", (int)nl, name);
            return;
        }
}

/*
 * The epoch a loaded checkpoint names, "=> loaded checkpoint (epoch 352)" (HRNet-Semantic-
 * Segmentation's tools/train.py and the trainers built on it, ICTNet's; the PyTorch ImageNet
 * example's "=> loaded checkpoint 'x.pth' (epoch 90)"): the epochs trained, as those scripts
 * save epoch + 1 and go on at that 0-based index. 0 when [s, s+n) is no such line.
 */
static long loaded_checkpoint(const char *s, size_t n)
{
    const char *p = s, *end = s + n;
    long v;
    size_t k;

    while (p + 17 <= end && !ieq(p, "loaded checkpoint", 17))
        p++;
    if (p + 17 > end)
        return 0;
    for (p += 17; p + 7 < end && !ieq(p, "(epoch ", 7); p++)
        ;
    if (p + 7 >= end || !(k = digits(p + 7, end, &v)) || p + 7 + k >= end || p[7 + k] != ')')
        return 0;
    return v;
}

/*
 * Whether a run that begins at marker m counts its epochs from 0: it begins at epoch 0, or
 * its marker has the shape of one that did earlier in the log (the script resumed from a
 * checkpoint: "Epoch: 0" ... "Epoch: 4", then "Resume training from ... @ 9" and "Epoch:
 * 10": the 11th epoch, as 0 was the first), or a checkpoint loaded before it names its
 * number as the epochs trained (loaded_checkpoint()).
 */
static int counts_from_zero(struct gen *g, const struct mark *m)
{
    char shape[sizeof(g->zero_shape)];
    if (g->ckpt_epoch > 0 && m->epoch == g->ckpt_epoch)
        return 1; /* resumed: "=> loaded checkpoint (epoch 352)", then "Epoch: [352/520]"
                   * (ICTNet's cityscapes log, END_EPOCH 520, its last "[519/520]"): 352
                   * epochs done, this the 353rd */
    br_digit_shape(g->mark_s, g->mark_n, shape, sizeof(shape));
    if (m->epoch == 0) {
        memcpy(g->zero_shape, shape, sizeof(shape));
        return 1;
    }
    return shape[0] && !strcmp(shape, g->zero_shape);
}

static const char *mark_phase(const char *s, size_t start, size_t *len);

/*
 * After an error that stopped the script (fail()), the same epoch again: at a step no
 * further than its last line's ("Epoch: [0] [0/726]" again), another launch began it anew:
 * true. At a later step ("[164] [250/363]" after "[200/363]"), the error was not the
 * script's end (a data loader's traceback printed as a warning, the training going on):
 * the run is not failed (a later error may end it), and false.
 */
static int relaunched(struct gen *g, const struct mark *m, const struct br_epoch *e)
{
    if (g->run->status != BR_RUN_DNF || m->epoch + g->base != (long)e->index)
        return 0;
    if ((g->next_s ? step_fraction(g->next_s, g->next_n) : NAN) > g->step_frac) {
        g->fail_in_steps = 0;
        g->run->status = BR_RUN_OK;
        g->run->reason = NULL;
        g->run->reason_line = 0;
        return 0;
    }
    return 1;
}

/*
 * A run whose script was launched again (launch_line) in its last epoch, cut: the launch
 * died somewhere between its last line and the next launch's first: when, no line says.
 */
static void launch_died(struct br_run *run)
{
    struct br_epoch *last = run->nepochs ? &run->epochs[run->nepochs - 1] : NULL;

    if (last && last->partial)
        last->end = last->duration = NAN;
}

/*
 * An epoch marker: the same epoch again, the next one, or another run's
 * first. `starts` says the line begins an epoch (a progress line, or one
 * with its own time): after an epoch that ended, the same number again is
 * then another run's (fit(epochs=1) called again). So is the same number
 * under another run name (`name`, nl bytes: "LSTM_e1 Epoch 1: Loss = 4.18",
 * then "Transformer_L2_e1 Epoch 1: Loss = 3.67"), and a planned count that the
 * run's epochs never gave ("Epoch #2: ...", then "Epoch 10/30: ...").
 * `s`: the line; when an evaluation phase names its marker ("Test on Epoch 1", "Eval epoch:
 * 4" after "Epoch 1 training ends, total 98.49s"), the same number is the epoch's
 * evaluation.
 */
/*
 * Two trainings printing into one log at once, their epoch lines unnamed
 * (KAMDEMJERRY/CNN2's training_log.txt: "Epoch   1/30", "Epoch   2/30", "Epoch  23/30",
 * "Epoch   3/30", ...: a run that began while the one before, at 22 of 30, went on): a
 * run that began by counting back jumps to the epoch after the run before's last, of the
 * same count, and the next line goes back to the one after its own. Read one run at a
 * time, that is runs of two or three epochs taken from both, each with the other's times:
 * g->unnamed_inter is set to the jump's line, and the log is refused there.
 */
static void unnamed_interleave(struct gen *g, const struct mark *m, const struct br_epoch *e,
                               int another_run, unsigned line)
{
    long idx = m->epoch + g->base;

    if (g->jump_line && e && idx == g->jump_from + 1 && !g->unnamed_inter)
        g->unnamed_inter = g->jump_line;
    g->jump_line = 0;
    if (e && another_run) {
        g->before_last = idx < (long)e->index ? (long)e->index : 0;
        g->before_of = e->of;
    } else if (e && g->before_last && idx == g->before_last + 1 && idx > (long)e->index + 1 &&
               m->of == g->before_of && m->of > 0) {
        g->jump_line = line;
        g->jump_from = (long)e->index;
        g->before_last = idx;
    }
}

/* A message's words without its numbers (digits and decimal points left out). */
static uint32_t words_hash(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        if (!isdigit((unsigned char)s[i]) && s[i] != '.')
            h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

/*
 * After the launch's messages again from its first, numbers and all (two or more: g->said),
 * the last epoch's one-line summary again, the same words with other numbers, not a step's:
 * DINESHDHAKAR1/BTP-keyword_spotting-in-speech's training_logs.txt, a script launched into
 * it three times, each launch saying "Loaded 64721 audio files with 30 classes", "Data split
 * into training and testing sets", "Number of classes: 30", prints "Epoch 1/10,
 * Classification Loss: 3.1799, ..., Accuracy: 8.95%" once, then, two launches on, "Epoch
 * 1/10, Classification Loss: 3.2450, ..., Accuracy: 7.69%". The epoch before ended (its
 * summary), and another launch's epoch begins. (One message again is no launch: "testing in
 * eval mode..." before each evaluation, its epoch line again with the test's values.)
 */
static int summary_again(const struct gen *g, const struct mark *m, const struct br_epoch *e)
{
    return g->said.hits >= 2 && g->said.from0 && g->marks == 1 && g->mark_metric &&
           !g->next_s && m->epoch + g->base == (long)e->index &&
           g->mark_words == g->first_words;
}

/* The count after `word` and ':' ("iteration: 781, step: 1563"), or -1 when none. */
static long count_named(const char *s, size_t n, const char *word)
{
    size_t k = strlen(word);
    const char *p = s, *end = s + n;

    /* at each ':' (far fewer than the line's bytes), the word right before it */
    while ((p = memchr(p, ':', (size_t)(end - p))) != NULL) {
        const char *w = p - k, *q = ++p;
        long v;
        if (w < s || (w > s && is_word(w[-1])) || !ieq(w, word, k))
            continue;
        while (q < end && *q == ' ')
            q++;
        if (q < end && digits(q, end, &v) > 0)
            return v;
    }
    return -1;
}

/*
 * The line's first bracket holds three counts, "[k/N/samples]" (the ImageNet example's meters
 * as seuncoker/student_recognition_project prints them: "Train: [12/13/122]", batch k of N,
 * 122 samples so far): 1 with them, else 0.
 */
static int three_counts(const char *s, size_t n, long *k, long *of, long *samples)
{
    const char *p = memchr(s, '[', n < 25 ? n : 25), *end = s + n, *slash;
    size_t w;

    /* (cheap first: a '/' right after the bracket's first digits, "[0][10/44]" has none) */
    if (!p || ++p >= end || !isdigit((unsigned char)*p) ||
        !(slash = memchr(p, '/', (size_t)(end - p < 12 ? end - p : 12))) ||
        memchr(p, ']', (size_t)(slash - p)))
        return 0;
    if (!(w = digits(p, end, k)) || p + w >= end || p[w] != '/')
        return 0;
    p += w + 1;
    if (!(w = digits(p, end, of)) || p + w >= end || p[w] != '/')
        return 0;
    p += w + 1;
    if (!(w = digits(p, end, samples)) || p + w >= end || p[w] != ']')
        return 0;
    return *of > 0;
}

/*
 * A step line of the open epoch that shows the script started again: its batch and its
 * iteration counter back at 0 after a later one ("Train: [0/10/10]\tepoch: 0\titer: 0" after
 * "... epoch: 0\titer: 9"), or its count of batches another ("[10/13/10]" after "[9/10/100]":
 * the data set changed). seuncoker/student_recognition_project's log_train.txt appends four
 * attempts at epoch 0 of 10 batches, then runs of 13.
 */
static int restarted_steps(const struct gen *g, const char *s, size_t n)
{
    long k, of, samples, iter;

    if (g->tri_k < 0 || !three_counts(s, n, &k, &of, &samples) ||
        (size_t)((const char *)memchr(s, '[', n) - s) != g->tri_pre_n ||
        memcmp(s, g->tri_pre, g->tri_pre_n))
        return 0;
    iter = count_named(s, n, "iter");
    if (of != g->tri_n)
        return 1;
    return k == 0 && iter == 0 && g->tri_iter > 0;
}

static struct br_epoch *at_mark(struct gen *g, const struct mark *m, unsigned line, int starts,
                                const char *name, size_t nl, const char *s)
{
    size_t np;
    struct br_epoch *e = last_epoch(g);
    long idx;
    int again; /* summary_again() */
    /* a planned count where the run's epochs had none ("Epoch #0" ... "Epoch #199", then
     * "Epoch 10/100"): another loop's */
    int counted = e && m->of > 0 && !e->of && g->run->nepochs >= 2 &&
                  m->epoch + g->base != (long)e->index && !g->run->epochs[0].of;
    /* the same epoch again under another run's name, after a summary of it: that run's */
    int renamed = e && nl && g->name_len && m->epoch + g->base == (long)e->index &&
                  g->mark_metric && (nl != g->name_len || memcmp(name, g->name, nl));

    /* a new planned count ("Epoch: 0/12" after "Epoch: 0/20") is another run too */
    int another_run = !g->run || (e && (m->epoch + g->base < (long)e->index ||
                                        (m->epoch + g->base == (long)e->index &&
                                         g->rank >= DUR_LINE && starts &&
                                         !mark_phase(s, m->start, &np)) ||
                                        relaunched(g, m, e) ||
                                        /* a start after the failure that ended it (a
                                         * resume from epoch 80 after a SIGTERM) */
                                        (g->restart && g->run->status == BR_RUN_DNF) ||
                                        (m->of > 0 && e->of > 0 && m->of != (long)e->of) ||
                                        renamed || counted || g->relaunch ||
                                        /* the launch's lines from its first again, then a
                                         * later epoch: a resumed launch (PaddleSeg's
                                         * "Environment Information", then epoch 27) */
                                        (g->pre.hits >= 2 && g->pre.from0 &&
                                         m->epoch + g->base > (long)e->index)));
    /* "Start training" again, then an epoch that does not go on: the attempt before died */
    /* 2: the epoch before had ended (restart_done) */
    int restarted = e && g->restart && m->epoch + g->base <= (long)e->index
                        ? 1 + g->restart_done
                        : 0;

    /* its steps again from 0, or of another count (restarted_steps()): the attempt before
     * died in the epoch, or ended it when its last step line was its last batch */
    if (e && !restarted && m->epoch + g->base == (long)e->index && g->next_s &&
        restarted_steps(g, g->next_s, g->next_n))
        restarted = g->tri_k + 1 >= g->tri_n ? 2 : 1;
    /* its header again after another configuration dump (torchlight's "Parameters:" and
     * its dict before each launch): the launch before died in it, or after it when it
     * had its values */
    /* (not when its step goes on from the epoch's last: another launch's dump printed into
     * the log while this run went on, PaddleGAN's two trainers writing one workerlog) */
    if (e && !restarted && g->cfg_next && m->epoch + g->base == (long)e->index) {
        if (g->next_s && step_fraction(g->next_s, g->next_n) > g->step_frac)
            g->cfg_next = 0; /* that dump was the other's */
        else
            restarted = e->nmetrics ? 2 : 1;
    }
    again = e && summary_again(g, m, e);
    g->launch_cut = e && another_run && g->pre.hits >= 2;
    if (e && !restarted && m->epoch + g->base <= (long)e->index &&
        ((g->pre.hits >= 2 &&
          (g->mark_hash == g->first_hash ||
           /* or a step of it before its last ("[TRAIN] epoch: 1, iter: 10/80000" after "iter:
            * 450/80000", PaddleSeg's second launch after its Environment Information) */
           (g->next_s && step_fraction(g->next_s, g->next_n) < g->step_frac))) ||
         again)) {
        /* its launch's lines again (launch_line): they are the next run's; before any line
         * of values after its header, the attempt died in its setup, and the epoch begins
         * again here (as header_again()) */
        if (g->finished || again)
            restarted = 2; /* after its training ended ("iter: 50/50"), or after its
                            * summary: it stands */
        else if (g->steps_after || g->others_after)
            restarted = g->launch_died = 1;
        else if (m->epoch + g->base == (long)e->index)
            g->marks = 0;
        if (restarted && !g->sign_before)
            g->sign_before = again ? g->said.sign : g->pre.sign;
    }
    g->restart = g->restart_done = 0;
    g->pre.at = g->pre.hits = 0;
    g->said.at = g->said.hits = 0;
    if (e && (another_run || restarted)) {
        g->next_bare = 0; /* the next header is another run's, */
        g->next_t = NAN;  /* and its time no end of this run's last epoch */
    }
    unnamed_interleave(g, m, e, another_run, line);
    if (e && (m->epoch + g->base != (long)e->index || another_run || restarted))
        settle(g); /* another epoch begins: the last one is complete */
    if (e && !another_run && !restarted && m->epoch + g->base > (long)e->index + 1)
        skip_after(g, e);
    if (another_run || restarted) {
        g->relaunch = 0;
        if (g->run)
            close_run(g, restarted, 0);
        if (g->run && g->launch_died)
            launch_died(g->run);
        g->launch_cut = g->launch_died = 0;
        new_run(g, line);
        e = NULL;
    }
    g->sign_before = 0;
    g->in_dump = 0;
    if (!e)
        g->base = counts_from_zero(g, m);
    g->ckpt_epoch = 0; /* a checkpoint names the next run's first epoch, or none */
    idx = m->epoch + g->base;
    if (e && idx == (long)e->index) {
        if (!e->of && m->of > 0 && m->of < 10000000)
            e->of = (unsigned)m->of; /* "End of epoch 1 / 2" after "(epoch: 1, iters: 20" */
        return e;
    }
    if (idx <= 0 || idx > 10000000)
        return e;
    /* a one-line epoch begins where the one before it ended; the run's first, or one
     * after missing epochs, has no line that says when it began (lines before it may
     * be printed during it) */
    g->start_t = e && !isnan(e->end) && (long)e->index + 1 == idx ? e->end
                 : !e ? g->begin_t /* "Start Training......" stamped before a run's first */
                      : NAN;
    g->begin_t = NAN;
    if (e) { /* the epoch before this one is whole */
        g->marks_min = g->marks_epochs && g->marks_min < g->marks ? g->marks_min : g->marks;
        g->steps_min = g->marks_epochs && g->steps_min < g->steps_after ? g->steps_min
                                                                        : g->steps_after;
        g->marks_epochs++;
        if (!isnan(g->step_frac) && !g->summary_after &&
            (isnan(g->frac_min) || g->step_frac < g->frac_min))
            g->frac_min = g->step_frac;
    }
    g->prev_frac = g->summary_after ? NAN : g->step_frac;
    g->step_frac = NAN;
    g->summary_after = 0;
    e = br_run_add_epoch(g->run);
    g->finish_now = 0;
    g->mark_t = NAN;
    g->bars.n = 0;
    e->index = (unsigned)idx;
    e->of = m->of > 0 && m->of < 10000000 ? (unsigned)m->of : 0;
    e->line = line;
    g->rank = DUR_NONE;
    g->marks = 0;
    g->mark_metric = 0;
    g->mark_loss = 0;
    g->after_metric = 0;
    g->mark_labelled = g->after_loss = 0;
    g->strong_counted = 0;
    g->after_counted = 0;
    g->instant_summary = 0;
    g->after_only = 0;
    g->final_line = 0;
    g->provisional = 0;
    g->bar_values = 0;
    g->plain_value = 0;
    g->finished = 0;
    return e;
}

/*
 * The run failed (`why`) at `line`: DNF, unless its training had ended (a
 * total time, a line saying so after its last epoch, a final result after it:
 * final_result()), when the failure is the script's afterwards (printing a report,
 * plotting) and the epochs stand: a warning.
 */
/*
 * Whether the run's last epoch is the last it planned ("Epoch 100/100: reward=-58.98,
 * ...") and printed its values or its time there, not only its header: its training
 * ended (a test after it, in another language's words, may fail).
 */
static int planned_all(const struct gen *g)
{
    const struct br_epoch *last;

    if (!g->run->nepochs)
        return 0;
    last = &g->run->epochs[g->run->nepochs - 1];
    return last->of > 0 && last->index >= last->of && !last->partial &&
           (last->nmetrics > 0 || !isnan(last->duration));
}

static void fail(struct gen *g, const char *why, unsigned line)
{
    if (!g->run || g->run->status == BR_RUN_DNF || g->late_fail)
        return;
    /* after a sign that the script started again (PaddleOCR's configuration dump of the
     * next launch, after "main proc 36818 exit, kill process group"), the failure is that
     * launch's, before it trained: not the run's, which ended before the sign */
    if (g->sign_before) {
        br_source_diag(g->src, BR_NOTE, line, 1,
                       "a failure after the run's last line (%u) and a sign that the script "
                       "started again: that start's, before it trained, not the run's (%s)",
                       g->sign_before, why);
        return;
    }
    /* "Training of experiment is done" printed on the way out of a crash (YOLOX's
     * after_train in a finally:) while the last epoch stopped at its step 50 of 258:
     * the training did not end */
    int mid_epoch = !isnan(g->step_frac) && !g->summary_after && g->step_frac < 0.9;

    if ((g->total_line || g->finished || g->final_line) && !mid_epoch) {
        g->late_fail = 1;
        br_source_diag(g->src, BR_WARNING, line, 1,
                       "the script failed after its training ended (line %u says so), its run "
                       "and epochs are kept (%s)",
                       g->finished     ? g->finished
                       : g->final_line ? g->final_line
                                       : g->total_line,
                       why);
        return;
    }
    if (planned_all(g) && !mid_epoch) {
        g->late_fail = 1;
        br_source_diag(g->src, BR_WARNING, line, 1,
                       "after epoch %u, the last the run planned, the script failed (%s): its "
                       "training had ended, so the run stays finished",
                       g->run->epochs[g->run->nepochs - 1].index, why);
        return;
    }
    g->run->status = BR_RUN_DNF;
    g->run->reason = br_arena_strdup(&g->run->arena, why);
    g->run->reason_line = line;
    g->fail_in_steps = g->last_step && !isnan(g->step_frac) && g->step_frac < 1 &&
                       !g->summary_after;
}

/* Failure lines: out of memory, the exception after a Traceback, Killed. */
static void failure(struct gen *g, const char *s, size_t n, unsigned line)
{
    char buf[128];
    const char *colon;
    size_t k = n > sizeof(g->prev) ? n - sizeof(g->prev) : 0;

    if (n && s[0] == '[') /* (a rank's prefix, "[rank2]: ", begins the line) */
        br_rank_failure_read(&g->ranks, s, n, line);
    if (has(s, n, "cuda out of memory") || has(s, n, "outofmemoryerror")) {
        fail(g, "out of memory", line);
    } else if (n && s[n - 1] == ':' && br_traceback_line(s, n)) {
        /* not after "Exception ignored in", nor a thread's ("Exception in thread ...:") */
        g->traceback = !br_exception_ignored(g->prev, g->prev_n) &&
                       !br_thread_traceback(g->src, g->prev, g->prev_n, line);
        g->aside = !g->traceback;
    } else if (n == 6 && !memcmp(s, "Killed", 6)) {
        fail(g, "killed", line);
    } else if (n >= 17 && !memcmp(s, "KeyboardInterrupt", 17)) {
        fail(g, "interrupted", line);
    } else if (n >= 12 && !memcmp(s, "FatalError: ", 12)) {
        /* Paddle's summary of a fatal signal ("FatalError: `Termination signal` is detected
         * by the operating system."), after its C++ traceback */
        snprintf(buf, sizeof(buf), "error: %.*s", (int)(n > 100 ? 100 : n), s);
        fail(g, buf, line);
    } else if (g->traceback && ((n >= 28 && !memcmp(s, "During handling of the above", 28)) ||
                                (n >= 23 && !memcmp(s, "The above exception was", 23)))) {
        /* a chained traceback's link: the exception that ends the last one is the error */
    } else if (g->traceback && br_child_failed(s, n) && g->ranks.line) {
        /* the launcher's ChildFailedError (its message empty): the first rank's exception
         * is the failure, as in every format's rules (parsers/logrun.c) */
        snprintf(buf, sizeof(buf), "error: %.100s", g->ranks.text);
        fail(g, buf, g->ranks.line);
        g->traceback = 0;
        g->ranks.line = 0;
    } else if (g->traceback && n && s[0] != ' ' && (colon = memchr(s, ':', n)) &&
               (has(s, (size_t)(colon - s), "error") || has(s, (size_t)(colon - s), "exception"))) {
        snprintf(buf, sizeof(buf), "error: %.*s", (int)(n > 100 ? 100 : n), s);
        fail(g, buf, line);
        g->traceback = 0;
    }
    if (n) {
        memcpy(g->prev, s + k, n - k);
        g->prev_n = n - k;
    }
}

/* The longest time of the run's epochs before its last (0: none), and how many have none. */
static double longest_before_last(const struct br_run *run, size_t *untimed)
{
    double longest = 0;

    *untimed = 0;
    for (size_t i = 0; i + 1 < run->nepochs; i++) {
        *untimed += isnan(run->epochs[i].duration);
        if (run->epochs[i].duration > longest)
            longest = run->epochs[i].duration;
    }
    return longest;
}

/*
 * A time after the run's epochs that a line labels a training's ("Representation
 * learning time: 0:00:40", "Training time: 12 s", "Training complete in 9m 51s" of
 * the PyTorch transfer-learning tutorial's train_model()): the whole run's, when the run
 * has two or more epochs and either none before the last had a time of its own
 * or the last already has its own (a per-epoch "Training time" after each epoch
 * header times its first epoch too, and is that epoch's), or the line says the training
 * ended and `v` is twice the run's longest epoch or more. A time without those words
 * ("Time: 16.37s") is the run's when none of its three epochs or more has one of its own.
 */
/*
 * Whether the line before a time, [l, l+n), says the training ended ("Training completed in
 * 17.58 seconds") after a run's one epoch whose stamped lines timed it (16.883 s; a
 * checkpoint's save came after it, PC-Transformers): the run's time, not the epoch's.
 */
static int one_epoch_training(const struct gen *g, const char *l, size_t n)
{
    return g->run && g->run->nepochs == 1 && has(l, n, "training") &&
           (has(l, n, "complete") || has(l, n, "finish")) && !isnan(g->first_t) &&
           g->run->epochs[0].end > g->first_t && g->marks >= 2;
}

static int whole_training(const struct gen *g, const char *l, size_t n, double v)
{
    const struct br_run *run = g->run;
    int ended = has(l, n, "complete") || has(l, n, "finish") || has(l, n, "done") ||
                has(l, n, "end of");  /* "End of training. Time consumed: 3:06:01" */
    size_t untimed;
    double longest;

    /* ("Training duration of model: 47.51 minute" after epochs 10, 20, ..., 200 printed with
     * no time, apotursun963/CIFAR-Classifier) */
    if (!run || run->nepochs < 2 || !(has_time(l, n) || has(l, n, "duration") || ended))
        return 0;
    longest = longest_before_last(run, &untimed);
    /* "Fold done in 0.46h": a k-fold log's fold, which is its run, ended */
    if (!(has(l, n, "training") || has(l, n, "learning") || (ended && has(l, n, "fold"))))
        /* "Time: 16.37s, Accuracy: 0.9910" after ten epoch lines with no time (MLX timed
         * its loop): the loop's, no epoch's */
        return run->nepochs >= 3 && untimed + 1 == run->nepochs && g->rank < DUR_LINE &&
               has(l, n, "time");
    /* "Training complete in 946m 39s" after epochs of 5 minutes, that their lines'
     * timestamps timed: the training's, twice as long as any epoch or more */
    return untimed + 1 == run->nepochs || g->rank >= DUR_LINE ||
           (ended && longest > 0 && v >= 2 * longest);
}

/*
 * Whether the line before a time, [l, l+n), counts the run's epochs ("Training for 200 epochs
 * and 256 batch size took 6846.8 seconds" after EPOCH 200): a count of two or more, "N epochs",
 * that is the run's last epoch's number or its number of epochs, and no "per" or "each"
 * (an average's): the whole run's time.
 */
static int counts_run_epochs(const struct gen *g, const char *l, size_t n)
{
    const struct br_run *run = g->run;

    if (!run || !run->nepochs || has(l, n, "per") || has(l, n, "each"))
        return 0;
    for (size_t i = 0; i + 7 < n; i++) {
        unsigned long c = 0;
        size_t k = i;
        if (!isdigit((unsigned char)l[i]) || (i && isalnum((unsigned char)l[i - 1])))
            continue;
        while (k < n && isdigit((unsigned char)l[k]) && c < 10000000)
            c = c * 10 + (unsigned long)(l[k++] - '0');
        if (c >= 2 && k + 7 <= n && ieq(l + k, " epochs", 7) &&
            (c == run->epochs[run->nepochs - 1].index || c == run->nepochs))
            return 1;
        i = k;
    }
    return 0;
}

/*
 * Whether `v`, a time on a line after the run's last epoch, is twice as long as any
 * epoch before it or more, each of which has a time: no time of that one epoch.
 */
static int outlasts_epochs(const struct gen *g, double v)
{
    const struct br_run *run = g->run;
    size_t untimed;
    double longest;

    if (!run || run->nepochs < 3 || !(v >= 2 * run->epochs[run->nepochs - 2].duration))
        return 0;   /* (the epoch before it alone rules most out: no loop over the run) */
    longest = longest_before_last(run, &untimed);
    return !untimed && longest > 0 && v >= 2 * longest;
}

/*
 * A "total" time `v` on epoch e's own line ("[epoch:3/1200] [loss:0.0042]
 * [total time:0:02:26]"): the epoch's whole time, unless the run's second
 * such time is half as long again as its first or more, as a clock since the
 * training began grows ("Epoch 2 ... total time 4:55" after 2:28): then they
 * are the run's time so far, and the first epoch's is no time of its own.
 * 1 when v is e's duration.
 */
static int epoch_total(struct gen *g, struct br_epoch *e, double v)
{
    struct br_run *run = g->run;

    if (g->totals_grow)
        return 0;
    if (g->mark_totals == 1 && v >= 1.5 * g->mark_total1) {
        g->totals_grow = 1;
        for (size_t i = 0; i < run->nepochs; i++)
            if (&run->epochs[i] != e && run->epochs[i].duration == br_round_us(g->mark_total1)) {
                run->epochs[i].duration = NAN;
                g->epochs_timed--;
            }
        return 0;
    }
    if (!g->mark_totals++)
        g->mark_total1 = v;
    return 1;
}

/* Whether the text before a total time, s[0, at), names an evaluation ("Validate: Total
 * time:", "Test: Total time:", DeiT's and torchvision's after each epoch's training). */
static int evaluation_total(const char *s, size_t at)
{
    return has(s, at, "valid") || has(s, at, "test") || has(s, at, "eval");
}

/* The sum of the run's epoch times, those that have one ("done in 10.67s" each). */
static double timed_sum(const struct br_run *run)
{
    double sum = 0;

    for (size_t i = 0; i < run->nepochs; i++)
        if (!isnan(run->epochs[i].duration))
            sum += run->epochs[i].duration;
    return sum;
}

/* Records whether epoch e's duration is a clock's reading (DUR_CLOCK). */
static void mark_elapsed(struct gen *g, const struct br_epoch *e, int reading)
{
    size_t i;

    if (!g->run || e < g->run->epochs || e >= g->run->epochs + g->run->nepochs)
        return;
    i = (size_t)(e - g->run->epochs);
    if (i >= g->nelapsed) {
        size_t n = g->nelapsed ? g->nelapsed : 64;
        while (n <= i)
            n *= 2;
        g->elapsed = br_xrealloc(g->elapsed, n);
        memset(g->elapsed + g->nelapsed, 0, n - g->nelapsed);
        g->nelapsed = n;
    }
    g->elapsed[i] = (unsigned char)reading;
}

/*
 * Epoch e of the run ran from the clock's reading at its first line (g->clock_at) to `at`,
 * read at the next epoch's start or at its end, res the sum of their resolutions: its time,
 * when it has none and the epoch after it, if any, is the next by number.
 */
static void clock_time(struct gen *g, struct br_epoch *e, double at, double res)
{
    const struct br_epoch *next = e + 1;

    if (isnan(at) || isnan(g->clock_at) || !(at > g->clock_at) ||
        !isnan(e->duration) ||
        (next < g->run->epochs + g->run->nepochs && e->index + 1 != next->index))
        return;
    e->duration = br_round_us(at - g->clock_at);
    e->res = res;
    g->epochs_timed++;
    g->clock_timed++;
}

/*
 * A clock since the training began read on the step lines before their epoch marker, "GAN
 * training: time elapsed = 3465.18 [s] | epoch=2 | batch= [1/3503]" every 50 batches
 * (Ebiquity/image_generator's slurm.out, 20 epochs, no line of an epoch's own): the epoch
 * before ran from its first reading to this epoch's first, when both are at the same step
 * of one count (its last reading, at 3501 of 3503, is short of its end). The run's last
 * epoch, with no next, has no time; when its step lines stop where every epoch's before
 * did, it ran to its end as they did, and is not partial (clock_whole()). Called on epoch
 * e's first line, a step's.
 */
static void step_clock(struct gen *g, struct br_epoch *e, const char *s, size_t mark)
{
    struct dur d;
    struct scan sc = { 0, 0 };
    double at = NAN, res = 0;
    int none = !has(s, mark, "elapsed");

    while (!none && next_duration(s, mark, g->dec, &sc, &d)) {
        if (has(s + d.label, d.at - d.label, "elapsed") &&
            classify(s + d.label, d.at - d.label, 0, 0, &(int){ 0 }) == DUR_CLOCK) {
            at = d.s;
            res = isnan(d.res) ? 0 : d.res;
            break;
        }
    }
    if (g->run->nepochs >= 2 && g->first_frac == g->clock_frac && !g->clock_bar)
        clock_time(g, e - 1, at, res + g->clock_res);
    g->clock_at = at;
    g->clock_res = res;
    g->clock_frac = g->first_frac;
    g->clock_bar = 0;
}

/*
 * A tqdm bar over the epochs before each epoch's marker, "| 1/200 [00:20<1:09:08,
 * 20.85s/it]epoch 2" (KevinCarpricorn/EchoAlign's dann_train.log: the bar drawn as epoch 2
 * begins, its count the epochs done): its elapsed clock, since the training began, times
 * the epoch before from that epoch's first line's reading to this one's (each cut to the
 * second: +- 1 s); the last, from its own to the bar's end ("200/200 [1:07:56<00:00")
 * after it (bar_end()). 1 when the epoch's first line, `line`, was glued after such a bar
 * (gen_line() keeps it), else 0.
 */
static int bar_clock(struct gen *g, struct br_epoch *e, unsigned line)
{
    const struct br_hfbar b = g->bar;

    if (g->bar_line != line || b.step + 1 != (long)e->index || b.total < (long)e->index)
        return 0;
    if (g->run->nepochs >= 2 && g->clock_bar == b.total)
        clock_time(g, e - 1, b.elapsed, 2);
    g->clock_at = b.elapsed;
    g->clock_res = 1;
    g->clock_frac = NAN;
    g->clock_bar = b.total;
    return 1;
}

/* A line after the last epoch's whose bar over the epochs reached its total: it ended. */
static void bar_end(struct gen *g, struct br_epoch *e, const char *s, size_t n)
{
    struct br_hfbar b;

    if (br_hfbar_last(s, n, &b) && b.total == g->clock_bar && b.step == b.total &&
        (long)e->index == b.total) {
        clock_time(g, e, b.elapsed, 2);
        g->clock_at = NAN;
    }
}

/* Duration d, ranked r, is epoch e's, its line read at time t. */
static void take_duration(struct gen *g, struct br_epoch *e, const struct dur *d, enum rank r,
                          double t)
{
    if (g->rank < DUR_LINE && r >= DUR_LINE)
        g->epochs_timed++;
    e->duration = br_round_us(d->s);
    e->res = isnan(d->res) ? 0 : d->res;
    e->cut = d->cut;
    g->dur_t = t;
    g->dur_line = g->line;
    g->rank = r;
    mark_elapsed(g, e, r == DUR_CLOCK);
}

/*
 * A clock since the epoch began on its step lines: "Epoch [2/2], Step [1/12942], Loss:
 * 2.3066, Perplexity: 10.0401, Time (mins): 0.015" ... "Step [12942/12942], ..., Time
 * (mins): 153.703" (3ZadeSSG/Automatic-Image-Captioning's training_log.txt, the Udacity
 * captioning project's loop). Read at the epoch's last step (k of k), it is the epoch's time,
 * when every step line of the epoch printed it, none less than the one before (three or
 * more), and the first, a quarter of the way in at most, no more than twice its steps' share
 * of the last: the clock started with the epoch, not with the training. A step's own time
 * ("time: 0.17s" on each) does not grow so. Called on each of epoch e's step lines.
 */
static void epoch_step_clock(struct gen *g, struct br_epoch *e, const char *s, size_t n, double t)
{
    struct dur d = g->step_dur; /* the line's first such time (durations() found it) */
    double frac = g->step_dur_found ? step_fraction(s, n) : NAN;

    if (!g->step_dur_found || isnan(frac) || (g->sclock_n && !g->sclock_rising)) {
        g->sclock_n = 0;
        g->sclock_rising = 0;
        return;
    }
    if (!g->sclock_n++) {
        g->sclock_first = d.s;
        g->sclock_frac = frac;
        g->sclock_rising = 1;
    } else if (d.s < g->sclock_last) {
        g->sclock_rising = 0;
    }
    g->sclock_last = d.s;
    if (frac >= 1 && g->sclock_n >= 3 && g->sclock_rising && g->sclock_frac <= 0.25 &&
        g->sclock_first <= 2 * d.s * g->sclock_frac + (isnan(d.res) ? 0 : d.res) &&
        g->rank < DUR_LINE)
        take_duration(g, e, &d, DUR_LINE, t);
}

/*
 * MindCV's callback after each epoch's validation, "Total time since last epoch:
 * 1111.521010(train: 951.243266, val: 158.227048)s, ETA: 132271.000237s"
 * (2024-MindSpore-1/Code3's BoTNet/logs/botnet50.txt): the epoch's whole time, its training
 * and its validation, labelled per epoch; the "Validation Top_1_Accuracy: ..., time:
 * 158.227048s" line before it is the validation's alone. 1 when [s, s+n) is that line and
 * epoch e took its first number.
 */
static int since_last_epoch(struct gen *g, struct br_epoch *e, const char *s, size_t n, double t)
{
    static const char lit[] = "Total time since last epoch: ", tail[] = "(train: ";
    const char *p = memmem(s, n, lit, sizeof(lit) - 1), *end = s + n;
    struct dur d = { .cut = 0 };
    size_t k;

    if (!p || !e || g->rank >= DUR_LABELLED)
        return 0;
    p += sizeof(lit) - 1;
    k = br_num_parse(p, end, &d.s);
    if (!k || !(d.s > 0) || (size_t)(end - p - k) < sizeof(tail) - 1 ||
        memcmp(p + k, tail, sizeof(tail) - 1))
        return 0;
    d.res = resolution(p, end, g->dec);
    d.label = (size_t)(p - s) - (sizeof(lit) - 1);
    d.at = (size_t)(p - s);
    take_duration(g, e, &d, DUR_LABELLED, t);
    return 1;
}

static void durations(struct gen *g, struct br_epoch *e, const char *s, size_t n, size_t floor,
                      int on_mark, int progress, double t)
{
    struct dur d;
    struct scan sc = { floor, floor };

    g->step_dur_found = 0;
    if (!on_mark && !progress && since_last_epoch(g, e, s, n, t))
        return;
    while (next_duration(s, n, g->dec, &sc, &d)) {
        int total;
        enum rank r = classify(s + d.label, d.at - d.label, on_mark, progress ? 2 : 0, &total);

        if (progress && (r == DUR_LINE || r == DUR_AFTER)) {
            if (r == DUR_LINE && !total && !g->step_dur_found) {
                g->step_dur = d; /* a time a line of its epoch's marker would own, on a step
                                  * line ("Time (mins): 153.703": epoch_step_clock()) */
                g->step_dur_found = 1;
            }
            r = DUR_NONE; /* a step's time on a progress line */
        }

        if (!total && !on_mark && e && (r == DUR_AFTER || r == DUR_LABELLED) &&
            counts_run_epochs(g, s, d.at)) {
            total = 1; /* "Training for 200 epochs ... took 6846.8 seconds" */
        } else if (!total && !on_mark && e && (r == DUR_AFTER || r == DUR_LABELLED) &&
                   one_epoch_training(g, s, d.at)) {
            total = 1;
        } else if (!total && !on_mark && e && r == DUR_AFTER &&
                   whole_training(g, s + d.label, d.at - d.label, d.s)) {
            total = 1; /* "Forecasting training time: 0:00:01" after epochs 10, ..., 100 */
        } else if (!total && !on_mark && e && r == DUR_CLOCK && has(s, d.label, "training") &&
                   (has(s, d.label, "finish") || has(s, d.label, "complete"))) {
            total = 1; /* "Training finished at Fri Oct 24 19:54:41 2025 | Elapsed time: 578.03
                        * s" after the epochs (Stacked_GAN's train_log.txt): the clock since
                        * the training began, read as it ended */
        } else if (!total && !on_mark && e && r == DUR_AFTER && outlasts_epochs(g, d.s)) {
            /* "Stage1 running time: 0:01:30.982" after 50 epochs of 1.9 s: the run's time,
             * or a stage's or a test's, never the last epoch's */
            if (!has(s + d.label, d.at - d.label, "run") &&
                !has(s + d.label, d.at - d.label, "total"))
                continue;
            total = 1;
        }
        if (total && on_mark && e && !progress && g->rank < DUR_LINE && epoch_total(g, e, d.s)) {
            total = 0;
            r = DUR_LINE;
        }
        if (total && progress)
            continue; /* "Epoch 0 Batch 69 - ... | Total: 0.9096s": that step's */
        if (total && !on_mark && evaluation_total(s, d.at))
            continue; /* "Validate: Total time: 0:00:18" after each epoch: its validation's */
        if (total && g->run) {
            int trained = has(s + d.label, d.at - d.label, "train");
            if (g->total_trained && !trained && g->run->runtime_s >= timed_sum(g->run))
                continue; /* "Total Time: 40.00 min" after "Total Training Time: 38.46 min"
                           * and a test: the script's, not the training's (unless that was
                           * shorter than the epochs it timed: their steps' alone) */
            g->total_trained = trained;
            g->run->runtime_s = d.s;
            g->total_line = g->line;
            continue;
        }
        if (!e || r == DUR_NONE || r <= g->rank)
            continue;
        take_duration(g, e, &d, r, t);
    }
}

/* Whether [s, s+n) says time, cost, took, takes or duration. */
static int time_or_cost(const char *s, size_t n)
{
    return time_word(s, n) || has(s, n, "cost");
}

/*
 * A time before the epoch's marker on its line, labelled as one ("Date: 2023-10-29
 * 11:25:34s, Time_Cost: 104s, Epoch: [1/100],Val_PSNR: 28.86"): the epoch's, when its
 * label says time, cost, took or duration (not an eta, a total, a validation's).
 */
static void time_before_mark(struct gen *g, struct br_epoch *e, const char *s, size_t n,
                             double t)
{
    struct dur d;
    struct scan sc = { 0, 0 };
    int total;

    size_t i = 0;

    while (i < n && !isdigit((unsigned char)s[i]))
        i++;
    if (i == n || !time_or_cost(s, n))
        return; /* most epoch lines: no figure before the marker, or none says a time */
    while (next_duration(s, n, g->dec, &sc, &d)) {
        const char *l = s + d.label;
        size_t ln = d.at - d.label;
        if (!time_or_cost(l, ln) || classify(l, ln, 1, 0, &total) < DUR_LINE || total)
            continue;
        take_duration(g, e, &d, DUR_LINE, t);
        return;
    }
}

/* A line that is only an epoch header: "Epoch 3/10", "Training Epoch: 1/4", "[Epoch 3]". */
static int bare_mark(const char *s, size_t n, const struct mark *m)
{
    for (size_t i = m->end; i < n; i++)
        if (isalnum((unsigned char)s[i]))
            return 0;
    return 1;
}

/* Whether an epoch line carries a time of its own ("train 2.2s"). */
static int timed_line(const struct gen *g, const char *s, size_t n, size_t floor, int progress)
{
    struct dur d;
    struct scan sc = { floor, floor };
    int total;

    if (progress && step_fraction(s, n) < 0.99)
        return 0; /* "Epoch 0 [  20/188] loss=5.13 ... (12.0s)": the time so far, 20 steps in */
    while (next_duration(s, n, g->dec, &sc, &d))
        if (classify(s + d.label, d.at - d.label, 1, progress, &total) >= DUR_LINE)
            return 1;
    return 0;
}

/*
 * A debugging print, no figure of the epoch: "[Debug] y_true_inv range: min=0.00,
 * max=1559.66, mean=207.61" (the data's range), "DEBUG: ...", "debug: ...".
 */
static int debug_print(const char *s, size_t n)
{
    size_t i = 0;

    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (i < n && s[i] == '[')
        return n - i > 7 && ieq(s + i + 1, "debug]", 6);
    /* torch.distributed's barrier as a launch begins ("Added key: store_based_barrier_key:1
     * to store for rank: 0"): no value of an epoch, and no line of the one a launch before */
    return (n - i > 6 && ieq(s + i, "debug", 5) && s[i + 5] == ':') ||
           (n - i > 40 && memmem(s + i, n - i, "store_based_barrier_key", 23));
}

/*
 * After an epoch's number, a word saying the epoch starts (1: "epoch: 0 start, learning
 * rate: 0.01") or ended (2: "epoch: 0 end, loss: 2.17"), else 0.
 */
static int marker_word(const char *s, size_t n)
{
    static const struct { const char *w; int says; } words[] = {
        { "start", 1 },    { "starts", 1 }, { "started", 1 }, { "starting", 1 },
        { "begin", 1 },    { "begins", 1 }, { "beginning", 1 }, { "end", 2 },
        { "ends", 2 },     { "ended", 2 },  { "finished", 2 }, { "done", 2 },
        { "completed", 2 },
    };
    size_t i = 0, k;

    while (i < n && i < 3 && (s[i] == ' ' || s[i] == ':' || s[i] == ',' || s[i] == ']'))
        i++;
    if (i == n || !strchr("bcdefsBCDEFS", s[i]))
        return 0; /* no such word's first letter: most markers ("Epoch: [0][10/44]") */
    for (k = i; k < n && isalpha((unsigned char)s[k]); k++)
        ;
    for (size_t w = 0; w < sizeof(words) / sizeof(words[0]); w++)
        if (k - i == strlen(words[w].w) && ieq(s + i, words[w].w, k - i))
            return words[w].says;
    return 0;
}

/* A "//" comment's slashes, not a URL's ("loading file https://huggingface.co/..."). */
static int comment_slashes(const char *s, size_t n)
{
    for (const char *p = s; (p = memchr(p, '/', (size_t)(s + n - p))) && p + 1 < s + n; p++)
        if (p[1] == '/' && (p == s || p[-1] != ':'))
            return 1;
        else if (p[1] == '/')
            p++;
    return 0;
}

/* Source code, markup: not a log's line (a script's text, not its output). A
 * printed dict is a log's (its message, at k, is "{...}", or a label and it:
 * "epoch 0: {'accuracy': 0.5687}", as Hugging Face's no_trainer scripts print). */
static int looks_like_code(const char *s, size_t n, size_t k)
{
    const char *brace;
    size_t j;

    while (n && (s[n - 1] == ' ' || s[n - 1] == '\r'))
        n--;
    brace = n > k ? memchr(s + k, '{', n - k) : NULL;
    if (brace && brace > s + k + 1 && brace[-1] == ' ' && brace[-2] == ':' &&
        brace - (s + k) < MARK_MAX_COL && !memchr(s + k, '(', (size_t)(brace - (s + k))))
        k = (size_t)(brace - s);
    if (n > k + 2 && s[k] == '{' && s[n - 1] == '}' && memchr(s + k, ':', n - k))
        return 0; /* a printed dict or JSON record ("{'cuda': True, ...}"): data */
    if (n > k + 4 && s[n - 1] == '}' && s[k] != ' ' &&
        ((brace = memmem(s + k, n - k, "{'", 2)) || (brace = memmem(s + k, n - k, "{\"", 2))) &&
        brace > s + k && brace[-1] == ' ' && memchr(brace, ':', (size_t)(s + n - brace)))
        return 0; /* words, then a printed dict (gensim's "FastText lifecycle event {'msg':
                   * ..., 'datetime': ...}"): data */
    if (n > k + 13 && s[n - 1] == '{' && !memcmp(s + k, "Model config ", 13))
        return 0; /* transformers' "Model config BertConfig {", then the config as JSON */
    for (j = k; j < n && s[j] == ' '; j++)
        ;
    if (n > j + 4 && s[j] == '"' && !memcmp(s + n - 4, "\": {", 4))
        return 0; /* a JSON key that opens an object ("  \"id2label\": {"): data */
    if (n && (s[n - 1] == ';' || s[n - 1] == '{' || s[n - 1] == '}' || s[n - 1] == '\\'))
        return 1;
    return has(s, n, " == ") || has(s, n, " != ") || comment_slashes(s, n) || has(s, n, "/*") ||
           has(s, n, "#include") ||
           has(s, n, "return ") || has(s, n, "def ") ||
           (n && ((s[0] == '.' && !(n > 4 && !memcmp(s, "....", 4))) || s[0] == '`'));
    /* (a row of dots is a progress line's, TensorFlow's tutorials': "......Time taken for
     * epoch 1 is 422 sec") */
}

/*
 * A shell command that runs a Python script ("user@host:~/sign$ python -u
 * ../../tools/infer.py -m config.yaml", "python3 eval.py"): 1, and in *eval
 * whether the script evaluates rather than trains (its name says infer,
 * eval, test, predict or valid and not train); 0 when the line is none.
 */
static int command_script(const char *s, size_t n, int *eval)
{
    static const char *const evals[] = { "infer", "eval", "test", "predict", "valid" };

    if (n < 10 || !memmem(s, n, ".py", 3))
        return 0;
    for (size_t i = 0; i + 7 < n; i++) {
        size_t j = i + 6, a, b;

        if ((i && s[i - 1] != ' ' && s[i - 1] != '$' && s[i - 1] != '/') ||
            !ieq(s + i, "python", 6))
            continue;
        while (j < n && (isdigit((unsigned char)s[j]) || s[j] == '.'))
            j++;
        if (j >= n || s[j] != ' ')
            continue;
        /* the first word ending in ".py" after it: the script */
        for (a = j; a < n; a = b) {
            while (a < n && s[a] == ' ')
                a++;
            for (b = a; b < n && s[b] != ' ';)
                b++;
            if (b - a > 3 && !memcmp(s + b - 3, ".py", 3)) {
                size_t base = b;
                while (base > a && s[base - 1] != '/')
                    base--;
                *eval = 0;
                for (size_t w = 0; w < sizeof(evals) / sizeof(evals[0]); w++)
                    *eval |= has(s + base, b - base, evals[w]);
                if (has(s + base, b - base, "train"))
                    *eval = 0;
                return 1;
            }
            if (b == a)
                break;
        }
    }
    return 0;
}

/*
 * The evaluation phase in a bracketed tag that ends at s[close] ("[Diff-Val(Test-Normal)]
 * Epoch 001": its first evaluation word, Val; "[Train] Epoch 001": none). Its start, its
 * length in *len; or NULL.
 */
static const char *tag_phase(const char *s, size_t close, size_t *len)
{
    static const char *const words[] = { "val", "valid", "validation", "test", "testing",
                                         "eval", "evaluation", "dev" };
    size_t open = close;

    while (open && s[open - 1] != '[' && close - open < 40)
        open--;
    if (!open || s[open - 1] != '[')
        return NULL;
    for (size_t i = open; i < close;) {
        size_t w = i;
        while (w < close && isalpha((unsigned char)s[w]))
            w++;
        for (size_t k = 0; w > i && k < sizeof(words) / sizeof(words[0]); k++)
            if (strlen(words[k]) == w - i && ieq(s + i, words[k], w - i)) {
                *len = w - i;
                return s + i;
            }
        i = w > i ? w : i + 1;
    }
    return NULL;
}

/*
 * The evaluation phase named just before an epoch marker that starts at
 * s[start] ("Evaluation Epoch 0 - ...", "Val Epoch 3: ..."): where its word
 * starts, its length in *len; NULL when none, or when it is training's.
 */
static const char *mark_phase(const char *s, size_t start, size_t *len)
{
    size_t e = start, b;

    while (e && (s[e - 1] == ' ' || s[e - 1] == '[' || s[e - 1] == '-' || s[e - 1] == ':' ||
                 s[e - 1] == '|'))
        e--;
    if (e && s[e - 1] == ']')
        return tag_phase(s, e - 1, len);
    for (b = e; b && isalpha((unsigned char)s[b - 1]); b--)
        ;
    /* "TEST in epoch24, loss = 3.64", "Test on Epoch 1": the phase is the word before "in" */
    if (((e - b == 2 && (ieq(s + b, "in", 2) || ieq(s + b, "on", 2))) ||
         (e - b == 3 && ieq(s + b, "for", 3))) &&
        b >= 2 && s[b - 1] == ' ' && isalpha((unsigned char)s[b - 2])) {
        e = b - 1;
        for (b = e; b && isalpha((unsigned char)s[b - 1]); b--)
            ;
    }
    /* "Valid Summary | Epoch 1 | Loss=0.22": the phase is the word before "Summary" */
    if (e - b == 7 && ieq(s + b, "summary", 7) && b >= 2 && s[b - 1] == ' ' &&
        isalpha((unsigned char)s[b - 2])) {
        e = b - 1;
        for (b = e; b && isalpha((unsigned char)s[b - 1]); b--)
            ;
    }
    if (e == b || e == start || (b && is_word(s[b - 1])))
        return NULL;
    /* phase_word wants a space after the word: the marker's space or '[' is one */
    if (s[e] != ' ' || !phase_word(s + b, e - b + 1) || ieq(s + b, "train", 5))
        return NULL;
    *len = e - b;
    return s + b;
}

/*
 * A line that only announces an evaluation ("testing in eval mode……",
 * "Validating...", "Evaluation:"): no digit, a few words, the first a phase
 * word. Its phase as the metrics' prefix ("test", "eval", "val"), else NULL.
 */
static const char *announced_phase(const char *s, size_t n)
{
    static const struct { const char *word, *phase; } words[] = {
        { "testing", "test" },   { "test", "test" },       { "evaluating", "eval" },
        { "evaluation", "eval" }, { "eval", "eval" },      { "validating", "val" },
        { "validation", "val" }, { "valid", "val" },
    };
    size_t i = 0, w;

    if (n > 64)
        return NULL;
    for (size_t k = 0; k < n; k++)
        if (isdigit((unsigned char)s[k]) || s[k] == '=' || s[k] == '|')
            return NULL;
    while (i < n && !isalpha((unsigned char)s[i]))
        i++;
    for (w = i; w < n && isalpha((unsigned char)s[w]); w++)
        ;
    for (size_t k = 0; k < sizeof(words) / sizeof(words[0]); k++)
        if (strlen(words[k].word) == w - i && ieq(s + i, words[k].word, w - i))
            return words[k].phase;
    return NULL;
}

/* A line stamped within a few milliseconds of the last epoch line: printed with it. */
static int same_instant(const struct gen *g, const struct br_time *t)
{
    return !isnan(t->t) && !isnan(g->mark_t) && fabs(t->t - g->mark_t) < 0.005;
}

/*
 * Where text glued after a tqdm bar that has not started ("Epoch 4/100:   0%|
 * | 0/6 [00:00<?, ?it/s]Val   - Acc: 0.5714") begins: a line the script printed
 * while the next epoch's bar was being drawn, the epoch before's; 0
 * when the line is no such bar or nothing is glued to it. With `any`, after a
 * bar at any count ("| 127/301 [1:21:23<1:51:09, 38.33s/it]epoch: 64, loss: ...").
 */
static size_t glued_after_bar(const char *s, size_t n, int any)
{
    const char *bar = memchr(s, '|', n), *end;
    size_t k;

    while (bar && !(bar + 4 <= s + n && !memcmp(bar, "| 0/", 4)) &&
           !(any && bar + 3 <= s + n && bar[1] == ' ' && isdigit((unsigned char)bar[2])))
        bar = memchr(bar + 1, '|', n - (size_t)(bar + 1 - s));
    if (!bar)
        return 0;
    end = memmem(bar, n - (size_t)(bar - s), "it/s]", 5);
    if (!end)
        end = memmem(bar, n - (size_t)(bar - s), "s/it]", 5);
    if (!end)
        return 0;
    k = (size_t)(end - s);
    for (size_t j = k + 5; j < n; j++)
        if (isalpha((unsigned char)s[j]))
            return k + 5;
    return 0;
}

/*
 * Records written without their line ends ("epoch: 1/1000, train_loss: 6.84, train_acc:
 * 0.39epoch: 2/1000, ..."): where the line's epoch marker comes again, its same words and
 * planned count glued to the value before it, the next record begins; 0 when it does not.
 */
static size_t glued_mark(const char *s, size_t n, const struct mark *m)
{
    struct mark m2;
    size_t w;
    const char *word = s + m->start, *q;

    if (!m->of)
        return 0;
    for (w = 0; m->start + w < m->end && !isdigit((unsigned char)word[w]); w++)
        ;
    if (w < 3)
        return 0;
    for (q = s + m->end; (q = memmem(q, n - (size_t)(q - s), word, w)) != NULL; q++) {
        if (!isalnum((unsigned char)q[-1]) && q[-1] != '%')
            continue; /* a separator before it: the line's own text, not a glued record */
        if (find_mark(q, n - (size_t)(q - s), 0, &m2) == 1 && m2.start == 0 && m2.of == m->of)
            return (size_t)(q - s);
    }
    return 0;
}

/*
 * Message `h` in `l`: before the run's first epoch (`before`), one more of the launch's;
 * after it, the next of them again (`last`: the line with text before it).
 */
static void launch_msg(struct launch_msgs *l, uint32_t h, int before, unsigned last)
{
    if (before) {
        for (unsigned i = 0; i < l->n; i++)
            if (l->h[i] == h)
                return;
        if (l->n < sizeof(l->h) / sizeof(l->h[0]))
            l->h[l->n++] = h;
        return;
    }
    for (unsigned i = l->at; i < l->n; i++) {
        if (l->h[i] != h)
            continue;
        l->at = i + 1;
        if (++l->hits == 1) {
            l->sign = last;
            l->from0 = i == 0;
        }
        return;
    }
}

/*
 * Launches appended to one log, whose epoch line has a value and so is no bare header to
 * see again (WayenVan/sign_language_rgb's Hydra DDP log: each of 27 launches prints
 * "saving git info", "building model and dataloaders", then "epoch 0, lr=[0.0001]").
 * Messages before a run's first epoch, without digits and of two words or more, are its
 * launch's; two of them again, in their order, since the last marker, then the epoch's
 * first line again, the same text (at_mark): the script started again, the attempt before
 * died. So do two of its messages or more with numbers and all, from its first, again,
 * then the epoch's one-line summary again with other numbers (summary_again()), the attempt
 * before having stopped after it. (Not a
 * step line of the same epoch after an evaluation that loads its data with the launch's
 * words, "loading annotations into memory...": PaddleDetection.)
 */
static void launch_line(struct gen *g, const char *s, size_t n)
{
    uint32_t h;
    int before = !g->run || !g->run->nepochs;

    if (n < 8 || n > 200 || !memchr(s, ' ', n))
        return;
    h = name_hash(s, n);
    launch_msg(&g->said, h, before, g->last_line);
    for (size_t i = 0; i < n; i++)
        if (isdigit((unsigned char)s[i]))
            return;
    launch_msg(&g->pre, h, before, g->last_line);
}

/*
 * Whether the values an epoch line gave (from e's metric `had` on) are its learning rate
 * alone ("epoch 0, lr=[0.0001]", printed as the epoch begins): a setting of the epoch, no
 * result, so no summary that ends it.
 */
static int rate_only(const struct br_epoch *e, size_t had)
{
    for (size_t i = had; i < e->nmetrics; i++)
        if (strcmp(e->metrics[i].name, "lr") && strcmp(e->metrics[i].name, "learning_rate"))
            return 0;
    return 1;
}

/*
 * A line without digits saying an epoch finished ("finish one epoch" after each epoch's
 * training, WayenVan/sign_language_rgb). Where the log's epochs print one, a last epoch
 * without it was cut (close_run()).
 */
static int epoch_finished(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (isdigit((unsigned char)s[i]))
            return 0;
    return n < 40 && has(s, n, "finish") && has(s, n, "epoch") && !has(s, n, "train");
}

/* Reads one cleaned line. Returns whether it looks like source code (for the sniffer). */
/*
 * The last epoch's bare header printed again, the same text ("[2022-06-27
 * 01:09:43,062]Epoch: 0001" after the same at 01:08:47): before the epoch had a
 * value, it began again there (the start before it died in its setup, or
 * printed nothing); after step lines and no other line with values, the
 * training started over ("Epoch: 0001", "iter:0200 loss_train: ...", then
 * "Epoch: 0001" again): another run, the attempt before died in it.
 */
static void header_again(struct gen *g, const char *s, size_t n, const struct mark *m)
{
    struct br_epoch *e = last_epoch(g);

    if (!e || !g->header_len || (long)e->index != m->epoch + g->base || n != g->header_len ||
        memcmp(s, g->header, n))
        return;
    if (!e->nmetrics)
        g->marks = 0; /* its clock starts at this line */
    else if ((g->steps_after && !g->others_after && !g->mark_metric) ||
             (g->last_step && !g->others_after && !g->summary_after))
        g->restart = 1; /* (its step lines were its marks: "epoch 0 step 28/62 loss 0.10") */
    else if (g->others_after)
        g->restart = g->restart_done = 1; /* after its summary ("this epoch:" then "loss=
                                           * 0.50"): it ended, and the start died after it */
}

/*
 * The number after `key` at s[i] ("'epoch': 30.0", "train_runtime = 0:58:27.42"): quotes,
 * blanks and one ':' or '=' may come between, and the value may be quoted ('1615', as newer
 * transformers print values). Its value in *v ([h:]mm:ss as seconds when `clock`); 1 when
 * one is there.
 */
static int value_after(const char *s, size_t n, size_t i, int clock, double *v)
{
    const char *p = s + i, *end = s + n;
    size_t k = 0;
    int sep = 0;

    while (p < end && (*p == '\'' || *p == ' ' || ((*p == ':' || *p == '=') && !sep++)))
        p++;
    if (!sep || p == end || !isdigit((unsigned char)*p))
        return 0;
    if (clock && !isnan(*v = clock_s(p, end, &k)) && k)
        return 1;
    return br_num_parse(p, end, v) > 0;
}

/* Where `key` (quoted when `quoted`: "'epoch'") is in [s, s+n): just past it, or 0. */
static size_t key_at(const char *s, size_t n, const char *key, int quoted)
{
    size_t kl = strlen(key);

    for (size_t i = quoted; i + kl + quoted <= n; i++)
        if (ieq(s + i, key, kl) && (!quoted || (s[i - 1] == '\'' && s[i + kl] == '\'')) &&
            (quoted || ((!i || !is_word(s[i - 1])) && (i + kl == n || !is_word(s[i + kl])))))
            return i + kl + (size_t)quoted;
    return 0;
}

/*
 * A line of the Trainer's metrics block, "  train_runtime            = 0:58:27.42", its
 * indent lost too (a logging record's message, "[...] [    INFO] -   epoch = 3.1746",
 * whose blanks are skipped with the level's; a paste: "epoch      =       0.9737  ").
 */
static int block_line(const char *s, size_t n)
{
    size_t i = 0;

    while (i < n && s[i] == ' ')
        i++;
    if (i == n || !is_word(s[i]))
        return 0;
    while (i < n && (is_word(s[i]) || s[i] == '/'))
        i++;
    while (i < n && s[i] == ' ')
        i++;
    return i < n && s[i] == '=';
}

/* Records the Trainer's train_runtime `v`, which says `ran` epochs ran (NaN: unsaid). */
static void trainer_runtime(struct gen *g, double v, double ran)
{
    if (!g->run)
        return;
    g->run->runtime_s = v;
    g->total_line = g->line;
    g->hf_summary = 1;
    g->hf_ran = ran;
}

/*
 * The Hugging Face Trainer's summary of a training, printed after its epochs by a
 * script that prints its own: the log dictionary "{'train_runtime': 7340.12,
 * 'train_samples_per_second': 12.3, 'train_loss': 0.51, 'epoch': 30.0}" (TrainOutput(...,
 * metrics={...}) too), or the metrics blocks of log_metrics() ("***** train metrics *****",
 * "  epoch = 30.0", "  train_runtime = 0:58:27.42"; eval and predict ones too). Its
 * train_runtime is the run's time to train, never an epoch's, nor are its values (the
 * run's mean loss, the best model's evaluation) the last epoch's: 1 when the line is one
 * (it is read here and nowhere else), else 0.
 */
static int trainer_summary(struct gen *g, const char *s, size_t n, size_t msg)
{
    size_t k;
    double v, ran = NAN;

    if (has_exact(s, n, "***** ", 0) && has(s, n, " metrics *****")) { /* after a bar too */
        g->hf_block = 1;
        g->hf_block_ran = NAN;
        return 1;
    }
    if (g->hf_block && block_line(s + msg, n - msg)) {
        if ((k = key_at(s, n, "epoch", 0)) && value_after(s, n, k, 0, &v))
            g->hf_block_ran = v;
        else if ((k = key_at(s, n, "train_runtime", 0)) && value_after(s, n, k, 1, &v))
            trainer_runtime(g, v, g->hf_block_ran);
        return 1;
    }
    g->hf_block = 0;
    /* (the Trainer writes the key in lower case: most lines are ruled out by its '_') */
    if (!has_exact(s, n, "train_runtime", 5) || !(k = key_at(s, n, "train_runtime", 1)) ||
        !value_after(s, n, k, 0, &v))
        return 0;
    {
        size_t ke = key_at(s, n, "epoch", 1);
        if (!ke || !value_after(s, n, ke, 0, &ran))
            ran = NAN;
    }
    trainer_runtime(g, v, ran);
    return 1;
}

/*
 * A line that says the script starts (again): the run's last line was the one before it,
 * or before the heading above it ("[03.24.23|10:10:36] Parameters:" over the dict).
 */
static void start_sign(struct gen *g)
{
    if (g->run && !g->sign_before)
        g->sign_before = g->last_heading && g->prev_line ? g->prev_line : g->last_line;
}

/* Whether a message ends in ':' ("Parameters:", "Time consumption:"): a heading. */
static int heading_line(const char *s, size_t n)
{
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\r' || s[n - 1] == '\t'))
        n--;
    return n && s[n - 1] == ':';
}

/* A Traceback's frame ('  File "x.py", line 1203, in __del__'): no figure of a training. */
static int traceback_frame(const char *s, size_t n)
{
    size_t j = 0;

    while (j < n && (s[j] == ' ' || s[j] == '\t'))
        j++;
    return j && n > j + 6 && !memcmp(s + j, "File \"", 6) && has(s, n, "\", line ");
}

/*
 * Whether the line goes on the run of step lines that step_reach follows where each step
 * prints a block of lines ("Test: [10/242]\tLoss 7.51 (5.17)", then "Prec@1 50.000 (69.318)"
 * and more), read to its last step and the summary after it (" * Prec@1 52.365"), never
 * cut at the epoch's 20th line with a running average of ten steps of 242: a line of the
 * block step_chain follows, within NEAR_LINES of the block's step line.
 */
/*
 * Whether [s, s+n) counts the open epoch as trained, its number as its marker printed it
 * then "epochs" ("After training 0 epochs, the loss is [1.8030598], the accuracy is 0.3151."
 * after "Start epoch 0" and its 50 step lines, "After update 490 times, ...":
 * Doraemonzzz/dlsys-project's result of each epoch): the epoch's own line, however many
 * step lines came before it.
 */
static int counts_epoch(struct gen *g, const char *s, size_t n)
{
    const struct br_epoch *e = last_epoch(g);
    const char *q = e ? memchr(s, ' ', n) : NULL;

    for (; q; q = memchr(q + 1, ' ', n - (size_t)(q + 1 - s))) {
        const char *d = q;
        long v;
        if (n - (size_t)(q - s) < 7 || !ieq(q, " epochs", 7))
            continue;
        while (d > s && isdigit((unsigned char)d[-1]))
            d--;
        if (d < q && (d == s || d[-1] == ' ') && digits(d, q, &v) == (size_t)(q - d) &&
            v + g->base == (long)e->index)
            return 1;
    }
    return 0;
}

static int step_block(struct gen *g, const char *s, size_t n, unsigned line)
{
    if (line != g->step_chain ||
        (line > g->block_step + NEAR_LINES &&
         !(g->step_reach + 1 == line && counts_epoch(g, s, n))) ||
        (line > g->mark_line + NEAR_LINES && g->step_reach + 1 != line))
        return 0;
    if (bracket_part(s, n) || is_progress(s, n))
        g->block_step = line;
    return 1;
}

/*
 * Whether metric `name`, read on `line`, is the epoch's own: the line is in the block of
 * lines right after the epoch's marker line that labelled its time ("Epoch: 01 | Epoch
 * Time: 1m 40s", then "\tTrain Loss: 0.223", "\t Val. Loss: 0.124", no line between: the
 * bentrevett tutorials' shape, hlmhlr/Road-segmentation's one epoch) and names no test,
 * final or best result. Such values are never a result after the training
 * (drop_final_results()), even in a log of one epoch.
 */
static int labelled_own(struct gen *g, unsigned line, const char *name)
{
    if (!g->labelled_block || (line != g->labelled_block + 1 && line != g->labelled_block))
        return 0; /* (the line itself: its second value) */
    if (strstr(name, "test") || strstr(name, "final") || strstr(name, "best"))
        return 0;
    g->labelled_block = line;
    return 1;
}

/*
 * The changes of a value printed after the last step line of the epoch before, as its
 * block's (see ahead_change()), moved to epoch e where its first line shows that step line
 * was its epoch's last: this line's step less its iteration is one past that line's step.
 * highevolutionary/DeepLearning-project1's RunnerM evaluates every 100 global steps and
 * prints the step lines ("epoch: 0, iteration: 781, step: 781", then "[Train] ..." and
 * "[Dev] ...") at the iterations 0, 100, ... of epoch 0 and at each epoch's last, where it
 * evaluates too; the best score's changes after epoch 1's last ("0.92050 --> 0.92240" ...
 * "0.93430 --> 0.93730") are epoch 2's evaluations at steps 800 ... 1500, before "epoch: 1,
 * iteration: 781, step: 1563" (1563 - 781 = 782 = 781 + 1). Their last value is epoch e's (a
 * later line of it may replace it); the epoch before keeps its value before them.
 */
static void ahead_moved(struct gen *g, struct br_epoch *prev, struct br_epoch *e, const char *s,
                        size_t n)
{
    const struct ahead *a = &g->ah;
    long it, st;
    size_t i;
    double v;

    if (!a->n || a->gstep < 0)
        return;
    it = count_named(s, n, "iteration");
    st = count_named(s, n, "step");
    if (it < 0 || st < it || st - it != a->gstep + 1)
        return;
    for (i = 0; i < prev->nmetrics; i++)
        if (strlen(prev->metrics[i].name) == a->n && !memcmp(prev->metrics[i].name, a->name, a->n))
            break;
    if (i == prev->nmetrics)
        return;
    v = prev->metrics[i].value;
    if (a->had) {
        prev->metrics[i].value = a->prior;
    } else {
        memmove(prev->metrics + i, prev->metrics + i + 1,
                (prev->nmetrics - i - 1) * sizeof(*prev->metrics));
        prev->nmetrics--;
    }
    if (e->nmetrics < 64)
        g->provisional |= (uint64_t)1 << e->nmetrics;
    br_epoch_set_metric(g->run, e, a->name, a->n, v);
}

/*
 * HRNet-Semantic-Segmentation's line after each epoch's validation (tools/train.py, and the
 * PIDNet and ICTNet trainers built on it): "Loss: 0.887, MeanIU:  0.6256, Best_mIoU:  0.6349"
 * is valid_loss then the mIoU, where the epoch's step lines gave the training's "Loss:
 * 1.230903": the loss is val_loss (a later line's "loss" is never the epoch's own). Records
 * it in e and returns where "MeanIU" begins in [s, s+n), or 0 when the line is no such one.
 */
static size_t miou_val_loss(struct gen *g, struct br_epoch *e, const char *s, size_t n)
{
    size_t k;
    double v;

    if (n < 20 || memcmp(s, "Loss: ", 6) || !(k = br_num_parse(s + 6, s + n, &v)) ||
        6 + k + 10 > n || memcmp(s + 6 + k, ", MeanIU: ", 10))
        return 0;
    metric(g, e, "val_loss", 8, v, 0, 0);
    return 6 + k + 2;
}

/*
 * HRNet-Semantic-Segmentation's last lines (tools/train.py, ICTNet's too: "Hours: %d" %
 * np.int((end - start) / 3600), then "Done"): the run's time to train cut down to the hour,
 * in [N, N + 1) h. As the run's time it would read N h where up to N + 1 passed, and be
 * spread over untimed epochs (spread_summary()): a note gives its bounds, no figure is
 * taken. Whether [s, s+n) is such a line, after epoch lines.
 */
static int hours_line(const struct gen *g, const char *s, size_t n, unsigned line)
{
    long h;
    size_t k;

    if (n < 8 || memcmp(s, "Hours: ", 7) || !(k = digits(s + 7, s + n, &h)) || 7 + k != n)
        return 0;
    br_source_diag(g->src, BR_NOTE, line, 1,
                   "'Hours: %ld' is the training's time cut down to the hour: between %ld and "
                   "%ld s, too coarse to be taken as its time", h, h * 3600, (h + 1) * 3600);
    return 1;
}

static int gen_line(struct gen *g, const char *s, size_t n, unsigned line,
                    const struct br_time *t)
{
    struct mark m = { 0, 0, 0, 0 };
    struct br_epoch *e;
    size_t msg = message_start(s, n);
    int code = looks_like_code(s, n, msg);
    int found, on_mark, progress = 0, eval, step = 0;

    g->line = line;
    g->arg_before = g->arg_line && g->arg_line + 1 == line;
    if (argument_line(s + msg, n - msg))
        g->arg_line = line;
    g->assign_before = g->assign_line && g->assign_line + 1 == line;
    if (assignment(s + msg, n - msg, 0) == n - msg)
        g->assign_line = line;
    if (traceback_frame(s, n) || python_warning(s, n))
        return code;
    if (g->aside && n && s[0] != ' ' && s[0] != '\t') {
        g->aside = 0;       /* the first unindented line after the frames */
        if (br_exception_line(s, n))
            return code;
    }

    found = code ? 0 : find_mark(s, n, msg, &m); /* again below only where s, n change */
    if (!code) {
        size_t k;
        while (found == 1 && (k = glued_mark(s, n, &m)) > 0) {
            gen_line(g, s, k, line, t); /* one record, then the ones glued after it */
            s += k;
            n -= k;
            msg = message_start(s, n);
            m = (struct mark){ 0, 0, 0, 0 };
            found = find_mark(s, n, msg, &m);
        }
    }
    if (!code) {
        size_t k = glued_after_bar(s, n, 0);
        struct mark tm;
        size_t at = found != 1 || m.start == 0 ? glued_after_bar(s, n, 1) : 0;
        if (at && find_mark(s + at, n - at, message_start(s + at, n - at), &tm) == 1 &&
            (tm.start == 0 || (message_start(s + at, n - at) &&
                               !memchr(s + at, ' ', tm.start)))) {
            if (br_hfbar_last(s, at, &g->bar))
                g->bar_line = line; /* its clock, maybe the epochs' (bar_clock()) */
            s += at; /* an epoch's record glued after a bar (a print between two redraws):
                      * the record, the bar before it no line of the epoch's */
            n -= at;
            msg = message_start(s, n);
            m = (struct mark){ 0, 0, 0, 0 };
            found = find_mark(s, n, msg, &m);
            k = 0;
        }
        if (k && !find_mark(s + k, n - k, 0, &tm)) {
            gen_line(g, s + k, n - k, line, t); /* the glued line first: it came first */
            n = k;
            msg = message_start(s, n); /* the level found may have been the glued line's */
            m = (struct mark){ 0, 0, 0, 0 };
            found = find_mark(s, n, msg, &m);
        }
    }
    if (!code && command_script(s, n, &eval)) {
        g->eval_script = eval;
        config_epochs(g, s, n, msg); /* "python train.py --n_epoch=100" */
        return code;
    }
    if (g->eval_script)
        return code; /* an evaluation script's output: its "epochs" are checkpoints tested */
    if (!code && trainer_summary(g, s, n, msg))
        return code;
    if (found == 1 && !code) {
        long set = epoch_setting(g, s + msg, n - msg);
        if (set > 0) {
            g->cfg_next = set;  /* a setting: the next run's planned count, no epoch */
            if (g->run && g->run->nepochs) {
                start_sign(g);  /* printed again after epochs: the script started again */
                g->relaunch = 1;
            }
            return code;
        }
    }
    on_mark = found == 1;
    if (!on_mark && !code && n > 20) {
        long k = loaded_checkpoint(s + msg, n - msg);
        if (k > 0)
            g->ckpt_epoch = k;
    }
    failure(g, s, n, line);
    if (!on_mark && !code && (starts_training(s, n) || starts_epochs(g, s + msg, n - msg))) {
        start_sign(g);
        g->begin_t = isnan(t->t) ? t->t : start_time(s, n, t->t);
        g->restart = 1; /* "Resume training ... from epoch 149" too */
        return code;    /* no epoch's line: it does not end the one before */
    }
    if (found == 2 && !code && g->run && g->run->nepochs && best_epoch(s + msg, n - msg)) {
        /* the script's result, once: after every epoch, it closes that epoch, as a bare
         * "Done." does */
        const struct br_epoch *last = &g->run->epochs[g->run->nepochs - 1];
        if (g->done_index != last->index) {
            g->done_epochs++;
            g->done_index = last->index;
        }
        if (g->done_epochs < 2)
            g->finished = line;
    }
    if (found == 2 && !code && early_stop_at(g, s, n))
        g->finished = line;
    if (found == 2)
        return code; /* a step's or an evaluation's line: neither its time nor its values */
    if (on_mark) {
        size_t nat = 0, nl = run_name(s, msg, m.start, &nat);
        int bare = bare_mark(s, n, &m);
        progress = is_progress(s, n);
        if (bare)
            header_again(g, s + msg, n - msg, &m);
        g->next_bare = bare;
        g->next_t = t->t;
        g->next_s = progress ? s : NULL;    /* its step, read only when needed */
        g->next_n = n;
        g->mark_s = s + m.start;
        g->mark_n = m.end - m.start;
        g->mark_hash = g->pre.hits >= 2 ? name_hash(s + msg, n - msg) : 0;
        g->mark_words = g->said.hits >= 2 ? words_hash(s + msg, n - msg) : 0;
        e = at_mark(g, &m, line,
                    (progress && !steps_counted(s, n)) || bare ||
                        timed_line(g, s, n, m.end, progress),
                    s + nat, nl, s);
        g->next_t = NAN;
        g->next_s = NULL;
        g->next_bare = 0;
        if (e)
            g->own_line = line;
        if (e && !g->marks && e->line == line && g->run->nepochs >= 2)
            ahead_moved(g, &g->run->epochs[g->run->nepochs - 2], e, s, n);
        g->ah.n = 0;   /* (at a line of the same epoch, they were its own) */
        g->ah.nv = 0;
        /* (looked for only where the line has "step:": most step lines do not) */
        g->ah.gstep = progress && memmem(s, n, "tep:", 4) ? count_named(s, n, "step") : -1;
        g->ah.iter = g->ah.gstep >= 0 ? count_named(s, n, "iteration") : -1;
        {
            long k, of, samples;
            size_t pre = progress && three_counts(s, n, &k, &of, &samples)
                             ? (size_t)((const char *)memchr(s, '[', n) - s)
                             : 0;
            if (pre && (g->tri_k < 0 || (pre == g->tri_pre_n && !memcmp(s, g->tri_pre, pre)))) {
                g->tri_k = k;
                g->tri_n = of;
                g->tri_iter = count_named(s, n, "iter");
                g->tri_pre_n = pre;
                memcpy(g->tri_pre, s, pre);
            }
        }
        if (e && !g->marks) { /* the epoch's first line */
            if (e->line == line) /* (a new epoch's, not its header again) */
                br_runtail_epoch(&g->tail, s + msg, n - msg, g->run->nepochs == 1);
            g->first_hash = name_hash(s + msg, n - msg);
            g->first_words = words_hash(s + msg, n - msg);
            g->first_bare = bare;
            g->value_step = 0;
            g->value_t = NAN;
            g->tail_t = g->tail_hit_t = NAN;
            g->header_len = bare && n - msg <= sizeof(g->header) ? n - msg : 0;
            memcpy(g->header, s + msg, g->header_len);
            g->steps_after = 0;
            g->others_after = 0;
            g->novel = 0;
        }
        interleaved(g, s + nat, nl, m.epoch, line);
        memcpy(g->name, s + nat, nl);
        g->name_len = nl;
        g->name_epoch = m.epoch;
        if (progress) {
            double f = step_fraction(s, n);
            /* the count back at 0 or 1 of its total after 979 of 989, the same epoch's:
             * it went past its total (PaddleGAN prints "Epoch: 100/100, iter: 0/989" for the
             * last iteration of the training, "iter: 1/989" of an epoch before the next's) */
            if (g->marks && f < 0.01 && g->step_frac >= 0.95 && step_counter(s, n) <= 1)
                f = 1;
            g->step_frac = f;
            g->summary_after = 0;
            if (g->step_frac >= 1 && count_runs_on(g))
                g->finished = line; /* a count over the whole run ("[TRAIN] epoch: 216, iter:
                                     * 80000/80000", PaddleSeg's) reached its total: the
                                     * training ended, in its last pass over the data */
        } else if (!isnan(g->step_frac)) {
            g->summary_after = 1;
        }
    } else {
        e = last_epoch(g);
        if (e && g->clock_bar && !isnan(g->clock_at))
            bar_end(g, e, s, n);
    }
    if (n && !code && !on_mark && dump_section(s + msg, n - msg)) {
        /* a start line before the dump ("resume from pretrain_models/...", an evaluation
         * launch's, 8 hours before) is no time of this start's first epoch */
        g->begin_t = NAN;
        g->in_dump = 1; /* the script prints its configuration: it starts (again) */
        if (g->run && !g->sign_before) /* a banner before it is the next start's too */
            g->sign_before = g->value_line > g->mark_line ? g->value_line : g->mark_line;
    }
    if (n && !code && !on_mark && config_epochs(g, s, n, msg))
        start_sign(g); /* before this line counts as the run's */
    if (n > msg + 10 && s[msg] == 'N' && !on_mark)
        config_batch(g, s + msg, n - msg);
    if (n && !code && !on_mark)
        launch_line(g, s + msg, n - msg);
    if (n && !code) {
        g->prev_line = g->last_line;
        g->last_line = line;
        g->last_heading = heading_line(s + msg, n - msg);
    }
    if (on_mark) {
        g->last_step = progress;
        g->bar_short = progress && tqdm_count(s, n);
    }
    if (n && !code && !g->finished && (on_mark || (g->first_bare && g->run && g->run->nepochs)))
        epoch_bar(g, s, n, on_mark, line);
    if (n && !on_mark && !has(s, n, "it/s") && !has(s, n, "s/it"))
        g->text_line = line;
    if (on_mark)
        g->step_chain = progress ? line : 0; /* a step line begins a block, another ends it */
    else if (n && g->step_chain && line == g->step_chain + 1 && !is_progress(s, n))
        g->step_chain = line; /* the block goes on */
    else if (!n && g->block_alt && line == g->step_chain + 1 && g->step_reach + 1 == line)
        g->step_chain = line; /* a blank line after such blocks, then the epoch's summary
                               * ("avg. train_loss 5.581", FGDCC) */
    else if (n)
        g->step_chain = is_progress(s, n) ? line : 0;
    if (!on_mark && !code && n) {
        const char *ph = announced_phase(s + msg, n - msg);
        g->phase_len = ph ? strlen(ph) : 0;
        if (ph) {
            memcpy(g->phase, ph, g->phase_len);
            g->phase_line = line;
        }
    }
    if (!on_mark && !code && e && epoch_finished(s + msg, n - msg)) {
        g->epoch_finishes++;
        g->finish_now = 1;
    }
    if (!on_mark && !code && e && s[msg] == 'H' && hours_line(g, s + msg, n - msg, line))
        return code; /* no value of the epoch's: the training's time, too coarse */
    if (!on_mark && !code && e && ends_training(s, n)) {
        /* a "Done." after every epoch closes that epoch, not the training */
        int bare = bare_done(s, n);
        if (bare && g->done_index != e->index) {
            g->done_epochs++;
            g->done_index = e->index;
        }
        if (!bare || g->done_epochs < 2)
            g->finished = line;
    }
    if (!on_mark && e && !code && n &&
        (line <= g->mark_line + NEAR_LINES || (g->step_reach && g->step_reach + 1 == line)))
        step = is_progress(s, n); /* asked once: the epoch's lines below use it */
    if (on_mark || (e && !code && line <= g->mark_line + NEAR_LINES && step)) {
        g->step_reach = on_mark ? 0 : line;
        if (on_mark)
            g->block_alt = 0;
    } else if (e && !code && g->step_reach && g->step_reach + 1 == line && (!n || step)) {
        /* the run of step lines goes on (a blank line within it too); a step line after a
         * line of its block ("[1,    50] grad_stats: ..." after each, FGDCC) begins the next
         * block (step_block() reads how far from it) */
        if (step && g->reach_block)
            g->block_step = g->block_alt = line;
        g->step_reach = line;
        g->reach_block = 0;
    } else if (e && !code && n && step_block(g, s, n, line)) {
        g->step_reach = line; /* a step's block of lines, or the next step's line after it */
        g->reach_block = !is_progress(s, n);
    } else if (line > g->mark_line + NEAR_LINES) {
        g->step_reach = 0;
    }
    if (e && !on_mark && !code && n && line > g->mark_line + NEAR_LINES &&
        line != g->step_reach && !isnan(t->t) && !g->finished)
        g->value_t = t->t; /* the epoch's lines go on past those read (evaluations) */
    if (e && !on_mark && !code && n && !isnan(t->t)) {
        g->tail_t = t->t;
        g->tail_words = line_words(s + msg, n - msg);
        if (g->ntail_sig && tail_seen(g))
            g->tail_hit_t = t->t;
    }
    if (e && !on_mark && !code && line > g->mark_line + NEAR_LINES && line != g->step_reach &&
        g->run->status == BR_RUN_OK && since_last_epoch(g, e, s, n, t->t))
        return code; /* (after a checkpoint manager's list of its top 10 and more) */
    if (!e || (!on_mark && ((line > g->mark_line + NEAR_LINES && line != g->step_reach) || code)))
        return code;
    if (on_mark && !g->marks) {
        g->step_before = g->run->nepochs >= 2 ? g->step_at : -1;
        /* (read only while every epoch before was one such line: the rule needs them all) */
        g->step_at = progress && g->steps_run_on + 1 == g->run->nepochs ? step_counter(s, n)
                                                                         : -1;
        g->first_progress = progress; /* with or without a timestamp of its own */
        g->first_t = t->t;
        g->first_frac = progress ? step_fraction(s, n) : NAN;
        g->sclock_n = 0;
        if (g->run->nepochs == 1) {
            g->run_first_t = g->first_t;
            g->run_first_frac = g->first_frac;
        }
        if (progress && isnan(g->first_frac) && step_counter(s, n) > 1)
            g->first_frac = 1; /* "Iteration step: 1300" of a count not said: some way in */
        g->runs_on = g->run->nepochs >= 2 && g->first_frac > g->prev_frac;
        if (bar_clock(g, e, line))
            ;
        else if (progress && !isnan(g->first_frac))
            step_clock(g, e, s, m.start);
        else
            g->clock_at = NAN;
    }
    if (!isnan(t->t)) {
        if (on_mark && !g->marks)
            e->start = t->t;
        if (on_mark) {
            g->mark_t = t->t;
            e->end = t->t;
        }
        if (!t->zoned)
            g->run->zoned = 0;
    }
    if (on_mark) {
        size_t had = e->nmetrics;
        g->marks++;
        g->mark_line = line;
        g->block_step = line;
        durations(g, e, s, n, m.end, 1, progress, t->t);
        if (progress)
            epoch_step_clock(g, e, s, n, t->t);
        else if (g->rank == DUR_LABELLED && g->dur_line == line)
            g->mark_labelled = !prose(s + msg, n - msg);
        g->labelled_block = g->mark_labelled ? line : 0;
        if (!progress && g->rank < DUR_LINE)
            time_before_mark(g, e, s, m.start, t->t);
        {
            size_t np = 0;
            const char *pre = mark_phase(s, m.start, &np);
            unsigned long v0 = g->values;
            if (!pre && g->phase_len && g->phase_line + 1 == line) {
                pre = g->phase; /* "testing in eval mode" on the line before */
                np = g->phase_len;
            }
            g->mark_phase_len = pre && np < sizeof(g->mark_phase) ? np : 0;
            if (g->mark_phase_len)
                memcpy(g->mark_phase, pre, g->mark_phase_len);
            g->phase_chain = line;
            {
                int says = marker_word(s + m.end, n - m.end);
                g->mark_started = says == 1;
                if (says == 2)
                    g->mark_ended = e->index; /* "epoch: 0 end, loss: 2.17" */
            }
            long k3, of3, samples = -1;
            /* "Train_summary: [12/13/0] ... Loss: 0.0000\tPrec@1: 0.000": a summary of no
             * samples (seuncoker/student_recognition_project prints some after the epoch's
             * own "[12/13/122]" one): its zeros are no values */
            if (!(three_counts(s, n, &k3, &of3, &samples) && samples == 0))
                line_metrics(g, e, s + m.end, n - m.end, 1, pre, np);
            g->progress_metric += progress && m.of > 0 && g->values > v0;
            g->tutorial_metric += g->values > v0 && tutorial_mark(s, n, NULL, NULL);
        }
        for (size_t i = had; i < e->nmetrics; i++)
            g->mark_loss |= strstr(e->metrics[i].name, "loss") || strstr(e->metrics[i].name, "acc");
        if (g->marks == 1)
            g->first_summary = !progress && g->mark_loss && !isnan(t->t) &&
                               isnan(g->dur_t); /* "Train Epoch 1 --- train loss : 0.63" */
        if (e->nmetrics > had && !g->mark_metric && !rate_only(e, had)) {
            g->mark_metric = 1;
            g->epochs_metric++;
        }
        if (!progress)
            e->line = line;
    } else {
        size_t had = e->nmetrics;
        enum rank r0 = g->rank;
        unsigned long st0 = g->stored;
        double end0 = e->end;
        int later;
        /* the evaluation's block right after "Eval epoch: 4": its values, named with it */
        size_t evaluation = g->phase_chain + 1 == line ? g->mark_phase_len : 0;
        g->mark_started = 0; /* the epoch went on after its start */
        if (g->run->status == BR_RUN_OK)
            durations(g, e, s, n, 0, 0, step, t->t);
        g->step_s = s; /* whether it is a step line: asked only when a value needs it */
        g->step_n = n;
        g->step_line = -1;
        /* a step line after epoch lines with a loss, which ended the epoch there ("Epoch
         * [3]/[199] Training Phase Loss: 0.06" printed after its steps), or after a line
         * saying the training ended: the next epoch's, or the next start's */
        later = step && (g->mark_loss || g->finished);
        /* after a sign that the script starts again, once the epoch had its values, the
         * lines are the next start's ("total_params : 53160051" of its model summary) */
        g->prose_s = s + msg; /* whether it is a sentence: asked only when a value needs it */
        g->prose_n = n - msg;
        g->prose = -1;
        unsigned long v0 = g->values;
        if (!saving(s + msg, n - msg) && !later && !(g->sign_before && e->nmetrics) &&
            !debug_print(s + msg, n - msg)) {
            size_t k = miou_val_loss(g, e, s + msg, n - msg);
            k = k ? msg + k : 0;
            line_metrics(g, e, s + k, n - k, 0, g->mark_phase, evaluation);
        }
        if (g->values > v0 && !isnan(t->t) && !later && !g->finished)
            g->value_t = t->t;
        if (evaluation && g->stored != st0)
            g->phase_chain = line;
        else
            g->mark_phase_len = 0;
        g->step_line = 0;
        /* a line with no value of the epoch ("Loading the datasets...", the next
         * start's first lines), or whose values the epoch already has from a line
         * of its own ("Test set results: loss= 0.49 accuracy= 0.85" after the
         * training's last "loss= 0.34 accuracy= 0.89"), does not make it longer; nor
         * does one after a line saying the training ended, nor a `later` step line, nor
         * one after the error that stopped the script: another launch's (covid19i/SID-gamma's
         * CNN5_FC2_no_log.txt, a NameError, the shell's prompt, then the next launch's
         * TensorFlow lines, stamped) */
        if (!isnan(t->t) && (g->stored != st0 || g->rank != r0) && !g->finished && !later &&
            g->run->status == BR_RUN_OK)
            e->end = t->t;
        if (g->stored != st0) {
            g->value_line = line;
            g->value_counted = memchr(s, 0x5b, n) && bracket_part(s, n);
        }
        if (g->stored != st0) {
            int novel = g->run->nepochs >= 2 && g->stored - st0 == e->nmetrics - had;
            for (size_t i = had; novel && i < e->nmetrics; i++)
                novel = !earlier_metric(g->run, e->metrics[i].name);
            if (novel && !g->novel)
                g->novel_end = end0;
            g->novel = novel;
            if (!novel)
                g->own_line = line;
            if (step)
                g->steps_after++;
            else
                g->others_after++;
            g->value_step = step;
        }
        if (e->nmetrics > had && same_instant(g, t) && (!g->mark_metric || g->instant_summary)) {
            /* printed with an epoch line that had no metric ("Epoch 1:" then
             * "loss=4.8, acc=0.02" in the same millisecond): the epoch line's own summary */
            if (!g->mark_metric) {
                g->mark_metric = 1;
                g->epochs_metric++;
                g->instant_summary = 1;
            }
        } else {
            g->after_metric |= e->nmetrics > had;
            for (size_t i = had; i < e->nmetrics; i++)
                g->after_loss |= strstr(e->metrics[i].name, "loss") ||
                                 strstr(e->metrics[i].name, "acc");
            /* values after "Eval epoch: 4" are that evaluation's, no final test's; nor are
             * the train and val values right below a line that gave the epoch its time */
            for (size_t i = had; !evaluation && i < e->nmetrics && i < 64; i++)
                if (!labelled_own(g, line, e->metrics[i].name)) {
                    g->after_only |= (uint64_t)1 << i;
                    if (final_result(g, e->metrics[i].name))
                        g->final_line = line;
                }
        }
    }
    if (g->marks >= 2 && g->rank >= DUR_LINE && !g->strong_counted) {
        g->epochs_strong++;
        g->strong_counted = 1;
    }
    return code;
}

/*
 * A logging record whose message begins on the next line ("2024-05-26 16:04:46 - INFO -
 * train.py - 65 - " then "EPOCH 1 of 30"): a stamped line with a level that ends in its
 * separator, or a stamped message that ends in a word and ':' ("this epoch:" then
 * "loss= 0.34 accuracy= 0.89"). The next line, unstamped, takes its time (see
 * clean_next()).
 */
static int record_open(const char *s, size_t n, const struct br_time *t)
{
    if (isnan(t->t) || !n || (s[n - 1] != ' ' && s[n - 1] != '-' && s[n - 1] != ':' &&
                              s[n - 1] != '|' && s[n - 1] != '\r'))
        return 0; /* the common case, at one byte's cost */
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\r' || s[n - 1] == '\t'))
        n--;
    if (!n || (s[n - 1] != '-' && s[n - 1] != ':' && s[n - 1] != '|'))
        return 0;
    if (s[n - 1] == ':' && n >= 2 && isalpha((unsigned char)s[n - 2]))
        return 1; /* "[2022-06-26 21:44:04,145]this epoch:" then "loss= 1.5874 ..." */
    return memmem(s, n, "INFO", 4) || memmem(s, n, "DEBUG", 5) || memmem(s, n, "WARN", 4) ||
           memmem(s, n, "ERROR", 5); /* a level: a logging record's head */
}

/* Cleans a line into *out and *t; an unstamped line after an open record takes its time. */
static void clean_next(const char *p, size_t n, struct br_buf *out, struct br_time *t,
                       struct br_time *open, struct br_noyear *ny, unsigned line)
{
    br_clean_line(p, n, out, t);
    if (isnan(t->t))
        br_strip_ppdet_time(out, t);
    if (t->noyear)
        br_noyear_place(ny, t, line);
    if (isnan(t->t) && !isnan(open->t))
        *t = *open;
    open->t = NAN;
    if (record_open(out->buf, out->len, t))
        *open = *t;
}

/*
 * Whether what was read looks like a training: two timed epochs, one timed
 * epoch with several lines of its own (progress), three epochs whose own
 * lines carry metrics, two epochs with metrics that their lines'
 * timestamps time, two epoch headers each followed by metrics and a time,
 * three followed by metrics ("epoch 1", "loss: 6.61", "test accuracy: 20.78%"),
 * or a hundred step lines with metrics of an epoch of a planned count ("Epoch
 * [1/3], Step [7/12942], Loss: 7.61": a first epoch longer than the head the
 * sniffer sees), or five of the PyTorch tutorial's "[1,  2000] loss: 2.131" over
 * two epochs or more, or one epoch whose marker line, no sentence, labels its time and
 * whose lines after it give a loss or an accuracy (hlmhlr/Road-segmentation's train_log.txt,
 * bentrevett's tutorials' shape, of one epoch: "Epoch: 01 | Epoch Time: 1m 40s", then
 * "\tTrain Loss: 0.223", "\t Val. Loss: 0.124"). A text that mentions an epoch once is none.
 */
static int convincing(const struct gen *g)
{
    return g->epochs_timed >= 2 || g->epochs_strong >= 1 || g->epochs_metric >= 3 ||
           g->epochs_spanned >= 2 || g->epochs_after >= 2 || g->epochs_after_metric >= 3 ||
           g->progress_metric >= 100 || (g->tutorial_metric >= 5 && g->marks_epochs >= 1) ||
           g->epochs_labelled_after >= 1;
}

/*
 * A run of two or more epochs none of which printed a time (losses and
 * accuracies only): said once per run, with its total time when the log gave
 * one (that covers its evaluations too: no epoch's time is made of it).
 */
static void untimed_runs(struct br_source *src, size_t first, const struct gen *g)
{
    for (size_t k = first; k < src->nruns; k++) {
        const struct br_run *run = src->runs[k];
        size_t timed = 0;
        for (size_t i = 0; i < run->nepochs; i++)
            timed += !isnan(run->epochs[i].duration);
        if (timed)
            continue;
        if (k < 64 && ((g->hf_unsaid | g->hf_other) >> k & 1)) {
            br_source_diag(src, BR_WARNING, run->first_line, 1,
                           "%zu epoch%s without a time: no line of this log gives one, so no "
                           "time or energy per epoch; its time to train (the Trainer's "
                           "train_runtime, %g s) is not spread over the epochs shown: %s",
                           run->nepochs, run->nepochs == 1 ? "" : "s", run->runtime_s,
                           g->hf_unsaid >> k & 1
                               ? "its summary does not say how many epochs it covers"
                               : "it covers epochs the log does not show");
            continue;
        }
        if (run->nepochs < 2)
            continue;
        unsigned gap_line;
        if (br_run_skipped_epochs(run, &gap_line) && !isnan(run->runtime_s) && k < 64 &&
            (g->clocked >> k & 1))
            br_source_diag(src, BR_NOTE, run->first_line, 1,
                           "no epoch time: the run's %zu epochs printed are not consecutive, "
                           "so its clock's readings between them span several epochs each, not "
                           "one; the last (%g s) is the run's time to train",
                           run->nepochs, run->runtime_s);
        else if (isnan(run->runtime_s) && br_run_skipped_epochs(run, &gap_line) &&
            !isnan(run->epochs[run->nepochs - 1].end))
            br_source_diag(src, BR_NOTE, run->first_line, 1,
                           "no epoch time: the run's %zu epochs printed are not consecutive, "
                           "so the times of their lines span several epochs each, not one",
                           run->nepochs);
        else if (isnan(run->runtime_s))
            br_source_diag(src, BR_NOTE, run->first_line, 1,
                           "no epoch time: none of the run's %zu epochs has a time this reader "
                           "takes (a duration after its epoch marker or on the lines after "
                           "it, or times that begin its lines)", run->nepochs);
        else
            br_source_diag(src, BR_NOTE, k + 1 == src->nruns && g->total_line ? g->total_line
                                                                             : run->first_line,
                           1,
                           "no epoch time: none of the run's %zu epochs printed one; its total "
                           "time (%g s) is the run's time to train, not divided among them",
                           run->nepochs, run->runtime_s);
    }
}

/*
 * Whether epoch e lacks one of ref's metrics that every finished epoch (not partial, not
 * its run's last) of runs first.. printed.
 */
static int lacks_file_metric(const struct br_source *src, size_t first,
                             const struct br_epoch *ref, const struct br_epoch *e)
{
    for (size_t m = 0; m < ref->nmetrics; m++) {
        const char *name = ref->metrics[m].name;
        int all = 1;
        for (size_t k = first; k < src->nruns && all; k++)
            for (size_t i = 0; i + 1 < src->runs[k]->nepochs && all; i++)
                if (!src->runs[k]->epochs[i].partial)
                    all = br_epoch_has_metric(&src->runs[k]->epochs[i], name);
        if (all && !br_epoch_has_metric(e, name))
            return 1;
    }
    return 0;
}

/*
 * A run stopped after its only epochs (no count of its own to judge by: one or two), whose
 * last lacks a value that every finished epoch of the log printed at its end: 65 launches
 * of one script where most died in 'Meta epoch 0...' after one 'Meta batch loss', before
 * the '- Eval metrics : ...' each finished epoch printed. That epoch was cut in (partial,
 * untimed: its time runs to its first values only); the run was interrupted in it, not
 * after it.
 */
static void cut_in_unfinished(struct br_source *src, size_t first)
{
    const struct br_epoch *ref = NULL;
    size_t finished = 0;

    for (size_t k = first; k < src->nruns; k++)
        for (size_t i = 0; i + 1 < src->runs[k]->nepochs; i++)
            if (!src->runs[k]->epochs[i].partial && finished++ == 0)
                ref = &src->runs[k]->epochs[i];
    if (finished < 2)
        return;
    for (size_t k = first; k < src->nruns; k++) {
        struct br_run *run = src->runs[k];
        struct br_epoch *last = run->nepochs ? &run->epochs[run->nepochs - 1] : NULL;
        static const char after[] = "interrupted after ";

        if (!last || last->partial || run->status != BR_RUN_DNF ||
            !run->reason || strncmp(run->reason, after, sizeof(after) - 1) ||
            !lacks_file_metric(src, first, ref, last))
            continue;
        last->partial = 1;
        last->duration = last->end = NAN; /* to its first lines: no part of an epoch's time */
        run->reason = br_arena_printf(&run->arena, "interrupted in %s",
                                      run->reason + sizeof(after) - 1);
    }
}

/*
 * A run whose line times are cut to the second and whose epochs end in the same second
 * as the one before as often as not (RozsaBotond/VITMMA19's loguru log: 99 epochs in
 * 14 s): only the epochs whose end crosses a second got a time, "1 s [0, 2]", and any
 * figure over them said about 1 s where 0.14 s is the truth. Their times are taken back,
 * and a note gives the run's mean from its span. Whether the run's k-th epoch follows the
 * one before with a known end each.
 */
static int ends_follow(const struct br_run *run, size_t k)
{
    const struct br_epoch *a = &run->epochs[k - 1], *b = &run->epochs[k];
    return b->index == a->index + 1 && !isnan(a->end) && !isnan(b->end);
}

static void below_resolution(struct br_source *src, size_t first)
{
    for (size_t k = first; k < src->nruns; k++) {
        struct br_run *run = src->runs[k];
        size_t pairs = 0, same = 0, i0 = 0, i1 = 0;
        for (size_t i = 1; i < run->nepochs; i++) {
            if (!ends_follow(run, i))
                continue;
            if (!pairs++)
                i0 = i - 1;
            i1 = i;
            same += run->epochs[i].end - run->epochs[i - 1].end < 1;
        }
        if (pairs < 4 || same * 2 < pairs)
            continue;
        for (size_t i = 0; i < run->nepochs; i++) {
            struct br_epoch *ep = &run->epochs[i];
            if (ep->res == 2 && !isnan(ep->start)) {
                ep->duration = NAN;
                ep->res = 0;
            }
        }
        br_source_diag(src, BR_NOTE, run->epochs[i1].line, 1,
                       "epochs shorter than the log's times, which are cut to the second: %zu "
                       "of %zu ended in the second the one before did; epochs %u to %u took "
                       "%.0f s by those times (+- 1 s), %.3g s each on average: no epoch's own "
                       "time", same, pairs, run->epochs[i0].index, run->epochs[i1].index,
                       run->epochs[i1].end - run->epochs[i0].end,
                       (run->epochs[i1].end - run->epochs[i0].end) / (double)(i1 - i0));
    }
}

/*
 * Epoch numbers that skip inside a run ("Epoch [100/1000]", "Epoch [200/1000]":
 * printed every 100th epoch): the epochs between printed nothing; said once a run
 * (the run's count of epochs is of those printed), none made up: a launch resumed
 * after one that skipped skips too (covid19i/SID-gamma's CNN5_FC2_no_log.txt, epochs
 * 91 to 3991 every 10th after a NameError), and its count is as far from the truth.
 */
static void skipped_epochs(struct br_source *src, size_t first)
{
    for (size_t k = first; k < src->nruns; k++) {
        const struct br_run *run = src->runs[k];
        unsigned line;
        size_t missing = br_run_skipped_epochs(run, &line);
        if (missing) {
            br_source_diag(src, BR_NOTE, line, 1,
                           "epoch numbers skip: %zu epochs between epoch %u and epoch %u "
                           "printed no line (printed less often than once an epoch?); the %zu "
                           "printed are read", missing, run->epochs[0].index,
                           run->epochs[run->nepochs - 1].index, run->nepochs);
        }
    }
}

/*
 * A line before the run's first epoch that names an NVIDIA GPU ("Using device:
 * NVIDIA GeForce RTX 3090") names the hardware of this run and the ones after.
 */
static void gpu_named(struct gen *g, const char *s, size_t n)
{
    if (g->gpu[0] || (g->run && g->run->nepochs) || !br_hw_copy_gpu(s, n, g->gpu, sizeof(g->gpu)))
        return;
    if (g->run && !g->run->hardware)
        g->run->hardware = br_arena_strdup(&g->run->arena, g->gpu);
}

/*
 * Whether `s` (`n` bytes) is a torch device's name as print(device) writes it: mps, cpu,
 * cuda or cuda:N.
 */
static int torch_device_word(const char *s, size_t n)
{
    static const char *const words[] = { "mps", "cpu", "cuda" };

    for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
        if (n == strlen(words[i]) && !memcmp(s, words[i], n))
            return 1;
    if (n < 6 || n > 8 || memcmp(s, "cuda:", 5))
        return 0;
    for (size_t i = 5; i < n; i++)
        if (!isdigit((unsigned char)s[i]))
            return 0;
    return 1;
}

/*
 * A line before the run's first epoch that is only "device mps" ("device cpu", "device
 * cuda", "device cuda:0"; rasbt/machine-learning-notes' pytorch-m1-gpu benchmark prints the
 * torch version, then its device, then the epochs) names the device of this run and the
 * ones after, as the log says (a file name, a manifest or --label still wins).
 */
static void torch_device_named(struct gen *g, const char *s, size_t n)
{
    static const char lead[] = "device ";
    const size_t k = sizeof(lead) - 1;

    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        n--;
    if ((g->run && g->run->nepochs) || n <= k || memcmp(s, lead, k) ||
        !torch_device_word(s + k, n - k))
        return;
    memcpy(g->torch_dev, s + k, n - k);
    g->torch_dev[n - k] = '\0';
    if (g->run)
        br_label_set(g->run, &g->run->device, g->torch_dev, BR_LABEL_LOG);
}

/*
 * The file's last line, without a newline (a log still being written, a copy cut short),
 * ends in an epoch number smaller than the run's last: its digits were cut ("Epoch:  2" of
 * "Epoch:  29 | Batch 840/1330"), so it neither starts another run nor is an epoch.
 */
static int cut_count_back(const struct gen *g, const char *s, size_t n)
{
    struct mark m;
    long last;

    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        n--;
    if (!g->run || !g->run->nepochs || find_mark(s, n, message_start(s, n), &m) != 1 ||
        m.end != n)
        return 0;
    last = (long)g->run->epochs[g->run->nepochs - 1].index - g->base;
    return m.epoch < last;
}

static int generic_parse(struct br_lines *in, struct br_source *src,
                         const struct br_parse_opts *o)
{
    struct gen g = { .src = src, .dur_t = NAN, .mark_t = NAN, .start_t = NAN, .step_frac = NAN,
                     .frac_min = NAN, .begin_t = NAN, .first_t = NAN,
                     .prev_frac = NAN, .next_t = NAN, .tail_t = NAN, .tail_hit_t = NAN,
                     .run_first_t = NAN, .run_first_frac = NAN, .clock_at = NAN,
                     .ah = { .iter = -1, .gstep = -1 }, .tri_k = -1 };
    struct br_buf clean = BR_BUF_INIT;
    struct br_time t;
    const char *p;
    size_t n, first = src->nruns;

    (void)o;
    struct br_time open = { NAN, 0, 0, 0 };
    struct br_noyear ny = BR_NOYEAR_INIT;
    unsigned long stamps[2] = { 0, 0 };   /* line times cut to the second, with a fraction */

    br_lines_peek_upto(in, HEAD_BYTES, &p, &n);
    g.dec = br_decmark_judge(p, n);
    while (br_lines_next(in, &p, &n) > 0) {
        clean_next(p, n, &clean, &t, &open, &ny, in->lineno);
        if (!isnan(t.t))
            stamps[!t.whole]++;
        if (in->no_newline && cut_count_back(&g, clean.buf, clean.len))
            break;
        gpu_named(&g, clean.buf, clean.len);
        torch_device_named(&g, clean.buf, clean.len);
        gen_line(&g, clean.buf, clean.len, in->lineno, &t);
        /* (lines compared whole: a logger's prefix is the same on each) */
        br_runtail_line(&g.tail, clean.buf, clean.len, g.mark_line == in->lineno,
                        g.value_line == in->lineno, g.restart || g.sign_before);
    }
    br_buf_release(&clean);
    settle(&g);
    g.at_end = 1;
    close_run(&g, 0, in->no_newline && g.run && g.run->nepochs &&
                         g.run->epochs[g.run->nepochs - 1].line == in->lineno);
    free(g.elapsed);
    if (g.unnamed_inter && !g.interleaved) {
        while (src->nruns > first)
            br_run_free(src->runs[--src->nruns]);
        br_source_diag(src, BR_ERROR, g.unnamed_inter, 1,
                       "the epoch lines of two trainings interleave: this epoch goes on from "
                       "the run before while another run's epochs go on around it (two "
                       "scripts logging into one file at once), and the reader takes one "
                       "training at a time: give each its own file");
        return -1;
    }
    if (g.interleaved) {
        while (src->nruns > first)
            br_run_free(src->runs[--src->nruns]);
        br_source_diag(src, BR_ERROR, g.interleaved, 1,
                       "the epoch lines of named runs interleave: '%s' goes on here after "
                       "other runs' lines (several trainings logging into one file at once); "
                       "read one run at a time (grep its name into a file of its own)",
                       g.inter_name);
        return -1;
    }
    if (src->nruns == first || !convincing(&g)) {
        while (src->nruns > first)
            br_run_free(src->runs[--src->nruns]);
        br_source_diag(src, BR_ERROR, 1, 1,
                       "no epochs found: no line looks like 'Epoch N' with a time or metrics");
        return -1;
    }
    br_source_diag(src, BR_NOTE, src->runs[first]->first_line, 1,
                   "format guessed (generic reader): epochs from 'epoch N' markers, their "
                   "times and metrics as printed; check them against the log");
    for (size_t k = first; stamps[0] && !stamps[1] && k < src->nruns; k++)
        br_run_whole_stamps(src->runs[k]);   /* (before the instants of year-less times go) */
    br_noyear_settle(&ny, src, first);
    cut_in_unfinished(src, first);
    skipped_epochs(src, first);
    untimed_runs(src, first, &g);
    if (stamps[0] && !stamps[1])
        below_resolution(src, first);   /* (after untimed_runs: its own note says why) */
    if (g.dec == BR_DEC_COMMA)
        br_source_diag(src, BR_NOTE, src->runs[first]->first_line, 1,
                       "numbers read with a decimal comma ('0,523' as 0.523): the log's first "
                       "%u KiB write them so and never with a decimal point", HEAD_BYTES / 1024);
    else if (g.comma_skipped)
        br_source_diag(src, BR_WARNING, g.comma_line, 1,
                       "%u number%s written with a decimal comma ('0,523') not read, here and "
                       "after: the log writes decimal points too, so the comma may separate "
                       "values", g.comma_skipped, g.comma_skipped == 1 ? "" : "s");
    return 0;
}

static int generic_sniff(const char *head, size_t n, const struct br_parse_opts *o,
                         struct br_buf *why)
{
    struct br_source tmp;
    struct gen g;
    struct br_buf clean = BR_BUF_INIT;
    struct br_time t;
    const char *p = head, *end = head + n;
    unsigned line = 0, text = 0, code = 0, before = 0;
    int score;
    struct br_time open = { NAN, 0, 0, 0 };
    struct br_noyear ny = BR_NOYEAR_INIT;

    (void)o;
    br_source_init(&tmp, "sniff");
    memset(&g, 0, sizeof(g));
    g.src = &tmp;
    g.dur_t = g.mark_t = g.start_t = g.step_frac = g.frac_min = g.begin_t = NAN;
    g.first_t = g.prev_frac = g.next_t = g.run_first_t = g.run_first_frac = NAN;
    g.tail_t = g.tail_hit_t = g.clock_at = NAN;
    g.dec = br_decmark_judge(head, n);
    /* 2000 lines from the first epoch line (the bytes capped by the caller): 1830 lines of
     * a dataset's loading ("Scan 100/4541") can come before it (Neural-Spectral-Codec's
     * nohup log, its first "Epoch 1/50 | Loss: ... | Time: ...s" at line 2122) */
    while (p < end && line - before < 2000) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl && line)
            break; /* cut by the end of the head */
        clean_next(p, (size_t)((nl ? nl : end) - p), &clean, &t, &open, &ny, line + 1);
        int is_code = gen_line(&g, clean.buf, clean.len, ++line, &t);
        if (!g.mark_line)
            before = line;
        if (clean.len) {
            text++;
            code += is_code || (clean.len >= 2 && (!memcmp(clean.buf, " *", 2) ||
                                                   !memcmp(clean.buf, "# ", 2)));
        }
        p = nl ? nl + 1 : end;
    }
    /* below 50 (never chosen), how close it came: for inspect -v's "closest reader" */
    settle(&g);
    if (convincing(&g) && code * 10 < text) {
        score = 50;
    } else {
        unsigned close = g.epochs_timed * 10 + g.epochs_metric * 5 + (tmp.nruns > 0) * 5;
        score = close > 45 ? 45 : (int)close;
    }
    br_buf_addf(why, "%u epoch%s with a time, %u with metrics on their lines", g.epochs_timed,
                g.epochs_timed == 1 ? "" : "s", g.epochs_metric);
    if (score == 50)
        br_buf_addstr(why, ": a guess, tried after every known format");
    else if (convincing(&g))
        br_buf_addf(why, ", but %u of %u lines look like source code or markup", code, text);
    br_buf_release(&clean);
    br_source_release(&tmp);
    free(g.elapsed);
    return score;
}

const struct br_parser br_parser_generic = {
    .name = "generic",
    .what = "training logs in no known format: 'Epoch N' lines, times and metrics (a guess)",
    .sniff = generic_sniff,
    .parse = generic_parse,
};
