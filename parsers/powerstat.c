/*
 * powerstat.c: the table `powerstat` (ColinIanKing/powerstat) prints, battery
 * or Intel RAPL (-R), with one column per RAPL domain after Watts (-D):
 *   Running for 60.0 seconds (30 samples at 2.0 second intervals).
 *   Power measurements will start in 0 seconds time.
 *
 *     Time    User  Nice   Sys  Idle    IO  Run Ctxt/s  IRQ/s Fork Exec Exit  Watts  uncore  pkg-0
 *   10:35:18   0.1   0.0   0.0  99.9   0.0    1    311    284    0    0    0   9.23    0.00   2.13
 *   ...
 *   -------- ----- ----- ...
 *    Average ...  GeoMean ...  StdDev ...  Minimum ...  Maximum ...
 *   Summary:
 *   CPU:   9.36 Watts on average with standard deviation 0.28
 *   Note: power read from RAPL domains: uncore, pkg-0, core, dram, psys.
 *
 * A row is a time of day (HH:MM:SS, no date: seconds from its midnight, a
 * day added when the clock wraps, floating) and numbers; Watts with an `E`
 * appended is a reading powerstat itself marks inaccurate (the battery's
 * average not settled, the first RAPL read): no sample value. The header is
 * printed again every screenful on a terminal; "--- Skipped samples(s) ...
 * ---" lines may come between rows; the rows after the ruler are statistics,
 * not samples.
 *
 * What Watts is: without RAPL, the battery's discharge, the whole machine
 * (domain "node"); with RAPL, powerstat's total over every RAPL domain,
 * overlapping ones included (psys holds the package, the package holds core
 * and uncore). So where -D columns exist each RAPL domain is its own trace
 * (pkg-N: "cpu" of device N, core: "cores", uncore: "uncore", dram: "dram",
 * psys: "node") and the total is not offered; columns after Watts that name
 * no RAPL domain are thermal zones (degrees C) and are skipped; a last
 * column 'GPU W' (-g, i915's energy, releases before 2023) is the igpu's.
 * Without -D columns, the RAPL note names what Watts adds up: package
 * domains alone are the CPU's; any other keeps the note's names as its
 * domain, with a warning.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "model/fields.h"
#include "model/buf.h"
#include "model/num.h"
#include "model/timefmt.h"
#include "parsers/parser.h"
#include "model/banned.h"

#define PS_MAX_COLS 64
#define PS_NAME 16
#define PS_NOTE 256

struct pcol {
    char name[PS_NAME];
    struct br_trace *tr;    /* a RAPL domain's trace; NULL: not read */
};

enum ps_state { PS_PREAMBLE, PS_ROWS, PS_STATS, PS_DONE };

struct ps {
    struct br_source *src;
    enum ps_state state;
    char header[PS_MAX_COLS][PS_NAME];   /* the header's words, to know it again */
    size_t nheader;
    struct pcol col[PS_MAX_COLS];        /* the words after Watts */
    size_t ncol, watts;                  /* watts: the index of the Watts word */
    unsigned header_line, first_row, first_e, first_skip, second_run;
    double last_t;
    size_t nrows, ne, nskip, nrepeat, nrapl;
    struct br_trace *total;              /* the Watts trace, when it is offered */
    struct br_trace *gpu;                /* the last column 'GPU W' (-g, i915 until 2023) */
    struct br_tod_clock clock;
    int summary;                         /* 'Summary:' read */
    int battery, cpu_label;              /* "Note: Power calculated from battery", "CPU:" */
    char rapl[PS_NOTE];                  /* the RAPL note's names, "" when none */
    unsigned rapl_line;
};

static int is_word(const char *w, size_t n, const char *s)
{
    return strlen(s) == n && !memcmp(w, s, n);
}

/* The header: "Time User Nice Sys Idle IO Run Ctxt/s IRQ/s [Fork Exec Exit] Watts ...". */
static int is_header(const struct br_field *f, size_t k)
{
    static const char *const lead[] = { "Time", "User", "Nice", "Sys", "Idle",
                                        "IO", "Run", "Ctxt/s", "IRQ/s" };
    size_t nl = sizeof(lead) / sizeof(lead[0]);

    if (k <= nl)
        return 0;
    for (size_t i = 0; i < nl; i++)
        if (!is_word(f[i].p, f[i].n, lead[i]))
            return 0;
    return 1;
}

