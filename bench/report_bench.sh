#!/bin/sh
# Rendering the whole PDF report of a seed-sized experiment (bench/gen_experiment.py:
# 2 devices x 4 models x 5 batch sizes x 10 epochs, 1 Hz traces over 3 hours), best of
# REPEAT runs (default 3): total time, and the time of the same run writing CSV (the
# parse and analysis alone), so that the difference is the drawing.
set -eu
cd "$(dirname "$0")/.."
dir=${1:-/tmp/benchreport-experiment}
repeat=${REPEAT:-3}
[ -s "$dir/devB_power.csv" ] || python3 bench/gen_experiment.py "$dir"
mkdir -p build/bench
. bench/best.sh
pdf=$(best bin/benchreport "$dir" --baseline devA -o build/bench/report.pdf)
pdf=${pdf%% *}
csv=$(best bin/benchreport "$dir" --baseline devA -o build/bench/summary.csv)
csv=${csv%% *}
echo "seed-sized experiment: $(ls "$dir" | wc -l) files, $(pdfinfo build/bench/report.pdf | awk '/^Pages/ { print $2 }') pages"
printf '%-34s %8s\n' step seconds
printf '%-34s %8s\n' "parse + analyse (-o summary.csv)" "$csv"
printf '%-34s %8s\n' "parse + analyse + PDF" "$pdf"
