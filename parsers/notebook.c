/*
 * notebook.c: a Jupyter notebook (.ipynb, nbformat 4), a container, not a log format.
 * People commit notebooks whose cell outputs hold whole training logs: Keras fit() bars
 * (ageron/handson-ml2's chapter 16, twelve fits), a PyTorch loop's prints, tqdm bars, a
 * Trainer's TrainOutput. This reader takes the text of each code cell's outputs, in
 * order, and reads it with the training-log readers exactly as it would read that text
 * saved as a .log file (its format detected the same way; br_source_read_text()):
 *   - a "stream" output's "text" (either stream);
 *   - an "execute_result" or "display_data" output's "text/plain" (a Trainer's
 *     TrainOutput(...), a History object's repr); the HTML of a display is not read;
 *   - an "error" output's "traceback" (the cell died there: an out-of-memory error ends
 *     its run as it ends a log's).
 * Consecutive outputs of one stream join as they were printed (Jupyter may split one
 * line across two); any other output begins a line of its own, and so does each cell.
 * Several training cells are several runs, as logs appended one after another are.
 *
 * Positions: nbformat writes a text output as a JSON array with one string per line
 * ("Epoch 1/10\n"), one string per file line, and splits a line at each '\r' (a bar
 * redrawn in place is one string per drawing). Each text line's number and column
 * are mapped back to the string and the byte of the .ipynb that holds it, so every
 * diagnostic, a run's first line and an epoch's line point into the notebook itself;
 * a position without a column is the string that ends its text line (a bar's last
 * drawing, the one read). A "line N" that a message or a run's reason names is mapped
 * the same way (not inside a quotation of the log).
 *
 * inspect says the reading came from a notebook: "keras (notebook, 12 code cells with
 * output)". A notebook whose outputs hold no training log is refused in one error that
 * says so, with what the text reader said of them (their looks, or why the closest
 * reader did not take them: hvass' TF1 Estimator cells count steps, not epochs). A
 * JSON object with a top-level "cells" array but no "nbformat", an nbformat before 4
 * (cells in "worksheets") and a notebook with no output at all are refused as such.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "model/jsonscan.h"
#include "model/utf8.h"
#include "parsers/parser.h"
#include "model/banned.h"

/* the largest notebook read (embedded images make tens of megabytes) */
#define NB_MAX_BYTES (128u << 20)

/* a JSON string of the file: where its text lies in the outputs' text */
struct piece {
    size_t toff, tlen;   /* in the outputs' text */
    size_t foff;         /* in the file: its first byte after the opening quote */
};

struct nb {
    const char *file;            /* the file's lines, each ended by '\n' */
    size_t flen;
    size_t *fline;               /* each file line's first byte */
    size_t nfline, allocf;
    struct br_buf text;          /* the outputs' text */
    struct piece *pc;
    size_t npc, allocpc;
    size_t *tline;               /* each text line's first byte */
    size_t ntline, alloct;
    unsigned cells;              /* code cells with output text */
    struct br_jspan last;        /* the last output's stream name ({0}: none, or not a
                                    stream) */
};

static const char *skip_ws(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    return p;
}

/* The 4 hex digits at p as a number, or -1. */
static long hex4(const char *p, const char *end)
{
    long v = 0;

    if (end - p < 4)
        return -1;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        int d = c >= '0' && c <= '9' ? c - '0' : (c | 0x20) >= 'a' && (c | 0x20) <= 'f'
                                                    ? (c | 0x20) - 'a' + 10 : -1;
        if (d < 0)
            return -1;
        v = v * 16 + d;
    }
    return v;
}

/*
 * One character of a JSON string's contents at q (before its closing quote): its bytes
 * in out[0..*n), and the position after it; NULL when the escape is malformed. A NUL
 * (\u0000) and a lone surrogate are U+FFFD: the text readers take a NUL for binary data.
 */
