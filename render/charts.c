/*
 * charts.c: the figures of the report (charts.h). Each figure is a grid of
 * panels drawn into a box: an axis is 1-2-5 linear from 0 or log 10 with
 * 1, 10, 100 labels; devices keep their colour everywhere (their order in
 * the summary table); hatching means DNF and nothing else. Every panel
 * counts what it drew so that the legend lists only that and the caption
 * describes only that.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/buf.h"
#include "model/timefmt.h"
#include "render/charts.h"
#include "render/columns.h"
#include "model/banned.h"

#define MAX_DEV 32
#define MAX_ITEMS 64

/* ---- values of the per-workload figures ---- */

static double v_time(const struct br_row *r, double *lo, double *hi)
{
    *lo = r->epoch_s.lo, *hi = r->epoch_s.hi;
    return r->dnf ? NAN : r->epoch_s.center;
}

static double v_speedup(const struct br_row *r, double *lo, double *hi)
{
    *lo = r->speedup.lo, *hi = r->speedup.hi;
    return r->dnf ? NAN : r->speedup.center;
}

static double v_energy(const struct br_row *r, double *lo, double *hi)
{
    *lo = r->energy_j.lo, *hi = r->energy_j.hi;
    return r->dnf ? NAN : r->energy_j.center;
}

static double v_eratio(const struct br_row *r, double *lo, double *hi)
{
    *lo = r->energy_ratio.lo, *hi = r->energy_ratio.hi;
    return r->dnf ? NAN : r->energy_ratio.center;
}

static double v_effic(const struct br_row *r, double *lo, double *hi)
{
    *lo = r->efficiency_ratio.lo, *hi = r->efficiency_ratio.hi;
    return r->dnf ? NAN : r->efficiency_ratio.center;
}

const struct br_chart br_charts[] = {
    { "time", "Epoch time", "seconds per epoch", BR_FIG_WORKLOAD, BR_AXIS_AUTO, v_time,
      "no run has an epoch time", 6 },
    { "speedup", "How many times faster than the baseline", "speedup (x)", BR_FIG_WORKLOAD,
      BR_AXIS_RATIO, v_speedup, "no device shares a finished workload with the baseline", 6 },
    { "power", "Power over time", "watts", BR_FIG_POWER, BR_AXIS_LINEAR, NULL,
      "no run has a timed power trace", 2 },
    { "energy", "Energy per epoch", "joules per epoch", BR_FIG_WORKLOAD, BR_AXIS_AUTO, v_energy,
      "no run has a power trace or an energy counter", 6 },
    { "energy-ratio", "How many times less energy per epoch than the baseline",
      "energy ratio (x)", BR_FIG_WORKLOAD, BR_AXIS_RATIO, v_eratio,
      "no workload has the energy of both a device and the baseline", 6 },
    { "efficiency", "Efficiency against the baseline (energy x time)", "efficiency ratio (x)",
      BR_FIG_WORKLOAD, BR_AXIS_RATIO, v_effic,
      "no workload has the energy of both a device and the baseline", 6 },
    { "metrics", "Loss and accuracy over wall-clock time", NULL, BR_FIG_METRICS, BR_AXIS_LINEAR,
      NULL, "no run logs a loss or accuracy for two timed epochs", 4 },
};
const size_t br_ncharts = sizeof(br_charts) / sizeof(br_charts[0]);

const struct br_chart *br_chart_find(const char *name)
{
    for (size_t i = 0; i < br_ncharts; i++)
        if (!strcmp(br_charts[i].name, name))
            return &br_charts[i];
    return NULL;
}

const char *br_chart_names(void)
{
    return "time, speedup, power, energy, energy-ratio, efficiency or metrics";
}

/* ---- what the analysis holds, in a drawing order ---- */

struct names {
    const char *v[MAX_ITEMS];
    size_t n;
};

static size_t names_add(struct names *s, const char *name)
{
    for (size_t i = 0; i < s->n; i++)
        if (!strcmp(s->v[i], name))
            return i;
    if (s->n < MAX_ITEMS)
        s->v[s->n++] = name;
    return s->n - 1;
}

static size_t names_find(const struct names *s, const char *name)
{
    for (size_t i = 0; i < s->n; i++)
        if (!strcmp(s->v[i], name))
            return i;
    return 0;
}

/* Devices in the summary table's order: a device's colour index. */
static void devices(const struct br_analysis *a, struct names *d)
{
    d->n = 0;
    for (size_t i = 0; i < a->nrows; i++)
        names_add(d, a->rows[i].device);
}

static void models(const struct br_analysis *a, struct names *m)
{
    m->n = 0;
    for (size_t i = 0; i < a->nrows; i++)
        names_add(m, a->rows[i].model);
}

static const char *run_device(const struct br_run *r)
{
    return r->device.value ? r->device.value : "?";
}

static int bycmp(const void *x, const void *y)
{
    double a = strtod(*(const char *const *)x, NULL), b = strtod(*(const char *const *)y, NULL);
    return a < b ? -1 : a > b;
}

/* The batch sizes of `model`, sorted by number; *numeric when every one is a number > 0. */
static int shown(const struct br_chart *ch, const struct br_row *r);

static size_t batches(const struct br_chart *ch, const struct br_analysis *a, const char *model,
                      const char **out, int *numeric)
{
    struct names b = { .n = 0 };
    *numeric = 1;
    for (size_t i = 0; i < a->nrows; i++)
        if (!strcmp(a->rows[i].model, model) && shown(ch, &a->rows[i]))
            names_add(&b, a->rows[i].batch);
    for (size_t i = 0; i < b.n; i++) {
        char *end;
        double v = strtod(b.v[i], &end);
        if (end == b.v[i] || *end || !(v > 0))
            *numeric = 0;
        out[i] = b.v[i];
    }
    if (*numeric)
        qsort(out, b.n, sizeof(*out), bycmp);
    return b.n;
}

static const struct br_row *find_row(const struct br_analysis *a, const char *dev,
                                     const char *model, const char *batch)
{
    for (size_t i = 0; i < a->nrows; i++)
        if (!strcmp(a->rows[i].device, dev) && !strcmp(a->rows[i].model, model) &&
            !strcmp(a->rows[i].batch, batch))
            return &a->rows[i];
    return NULL;
}

/* Whether `r` is drawn in `ch`: ratio charts leave the baseline out (it is the line at 1). */
static int shown(const struct br_chart *ch, const struct br_row *r)
{
    return !(ch->axis == BR_AXIS_RATIO && r->is_baseline);
}

