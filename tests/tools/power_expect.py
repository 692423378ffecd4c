#!/usr/bin/env python3
"""Expected readings of the real power recordings in realfiles/, computed without
benchreport: Python's csv, re and datetime modules read each file the way its
SOURCES.md line describes it. Prints JSON: one entry per file with the arguments
benchreport gets, and either the traces it must give (device, domain, samples,
values, start, end, mean, min, max of the power in W) or the words its refusal
must contain. tests/realfiles/run.sh compares this with `benchreport inspect --json`.
usage: power_expect.py realfiles > realfiles/expect.json"""
import csv, datetime as dt, json, math, re, statistics, sys

root = sys.argv[1]
out = []


def iso(t, zoned=False):
    """benchreport's time format: ISO 8601, milliseconds or more, Z when zoned."""
    d = dt.datetime(1970, 1, 1) + dt.timedelta(microseconds=round(t * 1e6))
    s = d.strftime('%Y-%m-%dT%H:%M:%S.%f')
    while s.endswith('0') and len(s.split('.')[1]) > 3:
        s = s[:-1]
    return s + ('Z' if zoned else '')


def secs(d):
    return (d - dt.datetime(1970, 1, 1)).total_seconds()


def trace(device, domain, times, watts, timed=True, name=None):
    vals = [w for w in watts if not math.isnan(w)]
    t = {'device': device, 'domain': domain, 'samples': len(watts), 'values': len(vals),
         'start': iso(times[0]) if timed else None, 'end': iso(times[-1]) if timed else None,
         'mean': sum(vals) / len(vals), 'min': min(vals), 'max': max(vals)}
    if name:
        t['name'] = name
    return t


def read_something(traces):
    """Columns of nothing but 0 W read nothing (a counter the processor lacks: Intel Power
    Gadget's DRAM Power on a laptop; a tegrastats rail 'NC', not connected; a meter's
    channel with nothing on it; BMC polls that all failed): no trace. An integrated GPU
    gated off for a whole short log is the one part whose zeros are readings."""
    return [t for t in traces
            if not (t['values'] >= 2 and t['min'] == 0 == t['max'] and t['domain'] != 'igpu')]


def add(path, fmt, traces, args=(), error=None):
    """`error`: words of the one error inspect must say (exit 1), the traces read all the same."""
    out.append({'file': path, 'args': list(args), 'format': fmt, 'traces': traces})
    if error:
        out[-1]['error'] = error


def smi_q(path):
    """`nvidia-smi -q` reports: per GPU (by bus id, in order) its name and (time, W) samples,
    the power from the line 'Power Draw' (or 'Instantaneous Power Draw') in the section
    '    Power Readings' or '    GPU Power Readings'."""
    gpus, t = {}, None
    for rep in open(path, encoding='utf-8').read().split('==============NVSMI LOG==============')[1:]:
        m = re.search(r'^Timestamp\s+: (.+?)\s*$', rep, re.M)
        t = secs(dt.datetime.strptime(m.group(1), '%a %b %d %H:%M:%S %Y'))
        for blk in re.split(r'^GPU (?=[0-9A-F]+:)', rep, flags=re.M)[1:]:
            bus = blk.split('\n', 1)[0].strip()
            name = re.search(r'^    Product Name\s+: (.+?)\s*$', blk, re.M)
            sec = re.search(r'^    (?:GPU )?Power Readings\n((?:        .*\n)+)', blk, re.M)
            draw = dict(re.findall(r'^        ((?:Instantaneous )?Power Draw)\s+: ([0-9.]+) W', sec.group(1), re.M))
            w = float(draw.get('Instantaneous Power Draw', draw.get('Power Draw')))
            g = gpus.setdefault(bus, [name.group(1) if name else None, []])
            g[1].append((t, w))
    return list(gpus.values())


def refuse(path, words, args=()):
    out.append({'file': path, 'args': list(args), 'refused': words})


def since_zero(traces):
    """Intel Power Gadget's rows are each the mean power since the row before (the energy
    counter's step over the elapsed time's: checked on every row of its logs here), the
    first since logging began at 0 s: the trace begins there."""
    for t in traces:
        t['start'] = iso(0.0)
    return traces


def power_gadget(p, cols=(('Processor Power_0(Watt)', 'cpu'), ('IA Power_0(Watt)', 'cores'),
                          ('DRAM Power_0(Watt)', 'dram'), ('GT Power_0(Watt)', 'igpu'))):
    """An Intel Power Gadget log's rows up to its footer (after a blank line; CRLF or LF):
    one trace per power column, timed by 'Elapsed Time (sec)', from 0 s (since_zero)."""
    text = open(p, newline='').read().replace('\r\n', '\n').split('\n\n')[0].strip().split('\n')
    rows = list(csv.reader(text))
    hdr = [h.strip() for h in rows[0]]
    ts = [float(r[hdr.index('Elapsed Time (sec)')]) for r in rows[1:]]
    return since_zero([trace(col.split('(')[0], dom, ts, [float(r[hdr.index(col)]) for r in rows[1:]])
                       for col, dom in cols]), rows


# --- nvidia-smi CSV ---------------------------------------------------------------
p = f'{root}/nvsmi/vlm-opt_rtx4090_units.csv'
rows = list(csv.reader(open(p, newline='')))
hdr = [h.strip() for h in rows[0]]
ti, pi = hdr.index('timestamp'), hdr.index('power.draw [W]')
ts = [secs(dt.datetime.strptime(r[ti].strip(), '%Y/%m/%d %H:%M:%S.%f')) for r in rows[1:]]
ws = [float(r[pi].strip().removesuffix(' W')) for r in rows[1:]]
add(p, 'nvsmi', [trace('0', 'gpu', ts, ws, name=rows[1][1].strip())])

p = f'{root}/nvsmi/mnmgdatalog_power-draw-only_no-time.csv'
lines = open(p).read().split('\n')
ws = [float(x.removesuffix(' W')) for x in lines[1:] if x]
add(p, 'nvsmi', [trace('0', 'gpu', [0], ws, timed=False)])

p = f'{root}/nvsmi/fast-llm-inference_noheader-nounits_power-only.csv'
ws = [float(x) for x in open(p).read().split()]
add(p, 'nvsmi', [trace('0', 'gpu', [0], ws, timed=False)], ['--columns', 'power.draw'])

p = f'{root}/nvsmi/autoscientists_epoch-noheader-nounits.log'   # columns from benchreport.csv
rows = list(csv.reader(open(p, newline='')))
add(p, 'nvsmi', [dict(trace('0', 'gpu', [float(r[0]) for r in rows], [float(r[2]) for r in rows]),
                      start=iso(float(rows[0][0]), True), end=iso(float(rows[-1][0]), True))])

# power.draw and power.draw.instant both asked for (-lms 1, rows ~5-25 ms apart) on an A100
# PCIe: power.draw.instant is the power; power.draw stays a channel of its own
p = f'{root}/nvsmi/cuda-test_a100-pcie_instant-beside-draw_5ms.csv'
rows = list(csv.reader(open(p, newline=''), skipinitialspace=True))
hdr = rows[0]
ti, pi = hdr.index('timestamp'), hdr.index('power.draw.instant [W]')
assert 'power.draw [W]' in hdr and 'name' not in hdr and 'index' not in hdr
add(p, 'nvsmi', [trace('0', 'gpu', [secs(dt.datetime.strptime(r[ti], '%Y/%m/%d %H:%M:%S.%f')) for r in rows[1:]],
                       [float(r[pi].removesuffix(' W')) for r in rows[1:]])])
# a home-made logger in nvidia-smi's spirit: gpu_id and name columns, power_draw_w, two GPUs
# (an RTX 4090 and an RTX 4080) a row each every ~30 s, the 4080 a few ms after the 4090
p = f'{root}/nvsmi/baikal_own-logger_rtx4090-rtx4080_gpu-id-name.csv'
per = {}
for r in csv.DictReader(open(p, newline='')):
    per.setdefault(r['gpu_id'], (r['name'], []))[1].append(
        (secs(dt.datetime.strptime(r['timestamp'], '%Y/%m/%d %H:%M:%S.%f')), float(r['power_draw_w'])))
add(p, 'nvsmi', [trace(g, 'gpu', [t for t, _ in v], [w for _, w in v], name=nm)
                 for g, (nm, v) in per.items()])
# Flame (a GPU flame-graph tool): `--query-gpu=timestamp,power.draw --format=csv -lms 100` beside
# an nsys run of CUDA's fluidsGL sample; the two columns only, no name
p = f'{root}/nvsmi/flame_fluidsgl_time-power-only_lms100.csv'
rows = list(csv.reader(open(p, newline=''), skipinitialspace=True))
assert rows[0] == ['timestamp', 'power.draw [W]']
add(p, 'nvsmi', [trace('0', 'gpu', [secs(dt.datetime.strptime(r[0], '%Y/%m/%d %H:%M:%S.%f')) for r in rows[1:]],
                       [float(r[1].removesuffix(' W')) for r in rows[1:]])])
# timestamp, power.draw and six more columns, no name or index; units in every value, pstate text
p = f'{root}/nvsmi/mddair_pstate-clocks_no-name_first3000.csv'
rows = list(csv.reader(open(p, newline=''), skipinitialspace=True))
hdr = rows[0]
ti, pi = hdr.index('timestamp'), hdr.index('power.draw [W]')
assert 'name' not in hdr and 'index' not in hdr and hdr[-1] == 'pstate'
add(p, 'nvsmi', [trace('0', 'gpu', [secs(dt.datetime.strptime(r[ti], '%Y/%m/%d %H:%M:%S.%f')) for r in rows[1:]],
                       [float(r[pi].removesuffix(' W')) for r in rows[1:]])])
refuse(f'{root}/nvsmi/miris_v100s_no-power.csv', 'no power column')
# written by PowerShell's `>` on Windows: UTF-16LE with a byte-order mark, CRLF; no power column
p = f'{root}/nvsmi/land-ct-full_utf16-powershell_no-power.csv'
raw = open(p, 'rb').read()
assert raw[:2] == b'\xff\xfe' and 'power' not in raw.decode('utf-16').split('\r\n')[0]
refuse(p, 'line 1 is an nvidia-smi header with no power column (add power.draw to --query-gpu)')

refuse(f'{root}/nvsmi/gpu-usage_rtx2070_no-power_repeated-headers.csv', 'no power column')
# header-less rows and dmon without power: refused, and inspect -v names the reader that came
# closest and why it could not read the file
p = f'{root}/nvsmi/deeplearningph_no-power.csv'
assert not any('power' in h for h in open(p).readline().split(','))
refuse(p, 'closest reader: nvsmi (20, 50 needed)')
# eight GPUs a second, a custom header naming the GPU `gpu` (0-7) before an `index` column that
# is 0 on every row: the GPU is the `gpu` column (one row per GPU and time); the last second
# was cut after GPU 2
p = f'{root}/nvsmi/gpu-glasses_8gpu_gpu-key-column_index-all-zero.csv'
rows = list(csv.DictReader(open(p, newline=''), skipinitialspace=True))
assert {r['index'] for r in rows} == {'0'}
per = {}
for r in rows:
    per.setdefault(r['gpu'], []).append((secs(dt.datetime.fromisoformat(r['timestamp'])
                                              .astimezone(dt.timezone.utc).replace(tzinfo=None)),
                                         float(r['power.draw'])))
for v in per.values():
    assert len({t for t, _ in v}) == len(v)
add(p, 'nvsmi', [dict(trace(g, 'gpu', [t for t, _ in v], [w for _, w in v]),
                      start=iso(v[0][0], True), end=iso(v[-1][0], True))
                 for g, v in per.items()])
# Jetson Orin's own imitation of the CSV (DD-MM-YYYY times, `Orin`), no power column
p = f'{root}/nvsmi/zetascope_jetson-orin_dd-mm-yyyy_no-power.csv'
assert 'power' not in open(p).readline()
refuse(p, 'line 1 is an nvidia-smi header with no power column')
# `nvidia-smi -q`: a report of every field, one sample per GPU: the Power Draw of its
# (GPU) Power Readings section (not the Module's or GPU Memory's N/A), at the report's
# Timestamp, named by its Product Name
for p in (f'{root}/nvsmi/cuda-test_rtx4090_nvidia-smi-q_report.txt',
          f'{root}/nvsmi/multilanguagelearning_rtx4070-laptop_nvidia-smi-q_566_markdown.md'):
    add(p, 'nvsmiq', [dict(trace(str(i), 'gpu', [t for t, _ in s], [w for _, w in s], name=nm))
                      for i, (nm, s) in enumerate(smi_q(p))])
# a logger split the two GPUs' lines of `--format=csv,noheader,nounits` at commas: GPU 1's
# first field fell into GPU 0's power cell, a quoted cell over two lines ("26.11\n0")
p = f'{root}/nvsmi/dcconv_two-gpu-output-in-one-quoted-cell.csv'
rows = list(csv.reader(open(p, newline='')))
assert all('\n' in r[5] for r in rows[1:])
refuse(p, "2:21: error: not a number in column 'power_w'")
# a cmd.exe loop's log: prompts, `date /T`, then an nvidia-smi CSV header without power
p = f'{root}/nvsmi/convert-cpu-gpu_cmd-loop_prompts_no-power.log'
hdrs = [i + 1 for i, x in enumerate(open(p, newline='').read().split('\r\n'))
        if x.startswith('utilization.gpu [%]')]
assert hdrs[0] == 9 and all('power' not in x for x in open(p))
refuse(p, "line 9 is an nvidia-smi header with no power column")
refuse(p, 'closest reader: nvsmi (20, 50 needed)')
p = f'{root}/nvsmi/omoknuni_noheader-units_no-power_first200.log'
assert all(re.fullmatch(r'\d+ %, \d+ MiB', line.rstrip('\n')) for line in open(p))
refuse(p, 'and none in W: no power was recorded (add power.draw to --query-gpu)')
p = f'{root}/nvsmi/epo_noheader-nounits_with-name.log'
assert re.fullmatch(r'[\d/]+ [\d:.]+, NVIDIA [^,]+(, \d+)+\n', open(p).read())
refuse(p, 'name its columns with --columns')
# --format=csv,noheader (units in the values, no header): the time is the first field, the
# power the one field in W (beam11221/plato's gpu_log.csv, the issue's own example)
p = f'{root}/nvsmi/plato_noheader-units_5s.csv'
rows = [line.rstrip('\n').split(', ') for line in open(p)]
assert all(len(r) == 7 and sum(f.endswith(' W') for f in r) == 1 for r in rows)
add(p, 'nvsmi', [trace('0', 'gpu', [secs(dt.datetime.strptime(r[0], '%Y/%m/%d %H:%M:%S.%f')) for r in rows],
                       [float(r[6].removesuffix(' W')) for r in rows])])
# power.draw and timestamp asked for separately and written power first (`2.78 W, 2025/01/21
# 12:39:32.398`), no header: the columns are told apart by their values
p = f'{root}/nvsmi/powermeter_noheader-units_power-before-time.csv'
rows = [line.rstrip('\n').split(', ') for line in open(p)]
add(p, 'nvsmi', [trace('0', 'gpu', [secs(dt.datetime.strptime(r[1], '%Y/%m/%d %H:%M:%S.%f')) for r in rows],
                       [float(r[0].removesuffix(' W')) for r in rows])])
# a MATLAB script's `nvidia-smi --loop-ms=500 --query-gpu=power.draw --format=csv,noheader,nounits`
# on Windows: bare numbers only; the columns named with --columns, the spacing with --interval
p = f'{root}/nvsmi/food11-challenge_noheader-nounits_power-only_loop-ms-500.txt'
ws = [float(x) for x in open(p).read().split()]
add(p, 'nvsmi', [trace('0', 'gpu', [i * 0.5 for i in range(len(ws))], ws)],
    ['--columns', 'power.draw', '--interval', '500'])
