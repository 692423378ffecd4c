/*
 * summary.c: writing the analysis. The CSV and JSON rows carry DESIGN.md's
 * columns first, then the intervals of the ratios; JSON adds each run with
 * its alignment, filters, samples and warnings. The text form is for
 * terminals: the table, then one line per run, then the method.
 */
#include <math.h>
#include <string.h>

#include "render/json.h"
#include "render/summary.h"
#include "model/banned.h"

static const char *const columns[] = {
    "device", "model", "batch", "runs", "epochs_used", "epoch_s", "epoch_s_lo", "epoch_s_hi",
    "throughput_sps", "power_w", "energy_j", "speedup", "energy_ratio", "efficiency_ratio",
    "alignment", "status", "speedup_lo", "speedup_hi", "energy_ratio_lo", "energy_ratio_hi",
    "efficiency_ratio_lo", "efficiency_ratio_hi", "energy_seed_j", "reason", "energy_source",
    "log_energy_j", "hardware", "session", "runtime_s",
};

static void csv_str(FILE *f, const char *s)
{
    if (!s)
        return;
    if (strpbrk(s, ",\"\n")) {
        fputc('"', f);
        for (; *s; s++) {
            if (*s == '"')
                fputc('"', f);
            fputc(*s, f);
        }
        fputc('"', f);
    } else {
        fputs(s, f);
    }
}

static void csv_num(FILE *f, double v)
{
    char buf[40];
    if (isfinite(v)) {
        br_fmt_double(buf, sizeof(buf), v);
        fputs(buf, f);
    }
}

void br_summary_csv(FILE *f, const struct br_analysis *a)
{
    for (size_t i = 0; i < sizeof(columns) / sizeof(columns[0]); i++)
        fprintf(f, "%s%s", i ? "," : "", columns[i]);
    fputc('\n', f);
    for (size_t i = 0; i < a->nrows; i++) {
        const struct br_row *r = &a->rows[i];
        const double nums[] = { r->epoch_s.center, r->epoch_s.lo, r->epoch_s.hi,
                                r->throughput_sps, r->power_w.center, r->energy_j.center,
                                r->speedup.center, r->energy_ratio.center,
                                r->efficiency_ratio.center };
        csv_str(f, r->device);
        fputc(',', f);
        csv_str(f, r->model);
        fputc(',', f);
        csv_str(f, r->batch);
        fprintf(f, ",%zu,%zu", r->runs, r->epochs_used);
        for (size_t k = 0; k < sizeof(nums) / sizeof(nums[0]); k++) {
            fputc(',', f);
            csv_num(f, r->dnf ? NAN : nums[k]);
        }
        fprintf(f, ",%s,%s", br_align_name(r->align), r->dnf ? "dnf" : "ok");
        {
            const double more[] = { r->speedup.lo, r->speedup.hi, r->energy_ratio.lo,
                                    r->energy_ratio.hi, r->efficiency_ratio.lo,
                                    r->efficiency_ratio.hi, r->energy_seed_j };
            for (size_t k = 0; k < sizeof(more) / sizeof(more[0]); k++) {
                fputc(',', f);
                csv_num(f, r->dnf ? NAN : more[k]);
            }
        }
        fputc(',', f);
        csv_str(f, r->dnf ? r->reason : NULL);
        fprintf(f, ",%s,", br_energy_source_name(r->esrc));
        csv_num(f, r->log_energy_j.center);
        fputc(',', f);
        csv_str(f, r->hardware);
        fputc(',', f);
        csv_str(f, r->session);
        fputc(',', f);
        csv_num(f, r->dnf ? NAN : r->runtime_s);
        fputc('\n', f);
    }
}