static const char *decode_one(const char *q, const char *end, char out[4], size_t *n)
{
    long cp, lo;

    if (*q != '\\') {
        out[0] = *q;
        *n = 1;
        return q + 1;
    }
    if (end - q < 2)
        return NULL;
    switch (q[1]) {
    case 'n': out[0] = '\n'; break;
    case 't': out[0] = '\t'; break;
    case 'r': out[0] = '\r'; break;
    case 'b': out[0] = '\b'; break;
    case 'f': out[0] = '\f'; break;
    case '"': case '\\': case '/': out[0] = q[1]; break;
    case 'u':
        if ((cp = hex4(q + 2, end)) < 0)
            return NULL;
        q += 6;
        if (cp >= 0xd800 && cp <= 0xdbff && end - q >= 6 && q[0] == '\\' && q[1] == 'u' &&
            (lo = hex4(q + 2, end)) >= 0xdc00 && lo <= 0xdfff) {
            cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
            q += 6;
        } else if (cp == 0 || (cp >= 0xd800 && cp <= 0xdfff)) {
            cp = 0xfffd;
        }
        *n = br_utf8_put(out, (unsigned)cp);
        return q;
    default:
        return NULL;
    }
    *n = 1;
    return q + 2;
}

/* Appends the JSON string s (with its quotes) to the text, and records it. -1: malformed. */
static int add_string(struct nb *nb, struct br_jspan s)
{
    const char *q = s.p + 1, *end = s.p + s.n - 1;
    struct piece pc = { nb->text.len, 0, (size_t)(s.p + 1 - nb->file) };
    char c[4];
    size_t n;

    if (s.n < 2 || *s.p != '"')
        return -1;
    while (q < end) {
        if (!(q = decode_one(q, end, c, &n)))
            return -1;
        br_buf_add(&nb->text, c, n);
    }
    pc.tlen = nb->text.len - pc.toff;
    if (pc.tlen) {
        BR_GROW(nb->pc, nb->npc + 1, nb->allocpc);
        nb->pc[nb->npc++] = pc;
    }
    return 0;
}

/*
 * Steps through the elements of the array `a` (a.p at '['): *pos 0 for the first. Returns
 * 1 with the element, 0 after the last, -1 when malformed.
 */
static int array_next(struct br_jspan a, size_t *pos, struct br_jspan *el)
{
    const char *end = a.p + a.n, *p = skip_ws(a.p + (*pos ? *pos : 1), end);

    if (p < end && *p == ',' && *pos)
        p = skip_ws(p + 1, end);
    if (p >= end || *p == ']')
        return 0;
    if (!(el->n = br_json_value_len(p, end)))
        return -1;
    el->p = p;
    *pos = (size_t)(p + el->n - a.p);
    return 1;
}

/* br_json_get, its error unused: a member not read is a member not there. */
static int get(const char *p, size_t n, const char *key, struct br_jspan *out)
{
    const char *err;
    size_t at;

    return br_json_get(p, n, key, out, &err, &at);
}

/* Whether the JSON value v is the string `s`. */
static int is_string(struct br_jspan v, const char *s)
{
    size_t n = strlen(s);
    return v.n == n + 2 && *v.p == '"' && !memcmp(v.p + 1, s, n);
}

/*
 * Appends a text value: one string, or an array of strings (nbformat's lines). `stream`
 * is the output's stream name ({0}: no stream): text goes on the line the last output
 * left open only when it is of the same stream.
 */
static int add_text(struct nb *nb, struct br_jspan v, struct br_jspan stream)
{
    struct br_jspan el;
    size_t pos = 0;
    int r;

    if (nb->text.len && nb->text.buf[nb->text.len - 1] != '\n' &&
        (!stream.n || stream.n != nb->last.n || memcmp(stream.p, nb->last.p, stream.n)))
        br_buf_addch(&nb->text, '\n');
    nb->last = stream;
    if (v.n && *v.p == '"')
        return add_string(nb, v);
    if (!v.n || *v.p != '[')
        return 0;
    while ((r = array_next(v, &pos, &el)) == 1)
        if (*el.p == '"' && add_string(nb, el) < 0)
            return -1;
    return r;
}

