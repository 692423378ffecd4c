/*
 * fuzz_manifest.c: libFuzzer harness for parsers/manifest.c, the label
 * manifest (benchreport.csv). The reader takes a path, so the input is put in
 * a memory file and read through /proc/self/fd. Every row it keeps must have
 * a file name and a line within the input.
 */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "parsers/manifest.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct br_manifest m = BR_MANIFEST_INIT;
    struct br_diag d = { 0 };
    char path[64];
    size_t lines = 1;
    int fd = memfd_create("benchreport.csv", MFD_CLOEXEC);

    if (fd < 0)
        return 0;
    if (write(fd, data, size) != (ssize_t)size) {
        close(fd);
        return 0;
    }
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n' || data[i] == '\r';
    snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
    if (br_manifest_read(&m, path, &d) == 0) {
        for (size_t i = 0; i < m.nr; i++) {
            assert(m.rows[i].file && m.rows[i].file[0]);
            assert(m.rows[i].line >= 1 && m.rows[i].line <= lines);
            assert(br_manifest_find(&m, m.rows[i].file));
        }
    } else {
        assert(d.line <= lines);
        assert(memchr(d.msg, '\0', sizeof(d.msg)));
    }
    br_manifest_release(&m);
    close(fd);
    return 0;
}
