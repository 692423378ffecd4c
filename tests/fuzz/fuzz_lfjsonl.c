/* fuzz_lfjsonl.c: libFuzzer harness for the lfjsonl parser (see fuzz_common.h). */
#include "tests/fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_one("lfjsonl", data, size);
}
