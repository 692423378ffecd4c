/*
 * pdf.c: the report, a multi-page PDF on A4 (or Letter) landscape pages,
 * drawn with Cairo. A first page that stands alone (what was compared, with
 * what, the headline ratios and one line per model), the summary table and
 * the range table, then every figure of the chart table (charts.h) that has
 * something to draw, a figure per page or per half page, then the runs and
 * the method. A section with nothing to draw is left out, and the first page
 * says why in one line. One chart on its own (--chart, --charts) is drawn by
 * the same code on a page of the asked size.
 */
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/timefmt.h"
#include "render/charts.h"
#include "render/columns.h"
#include "render/draw.h"
#include "render/pdf.h"
#include "model/banned.h"

#define MARGIN 40.0
#define MAX_NAMES 64

struct set {
    const char *v[MAX_NAMES];
    size_t n;
};

static int numcmp(const void *x, const void *y)
{
    double a = strtod(*(const char *const *)x, NULL), b = strtod(*(const char *const *)y, NULL);
    return a < b ? -1 : a > b;
}

static void set_add(struct set *s, const char *v)
{
    if (!v)
        return;
    for (size_t i = 0; i < s->n; i++)
        if (!strcmp(s->v[i], v))
            return;
    if (s->n < MAX_NAMES)
        s->v[s->n++] = v;
}

/* "a, b and c" (at most `max` names, then "and N more") into out. */
static void set_join(const struct set *s, char *out, size_t size, size_t max)
{
    size_t used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < s->n && i < max && used < size; i++)
        used += (size_t)snprintf(out + used, size - used, "%s%s",
                                 !i ? "" : i + 1 == s->n ? " and " : ", ", s->v[i]);
    if (s->n > max && used < size)
        snprintf(out + used, size - used, " and %zu more", s->n - max);
    if (!s->n)
        snprintf(out, size, "-");
}

/*
 * set_join of `s` between `pre` and `post`, with as many whole names as fit
 * `width` in the current font (`max` at most); a name is cut (by the caller's
 * ellipsis) only when one alone does not fit.
 */
static void join_fit(cairo_t *cr, const struct set *s, size_t max, double width,
                     const char *pre, const char *post, char *out, size_t size)
{
    for (size_t k = max; k >= 1; k--) {
        size_t used;
        snprintf(out, size, "%s", pre);
        used = strlen(out);
        set_join(s, out + used, size - used, k);
        used += strlen(out + used);
        snprintf(out + used, size - used, "%s", post);
        if (br_text_width(cr, out) <= width)
            return;
    }
}

/* The first page's title: the devices compared with `baseline` (join_fit). */
static void title_of(struct br_canvas *c, const struct set *others, const char *baseline,
                     char *s, size_t size)
{
    char post[512];

    br_font(c->cr, 15, 1);
    if (baseline && !others->n) {
        snprintf(s, size, "Benchmark report: %s", baseline);
        return;
    }
    snprintf(post, sizeof(post), "%s%s", baseline ? " against " : "", baseline ? baseline : "");
    join_fit(c->cr, others, 4, c->w - 2 * MARGIN, "Benchmark report: ", post, s, size);
}

static int need_room(struct br_canvas *c, double h, const char *title)
{
    if (c->y + h <= c->h - MARGIN - 10)
        return 0;
    br_canvas_page(c, title);
    return 1;
}

/*
 * With several sessions, a table's rows go under their session's name, as the
 * text does: the name, in bold, where `session` differs from the previous
 * row's (`prev`). NULL (one session): nothing.
 */
static void session_heading(struct br_canvas *c, const char *session, const char *prev,
                            const char *title)
{
    char fit[256];

    if (!session || (prev && !strcmp(session, prev)))
        return;
    br_font(c->cr, 7.5, 1);
    br_ellipsize(c->cr, session, c->w - 2 * MARGIN, fit, sizeof(fit));
    cairo_set_source_rgb(c->cr, 0, 0, 0);
    br_text_at(c, MARGIN, c->y, 0, 0, fit);
    c->y += 10;
    need_room(c, 11, title);
}

/* ---- the first page ---- */

struct device_facts {
    struct set hw, fw, models, batches, hosts;
    size_t runs, dnf;
    double t0, t1;
    int zoned;
};

