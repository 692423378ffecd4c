/*
 * concurrent.c: runs placed at once on one trace. Two trainings that ran
 * together on one machine (one per GPU, or both on one GPU) share a trace
 * whose power is theirs together, and nothing in it says how to split it:
 * each of them would be given the whole. So neither gets power from it, and
 * each says with which run it overlapped.
 */
#include <math.h>
#include <stdlib.h>

#include "analysis/align.h"
#include "model/alloc.h"
#include "model/banned.h"

/* Overlaps shorter than this and than two samples are clock jitter at a hand-over. */
#define OVERLAP_MIN_S 2.0

struct span {
    struct br_slot *s;
    double a, b;
};

static int cmp_span(const void *x, const void *y)
{
    const struct span *p = x, *q = y;
    if (p->s->g != q->s->g)
        return p->s->g < q->s->g ? -1 : 1;
    return (p->a > q->a) - (p->a < q->a);
}

int br_placed_span(const struct br_run_result *rr, double *a, double *b)
{
    *a = INFINITY;
    *b = -INFINITY;
    for (size_t i = 0; i < rr->nep; i++) {
        if (isnan(rr->ep[i].start) || isnan(rr->ep[i].end))
            continue;
        *a = fmin(*a, rr->ep[i].start);
        *b = fmax(*b, rr->ep[i].end);
    }
    return *b > *a;
}

static void refuse(struct br_slot *s, const struct br_slot *with, double overlap)
{
    br_no_power(s->rr, "it ran at once with %s:%u on the same trace (%.0f s together): the "
                "trace's power is theirs together, and nothing in it splits it",
                with->rr->src->path, with->rr->run->first_line, overlap);
}

void br_refuse_concurrent(struct br_slot *slot, size_t n)
{
    struct span *v = br_xmalloc(br_st_mult(n ? n : 1, sizeof(*v)));
    size_t m = 0;

    for (size_t i = 0; i < n; i++)
        if (slot[i].g && slot[i].rr->align != BR_ALIGN_NONE &&
            slot[i].rr->align != BR_ALIGN_WHOLE && br_placed_span(slot[i].rr, &v[m].a, &v[m].b)) {
            v[m].s = &slot[i];
            m++;
        }
    if (m)
        qsort(v, m, sizeof(*v), cmp_span);
    /* each run against the one reaching furthest among those started before it on its
     * trace; both of a pair are refused, each naming the other (the first time only) */
    for (size_t i = 1, far = 0; i < m; i++) {
        double dt = v[i].s->g->dt, overlap;
        if (v[i].s->g != v[far].s->g) {
            far = i;
            continue;
        }
        overlap = fmin(v[far].b, v[i].b) - v[i].a;
        if (overlap > OVERLAP_MIN_S && overlap > 2 * (isnan(dt) ? 0 : dt)) {
            if (v[i].s->rr->why[0] == '\0')
                refuse(v[i].s, v[far].s, overlap);
            if (v[far].s->rr->why[0] == '\0')
                refuse(v[far].s, v[i].s, overlap);
        }
        if (v[i].b > v[far].b)
            far = i;
    }
    free(v);
}
