/*
 * test_render.c: the render helpers that decide what a reader sees: rounding
 * to an interval (every expected string worked out by hand in the comments),
 * the summary columns, 1-2-5 steps and tick labels, and shortening a name in
 * the middle (measured with Cairo on an image surface).
 */
#include "tests/helpers.h"

#include <cairo.h>

#include "render/charts.h"
#include "render/columns.h"
#include "render/draw.h"

static void rounding(void **state)
{
    char s[64];
    (void)state;
    /* no interval: four significant digits, no trailing zeros */
    br_num_round(s, sizeof(s), 140.74610546616168, NAN, NAN, 0);
    assert_string_equal(s, "140.7");
    br_num_round(s, sizeof(s), 0.6666666666666666, NAN, NAN, 0);
    assert_string_equal(s, "0.6667");
    br_num_round(s, sizeof(s), 863.0 / 7, NAN, NAN, 0);   /* 123.2857 */
    assert_string_equal(s, "123.3");
    br_num_round(s, sizeof(s), 2, NAN, NAN, 0);
    assert_string_equal(s, "2");
    /* [0.9249, 1.1401]: half-width 0.1076, two significant digits -> 2 decimals */
    br_num_round(s, sizeof(s), 1.0325, 0.9249, 1.1401, 0);
    assert_string_equal(s, "1.03");
    /* [12000, 12700]: half-width 350 -> tens */
    br_num_round(s, sizeof(s), 12345.6, 12000, 12700, 0);
    assert_string_equal(s, "12350");
    /* [0, 10] around 1.2: the half-width (5) allows 1 decimal, and never fewer than two
     * significant digits of the value (1 decimal too) */
    br_num_round(s, sizeof(s), 1.2, 0, 10, 0);
    assert_string_equal(s, "1.2");
    /* [0.0776, 0.0884]: half-width 0.0054 -> 4 decimals */
    br_num_round(s, sizeof(s), 0.083, 0.07764314463728586, 0.08835685536271415, 0);
    assert_string_equal(s, "0.0830");
    /* two epochs of one power (real H200 benchtrain cnn/512): a t interval of rounding
     * error, half-width 1e-13, is no interval (it printed 199.280000000000) */
    br_num_round(s, sizeof(s), 199.28, 199.27999999999987, 199.28000000000014, 0);
    assert_string_equal(s, "199.3");
    br_num_round(s, sizeof(s), 140.74610546616168, 100, 200, 1);
    assert_string_equal(s, "140.74610546616168");
    br_num_round(s, sizeof(s), NAN, NAN, NAN, 0);
    assert_string_equal(s, "");
    br_num_round(s, sizeof(s), 0, 0, 1, 0);
    assert_string_equal(s, "0");
}

static void columns(void **state)
{
    struct br_row r;
    char s[128];
    const struct br_column *epoch = NULL, *lo = NULL, *reason = NULL, *speedup = NULL;
    (void)state;

    memset(&r, 0, sizeof(r));
    r.device = "v100";
    r.model = "mlp";
    r.batch = "32";
    r.epoch_s = (struct br_stat){ 6, 1.0325, 0.9249344133645412, 1.1400655866354588, "median" };
    r.speedup = (struct br_stat){ 1, 2.5, NAN, NAN, "ratio" };
    for (size_t i = 0; i < br_ncolumns; i++) {
        if (!strcmp(br_columns[i].name, "epoch_s"))
            epoch = &br_columns[i];
        if (!strcmp(br_columns[i].name, "epoch_s_lo"))
            lo = &br_columns[i];
        if (!strcmp(br_columns[i].name, "reason"))
            reason = &br_columns[i];
        if (!strcmp(br_columns[i].name, "speedup"))
            speedup = &br_columns[i];
    }
    assert_non_null(epoch);
    assert_non_null(lo);
    assert_non_null(reason);
    assert_non_null(speedup);
    assert_string_equal(br_columns[0].name, "device");   /* DESIGN.md's order */
    /* a bound is rounded to its value's places: 0.9249... -> 0.92 */
    assert_int_equal(br_column_cell(lo, &r, 0, s, sizeof(s)), 1);
    assert_string_equal(s, "0.92");
    br_column_shown(epoch, &r, s, sizeof(s));
    assert_string_equal(s, "1.03 [0.92, 1.14]");
    assert_int_equal(br_column_cell(reason, &r, 0, s, sizeof(s)), 0);
    r.dnf = 1;
    r.reason = "out of memory";
    assert_int_equal(br_column_cell(reason, &r, 0, s, sizeof(s)), 1);
    assert_string_equal(s, "out of memory");
    /* a DNF row has no figures */
    assert_int_equal(br_column_cell(speedup, &r, 0, s, sizeof(s)), 0);
    br_column_shown(speedup, &r, s, sizeof(s));
    assert_string_equal(s, "-");
}

static void ticks(void **state)
{
    char s[32];
    (void)state;
    assert_true(fabs(br_step125(4.3, 5) - 1) < 1e-12);     /* 0.86 -> 1 */
    assert_true(fabs(br_step125(0.37, 5) - 0.05) < 1e-12); /* 0.074 -> 0.05 */
    assert_true(fabs(br_step125(1100, 5) - 200) < 1e-9);   /* 220 -> 200 */
    br_tick_label(s, sizeof(s), 1, 0.5);
    assert_string_equal(s, "1.0");
    br_tick_label(s, sizeof(s), 0.15, 0.05);
    assert_string_equal(s, "0.15");
    br_tick_label(s, sizeof(s), 200, 50);
    assert_string_equal(s, "200");
    br_tick_label(s, sizeof(s), 1e-17, 0.2);   /* an accumulated 0 */
    assert_string_equal(s, "0.0");
    br_log_label(s, sizeof(s), 1000);
    assert_string_equal(s, "1000");
    br_log_label(s, sizeof(s), 0.1);
    assert_string_equal(s, "0.1");
    assert_non_null(br_chart_find("energy-ratio"));
    assert_null(br_chart_find("pie"));
}

static void ellipsis(void **state)
{
    cairo_surface_t *sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 10, 10);
    cairo_t *cr = cairo_create(sf);
    const char *name = "pthread-skylake-avx512-Intel(R) Xeon(R) Processor @ 2.50GHz";
    char s[128];
    size_t n;
    (void)state;

    br_font(cr, 10, 0);
    br_ellipsize(cr, "v100", 100, s, sizeof(s));
    assert_string_equal(s, "v100");   /* fits: whole */
    br_ellipsize(cr, name, 120, s, sizeof(s));
    n = strlen(s);
    assert_true(br_text_width(cr, s) <= 120);
    assert_non_null(strstr(s, "\xe2\x80\xa6"));
    assert_memory_equal(s, "pthread", 7);            /* the start kept */
    assert_string_equal(s + n - 3, "GHz");            /* and the end */
    cairo_destroy(cr);
    cairo_surface_destroy(sf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rounding), cmocka_unit_test(columns), cmocka_unit_test(ticks),
        cmocka_unit_test(ellipsis),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
