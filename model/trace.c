/*
 * trace.c: the columns of a trace grow together: one capacity (alloc) for
 * t[], window[] and every channel, so appending a row is one bounds check.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "model/num.h"
#include "model/trace.h"
#include "model/banned.h"

void br_trace_init(struct br_trace *tr)
{
    static const struct br_trace blank = BR_TRACE_INIT;
    *tr = blank;
}

void br_trace_release(struct br_trace *tr)
{
    for (size_t k = 0; k < tr->nch; k++)
        free(tr->ch[k].v);
    free(tr->ch);
    free(tr->t);
    free(tr->window);
    br_arena_release(&tr->arena);
    br_trace_init(tr);
}

void br_trace_free(struct br_trace *tr)
{
    if (!tr)
        return;
    br_trace_release(tr);
    free(tr);
}

double br_trace_typical_window(const struct br_trace *tr)
{
    if (!tr->window || !tr->nr)
        return tr->power_window;
    double *w = malloc(tr->nr * sizeof *w);
    if (!w)
        return -1;
    memcpy(w, tr->window, tr->nr * sizeof *w);
    qsort(w, tr->nr, sizeof *w, br_cmp_double);
    double m = tr->nr % 2 ? w[tr->nr / 2] : (w[tr->nr / 2 - 1] + w[tr->nr / 2]) / 2;
    free(w);
    return m;
}

static double *grow_column(double *v, size_t alloc, size_t from, double fill)
{
    v = br_xrealloc(v, br_st_mult(alloc ? alloc : 1, sizeof(*v)));
    for (size_t i = from; i < alloc; i++)
        v[i] = fill;
    return v;
}

size_t br_trace_add_channel(struct br_trace *tr, const char *name, const char *unit)
{
    struct br_channel *c;

    tr->ch = br_xrealloc(tr->ch, br_st_mult(tr->nch + 1, sizeof(*tr->ch)));
    c = &tr->ch[tr->nch];
    c->name = br_arena_strdup(&tr->arena, name);
    c->unit = br_arena_strdup(&tr->arena, unit ? unit : "");
    c->v = grow_column(NULL, tr->alloc, 0, NAN);
    return tr->nch++;
}

long br_trace_find_channel(const struct br_trace *tr, const char *name)
{
    for (size_t k = 0; k < tr->nch; k++)
        if (!strcmp(tr->ch[k].name, name))
            return (long)k;
    return -1;
}

const double *br_trace_values(const struct br_trace *tr, const char *name)
{
    long k = br_trace_find_channel(tr, name);
    return k < 0 ? NULL : tr->ch[k].v;
}

void br_trace_enable_window(struct br_trace *tr)
{
    if (!tr->window)
        tr->window = grow_column(NULL, tr->alloc, 0, 0);
}

static void grow(struct br_trace *tr)
{
    size_t old = tr->alloc;
    size_t n = br_st_add(old, old / 2 + 64);

    tr->t = br_xrealloc(tr->t, br_st_mult(n, sizeof(*tr->t)));
    if (tr->window)
        tr->window = grow_column(tr->window, n, old, 0);
    for (size_t k = 0; k < tr->nch; k++)
        tr->ch[k].v = br_xrealloc(tr->ch[k].v, br_st_mult(n, sizeof(double)));
    tr->alloc = n;
}

size_t br_trace_append(struct br_trace *tr, double t)
{
    br_trace_append_row(tr, t, NULL);
    return tr->nr - 1;
}

void br_trace_append_row(struct br_trace *tr, double t, const double *v)
{
    size_t i = tr->nr;

    if (i == tr->alloc)
        grow(tr);
    tr->t[i] = t;
    if (tr->window)
        tr->window[i] = 0;
    for (size_t k = 0; k < tr->nch; k++)
        tr->ch[k].v[i] = v ? v[k] : NAN;
    tr->nr++;
}

void br_trace_pop(struct br_trace *tr)
{
    if (tr->nr)
        tr->nr--;
}

enum br_time_step br_time_step(double prev, double t, int zoned, int folded)
{
    if (!(t < prev))
        return BR_STEP_ON;
    if (!zoned && !folded && prev - t >= BR_FOLD_MIN_S && prev - t <= BR_FOLD_MAX_S &&
        t >= BR_CALENDAR_MIN_S)
        return BR_STEP_FOLD;
    return BR_STEP_BACK;
}

void br_trace_mark_fold(struct br_trace *tr, unsigned line)
{
    for (size_t i = 1; i < tr->nr; i++)
        if (tr->t[i] < tr->t[i - 1]) {
            tr->fold = i;
            tr->fold_line = line;
            return;
        }
}

void br_trace_truncate(struct br_trace *tr, size_t n)
{
    if (n < tr->nr)
        tr->nr = n;
    if (tr->fold >= tr->nr) {
        tr->fold = 0;
        tr->fold_line = 0;
    }
}

void br_trace_sanitize(struct br_trace *tr, struct br_trace_fixes *fx)
{
    long pc = br_trace_find_channel(tr, "power");
    size_t out = 0;

    memset(fx, 0, sizeof(*fx));
    for (size_t i = 0; i < tr->nr; i++) {
        if (i && i == tr->fold)
            tr->fold = out;     /* the fold moves with the samples dropped before it */
        if (i && tr->t[i] == tr->t[out - 1]) {
            if (!fx->dups++)
                fx->dup_t = tr->t[i];
            continue;
        }
        if (pc >= 0) {
            double w = tr->ch[pc].v[i];
            if (!isnan(w) && !(w >= 0 && w <= BR_MAX_POWER_W)) {
                if (!fx->bad++) {
                    fx->bad_t = tr->t[i];
                    fx->bad_w = w;
                }
                tr->ch[pc].v[i] = NAN;
            }
        }
        if (out != i) {
            tr->t[out] = tr->t[i];
            if (tr->window)
                tr->window[out] = tr->window[i];
            for (size_t k = 0; k < tr->nch; k++)
                tr->ch[k].v[out] = tr->ch[k].v[i];
        }
        out++;
    }
    tr->nr = out;
}

