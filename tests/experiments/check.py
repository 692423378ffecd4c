#!/usr/bin/env python3
"""Compares benchreport's JSON summary (stdin) with make_twodev.py's expect.json.

usage: check.py EXPECT.json [--offset]
Every row's epoch time, power, energy and ratios must be within 1% of the truth; with
--offset, every run must be in estimated mode with a clock offset within 0.5 s of the
skew. Prints one line per failure and exits 1 when there is any."""
import json, sys

expect = json.load(open(sys.argv[1]))
got = json.load(sys.stdin)
bad = []
rows = {(r["device"], f"{r['model']}/{r['batch']}"): r for r in got["rows"]}
for dev, ws in expect["rows"].items():
    for w, x in ws.items():
        r = rows.get((dev, w))
        if r is None:
            bad.append(f"{dev} {w}: no row")
            continue
        for key in ("epoch_s", "power_w", "energy_j", "speedup", "energy_ratio",
                    "efficiency_ratio"):
            v = r[key]
            if v is None or abs(v / x[key] - 1) > 0.01:
                bad.append(f"{dev} {w} {key}: {v} against {x[key]:.6g}")
if "--offset" in sys.argv:
    for run in got["runs"]:
        off = run["clock_offset_s"]
        if run["alignment"] != "estimated" or off is None or abs(off - expect["skew_s"]) > 0.5:
            bad.append(f"{run['path']}: {run['alignment']}, offset {off} against "
                       f"{expect['skew_s']}")
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
