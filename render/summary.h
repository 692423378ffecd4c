#ifndef BR_RENDER_SUMMARY_H
#define BR_RENDER_SUMMARY_H
/*
 * The summary table (DESIGN.md, "Summary table") as CSV, JSON or text.
 * Numbers are plain (no unit suffix) in CSV and JSON; a number that does not
 * exist is an empty CSV field, JSON null, or "-" in text.
 */
#include <stdio.h>

#include "analysis/analysis.h"

void br_summary_csv(FILE *f, const struct br_analysis *a);
void br_summary_json(FILE *f, const struct br_analysis *a, const struct br_analysis_opts *o);
void br_summary_text(FILE *f, const struct br_analysis *a, const struct br_analysis_opts *o);

#endif
