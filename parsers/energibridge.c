/*
 * energibridge.c: the CSV that EnergiBridge (tdurieux/EnergiBridge, `energibridge
 * -o out.csv CMD`) writes, one row per interval (200 ms unless -i says otherwise):
 *   Delta,Time,CPU_ENERGY (J),CPU_FREQUENCY_0,...,CPU_USAGE_0,...,TOTAL_MEMORY,...
 *   0,1740313118656,50360.78172302246,3593,...
 *   191,1740313118666,50361.581787109375,3593,...
 * Delta is the milliseconds between the row's Time and its printing (0 on the
 * first row); Time is milliseconds since the Unix epoch (UTC). The other
 * columns are the platform's counters, sorted by name:
 *   Intel (Linux, Windows; RAPL through the MSRs): PACKAGE_ENERGY (J),
 *     PP0_ENERGY (J) (the cores), PP1_ENERGY (J) (the uncore: the integrated
 *     GPU), DRAM_ENERGY (J): cumulative joules;
 *   AMD: CPU_ENERGY (J) (the package, cumulative joules), and per core
 *     COREn_ENERGY (J), _FREQ (MHZ), _PSTATE, _VOLT (V);
 *   macOS (the SMC): SYSTEM_POWER (Watts) (the whole machine) and
 *     CPU_POWER (Watts), GPU_POWER (Watts), powers as read (SYSTEM_POWER reads
 *     0 on some rows of some Macs: no value there, with a warning);
 *   NVIDIA GPUs (--gpu): GPUn_POWER (mWatts) (GPUn_POWER before 2023-11, also
 *     NVML's milliwatts).
 * EnergiBridge reads Intel's MSRs on core 0, and AMD's package counter as the
 * last core sees it (Windows: core 0 only, one CORE0_ column set): on a machine
 * with two sockets the cpu and dram traces are one socket's.
 * A cumulative counter becomes a power trace from the differences of two rows
 * over the difference of their Times: the sample at a row is the mean over
 * the interval since the row before it, so the first row gives none. A counter
 * that goes down (a 32-bit RAPL counter wrapped, or a bad read) gives no
 * reading for that interval, with a warning; never a negative or guessed watt.
 * A joule column that is 0 on every row is a domain the machine does not count
 * (DRAM on laptops): no trace, with a note; one that holds whole numbers only is
 * raw RAPL counts (EnergiBridge before 0.0.7 did not apply Intel's energy
 * unit; or sysfs microjoules): no trace, with a warning.
 * The first row after the header (Delta 0) read its counters before its Time
 * (EnergiBridge collects, then starts its clock): not read; a row with the
 * Time of the row before is not read either (the counters go on).
 * COREn_ENERGY (J) is not read (AMD's per-core counters: the package's
 * CPU_ENERGY holds them, and they go down between rows in real files).
 * Builds before 2024-01 named the Intel counters `PACAKGE_ENERGY (W)` and
 * `..._ENERGY (W)`, counters labelled as watts: not read, with a note.
 * A row with another number of fields than the header (a counter that came or
 * went) is an error and skipped; the header again (runs appended to one file)
 * starts a new stretch: no difference is taken across it.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "model/fields.h"
#include "model/num.h"
#include "parsers/parser.h"
#include "parsers/rows.h"
#include "model/banned.h"

#define EB_MAX_COLS 2048
#define EB_NAME 48

enum eb_kind { EB_SKIP, EB_JOULES, EB_WATTS, EB_MILLIWATTS };

struct ebcol {
    enum eb_kind kind;
    size_t idx;                /* the field it is in */
    const char *domain;
    char device[8];
    char name[EB_NAME];        /* the column's name */
    struct br_trace *tr;
    double prev;               /* the counter at the row before; NaN: none */
    size_t ndown;              /* intervals over which the counter went down */
    int fraction, nonzero;     /* some value had a fractional part, was not 0 */
    size_t nzero;              /* SYSTEM_POWER rows that read 0 W */
    unsigned first_zero;
    unsigned first_down;
};

