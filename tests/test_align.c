/*
 * test_align.c: the pieces of alignment on traces built here, where the truth
 * is known by construction: the clock offset search (a known shift, an
 * ambiguous pattern, a trace the intervals cannot reach), the change-point
 * spans (runs at 127 W over a drifting 70-80 W idle beside a 300 W run, the
 * case a global trigger misses), the matching of untimed runs to spans (a
 * clear match, and two runs of near-equal length that must be refused), and
 * the pairing rule that time decides before labels.
 */
#include <sys/stat.h>

#include "tests/helpers.h"

#include "analysis/analysis.h"
#include "analysis/chain.h"
#include "analysis/label.h"
#include "analysis/match.h"
#include "analysis/offset.h"
#include "analysis/segment.h"

typedef double power_fn(double t);

/* A trace sampled every dt seconds over [t0, t1) from `f`. */
static void sample(struct br_trace *tr, double t0, double t1, double dt, power_fn *f)
{
    br_trace_init(tr);
    br_trace_add_channel(tr, "power", "W");
    for (double t = t0; t < t1; t += dt) {
        size_t k = br_trace_append(tr, t);
        tr->ch[0].v[k] = f(t);
    }
}

/* 50 W idle; busy at 200 W over [100, 130], [150, 170], [200, 260]. */
static double three_runs(double t)
{
    if ((t >= 100 && t < 130) || (t >= 150 && t < 170) || (t >= 200 && t < 260))
        return 200;
    return 50;
}

static void offset_known_shift(void **state)
{
    /* the log says the runs were at [62.7, 92.7], [112.7, 132.7], [162.7, 222.7]:
     * 37.3 s behind the trace's clock */
    static const double a[] = { 62.7, 112.7, 162.7 }, b[] = { 92.7, 132.7, 222.7 };
    struct br_trace tr;
    struct br_offset off;
    (void)state;
    sample(&tr, 0, 400, 0.1, three_runs);
    tr.power_window = 0;   /* instantaneous readings */
    assert_int_equal(br_offset_search(&tr, tr.ch[0].v, a, b, 3, -120, 120, &off), 0);
    assert_true(fabs(off.delta - 37.3) <= 0.05);
    assert_true(off.halfwidth <= 0.2);
    {
        /* a sensor whose averaging window nobody named may put the activity up to
         * half of a 1 s window late: the resolution says so */
        double sharp = off.halfwidth;
        tr.power_window = -1;
        assert_int_equal(br_offset_search(&tr, tr.ch[0].v, a, b, 3, -120, 120, &off), 0);
        assert_close(off.halfwidth, sharp + 0.5, 1e-12);
        tr.power_window = 0;
    }
    assert_int_equal(br_offset_search(&tr, tr.ch[0].v, a, b, 3, -120, 120, &off), 0);
    assert_close(off.score, 1, 0.01);        /* two levels explain it all */
    assert_true(off.score_zero < 0.3);
    assert_false(off.ambiguous);
    /* searched only where the intervals miss the trace: nothing */
    assert_int_equal(br_offset_search(&tr, tr.ch[0].v, a, b, 3, 1000, 2000, &off), -1);
    assert_true(isnan(off.delta));
    br_trace_release(&tr);
}

/* 50 W idle; a 30 s burst at [100, 130]: 200 W, then 201 W from 115 */
static double stepped_burst(double t)
{
    return t >= 100 && t < 115 ? 200 : t >= 115 && t < 130 ? 201 : 50;
}

