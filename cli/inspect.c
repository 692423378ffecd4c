/*
 * inspect.c: `benchreport inspect [--json] [--format NAME] [-v] FILE...`:
 * what the parsers made of each file. The JSON form is the contract of
 * DESIGN.md ("inspect --json"); keys may be added, never renamed.
 */
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/inputs.h"
#include "model/alloc.h"
#include "model/timefmt.h"
#include "parsers/logfmt.h"
#include "parsers/parser.h"
#include "render/json.h"
#include "model/banned.h"

struct inspect_opts {
    int json, verbose;
    const char *format;
    const char *tz;
    const char *columns;   /* --columns */
    const char *format_files[16];
    int nformat_files;
    struct br_cli_labels labels;
    struct br_parse_opts parse;
};

static void usage(FILE *f)
{
    fputs("usage: benchreport inspect [--json] [--format NAME] [--format-file FILE] [-v]\n"
          "                           [--tz ZONE] [--interval MS] [--columns NAMES] FILE...\n",
          f);
}

/* The first instant a trace covers: its first sample, or that sample's window start. */
static double trace_start(const struct br_trace *tr)
{
    return tr->window ? tr->t[0] - tr->window[0] : tr->t[0];
}

static void json_time(struct br_json *j, const struct br_trace *tr, double t)
{
    char buf[BR_TIME_FMT_LEN];
    if (!tr->timed || isnan(t))
        br_json_null(j);
    else
        br_json_str(j, br_time_format(t, tr->zoned, buf));
}

static void json_trace(struct br_json *j, const struct br_trace *tr)
{
    br_json_object(j);
    br_json_key(j, "device");
    br_json_str(j, tr->device);
    br_json_key(j, "domain");
    br_json_str(j, tr->domain);
    br_json_key(j, "name");
    br_json_str(j, tr->name);
    br_json_key(j, "samples");
    br_json_int(j, (long long)tr->nr);
    br_json_key(j, "start");
    json_time(j, tr, tr->nr ? trace_start(tr) : NAN);
    br_json_key(j, "end");
    json_time(j, tr, tr->nr ? tr->t[tr->nr - 1] : NAN);
    br_json_key(j, "zoned");
    br_json_bool(j, tr->zoned);
    br_json_key(j, "first_line");
    br_json_int(j, tr->first_line);
    br_json_key(j, "power_source");
    br_json_str(j, tr->power_source);
    double window = br_trace_typical_window(tr);
    br_json_key(j, "power_window_s");
    if (window < 0)
        br_json_null(j);
    else
        br_json_num(j, window);
    br_json_key(j, "power_window_each_sample");
    br_json_bool(j, tr->window != NULL);
    br_json_key(j, "channels");
    br_json_object(j);
    for (size_t k = 0; k < tr->nch; k++) {
        struct br_stats s = br_stats_of(tr->ch[k].v, tr->nr);
        br_json_key(j, tr->ch[k].name);
        br_json_object(j);
        br_json_key(j, "unit");
        br_json_str(j, tr->ch[k].unit);
        br_json_key(j, "values");
        br_json_int(j, (long long)s.n);
        br_json_key(j, "mean");
        br_json_num(j, s.mean);
        br_json_key(j, "min");
        br_json_num(j, s.min);
        br_json_key(j, "max");
        br_json_num(j, s.max);
        br_json_end(j, '}');
    }
    br_json_end(j, '}');
    br_json_end(j, '}');
}

static void json_label(struct br_json *j, const char *key, const struct br_label *l)
{
    br_json_key(j, key);
    br_json_str(j, l->value);
}

/* "metrics": {NAME: VALUE, ...} */
static void json_metrics(struct br_json *j, const struct br_metric *v, size_t n)
{
    br_json_key(j, "metrics");
    br_json_object(j);
    for (size_t m = 0; m < n; m++) {
        br_json_key(j, v[m].name);
        br_json_num(j, v[m].value);
    }
    br_json_end(j, '}');
}

