#!/bin/sh
# A session for the alignment checks, held out from the rules it checks: logged PyTorch
# runs with, between them, two jobs nobody logged, one of them the same kind of run as the
# logged ones (a PyTorch cnn/32) and one benchtrain's. The runs, 6 s apart: mlp/64 x4,
# [benchtrain cuda cnn/32 x5, no log], cnn/64 x3, [PyTorch cnn/32 x2, no log], mlp/32 x3
# (torch_fmnist.py; tee'd with arrival times in UTC). The traces: the seeds' command at 1 s
# with TZ=Europe/Berlin (smi_berlin.csv: local time, UTC+1), power.draw.instant every
# 100 ms in UTC (smi_instant.csv), and NVML's counter every 10 ms (nvml.csv, the truth).
# usage (device tool, after bench/gpu_session.sh pack): examples/capture/mixed_session.sh
#        OUTDIR, carry [".dev/gpu"]; everything comes back as OUTDIR/mixed.tar.gz
set -u
cd "$(dirname "$0")/../.."
NAME=mixed OUTDIR=$1
. examples/capture/session_setup.sh

$py $cap/nvml_energy.py "$work/nvml.csv" 10 &
pids=$!
TZ=Europe/Berlin nvidia-smi --query-gpu=timestamp,power.draw --format=csv --loop-ms=1000 \
    -f "$work/smi_berlin.csv" &
pids="$pids $!"
TZ=UTC nvidia-smi --query-gpu=timestamp,power.draw.instant --format=csv -lms 100 \
    -f "$work/smi_instant.csv" &
pids="$pids $!"
sleep 8
logged() { # model batch epochs
    timeout 100 $py -u $cap/torch_fmnist.py "$data" "$@" 2>&1 | tee "$work/h200_$1_$2.log" |
        $py -u $cap/tsprefix.py > "$work/h200_$1_$2.ts.log"
    sleep 6
    keep
}
logged mlp 64 4
timeout 60 "$bt" --model cnn --backend cuda --batch 32 --epochs 5 --data "$data" > /dev/null 2>&1
sleep 6
logged cnn 64 3
timeout 100 $py -u $cap/torch_fmnist.py "$data" cnn 32 2 > /dev/null 2>&1
sleep 6
logged mlp 32 3
kill $pids
wait
ls -la "$work"
keep
