#!/usr/bin/env python3
"""check_epoch_power_csv.py LOGS.CSV < report.json: a callback's CSV of a row per epoch
with its end time (to the second) and one GPU power reading (realfiles/experiments,
pomodoro), read by itself: one run of its epoch rows, its trace the same file, the
median epoch time the median of the stamps' differences (the first epoch has no start),
the power within 1% of the trapezoid mean over epochs 2..n, the energy per epoch within
2% of the median of the epochs' trapezoid energies (one reading an epoch: the figure is
whole-trace power times the median epoch time, not the median of per-epoch energies;
run 074: 193.5 W x 25 s = 4837 J against 4762)."""
import csv, datetime, json, statistics, sys

rows = list(csv.DictReader(open(sys.argv[1], newline='')))
t = [datetime.datetime.strptime(r['time'], '%Y-%m-%d %H:%M:%S').timestamp() for r in rows]
p = [float(r['gpu_power_W']) for r in rows]
ep = [i for i, r in enumerate(rows) if r['epoch'].isdigit()]
pairs = [(i - 1, i) for i in ep[1:]]                  # epoch 2 on: from the row before
dur = [t[b] - t[a] for a, b in pairs]
joules = [(t[b] - t[a]) * (p[a] + p[b]) / 2 for a, b in pairs]
mean_w = sum(joules) / sum(dur)

try:
    rep = json.load(sys.stdin)
except ValueError:
    sys.exit('no JSON report (no training runs read?)')
errs = []
runs, row = rep['runs'], rep['rows'][0]
if len(runs) != 1 or not runs[0]['trace'] or not runs[0]['trace'].endswith('logs.csv'):
    errs.append(f"runs {[(r['path'], r['trace']) for r in runs]}")
if row['epochs_used'] != len(ep) - 1 or row['power_domain'] != 'gpu':
    errs.append(f"epochs used {row['epochs_used']} != {len(ep) - 1}, domain {row['power_domain']}")
if row['epoch_s'] != statistics.median(dur):
    errs.append(f"epoch_s {row['epoch_s']} != {statistics.median(dur)}")
if abs(row['power_w'] / mean_w - 1) > 0.01:
    errs.append(f"power_w {row['power_w']} vs {mean_w:.2f}")
if abs(row['energy_j'] / statistics.median(joules) - 1) > 0.02:
    errs.append(f"energy_j {row['energy_j']} vs {statistics.median(joules):.1f}")
for e in errs:
    print(e)
sys.exit(1 if errs else 0)
