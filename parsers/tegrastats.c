/*
 * tegrastats.c: NVIDIA Jetson `tegrastats` output, one line per sample:
 *   [MM-DD-YYYY HH:MM:SS ]RAM 2274/6834MB (lfb 27x4MB) ... CPU [99%@1189,...]
 *       ... VDD_IN 5542mW/5542mW VDD_CPU_GPU_CV 1594mW/1594mW VDD_SOC 1234mW/1234mW
 * Older releases print the rails without units ("VDD_IN 3624/3624", mW) and
 * no time; newer ones (`tegrastats --logfile`) start each line with the
 * local time. Each rail is "NAME current/average": the current reading is
 * the sample (the average runs since tegrastats started; newer releases add the peak,
 * "VDD_IN 9761mW/9761mW/9761mW"). The AGX Xavier (L4T 32)
 * names its rails without VDD_: "GPU 6800/6800 CPU 1236/1236 SOC 2472/2472 CV 0/0
 * VDDRQ 2163/2163 SYS5V 3960/3960" (VDDRQ is the DRAM's; SYS5V the board's 5 V
 * supply, not the module's input, so no rail there is "combined").
 *
 * A line indented in a note or README (its code block) keeps its time. An AGX Orin names
 * its INA3221's unconnected channels "NC" ("NC 0mW/0mW", twice a line): no rail, no trace.
 *
 * One trace per rail, all of device "0" (one module): the module's input
 * (VDD_IN, POM_5V_IN) is domain "combined", a rail of the GPU
 * alone "gpu", of the CPU alone "cpu", of memory "dram"; shared rails
 * (VDD_CPU_GPU_CV, VDD_SOC) keep their own name as domain, so that no rail
 * is ever added to another. Without a time on the line, samples have no
 * times unless --interval gives tegrastats' interval.
 *
 * A timed line earlier than the line before is an error and not read. Three
 * or more such lines in a row are a second recording written into the file
 * (model/restart.h): no trace is read, and one error names the line where
 * it starts.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "model/hwname.h"
#include "model/num.h"
#include "model/restart.h"
#include "model/timefmt.h"
#include "parsers/parser.h"
#include "model/banned.h"

#define TS_MAX_RAILS 16
#define TS_NAME 32

struct rail {
    char name[TS_NAME];
    struct br_trace *tr;
};

struct ts {
    struct br_source *src;
    const struct br_parse_opts *o;
    struct rail rail[TS_MAX_RAILS];
    size_t nrail, nlines, nc;   /* nc: "NC" (not connected) channels passed over */
    int timed;        /* -1 until the first line says */
    double last_t;
    struct br_restart restart;   /* lines that went back: out of order, or a second recording */
};

/* "10-01-2025 20:05:55 " at the start of a line: local time. Returns the bytes read or 0. */
static size_t line_time(const char *p, size_t n, double *t)
{
    unsigned v[6];
    static const char sep[] = "-- ::";
    size_t i = 0;
    static const unsigned width[6] = { 2, 2, 4, 2, 2, 2 };

    for (int k = 0; k < 6; k++) {
        v[k] = 0;
        for (unsigned w = 0; w < width[k]; w++, i++) {
            if (i >= n || !isdigit((unsigned char)p[i]))
                return 0;
            v[k] = v[k] * 10 + (unsigned)(p[i] - '0');
        }
        if (k < 5) {
            if (i >= n || p[i] != sep[k])
                return 0;
            i++;
        }
    }
    if (v[0] < 1 || v[0] > 12 || v[1] < 1 || v[1] > 31 || v[3] > 23 || v[4] > 59 || v[5] > 60)
        return 0;
    *t = (double)br_days_from_civil(v[2], v[0], v[1]) * 86400 + v[3] * 3600.0 + v[4] * 60.0 +
         v[5];
    return i;
}

/* "5542mW/5542mW", "3624/3624" or (newer releases, current/average/peak)
 * "9761mW/9761mW/9761mW", the whole token: the current reading in mW. Returns 1 when the
 * token is one ("8915/31919MB" after RAM, "0/252kB(lfb" after IRAM are not). */
static int rail_value(const char *p, size_t n, double *mw)
{
    size_t k = br_num_parse(p, p + n, mw), a, parts = 1;
    double other;

    if (k == 0)
        return 0;
    if (n - k >= 2 && !memcmp(p + k, "mW", 2))
        k += 2;
    while (k < n && p[k] == '/' && parts < 3) {
        k++;
        a = br_num_parse(p + k, p + n, &other);
        if (a == 0)
            return 0;
        k += a;
        if (n - k >= 2 && !memcmp(p + k, "mW", 2))
            k += 2;
        parts++;
    }
    return parts >= 2 && k == n;
}

