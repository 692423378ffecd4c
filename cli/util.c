/* util.c: small helpers shared by the subcommands. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "model/utf8.h"
#include "model/banned.h"

void br_cli_put_safe(FILE *f, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);

    while (n) {
        size_t len = br_utf8_len(p, n);
        if (len == 0 || br_utf8_is_control(p, len)) {
            for (size_t i = 0; i < (len ? len : 1); i++)
                fprintf(f, "\\x%02x", p[i]);
            len = len ? len : 1;
        } else {
            fwrite(p, 1, len, f);
        }
        p += len;
        n -= len;
    }
}

size_t br_cli_print_diag_list(const struct br_diags *l, FILE *f)
{
    for (size_t i = 0; i < l->nr; i++) {
        const struct br_diag *d = &l->v[i];
        br_cli_put_safe(f, d->path ? d->path : "benchreport");
        if (d->line)
            fprintf(f, ":%u", d->line);
        if (d->line && d->col)
            fprintf(f, ":%u", d->col);
        fprintf(f, ": %s: ", br_severity_name(d->severity));
        br_cli_put_safe(f, d->msg);
        fputc('\n', f);
    }
    return l->nerrors;
}

void br_cli_print_diags(const struct br_source *s, FILE *f)
{
    for (size_t i = 0; i < s->diags.nr; i++) {
        const struct br_diag *d = &s->diags.v[i];
        br_cli_put_safe(f, s->path);
        if (d->line && d->col)
            fprintf(f, ":%u:%u", d->line, d->col);
        else if (d->line)
            fprintf(f, ":%u", d->line);
        fprintf(f, ": %s: ", br_severity_name(d->severity));
        br_cli_put_safe(f, d->msg);
        fputc('\n', f);
    }
    if (s->diags.dropped) {
        br_cli_put_safe(f, s->path);
        fprintf(f, ": note: %zu more diagnostics not shown\n", s->diags.dropped);
    }
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
    else if (*end == '\0' && default_unit_s < 1 && v < 10)
        return -2;
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
