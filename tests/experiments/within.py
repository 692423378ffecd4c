#!/usr/bin/env python3
"""Compares benchreport's JSON summary (stdin) with the energy of the same workloads
placed right (WANT.csv: benchreport --as csv of the unmoved logs on their whole trace).

usage: within.py WANT.csv [--min N] [--tol 0.05]
Every row that gives an energy must be within --tol of WANT's and hold it in its
interval, and at least --min rows must give one. Prints each failure; exits 1 on any."""
import csv, json, sys

want = {(r["model"], r["batch"]): float(r["energy_j"])
        for r in csv.DictReader(open(sys.argv[1])) if r["energy_j"]}
arg = lambda k, d: type(d)(sys.argv[sys.argv.index(k) + 1]) if k in sys.argv else d
least, tol = arg("--min", 1), arg("--tol", 0.05)
bad, given = [], 0
for r in json.load(sys.stdin)["rows"]:
    k, e = (r["model"], str(r["batch"])), r["energy"]
    if e["value"] is None:
        continue
    given += 1
    w = want.get(k)
    if w is None or abs(e["value"] / w - 1) > tol or (e["lo"] is not None and
                                                       not e["lo"] <= w <= e["hi"]):
        bad.append(f"{k}: {e['value']} [{e['lo']}, {e['hi']}] for {w}")
if given < least:
    bad.append(f"{given} rows give an energy, fewer than {least}")
print("\n".join(bad))
sys.exit(1 if bad else 0)