struct br_stats br_stats_of(const double *v, size_t nr)
{
    struct br_stats s = { 0, NAN, NAN, NAN };
    double sum = 0;

    for (size_t i = 0; i < nr; i++) {
        double x = v[i];
        if (isnan(x))
            continue;
        if (s.n == 0 || x < s.min)
            s.min = x;
        if (s.n == 0 || x > s.max)
            s.max = x;
        sum += x;
        s.n++;
    }
    if (s.n)
        s.mean = sum / (double)s.n;
    return s;
}

static int cmp_gap(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Gaps looked at to find the loop interval: evenly spaced, at most this many. */
#define BURST_SAMPLE 4096

size_t br_burst_size(const double *t, size_t n, size_t max, double *tick_out)
{
    double gap[BURST_SAMPLE], tick;
    size_t *count, k = 0, bursts = 0, run = 1, ng = 0, step;

    *tick_out = 0;
    if (n < 6 || max < 2)
        return 0;
    step = (n - 1 + BURST_SAMPLE - 1) / BURST_SAMPLE;
    /* every step-th gap, its place in the step moving on by one each time: a step that k
     * divides would see only the gaps inside bursts of k (4 rows a step, bursts of 2) */
    for (size_t j = 0, i = 0; i + 1 < n && ng < BURST_SAMPLE; j++, i = j * step + j % step)
        gap[ng++] = t[i + 1] - t[i];
    qsort(gap, ng, sizeof(*gap), cmp_gap);
    tick = gap[(ng - 1) * 99 / 100] / 10;   /* a tenth of the loop interval */
    if (!(gap[ng / 3] < tick))
        return 0;   /* bursts of k >= 2 make at least half the gaps short; a third is enough */
    if (!(tick > 0))
        return 0;
    count = br_xcalloc(max + 2, sizeof(*count));
    for (size_t i = 1; i <= n; i++) {
        if (i < n && t[i] - t[i - 1] < tick) {
            run++;
            continue;
        }
        if (bursts++ > 0 && i < n)          /* the first and the last may be cut */
            count[run > max ? max + 1 : run]++;
        run = 1;
    }
    bursts = bursts > 2 ? bursts - 2 : 0;
    for (size_t s = 2; s <= max; s++)
        if (count[s] > count[k])
            k = s;
    if (k && (bursts < 3 || count[k] * 10 < bursts * 9))
        k = 0;
    free(count);
    *tick_out = tick;
    return k;
}
