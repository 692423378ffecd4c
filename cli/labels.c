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
    if (access(mpath, R_OK) != 0)
        return NULL;
    if (br_manifest_read(&e->m, mpath, &d) < 0) {
        fprintf(stderr, "%s:%u:%u: error: %s\n", mpath, d.line, d.col, d.msg);
        l->errors++;
        return NULL;
    }
    e->ok = 1;
    return &e->m;
}

void br_cli_label(struct br_cli_labels *l, struct br_source *src)
{
    if (!src->nruns && !src->ntraces)
        return;
    br_label_source(src, manifest_for(l, src->path), &l->cli);
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
