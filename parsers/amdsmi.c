/*
 * amdsmi.c: the table that `amd-smi monitor` (alias `amd-smi dmon`) prints
 * for AMD GPUs, once or every -w seconds:
 *   GPU  POWER  GPU_TEMP  MEM_TEMP  GFX_UTIL  GFX_CLOCK  MEM_UTIL  MEM_CLOCK
 *     0  126 W     40 °C     32 °C       1 %    182 MHz       0 %    900 MHz
 * A value and its unit are one cell ("126 W", "40 °C"); "N/A" is a missing
 * value. While watching, amd-smi puts a TIMESTAMP column (Unix seconds) before
 * GPU. One trace per GPU index; POWER (watts: the socket's current power, or
 * its average on older GPU metrics) is the power, the other numeric cells are
 * channels with their units. Without a TIMESTAMP, each time a GPU index comes
 * round again starts the next sample, which has a time only when --interval
 * gives amd-smi's -w. Lines before the header (a version banner), the
 * `PROCESS INFO:` table of `monitor -q` and the header printed again are not
 * samples.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "model/fields.h"
#include "model/num.h"
#include "parsers/parser.h"
#include "model/banned.h"

#define AS_MAX_COLS 32
#define AS_MAX_GPUS 256
#define AS_NAME 24

struct cell {
    const char *p;      /* the number, or N/A */
    size_t n;
    const char *unit;   /* the unit token after it, or NULL */
    size_t un;
    unsigned col;
};

struct amd {
    struct br_source *src;
    const struct br_parse_opts *o;
    char name[AS_MAX_COLS][AS_NAME];
    size_t ncol;
    long ts_col, gpu_col, pwr_col;
    struct br_trace *gpu[AS_MAX_GPUS];
    size_t chan[AS_MAX_COLS];   /* channel of each column in a trace */
    size_t iter;                /* samples begun without a TIMESTAMP */
    long last_gpu;
    size_t nrows;
    int in_process;             /* inside monitor -q's process table */
};

/* "°C" in a legacy code page: the degree sign's one or two bytes (Latin-1 B0, CP949/GBK
 * A1 C6/A1 E3, Shift-JIS 81 8B), then 'C'. */
static int legacy_celsius(const char *p, size_t n)
{
    if (n < 2 || n > 3 || p[n - 1] != 'C')
        return 0;
    for (size_t i = 0; i + 1 < n; i++)
        if (!((unsigned char)p[i] & 0x80))
            return 0;
    return 1;
}

static int is_unit(const char *p, size_t n)
{
    static const char *const units[] = { "W", "mW", "°C", "C", "%", "MHz", "GHz", "MB", "GB",
                                         "KB", "Mb/s", "Gb/s", "B/s", "mV" };
    for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
        if (n == strlen(units[i]) && !memcmp(p, units[i], n))
            return 1;
    return legacy_celsius(p, n);
}

static int cell_is(const struct cell *c, const char *s)
{
    return c->n == strlen(s) && !memcmp(c->p, s, c->n);
}

