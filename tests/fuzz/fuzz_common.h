#ifndef BR_FUZZ_COMMON_H
#define BR_FUZZ_COMMON_H
/*
 * The body every libFuzzer harness shares: the input is a whole file, fed to
 * one parser through the same line reader the CLI uses. A parser must never
 * crash, hang or leak on it, and whatever it returns must be consistent:
 * every trace's columns as long as its sample count, every diagnostic's line
 * no later than the last line read.
 */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>

#include "parsers/parser.h"

static inline int fuzz_one_opts(const char *parser_name, const uint8_t *data, size_t size,
                         const struct br_parse_opts *o)
{
    const struct br_parser *p = br_parser_find(parser_name, NULL);
    struct br_source src;
    struct br_lines lr;
    struct br_buf why = BR_BUF_INIT;
    const char *head;
    size_t n;
    FILE *f;

    if (size == 0)
        return 0;
    f = fmemopen((void *)data, size, "rb");
    if (!f)
        return 0;
    br_source_init(&src, "fuzz");
    br_lines_init(&lr, f);
    br_lines_peek(&lr, &head, &n);
    p->sniff(head, n, o, &why);
    (void)p->parse(&lr, &src, o);
    for (size_t i = 0; i < src.ntraces; i++) {
        const struct br_trace *tr = src.traces[i];
        assert(tr->nr <= tr->alloc);
        for (size_t k = 0; k < tr->nch; k++)
            for (size_t j = 0; j < tr->nr; j++)
                (void)tr->ch[k].v[j];
    }
    for (size_t i = 0; i < src.diags.nr; i++)
        assert(src.diags.v[i].line <= lr.lineno + 1);
    br_lines_release(&lr);
    fclose(f);
    br_buf_release(&why);
    br_source_release(&src);
    return 0;
}

static inline int fuzz_one(const char *parser_name, const uint8_t *data, size_t size)
{
    return fuzz_one_opts(parser_name, data, size, NULL);
}

#endif
