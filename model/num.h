#ifndef BR_NUM_H
#define BR_NUM_H
/*
 * Number scanning for the parsers' hot loops. The result is the double that
 * strtod would give (correctly rounded): a fast path covers the decimal
 * numbers that logs print, everything else goes through strtod.
 */
#include <stddef.h>

/*
 * Parses a decimal number at the start of [p, end): optional sign, digits,
 * optional fraction, optional exponent. A leading '.' is accepted (".08").
 * Returns the number of bytes consumed, or 0 when there is no number.
 * Never reads past `end`.
 */
size_t br_num_parse(const char *p, const char *end, double *out);

/*
 * br_num_parse for the common case, inline: unsigned digits, a '.', at most
 * 15 digits in all, no exponent. Returns 0 (caller falls back to
 * br_num_parse) for anything else. Same result as br_num_parse.
 */
static inline size_t br_num_parse_simple(const char *p, const char *end, double *out)
{
    static const double p10[] = { 1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8,
                                  1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15 };
    const char *s = p, *dot = NULL;
    unsigned long long m = 0;

    for (; p < end; p++) {
        unsigned d = (unsigned)(unsigned char)*p - '0';
        if (d < 10)
            m = m * 10 + d;
        else if (*p == '.' && !dot)
            dot = p;
        else
            break;
    }
    if (p - s > 16 || p == s || (dot && p - dot == 1) || (dot == s && p - s == 1) ||
        (p < end && (*p == 'e' || *p == 'E')))
        return 0;
    *out = dot ? (double)m / p10[p - dot - 1] : (double)m;
    return (size_t)(p - s);
}

/*
 * The value of one unit in the last digit of the number at the start of
 * [p, end), as br_num_parse reads it: 1 for "11", 0.01 for "3.21", 1e-4 for
 * "1.2e-3". NaN when there is no number.
 */
double br_num_resolution(const char *p, const char *end);

/*
 * Parses a whole field as a long: optional spaces, digits, optional spaces.
 * Returns 0, or -1 when the field is not exactly one integer in range.
 */
int br_long_parse(const char *p, const char *end, long *out);

/* qsort's comparison of two doubles, ascending (no NaN among them). */
int br_cmp_double(const void *a, const void *b);

#endif
