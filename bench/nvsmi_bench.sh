#!/bin/sh
# Reading nvidia-smi traces: benchreport inspect against the seeds' pandas pipeline
# (../shared/bench/seed_pandas.py) and `wc -l`, on the same 1M- and 10M-line files,
# measured side by side in one run. Prints seconds, MB/s and peak RSS. These machines
# are shared and noisy (the same command varies by 2x from run to run), so each tool
# runs REPEAT times (default 3) and the fastest run is reported.
# usage: bench/nvsmi_bench.sh [DIR]   (DIR holds the generated traces; default /tmp)
set -eu
cd "$(dirname "$0")/.."
dir=${1:-/tmp}
peer=../shared/bench/seed_pandas.py
mkdir -p build/bench
cc -O2 -o build/bench/gen_nvsmi bench/gen_nvsmi.c
for n in 1000000 10000000; do
    f=$dir/benchreport-nvsmi-$n.csv
    [ -s "$f" ] || build/bench/gen_nvsmi $n > "$f"
done
if ! /usr/bin/python3 -c 'import pandas' 2>/dev/null; then
    echo "(installing python3-pandas for the peer)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-pandas >/dev/null
fi

repeat=${REPEAT:-3}

measure() { # label, lines, bytes, command...: one row of the table, best of $repeat
    label=$1 lines=$2 bytes=$3
    shift 3
    secs=999999 kb=0
    i=0
    while [ $i -lt "$repeat" ]; do
        /usr/bin/time -f '%e %M' -o build/bench/time.txt "$@" >build/bench/out.txt 2>&1 \
            || { echo "$label failed:"; cat build/bench/out.txt; exit 1; }
        read -r s k < build/bench/time.txt
        secs=$(awk -v a="$s" -v b="$secs" 'BEGIN { print (a < b ? a : b) }')
        [ "$k" -gt "$kb" ] && kb=$k
        i=$((i + 1))
    done
    awk -v l="$label" -v n="$lines" -v b="$bytes" -v s="$secs" -v kb="$kb" 'BEGIN {
        printf "%-24s %10d %8.2f %10.0f %10.0f %12.1f\n", l, n, s, (s > 0 ? b / 1e6 / s : 0),
               kb / 1024, kb * 1024 / n }'
}

printf '%-24s %10s %8s %10s %10s %12s\n' tool lines seconds MB/s peak_MB bytes/sample
for n in 1000000 10000000; do
    f=$dir/benchreport-nvsmi-$n.csv
    bytes=$(stat -c %s "$f")
    cat "$f" > /dev/null   # warm the page cache for everyone alike
    measure "wc -l" $n "$bytes" wc -l "$f"
    measure "benchreport inspect" $n "$bytes" bin/benchreport inspect "$f"
    measure "pandas (seed pipeline)" $n "$bytes" /usr/bin/python3 $peer "$f"
done