# the same two files without --columns: refused, and inspect -v names nvsmi and says what to give
for f in ('food11-challenge_noheader-nounits_power-only_loop-ms-500.txt',
          'fast-llm-inference_noheader-nounits_power-only.csv'):
    p = f'{root}/nvsmi/{f}'
    assert all(re.fullmatch(r'[\d.]+', line.strip()) for line in open(p))
    refuse(p, 'closest reader: nvsmi (20, 50 needed)')
# header with units, 80 samples ~11 ms apart (-lms 10) on a GTX 1650
p = f'{root}/nvsmi/fletcher-io_gtx1650_units_11ms.csv'
rows = list(csv.reader(open(p, newline=''), skipinitialspace=True))
hdr = rows[0]
ti, pi, ni = hdr.index('timestamp'), hdr.index('power.draw [W]'), hdr.index('name')
add(p, 'nvsmi', [trace('0', 'gpu', [secs(dt.datetime.strptime(r[ti], '%Y/%m/%d %H:%M:%S.%f')) for r in rows[1:]],
                       [float(r[pi].removesuffix(' W')) for r in rows[1:]], name=rows[1][ni])])
p = f'{root}/nvsmidmon/mybiome_dmon-s-u_no-pwr.log'
assert 'pwr' not in open(p).readline().split()
refuse(p, 'an nvidia-smi dmon header without pwr: no power was recorded')

# --- CodeCarbon: one row per run, not a trace -------------------------------------------
p = f'{root}/codecarbon/green-ml-bench_emissions_v3.csv'
rows = list(csv.DictReader(open(p, newline='')))
assert len({r['run_id'] for r in rows}) == len(rows)   # every row its own run
refuse(p, 'CodeCarbon emissions.csv: one row per tracked run')

# --- the nvidia-smi table -----------------------------------------------------------
BANNER = re.compile(r'^(?:Every .*: )?([A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \d{4})\s*$')
GPU = re.compile(r'^\|\s+(\d+)\s+(.+?)\s+(On|Off|WDDM|TCC)\s*\|')
USAGE = re.compile(r'^\|[^|]*?(\d+(?:\.\d+)?|N/A|ERR!)W? / +\S+\s*\|')


MEMTOTAL = re.compile(r'\|\s*\d+MiB\s*/\s*(\d+)MiB\s*\|')
BUS = re.compile(r'^\|[^|]*\|\s*([0-9A-Fa-f]+:[0-9A-Fa-f]+:[0-9A-Fa-f]+\.\d)\b')


def same_gpu(a, b):
    """Two (name, MiB) of a table's GPU rows are one GPU: the names equal, or one cut ('...')
    where the other goes on, either without a leading 'NVIDIA '; the memory totals within 2%."""
    na, nb = (x[0][7:] if x[0].startswith('NVIDIA ') else x[0] for x in (a, b))
    if na.endswith('...') or nb.endswith('...'):
        cut, whole = (na, nb) if na.endswith('...') else (nb, na)
        ok = whole.startswith(cut[:-3])
    else:
        ok = na == nb
    return ok and abs(a[1] - b[1]) <= 0.02 * max(a[1], b[1])


def table(p, args=(), lines=None, error=None):
    """One trace per GPU: its index, (name, memory total) and Bus-Id; a second GPU of an index
    (another machine's table in the same file, if only by its bus) is device '<index>#2'. `lines`: the file's lines when
    they are not read as they are."""
    gpus, t, pending = [], None, None    # [device, index, (name, MiB), [(t, [W])]]
    date_no, dated = 0, {}               # the date line's number; each GPU's last one
    for no, line in enumerate(lines if lines is not None
                              else open(p, encoding='utf-8', errors='replace'), 1):
        # NULs before a line's text: a file another writer went on writing
        line = line.rstrip('\n').lstrip('\0')
        m = BANNER.match(line)
        if m:
            t = secs(dt.datetime.strptime(re.sub(' +', ' ', m.group(1)), '%a %b %d %H:%M:%S %Y'))
            date_no = no
            pending = None
            continue
        m = USAGE.match(line) if pending is not None else None
        if m:
            w = math.nan if m.group(1) in ('N/A', 'ERR!') else float(m.group(1))
            key = (pending[1], float(MEMTOTAL.search(line).group(1)))
            same = [g for g in gpus if g[1] == pending[0]]
            g = next((g for g in same if same_gpu(g[2], key) and
                      (not g[4] or not pending[2] or g[4] == pending[2])), None)
            if g is None:
                g = [pending[0] + (f'#{len(same) + 1}' if same else ''), pending[0], key, [],
                     pending[2]]
                gpus.append(g)
            elif not g[4]:
                g[4] = pending[2]
            elif g[2][0].endswith('...') and not key[0].endswith('...'):
                g[2] = (key[0], g[2][1])    # the name printed whole
            s = g[3]
            if t is not None and dated.get(id(g)) == date_no:
                pending = None      # read again under one date: a snapshot whose date is lost
                continue
            dated[id(g)] = date_no
            if s and t is not None and s[-1][0] is not None and t < s[-1][0]:
                pending = None      # earlier than the GPU's last reading: not read
                continue
            if s and t is not None and s[-1][0] == t:   # same second: averaged into one sample
                s[-1][1].append(w)
            else:
                s.append((t, [w]))
            pending = None
            continue
        pending = None
        m = GPU.match(line)
        if m:
            b = BUS.match(line)
            pending = (m.group(1), m.group(2), b.group(1) if b else '')
    def mean(ws):
        ws = [w for w in ws if not math.isnan(w)]
        return sum(ws) / len(ws) if ws else math.nan
    add(p, 'nvsmitable', [trace(g[0], 'gpu', [x[0] for x in g[3]], [mean(x[1]) for x in g[3]],
                                timed=g[3][0][0] is not None, name=g[2][0])
                          for g in gpus], args, error)   # in the order first printed


for f in ('mag_8xa100_loop.log', 'langsplat_a100_loop.log', 'alchemy-furnace_2xv100_loop.log',
          'grouped-erag_rtx8000_date-banner_first608.log',
          'eval-dataset_2xh100_snapshot.log', 'slurmmwe_l40s_loop_first100.log',
          'moe-experiments_rtx3060-laptop_loop_first100.txt',
          'semi-active-seizure_v100_table-then-csv.csv', 'ifrnet_2xv100_470_snapshot.log',
          'omnivla-gazebo_rtx3090_580_prompt-line.log', 'lisa_rtx3060_wddm-560_commands-before.txt',
          'gpu-inference-hw_l40s_580_snapshot.txt', 'aucurriculum_a40_580_loop_134.log',
          'mxochicale-code_two-laptops-gpu0_markdown-notes_dates-out-of-order.md',
          'cs259_titanv-rtx3070_readme-two-machines_no-dates.md',
          'asus-x670p_2xrtx4090_580_snapshot.log',
          'excellence-experiment_rtx5080-wddm-581_minute-loop-over-midnight_first60.txt',
          'check-in_4x-titanx-pascal_384_daily-cron_torn-snapshot.log',
          'triton-computecanada_a100-40gb_550_snapshot.txt',
          'hstu-research_4x3090-2x2080ti_535_five-snapshots.txt',
          'muscles-codebook_8xv100s_535_snapshot-during-training.txt',
          'learnmof_three-nodes-each-gpu0-same-card_515_bus-ids-differ.txt',
          # the last 76 snapshots' rows say 'GPU is lost', every cell ERR!: no GPU row the
          # table's pattern takes, no sample
          '2d-detection_rtx3070_loop_gpu-is-lost-at-end.txt'):
    table(f'{root}/nvsmitable/{f}')

# SkyPilot's job log: every line of the task's output begins with '(task, pid=3791) ' (without
# its blank on the line left empty), the table after it
p = f'{root}/nvsmitable/nebius-ml-cookbook_h100_skypilot-task-prefix-on-every-line.log'
PRE = '(task, pid=3791) '
assert all(x.startswith(PRE.rstrip()) for x in open(p))
table(p, lines=[x[len(PRE):] if x.startswith(PRE) else x for x in open(p)])

# `watch nvidia-smi` captured with its terminal codes: the screen is redrawn by cursor moves,
# one line in all; no snapshot is ever written whole
p = f'{root}/nvsmitable/hirataken_h100_watch-terminal-capture.log'
raw = open(p, 'rb').read()
assert b'\n' not in raw and b'\x1b[' in raw and b'Pwr:Usage/Cap' in raw
refuse(p, "a terminal capture of the table (watch's cursor-addressed screen updates)")
refuse(p, 'closest reader: nvsmitable (30, 50 needed)')
# Huawei's npu-smi draws a table like nvidia-smi's (Power(W) per NPU): not read, but named
p = f'{root}/nvsmitable/ptnet3d_npu-smi_8x910b3_not-nvidia.log'
assert '| npu-smi ' in open(p).read() and 'Pwr:Usage/Cap' not in open(p).read()
refuse(p, 'closest reader: nvsmitable (15, 50 needed)')

# --- nvidia-smi dmon ---------------------------------------------------------------------
p = f'{root}/nvsmidmon/slm-launchpad_dmon_untimed.log'
hdr, per = None, {}
for line in open(p):
    f = line.split()
    if line.startswith('#'):
        if 'pwr' in f:
            hdr = f[1:]
        continue
    if f:
        per.setdefault(f[hdr.index('gpu')], []).append(float(f[hdr.index('pwr')]))
add(p, 'nvsmidmon', [trace(g, 'gpu', [0], w, timed=False) for g, w in sorted(per.items())])

# dcgmi dmon: '#Entity POWER TOTEC ...', a units line with blanks under unitless fields, then
# 'GPU 1     26.810 ...' rows (the GPUs in the order they first appear); no times
p = f'{root}/nvsmidmon/monitoring-gpus-hpc_dcgmi-dmon_2gpu_gpu1-first_totec.out'
per = {}
for line in open(p):
    f = line.split()
    if len(f) > 2 and f[0] == 'GPU':
        per.setdefault(f[1], []).append(float(f[2]))
add(p, 'nvsmidmon', [trace(g, 'gpu', [0], w, timed=False) for g, w in per.items()])

# --- powermetrics ------------------------------------------------------------------------
# times: each block's header second is floor of its window's end; the one offset that
# fits every block of the run, the middle of the interval they leave (parsers/powermetrics.c)
PMHDR = re.compile(r'\*\*\* Sampled system activity \((.*) ([+-]\d{4})\) \(([\d.]+)ms elapsed\)')
def add_blocks(p, model, blocks, domains):
    """Powermetrics blocks ({'h': header second, 'e': elapsed s, 'p': watts by key}) as one
    trace per (domain, key): the whole-second headers bound the first block's start, each
    block ends its elapsed time after the one before, and the start is the middle of the
    interval every header allows."""
    runs = [[]]   # where no one offset fits every header (windows that sum to less than the
    for b in blocks:   # clock's time: the gaps between them), a new run starts
        s_ = sum(x['e'] for x in runs[-1]) + b['e']
        lo = max([x['h'] - sum(y['e'] for y in runs[-1][:i + 1])
                  for i, x in enumerate(runs[-1])] + [b['h'] - s_])
        hi = min([x['h'] + 1 - sum(y['e'] for y in runs[-1][:i + 1])
                  for i, x in enumerate(runs[-1])] + [b['h'] + 1 - s_])
        if lo >= hi:
            runs.append([])
        runs[-1].append(b)
    def offset(run):
        s_, lo, hi = 0, -1e18, 1e18
        for b in run:
            s_ += b['e']
            lo, hi = max(lo, b['h'] - s_), min(hi, b['h'] + 1 - s_)
        assert lo < hi
        return (lo + hi) / 2, s_
    (c0, _), (c1, s1) = offset(runs[0]), offset(runs[-1])
    tr = []
    for dom, key in domains:
        t = trace('0', dom, [0], [b['p'][key] for b in blocks], name=model)
        t['start'], t['end'] = iso(c0, True), iso(c1 + s1, True)
        tr.append(t)
    add(p, 'powermetrics', tr)
    return len(runs)


def codecarbon_pm(p, model, doms=('gpu', 'cpu', 'ane', 'combined')):
    blocks = []
    for line in open(p):
        m = PMHDR.match(line)
        if m:
            d = dt.datetime.strptime(m.group(1), '%a %b %d %H:%M:%S %Y')
            off = int(m.group(2)[:3]) * 3600 + int(m.group(2)[0] + m.group(2)[3:]) * 60
            blocks.append({'h': secs(d) - off, 'e': float(m.group(3)) / 1000, 'p': {}})
        for dom, key in (('gpu', 'GPU Power:'), ('cpu', 'CPU Power:'), ('ane', 'ANE Power:'),
                         ('combined', 'Combined Power (CPU + GPU + ANE):')):
            if line.startswith(key) and blocks and dom not in blocks[-1]['p']:
                blocks[-1]['p'][dom] = float(line.split(':')[1].split()[0]) / 1000
    assert all(set(b['p']) == set(doms) for b in blocks)
    return add_blocks(p, model, blocks, [(d, d) for d in doms])


codecarbon_pm(f'{root}/powermetrics/ec-kitty-carbon_codecarbon_macos14.txt', 'Mac14,2')
codecarbon_pm(f'{root}/powermetrics/green-recsys_codecarbon_mac16-7_macos15.txt', 'Mac16,7')
codecarbon_pm(f'{root}/powermetrics/green-llama_codecarbon_mac15-12_macos15.txt', 'Mac15,12')
codecarbon_pm(f'{root}/powermetrics/graph-dit-uq_codecarbon_mac16-13_macos15_gpu-busy.txt', 'Mac16,13')
codecarbon_pm(f'{root}/powermetrics/holistic-agent-obs_codecarbon_macbookpro18-3_macos15_cpu-12w.txt',
              'MacBookPro18,3')
codecarbon_pm(f'{root}/powermetrics/lab-mae_codecarbon_macbookair10-1_macos14_zone-0500.txt',
              'MacBookAir10,1')
# `powermetrics -s cpu_power,gpu_power -n 1` on a MacBookPro18,1 (macOS 14.2): one 5 s block,
# the cluster frequency lines without power lines, then CPU/GPU/ANE/Combined Power
codecarbon_pm(f'{root}/powermetrics/oaa-hk_macbookpro18-1_macos14_cpu-gpu-samplers_one-5s-block.txt',
              'MacBookPro18,1')
# macOS 14.6 with every default sampler, four ~1 s blocks: GPU Power twice a block (the first counts)
p = f'{root}/powermetrics/dia-alternative-exercise_macbookpro17-1_macos14_all-samplers_4x1s.txt'
assert open(p).read().count('GPU Power:') == 8 and '*** Running tasks ***' in open(p).read()
codecarbon_pm(p, 'MacBookPro17,1')
# macOS 26: its last block ends with the tail of an older, longer file written over (a second
# ANE and Combined Power): the first of each counts
p = f'{root}/powermetrics/green-se4ai_codecarbon_macos26_torn-tail.txt'
assert open(p).read().count('Combined Power') == 11
codecarbon_pm(p, 'MacBookAir10,1')
# `--samplers gpu_power` alone, 10 s windows, macOS 26: the GPU section and nothing else, a
# gpu trace and no cpu one
# windows ~10 ms short of the clock by block 242 and again by 408: three runs of offsets, one trace
assert codecarbon_pm(
    f'{root}/powermetrics/ecua-project_gpu-power-only_macbookpro18-3_macos26_10s_first500.txt',
    'MacBookPro18,3', ('gpu',)) == 3
# hunt4 (session 21): CodeCarbon's logs from more Macs and macOS 26, an all-samplers capture
codecarbon_pm(f'{root}/powermetrics/air-pollution_mac15-6_macos14_codecarbon.txt', 'Mac15,6')
codecarbon_pm(f'{root}/powermetrics/energy-aware-algo_mac15-3_macos14_codecarbon.txt', 'Mac15,3')
codecarbon_pm(f'{root}/powermetrics/gwpinlm_macbookair10-1_macos26_codecarbon.txt', 'MacBookAir10,1')
codecarbon_pm(f'{root}/powermetrics/master-thesis_mac14-2_macos26_codecarbon.txt', 'Mac14,2')
# three blocks of ~0.1 s, all in the same header second
codecarbon_pm(f'{root}/powermetrics/swam_macbookpro18-3_macos14_codecarbon-3blocks.txt',
              'MacBookPro18,3')
