/*
 * nvsmiq.c: `nvidia-smi -q` reports, once or in a loop: `nvidia-smi -q -d
 * POWER -l 1 -f power.log` (what PyPowerGadget and many scripts record),
 * `-lms 100`, or the full `nvidia-smi -q`:
 *
 *   ==============NVSMI LOG==============
 *   Timestamp                                 : Thu Jun 30 19:31:42 2022
 *   ...
 *   GPU 00000000:2B:00.0
 *       Product Name                          : NVIDIA GeForce RTX 3090
 *       Power Readings                        (drivers before 530: "Power Readings",
 *           Power Draw                        : 37.44 W      later "GPU Power Readings")
 *       Power Samples
 *           Avg                               : 44.80 W      (the driver's own window: not a sample)
 *
 * Report-driven: each report's Timestamp (one-second resolution, no zone: a
 * floating time) is the time of every GPU block after it; each GPU block
 * ("GPU <bus id>" at the start of a line) gives one sample of that GPU's
 * trace, from its "Power Readings" or "GPU Power Readings" section only (the
 * "Module", "GPU Memory" sections and "Power Samples" statistics are other
 * quantities). A trace per bus id, its device the GPU's place in the report
 * (nvidia-smi's index), its name the Product Name where the report has one.
 *
 * Drivers from 550 on print "Average Power Draw" and "Instantaneous Power
 * Draw" instead of "Power Draw": the instantaneous one is taken (no sensor
 * window), else "Power Draw" (power.draw: its window follows the GPU), else
 * the average (1 s). The first sample decides which; the trace keeps it.
 * Reports with no power section (-d CLOCK) give no sample. Reports printed
 * within one second (-lms) are averaged into that second's sample, with a
 * note (snapshot.h).
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "model/hwname.h"
#include "model/num.h"
#include "model/timefmt.h"
#include "parsers/parser.h"
#include "parsers/snapshot.h"
#include "model/banned.h"

#define NQ_MAX_GPUS 64
#define NQ_NAME 96
#define NQ_BUS 32

/* The power readings a GPU block may hold, in the order they are preferred. */
enum { RD_INSTANT, RD_DRAW, RD_AVERAGE, RD_NR };

static const struct {
    const char *key;      /* the line's key in a power section */
    const char *source;   /* the --query-gpu field it is */
    double window;        /* the sensor's window (s); -1: the GPU's (power.draw) */
} readings[RD_NR] = {
    [RD_INSTANT] = { "Instantaneous Power Draw", "power.draw.instant", 0 },
    [RD_DRAW] = { "Power Draw", "power.draw", -1 },
    [RD_AVERAGE] = { "Average Power Draw", "power.draw.average", 1 },
};

struct nq_gpu {
    char bus[NQ_BUS];
    struct br_trace *tr;
    int reading;          /* the RD_ this trace takes, -1 before its first sample */
    unsigned merged[1];
};

struct nq {
    struct br_source *src;
    double t;
    int have_time;
    /* the GPU block being read: its index in the report, or -1 outside one */
    long cur;
    unsigned cur_line;
    int in_power;         /* inside its (GPU) Power Readings section */
    int seen_power;       /* it had such a section */
    double v[RD_NR];      /* its readings (NaN: absent or N/A) */
    char name[NQ_NAME];
    long in_report;       /* GPU blocks so far in this report */
    struct nq_gpu gpu[NQ_MAX_GPUS];
    size_t ngpu, nsamples, untimed, nmerged, nosection;
    unsigned first_merged_line;
    unsigned report;      /* the number of the report being read (1, 2, ...) */
    unsigned said;        /* the last report a merge or a step back was counted for */
};

/* The line without trailing blanks and CR. */
static size_t rtrim(const char *s, size_t n)
{
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\r' || s[n - 1] == '\t'))
        n--;
    return n;
}

static int is_banner(const char *s, size_t n)
{
    return n >= 19 && memmem(s, n, "=====NVSMI LOG=====", 19) != NULL;
}

/* "GPU 00000000:2B:00.0" (or the old "GPU 0000:01:00.0") at the start of a line. */
static int gpu_header(const char *s, size_t n, char *bus)
{
    size_t i = 4;

    if (n < 8 || memcmp(s, "GPU ", 4))
        return 0;
    for (; i < n; i++)
        if (!isxdigit((unsigned char)s[i]) && s[i] != ':' && s[i] != '.')
            return 0;
    if (n - 4 >= NQ_BUS || !memchr(s + 4, ':', n - 4))
        return 0;
    memcpy(bus, s + 4, n - 4);
    bus[n - 4] = '\0';
    return 1;
}

/*
 * Splits "    Key   : value" into the key (trimmed) and the value, with the
 * key's indent. Returns 0 for a line without " : " (a section's title).
 */
