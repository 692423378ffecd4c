/*
 * align.c: pairing runs with traces, and placing epochs by their times.
 *
 * Pairing: the evidence, strongest first, is time, the recording directory,
 * then labels. When a run's times and a trace's are on one clock (both UTC,
 * both floating, or --clock-offset given), a trace that does not overlap the
 * run is never its trace, whatever the labels say; one that overlaps it is a
 * candidate unless it is labelled with another device and lies in another
 * directory. Without a common clock, a trace is a candidate only when it is
 * in the run's directory or labelled with the run's device. A trace named
 * (file name, manifest, --label; not only its directory) for another run's
 * device is never a candidate: a trace measures one device (an H100 run beside
 * an M1's trace on the same clock took the M1's watts). Among candidates: overlapping before not comparable, then the same
 * directory, then the device label, then the run's own model and batch (one trace per
 * run, as the seeds recorded), then the larger overlap, then the higher
 * sampling rate. The traces of one file in the chosen domain are summed
 * (the GPUs of a node).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/align.h"
#include "analysis/filter.h"
#include "model/alloc.h"
#include "model/banned.h"

static int eq(const char *a, const char *b)
{
    return a && b && !strcmp(a, b);
}

static const char *pick_domain(const struct br_source *s, const char *domain)
{
    for (size_t i = 0; i < s->ntraces; i++)
        if (!strcmp(s->traces[i]->domain, domain))
            return domain;
    for (size_t i = 0; i < s->ntraces; i++)
        if (!strcmp(s->traces[i]->domain, "combined"))
            return "combined";
    return s->traces[0]->domain;
}

static void group_add(struct br_group *x, const struct br_trace *t)
{
    if (x->ntr == BR_GROUP_MAX)
        return;
    x->tr[x->ntr++] = t;
    x->timed = t->timed;
    x->zoned = t->zoned;
    x->t0 = fmin(x->t0, t->window ? t->t[0] - t->window[0] : t->t[0]);
    x->t1 = fmax(x->t1, t->t[t->nr - 1]);
}

/*
 * Of several traces, each one's rest level, and the one that moves most
 * (idle-to-peak) first: levels, active spans and clock estimates come from
 * tr[0], and a file's first GPU may have sat idle while another trained.
 */
static void busiest_first(struct br_group *x)
{
    size_t best = 0;
    double top = -INFINITY;

    if (x->ntr < 2)
        return;
    for (size_t k = 0; k < x->ntr; k++) {
        const struct br_trace *t = x->tr[k];
        struct br_levels lv = br_levels_of(br_trace_values(t, "power"), t->nr, NAN);
        x->rest[k] = lv.idle;
        if (lv.peak - lv.idle > top) {
            top = lv.peak - lv.idle;
            best = k;
        }
    }
    if (best) {
        const struct br_trace *t = x->tr[0];
        double r = x->rest[0];
        x->tr[0] = x->tr[best];
        x->rest[0] = x->rest[best];
        x->tr[best] = t;
        x->rest[best] = r;
    }
}

/* The median spacing of t's samples, from up to 4096 intervals spread over it. */
static double median_step(const struct br_trace *t)
{
    size_t n = t->nr > 1 ? t->nr - 1 : 0, m = n < 4096 ? n : 4096, k = 0;
    double *v, step;

    if (!m)
        return NAN;
    v = br_xmalloc(br_st_mult(m, sizeof(double)));
    for (size_t i = 0; i < m; i++) {
        size_t j = (size_t)((double)i * (double)n / (double)m);
        if (t->t[j + 1] > t->t[j])
            v[k++] = t->t[j + 1] - t->t[j];
    }
    step = k ? br_quantile(v, k, 0.5) : NAN;
    free(v);
    return step;
}

size_t br_groups_build(struct br_source *const *src, size_t n, const char *domain,
                       struct br_group **out)
{
    struct br_group *g = NULL;
    size_t ng = 0, alloc = 0;

