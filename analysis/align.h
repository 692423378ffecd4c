#ifndef BR_ALIGN_H
#define BR_ALIGN_H
/*
 * Pairing runs with traces and aligning their epochs (align.c explains the
 * rules). Internal to analysis/.
 */
#include "analysis/analysis.h"
#include "analysis/filter.h"

#define BR_GROUP_MAX 64

/* The traces of one file in the chosen power domain, summed for energy. */
struct br_group {
    const struct br_source *src;
    const char *domain;
    const struct br_trace *tr[BR_GROUP_MAX];
    size_t ntr;
    int timed, zoned;
    double t0, t1;            /* the span the traces cover */
    double rate;              /* samples per second of the first trace */
    struct br_levels levels;  /* idle, peak and trigger of the first trace */
    int has_levels;           /* computed (only inferred alignment needs them) */
    size_t nruns;             /* runs paired with it */
};

/* One group per source that has traces. Returns the count; *out is malloc'ed. */
size_t br_groups_build(struct br_source *const *src, size_t n, const char *domain,
                       struct br_group **out);

/*
 * The group for run `r` of `src`, or NULL. *dedicated says whether the trace
 * is labelled with the run's own device, model and batch.
 */
struct br_group *br_pair(struct br_group *g, size_t ng, const struct br_source *src,
                         const struct br_run *r, int *dedicated);

/*
 * Decides the alignment of `rr` with `g` and places its epochs for exact and
 * anchored (inferred is done per group by br_align_inferred, whole needs no
 * placing). `offset` is the device's clock offset.
 */
enum br_align br_align_run(struct br_run_result *rr, const struct br_group *g, int dedicated,
                           const struct br_analysis_opts *o, double offset);

/* Computes g->levels on first use, with the trigger of the options. */
void br_group_levels(struct br_group *g, double trigger_w);

/* Places the epochs of the `n` runs that share `g` in its active segments. */
void br_align_inferred(struct br_group *g, struct br_run_result **rr, size_t n);

#endif
