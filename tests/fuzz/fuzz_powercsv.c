/* fuzz_powercsv.c: libFuzzer harness for parsers/powercsv.c (see fuzz_common.h). */
#include "tests/fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_one("powercsv", data, size);
}