    for (size_t s = 0; s < n; s++) {
        const char *dom;
        struct br_group *x;

        if (!src[s]->ntraces)
            continue;
        dom = pick_domain(src[s], domain);
        BR_GROW(g, ng + 1, alloc);
        x = &g[ng++];
        memset(x, 0, sizeof(*x));
        x->src = src[s];
        x->domain = dom;
        x->t0 = INFINITY;
        x->t1 = -INFINITY;
        x->trigger_w = NAN;
        for (size_t i = 0; i < src[s]->ntraces; i++) {
            const struct br_trace *t = src[s]->traces[i];
            if (!strcmp(t->domain, dom) && br_trace_values(t, "power") && t->nr > 0)
                group_add(x, t);
        }
        if (!x->ntr) {
            ng--;
            continue;
        }
        busiest_first(x);
        {
            const struct br_trace *t = x->tr[0];
            double span = t->nr > 1 ? t->t[t->nr - 1] - t->t[0] : 0;
            x->rate = span > 0 ? (double)(t->nr - 1) / span : 0;
            x->dt = span > 0 ? span / (double)(t->nr - 1) : NAN;
            x->step = median_step(t);
            x->window = t->power_window > 0 ? t->power_window : 0;
        }
    }
    *out = g;
    return ng;
}

void br_groups_release(struct br_group *g, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(g[i].spans);
        free(g[i].covered);
    }
    free(g);
}

void br_group_levels(struct br_group *g, double trigger_w)
{
    if (!g->has_levels) {
        const struct br_trace *t = g->tr[0];
        g->levels = br_levels_of(br_trace_values(t, "power"), t->nr, trigger_w);
        g->has_levels = 1;
    }
}

void br_group_spans(struct br_group *g)
{
    const struct br_trace *t = g->tr[0];
    double merge = fmax(3 * (isnan(g->dt) ? 0 : g->dt), 3.0);   /* a run's own dips */

    if (g->has_spans || !g->timed)
        return;
    if (!isnan(g->trigger_w)) {
        struct br_segment *seg = NULL;
        br_group_levels(g, g->trigger_w);
        g->nspans = br_segments(t, br_trace_values(t, "power"), &g->levels, merge, 0, &seg);
        g->spans = br_xcalloc(g->nspans ? g->nspans : 1, sizeof(*g->spans));
        for (size_t i = 0; i < g->nspans; i++) {
            g->spans[i].start = seg[i].start;
            g->spans[i].end = seg[i].end;
        }
        free(seg);
    } else {
        g->nspans = br_active_spans(t, br_trace_values(t, "power"), merge, &g->spans, NULL);
    }
    g->covered = br_xcalloc(g->nspans ? g->nspans : 1, 1);
    g->has_spans = 1;
}

void br_no_power(struct br_run_result *rr, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(rr->why, sizeof(rr->why), fmt, ap);
    va_end(ap);
    br_diags_add(&rr->warnings, NULL, BR_WARNING, 0, 0, "no power: %s", rr->why);
    rr->align = BR_ALIGN_NONE;
}

static const struct br_anchor *anchor_of(const struct br_analysis_opts *o, const char *path)
{
    const char *base = strrchr(path, '/');

    base = base ? base + 1 : path;
    for (size_t i = 0; i < o->nanchors; i++)
        if (!strcmp(o->anchors[i].file, path) || !strcmp(o->anchors[i].file, base))
            return &o->anchors[i];
    return NULL;
}

static const struct br_clock_offset *offset_of(const struct br_analysis_opts *o,
                                               const char *device)
{
    for (size_t i = 0; i < o->noffsets; i++)
        if (device && !strcmp(o->offsets[i].device, device))
            return &o->offsets[i];
    return NULL;
}

