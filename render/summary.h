#ifndef BR_RENDER_SUMMARY_H
#define BR_RENDER_SUMMARY_H
/*
 * The summary table (DESIGN.md, "Summary table") as CSV, JSON or text.
 * The columns are render/columns.h's table. Numbers are plain (no unit suffix)
 * in CSV and JSON, rounded to what their interval supports unless `full`; a
 * number that does not exist is an empty CSV field, JSON null, or "-" in text.
 */
#include <stdio.h>

#include "analysis/analysis.h"

/* `full`: every digit of each double, instead of what its interval supports. */
void br_summary_csv(FILE *f, const struct br_analysis *a, int full);
void br_summary_json(FILE *f, const struct br_analysis *a, const struct br_analysis_opts *o,
                     int full);
void br_summary_text(FILE *f, const struct br_analysis *a, const struct br_analysis_opts *o);

#endif
