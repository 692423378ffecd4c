#ifndef BR_INPUTS_H
#define BR_INPUTS_H
/*
 * The input list: command-line paths with directories expanded. A directory
 * is walked recursively (sorted by name; hidden entries, READMEs, Markdown,
 * reports and images, format files and the label manifest skipped); the files
 * found that way are "found", not "named": a found file in no known format
 * is skipped with a note, where a named one is an error.
 *
 * The walk never reads a file or a directory twice: a directory reached again
 * through a symbolic link (a loop, `latest -> run-1`) and a file reached again
 * under another name are skipped with a note, as are files that benchreport
 * itself wrote (a summary CSV, JSON or text table: recognised by their first
 * line), FIFOs, devices and sockets. A directory that cannot be read is an
 * error. Notes and errors are kept in `diags` for the command to print.
 */
#include <stddef.h>
#include <stdio.h>

#include "model/diag.h"
#include "model/source.h"

struct br_input {
    char *path;
    int named;   /* 1: given on the command line; 0: found in a directory */
};

struct br_inputs {
    struct br_input *v;
    size_t nr, alloc;
    struct br_diags diags;     /* what the walk skipped, and why */
    char **diag_paths;         /* the paths `diags` borrows, owned here */
    size_t ndiag_paths, alloc_diag_paths;
    struct br_input_id *seen;  /* the files and directories read (device, inode) */
    size_t nseen, alloc_seen;
    size_t *hash, nhash;       /* open addressing over `seen`: index + 1, 0 empty */
};
#define BR_INPUTS_INIT { 0 }

/*
 * Appends `path`, or every file under it when it is a directory. A path that
 * does not exist is appended as named, for the loader to report.
 */
void br_inputs_add(struct br_inputs *in, const char *path);

/* Prints the walk's notes and errors on `f`; returns the number of errors. */
size_t br_inputs_print_diags(const struct br_inputs *in, FILE *f);

/*
 * Whether the load of a found file (`in->named` 0) that no format read failed
 * because the file could not be opened or read: an error, where a file in no
 * known format is only skipped with a note.
 */
int br_inputs_unreadable(const struct br_source *src);

void br_inputs_release(struct br_inputs *in);

#endif