static void offset_near_range(void **state)
{
    /* a 29 s run fits inside the 30 s burst anywhere from offset 100 to 101; the
     * 1 W step makes the later end fit a little better. The best offset alone,
     * +- its plateau, says 0.1 s; the offsets the trace cannot tell from it span
     * the whole second (and little more: each 0.1 s sample of idle inside the run
     * costs about 1% of R2) */
    static const double a[] = { 0 }, b[] = { 29 };
    struct br_trace tr;
    struct br_offset off;
    (void)state;
    sample(&tr, 0, 400, 0.1, stepped_burst);
    tr.power_window = 0;
    assert_int_equal(br_offset_search(&tr, tr.ch[0].v, a, b, 1, 0, 300, &off), 0);
    assert_true(off.delta >= 100.5 && off.delta <= 101.1);   /* within a sample */
    assert_true(off.halfwidth <= 0.1);
    assert_true(off.near_lo <= 100.0 && off.near_lo >= 99.5);
    assert_true(off.near_hi >= 101.0 && off.near_hi <= 101.5);
    /* an unknown averaging window widens the resolution, not what the trace tells */
    {
        double lo = off.near_lo, hi = off.near_hi;
        tr.power_window = -1;
        assert_int_equal(br_offset_search(&tr, tr.ch[0].v, a, b, 1, 0, 300, &off), 0);
        assert_true(off.halfwidth >= 0.5);
        assert_close(off.near_lo, lo, 1e-12);
        assert_close(off.near_hi, hi, 1e-12);
    }
    br_trace_release(&tr);
}

/* two identical 20 s bursts at [100, 120] and [300, 320] */
static double twin_bursts(double t)
{
    return (t >= 100 && t < 120) || (t >= 300 && t < 320) ? 180 : 40;
}

static void offset_ambiguous(void **state)
{
    /* one 20 s run: it fits either burst as well as the other */
    static const double a[] = { 0 }, b[] = { 20 };
    struct br_trace tr;
    struct br_offset off;
    (void)state;
    sample(&tr, 0, 400, 0.5, twin_bursts);
    assert_int_equal(br_offset_search(&tr, tr.ch[0].v, a, b, 1, 0, 380, &off), 0);
    assert_true(off.ambiguous);
    assert_true(fabs(off.delta - 100) < 0.5 || fabs(off.delta - 300) < 0.5);
    assert_true(fabs(fabs(off.second_delta - off.delta) - 200) <= 1.0);
    br_trace_release(&tr);
}

/* idle drifting from 70 to 80 W over 300 s; runs at 127 W, 300 W, 127 W */
static double drifting(double t)
{
    double idle = 70 + 10 * t / 300;
    if (t >= 20 && t < 50)
        return 127;
    if (t >= 80 && t < 120)
        return 300;
    if (t >= 200 && t < 230)
        return 127 + ((int)(t * 10) % 3);   /* a ripple of 0..2 W */
    return idle + ((int)(t * 10) % 2) * 0.5;
}

static void spans_change_points(void **state)
{
    struct br_trace tr;
    struct br_span *sp;
    double idle;
    size_t n;
    (void)state;
    sample(&tr, 0, 300, 1.0, drifting);
    n = br_active_spans(&tr, tr.ch[0].v, 2.5, &sp, &idle);
    /* a global trigger at idle + 30% of the span (70 + 0.3 x 230 = 139 W) would
     * find only the 300 W run */
    assert_int_equal(n, 3);
    assert_close(sp[0].start, 20, 0);
    assert_close(sp[0].end, 49, 0);
    assert_close(sp[1].start, 80, 0);
    assert_close(sp[1].end, 119, 0);
    assert_close(sp[2].start, 200, 0);
    assert_close(sp[2].end, 229, 0);
    assert_close(sp[1].mean_w, 300, 1e-9);
    free(sp);
    br_trace_release(&tr);
}

/*
 * The real H200 trace's shape (smi_table.log, 1 s): 78 W idle, one 1 s sample of
 * the ramp at 101 W, a run at 121-128 W, idle, and a 370 W run: the range makes
 * the threshold 29 W; the ramp, taken as the idle level beside the first run,
 * had put it above it (101 + 29 = 130 W), and it was no span.
 */
static double ramped(double t)
{
    if (t >= 15 && t < 16)
        return 101;
    if (t >= 16 && t < 22)
        return 121.5;
    if (t >= 22 && t < 36)
        return 128 + ((int)t % 2);
    if (t >= 60 && t < 66)
        return 370 + ((int)t % 3);
    return 78 + ((int)(t * 10) % 2) * 0.4;
}

