#ifndef BR_CLI_RAPL_H
#define BR_CLI_RAPL_H
/*
 * rapl.h: `benchreport record --power rapl`: sampling the RAPL energy
 * counters that Linux's powercap exposes, /sys/class/powercap/intel-rapl:N
 * (the package, "package-N") and its subzone named "dram" (AMD's kernels
 * use the same names). Each counter, energy_uj, counts microjoules and wraps
 * to 0 past max_energy_range_uj. The cores and uncore subzones are parts of
 * the package and psys spans the platform: they are not sampled, so that no
 * figure adds a part to its whole. RAPL is the processor's estimate of its
 * package and DRAM energy, not what the machine draws at the wall.
 *
 * The environment variable BENCHREPORT_POWERCAP_ROOT names another root
 * than /sys/class/powercap (tests use a stand-in tree).
 */
#include <stddef.h>

#define BR_RAPL_MAX_ZONES 16

struct br_rapl_zone {
    char column[64];        /* "package-0 (W)", "dram-0 (W)" */
    char energy[4096];      /* the energy_uj file */
    double max_uj;          /* max_energy_range_uj; 0 when unknown */
    double last_uj;         /* the previous reading; NaN when none */
};

struct br_rapl {
    struct br_rapl_zone z[BR_RAPL_MAX_ZONES];
    size_t n;
    double last_t;
};

/* The powercap root: $BENCHREPORT_POWERCAP_ROOT, else /sys/class/powercap. */
const char *br_rapl_root(void);

/*
 * Finds the package and dram zones under `root` and reads each counter once.
 * Returns 0, or -1 with the reason in `why` (no zone; a counter that cannot
 * be read, which is root-only on Linux 5.10 and later).
 */
int br_rapl_open(struct br_rapl *r, const char *root, char *why, size_t size);

/*
 * The energy counted between two readings of a counter that wraps past
 * `max_uj`, in microjoules; NaN when a reading is missing or when it went
 * back and the range is unknown.
 */
double br_rapl_delta(double prev_uj, double now_uj, double max_uj);

/*
 * Samples every `interval_s` until killed, appending to the CSV file `fd`
 * (already open): a header "timestamp,package-0 (W),...", then one line a
 * sample, its ISO 8601 UTC time and each zone's mean power since the
 * previous line (empty when a counter could not be read). Never returns.
 */
void br_rapl_run(struct br_rapl *r, int fd, double interval_s) __attribute__((noreturn));

#endif
