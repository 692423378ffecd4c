/*
 * energycsv.c: logs of cumulative energy counters that people poll
 * themselves: a header naming a time column and one or more columns whose
 * name says energy and gives its unit, and no column of power (powercsv
 * reads those; a log of both is read for its power):
 *   time_unix_s,energy_mj            NVML's total energy counter
 *   1795809305.814801,20202320       (nvmlDeviceGetTotalEnergyConsumption, mJ)
 *   timestamp,energy_uj              Linux powercap's RAPL counter (energy_uj,
 *   2025-06-01T10:00:00Z,123456789   microjoules, wraps to 0)
 * The unit comes from the name's last word ("_mj", "_uj", "_j", "_joules",
 * "_kj", "_wh", "_kwh") or its brackets ("Energy (mJ)"); "mJ" in any case is
 * millijoules, as NVML counts (a GPU's megajoules are no unit anyone logs).
 * Times: what br_time_parse reads (ISO 8601, Unix seconds), a whole count since
 * 1970 (ms, us or ns by its digits), or plain numbers: seconds from the start.
 * Separated by ';' or tabs, numbers may write a decimal comma ("10,5").
 *
 * Power comes from the differences between the rows where a counter moved.
 * A counter polled faster than it moves (NVML's steps every 100 ms on an
 * H200; polled every 10-20 ms) repeats its value between its steps, and the
 * difference of two polls would put a whole step's energy into one poll's
 * interval. Each sample, at a row where the counter moved, is the mean power
 * since the row where it moved before (its window). The first move starts
 * the first window: before it, when the counter last moved is not known. A
 * counter that goes down (RAPL's wrapped, or was reset) starts again there,
 * with a warning: no power across it, never a negative watt; one that goes
 * down on more than one row in twenty is no counter (drop_non_counters). A
 * row whose time does not follow the one before starts every counter again; one time in
 * twenty or more that does not is no log polled over time (a table of separate runs): no
 * power.
 *
 * The domain comes from the column's name (domain_of), else from the file's
 * name (the same words, and rapl for cpu), else node; a note says what each
 * column was taken for. Its device is the first number in its name.
 * A time column's unit ("time_ms", "Time (us)") scales plain numbers.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model/alloc.h"
#include "model/fields.h"
#include "model/num.h"
#include "model/timefmt.h"
#include "parsers/decimal.h"
#include "parsers/parser.h"
#include "parsers/rows.h"
#include "model/banned.h"

#define EC_MAX_COLS 64
#define EC_NAME 64

struct ecol {
    char name[EC_NAME];
    size_t idx;              /* its field in a row */
    double scale;            /* to joules */
    const char *domain;
    const char *why;         /* what gave the domain */
    struct br_trace *tr;     /* made at its first sample */
    double move_t, move_e;   /* the row where it last moved (NaN: none since a start) */
    double seen;             /* its value on the row before (NaN: none since a start) */
    size_t ndown, nval;      /* times it went down; rows with a value */
    size_t nbad;             /* rows whose cell is no number */
    int dropped;             /* no running total (drop_non_counters) */
    unsigned first_down, first_bad;
};

struct ec {
    struct br_source *src;
    char sep;
    size_t nfield, time_idx;
    struct ecol col[EC_MAX_COLS];
    size_t ncol;
    int elapsed, zoned;      /* elapsed: plain numbers, seconds from the start */
    double time_scale;       /* seconds per unit of the time column ("time_ms": 0.001) */
    size_t ndropped;         /* columns found to be no running total */
    int comma;               /* a cell wrote a decimal comma (number_of) */
    double prev_t;
    size_t nshort, nbadtime, nback, nrows;   /* nrows: rows with a time */
    unsigned first_short, first_badtime, first_back;
};

static int has_ci(const char *s, const char *sub)
{
    return strcasestr(s, sub) != NULL;
}