static void spans_ramp_is_not_idle(void **state)
{
    struct br_trace tr;
    struct br_span *sp;
    double idle;
    size_t n;
    (void)state;
    sample(&tr, 0, 80, 1.0, ramped);
    n = br_active_spans(&tr, tr.ch[0].v, 3.0, &sp, &idle);
    assert_int_equal(n, 2);
    assert_close(sp[0].start, 16, 0);   /* the ramp's own sample stays under the threshold */
    assert_close(sp[0].end, 35, 0);
    assert_close(sp[1].start, 60, 0);
    assert_close(sp[1].end, 65, 0);
    free(sp);
    br_trace_release(&tr);
}

/*
 * The real H200 session's three untimed runs (12.1, 8.3 and 5.1 s of epochs)
 * in spans of 19, 13 and 12 s (start-up and tests: overheads 6.9, 4.7, 6.9),
 * beside runs without logs in spans of 3, 1 and 6 s: at overhead -2.2 the
 * 8.3 and 5.1 s runs fit the 6 and 3 s spans (tolerance 3 s) as closely as
 * their own. No single swap showed it: the two were matched there (mlp/32 on
 * a 370 W burst, 930 J for 342.5). Every run is ambiguous.
 */
static void match_other_overhead(void **state)
{
    static const struct br_span sp[] = { { 0, 19, 0, 0 },  { 28, 41, 0, 0 }, { 51, 63, 0, 0 },
                                         { 68, 71, 0, 0 }, { 77, 78, 0, 0 }, { 85, 91, 0, 0 } };
    static const double busy[] = { 12.1, 8.3, 5.1 };
    struct br_match m[3];
    double c;
    (void)state;
    assert_int_equal(br_match_runs(busy, NULL, 3, sp, 6, 3.0, 3.0, NULL, m, &c), 0);
    for (int k = 0; k < 3; k++)
        assert_true(m[k].ambiguous);
}

static void match_clear_and_ambiguous(void **state)
{
    /* spans of 21, 13 and 13.2 s; runs of 13.2, 4.0 and 5.2 s of epochs: the
     * common overhead is about 8 s. The first run can only be the 21 s span;
     * the other two fit either 13 s span within a second: refused. */
    static const struct br_span sp[] = { { 0, 21, 0, 0 }, { 40, 53, 0, 0 }, { 70, 83.2, 0, 0 } };
    static const double busy[] = { 13.2, 4.0, 5.2 };
    struct br_match m[3];
    double c;
    (void)state;
    assert_int_equal(br_match_runs(busy, NULL, 3, sp, 3, 0.2, 1.5, NULL, m, &c), 0);
    assert_int_equal(m[0].span, 0);
    assert_false(m[0].ambiguous);
    assert_true(m[1].ambiguous);
    assert_true(m[2].ambiguous);
    /* runs of 13.2 and 3.0 s: 7.8 and 10 s of overhead one way, 18 and -0.2
     * the other: clear */
    {
        static const double busy2[] = { 13.2, 3.0 };
        assert_int_equal(br_match_runs(busy2, NULL, 2, sp, 2, 0.2, 1.5, NULL, m, &c), 0);
        assert_int_equal(m[0].span, 0);
        assert_int_equal(m[1].span, 1);
        assert_false(m[0].ambiguous || m[1].ambiguous);
    }
    /* a run longer than every span: none */
    {
        static const double busy3[] = { 60 };
        assert_int_equal(br_match_runs(busy3, NULL, 1, sp, 3, 0.2, 1.5, NULL, m, &c), 0);
        assert_int_equal(m[0].span, -1);
    }
}

