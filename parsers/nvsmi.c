/*
 * nvsmi.c: nvidia-smi --query-gpu CSV, and the CSV that people's own power
 * loggers write in the same spirit.
 *
 * Header-driven: the first line whose fields are all names and one of which
 * is a power column is the header; lines before it (the nvidia-smi table, a
 * shell prompt) are skipped with a warning. Each header field is classified
 * once (time, GPU index, name, uuid, power, another channel); the data lines
 * then go through a dedicated scanner, not libcsv: nvidia-smi never quotes a
 * field, and this loop is what makes a 10M-line trace read in well under a
 * second. Units may sit in the header ("power.draw [W]"), in every value
 * ("19.46 W") or nowhere; "[N/A]"-style values are missing (NaN), never 0.
 *
 * One trace per GPU: by the index column (long layout: one row per GPU per
 * tick), by uuid when there is no index, or one trace per "GPU<n>" column
 * (wide layout). The canonical "power" channel is power.draw.instant when
 * present, else power.draw, else power.draw.average, else a hand-named
 * power column; which one is recorded, with the sensor's averaging window.
 * A GPU whose chosen column reads N/A throughout takes the next one that
 * has readings (empty_power_fallback()).
 *
 * A row earlier than its GPU's row before is an error and not read. Three
 * or more such rows in a row are a second recording written into the file
 * (model/restart.h): no trace is read, and one error names the line where
 * it starts. Elapsed times that go back are said apart (elapsed_went_back()).
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model/alloc.h"
#include "model/fields.h"
#include "model/hwname.h"
#include "model/num.h"
#include "model/restart.h"
#include "model/timefmt.h"
#include "parsers/lookslike.h"
#include "parsers/parser.h"
#include "model/banned.h"

#define NVSMI_MAX_COLS 128
#define NVSMI_MAX_PREAMBLE 2000 /* lines searched for the header */
#define NVSMI_MAX_GPUS 256
#define NVSMI_KEY 64
#define NVSMI_GPU_MAX_W 2000  /* more than any one GPU draws, in watts */

enum col_kind {
    COL_TEXT,   /* kept out of the trace (pstate, power.management, ...) */
    COL_TIME,
    COL_INDEX,
    COL_NAME,
    COL_UUID,
    COL_VALUE,  /* a numeric channel, the canonical power among them */
    COL_WIDE,   /* "GPU<n>": the power of GPU n (wide layout) */
};

struct column {
    enum col_kind kind;
    char name[80];      /* header name without its "[unit]" */
    char unit[16];
    int power_rank;     /* > 0 for candidates of the canonical power */
    int is_power;       /* the chosen canonical power column */
    size_t chan;        /* channel index in every trace (COL_VALUE) */
    long gpu;           /* COL_WIDE: the GPU number */
};

struct gpu {
    char key[NVSMI_KEY];
    size_t keylen;
    struct br_trace *tr;
    size_t round_seen;  /* no time column: 1 + the loop round of this GPU's last row */
};

struct nvsmi {
    struct br_source *src;
    const struct br_parse_opts *o;
    char *header;               /* the header line, trimmed, for repeats */
    size_t header_len;
    struct column col[NVSMI_MAX_COLS];
    size_t ncol;
    long time_col, index_col, uuid_col, name_col, power_col;
    long index2_col;            /* a second column named like a GPU index, or -1 */
    int wide;
    int settled;                /* columns settled by the first data row */
    int timeless;               /* no time column: rows go the general way */
    int unsplit;                /* one trace of bursts of no fixed size (bursts_unsplit) */
    double unsplit_tick;        /* the gap under which rows are of one burst */
    size_t second_bursts;       /* one trace of k rows under each whole second (k) */
    int zoned;
    struct gpu gpu[NVSMI_MAX_GPUS];
    size_t ngpu;
    size_t last_gpu;
    size_t nrows;
    size_t round;       /* no time column, rows keyed by GPU: loop rounds begun, less one */
    struct br_field f[NVSMI_MAX_COLS + 1];
    double vals[NVSMI_MAX_COLS];    /* this row's values, by column */
    double row[NVSMI_MAX_COLS];     /* the same, by channel */
    size_t nchan;                   /* channels of a (long layout) trace */
    struct br_time_cache tcache;
    enum { TIME_STAMP, TIME_EPOCH, TIME_OF_DAY, TIME_ELAPSED } time_kind;   /* by the first row */
    double elapsed_unit;        /* TIME_ELAPSED: seconds per unit of the column ("elapsed_ms") */
    unsigned elapsed_back;      /* TIME_ELAPSED: the first line whose time went back, or 0 */
    double back_from, back_to;  /* ... the time before it and its own */
    struct br_restart restart;  /* clock times that went back: out of order, or a second
                                 * recording */
    const char *time_words;     /* TIME_EPOCH: the unit's words, as br_epoch_count gives */
    struct br_tod_clock tod;    /* TIME_OF_DAY: midnights crossed */
    char unread[48];            /* the first row's time, in a form not read ("" none) */
    char time_name[80];         /* the column time_kind was settled on (a later header
                                 * may have none: its col[] is no longer that header's) */
    int unitless;               /* line 1 was numbers without units, no header */
    size_t ncomment;            /* '#' lines among the rows (a logger's notes) */
    unsigned first_comment;
    int guessed;                /* no header: the columns were read from line 1's values */
};

static int has_prefix_ci(const char *s, const char *prefix)
{
    return strncasecmp(s, prefix, strlen(prefix)) == 0;
}

static int eq_ci(const char *a, const char *b)
{
    return strcasecmp(a, b) == 0;
}

static void trim(const char **p, size_t *n)
{
    while (*n && (**p == ' ' || **p == '\t')) {
        (*p)++;
        (*n)--;
    }
    while (*n && ((*p)[*n - 1] == ' ' || (*p)[*n - 1] == '\t'))
        (*n)--;
}

/*
 * Splits `line` at commas into nv->f (model/fields.h: blanks trimmed, a
 * quoted field may hold commas). Returns the number of fields, or
 * NVSMI_MAX_COLS + 1 when there are more than that.
 */
static size_t split(struct nvsmi *nv, const char *line, size_t len)
{
    return br_split_sep(line, len, ',', nv->f, NVSMI_MAX_COLS);
}

/* A field that can be nothing but data: a number or a time. */
static int looks_like_data(const char *p, size_t n)
{
    double v;
    struct br_time t;
    if (n == 0)
        return 0;
    return br_num_parse(p, p + n, &v) == n || br_time_parse(p, n, &t) == n ||
           (p[0] == '[' && p[n - 1] == ']');
}

/*
 * Whether a header field can be a column name: "power.draw [W]",
 * "utilization.gpu [%]", "gpu_index", "GPU 0". Prose that happens to hold
 * commas (a README quoting a --query-gpu command) is not.
 */
static int plausible_name(const char *p, size_t n)
{
    size_t i = 0;

    if (n == 0 || n > 64 || !(isalpha((unsigned char)p[0]) || p[0] == '_'))
        return 0;
    while (i < n && (isalnum((unsigned char)p[i]) || p[i] == '_' || p[i] == '.' || p[i] == '-'))
        i++;
    if (i == n)
        return 1;
    if (p[i] != ' ' || i + 1 >= n)
        return 0;
    i++;
    if (p[i] == '[')   /* a unit */
        return p[n - 1] == ']' && !memchr(p + i + 1, '[', n - i - 2) && n - i <= 12;
    while (i < n && isdigit((unsigned char)p[i]))   /* "GPU 0" */
        i++;
    return i == n;
}

/* Rank of a header name as the canonical power column; 0 = not one. */
static int power_rank(const char *name)
{
    if (eq_ci(name, "power.draw.instant"))
        return 4;
    if (eq_ci(name, "power.draw"))
        return 3;
    if (eq_ci(name, "power.draw.average"))
        return 2;
    if (eq_ci(name, "power") || eq_ci(name, "power_w") || eq_ci(name, "power_watts") ||
        eq_ci(name, "watts") || eq_ci(name, "watt") || eq_ci(name, "power_draw") ||
        eq_ci(name, "power_draw_w") || eq_ci(name, "power.draw.w"))
        return 1;
    return 0;
}

/* "GPU0", "gpu_1", "GPU 2", "gpu3_power" -> 0..3; -1 otherwise. */
static long wide_gpu(const char *name)
{
    const char *p = name + 3;
    long v = 0;
    int any = 0;

    if (!has_prefix_ci(name, "gpu"))
        return -1;
    if (*p == '_' || *p == ' ')
        p++;
    while (isdigit((unsigned char)*p) && v < 100000) {
        v = v * 10 + (*p++ - '0');
        any = 1;
    }
    if (!any)
        return -1;
    if (*p == '\0' || eq_ci(p, "_power") || eq_ci(p, " power") || eq_ci(p, "_w") ||
        eq_ci(p, " [W]") || eq_ci(p, "_power_w"))
        return v;
    return -1;
}

static int is_index_name(const char *name)
{
    static const char *const rest[] = { "", "id", "index", "idx", "num" };

    if (eq_ci(name, "index") || eq_ci(name, "device"))
        return 1;
    /* gpu, gpu_id, GPUId (DCGM's), "gpu index", gpu.index, gpu_idx, gpu_num */
    if (!has_prefix_ci(name, "gpu"))
        return 0;
    name += 3;
    if (*name && strchr("_ .-", *name))
        name++;
    for (size_t i = 0; i < sizeof(rest) / sizeof(rest[0]); i++)
        if (eq_ci(name, rest[i]))
            return 1;
    return 0;
}

static int is_time_name(const char *name)
{
    return eq_ci(name, "timestamp") || eq_ci(name, "time") || eq_ci(name, "date") ||
           eq_ci(name, "datetime") || eq_ci(name, "ts") || eq_ci(name, "time_utc");
}

/*
 * Seconds per unit of a column of time from the start, by its name: "elapsed_s",
 * "elapsed", "time_s", "t_ms", "Elapsed (s)" (a home-made logger's time.time() - t0);
 * 0 when the name is no such column.
 */
static double elapsed_name(const char *name)
{
    static const struct { const char *suffix; double unit; } units[] = {
        { "_ms", 1e-3 }, { " (ms)", 1e-3 }, { " [ms]", 1e-3 }, { "_us", 1e-6 },
        { " (us)", 1e-6 }, { "_ns", 1e-9 },  { "_s", 1 },      { " (s)", 1 },
        { " [s]", 1 },     { "_sec", 1 },   { "_secs", 1 },    { "_seconds", 1 },
    };
    size_t n = strlen(name);
    int elapsed = has_prefix_ci(name, "elapsed");

    if (elapsed && (eq_ci(name, "elapsed") || eq_ci(name, "elapsed_time") ||
                    eq_ci(name, "elapsed time")))
        return 1;
    if (!elapsed && !has_prefix_ci(name, "time") && !has_prefix_ci(name, "t_") &&
        !has_prefix_ci(name, "t ("))
        return 0;
    for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
        size_t k = strlen(units[i].suffix);
        /* only the unit after the word: "time_s", "elapsed_time_ms", not "timestamp_ms" */
        if (n > k && eq_ci(name + n - k, units[i].suffix) &&
            (elapsed || n - k == 4 || n - k == 1))
            return units[i].unit;
    }
    return 0;
}

