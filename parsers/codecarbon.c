/*
 * codecarbon.c: CodeCarbon's emissions.csv written while a run goes on. The
 * tracker appends a row at each flush (`tracker.flush()` after every epoch, or
 * its api_call_interval) and at `stop()`, every row holding the run's running
 * totals since it started, under its run_id:
 *   timestamp,project_name,run_id,...,duration,...,cpu_power,gpu_power,ram_power,
 *   cpu_energy,gpu_energy,ram_energy,energy_consumed,...,gpu_count,gpu_model,...
 *   2025-10-21T09:54:43,cifar10,77545fac-...,39.2351888,...,0.0005420854336679,...
 * `duration` is seconds since the run began, the energies kWh since then.
 * A run of two rows or more is a trace: each row a sample whose power is the
 * energy's growth since the row before over the duration's (its window; the
 * first row's window from the run's start, where the totals were 0), at the
 * run's start plus its duration (the start: the first row's timestamp, whole
 * seconds of local time, less its duration). One trace per run: the GPU's
 * (gpu_energy, NVML's readings; the sum of the GPUs gpu_count says), and the
 * CPU's only when its power moves: CodeCarbon writes one constant cpu_power
 * when it measures nothing (its fallback, half the processor's TDP), an
 * estimate, no trace. Its RAM power is an estimate always (so many watts per
 * GB): no trace. A note says what was read.
 * A file whose runs are all one row each (a row per stop(), the common use)
 * holds each run's totals, no samples over time: refused, with the reason.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "model/fields.h"
#include "model/num.h"
#include "model/timefmt.h"
#include "parsers/parser.h"
#include "parsers/rows.h"
#include "model/banned.h"

#define CC_MAX_COLS 64
#define CC_KWH_J 3.6e6

/* The columns read, by their names in CodeCarbon's header. */
enum cc_col { CC_TIME, CC_RUN, CC_DURATION, CC_GPU_E, CC_CPU_E, CC_CPU_P, CC_GPU_MODEL,
              CC_NCOLS };

static const char *const cc_names[CC_NCOLS] = {
    "timestamp", "run_id", "duration", "gpu_energy", "cpu_energy", "cpu_power", "gpu_model",
};

/* One row's readings. */
struct cc_row {
    double t, dur, gpu_e, cpu_e, cpu_p;
    unsigned line;
};

/* One run_id's rows, in the file's order. */
struct cc_run {
    char *id;
    char *gpu_model;
    struct cc_row *row;
    size_t n, cap;
};

struct cc {
    struct br_source *src;
    long idx[CC_NCOLS];          /* each column's field, or -1 */
    size_t nfield;
    struct cc_run *run;
    size_t nrun, caprun;
    size_t nbad;                 /* rows skipped (a field missing or no number) */
    unsigned first_bad;
};

/* Whether the header's fields are CodeCarbon's: run_id, duration and its energies. */
static int read_header(struct cc *cc, const struct br_field *f, size_t k)
{
    int version = 0;

    for (size_t c = 0; c < CC_NCOLS; c++)
        cc->idx[c] = -1;
    for (size_t i = 0; i < k; i++) {
        for (size_t c = 0; c < CC_NCOLS; c++)
            if (f[i].n == strlen(cc_names[c]) && !memcmp(f[i].p, cc_names[c], f[i].n))
                cc->idx[c] = (long)i;
        version |= (f[i].n == 18 && !memcmp(f[i].p, "codecarbon_version", 18)) ||
                   (f[i].n == 14 && !memcmp(f[i].p, "emissions_rate", 14));
    }
    cc->nfield = k;
    return version && cc->idx[CC_TIME] >= 0 && cc->idx[CC_RUN] >= 0 &&
           cc->idx[CC_DURATION] >= 0 && cc->idx[CC_GPU_E] >= 0;
}

/* The number in field f, or NaN (an empty field too). */
static double number(const struct br_field *f)
{
    double v;

    return f->n && br_num_parse(f->p, f->p + f->n, &v) == f->n ? v : NAN;
}

static struct cc_run *run_of(struct cc *cc, const struct br_field *id)
{
    for (size_t i = 0; i < cc->nrun; i++)
        if (strlen(cc->run[i].id) == id->n && !memcmp(cc->run[i].id, id->p, id->n))
            return &cc->run[i];
    if (cc->nrun == cc->caprun) {
        cc->caprun = cc->caprun ? cc->caprun * 2 : 16;
        cc->run = br_xrealloc(cc->run, cc->caprun * sizeof(*cc->run));
    }
    cc->run[cc->nrun] = (struct cc_run){ br_xstrndup(id->p, id->n), NULL, NULL, 0, 0 };
    return &cc->run[cc->nrun++];
}

