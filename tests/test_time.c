/*
 * test_time.c: the timestamp scanners and formatter. Expected epoch seconds
 * were computed with GNU date (date -u -d '...' +%s) and Python's datetime.
 */
#include "tests/helpers.h"

static double parse(const char *s, int *zoned, size_t *used)
{
    struct br_time t = { 0, -1, 0, 0 };
    *used = br_time_parse(s, strlen(s), &t);
    *zoned = t.zoned;
    return t.t;
}

static void forms(void **state)
{
    int z;
    size_t n;
    (void)state;
    /* date -u -d '2024-10-30 18:42:33' +%s = 1730313753 */
    assert_close(parse("2024/10/30 18:42:33.189", &z, &n), 1730313753.189, 1e-15);
    assert_int_equal(n, 23);
    assert_int_equal(z, 0);
    /* date -u -d '2025-09-24T03:48:33Z' +%s = 1758685713 */
    assert_close(parse("2025-09-24T03:48:33.493Z", &z, &n), 1758685713.493, 1e-15);
    assert_int_equal(z, 1);
    assert_int_equal(n, 24);
    /* +08:00 is 8 h east: 09:00:20 local = 01:00:20 UTC = 1768438820 */
    assert_close(parse("2026-01-15 09:00:20,123+08:00", &z, &n), 1768438820.123, 1e-15);
    assert_int_equal(z, 1);
    assert_close(parse("2026-01-15T09:00:20+0800", &z, &n), 1768438820, 0);
    assert_close(parse("2026-01-15T09:00:20-03", &z, &n), 1768478420, 0);
    assert_close(parse("2026-01-15T01:00:20 trailing", &z, &n), 1768438820, 0);
    assert_int_equal(n, 19);
    assert_int_equal(z, 0);
    assert_close(parse("1763638585.215", &z, &n), 1763638585.215, 1e-15);
    assert_int_equal(z, 1);
    /* date -u -d '2025-11-08 06:54:21' +%s = 1762584861 */
    assert_close(parse("Sat Nov  8 15:54:21 2025 +0900", &z, &n), 1762584861, 0);
    assert_int_equal(n, 30);
    assert_int_equal(z, 1);
    assert_close(parse("Tue Mar 26 15:37:24 2024", &z, &n), 1711467444, 0);
    assert_int_equal(z, 0);
    /* date(1) in the C locale: the zone's letters before the year; EST says no offset
     * that can be trusted (floating), UTC does. date -u -d '2025-11-21 23:59:58' +%s */
    assert_close(parse("Fri Nov 21 23:59:58 EST 2025", &z, &n), 1763769598, 0);
    assert_int_equal(n, 28);
    assert_int_equal(z, 0);
    assert_close(parse("Sat Nov  1 09:05:01 UTC 2025,100", &z, &n), 1761987901, 0);
    assert_int_equal(n, 28);
    assert_int_equal(z, 1);
    assert_close(parse("Fri Nov 21 23:59:58 CEST 2025", &z, &n), 1763769598, 0);
    assert_int_equal(z, 0);
    /* date(1) in the en_US locale: day, named month, year, a 12-hour time, the zone */
    assert_close(parse("Fri 21 Nov 2025 11:59:58 PM EST", &z, &n), 1763769598, 0);
    assert_int_equal(n, 31);
    assert_int_equal(z, 0);
    /* date -u -d '2025-11-22 00:00:00' +%s = 1763769600: 12 AM is midnight */
    assert_close(parse("Sat 22 Nov 2025 12:00:00 AM UTC,101", &z, &n), 1763769600, 0);
    assert_int_equal(n, 31);
    assert_int_equal(z, 1);
    /* date -u -d '2025-11-02 12:30:05' +%s = 1762086605: 12 PM is noon; no zone */
    assert_close(parse("Sun  2 Nov 2025 12:30:05 PM", &z, &n), 1762086605, 0);
    assert_int_equal(n, 27);
    assert_int_equal(z, 0);
    /* date -u -d '2025-03-01 10:00:00' +%s = 1740823200: day first when the dots say so */
    assert_close(parse("01.03.2025 10:00:00,5;100,5", &z, &n), 1740823200.5, 1e-15);
    assert_int_equal(n, 21);
    assert_int_equal(z, 0);
    assert_close(parse("01.03.2025 11:00:00+01:00", &z, &n), 1740823200, 0);
    assert_int_equal(z, 1);
    /* date -u -d '2008-04-14 13:51:28' +%s = 1208181088: time of day first, the month named */
    assert_close(parse("13:51:28 2008-Apr-14", &z, &n), 1208181088, 0);
    assert_int_equal(n, 20);
    assert_int_equal(z, 0);
}

