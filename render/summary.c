/*
 * summary.c: writing the analysis. The CSV and JSON rows carry DESIGN.md's
 * columns first, then the intervals of the ratios; JSON adds each run with
 * its alignment, filters, samples and warnings. The text form is for
 * terminals: the table, then one line per run, then the method.
 */
#include <math.h>
#include <string.h>

#include "render/columns.h"
#include "render/json.h"
#include "render/summary.h"
#include "model/banned.h"

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

void br_summary_csv(FILE *f, const struct br_analysis *a, int full)
{
    for (size_t i = 0; i < br_ncolumns; i++)
        fprintf(f, "%s%s", i ? "," : "", br_columns[i].name);
    fputc('\n', f);
    for (size_t i = 0; i < a->nrows; i++) {
        for (size_t k = 0; k < br_ncolumns; k++) {
            char cell[512];
            if (k)
                fputc(',', f);
            if (br_column_cell(&br_columns[k], &a->rows[i], full, cell, sizeof(cell)))
                csv_str(f, cell);
        }
        fputc('\n', f);
    }
}

static struct br_stat stat_of(const struct br_row *r)
{
    return r->epoch_s;
}

/* A figure with its interval, rounded to what the interval supports unless `full`. */
static void json_stat(struct br_json *j, const char *key, const struct br_stat *s, int full)
{
    char v[48], lo[48], hi[48];
    struct br_row r = { 0 };
    struct br_column c = { .kind = BR_COL_NUM, .stat = stat_of };

    r.epoch_s = *s;   /* the column reads the figure back from here */
    br_column_cell(&c, &r, full, v, sizeof(v));
    c.part = -1;
    br_column_cell(&c, &r, full, lo, sizeof(lo));
    c.part = 1;
    br_column_cell(&c, &r, full, hi, sizeof(hi));
    br_json_key(j, key);
    br_json_object(j);
    br_json_key(j, "value");
    br_json_numstr(j, v);
    br_json_key(j, "lo");
    br_json_numstr(j, lo);
    br_json_key(j, "hi");
    br_json_numstr(j, hi);
    br_json_key(j, "n");
    br_json_int(j, (long long)s->n);
    br_json_key(j, "method");
    br_json_str(j, s->method);
    br_json_end(j, '}');
}

static void json_row(struct br_json *j, const struct br_row *r, int full)
{
    br_json_object(j);
    for (size_t k = 0; k < br_ncolumns; k++) {
        const struct br_column *c = &br_columns[k];
        char cell[512];
        int have = br_column_cell(c, r, full, cell, sizeof(cell));
        if (c->kind == BR_COL_NUM && c->part && strncmp(c->name, "epoch_s_", 8))
            continue;   /* the ratios' bounds are in their _ci objects */
        br_json_key(j, c->name);
        if (c->kind == BR_COL_COUNT)
            br_json_int(j, (long long)c->count(r));
        else if (c->kind == BR_COL_NUM)
            br_json_numstr(j, have ? cell : NULL);
        else
            br_json_str(j, have ? cell : NULL);
    }
    json_stat(j, "epoch_time", &r->epoch_s, full);
    json_stat(j, "energy", &r->energy_j, full);
    json_stat(j, "speedup_ci", &r->speedup, full);
    json_stat(j, "energy_ratio_ci", &r->energy_ratio, full);
    json_stat(j, "efficiency_ratio_ci", &r->efficiency_ratio, full);
    br_json_end(j, '}');
}

/* `v` rounded to its interval [lo, hi] (NaN: none), or every digit with `full`. */
static void json_round(struct br_json *j, double v, double lo, double hi, int full)
{
    char s[48];
    br_num_round(s, sizeof(s), v, lo, hi, full);
    br_json_numstr(j, s);
}

static void json_run(struct br_json *j, const struct br_run_result *rr, int full)
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
    json_round(j, rr->run->runtime_s, NAN, NAN, full);
    br_json_key(j, "trace");
    br_json_str(j, rr->trace_path);
    br_json_key(j, "alignment");
    br_json_str(j, br_align_name(rr->align));
    br_json_key(j, "no_power");
    br_json_str(j, rr->why[0] ? rr->why : NULL);
    br_json_key(j, "clock_offset_s");
    json_round(j, rr->offset_s, rr->offset_s - rr->offset_pm, rr->offset_s + rr->offset_pm, full);
    br_json_key(j, "clock_offset_pm_s");
    json_round(j, rr->offset_pm, NAN, NAN, full);
    br_json_key(j, "hardware");
    br_json_str(j, rr->run->hardware);
    br_json_key(j, "host");
    br_json_str(j, rr->run->host);
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
    json_round(j, rr->idle_w, NAN, NAN, full);
    br_json_key(j, "trigger_w");
    json_round(j, rr->trigger_w, NAN, NAN, full);
    br_json_key(j, "quantile_floor_w");
    json_round(j, rr->floor_w, NAN, NAN, full);
    br_json_key(j, "whole_power_w");
    json_round(j, rr->whole_power_w, NAN, NAN, full);
    br_json_key(j, "warnings");
    br_json_array(j);
    for (size_t i = 0; i < rr->warnings.nr; i++)
        br_json_str(j, rr->warnings.v[i].msg);
    br_json_end(j, ']');
    br_json_end(j, '}');
}