# eight blocks, then '82 mW': the tail of an older, longer log written over, no block's
p = f'{root}/powermetrics/edi-scripts_mac16-12_macos15_codecarbon-8blocks-stray-tail.txt'
assert open(p).read().rstrip('\n').endswith('82 mW') and open(p).read().count('*** Sampled') == 8
codecarbon_pm(p, 'Mac16,12')
# every sampler with the tasks' energy columns, one 5037 ms block; GPU Power twice (the first)
p = f'{root}/powermetrics/powermetrics-tui_macbookpro18-2_macos14_show-all-one-5s-block.txt'
assert open(p).read().count('GPU Power:') == 2
codecarbon_pm(p, 'MacBookPro18,2')
# the smc sampler alone on an Intel Mac (temperatures, fan, 'CPU Plimit'): no power at all
p = f'{root}/powermetrics/eytu-analysis_intel-macbookpro16-1_macos12_smc-only-no-power_1200x1s.txt'
assert ' Power' not in open(p).read() and 'CPU Plimit' in open(p).read()
refuse(p, 'no power lines (run powermetrics with the cpu_power or gpu_power sampler)')
# an excerpt from a block's header on, its tasks table only
p = f'{root}/powermetrics/powermetrics-tui_m1max_macos14_tasks-only-fragment-no-preamble.txt'
assert ' Power' not in open(p).read() and '*** Running tasks ***' in open(p).read()
refuse(p, 'no power lines (run powermetrics with the cpu_power or gpu_power sampler)')
# -f plist: five NUL-separated documents of the gpu_power sampler
p = f'{root}/powermetrics/matiasinsaurralde-powermetrics_mac16-8_macos15_gpu-power-plist-5x5s.txt'
assert open(p, 'rb').read().count(b'\0') >= 4 and b'<plist' in open(p, 'rb').read()
refuse(p, 'this is powermetrics plist output (-f plist), which benchreport does not read')
# the tasks sampler alone: no power line in the file at all
p = f'{root}/powermetrics/tese-mestrado_tasks-sampler-only_no-power.txt'
assert ' Power' not in open(p).read() and '*** Running tasks ***' in open(p).read()
refuse(p, 'no power lines (run powermetrics with the cpu_power or gpu_power sampler)')
# one block of macOS 13 beta on an M1 Max: the cluster lines (E, P0, P1) add up to CPU Power,
# which is the cpu domain; Package Power is the combined domain
p = f'{root}/powermetrics/sspdd_m1max_macos13beta_clusters.txt'
text = open(p).read()
m = PMHDR.search(text)
d = dt.datetime.strptime(m.group(1), '%a %b %d %H:%M:%S %Y')
h = secs(d) - (int(m.group(2)[:3]) * 3600 + int(m.group(2)[0] + m.group(2)[3:]) * 60)
e = float(m.group(3)) / 1000
mw = {k: float(v) / 1000 for k, v in re.findall(r'^([A-Za-z0-9 -]+) Power: (\d+) mW$', text, re.M)}
assert mw['E-Cluster'] + mw['P0-Cluster'] + mw['P1-Cluster'] == mw['CPU']
tr = []
for dom, key in (('gpu', 'GPU'), ('cpu', 'CPU'), ('ane', 'ANE'), ('dram', 'DRAM'),
                 ('combined', 'Package')):
    t = trace('0', dom, [0], [mw[key]], name='MacBookPro18,2')
    t['start'], t['end'] = iso(h + 0.5 - e, True), iso(h + 0.5, True)   # the header's second's middle
    tr.append(t)
add(p, 'powermetrics', tr)
# an Intel Mac (macOS 10.14): the package power line, in W, is the cpu domain; one sampled
# block (the lifetime report before it is no sample)
p = f'{root}/powermetrics/icloud-drive_macbookpro8-1_intel_mojave.txt'
text = open(p, encoding='utf-8', errors='replace').read()
(m,) = PMHDR.finditer(text)
d = dt.datetime.strptime(m.group(1), '%a %b %d %H:%M:%S %Y')
h = secs(d) - (int(m.group(2)[:3]) * 3600 + int(m.group(2)[0] + m.group(2)[3:]) * 60)
e = float(m.group(3)) / 1000
(w,) = re.findall(r'^Intel energy model derived package power \(CPUs\+GT\+SA\): ([\d.]+)W$', text, re.M)
t = trace('0', 'cpu', [0], [float(w)], name='MacBookPro8,1')
t['start'], t['end'] = iso(h + 0.5 - e, True), iso(h + 0.5, True)
add(p, 'powermetrics', [t])
# macOS 11.2 on an M1 Mac mini (`powermetrics` with its default samplers, ~1 s blocks): no
# CPU Power line; the cpu domain is Clusters Total Power (E-Cluster + P-Cluster, +-1 mW of
# rounding), Package Power the combined one; the GPU Power line is printed twice a block (the
# first counts); the closing '*** Summary system activity' block is no sample
def cluster_pm(p, model):
    text = open(p).read()
    samples, summary = text.split('*** Summary system activity')
    assert 'Clusters Total Power' in summary
    blocks = []
    for b in samples.split('*** Sampled system activity')[1:]:
        m = re.match(r' \((.*) ([+-]\d{4})\) \(([\d.]+)ms elapsed\)', b)
        d = dt.datetime.strptime(m.group(1), '%a %b %d %H:%M:%S %Y')
        off = int(m.group(2)[:3]) * 3600 + int(m.group(2)[0] + m.group(2)[3:]) * 60
        mw = {}
        for k, v in re.findall(r'^([A-Za-z -]+) Power: (\d+) mW$', b, re.M):
            mw.setdefault(k, float(v) / 1000)
        assert abs(mw['E-Cluster'] + mw['P-Cluster'] - mw['Clusters Total']) <= 0.0011
        blocks.append({'h': secs(d) - off, 'e': float(m.group(3)) / 1000, 'p': mw})
    add_blocks(p, model, blocks, (('gpu', 'GPU'), ('cpu', 'Clusters Total'), ('ane', 'ANE'),
                                  ('dram', 'DRAM'), ('combined', 'Package')))


cluster_pm(f'{root}/powermetrics/m1-power_macmini9-1_macos11_gb5-opencl.txt', 'Macmini9,1')
cluster_pm(f'{root}/powermetrics/m1-power_macmini9-1_macos11_gb5-cpu.txt', 'Macmini9,1')
# every "<Name> Power: N mW" (or "...: N.NNW") line of a block, the first of each name counting
def pm_blocks(p, text=None):
    """The '*** Sampled system activity' blocks of a powermetrics text file (or `text`) as
    add_blocks wants them, each line's watts under its name ('CPU', 'E-Cluster', ...)."""
    text = text if text is not None else open(p, encoding='utf-8', errors='replace').read()
    blocks = []
    for b in text.split('*** Sampled system activity')[1:]:
        m = re.match(r' \((.*) ([+-]\d{4})\) \(([\d.]+)ms elapsed\)', b)
        d = dt.datetime.strptime(m.group(1), '%a %b %d %H:%M:%S %Y')
        off = int(m.group(2)[:3]) * 3600 + int(m.group(2)[0] + m.group(2)[3:]) * 60
        w = {}
        for k, v in re.findall(r'^([A-Za-z0-9 -]+) Power: (\d+) mW$', b, re.M):
            w.setdefault(k, float(v) / 1000)
        intel = r'^(Intel energy model derived package power) \(CPUs\+GT\+SA\): ([\d.]+)W$'
        for k, v in re.findall(intel, b, re.M):
            w.setdefault(k, float(v))
        blocks.append({'h': secs(d) - off, 'e': float(m.group(3)) / 1000, 'p': w})
    return blocks


# macOS 12.5 (21G83) on an M1 Pro, powermetrics with every sampler at -i 100: the cluster
# lines (E, P0, P1) add up to CPU Power (+-1 mW of rounding), the cpu domain; DRAM and
# Package Power beside it
p = f'{root}/powermetrics/eedc_macbookpro18-1_macos12_all-samplers_clusters.txt'
bl = pm_blocks(p)
assert len(bl) == 10 and all(abs(b['p']['E-Cluster'] + b['p']['P0-Cluster'] + b['p']['P1-Cluster']
                                 - b['p']['CPU']) <= 0.0011 for b in bl)
add_blocks(p, 'MacBookPro18,1', bl, (('gpu', 'GPU'), ('cpu', 'CPU'), ('ane', 'ANE'),
                                     ('dram', 'DRAM'), ('combined', 'Package')))
# CodeCarbon's log on an Intel Mac, its first 28477 bytes NUL (the preamble written over by
# zeros): two blocks, the package power in W the cpu domain, no model named
p = f'{root}/powermetrics/forkprint_codecarbon_intel-mac_leading-nuls.txt'
raw = open(p, 'rb').read()
assert raw[:28477] == bytes(28477) and raw[28477] != 0
bl = pm_blocks(p, raw.decode('utf-8').lstrip('\0'))
assert len(bl) == 2
add_blocks(p, None, bl, (('cpu', 'Intel energy model derived package power'),))
refuse(f'{root}/powermetrics/cs511project_codecarbon_header-only.txt',
       "no '*** Sampled system activity' block")

# --- power logs -----------------------------------------------------------------------
p = f'{root}/powerlogs/hpc-mlperf_bmc-2node_total.csv'
rows = list(csv.DictReader(open(p, newline='')))
ts = [secs(dt.datetime.fromisoformat(r['timestamp'])) for r in rows]
cols = {k: [float(r[k]) for r in rows] for k in ('n1_watts', 'n2_watts', 'total_watts')}
assert all(a + b == c for a, b, c in zip(cols['n1_watts'], cols['n2_watts'], cols['total_watts']))
for k in ('n1_watts', 'n2_watts'):   # a 0 among kilowatts is a failed BMC poll
    assert statistics.median(cols[k]) > 50
    cols[k] = [math.nan if w == 0 else w for w in cols[k]]
cols['total_watts'] = [math.nan if math.isnan(a) or math.isnan(b) else c
                       for a, b, c in zip(cols['n1_watts'], cols['n2_watts'], cols['total_watts'])]
add(p, 'powercsv', [trace('n1_watts', 'node', ts, cols['n1_watts']),
                    trace('n2_watts', 'node', ts, cols['n2_watts']),
                    trace('total_watts', 'total', ts, cols['total_watts'])])

p = f'{root}/powerlogs/cpu-power-reader_intel-power-gadget.csv'
add(p, 'powercsv', power_gadget(p)[0])

p = f'{root}/powerlogs/energy-audit_intel-power-gadget_10s.csv'
tr, rows = power_gadget(p)
add(p, 'powercsv', read_something(tr))

p = f'{root}/powerlogs/e2fl_elapsed-seconds_mW.csv'
rows = list(csv.DictReader(open(p, newline='')))
add(p, 'powercsv', [trace('Power', 'node', [float(r['Timestamp (s)']) for r in rows],
                          [float(r['Power (mW)']) / 1000 for r in rows])])

p = f'{root}/powerlogs/energytracker_timestamp-power-W.csv'
rows = list(csv.DictReader(open(p, newline='')))
add(p, 'powercsv', [trace('Power', 'node',
                          [secs(dt.datetime.strptime(r['Timestamp'], '%Y-%m-%d %H:%M:%S')) for r in rows],
                          [float(r['Power (W)']) for r in rows])])

refuse(f'{root}/powerlogs/sustainable-computing_header-only.csv', 'header but no data lines')
p = f'{root}/powerlogs/vehiclesafety_apple-gpu_sec-mw.csv'   # sec: seconds from the start
rows = list(csv.DictReader(open(p, newline='')))
add(p, 'powercsv', [trace('mw', 'node', [float(r['sec']) for r in rows],
                          [float(r['mw']) / 1000 for r in rows])])
# a logger's own words, one line per reading with "Power: 1/250 W": refused, and inspect -v
# counts the lines that carry a power in W (every line here)
p = f'{root}/powerlogs/nvidia-monitor_own-words_power-slash-cap.txt'
n = sum(1 for line in open(p) if re.search(r'Power: \d+/\d+ W', line))
assert n == sum(1 for _ in open(p))
refuse(p, f'{n} carry a power in W in no layout a power reader knows')
# a table of results, one row per dataset and engine (total time and energy, power
# statistics, every sample in one quoted cell): no time axis, refused with the column that
# shows it, and the quoted cell is one field
p = f'{root}/powerlogs/mnmgdatalog_per-run-table_quoted-samples.csv'
rows = list(csv.reader(open(p, newline='')))
assert all(len(r) == len(rows[0]) for r in rows) and ',' in rows[1][-1]
refuse(p, "'TotalEnergy(J)' names, totals or summarises each row's run")
# epoch nanoseconds ("Timestamp (ns)"), 19 digits: seconds = ns / 1e9
p = f'{root}/powerlogs/mnmgdatalog_timestamp-ns.csv'
rows = list(csv.reader(open(p, newline='')))[1:]
add(p, 'powercsv', [dict(trace('Power Draw', 'node', [int(r[0]) / 1e9 for r in rows],
                               [float(r[1]) for r in rows]),
                         start=iso(int(rows[0][0]) / 1e9, True),
                         end=iso(int(rows[-1][0]) / 1e9, True))])
# a hardware monitor's long layout: a row per sensor and time; one trace per sensor, its
# domain from the sensor's name (CPU Cores are part of the package, CPU Memory is DRAM)
p = f'{root}/powerlogs/sustainable-computing_sensor-rows.csv'
rows = list(csv.DictReader(open(p, newline='')))
sensors = {}
for r in rows:
    sensors.setdefault(r['Sensor_Name'], []).append((float(r['Time_Seconds']), float(r['Watts'])))
doms = {'CPU Package': 'cpu', 'CPU Cores': 'cores', 'CPU Memory': 'dram', 'CPU Platform': 'node',
        'GPU Power': 'gpu'}
add(p, 'powercsv', read_something([trace(k, doms[k], [t for t, _ in v], [w for _, w in v])
                                   for k, v in sensors.items()]))
# rows of per-run results with a clock: a run's energy beside its length is no trace
p = f'{root}/powerlogs/green-ml-bench_per-run-results_timestamped.csv'
hdr = open(p).readline().strip().split(',')
assert 'cpu_energy_hw_wh' in hdr and 'training_time_s' in hdr and 'timestamp' in hdr
refuse(p, "'cpu_energy_hw_wh' names, totals or summarises each row's run")
# tables that merely look like power: a car's horsepower, convolution widths ("kernel_w")
p = f'{root}/powerlogs/islp_auto-dataset_horsepower.csv'
assert 'horsepower' in open(p).readline()
refuse(p, 'closest reader: none')
p = f'{root}/powerlogs/e2fl_conv-shapes_width-columns_head200.csv'
assert sum(h.endswith('_w') for h in open(p).readline().strip().split(',')) == 3
refuse(p, 'closest reader: none')
# power meters polled in turn, a row per station (stationId): one trace per station and
# activePower column; the muxPower columns never fall (meters' running totals): not power
p = f'{root}/powerlogs/power-meter-automation_two-meters-by-station_running-totals.csv'
rows = list(csv.DictReader(open(p, newline='')))
stations = list(dict.fromkeys(r['stationId'] for r in rows))
for col in ('muxPower1', 'muxPower2', 'muxPower3', 'muxPower4'):
    for st in stations:
        vals = [float(r[col]) for r in rows if r['stationId'] == st and r[col] != '']
        assert all(b >= a for a, b in zip(vals, vals[1:]))
traces = []
for col in ('activePower%d' % i for i in range(1, 7)):
    for st in stations:
        mine = [r for r in rows if r['stationId'] == st]
        ws = [float(r[col]) if r[col] != '' else math.nan for r in mine]
        if all(math.isnan(w) for w in ws):
            continue
        tr = trace(st, 'node', [int(r['timestamp']) / 1000 for r in mine], ws, name=col)
        tr['start'] = iso(int(mine[0]['timestamp']) / 1000, True)
        tr['end'] = iso(int(mine[-1]['timestamp']) / 1000, True)
        traces.append(tr)
