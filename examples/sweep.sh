#!/bin/sh
# The seeds' sweep with benchtrain: every model at batch sizes 32, 128, 512, 1024, each
# run's log and power trace in DIR, named so that benchreport labels them
# (<device>_<model>_train_<batch>.log). Then: benchreport DIR [--tz UTC] -o summary.csv
# usage: [MODELS='mlp cnn'] examples/sweep.sh DEVICE-LABEL DIR [BACKEND] [EPOCHS]
set -eu
device=$1
dir=$2
backend=${3:-ref}
epochs=${4:-5}
bt=$(dirname "$0")/../bin/benchtrain
mkdir -p "$dir"
for model in ${MODELS:-mlp cnn cifar0 cifar1 cifar2 cifar3}; do
    for batch in 32 128 512 1024; do
        power=
        [ "$backend" = cuda ] && power="--power $dir/${device}_${model}_power_${batch}.csv"
        # shellcheck disable=SC2086
        "$bt" --model $model --backend "$backend" --batch $batch --epochs "$epochs" $power \
            > "$dir/${device}_${model}_train_${batch}.log" || echo "$model $batch: failed (kept as DNF)"
        sleep 5   # idle between runs, so that a shared trace shows them apart
    done
done
echo "now: benchreport $dir -o summary.csv"
