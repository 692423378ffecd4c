/*
 * report.c: `benchreport [report] INPUT... [-o OUT]`: the analysis of a set
 * of recordings, as the summary table (CSV, JSON, text). The output goes to
 * a temporary file beside OUT and is renamed into place, so that a failure
 * never leaves half a file; OUT may not be one of the inputs.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analysis/analysis.h"
#include "cli/cli.h"
#include "cli/inputs.h"
#include "cli/output.h"
#include "model/alloc.h"
#include "model/timefmt.h"
#include "parsers/logfmt.h"
#include "parsers/parser.h"
#include "render/charts.h"
#include "render/pdf.h"
#include "render/summary.h"
#include "model/banned.h"

#define MAX_ANCHORS 64

struct report_opts {
    const char *out, *tz;
    const char *as;               /* --as: the kind written to stdout */
    const char *columns;          /* --columns: names of a header-less trace's columns */
    struct br_report_opts pdf;
    const char *chart;            /* --chart: the chart written to .svg/.png/.pdf */
    const char *charts_dir;       /* --charts: every chart into this directory */
    const char *layout_path;      /* --layout-log: where the report logs its text boxes */
    int full;                     /* --precision full */
    const char *format_files[16];
    int nformat_files;
    struct br_cli_labels labels;
    struct br_parse_opts parse;
    struct br_analysis_opts an;
    struct br_anchor anchors[MAX_ANCHORS];
    struct br_clock_offset offsets[MAX_ANCHORS];
};

/* The output kinds, by the extension of -o. */
static const struct {
    const char *ext, *what;
} outputs[] = {
    { "pdf", "the report (with --chart NAME: that chart alone)" },
    { "svg", "one chart (--chart NAME, default time)" },
    { "png", "one chart at --dpi (--chart NAME, default time)" },
    { "csv", "the summary table" },
    { "json", "the summary table, runs, ranges and geometric means" },
    { "txt", "the summary table as text" },
    { "md", "the summary table as text" },
};

static int known_output(const char *e)
{
    for (size_t i = 0; i < sizeof(outputs) / sizeof(outputs[0]); i++)
        if (!strcmp(outputs[i].ext, e))
            return 1;
    return 0;
}

static void usage(FILE *f)
{
    fputs("usage: benchreport [report] INPUT... [-o OUT] [--as csv|json|text]\n"
          "         [--baseline DEVICE] [--trigger WATTS|auto] [--quantile Q]\n"
          "         [--skip-epochs N] [--trim] [--domain gpu|cpu|ane|combined|node]\n"
          "         [--start FILE=TIME] [--clock-offset DEVICE=SECONDS] [--tz ZONE]\n"
          "         [--label KEY=VALUE] [--alias NAME=DEVICE] [--format-file FILE]\n"
          "         [--interval MS] [--columns NAMES] [--precision round|full]\n"
          "         [--paper a4|letter] [--log-scale]\n"
          "         [--chart NAME] [--charts DIR] [--width PX] [--height PX] [--dpi DPI]\n"
          "\noutputs (-o, by extension; '-' or none: text on stdout):\n",
          f);
    for (size_t i = 0; i < sizeof(outputs) / sizeof(outputs[0]); i++)
        fprintf(f, "  .%-5s %s\n", outputs[i].ext, outputs[i].what);
    fprintf(f, "\ncharts (--chart NAME; --charts DIR writes each as NAME.svg, .png and .pdf):\n"
               "  %s\n"
               "  --width, --height: the chart's size in 96-dpi pixels (default 800 x 500);\n"
               "  --dpi: PNG resolution (default 96)\n"
               "\nnumbers in CSV and JSON are rounded to what their interval supports;\n"
               "--precision full writes every digit\n",
            br_chart_names());
}

static const char *ext(const char *path)
{
    const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
    return dot && (!slash || dot > slash) ? dot + 1 : "";
}

/*
 * The recording session of input `s`: below a directory named on the command
 * line, its first level of folders (examples/h100-fmnist/...); a file directly
 * in such a directory, or named itself, belongs to its directory's session.
 */