struct eb {
    struct br_source *src;
    char sep;
    size_t nfield, time_idx;
    struct ebcol *col;
    size_t ncol;
    double prev_t;             /* the Time (s) of the row before; NaN: none */
    size_t nback, nshort, nrepeat, nfirst, nsame;
    int fresh;                 /* no data row yet since the header */
    unsigned first_back, first_short;
};

static int is_name(const struct br_field *f, const char *s)
{
    return f->n == strlen(s) && !memcmp(f->p, s, f->n);
}

static int has_suffix(const struct br_field *f, const char *s)
{
    size_t k = strlen(s);
    return f->n >= k && !memcmp(f->p + f->n - k, s, k);
}

/* "GPU3_POWER (mWatts)" / "GPU3_POWER": the index into dev; 1 when it is one. */
static int gpu_power(const struct br_field *f, char *dev, size_t devsz)
{
    size_t i = 3, d;

    if (f->n < 10 || memcmp(f->p, "GPU", 3) || !isdigit((unsigned char)f->p[3]))
        return 0;
    while (i < f->n && isdigit((unsigned char)f->p[i]))
        i++;
    d = i - 3;
    if (d >= devsz)
        return 0;
    if (!((f->n - i == 6 && !memcmp(f->p + i, "_POWER", 6)) ||
          (f->n - i == 15 && !memcmp(f->p + i, "_POWER (mWatts)", 15))))
        return 0;
    memcpy(dev, f->p + 3, d);
    dev[d] = '\0';
    return 1;
}

/* What column f is: its kind, domain and device into c. */
static void classify(const struct br_field *f, struct ebcol *c)
{
    static const struct { const char *name, *domain; enum eb_kind kind; } known[] = {
        { "PACKAGE_ENERGY (J)", "cpu", EB_JOULES },
        { "CPU_ENERGY (J)", "cpu", EB_JOULES },
        { "PP0_ENERGY (J)", "cores", EB_JOULES },
        { "PP1_ENERGY (J)", "uncore", EB_JOULES },
        { "DRAM_ENERGY (J)", "dram", EB_JOULES },
        { "SYSTEM_POWER (Watts)", "system", EB_WATTS },
        { "CPU_POWER (Watts)", "cpu", EB_WATTS },
        { "GPU_POWER (Watts)", "gpu", EB_WATTS },
    };

    c->kind = EB_SKIP;
    c->device[0] = '0';
    c->device[1] = '\0';
    for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
        if (is_name(f, known[i].name)) {
            c->kind = known[i].kind;
            c->domain = known[i].domain;
            return;
        }
    if (gpu_power(f, c->device, sizeof(c->device))) {
        c->kind = EB_MILLIWATTS;
        c->domain = "gpu";
    }
}

static void copy_name(char *dst, const struct br_field *f)
{
    size_t n = f->n < EB_NAME - 1 ? f->n : EB_NAME - 1;
    memcpy(dst, f->p, n);
    dst[n] = '\0';
}

/* Reads the header. NULL, or a message. */
static const char *read_header(struct eb *eb, const struct br_field *f, size_t k,
                               unsigned line)
{
    size_t old = 0;

    if (k > EB_MAX_COLS)
        return "header has too many columns";
    eb->nfield = k;
    eb->time_idx = 1;
    eb->col = br_xcalloc(k, sizeof(*eb->col));
    for (size_t i = 2; i < k; i++) {
        struct ebcol *c = &eb->col[eb->ncol];
        classify(&f[i], c);
        if (c->kind == EB_SKIP) {
            old += has_suffix(&f[i], "_ENERGY (W)");
            continue;
        }
        c->idx = i;
        c->prev = NAN;
        copy_name(c->name, &f[i]);
        eb->ncol++;
    }
    if (old)
        br_source_diag(eb->src, BR_NOTE, line, 1, "%zu counter%s named '..._ENERGY (W)' "
                       "(EnergiBridge before 2024-01: cumulative counters labelled as watts) "
                       "not read", old, old == 1 ? "" : "s");
    if (!eb->ncol)
        return "EnergiBridge CSV without an energy or power column (PACKAGE_ENERGY (J), "
               "CPU_ENERGY (J), SYSTEM_POWER (Watts), GPUn_POWER (mWatts)): this platform's "
               "counters were not read";
    return NULL;
}