static int workload_has_value(const struct br_chart *ch, const struct br_analysis *a,
                              const char *model)
{
    for (size_t i = 0; i < a->nrows; i++) {
        const struct br_row *r = &a->rows[i];
        double lo, hi, v;
        if (model && strcmp(r->model, model))
            continue;
        if (!shown(ch, r))
            continue;
        v = ch->value(r, &lo, &hi);
        if (isfinite(v) && v > 0)
            return 1;
    }
    return 0;
}

/* Runs that have a timed trace with power, and the devices they belong to. */
static int run_has_power(const struct br_run_result *rr)
{
    const struct br_trace *t = rr->trace;
    return t && t->timed && t->nr >= 2 && br_trace_values(t, "power");
}

static void power_devices(const struct br_analysis *a, struct names *pd)
{
    pd->n = 0;
    for (size_t i = 0; i < a->nruns; i++)
        if (run_has_power(&a->runs[i]))
            names_add(pd, run_device(a->runs[i].run));
}

/* ---- metrics: loss and a held-out (else training) accuracy ---- */

struct metric_kind {
    const char *title;
    const char *names[7];
    double scale[7];
};

static const struct metric_kind metric_kinds[2] = {
    { "loss", { "loss", "train_loss", NULL }, { 1, 1 } },
    { "accuracy", { "val_accuracy", "test_accuracy", "test_acc_pct", "val_acc", "accuracy", "acc",
                    NULL },
      { 1, 1, 0.01, 1, 1, 1 } },
};

/* The metric of kind `k` of epoch `e` (NaN when absent); *name gets which one. */
static double metric_of(const struct br_epoch *e, int k, const char **name)
{
    for (int q = 0; metric_kinds[k].names[q]; q++)
        for (size_t i = 0; i < e->nmetrics; i++)
            if (!strcmp(e->metrics[i].name, metric_kinds[k].names[q])) {
                if (name)
                    *name = metric_kinds[k].names[q];
                return e->metrics[i].value * metric_kinds[k].scale[q];
            }
    return NAN;
}

/* Seconds from the run's start to the end of epoch `k`: the log's times, else the sum of durations. */
static double elapsed_at(const struct br_run *r, size_t k)
{
    const struct br_epoch *e = r->epochs;
    if (isfinite(e[0].start) && isfinite(e[k].end))
        return e[k].end - e[0].start;
    double s = 0;
    for (size_t i = 0; i <= k; i++) {
        if (!isfinite(e[i].duration))
            return NAN;
        s += e[i].duration;
    }
    return s;
}

static int run_has_metric(const struct br_run *r, int k)
{
    size_t n = 0;
    for (size_t i = 0; i < r->nepochs; i++)
        n += isfinite(metric_of(&r->epochs[i], k, NULL)) && isfinite(elapsed_at(r, i));
    return n >= 2;
}

/* Metric panels: (model, kind) pairs, model-major, in `mk` (model index * 2 + kind). */
static size_t metric_panels(const struct br_analysis *a, const struct names *m, int *mk)
{
    size_t n = 0;
    for (size_t mi = 0; mi < m->n; mi++)
        for (int k = 0; k < 2; k++) {
            int any = 0;
            for (size_t i = 0; i < a->nruns && !any; i++) {
                const struct br_run *r = a->runs[i].run;
                any = r->model.value && !strcmp(r->model.value, m->v[mi]) &&
                      run_has_metric(r, k);
            }
            if (any && n < MAX_ITEMS)
                mk[n++] = (int)mi * 2 + k;
        }
    return n;
}

size_t br_chart_panels(const struct br_chart *ch, const struct br_analysis *a, char *why,
                       size_t size)
{
    struct names m, pd;
    int mk[MAX_ITEMS];
    size_t n = 0;

    snprintf(why, size, "%s", "");
    switch (ch->figure) {
    case BR_FIG_WORKLOAD:
        models(a, &m);
        for (size_t i = 0; i < m.n; i++)
            n += workload_has_value(ch, a, m.v[i]);
        break;
    case BR_FIG_POWER:
        power_devices(a, &pd);
        n = pd.n;
        break;
    case BR_FIG_METRICS:
        models(a, &m);
        n = metric_panels(a, &m, mk);
        break;
    }
    if (!n)
        snprintf(why, size, "%s", ch->needs);
    return n;
}

/* ---- axes ---- */

struct axis {
    int log;
    double lo, hi;        /* the data range shown */
    double p0, p1;        /* in points: lo at p0, hi at p1 */
};

static double ax_pos(const struct axis *ax, double v)
{
    double f = ax->log ? (log10(v) - log10(ax->lo)) / (log10(ax->hi) - log10(ax->lo))
                       : (v - ax->lo) / (ax->hi - ax->lo);
    return ax->p0 + f * (ax->p1 - ax->p0);
}

/* A value axis for values in [vmin, vmax] (> 0 for log). */
static void value_axis(struct axis *ax, double vmin, double vmax, int log, int from_zero)
{
    ax->log = log;
    if (log) {
        /* room above the highest value for a bar's label (7 points of a panel's ~150) */
        double top = vmax * 1.15;
        double l0 = floor(log10(vmin) + 1e-9), l1 = ceil(log10(top) - 1e-9);
        if (l1 <= l0)
            l1 = l0 + 1;
        ax->lo = pow(10, l0);
        ax->hi = pow(10, l1);
        /* within one decade of the data on each side: start at the 1-2-5 step below */
        if (vmin >= 2 * ax->lo)
            ax->lo *= vmin >= 5 * ax->lo ? 5 : 2;
        if (top <= ax->hi / 2)
            ax->hi /= top <= ax->hi / 5 ? 5 : 2;
    } else {
        double lo = from_zero ? 0 : vmin, span = vmax - lo, step;
        if (!(span > 0))
            span = fabs(vmax) > 0 ? fabs(vmax) : 1;
        step = br_step125(span, 5);
        ax->lo = from_zero ? 0 : floor(lo / step) * step;
        ax->hi = ceil(vmax * 1.0001 / step) * step;
        if (ax->hi <= ax->lo)
            ax->hi = ax->lo + step;
    }
}

