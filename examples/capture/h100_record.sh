#!/bin/sh
# The recording session behind examples/h100-record: each run wrapped by
# `benchreport record` with the real nvidia-smi beside it (100 ms), 3 s apart.
# The last run provokes a CUDA out-of-memory error on purpose (a 300 GiB tensor
# on an 80 GB GPU), to have a real failed run.
# usage: h100_record.sh BENCHREPORT DATADIR OUTDIR
set -u
br=$1
data=$2
out=$3
here=$(dirname "$0")
run() { # name model batch command...
    name=$1 model=$2 batch=$3
    shift 3
    "$br" record -o "$out/$name" --interval 100 --label device=h100 --label model="$model" \
        --label batch="$batch" -- "$@" > "$out/$name.console" 2>&1
    echo "$name: exit $?"
    sleep 3
}
mkdir -p "$out"
run h100_mlp_32 mlp 32 python3 -u "$here/torch_fmnist.py" "$data" mlp 32 6
run h100_mlp_512 mlp 512 python3 -u "$here/torch_fmnist.py" "$data" mlp 512 10
run h100_cnn_128 cnn 128 python3 -u "$here/torch_fmnist.py" "$data" cnn 128 8
run h100_cnn_1024 cnn 1024 python3 -u "$here/torch_fmnist.py" "$data" cnn 1024 10
run h100_mlp-lightning_128 mlp-lightning 128 python3 -u "$here/lightning_fmnist.py" "$data" 128 4 tqdm
run h100_huge_1 huge 1 python3 -c "import torch; x = torch.empty(300 * 2**30, dtype=torch.uint8, device='cuda')"
