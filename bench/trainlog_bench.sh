#!/bin/sh
# Reading training logs: benchreport inspect on a piped Keras log with every progress
# line (bench/gen_keras.c), beside `wc -l`; best of REPEAT runs (default 3).
# usage: bench/trainlog_bench.sh [MB] [DIR]   (default 1024 MB in /tmp)
set -eu
cd "$(dirname "$0")/.."
mb=${1:-1024}
dir=${2:-/tmp}
repeat=${REPEAT:-3}
mkdir -p build/bench
cc -O2 -o build/bench/gen_keras bench/gen_keras.c
f=$dir/benchreport-keras-$mb.log
[ -s "$f" ] || build/bench/gen_keras "$mb" > "$f"
bytes=$(stat -c %s "$f")
cat "$f" > /dev/null
. bench/best.sh
printf '%-24s %10s %8s %10s %10s\n' tool MB seconds MB/s peak_MB
for tool in "wc -l" "benchreport inspect"; do
    case $tool in
        wc*) r=$(best wc -l "$f") ;;
        *) r=$(best bin/benchreport inspect "$f") ;;
    esac
    echo "$r" | awk -v t="$tool" -v b="$bytes" '{ printf "%-24s %10.0f %8.2f %10.0f %10.0f\n",
        t, b / 1048576, $1, ($1 > 0 ? b / 1048576 / $1 : 0), $2 / 1024 }'
done
bin/benchreport inspect "$f" | awk 'NR <= 3'
