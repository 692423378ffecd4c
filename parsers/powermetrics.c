/*
 * powermetrics.c: the text output of macOS `powermetrics` (-f text).
 *
 * Block-driven: each sample is a block that starts with
 *     *** Sampled system activity (Sat Nov  8 15:54:21 2025 +0900) (5021.96ms elapsed) ***
 * and holds, among much else, lines such as "GPU Power: 44 mW". One trace
 * per power domain present (gpu, cpu, ane, dram, combined), in watts; the
 * GPU trace also carries gpu_freq (MHz) and gpu_active (%). "GPU Power"
 * appears twice per block on recent macOS: the first one counts.
 *
 * Intel Macs print "Intel energy model derived package power (CPUs+GT+SA): 4.84W",
 * the package's power: the cpu domain there.
 *
 * macOS 11 and 12 print no "CPU Power": the cpu domain then comes from
 * "Clusters Total Power", or else from the sum of the "E-Cluster Power",
 * "P-Cluster Power" ("P0-", "P1-") lines. The "*** Summary system activity"
 * block that --show-usage-summary prints at the end is not a sample.
 *
 * The header time has one-second resolution, and at -i 100 ten blocks print
 * the same second, so sample times come from the elapsed windows: within a
 * run of consecutive blocks, t_end(k) = c + (sum of elapsed up to k), with the
 * one offset c that keeps every header's second equal to floor(t_end(k))
 * (the middle of the interval those constraints leave). Where no single c
 * fits (powermetrics was paused, the clock stepped), a new run starts.
 * Each sample keeps its own window for energy.
 *
 * NEEDSWORK: the header is taken as the end of the sampled window; Apple
 * does not document which instant it prints.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "model/num.h"
#include "model/timefmt.h"
#include "parsers/parser.h"
#include "model/banned.h"

#define PM_HEADER "*** Sampled system activity ("

enum domain { D_GPU, D_CPU, D_ANE, D_DRAM, D_COMBINED, D_NR };
static const char *const domain_name[D_NR] = { "gpu", "cpu", "ane", "dram", "combined" };

static const char *const power_line[D_NR] = { "GPU Power:", "CPU Power:", "ANE Power:",
                                             "DRAM Power:", NULL };

/* X_CLTOTAL, X_CLSUM: macOS 11/12's cluster lines, the cpu power when there is no "CPU Power" */
enum { X_POWER, X_FREQ, X_ACTIVE, X_CLTOTAL, X_CLSUM, X_NR };

struct block {
    double header_t;   /* the header's time (whole seconds) */
    double elapsed;    /* seconds */
    unsigned line;
    double v[D_NR][X_NR];
    int seen[D_NR];
    unsigned rules_seen;   /* bit per line rule met in this block */
};

struct pm {
    struct br_source *src;
    struct block *b;
    size_t nb, alloc;
    int zoned;
    char model[96];
    unsigned seen_domains;   /* bit per domain over all blocks */
    int seen_freq, seen_active;
    const char *combined_line;   /* "Combined Power (CPU + GPU + ANE)" or "Package Power" */
    const char *cpu_line;        /* "CPU Power", or what stood in for it on macOS 11/12 */
    int in_summary;              /* inside "*** Summary system activity": not a sample */
    size_t repeats;              /* a line other than "GPU Power" again in its block */
    unsigned repeat_line;        /* the first of them */
    const char *repeat_prefix;
};

static int starts(const char *p, size_t n, const char *lit)
{
    size_t k = strlen(lit);
    return n >= k && !memcmp(p, lit, k);
}

/* Parses the block header; returns NULL or a message. */
static const char *scan_header(const char *p, size_t n, struct br_time *t, double *elapsed)
{
    const char *end = p + n, *q;
    size_t k = strlen(PM_HEADER), tn;
    double ms;

    p += k;
    tn = br_time_parse(p, (size_t)(end - p), t);
    if (tn == 0)
        return "cannot read the sample time";
    q = p + tn;
    if (end - q < 3 || memcmp(q, ") (", 3))
        return "expected ') (' after the sample time";
    q += 3;
    if ((k = br_num_parse(q, end, &ms)) == 0 || ms < 0)
        return "cannot read the elapsed time";
    q += k;
    if (end - q < 10 || memcmp(q, "ms elapsed", 10))
        return "expected 'ms elapsed'";
    *elapsed = ms / 1000.0;
    return NULL;
}

