/* buf.c: the growable byte buffer; every growth goes through BR_GROW. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "model/buf.h"
#include "model/banned.h"

static char empty_buf[1];

static void ensure(struct br_buf *b)
{
    if (!b->buf)
        b->buf = empty_buf;
}

void br_buf_grow(struct br_buf *b, size_t extra)
{
    size_t need = br_st_add(br_st_add(b->len, extra), 1);
    if (b->alloc == 0)
        b->buf = NULL;
    BR_GROW(b->buf, need, b->alloc);
}

void br_buf_add(struct br_buf *b, const void *data, size_t n)
{
    br_buf_grow(b, n);
    memcpy(b->buf + b->len, data, n);
    b->len += n;
    b->buf[b->len] = '\0';
}

void br_buf_addstr(struct br_buf *b, const char *s)
{
    br_buf_add(b, s, strlen(s));
}

void br_buf_addch(struct br_buf *b, char c)
{
    br_buf_add(b, &c, 1);
}

void br_buf_vaddf(struct br_buf *b, const char *fmt, va_list ap)
{
    va_list cp;
    int n;

    va_copy(cp, ap);
    n = vsnprintf(NULL, 0, fmt, cp);
    va_end(cp);
    if (n < 0) {
        ensure(b);
        return;
    }
    br_buf_grow(b, (size_t)n);
    vsnprintf(b->buf + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
}

void br_buf_addf(struct br_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    br_buf_vaddf(b, fmt, ap);
    va_end(ap);
}

void br_buf_reset(struct br_buf *b)
{
    b->len = 0;
    if (b->alloc)
        b->buf[0] = '\0';
    else
        ensure(b);
}

void br_buf_release(struct br_buf *b)
{
    if (b->alloc)
        free(b->buf);
    b->buf = NULL;
    b->len = b->alloc = 0;
}

char *br_buf_detach(struct br_buf *b)
{
    char *p = b->alloc ? b->buf : br_xstrdup("");
    b->buf = NULL;
    b->len = b->alloc = 0;
    return p;
}