static void device_facts(const struct br_analysis *a, const char *dev, struct device_facts *f)
{
    memset(f, 0, sizeof(*f));
    f->t0 = INFINITY;
    f->t1 = -INFINITY;
    for (size_t i = 0; i < a->nruns; i++) {
        const struct br_run_result *rr = &a->runs[i];
        const struct br_run *r = rr->run;
        if (strcmp(r->device.value ? r->device.value : "?", dev))
            continue;
        f->runs++;
        f->dnf += r->status != BR_RUN_OK;
        /* what the log calls the device, else the name its power trace gives */
        if (r->hardware)
            set_add(&f->hw, r->hardware);
        else if (rr->trace && rr->trace->name)
            set_add(&f->hw, rr->trace->name);
        set_add(&f->fw, r->framework.value);
        set_add(&f->hosts, r->host);
        set_add(&f->models, r->model.value);
        set_add(&f->batches, r->batch.value);
        for (size_t k = 0; k < r->nepochs; k++) {
            double t = isfinite(r->epochs[k].start) ? r->epochs[k].start : r->epochs[k].end;
            if (isfinite(t)) {
                f->t0 = fmin(f->t0, t);
                f->t1 = fmax(f->t1, t);
                f->zoned = r->zoned;
            }
        }
        if (!isfinite(f->t0) && rr->trace && rr->trace->timed && rr->trace->nr) {
            f->t0 = rr->trace->t[0];
            f->t1 = rr->trace->t[rr->trace->nr - 1];
            f->zoned = rr->trace->zoned;
        }
    }
}

/*
 * "Hosts: h100 on node07; cpu on laptop and pc2; others not named." from
 * what the recordings say (record's meta.json), or that they do not.
 */
static void hosts_line(const struct br_analysis *a, const struct set *devs, char *out,
                       size_t size)
{
    size_t used = (size_t)snprintf(out, size, "Hosts:"), named = 0;

    for (size_t i = 0; i < devs->n && used < size; i++) {
        struct device_facts f;
        char h[256];
        device_facts(a, devs->v[i], &f);
        if (!f.hosts.n)
            continue;
        set_join(&f.hosts, h, sizeof(h), 3);
        used += (size_t)snprintf(out + used, size - used, "%s %s on %s", named ? ";" : "",
                                 devs->v[i], h);
        named++;
    }
    if (used >= size)
        return;
    if (!named)
        snprintf(out + used, size - used, " the recordings do not name them.");
    else
        snprintf(out + used, size - used, "%s.", named < devs->n ? "; others not named" : "");
}

static void day(double t, char *out, size_t size)
{
    char s[BR_TIME_FMT_LEN];
    if (!isfinite(t)) {
        snprintf(out, size, "-");
        return;
    }
    br_time_format(t, 1, s);
    snprintf(out, size, "%.10s", s);
}

/* A simple table: `n` columns at x[] (right-aligned when right[i]), one row of cells. */
static void row(struct br_canvas *c, const double *x, const int *right, const char *const *cells,
                int n, int bold, const double *maxw)
{
    br_font(c->cr, 7.5, bold);
    cairo_set_source_rgb(c->cr, 0, 0, 0);
    for (int i = 0; i < n; i++) {
        char fit[256];
        br_ellipsize(c->cr, cells[i], maxw[i], fit, sizeof(fit));
        br_text_at(c, x[i], c->y, right[i] ? 2 : 0, 0, fit);
    }
    c->y += 11;
}

/* 3 significant digits, the shortest form */
static void sig3(char *out, size_t size, double v)
{
    snprintf(out, size, "%.3g", v);
}

/*
 * "1.2–6.8x faster", "3.9x slower", "0.26–4.7x the speed": range `r`'s
 * figure `which`, its min and max as the tables print them (inverted, for
 * "slower", to 3 significant digits).
 */
static void ratio_words(const struct br_analysis *an, const struct br_range *r, int which,
                        const char *more, const char *less, const char *neutral, char *out,
                        size_t size)
{
    const double *v = which == 0 ? r->speedup : which == 1 ? r->energy_ratio
                                                           : r->efficiency_ratio;
    char a[32], b[32];
    double lo = v[0], hi = v[2];
    if (!isfinite(lo) || !isfinite(hi)) {
        snprintf(out, size, "no %s", which == 0 ? "speedup" : which == 1 ? "energy ratio"
                                                                         : "efficiency ratio");
        return;
    }
    if (lo >= 1 || hi < 1) {
        int inv = hi < 1;
        if (inv) {
            sig3(a, sizeof(a), 1 / hi);
            sig3(b, sizeof(b), 1 / lo);
        } else {
            br_range_cell(an, r, which, 0, 0, a, sizeof(a));
            br_range_cell(an, r, which, 2, 0, b, sizeof(b));
        }
        if (!strcmp(a, b))
            snprintf(out, size, "%sx %s", a, inv ? less : more);
        else
            snprintf(out, size, "%s\xe2\x80\x93%sx %s", a, b, inv ? less : more);
        return;
    }
    br_range_cell(an, r, which, 0, 0, a, sizeof(a));
    br_range_cell(an, r, which, 2, 0, b, sizeof(b));
    snprintf(out, size, "%s\xe2\x80\x93%sx %s", a, b, neutral);
}

