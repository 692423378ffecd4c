/*
 * timefmt.c: hand-written timestamp scanners. They are on the hot path of
 * the nvidia-smi parser (one call per data line), so they read fixed-width
 * digit fields directly instead of going through strptime/mktime, which are
 * slower, locale-dependent and use global time-zone state.
 */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "model/num.h"
#include "model/timefmt.h"
#include "model/banned.h"

long long br_days_from_civil(long long y, unsigned m, unsigned d)
{
    long long era, yoe, doy, doe;

    y -= m <= 2;
    era = (y >= 0 ? y : y - 399) / 400;
    yoe = y - era * 400;
    doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

void br_civil_from_days(long long z, long long *y, unsigned *m, unsigned *d)
{
    long long era, doe, yoe, doy, mp;

    z += 719468;
    era = (z >= 0 ? z : z - 146096) / 146097;
    doe = z - era * 146097;
    yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    mp = (5 * doy + 2) / 153;
    *d = (unsigned)(doy - (153 * mp + 2) / 5 + 1);
    *m = (unsigned)(mp < 10 ? mp + 3 : mp - 9);
    *y = yoe + era * 400 + (*m <= 2);
}

/* Reads exactly `w` digits at p (bounded by end). Returns -1 if not digits. */
static long digits(const char *p, const char *end, int w)
{
    long v = 0;
    if (end - p < w)
        return -1;
    for (int i = 0; i < w; i++) {
        unsigned c = (unsigned char)p[i] - '0';
        if (c > 9)
            return -1;
        v = v * 10 + (long)c;
    }
    return v;
}

static int isdig(const char *p, const char *end)
{
    return p < end && *p >= '0' && *p <= '9';
}

/* Two digits at p as a number, or a value over 99 when either is not a digit. */
static inline unsigned two(const char *p)
{
    unsigned a = (unsigned)(unsigned char)p[0] - '0', b = (unsigned)(unsigned char)p[1] - '0';
    return a > 9 || b > 9 ? 100 : a * 10 + b;
}


/*
 * Fraction after '.' or ','; returns bytes consumed (0 if none). Digits past
 * the ninth (below a nanosecond) are read but not used; the value is one
 * integer divided by a power of ten, so ".189" is exactly 189 / 1e3.
 */
static size_t fraction(const char *p, const char *end, double *frac)
{
    static const double p10[] = { 1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9 };
    const char *q = p + 1;
    unsigned long v = 0;
    int nd = 0;

    if (p >= end || (*p != '.' && *p != ',') || !isdig(q, end))
        return 0;
    if (end - q >= 3 && two(q) < 100 && isdig(q + 2, end) && !isdig(q + 3, end)) {
        /* milliseconds, as nvidia-smi prints them */
        *frac = (double)(two(q) * 10 + (unsigned)(q[2] - '0')) / 1e3;
        return 4;
    }
    while (isdig(q, end)) {
        if (nd < 9) {
            v = v * 10 + (unsigned long)(*q - '0');
            nd++;
        }
        q++;
    }
    *frac = (double)v / p10[nd];
    return (size_t)(q - p);
}

/* Zone after a time: Z, +HH:MM, +HHMM, +HH. Returns bytes, sets *off. */
static size_t zone(const char *p, const char *end, long *off)
{
    long h, m = 0;
    const char *q;
    int sign;

    if (p < end && *p == 'Z') {
        *off = 0;
        return 1;
    }
    if (p >= end || (*p != '+' && *p != '-'))
        return 0;
    sign = *p == '-' ? -1 : 1;
    q = p + 1;
    if ((h = digits(q, end, 2)) < 0)
        return 0;
    q += 2;
    if (q < end && *q == ':' && digits(q + 1, end, 2) >= 0) {
        m = digits(q + 1, end, 2);
        q += 3;
    } else if (digits(q, end, 2) >= 0) {
        m = digits(q, end, 2);
        q += 2;
    }
    if (h > 23 || m > 59)
        return 0;
    *off = sign * (h * 3600 + m * 60);
    return (size_t)(q - p);
}

static int valid_civil(long y, long mo, long d, long h, long mi, long s)
{
    return y >= 1970 && y <= 9999 && mo >= 1 && mo <= 12 && d >= 1 && d <= 31 && h >= 0 &&
           h <= 23 && mi >= 0 && mi <= 59 && s >= 0 && s <= 60;
}

/* HH:MM:SS at p; returns seconds of day or -1. */
static long hms(const char *p, const char *end)
{
    unsigned h, mi, s;
    if (end - p < 8 || p[2] != ':' || p[5] != ':')
        return -1;
    h = two(p);
    mi = two(p + 3);
    s = two(p + 6);
    if (h > 23 || mi > 59 || s > 60)
        return -1;
    return (long)(h * 3600 + mi * 60 + s);
}

/* The time of day and zone after a date already known to start at day_s. */
static size_t parse_after_date(const char *s, const char *end, double day_s,
                               struct br_time *out)
{
    const char *p = s + 11;
    long sec = hms(p, end), off = 0;
    double frac = 0;
    size_t z, k;

    if (sec < 0)
        return 0;
    p += 8;
    k = fraction(p, end, &frac);
    p += k;
    z = zone(p, end, &off);
    p += z;
    out->zoned = z > 0;
    out->whole = k == 0;
    out->t = day_s + (double)(sec - off) + frac;
    return (size_t)(p - s);
}

/* YYYY-MM-DD or YYYY/MM/DD, then 'T' or ' ', then HH:MM:SS[.f][zone]. */
static size_t parse_ymd(const char *s, const char *end, struct br_time *out)
{
    long y = digits(s, end, 4), mo, d;
    char sep;

    if (y < 0 || end - s < 19)
        return 0;
    sep = s[4];
    if ((sep != '-' && sep != '/') || s[7] != sep)
        return 0;
    mo = digits(s + 5, end, 2);
    d = digits(s + 8, end, 2);
    if ((s[10] != 'T' && s[10] != ' ') || !valid_civil(y, mo, d, 0, 0, 0))
        return 0;
    return parse_after_date(s, end, (double)(br_days_from_civil(y, (unsigned)mo, (unsigned)d) *
                                             86400), out);
}

/* Midnight of the YYYY-MM-DD date at s (floating). Returns 1, or 0. */
static int parse_ymd_date(const char *s, const char *end, struct br_time *out)
{
    long y = digits(s, end, 4), mo = digits(s + 5, end, 2), d = digits(s + 8, end, 2);
    if (y < 0 || !valid_civil(y, mo, d, 0, 0, 0))
        return 0;
    out->t = (double)(br_days_from_civil(y, (unsigned)mo, (unsigned)d) * 86400);
    out->zoned = 0;
    out->whole = 1;
    return 1;
}

/* Unix seconds with 9 to 11 integer digits and an optional fraction. */
static size_t parse_unix(const char *s, const char *end, struct br_time *out)
{
    const char *p = s;
    double v = 0, frac = 0;
    size_t k = 0;

    while (isdig(p, end) && p - s < 12) {
        v = v * 10 + (*p - '0');
        p++;
    }
    if (p - s < 9 || p - s > 11 || isdig(p, end))
        return 0;
    if (p < end && *p == '.')
        p += k = fraction(p, end, &frac);
    if (p < end && ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || *p == ':' ||
                    *p == '-' || *p == '/'))
        return 0;
    out->t = v + frac;
    out->zoned = 1;
    out->whole = k == 0;
    return (size_t)(p - s);
}

