/*
 * test_powermetrics.c: the powermetrics text parser on blocks written here:
 * times built from the elapsed windows, the doubled GPU Power line, the old
 * Package Power summary, a cut-off last block, plist output.
 */
#include "tests/helpers.h"

#define HDR(time, ms) "*** Sampled system activity (" time ") (" ms "ms elapsed) ***\n\n"

static void times_from_elapsed(void **state)
{
    struct br_source src;
    const struct br_trace *gpu;
    /*
     * Headers 10:00:00, 10:00:01, 10:00:01 (UTC) with windows of 0.4, 0.3 and
     * 0.3 s. With c the end of nothing (so t_end = c + 0.4, c + 0.7, c + 1.0):
     * floor(c + 0.4) = 0 gives c in [-0.4, 0.6); floor(c + 0.7) = 1 gives
     * [0.3, 1.3); floor(c + 1.0) = 1 gives [0, 1). Together [0.3, 0.6), whose
     * middle is 0.45: the sample ends are 0.85, 1.15 and 1.45 s past 10:00:00.
     */
    const char *text = "Machine model: Mac14,6\n"
                       "OS version: 23A344\n\n"
                       HDR("Mon Jan  1 10:00:00 2024 +0000", "400.00")
                       "CPU Power: 1000 mW\nGPU Power: 2000 mW\n"
                       "GPU HW active frequency: 1398 MHz\n"
                       "GPU HW active residency:  50.00% (444 MHz: 10%)\n"
                       "GPU Power: 2000 mW\n\n"
                       HDR("Mon Jan  1 10:00:01 2024 +0000", "300.00")
                       "CPU Power: 3000 mW\nGPU Power: 4000 mW\n"
                       "GPU Power: 9999 mW\n\n"
                       HDR("Mon Jan  1 10:00:01 2024 +0000", "300.00")
                       "CPU Power: 5000 mW\nGPU Power: 6000 mW\n";
    (void)state;
    assert_int_equal(load_str(&src, NULL, text), 0);
    assert_string_equal(src.format, "powermetrics");
    assert_int_equal(src.diags.nr, 0);
    assert_int_equal(src.ntraces, 2);
    gpu = find_trace(&src, "0", "gpu");
    assert_string_equal(gpu->name, "Mac14,6");
    assert_string_equal(gpu->power_source, "GPU Power");
    assert_int_equal(gpu->nr, 3);
    assert_true(gpu->zoned);
    assert_time(gpu->t[0], 1, "2024-01-01T10:00:00.850Z");
    assert_time(gpu->t[1], 1, "2024-01-01T10:00:01.150Z");
    assert_time(gpu->t[2], 1, "2024-01-01T10:00:01.450Z");
    assert_close(gpu->window[0], 0.4, 1e-15);
    /* the second GPU Power of a block is not counted again */
    assert_close(br_trace_values(gpu, "power")[1], 4.0, 0);
    assert_close(br_trace_values(gpu, "gpu_freq")[0], 1398, 0);
    assert_close(br_trace_values(gpu, "gpu_active")[0], 50, 0);
    assert_true(isnan(br_trace_values(gpu, "gpu_freq")[1]));
    br_source_release(&src);
}

static void zone_offset(void **state)
{
    struct br_source src;
    (void)state;
    /* +0900: 15:54:21 local is 06:54:21 UTC; one 5 s window ends at 06:54:21.5 */
    assert_int_equal(load_str(&src, NULL,
                              HDR("Sat Nov  8 15:54:21 2025 +0900", "5021.96")
                              "Combined Power (CPU + GPU + ANE): 983 mW\n"),
                     0);
    assert_int_equal(src.ntraces, 1);
    assert_string_equal(src.traces[0]->domain, "combined");
    assert_string_equal(src.traces[0]->power_source, "Combined Power (CPU + GPU + ANE)");
    assert_time(src.traces[0]->t[0], 1, "2025-11-08T06:54:21.500Z");
    br_source_release(&src);
}

