/*
 * match.c: runs to active spans (match.h). The assignment problem is solved
 * exactly by the Hungarian method with potentials (O(n^2 m)); every run may
 * also stay unassigned at a cost no real span reaches, so a run that fits no
 * span is left out rather than forced into one.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/match.h"
#include "model/alloc.h"
#include "model/num.h"
#include "model/banned.h"

#define INFEASIBLE 1e9
#define UNASSIGNED 1e7

/* Minimum-cost assignment of rows 0..n-1 to distinct columns 0..m-1 (n <= m). */
static void hungarian(const double *a, size_t n, size_t m, long *col_of)
{
    double *u = br_xcalloc(n + 1, sizeof(double)), *v = br_xcalloc(m + 1, sizeof(double));
    double *minv = br_xmalloc((m + 1) * sizeof(double));
    size_t *p = br_xcalloc(m + 1, sizeof(size_t)), *way = br_xcalloc(m + 1, sizeof(size_t));
    char *used = br_xmalloc(m + 1);

    for (size_t i = 1; i <= n; i++) {
        size_t j0 = 0;
        p[0] = i;
        for (size_t j = 0; j <= m; j++)
            minv[j] = INFINITY;
        memset(used, 0, m + 1);
        do {
            size_t i0 = p[j0], j1 = 0;
            double delta = INFINITY;
            used[j0] = 1;
            for (size_t j = 1; j <= m; j++) {
                double cur;
                if (used[j])
                    continue;
                cur = a[(i0 - 1) * m + (j - 1)] - u[i0] - v[j];
                if (cur < minv[j]) {
                    minv[j] = cur;
                    way[j] = j0;
                }
                if (minv[j] < delta) {
                    delta = minv[j];
                    j1 = j;
                }
            }
            for (size_t j = 0; j <= m; j++) {
                if (used[j]) {
                    u[p[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
        } while (p[j0] != 0);
        do {
            size_t j1 = way[j0];
            p[j0] = p[j1];
            j0 = j1;
        } while (j0);
    }
    for (size_t j = 1; j <= m; j++)
        if (p[j])
            col_of[p[j] - 1] = (long)j - 1;
    free(u);
    free(v);
    free(minv);
    free(p);
    free(way);
    free(used);
}

struct problem {
    const double *busy;
    const double *slack;   /* per run, how much shorter than busy its span may be; NULL: 0 */
    const struct br_span *sp;
    size_t n, m;
    double tol;
    const struct br_match_order *ord;   /* NULL: no order known */
};

/* Whether run k ran before run k2 by their log (both of one log). */
static int before(const struct problem *pb, size_t k, size_t k2)
{
    return pb->ord && pb->ord[k].log && pb->ord[k].log == pb->ord[k2].log &&
           pb->ord[k].line < pb->ord[k2].line;
}

/*
 * Whether span[] (a span per run, -1 none) keeps the logs' order for the runs
 * that `moved` names (moved[k] set), against every other run.
 */
static int in_order(const struct problem *pb, const long *span, const char *moved)
{
    for (size_t k = 0; k < pb->n; k++) {
        if (!moved[k] || span[k] < 0)
            continue;
        for (size_t k2 = 0; k2 < pb->n; k2++) {
            if (k2 == k || span[k2] < 0)
                continue;
            if (before(pb, k, k2) && !(pb->sp[span[k]].start < pb->sp[span[k2]].start))
                return 0;
            if (before(pb, k2, k) && !(pb->sp[span[k2]].start < pb->sp[span[k]].start))
                return 0;
        }
    }
    return 1;
}

/* The overhead of run k in span j, or NaN when the span is too short for it. */
static double overhead(const struct problem *pb, size_t k, size_t j)
{
    double len = pb->sp[j].end - pb->sp[j].start;
    double least = pb->busy[k] - pb->tol - (pb->slack ? pb->slack[k] : 0);
    return len >= least ? len - pb->busy[k] : NAN;
}

static double pair_cost(const struct problem *pb, size_t k, size_t j, double c)
{
    double o = overhead(pb, k, j);
    return isnan(o) ? INFEASIBLE : fabs(o - c);
}

/*
 * Puts each log's runs in its order: the spans pick[] gave a log's runs go to
 * them again, earliest span to the earliest run. Returns 0, or -1 when a run
 * is then in a span too short for it (no assignment of these spans keeps the
 * order).
 */
static int reorder(const struct problem *pb, long *pick)
{
    size_t *runs = br_xmalloc(br_st_mult(pb->n ? pb->n : 1, sizeof(size_t))), nr;
    long *spans = br_xmalloc(br_st_mult(pb->n ? pb->n : 1, sizeof(long)));
    char *done = br_xcalloc(pb->n ? pb->n : 1, 1);
    int ok = 0;

    for (size_t k = 0; k < pb->n && pb->ord; k++) {
        if (done[k] || pick[k] < 0 || !pb->ord[k].log)
            continue;
        nr = 0;
        for (size_t k2 = k; k2 < pb->n; k2++)
            if (!done[k2] && pick[k2] >= 0 && pb->ord[k2].log == pb->ord[k].log) {
                done[k2] = 1;
                runs[nr] = k2;
                spans[nr++] = pick[k2];
            }
        /* insertion sorts: the runs by line, their spans by time (a log has few runs) */
        for (size_t i = 1; i < nr; i++)
            for (size_t j = i; j > 0 && pb->ord[runs[j]].line < pb->ord[runs[j - 1]].line; j--) {
                size_t t = runs[j];
                runs[j] = runs[j - 1];
                runs[j - 1] = t;
            }
        for (size_t i = 1; i < nr; i++)
            for (size_t j = i; j > 0 && pb->sp[spans[j]].start < pb->sp[spans[j - 1]].start; j--) {
                long t = spans[j];
                spans[j] = spans[j - 1];
                spans[j - 1] = t;
            }
        for (size_t i = 0; i < nr; i++) {
            pick[runs[i]] = spans[i];
            if (isnan(overhead(pb, runs[i], (size_t)spans[i])))
                ok = -1;
        }
    }
    free(runs);
    free(spans);
    free(done);
    return ok;
}

/* Assigns at common overhead c; returns the total cost, spans in pick[] (-1: none). */
static double assign(const struct problem *pb, double c, long *pick)
{
    size_t cols = pb->m + pb->n;
    double *a = br_xmalloc(br_st_mult(br_st_mult(pb->n, cols), sizeof(double))), total = 0;
    long *col = br_xmalloc(br_st_mult(pb->n, sizeof(long)));

    for (size_t k = 0; k < pb->n; k++)
        for (size_t j = 0; j < cols; j++)
            a[k * cols + j] = j < pb->m ? pair_cost(pb, k, j, c) : UNASSIGNED;
    hungarian(a, pb->n, cols, col);
    for (size_t k = 0; k < pb->n; k++) {
        total += a[k * cols + (size_t)col[k]];
        pick[k] = (size_t)col[k] < pb->m && a[k * cols + (size_t)col[k]] < INFEASIBLE
                      ? col[k] : -1;
    }
    free(a);
    free(col);
    return total;
}

/*
 * Whether moving run k to span j (and run k2, when not SIZE_MAX, to span j2)
 * keeps the logs' order.
 */
static int move_in_order(const struct problem *pb, const struct br_match *out, size_t k, long j,
                         size_t k2, long j2)
{
    long *span = br_xmalloc(br_st_mult(pb->n, sizeof(long)));
    char *moved = br_xcalloc(pb->n, 1);
    int ok;

    for (size_t i = 0; i < pb->n; i++)
        span[i] = out[i].span;
    span[k] = j;
    moved[k] = 1;
    if (k2 != SIZE_MAX) {
        span[k2] = j2;
        moved[k2] = 1;
    }
    ok = in_order(pb, span, moved);
    free(span);
    free(moved);
    return ok;
}

/* Marks the runs whose span another assignment explains within tau. */
static void ambiguity(const struct problem *pb, double c, double tau, struct br_match *out)
{
    char *taken = br_xcalloc(pb->m ? pb->m : 1, 1);

    for (size_t k = 0; k < pb->n; k++)
        if (out[k].span >= 0)
            taken[out[k].span] = 1;
    for (size_t k = 0; k < pb->n; k++) {
        size_t j;
        double here;
        if (out[k].span < 0)
            continue;
        j = (size_t)out[k].span;
        here = pair_cost(pb, k, j, c);
        out[k].margin = INFINITY;
        for (size_t j2 = 0; j2 < pb->m; j2++) {
            double d;
            if (taken[j2] || isnan(overhead(pb, k, j2)) ||
                !move_in_order(pb, out, k, (long)j2, SIZE_MAX, -1))
                continue;
            d = pair_cost(pb, k, j2, c) - here;
            out[k].margin = fmin(out[k].margin, d);
        }
        for (size_t k2 = 0; k2 < pb->n; k2++) {
            size_t j2;
            double d;
            if (k2 == k || out[k2].span < 0)
                continue;
            j2 = (size_t)out[k2].span;
            if (isnan(overhead(pb, k, j2)) || isnan(overhead(pb, k2, j)) ||
                !move_in_order(pb, out, k, (long)j2, k2, (long)j))
                continue;
            d = pair_cost(pb, k, j2, c) + pair_cost(pb, k2, j, c) - here -
                pair_cost(pb, k2, j2, c);
            out[k].margin = fmin(out[k].margin, d);
        }
        out[k].ambiguous = out[k].margin < tau;
    }
    free(taken);
}

/* The cost of the assignment pick[] at common overhead c (runs left out cost UNASSIGNED). */
static double cost_of(const struct problem *pb, double c, const long *pick)
{
    double total = 0;
    for (size_t k = 0; k < pb->n; k++)
        total += pick[k] >= 0 ? pair_cost(pb, k, (size_t)pick[k], c) : UNASSIGNED;
    return total;
}

/*
 * Lowers each run's margin to how much worse the best assignment at another
 * common overhead is, among those that put the run in another span
 * (totals[i], picks[i * n ..] for the nc candidates): two runs or more, whose
 * overheads may agree around another value. A real H200 session's three
 * untimed PyTorch runs, 12.1, 8.3 and 5.1 s of epochs, lay in spans of 19, 13
 * and 12 s (start-up and tests on the GPU: overheads 6.9, 4.7, 6.9); without
 * their file times they were matched to benchtrain runs' spans of 6 and 3 s
 * (overheads -2.3, -2.1), which agree as closely, and mlp/32 got a 370 W
 * burst, 930 J for 342.5. A swap of one run at a time did not show it.
 */
static void other_overheads(const struct problem *pb, const double *totals, const long *picks,
                            size_t nc, double best, struct br_match *out)
{
    if (pb->n < 2)
        return;
    for (size_t i = 0; i < nc; i++)
        for (size_t k = 0; k < pb->n; k++)
            if (out[k].span >= 0 && picks[i * pb->n + k] != out[k].span &&
                isfinite(totals[i]))
                out[k].margin = fmin(out[k].margin, totals[i] - best);
}

int br_match_runs(const double *busy, const double *slack, size_t n, const struct br_span *sp,
                  size_t m, double tol,
                  double tau, const struct br_match_order *ord, struct br_match *out,
                  double *common)
{
    struct problem pb = { busy, slack, sp, n, m, tol, ord };
    double *cand, *totals, best = INFINITY, best_c = NAN;
    long *pick, *best_pick, *picks;
    size_t nc = 0;
    int unordered = 0;

    for (size_t k = 0; k < n; k++) {
        out[k].span = -1;
        out[k].ambiguous = out[k].unordered = 0;
        out[k].margin = NAN;
    }
    *common = NAN;
    if (n == 0 || n > BR_MATCH_MAX_RUNS || m > BR_MATCH_MAX_SPANS)
        return n == 0 ? 0 : -1;
    if (m == 0)
        return 0;
    cand = br_xmalloc(br_st_mult(br_st_mult(n, m), sizeof(double)));
    for (size_t k = 0; k < n; k++)
        for (size_t j = 0; j < m; j++)
            if (!isnan(overhead(&pb, k, j)))
                cand[nc++] = overhead(&pb, k, j);
    qsort(cand, nc, sizeof(double), br_cmp_double);
    pick = br_xmalloc(n * sizeof(long));
    best_pick = br_xmalloc(n * sizeof(long));
    totals = br_xmalloc(br_st_mult(nc ? nc : 1, sizeof(double)));
    picks = br_xmalloc(br_st_mult(br_st_mult(nc ? nc : 1, n), sizeof(long)));
    for (size_t i = 0; i < nc; i++) {
        double total;
        totals[i] = INFINITY;
        if (i && cand[i] == cand[i - 1])
            continue;
        total = assign(&pb, cand[i], pick);
        if (reorder(&pb, pick) < 0) {
            unordered = 1;   /* these spans cannot hold the runs in their logs' order */
            continue;
        }
        total = cost_of(&pb, cand[i], pick);
        totals[i] = total;
        memcpy(picks + i * n, pick, n * sizeof(long));
        if (total < best) {
            best = total;
            best_c = cand[i];
            memcpy(best_pick, pick, n * sizeof(long));
        }
    }
    if (!isnan(best_c)) {
        for (size_t k = 0; k < n; k++)
            out[k].span = best_pick[k];
        ambiguity(&pb, best_c, tau, out);
        other_overheads(&pb, totals, picks, nc, best, out);
        for (size_t k = 0; k < n; k++)
            out[k].ambiguous = out[k].span >= 0 && out[k].margin < tau;
        *common = best_c;
    } else {
        for (size_t k = 0; k < n; k++)
            out[k].unordered = unordered && ord && ord[k].log;
    }
    free(cand);
    free(totals);
    free(picks);
    free(pick);
    free(best_pick);
    return 0;
}