/* VDD_IN, POM_5V_GPU, VIN_SYS_5V0, and the AGX Xavier's (L4T 32) GPU, CPU, SOC, CV, VDDRQ,
 * SYS5V: capitals, digits and '_'. */
static int rail_name(const char *p, size_t n)
{
    if (n < 2 || n >= TS_NAME || !isupper((unsigned char)p[0]))
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!isupper((unsigned char)p[i]) && !isdigit((unsigned char)p[i]) && p[i] != '_')
            return 0;
    return 1;
}

/* "NC": an INA3221 channel that is not connected (an AGX Orin prints two), no rail. */
static int not_connected(const char *p, size_t n)
{
    return n == 2 && !memcmp(p, "NC", 2);
}

/* A rail's domain (br_hw_jetson_rail_domain); a shared rail's own name, lower case. */
static const char *rail_domain(struct br_trace *tr, const char *name)
{
    const char *d = br_hw_jetson_rail_domain(name);
    size_t n = strlen(name);
    char low[TS_NAME];

    if (d)
        return d;
    for (size_t i = 0; i <= n; i++)
        low[i] = (char)tolower((unsigned char)name[i]);
    return br_arena_strdup(&tr->arena, low);
}

static struct rail *find_rail(struct ts *ts, const char *p, size_t n, unsigned line)
{
    struct rail *r;
    struct br_trace *tr;

    for (size_t i = 0; i < ts->nrail; i++)
        if (strlen(ts->rail[i].name) == n && !memcmp(ts->rail[i].name, p, n))
            return &ts->rail[i];
    if (ts->nrail == TS_MAX_RAILS)
        return NULL;
    r = &ts->rail[ts->nrail++];
    memcpy(r->name, p, n);
    r->name[n] = '\0';
    tr = r->tr = br_source_new_trace(ts->src);
    tr->device = "0";
    tr->domain = rail_domain(tr, r->name);
    tr->name = br_arena_strdup(&tr->arena, r->name);
    tr->power_source = tr->name;
    tr->zoned = 0;
    tr->timed = ts->timed == 1 || (ts->o && ts->o->interval_s > 0);
    tr->first_line = line;
    br_trace_add_channel(tr, "power", "W");
    /* a rail that appears late has no readings before */
    for (size_t i = 0; i < ts->nlines; i++)
        br_trace_append(tr, NAN);
    return r;
}

/* Reads one line; returns the number of rails it gave, or -1 when it was refused. */
static int sample_line(struct ts *ts, const char *line, size_t len, unsigned ln)
{
    int nr = 0;
    const char *p = line, *end = line + len;
    double t = NAN;
    size_t k;
    const char *prev = NULL;
    size_t prevn = 0;

    while (p < end && (*p == ' ' || *p == '\t'))   /* indented in a note's code block */
        p++;
    k = line_time(p, (size_t)(end - p), &t);

    if (ts->timed < 0)
        ts->timed = k > 0;
    if ((k > 0) != ts->timed) {
        br_source_diag(ts->src, BR_ERROR, ln, 1,
                       k ? "line has a time, earlier lines did not"
                         : "line has no time, earlier lines did");
        return -1;
    }
    if (ts->timed && ts->nlines) {
        enum br_time_step st = br_time_step(ts->last_t, t, 0, ts->src->fold_line != 0);
        if (st == BR_STEP_FOLD)
            ts->src->fold_line = ln;   /* a daylight-saving change? the zone tells */
        if (st == BR_STEP_BACK) {
            br_restart_back(&ts->restart, ln, 1, t, ts->last_t, 0);
            return -1;
        }
        if (ts->restart.nheld)
            br_restart_on(&ts->restart, ts->src);
    }
    if (!ts->timed)
        t = ts->o && ts->o->interval_s > 0 ? (double)ts->nlines * ts->o->interval_s : NAN;
    p += k;
    for (size_t r = 0; r < ts->nrail; r++)
        br_trace_append(ts->rail[r].tr, t);
    while (p < end) {
        const char *sp = memchr(p, ' ', (size_t)(end - p));
        const char *te = sp ? sp : end;
        double mw;
        while (te > p && te[-1] == '\r')
            te--;
        if (prev && not_connected(prev, prevn) && rail_value(p, (size_t)(te - p), &mw)) {
            ts->nc++;
        } else if (prev && rail_name(prev, prevn) && rail_value(p, (size_t)(te - p), &mw)) {
            size_t before = ts->nrail;
            struct rail *r = find_rail(ts, prev, prevn, ln);
            if (r) {
                if (ts->nrail > before)
                    br_trace_append(r->tr, t);
                r->tr->ch[0].v[r->tr->nr - 1] = mw / 1000;
                nr++;
            }
        }
        prev = p;
        prevn = (size_t)(te - p);
        p = sp ? sp + 1 : end;
    }
    ts->last_t = t;
    ts->nlines++;
    return nr;
}

