#ifndef BR_HWNAME_H
#define BR_HWNAME_H
/*
 * Short device names from hardware strings, as people write them in file
 * names and papers: "NVIDIA H100 80GB HBM3" -> "h100", "Tesla V100-SXM2-16GB"
 * -> "v100", "NVIDIA GeForce RTX 4090" -> "rtx4090", "Apple M2 Max" ->
 * "m2max", "Tesla T4" -> "t4". Vendor and family words are dropped; the
 * first word with a digit is the model (joined to a short letter word
 * before it when it is all digits, "RTX 4090"), its dash-separated variant
 * cut off, and a following Max, Pro, Ultra, Ti or Super kept.
 */
#include <stddef.h>

/*
 * Writes the short name of `hw` into out[size]. Returns 1, or 0 (and out "")
 * when `hw` has no word with a digit in it.
 */
int br_hw_short(const char *hw, char *out, size_t size);

/*
 * Seconds over which nvidia-smi's power.draw (NVML's power usage) of the GPU
 * that `hw` names averages: 1 on Ampere and newer but GA100 (H100, L4,
 * RTX 30xx, ...), 0 (instantaneous) on GA100 (A100, A800, A30) and on older
 * NVIDIA GPUs (V100, T4, Tesla, GeForce, Quadro, TITAN), -1 for NULL or a name
 * that is not an NVIDIA GPU's (NVML's nvmlDeviceGetPowerUsage documentation).
 */
double br_hw_power_window(const char *hw);

/*
 * Finds a GPU's name (an NVIDIA or an Apple one) in the line [s, s+n), as programs print it:
 * "Using device: cuda (NVIDIA H100 80GB HBM3)", TensorFlow's "name: NVIDIA
 * A100-SXM4-40GB, pci bus id", "GPU 0: Tesla V100-SXM2-16GB (UUID: ...)". The
 * name runs from "NVIDIA ", "Tesla ", "GeForce ", "Quadro " or "Apple M" and a digit
 * (tensorflow-metal's "Metal device set to: Apple M1 Pro") to a quote, a
 * bracket, ',', ';', '|', a tab, two spaces or the end, and has a digit in it.
 * Returns its length (0: none) and its start in *at.
 */
size_t br_hw_find_gpu(const char *s, size_t n, const char **at);

/*
 * A hardware name written into a file name with '_' between its words, as scripts that
 * write one result file per device name them (mrdbourke/mac-ml-speed-test's
 * Apple_M3_Max_CIFAR100_resnet50_32_pytorch_results.csv, NVIDIA_TITAN_RTX_...,
 * Tesla_V100-SXM2-16GB_...): a vendor's word (Apple, NVIDIA, Tesla, GeForce, Quadro, AMD,
 * Radeon) at a word's start, then Apple's M1..M9 with Pro, Max or Ultra, or words that
 * name a GPU (GeForce, RTX, TITAN, Laptop, GPU, Ti, ...) or a model number ("3080",
 * "V100-SXM2-16GB", "A100": at most two letters before the digits; not "CIFAR100").
 * Returns its length in [s, s+n) with *at its start, or 0 when there is none or it is the
 * vendor alone.
 */
size_t br_hw_name_words(const char *s, size_t n, const char **at);

/*
 * br_hw_find_gpu into out[size] as a string. Returns 1, or 0 (out untouched)
 * when the line names none or the name does not fit.
 */
int br_hw_copy_gpu(const char *s, size_t n, char *out, size_t size);

/* The same for `gpu`, known to be an NVIDIA GPU's name (nvidia-smi's name column). */
double br_hw_nvidia_power_window(const char *gpu);

/*
 * The power domain of an NVIDIA Jetson rail named as tegrastats and jtop name it
 * (upper case): "combined" for the module's input (a name ending in _IN: VDD_IN,
 * POM_5V_IN; not VIN_SYS_5V0, an AGX Orin's 5 V system rail, part of the draw), "gpu"
 * or "cpu" for a rail of the GPU or the CPU alone (VDD_GPU, POM_5V_CPU), "dram" for
 * memory (DDR, DRAM, VDDQ...); NULL for a shared rail (VDD_SOC, VDD_CPU_GPU_CV, _CV),
 * which is a domain of its own, never added to another: the caller names it.
 */
const char *br_hw_jetson_rail_domain(const char *rail);

#endif
