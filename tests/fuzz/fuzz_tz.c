/*
 * fuzz_tz.c: libFuzzer harness for the time code: timestamp parsing and
 * formatting (model/timefmt.c), zone offsets, and placing a floating trace
 * in a zone (cli/tz.c). The first line of the input is the zone (an offset
 * or, when it names one, an IANA zone); the rest is an nvidia-smi CSV read
 * as the CLI reads it. Every parsed time must format; a zone applied to a
 * floating trace (with its daylight-saving fold, if any) leaves it in order,
 * zoned or (a time in the zone's gap, an error) floating, never longer.
 */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "model/timefmt.h"
#include "parsers/parser.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void times(const char *s, size_t n)
{
    char out[BR_TIME_FMT_LEN];
    struct br_time t;
    size_t k = br_time_parse(s, n, &t);

    assert(k <= n);
    if (k) {
        br_time_format(t.t, t.zoned, out);
        assert(memchr(out, '\0', sizeof(out)));
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *nl = memchr(data, '\n', size);
    size_t zn = nl ? (size_t)(nl - (const char *)data) : size;
    char zone[64];
    long off;
    struct br_source src;
    struct br_lines lr;
    FILE *f;

    if (zn >= sizeof(zone) || memchr(data, '\0', zn))
        return 0;
    memcpy(zone, data, zn);
    zone[zn] = '\0';
    if (br_tz_offset_parse(zone, &off) == 0)
        assert(off > -86400 && off < 86400);
    for (size_t i = 0; i < size; i += 32)
        times((const char *)data + i, size - i < 40 ? size - i : 40);
    if (!nl || size - zn - 1 == 0 || !br_cli_tz_valid(zone))
        return 0;
    f = fmemopen((void *)(nl + 1), size - zn - 1, "rb");
    if (!f)
        return 0;
    br_source_init(&src, "fuzz.csv");
    br_lines_init(&lr, f);
    if (br_parser_find("nvsmi", NULL)->parse(&lr, &src, NULL) == 0) {
        size_t *nr = calloc(src.ntraces + 1, sizeof(*nr));
        br_source_mark_folds(&src);
        for (size_t i = 0; i < src.ntraces; i++)
            nr[i] = src.traces[i]->nr;
        br_cli_apply_tz(&src, zone);
        br_cli_settle_folds(&src);
        /* placed or left floating (a time in the zone's gap), never more
         * samples, and in order */
        for (size_t i = 0; i < src.ntraces; i++) {
            const struct br_trace *tr = src.traces[i];
            assert(tr->nr <= nr[i]);
            assert(tr->zoned || !tr->timed || src.diags.nerrors);
            for (size_t k = 1; k < tr->nr; k++)
                assert(!(tr->t[k] < tr->t[k - 1]));
        }
        free(nr);
    }
    br_lines_release(&lr);
    fclose(f);
    br_source_release(&src);
    return 0;
}
