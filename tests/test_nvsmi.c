/*
 * test_nvsmi.c: the nvidia-smi CSV parser on small inputs written here,
 * one quirk each. Diagnostics are checked for line, column and message.
 */
#include "tests/helpers.h"

static void units_in_values(void **state)
{
    struct br_source src;
    const struct br_trace *tr;
    (void)state;
    assert_int_equal(load_str(&src, NULL,
                              "timestamp, name, power.draw [W], utilization.gpu [%], pstate\n"
                              "2024/10/13 03:33:31.779, NVIDIA A100-SXM4-40GB, 19.46 W, 7 %, P0\n"
                              "2024/10/13 03:33:31.879, NVIDIA A100-SXM4-40GB, 20.54 W, [N/A], P3\n"),
                     0);
    assert_string_equal(src.format, "nvsmi");
    assert_int_equal(src.diags.nr, 0);
    tr = src.traces[0];
    assert_int_equal(tr->nr, 2);
    assert_string_equal(tr->name, "NVIDIA A100-SXM4-40GB");
    assert_true(tr->power_window == 0); /* A100: power.draw is instantaneous */
    assert_close(br_trace_values(tr, "power")[1], 20.54, 0);
    assert_close(br_trace_values(tr, "utilization.gpu")[0], 7, 0);
    assert_true(isnan(br_trace_values(tr, "utilization.gpu")[1])); /* [N/A] is missing */
    assert_time(tr->t[1], 0, "2024-10-13T03:33:31.879");
    assert_false(tr->zoned);
    br_source_release(&src);
}

static void nounits_and_power_choice(void **state)
{
    struct br_source src;
    const struct br_trace *tr;
    (void)state;
    /* instant beats draw beats average; the others stay as channels */
    assert_int_equal(load_str(&src, NULL,
                              "timestamp,name,power.draw.average,power.draw,power.draw.instant\n"
                              "2025/04/24 15:58:57.879,NVIDIA H100 80GB HBM3,70.1,71.2,88.5\n"),
                     0);
    tr = src.traces[0];
    assert_string_equal(tr->power_source, "power.draw.instant");
    assert_true(tr->power_window == 0);
    assert_close(br_trace_values(tr, "power")[0], 88.5, 0);
    assert_close(br_trace_values(tr, "power.draw")[0], 71.2, 0);
    assert_string_equal(tr->ch[br_trace_find_channel(tr, "power.draw.average")].unit, "W");
    br_source_release(&src);

    assert_int_equal(load_str(&src, NULL,
                              "timestamp, name, power.draw [W]\n"
                              "2025/04/24 15:58:57.879, NVIDIA H100 80GB HBM3, 70.10 W\n"),
                     0);
    assert_true(src.traces[0]->power_window == 1); /* Hopper: a 1 s average */
    br_source_release(&src);
}

static void long_layout(void **state)
{
    struct br_source src;
    (void)state;
    assert_int_equal(load_str(&src, NULL,
                              "timestamp, index, power.draw [W]\n"
                              "2024/01/01 00:00:00.000, 0, 100.00 W\n"
                              "2024/01/01 00:00:00.000, 1, 200.00 W\n"
                              "2024/01/01 00:00:01.000, 0, 110.00 W\n"
                              "2024/01/01 00:00:01.000, 1, 210.00 W\n"
                              "2024/01/01 00:00:02.000, 1, 220.00 W\n"),
                     0);
    assert_int_equal(src.ntraces, 2);
    assert_int_equal(find_trace(&src, "0", "gpu")->nr, 2);
    assert_int_equal(find_trace(&src, "1", "gpu")->nr, 3);
    assert_close(br_stats_of(br_trace_values(find_trace(&src, "1", "gpu"), "power"), 3).mean,
                 210, 1e-15);
    br_source_release(&src);
}

/*
 * Two columns named like an index: the GPUs are those of the column whose
 * values tell the rows of one time apart, whichever comes first (a logger
 * wrote `index` as 0 on every row beside its own `gpu` column).
 */