static struct br_trace *trace_of(struct eb *eb, struct ebcol *c, unsigned line)
{
    struct br_trace *tr;

    if (c->tr)
        return c->tr;
    tr = c->tr = br_source_new_trace(eb->src);
    tr->domain = c->domain;
    tr->device = br_arena_strdup(&tr->arena, c->device);
    tr->power_source = br_arena_strdup(&tr->arena, c->name);
    tr->zoned = 1;
    tr->timed = 1;
    tr->first_line = line;
    tr->power_window = c->kind == EB_JOULES ? 0 : -1;
    br_trace_add_channel(tr, "power", "W");
    if (c->kind == EB_JOULES)
        br_trace_enable_window(tr);
    return tr;
}

/* One column's value at a row at time t (s). */
static void read_value(struct eb *eb, struct ebcol *c, const struct br_field *f, double t,
                       unsigned line)
{
    double v, w;
    size_t i;

    if (!f->n || br_num_parse(f->p, f->p + f->n, &v) != f->n || !isfinite(v))
        v = NAN;
    if (c->kind != EB_JOULES) {
        if (c->kind == EB_MILLIWATTS)
            v /= 1000;
        i = br_trace_append(trace_of(eb, c, line), t);
        if (v == 0 && !strcmp(c->domain, "system")) {   /* a running machine draws power */
            if (!c->nzero++)
                c->first_zero = line;
            v = NAN;
        }
        c->tr->ch[0].v[i] = v < 0 ? NAN : v;
        return;
    }
    if (!isnan(v) && v != floor(v))
        c->fraction = 1;
    if (!isnan(v) && v != 0)
        c->nonzero = 1;
    if (!isnan(c->prev) && !isnan(eb->prev_t) && !isnan(v)) {
        w = t - eb->prev_t;
        i = br_trace_append(trace_of(eb, c, line), t);
        c->tr->window[i] = w;
        if (v < c->prev) {
            if (!c->ndown++)
                c->first_down = line;
        } else {
            c->tr->ch[0].v[i] = (v - c->prev) / w;
        }
    }
    c->prev = v;
}

static void restart(struct eb *eb)
{
    eb->prev_t = NAN;
    for (size_t i = 0; i < eb->ncol; i++)
        eb->col[i].prev = NAN;
}

static void read_row(struct eb *eb, const struct br_field *f, size_t k, unsigned line,
                     int last_cut)
{
    double ms, t, delta;
    const struct br_field *tf;

    if (k != eb->nfield) {
        if (last_cut) {
            br_source_diag(eb->src, BR_WARNING, line, 1, "the last row is cut off: skipped");
            return;
        }
        if (!eb->nshort++)
            eb->first_short = line;
        restart(eb);
        return;
    }
    if (is_name(&f[0], "Delta")) {   /* the header again: another run appended */
        eb->nrepeat++;
        eb->fresh = 1;
        restart(eb);
        return;
    }
    if (eb->fresh && br_num_parse(f[0].p, f[0].p + f[0].n, &delta) == f[0].n &&
        delta == 0) {
        /* the first row, printed before EnergiBridge's loop: read before its Time */
        eb->nfirst++;
        eb->fresh = 0;
        restart(eb);
        return;
    }
    eb->fresh = 0;
    tf = &f[eb->time_idx];
    if (br_num_parse(tf->p, tf->p + tf->n, &ms) != tf->n || !(ms > 0)) {
        br_source_diag(eb->src, BR_ERROR, line, 1, "Time is not milliseconds since 1970: row "
                       "skipped");
        restart(eb);
        return;
    }
    t = ms / 1000;
    if (t == eb->prev_t) {   /* read at the row before's Time: the counters go on */
        eb->nsame++;
        return;
    }
    if (!isnan(eb->prev_t) && !(t > eb->prev_t)) {
        if (!eb->nback++)
            eb->first_back = line;
        restart(eb);
        return;
    }
    for (size_t i = 0; i < eb->ncol; i++)
        read_value(eb, &eb->col[i], &f[eb->col[i].idx], t, line);
    eb->prev_t = t;
}

