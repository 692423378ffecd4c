/*
 * pdf.c: the report, a multi-page PDF drawn with Cairo: the summary, epoch
 * time per workload, speedup against the baseline, power over time per run,
 * energy per epoch, a per-run appendix, and the method. Text uses DejaVu Sans
 * through fontconfig. Device colours come from the Okabe-Ito palette (told
 * apart by colour-blind readers), always in the same device order, so a
 * device keeps its colour on every page; bars also carry a pattern of
 * density for grayscale print.
 */
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/pdf.h"
#include "model/timefmt.h"
#include "model/banned.h"

#define MARGIN 50.0
#define FONT "DejaVu Sans"

static const double palette[][3] = {
    { 0.000, 0.447, 0.698 }, { 0.902, 0.624, 0.000 }, { 0.000, 0.620, 0.451 },
    { 0.800, 0.475, 0.655 }, { 0.337, 0.706, 0.914 }, { 0.835, 0.369, 0.000 },
    { 0.941, 0.894, 0.259 }, { 0.000, 0.000, 0.000 },
};

struct page {
    cairo_t *cr;
    double w, h, y;     /* page size, current text line */
    int number;
};

struct devices {
    const char *name[64];
    int n;
};

static int device_index(const struct devices *d, const char *name)
{
    for (int i = 0; i < d->n; i++)
        if (!strcmp(d->name[i], name))
            return i;
    return 0;
}

static void collect_devices(const struct br_analysis *a, struct devices *d)
{
    d->n = 0;
    for (size_t i = 0; i < a->nrows && d->n < 64; i++)
        if (!d->n || strcmp(d->name[d->n - 1], a->rows[i].device))
            d->name[d->n++] = a->rows[i].device;
}

static void colour(cairo_t *cr, int i)
{
    const double *c = palette[i % 8];
    cairo_set_source_rgb(cr, c[0], c[1], c[2]);
}

static void font(cairo_t *cr, double size, int bold)
{
    cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL,
                           bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
}

static double text_width(cairo_t *cr, const char *s)
{
    cairo_text_extents_t e;
    cairo_text_extents(cr, s, &e);
    return e.x_advance;
}

/* Text at (x, y); align 0 left, 1 centre, 2 right. */
static void text(cairo_t *cr, double x, double y, int align, const char *s)
{
    double w = text_width(cr, s);
    cairo_move_to(cr, align == 1 ? x - w / 2 : align == 2 ? x - w : x, y);
    cairo_show_text(cr, s);
}

/* One line of running text, wrapped at the page's width. */
static void para(struct page *p, double size, const char *s)
{
    char line[512];
    size_t n = 0;
    const char *w = s;

    font(p->cr, size, 0);
    cairo_set_source_rgb(p->cr, 0, 0, 0);
    while (*w) {
        const char *e = strchr(w, ' ');
        size_t len = e ? (size_t)(e - w) : strlen(w);
        char trial[512];
        snprintf(trial, sizeof(trial), "%.*s%s%.*s", (int)n, line, n ? " " : "", (int)len, w);
        if (n && text_width(p->cr, trial) > p->w - 2 * MARGIN) {
            line[n] = '\0';
            text(p->cr, MARGIN, p->y, 0, line);
            p->y += size * 1.45;
            n = (size_t)snprintf(line, sizeof(line), "%.*s", (int)len, w);
        } else {
            n = (size_t)snprintf(line, sizeof(line), "%s", trial);
        }
        w += len;
        while (*w == ' ')
            w++;
    }
    if (n) {
        text(p->cr, MARGIN, p->y, 0, line);
        p->y += size * 1.45;
    }
}

static void new_page(struct page *p, const char *title)
{
    char num[16];
    if (p->number++)
        cairo_show_page(p->cr);
    p->y = MARGIN + 20;
    font(p->cr, 16, 1);
    cairo_set_source_rgb(p->cr, 0, 0, 0);
    text(p->cr, MARGIN, p->y, 0, title);
    font(p->cr, 8, 0);
    snprintf(num, sizeof(num), "%d", p->number);
    text(p->cr, p->w / 2, p->h - 25, 1, num);
    p->y += 28;
}

/* A round step for an axis spanning `span` in about `n` ticks. */
static double nice_step(double span, int n)
{
    double raw = span / n, mag = pow(10, floor(log10(raw))), f = raw / mag;
    return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * mag;
}

static void fmt_num(char *out, size_t size, double v)
{
    if (!isfinite(v))
        snprintf(out, size, "-");
    else if (fabs(v) >= 100)
        snprintf(out, size, "%.0f", v);
    else if (fabs(v) >= 10)
        snprintf(out, size, "%.1f", v);
    else if (fabs(v) >= 1)
        snprintf(out, size, "%.2f", v);
    else
        snprintf(out, size, "%.3g", v);
}

/* The value a bar chart shows for a row. */
typedef double (*row_value)(const struct br_row *r, double *lo, double *hi);

