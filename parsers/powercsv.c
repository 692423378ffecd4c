/*
 * powercsv.c: power logs that are not nvidia-smi: what IPMI/BMC pollers, PDU
 * exports and home-made NVML loggers write. A header line names a time
 * column and one or more columns whose name or unit says watts
 * (`n1_watts,n2_watts,total_watts`, `power_W`, `Power (W)`, `gpu0_power`,
 * `cpu_mW`); rows follow, separated by commas, semicolons or tabs, with
 * integer or decimal watts at whatever spacing the logger managed.
 *
 * One trace per watt column (milliwatt and kilowatt columns are scaled to
 * W), named after its column, its domain guessed from the name (gpu, cpu,
 * dram, else node). A column that equals the sum of the other watt columns
 * on every row, to the precision they are printed with, is their total:
 * it is kept as one trace of domain "total" (listed last), never counted as
 * one more device. A note says which column was taken for what.
 *
 * jtop's log (jetson-stats: uptime, CPU1, RAM, "Power VDD_IN", "Power TOT")
 * names no unit but writes milliwatts: its power columns are read so, with
 * the tegrastats reader's domains (jtop_header(), jtop_domain()). So does
 * pinpoint's continuous output, a header of "source:counter" names and no
 * time (pinpoint_header(), pinpoint_domain()); a row with a cell that is no
 * whole number is the measured program's output, skipped with a warning
 * (pinpoint_foreign()).
 *
 * PowerJoular's CSV ("Date,CPU Utilization,Total Power,CPU Power,GPU Power", or its PID
 * file's "Date,CPU Utilization,CPU Power") with milliseconds writes its own date: fields
 * unpadded, a blank before each in some versions, the milliseconds a whole number after the
 * seconds' dot (" 2025- 6- 21  18: 32: 54. 78" is 18:32:54.078: powerjoular_stamp()).
 *
 * nvidia-smi's own CSV (power.draw, an index column) stays with nvsmi.c,
 * which scores higher for it.
 *
 * Up to PC_MAX_COLS columns: `amd-smi metric --csv` with clocks and
 * temperatures writes 95 (gpu, socket_power, then one per clock domain), and
 * of several GPUs their blocks side by side, each beginning with its own gpu
 * column (762 for eight): each power column is then the device its block's
 * gpu column names (block_key), not the first block's. A
 * header of names with a column in watts but more columns than that is
 * refused with a message saying so, and inspect -v names this reader.
 *
 * A time column of dates with dashes ("08-09-2025 13:25:27", a Jetson's tegrastats
 * parsed into a CSV) is read day or month first as its values prove (a field over 12
 * on some row: dashed_dates()); when every date reads both ways, no times, and the
 * warning says nothing tells the order.
 *
 * A device column that counts the rows (one more each row, each row later: a
 * tegrastats CSV's 'Index' beside 'Time (mS)') is no device column (count_key());
 * one that names a device of one row on most rows, each row later, is refused
 * (one_row_devices()).
 *
 * A row earlier than the row before (its device's, in a long layout) is
 * an error and not read. Three or more such rows in a row are a second
 * recording in the same file (two loggers writing it at once: burner's
 * power.csv; see model/restart.h): no trace is read, and one error names
 * the line where it starts.
 */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model/alloc.h"
#include "model/buf.h"
#include "model/num.h"
#include "model/restart.h"
#include "model/fields.h"
#include "model/hwname.h"
#include "model/timefmt.h"
#include "parsers/lookslike.h"
#include "parsers/decimal.h"
#include "parsers/parser.h"
#include "model/banned.h"

#define PC_MAX_COLS 1024
#define PC_MAX_HEADER 16384   /* bytes of a header line the sniff tries (762 columns: 11 KB) */
#define PC_MAX_PREAMBLE 50   /* lines searched for the header */
/* ... after turbostat's version line: its dump of the processor's registers, a few
 * lines for each CPU, comes before the table */
#define PC_MAX_TURBOSTAT_PREAMBLE 2000
#define PC_NAME 64
#define PC_MAX_KEYS 256   /* devices in a long layout */

struct pcol {
    char name[PC_NAME];      /* the header field, trimmed, quotes removed */
    double scale;            /* to watts; 0: not a power column */
    int decimals;            /* most decimals printed in this column */
    int is_sum;              /* 1: the sum of the others; 2: named a total, is not the sum */
    int is_time;             /* its name says time: a candidate time column */
    int unit_in_values;      /* a value carried its unit ("61.2 W") */
    int shared;              /* long layout: one value per instant on every device's row (the
                              * machine's, such as a CPU or a total): one trace, not one each */
    double *v;               /* one value per row (NaN: missing) */
    long volt, curr;         /* "X-IN_VOLTAGE", "X-IN_CURRENT" beside "X-IN_POWER", or -1 */
    long block_key;          /* the device column of its block when the header repeats the
                              * device column (amd-smi's GPUs side by side), or -1 */
    char block_dev[PC_NAME]; /* that column's value on the first row ("" before) */
    double vi_ratio;         /* the sum over rows of power / (volts x amps) as printed */
    size_t vi_n;
};

struct pc {
    struct br_source *src;
    const struct br_parse_opts *o;
    char sep;
    int comma;               /* values write a decimal comma (a ';'-separated file) */
    int dec_comma;           /* the file's head writes numbers with one (decimal.h) */
    struct pcol col[PC_MAX_COLS];
    size_t ncol, npower;
    int codecarbon;         /* the header is CodeCarbon's emissions.csv */
    int blocks;             /* the device column comes again: blocks of devices side by side */
    int trailing_sep;       /* the header ends with a separator: so may its rows */
    int jtop;               /* the header is jtop's stats (jtop_header()): its power in mW */
    int powerjoular;        /* the header is PowerJoular's (powerjoular_stamp()); 2 when its
                             * dates hold milliseconds */
    int pinpoint;           /* the header is pinpoint's counters (pinpoint_header()): mW */
    long jtop_avg;          /* jtop 3's 'power avg' (a running average), or -1 */
    long per_run;           /* this column totals each row's run (see per_run_col), or -1 */
    long time_col;
    long date_col;          /* a separate date column ("Date","Time"), or -1 */
    int time_settled;       /* the first data row chose among the time-named columns */
    long unread_time;       /* no time column: a time-named column whose value is no time */
    char unread_value[48];  /* that value, on the first data row */
    double *dm_t[2];        /* each row's unread time as "NN-NN-YYYY HH:MM:SS" month first [0]
                             * and day first [1] (NaN: no date that way), while dm_bad is 0 */
    int dm_bad;             /* a row's unread time has another shape */
    unsigned dm_line[2];    /* the first line with no date read month first [0], day first [1] */
    int dm_ambiguous;       /* every date reads both ways */
    int zoned, elapsed;     /* elapsed: times are seconds from the start */
    double elapsed_unit;    /* elapsed: seconds per unit of the column (0.001 for "time_ms") */
    struct br_tod_clock tod;   /* elapsed 2 (a time of day): midnights crossed */
    const char *epoch_unit; /* times counted from 1970: " (epoch milliseconds)" and so on, or NULL */
    int summary;            /* reading stopped: a "Name = value" summary follows the samples,
                               or pinpoint's next run */
    int wide;               /* the last line tried was a header of more than PC_MAX_COLS */
    int unitless;           /* the last line tried was a header with a time column and no
                             * column in watts */
    long current;           /* ... and a column of current in amps ("current_mA"), or -1 */
    long bare_w;            /* ... and a column ending in "_w" with no device before it, or -1 */
    unsigned wide_line;     /* the first such line, or 0 */
    unsigned current_line;  /* the first header with current and no watts, or 0 */
    char current_name[PC_NAME];   /* its column of current */
    size_t nshort, nempty;  /* rows short of the header's last columns; rows with a time only */
    size_t ncomment;        /* '#' lines among the rows (a logger's notes) */
    unsigned first_comment;
    unsigned first_short, first_empty;
    long key_col;           /* a device column (long layout: one row per device), or -1 */
    long field_col;         /* DCGM's "GPUId,TimeStampUs,Field,Values": which quantity a
                             * row holds, its value in the one power column; or -1 */
    char field[PC_NAME];    /* the power field the rows read hold ("" before the first) */
    size_t nfield_other;    /* rows of other fields skipped (throttle reasons, clocks) */
    size_t nfield_power2;   /* rows of a second power field skipped */
    char field2[PC_NAME];   /* that field */
    int key_uncounted;      /* a row's device was no count: seen before, or not the last + 1 */
    double key_next;        /* the device column's value a count would have next */
    long key_counted;       /* 1 + the device column, dropped as a count of the rows; or 0 */
    char keys[PC_MAX_KEYS][PC_NAME];
    size_t key_round[PC_MAX_KEYS];  /* untimed long layout: 1 + the round of a key's last row */
    size_t key_row[PC_MAX_KEYS];    /* 1 + a key's last row, 0 before its first */
    size_t round;           /* untimed long layout: rounds of all devices begun, less one */
    size_t nheaders;        /* the header printed again among the rows (a looped tool) */
    int turbostat;          /* turbostat's columns (PkgWatt, RAMWatt, ...): one summary row
                             * per interval, then a row per package or CPU */
    long cpu_col;           /* turbostat's CPU column ('-' on the summary row), or -1 */
    int ts_summary_only;    /* turbostat --Summary: every row the machine's (see below) */
    size_t since_header;    /* turbostat: data rows since the last header */
    size_t nper_cpu;        /* turbostat: per-package and per-CPU rows skipped */
    unsigned first_per_cpu;
    unsigned first_header;
    size_t nkeys;
    double *t;
    unsigned *line;
    unsigned *key;          /* each row's device, an index into keys */
    size_t nr, alloc, valloc;
    struct br_restart restart;   /* rows that went back: out of order, or a second recording */
    struct br_time_cache tc;
};

static int has_ci(const char *s, const char *sub)
{
    return strcasestr(s, sub) != NULL;
}

static int ends_ci(const char *s, const char *suf)
{
    size_t n = strlen(s), k = strlen(suf);
    return n >= k && !strcasecmp(s + n - k, suf);
}

/* turbostat's power columns (--show PkgWatt,CorWatt,GFXWatt,RAMWatt,SysWatt). */
static const char *turbostat_domain(const char *name)
{
    static const char *const names[][2] = { { "PkgWatt", "cpu" },  { "CorWatt", "cores" },
                                            { "GFXWatt", "igpu" }, { "RAMWatt", "dram" },
                                            { "SysWatt", "node" } };
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (!strcmp(name, names[i][0]))
            return names[i][1];
    return NULL;
}

/* Whether [p, p + n) is one of turbostat's power columns alone ("PkgWatt"). */
static int lone_turbostat(const char *p, size_t n)
{
    char name[8];

    if (n != 7)
        return 0;
    memcpy(name, p, 7);
    name[7] = '\0';
    return turbostat_domain(name) != NULL;
}

/* The separator of a header line: the most frequent of , ; and tab. */
static char guess_sep(const char *p, size_t n)
{
    size_t c = 0, s = 0, t = 0;
    for (size_t i = 0; i < n; i++) {
        c += p[i] == ',';
        s += p[i] == ';';
        t += p[i] == '\t';
    }
    if (t > c && t >= s)
        return '\t';
    return s > c ? ';' : ',';
}

static int bare_watts(const char *name)
{
    return !strcasecmp(name, "mw") || !strcasecmp(name, "w") || !strcasecmp(name, "kw");
}

/* Watts per unit of a column named `name`; 0 when it is not a power column. */
/* "x_w", "x-w", "x w": watts, or a width ("kernel_w", "input_w"), by what x says. */
static int bare_w_suffix(const char *name)
{
    return ends_ci(name, "_w") || ends_ci(name, " w") || ends_ci(name, "-w");
}

/* A name that says what draws the power: "gpu0_w", "pkg_w", "node-w". */
static int says_device(const char *name)
{
    static const char *const words[] = { "gpu", "cpu", "pkg", "package", "dram", "soc", "node",
                                         "board", "total", "sys", "socket", "card", "chip",
                                         "psu", "server", "rack", "pdu", "ipmi", "bmc" };
    for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
        if (has_ci(name, words[i]))
            return 1;
    return 0;
}

/* Whether `name` has the word "sum" ("power_sum", "Sum (W)"), not inside another ("Consumption"). */
static int sum_word(const char *name)
{
    for (const char *p = name; *p; p++)
        if (!strncasecmp(p, "sum", 3) && (p == name || !isalnum((unsigned char)p[-1])) &&
            !isalpha((unsigned char)p[3]))
            return 1;
    return 0;
}

/*
 * Watts per unit of a word of `name` that is a unit of power between
 * separators ("VDD_GPU_SOC_mW_Current", "cpu mW avg"): 0.001 for mW, 1000
 * for kW; 0 when no word is.
 */
static double unit_word(const char *name)
{
    const char *p = name;

    while (*p) {
        size_t n = strcspn(p, "_- ()[].");
        if (n == 2 && !strncasecmp(p, "mw", 2))
            return 0.001;
        if (n == 2 && !strncasecmp(p, "kw", 2))
            return 1000;
        p += n;
        while (*p && strchr("_- ()[].", *p))
            p++;
    }
    return 0;
}

/* Whether a power column's name says its unit ("power_w", "Power (mW)", "watts"), not only "power". */
static int unit_named(const char *name)
{
    return unit_word(name) > 0 || bare_watts(name) || has_ci(name, "watt") || ends_ci(name, "(w)") ||
           ends_ci(name, "[w]") || ends_ci(name, "/w") || bare_w_suffix(name) ||
           ends_ci(name, "mw") || ends_ci(name, "(mw)") || ends_ci(name, "[mw]") ||
           ends_ci(name, "kw") || ends_ci(name, "(kw)") || ends_ci(name, "[kw]");
}

/*
 * A name with "power" in it that says another quantity and no unit of power: a
 * supply's "Power Supply Voltage (V)", "power_current_A", "power_temp", amd-smi's
 * "power.gfx_voltage" flattened from its JSON. ("current_power" is a power: a
 * current only when amps are named.)
 */
static int other_quantity(const char *name)
{
    static const char *const words[] = { "volt", "temp", "util", "freq", "clock", "fan" };
    static const char *const units[] = { "(v)", "[v]", "_v", "(mv)", "[mv]", "_mv", "(a)",
                                         "[a]", "_a", "(ma)", "[ma]", "_ma", "(c)", "[c]",
                                         "(%)", "[%]", "_pct", "_percent", "(mhz)", "_mhz" };

    for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
        if (has_ci(name, words[i]))
            return 1;
    for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
        if (ends_ci(name, units[i]))
            return 1;
    return 0;
}

static double power_scale(const char *name)
{
    static const char *const not_power[] = { "limit", "cap", "energy", "factor", "joule",
                                             "horsepower", /* a car's, in a dataset */
                                             "wh",    "kwh", "state",  "mode",   "max_power",
                                             "min_power", "enforced", "default",
                                             "management", /* amd-smi's power_management */
                                             /* a mains meter's volt-amperes, no watts
                                              * drawn ("Apparent Consumption/W", EL4000's) */
                                             "apparent", "reactive",
                                             /* Intel Power Gadget's power limits */
                                             "pl1", "pl2", "pl4" };
    if (br_metric_name(name, strlen(name)))     /* a power model's "power_loss" */
        return 0;
    for (size_t i = 0; i < sizeof(not_power) / sizeof(not_power[0]); i++)
        if (has_ci(name, not_power[i]) &&
            !(!strcmp(not_power[i], "wh") && !ends_ci(name, "wh") && !has_ci(name, "wh]") &&
              !has_ci(name, "wh)")))
            return 0;
    if (bare_watts(name))   /* a column named by its unit alone ("sec,mw") */
        return tolower((unsigned char)name[0]) == 'm' ? 0.001
               : tolower((unsigned char)name[0]) == 'k' ? 1000 : 1;
    if (has_ci(name, "milliwatt") || ends_ci(name, "_mw") || ends_ci(name, "(mw)") ||
        ends_ci(name, "[mw]") || ends_ci(name, " mw") || ends_ci(name, "/mw"))
        return 0.001;
    if (has_ci(name, "kilowatt") || ends_ci(name, "_kw") || ends_ci(name, "(kw)") ||
        ends_ci(name, "[kw]") || ends_ci(name, " kw") || ends_ci(name, "/kw"))
        return 1000;
    if (unit_word(name) > 0)   /* tegrastats parsed into "VDD_GPU_SOC_mW_Current" */
        return unit_word(name);
    if (!unit_named(name) && other_quantity(name))
        return 0;
    if (has_ci(name, "watt") || ends_ci(name, "(w)") || ends_ci(name, "[w]") ||
        ends_ci(name, "/w") || /* a meter's "Actual Consumption/W" */
        has_ci(name, "power") || (bare_w_suffix(name) && says_device(name)))
        return 1;
    return 0;
}

/*
 * The column named as `name` with its last "power" (any case) replaced by `word`, or -1:
 * "VDD_GPU_SOC-IN_VOLTAGE" for "VDD_GPU_SOC-IN_POWER".
 */
static long sibling(const struct pc *pc, size_t nf, const char *name, const char *word)
{
    char want[PC_NAME];
    const char *at = NULL;
    size_t pre, wl = strlen(word), post;

    for (const char *p = name; (p = strcasestr(p, "power")); p++)
        at = p;
    if (!at)
        return -1;
    pre = (size_t)(at - name);
    post = strlen(at + 5);
    if (pre + wl + post >= sizeof(want))
        return -1;
    memcpy(want, name, pre);
    memcpy(want + pre, word, wl);
    memcpy(want + pre + wl, at + 5, post + 1);
    for (size_t j = 0; j < nf; j++)
        if (!strcasecmp(pc->col[j].name, want))
            return (long)j;
    return -1;
}

