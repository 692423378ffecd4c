#ifndef BR_RENDER_CHARTS_H
#define BR_RENDER_CHARTS_H
/*
 * The report's figures as one table of descriptors (tmux's cmd_entry
 * style): a new chart of a per-workload figure is one entry in br_charts[]
 * (charts.c) with its name (--chart NAME), title, value function, unit and
 * axis kind. The report (pdf.c), --chart and --charts draw from this table.
 *
 * A figure is a grid of panels: per-workload figures have one panel per
 * model (lines over batch size, log 2, when the model has several numeric
 * batch sizes; bars when it has one); power has one panel per device over
 * the whole session; metrics one panel per model and metric over
 * wall-clock time. Each figure ends with a legend of only what it drew and
 * a caption that describes what is drawn.
 */
#include <stddef.h>

#include "analysis/analysis.h"
#include "render/draw.h"

enum br_figure_kind { BR_FIG_WORKLOAD, BR_FIG_POWER, BR_FIG_METRICS };

enum br_axis_kind {
    BR_AXIS_AUTO,    /* linear from 0; log 10 when the values span more than 30x */
    BR_AXIS_RATIO,   /* log, with the baseline's 1 marked */
    BR_AXIS_LINEAR,
};

struct br_chart {
    const char *name;      /* --chart NAME, and the file name under --charts DIR */
    const char *title;
    const char *unit;      /* the value axis' label */
    enum br_figure_kind figure;
    enum br_axis_kind axis;
    /* per-workload figures: the row's value and its 95% interval (NaN when none) */
    double (*value)(const struct br_row *r, double *lo, double *hi);
    const char *needs;     /* why it is empty when it is: "no run has a timed power trace" */
    int panels_per_page;   /* on the report's A4/Letter landscape pages */
};

extern const struct br_chart br_charts[];
extern const size_t br_ncharts;

/* The chart named `name`, or NULL. */
const struct br_chart *br_chart_find(const char *name);

/* "time, speedup, ..." : the names, for usage messages (static storage). */
const char *br_chart_names(void);

/*
 * The number of panels `ch` has for `a`; 0 when there is nothing to draw,
 * with the reason in `why` (one line, no full stop).
 */
size_t br_chart_panels(const struct br_chart *ch, const struct br_analysis *a, char *why,
                       size_t size);

/*
 * Draws panels [first, first + n) of `ch` into `box` of the canvas, then
 * its legend and caption. `log_scale` forces log value axes. Returns the y
 * under what was drawn.
 */
double br_chart_draw(struct br_canvas *c, const struct br_chart *ch, const struct br_analysis *a,
                     struct br_box box, size_t first, size_t n, int log_scale);

/*
 * Time to accuracy: per model, the accuracy every run of it reached, and
 * for each device the shortest wall-clock time (from its run's start) to
 * reach it; one line per model in `out` (appended, '\n'-separated).
 * Returns the number of lines.
 */
size_t br_time_to_accuracy(const struct br_analysis *a, char *out, size_t size);

#endif
