/*
 * logfmt.c: reading format files and compiling their rules with PCRE2 (JIT
 * where the platform has it). Patterns run on bytes, not UTF-8 code points:
 * logs hold invalid UTF-8 often enough (binary progress residue) that UTF
 * mode would refuse lines rather than match them.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "parsers/logfmt.h"
#include "model/banned.h"

static const char *const kind_names[BR_RULE_NKINDS] = {
    "run", "label", "epoch", "progress", "end", "after", "summary", "dnf", "metric",
};

static const char *const group_names[BR_G_N] = {
    "epoch", "epoch0", "of", "epoch_float", "duration", "duration_unit", "elapsed", "steps",
    "step_time", "step_unit", "metrics", "start", "stop", "runtime", "dnf", "label_device",
    "label_model", "label_batch", "label_framework", "name", "value", "batch", "batches",
    "cumulative", "partial", "samples", "extend", "rate", "unfinished", "planned", "total",
    "framework_sign", "ends_open", "epochs_bar", "left", "cut", "validation", "last_frame",
    "headed", "columns", "cells", "rounded", "begun", "launch", "all_steps", "closing",
};

const char *br_rule_kind_name(enum br_rule_kind k)
{
    return kind_names[k];
}

/* The next line of a format file, and its directive word. */
struct cursor {
    const char *p, *end;
    unsigned line;
};

static int next_line(struct cursor *c, const char **s, size_t *n)
{
    const char *nl;

    if (c->p >= c->end)
        return 0;
    nl = memchr(c->p, '\n', (size_t)(c->end - c->p));
    *s = c->p;
    *n = (size_t)((nl ? nl : c->end) - c->p);
    if (*n && (*s)[*n - 1] == '\r')
        (*n)--;
    c->p = nl ? nl + 1 : c->end;
    c->line++;
    return 1;
}

/* Checks the rule's named groups and records their numbers. Returns NULL or a message. */
static const char *index_groups(struct br_rule *r, char *msg, size_t msgsize)
{
    PCRE2_SPTR table;
    uint32_t count, size;

    pcre2_pattern_info(r->code, PCRE2_INFO_NAMECOUNT, &count);
    pcre2_pattern_info(r->code, PCRE2_INFO_NAMEENTRYSIZE, &size);
    pcre2_pattern_info(r->code, PCRE2_INFO_NAMETABLE, &table);
    for (uint32_t i = 0; i < count; i++) {
        const unsigned char *e = table + (size_t)i * size;
        int num = (e[0] << 8) | e[1];
        const char *name = (const char *)e + 2;
        int known = 0;

        for (int g = 0; g < BR_G_N; g++) {
            if (!strcmp(name, group_names[g])) {
                r->group[g] = num;
                known = 1;
            }
        }
        if (!strncmp(name, "m_", 2) && name[2]) {
            r->mgroup = br_xrealloc(r->mgroup, br_st_mult(r->nmgroup + 1, sizeof(*r->mgroup)));
            r->mgroup[r->nmgroup].num = num;
            r->mgroup[r->nmgroup].name = br_xstrdup(name + 2);
            r->nmgroup++;
            known = 1;
        }
        if (!known) {
            snprintf(msg, msgsize, "unknown group name '%s' (see FORMAT FILES in the manual)",
                     name);
            return msg;
        }
    }
    if (r->kind == BR_RULE_METRIC && (!r->group[BR_G_NAME] || !r->group[BR_G_VALUE]))
        return "a metric rule needs the groups 'name' and 'value'";
    if (r->kind == BR_RULE_DNF && !r->group[BR_G_DNF])
        return "a dnf rule needs the group 'dnf'";
    return NULL;
}

