#ifndef BR_PARSE_MANIFEST_H
#define BR_PARSE_MANIFEST_H
/*
 * Reading a label manifest (model/manifest.h) with libcsv: people write these
 * by hand, so quoted fields, spaces and CRLF are all expected.
 */
#include "model/diag.h"
#include "model/manifest.h"

/*
 * Reads the manifest at `path` into `m` (initialized by the caller).
 * Returns 0, or -1 with the problem and its line in `d` (a missing header
 * column, a row without a file name, a batch that is not a number).
 */
int br_manifest_read(struct br_manifest *m, const char *path, struct br_diag *d);

#endif