static void set_session(struct br_source *s, char *const *args, int nargs)
{
    const char *p = s->path, *slash;

    for (int i = 0; i < nargs; i++) {
        size_t n = strlen(args[i]);
        while (n > 1 && args[i][n - 1] == '/')
            n--;
        if (strncmp(p, args[i], n) || p[n] != '/')
            continue;
        slash = strchr(p + n + 1, '/');
        br_source_set_session(s, p, slash ? (size_t)(slash - p) : n);
        return;
    }
    slash = strrchr(p, '/');
    if (slash)
        br_source_set_session(s, p, (size_t)(slash - p));
    else
        br_source_set_session(s, ".", 1);
}

static int bad(const char *opt, const char *arg, const char *want)
{
    fprintf(stderr, "benchreport: %s wants %s, not '%s'\n", opt, want, arg);
    return -1;
}

static int number(const char *s, double *v)
{
    char *end;
    errno = 0;
    *v = strtod(s, &end);
    return end != s && !*end && errno != ERANGE ? 0 : -1;
}

static int parse_args(int argc, char **argv, struct report_opts *o)
{
    static const struct option longopts[] = {
        { "output", required_argument, NULL, 'o' },   { "baseline", required_argument, NULL, 'b' },
        { "trigger", required_argument, NULL, 'T' },  { "quantile", required_argument, NULL, 'q' },
        { "skip-epochs", required_argument, NULL, 's' }, { "trim", no_argument, NULL, 'm' },
        { "domain", required_argument, NULL, 'd' },   { "start", required_argument, NULL, 'S' },
        { "clock-offset", required_argument, NULL, 'C' }, { "tz", required_argument, NULL, 'z' },
        { "label", required_argument, NULL, 'l' },    { "format-file", required_argument, NULL, 'F' },
        { "alias", required_argument, NULL, 'a' },
        { "interval", required_argument, NULL, 'i' }, { "help", no_argument, NULL, 'h' },
        { "as", required_argument, NULL, 'A' },    { "columns", required_argument, NULL, 'K' },
        { "paper", required_argument, NULL, 'P' }, { "log-scale", no_argument, NULL, 'L' },
        { "chart", required_argument, NULL, 'c' }, { "width", required_argument, NULL, 'W' },
        { "height", required_argument, NULL, 'H' }, { "dpi", required_argument, NULL, 'D' },
        { "charts", required_argument, NULL, 'G' }, { "precision", required_argument, NULL, 'p' },
        { "layout-log", required_argument, NULL, 'Y' },
        { NULL, 0, NULL, 0 },
    };
    int c, rc;
    double v;

    optind = 1;
    while ((c = getopt_long(argc, argv, "o:h", longopts, NULL)) != -1) {
        char *eq = optarg ? strchr(optarg, '=') : NULL;
        switch (c) {
        case 'o':
            o->out = optarg;
            break;
        case 'P':
            if (strcmp(optarg, "a4") && strcmp(optarg, "letter"))
                return bad("--paper", optarg, "a4 or letter");
            o->pdf.letter = !strcmp(optarg, "letter");
            break;
        case 'L':
            o->pdf.log_scale = 1;
            break;
        case 'c':
            if (!br_chart_find(optarg))
                return bad("--chart", optarg, br_chart_names());
            o->chart = optarg;
            break;
        case 'G':
            o->charts_dir = optarg;
            break;
        case 'Y':
            o->layout_path = optarg;
            break;
        case 'p':
            if (strcmp(optarg, "full") && strcmp(optarg, "round"))
                return bad("--precision", optarg, "round or full");
            o->full = !strcmp(optarg, "full");
            break;
        case 'W':
        case 'H':
        case 'D':
            if (number(optarg, &v) < 0 || v < 100 || v > 20000)
                return bad(c == 'W' ? "--width" : c == 'H' ? "--height" : "--dpi", optarg,
                           "a number from 100 to 20000");
            *(c == 'W' ? &o->pdf.width : c == 'H' ? &o->pdf.height : &o->pdf.dpi) = v;
            break;
        case 'A':
            if (strcmp(optarg, "csv") && strcmp(optarg, "json") && strcmp(optarg, "text"))
                return bad("--as", optarg, "csv, json or text");
            o->as = optarg;
            break;
        case 'b':
            o->an.baseline = optarg;
            break;
        case 'T':
            if (!strcmp(optarg, "auto"))
                o->an.trigger_w = NAN;
            else if (number(optarg, &o->an.trigger_w) < 0 || !(o->an.trigger_w >= 0))
                return bad("--trigger", optarg, "watts or 'auto'");
            break;
        case 'q':
            if (number(optarg, &v) < 0 || v < 0 || v >= 1)
                return bad("--quantile", optarg, "a number from 0 to below 1");
            o->an.quantile = v;
            break;
        case 's':
            if (number(optarg, &v) < 0 || v < 0 || v > 1000 || v != floor(v))
                return bad("--skip-epochs", optarg, "a whole number of epochs");
            o->an.skip_epochs = (unsigned)v;
            break;
        case 'm':
            o->an.trim = 1;
            break;
        case 'd':
            o->an.domain = optarg;
            break;
        case 'S': {
            struct br_time t;
            if (!eq || o->an.nanchors == MAX_ANCHORS ||
                br_time_parse(eq + 1, strlen(eq + 1), &t) != strlen(eq + 1))
                return bad("--start", optarg, "FILE=TIME (ISO 8601)");
            *eq = '\0';
            o->anchors[o->an.nanchors].file = optarg;
            o->anchors[o->an.nanchors].t = t.t;
            o->anchors[o->an.nanchors].zoned = t.zoned;
            o->an.nanchors++;
            break;
        }
        case 'C':
            if (!eq || o->an.noffsets == MAX_ANCHORS || number(eq + 1, &v) < 0)
                return bad("--clock-offset", optarg, "DEVICE=SECONDS");
            *eq = '\0';
            o->offsets[o->an.noffsets].device = optarg;
            o->offsets[o->an.noffsets].seconds = v;
            o->an.noffsets++;
            break;
        case 'z':
            if (!br_cli_tz_valid(optarg))
                return bad("--tz", optarg, "UTC, an offset like +02:00, or a zone name");
            o->tz = optarg;
            break;
        case 'a':
            if (br_cli_alias_arg(&o->labels, optarg) < 0)
                return bad("--alias", optarg, "NAME=DEVICE (at most 16)");
            break;
        case 'l':
            if (br_cli_label_arg(&o->labels, optarg) < 0)
                return bad("--label", optarg, "device=, model=, batch= or framework=VALUE");
            break;
        case 'F':
            if (o->nformat_files == 16)
                return bad("--format-file", optarg, "at most 16 files");
            o->format_files[o->nformat_files++] = optarg;
            break;
        case 'K':
            o->columns = optarg;
            break;
        case 'i':
            if ((rc = br_cli_parse_duration(optarg, 0.001, &o->parse.interval_s)) < 0)
                return bad("--interval", optarg, rc == -2 ? BR_CLI_UNIT_WANTED
                                                         : "a duration such as 100, 100ms or 0.1s");
            break;
        case 'h':
            usage(stdout);
            exit(br_cli_close_stdout(BR_EXIT_OK));
        default:
            usage(stderr);
            return -1;
        }
    }
    if (optind >= argc) {
        fputs("benchreport: no inputs\n", stderr);
        usage(stderr);
        return -1;
    }
    if (o->out && strcmp(o->out, "-") && !known_output(ext(o->out))) {
        fprintf(stderr, "benchreport: error: unknown output kind '%s' for '%s' (use .pdf, .svg, "
                        ".png, .csv, .json, .txt, .md or - for stdout)\n", ext(o->out), o->out);
        return -1;
    }
    o->an.anchors = o->anchors;
    o->an.offsets = o->offsets;
    for (size_t i = 0; i < o->an.nanchors && o->tz; i++)
        if (!o->anchors[i].zoned) {
            if (br_cli_tz_instant(o->tz, &o->anchors[i].t) == -2) {
                char t[BR_TIME_FMT_LEN];
                fprintf(stderr, "benchreport: error: --start %s=%s: that time does not exist in "
                                "%s (its clocks skip that hour)\n", o->anchors[i].file,
                        br_time_format(o->anchors[i].t, 0, t), o->tz);
                return -1;
            }
            o->anchors[i].zoned = 1;
        }
    return 0;
}

