#ifndef BR_DIAG_H
#define BR_DIAG_H
/*
 * Diagnostics: what went wrong, and where (path:line:col). Library code
 * never prints; it fills a br_diag (one error, returned with -1) or appends
 * to a br_diags list (the warnings and errors of one input file, which a
 * parser collects while it goes on reading). cli/ prints them as
 *     path:line:col: error: message
 * Line and column are 1-based; 0 means "not known" and is not printed.
 */
#include <stdarg.h>
#include <stddef.h>

enum br_severity { BR_NOTE, BR_WARNING, BR_ERROR };

#define BR_DIAG_MSG 512   /* a warning naming a long model name and its reason stays whole */

struct br_diag {
    const char *path;
    unsigned line, col;
    enum br_severity severity;
    char msg[BR_DIAG_MSG];
};

/*
 * Sets `d` to an error at line:col with a printf message, and returns -1, so
 * that reporting and returning take one line:
 *     return br_diag_set(d, ln, 1, "expected %d fields, got %d", want, nf);
 * `d` may be NULL (the message is dropped).
 */
int br_diag_set(struct br_diag *d, unsigned line, unsigned col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* The most diagnostics kept per file; later ones are only counted. */
#define BR_MAX_DIAGS 100

struct br_diags {
    struct br_diag *v;
    size_t nr, alloc;
    size_t dropped;      /* diagnostics past BR_MAX_DIAGS */
    size_t nerrors;      /* errors, kept or dropped */
    size_t nwarnings;    /* warnings, kept or dropped */
};
#define BR_DIAGS_INIT { 0 }

/* Appends one diagnostic; `path` is borrowed and must outlive the list. */
void br_diags_add(struct br_diags *l, const char *path, enum br_severity sev, unsigned line,
                  unsigned col, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
void br_diags_vadd(struct br_diags *l, const char *path, enum br_severity sev, unsigned line,
                   unsigned col, const char *fmt, va_list ap) __attribute__((format(printf, 6, 0)));
/* Appends a copy of `d` with severity `sev`. */
void br_diags_push(struct br_diags *l, const struct br_diag *d, enum br_severity sev);
void br_diags_release(struct br_diags *l);

/* "error", "warning" or "note". */
const char *br_severity_name(enum br_severity sev);

#endif
