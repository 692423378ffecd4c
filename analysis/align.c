/*
 * align.c: pairing runs with traces and putting their epochs on the traces'
 * time axis (analysis.h lists the modes).
 *
 * Pairing, for a run of device D: each trace file labelled D, or in the
 * run's directory, scores 2 for the device, 2 more when it also has the
 * run's model and batch (one trace per run, as the seeds recorded), and 1
 * for being in the run's directory (a `benchreport record` folder). The best
 * score wins; among equals, one whose time span overlaps the run's (when
 * both can be compared), else the one sampled most often. The traces of one file in the
 * chosen power domain are summed (the GPUs of a node).
 *
 * Mode, strongest first: exact (every epoch has start and end, in the same
 * kind of time as the trace); anchored (--start gives the first epoch's
 * start, durations do the rest); inferred (the runs sharing a trace are
 * matched, in order, to the active segments its trigger finds, and epochs
 * are laid back from the segment's end by their durations); whole (the
 * trace is the run's own, or has no times: it stands for the run as a
 * whole, filtered by quantile).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/align.h"
#include "analysis/filter.h"
#include "model/alloc.h"
#include "model/banned.h"

static const char *dir_of(const char *path, size_t *len)
{
    const char *s = strrchr(path, '/');
    *len = s ? (size_t)(s - path) : 0;
    return path;
}

static int same_dir(const char *a, const char *b)
{
    size_t la, lb;
    dir_of(a, &la);
    dir_of(b, &lb);
    return la == lb && !strncmp(a, b, la);
}

static int eq(const char *a, const char *b)
{
    return a && b && !strcmp(a, b);
}

/* Builds the trace groups: one per source, its traces of the analysis' domain. */
size_t br_groups_build(struct br_source *const *src, size_t n, const char *domain,
                       struct br_group **out)
{
    struct br_group *g = NULL;
    size_t ng = 0, alloc = 0;

    for (size_t s = 0; s < n; s++) {
        const char *dom = NULL;
        struct br_group *x;

        if (!src[s]->ntraces)
            continue;
        for (size_t i = 0; i < src[s]->ntraces && !dom; i++)
            if (!strcmp(src[s]->traces[i]->domain, domain))
                dom = domain;
        for (size_t i = 0; i < src[s]->ntraces && !dom; i++)
            if (!strcmp(src[s]->traces[i]->domain, "combined"))
                dom = "combined";
        if (!dom)
            dom = src[s]->traces[0]->domain;
        BR_GROW(g, ng + 1, alloc);
        x = &g[ng++];
        memset(x, 0, sizeof(*x));
        x->src = src[s];
        x->domain = dom;
        x->t0 = INFINITY;
        x->t1 = -INFINITY;
        for (size_t i = 0; i < src[s]->ntraces; i++) {
            const struct br_trace *t = src[s]->traces[i];
            if (strcmp(t->domain, dom) || !br_trace_values(t, "power") || t->nr == 0)
                continue;
            if (x->ntr == BR_GROUP_MAX)
                break;
            x->tr[x->ntr++] = t;
            x->timed = t->timed;
            x->zoned = t->zoned;
            x->t0 = fmin(x->t0, t->window ? t->t[0] - t->window[0] : t->t[0]);
            x->t1 = fmax(x->t1, t->t[t->nr - 1]);
        }
        if (x->ntr) {
            const struct br_trace *t = x->tr[0];
            x->rate = t->nr > 1 ? (double)(t->nr - 1) / (t->t[t->nr - 1] - t->t[0]) : 0;
        } else {
            ng--;
        }
    }
    *out = g;
    return ng;
}

/* The run's time span, or 0 when its epochs lack start or end. */
static int run_span(const struct br_run *r, double *a, double *b)
{
    if (!r->nepochs)
        return 0;
    for (size_t i = 0; i < r->nepochs; i++)
        if (isnan(r->epochs[i].start) || isnan(r->epochs[i].end))
            return 0;
    *a = r->epochs[0].start;
    *b = r->epochs[r->nepochs - 1].end;
    return 1;
}

struct br_group *br_pair(struct br_group *g, size_t ng, const struct br_source *src,
                         const struct br_run *r, int *dedicated)
{
    struct br_group *best = NULL;
    int best_score = 0, best_overlap = 0, best_own = 0;
    double a = 0, b = 0;
    int spanned = run_span(r, &a, &b);

    for (size_t i = 0; i < ng; i++) {
        const struct br_trace *t = g[i].tr[0];
        int device = eq(t->label_device, r->device.value);
        int own = device && eq(t->label_model, r->model.value) &&
                  eq(t->label_batch, r->batch.value);
        int here = same_dir(g[i].src->path, src->path);
        int score = 2 * device + 2 * own + here, overlap;

        if (!device && !here)
            continue;
        overlap = spanned && g[i].timed && g[i].zoned == r->zoned && a < g[i].t1 && b > g[i].t0;
        if (score > best_score || (score == best_score && overlap > best_overlap) ||
            (score == best_score && overlap == best_overlap && g[i].rate > best->rate)) {
            best = &g[i];
            best_score = score;
            best_overlap = overlap;
            best_own = own;
        }
    }
    *dedicated = best_own;
    return best;
}

/* Exact: the log's own times, moved by the device's clock offset. */
static void place_exact(struct br_run_result *rr, double offset)
{
    for (size_t i = 0; i < rr->nep; i++) {
        rr->ep[i].start = rr->run->epochs[i].start + offset;
        rr->ep[i].end = rr->run->epochs[i].end + offset;
    }
}