static void match_in_log_order(void **state)
{
    /* three runs of 5.0, 5.2 and 5.1 s of epochs and three spans of 13 s: any
     * run fits any span, so with nothing more the match is refused. From one
     * log they ran in its order (lines 1, 21, 41): the first span is the first
     * run's, and so on; written in the other order (the run of line 41 first
     * in the arrays), still by line. */
    static const struct br_span sp[] = { { 0, 13, 0, 0 }, { 40, 53, 0, 0 }, { 80, 93, 0, 0 } };
    static const double busy[] = { 5.0, 5.2, 5.1 };
    static const char log = 'l', other = 'o';
    struct br_match_order ord[3] = { { &log, 1 }, { &log, 21 }, { &log, 41 } };
    struct br_match m[3];
    double c;
    (void)state;
    assert_int_equal(br_match_runs(busy, NULL, 3, sp, 3, 0.2, 1.5, NULL, m, &c), 0);
    assert_true(m[0].ambiguous && m[1].ambiguous && m[2].ambiguous);
    assert_int_equal(br_match_runs(busy, NULL, 3, sp, 3, 0.2, 1.5, ord, m, &c), 0);
    for (int k = 0; k < 3; k++) {
        assert_int_equal(m[k].span, k);
        assert_false(m[k].ambiguous);
    }
    ord[0].line = 41;
    ord[2].line = 1;
    assert_int_equal(br_match_runs(busy, NULL, 3, sp, 3, 0.2, 1.5, ord, m, &c), 0);
    assert_int_equal(m[0].span, 2);
    assert_int_equal(m[1].span, 1);
    assert_int_equal(m[2].span, 0);
    /* the third run from another log: it could be in any span the first two
     * leave, and they in either order around it: refused */
    ord[0].line = 1;
    ord[2].line = 41;
    ord[2].log = &other;
    assert_int_equal(br_match_runs(busy, NULL, 3, sp, 3, 0.2, 1.5, ord, m, &c), 0);
    assert_true(m[2].ambiguous);
    /* the log's first run (30 s of epochs) fits only the later, 40 s span, and
     * its second run (10 s) the earlier: the trace does not hold them in the
     * order they ran, so neither is placed */
    {
        static const struct br_span sp2[] = { { 0, 15, 0, 0 }, { 40, 80, 0, 0 } };
        static const double busy2[] = { 30, 10 };
        struct br_match_order ord2[2] = { { &log, 1 }, { &log, 9 } };
        assert_int_equal(br_match_runs(busy2, NULL, 2, sp2, 2, 0.2, 1.5, NULL, m, &c), 0);
        assert_int_equal(m[0].span, 1);
        assert_int_equal(m[1].span, 0);
        assert_int_equal(br_match_runs(busy2, NULL, 2, sp2, 2, 0.2, 1.5, ord2, m, &c), 0);
        assert_int_equal(m[0].span, -1);
        assert_int_equal(m[1].span, -1);
        assert_true(m[0].unordered && m[1].unordered);
    }
}

static char dir[64];

/*
 * Epochs one per span: three 10 s epochs on three 10 s bursts 3 s apart start at
 * the first; a fourth burst like them before makes two rows fit; a burst longer
 * than its epoch (25 s), a taken one, or epochs that would overlap fit none.
 */
static void chain_one_epoch_per_span(void **state)
{
    const double d[3] = { 10, 10, 10 }, d12[3] = { 12, 12, 12 }, d20[3] = { 20, 20, 20 };
    struct br_span sp[4] = { { -13, -3, 250, 60 }, { 0, 10, 250, 60 }, { 13, 23, 250, 60 },
                             { 26, 36, 250, 60 } };
    struct br_span lng[3] = { { 0, 25, 250, 60 }, { 28, 38, 250, 60 }, { 41, 51, 250, 60 } };
    const char taken[4] = { 0, 0, 1, 0 };
    (void)state;
    assert_int_equal(br_chain_find(d, 3, sp + 1, 3, NULL, 0.2), 0);
    assert_int_equal(br_chain_find(d, 3, sp, 4, NULL, 0.2), BR_CHAIN_AMBIGUOUS);
    assert_int_equal(br_chain_find(d, 3, sp, 4, taken, 0.2), BR_CHAIN_NONE);
    assert_int_equal(br_chain_find(d, 3, lng, 3, NULL, 0.2), BR_CHAIN_NONE);
    /* 12 s epochs (2 s idle opening each) end with 10 s bursts 13 s apart: they fit */
    assert_int_equal(br_chain_find(d12, 3, sp + 1, 3, NULL, 0.2), 0);
    /* 20 s epochs ending 13 s apart would overlap */
    assert_int_equal(br_chain_find(d20, 3, sp + 1, 3, NULL, 0.2), BR_CHAIN_NONE);
}

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

