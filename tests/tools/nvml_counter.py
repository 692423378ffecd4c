"""NVML's total-energy counter as examples/capture/nvml_energy.py polls it
(time_unix_s,energy_mj), read between its own steps: it moves every 100 ms on
an H100 or H200, and a poll between two steps shows the last one, so only the
polls at which it moved are kept, and the counter is interpolated between them.
Used by tests/tools/session_truth.py and bench/gpu_session.sh's `energy`."""
import bisect, csv


def load(path):
    """(times, joules) at the polls where the counter moved, and the first poll."""
    with open(path) as f:
        rows = [(float(r["time_unix_s"]), float(r["energy_mj"]) / 1000.0)
                for r in csv.DictReader(f)]
    moved = rows[:1] + [b for a, b in zip(rows, rows[1:]) if b[1] != a[1]]
    return [t for t, _ in moved], [e for _, e in moved]


def at(counter, t):
    """The counter at time t, interpolated; ValueError outside its span."""
    ts, es = counter
    i = bisect.bisect_left(ts, t)
    if i <= 0 or i >= len(ts):
        raise ValueError("time outside the counter's span")
    a, b = ts[i - 1], ts[i]
    return es[i - 1] + (es[i] - es[i - 1]) * (t - a) / (b - a)
