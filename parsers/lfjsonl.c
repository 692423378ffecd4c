/*
 * lfjsonl.c: LLaMA-Factory's trainer_log.jsonl, a JSON line per logging step
 * that its LogCallback appends beside running_log.txt:
 *     {"current_steps": 10, "total_steps": 6750, "loss": 2.219, "lr": 1.33e-06,
 *      "epoch": 0.0044, "percentage": 0.15, "elapsed_time": "0:00:32",
 *      "remaining_time": "6:01:13"}
 * The epoch is the Trainer's fractional one (rounded to two places by older
 * transformers: "epoch": 1.0 for the steps around the end of epoch 1); elapsed_time is
 * str(timedelta(seconds=int(t))) since the training began
 * ("1 day, 10:17:31"), cut to the second. An evaluation is a line of its own at
 * the step it follows; the training's end is a line without loss or any other
 * figure (the Trainer's train_runtime log), its elapsed_time the time to train; without
 * it, the elapsed_time of the line at total_steps (the last step's) is.
 *
 * One run per training: epoch k ends between the last line before k and the
 * first at k or after (at that line when it prints k with more than two places,
 * the step that ended it), where step k x (steps an epoch) lies between the two
 * lines' steps, the clock moving alike over them; its time is the difference of
 * two such ends, to a tenth of a second, +- as far as the two windows and the
 * clock's second let it lie from that. An epoch that ended before the first line
 * (no line before its end: a run whose logging_steps exceed its steps, as aa-n/Qwen3_Lora's
 * one line) has no time, nor has the one after it; where no epoch of a run that ended has a
 * time, its time to train is shared out over the epochs run (hfstate's spread of
 * train_runtime: whole ones alike, a partial one its fraction). A run with neither the
 * end line nor a line at total_steps was cut: DNF, its last epoch partial when it stopped
 * inside one (and so is a last epoch the training ended inside, as a max_steps stop's,
 * but not the Trainer's 0.9996 of 1 at total_steps, epochs printed to full precision:
 * gradient accumulation's rounding, br_run_accum_rounded(), the epoch complete).
 * Steps that count back, or a clock that goes back, begin another run (the file
 * is appended to by each launch); one that begins past the run before's first
 * step resumed from a checkpoint, and its first epoch, begun in an earlier
 * session, has no time. Steps that count back and then at once past
 * where they were are two trainings writing one file: refused.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "model/buf.h"
#include "model/jsonscan.h"
#include "model/num.h"
#include "model/timefmt.h"
#include "parsers/parser.h"
#include "model/banned.h"

#define MAX_EPOCHS 100000
#define MAX_RESUMES 16 /* resumes said in notes; later ones are read the same, unsaid */

/* One line read: its step, epoch and clock. */
struct point {
    double step, total, x, t;
    unsigned line;
    int end; /* the training's end line (no figure in it) */
};

/* A run that resumed from a checkpoint, said once the file is read (not if
 * refused). */
struct resume {
    unsigned line, index;
    double step, x;
};

struct seg {
    struct resume resumes[MAX_RESUMES];
    size_t nresumes;
    struct point *pt;
    size_t n, alloc;
    struct br_run *run;
    int resumed;
    double first_step;
};

/* A quoted "H:MM:SS" or "N day(s), H:MM:SS" (Python's timedelta), seconds; NaN if not one. */
static double clock_s(struct br_jspan v)
{
    if (v.n < 2 || v.p[0] != '"')
        return NAN;
    return br_timedelta_s(v.p + 1, v.n - 2);
}

/* Keys that count or schedule, not figures of the training. */
static int bookkeeping(struct br_jspan k)
{
    static const char *const keys[] = { "current_steps", "total_steps",  "epoch",
                                        "percentage",    "elapsed_time", "remaining_time",
                                        "total_tokens" };
    for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
        if (k.n == strlen(keys[i]) && !memcmp(k.p, keys[i], k.n))
            return 1;
    return 0;
}