/*
 * Lines of one second (tegrastats --interval 500 beside a clock of whole seconds): each
 * run of equal times is spread evenly over its second, the k-th of n at k/n, so that no
 * sample is dropped as a repeat. Returns how many samples moved.
 */
static size_t spread_seconds(struct br_trace *tr)
{
    size_t moved = 0;

    for (size_t i = 0; i < tr->nr;) {
        size_t n = 1;
        while (i + n < tr->nr && tr->t[i + n] == tr->t[i])
            n++;
        for (size_t k = 1; k < n; k++)
            tr->t[i + k] += (double)k / (double)n;
        moved += n - 1;
        i += n;
    }
    return moved;
}

static int tegrastats_parse(struct br_lines *in, struct br_source *src,
                            const struct br_parse_opts *o)
{
    struct ts ts = { .src = src, .o = o, .timed = -1 };
    const char *line;
    size_t len;

    while (br_lines_next(in, &line, &len) > 0) {
        if (in->truncated || len == 0)
            continue;
        if (!memmem(line, len, "RAM ", 4) || !memmem(line, len, "MB", 2)) {
            br_source_diag(src, BR_WARNING, in->lineno, 1, "not a tegrastats line, skipped");
            continue;
        }
        {
            size_t had = ts.nrail;
            int got = sample_line(&ts, line, len, in->lineno);
            if (got >= 0 && in->no_newline && ts.nlines > 1 && (size_t)got < had) {
                /* tegrastats was stopped while writing this line */
                for (size_t r = 0; r < ts.nrail; r++)
                    br_trace_pop(ts.rail[r].tr);
                ts.nlines--;
                br_source_diag(src, BR_WARNING, in->lineno, 1,
                               "last line cut off (%d of %zu rails), skipped", got, had);
            }
        }
        if (ts.restart.line)
            break;   /* a second recording: no trace read */
    }
    if (br_restart_end(&ts.restart, src) < 0)
        return -1;
    if (ts.nrail == 0) {
        for (size_t i = src->ntraces; i > 0; i--)
            br_source_drop_last_trace(src);
        br_source_diag(src, BR_ERROR, in->lineno ? 1 : 0, in->lineno ? 1 : 0,
                       "no power rails (VDD_IN 5542mW/5542mW) in the tegrastats lines; "
                       "this board or release does not print them");
        return -1;
    }
    if (ts.nc)
        br_source_diag(src, BR_NOTE, 1, 1,
                       "%zu 'NC' channel reading%s passed over (a channel of the power monitor "
                       "that is not connected: no rail)", ts.nc, ts.nc == 1 ? "" : "s");
    if (ts.timed == 1) {
        size_t moved = 0;
        for (size_t r = 0; r < ts.nrail; r++)
            moved = spread_seconds(ts.rail[r].tr);
        if (moved)
            br_source_diag(src, BR_NOTE, 1, 1,
                           "%zu line%s share%s the second of the line before (tegrastats "
                           "faster than its clock's seconds): the lines of a second are "
                           "placed evenly within it", moved, moved == 1 ? "" : "s",
                           moved == 1 ? "s" : "");
    }
    if (ts.timed == 0 && !(o && o->interval_s > 0))
        br_source_diag(src, BR_WARNING, 1, 1,
                       "tegrastats lines have no times: samples keep their order but have no "
                       "times (give --interval MS, tegrastats' --interval, 1000 by default)");
    return 0;
}

static int tegrastats_sniff(const char *head, size_t n, const struct br_parse_opts *o,
                            struct br_buf *why)
{
    (void)o;
    if (memmem(head, n, "RAM ", 4) && memmem(head, n, "MB (lfb ", 8) &&
        (memmem(head, n, "CPU [", 5) || memmem(head, n, "cpu [", 5))) {
        br_buf_addstr(why, "tegrastats lines (RAM ... (lfb ...) CPU [...])");
        return 90;
    }
    br_buf_addstr(why, "no tegrastats 'RAM ... (lfb' line");
    return 0;
}

const struct br_parser br_parser_tegrastats = {
    .name = "tegrastats",
    .what = "NVIDIA Jetson tegrastats output (power rails VDD_IN, VDD_GPU, ...)",
    .sniff = tegrastats_sniff,
    .parse = tegrastats_parse,
};
