/*
 * test_corpus.c: the shared corpus of real recordings (../shared/corpus),
 * read through the registry exactly as `benchreport inspect` reads them.
 * Every expected number was computed without benchreport, by
 * tests/tools/corpus_expect.py (Python's csv and datetime modules).
 * Skipped when the corpus is not beside the checkout.
 */
#include "tests/helpers.h"

#include "analysis/energy.h"

#define CORPUS "../shared/corpus/"

struct expect {
    const char *device, *domain;
    size_t n;
    const char *start, *end;
    double mean, min, max;
};

static void check_file(const char *rel, const char *format, size_t ntraces,
                       const struct expect *ex, size_t nex)
{
    char path[256];
    struct br_source src;

    snprintf(path, sizeof(path), CORPUS "%s", rel);
    if (access(path, R_OK) != 0)
        skip();
    br_source_init(&src, path);
    assert_int_equal(br_source_load(&src, NULL, NULL, NULL), 0);
    assert_string_equal(src.format, format);
    assert_int_equal(src.diags.nerrors, 0);
    assert_int_equal(src.ntraces, ntraces);
    for (size_t i = 0; i < nex; i++) {
        const struct br_trace *tr = find_trace(&src, ex[i].device, ex[i].domain);
        const double *p = br_trace_values(tr, "power");
        struct br_stats s = br_stats_of(p, tr->nr);
        double start = tr->window ? tr->t[0] - tr->window[0] : tr->t[0];

        assert_int_equal(tr->nr, ex[i].n);
        assert_time(start, tr->zoned, ex[i].start);
        assert_time(tr->t[tr->nr - 1], tr->zoned, ex[i].end);
        assert_int_equal(s.n, ex[i].n);
        assert_close(s.mean, ex[i].mean, 1e-12);
        assert_close(s.min, ex[i].min, 1e-15);
        assert_close(s.max, ex[i].max, 1e-15);
    }
    br_source_release(&src);
}

static void flame(void **state)
{
    static const struct expect ex[] = {
        { "0", "gpu", 73, "2024-10-30T18:42:33.189", "2024-10-30T18:42:36.813",
          22.035068493150703, 20.92, 23.0 },
    };
    (void)state;
    check_file("nvsmi/flame_power-only_lms50.csv", "nvsmi", 1, ex, 1);
}

static void fletcher(void **state)
{
    static const struct expect ex[] = {
        { "0", "gpu", 80, "2024-10-13T03:33:31.779", "2024-10-13T03:33:32.697",
          19.78525000000001, 18.86, 20.01 },
    };
    struct br_source src;
    (void)state;
    check_file("nvsmi/fletcher-io_gtx1650_lms10_units.csv", "nvsmi", 1, ex, 1);

    /* the other columns, with units from the header, and the GPU's name */
    if (access(CORPUS "nvsmi/fletcher-io_gtx1650_lms10_units.csv", R_OK) != 0)
        skip();
    br_source_init(&src, CORPUS "nvsmi/fletcher-io_gtx1650_lms10_units.csv");
    assert_int_equal(br_source_load(&src, NULL, NULL, NULL), 0);
    assert_string_equal(src.traces[0]->name, "NVIDIA GeForce GTX 1650");
    assert_string_equal(src.traces[0]->power_source, "power.draw");
    assert_true(src.traces[0]->power_window == 0); /* Turing: instantaneous */
    assert_int_equal(src.traces[0]->nch, 7);
    assert_string_equal(src.traces[0]->ch[1].name, "memory.used");
    assert_string_equal(src.traces[0]->ch[1].unit, "MiB");
    assert_string_equal(src.traces[0]->ch[3].name, "temperature.gpu");
    assert_string_equal(src.traces[0]->ch[3].unit, "C");
    assert_string_equal(src.traces[0]->ch[5].unit, "%");
    assert_int_equal(br_trace_find_channel(src.traces[0], "pstate"), -1);
    br_source_release(&src);
}

static void nanogpt(void **state)
{
    static const struct expect ex[] = {
        { "0", "gpu", 250, "2025-09-24T03:48:33.493Z", "2025-09-24T03:49:38.578Z",
          388.91108000000025, 264.68, 396.72 },
        { "1", "gpu", 250, "2025-09-24T03:48:33.493Z", "2025-09-24T03:49:38.578Z",
          415.38584000000014, 272.8, 424.07 },
        { "2", "gpu", 250, "2025-09-24T03:48:33.493Z", "2025-09-24T03:49:38.578Z",
          387.23611999999986, 273.19, 392.27 },
        { "3", "gpu", 250, "2025-09-24T03:48:33.493Z", "2025-09-24T03:49:38.578Z",
          374.0220800000001, 238.66, 380.73 },
        { "4", "gpu", 250, "2025-09-24T03:48:33.493Z", "2025-09-24T03:49:38.578Z",
          386.35588000000024, 257.68, 392.94 },
        { "5", "gpu", 250, "2025-09-24T03:48:33.493Z", "2025-09-24T03:49:38.578Z",
          371.51224000000013, 245.17, 376.69 },
        { "6", "gpu", 250, "2025-09-24T03:48:33.493Z", "2025-09-24T03:49:38.578Z",
          383.0503999999998, 238.23, 391.25 },
        { "7", "gpu", 249, "2025-09-24T03:48:33.493Z", "2025-09-24T03:49:38.366Z",
          373.6747791164659, 244.89, 378.86 },
    };
    (void)state;
    check_file("nvsmi/nanogpt-fork_8gpu_custom_header_first2000.csv", "nvsmi", 8, ex, 8);
}