static void json_epoch(struct br_json *j, const struct br_run *r, const struct br_epoch *e)
{
    char buf[BR_TIME_FMT_LEN];

    br_json_object(j);
    br_json_key(j, "index");
    br_json_int(j, e->index);
    br_json_key(j, "of");
    if (e->of)
        br_json_int(j, e->of);
    else
        br_json_null(j);
    br_json_key(j, "duration_s");
    br_json_num(j, e->duration);
    if (e->res > 0) {   /* printed rounded: where the true duration lies */
        br_json_key(j, "duration_lo_s");
        br_json_num(j, br_round_us(e->duration - br_epoch_below(e)));
        br_json_key(j, "duration_hi_s");
        br_json_num(j, br_round_us(e->duration + br_epoch_above(e)));
    }
    br_json_key(j, "start");
    if (isnan(e->start))
        br_json_null(j);
    else
        br_json_str(j, br_time_format(e->start, r->zoned, buf));
    br_json_key(j, "end");
    if (isnan(e->end))
        br_json_null(j);
    else
        br_json_str(j, br_time_format(e->end, r->zoned, buf));
    br_json_key(j, "steps");
    if (e->steps < 0)
        br_json_null(j);
    else
        br_json_int(j, e->steps);
    br_json_key(j, "step_s");
    br_json_num(j, e->step_s);
    br_json_key(j, "line");
    br_json_int(j, e->line);
    br_json_key(j, "partial");
    br_json_bool(j, e->partial);
    br_json_key(j, "shared");   /* duration_s: the time to train shared out, not measured */
    br_json_bool(j, e->shared);
    json_metrics(j, e->metrics, e->nmetrics);
    br_json_end(j, '}');
}

static void json_run(struct br_json *j, const struct br_run *r)
{
    br_json_object(j);
    json_label(j, "device", &r->device);
    json_label(j, "model", &r->model);
    br_json_key(j, "batch");
    if (r->batch.value && strspn(r->batch.value, "0123456789") == strlen(r->batch.value))
        br_json_int(j, strtoll(r->batch.value, NULL, 10));
    else
        br_json_str(j, r->batch.value);
    json_label(j, "framework", &r->framework);
    br_json_key(j, "hardware");
    br_json_str(j, r->hardware);
    br_json_key(j, "label_sources");
    br_json_object(j);
    br_json_key(j, "device");
    br_json_str(j, br_label_source_name(r->device.source));
    br_json_key(j, "model");
    br_json_str(j, br_label_source_name(r->model.source));
    br_json_key(j, "batch");
    br_json_str(j, br_label_source_name(r->batch.source));
    br_json_end(j, '}');
    br_json_key(j, "runtime_s");
    br_json_num(j, r->runtime_s);
    br_json_key(j, "first_line");
    br_json_int(j, r->first_line);
    br_json_key(j, "status");
    br_json_str(j, r->status == BR_RUN_OK ? "ok" : "dnf");
    br_json_key(j, "reason");
    br_json_str(j, r->reason);
    br_json_key(j, "reason_line");
    if (r->reason_line)
        br_json_int(j, r->reason_line);
    else
        br_json_null(j);
    if (r->nfinal) {
        /* the last evaluation on no epoch: only where there is one */
        br_json_key(j, "final");
        br_json_object(j);
        br_json_key(j, "line");
        br_json_int(j, r->final_line);
        json_metrics(j, r->final, r->nfinal);
        br_json_end(j, '}');
    }
    br_json_key(j, "epochs");
    br_json_array(j);
    for (size_t i = 0; i < r->nepochs; i++)
        json_epoch(j, r, &r->epochs[i]);
    br_json_end(j, ']');
    br_json_end(j, '}');
}

