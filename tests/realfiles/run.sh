#!/bin/sh
# The real power recordings in realfiles/: each file goes through `benchreport inspect
# --json` and what it gives is compared with realfiles/expect.json, which
# tests/tools/power_expect.py computed without benchreport (and which must still be what
# that script computes). A refused file must exit 3 and name the reason; a file read
# with a warning that its expectation names must say it.
# usage: tests/realfiles/run.sh BENCHREPORT   (from the repository root)
set -u
bin=$1
. tests/check.sh
python3 tests/tools/power_expect.py realfiles > "$tmp/expect.json" || exit 1
check "realfiles/expect.json is what power_expect.py computes" \
    "cmp -s '$tmp/expect.json' realfiles/expect.json || diff -u realfiles/expect.json '$tmp/expect.json' | head -20"
python3 - "$bin" realfiles/expect.json <<'PY' || fail=$((fail + 1))
import json, subprocess, sys
binary, expect = sys.argv[1], json.load(open(sys.argv[2]))
bad = 0
def close(a, b):
    return a == b or (isinstance(a, float) and isinstance(b, (int, float))
                      and abs(a - b) <= 1e-9 * max(1.0, abs(b)))
for e in expect:
    r = subprocess.run([binary, 'inspect', '--json', *e['args'], e['file']],
                       capture_output=True, text=True)
    if 'refused' in e:
        v = subprocess.run([binary, 'inspect', '-v', *e['args'], e['file']],
                           capture_output=True, text=True)
        if r.returncode != 3 or e['refused'] not in v.stderr:
            print(f"FAIL {e['file']}: want exit 3 and '{e['refused']}' from inspect -v, got "
                  f"{r.returncode}: {v.stderr[-300:]}")
            bad += 1
        continue
    if 'error' in e and (r.returncode != 1 or f"error: {e['error']}" not in r.stderr or
                         r.stderr.count(': error: ') != 1):
        print(f"FAIL {e['file']}: want exit 1 and the one error '{e['error']}', got "
              f"{r.returncode}: {r.stderr[-300:]}")
        bad += 1
        continue
    if 'warning' in e and f"warning: {e['warning']}" not in r.stderr:
        print(f"FAIL {e['file']}: want the warning '{e['warning']}', got {r.stderr[-300:]}")
        bad += 1
        continue
    if r.returncode != 0 and 'error' not in e:
        print(f"FAIL {e['file']}: exit {r.returncode}: {r.stderr[-300:]}")
        bad += 1
        continue
    f = json.loads(r.stdout)['files'][0]
    if f['format'] != e['format'] or len(f['traces']) != len(e['traces']):
        print(f"FAIL {e['file']}: format {f['format']} with {len(f['traces'])} traces, "
              f"want {e['format']} with {len(e['traces'])}")
        bad += 1
        continue
    for want, got in zip(e['traces'], f['traces']):
        p = got['channels']['power']
        have = {'device': got['device'], 'domain': got['domain'], 'samples': got['samples'],
                'values': p['values'], 'start': got['start'], 'end': got['end'],
                'mean': p['mean'], 'min': p['min'], 'max': p['max'], 'name': got['name']}
        for k, v in want.items():
            if not close(have[k], v):
                print(f"FAIL {e['file']} trace {want['device']}: {k} = {have[k]!r}, want {v!r}")
                bad += 1
print(f"realfiles: {len(expect)} files, {bad} mismatches")
sys.exit(1 if bad else 0)
PY
[ "$fail" -eq 0 ] && pass=$((pass + 1))
echo "realfiles: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
