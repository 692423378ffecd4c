/*
 * compare.c: from measured runs to the summary table. Runs of the same
 * (device, model, batch) are pooled (their used epochs together); the
 * baseline's row of the same workload gives each row its ratios; ranges and
 * geometric means summarise each device.
 */
#include <assert.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/compare.h"
#include "analysis/stats.h"
#include "model/alloc.h"
#include "model/banned.h"

static const char *or_unknown(const char *s)
{
    return s ? s : "?";
}

/* Batch sizes sort as numbers ("32" before "128"). */
static int cmp_batch(const char *a, const char *b)
{
    char *ea, *eb;
    long x = strtol(a, &ea, 10), y = strtol(b, &eb, 10);
    if (!*ea && !*eb && ea != a && eb != b)
        return (x > y) - (x < y);
    return strcmp(a, b);
}

static const char *or_empty(const char *s)
{
    return s ? s : "";
}

/* Runs in the rows' order: by session, device, model, then batch as a number. */
static int cmp_runs(const void *pa, const void *pb)
{
    const struct br_run_result *a = *(struct br_run_result *const *)pa;
    const struct br_run_result *b = *(struct br_run_result *const *)pb;
    int c = strcmp(or_empty(a->src->session), or_empty(b->src->session));
    if (!c)
        c = strcmp(or_unknown(a->run->device.value), or_unknown(b->run->device.value));
    if (!c)
        c = strcmp(or_unknown(a->run->model.value), or_unknown(b->run->model.value));
    if (!c)
        c = cmp_batch(or_unknown(a->run->batch.value), or_unknown(b->run->batch.value));
    return c ? c : (a > b) - (a < b);   /* input order within a workload */
}

static int same_session(const char *a, const char *b)
{
    return a == b || (a && b && !strcmp(a, b));
}

static int same_workload(const struct br_row *r, const struct br_run_result *rr)
{
    return same_session(r->session, rr->src->session) &&
           !strcmp(r->device, or_unknown(rr->run->device.value)) &&
           !strcmp(r->model, or_unknown(rr->run->model.value)) &&
           !strcmp(r->batch, or_unknown(rr->run->batch.value));
}

/* A run's epoch time (br_stat_of's center: the median of 6 epochs or more, else the mean),
 * to rank runs for --trim and to judge whether runs agree. */
static double run_median(const struct br_run_result *rr)
{
    double *v = br_xmalloc(br_st_mult(rr->nep ? rr->nep : 1, sizeof(double)));
    size_t n = 0;
    struct br_stat s;

    for (size_t i = 0; i < rr->nep; i++)
        if (rr->ep[i].used)
            v[n++] = rr->ep[i].duration;
    s = br_stat_of(v, n);
    free(v);
    return s.center;
}

static double run_time(const struct br_run_result *rr, enum br_energy_source src)
{
    (void)src;
    return run_median(rr);
}

/* A run's time to train, as its log says (NaN when it says none). */
static double run_runtime(const struct br_run_result *rr, enum br_energy_source src)
{
    (void)src;
    return rr->run->runtime_s;
}

/* The median of a run's used epochs' mean power from `src` (NaN when none has one). */
static double run_power(const struct br_run_result *rr, enum br_energy_source src)
{
    double *v = br_xmalloc(br_st_mult(rr->nep ? rr->nep : 1, sizeof(double)));
    size_t n = 0;
    struct br_stat s;

    for (size_t i = 0; i < rr->nep; i++)
        if (rr->ep[i].used && rr->ep[i].esrc == src && !isnan(rr->ep[i].mean_w))
            v[n++] = rr->ep[i].mean_w;
    s = br_stat_of(v, n);
    free(v);
    return n ? s.center : NAN;
}

/*
 * The lowest and highest of `median` over the runs counted in a row (out[0],
 * out[1]); returns 1 when they are more than BR_DISAGREE times apart.
 */