/*
 * "power_current", "Power.Current": the word current after power, as a supply's
 * logger names its amps beside "power_voltage". ("current_power", "current power"
 * say the present power, and stay watts.)
 */
static int current_after_power(const char *name)
{
    const char *p = strcasestr(name, "power");

    return p && (p = strcasestr(p + 5, "current")) && !isalpha((unsigned char)p[7]) &&
           !isalpha((unsigned char)p[-1]);
}

/* A column of volts: "power_voltage", "Bus Voltage (V)", "vin_v". */
static int volt_name(const char *name)
{
    return has_ci(name, "volt") || ends_ci(name, "_v") || ends_ci(name, "(v)") ||
           ends_ci(name, "[v]");
}

/*
 * A power supply's "power_voltage,power_current": beside a column of volts, a
 * "power ... current" column named without a unit of power is its amps, not watts
 * (read as watts before, a wrong number). Returns how many columns it unset.
 */
static size_t amps_beside_volts(struct pc *pc, size_t nf)
{
    size_t k = 0;
    int volts = 0;

    for (size_t i = 0; i < nf; i++)
        volts |= volt_name(pc->col[i].name) && !pc->col[i].is_time;
    for (size_t i = 0; i < nf && volts; i++) {
        struct pcol *c = &pc->col[i];
        if (c->scale > 0 && !unit_named(c->name) && current_after_power(c->name)) {
            c->scale = 0;
            k++;
        }
    }
    return k;
}

/* Each power column's voltage and current columns, when the logger wrote both. */
static void vi_siblings(struct pc *pc, size_t nf)
{
    for (size_t i = 0; i < nf; i++) {
        struct pcol *c = &pc->col[i];
        c->volt = c->curr = -1;
        c->vi_ratio = 0;
        c->vi_n = 0;
        if (c->scale != 1)
            continue;
        c->volt = sibling(pc, nf, c->name, "VOLTAGE");
        c->curr = sibling(pc, nf, c->name, "CURRENT");
        if (c->volt < 0 || c->curr < 0)
            c->volt = c->curr = -1;
    }
}

/* "device_id", "gpu_idx", "card_num", "GPU UUID": a device word, then what numbers it. */
static int device_numbered(const char *name)
{
    static const char *const dev[] = { "device", "gpu", "card", "dev" };
    static const char *const what[] = { "id", "index", "idx", "num", "no", "uuid", "number" };

    for (size_t i = 0; i < sizeof(dev) / sizeof(dev[0]); i++) {
        size_t k = strlen(dev[i]);
        if (strncasecmp(name, dev[i], k))
            continue;
        const char *p = name + k;
        if (*p == '_' || *p == ' ' || *p == '-' || *p == '.')
            p++;
        for (size_t j = 0; j < sizeof(what) / sizeof(what[0]); j++)
            if (!strcasecmp(p, what[j]))
                return 1;
    }
    return 0;
}

/* A column that names the quantity of a key-value row: DCGM's "Field", "metric". */
static int is_field_name(const char *name)
{
    static const char *const names[] = { "field", "fieldname", "field_name", "field name",
                                         "fieldid", "field_id", "field id", "metric",
                                         "metric_name", "metric name", "fieldtag", "field_tag" };
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (!strcasecmp(name, names[i]))
            return 1;
    return 0;
}

/* A column that holds the value of a key-value row: DCGM's "Values". */
static int is_value_name(const char *name)
{
    return !strcasecmp(name, "value") || !strcasecmp(name, "values") || !strcasecmp(name, "val");
}

/*
 * A field of power in watts, as DCGM names it: its tag ("power_usage",
 * "power_usage_instant"), its symbol (DCGM_FI_DEV_POWER_USAGE) or its id (155, 157),
 * or nvidia-smi's field name. Returns 2 for an instantaneous reading, 1 for another
 * (DCGM's power_usage is averaged over a second on recent GPUs, as power.draw is),
 * 0 for no power field.
 */
static int power_field(const char *p, size_t n)
{
    static const char *const instant[] = { "power_usage_instant", "dcgm_fi_dev_power_usage_instant",
                                           "157", "power.draw.instant" };
    static const char *const names[] = { "power_usage",
                                         "power_usage_instant",
                                         "dcgm_fi_dev_power_usage",
                                         "dcgm_fi_dev_power_usage_instant",
                                         "155",
                                         "157",
                                         "power.draw",
                                         "power.draw.instant",
                                         "power.draw.average" };
    for (size_t i = 0; i < sizeof(instant) / sizeof(instant[0]); i++)
        if (n == strlen(instant[i]) && !strncasecmp(p, instant[i], n))
            return 2;
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (n == strlen(names[i]) && !strncasecmp(p, names[i], n))
            return 1;
    return 0;
}

/*
 * DCGM's long layout, a row per device, time and field ("GPUId,TimeStampUs,Field,
 * Values", as a dcgmGetValuesSince callback prints it): with no column in watts, a
 * time, a device, a field and a value column make the value column the power, read
 * on the rows whose field is one of power (power_field()). Returns 1 when it is.
 */
static int field_layout(struct pc *pc, size_t nf)
{
    long field = -1, value = -1;

    if (pc->npower || pc->time_col < 0 || pc->key_col < 0)
        return 0;
    for (size_t i = 0; i < nf; i++) {
        if (field < 0 && is_field_name(pc->col[i].name))
            field = (long)i;
        else if (value < 0 && is_value_name(pc->col[i].name))
            value = (long)i;
    }
    if (field < 0 || value < 0)
        return 0;
    pc->field_col = field;
    pc->col[value].scale = 1;
    pc->npower = 1;
    return 1;
}

/* A column that says which device a row is about: rocm-smi's "device", a GPU index,
 * Variorum's "device_id", a data-parallel job's "rank". */
static int is_key_name(const char *name)
{
    static const char *const keys[] = { "device", "card", "gpu", "gpu_id", "gpu_index", "index",
                                        "idx", "node", "host", "hostname", "uuid", "bus_id",
                                        "rank", "local_rank",
                                        /* a hardware monitor's long log: a row per sensor */
                                        "sensor", "sensor_name", "sensor name",
                                        /* power meters polled in turn */
                                        "station", "stationid", "station_id", "meter",
                                        "meter_id", "meterid", "plug", "outlet" };
    for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
        if (!strcasecmp(name, keys[i]))
            return 1;
    return device_numbered(name);
}

/* A column of current in amps: "current_mA", "Current (A)", "amps". Not power: a
 * current alone gives no watts without its voltage. */
static int current_name(const char *name)
{
    return has_ci(name, "current") || has_ci(name, "amps") || ends_ci(name, "_ma") ||
           ends_ci(name, "(ma)") || ends_ci(name, "(a)") || ends_ci(name, "[a]") ||
           ends_ci(name, "[ma]");
}

/* A name that is only a unit of seconds ("sec", as a script's DictWriter writes it). */
static int bare_seconds(const char *name)
{
    return !strcasecmp(name, "s") || !strcasecmp(name, "sec") || !strcasecmp(name, "secs") ||
           !strcasecmp(name, "seconds");
}

/* A run's length: "TotalTime(S)", "duration", "training_time_s", "runtime". */
static int is_duration_name(const char *name)
{
    return has_ci(name, "duration") || has_ci(name, "runtime") || has_ci(name, "run_time") ||
           has_ci(name, "training_time") || has_ci(name, "train_time") ||
           (has_ci(name, "total") && has_ci(name, "time"));
}

static int is_time_name(const char *name)
{
    /* a run's length ("TotalTime(S)", "duration_s", "runtime") is no time axis, nor is an
     * epoch's (mrdbourke/mac-ml-speed-test's "batch_size,avg_time_per_epoch") */
    if (is_duration_name(name) || has_ci(name, "total") || has_ci(name, "per_epoch") ||
        has_ci(name, "per epoch"))
        return 0;
    return has_ci(name, "time") || has_ci(name, "date") || !strcasecmp(name, "ts") ||
           !strcasecmp(name, "t_s") || !strcasecmp(name, "t_ms") ||
           !strcasecmp(name, "t_us") || !strcasecmp(name, "t_ns") ||
           has_ci(name, "epoch") || !strcasecmp(name, "unix") || bare_seconds(name);
}

/* Whether `name` ends in the word `w` (after a blank, '_', '.' or '-'), case aside. */
static int ends_word(const char *name, const char *w)
{
    size_t n = strlen(name), k = strlen(w);

    return n > k && !strcasecmp(name + n - k, w) && strchr(" _.-", name[n - k - 1]);
}

/*
 * A power column that is no device's draw beside others that are: a limit ("Power Max" beside
 * "Power Used", "power_limit", "Power Cap"), a window's or the devices' extreme or spread
 * ("all_gpu_power_max", "..._min", "..._std"), or the devices' mean ("all_gpu_power_avg").
 */
static int not_a_draw(const char *name)
{
    static const char *const ends[] = { "max", "min", "std", "cap" };
    static const char *const means[] = { "avg", "mean", "average" };

    for (size_t i = 0; i < sizeof(ends) / sizeof(ends[0]); i++)
        if (ends_word(name, ends[i]))
            return 1;
    if (has_ci(name, "limit") || has_ci(name, "power cap") || has_ci(name, "power_cap"))
        return 1;   /* "power.limit", "power_cap_watts" */
    if (strncasecmp(name, "all", 3) || !strchr(" _", name[3]))
        return 0;
    for (size_t i = 0; i < sizeof(means) / sizeof(means[0]); i++)
        if (ends_word(name, means[i]))
            return 1;
    return 0;
}

/* Drops the power columns that are no device's draw, when some column is one. */
static void drop_not_draws(struct pc *pc, size_t nf)
{
    size_t draws = 0;

    for (size_t i = 0; i < nf; i++)
        draws += pc->col[i].scale > 0 && !not_a_draw(pc->col[i].name);
    for (size_t i = 0; i < nf && draws; i++)
        if (pc->col[i].scale > 0 && not_a_draw(pc->col[i].name)) {
            pc->col[i].scale = 0;
            pc->npower--;
        }
}

/* A statistic over a run's samples ("MinDrawSampled(W)", "avg_power"), by its name's start. */
static int is_statistic_name(const char *name)
{
    static const char *const stats[] = { "min", "max", "mean", "median", "avg", "average",
                                         "q1", "q3", "std", "p50", "p90", "p95", "p99" };
    for (size_t i = 0; i < sizeof(stats) / sizeof(stats[0]); i++)
        if (!strncasecmp(name, stats[i], strlen(stats[i])))
            return 1;
    return 0;
}

/*
 * The column that shows a table's rows are whole runs rather than samples:
 * with no time axis, one that names the run ("model", "experiment", "config");
 * a total energy ("TotalEnergy(J)", "cpu_energy_hw_wh") beside a run's
 * length ("training_time_s") or with no time axis at all; else, with no time
 * axis, the second of two or more statistics of power ("MinDrawSampled(W)",
 * "MedianDrawSampled(W)"). -1 when there is none. A logger's cumulative
 * energy beside its clock (Intel Power Gadget's) is no such column.
 */
static long per_run_col(const struct pcol *col, size_t n, int timed)
{
    static const char *const names[] = { "model", "experiment", "config", "configuration",
                                         "run", "run_id", "benchmark", "workload", "method",
                                         "script" };
    size_t nstat = 0;
    int duration = 0;


    for (size_t i = 0; i < n; i++)
        duration |= is_duration_name(col[i].name);
    for (size_t i = 0; i < n; i++)
        if ((has_ci(col[i].name, "energy") || has_ci(col[i].name, "joule")) &&
            (!timed || duration))
            return (long)i;
    /* with no time axis, a column that names each row's run ("model,format,cooling,
     * watts_t1,watts_t45": a reading at 1 and at 45 minutes of each) */
    for (size_t i = 0; i < n && !timed; i++)
        for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++)
            if (!strcasecmp(col[i].name, names[k]))
                return (long)i;
    for (size_t i = 0; i < n && !timed; i++)
        if (col[i].scale > 0 && is_statistic_name(col[i].name) && ++nstat == 2)
            return (long)i;
    return -1;
}

/*
 * A header field: a name ("n1_watts", "Power (W)", "Processor Power_0(Watt)"),
 * not a number, a time, or a piece of code or prose that happens to hold a
 * comma (a script's `writerow(["time", ...` or a comment). Five words at most,
 * or seven before a unit in brackets: rocm-smi 6's "Current Socket Graphics
 * Package Power (W)".
 */
static int is_name(const char *p, size_t n)
{
    double v;
    struct br_time t;
    size_t spaces = 0;

    if (n == 0 || n >= PC_NAME)
        return 0;
    if (br_num_parse(p, p + n, &v) == n || br_time_parse(p, n, &t) == n)
        return 0;
    if (!(isalpha((unsigned char)p[0]) || p[0] == '_' || p[0] == '#'))
        return 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)p[i];
        if (c == ' ')
            spaces++;
        else if (!isalnum(c) && !strchr("_.-()[]/%#", c))
            return 0;
    }
    return spaces <= 4 || (spaces <= 6 && (p[n - 1] == ')' || p[n - 1] == ']'));
}

/*
 * jtop (jetson-stats) logs `jetson.stats` with a csv.DictWriter (its example
 * jtop_logger.py, and scripts copied from it): time, uptime, CPU1..CPUn,
 * RAM, SWAP, GPU (a load in %), engines, "Temp X", then "Power <rail>" and
 * "Power TOT" (jtop 4) or "power cur" and "power avg" (jtop 3), all power
 * in milliwatts with no unit anywhere (jtop/jtop.py: "Gets rail power in
 * milliwatt"). Scripts drop some of its keys (uptime, the temperatures) or
 * rename "Power TOT" "Power_TOT". Its power column: 1; jtop 3's running
 * average: 2; else 0.
 */
static int jtop_power(const char *name)
{
    if (!strcmp(name, "power avg"))
        return 2;
    return !strcmp(name, "power cur") || !strcmp(name, "Power_TOT") ||
           (!strncmp(name, "Power ", 6) && name[6]);
}

/* jtop's column set: "CPU1", "RAM", one of "uptime", "SWAP" or "Temp X", and its power column. */
static int jtop_header(const struct pc *pc, size_t nf)
{
    int more = 0, cpu = 0, ram = 0, pw = 0;

    for (size_t i = 0; i < nf; i++) {
        const char *n = pc->col[i].name;
        more |= !strcmp(n, "uptime") || !strcmp(n, "SWAP") || !strncmp(n, "Temp ", 5);
        cpu |= !strcmp(n, "CPU1");
        ram |= !strcmp(n, "RAM");
        pw |= jtop_power(n) == 1;
    }
    return more && cpu && ram && pw;
}

/* jtop's columns: its power columns in mW, no other power, no device column ("GPU" is a load). */
static void jtop_columns(struct pc *pc, size_t nf)
{
    pc->key_col = -1;
    pc->blocks = 0;
    pc->npower = 0;
    pc->jtop_avg = -1;
    for (size_t i = 0; i < nf; i++) {
        struct pcol *c = &pc->col[i];
        int k = jtop_power(c->name);
        c->scale = k == 1 ? 0.001 : 0;
        pc->npower += k == 1;
        if (k == 2)
            pc->jtop_avg = (long)i;
    }
}

/*
 * pinpoint's continuous output (osmhpi/pinpoint, `pinpoint -c --header`): a
 * header of its counters, "source:counter" ("nvml:nvidia_geforce_gtx_970_0",
 * "rapl:pkg", "rapl:cores", "rapl:ram"), then one row a sampling tick (-i ms,
 * no time printed) of each counter's reading in milliwatts (read_mW_string);
 * with -r N, a "### Run i" line before each run's rows.
 */
static int pinpoint_field(const char *p, size_t n)
{
    const char *colon = memchr(p, ':', n);

    if (!colon || colon == p || (size_t)(colon - p) + 1 >= n)
        return 0;
    for (const char *q = p; q < colon; q++)
        if (!islower((unsigned char)*q) && !isdigit((unsigned char)*q))
            return 0;
    for (const char *q = colon + 1; q < p + n; q++)
        if (!isalnum((unsigned char)*q) && !strchr("_.-", *q))
            return 0;
    return 1;
}

/*
 * Whether a row is no pinpoint tick: pinpoint prints each counter's reading as a whole
 * number of milliwatts ("%d"), so a cell with a fraction or other text is the measured
 * program's own line on the same output: n-koenig/wisemat-posture-classification's
 * watts.txt ends with its F1 score '0.3276,0,0,0', read before as 0.0003 W.
 */
static int pinpoint_foreign(const struct pc *pc, const struct br_field *f)
{
    for (size_t i = 0; i < pc->ncol; i++) {
        size_t j = f[i].n && f[i].p[0] == '-';
        if (pc->col[i].scale <= 0)
            continue;
        if (j == f[i].n)
            return 1;
        for (; j < f[i].n; j++)
            if (!isdigit((unsigned char)f[i].p[j]))
                return 1;
    }
    return 0;
}