/* The ticks of a value axis: values in `t`, their labels in `lab`. */
static int axis_ticks(const struct axis *ax, double *t, char (*lab)[24], int max)
{
    int n = 0;
    if (ax->log) {
        static const double m[] = { 1, 2, 5 };
        int decades = (int)lround(log10(ax->hi / ax->lo));
        for (int e = (int)floor(log10(ax->lo)) - 1; e <= (int)ceil(log10(ax->hi)); e++)
            for (int k = 0; k < 3; k++) {
                double v = m[k] * pow(10, e);
                if (decades > 2 && k)
                    continue;   /* 1, 10, 100 only, when the axis spans more than 2 decades */
                if (v < ax->lo * 0.999 || v > ax->hi * 1.001 || n >= max)
                    continue;
                t[n] = v;
                br_log_label(lab[n], sizeof(lab[n]), v);
                n++;
            }
    } else {
        double step = br_step125(ax->hi - ax->lo, 5);
        for (double v = ax->lo; v <= ax->hi + step * 1e-6 && n < max; v += step) {
            t[n] = v;
            br_tick_label(lab[n], sizeof(lab[n]), v, step);
            n++;
        }
    }
    return n;
}

/* The value axis of a panel: grid lines, tick labels, its unit rotated at the left. */
static void draw_value_axis(struct br_canvas *c, const struct axis *ax, double x0, double x1,
                            const char *unit, double unit_x)
{
    cairo_t *cr = c->cr;
    double t[40];
    char lab[40][24];
    int n = axis_ticks(ax, t, lab, 40);

    br_font(cr, 7, 0);
    cairo_set_line_width(cr, 0.5);
    for (int i = 0; i < n; i++) {
        double y = ax_pos(ax, t[i]);
        cairo_set_source_rgb(cr, 0.88, 0.88, 0.88);
        cairo_move_to(cr, x0, y);
        cairo_line_to(cr, x1, y);
        cairo_stroke(cr);
        cairo_set_source_rgb(cr, 0, 0, 0);
        br_text_at(c, x0 - 3, y + 2.5, 2, 0, lab[i]);
    }
    if (unit) {
        char u[96];
        br_font(cr, 7.5, 0);
        br_ellipsize(cr, unit, fabs(ax->p0 - ax->p1), u, sizeof(u));
        br_text_at(c, unit_x, (ax->p0 + ax->p1) / 2, 1, -M_PI / 2, u);
    }
}

static void frame(cairo_t *cr, double x0, double y0, double x1, double y1)
{
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 0.8);
    cairo_move_to(cr, x0, y1);
    cairo_line_to(cr, x0, y0);
    cairo_line_to(cr, x1, y0);
    cairo_stroke(cr);
}

/* What a figure drew, for its legend and caption. */
struct drawn {
    size_t dev[MAX_DEV];      /* marks per device */
    size_t dnf, whisker, ref, lines, bars;
    size_t withheld;          /* workloads whose runs disagree: no mark */
    size_t used, warmup, idle, trigger, floor, removed, spans;
    int used_colour;
    size_t unlabelled;   /* run spans too short and crowded for a label */
    double floor_q;
};

static void whisker(cairo_t *cr, double x, double ylo, double yhi)
{
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 0.7);
    cairo_move_to(cr, x, ylo);
    cairo_line_to(cr, x, yhi);
    cairo_move_to(cr, x - 2.5, ylo);
    cairo_line_to(cr, x + 2.5, ylo);
    cairo_move_to(cr, x - 2.5, yhi);
    cairo_line_to(cr, x + 2.5, yhi);
    cairo_stroke(cr);
}

static void ref_line(cairo_t *cr, double x0, double x1, double y)
{
    double dash[] = { 4, 3 };
    cairo_save(cr);
    cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
    cairo_set_line_width(cr, 0.9);
    cairo_set_dash(cr, dash, 2, 0);
    cairo_move_to(cr, x0, y);
    cairo_line_to(cr, x1, y);
    cairo_stroke(cr);
    cairo_restore(cr);
}

/* ---- per-workload panels ---- */

