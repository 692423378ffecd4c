/*
 * clock.c: clock offsets between logs and traces (align.h). A run placed by
 * its log's times on a trace of the same kind of clock is checked: when its
 * epochs explain the trace much better at another offset (a power meter's
 * clock 37 s ahead, a Mac's and a logger's), that offset is used and said.
 * Runs whose times are on another clock (a floating log against a UTC
 * trace) get the offset that explains the trace best, searched over every
 * offset that puts them inside it (within 2 minutes of the time zone their
 * folder's runs agree on, when they do: align.h); an offset within its own
 * precision of a whole quarter hour is taken as a time zone and rounded to it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis/align.h"
#include "analysis/layout.h"
#include "analysis/offset.h"
#include "model/alloc.h"
#include "model/banned.h"


/* The epochs of the `n` runs as intervals; returns how many. */
static size_t intervals(struct br_slot *const *s, size_t n, double **a, double **b)
{
    size_t total = 0, k = 0;

    for (size_t i = 0; i < n; i++)
        total += s[i]->rr->nep;
    *a = br_xmalloc(br_st_mult(total ? total : 1, sizeof(double)));
    *b = br_xmalloc(br_st_mult(total ? total : 1, sizeof(double)));
    for (size_t i = 0; i < n; i++)
        for (size_t e = 0; e < s[i]->rr->nep; e++, k++) {
            (*a)[k] = s[i]->ts[e];
            (*b)[k] = s[i]->te[e];
        }
    return total;
}

static int search(const struct br_group *g, struct br_slot *const *s, size_t n, double lo,
                  double hi, struct br_offset *off)
{
    double *a, *b;
    size_t m = intervals(s, n, &a, &b);
    const struct br_trace *t = g->tr[0];
    int ret = br_offset_search(t, br_trace_values(t, "power"), a, b, m, lo, hi, off);

    free(a);
    free(b);
    return ret;
}

/* How far from `delta` the offsets lie that the trace cannot tell from it. */
static double reach_of(const struct br_offset *off, double delta)
{
    return fmax(off->halfwidth, fmax(delta - off->near_lo, off->near_hi - delta));
}

/*
 * Places the runs at `delta`. The trace places them only within off's near
 * range: a run whose energy moves by more than BR_LAYOUT_SLIDE_MAX across it
 * (and across the time zone, when `zoned` and the zone lies outside it) gets no
 * power (a folder's short epochs on a flat fit); otherwise its energy's
 * interval covers the move. A whole time zone the trace fits about as well as
 * its best offset stands as it is: no estimate. (Real logs 1.0 s off a zone were
 * rounded to it: 0.1 s epochs got 14.6 J for 37 J; nearer than FIT_BIAS_S the
 * trace cannot tell.)
 */
/*
 * How far the fit's best offset may lie from the truth on real traces, the
 * sensors' lag and the two-level model's bias together: a real H100 session's
 * logs, written in the zone of its trace, fit power.draw.instant best 0.35 s
 * later; a real H200's power.draw fit benchtrain's 0.4 s earlier.
 */
#define FIT_BIAS_S 0.5

/*
 * A time zone `delta` that the trace of `g` fits about as well as its best
 * offset: inside its near range, give or take FIT_BIAS_S (half the sensor's
 * averaging window, when that is more). Nearer than that, the trace cannot
 * tell a zone from a clock a fraction of a second off it.
 */
static int trusted(const struct br_group *g, const struct br_offset *off, double delta,
                   int zoned)
{
    double w = fmax(FIT_BIAS_S, g->window / 2);
    return zoned && off->near_lo - w <= delta && delta <= off->near_hi + w;
}

/* The +- of offset `delta` (place_all). */
static double pm_of(const struct br_group *g, const struct br_offset *off, double delta,
                    int zoned)
{
    return trusted(g, off, delta, zoned)
               ? off->halfwidth
               : fmax(reach_of(off, delta), fmax(off->near_hi, delta) - fmin(off->near_lo, delta));
}

static void place_all(struct br_group *g, struct br_slot *const *s, size_t n,
                      const struct br_offset *off, double delta, int zoned)
{
    double lo = fmin(off->near_lo, delta), hi = fmax(off->near_hi, delta);

    for (size_t i = 0; i < n; i++) {
        struct br_run_result *rr = s[i]->rr;
        double moved;
        if (rr->align == BR_ALIGN_EXACT)
            g->nplaced--;   /* placed again below */
        br_place_times(s[i], delta, BR_ALIGN_ESTIMATED);
        rr->offset_s = delta;
        rr->offset_pm = pm_of(g, off, delta, zoned);
        if (trusted(g, off, delta, zoned))
            continue;
        moved = br_layout_shift(g->tr[0], rr, lo - delta, hi - delta);
        if (moved <= BR_LAYOUT_SLIDE_MAX)
            rr->layout_rel = fmax(rr->layout_rel, moved);
        else
            br_no_power(rr, "its log's clock and the trace's differ, and the trace's power "
                        "fits offsets from %+.2f s to %+.2f s about as well as %+.2f s%s: "
                        "placed anywhere across them, its energy moves by up to %.1f%%",
                        off->near_lo + 0.0, off->near_hi + 0.0, off->delta + 0.0,
                        zoned ? ", not at the time zone" : "", 100 * moved);
    }
}

