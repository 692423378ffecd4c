/*
 * measure.c: what one run measures once its epochs are placed: the warm-up
 * epochs left out, each epoch's energy, mean and peak power, the samples the
 * filters kept and removed; in whole mode, the trace's mean power above its
 * quantile floor, times each epoch's duration (the seeds' method).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/energy.h"
#include "analysis/filter.h"
#include "analysis/measure.h"
#include "model/alloc.h"
#include "model/banned.h"

/*
 * A log's energy per epoch that a counter gives (benchtrain's energy_j, NVML's
 * total-energy counter read at each end of the epoch) is off by up to one
 * step of the counter's power at each end: the counter moves every 100 ms on
 * an H200 (examples/h200-seeds/nvml-energy.csv), so a 13 ms epoch reads 0 J or
 * a whole step (17.4 J over 16 ms: 1,050 W on a GPU drawing 250 W), and 1.5 s
 * epochs whose rhythm locks to the steps read 3% low (-0.05 s of 1.55 s). A
 * step is 2% of COUNTER_MIN_S. A used epoch shorter, or with 0 J, leaves every
 * figure of the run out, since they would enter its median. A mean power the
 * log prints per epoch (power_w) is no counter's and is kept.
 */
#define COUNTER_MIN_S 5.0

static void counter_figure(struct br_run_result *rr, size_t i)
{
    if (isnan(rr->ep[i].log_j) || !rr->ep[i].used)
        return;
    rr->log_zero += rr->ep[i].log_j <= 0;
    rr->log_short += rr->ep[i].log_j > 0 && rr->ep[i].duration < COUNTER_MIN_S;
}

void br_measure_init(struct br_run_result *rr, const struct br_source *src,
                     const struct br_run *run, unsigned skip)
{
    size_t whole = 0; /* epochs that ran to their end (partial ones never count) */

    for (size_t i = 0; i < run->nepochs; i++)
        whole += !run->epochs[i].partial;
    memset(rr, 0, sizeof(*rr));
    rr->src = src;
    rr->run = run;
    rr->idle_w = rr->trigger_w = rr->floor_w = rr->whole_power_w = NAN;
    rr->offset_s = rr->offset_pm = NAN;
    rr->nep = run->nepochs;
    rr->ep = br_xcalloc(rr->nep ? rr->nep : 1, sizeof(*rr->ep));
    if (whole && whole <= skip && skip && !run->summary)
        br_diags_add(&rr->warnings, NULL, BR_WARNING, 0, 0,
                     "only %zu epoch%s: no warm-up epoch left out", whole,
                     whole == 1 ? "" : "s");
    for (size_t i = 0; i < rr->nep; i++) {
        struct br_epoch_result *e = &rr->ep[i];
        e->index = run->epochs[i].index;
        e->duration = br_epoch_mid(&run->epochs[i]);
        e->start = e->end = e->energy_j = e->mean_w = e->peak_w = NAN;
        e->used = run->status == BR_RUN_OK && !isnan(e->duration) &&
                  !run->epochs[i].partial && (whole <= skip || i >= skip);
        rr->epochs_used += e->used;
        rr->epochs_skipped += !e->used && run->status == BR_RUN_OK && i < skip &&
                             !run->epochs[i].partial;
    }
    /* the log's own figures (a summary's, benchtrain's NVML counter): kept apart */
    for (size_t i = 0; i < rr->nep; i++) {
        const struct br_epoch *e = &run->epochs[i];
        double joules = NAN, watts = NAN;
        for (size_t m = 0; m < e->nmetrics; m++) {
            if (!strcmp(e->metrics[m].name, "energy_j"))
                joules = e->metrics[m].value;
            else if (!strcmp(e->metrics[m].name, "power_w"))
                watts = e->metrics[m].value;
        }
        rr->ep[i].log_j = joules;
        if (!run->summary)   /* a counter's figure; a mean power printed per epoch is none */
            counter_figure(rr, i);
        if (isnan(joules) && !isnan(watts))
            rr->ep[i].log_j = watts * rr->ep[i].duration;
    }
    if (rr->log_zero + rr->log_short)
        for (size_t i = 0; i < rr->nep; i++)
            rr->ep[i].log_j = NAN;
}

