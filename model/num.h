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
 * Parses a whole field as a long: optional spaces, digits, optional spaces.
 * Returns 0, or -1 when the field is not exactly one integer in range.
 */
int br_long_parse(const char *p, const char *end, long *out);

#endif
