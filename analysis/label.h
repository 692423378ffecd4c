#ifndef BR_LABEL_H
#define BR_LABEL_H
/*
 * The label pass: gives every run of a source its device, model and batch
 * labels, from (strongest first) the command line, the directory's manifest,
 * the file name, what the log says about itself (set by the parser; its
 * device string is also kept as the run's hardware), the directory name. A
 * run with neither a model nor a batch label gets its file's name, less its extensions
 * (".txt", ".log.txt"; never a number's ".010"), as its model, so that unlabelled runs
 * of different files are never pooled; so does a summary's row with a batch but no model
 * and no device but the directory's (a script's table of one device per file, the device
 * in its name: mrdbourke's Apple_M3_Max_..._pytorch_results.csv). Such a row's device is
 * the hardware name in its file's name, when it has one (Apple_M3_Max, NVIDIA_TITAN_RTX,
 * Tesla_V100-SXM2-16GB: br_hw_name_words), and its model the words after it
 * (CIFAR100_resnet50_32_pytorch_results), so that the devices' files compare as one
 * workload. Each label keeps where it came from.
 *
 * File names follow the seeds' convention <device>_<model>_<anything>_<batch>
 * (v100_resnet50_gpu_power_32.txt): at least three '_'-separated words, the
 * last one a number; not a name of settings, three words or more each followed by a
 * number (model_epochs_10_nhid_200_batch_size_20_nlayers_1.md), nor one whose last number
 * the log contradicts (Informer_ETTh1_336_96.log, whose Namespace says batch_size=128: a
 * model, a dataset, two lengths). A trace's file may also be <device>_<what> or
 * <device>-<what>, where what says it is a power recording (power, gpu,
 * energy, watts, nvsmi, powermetrics, rapl, tegrastats, trace): m1_power.csv
 * is the M1's. The directory, when nothing else names the device, is the
 * device, unless its name is a generic one (logs, runs, results, tmp...).
 * A framework a file's name says in a word of its own (log_pytorch.csv,
 * keras-mnist.log; one framework, not two) is the run's framework, over the
 * parser's guess from the log's layout (a PyTorch script may write a Keras
 * CSVLogger's table).
 */
#include "model/manifest.h"
#include "model/source.h"

struct br_label_overrides {
    const char *device, *model, *batch, *framework;   /* --label k=v; NULL = not given */
};

/*
 * Labels the runs of `src`. `manifest` may be NULL. Never fails: a label
 * that no source gives stays NULL.
 */
void br_label_source(struct br_source *src, const struct br_manifest *manifest,
                     const struct br_label_overrides *cli);

/*
 * Splits a file name by the convention above. Returns 1 and copies the
 * parts into the buffers (each of `size` bytes), or 0 when it does not fit.
 */
int br_label_from_filename(const char *path, char *device, char *model, char *batch,
                           size_t size);

/*
 * A trace file's device from <device>_<what> (above): returns 1 and copies
 * it into `device` (`size` bytes), or 0 when the name is not of that form or
 * its first word is itself a generic one (gpu_power.csv names no device).
 */
int br_trace_device_from_filename(const char *path, char *device, size_t size);

#endif
