#!/bin/sh
# The whole pipeline in whole mode (parse, quantile 0.3, mean power, energy per epoch)
# on a 10M-line nvidia-smi trace, beside the seeds' pandas pipeline on the same file
# (../shared/bench/seed_pandas.py), best of REPEAT runs (default 3) each.
# usage: bench/pipeline_bench.sh [LINES] [DIR]
set -eu
cd "$(dirname "$0")/.."
n=${1:-10000000}
dir=${2:-/tmp}
repeat=${REPEAT:-3}
exp=$dir/benchreport-pipeline-$n
mkdir -p build/bench "$exp"
cc -O2 -o build/bench/gen_nvsmi bench/gen_nvsmi.c
[ -s "$exp/dev_model_gpu_power_32.csv" ] || build/bench/gen_nvsmi "$n" > "$exp/dev_model_gpu_power_32.csv"
printf 'Epoch 1/2\n10/10 [==============================] - 60s 6s/step - loss: 1.0\nEpoch 2/2\n10/10 [==============================] - 60s 6s/step - loss: 0.9\n' \
    > "$exp/dev_model_train_32.log"
cat "$exp/dev_model_gpu_power_32.csv" > /dev/null
. bench/best.sh
br=$(best bin/benchreport "$exp" --as csv)
grep -v '^device' build/bench/out.txt | cut -d, -f1-3,10,11,15 | sed 's/^/  benchreport row: /'
pd=$(best /usr/bin/python3 ../shared/bench/seed_pandas.py "$exp/dev_model_gpu_power_32.csv")
sed 's/^/  pandas: /' build/bench/out.txt
printf '%-28s %8s %10s\n' pipeline seconds peak_MB
echo "$br" | awk '{ printf "%-28s %8.2f %10.0f\n", "benchreport (whole mode)", $1, $2 / 1024 }'
echo "$pd" | awk '{ printf "%-28s %8.2f %10.0f\n", "pandas (seed pipeline)", $1, $2 / 1024 }'
echo "$br $pd" | awk '{ printf "speedup: %.1fx\n", $3 / $1 }'
