#ifndef BR_TEST_HELPERS_H
#define BR_TEST_HELPERS_H
/*
 * Shared by the cmocka tests: parse a string as a file, find a diagnostic,
 * compare doubles. Included by one test file each, hence static.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "model/timefmt.h"
#include "parsers/parser.h"

/*
 * Writes `text` to a temporary file and loads it through the registry
 * (format NULL = detect). Returns br_source_load's result.
 */
static inline int load_text(struct br_source *src, const char *format, const char *text, size_t n,
                     const struct br_parse_opts *o)
{
    char path[] = "/tmp/br-test-XXXXXX";
    int fd = mkstemp(path);
    int ret;

    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, n), (ssize_t)n);
    close(fd);
    br_source_init(src, path);
    ret = br_source_load(src, format, o, NULL);
    unlink(path);
    return ret;
}

static inline int load_str(struct br_source *src, const char *format, const char *text)
{
    return load_text(src, format, text, strlen(text), NULL);
}

/* The idx-th diagnostic of `src`, checked for severity, line, col and message. */
static inline void check_diag(const struct br_source *src, size_t idx, enum br_severity sev,
                       unsigned line, unsigned col, const char *msg)
{
    assert_true(src->diags.nr > idx);
    assert_string_equal(src->diags.v[idx].msg, msg);
    assert_int_equal(src->diags.v[idx].severity, sev);
    assert_int_equal(src->diags.v[idx].line, line);
    assert_int_equal(src->diags.v[idx].col, col);
}

static inline void assert_close(double got, double want, double rel)
{
    double tol = rel * fmax(fabs(want), 1e-300);
    if (!(fabs(got - want) <= tol))
        fail_msg("%.17g is not within %g of %.17g", got, rel, want);
}

static inline void assert_time(double t, int zoned, const char *want)
{
    char buf[BR_TIME_FMT_LEN];
    assert_string_equal(br_time_format(t, zoned, buf), want);
}

/* The trace of `src` with this device and domain. */
static inline const struct br_trace *find_trace(const struct br_source *src, const char *device,
                                         const char *domain)
{
    for (size_t i = 0; i < src->ntraces; i++)
        if (!strcmp(src->traces[i]->device, device) && !strcmp(src->traces[i]->domain, domain))
            return src->traces[i];
    fail_msg("no trace %s/%s", device, domain);
    return NULL;
}

#endif
