/*
 * Hugging Face dictionaries' steps: the tqdm bars before them, the steps per epoch that the
 * (step, rounded epoch) pairs allow, and the bar's clock at each step. See hfstep.h.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "parsers/hfstep.h"
#include "model/banned.h"

#define EDGE 1e-6

/* The whole number that ends at `end` (exclusive), no further back than `from`: its value
 * and *start, or -1 (none, or more than 9 digits). */
static long number_before(const char *from, const char *end, const char **start)
{
    const char *p = end;
    long v = 0, unit = 1;

    while (p > from && isdigit((unsigned char)p[-1]) && end - p < 9) {
        p--;
        v += (p[0] - '0') * unit;
        unit *= 10;
    }
    *start = p;
    return p == end || (p > from && isdigit((unsigned char)p[-1])) ? -1 : v;
}

/* tqdm's elapsed "MM:SS" or "H:MM:SS" in [p, end): seconds, or -1. */
static double clock_s(const char *p, const char *end)
{
    long part[3];
    int np = 0;

    while (np < 3 && p < end && isdigit((unsigned char)*p)) {
        long v = 0;
        int digits = 0;
        while (p < end && isdigit((unsigned char)*p) && digits++ < 6)
            v = v * 10 + (*p++ - '0');
        part[np++] = v;
        if (p < end && *p == ':')
            p++;
        else
            break;
    }
    if (p != end || np < 2)
        return -1;
    return np == 2 ? part[0] * 60.0 + part[1] : part[0] * 3600.0 + part[1] * 60.0 + part[2];
}

/* The bar whose "[" is at `br` in [line, end): "N/M [elapsed<" (1, *b set) or not (0). */
static int bar_at(const char *line, const char *br, const char *end, struct br_hfbar *b)
{
    const char *p, *q, *lt;
    long n, m;

    if (br - line < 4 || br[-1] != ' ')
        return 0;
    m = number_before(line, br - 1, &p);
    if (m <= 0 || p <= line || p[-1] != '/')
        return 0;
    n = number_before(line, p - 1, &q);
    if (n < 0 || n > m)
        return 0;
    for (lt = br + 1; lt < end && lt - br < 16 && *lt != '<';)
        lt++;
    if (lt >= end || *lt != '<' || (b->elapsed = clock_s(br + 1, lt)) < 0)
        return 0;
    b->step = n;
    b->total = m;
    return 1;
}

/* Where the line's dictionary begins ("{'"), or `end`. */
static const char *dict_start(const char *line, const char *end)
{
    const char *p = line;

    while ((p = memchr(p, '{', (size_t)(end - p))) && p + 1 < end && p[1] != '\'')
        p++;
    return p && p + 1 < end ? p : end;
}

int br_hfbar_last(const char *line, size_t len, struct br_hfbar *b)
{
    const char *end = line + len, *br = dict_start(line, end);

    while ((br = memrchr(line, '[', (size_t)(br - line))))
        if (bar_at(line, br, end, b))
            return 1;
    return 0;
}

void br_hfsteps_line(struct br_hfsteps *s, const char *line, size_t len)
{
    const char *end = line + len, *br = line;
    struct br_hfbar b;

    while ((br = memchr(br, '[', (size_t)(end - br)))) {
        if (bar_at(line, br, end, &b)) {
            if (!s->total)
                s->total = b.total;
            if (b.total == s->total && b.step < BR_HF_MAX_STEPS && b.elapsed < 1e9) {
                size_t at = (size_t)b.step;
                if (at >= s->nr) {
                    BR_GROW(s->el, at + 1, s->alloc);
                    memset(s->el + s->nr, 0, (at + 1 - s->nr) * sizeof(*s->el));
                    s->nr = at + 1;
                }
                s->el[at] = (int)b.elapsed + 1;
            }
        }
        br++;
    }
}

void br_hfsteps_pair(struct br_hfsteps *s, long step, double x, const char *xs, size_t xn)
{
    const char *dot = memchr(xs, '.', xn);
    size_t places = dot ? xn - (size_t)(dot - xs) - 1 : 0;
    double h = 0.005;

    if (step <= 0)
        return;
    if (memchr(xs, 'e', xn) || memchr(xs, 'E', xn)) {
        s->lo = 1;  /* significant figures of an exponent: not worked out */
        s->hi = 0;
        return;
    }
    s->pairs++;
    if (places > 2)
        h = 0.5 * pow(10, -(double)places);
    if ((double)step / (x + h) > s->lo)
        s->lo = (double)step / (x + h);
    if (x - h > 0 && (double)step / (x - h) < s->hi)
        s->hi = (double)step / (x - h);
}

long br_hfsteps_spe(const struct br_hfsteps *s, long planned, int infer)
{
    /* the bounds are quotients: a step on the rounding's edge (11 at 0.02 of 440 a epoch)
     * puts one a hair past the whole number it is */
    double a = ceil(s->lo - EDGE), z = floor(s->hi + EDGE);
    long spe;

    if (!s->pairs || s->lo > s->hi + EDGE)
        return 0;
    if (planned > 0 && s->total > 0 && s->total % planned == 0) {
        spe = s->total / planned;
        if ((double)spe >= s->lo - EDGE && (double)spe <= s->hi + EDGE)
            return spe;
    }
    return infer && a == z && a >= 1 && z < (double)BR_HF_MAX_STEPS ? (long)a : 0;
}

int br_hfsteps_time(const struct br_hfsteps *s, long k, long spe, double *d, double *res,
                    int *cut)
{
    size_t from, to;

    if (k < 1 || spe < 1 || k > BR_HF_MAX_STEPS / spe)
        return 0;
    from = (size_t)((k - 1) * spe);
    to = (size_t)(k * spe);
    if (to >= s->nr || !s->el[to] || !s->el[from])
        return 0;
    if (k == 1 && (s->nr < 2 || s->el[0] != 1 || !s->el[1]))
        return 0;   /* the bar did not begin at 0 then 1: a resumed training's */
    *d = (double)(s->el[to] - s->el[from]);
    /* both clocks cut to the second: the span is within 1 s either way; from 00:00 it is
     * cut, as the end is */
    *res = k == 1 ? 1 : 2;
    *cut = k == 1;
    return *d >= 0;
}

double br_hfsteps_clock(const struct br_hfsteps *s, long step)
{
    if (step < 0 || (size_t)step >= s->nr || !s->el[step])
        return -1;
    return (double)(s->el[step] - 1);
}

int br_hfsteps_from_zero(const struct br_hfsteps *s, long step)
{
    size_t end = step > 0 && (size_t)step < s->nr ? (size_t)step : s->nr;

    if (end > 1 && s->el[0] == 1 && s->el[1])
        return 1;
    for (size_t i = 0; i < end; i++)
        if (s->el[i])
            return 0;
    return 1;
}

void br_hfsteps_release(struct br_hfsteps *s)
{
    free(s->el);
    *s = (struct br_hfsteps)BR_HFSTEPS_INIT;
}
