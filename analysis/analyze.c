/*
 * analyze.c: the driver. Pairs every run with its trace (align.c), then
 * places epochs, strongest evidence first: runs whose times are on their
 * trace's clock (exact, anchored; each device's clock checked against the
 * trace, clock.c), runs whose times are on another clock (estimated offset),
 * then runs without times on the activity the others leave (infer.c), or
 * the whole trace. Then it measures (measure.c) and compares (compare.c).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/align.h"
#include "analysis/compare.h"
#include "analysis/measure.h"
#include "analysis/sensor.h"
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

/* The devices' runs in `list` that `keep` selects, grouped by device label and clock. */
typedef int keep_fn(const struct br_slot *s, const struct br_group *g);

/* The slots of group g, in input order: b->v[b->first[g] .. b->first[g + 1]). */
struct buckets {
    struct br_slot **v;
    size_t *first;
};

static void buckets_build(struct buckets *b, struct br_group *g, size_t ng, struct br_slot *slot,
                          size_t n)
{
    size_t *fill = br_xcalloc(ng + 1, sizeof(size_t));

    b->v = br_xmalloc(br_st_mult(n + 1, sizeof(*b->v)));
    b->first = br_xcalloc(ng + 2, sizeof(size_t));
    for (size_t i = 0; i < n; i++)
        if (slot[i].g)
            b->first[(size_t)(slot[i].g - g) + 1]++;
    for (size_t i = 0; i < ng; i++)
        b->first[i + 1] += b->first[i];
    for (size_t i = 0; i < n; i++)
        if (slot[i].g) {
            size_t k = (size_t)(slot[i].g - g);
            b->v[b->first[k] + fill[k]++] = &slot[i];
        }
    free(fill);
}

static void per_device(struct br_slot *const *slot, size_t n, struct br_group *g, keep_fn *keep,
                       void (*fn)(struct br_group *, struct br_slot *const *, size_t))
{
    struct br_slot **list = br_xmalloc(br_st_mult(n + 1, sizeof(*list)));
    char *done = br_xcalloc(n + 1, 1);

    for (size_t i = 0; i < n; i++) {
        size_t m = 0;
        if (done[i] || !keep(slot[i], g))
            continue;
        for (size_t k = i; k < n; k++) {
            const char *di = slot[i]->rr->run->device.value, *dk = slot[k]->rr->run->device.value;
            if (done[k] || !keep(slot[k], g) || slot[k]->zoned != slot[i]->zoned ||
                (di != dk && (!di || !dk || strcmp(di, dk))))
                continue;
            done[k] = 1;
            list[m++] = slot[k];
        }
        fn(g, list, m);
    }
    free(list);
    free(done);
}

static int placed_exactly(const struct br_slot *s, const struct br_group *g)
{
    (void)g;
    return s->rr->align == BR_ALIGN_EXACT && s->times == BR_TIMES_LOG && !s->forced;
}

static int other_clock(const struct br_slot *s, const struct br_group *g)
{
    return s->times != BR_TIMES_NONE && !s->comparable && g->timed && !s->rr->why[0] &&
           s->rr->align == BR_ALIGN_NONE;
}

/* Runs still to place without times: theirs are missing, or the trace has none. */
static int no_times(const struct br_slot *s, const struct br_group *g)
{
    return s->rr->align == BR_ALIGN_NONE && !s->rr->why[0] &&
           (s->times == BR_TIMES_NONE || !g->timed);
}

static void cover_all(struct br_group *g, size_t ng, const struct buckets *b)
{
    for (size_t i = 0; i < ng; i++)
        if (g[i].timed && g[i].nruns)
            br_group_cover(&g[i], b->v + b->first[i], b->first[i + 1] - b->first[i]);
}