static void package_power_and_prompt(void **state)
{
    struct br_source src;
    (void)state;
    assert_int_equal(load_str(&src, NULL,
                              "sh-3.2# /usr/bin/powermetrics -s cpu_power -n 1\n"
                              "Machine model: MacBookPro18,2\n\n"
                              HDR("Tue Aug 16 23:39:54 2022 +0200", "5006.24")
                              "E-Cluster Power: 396 mW\n"
                              "CPU Power: 23639 mW\nPackage Power: 31688 mW\n"),
                     0);
    assert_int_equal(src.ntraces, 2);
    assert_string_equal(find_trace(&src, "0", "combined")->power_source, "Package Power");
    assert_close(br_trace_values(find_trace(&src, "0", "combined"), "power")[0], 31.688, 0);
    br_source_release(&src);
}

static void truncated_last_block(void **state)
{
    struct br_source src;
    (void)state;
    assert_int_equal(load_str(&src, NULL,
                              HDR("Mon Jan  1 10:00:00 2024 +0000", "100.00")
                              "CPU Power: 1000 mW\nGPU Power: 2000 mW\n"
                              HDR("Mon Jan  1 10:00:00 2024 +0000", "100.00")
                              "CPU Power: 1000 mW\nGPU Po"),
                     0);
    check_diag(&src, 0, BR_WARNING, 5, 1,
               "last sample is incomplete (the file was cut off) and was skipped");
    assert_int_equal(src.traces[0]->nr, 1);
    br_source_release(&src);
}

static void bad_lines(void **state)
{
    struct br_source src;
    (void)state;
    assert_int_equal(load_str(&src, "powermetrics",
                              HDR("Mon Jan  1 10:00:00 2024 +0000", "100.00")
                              "CPU Power: lots\n"
                              "GPU Power: 12 kW\n"
                              "*** Sampled system activity (yesterday) (100ms elapsed) ***\n"),
                     -1);
    check_diag(&src, 0, BR_ERROR, 3, 12, "power is not a number");
    check_diag(&src, 1, BR_ERROR, 4, 12, "expected a power in mW or W");
    check_diag(&src, 2, BR_ERROR, 5, 1, "cannot read the sample time");
    check_diag(&src, 3, BR_ERROR, 1, 1,
               "no power lines (run powermetrics with the cpu_power or gpu_power sampler)");
    br_source_release(&src);

    assert_int_equal(load_str(&src, "powermetrics",
                              HDR("Mon Jan  1 10:00:05 2024 +0000", "100.00")
                              "CPU Power: 1 mW\n"
                              HDR("Mon Jan  1 10:00:01 2024 +0000", "100.00")
                              "CPU Power: 1 mW\n"),
                     0);
    check_diag(&src, 0, BR_ERROR, 4, 1, "sample time goes backwards; later samples skipped");
    assert_int_equal(src.traces[0]->nr, 1);
    br_source_release(&src);
}

static void plist_refused(void **state)
{
    struct br_source src;
    (void)state;
    assert_int_equal(load_str(&src, NULL,
                              "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                              "<plist version=\"1.0\">\n<dict>\n<key>is_delta</key>\n"),
                     -1);
    assert_string_equal(src.format, "powermetrics");
    check_diag(&src, 0, BR_ERROR, 1, 1,
               "this is powermetrics plist output (-f plist), which benchreport does not "
               "read; record with -f text (the default)");
    br_source_release(&src);
}

static void no_blocks(void **state)
{
    struct br_source src;
    (void)state;
    assert_int_equal(load_str(&src, NULL, "Machine model: Mac14,6\nOS version: 23A344\n"), -1);
    check_diag(&src, 0, BR_ERROR, 1, 1, "no '*** Sampled system activity' block found");
    br_source_release(&src);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(times_from_elapsed),   cmocka_unit_test(zone_offset),
        cmocka_unit_test(package_power_and_prompt), cmocka_unit_test(truncated_last_block),
        cmocka_unit_test(bad_lines),            cmocka_unit_test(plist_refused),
        cmocka_unit_test(no_blocks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