/* The unit a hand-written name implies by its suffix: power_W, temperature_C. */
static const char *suffix_unit(const char *name)
{
    static const struct { const char *suffix, *unit; } map[] = {
        { "_W", "W" },        { "_watts", "W" },  { "_C", "C" },    { "_percent", "%" },
        { "_pct", "%" },      { "_MiB", "MiB" },  { "_MB", "MB" },  { "_MHz", "MHz" },
    };
    size_t n = strlen(name);
    for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
        size_t k = strlen(map[i].suffix);
        if (n > k && eq_ci(name + n - k, map[i].suffix))
            return map[i].unit;
    }
    return "";
}

/* The unit nvidia-smi uses for a query field when the file has none. */
static const char *default_unit(const char *name)
{
    /* a hand-made "power.voltage", "power.current" beside power.draw: no watts */
    if (has_prefix_ci(name, "power.") &&
        (strcasestr(name, "volt") || strcasestr(name, "current") || strcasestr(name, "temp")))
        return "";
    if (has_prefix_ci(name, "power.") || has_prefix_ci(name, "enforced.power"))
        return "W";
    if (has_prefix_ci(name, "temperature."))
        return "C";
    if (has_prefix_ci(name, "utilization.") || eq_ci(name, "fan.speed"))
        return "%";
    if (has_prefix_ci(name, "memory.") && !eq_ci(name, "memory.used.percent"))
        return "MiB";
    if (has_prefix_ci(name, "clocks."))
        return "MHz";
    return suffix_unit(name);
}

/* Splits "power.draw [W]" into name and unit. */
static void column_name(struct column *c, const char *p, size_t n)
{
    const char *br = memchr(p, '[', n);
    size_t nn = n;

    c->unit[0] = '\0';
    if (br && p[n - 1] == ']') {
        size_t un = (size_t)(p + n - 1 - (br + 1));
        if (un >= sizeof(c->unit))
            un = sizeof(c->unit) - 1;
        memcpy(c->unit, br + 1, un);
        c->unit[un] = '\0';
        nn = (size_t)(br - p);
        while (nn && p[nn - 1] == ' ')
            nn--;
    }
    if (nn >= sizeof(c->name))
        nn = sizeof(c->name) - 1;
    memcpy(c->name, p, nn);
    c->name[nn] = '\0';
}

static void classify(struct nvsmi *nv, struct column *c, long i)
{
    c->kind = COL_VALUE;
    c->power_rank = power_rank(c->name);
    if (is_time_name(c->name) && nv->time_col < 0) {
        c->kind = COL_TIME;
        nv->time_col = i;
    } else if (is_index_name(c->name) && nv->index_col < 0) {
        c->kind = COL_INDEX;
        nv->index_col = i;
    } else if (is_index_name(c->name) && nv->index2_col < 0) {
        /* `gpu` and `index` both: which tells the GPUs apart shows in the rows only */
        c->kind = COL_INDEX;
        nv->index2_col = i;
    } else if (eq_ci(c->name, "name") || eq_ci(c->name, "gpu_name")) {
        c->kind = COL_NAME;
        nv->name_col = i;
    } else if (eq_ci(c->name, "uuid") || eq_ci(c->name, "gpu_uuid") ||
               (eq_ci(c->name, "pci.bus_id") && nv->uuid_col < 0)) {
        /* a bus id tells GPUs apart as well as a uuid does */
        c->kind = COL_UUID;
        nv->uuid_col = i;
    } else if ((c->gpu = wide_gpu(c->name)) >= 0) {
        c->kind = COL_WIDE;
    }
    if (c->kind == COL_VALUE && !c->unit[0])
        snprintf(c->unit, sizeof(c->unit), "%s", default_unit(c->name));
}

/*
 * With no time column, a column of time from the start ("elapsed_s,power_W") is the
 * time.
 */
/* A run's energy ("energy_J", "Energy (Wh)"), not a running total ("energy_j_cumulative"). */
static int run_energy(const struct column *c)
{
    return (strcasestr(c->name, "energy") || strcasestr(c->name, "joule") || eq_ci(c->unit, "J") ||
            eq_ci(c->unit, "Wh") || eq_ci(c->unit, "kWh")) &&
           !strcasestr(c->name, "cumul") && !strcasestr(c->name, "running");
}

/*
 * Returns -1 for a table of runs: no time column, a run's energy beside it
 * ("model,elapsed_s,power_W,energy_J"); its power is each run's mean, no samples
 * (powercsv names it). Else 0.
 */
static int elapsed_column(struct nvsmi *nv, size_t nf)
{
    long at = -1;

    nv->elapsed_unit = 0;
    if (nv->time_col >= 0)
        return 0;
    for (size_t i = 0; i < nf; i++) {
        const struct column *c = &nv->col[i];
        if (run_energy(c))
            return -1;
        if (at < 0 && c->kind == COL_VALUE && !c->is_power && elapsed_name(c->name) > 0)
            at = (long)i;
    }
    if (at < 0)
        return 0;
    nv->col[at].kind = COL_TIME;
    nv->time_col = at;
    nv->elapsed_unit = elapsed_name(nv->col[at].name);
    return 0;
}

/*
 * Tries `line` as the header. Returns 1 and sets up the columns when it is
 * one: no field is data, and one is a power column.
 */
static int try_header(struct nvsmi *nv, const char *line, size_t len)
{
    size_t nf = split(nv, line, len);
    int best = 0, nwide = 0;

    if (nf > NVSMI_MAX_COLS)
        return 0;
    for (size_t i = 0; i < nf; i++) {
        if (nv->f[i].n == 0 || looks_like_data(nv->f[i].p, nv->f[i].n) ||
            !plausible_name(nv->f[i].p, nv->f[i].n))
            return 0;
    }
    nv->time_col = nv->index_col = nv->uuid_col = nv->name_col = nv->power_col = -1;
    nv->index2_col = -1;
    for (size_t i = 0; i < nf; i++) {
        struct column *c = &nv->col[i];
        memset(c, 0, sizeof(*c));
        column_name(c, nv->f[i].p, nv->f[i].n);
        classify(nv, c, (long)i);
        if (c->kind == COL_WIDE)
            nwide++;
        if (c->kind == COL_VALUE && c->power_rank > best) {
            best = c->power_rank;
            nv->power_col = (long)i;
        }
    }
    if (best == 0 && nwide == 0)
        return 0;
    if (elapsed_column(nv, nf) < 0)
        return 0;
    nv->ncol = nf;
    nv->wide = best == 0;
    nv->timeless = nv->time_col < 0;
    if (nv->power_col >= 0)
        nv->col[nv->power_col].is_power = 1;
    {
        const char *p = line;
        size_t n = len;
        trim(&p, &n);
        nv->header = br_xstrndup(p, n);
        nv->header_len = n;
    }
    return 1;
}

/* "[N/A]", "[Not Supported]", "N/A": a value the driver did not give. */
static int is_missing(const char *p, size_t n)
{
    return (n >= 2 && p[0] == '[' && p[n - 1] == ']') || (n == 3 && !memcmp(p, "N/A", 3)) ||
           n == 0;
}

/*
 * Parses a value with an optional unit after it ("19.46 W", "7 %").
 * Returns NULL, or a message for a value that is not a number.
 */
static const char *scan_value(const char *p, size_t n, double *out)
{
    size_t k;

    if (is_missing(p, n)) {
        *out = NAN;
        return NULL;
    }
    k = br_num_parse(p, p + n, out);
    if (k == 0)
        return "not a number";
    while (k < n && p[k] == ' ')
        k++;
    while (k < n && (isalpha((unsigned char)p[k]) || p[k] == '%' || p[k] == '/'))
        k++;
    return k == n ? NULL : "not a number";
}

/* The unit after the number of a value, if any ("19.46 W" -> "W"). */
static void value_unit(const char *p, size_t n, char *unit, size_t size)
{
    double v;
    size_t k = br_num_parse(p, p + n, &v), un;

    while (k < n && p[k] == ' ')
        k++;
    un = n - k;
    if (un >= size)
        un = size - 1;
    memcpy(unit, p + k, un);
    unit[un] = '\0';
}

/*
 * The first data row settles the value columns: one whose first value is
 * text (pstate "P0", power.management "Enabled") is text from then on, and
 * a unit printed in the values is taken when the header had none.
 */
/* "03/01/2026 15:36:53": a spreadsheet's re-save, day and month in an order nothing says */
static int slash_date(const char *p, size_t n)
{
    size_t i = 0, a, b;

    for (a = 0; i < n && a < 2 && isdigit((unsigned char)p[i]); i++, a++)
        ;
    if (!a || i >= n || p[i++] != '/')
        return 0;
    for (b = 0; i < n && b < 2 && isdigit((unsigned char)p[i]); i++, b++)
        ;
    return b && i + 1 < n && p[i] == '/' && isdigit((unsigned char)p[i + 1]);
}

/*
 * The first row settles how the time column is read. Besides a timestamp, a home-made
 * logger writes a count since 1970 (Python's int(time.time() * 1000): 13 digits) or a
 * time of day without a date (date +%T): both are read, the latter as seconds from its
 * first midnight. A time in no form benchreport reads (a spreadsheet's re-save, a
 * date(1) line with a zone name): the samples keep their order without times (one
 * warning at the end, as for a file without a time column), not one error per row.
 */
static void settle_time(struct nvsmi *nv)
{
    struct br_time bt;
    const struct br_field *f;
    double t;

    if (nv->time_col < 0)
        return;
    f = &nv->f[nv->time_col];
    if (!f->n || br_time_parse(f->p, f->n, &bt) == f->n)
        return;
    snprintf(nv->time_name, sizeof(nv->time_name), "%s", nv->col[nv->time_col].name);
    if (nv->elapsed_unit > 0) {
        /* seconds from the start: a count since 1970 in it would be no time from the start */
        if (br_num_parse(f->p, f->p + f->n, &t) == f->n && t >= 0 &&
            t * nv->elapsed_unit < BR_CALENDAR_MIN_S) {
            nv->time_kind = TIME_ELAPSED;
            return;
        }
    } else if ((nv->time_words = br_epoch_count(f->p, f->n, &t))) {
        nv->time_kind = TIME_EPOCH;
        nv->zoned = 1;
        return;
    }
    if (br_time_of_day_parse(f->p, f->n, &t)) {
        nv->time_kind = TIME_OF_DAY;
        return;
    }
    snprintf(nv->unread, sizeof(nv->unread), "%.*s", f->n > 40 ? 40 : (int)f->n, f->p);
    nv->time_col = -1;
    nv->timeless = 1;
}