/* A RAPL domain's name as powerstat prints it ("%6.6s", package-N as pkg-N): its domain. */
static const char *rapl_domain(const char *name, const char **device)
{
    *device = "0";
    if (!strncmp(name, "pkg-", 4) || !strncmp(name, "package-", 8)) {
        const char *d = name + (name[1] == 'k' ? 4 : 8);
        if (!*d)
            return NULL;
        for (const char *q = d; *q; q++)
            if (!isdigit((unsigned char)*q))
                return NULL;
        *device = d;
        return "cpu";
    }
    if (!strcmp(name, "core"))
        return "cores";
    if (!strcmp(name, "uncore"))
        return "uncore";
    if (!strcmp(name, "dram"))
        return "dram";
    if (!strcmp(name, "psys"))
        return "node";
    return NULL;
}

static struct br_trace *new_trace(struct ps *ps, const char *domain, const char *device,
                                  const char *column)
{
    struct br_trace *tr = br_source_new_trace(ps->src);

    tr->domain = br_arena_strdup(&tr->arena, domain);
    tr->device = br_arena_strdup(&tr->arena, device);
    tr->power_source = br_arena_strdup(&tr->arena, column);
    tr->zoned = 0;
    tr->timed = 1;
    br_trace_add_channel(tr, "power", "W");
    return tr;
}

/* Reads the first header: the columns after Watts. NULL or a message. */
static const char *first_header(struct ps *ps, const struct br_field *f, size_t k)
{
    size_t i;

    if (k > PS_MAX_COLS)
        return "header has too many columns";
    for (i = 0; i < k; i++)
        if (is_word(f[i].p, f[i].n, "Watts"))
            break;
    if (i == k)
        return "powerstat header without a Watts column";
    ps->watts = i;
    ps->nheader = k;
    for (size_t j = 0; j < k; j++) {
        size_t n = f[j].n < PS_NAME - 1 ? f[j].n : PS_NAME - 1;
        memcpy(ps->header[j], f[j].p, n);
        ps->header[j][n] = '\0';
    }
    /* the columns of -D (RAPL domains) and -t (thermal zones), before "CPU Freq", "GPU Freq" */
    for (i = ps->watts + 1; i < k; i++) {
        struct pcol *c = &ps->col[ps->ncol];
        const char *dev, *dom;
        if (is_word(f[i].p, f[i].n, "CPU") || is_word(f[i].p, f[i].n, "GPU"))
            break;
        memcpy(c->name, ps->header[i], sizeof(c->name));
        dom = rapl_domain(c->name, &dev);
        if (dom) {
            c->tr = new_trace(ps, dom, dev, c->name);
            ps->nrapl++;
        }
        ps->ncol++;
    }
    if (k >= 2 && is_word(f[k - 2].p, f[k - 2].n, "GPU") && is_word(f[k - 1].p, f[k - 1].n, "W"))
        ps->gpu = new_trace(ps, "igpu", "0", "GPU W");
    return NULL;
}

static int same_header(const struct ps *ps, const struct br_field *f, size_t k)
{
    if (k != ps->nheader)
        return 0;
    for (size_t i = 0; i < k; i++)
        if (strlen(ps->header[i]) != f[i].n || memcmp(ps->header[i], f[i].p, f[i].n))
            return 0;
    return 1;
}

/* "12.34" or "12.34E": the reading, *e set when powerstat marked it inaccurate. */
static int reading(const char *w, size_t n, double *v, int *e)
{
    *e = n > 1 && w[n - 1] == 'E';
    if (*e)
        n--;
    return n > 0 && br_num_parse(w, w + n, v) == n;
}