static int key_value(const char *s, size_t n, size_t *indent, const char **k, size_t *kn,
                     const char **v, size_t *vn)
{
    const char *colon = memmem(s, n, " : ", 3);
    size_t i = 0, e;

    while (i < n && s[i] == ' ')
        i++;
    *indent = i;
    if (!colon) {
        /* a value left empty ("Chassis Serial Number : ") ends in " :" */
        if (n >= 2 && s[n - 1] == ':' && s[n - 2] == ' ')
            colon = s + n - 2;
        else
            return 0;
    }
    e = (size_t)(colon - s);
    while (e > i && s[e - 1] == ' ')
        e--;
    *k = s + i;
    *kn = e - i;
    *v = colon + 3 <= s + n ? colon + 3 : s + n;
    *vn = (size_t)(s + n - *v);
    return 1;
}

static int key_is(const char *k, size_t kn, const char *lit)
{
    return kn == strlen(lit) && !memcmp(k, lit, kn);
}

/* "37.44 W" -> 37.44; "N/A", "[N/A]", "Unknown Error" -> NaN. */
static double watts(const char *v, size_t n)
{
    double x;
    size_t used = br_num_parse(v, v + n, &x);

    if (!used || used + 2 != n || memcmp(v + used, " W", 2))
        return NAN;
    return x;
}

static struct nq_gpu *gpu_of(struct nq *nq, const char *bus)
{
    for (size_t i = 0; i < nq->ngpu; i++)
        if (!strcmp(nq->gpu[i].bus, bus))
            return &nq->gpu[i];
    if (nq->ngpu == NQ_MAX_GPUS)
        return NULL;
    snprintf(nq->gpu[nq->ngpu].bus, NQ_BUS, "%s", bus);
    nq->gpu[nq->ngpu].reading = -1;
    return &nq->gpu[nq->ngpu++];
}

static struct br_trace *new_trace(struct nq *nq, long index, int reading)
{
    struct br_trace *tr = br_source_new_trace(nq->src);
    char dev[24];

    snprintf(dev, sizeof(dev), "%ld", index);
    tr->device = br_arena_strdup(&tr->arena, dev);
    tr->domain = "gpu";
    if (nq->name[0])
        tr->name = br_arena_strdup(&tr->arena, nq->name);
    tr->power_source = readings[reading].source;
    tr->power_window = readings[reading].window >= 0 ? readings[reading].window
                       : nq->name[0] ? br_hw_nvidia_power_window(nq->name)
                                     : -1;
    tr->zoned = 0;
    tr->timed = nq->have_time;
    tr->first_line = nq->cur_line;
    br_trace_add_channel(tr, "power", "W");
    return tr;
}

/* Ends the GPU block being read: its sample, when it had a power section. */
static void end_gpu(struct nq *nq, const char *bus)
{
    struct nq_gpu *g;
    char a[BR_TIME_FMT_LEN], b[BR_TIME_FMT_LEN];
    long index = nq->cur;
    double v;

    if (index < 0)
        return;
    nq->cur = -1;
    if (!nq->seen_power) {
        nq->nosection++;
        return;
    }
    if (!(g = gpu_of(nq, bus))) {
        br_source_diag(nq->src, BR_ERROR, nq->cur_line, 1, "more than %d GPUs", NQ_MAX_GPUS);
        return;
    }
    if (g->reading < 0) {
        for (int r = 0; r < RD_NR && g->reading < 0; r++)
            if (!isnan(nq->v[r]))
                g->reading = r;
        if (g->reading < 0)
            g->reading = RD_DRAW;
        g->tr = new_trace(nq, index, g->reading);
    }
    v = nq->v[g->reading];
    switch (br_snapshot_add(g->tr, nq->t, nq->have_time, &v, g->merged, nq->cur_line)) {
    case BR_SNAP_BACK:
        if (nq->said != nq->report)
            br_source_diag(nq->src, BR_ERROR, nq->cur_line, 1, "report time goes backwards: "
                           "%s after %s", br_time_format(nq->t, 0, a),
                           br_time_format(g->tr->t[g->tr->nr - 1], 0, b));
        nq->said = nq->report;
        break;
    case BR_SNAP_MERGED:
        if (nq->said != nq->report && nq->nmerged++ == 0)
            nq->first_merged_line = nq->cur_line;
        nq->said = nq->report;
        break;
    case BR_SNAP_APPENDED:
        nq->nsamples++;
        nq->untimed += !nq->have_time;
        break;
    }
}

static void start_gpu(struct nq *nq, unsigned line)
{
    nq->cur = nq->in_report++;
    nq->cur_line = line;
    nq->in_power = nq->seen_power = 0;
    nq->name[0] = '\0';
    for (int r = 0; r < RD_NR; r++)
        nq->v[r] = NAN;
}

