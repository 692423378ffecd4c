#ifndef BR_JSON_H
#define BR_JSON_H
/*
 * A streaming JSON writer: keeps the comma state of each open container so
 * that callers write values in order and never punctuation. Output is compact
 * JSON on one line with a space after ':' and ',' (readable, and stable for
 * golden tests). NaN and infinities are written as null.
 */
#include <stdio.h>

#define BR_JSON_MAX_DEPTH 32

struct br_json {
    FILE *f;
    int depth;
    int count[BR_JSON_MAX_DEPTH];   /* values written in each open container */
    int after_key;
};

void br_json_init(struct br_json *j, FILE *f);
void br_json_object(struct br_json *j);      /* { */
void br_json_array(struct br_json *j);       /* [ */
void br_json_end(struct br_json *j, char c); /* '}' or ']' */
void br_json_key(struct br_json *j, const char *key);
void br_json_str(struct br_json *j, const char *s);   /* NULL -> null */
void br_json_strn(struct br_json *j, const char *s, size_t n);
void br_json_num(struct br_json *j, double v);        /* shortest round-trip form */
/* A number already formatted (by br_num_round); "" or NULL -> null. */
void br_json_numstr(struct br_json *j, const char *s);
void br_json_int(struct br_json *j, long long v);
void br_json_bool(struct br_json *j, int v);
void br_json_null(struct br_json *j);

/* Writes `v` in the shortest %g form that reads back as the same double. */
void br_fmt_double(char *out, size_t size, double v);

#endif