/* One sample row. Returns NULL, or a message with *col the column it concerns. */
static const char *sample_row(struct ps *ps, const char *line, const struct br_field *f,
                              size_t k, unsigned ln, unsigned *col)
{
    double tod, t, watts, gw = NAN, v[PS_MAX_COLS];
    int e, e2;

    *col = 1;
    if (!br_time_of_day_parse(f[0].p, f[0].n, &tod))
        return "expected a time of day (HH:MM:SS) or a powerstat line";
    if (k < ps->watts + 1 + ps->ncol)
        return "row has fewer columns than the header";
    for (size_t i = 1; i < ps->watts; i++) {
        double x;
        if (br_num_parse(f[i].p, f[i].p + f[i].n, &x) != f[i].n) {
            *col = (unsigned)(f[i].p - line) + 1;
            return "not a number";
        }
    }
    if (!reading(f[ps->watts].p, f[ps->watts].n, &watts, &e)) {
        *col = (unsigned)(f[ps->watts].p - line) + 1;
        return "Watts is not a number";
    }
    for (size_t i = 0; i < ps->ncol; i++) {
        const size_t j = ps->watts + 1 + i;
        if (!reading(f[j].p, f[j].n, &v[i], &e2) || e2) {
            *col = (unsigned)(f[j].p - line) + 1;
            return "not a number";
        }
    }
    if (ps->gpu) {
        const char *g = f[k - 1].p;
        size_t gn = f[k - 1].n;

        gw = NAN;
        if (!is_word(g, gn, "-N/A-") && br_num_parse(g, g + gn, &gw) != gn) {
            *col = (unsigned)(g - line) + 1;
            return "'GPU W' is not a number";
        }
    }
    t = br_tod_clock_next(&ps->clock, tod);
    if (ps->nrows && t < ps->last_t)
        return "time goes backwards";
    ps->last_t = t;
    if (e) {
        if (!ps->ne++)
            ps->first_e = ln;
        watts = NAN;
    }
    if (!ps->nrows++)
        ps->first_row = ln;
    if (ps->nrapl == 0) {
        if (!ps->total) {
            ps->total = new_trace(ps, "node", "0", "Watts");
            ps->total->first_line = ln;
        }
        br_trace_append_row(ps->total, t, &watts);
    }
    if (ps->gpu) {
        if (!ps->gpu->nr)
            ps->gpu->first_line = ln;
        br_trace_append_row(ps->gpu, t, &gw);
    }
    for (size_t i = 0; i < ps->ncol; i++) {
        struct br_trace *tr = ps->col[i].tr;
        double x = e ? NAN : v[i];   /* powerstat's marked read holds no domain either */
        if (!tr)
            continue;
        if (!tr->nr)
            tr->first_line = ln;
        br_trace_append_row(tr, t, &x);
    }
    return NULL;
}

/* "Note: power read from RAPL domains: uncore, pkg-0, core, dram." */
static void rapl_note(struct ps *ps, const char *line, size_t len, unsigned ln)
{
    static const char mark[] = "Note: power read from RAPL domains: ";
    const char *p = memmem(line, len, mark, sizeof(mark) - 1);
    size_t n;

    if (!p)
        return;
    p += sizeof(mark) - 1;
    n = (size_t)(line + len - p);
    while (n && (isspace((unsigned char)p[n - 1]) || p[n - 1] == '.'))
        n--;
    if (n >= sizeof(ps->rapl))
        n = sizeof(ps->rapl) - 1;
    memcpy(ps->rapl, p, n);
    ps->rapl[n] = '\0';
    ps->rapl_line = ln;
}

/* The lines after the ruler: statistics rows, the summary, the notes. */
static void stats_line(struct ps *ps, const char *line, size_t len, unsigned ln)
{
    struct br_field f[4];
    size_t k = br_split_blanks(line, len, f, 3);

    if (k == 0)
        return;
    if (is_word(f[0].p, f[0].n, "Summary:"))
        ps->summary = 1;
    else if (is_word(f[0].p, f[0].n, "CPU:"))
        ps->cpu_label = 1;
    else if (memmem(line, len, "Power calculated from battery", 29) ||
             is_word(f[0].p, f[0].n, "System:"))
        ps->battery = 1;
    rapl_note(ps, line, len, ln);
}

