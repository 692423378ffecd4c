/*
 * nvsmidmon.c: `nvidia-smi dmon` output, the device monitor that prints one
 * line per GPU per interval under a two-line header, which it prints again
 * every few dozen lines:
 *   # gpu    pwr  gtemp  mtemp     sm    mem    enc    dec   mclk   pclk
 *   # Idx      W      C      C      %      %      %      %    MHz    MHz
 *       0     10     52      -      5      7      0      0    405    225
 * With `-o DT` each line starts with the date and time ("#Date Time" in the
 * header, "20250630 12:46:27" in the rows: local time). "-" is a value the
 * driver did not give (missing, never zero). With `-o T` alone the rows carry
 * a time of day without a date: seconds from its first midnight (a day added
 * when the clock falls back past midnight); with `-o D` alone only a date, which
 * times nothing.
 *
 * One trace per GPU index; `pwr` is the power (whole watts, as dmon prints
 * it), the other columns are channels with the units of the second header
 * line. Without the date and time, samples have no times unless --interval
 * gives dmon's interval (-d, 1 s by default).
 *
 * DCGM's `dcgmi dmon -e 155,...` prints the same kind of table with its own
 * words: "#Entity   POWER    TOTEC   TMPTR", then the units without a '#'
 * ("ID        W        mJ      C"), then rows whose entity is two words
 * ("GPU 0     61.234   123456  34"); never a time. POWER (field 155) is the
 * power; "N/A" and DCGM's blank sentinels (2^47 and more) are missing values.
 * Rows of other entities (a MIG instance "GPU-I 3", a switch) are not a GPU's.
 *
 * A row earlier than the row before is an error and not read. Three or more
 * such rows in a row are a second recording written into the file
 * (model/restart.h): no trace is read, and one error names the line where
 * it starts.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "model/num.h"
#include "model/restart.h"
#include "model/timefmt.h"
#include "parsers/parser.h"
#include "model/fields.h"
#include "model/banned.h"

#define DM_MAX_COLS 40
#define DM_MAX_GPUS 64
#define DM_NAME 16
/* DCGM's blank values start here: DCGM_FP64_BLANK is 2^47, the int64 ones near 2^63 */
#define DCGM_BLANK 140737488355328.0

struct dcol {
    char name[DM_NAME];
    char unit[DM_NAME];
    size_t chan;         /* channel index in each trace, for value columns */
    size_t at;           /* where its name starts on the header line */
};

struct dm {
    struct br_source *src;
    const struct br_parse_opts *o;
    struct dcol col[DM_MAX_COLS];
    size_t ncol;
    long date_col, time_col, gpu_col, pwr_col;
    int have_units;
    struct br_trace *gpu[DM_MAX_GPUS];
    size_t nrows;
    double last_t;
    struct br_restart restart;   /* rows that went back: out of order, or a second recording */
    struct br_tod_clock tod;   /* -o T alone: midnights crossed */
    int dcgmi;                 /* the header is dcgmi dmon's ("#Entity POWER ...") */
    size_t nother;             /* dcgmi: rows of entities other than a GPU, skipped */
    unsigned first_other;
};

static int tok_is(const struct br_field *t, const char *s)
{
    return t->n == strlen(s) && !strncasecmp(t->p, s, t->n);
}

