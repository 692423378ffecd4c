/* fuzz_epochcsv.c: libFuzzer harness for the epochcsv parser (see fuzz_common.h); an
 * input whose first byte is odd is also read as the second reading of a power CSV
 * (beside_power: watts columns and rows of no epoch skipped). */
#include "tests/fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct br_parse_opts o = BR_PARSE_OPTS_INIT;

    if (size && (data[0] & 1)) {
        o.beside_power = 1;
        fuzz_one_opts("epochcsv", data, size, &o);
    }
    return fuzz_one("epochcsv", data, size);
}
