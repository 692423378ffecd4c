/* utf8.c: the well-formedness table of Unicode 15, section 3.9 (table 3-7). */
#include "model/utf8.h"
#include "model/banned.h"

size_t br_utf8_len(const unsigned char *p, size_t n)
{
    unsigned char c = p[0], lo = 0x80, hi = 0xbf;
    size_t len;

    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf)
        len = 2;
    else if (c >= 0xe0 && c <= 0xef)
        len = 3;
    else if (c >= 0xf0 && c <= 0xf4)
        len = 4;
    else
        return 0;
    if (c == 0xe0)
        lo = 0xa0;
    else if (c == 0xed)
        hi = 0x9f;   /* no surrogates */
    else if (c == 0xf0)
        lo = 0x90;
    else if (c == 0xf4)
        hi = 0x8f;   /* nothing past U+10FFFF */
    if (n < len || p[1] < lo || p[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if (p[i] < 0x80 || p[i] > 0xbf)
            return 0;
    return len;
}

int br_utf8_is_control(const unsigned char *p, size_t len)
{
    if (len == 1)
        return p[0] < 0x20 || p[0] == 0x7f;
    return len == 2 && p[0] == 0xc2 && p[1] < 0xa0;
}

size_t br_utf8_put(char *d, unsigned cp)
{
    if (cp < 0x80) {
        d[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        d[0] = (char)(0xc0 | cp >> 6);
        d[1] = (char)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        d[0] = (char)(0xe0 | cp >> 12);
        d[1] = (char)(0x80 | (cp >> 6 & 0x3f));
        d[2] = (char)(0x80 | (cp & 0x3f));
        return 3;
    }
    d[0] = (char)(0xf0 | cp >> 18);
    d[1] = (char)(0x80 | (cp >> 12 & 0x3f));
    d[2] = (char)(0x80 | (cp >> 6 & 0x3f));
    d[3] = (char)(0x80 | (cp & 0x3f));
    return 4;
}