/* Whether the epoch as printed has more than two places ("0.0044...", not
 * "1.0"). */
static int fine(struct br_jspan v)
{
    const char *dot = memchr(v.p, '.', v.n);
    size_t places = 0;

    if (!dot)
        return 0;
    for (const char *q = dot + 1; q < v.p + v.n && *q >= '0' && *q <= '9'; q++)
        places++;
    return places > 2;
}

static struct br_epoch *epoch_k(struct seg *g, long k)
{
    struct br_run *run = g->run;
    /* a fresh training's epochs begin at 1, even where its first line is past epoch 1's
     * end (aa-n/Qwen3_Lora's logging_steps 996 of 768 steps left the last line alone) */
    long first = run->nepochs ? (long)run->epochs[0].index : g->resumed ? k : 1;

    if (k < first)
        return &run->epochs[0];
    while ((long)run->nepochs < k - first + 1) {
        struct br_epoch *e = br_run_add_epoch(run);
        e->index = (unsigned)(first + (long)run->nepochs - 1);
    }
    return &run->epochs[k - first];
}

/*
 * Where epoch k ended, as [*lo, *hi] of the clock: between the last line before
 * it and the first line at it or after, at that line when it prints k exactly
 * with fine places (`tol` 0) or when no line comes after it; NaN when no line
 * reaches k. *at is where in the window: the clock between the two lines' as the
 * step that ended k (k epochs of `spe` steps) is between their steps (the steps
 * between two lines take alike: a window of 5 steps of 5.3 s each, 26 s wide, puts
 * the end 11 s into it, not at its middle); the window's middle when `spe` is NaN.
 */
static void end_window(const struct seg *g, double k, double tol, double spe, double *lo,
                       double *hi, double *at, unsigned *line)
{
    size_t b = g->n;
    double slo = 0;

    *lo = *hi = *at = NAN;
    for (size_t i = 0; i < g->n; i++)
        if (g->pt[i].x >= k + tol - 1e-9) {
            b = i;
            break;
        }
    if (b == g->n) {
        if (g->n && g->pt[g->n - 1].x >= k - tol - 1e-9)
            b = g->n - 1; /* the last line, at k as far as two places tell */
        else
            return;
    }
    *at = *hi = g->pt[b].t;
    *line = g->pt[b].line;
    if (tol == 0 && fabs(g->pt[b].x - k) < 1e-9) {
        *lo = *hi;
        return;
    }
    if (b == 0) {
        /* no line before it: it ended anywhere between the start and the first line */
        *lo = *hi = *at = NAN;
        return;
    }
    *lo = g->resumed ? NAN : 0;
    for (size_t i = b; i-- > 0;)
        if (g->pt[i].x < k - tol - 1e-9) {
            *lo = g->pt[i].t;
            slo = g->pt[i].step;
            break;
        }
    *at = (*lo + *hi) / 2;
    if (!isnan(*lo) && !isnan(spe) && g->pt[b].step > slo) {
        double sk = k * spe;    /* the step that ended it */
        sk = sk < slo ? slo : sk > g->pt[b].step ? g->pt[b].step : sk;
        *at = *lo + (*hi - *lo) * (sk - slo) / (g->pt[b].step - slo);
    }
}

/*
 * Steps an epoch: the last line's step over its epoch; where total_steps is about a
 * whole number of such epochs (within a twentieth: the epoch may be rounded to two
 * places, 1.03 for 1.0331), total_steps over that number (8712 over 3, for 3000 over
 * 1.03's 2912.6). NaN when no line says.
 */
static double steps_per_epoch(const struct seg *g)
{
    for (size_t i = g->n; i-- > 0;) {
        const struct point *p = &g->pt[i];
        double spe, n;

        if (!(p->x > 0 && p->step > 0))
            continue;
        spe = p->step / p->x;
        n = p->total > 0 ? round(p->total / spe) : 0;
        if (n >= 1 && fabs(p->total / spe - n) <= 0.05)
            spe = p->total / n;
        return spe;
    }
    return NAN;
}

