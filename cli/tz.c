/*
 * tz.c: --tz, placing floating timestamps in a zone. Fixed offsets are
 * arithmetic; IANA names go through the C library (TZ + mktime), which is
 * process-wide state and therefore lives here in cli/, not in the library.
 * The offset is looked up once per wall-clock hour, so DST changes inside a
 * trace are honoured without a mktime per sample.
 */
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

int br_cli_apply_tz(struct br_source *s, const char *tz)
{
    long fixed;
    int named = br_tz_offset_parse(tz, &fixed) != 0;

    if (named) {
        if (!zone_file_exists(tz))
            return -1;
        setenv("TZ", tz, 1);
        tzset();
    }
    for (size_t i = 0; i < s->ntraces; i++) {
        struct br_trace *tr = s->traces[i];
        long long hour = -1;
        long off = fixed;

        if (tr->zoned || !tr->timed)
            continue;
        for (size_t k = 0; k < tr->nr; k++) {
            if (named && (long long)floor(tr->t[k] / 3600) != hour) {
                hour = (long long)floor(tr->t[k] / 3600);
                off = offset_at(tr->t[k]);
            }
            tr->t[k] -= (double)off;
        }
        tr->zoned = 1;
    }
    return 0;
}
