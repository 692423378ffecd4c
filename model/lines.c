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
#include "model/utf8.h"
#include "model/banned.h"

void br_lines_init(struct br_lines *lr, FILE *f)
{
    memset(lr, 0, sizeof(*lr));
    lr->f = f;
    lr->size = BR_LINES_CHUNK;
    lr->max_line = BR_MAX_LINE;
}

/* One UTF-16 code unit at raw[i]. */
static unsigned unit16(const struct br_lines *lr, size_t i)
{
    const unsigned char *r = lr->raw + i;
    return lr->encoding == BR_ENC_UTF16LE ? r[0] | (unsigned)r[1] << 8
                                          : (unsigned)r[0] << 8 | r[1];
}

/*
 * The next code point of the UTF-16 input in *cp, consuming it: 1, or 0 when the raw
 * buffer ends inside it (more must be read first; at the end of the input a lone
 * byte or surrogate is U+FFFD).
 */
static int next_unit(struct br_lines *lr, unsigned *cp)
{
    size_t left = lr->rawn - lr->rawpos;
    unsigned u, lo;

    if (left < 2 || (left < 4 && (u = unit16(lr, lr->rawpos)) >= 0xd800 && u <= 0xdbff)) {
        if (!lr->raw_eof || left == 0)
            return 0;
        lr->rawpos = lr->rawn;
        *cp = 0xfffd;
        return 1;
    }
    u = unit16(lr, lr->rawpos);
    lr->rawpos += 2;
    if (u < 0xd800 || u > 0xdfff) {
        *cp = u;
        return 1;
    }
    *cp = 0xfffd;
    if (u <= 0xdbff && (lo = unit16(lr, lr->rawpos)) >= 0xdc00 && lo <= 0xdfff) {
        lr->rawpos += 2;
        *cp = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
    }
    return 1;
}

/* Reads more UTF-16 input into raw, after what is left of it. */
static void read_raw(struct br_lines *lr)
{
    size_t keep = lr->rawn - lr->rawpos, n;

    memmove(lr->raw, lr->raw + lr->rawpos, keep);
    lr->rawpos = 0;
    lr->rawn = keep;
    n = fread(lr->raw + keep, 1, BR_LINES_CHUNK - keep, lr->f);
    lr->rawn += n;
    if (n == 0)
        lr->raw_eof = 1;
}

/* UTF-16 input as UTF-8 into dst (room for cap >= 4 bytes); returns bytes written. */
static size_t utf16_take(struct br_lines *lr, char *dst, size_t cap)
{
    size_t out = 0;
    unsigned cp;

    while (out + 4 <= cap) {
        if (next_unit(lr, &cp)) {
            out += br_utf8_put(dst + out, cp);
            continue;
        }
        if (lr->raw_eof)
            break;
        read_raw(lr);
    }
    return out;
}

/*
 * UTF-16 without a mark, from the first bytes: zeros (the high bytes of ASCII characters)
 * in a tenth of the pairs or more, twenty times as often at one parity as at the other
 * (U+2500 '─', U+4E00 '一' have theirs at the other), and a line end among them ("\n" as
 * 0A 00 or 00 0A) or printable ASCII in half the pairs (one long JSON line); four times as
 * often will do when every line end (two or more) is at that parity: a Keras 3 model
 * summary's rows of '─' put a zero at the other parity in a fifth of its pairs. UTF-8 text
 * has no zero byte; binary data has zeros at both parities alike. 1 for little-endian
 * (the zeros second), 2 for big-endian, else 0.
 */
