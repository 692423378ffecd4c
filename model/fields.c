/*
 * fields.c: splitting a line at blanks or at a separator (fields.h).
 */
#include <string.h>

#include "model/fields.h"
#include "model/banned.h"

static int blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

size_t br_split_blanks(const char *line, size_t len, struct br_field *f, size_t max)
{
    size_t n = 0, i = 0;

    while (i < len) {
        while (i < len && blank(line[i]))
            i++;
        if (i == len)
            break;
        if (n == max)
            return max + 1;
        f[n].p = line + i;
        f[n].col = (unsigned)i + 1;
        while (i < len && !blank(line[i]))
            i++;
        f[n].n = (size_t)(line + i - f[n].p);
        n++;
    }
    return n;
}

/* The closing quote of the quoted field opening at q (a doubled "" is a quote in it), or NULL. */
static const char *closing_quote(const char *q, const char *end)
{
    for (q++; q < end; q++)
        if (*q == '"') {
            if (q + 1 < end && q[1] == '"')
                q++;
            else
                return q;
        }
    return NULL;
}

size_t br_split_sep(const char *line, size_t len, char sep, struct br_field *f, size_t max)
{
    const char *p = line, *end = line + len;
    size_t nf = 0;

    for (;;) {
        const char *fp = p, *from, *c, *fe;

        /* (a tab that separates is no blank: "1\t\t\t2" has two empty fields) */
        while (fp < end && (*fp == ' ' || *fp == '\t') && *fp != sep)
            fp++;
        from = fp < end && *fp == '"' ? closing_quote(fp, end) : NULL;
        from = from ? from : p;
        c = memchr(from, sep, (size_t)(end - from));
        fe = c ? c : end;
        while (fe > fp && (fe[-1] == ' ' || fe[-1] == '\t' || (!c && fe[-1] == '\r')))
            fe--;
        if (fe - fp >= 2 && *fp == '"' && fe[-1] == '"') {
            fp++;
            fe--;
            /* the padding inside: Intel Power Gadget quotes its cells, "  47.452" */
            while (fp < fe && (*fp == ' ' || *fp == '\t'))
                fp++;
            while (fe > fp && (fe[-1] == ' ' || fe[-1] == '\t'))
                fe--;
        }
        if (nf == max)
            return max + 1;
        f[nf].p = fp;
        f[nf].n = (size_t)(fe - fp);
        f[nf].col = (unsigned)(fp - line) + 1;
        nf++;
        if (!c)
            return nf;
        p = c + 1;
    }
}

size_t br_blanks(const char *line, size_t len)
{
    size_t i = 0;

    while (i < len && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
        i++;
    return i;
}
