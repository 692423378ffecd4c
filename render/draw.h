#ifndef BR_RENDER_DRAW_H
#define BR_RENDER_DRAW_H
/*
 * Drawing helpers shared by the report's pages and charts (Cairo): text that
 * is measured, fitted and recorded, axes with 1-2-5 ticks, log axes, the
 * palette, hatching (only ever for DNF) and legends that list only what was
 * drawn.
 *
 * The layout log: when canvas->log is set, every piece of text is written to
 * it with its bounding box and the box it must stay inside (the page, or the
 * chart being drawn), and every legend entry with whether its mark was
 * drawn. tests/report/layout.py reads it. Lines, tab-separated:
 *     page N W H
 *     title N x0 y0 x1 y1 TEXT
 *     text N x0 y0 x1 y1 bx0 by0 bx1 by1 TEXT
 *     legend N DRAWN mx0 my0 mx1 my1 TEXT
 *                      (DRAWN: how many of what the entry names the chart drew;
 *                       mx..: the box of the entry's mark)
 *     chart N x0 y0 x1 y1 NAME
 */
#include <cairo.h>
#include <stddef.h>
#include <stdio.h>

#define BR_FONT "DejaVu Sans"

struct br_box {
    double x0, y0, x1, y1;
};

struct br_canvas {
    cairo_t *cr;
    double w, h;          /* page size in points */
    double margin;
    double y;             /* the next line of running text */
    int page;             /* 1-based; 0 before the first page */
    struct br_box clip;   /* what text must stay inside now: the page or a chart */
    FILE *log;            /* the layout log, or NULL */
    int paged;            /* 1: a multi-page document (br_canvas_page shows pages) */
    const char *footer;   /* printed at the foot of each page, or NULL */
};

/* Okabe-Ito colours, told apart by colour-blind readers; index modulo 7. */
void br_colour(cairo_t *cr, int i);
void br_colour_alpha(cairo_t *cr, int i, double alpha);
void br_font(cairo_t *cr, double size, int bold);
double br_text_width(cairo_t *cr, const char *s);

/* Starts a new page with `title` (the first call starts page 1). */
void br_canvas_page(struct br_canvas *c, const char *title);

/* Restricts text to `b` (a chart being drawn) until br_canvas_unclip(); logs the chart. */
void br_canvas_clip(struct br_canvas *c, struct br_box b, const char *name);
void br_canvas_unclip(struct br_canvas *c);

/*
 * Text at (x, y) (baseline), align 0 left, 1 centre, 2 right, rotated by
 * `angle` radians around (x, y), in the current font and colour, logged.
 */
void br_text_at(struct br_canvas *c, double x, double y, int align, double angle, const char *s);

/*
 * `s` shortened in the middle with an ellipsis ("pthread-sky…avx512-A") so
 * that it is at most `width` points wide in the current font; written to
 * `out`. A string that fits is copied whole.
 */
void br_ellipsize(cairo_t *cr, const char *s, double width, char *out, size_t size);

/* Running text wrapped to the page width at c->y, which moves down. */
void br_para(struct br_canvas *c, double size, int bold, const char *s);

/* A round 1-2-5 step for a span of `span` in about `n` steps. */
double br_step125(double span, int n);

/* Tick label for `v` on a linear axis with step `step`: the same decimals for every tick. */
void br_tick_label(char *out, size_t size, double v, double step);

/* A label on a log axis: 0.01, 0.1, 1, 10, 100, 1000, 1e+04 ... */
void br_log_label(char *out, size_t size, double v);

/* The DNF hatching: diagonal lines over the rectangle, clipped to it. */
void br_hatch(cairo_t *cr, double x, double y, double w, double h);

/* Legend kinds of mark. */
enum br_mark { BR_MARK_SWATCH, BR_MARK_LINE, BR_MARK_DASH, BR_MARK_HATCH, BR_MARK_WHISKER,
               BR_MARK_SHADE, BR_MARK_DOTS };

/*
 * A legend entry at (*x, y): its mark (in colour `colour`, -1 for grey, or an
 * RGB triple through `rgb` when not NULL) then its text; *x moves right.
 * Wraps to a new line (y += 12) past `right`, and returns the y used.
 * `drawn` is how many of what it names the chart drew (logged; callers list
 * only what was drawn).
 */
double br_legend_entry(struct br_canvas *c, double *x, double y, double left, double right,
                       enum br_mark mark, int colour, const double *rgb, size_t drawn,
                       const char *text);

#endif