/* Says which columns were read and which not (inspect -v). */
static void explain(struct ps *ps)
{
    struct br_buf b = BR_BUF_INIT;
    size_t skipped = 0;

    br_buf_addstr(&b, "time of day from column 1 'Time' (no date: seconds from its midnight, "
                      "no clock time); power from ");
    if (ps->nrapl) {
        size_t k = 0;
        for (size_t i = 0; i < ps->ncol; i++)
            if (ps->col[i].tr)
                br_buf_addf(&b, "%s'%s' (%s)", k++ ? ", " : "", ps->col[i].name,
                            ps->col[i].tr->domain);
        if (ps->gpu)
            br_buf_addstr(&b, ", 'GPU W' (igpu)");
        for (size_t i = 0; i < ps->ncol; i++)
            skipped += !ps->col[i].tr;
        if (skipped) {
            size_t s = 0;
            br_buf_addstr(&b, "; not power, skipped: ");
            for (size_t i = 0; i < ps->ncol; i++)
                if (!ps->col[i].tr)
                    br_buf_addf(&b, "%s'%s'", s++ ? ", " : "", ps->col[i].name);
            br_buf_addstr(&b, " (thermal zones, degrees C)");
        }
    } else {
        br_buf_addf(&b, "'Watts' (%s)%s", ps->total ? ps->total->domain : "?",
                    ps->gpu ? ", 'GPU W' (igpu)" : "");
        for (size_t i = 0; i < ps->ncol; i++)
            br_buf_addf(&b, "%s'%s'", i ? ", " : "; not power, skipped: ", ps->col[i].name);
        if (ps->ncol)
            br_buf_addstr(&b, " (thermal zones, degrees C)");
    }
    br_source_diag(ps->src, BR_NOTE, ps->header_line, 1, "%s", b.buf);
    br_buf_release(&b);
}

/* Is every name in the RAPL note a package ("package-0, package-1", "pkg-0")? */
static int packages_only(const char *names)
{
    const char *p = names;

    while (*p) {
        size_t n = strcspn(p, ",");
        char one[PS_NAME];
        const char *dev;
        while (n && p[n - 1] == ' ')
            n--;
        if (n == 0 || n >= sizeof(one))
            return 0;
        memcpy(one, p, n);
        one[n] = '\0';
        if (!rapl_domain(one, &dev) || strcmp(rapl_domain(one, &dev), "cpu"))
            return 0;
        p += strcspn(p, ",");
        while (*p == ',' || *p == ' ')
            p++;
    }
    return p != names;
}

/* Names the Watts trace once the file has said what it is. */
static void name_total(struct ps *ps)
{
    struct br_trace *tr = ps->total;

    if (!tr)
        return;
    if (ps->rapl[0] && packages_only(ps->rapl)) {
        /* "package-0, package-1": the sum of the packages, device "0+1" */
        char dev[PS_NOTE];
        size_t n = 0;
        for (const char *p = ps->rapl; (p = strchr(p, '-')); ) {
            if (n && n + 1 < sizeof(dev))
                dev[n++] = '+';
            for (p++; isdigit((unsigned char)*p) && n + 1 < sizeof(dev); p++)
                dev[n++] = *p;
        }
        dev[n] = '\0';
        tr->domain = "cpu";
        tr->device = br_arena_strdup(&tr->arena, dev);
        return;
    }
    if (ps->rapl[0] || ps->cpu_label) {
        char dom[PS_NOTE];
        size_t n = 0;
        for (const char *p = ps->rapl; *p && n + 1 < sizeof(dom); p++)
            if (*p != ' ')
                dom[n++] = *p == ',' ? '+' : *p;
        dom[n] = '\0';
        tr->domain = br_arena_strdup(&tr->arena, n ? dom : "rapl");
        br_source_diag(ps->src, BR_WARNING, ps->rapl_line ? ps->rapl_line : ps->header_line, 1,
                       "Watts is powerstat's total over the RAPL domains %s, not one part's "
                       "power (the package holds core and uncore, psys the package; dram is "
                       "memory): read as domain '%s'; `powerstat -R -D` prints each domain",
                       ps->rapl[0] ? ps->rapl : "(not named)", tr->domain);
        return;
    }
    if (ps->summary || ps->battery)
        return;   /* the battery's discharge: the whole machine, "node" */
    tr->domain = "battery-or-rapl";
    br_source_diag(ps->src, BR_WARNING, ps->header_line, 1,
                   "the file ends before powerstat's summary, which says whether Watts is the "
                   "battery's (the whole machine) or RAPL's: read as domain '%s'", tr->domain);
}

