/*
 * summary.c: figures already summarised, one row per device and workload,
 * as papers and READMEs give them (and as the seeds' tables were made):
 *     device,model,batch,epoch_min
 *     A6000,resnet50,64,0.49
 *     M1 Pro,resnet50,64,6.75
 * Read with libcsv (quoted fields, hand-written files). The header names the
 * columns: device and one epoch time (epoch_s, epoch_min or epoch_ms) are
 * required; model, batch, power_w, energy_j (per epoch), status and reason
 * are optional. Each row is a run with one epoch: a single figure, so the
 * analysis gives it no interval. A line 1 that opens with '{' (in colour or not)
 * is a dictionary, never this header, whatever words it holds (MindSpore
 * model_zoo's train.py prints its options' help so: "{'device_target': ...,
 * 'epoch_size': ...}").
 */
#include <csv.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model/alloc.h"
#include "model/num.h"
#include "parsers/parser.h"
#include "model/banned.h"

enum { S_DEVICE, S_MODEL, S_BATCH, S_EPOCH_S, S_EPOCH_MIN, S_EPOCH_MS, S_POWER, S_ENERGY,
       S_STATUS, S_REASON, S_N };
static const char *const names[S_N] = { "device", "model", "batch", "epoch_s", "epoch_min",
                                        "epoch_ms", "power_w", "energy_j", "status", "reason" };
#define SUMMARY_MAX_FIELD 256

struct reader {
    struct br_source *src;
    int col[S_N];
    int field, header_done, failed, rows;
    unsigned line;          /* the line the record just read started on */
    unsigned cur, start;    /* the line being read; where the current record started */
    char val[S_N][SUMMARY_MAX_FIELD];
    int have[S_N];
};

static void on_field(void *s, size_t n, void *data)
{
    struct reader *r = data;
    const char *p = s ? s : "";

    if (!r->start)
        r->start = r->cur;
    while (n && *p == ' ') {
        p++;
        n--;
    }
    while (n && p[n - 1] == ' ')
        n--;
    for (int k = 0; k < S_N; k++) {
        if (!r->header_done) {
            if (strlen(names[k]) == n && !strncasecmp(names[k], p, n))
                r->col[k] = r->field;
        } else if (r->col[k] == r->field && n < SUMMARY_MAX_FIELD) {
            memcpy(r->val[k], p, n);
            r->val[k][n] = '\0';
            r->have[k] = n > 0;
        }
    }
    r->field++;
}

static int number(struct reader *r, int k, double *v)
{
    size_t n = strlen(r->val[k]);
    return r->have[k] && br_num_parse(r->val[k], r->val[k] + n, v) == n;
}

static void row(struct reader *r)
{
    static const double scale[3] = { 1, 60, 1e-3 };
    struct br_run *run;
    struct br_epoch *e;
    double t = NAN, v;
    int k;

    if (!r->have[S_DEVICE]) {
        br_source_diag(r->src, BR_ERROR, r->line, 1, "row has no device");
        return;
    }
    for (k = S_EPOCH_S; k <= S_EPOCH_MS; k++)
        if (r->have[k])
            break;
    if (k <= S_EPOCH_MS && !number(r, k, &t)) {
        br_source_diag(r->src, BR_ERROR, r->line, 1, "%s '%s' is not a number", names[k],
                       r->val[k]);
        return;
    }
    run = br_source_new_run(r->src);
    run->first_line = r->line;
    run->summary = 1;
    br_label_set(run, &run->device, r->val[S_DEVICE], BR_LABEL_MANIFEST);
    if (r->have[S_MODEL])
        br_label_set(run, &run->model, r->val[S_MODEL], BR_LABEL_MANIFEST);
    if (r->have[S_BATCH])
        br_label_set(run, &run->batch, r->val[S_BATCH], BR_LABEL_MANIFEST);
    if ((r->have[S_STATUS] && strcasecmp(r->val[S_STATUS], "ok")) || k > S_EPOCH_MS) {
        run->status = BR_RUN_DNF;
        run->reason = br_arena_strdup(&run->arena, r->have[S_REASON] ? r->val[S_REASON]
                                                   : r->have[S_STATUS] ? r->val[S_STATUS]
                                                                       : "no epoch time");
        run->reason_line = r->line;
    }
    r->rows++;
    if (k > S_EPOCH_MS)
        return;
    e = br_run_add_epoch(run);
    e->index = 1;
    e->duration = t * scale[k - S_EPOCH_S];
    e->line = r->line;
    if (number(r, S_POWER, &v))
        br_epoch_set_metric(run, e, "power_w", 7, v);
    if (number(r, S_ENERGY, &v))
        br_epoch_set_metric(run, e, "energy_j", 8, v);
}

