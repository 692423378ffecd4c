#!/bin/sh
# The session behind examples/h100-benchtrain: benchtrain's cuda backend checked
# against the reference, then trained with --power (nvidia-smi beside it, NVML's
# energy counter per epoch), 5 s of idle between runs.
# usage: h100_benchtrain.sh BENCHTRAIN DATADIR OUTDIR
set -u
bt=$1
data=$2
out=$3
mkdir -p "$out"
for m in mlp cnn; do
    "$bt" --check --model $m --backend cuda --batch 32 --data "$data"
done
run() { # model batch epochs
    "$bt" --model "$1" --backend cuda --batch "$2" --epochs "$3" --data "$data" \
        --power "$out/h100_$1_power_$2.csv" --power-interval-ms 100 > "$out/h100_$1_train_$2.log"
    echo "h100_$1_$2: exit $?"
    sleep 5
}
run mlp 32 5
run mlp 1024 5
run cnn 128 3