static int has_device(const struct br_analysis *a, const char *device)
{
    for (size_t i = 0; i < a->nrows; i++)
        if (!strcmp(a->rows[i].device, device))
            return 1;
    return 0;
}

/* Whether `out` names one of the inputs (the same file, by device and inode). */
static int is_input(const char *out, const struct br_inputs *in)
{
    struct stat so, si;
    if (stat(out, &so) != 0)
        return 0;
    for (size_t i = 0; i < in->nr; i++)
        if (stat(in->v[i].path, &si) == 0 && si.st_dev == so.st_dev && si.st_ino == so.st_ino)
            return 1;
    return 0;
}

static void write_out(FILE *f, const char *kind, const struct br_analysis *a,
                      const struct br_analysis_opts *o, int full);

/* The PDF report, or one chart (.svg, .png), written beside `path` and renamed into place. */
static int write_pdf(const char *path, const struct br_analysis *a, const struct report_opts *o)
{
    const char *e = ext(path);
    char suffix[8];
    struct br_out_file f;
    int ok;

    /* Cairo's chart writer picks PNG or SVG by the name: the temporary keeps it */
    snprintf(suffix, sizeof(suffix), ".%s", strcmp(e, "pdf") ? e : "pdf");
    if (br_out_open(&f, path, suffix) < 0)
        return -1;
    if (!strcmp(e, "pdf") && !o->chart)
        ok = br_render_pdf(br_out_name(&f), a, &o->an, &o->pdf) == 0;
    else
        ok = br_render_chart(br_out_name(&f), o->chart ? o->chart : "time", a, &o->pdf) == 0;
    return br_out_close(&f, ok, 0);
}