static void page_first(struct br_canvas *c, const struct br_analysis *a,
                       const struct br_report_opts *ro, const char *left_out)
{
    struct set devs = { .n = 0 }, others = { .n = 0 };
    char s[2560];
    size_t dnf = 0;

    for (size_t i = 0; i < a->nrows; i++) {
        set_add(&devs, a->rows[i].device);
        if (!a->rows[i].is_baseline)
            set_add(&others, a->rows[i].device);
    }
    for (size_t i = 0; i < a->nruns; i++)
        dnf += a->runs[i].run->status != BR_RUN_OK;
    title_of(c, &others, a->baseline, s, sizeof(s));
    br_canvas_page(c, s);

    snprintf(s, sizeof(s), "%zu runs (%zu did not finish) from %zu input files, %zu "
                           "device-workload rows. Baseline: %s%s.",
             a->nruns, dnf, ro->ninputs, a->nrows, a->baseline ? a->baseline : "-",
             a->baseline_defaulted ? " (the first device in name order; --baseline chooses)"
                                   : "");
    br_para(c, 9, 0, s);
    c->y += 4;

    /* what was compared: one row per device */
    {
        static const double x[] = { MARGIN, 150, 330, 420, 520, 640, 700 };
        static const int right[] = { 0, 0, 0, 0, 0, 0, 0 };
        static const double maxw[] = { 105, 175, 85, 95, 115, 55, 140 };
        const char *head[] = { "device", "hardware", "framework", "models", "batch sizes",
                               "runs", "recorded" };
        br_para(c, 9, 1, "What was compared");
        row(c, x, right, head, 7, 1, maxw);
        for (size_t i = 0; i < devs.n; i++) {
            struct device_facts f;
            char hw[256], fw[128], ms[256], bs[256], runs[32], d0[16], d1[16], when[64];
            const char *cells[7];
            device_facts(a, devs.v[i], &f);
            br_font(c->cr, 7.5, 0);   /* row()'s */
            join_fit(c->cr, &f.hw, 2, maxw[1], "", "", hw, sizeof(hw));
            join_fit(c->cr, &f.fw, 3, maxw[2], "", "", fw, sizeof(fw));
            join_fit(c->cr, &f.models, 4, maxw[3], "", "", ms, sizeof(ms));
            qsort(f.batches.v, f.batches.n, sizeof(f.batches.v[0]), numcmp);
            join_fit(c->cr, &f.batches, 6, maxw[4], "", "", bs, sizeof(bs));
            snprintf(runs, sizeof(runs), f.dnf ? "%zu (%zu DNF)" : "%zu", f.runs, f.dnf);
            day(f.t0, d0, sizeof(d0));
            day(f.t1, d1, sizeof(d1));
            snprintf(when, sizeof(when), strcmp(d0, d1) ? "%s to %s%s" : "%s%s", d0,
                     strcmp(d0, d1) ? d1 : (f.zoned || !isfinite(f.t0) ? "" : " (local)"),
                     strcmp(d0, d1) && !f.zoned ? " (local)" : "");
            cells[0] = devs.v[i];
            cells[1] = f.hw.n ? hw : "not recorded";
            cells[2] = f.fw.n ? fw : "-";
            cells[3] = ms;
            cells[4] = bs;
            cells[5] = runs;
            cells[6] = when;
            if (need_room(c, 12, "Benchmark report (continued)"))
                row(c, x, right, head, 7, 1, maxw);
            row(c, x, right, cells, 7, 0, maxw);
        }
    }
    c->y += 4;
    snprintf(s, sizeof(s), "Made by benchreport %s: %s", ro->version ? ro->version : "?",
             ro->command ? ro->command : "-");
    br_para(c, 7.5, 0, s);
    hosts_line(a, &devs, s, sizeof(s));
    br_para(c, 7.5, 0, s);
    c->y += 6;

    /* the headline: geometric means, with intervals */
    if (a->ngeo > 1 || (a->ngeo == 1 && !a->rows[0].is_baseline)) {
        snprintf(s, sizeof(s), "Against %s: geometric means over the workloads both finished, "
                               "95%% intervals (above 1: faster, less energy, more efficient)",
                 a->baseline ? a->baseline : "-");
        br_para(c, 9, 1, s);
        for (size_t i = 0; i < a->ngeo; i++) {
            const struct br_geomean *g = &a->geo[i];
            char sp[96], en[96], ef[96];
            if (a->baseline && !strcmp(g->device, a->baseline))
                continue;
            br_stat_shown(&g->speedup, sp, sizeof(sp));
            br_stat_shown(&g->energy_ratio, en, sizeof(en));
            br_stat_shown(&g->efficiency_ratio, ef, sizeof(ef));
            snprintf(s, sizeof(s), "%s, %zu workload%s%s: speedup %s; energy ratio %s; "
                                   "efficiency ratio %s", g->device, g->n, g->n == 1 ? "" : "s",
                     g->dnf ? " (and DNF on some)" : "", sp, en, ef);
            need_room(c, 12, "Benchmark report (continued)");
            br_para(c, 9, 0, s);
        }
        c->y += 4;
    }
    /* one line per model: the range over batch sizes in words */
    if (a->nranges) {
        int any = 0;
        for (size_t i = 0; i < a->nranges; i++) {
            const struct br_range *r = &a->ranges[i];
            char w1[96], w2[96], w3[96];
            if (a->baseline && !strcmp(r->device, a->baseline))
                continue;
            if (!isfinite(r->speedup[0]) && !isfinite(r->energy_ratio[0]))
                continue;
            if (!any++)
                br_para(c, 9, 1, "Per model, over its batch sizes");
            ratio_words(a, r, 0, "faster", "slower", "the speed", w1, sizeof(w1));
            ratio_words(a, r, 1, "less energy per epoch", "more energy per epoch",
                        "the energy ratio", w2, sizeof(w2));
            ratio_words(a, r, 2, "more efficient", "less efficient", "the efficiency", w3,
                        sizeof(w3));
            size_t nb = br_range_count(a, r, 0);
            snprintf(s, sizeof(s), "%s%s%s (%zu batch size%s): %s %s; %s; %s",
                     r->session ? r->session : "", r->session ? ": " : "", r->model, nb,
                     nb == 1 ? "" : "s", r->device, w1, w2, w3);
            need_room(c, 12, "Benchmark report (continued)");
            br_para(c, 9, 0, s);
        }
        c->y += 4;
    }
    if (left_out && *left_out) {
        snprintf(s, sizeof(s), "Left out: %s.", left_out);
        br_para(c, 8, 0, s);
    }
}