static void report(struct eb *eb)
{
    if (eb->nshort)
        br_source_diag(eb->src, BR_ERROR, eb->first_short, 1, "%zu row%s with another number "
                       "of fields than the header's %zu skipped (the first here)", eb->nshort,
                       eb->nshort == 1 ? "" : "s", eb->nfield);
    if (eb->nback)
        br_source_diag(eb->src, BR_WARNING, eb->first_back, 1, "%zu row%s whose Time does not "
                       "follow the row before skipped (the first here); no power is taken "
                       "across them", eb->nback, eb->nback == 1 ? "" : "s");
    if (eb->nfirst > 1)
        br_source_diag(eb->src, BR_NOTE, 1, 1, "%zu rows with Delta 0 not read (EnergiBridge's "
                       "first row, its counters read before its Time: no interval starts "
                       "there)", eb->nfirst);
    if (eb->nsame)
        br_source_diag(eb->src, BR_NOTE, 1, 1, "%zu row%s with the Time of the row before not "
                       "read (the counters go on from that row)", eb->nsame,
                       eb->nsame == 1 ? "" : "s");
    if (eb->nrepeat)
        br_source_diag(eb->src, BR_NOTE, 1, 1, "the header comes again %zu time%s (runs "
                       "appended to one file): no power is taken across it", eb->nrepeat,
                       eb->nrepeat == 1 ? "" : "s");
    for (size_t i = 0; i < eb->ncol; i++) {
        const struct ebcol *c = &eb->col[i];
        if (c->nzero)
            br_source_diag(eb->src, BR_WARNING, c->first_zero, 1, "'%s' reads 0 W on %zu "
                           "row%s (the first here): the SMC gave no reading; a running machine "
                           "draws power: no value there", c->name, c->nzero,
                           c->nzero == 1 ? "" : "s");
        if (c->ndown)
            br_source_diag(eb->src, BR_WARNING, c->first_down, 1, "'%s' went down over %zu "
                           "interval%s (a counter that wrapped, or a bad read; the first "
                           "here): no power for %s", c->name, c->ndown,
                           c->ndown == 1 ? "" : "s", c->ndown == 1 ? "it" : "them");
    }
}

/*
 * Puts the traces, made as their first samples came, in the order of their
 * columns, and drops those of joule counters that held whole numbers only:
 * EnergiBridge before 0.0.7 (2024-03) wrote Intel's raw RAPL counts there, the
 * energy unit not applied (thijsnulle/sse-project1, Windows, February 2024:
 * 261261059 'J', 10 kW), or sysfs microjoules; a real reading in joules is a
 * multiple of the unit (2^-14 J and the like) and has a fraction.
 */
static void order_traces(struct eb *eb, size_t base)
{
    size_t k = base;

    for (size_t i = 0; i < eb->ncol; i++) {
        struct ebcol *c = &eb->col[i];
        if (!c->tr)
            continue;
        if (c->kind == EB_JOULES && !c->nonzero) {
            br_source_diag(eb->src, BR_NOTE, c->tr->first_line, 1, "'%s' is 0 on every row "
                           "(a domain this machine does not count): no power from it", c->name);
            br_trace_free(c->tr);
            c->tr = NULL;
            continue;
        }
        if (c->kind == EB_JOULES && !c->fraction) {
            br_source_diag(eb->src, BR_WARNING, c->tr->first_line, 1, "'%s' holds whole "
                           "numbers only: raw counts, not joules (EnergiBridge before 0.0.7 "
                           "did not apply Intel's energy unit): no power from it", c->name);
            br_trace_free(c->tr);
            c->tr = NULL;
            continue;
        }
        eb->src->traces[k++] = c->tr;
    }
    eb->src->ntraces = k;
}

