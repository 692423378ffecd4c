/*
 * formats.c: `benchreport formats [--check [FILE...]]`: the input formats,
 * and checking format files (or the built-in ones) against their samples.
 */
#include <string.h>

#include "cli/cli.h"
#include "parsers/logfmt.h"
#include "parsers/parser.h"
#include "model/banned.h"

static void usage(FILE *f)
{
    fputs("usage: benchreport formats\n"
          "       benchreport formats --check [FORMAT-FILE...]\n",
          f);
}

static void list(const struct br_logfmts *fs)
{
    for (size_t i = 0; br_parsers[i]; i++)
        printf("%-14s %s\n", br_parsers[i]->name, br_parsers[i]->what);
    puts("\ntraining-log formats (--format NAME, or detected):");
    for (size_t i = 0; i < fs->nr; i++)
        printf("  %-12s %s\n", fs->v[i].name, fs->v[i].description ? fs->v[i].description : "");
}

/* Checks each format's samples; prints a line per problem. Returns the number of bad samples. */
static size_t check(const struct br_logfmts *fs, size_t from, size_t to)
{
    size_t bad = 0;

    for (size_t i = from; i < to; i++) {
        struct br_diags d = BR_DIAGS_INIT;
        size_t b = br_logfmt_check(&fs->v[i], &d);
        for (size_t k = 0; k < d.nr; k++)
            fprintf(stderr, "%s:%u:%u: error: %s\n", d.v[k].path, d.v[k].line, d.v[k].col,
                    d.v[k].msg);
        if (!b)
            printf("%s: format %s: %zu rules, %zu samples, all match\n", fs->v[i].path,
                   fs->v[i].name, fs->v[i].nrules, fs->v[i].nsamples);
        bad += b;
        br_diags_release(&d);
    }
    return bad;
}

int br_cmd_formats(int argc, char **argv)
{
    struct br_logfmts fs;
    int checking = argc > 1 && !strcmp(argv[1], "--check");
    int status;

    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        usage(stdout);
        return br_cli_close_stdout(BR_EXIT_OK);
    }
    if (argc > 1 && !checking) {
        fprintf(stderr, "benchreport formats: unexpected argument '%s'\n", argv[1]);
        usage(stderr);
        return BR_EXIT_USAGE;
    }
    if (br_cli_load_formats(&fs, (const char *const *)argv + 2, checking ? argc - 2 : 0) < 0)
        return BR_EXIT_INPUT;
    if (!checking) {
        list(&fs);
        status = BR_EXIT_OK;
    } else {
        /* the user's files, or all the built-in formats when none is named */
        size_t bad = argc > 2 ? check(&fs, 0, fs.nuser) : check(&fs, 0, fs.nr);
        status = bad ? BR_EXIT_INPUT : BR_EXIT_OK;
    }
    br_logfmts_release(&fs);
    return br_cli_close_stdout(status);
}