static int apart(struct br_run_result *const *runs, size_t nruns,
                 const struct br_run_result *fast, const struct br_run_result *slow,
                 double (*median)(const struct br_run_result *, enum br_energy_source),
                 enum br_energy_source src, double out[2])
{
    out[0] = INFINITY;
    out[1] = -INFINITY;
    for (size_t i = 0; i < nruns; i++) {
        double m;
        if (runs[i]->run->status != BR_RUN_OK || runs[i] == fast || runs[i] == slow)
            continue;
        m = median(runs[i], src);
        if (!(m > 0))
            continue;
        out[0] = m < out[0] ? m : out[0];
        out[1] = m > out[1] ? m : out[1];
    }
    return out[0] > 0 && out[1] > BR_DISAGREE * out[0];
}

/* Whether `x` and `y` steps per epoch are the same work: within a step or half a percent. */
static int steps_alike(long x, long y)
{
    long d = labs(x - y), m = x > y ? x : y;
    return d <= 1 || (double)d <= 0.005 * (double)m;
}

/* The steps per epoch all the counted epochs of `rr` share, 0 when unknown or not one. */
static long run_steps(const struct br_run_result *rr)
{
    long s = -1;
    for (size_t k = 0; k < rr->nep; k++) {
        long x = rr->run->epochs[k].steps;
        if (!rr->ep[k].used)
            continue;
        if (x <= 0 || (s >= 0 && x != s))
            return 0;
        s = x;
    }
    return s > 0 ? s : 0;
}

/*
 * The fewest and most steps per epoch (out[0], out[1]) of the counted runs
 * that know theirs; returns 1 when two are not the same work (steps_alike):
 * runs over datasets of different sizes, not replicates.
 */
static int steps_apart(struct br_run_result *const *runs, size_t nruns,
                       const struct br_run_result *fast, const struct br_run_result *slow,
                       long out[2])
{
    out[0] = LONG_MAX;
    out[1] = 0;
    for (size_t i = 0; i < nruns; i++) {
        long s;
        if (runs[i]->run->status != BR_RUN_OK || runs[i] == fast || runs[i] == slow ||
            !(s = run_steps(runs[i])))
            continue;
        out[0] = s < out[0] ? s : out[0];
        out[1] = s > out[1] ? s : out[1];
    }
    return out[1] > 0 && !steps_alike(out[0], out[1]);
}

/*
 * Runs of one label whose medians disagree, or whose epochs are of different
 * numbers of steps, are not pooled into a figure that none of them measured:
 * the figures go, with one line saying why.
 */
static void withhold(struct br_analysis *a, struct br_row *row, struct br_run_result *const *runs,
                     size_t nruns, const struct br_run_result *fast,
                     const struct br_run_result *slow)
{
    static const struct br_stat none = { 0, NAN, NAN, NAN, NULL };
    char why[160];
    double m[2];
    long st[2];

    if (steps_apart(runs, nruns, fast, slow, st)) {
        snprintf(why, sizeof(why), "runs disagree: %ld steps per epoch in one, %ld in another",
                 st[0], st[1]);
        m[0] = (double)st[0];
        m[1] = (double)st[1];
        row->epoch_s = none;
        row->throughput_sps = row->energy_seed_j = row->runtime_s = NAN;
    } else if (apart(runs, nruns, fast, slow, run_time, row->esrc, m)) {
        snprintf(why, sizeof(why), "runs disagree: epoch time %.3g s in one, %.3g s in another",
                 m[0], m[1]);
        row->epoch_s = none;
        row->throughput_sps = row->energy_seed_j = row->runtime_s = NAN;
    } else if (apart(runs, nruns, fast, slow, run_power, row->esrc, m)) {
        snprintf(why, sizeof(why), "runs disagree: power %.3g W in one, %.3g W in another",
                 m[0], m[1]);
        row->energy_seed_j = NAN;
    } else {
        return;
    }
    row->power_w = row->energy_j = row->log_energy_j = none;
    row->withheld = br_arena_strdup(&a->arena, why);
    br_diags_add(&a->warnings, NULL, BR_WARNING, 0, 0,
                 "%s %s/%s: no %s, its %s (%.1fx): pooled, they would give a figure none of "
                 "them measured; label different trainings apart (--label, a manifest)",
                 row->device, row->model, row->batch,
                 isnan(row->epoch_s.center) ? "figures" : "power or energy figures", why,
                 m[1] / m[0]);
}