/* Every field a pinpoint counter, one of them NVML's or RAPL's. */
static int pinpoint_header(const struct br_field *f, size_t nf)
{
    int known = 0;

    for (size_t i = 0; i < nf; i++) {
        if (f[i].n >= PC_NAME || !pinpoint_field(f[i].p, f[i].n))
            return 0;
        known |= !strncmp(f[i].p, "nvml:", 5) || !strncmp(f[i].p, "rapl:", 5);
    }
    return known;
}

/* A pinpoint counter's domain: NVML's a GPU, RAPL's events by their name, others the node. */
static const char *pinpoint_domain(const char *name)
{
    static const char *const rapl[][2] = { { "pkg", "cpu" },  { "cores", "cores" },
                                           { "ram", "dram" }, { "gpu", "igpu" },
                                           { "psys", "node" } };

    if (!strncmp(name, "nvml:", 5))
        return "gpu";
    if (!strncmp(name, "rapl:", 5))
        for (size_t i = 0; i < sizeof(rapl) / sizeof(rapl[0]); i++)
            if (!strcmp(name + 5, rapl[i][0]))
                return rapl[i][1];
    return "node";
}

/* A header's roles before its names are looked at: no time, key, date or CPU column, no
 * power column, no kind of its own (CodeCarbon, turbostat, jtop). */
static void no_roles(struct pc *pc)
{
    pc->time_col = -1;
    pc->key_col = -1;
    pc->date_col = -1;
    pc->cpu_col = -1;
    pc->npower = 0;
    pc->codecarbon = 0;
    pc->blocks = 0;
    pc->turbostat = 0;
    pc->jtop = 0;
}

/* pinpoint's columns: each a counter in mW, no time, no device column. */
static void pinpoint_columns(struct pc *pc, const struct br_field *f, size_t nf)
{
    no_roles(pc);
    pc->npower = nf;
    for (size_t i = 0; i < nf; i++) {
        struct pcol *c = &pc->col[i];
        memcpy(c->name, f[i].p, f[i].n);
        c->name[f[i].n] = '\0';
        c->scale = 0.001;
        c->is_time = 0;
    }
}

/* The header's columns are set: the table's shape from them. Returns 1. */
static int header_set(struct pc *pc, size_t nf, char sep)
{
    pc->per_run = per_run_col(pc->col, nf, pc->time_col >= 0);
    pc->ncol = nf;
    pc->sep = sep;
    pc->comma = sep != ',' && pc->dec_comma;
    return 1;
}

/*
 * Tries `line` as the header. Returns 1 with the columns set when every
 * field is a name and one names watts.
 */
static int try_header(struct pc *pc, const char *line, size_t len)
{
    struct br_field f[PC_MAX_COLS + 1];
    char sep = guess_sep(line, len);
    size_t nf = br_split_sep(line, len, sep, f, PC_MAX_COLS);

    /* a separator after the last name (amd-smi's CSV of eight GPUs): no column of its own */
    pc->trailing_sep = nf >= 3 && nf <= PC_MAX_COLS && !f[nf - 1].n;
    nf -= (size_t)pc->trailing_sep;
    pc->wide = 0;
    pc->unitless = 0;
    pc->current = -1;
    pc->field_col = -1;   /* set by field_layout() */
    pc->bare_w = -1;
    if (nf > PC_MAX_COLS) {   /* names, one of them in watts, but too many to be read */
        for (size_t i = 0; i < PC_MAX_COLS; i++)
            if (!is_name(f[i].p, f[i].n))
                return 0;
        for (size_t i = 0; i < PC_MAX_COLS && !pc->wide; i++) {
            char name[PC_NAME];
            memcpy(name, f[i].p, f[i].n);
            name[f[i].n] = '\0';
            pc->wide = !is_time_name(name) && power_scale(name) > 0;
        }
        return 0;
    }
    pc->pinpoint = nf >= 1 && pinpoint_header(f, nf);
    if (pc->pinpoint) {
        pinpoint_columns(pc, f, nf);
        return header_set(pc, nf, sep);
    }
    /* a lone name is a word, not a table's header; but turbostat -q -S --show PkgWatt
     * prints one column */
    if (nf < 2 && !(nf == 1 && lone_turbostat(f[0].p, f[0].n)))
        return 0;
    for (size_t i = 0; i < nf; i++)
        if (!is_name(f[i].p, f[i].n))
            return 0;
    no_roles(pc);   /* jtop's too: set again below, from these names */
    for (size_t i = 0; i < nf; i++) {
        /* CodeCarbon: one row per tracked run, not samples (see codecarbon_msg) */
        if ((f[i].n == 15 && !memcmp(f[i].p, "energy_consumed", 15)) ||
            (f[i].n == 14 && !memcmp(f[i].p, "emissions_rate", 14)))
            pc->codecarbon = 1;
    }
    for (size_t i = 0; i < nf; i++) {
        struct pcol *c = &pc->col[i];
        size_t n = f[i].n;
        const char *p = f[i].p;
        if (*p == '#') {   /* "#timestamp": a commented header */
            p++;
            n--;
            while (n && *p == ' ') {
                p++;
                n--;
            }
        }
        memcpy(c->name, p, n);
        c->name[n] = '\0';
        c->scale = 0;
        if (turbostat_domain(c->name))
            pc->turbostat = 1;
        if (!strcmp(c->name, "CPU"))
            pc->cpu_col = (long)i;
        /* "AvgPowerDrawTimed(W)" is watts, whatever its name says besides */
        c->is_time = is_time_name(c->name) && power_scale(c->name) == 0;
        c->block_key = -1;
        if (pc->key_col >= 0 && is_key_name(c->name) &&
            !strcmp(c->name, pc->col[pc->key_col].name))
            pc->blocks = 1; /* the device column again: a block of another device */
        if (pc->key_col < 0 && is_key_name(c->name))
            pc->key_col = (long)i;
        else if (pc->time_col < 0 && c->is_time)
            pc->time_col = (long)i;
        else if (!c->is_time && (c->scale = power_scale(c->name)) > 0)
            pc->npower++;
    }
    for (size_t i = 0, b = 0; pc->blocks && i < nf; i++) {
        if (!strcmp(pc->col[i].name, pc->col[pc->key_col].name))
            b = i;
        pc->col[i].block_key = (long)b;
        pc->col[i].block_dev[0] = '\0';
    }
    pc->powerjoular = nf >= 3 && !strcmp(pc->col[0].name, "Date") &&
                      !strcmp(pc->col[1].name, "CPU Utilization") &&
                      (!strcmp(pc->col[2].name, "CPU Power") ||
                       !strcmp(pc->col[2].name, "Total Power"));
    pc->jtop = jtop_header(pc, nf);
    if (pc->jtop)
        jtop_columns(pc, nf);
    pc->npower -= amps_beside_volts(pc, nf);
    drop_not_draws(pc, nf);
    field_layout(pc, nf);
    vi_siblings(pc, nf);
    /* a column named by a unit alone ("mw", "w") is power only beside a time column: in
     * other tables "w" is a weight, a width */
    for (size_t i = 0; i < nf && pc->time_col < 0; i++)
        if (pc->col[i].scale > 0 && bare_watts(pc->col[i].name)) {
            pc->col[i].scale = 0;
            pc->npower--;
        }
    if (pc->npower == 0) {
        pc->unitless = pc->time_col >= 0 && !pc->codecarbon;
        for (size_t i = 0; i < nf && pc->current < 0; i++)
            if (current_name(pc->col[i].name))
                pc->current = (long)i;
        for (size_t i = 0; i < nf && pc->bare_w < 0; i++)
            if (bare_w_suffix(pc->col[i].name) && !pc->col[i].is_time)
                pc->bare_w = (long)i;
        return 0;
    }
    return header_set(pc, nf, sep);
}

/* Decimals printed in a number ("12.50" -> 2; "12,50" with a decimal comma). */
static int decimals(const char *p, size_t n, char mark)
{
    const char *dot = memchr(p, mark, n);
    size_t k = 0;
    if (!dot)
        return 0;
    for (dot++; dot < p + n && isdigit((unsigned char)*dot); dot++)
        k++;
    return (int)k;
}

static int is_missing(const char *p, size_t n)
{
    return n == 0 || (n == 2 && !strncasecmp(p, "NA", 2)) ||
           (n == 3 && (!strncasecmp(p, "N/A", 3) || !strncasecmp(p, "nan", 3))) ||
           (n >= 2 && p[0] == '[' && p[n - 1] == ']');
}

/*
 * A power value, with an optional unit after it ("61.2 W"), its decimal mark
 * ',' when `comma` ("61,2" of a spreadsheet saved in a de or fr locale). NULL
 * or a message.
 */
static const char *scan_power(const char *p, size_t n, int comma, double *out)
{
    size_t k;
    if (is_missing(p, n)) {
        *out = NAN;
        return NULL;
    }
    k = comma ? br_num_parse_comma(p, p + n, out) : br_num_parse(p, p + n, out);
    if (k == 0)
        return "not a number";
    while (k < n && p[k] == ' ')
        k++;
    if (k < n && (!strncasecmp(p + k, "W", n - k) || !strncasecmp(p + k, "mW", n - k) ||
                  !strncasecmp(p + k, "kW", n - k)))
        k = n;
    return k == n ? NULL : "not a number";
}

/*
 * Digits at p[0..n) read as a number of 1 to `most` digits into *v; returns the
 * digits read (0: none, or more than `most`).
 */
static size_t few_digits(const char *p, size_t n, size_t most, unsigned *v)
{
    size_t i = 0;

    *v = 0;
    while (i < n && p[i] >= '0' && p[i] <= '9' && i <= most)
        *v = *v * 10 + (unsigned)(p[i++] - '0');
    return i > most ? 0 : i;
}

/*
 * HWiNFO's "Date" and "Time" cells ("19.4.2025", "2:25:9.427"): day, month, hour,
 * minute and second without their leading zero, the milliseconds with theirs.
 * Writes them as "19.04.2025 02:25:09.427" into out (PC_NAME * 2 bytes) and returns
 * its length; 0 when the cells are not so (a fraction of other than 3 digits may
 * have lost its zeros too: ".27" for 27 ms, so it is not read).
 */
static int unpadded_date_time(const struct br_field *d, const struct br_field *f, char *out)
{
    unsigned v[6];
    size_t at = 0, k, frac;
    const struct br_field *cell[2] = { d, f };
    const char sep[2] = { '.', ':' };

    for (int c = 0, i = 0; c < 2; c++) {
        at = 0;
        for (int j = 0; j < 3; j++, i++) {
            size_t most = c == 0 && j == 2 ? 4 : 2;
            k = few_digits(cell[c]->p + at, cell[c]->n - at, most, &v[i]);
            if (!k || (most == 4 && k != 4))
                return 0;
            at += k;
            if (j < 2 && (at >= cell[c]->n || cell[c]->p[at++] != sep[c]))
                return 0;
        }
        if (c == 0 && at != d->n)
            return 0;
    }
    frac = f->n - at;
    if (frac && (frac != 4 || f->p[at] != '.' || !isdigit((unsigned char)f->p[at + 1]) ||
                 !isdigit((unsigned char)f->p[at + 2]) || !isdigit((unsigned char)f->p[at + 3])))
        return 0;
    return snprintf(out, PC_NAME * 2, "%02u.%02u.%04u %02u:%02u:%02u%.*s", v[0], v[1], v[2],
                    v[3], v[4], v[5], (int)frac, f->p + at);
}

/* A "Date" cell and a "Time" cell as one timestamp into out (PC_NAME * 2 bytes); its length. */
static int join_date_time(const struct br_field *d, const struct br_field *f, char *out)
{
    int n = unpadded_date_time(d, f, out);

    if (n > 0)
        return n;
    return snprintf(out, PC_NAME * 2, "%.*s %.*s", (int)(d->n > PC_NAME ? PC_NAME : d->n), d->p,
                    (int)(f->n > PC_NAME ? PC_NAME : f->n), f->p);
}

/*
 * PowerJoular's "Date" with milliseconds (its --ms option, joular-core's Get_Timestamp):
 * each field an Ada integer image, a blank before it or (trimmed) none, no zero padding,
 * and after the seconds' dot the milliseconds as a whole number: " 2025- 6- 21  18: 32:
 * 54. 78" and "2025-6-21 18:32:54.78" are 18:32:54.078, not .78. Without --ms it writes
 * Image (Date), "2025-06-21 18:32:54", no fraction, which the caller reads as any time.
 * 1 with the time in *bt, else 0.
 */
static int powerjoular_stamp(const struct br_field *f, struct br_time *bt)
{
    static const char seps[] = "-- ::.";
    long v[7];
    const char *p = f->p, *end = f->p + f->n;
    char out[PC_NAME];
    int len;

    for (int k = 0; k < 7; k++) {
        size_t w;
        while (p < end && *p == ' ')
            p++;
        w = 0;
        v[k] = 0;
        while (p + w < end && isdigit((unsigned char)p[w]) && w < 5)
            v[k] = v[k] * 10 + (p[w++] - '0');
        if (!w || (k == 6 && w > 3))
            return 0;
        p += w;
        if (k < 6 && (p >= end || *p++ != seps[k]))
            return 0;
    }
    if (p != end || v[1] > 12 || v[2] > 31 || v[3] > 23 || v[4] > 59 || v[5] > 60)
        return 0;
    len = snprintf(out, sizeof(out), "%04ld-%02ld-%02ld %02ld:%02ld:%02ld.%03ld", v[0], v[1],
                   v[2], v[3], v[4], v[5], v[6]);
    return len > 0 && br_time_parse(out, (size_t)len, bt) == (size_t)len;
}

/* The row's time: a timestamp, or epoch milliseconds (13 digits). NULL or a message. */
static const char *scan_time(struct pc *pc, const struct br_field *f, double *t, int *zoned)
{
    struct br_time bt;

    if (pc->date_col >= 0) {
        const struct br_field *d = f - pc->time_col + pc->date_col;
        char both[PC_NAME * 2];
        int n = join_date_time(d, f, both);
        if (n <= 0 || (size_t)n >= sizeof(both) || br_time_parse(both, (size_t)n, &bt) != (size_t)n)
            return "invalid date and time";
        *t = bt.t;
        *zoned = bt.zoned;
        return NULL;
    }

    if (pc->elapsed == 2) {
        /* a time of day: past midnight when it falls back by more than half a day */
        if (!br_time_of_day_parse(f->p, f->n, t))
            return "invalid time of day";
        *t = br_tod_clock_next(&pc->tod, *t);
        *zoned = 0;
        return NULL;
    }
    if (pc->elapsed) {
        if (f->n == 0 || br_num_parse(f->p, f->p + f->n, t) != f->n)
            return "invalid elapsed time";
        *t *= pc->elapsed_unit;
        *zoned = 0;
        return NULL;
    }
    if ((pc->epoch_unit = br_epoch_count(f->p, f->n, t))) {
        *zoned = 1;
        return NULL;
    }
    if (pc->powerjoular == 2) {
        if (!powerjoular_stamp(f, &bt))
            return "invalid PowerJoular date";
        *t = bt.t;
        *zoned = bt.zoned;
        return NULL;
    }
    if (f->n == 0 || br_time_parse_cached(&pc->tc, f->p, f->n, &bt) != f->n)
        return "invalid timestamp";
    *t = bt.t;
    *zoned = bt.zoned;
    return NULL;
}

static void grow_rows(struct pc *pc)
{
    if (pc->nr < pc->alloc)
        return;
    BR_GROW(pc->t, pc->nr + 1, pc->alloc);
    pc->line = br_xrealloc(pc->line, pc->alloc * sizeof(*pc->line));
    pc->key = br_xrealloc(pc->key, pc->alloc * sizeof(*pc->key));
    for (int o = 0; o < 2 && pc->unread_time >= 0; o++)
        pc->dm_t[o] = br_xrealloc(pc->dm_t[o], pc->alloc * sizeof(double));
    for (size_t i = 0; i < pc->ncol; i++)
        if (pc->col[i].scale > 0)
            pc->col[i].v = br_xrealloc(pc->col[i].v, pc->alloc * sizeof(double));
}

/* A time column counted in seconds from the start: "Elapsed Time (sec)", "Timestamp (s)". */
static int seconds_name(const char *name)
{
    return bare_seconds(name) || has_ci(name, "elapsed") || ends_ci(name, "(s)") ||
           ends_ci(name, "[s]") ||
           ends_ci(name, "_s") || ends_ci(name, "(sec)") || ends_ci(name, "_sec") ||
           ends_ci(name, "_seconds") || ends_ci(name, "(seconds)");
}

/*
 * At the first data row: the time column is the first time-named column
 * whose value reads as a time; else a date and a time column together;
 * else one of seconds from the start ("Elapsed Time (sec)", as Intel Power
 * Gadget writes next to a time of day without a date; "Timestamp (s)");
 * else there is none.
 */
/* A time column counted in milliseconds from the start: "time_ms", "Time (ms)". */
static int millis_name(const char *name)
{
    return ends_ci(name, "_ms") || ends_ci(name, "(ms)") || ends_ci(name, "[ms]") ||
           ends_ci(name, " ms") || ends_ci(name, "_msec") || ends_ci(name, "(msec)");
}

/* ... in microseconds: "time_us", "t (us)". */
static int micros_name(const char *name)
{
    return ends_ci(name, "_us") || ends_ci(name, "(us)") || ends_ci(name, "[us]") ||
           ends_ci(name, "_usec") || ends_ci(name, "_microseconds") ||
           ends_ci(name, "(microseconds)");
}