static void settle(struct nvsmi *nv)
{
    settle_time(nv);
    for (size_t i = 0; i < nv->ncol; i++) {
        struct column *c = &nv->col[i];
        double v;
        char unit[16];

        if (c->kind != COL_VALUE)
            continue;
        if (scan_value(nv->f[i].p, nv->f[i].n, &v) != NULL && !c->is_power) {
            c->kind = COL_TEXT;
            continue;
        }
        if (!is_missing(nv->f[i].p, nv->f[i].n)) {
            value_unit(nv->f[i].p, nv->f[i].n, unit, sizeof(unit));
            if (unit[0])
                snprintf(c->unit, sizeof(c->unit), "%s", unit);
        }
    }
    for (size_t i = 0; i < nv->ncol; i++)
        if (nv->col[i].kind == COL_VALUE)
            nv->col[i].chan = nv->nchan++;
    nv->settled = 1;
}

/* Seconds over which nvidia-smi's power.draw is averaged for this GPU. */
/* power.draw's window on the GPU nvidia-smi names; -1 when it names none */
static double draw_window(const char *gpu_name)
{
    return gpu_name ? br_hw_nvidia_power_window(gpu_name) : -1;
}

static void set_power_window(struct nvsmi *nv, struct br_trace *tr)
{
    const char *src = tr->power_source;

    if (!src || nv->wide)
        tr->power_window = -1;
    else if (eq_ci(src, "power.draw.instant"))
        tr->power_window = 0;
    else if (eq_ci(src, "power.draw.average"))
        tr->power_window = 1;
    else if (eq_ci(src, "power.draw"))
        tr->power_window = draw_window(tr->name);
    else
        tr->power_window = -1;
}

/* A trace for one GPU; in the wide layout `wide` is its power column. */
static struct br_trace *new_trace(struct nvsmi *nv, const char *device, unsigned line,
                                  const struct column *wide)
{
    struct br_trace *tr = br_source_new_trace(nv->src);

    tr->device = br_arena_strdup(&tr->arena, device);
    tr->domain = "gpu";
    tr->zoned = nv->zoned;
    tr->timed = nv->time_col >= 0 || (nv->o && nv->o->interval_s > 0);
    tr->first_line = line;
    if (wide) {
        br_trace_add_channel(tr, "power", "W");
        tr->power_source = br_arena_strdup(&tr->arena, wide->name);
        return tr;
    }
    for (size_t i = 0; i < nv->ncol; i++) {
        struct column *c = &nv->col[i];
        if (c->kind == COL_VALUE)
            br_trace_add_channel(tr, c->is_power ? "power" : c->name,
                                 c->is_power ? "W" : c->unit);
    }
    if (nv->power_col >= 0)
        tr->power_source = br_arena_strdup(&tr->arena, nv->col[nv->power_col].name);
    return tr;
}

/* The trace of the GPU named by `key` (an index or uuid field), made on first sight. */
static struct gpu *find_gpu(struct nvsmi *nv, const char *key, size_t n, unsigned line,
                            const struct column *wide, const char **err)
{
    struct gpu *g;
    char dev[24];

    if (n >= NVSMI_KEY) {
        *err = "GPU index or uuid too long";
        return NULL;
    }
    if (nv->ngpu && nv->gpu[nv->last_gpu].keylen == n &&
        !memcmp(nv->gpu[nv->last_gpu].key, key, n))
        return &nv->gpu[nv->last_gpu];
    for (size_t i = 0; i < nv->ngpu; i++) {
        if (nv->gpu[i].keylen == n && !memcmp(nv->gpu[i].key, key, n)) {
            nv->last_gpu = i;
            return &nv->gpu[i];
        }
    }
    if (nv->ngpu == NVSMI_MAX_GPUS) {
        *err = "more than 256 GPUs";
        return NULL;
    }
    g = &nv->gpu[nv->ngpu];
    memcpy(g->key, key, n);
    g->key[n] = '\0';
    g->keylen = n;
    if (nv->index_col >= 0)
        snprintf(dev, sizeof(dev), "%s", g->key);
    else
        snprintf(dev, sizeof(dev), "%zu", nv->ngpu);
    g->tr = new_trace(nv, wide ? g->key : dev, line, wide);
    nv->last_gpu = nv->ngpu++;
    return g;
}

/* The row's time, or a message. */
static const char *scan_time(struct nvsmi *nv, double *t)
{
    struct br_time bt;
    const struct br_field *f;

    if (nv->time_col < 0) {
        *t = nv->o && nv->o->interval_s > 0 ? (double)nv->nrows * nv->o->interval_s : NAN;
        return NULL;
    }
    f = &nv->f[nv->time_col];
    if (nv->time_kind == TIME_EPOCH) {
        if (!br_epoch_count(f->p, f->n, t))
            return "invalid count of time since 1970";
        nv->zoned = 1;
        return NULL;
    }
    if (nv->time_kind == TIME_ELAPSED) {
        if (br_num_parse(f->p, f->p + f->n, t) != f->n || !f->n || !isfinite(*t))
            return "invalid time from the start";
        *t *= nv->elapsed_unit;
        return NULL;
    }
    if (nv->time_kind == TIME_OF_DAY) {
        if (!br_time_of_day_parse(f->p, f->n, t))
            return "invalid time of day";
        *t = br_tod_clock_next(&nv->tod, *t);
        return NULL;
    }
    if (f->n == 0 || br_time_parse_cached(&nv->tcache, f->p, f->n, &bt) != f->n)
        return "invalid timestamp";
    if (nv->nrows == 0)
        nv->zoned = bt.zoned;
    else if (bt.zoned != nv->zoned)
        return bt.zoned ? "timestamp has a zone, earlier ones did not"
                        : "timestamp has no zone, earlier ones did";
    *t = bt.t;
    return NULL;
}

static void error_at(struct nvsmi *nv, unsigned line, const struct br_field *f, const char *msg,
                     const char *colname)
{
    int n = f->n > 40 ? 40 : (int)f->n;
    if (colname)
        br_source_diag(nv->src, BR_ERROR, line, f->col, "%s in column '%s': '%.*s'", msg,
                       colname, n, f->p);
    else
        br_source_diag(nv->src, BR_ERROR, line, f->col, "%s: '%.*s'", msg, n, f->p);
}

/* Appends one sample (`v`, one value per channel) unless it would go back in time. */
static int push(struct nvsmi *nv, struct br_trace *tr, double t, unsigned line, const double *v)
{
    enum br_time_step st = tr->nr ? br_time_step(tr->t[tr->nr - 1], t, tr->zoned, tr->fold_line != 0)
                                  : BR_STEP_ON;
    if (st == BR_STEP_FOLD)
        tr->fold_line = line;   /* a daylight-saving change? the zone tells (cli/tz.c) */
    if (st == BR_STEP_BACK && nv->time_kind == TIME_ELAPSED) {
        if (!nv->elapsed_back) {   /* said once, by elapsed_went_back() */
            nv->elapsed_back = line;
            nv->back_from = tr->t[tr->nr - 1];
            nv->back_to = t;
        }
        return -1;
    }
    if (st == BR_STEP_BACK) {
        br_restart_back(&nv->restart, line, nv->f[nv->time_col].col, t, tr->t[tr->nr - 1],
                        tr->zoned);
        return -1;
    }
    if (nv->restart.nheld)
        br_restart_on(&nv->restart, nv->src);
    br_trace_append_row(tr, t, v);
    return 0;
}

static void row_wide(struct nvsmi *nv, double t, unsigned line)
{
    for (size_t k = 0; k < nv->ncol; k++) {
        struct column *c = &nv->col[k];
        struct gpu *g;
        const char *err = NULL;
        char key[24];
        int n;

        if (c->kind != COL_WIDE)
            continue;
        n = snprintf(key, sizeof(key), "%ld", c->gpu);
        g = find_gpu(nv, key, (size_t)n, line, c, &err);
        if (!g)
            return;
        if (push(nv, g->tr, t, line, &nv->vals[k]) < 0)
            return;
    }
}

/*
 * The hot path: reads a well-formed row in place, column by column, without
 * splitting it first. Returns 1 with the time in *t, the values in nv->row
 * (long layout) or nv->vals (wide), and the text fields in nv->f; returns 0
 * for anything unusual (a missing value, a bad field, a wrong field count),
 * which the general path then reads and reports.
 */
static int fast_row(struct nvsmi *nv, const char *line, size_t len, double *t)
{
    const char *p = line, *end = line + len;

    for (size_t k = 0; k < nv->ncol; k++) {
        const struct column *c = &nv->col[k];
        struct br_time bt;
        size_t r;
        double v;

        while (p < end && *p == ' ')
            p++;
        switch (c->kind) {
        case COL_TIME:
            if (nv->time_kind != TIME_STAMP)
                return 0;
            r = br_time_parse_cached(&nv->tcache, p, (size_t)(end - p), &bt);
            if (!r || (nv->nrows && bt.zoned != nv->zoned))
                return 0;
            nv->zoned = bt.zoned;
            *t = bt.t;
            p += r;
            break;
        case COL_VALUE:
        case COL_WIDE:
            if ((r = br_num_parse_simple(p, end, &v)) == 0 &&
                (r = br_num_parse(p, end, &v)) == 0)
                return 0;
            p += r;
            while (p < end && *p == ' ')
                p++;
            while (p < end && ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') ||
                               *p == '%' || *p == '/'))
                p++;
            if (c->kind == COL_VALUE)
                nv->row[c->chan] = v;
            nv->vals[k] = v;
            break;
        default: {
            const char *e = memchr(p, ',', (size_t)(end - p));
            const char *fe = e ? e : end;
            nv->f[k].p = p;
            while (fe > p && fe[-1] == ' ')
                fe--;
            nv->f[k].n = (size_t)(fe - p);
            p = e ? e : end;
            break;
        }
        }
        while (p < end && *p == ' ')
            p++;
        if (k + 1 < nv->ncol) {
            if (p == end || *p != ',')
                return 0;
            p++;
        } else if (p != end) {
            return 0;
        }
    }
    return 1;
}

/*
 * Two columns named like a GPU index (`gpu` and `index`): the GPU is the pair
 * of their values, "a\x1fb", until finish() sees which of them tells the
 * traces apart (name_pair_devices()). Keying by one of them alone would file
 * every GPU under one when that one is constant.
 */
static struct gpu *find_gpu_pair(struct nvsmi *nv, unsigned line, const char **err)
{
    const struct br_field *a = &nv->f[nv->index_col], *b = &nv->f[nv->index2_col];
    char key[NVSMI_KEY];

