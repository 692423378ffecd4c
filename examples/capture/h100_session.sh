#!/bin/sh
# The recording session behind examples/h100-*: run on a machine with one NVIDIA GPU,
# PyTorch and Lightning. Records nvidia-smi power traces (the seeds' 1 s
# `timestamp, power.draw` command, and a 100 ms trace with more columns) over a sweep
# of the seeds' Fashion-MNIST MLP and CNN at batch sizes 32..1024, 5 epochs each, with
# 5 s of idle between runs; each training log is kept raw (as `tee` gives it) and
# with arrival times (as `ts` gives it). usage: h100_session.sh DATADIR OUTDIR
set -u
data=$1
out=$2
here=$(dirname "$0")
mkdir -p "$out"
nvidia-smi > "$out/nvidia-smi.txt" 2>&1
nvidia-smi -q > "$out/nvidia-smi-q.txt" 2>&1
nvidia-smi --help-query-gpu > "$out/help-query-gpu.txt" 2>&1
cols=timestamp,index,name,pstate,temperature.gpu,utilization.gpu,memory.used,clocks.sm,power.draw,power.draw.average,power.draw.instant
nvidia-smi --query-gpu=$cols --format=csv -lms 100 -f "$out/power-100ms.csv" &
p1=$!
nvidia-smi --query-gpu=timestamp,power.draw --format=csv --loop-ms=1000 -f "$out/power-1s.csv" &
p2=$!
sleep 10
for model in mlp cnn; do
  for batch in 32 128 512 1024; do
    run="$out/h100_${model}_${batch}"
    python3 -u "$here/torch_fmnist.py" "$data" $model $batch 5 2>&1 \
      | tee "$run.log" | python3 -u "$here/tsprefix.py" > "$run.ts.log"
    sleep 5
  done
done
python3 -u "$here/lightning_fmnist.py" "$data" 128 3 > "$out/h100_lightning_mlp_128.log" 2>&1
sleep 5
kill $p1 $p2
wait
ls -la "$out"
