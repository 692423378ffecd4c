/* fuzz_energycsv.c: libFuzzer harness for parsers/energycsv.c (see fuzz_common.h). */
#include "tests/fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_one("energycsv", data, size);
}