static void workload_panel(struct br_canvas *c, const struct br_chart *ch,
                           const struct br_analysis *a, const struct names *dev,
                           const char *model, struct br_box b, int force_log, struct drawn *dr)
{
    cairo_t *cr = c->cr;
    const char *bs[MAX_ITEMS];
    int numeric;
    size_t nb = batches(ch, a, model, bs, &numeric);
    int sweep = numeric && nb >= 2;
    double vmin = INFINITY, vmax = 0, x0 = b.x0 + 40, x1 = b.x1 - 6, y0 = b.y1 - 26,
           y1 = b.y0 + 16;
    struct axis ay;
    char title[160];

    for (size_t i = 0; i < a->nrows; i++) {
        const struct br_row *r = &a->rows[i];
        double lo, hi, v;
        if (strcmp(r->model, model) || !shown(ch, r))
            continue;
        v = ch->value(r, &lo, &hi);
        if (!(isfinite(v) && v > 0))
            continue;
        vmin = fmin(vmin, isfinite(lo) && lo > 0 ? fmin(lo, v) : v);
        vmax = fmax(vmax, isfinite(hi) ? fmax(hi, v) : v);
    }
    if (ch->axis == BR_AXIS_RATIO) {
        vmin = fmin(vmin, 1);
        vmax = fmax(vmax, 1);
    }
    value_axis(&ay, vmin, vmax,
               ch->axis == BR_AXIS_RATIO || force_log ||
                   (ch->axis == BR_AXIS_AUTO && vmax / vmin > 30),
               1);
    ay.p0 = y0;
    ay.p1 = y1;
    br_font(cr, 8.5, 1);
    cairo_set_source_rgb(cr, 0, 0, 0);
    br_ellipsize(cr, model, b.x1 - b.x0 - 4, title, sizeof(title));
    br_text_at(c, (b.x0 + b.x1) / 2, b.y0 + 9, 1, 0, title);
    draw_value_axis(c, &ay, x0, x1, ch->unit, b.x0 + 7);
    frame(cr, x0, y1, x1, y0);
    if (ch->axis == BR_AXIS_RATIO) {
        ref_line(cr, x0, x1, ax_pos(&ay, 1));
        dr->ref++;
    }

    /* x: batch sizes on a log 2 axis, or one group of bars per batch */
    struct axis ax = { 0 };
    double gw = (x1 - x0) / (double)(nb ? nb : 1);
    if (sweep) {
        ax.log = 1;
        ax.lo = strtod(bs[0], NULL) / 1.5;
        ax.hi = strtod(bs[nb - 1], NULL) * 1.5;
        ax.p0 = x0;
        ax.p1 = x1;
    }
    br_font(cr, 7, 0);
    for (size_t k = 0; k < nb; k++) {
        double x = sweep ? ax_pos(&ax, strtod(bs[k], NULL)) : x0 + gw * (k + 0.5);
        char l[64], fit[64];
        snprintf(l, sizeof(l), sweep ? "%s" : "batch %s", bs[k]);
        br_ellipsize(cr, l, sweep ? 40 : gw - 2, fit, sizeof(fit));
        cairo_set_source_rgb(cr, 0, 0, 0);
        br_text_at(c, x, y0 + 9, 1, 0, fit);
    }
    if (sweep)
        br_text_at(c, (x0 + x1) / 2, y0 + 19, 1, 0, "batch size (log 2)");

    /* the devices shown in this panel */
    size_t nd = 0, slot[MAX_DEV];
    for (size_t di = 0; di < dev->n && di < MAX_DEV; di++) {
        int any = 0;
        for (size_t k = 0; k < nb && !any; k++) {
            const struct br_row *r = find_row(a, dev->v[di], model, bs[k]);
            any = r && shown(ch, r);
        }
        if (any)
            slot[di] = nd++;
        else
            slot[di] = (size_t)-1;
    }
    for (size_t di = 0; di < dev->n && di < MAX_DEV; di++) {
        int first = 1;
        if (slot[di] == (size_t)-1)
            continue;
        /* bars: side by side in a group; lines: one polyline with markers */
        double bw = fmin(34, gw * 0.8 / (double)(nd ? nd : 1));
        if (sweep) {
            br_colour(cr, (int)di);
            cairo_set_line_width(cr, 1.6);
            for (size_t k = 0; k < nb; k++) {
                const struct br_row *r = find_row(a, dev->v[di], model, bs[k]);
                double lo, hi, v;
                if (!r || !shown(ch, r))
                    continue;
                v = ch->value(r, &lo, &hi);
                if (!(isfinite(v) && v > 0)) {
                    if (!r->dnf)
                        first = 1;   /* a gap in the line */
                    continue;
                }
                double x = ax_pos(&ax, strtod(bs[k], NULL)), y = ax_pos(&ay, v);
                if (first)
                    cairo_move_to(cr, x, y);
                else
                    cairo_line_to(cr, x, y);
                first = 0;
            }
            cairo_stroke(cr);
        }
        for (size_t k = 0; k < nb; k++) {
            const struct br_row *r = find_row(a, dev->v[di], model, bs[k]);
            double lo, hi, v, x;
            if (!r || !shown(ch, r))
                continue;
            v = ch->value(r, &lo, &hi);
            x = sweep ? ax_pos(&ax, strtod(bs[k], NULL)) + (slot[di] - (nd - 1) / 2.0) * 3
                      : x0 + gw * k + (gw - bw * nd) / 2 + bw * slot[di] + bw / 2;
            if (r->dnf) {
                double hh = sweep ? 10 : (y0 - y1) * 0.5, ww = sweep ? 8 : bw - 2;
                br_hatch(cr, x - ww / 2, y0 - hh, ww, hh);
                if (!sweep && bw > 9) {
                    br_font(cr, 6.5, 0);
                    cairo_set_source_rgb(cr, 0, 0, 0);
                    br_text_at(c, x + 2.3, y0 - 3, 0, -M_PI / 2, "DNF");
                }
                dr->dnf++;
                continue;
            }
            if (!(isfinite(v) && v > 0)) {
                const struct br_row *base =
                    a->baseline ? find_row(a, a->baseline, model, bs[k]) : NULL;
                dr->withheld += r->withheld ||
                                (ch->axis == BR_AXIS_RATIO && base && base->withheld);
                continue;
            }
            if (sweep) {
                br_colour(cr, (int)di);
                cairo_arc(cr, x, ax_pos(&ay, v), 2.6, 0, 2 * M_PI);
                cairo_fill(cr);
                dr->lines++;
            } else {
                double top = ax_pos(&ay, v), base = ay.log ? y0 : ax_pos(&ay, 0);
                br_colour(cr, (int)di);
                cairo_rectangle(cr, x - bw / 2 + 1, fmin(top, base), bw - 2, fabs(base - top));
                cairo_fill(cr);
                dr->bars++;
                /* the value above the bar, where it fits */
                char s[32];
                br_num_round(s, sizeof(s), v, lo, hi, 0);
                br_font(cr, 6.5, 0);
                if (br_text_width(cr, s) <= bw - 1) {   /* within its own slot: no neighbour overlap */
                    double yt = fmin(top, isfinite(hi) && hi > 0 ? ax_pos(&ay, hi) : top) - 3;
                    if (yt - 7 > y1) {
                        cairo_set_source_rgb(cr, 0, 0, 0);
                        br_text_at(c, x, yt, 1, 0, s);
                    }
                }
            }
            dr->dev[di]++;
            if (isfinite(lo) && isfinite(hi) && lo > 0 && hi > lo) {
                whisker(cr, x, ax_pos(&ay, fmax(lo, ay.lo)), ax_pos(&ay, fmin(hi, ay.hi)));
                dr->whisker++;
            }
        }
    }
}

/* ---- power panels: one device, its whole session ---- */

static void time_unit(double span, double *div, const char **unit)
{
    if (span <= 300)
        *div = 1, *unit = "s";
    else if (span <= 3 * 3600)
        *div = 60, *unit = "min";
    else
        *div = 3600, *unit = "h";
}

