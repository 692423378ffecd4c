#ifndef BR_COMPARE_H
#define BR_COMPARE_H
/* The compare pass (compare.c). Internal to analysis/. */
#include "analysis/analysis.h"

/* Builds rows, ratios, ranges and geometric means from a->runs. */
void br_compare(struct br_analysis *a, const struct br_analysis_opts *o);

#endif