static void two_index_columns(void **state)
{
    struct br_source src;
    static const char *const hdr[] = { "timestamp, index, gpu, power.draw [W]\n",
                                       "timestamp, gpu, index, power.draw [W]\n" };
    (void)state;
    for (int k = 0; k < 2; k++) {
        char text[512];
        char row[64];
        snprintf(text, sizeof(text), "%s", hdr[k]);
        for (int s = 0; s < 2; s++)
            for (int g = 0; g < 3; g++) {
                char ids[16];
                if (k)
                    snprintf(ids, sizeof(ids), "%d, 0", g);
                else
                    snprintf(ids, sizeof(ids), "0, %d", g);
                snprintf(row, sizeof(row), "2024/01/01 00:00:0%d.000, %s, %d.5 W\n", s, ids,
                         100 * (g + 1) + s);
                strcat(text, row);
            }
        assert_int_equal(load_str(&src, NULL, text), 0);
        assert_int_equal(src.ntraces, 3);
        for (int g = 0; g < 3; g++) {
            char dev[16];
            const struct br_trace *tr;
            snprintf(dev, sizeof(dev), "%d", g);
            tr = find_trace(&src, dev, "gpu");
            assert_non_null(tr);
            assert_int_equal(tr->nr, 2);
            assert_close(br_trace_values(tr, "power")[1], 100 * (g + 1) + 1.5, 0);
        }
        assert_int_equal(src.diags.nr, 1);
        assert_string_equal(src.diags.v[0].msg,
                            k ? "two columns name the GPU ('gpu', 'index'): the GPUs are told "
                                "apart by 'gpu'"
                              : "two columns name the GPU ('index', 'gpu'): the GPUs are told "
                                "apart by 'gpu'");
        br_source_release(&src);
    }
}

/*
 * inspect -v on power files no reader takes names the closest one: an
 * nvidia-smi header without power after a prompt, readings in a logger's own
 * words (W, mW, ipmitool's Watts).
 */
static void refused_power_files_named(void **state)
{
    static const struct { const char *text, *line, *closest; } cases[] = {
        { "C:\\mon>nvidia-smi --query-gpu=utilization.gpu --format=csv\n"
          "utilization.gpu [%], memory.used [MiB]\n0 %, 215 MiB\n",
          "  nvsmi: 20 (line 2 is an nvidia-smi header with no power column (add power.draw to "
          "--query-gpu))\n",
          "  closest reader: nvsmi (20, 50 needed)\n" },
        { "    Instantaneous power reading:                   220 Watts\n"
          "    Minimum during sampling period:                 70 Watts\n"
          "    IPMI timestamp:                           Tue May  9 14:24:36 2023\n"
          "    Power reading state is:                   activated\n",
          "  powercsv: 10 (2 of the first 4 lines carry a reading in W or mW, but no header "
          "names a time column and a column in watts (a logger's own layout))\n",
          "  closest reader: powercsv (10, 50 needed)\n" },
        { "2024-12-07 17:03:12: SOM total power\n :     5120 mW\n"
          "2024-12-07 17:03:14: SOM total power\n :     5450 mW\n", NULL,
          "  closest reader: powercsv (10, 50 needed)\n" },
        { "12.5 ms\tdone\n", NULL, "  closest reader: none (every reader scored 0)\n" },
    };
    (void)state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct br_buf why = BR_BUF_INIT;
        assert_null(br_parser_detect(cases[i].text, strlen(cases[i].text), NULL, &why));
        if (cases[i].line)
            assert_non_null(strstr(why.buf, cases[i].line));
        assert_non_null(strstr(why.buf, cases[i].closest));
        br_buf_release(&why);
    }
}

/*
 * --format=csv,noheader of two GPUs, three loops, the index after the time:
 * the bare numbers that cycle 0,1 in each loop are the GPU index, even where
 * too few loops for the burst rule; an alternating reading of one GPU, a
 * second apart, is not.
 */
static void headerless_index_by_its_cycle(void **state)
{
    struct br_source src;
    (void)state;
    assert_int_equal(load_str(&src, NULL,
                              "2024/05/01 10:00:00.000, 2, NVIDIA A100, 45.00 W\n"
                              "2024/05/01 10:00:00.017, 3, NVIDIA A100, 250.00 W\n"
                              "2024/05/01 10:00:01.000, 2, NVIDIA A100, 47.00 W\n"
                              "2024/05/01 10:00:01.017, 3, NVIDIA A100, 252.00 W\n"
                              "2024/05/01 10:00:02.000, 2, NVIDIA A100, 49.00 W\n"),
                     0);
    assert_int_equal(src.ntraces, 2);
    assert_int_equal(find_trace(&src, "2", "gpu")->nr, 3);
    assert_int_equal(find_trace(&src, "3", "gpu")->nr, 2);
    assert_close(br_stats_of(br_trace_values(find_trace(&src, "2", "gpu"), "power"), 3).mean,
                 47, 1e-12);
    assert_close(br_stats_of(br_trace_values(find_trace(&src, "3", "gpu"), "power"), 2).mean,
                 251, 1e-12);
    assert_string_equal(src.diags.v[1].msg, "column 2's whole numbers repeat in the same order "
                                            "every 2 rows: taken as the GPU index (2 GPUs)");
    br_source_release(&src);

    assert_int_equal(load_str(&src, NULL,
                              "2024/05/01 10:00:00.000, 30, 45.3 W\n"
                              "2024/05/01 10:00:01.000, 31, 46.3 W\n"
                              "2024/05/01 10:00:02.000, 30, 47.3 W\n"
                              "2024/05/01 10:00:03.000, 31, 48.3 W\n"),
                     0);
    assert_int_equal(src.ntraces, 1);
    assert_int_equal(src.traces[0]->nr, 4);
    br_source_release(&src);
}

