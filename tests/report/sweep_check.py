#!/usr/bin/env python3
"""The four-model, five-batch experiment (fixtures/experiments/make_sweep.py) in the report.

usage: sweep_check.py BENCHREPORT TMPDIR

1. benchreport's figures (--as json --precision full) equal the generator's arithmetic
   (make_sweep.expected(), relative 1e-9), and its ranges the min / mean / max of those.
2. The PDF report's text (pdftotext -layout) carries every ratio of the summary table and
   every range, as the rounded JSON writes them, and each device's geometric means.
Tolerances: 1e-9 relative for times and speedups, 1e-5 for energy figures (the logs give
epoch start and end to the microsecond). Prints one line per problem; exit 1 on any."""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'fixtures', 'experiments'))
import make_sweep  # noqa: E402

DIR = 'fixtures/experiments/sweep'
BASE = 'gpu-a'


def run(bin_, *args):
    return subprocess.run([bin_, DIR, '--baseline', BASE, *args], check=False,
                          capture_output=True, text=True)


def main():
    bin_, tmp = sys.argv[1], sys.argv[2]
    problems = []
    want = make_sweep.expected()

    full = json.loads(run(bin_, '--as', 'json', '--precision', 'full').stdout)
    if len(full['rows']) != 40:
        problems.append(f"{len(full['rows'])} rows, not 40")
    keys = ['epoch_s', 'energy_j', 'speedup', 'energy_ratio', 'efficiency_ratio']
    # epoch times and speedups come from the logs' durations (exact); energies from the
    # epochs' start and end times, which the logs give to the microsecond
    tol = {'epoch_s': 1e-9, 'speedup': 1e-9, 'energy_j': 1e-5, 'energy_ratio': 1e-5,
           'efficiency_ratio': 1e-5}
    for r in full['rows']:
        w = want.get((r['device'], r['model'], r['batch']))
        if w is None:
            problems.append(f"unexpected row {r['device']} {r['model']} {r['batch']}")
            continue
        for k, v in zip(keys, w):
            if r[k] is None or abs(r[k] - v) > tol[k] * abs(v):
                problems.append(f"{r['device']} {r['model']}/{r['batch']} {k}: {r[k]}, want {v}")
    for g in full['ranges']:
        for i, k in enumerate(keys[2:]):
            vals = [want[(g['device'], g['model'], str(b))][2 + i] for b in make_sweep.BATCHES]
            exp = [min(vals), sum(vals) / len(vals), max(vals)]
            for got, e in zip(g[k], exp):
                if abs(got - e) > tol[k] * abs(e):
                    problems.append(f"range {g['device']} {g['model']} {k}: {g[k]}, want {exp}")
                    break

    # the rounded strings, as CSV and JSON write them (parse_float keeps the digits)
    rounded = json.loads(run(bin_, '--as', 'json').stdout, parse_float=str)
    pdf = os.path.join(tmp, 'sweep.pdf')
    r = run(bin_, '-o', pdf)
    if r.returncode != 0:
        problems.append(f'report: exit {r.returncode}: {r.stderr.strip()}')
    text = subprocess.run(['pdftotext', '-layout', pdf, '-'], capture_output=True,
                          text=True).stdout
    lines = [ln.split() for ln in text.splitlines()]

    def has_run(tokens):
        n = len(tokens)
        return any(ln[i:i + n] == tokens for ln in lines for i in range(len(ln) - n + 1))

    for row in rounded['rows']:
        cells = [row['speedup'], row['energy_ratio'], row['efficiency_ratio']]
        cells = ['1' if c == 1 else str(c) for c in cells]
        if not has_run([row['batch'], '1', '6']) or not has_run(cells):
            problems.append(f"row {row['device']} {row['model']}/{row['batch']}: "
                            f"{' '.join(cells)} not in the report")
    nranges = 0
    for g in rounded['ranges']:
        if g['device'] == BASE:
            continue
        for k in keys[2:]:
            s = ' / '.join(str(v) for v in g[k]).split()
            nranges += 1
            if not has_run(s):
                problems.append(f"range {g['device']} {g['model']} {k}: {' '.join(s)} "
                                f"not in the report")
    for g in rounded['geomean']:
        if g['device'] == BASE:
            continue
        for k in keys[2:]:
            st = g[k]
            s = f"{st['value']} [{st['lo']}, {st['hi']}]"
            if s not in ' '.join(text.split()):
                problems.append(f"geometric mean {g['device']} {k}: {s} not in the report")
    for p in problems:
        print(p)
    print(f"sweep: {len(full['rows'])} rows, {nranges} ranges checked, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