/* The first line at total_steps (the training's last step), else the last line. */
static const struct point *stop_line(const struct seg *g)
{
    for (size_t j = 0; j < g->n; j++)
        if (g->pt[j].total > 0 && g->pt[j].step >= g->pt[j].total)
            return &g->pt[j];
    return &g->pt[g->n - 1];
}

/*
 * Where no epoch got a time of its own (no line before the last epoch: aa-n/Qwen3_Lora's
 * one line, 768 of 768 steps at epoch 2.9966, 1:39:39), the time to train shared out over
 * the `ran` epochs run, as hfstate spreads train_runtime: the partial one its fraction.
 */
static void share_runtime(struct br_run *run, double ran)
{
    double whole = floor(ran + 1e-9);

    if (isnan(run->runtime_s) || !(ran > 0))
        return;
    for (size_t i = 0; i < run->nepochs; i++)
        if (!isnan(run->epochs[i].duration))
            return;
    for (size_t i = 0; i < run->nepochs; i++) {
        struct br_epoch *e = &run->epochs[i];
        e->duration = br_round_us(run->runtime_s / ran * (e->partial ? ran - whole : 1));
        e->res = 0;
        e->shared = 1;
    }
}

/* Times the run's epochs from the windows of their ends, and says how it ended.
 */
static void finish(struct seg *g, int fine_places)
{
    struct br_run *run = g->run;
    const struct point *last;
    /* where the previous epoch ended: its best guess and its window [plo, phi); a fresh
     * training's first epoch begins at 0 on the clock */
    double tol = fine_places ? 0 : 0.005, pmid = g->resumed ? NAN : 0, plo = 0, phi = 0;
    double spe = NAN;   /* steps an epoch (steps_per_epoch()) */
    size_t whole;
    int ended, rounded;

    if (!run)
        return;
    g->run = NULL;
    if (!g->n || !run->nepochs) {
        g->n = 0;
        return;
    }
    last = &g->pt[g->n - 1];
    spe = steps_per_epoch(g);
    /* the end line, or every planned step ran (a README's excerpt without the end line, a
     * process that died saving the model): the training ended */
    ended = last->end || (last->total > 0 && last->step >= last->total);
    whole = (size_t)floor(last->x + tol + 1e-9);
    /* 768 of 768 steps at epoch 2.99659 (epochs to full precision): the last epoch is
     * short only by gradient accumulation's rounding, complete */
    rounded = ended && tol == 0 && last->step >= last->total &&
              br_run_accum_rounded(last->x, ceil(last->x), last->total);
    if (rounded)
        whole = (size_t)ceil(last->x);
    if (g->resumed && g->nresumes < MAX_RESUMES) {
        struct resume *rs = &g->resumes[g->nresumes++];
        rs->line = run->first_line;
        rs->step = g->first_step;
        rs->x = g->pt[0].x;
        rs->index = run->epochs[0].index;
    }
    for (size_t i = 0; i < run->nepochs; i++) {
        struct br_epoch *e = &run->epochs[i];
        double lo, hi, at, mid;
        unsigned line = last->line;

        if (ended && e->index == whole && (rounded || fabs(last->x - whole) <= tol)) {
            /* the last epoch ended with the training: at its last step's line */
            const struct point *stop = stop_line(g);
            lo = hi = at = stop->t;
            line = stop->line;
        } else if (e->index <= whole) {
            end_window(g, e->index, tol, spe, &lo, &hi, &at, &line);
        } else {
            e->partial = 1; /* stopped inside it: its time to the last line */
            lo = hi = at = last->t;
        }
        e->line = line;
        /* each reading is cut to the second: the end lies in [lo, hi + 1), most
         * likely half a second past where the window puts it. The duration: to a tenth
         * of a second, +- as far as it may lie from the two windows */
        mid = at + 0.5;
        if (!isnan(mid) && !isnan(pmid) && mid > pmid) {
            double d = round((mid - pmid) * 10) / 10;
            double below = d - (lo - phi), above = hi + 1 - plo - d;

            e->duration = br_round_us(d);
            e->res = br_round_us(2 * (below > above ? below : above));
        }
        pmid = mid;
        plo = lo;
        phi = hi + 1;
    }
    /* the end line's clock is the time to train (cut to the second, as every reading):
     * "elapsed_time": "0:05:37"; a resumed run's counts its last session only. Without
     * it, the clock at the last step's line is (the first at total_steps: an evaluation
     * logged after it is no training) */
    if (ended && !g->resumed)
        run->runtime_s = last->end ? last->t : stop_line(g)->t;
    share_runtime(run, rounded ? (double)whole : last->x);
    if (!ended) {
        run->status = BR_RUN_DNF;
        run->reason = br_arena_printf(&run->arena, "interrupted at step %.0f (epoch %.4g)",
                                      last->step, last->x);
        run->reason_line = last->line;
    }
    g->n = 0;
}

