/*
 * test_analysis.c: the analysis passes on inputs written here, with answers
 * worked out by hand (each test says how): energy integrals of ramps, square
 * waves and powermetrics windows; the statistics; a two-device experiment
 * with flat power, where every figure is P x T arithmetic; one experiment per
 * alignment mode; the seeds' published figures from summary inputs.
 */
#include <sys/stat.h>
#include <time.h>

#include "tests/helpers.h"

#include "analysis/analysis.h"
#include "analysis/energy.h"
#include "analysis/filter.h"
#include "analysis/label.h"
#include "analysis/stats.h"

/* A trace with samples at t[i] and power p[i]; windows when w is not NULL. */
static void make_trace(struct br_trace *tr, const double *t, const double *p, const double *w,
                       size_t n)
{
    br_trace_init(tr);
    br_trace_add_channel(tr, "power", "W");
    if (w)
        br_trace_enable_window(tr);
    for (size_t i = 0; i < n; i++) {
        size_t k = br_trace_append(tr, t[i]);
        tr->ch[0].v[k] = p[i];
        if (w)
            tr->window[k] = w[i];
    }
}

static void energy_exact(void **state)
{
    struct br_trace tr;
    double t[11], p[11];
    (void)state;
    /* a ramp p = 10 t: the integral over [2.5, 7.5] is 5 (7.5^2 - 2.5^2) = 250 */
    for (int i = 0; i <= 10; i++) {
        t[i] = 1e9 + i;
        p[i] = 10.0 * i;
    }
    make_trace(&tr, t, p, NULL, 11);
    assert_close(br_energy_over(&tr, tr.ch[0].v, 1e9 + 2.5, 1e9 + 7.5).joules, 250, 1e-9);
    assert_true(isnan(br_energy_over(&tr, tr.ch[0].v, 1e9 - 1, 1e9 + 2).joules)); /* not covered */
    br_trace_release(&tr);

    /* a square wave sampled each second: 100 W up to t = 4, 300 W from t = 5.
     * [0, 10]: 4 x 100 + (100 + 300) / 2 + 5 x 300 = 2100;
     * [4.5, 5.5]: p(4.5) = 200, so (200 + 300) / 2 x 0.5 + 300 x 0.5 = 275 */
    for (int i = 0; i <= 10; i++) {
        t[i] = i;
        p[i] = i <= 4 ? 100 : 300;
    }
    make_trace(&tr, t, p, NULL, 11);
    assert_close(br_energy_over(&tr, tr.ch[0].v, 0, 10).joules, 2100, 1e-9);
    assert_close(br_energy_over(&tr, tr.ch[0].v, 4.5, 5.5).joules, 275, 1e-9);
    assert_close(br_energy_over(&tr, tr.ch[0].v, 4.5, 5.5).peak_w, 300, 0);
    br_trace_release(&tr);
}

static void energy_averaged(void **state)
{
    /* power steps from 100 W to 300 W at t = 10; the sensor reports the mean of
     * the 1 s before each reading (nvidia-smi's power.draw on an H100), read
     * every 0.25 s: 100 up to 10, a ramp to 300 at 11, 300 after. [8, 14]
     * drew 2 x 100 + 4 x 300 = 1400 J. Each reading stands for its window's
     * middle, so the readings are integrated over [8.5, 14.5]: 1.5 x 100 +
     * 1 x 200 + 3.5 x 300 = 1400 J (read as instantaneous: 1300 J). */
    double t[81], p[81];
    struct br_trace tr;
    struct br_energy e;
    (void)state;
    for (int i = 0; i <= 80; i++) {
        t[i] = 1e9 + i * 0.25;
        p[i] = i * 0.25 <= 10 ? 100 : i * 0.25 >= 11 ? 300 : 100 + 200 * (i * 0.25 - 10);
    }
    make_trace(&tr, t, p, NULL, 81);
    assert_close(br_energy_over(&tr, tr.ch[0].v, 1e9 + 8, 1e9 + 14).joules, 1300, 1e-6);
    tr.power_window = 1;
    assert_close(br_energy_over(&tr, tr.ch[0].v, 1e9 + 8, 1e9 + 14).joules, 1400, 1e-6);
    /* the last reading (t = 20) covers [19, 20]: [18, 19.8] is the readings over
     * [18.5, 20] (1.5 s at 300 W) and 0.3 s of the last one's 300 W past it: 540 J;
     * [19.6, 19.9] lies past the last reading's middle: its 300 W x 0.3 s, one
     * sample; an epoch ending past the last reading's time is not covered */
    e = br_energy_over(&tr, tr.ch[0].v, 1e9 + 18, 1e9 + 19.8);
    assert_close(e.joules, 540, 1e-6);
    e = br_energy_over(&tr, tr.ch[0].v, 1e9 + 19.6, 1e9 + 19.9);
    assert_close(e.joules, 90, 1e-6);
    assert_int_equal(e.samples, 1);
    assert_true(isnan(br_energy_over(&tr, tr.ch[0].v, 1e9 + 18, 1e9 + 20.2).joules));
    br_trace_release(&tr);
}

static void energy_windows(void **state)
{
    /* powermetrics: windows of 0.4, 0.3 and 0.3 s ending at 0.4, 0.7 and 1.0 s
     * at 1, 2 and 3 W. [0, 1]: 0.4 + 0.6 + 0.9 = 1.9 J;
     * [0.2, 0.85]: 1 x 0.2 + 2 x 0.3 + 3 x 0.15 = 1.25 J */
    static const double t[] = { 0.4, 0.7, 1.0 }, p[] = { 1, 2, 3 }, w[] = { 0.4, 0.3, 0.3 };
    /* a gap: windows 0.4 ending at 0.4 and 0.3 ending at 0.8 leave 0.4..0.5
     * uncovered; [0, 0.8] covers 0.7 s with 1 x 0.4 + 2 x 0.3 = 1.0 J, filled
     * at that mean power: 1.0 / 0.7 x 0.8 */
    static const double t2[] = { 0.4, 0.8 }, w2[] = { 0.4, 0.3 };
    struct br_trace tr;
    struct br_energy e;
    (void)state;
    make_trace(&tr, t, p, w, 3);
    assert_close(br_energy_over(&tr, tr.ch[0].v, 0, 1).joules, 1.9, 1e-9);
    assert_close(br_energy_over(&tr, tr.ch[0].v, 0.2, 0.85).joules, 1.25, 1e-9);
    br_trace_release(&tr);
    make_trace(&tr, t2, p, w2, 2);
    e = br_energy_over(&tr, tr.ch[0].v, 0, 0.8);
    assert_close(e.covered, 0.7 / 0.8, 1e-12);
    assert_close(e.joules, 1.0 / 0.7 * 0.8, 1e-9);
    br_trace_release(&tr);
}

static void quantiles(void **state)
{
    double v[1001], s[1001];
    unsigned seed = 99;
    (void)state;
    /* numpy's linear rule: h = (n - 1) q; 10..100 at 0.3: h = 2.7, 30 + 0.7 x 10 = 37 */
    for (int i = 0; i < 10; i++)
        v[i] = 10.0 * (i + 1);
    assert_close(br_quantile(v, 10, 0.3), 37, 1e-12);
    /* against a full sort */
    for (int trial = 0; trial < 50; trial++) {
        size_t n = 1 + (size_t)trial * 20;
        for (size_t i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            v[i] = s[i] = (double)(seed % 97);   /* many ties */
        }
        for (size_t i = 1; i < n; i++)          /* insertion sort: the reference */
            for (size_t j = i; j > 0 && s[j - 1] > s[j]; j--) {
                double x = s[j];
                s[j] = s[j - 1];
                s[j - 1] = x;
            }
        for (double q = 0; q <= 1.0001; q += 0.1) {
            double h = (double)(n - 1) * fmin(q, 1), want;
            size_t lo = (size_t)floor(h);
            want = lo + 1 < n ? s[lo] + (h - (double)lo) * (s[lo + 1] - s[lo]) : s[lo];
            memcpy(v, s, n * sizeof(double));
            v[0] = s[n - 1];
            v[n - 1] = s[0];                     /* not sorted any more */
            assert_close(br_quantile(v, n, fmin(q, 1)), want, 1e-12);
        }
    }
}

