/*
 * perfstat.c: `perf stat` counting Intel (or AMD) RAPL energy events in
 * interval mode, `perf stat -a -e power/energy-pkg/,power/energy-ram/ -I 1000`:
 *   #           time             counts unit events
 *        1.001048308              19.63 Joules power/energy-pkg/
 *        1.001048308               5.86 Joules power/energy-ram/
 * or with -x, (CSV: time,count,unit,event,run time,percentage,...; -x; too):
 *        1.001048308,19.63,Joules,power/energy-pkg/,2002406532,100.00,,
 * With --per-socket (or another aggregation) an id and a count of CPUs come
 * after the time ("S0 1 19.63 Joules ..."): one trace per socket.
 *
 * Each line is the energy of one interval, which ends at the printed time,
 * counted in seconds from perf's start (no clock time). The interval starts
 * where the previous one of the file ended (0 for the first; every event
 * shares them), so its power is joules / (t - previous t), and the sample
 * keeps that window for energy. A line that cannot be read loses that
 * interval of that event only (a gap, never a longer window).
 * One trace per event and aggregation id; the domain comes from the event:
 * energy-pkg is the cpu package, energy-ram dram, energy-cores the cores
 * (a part of the package), energy-gpu the integrated GPU (igpu), energy-psys
 * the platform (psys). RAPL measures what the processor estimates for those
 * domains, not what the machine draws at the wall.
 *
 * The decimal mark is the one the time shows: "1,001048308" (a locale with a
 * decimal comma) makes '.' and blanks thousands separators ("5 591,86").
 * "<not counted>" and "<not supported>" are missing values. perf stat without
 * -I prints one total per event for the whole command: that is energy, not
 * power over time, and the file is refused with that reason. Lines that are
 * no perf stat line (the command's own output in the same file) are skipped
 * with one warning that counts them.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "model/buf.h"
#include "model/num.h"
#include "model/timefmt.h"
#include "parsers/parser.h"
#include "model/fields.h"
#include "model/banned.h"

#define PS_MAX_TOKS 32
#define PS_MAX_TRACES 64
#define PS_NAME 48

struct ptrace {
    char event[PS_NAME], agg[PS_NAME];
    struct br_trace *tr;
    int decimals;           /* the fewest digits after the mark of its readings, -1: none yet */
    int nonzero;            /* some reading is more than 0 */
};

struct ps {
    struct br_source *src;
    struct ptrace t[PS_MAX_TRACES];
    size_t nt;
    int comma;              /* the decimal mark is ',' (decided by the first interval line) */
    int decided;
    size_t nint;            /* interval lines read */
    size_t ntotal;          /* whole-run totals seen (no -I) */
    unsigned total_line;
    size_t nother;          /* lines that are no perf stat line */
    unsigned other_line;
    int stop;               /* the rest of the file is not read */
    double prev_t, cur_t;   /* the current interval: (prev_t, cur_t], 0 before the first */
    struct br_time start;   /* "# started on Wed May 18 01:16:40 2022" (perf -o): the clock */
    unsigned start_line;    /* its line, 0 when the file has none */
};

/* Splits at blanks (or only at `sep` when it is not 0). Returns the count, or max + 1. */
static size_t split(const char *line, size_t len, char sep, struct br_field *t, size_t max)
{
    size_t n = 0, i = 0;

    if (sep) {
        for (;;) {
            size_t s = i;
            if (n == max)
                return max + 1;
            while (i < len && line[i] != sep)
                i++;
            t[n].p = line + s;
            t[n].n = i - s;
            t[n].col = (unsigned)s + 1;
            while (t[n].n && (t[n].p[0] == ' ' || t[n].p[0] == '\t')) {
                t[n].p++;
                t[n].n--;
                t[n].col++;
            }
            while (t[n].n && (t[n].p[t[n].n - 1] == ' ' || t[n].p[t[n].n - 1] == '\r'))
                t[n].n--;
            n++;
            if (i >= len)
                return n;
            i++;
        }
    }
    return br_split_blanks(line, len, t, max);
}

static int tok_is(const struct br_field *t, const char *s)
{
    return t->n == strlen(s) && !memcmp(t->p, s, t->n);
}

/* "power/energy-pkg/" (a RAPL event; perf may add modifiers after the last '/'). */
static int is_energy_event(const struct br_field *t)
{
    static const char pre[] = "power/energy-";
    return t->n > sizeof(pre) && t->n < PS_NAME && !memcmp(t->p, pre, sizeof(pre) - 1) &&
           memchr(t->p + sizeof(pre) - 1, '/', t->n - (sizeof(pre) - 1)) != NULL;
}