/* Without energy from a trace, the log's own figures stand, for every epoch alike. */
static void log_figures(struct br_run_result *rr)
{
    for (size_t i = 0; i < rr->nep; i++)
        if (!isnan(rr->ep[i].energy_j))
            return;
    if (rr->log_zero)
        br_diags_add(&rr->warnings, NULL, BR_WARNING, 0, 0,
                     "the log's energy per epoch is left out: %zu of its epochs read 0 J, from "
                     "a counter (NVML's moves every 100 ms) that did not move",
                     rr->log_zero);
    else if (rr->log_short)
        br_diags_add(&rr->warnings, NULL, BR_WARNING, 0, 0,
                     "the log's energy per epoch is left out: %zu of its epochs are shorter "
                     "than %.0f s, where a counter read at each end (NVML's moves every "
                     "100 ms) can be off by more than 2%%",
                     rr->log_short, COUNTER_MIN_S);
    for (size_t i = 0; i < rr->nep; i++) {
        struct br_epoch_result *e = &rr->ep[i];
        if (isnan(e->log_j))
            continue;
        e->energy_j = e->log_j;
        e->mean_w = e->duration > 0 ? e->log_j / e->duration : NAN;
        e->esrc = BR_ENERGY_LOG;
    }
}

const char *br_energy_source_name(enum br_energy_source s)
{
    static const char *const names[] = { "none", "trace", "log" };
    return names[s];
}

/* The mean time between samples of `t`. */
static double sample_interval(const struct br_trace *t)
{
    return t->nr > 1 ? (t->t[t->nr - 1] - t->t[0]) / (double)(t->nr - 1) : NAN;
}

/* Below this rise over its rest level (W), no trace shows which GPUs a run used. */
#define BUSY_MIN_W 20.0
/* A trace that rose less than this share of the busiest one's rise was not used. */
#define BUSY_SHARE 0.1

static const char *device_of(const struct br_trace *t)
{
    return t->device ? t->device : "?";
}

/*
 * Which of a file's traces (GPUs) a run used, in use[0..g->ntr): each
 * trace's rise is its mean power over the run's span above its own rest
 * level (5th percentile). A trace that rose less than BUSY_SHARE of the
 * busiest one's rise stayed at rest through the run (a one-GPU training on a
 * machine whose every GPU was recorded) and is left out of its energy, with
 * a warning naming it. When no trace rose BUSY_MIN_W, all are used: nothing
 * tells them apart. Returns the number used.
 */
static size_t used_traces(struct br_run_result *rr, const struct br_group *g, int *use)
{
    double rise[BR_GROUP_MAX], top = -INFINITY, a, b, rest_w = NAN, busy_w = NAN;
    size_t n = 0, left = 0, busiest = 0, first = 0;
    char names[96] = "";

    for (size_t k = 0; k < g->ntr; k++)
        use[k] = 1;
    if (g->ntr < 2 || !br_placed_span(rr, &a, &b))
        return g->ntr;
    for (size_t k = 0; k < g->ntr; k++) {
        const struct br_trace *t = g->tr[k];
        const double *p = br_trace_values(t, "power");
        struct br_energy en = br_energy_over(t, p, a, b);
        rise[k] = en.joules / (b - a) - g->rest[k];
        if (rise[k] > top) {
            top = rise[k];
            busy_w = en.joules / (b - a);
            busiest = k;
        }
    }
    if (!(top >= BUSY_MIN_W))
        return g->ntr;
    for (size_t k = 0; k < g->ntr; k++) {
        size_t len = strlen(names);
        if (!(rise[k] < BUSY_SHARE * top)) {
            n++;
            continue;
        }
        use[k] = 0;
        if (!left++) {
            first = k;
            rest_w = br_energy_over(g->tr[k], br_trace_values(g->tr[k], "power"), a, b).joules /
                     (b - a);
        }
        if (len < sizeof(names) - 24)
            snprintf(names + len, sizeof(names) - len, "%s%s", left > 1 ? ", " : "",
                     device_of(g->tr[k]));
    }
    if (left)
        br_diags_add(&rr->warnings, NULL, BR_WARNING, 0, 0,
                     "left out of its energy: %s %s of the trace stayed at rest through the run "
                     "(GPU %s drew %.3g W over it; GPU %s, the busiest, %.3g W)",
                     left == 1 ? "GPU" : "GPUs", names, device_of(g->tr[first]), rest_w,
                     device_of(g->tr[busiest]), busy_w);
    return n;
}

