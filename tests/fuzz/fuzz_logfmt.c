/*
 * fuzz_logfmt.c: libFuzzer harness for format files (parsers/logfmt.c): any
 * text must load or fail with a located diagnostic, and a format that loads
 * must run on its own samples and on its text as a log without trouble.
 */
#include <string.h>

#include "parsers/logfmt.h"
#include "parsers/logrun.h"
#include "tests/fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct br_logfmt f;
    struct br_diag d = { 0 };
    struct br_diags out = BR_DIAGS_INIT;

    if (br_logfmt_load(&f, "fuzz.fmt", (const char *)data, size, &d) == 0) {
        struct br_logscore sc = { 0 };
        struct br_source src;
        FILE *in = fmemopen((void *)data, size ? size : 1, "rb");
        struct br_lines lr;

        br_logfmt_check(&f, &out);
        br_logfmt_score(&f, (const char *)data, size, &sc);
        br_source_init(&src, "fuzz");
        if (in) {
            br_lines_init(&lr, in);
            br_logrun(&f, NULL, &lr, &src);
            br_lines_release(&lr);
            fclose(in);
        }
        br_source_release(&src);
    } else {
        assert(d.msg[0] != '\0');
    }
    br_diags_release(&out);
    br_logfmt_release(&f);
    return 0;
}