static int add_rule(struct br_logfmt *f, enum br_rule_kind kind, const char *pat, size_t n,
                    unsigned line, unsigned col, struct br_diag *d)
{
    struct br_rule *r;
    int err;
    PCRE2_SIZE off;
    char msg[200];
    const char *why;

    f->rules = br_xrealloc(f->rules, br_st_mult(f->nrules + 1, sizeof(*f->rules)));
    r = &f->rules[f->nrules];
    memset(r, 0, sizeof(*r));
    r->kind = kind;
    r->line = line;
    r->pattern = br_xstrndup(pat, n);
    r->code = pcre2_compile((PCRE2_SPTR)pat, n, 0, &err, &off, NULL);
    if (!r->code) {
        unsigned char buf[160];
        pcre2_get_error_message(err, buf, sizeof(buf));
        free(r->pattern);
        return br_diag_set(d, line, col + (unsigned)off, "bad pattern: %s", (char *)buf);
    }
    f->nrules++;
    r->jit = pcre2_jit_compile(r->code, PCRE2_JIT_COMPLETE) == 0; /* else interpreted */
    r->match = pcre2_match_data_create_from_pattern(r->code, NULL);
    r->mctx = pcre2_match_context_create(NULL);
    pcre2_set_match_limit(r->mctx, BR_RULE_MATCH_LIMIT);
    if (!f->limit_hits)   /* one count for the format: read once a line (logrun.c) */
        f->limit_hits = br_xcalloc(1, sizeof(*f->limit_hits));
    r->limit_hits = f->limit_hits;
    if ((why = index_groups(r, msg, sizeof(msg))))
        return br_diag_set(d, line, col, "%s", why);
    return 0;
}

static char *dup_arg(const char *s, size_t n)
{
    return br_xstrndup(s, n);
}

/* One directive line. */
static int directive(struct br_logfmt *f, const char *s, size_t n, unsigned line,
                     struct br_diag *d)
{
    const char *sp = memchr(s, ' ', n);
    size_t wn = sp ? (size_t)(sp - s) : n;
    const char *arg = sp ? sp : s + n;
    size_t an;

    while (arg < s + n && (*arg == ' ' || *arg == '\t'))
        arg++;
    an = (size_t)(s + n - arg);
    if (wn == 6 && !memcmp(s, "format", 6)) {
        free(f->name);
        f->name = dup_arg(arg, an);
        return 0;
    }
    if (wn == 11 && !memcmp(s, "description", 11)) {
        free(f->description);
        f->description = dup_arg(arg, an);
        return 0;
    }
    if (wn == 9 && !memcmp(s, "framework", 9)) {
        free(f->framework);
        f->framework = dup_arg(arg, an);
        return 0;
    }
    if (wn == 6 && !memcmp(s, "sample", 6)) {
        f->samples = br_xrealloc(f->samples, br_st_mult(f->nsamples + 1, sizeof(*f->samples)));
        f->samples[f->nsamples].text = dup_arg(arg, an);
        f->samples[f->nsamples].line = line;
        f->nsamples++;
        return 0;
    }
    for (int k = 0; k < BR_RULE_NKINDS; k++) {
        if (strlen(kind_names[k]) == wn && !memcmp(s, kind_names[k], wn)) {
            if (an == 0)
                return br_diag_set(d, line, (unsigned)wn + 1, "'%s' needs a pattern",
                                   kind_names[k]);
            return add_rule(f, (enum br_rule_kind)k, arg, an, line, (unsigned)(arg - s) + 1, d);
        }
    }
    return br_diag_set(d, line, 1, "unknown directive '%.*s'", (int)(wn > 40 ? 40 : wn), s);
}

int br_logfmt_load(struct br_logfmt *f, const char *path, const char *text, size_t len,
                   struct br_diag *d)
{
    struct cursor c = { text, text + len, 0 };
    const char *s;
    size_t n;