static double v_time(const struct br_row *r, double *lo, double *hi)
{
    *lo = r->epoch_s.lo;
    *hi = r->epoch_s.hi;
    return r->dnf ? NAN : r->epoch_s.center;
}

static double v_speedup(const struct br_row *r, double *lo, double *hi)
{
    *lo = r->speedup.lo;
    *hi = r->speedup.hi;
    return r->speedup.center;
}

static double v_energy(const struct br_row *r, double *lo, double *hi)
{
    *lo = r->energy_j.lo;
    *hi = r->energy_j.hi;
    return r->dnf ? NAN : r->energy_j.center;
}

static double v_efficiency(const struct br_row *r, double *lo, double *hi)
{
    *lo = r->efficiency_ratio.lo;
    *hi = r->efficiency_ratio.hi;
    return r->efficiency_ratio.center;
}

struct workload {
    const char *model, *batch;
};

static int workloads(const struct br_analysis *a, struct workload *w, int max)
{
    int n = 0;
    for (size_t i = 0; i < a->nrows; i++) {
        int seen = 0;
        for (int k = 0; k < n && !seen; k++)
            seen = !strcmp(w[k].model, a->rows[i].model) && !strcmp(w[k].batch, a->rows[i].batch);
        if (!seen && n < max) {
            w[n].model = a->rows[i].model;
            w[n].batch = a->rows[i].batch;
            n++;
        }
    }
    return n;
}

static const struct br_row *find_row(const struct br_analysis *a, const char *device,
                                     const struct workload *w)
{
    for (size_t i = 0; i < a->nrows; i++)
        if (!strcmp(a->rows[i].device, device) && !strcmp(a->rows[i].model, w->model) &&
            !strcmp(a->rows[i].batch, w->batch))
            return &a->rows[i];
    return NULL;
}

/*
 * Grouped bars: workloads along x, one bar per device, interval whiskers,
 * values on the bars, DNF as a hatched bar with its reason. Log scale when
 * the values span more than 30x (or always with `logscale`). A line at
 * `ref_line` when it is finite.
 */