/* Splits a row into cells, a number and its unit taken together. Returns the count or max + 1. */
static size_t cells(const char *line, size_t len, struct cell *c, size_t max)
{
    size_t n = 0, i = 0;

    while (i < len) {
        size_t s;
        while (i < len && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
            i++;
        if (i == len)
            break;
        s = i;
        while (i < len && line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
            i++;
        if (n && !c[n - 1].unit && is_unit(line + s, i - s)) {
            c[n - 1].unit = line + s;
            c[n - 1].un = i - s;
            continue;
        }
        if (n == max)
            return max + 1;
        c[n].p = line + s;
        c[n].n = i - s;
        c[n].unit = NULL;
        c[n].un = 0;
        c[n].col = (unsigned)s + 1;
        n++;
    }
    return n;
}

/* "GPU  POWER  GPU_TEMP ..." or "TIMESTAMP  GPU  POWER ...": sets the columns; 1 when it is one. */
static int header(struct amd *a, const char *line, size_t len)
{
    struct cell c[AS_MAX_COLS + 1];
    size_t n = cells(line, len, c, AS_MAX_COLS);
    long ts = -1, gpu = -1, pwr = -1;

    if (n < 2 || n > AS_MAX_COLS)
        return 0;
    for (size_t i = 0; i < n; i++) {
        if (c[i].unit || c[i].n >= AS_NAME)
            return 0;
        for (size_t k = 0; k < c[i].n; k++)
            if (!isupper((unsigned char)c[i].p[k]) && !isdigit((unsigned char)c[i].p[k]) &&
                c[i].p[k] != '_')
                return 0;
        if (cell_is(&c[i], "TIMESTAMP"))
            ts = (long)i;
        else if (cell_is(&c[i], "GPU"))
            gpu = (long)i;
        else if (cell_is(&c[i], "POWER") || cell_is(&c[i], "POWER_USAGE"))
            pwr = (long)i;
    }
    if (gpu < 0 || pwr < 0 || gpu > 1)
        return 0;
    a->ts_col = ts;
    a->gpu_col = gpu;
    a->pwr_col = pwr;
    a->ncol = n;
    for (size_t i = 0; i < n; i++) {
        memcpy(a->name[i], c[i].p, c[i].n);
        a->name[i][c[i].n] = '\0';
        for (char *q = a->name[i]; *q; q++)
            *q = (char)tolower((unsigned char)*q);
    }
    return 1;
}

static struct br_trace *gpu_trace(struct amd *a, long g, const struct cell *c, unsigned line)
{
    struct br_trace *tr;
    char dev[24];
    size_t ch = 1;

    if (a->gpu[g])
        return a->gpu[g];
    tr = a->gpu[g] = br_source_new_trace(a->src);
    snprintf(dev, sizeof(dev), "%ld", g);
    tr->device = br_arena_strdup(&tr->arena, dev);
    tr->domain = "gpu";
    tr->power_source = "POWER";
    tr->zoned = a->ts_col >= 0;
    tr->timed = a->ts_col >= 0 || (a->o && a->o->interval_s > 0);
    tr->first_line = line;
    br_trace_add_channel(tr, "power", "W");
    for (size_t i = 0; i < a->ncol; i++) {
        char unit[16] = "";
        if ((long)i == a->ts_col || (long)i == a->gpu_col || (long)i == a->pwr_col)
            continue;
        if (c[i].unit)
            snprintf(unit, sizeof(unit), "%.*s", (int)c[i].un,
                     c[i].un > 1 && c[i].unit[c[i].un - 1] == 'C' ? "C" : c[i].unit);
        a->chan[i] = ch++;
        br_trace_add_channel(tr, a->name[i], unit);
    }
    return tr;
}

/* A cell's number; NaN for N/A. Returns 0, or -1 when it is neither. */
static int cell_value(const struct cell *c, double *v)
{
    if (cell_is(c, "N/A")) {
        *v = NAN;
        return 0;
    }
    return br_num_parse(c->p, c->p + c->n, v) == c->n && isfinite(*v) ? 0 : -1;
}

static void row(struct amd *a, const char *line, size_t len, unsigned ln, int last)
{
    struct cell c[AS_MAX_COLS + 1];
    size_t n = cells(line, len, c, AS_MAX_COLS);
    double v[AS_MAX_COLS + 1], t = NAN, w;
    long g;
    struct br_trace *tr;

    if (n != a->ncol) {
        br_source_diag(a->src, last ? BR_WARNING : BR_ERROR, ln, 1,
                       last ? "cut-off last line skipped (%zu of %zu cells)"
                            : "%zu cells where the header has %zu; line skipped",
                       n, a->ncol);
        return;
    }
    if (br_long_parse(c[a->gpu_col].p, c[a->gpu_col].p + c[a->gpu_col].n, &g) < 0 || g < 0 ||
        g >= AS_MAX_GPUS) {
        br_source_diag(a->src, BR_ERROR, ln, c[a->gpu_col].col, "invalid GPU index '%.*s'",
                       (int)(c[a->gpu_col].n > 20 ? 20 : c[a->gpu_col].n), c[a->gpu_col].p);
        return;
    }
    if (a->ts_col >= 0) {
        if (cell_value(&c[a->ts_col], &t) < 0 || isnan(t) || t < 0) {
            br_source_diag(a->src, BR_ERROR, ln, c[a->ts_col].col, "invalid TIMESTAMP '%.*s'",
                           (int)(c[a->ts_col].n > 20 ? 20 : c[a->ts_col].n), c[a->ts_col].p);
            return;
        }
    } else {
        if (a->nrows == 0 || g <= a->last_gpu)
            a->iter++;   /* the GPUs come round again: the next sample */
        if (a->o && a->o->interval_s > 0)
            t = (double)(a->iter - 1) * a->o->interval_s;
    }
    if (c[a->pwr_col].unit && !(c[a->pwr_col].un == 1 && c[a->pwr_col].unit[0] == 'W')) {
        br_source_diag(a->src, BR_ERROR, ln, c[a->pwr_col].col, "POWER in '%.*s', not W",
                       (int)c[a->pwr_col].un, c[a->pwr_col].unit);
        return;
    }
    for (size_t i = 0; i <= AS_MAX_COLS; i++)
        v[i] = NAN;
    tr = gpu_trace(a, g, c, ln);
    for (size_t i = 0; i < n; i++) {
        if ((long)i == a->ts_col || (long)i == a->gpu_col)
            continue;
        if (cell_value(&c[i], &w) < 0) {
            if ((long)i == a->pwr_col) {
                br_source_diag(a->src, BR_ERROR, ln, c[i].col, "POWER is not a number: '%.*s'",
                               (int)(c[i].n > 20 ? 20 : c[i].n), c[i].p);
                return;
            }
            w = NAN;   /* a state such as UNTHROTTLED is no channel value */
        }
        v[(long)i == a->pwr_col ? 0 : a->chan[i]] = w;
    }
    if (a->ts_col >= 0 && tr->nr && t <= tr->t[tr->nr - 1]) {
        br_source_diag(a->src, BR_ERROR, ln, c[a->ts_col].col,
                       "TIMESTAMP %.0f does not come after GPU %ld's previous one", t, g);
        return;
    }
    br_trace_append_row(tr, t, v);
    a->last_gpu = g;
    a->nrows++;
}

static int amd_parse(struct br_lines *in, struct br_source *src, const struct br_parse_opts *o)
{
    struct amd *a = br_xcalloc(1, sizeof(*a));
    const char *line;
    size_t len;
    int ret = 0;

    a->src = src;
    a->o = o;
    a->ts_col = a->gpu_col = a->pwr_col = -1;
    while (br_lines_next(in, &line, &len) > 0) {
        size_t s = br_blanks(line, len);
        if (in->truncated || s == len)
            continue;
        if (len - s >= 13 && !memcmp(line + s, "PROCESS INFO:", 13)) {
            a->in_process = 1;
            continue;
        }
        {
            struct amd probe;
            probe.src = src;
            if (header(&probe, line, len)) {
                if (a->ncol && (probe.ncol != a->ncol || probe.pwr_col != a->pwr_col ||
                                probe.ts_col != a->ts_col)) {
                    br_source_diag(src, BR_ERROR, in->lineno, 1,
                                   "header with other columns than the first; the rest of the "
                                   "file is not read");
                    break;
                }
                if (!a->ncol)
                    header(a, line, len);
                a->in_process = 0;
                continue;
            }
        }
        if (!a->ncol || a->in_process)
            continue;
        row(a, line, len, in->lineno, in->no_newline);
    }
    if (!a->ncol) {
        br_source_diag(src, BR_ERROR, in->lineno ? 1 : 0, in->lineno ? 1 : 0,
                       "no 'GPU  POWER ...' header of amd-smi monitor found");
        ret = -1;
    } else if (!a->nrows) {
        br_source_diag(src, BR_ERROR, in->lineno, 1, "header but no data lines");
        ret = -1;
    } else if (a->ts_col < 0 && !(o && o->interval_s > 0)) {
        br_source_diag(src, BR_WARNING, a->gpu[a->last_gpu]->first_line, 1,
                       "no TIMESTAMP column (amd-smi monitor without -w): samples keep their "
                       "order but have no times (give --interval MS, amd-smi's -w)");
    }
    free(a);
    return ret;
}

static int amd_sniff(const char *head, size_t n, const struct br_parse_opts *o,
                     struct br_buf *why)
{
    const char *p = head, *end = head + n;
    struct amd *probe = br_xcalloc(1, sizeof(*probe));
    int s = 0;

    (void)o;
    for (unsigned lines = 0; p < end && lines < 10; lines++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            break;
        if (header(probe, p, (size_t)(nl - p))) {
            s = 90;
            break;
        }
        p = nl + 1;
    }
    if (s)
        br_buf_addstr(why, "an amd-smi monitor header ('GPU  POWER ...')");
    else if (memmem(head, n, "ROCm System Management Interface", 32)) {
        /* rocm-smi's own report: a snapshot without times, its layout changing by release */
        br_buf_addstr(why, "rocm-smi's report (no times): not read; rocm-smi --showpower --csv "
                           "in a loop, with a time column, is read as a power log, and amd-smi "
                           "monitor -w as its table");
        s = 20;
    } else {
        br_buf_addstr(why, "no 'GPU  POWER' header of amd-smi monitor in the first lines");
    }
    free(probe);
    return s;
}

const struct br_parser br_parser_amdsmi = {
    .name = "amdsmi",
    .what = "amd-smi monitor table (one row per GPU, POWER in W, TIMESTAMP while watching)",
    .sniff = amd_sniff,
    .parse = amd_parse,
};
