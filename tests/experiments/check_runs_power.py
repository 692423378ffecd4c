#!/usr/bin/env python3
"""Reads `pdftotext -layout` of a report on stdin and checks each run's median epoch
power (the Runs appendix: 'LOG:LINE ... alignment' then '   epoch N: T s, P W, ...'),
warm-up epoch 1 aside, against the expected power of each run's first line.
usage: check_runs_power.py LINE=WATTS... [--tol W]"""
import re, statistics, sys
args = [a for a in sys.argv[1:] if '=' in a]
tol = float(sys.argv[sys.argv.index('--tol') + 1]) if '--tol' in sys.argv else 15.0
want = {int(k): float(v) for k, v in (a.split('=') for a in args)}
runs, cur = {}, None
for line in sys.stdin:
    m = re.match(r'\S+:(\d+) \S+ \S+: ok, (\w+) alignment', line)
    if m:
        cur = runs.setdefault(int(m.group(1)), [])
        continue
    m = re.match(r'\s+epoch (\d+): [\d.]+ s, ([\d.]+) W', line)
    if m and cur is not None and m.group(1) != '1':
        cur.append(float(m.group(2)))
med = {k: statistics.median(v) for k, v in runs.items() if v}
bad = [(k, med.get(k)) for k in want if k not in med or abs(med[k] - want[k]) > tol]
if sorted(runs) != sorted(want) or bad:
    print('runs', {k: len(v) for k, v in runs.items()}, 'off:', bad)
    sys.exit(1)