/*
 * Times to train more than BR_DISAGREE apart among a row's runs (three networks' trainings
 * in one log, 5781 s, 5721 s and 1826 s; one run of 10 epochs and one of 50): their median
 * is no run's, so the row gets none, with a warning. Its epoch figures stand.
 */
static void withhold_runtime(struct br_analysis *a, struct br_row *row,
                             struct br_run_result *const *runs, size_t nruns,
                             const struct br_run_result *fast, const struct br_run_result *slow)
{
    double m[2];

    if (isnan(row->runtime_s) || !apart(runs, nruns, fast, slow, run_runtime, row->esrc, m))
        return;
    row->runtime_s = NAN;
    br_diags_add(&a->warnings, NULL, BR_WARNING, 0, 0,
                 "%s %s/%s: no time to train, its runs disagree: %.4g s in one, %.4g s in "
                 "another (%.1fx): pooled, they would give a time none of them took; label "
                 "different trainings apart (--label, a manifest)",
                 row->device, row->model, row->batch, m[0], m[1], m[1] / m[0]);
}

/* none, exact, anchored, estimated, inferred, whole */
static const int align_strength[] = { 0, 5, 4, 3, 2, 1 };

/*
 * The source of the workload's energy: a trace when any counted epoch has
 * energy from one, else the logs' own figures, else none. Also its hardware.
 */
static enum br_energy_source source_of(struct br_row *row, struct br_run_result *const *runs,
                                       size_t nruns, const struct br_run_result *fast,
                                       const struct br_run_result *slow)
{
    int trace = 0, log = 0;

    for (size_t i = 0; i < nruns; i++) {
        const struct br_run_result *rr = runs[i];
        if (!same_workload(row, rr))
            continue;
        if (!row->hardware)
            row->hardware = rr->run->hardware ? rr->run->hardware
                            : rr->trace && rr->trace->name ? rr->trace->name : NULL;
        if (rr->run->status != BR_RUN_OK || rr == fast || rr == slow)
            continue;
        for (size_t k = 0; k < rr->nep; k++) {
            if (!rr->ep[k].used || isnan(rr->ep[k].energy_j))
                continue;
            trace |= rr->ep[k].esrc == BR_ENERGY_TRACE;
            log |= rr->ep[k].esrc == BR_ENERGY_LOG;
        }
    }
    return trace ? BR_ENERGY_TRACE : log ? BR_ENERGY_LOG : BR_ENERGY_NONE;
}

/*
 * Folds an epoch's steps into the row's: the one count all its used epochs
 * share, 0 once they differ or one is not known (-1 before the first).
 */
static void common_steps(struct br_row *row, long steps)
{
    if (row->steps < 0)
        row->steps = steps > 0 ? steps : 0;
    else if (row->steps != steps)
        row->steps = 0;
}

/*
 * Widens a summary's interval by what the rounding of printed durations
 * hides each way around their middles (br_epoch_mid): `half` seconds (epoch
 * time), or the share `rel_half` (energy over windows of those durations).
 * One value gets that interval alone.
 */
static void widen(struct br_stat *s, double half, double rel_half)
{
    double lo, hi;

    if (!(half > 0 || rel_half > 0) || isnan(s->center))
        return;
    lo = isnan(s->lo) ? s->center : s->lo;
    hi = isnan(s->hi) ? s->center : s->hi;
    s->lo = fmax(0, lo * (1 - rel_half) - half);
    s->hi = hi * (1 + rel_half) + half;
}

/* Whether the row's epochs may, as printed, have taken no time at all (Keras' "0s"). */
static int too_short(const struct br_row *row)
{
    return row->res > 0 && !(row->epoch_s.lo > 0);
}

