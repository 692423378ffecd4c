#!/usr/bin/env python3
"""Writes a two-device experiment, with its true figures, for tests/experiments/run.sh.

usage: make_twodev.py OUTDIR [SKEW_S]

OUTDIR/v100: four PyTorch-style runs (mlp and cnn at batch 32 and 128), each line
prefixed with its floating time (ISO 8601 without a zone, as `ts '%Y-%m-%dT%H:%M:%.S'`
writes it on a machine whose clock is UTC), and nvidia-smi's `timestamp, power.draw`
at 10 Hz, floating too. OUTDIR/m2: the same four workloads on a Mac, Keras-style logs
with floating times, and powermetrics at 100 ms, whose headers carry the zone (+0000).
The two machines ran at the same time. Each run: 4 s of start-up, 5 epochs (the first
slower and hotter: warm-up), 0.6 s of evaluation after each epoch, 10 s of idle. The
power traces' clocks are SKEW_S seconds ahead of the logs' (default 0).

Power is constant over each epoch (plus a small deterministic ripple), so an epoch's
true energy is its power times its duration; OUTDIR/expect.json holds, per workload,
the median epoch time, power and energy of epochs 2..5 and the ratios against v100.
"""
import json, math, os, random, statistics, sys
from datetime import datetime, timedelta, timezone

T0 = datetime(2026, 3, 10, 9, 0, 0, tzinfo=timezone.utc).timestamp()
WORKLOADS = [("mlp", 32), ("mlp", 128), ("cnn", 32), ("cnn", 128)]
# (device, epoch seconds per workload, watts per workload, idle watts, start-up watts)
DEVICES = {
    "v100": ({("mlp", 32): 7.3, ("mlp", 128): 3.1, ("cnn", 32): 11.7, ("cnn", 128): 5.2},
             {("mlp", 32): 118.0, ("mlp", 128): 142.0, ("cnn", 32): 171.0, ("cnn", 128): 236.0},
             (38.0, 47.0), 72.0),
    "m2": ({("mlp", 32): 9.8, ("mlp", 128): 5.9, ("cnn", 32): 21.4, ("cnn", 128): 13.1},
           {("mlp", 32): 6.2, ("mlp", 128): 8.9, ("cnn", 32): 11.3, ("cnn", 128): 14.7},
           (0.04, 0.09), 1.1),
}
STARTUP, EVAL, IDLE, LEAD, EPOCHS = 4.0, 0.6, 10.0, 20.0, 5


def iso(t):
    d = datetime.fromtimestamp(t, tz=timezone.utc)
    return d.strftime("%Y-%m-%dT%H:%M:%S.") + f"{d.microsecond:06d}"


def schedule(dev):
    """The runs of one device: [(workload, [(start, end, watts)] epochs, run start, run end)]."""
    times, watts, _, _ = DEVICES[dev]
    t, runs = T0 + LEAD, []
    for w in WORKLOADS:
        start = t
        t += STARTUP
        epochs = []
        for k in range(EPOCHS):
            d = times[w] * (1.3 if k == 0 else 1.0 + 0.01 * k)
            p = watts[w] * (1.15 if k == 0 else 1.0 - 0.005 * k)
            epochs.append((t, t + d, p))
            t += d + EVAL
        runs.append((w, epochs, start, t))
        t += IDLE
    return runs


def power_at(dev, runs, t, end):
    _, _, (idle0, idle1), startup = DEVICES[dev]
    idle = idle0 + (idle1 - idle0) * (t - T0) / (end - T0)   # the idle level drifts
    for _, epochs, rs, re_ in runs:
        if rs <= t < re_:
            for a, b, p in epochs:
                if a <= t < b:
                    return p
            if t < epochs[0][0]:
                return startup
            return 0.6 * epochs[0][2]                        # evaluation
    return idle


