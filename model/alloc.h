#ifndef BR_ALLOC_H
#define BR_ALLOC_H
/*
 * Allocation that cannot fail: on out of memory these print one line to
 * stderr and abort() (git's xmalloc). Never check their result for NULL.
 * This is the only place library code may print.
 */
#include <stddef.h>

void *br_xmalloc(size_t n);
void *br_xcalloc(size_t nmemb, size_t size);
void *br_xrealloc(void *p, size_t n);
char *br_xstrdup(const char *s);
char *br_xstrndup(const char *s, size_t n);

/* a * b, aborting on size_t overflow. */
size_t br_st_mult(size_t a, size_t b);
/* a + b, aborting on size_t overflow. */
size_t br_st_add(size_t a, size_t b);

/*
 * Grow array `x` (of `alloc` elements) so that it holds at least `nr`
 * elements; `alloc` is updated. Growth is geometric (x1.5 + 16), and
 * overflow-checked: it dies rather than wraps.
 */
#define BR_GROW(x, nr, alloc)                                                   \
    do {                                                                        \
        if ((nr) > (alloc)) {                                                   \
            size_t br_n_ = br_st_add((alloc), (alloc) / 2 + 16);                \
            if (br_n_ < (nr))                                                   \
                br_n_ = (nr);                                                   \
            (x) = br_xrealloc((x), br_st_mult(br_n_, sizeof(*(x))));            \
            (alloc) = br_n_;                                                    \
        }                                                                       \
    } while (0)

#endif