/*
 * Whether an epoch lies mostly in a gap of the recording (the logger stopped
 * or stalled): its energy there would be a line drawn across the gap, not a
 * measurement. Epochs too short for 3 samples are judged by `uncertain`.
 */
static int in_gap(const struct br_group *g, const struct br_epoch_result *e, size_t samples,
                  double covered)
{
    double expected = (e->end - e->start) / g->step;

    if (g->tr[0]->window)
        return covered < 0.5;
    return expected >= 3 && (double)samples < expected / 2;
}

/*
 * A trace's mean power over [a, b] above its rest level (5th percentile); with
 * no span (a < b false: whole mode, where the trace may be all training), its
 * median power.
 */
static double rise_over(const struct br_trace *t, double a, double b)
{
    const double *p = br_trace_values(t, "power");
    double *tmp, median;

    if (a < b)
        return br_energy_over(t, p, a, b).joules / (b - a) - br_levels_of(p, t->nr, NAN).idle;
    tmp = br_xmalloc(br_st_mult(t->nr ? t->nr : 1, sizeof(double)));
    memcpy(tmp, p, t->nr * sizeof(double));
    median = br_quantile(tmp, t->nr, 0.5);
    free(tmp);
    return median;
}

/* A part of a machine that rose less than this (W) did not do the run's work. */
#define AT_REST_W 1.0

/*
 * Whether the run did its work on another part of the machine than the
 * chosen domain's (a CPU training on a Mac, recorded by powermetrics: its GPU
 * stays at 25 mW while its CPU draws 15 W): the chosen domain rose under
 * AT_REST_W and under a twentieth of what another domain of the same file
 * rose (in whole mode: under AT_REST_W in all and a twentieth of another's
 * median power). Says which in `why`.
 */
static int worked_elsewhere(const struct br_run_result *rr, const struct br_group *g, char *why,
                            size_t size)
{
    const struct br_source *src = g->src;
    const struct br_trace *other = NULL;
    double a, b, own = -INFINITY, top = -INFINITY;

    if (rr->align == BR_ALIGN_WHOLE)
        a = b = NAN;   /* the whole trace is the run's: its median, not a span's rise */
    else if (!br_placed_span(rr, &a, &b))
        return 0;
    /* the part that worked, named rather than the sum of parts when one rose */
    for (int sum = 0; sum < 2 && !(top >= AT_REST_W); sum++)
        for (size_t i = 0; i < src->ntraces; i++) {
            const struct br_trace *t = src->traces[i];
            double r;
            if (!strcmp(t->domain, g->domain) || (strcmp(t->domain, "combined") == 0) != sum ||
                !br_trace_values(t, "power") || t->nr < 2)
                continue;
            r = rise_over(t, a, b);
            if (r > top) {
                top = r;
                other = t;
            }
        }
    if (!other)
        return 0;   /* one part recorded (the GPUs of nvidia-smi): nothing to compare */
    for (size_t k = 0; k < g->ntr; k++)
        own = fmax(own, rise_over(g->tr[k], a, b));
    if (!(own < AT_REST_W && own < top / 20))
        return 0;
    if (fabs(own) < 5e-4)
        own = 0;   /* no -2e-17 W */
    snprintf(why, size, "its %s power stayed at rest through the run (%s%.3g W) while the %s "
             "%s %.3g W: the run worked on another part than the %s (--domain %s measures it)",
             g->domain, isnan(a) || own < 0 ? "" : "+", own, other->domain,
             isnan(a) ? "drew" : "rose", top, g->domain, other->domain);
    return 1;
}

