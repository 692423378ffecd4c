/*
 * nvsmitable.c: the plain `nvidia-smi` table, once or printed in a loop
 * (`nvidia-smi -l 1 > gpu.log`, `watch nvidia-smi`). Many people record
 * only this.
 *
 * Snapshot-driven: each snapshot starts with nvidia-smi's date line
 * ("Fri Aug  1 15:47:06 2025", or watch's "Every 1.0s: nvidia-smi  host:
 * Fri Aug  1 15:47:06 2025"), which is the time of every GPU row after it.
 * A GPU takes two table lines:
 *   |   0  NVIDIA H100 80GB HBM3          Off |   00000000:AB:00.0 Off |  ...
 *   | N/A   33C    P0             73W /  700W |       0MiB /  81559MiB |  0%  Default |
 * The first gives the index and the name (ending in the persistence or
 * driver mode: On, Off, WDDM, TCC), the second the Pwr:Usage/Cap cell, the
 * temperature, the memory in use and the utilization. One trace per GPU,
 * named after it. A GPU is its index AND its name, memory and bus: tables of
 * two machines pasted into one file (a README's notes, logs joined) each have a
 * GPU 0, and those are two devices, not one whose readings jump between them
 * (nor one whose time goes backwards); the same card in each machine differs
 * in its Bus-Id at least ("00000000:1A:00.0", "00000000:1B:00.0"). Names match when equal or when one is
 * cut ("GeForce RTX 207...") where the other goes on, the "NVIDIA " that newer
 * drivers put before the name aside; the totals of memory (MiB) must agree
 * within 2%. The second GPU of an index is device "0#2", and a warning says
 * so. The process table below the GPUs is not read.
 * The date has one-second resolution and no zone (floating time). A loop
 * faster than a second (nvidia-smi -lms 100) prints several snapshots under
 * the same second: their readings are averaged into that second's sample,
 * with a note, since the date cannot place them apart.
 * A table printed by a job whose runner puts the same text before every line of
 * its output ("(task, pid=3791) " in SkyPilot's logs, a Markdown indent) is read
 * after that prefix, the one before the '|' of the first Pwr:Usage/Cap header.
 * A GPU's first line with no Pwr:Usage/Cap line below it (a snapshot cut off
 * mid-table) gives no reading, with a warning.
 * Loops written into one file at once (each writer at its own offset: runs of
 * NULs where one wrote past another's text): NULs before a line's text are
 * skipped; a GPU read a second time under one date line is a snapshot whose
 * date is lost (not read, a warning); a snapshot earlier than a GPU's last
 * reading is not read, and one error counts them.
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

#define NT_MAX_GPUS 64
#define NT_NAME 96
#define NT_PREFIX 64     /* the longest prefix before the table's lines */
#define NT_BUS 24        /* a Bus-Id, "00000000:1A:00.0", and its NUL */

enum { CH_POWER, CH_TEMP, CH_MEM, CH_UTIL, CH_NR };

/* One GPU seen in the tables: its index, name and total memory, and its trace. */
struct nt_gpu {
    long index;
    char name[NT_NAME];
    double mem_total;         /* MiB; NaN when the table did not print it */
    char bus[NT_BUS];         /* its Bus-Id, "" when the table did not print it */
    struct br_trace *tr;
    /* readings averaged into the last sample, per channel (same-second snapshots) */
    unsigned merged[CH_NR];
    unsigned dated;           /* the date line of its last reading */
};

struct nt {
    struct br_source *src;
    double t;                 /* the current snapshot's time; NaN before the first */
    int have_time;
    long pending;             /* index of the GPU whose first line was just read, or -1 */
    char pending_name[NT_NAME];
    char pending_bus[NT_BUS];
    unsigned pending_line;
    struct nt_gpu gpu[NT_MAX_GPUS];
    size_t ngpu;
    size_t nsamples, untimed, nmerged, nerr, ntorn;
    unsigned first_merged_line, first_err_line, first_torn_line;
    size_t nlost;               /* rows that say "GPU is lost" (all ERR!), and the first */
    unsigned first_lost_line;
    unsigned date_line;         /* the line of the current snapshot's date */
    size_t nundated;            /* GPU rows again under one date (its next date lost), */
    unsigned first_undated_line;
    size_t nback;               /* GPU rows of a snapshot earlier than the GPU's last, */
    unsigned first_back_line;   /* the first of them and its time, and the one before it */
    double back_t, back_after;
    char prefix[NT_PREFIX];   /* before every table line (table_prefix), "" when none */
    size_t nprefix;
};