static void statistics(void **state)
{
    double a[] = { 7, 1, 4, 2, 6, 3, 5 }, b[10], c[] = { 1, 2, 3 };
    struct br_stat s, x, y, r;
    (void)state;
    /* n = 7: P(B <= 0) = 1/128 <= 0.025 < P(B <= 1) = 8/128, so k = 1: [x1, x7] */
    s = br_stat_of(a, 7);
    assert_close(s.center, 4, 0);
    assert_close(s.lo, 1, 0);
    assert_close(s.hi, 7, 0);
    /* n = 10: P(B <= 1) = 11/1024 <= 0.025 < P(B <= 2) = 56/1024, k = 2: [x2, x9] */
    for (int i = 0; i < 10; i++)
        b[i] = 10 - i;
    s = br_stat_of(b, 10);
    assert_close(s.center, 5.5, 0);
    assert_close(s.lo, 2, 0);
    assert_close(s.hi, 9, 0);
    /* n = 3: mean 2, sd 1; with 2 degrees of freedom Student's quantile has
     * the closed form t = (2p - 1) / sqrt(2p(1 - p)), at p = 0.975 */
    s = br_stat_of(c, 3);
    assert_close(s.center, 2, 0);
    assert_close(s.hi, 2 + 0.95 / sqrt(2 * 0.975 * 0.025) / sqrt(3), 1e-12);
    assert_string_equal(s.method, "mean, t interval (fewer than 6 values)");
    /* n = 2: {1, 3}, mean 2, sd sqrt(2), t(1 df) = tan(0.475 pi) = 12.706: the interval
     * 2 +- 12.706 reaches below 0, which no time, energy or power does: cut at 0. With a
     * negative value it stands as it is */
    {
        double two[] = { 3, 1 }, neg[] = { 3, -1 };
        s = br_stat_of(two, 2);
        assert_close(s.lo, 0, 0);
        assert_close(s.hi, 2 + tan(0.475 * M_PI), 1e-9);
        s = br_stat_of(neg, 2);
        assert_close(s.lo, 1 - 2 * tan(0.475 * M_PI), 1e-9);
    }
    /* durations to the second that tie at the median (MMDetection's stamps: 30 of 2 s, 18
     * of 3 s, one of 4 s): x = v[24] = 2, none below it, 30 ties, w = 1: 1.5 + 24.5 / 30,
     * as Python's statistics.median_grouped gives (2.3166...); the interval stays */
    {
        double v[49];
        for (int i = 0; i < 49; i++)
            v[i] = i < 30 ? 2 : i < 48 ? 3 : 4;
        s = br_stat_of(v, 49);
        assert_close(s.center, 2, 0);
        br_stat_grouped(&s, v, s.n, 2);
        assert_close(s.center, 1.5 + 24.5 / 30, 1e-12);
        assert_close(s.lo, 2, 0);
        assert_close(s.hi, 3, 0);
        assert_non_null(strstr(s.method, "grouped median"));
        /* no resolution, or no tie at the median (7 distinct values): as it was */
        s = br_stat_of(v, 49);
        br_stat_grouped(&s, v, s.n, 0);
        assert_close(s.center, 2, 0);
        s = br_stat_of(a, 7);
        br_stat_grouped(&s, a, s.n, 1);
        assert_close(s.center, 4, 0);
        assert_string_equal(s.method, "median, order-statistic interval");
    }
    /* ratio: 10 [9, 11.11] over 5 [4.5, 5.556]: 2, log errors add in quadrature */
    x = (struct br_stat){ 6, 10, 9, 10 / 0.9, NULL };
    y = (struct br_stat){ 6, 5, 4.5, 5 / 0.9, NULL };
    r = br_stat_ratio(&x, &y);
    assert_close(r.center, 2, 1e-15);
    /* each log-interval is 2 log(1/0.9) wide: se = log(1/0.9)/z each, sqrt(2) x that
     * together, so lo = 2 exp(-sqrt(2) log(1/0.9)) */
    assert_close(r.lo, 2 * exp(-sqrt(2) * log(1 / 0.9)), 1e-12);
}

/* ---- experiments written to a temporary directory ---- */

static char dir[64];

