/*
 * clean.c: a one-line terminal. Characters are written at a cursor: '\r'
 * moves it to the start, '\b' one back, ESC [ ... K erases to the end, other
 * escape sequences are dropped. What is left is what a terminal would show
 * when the line ends, so a tty-captured progress bar and a piped one read the
 * same.
 */
#include <ctype.h>
#include <math.h>
#include <string.h>

#include "parsers/clean.h"
#include "model/timefmt.h"
#include "model/banned.h"

/*
 * Skips an escape sequence at p (p[0] == ESC); returns its end, and sets *erase to the
 * final letter of a CSI sequence that acts on the line (ESC[K erases to its end, ESC[A
 * moves up), else 0.
 */
static const char *skip_escape(const char *p, const char *end, int *erase)
{
    *erase = 0;
    if (p + 1 >= end)
        return end;
    if (p[1] == '[') {
        const char *q = p + 2;
        while (q < end && ((unsigned char)*q < 0x40 || (unsigned char)*q > 0x7e))
            q++;
        if (q < end) {
            *erase = *q == 'K' || *q == 'A' ? *q : 0;
            return q + 1;
        }
        return end;
    }
    if (p[1] == ']') { /* OSC: up to BEL or ESC \ */
        const char *q = p + 2;
        while (q < end && *q != '\a' && !(*q == 0x1b && q + 1 < end && q[1] == '\\'))
            q++;
        return q < end ? q + (*q == '\a' ? 1 : 2) : end;
    }
    return p + 2;
}

/*
 * The length of a leading timestamp and the space after it, or 0. A bracketed
 * one needs no space after it: hydra's logging writes "[2022-11-23
 * 13:43:12,403][train][INFO] - ...", others "[2022-06-26 21:43:24,025]Epoch:
 * 0001"; a bare one may be followed by a
 * colon and the level ("2020-02-23 11:32:10,448:INFO: ...").
 */
/* The two digits at p as a number, or -1. */
static int two_digits(const char *p)
{
    return isdigit((unsigned char)p[0]) && isdigit((unsigned char)p[1])
               ? (p[0] - '0') * 10 + (p[1] - '0')
               : -1;
}

/*
 * torchlight's stamp (st-gcn and the skeleton-action code built on it, IO.print_log:
 * time.strftime("[%m.%d.%y|%X] ")): "[03.24.23|09:56:11]", month first, a two-digit
 * year, local time cut to the second. Returns its length with the ']' (0: not one).
 */
/* Whether [p, p+n) begins with `shape`: '#' a digit, any other byte itself. */
static int fits_shape(const char *p, size_t n, const char *shape)
{
    size_t k = strlen(shape);

    if (n < k)
        return 0;
    for (size_t i = 0; i < k; i++)
        if (shape[i] == '#' ? !isdigit((unsigned char)p[i]) : p[i] != shape[i])
            return 0;
    return 1;
}

static size_t torchlight_time(const char *p, size_t n, struct br_time *t)
{
    static const char shape[] = "[##.##.##|##:##:##]";
    int mo, d, y, h, mi, s;

    if (!fits_shape(p, n, shape))
        return 0;
    mo = two_digits(p + 1), d = two_digits(p + 4), y = two_digits(p + 7);
    h = two_digits(p + 10), mi = two_digits(p + 13), s = two_digits(p + 16);
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60)
        return 0;
    t->t = (double)br_days_from_civil(2000 + y, (unsigned)mo, (unsigned)d) * 86400.0 +
           h * 3600.0 + mi * 60.0 + s;
    t->zoned = 0;
    t->whole = 1;
    return sizeof(shape) - 1;
}

/* The length of a logging level and `sep` after it at p ("INFO - ", "INFO:"), or 0. */
static size_t level_sep(const char *p, size_t n, const char *sep)
{
    static const char *const levels[] = { "INFO", "WARNING", "DEBUG", "ERROR", "CRITICAL" };
    size_t ns = strlen(sep);

    for (size_t l = 0; l < sizeof(levels) / sizeof(levels[0]); l++) {
        size_t m = strlen(levels[l]);
        if (n >= m + ns && !memcmp(p, levels[l], m) && !memcmp(p + m, sep, ns))
            return m + ns;
    }
    return 0;
}

static size_t level_dash(const char *p, size_t n)
{
    return level_sep(p, n, " - ");
}