/*
 * The share of run `s`'s epoch time, moved by `d`, that lies in the trace's
 * active spans, and in *span the span that holds the most of it (-1: none).
 */
static double active_share(const struct br_group *g, const struct br_slot *s, double d,
                           long *span)
{
    double total = 0, in = 0, most = 0;

    *span = -1;
    for (size_t j = 0; j < g->nspans; j++) {
        double here = 0;
        for (size_t e = 0; e < s->rr->nep; e++)
            here += fmax(0, fmin(s->te[e] + d, g->spans[j].end) -
                                fmax(s->ts[e] + d, g->spans[j].start));
        in += here;
        if (here > most) {
            most = here;
            *span = (long)j;
        }
    }
    for (size_t e = 0; e < s->rr->nep; e++)
        total += fmax(0, s->te[e] - s->ts[e]);
    return total > 0 ? in / total : 0;
}

/*
 * Whether moving run `s` from `base` (0: its own times) to `d` takes it off
 * activity of its own onto another's: at `base` most of its epochs lie in an
 * active span of the trace, and moved they lie mostly in another (kept: a
 * session's trace beside one of its logs put the run on the next run's burst,
 * 608 J for a real H200 run of 537 J).
 */
static int jumps(struct br_group *g, const struct br_slot *s, double base, double d)
{
    long at0, atd;

    br_group_spans(g);
    return active_share(g, s, base, &at0) >= 0.5 && active_share(g, s, d, &atd) > 0 &&
           atd != at0;
}

/* Whether moving some of the `n` runs from `base` to `d` takes it off a burst of its own. */
static int any_jumps(struct br_group *g, struct br_slot *const *s, size_t n, double base,
                     double d)
{
    for (size_t i = 0; i < n; i++)
        if (jumps(g, s[i], base, d))
            return 1;
    return 0;
}

/*
 * Whether the `n` runs (two or more), moved by `d`, lie each on an active span
 * of the trace of its own, with at least `least` of its epoch time.
 */
static int own_spans(struct br_group *g, struct br_slot *const *s, size_t n, double d,
                     double least)
{
    long *span = br_xmalloc(br_st_mult(n ? n : 1, sizeof(*span)));
    int ok = n >= 2;

    br_group_spans(g);
    for (size_t i = 0; i < n && ok; i++) {
        ok = active_share(g, s[i], d, &span[i]) >= least;
        for (size_t k = 0; k < i && ok; k++)
            ok = span[k] != span[i];
    }
    free(span);
    return ok;
}

/* Whether the runs, moved by `d`, lie each mostly (half its epoch time) on a span of its own. */
static int own_bursts(struct br_group *g, struct br_slot *const *s, size_t n, double d)
{
    return own_spans(g, s, n, d, 0.5);
}

/*
 * The R2 a clock check's best offset needs (own_bursts: FIT_MOVE_WEAK; a real
 * session's skewed logs fit 0.24-0.29, and a wrong move of three logs of a
 * session on a 1 s trace 0.20: moves).
 */
#define FIT_MOVE 0.3
#define FIT_MOVE_WEAK 0.22

double br_clock_reach(const struct br_group *g)
{
    return fmax(120, 20 * (isnan(g->dt) ? 0 : g->dt));
}

/* The R2 of the `n` runs' epochs moved by `d`, alone (0: none). */
static double fit_at(const struct br_group *g, struct br_slot *const *s, size_t n, double d)
{
    struct br_offset at;

    return n && search(g, s, n, d, d, &at) == 0 ? at.score : 0;
}

/* Whether run `s`, moved by `d`, lies inside the trace with `share` of its span. */
static int inside_by(const struct br_group *g, const struct br_slot *s, double d, double share)
{
    return fmin(s->b + d, g->t1) - fmax(s->a + d, g->t0) >= share * (s->b - s->a);
}

/* Whether run `s`, moved by `d`, lies mostly (half its span) inside the trace. */
static int mostly_inside(const struct br_group *g, const struct br_slot *s, double d)
{
    return inside_by(g, s, d, 0.5);
}

/* Whether each run paired apart lies, moved by `d`, mostly inside the trace. */
static int apart_inside(const struct br_group *g, struct br_slot *const *s, size_t n, double d)
{
    for (size_t i = 0; i < n; i++)
        if (s[i]->apart && !mostly_inside(g, s[i], d))
            return 0;
    return 1;
}

/*
 * Whether all the runs s[0..n), those apart among them, fit the trace best at
 * an offset, in *all, with R2 `need` and unambiguously, that puts the runs
 * apart inside it (with_apart, rival).
 */
static int fit_all(const struct br_group *g, struct br_slot *const *s, size_t n, double need,
                   struct br_offset *all)
{
    double reach = br_clock_reach(g);