/* "# gpu pwr ..." or "#Date Time gpu pwr ...": sets the columns. Returns 1 when it is one. */
static int names_line(struct dm *dm, const char *line, size_t len)
{
    struct br_field t[DM_MAX_COLS + 2];
    size_t n;

    if (len < 2 || line[0] != '#')
        return 0;
    n = br_split_blanks(line + 1, len - 1, t, DM_MAX_COLS);
    if (n == 0 || n > DM_MAX_COLS)
        return 0;
    {
        long gpu = -1, pwr = -1;
        int dcgmi = tok_is(&t[0], "Entity");
        for (size_t i = 0; i < n; i++) {
            if (dcgmi ? i == 0 : tok_is(&t[i], "gpu"))
                gpu = (long)i;
            if (tok_is(&t[i], dcgmi ? "POWER" : "pwr"))
                pwr = (long)i;
        }
        if (gpu < 0 || pwr < 0)
            return 0;
        dm->gpu_col = gpu;
        dm->pwr_col = pwr;
        dm->dcgmi = dcgmi;
    }
    dm->date_col = dm->time_col = -1;
    for (size_t i = 0; i < n; i++) {
        size_t k = t[i].n < DM_NAME - 1 ? t[i].n : DM_NAME - 1;
        memcpy(dm->col[i].name, t[i].p, k);
        dm->col[i].name[k] = '\0';
        dm->col[i].unit[0] = '\0';
        dm->col[i].at = i ? (size_t)(t[i].p - line) : 0;
        if (tok_is(&t[i], "Date"))
            dm->date_col = (long)i;
        if (tok_is(&t[i], "Time"))
            dm->time_col = (long)i;
    }
    dm->ncol = n;
    dm->have_units = 0;
    return 1;
}

/*
 * dcgmi's units under their columns, a blank where a field has none ("ID   W   mJ
 * KB/", then GPUTL, SMACT ... unitless): each to the column its start falls in.
 */
static int dcgmi_units(struct dm *dm, const char *line, const struct br_field *t, size_t n)
{
    for (size_t i = 0; i < dm->ncol; i++)
        dm->col[i].unit[0] = '\0';
    for (size_t j = 0; j < n; j++) {
        size_t at = (size_t)(t[j].p - line), i = 0, k;
        while (i + 1 < dm->ncol && dm->col[i + 1].at <= at)
            i++;
        k = t[j].n < DM_NAME - 1 ? t[j].n : DM_NAME - 1;
        memcpy(dm->col[i].unit, t[j].p, k);
        dm->col[i].unit[k] = '\0';
    }
    dm->have_units = 1;
    return 1;
}

/* "# Idx W C C % ..." (or "#YYYYMMDD HH:MM:SS Idx W ..."): the units. */
static int units_line(struct dm *dm, const char *line, size_t len)
{
    struct br_field t[DM_MAX_COLS + 2];
    size_t n;

    if (dm->dcgmi && len >= 2 && line[0] != '#') {   /* dcgmi's "ID W mJ C" */
        n = br_split_blanks(line, len, t, DM_MAX_COLS);
        if (n && n < dm->ncol && tok_is(&t[0], "ID"))
            return dcgmi_units(dm, line, t, n);
        if (n != dm->ncol || !tok_is(&t[0], "ID"))
            return 0;
    } else {
        if (len < 2 || line[0] != '#' || !dm->ncol)
            return 0;
        n = br_split_blanks(line + 1, len - 1, t, DM_MAX_COLS);
        if (n != dm->ncol || !tok_is(&t[dm->gpu_col], "Idx"))
            return 0;
    }
    for (size_t i = 0; i < n; i++) {
        size_t k = t[i].n < DM_NAME - 1 ? t[i].n : DM_NAME - 1;
        memcpy(dm->col[i].unit, t[i].p, k);
        dm->col[i].unit[k] = '\0';
    }
    dm->have_units = 1;
    return 1;
}

static struct br_trace *gpu_trace(struct dm *dm, long index, unsigned line)
{
    struct br_trace *tr;
    char dev[24];
    size_t ch = 1;

    if (dm->gpu[index])
        return dm->gpu[index];
    tr = dm->gpu[index] = br_source_new_trace(dm->src);
    snprintf(dev, sizeof(dev), "%ld", index);
    tr->device = br_arena_strdup(&tr->arena, dev);
    tr->domain = "gpu";
    tr->power_source = dm->dcgmi ? "POWER" : "pwr";
    tr->zoned = 0;
    tr->timed = dm->time_col >= 0 || (dm->o && dm->o->interval_s > 0);
    tr->first_line = line;
    br_trace_add_channel(tr, "power", "W");
    for (size_t i = 0; i < dm->ncol; i++) {
        if ((long)i == dm->gpu_col || (long)i == dm->pwr_col || (long)i == dm->date_col ||
            (long)i == dm->time_col)
            continue;
        dm->col[i].chan = ch++;
        br_trace_add_channel(tr, dm->col[i].name, dm->col[i].unit);
    }
    return tr;
}

