/*
 * fuzz_trainlog.c: libFuzzer harness for the training-log engine with the
 * built-in formats (compiled once: a harness may keep state, the library
 * may not).
 */
#include "parsers/logfmt.h"
#include "tests/fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct br_logfmts formats;
    static int ready;
    struct br_parse_opts o = BR_PARSE_OPTS_INIT;

    if (!ready) {
        ready = br_logfmts_init(&formats, NULL) == 0;
        assert(ready);
    }
    o.formats = &formats;
    return fuzz_one_opts("trainlog", data, size, &o);
}