    return search(g, s, n, -reach, reach, all) >= 0 && !all->ambiguous && all->score >= need &&
           apart_inside(g, s, n, all->delta);
}

/* Whether a best offset `off` lies far enough from `base` (0, a time zone) to be told from it. */
static int beyond(const struct br_group *g, const struct br_offset *off, double base)
{
    double dt = isnan(g->dt) ? 0 : g->dt;

    return fabs(off->delta - base) > fmax(fmax(1.0, 3 * dt), g->window) + off->halfwidth;
}

/*
 * Whether `off` moves the runs that overlap the trace, in[0..m), from `base`
 * (0: their own times; a time zone), where they fit R2 `fit_base`: it fits them
 * much better than there, with R2 FIT_MOVE; or with FIT_MOVE_WEAK, when it puts each
 * on a burst of its own, and at 0 they do not lie so, or none leaves a burst of
 * its own for another's. Runs that draw 100 and 150 W leave much of a trace's
 * variance to a two-level fit: a real H100 session's logs 5 to 90 s off its 100 ms
 * trace fit their own bursts with R2 0.24-0.29 (0.00-0.13 where they lay), and
 * kept their wrong times ("exact" cnn/32 380 J for 511). But runs of a session
 * whose other logs are not in the folder, at their true times each on its own
 * burst, fit the missing runs' bursts about as weakly (mlp/1024 was moved 92.6 s,
 * R2 0.20 against 0.02: 30.5 J for 11.58; mlp/128 30.4 s, 100.9 J for 88); and a
 * step from 100 to 300 W under two runs gives no run a burst of its own.
 */
static int moves(struct br_group *g, struct br_slot *const *in, size_t m,
                 const struct br_offset *off, double base, double fit_base)
{
    if (off->ambiguous || off->score < FIT_MOVE_WEAK || !beyond(g, off, base) ||
        !(fit_base < 0.7 * off->score))
        return 0;
    if (off->score >= FIT_MOVE)
        return 1;
    if (!own_bursts(g, in, m, off->delta))
        return 0;
    return !own_bursts(g, in, m, base) || !any_jumps(g, in, m, base, off->delta);
}

/*
 * The share of its epoch time that each run must have on a span of its own
 * to count as shown there (conflicts): at their own times (or time zone) the
 * real H200 sessions' runs lay wholly on theirs (1.000), where a meter 22 s
 * ahead of a session, with two logs dropped, left one of six 0.60 on its own.
 */
#define WHOLLY_SHOWN 0.9

/* Whether the runs, moved by `d`, lie each wholly on activity of its own (WHOLLY_SHOWN). */
static int wholly_shown(struct br_group *g, struct br_slot *const *s, size_t n, double d)
{
    long span;

    br_group_spans(g);
    return n >= 2 ? own_spans(g, s, n, d, WHOLLY_SHOWN)
                  : active_share(g, s[0], d, &span) >= WHOLLY_SHOWN;
}

/* Whether some of the `n` runs, moved by `d`, lies mostly off the trace's activity (or outside it). */
static int off_activity(struct br_group *g, struct br_slot *const *s, size_t n, double d)
{
    long span;

    br_group_spans(g);
    for (size_t i = 0; i < n; i++)
        if (active_share(g, s[i], d, &span) < 0.5)
            return 1;
    return 0;
}

/*
 * Whether the trace's evidence on the runs s[0..n) conflicts: at `base` (0:
 * their own times; a time zone) they lie each wholly on activity of its own
 * (WHOLLY_SHOWN; a run alone, on activity), and the better offset `off` puts
 * some of them off activity or outside the trace. Neither is taken. Real H200
 * sessions with right clocks, whose traces held runs without logs: a 357 W
 * burst no log explains left the runs R2 0.02 at their times and 0.47 at
 * +34.6 s, where mlp/128 lay on it (302 J for 88.9) and cifar1/128 past the
 * trace's end; and 0.01 against 0.23 at +51.0 s (mlp/32 960 J for 342.5). But a
 * session's logs 90 s off lie wholly on others' bursts at their times too, and
 * their right offset leaves a run past the end of a trace that stopped early.
 */
static int conflicts(struct br_group *g, struct br_slot *const *s, size_t n, double base,
                     const struct br_offset *off)
{
    return wholly_shown(g, s, n, base) && off_activity(g, s, n, off->delta);
}

/* No power for the runs s[0..n) whose evidence conflicts (conflicts), at `where` (their own
 * times, a zone `base`), where they fit R2 `fit_base`. */
static void refuse_conflict(struct br_slot *const *s, size_t n, double base, double fit_base,
                            const struct br_offset *off, const char *where)
{
    for (size_t i = 0; i < n; i++)
        br_no_power(s[i]->rr, "at %s %s wholly on activity of its own, but the trace's power "
                    "fits %s better %.1f s %s (R2 %.2f against %.2f), where %s off it or "
                    "outside the trace: it cannot tell whether the clocks differ; "
                    "--clock-offset sets it",
                    where, n > 1 ? "each run lies" : "it lies",
                    n > 1 ? "them" : "it", fabs(off->delta - base),
                    off->delta > base ? "later" : "earlier", off->score, fit_base,
                    n > 1 ? "some lie" : "it lies");
}

