#!/usr/bin/env python3
"""The real files in realfiles/, saved the other ways the world saves them, must read
exactly as they are: every UTF-8 file with Windows line ends (CRLF), with a UTF-8
byte-order mark (Notepad, Excel's "CSV UTF-8"), as UTF-16 with a byte-order mark
(Windows PowerShell's `>`) and as UTF-16 without one; every training log also with
each line in colour (loguru, colorlog: ESC[32m before the date, ESC[0m after the line).
What is compared is what `benchreport inspect --json` says of the file (exit status,
format, every run's status, reason, runtime and epochs, every trace), the path and the
device named after the folder left out.

usage: transforms.py BENCHREPORT [REALFILES_DIR]
Prints one line per difference and a count; exits 1 when any differs."""
import concurrent.futures
import glob, json, os, subprocess, sys, tempfile

BIN = sys.argv[1]
ROOT = sys.argv[2] if len(sys.argv) > 2 else 'realfiles'
# named by a manifest (benchreport.csv) beside them: moved out of their folder they lose it
NEEDS_MANIFEST = {'autoscientists_epoch-noheader-nounits.log'}
# folders of power recordings, CSV and JSON: not printed through a terminal, never coloured
NOT_CONSOLE = {'amdsmi', 'codecarbon', 'epochcsv', 'history', 'hf', 'nvsmi', 'nvsmidmon',
               'nvsmitable', 'perfstat', 'powerlogs', 'powermetrics', 'powerstat', 'tegrastats',
               'turbostat', 'mllog', 'detectron2', 'energibridge', 'notebook'}


def crlf(b):
    return b.replace(b'\r\n', b'\n').replace(b'\n', b'\r\n')


def colour(b):
    return b'\n'.join(b'\x1b[32m' + l + b'\x1b[0m' if l.strip() else l for l in b.split(b'\n'))


TRANSFORMS = {
    'crlf': crlf,
    'utf8-bom': lambda b: b'\xef\xbb\xbf' + b,
    'utf16le-bom': lambda b: b'\xff\xfe' + b.decode('utf-8').encode('utf-16-le'),
    'utf16le': lambda b: b.decode('utf-8').encode('utf-16-le'),
    'colour': colour,
}


def reading(path):
    r = subprocess.run([BIN, 'inspect', '--json', path], capture_output=True, timeout=120)
    if r.returncode not in (0, 1, 3):
        return ['exit', r.returncode, r.stderr.decode('utf-8', 'replace')[-300:]]
    out = [r.returncode]
    try:
        files = json.loads(r.stdout)['files']
    except ValueError:
        return out
    for f in files:
        out.append(f['format'])
        for run in f['runs']:
            out.append([run['status'], run['reason'], run['runtime_s'], run['model'],
                        [[e['index'], e['duration_s'], e['partial'], e['metrics']]
                         for e in run['epochs']]])
        for t in f['traces']:
            t = dict(t)
            t.pop('path', None)
            out.append(t)
    return out


def check(path, tmp):
    """The file's readings saved each other way: (how many, the failures' lines)."""
    name, folder = os.path.basename(path), os.path.basename(os.path.dirname(path))
    raw = open(path, 'rb').read()
    if raw[:2] in (b'\xff\xfe', b'\xfe\xff') or raw[:3] == b'\xef\xbb\xbf':
        return 0, []
    try:
        raw.decode('utf-8')
    except UnicodeDecodeError:
        return 0, []  # a legacy code page: it has no UTF-16 twin
    want = reading(path)
    d = os.path.join(tmp, folder)
    os.makedirs(d, exist_ok=True)
    n, fails = 0, []
    for kind, make in TRANSFORMS.items():
        # JSON lines a callback writes to a file (LLaMA-Factory's trainer_log.jsonl),
        # a CSV table (timm's summary.csv beside its console logs)
        if kind == 'colour' and (folder in NOT_CONSOLE or name.endswith(('.jsonl', '.csv'))):
            continue
        if kind.startswith('utf16') and b'\0' in raw:
            continue  # NUL bytes (a crashed write): as UTF-16, 00 00 reads as binary
        twin = os.path.join(d, name)
        with open(twin, 'wb') as f:
            f.write(make(raw))
        got = reading(twin)
        n += 1
        if got != want:
            first = next((i for i, (a, b) in enumerate(zip(want, got)) if a != b),
                         min(len(want), len(got)))
            fails.append(f'FAIL {path} as {kind}: {str(want[first:first + 1])[:200]} became '
                         f'{str(got[first:first + 1])[:200]}')
    return n, fails


def main():
    paths = []
    for path in sorted(glob.glob(f'{ROOT}/*/*')):
        name = os.path.basename(path)
        # an experiment's folder (realfiles/experiments): its files are no kind's
        if os.path.isfile(path) and name not in ('SOURCES.md', 'benchreport.csv') and \
                name not in NEEDS_MANIFEST:
            paths.append(path)
    n = bad = 0
    # the files side by side, one process per CPU; each file's twins one after another
    with tempfile.TemporaryDirectory() as tmp, \
            concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        for k, fails in pool.map(lambda p: check(p, tmp), paths):
            n += k
            bad += len(fails)
            for line in fails:
                print(line)
    print(f'realfiles transforms: {n} readings, {bad} differ')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