/*
 * Epoch times that are their runs' time to train shared out evenly (the log times no
 * epoch: a Trainer's train_runtime over 20 epochs): their mean is known, their median
 * not (one epoch of 58481 s among epochs of 2200 s hides in 20 equal shares). The figure
 * is the mean: of one run, its share, exact; of several, the runs' shares summarised
 * (rm[0..nrm)); with epochs timed of their own beside them, within the values' range.
 */
static struct br_stat shared_mean(double tsum, size_t nt, size_t nshared, double *rm,
                                  size_t nrm, double lo, double hi)
{
    double m = tsum / (double)nt;
    struct br_stat s;

    if (nshared < nt)
        return (struct br_stat){ nt, m, lo, hi,
                                 "mean: epochs timed and times to train shared out, within "
                                 "their range" };
    if (nrm < 2)
        return (struct br_stat){ nt, m, m, m,
                                 "mean: the time to train over the epochs run (the log "
                                 "times no epoch)" };
    s = br_stat_of(rm, nrm);
    s.n = nt;
    s.method = s.method && !strncmp(s.method, "median", 6)
                   ? "median of the runs' times to train over their epochs"
                   : "mean of the runs' times to train over their epochs, t interval";
    return s;
}

/*
 * Pools the runs of one workload (runs[0..nruns), all of it) into `row`, or
 * withholds the figures its runs disagree on (a warning in `a` says so).
 */
