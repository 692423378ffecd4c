#ifndef BR_MANIFEST_H
#define BR_MANIFEST_H
/*
 * A label manifest: `benchreport.csv` in a directory of recordings, one row
 * per file: file,device,model,batch[,framework][,tz][,columns]. `tz` is the
 * zone the file's floating times were recorded in (as --tz, for that file
 * only); `columns` names the columns of a header-less trace (as --columns).
 * Strings live in the arena.
 */
#include <stddef.h>

#include "model/arena.h"
#include "model/diag.h"

struct br_manifest_row {
    const char *file;     /* a name relative to the manifest's directory */
    const char *device, *model, *batch, *framework;   /* NULL or "" when not given */
    const char *tz;       /* NULL or "" when not given */
    /* the column names of a header-less trace (as --columns), NULL when not given */
    const char *columns;
    unsigned line;
};

struct br_manifest {
    const char *path;
    struct br_manifest_row *rows;
    size_t nr, alloc;
    struct br_diags diags;   /* rows left out or doubtful, each at its line */
    struct br_arena arena;
};
#define BR_MANIFEST_INIT { 0 }

/* The row for file name `name` (a base name), or NULL. */
const struct br_manifest_row *br_manifest_find(const struct br_manifest *m, const char *name);
void br_manifest_release(struct br_manifest *m);

#endif
