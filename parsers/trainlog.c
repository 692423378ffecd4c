/*
 * trainlog.c: the registry's entry for line-oriented training logs. It picks
 * the format (built-in or --format-file) that explains the most lines of the
 * file's head, and runs the engine (logrun.c) with it; a format whose lines there
 * are only a script's own bars, where the generic reader finds epochs, leaves the
 * log to that reader (bars_of_a_script). The loader may choose the format on
 * the text from a run marker's line past the head (br_trainlog_format_from) and
 * pass its name as --format's. The formats come compiled in the parse
 * options; without them (tests, fuzzing) the built-in ones are compiled for the call.
 */
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "parsers/clean.h"
#include "parsers/logfmt.h"
#include "parsers/logrun.h"
#include "parsers/parser.h"
#include "model/banned.h"

int br_logfmts_init(struct br_logfmts *s, struct br_diag *d)
{
    memset(s, 0, sizeof(*s));
    if (br_logfmt_load(&s->common, "built-in", br_common_dnf_format,
                       strlen(br_common_dnf_format), d) < 0)
        return -1;
    for (size_t i = 0; br_builtin_formats[i].name; i++) {
        struct br_logfmt f;
        const char *t = br_builtin_formats[i].text;
        if (br_logfmt_load(&f, "built-in", t, strlen(t), d) < 0) {
            br_logfmt_release(&f);
            return -1;
        }
        BR_GROW(s->v, s->nr + 1, s->alloc);
        s->v[s->nr++] = f;
    }
    return 0;
}

int br_logfmts_add(struct br_logfmts *s, const char *path, const char *text, size_t len,
                   struct br_diag *d)
{
    struct br_logfmt f;

    if (br_logfmt_load(&f, path, text, len, d) < 0) {
        br_logfmt_release(&f);
        return -1;
    }
    /* a user's format goes first: it is tried before the built-in ones */
    BR_GROW(s->v, s->nr + 1, s->alloc);
    memmove(s->v + 1, s->v, s->nr * sizeof(*s->v));
    s->v[0] = f;
    s->nr++;
    s->nuser++;
    return 0;
}

const struct br_logfmt *br_logfmts_find(const struct br_logfmts *s, const char *name)
{
    for (size_t i = 0; i < s->nr; i++)
        if (!strcmp(s->v[i].name, name))
            return &s->v[i];
    return NULL;
}

void br_logfmts_release(struct br_logfmts *s)
{
    for (size_t i = 0; i < s->nr; i++)
        br_logfmt_release(&s->v[i]);
    br_logfmt_release(&s->common);
    free(s->v);
    memset(s, 0, sizeof(*s));
}

/* br_logfmts_best_upto, and in *best_sc (when not NULL) how far the best format got */
static const struct br_logfmt *best_format(const struct br_logfmts *s, const char *head,
                                           size_t n, size_t max_lines, size_t max_out,
                                           int *score, struct br_buf *why,
                                           struct br_logscore *best_sc)
{
    const struct br_logfmt *best = NULL;
    size_t best_structural = 0, best_matched = 0;
    struct br_buf lines = BR_BUF_INIT;

    *score = 0;
    br_logscore_lines(head, n, max_lines, max_out, &lines); /* cleaned once for all formats */
    for (size_t i = 0; i < s->nr; i++) {
        const struct br_logfmt *f = &s->v[i];
        size_t *per = br_xcalloc(f->nrules ? f->nrules : 1, sizeof(size_t));
        struct br_logscore sc = { .per_rule = per, .max_lines = max_lines, .cleaned = 1 };
        int v = br_logfmt_score(f, lines.buf ? lines.buf : "", lines.len, &sc);

        if (why) {
            br_buf_addf(why, "    format %s (%s): %d; %zu of the first %zu lines matched", f->name,
                        f->path, v, sc.matched, sc.lines);
            br_buf_addstr(why, sc.structural ? "\n" : ", none of them an epoch line\n");
            if (sc.first_unmatched)
                br_buf_addf(why, "      first line no rule matched: %zu '%s'\n", sc.first_unmatched,
                            sc.unmatched_text);
            for (size_t r = 0; r < f->nrules; r++)
                if (f->rules[r].kind != BR_RULE_METRIC)
                    br_buf_addf(why, "      %s:%u %s: %zu line%s\n", f->path, f->rules[r].line,
                                br_rule_kind_name(f->rules[r].kind), per[r],
                                per[r] == 1 ? "" : "s");
        }
        free(per);
        /* a tie (the score stops at 49 epoch lines) goes to the format that explains more
         * of them: Ultralytics' epoch header besides the bars YOLOv5's rules also match;
         * then to the one that explains more lines (Ultralytics' banner, when W&B's capture
         * put the first bar before the first header) */
        if (v > *score || (v > 0 && v == *score && (sc.structural > best_structural ||
                                                    (sc.structural == best_structural &&
                                                     sc.matched > best_matched)))) {
            *score = v;
            best = f;
            best_structural = sc.structural;
            best_matched = sc.matched;
            if (best_sc) {
                *best_sc = sc;
                best_sc->per_rule = NULL; /* freed below */
            }
        }
    }
    br_buf_release(&lines);
    return best;
}

