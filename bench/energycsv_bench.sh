#!/bin/sh
# Reading a log of NVML's energy counter polled every 20 ms (time_unix_s,energy_mj; the
# counter moves every fifth poll, as on an H200): benchreport inspect against the
# independent reader the tests use (tests/tools/nvml_counter.py, Python's csv module), on
# the same 1M- and 10M-line files, side by side in one run. Prints seconds, MB/s and peak
# RSS, the fastest of REPEAT runs (default 3): these machines are shared and noisy.
# usage: bench/energycsv_bench.sh [DIR]   (DIR holds the generated logs; default /tmp)
set -eu
cd "$(dirname "$0")/.."
dir=${1:-/tmp}
for n in 1000000 10000000; do
    f=$dir/benchreport-energy-$n.csv
    [ -s "$f" ] || awk -v n="$n" 'BEGIN {
        print "time_unix_s,energy_mj"
        e = 2955765
        for (i = 0; i < n; i++) {
            if (i % 5 == 0) e += 12000 + (i % 7) * 1000   # 120-180 W over 100 ms
            printf "%.6f,%.0f\n", 1795808192 + i * 0.02, e
        }
    }' > "$f"
done

. bench/best.sh
measure() { # label, lines, bytes, command...: one row, the best of $repeat runs
    label=$1 lines=$2 bytes=$3
    shift 3
    r=$(best "$@")
    awk -v l="$label" -v n="$lines" -v b="$bytes" -v s="${r%% *}" -v k="${r##* }" 'BEGIN {
        printf "%-34s %10d %8.2f %9.0f %9.0f\n", l, n, s, (s > 0 ? b / s / 1e6 : 0), k / 1024 }'
}

printf '%-34s %10s %8s %9s %9s\n' reader lines seconds MB/s peak_MB
for n in 1000000 10000000; do
    f=$dir/benchreport-energy-$n.csv
    bytes=$(wc -c < "$f")
    measure "benchreport inspect" "$n" "$bytes" bin/benchreport inspect "$f"
    measure "nvml_counter.py (Python csv)" "$n" "$bytes" /usr/bin/python3 -c \
        'import sys; sys.path.insert(0, "tests/tools"); import nvml_counter; print(len(nvml_counter.load(sys.argv[1])[0]))' "$f"
done
