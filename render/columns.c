/*
 * columns.c: the summary table's columns as one table of descriptors
 * (columns.h), in DESIGN.md's order first, then the ratios' intervals, then
 * the seeds' energy figure, the DNF reason, the energy's source, the log's
 * own energy counter, the hardware string, the session, the time to
 * train the logs report (MLPerf, train_runtime) and the power domain of the
 * energy (gpu, combined, ...); and the rounding
 * that every writer shares.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/columns.h"
#include "render/json.h"
#include "model/banned.h"

static const char *c_device(const struct br_row *r) { return r->device; }
static const char *c_model(const struct br_row *r) { return r->model; }
static const char *c_batch(const struct br_row *r) { return r->batch; }
static const char *c_align(const struct br_row *r) { return br_align_name(r->align); }
static const char *c_status(const struct br_row *r) { return r->dnf ? "dnf" : "ok"; }
static const char *c_reason(const struct br_row *r) { return r->dnf ? r->reason : r->withheld; }
static const char *c_esrc(const struct br_row *r) { return br_energy_source_name(r->esrc); }
static const char *c_hardware(const struct br_row *r) { return r->hardware; }
static const char *c_session(const struct br_row *r) { return r->session; }
static const char *c_domain(const struct br_row *r) { return r->domain; }
static size_t c_runs(const struct br_row *r) { return r->runs; }
static size_t c_epochs(const struct br_row *r) { return r->epochs_used; }

static struct br_stat plain(double v)
{
    struct br_stat s = { 1, v, NAN, NAN, NULL };
    return s;
}

static struct br_stat c_epoch(const struct br_row *r) { return r->epoch_s; }
/* throughput, rounded as finely as its epoch time's interval allows */
static struct br_stat c_tput(const struct br_row *r)
{
    struct br_stat s = plain(r->throughput_sps);
    const struct br_stat *t = &r->epoch_s;

    if (t->lo > 0 && t->hi > t->lo && t->center > 0) {
        s.lo = r->throughput_sps * t->center / t->hi;
        s.hi = r->throughput_sps * t->center / t->lo;
    }
    return s;
}
static struct br_stat c_power(const struct br_row *r) { return r->power_w; }
static struct br_stat c_energy(const struct br_row *r) { return r->energy_j; }
static struct br_stat c_speedup(const struct br_row *r) { return r->speedup; }
static struct br_stat c_eratio(const struct br_row *r) { return r->energy_ratio; }
static struct br_stat c_effic(const struct br_row *r) { return r->efficiency_ratio; }
static struct br_stat c_seed(const struct br_row *r) { return plain(r->energy_seed_j); }
static struct br_stat c_logen(const struct br_row *r) { return r->log_energy_j; }
static struct br_stat c_runtime(const struct br_row *r) { return plain(r->runtime_s); }

#define TEXT(n, h, f) { .name = n, .head = h, .kind = BR_COL_TEXT, .text = f }
#define COUNT(n, h, f) { .name = n, .head = h, .kind = BR_COL_COUNT, .count = f }
#define NUM(n, h, f, p, iv) \
    { .name = n, .head = h, .kind = BR_COL_NUM, .stat = f, .part = p, .with_interval = iv, \
      .ok_only = 1 }

