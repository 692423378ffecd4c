/*
 * decimal.c: which decimal mark a log writes, and numbers written with a
 * comma. A comma between digits is a thousands separator when a group of one
 * to three digits (not starting with 0) or a middle group is followed by
 * exactly three digits; any other is a decimal comma or a list.
 */
#include <ctype.h>
#include <string.h>

#include "model/num.h"
#include "parsers/decimal.h"
#include "model/banned.h"

static int digit(char c)
{
    return c >= '0' && c <= '9';
}

/* s[i] == ',' is shaped like a thousands separator: "2,982,385", "1,234". */
static int thousands_shaped(const char *s, size_t n, size_t i)
{
    size_t g = i;

    if (!(i + 3 < n && digit(s[i + 1]) && digit(s[i + 2]) && digit(s[i + 3]) &&
          (i + 4 == n || !digit(s[i + 4]))))
        return 0;
    while (g && digit(s[g - 1]))
        g--;
    if (i - g == 3 && g && s[g - 1] == ',')
        return 1; /* a middle group */
    return i > g && i - g <= 3 && s[g] != '0';
}

int br_decmark_comma(const char *s, size_t n, size_t i)
{
    return i < n && s[i] == ',' && i && digit(s[i - 1]) && i + 1 < n && digit(s[i + 1]) &&
           !thousands_shaped(s, n, i);
}

/*
 * The number-like token at s[i] (digits, '.' and ','): counts a decimal
 * point or a decimal comma in *dots / *commas. Returns the token's end.
 */
static size_t census_token(const char *s, size_t n, size_t i, unsigned *dots, unsigned *commas)
{
    size_t j = i, ndot = 0, ncomma = 0, comma_at = 0;
    int glued = i && (isalpha((unsigned char)s[i - 1]) || s[i - 1] == '_' || s[i - 1] == ':' ||
                      s[i - 1] == '.' || s[i - 1] == ',');

    while (j < n && (digit(s[j]) || ((s[j] == '.' || s[j] == ',') && j + 1 < n &&
                                      digit(s[j + 1])))) {
        if (s[j] == '.')
            ndot++;
        else if (s[j] == ',') {
            ncomma++;
            comma_at = j;
        }
        j++;
    }
    if (glued)
        return j; /* "v1.2", "cu118", a clock's "10:00:00,123" */
    if (ndot == 1 && !ncomma)
        (*dots)++;
    else if (ncomma == 1 && !ndot && br_decmark_comma(s, j, comma_at))
        (*commas)++;
    return j;
}

enum br_decmark br_decmark_judge(const char *text, size_t n)
{
    unsigned dots = 0, commas = 0;

    for (size_t i = 0; i < n;) {
        if (digit(text[i]) && !(i && digit(text[i - 1])))
            i = census_token(text, n, i, &dots, &commas);
        else
            i++;
    }
    return commas >= 2 && !dots ? BR_DEC_COMMA : BR_DEC_POINT;
}

size_t br_num_parse_comma(const char *p, const char *end, double *out)
{
    char tmp[64];
    size_t k = 0, n = (size_t)(end - p), comma = 0;

    if (k < n && (p[k] == '-' || p[k] == '+'))
        k++;
    if (!(k < n && digit(p[k])))
        return 0;
    while (k < n && digit(p[k]))
        k++;
    if (k + 1 < n && p[k] == ',' && digit(p[k + 1])) {
        comma = k++;
        while (k < n && digit(p[k]))
            k++;
        if (k + 1 < n && p[k] == ',' && digit(p[k + 1]))
            return 0; /* "2,982,385": groups of thousands, not a decimal */
    }
    if (!comma || (k < n && p[k] == '.'))
        return br_num_parse(p, end, out);
    if (k + 1 < n && (p[k] == 'e' || p[k] == 'E')) {
        size_t e = k + 1;
        if (e < n && (p[e] == '-' || p[e] == '+'))
            e++;
        if (e < n && digit(p[e])) {
            while (e < n && digit(p[e]))
                e++;
            k = e;
        }
    }
    if (k >= sizeof(tmp))
        return 0;
    memcpy(tmp, p, k);
    tmp[comma] = '.';
    return br_num_parse(tmp, tmp + k, out) == k ? k : 0;
}

size_t br_num_parse_grouped(const char *p, const char *end, char group, char mark,
                            double *out)
{
    char tmp[64];
    size_t k = 0, n = (size_t)(end - p), m = 0, lead = 0, groups = 0;

    if (n >= sizeof(tmp))
        return 0;
    if (k < n && (p[k] == '-' || p[k] == '+'))
        tmp[m++] = p[k++];
    for (; k < n && digit(p[k]) && lead < 4; lead++)
        tmp[m++] = p[k++];
    if (lead < 1 || lead > 3 || p[k - lead] == '0')
        return 0;
    while (k + 3 < n && p[k] == group && digit(p[k + 1]) && digit(p[k + 2]) &&
           digit(p[k + 3])) {
        memcpy(tmp + m, p + k + 1, 3);
        m += 3;
        k += 4;
        groups++;
    }
    if (!groups || (k < n && digit(p[k])))
        return 0;
    if (k + 1 < n && p[k] == mark && digit(p[k + 1])) {
        tmp[m++] = '.';
        for (k++; k < n && digit(p[k]);)
            tmp[m++] = p[k++];
    }
    if (k != n)
        return 0;
    return br_num_parse(tmp, tmp + m, out) == m ? n : 0;
}