static char sep_of(const char *p, size_t n)
{
    return n > 5 && (p[5] == ',' || p[5] == ';' || p[5] == '\t') ? p[5] : 0;
}

static int eb_parse(struct br_lines *in, struct br_source *src, const struct br_parse_opts *o)
{
    struct eb eb = { .src = src, .prev_t = NAN };
    size_t base = src->ntraces;
    struct br_field *f = br_xmalloc(sizeof(*f) * (EB_MAX_COLS + 1));
    const char *p, *err;
    size_t n, k;
    int ret = 0, have_header = 0;

    (void)o;
    while (br_next_row(in, src, &p, &n)) {
        if (!have_header) {
            eb.sep = sep_of(p, n);
            if (n < 10 || memcmp(p, "Delta", 5) || !eb.sep) {
                br_source_diag(src, BR_ERROR, in->lineno, 1, "no EnergiBridge header "
                               "('Delta,Time,...')");
                ret = -1;
                break;
            }
            k = br_split_sep(p, n, eb.sep, f, EB_MAX_COLS + 1);
            if (k < 3 || !is_name(&f[1], "Time"))
                err = "no EnergiBridge header ('Delta,Time,...')";
            else
                err = read_header(&eb, f, k, in->lineno);
            if (err) {
                br_source_diag(src, BR_ERROR, in->lineno, 1, "%s", err);
                ret = -1;
                break;
            }
            have_header = 1;
            eb.fresh = 1;
            continue;
        }
        k = br_split_sep(p, n, eb.sep, f, EB_MAX_COLS + 1);
        read_row(&eb, f, k, in->lineno, in->no_newline);
    }
    if (!ret && !have_header) {
        br_source_diag(src, BR_ERROR, 0, 0, "empty file: no EnergiBridge header");
        ret = -1;
    }
    if (!ret) {
        size_t traces = 0;
        report(&eb);
        order_traces(&eb, base);
        for (size_t i = 0; i < eb.ncol; i++)
            traces += eb.col[i].tr != NULL;
        if (!traces && eb.ncol) {
            br_source_diag(src, BR_ERROR, in->lineno, 1, "no power: no counter could be "
                           "read (the notes above say why)");
            ret = -1;
        } else if (!traces) {
            br_source_diag(src, BR_ERROR, in->lineno, 1, "no power: %s",
                           eb.ncol ? "fewer than two rows with a counter and a time"
                                   : "no power column");
            ret = -1;
        }
    }
    free(eb.col);
    free(f);
    return ret;
}

static int eb_sniff(const char *head, size_t n, const struct br_parse_opts *o,
                    struct br_buf *why)
{
    const char *p = head, *end = head + n, *nl;

    (void)o;
    if (n >= 3 && !memcmp(p, "\xef\xbb\xbf", 3))
        p += 3;
    while (p < end && (*p == ' ' || *p == '\n' || *p == '\r'))
        p++;
    nl = memchr(p, '\n', (size_t)(end - p));
    if (!nl)
        nl = end;
    if ((size_t)(nl - p) < 11 || memcmp(p, "Delta", 5) || !sep_of(p, (size_t)(nl - p)) ||
        memcmp(p + 6, "Time", 4) || (p[10] != p[5] && p[10] != '\r' && p[10] != '\n')) {
        br_buf_addstr(why, "no 'Delta,Time,...' header of EnergiBridge on line 1");
        return 0;
    }
    br_buf_addstr(why, "EnergiBridge CSV header 'Delta,Time,...'");
    return 95;
}

const struct br_parser br_parser_energibridge = {
    .name = "energibridge",
    .what = "EnergiBridge CSV: cumulative RAPL joules as power, macOS SYSTEM_POWER, GPU mW",
    .sniff = eb_sniff,
    .parse = eb_parse,
};
