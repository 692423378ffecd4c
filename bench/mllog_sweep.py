#!/usr/bin/env python3
"""Sweep of MLPerf result logs: each log read here with json and re only (no
benchreport code), then compared with `benchreport inspect --json`.

usage: mllog_sweep.py BENCHREPORT DIR [DIR...] [-v] [--list CLASS]

For each result_*.txt under each DIR (a checkout or an extracted snapshot of
mlcommons/training_results_vX.Y or hpc_results_vX.Y) it computes:
  - run_start and run_stop (the first of each), run_stop's status;
  - the time to train, run_stop - run_start (none without both);
  - the epochs: epoch_start/epoch_stop pairs, or where a log has no epoch
    events, its blocks (block_start/block_stop, first_epoch_num, epoch_count)
    each spread over its epoch_count epochs; an epoch or block still open at
    run_stop is partial; events after run_stop are not the run's;
  - the status: ok for run_stop status success; DNF 'run_stop status X';
    without run_stop: 'out of memory' (CUDA out of memory), 'error: ...' (the
    exception line after a Traceback), 'interrupted: no run_stop' or 'no
    run_start nor run_stop ...'.
and prints, per DIR, the logs, how many benchreport read as mllog, and the
mismatches by class (-v: every mismatch, one line each). Old v0.5 logs
(':::MLPv0.5.0') and Alibaba's v0.6 ('MLPerf: resnet [06/13/19 00:30:56],
run_start') are counted apart: benchreport must refuse them in words (exit 3).
It is a measurement (minutes on a round of 2000 logs), not a test: the files
it finds and fixes go to realfiles/mllog with [expect: mllog mllog] tags."""
import json, os, re, subprocess, sys
from collections import Counter, defaultdict

DEC = json.JSONDecoder()
MAX_BLOCK = 100000


def events(data):
    """[(line, time_s, key, value, metadata)] of ':::MLLOG {json}' and ':::MLL t key: {json}'
    lines; and the count of event lines whose JSON does not read."""
    out, bad = [], 0
    for no, line in enumerate(data.split('\n'), 1):
        i = line.find(':::MLLOG')
        if i >= 0:
            if i > 0 and line[i - 1] == "'":
                continue            # a shell trace quoting it: + echo ':::MLLOG ...'
            body = line[i + 8:].lstrip(' ')
            try:
                e, _ = DEC.raw_decode(body)
                t = e['time_ms'] / 1000.0 if 'time_ms' in e else float(e['time_s'])
                out.append((no, t, e['key'], e.get('value'),
                            e.get('metadata') or {}))
            except (ValueError, KeyError, TypeError):
                bad += 1
            continue
        m = re.search(r':::MLL ([0-9.]+) ([^:]+): (.*)$', line)
        if m:
            body = m.group(3)
            try:
                e, _ = DEC.raw_decode(body)
            except ValueError:
                # metadata as Python's repr of a dict (v0.6 Minigo): ' for "
                if "'" not in body or re.search(r"'[^']*\"[^']*'", body):
                    bad += 1
                    continue
                try:
                    e, _ = DEC.raw_decode(body.replace("'", '"'))
                except ValueError:
                    bad += 1
                    continue
            out.append((no, float(m.group(1)), m.group(2), e.get('value'),
                        e.get('metadata') or {}))
    return out, bad


def whole(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool) and x == int(x) and x >= 0


