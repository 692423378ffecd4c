/*
 * tz.c: --tz, placing floating timestamps in a zone: one operation over a
 * whole source (trace samples, epoch starts and ends, which come from log
 * line times), and over --start instants. Fixed offsets are
 * arithmetic; IANA names go through the C library (TZ + mktime), which is
 * process-wide state and therefore lives here in cli/, not in the library.
 * The offset is looked up once per wall-clock hour, so DST changes inside a
 * trace are honoured without a mktime per sample.
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "model/timefmt.h"
#include "model/banned.h"

static int zone_file_exists(const char *name)
{
    char path[512];
    if (strstr(name, "..") || name[0] == '/')
        return 0;
    snprintf(path, sizeof(path), "/usr/share/zoneinfo/%s", name);
    return access(path, R_OK) == 0;
}

int br_cli_tz_valid(const char *tz)
{
    long off;
    return br_tz_offset_parse(tz, &off) == 0 || zone_file_exists(tz);
}

/* Offset east of UTC (s) in zone TZ (already set) at floating wall time `wall`. */
static long offset_at(double wall)
{
    long long days = (long long)floor(wall / 86400);
    long long sod = (long long)floor(wall) - days * 86400;
    long long y;
    unsigned m, d;
    struct tm tm = { 0 };
    time_t utc;

    br_civil_from_days(days, &y, &m, &d);
    tm.tm_year = (int)(y - 1900);
    tm.tm_mon = (int)m - 1;
    tm.tm_mday = (int)d;
    tm.tm_hour = (int)(sod / 3600);
    tm.tm_min = (int)(sod / 60 % 60);
    tm.tm_sec = (int)(sod % 60);
    tm.tm_isdst = -1;
    utc = mktime(&tm);
    return (long)((long long)floor(wall) - (long long)utc);
}

/* Floating wall-clock instants to UTC in one zone; the offset is cached per hour. */
struct zone {
    int named;
    long fixed, off;
    long long hour;
};

static int zone_open(struct zone *z, const char *tz)
{
    z->named = br_tz_offset_parse(tz, &z->fixed) != 0;
    z->off = z->fixed;
    z->hour = LLONG_MIN;
    if (z->named) {
        if (!zone_file_exists(tz))
            return -1;
        setenv("TZ", tz, 1);
        tzset();
    }
    return 0;
}

static double to_utc(struct zone *z, double wall)
{
    if (isnan(wall))
        return wall;
    if (z->named && (long long)floor(wall / 3600) != z->hour) {
        z->hour = (long long)floor(wall / 3600);
        z->off = offset_at(wall);
    }
    return wall - (double)z->off;
}

int br_cli_tz_instant(const char *tz, double *t)
{
    struct zone z;

    if (zone_open(&z, tz) < 0)
        return -1;
    *t = to_utc(&z, *t);
    return 0;
}

int br_cli_apply_tz(struct br_source *s, const char *tz)
{
    struct zone z;

    if (zone_open(&z, tz) < 0)
        return -1;
    for (size_t i = 0; i < s->ntraces; i++) {
        struct br_trace *tr = s->traces[i];
        if (tr->zoned || !tr->timed)
            continue;
        for (size_t k = 0; k < tr->nr; k++)
            tr->t[k] = to_utc(&z, tr->t[k]);
        tr->zoned = 1;
    }
    for (size_t i = 0; i < s->nruns; i++) {
        struct br_run *r = s->runs[i];
        if (r->zoned)
            continue;
        for (size_t k = 0; k < r->nepochs; k++) {
            r->epochs[k].start = to_utc(&z, r->epochs[k].start);
            r->epochs[k].end = to_utc(&z, r->epochs[k].end);
        }
        r->zoned = 1;
    }
    return 0;
}
