#ifndef BR_RENDER_PDF_H
#define BR_RENDER_PDF_H
/*
 * The report: a multi-page PDF (Cairo) of an analysis on A4 or Letter
 * landscape pages: a first page that stands alone, the summary and range
 * tables, the figures of the chart table (render/charts.h) that have
 * something to draw, the runs and the method. One figure on its own as
 * SVG, PNG or PDF: br_render_chart().
 */
#include <stddef.h>
#include <stdio.h>

#include "analysis/analysis.h"

struct br_report_opts {
    int letter;        /* US Letter instead of A4 */
    int log_scale;     /* force log scales */
    size_t ninputs;    /* input files, for the first page */
    double width, height, dpi;   /* one chart: size in 96-dpi pixels, and PNG dpi */
    const char *version;         /* benchreport's version, for the first page */
    const char *command;         /* the command line, for the first page */
    FILE *layout;      /* the layout log (render/draw.h), or NULL */
};

/* Writes the report to `path`. Returns 0, or -1 when Cairo failed to write it. */
int br_render_pdf(const char *path, const struct br_analysis *a, const struct br_analysis_opts *o,
                  const struct br_report_opts *ro);

/*
 * Writes the chart named `kind` (render/charts.h: br_charts[]) to `path`:
 * .svg, .pdf, or .png at ro->dpi, ro->width x ro->height. A chart with
 * nothing to draw says why on its page. Returns 0, or -1 for an unknown
 * chart or when Cairo failed to write it.
 */
int br_render_chart(const char *path, const char *kind, const struct br_analysis *a,
                    const struct br_report_opts *ro);

#endif