def read(path):
    data = open(path, 'rb').read().decode('utf-8', 'replace')
    if data.endswith('\n'):
        data = data[:-1]
    lines = data.split('\n')
    if ':::MLLOG' not in data and ':::MLL ' not in data:
        if ':::MLPv0.5' in data:
            return {'kind': 'v0.5'}
        if re.search(r'^MLPerf: \w+ \[', data, re.M):
            return {'kind': 'own words'}     # Alibaba's v0.6: 'MLPerf: resnet [06/13/19 ...'
    evs, bad = events(data)
    if not evs:
        return {'kind': 'none'}
    ts = next((v for _, _, k, v, _ in evs if k == 'train_samples'), None)
    start = next((t for _, t, k, _, _ in evs if k == 'run_start'), None)
    stop = next(((no, t, md) for no, t, k, _, md in evs if k == 'run_stop'), None)
    have_epochs = any(k == 'epoch_start' for _, _, k, _, _ in evs)
    # epochs: [start, duration or None, partial, number]; open: those not stopped
    epochs, open_, blocks, seen, overlap = [], [], [], set(), False
    for no, t, k, v, md in evs:
        if k == 'run_stop':
            for i, x in enumerate(open_):
                # the newest was cut; the older ones too where epochs overlap
                if x is open_[-1] or overlap:
                    x[1], x[2] = round(t - x[0], 6), True
            open_ = []
            for b in sorted(blocks):
                epochs.append([b[0], round(t - b[0], 6), True, None])
            blocks = []
            break
        if k in ('block_start', 'block_stop'):
            ident = (k, t, json.dumps(md.get('first_epoch_num')))
            if ident in seen:
                continue        # the same event from another host
            seen.add(ident)
        num = md.get('epoch_num')
        if k == 'epoch_start':
            if num is not None and any(x[3] == num for x in open_):
                continue        # another rank's copy
            x = [t, None, False, num]
            epochs.append(x)
            open_.append(x)
            open_ = open_[-8:]
        elif k == 'epoch_stop' and open_:
            if num is not None and not any(x[3] == num for x in open_) and \
                    any(x[3] == num and x[1] is not None for x in epochs[-16:]):
                continue        # another rank's copy of a stop read already
            x = next((x for x in open_ if num is not None and x[3] == num), open_[-1])
            if x is not open_[-1]:
                overlap = True
            x[1] = round(t - x[0], 6)
            open_.remove(x)
        elif k == 'block_start' and not have_epochs:
            first, count = md.get('first_epoch_num', 0), md.get('epoch_count')
            if 'step_num' in md:
                continue    # blocks of steps (Habana stable diffusion): no epochs
            if not whole(count) or not whole(first) or count == 0 or count > MAX_BLOCK:
                continue    # samples, tokens, parts of an epoch: no epochs
            if isinstance(ts, int) and ts > 1 and first >= ts and first % ts == 0 \
                    and count % ts == 0:
                continue    # epoch numbers in samples (v4.0 unet3d)
            again = [b for b in blocks if b[1] == first]
            if again and count == 1:
                epochs.append([again[0][0], round(t - again[0][0], 6), False, None])
                blocks[blocks.index(again[0])] = (t,) + again[0][1:]
                continue
            blocks.append((t, first, int(count)))
        elif k == 'block_stop' and not have_epochs and blocks:
            first = md.get('first_epoch_num', 0)
            b = ([b for b in blocks if b[1] == first] or [min(blocks)])[0]
            blocks.remove(b)
            epochs.extend([b[0], round((t - b[0]) / b[2], 9), False, None] for _ in range(b[2]))
    if not stop:
        # no run_stop: the epoch open last (all open ones where they overlap) has no end
        for x in (open_ if overlap else open_[-1:]):
            epochs.remove(x)
    epochs = [(x[1], x[2]) for x in epochs]
    r = {'kind': 'mllog', 'bad': bad, 'epochs': epochs,
         'runtime': round(stop[1] - start, 6) if stop and start is not None and stop[1] >= start
         else None}
    if stop:
        st = stop[2].get('status') if isinstance(stop[2], dict) else None
        r['status'] = 'ok' if st in ('success', None) else 'dnf'
        r['reason'] = None if r['status'] == 'ok' else 'run_stop status ' + str(st)
        return r
    # no run_stop: what stopped it, from the lines after the first event
    r['status'] = 'dnf'
    first_ev = evs[0][0]
    tb = False
    for no, l in enumerate(lines, 1):
        if no <= first_ev:
            continue
        l = re.sub(r'^\d{1,6}: ', '', l)
        l = re.sub(r'^\[[a-z0-9]{1,15}\]: ?', '', l).rstrip('\r ')   # torchrun's [rank13]:
        if 'CUDA out of memory' in l or 'OutOfMemoryError' in l:
            r['reason'] = 'out of memory'
            return r
        if l.startswith('Traceback (most recent call last)'):
            tb = True
        elif tb and l and l[0] != ' ' and ':' in l and re.search(r'Error|Exception',
                                                               l.split(':', 1)[0]):
            r['reason'] = 'error: ' + l[:100]
            return r
    r['reason'] = ('interrupted: no run_stop' if start is not None or epochs or open_ else
                   'no run_start nor run_stop: it ended before training began')
    return r


