#!/bin/sh
# The libraries' own outputs on a GPU, with power recorded beside them by the nvidia-smi
# shapes no session had recorded, and NVML's counter polled every 10 ms as the truth:
#   hf_trainer.py    transformers' Trainer, 3 epochs (console tee'd raw and with arrival
#                    times, trainer_state.json, train_results.json, each checkpoint's state),
#                    then the same stopped by max_steps inside its 2nd epoch;
#   lightning_fmnist.py  Lightning's tqdm bar, 4 epochs, CSVLogger's metrics.csv; then its rich
#                    bar, 3 epochs;
#   keras_fmnist.py  Keras 3 (torch backend), 5 epochs, CSVLogger, history JSON, evaluate();
#   torch_fmnist.py  the seeds' PyTorch twin cnn/128, 3 epochs (the control).
# Each runs only where its library imports (env.txt says what the machine has), 6 s apart.
# The traces, all 1 s, GPU 0:
#   smi_seeds.csv  nvidia-smi --query-gpu=timestamp,power.draw --format=csv --loop-ms=1000
#   smi_wide.csv   index,name,pstate,timestamp first-not, power.draw, .average, .instant,
#                  power.limit, enforced.power.limit, clocks, temperature (--format=csv -l 1)
#   smi_qfull.log  nvidia-smi -q -l 1 (every section, not only POWER)
#   smi_dmon_all.log  nvidia-smi dmon -s pucvmet -o DT
#   gpustat.log    gpustat -i 1 (where installed);  nvml.csv  nvml_energy.py every 10 ms
# usage (device tool, after bench/gpu_session.sh pack): examples/capture/libs_session.sh
#        OUTDIR, carry [".dev/gpu"]; everything comes back as OUTDIR/libs.tar.gz
set -u
cd "$(dirname "$0")/../.."
NAME=libs OUTDIR=$1
. examples/capture/session_setup.sh
{
    date -u; nvidia-smi; $py -m pip list 2>/dev/null
    for m in transformers lightning keras accelerate tqdm rich; do
        $py -c "import $m; print('$m', $m.__version__)" 2>&1 | tail -1
    done
} > "$work/env.txt" 2>&1
cp "$work/env.txt" "$out/env.txt"
has() { $py -c "import $1" 2> /dev/null; }

$py $cap/nvml_energy.py "$work/nvml.csv" 10 &
pids=$!
nvidia-smi --query-gpu=timestamp,power.draw --format=csv --loop-ms=1000 -f "$work/smi_seeds.csv" &
pids="$pids $!"
nvidia-smi --query-gpu=index,name,pstate,timestamp,temperature.gpu,clocks.sm,clocks.mem,power.draw,power.draw.average,power.draw.instant,power.limit,enforced.power.limit \
    --format=csv -l 1 > "$work/smi_wide.csv" 2>&1 &
pids="$pids $!"
nvidia-smi -q -l 1 > "$work/smi_qfull.log" 2>&1 &
pids="$pids $!"
nvidia-smi dmon -s pucvmet -o DT > "$work/smi_dmon_all.log" 2>&1 &
pids="$pids $!"
if command -v gpustat > /dev/null 2>&1; then
    gpustat -i 1 --no-color > "$work/gpustat.log" 2>&1 &
    pids="$pids $!"
fi
sleep 8

logged() { # name seconds command...
    name=$1 secs=$2
    shift 2
    PYTHONUNBUFFERED=1 timeout "$secs" "$@" 2>&1 | tee "$work/$name.log" |
        $py -u $cap/tsprefix.py > "$work/$name.ts.log"
    sleep 6
    keep
}
if has transformers; then
    logged hf_3ep 150 $py $cap/hf_trainer.py "$work/hf_3ep" 3
    logged hf_maxsteps 80 $py $cap/hf_trainer.py "$work/hf_maxsteps" 3 2250
    # the states and results, not the weights
    find "$work"/hf_* -name '*.safetensors' -o -name '*.bin' -o -name '*.pt' -o -name '*.pth' |
        xargs rm -f
    keep
fi
if has lightning; then
    logged lightning_mlp_128 70 $py $cap/lightning_fmnist.py "$data" 128 4 bar "$work/lightning_csv"
    logged lightning_rich_256 60 $py $cap/lightning_fmnist.py "$data" 256 3 rich
fi
has keras && logged keras_mlp_32 100 $py $cap/keras_fmnist.py "$data" 32 5 "$work/keras"
logged torch_cnn_128 40 $py $cap/torch_fmnist.py "$data" cnn 128 3
sleep 3
kill $pids
wait
ls -laR "$work" > "$work/ls.txt"
keep