void br_slot_init(struct br_slot *s, struct br_run_result *rr, const struct br_analysis_opts *o)
{
    const struct br_run *r = rr->run;
    const struct br_anchor *an = anchor_of(o, rr->src->path);
    const struct br_clock_offset *off = offset_of(o, r->device.value);
    size_t n = rr->nep;
    int logged = n > 0, durations = n > 0;

    memset(s, 0, sizeof(*s));
    s->rr = rr;
    s->zone_s = NAN;
    for (size_t i = 0; i < n; i++) {
        logged &= !isnan(r->epochs[i].start) && !isnan(r->epochs[i].end);
        durations &= !isnan(rr->ep[i].duration);
    }
    if (!logged && !(an && durations))
        return;
    s->ts = br_xmalloc(br_st_mult(n, sizeof(double)));
    s->te = br_xmalloc(br_st_mult(n, sizeof(double)));
    if (logged) {
        s->times = BR_TIMES_LOG;
        s->zoned = r->zoned;
        for (size_t i = 0; i < n; i++) {
            s->ts[i] = r->epochs[i].start;
            s->te[i] = r->epochs[i].end;
        }
    } else {
        double t = an->t;
        s->times = BR_TIMES_ANCHOR;
        s->zoned = an->zoned;
        for (size_t i = 0; i < n; i++) {
            s->ts[i] = t;
            s->te[i] = t += rr->ep[i].duration;
        }
    }
    if (off) {
        s->forced = 1;
        for (size_t i = 0; i < n; i++) {
            s->ts[i] += off->seconds;
            s->te[i] += off->seconds;
        }
    }
    s->a = s->ts[0];
    s->b = s->te[n - 1];
}

void br_slot_release(struct br_slot *s)
{
    free(s->ts);
    free(s->te);
}

/* Whether candidate x is better than y. */
static int better(const struct br_candidate *x, const struct br_candidate *y)
{
    const int kx[] = { x->overlap, x->here, x->mine, x->stem, x->device, x->own };
    const int ky[] = { y->overlap, y->here, y->mine, y->stem, y->device, y->own };

    for (size_t i = 0; i < sizeof(kx) / sizeof(kx[0]); i++)
        if (kx[i] != ky[i])
            return kx[i] > ky[i];
    if (x->amount != y->amount)
        return x->amount > y->amount;
    return x->rate > y->rate;
}

static int cmp_key(const void *a, const void *b)
{
    const struct br_key *x = a, *y = b;
    int c = memcmp(x->k, y->k, x->n < y->n ? x->n : y->n);
    return c ? c : (x->n > y->n) - (x->n < y->n);
}

static int cmp_start(const void *a, const void *b)
{
    const struct br_key *x = a, *y = b;
    return (x->t0 > y->t0) - (x->t0 < y->t0);
}

static double slack_of(const struct br_group *g)
{
    return 2 * (isnan(g->dt) ? 0 : g->dt) + g->window;
}

void br_pairing_init(struct br_pairing *p, struct br_group *g, size_t ng)
{
    memset(p, 0, sizeof(*p));
    p->g = g;
    p->ng = ng;
    p->by_dir = br_xmalloc(br_st_mult(ng + 1, sizeof(struct br_key)));
    p->by_dev = br_xmalloc(br_st_mult(ng + 1, sizeof(struct br_key)));
    p->by_t0 = br_xmalloc(br_st_mult(ng + 1, sizeof(struct br_key)));
    p->stamp = br_xcalloc(ng + 1, sizeof(*p->stamp));
    for (size_t i = 0; i < ng; i++) {
        const char *dev = g[i].tr[0]->label_device;
        p->by_dir[i] = (struct br_key){ g[i].src->path, br_path_dir_len(g[i].src->path), 0, i };
        if (dev)
            p->by_dev[p->ndev++] = (struct br_key){ dev, strlen(dev), 0, i };
        if (g[i].timed)
            p->by_t0[p->nt++] = (struct br_key){ NULL, 0, g[i].t0, i };
        p->slack = fmax(p->slack, slack_of(&g[i]));
    }
    qsort(p->by_dir, ng, sizeof(struct br_key), cmp_key);
    qsort(p->by_dev, p->ndev, sizeof(struct br_key), cmp_key);
    qsort(p->by_t0, p->nt, sizeof(struct br_key), cmp_start);
}

void br_pairing_release(struct br_pairing *p)
{
    free(p->by_dir);
    free(p->by_dev);
    free(p->by_t0);
    free(p->stamp);
    memset(p, 0, sizeof(*p));
}

/* Run-trace pairs of one directory the vote looks at (10,000 runs beside 10,000 traces). */
#define ZONE_PAIRS_MAX 100000000ULL

