#ifndef BR_INPUTS_H
#define BR_INPUTS_H
/*
 * The input list: command-line paths with directories expanded. A directory
 * is walked recursively (sorted by name; hidden entries, READMEs, Markdown,
 * reports and images, format files and the label manifest skipped); the files
 * found that way are "found", not "named": a found file in no known format
 * is skipped with a note, where a named one is an error.
 */
#include <stddef.h>

struct br_input {
    char *path;
    int named;   /* 1: given on the command line; 0: found in a directory */
};

struct br_inputs {
    struct br_input *v;
    size_t nr, alloc;
};
#define BR_INPUTS_INIT { 0 }

/*
 * Appends `path`, or every file under it when it is a directory. A path that
 * does not exist is appended as named, for the loader to report.
 */
void br_inputs_add(struct br_inputs *in, const char *path);
void br_inputs_release(struct br_inputs *in);

#endif