/* Where a logger's name ("mmengine", "ppdet.engine") that starts at p[i] ends (i: none). */
static size_t logger_name_end(const char *p, size_t n, size_t i)
{
    while (i < n && (isalnum((unsigned char)p[i]) || p[i] == '_' || p[i] == '.'))
        i++;
    return i;
}

/* A date and a time of day of whole seconds into *t, local (no zone); 0 when a field is out
 * of range. */
static int civil_stamp(int y, int mo, int d, int h, int mi, int s, struct br_time *t)
{
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60)
        return 0;
    t->t = (double)br_days_from_civil(y, (unsigned)mo, (unsigned)d) * 86400.0 + h * 3600.0 +
           mi * 60.0 + s;
    t->zoned = 0;
    t->whole = 1;
    return 1;
}

/*
 * The logging stamp of Hugging Face's example scripts (transformers, accelerate: datefmt
 * "%m/%d/%Y %H:%M:%S", format "%(asctime)s - %(levelname)s - %(name)s - %(message)s"):
 * "04/01/2022 14:32:37 - INFO - __main__ - ...". Month first; read only when " - LEVEL - "
 * follows, which says the line is that logging's: a bare "01/04/2022" could be day first.
 * Returns its length with the blank after it (0: not one).
 */
static size_t us_logging_time(const char *p, size_t n, struct br_time *t)
{
    static const char shape[] = "##/##/#### ##:##:## - ";
    const size_t k = sizeof(shape) - 1;
    int mo, d, h, mi, s, y;

    if (n < k || p[2] != '/' || p[5] != '/' || /* most lines fail here, cheaply ("469/469") */
        !fits_shape(p, n, shape))
        return 0;
    if (!level_dash(p + k, n - k))
        return 0;
    mo = two_digits(p), d = two_digits(p + 3);
    y = two_digits(p + 6) * 100 + two_digits(p + 8);
    h = two_digits(p + 11), mi = two_digits(p + 14), s = two_digits(p + 17);
    if (!civil_stamp(y, mo, d, h, mi, s, t))
        return 0;
    return k - 2; /* the stamp and its blank: "- INFO - ..." is left, as after an ISO one */
}

/*
 * The stamp of the LogFormatter that facebookresearch's code (XLM, MUSE, DrQA and the scripts
 * that copied it) writes, datefmt "%x %X" and the time since the start: "05/21/26 16:20:49 -
 * 0:01:42 - Epoch 1, Average Loss: 0.4466" (Le-Dai/advertisement_recommendation), after its
 * level in XLM's own ("INFO - 05/21/26 16:20:49 - 0:01:42 - ..."). Month first, two-digit
 * year (20YY); read only when the elapsed "H:MM:SS - " follows. Returns the length taken up
 * to the message (0: not one).
 */
static size_t fair_logging_time(const char *p, size_t n, struct br_time *t)
{
    static const char shape[] = "##/##/## ##:##:## - ";
    const size_t k = sizeof(shape) - 1;
    size_t e = k, lv = level_dash(p, n);
    int mo, d, h, mi, s, y;

    p += lv;
    n -= lv;
    if (n < k + 9 || p[2] != '/' || p[5] != '/' || !fits_shape(p, n, shape))
        return 0;
    while (e < n && isdigit((unsigned char)p[e]))
        e++;
    if (e == k || e + 8 > n || !fits_shape(p + e, n - e, ":##:## - "))
        return 0;
    mo = two_digits(p), d = two_digits(p + 3), y = 2000 + two_digits(p + 6);
    h = two_digits(p + 9), mi = two_digits(p + 12), s = two_digits(p + 15);
    return civil_stamp(y, mo, d, h, mi, s, t) ? lv + e + 9 : 0;
}

/*
 * "MM/DD hh:mm:ss" at p (its shape checked by the caller) into *t: a br_md_time, no year
 * (t->noyear). 0 when a field is out of range.
 */
static int md_stamp(const char *p, struct br_time *t)
{
    int mo = two_digits(p), d = two_digits(p + 3);
    int h = two_digits(p + 6), mi = two_digits(p + 9), s = two_digits(p + 12);

    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60)
        return 0;
    t->t = br_md_time((unsigned)mo, (unsigned)d, h * 3600.0 + mi * 60.0 + s);
    t->zoned = 0;
    t->whole = 1;
    t->noyear = BR_NOYEAR_MONTHDAY;
    return 1;
}