static void power_panel(struct br_canvas *c, const struct br_analysis *a, const struct names *dev,
                        const char *device, struct br_box b, struct drawn *dr)
{
    cairo_t *cr = c->cr;
    double t0 = INFINITY, t1 = -INFINITY, pmax = 0, x0 = b.x0 + 42, x1 = b.x1 - 8,
           y0 = b.y1 - 24, y1 = b.y0 + 40;
    int di = (int)names_find(dev, device), zoned = 0;
    const struct br_trace *tr[MAX_ITEMS];
    size_t ntr = 0;
    const char *hw = NULL;
    char s[256];

    for (size_t i = 0; i < a->nruns; i++) {
        const struct br_run_result *rr = &a->runs[i];
        const struct br_trace *t = rr->trace;
        double r0 = INFINITY, r1 = -INFINITY;
        size_t q;
        if (!run_has_power(rr) || strcmp(run_device(rr->run), device))
            continue;
        for (size_t k = 0; k < rr->nep; k++) {
            if (isfinite(rr->ep[k].start))
                r0 = fmin(r0, rr->ep[k].start);
            if (isfinite(rr->ep[k].end))
                r1 = fmax(r1, rr->ep[k].end);
        }
        if (!isfinite(r0) || !isfinite(r1))
            r0 = t->t[0], r1 = t->t[t->nr - 1];
        t0 = fmin(t0, r0);
        t1 = fmax(t1, r1);
        for (q = 0; q < ntr && tr[q] != t; q++)
            ;
        if (q == ntr && ntr < MAX_ITEMS)
            tr[ntr++] = t;
        zoned = t->zoned;
        if (t->name)
            hw = t->name;
    }
    /* a margin around the runs, inside what the traces cover */
    {
        double span = t1 - t0, c0 = INFINITY, c1 = -INFINITY;
        for (size_t q = 0; q < ntr; q++) {
            c0 = fmin(c0, tr[q]->t[0]);
            c1 = fmax(c1, tr[q]->t[tr[q]->nr - 1]);
        }
        t0 = fmax(c0, t0 - 0.04 * span - 1);
        t1 = fmin(c1, t1 + 0.04 * span + 1);
        if (!(t1 > t0))
            t1 = t0 + 1;
    }
    for (size_t q = 0; q < ntr; q++) {
        const double *pw = br_trace_values(tr[q], "power");
        for (size_t k = 0; k < tr[q]->nr; k++)
            if (tr[q]->t[k] >= t0 && tr[q]->t[k] <= t1 && pw[k] > pmax)
                pmax = pw[k];
    }
    struct axis ay, axx;
    value_axis(&ay, 0, pmax > 0 ? pmax : 1, 0, 1);
    ay.p0 = y0;
    ay.p1 = y1;
    axx.log = 0;
    axx.lo = t0;
    axx.hi = t1;
    axx.p0 = x0;
    axx.p1 = x1;

    /* the panel's title: the device and its hardware */
    br_font(cr, 8.5, 1);
    cairo_set_source_rgb(cr, 0, 0, 0);
    if (hw)
        snprintf(s, sizeof(s), "%s (%s)", device, hw);
    else
        snprintf(s, sizeof(s), "%s", device);
    {
        char fit[256];
        br_ellipsize(cr, s, b.x1 - b.x0, fit, sizeof(fit));
        br_text_at(c, b.x0, b.y0 + 9, 0, 0, fit);
    }

    /* epochs: used ones in the device's colour, warm-up ones grey */
    for (size_t i = 0; i < a->nruns; i++) {
        const struct br_run_result *rr = &a->runs[i];
        if (!run_has_power(rr) || strcmp(run_device(rr->run), device))
            continue;
        for (size_t k = 0; k < rr->nep; k++) {
            double e0 = rr->ep[k].start, e1 = rr->ep[k].end;
            if (!isfinite(e0) || !isfinite(e1) || e1 < t0 || e0 > t1)
                continue;
            e0 = fmax(e0, t0);
            e1 = fmin(e1, t1);
            if (rr->ep[k].used) {
                br_colour_alpha(cr, di, 0.16);
                dr->used++;
                dr->used_colour = di;
            } else {
                cairo_set_source_rgba(cr, 0.5, 0.5, 0.5, 0.22);
                dr->warmup++;
            }
            cairo_rectangle(cr, ax_pos(&axx, e0), y1, ax_pos(&axx, e1) - ax_pos(&axx, e0),
                            y0 - y1);
            cairo_fill(cr);
        }
    }

    draw_value_axis(c, &ay, x0, x1, "watts", b.x0 + 7);
    /* time ticks: 1-2-5 steps of seconds, minutes or hours since t0 */
    {
        double div, step;
        const char *unit;
        char lab[32], t0s[BR_TIME_FMT_LEN];
        time_unit(t1 - t0, &div, &unit);
        step = br_step125((t1 - t0) / div, 8);
        br_font(cr, 7, 0);
        cairo_set_line_width(cr, 0.5);
        for (double v = 0; v <= (t1 - t0) / div + 1e-9; v += step) {
            double x = ax_pos(&axx, t0 + v * div);
            cairo_set_source_rgb(cr, 0, 0, 0);
            cairo_move_to(cr, x, y0);
            cairo_line_to(cr, x, y0 + 3);
            cairo_stroke(cr);
            br_tick_label(lab, sizeof(lab), v, step);
            br_text_at(c, x, y0 + 11, 1, 0, lab);
        }
        br_time_format(t0, zoned, t0s);
        t0s[19] = '\0';
        t0s[10] = ' ';
        snprintf(s, sizeof(s), "%s since %s%s", unit, t0s, zoned ? " UTC" : " (local time)");
        br_text_at(c, (x0 + x1) / 2, y0 + 21, 1, 0, s);
    }

    /* the traces, thinned for drawing (every sample is used for the numbers) */
    for (size_t q = 0; q < ntr; q++) {
        const struct br_trace *t = tr[q];
        const double *pw = br_trace_values(t, "power");
        size_t every = t->nr / (size_t)(3 * (x1 - x0)) + 1;
        int first = 1;
        br_colour(cr, di);
        cairo_set_line_width(cr, 0.8);
        for (size_t k = 0; k < t->nr; k += every) {
            if (t->t[k] < t0 || t->t[k] > t1 || isnan(pw[k])) {
                first = 1;
                continue;
            }
            if (first)
                cairo_move_to(cr, ax_pos(&axx, t->t[k]), ax_pos(&ay, pw[k]));
            else
                cairo_line_to(cr, ax_pos(&axx, t->t[k]), ax_pos(&ay, pw[k]));
            first = 0;
        }
        cairo_stroke(cr);
        dr->dev[di]++;
    }
    frame(cr, x0, y1, x1, y0);

    /* each run: its span bracketed and labelled above the plot, idle/trigger/floor lines */
    struct { double x0, x1; } taken[3][MAX_ITEMS];
    size_t ntaken[3] = { 0, 0, 0 };
    for (size_t i = 0; i < a->nruns; i++) {
        const struct br_run_result *rr = &a->runs[i];
        double r0 = INFINITY, r1 = -INFINITY, dash[] = { 3, 2 };
        char lab[128], fit[128];
        int row = 0;
        if (!run_has_power(rr) || strcmp(run_device(rr->run), device))
            continue;
        for (size_t k = 0; k < rr->nep; k++) {
            if (isfinite(rr->ep[k].start))
                r0 = fmin(r0, rr->ep[k].start);
            if (isfinite(rr->ep[k].end))
                r1 = fmax(r1, rr->ep[k].end);
        }
        if (isfinite(r0) && isfinite(r1) && r1 > t0 && r0 < t1) {
            double xa = ax_pos(&axx, fmax(r0, t0)), xb = ax_pos(&axx, fmin(r1, t1)), w, xm;
            snprintf(lab, sizeof(lab), "%s/%s", rr->run->model.value ? rr->run->model.value : "?",
                     rr->run->batch.value ? rr->run->batch.value : "?");
            br_font(cr, 6.5, 0);
            /* the first of three rows where the label is clear of the others: whole,
             * else shortened to its span; else none (the Runs pages list every run) */
            for (int shorten = 0; shorten < 2; shorten++) {
                if (shorten)
                    br_ellipsize(cr, lab, fmax(xb - xa, 14), fit, sizeof(fit));
                else
                    snprintf(fit, sizeof(fit), "%s", lab);
                w = br_text_width(cr, fit);
                xm = fmin(fmax((xa + xb) / 2, x0 + w / 2), x1 - w / 2);
                for (row = 0; row < 3; row++) {
                    size_t q;
                    for (q = 0; q < ntaken[row]; q++)
                        if (xm + w / 2 + 3 > taken[row][q].x0 && xm - w / 2 - 3 < taken[row][q].x1)
                            break;
                    if (q == ntaken[row])
                        break;
                }
                if (row < 3)
                    break;
            }
            if (row < 3 && ntaken[row] < MAX_ITEMS) {
                taken[row][ntaken[row]].x0 = xm - w / 2;
                taken[row][ntaken[row]].x1 = xm + w / 2;
                ntaken[row]++;
                cairo_set_source_rgb(cr, 0, 0, 0);
                br_text_at(c, xm, y1 - 7 - 9 * row, 1, 0, fit);
            } else {
                dr->unlabelled++;
            }
            cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
            cairo_set_line_width(cr, 0.6);
            cairo_move_to(cr, xa, y1 - 1);
            cairo_line_to(cr, xa, y1 - 4);
            cairo_line_to(cr, xb, y1 - 4);
            cairo_line_to(cr, xb, y1 - 1);
            cairo_stroke(cr);
            dr->spans++;
        }
        cairo_save(cr);
        cairo_set_line_width(cr, 0.8);
        if (isfinite(rr->idle_w) && rr->idle_w <= ay.hi && isfinite(r0)) {
            cairo_set_source_rgb(cr, 0.35, 0.35, 0.35);
            cairo_set_dash(cr, dash, 2, 0);
            cairo_move_to(cr, ax_pos(&axx, fmax(r0, t0)), ax_pos(&ay, rr->idle_w));
            cairo_line_to(cr, ax_pos(&axx, fmin(r1, t1)), ax_pos(&ay, rr->idle_w));
            cairo_stroke(cr);
            dr->idle++;
        }
        if (isfinite(rr->trigger_w) && rr->align == BR_ALIGN_INFERRED && isfinite(r0)) {
            double dashdot[] = { 6, 2, 1, 2 };
            cairo_set_source_rgb(cr, 0, 0, 0);
            cairo_set_dash(cr, dashdot, 4, 0);
            cairo_move_to(cr, ax_pos(&axx, fmax(r0, t0)), ax_pos(&ay, rr->trigger_w));
            cairo_line_to(cr, ax_pos(&axx, fmin(r1, t1)), ax_pos(&ay, rr->trigger_w));
            cairo_stroke(cr);
            dr->trigger++;
        }
        if (isfinite(rr->floor_w) && rr->align == BR_ALIGN_WHOLE) {
            const struct br_trace *t = rr->trace;
            const double *pw = br_trace_values(t, "power");
            double dot[] = { 1, 2 };
            size_t every = t->nr / (size_t)(3 * (x1 - x0)) + 1;
            cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
            for (size_t k = 0; k < t->nr; k += every) {
                if (t->t[k] < t0 || t->t[k] > t1 || !(pw[k] < rr->floor_w))
                    continue;
                cairo_rectangle(cr, ax_pos(&axx, t->t[k]) - 1, ax_pos(&ay, pw[k]) - 1, 2, 2);
                cairo_fill(cr);
                dr->removed++;
            }
            cairo_set_dash(cr, dot, 2, 0);
            cairo_move_to(cr, x0, ax_pos(&ay, rr->floor_w));
            cairo_line_to(cr, x1, ax_pos(&ay, rr->floor_w));
            cairo_stroke(cr);
            dr->floor++;
        }
        cairo_restore(cr);
    }
}