static void pool(struct br_analysis *a, struct br_row *row, struct br_run_result *const *runs,
                 size_t nruns, int trim)
{
    size_t cap = 0, ok = 0, nt = 0, ne = 0, np = 0;
    double *t, *e, *p, *thr, *lg, *rt, fastest = INFINITY, slowest = -INFINITY, psum = 0, tsum = 0;
    double half = 0;      /* the most an epoch's rounding hides each way, seconds */
    double rel_half = 0;  /* and as a share of its epoch */
    double layout = 0;                    /* where untimed epochs lie, as a share (infer.c) */
    const struct br_run_result *fast = NULL, *slow = NULL;
    size_t nthr = 0, nl = 0, nrt = 0, nshared = 0, nrm = 0;
    double *rm, tmin = INFINITY, tmax = -INFINITY, share;

    for (size_t i = 0; i < nruns; i++) {
        assert(same_workload(row, runs[i]));
        cap += runs[i]->nep;
        if (runs[i]->run->status == BR_RUN_OK) {
            double m = run_median(runs[i]);
            ok++;
            if (m < fastest) {
                fastest = m;
                fast = runs[i];
            }
            if (m > slowest) {
                slowest = m;
                slow = runs[i];
            }
        } else if (!row->reason) {
            row->reason = runs[i]->run->reason;
        }
    }
    if (!(trim && ok >= 3))
        fast = slow = NULL;
    t = br_xmalloc(br_st_mult(cap + 1, sizeof(double)));
    e = br_xmalloc(br_st_mult(cap + 1, sizeof(double)));
    p = br_xmalloc(br_st_mult(cap + 1, sizeof(double)));
    thr = br_xmalloc(br_st_mult(cap + 1, sizeof(double)));
    lg = br_xmalloc(br_st_mult(cap + 1, sizeof(double)));
    rt = br_xmalloc(br_st_mult(nruns + 1, sizeof(double)));
    rm = br_xmalloc(br_st_mult(nruns + 1, sizeof(double)));
    row->align = BR_ALIGN_EXACT;
    row->esrc = source_of(row, runs, nruns, fast, slow);
    for (size_t i = 0; i < nruns; i++) {
        const struct br_run_result *rr = runs[i];
        char *end;
        long batch;

        row->runs++;
        if (rr->run->status != BR_RUN_OK || rr == fast || rr == slow)
            continue;
        if (align_strength[rr->align] < align_strength[row->align])
            row->align = rr->align;
        if (!isnan(rr->run->runtime_s))
            rt[nrt++] = rr->run->runtime_s;
        layout = fmax(layout, rr->layout_rel);
        batch = strtol(row->batch, &end, 10);
        share = NAN;
        for (size_t k = 0; k < rr->nep; k++) {
            const struct br_epoch_result *x = &rr->ep[k];
            if (!x->used)
                continue;
            if (rr->run->epochs[k].shared) {
                share = x->duration;  /* the run's (a partial last one is never used) */
                nshared++;
            }
            tmin = fmin(tmin, x->duration);
            tmax = fmax(tmax, x->duration);
            row->epochs_used++;
            row->res = fmax(row->res, rr->run->epochs[k].res);
            common_steps(row, rr->run->epochs[k].steps);
            half = fmax(half, rr->run->epochs[k].res / 2);   /* around its middle */
            if (x->duration > 0)
                rel_half = fmax(rel_half, rr->run->epochs[k].res / 2 / x->duration);
            t[nt++] = x->duration;
            tsum += x->duration;
            if (!isnan(x->log_j))
                lg[nl++] = x->log_j;
            /* throughput is the epochs' time's, whatever their energy's source */
            if (!*end && end != row->batch && rr->run->epochs[k].steps > 0 && x->duration > 0)
                thr[nthr++] = (double)rr->run->epochs[k].steps * (double)batch / x->duration;
            if (x->esrc != row->esrc)
                continue;   /* one figure, one source */
            if (x->esrc == BR_ENERGY_TRACE && !row->domain)
                row->domain = rr->domain;
            if (!isnan(x->energy_j))
                e[ne++] = x->energy_j;
            if (!isnan(x->mean_w)) {
                p[np++] = x->mean_w;
                psum += x->mean_w;
            }
        }
        if (!isnan(share))
            rm[nrm++] = share;
    }
    row->dnf = ok == 0;
    row->epoch_s = nshared ? shared_mean(tsum, nt, nshared, rm, nrm, tmin, tmax)
                           : br_stat_of(t, nt);
    if (!nshared) {
        const char *was = row->epoch_s.method;
        br_stat_grouped(&row->epoch_s, t, row->epoch_s.n, row->res);
        a->grouped += row->epoch_s.method != was;
    }
    a->shared += nshared > 0;
    row->energy_j = br_stat_of(e, ne);
    if (row->esrc == BR_ENERGY_TRACE && nl)
        row->log_energy_j = br_stat_of(lg, nl);
    else
        row->log_energy_j = (struct br_stat){ 0, NAN, NAN, NAN, NULL };
    widen(&row->epoch_s, half, 0);
    /* where a run's epochs lie widens an interval; it makes none of a single value, whose
     * digits would then claim the placement's precision alone (246.538 J); nor does the
     * rounding of one epoch's bounds where the time rests on several: the one epoch with
     * energy tells nothing of their spread (a trace that stopped in a run's second epoch
     * gave 149.885 J [149.808, 149.962] for the run's 158) */
    if (isnan(row->energy_j.lo))
        layout = 0;
    if (ne > 1 || nt <= 1)
        widen(&row->energy_j, 0, rel_half + layout);
    row->power_w = br_stat_of(p, np);
    row->energy_seed_j = np && nt ? (psum / (double)np) * (tsum / (double)nt) : NAN;
    row->throughput_sps = nthr && !too_short(row) ? br_stat_of(thr, nthr).center : NAN;
    row->runtime_s = nrt ? br_stat_of(rt, nrt).center : NAN;
    if (row->dnf)
        row->align = BR_ALIGN_NONE;
    else
        withhold(a, row, runs, nruns, fast, slow);
    if (!row->dnf)
        withhold_runtime(a, row, runs, nruns, fast, slow);
    free(t);
    free(e);
    free(p);
    free(thr);
    free(lg);
    free(rt);
    free(rm);
}

/*
 * The baseline's row of r's workload: the one of r's own session, else the
 * only one there is (several sessions' rows would make the ratio a choice).
 */