/*
 * A logger's stamp without a year, "MM/DD hh:mm:ss", then the logger's name and a level:
 * its shape up to the name, what comes between the name and the level, and after the level,
 * where in the shape the stamp is, and how much of the shape the stamp takes (with its blank).
 */
struct md_logger {
    const char *shape, *after_name, *after_level;
    size_t stamp_at, takes;
};

/*
 * MMEngine's console stamp (its log file's has the year; the console's datefmt is
 * "%m/%d %H:%M:%S"): "08/18 20:27:22 - mmengine - INFO - ...": the stamp and its blank are
 * taken, "- mmengine - INFO - ..." is left.
 */
static const struct md_logger mm_console = { "##/## ##:##:## - ", " - ", " - ", 0, 15 };

/*
 * A logging stamp with a dash between month and day and no year ("%m-%d %H:%M:%S") before the
 * level: "09-02 20:39:12 - INFO - __main__ - Epoch: 9, Loss: nan" (Ange339/graph_neural_network).
 * No logger's name comes first: the level follows the stamp.
 */
static size_t md_dash_logging_time(const char *p, size_t n, struct br_time *t)
{
    static const char shape[] = "##-## ##:##:## - ";
    const size_t k = sizeof(shape) - 1;

    if (n < k || !fits_shape(p, n, shape) || !level_dash(p + k, n - k))
        return 0;
    return md_stamp(p, t) ? k - 2 : 0; /* "- INFO - ..." is left, as after an ISO one */
}

/*
 * PaddleDetection's logger (ppdet/utils/logger.py: "[%(asctime)s] %(name)s %(levelname)s:
 * %(message)s", datefmt "%m/%d %H:%M:%S"): "[03/08 11:18:56] ppdet.engine INFO: ...".
 */
static const struct md_logger ppdet_logger = { "[##/## ##:##:##] ", " ", ":", 1, 17 };

/*
 * The stamp of logger `l` at p, read only when a logger's name and a level follow (a bare
 * "03/08 ..." could be day first). The time has no year (t->noyear, a br_md_time). Returns
 * the length taken (0: not one).
 */
static size_t md_logger_time(const struct md_logger *l, const char *p, size_t n,
                             struct br_time *t)
{
    size_t k, na, i;

    /* most lines fail here, cheaply ("10/10 [====" of a Keras bar) */
    if (n < l->stamp_at + 6 || p[l->stamp_at + 5] != ' ')
        return 0;
    k = strlen(l->shape);
    na = strlen(l->after_name);
    if (n < k || !fits_shape(p, n, l->shape))
        return 0;
    i = logger_name_end(p, n, k);
    if (i == k || n - i < na || memcmp(p + i, l->after_name, na) ||
        !level_sep(p + i + na, n - i - na, l->after_level))
        return 0;
    return md_stamp(p + l->stamp_at, t) ? l->takes : 0;
}

/*
 * A time of day alone, "17:43:32 | Training for 50 epochs started!" or "[17:43:32] ...", as a
 * script's own strftime("%H:%M:%S") writes it: two-digit fields, a fraction allowed
 * (",123", ".123"), then a blank (a ']' closes a bracketed one first). No date:
 * t->noyear is BR_NOYEAR_TIMEOFDAY, t->t the seconds from midnight. Returns its length
 * with the blanks after it (0: not one).
 */
static size_t time_of_day(const char *p, size_t n, struct br_time *t)
{
    int bracket = n > 0 && p[0] == '[';
    size_t i = (size_t)bracket, k;
    double tod;

    if (n < i + 9 || p[i + 2] != ':' || p[i + 5] != ':')
        return 0;
    k = i + 8;
    if (k + 1 < n && (p[k] == ',' || p[k] == '.') && isdigit((unsigned char)p[k + 1]))
        for (k++; k < n && isdigit((unsigned char)p[k]); k++)
            ;
    for (size_t j = i; j < i + 8; j++)
        if (j != i + 2 && j != i + 5 && !isdigit((unsigned char)p[j]))
            return 0;
    if (!br_time_of_day_parse(p + i, k - i, &tod))
        return 0;
    if (bracket && (k >= n || p[k++] != ']'))
        return 0;
    if (k >= n || (p[k] != ' ' && p[k] != '\t'))
        return 0;
    while (k < n && (p[k] == ' ' || p[k] == '\t'))
        k++;
    t->t = tod;
    t->zoned = 0;
    t->whole = p[i + 8] != ',' && p[i + 8] != '.';
    t->noyear = BR_NOYEAR_TIMEOFDAY;
    return k;
}