/* "20250630" "12:46:27" -> local time. Returns 0 or -1. */
static int row_time(const struct br_field *d, const struct br_field *t, double *out)
{
    unsigned v[6] = { 0 };
    static const size_t at[6] = { 0, 4, 6, 0, 3, 6 };
    static const size_t w[6] = { 4, 2, 2, 2, 2, 2 };

    if (d->n != 8 || t->n != 8 || t->p[2] != ':' || t->p[5] != ':')
        return -1;
    for (int k = 0; k < 6; k++) {
        const char *p = (k < 3 ? d->p : t->p) + at[k];
        for (size_t j = 0; j < w[k]; j++) {
            if (!isdigit((unsigned char)p[j]))
                return -1;
            v[k] = v[k] * 10 + (unsigned)(p[j] - '0');
        }
    }
    if (v[1] < 1 || v[1] > 12 || v[2] < 1 || v[2] > 31 || v[3] > 23 || v[4] > 59 || v[5] > 60)
        return -1;
    *out = (double)br_days_from_civil(v[0], v[1], v[2]) * 86400 + v[3] * 3600.0 + v[4] * 60.0 +
           v[5];
    return 0;
}

static void data_line(struct dm *dm, const char *line, size_t len, unsigned ln, int last)
{
    struct br_field t[DM_MAX_COLS + 2];
    size_t n = br_split_blanks(line, len, t, DM_MAX_COLS);
    double row[DM_MAX_COLS + 1], tm = NAN, v;
    long gpu;
    struct br_trace *tr;

    for (size_t i = 0; i <= DM_MAX_COLS; i++)
        row[i] = NAN;

    if (dm->dcgmi && n >= 2 && n == dm->ncol + 1) {
        if (!tok_is(&t[0], "GPU")) {   /* "GPU-I 3", "GPU-CI 1", a switch: not a GPU's power */
            if (!dm->nother++)
                dm->first_other = ln;
            return;
        }
        memmove(&t[0], &t[1], (n - 1) * sizeof(t[0]));   /* "GPU 0": the index is the entity */
        n--;
    }
    if (n != dm->ncol) {
        br_source_diag(dm->src, last ? BR_WARNING : BR_ERROR, ln, 1,
                       last ? "truncated last line skipped (%zu of %zu fields)"
                            : "expected %zu fields, got %zu",
                       last ? n : dm->ncol, last ? dm->ncol : n);
        return;
    }
    if (br_long_parse(t[dm->gpu_col].p, t[dm->gpu_col].p + t[dm->gpu_col].n, &gpu) < 0 ||
        gpu < 0 || gpu >= DM_MAX_GPUS) {
        br_source_diag(dm->src, BR_ERROR, ln, t[dm->gpu_col].col, "invalid GPU index '%.*s'",
                       (int)(t[dm->gpu_col].n > 20 ? 20 : t[dm->gpu_col].n), t[dm->gpu_col].p);
        return;
    }
    if (dm->time_col >= 0) {
        const struct br_field *tf = &t[dm->time_col];
        if (dm->date_col >= 0 && row_time(&t[dm->date_col], tf, &tm) < 0) {
            br_source_diag(dm->src, BR_ERROR, ln, t[dm->date_col].col, "invalid date and time");
            return;
        }
        if (dm->date_col < 0) {
            if (!br_time_of_day_parse(tf->p, tf->n, &tm)) {
                br_source_diag(dm->src, BR_ERROR, ln, tf->col, "invalid time of day");
                return;
            }
            tm = br_tod_clock_next(&dm->tod, tm);
        }
        enum br_time_step st = dm->nrows ? br_time_step(dm->last_t, tm, 0, dm->src->fold_line != 0)
                                         : BR_STEP_ON;
        if (st == BR_STEP_FOLD)
            dm->src->fold_line = ln;   /* a daylight-saving change? the zone tells */
        if (st == BR_STEP_BACK) {
            br_restart_back(&dm->restart, ln, t[dm->time_col].col, tm, dm->last_t, 0);
            return;
        }
        if (dm->restart.nheld)
            br_restart_on(&dm->restart, dm->src);
    } else if (dm->o && dm->o->interval_s > 0) {
        tm = NAN;   /* set below, per GPU: its own sample count */
    }
    tr = gpu_trace(dm, gpu, ln);   /* sets the columns' channels */
    for (size_t i = 0; i < n; i++) {
        if ((long)i == dm->gpu_col || (long)i == dm->date_col || (long)i == dm->time_col)
            continue;
        if ((t[i].n == 1 && t[i].p[0] == '-') || (dm->dcgmi && tok_is(&t[i], "N/A")))
            v = NAN;
        else if (br_num_parse(t[i].p, t[i].p + t[i].n, &v) != t[i].n) {
            br_source_diag(dm->src, BR_ERROR, ln, t[i].col, "not a number in column '%s': '%.*s'",
                           dm->col[i].name, (int)(t[i].n > 20 ? 20 : t[i].n), t[i].p);
            return;
        }
        if (dm->dcgmi && fabs(v) >= DCGM_BLANK)
            v = NAN;   /* DCGM's blank: no value */
        row[(long)i == dm->pwr_col ? 0 : dm->col[i].chan] = v;
    }
    if (dm->time_col < 0 && dm->o && dm->o->interval_s > 0)
        tm = (double)tr->nr * dm->o->interval_s;
    br_trace_append_row(tr, tm, row);
    dm->last_t = tm;
    dm->nrows++;
}