static const struct br_row *baseline_of(const struct br_analysis *a, const struct br_row *r)
{
    const struct br_row *any = NULL;
    size_t n = 0;

    for (size_t k = 0; k < a->nbase; k++) {
        const struct br_row *b = &a->rows[a->base[k]];
        if (strcmp(b->model, r->model) || strcmp(b->batch, r->batch))
            continue;
        if (same_session(b->session, r->session))
            return b;
        any = b;
        n++;
    }
    return n == 1 ? any : NULL;
}

/* How many sessions' rows the baseline has for r's workload. */
static size_t baseline_sessions(const struct br_analysis *a, const struct br_row *r)
{
    size_t n = 0;
    for (size_t k = 0; k < a->nbase; k++)
        n += !strcmp(a->rows[a->base[k]].model, r->model) &&
             !strcmp(a->rows[a->base[k]].batch, r->batch);
    return n;
}

/*
 * Whether an epoch of row r is the same work as one of the baseline's row b:
 * unless both know their steps per epoch and these differ by more than a
 * step and half a percent (a last partial batch kept or dropped).
 */
static int same_work(const struct br_row *r, const struct br_row *b)
{
    return !(r->steps > 0 && b->steps > 0) || steps_alike(r->steps, b->steps);
}

static void ratios(struct br_analysis *a)
{
    static const struct br_stat none = { 0, NAN, NAN, NAN, NULL };

    for (size_t i = 0; i < a->nrows; i++) {
        struct br_row *r = &a->rows[i];
        const struct br_row *b = baseline_of(a, r);

        r->is_baseline = !strcmp(r->device, a->baseline);
        r->speedup = r->energy_ratio = r->efficiency_ratio = none;
        if (!b && !r->dnf && baseline_sessions(a, r) > 1)
            br_diags_add(&a->warnings, NULL, BR_WARNING, 0, 0,
                         "%s %s/%s: no ratios, the baseline '%s' ran this workload in %zu "
                         "sessions (report them apart, or label them)", r->device, r->model,
                         r->batch, a->baseline, baseline_sessions(a, r));
        if (!b || b->dnf || r->dnf)
            continue;
        if ((too_short(r) || too_short(b)) && r != b) {
            br_diags_add(&a->warnings, NULL, BR_WARNING, 0, 0,
                         "%s %s/%s: no ratios, %s epochs are printed as taking under %g s "
                         "(Keras' '0s'): how many times faster cannot be told", r->device,
                         r->model, r->batch, too_short(r) ? "its" : "the baseline's",
                         (too_short(r) ? r : b)->epoch_s.hi);
            continue;
        }
        if (!same_work(r, b)) {
            br_diags_add(&a->warnings, NULL, BR_WARNING, 0, 0,
                         "%s %s/%s: no ratios, its epochs are of %ld steps and the baseline's "
                         "of %ld: an epoch is not the same work on both (another dataset or "
                         "split), so their times and energies do not compare", r->device,
                         r->model, r->batch, r->steps, b->steps);
            continue;
        }
        r->speedup = br_stat_ratio(&b->epoch_s, &r->epoch_s);
        if (b->esrc != r->esrc && b->esrc != BR_ENERGY_NONE && r->esrc != BR_ENERGY_NONE) {
            br_diags_add(&a->warnings, NULL, BR_WARNING, 0, 0,
                         "%s %s/%s: no energy ratio, its energy comes from a %s and the "
                         "baseline's from a %s", r->device, r->model, r->batch,
                         br_energy_source_name(r->esrc), br_energy_source_name(b->esrc));
            continue;
        }
        if (r->domain && b->domain && strcmp(r->domain, b->domain) && !r->is_baseline)
            br_diags_add(&a->warnings, NULL, BR_WARNING, 0, 0,
                         "%s %s/%s: its energy is of the %s power domain and the baseline's of "
                         "the %s domain: the energy ratio compares what each trace measured, "
                         "not the same parts (--domain picks one where both files have it)",
                         r->device, r->model, r->batch, r->domain, b->domain);
        r->energy_ratio = br_stat_ratio(&b->energy_j, &r->energy_j);
        r->efficiency_ratio = br_stat_product(&r->energy_ratio, &r->speedup);
        if (r->is_baseline) {   /* exactly 1, with no interval of its own */
            r->speedup.lo = r->speedup.hi = NAN;
            r->energy_ratio.lo = r->energy_ratio.hi = NAN;
            r->efficiency_ratio.lo = r->efficiency_ratio.hi = NAN;
        }
    }
}

