/* hwname.c: short device names from hardware strings (hwname.h). */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "model/hwname.h"
#include "model/banned.h"

#define WORDS_MAX 16

struct word {
    const char *p;
    size_t n;
};

static int is(const struct word *w, const char *s)
{
    return strlen(s) == w->n && !strncasecmp(w->p, s, w->n);
}

static int has_digit(const struct word *w)
{
    for (size_t i = 0; i < w->n; i++)
        if (isdigit((unsigned char)w->p[i]))
            return 1;
    return 0;
}

static int all_digits(const struct word *w)
{
    for (size_t i = 0; i < w->n; i++)
        if (!isdigit((unsigned char)w->p[i]))
            return 0;
    return w->n > 0;
}

static size_t split(const char *s, struct word *w)
{
    size_t n = 0;

    while (*s && n < WORDS_MAX) {
        while (*s && (isspace((unsigned char)*s) || *s == ',' || *s == '(' || *s == ')'))
            s++;
        if (!*s)
            break;
        w[n].p = s;
        while (*s && !isspace((unsigned char)*s) && *s != ',' && *s != '(' && *s != ')')
            s++;
        w[n].n = (size_t)(s - w[n].p);
        n++;
    }
    return n;
}

/* Appends the word (up to its first '-') in lower case. */
static void add(char *out, size_t size, size_t *len, const struct word *w)
{
    for (size_t i = 0; i < w->n && w->p[i] != '-' && *len + 1 < size; i++)
        out[(*len)++] = (char)tolower((unsigned char)w->p[i]);
    out[*len] = '\0';
}

int br_hw_short(const char *hw, char *out, size_t size)
{
    static const char *const suffixes[] = { "max", "pro", "ultra", "ti", "super" };
    struct word w[WORDS_MAX];
    size_t n = split(hw ? hw : "", w), len = 0, k;

    if (size)
        out[0] = '\0';
    for (k = 0; k < n && !has_digit(&w[k]); k++)
        ;
    if (k == n || !size)
        return 0;
    if (all_digits(&w[k]) && k > 0 && w[k - 1].n <= 3 && !has_digit(&w[k - 1]))
        add(out, size, &len, &w[k - 1]);
    add(out, size, &len, &w[k]);
    for (size_t i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++)
        if (k + 1 < n && is(&w[k + 1], suffixes[i]))
            add(out, size, &len, &w[k + 1]);
    return len > 0;
}
