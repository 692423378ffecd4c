#ifndef BR_BUF_H
#define BR_BUF_H
/*
 * A growable, always NUL-terminated byte buffer (git's strbuf). `buf` is
 * never NULL after any br_buf_* call, so it can be printed directly.
 */
#include <stdarg.h>
#include <stddef.h>

struct br_buf {
    char *buf;
    size_t len, alloc;
};
#define BR_BUF_INIT { 0 }

/* Makes room for `extra` more bytes (plus the NUL). */
void br_buf_grow(struct br_buf *b, size_t extra);
void br_buf_add(struct br_buf *b, const void *data, size_t n);
void br_buf_addstr(struct br_buf *b, const char *s);
void br_buf_addch(struct br_buf *b, char c);
void br_buf_addf(struct br_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void br_buf_vaddf(struct br_buf *b, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));
/* Empties the buffer but keeps its storage. */
void br_buf_reset(struct br_buf *b);
/* Frees the storage; the buffer is BR_BUF_INIT afterwards. */
void br_buf_release(struct br_buf *b);
/* Hands the storage to the caller (who frees it) and resets the buffer. */
char *br_buf_detach(struct br_buf *b);

#endif