/* The domain of "power/energy-pkg/" and its kin. */
static const char *domain_of(const char *event)
{
    static const struct { const char *part, *domain; } map[] = {
        { "pkg/", "cpu" },     { "ram/", "dram" }, { "cores/", "cores" },
        { "gpu/", "igpu" },    { "psys/", "psys" },
    };
    const char *part = event + strlen("power/energy-");
    for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
        if (!strncmp(part, map[i].part, strlen(map[i].part)))
            return map[i].domain;
    return "rapl";
}

/* An aggregation id: S0, S0-D0, S0-D0-C3, N0, CPU12 (letters, digits, '-'; a digit in it). */
static int is_agg(const struct br_field *t)
{
    int digit = 0;
    if (!t->n || t->n >= PS_NAME || !isalpha((unsigned char)t->p[0]))
        return 0;
    for (size_t i = 0; i < t->n; i++) {
        unsigned char c = (unsigned char)t->p[i];
        if (!isalnum(c) && c != '-')
            return 0;
        digit |= isdigit(c) != 0;
    }
    return digit;
}

/*
 * A number in [p, p+n) with decimal mark ',' when `comma`, grouping
 * characters ('.' or ',' and blanks, the no-break spaces' bytes) dropped.
 * Returns 0, or -1 when it is not one.
 */
static int number(const char *p, size_t n, int comma, double *out)
{
    char b[64];
    size_t k = 0, used;

    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)p[i];
        if (isdigit(c)) {
            b[k++] = (char)c;
        } else if (c == (comma ? ',' : '.')) {
            b[k++] = '.';
        } else if (c == (comma ? '.' : ',') || c == ' ' || c == 0xc2 || c == 0xa0 ||
                   c == 0xe2 || c == 0x80 || c == 0xaf) {
            continue;
        } else {
            return -1;
        }
        if (k == sizeof(b) - 1)
            return -1;
    }
    if (!k)
        return -1;
    used = br_num_parse(b, b + k, out);
    return used == k && isfinite(*out) ? 0 : -1;
}

/* A time "1.001048308" (or "1,001048308"): sets the decimal mark when not yet decided. */
static int interval_time(struct ps *ps, const struct br_field *t, double *out)
{
    const char *dot = memchr(t->p, '.', t->n), *com = memchr(t->p, ',', t->n);
    int comma = com && !dot;
    size_t digits = 0;

    if (!t->n || !isdigit((unsigned char)t->p[0]) || (!dot && !com) || (dot && com))
        return -1;
    for (size_t i = 0; i < t->n; i++)
        digits += isdigit((unsigned char)t->p[i]) != 0;
    if (digits + 1 != t->n)
        return -1;
    if (number(t->p, t->n, comma, out) < 0)
        return -1;
    if (!ps->decided) {
        ps->comma = comma;
        ps->decided = 1;
    }
    return 0;
}

static struct ptrace *trace_of(struct ps *ps, const struct br_field *ev, const struct br_field *agg,
                               unsigned line)
{
    struct ptrace *pt;
    struct br_trace *tr;
    char dev[PS_NAME];

    for (size_t i = 0; i < ps->nt; i++)
        if (tok_is(ev, ps->t[i].event) && (agg ? tok_is(agg, ps->t[i].agg) : !ps->t[i].agg[0]))
            return &ps->t[i];
    if (ps->nt == PS_MAX_TRACES)
        return NULL;
    pt = &ps->t[ps->nt++];
    pt->decimals = -1;
    memcpy(pt->event, ev->p, ev->n);
    pt->event[ev->n] = '\0';
    if (agg) {
        memcpy(pt->agg, agg->p, agg->n);   /* is_agg: shorter than PS_NAME */
        pt->agg[agg->n] = '\0';
    }
    /* "S0" is socket 0; other ids are kept as they are; none is device 0 */
    if (agg && agg->n > 1 && pt->agg[0] == 'S' && strspn(pt->agg + 1, "0123456789") == agg->n - 1)
        snprintf(dev, sizeof(dev), "%s", pt->agg + 1);
    else
        snprintf(dev, sizeof(dev), "%s", agg ? pt->agg : "0");
    tr = pt->tr = br_source_new_trace(ps->src);
    tr->device = br_arena_strdup(&tr->arena, dev);
    tr->domain = domain_of(pt->event);
    tr->name = br_arena_strdup(&tr->arena, pt->event);
    tr->power_source = tr->name;
    tr->power_window = 0;   /* each sample carries its own interval */
    tr->zoned = 0;
    tr->timed = 1;
    tr->first_line = line;
    br_trace_add_channel(tr, "power", "W");
    br_trace_add_channel(tr, "energy", "J");
    br_trace_enable_window(tr);
    return pt;
}