static void load(struct br_source *s, const char *name)
{
    char path[128];
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    br_source_init(s, path);
    assert_int_equal(br_source_load(s, NULL, NULL, NULL), 0);
    br_label_source(s, NULL, NULL);
}

static void pairing_time_first(void **state)
{
    /* gamma's run (UTC times, 12:00:10 to 12:00:40) and two traces: one named
     * for its workload but recorded an hour later, one with no name that
     * covers it. Time decides: the nameless one, exactly, at 150 W. */
    static const char log[] =
        "# benchtrain 0.1.0 backend=ref device=\"cpu\" model=mlp params=435402 batch=32 "
        "dataset=fashion-mnist train=3200 val=0 test=0 start=2026-01-01T12:00:10.000000Z\n"
        "epoch 1/3 start=2026-01-01T12:00:10.000000Z end=2026-01-01T12:00:20.000000Z "
        "duration=10 steps=100 loss=1\n"
        "epoch 2/3 start=2026-01-01T12:00:20.000000Z end=2026-01-01T12:00:30.000000Z "
        "duration=10 steps=100 loss=1\n"
        "epoch 3/3 start=2026-01-01T12:00:30.000000Z end=2026-01-01T12:00:40.000000Z "
        "duration=10 steps=100 loss=1\n";
    struct br_source src[3], *v[3] = { &src[0], &src[1], &src[2] };
    struct br_analysis a;
    struct br_analysis_opts o;
    FILE *f;
    char path[128];
    (void)state;
    snprintf(dir, sizeof(dir), "/tmp/test_align.XXXXXX");
    assert_non_null(mkdtemp(dir));
    put("gamma_mlp_train_32.log", log);
    snprintf(path, sizeof(path), "%s/gamma_mlp_power_32.csv", dir);
    f = fopen(path, "w");
    fputs("timestamp,power_W\n", f);
    for (int s = 0; s <= 60; s++)
        fprintf(f, "2026-01-01T13:00:%02dZ,300\n", s);
    fclose(f);
    snprintf(path, sizeof(path), "%s/nvidia-smi.csv", dir);
    f = fopen(path, "w");
    fputs("timestamp,power_W\n", f);
    for (int s = 0; s <= 59; s++)
        fprintf(f, "2026-01-01T12:00:%02dZ,%d\n", s, s >= 10 && s <= 40 ? 150 : 40);
    fclose(f);
    load(&src[0], "gamma_mlp_train_32.log");
    load(&src[1], "gamma_mlp_power_32.csv");
    load(&src[2], "nvidia-smi.csv");
    br_analysis_opts_init(&o);
    assert_int_equal(br_analyze(&a, v, 3, &o), 0);
    assert_int_equal(a.runs[0].align, BR_ALIGN_EXACT);
    assert_string_equal(a.runs[0].trace_path, src[2].path);
    assert_close(a.runs[0].ep[1].energy_j, 1500, 1e-9);
    br_analysis_release(&a);
    /* without the covering trace, the named one is an hour away: no power, and why */
    assert_int_equal(br_analyze(&a, v, 2, &o), 0);
    assert_int_equal(a.runs[0].align, BR_ALIGN_NONE);
    assert_null(a.runs[0].trace_path);
    assert_string_equal(a.runs[0].why, "no power trace overlaps its time (1 on its clock does "
                                        "not; --clock-offset if the clocks differ)");
    br_analysis_release(&a);
    for (int i = 0; i < 3; i++)
        br_source_release(&src[i]);
    snprintf(path, sizeof(path), "rm -rf '%s'", dir);
    assert_int_equal(system(path), 0);
}