static int dmon_without_pwr(const char *line, size_t len);

static int dmon_parse(struct br_lines *in, struct br_source *src, const struct br_parse_opts *o)
{
    struct dm *dm = br_xcalloc(1, sizeof(*dm));
    const char *line;
    size_t len;
    int ret = 0;
    unsigned pmon = 0;   /* the line of a pmon header, or 0 */

    dm->src = src;
    dm->o = o;
    dm->gpu_col = dm->pwr_col = -1;
    while (br_lines_next(in, &line, &len) > 0) {
        if (in->truncated || len == 0 || br_blanks(line, len) == len)
            continue;
        if (line[0] == '#') {
            struct dm probe = { .src = src };
            if (dm->nrows && names_line(&probe, line, len) &&
                (probe.ncol != dm->ncol || probe.pwr_col != dm->pwr_col ||
                 probe.gpu_col != dm->gpu_col || probe.date_col != dm->date_col ||
                 probe.time_col != dm->time_col)) {
                /* another dmon with other columns appended to the file */
                br_source_diag(src, BR_ERROR, in->lineno, 1,
                               "header with other columns than the first; the rest of the "
                               "file is not read");
                break;
            }
            if (!names_line(dm, line, len))
                units_line(dm, line, len);
            if (!dm->ncol && !pmon && dmon_without_pwr(line, len) == 2)
                pmon = in->lineno;
            continue;
        }
        if (!dm->ncol || units_line(dm, line, len))
            continue;
        data_line(dm, line, len, in->lineno, in->no_newline);
        if (dm->restart.line)
            break;   /* a second recording: no trace read */
    }
    if (br_restart_end(&dm->restart, src) < 0) {
        ret = -1;
    } else if (!dm->ncol && pmon) {
        br_source_diag(src, BR_ERROR, pmon, 1,
                       "an nvidia-smi pmon header ('# gpu pid type ...'): per-process "
                       "utilisation, which never records power (nvidia-smi dmon -s p does)");
        ret = -1;
    } else if (!dm->ncol) {
        br_source_diag(src, BR_ERROR, in->lineno ? 1 : 0, in->lineno ? 1 : 0,
                       "no '# gpu pwr ...' header of nvidia-smi dmon found");
        ret = -1;
    } else if (dm->nrows == 0) {
        br_source_diag(src, BR_ERROR, in->lineno, 1, "header but no data lines");
        ret = -1;
    } else if (dm->dcgmi && !(o && o->interval_s > 0)) {
        br_source_diag(src, BR_WARNING, 1, 1,
                       "dcgmi dmon prints no times: samples keep their order but have no "
                       "times (give --interval MS, dcgmi's -d, 1000 by default)");
    } else if (dm->time_col < 0 && !(o && o->interval_s > 0)) {
        br_source_diag(src, BR_WARNING, 1, 1,
                       "%s: samples keep their order but have no times (give --interval MS, "
                       "dmon's -d, 1000 by default)",
                       dm->date_col >= 0 ? "a date column without a time (dmon -o D, not -o DT)"
                                         : "no date and time columns (dmon -o DT)");
    } else if (dm->time_col >= 0 && dm->date_col < 0) {
        br_source_diag(src, BR_NOTE, 1, 1,
                       "a time column without a date (dmon -o T): times of day, no clock time");
    }
    if (dm->nother)
        br_source_diag(src, BR_NOTE, dm->first_other, 1,
                       "%zu row%s of entities other than a GPU (a MIG instance, a switch) not "
                       "read", dm->nother, dm->nother == 1 ? "" : "s");
    free(dm);
    return ret;
}