/* ---- the tables ---- */

static void page_table(struct br_canvas *c, const struct br_analysis *a)
{
    size_t idx[32], nc = 0;
    double w[32], x[33], avail = c->w - 2 * MARGIN, total = 0;
    int right[32];
    char cell[256];
    const char *title = "Summary table";

    for (size_t k = 0; k < br_ncolumns && nc < 32; k++)
        if (br_column_shown_in(&br_columns[k], a))
            idx[nc++] = k;
    /* on the first page when all of it fits there, else on pages of its own */
    if (c->y + 40 + 11 * (double)(a->nrows + 1) < c->h - MARGIN - 10) {
        c->y += 6;
        br_para(c, 9, 1, title);
    } else {
        br_canvas_page(c, title);
    }
    br_font(c->cr, 7.5, 0);
    for (size_t i = 0; i < nc; i++) {
        const struct br_column *col = &br_columns[idx[i]];
        br_font(c->cr, 7.5, 1);
        w[i] = br_text_width(c->cr, col->head);
        br_font(c->cr, 7.5, 0);
        for (size_t r = 0; r < a->nrows; r++) {
            br_column_shown(col, &a->rows[r], cell, sizeof(cell));
            w[i] = fmax(w[i], br_text_width(c->cr, cell));
        }
        if (col->kind == BR_COL_TEXT)
            w[i] = fmin(w[i], 130);
        right[i] = col->kind != BR_COL_TEXT;
        total += w[i] + 10;
    }
    /* too wide: the text columns give way (their cells are shortened in the middle) */
    for (size_t i = 0; i < nc && total > avail; i++)
        if (!right[i] && w[i] > 60) {
            double cut = fmin(w[i] - 60, total - avail);
            w[i] -= cut;
            total -= cut;
        }
    x[0] = MARGIN;
    for (size_t i = 0; i < nc; i++)
        x[i + 1] = x[i] + w[i] + 10;
    double pos[32];
    for (size_t i = 0; i < nc; i++)
        pos[i] = right[i] ? x[i] + w[i] : x[i];
    const char *head[32];
    for (size_t i = 0; i < nc; i++)
        head[i] = br_columns[idx[i]].head;
    row(c, pos, right, head, (int)nc, 1, w);
    for (size_t r = 0; r < a->nrows; r++) {
        const struct br_row *rw = &a->rows[r];
        char cells[32][128];
        const char *cp[32];
        int n = 0;
        if (need_room(c, 11, "Summary table (continued)"))
            row(c, pos, right, head, (int)nc, 1, w);
        session_heading(c, rw->session, r ? a->rows[r - 1].session : NULL,
                        "Summary table (continued)");
        for (size_t i = 0; i < nc; i++) {
            const struct br_column *col = &br_columns[idx[i]];
            if ((rw->dnf || (rw->withheld && isnan(rw->epoch_s.center))) &&
                col->kind == BR_COL_NUM) {
                char dnf[192], fit[192];
                if (rw->dnf)
                    snprintf(dnf, sizeof(dnf), "DNF: %s",
                             rw->reason ? rw->reason : "did not finish");
                else
                    snprintf(dnf, sizeof(dnf), "no figures: %s", rw->withheld);
                br_font(c->cr, 7.5, 0);
                br_ellipsize(c->cr, dnf, c->w - MARGIN - x[i], fit, sizeof(fit));
                cairo_set_source_rgb(c->cr, 0, 0, 0);
                br_text_at(c, x[i], c->y, 0, 0, fit);
                break;
            }
            br_column_shown(col, rw, cells[i], sizeof(cells[i]));
            cp[i] = cells[i];
            n = (int)i + 1;
        }
        row(c, pos, right, cp, n, 0, w);
    }
    c->y += 6;
    br_para(c, 7.5, 0, "epoch s: median (or mean) epoch time with its 95% interval; power W: "
                       "mean power over the epochs; J/epoch: energy per epoch; speedup, energy "
                       "and effic.: the ratios against the baseline (above 1: better).");
    for (size_t i = 0; i < nc; i++)
        if (!strcmp(br_columns[idx[i]].name, "runtime_s"))
            br_para(c, 7.5, 0, "time to train: as the logs report it (MLPerf: run_stop - "
                               "run_start; Hugging Face: train_runtime), median over runs.");
}