static void put(const char *name, const char *text)
{
    char path[128];
    FILE *f;
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void new_dir(void)
{
    snprintf(dir, sizeof(dir), "/tmp/br-analysis-XXXXXX");
    assert_non_null(mkdtemp(dir));
}

static void remove_dir(void)
{
    char cmd[96];
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

struct experiment {
    struct br_source *src[16];
    size_t n;
};

static void load(struct experiment *x, const char *name)
{
    char path[128];
    struct br_source *s = malloc(sizeof(*s));
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    br_source_init(s, path);
    assert_int_equal(br_source_load(s, NULL, NULL, NULL), 0);
    br_label_source(s, NULL, NULL);
    x->src[x->n++] = s;
}

static void unload(struct experiment *x)
{
    for (size_t i = 0; i < x->n; i++) {
        br_source_release(x->src[i]);
        free(x->src[i]);
    }
}

/* A benchtrain log: `n` epochs of `d` seconds from `t0` (Unix seconds). */
static void benchtrain_log(const char *name, const char *dev, int n, double d, double t0)
{
    char text[4096], a[BR_TIME_FMT_LEN], b[BR_TIME_FMT_LEN];
    size_t len = (size_t)snprintf(text, sizeof(text),
                                  "# benchtrain 0.1.0 backend=ref device=\"%s\" model=mlp "
                                  "params=1 batch=32 dataset=x train=3200 val=0 test=0 start=x\n",
                                  dev);
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(text + len, sizeof(text) - len,
                                "epoch %d/%d start=%s end=%s duration=%g steps=100 loss=1\n",
                                i + 1, n, br_time_format(t0 + i * d, 1, a),
                                br_time_format(t0 + (i + 1) * d, 1, b), d);
    put(name, text);
}

/* A power log, UTC times, 0.5 s apart, power(t) given, in a column so named. */
static void trace_column(const char *name, const char *column, double from, double to,
                         double (*power)(double))
{
    static char text[1 << 16];
    size_t len = (size_t)snprintf(text, sizeof(text), "timestamp,%s\n", column);
    char a[BR_TIME_FMT_LEN];
    for (double t = from; t <= to + 1e-9; t += 0.5)
        len += (size_t)snprintf(text + len, sizeof(text) - len, "%s,%g\n",
                                br_time_format(t, 1, a), power(t));
    put(name, text);
}

/* The same with a power_W column (read as nvidia-smi's: the gpu domain). */
static void trace_csv(const char *name, double from, double to, double (*power)(double))
{
    trace_column(name, "power_W", from, to, power);
}

static double flat100(double t)
{
    (void)t;
    return 100;
}

static double flat300(double t)
{
    (void)t;
    return 300;
}

static const struct br_row *row_of(const struct br_analysis *a, const char *device,
                                   const char *batch)
{
    for (size_t i = 0; i < a->nrows; i++)
        if (!strcmp(a->rows[i].device, device) && !strcmp(a->rows[i].batch, batch))
            return &a->rows[i];
    fail_msg("no row %s/%s", device, batch);
    return NULL;
}

#define T0 1767225600.0 /* 2026-01-01T00:00:00Z */

static void two_devices_flat(void **state)
{
    struct experiment x = { 0 };
    struct br_analysis a;
    struct br_analysis_opts o;
    const struct br_row *alpha, *beta;
    (void)state;
    /* alpha: 7 epochs of 10 s at 100 W; beta: 7 epochs of 5 s at 300 W.
     * One warm-up epoch left out, 6 used. Energy per epoch: 100 x 10 = 1000 J
     * and 300 x 5 = 1500 J; speedup 10 / 5 = 2; energy ratio 1000 / 1500;
     * efficiency (1000 x 10) / (1500 x 5) = 4/3; throughput 100 x 32 / 10. */
    new_dir();
    benchtrain_log("alpha_mlp_train_32.log", "alpha", 7, 10, T0 + 10);
    trace_csv("alpha_mlp_power_32.csv", T0, T0 + 90, flat100);
    benchtrain_log("beta_mlp_train_32.log", "beta", 7, 5, T0 + 10);
    trace_csv("beta_mlp_power_32.csv", T0, T0 + 50, flat300);
    load(&x, "alpha_mlp_power_32.csv");
    load(&x, "alpha_mlp_train_32.log");
    load(&x, "beta_mlp_power_32.csv");
    load(&x, "beta_mlp_train_32.log");
    br_analysis_opts_init(&o);
    o.baseline = "alpha";
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    assert_int_equal(a.nrows, 2);
    alpha = row_of(&a, "alpha", "32");
    beta = row_of(&a, "beta", "32");
    assert_int_equal(alpha->epochs_used, 6);
    assert_int_equal(alpha->align, BR_ALIGN_EXACT);
    assert_close(alpha->epoch_s.center, 10, 1e-9);
    assert_close(alpha->epoch_s.lo, 10, 1e-9);
    assert_close(alpha->power_w.center, 100, 1e-9);
    assert_close(alpha->energy_j.center, 1000, 1e-9);
    assert_close(alpha->energy_seed_j, 1000, 1e-9);
    assert_close(alpha->throughput_sps, 320, 1e-9);
    assert_close(alpha->speedup.center, 1, 0);
    assert_close(beta->epoch_s.center, 5, 1e-9);
    assert_close(beta->energy_j.center, 1500, 1e-9);
    assert_close(beta->speedup.center, 2, 1e-9);
    assert_close(beta->speedup.lo, 2, 1e-9);   /* flat: the intervals have no width */
    assert_close(beta->energy_ratio.center, 1000.0 / 1500, 1e-9);
    assert_close(beta->efficiency_ratio.center, 4.0 / 3, 1e-9);
    assert_int_equal(a.ngeo, 2);
    assert_close(a.geo[1].speedup.center, 2, 1e-9);
    /* samples strictly inside the 6 used 10 s epochs, 0.5 s apart: 19 each */
    assert_int_equal(a.runs[0].samples_used, 6 * 19);
    br_analysis_release(&a);
    unload(&x);
    remove_dir();
}

/* gamma: 200 W over [10, 22], 400 W over [40, 46], 50 W otherwise. */
static double gamma_power(double t)
{
    t -= T0;
    if (t >= 10 - 1e-9 && t <= 22 + 1e-9)
        return 200;
    if (t >= 40 - 1e-9 && t <= 46 + 1e-9)
        return 400;
    return 50;
}

static const char gamma_log32[] = "Epoch 1/3\n10/10 [==============================] - 4s 400ms/step - loss: 1.0\n"
                                  "Epoch 2/3\n10/10 [==============================] - 4s 400ms/step - loss: 0.9\n"
                                  "Epoch 3/3\n10/10 [==============================] - 4s 400ms/step - loss: 0.8\n";
static const char gamma_log64[] = "Epoch 1/3\n10/10 [==============================] - 2s 200ms/step - loss: 1.0\n"
                                  "Epoch 2/3\n10/10 [==============================] - 2s 200ms/step - loss: 0.9\n"
                                  "Epoch 3/3\n10/10 [==============================] - 2s 200ms/step - loss: 0.8\n";

static void inferred_with_gaps(void **state)
{
    struct experiment x = { 0 };
    struct br_analysis a;
    struct br_analysis_opts o;
    (void)state;
    /* Two runs, logs without times, one shared trace with idle between them.
     * idle 50 W; the active spans are [10, 22] and [40, 46], which the runs'
     * 12 s and 6 s of epochs fill exactly. Run 1's epochs end at 22, 18, 14:
     * each 4 s at 200 W = 800 J; run 2's at 46, 44, 42: 2 s at 400 W = 800 J. */
    new_dir();
    trace_csv("gpu.csv", T0, T0 + 60, gamma_power);
    put("gamma_mlp_32.log", gamma_log32);
    put("gamma_mlp_64.log", gamma_log64);
    load(&x, "gamma_mlp_32.log");
    load(&x, "gamma_mlp_64.log");
    load(&x, "gpu.csv");
    br_analysis_opts_init(&o);
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    assert_int_equal(a.runs[0].align, BR_ALIGN_INFERRED);
    assert_int_equal(a.runs[1].align, BR_ALIGN_INFERRED);
    assert_true(isnan(a.runs[0].trigger_w));   /* change points, no trigger */
    assert_close(a.runs[0].idle_w, 50, 1e-9);
    assert_time(a.runs[0].ep[2].end, 1, "2026-01-01T00:00:22.000Z");
    assert_time(a.runs[0].ep[1].start, 1, "2026-01-01T00:00:14.000Z");
    assert_time(a.runs[1].ep[2].end, 1, "2026-01-01T00:00:46.000Z");
    for (size_t k = 0; k < 3; k++) {
        assert_close(a.runs[0].ep[k].energy_j, 800, 1e-9);
        assert_close(a.runs[1].ep[k].energy_j, 800, 1e-9);
    }
    assert_close(row_of(&a, "gamma", "64")->power_w.center, 400, 1e-9);
    br_analysis_release(&a);
    unload(&x);
    remove_dir();
}

static void anchored(void **state)
{
    struct experiment x = { 0 };
    struct br_analysis a;
    struct br_analysis_opts o;
    struct br_anchor an = { "gamma_mlp_32.log", T0 + 5, 1 };
    (void)state;
    /* --start gamma_mlp_32.log=T0+5: epochs [5, 9], [9, 13], [13, 17] at a flat
     * 100 W: 400 J each */
    new_dir();
    trace_csv("gpu.csv", T0, T0 + 30, flat100);
    put("gamma_mlp_32.log", gamma_log32);
    load(&x, "gamma_mlp_32.log");
    load(&x, "gpu.csv");
    br_analysis_opts_init(&o);
    o.anchors = &an;
    o.nanchors = 1;
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    assert_int_equal(a.runs[0].align, BR_ALIGN_ANCHORED);
    assert_time(a.runs[0].ep[0].start, 1, "2026-01-01T00:00:05.000Z");
    assert_time(a.runs[0].ep[2].end, 1, "2026-01-01T00:00:17.000Z");
    assert_close(a.runs[0].ep[1].energy_j, 400, 1e-9);
    br_analysis_release(&a);
    unload(&x);
    remove_dir();
}

static double deciles(double t)
{
    /* 10, 20, ..., 100 W, one value per second, then again */
    return 10.0 * (1 + (long)floor(t - T0 + 1e-9) % 10);
}

/*
 * A framework's own numbered run folder (Lightning's version_3, Ultralytics' train5,
 * YOLOv5's exp2) names no device; a folder such as a100 does.
 */
static void numbered_run_dirs_name_no_device(void **state)
{
    static const char *const dirs[] = { "version_3", "train5", "exp2", "a100" };
    struct experiment x = { .n = 0 };
    char sub[160];
    (void)state;
    new_dir();
    for (size_t i = 0; i < 4; i++) {
        snprintf(sub, sizeof(sub), "%s/%s", dir, dirs[i]);
        assert_int_equal(mkdir(sub, 0755), 0);
        snprintf(sub, sizeof(sub), "%s/metrics.csv", dirs[i]);
        put(sub, "epoch,step,train_loss\n0,9,0.5\n1,19,0.4\n");
        load(&x, sub);
        assert_int_equal(x.src[i]->nruns, 1);
    }
    for (size_t i = 0; i < 3; i++)
        assert_null(x.src[i]->runs[0]->device.value);
    assert_string_equal(x.src[3]->runs[0]->device.value, "a100");
    unload(&x);
    remove_dir();
}

static void whole(void **state)
{
    struct experiment x = { 0 };
    struct br_analysis a;
    struct br_analysis_opts o;
    (void)state;
    /* the seeds' case: a trace for this run alone, no time link. Samples
     * 10..100 W in equal numbers; numpy's 0.3 quantile of them is 37 W
     * (h = 0.3 x (n - 1)), so 40..100 are kept: mean 70 W, x 4 s = 280 J. */
    new_dir();
    trace_csv("delta_mlp_gpu_power_32.csv", T0, T0 + 9.5, deciles);
    put("delta_mlp_train_32.log", gamma_log32);
    load(&x, "delta_mlp_gpu_power_32.csv");
    load(&x, "delta_mlp_train_32.log");
    br_analysis_opts_init(&o);
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    assert_int_equal(a.runs[0].align, BR_ALIGN_WHOLE);
    assert_close(a.runs[0].floor_w, 37, 1e-9);
    assert_close(a.runs[0].whole_power_w, 70, 1e-9);
    assert_int_equal(a.runs[0].samples_used, 14);
    assert_int_equal(a.runs[0].samples_removed, 6);
    assert_close(a.rows[0].energy_j.center, 280, 1e-9);
    /* Keras printed "4s": each epoch took 3.5 to 4.5 s, so 280 J is known to an
     * eighth either side; the two equal epochs alone would give no width */
    assert_close(a.rows[0].epoch_s.lo, 3.5, 1e-9);
    assert_close(a.rows[0].epoch_s.hi, 4.5, 1e-9);
    assert_close(a.rows[0].energy_j.lo, 245, 1e-9);
    assert_close(a.rows[0].energy_j.hi, 315, 1e-9);
    br_analysis_release(&a);
    unload(&x);
    remove_dir();
}

static void rounded_durations(void **state)
{
    struct experiment x = { 0 };
    struct br_analysis a;
    struct br_analysis_opts o;
    const struct br_row *beta;
    (void)state;
    /* alpha's epochs print "4s", beta's "2s": 4 / 2 is the speedup, but the
     * epochs took 3.5 to 4.5 and 1.5 to 2.5 s. Delta method in log space: each
     * half-width in log units over Z is a standard error, so the interval is
     * 2 exp(+-(1/2) sqrt(ln(4.5/3.5)^2 + ln(2.5/1.5)^2)) = [1.5047, 2.6586],
     * not the [2, 2] that the equal printed times alone would give. */
    new_dir();
    put("alpha_mlp_train_32.log", gamma_log32);
    put("beta_mlp_train_32.log", gamma_log64);
    load(&x, "alpha_mlp_train_32.log");
    load(&x, "beta_mlp_train_32.log");
    br_analysis_opts_init(&o);
    o.baseline = "alpha";
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    beta = row_of(&a, "beta", "32");
    assert_close(beta->epoch_s.lo, 1.5, 1e-9);
    assert_close(beta->epoch_s.hi, 2.5, 1e-9);
    assert_close(beta->res, 1, 0);
    assert_close(a.res, 1, 0);
    assert_close(beta->speedup.center, 2, 1e-12);
    assert_close(beta->speedup.lo,
                 2 * exp(-0.5 * sqrt(pow(log(9.0 / 7), 2) + pow(log(5.0 / 3), 2))), 1e-12);
    assert_close(beta->speedup.hi,
                 2 * exp(0.5 * sqrt(pow(log(9.0 / 7), 2) + pow(log(5.0 / 3), 2))), 1e-12);
    assert_close(beta->speedup.lo, 1.5047, 1e-4);
    br_analysis_release(&a);
    unload(&x);
    remove_dir();

    /* tqdm cuts its clock to the second: seven epochs of "00:03" took 3 to 4 s each (a
     * bar without its rate), 3.5 s in the middle, which the figure is: 3 would sit at the
     * interval's bottom, and a speedup over exact times 1/7 too high; with Lightning's mean
     * rate, 4 steps at 1.33 it/s, the time is what the rate's last decimal leaves of the
     * clock's second */
    for (int rate = 0; rate < 2; rate++) {
        char text[2048];
        size_t len = 0;
        memset(&x, 0, sizeof(x));
        o.baseline = NULL;
        new_dir();
        for (int e = 0; e < 7; e++)
            len += (size_t)snprintf(text + len, sizeof(text) - len,
                                    "Epoch %d: 100%%|##########| 4/4 [00:03<00:00%s, v_num=3]\n",
                                    e, rate ? ",  1.33it/s" : "");
        put("gamma_mlp_train_32.log", text);
        load(&x, "gamma_mlp_train_32.log");
        assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
        if (rate) {
            /* the rate to +- 0.005: 4 / 1.335 to 4 / 1.325 s, cut at the clock's 3 s */
            double lo = 3, hi = 4 / 1.325;
            assert_close(a.rows[0].epoch_s.center, (lo + hi) / 2, 1e-6);
            assert_close(a.rows[0].epoch_s.lo, lo, 1e-6);
            assert_close(a.rows[0].epoch_s.hi, hi, 1e-6);
        } else {
            assert_close(a.rows[0].epoch_s.center, 3.5, 0);
            assert_close(a.rows[0].epoch_s.lo, 3, 0);
            assert_close(a.rows[0].epoch_s.hi, 4, 0);
        }
        br_analysis_release(&a);
        unload(&x);
        remove_dir();
    }
}

/* A Keras log of 7 epochs of `steps` steps in `secs` seconds each. */
static void keras_log(const char *name, int steps, int secs)
{
    char text[2048];
    size_t len = 0;
    for (int e = 1; e <= 7; e++)
        len += (size_t)snprintf(text + len, sizeof(text) - len,
                                "Epoch %d/7\n%d/%d [==============================] - %ds "
                                "%dms/step - loss: 0.3\n", e, steps, steps, secs,
                                secs * 1000 / steps);
    put(name, text);
}

static void epochs_of_other_sizes(void **state)
{
    struct experiment x = { 0 };
    struct br_analysis a;
    struct br_analysis_opts o;
    (void)state;
    /* alpha: epochs of 469 steps in 10 s; beta: of 375 steps in 8 s (another split
     * of the data): the same 1500 samples/s, yet 10 / 8 would read as beta 1.25x
     * faster. No ratios, and a warning names both counts. */
    new_dir();
    keras_log("alpha_mlp_train_32.log", 469, 10);
    keras_log("beta_mlp_train_32.log", 375, 8);
    keras_log("gamma_mlp_train_32.log", 468, 5);
    load(&x, "alpha_mlp_train_32.log");
    load(&x, "beta_mlp_train_32.log");
    load(&x, "gamma_mlp_train_32.log");
    br_analysis_opts_init(&o);
    o.baseline = "alpha";
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    assert_int_equal(row_of(&a, "beta", "32")->steps, 375);
    assert_true(isnan(row_of(&a, "beta", "32")->speedup.center));
    assert_int_equal(a.warnings.nr, 1);
    assert_string_equal(a.warnings.v[0].msg,
                        "beta mlp/32: no ratios, its epochs are of 375 steps and the baseline's "
                        "of 469: an epoch is not the same work on both (another dataset or "
                        "split), so their times and energies do not compare");
    /* 468 steps against 469 (a last partial batch dropped) is the same work */
    assert_close(row_of(&a, "gamma", "32")->speedup.center, 2, 1e-12);
    br_analysis_release(&a);
    unload(&x);
    remove_dir();
}

static void epochs_printed_as_zero(void **state)
{
    struct experiment x = { 0 };
    struct br_analysis a;
    struct br_analysis_opts o;
    const struct br_row *beta;
    (void)state;
    /* beta's epochs print "0s 0ms/step": each took under half a second, so 0.25 s
     * [0, 0.5]; 3 s against that is anything from 6 times faster up: no ratios, no
     * throughput, and a warning says why */
    new_dir();
    keras_log("alpha_mlp_train_32.log", 469, 3);
    keras_log("beta_mlp_train_32.log", 469, 0);
    load(&x, "alpha_mlp_train_32.log");
    load(&x, "beta_mlp_train_32.log");
    br_analysis_opts_init(&o);
    o.baseline = "alpha";
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    beta = row_of(&a, "beta", "32");
    assert_close(beta->epoch_s.center, 0.25, 1e-12);
    assert_close(beta->epoch_s.lo, 0, 0);
    assert_close(beta->epoch_s.hi, 0.5, 1e-12);
    assert_true(isnan(beta->speedup.center));
    assert_true(isnan(beta->throughput_sps));
    assert_close(row_of(&a, "alpha", "32")->throughput_sps, 469.0 * 32 / 3, 1e-9);
    assert_int_equal(a.warnings.nr, 1);
    assert_string_equal(a.warnings.v[0].msg,
                        "beta mlp/32: no ratios, its epochs are printed as taking under 0.5 s "
                        "(Keras' '0s'): how many times faster cannot be told");
    br_analysis_release(&a);
    unload(&x);
    remove_dir();
}

/* power.draw of a GPU that averages the second before each reading: the GPU
 * draws 300 W over [T0 + 10, T0 + 24), 100 W else */
static double averaged_step(double t)
{
    double lo = fmax(t - 1, T0 + 10), hi = fmin(t, T0 + 24);
    return 100 + 200 * fmax(0, hi - lo);
}

/* Runs the log of 7 epochs of 2 s from T0 + 10 of a GPU named `gpu` (and, when
 * `other` is not NULL, a second log naming `other`) beside an unnamed power.draw
 * trace; returns the first and last epoch's energy of the first log's run. */
static void unnamed_trace(const char *gpu, const char *other, double *first, double *last)
{
    struct experiment x = { 0 };
    struct br_analysis a;
    struct br_analysis_opts o;

    new_dir();
    benchtrain_log("alpha_mlp_train_32.log", gpu, 7, 2, T0 + 10);
    trace_column("alpha_mlp_power_32.csv", "power.draw [W]", T0, T0 + 40, averaged_step);
    load(&x, "alpha_mlp_train_32.log");
    load(&x, "alpha_mlp_power_32.csv");
    if (other) {
        benchtrain_log("beta_mlp_train_32.log", other, 7, 2, T0 + 100);
        load(&x, "beta_mlp_train_32.log");
    }
    br_analysis_opts_init(&o);
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    assert_int_equal(a.runs[0].align, BR_ALIGN_EXACT);
    *first = a.runs[0].ep[0].energy_j;
    *last = a.runs[0].ep[6].energy_j;
    if (gpu[0] == 'N' && !other) {
        char want[256];
        snprintf(want, sizeof(want), "%s/alpha_mlp_power_32.csv: its power.draw names no GPU; "
                 "the logs beside it name NVIDIA H100 80GB HBM3, whose power.draw is the "
                 "average of the second before each reading", dir);
        assert_string_equal(a.warnings.v[0].msg, want);
    }
    br_analysis_release(&a);
    unload(&x);
    remove_dir();
}

static void window_from_the_logs(void **state)
{
    double first, last;
    (void)state;
    /* 300 W from T0 + 10 to T0 + 24, epochs of 2 s (600 J each), read as the mean
     * of the second before each reading. An H100's readings stand for the power
     * half a second earlier: epoch 1 is the readings over [10.5, 12.5], a ramp
     * from 200 to 300 W over 0.5 s and 1.5 s at 300 W: 125 + 450 = 575 J, and the
     * last epoch [22.5, 24.5] the same by symmetry. A V100's readings are
     * instantaneous: epoch 1 over [10, 12] is 200 + 300 = 500 J, the last one 600. */
    unnamed_trace("NVIDIA H100 80GB HBM3", NULL, &first, &last);
    assert_close(first, 575, 1e-6);
    assert_close(last, 575, 1e-6);
    unnamed_trace("Tesla V100-SXM2-16GB", NULL, &first, &last);
    assert_close(first, 500, 1e-6);
    assert_close(last, 600, 1e-6);
    /* logs of an H100 and a V100 beside it: which one the trace is of is not
     * known, nor its window: read as instantaneous */
    unnamed_trace("NVIDIA H100 80GB HBM3", "Tesla V100-SXM2-16GB", &first, &last);
    assert_close(first, 500, 1e-6);
}

static void dnf_and_geomean(void **state)
{
    struct experiment x = { 0 };
    struct br_analysis a;
    struct br_analysis_opts o;
    (void)state;
    /* b did not finish batch 64: its row is DNF and the geometric mean covers
     * batch 32 only (speedup 10 / 5 = 2) */
    new_dir();
    put("s.csv", "device,model,batch,epoch_s,status,reason\n"
                 "a,m,32,10,,\na,m,64,20,,\nb,m,32,5,,\nb,m,64,,dnf,out of memory\n");
    load(&x, "s.csv");
    br_analysis_opts_init(&o);
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    assert_string_equal(a.baseline, "a");
    assert_true(a.baseline_defaulted);
    assert_true(row_of(&a, "b", "64")->dnf);
    assert_string_equal(row_of(&a, "b", "64")->reason, "out of memory");
    assert_true(isnan(row_of(&a, "b", "64")->speedup.center));
    assert_int_equal(a.geo[1].n, 1);
    assert_int_equal(a.geo[1].dnf, 1);
    assert_close(a.geo[1].speedup.center, 2, 1e-12);
    br_analysis_release(&a);
    unload(&x);
    remove_dir();
}

static void disagreeing_runs(void **state)
{
    struct experiment x = { 0 };
    struct br_analysis a;
    struct br_analysis_opts o;
    const struct br_row *r;
    (void)state;
    /* a/32: runs of 10, 11 and 30 s: 30 / 10 = 3 > 1.5, not one workload's
     * replicates, so no figures (and no ratio for b against it); a/64: 10 and
     * 14 s, 1.4x, pooled (mean 12); a/128: 10, 11, 12 and 50 s, 5x; a/256: 10 and
     * 19 s, 1.9x (two machines' runs under one label), none */
    new_dir();
    put("s.csv", "device,model,batch,epoch_s\n"
                 "a,m,32,10\na,m,32,11\na,m,32,30\nb,m,32,5\n"
                 "a,m,64,10\na,m,64,14\na,m,256,10\na,m,256,19\n"
                 "a,m,128,10\na,m,128,11\na,m,128,12\na,m,128,50\n");
    load(&x, "s.csv");
    br_analysis_opts_init(&o);
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    r = row_of(&a, "a", "32");
    assert_false(r->dnf);
    assert_int_equal(r->runs, 3);
    assert_true(isnan(r->epoch_s.center));
    assert_int_equal(r->epoch_s.n, 0);
    assert_string_equal(r->withheld, "runs disagree: epoch time 10 s in one, 30 s in another");
    assert_true(isnan(row_of(&a, "b", "32")->speedup.center));
    assert_int_equal(a.warnings.nr, 3);
    assert_string_equal(a.warnings.v[0].msg,
                        "a m/32: no figures, its runs disagree: epoch time 10 s in one, 30 s "
                        "in another (3.0x): pooled, they would give a figure none of them "
                        "measured; label different trainings apart (--label, a manifest)");
    assert_null(row_of(&a, "a", "64")->withheld);
    assert_close(row_of(&a, "a", "64")->epoch_s.center, 12, 1e-12);
    assert_string_equal(row_of(&a, "a", "256")->withheld,
                        "runs disagree: epoch time 10 s in one, 19 s in another");
    assert_string_equal(row_of(&a, "a", "128")->withheld,
                        "runs disagree: epoch time 10 s in one, 50 s in another");
    br_analysis_release(&a);
    /* --trim drops each workload's fastest and slowest run (of 3 or more):
     * a/32 keeps 11 s, a/128 keeps 11 and 12 s (mean 11.5); a/256's two runs are not
     * trimmed, and still disagree */
    o.trim = 1;
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    assert_int_equal(a.warnings.nr, 1);
    assert_close(row_of(&a, "a", "32")->epoch_s.center, 11, 1e-12);
    assert_null(row_of(&a, "a", "128")->withheld);
    assert_close(row_of(&a, "a", "128")->epoch_s.center, 11.5, 1e-12);
    br_analysis_release(&a);
    unload(&x);
    remove_dir();
}

/*
 * 100 W over [T0 + 10, T0 + 80), 300 W over [T0 + 110, T0 + 180), 50 W idle
 * else: each run shows at its own times (a step from 100 to 300 W under both
 * fits them with R2 0.007, and they would get no power for that).
 */
static double runs100and300(double t)
{
    if (t >= T0 + 10 && t < T0 + 80)
        return 100;
    return t >= T0 + 110 && t < T0 + 180 ? 300 : 50;
}

static void disagreeing_power(void **state)
{
    struct experiment x = { 0 };
    struct br_analysis a;
    struct br_analysis_opts o;
    const struct br_row *r;
    (void)state;
    /* two runs of alpha, 7 epochs of 10 s each, one at 100 W, one at 300 W:
     * their times agree (10 s), their power does not (3x), so the row keeps
     * its time and gives no power or energy */
    new_dir();
    benchtrain_log("alpha_mlp_train_32.log", "alpha", 7, 10, T0 + 10);
    benchtrain_log("alpha_mlp_train_32_again.log", "alpha", 7, 10, T0 + 110);
    trace_csv("alpha_mlp_power_32.csv", T0, T0 + 190, runs100and300);
    load(&x, "alpha_mlp_power_32.csv");
    load(&x, "alpha_mlp_train_32.log");
    load(&x, "alpha_mlp_train_32_again.log");
    br_analysis_opts_init(&o);
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    assert_int_equal(a.nrows, 1);
    r = row_of(&a, "alpha", "32");
    assert_int_equal(r->runs, 2);
    assert_close(r->epoch_s.center, 10, 1e-9);
    assert_true(isnan(r->power_w.center));
    assert_true(isnan(r->energy_j.center));
    assert_true(isnan(r->energy_seed_j));
    assert_string_equal(r->withheld, "runs disagree: power 100 W in one, 300 W in another");
    assert_int_equal(a.warnings.nr, 1);
    assert_string_equal(a.warnings.v[0].msg,
                        "alpha mlp/32: no power or energy figures, its runs disagree: power "
                        "100 W in one, 300 W in another (3.0x): pooled, they would give a "
                        "figure none of them measured; label different trainings apart (--label, "
                        "a manifest)");
    br_analysis_release(&a);
    unload(&x);
    remove_dir();
}

/* An nvidia-smi trace of two GPUs, UTC times 0.5 s apart, power(gpu, t) given. */
static void trace_two_gpus(const char *name, double from, double to,
                           double (*power)(int, double))
{
    static char text[1 << 17];
    size_t len = (size_t)snprintf(text, sizeof(text), "timestamp, index, power.draw [W]\n");
    char a[BR_TIME_FMT_LEN];
    for (double t = from; t <= to + 1e-9; t += 0.5)
        for (int gpu = 0; gpu < 2; gpu++)
            len += (size_t)snprintf(text + len, sizeof(text) - len, "%s, %d, %g W\n",
                                    br_time_format(t, 1, a), gpu, power(gpu, t));
    put(name, text);
}

/* GPU 0 at 250 W over [T0 + 10, T0 + 80], 60 W otherwise; GPU 1 at 60 W throughout. */
static double one_gpu_busy(int gpu, double t)
{
    return gpu == 0 && t >= T0 + 10 && t <= T0 + 80 ? 250 : 60;
}

/* Both GPUs at 250 W over [T0 + 10, T0 + 80], 60 W otherwise. */
static double both_gpus_busy(int gpu, double t)
{
    (void)gpu;
    return t >= T0 + 10 && t <= T0 + 80 ? 250 : 60;
}

static void idle_gpu_left_out(void **state)
{
    struct experiment x = { 0 };
    struct br_analysis a;
    struct br_analysis_opts o;
    (void)state;
    /* a one-GPU training on a two-GPU machine recorded whole: 7 epochs of 10 s
     * on GPU 0 (250 W); GPU 1 stays at 60 W and is left out: 2500 J per epoch,
     * not 3100 */
    new_dir();
    benchtrain_log("alpha_mlp_train_32.log", "alpha", 7, 10, T0 + 10);
    trace_two_gpus("alpha_mlp_power_32.csv", T0, T0 + 90, one_gpu_busy);
    load(&x, "alpha_mlp_power_32.csv");
    load(&x, "alpha_mlp_train_32.log");
    br_analysis_opts_init(&o);
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    assert_int_equal(a.runs[0].align, BR_ALIGN_EXACT);
    assert_int_equal(a.runs[0].ntraces, 1);
    assert_close(row_of(&a, "alpha", "32")->energy_j.center, 2500, 1e-6);
    assert_close(row_of(&a, "alpha", "32")->power_w.center, 250, 1e-6);
    assert_int_equal(a.runs[0].warnings.nr, 1);
    assert_string_equal(a.runs[0].warnings.v[0].msg,
                        "left out of its energy: GPU 1 of the trace stayed at rest through the "
                        "run (GPU 1 drew 60 W over it; GPU 0, the busiest, 250 W)");
    br_analysis_release(&a);
    unload(&x);
    /* data-parallel on both: both count, 5000 J per epoch */
    x.n = 0;
    trace_two_gpus("alpha_mlp_power_32.csv", T0, T0 + 90, both_gpus_busy);
    load(&x, "alpha_mlp_power_32.csv");
    load(&x, "alpha_mlp_train_32.log");
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    assert_int_equal(a.runs[0].ntraces, 2);
    assert_close(row_of(&a, "alpha", "32")->energy_j.center, 5000, 1e-6);
    assert_int_equal(a.runs[0].warnings.nr, 0);
    br_analysis_release(&a);
    unload(&x);
    remove_dir();
}

/* GPU 0 idle at 50 W throughout; GPU 1 as gamma_power. */
static double gamma_on_gpu1(int gpu, double t)
{
    return gpu == 1 ? gamma_power(t) : 50;
}

static void inferred_on_second_gpu(void **state)
{
    struct experiment x = { 0 };
    struct br_analysis a;
    struct br_analysis_opts o;
    (void)state;
    /* inferred_with_gaps' runs, trained on GPU 1 of a two-GPU trace whose GPU 0
     * sat idle: the spans come from GPU 1, the one that moves; each epoch has
     * GPU 1's 800 J and GPU 0 is left out */
    new_dir();
    trace_two_gpus("gpu.csv", T0, T0 + 60, gamma_on_gpu1);
    put("gamma_mlp_32.log", gamma_log32);
    put("gamma_mlp_64.log", gamma_log64);
    load(&x, "gamma_mlp_32.log");
    load(&x, "gamma_mlp_64.log");
    load(&x, "gpu.csv");
    br_analysis_opts_init(&o);
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    assert_int_equal(a.runs[0].align, BR_ALIGN_INFERRED);
    assert_int_equal(a.runs[1].align, BR_ALIGN_INFERRED);
    assert_time(a.runs[0].ep[2].end, 1, "2026-01-01T00:00:22.000Z");
    assert_time(a.runs[1].ep[2].end, 1, "2026-01-01T00:00:46.000Z");
    for (size_t k = 0; k < 3; k++) {
        assert_close(a.runs[0].ep[k].energy_j, 800, 1e-9);
        assert_close(a.runs[1].ep[k].energy_j, 800, 1e-9);
    }
    assert_string_equal(a.runs[0].trace->device, "1");
    br_analysis_release(&a);
    unload(&x);
    remove_dir();
}

/* GPU 0 as deciles, GPU 1 at 20 W throughout. */
static double deciles_and_flat20(int gpu, double t)
{
    return gpu == 0 ? deciles(t) : 20;
}

static void whole_two_gpus_uneven(void **state)
{
    struct experiment x = { 0 };
    struct br_analysis a;
    struct br_analysis_opts o;
    (void)state;
    /* whole's trace on GPU 0 (70 W above its floor) beside a GPU 1 at 20 W:
     * both are summed (90 W x 4 s = 360 J), and since 20 x 3 < 70 a warning
     * says that GPU 1 may not have been the run's */
    new_dir();
    trace_two_gpus("delta_mlp_gpu_power_32.csv", T0, T0 + 9.5, deciles_and_flat20);
    put("delta_mlp_train_32.log", gamma_log32);
    load(&x, "delta_mlp_gpu_power_32.csv");
    load(&x, "delta_mlp_train_32.log");
    br_analysis_opts_init(&o);
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    assert_int_equal(a.runs[0].align, BR_ALIGN_WHOLE);
    assert_close(a.runs[0].whole_power_w, 90, 1e-9);
    assert_close(a.rows[0].energy_j.center, 360, 1e-9);
    assert_int_equal(a.runs[0].warnings.nr, 1);
    assert_string_equal(a.runs[0].warnings.v[0].msg,
                        "the power of 2 GPUs is summed, and GPU 1 drew 20 W against GPU 0's 70 W: "
                        "if the run did not use it, record only the GPUs it used (nvidia-smi -i)");
    br_analysis_release(&a);
    unload(&x);
    remove_dir();
}

static void domains_differ(void **state)
{
    struct experiment x = { 0 };
    struct br_analysis a;
    struct br_analysis_opts o;
    (void)state;
    /* two_devices_flat, with alpha's power from a node meter (node_watts) and
     * beta's from its GPU (gpu_power_W): the ratio stands (1000 / 1500), and
     * a warning says that it compares different scopes */
    new_dir();
    benchtrain_log("alpha_mlp_train_32.log", "alpha", 7, 10, T0 + 10);
    trace_column("alpha_mlp_power_32.csv", "node_watts", T0, T0 + 90, flat100);
    benchtrain_log("beta_mlp_train_32.log", "beta", 7, 5, T0 + 10);
    trace_column("beta_mlp_power_32.csv", "gpu_power_W", T0, T0 + 50, flat300);
    load(&x, "alpha_mlp_power_32.csv");
    load(&x, "alpha_mlp_train_32.log");
    load(&x, "beta_mlp_power_32.csv");
    load(&x, "beta_mlp_train_32.log");
    br_analysis_opts_init(&o);
    o.baseline = "alpha";
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    assert_string_equal(row_of(&a, "alpha", "32")->domain, "node");
    assert_string_equal(row_of(&a, "beta", "32")->domain, "gpu");
    assert_close(row_of(&a, "beta", "32")->energy_ratio.center, 1000.0 / 1500, 1e-9);
    assert_int_equal(a.warnings.nr, 1);
    assert_string_equal(a.warnings.v[0].msg,
                        "beta mlp/32: its energy is of the gpu power domain and the baseline's of "
                        "the node domain: the energy ratio compares what each trace measured, not "
                        "the same parts (--domain picks one where both files have it)");
    br_analysis_release(&a);
    unload(&x);
    remove_dir();
}

static void named_trace_of_another_device(void **state)
{
    struct experiment x = { 0 };
    struct br_analysis a;
    struct br_analysis_opts o;
    (void)state;
    /* beta's trace (named for beta, whose run it measured) overlaps alpha's run
     * on the same clock in the same directory: it is still not alpha's, so
     * alpha gets no power and says why (it took beta's 300 W before) */
    new_dir();
    benchtrain_log("alpha_mlp_train_32.log", "alpha", 7, 10, T0 + 10);
    benchtrain_log("beta_mlp_train_32.log", "beta", 7, 5, T0 + 10);
    trace_column("beta_mlp_power_32.csv", "node_watts", T0, T0 + 90, flat300);
    load(&x, "alpha_mlp_train_32.log");
    load(&x, "beta_mlp_train_32.log");
    load(&x, "beta_mlp_power_32.csv");
    br_analysis_opts_init(&o);
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    assert_int_equal(a.runs[0].align, BR_ALIGN_NONE);
    assert_null(a.runs[0].trace_path);
    assert_string_equal(a.runs[0].why, "no power trace of its own: the 1 beside it or at its "
                                       "time is labelled with another run's device");
    assert_true(isnan(row_of(&a, "alpha", "32")->energy_j.center));
    assert_int_equal(a.runs[1].align, BR_ALIGN_EXACT);
    assert_close(row_of(&a, "beta", "32")->power_w.center, 300, 1e-9);
    br_analysis_release(&a);
    unload(&x);
    /* a trace labelled only by its directory is no other device's: both runs
     * share it (one machine recorded whole) */
    x.n = 0;
    trace_column("power.csv", "node_watts", T0, T0 + 90, flat300);
    load(&x, "alpha_mlp_train_32.log");
    load(&x, "power.csv");
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    assert_int_equal(a.runs[0].align, BR_ALIGN_EXACT);
    assert_close(row_of(&a, "alpha", "32")->power_w.center, 300, 1e-9);
    br_analysis_release(&a);
    unload(&x);
    remove_dir();
}

static void runs_at_once(void **state)
{
    struct experiment x = { 0 };
    struct br_analysis a;
    struct br_analysis_opts o;
    char want[256];
    (void)state;
    /* two trainings at once on one machine's trace, [T0 + 10, T0 + 80] and
     * [T0 + 12, T0 + 82]: 68 s together, and the trace's 300 W is theirs
     * together, so neither gets power (each was given all of it before) */
    new_dir();
    benchtrain_log("alpha_mlp_train_32.log", "alpha", 7, 10, T0 + 10);
    benchtrain_log("alpha_cnn_train_32.log", "alpha", 7, 10, T0 + 12);
    trace_column("alpha_power.csv", "node_watts", T0, T0 + 100, flat300);
    load(&x, "alpha_mlp_train_32.log");
    load(&x, "alpha_cnn_train_32.log");
    load(&x, "alpha_power.csv");
    br_analysis_opts_init(&o);
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    for (size_t i = 0; i < 2; i++) {
        assert_int_equal(a.runs[i].align, BR_ALIGN_NONE);
        snprintf(want, sizeof(want), "it ran at once with %s/alpha_%s_train_32.log:1 on the "
                 "same trace (68 s together): the trace's power is theirs together, and "
                 "nothing in it splits it", dir, i ? "mlp" : "cnn");
        assert_string_equal(a.runs[i].why, want);
    }
    br_analysis_release(&a);
    unload(&x);
    /* one after the other, the second's log starting 1 s before the first's
     * ends (clock jitter at the hand-over): both placed, 300 W each */
    x.n = 0;
    benchtrain_log("alpha_cnn_train_32.log", "alpha", 2, 10, T0 + 79);
    load(&x, "alpha_mlp_train_32.log");
    load(&x, "alpha_cnn_train_32.log");
    load(&x, "alpha_power.csv");
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    assert_int_equal(a.runs[0].align, BR_ALIGN_EXACT);
    assert_int_equal(a.runs[1].align, BR_ALIGN_EXACT);
    assert_close(a.runs[1].ep[1].mean_w, 300, 1e-9);
    br_analysis_release(&a);
    unload(&x);
    remove_dir();
}

static void epochs_in_a_gap(void **state)
{
    struct experiment x = { 0 };
    struct br_analysis a;
    struct br_analysis_opts o;
    static char text[1 << 14];
    size_t len;
    char ts[BR_TIME_FMT_LEN];
    (void)state;
    /* 1 Hz at 250 W, but the logger wrote nothing from T0 + 26 to T0 + 71: of
     * the epochs [10, 20] ... [70, 80], those of [30, 70] have no sample and
     * get no energy (a line across the gap is no measurement); [20, 30] has 6
     * of 10 and [70, 80] 9: measured */
    new_dir();
    benchtrain_log("alpha_mlp_train_32.log", "alpha", 7, 10, T0 + 10);
    len = (size_t)snprintf(text, sizeof(text), "timestamp,node_watts\n");
    for (int t = 0; t <= 100; t++)
        if (t <= 25 || t >= 72)
            len += (size_t)snprintf(text + len, sizeof(text) - len, "%s,250\n",
                                    br_time_format(T0 + t, 1, ts));
    put("alpha_mlp_power_32.csv", text);
    load(&x, "alpha_mlp_train_32.log");
    load(&x, "alpha_mlp_power_32.csv");
    br_analysis_opts_init(&o);
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    assert_int_equal(a.runs[0].align, BR_ALIGN_EXACT);
    for (size_t i = 0; i < 7; i++) {
        int gap = i >= 2 && i <= 5;
        assert_int_equal(isnan(a.runs[0].ep[i].energy_j), gap);
    }
    assert_close(a.runs[0].ep[1].energy_j, 2500, 1e-9);
    assert_close(a.runs[0].ep[6].energy_j, 2500, 1e-9);
    assert_int_equal(row_of(&a, "alpha", "32")->energy_j.n, 2);
    assert_int_equal(a.runs[0].warnings.nr, 1);
    assert_string_equal(a.runs[0].warnings.v[0].msg,
                        "4 epochs lie in a gap of the trace (under half the samples its 1 s "
                        "spacing gives): they have no energy");
    br_analysis_release(&a);
    unload(&x);
    remove_dir();
}

/* 250 W over [T0 + 500, T0 + 570], 60 W otherwise. */
static double late_burst(double t)
{
    return t >= T0 + 500 && t <= T0 + 570 ? 250 : 60;
}

static void long_own_trace(void **state)
{
    struct experiment x = { 0 };
    struct br_analysis a;
    struct br_analysis_opts o;
    static const char log7[] =
        "Epoch 1/7\n100/100 [==============================] - 10s 100ms/step - loss: 1.0\n"
        "Epoch 2/7\n100/100 [==============================] - 10s 100ms/step - loss: 1.0\n"
        "Epoch 3/7\n100/100 [==============================] - 10s 100ms/step - loss: 1.0\n"
        "Epoch 4/7\n100/100 [==============================] - 10s 100ms/step - loss: 1.0\n"
        "Epoch 5/7\n100/100 [==============================] - 10s 100ms/step - loss: 1.0\n"
        "Epoch 6/7\n100/100 [==============================] - 10s 100ms/step - loss: 1.0\n"
        "Epoch 7/7\n100/100 [==============================] - 10s 100ms/step - loss: 1.0\n";
    (void)state;
    /* the run's own trace (named for its model and batch) but 1000 s long for
     * 70 s of epochs: whole mode would average 930 s of idle in (about 73 W);
     * the epochs are found in its activity instead: 250 W, 2500 J */
    new_dir();
    put("delta_mlp_train_32.log", log7);
    trace_column("delta_mlp_power_32.csv", "node_watts", T0, T0 + 1000, late_burst);
    load(&x, "delta_mlp_train_32.log");
    load(&x, "delta_mlp_power_32.csv");
    br_analysis_opts_init(&o);
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    assert_int_equal(a.runs[0].align, BR_ALIGN_INFERRED);
    assert_close(row_of(&a, "delta", "32")->power_w.center, 250, 1e-6);
    assert_close(row_of(&a, "delta", "32")->energy_j.center, 2500, 1e-6);
    br_analysis_release(&a);
    unload(&x);
    remove_dir();
}

static void two_machines_at_once(void **state)
{
    struct experiment x = { 0 };
    struct br_analysis a;
    struct br_analysis_opts o;
    (void)state;
    /* two machines trained at the same time, each recorded to <device>_power.csv
     * on one clock (bench/gen_experiment.py's layout): each run takes its own
     * machine's trace (beta took alpha's 100 W, the larger overlap, before) */
    new_dir();
    benchtrain_log("alpha_mlp_train_32.log", "alpha", 7, 10, T0 + 10);
    benchtrain_log("beta_mlp_train_32.log", "beta", 7, 5, T0 + 10);
    trace_column("alpha_power.csv", "node_watts", T0, T0 + 90, flat100);
    trace_column("beta_power.csv", "node_watts", T0, T0 + 50, flat300);
    load(&x, "alpha_mlp_train_32.log");
    load(&x, "beta_mlp_train_32.log");
    load(&x, "alpha_power.csv");
    load(&x, "beta_power.csv");
    br_analysis_opts_init(&o);
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    assert_non_null(a.runs[0].trace_path);
    assert_non_null(a.runs[1].trace_path);
    assert_string_equal(strrchr(a.runs[0].trace_path, '/'), "/alpha_power.csv");
    assert_string_equal(strrchr(a.runs[1].trace_path, '/'), "/beta_power.csv");
    assert_close(row_of(&a, "alpha", "32")->power_w.center, 100, 1e-9);
    assert_close(row_of(&a, "beta", "32")->power_w.center, 300, 1e-9);
    br_analysis_release(&a);
    unload(&x);
    remove_dir();
}

static void cpu_run_on_a_mac(void **state)
{
    struct experiment x = { 0 };
    struct br_analysis a;
    struct br_analysis_opts o;
    static char text[1 << 16];
    size_t len = 0;
    (void)state;
    /* a CPU training on a Mac, powermetrics once a second: CPU 15000 mW over
     * [T0 + 20, T0 + 80] (300 mW otherwise), GPU 25 mW throughout. The default
     * gpu domain stayed at rest while the cpu rose 15000 - 300 mW: no power (it
     * gave 0.025 W, 0.25 J per epoch, before); with --domain combined, 15.025 W
     * and 150.25 J per epoch */
    new_dir();
    benchtrain_log("m1cpu_mlp_train_32.log", "Apple M1 CPU", 6, 10, T0 + 20);
    for (int t = 0; t <= 120; t++) {
        int busy = t >= 20 && t <= 80, cpu = busy ? 15000 : 300;
        time_t tt = (time_t)(T0 + t);
        struct tm tm;
        char when[64];
        gmtime_r(&tt, &tm);
        strftime(when, sizeof(when), "%a %b %e %H:%M:%S %Y +0000", &tm);
        len += (size_t)snprintf(text + len, sizeof(text) - len,
                                "*** Sampled system activity (%s) (1000.00ms elapsed) ***\n\n"
                                "CPU Power: %d mW\nGPU Power: 25 mW\nANE Power: 0 mW\n"
                                "Combined Power (CPU + GPU + ANE): %d mW\n\n", when, cpu,
                                cpu + 25);
    }
    put("m1cpu_powermetrics.txt", text);
    load(&x, "m1cpu_mlp_train_32.log");
    load(&x, "m1cpu_powermetrics.txt");
    br_analysis_opts_init(&o);
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    assert_int_equal(a.runs[0].align, BR_ALIGN_NONE);
    assert_string_equal(a.runs[0].why, "its gpu power stayed at rest through the run (+0 W) "
                                       "while the cpu rose 14.7 W: the run worked on another "
                                       "part than the gpu (--domain cpu measures it)");
    assert_true(isnan(row_of(&a, "m1cpu", "32")->energy_j.center));
    br_analysis_release(&a);
    o.domain = "combined";
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    assert_int_equal(a.runs[0].align, BR_ALIGN_EXACT);
    assert_close(row_of(&a, "m1cpu", "32")->power_w.center, 15.025, 1e-9);
    assert_close(row_of(&a, "m1cpu", "32")->energy_j.center, 150.25, 1e-9);
    br_analysis_release(&a);
    unload(&x);
    /* the seeds' way: a log without times and a trace of the run alone (named for
     * its workload), whole mode: the GPU's median 25 mW against the CPU's 15 W */
    x.n = 0;
    len = 0;
    for (int t = 0; t <= 12; t++) {
        time_t tt = (time_t)(T0 + t);
        struct tm tm;
        char when[64];
        gmtime_r(&tt, &tm);
        strftime(when, sizeof(when), "%a %b %e %H:%M:%S %Y +0000", &tm);
        len += (size_t)snprintf(text + len, sizeof(text) - len,
                                "*** Sampled system activity (%s) (1000.00ms elapsed) ***\n\n"
                                "CPU Power: 15000 mW\nGPU Power: 25 mW\nANE Power: 0 mW\n"
                                "Combined Power (CPU + GPU + ANE): 15025 mW\n\n", when);
    }
    put("m1cpu_mlp_power_32.txt", text);
    put("m1cpu_mlp_train_32.log", gamma_log32);
    load(&x, "m1cpu_mlp_train_32.log");
    load(&x, "m1cpu_mlp_power_32.txt");
    o.domain = "gpu";
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    assert_int_equal(a.runs[0].align, BR_ALIGN_NONE);
    assert_string_equal(a.runs[0].why, "its gpu power stayed at rest through the run (0.025 W) "
                                       "while the cpu drew 15 W: the run worked on another part "
                                       "than the gpu (--domain cpu measures it)");
    br_analysis_release(&a);
    unload(&x);
    remove_dir();
}

static void seed_figures(void **state)
{
    struct experiment x = { 0 };
    struct br_analysis a;
    struct br_analysis_opts o;
    (void)state;
    /* published: A6000 0.49 min vs M1 Pro 6.75 min is 13.77x; M1 Pro CPU
     * 59.3 min vs its GPU 6.75 min is 8.8x; VGG16 with the i7-8700 (863 s)
     * as baseline: RTX 4070 Super 123x, RTX 2070 48x, M1 Max 41x, M4 Pro 33x */
    br_analysis_opts_init(&o);
    snprintf(dir, sizeof(dir), "fixtures/summary");
    load(&x, "resnet50-seeds.csv");
    o.baseline = "M1 Pro GPU";
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    assert_close(row_of(&a, "A6000", "64")->speedup.center, 6.75 / 0.49, 1e-12);
    assert_close(round(row_of(&a, "A6000", "64")->speedup.center * 100) / 100, 13.78, 1e-12);
    br_analysis_release(&a);
    o.baseline = "M1 Pro CPU";
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    assert_close(round(row_of(&a, "M1 Pro GPU", "64")->speedup.center * 10) / 10, 8.8, 1e-12);
    br_analysis_release(&a);
    unload(&x);
    x.n = 0;
    load(&x, "vgg16-seeds.csv");
    o.baseline = "i7-8700";
    assert_int_equal(br_analyze(&a, x.src, x.n, &o), 0);
    assert_close(round(row_of(&a, "RTX 4070 Super", "128")->speedup.center), 123, 0);
    assert_close(round(row_of(&a, "RTX 2070", "128")->speedup.center), 48, 0);
    assert_close(round(row_of(&a, "M1 Max GPU", "128")->speedup.center), 41, 0);
    assert_close(round(row_of(&a, "M4 Pro GPU", "128")->speedup.center), 33, 0);
    br_analysis_release(&a);
    unload(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(energy_exact),     cmocka_unit_test(energy_windows),
        cmocka_unit_test(energy_averaged),
        cmocka_unit_test(quantiles),        cmocka_unit_test(statistics),
        cmocka_unit_test(two_devices_flat), cmocka_unit_test(inferred_with_gaps),
        cmocka_unit_test(anchored),         cmocka_unit_test(whole),
        cmocka_unit_test(rounded_durations), cmocka_unit_test(epochs_of_other_sizes),
        cmocka_unit_test(window_from_the_logs), cmocka_unit_test(epochs_printed_as_zero),
        cmocka_unit_test(dnf_and_geomean),  cmocka_unit_test(seed_figures),
        cmocka_unit_test(disagreeing_runs), cmocka_unit_test(disagreeing_power),
        cmocka_unit_test(idle_gpu_left_out), cmocka_unit_test(inferred_on_second_gpu),
        cmocka_unit_test(whole_two_gpus_uneven), cmocka_unit_test(domains_differ),
        cmocka_unit_test(named_trace_of_another_device), cmocka_unit_test(runs_at_once),
        cmocka_unit_test(epochs_in_a_gap), cmocka_unit_test(long_own_trace),
        cmocka_unit_test(two_machines_at_once), cmocka_unit_test(cpu_run_on_a_mac),
        cmocka_unit_test(numbered_run_dirs_name_no_device),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