/*
 * The text before the '|' that opens the first Pwr:Usage/Cap header line in
 * [head, head + n) ("(task, pid=3791) " when a job runner prefixes each line of
 * its output), copied to `out` (NT_PREFIX bytes). Returns its length: 0 when the
 * header starts its line, or when there is no header or the text is too long.
 */
static size_t table_prefix(const char *head, size_t n, char *out)
{
    const char *h = memmem(head, n, "Pwr:Usage/Cap", 13), *ls, *bar;

    if (!h)
        return 0;
    ls = h;
    while (ls > head && ls[-1] != '\n')
        ls--;
    bar = memchr(ls, '|', (size_t)(h - ls));
    if (!bar || bar == ls || (size_t)(bar - ls) >= NT_PREFIX)
        return 0;
    memcpy(out, ls, (size_t)(bar - ls));
    out[bar - ls] = '\0';
    return (size_t)(bar - ls);
}

/* `*line` past the table's prefix `pre` (npre bytes) when it starts with it. */
static void strip_prefix(const char *pre, size_t npre, const char **line, size_t *len)
{
    if (npre && *len >= npre && !memcmp(*line, pre, npre)) {
        *line += npre;
        *len -= npre;
    }
}

/* The date line of a snapshot: the whole trimmed line, or what follows watch's "host: ". */
static int banner_time(const char *line, size_t len, double *t)
{
    struct br_time bt;
    const char *p = line;
    size_t n = len;

    while (n && (p[n - 1] == ' ' || p[n - 1] == '\r' || p[n - 1] == '\t'))
        n--;
    if (n >= 6 && !memcmp(p, "Every ", 6)) {
        for (size_t i = n; i >= 2; i--) {
            if (p[i - 2] == ':' && p[i - 1] == ' ') {
                p += i;
                n -= i;
                break;
            }
        }
    }
    if (n < 20 || n > 40 || !isalpha((unsigned char)p[0]))
        return 0;
    if (br_time_parse(p, n, &bt) != n)
        return 0;
    *t = bt.t;
    return 1;
}

/* The text of the first table cell: between the leading '|' and the next '|'. */
static int first_cell(const char *line, size_t len, const char **cell, size_t *n)
{
    const char *bar;
    size_t bars = 0;

    if (len < 2 || line[0] != '|')
        return 0;
    for (size_t i = 0; i < len; i++)
        bars += line[i] == '|';
    if (bars < 3)
        return 0;
    bar = memchr(line + 1, '|', len - 1);
    *cell = line + 1;
    *n = (size_t)(bar - (line + 1));
    return 1;
}

/*
 * The Bus-Id that opens a GPU's first line's second cell ("| 00000000:1A:00.0 Off |",
 * older drivers "0000:1A:00.0"), copied to `out` (NT_BUS bytes); "" when none.
 */
static void bus_id(const char *line, size_t len, char *out)
{
    const char *p = memchr(line + 1, '|', len - 1), *end = line + len, *a;
    int colons = 0, dot = 0;

    out[0] = '\0';
    if (!p)
        return;
    for (p++; p < end && *p == ' '; p++)
        ;
    for (a = p; p < end && (isxdigit((unsigned char)*p) || *p == ':' || *p == '.'); p++) {
        colons += *p == ':';
        dot += *p == '.';
    }
    if (colons >= 2 && dot == 1 && p - a < NT_BUS) {
        memcpy(out, a, (size_t)(p - a));
        out[p - a] = '\0';
    }
}

/*
 * "   0  NVIDIA H100 80GB HBM3          Off " -> index 0, name. Returns 1 when
 * the cell is a GPU's first line.
 */
