/* fuzz_generic.c: libFuzzer harness for the fallback training-log reader. */
#include "tests/fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_one("generic", data, size);
}
