/*
 * num.c: Clinger's fast path. A mantissa of at most 19 digits that fits in
 * 53 bits, scaled by an exact power of ten up to 1e22, rounds correctly with
 * one multiplication or division; anything else is handed to strtod on a
 * bounded, NUL-terminated copy.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model/num.h"
#include "model/banned.h"

static const double pow10_exact[] = {
    1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

static size_t slow_path(const char *p, size_t n, double *out)
{
    char tmp[96];
    char *endp;

    if (n >= sizeof(tmp))
        return 0;
    memcpy(tmp, p, n);
    tmp[n] = '\0';
    errno = 0;
    *out = strtod(tmp, &endp);
    /* underflow to a denormal or zero is a value; overflow to infinity is not */
    if (endp != tmp + n || (errno == ERANGE && isinf(*out)))
        return 0;
    return n;
}

size_t br_num_parse(const char *p, const char *end, double *out)
{
    const char *s = p, *digits_start, *frac_start = NULL;
    uint64_t mant = 0;
    int nint, nfrac = 0, exp = 0, neg = 0;

    if (p < end && (*p == '-' || *p == '+')) {
        neg = *p == '-';
        p++;
    }
    digits_start = p;
    while (p < end && (unsigned)(*p - '0') < 10)
        mant = mant * 10 + (uint64_t)(*p++ - '0');
    nint = (int)(p - digits_start);
    if (p < end && *p == '.') {
        frac_start = ++p;
        while (p < end && (unsigned)(*p - '0') < 10)
            mant = mant * 10 + (uint64_t)(*p++ - '0');
        nfrac = (int)(p - frac_start);
    }
    if (nint + nfrac == 0)
        return 0;
    if (p < end && (*p == 'e' || *p == 'E')) {
        const char *q = p + 1;
        int eneg = 0, ev = 0, edig = 0;
        if (q < end && (*q == '-' || *q == '+')) {
            eneg = *q == '-';
            q++;
        }
        while (q < end && (unsigned)(*q - '0') < 10) {
            if (ev < 10000)
                ev = ev * 10 + (*q - '0');
            q++;
            edig = 1;
        }
        if (edig) {
            exp = eneg ? -ev : ev;
            p = q;
        }
    }
    exp -= nfrac;
    /* at most 18 digits cannot overflow the mantissa; 2^53 keeps it exact */
    if (nint + nfrac <= 18 && mant < ((uint64_t)1 << 53) && exp >= -22 && exp <= 22) {
        double v = (double)mant;
        v = exp >= 0 ? v * pow10_exact[exp] : v / pow10_exact[-exp];
        *out = neg ? -v : v;
        return (size_t)(p - s);
    }
    return slow_path(s, (size_t)(p - s), out);
}

int br_long_parse(const char *p, const char *end, long *out)
{
    long v = 0;
    int any = 0, neg = 0;

    while (p < end && *p == ' ')
        p++;
    if (p < end && *p == '-') {
        neg = 1;
        p++;
    }
    while (p < end && (unsigned)(*p - '0') < 10) {
        if (v > (LONG_MAX - 9) / 10)
            return -1;
        v = v * 10 + (*p++ - '0');
        any = 1;
    }
    while (p < end && *p == ' ')
        p++;
    if (!any || p != end)
        return -1;
    *out = neg ? -v : v;
    return 0;
}

double br_num_resolution(const char *p, const char *end)
{
    long digits = 0, exp = 0;
    int any = 0, frac = 0;

    if (p < end && (*p == '-' || *p == '+'))
        p++;
    for (; p < end; p++) {
        if ((unsigned)(*p - '0') < 10) {
            any = 1;
            digits += frac;
        } else if (*p == '.' && !frac && p + 1 < end &&
                   (unsigned)(p[1] - '0') < 10) {
            frac = 1;
        } else {
            break;
        }
    }
    if (!any)
        return NAN;
    if (p + 1 < end && (*p == 'e' || *p == 'E')) {
        const char *q = p + 1;
        int neg = 0;
        if (q < end && (*q == '-' || *q == '+'))
            neg = *q++ == '-';
        for (; q < end && (unsigned)(*q - '0') < 10 && exp < 400; q++)
            exp = exp * 10 + (*q - '0');
        if (neg)
            exp = -exp;
    }
    return pow(10, (double)(exp - digits));
}

int br_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}