static size_t leading_time(const char *p, size_t n, struct br_time *t)
{
    size_t k;
    int bracket = n > 0 && p[0] == '[';

    if (bracket && (k = torchlight_time(p, n, t)) > 0) {
        while (k < n && (p[k] == ' ' || p[k] == '\t'))
            k++;
        return k;
    }
    k = br_time_parse(p + bracket, n - (size_t)bracket, t);
    if (k == 0)
        return 0;
    k += (size_t)bracket;
    if (bracket) {
        if (k >= n || p[k] != ']')
            return 0;
        k++;
        /* "[2022-06-26 21:43:24,025]Epoch: 0001" (logging's "[%(asctime)s]%(message)s"):
         * a bracket closes the stamp, no space needed */
        if (k < n && p[k] != ' ' && p[k] != '\t')
            return k;
    }
    /* logging's "%(asctime)s:%(levelname)s: ..." ("2020-02-23 11:32:10,448:INFO: Epoch 1/5") */
    if (!bracket && k + 1 < n && p[k] == ':' && p[k + 1] >= 'A' && p[k + 1] <= 'Z')
        return k + 1;
    /* a print of the stamp, a colon and the message ("2023-01-31 06:13:00.782237: Epoch: 33
     * done: ...", kglids) */
    if (!bracket && k + 1 < n && p[k] == ':' && p[k + 1] == ' ')
        k++;
    if (k < n && p[k] != ' ' && p[k] != '\t')
        return 0;
    while (k < n && (p[k] == ' ' || p[k] == '\t'))
        k++;
    return k;
}

/*
 * The bytes of the character that starts at p: a UTF-8 sequence is one
 * character (one cell: tqdm's "\r" and blanks clear a bar of blocks "█" by
 * their count, not their bytes); any other byte is one.
 */
static size_t char_len(const char *p, const char *end)
{
    unsigned char c = (unsigned char)*p;
    size_t k = c >= 0xc2 && c < 0xe0 ? 2 : c >= 0xe0 && c < 0xf0 ? 3 : c >= 0xf0 && c < 0xf5 ? 4 : 1;

    if ((size_t)(end - p) < k)
        return 1;
    for (size_t i = 1; i < k; i++)
        if (((unsigned char)p[i] & 0xc0) != 0x80)
            return 1;
    return k;
}

/* Whether s[0..n) is blanks only (or nothing). */
static int blank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t')
            return 0;
    return 1;
}

/*
 * Writes [p, end) through the one-line terminal into out, after what it holds; returns
 * whether a cursor-up cleared the blanks before it (what shows may begin with a stamp).
 */
static int render(const char *p, const char *end, struct br_buf *out)
{
    size_t cursor = out->len;
    int up = 0;

    while (p < end) {
        char c = *p;
        if (c == '\r') {
            cursor = 0;
            p++;
        } else if (c == '\b') {
            while (cursor && ((unsigned char)out->buf[cursor - 1] & 0xc0) == 0x80 &&
                   cursor > 1)
                cursor--; /* back over a character's continuation bytes */
            if (cursor)
                cursor--;
            p++;
        } else if ((unsigned char)c >= 0x80) {
            size_t k = char_len(p, end), m = 0;
            if (cursor < out->len)
                m = char_len(out->buf + cursor, out->buf + out->len);
            if (k != m) { /* the cell's old character has another length */
                if (k > m)
                    br_buf_grow(out, k - m);
                memmove(out->buf + cursor + k, out->buf + cursor + m, out->len - cursor - m);
                out->len = out->len + k - m;
                out->buf[out->len] = '\0';
            }
            memcpy(out->buf + cursor, p, k);
            cursor += k;
            p += k;
        } else if (c == 0x1b) {
            int erase;
            p = skip_escape(p, end, &erase);
            if (erase == 'K' && cursor < out->len) {
                out->len = cursor;
                out->buf[cursor] = '\0';
            } else if (erase == 'A' && blank(out->buf, out->len)) {
                /* tqdm wiped its bar with blanks, then went up a line: what follows is
                 * the line's text ("<70 blanks>ESC[A2022-07-19 07:16:01 | INFO | ...") */
                out->len = cursor = 0;
                up = 1;
                if (out->buf)
                    out->buf[0] = '\0';
            }
        } else {
            size_t m = cursor < out->len ? char_len(out->buf + cursor, out->buf + out->len) : 0;
            if (m > 1) { /* over a character of several bytes: it goes */
                memmove(out->buf + cursor + 1, out->buf + cursor + m, out->len - cursor - m);
                out->len -= m - 1;
                out->buf[out->len] = '\0';
            }
            if (cursor < out->len) {
                out->buf[cursor] = c;
            } else {
                br_buf_addch(out, c);
            }
            cursor++;
            p++;
        }
    }
    return up;
}