    if (a->n + 1 + b->n >= NVSMI_KEY) {
        *err = "GPU index too long";
        return NULL;
    }
    if (memchr(a->p, '\0', a->n) || memchr(a->p, '\x1f', a->n) || memchr(b->p, '\0', b->n) ||
        memchr(b->p, '\x1f', b->n)) {
        *err = "control character in a GPU index";
        return NULL;
    }
    memcpy(key, a->p, a->n);
    key[a->n] = '\x1f';
    memcpy(key + a->n + 1, b->p, b->n);
    return find_gpu(nv, key, a->n + 1 + b->n, line, NULL, err);
}

/* Whether the part `which` (0: before the \x1f, 1: after) differs between every two GPUs. */
static int pair_part_distinct(const struct nvsmi *nv, int which)
{
    for (size_t i = 0; i < nv->ngpu; i++)
        for (size_t j = i + 1; j < nv->ngpu; j++) {
            const char *x = nv->gpu[i].key, *y = nv->gpu[j].key;
            const char *xs = strchr(x, '\x1f'), *ys = strchr(y, '\x1f');
            size_t xn, yn;
            if (!xs || !ys)   /* every key of find_gpu_pair() has one; defensive */
                return 0;
            if (which) {
                x = xs + 1;
                y = ys + 1;
                xn = strlen(x);
                yn = strlen(y);
            } else {
                xn = (size_t)(xs - x);
                yn = (size_t)(ys - y);
            }
            if (xn == yn && !memcmp(x, y, xn))
                return 0;
        }
    return 1;
}

/*
 * Names the traces of a file keyed by two index columns after the one whose
 * values tell them apart (the first when both do), else after both ("0/3"),
 * and says which was taken.
 */
static void name_pair_devices(struct nvsmi *nv)
{
    int which = pair_part_distinct(nv, 0) ? 0 : pair_part_distinct(nv, 1) ? 1 : -1;

    for (size_t i = 0; i < nv->ngpu; i++) {
        struct br_trace *tr = nv->gpu[i].tr;
        char dev[NVSMI_KEY], *sep;
        snprintf(dev, sizeof(dev), "%s", nv->gpu[i].key);
        sep = strchr(dev, '\x1f');
        if (!sep)
            continue;
        if (which == 0)
            *sep = '\0';
        else if (which == 1)
            memmove(dev, sep + 1, strlen(sep + 1) + 1);
        else
            *sep = '/';
        tr->device = br_arena_strdup(&tr->arena, dev);
    }
    br_source_diag(nv->src, BR_NOTE, 1, 1,
                   which < 0 ? "two columns name the GPU ('%s', '%s'): each GPU is the pair of "
                               "their values"
                             : "two columns name the GPU ('%s', '%s'): the GPUs are told apart "
                               "by '%s'",
                   nv->col[nv->index_col].name, nv->col[nv->index2_col].name,
                   nv->col[which == 1 ? nv->index2_col : nv->index_col].name);
}

/* Files the row read by fast_row() or data_row() into its GPU's trace. */
static void file_row(struct nvsmi *nv, double t, unsigned line)
{
    struct gpu *g;
    const char *err = NULL;
    long kc;

    if (nv->wide) {
        row_wide(nv, t, line);
        nv->nrows++;
        return;
    }
    kc = nv->index_col >= 0 ? nv->index_col : nv->uuid_col;
    if (kc < 0 && nv->ngpu)
        g = &nv->gpu[0];
    else if (nv->index2_col >= 0)
        g = find_gpu_pair(nv, line, &err);
    else
        g = find_gpu(nv, kc >= 0 ? nv->f[kc].p : "0", kc >= 0 ? nv->f[kc].n : 1, line, NULL,
                     &err);
    if (!g) {
        error_at(nv, line, &nv->f[kc >= 0 ? kc : 0], err, NULL);
        return;
    }
    if (kc >= 0 && nv->time_col < 0 && nv->o && nv->o->interval_s > 0) {
        /* one row per GPU each loop: a loop's rows share its time, and a GPU seen
         * again begins the next loop (counting rows would space each GPU's samples
         * by the interval times the GPU count) */
        if (g->round_seen == nv->round + 1)
            nv->round++;
        g->round_seen = nv->round + 1;
        t = (double)nv->round * nv->o->interval_s;
    }
    if (nv->name_col >= 0 && !g->tr->name && nv->f[nv->name_col].n)
        g->tr->name = br_arena_strndup(&g->tr->arena, nv->f[nv->name_col].p,
                                       nv->f[nv->name_col].n);
    if (push(nv, g->tr, t, line, nv->row) == 0)
        nv->nrows++;
}

static void data_row(struct nvsmi *nv, unsigned line, size_t nf, int last_no_nl)
{
    double t;
    const char *err;

    if (nf != nv->ncol) {
        if (last_no_nl)
            br_source_diag(nv->src, BR_WARNING, line, 1,
                           "truncated last line skipped (%zu of %zu fields)", nf, nv->ncol);
        else if (nf > NVSMI_MAX_COLS)
            br_source_diag(nv->src, BR_ERROR, line, 1, "expected %zu fields, got more than %d",
                           nv->ncol, NVSMI_MAX_COLS);
        else
            br_source_diag(nv->src, BR_ERROR, line, 1, "expected %zu fields, got %zu",
                           nv->ncol, nf);
        return;
    }
    if (!nv->settled)
        settle(nv);
    if ((err = scan_time(nv, &t))) {
        error_at(nv, line, &nv->f[nv->time_col], err, NULL);
        return;
    }
    for (size_t k = 0; k < nv->ncol; k++) {
        enum col_kind kind = nv->col[k].kind;
        if (kind != COL_VALUE && kind != COL_WIDE)
            continue;
        if ((err = scan_value(nv->f[k].p, nv->f[k].n, &nv->vals[k]))) {
            error_at(nv, line, &nv->f[k], err, nv->col[k].name);
            return;
        }
        if (kind == COL_VALUE)
            nv->row[nv->col[k].chan] = nv->vals[k];
    }
    file_row(nv, t, line);
}

static int is_repeated_header(const struct nvsmi *nv, const char *line, size_t len)
{
    if (len < nv->header_len || (line[0] != ' ' && line[0] != nv->header[0]))
        return 0;
    trim(&line, &len);
    return len == nv->header_len && !memcmp(line, nv->header, len);
}

/* Moves row `from` of `tr` to row `to` (to <= from), channels and all. */
static void move_row(struct br_trace *tr, size_t from, size_t to)
{
    tr->t[to] = tr->t[from];
    if (tr->window)
        tr->window[to] = tr->window[from];
    for (size_t c = 0; c < tr->nch; c++)
        tr->ch[c].v[to] = tr->ch[c].v[from];
}

/*
 * Whether channel `c` of `tr` is a GPU index written without a header: whole
 * numbers 0 to 255 taking k >= 2 values, the first k rows all different and
 * every row equal to the one k rows before (nvidia-smi prints its GPUs in the
 * same order each loop; the last loop may be cut), over two loops or more.
 * A temperature or a utilization never keeps such a cycle. Sets *k.
 */
static int cycling_index(const struct br_trace *tr, size_t c, size_t *k)
{
    const double *v = tr->ch[c].v;
    unsigned char seen[256] = { 0 };
    size_t n = 0;

    for (size_t i = 0; i < tr->nr; i++) {
        if (!(v[i] >= 0 && v[i] <= 255) || v[i] != floor(v[i]))
            return 0;
        if (!seen[(int)v[i]]++)
            n++;
    }
    if (n < 2 || tr->nr < 2 * n)
        return 0;
    for (size_t i = 0; i < tr->nr; i++)
        if (i < n ? seen[(int)v[i]] == 0 : v[i] != v[i - n])
            return 0;
    for (size_t i = 0; i < n; i++)   /* the first loop: n different values */
        for (size_t j = 0; j < i; j++)
            if (v[i] == v[j])
                return 0;
    *k = n;
    return 1;
}

/*
 * Whether the rows of `tr` come in loops of k: the times within a loop closer
 * together than any two loops (one GPU's alternating reading never is).
 */
static int loops_of(const struct br_trace *tr, size_t k)
{
    double within = 0, between = INFINITY;

    for (size_t i = 1; i < tr->nr; i++) {
        double d = tr->t[i] - tr->t[i - 1];
        if (i % k)
            within = fmax(within, d);
        else
            between = fmin(between, d);
    }
    return within < between;
}

/*
 * A header-less file (--format=csv,noheader) of several GPUs has its index
 * among the bare numbers (--query-gpu=timestamp,index,name,power.draw): the
 * one column that cycles as an index does (cycling_index()), in rows that come
 * in loops (loops_of()), splits the one trace into one per GPU, named by its
 * value, with a note. 1 when it did.
 */
static int split_by_index_values(struct nvsmi *nv)
{
    struct br_trace *tr = nv->gpu[0].tr;
    size_t k = 0, w = 0, col = 0, ch = 0;
    double row[NVSMI_MAX_COLS];
    int found = 0;

    for (size_t i = 0; i < nv->ncol && !found; i++)
        if (nv->col[i].kind == COL_VALUE && !nv->col[i].unit[0] &&
            !strncmp(nv->col[i].name, "column", 6) && cycling_index(tr, nv->col[i].chan, &k) &&
            loops_of(tr, k)) {
            found = 1;
            col = i;
            ch = nv->col[i].chan;
        }
    if (!found)
        return 0;
    for (size_t g = 0; g < k; g++) {
        char dev[24];
        snprintf(dev, sizeof(dev), "%d", (int)tr->ch[ch].v[g]);
        if (g) {
            nv->gpu[g].tr = new_trace(nv, dev, tr->first_line, NULL);
            nv->gpu[g].tr->name =
                tr->name ? br_arena_strdup(&nv->gpu[g].tr->arena, tr->name) : NULL;
        } else {
            tr->device = br_arena_strdup(&tr->arena, dev);
        }
        snprintf(nv->gpu[g].key, sizeof(nv->gpu[g].key), "%s", dev);
        nv->gpu[g].keylen = strlen(nv->gpu[g].key);
    }
    nv->ngpu = k;
    for (size_t i = 0; i < tr->nr; i++) {
        size_t g = i % k;
        if (g == 0) {
            move_row(tr, i, w++);
            continue;
        }
        for (size_t c = 0; c < tr->nch; c++)
            row[c] = tr->ch[c].v[i];
        br_trace_append_row(nv->gpu[g].tr, tr->t[i], row);
    }
    br_trace_truncate(tr, w);
    br_source_diag(nv->src, BR_NOTE, tr->first_line, 1,
                   "column %zu's whole numbers repeat in the same order every %zu rows: taken "
                   "as the GPU index (%zu GPUs)", col + 1, k, k);
    return 1;
}

/* Takes none of a trace's readings (its rows stay, for their count and times). */
static void clear_readings(struct br_trace *tr)
{
    for (size_t c = 0; c < tr->nch; c++)
        for (size_t i = 0; i < tr->nr; i++)
            tr->ch[c].v[i] = NAN;
}

/*
 * A column of time from the start that goes back ("elapsed_s" 12.5 then 10.1) is
 * no time axis: each row's own length, a table of runs ("model,elapsed_s,power_W"),
 * or recordings appended, each from 0. Which rows make one recording the file does
 * not say: no reading is taken, with the reason.
 */
