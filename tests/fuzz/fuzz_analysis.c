/*
 * fuzz_analysis.c: libFuzzer harness for the whole analysis, as `benchreport
 * DIR` runs it: the input is a directory of two files, a training log and a
 * power trace, split at the first form feed line ("\n\f\n"; without one, all
 * of it is the log). Each file is recognised and parsed as the CLI does,
 * labelled, analysed, and written as the CSV, JSON and text summaries.
 */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/analysis.h"
#include "cli/cli.h"
#include "parsers/parser.h"
#include "render/summary.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[64];

static int put(const char *name, const uint8_t *p, size_t n, char *path, size_t size)
{
    FILE *f;

    snprintf(path, size, "%s/%s", dir, name);
    if (!(f = fopen(path, "wb")))
        return -1;
    if (n && fwrite(p, 1, n, f) != n) {
        fclose(f);
        return -1;
    }
    return fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *ff = memmem(data, size, "\n\f\n", 3);
    size_t nlog = ff ? (size_t)(ff - data) + 1 : size;
    char paths[2][128];
    struct br_source src[2], *sp[2] = { &src[0], &src[1] };
    struct br_cli_labels labels;
    struct br_analysis_opts o;
    struct br_parse_opts po;
    struct br_analysis a;
    FILE *null;

    if (!dir[0]) {
        snprintf(dir, sizeof(dir), "/tmp/fuzz-analysis-XXXXXX");
        if (!mkdtemp(dir))
            abort();
    }
    if (put("v100_mlp_train_32.log", data, nlog, paths[0], sizeof(paths[0])) < 0 ||
        put("v100_mlp_power_32.csv", ff ? ff + 3 : data, ff ? size - nlog - 2 : 0, paths[1],
            sizeof(paths[1])) < 0)
        return 0;
    memset(&labels, 0, sizeof(labels));
    memset(&po, 0, sizeof(po));
    br_analysis_opts_init(&o);
    for (int i = 0; i < 2; i++) {
        br_source_init(&src[i], paths[i]);
        br_source_load(&src[i], NULL, &po, NULL);
        br_cli_label(&labels, &src[i]);
    }
    null = fopen("/dev/null", "w");
    br_analyze(&a, sp, 2, &o);
    br_summary_csv(null, &a, 0);
    br_summary_csv(null, &a, 1);
    br_summary_json(null, &a, &o, 0);
    br_summary_text(null, &a, &o);
    br_analysis_release(&a);
    fclose(null);
    for (int i = 0; i < 2; i++)
        br_source_release(&src[i]);
    br_cli_labels_release(&labels);
    return 0;
}