    memset(f, 0, sizeof(*f));
    f->path = br_xstrdup(path);
    if (d)
        d->path = f->path;
    while (next_line(&c, &s, &n)) {
        while (n && (*s == ' ' || *s == '\t')) {
            s++;
            n--;
        }
        if (n == 0 || *s == '#')
            continue;
        if (directive(f, s, n, c.line, d) < 0)
            return -1;
    }
    if (!f->name)
        return br_diag_set(d, 1, 1, "no 'format NAME' line");
    if (f->nrules == 0)
        return br_diag_set(d, 1, 1, "format '%s' has no rules", f->name);
    return 0;
}

void br_logfmt_release(struct br_logfmt *f)
{
    for (size_t i = 0; i < f->nrules; i++) {
        struct br_rule *r = &f->rules[i];
        pcre2_match_data_free(r->match);
        pcre2_match_context_free(r->mctx);
        pcre2_code_free(r->code);
        free(r->pattern);
        for (size_t k = 0; k < r->nmgroup; k++)
            free(r->mgroup[k].name);
        free(r->mgroup);
    }
    for (size_t i = 0; i < f->nsamples; i++)
        free(f->samples[i].text);
    free(f->samples);
    free(f->rules);
    free(f->limit_hits);
    free(f->name);
    free(f->description);
    free(f->framework);
    free(f->path);
    memset(f, 0, sizeof(*f));
}

int br_rule_match(const struct br_rule *rule, const char *s, size_t n)
{
    int rc = rule->jit ? pcre2_jit_match(rule->code, (PCRE2_SPTR)s, n, 0, 0, rule->match,
                                         rule->mctx)
                       : pcre2_match(rule->code, (PCRE2_SPTR)s, n, 0, 0, rule->match,
                                     rule->mctx);
    if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT ||
        rc == PCRE2_ERROR_HEAPLIMIT || rc == PCRE2_ERROR_JIT_STACKLIMIT)
        ++*rule->limit_hits;
    return rc > 0;
}

/*
 * Lines that make a pattern with nested quantifiers backtrack without end:
 * 64 of one character and one that ends nothing.
 */
static int backtracks(const struct br_rule *r, char *probe)
{
    static const char chars[] = "a0 .=:-/";
    unsigned long before = *r->limit_hits;

    for (const char *c = chars; *c; c++) {
        memset(probe, *c, 64);
        probe[64] = '\x01';
        br_rule_match(r, probe, 65);
        if (*r->limit_hits != before)
            return *c;
    }
    return 0;
}

const char *br_rule_group(const struct br_rule *rule, int g, const char *s, size_t *len)
{
    PCRE2_SIZE *ov;

    if (g <= 0 || (uint32_t)g >= pcre2_get_ovector_count(rule->match))
        return NULL;
    ov = pcre2_get_ovector_pointer(rule->match);
    if (ov[2 * g] == PCRE2_UNSET)
        return NULL;
    *len = ov[2 * g + 1] - ov[2 * g];
    return s + ov[2 * g];
}

size_t br_logfmt_check(const struct br_logfmt *f, struct br_diags *out)
{
    size_t bad = 0;

    for (size_t i = 0; i < f->nsamples; i++) {
        const char *s = f->samples[i].text;
        int ok = 0;
        for (size_t r = 0; r < f->nrules && !ok; r++)
            ok = f->rules[r].kind != BR_RULE_METRIC && br_rule_match(&f->rules[r], s, strlen(s));
        if (!ok) {
            br_diags_add(out, f->path, BR_ERROR, f->samples[i].line, 8,
                         "sample matches no rule of format '%s': '%.60s'", f->name, s);
            bad++;
        }
    }
    for (size_t r = 0; r < f->nrules; r++) {
        char probe[65];
        int c = backtracks(&f->rules[r], probe);
        if (c) {
            br_diags_add(out, f->path, BR_ERROR, f->rules[r].line, 1,
                         "pattern backtracks without end: PCRE2's match limit stopped it on "
                         "a line of 64 '%c'", c);
            bad++;
        }
    }
    return bad;
}