static void json_source(struct br_json *j, const struct br_source *s)
{
    br_json_object(j);
    br_json_key(j, "path");
    br_json_str(j, s->path);
    br_json_key(j, "format");
    br_json_str(j, s->format);
    if (s->container) {
        br_json_key(j, "container");
        br_json_str(j, s->container);
    }
    br_json_key(j, "diagnostics");
    br_json_array(j);
    for (size_t i = 0; i < s->diags.nr; i++) {
        const struct br_diag *d = &s->diags.v[i];
        br_json_object(j);
        br_json_key(j, "line");
        br_json_int(j, d->line);
        br_json_key(j, "col");
        br_json_int(j, d->col);
        br_json_key(j, "severity");
        br_json_str(j, br_severity_name(d->severity));
        br_json_key(j, "message");
        br_json_str(j, d->msg);
        br_json_end(j, '}');
    }
    br_json_end(j, ']');
    br_json_key(j, "traces");
    br_json_array(j);
    for (size_t i = 0; i < s->ntraces; i++)
        json_trace(j, s->traces[i]);
    br_json_end(j, ']');
    br_json_key(j, "runs");
    br_json_array(j);
    for (size_t i = 0; i < s->nruns; i++)
        json_run(j, s->runs[i]);
    br_json_end(j, ']');
    br_json_end(j, '}');
}

static void text_trace(FILE *f, const struct br_trace *tr)
{
    char a[BR_TIME_FMT_LEN], b[BR_TIME_FMT_LEN];

    fprintf(f, "  trace %s %s%s%s%s: %zu samples", tr->domain, tr->device, tr->name ? " (" : "",
            tr->name ? tr->name : "", tr->name ? ")" : "", tr->nr);
    if (tr->timed && tr->nr)
        fprintf(f, ", %s to %s%s", br_time_format(trace_start(tr), tr->zoned, a),
                br_time_format(tr->t[tr->nr - 1], tr->zoned, b),
                tr->zoned ? "" : " (local time, zone unknown)");
    else if (!tr->timed)
        fputs(", no times", f);
    fputc('\n', f);
    if (tr->power_source) {
        fprintf(f, "    power from %s", tr->power_source);
        if (tr->window)
            fputs(" (each sample averages its own window)", f);
        else if (tr->power_window > 0)
            fprintf(f, " (averaged over %g s by the sensor)", tr->power_window);
        else if (tr->power_window == 0)
            fputs(" (instantaneous)", f);
        fputc('\n', f);
    }
    fprintf(f, "    %-26s %-5s %8s %12s %12s %12s\n", "channel", "unit", "values", "mean", "min",
            "max");
    for (size_t k = 0; k < tr->nch; k++) {
        struct br_stats s = br_stats_of(tr->ch[k].v, tr->nr);
        if (s.n)
            fprintf(f, "    %-26s %-5s %8zu %12.6g %12.6g %12.6g\n", tr->ch[k].name,
                    tr->ch[k].unit, s.n, s.mean, s.min, s.max);
        else
            fprintf(f, "    %-26s %-5s %8zu %12s %12s %12s\n", tr->ch[k].name, tr->ch[k].unit,
                    s.n, "-", "-", "-");
    }
}

static void text_label(FILE *f, const char *key, const struct br_label *l)
{
    if (l->value)
        fprintf(f, " %s=%s (%s)", key, l->value, br_label_source_name(l->source));
    else
        fprintf(f, " %s=?", key);
}

