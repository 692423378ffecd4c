#!/usr/bin/env python3
"""A seed-sized experiment for bench/report_bench.sh: 2 devices x 4 models x 5 batch
sizes x 10 epochs, benchtrain-format logs with exact epoch times, and one 1 Hz power
trace per device over the 3 hours the runs take. Constructed (for timing only).
usage: gen_experiment.py DIR"""
import datetime, os, random, sys
out = sys.argv[1]
os.makedirs(out, exist_ok=True)
T0 = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
iso = lambda s: (T0 + datetime.timedelta(seconds=s)).strftime('%Y-%m-%dT%H:%M:%S.%fZ')
random.seed(1)
for dev, speed, watts in (('devA', 1.0, 250), ('devB', 3.0, 90)):
    t, busy = 60.0, []
    for model in ('m1', 'm2', 'm3', 'm4'):
        for batch in (32, 64, 128, 256, 512):
            d = speed * (30 + 400 / batch) * (1 + int(model[1]) / 4)
            with open(f'{out}/{dev}_{model}_train_{batch}.log', 'w') as f:
                f.write(f'# benchtrain 0.1.0 backend=ref device="{dev}" model={model} params=1 '
                        f'batch={batch} dataset=x train=50000 val=0 test=0 start={iso(t)}\n')
                for e in range(10):
                    de = d * random.uniform(0.97, 1.03)
                    f.write(f'epoch {e + 1}/10 start={iso(t)} end={iso(t + de)} duration={de:.6f} '
                            f'steps={50000 // batch} loss=1\n')
                    busy.append((t, t + de))
                    t += de
            t += 20
    with open(f'{out}/{dev}_power.csv', 'w') as f:
        f.write('timestamp,power_W\n')
        k = 0
        for s in range(int(t) + 60):
            while k < len(busy) and busy[k][1] < s:
                k += 1
            on = k < len(busy) and busy[k][0] <= s
            f.write(f'{iso(s)[:-4]}Z,{(watts if on else 40) + random.uniform(-5, 5):.2f}\n')
