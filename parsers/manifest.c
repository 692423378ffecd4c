/*
 * manifest.c: `benchreport.csv`, read with libcsv one line at a time: a
 * manifest is written by hand, and a mistake on one line (a stray quote, a
 * batch "32x") must cost that row only, reported at its own line. The header
 * names the columns (file, device, model, batch, framework, tz, columns; any
 * order, others ignored); every row after it labels one file.
 */
#include <csv.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/alloc.h"
#include "model/buf.h"
#include "parsers/manifest.h"
#include "model/banned.h"

/* A manifest is one line per file of a directory: more is not one. */
#define MAX_MANIFEST (16u << 20)

enum { M_FILE, M_DEVICE, M_MODEL, M_BATCH, M_FRAMEWORK, M_TZ, M_COLUMNS, M_N };
static const char *const colnames[M_N] = { "file",      "device", "model",  "batch",
                                           "framework", "tz",     "columns" };

struct reader {
    struct br_manifest *m;
    const char *dir;        /* the manifest's directory, with its '/' ("" for none) */
    size_t ndir;
    unsigned line;          /* the line being read */
    int col[M_N];           /* field index of each column, -1 if absent */
    int field;              /* index of the next field in the record */
    char *vals[M_N];
    int header_done, records;
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

static void row_diag(struct reader *r, enum br_severity sev, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void row_diag(struct reader *r, enum br_severity sev, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    br_diags_vadd(&r->m->diags, r->m->path, sev, r->line, 1, fmt, ap);
    va_end(ap);
}

/* Whether `file` exists beside the manifest. */
static int beside(const struct reader *r, const char *file)
{
    size_t n = r->ndir + strlen(file) + 1;
    char *p = br_xmalloc(n);
    int ok;

    snprintf(p, n, "%.*s%s", (int)r->ndir, r->dir, file);
    ok = access(p, F_OK) == 0;
    free(p);
    return ok;
}

static void on_record(int c, void *data)
{
    struct reader *r = data;
    struct br_manifest_row *row;
    const struct br_manifest_row *dup;

    (void)c;
    r->field = 0;
    r->records++;
    if (!r->header_done) {
        r->header_done = 1;
        return;
    }
    if (!r->vals[M_FILE] || !r->vals[M_FILE][0]) {
        row_diag(r, BR_ERROR, "manifest row has no file name: row left out");
    } else if (r->vals[M_BATCH] && r->vals[M_BATCH][0] &&
               strspn(r->vals[M_BATCH], "0123456789") != strlen(r->vals[M_BATCH])) {
        row_diag(r, BR_ERROR, "batch '%s' is not a number: row left out", r->vals[M_BATCH]);
    } else if ((dup = br_manifest_find(r->m, r->vals[M_FILE]))) {
        row_diag(r, BR_ERROR, "'%s' is labelled already at line %u: row left out",
                 r->vals[M_FILE], dup->line);
    } else {
        if (!beside(r, r->vals[M_FILE]))
            row_diag(r, BR_WARNING, "no file '%s' beside the manifest", r->vals[M_FILE]);
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
    }
    memset(r->vals, 0, sizeof(r->vals));
}

/* Reads one line as one record; a CSV error leaves that row out. */
static void read_line(struct reader *r, const char *p, size_t n)
{
    struct csv_parser csv;
    int records = r->records;

    if (csv_init(&csv, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL | CSV_EMPTY_IS_NULL) != 0)
        return;
    r->field = 0;
    memset(r->vals, 0, sizeof(r->vals));
    if (csv_parse(&csv, p, n, on_field, on_record, r) != n || !n ||
        csv_fini(&csv, on_field, on_record, r) != 0) {
        if (!n && !r->header_done)
            row_diag(r, BR_ERROR, "empty line before the header");
        else if (n)
            row_diag(r, BR_ERROR, "%s: row left out",
                     csv_error(&csv) == CSV_EPARSE ? "unterminated or stray quote"
                                                   : csv_strerror(csv_error(&csv)));
        if (r->records == records && !r->header_done)
            r->header_done = 1;   /* a broken header is still the header */
    }
    csv_free(&csv);
}

int br_manifest_read(struct br_manifest *m, const char *path, struct br_diag *d)
{
    struct reader r = { .m = m };
    FILE *f = fopen(path, "rb");
    struct br_buf text = BR_BUF_INIT;
    const char *slash = strrchr(path, '/'), *p, *end;
    char buf[4096];
    size_t n;
    int ret = -1;

    if (d)
        d->path = path;
    m->path = br_arena_strdup(&m->arena, path);
    r.dir = path;
    r.ndir = slash ? (size_t)(slash - path) + 1 : 0;
    for (int k = 0; k < M_N; k++)
        r.col[k] = -1;
    if (!f)
        return br_diag_set(d, 0, 0, "cannot open: %s", strerror(errno));
    while ((n = fread(buf, 1, sizeof(buf), f)) > 0 && text.len <= MAX_MANIFEST)
        br_buf_add(&text, buf, n);
    if (ferror(f)) {
        br_diag_set(d, 0, 0, "cannot read: %s", strerror(errno));
        goto out;
    }
    if (text.len > MAX_MANIFEST) {
        br_diag_set(d, 1, 1, "larger than %u MiB: not a manifest", MAX_MANIFEST >> 20);
        goto out;
    }
    if (!text.len) {
        ret = 0;   /* an empty manifest labels nothing */
        goto out;
    }
    for (p = text.buf, end = text.buf + text.len; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end;
        r.line++;
        if (le > p && le[-1] == '\r')
            le--;
        if (le > p || !r.header_done)
            read_line(&r, p, (size_t)(le - p));
        if (r.line == 1 || (r.header_done && r.col[M_FILE] < 0)) {
            if (r.col[M_FILE] < 0) {
                br_diag_set(d, r.line, 1, "manifest header has no 'file' column");
                goto out;
            }
        }
        p = nl ? nl + 1 : end;
    }
    ret = 0;
out:
    br_buf_release(&text);
    fclose(f);
    return ret;
}