/* Runs on another clock may not take a trace that runs placed by their times explain. */
static void refuse_explained(struct br_slot *slot, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        struct br_group *g = slot[i].g;
        size_t nfree = 0;
        if (!g || !other_clock(&slot[i], g) || !g->nplaced)
            continue;
        for (size_t j = 0; j < g->nspans; j++)
            nfree += !g->covered[j];
        if (!nfree)
            br_no_power(slot[i].rr, "its log's clock and the trace's differ, and the trace's "
                        "activity is all held by the %zu runs placed by their times",
                        g->nplaced);
    }
}

/* A trace longer than this many times its run's epochs is not the run alone (whole mode). */
#define WHOLE_MAX 2.0

/*
 * A run without times on a trace: the whole trace stands for it when the
 * trace is its own (labelled with its model and batch, or the only run on it)
 * and not much longer than its epochs; else it waits for inference (infer.c),
 * or gets no power. A trace without times is no run's own for that alone:
 * shared by 20 runs of one log (a thesis' pinpoint trace beside its CSVLogger),
 * its one mean would be each run's power.
 */
static void whole_or_later(struct br_slot *s)
{
    struct br_run_result *rr = s->rr;
    int durations = 1, own = s->dedicated || s->g->nruns == 1;
    double total = 0;
    size_t untimed = 0;

    for (size_t i = 0; i < rr->nep; i++) {
        durations &= !isnan(rr->ep[i].duration);
        untimed += isnan(rr->ep[i].duration);
        total += rr->ep[i].duration;
    }
    /* the run's own trace, but more than twice as long as its epochs: its mean would be
     * mostly idle, so its epochs are looked for in its activity (inferred) instead */
    if (own && durations && s->g->timed && s->g->t1 - s->g->t0 > WHOLE_MAX * total)
        return;
    if (own && (!durations || s->dedicated || !s->g->timed))
        rr->align = BR_ALIGN_WHOLE;
    else if (!durations && untimed < rr->nep)
        /* some timed, some not (a rich display's last frame, the epochs before it unseen):
         * where the timed ones lie in the trace's activity depends on the others' */
        br_no_power(rr, "no times, and %zu of its %zu epochs have no duration in the log, and "
                        "the trace is not the run's own (other runs share it, and its labels "
                        "do not name it)", untimed, rr->nep);
    else if (!durations)
        br_no_power(rr, "no times and no epoch durations in the log, and the trace is not "
                        "the run's own (other runs share it, and its labels do not name it)");
}

