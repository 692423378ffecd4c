#!/usr/bin/env python3
"""Sweep of MLPerf result logs: each log read here with json and re only (no
benchreport code), then compared with `benchreport inspect --json`.

usage: mllog_sweep.py BENCHREPORT SRC [SRC...] [-v] [--per N] [--cache DIR]

SRC is a directory (every result_*.txt under it) or a bare git directory of
mlcommons/training_results_vX.Y or hpc_results_vX.Y (as `fetch` leaves them):
from those, --per N logs (default 3) for each submitter and benchmark, systems
taken in turn, written under --cache (default /tmp/h9m/<repository>/<path>).

Each log is read twice without benchreport code: by read() below, and by
tests/tools/realfiles_logs.py's mllog() (the reading that checks
realfiles/mllog). Where the two differ, a line says so ('readings differ');
benchreport is compared with realfiles_logs.py's reading field by field:
status, DNF reason and its line, time to train, whole epochs, partial epochs,
epoch times; and its exit status (a crash: killed by a signal or an exit
status over 3), a refusal (exit 3), errors and the wall time of inspect --json
(over 1 s is a line). -v prints a line per difference.

read() computes:
  - run_start and run_stop (the first of each), run_stop's status;
  - the time to train, run_stop - run_start (none without both);
  - the epochs: epoch_start/epoch_stop pairs, or where a log has no epoch
    events, its blocks (block_start/block_stop, first_epoch_num, epoch_count)
    each spread over its epoch_count epochs; an epoch or block still open at
    run_stop is partial, and so is one whose epoch_stop has a fractional
    epoch_num (GNN: 0.9 of the epoch trained), and at a run_stop with status
    success the last epoch, under half the median of the others, with the last
    evaluation inside it (RetinaNet breaks it off at the target); events after
    run_stop are not the run's;
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
import hashlib, json, os, re, subprocess, sys, time
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
                epochs.append([b[0], round(t - b[0], 6), True, None, t])
            blocks = []
            # epochs logged before run_stop but later than it (MiniGo: its evaluation's
            # run_stop comes after training went on): dropped, or cut at run_stop
            for x in list(epochs):
                if x[0] > t:
                    epochs.remove(x)
                elif x[1] is not None and not x[2] and x[4] > t:
                    x[1], x[2] = round(t - x[0], 6), True
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
            x = [t, None, False, num, None]
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
            x[1], x[4] = round(t - x[0], 6), t
            # a fractional epoch_num (GNN's 0.9): the epoch stopped part-way
            x[2] = isinstance(num, float) and num != int(num) and \
                isinstance(x[3], int) and x[3] - 1 < num < x[3]
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
                epochs.append([again[0][0], round(t - again[0][0], 6), False, None, t])
                blocks[blocks.index(again[0])] = (t,) + again[0][1:]
                continue
            blocks.append((t, first, int(count)))
        elif k == 'block_stop' and not have_epochs and blocks:
            first = md.get('first_epoch_num', 0)
            b = ([b for b in blocks if b[1] == first] or [min(blocks)])[0]
            blocks.remove(b)
            each = (t - b[0]) / b[2]
            epochs.extend([b[0] + each * k, round(each, 9), False, None,
                           t if k == b[2] - 1 else b[0] + each * (k + 1)] for k in range(b[2]))
    evals = [t for _, t, k, _, _ in evs if k == 'eval_accuracy' and (not stop or t <= stop[1])]
    evn = [(t, md.get('epoch_num')) for no, t, k, _, md in evs
           if k == 'eval_accuracy' and (not stop or no < stop[0])]
    fin = epochs[-1] if epochs and have_epochs else None
    if stop and isinstance(stop[2], dict) and stop[2].get('status') == 'success' and fin and \
            evn and isinstance(evn[-1][1], float) and evn[-1][1] != int(evn[-1][1]) and \
            not fin[2] and fin[1] is not None and fin[0] <= evn[-1][0] and \
            isinstance(fin[3], int) and int(evn[-1][1]) in (fin[3], fin[3] - 1):
        # DLRM: the target reached at evaluation 1.8999 of its one epoch: part-way
        fin[2] = True
    last = epochs[-1] if len(epochs) >= 2 else None
    if stop and isinstance(stop[2], dict) and stop[2].get('status') == 'success' and \
            not overlap and last and evals and not last[2] and last[1] is not None and \
            last[0] <= evals[-1] <= last[4]:
        # the last epoch broken off at the target (RetinaNet's evaluation beside it):
        # under half the median of the others
        d = sorted(x[1] for x in epochs[:-1] if not x[2] and x[1] is not None)
        if d and last[1] < (d[len(d) // 2] if len(d) % 2 else
                            (d[len(d) // 2 - 1] + d[len(d) // 2]) / 2) / 2:
            last[2] = True
    if not stop:
        # no run_stop: the epoch open last (all open ones where they overlap) has no end
        for x in (open_ if overlap else open_[-1:]):
            epochs.remove(x)
    bench = next((str(e[3]) for e in evs if e[2] == 'submission_benchmark'), '')
    if re.match(r'(bert|gpt|llama|mixtral|stable_diffusion|flux|openfold)', bench):
        # trained in steps over a part of the data: the epoch pair brackets the run
        epochs = [(x[1], x[2] or x[1] is not None) for x in epochs]
    else:
        epochs = [(x[1], x[2]) for x in epochs]
    ws = [d for d, part in epochs if not part and d is not None]
    if stop and start is not None and len(ws) >= 3 and not overlap and \
            sum(ws) < (stop[1] - start) / (5 if have_epochs and not any(
                k == 'block_start' and isinstance(md, dict) and 'step_num' not in md and
                isinstance(md.get('epoch_count'), int) and 0 < md['epoch_count'] <= MAX_BLOCK
                for _, _, k, _, md in evs) else 2):
        # epochs (blocks) summing to under a fifth (a half) of the time to train time
        # something else (an evaluation, a TPU host's wait): no times
        epochs = [(None, part) for _, part in epochs]
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



def realfiles_reading():
    """tests/tools/realfiles_logs.py as a module (its mllog() is the reference)."""
    import importlib.util
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location(
        'realfiles_logs', os.path.join(here, '..', 'tests', 'tools', 'realfiles_logs.py'))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def differences(want, g):
    """(class, detail) for each field of run g (inspect --json) that differs from want
    (a run of realfiles_logs.py's mllog())."""
    out = []
    if g['status'] != want['status']:
        out.append(('status', '%s (%s) != %s (%s)' % (g['status'], g['reason'],
                                                      want['status'], want['reason'])))
    elif want['reason'] is not None and g['reason'] != want['reason']:
        out.append(('reason', '%r != %r' % (g['reason'], want['reason'])))
    if want['reason_line'] is not None and g['reason_line'] != want['reason_line']:
        out.append(('reason line', '%s != %s' % (g['reason_line'], want['reason_line'])))
    if not close(g['runtime_s'], want['runtime']):
        out.append(('time to train', '%s != %s' % (g['runtime_s'], want['runtime'])))
    gw = [e for e in g['epochs'] if not e.get('partial')]
    gp = [e for e in g['epochs'] if e.get('partial')]
    ww = [e for e in want['epochs'] if not e['partial']]
    wp = [e for e in want['epochs'] if e['partial']]
    if len(gw) != len(ww):
        out.append(('whole epochs', '%d != %d' % (len(gw), len(ww))))
    elif any(not close(a['duration_s'], b['duration']) for a, b in zip(gw, ww)):
        k = next(k for k, (a, b) in enumerate(zip(gw, ww))
                 if not close(a['duration_s'], b['duration']))
        out.append(('epoch times', 'epoch %d: %s != %s' % (k + 1, gw[k]['duration_s'],
                                                           ww[k]['duration'])))
    if len(gp) != len(wp):
        out.append(('partial epochs', '%d != %d' % (len(gp), len(wp))))
    elif any(not close(a['duration_s'], b['duration']) for a, b in zip(gp, wp)):
        out.append(('partial epoch time', '%s != %s' % ([a['duration_s'] for a in gp],
                                                        [b['duration'] for b in wp])))
    return out


def plausible(path, got):
    """(class, detail) for what benchreport's run says that the log itself contradicts,
    whatever the rules of reading: epochs longer in sum than the time to train (unless a
    note says they overlap), a negative time, and the last eval_accuracy before run_stop
    not on any epoch."""
    out = []
    g = got['runs'][0]
    rt = g['runtime_s']
    durs = [e['duration_s'] for e in g['epochs'] if e['duration_s'] is not None]
    overlap = any('overlap' in d['message'] for d in got['diagnostics'])
    if rt is not None and rt < 0:
        out.append(('negative time to train', str(rt)))
    if any(d < 0 for d in durs):
        out.append(('negative epoch time', str(min(durs))))
    if rt is not None and not overlap and sum(durs) > rt * 1.001 + 1:
        out.append(('epochs longer than the run', '%.3f s of epochs in %.3f s' % (sum(durs), rt)))
    evals = []
    for no, t, k, v, md in events(open(path, 'rb').read().decode('utf-8', 'replace'))[0]:
        if k == 'run_stop':
            break
        if k == 'eval_accuracy' and isinstance(v, (int, float)) and not isinstance(v, bool):
            evals.append(v)
    shown = [e['metrics']['eval_accuracy'] for e in g['epochs']
             if 'eval_accuracy' in e['metrics']]
    if evals and g['epochs'] and (not shown or not close(shown[-1], evals[-1])):
        out.append(('last eval_accuracy', '%s on the epochs, %s last in the log' % (
            shown[-1] if shown else None, evals[-1])))
    return out


def inspect_one(bin_, path):
    """(exit status, stderr, the file's inspect --json object or None, wall seconds)."""
    t0 = time.monotonic()
    p = subprocess.run([bin_, 'inspect', '--json', path], capture_output=True)
    wall = time.monotonic() - t0
    try:
        got = json.loads(p.stdout)['files'][0]
    except (ValueError, KeyError, IndexError):
        got = None
    return p.returncode, p.stderr.decode('utf-8', 'replace'), got, wall


def is_git(src):
    return os.path.isfile(os.path.join(src, 'HEAD')) and os.path.isdir(os.path.join(src, 'objects'))


def repo_name(src):
    """'training_results_v2.0' of /work/.mirror/mlcommons+training_results_v2.0/repo."""
    parts = [p for p in os.path.abspath(src).split(os.sep) if p and p not in ('repo', '.git')]
    return parts[-1].split('+')[-1]


def sample(paths, per):
    """Up to `per` result logs for each submitter and benchmark: systems taken in turn,
    within a system a log picked by a hash of its path (the same sample every time)."""
    groups = defaultdict(lambda: defaultdict(list))
    for p in paths:
        parts = p.split('/')
        if 'results' not in parts:
            continue
        i = parts.index('results')
        submitter = parts[i - 1] if i > 0 else '?'
        groups[(submitter, parts[-2])]['/'.join(parts[i + 1:-2])].append(p)
    out = []
    for key in sorted(groups):
        systems = [sorted(v, key=lambda p: hashlib.md5(p.encode()).hexdigest())
                   for _, v in sorted(groups[key].items())]
        picked, k = [], 0
        while len(picked) < per and any(k < len(s) for s in systems):
            for s in systems:
                if k < len(s) and len(picked) < per:
                    picked.append(s[k])
            k += 1
        out += picked
    return out


def from_git(src, per, cache):
    """Sample result logs of the bare git directory src into cache; their paths there."""
    names = subprocess.run(['git', '--git-dir=' + src, 'ls-tree', '-r', '--name-only', 'HEAD'],
                           capture_output=True, text=True, check=True).stdout.split('\n')
    logs = sample(sorted(n for n in names if re.search(r'/result_\d+\.txt$', n)), per)
    root = os.path.join(cache, repo_name(src))
    out = []
    for n in logs:
        dst = os.path.join(root, n)
        if not os.path.exists(dst):
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            p = subprocess.run(['git', '--git-dir=' + src, 'show', 'HEAD:' + n],
                               capture_output=True)
            if p.returncode != 0:
                continue        # a blob the snapshot left out (its largest files)
            with open(dst, 'wb') as f:
                f.write(p.stdout)
        out.append(dst)
    return out


def opt(name, default):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def main():
    skip = {opt('--per', None), opt('--cache', None)}
    args = [a for a in sys.argv[1:] if not a.startswith('-') and a not in skip]
    verbose = '-v' in sys.argv
    per, cache = int(opt('--per', 3)), opt('--cache', '/tmp/h9m')
    bin_, srcs = args[0], args[1:]
    ref = realfiles_reading()
    total = Counter()
    for src in srcs:
        if is_git(src):
            paths = from_git(src, per, cache)
        else:
            paths = sorted(os.path.join(r, f) for r, _, fs in os.walk(src) for f in fs
                           if re.match(r'result_\d+\.txt$', f))
        count, agree, bad, walls = Counter(), 0, defaultdict(list), []
        for path in paths:
            own = read(path)
            count[own['kind']] += 1
            code, err, got, wall = inspect_one(bin_, path)
            walls.append(wall)
            diffs = []
            if code < 0 or code > 3:
                diffs.append(('crash', 'exit %d: %s' % (code, err[-200:])))
            if wall > 1.0:
                diffs.append(('slow', '%.2f s' % wall))
            if own['kind'] != 'mllog':
                diffs += [(c, '') for c in compare(own, got, code, err)]
            elif got is None or got['format'] != 'mllog' or code == 3:
                diffs.append(('refused', 'exit %d, format %s: %s' % (
                    code, got and got['format'], err.strip().split('\n')[-1][:160])))
            else:
                try:
                    want = ref.mllog(path)
                except Exception as e:      # the reference failing is a finding too
                    want = None
                    diffs.append(('reference failed', repr(e)[:160]))
                nerr = sum(1 for d in got['diagnostics'] if d.get('severity') == 'error')
                if nerr != own['bad']:
                    diffs.append(('errors', '%d != %d: %s' % (nerr, own['bad'], next(
                        (d['message'] for d in got['diagnostics']
                         if d.get('severity') == 'error'), ''))))
                if want is not None and len(got['runs']) != len(want):
                    diffs.append(('runs', '%d != %d' % (len(got['runs']), len(want))))
                elif want is not None:
                    diffs += differences(want[0], got['runs'][0])
                if len(got['runs']) == 1:
                    diffs += plausible(path, got)
                # the second reading (read() here): where it and realfiles_logs.py differ
                if want is not None:
                    w = want[0]
                    mine = {'kind': 'mllog', 'bad': own['bad'], 'status': w['status'],
                            'reason': w['reason'], 'runtime': w['runtime'],
                            'epochs': [(e['duration'], e['partial']) for e in w['epochs']]}
                    other = dict(own)
                    same_epochs = len(mine['epochs']) == len(other['epochs']) and all(
                        close(a[0], b[0]) and a[1] == b[1]
                        for a, b in zip(mine['epochs'], other['epochs']))
                    if mine['status'] != other['status'] or not same_epochs or \
                            not close(mine['runtime'], other['runtime']) or \
                            (mine['status'] == 'dnf' and mine['reason'] != other['reason']):
                        diffs.append(('readings differ', 'realfiles_logs %s %s %s %d | read() '
                                      '%s %s %s %d' % (
                                          mine['status'], mine['reason'], mine['runtime'],
                                          len(mine['epochs']), other['status'], other['reason'],
                                          other['runtime'], len(other['epochs']))))
            if not diffs:
                agree += 1
            for c, detail in diffs:
                bad[c].append(path)
                if verbose:
                    print('  %s: %s: %s' % (path, c, detail))
        walls.sort()
        print('%s: %d logs (%s), %d agree; wall median %.3f s, max %.3f s; differences: %s' % (
            repo_name(src) if is_git(src) else src, len(paths),
            ', '.join('%s %d' % kv for kv in sorted(count.items())), agree,
            walls[len(walls) // 2] if walls else 0, walls[-1] if walls else 0,
            ', '.join('%s %d' % (k, len(v)) for k, v in sorted(bad.items())) or 'none'))
        sys.stdout.flush()
        total['logs'] += len(paths)
        total['agree'] += agree
        for k, v in bad.items():
            total['class ' + k] += len(v)
    if len(srcs) > 1:
        print('all: %d logs, %d agree; %s' % (total['logs'], total['agree'], ', '.join(
            '%s %d' % (k[6:], v) for k, v in sorted(total.items()) if k.startswith('class '))))


main()
