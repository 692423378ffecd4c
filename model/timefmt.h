#ifndef BR_TIMEFMT_H
#define BR_TIMEFMT_H
/*
 * Timestamps. benchreport keeps every instant as double seconds since the
 * Unix epoch. A timestamp that names its zone is converted to UTC and is
 * "zoned"; one that does not (nvidia-smi's local time) is "floating": its
 * wall-clock fields are kept as if they were UTC, and it is compared only with
 * other floating times unless --tz says where it was recorded.
 */
#include <stddef.h>

struct br_time {
    double t;    /* seconds since 1970-01-01T00:00:00 (UTC when zoned) */
    int zoned;   /* 1 when the text named its zone (Z, +08:00, +0900) */
    int whole;   /* 1 when the text gave no fraction of a second (cut to the second) */
    int noyear;  /* BR_NOYEAR_MONTHDAY when the text gave no year (t is a br_md_time),
                    BR_NOYEAR_TIMEOFDAY when it gave no date (t is seconds from midnight);
                    set by br_clean_line only (br_time_parse leaves it 0) */
};
enum { BR_NOYEAR_MONTHDAY = 1, BR_NOYEAR_TIMEOFDAY = 2 };

/*
 * Parses one timestamp at the start of [s, s+n) in any of these forms:
 *   2024/10/30 18:42:33.189            nvidia-smi (floating)
 *   2025-09-24T03:48:33.493Z           ISO 8601, 'T' or ' ', fraction with
 *   2026-01-15 09:00:20,123+08:00      '.' or ',', zone Z, +HH:MM, +HHMM, +HH
 *   1763638585.215                     Unix seconds (zoned), 9 to 11 digits
 *   Sat Nov  8 15:54:21 2025 +0900     powermetrics header (zone optional)
 *   Fri Nov 21 23:59:58 EST 2025       date(1); floating unless UTC or GMT
 *   01.03.2025 10:00:00,5              DD.MM.YYYY (de, ru locales), then as ISO
 * Returns the number of bytes consumed (0 when nothing parses). Never reads
 * past s+n, so `s` need not be NUL-terminated.
 */
size_t br_time_parse(const char *s, size_t n, struct br_time *out);

/*
 * br_time_parse with a one-entry cache of the date part: consecutive lines
 * of a trace share their date, so the calendar arithmetic runs once a day.
 * Same results as br_time_parse. The cache starts zeroed (BR_TIME_CACHE_INIT).
 */
struct br_time_cache {
    char date[11];      /* "YYYY/MM/DD" + the separator after it */
    int valid;
    double day_s;       /* seconds since the epoch at that date's midnight */
};
#define BR_TIME_CACHE_INIT { { 0 }, 0, 0 }
size_t br_time_parse_cached(struct br_time_cache *c, const char *s, size_t n,
                            struct br_time *out);

/*
 * The civil date of day `days` since 1970-01-01, and back (proleptic
 * Gregorian; Hinnant's algorithms).
 */
long long br_days_from_civil(long long y, unsigned m, unsigned d);
void br_civil_from_days(long long days, long long *y, unsigned *m, unsigned *d);

/*
 * Formats `t` as ISO 8601 with fractional seconds, 3 to 6 digits (trailing
 * zeros past the milliseconds dropped), and a 'Z' suffix when `zoned`:
 *   2024-10-30T18:42:33.189   2025-11-08T06:54:21.123456Z
 * A time outside years 0000 to 9999 (or not finite) is written as
 * "(time out of range)". `out` must hold BR_TIME_FMT_LEN bytes. Returns `out`.
 */
#define BR_TIME_FMT_LEN 96
/* The times br_time_format writes as dates (0000-01-01 to 9999-12-31, in seconds). */
#define BR_TIME_MIN (-62167219200.0)
#define BR_TIME_MAX 253402300800.0
char *br_time_format(double t, int zoned, char *out);

/*
 * `d` rounded to the microsecond: the difference of two instants carries the
 * rounding noise of their magnitude (1e9 s), below the inputs' precision.
 */
double br_round_us(double d);

/*
 * The "N day, " or "N days, " that Python's timedelta puts before "H:MM:SS" past a day
 * ("1 day, 19:38:19"): its length at [p, end) with N in *days, or 0 with *days 0.
 */
size_t br_timedelta_days(const char *p, const char *end, double *days);

/*
 * The whole of [p, p+n) as Python's str(timedelta(seconds=int(t))) writes it: "H:MM:SS" or
 * "N day(s), H:MM:SS" (LLaMA-Factory's elapsed_time, DINO's epoch_time), in seconds; NaN
 * when it is not one (a fraction, a sign, anything after it, more than 47 bytes).
 */
double br_timedelta_s(const char *p, size_t n);

/*
 * Parses a zone offset: "UTC", "Z", "+08:00", "-0400", "+9". Returns 0 and
 * the offset east of UTC in seconds, or -1.
 */
int br_tz_offset_parse(const char *s, long *offset_s);

/*
 * Parses the whole of [p, p+n) as a time of day without a date: "10:00:00",
 * "9:05:01.250" (or a locale's ",250"), or on a 12-hour clock "11:59:58 PM"
 * (en-US, PowerShell's Get-Date -Format T). Returns 1 and the seconds from its
 * midnight in *out, or 0.
 */
int br_time_of_day_parse(const char *p, size_t n, double *out);

/*
 * A clock of times of day read in order (a logger that writes no date):
 * br_tod_clock_next turns each into seconds from the first day's midnight,
 * adding a day whenever the clock falls back by more than half a day (it
 * passed midnight). The times are floating (zoned 0) and stay below
 * BR_CALENDAR_MIN_S, so they read as elapsed seconds, not a calendar clock.
 */
struct br_tod_clock {
    double last;   /* the last time returned */
    double days;   /* midnights crossed so far (s) */
};
#define BR_TOD_CLOCK_INIT { 0, 0 }
double br_tod_clock_next(struct br_tod_clock *c, double tod);

/*
 * A clock of month-day times read in order (a logger that writes no year:
 * MMEngine's console, "08/18 20:27:22"). Such a time comes as seconds from 1
 * January of a leap year (br_md_time; 29 February is day 59 from 0), and
 * br_md_clock_next turns each into seconds from the first one's 1 January,
 * counting its days forward: to a day up to 62 days earlier in the year is
 * into the next year (31 December, then 1 January), to one further back a
 * clock set back (a time before the last, which readers treat so). Over the
 * end of February the days between are known only once a 29 February showed
 * in that year: otherwise that time and every later one are NaN (`broken`).
 * The times stay below BR_CALENDAR_MIN_S, elapsed seconds: a reader keeps
 * their differences, never them as instants.
 */
struct br_md_clock {
    double days;      /* days from the first time's 1 January to the last time's day */
    int doy;          /* the last time's day of the year (0 = 1 January, leap calendar) */
    int have;         /* a time was read */
    int feb29;        /* the last time's year showed a 29 February */
    int broken;       /* the days became unknown: NaN from then on */
};
#define BR_MD_CLOCK_INIT { 0, 0, 0, 0, 0 }
double br_md_time(unsigned month, unsigned day, double secs);
double br_md_clock_next(struct br_md_clock *c, double t);

/*
 * A whole count since 1970 in the unit its digits imply: 10 digits seconds,
 * 13 milliseconds, 16 microseconds, 19 nanoseconds (the whole of [p, p+n), no
 * sign). Returns the words that name the unit (" (epoch milliseconds)") with
 * the seconds in *t, or NULL. The time is UTC (zoned).
 */
const char *br_epoch_count(const char *p, size_t n, double *t);

#endif