static void finish(struct ps *ps)
{
    name_total(ps);
    explain(ps);
    if (ps->nrapl)
        br_source_diag(ps->src, BR_NOTE, ps->header_line, 1,
                       "Watts, powerstat's total over the RAPL domains (in recent releases their "
                       "sum, overlapping ones included: psys holds the package, the package "
                       "holds core and uncore), not read: each domain column is its own trace");
    if (ps->ne)
        br_source_diag(ps->src, BR_WARNING, ps->first_e, 1,
                       "%zu reading%s marked E (powerstat: not accurate yet) %s no sample value",
                       ps->ne, ps->ne == 1 ? "" : "s", ps->ne == 1 ? "has" : "have");
    if (ps->nskip)
        br_source_diag(ps->src, BR_NOTE, ps->first_skip, 1,
                       "%zu '--- Skipped samples(s)' line%s: powerstat dropped samples there",
                       ps->nskip, ps->nskip == 1 ? "" : "s");
    if (ps->nrepeat)
        br_source_diag(ps->src, BR_NOTE, 0, 0,
                       "header repeated %zu time%s (one per screenful on a terminal): read as "
                       "one table", ps->nrepeat, ps->nrepeat == 1 ? "" : "s");
    if (ps->second_run)
        br_source_diag(ps->src, BR_WARNING, ps->second_run, 1,
                       "a second powerstat table after the first one's summary: not read");
}

/* One line of the file. */
static void one_line(struct ps *ps, const char *line, size_t len, unsigned ln)
{
    struct br_field f[PS_MAX_COLS + 1];
    size_t k = br_split_blanks(line, len, f, PS_MAX_COLS);
    const char *msg;
    unsigned col;

    if (k == 0 || ps->state == PS_DONE)
        return;
    if (k <= PS_MAX_COLS && is_header(f, k)) {
        if (ps->state == PS_PREAMBLE) {
            if ((msg = first_header(ps, f, k))) {
                br_source_diag(ps->src, BR_ERROR, ln, 1, "%s", msg);
                ps->state = PS_DONE;
                return;
            }
            ps->header_line = ln;
            ps->state = PS_ROWS;
        } else if (ps->state == PS_ROWS && same_header(ps, f, k)) {
            ps->nrepeat++;
        } else {
            ps->second_run = ln;
            ps->state = PS_DONE;
        }
        return;
    }
    if (ps->state == PS_PREAMBLE)
        return;   /* "Running for ...", a shell prompt, the text around a pasted table */
    if (ps->state == PS_STATS) {
        stats_line(ps, line, len, ln);
        return;
    }
    if (f[0].n >= 8 && !strncmp(f[0].p, "--------", 8)) {
        ps->state = PS_STATS;
        return;
    }
    if (is_word(f[0].p, f[0].n, "---") && memmem(line, len, "Skipped samples", 15)) {
        if (!ps->nskip++)
            ps->first_skip = ln;
        return;
    }
    if ((msg = sample_row(ps, line, f, k > PS_MAX_COLS ? PS_MAX_COLS : k, ln, &col)))
        br_source_diag(ps->src, BR_ERROR, ln, col, "%s, line skipped", msg);
}

static int powerstat_parse(struct br_lines *in, struct br_source *src,
                           const struct br_parse_opts *o)
{
    struct ps *ps = br_xcalloc(1, sizeof(*ps));
    const char *line;
    size_t len;
    int ret = -1;

    (void)o;
    ps->src = src;
    while (br_lines_next(in, &line, &len) > 0) {
        if (in->truncated)
            continue;
        one_line(ps, line, len, in->lineno);
    }
    if (ps->state == PS_PREAMBLE) {
        br_source_diag(src, BR_ERROR, in->lineno ? 1 : 0, in->lineno ? 1 : 0,
                       "no powerstat header (  Time    User  Nice ... Watts)");
        goto out;
    }
    if (ps->nrows == 0) {
        for (size_t i = src->ntraces; i > 0; i--)
            br_source_drop_last_trace(src);
        br_source_diag(src, BR_ERROR, ps->header_line, 1, "no sample rows after the header");
        goto out;
    }
    finish(ps);
    ret = 0;
out:
    free(ps);
    return ret;
}

static int powerstat_sniff(const char *head, size_t n, const struct br_parse_opts *o,
                           struct br_buf *why)
{
    static const char mark[] = "  Time    User  Nice   Sys  Idle    IO  Run Ctxt/s  IRQ/s";
    const char *p = memmem(head, n, mark, sizeof(mark) - 1);

    (void)o;
    if (p && memmem(p, n - (size_t)(p - head), "Watts", 5)) {
        br_buf_addstr(why, "powerstat's header (  Time    User  Nice ... Watts)");
        return 95;
    }
    br_buf_addstr(why, "no powerstat header");
    return 0;
}

const struct br_parser br_parser_powerstat = {
    .name = "powerstat",
    .what = "powerstat's table (battery or RAPL, -D domain columns)",
    .sniff = powerstat_sniff,
    .parse = powerstat_parse,
};