static void range3(double *out, const double *v, size_t n)
{
    double s = 0;
    out[0] = out[1] = out[2] = NAN;
    for (size_t i = 0; i < n; i++) {
        if (isnan(v[i]))
            continue;
        out[0] = isnan(out[0]) || v[i] < out[0] ? v[i] : out[0];
        out[2] = isnan(out[2]) || v[i] > out[2] ? v[i] : out[2];
        s += v[i];
    }
    if (!isnan(out[0])) {
        size_t m = 0;
        for (size_t i = 0; i < n; i++)
            m += !isnan(v[i]);
        out[1] = s / (double)m;
    }
}

/* Per session, device and model: min, mean, max over batch sizes. */
static void ranges(struct br_analysis *a)
{
    for (size_t i = 0; i < a->nrows;) {
        size_t j = i, n = 0;
        double *s, *e, *f;
        struct br_range *rg;

        while (j < a->nrows && same_session(a->rows[j].session, a->rows[i].session) &&
               !strcmp(a->rows[j].device, a->rows[i].device) &&
               !strcmp(a->rows[j].model, a->rows[i].model))
            j++;
        s = br_xmalloc(br_st_mult(j - i, sizeof(double)));
        e = br_xmalloc(br_st_mult(j - i, sizeof(double)));
        f = br_xmalloc(br_st_mult(j - i, sizeof(double)));
        for (size_t k = i; k < j; k++) {
            s[n] = a->rows[k].speedup.center;
            e[n] = a->rows[k].energy_ratio.center;
            f[n] = a->rows[k].efficiency_ratio.center;
            n++;
        }
        a->ranges = br_xrealloc(a->ranges, br_st_mult(a->nranges + 1, sizeof(*a->ranges)));
        rg = &a->ranges[a->nranges++];
        rg->session = a->rows[i].session;
        rg->device = a->rows[i].device;
        rg->model = a->rows[i].model;
        rg->n = n;
        range3(rg->speedup, s, n);
        range3(rg->energy_ratio, e, n);
        range3(rg->efficiency_ratio, f, n);
        free(s);
        free(e);
        free(f);
        i = j;
    }
}

/* exp(mean(log x)) over the rows, with the delta-method interval. */
static void geo_add(struct br_stat *g, const struct br_stat *x, double *sumlog, double *var,
                    size_t *n, int *has_ci)
{
    (void)g;
    if (!(x->center > 0))
        return;
    *sumlog += log(x->center);
    if (x->lo > 0 && x->hi > 0) {
        double se = (log(x->hi) - log(x->lo)) / (2 * 1.959963984540054);
        *var += se * se;
    } else {
        *has_ci = 0;
    }
    (*n)++;
}

static struct br_stat geo_finish(double sumlog, double var, size_t n, int has_ci)
{
    struct br_stat s = { n, NAN, NAN, NAN, "geometric mean, delta method in log space" };
    if (!n)
        return s;
    s.center = exp(sumlog / (double)n);
    if (has_ci) {
        double se = sqrt(var) / (double)n;
        s.lo = s.center * exp(-1.959963984540054 * se);
        s.hi = s.center * exp(1.959963984540054 * se);
    }
    return s;
}