/* A run on a calendar clock beside a calendar trace of the other kind (UTC, local). */
static int zone_apart(const struct br_slot *s, const struct br_group *g)
{
    return s->times != BR_TIMES_NONE && g->timed && !s->forced && s->zoned != g->zoned &&
           s->a >= BR_CALENDAR_MIN_S && g->t0 >= BR_CALENDAR_MIN_S;
}

/* The trace's time minus the log's at zone k: local clocks run ahead of UTC. */
static double zone_shift(const struct br_slot *s, long k)
{
    return (s->zoned ? 1.0 : -1.0) * (double)k * BR_QUARTER_HOUR;
}

static size_t lower(const struct br_key *v, size_t n, const struct br_key *want);

/* Marks in hit[] the zones at which group g holds run s. */
static void zones_holding(const struct br_slot *s, const struct br_group *g, char *hit)
{
    double slack = slack_of(g), sign = s->zoned ? 1.0 : -1.0;
    /* inside when g->t0 - slack <= a + shift and b + shift <= g->t1 + slack */
    double lo = ceil((g->t0 - slack - s->a) / BR_QUARTER_HOUR - 1e-9);
    double hi = floor((g->t1 + slack - s->b) / BR_QUARTER_HOUR + 1e-9);

    for (double u = fmax(lo, -BR_ZONE_STEPS); u <= fmin(hi, BR_ZONE_STEPS); u++)
        hit[(long)(sign * u) + BR_ZONE_STEPS] = 1;
}

/* The vote of the runs v[0..m) of one directory; 0 when it was too large to look at. */
static int vote_directory(struct br_pairing *p, struct br_slot *slot, const struct br_key *v,
                          size_t m)
{
    size_t votes[2 * BR_ZONE_STEPS + 1] = { 0 }, best = 0, second = 0;
    struct br_key want = v[0];
    size_t first = lower(p->by_dir, p->ng, &want), last = first;
    unsigned long long pairs;

    while (last < p->ng && !cmp_key(&p->by_dir[last], &want))
        last++;
    pairs = (unsigned long long)m * (unsigned long long)(last - first);
    if (pairs > ZONE_PAIRS_MAX)
        return 0;
    for (size_t i = 0; i < m; i++) {
        const struct br_slot *s = &slot[v[i].idx];
        char hit[2 * BR_ZONE_STEPS + 1] = { 0 };
        for (size_t k = first; k < last; k++)
            if (zone_apart(s, &p->g[p->by_dir[k].idx]))
                zones_holding(s, &p->g[p->by_dir[k].idx], hit);
        for (size_t z = 0; z < 2 * BR_ZONE_STEPS + 1; z++)
            votes[z] += (size_t)hit[z];
    }
    for (size_t z = 1; z < 2 * BR_ZONE_STEPS + 1; z++)
        if (votes[z] > votes[best])
            best = z;
    for (size_t z = 0; z < 2 * BR_ZONE_STEPS + 1; z++)
        if (z != best && votes[z] > second)
            second = votes[z];
    if (votes[best] > second)
        for (size_t i = 0; i < m; i++)
            slot[v[i].idx].zone_s = zone_shift(&slot[v[i].idx], (long)best - BR_ZONE_STEPS);
    return 1;
}

void br_pairing_zone(struct br_pairing *p, struct br_slot *slot, size_t n)
{
    struct br_key *v = br_xmalloc(br_st_mult(n + 1, sizeof(*v)));
    size_t m = 0;

    p->zone_skipped = NULL;
    for (size_t i = 0; i < n; i++)
        if (slot[i].rr->nep && slot[i].times != BR_TIMES_NONE) {
            const char *path = slot[i].rr->src->path;
            v[m++] = (struct br_key){ path, br_path_dir_len(path), 0, i };
        }
    qsort(v, m, sizeof(*v), cmp_key);
    for (size_t i = 0, j; i < m; i = j) {
        for (j = i + 1; j < m && !cmp_key(&v[j], &v[i]); j++)
            ;
        if (!vote_directory(p, slot, v + i, j - i))
            p->zone_skipped = v[i].k;
    }
    free(v);
}

