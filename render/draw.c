/*
 * draw.c: the report's drawing helpers (draw.h). Every piece of text goes
 * through br_text_at(), which measures it and writes it to the layout log,
 * so that a test can tell text that leaves its chart or page from text that
 * stays in.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/draw.h"
#include "model/banned.h"

/* Okabe-Ito without its yellow, which is too light for lines on white. */
static const double palette[7][3] = {
    { 0.000, 0.447, 0.698 }, { 0.902, 0.624, 0.000 }, { 0.000, 0.620, 0.451 },
    { 0.835, 0.369, 0.000 }, { 0.800, 0.475, 0.655 }, { 0.337, 0.706, 0.914 },
    { 0.000, 0.000, 0.000 },
};

void br_colour(cairo_t *cr, int i)
{
    const double *c = palette[(i < 0 ? 0 : i) % 7];
    cairo_set_source_rgb(cr, c[0], c[1], c[2]);
}

void br_colour_alpha(cairo_t *cr, int i, double alpha)
{
    const double *c = palette[(i < 0 ? 0 : i) % 7];
    cairo_set_source_rgba(cr, c[0], c[1], c[2], alpha);
}

void br_font(cairo_t *cr, double size, int bold)
{
    cairo_select_font_face(cr, BR_FONT, CAIRO_FONT_SLANT_NORMAL,
                           bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
}

double br_text_width(cairo_t *cr, const char *s)
{
    cairo_text_extents_t e;
    cairo_text_extents(cr, s, &e);
    return e.x_advance;
}

static void log_text(struct br_canvas *c, const char *kind, const struct br_box *b,
                     const char *s)
{
    if (!c->log)
        return;
    if (!strcmp(kind, "title"))
        fprintf(c->log, "title\t%d\t%.1f\t%.1f\t%.1f\t%.1f\t%s\n", c->page, b->x0, b->y0, b->x1,
                b->y1, s);
    else
        fprintf(c->log, "text\t%d\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%s\n", c->page,
                b->x0, b->y0, b->x1, b->y1, c->clip.x0, c->clip.y0, c->clip.x1, c->clip.y1, s);
}

/* The box `s` covers when drawn at the current point with the current matrix. */
static struct br_box ink_box(cairo_t *cr, const char *s)
{
    cairo_font_extents_t fe;
    double x, y, w = br_text_width(cr, s);
    double px[4], py[4];
    struct br_box b = { INFINITY, INFINITY, -INFINITY, -INFINITY };

    cairo_font_extents(cr, &fe);
    cairo_get_current_point(cr, &x, &y);
    px[0] = x, py[0] = y - fe.ascent * 0.8;
    px[1] = x + w, py[1] = y - fe.ascent * 0.8;
    px[2] = x, py[2] = y + fe.descent * 0.5;
    px[3] = x + w, py[3] = y + fe.descent * 0.5;
    for (int i = 0; i < 4; i++) {
        cairo_user_to_device(cr, &px[i], &py[i]);
        b.x0 = fmin(b.x0, px[i]);
        b.x1 = fmax(b.x1, px[i]);
        b.y0 = fmin(b.y0, py[i]);
        b.y1 = fmax(b.y1, py[i]);
    }
    return b;
}

void br_text_at(struct br_canvas *c, double x, double y, int align, double angle, const char *s)
{
    cairo_t *cr = c->cr;
    double w = br_text_width(cr, s);
    struct br_box b;

    if (!*s)
        return;
    cairo_save(cr);
    cairo_translate(cr, x, y);
    cairo_rotate(cr, angle);
    cairo_move_to(cr, align == 1 ? -w / 2 : align == 2 ? -w : 0, 0);
    b = ink_box(cr, s);
    cairo_show_text(cr, s);
    cairo_restore(cr);
    log_text(c, "text", &b, s);
}

void br_ellipsize(cairo_t *cr, const char *s, double width, char *out, size_t size)
{
    size_t n = strlen(s), keep;

    snprintf(out, size, "%s", s);
    if (br_text_width(cr, out) <= width)
        return;
    /* drop characters from the middle until it fits (UTF-8: whole sequences) */
    for (keep = n; keep > 1; keep--) {
        size_t head = (keep + 1) / 2, tail = keep - head;
        while (head > 0 && (s[head] & 0xC0) == 0x80)
            head--;
        while (tail > 0 && (s[n - tail] & 0xC0) == 0x80)
            tail--;
        snprintf(out, size, "%.*s\xe2\x80\xa6%s", (int)head, s, s + n - tail);
        if (br_text_width(cr, out) <= width)
            return;
    }
    snprintf(out, size, "\xe2\x80\xa6");
}

void br_canvas_page(struct br_canvas *c, const char *title)
{
    cairo_t *cr = c->cr;
    char num[64];

    if (c->page++ && c->paged)
        cairo_show_page(cr);
    c->clip = (struct br_box){ 0, 0, c->w, c->h };
    if (c->log)
        fprintf(c->log, "page\t%d\t%.1f\t%.1f\n", c->page, c->w, c->h);
    c->y = c->margin + 14;
    br_font(cr, 15, 1);
    cairo_set_source_rgb(cr, 0, 0, 0);
    if (title) {
        struct br_box b;
        char t[256];
        br_ellipsize(cr, title, c->w - 2 * c->margin, t, sizeof(t));
        cairo_move_to(cr, c->margin, c->y);
        b = ink_box(cr, t);
        cairo_show_text(cr, t);
        log_text(c, "title", &b, t);
        c->y += 22;
    }
    if (c->paged) {
        br_font(cr, 7.5, 0);
        cairo_set_source_rgb(cr, 0.35, 0.35, 0.35);
        snprintf(num, sizeof(num), "%d", c->page);
        br_text_at(c, c->w - c->margin, c->h - 18, 2, 0, num);
        if (c->footer) {
            char f[256];
            br_ellipsize(cr, c->footer, c->w - 2 * c->margin - 40, f, sizeof(f));
            br_text_at(c, c->margin, c->h - 18, 0, 0, f);
        }
        cairo_set_source_rgb(cr, 0, 0, 0);
    }
}

void br_canvas_clip(struct br_canvas *c, struct br_box b, const char *name)
{
    c->clip = b;
    if (c->log)
        fprintf(c->log, "chart\t%d\t%.1f\t%.1f\t%.1f\t%.1f\t%s\n", c->page, b.x0, b.y0, b.x1, b.y1,
                name);
}

void br_canvas_unclip(struct br_canvas *c)
{
    c->clip = (struct br_box){ 0, 0, c->w, c->h };
}

void br_para(struct br_canvas *c, double size, int bold, const char *s)
{
    char line[1024];
    size_t n = 0;
    const char *w = s;
    double width = c->w - 2 * c->margin;

    br_font(c->cr, size, bold);
    cairo_set_source_rgb(c->cr, 0, 0, 0);
    while (*w) {
        const char *e = strchr(w, ' ');
        size_t len = e ? (size_t)(e - w) : strlen(w);
        char trial[1024];
        snprintf(trial, sizeof(trial), "%.*s%s%.*s", (int)n, line, n ? " " : "", (int)len, w);
        if (n && br_text_width(c->cr, trial) > width) {
            line[n] = '\0';
            br_text_at(c, c->margin, c->y, 0, 0, line);
            c->y += size * 1.4;
            n = (size_t)snprintf(line, sizeof(line), "%.*s", (int)len, w);
        } else {
            n = (size_t)snprintf(line, sizeof(line), "%s", trial);
        }
        if (n >= sizeof(line))
            n = sizeof(line) - 1;
        w += len;
        while (*w == ' ')
            w++;
    }
    if (n) {
        char fit[1024];
        line[n] = '\0';
        br_ellipsize(c->cr, line, width, fit, sizeof(fit));
        br_text_at(c, c->margin, c->y, 0, 0, fit);
        c->y += size * 1.4;
    }
}

double br_step125(double span, int n)
{
    double raw, mag, f;

    if (!(span > 0) || !isfinite(span))
        return 1;
    raw = span / n;
    mag = pow(10, floor(log10(raw)));
    f = raw / mag;
    return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * mag;
}

void br_tick_label(char *out, size_t size, double v, double step)
{
    int dec = step >= 1 ? 0 : (int)ceil(-log10(step) - 1e-9);
    if (fabs(v) < step * 1e-6)
        v = 0;
    snprintf(out, size, "%.*f", dec > 6 ? 6 : dec, v);
}

void br_log_label(char *out, size_t size, double v)
{
    snprintf(out, size, "%g", v);
}

void br_hatch(cairo_t *cr, double x, double y, double w, double h)
{
    cairo_save(cr);
    cairo_rectangle(cr, x, y, w, h);
    cairo_clip(cr);
    cairo_set_source_rgb(cr, 0.45, 0.45, 0.45);
    cairo_set_line_width(cr, 0.7);
    for (double d = -h; d < w; d += 4) {
        cairo_move_to(cr, x + d, y + h);
        cairo_line_to(cr, x + d + h, y);
    }
    cairo_stroke(cr);
    cairo_restore(cr);
    cairo_save(cr);
    cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
    cairo_set_line_width(cr, 0.6);
    cairo_rectangle(cr, x, y, w, h);
    cairo_stroke(cr);
    cairo_restore(cr);
}

static void mark(cairo_t *cr, enum br_mark m, double x, double y, int colour, const double *rgb)
{
    double dash[] = { 3, 2 };

    cairo_save(cr);
    if (rgb)
        cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
    else if (colour < 0)
        cairo_set_source_rgb(cr, 0.45, 0.45, 0.45);
    else
        br_colour(cr, colour);
    cairo_set_line_width(cr, 1.4);
    switch (m) {
    case BR_MARK_SWATCH:
        cairo_rectangle(cr, x, y - 7, 12, 8);
        cairo_fill(cr);
        break;
    case BR_MARK_LINE:
        cairo_move_to(cr, x, y - 3);
        cairo_line_to(cr, x + 14, y - 3);
        cairo_stroke(cr);
        cairo_arc(cr, x + 7, y - 3, 2.2, 0, 2 * M_PI);
        cairo_fill(cr);
        break;
    case BR_MARK_DASH:
        cairo_set_line_width(cr, 1);
        cairo_set_dash(cr, dash, 2, 0);
        cairo_move_to(cr, x, y - 3);
        cairo_line_to(cr, x + 14, y - 3);
        cairo_stroke(cr);
        break;
    case BR_MARK_HATCH:
        br_hatch(cr, x, y - 7, 12, 8);
        break;
    case BR_MARK_WHISKER:
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_set_line_width(cr, 0.8);
        cairo_move_to(cr, x + 2, y - 7);
        cairo_line_to(cr, x + 12, y - 7);
        cairo_move_to(cr, x + 7, y - 7);
        cairo_line_to(cr, x + 7, y + 1);
        cairo_move_to(cr, x + 2, y + 1);
        cairo_line_to(cr, x + 12, y + 1);
        cairo_stroke(cr);
        break;
    case BR_MARK_SHADE:
        if (rgb)
            cairo_set_source_rgba(cr, rgb[0], rgb[1], rgb[2], 0.35);
        else
            br_colour_alpha(cr, colour, 0.3);
        cairo_rectangle(cr, x, y - 7, 12, 8);
        cairo_fill(cr);
        break;
    case BR_MARK_DOTS:
        for (int i = 0; i < 3; i++)
            cairo_rectangle(cr, x + 2 + 4 * i, y - 4, 2, 2);
        cairo_fill(cr);
        break;
    }
    cairo_restore(cr);
}

double br_legend_entry(struct br_canvas *c, double *x, double y, double left, double right,
                       enum br_mark m, int colour, const double *rgb, size_t drawn,
                       const char *text)
{
    char t[256];
    double w;

    br_font(c->cr, 7.5, 0);
    br_ellipsize(c->cr, text, right - left - 20, t, sizeof(t));
    w = br_text_width(c->cr, t);
    if (*x > left && *x + 18 + w > right) {
        *x = left;
        y += 12;
    }
    mark(c->cr, m, *x, y, colour, rgb);
    cairo_set_source_rgb(c->cr, 0, 0, 0);
    br_text_at(c, *x + 17, y, 0, 0, t);
    if (c->log) {
        double mx0 = *x, my0 = y - 7, mx1 = *x + 14, my1 = y + 1;
        cairo_user_to_device(c->cr, &mx0, &my0);
        cairo_user_to_device(c->cr, &mx1, &my1);
        fprintf(c->log, "legend\t%d\t%zu\t%.1f\t%.1f\t%.1f\t%.1f\t%s\n", c->page, drawn, mx0,
                my0, mx1, my1, t);
    }
    *x += 17 + w + 14;
    return y;
}
