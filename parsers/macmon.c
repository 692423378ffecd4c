/*
 * macmon.c: `macmon pipe` (Apple Silicon, without sudo): one JSON object per
 * line, each interval (1000 ms unless -i says otherwise):
 *   {"timestamp":"2025-11-08T06:54:21.123456+00:00","temp":{...},"memory":{...},
 *    "ecpu_usage":[1210,0.08],"pcpu_usage":[1260,0.002],"gpu_usage":[169,0.0027],
 *    "cpu_power":0.06,"gpu_power":0.0012,"ane_power":0.0,"all_power":0.062,
 *    "sys_power":10.27,"ram_power":0.08,"gpu_ram_power":0.0}
 * Versions before the "timestamp" key print none: the samples keep their
 * order and have no times (--interval gives them).
 *
 * Each power is what the energy counters gave over the interval that ends
 * with the line, as with powermetrics: a sample holds over its own window,
 * from the line before it (the first, and the first after a gap of more than
 * two intervals: the median interval, so that a gap stays one). Traces, as
 * powermetrics names them: gpu (gpu_power, with gpu_usage's frequency and
 * active share), cpu (cpu_power), ane (ane_power), combined (all_power: CPU,
 * GPU and ANE), dram (ram_power); sys_power (the whole machine, from the
 * SMC) is the system domain. A line that is no JSON object is an error and
 * skipped; a last line cut off (no newline) is a warning. `macmon pipe | jq`
 * prints each object over lines, from "{" to "}" alone at the margin: read
 * the same.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "model/jsonscan.h"
#include "model/timefmt.h"
#include "parsers/parser.h"
#include "model/num.h"
#include "model/banned.h"

/* The powers a line holds, and the domains their traces take. */
static const struct { const char *key, *domain; } domains[] = {
    { "gpu_power", "gpu" },      { "cpu_power", "cpu" },  { "ane_power", "ane" },
    { "all_power", "combined" }, { "ram_power", "dram" }, { "sys_power", "system" },
};
#define MM_ND (sizeof(domains) / sizeof(domains[0]))

/* One line's readings: the powers, then the GPU's frequency and active share. */
struct mm_row {
    double t;
    double v[MM_ND + 2];
};

struct mm {
    struct br_source *src;
    struct mm_row *rows;
    size_t nr, alloc;
    unsigned seen;         /* bit per domain seen in any line */
    int gpu_usage;         /* some line had gpu_usage */
    size_t timed, zoned;
    char chip[64];         /* --soc-info's chip_name ("Apple M2 Max"), or "" */
};

/* --soc-info's {"soc":{"chip_name":"Apple M2 Max",...}} into mm->chip, once. */
static void chip_of(struct mm *mm, const char *p, size_t n)
{
    struct br_jspan soc, name, u;
    const char *err;
    size_t at;

    if (mm->chip[0] || br_json_get(p, n, "soc", &soc, &err, &at) != 1 || soc.p[0] != '{' ||
        br_json_get(soc.p, soc.n, "chip_name", &name, &err, &at) != 1)
        return;
    u = br_jspan_unquote(name);
    if (u.p != name.p && u.n && u.n < sizeof(mm->chip)) {
        memcpy(mm->chip, u.p, u.n);
        mm->chip[u.n] = '\0';
    }
}

static double number_of(const char *p, size_t n, const char *key)
{
    struct br_jspan s;
    double v;
    const char *err;
    size_t at;

    if (br_json_get(p, n, key, &s, &err, &at) != 1 || !br_json_number(s, &v))
        return NAN;
    return v;
}

/* gpu_usage's [MHz, fraction active] into v[0], v[1] (percent). 1 when read. */
static int usage_of(const char *p, size_t n, double v[2])
{
    struct br_jspan s;
    const char *err, *q, *end;
    size_t at, k;

    if (br_json_get(p, n, "gpu_usage", &s, &err, &at) != 1 || s.n < 2 || s.p[0] != '[')
        return 0;
    q = s.p + 1;
    end = s.p + s.n - 1;
    for (int i = 0; i < 2; i++) {
        while (q < end && (*q == ' ' || *q == ','))
            q++;
        k = br_json_value_len(q, end);
        if (!k || !br_json_number((struct br_jspan){ q, k }, &v[i]))
            return 0;
        q += k;
    }
    v[1] *= 100;
    return 1;
}