/* ---- metric panels ---- */

static void metric_panel(struct br_canvas *c, const struct br_analysis *a, const struct names *dev,
                         const char *model, int kind, struct br_box b, struct drawn *dr)
{
    cairo_t *cr = c->cr;
    double x0 = b.x0 + 40, x1 = b.x1 - 22, y0 = b.y1 - 26, y1 = b.y0 + 16;
    double tmax = 0, vmin = INFINITY, vmax = -INFINITY;
    const char *name = NULL;
    char title[160];

    for (size_t i = 0; i < a->nruns; i++) {
        const struct br_run *r = a->runs[i].run;
        if (!r->model.value || strcmp(r->model.value, model) || !run_has_metric(r, kind))
            continue;
        for (size_t k = 0; k < r->nepochs; k++) {
            double v = metric_of(&r->epochs[k], kind, &name), t = elapsed_at(r, k);
            if (!isfinite(v) || !isfinite(t))
                continue;
            tmax = fmax(tmax, t);
            vmin = fmin(vmin, v);
            vmax = fmax(vmax, v);
        }
    }
    struct axis ay, ax;
    value_axis(&ay, vmin, vmax > vmin ? vmax : vmin + fabs(vmin) * 0.1 + 0.01, 0, 0);
    ay.p0 = y0;
    ay.p1 = y1;
    double div;
    const char *unit;
    time_unit(tmax, &div, &unit);
    value_axis(&ax, 0, tmax / div, 0, 1);
    ax.p0 = x0;
    ax.p1 = x1;
    snprintf(title, sizeof(title), "%s: %s", model, metric_kinds[kind].title);
    br_font(cr, 8.5, 1);
    cairo_set_source_rgb(cr, 0, 0, 0);
    {
        char fit[160];
        br_ellipsize(cr, title, b.x1 - b.x0 - 4, fit, sizeof(fit));
        br_text_at(c, (b.x0 + b.x1) / 2, b.y0 + 9, 1, 0, fit);
    }
    draw_value_axis(c, &ay, x0, x1, kind ? "accuracy (held-out when logged)" : "loss",
                    b.x0 + 7);
    (void)name;
    {
        double t[40];
        char lab[40][24], s[64];
        int n = axis_ticks(&ax, t, lab, 40);
        br_font(cr, 7, 0);
        for (int i = 0; i < n; i++) {
            cairo_set_source_rgb(cr, 0, 0, 0);
            br_text_at(c, ax_pos(&ax, t[i]), y0 + 9, 1, 0, lab[i]);
        }
        snprintf(s, sizeof(s), "%s since the run's start", unit);
        br_text_at(c, (x0 + x1) / 2, y0 + 19, 1, 0, s);
    }
    frame(cr, x0, y1, x1, y0);
    double placed[MAX_ITEMS][4];
    size_t nplaced = 0;
    for (size_t i = 0; i < a->nruns; i++) {
        const struct br_run *r = a->runs[i].run;
        int di, first = 1;
        double lx = NAN, ly = NAN;
        if (!r->model.value || strcmp(r->model.value, model) || !run_has_metric(r, kind))
            continue;
        di = (int)names_find(dev, run_device(r));
        br_colour(cr, di);
        cairo_set_line_width(cr, 1.2);
        for (size_t k = 0; k < r->nepochs; k++) {
            double v = metric_of(&r->epochs[k], kind, NULL), t = elapsed_at(r, k);
            if (!isfinite(v) || !isfinite(t))
                continue;
            lx = ax_pos(&ax, t / div);
            ly = ax_pos(&ay, v);
            if (first)
                cairo_move_to(cr, lx, ly);
            else
                cairo_line_to(cr, lx, ly);
            first = 0;
        }
        cairo_stroke(cr);
        dr->dev[di]++;
        dr->lines++;
        if (isfinite(lx) && r->batch.value && nplaced < MAX_ITEMS) {
            /* the batch size at the line's end, moved down or up clear of the others */
            static const double shift[] = { 0, 7, -7, 14, -14, 21, -21 };
            double w;
            br_font(cr, 6, 0);
            w = br_text_width(cr, r->batch.value);
            for (size_t k = 0; k < sizeof(shift) / sizeof(shift[0]); k++) {
                double yy = ly + 2 + shift[k];
                size_t q;
                if (yy - 5 < y1 || yy > y0)
                    continue;
                for (q = 0; q < nplaced; q++)
                    if (lx + 2 < placed[q][1] && lx + 2 + w > placed[q][0] &&
                        yy - 5 < placed[q][3] && yy > placed[q][2])
                        break;
                if (q < nplaced)
                    continue;
                placed[nplaced][0] = lx + 2;
                placed[nplaced][1] = lx + 2 + w;
                placed[nplaced][2] = yy - 5;
                placed[nplaced][3] = yy;
                nplaced++;
                br_text_at(c, lx + 2, yy, 0, 0, r->batch.value);
                break;
            }
        }
    }
}