const struct br_column br_columns[] = {
    TEXT("device", "device", c_device),
    TEXT("model", "model", c_model),
    TEXT("batch", "batch", c_batch),
    COUNT("runs", "runs", c_runs),
    COUNT("epochs_used", "epochs", c_epochs),
    NUM("epoch_s", "epoch s [95% interval]", c_epoch, 0, 1),
    NUM("epoch_s_lo", NULL, c_epoch, -1, 0),
    NUM("epoch_s_hi", NULL, c_epoch, 1, 0),
    NUM("throughput_sps", NULL, c_tput, 0, 0),
    NUM("power_w", "power W", c_power, 0, 0),
    NUM("energy_j", "J/epoch", c_energy, 0, 0),
    NUM("speedup", "speedup", c_speedup, 0, 0),
    NUM("energy_ratio", "energy", c_eratio, 0, 0),
    NUM("efficiency_ratio", "effic.", c_effic, 0, 0),
    TEXT("alignment", "alignment", c_align),
    TEXT("status", NULL, c_status),
    NUM("speedup_lo", NULL, c_speedup, -1, 0),
    NUM("speedup_hi", NULL, c_speedup, 1, 0),
    NUM("energy_ratio_lo", NULL, c_eratio, -1, 0),
    NUM("energy_ratio_hi", NULL, c_eratio, 1, 0),
    NUM("efficiency_ratio_lo", NULL, c_effic, -1, 0),
    NUM("efficiency_ratio_hi", NULL, c_effic, 1, 0),
    NUM("energy_seed_j", NULL, c_seed, 0, 0),
    TEXT("reason", NULL, c_reason),
    TEXT("energy_source", NULL, c_esrc),
    { .name = "log_energy_j", .kind = BR_COL_NUM, .stat = c_logen },
    TEXT("hardware", NULL, c_hardware),
    TEXT("session", NULL, c_session),
    { .name = "runtime_s", .head = "time to train s", .kind = BR_COL_NUM, .stat = c_runtime,
      .ok_only = 1, .optional = 1 },
    TEXT("power_domain", NULL, c_domain),
};
const size_t br_ncolumns = sizeof(br_columns) / sizeof(br_columns[0]);

int br_num_places(double v, double h)
{
    int dec = 1 - (int)floor(log10(h));   /* two significant digits of the half-width */
    if (v != 0 && isfinite(v))
        dec = dec > 1 - (int)floor(log10(fabs(v))) ? dec : 1 - (int)floor(log10(fabs(v)));
    return dec > 12 ? 12 : dec < -12 ? -12 : dec;
}

void br_num_round(char *out, size_t size, double v, double lo, double hi, int full)
{
    int dec;

    if (!isfinite(v)) {
        snprintf(out, size, "%s", "");
        return;
    }
    if (full || v == 0) {
        br_fmt_double(out, size, v);
        return;
    }
    /* an interval narrower than a billionth of v is no interval but rounding (two epochs of
     * one power: a half-width of 1e-13 W gave 199.280000000000) */
    if (!(isfinite(lo) && isfinite(hi) && hi - lo > 1e-9 * fabs(v))) {
        /* four significant digits, the shortest form of that */
        char tmp[40];
        snprintf(tmp, sizeof(tmp), "%.3e", v);
        br_fmt_double(out, size, strtod(tmp, NULL));
        return;
    }
    dec = br_num_places(v, (hi - lo) / 2);
    if (dec >= 0) {
        snprintf(out, size, "%.*f", dec, v);
    } else {
        double q = pow(10, -dec);
        snprintf(out, size, "%.0f", round(v / q) * q);
    }
    if (!strcmp(out, "-0"))
        snprintf(out, size, "0");
}

int br_column_cell(const struct br_column *c, const struct br_row *r, int full, char *out,
                   size_t size)
{
    const char *s;
    struct br_stat st;
    double v;

    out[0] = '\0';
    switch (c->kind) {
    case BR_COL_TEXT:
        if (!(s = c->text(r)))
            return 0;
        snprintf(out, size, "%s", s);
        return 1;
    case BR_COL_COUNT:
        snprintf(out, size, "%zu", c->count(r));
        return 1;
    case BR_COL_NUM:
        if (c->ok_only && r->dnf)
            return 0;
        st = c->stat(r);
        v = c->part < 0 ? st.lo : c->part > 0 ? st.hi : st.center;
        if (!isfinite(v))
            return 0;
        if (c->part) {
            /* a bound: rounded to its value's decimal places */
            char tmp[64];
            int dec;
            if (full || !isfinite(st.center) || !(st.hi > st.lo)) {
                br_num_round(out, size, v, NAN, NAN, full);
                return 1;
            }
            dec = br_num_places(st.center, (st.hi - st.lo) / 2);
            if (dec >= 0)
                snprintf(tmp, sizeof(tmp), "%.*f", dec, v);
            else
                snprintf(tmp, sizeof(tmp), "%.0f", round(v / pow(10, -dec)) * pow(10, -dec));
            snprintf(out, size, "%s", tmp);
            return 1;
        }
        br_num_round(out, size, v, st.lo, st.hi, full);
        return 1;
    }
    return 0;
}