/* How much better than 0 an offset must fit runs that it takes each off a burst of its own. */
#define JUMP_FIT 0.5

/*
 * Whether the better offset `d` takes runs off activity of their own at `base`
 * (0: their own times; a time zone) onto others' (jumps), and they stay, with a
 * warning: a run alone whose epochs show at `base` (R2 0.2); several that lie
 * each on a burst of its own there, unless
 * the offset fits them more than 1 / JUMP_FIT times as well (two logs of a
 * session without the others were moved 90 s onto the others' bursts, R2 0.37
 * against 0.25: cnn/128 135 J for 158; a meter 80 s ahead of a whole session
 * fits it R2 0.53 against 0.22, each run on the one before's burst).
 */
static int holds(struct br_group *g, struct br_slot *const *s, size_t n, double base, double d,
                 double fit0, double fitd)
{
    return any_jumps(g, s, n, base, d) && fit0 >= 0.2 &&
           (n == 1 || (fit0 >= JUMP_FIT * fitd && own_bursts(g, s, n, base)));
}

/*
 * holds() for the runs s[0..n) that overlap the trace, said in a warning; not
 * when the runs apart among all[0..nall) land each on a burst of its own too
 * (a meter 77 s ahead: the two runs inside fit R2 0.53 against 0.36, and were
 * kept on others' bursts, cnn/128 126 J for 145.5; the two before the trace
 * land each on its own).
 */
static int kept(struct br_group *g, struct br_slot *const *s, size_t n,
                struct br_slot *const *all, size_t nall, const struct br_offset *off)
{
    if (!holds(g, s, n, 0, off->delta, off->score_zero, off->score) ||
        (nall > n && apart_inside(g, all, nall, off->delta) &&
         own_bursts(g, all, nall, off->delta)))
        return 0;
    for (size_t i = 0; i < n; i++)
        br_diags_add(&s[i]->rr->warnings, NULL, BR_WARNING, 0, 0,
                     "the trace's power fits %s epochs better %.1f s %s (R2 %.2f against %.2f "
                     "at 0), where %s activity lies; at %s own times %s on activity of its "
                     "own, and the clocks are taken to agree; --clock-offset moves them",
                     n > 1 ? "these runs'" : "its", fabs(off->delta),
                     off->delta > 0 ? "later" : "earlier", off->score, off->score_zero,
                     n > 1 ? "other runs'" : "another run's", n > 1 ? "their" : "its",
                     n > 1 ? "each lies" : "it lies");
    return 1;
}

/*
 * Whether the runs s[0..n), those apart from the trace among them, fit it at an
 * offset `off` that puts the runs apart inside it, and fits the runs that
 * overlap it, in[0..m) (at least two), more than 1 / JUMP_FIT times as well as 0
 * too, unless they hold: a trace that stopped early holds no burst of the runs
 * past its end, and the best offset for all of them put the others on the wrong
 * bursts (cnn/128 126 J for 145.5; with R2 0.59 against 0.36, cnn/32 511 J for
 * 538); a run alone inside is taken at its word. Their fit there and at 0 go in
 * in_d and in_0.
 */
static int with_apart(struct br_group *g, struct br_slot *const *s, size_t n,
                      struct br_slot *const *in, size_t m, struct br_offset *off, double *in_d,
                      double *in_0)
{
    if (m == n || m < 2 || !fit_all(g, s, n, FIT_MOVE, off) || !beyond(g, off, 0))
        return 0;
    *in_0 = fit_at(g, in, m, 0);
    *in_d = fit_at(g, in, m, off->delta);
    return *in_0 < JUMP_FIT * *in_d && !holds(g, in, m, 0, off->delta, *in_0, *in_d);
}

/* How many times as well the runs must fit a rival offset as the one that moves the runs inside. */
#define RIVAL_FIT 1.5

/*
 * Whether the runs s[0..n) (m of them overlap the trace, and `off` moves those)
 * fit it, the runs apart with them, at another offset, in *all: with R2
 * FIT_MOVE_WEAK, the runs apart inside it, and RIVAL_FIT times as well as at
 * `off` (*at_off; it must fit them a little: runs apart left outside the trace
 * make a fit naught). The H200 session's logs 50 s late without mlp/32: the
 * three inside fit 88.2 s earlier best (R2 0.38), onto others' bursts; with
 * cnn/128, past the trace's end, all fit 49.6 s earlier with R2 0.56 against
 * 0.08 at -88.2 (cnn/32 512 J for 538, cnn/128 none; now 537 and 145.0 for
 * 145.5). A meter 111 s ahead: the runs inside fit 20.9 s (0.32), all of them
 * 111.3 s (0.25 against 0.15): cnn/128 135 J for 158. A trace that stopped
 * early fits all the runs, those past its end pulled inside, at most 1.3 times
 * as well as the right move of the runs inside (8 s; 1,200 sessions).
 */
