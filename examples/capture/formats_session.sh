#!/bin/sh
# One sweep of training runs recorded by every power logger people use at once, so that
# each of benchreport's readers gets a real file of the same runs, and NVML's counter
# (polled every 10 ms) says what each epoch's energy was. The loggers, all on GPU 0:
#   smi_seeds.csv     nvidia-smi --query-gpu=timestamp,power.draw --format=csv --loop-ms=1000
#   smi_noheader.csv  the same with more columns, --format=csv,noheader (units in the values)
#   smi_nounits.csv   timestamp,power.draw,utilization.gpu --format=csv,noheader,nounits
#   smi_table.log     nvidia-smi -l 1 (the table, its banner the time)
#   smi_dmon_t.log    nvidia-smi dmon -s pu -o T;  smi_dmon_dt.log: -o DT
#   smi_q.log         nvidia-smi -q -d POWER -l 1
#   nvml.csv          examples/capture/nvml_energy.py every 10 ms (the truth)
# The runs, 5 s apart: the seeds' PyTorch twins (torch_fmnist.py; raw log as tee gives it,
# and with arrival times as ts gives it) cnn/32, mlp/32, cnn/128; then benchtrain cuda with
# its own 100 ms trace: cnn/32, mlp/1024 (13 ms epochs: its last epoch needs the reading
# at the stop), cifar2/128.
# usage (device tool, after bench/gpu_session.sh pack): examples/capture/formats_session.sh
#        OUTDIR, carry [".dev/gpu"]; everything comes back as OUTDIR/formats.tar.gz
set -u
cd "$(dirname "$0")/../.."
NAME=formats OUTDIR=$1
. examples/capture/session_setup.sh

nvidia-smi > "$work/nvidia-smi.txt" 2>&1
$py $cap/nvml_energy.py "$work/nvml.csv" 10 &
pids=$!
nvidia-smi --query-gpu=timestamp,power.draw --format=csv --loop-ms=1000 -f "$work/smi_seeds.csv" &
pids="$pids $!"
nvidia-smi --query-gpu=timestamp,utilization.gpu,utilization.memory,memory.used,memory.total,temperature.gpu,power.draw \
    --format=csv,noheader -l 1 > "$work/smi_noheader.csv" &
pids="$pids $!"
nvidia-smi --query-gpu=timestamp,power.draw,utilization.gpu --format=csv,noheader,nounits -l 1 \
    > "$work/smi_nounits.csv" &
pids="$pids $!"
nvidia-smi -l 1 > "$work/smi_table.log" 2>&1 &
pids="$pids $!"
nvidia-smi dmon -s pu -o T > "$work/smi_dmon_t.log" 2>&1 &
pids="$pids $!"
nvidia-smi dmon -s pu -o DT > "$work/smi_dmon_dt.log" 2>&1 &
pids="$pids $!"
nvidia-smi -q -d POWER -l 1 > "$work/smi_q.log" 2>&1 &
pids="$pids $!"
sleep 8

twin() { # model batch epochs
    run="$work/pt_$1_$2"
    timeout 90 $py -u $cap/torch_fmnist.py "$data" $1 $2 $3 2>&1 | tee "$run.log" |
        $py -u $cap/tsprefix.py > "$run.ts.log"
    sleep 5
    keep
}
bench() { # model batch epochs
    da=""; case $1 in mlp | cnn) da="--data $data" ;; esac   # cifar* is synthetic
    timeout 90 "$bt" --model $1 --backend cuda --batch $2 --epochs $3 $da \
        --power "$work/bt_$1_$2_power.csv" --power-interval-ms 100 > "$work/bt_$1_$2.log" 2>&1
    sleep 5
    keep
}
twin cnn 32 3
twin mlp 32 3
twin cnn 128 5
bench cnn 32 3
bench mlp 1024 5
bench cifar2 128 4
sleep 3
kill $pids
wait
ls -la "$work"
keep