/*
 * "# gpu sm mem enc dec ...": dmon's header with its other columns, but no
 * pwr: 1; "# gpu pid type sm mem ...": pmon's (one row per process, never a
 * power column): 2; else 0.
 */
static int dmon_without_pwr(const char *line, size_t len)
{
    struct br_field t[DM_MAX_COLS + 2];
    size_t n, known = 0;
    static const char *const cols[] = { "sm", "mem", "enc", "dec", "jpg", "ofa", "gtemp",
                                        "mtemp", "mclk", "pclk", "fb", "bar1", "rxpci",
                                        "txpci", "pviol", "tviol" };

    if (len < 2 || line[0] != '#')
        return 0;
    n = br_split_blanks(line + 1, len - 1, t, DM_MAX_COLS);
    if (n < 2 || n > DM_MAX_COLS)
        return 0;
    for (size_t i = 0; i < n; i++) {
        if (tok_is(&t[i], "pwr"))
            return 0;
        for (size_t k = 0; k < sizeof(cols) / sizeof(cols[0]); k++)
            known += tok_is(&t[i], cols[k]);
    }
    for (size_t i = 0; i < n; i++)
        if (tok_is(&t[i], "gpu")) {
            for (size_t k = 0; k < n; k++)
                if (tok_is(&t[k], "pid"))
                    return known >= 1 ? 2 : 0;
            return known >= 1;
        }
    return 0;
}

static int dmon_sniff(const char *head, size_t n, const struct br_parse_opts *o,
                      struct br_buf *why)
{
    const char *nl = memchr(head, '\n', n);
    struct dm *probe;
    int s = 0, w;

    (void)o;
    if (n < 2 || head[0] != '#') {
        br_buf_addstr(why, "no '# gpu pwr' header on line 1");
        return 0;
    }
    probe = br_xcalloc(1, sizeof(*probe));
    if (names_line(probe, head, nl ? (size_t)(nl - head) : n)) {
        br_buf_addstr(why, probe->dcgmi ? "a dcgmi dmon header ('#Entity POWER ...')"
                                        : "an nvidia-smi dmon header ('# gpu pwr ...')");
        s = 90;
    } else if ((w = dmon_without_pwr(head, nl ? (size_t)(nl - head) : n)) == 2) {
        br_buf_addstr(why, "an nvidia-smi pmon header ('# gpu pid type ...'): per-process "
                           "utilisation, which never records power (nvidia-smi dmon -s p does)");
        s = 20;
    } else if (w) {
        br_buf_addstr(why, "an nvidia-smi dmon header without pwr: no power was recorded "
                           "(dmon -s without p; -s pucvmet records it)");
        s = 20;
    } else {
        br_buf_addstr(why, "no '# gpu pwr' header on line 1");
    }
    free(probe);
    return s;
}

const struct br_parser br_parser_nvsmidmon = {
    .name = "nvsmidmon",
    .what = "nvidia-smi dmon output (one line per GPU per interval, pwr in W)",
    .sniff = dmon_sniff,
    .parse = dmon_parse,
};