add(p, 'powercsv', read_something(traces))
p = f'{root}/powerlogs/gpu-monitor_windows_utf16.log'
assert open(p, 'rb').read(2) == b'\xff\xfe'
refuse(p, 'unrecognised format')  # read as UTF-8 text: a Flask server's log, no epoch, no power

# a home-made NVML logger (pynvml, W with 3 decimals): columns GPU0, GPU1 named after the
# device only, epoch seconds with milliseconds; the repository's own summary (power_log_summary.csv)
# gives the plain means 202.841 W and 265.006 W
p = f'{root}/powerlogs/gpu-power-log_nvml-2gpu_epoch.csv'
rows = list(csv.DictReader(open(p, newline='')))
ts = [float(r['timestamp']) for r in rows]
tr = []
for g in ('0', '1'):
    ws = [float(r['GPU' + g]) for r in rows]
    assert round(sum(ws) / len(ws), 3) == {'0': 202.841, '1': 265.006}[g]
    tr.append(dict(trace(g, 'gpu', ts, ws), start=iso(ts[0], True), end=iso(ts[-1], True)))
add(p, 'nvsmi', tr)

# a home-made logger's ISO times with +00:00 and microseconds, `power_draw_W` every ~1.05 s
# (DERIVED: the first 2000 of 64310 rows)
p = f'{root}/powerlogs/thesis-def_power-draw-W_iso-utc_first2000.csv'
rows = list(csv.DictReader(open(p, newline='')))
ts = [dt.datetime.fromisoformat(r['timestamp']).timestamp() for r in rows]
add(p, 'nvsmi', [dict(trace('0', 'gpu', ts, [float(r['power_draw_W']) for r in rows]),
                      start=iso(ts[0], True), end=iso(ts[-1], True))])
# a logger whose power query failed every time: 'timestamp,power(W)' then '1717695920,' on
# every row (the header again at line 12): no power recorded, refused
refuse(f'{root}/powerlogs/geoapp_power-w-column-all-empty_epoch.csv',
       'no column in watts holds a reading on any of the 21 rows')
# a smart plug's MQTT messages as 'timestamp,power_w' (no zone): about one a second, some
# two at nearly one time; one device's readings, all of them (the header names no device: the
# nvidia-smi reader's default, a GPU)
p = f'{root}/powerlogs/iot-rpi-mqtt_shelly-plug_washing-machine_power-w.csv'
rows = list(csv.DictReader(open(p, newline='')))
ts = [secs(dt.datetime.fromisoformat(r['timestamp'])) for r in rows]
add(p, 'nvsmi', [trace('0', 'gpu', ts, [float(r['power_w']) for r in rows])])
# gpustat polled by the repository's gpu_monitor.py: nvidia-smi's names without units, integer
# watts, a gpu index column, power.limit always empty; local time without zone
p = f'{root}/powerlogs/processc_gpustat_power-draw-no-unit_empty-limit.csv'
rows = list(csv.DictReader(open(p, newline='')))
assert all(r['gpu'] == '0' and r['power.limit'] == '' for r in rows)
add(p, 'nvsmi', [trace('0', 'gpu', [secs(dt.datetime.fromisoformat(r['timestamp'])) for r in rows],
                       [float(r['power.draw']) for r in rows])])
# Intel Power Gadget on the same machine (CRLF, no GT column); its summary's time-weighted
# "Average Processor Power_0 (Watt) = 40.675934" is not the plain mean of the samples
p = f'{root}/powerlogs/processc_intel-power-gadget_34s.csv'
tr, rows = power_gadget(p, (('Processor Power_0(Watt)', 'cpu'), ('IA Power_0(Watt)', 'cores'),
                             ('DRAM Power_0(Watt)', 'dram')))
add(p, 'powercsv', read_something(tr))
# Intel Power Gadget 3.6 on Windows with every cell quoted, the padding inside the quotes
# ("  47.452"): csv.reader takes the quotes off and float() the blanks; the footer's blank
# lines are CRLF, the rows LF
p = f'{root}/powerlogs/machine-stats_intel-power-gadget_quoted-cells_3-rows_summary-footer.csv'
tr, rows = power_gadget(p, (('Processor Power_0(Watt)', 'cpu'), ('IA Power_0(Watt)', 'cores'),
                             ('DRAM Power_0(Watt)', 'dram')))
assert len(rows) == 4 and rows[1][8] == '  47.452'
add(p, 'powercsv', tr)
# rapl-tools' AppPowerMeter: rows of pkg, pp0, pp1, dram (W) and seconds, no header: nothing
# names the columns, so refused, the hint saying how a header line would read it
p = f'{root}/powerlogs/embarcados-t2_rapl-tools-apppowermeter_headerless_pkg-pp0-pp1-dram-time.csv'
assert all(len(line.split(',')) == 5 for line in open(p))
refuse(p, 'a header line naming each column with its unit')
# an IPMI poller's `Timestamp,Sensor,Value` (ipmi-dcmi's Current Power, in W, but nothing in the
# file says so): refused, and inspect -v names powercsv as the closest reader
p = f'{root}/powerlogs/energy-python_ipmi-dcmi_sensor-value-no-unit.csv'
assert open(p).readline() == 'Timestamp,Sensor,Value\n'
refuse(p, 'closest reader: powercsv (15, 50 needed)')

# a D-Link DSP-W215 smart plug polled every 60 s by monitor.sh: `Date;Time;State;Power;Temp`,
# semicolons, the date and the time in two columns; monitor.sh reads the plug once before its
# loop, so all 340 rows repeat one reading (benchreport warns; the figures are the file's)
p = f'{root}/powerlogs/hnap-dsp-w215_smart-plug_semicolon-date-time.log'
rows = list(csv.DictReader(open(p, newline=''), delimiter=';'))
assert len({r['Power'] for r in rows}) == 1
add(p, 'powercsv', [trace('Power', 'node',
                          [secs(dt.datetime.strptime(r['Date'] + ' ' + r['Time'], '%Y-%m-%d %H:%M:%S'))
                           for r in rows], [float(r['Power']) for r in rows])])
# an NVML profiler's own layout (`13348.15401 ms<TAB>121.49100 W<TAB>66 C<TAB>0<TAB>... ms`
# under '#' comment lines, no header): refused; inspect -v counts the lines with a power in W
p = f'{root}/powerlogs/gpu-power-profiler_nvml-ms-W-tsv_own-layout.log'
n = sum(1 for line in open(p) if re.match(r'[\d.]+ ms\t[\d.]+ W\t', line))
refuse(p, f'{n} carry a power in W in no layout a power reader knows')
refuse(p, 'closest reader: powercsv (10, 50 needed)')
# nvitop's Device.power_usage() is NVML's milliwatts, written under `gpu_power_w`: a median of
# 37.5 kW is no GPU's draw, and which unit it is the file does not say: refused, not scaled
p = f'{root}/powerlogs/yolov5-deepsort_nvitop-milliwatts-named-w.csv'
ws = sorted(float(r['gpu_power_w']) for r in csv.DictReader(open(p, newline='')))
assert ws[0] > 2000
refuse(p, f"its median reading, {ws[len(ws) // 2]:g} W, is more than one GPU draws")
refuse(p, 'no column named as power holds readings of power')
# a mains meter on a serial port (`timestamp,voltage,current,power`): the power is the node's,
# not a GPU's; every reading is the same; rows within one second keep the first
p = f'{root}/powerlogs/tn-impact_mains-meter_voltage-current-power_constant.csv'
ts, ws = [], []
for r in csv.DictReader(open(p, newline='')):
    t = secs(dt.datetime.strptime(r['timestamp'], '%Y-%m-%d %H:%M:%S'))
    if ts and t == ts[-1]:
        continue
    ts.append(t)
    ws.append(float(r['power']))
assert set(ws) == {423.2}
add(p, 'powercsv', [trace('power', 'node', ts, ws)])
# a Tuya smart plug polled every ~5 s: `Power (W)` is the power; volts, amps, the kWh
# running total and ON/OFF are not; 0 W while ON is a reading (a third of the rows)
p = f'{root}/powerlogs/tuya-dashboard_smart-plug_v-a-w-kwh_first3000.csv'
rows = list(csv.DictReader(open(p, newline='')))
ts = [secs(dt.datetime.strptime(r['Timestamp'], '%Y-%m-%d %H:%M:%S')) for r in rows]
assert len(set(ts)) == len(ts)
add(p, 'powercsv', [trace('Power', 'node', ts, [float(r['Power (W)']) for r in rows])])
# another plug's logger writes `11/10/2025 3:24`: minutes only, month and day in an order the
# file does not say: the samples keep their order, untimed, and the warning says why
p = f'{root}/powerlogs/smart-plug_m-d-yyyy-h-mm_to-the-minute_first3000.csv'
rows = list(csv.DictReader(open(p, newline='')))
assert all(re.fullmatch(r'\d\d?/\d\d?/\d{4} \d\d?:\d\d', r['Timestamp']) for r in rows)
add(p, 'powercsv', [trace('Power', 'node', [0], [float(r['Power (W)']) for r in rows],
                          timed=False)])
# an Apple Numbers document saved under the name energy_log.csv: a ZIP archive
p = f'{root}/powerlogs/energy-logger_numbers-zip-named-csv_head4096.csv'
assert open(p, 'rb').read(4) == b'PK\x03\x04'
refuse(p, 'a ZIP archive (a spreadsheet such as .xlsx or .numbers')
# a logger's two-line records ("2024-12-07 17:03:12: SOM total power" then " :  5120 mW"):
# its own words, refused, powercsv named as the closest reader
p = f'{root}/powerlogs/dymnmysn-utils_som-total-power_two-line-records.txt'
lines = open(p).read().split('\n')
assert all(re.fullmatch(r' : +\d+ mW', x) for x in lines[1::2])
refuse(p, f'{len(lines) // 2} of the first {len(lines)} lines carry a reading in W or mW')
refuse(p, 'closest reader: powercsv (10, 50 needed)')

# a loop over `--query-gpu=timestamp,power.draw,pstate --format=csv,noheader,nounits` every
# ~50 ms under a header of its own whose "Timestamp (s)" holds nvidia-smi's dates, not seconds
p = f'{root}/powerlogs/cuda-power-efficiency_timestamp-s-is-a-date_pstate.txt'
rows = list(csv.reader(open(p, newline=''), skipinitialspace=True))
assert rows[0] == ['Timestamp (s)', 'Power (W)', 'Performance State']
add(p, 'powercsv', [trace('Power', 'node', [secs(dt.datetime.strptime(r[0], '%Y/%m/%d %H:%M:%S.%f'))
                                            for r in rows[1:]], [float(r[1]) for r in rows[1:]])])

# --- tegrastats ------------------------------------------------------------------------
RAIL = re.compile(r'(?<= )([A-Z][A-Z0-9_]*_[A-Z0-9_]*) (\d+)(?:mW)?/(\d+)(?:mW)?(?= |$)')
TIME = re.compile(r'^(\d\d-\d\d-\d{4} \d\d:\d\d:\d\d) ')


def tegra_domain(name):
    if name.endswith('_IN'):     # the module's input (VIN_SYS_5V0, an AGX Orin's 5 V rail, is not)
        return 'combined'
    gpu, cpu, soc = 'GPU' in name, 'CPU' in name, 'SOC' in name or '_CV' in name
    if gpu and not cpu and not soc:
        return 'gpu'
    if cpu and not gpu and not soc:
        return 'cpu'
    if 'DDR' in name or 'DRAM' in name or name.startswith('VDDQ'):
        return 'dram'
    return name.lower()


def tegra(p, args=()):
    rails, ts, timed = {}, [], False
    for line in open(p):
        line = line.rstrip('\n')
        m = TIME.match(line)
        timed = bool(m)
        ts.append(secs(dt.datetime.strptime(m.group(1), '%m-%d-%Y %H:%M:%S')) if m else 0)
        for name, cur, _ in RAIL.findall(line):
            rails.setdefault(name, []).append(int(cur) / 1000)
    # lines of one whole second (tegrastats --interval 500): the k-th of n at k/n into it
    i = 0
    while timed and i < len(ts):
        n = 1
        while i + n < len(ts) and ts[i + n] == ts[i]:
            n += 1
        for k in range(1, n):
            ts[i + k] += k / n
        i += n
    add(p, 'tegrastats', [trace('0', tegra_domain(k), ts, v, timed=timed, name=k)
                          for k, v in rails.items()], args)


tegra(f'{root}/tegrastats/tegra-burn_orin-nano_timed.log')
tegra(f'{root}/tegrastats/llm-pipeline_agx-orin_timed.log')
tegra(f'{root}/tegrastats/log-project_tx2_untimed.log')
tegra(f'{root}/tegrastats/tegrastats-parser_agx-orin-64gb_jp6_timed_half-second.log')
tegra(f'{root}/tegrastats/csc2231_jetson-nano_pom-rails_untimed.txt')
# a TX2 run pasted with its shell prompt and sudo's password prompt before the lines (no
# rails there), GR3D_FREQ without a load (`@0`), rails VDD_SYS_GPU ... VDD_SYS_DDR
p = f'{root}/tegrastats/tx2-dl-kit-bsp_tx2_sudo-prompt-lines_vdd-sys-rails_untimed.log'
assert open(p).readline().startswith('nvidia@linux:~$ sudo /usr/bin/tegrastats')
tegra(p)

# an AGX Orin's tegrastats in a page's code block: the lines indented (the time after the
# indent), the prompt and '#Ctrl-C to stop' around them; 'NC 0mW/0mW' (channels not connected)
# is no rail (RAIL wants a '_' in the name, so it never matches NC)
def tegra_block(p):
    lines = [x.strip() for x in open(p) if 'RAM ' in x]
    assert all(x.startswith('    ') for x in open(p) if 'RAM ' in x)
    rails, ts = {}, []
    for line in lines:
        ts.append(secs(dt.datetime.strptime(TIME.match(line).group(1), '%m-%d-%Y %H:%M:%S')))
        for name, cur, _ in RAIL.findall(line):
            rails.setdefault(name, []).append(int(cur) / 1000)
    add(p, 'tegrastats', [trace('0', tegra_domain(k), ts, v, name=k) for k, v in rails.items()])


p = f'{root}/tegrastats/gt-crnch-docs_agx-orin-2023_rst-code-block_indented_nc-channels.txt'
assert open(p).read().count(' NC 0mW/0mW') == 4
tegra_block(p)
tegra_block(f'{root}/tegrastats/gt-crnch-docs_agx-orin-2025_rst-code-block_indented_4-cpus-off.txt')

# an AGX Orin logger's CSV (jtop-like, 124 columns): per rail WARN_CURRENT, CRIT_CURRENT,
# IN_VOLTAGE (mV), IN_CURRENT (mA), IN_POWER and AVG_POWER, no unit named: IN_POWER is the
# thousandth of volts times amps, so milliwatts; AVG_POWER a running statistic of it; the
# shared rails VDD_GPU_SOC and VDD_CPU_CV are no GPU's or CPU's alone, nor is VIN_SYS_5V0
# (13 W beside VDD_GPU_SOC's 23 W) the module's input: each its own domain, named as the
# tegrastats reader names them; VDDQ_VDD2_1V8AO the memory's; System-Time a time of day
p = f'{root}/powerlogs/tegra-inference_agx-orin_ina3221-logger_mv-ma-mw_first300.csv'
rows = list(csv.DictReader(open(p, newline='')))
ts = [secs(dt.datetime.strptime('1970-01-01 ' + r['System-Time'], '%Y-%m-%d %H:%M:%S')) for r in rows]
jt = []
for rail, dom in (('VDD_GPU_SOC', 'vdd_gpu_soc'), ('VDD_CPU_CV', 'vdd_cpu_cv'),
                  ('VIN_SYS_5V0', 'vin_sys_5v0'), ('VDDQ_VDD2_1V8AO', 'dram')):
    mw = [float(r[rail + '-IN_POWER']) for r in rows]
    vi = [float(r[rail + '-IN_VOLTAGE']) * float(r[rail + '-IN_CURRENT']) for r in rows]
    assert abs(sum(m / x for m, x in zip(mw, vi) if x) / len(rows) / 1e-3 - 1) < 0.1
    jt.append(trace(rail + '-IN_POWER', dom, ts, [m / 1000 for m in mw]))
