#ifndef BR_LOOKSLIKE_H
#define BR_LOOKSLIKE_H
/*
 * What the head of a file that no reader took looks like: one line (JSON,
 * CSV with N columns, source code, text with how many lines mention an
 * epoch or carry a time), appended to `out`, for inspect -v.
 */
#include <stddef.h>

#include "model/buf.h"

void br_looks_like(const char *head, size_t n, struct br_buf *out);

#endif
