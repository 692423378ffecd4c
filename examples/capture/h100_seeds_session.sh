#!/bin/sh
# A session recorded the seeds' way, with NVML's energy counter as the truth
# (issue: one clock, the right trace). Six PyTorch runs of about 12 to 75 s,
# their logs tee'd without times (and, for the check only, with arrival times
# from tsprefix.py), one `nvidia-smi --query-gpu=timestamp,power.draw
# --format=csv --loop-ms=1000` trace over the whole session (and a 100 ms one),
# 10 s of idle between runs, and nvml_energy.py polling the energy counter.
# The logs keep their modification times (the end of each run).
# The files are named after the GPU (h100_, h200_: the model in nvidia-smi's name,
# lower case). RUNS (runs separated by '|', each "name model batch epochs") replaces
# the six below, for a device call that must fit beside other work.
# usage: h100_seeds_session.sh DATADIR OUTDIR
# then:  tests/tools/session_truth.py OUTDIR bin/benchreport
set -u
data=$1
out=$2
here=$(dirname "$0")
mkdir -p "$out"
nvidia-smi > "$out/nvidia-smi.txt" 2>&1
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1 | awk '{ n = ($1 == "NVIDIA" || $1 == "Tesla") ? $2 : $1; sub(/-.*/, "", n); print tolower(n) }')
python3 "$here/nvml_energy.py" "$out/nvml-energy.csv" 20 &
p0=$!
nvidia-smi --query-gpu=timestamp,power.draw --format=csv --loop-ms=1000 -f "$out/power-1s.csv" &
p1=$!
nvidia-smi --query-gpu=timestamp,power.draw --format=csv -lms 100 -f "$out/power-100ms.csv" &
p2=$!
sleep 10
# name model batch epochs: about 13, 19, 16, 31, 53 and 76 s of epochs on an H100;
# each run's labels (model, batch) differ, so each is its own row
runs=${RUNS:-"mlp mlp 32 5|cnn cnn 32 5|mlp mlp 128 20|cnn cnn 128 30|mlplong mlp 32 20|cnnlong cnn 32 20"}
IFS='|'
for run in $runs; do
  IFS=' '
  set -- $run
  name="$out/${gpu:-gpu}_$1_$3"
  python3 -u "$here/torch_fmnist.py" "$data" "$2" "$3" "$4" 2>&1 \
    | tee "$name.log" | python3 -u "$here/tsprefix.py" > "$name.ts.log"
  sleep 10
done
kill $p1 $p2 $p0
wait
ls -la --time-style=full-iso "$out"
