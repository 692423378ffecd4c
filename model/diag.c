/* diag.c: located diagnostics and the per-file list of them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "model/diag.h"
#include "model/banned.h"

int br_diag_set(struct br_diag *d, unsigned line, unsigned col, const char *fmt, ...)
{
    va_list ap;

    if (!d)
        return -1;
    d->line = line;
    d->col = col;
    d->severity = BR_ERROR;
    va_start(ap, fmt);
    vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
    va_end(ap);
    return -1;
}

static void count(struct br_diags *l, enum br_severity sev)
{
    if (sev == BR_ERROR)
        l->nerrors++;
    else if (sev == BR_WARNING)
        l->nwarnings++;
}

void br_diags_vadd(struct br_diags *l, const char *path, enum br_severity sev, unsigned line,
                   unsigned col, const char *fmt, va_list ap)
{
    struct br_diag *d;

    count(l, sev);
    if (l->nr >= BR_MAX_DIAGS) {
        l->dropped++;
        return;
    }
    BR_GROW(l->v, l->nr + 1, l->alloc);
    d = &l->v[l->nr++];
    d->path = path;
    d->line = line;
    d->col = col;
    d->severity = sev;
    vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
}

void br_diags_add(struct br_diags *l, const char *path, enum br_severity sev, unsigned line,
                  unsigned col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    br_diags_vadd(l, path, sev, line, col, fmt, ap);
    va_end(ap);
}

void br_diags_push(struct br_diags *l, const struct br_diag *d, enum br_severity sev)
{
    br_diags_add(l, d->path, sev, d->line, d->col, "%s", d->msg);
}

void br_diags_release(struct br_diags *l)
{
    free(l->v);
    memset(l, 0, sizeof(*l));
}

const char *br_severity_name(enum br_severity sev)
{
    switch (sev) {
    case BR_ERROR:
        return "error";
    case BR_WARNING:
        return "warning";
    default:
        return "note";
    }
}
