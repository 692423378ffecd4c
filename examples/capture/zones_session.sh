#!/bin/sh
# A session for the clock and matching checks: training runs with logs and one without,
# recorded by the seeds' nvidia-smi command three times over, each in another time zone
# (nvidia-smi writes local time without a zone: TZ sets it), and NVML's counter polled
# every 10 ms as the truth. The runs, 6 s apart:
#   PyTorch twins (torch_fmnist.py, tee'd raw and with arrival times in UTC): mlp/128 x6,
#   cnn/256 x4; benchtrain cuda cifar3/128 x3 with no log kept (a job nobody logged);
#   torch_cifar.py cifar1/128 x3; benchtrain cuda cnn/128 x4 with its own log (UTC times).
# The traces: smi_utc.csv (TZ=UTC), smi_newyork.csv (TZ=America/New_York, UTC-5),
# smi_kolkata.csv (TZ=Asia/Kolkata, UTC+5:30), all --loop-ms=1000; nvml.csv.
# usage (device tool, after bench/gpu_session.sh pack): examples/capture/zones_session.sh
#        OUTDIR, carry [".dev/gpu"]; everything comes back as OUTDIR/zones.tar.gz
set -u
cd "$(dirname "$0")/../.."
NAME=zones OUTDIR=$1
. examples/capture/session_setup.sh
q="--query-gpu=timestamp,power.draw --format=csv --loop-ms=1000"

$py $cap/nvml_energy.py "$work/nvml.csv" 10 &
pids=$!
TZ=UTC nvidia-smi $q -f "$work/smi_utc.csv" &
pids="$pids $!"
TZ=America/New_York nvidia-smi $q -f "$work/smi_newyork.csv" &
pids="$pids $!"
TZ=Asia/Kolkata nvidia-smi $q -f "$work/smi_kolkata.csv" &
pids="$pids $!"
sleep 8

logged() { # name command...
    name=$1
    shift
    timeout 100 "$@" 2>&1 | tee "$work/$name.log" | $py -u $cap/tsprefix.py > "$work/$name.ts.log"
    sleep 6
    keep
}
logged h200_mlp_128 $py -u $cap/torch_fmnist.py "$data" mlp 128 6
logged h200_cnn_256 $py -u $cap/torch_fmnist.py "$data" cnn 256 4
timeout 60 "$bt" --model cifar3 --backend cuda --batch 128 --epochs 3 > /dev/null 2>&1
sleep 6
logged h200_cifar1_128 $py -u $cap/torch_cifar.py cifar1 128 3
timeout 60 "$bt" --model cnn --backend cuda --batch 128 --epochs 4 --data "$data" \
    > "$work/bt_cnn_128.log" 2>&1
sleep 6
kill $pids
wait
ls -la "$work"
keep