/* Appends the text of one output (see the header). */
static int add_output(struct nb *nb, struct br_jspan out)
{
    struct br_jspan type, v, name, none = { 0 };

    if (*out.p != '{' || get(out.p, out.n, "output_type", &type) != 1)
        return 0;
    if (is_string(type, "stream")) {
        if (get(out.p, out.n, "text", &v) != 1)
            return 0;
        if (get(out.p, out.n, "name", &name) != 1 || !name.n)
            name = (struct br_jspan){ "\"\"", 2 };
        return add_text(nb, v, name);
    }
    if (is_string(type, "execute_result") || is_string(type, "display_data")) {
        if (get(out.p, out.n, "data", &v) != 1 || *v.p != '{' ||
            get(v.p, v.n, "text/plain", &v) != 1)
            return 0;
        return add_text(nb, v, none);
    }
    if (is_string(type, "error") &&
        get(out.p, out.n, "traceback", &v) == 1) {
        struct br_jspan el;
        size_t pos = 0;
        int r;
        /* a traceback's strings are whole frames, each of several lines, without a
         * newline at their end */
        while ((r = array_next(v, &pos, &el)) == 1) {
            if (*el.p != '"' || add_text(nb, el, none) < 0)
                return -1;
            br_buf_addch(&nb->text, '\n');
        }
        return r;
    }
    return 0;
}

/* Appends the outputs of one cell, when it is a code cell. */
static int add_cell(struct nb *nb, struct br_jspan cell)
{
    struct br_jspan type, outs, out;
    size_t pos = 0, before = nb->text.len;
    int r;

    if (*cell.p != '{' || get(cell.p, cell.n, "cell_type", &type) != 1 ||
        !is_string(type, "code") ||
        get(cell.p, cell.n, "outputs", &outs) != 1 || *outs.p != '[')
        return 0;
    while ((r = array_next(outs, &pos, &out)) == 1)
        if (add_output(nb, out) < 0)
            return -1;
    if (nb->text.len > before) {
        nb->cells++;
        if (nb->text.buf[nb->text.len - 1] != '\n')
            br_buf_addch(&nb->text, '\n');
    }
    nb->last = (struct br_jspan){ 0 };
    return r;
}

