/*
 * clean.c: a one-line terminal. Characters are written at a cursor: '\r'
 * moves it to the start, '\b' one back, ESC [ ... K erases to the end, other
 * escape sequences are dropped. What is left is what a terminal would show
 * when the line ends, so a tty-captured progress bar and a piped one read the
 * same.
 */
#include <ctype.h>
#include <math.h>
#include <string.h>

#include "parsers/clean.h"
#include "model/banned.h"

/* Skips an escape sequence at p (p[0] == ESC); returns its end, and sets *erase for ESC[K. */
static const char *skip_escape(const char *p, const char *end, int *erase)
{
    *erase = 0;
    if (p + 1 >= end)
        return end;
    if (p[1] == '[') {
        const char *q = p + 2;
        while (q < end && ((unsigned char)*q < 0x40 || (unsigned char)*q > 0x7e))
            q++;
        if (q < end) {
            *erase = *q == 'K';
            return q + 1;
        }
        return end;
    }
    if (p[1] == ']') { /* OSC: up to BEL or ESC \ */
        const char *q = p + 2;
        while (q < end && *q != '\a' && !(*q == 0x1b && q + 1 < end && q[1] == '\\'))
            q++;
        return q < end ? q + (*q == '\a' ? 1 : 2) : end;
    }
    return p + 2;
}

/*
 * The length of a leading timestamp and the space after it, or 0. A bracketed
 * one may be followed by another bracket instead of a space: hydra's logging
 * writes "[2022-11-23 13:43:12,403][train][INFO] - ...", and a bare one by a
 * colon and the level ("2020-02-23 11:32:10,448:INFO: ...").
 */
static size_t leading_time(const char *p, size_t n, struct br_time *t)
{
    size_t k;
    int bracket = n > 0 && p[0] == '[';

    k = br_time_parse(p + bracket, n - (size_t)bracket, t);
    if (k == 0)
        return 0;
    k += (size_t)bracket;
    if (bracket) {
        if (k >= n || p[k] != ']')
            return 0;
        k++;
        if (k < n && p[k] == '[')
            return k;
    }
    /* logging's "%(asctime)s:%(levelname)s: ..." ("2020-02-23 11:32:10,448:INFO: Epoch 1/5") */
    if (!bracket && k + 1 < n && p[k] == ':' && p[k + 1] >= 'A' && p[k + 1] <= 'Z')
        return k + 1;
    if (k < n && p[k] != ' ' && p[k] != '\t')
        return 0;
    while (k < n && (p[k] == ' ' || p[k] == '\t'))
        k++;
    return k;
}

void br_clean_line(const char *line, size_t len, struct br_buf *out, struct br_time *t)
{
    const char *p = line, *end = line + len;
    size_t cursor = 0, k;

    br_buf_reset(out);
    t->t = NAN;
    t->zoned = 0;
    t->whole = 0;
    /* one stray space before a date (a print(' ', ...) in the middle of a logging file);
     * tried on "2025-" only: a piped Keras bar starts with a space and a count */
    if (len > 6 && *p == ' ' && isdigit((unsigned char)p[1]) && isdigit((unsigned char)p[2]) &&
        isdigit((unsigned char)p[3]) && isdigit((unsigned char)p[4]) && p[5] == '-' &&
        (k = leading_time(p + 1, len - 1, t)) > 0)
        p += 1 + k;
    else if (len && (*p >= '0' && *p <= '9' ? 1 : *p == '[') && (k = leading_time(p, len, t)) > 0)
        p += k;
    else {
        t->t = NAN;
        t->whole = 0;
    }
    /* fast path: nothing to emulate */
    if (!memchr(p, '\r', (size_t)(end - p)) && !memchr(p, '\b', (size_t)(end - p)) &&
        !memchr(p, 0x1b, (size_t)(end - p))) {
        br_buf_add(out, p, (size_t)(end - p));
        return;
    }
    while (p < end) {
        char c = *p;
        if (c == '\r') {
            cursor = 0;
            p++;
        } else if (c == '\b') {
            if (cursor)
                cursor--;
            p++;
        } else if (c == 0x1b) {
            int erase;
            p = skip_escape(p, end, &erase);
            if (erase && cursor < out->len) {
                out->len = cursor;
                out->buf[cursor] = '\0';
            }
        } else {
            if (cursor < out->len) {
                out->buf[cursor] = c;
            } else {
                br_buf_addch(out, c);
            }
            cursor++;
            p++;
        }
    }
}