static void bt_log(const char *name, int batch, const char *hhmm)
{
    char text[1024];
    int n = snprintf(text, sizeof(text),
                     "# benchtrain 0.1.0 backend=ref device=\"cpu\" model=mlp params=435402 "
                     "batch=%d dataset=fashion-mnist train=3200 val=0 test=0 "
                     "start=2026-01-01T%s:10.000000Z\n", batch, hhmm);
    for (int e = 1; e <= 3; e++)
        n += snprintf(text + n, sizeof(text) - (size_t)n,
                      "epoch %d/3 start=2026-01-01T%s:%02d.000000Z end=2026-01-01T%s:%02d.000000Z "
                      "duration=10 steps=100 loss=1\n", e, hhmm, e * 10, hhmm, e * 10 + 10);
    put(name, text);
}

/* local time without a zone, 2 h ahead of the logs' UTC: busy at `w` from :10 to :40 */
static void local_trace(const char *name, const char *hhmm, int w)
{
    char text[4096];
    int n = snprintf(text, sizeof(text), "timestamp,power_W\n");
    for (int s = 0; s <= 59; s++)
        n += snprintf(text + n, sizeof(text) - (size_t)n, "2026-01-01 %s:%02d,%d\n", hhmm, s,
                      s >= 10 && s <= 40 ? w : 40);
    put(name, text);
}

static void make_dir(void)
{
    snprintf(dir, sizeof(dir), "/tmp/test_align.XXXXXX");
    assert_non_null(mkdtemp(dir));
}

/* Loads the four files of `names` (in dir) and analyses them with the default options. */
static void analyze_four(struct br_analysis *a, struct br_source src[4], const char *const *names)
{
    struct br_source *v[4] = { &src[0], &src[1], &src[2], &src[3] };
    struct br_analysis_opts o;
    for (int i = 0; i < 4; i++)
        load(&src[i], names[i]);
    br_analysis_opts_init(&o);
    assert_int_equal(br_analyze(a, v, 4, &o), 0);
}