/*
 * Two recordings appended with >>, the second with other columns (an index
 * and utilization): its rows are read with its own header, as traces of
 * their own, not refused line by line as rows of the first.
 */
static void appended_with_other_columns(void **state)
{
    struct br_source src;
    (void)state;
    assert_int_equal(load_str(&src, NULL,
                              "timestamp, power.draw [W]\n"
                              "2024/05/01 10:00:00.000, 45.00 W\n"
                              "2024/05/01 10:00:01.000, 47.00 W\n"
                              "timestamp, index, power.draw [W], utilization.gpu [%]\n"
                              "2024/05/02 09:00:00.000, 0, 200.00 W, 90 %\n"
                              "2024/05/02 09:00:00.000, 1, 210.00 W, 91 %\n"
                              "2024/05/02 09:00:01.000, 0, 202.00 W, 92 %\n"
                              "2024/05/02 09:00:01.000, 1, 211.00 W, 93 %\n"),
                     0);
    assert_int_equal(src.ntraces, 3);
    assert_int_equal(src.diags.nr, 1);
    assert_int_equal(src.diags.v[0].line, 4);
    assert_string_equal(src.diags.v[0].msg,
                        "a header with other columns (another recording appended): the rows "
                        "after it are read with its columns, as traces of their own");
    assert_int_equal(src.traces[0]->nr, 2);
    assert_int_equal(br_trace_find_channel(src.traces[0], "utilization.gpu"), -1);
    assert_close(br_stats_of(br_trace_values(src.traces[0], "power"), 2).mean, 46, 1e-12);
    assert_string_equal(src.traces[1]->device, "0");
    assert_close(br_stats_of(br_trace_values(src.traces[1], "power"), 2).mean, 201, 1e-12);
    assert_string_equal(src.traces[2]->device, "1");
    assert_close(br_trace_values(src.traces[2], "utilization.gpu")[1], 93, 0);
    br_source_release(&src);
}

static void preamble_crlf_repeat_and_truncated(void **state)
{
    struct br_source src;
    const char *text =
        "user@host:~$ nvidia-smi --query-gpu=timestamp,power.draw --format=csv -lms 100\r\n"
        "+-----------------------------------------------------------------------------+\r\n"
        "timestamp, power.draw [W]\r\n"
        "2024/01/01 00:00:00.000, 10.00 W\r\n"
        "timestamp, power.draw [W]\r\n"
        "2024/01/01 00:00:01.000, 20.00 W\r\n"
        "2024/01/01 00:00:02.0";
    (void)state;
    assert_int_equal(load_str(&src, NULL, text), 0);
    assert_int_equal(src.diags.nerrors, 0);
    check_diag(&src, 0, BR_WARNING, 1, 1, "2 lines before the header skipped");
    check_diag(&src, 1, BR_WARNING, 5, 1,
               "repeated header skipped (recordings appended with >>)");
    check_diag(&src, 2, BR_WARNING, 7, 1, "truncated last line skipped (1 of 2 fields)");
    assert_int_equal(src.traces[0]->nr, 2);
    assert_close(br_trace_values(src.traces[0], "power")[1], 20, 0);
    br_source_release(&src);
}

static void bad_rows(void **state)
{
    struct br_source src;
    const char *text = "timestamp, power.draw [W]\n"
                       "2024/01/01 00:00:00.000, 10.00 W\n"
                       "2024/01/01 00:00:01.000, 11.00 W, 3\n"
                       "2024/01/01 00:00:02.000, abc\n"
                       "2024/13/01 00:00:03.000, 12.00 W\n"
                       "2023/12/31 23:59:59.000, 13.00 W\n"
                       "2024/01/01 00:00:05.000, 14.00 W\n";
    (void)state;
    assert_int_equal(load_str(&src, NULL, text), 0);
    assert_int_equal(src.diags.nerrors, 4);
    check_diag(&src, 0, BR_ERROR, 3, 1, "expected 2 fields, got 3");
    check_diag(&src, 1, BR_ERROR, 4, 26, "not a number in column 'power.draw': 'abc'");
    check_diag(&src, 2, BR_ERROR, 5, 1, "invalid timestamp: '2024/13/01 00:00:03.000'");
    check_diag(&src, 3, BR_ERROR, 6, 1,
               "timestamp goes backwards: 2023-12-31T23:59:59.000 after "
               "2024-01-01T00:00:00.000");
    assert_int_equal(src.traces[0]->nr, 2);
    br_source_release(&src);
}

