#ifndef BR_ALIGN_H
#define BR_ALIGN_H
/*
 * Pairing runs with traces and aligning their epochs (align.c explains the
 * rules; clock.c estimates clock offsets, infer.c places runs without
 * times). Internal to analysis/.
 */
#include "analysis/analysis.h"
#include "analysis/filter.h"
#include "analysis/segment.h"

#define BR_GROUP_MAX 64

/* A time zone's step from UTC (s), and how many of them a zone may lie either way (14 h). */
#define BR_QUARTER_HOUR 900.0
#define BR_ZONE_STEPS 56

/* The traces of one file in the chosen power domain, summed for energy. */
struct br_group {
    const struct br_source *src;
    const char *domain;
    const struct br_trace *tr[BR_GROUP_MAX];
    size_t ntr;
    double rest[BR_GROUP_MAX];   /* each trace's rest level (5th percentile) when ntr > 1 */
    int timed, zoned;
    double t0, t1;            /* the span the traces cover */
    double rate;              /* samples per second of the first trace */
    double dt;                /* mean sample spacing of the first trace (s) */
    double step;              /* its median spacing (s; from up to 4096 of its intervals),
                                 which gaps in the recording do not stretch; NaN if none */
    double window;            /* its sensor's averaging window (s), 0 when unknown */
    struct br_levels levels;  /* idle, peak and trigger of the first trace */
    int has_levels;           /* computed */
    double trigger_w;         /* --trigger: spans from it instead of change points (NaN) */
    struct br_span *spans;    /* its active spans (change points), once computed */
    size_t nspans;
    int has_spans;
    char *covered;            /* spans[i] holds a run placed by its times */
    size_t nplaced;           /* runs placed on it by their times */
    size_t nruns;             /* runs paired with it */
    int owned;                /* its device label is some run's device */
};

/* One group per source that has traces. Returns the count; *out is malloc'ed. */
size_t br_groups_build(struct br_source *const *src, size_t n, const char *domain,
                       struct br_group **out);
void br_groups_release(struct br_group *g, size_t n);

/* Computes g->levels and g->spans on first use. */
void br_group_levels(struct br_group *g, double trigger_w);
void br_group_spans(struct br_group *g);

/* Where a run's times come from. */
enum br_times {
    BR_TIMES_NONE,     /* durations only */
    BR_TIMES_LOG,      /* every epoch has a start and an end in the log */
    BR_TIMES_ANCHOR,   /* durations laid from a --start instant */
};

/* One run's alignment state, from its times to its trace. */
struct br_slot {
    struct br_run_result *rr;
    enum br_times times;
    int zoned;                /* the times are UTC (1) or floating (0) */
    int forced;               /* --clock-offset gave this device's offset */
    double *ts, *te;          /* epoch starts and ends on the log's clock (+ --clock-offset) */
    double a, b;              /* the first start and the last end */
    struct br_group *g;       /* its trace, or NULL */
    int comparable;           /* its times and the trace's are on one clock */
    int dedicated;            /* the trace is labelled with its device, model and batch */
    double zone_s;            /* the trace's time minus the log's at the time zone the runs
                                 of its directory agree on (br_pairing_zone), or NaN */
    int apart;                /* `g` is a trace on its clock, in its directory, that it lies
                                 apart from by less than a clock check reaches: paired for the
                                 check only (br_unpair_apart) */
    size_t napart;            /* the traces on its clock it lies apart from */
};

/* Sets up `s` for `rr`: its times from the log or a --start anchor. */
void br_slot_init(struct br_slot *s, struct br_run_result *rr, const struct br_analysis_opts *o);
void br_slot_release(struct br_slot *s);

