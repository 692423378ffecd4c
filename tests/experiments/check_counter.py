#!/usr/bin/env python3
"""Reads benchreport's CSV on stdin and compares each row's trace energy per epoch
(energy_j) with NVML's counter as the row's benchtrain log in DIR prints it (energy_j
on each epoch line, read here, not through benchreport, which leaves figures of epochs
under 5 s out): the same epochs (the first left out) and the same statistic (the mean
under 6 epochs, else the median). Exits 0 when there are ROWS such rows, each within
MAX and on average within MEAN (fractions).
usage: check_counter.py DIR ROWS MAX MEAN"""
import csv, glob, re, statistics, sys
folder, rows, most, mean = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])


def counter(model, batch):
    for path in glob.glob(f"{folder}/*.log"):
        lines = open(path).read().splitlines()
        if not lines or f" model={model} " not in lines[0] or f" batch={batch} " not in lines[0]:
            continue
        j = [float(m.group(1)) for l in lines if l.startswith("epoch ")
             for m in [re.search(r" energy_j=([0-9.]+)", l)] if m][1:]
        return statistics.mean(j) if len(j) < 6 else statistics.median(j)
    return None


err = []
for r in csv.DictReader(sys.stdin):
    c = counter(r["model"], r["batch"])
    if c and r["energy_j"]:
        err.append(abs(float(r["energy_j"]) / c - 1))
print('errors:', ' '.join('%.3f' % e for e in err))
sys.exit(not (len(err) == rows and max(err) < most and sum(err) / len(err) < mean))
