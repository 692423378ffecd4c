#!/bin/sh
# benchtrain's opencl backend against PyTorch on this machine's CPU, side by side in one
# run: seconds per epoch (the second of two, 50,000 Fashion-MNIST images) of the seeds' MLP
# at batch 32 and 1024 and of the CNN at 128, benchtrain --backend opencl (PoCL, every
# core) against examples/capture/torch_fmnist.py, the same models in PyTorch eager, run
# by Debian's python3-torch (/usr/bin/python3) with --device cpu --threads 2. The ratio
# is PyTorch's time over benchtrain's (above 1: benchtrain is faster). The machines here
# are shared: quote the ratio of one run, not the seconds, with the load averages it prints
# before and after: in the runs taken here, other processes on the same cores slowed
# PyTorch's two threads far more than benchtrain (cnn 128: 13.2 s per epoch in an
# earlier run, 16 to 88 s at loads of 4 to 5), so only a run at a low load compares them.
# BENCHTRAIN_REF=1 adds the reference backend (one thread; slow). Then the GPU figures
# recorded on an H100 (examples/h100-benchtrain, benchtrain cuda; examples/h100-record,
# PyTorch), read by benchreport.
# usage: bench/benchtrain_bench.sh
set -eu
cd "$(dirname "$0")/.."
data=/usr/share/datasets/fashion-mnist
py=/usr/bin/python3
epoch2() { # the second epoch's duration from a benchtrain log on stdin
    awk -F'duration=' '/^epoch 2\// { split($2, a, " "); print a[1] }'
}
torch2() { # the second epoch's duration from torch_fmnist.py's output on stdin
    awk '/^Duration for 1 Epoch:/ { n++; if (n == 2) print $5 }'
}
if $py -c 'import torch' 2>/dev/null; then
    torch=$($py -c 'import torch; print(torch.__version__)')
    blas=$(readlink -f /usr/lib/x86_64-linux-gnu/libblas.so.3 2>/dev/null || echo unknown)
    echo "PyTorch $torch ($py, 2 threads; BLAS $blas)"
else
    torch=
    echo "PyTorch: $py has no torch (Debian's python3-torch): benchtrain only"
fi
echo "load average (1, 5, 15 min) before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-5s %6s %12s %12s %8s\n' model batch benchtrain pytorch ratio
for spec in "mlp 32" "mlp 1024" "cnn 128"; do
    set -- $spec
    model=$1 batch=$2
    b=$(bin/benchtrain --model "$model" --backend opencl --batch "$batch" --epochs 2 | epoch2)
    if [ -n "$torch" ]; then
        p=$($py examples/capture/torch_fmnist.py "$data" "$model" "$batch" 2 --device cpu \
            --threads 2 | torch2)
        printf '%-5s %6d %12.2f %12.2f %7.1fx\n' "$model" "$batch" "$b" "$p" \
            "$(echo "$p $b" | awk '{ print $1 / $2 }')"
    else
        printf '%-5s %6d %12.2f %12s %8s\n' "$model" "$batch" "$b" - -
    fi
    if [ "${BENCHTRAIN_REF:-0}" = 1 ]; then
        r=$(bin/benchtrain --model "$model" --backend ref --batch "$batch" --epochs 2 | epoch2)
        printf '%-5s %6d %12.2f %12s %8s  (benchtrain ref, one thread)\n' "$model" "$batch" "$r" - -
    fi
done
echo "load average (1, 5, 15 min) after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "(s/epoch: benchtrain = opencl backend on $(bin/benchtrain --model mlp --backend opencl --batch 1 --epochs 1 --train-samples 1 2>/dev/null | sed -n 's/.*device="\([^"]*\)".*/\1/p'))"
echo
echo "recorded on one NVIDIA H100 (benchtrain 0.1.0, own kernels, before cuBLAS; median s/epoch):"
bin/benchreport --tz UTC examples/h100-benchtrain --as csv 2>/dev/null | awk -F, 'NR > 1 { printf "  benchtrain cuda   %-4s %5s %10s\n", $2, $3, $6 }'
bin/benchreport examples/h100-record --as csv 2>/dev/null | awk -F, 'NR > 1 && $16 == "ok" && $2 != "mlp-lightning" { printf "  PyTorch           %-4s %5s %10s\n", $2, $3, $6 }'
