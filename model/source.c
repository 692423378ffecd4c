/* source.c: one input file's parse result. */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "model/source.h"
#include "model/banned.h"

void br_source_init(struct br_source *s, const char *path)
{
    memset(s, 0, sizeof(*s));
    s->path = br_xstrdup(path);
    s->mtime = NAN;
}

void br_source_release(struct br_source *s)
{
    for (size_t i = 0; i < s->ntraces; i++)
        br_trace_free(s->traces[i]);
    for (size_t i = 0; i < s->nruns; i++)
        br_run_free(s->runs[i]);
    free(s->traces);
    free(s->runs);
    br_diags_release(&s->diags);
    free((char *)s->format);
    free(s->container);
    free(s->session);
    free(s->path);
    memset(s, 0, sizeof(*s));
}

void br_source_set_session(struct br_source *s, const char *session, size_t n)
{
    free(s->session);
    s->session = session ? br_xstrndup(session, n) : NULL;
}

size_t br_path_dir_len(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? (size_t)(s - path) : 0;
}

int br_path_same_dir(const char *a, const char *b)
{
    size_t la = br_path_dir_len(a), lb = br_path_dir_len(b);
    return la == lb && !strncmp(a, b, la);
}

void br_source_set_format(struct br_source *s, const char *name)
{
    free((char *)s->format);
    s->format = name ? br_xstrdup(name) : NULL;
}

struct br_trace *br_source_new_trace(struct br_source *s)
{
    struct br_trace *t = br_xmalloc(sizeof(*t));
    br_trace_init(t);
    BR_GROW(s->traces, s->ntraces + 1, s->alloc_traces);
    s->traces[s->ntraces++] = t;
    return t;
}

struct br_run *br_source_new_run(struct br_source *s)
{
    struct br_run *r = br_xmalloc(sizeof(*r));
    br_run_init(r);
    BR_GROW(s->runs, s->nruns + 1, s->alloc_runs);
    s->runs[s->nruns++] = r;
    return r;
}

void br_source_drop_last_trace(struct br_source *s)
{
    if (s->ntraces)
        br_trace_free(s->traces[--s->ntraces]);
}

void br_source_diag(struct br_source *s, enum br_severity sev, unsigned line, unsigned col,
                    const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    br_diags_vadd(&s->diags, s->path, sev, line, col, fmt, ap);
    va_end(ap);
}

void br_source_mark_folds(struct br_source *s)
{
    for (size_t i = 0; i < s->ntraces; i++) {
        struct br_trace *tr = s->traces[i];
        unsigned fold = tr->fold_line ? tr->fold_line : s->fold_line;
        if (fold && !tr->zoned)
            br_trace_mark_fold(tr, fold);
    }
}