add(p, 'powercsv', jt)

# the AGX Xavier on L4T 32 (JetPack 4.4) names its six rails without VDD_ ("GPU 6800/6800 CPU
# 1236/1236 SOC 2472/2472 CV 0/0 VDDRQ 2163/2163 SYS5V 3960/3960", mW); the repository's report
# says VDDRQ is the DDR's rail and SYS5V the system's 5 V rail (no module input among them)
p = f'{root}/tegrastats/waggle-summer2020_agx-xavier_l4t32_rails-without-vdd_untimed.log'
XAVIER = {'GPU': 'gpu', 'CPU': 'cpu', 'SOC': 'soc', 'CV': 'cv', 'VDDRQ': 'dram', 'SYS5V': 'sys5v'}
rails = {}
for line in open(p):
    got = re.findall(r'(?<= )(GPU|CPU|SOC|CV|VDDRQ|SYS5V) (\d+)/(\d+)(?= |$)', line.rstrip('\n'))
    assert [n for n, _, _ in got] == list(XAVIER) and not RAIL.search(line)
    for name, cur, _ in got:
        rails.setdefault(name, []).append(int(cur) / 1000)
add(p, 'tegrastats', [trace('0', XAVIER[k], [0], v, timed=False, name=k) for k, v in rails.items()])

# --- perf stat -I: RAPL energy per interval ----------------------------------------------
# an interval's power is its joules over its length; the first starts at perf's start (0 s);
# times are seconds from that start
def perf_trace(device, domain, event, ends, joules):
    starts = [0.0] + ends[:-1]
    t = trace(device, domain, ends, [j / (e - s) for j, s, e in zip(joules, starts, ends)],
              name=event)
    t['start'] = iso(0.0)
    return t


p = f'{root}/perfstat/peakler_c220g1_idle_x-csv_I1000.csv'
rows = [r for r in csv.reader(open(p, newline='')) if r]
assert all(r[2] == 'Joules' and r[3] == 'power/energy-pkg/' for r in rows)
add(p, 'perfstat', [perf_trace('0', 'cpu', 'power/energy-pkg/', [float(r[0]) for r in rows],
                               [float(r[1]) for r in rows])])

p = f'{root}/perfstat/utils-rh_energy-cores_I100.txt'
rows = [line.split() for line in open(p) if not line.startswith('#')]
assert all(r[2:] == ['Joules', 'power/energy-cores/'] for r in rows)
add(p, 'perfstat', [perf_trace('0', 'cores', 'power/energy-cores/', [float(r[0]) for r in rows],
                               [float(r[1]) for r in rows])])

# perf stat -o writes '# started on Wed May 18 01:18:38 2022' first: the clock of perf's
# start (local time, no zone); an event whose every reading is 0 (0.00 J in 1 ms) is below
# the printed resolution: its samples have no power
def perf_file(p):
    lines = open(p).read().split('\n')
    start = secs(dt.datetime.strptime(lines[0][len('# started on '):], '%a %b %d %H:%M:%S %Y'))
    rows = [r for r in csv.reader(lines[1:]) if r]
    out = []
    for ev, dom in (('power/energy-pkg/', 'cpu'), ('power/energy-cores/', 'cores'),
                    ('power/energy-ram/', 'dram')):
        mine = [r for r in rows if r[3] == ev]
        ends = [float(r[0]) for r in mine]
        joules = [float(r[1]) for r in mine]
        if not any(joules):
            t = {'device': '0', 'domain': dom, 'samples': len(mine), 'values': 0, 'mean': None,
                 'min': None, 'max': None, 'start': iso(start), 'end': iso(start + ends[-1]),
                 'name': ev}
        else:
            t = perf_trace('0', dom, ev, ends, joules)
            t['start'], t['end'] = iso(start), iso(start + ends[-1])
        out.append(t)
    return out


for p in (f'{root}/perfstat/energy-profiler-results_perf-x-csv_I25_pkg-cores-ram_dgemm.csv',
          f'{root}/perfstat/energy-profiler-results_perf-x-csv_I1_sleep_first3002.csv'):
    add(p, 'perfstat', perf_file(p))

refuse(f'{root}/perfstat/peakler_kube-worker-68_idle_totals.stat', 'perf stat totals without -I')
refuse(f'{root}/perfstat/cloudlab_c220g1_mcd_x-csv_totals.txt', 'perf stat totals without -I')

# --- amd-smi monitor: AMD's own examples (ROCm/amdsmi CHANGELOG.md) ------------------------
# cells are at least two blanks apart; a value and its unit ("248 W") are one cell; no
# TIMESTAMP column, so one untimed sample per GPU
def amd_monitor(p):
    lines = [l.rstrip('\n') for l in open(p, encoding='utf-8')]
    hdr = lines[0].split()
    assert hdr[:2] == ['GPU', 'POWER']
    per = {}
    for l in lines[1:]:
        if l.startswith('PROCESS INFO') or not l.strip():
            break
        cells = re.split(r' {2,}', l.strip())
        assert len(cells) == len(hdr), l
        per.setdefault(cells[0], []).append(float(cells[1].removesuffix(' W')))
    add(p, 'amdsmi', [trace(g, 'gpu', [0], w, timed=False) for g, w in per.items()])


p = f'{root}/amdsmi/ml-engineering_rocm-smi_8xmi300x_concise.txt'
assert 'ROCm System Management Interface' in open(p, encoding='utf-8').readline()
refuse(p, "closest reader: amdsmi (20, 50 needed)")
for f in ('amdsmi-changelog_mi300x-cpx_monitor-ptv.txt', 'amdsmi-changelog_8gpu_monitor-ptumv.txt',
          'amdsmi-changelog_monitor-q_process-table.txt'):
    amd_monitor(f'{root}/amdsmi/{f}')

# amd-smi metric --csv (power, clock, temperature) polled every second by the authors' script,
# which puts `Timestamp` (Unix seconds) before amd-smi's own columns: gpu, socket_power (W), ...
for f in ('sc25-cdna3_mi300x_metric-csv_hpl-single-158080.csv',
          'sc25-cdna3_mi325x_metric-csv_hpl-single-9880.csv'):
    p = f'{root}/amdsmi/{f}'
    rows = list(csv.DictReader(open(p, newline='')))
    assert {r['gpu'] for r in rows} == {'0'} and len(rows[0]) > 64
    ts = [float(r['Timestamp']) for r in rows]
    add(p, 'powercsv', [dict(trace('0', 'gpu', ts, [float(r['socket_power']) for r in rows]),
                             start=iso(ts[0], True), end=iso(ts[-1], True))])

# 8x MI300X from the repository's rocm-smi monitor: `timestamp,device,power_watts,power_cap_watts`
# with the cap never written (3 fields a row) and each round closed by a bare `timestamp,`;
# cardN devices are GPUs
p = f'{root}/amdsmi/amd-mi300x-ml-benchmarks_rocm-smi-8gpu_short-rows.csv'
rows = list(csv.reader(open(p, newline='')))
assert rows[0] == ['timestamp', 'device', 'power_watts', 'power_cap_watts']
per = {}
for r in rows[1:]:
    if len(r) == 2 and r[1] == '':
        continue   # the round's closing bare time
    assert len(r) in (3, 4) and r[1].startswith('card'), r
    per.setdefault(r[1], []).append((float(r[0]), float(r[2])))
tr = []
for dev in sorted(per, key=lambda d: int(d[4:])):
    ts = [t for t, _ in per[dev]]
    tr.append(dict(trace(dev, 'gpu', ts, [w for _, w in per[dev]]),
                   start=iso(ts[0], True), end=iso(ts[-1], True)))
add(p, 'powercsv', tr)

# --- helper h7's additions (issue 12) ------------------------------------------------------
# a row per GPU and time (gpu_index), with the machine's CPU power and its total repeated on
# the three GPUs' rows of an instant: the GPUs get a trace each, the CPU and the total one
# trace each (not three), the total of domain total; the CPU column is empty on every row
p = f'{root}/powerlogs/hw-predictive-scheduling_long-gpu-index_shared-cpu-total_first75.csv'
rows = list(csv.DictReader(open(p, newline='')))
inst = {}
for r in rows:
    inst.setdefault(r['timestamp'], []).append(r)
for rs in inst.values():
    assert len({x['total_measured_power_w'] for x in rs}) == 1 and all(x['cpu_power_w'] == '' for x in rs)
    assert abs(sum(float(x['gpu_power_w']) for x in rs) - float(rs[0]['total_measured_power_w'])) < 0.006
tinst = [secs(dt.datetime.strptime(k, '%Y-%m-%d %H:%M:%S')) for k in inst]
tr = [{'device': 'cpu_power_w', 'domain': 'cpu', 'samples': len(inst), 'values': 0, 'mean': None,
       'min': None, 'max': None, 'start': iso(tinst[0]), 'end': iso(tinst[-1])}]
for g in ('0', '1', '2'):
    mine = [r for r in rows if r['gpu_index'] == g]
    tr.append(trace(g, 'gpu', [secs(dt.datetime.strptime(r['timestamp'], '%Y-%m-%d %H:%M:%S'))
                               for r in mine], [float(r['gpu_power_w']) for r in mine]))
tr.append(trace('total_measured_power_w', 'total', tinst,
                [float(rs[0]['total_measured_power_w']) for rs in inst.values()]))
add(p, 'powercsv', tr)

# `--query-gpu=timestamp,power.draw --format=csv,noheader` every 5 s (units in the values)
p = f'{root}/nvsmi/snowpole-detection_noheader-units_time-power-only_first40.csv'
rows = [line.rstrip('\n').split(', ') for line in open(p)]
add(p, 'nvsmi', [trace('0', 'gpu', [secs(dt.datetime.strptime(r[0], '%Y/%m/%d %H:%M:%S.%f')) for r in rows],
                       [float(r[1].removesuffix(' W')) for r in rows])])

# dmon with the older wide column set (pviol tviol fb bar1 sbecc dbecc pci rxpci txpci), no times
p = f'{root}/nvsmidmon/glsltest_dmon-pviol-tviol-bar1_untimed.log'
hdr = open(p).readline()[1:].split()
ws = [float(line.split()[hdr.index('pwr')]) for line in open(p) if not line.startswith('#')]
add(p, 'nvsmidmon', [trace('0', 'gpu', [0], ws, timed=False)])

# a bench PSU logger: ISO times with +10:00, a status column, empty cells when the link dropped
# PowerJoular --ms: joular-core's Get_Timestamp prints each field as an integer image (a
# blank before it in the versions that do not trim it, never a zero) and after the seconds'
# dot the milliseconds as a whole number: ' 54. 78' is 54.078 s
p = f'{root}/powerlogs/energyawareprogramming_powerjoular-ms-dates-blank-padded.csv'
rows = list(csv.DictReader(open(p, newline='')))
def joular_ms(d):
    y, mo, da, h, mi, se, ms = map(int, re.fullmatch(
        r' *(\d+)- *(\d+)- *(\d+) +(\d+): *(\d+): *(\d+)\. *(\d+)', d).groups())
    return secs(dt.datetime(y, mo, da, h, mi, se, ms * 1000))
ts = [joular_ms(r['Date']) for r in rows]
add(p, 'powercsv', [trace('CPU Power', 'cpu', ts, [float(r['CPU Power']) for r in rows]),
                    trace('GPU Power', 'gpu', ts, [float(r['GPU Power']) for r in rows]),
                    trace('Total Power', 'total', ts, [float(r['Total Power']) for r in rows])])
p = f'{root}/powerlogs/egh490-datacap_psu-logger_zoned-iso_status-empty-cells.csv'
rows = list(csv.DictReader(open(p, newline='')))
ts = [dt.datetime.fromisoformat(r['timestamp']).timestamp() for r in rows]
add(p, 'powercsv', [dict(trace('ch1_power_W', 'node', ts,
                               [float(r['ch1_power_W']) if r['ch1_power_W'] else math.nan for r in rows]),
                         start=iso(ts[0], True), end=iso(ts[-1], True))])

# the nvidia-smi table in a SLURM loop, one A40, driver 580 (the first 9 snapshots)
table(f'{root}/nvsmitable/asl-conno_a40_580_loop_first9.log')
table(f'{root}/nvsmitable/rgtnet_8xh100pcie_535_loop-l1_timeout-cut.log')
table(f'{root}/nvsmitable/lsaie-gipfelsturm_4xgh200_590_snapshot.txt')


# nvidia-smi --query-gpu CSV with units of one GPU: the time, then the power column
# (power.draw.instant alone on an H100, or power.draw), its value '77.04 W'
def smi_one(p, col):
    rows = list(csv.reader(open(p, newline=''), skipinitialspace=True))
    i = rows[0].index(col)
    rows = [r for r in rows[1:] if r]
    ts = [secs(dt.datetime.strptime(r[0], '%Y/%m/%d %H:%M:%S.%f')) for r in rows]
    add(p, 'nvsmi', [trace('0', 'gpu', ts, [float(r[i].split()[0]) for r in rows])])


smi_one(f'{root}/nvsmi/cuda-test_h100_power-draw-instant-only_lms1.csv', 'power.draw.instant [W]')
smi_one(f'{root}/nvsmi/qwen3-asr_1gpu_lms100_pcie-gen-width-unitless.csv', 'power.draw [W]')

# refused, each with what it looks like and the closest reader
p = f'{root}/powerlogs/stream_current-ma-only_no-watts_first20.csv'
assert open(p).readline().strip().split(',') == ['ts_sec', 'rel_ms', 'current_mA']
refuse(p, "a column of current ('current_mA') and none in watts")
refuse(p, 'closest reader: powercsv (10, 50 needed)')
p = f'{root}/nvsmi/scenerf_five-gpus-no-index_no-power.log'
assert 'power' not in open(p).readline()
refuse(p, 'line 1 is an nvidia-smi header with no power column')
refuse(p, 'closest reader: nvsmi (20, 50 needed)')
p = f'{root}/nvsmidmon/silk-physics_pmon-not-dmon_no-power.log'
assert open(p).readline().split()[1:4] == ['gpu', 'pid', 'type']
refuse(p, "an nvidia-smi pmon header ('# gpu pid type ...')")
# a Jetson's GPU rail in mW written under gpu_power_w (and integrated as W by its own logger)
p = f'{root}/powerlogs/codecarbon-for-jetson_gpu-power-w-holds-mw.csv'
ws = sorted(float(r['gpu_power_w']) for r in csv.DictReader(open(p, newline='')))
refuse(p, f"its median reading, {ws[len(ws) // 2]:g} W, is more than one GPU draws")
p = f'{root}/nvsmi/camouflaged-poisoning_own-header_no-power.csv'
assert 'power' not in open(p).readline()
refuse(p, 'closest reader: powercsv (15, 50 needed)')
p = f'{root}/codecarbon/codecarbon-for-jetson_emissions_v3.0.2_tegra.csv'
assert 'energy_consumed' in open(p).readline()
refuse(p, 'CodeCarbon emissions.csv: one row per tracked run')
# CodeCarbon 2.x: a 2022 file without codecarbon_version (29 columns), and 2.3.1 with a GPU's
# gpu_power: still one row per stop(), each its own run_id, its duration in seconds
for f in ('taed2-crystalgazers_emissions_v2.1-era_no-version-column.csv',
          'green-hackathon_emissions_v2.3.1_rtx3060-gpu-power.csv'):
    p = f'{root}/codecarbon/{f}'
    rows = list(csv.DictReader(open(p, newline='')))
    assert len({r['run_id'] for r in rows}) == len(rows) and all(float(r['duration']) > 60 for r in rows)
    refuse(p, 'CodeCarbon emissions.csv: one row per tracked run')
