#!/usr/bin/env python3
"""NVML's total-energy counter, polled: the truth a power trace's energy is
checked against (tests/tools/session_truth.py). Writes `time_unix_s,energy_mj`
every INTERVAL_MS (default 20) until SIGINT or SIGTERM. The counter (Volta and
newer) is the board's own integral of its power, in millijoules since the
driver loaded. usage: nvml_energy.py OUT.csv [INTERVAL_MS] [GPU]"""
import signal, sys, time
import pynvml

out = sys.argv[1]
interval = (float(sys.argv[2]) if len(sys.argv) > 2 else 20.0) / 1000.0
gpu = int(sys.argv[3]) if len(sys.argv) > 3 else 0
stop = False


def on_signal(signum, frame):
    global stop
    stop = True


signal.signal(signal.SIGTERM, on_signal)
signal.signal(signal.SIGINT, on_signal)
pynvml.nvmlInit()
h = pynvml.nvmlDeviceGetHandleByIndex(gpu)
with open(out, "w") as f:
    f.write("time_unix_s,energy_mj\n")
    n = 0
    while not stop:
        e = pynvml.nvmlDeviceGetTotalEnergyConsumption(h)
        f.write(f"{time.time():.6f},{e}\n")
        n += 1
        if n % 50 == 0:
            f.flush()
        time.sleep(interval)
pynvml.nvmlShutdown()