static void json_stat(struct br_json *j, const char *key, const struct br_stat *s)
{
    br_json_key(j, key);
    br_json_object(j);
    br_json_key(j, "value");
    br_json_num(j, s->center);
    br_json_key(j, "lo");
    br_json_num(j, s->lo);
    br_json_key(j, "hi");
    br_json_num(j, s->hi);
    br_json_key(j, "n");
    br_json_int(j, (long long)s->n);
    br_json_key(j, "method");
    br_json_str(j, s->method);
    br_json_end(j, '}');
}

static void json_row(struct br_json *j, const struct br_row *r)
{
    br_json_object(j);
    br_json_key(j, "device");
    br_json_str(j, r->device);
    br_json_key(j, "model");
    br_json_str(j, r->model);
    br_json_key(j, "batch");
    br_json_str(j, r->batch);
    br_json_key(j, "runs");
    br_json_int(j, (long long)r->runs);
    br_json_key(j, "epochs_used");
    br_json_int(j, (long long)r->epochs_used);
    br_json_key(j, "epoch_s");
    br_json_num(j, r->epoch_s.center);
    br_json_key(j, "epoch_s_lo");
    br_json_num(j, r->epoch_s.lo);
    br_json_key(j, "epoch_s_hi");
    br_json_num(j, r->epoch_s.hi);
    br_json_key(j, "throughput_sps");
    br_json_num(j, r->throughput_sps);
    br_json_key(j, "power_w");
    br_json_num(j, r->power_w.center);
    br_json_key(j, "energy_j");
    br_json_num(j, r->energy_j.center);
    br_json_key(j, "speedup");
    br_json_num(j, r->speedup.center);
    br_json_key(j, "energy_ratio");
    br_json_num(j, r->energy_ratio.center);
    br_json_key(j, "efficiency_ratio");
    br_json_num(j, r->efficiency_ratio.center);
    br_json_key(j, "alignment");
    br_json_str(j, br_align_name(r->align));
    br_json_key(j, "status");
    br_json_str(j, r->dnf ? "dnf" : "ok");
    br_json_key(j, "reason");
    br_json_str(j, r->dnf ? r->reason : NULL);
    br_json_key(j, "energy_seed_j");
    br_json_num(j, r->energy_seed_j);
    br_json_key(j, "energy_source");
    br_json_str(j, br_energy_source_name(r->esrc));
    br_json_key(j, "log_energy_j");
    br_json_num(j, r->log_energy_j.center);
    br_json_key(j, "hardware");
    br_json_str(j, r->hardware);
    br_json_key(j, "session");
    br_json_str(j, r->session);
    br_json_key(j, "runtime_s");
    br_json_num(j, r->dnf ? NAN : r->runtime_s);
    json_stat(j, "epoch_time", &r->epoch_s);
    json_stat(j, "energy", &r->energy_j);
    json_stat(j, "speedup_ci", &r->speedup);
    json_stat(j, "energy_ratio_ci", &r->energy_ratio);
    json_stat(j, "efficiency_ratio_ci", &r->efficiency_ratio);
    br_json_end(j, '}');
}