static void bar_chart(struct page *p, const struct br_analysis *a, const struct devices *d,
                      row_value value, const char *ylabel, double height, double ref_line,
                      int logscale)
{
    struct workload w[64];
    int nw = workloads(a, w, 64);
    cairo_t *cr = p->cr;
    double x0 = MARGIN + 45, x1 = p->w - MARGIN, y0 = p->y + height, y1 = p->y + 10;
    double vmin = INFINITY, vmax = 0, lo, hi, gw, bw, step;
    int log_axis;

    for (size_t i = 0; i < a->nrows; i++) {
        double v = value(&a->rows[i], &lo, &hi);
        if (isfinite(v) && v > 0) {
            vmin = fmin(vmin, v);
            vmax = fmax(vmax, isfinite(hi) ? fmax(v, hi) : v);
        }
    }
    if (!(vmax > 0)) {
        para(p, 9, "(nothing to draw: no device has this figure; an energy figure needs a "
                   "power trace, and a ratio needs the baseline's figure too)");
        return;
    }
    if (isfinite(ref_line))
        vmax = fmax(vmax, ref_line);
    log_axis = logscale || vmax / vmin > 30;
    double top = log_axis ? pow(10, ceil(log10(vmax * 1.05))) : vmax * 1.15;
    double bottom = log_axis ? pow(10, floor(log10(vmin * 0.95))) : 0;
#define Y(v) (log_axis ? y0 - (log10(v) - log10(bottom)) / (log10(top) - log10(bottom)) * (y0 - y1) \
                       : y0 - ((v) - bottom) / (top - bottom) * (y0 - y1))
    /* axes and ticks */
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 0.8);
    cairo_move_to(cr, x0, y1);
    cairo_line_to(cr, x0, y0);
    cairo_line_to(cr, x1, y0);
    cairo_stroke(cr);
    font(cr, 7.5, 0);
    step = nice_step(top - bottom, 5);
    for (double t = log_axis ? bottom : 0; t <= top * 1.0001; t = log_axis ? t * 10 : t + step) {
        char s[32];
        fmt_num(s, sizeof(s), t);
        cairo_set_source_rgb(cr, 0.85, 0.85, 0.85);
        cairo_move_to(cr, x0, Y(t));
        cairo_line_to(cr, x1, Y(t));
        cairo_stroke(cr);
        cairo_set_source_rgb(cr, 0, 0, 0);
        text(cr, x0 - 4, Y(t) + 2.5, 2, s);
    }
    cairo_save(cr);
    cairo_translate(cr, MARGIN - 8, (y0 + y1) / 2);
    cairo_rotate(cr, -M_PI / 2);
    font(cr, 8.5, 0);
    text(cr, 0, 0, 1, ylabel);
    cairo_restore(cr);
    if (isfinite(ref_line)) {
        double dash[] = { 4, 3 };
        cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
        cairo_set_dash(cr, dash, 2, 0);
        cairo_move_to(cr, x0, Y(ref_line));
        cairo_line_to(cr, x1, Y(ref_line));
        cairo_stroke(cr);
        cairo_set_dash(cr, NULL, 0, 0);
    }
    gw = (x1 - x0) / (nw ? nw : 1);
    bw = fmin(28, gw * 0.8 / (d->n ? d->n : 1));
    for (int k = 0; k < nw; k++) {
        double gx = x0 + gw * k + (gw - bw * d->n) / 2;
        char label[96];
        for (int di = 0; di < d->n; di++) {
            const struct br_row *r = find_row(a, d->name[di], &w[k]);
            double v, bx = gx + bw * di;
            char s[32];
            if (!r)
                continue;
            v = value(r, &lo, &hi);
            if (r->dnf) {
                /* DNF: a hatched, labelled bar of the axis' full height */
                cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
                cairo_rectangle(cr, bx + 1, y1 + 20, bw - 2, y0 - y1 - 20);
                cairo_stroke(cr);
                for (double yy = y1 + 24; yy < y0; yy += 6) {
                    cairo_move_to(cr, bx + 1, yy);
                    cairo_line_to(cr, bx + bw - 1, yy - 5);
                }
                cairo_stroke(cr);
                cairo_save(cr);
                font(cr, 6.5, 0);
                cairo_set_source_rgb(cr, 0, 0, 0);
                cairo_move_to(cr, bx + bw / 2 + 2, y0 - 4);
                cairo_rotate(cr, -M_PI / 2);
                snprintf(s, sizeof(s), "DNF: %.22s", r->reason ? r->reason : "did not finish");
                cairo_show_text(cr, s);
                cairo_restore(cr);
                continue;
            }
            if (!(isfinite(v) && v > 0))
                continue;
            colour(cr, di);
            cairo_rectangle(cr, bx + 1, Y(v), bw - 2, y0 - Y(v));
            cairo_fill(cr);
            if (di % 2) {   /* a stripe pattern, for grayscale print */
                cairo_set_source_rgba(cr, 1, 1, 1, 0.45);
                for (double yy = y0 - 3; yy > Y(v); yy -= 4) {
                    cairo_move_to(cr, bx + 1, yy);
                    cairo_line_to(cr, bx + bw - 1, yy);
                }
                cairo_stroke(cr);
            }
            if (isfinite(lo) && isfinite(hi) && lo > 0) {
                cairo_set_source_rgb(cr, 0, 0, 0);
                cairo_move_to(cr, bx + bw / 2, Y(lo));
                cairo_line_to(cr, bx + bw / 2, Y(hi));
                cairo_move_to(cr, bx + bw / 2 - 3, Y(lo));
                cairo_line_to(cr, bx + bw / 2 + 3, Y(lo));
                cairo_move_to(cr, bx + bw / 2 - 3, Y(hi));
                cairo_line_to(cr, bx + bw / 2 + 3, Y(hi));
                cairo_stroke(cr);
            }
            fmt_num(s, sizeof(s), v);
            font(cr, 6.5, 0);
            cairo_set_source_rgb(cr, 0, 0, 0);
            if (text_width(cr, s) <= bw + 3)   /* only where it fits: the table has them all */
                text(cr, bx + bw / 2, fmin(Y(v), isfinite(hi) && hi > 0 ? Y(hi) : Y(v)) - 3, 1,
                     s);
        }
        /* workload labels, rotated when they would not fit */
        snprintf(label, sizeof(label), "%s/%s", w[k].model, w[k].batch);
        font(cr, 7.5, 0);
        cairo_set_source_rgb(cr, 0, 0, 0);
        if (text_width(cr, label) < gw - 4) {
            text(cr, x0 + gw * k + gw / 2, y0 + 11, 1, label);
        } else {
            cairo_save(cr);
            cairo_move_to(cr, x0 + gw * k + gw / 2 + 3, y0 + 6);
            cairo_rotate(cr, M_PI / 3);
            cairo_show_text(cr, label);
            cairo_restore(cr);
        }
    }
#undef Y
    p->y = y0 + (nw > 8 ? 60 : 24);
    /* the legend, below the chart: it never covers data */
    font(cr, 8, 0);
    {
        double lx = MARGIN;
        for (int di = 0; di < d->n; di++) {
            double tw = text_width(cr, d->name[di]);
            if (lx + 14 + tw > p->w - MARGIN) {
                lx = MARGIN;
                p->y += 12;
            }
            colour(cr, di);
            cairo_rectangle(cr, lx, p->y - 7, 9, 9);
            cairo_fill(cr);
            cairo_set_source_rgb(cr, 0, 0, 0);
            text(cr, lx + 12, p->y, 0, d->name[di]);
            lx += 24 + tw;
        }
        p->y += 22;
    }
}

