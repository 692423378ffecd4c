#!/bin/sh
# Peak memory and time of the report command on a directory of N small files
# (default 20000: half one-line nvidia-smi traces, half two-epoch Keras logs,
# 1000 to a folder), issue 13.17. Prints "N files: S s, K KiB peak".
# usage: bench/many_files_bench.sh [N] [DIR]
set -eu
cd "$(dirname "$0")/.."
n=${1:-20000}
dir=${2:-/tmp}/benchreport-many-$n
if [ ! -d "$dir" ]; then
    python3 - "$dir" "$n" <<'PY'
import os, sys
root, n = sys.argv[1], int(sys.argv[2])
for i in range(0, n, 2):
    d = os.path.join(root, "d%03d" % (i // 1000))
    os.makedirs(d, exist_ok=True)
    open(os.path.join(d, "dev%d_mlp_power_32.csv" % i), "w").write(
        "timestamp, power.draw [W]\n2024/01/01 00:00:00.000, 100.00 W\n"
        "2024/01/01 00:00:01.000, 110.00 W\n")
    open(os.path.join(d, "dev%d_mlp_train_32.log" % i), "w").write(
        "Epoch 1/2\n10/10 [==============================] - 1s 100ms/step - loss: 0.5\n"
        "Epoch 2/2\n10/10 [==============================] - 1s 100ms/step - loss: 0.4\n")
PY
fi
mkdir -p build/bench
/usr/bin/time -f '%e %M' -o build/bench/many.txt bin/benchreport "$dir" --as csv > /dev/null 2>&1
read -r s kb < build/bench/many.txt
echo "$n files: $s s, $kb KiB peak"