static void text_run(FILE *f, const struct br_run *r)
{
    fprintf(f, "  run from line %u:", r->first_line);
    text_label(f, "device", &r->device);
    text_label(f, "model", &r->model);
    text_label(f, "batch", &r->batch);
    if (r->hardware && (!r->device.value || strcmp(r->hardware, r->device.value)))
        fprintf(f, " hardware=\"%s\"", r->hardware);
    fprintf(f, "\n    %s", r->status == BR_RUN_OK ? "ok" : "dnf");
    if (r->reason)
        fprintf(f, ": %s (line %u)", r->reason, r->reason_line);
    fprintf(f, ", %zu epoch%s", r->nepochs, r->nepochs == 1 ? "" : "s");
    if (!isnan(r->runtime_s))
        fprintf(f, ", %g s of training reported", r->runtime_s);
    fputc('\n', f);
    for (size_t i = 0; i < r->nepochs; i++) {
        const struct br_epoch *e = &r->epochs[i];
        char a[BR_TIME_FMT_LEN];
        fprintf(f, "    epoch %u", e->index);
        if (e->of)
            fprintf(f, "/%u", e->of);
        if (!isnan(e->duration) && e->res > 0)   /* as rounded as printed */
            fprintf(f, "  %.10g s [%.10g, %.10g]", e->duration,
                    br_round_us(e->duration - br_epoch_below(e)),
                    br_round_us(e->duration + br_epoch_above(e)));
        else if (!isnan(e->duration))
            fprintf(f, "  %.3f s", e->duration);
        if (!isnan(e->duration) && e->shared)
            fputs(" (a share of the time to train: no epoch's own)", f);
        if (!isnan(e->end))
            fprintf(f, "  ended %s", br_time_format(e->end, r->zoned, a));
        if (e->partial)
            fputs("  (partial: not in the statistics)", f);
        for (size_t m = 0; m < e->nmetrics; m++)
            fprintf(f, "  %s=%g", e->metrics[m].name, e->metrics[m].value);
        fputc('\n', f);
    }
    if (r->nfinal) {
        fprintf(f, "    last evaluation (line %u, on no epoch)", r->final_line);
        for (size_t m = 0; m < r->nfinal; m++)
            fprintf(f, "  %s=%g", r->final[m].name, r->final[m].value);
        fputc('\n', f);
    }
}

static void text_source(FILE *f, const struct br_source *s)
{
    fprintf(f, "%s: %s%s%s%s, %zu trace%s, %zu run%s\n", s->path,
            s->format ? s->format : "unknown", s->container ? " (" : "",
            s->container ? s->container : "", s->container ? ")" : "", s->ntraces,
            s->ntraces == 1 ? "" : "s", s->nruns, s->nruns == 1 ? "" : "s");
    for (size_t i = 0; i < s->ntraces; i++)
        text_trace(f, s->traces[i]);
    for (size_t i = 0; i < s->nruns; i++)
        text_run(f, s->runs[i]);
}

