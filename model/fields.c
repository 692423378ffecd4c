/*
 * fields.c: splitting a line at blanks (fields.h).
 */
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
