/*
 * fuzz_nvsmi_columns.c: parsers/nvsmi.c with --columns given, the path that
 * takes every line as data (see fuzz_common.h).
 */
#include "tests/fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct br_parse_opts o = BR_PARSE_OPTS_INIT;
    o.columns = "timestamp,utilization.gpu,memory.used,power.draw";
    return fuzz_one_opts("nvsmi", data, size, &o);
}