void br_column_shown(const struct br_column *c, const struct br_row *r, char *out, size_t size)
{
    if (!br_column_cell(c, r, 0, out, size)) {
        snprintf(out, size, "%s", c->kind == BR_COL_NUM ? "-" : "");
        return;
    }
    if (c->kind == BR_COL_NUM && c->with_interval) {
        struct br_stat st = c->stat(r);
        struct br_column lo = *c, hi = *c;
        char l[48], h[48], v[48];
        lo.part = -1;
        hi.part = 1;
        if (br_column_cell(&lo, r, 0, l, sizeof(l)) && br_column_cell(&hi, r, 0, h, sizeof(h)) &&
            st.hi > st.lo) {
            snprintf(v, sizeof(v), "%s", out);
            snprintf(out, size, "%s [%s, %s]", v, l, h);
        }
    }
}

static struct br_stat c_any(const struct br_row *r) { return r->epoch_s; }

void br_stat_shown(const struct br_stat *s, char *out, size_t size)
{
    struct br_row r = { 0 };
    struct br_column c = { .kind = BR_COL_NUM, .stat = c_any, .with_interval = 1 };

    r.epoch_s = *s;
    br_column_shown(&c, &r, out, size);
}

const char *br_warmup_words(unsigned skip)
{
    static const char *const words[] = {
        "no epoch is left out as warm-up",
        "the first epoch of each run is warm-up and left out",
        "the first 2 epochs of each run are warm-up and left out",
        "the first 3 epochs of each run are warm-up and left out",
    };
    return skip < 4 ? words[skip] : "the first epochs of each run (--skip-epochs) are warm-up "
                                    "and left out";
}

/* Whether row `row` is one of range r's: its session, device and model. */
static int in_range(const struct br_row *row, const struct br_range *r)
{
    return (row->session == r->session ||
            (row->session && r->session && !strcmp(row->session, r->session))) &&
           !strcmp(row->device, r->device) && !strcmp(row->model, r->model);
}

void br_range_cell(const struct br_analysis *a, const struct br_range *r, int which, int k,
                   int full, char *out, size_t size)
{
    const double *v = which == 0 ? r->speedup : which == 1 ? r->energy_ratio
                                                           : r->efficiency_ratio;
    if (k == 1 && br_range_count(a, r, which) == 1)
        k = 0;   /* one batch size: the mean is that row's figure */
    if (k != 1 && isfinite(v[k])) {
        for (size_t i = 0; i < a->nrows; i++) {
            const struct br_row *row = &a->rows[i];
            const struct br_stat *st = which == 0 ? &row->speedup : which == 1
                                                     ? &row->energy_ratio : &row->efficiency_ratio;
            if (!row->dnf && st->center == v[k] && in_range(row, r)) {
                br_num_round(out, size, v[k], st->lo, st->hi, full);
                return;
            }
        }
    }
    br_num_round(out, size, v[k], NAN, NAN, full);
}

size_t br_range_count(const struct br_analysis *a, const struct br_range *r, int which)
{
    size_t n = 0;
    for (size_t i = 0; i < a->nrows; i++) {
        const struct br_row *row = &a->rows[i];
        const struct br_stat *st = which == 0 ? &row->speedup : which == 1
                                                 ? &row->energy_ratio : &row->efficiency_ratio;
        n += !row->dnf && isfinite(st->center) && in_range(row, r);
    }
    return n;
}

int br_column_shown_in(const struct br_column *c, const struct br_analysis *a)
{
    char cell[64];
    if (!c->head)
        return 0;
    if (!c->optional)
        return 1;
    for (size_t i = 0; i < a->nrows; i++)
        if (br_column_cell(c, &a->rows[i], 0, cell, sizeof(cell)))
            return 1;
    return 0;
}
