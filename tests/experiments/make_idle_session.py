#!/usr/bin/env python3
"""make_idle_session.py SRC OUT GAP STOP SKEW: a real session with idle between its runs.

SRC holds timed logs (*.ts.log, lines starting with an ISO time) and power-100ms.csv (an
nvidia-smi CSV whose first column is the time). OUT gets the same session with GAP seconds
of idle put in after every run, in the logs and in the trace (the trace's row before each
gap, repeated at its own sample period: the GPU idling between runs), the trace stopped
at the start of the STOP-th run (0-based, in order of start), and every log line time
moved SKEW seconds later (a trace's clock that far behind the logs').
"""
import datetime as D
import glob
import os
import sys

LOG_FMT = '%Y-%m-%dT%H:%M:%S.%fZ'
TRACE_FMT = '%Y/%m/%d %H:%M:%S.%f'


def read_log(path):
    """[(time, rest of the line)]: the time of each line that starts with one, else None."""
    out = []
    for line in open(path, newline=''):
        try:
            out.append((D.datetime.strptime(line[:27], LOG_FMT), line[27:]))
        except ValueError:
            out.append((None, line))
    return out


def main():
    src, out, gap, stop, skew = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4]), \
        float(sys.argv[5])
    logs = {os.path.basename(p): read_log(p) for p in glob.glob(os.path.join(src, '*.ts.log'))}
    lines = open(os.path.join(src, 'power-100ms.csv')).read().splitlines(True)
    rows = [(D.datetime.strptime(l.split(',')[0].strip() + '000', TRACE_FMT + '000'),
             l[l.index(','):]) for l in lines[1:]]
    spans = sorted((min(t for t, _ in ls if t), max(t for t, _ in ls if t), n)
                   for n, ls in logs.items())
    period = (rows[-1][0] - rows[0][0]) / (len(rows) - 1)
    moved = D.timedelta(0)
    for (_, end, _), (start, _, _) in zip(spans, spans[1:]):  # each gap: between two runs
        mid = end + (start - end) / 2 + moved
        moved_now = D.timedelta(seconds=gap)
        before = [r for r in rows if r[0] < mid]
        after = [(t + moved_now, r) for t, r in rows if t >= mid]
        fill, t = [], before[-1][0] + period
        while t < after[0][0] - period / 2:
            fill.append((t, before[-1][1]))
            t += period
        rows = before + fill + after
        for n, ls in logs.items():
            logs[n] = [(t + moved_now if t and t >= mid else t, r) for t, r in ls]
        moved += moved_now
    first = sorted((min(t for t, _ in ls if t), n) for n, ls in logs.items())[stop][0]
    rows = [(t, r) for t, r in rows if t <= first]
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, 'power-100ms.csv'), 'w', newline='') as f:
        f.write(lines[0] + ''.join(t.strftime(TRACE_FMT)[:-3] + r for t, r in rows))
    for n, ls in logs.items():
        with open(os.path.join(out, n), 'w', newline='') as f:
            f.write(''.join(r if t is None else
                            (t + D.timedelta(seconds=skew)).strftime(LOG_FMT) + r for t, r in ls))


if __name__ == '__main__':
    main()
