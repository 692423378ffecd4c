/* util.c: small helpers shared by the subcommands. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "model/banned.h"

void br_cli_print_diags(const struct br_source *s, FILE *f)
{
    for (size_t i = 0; i < s->diags.nr; i++) {
        const struct br_diag *d = &s->diags.v[i];
        if (d->line && d->col)
            fprintf(f, "%s:%u:%u: %s: %s\n", s->path, d->line, d->col,
                    br_severity_name(d->severity), d->msg);
        else if (d->line)
            fprintf(f, "%s:%u: %s: %s\n", s->path, d->line, br_severity_name(d->severity),
                    d->msg);
        else
            fprintf(f, "%s: %s: %s\n", s->path, br_severity_name(d->severity), d->msg);
    }
    if (s->diags.dropped)
        fprintf(f, "%s: note: %zu more diagnostics not shown\n", s->path, s->diags.dropped);
}

int br_cli_parse_duration(const char *s, double default_unit_s, double *out)
{
    char *end;
    double v;

    errno = 0;
    v = strtod(s, &end);
    if (end == s || errno == ERANGE || !(v > 0))
        return -1;
    if (!strcmp(end, "ms"))
        v /= 1000;
    else if (!strcmp(end, "s"))
        ;
    else if (*end == '\0')
        v *= default_unit_s;
    else
        return -1;
    *out = v;
    return 0;
}

int br_cli_close_stdout(int status)
{
    if (ferror(stdout) || fclose(stdout) != 0) {
        fprintf(stderr, "benchreport: error: cannot write to standard output: %s\n",
                strerror(errno ? errno : EIO));
        return BR_EXIT_NOTHING;
    }
    return status;
}