static int utf16_unmarked(const unsigned char *p, size_t n)
{
    size_t pairs = n / 2 < 4096 ? n / 2 : 4096, zero[2] = { 0, 0 }, nl[2] = { 0, 0 },
           ascii[2] = { 0, 0 };

    for (size_t i = 0; i < pairs; i++) {
        unsigned char a = p[2 * i], b = p[2 * i + 1];
        if (a == 0 && b == 0)
            return 0;
        if ((a == 0 && b == 0x25) || (a == 0x25 && b == 0))
            continue; /* '%' or U+2500 '─', at either parity: no evidence (a YOLOX log's
                       * Exp table: '├──┼──┤' rows, ASCII lines between) */
        zero[0] += b == 0;
        zero[1] += a == 0;
        nl[0] += a == '\n' && b == 0;
        nl[1] += a == 0 && b == '\n';
        ascii[0] += b == 0 && a >= 0x20 && a < 0x7f;
        ascii[1] += a == 0 && b >= 0x20 && b < 0x7f;
    }
    for (int k = 0; k < 2; k++) {
        size_t times = nl[k] >= 2 && !nl[1 - k] ? 4 : 20;
        if (pairs >= 8 && zero[k] * 10 >= pairs && zero[1 - k] * times <= zero[k] &&
            (nl[k] || ascii[k] * 2 >= pairs))
            return k + 1;
    }
    return 0;
}

/*
 * The first read: finds the encoding from the first bytes (lr->end of them in buf). A
 * UTF-8 mark is skipped; UTF-16 moves the bytes to raw, to be converted from there.
 */
static void find_encoding(struct br_lines *lr)
{
    const unsigned char *b = (const unsigned char *)lr->buf;
    size_t skip = 0;
    int kind = 0;

    if (lr->end >= 3 && b[0] == 0xef && b[1] == 0xbb && b[2] == 0xbf) {
        lr->encoding = BR_ENC_UTF8_BOM;
        lr->start = 3;
        return;
    }
    if (lr->end >= 2 && ((b[0] == 0xff && b[1] == 0xfe) || (b[0] == 0xfe && b[1] == 0xff))) {
        kind = b[0] == 0xff ? 1 : 2;
        skip = 2;
    } else {
        kind = utf16_unmarked(b, lr->end);
    }
    if (!kind)
        return;
    lr->encoding = kind == 1 ? BR_ENC_UTF16LE : BR_ENC_UTF16BE;
    lr->raw = br_xmalloc(BR_LINES_CHUNK);
    lr->rawn = lr->end - skip;
    memcpy(lr->raw, lr->buf + skip, lr->rawn);
    lr->end = 0;
}

/* Input into buf at end: bytes as read, or UTF-16 converted. Returns bytes added. */
static size_t input(struct br_lines *lr)
{
    int first = !lr->buf;
    size_t n;

    if (first)
        lr->buf = br_xmalloc(lr->size);
    if (lr->raw)
        return utf16_take(lr, lr->buf + lr->end, lr->size - lr->end);
    n = fread(lr->buf + lr->end, 1, lr->size - lr->end, lr->f);
    lr->end += n;
    if (first && n) {
        find_encoding(lr);
        if (lr->raw)
            return input(lr);
    }
    return n;
}

/* Room for one more character: a UTF-16 one takes up to 4 bytes. */
static int full(const struct br_lines *lr)
{
    return lr->size - lr->end < (lr->raw ? 4u : 1u);
}

/* Reads more input after the unread bytes. Returns bytes read. */
static size_t fill(struct br_lines *lr)
{
    size_t n;

    if (lr->buf && lr->start > 0) {
        memmove(lr->buf, lr->buf + lr->start, lr->end - lr->start);
        lr->end -= lr->start;
        lr->start = 0;
    }
    if (lr->buf && full(lr) && lr->size < lr->max_line + BR_LINES_CHUNK) {
        lr->size *= 2;
        if (lr->size > lr->max_line + BR_LINES_CHUNK)
            lr->size = lr->max_line + BR_LINES_CHUNK;
        lr->buf = br_xrealloc(lr->buf, lr->size);
    }
    if (lr->eof || (lr->buf && full(lr)))
        return 0;
    n = input(lr);
    if (lr->raw) {
        lr->end += n;
        if (n == 0 && lr->raw_eof && lr->rawpos == lr->rawn)
            lr->eof = 1;
    } else if (n == 0) {
        lr->eof = 1;
    }
    if (lr->eof && ferror(lr->f))
        lr->error = errno ? errno : EIO;
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
    free(lr->raw);
    lr->buf = NULL;
    lr->raw = NULL;
}
