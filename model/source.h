#ifndef BR_SOURCE_H
#define BR_SOURCE_H
/*
 * A source: one input file and what its parser made of it: the format, the
 * traces, the runs, and the diagnostics. The source owns its traces and runs.
 */
#include <stddef.h>

#include "model/diag.h"
#include "model/run.h"
#include "model/trace.h"

struct br_source {
    char *path;                 /* owned */
    /*
     * The recording session the file belongs to (owned; NULL: the only one):
     * runs of the same labels from different sessions are not pooled.
     */
    char *session;
    double mtime;               /* the file's modification time (UTC s), NaN when unknown */
    const char *format;         /* the format's name (owned copy), NULL when none matched */
    /* what held the text the format was read from (owned), NULL: the file itself; a
     * notebook's reader says "notebook, 3 code cells with output" */
    char *container;
    /* 0, or the line where a parser accepted a floating clock's step back
     * (br_time_step's BR_STEP_FOLD) for all its traces (a parser that follows
     * each trace's own time sets the trace's fold_line instead); the registry
     * marks the traces' folds */
    unsigned fold_line;
    struct br_diags diags;
    struct br_trace **traces;
    size_t ntraces, alloc_traces;
    struct br_run **runs;
    size_t nruns, alloc_runs;
};

/* Sets up an empty source for `path` (copied). */
void br_source_init(struct br_source *s, const char *path);
void br_source_release(struct br_source *s);

/* Sets the source's session (copied; NULL for none). */
void br_source_set_session(struct br_source *s, const char *session, size_t n);

/* The length of the directory part of `path` (before its last '/'; 0: none). */
size_t br_path_dir_len(const char *path);

/* Whether two paths lie in the same directory (as written). */
int br_path_same_dir(const char *a, const char *b);

/* Records the name of the format that read the source (copied). */
void br_source_set_format(struct br_source *s, const char *name);

/*
 * Marks each floating trace's fold (br_trace_mark_fold) at the line its
 * parser accepted it, the trace's own fold_line or else the source's.
 */
void br_source_mark_folds(struct br_source *s);

/* Appends a new, initialized trace owned by the source and returns it. */
struct br_trace *br_source_new_trace(struct br_source *s);
/* Appends a new, initialized run owned by the source and returns it. */
struct br_run *br_source_new_run(struct br_source *s);
/* Removes and frees the last trace (one that ended up empty). */
void br_source_drop_last_trace(struct br_source *s);

/* Appends a diagnostic located in this source. */
void br_source_diag(struct br_source *s, enum br_severity sev, unsigned line, unsigned col,
                    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

#endif