void br_summary_json(FILE *f, const struct br_analysis *a, const struct br_analysis_opts *o,
                     int full)
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
        json_row(&j, &a->rows[i], full);
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
        json_stat(&j, "speedup", &a->geo[i].speedup, full);
        json_stat(&j, "energy_ratio", &a->geo[i].energy_ratio, full);
        json_stat(&j, "efficiency_ratio", &a->geo[i].efficiency_ratio, full);
        br_json_end(&j, '}');
    }
    br_json_end(&j, ']');
    br_json_key(&j, "ranges");
    br_json_array(&j);
    for (size_t i = 0; i < a->nranges; i++) {
        const struct br_range *r = &a->ranges[i];
        br_json_object(&j);
        br_json_key(&j, "session");
        br_json_str(&j, r->session);
        br_json_key(&j, "device");
        br_json_str(&j, r->device);
        br_json_key(&j, "model");
        br_json_str(&j, r->model);
        br_json_key(&j, "speedup");
        br_json_array(&j);
        for (int k = 0; k < 3; k++) {
            char v[48];
            br_range_cell(a, r, 0, k, full, v, sizeof(v));
            br_json_numstr(&j, v);
        }
        br_json_end(&j, ']');
        br_json_key(&j, "energy_ratio");
        br_json_array(&j);
        for (int k = 0; k < 3; k++) {
            char v[48];
            br_range_cell(a, r, 1, k, full, v, sizeof(v));
            br_json_numstr(&j, v);
        }
        br_json_end(&j, ']');
        br_json_key(&j, "efficiency_ratio");
        br_json_array(&j);
        for (int k = 0; k < 3; k++) {
            char v[48];
            br_range_cell(a, r, 2, k, full, v, sizeof(v));
            br_json_numstr(&j, v);
        }
        br_json_end(&j, ']');
        br_json_end(&j, '}');
    }
    br_json_end(&j, ']');
    br_json_key(&j, "runs");
    br_json_array(&j);
    for (size_t i = 0; i < a->nruns; i++)
        json_run(&j, &a->runs[i], full);
    br_json_end(&j, ']');
    br_json_key(&j, "warnings");
    br_json_array(&j);
    for (size_t i = 0; i < a->warnings.nr; i++)
        br_json_str(&j, a->warnings.v[i].msg);
    br_json_end(&j, ']');
    br_json_end(&j, '}');
    fputc('\n', f);
}