static void write_out(FILE *f, const char *kind, const struct br_analysis *a,
                      const struct br_analysis_opts *o, int full)
{
    if (!strcmp(kind, "csv"))
        br_summary_csv(f, a, full);
    else if (!strcmp(kind, "json"))
        br_summary_json(f, a, o, full);
    else
        br_summary_text(f, a, o);
}

/*
 * The analysis' warnings on `f`, each run's as `path:line: warning: ...`, for the
 * outputs that do not carry them on stdout (CSV, and every file written with -o).
 */
static void print_warnings(FILE *f, const struct br_analysis *a)
{
    for (size_t i = 0; i < a->nruns; i++) {
        const struct br_run_result *rr = &a->runs[i];
        for (size_t k = 0; k < rr->warnings.nr; k++) {
            br_cli_put_safe(f, rr->src->path);
            fprintf(f, ":%u: warning: ", rr->run->first_line);
            br_cli_put_safe(f, rr->warnings.v[k].msg);
            fputc('\n', f);
        }
    }
    for (size_t i = 0; i < a->warnings.nr; i++) {
        fputs("benchreport: warning: ", f);
        br_cli_put_safe(f, a->warnings.v[i].msg);
        fputc('\n', f);
    }
}

/* Writes to a temporary file beside `path`, then renames it. Returns 0 or -1. */
static int write_atomic(const char *path, const struct br_analysis *a,
                        const struct br_analysis_opts *o, int full)
{
    struct br_out_file out;
    FILE *f;
    int fd, written;

    if (br_out_open(&out, path, "") < 0)
        return -1;
    if ((fd = dup(out.fd)) < 0 || !(f = fdopen(fd, "w"))) {
        int err = errno;
        if (fd >= 0)
            close(fd);
        return br_out_close(&out, 0, err);
    }
    write_out(f, ext(path), a, o, full);
    written = !(ferror(f) | fclose(f));
    return br_out_close(&out, written, written ? 0 : errno);
}

