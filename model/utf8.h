#ifndef BR_UTF8_H
#define BR_UTF8_H
/*
 * UTF-8 checks for the writers that must not pass input bytes through as
 * they came: JSON (which must be valid UTF-8) and diagnostics on a terminal
 * (where control characters are commands).
 */
#include <stddef.h>

/*
 * The length (1 to 4) of the well-formed UTF-8 sequence at the start of `p`
 * (`n` bytes available, n > 0), or 0 when it is not one: a stray continuation
 * byte, an overlong form, a surrogate, a code point past U+10FFFF, or a
 * sequence cut by the end of the input.
 */
size_t br_utf8_len(const unsigned char *p, size_t n);

/*
 * Whether the sequence of `len` bytes at `p` (as br_utf8_len returned) is a
 * control character: C0 (below 0x20), DEL, or C1 (U+0080 to U+009F).
 */
int br_utf8_is_control(const unsigned char *p, size_t len);

/*
 * Writes code point `cp` (at most U+10FFFF, not a surrogate) as UTF-8 at `d`, which
 * has room for 4 bytes. Returns the number of bytes written (1 to 4).
 */
size_t br_utf8_put(char *d, unsigned cp);

#endif