static void table_row(struct page *p, const double *x, const char *const *cells, int n, int bold)
{
    font(p->cr, 8, bold);
    cairo_set_source_rgb(p->cr, 0, 0, 0);
    for (int i = 0; i < n; i++)
        text(p->cr, x[i], p->y, i ? 2 : 0, cells[i]);
    p->y += 12;
}

/* The seeds' range table: per device and model, min / mean / max over batch sizes. */
static void range_table(struct page *p, const struct br_analysis *a, int which, const char *what)
{
    static const double x[] = { MARGIN, 330, 400, 470, 540 };
    const char *head[] = { "device / model", "min", "mean", "max", "batches" };
    char title[128];

    snprintf(title, sizeof(title), "%s over batch sizes, against %s:", what,
             a->baseline ? a->baseline : "-");
    para(p, 9, title);
    table_row(p, x, head, 5, 1);
    for (size_t i = 0; i < a->nranges && p->y < p->h - 50; i++) {
        const struct br_range *r = &a->ranges[i];
        const double *v = which == 0 ? r->speedup : which == 1 ? r->energy_ratio
                                                               : r->efficiency_ratio;
        char c[5][96];
        const char *cells[5];
        snprintf(c[0], sizeof(c[0]), "%.32s  %.24s", r->device, r->model);
        fmt_num(c[1], sizeof(c[1]), v[0]);
        fmt_num(c[2], sizeof(c[2]), v[1]);
        fmt_num(c[3], sizeof(c[3]), v[2]);
        snprintf(c[4], sizeof(c[4]), "%zu", r->n);
        for (int k = 0; k < 5; k++)
            cells[k] = c[k];
        table_row(p, x, cells, 5, 0);
    }
    p->y += 8;
}

static double v_energy_ratio(const struct br_row *r, double *lo, double *hi)
{
    *lo = r->energy_ratio.lo;
    *hi = r->energy_ratio.hi;
    return r->energy_ratio.center;
}

/* The time to train of the rows whose logs report one (MLPerf, train_runtime). */
static void runtime_lines(struct page *p, const struct br_analysis *a)
{
    int first = 1;

    for (size_t i = 0; i < a->nrows && p->y < p->h - 60; i++) {
        const struct br_row *r = &a->rows[i];
        char s[200], v[32];
        if (r->dnf || !isfinite(r->runtime_s))
            continue;
        if (first) {
            p->y += 6;
            para(p, 8, "Time to train, as the logs report it (MLPerf: run_stop - run_start; "
                       "Hugging Face: train_runtime), median over runs:");
            first = 0;
        }
        fmt_num(v, sizeof(v), r->runtime_s);
        snprintf(s, sizeof(s), "    %.24s  %.14s/%s: %s s", r->device, r->model, r->batch, v);
        font(p->cr, 8, 0);
        text(p->cr, MARGIN, p->y, 0, s);
        p->y += 10;
    }
}

static void page_summary(struct page *p, const struct br_analysis *a, size_t ninputs,
                         const struct devices *d)
{
    char s[512], g[3][64];
    static const double x[] = { MARGIN, 300, 400, 500, 545 };
    const char *head[] = { "device", "speedup", "energy ratio", "efficiency", "DNF" };
    size_t dnf = 0;

    new_page(p, "Benchmark report");
    for (size_t i = 0; i < a->nruns; i++)
        dnf += a->runs[i].run->status != BR_RUN_OK;
    snprintf(s, sizeof(s), "%zu input files, %zu runs (%zu did not finish), %d devices, %zu "
                           "device-workload rows. Baseline: %s%s.",
             ninputs, a->nruns, dnf, d->n, a->nrows, a->baseline ? a->baseline : "-",
             a->baseline_defaulted ? " (the first device in name order)" : "");
    para(p, 10, s);
    p->y += 8;
    para(p, 9, "Geometric means over the workloads that both the device and the baseline "
               "finished, with 95% intervals (delta method in log space). Above 1: faster, "
               "less energy per epoch, more efficient (energy x time) than the baseline.");
    p->y += 6;
    table_row(p, x, head, 5, 1);
    for (size_t i = 0; i < a->ngeo; i++) {
        const struct br_geomean *m = &a->geo[i];
        const struct br_stat *st[3] = { &m->speedup, &m->energy_ratio, &m->efficiency_ratio };
        char dn[16];
        const char *cells[5];
        for (int k = 0; k < 3; k++) {
            if (!isfinite(st[k]->center))
                snprintf(g[k], sizeof(g[k]), "-");
            else if (isfinite(st[k]->lo))
                snprintf(g[k], sizeof(g[k]), "%.3g [%.3g, %.3g]", st[k]->center, st[k]->lo,
                         st[k]->hi);
            else
                snprintf(g[k], sizeof(g[k]), "%.3g", st[k]->center);
        }
        snprintf(dn, sizeof(dn), "%zu", m->dnf);
        cells[0] = m->device;
        cells[1] = g[0];
        cells[2] = g[1];
        cells[3] = g[2];
        cells[4] = dn;
        table_row(p, x, cells, 5, 0);
    }
    p->y += 14;
    {
        static const double tx[] = { MARGIN, 220, 280, 340, 395, 445, 495, 545 };
        const char *th[] = { "device / workload", "epoch s", "power W", "energy J",
                             "speedup", "energy", "effic.", "align" };
        table_row(p, tx, th, 8, 1);
        for (size_t i = 0; i < a->nrows && p->y < p->h - 60; i++) {
            const struct br_row *r = &a->rows[i];
            char c[8][64];
            const char *cells[8];
            snprintf(c[0], sizeof(c[0]), "%.24s  %.14s/%s", r->device, r->model, r->batch);
            if (r->dnf) {
                snprintf(c[1], sizeof(c[1]), "DNF: %.40s", r->reason ? r->reason : "");
                cells[0] = c[0];
                font(p->cr, 8, 0);
                text(p->cr, MARGIN, p->y, 0, c[0]);
                text(p->cr, 180, p->y, 0, c[1]);
                p->y += 12;
                continue;
            }
            fmt_num(c[1], 64, r->epoch_s.center);
            fmt_num(c[2], 64, r->power_w.center);
            fmt_num(c[3], 64, r->energy_j.center);
            fmt_num(c[4], 64, r->speedup.center);
            fmt_num(c[5], 64, r->energy_ratio.center);
            fmt_num(c[6], 64, r->efficiency_ratio.center);
            snprintf(c[7], 64, "%s", br_align_name(r->align));
            for (int k = 0; k < 8; k++)
                cells[k] = c[k];
            table_row(p, tx, cells, 8, 0);
        }
    }
    runtime_lines(p, a);
}