/* The first key not below `want` in v[0..n). */
static size_t lower(const struct br_key *v, size_t n, const struct br_key *want)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cmp_key(&v[mid], want) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

struct pair_state {
    struct br_candidate best;
    size_t apart, unrelated, others;
    const char *stem;   /* the log's file name, */
    size_t nstem, dir;  /* its length up to the first '.', and its directory's */
};

/*
 * The trace's file name `t` is named after the log's, whose name up to its
 * first '.' is stem[0..n): that, then '_', '-' or '.', then more with a dot
 * (run1.log beside run1_power.csv or run1.gpu.csv, as a script that records
 * each run beside its log names them).
 */
static int named_after(const char *t, const char *stem, size_t n)
{
    return n >= 2 && !strncmp(t, stem, n) && t[n] && strchr("_-.", t[n]) && strchr(t + n + 1, '.');
}

/* Weighs group i as the trace of `s` (each group once per run). */
static void consider(struct br_pairing *p, struct br_slot *s, size_t i, struct pair_state *st)
{
    struct br_group *g = &p->g[i];
    const struct br_run *r = s->rr->run;
    const struct br_trace *t = g->tr[0];
    double slack = slack_of(g);
    int comparable = s->times != BR_TIMES_NONE && g->timed && (s->forced || s->zoned == g->zoned);
    struct br_candidate c = { 0 };

    if (p->stamp[i] == p->gen)
        return;
    p->stamp[i] = p->gen;
    c.device = eq(t->label_device, r->device.value);
    c.mine = c.device || !g->owned;   /* not labelled with another run's device */
    c.own = c.device && eq(t->label_model, r->model.value) && eq(t->label_batch, r->batch.value);
    c.here = br_path_same_dir(g->src->path, s->rr->src->path);
    c.stem = c.here && named_after(g->src->path + st->dir + (st->dir > 0), st->stem, st->nstem);
    if (!c.mine && !t->label_device_weak) {
        /* named (file name, manifest, --label) for another run's device: it measures that
         * device, not this one */
        st->others++;
        return;
    }
    if (comparable) {
        c.amount = fmin(s->b, g->t1 + slack) - fmax(s->a, g->t0 - slack);
        c.overlap = 2;
        if (!(c.amount > 0)) {
            st->apart += c.here || c.device || !t->label_device || !r->device.value;
            if (!c.here || s->times != BR_TIMES_LOG || s->forced ||
                !(-c.amount < br_clock_reach(g)))
                return;   /* only runs the clock check looks at */
            c.overlap = 0;   /* for the clock check only */
        }
        if (!c.here && !c.device && t->label_device && r->device.value) {
            st->unrelated++;
            return;
        }
    } else {
        c.overlap = 1;
        if (!c.here && !c.device) {
            st->unrelated++;
            return;
        }
        if (!isnan(s->zone_s) && zone_apart(s, g)) {
            /* held at the zone its folder agrees on: time decides, as on one clock */
            c.amount = fmax(0, fmin(s->b + s->zone_s, g->t1 + slack) -
                                   fmax(s->a + s->zone_s, g->t0 - slack));
            c.overlap = c.amount > 0 ? 2 : 1;
        }
    }
    c.rate = g->rate;
    if (!s->g || better(&c, &st->best)) {
        s->g = g;
        st->best = c;
        s->comparable = comparable;
        s->dedicated = c.own;
        s->apart = !c.overlap;
    }
}

static void no_overlap(struct br_slot *s)
{
    br_no_power(s->rr, "no power trace overlaps its time (%zu on its clock do%s not; "
                "--clock-offset if the clocks differ)", s->napart, s->napart == 1 ? "es" : "");
}

void br_unpair_apart(struct br_slot *s)
{
    if (!s->apart || !s->g || s->rr->align != BR_ALIGN_EXACT)
        return;
    s->g->nplaced--;
    s->g->nruns--;
    s->g = NULL;
    s->apart = 0;
    no_overlap(s);
}