for f in ('metamotion-net_v100s_index-name_no-power_first20.log',
          'thesis-mas_h100nvl_name-pstate-first_no-power_first20.log'):
    p = f'{root}/nvsmi/{f}'
    assert 'power' not in open(p).readline()
    refuse(p, 'line 1 is an nvidia-smi header with no power column')
    refuse(p, 'closest reader: nvsmi (20, 50 needed)')
p = f'{root}/powerlogs/smallclimonitoring_power-log-named-cpu-usage_no-watts_first20.csv'
assert not any('W' in h for h in open(p).readline().split(','))
refuse(p, 'closest reader: powercsv (15, 50 needed)')

# the old 4xx table (driver 435.21) of a laptop GPU whose cap is N/A, after the shell prompt
table(f'{root}/nvsmitable/gpu-test_gtx1650-laptop_435_prompt_cap-na.log')
p = f'{root}/tegrastats/hexapod-humble_jetson_no-power-rails.txt'
assert 'RAM ' in open(p).read() and not RAIL.search(open(p).read())
refuse(p, 'no power rails')
# `nvidia-smi -q -d POWER` in a loop: 8 reports 2 s apart, no Product Name
p = f'{root}/nvsmi/mobilenetv3-small_nvidia-smi-q-d-power-loop_510.txt'
assert open(p).read().count('==============NVSMI LOG') == 8
add(p, 'nvsmiq', [trace(str(i), 'gpu', [t for t, _ in s], [w for _, w in s])
                  for i, (nm, s) in enumerate(smi_q(p))])

# turbostat: each interval prints its header, then the machine's summary row, then rows per CPU
# (the packages' watts on their first CPUs): the summary rows are the samples; RAMWatt is DRAM
p = f'{root}/turbostat/energy-python_turbostat-ramwatt_per-cpu-rows_first3-intervals.csv'
lines = open(p).read().split('\n')
hdr = lines[0].split('\t')
summ = [lines[i + 1].split('\t') for i, x in enumerate(lines) if x == lines[0]]
ts = [float(r[hdr.index('Time_Of_Day_Seconds')]) for r in summ]
per_pkg = [[float(x.split('\t')[1]) for x in lines[i + 2:i + 50] if x.split('\t')[1:] != ['']]
           for i, x in enumerate(lines) if x == lines[0]]
assert all(abs(sum(pk) - float(r[1])) <= 0.011 for pk, r in zip(per_pkg, summ))
add(p, 'powercsv', [dict(trace('RAMWatt', 'dram', ts, [float(r[hdr.index('RAMWatt')]) for r in summ]),
                         start=iso(ts[0], True), end=iso(ts[-1], True))])

# turbostat --Summary (-S) with no CPU column: the header once, then one row an interval, each
# the whole machine's; no time column
for f, cols in (('cwm-project_turbostat-S-show-pkgwatt_one-column_8-intervals.txt', ('PkgWatt',)),
                ('cwm-project_turbostat-S-busy-pkgwatt-corwatt_idle-load-idle_28-intervals.txt',
                 ('PkgWatt', 'CorWatt'))):
    p = f'{root}/turbostat/{f}'
    rows = [x.rstrip('\n').split('\t') for x in open(p)]
    hdr = rows[0]
    assert 'CPU' not in hdr and all(r != hdr and len(r) == len(hdr) for r in rows[1:])
    add(p, 'powercsv', [trace(c, {'PkgWatt': 'cpu', 'CorWatt': 'cores'}[c], [0],
                              [float(r[hdr.index(c)]) for r in rows[1:]], timed=False)
                        for c in cols])

# turbostat --show PkgWatt without --Summary, one interval of a two-socket node: the machine's
# row, then each package's (their sum): one sample, the machine's
p = f'{root}/turbostat/utils-rh_turbostat-show-pkgwatt_one-interval_machine-then-2-packages.txt'
ws = [float(x) for x in open(p).read().split()[1:]]
assert abs(ws[0] - sum(ws[1:])) < 0.02
add(p, 'powercsv', [trace('PkgWatt', 'cpu', [0], ws[:1], timed=False)])

# powerstat -R saved as CSV: `Watts` is the machine's; the `GPU` column says -N/A- on every row
# (no GPU): no device column, so the Watts trace is the node's, not a GPU's
p = f'{root}/powerstat/energy-python_powerstat-rapl-csv_gpu-na-column_first20.csv'
rows = list(csv.reader(open(p, newline='')))
hdr = rows[0]
assert {r[hdr.index('GPU')] for r in rows[1:]} == {'-N/A-'} and all(r[-1] == '' for r in rows[1:])
ts = [float(r[0]) for r in rows[1:]]
add(p, 'powercsv', [trace('Watts', 'node', ts, [float(r[hdr.index('Watts')]) for r in rows[1:]]),
                    {'device': 'W', 'domain': 'node', 'samples': len(ts), 'values': 0,
                     'mean': None, 'min': None, 'max': None, 'start': iso(ts[0]), 'end': iso(ts[-1])}])

# powerstat's own table (-R -D): one trace per RAPL domain column (pkg-N the CPU, core the cores,
# uncore, dram, psys the platform: the node); the Watts total, which adds overlapping domains, is
# no trace. Times are times of day: seconds from that day's midnight, floating; rows stop at the
# ruler; a reading ending in E is powerstat's own "not accurate": no value
RAPL = {'core': 'cores', 'uncore': 'uncore', 'dram': 'dram', 'psys': 'node'}


def powerstat_rows(lines, h):
    """powerstat's table rows after its header at lines[h], up to the '--------' rule: the
    row's time of day in seconds and its fields."""
    for x in lines[h + 1:]:
        if x.startswith('--------'):
            break
        f = x.split()
        hh, mm, ss = map(int, f[0].split(':'))
        yield hh * 3600 + mm * 60 + ss, f


def powerstat_domains(path):
    lines = open(path, encoding='utf-8').read().split('\n')
    h = next(i for i, x in enumerate(lines) if x.split()[:2] == ['Time', 'User'])
    head = lines[h].split()
    w = head.index('Watts')
    cols = []
    for j, name in enumerate(head[w + 1:], w + 1):
        if name in ('CPU', 'GPU'):
            break
        m = re.fullmatch(r'(?:pkg|package)-(\d+)', name)
        if m:
            cols.append((j, m.group(1), 'cpu'))
        elif name in RAPL:
            cols.append((j, '0', RAPL[name]))
    ts, vals = [], {j: [] for j, _, _ in cols}
    for t, f in powerstat_rows(lines, h):
        ts.append(t)
        for j, _, _ in cols:
            vals[j].append(float('nan') if f[w].endswith('E') else float(f[j]))
    return [trace(dev, dom, ts, vals[j]) for j, dev, dom in cols]


p = f'{root}/powerstat/powerstat-readme_cDHRf-rapl-domains.txt'
add(p, 'powerstat', powerstat_domains(p))
p = f'{root}/powerstat/iris-visualisation_powerstat-D-rapl-psys_cpufreq.txt'
add(p, 'powerstat', powerstat_domains(p))


def powerstat_total(path):
    """powerstat without -D columns: the Watts column is the one trace; its domain is the
    battery's (node) unless the RAPL note names what it adds up: packages alone are the CPU,
    anything else keeps the note's names joined by +."""
    text = open(path, encoding='utf-8').read()
    lines = text.split('\n')
    h = next(i for i, x in enumerate(lines) if x.split()[:2] == ['Time', 'User'])
    w = lines[h].split().index('Watts')
    ts, ws = [], []
    for t, f in powerstat_rows(lines, h):
        ts.append(t)
        ws.append(float('nan') if f[w].endswith('E') else float(f[w]))
    m = re.search(r'^Note: power read from RAPL domains: (.*)\.$', text, re.M)
    names = m.group(1).split(', ') if m else []
    if not names:
        domain = 'node'
    elif all(re.fullmatch(r'(?:pkg|package)-\d+', n) for n in names):
        domain = 'cpu'
    else:
        domain = '+'.join(names)
    return [trace('0', domain, ts, ws)]


p = f'{root}/powerstat/futro-s940_powerstat-R_rapl-uncore-pkg-core-dram_no-D.txt'
add(p, 'powerstat', powerstat_total(p))
p = f'{root}/powerstat/pantherx-wiki_powerstat-battery_fork-exec-exit.txt'
add(p, 'powerstat', powerstat_total(p))

# an NVML sampler every 2 ms: `time_ms` counts milliseconds from the start; a repeated time keeps
# its first reading
p = f'{root}/powerlogs/mig-sec_nvml-2ms_time-ms-elapsed_first315.csv'
ts, ws = [], []
for r in csv.DictReader(open(p, newline='')):
    t = int(r['time_ms']) / 1000
    if ts and t == ts[-1]:
        continue
    ts.append(t)
    ws.append(float(r['power_w']))
add(p, 'powercsv', [trace('power_w', 'node', ts, ws)])

# Kokkos' power profiling tool (NVML) on one GPU: nanoseconds from the start, device_id 0 on
# every row; the file's name says gpu, its columns do not (domain node)
p = f'{root}/powerlogs/kokkos-energy-dashboard_power-profile-gpu_ns-from-start_device-id.csv'
rows = list(csv.DictReader(open(p, newline='')))
assert {r['device_id'] for r in rows} == {'0'} and rows[0]['timestamp_nanoseconds'] == '0'
add(p, 'powercsv', [trace('0', 'node', [int(r['timestamp_nanoseconds']) / 1e9 for r in rows],
                          [float(r['power_watts']) for r in rows])])

# a DCGM test program's CSV (DCGM_FI_DEV_POWER_USAGE_INSTANT): GPUId, TimeStampUs (epoch
# microseconds, 16 digits), Watts; 8 GPUs polled in turn, one trace per GPUId, first seen first
p = f'{root}/powerlogs/dcgm-test_8gpu_gpuid-timestampus-watts.csv'
per = {}
for r in csv.DictReader(open(p, newline='')):
    assert len(r['TimeStampUs']) == 16
    per.setdefault(r['GPUId'], []).append((int(r['TimeStampUs']) / 1e6, float(r['Watts'])))
add(p, 'powercsv', [dict(trace(g, 'gpu', [t for t, _ in v], [w for _, w in v]),
                         start=iso(v[0][0], True), end=iso(v[-1][0], True))
                    for g, v in per.items()])

# the same repository's dcgm_dmon.c: DCGM's long layout, a row per GPU, time and field
# (`GPUId,TimeStampUs,Field,Values`); the power is the rows of field power_usage_instant, the
# throttle-reason rows (their own times, out of order with the power rows) are not power
p = f'{root}/powerlogs/dcgm-test_dcgm-dmon_8gpu_long-field-values.csv'
per = {}
rows = list(csv.DictReader(open(p, newline='')))
assert {r['Field'] for r in rows} == {'power_usage_instant', 'throttle_reason_idle',
                                      'current_clock_throttle_reasons', 'throttle_reason_sw_power_cap'}
for r in rows:
    if r['Field'] == 'power_usage_instant':
        per.setdefault(r['GPUId'], []).append((int(r['TimeStampUs']) / 1e6, float(r['Values'])))
for v in per.values():
    assert all(a < b for (a, _), (b, _) in zip(v, v[1:]))
add(p, 'powercsv', [dict(trace(g, 'gpu', [t for t, _ in v], [w for _, w in v]),
                         start=iso(v[0][0], True), end=iso(v[-1][0], True))
                    for g, v in per.items()])

# a GPU monitor's CSV: `Timestamp` in epoch seconds with nine decimals (1763736779.573550209),
# `Power(W)` among GPU_Util(%) and memory columns; the power column names no device (domain node)
p = f'{root}/powerlogs/coralmonster_gpu-monitor_epoch-seconds-9-decimals.csv'
rows = list(csv.DictReader(open(p, newline=''), skipinitialspace=True))
t = [float(r['Timestamp']) for r in rows]
add(p, 'powercsv', [dict(trace('Power', 'node', t, [float(r['Power(W)']) for r in rows]),
                         start=iso(t[0], True), end=iso(t[-1], True))])

# a laser's logger (laser_power_logger.py plots 'Power (mW)'): `Power` named with no unit,
# 4235-4360 beside diode currents and crystal temperatures: milliwatts of light, not watts
p = f'{root}/powerlogs/power-logger_laser-output-mw_bare-power-column.txt'
rows = list(csv.DictReader(open(p, newline='')))
assert 'Power' in rows[0] and 'LBO Temp' in rows[0]
assert statistics.median(float(r['Power']) for r in rows) > 2000
refuse(p, "column 'Power' names no unit and its median reading is")

# a Jetson's tegrastats rails cut out with grep into a CSV of its own (jtop_logging.sh): the
# script greps 'VDD_CPU_CV \K[0-9]+(?=mW)' and the like, so every *_Power_Inst column is mW,
# named without a unit: the GPU rail's 2800+ is beyond a GPU, and the CPU rail (mostly 0) and
# the 5 V system rail are the same logger's milliwatts: none is read
p = f'{root}/powerlogs/agentmesh_tegrastats-rails-mw-in-own-csv_unitless.csv'
rows = list(csv.DictReader(open(p, newline=''), skipinitialspace=True))
assert statistics.median(float(r['GPU_Power_Inst']) for r in rows) > 2000
assert max(float(r['CPU_Power_Inst']) for r in rows) > 2000 > statistics.median(float(r['CPU_Power_Inst']) for r in rows)
refuse(p, "named without a unit as 'GPU_Power_Inst' is, not read either")

# tegrastats parsed into columns named '<RAIL>_mW_Current' and '<RAIL>_mW_Avg' on an Orin:
# 'mW' a word inside the name, 'Current' the present reading (not amps), '_Avg' tegrastats' own
# running average (a statistic of the same rail: not read); VIN_SYS_5V0 is less than the other
# rails' sum (no total); the dates '08-07-2025' say neither day nor month first: untimed
p = f'{root}/powerlogs/model-deployment-jetson_tegrastats-parsed_mw-word-mid-name_current-avg.csv'
rows = list(csv.DictReader(open(p, newline='')))
cols = [k for k in rows[0] if k.endswith('_mW_Current')]
assert all(float(r['VIN_SYS_5V0_mW_Current']) < sum(float(r[k]) for k in cols if not k.startswith('VIN'))
           for r in rows)
# (the shared rails and the 5 V system rail each a domain of its own, named as the
# tegrastats reader names them; VDDQ the memory's)
OWN = {'VDD_GPU_SOC': 'vdd_gpu_soc', 'VDD_CPU_CV': 'vdd_cpu_cv', 'VIN_SYS_5V0': 'vin_sys_5v0',
       'VDDQ_VDD2_1V8AO': 'dram'}
add(p, 'powercsv', read_something([trace(k, OWN.get(k[:-len('_mW_Current')], 'node'), [0],
                                         [float(r[k]) / 1000 for r in rows], timed=False)
                                   for k in cols]))

# ssaraff98/tegrastats_parser's CSV of a TX2's tegrastats: a quoted `date` over two lines, then
# 'Index' (the row's number: 0, 1, 2...; no device), 'Time (mS)' from the start, and each rail
# as 'Current <RAIL> Power Consumption (mW)' (read) and 'Average ...' (tegrastats' running
# average, a statistic: not read). One board: one trace per rail, 306 rows a second apart.
# Domains as benchreport's column names give them: GPU, CPU and DDR say theirs, VDD_IN and the
# Wi-Fi rail are the node's, SOC none (the column's name, lower case)
p = f'{root}/powerlogs/tegrastats-parser_tx2-parsed-csv_index-row-counter_time-ms.csv'
rows = list(csv.reader(open(p, newline='')))
hdr, rows = rows[1], rows[2:]
assert hdr[:2] == ['Index', 'Time (mS)'] and all(int(r[0]) == i for i, r in enumerate(rows))
ts = [int(r[1]) / 1000 for r in rows]
RAILDOM = {'VDD_SYS_GPU': 'gpu', 'VDD_SYS_CPU': 'cpu', 'VDD_SYS_DDR': 'dram', 'VDD_IN': 'node',
           'VDD_4V0_WIFI': 'node'}