static int month_index(const char *p, const char *end)
{
    static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
    if (end - p < 3)
        return -1;
    for (int i = 0; i < 12; i++)
        if (memcmp(months + 3 * i, p, 3) == 0)
            return i + 1;
    return -1;
}

/*
 * " EST" before the year, as date(1) prints in the C locale: 2 to 5 capitals.
 * Returns their count (0: none), *utc when they name UTC or GMT.
 */
static size_t zone_abbr(const char *p, const char *end, int *utc)
{
    const char *q = p + 1;

    if (p >= end || *p != ' ')
        return 0;
    while (q < end && q - p <= 5 && isupper((unsigned char)*q))
        q++;
    if (q - p - 1 < 2 || q - p - 1 > 5 || q >= end || *q != ' ' || digits(q + 1, end, 4) < 0)
        return 0;
    *utc = q - p - 1 == 3 && (!memcmp(p + 1, "UTC", 3) || !memcmp(p + 1, "GMT", 3));
    return (size_t)(q - p - 1);
}

/*
 * "Sat Nov  8 15:54:21 2025 +0900" (ctime form, zone optional), or date(1)'s
 * "Fri Nov 21 23:59:58 EST 2025": a zone named by letters other than UTC or GMT
 * says no offset that can be trusted (CST is three zones), so the time floats.
 */
