#ifndef BR_RENDER_PDF_H
#define BR_RENDER_PDF_H
/*
 * The report: a multi-page PDF (Cairo) of an analysis. Pages: summary,
 * epoch time, speedup, power over time, energy and efficiency, runs, method.
 */
#include <stddef.h>

#include "analysis/analysis.h"

struct br_report_opts {
    int letter;        /* US Letter instead of A4 */
    int log_scale;     /* force log scales */
    size_t ninputs;    /* input files, for the summary */
    double width, height, dpi;   /* one chart: size in 96-dpi pixels, and PNG dpi */
};

/* Writes the report to `path`. Returns 0, or -1 when Cairo failed to write it. */
int br_render_pdf(const char *path, const struct br_analysis *a, const struct br_analysis_opts *o,
                  const struct br_report_opts *ro);

/*
 * Writes one chart to `path` (.svg, or .png at ro->dpi): `kind` is time,
 * speedup, power, energy or efficiency. Returns 0, or -1 for an unknown kind
 * or when Cairo failed to write it.
 */
int br_render_chart(const char *path, const char *kind, const struct br_analysis *a,
                    const struct br_report_opts *ro);

#endif