/*
 * The length of the line's leading timestamp with the blanks after it (its time in *t),
 * or 0 (t->t NaN). One stray space before a date is allowed (a print(' ', ...) in the
 * middle of a logging file), and four (a Markdown page's indented code block); tried on
 * "2025-" and on Hugging Face's month-first stamp
 * only: a piped Keras bar starts with a space and a count.
 */
static size_t time_prefix(const char *p, size_t len, struct br_time *t)
{
    size_t k, b = 1;

    /* one stray blank, or a Markdown page's indented code block (4 blanks); two or three
     * are an indented line's (a listing), not a stamp */
    if (len > 6 && *p == ' ') {
        while (b < 4 && b < len && p[b] == ' ')
            b++;
        if ((b == 1 || b == 4) && len > b + 5 && isdigit((unsigned char)p[b]) &&
            isdigit((unsigned char)p[b + 1]) && isdigit((unsigned char)p[b + 2]) &&
            isdigit((unsigned char)p[b + 3]) && p[b + 4] == '-' &&
            (k = leading_time(p + b, len - b, t)) > 0)
            return b + k;
    }
    if (len && (*p >= '0' && *p <= '9' ? 1 : *p == '[') &&
        ((k = leading_time(p, len, t)) > 0 ||
         (len > 9 && (p[2] == ':' || p[3] == ':') && (k = time_of_day(p, len, t)) > 0)))
        return k;
    if (len > 6 && *p == ' ' && p[3] == '/' && (k = us_logging_time(p + 1, len - 1, t)) > 0)
        return 1 + k; /* after a tqdm bar's line: " 10/10/2022 22:58:29 - INFO - ..." */
    if (len > 5 && p[2] == '/' && ((k = us_logging_time(p, len, t)) > 0 ||
                                   (k = md_logger_time(&mm_console, p, len, t)) > 0 ||
                                   (k = fair_logging_time(p, len, t)) > 0))
        return k;     /* the '/' tested here first: most lines are no such stamp */
    if (len > 5 && p[2] == '-' && p[5] == ' ' && (k = md_dash_logging_time(p, len, t)) > 0)
        return k;
    if (len > 12 && p[0] >= 'C' && p[0] <= 'W' && /* (one test for lines of no level) */
        ((p[0] == 'I' && p[1] == 'N') || (p[0] == 'W' && p[1] == 'A') ||
         (p[0] == 'D' && p[1] == 'E') || (p[0] == 'E' && p[1] == 'R') ||
         (p[0] == 'C' && p[1] == 'R')) &&
        (k = fair_logging_time(p, len, t)) > 0)
        return k;     /* "INFO - 05/21/26 ...": a level first */
    t->t = NAN;
    t->whole = 0;
    return 0;
}

/*
 * A line that starts with a colour (loguru, colorlog: "ESC[32m2024-05-01 12:00:00.123ESC[0m |
 * INFO | ..."): drawn first, then its timestamp looked for in what shows.
 */
/*
 * The NUL bytes that [s, s+n) starts with: a log truncated while its writer went on at its
 * offset (`> train.log` under nohup) is padded with them up to where the next line lands.
 */
static size_t leading_nuls(const char *s, size_t n)
{
    size_t k = 0;

    while (k < n && s[k] == '\0')
        k++;
    return k;
}

/* Removes the first k bytes of `out`. */
static void drop_front(struct br_buf *out, size_t k)
{
    memmove(out->buf, out->buf + k, out->len - k);
    out->len -= k;
    out->buf[out->len] = '\0';
}