static void elapsed_went_back(struct nvsmi *nv)
{
    if (!nv->elapsed_back)
        return;
    for (size_t i = 0; i < nv->ngpu; i++)
        clear_readings(nv->gpu[i].tr);
    br_source_diag(nv->src, BR_WARNING, nv->elapsed_back, 1,
                   "column '%s' goes back (%g s after %g s): not a time from the start but "
                   "each row's own length (a table of runs?) or recordings appended; no "
                   "reading taken", nv->time_name, nv->back_to, nv->back_from);
    nv->elapsed_back = 0;
}

/* Whether every time of the trace is a whole second (a logger that writes no fraction). */
static int whole_seconds(const struct br_trace *tr)
{
    for (size_t i = 0; i < tr->nr; i++)
        if (tr->t[i] != floor(tr->t[i]))
            return 0;
    return 1;
}

/*
 * Rows that come in bursts at nearly one time, a loop interval apart, but too
 * few or not k at a time often enough to tell the GPUs apart (a GPU's row
 * missing from many loops): the rows of several GPUs in one trace, their readings
 * alternating. None of its readings is taken, with the reason: a mean of
 * GPUs taken for one GPU's is a wrong number. (Times in whole seconds are left alone: a
 * burst there may be one GPU polled faster than its logger's clock.)
 */
/*
 * The gap under which two rows are of one burst: a tenth of the loop's interval, that
 * interval the median of up to 4096 evenly spaced gaps of `tick` or more (a logger that
 * pauses makes the longest gaps no loop's).
 */
static double burst_gap(const struct br_trace *tr, double tick)
{
    double gap[4096];
    size_t ng = 0, step = tr->nr / 4096 + 1;

    for (size_t i = 0; i + 1 < tr->nr && ng < 4096; i += step)
        if (tr->t[i + 1] - tr->t[i] >= tick)
            gap[ng++] = tr->t[i + 1] - tr->t[i];
    if (!ng)
        return tick;
    qsort(gap, ng, sizeof(*gap), br_cmp_double);
    return fmin(tick, gap[ng / 2] / 10);
}

/* The rows from row i that are one burst: each within `tick` of the one before. */
static size_t burst_at(const struct br_trace *tr, size_t i, double tick)
{
    size_t n = 1;
    while (i + n < tr->nr && tr->t[i + n] - tr->t[i + n - 1] < tick)
        n++;
    return n;
}

static void bursts_unsplit(struct nvsmi *nv, struct br_trace *tr)
{
    size_t groups = 0, several = 0;
    double tick;

    if (whole_seconds(tr))
        return;
    tick = burst_gap(tr, nv->unsplit_tick);
    for (size_t i = 0; i < tr->nr;) {
        size_t n = burst_at(tr, i, tick);
        groups++;
        several += n > 1;
        i += n;
    }
    if (2 * several < groups) {
        /* most rows alone, some close to another: one device's logger that sometimes
         * writes twice at once (a smart plug's MQTT messages), not GPUs in turn */
        br_source_diag(nv->src, BR_NOTE, tr->first_line, 1,
                       "no index column; the rows come at nearly one time in %zu of %zu "
                       "places, alone in the others: taken as one device's readings", several,
                       groups);
        return;
    }
    clear_readings(tr);
    br_source_diag(nv->src, BR_WARNING, tr->first_line, 1,
                   "no index column, and the rows come in bursts at nearly one time, too few "
                   "or not the same number at a time: the rows of several GPUs, which cannot "
                   "be told apart; no reading taken (record with --query-gpu=index,...)");
}

/*
 * Rows that come k at a time under each whole second, no index column: k GPUs, or one
 * GPU that a logger whose clock shows only seconds read k times a second. Taken as k
 * GPUs, one GPU's power would be counted k times; taken as one, k GPUs' readings would
 * alternate in it. None is taken, with the reason.
 */
static void second_bursts_unread(struct nvsmi *nv, struct br_trace *tr, size_t k)
{
    clear_readings(tr);
    br_source_diag(nv->src, BR_WARNING, tr->first_line, 1,
                   "no index column, and the rows come %zu at a time under one whole second: "
                   "%zu GPUs, or one GPU read %zu times a second by a logger whose clock shows "
                   "seconds; no reading taken (record the GPU index, or times with their "
                   "fraction)", k, k, k);
}

/*
 * Without an index or uuid column, nvidia-smi on a machine of k GPUs prints
 * k rows per loop at nearly one time, GPU 0 first: such bursts become one
 * trace per GPU, by the row's place in its burst. A burst of fewer rows that the
 * next bursts complete to k exactly is one loop whose later GPUs' rows came late
 * (a GPU slow to answer: 37 ms of a 100 ms loop), joined and counted; a burst of
 * another size, cut at the start or the end or missing a GPU's row, is left
 * out and counted. The one trace so far keeps GPU 0's rows.
 */
static void split_interleaved(struct nvsmi *nv)
{
    struct br_trace *tr = nv->gpu[0].tr;
    double tick, row[NVSMI_MAX_COLS];
    size_t k = br_burst_size(tr->t, tr->nr, NVSMI_MAX_GPUS, &tick), w = 0, odd = 0, late = 0;

    if (!k) {
        nv->unsplit = tick > 0;   /* read after the power column is settled */
        nv->unsplit_tick = tick;
        return;
    }
    if (whole_seconds(tr)) {
        nv->second_bursts = k;    /* read after the power column is settled */
        return;
    }
    for (size_t g = 1; g < k; g++) {
        char dev[24];
        snprintf(dev, sizeof(dev), "%zu", g);
        nv->gpu[g].tr = new_trace(nv, dev, tr->first_line, NULL);
        nv->gpu[g].tr->name = tr->name ? br_arena_strdup(&nv->gpu[g].tr->arena, tr->name) : NULL;
        snprintf(nv->gpu[g].key, sizeof(nv->gpu[g].key), "%zu", g);
        nv->gpu[g].keylen = strlen(nv->gpu[g].key);
    }
    nv->ngpu = k;
    for (size_t i = 0; i < tr->nr;) {
        size_t n = burst_at(tr, i, tick), m = n;
        while (m < k && i + m < tr->nr)
            m += burst_at(tr, i + m, tick);
        if (n < k && m == k) {
            n = k; /* the loop's later rows came late, in one burst or more */
            late++;
        }
        if (n != k) {
            odd += n;
        } else {
            for (size_t g = 0; g < k; g++) {
                for (size_t c = 0; c < tr->nch; c++)
                    row[c] = tr->ch[c].v[i + g];
                if (g)
                    br_trace_append_row(nv->gpu[g].tr, tr->t[i + g], row);
                else
                    move_row(tr, i, w++);
            }
        }
        i += n;
    }
    br_trace_truncate(tr, w);
    br_source_diag(nv->src, BR_NOTE, tr->first_line, 1,
                   "no index column, and the rows come %zu at a time: taken as GPUs 0 to %zu, "
                   "in order", k, k - 1);
    if (late)
        br_source_diag(nv->src, BR_NOTE, tr->first_line, 1,
                       "%zu loop%s whose last rows came later than the others (more than "
                       "%.3g ms after the row before) joined to %zu rows", late,
                       late == 1 ? "" : "s", tick * 1e3, k);
    if (odd)
        br_source_diag(nv->src, BR_WARNING, tr->first_line, 1,
                       "%zu row%s in groups of another size than %zu (cut at the start or "
                       "the end, or a GPU's row missing) left out", odd, odd == 1 ? "" : "s", k);
}

/*
 * A header-less file whose first value in W is a power limit
 * (--query-gpu=timestamp,power.limit,power.draw --format=csv,noheader): the
 * column taken as the power holds one value on every row of each GPU, while
 * another column in W varies and never rises above it (by more than 5 %, a
 * draw's overshoot): that one is the draw. The two channels trade places in
 * every trace, with a note; without such evidence the first value in W stays.
 */
static int limit_before_draw(struct nvsmi *nv)
{
    const struct column *pc = nv->power_col >= 0 ? &nv->col[nv->power_col] : NULL;

    if (!pc || !nv->guessed || nv->wide)
        return 0;
    for (size_t i = 0; i < nv->ncol; i++) {
        const struct column *wc = &nv->col[i];
        size_t both = 0;
        int ok = 1, varies = 0;

        if (wc->kind != COL_VALUE || wc->is_power || strcmp(wc->unit, "W"))
            continue;
        for (size_t g = 0; g < nv->ngpu && ok; g++) {
            const struct br_trace *tr = nv->gpu[g].tr;
            const double *pv = tr->ch[pc->chan].v, *wv = tr->ch[wc->chan].v;
            double lim = NAN, w0 = NAN;
            for (size_t r = 0; r < tr->nr && ok; r++) {
                if (!isnan(pv[r])) {
                    if (isnan(lim))
                        lim = pv[r];
                    ok = pv[r] == lim;
                }
                if (!isnan(wv[r])) {
                    if (isnan(w0))
                        w0 = wv[r];
                    varies |= wv[r] != w0;
                }
                if (ok && !isnan(pv[r]) && !isnan(wv[r])) {
                    both++;
                    ok = wv[r] <= pv[r] * 1.05;
                }
            }
        }
        if (!ok || !varies || both < 3)
            continue;
        for (size_t g = 0; g < nv->ngpu; g++) {
            struct br_trace *tr = nv->gpu[g].tr;
            double *tmp = tr->ch[pc->chan].v;
            char limit[32];
            snprintf(limit, sizeof(limit), "column%ld", nv->power_col + 1);
            tr->ch[pc->chan].v = tr->ch[wc->chan].v;
            tr->ch[wc->chan].v = tmp;
            tr->ch[wc->chan].name = br_arena_strdup(&tr->arena, limit);
            tr->power_source = br_arena_strdup(&tr->arena, wc->name);
        }
        br_source_diag(nv->src, BR_NOTE, nv->gpu[0].tr->first_line, 1,
                       "column %ld, the first value in W, holds one value on every row of "
                       "each GPU and column %zu never rises above it: a power limit, not the "
                       "draw; the power is column %zu", nv->power_col + 1, i + 1, i + 1);
        return 1;
    }
    return 0;
}

/* How many of v[0..n) are readings (not NaN). */
static size_t finite_count(const double *v, size_t n)
{
    size_t k = 0;

    for (size_t i = 0; i < n; i++)
        k += !isnan(v[i]);
    return k;
}

/*
 * A power column that holds no reading on a GPU while another power column
 * does: power.draw.instant is "[N/A]" where the GPU or driver gives no
 * instantaneous reading, beside a power.draw or power.draw.average that it
 * does give. That GPU's power is the best-ranked column with readings, the
 * two channels trading places, with a note; a trace no power column has a
 * reading on keeps its empty power, with a warning (a laptop GeForce whose
 * power.draw is "[N/A]": nothing to measure energy with).
 */