/* "GPU Power: 44 mW" -> watts. Returns NULL or a message. */
static const char *scan_power(const char *p, size_t n, double *watts)
{
    const char *end = p + n, *c = memchr(p, ':', n);
    size_t k;
    double v;

    if (!c)
        return "expected ':'";
    c++;
    while (c < end && *c == ' ')
        c++;
    if ((k = br_num_parse(c, end, &v)) == 0)
        return "power is not a number";
    c += k;
    while (c < end && *c == ' ')
        c++;
    if (end - c >= 2 && !memcmp(c, "mW", 2))
        v /= 1000.0;
    else if (!(end - c >= 1 && *c == 'W'))
        return "expected a power in mW or W";
    *watts = v;
    return NULL;
}

/* "GPU HW active frequency: 1398 MHz" or "... residency:  12.34% (...)". */
static const char *scan_after_colon(const char *p, size_t n, double *v)
{
    const char *end = p + n, *c = memchr(p, ':', n);
    if (!c)
        return "expected ':'";
    c++;
    while (c < end && *c == ' ')
        c++;
    return br_num_parse(c, end, v) ? NULL : "not a number";
}

struct line_rule {
    const char *prefix;
    enum domain d;
    int what;
};

static const struct line_rule rules[] = {
    { "GPU Power:", D_GPU, X_POWER },
    { "CPU Power:", D_CPU, X_POWER },
    { "ANE Power:", D_ANE, X_POWER },
    { "DRAM Power:", D_DRAM, X_POWER },
    { "Combined Power (CPU + GPU + ANE):", D_COMBINED, X_POWER },
    { "Package Power:", D_COMBINED, X_POWER },
    { "GPU HW active frequency:", D_GPU, X_FREQ },
    { "GPU active frequency:", D_GPU, X_FREQ },
    { "GPU HW active residency:", D_GPU, X_ACTIVE },
    { "GPU active residency:", D_GPU, X_ACTIVE },
    { "Clusters Total Power:", D_CPU, X_CLTOTAL },
    /* Intel Macs: the package (cores, integrated GPU, system agent), in W */
    { "Intel energy model derived package power (CPUs+GT+SA):", D_CPU, X_POWER },
};

_Static_assert(sizeof(rules) / sizeof(rules[0]) <= 32, "rules_seen has a bit per rule");

/* "E-Cluster Power:", "P1-Cluster Power:": one cluster's power (macOS 11/12). */
static int cluster_power_line(const char *p, size_t n)
{
    const char *c = memmem(p, n < 24 ? n : 24, "-Cluster Power:", 15);
    return c && c > p && c - p <= 3 && !memchr(p, ' ', (size_t)(c - p));
}

static struct block *new_block(struct pm *pm, const struct br_time *t, double elapsed,
                               unsigned line)
{
    struct block *b;

    BR_GROW(pm->b, pm->nb + 1, pm->alloc);
    b = &pm->b[pm->nb++];
    memset(b, 0, sizeof(*b));
    b->header_t = t->t;
    b->elapsed = elapsed;
    b->line = line;
    for (int d = 0; d < D_NR; d++)
        for (int x = 0; x < X_NR; x++)
            b->v[d][x] = NAN;
    return b;
}