static int gpu_line(const char *c, size_t n, long *index, char *name, size_t size)
{
    size_t i = 0, ns, ne, we;
    long v = 0;
    static const char *const modes[] = { "On", "Off", "WDDM", "TCC" };
    int mode = 0;

    while (i < n && c[i] == ' ')
        i++;
    if (i == n || !isdigit((unsigned char)c[i]))
        return 0;
    while (i < n && isdigit((unsigned char)c[i]) && v < 100000)
        v = v * 10 + (c[i++] - '0');
    if (i == n || c[i] != ' ')
        return 0;
    while (i < n && c[i] == ' ')
        i++;
    ns = i;
    we = n;
    while (we > ns && c[we - 1] == ' ')
        we--;
    ne = we;
    while (ne > ns && c[ne - 1] != ' ')
        ne--;
    for (size_t k = 0; k < sizeof(modes) / sizeof(modes[0]); k++)
        if (we - ne == strlen(modes[k]) && !memcmp(c + ne, modes[k], we - ne))
            mode = 1;
    if (!mode)
        return 0;
    while (ne > ns && c[ne - 1] == ' ')
        ne--;
    if (ne == ns)
        return 0;
    if (ne - ns >= size)
        ne = ns + size - 1;
    memcpy(name, c + ns, ne - ns);
    name[ne - ns] = '\0';
    *index = v;
    return 1;
}

/* The number just before `unit` at or after p in [p, end), e.g. "73W" or "3.6W". */
static double number_before(const char *p, const char *end, const char *unit)
{
    size_t un = strlen(unit);

    for (const char *q = p; q + un <= end; q++) {
        const char *s = q;
        double v;
        if (memcmp(q, unit, un))
            continue;
        while (s > p && (isdigit((unsigned char)s[-1]) || s[-1] == '.'))
            s--;
        if (s < q && br_num_parse(s, q, &v) == (size_t)(q - s))
            return v;
    }
    return NAN;
}

/*
 * The second line of a GPU: "| N/A   33C    P0    73W /  700W |  0MiB / 81559MiB |  0%  Default |".
 * Returns 1 with the values (NaN where the driver printed N/A) when its
 * first cell holds the Pwr:Usage/Cap pair.
 */
static int usage_line(const char *line, size_t len, double v[CH_NR], double *mem_total, int *err)
{
    const char *cell, *slash, *c2, *c3, *end = line + len;
    size_t n;

    if (!first_cell(line, len, &cell, &n))
        return 0;
    /* the usage/cap slash has a blank beside it; the ones in "N/A" do not */
    slash = NULL;
    for (size_t i = 1; i + 1 < n; i++)
        if (cell[i] == '/' && (cell[i - 1] == ' ' || cell[i + 1] == ' '))
            slash = cell + i;
    if (!slash)
        return 0;
    /* "73W / 700W", "N/A / N/A", "3.6W / N/A", "ERR! / 250W" (the driver could not read the
     * sensor: no power, the other readings kept) */
    {
        const char *q = slash;
        while (q > cell && q[-1] == ' ')
            q--;
        if (!(q - cell >= 1 && q[-1] == 'W') && !(q - cell >= 3 && !memcmp(q - 3, "N/A", 3) && (q - cell == 3 || q[-4] == ' ')) &&
            !(q - cell >= 4 && !memcmp(q - 4, "ERR!", 4) && (q - cell == 4 || q[-5] == ' ')))
            return 0;
        *err = q - cell >= 4 && !memcmp(q - 4, "ERR!", 4);
    }
    v[CH_POWER] = number_before(cell, slash, "W");
    v[CH_TEMP] = number_before(cell, slash, "C");
    c2 = cell + n + 1;
    c3 = c2 < end ? memchr(c2, '|', (size_t)(end - c2)) : NULL;
    v[CH_MEM] = c3 ? number_before(c2, c3, "MiB") : NAN;   /* the first: used */
    *mem_total = NAN;
    if (c3) {                                                /* after the slash: the total */
        const char *sl = memchr(c2, '/', (size_t)(c3 - c2));
        if (sl)
            *mem_total = number_before(sl, c3, "MiB");
    }
    v[CH_UTIL] = c3 ? number_before(c3 + 1, end, "%") : NAN;
    return 1;
}

/* `name` without the "NVIDIA " that drivers from 470 on print before GeForce and Tesla names. */
static const char *bare_name(const char *name)
{
    return strncmp(name, "NVIDIA ", 7) ? name : name + 7;
}

/* Whether the table cut `name` short ("Tesla V100-SXM2...", "GeForce RTX 207..."). */
static int cut_name(const char *name)
{
    size_t n = strlen(name);

    return n >= 3 && !strcmp(name + n - 3, "...");
}

/* Whether two table names can be one GPU: equal, or one cut ("...") where the other goes on. */
static int same_name(const char *a, const char *b)
{
    size_t na, nb;

    a = bare_name(a);
    b = bare_name(b);
    na = strlen(a);
    nb = strlen(b);
    if (cut_name(a))
        return !strncmp(a, b, na - 3);
    if (cut_name(b))
        return !strncmp(a, b, nb - 3);
    return !strcmp(a, b);
}