/* The name's unit word: inside its brackets, else after its last '_', ' ' or '-'. */
static void unit_word(const char *name, char *out, size_t size)
{
    const char *open = strpbrk(name, "(["), *w = name;
    size_t n;

    if (open) {
        w = open + 1;
        n = strcspn(w, ")]");
    } else {
        for (const char *p = name; *p; p++)
            if (*p == '_' || *p == ' ' || *p == '-')
                w = p + 1;
        n = strlen(w);
    }
    while (n && w[n - 1] == ' ')
        n--;
    while (n && *w == ' ') {
        w++;
        n--;
    }
    snprintf(out, size, "%.*s", (int)n, w);
}

/* Joules per unit of an energy column named `name`; 0 when it is none. */
static double energy_scale(const char *name)
{
    static const struct { const char *unit; double scale; } units[] = {
        { "uj", 1e-6 }, { "\xc2\xb5j", 1e-6 }, { "microjoules", 1e-6 }, { "nj", 1e-9 },
        { "mj", 1e-3 }, { "millijoules", 1e-3 }, { "j", 1 }, { "joule", 1 }, { "joules", 1 },
        { "kj", 1e3 }, { "wh", 3600 }, { "kwh", 3.6e6 },
    };
    char u[EC_NAME];

    if (!has_ci(name, "energy") && !has_ci(name, "joule"))
        return 0;
    unit_word(name, u, sizeof(u));
    for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
        if (!strcasecmp(u, units[i].unit))
            return units[i].scale;
    return 0;
}

/*
 * A setting beside the readings, not a reading: a power limit or cap, a power
 * state (NVML loggers write power_limit_w and power_state beside energy_mj).
 */
static int setting(const char *name)
{
    static const char *const words[] = { "limit", "cap", "state", "enforced", "default", "tdp" };

    for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
        if (has_ci(name, words[i]))
            return 1;
    return 0;
}

/* A column of power, or one that makes the file no counter log (epochs, steps). */
static int other_kind(const char *name)
{
    static const char *const words[] = { "power", "watt", "epoch", "step", "iter" };
    char u[EC_NAME];

    if (setting(name))
        return 0;
    for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
        if (has_ci(name, words[i]))
            return 1;
    unit_word(name, u, sizeof(u));
    return !strcasecmp(u, "w") || !strcasecmp(u, "mw") || !strcasecmp(u, "kw");
}

static int time_name(const char *name)
{
    return has_ci(name, "time") || has_ci(name, "elapsed") || has_ci(name, "unix") ||
           !strcasecmp(name, "ts") || !strcasecmp(name, "t") || !strcasecmp(name, "t_s") ||
           !strcasecmp(name, "seconds") || !strcasecmp(name, "date") ||
           !strcasecmp(name, "epoch_s") || !strcasecmp(name, "epoch_ms");
}

/* Seconds per unit of a time column named `name` ("time_ms", "Time (us)"); 1 by default. */
static double time_scale(const char *name)
{
    static const struct { const char *unit; double scale; } units[] = {
        { "ms", 1e-3 }, { "us", 1e-6 }, { "\xc2\xb5s", 1e-6 }, { "ns", 1e-9 }, { "min", 60 },
    };
    char u[EC_NAME];

    unit_word(name, u, sizeof(u));
    for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
        if (!strcasecmp(u, units[i].unit))
            return units[i].scale;
    return 1;
}

/*
 * The domain a name says, or NULL. RAPL's parts keep their own domains, as the
 * other readers name them (cores and uncore are parts of the package, psys the
 * whole platform): a sum of them would count a part twice.
 */
static const char *domain_of(const char *name, int file)
{
    static const struct { const char *word; const char *domain; } words[] = {
        { "uncore", "uncore" }, { "pp1", "uncore" }, { "pp0", "cores" }, { "core", "cores" },
        { "psys", "node" }, { "platform", "node" }, { "node", "node" }, { "system", "node" },
        { "gpu", "gpu" }, { "nvml", "gpu" }, { "dram", "dram" }, { "memory", "dram" },
        { "package", "cpu" }, { "pkg", "cpu" }, { "cpu", "cpu" }, { "rapl", "cpu" },
    };
    for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
        if (has_ci(name, words[i].word) && (file || strcmp(words[i].word, "rapl")))
            return words[i].domain;
    return NULL;
}