/* ... in nanoseconds: "timestamp_nanoseconds" (Kokkos' NVML power tool), "t_ns". */
static int nanos_name(const char *name)
{
    return ends_ci(name, "_ns") || ends_ci(name, "(ns)") || ends_ci(name, "[ns]") ||
           ends_ci(name, "_nsec") || ends_ci(name, "_nanoseconds") ||
           ends_ci(name, "(nanoseconds)");
}

/* Seconds per unit of a time column counted from the start, by its name; 0: not one. */
static double elapsed_unit(const char *name)
{
    return nanos_name(name)    ? 1e-9
           : micros_name(name) ? 1e-6
           : millis_name(name) ? 1e-3
           : seconds_name(name) ? 1
                                : 0;
}

static void settle_time(struct pc *pc, const struct br_field *f)
{
    struct br_time bt;
    double v;

    pc->time_settled = 1;
    pc->time_col = -1;
    pc->date_col = -1;
    if (pc->powerjoular && powerjoular_stamp(&f[0], &bt)) {
        pc->time_col = 0;
        pc->powerjoular = 2;
        return;
    }
    for (size_t i = 0; i < pc->ncol; i++)
        if (pc->col[i].is_time &&
            (br_epoch_count(f[i].p, f[i].n, &v) ||
             (f[i].n && br_time_parse(f[i].p, f[i].n, &bt) == f[i].n))) {
            pc->time_col = (long)i;
            return;
        }
    /* "Date" and "Time" in columns of their own, as PDU exports write them */
    for (size_t d = 0; d < pc->ncol; d++) {
        for (size_t i = 0; i < pc->ncol; i++) {
            char both[PC_NAME * 2];
            int n;
            if (d == i || !pc->col[d].is_time || !pc->col[i].is_time ||
                !strcasestr(pc->col[d].name, "date") || !strcasestr(pc->col[i].name, "time"))
                continue;
            n = join_date_time(&f[d], &f[i], both);
            if (n > 0 && (size_t)n < sizeof(both) && br_time_parse(both, (size_t)n, &bt) == (size_t)n) {
                pc->date_col = (long)d;
                pc->time_col = (long)i;
                return;
            }
        }
    }
    for (size_t i = 0; i < pc->ncol; i++)
        if (pc->col[i].is_time && elapsed_unit(pc->col[i].name) > 0 &&
            br_num_parse(f[i].p, f[i].p + f[i].n, &v) == f[i].n && f[i].n) {
            pc->time_col = (long)i;
            pc->elapsed = 1;
            pc->elapsed_unit = elapsed_unit(pc->col[i].name);
            return;
        }
    /* a time of day without a date ("10:00:00"): seconds from its midnight, no clock time */
    for (size_t i = 0; i < pc->ncol; i++)
        if (pc->col[i].is_time && br_time_of_day_parse(f[i].p, f[i].n, &v)) {
            pc->time_col = (long)i;
            pc->elapsed = 2;
            return;
        }
    /* a column named in no known word ("Zeit", "Horodatage") whose values are timestamps */
    for (size_t i = 0; i < pc->ncol; i++)
        if (pc->col[i].scale <= 0 && f[i].n >= 19 &&
            br_time_parse(f[i].p, f[i].n, &bt) == f[i].n) {
            pc->time_col = (long)i;
            return;
        }
    pc->unread_time = -1;
    for (size_t i = 0; i < pc->ncol && pc->unread_time < 0; i++)
        if (pc->col[i].is_time && f[i].n) {
            pc->unread_time = (long)i;
            snprintf(pc->unread_value, sizeof(pc->unread_value), "%.*s",
                     (int)(f[i].n < 40 ? f[i].n : 40), f[i].p);
        }
}

/* Intel Power Gadget ends with "Total Elapsed Time (sec) = 0.105901" and the like. */
static int summary_line(const char *line, size_t len)
{
    return memmem(line, len, " = ", 3) != NULL;
}

/*
 * A row with fewer fields than the header, as a logger writes when a reading it
 * appends last is missing ("1754586812,card0,154.0" under
 * "timestamp,device,power_watts,power_cap_watts") or when it ends each round
 * with a bare time ("1754586812,"). A row that still has its time, its device
 * and every power column is read with the missing last columns empty (*nf
 * becomes the header's count); a row with a time and neither a device nor a
 * power is skipped (returns 1). Both are counted for one note each. Any other
 * short row is left to the caller's error.
 */
static int short_row(struct pc *pc, struct br_field *f, size_t *nf, const char *eol, unsigned ln)
{
    size_t n = *nf;
    int power_absent = 0, power_empty = 1;

    for (size_t i = 0; i < pc->ncol; i++) {
        if (pc->col[i].scale <= 0)
            continue;
        if (i >= n)
            power_absent = 1;
        else if (!is_missing(f[i].p, f[i].n))
            power_empty = 0;
    }
    if (pc->time_col >= (long)n || pc->time_col < 0)
        return 0;
    if (power_empty && (pc->key_col < 0 || pc->key_col >= (long)n || f[pc->key_col].n == 0)) {
        if (!pc->nempty++)
            pc->first_empty = ln;
        return 1;
    }
    if (power_absent || pc->key_col >= (long)n)
        return 0;
    for (size_t i = n; i < pc->ncol; i++) {
        f[i].p = eol;
        f[i].n = 0;
        f[i].col = f[n - 1].col + (unsigned)f[n - 1].n + 1;
    }
    if (!pc->nshort++)
        pc->first_short = ln;
    *nf = pc->ncol;
    return 0;
}

/* The index of the device named by `kf` among those seen, or -1. */
static long find_key(const struct pc *pc, const struct br_field *kf)
{
    size_t kn = kf->n < PC_NAME - 1 ? kf->n : PC_NAME - 1;

    for (size_t k = 0; k < pc->nkeys; k++)
        if (strlen(pc->keys[k]) == kn && !memcmp(pc->keys[k], kf->p, kn))
            return (long)k;
    return -1;
}

/* The header's names again, as a tool in a loop prints them each time ("device,Average ..."). */
static int header_again(const struct pc *pc, const struct br_field *f, size_t nf)
{
    if (nf != pc->ncol)
        return 0;
    for (size_t i = 0; i < nf; i++) {
        const char *name = pc->col[i].name;
        size_t skip = f[i].n && f[i].p[0] == '#' && name[0] != '#';   /* "#timestamp" */
        if (f[i].n - skip != strlen(name) || memcmp(f[i].p + skip, name, f[i].n - skip))
            return 0;
    }
    return 1;
}

/* The field `i` (0-based) of the line [p, e) split at `sep`: its start and length, or NULL. */
static const char *nth_field(const char *p, const char *e, char sep, size_t i, size_t *n)
{
    for (; i > 0; i--) {
        const char *c = memchr(p, sep, (size_t)(e - p));
        if (!c)
            return NULL;
        p = c + 1;
    }
    {
        const char *c = memchr(p, sep, (size_t)(e - p));
        *n = (size_t)((c ? c : e) - p);
    }
    return p;
}

/*
 * Whether `head` is `turbostat --Summary` output without a CPU column
 * (`turbostat -S -q --show PkgWatt -i 1`): its header (a line naming PkgWatt,
 * CorWatt, GFXWatt, RAMWatt or SysWatt, and no CPU) printed once, then at
 * least two rows, none with a cell empty or missing, where Time_Of_Day_Seconds
 * is a column each later than the one before by more than 10 ms, and the
 * first row's watts not the sum of the others'. Without --Summary the header
 * comes again each interval, the rows of the CPUs after the first in a
 * package lack its cells (their times microseconds apart), and a one-interval
 * file (turbostat running a command) is the machine's row and its packages'.
 * --Summary with --header_iterations is left to the first row after a header.
 */
static int turbostat_summary_only(const char *head, size_t n)
{
    static const char *const watts[] = { "PkgWatt", "CorWatt", "GFXWatt", "RAMWatt", "SysWatt" };
    const char *p = head, *end = head + n, *h = NULL, *he = NULL;
    char sep = '\t';
    size_t nf = 0, rows = 0, tcol = (size_t)-1, wcol = (size_t)-1;
    double last_t = -1, first_w = NAN, rest_w = 0;

    while (p < end && !h) {                       /* the header */
        const char *nl = memchr(p, '\n', (size_t)(end - p)), *le = nl ? nl : end;
        int named = 0, cpu = 0;
        if (le > p && le[-1] == '\r')
            le--;
        char s = memchr(p, '\t', (size_t)(le - p)) ? '\t' : ',';
        size_t k = 0, fn;
        const char *fp;
        while ((fp = nth_field(p, le, s, k, &fn))) {
            for (size_t w = 0; w < sizeof(watts) / sizeof(watts[0]); w++) {
                if (fn == 7 && !memcmp(fp, watts[w], 7) && !named++)
                    wcol = k;
            }
            cpu |= fn == 3 && !memcmp(fp, "CPU", 3);
            if (fn == 19 && !memcmp(fp, "Time_Of_Day_Seconds", 19))
                tcol = k;
            k++;
        }
        if (named && !cpu) {
            h = p;
            he = le;
            sep = s;
            nf = k;
        } else {
            tcol = wcol = (size_t)-1;
        }
        if (!nl)
            return 0;
        p = nl + 1;
    }
    if (!h)
        return 0;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p)), *le;
        size_t k = 0, fn;
        const char *fp;
        if (!nl)
            break;                                /* the head may end inside this line */
        le = nl > p && nl[-1] == '\r' ? nl - 1 : nl;
        if ((size_t)(le - p) == (size_t)(he - h) && !memcmp(p, h, (size_t)(le - p)))
            return 0;                             /* the header again: each interval's */
        while ((fp = nth_field(p, le, sep, k, &fn))) {
            if (fn == 0)
                return 0;
            if (k == wcol) {
                double w;
                if (br_num_parse(fp, fp + fn, &w) != fn)
                    return 0;
                if (rows == 0)
                    first_w = w;
                else
                    rest_w += w;
            }
            if (k == tcol) {
                double t;
                if (br_num_parse(fp, fp + fn, &t) != fn || t <= last_t + 0.01)
                    return 0;
                last_t = t;
            }
            k++;
        }
        if (k != nf)
            return 0;
        rows++;
        p = nl + 1;
    }
    /* "12.60 / 6.31 / 6.29": the machine, then its packages */
    return rows >= 2 && !(fabs(first_w - rest_w) <= 0.01 * fabs(first_w) + 0.02);
}

/*
 * turbostat prints, each interval, its header, a summary row of the whole
 * machine, then one row per package and CPU (a package's watts on its first
 * CPU's row). Only the summary is a sample: the row whose CPU cell is '-',
 * or without a CPU column the first row after the header; with --Summary
 * (turbostat_summary_only) every row.
 */
static int turbostat_summary(struct pc *pc, const struct br_field *f)
{
    if (pc->cpu_col >= 0)
        return f[pc->cpu_col].n == 1 && f[pc->cpu_col].p[0] == '-';
    if (pc->ts_summary_only)
        return 1;
    return pc->since_header++ == 0;
}

/*
 * Whether a row of the field layout holds the power: its field is one of power, the
 * instantaneous one when there are two (the other is counted and skipped: two fields
 * in one trace would interleave). Rows read of an averaged field before the first
 * instantaneous row are dropped.
 */
static int field_row(struct pc *pc, const struct br_field *ff)
{
    size_t n = ff->n < PC_NAME - 1 ? ff->n : PC_NAME - 1;
    int rank = power_field(ff->p, ff->n);

    if (!rank) {
        pc->nfield_other++;
        return 0;
    }
    if (pc->field[0] && rank > power_field(pc->field, strlen(pc->field))) {
        memcpy(pc->field2, pc->field, sizeof(pc->field2));
        pc->nfield_power2 = pc->nr;
        pc->nr = 0;
        pc->nkeys = 0;
        pc->round = 0;
        memset(pc->key_round, 0, sizeof(pc->key_round));
        memset(pc->key_row, 0, sizeof(pc->key_row));
        pc->field[0] = '\0';
    }
    if (!pc->field[0]) {
        memcpy(pc->field, ff->p, n);
        pc->field[n] = '\0';
    }
    if (strlen(pc->field) == n && !memcmp(pc->field, ff->p, n))
        return 1;
    if (!pc->nfield_power2++) {
        memcpy(pc->field2, ff->p, n);
        pc->field2[n] = '\0';
    }
    return 0;
}

/* The rows read so far as one device's: the device column was a count of the rows. */
static void drop_count_key(struct pc *pc)
{
    for (size_t r = 0; r < pc->nr; r++) {
        pc->key[r] = 0;
        if (pc->time_col < 0 && pc->o && pc->o->interval_s > 0)
            pc->t[r] = (double)r * pc->o->interval_s;   /* was its device's first round */
    }
    pc->key_counted = pc->key_col + 1;
    pc->key_col = -1;
    pc->blocks = 0;
    pc->nkeys = 0;
    pc->round = 0;
}

/*
 * Whether the device column still counts the rows (a value one more than the last row's,
 * a device not seen before), for ssaraff98/tegrastats_parser's CSV: its first column
 * 'Index' numbers the rows 0, 1, 2... and was read as 306 devices of one sample each.
 * At the PC_MAX_KEYS'th device a count is no device column (drop_count_key()); before
 * that, finish() decides (count_key()).
 */
static void key_count_row(struct pc *pc, const struct br_field *kf)
{
    double x;

    if (pc->key_uncounted)
        return;
    if (!kf->n || br_num_parse(kf->p, kf->p + kf->n, &x) != kf->n || x != floor(x) ||
        find_key(pc, kf) >= 0 || (pc->nr && x != pc->key_next)) {
        pc->key_uncounted = 1;
        return;
    }
    pc->key_next = x + 1;
    if (pc->nkeys == PC_MAX_KEYS)
        drop_count_key(pc);
}

/*
 * "08-09-2025 13:25:27" (Model-Deployment/Jetson's tegrastats CSVs): the date with
 * dashes, month first (o 0) or day first (o 1). Returns the floating time, or NaN when
 * [p, p + n) is not that shape or names no date read that way.
 */
static double dashed_date(const char *p, size_t n, int o)
{
    unsigned a, b, y, m, d;
    double tod;

    if (n < 16 || p[2] != '-' || p[5] != '-' || p[10] != ' ')
        return NAN;
    for (int i = 0; i < 10; i++)
        if (i != 2 && i != 5 && !isdigit((unsigned char)p[i]))
            return NAN;
    a = (unsigned)(p[0] - '0') * 10 + (unsigned)(p[1] - '0');
    b = (unsigned)(p[3] - '0') * 10 + (unsigned)(p[4] - '0');
    y = (unsigned)strtoul(p + 6, NULL, 10);
    m = o ? b : a;
    d = o ? a : b;
    if (m < 1 || m > 12 || d < 1 || d > 31 || !br_time_of_day_parse(p + 11, n - 11, &tod))
        return NAN;
    return (double)br_days_from_civil(y, m, d) * 86400.0 + tod;
}

/* The row's unread time read both ways, for finish() to choose (dashed_dates()). */
static void dashed_date_row(struct pc *pc, const struct br_field *tf, unsigned ln)
{
    for (int o = 0; o < 2; o++) {
        pc->dm_t[o][pc->nr] = dashed_date(tf->p, tf->n, o);
        if (isnan(pc->dm_t[o][pc->nr]) && !pc->dm_line[o])
            pc->dm_line[o] = ln;
    }
    pc->dm_bad |= isnan(pc->dm_t[0][pc->nr]) && isnan(pc->dm_t[1][pc->nr]);
}

