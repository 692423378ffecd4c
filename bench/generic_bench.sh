#!/bin/sh
# The generic reader (logs in a script's own words): benchreport inspect on real
# logs from realfiles/generic repeated to about MB megabytes (ImageNet-style step
# lines with timestamps, minute-and-second epoch times, a Train and a Test line per
# epoch), beside `wc -l`; best of REPEAT runs (default 3). Each copy starts the epoch
# numbers again, so the reader sees many runs, as a log appended to many times does.
# usage: bench/generic_bench.sh [MB] [DIR] [BENCHREPORT]   (default 20 MB in /tmp)
set -eu
cd "$(dirname "$0")/.."
mb=${1:-20}
dir=${2:-/tmp}
bin=${3:-bin/benchreport}
repeat=${REPEAT:-3}
g=realfiles/generic
f=$dir/benchreport-generic-$mb.log
if [ ! -s "$f" ]; then
    : > "$f"
    while [ "$(stat -c %s "$f")" -lt $((mb * 1048576)) ]; do
        cat "$g/causalhtp_imagenet-style-bracket-steps_avg-in-parens_test-every-epoch-after-250_cut.log" \
            "$g/shufflefacenet_script-capture_time-15m-1s_test-every-5.txt" \
            "$g/numpy-mlp_logging_train-then-test-epoch-lines_log2.log" >> "$f"
    done
fi
bytes=$(stat -c %s "$f")
cat "$f" > /dev/null
mkdir -p build/bench
. bench/best.sh
printf '%-24s %10s %8s %10s %10s\n' tool MB seconds MB/s peak_MB
for tool in "wc -l" "benchreport inspect"; do
    case $tool in
        wc*) r=$(best wc -l "$f") ;;
        *) r=$(best "$bin" inspect "$f") ;;
    esac
    echo "$r" | awk -v t="$tool" -v b="$bytes" '{ printf "%-24s %10.0f %8.2f %10.0f %10.0f\n",
        t, b / 1048576, $1, ($1 > 0 ? b / 1048576 / $1 : 0), $2 / 1024 }'
done
"$bin" inspect "$f" 2>/dev/null | awk 'NR <= 2'