/* Reads one line into a new row. 0, or -1 with the error in *err at *col. */
static int read_line(struct mm *mm, const char *p, size_t n, const char **err, size_t *col)
{
    struct br_jspan s;
    struct mm_row *r;
    struct br_time bt;
    int got;

    if (!n || p[0] != '{' || br_json_value_len(p, p + n) != n) {
        *err = "not a JSON object on one line";
        *col = 1;
        return -1;
    }
    BR_GROW(mm->rows, mm->nr + 1, mm->alloc);
    r = &mm->rows[mm->nr];
    r->t = NAN;
    if ((got = br_json_get(p, n, "timestamp", &s, err, col)) < 0)
        return -1;
    if (got) {
        struct br_jspan u = br_jspan_unquote(s);
        if (u.p == s.p || br_time_parse(u.p, u.n, &bt) != u.n) {
            *err = "a timestamp that is no time";
            *col = (size_t)(s.p - p) + 1;
            return -1;
        }
        r->t = bt.t;
        mm->timed++;
        mm->zoned += bt.zoned;
    }
    for (size_t d = 0; d < MM_ND; d++) {
        r->v[d] = number_of(p, n, domains[d].key);
        mm->seen |= (unsigned)!isnan(r->v[d]) << d;
    }
    r->v[MM_ND] = r->v[MM_ND + 1] = NAN;
    mm->gpu_usage |= usage_of(p, n, &r->v[MM_ND]);
    chip_of(mm, p, n);
    mm->nr++;
    return 0;
}

/* The median time between rows (macmon's -i); 0 with fewer than two. */
static double interval_of(const struct mm *mm)
{
    double *d, m;

    if (mm->nr < 2)
        return 0;
    d = br_xmalloc(br_st_mult(mm->nr - 1, sizeof(double)));
    for (size_t k = 1; k < mm->nr; k++)
        d[k - 1] = mm->rows[k].t - mm->rows[k - 1].t;
    qsort(d, mm->nr - 1, sizeof(double), br_cmp_double);
    m = d[(mm->nr - 1) / 2];
    free(d);
    return m;
}

/*
 * The window of row k: since the row before it, the first row's as long as
 * the interval; after a gap (macmon stopped and started again: more than
 * twice the interval), the interval, so that the gap stays one.
 */
static double window_of(const struct mm *mm, size_t k, double interval)
{
    double since = k ? mm->rows[k].t - mm->rows[k - 1].t : interval;
    return since > 2 * interval ? interval : since;
}

static void build_traces(struct mm *mm)
{
    int timed = mm->timed == mm->nr;
    double interval = timed ? interval_of(mm) : 0;

    for (size_t d = 0; d < MM_ND; d++) {
        struct br_trace *tr;
        int usage = d == 0 && mm->gpu_usage;
        if (!(mm->seen & (1u << d)))
            continue;
        tr = br_source_new_trace(mm->src);
        tr->device = "0";
        tr->domain = domains[d].domain;
        tr->name = mm->chip[0] ? br_arena_strdup(&tr->arena, mm->chip) : NULL;
        tr->power_source = domains[d].key;
        tr->power_window = timed ? 0 : -1;   /* timed: each sample carries its own */
        tr->zoned = timed && mm->zoned == mm->nr;
        tr->timed = timed;
        tr->first_line = 1;
        br_trace_add_channel(tr, "power", "W");
        if (usage) {
            br_trace_add_channel(tr, "gpu_freq", "MHz");
            br_trace_add_channel(tr, "gpu_active", "%");
        }
        if (timed)
            br_trace_enable_window(tr);
        for (size_t k = 0; k < mm->nr; k++) {
            size_t i = br_trace_append(tr, timed ? mm->rows[k].t : NAN);
            if (timed)
                tr->window[i] = window_of(mm, k, interval);
            tr->ch[0].v[i] = mm->rows[k].v[d];
            if (usage) {
                tr->ch[1].v[i] = mm->rows[k].v[MM_ND];
                tr->ch[2].v[i] = mm->rows[k].v[MM_ND + 1];
            }
        }
    }
}

/* Whether the rows' times go forward; else an error at the first that does not. */
static int in_order(struct mm *mm, const unsigned *line)
{
    for (size_t k = 1; k < mm->nr && mm->timed == mm->nr; k++)
        if (!(mm->rows[k].t > mm->rows[k - 1].t)) {
            br_source_diag(mm->src, BR_ERROR, line[k], 1, "the timestamp does not follow the "
                           "one before it: macmon's lines are in time order");
            return 0;
        }
    return 1;
}

