#!/bin/sh
# benchtrain against PyTorch (../shared/bench/peer_torch.py, Debian's python3-torch with
# OpenBLAS, 2 threads) on this machine's CPU: seconds per epoch of the seeds' MLP on
# Fashion-MNIST at batch 32 and 1024 and of the CNN at 128 (the second of two epochs
# each), side by side.
# Then the GPU figures recorded on an H100 (examples/h100-benchtrain, benchtrain cuda;
# examples/h100-record, PyTorch), read by benchreport.
# usage: bench/benchtrain_bench.sh
set -eu
cd "$(dirname "$0")/.."
printf '%-26s %-5s %6s %10s\n' runner model batch s/epoch
epoch2() { # the second epoch's duration from a benchtrain log on stdin
    awk -F'duration=' '/^epoch 2\// { split($2, a, " "); print a[1] }'
}
for spec in "mlp 32" "mlp 1024" "cnn 128"; do
    set -- $spec
    model=$1 batch=$2
    for backend in ref opencl; do
        s=$(bin/benchtrain --model "$model" --backend $backend --batch "$batch" --epochs 2 | epoch2)
        case $backend in ref) name="benchtrain ref (1 thread)" ;; *) name="benchtrain opencl (PoCL)" ;; esac
        printf '%-26s %-5s %6d %10.2f\n' "$name" "$model" "$batch" "$s"
    done
    if /usr/bin/python3 -c 'import torch' 2>/dev/null; then
        p=$(/usr/bin/python3 ../shared/bench/peer_torch.py "$model" "$batch" 2 2 |
            sed -n 's/.*mean_epoch_after_first=\([0-9.]*\)s.*/\1/p')
        printf '%-26s %-5s %6d %10.2f\n' "PyTorch (2 threads)" "$model" "$batch" "$p"
    else
        printf '%-26s %-5s %6d %10s\n' "PyTorch (2 threads)" "$model" "$batch" "(no python3-torch)"
    fi
done
echo
echo "recorded on one NVIDIA H100 (benchtrain 0.1.0, own kernels, before cuBLAS; median s/epoch):"
bin/benchreport --tz UTC examples/h100-benchtrain --as csv 2>/dev/null | awk -F, 'NR > 1 { printf "  benchtrain cuda   %-4s %5s %10s\n", $2, $3, $6 }'
bin/benchreport examples/h100-record --as csv 2>/dev/null | awk -F, 'NR > 1 && $16 == "ok" && $2 != "mlp-lightning" { printf "  PyTorch           %-4s %5s %10s\n", $2, $3, $6 }'
