#!/usr/bin/env python3
"""make_keras_rounded.py DIR TRUE_S GAP_S: a Keras log without times whose 30 epochs
each took TRUE_S seconds but print Keras' whole seconds ("11s"), GAP_S seconds apart,
beside an nvidia-smi trace at 10 Hz: 250 W (+- 2 W noise) while an epoch runs, 60 W
otherwise, 30 s of idle before and after. The truth, printed as JSON to DIR/truth.json:
the energy of an epoch is 250 W x TRUE_S."""
import datetime as dt
import json
import os
import random
import sys

out, true_s, gap = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
n, start = 30, 30.0
random.seed(1)
os.makedirs(out, exist_ok=True)
with open(f"{out}/rtx3090_cnn_128.log", "w") as f:
    for i in range(n):
        f.write(f"Epoch {i + 1}/{n}\n469/469 [==============================] - "
                f"{round(true_s)}s 24ms/step - loss: 0.5 - accuracy: 0.9\n")
epochs = [(start + i * (true_s + gap), start + i * (true_s + gap) + true_s) for i in range(n)]
t0 = dt.datetime(2026, 1, 1, 10, 0, 0)
with open(f"{out}/nvidia-smi.csv", "w") as f:
    f.write("timestamp, power.draw [W]\n")
    k = 0
    while k * 0.1 < epochs[-1][1] + 30:
        t = k * 0.1
        w = 250.0 if any(a <= t < b for a, b in epochs) else 60.0
        stamp = (t0 + dt.timedelta(seconds=t)).strftime("%Y/%m/%d %H:%M:%S.%f")[:-3]
        f.write(f"{stamp}, {w + random.gauss(0, 2):.2f} W\n")
        k += 1
json.dump({"energy_j": 250 * true_s, "epoch_s": true_s}, open(f"{out}/truth.json", "w"))