static void body_line(struct pm *pm, struct block *b, const char *p, size_t n, unsigned line)
{
    if (cluster_power_line(p, n)) {
        double v;
        const char *err = scan_power(p, n, &v);
        if (err) {
            br_source_diag(pm->src, BR_ERROR, line, 1, "%s", err);
            return;
        }
        b->v[D_CPU][X_CLSUM] = isnan(b->v[D_CPU][X_CLSUM]) ? v : b->v[D_CPU][X_CLSUM] + v;
        return;
    }
    for (size_t i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
        const struct line_rule *r = &rules[i];
        const char *err;
        double v;

        if (!starts(p, n, r->prefix))
            continue;
        if ((b->rules_seen & (1u << i)) && strcmp(r->prefix, "GPU Power:")) {
            /* not a line powermetrics repeats: text of another file (one written over
             * an older, longer one leaves the older one's tail) */
            if (!pm->repeats++) {
                pm->repeat_line = line;
                pm->repeat_prefix = r->prefix;
            }
            return;
        }
        b->rules_seen |= 1u << i;
        if (!isnan(b->v[r->d][r->what]))
            return; /* "GPU Power" again in the GPU block: counted once */
        err = r->what == X_POWER || r->what == X_CLTOTAL ? scan_power(p, n, &v)
                                                         : scan_after_colon(p, n, &v);
        if (err) {
            br_source_diag(pm->src, BR_ERROR, line, (unsigned)strlen(r->prefix) + 2, "%s", err);
            return;
        }
        b->v[r->d][r->what] = v;
        pm->seen_freq |= r->what == X_FREQ;
        pm->seen_active |= r->what == X_ACTIVE;
        if (r->d == D_COMBINED && !pm->combined_line)
            pm->combined_line = r->prefix;
        if (r->d == D_CPU && r->what == X_POWER)
            pm->cpu_line = r->prefix;
        if (r->what == X_POWER) {
            b->seen[r->d] = 1;
            pm->seen_domains |= 1u << r->d;
        }
        return;
    }
}

/* Offsets for blocks [from, to): the middle of the interval that fits them all. */
static void place_run(const struct pm *pm, size_t from, size_t to, double *t_end)
{
    double lo = -INFINITY, hi = INFINITY, s = 0, c;

    for (size_t k = from; k < to; k++) {
        s += pm->b[k].elapsed;
        if (pm->b[k].header_t - s > lo)
            lo = pm->b[k].header_t - s;
        if (pm->b[k].header_t + 1 - s < hi)
            hi = pm->b[k].header_t + 1 - s;
    }
    c = (lo + hi) / 2;
    s = 0;
    for (size_t k = from; k < to; k++) {
        s += pm->b[k].elapsed;
        t_end[k] = c + s;
    }
}

/* Splits the blocks into runs that one offset fits, and times them. */
static void place_all(const struct pm *pm, double *t_end)
{
    size_t from = 0;
    double lo = -INFINITY, hi = INFINITY, s = 0;

    for (size_t k = 0; k < pm->nb; k++) {
        double nlo, nhi;
        s += pm->b[k].elapsed;
        nlo = fmax(lo, pm->b[k].header_t - s);
        nhi = fmin(hi, pm->b[k].header_t + 1 - s);
        if (nlo >= nhi && k > from) {
            place_run(pm, from, k, t_end);
            from = k;
            s = pm->b[k].elapsed;
            nlo = pm->b[k].header_t - s;
            nhi = pm->b[k].header_t + 1 - s;
        }
        lo = nlo;
        hi = nhi;
    }
    if (pm->nb > from)
        place_run(pm, from, pm->nb, t_end);
}

