/* json.c: the streaming JSON writer. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/json.h"
#include "model/utf8.h"
#include "model/banned.h"

void br_json_init(struct br_json *j, FILE *f)
{
    memset(j, 0, sizeof(*j));
    j->f = f;
}

static void sep(struct br_json *j)
{
    if (j->after_key) {
        j->after_key = 0;
        return;
    }
    if (j->depth > 0 && j->count[j->depth - 1]++ > 0)
        fputs(", ", j->f);
}

static void open_c(struct br_json *j, char c)
{
    sep(j);
    fputc(c, j->f);
    if (j->depth < BR_JSON_MAX_DEPTH)
        j->count[j->depth] = 0;
    j->depth++;
}

void br_json_object(struct br_json *j)
{
    open_c(j, '{');
}

void br_json_array(struct br_json *j)
{
    open_c(j, '[');
}

void br_json_end(struct br_json *j, char c)
{
    if (j->depth > 0)
        j->depth--;
    fputc(c, j->f);
}

void br_json_strn(struct br_json *j, const char *s, size_t n)
{
    sep(j);
    fputc('"', j->f);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        size_t len = c < 0x80 ? 1 : br_utf8_len((const unsigned char *)s + i, n - i);
        if (len == 0) {
            fputs("\\ufffd", j->f);   /* JSON is UTF-8: a stray byte becomes U+FFFD */
        } else if (len > 1) {
            fwrite(s + i, 1, len, j->f);
            i += len - 1;
        } else if (c == '"' || c == '\\')
            fprintf(j->f, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", j->f);
        else if (c == '\t')
            fputs("\\t", j->f);
        else if (c == '\r')
            fputs("\\r", j->f);
        else if (c < 0x20 || c == 0x7f)
            fprintf(j->f, "\\u%04x", c);
        else
            fputc(c, j->f);
    }
    fputc('"', j->f);
}

void br_json_str(struct br_json *j, const char *s)
{
    if (!s)
        br_json_null(j);
    else
        br_json_strn(j, s, strlen(s));
}

void br_json_key(struct br_json *j, const char *key)
{
    br_json_str(j, key);
    fputs(": ", j->f);
    j->after_key = 1;
}

void br_fmt_double(char *out, size_t size, double v)
{
    for (int prec = 6; prec <= 17; prec++) {
        snprintf(out, size, "%.*g", prec, v);
        if (strtod(out, NULL) == v)
            return;
    }
}

void br_json_num(struct br_json *j, double v)
{
    char buf[40];
    if (!isfinite(v)) {
        br_json_null(j);
        return;
    }
    br_fmt_double(buf, sizeof(buf), v);
    sep(j);
    fputs(buf, j->f);
}

void br_json_numstr(struct br_json *j, const char *s)
{
    if (!s || !*s) {
        br_json_null(j);
        return;
    }
    sep(j);
    fputs(s, j->f);
}

void br_json_int(struct br_json *j, long long v)
{
    sep(j);
    fprintf(j->f, "%lld", v);
}

void br_json_bool(struct br_json *j, int v)
{
    sep(j);
    fputs(v ? "true" : "false", j->f);
}

void br_json_null(struct br_json *j)
{
    sep(j);
    fputs("null", j->f);
}