static void wide(void **state)
{
    static const struct expect ex[] = {
        { "0", "gpu", 123, "2025-11-20T11:36:25.215Z", "2025-11-20T11:36:57.832Z",
          202.84073170731702, 145.701, 214.959 },
        { "1", "gpu", 123, "2025-11-20T11:36:25.215Z", "2025-11-20T11:36:57.832Z",
          265.00638211382113, 249.69, 275.543 },
    };
    (void)state;
    check_file("other/gpu-power-log_wide_per-gpu-columns.csv", "nvsmi", 2, ex, 2);
}

static void eedc(void **state)
{
    static const struct expect ex[] = {
        { "0", "cpu", 7, "2024-03-29T20:09:42.828935Z", "2024-03-29T20:09:43.629445Z",
          2.6484285714285716, 0.254, 5.006 },
        { "0", "gpu", 7, "2024-03-29T20:09:42.828935Z", "2024-03-29T20:09:43.629445Z",
          0.03885714285714286, 0.0, 0.132 },
        { "0", "ane", 7, "2024-03-29T20:09:42.828935Z", "2024-03-29T20:09:43.629445Z", 0.0,
          0.0, 0.0 },
        { "0", "combined", 7, "2024-03-29T20:09:42.828935Z", "2024-03-29T20:09:43.629445Z",
          2.6870000000000003, 0.263, 5.138 },
    };
    (void)state;
    check_file("powermetrics/eedc_m1pro_mbp18-1_macos14-4_i100_7samples.txt", "powermetrics",
               4, ex, 4);
}

static void m4max(void **state)
{
    static const struct expect ex[] = {
        { "0", "cpu", 1, "2025-11-08T06:54:16.47804Z", "2025-11-08T06:54:21.500Z", 0.954,
          0.954, 0.954 },
        { "0", "gpu", 1, "2025-11-08T06:54:16.47804Z", "2025-11-08T06:54:21.500Z", 0.028,
          0.028, 0.028 },
        { "0", "combined", 1, "2025-11-08T06:54:16.47804Z", "2025-11-08T06:54:21.500Z",
          0.983, 0.983, 0.983 },
    };
    (void)state;
    check_file("powermetrics/powermetrics-go_m4max_mac16-6_full-samplers_5s.txt",
               "powermetrics", 4, ex, 3);
}

static void sspdd(void **state)
{
    static const struct expect ex[] = {
        { "0", "dram", 1, "2022-08-16T21:39:49.49376Z", "2022-08-16T21:39:54.500Z", 2.545,
          2.545, 2.545 },
        { "0", "cpu", 1, "2022-08-16T21:39:49.49376Z", "2022-08-16T21:39:54.500Z", 23.639,
          23.639, 23.639 },
        { "0", "gpu", 1, "2022-08-16T21:39:49.49376Z", "2022-08-16T21:39:54.500Z", 0.109,
          0.109, 0.109 },
        { "0", "combined", 1, "2022-08-16T21:39:49.49376Z", "2022-08-16T21:39:54.500Z",
          31.688, 31.688, 31.688 },
    };
    (void)state;
    check_file("powermetrics/sspdd-blog_m1max_mbp18-2_cpu_power_lowpower.txt", "powermetrics",
               5, ex, 4);
}

/*
 * Intel Power Gadget's rows are each the mean power since the row before (the first since
 * 0 s): the energy over the log is the one its own footer gives, "Cumulative Processor
 * Energy_0 (Joules) = 7.237366" (its rows, rounded to the millisecond and the milliwatt,
 * give 7.244 J). Read as instantaneous samples joined by straight lines it was 6.64 J.
 */
static void power_gadget_energy(void **state)
{
    struct br_source src;
    const struct br_trace *tr;
    struct br_energy e;

    (void)state;
    br_source_init(&src, "realfiles/powerlogs/"
                         "power-monitoring-tool_intel-power-gadget_10-rows_window-since-row-"
                         "before.csv");
    assert_int_equal(br_source_load(&src, NULL, NULL, NULL), 0);
    tr = find_trace(&src, "Processor Power_0", "cpu");
    assert_non_null(tr->window);
    e = br_energy_over(tr, br_trace_values(tr, "power"), 0, tr->t[tr->nr - 1]);
    assert_close(e.joules, 7.237366, 0.01);
    assert_close(e.joules / tr->t[tr->nr - 1], 6.953311, 0.01);
    br_source_release(&src);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(flame), cmocka_unit_test(fletcher), cmocka_unit_test(nanogpt),
        cmocka_unit_test(wide),  cmocka_unit_test(eedc),     cmocka_unit_test(m4max),
        cmocka_unit_test(sspdd), cmocka_unit_test(power_gadget_energy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