/* A "Key : value" line inside a GPU block. */
static void gpu_field(struct nq *nq, size_t indent, const char *k, size_t kn, const char *v,
                      size_t vn)
{
    if (indent == 4 && key_is(k, kn, "Product Name")) {
        size_t n = vn < NQ_NAME ? vn : NQ_NAME - 1;
        memcpy(nq->name, v, n);
        nq->name[n] = '\0';
        return;
    }
    if (!nq->in_power || indent != 8)
        return;
    for (int r = 0; r < RD_NR; r++)
        if (key_is(k, kn, readings[r].key))
            nq->v[r] = watts(v, vn);
}

/* A section's title inside a GPU block ("    GPU Power Readings"). */
static void gpu_section(struct nq *nq, size_t indent, const char *s, size_t n)
{
    if (indent != 4)
        return;
    nq->in_power = key_is(s, n, "Power Readings") || key_is(s, n, "GPU Power Readings");
    nq->seen_power |= nq->in_power;
}

static void read_line(struct nq *nq, const char *s, size_t n, unsigned lineno, char *bus)
{
    const char *k, *v;
    size_t kn, vn, indent;
    struct br_time bt;

    n = rtrim(s, n);
    if (is_banner(s, n)) {
        end_gpu(nq, bus);
        nq->in_report = 0;
        nq->report++;
        return;
    }
    if (n && s[0] != ' ') {
        char b[NQ_BUS];
        if (gpu_header(s, n, b)) {
            end_gpu(nq, bus);
            memcpy(bus, b, NQ_BUS);
            start_gpu(nq, lineno);
            return;
        }
        if (key_value(s, n, &indent, &k, &kn, &v, &vn) && key_is(k, kn, "Timestamp")) {
            end_gpu(nq, bus);
            if (br_time_parse(v, vn, &bt) == vn && vn) {
                nq->t = bt.t;
                nq->have_time = 1;
            } else {
                br_source_diag(nq->src, BR_ERROR, lineno, (unsigned)(v - s) + 1,
                               "not a time: '%.*s'", (int)(vn < 60 ? vn : 60), v);
            }
            return;
        }
        end_gpu(nq, bus);   /* anything else at the margin ends a GPU block */
        return;
    }
    if (nq->cur < 0 || !n)
        return;
    if (key_value(s, n, &indent, &k, &kn, &v, &vn))
        gpu_field(nq, indent, k, kn, v, vn);
    else
        gpu_section(nq, indent, s + indent, n - indent);
}

static void summary_notes(struct nq *nq, unsigned lines)
{
    if (nq->nmerged)
        br_source_diag(nq->src, BR_NOTE, nq->first_merged_line, 1,
                       "%zu report%s shared a second with the one before (a loop faster than "
                       "the Timestamp's one-second resolution): each second's readings averaged "
                       "into one sample, the first here",
                       nq->nmerged, nq->nmerged == 1 ? "" : "s");
    if (nq->nsamples && nq->untimed)
        br_source_diag(nq->src, BR_WARNING, 1, 1,
                       "no Timestamp line before the GPU blocks: their samples have no time");
    if (nq->nsamples == 0)
        br_source_diag(nq->src, BR_ERROR, lines ? 1 : 0, lines ? 1 : 0,
                       "no GPU block with a Power Readings section in the nvidia-smi -q "
                       "reports (record nvidia-smi -q -d POWER -l 1, or --query-gpu="
                       "timestamp,power.draw --format=csv -l 1)");
}

static int nvsmiq_parse(struct br_lines *in, struct br_source *src,
                        const struct br_parse_opts *o)
{
    struct nq *nq = br_xcalloc(1, sizeof(*nq));
    char bus[NQ_BUS] = "";
    const char *line;
    size_t len;
    int ret;

    (void)o;
    nq->src = src;
    nq->cur = -1;
    while (br_lines_next(in, &line, &len) > 0)
        if (!in->truncated)
            read_line(nq, line, len, in->lineno, bus);
    end_gpu(nq, bus);
    summary_notes(nq, in->lineno);
    ret = nq->nsamples ? 0 : -1;
    free(nq);
    return ret;
}

static int nvsmiq_sniff(const char *head, size_t n, const struct br_parse_opts *o,
                        struct br_buf *why)
{
    (void)o;
    if (!memmem(head, n, "=====NVSMI LOG=====", 19)) {
        br_buf_addstr(why, "no '==============NVSMI LOG==============' report of nvidia-smi -q");
        return 0;
    }
    if (memmem(head, n, "Power Readings", 14)) {
        br_buf_addstr(why, "nvidia-smi -q reports with Power Readings");
        return 85;
    }
    /* the full report puts its power some 7 KB into each GPU's block */
    br_buf_addstr(why, "nvidia-smi -q reports (their Power Readings not in the first bytes)");
    return 60;
}

const struct br_parser br_parser_nvsmiq = {
    .name = "nvsmiq",
    .what = "nvidia-smi -q reports, once or in a loop (nvidia-smi -q -d POWER -l 1)",
    .sniff = nvsmiq_sniff,
    .parse = nvsmiq_parse,
};