static void rejects(void **state)
{
    int z;
    size_t n;
    (void)state;
    parse("2024/13/30 18:42:33", &z, &n);
    assert_int_equal(n, 0);
    parse("2024/10/30 25:42:33", &z, &n);
    assert_int_equal(n, 0);
    parse("2024/10/30", &z, &n);
    assert_int_equal(n, 0);
    parse("01.13.2025 10:00:00", &z, &n);   /* month 13: not day first either */
    assert_int_equal(n, 0);
    parse("01.03.25 10:00:00 x", &z, &n);   /* a two-digit year: not read */
    assert_int_equal(n, 0);
    parse("12345", &z, &n);   /* too few digits for Unix seconds */
    assert_int_equal(n, 0);
    parse("1763638585abc", &z, &n);
    assert_int_equal(n, 0);
    parse("Sat Xyz  8 15:54:21 2025", &z, &n);
    assert_int_equal(n, 0);
    parse("Fri 21 Nov 2025 13:59:58 PM EST", &z, &n);   /* no 13 PM */
    assert_int_equal(n, 0);
    parse("Fri 21 Nov 2025 00:59:58 AM EST", &z, &n);   /* no 0 AM */
    assert_int_equal(n, 0);
    parse("Fri 21 Xyz 2025 11:59:58 PM EST", &z, &n);
    assert_int_equal(n, 0);
    parse("", &z, &n);
    assert_int_equal(n, 0);
}

static void bounded(void **state)
{
    /* the scanner never reads past n: a timestamp cut by the length fails */
    struct br_time t;
    (void)state;
    assert_int_equal(br_time_parse("2024/10/30 18:42:33.189", 18, &t), 0);
    assert_int_equal(br_time_parse("2024/10/30 18:42:33.189", 19, &t), 19);
}

static void format(void **state)
{
    (void)state;
    assert_time(1730313753.189, 0, "2024-10-30T18:42:33.189");
    assert_time(1758685713.493, 1, "2025-09-24T03:48:33.493Z");
    assert_time(0, 1, "1970-01-01T00:00:00.000Z");
    assert_time(951782400.000001, 0, "2000-02-29T00:00:00.000001");
    assert_time(1709208000.25, 0, "2024-02-29T12:00:00.250");
}

static void civil(void **state)
{
    long long y;
    unsigned m, d;
    (void)state;
    assert_int_equal(br_days_from_civil(1970, 1, 1), 0);
    assert_int_equal(br_days_from_civil(2000, 3, 1), 11017);
    assert_int_equal(br_days_from_civil(2024, 2, 29), 19782);
    for (long long days = -800; days < 800000; days += 997) {
        br_civil_from_days(days, &y, &m, &d);
        assert_int_equal(br_days_from_civil(y, m, d), days);
    }
}

static void tz_offsets(void **state)
{
    long off;
    (void)state;
    assert_int_equal(br_tz_offset_parse("UTC", &off), 0);
    assert_int_equal(off, 0);
    assert_int_equal(br_tz_offset_parse("+08:00", &off), 0);
    assert_int_equal(off, 28800);
    assert_int_equal(br_tz_offset_parse("-0430", &off), 0);
    assert_int_equal(off, -16200);
    assert_int_equal(br_tz_offset_parse("+9", &off), 0);
    assert_int_equal(off, 32400);
    assert_int_equal(br_tz_offset_parse("Europe/Paris", &off), -1);
    assert_int_equal(br_tz_offset_parse("+25", &off), -1);
    assert_int_equal(br_tz_offset_parse("+08:0", &off), -1);
}

static void timedelta_days(void **state)
{
    static const char a[] = "1 day, 19:38:19", b[] = "2 days, 3:04:05", c[] = "19:38:19",
                      d[] = "1 day 19:38:19";
    double days;
    (void)state;
    assert_int_equal(br_timedelta_days(a, a + strlen(a), &days), 7);
    assert_true(days == 1);
    assert_int_equal(br_timedelta_days(b, b + strlen(b), &days), 8);
    assert_true(days == 2);
    assert_int_equal(br_timedelta_days(c, c + strlen(c), &days), 0);
    assert_true(days == 0);
    assert_int_equal(br_timedelta_days(d, d + strlen(d), &days), 0);
}