static int rival(const struct br_group *g, struct br_slot *const *s, size_t n, size_t m,
                 const struct br_offset *off, struct br_offset *all, double *at_off)
{
    if (m == n || !fit_all(g, s, n, FIT_MOVE_WEAK, all) ||
        fabs(all->delta - off->delta) <= reach_of(off, off->delta) + reach_of(all, all->delta))
        return 0;
    *at_off = fit_at(g, s, n, off->delta);
    return *at_off > 0 && all->score >= RIVAL_FIT * *at_off;
}

/* Moves the runs s[0..n) by `off`, said in a warning with its fit, `fit`. */
static void move(struct br_group *g, struct br_slot *const *s, size_t n,
                 const struct br_offset *off, const char *fit)
{
    for (size_t i = 0; i < n; i++)
        br_diags_add(&s[i]->rr->warnings, NULL, BR_WARNING, 0, 0,
                     "the trace's clock is %.1f s %s the log's (estimated from its power, "
                     "+-%.2g s, %s): epochs moved by it; --clock-offset sets it",
                     fabs(off->delta), off->delta > 0 ? "ahead of" : "behind",
                     reach_of(off, off->delta), fit);
    place_all(g, s, n, off, off->delta, 0);
}

/* The runs of in[0..m) that lie mostly inside the trace at their own times, into sub; how many. */
static size_t inside_at_own_times(const struct br_group *g, struct br_slot *const *in, size_t m,
                                  struct br_slot **sub)
{
    size_t k = 0;

    for (size_t i = 0; i < m; i++)
        if (mostly_inside(g, in[i], 0))
            sub[k++] = in[i];
    return k;
}

/*
 * The R2 a better offset needs, and the share of it that the runs' own times
 * must reach, for the runs to count as seen there (unseen).
 */
#define FIT_SEEN_MIN 0.1
#define FIT_SEEN_SHARE 0.5

/*
 * Whether the runs in[0..m) that the check does not move are not seen at their
 * own times: `off` fits them with R2 FIT_SEEN_MIN, and 0 less than
 * FIT_SEEN_SHARE of that; so do those of them that lie mostly inside the trace
 * (runs past its end make any fit at 0 poor); and at 0 these do not lie each
 * on a burst of its own. Their fits go in *fd and *f0. A meter 50 s behind six
 * logs of a session fit them R2 0.20 there (under FIT_MOVE_WEAK) against 0.00
 * at 0, and the runs kept their times, "exact" on others' bursts and on idle
 * (cnn/128 81 J for 158); of 8,306 transformed sessions (--tz UTC), 7,292 rows
 * kept were wrong, 2,400 now.
 */
static int unseen(struct br_group *g, struct br_slot *const *in, size_t m,
                  const struct br_offset *off, double *fd, double *f0)
{
    struct br_slot **sub = br_xmalloc(br_st_mult(m ? m : 1, sizeof(*sub)));
    size_t k = inside_at_own_times(g, in, m, sub);
    long span;
    int ret = 0;

    if (k && beyond(g, off, 0) && off->score >= FIT_SEEN_MIN &&
        !(off->score_zero >= FIT_SEEN_SHARE * off->score)) {
        *fd = fit_at(g, sub, k, off->delta);
        *f0 = fit_at(g, sub, k, 0);
        br_group_spans(g);
        ret = *f0 < FIT_SEEN_SHARE * *fd &&
              (k >= 2 ? !own_bursts(g, sub, k, 0) : active_share(g, sub[0], 0, &span) < 0.5);
    }
    free(sub);
    return ret;
}

/* No power for the runs s[0..n), unseen at their times, with the fits fd at `off` and f0 at 0. */
static void refuse_unseen(struct br_slot *const *s, size_t n, const struct br_offset *off,
                          double fd, double f0)
{
    for (size_t i = 0; i < n; i++)
        br_no_power(s[i]->rr, "the trace's power does not show %s at %s own times (R2 %.2f) and "
                    "fits %s better %.1f s %s (R2 %.2f), too weakly to move %s: the clocks "
                    "may differ; --clock-offset sets it",
                    n > 1 ? "these runs" : "it", n > 1 ? "their" : "its", f0,
                    n > 1 ? "them" : "it", fabs(off->delta),
                    off->delta > 0 ? "later" : "earlier", fd, n > 1 ? "them" : "it");
}

/*
 * Whether `off` fits the runs with R2 FIT_SEEN_MIN and their own times less than
 * FIT_SEEN_SHARE of that, and so those of them in sub[0..k) (doubted, disputed).
 */
static int much_better(const struct br_group *g, struct br_slot *const *sub, size_t k,
                       const struct br_offset *off)
{
    double fd;

    if (!(off->score >= FIT_SEEN_MIN && off->score_zero < FIT_SEEN_SHARE * off->score))
        return 0;
    fd = fit_at(g, sub, k, off->delta);
    return fd >= FIT_SEEN_MIN && fit_at(g, sub, k, 0) < FIT_SEEN_SHARE * fd;
}