/* ---- the figure: a grid of panels, the legend, the caption ---- */

static void legend_and_caption(struct br_canvas *c, const struct br_chart *ch,
                               const struct br_analysis *a, const struct names *dev,
                               const struct drawn *dr, struct br_box box, double *y)
{
    double x = box.x0, yy = *y;
    char s[512];
    struct br_buf cap = BR_BUF_INIT; /* the caption: a baseline's name has no length limit */
    static const double grey[3] = { 0.5, 0.5, 0.5 };

    for (size_t di = 0; di < dev->n && di < MAX_DEV; di++)
        if (dr->dev[di])
            yy = br_legend_entry(c, &x, yy, box.x0, box.x1,
                                 ch->figure == BR_FIG_WORKLOAD && !dr->lines ? BR_MARK_SWATCH
                                                                             : BR_MARK_LINE,
                                 (int)di, NULL, dr->dev[di], dev->v[di]);
    if (dr->ref) {
        snprintf(s, sizeof(s), "baseline %s = 1", a->baseline ? a->baseline : "-");
        yy = br_legend_entry(c, &x, yy, box.x0, box.x1, BR_MARK_DASH, -1, NULL, dr->ref, s);
    }
    if (dr->whisker)
        yy = br_legend_entry(c, &x, yy, box.x0, box.x1, BR_MARK_WHISKER, -1, NULL, dr->whisker,
                             "95% interval");
    if (dr->dnf)
        yy = br_legend_entry(c, &x, yy, box.x0, box.x1, BR_MARK_HATCH, -1, NULL, dr->dnf,
                             "did not finish (DNF)");
    if (dr->used)
        yy = br_legend_entry(c, &x, yy, box.x0, box.x1, BR_MARK_SHADE, dr->used_colour, NULL,
                             dr->used,
                             "epoch measured");
    if (dr->warmup)
        yy = br_legend_entry(c, &x, yy, box.x0, box.x1, BR_MARK_SHADE, -1, grey, dr->warmup,
                             "warm-up epoch, left out");
    if (dr->idle)
        yy = br_legend_entry(c, &x, yy, box.x0, box.x1, BR_MARK_DASH, -1, NULL, dr->idle,
                             "idle power (5th percentile)");
    if (dr->trigger) {
        static const double black[3] = { 0, 0, 0 };
        yy = br_legend_entry(c, &x, yy, box.x0, box.x1, BR_MARK_DASH, -1, black, dr->trigger,
                             "trigger level (inferred alignment)");
    }
    if (dr->removed)
        yy = br_legend_entry(c, &x, yy, box.x0, box.x1, BR_MARK_DOTS, -1, NULL, dr->removed,
                             "samples under the quantile floor, left out");
    yy += 13;

    /* the caption: what is drawn, nothing else */
    switch (ch->figure) {
    case BR_FIG_WORKLOAD:
        br_buf_addf(&cap, "%s (%s) per workload, one panel per model", ch->title, ch->unit);
        if (dr->lines)
            br_buf_addstr(&cap, "; lines over batch size (log 2 axis)");
        if (dr->bars)
            br_buf_addstr(&cap, "; bars where a model has one batch size, with the value above");
        if (dr->whisker)
            br_buf_addstr(&cap, "; whiskers: 95% intervals");
        if (dr->ref)
            br_buf_addf(&cap, "; dashed: the baseline, %s (above 1: better than it)",
                        a->baseline ? a->baseline : "-");
        if (dr->dnf)
            br_buf_addstr(&cap, "; hatched: did not finish");
        if (dr->withheld)
            br_buf_addf(&cap, "; no mark for %zu workload%s whose runs disagree (the summary "
                        "table says how)", dr->withheld, dr->withheld == 1 ? "" : "s");
        break;
    case BR_FIG_POWER:
        br_buf_addstr(&cap, "Power per device over its session (thinned for drawing; every "
                            "sample counts); above each panel, each run's span");
        if (dr->used)
            br_buf_addstr(&cap, "; shaded: the epochs measured");
        if (dr->warmup)
            br_buf_addstr(&cap, "; grey: warm-up epochs left out");
        if (dr->idle)
            br_buf_addstr(&cap, "; dashed grey: each run's idle level");
        if (dr->trigger)
            br_buf_addstr(&cap, "; dash-dotted black: the trigger level that found the active "
                                "segments");
        if (dr->floor)
            br_buf_addstr(&cap, "; dotted: the quantile floor");
        if (dr->unlabelled)
            br_buf_addf(&cap, "; %zu run%s too short to label here (the Runs pages list every "
                        "run)", dr->unlabelled, dr->unlabelled == 1 ? " is" : "s are");
        break;
    case BR_FIG_METRICS:
        br_buf_addstr(&cap, "Each run's loss and accuracy at the end of each epoch against the "
                            "time since the run's start (wall clock, or the sum of epoch times "
                            "when the log has no clock); lines end at their batch size");
        break;
    }
    double save = c->y;
    c->y = yy;
    /* wrapped within the box: br_para uses the page margins, which the box equals */
    br_para(c, 7.5, 0, cap.buf ? cap.buf : "");
    br_buf_release(&cap);
    *y = c->y;
    c->y = save;
}

