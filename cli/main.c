/*
 * main.c: `benchreport COMMAND ...`: global options and dispatch to one file
 * per subcommand (git's builtin/ table).
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "model/banned.h"


struct command {
    const char *name;
    int (*fn)(int argc, char **argv);
    const char *what;
};

static const struct command commands[] = {
    { "inspect", br_cmd_inspect, "show what benchreport reads in each file" },
    { "formats", br_cmd_formats, "list the input formats" },
    { "record", br_cmd_record, "run a training command, timestamp its output, record power" },
    { "report", br_cmd_report, "analyse recordings: the summary table (the default command)" },
};

static void usage(FILE *f)
{
    fputs("usage: benchreport [--help] [--version] [COMMAND] [ARGS...]\n"
          "       benchreport INPUT... [-o OUT] [options]   (the report command)\n\ncommands:\n",
          f);
    for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
        fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].what);
    fputs("\n'benchreport COMMAND --help' describes one command; man benchreport, all.\n", f);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return BR_EXIT_USAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(stdout);
        return br_cli_close_stdout(BR_EXIT_OK);
    }
    if (!strcmp(argv[1], "--version")) {
        printf("benchreport %s\n", BR_VERSION);
        return br_cli_close_stdout(BR_EXIT_OK);
    }
    for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
        if (!strcmp(argv[1], commands[i].name))
            return commands[i].fn(argc - 1, argv + 1);
    /* `benchreport logs/ -o summary.csv`: report is the default command */
    return br_cmd_report(argc, argv);
}
