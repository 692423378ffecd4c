/* fuzz_codecarbon.c: libFuzzer harness for parsers/codecarbon.c (see fuzz_common.h). */
#include "tests/fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_one("codecarbon", data, size);
}