static char sep_of(const char *p, size_t n)
{
    static const char seps[] = { ',', ';', '\t' };
    for (size_t i = 0; i < sizeof(seps); i++)
        if (memchr(p, seps[i], n))
            return seps[i];
    return 0;
}

/* Field `f` without the blanks, quotes and CR around it: its start, its length in *n. */
static const char *trimmed(const struct br_field *f, size_t *n)
{
    const char *p = f->p;

    *n = f->n;
    while (*n && (*p == ' ' || *p == '"')) {
        p++;
        (*n)--;
    }
    while (*n && (p[*n - 1] == ' ' || p[*n - 1] == '"' || p[*n - 1] == '\r'))
        (*n)--;
    return p;
}

/*
 * Field `f` as a number: the whole of it, trimmed; in a ','-separated file also
 * with its thousands grouped ("1,000.5", quoted), elsewhere (a ';'-separated
 * file of a de or fr locale) with a decimal comma, grouped or not ("10,5",
 * "1.000,5"). Once a cell has shown a comma so, "1.800" is 1800, not 1.8.
 * Returns 1 and the value in *v, or 0.
 */
static int number_of(struct ec *ec, const struct br_field *f, double *v)
{
    size_t n;
    const char *p = trimmed(f, &n);

    if (!n)
        return 0;
    if (ec->sep != ',' && ec->comma && br_num_parse_grouped(p, p + n, '.', ',', v) == n)
        return isfinite(*v);
    if (br_num_parse(p, p + n, v) == n)
        return isfinite(*v);
    if (ec->sep == ',')
        return br_num_parse_grouped(p, p + n, ',', '.', v) == n && isfinite(*v);
    if (br_num_parse_comma(p, p + n, v) != n && br_num_parse_grouped(p, p + n, '.', ',', v) != n)
        return 0;
    ec->comma = 1;
    return isfinite(*v);
}

static void field_name(const struct br_field *f, char *out, size_t size)
{
    size_t n;
    const char *p = trimmed(f, &n);

    snprintf(out, size, "%.*s", (int)n, p);
}

/*
 * Reads the header of the file at `path`: its time column and energy columns.
 * Returns NULL, or why it is no counter log's header.
 */
static const char *read_header(struct ec *ec, const struct br_field *f, size_t k,
                               const char *path)
{
    long time_idx = -1;
    char name[EC_NAME];
    const char *base = strrchr(path, '/');

    base = base ? base + 1 : path;
    for (size_t i = 0; i < k; i++) {
        double scale;
        field_name(&f[i], name, sizeof(name));
        if (time_idx < 0 && time_name(name) && !energy_scale(name)) {
            time_idx = (long)i;
            ec->time_scale = time_scale(name);
            continue;
        }
        if (other_kind(name))
            return "a column of power, epochs or steps: not a log of energy counters alone";
        scale = energy_scale(name);
        if (scale > 0 && ec->ncol < EC_MAX_COLS) {
            struct ecol *c = &ec->col[ec->ncol++];
            snprintf(c->name, sizeof(c->name), "%s", name);
            c->idx = i;
            c->scale = scale;
            c->move_t = c->move_e = c->seen = NAN;
            c->domain = domain_of(name, 0);
            c->why = "its name";
            if (!c->domain && (c->domain = domain_of(base, 1)))
                c->why = "the file's name";
            if (!c->domain) {
                c->domain = "node";
                c->why = "nothing names a part";
            }
        }
    }
    if (time_idx < 0)
        return "no time column";
    if (!ec->ncol)
        return "no column whose name says energy with its unit (energy_mj, energy_uj, "
               "Energy (J))";
    ec->time_idx = (size_t)time_idx;
    ec->nfield = k;
    return NULL;
}