def write_v100(out, runs, skew, end):
    rnd = random.Random(1)
    for (model, batch), epochs, rs, _ in runs:
        with open(f"{out}/v100_{model}_{batch}.log", "w") as f:
            f.write(f"{iso(rs + 2.0)} Using device: cuda (Tesla V100-SXM2-16GB), model: {model}, "
                    f"batch size: {batch}\n")
            for k, (a, b, _) in enumerate(epochs):
                for s in range(4):
                    f.write(f"{iso(a + 0.001 + s * (b - a) / 4)} Train Epoch: {k + 1} "
                            f"[{s * 12800}/50000 ({s * 25}%)]\tLoss: {0.5 - 0.01 * k:.6f}\n")
                f.write(f"{iso(b)} Duration for 1 Epoch: {b - a:.3f} seconds\n")
                f.write(f"{iso(b + 0.55)} \n{iso(b + 0.55)} Test set: Average loss: 0.4, "
                        f"Accuracy: 8500/10000 (85%)\n{iso(b + 0.55)} \n")
    with open(f"{out}/nvidia-smi.csv", "w") as f:
        f.write("timestamp, power.draw [W]\n")
        t = T0
        while t < end:
            p = power_at("v100", runs, t, end) * (1 + 0.004 * (rnd.random() - 0.5))
            d = datetime.fromtimestamp(t + skew, tz=timezone.utc)
            f.write(d.strftime("%Y/%m/%d %H:%M:%S.") + f"{d.microsecond // 1000:03d}, "
                    f"{p:.2f} W\n")
            t += 0.1


def write_m2(out, runs, skew, end):
    rnd = random.Random(2)
    for (model, batch), epochs, rs, _ in runs:
        with open(f"{out}/m2_{model}_{batch}.log", "w") as f:
            f.write(f"{iso(rs + 1.0)} Metal device set to: Apple M2\n")
            for k, (a, b, _) in enumerate(epochs):
                f.write(f"{iso(a)} Epoch {k + 1}/{EPOCHS}\n")
                f.write(f"{iso(b)} 390/390 [==============================] - {round(b - a)}s "
                        f"{(b - a) / 390 * 1000:.0f}ms/step - loss: {0.5 - 0.01 * k:.4f} - "
                        f"accuracy: {0.8 + 0.01 * k:.4f}\n")
    with open(f"{out}/powermetrics.txt", "w") as f:
        f.write("Machine model: Mac14,2\nOS version: 23E224\nBoot arguments: \n"
                "Boot time: Tue Mar 10 08:00:00 2026\n\n\n\n")
        t = T0
        while t + 0.1 < end:
            # a sample averages its window (t, t + 0.1]; the header is floor(end)
            p = sum(power_at("m2", runs, t + (i + 0.5) * 0.01, end) for i in range(10)) / 10
            p *= 1 + 0.004 * (rnd.random() - 0.5)
            h = datetime.fromtimestamp(math.floor(t + 0.1 + skew + 1e-9), tz=timezone.utc)
            f.write(f"*** Sampled system activity ({h.strftime('%a %b')} {h.day:2d} "
                    f"{h.strftime('%H:%M:%S %Y')} +0000) (100.00ms elapsed) ***\n\n"
                    f"**** GPU usage ****\n\nGPU HW active residency: 90.00%\n"
                    f"GPU Power: {p * 1000:.0f} mW\n\n")
            t += 0.1


def truth(runs):
    out = {}
    for (model, batch), epochs, _, _ in runs:
        used = epochs[1:]
        out[f"{model}/{batch}"] = {
            "epoch_s": statistics.median(b - a for a, b, _ in used),
            "power_w": statistics.median(p for _, _, p in used),
            "energy_j": statistics.median((b - a) * p for a, b, p in used),
        }
    return out


def main():
    out = sys.argv[1]
    skew = float(sys.argv[2]) if len(sys.argv) > 2 else 0.0
    expect = {}
    for dev, writer in (("v100", write_v100), ("m2", write_m2)):
        os.makedirs(f"{out}/{dev}", exist_ok=True)
        runs = schedule(dev)
        end = max(r[3] for r in runs) + 20
        writer(f"{out}/{dev}", runs, skew, end)
        expect[dev] = truth(runs)
    for w, base in expect["v100"].items():
        for dev in expect:
            x = expect[dev][w]
            x["speedup"] = base["epoch_s"] / x["epoch_s"]
            x["energy_ratio"] = base["energy_j"] / x["energy_j"]
            x["efficiency_ratio"] = x["speedup"] * x["energy_ratio"]
    with open(f"{out}/expect.json", "w") as f:
        json.dump({"skew_s": skew, "rows": expect}, f, indent=1, sort_keys=True)


main()