static void data_row(struct pc *pc, const char *line, size_t len, unsigned ln, int last)
{
    struct br_field f[PC_MAX_COLS + 1];
    size_t nf = br_split_sep(line, len, pc->sep, f, PC_MAX_COLS);
    double t = NAN, v[PC_MAX_COLS];
    int zoned = 0;
    const char *err;

    if (pc->trailing_sep && nf == pc->ncol + 1 && !f[nf - 1].n)
        nf--;   /* the separator after the last value, as after the last name */
    if (pc->summary)
        return;
    if (pc->pinpoint && len > 8 && !strncmp(line, "### Run ", 8)) {
        /* pinpoint -r N: each run's samples start again, nothing joins them in time */
        if (pc->nr) {
            pc->summary = 1;
            br_source_diag(pc->src, BR_WARNING, ln, 1,
                           "pinpoint's next run ('%.*s'): only the first run is read, the runs "
                           "after it have no time to join them to it (record one run a file, "
                           "-r 1)", (int)(len > 20 ? 20 : len), line);
        }
        return;
    }
    if (nf != pc->ncol && pc->nr && summary_line(line, len)) {
        pc->summary = 1;
        br_source_diag(pc->src, BR_NOTE, ln, 1, "summary after the samples not read");
        return;
    }
    /* "# 1791460800 2026-10-06 12:00:00 phase idle": a logger's note between its rows */
    if (len && line[0] == '#' && !header_again(pc, f, nf)) {
        if (!pc->ncomment++)
            pc->first_comment = ln;
        return;
    }
    if (pc->turbostat && pc->cpu_col >= 0 && nf < pc->ncol && nf > (size_t)pc->cpu_col &&
        !turbostat_summary(pc, f)) {
        /* a CPU's row stops before the core's or package's cells it does not print */
        if (!pc->nper_cpu++)
            pc->first_per_cpu = ln;
        return;
    }
    if (nf < pc->ncol && nf <= PC_MAX_COLS && !last && short_row(pc, f, &nf, line + len, ln))
        return;
    if (header_again(pc, f, nf)) {
        if (!pc->nheaders++)
            pc->first_header = ln;
        pc->since_header = 0;
        return;
    }
    if (pc->turbostat && nf == pc->ncol && !turbostat_summary(pc, f)) {
        if (!pc->nper_cpu++)
            pc->first_per_cpu = ln;
        return;
    }
    if (nf == pc->ncol && !pc->time_settled)
        settle_time(pc, f);
    if (nf != pc->ncol) {
        if (last)
            br_source_diag(pc->src, BR_WARNING, ln, 1,
                           "truncated last line skipped (%zu of %zu fields)", nf, pc->ncol);
        else
            br_source_diag(pc->src, BR_ERROR, ln, 1, "expected %zu fields, got %s%zu", pc->ncol,
                           nf > PC_MAX_COLS ? "more than " : "",
                           nf > PC_MAX_COLS ? (size_t)PC_MAX_COLS : nf);
        return;
    }
    if (pc->field_col >= 0 && !field_row(pc, &f[pc->field_col]))
        return;
    if (pc->pinpoint && pinpoint_foreign(pc, f)) {
        br_source_diag(pc->src, BR_WARNING, ln, 1,
                       "'%.*s' is no pinpoint reading (it prints whole milliwatts): the "
                       "program's own output, not read", (int)(len > 40 ? 40 : len), line);
        return;
    }
    if (pc->key_col >= 0)
        key_count_row(pc, &f[pc->key_col]);
    if (pc->time_col >= 0) {
        const struct br_field *tf = &f[pc->time_col];
        if ((err = scan_time(pc, tf, &t, &zoned))) {
            br_source_diag(pc->src, BR_ERROR, ln, tf->col, "%s: '%.*s'", err,
                           (int)(tf->n > 40 ? 40 : tf->n), tf->p);
            return;
        }
        if (pc->nr && zoned != pc->zoned) {
            br_source_diag(pc->src, BR_ERROR, ln, tf->col,
                           zoned ? "timestamp has a zone, earlier ones did not"
                                 : "timestamp has no zone, earlier ones did");
            return;
        }
        /* in the long layout each device's rows keep their order, not all rows: two
         * meters polled in turn may print 39.384 then 39.381 */
        size_t prev = pc->nr;
        if (pc->key_col >= 0) {
            long k = find_key(pc, &f[pc->key_col]);
            prev = k >= 0 ? pc->key_row[k] : 0;
        }
        enum br_time_step st = prev ? br_time_step(pc->t[prev - 1], t, zoned,
                                                   pc->src->fold_line != 0)
                                    : BR_STEP_ON;
        if (st == BR_STEP_FOLD)
            pc->src->fold_line = ln;   /* a daylight-saving change? the zone tells */
        if (st == BR_STEP_BACK) {
            br_restart_back(&pc->restart, ln, tf->col, t, pc->t[prev - 1], zoned);
            return;
        }
        br_restart_on(&pc->restart, pc->src);
        pc->zoned = zoned;
    } else if (pc->o && pc->o->interval_s > 0) {
        size_t r = pc->nr;   /* one row, one sample */
        if (pc->key_col >= 0) {
            /* one row per device: a round of the devices is one sample, and a device
             * that already has this round's row begins the next round */
            long k = find_key(pc, &f[pc->key_col]);
            if (k >= 0 && pc->key_round[k] == pc->round + 1)
                pc->round++;
            r = pc->round;
        }
        t = (double)r * pc->o->interval_s;
    }
    for (size_t i = 0; i < pc->ncol; i++) {
        if (pc->col[i].scale <= 0)
            continue;
        if ((err = scan_power(f[i].p, f[i].n, pc->comma, &v[i]))) {
            br_source_diag(pc->src, BR_ERROR, ln, f[i].col, "%s in column '%s': '%.*s'", err,
                           pc->col[i].name, (int)(f[i].n > 40 ? 40 : f[i].n), f[i].p);
            return;
        }
        if (f[i].n && (f[i].p[f[i].n - 1] == 'W' || f[i].p[f[i].n - 1] == 'w'))
            pc->col[i].unit_in_values = 1;
    }
    {
        size_t k = 0;
        if (pc->key_col >= 0) {
            const struct br_field *kf = &f[pc->key_col];
            size_t kn = kf->n < PC_NAME - 1 ? kf->n : PC_NAME - 1;
            while (k < pc->nkeys && (strlen(pc->keys[k]) != kn || memcmp(pc->keys[k], kf->p, kn)))
                k++;
            if (k == pc->nkeys) {
                if (pc->nkeys == PC_MAX_KEYS) {
                    br_source_diag(pc->src, BR_ERROR, ln, kf->col, "more than %d devices",
                                   PC_MAX_KEYS);
                    return;
                }
                memcpy(pc->keys[k], kf->p, kn);
                pc->keys[k][kn] = '\0';
                pc->nkeys++;
            }
        }
        grow_rows(pc);
        pc->key[pc->nr] = (unsigned)k;
        pc->key_round[k] = pc->round + 1;
        pc->key_row[k] = pc->nr + 1;
    }
    pc->t[pc->nr] = t;
    pc->line[pc->nr] = ln;
    if (pc->unread_time >= 0 && pc->dm_t[0])
        dashed_date_row(pc, &f[pc->unread_time], ln);
    for (size_t i = 0; pc->blocks && i < pc->ncol; i++) {
        struct pcol *c = &pc->col[i];
        const struct br_field *kf = &f[c->block_key];
        if (c->scale > 0 && !c->block_dev[0] && kf->n && kf->n < PC_NAME) {
            memcpy(c->block_dev, kf->p, kf->n); /* its block's device, as the row names it */
            c->block_dev[kf->n] = '\0';
        }
    }
    for (size_t i = 0; i < pc->ncol; i++) {
        struct pcol *c = &pc->col[i];
        double volts, amps;
        if (c->scale <= 0 || c->volt < 0 || isnan(v[i]) || v[i] <= 0)
            continue;
        if (!scan_power(f[c->volt].p, f[c->volt].n, pc->comma, &volts) &&
            !scan_power(f[c->curr].p, f[c->curr].n, pc->comma, &amps) && volts > 0 && amps > 0) {
            c->vi_ratio += v[i] / (volts * amps);
            c->vi_n++;
        }
    }
    for (size_t i = 0; i < pc->ncol; i++) {
        struct pcol *c = &pc->col[i];
        int d;
        if (c->scale <= 0)
            continue;
        c->v[pc->nr] = v[i] * c->scale;
        d = decimals(f[i].p, f[i].n, pc->comma ? ',' : '.');
        if (d > c->decimals)
            c->decimals = d;
    }
    pc->nr++;
}

/*
 * Marks the column that is the sum of all other power columns on every row
 * (with two or more parts, or one where the column is named a total; each
 * row's parts all present), within the rounding of the printed values. At
 * most one.
 */
static void find_sum(struct pc *pc, struct br_buf *parts)
{
    if (pc->npower < 2 || pc->nr == 0)
        return;
    for (size_t s = 0; s < pc->ncol; s++) {
        struct pcol *cs = &pc->col[s];
        size_t ok = 0, bad = 0;
        int maxdec = cs->decimals;

        if (cs->scale <= 0 ||
            (pc->npower == 2 && !has_ci(cs->name, "total") && !sum_word(cs->name)))
            continue; /* of two, only one named a total is their sum ("all_gpu_power_total"
                       * beside one GPU's "gpu0_power"): two equal readings are two devices */
        for (size_t i = 0; i < pc->ncol; i++)
            if (i != s && pc->col[i].scale > 0 && pc->col[i].decimals > maxdec)
                maxdec = pc->col[i].decimals;
        for (size_t r = 0; r < pc->nr && !bad; r++) {
            /* the rounding of the printed values, in watts: half a unit of the last
             * decimal in each column's own unit (0.5 mW for whole milliwatts) */
            double sum = 0, tol = (double)pc->npower * 0.5 * pow(10, -maxdec) * cs->scale;
            int missing = isnan(cs->v[r]);
            for (size_t i = 0; i < pc->ncol; i++)
                if (i != s && pc->col[i].scale > 0) {
                    missing |= isnan(pc->col[i].v[r]);
                    sum += pc->col[i].v[r];
                    tol = fmax(tol, (double)pc->npower * 0.5 * pow(10, -maxdec) *
                                        pc->col[i].scale);
                }
            if (missing)
                continue;
            if (fabs(sum - cs->v[r]) <= tol + 1e-9 * fabs(sum))
                ok++;
            else
                bad++;
        }
        if (!bad && ok) {
            cs->is_sum = 1;
            for (size_t i = 0; i < pc->ncol; i++)
                if (i != s && pc->col[i].scale > 0)
                    br_buf_addf(parts, "%s'%s'", parts->len ? " + " : "", pc->col[i].name);
            return;
        }
    }
    /* a column named as a total that is not the sum: still never one more device */
    for (size_t s = 0; s < pc->ncol; s++) {
        const char *name = pc->col[s].name;
        if (pc->col[s].scale > 0 && (has_ci(name, "total") || sum_word(name))) {
            int empty = 1;
            for (size_t r = 0; r < pc->nr && empty; r++)
                empty = isnan(pc->col[s].v[r]);
            pc->col[s].is_sum = 2;
            if (empty)   /* "Total Power (mW)" never filled in: nothing to compare */
                br_source_diag(pc->src, BR_WARNING, pc->line[0] > 1 ? pc->line[0] - 1 : 1, 1,
                               "column '%s' is named as a total but is empty on every row: "
                               "no reading of it", name);
            else
                br_source_diag(pc->src, BR_WARNING, pc->line[0] > 1 ? pc->line[0] - 1 : 1, 1,
                               "column '%s' is named as a total but is not the sum of the "
                               "other power columns on every row: kept apart as a total of "
                               "its own, never added to them", name);
            return;
        }
    }
}

/*
 * Loggers that poll a BMC often write 0 when the poll fails
 * (`jq '.Reading // 0'`). A reading of exactly 0 W among readings whose
 * median is above 50 W, in at most a tenth of the rows, is such a failed
 * poll: it becomes missing, with one warning per column.
 */
static void drop_failed_polls(struct pc *pc, struct pcol *c)
{
    double *s = br_xmalloc(pc->nr * sizeof(*s));
    size_t n = 0, zeros = 0, first = 0;

    for (size_t r = 0; r < pc->nr; r++)
        if (!isnan(c->v[r])) {
            if (c->v[r] == 0 && zeros++ == 0)
                first = r;
            s[n++] = c->v[r];
        }
    if (zeros && zeros * 10 <= pc->nr) {
        qsort(s, n, sizeof(*s), br_cmp_double);
        if (s[n / 2] > 50) {
            for (size_t r = 0; r < pc->nr; r++)
                if (c->v[r] == 0)
                    c->v[r] = NAN;
            br_source_diag(pc->src, BR_WARNING, pc->line[first], 1,
                           "%zu reading%s of 0 W in column '%s', whose median is %g W, taken "
                           "as failed polls (missing), the first here",
                           zeros, zeros == 1 ? "" : "s", c->name, s[n / 2]);
        }
    }
    free(s);
}

static const char *domain_of(const char *name);

/*
 * Power columns whose every reading is 0 W (two or more): no power was read at all, as
 * a BMC poll that always failed writes (`jq '.Reading // 0'`), a tegrastats rail "NC"
 * (not connected), a meter's channel with nothing on it, Intel Power Gadget's DRAM Power
 * where the processor has no such counter: not a device drawing none. They are no power
 * columns, each with a warning; nor is any of them the others' total. An integrated GPU
 * ("GT Power") may be gated off for a whole short log: its zeros stand.
 */
/*
 * How many readings of column `c` there are in the rows of key `k` (every row when `k` is
 * SIZE_MAX), if all of them, two or more, are 0; else 0. *first: the first such row.
 */
static size_t all_zero(const struct pc *pc, const struct pcol *c, size_t k, size_t *first)
{
    size_t n = 0, zeros = 0;

    for (size_t r = 0; r < pc->nr; r++)
        if ((k == SIZE_MAX || pc->key[r] == k) && !isnan(c->v[r])) {
            if (c->v[r] == 0 && zeros++ == 0)
                *first = r;
            n++;
        }
    return n >= 2 && zeros == n ? zeros : 0;
}

static void zero_only(struct pc *pc)
{
    for (size_t i = 0; i < pc->ncol; i++) {
        struct pcol *c = &pc->col[i];
        size_t zeros, first = 0;

        if (c->scale <= 0 || !strcmp(domain_of(c->name), "igpu") ||
            !(zeros = all_zero(pc, c, SIZE_MAX, &first)))
            continue;
        br_source_diag(pc->src, BR_WARNING, pc->line[first], 1,
                       "every reading in column '%s' is 0 W (%zu rows): nothing was read in "
                       "it (a counter the machine lacks, a channel with nothing on it, polls "
                       "that failed), not a device that drew none: no trace of it",
                       c->name, zeros);
        c->scale = 0;
        pc->npower--;
    }
}

/* The most, in watts, that a column of a machine's milliwatts may read and yet be watts. */
#define PC_MW_AS_W_MAX 0.02

/*
 * A column that names milliwatts for a whole machine ("Power (mW)") whose every reading is
 * above 0 and under 20 mW: no board that trains a model draws so little, and a machine's
 * idle floor (never 0) is a watt's, not a milliwatt's. A logger that multiplies volts by
 * amps and names the product mW writes watts there (an RPi 5's PMIC read as 3.32 to 6.94
 * "mW"); scaled, the trace would be a thousand times too small; as watts, a guess. No trace
 * of it, with a warning that says how to name the unit. A GPU in milliwatts at idle reads
 * 0 at times or more than 20 (an Apple GPU's "mw": 0 to 91), and rails and parts of a
 * machine are not asked.
 */
static void milliwatts_too_small(struct pc *pc)
{
    for (size_t i = 0; i < pc->ncol; i++) {
        struct pcol *c = &pc->col[i];
        size_t n = 0, first = 0;
        double lo = INFINITY, hi = 0;
        const char *dom = domain_of(c->name);

        if (c->scale != 0.001 || !unit_named(c->name) ||
            (strcmp(dom, "node") && strcmp(dom, "combined")))
            continue;
        for (size_t r = 0; r < pc->nr; r++) {
            if (isnan(c->v[r]))
                continue;
            if (n++ == 0)
                first = r;
            lo = fmin(lo, c->v[r]);
            hi = fmax(hi, c->v[r]);
        }
        if (n < 2 || lo <= 0 || hi >= PC_MW_AS_W_MAX)
            continue;
        br_source_diag(pc->src, BR_WARNING, pc->line[first], 1,
                       "column '%s' names milliwatts, but its %zu readings are %g to %g mW, "
                       "under what any machine that trains draws: they look like watts (a "
                       "logger that names volts times amps mW): no trace of it (name the "
                       "column's unit W if they are watts)", c->name, n, lo * 1000, hi * 1000);
        c->scale = 0;
        pc->npower--;
    }
}

/* Readings a running total must have before it is called one. */
#define PC_COUNTER_MIN 50

/*
 * A column named as power whose readings never fall, for each device, and
 * rise: a meter's running total of energy ("muxPower1": 969561.5, 969561.6,
 * ...), not a power. Real power goes up and down. Says so, and 1.
 */
static int running_total(struct pc *pc, const struct pcol *c)
{
    size_t n = 0, rises = 0;

    for (size_t k = 0; k < (pc->key_col >= 0 ? pc->nkeys : 1); k++) {
        double last = NAN;
        for (size_t r = 0; r < pc->nr; r++) {
            if ((pc->key_col >= 0 && pc->key[r] != k) || isnan(c->v[r]))
                continue;
            if (c->v[r] < last)
                return 0;
            rises += c->v[r] > last;
            last = c->v[r];
            n++;
        }
    }
    if (n < PC_COUNTER_MIN || rises < 5)
        return 0;
    br_source_diag(pc->src, BR_WARNING, pc->line[0], 1,
                   "column '%s' never falls over %zu readings: a running total (of energy), "
                   "not power; not read", c->name, n);
    return 1;
}

/* More than any one GPU or CPU package draws, in watts. */
#define PC_DEVICE_MAX_W 2000

/* The median of a column's readings; NaN when it has none. */
static double col_median(const struct pc *pc, const struct pcol *c)
{
    double *s = br_xmalloc((pc->nr ? pc->nr : 1) * sizeof(*s));
    size_t n = 0;
    double med = NAN;

    for (size_t r = 0; r < pc->nr; r++)
        if (!isnan(c->v[r]))
            s[n++] = c->v[r];
    if (n) {
        qsort(s, n, sizeof(*s), br_cmp_double);
        med = s[n / 2];
    }
    free(s);
    return med;
}

/*
 * A column of one device (its name says gpu, cpu, cores, dram; or the rows
 * name GPUs) whose median reading is more than any one such device draws:
 * named in watts but holding milliwatts ("gpu_power_w": 32856, what NVML and
 * nvitop's power_usage() return). Which unit it is the file does not say, so
 * the column is not read, with the reason. Says so, and 1.
 */
static int beyond_device(struct pc *pc, const struct pcol *c, const char *domain)
{
    double med = col_median(pc, c);

    if (isnan(med) || med <= PC_DEVICE_MAX_W)
        return 0;
    br_source_diag(pc->src, BR_WARNING, pc->line[0], 1,
                   "column '%s' reads as watts, but its median reading, %g W, is more than "
                   "one %s draws (milliwatts under a name in W, as NVML gives them?): not read",
                   c->name, med, domain);
    return 1;
}