/* Whether two totals of memory (MiB, NaN unknown) can be one GPU's: within 2%. */
static int same_memory(double a, double b)
{
    return isnan(a) || isnan(b) || fabs(a - b) <= 0.02 * fmax(a, b);
}

/*
 * The GPU of index `index` named `name` with `mem_total` MiB at Bus-Id `bus`, made
 * on first sight (NULL when NT_MAX_GPUS are in use); another GPU under a known index
 * is device "<index>#<n>", with a warning.
 */
static struct nt_gpu *gpu_of(struct nt *nt, long index, const char *name, double mem_total,
                             const char *bus, unsigned line)
{
    struct nt_gpu *g, *first = NULL;
    struct br_trace *tr;
    char dev[32];
    size_t same_index = 0;

    for (size_t i = 0; i < nt->ngpu; i++) {
        g = &nt->gpu[i];
        if (g->index != index)
            continue;
        if (!first)
            first = g;
        same_index++;
        if (same_name(g->name, name) && same_memory(g->mem_total, mem_total) &&
            (!g->bus[0] || !bus[0] || !strcmp(g->bus, bus))) {
            if (!g->bus[0])
                snprintf(g->bus, sizeof(g->bus), "%s", bus);
            if (cut_name(g->name) && !cut_name(name)) {
                snprintf(g->name, sizeof(g->name), "%s", name);   /* the uncut name */
                g->tr->name = br_arena_strdup(&g->tr->arena, name);
            }
            if (isnan(g->mem_total))
                g->mem_total = mem_total;
            return g;
        }
    }
    if (nt->ngpu == NT_MAX_GPUS)
        return NULL;
    g = &nt->gpu[nt->ngpu++];
    g->index = index;
    snprintf(g->name, sizeof(g->name), "%s", name);
    g->mem_total = mem_total;
    snprintf(g->bus, sizeof(g->bus), "%s", bus);
    if (same_index)
        snprintf(dev, sizeof(dev), "%ld#%zu", index, same_index + 1);
    else
        snprintf(dev, sizeof(dev), "%ld", index);
    if (first && bus[0] && first->bus[0] && strcmp(bus, first->bus) &&
        same_name(first->name, name) && same_memory(first->mem_total, mem_total))
        br_source_diag(nt->src, BR_WARNING, line, 1,
                       "GPU %ld '%s' at Bus-Id %s is not the GPU %ld at %s of line %u (another "
                       "machine's table?): read as another device, %s",
                       index, name, bus, index, first->bus, first->tr->first_line, dev);
    else if (first)
        br_source_diag(nt->src, BR_WARNING, line, 1,
                       "GPU %ld '%s' (%.0f MiB) is not the GPU %ld '%s' (%.0f MiB) of line %u "
                       "(another machine's table?): read as another device, %s",
                       index, name, mem_total, index, first->name, first->mem_total,
                       first->tr->first_line, dev);
    tr = br_source_new_trace(nt->src);
    tr->device = br_arena_strdup(&tr->arena, dev);
    tr->domain = "gpu";
    tr->name = br_arena_strdup(&tr->arena, name);
    tr->power_source = "Pwr:Usage/Cap";   /* power.draw: its window follows the GPU */
    tr->power_window = br_hw_nvidia_power_window(name);
    tr->zoned = 0;
    tr->timed = nt->have_time;
    tr->first_line = line;
    br_trace_add_channel(tr, "power", "W");
    br_trace_add_channel(tr, "temperature.gpu", "C");
    br_trace_add_channel(tr, "memory.used", "MiB");
    br_trace_add_channel(tr, "utilization.gpu", "%");
    g->tr = tr;
    return g;
}

