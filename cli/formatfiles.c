/* formatfiles.c: loading --format-file FILE into the compiled format set. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "model/alloc.h"
#include "model/buf.h"
#include "parsers/logfmt.h"
#include "model/banned.h"

#define BR_MAX_FORMAT_FILE (1u << 20)

/* Reads a whole (small) file into `b`. Returns 0 or -1 with errno. */
static int slurp(const char *path, struct br_buf *b)
{
    FILE *f = fopen(path, "rb");
    char chunk[4096];
    size_t n;

    if (!f)
        return -1;
    while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0 && b->len < BR_MAX_FORMAT_FILE)
        br_buf_add(b, chunk, n);
    if (ferror(f)) {
        fclose(f);
        return -1;
    }
    fclose(f);
    return 0;
}

int br_cli_load_formats(struct br_logfmts *f, const char *const *files, int nfiles)
{
    struct br_diag d = { 0 };

    if (br_logfmts_init(f, &d) < 0) {
        fprintf(stderr, "benchreport: built-in format: %u:%u: %s\n", d.line, d.col, d.msg);
        return -1;
    }
    for (int i = 0; i < nfiles; i++) {
        struct br_buf text = BR_BUF_INIT;
        int rc;

        if (slurp(files[i], &text) < 0) {
            fprintf(stderr, "benchreport: error: cannot read format file '%s': %s\n", files[i],
                    strerror(errno));
            br_buf_release(&text);
            br_logfmts_release(f);
            return -1;
        }
        rc = br_logfmts_add(f, files[i], text.buf, text.len, &d);
        br_buf_release(&text);
        if (rc < 0) {
            br_cli_put_safe(stderr, files[i]);
            fprintf(stderr, ":%u:%u: error: ", d.line, d.col);
            br_cli_put_safe(stderr, d.msg);
            fputc('\n', stderr);
            br_logfmts_release(f);
            return -1;
        }
    }
    return 0;
}