static void new_run(struct seg *g, struct br_source *src, int fine_places, unsigned line,
                    double step)
{
    int again = g->run != NULL;

    finish(g, fine_places);
    g->resumed = again && step > g->first_step;
    g->run = br_source_new_run(src);
    g->run->first_line = line;
    g->first_step = step;
    br_label_set(g->run, &g->run->framework, "transformers", BR_LABEL_LOG);
}

/* Reads one line into `pt`; 0 when it is no trainer_log line (no steps). */
static int read_point(const char *s, size_t n, struct point *pt, struct br_jspan *xs)
{
    struct br_jspan v;
    const char *err;
    size_t pos;

    pt->x = NAN;
    xs->p = NULL;
    if (br_json_get(s, n, "current_steps", &v, &err, &pos) != 1 || !br_json_number(v, &pt->step))
        return 0;
    if (br_json_get(s, n, "total_steps", &v, &err, &pos) != 1 || !br_json_number(v, &pt->total))
        pt->total = NAN;
    /* without a clock (none seen in the wild): epochs and metrics, no times */
    pt->t = br_json_get(s, n, "elapsed_time", &v, &err, &pos) == 1 ? clock_s(v) : NAN;
    if (br_json_get(s, n, "epoch", &v, &err, &pos) == 1 && br_json_number(v, &pt->x) &&
        pt->x >= 0 && pt->x < MAX_EPOCHS)
        *xs = v;
    else
        pt->x = NAN;
    return 1;
}

/* The line's figures: every number but the bookkeeping keys. Returns how many.
 */
static int figures(struct seg *g, struct br_epoch *e, const char *s, size_t n)
{
    struct br_jspan k, v;
    size_t pos = 0;
    int count = 0;
    double d;

    while (br_json_next_member(s, n, &pos, &k, &v) == 1) {
        if (bookkeeping(k) || !br_json_number(v, &d))
            continue;
        count++;
        if (e)
            br_epoch_set_metric(g->run, e, k.p, k.n, d);
    }
    return count;
}

