/*
 * hfcsv.c: a Trainer's log_history saved as CSV, rewritten as the JSON list
 * hfstate.c reads (see hfcsv.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model/fields.h"
#include "model/num.h"
#include "parsers/hfcsv.h"
#include "model/banned.h"

#define MAX_COLUMNS 256

static int named(const struct br_field *f, size_t nf, const char *const *names)
{
    for (size_t i = 0; i < nf && i < MAX_COLUMNS; i++)
        for (size_t k = 0; names[k]; k++)
            if (f[i].n == strlen(names[k]) && !memcmp(f[i].p, names[k], f[i].n))
                return 1;
    return 0;
}

int br_hfcsv_header(const char *line, size_t n)
{
    static const char *const epoch[] = { "epoch", NULL };
    static const char *const logged[] = { "loss", "learning_rate", "eval_loss", NULL };
    /* not train_loss: the Trainer logs it only beside train_runtime, and a script's own
     * per-epoch table often has it (RepVGG-Jittor's "epoch,train_loss,...,learning_rate") */
    static const char *const summary[] = { "train_runtime", "eval_runtime", NULL };
    struct br_field f[MAX_COLUMNS];
    size_t nf = br_split_sep(line, n, ',', f, MAX_COLUMNS);

    return nf >= 3 && nf <= MAX_COLUMNS && named(f, nf, epoch) && named(f, nf, logged) &&
           named(f, nf, summary);
}

/* A column's name as JSON text: only names of letters, digits and "_/.-@" are kept. */
static int plain_name(const struct br_field *f)
{
    if (!f->n)
        return 0; /* pandas' index column */
    for (size_t i = 0; i < f->n; i++) {
        char c = f->p[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              strchr("_/.-@", c)))
            return 0;
    }
    return 1;
}

static void add_row(struct br_buf *out, const struct br_field *head, size_t nh, const char *line,
                    size_t n)
{
    struct br_field f[MAX_COLUMNS];
    size_t nf = br_split_sep(line, n, ',', f, MAX_COLUMNS);
    int first = 1;
    double v;

    if (nf > MAX_COLUMNS)
        nf = MAX_COLUMNS;
    br_buf_addch(out, '{');
    for (size_t i = 0; i < nf && i < nh; i++) {
        if (!plain_name(&head[i]) || !f[i].n ||
            br_num_parse(f[i].p, f[i].p + f[i].n, &v) != f[i].n || !isfinite(v))
            continue;
        br_buf_addf(out, "%s\"%.*s\": %.17g", first ? "" : ", ", (int)head[i].n, head[i].p, v);
        first = 0;
    }
    br_buf_addch(out, '}');
}

int br_hfcsv_json(const char *text, size_t n, struct br_buf *out)
{
    struct br_field head[MAX_COLUMNS];
    const char *p = text, *end = text + n, *nl = memchr(p, '\n', n);
    size_t nh, rows = 0;

    if (!br_hfcsv_header(p, nl ? (size_t)(nl - p) : n))
        return -1;
    nh = br_split_sep(p, nl ? (size_t)(nl - p) : n, ',', head, MAX_COLUMNS);
    if (nh > MAX_COLUMNS)
        nh = MAX_COLUMNS;
    br_buf_addch(out, '[');
    for (p = nl ? nl + 1 : end; p < end; p = nl ? nl + 1 : end) {
        size_t len;
        nl = memchr(p, '\n', (size_t)(end - p));
        len = nl ? (size_t)(nl - p) : (size_t)(end - p);
        br_buf_addstr(out, rows ? ",\n" : "\n");
        if (br_blanks(p, len) == len) {
            br_buf_addstr(out, "{}"); /* a blank line stays a line */
        } else {
            add_row(out, head, nh, p, len);
        }
        rows++;
    }
    br_buf_addstr(out, "]\n");
    return 0;
}
