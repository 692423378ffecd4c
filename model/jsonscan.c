/*
 * jsonscan.c: a validating skipper. br_json_value_len() walks one value
 * (recursing into arrays and objects, depth-capped so that hostile input
 * cannot blow the stack), which is all a key lookup needs.
 */
#include <math.h>
#include <string.h>

#include "model/jsonscan.h"
#include "model/num.h"
#include "model/banned.h"

#define BR_JSON_MAX_DEPTH_SCAN 64

static const char *ws(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
        p++;
    return p;
}

static const char *string_end(const char *p, const char *end)
{
    p++;
    while (p < end && *p != '"') {
        if (*p == '\\')
            p++;
        p++;
    }
    return p < end ? p + 1 : NULL;
}

static const char *value_end(const char *p, const char *end, int depth);

/* The words Python's json module writes for non-finite floats. */
static const char *const nonfinite_words[] = { "NaN", "Infinity", "-Infinity" };

static int is_word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_';
}

/* The length of the non-finite word at p, or 0. */
static size_t nonfinite_len(const char *p, const char *end)
{
    for (size_t i = 0; i < sizeof(nonfinite_words) / sizeof(nonfinite_words[0]); i++) {
        size_t n = strlen(nonfinite_words[i]);
        if ((size_t)(end - p) >= n && !memcmp(p, nonfinite_words[i], n) &&
            (p + n == end || !is_word_char(p[n])))
            return n;
    }
    return 0;
}

static const char *container_end(const char *p, const char *end, int depth, char close)
{
    int first = 1;

    p = ws(p + 1, end);
    if (p < end && *p == close)
        return p + 1;
    while (p < end) {
        if (!first) {
            if (*p == close)
                return p + 1;
            if (*p != ',')
                return NULL;
            p = ws(p + 1, end);
        }
        first = 0;
        if (close == '}') {
            if (p >= end || *p != '"' || !(p = string_end(p, end)))
                return NULL;
            p = ws(p, end);
            if (p >= end || *p != ':')
                return NULL;
            p = ws(p + 1, end);
        }
        if (!(p = value_end(p, end, depth + 1)))
            return NULL;
        p = ws(p, end);
    }
    return NULL;
}

static const char *value_end(const char *p, const char *end, int depth)
{
    if (p >= end || depth > BR_JSON_MAX_DEPTH_SCAN)
        return NULL;
    switch (*p) {
    case '"':
        return string_end(p, end);
    case '{':
        return container_end(p, end, depth, '}');
    case '[':
        return container_end(p, end, depth, ']');
    default: {
        const char *q = p;
        size_t w = nonfinite_len(p, end);
        if (w)
            return p + w;
        while (q < end && (*q == '-' || *q == '+' || *q == '.' || *q == 'e' || *q == 'E' ||
                           (*q >= '0' && *q <= '9') || (*q >= 'a' && *q <= 'z')))
            q++;
        return q > p ? q : NULL;
    }
    }
}

int br_json_number(struct br_jspan s, double *v)
{
    static const double values[] = { NAN, INFINITY, -INFINITY };

    for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++)
        if (s.n == strlen(nonfinite_words[i]) && !memcmp(s.p, nonfinite_words[i], s.n)) {
            *v = values[i];
            return 1;
        }
    return s.n && br_num_parse(s.p, s.p + s.n, v) == s.n;
}

size_t br_json_value_len(const char *p, const char *end)
{
    const char *q = value_end(p, end, 0);
    return q ? (size_t)(q - p) : 0;
}

int br_json_get(const char *p, size_t n, const char *key, struct br_jspan *out,
                const char **err, size_t *errpos)
{
    const char *s = p, *end = p + n;
    size_t klen = strlen(key);
    int first = 1;

#define FAIL(msg) do { *err = (msg); *errpos = (size_t)(p - s); return -1; } while (0)
    p = ws(p, end);
    if (p >= end || *p != '{')
        FAIL("expected '{'");
    p = ws(p + 1, end);
    if (p < end && *p == '}')
        return 0;
    while (p < end) {
        const char *k, *ke, *v;
        if (!first) {
            if (*p == '}')
                return 0;
            if (*p != ',')
                FAIL("expected ',' or '}'");
            p = ws(p + 1, end);
        }
        first = 0;
        if (p >= end || *p != '"')
            FAIL("expected a key");
        k = p + 1;
        if (!(ke = string_end(p, end)))
            FAIL("unterminated string");
        p = ws(ke, end);
        if (p >= end || *p != ':')
            FAIL("expected ':'");
        p = ws(p + 1, end);
        v = p;
        if (!(p = value_end(v, end, 1))) {
            p = v;             /* the error is at the value that does not parse */
            FAIL("bad value");
        }
        if ((size_t)(ke - 1 - k) == klen && !memcmp(k, key, klen)) {
            out->p = v;
            out->n = (size_t)(p - v);
            return 1;
        }
        p = ws(p, end);
    }
    FAIL("unterminated object");
#undef FAIL
}

int br_json_next_member(const char *p, size_t n, size_t *pos, struct br_jspan *key,
                        struct br_jspan *val)
{
    const char *end = p + n, *q = ws(p + *pos, end), *ke, *v;

    if (q >= end)
        return -1;
    if (*pos == 0) {
        if (*q != '{')
            return -1;
        q = ws(q + 1, end);
        if (q < end && *q == '}')
            return 0;
    } else if (*q == '}') {
        return 0;
    } else if (*q != ',') {
        return -1;
    } else {
        q = ws(q + 1, end);
    }
    if (q >= end || *q != '"' || !(ke = string_end(q, end)))
        return -1;
    key->p = q + 1;
    key->n = (size_t)(ke - 1 - key->p);
    q = ws(ke, end);
    if (q >= end || *q != ':')
        return -1;
    q = ws(q + 1, end);
    if (!(v = value_end(q, end, 1)))
        return -1;
    val->p = q;
    val->n = (size_t)(v - q);
    *pos = (size_t)(v - p);
    return 1;
}

struct br_jspan br_jspan_unquote(struct br_jspan s)
{
    if (s.n >= 2 && s.p[0] == '"' && s.p[s.n - 1] == '"') {
        s.p++;
        s.n -= 2;
    }
    return s;
}