static void build_traces(struct pm *pm)
{
    double *t_end = br_xcalloc(pm->nb, sizeof(double));

    place_all(pm, t_end);
    for (int d = 0; d < D_NR; d++) {
        struct br_trace *tr;
        if (!(pm->seen_domains & (1u << d)))
            continue;
        tr = br_source_new_trace(pm->src);
        tr->device = "0";
        tr->domain = domain_name[d];
        tr->name = pm->model[0] ? br_arena_strdup(&tr->arena, pm->model) : NULL;
        {
            /* the line as the file writes it, without its colon */
            const char *line = d == D_COMBINED               ? pm->combined_line
                               : d == D_CPU && pm->cpu_line ? pm->cpu_line
                                                            : power_line[d];
            tr->power_source = br_arena_strndup(&tr->arena, line, strlen(line) - 1);
        }
        tr->power_window = 0;   /* each sample carries its own window */
        tr->zoned = pm->zoned;
        tr->first_line = pm->b[0].line;
        br_trace_add_channel(tr, "power", "W");
        if (d == D_GPU && pm->seen_freq)
            br_trace_add_channel(tr, "gpu_freq", "MHz");
        if (d == D_GPU && pm->seen_active)
            br_trace_add_channel(tr, "gpu_active", "%");
        br_trace_enable_window(tr);
        for (size_t k = 0; k < pm->nb; k++) {
            size_t i = br_trace_append(tr, t_end[k]);
            tr->window[i] = pm->b[k].elapsed;
            tr->ch[0].v[i] = pm->b[k].v[d][X_POWER];
            if (d == D_GPU && pm->seen_freq)
                tr->ch[1].v[i] = pm->b[k].v[d][X_FREQ];
            if (d == D_GPU && pm->seen_active)
                tr->ch[1 + pm->seen_freq].v[i] = pm->b[k].v[d][X_ACTIVE];
        }
    }
    free(t_end);
}

/*
 * The cpu power of blocks without a "CPU Power" line (macOS 11/12): the
 * clusters' total, else the sum of the clusters. One source per file.
 */
static void cpu_from_clusters(struct pm *pm)
{
    for (size_t k = 0; k < pm->nb; k++) {
        struct block *b = &pm->b[k];
        int x;
        if (b->seen[D_CPU])
            continue;
        x = !isnan(b->v[D_CPU][X_CLTOTAL]) ? X_CLTOTAL
            : !isnan(b->v[D_CPU][X_CLSUM]) ? X_CLSUM
                                           : -1;
        if (x < 0)
            continue;
        b->v[D_CPU][X_POWER] = b->v[D_CPU][x];
        b->seen[D_CPU] = 1;
        pm->seen_domains |= 1u << D_CPU;
        if (!pm->cpu_line)
            pm->cpu_line = x == X_CLTOTAL ? "Clusters Total Power:"
                                          : "sum of the *-Cluster Power lines:";
    }
}

/* Drops a last block that lacks domains the others have (a cut-off file). */
static void drop_truncated_last(struct pm *pm)
{
    struct block *last;
    unsigned have = 0;

    if (pm->nb < 2)
        return;
    last = &pm->b[pm->nb - 1];
    for (int d = 0; d < D_NR; d++)
        if (last->seen[d])
            have |= 1u << d;
    if (have != pm->seen_domains) {
        br_source_diag(pm->src, BR_WARNING, last->line, 1,
                       "last sample is incomplete (the file was cut off) and was skipped");
        pm->nb--;
    }
}

static void preamble_line(struct pm *pm, const char *p, size_t n)
{
    const char *key = "Machine model: ";
    size_t k = strlen(key);
    if (starts(p, n, key) && !pm->model[0]) {
        size_t m = n - k < sizeof(pm->model) - 1 ? n - k : sizeof(pm->model) - 1;
        memcpy(pm->model, p + k, m);
        pm->model[m] = '\0';
    }
}

static int refuse_plist(struct pm *pm, const char *p, size_t n, unsigned line)
{
    if (starts(p, n, "<?xml") || starts(p, n, "<plist") || starts(p, n, "<!DOCTYPE plist")) {
        br_source_diag(pm->src, BR_ERROR, line, 1,
                       "this is powermetrics plist output (-f plist), which benchreport does "
                       "not read; record with -f text (the default)");
        return 1;
    }
    return 0;
}

