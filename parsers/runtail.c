/*
 * runtail.c: what a log prints after a run's epochs (see runtail.h).
 */
#include "parsers/runtail.h"

#include <string.h>

/* The shape of [s, s+n): digits runs as '#', blank runs as one space, no end blanks;
 * FNV-1a, never 0 (0 means "no line"). */
static uint32_t shape(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    int prev = ' ';

    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        n--;
    for (size_t i = 0; i < n; i++) {
        int c = (unsigned char)s[i];
        if (c >= '0' && c <= '9')
            c = '#';
        else if (c == '\t' || c == '\r')
            c = ' ';
        if ((c == '#' || c == ' ') && c == prev)
            continue;
        prev = c;
        h = (h ^ (uint32_t)c) * 16777619u;
    }
    return h ? h : 1;
}

static uint64_t shape_bit(uint32_t h)
{
    return (uint64_t)1 << (h % 64);
}

static void tail_reset(struct br_runtail *t)
{
    t->nvt = 0;
    t->mset = t->mlast = 0;
    t->nm = 0;
    t->mstop = 0;
}

static void run_reset(struct br_runtail *t)
{
    tail_reset(t);
    t->bounds = t->npre = t->gap_min = 0;
    t->bset = 0;
    t->shape = 0;
    t->nhead = 0;
}

void br_runtail_init(struct br_runtail *t)
{
    memset(t, 0, sizeof(*t));
}

void br_runtail_line(struct br_runtail *t, const char *s, size_t n, int mark, int value,
                     int stop)
{
    uint32_t h = 0;

    if (mark) {
        tail_reset(t);
        return;
    }
    while (n && (*s == ' ' || *s == '\t'))
        s++, n--;
    if (!n)
        return;
    if (!t->shape) { /* before the run's first epoch */
        t->head[t->nhead++ % BR_TAIL_HEAD] = shape(s, n);
        return;
    }
    if (value)
        t->nvt = 0;
    else if (t->nvt++ < BR_TAIL_KEEP)
        t->vt[t->nvt - 1] = h = shape(s, n);
    t->mstop |= stop;
    if (t->mstop || t->nm++ >= BR_TAIL_LINES)
        return;
    t->mlast = shape_bit(h ? h : shape(s, n));
    t->mset |= t->mlast;
}

void br_runtail_epoch(struct br_runtail *t, const char *s, size_t n, int first)
{
    if (first) {
        uint32_t ring[BR_TAIL_HEAD];
        unsigned k = t->nhead < BR_TAIL_HEAD ? t->nhead : BR_TAIL_HEAD;
        for (unsigned i = 0; i < k; i++) /* oldest first */
            ring[i] = t->head[(t->nhead - k + i) % BR_TAIL_HEAD];
        run_reset(t);
        memcpy(t->head, ring, k * sizeof(ring[0]));
        t->nhead = k;
        t->shape = shape(s, n);
        return;
    }
    t->bset |= t->mset;
    if (!t->bounds++) {
        t->npre = t->nvt < BR_TAIL_KEEP ? t->nvt : BR_TAIL_KEEP;
        memcpy(t->pre, t->vt, t->npre * sizeof(t->pre[0]));
        t->gap_min = t->nvt;
    } else {
        unsigned k = 0;
        while (k < t->npre && k < t->nvt && t->pre[k] == t->vt[k])
            k++;
        t->npre = k;
        if (t->nvt < t->gap_min)
            t->gap_min = t->nvt;
    }
}

/* Whether the run's first epoch came after the shapes v[0..n), in that order. */
static int in_head(const struct br_runtail *t, const uint32_t *v, unsigned n)
{
    for (unsigned j = 0; j + n <= t->nhead; j++)
        if (!memcmp(t->head + j, v, n * sizeof(v[0])))
            return 1;
    return 0;
}

/* The run's lines after its last epoch begin as each of its epochs did, and stop sooner. */
static int stops_in_opener(const struct br_runtail *t)
{
    if (t->bounds < 2 || !t->nvt || t->nvt > t->npre || t->nvt >= t->gap_min)
        return 0;
    return !memcmp(t->vt, t->pre, t->nvt * sizeof(t->vt[0])) && in_head(t, t->vt, t->nvt);
}

/* Its lines after its last epoch line, less the last before another run's first epoch line
 * when nothing said the script starts again: that one is the next run's heading ("==========
 * fold: 1 training =========="), printed after every run but the log's last. */
static uint64_t tail_set(const struct br_runtail *t)
{
    return t->mstop ? t->mset : t->mset & ~t->mlast;
}

/* The lines every run before printed after its last epoch and no boundary did. */
static uint64_t closing(const struct br_runtail *t)
{
    return t->sib_set & ~(t->sib_bset | t->bset);
}

/* Its lines after its last epoch line, all seen, hold none of those. */
static int lacks_siblings_close(const struct br_runtail *t)
{
    return t->nm <= BR_TAIL_LINES && t->sib_runs >= 2 &&
           t->shape == t->sib_shape && closing(t) && !(tail_set(t) & closing(t));
}

/* The run joins the runs before when it has their shape and their closing line. */
static void sibling(struct br_runtail *t)
{
    if (!t->nm || t->nm > BR_TAIL_LINES) {
        t->sib_runs = 0; /* nothing after it, or more than was kept */
    } else if (t->sib_runs && t->shape == t->sib_shape &&
               (t->sib_set & tail_set(t) & ~(t->sib_bset | t->bset))) {
        t->sib_set &= tail_set(t);
        t->sib_bset |= t->bset;
        t->sib_runs++;
    } else {
        t->sib_set = tail_set(t);
        t->sib_bset = t->bset;
        t->sib_shape = t->shape;
        t->sib_runs = 1;
    }
}

enum br_tail_cut br_runtail_close(struct br_runtail *t, int at_end)
{
    enum br_tail_cut cut = BR_TAIL_ENDED;

    if (!t->shape)
        return cut;
    if (stops_in_opener(t))
        cut = BR_TAIL_OPENER;
    else if (!at_end && lacks_siblings_close(t))
        cut = BR_TAIL_SIBLINGS;
    if (cut != BR_TAIL_SIBLINGS)
        sibling(t); /* (a cut run leaves the row as it was: the next is judged by it too) */
    run_reset(t);
    return cut;
}
