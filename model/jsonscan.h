#ifndef BR_JSONSCAN_H
#define BR_JSONSCAN_H
/*
 * A small JSON reader for one-line records (MLPerf's `:::MLLOG {...}`): it
 * finds the value of a key in an object without building a tree. Values are
 * returned as spans of the input; strings still carry their quotes. Python's
 * json module writes non-finite floats as the bare words NaN, Infinity and
 * -Infinity (MLPerf's `"value": NaN`, a Trainer's `"grad_norm": NaN`); they
 * are read as values.
 */
#include <stddef.h>

struct br_jspan {
    const char *p;
    size_t n;
};

/*
 * Finds key `key` among the members of the object at [p, p+n) (p at '{').
 * Returns 1 and its value's span, 0 when the key is absent, -1 when the text
 * is not a well-formed object (*err then says why, at *errpos).
 */
int br_json_get(const char *p, size_t n, const char *key, struct br_jspan *out,
                const char **err, size_t *errpos);

/*
 * Steps through the members of the object at [p, p+n) (p at '{'), in order.
 * *pos is 0 for the first member and is moved past each one read. Returns 1
 * with the member's key (without its quotes) and value spans, 0 after the
 * last member, -1 when the text is not a well-formed object there.
 */
int br_json_next_member(const char *p, size_t n, size_t *pos, struct br_jspan *key,
                        struct br_jspan *val);

/* The length of the well-formed JSON value at p, or 0. Depth is capped at 64. */
size_t br_json_value_len(const char *p, const char *end);

/*
 * A number value: JSON's, or NaN, Infinity, -Infinity as Python writes them.
 * 1 with *v, 0 when the span is not a number.
 */
int br_json_number(struct br_jspan s, double *v);

/* A string span's contents (without quotes, escapes left as they are). */
struct br_jspan br_jspan_unquote(struct br_jspan s);

#endif