static void empty_power_fallback(struct nvsmi *nv)
{
    const struct column *pc = nv->power_col >= 0 ? &nv->col[nv->power_col] : NULL;
    size_t moved = 0, none = 0;
    const struct column *first = NULL;

    if (!pc || nv->wide)
        return;
    for (size_t g = 0; g < nv->ngpu; g++) {
        struct br_trace *tr = nv->gpu[g].tr;
        const struct column *best = NULL;
        double *tmp;

        if (finite_count(tr->ch[pc->chan].v, tr->nr))
            continue;
        for (size_t i = 0; i < nv->ncol; i++) {
            const struct column *c = &nv->col[i];
            if (c->kind == COL_VALUE && !c->is_power && c->power_rank > 0 &&
                (!best || c->power_rank > best->power_rank) &&
                finite_count(tr->ch[c->chan].v, tr->nr))
                best = c;
        }
        if (!best) {
            none += tr->nr > 0;
            continue;
        }
        tmp = tr->ch[pc->chan].v;
        tr->ch[pc->chan].v = tr->ch[best->chan].v;
        tr->ch[best->chan].v = tmp;
        tr->ch[best->chan].name = br_arena_strdup(&tr->arena, pc->name);
        tr->power_source = br_arena_strdup(&tr->arena, best->name);
        if (!moved++)
            first = best;
    }
    if (moved)
        br_source_diag(nv->src, BR_NOTE, nv->gpu[0].tr->first_line, 1,
                       "%s holds no reading (N/A) on %zu GPU%s: the power there is %s",
                       pc->name, moved, moved == 1 ? "" : "s", first->name);
    if (none)
        br_source_diag(nv->src, BR_WARNING, nv->gpu[0].tr->first_line, 1,
                       "%s holds no reading (N/A) on %zu GPU%s, and no other power column "
                       "does: no power recorded there (the GPU or its driver gives none)",
                       pc->name, none, none == 1 ? "" : "s");
}

/*
 * A power column whose median reading over all GPUs is more than any one GPU
 * draws: named as watts, or as nothing, but holding milliwatts (a home-made
 * logger writing what NVML's nvmlDeviceGetPowerUsage returns under "power" or
 * "power_W"). Which unit it is the file does not say, so no GPU's power is read,
 * with the reason, rather than kilowatts for the GPUs under the impossible limit.
 */
static void milliwatts_power(struct nvsmi *nv)
{
    size_t n = 0, cap = 0, over = 0;
    double *all = NULL, med;
    const char *name = NULL;

    /* the median is over the limit when half the readings or more are: counted first,
     * so that a trace of millions of samples is not copied and sorted to learn it is not */
    for (size_t g = 0; g < nv->ngpu; g++) {
        const struct br_trace *tr = nv->gpu[g].tr;
        long ch = br_trace_find_channel(tr, "power");
        for (size_t i = 0; ch >= 0 && i < tr->nr; i++) {
            n += !isnan(tr->ch[ch].v[i]);
            over += tr->ch[ch].v[i] > NVSMI_GPU_MAX_W;
        }
    }
    if (!n || over < n - n / 2)
        return;
    n = 0;
    for (size_t g = 0; g < nv->ngpu; g++) {
        const struct br_trace *tr = nv->gpu[g].tr;
        long ch = br_trace_find_channel(tr, "power");
        if (ch < 0)
            continue;
        if (!name)
            name = tr->power_source;
        BR_GROW(all, n + tr->nr, cap);
        for (size_t i = 0; i < tr->nr; i++)
            if (!isnan(tr->ch[ch].v[i]))
                all[n++] = tr->ch[ch].v[i];
    }
    if (!n)
        goto out;
    qsort(all, n, sizeof(*all), br_cmp_double);
    med = all[n / 2];
    if (med <= NVSMI_GPU_MAX_W)
        goto out;
    for (size_t g = 0; g < nv->ngpu; g++) {
        struct br_trace *tr = nv->gpu[g].tr;
        long ch = br_trace_find_channel(tr, "power");
        for (size_t i = 0; ch >= 0 && i < tr->nr; i++)
            tr->ch[ch].v[i] = NAN;
    }
    br_source_diag(nv->src, BR_WARNING, nv->gpu[0].tr->first_line, 1,
                   "%s '%s'%s read%s as watts, but %s median reading, %g W, is more than one "
                   "GPU draws (milliwatts under a name in W, as NVML gives them?): not read",
                   nv->wide ? "the power columns" : "column", name ? name : "power",
                   nv->wide ? ", ..." : "", nv->wide ? "" : "s", nv->wide ? "their" : "its",
                   med);
out:
    free(all);
}

/* What the GPUs read under one header get at its end (the file's, or a new header's). */
static void close_segment(struct nvsmi *nv)
{
    /* (a trace with a daylight-saving fold keeps its rows: the fold is its index) */
    if (nv->index_col < 0 && nv->uuid_col < 0 && !nv->wide && nv->ngpu == 1 &&
        nv->time_col >= 0 && !nv->gpu[0].tr->fold_line &&
        !(nv->guessed && split_by_index_values(nv)))
        split_interleaved(nv);
    empty_power_fallback(nv);
    if (nv->unsplit)
        bursts_unsplit(nv, nv->gpu[0].tr);
    if (nv->second_bursts)
        second_bursts_unread(nv, nv->gpu[0].tr, nv->second_bursts);
    nv->unsplit = 0;
    nv->second_bursts = 0;
    milliwatts_power(nv);
    elapsed_went_back(nv);
    for (size_t i = 0; i < nv->ngpu; i++)
        set_power_window(nv, nv->gpu[i].tr);
    if (nv->index2_col >= 0 && nv->ngpu && !nv->wide)
        name_pair_devices(nv);
    limit_before_draw(nv);
}

/*
 * A header with other columns among the rows: another recording appended
 * with >> and another --query-gpu. The GPUs read so far are closed, and the
 * rows that follow are read with the new columns into traces of their own,
 * with a note. 1 when `line` is such a header.
 */
/* How the time column of the header just read was read, when not as a timestamp. */
static void time_note(const struct nvsmi *nv)
{
    if (nv->time_kind == TIME_EPOCH)
        br_source_diag(nv->src, BR_NOTE, 1, 1, "time from column '%s'%s", nv->time_name,
                       nv->time_words);
    else if (nv->time_kind == TIME_ELAPSED)
        br_source_diag(nv->src, BR_NOTE, 1, 1, "time from column '%s' (%s from the start: no "
                       "clock time)", nv->time_name,
                       nv->elapsed_unit < 1e-6   ? "nanoseconds"
                       : nv->elapsed_unit < 1e-3 ? "microseconds"
                       : nv->elapsed_unit < 1    ? "milliseconds"
                                                 : "seconds");
    else if (nv->time_kind == TIME_OF_DAY)
        br_source_diag(nv->src, BR_NOTE, 1, 1,
                       "time from column '%s' (a time of day without a date: no clock time)",
                       nv->time_name);
}

static int new_header(struct nvsmi *nv, const char *line, size_t len, unsigned lineno)
{
    struct nvsmi *probe;
    size_t nf = split(nv, line, len);
    int ok;

    /* what try_header() asks first, on the fields at hand: a bad row costs no probe */
    if (nf > NVSMI_MAX_COLS)
        return 0;
    for (size_t i = 0; i < nf; i++)
        if (nv->f[i].n == 0 || looks_like_data(nv->f[i].p, nv->f[i].n) ||
            !plausible_name(nv->f[i].p, nv->f[i].n))
            return 0;
    probe = br_xcalloc(1, sizeof(*probe));
    ok = try_header(probe, line, len);
    free(probe->header);
    free(probe);
    if (!ok)
        return 0;
    close_segment(nv);
    /* the new header's first row settles its own time column (settle_time()) */
    time_note(nv);
    nv->time_kind = TIME_STAMP;
    nv->time_words = NULL;
    nv->zoned = 0;
    memset(&nv->tod, 0, sizeof(nv->tod));
    memset(nv->gpu, 0, sizeof(nv->gpu));
    nv->ngpu = nv->last_gpu = nv->nchan = nv->round = 0;
    nv->settled = nv->guessed = 0;
    free(nv->header);
    nv->header = NULL;
    try_header(nv, line, len);
    br_source_diag(nv->src, BR_NOTE, lineno, 1,
                   "a header with other columns (another recording appended): the rows "
                   "after it are read with its columns, as traces of their own");
    return 1;
}

static int finish(struct nvsmi *nv, unsigned lines)
{
    if (!nv->header && nv->unitless) {
        br_source_diag(nv->src, BR_ERROR, 1, 1,
                       "no header line, and no value says which column is the power "
                       "(--format=csv,noheader,nounits?): name the columns with --columns, "
                       "such as --columns timestamp,power.draw");
        return -1;
    }
    if (!nv->header) {
        br_source_diag(nv->src, BR_ERROR, lines ? 1 : 0, lines ? 1 : 0,
                       "no nvidia-smi header line with a power column (such as "
                       "'timestamp, power.draw [W]') found");
        return -1;
    }
    if (br_restart_end(&nv->restart, nv->src) < 0)
        return -1;
    close_segment(nv);
    if (nv->nrows == 0 && nv->o && nv->o->columns) {
        br_source_diag(nv->src, BR_ERROR, lines, 1,
                       "no sample read with the %zu columns --columns names", nv->ncol);
        return -1;
    }
    if (nv->nrows == 0) {
        br_source_diag(nv->src, BR_ERROR, lines, 1, "header but no data lines");
        return -1;
    }
    if (nv->ncomment)
        br_source_diag(nv->src, BR_NOTE, nv->first_comment, 1,
                       "%zu comment line%s ('#') among the rows skipped", nv->ncomment,
                       nv->ncomment == 1 ? "" : "s");
    time_note(nv);
    if (nv->time_col < 0) {
        if (nv->o && nv->o->interval_s > 0)
            br_source_diag(nv->src, BR_NOTE, 1, 1,
                           "no timestamp column: sample times are %g s apart from 0 (--interval)",
                           nv->o->interval_s);
        else if (nv->unread[0] && slash_date(nv->unread, strlen(nv->unread)))
            br_source_diag(nv->src, BR_WARNING, 1, 1,
                           "the timestamp column holds '%s', no time benchreport reads (a date "
                           "with slashes is month/day or day/month, as a spreadsheet re-saves "
                           "it): samples keep their order but have no times (give --interval "
                           "MS)", nv->unread);
        else if (nv->unread[0])
            br_source_diag(nv->src, BR_WARNING, 1, 1,
                           "the timestamp column holds '%s', no time benchreport reads: "
                           "samples keep their order but have no times (give --interval MS)",
                           nv->unread);
        else
            br_source_diag(nv->src, BR_WARNING, 1, 1,
                           "no timestamp column: samples keep their order but have no times "
                           "(give --interval MS)");
    }
    return 0;
}

