/*
 * analyze.c: the driver. Pairs and aligns every run (align.c), places the
 * runs that share a trace by inference, measures them (measure.c), and
 * compares (compare.c).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/align.h"
#include "analysis/compare.h"
#include "analysis/measure.h"
#include "model/alloc.h"
#include "model/banned.h"

void br_analysis_opts_init(struct br_analysis_opts *o)
{
    memset(o, 0, sizeof(*o));
    o->trigger_w = NAN;
    o->quantile = 0.3;
    o->skip_epochs = 1;
    o->domain = "gpu";
}

static double clock_offset(const struct br_analysis_opts *o, const char *device)
{
    for (size_t i = 0; i < o->noffsets; i++)
        if (device && !strcmp(o->offsets[i].device, device))
            return o->offsets[i].seconds;
    return 0;
}

/* The runs paired with group g in inferred mode, in input order, placed together. */
static void infer_group(struct br_analysis *a, struct br_group *g, struct br_group **paired,
                        double trigger_w)
{
    struct br_run_result **list = br_xmalloc(br_st_mult(a->nruns + 1, sizeof(*list)));
    size_t n = 0;

    for (size_t i = 0; i < a->nruns; i++)
        if (paired[i] == g && a->runs[i].align == BR_ALIGN_INFERRED)
            list[n++] = &a->runs[i];
    if (n) {
        br_group_levels(g, trigger_w);
        br_align_inferred(g, list, n);
    }
    free(list);
}

int br_analyze(struct br_analysis *a, struct br_source *const *src, size_t n,
               const struct br_analysis_opts *o)
{
    struct br_group *groups = NULL, **paired;
    size_t ng = br_groups_build(src, n, o->domain, &groups), total = 0, k = 0;

    memset(a, 0, sizeof(*a));
    for (size_t s = 0; s < n; s++)
        total += src[s]->nruns;
    a->runs = br_xcalloc(total ? total : 1, sizeof(*a->runs));
    paired = br_xcalloc(total ? total : 1, sizeof(*paired));
    for (size_t s = 0; s < n; s++) {
        for (size_t r = 0; r < src[s]->nruns; r++, k++) {
            struct br_run_result *rr = &a->runs[k];
            const struct br_run *run = src[s]->runs[r];
            int dedicated = 0;

            br_measure_init(rr, src[s], run, o->skip_epochs);
            paired[k] = br_pair(groups, ng, src[s], run, &dedicated);
            if (paired[k]) {
                rr->trace_path = paired[k]->src->path;
                rr->trace = paired[k]->tr[0];
                rr->ntraces = paired[k]->ntr;
                paired[k]->nruns++;
            }
            rr->align = br_align_run(rr, paired[k], dedicated, o,
                                     clock_offset(o, run->device.value));
        }
    }
    a->nruns = total;
    for (size_t i = 0; i < ng; i++)
        infer_group(a, &groups[i], paired, o->trigger_w);
    for (size_t i = 0; i < total; i++)
        br_measure_run(&a->runs[i], paired[i], o);
    free(paired);
    free(groups);
    if (!total) {
        br_diags_add(&a->warnings, NULL, BR_WARNING, 0, 0, "no training runs in the inputs");
        return -1;
    }
    br_compare(a, o);
    return 0;
}

void br_analysis_release(struct br_analysis *a)
{
    for (size_t i = 0; i < a->nruns; i++)
        br_run_result_release(&a->runs[i]);
    free(a->runs);
    free(a->rows);
    free(a->ranges);
    free(a->geo);
    br_diags_release(&a->warnings);
    br_arena_release(&a->arena);
    memset(a, 0, sizeof(*a));
}