/* The command line as one string ("benchreport ARG..."), quoting what a shell would split. */
static char *command_line(int argc, char **argv)
{
    size_t n = 16;
    char *s, *p;

    for (int i = 0; i < argc; i++)
        n += strlen(argv[i]) * 4 + 3;
    p = s = br_xmalloc(n);
    p += snprintf(p, n, "benchreport");
    for (int i = strcmp(argv[0], "report") ? 1 : 0; i < argc; i++) {
        if (i == 0)
            continue;
        int quote = !*argv[i] || strpbrk(argv[i], " \t'\"$\\*?;&|<>()") != NULL;
        *p++ = ' ';
        if (quote)
            *p++ = '\'';
        for (const char *c = argv[i]; *c; c++) {
            if (*c == '\'' && quote) {
                memcpy(p, "'\\''", 4);
                p += 4;
            } else {
                *p++ = *c;
            }
        }
        if (quote)
            *p++ = '\'';
    }
    *p = '\0';
    return s;
}

/*
 * --charts DIR: every chart that has something to draw as DIR/NAME.svg,
 * .png and .pdf, each written beside its place and renamed. Returns 0 or -1.
 */
static int write_charts(const char *dir, const struct br_analysis *a, const struct report_opts *o)
{
    static const char *const exts[] = { "svg", "png", "pdf" };
    struct report_opts one = *o;

    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "benchreport: error: cannot make '%s': %s\n", dir, strerror(errno));
        return -1;
    }
    for (size_t i = 0; i < br_ncharts; i++) {
        char why[256];
        if (!br_chart_panels(&br_charts[i], a, why, sizeof(why)))
            continue;
        one.chart = br_charts[i].name;
        for (size_t k = 0; k < 3; k++) {
            size_t n = strlen(dir) + strlen(br_charts[i].name) + 8;
            char *path = br_xmalloc(n);
            int ret;
            snprintf(path, n, "%s/%s.%s", dir, br_charts[i].name, exts[k]);
            ret = write_pdf(path, a, &one);
            free(path);
            if (ret < 0)
                return -1;
        }
    }
    return 0;
}