const struct br_logfmt *br_logfmts_best(const struct br_logfmts *s, const char *head, size_t n,
                                        int *score, struct br_buf *why)
{
    return best_format(s, head, n, 0, 0, score, why, NULL);
}

const struct br_logfmt *br_logfmts_best_upto(const struct br_logfmts *s, const char *head,
                                             size_t n, size_t max_lines, size_t max_out,
                                             int *score, struct br_buf *why)
{
    return best_format(s, head, n, max_lines, max_out, score, why, NULL);
}

static int with_formats(const struct br_parse_opts *o, struct br_logfmts *own,
                        const struct br_logfmts **out)
{
    if (o && o->formats) {
        *out = o->formats;
        return 0;
    }
    if (br_logfmts_init(own, NULL) < 0)
        return -1;
    *out = own;
    return 0;
}

/*
 * A log in which no format finds an epoch may still show a training that
 * died before its first one (a Traceback, CUDA out of memory): the shared
 * failure rules then read it, so that the run is kept as DNF.
 */
static int failure_only(const struct br_logfmts *fs, const char *head, size_t n)
{
    const struct br_logfmt *f = &fs->common;
    const char *p = head, *end = head + n;
    struct br_buf clean = BR_BUF_INIT;
    struct br_time t;
    int hit = 0, ignored = 0;

    for (unsigned lines = 0; p < end && lines < 400 && !hit; lines++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        br_clean_line(p, (size_t)((nl ? nl : end) - p), &clean, &t);
        /* the Traceback after "Exception ignored in" or "Exception in thread ...:" is one
         * Python went on from */
        for (size_t i = 0; i < f->nrules && !hit && !ignored; i++)
            hit = br_rule_match(&f->rules[i], clean.buf, clean.len);
        if (clean.len)
            ignored = br_exception_ignored(clean.buf, clean.len) ||
                      br_exception_in_thread(clean.buf, clean.len);
        p = nl ? nl + 1 : end;
    }
    br_buf_release(&clean);
    return hit;
}

extern const struct br_parser br_parser_generic;

/*
 * Whether the generic reader finds a training in `head` (a script's own
 * words, "Epoch [2/2] loss=0.80 time=10.1s"): then a failure at its end is
 * that training's, which the generic reader reads with its epochs.
 */
static int generic_training(const char *head, size_t n, const struct br_parse_opts *o)
{
    struct br_buf reason = BR_BUF_INIT;
    int score = br_parser_generic.sniff(head, n, o, &reason);

    br_buf_release(&reason);
    return score >= 50;
}

/*
 * Whether every line the best format matched (`sc`) is a bar inside an epoch, none with
 * the marks only its framework prints, in a format that has such marks (Lightning's v_num;
 * fairseq's bars, in a format with none, stay fairseq's), in a head where the generic
 * reader finds a training: a script's own tqdm bars left in a redirect ("Epoch 9:  52%|...|
 * 7897/15229 [03:33<02:54, 42.08it/s]", no v_num), its epochs its own logging lines
 * ("INFO:Trainer:Epoch [9/30] Train: 0.0258 | Val: 0.0469 | 466.6s"). The lightning format
 * read such a log as the bars' epochs 1 and 9, untimed, and dropped the 30 timed ones
 * (ChidanshM/verf's trainer): it is the generic reader's. A Lightning log cut in its first
 * epoch stays Lightning's: its bars show v_num, and the generic reader finds no epoch in it.
 */
static int bars_of_a_script(const struct br_logscore *sc, const char *head, size_t n,
                            const struct br_parse_opts *o)
{
    return sc->signable && !sc->signs && sc->structural && sc->progress == sc->structural &&
           generic_training(head, n, o);
}

/* The score of a best format whose lines are bars_of_a_script(): close, not chosen */
#define SCRIPT_BARS_SCORE 45

static int trainlog_sniff(const char *head, size_t n, const struct br_parse_opts *o,
                          struct br_buf *why)
{
    struct br_logfmts own = { 0 };
    const struct br_logfmts *fs;
    const struct br_logfmt *best;
    struct br_logscore sc = { 0 };
    int score = 0;

    if (with_formats(o, &own, &fs) < 0)
        return 0;
    if (why)
        br_buf_addstr(why, "training-log formats:\n");
    best = best_format(fs, head, n, 0, 0, &score, why, &sc);
    if (best && score >= 50 && bars_of_a_script(&sc, head, n, o)) {
        score = SCRIPT_BARS_SCORE;
        if (why)
            br_buf_addstr(why, "    its lines only bars inside epochs, none with the format's "
                               "marks, and epochs the generic reader reads: a script's own "
                               "bars\n");
    }
    if (!best && failure_only(fs, head, n)) {
        int generic = generic_training(head, n, o);
        score = generic ? 45 : 51;
        if (why)
            br_buf_addstr(why, generic ? "    no epoch of these formats, and a failure the "
                                         "shared rules recognise, after epochs the generic "
                                         "reader reads\n"
                                       : "    no epoch, but a failure the shared rules "
                                         "recognise\n");
    }
    if (why)
        br_buf_addf(why, "    best: %s", best ? best->name : score ? "failure" : "none");
    if (fs == &own)
        br_logfmts_release(&own);
    return score;
}