/*
 * Whether offset `d` fits the runs of in[0..m) that lie wholly inside the
 * trace at 0 and at `d` (gathered in sub) with R2 FIT_SEEN_MIN, and better than 0.
 */
static int better_wholly_inside(const struct br_group *g, struct br_slot *const *in, size_t m,
                                double d, struct br_slot **sub)
{
    size_t k = 0;
    double fd;

    for (size_t i = 0; i < m; i++)
        if (inside_by(g, in[i], 0, 1) && inside_by(g, in[i], d, 1))
            sub[k++] = in[i];
    fd = fit_at(g, sub, k, d);
    return k && fd >= FIT_SEEN_MIN && fit_at(g, sub, k, 0) < fd;
}

/*
 * Whether the runs in[0..m) that the check keeps at their own times are
 * doubted there: the best offset `off` takes none of them off activity of its
 * own (a nearer start on the same bursts, not another run's), fits them with R2
 * FIT_SEEN_MIN, and either their times less than FIT_SEEN_SHARE of that, too
 * weakly to move them, and so does it those of them that lie mostly inside
 * the trace (a run just past its end left four runs with right clocks R2 0.00
 * at 0, against 0.29 alone); or the trace tells 0 from it (0 lies outside its
 * near range, give or take FIT_BIAS_S) and it fits better the runs that lie
 * wholly inside the trace at both (a trace that stopped halfway through a run
 * fit runs with right clocks 5.1 s earlier, R2 0.43 against 0.34). A meter 3 s ahead
 * of a session without one of its logs fit +3.1 s with R2 0.21 against 0.04 at
 * 0, and the runs kept their times, "exact" on the start of their bursts:
 * cnn/1024 17.3 J [15.5, 18.3] for 42.9; a meter 2 s behind a session's logs
 * fit -1.8 s with R2 0.48 against 0.42 (0 outside -2.04 to -1.42 s): cnn/512
 * 27.6 J [25.1, 30.0] for 47.4.
 */
static int doubted(struct br_group *g, struct br_slot *const *in, size_t m,
                   const struct br_offset *off)
{
    struct br_slot **sub = br_xmalloc(br_st_mult(m ? m : 1, sizeof(*sub)));
    size_t k = inside_at_own_times(g, in, m, sub);
    double w = fmax(FIT_BIAS_S, g->window / 2);
    int ret = 0;

    if (k && !off->ambiguous && off->score >= FIT_SEEN_MIN && beyond(g, off, 0) &&
        !any_jumps(g, in, m, 0, off->delta)) {
        ret = much_better(g, sub, k, off);
        if (!ret && (off->near_lo - w > 0 || off->near_hi + w < 0))
            ret = better_wholly_inside(g, in, m, off->delta, sub);
    }
    free(sub);
    return ret;
}

/*
 * The runs in[0..m), kept at their times but doubted there: each whose figure
 * moves by more than BR_LAYOUT_SLIDE_MAX between there and `off` gets no
 * power; the others' energy intervals cover the move.
 */
static void weigh_doubted(struct br_group *g, struct br_slot *const *in, size_t m,
                          const struct br_offset *off)
{
    double lo = fmin(0, off->delta), hi = fmax(0, off->delta);

    for (size_t i = 0; i < m; i++) {
        struct br_run_result *rr = in[i]->rr;
        double moved = br_layout_shift(g->tr[0], rr, lo, hi);
        if (moved <= BR_LAYOUT_SLIDE_MAX)
            rr->layout_rel = fmax(rr->layout_rel, moved);
        else
            br_no_power(rr, "the trace's power fits %s better %.1f s %s (R2 %.2f against %.2f "
                        "at %s own times), not well enough to move %s; between %s times and there, "
                        "%s energy moves by up to %.1f%%: the clocks may differ; "
                        "--clock-offset sets it",
                        m > 1 ? "these runs" : "it", fabs(off->delta),
                        off->delta > 0 ? "later" : "earlier", off->score, off->score_zero,
                        m > 1 ? "their" : "its", m > 1 ? "them" : "it",
                        m > 1 ? "their" : "its", m > 1 ? "this run's" : "its", 100 * moved);
    }
}

/*
 * Whether the runs in[0..m) kept at their own times are disputed there: those
 * of them mostly inside the trace lie each on a burst of its own at 0 and at
 * the best offset `off`, which takes some onto another's burst, and `off` fits
 * the runs with R2 FIT_SEEN_MIN and their times less than FIT_SEEN_SHARE of
 * that, as it does those inside (a run partly past the trace's edge has no
 * burst of its own: a meter 54 s ahead, cnn/32 380 J for 511). Right clocks beside the bursts of runs without logs look so, and so
 * does a meter that far off: a meter 22 s ahead of a session without two of
 * its logs fit +22.1 s with R2 0.27 against 0.00 at 0, each run on the next
 * one's burst at 0, and they stayed "exact" (cnn/512 29.6 J for 47.4).
 */
