/*
 * arena.c: blocks chained newest first, the first one small and each next
 * one twice the last, up to 16 KiB: most arenas (one per trace, run and
 * manifest) hold a few names, and a directory of 100,000 small files must
 * not cost 16 KiB a file. A request larger than a block gets a block of its
 * own, so big strings do not waste the rest of a shared block.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "model/arena.h"
#include "model/banned.h"

#define ARENA_BLOCK (16u * 1024u)
#define ARENA_FIRST 256u
#define ARENA_ALIGN 16u

struct br_arena_block {
    struct br_arena_block *next;
    size_t used, size;
    _Alignas(16) unsigned char data[];
};

void *br_arena_alloc(struct br_arena *a, size_t n)
{
    struct br_arena_block *b = a->head;
    size_t need = br_st_add(n, ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
    void *p;

    if (!b || b->size - b->used < need) {
        size_t grow = !b ? ARENA_FIRST : b->size >= ARENA_BLOCK / 2 ? ARENA_BLOCK : 2 * b->size;
        size_t size = need > grow ? need : grow;
        b = br_xmalloc(br_st_add(sizeof(*b), size));
        b->used = 0;
        b->size = size;
        b->next = a->head;
        a->head = b;
    }
    p = b->data + b->used;
    b->used += need;
    return p;
}

char *br_arena_strndup(struct br_arena *a, const char *s, size_t n)
{
    char *p = br_arena_alloc(a, br_st_add(n, 1));
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *br_arena_strdup(struct br_arena *a, const char *s)
{
    return br_arena_strndup(a, s, strlen(s));
}

char *br_arena_printf(struct br_arena *a, const char *fmt, ...)
{
    va_list ap;
    int n;
    char *p;

    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return br_arena_strdup(a, "");
    p = br_arena_alloc(a, (size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return p;
}

void br_arena_release(struct br_arena *a)
{
    struct br_arena_block *b = a->head;
    while (b) {
        struct br_arena_block *next = b->next;
        free(b);
        b = next;
    }
    a->head = NULL;
}