/* The built-in format called `name`'s name, which outlives a call's own formats */
static const char *builtin_name(const char *name)
{
    for (size_t i = 0; br_builtin_formats[i].name; i++)
        if (!strcmp(br_builtin_formats[i].name, name))
            return br_builtin_formats[i].name;
    return NULL;
}

/* How much of a log the formats are chosen on when its first 64 KiB show no epoch:
 * as much as the loader shows them (registry.c's LONG_LOG_HEAD), counted as a terminal
 * shows the lines, and on how many lines (br_trainlog_sniff_long and the parse that
 * follows it). */
#define TRAINLOG_LONG_HEAD (1u << 18)
#define TRAINLOG_LONG_LINES 10000

int br_trainlog_failure_only(const char *head, size_t n, const struct br_parse_opts *o)
{
    struct br_logfmts own = { 0 };
    const struct br_logfmts *fs;
    int score = 0, only;

    if (with_formats(o, &own, &fs) < 0)
        return 0;
    /* (the failure first: most logs have none, and the formats' sniff costs more) */
    only = failure_only(fs, head, n) && !br_logfmts_best(fs, head, n, &score, NULL);
    if (fs == &own)
        br_logfmts_release(&own);
    return only;
}

/* br_trainlog_sniff_long, and in *name the best format's name when it scores 50 or more */
static int sniff_long(const char *head, size_t n, const struct br_parse_opts *o,
                      struct br_buf *why, const char **name)
{
    struct br_logfmts own = { 0 };
    const struct br_logfmts *fs;
    const struct br_logfmt *best;
    struct br_logscore sc = { 0 };
    int score = 0;

    if (with_formats(o, &own, &fs) < 0)
        return 0;
    best = best_format(fs, head, n, TRAINLOG_LONG_LINES, TRAINLOG_LONG_HEAD, &score, NULL, &sc);
    if (best && score >= 50 && bars_of_a_script(&sc, head, n, o))
        score = SCRIPT_BARS_SCORE;
    if (why)
        br_buf_addf(why, "best: %s%s", best ? best->name : "none",
                    score == SCRIPT_BARS_SCORE ? " (a script's own bars)" : "");
    if (name && best && score >= 50)
        *name = fs == &own ? builtin_name(best->name) : best->name;
    if (fs == &own)
        br_logfmts_release(&own);
    return best ? score : 0;
}

int br_trainlog_sniff_long(const char *head, size_t n, const struct br_parse_opts *o,
                           struct br_buf *why)
{
    return sniff_long(head, n, o, why, NULL);
}

const char *br_trainlog_format_from(const char *from, size_t n, const struct br_parse_opts *o,
                                    struct br_buf *why)
{
    const char *name = NULL;

    sniff_long(from, n, o, why, &name);
    return name;
}

static int trainlog_parse(struct br_lines *in, struct br_source *src,
                          const struct br_parse_opts *o)
{
    struct br_logfmts own = { 0 };
    const struct br_logfmts *fs;
    const struct br_logfmt *best;
    const char *head;
    size_t n;
    int score, ret = -1;

    if (with_formats(o, &own, &fs) < 0) {
        br_source_diag(src, BR_ERROR, 0, 0, "built-in training-log formats do not compile");
        return -1;
    }
    br_lines_peek(in, &head, &n);
    if (o && o->log_format) {
        best = br_logfmts_find(fs, o->log_format);
        if (!best) {
            br_source_diag(src, BR_ERROR, 0, 0, "unknown training-log format '%s'",
                           o->log_format);
            goto out;
        }
    } else {
        best = br_logfmts_best(fs, head, n, &score, NULL);
        if (!best) {
            /* chosen on a longer head and more lines (the loader's detect_long_log) */
            const char *more;
            size_t nmore;
            br_lines_peek_upto(in, BR_MAX_PEEK, &more, &nmore);
            best = br_logfmts_best_upto(fs, more, nmore, TRAINLOG_LONG_LINES, TRAINLOG_LONG_HEAD,
                                        &score, NULL);
            br_lines_peek(in, &head, &n);    /* the buffer may have moved */
        }
        if (!best && failure_only(fs, head, n))
            best = &fs->common;
    }
    if (!best) {
        br_source_diag(src, BR_ERROR, 1, 1,
                       "no training-log format matches (inspect -v says how far each got)");
        goto out;
    }
    br_source_set_format(src, best->name);
    ret = br_logrun(best, best == &fs->common ? NULL : &fs->common, in, src);
out:
    if (fs == &own)
        br_logfmts_release(&own);
    return ret;
}

const struct br_parser br_parser_trainlog = {
    .name = "trainlog",
    .what = "training logs: keras, pytorch, lightning, hf, yolov5, detectron2, timm, fairseq, "
            "benchtrain, and --format-file formats",
    .sniff = trainlog_sniff,
    .parse = trainlog_parse,
};
