/*
 * runargs.c: a run directory's args.yaml (or opt.yaml) beside its epoch
 * table, read for the plan (see runargs.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/buf.h"
#include "model/num.h"
#include "parsers/runargs.h"
#include "model/banned.h"

#define ARGS_MAX (1u << 20)

static int key_is(const char *s, size_t n, const char *key, const char **val, size_t *vn)
{
    size_t k = strlen(key);

    if (n <= k || memcmp(s, key, k) || s[k] != ':')
        return 0;
    *val = s + k + 1;
    *vn = n - k - 1;
    while (*vn && (**val == ' ' || **val == '\t'))
        (*val)++, (*vn)--;
    while (*vn && ((*val)[*vn - 1] == ' ' || (*val)[*vn - 1] == '\r' ||
                   (*val)[*vn - 1] == '\t'))
        (*vn)--;
    return 1;
}

static long whole(const char *v, size_t n, long none)
{
    double d;

    return n && br_num_parse(v, v + n, &d) == n && d >= 0 && d < 1e9 && d == (long)d ? (long)d
                                                                                      : none;
}

static void take(struct br_run_args *a, const char *s, size_t n)
{
    const char *v;
    size_t vn;

    if (key_is(s, n, "epochs", &v, &vn))
        a->epochs = whole(v, vn, -1);
    else if (key_is(s, n, "patience", &v, &vn))
        a->patience = whole(v, vn, -1);
    else if (key_is(s, n, "batch", &v, &vn))
        a->batch = whole(v, vn, -1) >= 1 ? whole(v, vn, -1) : -1;
    else if (key_is(s, n, "time", &v, &vn))
        a->time_budget = vn && !(vn == 4 && !memcmp(v, "null", 4)) && !(vn == 1 && *v == '~');
    else if (key_is(s, n, "cooldown_epochs", &v, &vn))
        a->cooldown = whole(v, vn, 0);
    else if (key_is(s, n, "warmup_epochs", &v, &vn))
        a->warmup = whole(v, vn, 0);
    else if (key_is(s, n, "warmup_prefix", &v, &vn))
        a->warmup_prefix = vn == 4 && !memcmp(v, "true", 4);
    else if (key_is(s, n, "lr_cycle_limit", &v, &vn) || key_is(s, n, "cycle_limit", &v, &vn))
        a->cycle_limit = whole(v, vn, -1);
    else if (key_is(s, n, "sched", &v, &vn) && vn < sizeof(a->sched)) {
        memcpy(a->sched, v, vn);
        a->sched[vn] = '\0';
    }
}

int br_run_args_read(const char *table_path, const char *name, struct br_run_args *a)
{
    const char *slash = strrchr(table_path, '/');
    size_t dn = slash ? (size_t)(slash - table_path) + 1 : 0;
    struct br_buf path = BR_BUF_INIT, text = BR_BUF_INIT;
    char chunk[4096];
    size_t got;
    FILE *f;

    memset(a, 0, sizeof(*a));
    a->epochs = a->patience = a->batch = -1;
    a->cycle_limit = 1;
    snprintf(a->file, sizeof(a->file), "%s", name);
    br_buf_add(&path, table_path, dn);
    br_buf_addstr(&path, name);
    f = fopen(path.buf, "rb");
    br_buf_release(&path);
    if (!f)
        return 0;
    while ((got = fread(chunk, 1, sizeof(chunk), f)) > 0 && text.len <= ARGS_MAX)
        br_buf_add(&text, chunk, got);
    fclose(f);
    if (text.len > ARGS_MAX) {
        br_buf_release(&text);
        return 0;
    }
    for (size_t i = 0; i < text.len;) {
        const char *s = text.buf + i, *nl = memchr(s, '\n', text.len - i);
        size_t n = nl ? (size_t)(nl - s) : text.len - i;
        take(a, s, n); /* top-level keys only: an indented line is a nested one's */
        i += n + 1;
    }
    br_buf_release(&text);
    return a->epochs > 0;
}

long br_run_args_timm_epochs(const struct br_run_args *a)
{
    static const char *const cycles[] = { "cosine", "tanh", "poly" };

    for (size_t i = 0; i < sizeof(cycles) / sizeof(cycles[0]); i++)
        if (!strcmp(a->sched, cycles[i])) {
            if (a->cycle_limit != 1)
                return -1;
            return a->epochs + a->cooldown + (a->warmup_prefix ? a->warmup : 0);
        }
    return a->sched[0] ? a->epochs : -1;
}