static void page_ranges(struct br_canvas *c, const struct br_analysis *a)
{
    static const double x[] = { MARGIN, 170, 290, 420, 560, 700 };
    static const int right[] = { 0, 0, 0, 0, 0, 0 };
    static const double maxw[] = { 125, 115, 95, 130, 130, 130 };
    const char *head[] = { "device", "model", "batch sizes", "speedup min / mean / max",
                           "energy ratio", "efficiency ratio" };
    const char *prev = NULL;
    int any = 0;
    char s[256];

    for (size_t i = 0; i < a->nranges; i++)
        any |= (isfinite(a->ranges[i].speedup[1]) || isfinite(a->ranges[i].energy_ratio[1])) &&
               !(a->baseline && !strcmp(a->ranges[i].device, a->baseline));
    if (!any)
        return;
    c->y += 8;
    need_room(c, 60, "Ranges over batch sizes");
    snprintf(s, sizeof(s), "Ratios against %s, min / mean / max over each model's batch sizes",
             a->baseline ? a->baseline : "-");
    br_para(c, 9, 1, s);
    row(c, x, right, head, 6, 1, maxw);
    for (size_t i = 0; i < a->nranges; i++) {
        const struct br_range *r = &a->ranges[i];
        char cells[6][128], n[32];
        if (a->baseline && !strcmp(r->device, a->baseline))
            continue;
        const char *cp[6];
        session_heading(c, r->session, prev, "Ranges over batch sizes (continued)");
        prev = r->session;
        snprintf(cells[0], sizeof(cells[0]), "%s", r->device);
        snprintf(cells[1], sizeof(cells[1]), "%s", r->model);
        size_t nb = br_range_count(a, r, 0);
        snprintf(n, sizeof(n), "%zu batch size%s", nb, nb == 1 ? "" : "s");
        snprintf(cells[2], sizeof(cells[2]), "%s", n);
        for (int k = 0; k < 3; k++) {
            char q[3][32];
            for (int j = 0; j < 3; j++) {
                br_range_cell(a, r, k, j, 0, q[j], sizeof(q[j]));
                if (!q[j][0])
                    snprintf(q[j], sizeof(q[j]), "-");
            }
            snprintf(cells[3 + k], sizeof(cells[3 + k]), "%s / %s / %s", q[0], q[1], q[2]);
        }
        for (int k = 0; k < 6; k++)
            cp[k] = cells[k];
        if (need_room(c, 11, "Ranges over batch sizes (continued)"))
            row(c, x, right, head, 6, 1, maxw);
        row(c, x, right, cp, 6, 0, maxw);
    }
}