static void read_row(struct cc *cc, const struct br_field *f, size_t k, unsigned line)
{
    struct br_time t;
    struct cc_row r = { NAN, NAN, NAN, NAN, NAN, line };
    const struct br_field *ft;
    struct cc_run *run;

    if (k != cc->nfield || !f[cc->idx[CC_RUN]].n)
        goto bad;
    ft = &f[cc->idx[CC_TIME]];
    if (br_time_parse(ft->p, ft->n, &t) != ft->n)
        goto bad;
    r.t = t.t;
    r.dur = number(&f[cc->idx[CC_DURATION]]);
    r.gpu_e = number(&f[cc->idx[CC_GPU_E]]);
    if (cc->idx[CC_CPU_E] >= 0)
        r.cpu_e = number(&f[cc->idx[CC_CPU_E]]);
    if (cc->idx[CC_CPU_P] >= 0)
        r.cpu_p = number(&f[cc->idx[CC_CPU_P]]);
    if (!(r.dur > 0))
        goto bad;
    run = run_of(cc, &f[cc->idx[CC_RUN]]);
    if (!run->gpu_model && cc->idx[CC_GPU_MODEL] >= 0 && f[cc->idx[CC_GPU_MODEL]].n)
        run->gpu_model = br_xstrndup(f[cc->idx[CC_GPU_MODEL]].p, f[cc->idx[CC_GPU_MODEL]].n);
    if (run->n == run->cap) {
        run->cap = run->cap ? run->cap * 2 : 8;
        run->row = br_xrealloc(run->row, run->cap * sizeof(*run->row));
    }
    run->row[run->n++] = r;
    return;
bad:
    if (!cc->nbad++)
        cc->first_bad = line;
}

/* Whether the run's cpu_power moves: CodeCarbon measured it (RAPL), no constant estimate. */
static int cpu_measured(const struct cc_run *run)
{
    for (size_t i = 1; i < run->n; i++)
        if (!isnan(run->row[i].cpu_p) && run->row[i].cpu_p != run->row[0].cpu_p)
            return 1;
    return 0;
}

/* The energy (kWh) of row i of `run` in the column `e` picks, NaN when none. */
typedef double (*cc_energy)(const struct cc_row *r);

static double gpu_energy(const struct cc_row *r)
{
    return r->gpu_e;
}

static double cpu_energy(const struct cc_row *r)
{
    return r->cpu_e;
}

/*
 * A trace of `run` from its running totals of energy `e`: a sample per row, the mean power
 * since the row before (the first: since the run began). NULL when the energy never grows.
 */
static struct br_trace *run_trace(struct cc *cc, const struct cc_run *run, cc_energy e,
                                  const char *domain)
{
    double start = run->row[0].t - run->row[0].dur, prev_d = 0, prev_e = 0, grew = 0;
    struct br_trace *tr;

    for (size_t i = 0; i < run->n; i++)
        if (e(&run->row[i]) > 0)
            grew = 1;
    if (!grew)
        return NULL;
    tr = br_source_new_trace(cc->src);
    tr->domain = domain;
    tr->device = "0";
    tr->name = run->gpu_model && !strcmp(domain, "gpu")
                   ? br_arena_strdup(&tr->arena, run->gpu_model) : NULL;
    tr->power_source = !strcmp(domain, "gpu") ? "gpu_energy" : "cpu_energy";
    tr->zoned = 0;
    tr->timed = 1;
    tr->first_line = run->row[0].line;
    tr->power_window = 0;   /* each sample's window says what it averages */
    br_trace_add_channel(tr, "power", "W");
    br_trace_enable_window(tr);
    for (size_t i = 0; i < run->n; i++) {
        double d = run->row[i].dur, v = e(&run->row[i]);
        size_t k;

        if (isnan(v) || !(d > prev_d) || v < prev_e)
            continue;   /* a row out of order, or a total that fell: no power from it */
        k = br_trace_append(tr, start + d);
        tr->window[k] = d - prev_d;
        tr->ch[0].v[k] = (v - prev_e) * CC_KWH_J / (d - prev_d);
        prev_d = d;
        prev_e = v;
    }
    return tr;
}

static const char cc_one_row_msg[] =
    "a CodeCarbon emissions.csv: one row per tracked run (its duration and energy in kWh, "
    "the last power it measured), not power samples over time";

