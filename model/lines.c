/*
 * lines.c: one buffer, BR_LINES_CHUNK bytes to start with, doubled while a
 * line does not fit, up to BR_MAX_LINE + BR_LINES_CHUNK (BR_MAX_PEEK +
 * BR_LINES_CHUNK after a peek that far). Lines are found with
 * memchr; the unread tail is moved to the front before each refill, so a line
 * is always contiguous.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "model/lines.h"
#include "model/banned.h"

void br_lines_init(struct br_lines *lr, FILE *f)
{
    memset(lr, 0, sizeof(*lr));
    lr->f = f;
    lr->size = BR_LINES_CHUNK;
    lr->max_line = BR_MAX_LINE;
}

/* Reads more input after the unread bytes. Returns bytes read. */
static size_t fill(struct br_lines *lr)
{
    size_t n;

    if (!lr->buf)
        lr->buf = br_xmalloc(lr->size);
    if (lr->start > 0) {
        memmove(lr->buf, lr->buf + lr->start, lr->end - lr->start);
        lr->end -= lr->start;
        lr->start = 0;
    }
    if (lr->end == lr->size && lr->size < lr->max_line + BR_LINES_CHUNK) {
        lr->size *= 2;
        if (lr->size > lr->max_line + BR_LINES_CHUNK)
            lr->size = lr->max_line + BR_LINES_CHUNK;
        lr->buf = br_xrealloc(lr->buf, lr->size);
    }
    if (lr->eof || lr->end == lr->size)
        return 0;
    n = fread(lr->buf + lr->end, 1, lr->size - lr->end, lr->f);
    lr->end += n;
    if (n == 0) {
        lr->eof = 1;
        if (ferror(lr->f))
            lr->error = errno ? errno : EIO;
    }
    return n;
}

void br_lines_peek_upto(struct br_lines *lr, size_t max, const char **p, size_t *n)
{
    size_t max_line = lr->max_line;

    if (max > BR_MAX_PEEK)
        max = BR_MAX_PEEK;
    if (max > lr->max_line)
        lr->max_line = max;     /* lets fill() grow the buffer that far */
    if (!lr->buf || (lr->end == lr->start && !lr->eof))
        fill(lr);
    while (!lr->eof && lr->end - lr->start < max && fill(lr) > 0)
        ;
    lr->max_line = max_line;
    *p = lr->buf + lr->start;
    *n = lr->end - lr->start;
    if (*n > max)
        *n = max;
}

void br_lines_peek(struct br_lines *lr, const char **p, size_t *n)
{
    br_lines_peek_upto(lr, BR_LINES_CHUNK, p, n);
}

/* Discards input up to and including the next newline. */
static void skip_rest(struct br_lines *lr)
{
    for (;;) {
        char *nl = memchr(lr->buf + lr->start, '\n', lr->end - lr->start);
        if (nl) {
            lr->start = (size_t)(nl - lr->buf) + 1;
            return;
        }
        lr->start = lr->end;
        if (fill(lr) == 0 && lr->end == lr->start)
            return;
    }
}

static int emit(struct br_lines *lr, size_t from, size_t to, const char **line, size_t *len)
{
    if (to > from && lr->buf[to - 1] == '\r')
        to--;
    *line = lr->buf + from;
    *len = to - from;
    lr->lineno++;
    return 1;
}

int br_lines_next(struct br_lines *lr, const char **line, size_t *len)
{
    size_t scanned = 0;

    lr->no_newline = lr->truncated = 0;
    if (lr->error)
        return -1;
    if (!lr->buf)
        fill(lr);
    if (lr->skipping) {
        /* The rest of a line cut at BR_MAX_LINE: skipped only now, so that
         * the part handed out last time stayed valid until this call. */
        lr->skipping = 0;
        skip_rest(lr);
    }
    for (;;) {
        char *base = lr->buf + lr->start;
        size_t avail = lr->end - lr->start;
        char *nl = memchr(base + scanned, '\n', avail - scanned);

        if (nl) {
            size_t from = lr->start;
            lr->start = (size_t)(nl - lr->buf) + 1;
            return emit(lr, from, (size_t)(nl - lr->buf), line, len);
        }
        scanned = avail;
        if (avail >= lr->max_line) {
            size_t from = lr->start;
            char *cr = memrchr(base, '\r', avail);
            if (cr && cr > base) {
                /* a progress bar redrawn in place: only its last state shows */
                if (!lr->noverwritten++)
                    lr->first_overwritten = lr->lineno + 1;
                lr->start += (size_t)(cr - base);
                scanned = avail - (size_t)(cr - base);
                continue;
            }
            if (!lr->ncut++)
                lr->first_cut = lr->lineno + 1;
            lr->start += lr->max_line;
            lr->truncated = 1;
            lr->skipping = 1;
            return emit(lr, from, from + lr->max_line, line, len);
        }
        if (fill(lr) == 0) {
            size_t from = lr->start;
            if (lr->error)
                return -1;
            if (lr->end == lr->start)
                return 0;
            lr->no_newline = 1;
            lr->start = lr->end;
            return emit(lr, from, lr->end, line, len);
        }
    }
}

void br_lines_release(struct br_lines *lr)
{
    free(lr->buf);
    lr->buf = NULL;
}