int br_cmd_report(int argc, char **argv)
{
    struct report_opts o;
    struct br_inputs inputs = BR_INPUTS_INIT;
    struct br_logfmts formats;
    struct br_source **src = NULL;
    struct br_analysis a;
    size_t nsrc = 0, usable = 0;
    int errors = 0, status;

    memset(&o, 0, sizeof(o));
    br_analysis_opts_init(&o.an);
    o.pdf.width = 800;
    o.pdf.height = 500;
    o.pdf.dpi = 96;
    if (parse_args(argc, argv, &o) < 0)
        return BR_EXIT_USAGE;
    if (br_cli_load_formats(&formats, o.format_files, o.nformat_files) < 0)
        return BR_EXIT_USAGE;
    o.parse.formats = &formats;
    for (int i = optind; i < argc; i++)
        br_inputs_add(&inputs, argv[i]);
    if (o.out && strcmp(o.out, "-") && is_input(o.out, &inputs)) {
        fprintf(stderr, "benchreport: error: the output '%s' is one of the inputs\n", o.out);
        status = BR_EXIT_USAGE;
        goto out;
    }
    errors += br_inputs_print_diags(&inputs, stderr) > 0;
    src = br_xcalloc(inputs.nr ? inputs.nr : 1, sizeof(*src));
    for (size_t i = 0; i < inputs.nr; i++) {
        struct br_source *s = br_xmalloc(sizeof(*s));
        int loaded;
        br_source_init(s, inputs.v[i].path);
        set_session(s, argv + optind, argc - optind);
        {
            struct stat st;
            if (stat(s->path, &st) == 0)   /* when a log without times was written last */
                s->mtime = (double)st.st_mtim.tv_sec + (double)st.st_mtim.tv_nsec * 1e-9;
        }
        o.parse.columns =
            o.columns ? o.columns : br_cli_manifest_columns(&o.labels, inputs.v[i].path);
        loaded = br_source_load(s, NULL, &o.parse, NULL) == 0;
        usable += loaded;
        /* in a directory, a file no format reads is skipped, and so is one that the
         * generic reader only guessed at (named on the command line, it is read) */
        if (!inputs.v[i].named && !br_inputs_unreadable(s) &&
            (!s->format || !strcmp(s->format, "generic"))) {
            /* a found file in no format: skipped, with the loader's reason */
            br_cli_put_safe(stderr, s->path);
            fprintf(stderr, ": note: skipped: ");
            br_cli_put_safe(stderr, s->format ? "only a guess of the generic reader (name the "
                                                "file to read it)"
                                    : s->diags.nr ? s->diags.v[0].msg
                                                  : "in no format benchreport reads");
            fputc('\n', stderr);
            usable -= loaded;
            br_source_release(s);
            free(s);
            continue;
        }
        br_cli_label(&o.labels, s);   /* a manifest's or record's zone first */
        if (o.tz)
            br_cli_apply_tz(s, o.tz);
        br_cli_settle_folds(s);
        br_cli_print_diags(s, stderr);
        errors += s->diags.nerrors > 0;
        src[nsrc++] = s;
    }
    errors += o.labels.errors;
    if (br_analyze(&a, src, nsrc, &o.an) < 0 || !usable) {
        fprintf(stderr, "benchreport: error: no training runs in the inputs\n");
        status = BR_EXIT_NOTHING;
        br_analysis_release(&a);
        goto out;
    }
    if (o.an.baseline && !has_device(&a, o.an.baseline)) {
        fprintf(stderr, "benchreport: error: --baseline '%s' names no device; the devices are:",
                o.an.baseline);
        for (size_t i = 0; i < a.nrows; i++)
            if (!i || strcmp(a.rows[i].device, a.rows[i - 1].device))
                fprintf(stderr, "%s '%s'", i ? "," : "", a.rows[i].device);
        fputs(" (--alias NAME=DEVICE renames one)\n", stderr);
        status = BR_EXIT_USAGE;
        br_analysis_release(&a);
        goto out;
    }
    char *cmd = command_line(argc, argv);
    o.pdf.command = cmd;
    o.pdf.version = BR_VERSION;
    o.pdf.ninputs = nsrc;
    if (o.layout_path && !(o.pdf.layout = fopen(o.layout_path, "w"))) {
        fprintf(stderr, "benchreport: error: cannot write '%s': %s\n", o.layout_path,
                strerror(errno));
        status = BR_EXIT_NOTHING;
        free(cmd);
        br_analysis_release(&a);
        goto out;
    }
    int to_stdout = !o.out || !strcmp(o.out, "-");
    if (!to_stdout || (o.as && !strcmp(o.as, "csv")))
        print_warnings(stderr, &a);
    if (o.charts_dir && write_charts(o.charts_dir, &a, &o) < 0) {
        status = BR_EXIT_NOTHING;
    } else if (o.charts_dir && !o.out) {
        status = errors ? BR_EXIT_INPUT : BR_EXIT_OK;
    } else if (!o.out || !strcmp(o.out, "-")) {
        write_out(stdout, o.as ? o.as : "txt", &a, &o.an, o.full);
        status = br_cli_close_stdout(errors ? BR_EXIT_INPUT : BR_EXIT_OK);
    } else if (!strcmp(ext(o.out), "pdf") || !strcmp(ext(o.out), "svg") ||
               !strcmp(ext(o.out), "png")) {
        status = write_pdf(o.out, &a, &o) < 0 ? BR_EXIT_NOTHING
                 : errors                      ? BR_EXIT_INPUT
                                               : BR_EXIT_OK;
    } else {
        status = write_atomic(o.out, &a, &o.an, o.full) < 0 ? BR_EXIT_NOTHING
                 : errors                           ? BR_EXIT_INPUT
                                                    : BR_EXIT_OK;
    }
    if (o.pdf.layout && fclose(o.pdf.layout) != 0)
        status = BR_EXIT_NOTHING;
    free(cmd);
    br_analysis_release(&a);
out:
    for (size_t i = 0; i < nsrc; i++) {
        br_source_release(src[i]);
        free(src[i]);
    }
    free(src);
    br_inputs_release(&inputs);
    br_logfmts_release(&formats);
    br_cli_labels_release(&o.labels);
    return status;
}