/*
 * The candidates of a run: the groups in its directory, those labelled with
 * its device, and, when its times are known, those whose span overlaps them
 * (found through indexes, so that pairing many runs with many traces does
 * not try every pair).
 */
void br_pair(struct br_pairing *p, struct br_slot *s)
{
    const struct br_run *r = s->rr->run;
    struct pair_state st = { { 0 }, 0, 0, 0, NULL, 0, br_path_dir_len(s->rr->src->path) };
    struct br_key want = { s->rr->src->path, st.dir, 0, 0 };

    st.stem = s->rr->src->path + st.dir + (st.dir > 0);
    st.nstem = strcspn(st.stem, ".");
    s->g = NULL;
    p->gen++;
    for (size_t k = lower(p->by_dir, p->ng, &want);
         k < p->ng && !cmp_key(&p->by_dir[k], &want); k++)
        consider(p, s, p->by_dir[k].idx, &st);
    if (r->device.value) {
        want = (struct br_key){ r->device.value, strlen(r->device.value), 0, 0 };
        for (size_t k = lower(p->by_dev, p->ndev, &want);
             k < p->ndev && !cmp_key(&p->by_dev[k], &want); k++)
            consider(p, s, p->by_dev[k].idx, &st);
    }
    if (s->times != BR_TIMES_NONE)
        for (size_t k = 0; k < p->nt && p->by_t0[k].t0 - p->slack < s->b; k++)
            if (p->g[p->by_t0[k].idx].t1 + p->slack > s->a)
                consider(p, s, p->by_t0[k].idx, &st);
    s->napart = st.apart;
    if (s->g) {
        s->g->nruns++;
        s->rr->trace_path = s->g->src->path;
        s->rr->trace = s->g->tr[0];
        s->rr->ntraces = s->g->ntr;
        s->rr->domain = s->g->domain;
    } else if (st.apart) {
        no_overlap(s);
    } else if (st.others) {
        br_no_power(s->rr, "no power trace of its own: the %zu beside it or at its time %s "
                    "labelled with another run's device", st.others,
                    st.others == 1 ? "is" : "are");
    } else if (p->ng) {
        br_no_power(s->rr, "no power trace in its directory or labelled with its device");
    } else {
        /* said once for the experiment, not for every run */
        snprintf(s->rr->why, sizeof(s->rr->why), "no power trace in the inputs");
    }
}

void br_place_times(struct br_slot *s, double offset, enum br_align mode)
{
    struct br_run_result *rr = s->rr;

    for (size_t i = 0; i < rr->nep; i++) {
        rr->ep[i].start = s->ts[i] + offset;
        rr->ep[i].end = s->te[i] + offset;
    }
    rr->align = mode;
    s->g->nplaced++;
}

void br_place_spread(struct br_slot *s, double start, double k, double gap)
{
    struct br_run_result *rr = s->rr;

    for (size_t i = 0; i < rr->nep; i++) {
        rr->ep[i].start = start;
        rr->ep[i].end = start + rr->ep[i].duration * k;
        start = rr->ep[i].end + gap;
    }
}

void br_place_stretched(struct br_slot *s, double start, double k)
{
    br_place_spread(s, start, k, 0);
}

void br_place_from(struct br_slot *s, double start)
{
    br_place_stretched(s, start, 1);
}

void br_group_cover(struct br_group *g, struct br_slot *const *s, size_t n)
{
    double slack = 2 * (isnan(g->dt) ? 0 : g->dt) + g->window + 1.0;

    br_group_spans(g);
    for (size_t k = 0; k < n; k++) {
        const struct br_run_result *rr = s[k]->rr;
        double a, b;
        if (s[k]->g != g || rr->nep == 0 || isnan(rr->ep[0].start))
            continue;
        a = rr->ep[0].start;
        b = rr->ep[rr->nep - 1].end;
        for (size_t j = 0; j < g->nspans; j++)
            if (g->spans[j].start < b + slack && g->spans[j].end > a - slack)
                g->covered[j] = 1;
    }
}

const char *br_align_name(enum br_align a)
{
    static const char *const names[] = { "none",     "exact",    "anchored",
                                         "estimated", "inferred", "whole" };
    return names[a];
}