/* Anchored: durations laid end to end from a known start. */
static void place_from(struct br_run_result *rr, double start)
{
    for (size_t i = 0; i < rr->nep; i++) {
        rr->ep[i].start = start;
        rr->ep[i].end = start + rr->ep[i].duration;
        start = rr->ep[i].end;
    }
}

/* Inferred: laid back from the segment's end; the first epoch takes the start-up. */
static void place_in_segment(struct br_run_result *rr, const struct br_segment *s)
{
    double end = s->end;

    for (size_t i = rr->nep; i-- > 0;) {
        rr->ep[i].end = end;
        rr->ep[i].start = i == 0 ? fmin(s->start, end - rr->ep[i].duration)
                                 : end - rr->ep[i].duration;
        end = rr->ep[i].start;
    }
}

static double total_duration(const struct br_run_result *rr)
{
    double s = 0;
    for (size_t i = 0; i < rr->nep; i++)
        s += rr->ep[i].duration;
    return s;
}

void br_group_levels(struct br_group *g, double trigger_w)
{
    if (!g->has_levels) {
        const struct br_trace *t = g->tr[0];
        g->levels = br_levels_of(br_trace_values(t, "power"), t->nr, trigger_w);
        g->has_levels = 1;
    }
}

/*
 * How badly segment `s` fits a run whose epochs take `want` seconds: a run
 * cannot be longer than its segment (10% slack for the trigger's edges);
 * the segment's surplus is start-up time, and the smaller the better.
 */
static double misfit(const struct br_segment *s, double want)
{
    double len = s->end - s->start;
    return len < 0.9 * want ? INFINITY : len - want;
}

void br_align_inferred(struct br_group *g, struct br_run_result **rr, size_t n)
{
    struct br_segment *seg = NULL;
    const struct br_trace *t = g->tr[0];
    size_t ns = br_segments(t, br_trace_values(t, "power"), &g->levels, 2.0, 1.0, &seg);
    int *taken = br_xcalloc(ns ? ns : 1, sizeof(int));
    size_t *pick = br_xmalloc(br_st_mult(n ? n : 1, sizeof(size_t)));

    for (size_t k = 0; k < n; k++)
        pick[k] = ns;
    if (ns == n) {
        for (size_t k = 0; k < n; k++)
            pick[k] = k;               /* one segment per run, in order */
    } else {
        /* the best-fitting (run, segment) pair first, until none fits */
        for (;;) {
            double best = INFINITY;
            size_t bk = n, bj = ns;
            for (size_t k = 0; k < n; k++) {
                if (pick[k] != ns)
                    continue;
                for (size_t j = 0; j < ns; j++) {
                    double m = taken[j] ? INFINITY : misfit(&seg[j], total_duration(rr[k]));
                    if (m < best) {
                        best = m;
                        bk = k;
                        bj = j;
                    }
                }
            }
            if (bk == n)
                break;
            pick[bk] = bj;
            taken[bj] = 1;
        }
    }
    for (size_t k = 0; k < n; k++) {
        if (ns != n)
            br_diags_add(&rr[k]->warnings, NULL, BR_WARNING, 0, 0,
                         "%zu active segment%s in the trace for %zu run%s: matched by length",
                         ns, ns == 1 ? "" : "s", n, n == 1 ? "" : "s");
        if (pick[k] == ns) {
            br_diags_add(&rr[k]->warnings, NULL, BR_WARNING, 0, 0,
                         "no active segment left in the trace fits this run: no energy");
            rr[k]->align = BR_ALIGN_NONE;
            continue;
        }
        place_in_segment(rr[k], &seg[pick[k]]);
    }
    free(pick);
    free(taken);
    free(seg);
}

enum br_align br_align_run(struct br_run_result *rr, const struct br_group *g, int dedicated,
                           const struct br_analysis_opts *o, double offset)
{
    const struct br_run *r = rr->run;
    double a, b;
    const char *base = strrchr(rr->src->path, '/');

    base = base ? base + 1 : rr->src->path;
    if (!g || rr->nep == 0)   /* no trace, or a run that died before its first epoch */
        return BR_ALIGN_NONE;
    if (run_span(r, &a, &b) && g->timed) {
        if (g->zoned == r->zoned) {
            place_exact(rr, offset);
            return BR_ALIGN_EXACT;
        }
        br_diags_add(&rr->warnings, NULL, BR_WARNING, 0, 0,
                     "the log's times are %s and the trace's %s: not compared (give --tz)",
                     r->zoned ? "UTC" : "local without a zone",
                     g->zoned ? "UTC" : "local without a zone");
    }
    for (size_t i = 0; i < o->nanchors; i++) {
        if ((!strcmp(o->anchors[i].file, rr->src->path) || !strcmp(o->anchors[i].file, base)) &&
            g->timed && o->anchors[i].zoned == g->zoned) {
            place_from(rr, o->anchors[i].t + offset);
            return BR_ALIGN_ANCHORED;
        }
    }
    for (size_t i = 0; i < rr->nep; i++)
        if (isnan(rr->ep[i].duration))
            return BR_ALIGN_WHOLE;
    if (dedicated || !g->timed)
        return BR_ALIGN_WHOLE;
    return BR_ALIGN_INFERRED;
}

const char *br_align_name(enum br_align a)
{
    static const char *const names[] = { "none", "exact", "anchored", "inferred", "whole" };
    return names[a];
}