static void on_record(int c, void *data)
{
    struct reader *r = data;

    (void)c;
    /* a lone '\r' ends a CSV record but not a line: diagnostics name lines */
    r->line = r->start ? r->start : r->cur;
    r->start = 0;
    r->field = 0;
    if (!r->header_done) {
        r->header_done = 1;
        if (r->col[S_DEVICE] < 0 ||
            (r->col[S_EPOCH_S] < 0 && r->col[S_EPOCH_MIN] < 0 && r->col[S_EPOCH_MS] < 0)) {
            br_source_diag(r->src, BR_ERROR, r->line, 1,
                           "a summary needs a 'device' column and 'epoch_s', 'epoch_min' or "
                           "'epoch_ms'");
            r->failed = 1;
        }
        return;
    }
    if (!r->failed)
        row(r);
    memset(r->have, 0, sizeof(r->have));
}

static int summary_parse(struct br_lines *in, struct br_source *src,
                         const struct br_parse_opts *o)
{
    struct reader r = { .src = src };
    struct csv_parser p;
    const char *line;
    size_t len;

    (void)o;
    for (int k = 0; k < S_N; k++)
        r.col[k] = -1;
    if (csv_init(&p, CSV_APPEND_NULL | CSV_EMPTY_IS_NULL) != 0) {
        br_source_diag(src, BR_ERROR, 0, 0, "cannot start the CSV reader");
        return -1;
    }
    while (br_lines_next(in, &line, &len) > 0 && !r.failed) {
        r.cur = in->lineno;
        if (csv_parse(&p, line, len, on_field, on_record, &r) != len ||
            csv_parse(&p, "\n", 1, on_field, on_record, &r) != 1) {
            br_source_diag(src, BR_ERROR, in->lineno, 1, "%s", csv_strerror(csv_error(&p)));
            break;
        }
    }
    csv_fini(&p, on_field, on_record, &r);
    csv_free(&p);
    if (!r.failed && r.rows == 0)
        br_source_diag(src, BR_ERROR, in->lineno, 1, "summary has no rows");
    return r.rows ? 0 : -1;
}

/* Whether line 1 opens with '{', past the colour codes a console may put before it. */
static int dict_line(const char *p, const char *end)
{
    while (end - p >= 2 && p[0] == '\033' && p[1] == '[') {
        for (p += 2; p < end && !((*p | 0x20) >= 'a' && (*p | 0x20) <= 'z'); p++)
            ;
        p += p < end;
    }
    return p < end && *p == '{';
}

static int summary_sniff(const char *head, size_t n, const struct br_parse_opts *o,
                         struct br_buf *why)
{
    const char *nl = memchr(head, '\n', n);
    size_t len = nl ? (size_t)(nl - head) : n;

    (void)o;
    /* MindSpore model_zoo's train.py prints its options' help as a Python dict on line 1
     * ("{'enable_modelarts': ..., 'device_target': ..., 'epoch_size': ...}"): no header */
    if (dict_line(head, head + len)) {
        br_buf_addstr(why, "line 1 is a dictionary, not a CSV header");
        return 0;
    }
    if (memmem(head, len, "device", 6) &&
        (memmem(head, len, "epoch_s", 7) || memmem(head, len, "epoch_min", 9) ||
         memmem(head, len, "epoch_ms", 8))) {
        br_buf_addstr(why, "header names device and an epoch time");
        return 90;
    }
    br_buf_addstr(why, "no header with device and epoch_s/epoch_min/epoch_ms");
    return 0;
}

const struct br_parser br_parser_summary = {
    .name = "summary",
    .what = "summarised figures: device,model,batch,epoch_s|epoch_min|epoch_ms[,power_w,energy_j]",
    .sniff = summary_sniff,
    .parse = summary_parse,
};