tr = []
for i, h in enumerate(hdr):
    m = re.fullmatch(r'Current (\w+) Power Consumption \(mW\)', h)
    if m:
        tr.append(trace(h[:-len(' (mW)')], RAILDOM.get(m.group(1), h.lower()), ts,
                        [float(r[i]) / 1000 for r in rows]))
assert len(tr) == 6 and len(ts) == 306
add(p, 'powercsv', tr)

# the same repository's Green_grapes run: its Timestamp '08-09-2025 13:25:27' (19 rows a
# second apart, all on that date) reads as 8 September or 9 August: no field over 12 says
# which, so no times, and the warning says why
p = f'{root}/powerlogs/model-deployment-jetson_green-grapes_tegrastats-parsed_dashed-dates-08-09.csv'
rows = list(csv.DictReader(open(p, newline='')))
dates = [re.fullmatch(r'(\d\d)-(\d\d)-\d{4} \d\d:\d\d:\d\d', r['Timestamp']) for r in rows]
assert all(dates) and max(int(m.group(k)) for m in dates for k in (1, 2)) <= 12
cols = [k for k in rows[0] if k.endswith('_mW_Current')]
add(p, 'powercsv', read_something([trace(k, OWN.get(k[:-len('_mW_Current')], 'node'), [0],
                                         [float(r[k]) / 1000 for r in rows], timed=False)
                                   for k in cols]))
out[-1]['warning'] = f"column 'Timestamp' holds '{rows[0]['Timestamp']}', no time benchreport " \
                     "reads (a date with dashes is month-day or day-month, and no day over 12 " \
                     "says which)"

# a 2008 server power study's meter log: `_time` is the time of day, then the date with the
# month's name ('13:51:28 2008-Apr-14'), every field quoted but a few; `ac_power` in W beside
# the CPU, disk and counter columns; two sessions a day apart (cut before the third, which goes
# back in time)
p = f'{root}/powerlogs/server-power-2008_time-first-month-named_ac-power_first1144.csv'
rows = list(csv.DictReader(open(p, newline='')))
ts = [secs(dt.datetime.strptime(r['_time'], '%H:%M:%S %Y-%b-%d')) for r in rows]
assert all(a < b for a, b in zip(ts, ts[1:]))
add(p, 'powercsv', [trace('ac_power', 'node', ts, [float(r['ac_power']) for r in rows])])

# a robot's power board: volts and amps, no watts (and a fifth, unnamed field on every row)
p = f'{root}/powerlogs/kos-kbot_battery-volts-amps_no-watts_first20.csv'
assert open(p).readline().strip().split(',') == ['Timestamp', 'Battery_Voltage', 'Motor_Voltage', 'Current']
refuse(p, "a column of current ('Current') and none in watts")
refuse(p, 'closest reader: powercsv (10, 50 needed)')

# a home battery system: battery_w + grid_w + pv_w = load_w, but `_w` after no device's name may be
# a width: refused, the column named
p = f'{root}/powerlogs/alphaess-mqtt_home-battery-pv-grid-load_w-suffix.csv'
rows = list(csv.DictReader(open(p, newline='')))
assert all(int(r['battery_w']) + int(r['grid_w']) + int(r['pv_w']) == int(r['load_w']) for r in rows)
refuse(p, "'battery_w' ends in _w, read as watts only after a device's name")

# a Jetson TX2's INA3221 rails read from sysfs every ~0.47 s by log_power_data.sh, a tab-separated
# `TIME TOTAL SOC CPU GPU DDR`: TIME is bc's seconds from the start ('.0120759240'), the rails are
# milliwatts that nothing in the file names: refused, no unit
p = f'{root}/powerlogs/mlsys-gpu-power-variability_tx2-ina3221-tsv_unitless-mw.tsv'
rows = list(csv.reader(open(p, newline=''), delimiter='\t'))
assert rows[0] == ['TIME', 'TOTAL', 'SOC', 'CPU', 'GPU', 'DDR'] and rows[1][0].startswith('.')
assert all(1000 < int(r[1]) < 20000 for r in rows[1:])
refuse(p, 'a header with a time column but no column whose name or unit says watts')

# a laptop logger around macOS `powermetrics -n1 --samplers cpu_power,gpu_power` every ~7 s,
# `Timestamp,CPU Power (mW),GPU Power (mW),Total Power (mW)`: the script looks for a line
# 'Total Power' that powermetrics on Apple Silicon does not print, so that column is empty on
# every row (a trace without readings, with a warning); CRLF line ends
p = f'{root}/powerlogs/powerconsumption-ai_macos-powermetrics-cpu-gpu-mw_total-empty.csv'
rows = list(csv.DictReader(open(p, newline='')))
assert all(r['Total Power (mW)'] == '' for r in rows)
ts = [secs(dt.datetime.strptime(r['Timestamp'], '%Y-%m-%d %H:%M:%S')) for r in rows]
add(p, 'powercsv', [trace('CPU Power', 'cpu', ts, [float(r['CPU Power (mW)']) / 1000 for r in rows]),
                    trace('GPU Power', 'gpu', ts, [float(r['GPU Power (mW)']) / 1000 for r in rows]),
                    {'device': 'Total Power', 'domain': 'total', 'samples': len(ts), 'values': 0,
                     'mean': None, 'min': None, 'max': None, 'start': iso(ts[0]), 'end': iso(ts[-1])}])

# HWiNFO-style cells, written by a training script beside its log: 'Date' as d.m.yyyy and 'Time'
# as h:m:s.mmm, no leading zeros but in the milliseconds; a CPU and a GPU column in W
p = f'{root}/powerlogs/brain-tumor-energy_date-time-unpadded_cpu-gpu_first60.csv'
rows = list(csv.DictReader(open(p, newline='')))
ts = []
for r in rows:
    d, mo, y = (int(x) for x in r['Date'].split('.'))
    h, mi, s = r['Time'].split(':')
    ts.append(secs(dt.datetime(y, mo, d, int(h), int(mi))) + float(s))
add(p, 'powercsv', [trace('CPU All Power Consumption', 'cpu', ts,
                          [float(r['CPU All Power Consumption (W)']) for r in rows]),
                    trace('GPU Power Consumption', 'gpu', ts,
                          [float(r['GPU Power Consumption (W)']) for r in rows])])

# pinpoint's continuous output (`pinpoint -c --header`, osmhpi/pinpoint): its counters as the
# header ('nvml:<gpu name>_<index>', 'rapl:ram', 'rapl:cores', 'rapl:pkg'), then one row a
# sampling tick, each reading in milliwatts (read_mW_string), no time
p = f'{root}/powerlogs/ai-energy-efficiency_pinpoint-nvml-rapl_mw_no-time.txt'
rows = list(csv.reader(open(p, newline='')))
hdr, rows = rows[0], [r for r in rows[1:] if r]
PINPOINT = {'rapl:ram': 'dram', 'rapl:cores': 'cores', 'rapl:pkg': 'cpu'}
add(p, 'powercsv', [trace(h, 'gpu' if h.startswith('nvml:') else PINPOINT[h], [0],
                          [int(r[i]) / 1000 for r in rows], timed=False)
                    for i, h in enumerate(hdr)])

# the same thesis' posture classifier (`pinpoint -c --header -- python3 main.py` into watts.txt):
# main.py prints its mean F1 score at the end to the same output ('0.3276,0,0,0', its last
# line). pinpoint prints each counter as a whole number of mW ("%d"): a row with a fraction is
# no tick, not read (a warning names it)
p = f'{root}/powerlogs/wisemat-posture_pinpoint-nvml-rapl_mw_f1-score-line-last.txt'
rows = list(csv.reader(open(p, newline='')))
hdr, rows = rows[0], [r for r in rows[1:] if r]
ticks = [r for r in rows if all(re.fullmatch(r'-?\d+', c) for c in r)]
assert len(rows) - len(ticks) == 1 and rows[-1] == ['0.3276', '0', '0', '0']
add(p, 'powercsv', [trace(h, 'gpu' if h.startswith('nvml:') else PINPOINT[h], [0],
                          [int(r[i]) / 1000 for r in ticks], timed=False)
                    for i, h in enumerate(hdr)])

# EnergiBridge (tdurieux/EnergiBridge) CSV: 'Delta,Time,<counters sorted by name>', Time in ms
# since 1970 (UTC). Cumulative joule counters become watts from row to row: (E1 - E0) / (T1 - T0),
# the sample at the later row, its window starting at the earlier row's Time; counters that go
# down give no value. SYSTEM_POWER (Watts) is read as is, GPUn_POWER (mWatts) / 1000. The row
# with Delta 0 (printed before EnergiBridge's loop, read before its Time) is not read, nor a row
# with the Time of the row kept before it (the counters go on from that row); a row with
# another number of fields (the last one, cut off) is dropped. A joule column that is 0 on
# every row (a domain not counted) or holds whole numbers only (raw RAPL counts, EnergiBridge
# before 0.0.7) gives no trace.
EB_JOULES = {'PACKAGE_ENERGY (J)': 'cpu', 'CPU_ENERGY (J)': 'cpu', 'PP0_ENERGY (J)': 'cores',
             'PP1_ENERGY (J)': 'uncore', 'DRAM_ENERGY (J)': 'dram'}


def energibridge(p):
    rows = list(csv.reader(open(p, newline='')))
    hdr, body = rows[0], [r for r in rows[1:] if len(r) == len(rows[0])]
    keep = []
    for n, r in enumerate(body):
        if n == 0 and float(r[0]) == 0:
            continue
        if keep and int(r[1]) == int(keep[-1][1]):
            continue
        keep.append(r)
    ts = [int(r[1]) / 1000 for r in keep]
    traces = []
    for i, h in enumerate(hdr):
        m = re.fullmatch(r'GPU(\d+)_POWER \(mWatts\)', h)
        if h in EB_JOULES:
            e = [float(r[i]) for r in keep]
            if all(x == 0 for x in e) or all(x.is_integer() for x in e):
                continue   # a domain not counted (all 0), or raw counts before 0.0.7 (no fraction)
            w = [(e[k] - e[k - 1]) / (ts[k] - ts[k - 1]) if e[k] >= e[k - 1] else math.nan
                 for k in range(1, len(keep))]
            vals = [x for x in w if not math.isnan(x)]
            traces.append({'device': '0', 'domain': EB_JOULES[h], 'samples': len(w),
                           'values': len(vals), 'start': iso(ts[0], True), 'end': iso(ts[-1], True),
                           'mean': statistics.fmean(vals), 'min': min(vals), 'max': max(vals)})
        elif h == 'SYSTEM_POWER (Watts)' or m:
            w = [float(r[i]) / (1000 if m else 1) for r in keep]
            vals = [x for x in w if m or x != 0]   # SYSTEM_POWER 0: the SMC gave nothing
            traces.append({'device': m.group(1) if m else '0', 'domain': 'gpu' if m else 'system',
                           'samples': len(w), 'values': len(vals), 'start': iso(ts[0], True),
                           'end': iso(ts[-1], True), 'mean': statistics.fmean(vals),
                           'min': min(vals), 'max': max(vals)})
    add(p, 'energibridge', traces)


for name in ('cs4575-g5-p2_intel-rapl-4domains_first-two-rows-one-time.csv',
             'cs4575-g5-p2_intel-rapl_last-row-cut.csv',
             'cs4575-project1_amd-cpu-energy_core0-energy-goes-down.csv',
             'cs4575-project2_amd-cpu-energy_nvidia-gpu0-mwatts_first300.csv',
             'greenlab_macos-system-power_nan-cpu-usage.csv',
             'sustainablese-g10_intel-rapl_package-wraps-at-262144j.csv',
             'sse-project1-reglayass_intel-rapl-nvidia-gpu0_dram-zero.csv',
             'sse-project-group-24_macos-system-power_zero-rows_90s-gap.csv'):
    energibridge(f'{root}/energibridge/{name}')
refuse(f'{root}/energibridge/sse-project1_windows-intel_raw-msr-counts-as-j_refused.csv',
       "'PACKAGE_ENERGY (J)' holds whole numbers only")

# --- session 22's additions --------------------------------------------------------------
# power.draw, power.draw.average and power.draw.instant in one query: the instant one is the
# power; units in the header only
p = f'{root}/nvsmi/gpu-power-benchmark_rtx3090_draw-average-instant_transient-response.csv'
rows = list(csv.reader(open(p, newline='')))
hdr = [h.strip() for h in rows[0]]
assert {'power.draw [W]', 'power.draw.average [W]'} <= set(hdr) and 'name' not in hdr
ti, pi = hdr.index('timestamp'), hdr.index('power.draw.instant [W]')
add(p, 'nvsmi', [trace('0', 'gpu', [secs(dt.datetime.strptime(r[ti].strip(), '%Y/%m/%d %H:%M:%S.%f'))
                                    for r in rows[1:]], [float(r[pi]) for r in rows[1:]])])

# a home-made NVML logger: a row per GPU and instant (gpu_index), ISO times in UTC
p = f'{root}/powerlogs/nanogpt-fork_8gpu_gpu-index-rows_iso-z_power-w.csv'
rows = list(csv.DictReader(open(p, newline='')))
tr = []
for g in sorted({r['gpu_index'] for r in rows}, key=int):
    mine = [r for r in rows if r['gpu_index'] == g]
    ts = [dt.datetime.fromisoformat(r['timestamp'].replace('Z', '+00:00')).timestamp() for r in mine]
    vals = [float(r['power_W']) for r in mine]
    tr.append({'device': g, 'domain': 'gpu', 'samples': len(vals), 'values': len(vals),
               'start': iso(ts[0], True), 'end': iso(ts[-1], True), 'mean': statistics.fmean(vals),
               'min': min(vals), 'max': max(vals)})
add(p, 'nvsmi', tr)   # read as nvidia-smi's layout: gpu_index, power_W

# rocm-smi's full report in a README: one reading, no time
p = f'{root}/amdsmi/cl-cpp-generator2_readme_rocm-smi-full-report_barcelo-apu_refused.md'
assert 'Average Graphics Package Power (W): 5.0' in open(p).read()
refuse(p, "rocm-smi's text")

# --- session 23's additions --------------------------------------------------------------
# 8 MI300X, a column each (gpuN_power), then statistics over them (all_gpu_power_avg, _min,
# _max: no devices) and their sum (all_gpu_power_total); epoch seconds (UTC)
def smi_filtered(p, ngpus):
    """amd-smi's filtered CSV of the SC25 artifact: gpuN_power a trace each (gpu), their sum
    all_gpu_power_total one of domain total; epoch seconds (UTC)."""
    rows = list(csv.DictReader(open(p, newline='')))
    ts = [float(r['Timestamp']) for r in rows]
    gpus = [f'gpu{k}_power' for k in range(ngpus)]
    assert all(sum(float(r[g]) for g in gpus) == float(r['all_gpu_power_total']) for r in rows)
    tr = []
    for name, dom in [(g, 'gpu') for g in gpus] + [('all_gpu_power_total', 'total')]:
        vals = [float(r[name]) for r in rows]
        tr.append({'device': name, 'domain': dom, 'samples': len(vals), 'values': len(vals),
                   'start': iso(ts[0], True), 'end': iso(ts[-1], True),
                   'mean': statistics.fmean(vals), 'min': min(vals), 'max': max(vals)})
    add(p, 'powercsv', tr)


smi_filtered(f'{root}/powerlogs/sc25-amd-cdna3_mi300x-8gpu_smi-filtered_avg-min-max-total-'
             f'columns.csv', 8)

# a home-made logger: Date and Time apart (a month-day-year or day-month-year date: no
# calendar), Power Used beside Power Max (the card's limit, no reading); its 45 rows all
# within one second: the first kept
p = f'{root}/powerlogs/nvidia-monitor_date-time-power-used-power-max.csv'
rows = [r for r in csv.reader(open(p, newline=''))][1:]
assert len({r[1] for r in rows}) == 1 and {r[4] for r in rows} == {'250'}
h, m, s = map(int, rows[0][1].split(':'))
add(p, 'powercsv', [trace('Power Used', 'node', [h * 3600 + m * 60 + s], [float(rows[0][3])])])