static void header_only_and_no_header(void **state)
{
    struct br_source src;
    (void)state;
    assert_int_equal(load_str(&src, "nvsmi", "timestamp, power.draw [W]\n"), -1);
    check_diag(&src, 0, BR_ERROR, 1, 1, "header but no data lines");
    br_source_release(&src);

    assert_int_equal(load_str(&src, "nvsmi", "1,2,3\n4,5,6\n"), -1);
    check_diag(&src, 0, BR_ERROR, 1, 1,
               "no nvidia-smi header line with a power column (such as "
               "'timestamp, power.draw [W]') found");
    br_source_release(&src);
}

static void no_timestamp_column(void **state)
{
    struct br_source src;
    struct br_parse_opts o = { .interval_s = 0.1 };
    const char *text = "power.draw [W]\n10.00 W\n20.00 W\n30.00 W\n";
    (void)state;
    assert_int_equal(load_str(&src, NULL, text), 0);
    check_diag(&src, 0, BR_WARNING, 1, 1,
               "no timestamp column: samples keep their order but have no times "
               "(give --interval MS)");
    assert_false(src.traces[0]->timed);
    assert_int_equal(src.traces[0]->nr, 3);
    br_source_release(&src);

    assert_int_equal(load_text(&src, NULL, text, strlen(text), &o), 0);
    check_diag(&src, 0, BR_NOTE, 1, 1,
               "no timestamp column: sample times are 0.1 s apart from 0 (--interval)");
    assert_true(src.traces[0]->timed);
    assert_close(src.traces[0]->t[2], 0.2, 1e-15);
    br_source_release(&src);
}

static void long_line_and_binary(void **state)
{
    struct br_source src;
    size_t n = 10u << 20;
    char *big = malloc(n + 200);
    (void)state;
    /* a header, one good row, a 10 MB line without newline */
    memcpy(big, "timestamp, power.draw [W]\n2024/01/01 00:00:00.000, 1.00 W\n", 58);
    memset(big + 58, 'x', n);
    big[n + 58] = '\0';
    assert_int_equal(load_text(&src, NULL, big, n + 58, NULL), 0);
    check_diag(&src, 0, BR_ERROR, 3, 1, "line longer than 1048576 bytes skipped");
    assert_int_equal(src.traces[0]->nr, 1);
    br_source_release(&src);

    for (size_t i = 0; i < 4096; i++)
        big[i] = (char)(i * 7919 % 256);
    assert_int_equal(load_text(&src, NULL, big, 4096, NULL), -1);
    check_diag(&src, 0, BR_ERROR, 1, 1, "binary data, not a recording benchreport reads");
    br_source_release(&src);
    free(big);

    assert_int_equal(load_str(&src, NULL, ""), -1);
    check_diag(&src, 0, BR_ERROR, 1, 1, "empty file");
    br_source_release(&src);
}

static void zone_mixing(void **state)
{
    struct br_source src;
    (void)state;
    assert_int_equal(load_str(&src, NULL,
                              "timestamp,power_W\n"
                              "2025-09-24T03:48:33.493Z,100\n"
                              "2025-09-24 03:48:34.493,100\n"),
                     0);
    check_diag(&src, 0, BR_ERROR, 3, 1,
               "timestamp has no zone, earlier ones did: '2025-09-24 03:48:34.493'");
    assert_true(src.traces[0]->zoned);
    br_source_release(&src);
}

static void twice_in_one_process(void **state)
{
    const char *text = "timestamp, power.draw [W]\n2024/01/01 00:00:00.000, 10.00 W\n";
    (void)state;
    for (int i = 0; i < 2; i++) {
        struct br_source src;
        assert_int_equal(load_str(&src, NULL, text), 0);
        assert_int_equal(src.traces[0]->nr, 1);
        assert_int_equal(src.diags.nr, 0);
        br_source_release(&src);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(units_in_values),
        cmocka_unit_test(nounits_and_power_choice),
        cmocka_unit_test(long_layout),
        cmocka_unit_test(two_index_columns),
        cmocka_unit_test(refused_power_files_named),
        cmocka_unit_test(headerless_index_by_its_cycle),
        cmocka_unit_test(appended_with_other_columns),
        cmocka_unit_test(preamble_crlf_repeat_and_truncated),
        cmocka_unit_test(bad_rows),
        cmocka_unit_test(header_only_and_no_header),
        cmocka_unit_test(no_timestamp_column),
        cmocka_unit_test(long_line_and_binary),
        cmocka_unit_test(zone_mixing),
        cmocka_unit_test(twice_in_one_process),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