/*
 * Whether the epochs the run measures (its used ones), from the first's start
 * to the last's end, are too brief for the trace to show their power: under 3
 * of its samples, spaced as they are there. Their energy would then come from
 * samples of the time around them (a real H100 run of four 0.1 s epochs on a
 * 1 s trace: 22.7 J, where its 100 ms trace gives 37). A sensor's averaging window longer than them is only
 * warned about (measure_placed): the runs before and after may keep the
 * average at their level. Says why in `why`.
 */
static int too_brief(const struct br_run_result *rr, const struct br_group *g, char *why,
                     size_t size)
{
    const struct br_trace *t = g->tr[0];
    double dt, a = INFINITY, b = -INFINITY;
    size_t i0 = 0, i1;

    for (size_t i = 0; i < rr->nep; i++)
        if (rr->ep[i].used && !isnan(rr->ep[i].start) && !isnan(rr->ep[i].end)) {
            a = fmin(a, rr->ep[i].start);
            b = fmax(b, rr->ep[i].end);
        }
    if (!(b > a) || t->nr < 2)
        return 0;
    /* the spacing of the samples around them, not the whole trace's (a gap elsewhere) */
    while (i0 + 1 < t->nr && t->t[i0 + 1] <= a)
        i0++;
    for (i1 = i0; i1 + 1 < t->nr && t->t[i1] < b; i1++)
        ;
    dt = i1 > i0 ? (t->t[i1] - t->t[i0]) / (double)(i1 - i0) : sample_interval(t);
    if (!(b - a < 3 * dt))
        return 0;
    snprintf(why, size, "the epochs it measures last %.2g s in all, under 3 of the trace's "
             "samples (%.3g s apart): the trace cannot show their power", b - a, dt);
    return 1;
}

static void measure_placed(struct br_run_result *rr, const struct br_group *g)
{
    int use[BR_GROUP_MAX];
    size_t uncertain = 0, uncovered = 0, gaps = 0;
    double dt = sample_interval(g->tr[0]);
    double win = g->tr[0]->power_window > 0 ? g->tr[0]->power_window : 0;
    size_t total = 0;

    rr->ntraces = used_traces(rr, g, use);
    for (size_t i = 0; i < rr->nep; i++) {
        struct br_epoch_result *e = &rr->ep[i];
        double joules = 0, peak = NAN, covered = 1;
        size_t samples = 0;
        int ok = 1, first = 1;

        if (isnan(e->start) || isnan(e->end))
            continue;
        for (size_t k = 0; k < g->ntr && ok; k++) {
            if (!use[k])
                continue;
            struct br_energy en = br_energy_over(g->tr[k], br_trace_values(g->tr[k], "power"),
                                                 e->start, e->end);
            ok = !isnan(en.joules);
            joules += en.joules;
            peak = isnan(peak) ? en.peak_w : peak + en.peak_w;
            if (first) {   /* the first trace used counts them */
                samples = en.samples;
                covered = en.covered;
                first = 0;
            }
        }
        e->samples = samples;
        if (!ok) {
            uncovered += e->used;
            continue;
        }
        if (in_gap(g, e, samples, covered)) {
            gaps += e->used;
            continue;
        }
        e->energy_j = joules;
        e->esrc = BR_ENERGY_TRACE;
        e->mean_w = joules / (e->end - e->start);
        e->peak_w = peak;
        e->uncertain = (e->end - e->start) < 3 * dt || (e->end - e->start) < win;
        uncertain += e->uncertain && e->used;
        if (e->used)
            rr->samples_used += samples;
        else
            rr->samples_removed += samples;
        total += samples;
    }
    if (uncovered)
        br_diags_add(&rr->warnings, NULL, BR_WARNING, 0, 0,
                     "the trace does not cover %zu epoch%s: %s no energy", uncovered,
                     uncovered == 1 ? "" : "s", uncovered == 1 ? "it has" : "they have");
    if (gaps)
        br_diags_add(&rr->warnings, NULL, BR_WARNING, 0, 0,
                     "%zu epoch%s in a gap of the trace (under half the samples its %.3g s "
                     "spacing gives): %s no energy", gaps, gaps == 1 ? " lies" : "s lie",
                     g->step, gaps == 1 ? "it has" : "they have");
    if (uncertain)
        br_diags_add(&rr->warnings, NULL, BR_WARNING, 0, 0,
                     "%zu epoch%s shorter than 3 power samples (%.3g s apart)%s: energy "
                     "uncertain", uncertain, uncertain == 1 ? " is" : "s are", dt,
                     win > 0 ? " or the sensor's 1 s average" : "");
    (void)total;
}

