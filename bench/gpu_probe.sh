#!/bin/sh
# Issue 15's follow-up on a GPU, where bench/gpu_session.sh left benchtrain cuda slower
# than PyTorch (cifar2 and cifar3 at 128, cnn at 1024) and NVML's counter, read at each
# epoch's two ends, too coarse a truth for 1.3 to 1.6 s epochs (it moves every 100 ms).
# At most about three minutes:
#  (a) where the time goes: those three runs, 3 epochs each, as they are, without CUDA
#      graphs, at tf32 (is it the FMA-only cuDNN algorithms at fp32?), and without cuDNN
#      (im2col + cuBLAS);
#  (b) the energy truth: cifar2 and cifar3 at 128 for 10 epochs with benchtrain's own
#      100 ms power trace, nvidia-smi's (the seeds' command, 100 ms) beside it, and
#      examples/capture/nvml_energy.py polling the counter every 10 ms, so that each
#      epoch's energy can be read between the counter's own updates.
# Logs go to OUTDIR/probe.tar.gz. After `bench/gpu_session.sh pack` (benchtrain and its
# libraries in .dev/gpu): device run `bench/gpu_probe.sh $OUT`, carry [".dev/gpu"].
# usage: bench/gpu_probe.sh OUTDIR
set -u
cd "$(dirname "$0")/.."
here=$(pwd)
out=$(mkdir -p "$1" && cd "$1" && pwd)
work=$(mktemp -d /tmp/gpu_probe.XXXXXX)
bt=${BT:-$here/.dev/gpu/benchtrain}
py=${PY:-python3}
export LD_LIBRARY_PATH="$(PY=$py bench/gpu_session.sh libpath)"
data=${DATA:-/tmp/gpu_probe_fmnist}   # Fashion-MNIST for the cnn, from .dev/gpu
[ -d "$data" ] || bench/gpu_session.sh data "$data" || exit 1
keep() { tar czf "$out/probe.tar.gz" -C "$work" . 2>/dev/null; }
med() { # a benchtrain log: the median duration of the epochs after the first
    awk '/^epoch / { for (i = 3; i <= NF; i++) if ($i ~ /^duration=/) d[n++] = substr($i, 10) }
         END { if (n < 2) { print "-"; exit }
               for (i = 1; i < n; i++) for (j = i + 1; j < n; j++) if (d[j] < d[i]) { t = d[i]; d[i] = d[j]; d[j] = t }
               m = n - 1; print (m % 2 ? d[1 + int(m / 2)] : (d[m / 2] + d[m / 2 + 1]) / 2) }' "$1"
}

for run in cifar2:128 cifar3:128 cnn:1024; do
    m=${run%:*} b=${run#*:}
    for way in default nograph tf32 nocudnn; do
        ev="" pa=""
        case $way in
        nograph) ev=BENCHTRAIN_CUDA_GRAPHS=0 ;;
        tf32) pa="--precision tf32" ;;
        nocudnn) ev=BENCHTRAIN_CUDNN=none ;;
        esac
        da=""; [ $m = cnn ] && da="--data $data"
        env $ev timeout 60 "$bt" --model $m --backend cuda --batch $b --epochs 3 \
            $pa $da > "$work/v_${m}_${b}_$way.log" 2>&1
        echo "$m/$b $way: $(med "$work/v_${m}_${b}_$way.log") s/epoch; $(head -1 "$work/v_${m}_${b}_$way.log" | grep -o 'gemm=.*')"
        sleep 1
    done
    keep
done

for m in cifar2 cifar3; do
    $py examples/capture/nvml_energy.py "$work/e_${m}_nvml.csv" 10 &
    p0=$!
    nvidia-smi --query-gpu=timestamp,power.draw --format=csv -lms 100 -f "$work/e_${m}_smi.csv" &
    p1=$!
    sleep 2
    timeout 60 "$bt" --model $m --backend cuda --batch 128 --epochs 10 \
        --power "$work/e_${m}_power.csv" --power-interval-ms 100 > "$work/e_${m}.log" 2>&1
    sleep 2
    kill $p0 $p1
    wait $p0 $p1 2>/dev/null
    echo "$m/128 x10: $(med "$work/e_$m.log") s/epoch"
    keep
done
keep
rm -rf "$work"
