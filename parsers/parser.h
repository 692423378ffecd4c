#ifndef BR_PARSER_H
#define BR_PARSER_H
/*
 * The parser interface. Every input format is one file in parsers/ that
 * exports a const struct br_parser; registry.c lists them. A parser reads
 * lines from a br_lines and appends traces, runs and diagnostics to a
 * br_source. Parsers keep no state between calls (they run twice in one
 * process in the tests) and never print.
 */
#include <stddef.h>

#include "model/buf.h"
#include "model/lines.h"
#include "model/source.h"

struct br_logfmts;

struct br_parse_opts {
    double interval_s;   /* --interval: sample spacing for files without times; 0 = none */
    /* compiled training-log formats (built-in and --format-file); NULL: built-in only */
    const struct br_logfmts *formats;
    const char *log_format;   /* --format naming a training-log format, or NULL */
    /*
     * --columns (or a manifest's `columns`): the names of the columns of a
     * CSV trace written without a header line (nvidia-smi
     * --format=csv,noheader,nounits), comma- or space-separated; NULL: none.
     */
    const char *columns;
    /*
     * Set by br_source_load for a second reading of a power CSV that is also an
     * epoch table (a callback's row per epoch with its time and the GPU's power:
     * `epoch,time,loss,...,gpu_power_W`): the epochcsv reader then skips the
     * columns in watts (read as traces already) and the rows with no epoch number
     * (readings before and after the training), instead of refusing the table.
     */
    int beside_power;
    /*
     * Set by a container's reader (notebook.c) for the text it took out of its file:
     * that text is read as a file of its own would be, but no container is looked for
     * in it again.
     */
    int contained;
};
#define BR_PARSE_OPTS_INIT { 0 }

struct br_parser {
    const char *name;    /* "nvsmi", "powermetrics", ... (the --format NAME) */
    const char *what;    /* one line for `benchreport formats` */
    /*
     * How sure the parser is that a file starting with `head` (the first
     * bytes, at most BR_LINES_CHUNK) is its format: 0 (no) to 100. Appends
     * one short reason to `why` (for inspect -v).
     */
    int (*sniff)(const char *head, size_t n, const struct br_parse_opts *o, struct br_buf *why);
    /*
     * Reads the whole input. Returns 0 when it read something usable (a
     * trace or a run; errors on some lines are diagnostics in src), -1 when
     * it read nothing usable (an error diagnostic says why).
     */
    int (*parse)(struct br_lines *in, struct br_source *src, const struct br_parse_opts *o);
};

/* NULL-terminated, in sniffing order. */
extern const struct br_parser *const br_parsers[];

/*
 * The parser called `name`, or NULL. A training-log format's name (keras,
 * pytorch, ...) finds the trainlog parser.
 */
const struct br_parser *br_parser_find(const char *name, const struct br_parse_opts *o);

/*
 * Picks the parser whose sniff scores highest (at least 50) for `head`.
 * Returns NULL when none does. When `why` is not NULL, one line per parser
 * is appended to it: "  nvsmi: 90 (header names power.draw)".
 */
const struct br_parser *br_parser_detect(const char *head, size_t n,
                                         const struct br_parse_opts *o, struct br_buf *why);

/*
 * Opens `path` ("-" is standard input), picks its format (`format` forces
 * one; NULL detects), and parses it into `src` (initialized by the caller
 * with the same path). Returns 0, or -1 when nothing usable was read; the
 * reasons are in src->diags either way.
 */
int br_source_load(struct br_source *src, const char *format, const struct br_parse_opts *o,
                   struct br_buf *why);

/*
 * The same for text a container's reader took out of `src`'s file (a notebook's cell
 * outputs) and hands over as `f` (borrowed): its format detected as for a file of its
 * own. Line numbers in `src` are then the text's: the container maps them to its own.
 */
int br_source_read_text(struct br_source *src, FILE *f, const struct br_parse_opts *o,
                        struct br_buf *why);

#endif