/*
 * A column named "Power" and nothing else, no unit in its values either,
 * whose median reading is more than any one device draws: the watts of a
 * big machine, or milliwatts (a laser's output beside its diode currents, a
 * board's sensor)? The file does not say, so the column is not read, with
 * the reason. (A name that says more, such as a meter's "activePower1", is
 * read as watts.) Says so, and 1.
 */
static int unitless_beyond(struct pc *pc, const struct pcol *c)
{
    double med;

    if (strcasecmp(c->name, "power") || c->unit_in_values)
        return 0;
    med = col_median(pc, c);
    if (isnan(med) || med <= PC_DEVICE_MAX_W)
        return 0;
    br_source_diag(pc->src, BR_WARNING, pc->line[0], 1,
                   "column '%s' names no unit and its median reading is %g: watts of a whole "
                   "machine, or milliwatts? not read (name the unit, as in '%s_W' or "
                   "'%s (mW)')",
                   c->name, med, c->name, c->name);
    return 1;
}

/*
 * One logger writes its power columns in one unit. When the column `mw`,
 * named without a unit, reads as milliwatts (beyond_device()), the other
 * power columns named without a unit, with none in their values, are the
 * same logger's milliwatts too, whatever their medians (a CPU rail idling
 * at 0 beside a GPU rail's 2800, tegrastats' VDD_CPU_CV and VDD_GPU_SOC in
 * a home-made CSV): they are not read either, with a warning naming them.
 */
static void drop_same_logger_units(struct pc *pc, long mw)
{
    struct br_buf names = BR_BUF_INIT;
    size_t n = 0;
    unsigned line = pc->nr ? pc->line[0] : 1;

    for (size_t i = 0; i < pc->ncol; i++) {
        struct pcol *c = &pc->col[i];
        if (c->scale <= 0 || unit_named(c->name) || c->unit_in_values)
            continue;
        br_buf_addf(&names, "%s'%s'", n++ ? ", " : "", c->name);
        c->scale = 0;
        pc->npower--;
    }
    if (n)
        br_source_diag(pc->src, BR_WARNING, line, 1,
                       "column%s %s, named without a unit as '%s' is, not read either: one "
                       "logger writes its columns in one unit",
                       n == 1 ? "" : "s", names.buf, pc->col[mw].name);
    br_buf_release(&names);
}

/* Instants with two or more devices that a column must agree on before it is called shared. */
#define PC_SHARED_MIN 3

/*
 * In a long layout (a row per device and time), a logger may repeat the
 * machine's own readings on every device's row: `gpu_index,...,gpu_power_w,
 * total_measured_power_w` with the CPU's and the total's watts the same on
 * the three GPUs' rows of one instant. Such a column is the machine's: it
 * gets one trace, not one per device (three copies of a total would be
 * counted three times). A column is shared when the rows of one instant
 * agree on it at PC_SHARED_MIN instants or more and never differ, and its
 * value changes over time (two idle GPUs at a constant 25 W stay two
 * devices); a column with no value at all is shared too (nothing tells).
 */
static void find_shared(struct pc *pc)
{
    if (pc->key_col < 0 || pc->nkeys < 2)
        return;
    for (size_t i = 0; i < pc->ncol; i++) {
        struct pcol *c = &pc->col[i];
        size_t agree = 0, seen = 0;
        int differ = 0, varied = 0;
        double first = NAN;

        if (c->scale <= 0)
            continue;
        for (size_t r = 0; r < pc->nr && !differ; r++) {
            if (!isnan(c->v[r])) {
                if (!seen++)
                    first = c->v[r];
                else if (c->v[r] != first)
                    varied = 1;
            }
            if (r == 0 || isnan(pc->t[r]) || pc->t[r] != pc->t[r - 1] ||
                pc->key[r] == pc->key[r - 1])
                continue;
            if (isnan(c->v[r]) && isnan(c->v[r - 1]))
                continue;
            if (c->v[r] == c->v[r - 1])
                agree++;
            else
                differ = 1;
        }
        c->shared = !differ && ((agree >= PC_SHARED_MIN && varied) || seen == 0);
    }
}

/* A total whose parts are not all there is not a total of that instant. */
static void clear_partial_sums(struct pc *pc)
{
    for (size_t s = 0; s < pc->ncol; s++) {
        if (pc->col[s].is_sum != 1)
            continue;
        for (size_t r = 0; r < pc->nr; r++)
            for (size_t i = 0; i < pc->ncol; i++)
                if (i != s && pc->col[i].scale > 0 && isnan(pc->col[i].v[r]))
                    pc->col[s].v[r] = NAN;
    }
}

/*
 * The domain a column's name implies. Parts of a package get domains of
 * their own (Intel Power Gadget's IA cores and GT graphics), so that the
 * package is never added to its parts.
 */
/*
 * Whether `word` is one of the words of `name` (split at '_', ' ', '-', '.', '(' and ')'):
 * "power_soc_mw" has "soc", "socket_power" has not.
 */
static int has_word_ci(const char *name, const char *word)
{
    size_t k = strlen(word);

    for (const char *p = name; (p = strcasestr(p, word)) != NULL; p++) {
        int before = p == name || strchr("_ -.()", p[-1]), after = !p[k] || strchr("_ -.()", p[k]);
        if (before && after)
            return 1;
    }
    return 0;
}

/*
 * A Jetson's module input (VDD_IN, POM_5V_IN) as a logger of its own names it: "power_in_mw",
 * "vdd_in (mW)", "in_w": the word "in" before the unit, the power word or nothing else.
 */
static int input_rail(const char *name)
{
    static const char *const heads[] = { "power_in", "pwr_in", "vdd_in", "pom_5v_in", "in_",
                                         "in ", "p_in" };

    for (size_t i = 0; i < sizeof(heads) / sizeof(heads[0]); i++) {
        size_t n = strlen(heads[i]);
        if (!strncasecmp(name, heads[i], n) &&
            (heads[i][n - 1] == '_' || heads[i][n - 1] == ' ' || !name[n] || name[n] == '_' ||
             name[n] == ' ' || name[n] == '('))
            return 1;
    }
    return 0;
}

static const char *domain_of(const char *name)
{
    int gpu = has_ci(name, "gpu"), cpu = has_ci(name, "cpu");

    if (turbostat_domain(name))
        return turbostat_domain(name);
    /* a Jetson's rails in a CSV of its owner's names (hokwangchoi's power_soc_mw,
     * power_cpu_gpu_cv_mw, power_in_mw): the input is the module's whole draw, as the
     * tegrastats reader's VDD_IN; the SoC rail is inside it, never added to it */
    if (input_rail(name))
        return "combined";
    if (has_word_ci(name, "soc") && !gpu && !cpu)
        return "shared";
    /* a Jetson's shared rails (VDD_GPU_SOC, VDD_CPU_CV, VDD_CPU_GPU_CV) and its 5 V system
     * rail (VIN_SYS_5V0: part of the module's draw, not all of it): neither a GPU's nor a
     * CPU's nor the machine's, never added to another; own_rail() names them */
    if (((gpu || cpu) && (has_ci(name, "soc") || has_ci(name, "_cv") || (gpu && cpu))) ||
        !strncasecmp(name, "VIN_SYS", 7))
        return "shared";
    if (has_ci(name, "gpu") || has_ci(name, "graphics"))   /* rocm-smi: Graphics Package */
        return "gpu";
    /* nvidia-smi's field, in a CSV a spreadsheet re-saved with ';' (a GPU's power) */
    if (!strncasecmp(name, "power.draw", 10))
        return "gpu";
    if (!strncasecmp(name, "IA ", 3) || !strncasecmp(name, "IA_", 3) || has_ci(name, "cores"))
        return "cores";
    if (!strncasecmp(name, "GT ", 3) || !strncasecmp(name, "GT_", 3))
        return "igpu";
    /* a hardware monitor's "CPU Memory" and "CPU Platform" are not the package */
    if (has_ci(name, "dram") || has_ci(name, "memory"))
        return "dram";
    /* a Jetson's memory rails: VDDQ_VDD2_1V8AO, VDD_SYS_DDR */
    if (!strncasecmp(name, "VDDQ", 4) || has_ci(name, "_ddr"))
        return "dram";
    if (has_ci(name, "platform"))
        return "node";
    if (has_ci(name, "cpu") || has_ci(name, "pkg") || has_ci(name, "package") ||
        has_ci(name, "processor"))
        return "cpu";
    if (has_ci(name, "dram") || has_ci(name, "mem"))
        return "dram";
    return "node";
}

/* The rows name GPUs (a "gpu" or "card" column, as amd-smi's --csv has): their power is a GPU's. */
/* rocm-smi's names for its GPUs: "card0", "card7". */
static int card_name(const char *s)
{
    if (strncmp(s, "card", 4) || !s[4])
        return 0;
    for (s += 4; *s; s++)
        if (!isdigit((unsigned char)*s))
            return 0;
    return 1;
}

/* "gpu", "gpu_id", "GPUId" (DCGM's), "gpu index", "gpu.index", "gpu_idx", "gpu_num". */
static int gpu_word(const char *k)
{
    static const char *const rest[] = { "", "id", "index", "idx", "num", "no" };

    if (strncasecmp(k, "gpu", 3))
        return 0;
    k += 3;
    if (*k && strchr("_ .-", *k))
        k++;
    for (size_t i = 0; i < sizeof(rest) / sizeof(rest[0]); i++)
        if (!strcasecmp(k, rest[i]))
            return 1;
    return 0;
}

static int gpu_key(const struct pc *pc)
{
    const char *k = pc->key_col >= 0 ? pc->col[pc->key_col].name : "";
    int cards = pc->nkeys > 0;

    for (size_t i = 0; i < pc->nkeys && cards; i++)
        cards = card_name(pc->keys[i]);
    return gpu_word(k) || !strcasecmp(k, "card") || cards;
}

/* The rows name sensors of one machine ("CPU Package", "GPU Power"): the domain is the sensor's. */
static int sensor_key(const struct pc *pc)
{
    return pc->key_col >= 0 && has_ci(pc->col[pc->key_col].name, "sensor");
}

/* The column name without its unit: "Power (W)" -> "Power", "n1_watts" stays. */
static void device_name(const char *name, char *out, size_t size)
{
    size_t n = strlen(name);
    const char *br = strchr(name, '(');
    if (!br)
        br = strchr(name, '[');
    if (br && br > name)
        n = (size_t)(br - name);
    while (n && name[n - 1] == ' ')
        n--;
    if (n >= size)
        n = size - 1;
    memcpy(out, name, n);
    out[n] = '\0';
}

/* The part of a column's name before its last '-' (else its last '_'): the rail or device. */
static size_t stem_len(const char *name)
{
    const char *d = strrchr(name, '-');
    if (!d)
        d = strrchr(name, '_');
    return d ? (size_t)(d - name) : 0;
}

/*
 * The domain of a shared rail, as the tegrastats reader names it: the rail, lower case,
 * without what the logger added ("VDD_GPU_SOC-IN_POWER", "Power VDD_GPU_SOC",
 * "VDD_GPU_SOC_mW_Current": "vdd_gpu_soc").
 */
static const char *own_rail(struct br_trace *tr, const char *name)
{
    char low[PC_NAME];
    const char *dash = strrchr(name, '-');
    size_t n = dash ? (size_t)(dash - name) : strlen(name);

    if (n > 6 && !strncasecmp(name, "power ", 6)) {   /* jtop's "Power VDD_CPU_GPU_CV" */
        name += 6;
        n -= 6;
    }
    if (n >= sizeof(low))
        n = sizeof(low) - 1;
    for (size_t i = 0; i < n; i++)
        low[i] = (char)tolower((unsigned char)name[i]);
    low[n] = '\0';
    {
        /* a parsed tegrastats CSV's "VDD_GPU_SOC_mW_Current": the unit and what follows */
        char *mw = strstr(low, "_mw");
        if (mw && mw > low && (mw[3] == '\0' || mw[3] == '_'))
            *mw = '\0';
    }
    return br_arena_strdup(&tr->arena, low);
}

/* The least and the most a Jetson module draws, in W (a Nano idles near 1 W, a Thor peaks at 130). */
#define PC_JETSON_MIN_W 0.5
#define PC_JETSON_MAX_W 200

/*
 * jtop's power columns are milliwatts; a file whose readings, so read, are
 * no Jetson's (its largest under 0.5 W: watts already, a script's own
 * division; or over 200 W) cannot be decided: none of them is read, with a
 * warning. jtop 3's "power avg" (tegrastats' average since it started) is
 * not a reading: not read, with a note.
 */
static void jtop_check(struct pc *pc)
{
    double most = NAN;
    unsigned line = pc->line[0] > 1 ? pc->line[0] - 1 : 1;

    if (pc->jtop_avg >= 0)
        br_source_diag(pc->src, BR_NOTE, line, 1,
                       "column '%s' is jtop's average since it started, not a reading: not "
                       "read", pc->col[pc->jtop_avg].name);
    for (size_t i = 0; i < pc->ncol; i++)
        for (size_t r = 0; r < pc->nr && pc->col[i].scale > 0; r++)
            if (!isnan(pc->col[i].v[r]) && !(pc->col[i].v[r] <= most))
                most = pc->col[i].v[r];
    if (isnan(most) || (most >= PC_JETSON_MIN_W && most <= PC_JETSON_MAX_W))
        return;
    br_source_diag(pc->src, BR_WARNING, pc->line[0], 1,
                   "a jtop log: its power columns are milliwatts, but read so the largest "
                   "reading is %g W, %s any Jetson module draws: the unit is not jtop's? "
                   "not read", most, most < PC_JETSON_MIN_W ? "less than" : "more than");
    for (size_t i = 0; i < pc->ncol; i++)
        if (pc->col[i].scale > 0) {
            pc->col[i].scale = 0;
            pc->npower--;
        }
}

/*
 * The domain of jtop's "Power X" as the tegrastats reader names rail X: the
 * module's input (VDD_IN, POM_5V_IN) and jtop's total ("Power TOT", jtop 3's
 * "power cur": the input rail where the board has one, else all its rails)
 * are combined; a rail of the GPU or CPU alone is gpu or cpu; memory rails
 * dram; a shared rail its own name, lower case ("vdd_cpu_gpu_cv").
 */
static const char *jtop_domain(struct br_trace *tr, const char *name)
{
    const char *rail = strncasecmp(name, "Power", 5) || !name[5] ? name : name + 6;
    const char *d;

    if (!strcmp(rail, "TOT") || !strcmp(name, "power cur"))
        return "combined";
    d = br_hw_jetson_rail_domain(rail);
    return d ? d : own_rail(tr, rail);
}

/* The one trace of a shared column: the first row of each instant. */
static void make_shared_trace(struct pc *pc, struct pcol *c, const char *dev)
{
    struct br_trace *tr = br_source_new_trace(pc->src);

    tr->device = br_arena_strdup(&tr->arena, dev);
    tr->domain = has_ci(c->name, "total") || sum_word(c->name) ? "total" : domain_of(c->name);
    if (!strcmp(tr->domain, "shared"))
        tr->domain = own_rail(tr, c->name);
    tr->power_source = br_arena_strdup(&tr->arena, c->name);
    tr->zoned = pc->zoned;
    tr->timed = pc->time_col >= 0 || (pc->o && pc->o->interval_s > 0);
    tr->first_line = pc->line[0];
    br_trace_add_channel(tr, "power", "W");
    for (size_t r = 0; r < pc->nr; r++)
        if (r == 0 || pc->t[r] != pc->t[r - 1])
            br_trace_append_row(tr, pc->t[r], &c->v[r]);
}

/* The trace of column `c` for device `k` (all rows when there is no device column). */
/*
 * Whether the log is Intel Power Gadget's (its "Cumulative Processor Energy_0(Joules)"),
 * whose every row is the mean power since the row before ("Processor Power_0(Watt)" is the
 * energy counter's step over the elapsed time's): each sample's window.
 */
static int power_gadget(const struct pc *pc)
{
    for (size_t i = 0; i < pc->ncol; i++)
        if (!strncasecmp(pc->col[i].name, "Cumulative Processor Energy", 27))
            return 1;
    return 0;
}

/* Each sample of `tr` averages the time since the one before; the first, since 0 s. */
static void windows_since_before(struct br_trace *tr)
{
    br_trace_enable_window(tr);
    for (size_t i = 0; i < tr->nr; i++)
        tr->window[i] = i ? tr->t[i] - tr->t[i - 1] : tr->t[0] > 0 ? tr->t[0] : 0;
}

/*
 * Whether column `c` read nothing for the device of key `k` (its rows all 0 W, two or
 * more: zero_only's reasons, one device at a time); says so.
 */
static int key_zero_only(struct pc *pc, const struct pcol *c, size_t k)
{
    size_t zeros, first = 0;

    if (pc->key_col < 0 ||
        !strcmp(domain_of(sensor_key(pc) ? pc->keys[k] : c->name), "igpu") ||
        !(zeros = all_zero(pc, c, k, &first)))
        return 0;
    br_source_diag(pc->src, BR_WARNING, pc->line[first], 1,
                   "every reading in column '%s' of '%s' is 0 W (%zu rows): nothing was read "
                   "in it (a channel with nothing on it?), not a device that drew none: no "
                   "trace of it", c->name, pc->keys[k], zeros);
    return 1;
}

