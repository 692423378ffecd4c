/*
 * tz.c: --tz, placing floating timestamps in a zone: one operation over a
 * whole source (trace samples, epoch starts and ends, which come from log
 * line times), and over --start instants. Fixed offsets are
 * arithmetic; IANA names go through the C library (TZ + mktime), which is
 * process-wide state and therefore lives here in cli/, not in the library.
 * The offset is looked up once per wall-clock hour, so DST changes inside a
 * trace are honoured without a mktime per sample. Around a change: a time in
 * the spring gap does not exist in the zone (the file was not written on its
 * clock: an error, times left floating); the repeated autumn hour is told
 * apart by order (a trace's fold, br_time_step; a log's epoch times going
 * back), the first pass before, the second after.
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

/* The calendar fields of floating wall time `wall` (whole seconds). */
static struct tm wall_tm(double wall)
{
    long long days = (long long)floor(wall / 86400);
    long long sod = (long long)floor(wall) - days * 86400;
    long long y;
    unsigned m, d;
    struct tm tm = { 0 };

    br_civil_from_days(days, &y, &m, &d);
    tm.tm_year = (int)(y - 1900);
    tm.tm_mon = (int)m - 1;
    tm.tm_mday = (int)d;
    tm.tm_hour = (int)(sod / 3600);
    tm.tm_min = (int)(sod / 60 % 60);
    tm.tm_sec = (int)(sod % 60);
    return tm;
}

static int same_wall(const struct tm *a, const struct tm *b)
{
    return a->tm_year == b->tm_year && a->tm_mon == b->tm_mon && a->tm_mday == b->tm_mday &&
           a->tm_hour == b->tm_hour && a->tm_min == b->tm_min && a->tm_sec == b->tm_sec;
}

/*
 * The UTC offsets (s east) at which wall time `wall` happens in zone TZ
 * (already set), earliest instant first: none in the spring gap, two in the
 * repeated autumn hour, one otherwise. Returns how many.
 */
static int offsets_at(double wall, long off[2])
{
    struct tm want = wall_tm(wall);
    long long sec = (long long)floor(wall);
    int n = 0;

    for (int dst = 1; dst >= 0; dst--) {
        struct tm tm = want, got;
        time_t u;
        long o;
        tm.tm_isdst = dst;
        u = mktime(&tm);
        if (!localtime_r(&u, &got) || !same_wall(&got, &want))
            continue;
        o = (long)(sec - (long long)u);
        if (n && off[0] == o)
            continue;
        off[n++] = o;
    }
    if (n == 2 && off[1] > off[0]) {   /* the larger offset is the earlier instant */
        long t = off[0];
        off[0] = off[1];
        off[1] = t;
    }
    return n;
}

/*
 * Floating wall-clock instants to UTC in one zone. The offset is cached per
 * wall-clock hour; an hour with a change in it (the gap, the repeated hour,
 * a half-hour shift) is looked up per instant.
 */
struct zone {
    int named;
    long fixed, off;
    long long hour;
    int special;    /* the cached hour has a change in it */
};

static int zone_open(struct zone *z, const char *tz)
{
    z->named = br_tz_offset_parse(tz, &z->fixed) != 0;
    z->off = z->fixed;
    z->hour = LLONG_MIN;
    z->special = 0;
    if (z->named) {
        if (!zone_file_exists(tz))
            return -1;
        setenv("TZ", tz, 1);
        tzset();
    }
    return 0;
}

static void zone_hour(struct zone *z, long long hour)
{
    long a[2], b[2];
    int na = offsets_at((double)hour * 3600, a), nb = offsets_at((double)hour * 3600 + 3599, b);

    z->hour = hour;
    z->special = !(na == 1 && nb == 1 && a[0] == b[0]);
    z->off = a[0];
}

/*
 * `wall` in UTC; in the repeated hour, the first pass of it unless `later`.
 * NaN for a wall time the zone skips (*gap set) and for NaN.
 */
static double to_utc(struct zone *z, double wall, int later, int *gap)
{
    long off[2];
    int n;

    if (isnan(wall) || !z->named)
        return wall - (double)z->fixed;
    if ((long long)floor(wall / 3600) != z->hour)
        zone_hour(z, (long long)floor(wall / 3600));
    if (!z->special)
        return wall - (double)z->off;
    n = offsets_at(wall, off);
    if (n == 0) {
        *gap = 1;
        return NAN;
    }
    return wall - (double)off[n == 2 && later ? 1 : 0];
}

int br_cli_tz_instant(const char *tz, double *t)
{
    struct zone z;
    int gap = 0;
    double u;

    if (zone_open(&z, tz) < 0)
        return -1;
    u = to_utc(&z, *t, 0, &gap);
    if (gap)
        return -2;
    *t = u;
    return 0;
}

/*
 * Places trace `tr` (floating, timed) in the zone. Samples from its fold on
 * (the clock went back) take the repeated hour's second pass; when that does
 * not put them after the samples before it, the trace is cut at the fold.
 * A sample in the zone's spring gap leaves the whole trace floating.
 */