static int pm_parse(struct br_lines *in, struct br_source *src, const struct br_parse_opts *o)
{
    struct pm pm = { .src = src };
    const char *p;
    size_t n;
    int ret = -1;

    (void)o;
    while (br_lines_next(in, &p, &n) > 0) {
        struct br_time t;
        double elapsed;
        const char *err;

        while (n && (*p == ' ' || *p == '\t')) {
            p++;
            n--;
        }
        if (in->lineno <= 2 && refuse_plist(&pm, p, n, in->lineno))
            goto out;
        if (in->truncated) {
            br_source_diag(src, BR_ERROR, in->lineno, 1, "line longer than %u bytes skipped",
                           BR_MAX_LINE);
            continue;
        }
        if (starts(p, n, PM_HEADER)) {
            if ((err = scan_header(p, n, &t, &elapsed))) {
                br_source_diag(src, BR_ERROR, in->lineno, 1, "%s", err);
                continue;
            }
            if (pm.nb && t.zoned != pm.zoned) {
                br_source_diag(src, BR_ERROR, in->lineno, 1,
                               "sample time zone differs from the first sample's");
                continue;
            }
            enum br_time_step st = pm.nb ? br_time_step(pm.b[pm.nb - 1].header_t, t.t, t.zoned,
                                                        src->fold_line != 0)
                                         : BR_STEP_ON;
            if (st == BR_STEP_FOLD)
                src->fold_line = in->lineno;   /* a daylight-saving change? the zone tells */
            if (st == BR_STEP_BACK) {
                br_source_diag(src, BR_ERROR, in->lineno, 1,
                               "sample time goes backwards; later samples skipped");
                break;
            }
            pm.zoned = t.zoned;
            pm.in_summary = 0;
            new_block(&pm, &t, elapsed, in->lineno);
            continue;
        }
        if (starts(p, n, "*** Summary system activity")) {
            pm.in_summary = 1;
            continue;
        }
        if (pm.in_summary)
            continue;
        if (pm.nb)
            body_line(&pm, &pm.b[pm.nb - 1], p, n, in->lineno);
        else
            preamble_line(&pm, p, n);
    }
    if (pm.nb == 0) {
        br_source_diag(src, BR_ERROR, in->lineno ? 1 : 0, in->lineno ? 1 : 0,
                       "no '*** Sampled system activity' block found");
        goto out;
    }
    if (pm.repeats)
        br_source_diag(src, BR_WARNING, pm.repeat_line, 1,
                       "%zu line%s repeated within %s block ('%.*s' again here): the first of "
                       "each counts (text left over from an older file written over?)",
                       pm.repeats, pm.repeats == 1 ? "" : "s", pm.repeats == 1 ? "its" : "their",
                       (int)strlen(pm.repeat_prefix) - 1, pm.repeat_prefix);
    cpu_from_clusters(&pm);
    drop_truncated_last(&pm);
    if (!pm.seen_domains) {
        br_source_diag(src, BR_ERROR, pm.b[0].line, 1,
                       "no power lines (run powermetrics with the cpu_power or gpu_power "
                       "sampler)");
        goto out;
    }
    build_traces(&pm);
    ret = 0;
out:
    free(pm.b);
    return ret;
}

static int pm_sniff(const char *head, size_t n, const struct br_parse_opts *o,
                       struct br_buf *why)
{
    (void)o;
    const char *end = head + n;
    size_t k = strlen(PM_HEADER);

    for (const char *p = head; p && p + k <= end; p = memchr(p, '\n', (size_t)(end - p))) {
        if (*p == '\n')
            p++;
        if (p + k <= end && !memcmp(p, PM_HEADER, k)) {
            br_buf_addstr(why, "has a '*** Sampled system activity' block");
            return 95;
        }
        if (p + 15 <= end && !memcmp(p, "Machine model: ", 15)) {
            br_buf_addstr(why, "has a 'Machine model:' preamble");
            return 70;
        }
        if (p + 6 <= end && !memcmp(p, "<plist", 6) && memmem(head, n, "<key>", 5)) {
            br_buf_addstr(why, "plist output");
            return 60;
        }
    }
    br_buf_addstr(why, "no '*** Sampled system activity' block");
    return 0;
}

const struct br_parser br_parser_powermetrics = {
    .name = "powermetrics",
    .what = "macOS powermetrics text output (-f text)",
    .sniff = pm_sniff,
    .parse = pm_parse,
};