static size_t parse_ctime(const char *s, const char *end, struct br_time *out)
{
    const char *p = s + 4;
    long mo, d = 0, sec, y, off = 0;
    size_t z = 0, abbr;
    int utc = 0;

    if (end - s < 24 || s[3] != ' ')
        return 0;
    if ((mo = month_index(p, end)) < 0 || p[3] != ' ')
        return 0;
    p += 4;
    if (*p == ' ')
        p++;
    while (isdig(p, end) && d < 100)
        d = d * 10 + (*p++ - '0');
    if (p >= end || *p != ' ')
        return 0;
    p++;
    if ((sec = hms(p, end)) < 0)
        return 0;
    p += 8;
    if ((abbr = zone_abbr(p, end, &utc)))
        p += 1 + abbr;
    if (p >= end || *p != ' ' || (y = digits(p + 1, end, 4)) < 0)
        return 0;
    p += 5;
    if (!valid_civil(y, mo, d, 0, 0, 0))
        return 0;
    if (!abbr && end - p > 1 && *p == ' ' && (p[1] == '+' || p[1] == '-'))
        z = zone(p + 1, end, &off);
    if (z)
        p += 1 + z;
    out->zoned = z > 0 || utc;
    out->whole = 1;
    out->t = (double)(br_days_from_civil(y, (unsigned)mo, (unsigned)d) * 86400 + sec - off);
    return (size_t)(p - s);
}

/*
 * A trailing " EST" (2 to 5 capitals) at p, ending the word. Returns its length
 * with the space (0: none), *utc when it names UTC or GMT.
 */
static size_t zone_abbr_last(const char *p, const char *end, int *utc)
{
    const char *q = p + 1;

    *utc = 0;
    if (end - p < 3 || *p != ' ')
        return 0;
    while (q < end && isupper((unsigned char)*q))
        q++;
    if ((q < end && isalnum((unsigned char)*q)) || q - p - 1 < 2 || q - p - 1 > 5)
        return 0;
    *utc = q - p - 1 == 3 && (!memcmp(p + 1, "UTC", 3) || !memcmp(p + 1, "GMT", 3));
    return (size_t)(q - p);
}

/*
 * date(1) in the en_US locale: "Fri 21 Nov 2025 11:59:58 PM EST" (day before the
 * named month, the year, a 12-hour time, the zone's letters). The month is named, so
 * day and month cannot be confused; a zone named by letters other than UTC or GMT
 * floats, as in parse_ctime().
 */
static size_t parse_date_en_us(const char *s, const char *end, struct br_time *out)
{
    const char *p = s + 4;
    long mo, d = 0, y, sec, h;
    size_t z;
    int utc = 0;

    if (end - s < 26 || s[3] != ' ' || !isupper((unsigned char)s[0]))
        return 0;
    if (*p == ' ')
        p++;
    while (isdig(p, end) && d < 100)
        d = d * 10 + (*p++ - '0');
    if (p >= end || *p++ != ' ' || (mo = month_index(p, end)) < 0 || p[3] != ' ')
        return 0;
    p += 4;
    if ((y = digits(p, end, 4)) < 0 || end - p < 16 || p[4] != ' ')
        return 0;
    p += 5;
    if ((sec = hms(p, end)) < 0 || p[8] != ' ' || p[10] != 'M' || (p[9] != 'A' && p[9] != 'P'))
        return 0;
    h = sec / 3600;
    if (h < 1 || h > 12)
        return 0;
    sec -= (h == 12 ? 12 : 0) * 3600;   /* 12 AM is midnight, 12 PM noon */
    if (p[9] == 'P')
        sec += 12 * 3600;
    p += 11;
    if (!valid_civil(y, mo, d, 0, 0, 0))
        return 0;
    z = zone_abbr_last(p, end, &utc);
    p += z;
    out->zoned = utc;
    out->whole = 1;
    out->t = (double)(br_days_from_civil(y, (unsigned)mo, (unsigned)d) * 86400 + sec);
    return (size_t)(p - s);
}