static void page_appendix(struct br_canvas *c, const struct br_analysis *a)
{
    br_canvas_page(c, "Runs");
    for (size_t i = 0; i < a->nruns; i++) {
        const struct br_run_result *rr = &a->runs[i];
        char s[1024], rt[64] = "";
        size_t shown = rr->nep < 40 ? rr->nep : 40;
        if (isfinite(rr->run->runtime_s))
            snprintf(rt, sizeof(rt), ", time to train %.1f s", rr->run->runtime_s);
        snprintf(s, sizeof(s), "%s:%u  %s %s/%s: %s%s%s, %s alignment, %zu of %zu epochs used, "
                               "%zu samples used, %zu removed%s",
                 rr->src->path, rr->run->first_line, rr->run->device.value ?
                 rr->run->device.value : "?", rr->run->model.value ? rr->run->model.value : "?",
                 rr->run->batch.value ? rr->run->batch.value : "?",
                 rr->run->status == BR_RUN_OK ? "ok" : "DNF",
                 rr->run->reason ? ": " : "", rr->run->reason ? rr->run->reason : "",
                 br_align_name(rr->align), rr->epochs_used, rr->nep, rr->samples_used,
                 rr->samples_removed, rt);
        /* a run's lines stay together on one page: its heading may wrap (long paths) */
        br_font(c->cr, 8, 1);
        need_room(c, 11.2 * (ceil(br_text_width(c->cr, s) / (c->w - 2 * MARGIN)) + 1) +
                         9.5 * (double)(shown + (rr->nep > shown)) +
                         14 * (double)rr->warnings.nr,
                  "Runs (continued)");
        br_para(c, 8, 1, s);
        for (size_t k = 0; k < rr->nep && k < 40 && k < rr->run->nepochs; k++) {
            const struct br_epoch_result *e = &rr->ep[k];
            const struct br_epoch *le = &rr->run->epochs[k];
            char d[32], pw[32], en[32], m[200] = "";
            size_t mn = 0;
            br_num_round(d, sizeof(d), e->duration, NAN, NAN, 0);
            br_num_round(pw, sizeof(pw), e->mean_w, NAN, NAN, 0);
            br_num_round(en, sizeof(en), e->energy_j, NAN, NAN, 0);
            for (size_t q = 0; q < le->nmetrics && q < 4 && mn < sizeof(m); q++)
                mn += (size_t)snprintf(m + mn, sizeof(m) - mn, "%s %s=%.4g", q ? "," : ";",
                                       le->metrics[q].name, le->metrics[q].value);
            snprintf(s, sizeof(s), "epoch %u: %s s, %s W, %s J%s%s", e->index, d[0] ? d : "-",
                     pw[0] ? pw : "-", en[0] ? en : "-", m,
                     le->partial ? " (partial, not used)" : e->used ? "" : " (not used)");
            need_room(c, 10, "Runs (continued)");
            br_font(c->cr, 7, 0);
            cairo_set_source_rgb(c->cr, 0, 0, 0);
            br_text_at(c, MARGIN + 12, c->y, 0, 0, s);
            c->y += 9.5;
        }
        if (rr->nep > shown) {
            /* the list stops at 40: say so, not a run that seems to end there */
            snprintf(s, sizeof(s), "... and %zu epochs more (%u to %u), not listed here",
                     rr->nep - shown, rr->ep[shown].index, rr->ep[rr->nep - 1].index);
            need_room(c, 10, "Runs (continued)");
            br_font(c->cr, 7, 0);
            cairo_set_source_rgb(c->cr, 0, 0, 0);
            br_text_at(c, MARGIN + 12, c->y, 0, 0, s);
            c->y += 9.5;
        }
        for (size_t k = 0; k < rr->warnings.nr; k++) {
            snprintf(s, sizeof(s), "warning: %s", rr->warnings.v[k].msg);
            need_room(c, 10, "Runs (continued)");
            br_para(c, 7, 0, s);
        }
        c->y += 5;
    }
}