static void json_run(struct br_json *j, const struct br_run_result *rr)
{
    br_json_object(j);
    br_json_key(j, "path");
    br_json_str(j, rr->src->path);
    br_json_key(j, "line");
    br_json_int(j, rr->run->first_line);
    br_json_key(j, "device");
    br_json_str(j, rr->run->device.value);
    br_json_key(j, "model");
    br_json_str(j, rr->run->model.value);
    br_json_key(j, "batch");
    br_json_str(j, rr->run->batch.value);
    br_json_key(j, "status");
    br_json_str(j, rr->run->status == BR_RUN_OK ? "ok" : "dnf");
    br_json_key(j, "reason");
    br_json_str(j, rr->run->reason);
    br_json_key(j, "runtime_s");
    br_json_num(j, rr->run->runtime_s);
    br_json_key(j, "trace");
    br_json_str(j, rr->trace_path);
    br_json_key(j, "alignment");
    br_json_str(j, br_align_name(rr->align));
    br_json_key(j, "no_power");
    br_json_str(j, rr->why[0] ? rr->why : NULL);
    br_json_key(j, "clock_offset_s");
    br_json_num(j, rr->offset_s);
    br_json_key(j, "clock_offset_pm_s");
    br_json_num(j, rr->offset_pm);
    br_json_key(j, "hardware");
    br_json_str(j, rr->run->hardware);
    br_json_key(j, "epochs");
    br_json_int(j, (long long)rr->nep);
    br_json_key(j, "epochs_used");
    br_json_int(j, (long long)rr->epochs_used);
    br_json_key(j, "epochs_skipped");
    br_json_int(j, (long long)rr->epochs_skipped);
    br_json_key(j, "samples_used");
    br_json_int(j, (long long)rr->samples_used);
    br_json_key(j, "samples_removed");
    br_json_int(j, (long long)rr->samples_removed);
    br_json_key(j, "idle_w");
    br_json_num(j, rr->idle_w);
    br_json_key(j, "trigger_w");
    br_json_num(j, rr->trigger_w);
    br_json_key(j, "quantile_floor_w");
    br_json_num(j, rr->floor_w);
    br_json_key(j, "whole_power_w");
    br_json_num(j, rr->whole_power_w);
    br_json_key(j, "warnings");
    br_json_array(j);
    for (size_t i = 0; i < rr->warnings.nr; i++)
        br_json_str(j, rr->warnings.v[i].msg);
    br_json_end(j, ']');
    br_json_end(j, '}');
}

void br_summary_json(FILE *f, const struct br_analysis *a, const struct br_analysis_opts *o)
{
    struct br_json j;

    br_json_init(&j, f);
    br_json_object(&j);
    br_json_key(&j, "benchreport");
    br_json_int(&j, 1);
    br_json_key(&j, "baseline");
    br_json_str(&j, a->baseline);
    br_json_key(&j, "baseline_chosen");
    br_json_str(&j, a->baseline_defaulted ? "first device in name order" : "--baseline");
    br_json_key(&j, "method");
    br_json_object(&j);
    br_json_key(&j, "skip_epochs");
    br_json_int(&j, o->skip_epochs);
    br_json_key(&j, "quantile");
    br_json_num(&j, o->quantile);
    br_json_key(&j, "trigger_w");
    if (isnan(o->trigger_w))
        br_json_str(&j, "auto");
    else
        br_json_num(&j, o->trigger_w);
    br_json_key(&j, "domain");
    br_json_str(&j, o->domain);
    br_json_key(&j, "ratio_intervals");
    br_json_str(&j, a->interval_method);
    br_json_end(&j, '}');
    br_json_key(&j, "rows");
    br_json_array(&j);
    for (size_t i = 0; i < a->nrows; i++)
        json_row(&j, &a->rows[i]);
    br_json_end(&j, ']');
    br_json_key(&j, "geomean");
    br_json_array(&j);
    for (size_t i = 0; i < a->ngeo; i++) {
        br_json_object(&j);
        br_json_key(&j, "device");
        br_json_str(&j, a->geo[i].device);
        br_json_key(&j, "workloads");
        br_json_int(&j, (long long)a->geo[i].n);
        br_json_key(&j, "dnf");
        br_json_int(&j, (long long)a->geo[i].dnf);
        json_stat(&j, "speedup", &a->geo[i].speedup);
        json_stat(&j, "energy_ratio", &a->geo[i].energy_ratio);
        json_stat(&j, "efficiency_ratio", &a->geo[i].efficiency_ratio);
        br_json_end(&j, '}');
    }
    br_json_end(&j, ']');
    br_json_key(&j, "ranges");
    br_json_array(&j);
    for (size_t i = 0; i < a->nranges; i++) {
        const struct br_range *r = &a->ranges[i];
        br_json_object(&j);
        br_json_key(&j, "device");
        br_json_str(&j, r->device);
        br_json_key(&j, "model");
        br_json_str(&j, r->model);
        br_json_key(&j, "speedup");
        br_json_array(&j);
        for (int k = 0; k < 3; k++)
            br_json_num(&j, r->speedup[k]);
        br_json_end(&j, ']');
        br_json_key(&j, "energy_ratio");
        br_json_array(&j);
        for (int k = 0; k < 3; k++)
            br_json_num(&j, r->energy_ratio[k]);
        br_json_end(&j, ']');
        br_json_key(&j, "efficiency_ratio");
        br_json_array(&j);
        for (int k = 0; k < 3; k++)
            br_json_num(&j, r->efficiency_ratio[k]);
        br_json_end(&j, ']');
        br_json_end(&j, '}');
    }
    br_json_end(&j, ']');
    br_json_key(&j, "runs");
    br_json_array(&j);
    for (size_t i = 0; i < a->nruns; i++)
        json_run(&j, &a->runs[i]);
    br_json_end(&j, ']');
    br_json_key(&j, "warnings");
    br_json_array(&j);
    for (size_t i = 0; i < a->warnings.nr; i++)
        br_json_str(&j, a->warnings.v[i].msg);
    br_json_end(&j, ']');
    br_json_end(&j, '}');
    fputc('\n', f);
}