/*
 * nvidia-smi's own form, fixed width: "YYYY/MM/DD HH:MM:SS.mmm" and no zone,
 * on a date the cache holds. Returns 23, or 0 to let the general scanner try.
 */
static size_t nvsmi_fixed(const struct br_time_cache *c, const char *s, size_t n,
                          struct br_time *out)
{
    unsigned h, mi, sec, ms_hi, ms_lo;

    if (n < 23 || (n > 23 && s[23] >= '0' && s[23] <= '9') || (n > 23 && (s[23] == 'Z' ||
        s[23] == '+' || s[23] == '-')) || s[13] != ':' || s[16] != ':' || s[19] != '.')
        return 0;
    h = two(s + 11);
    mi = two(s + 14);
    sec = two(s + 17);
    ms_hi = two(s + 20);
    ms_lo = (unsigned)(unsigned char)s[22] - '0';
    if (h > 23 || mi > 59 || sec > 60 || ms_hi > 99 || ms_lo > 9)
        return 0;
    out->zoned = 0;
    out->whole = 0;
    out->t = c->day_s + (double)(h * 3600 + mi * 60 + sec) + (double)(ms_hi * 10 + ms_lo) / 1e3;
    return 23;
}

/*
 * DD.MM.YYYY, then ' ', then HH:MM:SS[.f][zone]: the date as de, ru and other
 * locales write it (a spreadsheet's export); the dots say the day comes first.
 */
static size_t parse_dmy_dots(const char *s, const char *end, struct br_time *out)
{
    char iso[10];

    if (end - s < 19 || s[2] != '.' || s[5] != '.' || s[10] != ' ' || digits(s, end, 2) < 0 ||
        digits(s + 3, end, 2) < 0 || digits(s + 6, end, 4) < 0)
        return 0;
    /* the same date as YYYY-MM-DD, then the rest as parse_ymd reads it */
    memcpy(iso, s + 6, 4);
    iso[4] = '-';
    memcpy(iso + 5, s + 3, 2);
    iso[7] = '-';
    memcpy(iso + 8, s, 2);
    if (!parse_ymd_date(iso, iso + 10, out))
        return 0;
    return parse_after_date(s, end, out->t, out);
}

/*
 * "13:51:28 2008-Apr-14": the time of day, then the date with the month's
 * name (a power meter's log of 2008 written so); no zone.
 */
static size_t parse_hms_y_mon_d(const char *s, const char *end, struct br_time *out)
{
    long sec = hms(s, end), y, mo, d;

    if (sec < 0 || end - s < 20 || s[8] != ' ' || s[13] != '-' || s[17] != '-' ||
        (y = digits(s + 9, end, 4)) < 0 || (mo = month_index(s + 14, end)) < 0 ||
        (d = digits(s + 18, end, 2)) < 0 || !valid_civil(y, mo, d, 0, 0, 0))
        return 0;
    out->zoned = 0;
    out->whole = 1;
    out->t = (double)(br_days_from_civil(y, (unsigned)mo, (unsigned)d) * 86400 + sec);
    return 20;
}

size_t br_time_parse_cached(struct br_time_cache *c, const char *s, size_t n,
                            struct br_time *out)
{
    size_t r;

    uint64_t a, b;

    if (c->valid && n >= 19 && s[10] == c->date[10] && s[8] == c->date[8] &&
        s[9] == c->date[9] && (memcpy(&a, s, 8), memcpy(&b, c->date, 8), a == b)) {
        if ((r = nvsmi_fixed(c, s, n, out)) > 0)
            return r;
        return parse_after_date(s, s + n, c->day_s, out);
    }
    r = br_time_parse(s, n, out);
    if (r >= 19 && (s[4] == '-' || s[4] == '/')) {
        struct br_time midnight;
        memcpy(c->date, s, sizeof(c->date));
        /* the date's midnight, through the full parser, zone aside */
        if (parse_ymd_date(s, s + n, &midnight)) {
            c->day_s = midnight.t;
            c->valid = 1;
        }
    }
    return r;
}

