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

#endif