static int parse_args(int argc, char **argv, struct inspect_opts *o)
{
    static const struct option longopts[] = {
        { "json", no_argument, NULL, 'j' },       { "format", required_argument, NULL, 'f' },
        { "verbose", no_argument, NULL, 'v' },    { "tz", required_argument, NULL, 'z' },
        { "interval", required_argument, NULL, 'i' }, { "help", no_argument, NULL, 'h' },
        { "format-file", required_argument, NULL, 'F' },
        { "label", required_argument, NULL, 'l' },
        { "columns", required_argument, NULL, 'K' },
        { NULL, 0, NULL, 0 },
    };
    int c, rc;

    optind = 1;
    while ((c = getopt_long(argc, argv, "jf:vh", longopts, NULL)) != -1) {
        switch (c) {
        case 'j':
            o->json = 1;
            break;
        case 'f':
            o->format = optarg;
            break;
        case 'l':
            if (br_cli_label_arg(&o->labels, optarg) < 0) {
                fprintf(stderr, "benchreport inspect: --label wants device=, model=, batch= or "
                                "framework=VALUE, not '%s'\n", optarg);
                return -1;
            }
            break;
        case 'F':
            if (o->nformat_files == 16) {
                fputs("benchreport inspect: at most 16 --format-file\n", stderr);
                return -1;
            }
            o->format_files[o->nformat_files++] = optarg;
            break;
        case 'v':
            o->verbose = 1;
            break;
        case 'K':
            o->columns = optarg;
            break;
        case 'z':
            if (!br_cli_tz_valid(optarg)) {
                fprintf(stderr, "benchreport inspect: unknown time zone '%s'\n", optarg);
                return -1;
            }
            o->tz = optarg;
            break;
        case 'i':
            if ((rc = br_cli_parse_duration(optarg, 0.001, &o->parse.interval_s)) < 0) {
                fprintf(stderr, "benchreport inspect: --interval wants %s, not '%s'\n",
                        rc == -2 ? BR_CLI_UNIT_WANTED : "a duration such as 100 or 100ms or 0.1s",
                        optarg);
                return -1;
            }
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
        fputs("benchreport inspect: no input files\n", stderr);
        usage(stderr);
        return -1;
    }
    return 0;
}

/* A file found in a directory that no format recognises: skipped, not an error. */
static int skip_unknown(const struct br_input *in, const struct br_source *src)
{
    return !in->named && !src->format && !br_inputs_unreadable(src);
}

int br_cmd_inspect(int argc, char **argv)
{
    struct inspect_opts o = { 0 };
    struct br_logfmts formats;
    struct br_inputs inputs = BR_INPUTS_INIT;
    size_t nskipped = 0;
    struct br_json j;
    int usable = 0, errors = 0;

    if (parse_args(argc, argv, &o) < 0)
        return BR_EXIT_USAGE;
    if (br_cli_load_formats(&formats, o.format_files, o.nformat_files) < 0)
        return BR_EXIT_USAGE;
    o.parse.formats = &formats;
    if (o.format && !br_parser_find(o.format, &o.parse)) {
        fprintf(stderr, "benchreport inspect: unknown format '%s' (see: benchreport formats)\n",
                o.format);
        br_logfmts_release(&formats);
        return BR_EXIT_USAGE;
    }
    if (o.format && br_logfmts_find(&formats, o.format)) {
        o.parse.log_format = o.format;
        o.format = "trainlog";
    }
    for (int i = optind; i < argc; i++)
        br_inputs_add(&inputs, argv[i]);
    errors += br_inputs_print_diags(&inputs, stderr) > 0;
    if (o.json) {
        br_json_init(&j, stdout);
        br_json_object(&j);
        br_json_key(&j, "benchreport");
        br_json_int(&j, 1);
        br_json_key(&j, "files");
        br_json_array(&j);
    }
    for (size_t i = 0; i < inputs.nr; i++) {
        struct br_source src;
        struct br_buf why = BR_BUF_INIT;

        br_source_init(&src, inputs.v[i].path);
        o.parse.columns =
            o.columns ? o.columns : br_cli_manifest_columns(&o.labels, inputs.v[i].path);
        if (br_source_load(&src, o.format, &o.parse, o.verbose ? &why : NULL) == 0)
            usable++;
        if (o.verbose && why.len)
            fprintf(stderr, "%s: format detection:\n%s", src.path, why.buf);
        if (skip_unknown(&inputs.v[i], &src)) {
            nskipped++;
            if (o.verbose)
                fprintf(stderr, "%s: note: skipped, in no format benchreport reads\n",
                        src.path);
            br_buf_release(&why);
            br_source_release(&src);
            continue;
        }
        br_cli_label(&o.labels, &src);   /* a manifest's or record's zone first */
        if (o.tz)
            br_cli_apply_tz(&src, o.tz);
        br_cli_settle_folds(&src);
        br_cli_print_diags(&src, stderr);
        errors += src.diags.nerrors > 0;
        if (o.json)
            json_source(&j, &src);
        else
            text_source(stdout, &src);
        br_buf_release(&why);
        br_source_release(&src);
    }
    if (nskipped && !o.verbose)
        fprintf(stderr, "note: %zu file%s in no format benchreport reads skipped (-v lists them)\n",
                nskipped, nskipped == 1 ? "" : "s");
    if (o.json) {
        br_json_end(&j, ']');
        br_json_end(&j, '}');
        fputc('\n', stdout);
    }
    br_inputs_release(&inputs);
    br_logfmts_release(&formats);
    errors += o.labels.errors;
    br_cli_labels_release(&o.labels);
    return br_cli_close_stdout(!usable ? BR_EXIT_NOTHING : errors ? BR_EXIT_INPUT : BR_EXIT_OK);
}
