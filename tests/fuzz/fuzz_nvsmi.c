/*
 * fuzz_nvsmi.c: libFuzzer harness for parsers/nvsmi.c (see fuzz_common.h):
 * each input twice, as it is and with --columns given (the path that takes
 * every line as data), so that one harness covers both.
 */
#include "tests/fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct br_parse_opts o = BR_PARSE_OPTS_INIT;

    o.columns = "timestamp,utilization.gpu,memory.used,power.draw";
    fuzz_one("nvsmi", data, size);
    return fuzz_one_opts("nvsmi", data, size, &o);
}