static void page_method(struct br_canvas *c, const struct br_analysis *a,
                        const struct br_analysis_opts *o)
{
    char s[1024];
    int dnf = 0;

    /* below the runs when it fits there: a page of its own would be mostly white */
    if (c->y + 200 < c->h - MARGIN - 10) {
        c->y += 10;
        br_para(c, 12, 1, "Method");
        c->y += 2;
    } else {
        br_canvas_page(c, "Method");
    }
    snprintf(s, sizeof(s), "Epochs: %s. Epoch time is the median of the pooled epochs of a "
                           "workload with its distribution-free 95%% interval (order statistics) "
                           "of 6 epochs or more, the mean with Student's t interval of fewer, "
                           "no interval for one.", br_warmup_words(o->skip_epochs));
    br_para(c, 9, 0, s);
    if (a->shared) {
        snprintf(s, sizeof(s), "%zu workload%s whose logs time no epoch (a time to train "
                               "shared out over the epochs run) give%s the mean epoch time, "
                               "which that time fixes, not a median.", a->shared,
                 a->shared == 1 ? "" : "s", a->shared == 1 ? "s" : "");
        br_para(c, 9, 0, s);
    }
    if (a->grouped) {
        snprintf(s, sizeof(s), "%zu workload%s whose rounded durations tie at their median "
                               "give%s the grouped median, interpolated within the median's "
                               "class (a tie's printed value is no better a median than any "
                               "point of it).", a->grouped, a->grouped == 1 ? "" : "s",
                 a->grouped == 1 ? "s" : "");
        br_para(c, 9, 0, s);
    }
    if (a->res > 0) {
        snprintf(s, sizeof(s), "Durations the logs print rounded (to %g s at most: Keras' whole "
                               "seconds, tqdm's mm:ss, times to the second) widen the epoch-time "
                               "interval by half their rounding, and the energy interval by the "
                               "same share of the epoch.", a->res);
        br_para(c, 9, 0, s);
    }
    br_para(c, 9, 0, "Alignment: exact when the log gives each epoch's start and end on the "
                     "trace's clock (checked against the trace's power); anchored by --start; "
                     "estimated when the log's clock differs from the trace's, by the offset "
                     "that best explains the trace's power; inferred, for logs without times, "
                     "from the active spans that change points find in the trace, matched by "
                     "the logs' file times or by length, and refused when two matches fit as "
                     "well; whole when the trace is the run's own and nothing links them in "
                     "time. A run with no trace it can honestly use has no power.");
    snprintf(s, sizeof(s), "Energy per epoch: trapezoid rule over the samples in the epoch, "
                           "power at its edges interpolated; powermetrics samples over their "
                           "own windows. Whole mode: the mean of samples at or above the %g "
                           "quantile, times the epoch time (the seeds' method).", o->quantile);
    br_para(c, 9, 0, s);
    snprintf(s, sizeof(s), "Ratios: speedup T(base)/T(device), energy ratio E(base)/E(device), "
                           "efficiency (E x T)(base)/(E x T)(device); intervals: %s. Numbers "
                           "are rounded to two significant digits of their interval's "
                           "half-width (four significant digits without an interval).",
             a->interval_method ? a->interval_method : "-");
    br_para(c, 9, 0, s);
    br_para(c, 9, 0, "Sensors: nvidia-smi's power.draw is a one-second average on Ampere and "
                     "newer GPUs (except the A100), each reading taken as the power at the "
                     "middle of its second; epochs shorter than that, or than three samples, "
                     "are flagged as uncertain. powermetrics reports each sample over its own "
                     "window.");
    c->y += 6;
    for (size_t i = 0; i < a->nruns; i++) {
        const struct br_run_result *rr = &a->runs[i];
        if (rr->run->status == BR_RUN_OK)
            continue;
        if (!dnf++)
            br_para(c, 10, 1, "Runs that did not finish");
        snprintf(s, sizeof(s), "%s %s/%s: %s (%s, line %u)", rr->run->device.value ?
                 rr->run->device.value : "?", rr->run->model.value ? rr->run->model.value : "?",
                 rr->run->batch.value ? rr->run->batch.value : "?",
                 rr->run->reason ? rr->run->reason : "did not finish", rr->src->path,
                 rr->run->reason_line);
        need_room(c, 12, "Method (continued)");
        br_para(c, 9, 0, s);
    }
    if (a->warnings.nr) {
        c->y += 4;
        br_para(c, 10, 1, "Warnings");
        for (size_t i = 0; i < a->warnings.nr; i++) {
            need_room(c, 12, "Method (continued)");
            br_para(c, 8, 0, a->warnings.v[i].msg);
        }
    }
}

/* The figures: every chart with something to draw, `per page` panels a page. */
static void pages_charts(struct br_canvas *c, const struct br_analysis *a, int log_scale)
{
    for (size_t i = 0; i < br_ncharts; i++) {
        const struct br_chart *ch = &br_charts[i];
        char why[256], title[256];
        size_t n = br_chart_panels(ch, a, why, sizeof(why)), per = (size_t)ch->panels_per_page;
        for (size_t first = 0; first < n; first += per) {
            struct br_box box;
            snprintf(title, sizeof(title), "%s%s", ch->title, first ? " (continued)" : "");
            br_canvas_page(c, title);
            box.x0 = MARGIN;
            box.x1 = c->w - MARGIN;
            box.y0 = c->y;
            box.y1 = c->h - MARGIN - 8;
            if (ch->figure == BR_FIG_METRICS) {
                char tta[4096] = "";
                size_t lines = br_time_to_accuracy(a, tta, sizeof(tta));
                box.y1 -= lines ? 16 + 11.0 * (double)lines : 0;
                c->y = br_chart_draw(c, ch, a, box, first, per, log_scale) + 4;
                if (lines && first + per >= n) {
                    char *line = tta, *nl;
                    br_para(c, 8, 1, "Time to accuracy: from each run's start to the first "
                                     "epoch that reached it; the fastest batch size per device");
                    while ((nl = strchr(line, '\n'))) {
                        *nl = '\0';
                        br_para(c, 7.5, 0, line);
                        line = nl + 1;
                    }
                }
            } else {
                c->y = br_chart_draw(c, ch, a, box, first, per, log_scale);
            }
        }
    }
}