static void other_line(struct ps *ps, unsigned ln)
{
    if (!ps->nother++)
        ps->other_line = ln;
}

/*
 * One interval: `vt` the value's tokens (several when blanks group its
 * thousands), `ev` the event, `agg` the aggregation id or NULL. Every event
 * shares perf's interval boundaries: a line whose time is later than the
 * current interval's end starts the next interval, which begins there.
 */
static void sample(struct ps *ps, double t, const struct br_field *vt, size_t nv,
                   const struct br_field *ev, const struct br_field *agg, unsigned ln, int vcomma)
{
    struct ptrace *pt;
    double j = NAN, row[2];
    size_t i;

    if (t != ps->cur_t) {
        if (t < ps->cur_t) {
            br_source_diag(ps->src, BR_ERROR, ln, 1,
                           "interval time goes back from %.3f s to %.3f s (another perf run "
                           "appended?); the rest of the file is not read",
                           ps->cur_t, t);
            ps->stop = 1;
            return;
        }
        ps->prev_t = ps->cur_t;
        ps->cur_t = t;
    }
    if (!(t > ps->prev_t)) {
        br_source_diag(ps->src, BR_ERROR, ln, 1, "interval ends at %.3f s, not after perf's start",
                       t);
        return;
    }
    if (nv && vt[0].n && vt[0].p[0] == '<') {
        j = NAN;   /* <not counted>, <not supported> */
    } else {
        const char *s = vt[0].p, *e = vt[nv - 1].p + vt[nv - 1].n;
        if (number(s, (size_t)(e - s), vcomma < 0 ? ps->comma : vcomma, &j) < 0 || j < 0) {
            br_source_diag(ps->src, BR_ERROR, ln, vt[0].col, "not an energy in joules: '%.*s'",
                           (int)((size_t)(e - s) > 30 ? 30 : (size_t)(e - s)), s);
            return;
        }
    }
    pt = trace_of(ps, ev, agg, ln);
    if (!pt) {
        br_source_diag(ps->src, BR_ERROR, ln, ev->col,
                       "more than %d events and sockets; this one is not read", PS_MAX_TRACES);
        return;
    }
    if (pt->tr->nr && pt->tr->t[pt->tr->nr - 1] == t) {
        br_source_diag(ps->src, BR_ERROR, ln, ev->col, "a second %s%s%s for the interval ending "
                       "at %.3f s; the first one is kept", pt->event, pt->agg[0] ? " of " : "",
                       pt->agg, t);
        return;
    }
    {
        /* the reading's digits after its mark: its resolution */
        const char *v = vt[nv - 1].p, *mark = NULL;
        int d;
        for (size_t k = 0; k < vt[nv - 1].n; k++)
            if (v[k] == '.' || v[k] == ',')
                mark = v + k;
        d = mark ? (int)(v + vt[nv - 1].n - mark - 1) : 0;
        if (!isnan(j) && (pt->decimals < 0 || d < pt->decimals))
            pt->decimals = d;
        pt->nonzero |= j > 0;
    }
    row[0] = j / (t - ps->prev_t);
    row[1] = j;
    br_trace_append_row(pt->tr, t, row);
    i = pt->tr->nr - 1;
    pt->tr->window[i] = t - ps->prev_t;
    ps->nint++;
}

/* perf stat -x, : "time,[agg,cpus,]count,unit,event,...", or a total without the time. */
static void csv_line(struct ps *ps, const struct br_field *f, size_t n, unsigned ln, char sep)
{
    size_t e;
    double t;
    int vcomma = -1;

    for (e = 2; e < n; e++)
        if (is_energy_event(&f[e]) && tok_is(&f[e - 1], "Joules"))
            break;
    if (e >= n) {
        other_line(ps, ln);   /* another event, or no perf line */
        return;
    }
    /* -x, prints no grouping, so with -x; a ',' in the count is the decimal mark */
    if (sep == ';')
        vcomma = memchr(f[e - 2].p, ',', f[e - 2].n) && !memchr(f[e - 2].p, '.', f[e - 2].n);
    if ((e == 3 || (e == 5 && is_agg(&f[1]))) && interval_time(ps, &f[0], &t) == 0) {
        sample(ps, t, &f[e - 2], 1, &f[e], e == 5 ? &f[1] : NULL, ln, vcomma);
        return;
    }
    if (e == 2 || e == 4) {
        if (!ps->ntotal++)
            ps->total_line = ln;
        return;
    }
    other_line(ps, ln);
}

