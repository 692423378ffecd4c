/*
 * clock.c: wall-clock time and the two ways benchtrain writes it: ISO 8601
 * UTC with microseconds in the log, nvidia-smi's `YYYY/MM/DD HH:MM:SS.mmm`
 * (UTC) in power CSV. Civil dates are computed, not taken from gmtime, so
 * there is no shared state between threads.
 */
#include <math.h>
#include <stdio.h>
#include <time.h>

#include "runner/bt.h"

double bt_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Days since 1970-01-01 to year, month, day (proleptic Gregorian). */
static void civil(long long days, long long *y, long long *m, long long *d)
{
    long long z = days + 719468, era = (z >= 0 ? z : z - 146096) / 146097,
              doe = z - era * 146097,
              yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365,
              doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
    *d = doy - (153 * mp + 2) / 5 + 1;
    *m = mp < 10 ? mp + 3 : mp - 9;
    *y = yoe + era * 400 + (*m <= 2);
}

void bt_format_time(char *out, size_t size, double t, enum bt_time_style style)
{
    long long us = (long long)llround(t * 1e6), s = us / 1000000, sod = s % 86400, y, m, d;

    civil(s / 86400, &y, &m, &d);
    if (style == BT_TIME_ISO)
        snprintf(out, size, "%04lld-%02lld-%02lldT%02lld:%02lld:%02lld.%06lldZ", y, m, d,
                 sod / 3600, sod / 60 % 60, sod % 60, us % 1000000);
    else
        snprintf(out, size, "%04lld/%02lld/%02lld %02lld:%02lld:%02lld.%03lld", y, m, d,
                 sod / 3600, sod / 60 % 60, sod % 60, us % 1000000 / 1000);
}
