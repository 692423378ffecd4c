/*
 * labels.c: the command's side of the label pass: --label k=v, and the
 * manifest of each directory, read once (benchreport.csv beside the files).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/label.h"
#include "cli/cli.h"
#include "model/alloc.h"
#include "model/hwname.h"
#include "model/jsonscan.h"
#include "parsers/manifest.h"
#include "model/banned.h"

#define MANIFEST_NAME "benchreport.csv"

int br_cli_label_arg(struct br_cli_labels *l, const char *arg)
{
    const char *eq = strchr(arg, '=');
    size_t k = eq ? (size_t)(eq - arg) : 0;

    if (!eq || !eq[1])
        return -1;
    if (k == 6 && !strncmp(arg, "device", 6))
        l->cli.device = eq + 1;
    else if (k == 5 && !strncmp(arg, "model", 5))
        l->cli.model = eq + 1;
    else if (k == 5 && !strncmp(arg, "batch", 5))
        l->cli.batch = eq + 1;
    else if (k == 9 && !strncmp(arg, "framework", 9))
        l->cli.framework = eq + 1;
    else
        return -1;
    return 0;
}

int br_cli_alias_arg(struct br_cli_labels *l, char *arg)
{
    char *eq = strchr(arg, '=');

    if (!eq || eq == arg || !eq[1] || l->naliases == BR_MAX_ALIASES)
        return -1;
    *eq = '\0';
    l->alias[l->naliases].from = arg;
    l->alias[l->naliases].to = eq + 1;
    l->naliases++;
    return 0;
}

static int same(const char *a, const char *b)
{
    return a && b && !strcmp(a, b);
}

/* --alias: a device or hardware name becomes the device the user calls it. */
static void apply_aliases(const struct br_cli_labels *l, struct br_source *src)
{
    for (int k = 0; k < l->naliases; k++) {
        const struct br_cli_alias *a = &l->alias[k];
        for (size_t r = 0; r < src->nruns; r++) {
            struct br_run *run = src->runs[r];
            if (same(run->device.value, a->from) || same(run->hardware, a->from)) {
                if (!run->hardware && run->device.source == BR_LABEL_LOG)
                    run->hardware = run->device.value;
                br_label_set(run, &run->device, a->to, BR_LABEL_CLI);
            }
        }
        for (size_t t = 0; t < src->ntraces; t++) {
            struct br_trace *tr = src->traces[t];
            if (same(tr->label_device, a->from) || same(tr->name, a->from))
                tr->label_device = br_arena_strdup(&tr->arena, a->to);
        }
    }
}

/* The labels object of a meta.json: device, model, batch, framework. */
static void meta_labels(struct br_cli_manifest *e, struct br_jspan obj)
{
    static const char *const keys[] = { "device", "model", "batch", "framework" };
    const char **dst[] = { &e->meta.device, &e->meta.model, &e->meta.batch, &e->meta.framework };
    size_t used = 0;

    for (int k = 0; k < 4; k++) {
        struct br_jspan v;
        const char *err;
        size_t pos;
        if (br_json_get(obj.p, obj.n, keys[k], &v, &err, &pos) != 1 || v.p[0] != '"')
            continue;
        v = br_jspan_unquote(v);
        if (used + v.n + 1 > sizeof(e->meta_text))
            break;
        memcpy(e->meta_text + used, v.p, v.n);
        e->meta_text[used + v.n] = '\0';
        *dst[k] = e->meta_text + used;
        used += v.n + 1;
    }
}

/*
 * A recording given no device label is named for its first GPU ("0, NVIDIA
 * H100 80GB HBM3, 580.159.04" -> h100), else its host: never for the folder
 * record made, whose name is a time and a script's.
 */
static void meta_device(struct br_cli_manifest *e, const char *text, size_t n)
{
    struct br_jspan v;
    const char *err, *name;
    size_t pos, used = 0;
    char buf[256];

    while (used < sizeof(e->meta_text) && e->meta_text[used])
        used += strlen(e->meta_text + used) + 1;   /* after the labels' strings */
    if (used + 64 > sizeof(e->meta_text))
        return;
    if (br_json_get(text, n, "gpus", &v, &err, &pos) == 1 && v.p[0] == '[') {
        const char *q = memchr(v.p, '"', v.n), *end;
        end = q ? memchr(q + 1, '"', v.n - (size_t)(q + 1 - v.p)) : NULL;
        snprintf(buf, sizeof(buf), "%.*s", end ? (int)(end - q - 1) : 0, q ? q + 1 : "");
        name = strchr(buf, ',');
        if (name && br_hw_short(name + 1, e->meta_text + used, 64)) {
            e->meta.device = e->meta_text + used;
            return;
        }
    }
    if (br_json_get(text, n, "host", &v, &err, &pos) == 1 && v.p[0] == '"') {
        v = br_jspan_unquote(v);
        if (v.n && v.n < 64) {
            memcpy(e->meta_text + used, v.p, v.n);
            e->meta_text[used + v.n] = '\0';
            e->meta.device = e->meta_text + used;
        }
    }
}

/*
 * The zone of the power trace that `benchreport record` wrote in this
 * directory (meta.json's power_timezone), into e->power_tz.
 */