/* What the report leaves out and why: "power over time (no ...); ..." */
static void left_out(const struct br_analysis *a, char *out, size_t size)
{
    size_t used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < br_ncharts && used < size; i++) {
        char why[256];
        if (br_chart_panels(&br_charts[i], a, why, sizeof(why)))
            continue;
        used += (size_t)snprintf(out + used, size - used, "%s%s (%s)", used ? "; " : "",
                                 br_charts[i].title, why);
    }
}

static void page_size(const struct br_report_opts *ro, double *w, double *h)
{
    *w = ro->letter ? 792 : 841.89;
    *h = ro->letter ? 612 : 595.28;
}

int br_render_pdf(const char *path, const struct br_analysis *a, const struct br_analysis_opts *o,
                  const struct br_report_opts *ro)
{
    double w, h;
    cairo_surface_t *s;
    struct br_canvas c;
    char why[2048];
    int ret;

    page_size(ro, &w, &h);
    s = cairo_pdf_surface_create(path, w, h);
    memset(&c, 0, sizeof(c));
    c.cr = cairo_create(s);
    c.w = w;
    c.h = h;
    c.margin = MARGIN;
    c.log = ro->layout;
    c.paged = 1;
    c.footer = a->baseline ? NULL : NULL;
    left_out(a, why, sizeof(why));
    page_first(&c, a, ro, why);
    page_table(&c, a);
    page_ranges(&c, a);
    pages_charts(&c, a, ro->log_scale);
    page_appendix(&c, a);
    page_method(&c, a, o);
    cairo_show_page(c.cr);
    cairo_destroy(c.cr);
    cairo_surface_finish(s);
    ret = cairo_surface_status(s) == CAIRO_STATUS_SUCCESS ? 0 : -1;
    cairo_surface_destroy(s);
    return ret;
}

static int ends_with(const char *s, const char *e)
{
    size_t n = strlen(s), m = strlen(e);
    return n >= m && !strcmp(s + n - m, e);
}

int br_render_chart(const char *path, const char *kind, const struct br_analysis *a,
                    const struct br_report_opts *ro)
{
    const struct br_chart *ch = br_chart_find(kind);
    int png = ends_with(path, ".png"), pdf = ends_with(path, ".pdf");
    double scale = png ? ro->dpi / 96.0 : 1;
    cairo_surface_t *s;
    struct br_canvas c;
    struct br_box box;
    char why[256];
    size_t n;
    int ret = 0;

    if (!ch)
        return -1;
    n = br_chart_panels(ch, a, why, sizeof(why));
    if (png)
        s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)lround(ro->width * scale),
                                       (int)lround(ro->height * scale));
    else if (pdf)
        s = cairo_pdf_surface_create(path, ro->width, ro->height);
    else
        s = cairo_svg_surface_create(path, ro->width, ro->height);
    memset(&c, 0, sizeof(c));
    c.cr = cairo_create(s);
    c.w = ro->width;
    c.h = ro->height;
    c.margin = 24;
    c.log = ro->layout;
    if (png) {
        cairo_scale(c.cr, scale, scale);
        cairo_set_source_rgb(c.cr, 1, 1, 1);
        cairo_paint(c.cr);
    }
    br_canvas_page(&c, ch->title);
    if (!n) {
        char line[300];
        snprintf(line, sizeof(line), "Nothing to draw: %s.", why);
        br_para(&c, 10, 0, line);
    } else {
        box.x0 = c.margin;
        box.x1 = c.w - c.margin;
        box.y0 = c.y;
        box.y1 = c.h - c.margin;
        br_chart_draw(&c, ch, a, box, 0, n, ro->log_scale);
    }
    if (pdf)
        cairo_show_page(c.cr);
    cairo_destroy(c.cr);
    if (png)
        ret = cairo_surface_write_to_png(s, path) == CAIRO_STATUS_SUCCESS ? 0 : -1;
    cairo_surface_finish(s);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS)
        ret = -1;
    cairo_surface_destroy(s);
    return ret;
}