/* The human-readable table: "time [agg cpus] count Joules event [# ...]". */
static void text_line(struct ps *ps, const struct br_field *w, size_t n, unsigned ln)
{
    size_t u, v = 1;
    double t;
    const struct br_field *agg = NULL;

    for (u = 1; u + 1 < n; u++)
        if (tok_is(&w[u], "Joules") && is_energy_event(&w[u + 1]))
            break;
    if (u + 1 >= n) {
        /* "<not counted> power/energy-pkg/" has no unit: the value starts at '<' */
        size_t e, s;
        for (e = 2; e < n; e++)
            if (is_energy_event(&w[e]) && w[e - 1].n && w[e - 1].p[w[e - 1].n - 1] == '>')
                break;
        for (s = e < n ? e - 1 : 0; s > 0 && w[s].p[0] != '<'; s--)
            ;
        if (e >= n || s == 0 || interval_time(ps, &w[0], &t) < 0) {
            other_line(ps, ln);
            return;
        }
        if (s > 1 && is_agg(&w[1]))
            agg = &w[1];
        sample(ps, t, &w[s], e - s, &w[e], agg, ln, -1);
        return;
    }
    if (u == 1 || interval_time(ps, &w[0], &t) < 0) {
        /* "2333.17 Joules power/energy-pkg/": the unit right after the value, no time
         * before it: a total of perf stat without -I */
        if (!ps->ntotal++)
            ps->total_line = ln;
        return;
    }
    if (u > 3 && is_agg(&w[1])) {
        agg = &w[1];
        v = 3;   /* the id and the count of CPUs */
    }
    if (v >= u) {
        other_line(ps, ln);
        return;
    }
    sample(ps, t, &w[v], u - v, &w[u + 1], agg, ln, -1);
}

/* A line of perf stat -x, or -x; with a RAPL event: read; 1 when it was one. */
static int try_csv(struct ps *ps, const char *line, size_t len, unsigned ln)
{
    static const char seps[] = { ',', ';' };
    struct br_field t[PS_MAX_TOKS + 1];

    for (size_t k = 0; k < sizeof(seps); k++) {
        size_t n, e;
        if (!memchr(line, seps[k], len))
            continue;
        n = split(line, len, seps[k], t, PS_MAX_TOKS);
        if (n < 3 || n > PS_MAX_TOKS)
            continue;
        for (e = 2; e < n; e++)
            if (is_energy_event(&t[e]) && tok_is(&t[e - 1], "Joules"))
                break;
        if (e < n) {
            csv_line(ps, t, n, ln, seps[k]);
            return 1;
        }
    }
    return 0;
}

static int skippable(const char *line, size_t len)
{
    static const char *const known[] = { "Performance counter stats", "seconds time elapsed",
                                         "seconds user", "seconds sys" };
    size_t s = br_blanks(line, len);
    if (s == len || line[s] == '#')
        return 1;
    for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
        size_t k = strlen(known[i]);
        for (size_t j = s; j + k <= len; j++)
            if (!memcmp(line + j, known[i], k))
                return 1;
    }
    return 0;
}

/* "# started on Wed May 18 01:16:40 2022", perf stat -o's first line: its time, or 0. */
static int started_on(const char *line, size_t len, struct br_time *t)
{
    static const char key[] = "# started on ";
    const size_t k = sizeof(key) - 1;

    return len > k && !memcmp(line, key, k) && br_time_parse(line + k, len - k, t) > 0;
}

/*
 * A trace whose every reading is 0 ("0.00 Joules" for energy-ram in intervals of 1 ms):
 * under the printed resolution, not no power; its power and energy are left out.
 */
static void below_resolution(struct ps *ps, struct ptrace *pt)
{
    struct br_trace *tr = pt->tr;
    double step = pow(10, -(pt->decimals > 0 ? pt->decimals : 0)), w = 0;

    if (pt->nonzero || tr->nr < 2 || pt->decimals < 0)
        return;
    for (size_t i = 0; i < tr->nr; i++) {
        w += tr->window[i];
        tr->ch[0].v[i] = tr->ch[1].v[i] = NAN;
    }
    w /= (double)tr->nr;
    br_source_diag(ps->src, BR_WARNING, tr->first_line, 1,
                   "every %s reading is 0: under the printed %g J in intervals of %.3g s "
                   "(%.3g W), so its power is not known; left out", pt->event, step, w,
                   step / w);
}

/* Puts the traces on the clock of the "started on" line, when the file has one. */
static void on_start_clock(struct ps *ps)
{
    for (size_t i = 0; ps->start_line && i < ps->nt; i++) {
        struct br_trace *tr = ps->t[i].tr;
        for (size_t k = 0; k < tr->nr; k++)
            tr->t[k] += ps->start.t;
        tr->zoned = ps->start.zoned;
    }
}