static int macmon_parse(struct br_lines *in, struct br_source *src, const struct br_parse_opts *o)
{
    struct mm mm = { .src = src };
    struct br_buf obj = BR_BUF_INIT;   /* a pretty-printed object, its lines joined */
    unsigned obj_line = 0;
    unsigned *line = NULL;
    size_t nline = 0;
    const char *p, *err;
    size_t n, col;
    int ret = 0;

    (void)o;
    while (br_lines_next(in, &p, &n) > 0) {
        while (n && (p[n - 1] == '\r' || p[n - 1] == ' '))
            n--;
        if (in->truncated) {
            br_source_diag(src, BR_ERROR, in->lineno, 1, "line longer than %u bytes skipped",
                           BR_MAX_LINE);
            continue;
        }
        if (!n)
            continue;
        /* `macmon pipe | jq` writes each object over lines, "{" to "}" at the margin */
        if (obj.len || (n == 1 && p[0] == '{')) {
            if (!obj.len)
                obj_line = in->lineno;
            br_buf_add(&obj, p, n);
            if (obj.len > BR_MAX_LINE) {   /* no object of macmon's is this long */
                br_source_diag(src, BR_ERROR, obj_line, 1, "an object over %u bytes with no "
                               "closing '}' at the margin: skipped", BR_MAX_LINE);
                br_buf_reset(&obj);
                continue;
            }
            if (!(n == 1 && p[0] == '}'))
                continue;
            p = obj.buf;
            n = obj.len;
        }
        if (read_line(&mm, p, n, &err, &col) < 0) {
            /* the last line of a capture stopped mid-write: a warning, not an error */
            int cut = p[0] == '{' && in->no_newline;
            br_source_diag(src, cut ? BR_WARNING : BR_ERROR, obj.len ? obj_line : in->lineno,
                           obj.len ? 1 : (unsigned)col, "%s%s",
                           cut ? "the last line is cut off: " : "", err);
            br_buf_reset(&obj);
            continue;
        }
        BR_GROW(line, mm.nr, nline);
        line[mm.nr - 1] = obj.len ? obj_line : in->lineno;
        br_buf_reset(&obj);
    }
    if (obj.len)
        br_source_diag(src, BR_WARNING, obj_line, 1, "the last object is cut off (no closing "
                       "'}')");
    if (mm.timed && mm.timed != mm.nr) {
        br_source_diag(src, BR_ERROR, 1, 1, "%zu of %zu lines have a timestamp: the times "
                       "cannot be placed", mm.timed, mm.nr);
        ret = -1;
    } else if (!mm.seen) {
        br_source_diag(src, BR_ERROR, in->lineno ? 1 : 0, in->lineno ? 1 : 0,
                       "no line with gpu_power, cpu_power or another power of macmon");
        ret = -1;
    } else if (!in_order(&mm, line)) {
        ret = -1;
    } else {
        build_traces(&mm);
        if (!mm.timed)
            br_source_diag(src, BR_WARNING, 1, 1, "no timestamp in macmon's lines (versions "
                           "before it printed none): samples keep their order but have no "
                           "times (give --interval MS, macmon's -i)");
    }
    free(mm.rows);
    free(line);
    br_buf_release(&obj);
    return ret;
}

static int macmon_sniff(const char *head, size_t n, const struct br_parse_opts *o,
                        struct br_buf *why)
{
    const char *p = head;

    (void)o;
    while (p < head + n && (*p == ' ' || *p == '\n' || *p == '\r'))
        p++;
    if (p == head + n || *p != '{' || !memmem(head, n, "\"gpu_power\"", 11) ||
        !(memmem(head, n, "\"all_power\"", 11) || memmem(head, n, "\"ecpu_usage\"", 12))) {
        br_buf_addstr(why, "no JSON line with macmon's gpu_power and all_power");
        return 0;
    }
    br_buf_addstr(why, "JSON lines of macmon pipe (gpu_power, all_power)");
    return 90;
}

const struct br_parser br_parser_macmon = {
    .name = "macmon",
    .what = "macmon pipe (Apple Silicon, no sudo): a JSON line per interval, gpu/cpu/ane power",
    .sniff = macmon_sniff,
    .parse = macmon_parse,
};
