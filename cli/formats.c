/* formats.c: `benchreport formats`: the input formats benchreport reads. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "parsers/parser.h"
#include "model/banned.h"

int br_cmd_formats(int argc, char **argv)
{
    (void)argv;
    if (argc > 1) {
        if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
            puts("usage: benchreport formats");
            return br_cli_close_stdout(BR_EXIT_OK);
        }
        fprintf(stderr, "benchreport formats: unexpected argument '%s'\n", argv[1]);
        return BR_EXIT_USAGE;
    }
    for (size_t i = 0; br_parsers[i]; i++)
        printf("%-14s %s\n", br_parsers[i]->name, br_parsers[i]->what);
    return br_cli_close_stdout(BR_EXIT_OK);
}