static void place_trace(struct br_source *s, struct br_trace *tr, struct zone *z, const char *tz,
                        unsigned *told)
{
    char a[BR_TIME_FMT_LEN], b[BR_TIME_FMT_LEN];
    int gap = 0;

    for (size_t k = 0; k < tr->nr && !gap; k++)
        if (isnan(to_utc(z, tr->t[k], tr->fold && k >= tr->fold, &gap)) && gap)
            br_source_diag(s, BR_ERROR, 0, 0,
                           "%s does not exist in %s (its clocks skip that hour): this trace "
                           "was not recorded on that zone's clock; its times are not placed",
                           br_time_format(tr->t[k], 0, a), tz);
    if (gap)
        return;
    if (tr->fold) {
        int g = 0;
        double before = to_utc(z, tr->t[tr->fold - 1], 0, &g);
        double after = to_utc(z, tr->t[tr->fold], 1, &g);
        if (!(after >= before)) {
            if (*told != tr->fold_line)   /* once for the traces of one row */
                br_source_diag(s, BR_ERROR, tr->fold_line, 1,
                               "timestamp goes backwards: %s after %s, not a daylight-saving "
                               "change in %s; later samples not used",
                               br_time_format(tr->t[tr->fold], 0, a),
                               br_time_format(tr->t[tr->fold - 1], 0, b), tz);
            *told = tr->fold_line;
            br_trace_truncate(tr, tr->fold);
        }
    }
    for (size_t k = 0; k < tr->nr; k++)
        tr->t[k] = to_utc(z, tr->t[k], tr->fold && k >= tr->fold, &gap);
    tr->fold = 0;
    tr->fold_line = 0;
    tr->zoned = 1;
}

/*
 * Places run `r`'s epoch starts and ends in the zone, in order: a time before
 * the one before it (by at most an hour) is the repeated hour's second pass.
 * A time in the spring gap leaves the run floating.
 */
static void place_run(struct br_source *s, struct br_run *r, struct zone *z, const char *tz)
{
    char a[BR_TIME_FMT_LEN];
    double prev = NAN;
    int later = 0, gap = 0;

    for (size_t k = 0; k < r->nepochs && !gap; k++) {
        double *v[2] = { &r->epochs[k].start, &r->epochs[k].end };
        for (int j = 0; j < 2 && !gap; j++) {
            if (isnan(*v[j]))
                continue;
            if (!later && prev - *v[j] >= BR_FOLD_MIN_S && prev - *v[j] <= BR_FOLD_MAX_S)
                later = 1;
            prev = *v[j];
            if (isnan(to_utc(z, *v[j], later, &gap)) && gap)
                br_source_diag(s, BR_ERROR, r->epochs[k].line, 1,
                               "%s does not exist in %s (its clocks skip that hour): this "
                               "log was not written on that zone's clock; its times are not "
                               "placed", br_time_format(*v[j], 0, a), tz);
        }
    }
    if (gap)
        return;
    prev = NAN;
    later = 0;
    for (size_t k = 0; k < r->nepochs; k++) {
        double *v[2] = { &r->epochs[k].start, &r->epochs[k].end };
        for (int j = 0; j < 2; j++) {
            if (isnan(*v[j]))
                continue;
            if (!later && prev - *v[j] >= BR_FOLD_MIN_S && prev - *v[j] <= BR_FOLD_MAX_S)
                later = 1;
            prev = *v[j];
            *v[j] = to_utc(z, *v[j], later, &gap);
        }
        if (isnan(r->epochs[k].duration) && r->epochs[k].end >= r->epochs[k].start)
            r->epochs[k].duration = br_round_us(r->epochs[k].end - r->epochs[k].start);
    }
    r->zoned = 1;
}

int br_cli_apply_tz(struct br_source *s, const char *tz)
{
    struct zone z;
    unsigned told = 0;

    if (zone_open(&z, tz) < 0)
        return -1;
    for (size_t i = 0; i < s->ntraces; i++) {
        struct br_trace *tr = s->traces[i];
        if (!tr->zoned && tr->timed)
            place_trace(s, tr, &z, tz, &told);
    }
    for (size_t i = 0; i < s->nruns; i++)
        if (!s->runs[i]->zoned)
            place_run(s, s->runs[i], &z, tz);
    return 0;
}

void br_cli_settle_folds(struct br_source *s)
{
    char a[BR_TIME_FMT_LEN], b[BR_TIME_FMT_LEN];
    unsigned told = 0;

    for (size_t i = 0; i < s->ntraces; i++) {
        struct br_trace *tr = s->traces[i];
        if (!tr->fold)
            continue;
        if (tr->fold_line != told)   /* once for the traces of one row */
            br_source_diag(s, BR_ERROR, tr->fold_line, 1,
                           "timestamp goes backwards: %s after %s (a daylight-saving change? "
                           "--tz ZONE places it); later samples not used",
                           br_time_format(tr->t[tr->fold], 0, a),
                           br_time_format(tr->t[tr->fold - 1], 0, b));
        told = tr->fold_line;
        br_trace_truncate(tr, tr->fold);
    }
    for (size_t i = 0; i < s->nruns; i++) {
        const struct br_run *r = s->runs[i];
        for (size_t k = 0; k < r->nepochs && !r->zoned; k++) {
            const struct br_epoch *e = &r->epochs[k];
            if (!(e->end < e->start))
                continue;
            br_source_diag(s, BR_WARNING, e->line, 1,
                           "epoch %u ends before it starts: %s after %s (a daylight-saving "
                           "change? --tz ZONE places it); its time is not known", e->index,
                           br_time_format(e->end, 0, a), br_time_format(e->start, 0, b));
        }
    }
}