static void make_trace(struct pc *pc, struct pcol *c, size_t k)
{
    struct br_trace *tr;
    char dev[PC_NAME];
    size_t first = 0;

    if (!c->shared && key_zero_only(pc, c, k))
        return;
    if (c->shared) {
        device_name(c->name, dev, sizeof(dev));
        make_shared_trace(pc, c, dev);
        return;
    }
    tr = br_source_new_trace(pc->src);

    device_name(c->name, dev, sizeof(dev));
    if (pc->blocks && c->block_dev[0]) {
        /* its block's device (amd-smi's GPUs side by side) */
        tr->device = br_arena_strdup(&tr->arena, c->block_dev);
    } else if (pc->key_col >= 0) {
        /* the device the rows name; its column's name when there are several */
        tr->device = br_arena_strdup(&tr->arena, pc->keys[k]);
        tr->name = pc->npower > 1 ? br_arena_strdup(&tr->arena, dev) : NULL;
        while (first < pc->nr && pc->key[first] != k)
            first++;
    } else {
        tr->device = br_arena_strdup(&tr->arena, dev);
    }
    tr->domain = c->is_sum      ? "total"
                 : gpu_key(pc)   ? "gpu"
                 : sensor_key(pc) ? domain_of(pc->keys[k])
                                 : domain_of(c->name);
    if (!strcmp(tr->domain, "shared"))
        tr->domain = own_rail(tr, sensor_key(pc) ? pc->keys[k] : c->name);
    if (pc->jtop)
        tr->domain = jtop_domain(tr, c->name);
    if (pc->pinpoint)
        tr->domain = pinpoint_domain(c->name);
    tr->power_source = br_arena_strdup(&tr->arena, c->name);
    tr->zoned = pc->zoned;
    tr->timed = pc->time_col >= 0 || (pc->o && pc->o->interval_s > 0);
    tr->first_line = pc->line[first];
    br_trace_add_channel(tr, "power", "W");
    for (size_t r = 0; r < pc->nr; r++)
        if (pc->key_col < 0 || pc->key[r] == k)
            br_trace_append_row(tr, pc->t[r], &c->v[r]);
    if (pc->elapsed == 1 && power_gadget(pc))
        windows_since_before(tr);
}

static int seen_any(const struct pcol *c, size_t nr)
{
    for (size_t r = 0; r < nr; r++)
        if (!isnan(c->v[r]))
            return 1;
    return 0;
}

static void explain(struct pc *pc, const struct br_buf *parts)
{
    struct br_buf b = BR_BUF_INIT;
    size_t k = 0, n = 0;

    if (pc->date_col >= 0)
        br_buf_addf(&b, "date from column %ld '%s', ", pc->date_col + 1,
                    pc->col[pc->date_col].name);
    if (pc->time_col >= 0)
        br_buf_addf(&b, "time from column %ld '%s'%s; ", pc->time_col + 1,
                    pc->col[pc->time_col].name,
                    pc->powerjoular == 2 ? " (PowerJoular's: the number after the seconds' dot "
                                           "counts milliseconds, '54. 78' is 54.078 s)"
                    : pc->epoch_unit ? pc->epoch_unit
                    : pc->elapsed == 2 ? " (a time of day without a date: no clock time)"
                    : pc->elapsed ? (pc->elapsed_unit < 1e-6
                                         ? " (nanoseconds from the start: no clock time)"
                                     : pc->elapsed_unit < 1e-3
                                         ? " (microseconds from the start: no clock time)"
                                     : pc->elapsed_unit < 1
                                         ? " (milliseconds from the start: no clock time)"
                                         : " (seconds from the start: no clock time)")
                                  : "");
    br_buf_addstr(&b, "power from ");
    for (size_t i = 0; i < pc->ncol; i++)
        n += pc->col[i].scale > 0 && !pc->col[i].is_sum;
    for (size_t i = 0; i < pc->ncol; i++) {
        const struct pcol *c = &pc->col[i];
        if (c->scale <= 0 || c->is_sum)
            continue;
        /* many columns: the first two, the last and their count, so the note stays whole */
        if (n > 4 && k >= 2 && k + 1 < n) {
            if (k++ == 2)
                br_buf_addstr(&b, ", ...");
            continue;
        }
        br_buf_addf(&b, "%scolumn %zu '%s'%s", k++ ? ", " : "", i + 1, c->name,
                    c->scale < 1 ? " (scaled from mW)" : c->scale > 1 ? " (scaled from kW)" : "");
    }
    if (n > 4)
        br_buf_addf(&b, " (%zu columns)", n);
    if (pc->blocks && pc->key_col >= 0)
        br_buf_addf(&b, " (one trace per block of columns, each the device its own '%s' "
                        "column names: devices side by side)", pc->col[pc->key_col].name);
    else if (pc->key_col >= 0)
        br_buf_addf(&b, " (one trace per device named in column %ld '%s')", pc->key_col + 1,
                    pc->col[pc->key_col].name);
    if (pc->key_col < 0)
        br_buf_addf(&b, " (one trace each)");
    if (pc->jtop)
        br_buf_addstr(&b, "; jtop's columns (CPU1, RAM, Power X): its power in milliwatts, "
                          "its GPU a load, no device");
    if (pc->pinpoint)
        br_buf_addstr(&b, "; pinpoint's counters (source:counter): each reading in milliwatts, "
                          "one row a sampling tick, no time (its -i interval: give --interval)");
    for (size_t i = 0; i < pc->ncol; i++)
        if (pc->col[i].is_sum == 1)
            br_buf_addf(&b, "; column %zu '%s' equals %s on every row: their total, not one "
                            "more device",
                        i + 1, pc->col[i].name, parts->buf);
    br_source_diag(pc->src, BR_NOTE, pc->line[0] > 1 ? pc->line[0] - 1 : 1, 1, "%s", b.buf);
    br_buf_release(&b);
    for (size_t i = 0; i < pc->ncol; i++)
        if (pc->col[i].scale > 0 && pc->col[i].shared)
            br_source_diag(pc->src, BR_NOTE, pc->line[0] > 1 ? pc->line[0] - 1 : 1, 1,
                           "column %zu '%s' %s: the machine's, one trace%s", i + 1,
                           pc->col[i].name,
                           seen_any(&pc->col[i], pc->nr) ? "is the same on each device's row "
                                                           "of an instant"
                                                         : "is empty on every row",
                           has_ci(pc->col[i].name, "total") || sum_word(pc->col[i].name)
                               ? " (a total: domain total, never added to the devices)"
                               : ", not one per device");
}

/* A device name that names none: "-N/A-", "N/A", "-", "[N/A]", "none" (powerstat's GPU). */
static int no_device(const char *k)
{
    size_t n = strlen(k);
    while (n && (*k == '-' || *k == '[' || *k == ' ')) {
        k++;
        n--;
    }
    while (n && (k[n - 1] == '-' || k[n - 1] == ']' || k[n - 1] == ' '))
        n--;
    return n == 0 || (n == 3 && !strncasecmp(k, "N/A", 3)) || (n == 2 && !strncasecmp(k, "NA", 2)) ||
           (n == 4 && !strncasecmp(k, "none", 4)) || (n == 4 && !strncasecmp(k, "null", 4));
}

/*
 * A device column that names no device on any row (powerstat's `GPU` column
 * holds "-N/A-" on a machine without one) is no device column: its rows are
 * the machine's, one trace per power column, never a GPU's.
 */
static void drop_empty_key(struct pc *pc)
{
    if (pc->key_col < 0 || pc->nkeys != 1 || !no_device(pc->keys[0]))
        return;
    br_source_diag(pc->src, BR_NOTE, pc->line[0] > 1 ? pc->line[0] - 1 : 1, 1,
                   "column %ld '%s' holds '%s' on every row, no device: not read as a device "
                   "column", pc->key_col + 1, pc->col[pc->key_col].name, pc->keys[0]);
    pc->key_col = -1;
    pc->blocks = 0;
}

/*
 * An unread time column of dashed dates (dashed_date()) is read when its values say the
 * order: a first field over 12 on some row is a day (day first), a second one a day (month
 * first). When every date reads both ways, nothing says which: no times, and the warning
 * says so (as the smart plug's slashed dates). Times that go back are not read either.
 */
static void dashed_dates(struct pc *pc)
{
    int o;

    if (pc->unread_time < 0 || pc->time_col >= 0 || (pc->o && pc->o->interval_s > 0) ||
        !pc->dm_t[0] || pc->dm_bad || !pc->nr)
        return;
    if (!pc->dm_line[0] && !pc->dm_line[1]) {
        pc->dm_ambiguous = 1;
        return;
    }
    if (pc->dm_line[0] && pc->dm_line[1])
        return;   /* some rows one way, some the other: no one order */
    o = pc->dm_line[0] ? 1 : 0;
    for (size_t r = 1; r < pc->nr; r++)
        if (pc->dm_t[o][r] < pc->dm_t[o][r - 1])
            return;
    memcpy(pc->t, pc->dm_t[o], pc->nr * sizeof(double));
    pc->time_col = pc->unread_time;
    pc->zoned = 0;
    br_source_diag(pc->src, BR_NOTE, pc->dm_line[!o], 1,
                   "column '%s' writes its dates %s first: this line's read %s first has a "
                   "month over 12", pc->col[pc->unread_time].name, o ? "day" : "month",
                   o ? "month" : "day");
    pc->unread_time = -1;
}

/* Whether each row's time is later than the row before's: every row a new instant. */
static int rows_each_later(const struct pc *pc)
{
    if (pc->time_col < 0)
        return 0;
    for (size_t r = 1; r < pc->nr; r++)
        if (!(pc->t[r] > pc->t[r - 1]))
            return 0;
    return 1;
}

/*
 * A device column that counts the rows (key_count_row()) at a later time on each row is
 * no device column: ssaraff98/tegrastats_parser's 'Index' beside 'Time (mS)'. Untimed,
 * or at one instant, 0, 1, 2... may be one poll of the GPUs by their index: kept.
 */
static void count_key(struct pc *pc)
{
    if (pc->key_col >= 0 && !pc->key_uncounted && pc->nr >= 3 && rows_each_later(pc))
        drop_count_key(pc);
    if (pc->key_counted)
        br_source_diag(pc->src, BR_NOTE, pc->line[0] > 1 ? pc->line[0] - 1 : 1, 1,
                       "column %ld '%s' counts the rows (one more each row): no device column",
                       pc->key_counted, pc->col[pc->key_counted - 1].name);
}

/*
 * A device column that names a device seen on no other row on most rows, each row later
 * than the one before, is no device column and not one device either (a row's id, a
 * run's): no trace. One poll of several devices at one instant is not this.
 */
static int one_row_devices(struct pc *pc)
{
    size_t once = 0, rows[PC_MAX_KEYS] = { 0 };

    if (pc->key_col < 0 || pc->nkeys < 3 || !rows_each_later(pc))
        return 0;
    for (size_t r = 0; r < pc->nr; r++)
        rows[pc->key[r]]++;
    for (size_t k = 0; k < pc->nkeys; k++)
        once += rows[k] == 1;
    if (once * 2 <= pc->nr)
        return 0;
    br_source_diag(pc->src, BR_ERROR, pc->line[0], 1,
                   "column %ld '%s' names a device of one row on %zu of %zu rows, each row "
                   "later: not devices, and not known to be one: not read",
                   pc->key_col + 1, pc->col[pc->key_col].name, once, pc->nr);
    return -1;
}

/*
 * `name` without its statistic words ("gpu_power_avg_w" -> "gpu_power_w")
 * and the words that name the plain reading ("instant"), lower case, into
 * out; 1 when it had a statistic word.
 */
static int strip_statistic(const char *name, char *out, size_t size)
{
    static const char *const stats[] = { "avg", "average", "mean", "smoothed", "rolling",
                                         "max", "min", "peak" };
    /* words that say the reading itself: "power_instant_W" beside "power_avg_W" */
    static const char *const plain[] = { "inst", "instant", "instantaneous", "current", "now",
                                         "in" /* jtop's "X-IN_POWER" beside "X-AVG_POWER" */ };
    size_t o = 0;
    int had = 0;

    while (*name && o + 1 < size) {
        size_t n = strcspn(name, "_- ()[]");
        int stat = 0, word = 0;
        for (size_t i = 0; i < sizeof(stats) / sizeof(stats[0]) && !stat; i++)
            stat = n == strlen(stats[i]) && !strncasecmp(name, stats[i], n);
        for (size_t i = 0; i < sizeof(plain) / sizeof(plain[0]) && !word; i++)
            word = n == strlen(plain[i]) && !strncasecmp(name, plain[i], n);
        if (stat || word) {
            had |= stat;
            name += n;
            if (*name)   /* the separator after it goes too */
                name++;
            continue;
        }
        for (size_t i = 0; i < n && o + 1 < size; i++)
            out[o++] = (char)tolower((unsigned char)name[i]);
        name += n;
        if (*name && o + 1 < size)
            out[o++] = *name++;
    }
    out[o] = '\0';
    return had;
}

/* Whether `name` has a word saying an instantaneous reading ("..._POWER_USAGE_INSTANT"). */
static int instant_word(const char *name)
{
    static const char *const words[] = { "inst", "instant", "instantaneous" };

    while (*name) {
        size_t n = strcspn(name, "_- ()[].");
        for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
            if (n == strlen(words[i]) && !strncasecmp(name, words[i], n))
                return 1;
        name += n;
        while (*name && strchr("_- ()[].", *name))
            name++;
    }
    return 0;
}

/* strip_statistic()'s name without the separators it leaves at the end. */
static void strip_plain(const char *name, char *out, size_t size)
{
    size_t n;

    strip_statistic(name, out, size);
    n = strlen(out);
    while (n && strchr("_- ()[].", out[n - 1]))
        out[--n] = '\0';
}

/*
 * DCGM's DCGM_FI_DEV_POWER_USAGE beside DCGM_FI_DEV_POWER_USAGE_INSTANT, or
 * "power_W" beside "power_instant_W": the same device's power twice, the first
 * averaged by the driver. The instantaneous one is read (as nvsmi reads
 * power.draw.instant before power.draw); the other not, with a note.
 */
static void drop_averaged_beside_instant(struct pc *pc)
{
    for (size_t i = 0; i < pc->ncol; i++) {
        char a[PC_NAME], b[PC_NAME];
        if (pc->col[i].scale <= 0 || instant_word(pc->col[i].name))
            continue;
        strip_plain(pc->col[i].name, a, sizeof(a));
        for (size_t j = 0; j < pc->ncol; j++) {
            if (j == i || pc->col[j].scale <= 0 || !instant_word(pc->col[j].name))
                continue;
            strip_plain(pc->col[j].name, b, sizeof(b));
            if (strcmp(a, b))
                continue;
            br_source_diag(pc->src, BR_NOTE, pc->line[0] > 1 ? pc->line[0] - 1 : 1, 1,
                           "column %zu '%s' is the same device's power as column %zu '%s', "
                           "its instantaneous reading, which is read: not read", i + 1,
                           pc->col[i].name, j + 1, pc->col[j].name);
            pc->col[i].scale = 0;
            pc->npower--;
            break;
        }
    }
}

/*
 * A power column that is a statistic of another one ("gpu_power_avg_w"
 * beside "gpu_power_w": a running average, a peak) is the same device's
 * power again, never a second device: not read, with a note.
 */
static void drop_statistic_columns(struct pc *pc)
{
    for (size_t i = 0; i < pc->ncol; i++) {
        char a[PC_NAME], b[PC_NAME];
        if (pc->col[i].scale <= 0 || !strip_statistic(pc->col[i].name, a, sizeof(a)))
            continue;
        for (size_t j = 0; j < pc->ncol; j++) {
            if (j == i || pc->col[j].scale <= 0 || strip_statistic(pc->col[j].name, b, sizeof(b)) ||
                strcmp(a, b))
                continue;
            br_source_diag(pc->src, BR_NOTE, pc->line[0] > 1 ? pc->line[0] - 1 : 1, 1,
                           "column %zu '%s' is a statistic of column %zu '%s' (the same "
                           "device's power again): not read", i + 1, pc->col[i].name, j + 1,
                           pc->col[j].name);
            pc->col[i].scale = 0;
            pc->npower--;
            break;
        }
    }
}

/*
 * A power column named without a unit beside its voltage and current columns
 * ("VDD_GPU_SOC-IN_POWER" 22680, "-IN_VOLTAGE" 19552, "-IN_CURRENT" 1160: an INA3221
 * logger's mV, mA and mW) holds volts times amps: when its readings are a thousandth
 * of that product (within 10 %), they are milliwatts, and so are the other power
 * columns of the same rail ("VDD_GPU_SOC-AVG_POWER"). Said in a note.
 */
static void vi_units(struct pc *pc)
{
    for (size_t i = 0; i < pc->ncol; i++) {
        struct pcol *c = &pc->col[i];
        double r;
        size_t stem;
        if (c->scale != 1 || c->vi_n == 0)
            continue;
        r = c->vi_ratio / (double)c->vi_n;
        if (fabs(r / 1e-3 - 1) > 0.1)
            continue;
        stem = stem_len(c->name);
        for (size_t j = 0; j < pc->ncol; j++) {
            struct pcol *o = &pc->col[j];
            if (o->scale != 1 || (j != i && (o->vi_n || !stem || stem_len(o->name) != stem ||
                                             strncasecmp(o->name, c->name, stem))))
                continue;
            for (size_t k = 0; k < pc->nr; k++)
                o->v[k] *= 0.001;
            o->scale = 0.001;
        }
        br_source_diag(pc->src, BR_NOTE, pc->line[0], 1,
                       "column '%s' is a thousandth of '%s' times '%s' (mV x mA): read as "
                       "milliwatts, as are the rail's other power columns", c->name,
                       pc->col[c->volt].name, pc->col[c->curr].name);
    }
}