double br_chart_draw(struct br_canvas *c, const struct br_chart *ch, const struct br_analysis *a,
                     struct br_box box, size_t first, size_t n, int log_scale)
{
    struct names dev, m, pd;
    struct drawn dr;
    int mk[MAX_ITEMS];
    size_t items[MAX_ITEMS], nitems = 0, cols, rows;
    double legend_h = 48, y;

    memset(&dr, 0, sizeof(dr));
    devices(a, &dev);
    for (size_t i = 0; i < a->nruns; i++)
        names_add(&dev, run_device(a->runs[i].run));
    models(a, &m);
    switch (ch->figure) {
    case BR_FIG_WORKLOAD:
        for (size_t i = 0; i < m.n; i++)
            if (workload_has_value(ch, a, m.v[i]))
                items[nitems++] = i;
        break;
    case BR_FIG_POWER:
        power_devices(a, &pd);
        for (size_t i = 0; i < pd.n; i++)
            items[nitems++] = i;
        break;
    case BR_FIG_METRICS:
        nitems = metric_panels(a, &m, mk);
        for (size_t i = 0; i < nitems; i++)
            items[i] = i;
        break;
    }
    if (first >= nitems)
        return box.y0;
    if (first + n > nitems)
        n = nitems - first;
    cols = ch->figure == BR_FIG_POWER ? 1 : n <= 3 ? n : n <= 4 ? 2 : 3;
    if (ch->figure == BR_FIG_METRICS)
        cols = n >= 2 ? 2 : 1;
    rows = (n + cols - 1) / cols;
    double pw = (box.x1 - box.x0) / (double)cols,
           ph = (box.y1 - box.y0 - legend_h) / (double)rows;
    br_canvas_clip(c, box, ch->name);
    for (size_t k = 0; k < n; k++) {
        struct br_box pb = { box.x0 + pw * (double)(k % cols), box.y0 + ph * (double)(k / cols),
                             box.x0 + pw * (double)(k % cols + 1) - 10,
                             box.y0 + ph * (double)(k / cols + 1) - 8 };
        size_t it = items[first + k];
        br_canvas_clip(c, pb, ch->name);   /* each panel's text stays in the panel */
        switch (ch->figure) {
        case BR_FIG_WORKLOAD:
            workload_panel(c, ch, a, &dev, m.v[it], pb, log_scale, &dr);
            break;
        case BR_FIG_POWER:
            power_panel(c, a, &dev, pd.v[it], pb, &dr);
            break;
        case BR_FIG_METRICS:
            metric_panel(c, a, &dev, m.v[mk[it] / 2], mk[it] % 2, pb, &dr);
            break;
        }
    }
    br_canvas_clip(c, box, ch->name);
    y = box.y0 + ph * (double)rows + 4;
    legend_and_caption(c, ch, a, &dev, &dr, box, &y);
    br_canvas_unclip(c);
    return y;
}

/* ---- time to accuracy ---- */

size_t br_time_to_accuracy(const struct br_analysis *a, char *out, size_t size)
{
    struct names m, dev;
    size_t lines = 0, used = strlen(out);

    models(a, &m);
    devices(a, &dev);
    for (size_t i = 0; i < a->nruns; i++)
        names_add(&dev, run_device(a->runs[i].run));
    for (size_t mi = 0; mi < m.n; mi++) {
        double target = INFINITY;
        size_t nruns = 0;
        const char *name = NULL;
        /* the accuracy every finished run of the model reached: the least of their bests */
        for (size_t i = 0; i < a->nruns; i++) {
            const struct br_run *r = a->runs[i].run;
            double best = -INFINITY;
            if (!r->model.value || strcmp(r->model.value, m.v[mi]) || r->status != BR_RUN_OK ||
                !run_has_metric(r, 1))
                continue;
            for (size_t k = 0; k < r->nepochs; k++) {
                double v = metric_of(&r->epochs[k], 1, &name);
                if (isfinite(v) && isfinite(elapsed_at(r, k)))
                    best = fmax(best, v);
            }
            target = fmin(target, best);
            nruns++;
        }
        if (nruns < 2 || !isfinite(target))
            continue;
        int n = snprintf(out + used, size - used, "%s, %s %.3g reached by every run: ", m.v[mi],
                         name, target);
        if (n < 0 || (size_t)n >= size - used)
            break;
        used += (size_t)n;
        for (size_t di = 0; di < dev.n; di++) {
            double best_t = INFINITY;
            const char *best_b = NULL;
            for (size_t i = 0; i < a->nruns; i++) {
                const struct br_run *r = a->runs[i].run;
                if (!r->model.value || strcmp(r->model.value, m.v[mi]) ||
                    strcmp(run_device(r), dev.v[di]) || r->status != BR_RUN_OK ||
                    !run_has_metric(r, 1))
                    continue;
                for (size_t k = 0; k < r->nepochs; k++) {
                    double v = metric_of(&r->epochs[k], 1, NULL), t = elapsed_at(r, k);
                    if (isfinite(v) && isfinite(t) && v >= target) {
                        if (t < best_t)
                            best_t = t, best_b = r->batch.value;
                        break;
                    }
                }
            }
            if (!isfinite(best_t))
                continue;
            n = snprintf(out + used, size - used, "%s%s %.3g s (batch %s)",
                         out[used - 2] == ':' ? "" : "; ", dev.v[di], best_t,
                         best_b ? best_b : "?");
            if (n < 0 || (size_t)n >= size - used)
                break;
            used += (size_t)n;
        }
        if (used + 2 < size) {
            out[used++] = '\n';
            out[used] = '\0';
        }
        lines++;
    }
    return lines;
}