/* Takes the timestamp at the start of what `out` shows, if any, into *t (NUL padding after a
 * colour code dropped first). */
static void strip_time(struct br_buf *out, struct br_time *t)
{
    size_t k = leading_nuls(out->buf, out->len);

    if (k)
        drop_front(out, k);
    if (out->len && (k = time_prefix(out->buf, out->len, t)) > 0)
        drop_front(out, k);
}

static void coloured(const char *line, size_t len, struct br_buf *out, struct br_time *t)
{
    render(line, line + len, out);
    strip_time(out, t);
}

void br_clean_line(const char *line, size_t len, struct br_buf *out, struct br_time *t)
{
    const char *p = line, *end = line + len;

    br_buf_reset(out);
    t->t = NAN;
    t->zoned = 0;
    t->whole = 0;
    t->noyear = 0;
    if (len && *line == '\0') {   /* (a compare for the lines without: nearly all) */
        size_t k = leading_nuls(line, len);
        line += k;
        len -= k;
        p = line;
    }
    if (len > 1 && line[0] == 0x1b && line[1] == '[') {
        coloured(line, len, out, t);
        return;
    }
    p += time_prefix(line, len, t);
    /* fast path: nothing to emulate */
    if (!memchr(p, '\r', (size_t)(end - p)) && !memchr(p, '\b', (size_t)(end - p)) &&
        !memchr(p, 0x1b, (size_t)(end - p))) {
        br_buf_add(out, p, (size_t)(end - p));
        return;
    }
    if (render(p, end, out) && p == line)
        strip_time(out, t);   /* a bar wiped, then the stamped line drawn over it */
}

void br_strip_ppdet_time(struct br_buf *out, struct br_time *t)
{
    size_t k;

    if (out->len > 17 && out->buf[0] == '[' && out->buf[3] == '/' &&
        (k = md_logger_time(&ppdet_logger, out->buf, out->len, t)) > 0) {
        memmove(out->buf, out->buf + k, out->len - k);
        out->len -= k;
    }
}

/* The epoch of a bar "Epoch N:" at the start of [p, end) (escape sequences and blanks
 * before it skipped), or -1. */
static long bar_epoch(const char *p, const char *end)
{
    long v = 0;
    int erase, any = 0;

    while (p < end && (*p == ' ' || *p == 0x1b))
        p = *p == ' ' ? p + 1 : skip_escape(p, end, &erase);
    if (end - p < 8 || memcmp(p, "Epoch ", 6))
        return -1;
    for (p += 6; p < end && isdigit((unsigned char)*p) && v < 100000000; p++, any = 1)
        v = v * 10 + (*p - '0');
    return any && p < end && *p == ':' ? v : -1;
}

/* Whether the bar in [p, end) is at its total: "| 921/921 [". */
static int bar_full(const char *p, const char *end)
{
    for (const char *q = memchr(p, '|', (size_t)(end - p)); q;
         q = memchr(q + 1, '|', (size_t)(end - q - 1))) {
        const char *a = q + 1, *b;
        while (a < end && *a == ' ')
            a++;
        for (b = a; b < end && isdigit((unsigned char)*b); b++)
            ;
        if (b == a || b >= end || *b != '/')
            continue;
        if ((size_t)(end - b - 1) > (size_t)(b - a) && !memcmp(a, b + 1, (size_t)(b - a)) &&
            b + 1 + (b - a) < end && b[1 + (b - a)] == ' ')
            return 1;
    }
    return 0;
}

int br_bar_before(const char *line, size_t len, const char **seg, size_t *sn)
{
    const char *end = line + len, *cr, *last;
    long now;

    while (end > line && (end[-1] == '\r' || end[-1] == ' '))
        end--;
    cr = memrchr(line, '\r', (size_t)(end - line));
    if (!cr || (now = bar_epoch(cr + 1, end)) < 0)
        return 0;
    for (last = cr; last > line; last = cr) {
        const char *from;
        long was;
        cr = memrchr(line, '\r', (size_t)(last - line));
        from = cr ? cr + 1 : line;
        was = bar_epoch(from, last);
        if (was >= 0 && was != now && bar_full(from, last)) {
            *seg = from;
            *sn = (size_t)(last - from);
            return 1;
        }
        if (!cr || (was >= 0 && was < now - 1))
            return 0;   /* the line's start, or an epoch further back than the one before */
    }
    return 0;
}