/* The traces of the runs of two rows or more; the notes that say what was read. */
static int make_traces(struct cc *cc)
{
    size_t several = 0, single = 0, traces = 0, estimated = 0;
    double cpu_w = NAN;

    for (size_t i = 0; i < cc->nrun; i++) {
        const struct cc_run *run = &cc->run[i];
        if (run->n < 2) {
            single++;
            continue;
        }
        several++;
        traces += run_trace(cc, run, gpu_energy, "gpu") != NULL;
        if (cpu_measured(run))
            traces += run_trace(cc, run, cpu_energy, "cpu") != NULL;
        else if (!isnan(run->row[0].cpu_p) && !estimated++)
            cpu_w = run->row[0].cpu_p;
    }
    if (!several) {
        br_source_diag(cc->src, BR_ERROR, 1, 1, "%s; not read as a trace", cc_one_row_msg);
        return -1;
    }
    br_source_diag(cc->src, BR_NOTE, 1, 1,
                   "CodeCarbon's running totals: %zu run%s of two rows or more (a row each "
                   "flush), a trace each, power from gpu_energy's growth over duration's "
                   "between rows (kWh); %zu run%s of one row give%s no samples; RAM power "
                   "is CodeCarbon's estimate, no trace", several, several == 1 ? "" : "s",
                   single, single == 1 ? "" : "s", single == 1 ? "s" : "");
    if (estimated)
        br_source_diag(cc->src, BR_NOTE, 1, 1,
                       "cpu_power is one value all through %zu run%s (%g W): CodeCarbon's "
                       "estimate where it measures nothing, no cpu trace", estimated,
                       estimated == 1 ? "" : "s", cpu_w);
    if (!traces) {
        br_source_diag(cc->src, BR_ERROR, 1, 1,
                       "no power: gpu_energy is 0 on every row (CodeCarbon saw no GPU)");
        return -1;
    }
    return 0;
}

static void free_cc(struct cc *cc)
{
    for (size_t i = 0; i < cc->nrun; i++) {
        free(cc->run[i].id);
        free(cc->run[i].gpu_model);
        free(cc->run[i].row);
    }
    free(cc->run);
}

static int cc_parse(struct br_lines *in, struct br_source *src, const struct br_parse_opts *o)
{
    struct cc cc = { .src = src };
    struct br_field *f = br_xmalloc(sizeof(*f) * (CC_MAX_COLS + 1));
    const char *p;
    size_t n, k;
    int have_header = 0, ret;

    (void)o;
    while (br_next_row(in, src, &p, &n)) {
        k = br_split_sep(p, n, ',', f, CC_MAX_COLS + 1);
        if (!have_header) {
            if (k > CC_MAX_COLS || !read_header(&cc, f, k)) {
                br_source_diag(src, BR_ERROR, in->lineno, 1,
                               "no CodeCarbon header (run_id, duration, gpu_energy)");
                free(f);
                return -1;
            }
            have_header = 1;
            continue;
        }
        read_row(&cc, f, k, in->lineno);
    }
    free(f);
    if (cc.nbad)
        br_source_diag(src, BR_WARNING, cc.first_bad, 1,
                       "%zu row%s skipped (a field missing, or no time or duration)", cc.nbad,
                       cc.nbad == 1 ? "" : "s");
    ret = have_header ? make_traces(&cc) : -1;
    if (!have_header)
        br_source_diag(src, BR_ERROR, 0, 0, "empty file: no header");
    free_cc(&cc);
    return ret;
}

/*
 * CodeCarbon's header on line 1, and a run_id that comes again in the rows after it (the
 * running totals of a run flushed as it goes): 85. One row per run_id in what is seen:
 * 0, and the powercsv reader names it.
 */
static int cc_sniff(const char *head, size_t n, const struct br_parse_opts *o,
                    struct br_buf *why)
{
    const char *p = head, *end = head + n, *nl;
    struct br_field f[CC_MAX_COLS + 1];
    struct cc cc = { .src = NULL };
    size_t k, rows = 0;
    int again = 0;

    (void)o;
    nl = memchr(p, '\n', n);
    k = br_split_sep(p, (size_t)((nl ? nl : end) - p), ',', f, CC_MAX_COLS + 1);
    if (k > CC_MAX_COLS || !read_header(&cc, f, k)) {
        br_buf_addstr(why, "no CodeCarbon header with run_id, duration and gpu_energy on line 1");
        return 0;
    }
    for (p = nl ? nl + 1 : end; p < end && !again; p = nl ? nl + 1 : end) {
        nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            break;   /* a row cut by the head's end */
        k = br_split_sep(p, (size_t)(nl - p), ',', f, CC_MAX_COLS + 1);
        if (k != cc.nfield)
            continue;
        again = run_of(&cc, &f[cc.idx[CC_RUN]])->n++ > 0;
        rows++;
    }
    free_cc(&cc);
    if (!again) {
        br_buf_addf(why, "CodeCarbon's header, but each of the %zu rows seen is a run of its own",
                    rows);
        return 0;
    }
    br_buf_addstr(why, "CodeCarbon's header, and a run_id comes again: running totals per flush");
    return 85;
}

const struct br_parser br_parser_codecarbon = {
    .name = "codecarbon",
    .what = "CodeCarbon emissions.csv flushed while a run goes on (rows of running totals "
            "per run_id): GPU power from gpu_energy's growth",
    .sniff = cc_sniff,
    .parse = cc_parse,
};