/* The row's time (s); 0 when it is none. The first row decides between a clock and seconds. */
static int time_of(struct ec *ec, const struct br_field *f, double *t)
{
    struct br_time bt;
    size_t n;
    const char *p = trimmed(f, &n);

    if (!n)
        return 0;
    if (ec->time_scale != 1) {   /* a count in the column's unit: since 1970, or the start */
        if (!number_of(ec, f, t))
            return 0;
        *t *= ec->time_scale;
        ec->zoned = *t >= BR_CALENDAR_MIN_S;
        ec->elapsed = !ec->zoned;
        return 1;
    }
    if (ec->elapsed)
        return number_of(ec, f, t);
    if (br_epoch_count(p, n, t)) {
        ec->zoned = 1;
        return 1;
    }
    if (br_time_parse(p, n, &bt) == n) {
        ec->zoned = bt.zoned;
        *t = bt.t;
        return 1;
    }
    if (isnan(ec->prev_t) && !ec->nback && number_of(ec, f, t) && *t >= 0 &&
        *t < BR_CALENDAR_MIN_S) {
        ec->elapsed = 1;   /* plain numbers: seconds from the start */
        return 1;
    }
    return 0;
}

static struct br_trace *trace_of(struct ec *ec, struct ecol *c, unsigned line)
{
    struct br_trace *tr;

    if (c->tr)
        return c->tr;
    tr = c->tr = br_source_new_trace(ec->src);
    tr->domain = c->domain;
    tr->device = "0";
    for (const char *p = c->name; *p; p++)   /* gpu1_energy_mj: GPU 1 */
        if (isdigit((unsigned char)*p)) {
            tr->device = br_arena_strndup(&tr->arena, p, strspn(p, "0123456789"));
            break;
        }
    tr->power_source = br_arena_strdup(&tr->arena, c->name);
    tr->zoned = ec->zoned && !ec->elapsed;
    tr->timed = 1;
    tr->first_line = line;
    tr->power_window = 0;   /* each sample's window says what it averages */
    br_trace_add_channel(tr, "power", "W");
    br_trace_enable_window(tr);
    return tr;
}

static void restart(struct ec *ec)
{
    ec->prev_t = NAN;
    for (size_t i = 0; i < ec->ncol; i++)
        ec->col[i].move_t = ec->col[i].move_e = ec->col[i].seen = NAN;
}

/* Counter `c` reads `v` at time t: a sample where it moved, from its move before. */
static void read_value(struct ec *ec, struct ecol *c, double v, double t, unsigned line)
{
    if (isnan(v))
        return;
    c->nval++;
    if (!isnan(c->seen) && v < c->seen) {   /* wrapped or reset: start again here */
        if (!c->ndown++)
            c->first_down = line;
        c->move_t = c->move_e = NAN;
    } else if (!isnan(c->seen) && v > c->seen) {
        if (!isnan(c->move_t)) {
            size_t i = br_trace_append(trace_of(ec, c, line), t);
            c->tr->window[i] = t - c->move_t;
            c->tr->ch[0].v[i] = (v - c->move_e) * c->scale / (t - c->move_t);
        }
        c->move_t = t;
        c->move_e = v;
    }
    c->seen = v;
}

static void read_row(struct ec *ec, const struct br_field *f, size_t k, unsigned line, int cut)
{
    double t;

    if (k < ec->nfield) {
        if (cut) {
            br_source_diag(ec->src, BR_WARNING, line, 1, "the last row is cut off: skipped");
            return;
        }
        if (!ec->nshort++)
            ec->first_short = line;
        return;
    }
    if (!time_of(ec, &f[ec->time_idx], &t)) {
        if (!ec->nbadtime++)
            ec->first_badtime = line;
        return;
    }
    ec->nrows++;
    if (!isnan(ec->prev_t) && !(t > ec->prev_t)) {
        if (!ec->nback++)
            ec->first_back = line;
        restart(ec);
    }
    for (size_t i = 0; i < ec->ncol; i++) {
        struct ecol *c = &ec->col[i];
        double v;
        if (!number_of(ec, &f[c->idx], &v)) {
            v = NAN;
            if (!c->nbad++)
                c->first_bad = line;
        }
        read_value(ec, c, v, t, line);
    }
    ec->prev_t = t;
}