/* Whether no power column (scale > 0) holds a reading on any row. */
static int no_reading(const struct pc *pc)
{
    for (size_t i = 0; i < pc->ncol; i++)
        for (size_t k = 0; pc->col[i].scale > 0 && k < pc->nr; k++)
            if (!isnan(pc->col[i].v[k]))
                return 0;
    return 1;
}

static int finish(struct pc *pc, unsigned lines, int have_header)
{
    struct br_buf parts = BR_BUF_INIT;
    long milliwatt_col = -1;   /* the first device column whose readings are milliwatts */

    if (!have_header && pc->wide_line) {
        br_source_diag(pc->src, BR_ERROR, pc->wide_line, 1,
                       "a header with a column in watts but more than %d columns: not read",
                       PC_MAX_COLS);
        return -1;
    }
    if (!have_header && pc->current_line) {
        br_source_diag(pc->src, BR_ERROR, pc->current_line, 1,
                       "a header with a column of current ('%s') and none in watts: amps are "
                       "no watts, and volts times amps is not taken for power", pc->current_name);
        return -1;
    }
    if (!have_header) {
        br_source_diag(pc->src, BR_ERROR, lines ? 1 : 0, lines ? 1 : 0,
                       "no header line with a column in watts (such as 'timestamp,power_W') "
                       "found");
        return -1;
    }
    if (br_restart_end(&pc->restart, pc->src) < 0)
        return -1;
    dashed_dates(pc);
    if (pc->nr == 0 && pc->field_col >= 0 && pc->nfield_other) {
        br_source_diag(pc->src, BR_ERROR, lines, 1,
                       "no row whose column '%s' names a power field (power_usage, "
                       "power_usage_instant, 155, 157): %zu rows of other fields",
                       pc->col[pc->field_col].name, pc->nfield_other);
        return -1;
    }
    if (pc->nr == 0) {
        br_source_diag(pc->src, BR_ERROR, lines, 1, "header but no data lines");
        return -1;
    }
    if (pc->field_col >= 0)
        br_source_diag(pc->src, BR_NOTE, 1, 1,
                       "a row per device, time and field: the power is the rows whose column "
                       "'%s' is '%s'; %zu rows of other fields not read",
                       pc->col[pc->field_col].name, pc->field, pc->nfield_other);
    if (pc->nfield_power2)
        br_source_diag(pc->src, BR_NOTE, 1, 1,
                       "%zu rows of field '%s' not read: one power field per trace, the "
                       "instantaneous one", pc->nfield_power2, pc->field2);
    if (pc->nheaders)
        br_source_diag(pc->src, BR_NOTE, pc->first_header, 1,
                       "the header printed again %zu time%s among the rows (a tool run in a "
                       "loop): not samples", pc->nheaders, pc->nheaders == 1 ? "" : "s");
    if (pc->ncomment)
        br_source_diag(pc->src, BR_NOTE, pc->first_comment, 1,
                       "%zu comment line%s ('#') among the rows skipped", pc->ncomment,
                       pc->ncomment == 1 ? "" : "s");
    if (pc->nshort)
        br_source_diag(pc->src, BR_NOTE, pc->first_short, 1,
                       "%zu row%s with fewer fields than the header: read with the missing "
                       "last column%s empty", pc->nshort, pc->nshort == 1 ? "" : "s",
                       pc->nshort == 1 ? "" : "s");
    if (pc->turbostat && pc->cpu_col < 0 && pc->ts_summary_only)
        br_source_diag(pc->src, BR_NOTE, 1, 1,
                       "turbostat --Summary: the header once, then rows with every cell filled "
                       "and no CPU column: each row is the whole machine's");
    if (pc->nper_cpu)
        br_source_diag(pc->src, BR_NOTE, pc->first_per_cpu, 1,
                       "turbostat: each interval's summary row (the whole machine) is the "
                       "sample; %zu row%s of single packages and CPUs not read", pc->nper_cpu,
                       pc->nper_cpu == 1 ? "" : "s");
    if (pc->nempty)
        br_source_diag(pc->src, BR_NOTE, pc->first_empty, 1,
                       "%zu row%s with a time and no device or power skipped", pc->nempty,
                       pc->nempty == 1 ? "" : "s");
    count_key(pc);
    if (one_row_devices(pc) < 0)
        return -1;
    drop_empty_key(pc);
    vi_units(pc);
    drop_statistic_columns(pc);
    drop_averaged_beside_instant(pc);
    for (size_t i = 0; i < pc->ncol && !pc->jtop; i++) {
        const char *dom = gpu_key(pc)     ? "gpu"
                           : pc->pinpoint ? pinpoint_domain(pc->col[i].name)
                                          : domain_of(pc->col[i].name);
        if (pc->col[i].scale <= 0)
            continue;
        if (!sensor_key(pc) && strcmp(dom, "node") && !has_ci(pc->col[i].name, "total") &&
            !sum_word(pc->col[i].name) &&
            beyond_device(pc, &pc->col[i], !strcmp(dom, "gpu") ? "GPU" : "CPU or its parts")) {
            if (milliwatt_col < 0)
                milliwatt_col = (long)i;
        } else if (!running_total(pc, &pc->col[i]) && !unitless_beyond(pc, &pc->col[i])) {
            continue;
        }
        pc->col[i].scale = 0;
        pc->npower--;
    }
    if (milliwatt_col >= 0 && !unit_named(pc->col[milliwatt_col].name))
        drop_same_logger_units(pc, milliwatt_col);
    if (pc->jtop)
        jtop_check(pc);
    if (!pc->jtop) {
        zero_only(pc);
        milliwatts_too_small(pc);
    }
    if (pc->npower && no_reading(pc)) {
        /* a logger whose power query failed every time ("1717695920," on every row) */
        br_source_diag(pc->src, BR_ERROR, 1, 1,
                       "no column in watts holds a reading on any of the %zu rows: no power "
                       "recorded", pc->nr);
        br_buf_release(&parts);
        return -1;
    }
    if (pc->npower == 0) {
        br_source_diag(pc->src, BR_ERROR, 1, 1,
                       "no column named as power holds readings of power (the warnings say "
                       "why)");
        br_buf_release(&parts);
        return -1;
    }
    if (pc->key_col < 0 && !pc->jtop)   /* a total is across the columns of one row */
        find_sum(pc, &parts);
    find_shared(pc);
    explain(pc, &parts);
    for (size_t i = 0; i < pc->ncol; i++)
        if (pc->col[i].scale > 0 && !pc->col[i].is_sum)
            drop_failed_polls(pc, &pc->col[i]);
    clear_partial_sums(pc);
    for (size_t i = 0; i < pc->ncol; i++)
        for (size_t k = 0; k < (pc->key_col >= 0 && !pc->col[i].shared ? pc->nkeys : 1); k++)
            if (pc->col[i].scale > 0 && !pc->col[i].is_sum)
                make_trace(pc, &pc->col[i], k);
    for (size_t i = 0; i < pc->ncol; i++)
        if (pc->col[i].is_sum)
            make_trace(pc, &pc->col[i], 0);
    if (pc->time_col < 0 && !(pc->o && pc->o->interval_s > 0) && pc->unread_time >= 0)
        /* a smart plug's "11/10/2025 3:24": day and month in an order nothing says */
        br_source_diag(pc->src, BR_WARNING, 1, 1,
                       "column '%s' holds '%s', no time benchreport reads%s: samples keep "
                       "their order but have no times (give --interval MS)",
                       pc->col[pc->unread_time].name, pc->unread_value,
                       strchr(pc->unread_value, '/')
                           ? " (a date with slashes is month/day or day/month)"
                       : pc->dm_ambiguous ? " (a date with dashes is month-day or day-month, "
                                            "and no day over 12 says which)"
                                          : "");
    else if (pc->time_col < 0 && !(pc->o && pc->o->interval_s > 0))
        br_source_diag(pc->src, BR_WARNING, 1, 1,
                       "no time column: samples keep their order but have no times "
                       "(give --interval MS)");
    br_buf_release(&parts);
    return 0;
}

static const char codecarbon_msg[] =
    "a CodeCarbon emissions.csv: one row per tracked run (its duration and energy in kWh, "
    "the last power it measured), not power samples over time";

/* a table of results, one row per run, with no time axis (its column named) */
#define PER_RUN_MSG                                                                             \
    "a table of per-run results ('%s' names, totals or summarises each row's run), not "       \
    "power samples over time"

static int powercsv_parse(struct br_lines *in, struct br_source *src,
                          const struct br_parse_opts *o)
{
    struct pc *pc = br_xcalloc(1, sizeof(*pc));
    const char *line;
    size_t len;
    const char *head;
    size_t hn;
    unsigned skipped = 0;
    int have_header = 0, ret, turbostat_full;

    pc->src = src;
    pc->o = o;
    pc->field_col = -1;
    pc->per_run = -1;   /* no header yet: nothing to refuse as a per-run table */
    br_lines_peek(in, &head, &hn);
    pc->dec_comma = br_decmark_judge(head, hn) == BR_DEC_COMMA;
    pc->ts_summary_only = turbostat_summary_only(head, hn);
    turbostat_full = hn >= 18 && !memcmp(head, "turbostat version", 17);
    pc->unread_time = -1;
    while (br_lines_next(in, &line, &len) > 0) {
        if (in->truncated) {
            br_source_diag(src, BR_ERROR, in->lineno, 1, "line longer than %u bytes skipped",
                           BR_MAX_LINE);
            continue;
        }
        if (len == 0 || (len == 1 && line[0] == '\r'))
            continue;
        if (!have_header) {
            if (try_header(pc, line, len)) {
                if (pc->codecarbon) {
                    br_source_diag(src, BR_ERROR, in->lineno, 1, "%s; not read as a trace",
                                   codecarbon_msg);
                    break;
                }
                if (pc->per_run >= 0) {
                    br_source_diag(src, BR_ERROR, in->lineno, 1, PER_RUN_MSG "; not read as a trace",
                                   pc->col[pc->per_run].name);
                    break;
                }
                have_header = 1;
                if (skipped)
                    br_source_diag(src, BR_WARNING, 1, 1, "%u line%s before the header skipped",
                                   skipped, skipped == 1 ? "" : "s");
            } else {
                if (pc->wide && !pc->wide_line)
                    pc->wide_line = in->lineno;
                if (pc->current >= 0 && !pc->current_line) {
                    pc->current_line = in->lineno;
                    memcpy(pc->current_name, pc->col[pc->current].name, PC_NAME);
                }
                if (++skipped >= (turbostat_full ? PC_MAX_TURBOSTAT_PREAMBLE : PC_MAX_PREAMBLE))
                    break;
            }
            continue;
        }
        data_row(pc, line, len, in->lineno, in->no_newline);
        if (pc->restart.line)
            break;   /* a second recording: finish() refuses the file's traces */
    }
    ret = pc->codecarbon || pc->per_run >= 0 ? -1 : finish(pc, in->lineno, have_header);
    for (size_t i = 0; i < pc->ncol; i++)
        free(pc->col[i].v);
    free(pc->t);
    free(pc->line);
    free(pc->key);
    free(pc->dm_t[0]);
    free(pc->dm_t[1]);
    free(pc);
    return ret;
}

/*
 * A log whose lines carry readings in W or mW with no header naming its
 * columns (a profiler's "20.24 ms<TAB>163.00 W<TAB>68 C", "SOM total power\n
 * :  5120 mW"): named by inspect -v as the closest reader (10), never read,
 * since nothing says which number is the time. 0 when fewer than two such
 * lines or fewer than a quarter of the first lines.
 */
static int own_layout(const char *head, size_t n, struct br_buf *why)
{
    const char *p = head, *end = head + n;
    unsigned lines = 0, watts = 0;

    while (p < end && lines < 200) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = (size_t)((nl ? nl : end) - p);
        if (len) {
            lines++;
            watts += br_has_watts(p, len);
        }
        if (!nl)
            break;
        p = nl + 1;
    }
    if (watts < 2 || watts * 4 < lines)
        return 0;
    br_buf_addf(why, "%u of the first %u lines carry a reading in W or mW, but no header "
                     "names a time column and a column in watts (a logger's own layout)",
                watts, lines);
    return 10;
}

/*
 * Whether the first line with text after the header at `nl` (its newline) has another
 * number of fields than the header: then the header, which has no time column, heads no
 * table (a line of code or prose with commas and a name holding "power"). Returns 1 and
 * sets *width to its fields, or 0 (a row as wide, or no line after it in `end`).
 */
static unsigned unlike_row(const struct pc *probe, const char *nl, const char *end,
                           size_t *width)
{
    struct br_field f[PC_MAX_COLS + 1];
    const char *p = nl ? nl + 1 : end;

    while (p < end) {
        const char *e = memchr(p, '\n', (size_t)(end - p));
        size_t len = (size_t)((e ? e : end) - p);
        if (len && p[len - 1] == '\r')
            len--;
        if (len) {
            if (!e)
                return 0;   /* cut by the end of the head */
            *width = br_split_sep(p, len, probe->sep, f, PC_MAX_COLS);
            return *width != probe->ncol;
        }
        p = e ? e + 1 : end;
    }
    return 0;
}

static int powercsv_sniff(const char *head, size_t n, const struct br_parse_opts *o,
                          struct br_buf *why)
{
    const char *p = head, *end = head + n;
    struct pc *probe = br_xcalloc(1, sizeof(*probe));
    int score = 0;
    unsigned unitless_line = 0, current_line = 0;
    char current[PC_NAME] = "", bare_w[PC_NAME] = "";

    /* turbostat's full output: its version and the processor's registers (a line or more
     * per CPU) before the table's header */
    unsigned look = n >= 18 && !memcmp(head, "turbostat version", 17) ? PC_MAX_TURBOSTAT_PREAMBLE
                                                                         : 30;

    (void)o;
    for (unsigned lines = 0; p < end && lines < look; lines++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = (size_t)((nl ? nl : end) - p);
        if (len && len < PC_MAX_HEADER && try_header(probe, p, len) && probe->codecarbon) {
            /* not a trace: close enough to be named by inspect -v, never chosen */
            br_buf_addstr(why, codecarbon_msg);
            score = 30;
            break;
        }
        if (len && len < PC_MAX_HEADER && try_header(probe, p, len) && probe->per_run >= 0) {
            br_buf_addf(why, PER_RUN_MSG, probe->col[probe->per_run].name);
            score = 30;
            break;
        }
        if (len && len < PC_MAX_HEADER && try_header(probe, p, len)) {
            size_t width = 0;
            unsigned at = probe->time_col < 0 ? unlike_row(probe, nl, end, &width) : 0;
            score = probe->npower >= 2 ? 75 : 65;
            if (probe->time_col < 0)
                score -= 10;
            br_buf_addf(why, "line %u is a header with %zu column%s in watts%s", lines + 1,
                        probe->npower, probe->npower == 1 ? "" : "s",
                        probe->time_col < 0 ? " and no time column" : "");
            if (at) {
                /* a traceback's "from dataloader import ..., WindPowerCSVDataset" */
                br_buf_addf(why, ", but the line after it is no row of it (%zu fields, not "
                                 "%zu)", width, probe->ncol);
                score = 10;
            }
            break;
        }
        if (len && len < PC_MAX_HEADER && probe->unitless && !unitless_line) {
            unitless_line = lines + 1;
            if (probe->bare_w >= 0)
                memcpy(bare_w, probe->col[probe->bare_w].name, sizeof(bare_w));
        }
        if (len && len < PC_MAX_HEADER && probe->current >= 0 && !current_line) {
            current_line = lines + 1;
            memcpy(current, probe->col[probe->current].name, sizeof(current));
        }
        if (len && len < PC_MAX_HEADER && probe->wide) {
            /* close enough to be named by inspect -v, never chosen */
            br_buf_addf(why, "line %u is a header with a column in watts but more than %d "
                             "columns",
                        lines + 1, PC_MAX_COLS);
            score = 40;
            break;
        }
        if (!nl)
            break;
        p = nl + 1;
    }
    if (!score && current_line) {
        /* a meter's current ("ts_sec,rel_ms,current_mA"): named, never read */
        br_buf_addf(why, "line %u is a header with a column of current ('%s') and none in "
                         "watts: amps are no watts, and volts times amps is not taken for power",
                    current_line, current);
        score = 10;
    } else if (!score && unitless_line) {
        /* a log whose power column says no unit ("Timestamp,Sensor,Value" of an IPMI
         * poller): named by inspect -v, never read, since nothing says it is in watts */
        br_buf_addf(why, "line %u is a header with a time column but no column whose name or "
                         "unit says watts",
                    unitless_line);
        if (bare_w[0])
            br_buf_addf(why, " ('%s' ends in _w, read as watts only after a device's name such "
                             "as gpu0_w or pkg_w: a _w may be a width)", bare_w);
        score = 15;
    } else if (!score && !(score = own_layout(head, n, why))) {
        br_buf_addstr(why, "no header with a column in watts in the first lines");
    }
    free(probe);
    return score;
}

const struct br_parser br_parser_powercsv = {
    .name = "powercsv",
    .what = "power logs with a time column and columns in watts (IPMI, PDU, NVML loggers)",
    .sniff = powercsv_sniff,
    .parse = powercsv_parse,
};
