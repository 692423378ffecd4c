/*
 * alloc.c: the die-on-failure allocators. Out of memory is the one error that
 * library code does not report through a diag: there is nothing sensible a
 * caller could do with it, and checking every allocation hides real logic.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "model/banned.h"

static void die_oom(size_t n)
{
    fprintf(stderr, "benchreport: fatal: out of memory allocating %zu bytes\n", n);
    abort();
}

void *br_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        die_oom(n);
    return p;
}

void *br_xcalloc(size_t nmemb, size_t size)
{
    void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);
    if (!p)
        die_oom(br_st_mult(nmemb, size));
    return p;
}

void *br_xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        die_oom(n);
    return q;
}

char *br_xstrndup(const char *s, size_t n)
{
    char *p = br_xmalloc(br_st_add(n, 1));
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *br_xstrdup(const char *s)
{
    return br_xstrndup(s, strlen(s));
}

size_t br_st_mult(size_t a, size_t b)
{
    if (b && a > SIZE_MAX / b) {
        fprintf(stderr, "benchreport: fatal: size overflow: %zu * %zu\n", a, b);
        abort();
    }
    return a * b;
}

size_t br_st_add(size_t a, size_t b)
{
    if (a > SIZE_MAX - b) {
        fprintf(stderr, "benchreport: fatal: size overflow: %zu + %zu\n", a, b);
        abort();
    }
    return a + b;
}