size_t br_time_parse(const char *s, size_t n, struct br_time *out)
{
    const char *end = s + n;
    size_t r;

    if (n >= 19 && isdig(s, end) && (s[4] == '-' || s[4] == '/'))
        return parse_ymd(s, end, out);
    if (n >= 19 && s[2] == '.' && (r = parse_dmy_dots(s, end, out)) > 0)
        return r;
    if (n >= 20 && s[2] == ':' && (r = parse_hms_y_mon_d(s, end, out)) > 0)
        return r;
    if (isdig(s, end))
        return parse_unix(s, end, out);
    if (n >= 24 && (r = parse_ctime(s, end, out)) > 0)
        return r;
    if (n >= 26 && (r = parse_date_en_us(s, end, out)) > 0)
        return r;
    return 0;
}

char *br_time_format(double t, int zoned, char *out)
{
    long long us, secs;
    long long frac, days, sod, y;
    unsigned m, d;
    char fbuf[24];
    int flen = 6;

    /* years 0000 to 9999 only: a time outside them is a wrong input, not a date */
    if (!(t >= BR_TIME_MIN && t < BR_TIME_MAX)) {
        snprintf(out, BR_TIME_FMT_LEN, "(time out of range)");
        return out;
    }
    us = llround(t * 1e6);
    secs = us >= 0 ? us / 1000000 : -((-us + 999999) / 1000000);
    frac = us - secs * 1000000;
    days = secs >= 0 ? secs / 86400 : -((-secs + 86399) / 86400);
    sod = secs - days * 86400;

    br_civil_from_days(days, &y, &m, &d);
    snprintf(fbuf, sizeof(fbuf), "%06lld", frac);
    while (flen > 3 && fbuf[flen - 1] == '0')
        flen--;
    fbuf[flen] = '\0';
    snprintf(out, BR_TIME_FMT_LEN, "%04lld-%02u-%02uT%02lld:%02lld:%02lld.%s%s", y, m, d,
             sod / 3600, sod / 60 % 60, sod % 60, fbuf, zoned ? "Z" : "");
    return out;
}

double br_round_us(double d)
{
    return round(d * 1e6) / 1e6;
}

int br_tz_offset_parse(const char *s, long *offset_s)
{
    size_t n = strlen(s);
    long h = 0, m = 0;
    int sign, i = 1;

    if (!strcmp(s, "UTC") || !strcmp(s, "Z") || !strcmp(s, "GMT")) {
        *offset_s = 0;
        return 0;
    }
    if (n < 2 || (s[0] != '+' && s[0] != '-'))
        return -1;
    sign = s[0] == '-' ? -1 : 1;
    while (i < (int)n && s[i] >= '0' && s[i] <= '9' && i < 3)
        h = h * 10 + (s[i++] - '0');
    if (i == 1)
        return -1;
    if (s[i] == ':')
        i++;
    if (s[i]) {
        if (n - (size_t)i != 2 || digits(s + i, s + n, 2) < 0)
            return -1;
        m = digits(s + i, s + n, 2);
    }
    if (h > 14 || m > 59)
        return -1;
    *offset_s = sign * (h * 3600 + m * 60);
    return 0;
}

int br_time_of_day_parse(const char *p, size_t n, double *out)
{
    size_t i = 0;
    long h = 0, m, sec;
    double frac = 0;

    while (i < n && i < 2 && isdigit((unsigned char)p[i]))
        h = h * 10 + (p[i++] - '0');
    if (i == 0 || i + 6 > n || p[i] != ':' || p[i + 3] != ':' ||
        !isdigit((unsigned char)p[i + 1]) ||
        !isdigit((unsigned char)p[i + 2]) || !isdigit((unsigned char)p[i + 4]) ||
        !isdigit((unsigned char)p[i + 5]))
        return 0;
    m = (p[i + 1] - '0') * 10 + (p[i + 2] - '0');
    sec = (p[i + 4] - '0') * 10 + (p[i + 5] - '0');
    i += 6;
    if (i + 1 < n && (p[i] == '.' || p[i] == ',')) {   /* ".250" or a locale's ",250" */
        double scale = 1;
        for (i++; i < n && isdigit((unsigned char)p[i]) && scale > 1e-9; i++)
            frac += (p[i] - '0') * (scale /= 10);
    }
    if (i + 2 <= n && n - i <= 3 && (i + 3 != n || p[i] == ' ')) {
        /* a 12-hour clock: "11:59:58 PM", "9:05:01AM" */
        const char *ap = p + n - 2;
        int pm = (ap[0] == 'P' || ap[0] == 'p'), am = (ap[0] == 'A' || ap[0] == 'a');
        if (!(pm || am) || !(ap[1] == 'M' || ap[1] == 'm') || h < 1 || h > 12)
            return 0;
        h = h % 12 + (pm ? 12 : 0);
        i = n;
    }
    if (i != n || h > 23 || m > 59 || sec > 60)
        return 0;
    *out = (double)(h * 3600 + m * 60 + sec) + frac;
    return 1;
}