static void times_of_day(void **state)
{
    double t;
    (void)state;
    assert_int_equal(br_time_of_day_parse("23:59:58", 8, &t), 1);
    assert_true(t == 86398);
    assert_int_equal(br_time_of_day_parse("9:05:01.250", 11, &t), 1);
    assert_true(t == 32701.25);
    assert_int_equal(br_time_of_day_parse("11:59:58 PM", 11, &t), 1);
    assert_true(t == 86398);
    assert_int_equal(br_time_of_day_parse("12:00:01 AM", 11, &t), 1);
    assert_true(t == 1);
    assert_int_equal(br_time_of_day_parse("12:30:00 pm", 11, &t), 1);
    assert_true(t == 45000);
    assert_int_equal(br_time_of_day_parse("9:05:01AM", 9, &t), 1);
    assert_true(t == 32701);
    assert_int_equal(br_time_of_day_parse("13:00:00 PM", 11, &t), 0);
    assert_int_equal(br_time_of_day_parse("00:00:00 AM", 11, &t), 0);
    assert_int_equal(br_time_of_day_parse("11:59:58 XM", 11, &t), 0);
    assert_int_equal(br_time_of_day_parse("11:59:58  PM", 12, &t), 0);
    assert_int_equal(br_time_of_day_parse("11:59:58 P", 10, &t), 0);
}

static void epoch_counts(void **state)
{
    double t;
    (void)state;
    assert_string_equal(br_epoch_count("1763769598123", 13, &t), " (epoch milliseconds)");
    assert_true(fabs(t - 1763769598.123) < 1e-6);
    assert_string_equal(br_epoch_count("1763769598", 10, &t), " (epoch seconds)");
    assert_true(t == 1763769598.0);
    assert_string_equal(br_epoch_count("1763769598123456789", 19, &t), " (epoch nanoseconds)");
    assert_true(fabs(t - 1763769598.123457) < 1e-5);
    assert_null(br_epoch_count("176376959812", 12, &t));       /* no unit has 12 digits */
    assert_null(br_epoch_count("-763769598123", 13, &t));
    assert_null(br_epoch_count("1763769598.12", 13, &t));
}

/* The clock of month-day times: days counted forward, the year's end passed, the end of
 * February known only after a 29 February (expected values: days worked out by hand). */
static void month_day_clock(void **state)
{
    struct br_md_clock c = BR_MD_CLOCK_INIT, leap = BR_MD_CLOCK_INIT, back = BR_MD_CLOCK_INIT;
    double t0;
    (void)state;
    assert_true(br_md_time(1, 1, 5) == 5);
    assert_true(br_md_time(2, 29, 0) == 59 * 86400.0);    /* a leap calendar */
    assert_true(br_md_time(3, 1, 0) == 60 * 86400.0);
    t0 = br_md_clock_next(&c, br_md_time(12, 31, 86399));
    assert_true(t0 == 365 * 86400.0 + 86399);
    /* one second later, over the year's end */
    assert_true(br_md_clock_next(&c, br_md_time(1, 1, 0)) - t0 == 1);
    assert_true(br_md_clock_next(&c, br_md_time(2, 28, 43200)) - t0 == 58 * 86400.0 + 43201);
    /* 28 February to 1 March: a day or two, not known */
    assert_true(isnan(br_md_clock_next(&c, br_md_time(3, 1, 0))));
    assert_true(isnan(br_md_clock_next(&c, br_md_time(3, 2, 0))));   /* nor after */
    assert_int_equal(c.broken, 1);
    /* with a 29 February seen, the end of February is passed by one day */
    t0 = br_md_clock_next(&leap, br_md_time(2, 28, 0));
    assert_true(br_md_clock_next(&leap, br_md_time(2, 29, 0)) - t0 == 86400);
    assert_true(br_md_clock_next(&leap, br_md_time(3, 1, 60)) - t0 == 2 * 86400 + 60);
    /* a day back is a clock set back, not a year on; 70 days back likewise */
    t0 = br_md_clock_next(&back, br_md_time(8, 18, 100));
    assert_true(br_md_clock_next(&back, br_md_time(8, 17, 100)) - t0 == -86400);
    assert_true(br_md_clock_next(&back, br_md_time(6, 8, 100)) - t0 == -71 * 86400.0);
    assert_int_equal(back.broken, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(forms),  cmocka_unit_test(rejects), cmocka_unit_test(bounded),
        cmocka_unit_test(format), cmocka_unit_test(civil),   cmocka_unit_test(tz_offsets),
        cmocka_unit_test(epoch_counts), cmocka_unit_test(timedelta_days),
        cmocka_unit_test(times_of_day),
        cmocka_unit_test(month_day_clock),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