static void sample(struct nt *nt, unsigned line, const double v[CH_NR], double mem_total)
{
    struct br_trace *tr;
    struct nt_gpu *g;

    if (nt->pending >= NT_MAX_GPUS) {
        br_source_diag(nt->src, BR_ERROR, nt->pending_line, 1, "GPU index %ld above %d",
                       nt->pending, NT_MAX_GPUS - 1);
        return;
    }
    g = gpu_of(nt, nt->pending, nt->pending_name, mem_total, nt->pending_bus,
               nt->pending_line);
    if (!g) {
        br_source_diag(nt->src, BR_ERROR, nt->pending_line, 1, "more than %d GPUs in the tables",
                       NT_MAX_GPUS);
        return;
    }
    if (nt->have_time && g->dated == nt->date_line) {
        if (nt->nundated++ == 0)
            nt->first_undated_line = line;
        return; /* a second reading under one date: a snapshot whose own date is lost */
    }
    g->dated = nt->date_line;
    tr = g->tr;
    switch (br_snapshot_add(tr, nt->t, nt->have_time, v, g->merged, line)) {
    case BR_SNAP_BACK:
        if (nt->nback++ == 0) {
            nt->first_back_line = line;
            nt->back_t = nt->t;
            nt->back_after = tr->t[tr->nr - 1];
        }
        break;
    case BR_SNAP_MERGED:
        if (nt->nmerged++ == 0)
            nt->first_merged_line = line;
        break;
    case BR_SNAP_APPENDED:
        nt->nsamples++;
        if (!nt->have_time)
            nt->untimed++;
        break;
    }
}

/* A GPU's first line not followed by its Pwr:Usage/Cap line (a snapshot cut off): counted. */
static void torn(struct nt *nt)
{
    if (nt->pending >= 0 && nt->ntorn++ == 0)
        nt->first_torn_line = nt->pending_line;
}

static int nvsmitable_parse(struct br_lines *in, struct br_source *src,
                            const struct br_parse_opts *o)
{
    struct nt *nt = br_xcalloc(1, sizeof(*nt));
    const char *line;
    size_t len;
    int ret = 0;

    (void)o;
    nt->src = src;
    nt->pending = -1;
    {
        const char *head;
        size_t hn;
        br_lines_peek(in, &head, &hn);
        nt->nprefix = table_prefix(head, hn, nt->prefix);
        if (nt->nprefix)
            br_source_diag(src, BR_NOTE, 1, 1, "the table is read after the '%s' that begins "
                           "its lines", nt->prefix);
    }
    while (br_lines_next(in, &line, &len) > 0) {
        const char *cell;
        size_t n;
        double v[CH_NR], mem_total;
        int err = 0;
        long index;

        if (in->truncated)
            continue;
        while (len && !*line)
            line++, len--; /* NULs before the text: a file another writer went on writing */
        strip_prefix(nt->prefix, nt->nprefix, &line, &len);
        if (banner_time(line, len, &nt->t)) {
            torn(nt);
            if (nt->nsamples && !nt->have_time)
                br_source_diag(src, BR_WARNING, in->lineno, 1,
                               "date line after snapshots without one");
            nt->have_time = 1;
            nt->date_line = in->lineno;
            nt->pending = -1;
            continue;
        }
        if (nt->pending >= 0 && usage_line(line, len, v, &mem_total, &err)) {
            if (err && nt->nerr++ == 0)
                nt->first_err_line = in->lineno;
            sample(nt, in->lineno, v, mem_total);
            nt->pending = -1;
            continue;
        }
        torn(nt);
        nt->pending = -1;
        if (memmem(line, len, "GPU is lost", 11) && nt->nlost++ == 0)
            nt->first_lost_line = in->lineno; /* its row of ERR!s: no GPU, no reading */
        if (first_cell(line, len, &cell, &n) &&
            gpu_line(cell, n, &index, nt->pending_name, sizeof(nt->pending_name))) {
            nt->pending = index;
            nt->pending_line = in->lineno;
            bus_id(line, len, nt->pending_bus);
        }
    }
    if (nt->nundated)
        br_source_diag(src, BR_WARNING, nt->first_undated_line, 1,
                       "%zu GPU row%s read a second time under one date line (a snapshot whose "
                       "date line is lost: NULs or text written over it): no time, not read, "
                       "the first here", nt->nundated, nt->nundated == 1 ? "" : "s");
    if (nt->nback) {
        char a[BR_TIME_FMT_LEN], b[BR_TIME_FMT_LEN];
        br_source_diag(src, BR_ERROR, nt->first_back_line, 1,
                       "snapshot time goes backwards: %s after %s (another recording written "
                       "into the same file?): %zu GPU row%s of such snapshots not read, the "
                       "first here", br_time_format(nt->back_t, 0, a),
                       br_time_format(nt->back_after, 0, b), nt->nback,
                       nt->nback == 1 ? "" : "s");
    }
    if (nt->nmerged)
        br_source_diag(src, BR_NOTE, nt->first_merged_line, 1,
                       "%zu snapshot%s shared a second with the one before (a loop faster than "
                       "the date's one-second resolution): each second's readings averaged "
                       "into one sample, the first here",
                       nt->nmerged, nt->nmerged == 1 ? "" : "s");
    if (nt->nerr)
        br_source_diag(src, BR_WARNING, nt->first_err_line, 1,
                       "%zu GPU row%s read 'ERR!' for the power (the driver could not read the "
                       "sensor): no power there, the other readings kept, the first here",
                       nt->nerr, nt->nerr == 1 ? "" : "s");
    if (nt->nlost)
        br_source_diag(src, BR_WARNING, nt->first_lost_line, 1,
                       "%zu GPU row%s say 'GPU is lost' (the GPU fell off the bus, its readings "
                       "all ERR!): no reading there, the first here", nt->nlost,
                       nt->nlost == 1 ? "" : "s");
    torn(nt);
    if (nt->ntorn)
        br_source_diag(src, BR_WARNING, nt->first_torn_line, 1,
                       "%zu GPU row%s without the Pwr:Usage/Cap line below (a snapshot cut "
                       "off): no reading there, the first here",
                       nt->ntorn, nt->ntorn == 1 ? "" : "s");
    if (nt->nsamples == 0) {
        br_source_diag(src, BR_ERROR, in->lineno ? 1 : 0, in->lineno ? 1 : 0,
                       "no GPU rows with a Pwr:Usage/Cap cell found in the nvidia-smi table");
        ret = -1;
    } else if (nt->untimed) {
        br_source_diag(src, BR_WARNING, 1, 1,
                       "no date line before the table: its samples have no time (nvidia-smi "
                       "prints one above each table)");
    }
    free(nt);
    return ret;
}