static int lfjsonl_parse(struct br_lines *in, struct br_source *src, const struct br_parse_opts *o)
{
    struct seg g = { 0 };
    struct point prev = { .step = NAN, .t = NAN };
    const char *line;
    size_t len;
    int r, fine_places = 0, seen_epoch = 0, losses = 0;
    /* the last step count back: from where, to where, at which line (NaN: none) */
    double back_from = NAN, back_to = NAN;
    unsigned back_line = 0;
    size_t first_run = src->nruns;

    (void)o;
    /* the places the epochs are printed with decide the windows: any line with
   * more than two says so for the file (one transformers wrote it) */
    while ((r = br_lines_next(in, &line, &len)) == 1) {
        struct point pt = { 0 };
        struct br_jspan xs;
        const char *s = line;
        long k;

        while (len && (*s == ' ' || *s == '\t')) {
            s++;
            len--;
        }
        if (!len || *s != '{' || !read_point(s, len, &pt, &xs))
            continue;
        pt.line = in->lineno;
        if (isnan(pt.x)) {
            /* a prediction's lines, or a training logged by steps only: no epoch */
            losses += figures(&g, NULL, s, len) > 0;
            continue;
        }
        seen_epoch = 1;
        if (xs.p && fine(xs))
            fine_places = 1;
        if (g.run && !isnan(back_from) && pt.step > back_from) {
            /* back from `back_from`, then past it at once: two step counts alternate */
            br_source_diag(src, BR_ERROR, pt.line, 1,
                           "current_steps goes back (from %.0f to %.0f at line %u) and then "
                           "past where it was (%.0f here): two trainings writing one "
                           "trainer_log.jsonl, their lines interleaved; not read",
                           back_from, back_to, back_line, pt.step);
            while (src->nruns > first_run)
                br_run_free(src->runs[--src->nruns]);
            free(g.pt);
            return -1;
        }
        back_from = NAN;
        if (!g.run || pt.step < prev.step || pt.t < prev.t) {
            if (g.run && pt.step < prev.step) {
                back_from = prev.step;
                back_to = pt.step;
                back_line = pt.line;
            }
            new_run(&g, src, fine_places, pt.line, pt.step);
        }
        pt.end = figures(&g, NULL, s, len) == 0;
        k = (long)ceil(pt.x - 1e-9);
        figures(&g, epoch_k(&g, k < 1 ? 1 : k), s, len);
        if (g.n == g.alloc) {
            g.alloc = g.alloc ? 2 * g.alloc : 256;
            g.pt = br_xrealloc(g.pt, br_st_mult(g.alloc, sizeof(*g.pt)));
        }
        g.pt[g.n++] = pt;
        prev = pt;
    }
    finish(&g, fine_places);
    free(g.pt);
    for (size_t i = 0; i < g.nresumes; i++)
        br_source_diag(src, BR_NOTE, g.resumes[i].line, 1,
                       "resumed at step %.0f (epoch %.4g), its clock from 0 again: epoch %u "
                       "began in an earlier session, so it has no time",
                       g.resumes[i].step, g.resumes[i].x, g.resumes[i].index);
    if (r < 0)
        return br_source_diag(src, BR_ERROR, 0, 0, "read error"), -1;
    if (!seen_epoch) {
        br_source_diag(src, BR_ERROR, 1, 1, "%s",
                       losses ? "a trainer_log.jsonl without an epoch in any line: its "
                                "training counts steps only (max_steps), so no epoch in it"
                              : "a trainer_log.jsonl without an epoch in any line (a "
                                "prediction or evaluation run): no training in it");
        return -1;
    }
    return 0;
}

static int lfjsonl_sniff(const char *head, size_t n, const struct br_parse_opts *o,
                         struct br_buf *why)
{
    const char *p = head, *end = head + n;

    (void)o;
    if (n >= 3 && !memcmp(p, "\xef\xbb\xbf", 3))
        p += 3;
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
        p++;
    if ((size_t)(end - p) > 19 && !memcmp(p, "{\"current_steps\": ", 18) &&
        memmem(p, (size_t)(end - p), "\"total_steps\": ", 15)) {
        br_buf_addstr(why, "JSON lines with current_steps and total_steps");
        return 90;
    }
    /* pasted into a document (a README's ```json block after its prose) */
    for (const char *q = p; (q = memmem(q, (size_t)(end - q), "\n{\"current_steps\": ", 19));
         q++)
        if (memmem(q, (size_t)(end - q), "\"elapsed_time\": \"", 17)) {
            br_buf_addstr(why, "a line of JSON with current_steps after other text");
            return 60;
        }
    br_buf_addstr(why, "no '{\"current_steps\": ' JSON line");
    return 0;
}

const struct br_parser br_parser_lfjsonl = {
    "lfjsonl",
    "LLaMA-Factory's trainer_log.jsonl: epochs timed by elapsed_time, metrics, "
    "ended or cut",
    lfjsonl_sniff,
    lfjsonl_parse,
};