static int disputed(struct br_group *g, struct br_slot *const *in, size_t m,
                    const struct br_offset *off)
{
    struct br_slot **sub = br_xmalloc(br_st_mult(m ? m : 1, sizeof(*sub)));
    size_t k = inside_at_own_times(g, in, m, sub);
    int ret = k && !off->ambiguous && beyond(g, off, 0) && own_bursts(g, sub, k, 0) &&
              own_bursts(g, sub, k, off->delta) && any_jumps(g, sub, k, 0, off->delta) &&
              much_better(g, sub, k, off);

    free(sub);
    return ret;
}

/* The disputed runs in[0..m): each whose figure differs by more than BR_LAYOUT_SLIDE_MAX
 * at `off` gets no power. */
static void weigh_disputed(struct br_group *g, struct br_slot *const *in, size_t m,
                           const struct br_offset *off)
{
    for (size_t i = 0; i < m; i++) {
        double jump = br_layout_jump(g->tr[0], in[i]->rr, off->delta);
        if (jump > BR_LAYOUT_SLIDE_MAX)
            br_no_power(in[i]->rr, "at %s own times each run lies on a burst of its own, and "
                        "so it does %.1f s %s, where the trace's power fits %s better (R2 "
                        "%.2f against %.2f); there this run's energy differs by %.0f%%: it "
                        "cannot tell whether the clocks differ; --clock-offset sets it",
                        m > 1 ? "their" : "its", fabs(off->delta),
                        off->delta > 0 ? "later" : "earlier", m > 1 ? "them" : "it",
                        off->score, off->score_zero, 100 * jump);
    }
}

/*
 * The clock check of the runs s[0..n) of one device placed by their times on
 * g: those that overlap it first, alone; when they move and all of them fit
 * another offset much better (rival), all move there; when they stay, all are
 * fitted together (with_apart); when they stay and their times do not show them
 * (unseen), they get no power; when a better offset too weak to move them keeps
 * them on their bursts (doubted), each whose figure differs there gets none. Runs
 * apart follow no move of the others alone:
 * put inside the trace by a wrong one, they got figures where they had none
 * (cnn/128 122 J for 145.5).
 */
void br_clock_check(struct br_group *g, struct br_slot *const *s, size_t n)
{
    struct br_slot **in = br_xmalloc(br_st_mult(n ? n : 1, sizeof(*in)));
    double in_d, in_0, fd, f0, at;
    struct br_offset off, all;
    char fit[160];
    size_t m = 0;
    int mv;

    for (size_t i = 0; i < n; i++)
        if (!s[i]->apart)
            in[m++] = s[i];
    if (!m || search(g, in, m, -br_clock_reach(g), br_clock_reach(g), &off) < 0 ||
        kept(g, in, m, s, n, &off)) {
        free(in);
        return;
    }
    mv = moves(g, in, m, &off, 0, off.score_zero);
    if (mv && rival(g, s, n, m, &off, &all, &at)) {
        snprintf(fit, sizeof(fit), "R2 %.2f with the runs outside it, against %.2f where the "
                 "runs inside it fit best, %+.1f s", all.score, at, off.delta);
        move(g, s, n, &all, fit);
    } else if (mv && conflicts(g, in, m, 0, &off)) {
        refuse_conflict(in, m, 0, off.score_zero, &off, m > 1 ? "their own times" : "its own times");
    } else if (mv) {
        snprintf(fit, sizeof(fit), "R2 %.2f against %.2f at 0", off.score, off.score_zero);
        move(g, in, m, &off, fit);
    } else if (with_apart(g, s, n, in, m, &all, &in_d, &in_0)) {
        snprintf(fit, sizeof(fit), "R2 %.2f with the runs outside it; the runs inside it fit "
                 "R2 %.2f there against %.2f at 0", all.score, in_d, in_0);
        move(g, s, n, &all, fit);
    } else if (unseen(g, in, m, &off, &fd, &f0)) {
        refuse_unseen(in, m, &off, fd, f0);
    } else if (doubted(g, in, m, &off)) {
        weigh_doubted(g, in, m, &off);
    } else if (disputed(g, in, m, &off)) {
        weigh_disputed(g, in, m, &off);
    }
    free(in);
}

/* The zone a folder agrees on stands when it explains the trace this well against the best. */
#define ZONE_FIT 0.7

/*
 * Whether the runs lie at the zone their folder agrees on (NaN: none): its
 * fit at least ZONE_FIT of the best one's and R2 0.2, since another burst of
 * like length nearby (the next run's, minutes away) may fit as well or
 * better, and offsets a sample apart may tie. *off then describes it.
 */