/* A power panel's plot area: time t0..t1 across x0..x1, 0..top watts up y0..y1. */
struct plot {
    double t0, t1, x0, x1, y0, y1, top;
};

static double plot_x(const struct plot *pl, double t)
{
    return pl->x0 + (t - pl->t0) / (pl->t1 - pl->t0) * (pl->x1 - pl->x0);
}

static double plot_y(const struct plot *pl, double w)
{
    return pl->y0 - w / pl->top * (pl->y0 - pl->y1);
}

/*
 * Whole mode: the quantile floor as a dotted grey line, and the samples under
 * it, which the mean leaves out, as grey squares (every `every`th, as drawn).
 */
static void draw_removed(cairo_t *cr, const struct br_trace *t, const double *pw, double floor_w,
                         const struct plot *pl, size_t every)
{
    double dash[] = { 1, 2 };

    cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
    for (size_t k = 0; k < t->nr; k += every) {
        if (t->t[k] < pl->t0 || t->t[k] > pl->t1 || !(pw[k] < floor_w))
            continue;
        cairo_rectangle(cr, plot_x(pl, t->t[k]) - 1, plot_y(pl, pw[k]) - 1, 2, 2);
        cairo_fill(cr);
    }
    cairo_set_line_width(cr, 0.6);
    cairo_set_dash(cr, dash, 2, 0);
    cairo_move_to(cr, pl->x0, plot_y(pl, floor_w));
    cairo_line_to(cr, pl->x1, plot_y(pl, floor_w));
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
}