static void cell(FILE *f, int width, double v, int prec)
{
    if (isfinite(v))
        fprintf(f, "%*.*g", width, prec, v);
    else
        fprintf(f, "%*s", width, "-");
}

/* The width of the longest device or model name, at least `min`. */
static int name_width(const struct br_analysis *a, int model, int min)
{
    int w = min;
    for (size_t i = 0; i < a->nrows; i++) {
        int n = (int)strlen(model ? a->rows[i].model : a->rows[i].device);
        if (n > w)
            w = n;
    }
    return w;
}

/* Whether the rows come from more than one recording session. */
static int sessions(const struct br_analysis *a)
{
    for (size_t i = 1; i < a->nrows; i++) {
        const char *x = a->rows[0].session, *y = a->rows[i].session;
        if (x != y && (!x || !y || strcmp(x, y)))
            return 1;
    }
    return 0;
}

/* The rows whose energy a trace gave and a log's counter too: both, and how far apart. */
static void energy_checks(FILE *f, const struct br_analysis *a)
{
    int head = 0;

    for (size_t i = 0; i < a->nrows; i++) {
        const struct br_row *r = &a->rows[i];
        if (!(r->log_energy_j.n && isfinite(r->energy_j.center) && r->log_energy_j.center > 0))
            continue;
        if (!head++)
            fputs("\nenergy per epoch, trace against the log's own counter:\n", f);
        fprintf(f, "  %s %s/%s: trace %.4g J, log %.4g J (%+.1f%%)\n", r->device, r->model,
                r->batch, r->energy_j.center, r->log_energy_j.center,
                100 * (r->energy_j.center / r->log_energy_j.center - 1));
    }
}

/* Whether a row has a time to train (the text table then shows the column). */
static int any_runtime(const struct br_analysis *a)
{
    for (size_t i = 0; i < a->nrows; i++)
        if (!a->rows[i].dnf && isfinite(a->rows[i].runtime_s))
            return 1;
    return 0;
}

