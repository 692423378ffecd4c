#ifndef BR_PARSE_MANIFEST_H
#define BR_PARSE_MANIFEST_H
/*
 * Reading a label manifest (model/manifest.h) with libcsv: people write these
 * by hand, so quoted fields, spaces and CRLF are all expected.
 */
#include "model/diag.h"
#include "model/manifest.h"

/*
 * Reads the manifest at `path` into `m` (initialized by the caller), one
 * line per record (a manifest has no field over two lines). Returns 0, or -1
 * with the problem in `d` when the file cannot be used at all (it cannot be
 * opened, its header has no 'file' column). A bad row (no file name, a batch
 * that is not a number, an unterminated quote, a CSV error) is left out with
 * an error in m->diags at its line, and the other rows are kept; a second row
 * for a file already labelled is left out with an error; a row naming a file
 * that is not beside the manifest gets a warning.
 */
int br_manifest_read(struct br_manifest *m, const char *path, struct br_diag *d);

#endif