/*
 * Whole mode sums a file's GPUs with nothing to tell which the run used; one
 * far below another (a third) may have sat idle, so the sum is questioned.
 */
static void whole_uneven(struct br_run_result *rr, const struct br_group *g, const double *w)
{
    size_t lo = 0, hi = 0;

    for (size_t k = 1; k < g->ntr; k++) {
        lo = w[k] < w[lo] ? k : lo;
        hi = w[k] > w[hi] ? k : hi;
    }
    if (g->ntr > 1 && w[lo] > 0 && w[lo] * 3 < w[hi])
        br_diags_add(&rr->warnings, NULL, BR_WARNING, 0, 0,
                     "the power of %zu GPUs is summed, and GPU %s drew %.3g W against GPU %s's "
                     "%.3g W: if the run did not use it, record only the GPUs it used "
                     "(nvidia-smi -i)", g->ntr, device_of(g->tr[lo]), w[lo],
                     device_of(g->tr[hi]), w[hi]);
}

static void measure_whole(struct br_run_result *rr, const struct br_group *g, double q)
{
    double power = 0, each[BR_GROUP_MAX];

    for (size_t k = 0; k < g->ntr; k++) {
        const struct br_trace *t = g->tr[k];
        const double *p = br_trace_values(t, "power");
        double *tmp = br_xmalloc(br_st_mult(t->nr, sizeof(double))), floor_w, sum = 0;
        size_t kept = 0, n = 0;

        memcpy(tmp, p, t->nr * sizeof(double));
        floor_w = br_quantile(tmp, t->nr, q);
        free(tmp);
        for (size_t i = 0; i < t->nr; i++) {
            if (isnan(p[i]))
                continue;
            n++;
            if (p[i] >= floor_w) {   /* the seeds' p >= np.quantile(p, q) */
                sum += p[i];
                kept++;
            }
        }
        if (k == 0) {
            rr->floor_w = floor_w;
            rr->samples_used = kept;
            rr->samples_removed = n - kept;
        }
        each[k] = kept ? sum / (double)kept : NAN;
        power += each[k];
    }
    whole_uneven(rr, g, each);
    rr->whole_power_w = power;
    for (size_t i = 0; i < rr->nep; i++) {
        rr->ep[i].mean_w = power;
        rr->ep[i].energy_j = power * rr->ep[i].duration;
        rr->ep[i].esrc = isnan(rr->ep[i].energy_j) ? BR_ENERGY_NONE : BR_ENERGY_TRACE;
    }
}

void br_measure_run(struct br_run_result *rr, const struct br_group *g,
                    const struct br_analysis_opts *o)
{
    char why[192];

    if (!g) {
        log_figures(rr);
        return;
    }
    if (g->has_levels) {
        rr->idle_w = g->levels.idle;
        if (rr->align == BR_ALIGN_INFERRED && !isnan(g->trigger_w))
            rr->trigger_w = g->levels.trigger;
    }
    if (rr->align != BR_ALIGN_NONE &&
        (worked_elsewhere(rr, g, why, sizeof(why)) ||
         (rr->align != BR_ALIGN_WHOLE && too_brief(rr, g, why, sizeof(why))))) {
        br_no_power(rr, "%s", why);
        rr->trace_path = NULL;
        rr->trace = NULL;
        rr->ntraces = 0;
        rr->domain = NULL;
    } else if (rr->align == BR_ALIGN_WHOLE) {
        measure_whole(rr, g, o->quantile);
    } else if (rr->align != BR_ALIGN_NONE) {
        measure_placed(rr, g);
    }
    log_figures(rr);
}

void br_run_result_release(struct br_run_result *rr)
{
    free(rr->ep);
    br_diags_release(&rr->warnings);
}