static void align_all(struct br_group *groups, size_t ng, struct br_slot *slot, size_t n,
                      const struct br_analysis_opts *o)
{
    struct buckets b;
    struct br_slot **list = br_xmalloc(br_st_mult(n + 1, sizeof(*list)));

    for (size_t i = 0; i < n; i++)
        if (slot[i].g && slot[i].comparable)
            br_place_times(&slot[i], 0, slot[i].times == BR_TIMES_LOG ? BR_ALIGN_EXACT
                                                                       : BR_ALIGN_ANCHORED);
    buckets_build(&b, groups, ng, slot, n);
    for (size_t i = 0; i < ng; i++) {
        groups[i].trigger_w = o->trigger_w;
        per_device(b.v + b.first[i], b.first[i + 1] - b.first[i], &groups[i], placed_exactly,
                   br_clock_check);
    }
    for (size_t i = 0; i < n; i++)
        br_unpair_apart(&slot[i]);
    cover_all(groups, ng, &b);
    refuse_explained(slot, n);
    for (size_t i = 0; i < ng; i++)
        per_device(b.v + b.first[i], b.first[i + 1] - b.first[i], &groups[i], other_clock,
                   br_clock_estimate);
    cover_all(groups, ng, &b);
    for (size_t i = 0; i < n; i++)
        if (slot[i].g && no_times(&slot[i], slot[i].g))
            whole_or_later(&slot[i]);
    for (size_t i = 0; i < ng; i++) {
        size_t m = 0;
        for (size_t k = b.first[i]; k < b.first[i + 1]; k++)
            if (no_times(b.v[k], &groups[i]))
                list[m++] = b.v[k];
        br_infer(&groups[i], list, m);
    }
    free(list);
    free(b.v);
    free(b.first);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Which traces are labelled with the device of some run (sorted names, binary search). */
static void mark_owned(struct br_group *g, size_t ng, struct br_source *const *src, size_t n)
{
    const char **dev = NULL;
    size_t nd = 0, alloc = 0;

    for (size_t s = 0; s < n; s++)
        for (size_t r = 0; r < src[s]->nruns; r++)
            if (src[s]->runs[r]->device.value) {
                BR_GROW(dev, nd + 1, alloc);
                dev[nd++] = src[s]->runs[r]->device.value;
            }
    if (nd)
        qsort(dev, nd, sizeof(*dev), cmp_str);
    for (size_t i = 0; i < ng; i++) {
        const char *l = g[i].tr[0]->label_device;
        g[i].owned = l && nd && bsearch(&l, dev, nd, sizeof(*dev), cmp_str);
    }
    free(dev);
}

int br_analyze(struct br_analysis *a, struct br_source *const *src, size_t n,
               const struct br_analysis_opts *o)
{
    struct br_group *groups = NULL;
    struct br_pairing pairing;
    struct br_slot *slot;
    size_t ng, total = 0, k = 0;

    memset(a, 0, sizeof(*a));
    br_sensor_windows(src, n, &a->warnings);
    ng = br_groups_build(src, n, o->domain, &groups);
    for (size_t s = 0; s < n; s++)
        total += src[s]->nruns;
    a->runs = br_xcalloc(total ? total : 1, sizeof(*a->runs));
    slot = br_xcalloc(total ? total : 1, sizeof(*slot));
    mark_owned(groups, ng, src, n);
    br_pairing_init(&pairing, groups, ng);
    for (size_t s = 0; s < n; s++) {
        for (size_t r = 0; r < src[s]->nruns; r++, k++) {
            struct br_run_result *rr = &a->runs[k];

            br_measure_init(rr, src[s], src[s]->runs[r], o->skip_epochs);
            br_slot_init(&slot[k], rr, o);
        }
    }
    br_pairing_zone(&pairing, slot, total);
    if (pairing.zone_skipped)
        br_diags_add(&a->warnings, NULL, BR_WARNING, 0, 0,
                     "%.*s: too many runs beside too many traces to find the time zone between "
                     "their clocks (UTC and local); --tz gives it",
                     (int)br_path_dir_len(pairing.zone_skipped), pairing.zone_skipped);
    for (k = 0; k < total; k++)
        if (a->runs[k].nep)   /* a run that died before its first epoch has nothing to place */
            br_pair(&pairing, &slot[k]);
        else if (ng && a->runs[k].run->status == BR_RUN_OK)
            br_no_power(&a->runs[k], "no epochs in its log (%s): no power is put on a run "
                        "without them", a->runs[k].run->runtime_s > 0
                                            ? "only its time to train"
                                            : "nothing that times or counts one");
    a->nruns = total;
    br_pairing_release(&pairing);
    align_all(groups, ng, slot, total, o);
    br_refuse_concurrent(slot, total);
    for (size_t i = 0; i < total; i++) {
        if (slot[i].g && a->runs[i].align == BR_ALIGN_INFERRED)
            br_group_levels(slot[i].g, o->trigger_w);   /* the idle level it reports */
        if (a->runs[i].align == BR_ALIGN_NONE) {   /* a trace it cannot use is not its trace */
            a->runs[i].trace_path = NULL;
            a->runs[i].trace = NULL;
            a->runs[i].ntraces = 0;
            a->runs[i].domain = NULL;
        }
        br_measure_run(&a->runs[i], a->runs[i].align == BR_ALIGN_NONE ? NULL : slot[i].g, o);
        br_slot_release(&slot[i]);
    }
    free(slot);
    br_groups_release(groups, ng);
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
    free(a->base);
    free(a->ranges);
    free(a->geo);
    br_diags_release(&a->warnings);
    br_arena_release(&a->arena);
    memset(a, 0, sizeof(*a));
}
