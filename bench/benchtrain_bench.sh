#!/bin/sh
# benchtrain against PyTorch (../shared/bench/peer_torch.py, Debian's python3-torch with
# OpenBLAS, 2 threads) on this machine's CPU: seconds per epoch of the seeds' MLP on
# Fashion-MNIST at batch 32 and 1024 (one epoch after a warm-up one each), side by side.
# Then the GPU figures recorded on an H100 (examples/h100-benchtrain, benchtrain cuda;
# examples/h100-record, PyTorch), read by benchreport.
# usage: bench/benchtrain_bench.sh
set -eu
cd "$(dirname "$0")/.."
printf '%-26s %6s %12s\n' runner batch s/epoch
for batch in 32 1024; do
    s=$(bin/benchtrain --model mlp --backend ref --batch $batch --epochs 2 \
        | awk -F'duration=' '/^epoch 2\// { split($2, a, " "); print a[1] }')
    printf '%-26s %6d %12.2f\n' "benchtrain ref (1 thread)" $batch "$s"
    s=$(bin/benchtrain --model mlp --backend opencl --batch $batch --epochs 2 \
        | awk -F'duration=' '/^epoch 2\// { split($2, a, " "); print a[1] }')
    printf '%-26s %6d %12.2f\n' "benchtrain opencl (PoCL)" $batch "$s"
    if /usr/bin/python3 -c 'import torch' 2>/dev/null; then
        p=$(/usr/bin/python3 ../shared/bench/peer_torch.py mlp $batch 2 2 | sed -n 's/.*mean_epoch_after_first=\([0-9.]*\)s.*/\1/p')
        printf '%-26s %6d %12.2f\n' "PyTorch (2 threads)" $batch "$p"
    else
        printf '%-26s %6d %12s\n' "PyTorch (2 threads)" $batch "(no python3-torch)"
    fi
done
echo
echo "recorded on one NVIDIA H100 (median s/epoch, benchreport):"
bin/benchreport --tz UTC examples/h100-benchtrain --as csv 2>/dev/null | awk -F, 'NR > 1 { printf "  benchtrain cuda   %-4s %5s %10s\n", $2, $3, $6 }'
bin/benchreport examples/h100-record --as csv 2>/dev/null | awk -F, 'NR > 1 && $16 == "ok" && $2 != "mlp-lightning" { printf "  PyTorch           %-4s %5s %10s\n", $2, $3, $6 }'