/* The largest i < n with v[i] <= x (v ascending, v[0] <= x). */
static size_t last_at_or_before(const size_t *v, size_t n, size_t x)
{
    size_t lo = 0, hi = n;

    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (v[mid] <= x)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* The piece that holds text byte `toff` (or the last before it: a newline put between). */
static size_t piece_at(const struct nb *nb, size_t toff)
{
    size_t lo = 0, hi = nb->npc;

    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (nb->pc[mid].toff <= toff)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/*
 * The file's line and column of the text's line `line`, column `col` (0: the line as a
 * whole, given as the string that ends it, with column 0).
 */
static void map_pos(const struct nb *nb, unsigned *line, unsigned *col)
{
    size_t l, toff, end, i, within, k;
    const struct piece *pc;
    const char *q, *qend;
    char c[4];
    size_t n;

    if (!*line || !nb->npc)
        return;
    l = *line > nb->ntline ? nb->ntline - 1 : *line - 1;
    end = l + 1 < nb->ntline ? nb->tline[l + 1] - 1 : nb->text.len;
    toff = nb->tline[l] + (*col ? *col - 1 : 0);
    if (!*col || toff >= end)
        toff = end > nb->tline[l] ? end - 1 : nb->tline[l];
    i = piece_at(nb, toff);
    pc = &nb->pc[i];
    within = toff < pc->toff ? 0 : toff - pc->toff;
    if (within >= pc->tlen)
        within = pc->tlen - 1;
    q = nb->file + pc->foff;
    qend = nb->file + nb->flen;
    for (size_t got = 0; q < qend && *q != '"';) {
        const char *next = decode_one(q, qend, c, &n);
        if (!next || got + n > within)
            break;
        got += n;
        q = next;
    }
    k = last_at_or_before(nb->fline, nb->nfline, (size_t)(q - nb->file));
    *line = (unsigned)(k + 1);
    *col = *col ? (unsigned)((size_t)(q - nb->file) - nb->fline[k] + 1) : 0;
}

/*
 * `msg` with each "line N" that names a text line (not inside a quotation: a quote opens
 * after a space, '(' or the start, and closes before a non-letter) naming the file's line.
 */
static void relink(const struct nb *nb, const char *msg, struct br_buf *out)
{
    int quoted = 0;

    br_buf_reset(out);
    for (const char *p = msg; *p;) {
        if (*p == '\'') {
            int opens = p == msg || p[-1] == ' ' || p[-1] == '(';
            int closes = !((p[1] | 0x20) >= 'a' && (p[1] | 0x20) <= 'z');
            if (quoted ? closes : opens)
                quoted = !quoted;
        }
        if (!quoted && !strncmp(p, "line ", 5) && (p == msg || p[-1] == ' ' || p[-1] == '(') &&
            p[5] >= '0' && p[5] <= '9') {
            char *e;
            unsigned long v = strtoul(p + 5, &e, 10);
            unsigned line = v > 0 && v <= nb->ntline ? (unsigned)v : 0, col = 0;
            if (line) {
                map_pos(nb, &line, &col);
                br_buf_addf(out, "line %u", line);
                p = e;
                continue;
            }
        }
        br_buf_addch(out, *p++);
    }
}

/* Sets a diagnostic's message, cut to what it holds. */
static void set_msg(struct br_diag *d, const char *s)
{
    size_t n = strlen(s);

    if (n >= sizeof(d->msg))
        n = sizeof(d->msg) - 1;
    memcpy(d->msg, s, n);
    d->msg[n] = '\0';
}

/* Puts every position of `from` (read from the text) in the file, and moves it to `src`. */
static void take(const struct nb *nb, struct br_source *from, struct br_source *src)
{
    struct br_buf msg = BR_BUF_INIT;

    for (size_t i = 0; i < from->diags.nr; i++) {
        struct br_diag d = from->diags.v[i];
        map_pos(nb, &d.line, &d.col);
        relink(nb, d.msg, &msg);
        set_msg(&d, msg.buf ? msg.buf : "");
        d.path = src->path;
        br_diags_push(&src->diags, &d, d.severity);
    }
    src->diags.dropped += from->diags.dropped;
    for (size_t i = 0; i < from->nruns; i++) {
        struct br_run *r = from->runs[i];
        unsigned col = 0;
        map_pos(nb, &r->first_line, &col);
        map_pos(nb, &r->reason_line, &col);
        for (size_t e = 0; e < r->nepochs; e++)
            map_pos(nb, &r->epochs[e].line, &col);
        if (r->reason) {
            relink(nb, r->reason, &msg);
            r->reason = br_arena_strdup(&r->arena, msg.buf);
        }
        BR_GROW(src->runs, src->nruns + 1, src->alloc_runs);
        src->runs[src->nruns++] = r;
    }
    for (size_t i = 0; i < from->ntraces; i++) {
        struct br_trace *tr = from->traces[i];
        unsigned col = 0;
        map_pos(nb, &tr->first_line, &col);
        map_pos(nb, &tr->fold_line, &col);
        BR_GROW(src->traces, src->ntraces + 1, src->alloc_traces);
        src->traces[src->ntraces++] = tr;
    }
    from->nruns = from->ntraces = 0;
    br_buf_release(&msg);
}

/* The file's lines, joined; -1 (a diagnostic) when it cannot be a notebook this reader reads. */
static int read_file(struct nb *nb, struct br_lines *in, struct br_source *src,
                     struct br_buf *file)
{
    const char *line;
    size_t len;
    int r;

    in->max_line = NB_MAX_BYTES;
    while ((r = br_lines_next(in, &line, &len)) == 1) {
        if (file->len + len + 1 > NB_MAX_BYTES) {
            br_source_diag(src, BR_ERROR, in->lineno, 1,
                           "larger than %u MiB: not read as a notebook", NB_MAX_BYTES >> 20);
            return -1;
        }
        BR_GROW(nb->fline, nb->nfline + 1, nb->allocf);
        nb->fline[nb->nfline++] = file->len;
        br_buf_add(file, line, len);
        br_buf_addch(file, '\n');
    }
    if (r < 0) {
        br_source_diag(src, BR_ERROR, in->lineno, 0, "read error");
        return -1;
    }
    nb->file = file->buf ? file->buf : "";
    nb->flen = file->len;
    return 0;
}

/* The cells array of the notebook in the file; -1 (a diagnostic) when it is none. */
static int find_cells(const struct nb *nb, struct br_source *src, struct br_jspan *cells)
{
    const char *end = nb->file + nb->flen, *top = skip_ws(nb->file, end);
    struct br_jspan v;
    double version;

    if (top >= end || *top != '{' ||
        get(top, (size_t)(end - top), "cells", cells) != 1 ||
        *cells->p != '[')
        return br_source_diag(src, BR_ERROR, 1, 1, "not a JSON object with a \"cells\" array: "
                              "not a Jupyter notebook"), -1;
    if (get(top, (size_t)(end - top), "nbformat", &v) != 1 ||
        !br_json_number(v, &version))
        return br_source_diag(src, BR_ERROR, 1, 1, "a JSON object with \"cells\" but no "
                              "\"nbformat\": not a Jupyter notebook"), -1;
    if (version < 4)
        return br_source_diag(src, BR_ERROR, 1, 1, "a Jupyter notebook of nbformat %g (its "
                              "cells in worksheets): not read, only nbformat 4 is", version), -1;
    return 0;
}

/* The text's lines. */
static void index_text(struct nb *nb)
{
    for (size_t i = 0; i < nb->text.len; i++)
        if (i == 0 || nb->text.buf[i - 1] == '\n') {
            BR_GROW(nb->tline, nb->ntline + 1, nb->alloct);
            nb->tline[nb->ntline++] = i;
        }
}

/* Reads the outputs' text as a file of its own into `src` (see the header). */
static int read_outputs(struct nb *nb, struct br_source *src, const struct br_parse_opts *o)
{
    struct br_parse_opts again = o ? *o : (struct br_parse_opts)BR_PARSE_OPTS_INIT;
    struct br_source inner;
    FILE *f = fmemopen(nb->text.buf, nb->text.len, "rb");
    int ret;

    if (!f) {
        br_source_diag(src, BR_ERROR, 0, 0, "out of memory");
        return -1;
    }
    index_text(nb);
    again.contained = 1;
    br_source_init(&inner, src->path);
    ret = br_source_read_text(&inner, f, &again, NULL);
    fclose(f);
    if (ret < 0 && !inner.nruns && !inner.ntraces) {
        for (size_t i = 0; i < inner.diags.nr; i++) {
            struct br_diag *d = &inner.diags.v[i];
            struct br_buf said = BR_BUF_INIT;
            if (d->severity != BR_ERROR)
                continue;
            br_buf_addf(&said, "a Jupyter notebook whose outputs (%u code cell%s) hold no "
                        "training log benchreport reads: %s", nb->cells,
                        nb->cells == 1 ? "" : "s", d->msg);
            set_msg(d, said.buf);
            br_buf_release(&said);
            break;
        }
    }
    take(nb, &inner, src);
    br_source_set_format(src, ret < 0 && !src->nruns && !src->ntraces ? NULL : inner.format);
    free(src->container);
    src->container = NULL;
    {
        struct br_buf what = BR_BUF_INIT;
        br_buf_addf(&what, "notebook, %u code cell%s with output", nb->cells,
                    nb->cells == 1 ? "" : "s");
        src->container = br_buf_detach(&what);
    }
    br_source_release(&inner);
    return ret;
}

static int notebook_parse(struct br_lines *in, struct br_source *src,
                          const struct br_parse_opts *o)
{
    struct nb nb = { 0 };
    struct br_buf file = BR_BUF_INIT;
    struct br_jspan cells, cell;
    size_t pos = 0;
    int ret = -1, r;

    if (read_file(&nb, in, src, &file) < 0 || find_cells(&nb, src, &cells) < 0)
        goto out;
    while ((r = array_next(cells, &pos, &cell)) == 1)
        if (add_cell(&nb, cell) < 0)
            break;
    if (r != 0) {
        unsigned line = 0, col = 0;
        size_t at = (size_t)(cell.p - nb.file);
        line = (unsigned)last_at_or_before(nb.fline, nb.nfline, at) + 1;
        col = (unsigned)(at - nb.fline[line - 1] + 1);
        br_source_diag(src, BR_ERROR, line, col, "a notebook cell that is not well-formed "
                       "JSON: the cells before it read");
    }
    if (!nb.text.len) {
        br_source_diag(src, BR_ERROR, 1, 1, "a Jupyter notebook with no output in its code "
                       "cells (never run, or cleared before it was saved): no training log "
                       "to read");
        br_source_set_format(src, NULL);
        goto out;
    }
    ret = read_outputs(&nb, src, o);
out:
    br_buf_release(&file);
    br_buf_release(&nb.text);
    free(nb.fline);
    free(nb.pc);
    free(nb.tline);
    return ret;
}

/*
 * A JSON object whose top-level members, as far as the head shows them, include a
 * "cells" array or an "nbformat" number: Jupyter writes its keys sorted ("cells" first),
 * Colab "nbformat" first, then "metadata", then "cells".
 */
static int notebook_sniff(const char *head, size_t n, const struct br_parse_opts *o,
                          struct br_buf *why)
{
    const char *end = head + n, *p = skip_ws(head, end);

    if (o && o->contained)
        return 0;
    if (p >= end || *p != '{') {
        if (why)
            br_buf_addstr(why, "not a JSON object");
        return 0;
    }
    p = skip_ws(p + 1, end);
    while (p < end && *p == '"') {
        const char *k = p + 1, *q = memchr(k, '"', (size_t)(end - k));
        size_t len;
        if (!q)
            break;
        p = skip_ws(q + 1, end);
        if (p >= end || *p != ':')
            break;
        p = skip_ws(p + 1, end);
        if (p < end && ((q - k == 5 && !memcmp(k, "cells", 5) && *p == '[') ||
                        (q - k == 8 && !memcmp(k, "nbformat", 8) && *p >= '0' && *p <= '9'))) {
            if (why)
                br_buf_addf(why, "a JSON object with a top-level \"%.*s\"", (int)(q - k), k);
            return 95;
        }
        if (!(len = br_json_value_len(p, end)))
            break;
        p = skip_ws(p + len, end);
        if (p >= end || *p != ',')
            break;
        p = skip_ws(p + 1, end);
    }
    if (why)
        br_buf_addstr(why, "no top-level \"cells\" or \"nbformat\"");
    return 0;
}

const struct br_parser br_parser_notebook = {
    .name = "notebook",
    .what = "a Jupyter notebook (.ipynb): its code cells' outputs read as a training log",
    .sniff = notebook_sniff,
    .parse = notebook_parse,
};