/* Whether the `len` bytes at `p` are spaces and carriage returns (the head has no NUL). */
static int blank(const char *p, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (p[i] != ' ' && p[i] != '\r')
            return 0;
    return 1;
}

static int nvsmitable_sniff(const char *head, size_t n, const struct br_parse_opts *o,
                            struct br_buf *why)
{
    const char *p = head, *end = head + n;
    size_t lines = 0, table = 0, npre;
    double t;
    char pre[NT_PREFIX];

    (void)o;
    if (!memmem(head, n, "Pwr:Usage/Cap", 13)) {
        if (memmem(head, n, "| npu-smi ", 10) && memmem(head, n, "Power(W)", 8)) {
            /* Huawei's tool for Ascend NPUs draws a table like it: named, never read */
            br_buf_addstr(why, "an npu-smi table (Huawei Ascend NPUs), not nvidia-smi's: no "
                               "reader takes it");
            return 15;
        }
        br_buf_addstr(why, "no Pwr:Usage/Cap table header");
        return 0;
    }
    /* a table printed at the top of a training log leaves that log to its reader */
    npre = table_prefix(head, n, pre);
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *l = p;
        size_t len = (size_t)((nl ? nl : end) - p);
        lines++;
        strip_prefix(pre, npre, &l, &len);
        if (len == 0 || l[0] == '|' || l[0] == '+' || blank(l, len) ||
            banner_time(l, len, &t))
            table++;
        if (!nl)
            break;
        p = nl + 1;
    }
    if (table * 10 >= lines * 6) {
        if (npre)
            br_buf_addf(why, "an nvidia-smi table (Pwr:Usage/Cap) after '%s' on its lines", pre);
        else
            br_buf_addstr(why, "an nvidia-smi table (Pwr:Usage/Cap)");
        return 90;
    }
    if (memmem(head, n, "\033[", 2) && memmem(head, n, "H", 1)) {
        /* `watch nvidia-smi > file` (or `script`): curses' cursor moves redraw only
         * what changed, so no snapshot is ever written whole */
        br_buf_addstr(why, "a terminal capture of the table (watch's cursor-addressed screen "
                           "updates), not its text: not read (record nvidia-smi -l 1 > file, "
                           "or --query-gpu=timestamp,power.draw --format=csv -l 1)");
        return 30;
    }
    br_buf_addf(why, "an nvidia-smi table in other text (%zu of %zu lines)", table, lines);
    return 30;
}

const struct br_parser br_parser_nvsmitable = {
    .name = "nvsmitable",
    .what = "the plain nvidia-smi table, once or in a loop (nvidia-smi -l 1)",
    .sniff = nvsmitable_sniff,
    .parse = nvsmitable_parse,
};