/*
 * Files written with --format=csv,noheader have no header line, but their
 * values carry units: "2026/04/25 16:06:06.780, 0 %, 2 MiB, 27, 11.64 W".
 * Each field of the first row is classified by its value alone, and the
 * columns get the names a header would have given them where the value
 * says (the time, the power in W) and neutral names elsewhere ("column3"
 * with its unit): a header-less row never tells utilization.gpu from
 * utilization.memory, so no such name is invented.
 */
enum guess { G_TEXT, G_TIME, G_WATTS, G_UNIT, G_NUMBER, G_MISSING, G_UUID, G_BUSID };

static int is_busid(const char *p, size_t n)
{
    size_t colons = 0;
    for (size_t i = 0; i < n; i++) {
        if (p[i] == ':')
            colons++;
        else if (!isxdigit((unsigned char)p[i]) && p[i] != '.')
            return 0;
    }
    return colons >= 1 && n >= 7;
}

static enum guess guess_field(const char *p, size_t n, char *unit, size_t usize)
{
    struct br_time t;
    double v;

    unit[0] = '\0';
    if (is_missing(p, n))
        return G_MISSING;
    if (br_time_parse(p, n, &t) == n)
        return G_TIME;
    if (scan_value(p, n, &v) == NULL) {
        value_unit(p, n, unit, usize);
        if (!unit[0])
            return G_NUMBER;
        return !strcmp(unit, "W") ? G_WATTS : G_UNIT;
    }
    if (n > 4 && !memcmp(p, "GPU-", 4))
        return G_UUID;
    if (is_busid(p, n))
        return G_BUSID;
    return G_TEXT;
}

/*
 * Tries `line` as the first row of a header-less nvidia-smi CSV. Returns 1
 * and appends the header it stands for to `hdr` and what was taken for what
 * to `what` when it has a time and a value in W; 0 otherwise.
 */
static int guess_columns(struct nvsmi *nv, const char *line, size_t len, struct br_buf *hdr,
                         struct br_buf *what)
{
    size_t nf = split(nv, line, len);
    int have_time = 0, have_power = 0, have_name = 0, have_key = 0;
    enum guess g[NVSMI_MAX_COLS];
    char units[NVSMI_MAX_COLS][16];

    if (nf < 2 || nf > NVSMI_MAX_COLS)
        return 0;
    for (size_t i = 0; i < nf; i++) {
        if (nv->f[i].n == 0 || nv->f[i].n > 64)
            return 0;
        g[i] = guess_field(nv->f[i].p, nv->f[i].n, units[i], sizeof(units[i]));
        have_time |= g[i] == G_TIME;
        have_power |= g[i] == G_WATTS;
    }
    if (!have_time || !have_power) {
        /* one time and nothing but bare numbers: noheader,nounits (a log line such
         * as "2024-05-01 10:00:00,123 INFO ..." is not) */
        size_t times = 0;
        int bare = nf >= 2;
        for (size_t i = 0; i < nf && bare; i++) {
            times += g[i] == G_TIME;
            bare = g[i] == G_TIME || g[i] == G_NUMBER || g[i] == G_MISSING;
        }
        bare = bare && times == 1;
        nv->unitless = bare;
        return 0;
    }
    br_buf_addstr(what, "no header line; columns read from their values:");
    for (size_t i = 0; i < nf; i++) {
        size_t c = i + 1;
        if (i)
            br_buf_addstr(hdr, ", ");
        switch (g[i]) {
        case G_TIME:
            if (have_time == 1) {
                br_buf_addstr(hdr, "timestamp");
                br_buf_addf(what, " %zu time", c);
                have_time = 2;
                break;
            }
            br_buf_addf(hdr, "column%zu", c);
            br_buf_addf(what, " %zu text", c);
            break;
        case G_WATTS:
            if (have_power == 1) {
                br_buf_addstr(hdr, "power.draw");
                br_buf_addf(what, " %zu power (the first value in W)", c);
                have_power = 2;
                break;
            }
            br_buf_addf(hdr, "column%zu [W]", c);
            br_buf_addf(what, " %zu W (not taken as the power)", c);
            break;
        case G_UNIT:
            br_buf_addf(hdr, "column%zu", c);
            br_buf_addf(what, " %zu %s", c, units[i]);
            break;
        case G_NUMBER:
            if (i == 0 && nf > 1 && g[1] == G_TIME) {
                /* --query-gpu=index,timestamp,...: the index leads */
                br_buf_addstr(hdr, "index");
                br_buf_addf(what, " %zu GPU index", c);
                have_key = 1;
                break;
            }
            br_buf_addf(hdr, "column%zu", c);
            br_buf_addf(what, " %zu number", c);
            break;
        case G_MISSING:
            br_buf_addf(hdr, "column%zu", c);
            br_buf_addf(what, " %zu missing", c);
            break;
        case G_UUID:
        case G_BUSID:
            if (!have_key) {
                br_buf_addstr(hdr, g[i] == G_UUID ? "uuid" : "pci.bus_id");
                br_buf_addf(what, " %zu GPU %s", c, g[i] == G_UUID ? "uuid" : "bus id");
                have_key = 1;
                break;
            }
            br_buf_addf(hdr, "column%zu", c);
            br_buf_addf(what, " %zu text", c);
            break;
        case G_TEXT:
            if (!have_name) {
                br_buf_addstr(hdr, "name");
                br_buf_addf(what, " %zu GPU name", c);
                have_name = 1;
                break;
            }
            br_buf_addf(hdr, "column%zu", c);
            br_buf_addf(what, " %zu text", c);
            break;
        }
        if (i + 1 < nf)
            br_buf_addch(what, ',');
    }
    return 1;
}

/* Sets the columns from --columns ("timestamp,power.draw,..."): every line is then data. */
static int given_columns(struct nvsmi *nv, const char *cols)
{
    struct br_buf hdr = BR_BUF_INIT;
    int ok;

    for (const char *p = cols; *p; p++) {
        if (*p == ',' || *p == ' ' || *p == ';') {
            if (hdr.len && hdr.buf[hdr.len - 1] != ',')
                br_buf_addch(&hdr, ',');
        } else {
            br_buf_addch(&hdr, *p);
        }
    }
    ok = hdr.len && try_header(nv, hdr.buf, hdr.len);
    br_buf_release(&hdr);
    return ok;
}

/* A line of names only: the header that --columns stands in for, or a repeat of it. */
static int all_names(struct nvsmi *nv, const char *line, size_t len)
{
    size_t nf = split(nv, line, len);
    if (nf > NVSMI_MAX_COLS)
        return 0;
    for (size_t i = 0; i < nf; i++)
        if (looks_like_data(nv->f[i].p, nv->f[i].n) || !plausible_name(nv->f[i].p, nv->f[i].n))
            return 0;
    return 1;
}

/*
 * The first line of a file with no header found yet: a header-less row
 * sets the columns from its values. Returns 1 when it did (the line is
 * then data).
 */
static int headerless(struct nvsmi *nv, const char *line, size_t len, unsigned lineno)
{
    struct br_buf hdr = BR_BUF_INIT, what = BR_BUF_INIT;
    int ok = 0;

    if (guess_columns(nv, line, len, &hdr, &what) && try_header(nv, hdr.buf, hdr.len)) {
        br_source_diag(nv->src, BR_NOTE, lineno, 1, "%s", what.buf);
        nv->guessed = 1;
        ok = 1;
    }
    br_buf_release(&hdr);
    br_buf_release(&what);
    return ok;
}

static int nvsmi_parse(struct br_lines *in, struct br_source *src, const struct br_parse_opts *o)
{
    struct nvsmi *nv = br_xcalloc(1, sizeof(*nv));
    const char *line;
    size_t len;
    unsigned skipped = 0;
    double t = 0;
    int r, ret;

    nv->src = src;
    nv->o = o;
    if (o && o->columns && !given_columns(nv, o->columns)) {
        br_source_diag(src, BR_ERROR, 0, 0,
                       "--columns '%.80s' names no power column (such as power.draw)",
                       o->columns);
        free(nv);
        return -1;
    }
    while ((r = br_lines_next(in, &line, &len)) > 0) {
        if (in->truncated) {
            br_source_diag(src, BR_ERROR, in->lineno, 1, "line longer than %u bytes skipped",
                           BR_MAX_LINE);
            continue;
        }
        if (o && o->columns && !nv->nrows && !nv->settled && all_names(nv, line, len)) {
            br_source_diag(src, BR_WARNING, in->lineno, 1,
                           "header line skipped: --columns names the columns");
            continue;
        }
        if (!nv->header && skipped == 0 && len && headerless(nv, line, len, in->lineno)) {
            data_row(nv, in->lineno, split(nv, line, len), in->no_newline);
            continue;
        }
        if (!nv->header) {
            if (try_header(nv, line, len)) {
                if (skipped)
                    br_source_diag(src, BR_WARNING, 1, 1,
                                   "%u line%s before the header skipped", skipped,
                                   skipped == 1 ? "" : "s");
                continue;
            }
            if (++skipped >= NVSMI_MAX_PREAMBLE)
                break;
            continue;
        }
        if (len == 0 || (len == 1 && line[0] == '\r'))
            continue;
        if (is_repeated_header(nv, line, len)) {
            br_source_diag(src, BR_WARNING, in->lineno, 1,
                           "repeated header skipped (recordings appended with >>)");
            continue;
        }
        if (line[0] == '#') {   /* "# phase 2": a logger's note between its rows */
            if (!nv->ncomment++)
                nv->first_comment = in->lineno;
            continue;
        }
        if (nv->settled && !nv->timeless && fast_row(nv, line, len, &t)) {
            file_row(nv, t, in->lineno);
        } else {
            size_t nf = split(nv, line, len);
            if ((nf != nv->ncol || !looks_like_data(nv->f[0].p, nv->f[0].n)) &&
                new_header(nv, line, len, in->lineno))
                continue;
            data_row(nv, in->lineno, nf, in->no_newline);
        }
        if (nv->restart.line)
            break;   /* a second recording: finish() refuses the file's traces */
    }
    ret = finish(nv, in->lineno);
    free(nv->header);
    free(nv);
    return ret;
}

/* The first line of `head`, without its line end. */
static size_t first_line(const char *head, size_t n)
{
    const char *nl = memchr(head, '\n', n);
    size_t len = nl ? (size_t)(nl - head) : n;
    if (len && head[len - 1] == '\r')
        len--;
    return len;
}

/*
 * A first line that looks like a header-less nvidia-smi row this reader
 * cannot take, for inspect -v: values with nvidia-smi's units but none in W
 * (no power was queried), or a time, a GPU name and bare numbers
 * (noheader,nounits with the name: the columns need naming). Says which in
 * `why` and returns 20 (not enough to be picked); 0 when it is neither.
 */
static int headerless_without_power(struct nvsmi *nv, const char *line, size_t len,
                                    struct br_buf *why)
{
    size_t nf = split(nv, line, len), units = 0, times = 0, text = 0, numbers = 0;
    char unit[16];