static void geomeans(struct br_analysis *a)
{
    for (size_t i = 0; i < a->nrows;) {
        size_t j = i;
        double ls = 0, vs = 0, le = 0, ve = 0, lf = 0, vf = 0;
        size_t ns = 0, ne = 0, nf = 0, dnf = 0;
        int cs = 1, ce = 1, cf = 1;
        struct br_geomean *g;

        while (j < a->nrows && !strcmp(a->rows[j].device, a->rows[i].device))
            j++;
        for (size_t k = i; k < j; k++) {
            const struct br_row *r = &a->rows[k];
            const struct br_row *b = baseline_of(a, r);
            dnf += r->dnf;
            if (r->dnf || !b || b->dnf)
                continue;   /* only workloads both completed */
            geo_add(NULL, &r->speedup, &ls, &vs, &ns, &cs);
            geo_add(NULL, &r->energy_ratio, &le, &ve, &ne, &ce);
            geo_add(NULL, &r->efficiency_ratio, &lf, &vf, &nf, &cf);
        }
        a->geo = br_xrealloc(a->geo, br_st_mult(a->ngeo + 1, sizeof(*a->geo)));
        g = &a->geo[a->ngeo++];
        g->device = a->rows[i].device;
        g->n = ns;
        g->dnf = dnf;
        g->speedup = geo_finish(ls, vs, ns, cs);
        g->energy_ratio = geo_finish(le, ve, ne, ce);
        g->efficiency_ratio = geo_finish(lf, vf, nf, cf);
        i = j;
    }
}

/* Rows of a single session name none: the session only tells several apart. */
static void one_session(struct br_analysis *a)
{
    for (size_t i = 1; i < a->nrows; i++)
        if (!same_session(a->rows[0].session, a->rows[i].session))
            return;
    for (size_t i = 0; i < a->nrows; i++)
        a->rows[i].session = NULL;
}

void br_compare(struct br_analysis *a, const struct br_analysis_opts *o)
{
    /* the rows: one per distinct (session, device, model, batch), found by sorting */
    struct br_run_result **by = br_xmalloc(br_st_mult(a->nruns + 1, sizeof(*by)));
    size_t *first = br_xmalloc(br_st_mult(a->nruns + 1, sizeof(*first)));

    for (size_t i = 0; i < a->nruns; i++)
        by[i] = &a->runs[i];
    if (a->nruns)
        qsort(by, a->nruns, sizeof(*by), cmp_runs);
    a->rows = br_xcalloc(a->nruns ? a->nruns : 1, sizeof(*a->rows));
    for (size_t i = 0; i < a->nruns; i++) {
        const struct br_run *r = by[i]->run;
        if (a->nrows && same_workload(&a->rows[a->nrows - 1], by[i]))
            continue;
        first[a->nrows] = i;
        a->rows[a->nrows].session = by[i]->src->session;
        a->rows[a->nrows].device = or_unknown(r->device.value);
        a->rows[a->nrows].model = or_unknown(r->model.value);
        a->rows[a->nrows].batch = or_unknown(r->batch.value);
        a->rows[a->nrows].steps = -1;
        a->nrows++;
    }
    first[a->nrows] = a->nruns;
    for (size_t i = 0; i < a->nrows; i++) {
        pool(a, &a->rows[i], by + first[i], first[i + 1] - first[i], o->trim);
        a->res = fmax(a->res, a->rows[i].res);
    }
    free(by);
    free(first);
    if (o->baseline) {
        a->baseline = br_arena_strdup(&a->arena, o->baseline);
    } else if (a->nrows) {
        a->baseline = a->rows[0].device;
        a->baseline_defaulted = 1;
    }
    if (o->baseline) {
        int found = 0;
        for (size_t i = 0; i < a->nrows && !found; i++)
            found = !strcmp(a->rows[i].device, o->baseline);
        if (!found)
            br_diags_add(&a->warnings, NULL, BR_WARNING, 0, 0,
                         "baseline device '%s' has no runs: no ratios", o->baseline);
    }
    a->interval_method = "delta method in log space (intervals of the medians or means)";
    a->base = br_xmalloc(br_st_mult(a->nrows + 1, sizeof(*a->base)));
    for (size_t i = 0; i < a->nrows; i++)
        if (a->baseline && !strcmp(a->rows[i].device, a->baseline))
            a->base[a->nbase++] = i;
    ratios(a);
    one_session(a);
    ranges(a);
    geomeans(a);
}