/* Power over time for each run with a trace: the trace, epochs shaded. */
static void page_power(struct page *p, const struct br_analysis *a, const struct devices *d)
{
    int drawn = 0;

    new_page(p, "Power over time");
    for (size_t i = 0; i < a->nruns; i++) {
        const struct br_run_result *rr = &a->runs[i];
        const struct br_trace *t = rr->trace;
        const double *pw;
        double t0, t1, pmax = 0, x0 = MARGIN + 35, x1 = p->w - MARGIN, y0, y1, step;
        size_t every;
        char title[256];

        if (!t || !t->timed || t->nr < 2 || !(pw = br_trace_values(t, "power")))
            continue;
        if (p->y + 150 > p->h - 40) {
            new_page(p, "Power over time (continued)");
        }
        t0 = t->t[0];
        t1 = t->t[t->nr - 1];
        /* the span of the run, with a margin, when it is placed */
        if (rr->nep && isfinite(rr->ep[0].start) && isfinite(rr->ep[rr->nep - 1].end)) {
            double span = rr->ep[rr->nep - 1].end - rr->ep[0].start;
            t0 = fmax(t0, rr->ep[0].start - 0.1 * span - 1);
            t1 = fmin(t1, rr->ep[rr->nep - 1].end + 0.1 * span + 1);
        }
        for (size_t k = 0; k < t->nr; k++)
            if (t->t[k] >= t0 && t->t[k] <= t1 && pw[k] > pmax)
                pmax = pw[k];
        if (!(pmax > 0) || !(t1 > t0))
            continue;
        snprintf(title, sizeof(title), "%s %s/%s (%s), %s", rr->run->device.value ?
                 rr->run->device.value : "?", rr->run->model.value ? rr->run->model.value : "?",
                 rr->run->batch.value ? rr->run->batch.value : "?", br_align_name(rr->align),
                 rr->src->path);
        font(p->cr, 8.5, 1);
        cairo_set_source_rgb(p->cr, 0, 0, 0);
        text(p->cr, MARGIN, p->y, 0, title);
        y1 = p->y + 8;
        y0 = p->y + 110;
        /* epochs shaded (the warm-up lighter) */
        for (size_t k = 0; k < rr->nep; k++) {
            double a0 = rr->ep[k].start, a1 = rr->ep[k].end;
            if (!isfinite(a0) || !isfinite(a1) || a1 < t0 || a0 > t1)
                continue;
            a0 = fmax(a0, t0);
            a1 = fmin(a1, t1);
            colour(p->cr, device_index(d, rr->run->device.value ? rr->run->device.value : "?"));
            cairo_set_source_rgba(p->cr, 0.2, 0.4, 0.8, rr->ep[k].used ? 0.15 : 0.06);
            cairo_rectangle(p->cr, x0 + (a0 - t0) / (t1 - t0) * (x1 - x0), y1,
                            (a1 - a0) / (t1 - t0) * (x1 - x0), y0 - y1);
            cairo_fill(p->cr);
        }
        /* axes */
        cairo_set_source_rgb(p->cr, 0, 0, 0);
        cairo_set_line_width(p->cr, 0.8);
        cairo_move_to(p->cr, x0, y1);
        cairo_line_to(p->cr, x0, y0);
        cairo_line_to(p->cr, x1, y0);
        cairo_stroke(p->cr);
        font(p->cr, 7, 0);
        step = nice_step(pmax * 1.1, 4);
        for (double v = 0; v <= pmax * 1.1; v += step) {
            char s[32];
            double yy = y0 - v / (pmax * 1.1) * (y0 - y1);
            snprintf(s, sizeof(s), "%g W", v);
            text(p->cr, x0 - 3, yy + 2.5, 2, s);
        }
        {
            char s[64];
            snprintf(s, sizeof(s), "%.1f s", t1 - t0);
            text(p->cr, x1, y0 + 10, 2, s);
            text(p->cr, x0, y0 + 10, 0, "0 s");
        }
        /* the trace, decimated for drawing: at most ~2 points per horizontal point */
        every = t->nr / (size_t)(4 * (x1 - x0)) + 1;
        colour(p->cr, device_index(d, rr->run->device.value ? rr->run->device.value : "?"));
        cairo_set_line_width(p->cr, 0.7);
        {
            int first = 1;
            for (size_t k = 0; k < t->nr; k += every) {
                double xx, yy;
                if (t->t[k] < t0 || t->t[k] > t1 || isnan(pw[k]))
                    continue;
                xx = x0 + (t->t[k] - t0) / (t1 - t0) * (x1 - x0);
                yy = y0 - pw[k] / (pmax * 1.1) * (y0 - y1);
                if (first)
                    cairo_move_to(p->cr, xx, yy);
                else
                    cairo_line_to(p->cr, xx, yy);
                first = 0;
            }
            cairo_stroke(p->cr);
        }
        if (isfinite(rr->floor_w)) {
            struct plot pl = { t0, t1, x0, x1, y0, y1, pmax * 1.1 };
            draw_removed(p->cr, t, pw, rr->floor_w, &pl, every);
        }
        if (isfinite(rr->idle_w)) {
            double yy = y0 - rr->idle_w / (pmax * 1.1) * (y0 - y1);
            cairo_set_source_rgb(p->cr, 0.4, 0.4, 0.4);
            cairo_move_to(p->cr, x0, yy);
            cairo_line_to(p->cr, x1, yy);
            cairo_stroke(p->cr);
        }
        if (isfinite(rr->trigger_w)) {
            double dash[] = { 3, 2 }, yy = y0 - rr->trigger_w / (pmax * 1.1) * (y0 - y1);
            cairo_set_source_rgb(p->cr, 0.8, 0.1, 0.1);
            cairo_set_dash(p->cr, dash, 2, 0);
            cairo_move_to(p->cr, x0, yy);
            cairo_line_to(p->cr, x1, yy);
            cairo_stroke(p->cr);
            cairo_set_dash(p->cr, NULL, 0, 0);
        }
        p->y = y0 + 26;
        drawn++;
    }
    if (!drawn)
        para(p, 10, "No run has a timed power trace.");
    else
        para(p, 8, "Shaded: epochs placed on the trace (lighter: warm-up epochs left out). "
                   "Dashed red: the trigger level of inferred alignment; grey: the idle "
                   "baseline (the 5th percentile). Whole mode: grey squares are the samples "
                   "under the quantile floor (dotted), left out of the mean. Traces are thinned "
                   "for drawing only; every sample is used for the numbers.");
}