    if (nf < 2 || nf > NVSMI_MAX_COLS)
        return 0;
    for (size_t i = 0; i < nf; i++) {
        enum guess g;
        if (nv->f[i].n == 0 || nv->f[i].n > 64)
            return 0;
        g = guess_field(nv->f[i].p, nv->f[i].n, unit, sizeof(unit));
        if (g == G_UNIT && strcmp(unit, "%") && strcmp(unit, "MiB") && strcmp(unit, "MHz"))
            return 0;   /* only the units nvidia-smi prints */
        units += g == G_UNIT;
        times += g == G_TIME;
        text += g == G_TEXT;
        numbers += g == G_NUMBER;
    }
    if (units && units + times + numbers + text == nf && text <= 1 && times <= 1) {
        br_buf_addstr(why, "line 1 is a header-less nvidia-smi row with values in %, MiB or "
                           "MHz and none in W: no power was recorded (add power.draw to "
                           "--query-gpu)");
        return 20;
    }
    if (times == 1 && text == 1 && numbers + 2 == nf && numbers >= 2 && nv->f[0].n >= 19) {
        br_buf_addstr(why, "line 1 is a header-less row of a time, a name and bare numbers "
                           "(nvidia-smi noheader,nounits?): name its columns with --columns "
                           "(power.draw among them)");
        return 20;
    }
    return 0;
}

/*
 * The first lines (up to five) are bare numbers and nothing else, one or more
 * a line: what --format=csv,noheader,nounits writes for power.draw alone or
 * with other numeric fields and no timestamp. Says how to read it (20), or 0.
 */
static int bare_numbers(struct nvsmi *nv, const char *head, size_t n, struct br_buf *why)
{
    const char *p = head, *end = head + n;
    unsigned lines = 0;
    char unit[16];

    while (p < end && lines < 5) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = (size_t)((nl ? nl : end) - p), nf;

        if (len && p[len - 1] == '\r')
            len--;
        if (len == 0 || len >= 4096)
            return 0;
        nf = split(nv, p, len);
        if (nf == 0 || nf > NVSMI_MAX_COLS)
            return 0;
        for (size_t i = 0; i < nf; i++)
            if (nv->f[i].n == 0 || nv->f[i].n > 32 ||
                guess_field(nv->f[i].p, nv->f[i].n, unit, sizeof(unit)) != G_NUMBER)
                return 0;
        lines++;
        if (!nl)
            break;
        p = nl + 1;
    }
    if (lines < 2)
        return 0;
    /* a CPU's logger writes such rows too (rapl-tools' pkg,pp0,pp1,dram,seconds) */
    br_buf_addstr(why, "the first lines are bare numbers and no header (nvidia-smi "
                       "noheader,nounits?): if nvidia-smi's, name the columns with --columns "
                       "(power.draw among them) and give their spacing with --interval; if "
                       "another tool's, a header line naming each column with its unit "
                       "(package_W, time_s) makes it a power log");
    return 20;
}

/*
 * Scores a file whose first line is data: a header-less nvidia-smi row, or
 * a row of as many fields as --columns names. 0 when neither.
 */
static int sniff_headerless(const char *head, size_t n, const struct br_parse_opts *o,
                            struct br_buf *why)
{
    size_t len = first_line(head, n);
    struct nvsmi *probe;
    struct br_buf hdr = BR_BUF_INIT, what = BR_BUF_INIT;
    int s = 0;

    if (len == 0 || len >= 4096)
        return 0;
    probe = br_xcalloc(1, sizeof(*probe));
    if (o && o->columns) {
        size_t nf = split(probe, head, len);
        if (given_columns(probe, o->columns) && nf == probe->ncol) {
            br_buf_addf(why, "line 1 has the %zu fields --columns names", nf);
            s = 90;
        }
    } else if (guess_columns(probe, head, len, &hdr, &what)) {
        br_buf_addstr(why, "line 1 is a header-less row with a time and a value in W");
        s = 80;
    } else if (probe->unitless) {
        br_buf_addstr(why, "line 1 is a time and bare numbers (noheader,nounits?)");
        s = 55;
    } else {
        s = headerless_without_power(probe, head, len, why);
        if (!s)
            s = bare_numbers(probe, head, n, why);
    }
    free(probe->header);
    free(probe);
    br_buf_release(&hdr);
    br_buf_release(&what);
    return s;
}

/* A line of nvidia-smi query names ("utilization.gpu [%]") that has no power column. */
static int names_without_power(struct nvsmi *nv, const char *line, size_t len)
{
    size_t nf = split(nv, line, len);
    int known = 0;

    if (nf < 2 || nf > NVSMI_MAX_COLS)
        return 0;
    for (size_t i = 0; i < nf; i++) {
        const char *p = nv->f[i].p;
        if (looks_like_data(p, nv->f[i].n) || !plausible_name(p, nv->f[i].n))
            return 0;
        known |= has_prefix_ci(p, "utilization.") || has_prefix_ci(p, "memory.") ||
                 has_prefix_ci(p, "temperature.") || has_prefix_ci(p, "clocks.") ||
                 has_prefix_ci(p, "pci.bus_id");
    }
    return known;
}

/*
 * A header whose power is not one of nvidia-smi's own fields and that names its
 * device in a column nvidia-smi never writes (`device`, `card`, `node`, `host`:
 * rocm-smi's cardN, a cluster's node names; `sensor`, `station`, `meter`), or
 * that has a mains meter's `voltage` and `current` (with their units or not:
 * `voltage_V`, a USB meter's), is a power log of another tool, left to powercsv.
 */
static int foreign_device_column(const struct nvsmi *nv)
{
    static const char *const keys[] = { "device", "card", "node", "host", "hostname",
                                        /* hardware monitors, meters polled in turn */
                                        "sensor", "sensor_name", "station", "stationid",
                                        "station_id", "meter", "meter_id", "plug", "outlet",
                                        /* a mains meter's readings beside its power */
                                        "voltage", "current", "power_factor", "energy_kwh",
                                        /* a date apart from the time: a spreadsheet's */
                                        "date" };

    if (nv->col[nv->power_col].power_rank >= 2)
        return 0;
    for (size_t i = 0; i < nv->ncol; i++)
        for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
            size_t kn = strlen(keys[k]);
            const char *name = nv->col[i].name;
            /* the key alone, or with its unit after it ("voltage_V", "current (A)") */
            if (!strncasecmp(name, keys[k], kn) &&
                (!name[kn] || strchr("_ ([", name[kn])))
                return 1;
        }
    return 0;
}

/*
 * A header of a logger's own that names no GPU: a power column named without
 * nvidia-smi's "power.draw" ("power", "power_watts") in a header whose commas
 * have no blank after them (nvidia-smi writes ", " between every two fields),
 * with a column beside the time and the power, and no column naming what a GPU
 * reports (gpu, util, temp, mem, draw, clock, fan, pstate): a smart plug's
 * "timestamp,power,coffee_brewed". The power CSV reader takes it, as a whole
 * machine's (node), not a GPU 0.
 */
static int own_writer(const struct nvsmi *nv, const char *line, size_t len)
{
    static const char *const gpu_words[] = { "gpu", "util", "temp", "mem", "draw", "clock",
                                             "fan", "pstate" };

    if (nv->col[nv->power_col].power_rank >= 2 || nv->ncol < 3 || !memchr(line, ',', len) ||
        memmem(line, len, ", ", 2))
        return 0; /* "timestamp,power_W" alone: a GPU's, as most such loggers' are */
    for (size_t i = 0; i < nv->ncol; i++)
        for (size_t k = 0; k < sizeof(gpu_words) / sizeof(gpu_words[0]); k++)
            if (strcasestr(nv->col[i].name, gpu_words[k]))
                return 0;
    return 1;
}

static int nvsmi_sniff(const char *head, size_t n, const struct br_parse_opts *o,
                       struct br_buf *why)
{
    const char *p = head, *end = head + n;
    unsigned lines = 0, nopower_line = 0;
    int s, hs;
    struct br_buf hwhy = BR_BUF_INIT;

    while (p < end && isspace((unsigned char)*p))
        p++;
    if (p < end && (*p == '{' || *p == '[') && br_starts_json(p, end)) {
        /* JSON (a config, a report of readings) may quote "power.draw" on a line of its
         * own: never a CSV header */
        br_buf_addstr(why, "a JSON document, not CSV");
        return 0;
    }
    p = head;
    /* a header-less row this reader cannot take (hs < 50) still lets a header follow */
    if ((hs = sniff_headerless(head, n, o, &hwhy)) >= 50) {
        br_buf_addstr(why, hwhy.buf);
        br_buf_release(&hwhy);
        return hs;
    }

    while (p < end && lines < 60) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end;
        size_t len = (size_t)(le - p);

        if (len && p[len - 1] == '\r')
            len--;
        if (len && len < 4096) {
            struct nvsmi *probe = br_xcalloc(1, sizeof(*probe));
            if (try_header(probe, p, len)) {
                s = probe->wide ? 60 : probe->col[probe->power_col].power_rank >= 2 ? 95 : 70;
                /* a time from the start only ("elapsed_s") is as weak as none: powercsv
                 * reads "t_s" or "time_ms" beside a power column its own way */
                if (probe->time_col < 0 || probe->elapsed_unit > 0)
                    s -= 10;
                if (!probe->wide && (foreign_device_column(probe) ||
                                     own_writer(probe, p, len)))
                    s = 60;
                br_buf_addf(why, "line %u is a header with %s%s", lines + 1,
                            probe->wide ? "per-GPU power columns"
                                        : probe->col[probe->power_col].name,
                            !probe->wide && foreign_device_column(probe)
                                ? " and a column nvidia-smi never writes"
                                : "");
                free(probe->header);
                free(probe);
                br_buf_release(&hwhy);
                return s;
            }
            if (!nopower_line && names_without_power(probe, p, len))
                nopower_line = lines + 1;
            free(probe);
        }
        lines++;
        if (!nl)
            break;
        p = nl + 1;
    }
    if (nopower_line) {
        /* the header may follow a shell's prompt and the command (a cmd.exe loop's log) */
        br_buf_addf(why, "line %u is an nvidia-smi header with no power column (add "
                         "power.draw to --query-gpu)",
                    nopower_line);
        br_buf_release(&hwhy);
        return 20;
    }
    if (hs > 0) {
        br_buf_addstr(why, hwhy.buf);
        br_buf_release(&hwhy);
        return hs;
    }
    br_buf_release(&hwhy);
    br_buf_addstr(why, "no CSV header with a power column in the first lines");
    return 0;
}

const struct br_parser br_parser_nvsmi = {
    .name = "nvsmi",
    .what = "nvidia-smi --query-gpu CSV (any columns, long or wide layout, noheader too)",
    .sniff = nvsmi_sniff,
    .parse = nvsmi_parse,
};