static int perf_parse(struct br_lines *in, struct br_source *src, const struct br_parse_opts *o)
{
    struct ps *ps = br_xcalloc(1, sizeof(*ps));
    struct br_field t[PS_MAX_TOKS + 1];
    const char *line;
    size_t len;
    int ret = 0;

    (void)o;
    ps->src = src;
    while (!ps->stop && br_lines_next(in, &line, &len) > 0) {
        size_t n;
        if (in->truncated) {
            other_line(ps, in->lineno);
            continue;
        }
        if (!ps->nint && !ps->start_line && started_on(line, len, &ps->start)) {
            ps->start_line = in->lineno;
            continue;
        }
        if (skippable(line, len))
            continue;
        if (try_csv(ps, line, len, in->lineno))
            continue;
        n = split(line, len, 0, t, PS_MAX_TOKS);
        if (n < 3 || n > PS_MAX_TOKS) {
            other_line(ps, in->lineno);
            continue;
        }
        text_line(ps, t, n, in->lineno);
    }
    if (ps->nother)
        br_source_diag(src, BR_WARNING, ps->other_line, 1,
                       "%zu line%s that %s no RAPL energy interval of perf stat skipped "
                       "(the first here)",
                       ps->nother, ps->nother == 1 ? "" : "s", ps->nother == 1 ? "is" : "are");
    if (!ps->nint) {
        if (ps->ntotal)
            br_source_diag(src, BR_ERROR, ps->total_line, 1,
                           "perf stat totals without -I: %zu energy figure%s for whole "
                           "commands, no power over time (record with perf stat -I 1000)",
                           ps->ntotal, ps->ntotal == 1 ? "" : "s");
        else
            br_source_diag(src, BR_ERROR, in->lineno ? 1 : 0, in->lineno ? 1 : 0,
                           "no 'TIME COUNT Joules power/energy-...' interval line of perf stat "
                           "-I found");
        for (size_t i = ps->nt; i-- > 0;)
            br_source_drop_last_trace(src);
        ret = -1;
    } else {
        if (ps->start_line)
            br_source_diag(src, BR_NOTE, ps->t[0].tr->first_line, 1,
                           "RAPL energy per interval of perf stat -I: power is joules over "
                           "the interval; times are seconds from perf's start, at line %u's "
                           "'started on' (to the second)", ps->start_line);
        else
            br_source_diag(src, BR_NOTE, ps->t[0].tr->first_line, 1,
                           "RAPL energy per interval of perf stat -I: power is joules over "
                           "the interval; times are seconds from perf's start (no clock time)");
        for (size_t i = 0; i < ps->nt; i++)
            below_resolution(ps, &ps->t[i]);
        on_start_clock(ps);
    }
    free(ps);
    return ret;
}

/* How sure: an interval line with Joules and a power/energy- event within the head. */
static int perf_sniff(const char *head, size_t n, const struct br_parse_opts *o,
                      struct br_buf *why)
{
    struct ps *ps = br_xcalloc(1, sizeof(*ps));
    struct br_source src;
    const char *p = head, *end = head + n;
    int s = 0;

    (void)o;
    br_source_init(&src, "");
    ps->src = &src;
    while (p < end && !ps->nint && ps->ntotal < 1) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
        struct br_field t[PS_MAX_TOKS + 1];
        size_t k;
        if (!nl)
            break;   /* a line the head cuts is not judged */
        if (!skippable(p, len) && len < 4096) {
            int csv = try_csv(ps, p, len, 1);
            if (!csv && !ps->nint && !ps->ntotal && (k = split(p, len, 0, t, PS_MAX_TOKS)) >= 3 &&
                k <= PS_MAX_TOKS)
                text_line(ps, t, k, 1);
        }
        p = nl + 1;
    }
    if (ps->nint) {
        br_buf_addstr(why, "perf stat -I interval lines of RAPL energy (Joules power/energy-...)");
        s = 90;
    } else if (ps->ntotal) {
        br_buf_addstr(why, "perf stat RAPL energy totals (no -I intervals)");
        s = 60;
    } else {
        br_buf_addstr(why, "no 'Joules power/energy-...' line of perf stat");
    }
    br_source_release(&src);
    free(ps);
    return s;
}

const struct br_parser br_parser_perfstat = {
    .name = "perfstat",
    .what = "perf stat -I RAPL energy (power/energy-pkg/, -ram/, ...), text or -x, CSV",
    .sniff = perf_sniff,
    .parse = perf_parse,
};