static void read_meta(struct br_cli_manifest *e, const char *path, size_t dn)
{
    char mpath[4096], text[8192];
    FILE *f;
    size_t n;
    struct br_jspan v;
    const char *err;
    size_t pos;

    snprintf(mpath, sizeof(mpath), "%.*s%smeta.json", (int)dn, path, dn ? "/" : "");
    if (!(f = fopen(mpath, "rb")))
        return;
    n = fread(text, 1, sizeof(text) - 1, f);
    fclose(f);
    if (br_json_get(text, n, "labels", &v, &err, &pos) == 1 && v.p[0] == '{')
        meta_labels(e, v);
    if (!e->meta.device)
        meta_device(e, text, n);
    if (br_json_get(text, n, "host", &v, &err, &pos) == 1 && v.p[0] == '"') {
        v = br_jspan_unquote(v);
        if (v.n < sizeof(e->host))
            snprintf(e->host, sizeof(e->host), "%.*s", (int)v.n, v.p);
    }
    if (br_json_get(text, n, "power_timezone", &v, &err, &pos) == 1) {
        v = br_jspan_unquote(v);
        if (v.n < sizeof(e->power_tz) && !(v.n == 4 && !memcmp(v.p, "null", 4)))
            snprintf(e->power_tz, sizeof(e->power_tz), "%.*s", (int)v.n, v.p);
    }
}

/* The manifest of the directory holding `path`, loaded on first use (NULL if none). */
static const struct br_manifest *manifest_for(struct br_cli_labels *l, const char *path)
{
    const char *slash = strrchr(path, '/');
    size_t dn = slash ? (size_t)(slash - path) : 0;
    char *mpath = br_xmalloc(dn + sizeof(MANIFEST_NAME) + 2);
    struct br_cli_manifest *e;
    struct br_diag d = { 0 };

    snprintf(mpath, dn + sizeof(MANIFEST_NAME) + 2, "%.*s%s" MANIFEST_NAME, (int)dn, path,
             dn ? "/" : "");
    for (size_t i = 0; i < l->nr; i++) {
        if (!strcmp(l->v[i].path, mpath)) {
            free(mpath);
            return l->v[i].ok ? &l->v[i].m : NULL;
        }
    }
    BR_GROW(l->v, l->nr + 1, l->alloc);
    e = &l->v[l->nr++];
    memset(e, 0, sizeof(*e));
    e->path = mpath;
    read_meta(e, path, dn);
    if (access(mpath, R_OK) != 0)
        return NULL;
    if (br_manifest_read(&e->m, mpath, &d) < 0) {
        fprintf(stderr, "%s:%u:%u: error: %s\n", mpath, d.line, d.col, d.msg);
        l->errors++;
        return NULL;
    }
    e->ok = 1;
    l->errors += br_cli_print_diag_list(&e->m.diags, stderr) > 0;   /* rows left out */
    return &e->m;
}

void br_cli_label(struct br_cli_labels *l, struct br_source *src)
{
    const struct br_manifest *m;

    if (!src->nruns && !src->ntraces)
        return;
    m = manifest_for(l, src->path);
    br_label_source(src, m, &l->cli);
    if (m) {
        const char *b = strrchr(src->path, '/');
        const struct br_manifest_row *row = br_manifest_find(m, b ? b + 1 : src->path);
        if (row && row->tz && *row->tz && br_cli_apply_tz(src, row->tz) < 0)
            fprintf(stderr, "%s:%u:1: warning: unknown time zone '%s'\n", m->path, row->line,
                    row->tz);
    }
    /* what `benchreport record` wrote beside the file: the zone of its power
     * trace, and the labels it was given (as strong as a manifest) */
    for (size_t i = 0; i < l->nr; i++) {
        const char *slash = strrchr(src->path, '/');
        size_t dn = slash ? (size_t)(slash - src->path) : 0;
        const struct br_cli_manifest *e = &l->v[i];
        if (strncmp(e->path, src->path, dn) ||
            strlen(e->path) != dn + (dn ? 1 : 0) + strlen("benchreport.csv"))
            continue;
        if (e->power_tz[0])
            br_cli_apply_tz(src, e->power_tz);
        for (size_t r = 0; r < src->nruns; r++) {
            struct br_run *run = src->runs[r];
            if (e->meta.device)
                br_label_set(run, &run->device, e->meta.device, BR_LABEL_MANIFEST);
            if (e->meta.model)
                br_label_set(run, &run->model, e->meta.model, BR_LABEL_MANIFEST);
            if (e->meta.batch)
                br_label_set(run, &run->batch, e->meta.batch, BR_LABEL_MANIFEST);
            if (e->meta.framework)
                br_label_set(run, &run->framework, e->meta.framework, BR_LABEL_MANIFEST);
            if (e->host[0])
                run->host = br_arena_strdup(&run->arena, e->host);
        }
        if (e->meta.device && !l->cli.device)
            for (size_t t = 0; t < src->ntraces; t++)
                src->traces[t]->label_device = br_arena_strdup(&src->traces[t]->arena,
                                                               e->meta.device);
    }
    apply_aliases(l, src);
}

const char *br_cli_manifest_columns(struct br_cli_labels *l, const char *path)
{
    const struct br_manifest *m = manifest_for(l, path);
    const char *slash = strrchr(path, '/');
    const struct br_manifest_row *row = m ? br_manifest_find(m, slash ? slash + 1 : path) : NULL;

    return row && row->columns && row->columns[0] ? row->columns : NULL;
}

void br_cli_labels_release(struct br_cli_labels *l)
{
    for (size_t i = 0; i < l->nr; i++) {
        free(l->v[i].path);
        br_manifest_release(&l->v[i].m);
    }
    free(l->v);
    memset(l, 0, sizeof(*l));
}
