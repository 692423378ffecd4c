#!/usr/bin/env python3
"""benchtrain's CIFAR-10 shaped models (cifar0..cifar3, runner/net.c) in PyTorch,
trained the way torch_fmnist.py trains the Fashion-MNIST ones, so that the two
can be timed on the same GPU: same layers, Glorot-uniform weights and zero
biases (benchtrain's and Keras' init), Adam 1e-3, softmax cross-entropy, a new
random order each epoch, eager mode.

The data are RANDOM tensors of CIFAR-10's shape made on the device (50000
training and 10000 test images, 3x32x32 in [0, 1), labels 0..9), not CIFAR-10
and not benchtrain's synthetic set: only the speed is compared, and a layer's
work does not depend on the pixel values. The accuracy printed is therefore
that of noise (about 10%).

Prints what torch_fmnist.py prints (a progress line every 100 batches, the
seeds' "Duration for 1 Epoch" line and a test line per epoch), and, where
NVML answers (pynvml), "Energy for 1 Epoch: J joules" from its total-energy
counter, read at the same two points as the duration.

usage: torch_cifar.py cifar0|cifar1|cifar2|cifar3 BATCH EPOCHS [PRECISION [SAMPLES]]
PRECISION: fp32 (no TF32 anywhere), tf32 (TF32 matmuls and convolutions),
bf16 (autocast to bfloat16), or default (PyTorch's own defaults, the default).
SAMPLES:
train on that many images instead of 50000."""
import sys
import time

import torch
import torch.nn as nn

from torch_common import energy_reader, set_precision

model_name, batch, epochs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
precision = sys.argv[4] if len(sys.argv) > 4 else "default"
samples = int(sys.argv[5]) if len(sys.argv) > 5 else 50000
dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
torch.manual_seed(1)
set_precision(precision)


def small_cnn():
    """cifar0: the Keras CIFAR-10 CNN (also the seeds' Fashion-MNIST cnn), 122,570 parameters."""
    return [nn.Conv2d(3, 32, 3), nn.ReLU(), nn.MaxPool2d(2), nn.Conv2d(32, 64, 3), nn.ReLU(),
            nn.MaxPool2d(2), nn.Conv2d(64, 64, 3), nn.ReLU(), nn.Flatten(),
            nn.Linear(64 * 4 * 4, 64), nn.ReLU(), nn.Linear(64, 10)]


def wide_cnn(w):
    """cifar1..3: two same/valid conv pairs of width w and 2w around one pool."""
    return [nn.Conv2d(3, w, 3, padding=1), nn.ReLU(), nn.Conv2d(w, w, 3), nn.ReLU(),
            nn.MaxPool2d(2), nn.Conv2d(w, 2 * w, 3, padding=1), nn.ReLU(),
            nn.Conv2d(2 * w, 2 * w, 3), nn.ReLU(), nn.Flatten(),
            nn.Linear(2 * w * 13 * 13, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(),
            nn.Linear(64, 10)]


widths = {"cifar0": None, "cifar1": 32, "cifar2": 48, "cifar3": 64}
if model_name not in widths:
    sys.exit(f"torch_cifar.py: unknown model {model_name!r} (cifar0..cifar3)")
layers = small_cnn() if widths[model_name] is None else wide_cnn(widths[model_name])
m = nn.Sequential(*layers)
for layer in m:
    if isinstance(layer, (nn.Conv2d, nn.Linear)):
        nn.init.xavier_uniform_(layer.weight)
        nn.init.zeros_(layer.bias)
m = m.to(dev)
params = sum(p.numel() for p in m.parameters())

g = torch.Generator(device=dev).manual_seed(1)
X = torch.rand(samples, 3, 32, 32, device=dev, generator=g)
Y = torch.randint(0, 10, (samples,), device=dev, generator=g)
Xt = torch.rand(10000, 3, 32, 32, device=dev, generator=g)
Yt = torch.randint(0, 10, (10000,), device=dev, generator=g)

opt = torch.optim.Adam(m.parameters(), 1e-3)
lossf = nn.CrossEntropyLoss()
autocast = torch.autocast(dev.type, dtype=torch.bfloat16, enabled=precision == "bf16")
energy = energy_reader(dev)
name = torch.cuda.get_device_name(0) if dev.type == "cuda" else "cpu"
print(f"Using device: {dev} ({name}), model: {model_name} ({params} parameters), "
      f"batch size: {batch}, precision: {precision}, data: random tensors", flush=True)
for e in range(1, epochs + 1):
    m.train()
    if dev.type == "cuda":
        torch.cuda.synchronize()
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
        out = torch.cat([m(Xt[i:i + 1000]) for i in range(0, len(Xt), 1000)]).float()
        tl = lossf(out, Yt).item()
        correct = (out.argmax(1) == Yt).sum().item()
    print(f"\nTest set: Average loss: {tl:.4f}, Accuracy: {correct}/{len(Xt)} "
          f"({100.0 * correct / len(Xt):.0f}%)\n", flush=True)