/* Indexes over the groups, for pairing: by directory, device label and start. */
struct br_key {
    const char *k;
    size_t n;
    double t0;
    size_t idx;               /* the group's index */
};
struct br_pairing {
    struct br_group *g;
    size_t ng;
    struct br_key *by_dir, *by_dev, *by_t0;
    size_t ndev, nt;
    double slack;             /* the largest overlap slack of any group */
    unsigned *stamp, gen;     /* groups already weighed for the current run */
    const char *zone_skipped; /* a directory too large for br_pairing_zone, or NULL */
};
/* How a candidate trace stands for a run, strongest evidence first. */
struct br_candidate {
    int overlap, here, mine, stem, device, own;
    double amount, rate;
};
void br_pairing_init(struct br_pairing *p, struct br_group *g, size_t ng);
void br_pairing_release(struct br_pairing *p);

/*
 * Before any br_pair: the time zone between UTC logs and traces in local time
 * without a zone (or floating logs and UTC traces) beside them, when their
 * clocks are not comparable and nothing says the zone, one per directory. Each
 * such run votes for every whole quarter hour (within 14 h) that puts its
 * epochs inside a trace of its directory; one clear winner sets the slots'
 * zone_s, and br_pair then prefers, among the traces beside a run, the one
 * that holds it at that zone (a folder of benchtrain runs, each with a trace
 * of its own), and clock.c looks for the offset near it. No winner (a tie, or
 * no votes) leaves them as they were. A directory of more run-trace pairs
 * than it looks at is left out, named in p->zone_skipped.
 */
void br_pairing_zone(struct br_pairing *p, struct br_slot *slot, size_t n);

/*
 * Pairs `s` with the best of the groups, or none (rr->why says why).
 * Time decides first: a trace on the run's clock that does not overlap it is
 * not its trace, unless the clock check, fitting it with the runs of its
 * directory that do overlap the trace, moves them all there (s->apart: a
 * session's trace whose clock is a minute behind its logs' leaves their last
 * run out of it). Then the directory, then labels.
 */
void br_pair(struct br_pairing *p, struct br_slot *s);

/*
 * After the clock check: a run paired apart (s->apart) that the check did not
 * move stays unpaired, and gets no power with the reason br_pair gives.
 */
void br_unpair_apart(struct br_slot *s);

/* Places the epochs of `s` at its times moved by `offset`, in mode `mode`. */
void br_place_times(struct br_slot *s, double offset, enum br_align mode);

/* Lays the epochs of `s` end to end from `start` (durations). */
void br_place_from(struct br_slot *s, double start);

/* The same with each epoch `k` times its duration long (k 1: br_place_from). */
void br_place_stretched(struct br_slot *s, double start, double k);

/* The same with `gap` seconds after each epoch (an evaluation its time leaves out). */
void br_place_spread(struct br_slot *s, double start, double k, double gap);

/* Marks the spans of `g` that runs placed by their times hold. */
void br_group_cover(struct br_group *g, struct br_slot *const *s, size_t n);

/*
 * clock.c: checks the clock of the `n` runs of one device placed exactly on
 * `g` (a trace recorded by another machine, a skewed clock): moves them to
 * the offset their power shows, or gives no power to runs the trace does not
 * show at their times and cannot place either; and estimates the offset of
 * runs whose times are on another clock (estimated mode).
 */
void br_clock_check(struct br_group *g, struct br_slot *const *s, size_t n);

/* How far from the log's times the clock check of `g` looks (s). */
double br_clock_reach(const struct br_group *g);
void br_clock_estimate(struct br_group *g, struct br_slot *const *s, size_t n);

/* infer.c: places the `n` runs without times that share `g` on its free spans. */
void br_infer(struct br_group *g, struct br_slot *const *s, size_t n);

/* Sets rr->why (and a warning) to say why the run has no power. */
void br_no_power(struct br_run_result *rr, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/*
 * Runs placed at once on one trace (concurrent.c): when two runs' placed
 * epochs overlap on the same group by more than 2 s and two samples, neither
 * gets power from it (br_no_power, naming the other run).
 */
void br_refuse_concurrent(struct br_slot *slot, size_t n);

/* The span [*a, *b] of a run's placed epochs (concurrent.c); 0 when none is placed. */
int br_placed_span(const struct br_run_result *rr, double *a, double *b);

#endif