def close(a, b):
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= 1.5e-6 + 1e-9 * abs(b)


def compare(want, got, code, stderr):
    """The classes in which benchreport's reading differs from want."""
    if want['kind'] == 'v0.5':
        return [] if code == 3 and 'MLPerf v0.5' in stderr else ['v0.5 not refused as such']
    if want['kind'] == 'own words':
        return [] if code == 3 and "own words" in stderr else ['own words not refused as such']
    if want['kind'] == 'none':
        return [] if got is None or got['format'] != 'mllog' else ['no events but read']
    if got is None or got['format'] != 'mllog':
        return ['unrecognised']
    errs = [d for d in got['diagnostics'] if d.get('severity') == 'error']
    cls = []
    if len(errs) != want['bad']:
        cls.append('errors %d != %d' % (len(errs), want['bad']))
    if len(got['runs']) != 1:
        return cls + ['runs %d' % len(got['runs'])]
    g = got['runs'][0]
    if g['status'] != want['status']:
        cls.append('status')
    elif want['status'] == 'dnf' and g['reason'] != want['reason']:
        cls.append('reason')
    if not close(g['runtime_s'], want['runtime']):
        cls.append('runtime')
    ge = [(e['duration_s'], bool(e.get('partial'))) for e in g['epochs']]
    # whatever the rules: no epoch shorter than 0 or longer than the time to train
    rt = g['runtime_s']
    if any(d is not None and (d < 0 or (rt is not None and d > rt + 1e-3)) for d, _ in ge):
        cls.append('implausible epoch')
    we = want['epochs']
    if sum(p for _, p in ge) != sum(p for _, p in we):
        cls.append('partial')
    if len(ge) != len(we):
        cls.append('epochs')
    elif any(not close(a[0], b[0]) for a, b in zip(ge, we)):
        cls.append('durations')
    return cls


def inspect(bin_, paths):
    p = subprocess.run([bin_, 'inspect', '--json'] + paths, capture_output=True)
    try:
        files = json.loads(p.stdout)['files']
    except ValueError:
        files = []
    by = {f['path']: f for f in files}
    return p.returncode, p.stderr.decode('utf-8', 'replace'), by


def main():
    args = [a for a in sys.argv[1:] if not a.startswith('-')]
    verbose = '-v' in sys.argv
    bin_, dirs = args[0], args[1:]
    for d in dirs:
        paths = sorted(os.path.join(r, f) for r, _, fs in os.walk(d) for f in fs
                       if re.match(r'result_\d+\.txt$', f))
        count, ok, bad = Counter(), 0, defaultdict(list)
        for path in paths:
            want = read(path)
            count[want['kind']] += 1
            code, err, by = inspect(bin_, [path])
            got = by.get(path)
            cls = compare(want, got, code, err)
            if got is not None and got['format'] == 'mllog' and got['runs']:
                ok += 1
            for c in cls:
                bad[c].append(path)
            if verbose and cls:
                g = got['runs'][0] if got and got.get('runs') else {}
                print('  %s: %s | want %s %s %s %d epochs (%d partial) | got %s %s %s %d (%d)' % (
                    path, ', '.join(cls), want.get('status'), want.get('reason'),
                    want.get('runtime'), len(want.get('epochs', [])),
                    sum(p for _, p in want.get('epochs', [])), g.get('status'), g.get('reason'),
                    g.get('runtime_s'), len(g.get('epochs', [])),
                    sum(bool(e.get('partial')) for e in g.get('epochs', []))))
        print('%s: %d logs (%s), read as mllog (a run) %d, mismatches %d: %s' % (
            d, len(paths), ', '.join('%s %d' % kv for kv in sorted(count.items())), ok,
            len({p for v in bad.values() for p in v}),
            ', '.join('%s %d' % (k, len(v)) for k, v in sorted(bad.items())) or 'none'))
        sys.stdout.flush()


main()