int br_exception_ignored(const char *s, size_t n)
{
    return s && memmem(s, n, "Exception ignored in", 20) != NULL;
}

int br_exception_in_thread(const char *s, size_t n)
{
    static const char head[] = "Exception in thread ";
    const size_t k = sizeof(head) - 1;

    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        n--;
    return s && n > k + 1 && !memcmp(s, head, k) && s[n - 1] == ':';
}

int br_thread_traceback(struct br_source *src, const char *prev, size_t n, unsigned line)
{
    if (!br_exception_in_thread(prev, n))
        return 0;
    while (n && (prev[n - 1] == ' ' || prev[n - 1] == '\t' || prev[n - 1] == '\r'))
        n--;
    if (src)
        br_source_diag(src, BR_WARNING, line, 1,
                       "a thread's Traceback ('%.*s'): the thread ended, not the script; "
                       "its exception is no failure of the run", (int)(n > 100 ? 100 : n), prev);
    return 1;
}

int br_traceback_line(const char *s, size_t n)
{
    static const char tb[] = "Traceback (most recent call last)";
    const size_t k = sizeof(tb) - 1;

    /* a blank or two after it at most: a bar padded with many ends in none */
    for (int i = 0; i < 2 && n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'); i++)
        n--;
    if (n && s[n - 1] == ':')
        n--;
    if (n < k || s[n - 1] != ')' || memcmp(s + n - k, tb, k))
        return 0;
    return n == k || s[n - k - 1] == ']';
}

size_t br_torchrun_prefix(const char *p, size_t n)
{
    size_t k = 1;

    if (!n || p[0] != '[')
        return 0;
    while (k < n && k < 16 && ((p[k] >= 'a' && p[k] <= 'z') || (p[k] >= '0' && p[k] <= '9')))
        k++;
    if (k == 1 || k + 1 >= n || p[k] != ']' || p[k + 1] != ':')
        return 0;
    return k + 2 < n && p[k + 2] == ' ' ? k + 3 : k + 2;
}

int br_exception_line(const char *p, size_t n)
{
    const char *colon;

    while (n && (p[n - 1] == ' ' || p[n - 1] == '\r'))
        n--;
    if (!n || *p == ' ' || *p == '\t')
        return 0;
    colon = memchr(p, ':', n);
    if (!colon)
        colon = p + n;
    if (colon == p)
        return 0;
    for (const char *q = p; q < colon; q++)
        if (!(((*q | 32) >= 'a' && (*q | 32) <= 'z') || *q == '_' || *q == '.' ||
              (*q >= '0' && *q <= '9')))
            return 0;
    return memmem(p, (size_t)(colon - p), "Error", 5) || memmem(p, (size_t)(colon - p),
                                                                  "Exception", 9) ||
           memmem(p, (size_t)(colon - p), "Interrupt", 9);
}

void br_rank_failure_read(struct br_rank_failure *rf, const char *s, size_t n, unsigned line)
{
    size_t k = br_torchrun_prefix(s, n);

    if (!k || rf->line)
        return;
    s += k;
    n -= k;
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\r'))
        n--;
    if (br_traceback_line(s, n)) {
        rf->traceback = !rf->thread; /* a thread's ("[rank0]: Exception in thread ...:") */
    } else if (rf->traceback && br_exception_line(s, n)) {
        n = n < sizeof(rf->text) ? n : sizeof(rf->text) - 1;
        memcpy(rf->text, s, n);
        rf->text[n] = '\0';
        rf->line = line;
    }
    if (n)
        rf->thread = br_exception_in_thread(s, n);
}

int br_child_failed(const char *s, size_t n)
{
    static const char name[] = "ChildFailedError";
    const char *colon = memchr(s, ':', n);
    size_t k = sizeof(name) - 1, len = colon ? (size_t)(colon - s) : n;

    return br_exception_line(s, n) && len >= k && !memcmp(s + len - k, name, k);
}

void br_digit_shape(const char *s, size_t n, char *out, size_t size)
{
    size_t o = 0;

    for (size_t i = 0; i < n && o + 1 < size; i++) {
        if (isdigit((unsigned char)s[i])) {
            if (!o || out[o - 1] != '#')
                out[o++] = '#';
        } else {
            out[o++] = s[i];
        }
    }
    out[o] = '\0';
}
