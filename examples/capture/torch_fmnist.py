#!/usr/bin/env python3
"""The seeds' Fashion-MNIST MLP and CNN in PyTorch, printing what such scripts
print: a pytorch/examples progress line every 100 batches, the seeds'
"Duration for 1 Epoch" line and a test line per epoch. Used to make the real
recordings in examples/ (see capture/h100_session.sh); the data comes from
Debian's dataset-fashion-mnist files, 50000 train / 10000 test. Where NVML
answers (pynvml), each epoch also gets "Energy for 1 Epoch: J joules" from its
total-energy counter, read at the same two points as the duration.
usage: torch_fmnist.py DATADIR mlp|cnn BATCH EPOCHS [PRECISION [SAMPLES]]
                       [--device cpu|cuda] [--threads N]
PRECISION: fp32 (no TF32 anywhere), tf32, bf16 (autocast), or default (PyTorch's
own defaults, which let cuDNN use TF32; the recordings in examples/ used them).
SAMPLES: train on the first SAMPLES images only. --device picks the device (default:
cuda where there is one), --threads sets torch.set_num_threads (bench/benchtrain_bench.sh
runs it on the CPU with 2 beside benchtrain)."""
import gzip, sys, time
import numpy as np
import torch
import torch.nn as nn

from torch_common import energy_reader, set_precision

args, opts = [], {}
it = iter(sys.argv[1:])
for a in it:
    if a in ("--device", "--threads"):
        opts[a] = next(it, None)
        if opts[a] is None:
            sys.exit(f"torch_fmnist.py: {a} wants a value")
    else:
        args.append(a)
datadir, model_name, batch, epochs = args[0], args[1], int(args[2]), int(args[3])
precision = args[4] if len(args) > 4 else "default"
samples = int(args[5]) if len(args) > 5 else 50000
if "--threads" in opts:
    torch.set_num_threads(int(opts["--threads"]))
dev = torch.device(opts.get("--device", "cuda" if torch.cuda.is_available() else "cpu"))
torch.manual_seed(1)
set_precision(precision)

def idx(name, off):
    with gzip.open(f"{datadir}/{name}") as f:
        return np.frombuffer(f.read(), np.uint8, offset=off)

X = torch.tensor(idx("train-images-idx3-ubyte.gz", 16).reshape(-1, 1, 28, 28)[:samples] / 255.0,
                 dtype=torch.float32, device=dev)
Y = torch.tensor(idx("train-labels-idx1-ubyte.gz", 8)[:samples].astype(np.int64), device=dev)
Xt = torch.tensor(idx("t10k-images-idx3-ubyte.gz", 16).reshape(-1, 1, 28, 28) / 255.0,
                  dtype=torch.float32, device=dev)
Yt = torch.tensor(idx("t10k-labels-idx1-ubyte.gz", 8).astype(np.int64), device=dev)
if model_name == "mlp":
    m = nn.Sequential(nn.Flatten(), nn.Linear(784, 512), nn.ReLU(), nn.Dropout(0.2),
                      nn.Linear(512, 64), nn.ReLU(), nn.Linear(64, 10))
else:
    m = nn.Sequential(nn.Conv2d(1, 32, 3), nn.ReLU(), nn.MaxPool2d(2), nn.Conv2d(32, 64, 3),
                      nn.ReLU(), nn.MaxPool2d(2), nn.Conv2d(64, 64, 3), nn.ReLU(), nn.Flatten(),
                      nn.Linear(576, 64), nn.ReLU(), nn.Linear(64, 10))
m = m.to(dev)
opt = torch.optim.Adam(m.parameters(), 1e-3)
lossf = nn.CrossEntropyLoss()
autocast = torch.autocast(dev.type, dtype=torch.bfloat16, enabled=precision == "bf16")
energy = energy_reader(dev)
name = torch.cuda.get_device_name(0) if dev.type == "cuda" else "cpu"
print(f"Using device: {dev} ({name}), model: {model_name}, batch size: {batch}"
      + (f", precision: {precision}" if precision != "default" else ""), flush=True)
for e in range(1, epochs + 1):
    m.train()
    t0, j0 = time.perf_counter(), energy()
    perm = torch.randperm(len(X), device=dev)
    for b, i in enumerate(range(0, len(X), batch)):
        ix = perm[i:i + batch]
        opt.zero_grad()
        with autocast:
            loss = lossf(m(X[ix]), Y[ix])
        loss.backward()
        opt.step()
        if b % 100 == 0:
            print(f"Train Epoch: {e} [{i}/{len(X)} ({100.0 * i / len(X):.0f}%)]\tLoss: "
                  f"{loss.item():.6f}", flush=True)
    if dev.type == "cuda":
        torch.cuda.synchronize()
    t1, j1 = time.perf_counter(), energy()
    print(f"Duration for 1 Epoch: {t1 - t0:.3f} seconds", flush=True)
    if j0 is not None and j1 is not None:
        print(f"Energy for 1 Epoch: {j1 - j0:.3f} joules", flush=True)
    m.eval()
    with torch.no_grad(), autocast:
        out = m(Xt).float()
        tl = lossf(out, Yt).item()
        correct = (out.argmax(1) == Yt).sum().item()
    print(f"\nTest set: Average loss: {tl:.4f}, Accuracy: {correct}/{len(Xt)} "
          f"({100.0 * correct / len(Xt):.0f}%)\n", flush=True)