/* Frees the traces (from `base` on) of the columns marked dropped. */
static void free_dropped(struct ec *ec, size_t base)
{
    size_t k = base;

    for (size_t j = base; j < ec->src->ntraces; j++) {
        struct br_trace *tr = ec->src->traces[j];
        int drop = 0;
        for (size_t i = 0; i < ec->ncol; i++)
            if (ec->col[i].tr == tr && ec->col[i].dropped) {
                ec->col[i].tr = NULL;
                drop = 1;
            }
        if (drop)
            br_trace_free(tr);
        else
            ec->src->traces[k++] = tr;
    }
    ec->src->ntraces = k;
}

/*
 * Drops the traces of columns that go down on more than one row in twenty: a
 * counter wraps or resets rarely, and energy logged per interval (each row its
 * own second's 250 J) falls every other row; read as a running total it gave
 * 8 W. `base` is the source's trace count before this file.
 */
static void drop_non_counters(struct ec *ec, size_t base)
{
    for (size_t i = 0; i < ec->ncol; i++) {
        struct ecol *c = &ec->col[i];
        if (!(c->ndown >= 3 && c->ndown * 20 > c->nval))
            continue;
        br_source_diag(ec->src, BR_WARNING, c->first_down, 1, "'%s' goes down on %zu of its "
                       "%zu rows: energy per interval, not a running total: not read", c->name,
                       c->ndown, c->nval);
        c->ndown = 0;   /* said */
        c->dropped = 1;
        ec->ndropped++;
    }
    free_dropped(ec, base);
}

static void report(struct ec *ec)
{
    if (ec->nshort)
        br_source_diag(ec->src, BR_ERROR, ec->first_short, 1, "%zu row%s with fewer fields "
                       "than the header's %zu skipped (the first here)", ec->nshort,
                       ec->nshort == 1 ? "" : "s", ec->nfield);
    if (ec->nbadtime)
        br_source_diag(ec->src, BR_ERROR, ec->first_badtime, 1, "%zu row%s whose time could "
                       "not be read skipped (the first here)", ec->nbadtime,
                       ec->nbadtime == 1 ? "" : "s");
    if (ec->nback)
        br_source_diag(ec->src, BR_WARNING, ec->first_back, 1, "%zu row%s whose time does not "
                       "follow the row before (the first here): the counters start again "
                       "there, no power across", ec->nback, ec->nback == 1 ? "" : "s");
    for (size_t i = 0; i < ec->ncol; i++) {
        const struct ecol *c = &ec->col[i];
        if (c->nbad)
            br_source_diag(ec->src, BR_WARNING, c->first_bad, 1, "%zu row%s whose '%s' is no "
                           "number skipped (the first here): the power on either side spans "
                           "%s", c->nbad, c->nbad == 1 ? "" : "s", c->name,
                           c->nbad == 1 ? "it" : "them");
        if (c->ndown)
            br_source_diag(ec->src, BR_WARNING, c->first_down, 1, "'%s' went down %zu "
                           "time%s (a counter that wrapped or was reset; the first here): no "
                           "power across %s", c->name, c->ndown, c->ndown == 1 ? "" : "s",
                           c->ndown == 1 ? "it" : "them");
        if (c->tr)
            br_source_diag(ec->src, BR_NOTE, c->tr->first_line, 1, "'%s' read as a running "
                           "total of energy: power from its differences between the rows "
                           "where it moved; domain %s (%s)", c->name, c->domain, c->why);
    }
}

