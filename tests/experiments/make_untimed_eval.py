#!/usr/bin/env python3
"""make_untimed_eval.py DIR MODE: a PyTorch-style log without times whose 20 epochs
print their training time, 10.00 s ('Train time: 10.00 s'), beside an nvidia-smi trace
at 10 Hz (+- 2 W noise, 60 W idle for 20 s before and after). MODE says where the time
the epochs leave out lies:
  eval     3 s of evaluation at 200 W after each epoch (250 W): the trace's power
           repeats with each epoch
  startup  30 s of start-up at 150 W before the first epoch, the epochs end to end
  evalidle 3 s at 60 W after each epoch (checkpoints written with the GPU idle)
  evalnear 3 s at 235 W after each epoch: too near the epochs' power for the trace to
           tell where they lie
  loader   each epoch (12.00 s as printed) starts with 2 s at 60 W (a data loader
           starting its workers), then 10 s at 250 W
The truth, to DIR/truth.json: an epoch's energy, 250 W x 10 s (loader: plus 60 W x 2 s)."""
import datetime as dt
import json
import os
import random
import sys

out, mode = sys.argv[1], sys.argv[2]
n, train, start = 20, 10.0, 20.0
random.seed(3)
os.makedirs(out, exist_ok=True)
load = 2.0 if mode == "loader" else 0.0
with open(f"{out}/rtx3090_resnet_128.log", "w") as f:
    for i in range(n):
        f.write(f"Epoch: {i + 1:03d}/{n:03d} | Train loss: {1 - i / 40:.3f} | "
                f"Train time: {train + load:.2f} s\nValid acc: {80 + i / 2:.2f}%\n")
gap, gap_w, pre, pre_w = {"eval": (3.0, 200.0, 0.0, 0.0), "startup": (0.0, 0.0, 30.0, 150.0),
                          "evalidle": (3.0, 60.0, 0.0, 0.0), "evalnear": (3.0, 235.0, 0.0, 0.0),
                          "loader": (0.0, 0.0, 0.0, 0.0)}[mode]
first = start + pre
end = first + n * (train + gap + load)


def watts(t):
    if start <= t < first:
        return pre_w
    if first <= t < end:
        phase = (t - first) % (train + gap + load)
        if phase < load:
            return 60.0
        return 250.0 if phase < load + train else gap_w
    return 60.0


t0 = dt.datetime(2026, 1, 1, 10, 0, 0)
with open(f"{out}/nvidia-smi.csv", "w") as f:
    f.write("timestamp, power.draw [W]\n")
    k = 0
    while k * 0.1 < end + 20:
        stamp = (t0 + dt.timedelta(seconds=k * 0.1)).strftime("%Y/%m/%d %H:%M:%S.%f")[:-3]
        f.write(f"{stamp}, {watts(k * 0.1) + random.gauss(0, 2):.2f} W\n")
        k += 1
json.dump({"energy_j": 250 * train + 60 * load}, open(f"{out}/truth.json", "w"))
