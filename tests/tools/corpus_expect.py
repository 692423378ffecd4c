#!/usr/bin/env python3
"""Expected values for tests/test_corpus.c, computed without benchreport:
Python's csv and datetime modules read the shared corpus files, and the
powermetrics sample times follow the rule in parsers/powermetrics.c written
out again here (each block's header second must equal floor of its window end).
usage: corpus_expect.py ../shared/corpus"""
import csv, datetime as dt, re, sys

root = sys.argv[1]

def fmt(t, zoned):
    d = dt.datetime(1970, 1, 1) + dt.timedelta(microseconds=round(t * 1e6))
    s = d.strftime('%Y-%m-%dT%H:%M:%S.%f')
    while s.endswith('0') and len(s.split('.')[1]) > 3:
        s = s[:-1]
    return s + ('Z' if zoned else '')

def epoch(d):
    return (d - dt.datetime(1970, 1, 1)).total_seconds()

def nvsmi(path, tcol, pcol, key=None, tparse=None):
    rows = list(csv.reader(open(path, newline='')))
    hdr = [h.strip() for h in rows[0]]
    per = {}
    for r in rows[1:]:
        if len(r) != len(hdr):
            continue
        k = r[hdr.index(key)].strip() if key else '0'
        t = tparse(r[hdr.index(tcol)].strip())
        p = float(r[hdr.index(pcol)].strip().split()[0])
        per.setdefault(k, []).append((t, p))
    for k, s in per.items():
        ps = [p for _, p in s]
        print(f"{path.split('/')[-1]} gpu {k}: n={len(s)} start={s[0][0]} end={s[-1][0]} "
              f"mean={sum(ps)/len(ps)!r} min={min(ps)} max={max(ps)}")

nv = lambda s: fmt(epoch(dt.datetime.strptime(s, '%Y/%m/%d %H:%M:%S.%f')), False)
iso = lambda s: fmt(epoch(dt.datetime.strptime(s, '%Y-%m-%dT%H:%M:%S.%fZ')), True)
unix = lambda s: fmt(float(s), True)
nvsmi(f"{root}/nvsmi/flame_power-only_lms50.csv", 'timestamp', 'power.draw [W]', tparse=nv)
nvsmi(f"{root}/nvsmi/fletcher-io_gtx1650_lms10_units.csv", 'timestamp', 'power.draw [W]', tparse=nv)
nvsmi(f"{root}/nvsmi/nanogpt-fork_8gpu_custom_header_first2000.csv", 'timestamp', 'power_W',
      key='gpu_index', tparse=iso)
rows = list(csv.reader(open(f"{root}/other/gpu-power-log_wide_per-gpu-columns.csv")))
for g in (1, 2):
    ps = [float(r[g]) for r in rows[1:]]
    print(f"wide GPU{g-1}: n={len(ps)} start={unix(rows[1][0])} end={unix(rows[-1][0])} "
          f"mean={sum(ps)/len(ps)!r} min={min(ps)} max={max(ps)}")

hdr = re.compile(r'\*\*\* Sampled system activity \((.*) ([+-]\d{4})\) \(([\d.]+)ms elapsed\)')
for name in ("eedc_m1pro_mbp18-1_macos14-4_i100_7samples.txt",
             "powermetrics-go_m4max_mac16-6_full-samplers_5s.txt",
             "sspdd-blog_m1max_mbp18-2_cpu_power_lowpower.txt"):
    blocks = []
    for line in open(f"{root}/powermetrics/{name}"):
        m = hdr.match(line)
        if m:
            d = dt.datetime.strptime(m.group(1), '%a %b %d %H:%M:%S %Y')
            off = int(m.group(2)[:3]) * 3600 + int(m.group(2)[0] + m.group(2)[3:]) * 60
            blocks.append({'h': epoch(d) - off, 'e': float(m.group(3)) / 1000, 'p': {}})
        for dom, key in (('gpu', 'GPU Power:'), ('cpu', 'CPU Power:'), ('ane', 'ANE Power:'),
                         ('combined', 'Combined Power (CPU + GPU + ANE):'),
                         ('combined', 'Package Power:'), ('dram', 'DRAM Power:')):
            if line.startswith(key) and blocks and dom not in blocks[-1]['p']:
                blocks[-1]['p'][dom] = float(line.split(':')[1].split()[0]) / 1000
    s, lo, hi = 0, -1e18, 1e18
    for b in blocks:            # one run: every corpus file fits one offset
        s += b['e']
        lo, hi = max(lo, b['h'] - s), min(hi, b['h'] + 1 - s)
    assert lo < hi
    c = (lo + hi) / 2
    start = c
    end = c + s
    for dom in blocks[0]['p']:
        ps = [b['p'][dom] for b in blocks]
        print(f"{name} {dom}: n={len(ps)} start={fmt(start, True)} end={fmt(end, True)} "
              f"mean={sum(ps)/len(ps)!r} min={min(ps)} max={max(ps)}")