void br_summary_text(FILE *f, const struct br_analysis *a, const struct br_analysis_opts *o)
{
    int dw = name_width(a, 0, 16), mw = name_width(a, 1, 12), many = sessions(a);
    int rt = any_runtime(a);
    const char *last = NULL;

    fprintf(f, "baseline: %s%s\n\n", a->baseline ? a->baseline : "-",
            a->baseline_defaulted ? " (the first device in name order; --baseline to choose)"
                                  : "");
    fprintf(f, "%-*s %-*s %6s %4s %6s %10s %21s %9s %10s %8s %8s %8s %-9s\n", dw, "device", mw,
            "model", "batch", "runs", "epochs", "epoch_s", "95% interval", "power_w",
            "energy_j", "speedup", "energy", "effic.", rt ? "alignment runtime_s" : "alignment");
    for (size_t i = 0; i < a->nrows; i++) {
        const struct br_row *r = &a->rows[i];
        if (many && r->session && (!last || strcmp(last, r->session)))
            fprintf(f, "[%s]\n", r->session);
        last = r->session;
        fprintf(f, "%-*s %-*s %6s %4zu %6zu ", dw, r->device, mw, r->model, r->batch, r->runs,
                r->epochs_used);
        if (r->dnf) {
            fprintf(f, "DNF: %s\n", r->reason ? r->reason : "did not finish");
            continue;
        }
        cell(f, 10, r->epoch_s.center, 4);
        if (isfinite(r->epoch_s.lo))
            fprintf(f, "  [%8.4g, %8.4g]", r->epoch_s.lo, r->epoch_s.hi);
        else
            fprintf(f, "  %20s", "-");
        cell(f, 10, r->power_w.center, 4);
        cell(f, 11, r->energy_j.center, 4);
        cell(f, 9, r->speedup.center, 3);
        cell(f, 9, r->energy_ratio.center, 3);
        cell(f, 9, r->efficiency_ratio.center, 3);
        if (rt) {
            fprintf(f, " %-9s", br_align_name(r->align));
            cell(f, 10, r->runtime_s, 6);
            fputc('\n', f);
        } else {
            fprintf(f, " %s\n", br_align_name(r->align));
        }
    }
    energy_checks(f, a);
    if (a->ngeo) {
        fprintf(f, "\ngeometric mean vs %s (workloads both finished):\n", a->baseline);
        for (size_t i = 0; i < a->ngeo; i++) {
            const struct br_geomean *g = &a->geo[i];
            fprintf(f, "  %-*s %zu workload%s", dw, g->device, g->n, g->n == 1 ? "" : "s");
            fputs("  speedup", f);
            cell(f, 7, g->speedup.center, 3);
            fputs("  energy", f);
            cell(f, 7, g->energy_ratio.center, 3);
            fputs("  efficiency", f);
            cell(f, 7, g->efficiency_ratio.center, 3);
            if (g->dnf)
                fprintf(f, "  (%zu DNF)", g->dnf);
            fputc('\n', f);
        }
    }
    fputs("\nruns:\n", f);
    for (size_t i = 0; i < a->nruns; i++) {
        const struct br_run_result *rr = &a->runs[i];
        fprintf(f, "  %s:%u  %s, %zu of %zu epochs used, %zu samples used, %zu removed",
                rr->src->path, rr->run->first_line, br_align_name(rr->align), rr->epochs_used,
                rr->nep, rr->samples_used, rr->samples_removed);
        if (rr->trace_path)
            fprintf(f, ", trace %s", rr->trace_path);
        if (rr->run->hardware)
            fprintf(f, ", hardware \"%s\"", rr->run->hardware);
        if (isfinite(rr->run->runtime_s))
            fprintf(f, ", time to train %g s", rr->run->runtime_s);
        fputc('\n', f);
        for (size_t k = 0; k < rr->warnings.nr; k++)
            fprintf(f, "    warning: %s\n", rr->warnings.v[k].msg);
    }
    fprintf(f, "\nmethod: %u warm-up epoch%s left out; epoch time is the median (with an "
               "order-statistic interval) from 6 epochs, the mean (t interval) below; energy "
               "per epoch by the trapezoid rule over each epoch (powermetrics: each sample's "
               "window); whole-trace runs: mean power above the %g quantile x epoch time; "
               "ratio intervals: %s.\n",
            o->skip_epochs, o->skip_epochs == 1 ? "" : "s", o->quantile, a->interval_method);
    for (size_t i = 0; i < a->warnings.nr; i++)
        fprintf(f, "warning: %s\n", a->warnings.v[i].msg);
}
