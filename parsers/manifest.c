/*
 * manifest.c: `benchreport.csv`, read with libcsv. The header names the
 * columns (file, device, model, batch, framework, tz, columns; any
 * order, others ignored); every row after it labels one file.
 */
#include <csv.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "parsers/manifest.h"
#include "model/banned.h"

enum { M_FILE, M_DEVICE, M_MODEL, M_BATCH, M_FRAMEWORK, M_TZ, M_COLUMNS, M_N };
static const char *const colnames[M_N] = { "file",      "device", "model",  "batch",
                                           "framework", "tz",     "columns" };

struct reader {
    struct br_manifest *m;
    struct br_diag *d;
    unsigned line;          /* current record's line */
    int col[M_N];           /* field index of each column, -1 if absent */
    int field;              /* index of the next field in the record */
    char *vals[M_N];
    int header_done, failed;
};

static void on_field(void *s, size_t n, void *data)
{
    struct reader *r = data;
    const char *p = s ? s : "";

    while (n && (*p == ' ' || *p == '\t')) {
        p++;
        n--;
    }
    while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
        n--;
    if (!r->header_done) {
        for (int k = 0; k < M_N; k++)
            if (strlen(colnames[k]) == n && !strncmp(colnames[k], p, n))
                r->col[k] = r->field;
    } else {
        for (int k = 0; k < M_N; k++)
            if (r->col[k] == r->field)
                r->vals[k] = br_arena_strndup(&r->m->arena, p, n);
    }
    r->field++;
}

static void on_record(int c, void *data)
{
    struct reader *r = data;
    struct br_manifest_row *row;

    (void)c;
    r->line++;
    r->field = 0;
    if (r->failed)
        return;
    if (!r->header_done) {
        r->header_done = 1;
        if (r->col[M_FILE] < 0) {
            br_diag_set(r->d, r->line, 1, "manifest header has no 'file' column");
            r->failed = 1;
        }
        return;
    }
    if (!r->vals[M_FILE] || !r->vals[M_FILE][0]) {
        br_diag_set(r->d, r->line, 1, "manifest row has no file name");
        r->failed = 1;
        return;
    }
    if (r->vals[M_BATCH] && r->vals[M_BATCH][0] &&
        strspn(r->vals[M_BATCH], "0123456789") != strlen(r->vals[M_BATCH])) {
        br_diag_set(r->d, r->line, 1, "batch '%s' is not a number", r->vals[M_BATCH]);
        r->failed = 1;
        return;
    }
    BR_GROW(r->m->rows, r->m->nr + 1, r->m->alloc);
    row = &r->m->rows[r->m->nr++];
    row->file = r->vals[M_FILE];
    row->device = r->vals[M_DEVICE];
    row->model = r->vals[M_MODEL];
    row->batch = r->vals[M_BATCH];
    row->framework = r->vals[M_FRAMEWORK];
    row->tz = r->vals[M_TZ];
    row->columns = r->vals[M_COLUMNS];
    row->line = r->line;
    memset(r->vals, 0, sizeof(r->vals));
}

int br_manifest_read(struct br_manifest *m, const char *path, struct br_diag *d)
{
    struct csv_parser p;
    struct reader r = { .m = m, .d = d };
    FILE *f = fopen(path, "rb");
    char buf[4096];
    size_t n;
    int ret = -1;

    if (d)
        d->path = path;
    m->path = br_arena_strdup(&m->arena, path);
    for (int k = 0; k < M_N; k++)
        r.col[k] = -1;
    if (!f)
        return br_diag_set(d, 0, 0, "cannot open: %s", strerror(errno));
    if (csv_init(&p, CSV_APPEND_NULL | CSV_EMPTY_IS_NULL) != 0) {
        fclose(f);
        return br_diag_set(d, 0, 0, "cannot start the CSV reader");
    }
    while ((n = fread(buf, 1, sizeof(buf), f)) > 0 && !r.failed) {
        if (csv_parse(&p, buf, n, on_field, on_record, &r) != n) {
            br_diag_set(d, r.line + 1, 1, "%s", csv_strerror(csv_error(&p)));
            goto out;
        }
    }
    csv_fini(&p, on_field, on_record, &r);
    if (!r.failed)
        ret = 0;
out:
    csv_free(&p);
    fclose(f);
    return ret;
}
