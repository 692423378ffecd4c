#ifndef BR_CLI_H
#define BR_CLI_H
/*
 * The benchreport command: what main.c and the subcommands share. Only cli/
 * prints and exits.
 */
#include <stdio.h>

#include "analysis/label.h"
#include "model/manifest.h"
#include "model/source.h"

#define BR_VERSION "0.1.0"

/* Exit statuses (DESIGN.md, "Exit status"). */
enum {
    BR_EXIT_OK = 0,      /* every input understood */
    BR_EXIT_INPUT = 1,   /* some inputs had errors; output made from the rest */
    BR_EXIT_USAGE = 2,   /* bad command line */
    BR_EXIT_NOTHING = 3, /* nothing usable, or the output could not be written */
};

int br_cmd_inspect(int argc, char **argv);
int br_cmd_formats(int argc, char **argv);
int br_cmd_report(int argc, char **argv);
int br_cmd_record(int argc, char **argv);

/* Prints a source's diagnostics as "path:line:col: severity: message". */
void br_cli_print_diags(const struct br_source *s, FILE *f);
/*
 * Writes `s` to `f` with what a terminal would obey escaped as \xNN: control
 * characters (C0, DEL, C1) and bytes that are not UTF-8. For input text
 * (paths, diagnostics quoting a file) echoed on stderr.
 */
void br_cli_put_safe(FILE *f, const char *s);
/* Prints a list of diagnostics that carry their own path; returns its errors. */
size_t br_cli_print_diag_list(const struct br_diags *l, FILE *f);

/*
 * Converts the floating times of `s` to UTC, as recorded in zone `tz`: an
 * offset ("+02:00", "UTC") or an IANA name ("Europe/Paris", through the
 * system's zoneinfo). Trace samples and the epochs of runs alike; times
 * already in UTC are left alone. Around daylight-saving changes: a trace's
 * fold (model/trace.h) and a log's times going back take the repeated
 * hour's second pass; a time in the spring gap is an error on the source and
 * leaves that trace or run floating. Returns 0, or -1 when the zone is
 * unknown.
 */
int br_cli_apply_tz(struct br_source *s, const char *tz);
/*
 * After the zones: a trace whose floating clock went back (a fold no zone
 * resolved) is cut there, with an error saying --tz may place it; an epoch
 * of a floating log that ends before it starts (no duration) is warned of.
 */
void br_cli_settle_folds(struct br_source *s);
/*
 * The same for one floating instant *t (a --start anchor): 0, -1 for an
 * unknown zone, -2 for a time the zone skips.
 */
int br_cli_tz_instant(const char *tz, double *t);
/* Whether `tz` names a zone br_cli_apply_tz understands. */
int br_cli_tz_valid(const char *tz);

/*
 * Parses "100", "100ms", "0.5s" as seconds (a bare number in `default_unit_s`).
 * Returns 0, -1 when it is no duration, or -2 for a bare number under 10 in
 * milliseconds: "1" is 1 ms to nvidia-smi's --loop-ms but 1 s to its -l, and
 * taken the wrong way it makes every energy 1000 times off, so it needs a unit.
 */
int br_cli_parse_duration(const char *s, double default_unit_s, double *out);
#define BR_CLI_UNIT_WANTED "a unit with a number under 10, 1s or 1ms (a bare number is " \
                           "milliseconds, and so small a one is more likely seconds meant)"

struct br_logfmts;
/*
 * Compiles the built-in training-log formats and the user's format files
 * into `f`. Returns 0, or -1 after printing where a format file is wrong.
 */
int br_cli_load_formats(struct br_logfmts *f, const char *const *files, int nfiles);

/* Labels: --label overrides and the manifests of the directories seen. */
struct br_cli_manifest {
    char *path;
    int ok;
    struct br_manifest m;
    char power_tz[16];    /* from a `benchreport record` meta.json beside it, or "" */
    char host[64];        /* the host that meta.json names, or "" */
    struct br_label_overrides meta;   /* the labels that meta.json records */
    char meta_text[8192];             /* holds the strings of `meta` */
};
#define BR_MAX_ALIASES 16
struct br_cli_alias {
    const char *from, *to;   /* --alias FROM=TO: a device or hardware name, and the device */
};
struct br_cli_labels {
    struct br_label_overrides cli;
    struct br_cli_alias alias[BR_MAX_ALIASES];
    int naliases;
    struct br_cli_manifest *v;
    size_t nr, alloc;
    int errors;     /* manifests that could not be read */
};
/* Takes one --label argument ("device=m2max"). Returns 0, or -1 when malformed. */
int br_cli_label_arg(struct br_cli_labels *l, const char *arg);
/*
 * Takes one --alias argument ("NVIDIA H100 80GB HBM3=h100"): runs and traces
 * whose device, or whose hardware string, is FROM get device TO. The string is
 * split in place. Returns 0, or -1 when malformed or too many.
 */
int br_cli_alias_arg(struct br_cli_labels *l, char *arg);
/* Runs the label pass on `src`, with the manifest beside it if there is one. */
void br_cli_label(struct br_cli_labels *l, struct br_source *src);
void br_cli_labels_release(struct br_cli_labels *l);
/*
 * The column names the manifest beside `path` gives for that file (its
 * `columns` column), or NULL.
 */
const char *br_cli_manifest_columns(struct br_cli_labels *l, const char *path);

/* Checks stdout for write errors and closes it; returns the exit status to use. */
int br_cli_close_stdout(int status);

#endif
