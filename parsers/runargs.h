#ifndef BR_RUNARGS_H
#define BR_RUNARGS_H
/*
 * The arguments a training wrote beside its epoch table in the same run
 * directory: Ultralytics' args.yaml beside results.csv (YOLOv5's opt.yaml),
 * timm's args.yaml beside summary.csv. They say how many epochs the run
 * planned, and whether something other than the count could end it sooner
 * (an early stop's patience, a time budget), so that a table shorter than
 * the plan is told apart from a finished one; and Ultralytics' batch size,
 * which its results.csv does not name.
 */
#include <stddef.h>

/* What a run's arguments say about its end. */
struct br_run_args {
    char file[16];      /* the file read: "args.yaml" or "opt.yaml" */
    long epochs;        /* `epochs:`, -1 when not said */
    long patience;      /* `patience:` (Ultralytics, YOLOv5; 0 turns the early stop off),
                           -1 when not said */
    long batch;         /* Ultralytics' `batch:` (the images of a step over all GPUs), -1
                           when not said or left to AutoBatch (-1, or a fraction of the
                           GPU's memory such as 0.70) */
    int time_budget;    /* `time:` set (Ultralytics trains for that many hours) */
    long cooldown;      /* timm's `cooldown_epochs:`, 0 when not said */
    long warmup;        /* timm's `warmup_epochs:`, 0 when not said */
    int warmup_prefix;  /* timm's `warmup_prefix: true` */
    char sched[16];     /* timm's `sched:`, "" when not said */
    long cycle_limit;   /* timm's `lr_cycle_limit:` (or `cycle_limit:`), 1 when not said */
};

/*
 * Reads the arguments file `name` ("args.yaml", "opt.yaml") in the directory
 * of `table_path` into *a: top-level "key: value" lines only. Returns 1 when
 * the file was there and said `epochs:`, 0 otherwise (no such file, not
 * readable, over 1 MiB, no epochs).
 */
int br_run_args_read(const char *table_path, const char *name, struct br_run_args *a);

/*
 * The epochs timm's train.py runs for these arguments: `epochs`, and for the
 * cycle schedulers (cosine, tanh, poly) the cooldown after them and, with
 * warmup_prefix, the warmup before; -1 when it cannot be told (more cycles
 * than one).
 */
long br_run_args_timm_epochs(const struct br_run_args *a);

#endif