double br_tod_clock_next(struct br_tod_clock *c, double tod)
{
    double t;

    if (tod + c->days < c->last - 43200)
        c->days += 86400;
    t = tod + c->days;
    c->last = t;
    return t;
}

double br_md_time(unsigned month, unsigned day, double secs)
{
    return (double)(br_days_from_civil(2000, month, day) - br_days_from_civil(2000, 1, 1)) *
               86400.0 + secs;
}

/* Whether walking forward from day of the year a to b (over the year's end when b < a)
 * passes the end of February (day 59, the 29th, on a leap calendar) without landing on it. */
static int over_february(int a, int b)
{
    return b >= a ? a < 59 && b > 59 : a < 59 || b > 59;
}

double br_md_clock_next(struct br_md_clock *c, double t)
{
    int day = (int)floor(t / 86400.0);
    double secs = t - day * 86400.0, step;

    if (c->broken || isnan(t))
        return NAN;
    if (!c->have) {
        c->have = 1;
        c->doy = day;
        c->days = day;
        c->feb29 = day == 59;
        return t;
    }
    step = day >= c->doy ? day - c->doy : (c->doy - day > 366 - 62 ? day + 366 - c->doy
                                                                  : day - c->doy);
    if (day < c->doy && step > 0)
        c->feb29 = 0;   /* a new year: its February not seen yet */
    if (step > 0 && !c->feb29 && over_february(c->doy, day)) {
        c->broken = 1;
        return NAN;
    }
    c->feb29 |= day == 59;
    c->days += step;
    c->doy = day;
    return c->days * 86400.0 + secs;
}

const char *br_epoch_count(const char *p, size_t n, double *t)
{
    static const struct { size_t digits; double per_s; const char *unit; } units[] = {
        { 10, 1, " (epoch seconds)" }, { 13, 1e3, " (epoch milliseconds)" },
        { 16, 1e6, " (epoch microseconds)" }, { 19, 1e9, " (epoch nanoseconds)" },
    };
    long v;

    for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
        if (n == units[i].digits && p[0] != '-' && p[0] != '+' &&
            br_long_parse(p, p + n, &v) == 0) {
            long per = (long)units[i].per_s;
            *t = (double)(v / per) + (double)(v % per) / units[i].per_s;
            return units[i].unit;
        }
    return NULL;
}

size_t br_timedelta_days(const char *p, const char *end, double *days)
{
    const char *q = p;
    double d = 0;

    *days = 0;
    while (q < end && *q >= '0' && *q <= '9' && q - p < 9)
        d = d * 10 + (*q++ - '0');
    if (q == p || end - q < 6 || memcmp(q, " day", 4))
        return 0;
    q += 4;
    q += q < end && *q == 's';
    if (end - q < 2 || memcmp(q, ", ", 2))
        return 0;
    *days = d;
    return (size_t)(q + 2 - p);
}

double br_timedelta_s(const char *p, size_t n)
{
    char buf[48];
    unsigned long h, m, s;
    const char *q = buf;
    double d;
    int used = 0;

    if (n >= sizeof(buf))
        return NAN;
    memcpy(buf, p, n);
    buf[n] = '\0';
    q += br_timedelta_days(buf, buf + n, &d);
    if (sscanf(q, "%lu:%2lu:%2lu%n", &h, &m, &s, &used) != 3 || q[used] || m > 59 || s > 59)
        return NAN;
    return d * 86400 + (double)h * 3600 + (double)m * 60 + (double)s;
}