static void release_four(struct br_analysis *a, struct br_source src[4])
{
    char cmd[160];
    br_analysis_release(a);
    for (int i = 0; i < 4; i++)
        br_source_release(&src[i]);
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

static void pairing_zone_agreed(void **state)
{
    /* two runs logged in UTC (12:00 and 12:05), each with a trace of its own in local time
     * without a zone (14:00 and 14:05, UTC+2), nothing labelled: the two runs agree on +2 h,
     * which pairs each with its own trace (150 W and 250 W over 10 s epochs). Before, both
     * took one trace, and the search for one offset that held both found none. */
    static const char *const names[] = { "a.log", "b.log", "t1.csv", "t2.csv" };
    struct br_source src[4];
    struct br_analysis a;
    (void)state;
    make_dir();
    bt_log(names[0], 32, "12:00");
    bt_log(names[1], 64, "12:05");
    local_trace(names[2], "14:00", 150);
    local_trace(names[3], "14:05", 250);
    analyze_four(&a, src, names);
    for (int r = 0; r < 2; r++) {
        assert_int_equal(a.runs[r].align, BR_ALIGN_ESTIMATED);
        assert_string_equal(a.runs[r].trace_path, src[2 + r].path);
        assert_close(a.runs[r].offset_s, 7200, 1e-9);
        assert_close(a.runs[r].ep[1].energy_j, r ? 2500 : 1500, 1e-9);
    }
    release_four(&a, src);
}

static void pairing_zone_per_folder(void **state)
{
    /* folder d1: three runs logged in UTC (12:00, 12:05, 12:10), each with its trace in
     * local time at UTC+2; folder d2, recorded at UTC-5: two runs (12:00, 12:05) with their
     * traces at 07:00 and 07:05, and a third trace at 14:05 (999 W) that would hold the
     * second run at d1's zone. Each folder finds its own zone: d2's runs take their own
     * traces (250 W and 300 W). One vote for all made d2 take d1's zone, and the 999 W. */
    static const char *const names[] = { "d1/a.log", "d1/b.log", "d1/c.log", "d1/ta.csv",
                                         "d1/tb.csv", "d1/tc.csv", "d2/x.log", "d2/y.log",
                                         "d2/tx.csv", "d2/ty.csv", "d2/decoy.csv" };
    enum { N = sizeof(names) / sizeof(names[0]) };
    struct br_source src[N], *v[N];
    struct br_analysis a;
    struct br_analysis_opts o;
    char cmd[200];
    (void)state;
    make_dir();
    snprintf(cmd, sizeof(cmd), "mkdir '%s/d1' '%s/d2'", dir, dir);
    assert_int_equal(system(cmd), 0);
    bt_log(names[0], 32, "12:00");
    bt_log(names[1], 64, "12:05");
    bt_log(names[2], 128, "12:10");
    local_trace(names[3], "14:00", 150);
    local_trace(names[4], "14:05", 150);
    local_trace(names[5], "14:10", 150);
    bt_log(names[6], 16, "12:00");
    bt_log(names[7], 8, "12:05");
    local_trace(names[8], "07:00", 250);
    local_trace(names[9], "07:05", 300);
    local_trace(names[10], "14:05", 999);
    for (int i = 0; i < N; i++) {
        v[i] = &src[i];
        load(&src[i], names[i]);
    }
    br_analysis_opts_init(&o);
    assert_int_equal(br_analyze(&a, v, N, &o), 0);
    assert_string_equal(a.runs[3].trace_path, src[8].path);
    assert_string_equal(a.runs[4].trace_path, src[9].path);
    assert_close(a.runs[3].offset_s, -18000, 1e-9);
    assert_close(a.runs[3].ep[1].energy_j, 2500, 1e-9);
    assert_close(a.runs[4].ep[1].energy_j, 3000, 1e-9);
    for (int r = 0; r < 3; r++)
        assert_string_equal(a.runs[r].trace_path, src[3 + r].path);
    br_analysis_release(&a);
    for (int i = 0; i < N; i++)
        br_source_release(&src[i]);
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

static void seeds_log(const char *name)
{
    char text[1024];
    int n = snprintf(text, sizeof(text), "Using device: cuda, model: cnn, batch size: 32\n");
    for (int e = 1; e <= 3; e++)
        n += snprintf(text + n, sizeof(text) - (size_t)n,
                      "Train Epoch: %d [0/50000 (0%%)]\tLoss: 2.3\n"
                      "Duration for 1 Epoch: 10.000 seconds\n\n"
                      "Test set: Average loss: 0.5, Accuracy: 8000/10000 (80%%)\n\n", e);
    put(name, text);
}

static void pairing_by_name(void **state)
{
    /* two logs without times, each with a trace named after it (run1.log, run1_power.csv),
     * both traces beside both logs and on one clock, busy at 150 W and 250 W for 30 s
     * between 10 s of idle: each run takes the trace named after its log. Before, both
     * took one trace, and the second found no free span on it. */
    static const char *const names[] = { "run1.log", "run2.log", "run2_power.csv",
                                         "run1_power.csv" };
    struct br_source src[4];
    struct br_analysis a;
    (void)state;
    make_dir();
    seeds_log(names[0]);
    seeds_log(names[1]);
    local_trace(names[2], "14:05", 250);
    local_trace(names[3], "14:00", 150);
    analyze_four(&a, src, names);
    assert_string_equal(a.runs[0].trace_path, src[3].path);
    assert_string_equal(a.runs[1].trace_path, src[2].path);
    assert_int_equal(a.runs[0].align, BR_ALIGN_INFERRED);
    assert_int_equal(a.runs[1].align, BR_ALIGN_INFERRED);
    assert_close(a.runs[0].ep[1].energy_j, 1500, 1e-6);
    assert_close(a.runs[1].ep[1].energy_j, 2500, 1e-6);
    release_four(&a, src);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(offset_known_shift),
        cmocka_unit_test(offset_ambiguous),
        cmocka_unit_test(offset_near_range),
        cmocka_unit_test(spans_change_points),
        cmocka_unit_test(spans_ramp_is_not_idle),
        cmocka_unit_test(match_other_overhead),
        cmocka_unit_test(match_clear_and_ambiguous),
        cmocka_unit_test(match_in_log_order),
        cmocka_unit_test(chain_one_epoch_per_span),
        cmocka_unit_test(pairing_time_first),
        cmocka_unit_test(pairing_zone_agreed),
        cmocka_unit_test(pairing_zone_per_folder),
        cmocka_unit_test(pairing_by_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