/* "N batch size(s)" */
static const char *batch_sizes(size_t n, char *out, size_t size)
{
    snprintf(out, size, "%zu batch size%s", n, n == 1 ? "" : "s");
    return out;
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

/* Whether a device other than the baseline finished a workload the baseline finished. */
static int other_finished(const struct br_analysis *a)
{
    for (size_t i = 0; i < a->nrows && a->baseline; i++) {
        const struct br_row *r = &a->rows[i];
        if (r->dnf || !strcmp(r->device, a->baseline))
            continue;
        for (size_t k = 0; k < a->nbase; k++) {
            const struct br_row *b = &a->rows[a->base[k]];
            if (!b->dnf && !strcmp(b->model, r->model) && !strcmp(b->batch, r->batch))
                return 1;
        }
    }
    return 0;
}

static void text_table(FILE *f, const struct br_analysis *a)
{
    int w[64] = { 0 }, many = sessions(a);
    const char *last = NULL;
    size_t nc = 0, idx[64];
    char cell[256];

    for (size_t k = 0; k < br_ncolumns && nc < 64; k++)
        if (br_column_shown_in(&br_columns[k], a))
            idx[nc++] = k;
    for (size_t c = 0; c < nc; c++) {
        w[c] = (int)strlen(br_columns[idx[c]].head);
        for (size_t i = 0; i < a->nrows; i++) {
            br_column_shown(&br_columns[idx[c]], &a->rows[i], cell, sizeof(cell));
            if ((int)strlen(cell) > w[c])
                w[c] = (int)strlen(cell);
        }
    }
    for (size_t c = 0; c < nc; c++)
        fprintf(f, "%s%*s", c ? "  " : "", br_columns[idx[c]].kind == BR_COL_TEXT ? -w[c] : w[c],
                br_columns[idx[c]].head);
    fputc('\n', f);
    for (size_t i = 0; i < a->nrows; i++) {
        const struct br_row *r = &a->rows[i];
        if (many && r->session && (!last || strcmp(last, r->session)))
            fprintf(f, "[%s]\n", r->session);
        last = r->session;
        for (size_t c = 0; c < nc; c++) {
            const struct br_column *col = &br_columns[idx[c]];
            if (r->dnf && col->kind == BR_COL_NUM) {
                fprintf(f, "  DNF: %s", r->reason ? r->reason : "did not finish");
                break;
            }
            if (r->withheld && col->kind == BR_COL_NUM && isnan(r->epoch_s.center)) {
                fprintf(f, "  no figures: %s", r->withheld);
                break;
            }
            br_column_shown(col, r, cell, sizeof(cell));
            if (c + 1 == nc && col->kind == BR_COL_TEXT)
                fprintf(f, "  %s", cell);   /* no trailing blanks */
            else
                fprintf(f, "%s%*s", c ? "  " : "", col->kind == BR_COL_TEXT ? -w[c] : w[c],
                        cell);
        }
        fputc('\n', f);
    }
}

void br_summary_text(FILE *f, const struct br_analysis *a, const struct br_analysis_opts *o)
{
    char g[3][128], n[32];

    fprintf(f, "baseline: %s%s\n\n", a->baseline ? a->baseline : "-",
            a->baseline_defaulted ? " (the first device in name order; --baseline to choose)"
                                  : "");
    text_table(f, a);
    energy_checks(f, a);
    if (a->ngeo) {
        size_t shared = 0;
        for (size_t i = 0; i < a->ngeo; i++)
            shared += a->geo[i].n > 0 && strcmp(a->geo[i].device, a->baseline);
        fprintf(f, "\ngeometric mean vs %s (workloads both finished), 95%% intervals:\n",
                a->baseline);
        if (!shared && !other_finished(a))
            fputs("  none: no other device finished a workload that the baseline finished\n", f);
        else if (!shared)
            fputs("  none: no other device has a ratio against the baseline (warnings say "
                  "why)\n", f);
        for (size_t i = 0; i < a->ngeo && shared; i++) {
            const struct br_geomean *m = &a->geo[i];
            const struct br_stat *st[3] = { &m->speedup, &m->energy_ratio, &m->efficiency_ratio };
            for (int k = 0; k < 3; k++)
                br_stat_shown(st[k], g[k], sizeof(g[k]));
            fprintf(f, "  %s: %zu workload%s, speedup %s, energy %s, efficiency %s", m->device,
                    m->n, m->n == 1 ? "" : "s", g[0], g[1], g[2]);
            if (m->dnf)
                fprintf(f, " (%zu DNF)", m->dnf);
            fputc('\n', f);
        }
    }
    if (a->nranges) {
        int head = 0;
        for (size_t i = 0; i < a->nranges; i++) {
            const struct br_range *r = &a->ranges[i];
            if ((a->baseline && !strcmp(r->device, a->baseline)) ||
                !br_range_count(a, r, 0))
                continue;   /* the baseline's own, or no ratio to range over */
            if (!head++)
                fprintf(f, "\nmin / mean / max over batch sizes vs %s:\n", a->baseline);
            for (int k = 0; k < 3; k++) {
                char x[3][32];
                for (int q = 0; q < 3; q++) {
                    br_range_cell(a, r, k, q, 0, x[q], sizeof(x[q]));
                    if (!x[q][0])
                        snprintf(x[q], sizeof(x[q]), "-");
                }
                snprintf(g[k], sizeof(g[k]), "%s / %s / %s", x[0], x[1], x[2]);
            }
            fprintf(f, "  %s%s%s%s %s (%s): speedup %s, energy %s, efficiency %s\n",
                    r->session ? "[" : "", r->session ? r->session : "", r->session ? "] " : "",
                    r->device, r->model, batch_sizes(br_range_count(a, r, 0), n, sizeof(n)),
                    g[0], g[1], g[2]);
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
    fprintf(f, "\nmethod: %s; epoch time is the median (with an "
               "order-statistic interval) of a row's 6 epochs or more, the mean (t interval) "
               "of fewer; energy "
               "per epoch by the trapezoid rule over each epoch (powermetrics: each sample's "
               "window); whole-trace runs: mean power above the %g quantile x epoch time; "
               "ratio intervals: %s.\n",
            br_warmup_words(o->skip_epochs), o->quantile, a->interval_method);
    if (a->shared)
        fprintf(f, "method: %zu workload%s whose logs time no epoch (a time to train shared out "
                   "over the epochs run) give%s the mean epoch time, which that time fixes, not "
                   "a median.\n", a->shared, a->shared == 1 ? "" : "s", a->shared == 1 ? "s" : "");
    if (a->grouped)
        fprintf(f, "method: %zu workload%s whose rounded durations tie at their median give%s "
                   "the grouped median, interpolated within the median's class (a tie's printed "
                   "value is no better a median than any point of it).\n", a->grouped,
                a->grouped == 1 ? "" : "s", a->grouped == 1 ? "s" : "");
    if (a->res > 0)
        fprintf(f, "method: durations the logs print rounded (to %g s at most: Keras' whole "
                   "seconds, tqdm's mm:ss, times to the second) widen the epoch-time interval by "
                   "half their rounding and the energy interval by the same share of the "
                   "epoch.\n", a->res);
    for (size_t i = 0; i < a->warnings.nr; i++)
        fprintf(f, "warning: %s\n", a->warnings.v[i].msg);
}
