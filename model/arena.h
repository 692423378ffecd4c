#ifndef BR_ARENA_H
#define BR_ARENA_H
/*
 * A bump allocator for the strings and small records of one input file (git's
 * mem-pool). Everything allocated from an arena lives until the arena is
 * released; there is no per-object free.
 */
#include <stddef.h>

struct br_arena_block;

struct br_arena {
    struct br_arena_block *head;
};
#define BR_ARENA_INIT { 0 }

/* Returns `n` bytes aligned for any object; never NULL (dies on OOM). */
void *br_arena_alloc(struct br_arena *a, size_t n);
/* Copies `n` bytes of `s` and a terminating NUL into the arena. */
char *br_arena_strndup(struct br_arena *a, const char *s, size_t n);
char *br_arena_strdup(struct br_arena *a, const char *s);
/* printf into the arena. */
char *br_arena_printf(struct br_arena *a, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Frees every block; the arena is empty and reusable afterwards. */
void br_arena_release(struct br_arena *a);

#endif