static int ec_parse(struct br_lines *in, struct br_source *src, const struct br_parse_opts *o)
{
    struct ec ec = { .src = src, .prev_t = NAN, .time_scale = 1 };
    size_t base = src->ntraces;
    struct br_field *f = br_xmalloc(sizeof(*f) * (EC_MAX_COLS * 4 + 1));
    const char *p, *err = NULL;
    size_t n, k, traces = 0;
    int have_header = 0;

    (void)o;
    while (br_next_row(in, src, &p, &n)) {
        if (!have_header) {
            ec.sep = sep_of(p, n);
            k = ec.sep ? br_split_sep(p, n, ec.sep, f, EC_MAX_COLS * 4 + 1) : 0;
            err = !ec.sep ? "no header of a time column and energy columns"
                  : k > EC_MAX_COLS * 4 ? "more columns than a counter log has"
                                        : read_header(&ec, f, k, src->path);
            if (err) {
                br_source_diag(src, BR_ERROR, in->lineno, 1, "%s", err);
                break;
            }
            have_header = 1;
            continue;
        }
        k = br_split_sep(p, n, ec.sep, f, EC_MAX_COLS * 4 + 1);
        read_row(&ec, f, k, in->lineno, in->no_newline);
    }
    if (!err && !have_header) {
        br_source_diag(src, BR_ERROR, 0, 0, "empty file: no header");
        err = "";
    }
    if (!err && ec.nback >= 3 && ec.nback * 20 > ec.nrows) {
        /* a time that goes back on more than one row in twenty: each row is a run of its
         * own (perf stat's energy and elapsed time, a line a run), no poll of counters */
        br_source_diag(src, BR_ERROR, ec.first_back, 1, "no power: the time goes back on %zu of "
                       "%zu rows (the first here): a table of separate results (a run a row), "
                       "not counters polled over time", ec.nback, ec.nrows);
        for (size_t i = 0; i < ec.ncol; i++)
            ec.col[i].dropped = 1;
        free_dropped(&ec, base);
        free(f);
        return -1;
    }
    if (!err) {
        drop_non_counters(&ec, base);
        report(&ec);
        for (size_t i = 0; i < ec.ncol; i++)
            traces += ec.col[i].tr != NULL;
        if (!traces && ec.ndropped)
            br_source_diag(src, BR_ERROR, in->lineno, 1, "no power: no column is a running "
                           "total of energy (the warning above says why)");
        else if (!traces)
            br_source_diag(src, BR_ERROR, in->lineno, 1, "no power: no counter moved twice "
                           "between rows that follow each other in time");
    }
    free(f);
    return err || !traces ? -1 : 0;
}

static int ec_sniff(const char *head, size_t n, const struct br_parse_opts *o,
                    struct br_buf *why)
{
    const char *p = head, *end = head + n, *nl;
    struct br_field f[EC_MAX_COLS * 4 + 1];
    struct ec ec = { .src = NULL, .prev_t = NAN, .time_scale = 1 };
    const char *err;
    size_t k;

    (void)o;
    if (n >= 3 && !memcmp(p, "\xef\xbb\xbf", 3))
        p += 3;
    while (p < end && isspace((unsigned char)*p))
        p++;
    nl = memchr(p, '\n', (size_t)(end - p));
    if (!nl)
        nl = end;
    ec.sep = sep_of(p, (size_t)(nl - p));
    k = ec.sep ? br_split_sep(p, (size_t)(nl - p), ec.sep, f, EC_MAX_COLS * 4 + 1) : 0;
    if (k < 2 || k > EC_MAX_COLS * 4 || !memcmp(p, "Delta", 5)) {
        br_buf_addstr(why, "no header of a time column and energy columns on line 1");
        return 0;
    }
    err = read_header(&ec, f, k, "");
    if (err) {
        br_buf_addf(why, "line 1: %s", err);
        return 0;
    }
    br_buf_addf(why, "line 1 is a header with a time column and %zu running total%s of "
                "energy ('%s')", ec.ncol, ec.ncol == 1 ? "" : "s", ec.col[0].name);
    return 85;
}

const struct br_parser br_parser_energycsv = {
    .name = "energycsv",
    .what = "running totals of energy polled beside a time (NVML's mJ, powercap's energy_uj): "
            "power from their differences",
    .sniff = ec_sniff,
    .parse = ec_parse,
};