# nvidia-smi's CSV of 2 GPUs without an index column: each poll a pair of rows a few
# milliseconds apart (26 pairs within one), polls 100 ms apart: GPU 0 the first of each pair;
# a row not in a pair (a poll cut, a GPU's row late) is left out
p = f'{root}/nvsmi/training-profile_titanx-2gpu_no-index_alternating-rows_same-ms-pairs.csv'
rows = [[x.strip() for x in r] for r in csv.reader(open(p, newline=''))][1:]
ts = [secs(dt.datetime.strptime(r[0], '%Y/%m/%d %H:%M:%S.%f')) for r in rows]
w = [float(r[1].split()[0]) for r in rows]


def by_position(rows_n, k):
    """nvidia-smi prints every GPU's row on every loop, GPU 0 first, so that row i is GPU
    i % k's when the file holds whole loops (the repository's own analysis pairs the rows
    this way; the idle GPUs' own levels, GPU 5's 70.4 W among 72 W, confirm it on every
    loop, also where a GPU's row came 12 to 99 ms after the one before it)."""
    assert rows_n % k == 0
    return range(0, rows_n, k)


pairs = by_position(len(ts), 2)
add(p, 'nvsmi', [trace(str(g), 'gpu', [ts[i + g] for i in pairs], [w[i + g] for i in pairs])
                 for g in (0, 1)])

# the same logger on 8 H100s: each poll 8 rows about 3 ms apart, polls 100 ms apart; in 16
# polls some rows came 50 to 66 ms late, in one burst or two: still that poll's
p = f'{root}/nvsmi/training-profile_h100-8gpu_no-index_rows-8-at-a-time_first8000.csv'
rows = [[x.strip() for x in r] for r in csv.reader(open(p, newline=''))][1:]
ts = [secs(dt.datetime.strptime(r[0], '%Y/%m/%d %H:%M:%S.%f')) for r in rows]
w = [float(r[1].split()[0]) for r in rows]
groups = by_position(len(ts), 8)
add(p, 'nvsmi', [trace(str(g), 'gpu', [ts[i + g] for i in groups], [w[i + g] for i in groups])
                 for g in range(8)])

# session 24's additions
# a Jetson Orin Nano's tegrastats parsed by its owner into a CSV of his names: t_ms from the
# start (no clock), three rails in mW. power_in_mw is VDD_IN, the module's whole input
# (the tegrastats reader's "combined"); power_soc_mw (VDD_SOC) and power_cpu_gpu_cv_mw are
# rails inside it, each its own domain, never summed with it
p = f'{root}/powerlogs/jetson-orin-nano_own-csv_power-soc-cpu-gpu-cv-in-mw_t-ms.csv'
rows = list(csv.DictReader(open(p, newline='')))
ts = [int(r['t_ms']) / 1000 for r in rows]
add(p, 'powercsv', [trace(c, d, ts, [int(r[c]) / 1000 for r in rows])
                    for c, d in (('power_soc_mw', 'power_soc'),
                                 ('power_cpu_gpu_cv_mw', 'power_cpu_gpu_cv'),
                                 ('power_in_mw', 'combined'))])

# session 25's additions
# a runner's log of separate perf stat runs, a row each (energy_joules, time_seconds of that
# run): its time goes back on every other row; no counter polled over time, no power
refuse(f'{root}/perfstat/perf-energy-measurements_a-perf-stat-run-a-row_energy-joules-time-'
       'seconds.log', 'a table of separate results')

# a Raspberry Pi 5 study's results, a row an experiment (model, format, cooling) with the
# board's power at minute 1 and 45: no time axis, no samples
refuse(f'{root}/powerlogs/pi5-thermal-study_results-table_model-format-cooling-watts-t1-t45.csv',
       "'model' names, totals or summarises each row's run")

# a USB power meter's log of a Jetson Nano board (unix seconds, voltage_V, current_A, power_W,
# its mWh counters): the whole board's supply, a node's power, no nvidia-smi GPU's
p = f'{root}/powerlogs/jetson-nano-usb-meter_timestamp-voltage-v-current-a-power-w.csv'
rows = list(csv.DictReader(open(p, newline='')))
ts = [float(r['timestamp']) for r in rows]
tr = trace('power_W', 'node', ts, [float(r['power_W']) for r in rows])
# unix seconds are UTC (Z); their digits rounded half up to the microsecond, as printed
from decimal import Decimal, ROUND_HALF_UP
us = [int((Decimal(r['timestamp']) * 1000000).quantize(Decimal(1), ROUND_HALF_UP))
      for r in (rows[0], rows[-1])]
tr['start'], tr['end'] = (iso(u / 1e6, zoned=True)[:20] + '%06d' % (u % 1000000) + 'Z'
                          for u in us)
add(p, 'powercsv', [tr])

# session 26's additions
# nvidia-smi --query-gpu=timestamp,power.draw,utilization.gpu,memory.used -lms 100 on two GPUs,
# no index column: the rows alternate GPU 0, GPU 1 on every loop (the repository pairs them by
# position too); in 9 loops GPU 1's row came 12-64 ms after GPU 0's, still that loop's
p = f'{root}/nvsmi/training-profile_titanx-2-gpus-no-index_late-second-rows.csv'
rows = list(csv.reader(open(p, newline='')))[1:]
ts = [secs(dt.datetime.strptime(r[0].strip(), '%Y/%m/%d %H:%M:%S.%f')) for r in rows]
ws = [float(r[1].strip().removesuffix(' W')) for r in rows]
pairs = by_position(len(ts), 2)
add(p, 'nvsmi', [trace(str(g), 'gpu', [ts[i + g] for i in pairs], [ws[i + g] for i in pairs])
                 for g in (0, 1)])

# Intel Power Gadget's rows, each the mean since the row before (10 rows; footer not read)
p = f'{root}/powerlogs/power-monitoring-tool_intel-power-gadget_10-rows_window-since-row-before.csv'
tr, rows = power_gadget(p)
add(p, 'powercsv', tr)

# perf stat without -I: RAPL totals for the whole command (2333.17 J over 59.58 s), no samples
refuse(f'{root}/perfstat/rapl-validation_hpl-atlas_perf-stat-totals-no-interval.txt',
       'perf stat totals without -I: 3 energy figures for whole commands')

# session 27's additions
# a BMC poller that writes 0 for a failed poll, every poll of this log failed: its columns
# hold nothing but 0, no power read, so no trace and no total (0 = 0 + 0 proves nothing)
p = f'{root}/powerlogs/hpc-mlperf-benchmarks_node1-logs_bmc-power-log_every-poll-failed-0.csv'
rows = list(csv.DictReader(open(p, newline='')))
assert all(float(r[k]) == 0 for r in rows for k in ('n1_watts', 'n2_watts', 'total_watts'))
refuse(p, 'no column named as power holds readings of power')
# amd-smi metric --csv of eight GPUs: their blocks side by side, each beginning with its own
# 'gpu' column (its index on every row) and 'socket_power'; a comma after the last name only
p = f'{root}/amdsmi/sc25-cdna3_mi325x-750w-auto_metric-csv_8-gpus-side-by-side_762-columns_hpl-octal.csv'
rows = list(csv.reader(open(p, newline='')))
head, rows = rows[0], rows[1:]
assert head[-1] == '' and len(head) == 762 and all(len(r) == 761 for r in rows)
blocks = [i for i, h in enumerate(head) if h == 'gpu']
assert len(blocks) == 8 and all(head[i + 1] == 'socket_power' for i in blocks)
ts = [float(r[0]) for r in rows]
add(p, 'powercsv', [dict(trace(rows[0][i], 'gpu', ts, [float(r[i + 1]) for r in rows]),
                         start=iso(ts[0], True), end=iso(ts[-1], True)) for i in blocks])

# session 28's additions
# a Pi 5's PMIC log under a 'Power (mW)' header holding watts (currents times volts): every
# reading between 0 and 20 mW, which no machine that trains draws: no trace, the readings named
p = f'{root}/powerlogs/e2fl_rpi5-pmic_power-mW-column-holding-watts.csv'
vals = [float(r['Power (mW)']) for r in csv.DictReader(open(p, newline=''))]
assert 0 < min(vals) and max(vals) < 20
refuse(p, f"column 'Power (mW)' names milliwatts, but its {len(vals)} readings are "
          f"{min(vals):g} to {max(vals):g} mW")

# CodeCarbon flushed while its runs went on: each run_id's rows are running totals since the
# run began (duration s, gpu_energy kWh). A run of two rows or more is a gpu trace: a sample a
# row at the run's start (the first row's timestamp less its duration) plus its duration, the
# mean power since the row before (the first: since the start, where the totals were 0). Runs
# of one row give nothing; cpu_power that never moves is CodeCarbon's estimate: no cpu trace.
def codecarbon_runs(p):
    rows = list(csv.DictReader(open(p, newline='')))
    runs = {}
    for r in rows:
        runs.setdefault(r['run_id'], []).append(r)
    traces = []
    for rid, rs in runs.items():
        if len(rs) < 2:
            continue
        assert len({r['cpu_power'] for r in rs}) == 1   # an estimate: no cpu trace
        start = secs(dt.datetime.fromisoformat(rs[0]['timestamp'])) - float(rs[0]['duration'])
        times, watts, pd, pe = [], [], 0.0, 0.0
        for r in rs:
            d, e = float(r['duration']), float(r['gpu_energy'])
            times.append(start + d)
            watts.append((e - pe) * 3.6e6 / (d - pd))
            pd, pe = d, e
        # each sample averages its own window: the trace begins where the first one does
        traces.append(dict(trace('0', 'gpu', times, watts, name=rs[0]['gpu_model']),
                           start=iso(start)))
    return traces


for p in (f'{root}/codecarbon/green-ai-lifecycle_emissions_v3.0.7_per-epoch-flushes_2-runs-of-21-'
          f'rows-194-of-one.csv',
          f'{root}/codecarbon/ml-energy-consumption_emissions_v2.3.4_one-run-4-flushes.csv'):
    add(p, 'codecarbon', codecarbon_runs(p))

# four `nvidia-smi -l 5` loops written into one file at once (each at its own offset: runs of
# NULs where one wrote past another's text, before lines 735, 1487 and 2217): the first loop's
# snapshots, then the others' going back to 00:40:30: not read, one error; a GPU row read a
# second time under one date (line 735's fragment, its date lost under the NULs) is not read
table(f'{root}/nvsmitable/sgan-simple_4x1080ti_440_four-loops-in-one-file_nul-runs.txt',
      error='snapshot time goes backwards: 2020-10-04T00:40:30.000 after 2020-10-04T00:42:20.000')

# the same writer's file of one MI325X: all_gpu_power_total is gpu0_power on every row, the
# sum of the one GPU: a total, no second device
smi_filtered(f'{root}/powerlogs/sc25-amd-cdna3_mi325x-1-gpu_smi-filtered_total-equals-gpu0.csv', 1)

# a Shelly Plus Plug S beside a Nespresso machine, 'timestamp,power,coffee_brewed' (apower
# from MQTT, about one a minute when idle, more while brewing; 80 rows repeat the time before,
# the first reading of each time kept): a logger's own header (no blank after its commas, a
# column beside the time and the power) naming nothing a GPU reports: the machine's
p = f'{root}/powerlogs/coffee-counter_shelly-plug-s_nespresso_timestamp-power-coffee-brewed.csv'
seen, ts, ws = set(), [], []
for r in csv.DictReader(open(p, newline='')):
    t = secs(dt.datetime.fromisoformat(r['timestamp']))
    if t not in seen:
        seen.add(t)
        ts.append(t)
        ws.append(float(r['power']))
assert len(ts) == 280
add(p, 'powercsv', [trace('power', 'node', ts, ws)])

# a Voltcraft Energy Logger 4000's export, ';'-separated, a row a minute: 'Actual
# Consumption/W' is the real power (the unit after a '/'); 'Apparent Consumption/W' is in
# volt-amperes, no power drawn; its dates are day/month ('16/06/2020 09:59', read as no time:
# a date with slashes may be either). The whole machine's, untimed
p = f'{root}/powerlogs/analyse-turbostat_voltcraft-el4000_actual-consumption-slash-w_day-first-dates.csv'
ws = [float(r['Actual Consumption/W']) for r in csv.DictReader(open(p, newline=''), delimiter=';')]
assert len(ws) == 860
add(p, 'powercsv', [trace('Actual Consumption/W', 'node', [0], ws, timed=False)])

# damaoooo/burner's watcher (`timestamp,cpu_watts,gpu_watts`, ISO times with Z, CRLF) run twice
# at once into one file: recording A (lines 2-18062), a line of 1,955,132 NULs (past the 1 MiB
# benchreport reads a line: skipped) ending in B's first row, then B, whose times start again
# 10 minutes before A's last and run past it. A trace of both describes neither: refused, the
# one error at the first of three rows in a row earlier than the last row kept (one or two are
# rows out of order)
p = f'{root}/powerlogs/burner_watcher-cpu-gpu-watts-utc-z_two-loggers-one-file_nul-run_second-recording-10-min-earlier.csv'
lines = open(p, 'rb').read().split(b'\n')
assert lines[0] == b'timestamp,cpu_watts,gpu_watts\r' and lines[18062].count(b'\0') == 1955132
last, back = None, []
for n, raw in enumerate(lines[1:], 2):
    if len(raw) > 1 << 20 or not raw.strip():
        continue
    t = secs(dt.datetime.fromisoformat(raw.split(b',')[0].decode().rstrip('Z')))
    if last is not None and t < last:
        back.append((n, t))
        if len(back) == 3:
            break
    else:
        last, back = t, []
assert back[0][0] == 18064 and last - back[0][1] > 600
refuse(p, f'{back[0][0]}:1: error: time goes back to {iso(back[0][1], True)} after '
          f'{iso(last, True)} and goes on from there: a second recording starts here')

# turbostat's full output (`turbostat --interval 60 --out FILE`, version 19.08.31): its version
# and 67 lines of the processor's registers, then a tab-separated table per interval, its
# header again each time; the summary row ('-' for Core and CPU) is the machine's sample, its
# per-CPU rows not. PkgWatt the package (cpu), CorWatt the cores, GFXWatt the integrated GPU,
# RAMWatt the DRAM; no time column
p = f'{root}/turbostat/analyse-turbostat_full-output-i60_68-lines-of-msr-dump_160-intervals.out'
lines = open(p).read().split('\n')
assert lines[0].startswith('turbostat version')
head, cols = None, {'PkgWatt': [], 'CorWatt': [], 'GFXWatt': [], 'RAMWatt': []}
for l in lines:
    f = l.split('\t')
    if f[:2] == ['Core', 'CPU']:
        head = f
    elif head and f[:2] == ['-', '-']:
        for k in cols:
            cols[k].append(float(f[head.index(k)]))
assert len(cols['PkgWatt']) == 160
add(p, 'powercsv', [trace(k, d, [0], cols[k], timed=False) for k, d in
                    (('PkgWatt', 'cpu'), ('CorWatt', 'cores'), ('GFXWatt', 'igpu'),
                     ('RAMWatt', 'dram'))])

# MLPerf power log (smc-ac-power v4.0, node_2.txt): ':::MLLOG {json}' lines, each
# power_reading's value in W at its time_ms; no event names a host (metadata ""), so the
# trace is the node the file name gives (node_2), domain node
p = f'{root}/powerlogs/smc-ac-power-v4.0_8xh100_resnet_power_node_2_no-host.txt'
ev = [json.loads(l[len(':::MLLOG '):]) for l in open(p).read().split('\n')
      if l.startswith(':::MLLOG ')]
assert all(e['metadata'] == '' for e in ev)
rd = [e for e in ev if e['key'] == 'power_reading']
assert len(rd) == 120
add(p, 'mllog', [dict(trace('node_2', 'node', [e['time_ms'] / 1000 for e in rd],
                            [float(e['value']) for e in rd]),
                      start=iso(rd[0]['time_ms'] / 1000, True),
                      end=iso(rd[-1]['time_ms'] / 1000, True))])

json.dump(out, sys.stdout, indent=1)
sys.stdout.write('\n')