static void page_appendix(struct page *p, const struct br_analysis *a)
{
    new_page(p, "Runs");
    for (size_t i = 0; i < a->nruns; i++) {
        const struct br_run_result *rr = &a->runs[i];
        char s[512], rt[64] = "";
        if (p->y > p->h - 80)
            new_page(p, "Runs (continued)");
        if (isfinite(rr->run->runtime_s))
            snprintf(rt, sizeof(rt), ", time to train %.1f s", rr->run->runtime_s);
        snprintf(s, sizeof(s), "%s:%u  %s %s/%s: %s%s%s, %s alignment, %zu of %zu epochs used, "
                               "%zu samples used, %zu removed%s.",
                 rr->src->path, rr->run->first_line, rr->run->device.value ?
                 rr->run->device.value : "?", rr->run->model.value ? rr->run->model.value : "?",
                 rr->run->batch.value ? rr->run->batch.value : "?",
                 rr->run->status == BR_RUN_OK ? "ok" : "DNF",
                 rr->run->reason ? ": " : "", rr->run->reason ? rr->run->reason : "",
                 br_align_name(rr->align), rr->epochs_used, rr->nep, rr->samples_used,
                 rr->samples_removed, rt);
        para(p, 8, s);
        for (size_t k = 0; k < rr->nep && k < 40; k++) {
            const struct br_epoch_result *e = &rr->ep[k];
            char d[32], pw[32], en[32];
            fmt_num(d, sizeof(d), e->duration);
            fmt_num(pw, sizeof(pw), e->mean_w);
            fmt_num(en, sizeof(en), e->energy_j);
            {
                const struct br_epoch *le = &rr->run->epochs[k];
                char m[200] = "";
                size_t mn = 0;
                for (size_t q = 0; q < le->nmetrics && q < 4; q++)
                    mn += (size_t)snprintf(m + mn, sizeof(m) - mn, "%s %s=%.4g",
                                           q ? "," : ";", le->metrics[q].name,
                                           le->metrics[q].value);
                snprintf(s, sizeof(s), "    epoch %u: %s s, %s W, %s J%s%s", e->index, d, pw, en,
                         m, rr->run->epochs[k].partial ? " (partial, not used)" :
                         e->used ? "" : " (not used)");
            }
            if (p->y > p->h - 50)
                new_page(p, "Runs (continued)");
            font(p->cr, 7.5, 0);
            text(p->cr, MARGIN, p->y, 0, s);
            p->y += 10;
        }
        for (size_t k = 0; k < rr->warnings.nr; k++) {
            snprintf(s, sizeof(s), "warning: %s", rr->warnings.v[k].msg);
            para(p, 7.5, s);
        }
        p->y += 6;
    }
}

static void page_method(struct page *p, const struct br_analysis *a,
                        const struct br_analysis_opts *o)
{
    char s[1024];
    int dnf = 0;

    new_page(p, "Method");
    snprintf(s, sizeof(s), "Epochs: the first %u of each run are warm-up and left out. Epoch "
                           "time is the median of the pooled epochs of a workload with its "
                           "distribution-free 95%% interval (order statistics) from 6 epochs, "
                           "the mean with Student's t interval below 6, no interval for one.",
             o->skip_epochs);
    para(p, 9, s);
    para(p, 9, "Alignment: exact when the log gives each epoch's start and end; anchored by "
               "--start; inferred from the active segments a trigger with hysteresis finds in "
               "the trace; whole when nothing links log and trace in time.");
    snprintf(s, sizeof(s), "Energy per epoch: trapezoid rule over the samples in the epoch, "
                           "power at its edges interpolated; powermetrics samples over their "
                           "own windows. Whole mode: the mean of samples at or above the %g "
                           "quantile, times the epoch time (the seeds' method).", o->quantile);
    para(p, 9, s);
    para(p, 9, "Ratios: speedup T(base)/T(device), energy ratio E(base)/E(device), efficiency "
               "(E x T)(base)/(E x T)(device); intervals by the delta method in log space.");
    para(p, 9, "Sensors: nvidia-smi's power.draw is a one-second average on Ampere and newer "
               "GPUs (except the A100); epochs shorter than that, or than three samples, are "
               "flagged as uncertain. powermetrics reports each sample over its own window.");
    p->y += 6;
    for (size_t i = 0; i < a->nruns; i++) {
        const struct br_run_result *rr = &a->runs[i];
        if (rr->run->status == BR_RUN_OK)
            continue;
        if (!dnf++)
            para(p, 10, "Runs that did not finish:");
        snprintf(s, sizeof(s), "%s %s/%s: %s (%s, line %u)", rr->run->device.value ?
                 rr->run->device.value : "?", rr->run->model.value ? rr->run->model.value : "?",
                 rr->run->batch.value ? rr->run->batch.value : "?",
                 rr->run->reason ? rr->run->reason : "did not finish", rr->src->path,
                 rr->run->reason_line);
        para(p, 9, s);
    }
}