static int at_agreed_zone(const struct br_group *g, struct br_slot *const *s, size_t n,
                          double agreed, struct br_offset *off)
{
    struct br_offset at;

    if (isnan(agreed) || search(g, s, n, agreed, agreed, &at) < 0 || at.score < 0.2 ||
        at.score < ZONE_FIT * off->score)
        return 0;
    at.halfwidth = off->halfwidth;
    at.near_lo = off->near_lo;   /* what the search over the zone's minutes found */
    at.near_hi = off->near_hi;
    at.delta = off->delta;
    *off = at;
    return 1;
}

/*
 * Whether the zone `agreed` that the folder's runs agree on stands though the
 * best offset `off` fits them weakly (under R2 0.2): the best lies at the
 * zone (trusted), and there the runs lie each wholly on activity of its own,
 * as the clock check keeps runs at their own times. A real H200 session's UTC
 * logs beside its local 100 ms trace, with two jobs that had no log between
 * them, fit R2 0.15 at best (+0.3 s), and got no power where their times on
 * the trace's clock (--tz UTC) gave each within 0.6% of NVML's counter; a meter
 * 22 s ahead fit R2 0.17 at +22.1 s, and the zone put each run wholly on
 * another's burst.
 */
static int weakly_at_zone(struct br_group *g, struct br_slot *const *s, size_t n, double agreed,
                          const struct br_offset *off)
{
    return !isnan(agreed) && off->score < 0.2 && !off->ambiguous &&
           trusted(g, off, agreed, 1) && wholly_shown(g, s, n, agreed);
}

void br_clock_estimate(struct br_group *g, struct br_slot *const *s, size_t n)
{
    double lo = INFINITY, hi = -INFINITY, delta, zone, agreed;
    struct br_offset off;
    int zoned = 0;

    for (size_t i = 0; i < n; i++) {
        lo = fmin(lo, g->t0 - s[i]->b);
        hi = fmax(hi, g->t1 - s[i]->a);
    }
    if (!n)
        return;
    agreed = s[0]->zone_s;
    for (size_t i = 1; i < n; i++)
        if (!(s[i]->zone_s == agreed))
            agreed = NAN;
    if (!isnan(agreed)) {   /* the zone the runs of their folder agree on, give or take skew */
        lo = fmax(lo, agreed - br_clock_reach(g));
        hi = fmin(hi, agreed + br_clock_reach(g));
    }
    if (search(g, s, n, lo, hi, &off) < 0) {
        for (size_t i = 0; i < n; i++)
            br_no_power(s[i]->rr, "its log's clock and the trace's differ, and no offset "
                                  "puts its epochs inside the trace");
        return;
    }
    if (at_agreed_zone(g, s, n, agreed, &off)) {
        delta = agreed;
        zoned = 1;
        goto place;
    }
    if (!isnan(agreed) && !off.ambiguous && conflicts(g, s, n, agreed, &off)) {
        char where[96];
        snprintf(where, sizeof(where), "the time zone %s folder's runs agree on (%+.1f s)",
                 n > 1 ? "their" : "its", agreed + 0.0);
        refuse_conflict(s, n, agreed, fit_at(g, s, n, agreed), &off, where);
        return;
    }
    if (weakly_at_zone(g, s, n, agreed, &off)) {
        delta = agreed;
        zoned = 1;
        goto place;
    }
    if (off.score < 0.2 || off.ambiguous) {
        for (size_t i = 0; i < n; i++) {
            if (off.ambiguous)
                br_no_power(s[i]->rr, "its log's clock and the trace's differ, and two "
                            "offsets (%+.1f s, %+.1f s) explain the trace equally well",
                            off.delta, off.second_delta);
            else
                br_no_power(s[i]->rr, "its log's clock and the trace's differ, and its "
                            "epochs do not show in the trace's power at any offset "
                            "(best R2 %.2f)", off.score);
        }
        return;
    }
    delta = off.delta;
    zone = 0.0 + round(delta / BR_QUARTER_HOUR) * BR_QUARTER_HOUR;
    if (fabs(delta - zone) <= fmax(off.halfwidth, 1.0)) {
        delta = zone;
        zoned = 1;
    }
place:
    for (size_t i = 0; i < n; i++) {
        if (g->t1 < BR_CALENDAR_MIN_S)   /* no date: the offset holds it */
            br_diags_add(&s[i]->rr->warnings, NULL, BR_WARNING, 0, 0,
                         "the trace's times have no date (times of day, or seconds from "
                         "its start): placed on the log's clock by an offset of %+.1f s "
                         "estimated from the trace's power (+-%.2g s, R2 %.2f)",
                         delta + 0.0, pm_of(g, &off, delta, zoned), off.score);
        else
            br_diags_add(&s[i]->rr->warnings, NULL, BR_WARNING, 0, 0,
                         "the log's times are %s and the trace's %s: clock offset %+.1f s "
                         "estimated from the trace's power (+-%.2g s, R2 %.2f)%s",
                         s[i]->zoned ? "UTC" : "local without a zone",
                         g->zoned ? "UTC" : "local without a zone", delta + 0.0,
                         pm_of(g, &off, delta, zoned), off.score,
                         zoned ? ", a whole time zone" : "");
    }
    place_all(g, s, n, &off, delta, zoned);
}
