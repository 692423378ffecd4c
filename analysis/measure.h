#ifndef BR_MEASURE_H
#define BR_MEASURE_H
/* Measuring one run (measure.c). Internal to analysis/. */
#include "analysis/align.h"
#include "analysis/analysis.h"

/*
 * Sets up `rr` for `run`: its epochs, which ones count (not the first
 * `skip`, unless that would leave none; none of a DNF run), and any power or
 * energy a summary gives.
 */
void br_measure_init(struct br_run_result *rr, const struct br_source *src,
                     const struct br_run *run, unsigned skip);

/* Measures power and energy per epoch, once rr->align is set and epochs placed. */
void br_measure_run(struct br_run_result *rr, const struct br_group *g,
                    const struct br_analysis_opts *o);

void br_run_result_release(struct br_run_result *rr);

#endif