int br_render_pdf(const char *path, const struct br_analysis *a, const struct br_analysis_opts *o,
                  const struct br_report_opts *ro)
{
    double w = ro->letter ? 612 : 595.28, h = ro->letter ? 792 : 841.89;
    cairo_surface_t *s = cairo_pdf_surface_create(path, w, h);
    struct page p = { cairo_create(s), w, h, 0, 0 };
    struct devices d;
    int ret;

    collect_devices(a, &d);
    page_summary(&p, a, ro->ninputs, &d);
    new_page(&p, "Epoch time per workload");
    bar_chart(&p, a, &d, v_time, "seconds per epoch", 300, NAN, ro->log_scale);
    new_page(&p, "How many times faster than the baseline");
    bar_chart(&p, a, &d, v_speedup, "speedup (x)", 300, 1.0, ro->log_scale);
    range_table(&p, a, 0, "Speedup");
    page_power(&p, a, &d);
    new_page(&p, "Energy per epoch");
    bar_chart(&p, a, &d, v_energy, "joules per epoch", 230, NAN, ro->log_scale);
    bar_chart(&p, a, &d, v_energy_ratio, "energy ratio (x)", 200, 1.0, ro->log_scale);
    range_table(&p, a, 1, "Energy ratio");
    new_page(&p, "Efficiency (energy x time) against the baseline");
    bar_chart(&p, a, &d, v_efficiency, "efficiency ratio (x)", 260, 1.0, ro->log_scale);
    range_table(&p, a, 2, "Efficiency ratio");
    page_appendix(&p, a);
    page_method(&p, a, o);
    cairo_show_page(p.cr);
    cairo_destroy(p.cr);
    cairo_surface_finish(s);
    ret = cairo_surface_status(s) == CAIRO_STATUS_SUCCESS ? 0 : -1;
    cairo_surface_destroy(s);
    return ret;
}

/* One chart on a page of its own size: the page title and the chart. */
static int draw_chart(struct page *p, const struct br_analysis *a, const struct devices *d,
                      const char *kind, int log_scale)
{
    double hgt = p->h - 150;

    p->number = 1;   /* no page break and no page number */
    p->y = MARGIN;
    font(p->cr, 14, 1);
    cairo_set_source_rgb(p->cr, 0, 0, 0);
    if (!strcmp(kind, "time")) {
        text(p->cr, MARGIN, p->y, 0, "Epoch time per workload");
        p->y += 20;
        bar_chart(p, a, d, v_time, "seconds per epoch", hgt, NAN, log_scale);
    } else if (!strcmp(kind, "speedup")) {
        text(p->cr, MARGIN, p->y, 0, "How many times faster than the baseline");
        p->y += 20;
        bar_chart(p, a, d, v_speedup, "speedup (x)", hgt, 1.0, log_scale);
    } else if (!strcmp(kind, "energy")) {
        text(p->cr, MARGIN, p->y, 0, "Energy per epoch");
        p->y += 20;
        bar_chart(p, a, d, v_energy, "joules per epoch", hgt, NAN, log_scale);
    } else if (!strcmp(kind, "efficiency")) {
        text(p->cr, MARGIN, p->y, 0, "Efficiency against the baseline (energy x time)");
        p->y += 20;
        bar_chart(p, a, d, v_efficiency, "efficiency ratio (x)", hgt, 1.0, log_scale);
    } else if (!strcmp(kind, "power")) {
        p->number = 0;   /* page_power's title page */
        page_power(p, a, d);
    } else {
        return -1;
    }
    return 0;
}

int br_render_chart(const char *path, const char *kind, const struct br_analysis *a,
                    const struct br_report_opts *ro)
{
    int png = strlen(path) > 4 && !strcmp(path + strlen(path) - 4, ".png");
    double scale = png ? ro->dpi / 96.0 : 1;
    cairo_surface_t *s;
    struct page p;
    struct devices d;
    int ret;

    if (png)
        s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)lround(ro->width * scale),
                                       (int)lround(ro->height * scale));
    else
        s = cairo_svg_surface_create(path, ro->width, ro->height);
    p.cr = cairo_create(s);
    p.w = ro->width;
    p.h = ro->height;
    p.y = 0;
    p.number = 0;
    if (png) {
        cairo_scale(p.cr, scale, scale);
        cairo_set_source_rgb(p.cr, 1, 1, 1);
        cairo_paint(p.cr);
    }
    collect_devices(a, &d);
    ret = draw_chart(&p, a, &d, kind, ro->log_scale);
    cairo_destroy(p.cr);
    if (ret == 0 && png)
        ret = cairo_surface_write_to_png(s, path) == CAIRO_STATUS_SUCCESS ? 0 : -1;
    cairo_surface_finish(s);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS)
        ret = -1;
    cairo_surface_destroy(s);
    return ret;
}
