#!/usr/bin/env python3
"""Three Keras fit() runs in one log without times (the seeds' repeats), 10 epochs of
5.2 to 5.8 s each printed in whole seconds, and the 1 s nvidia-smi trace they were
recorded with: each run at its own power (250, 300, 350 W, so a wrong match shows),
8 s of start-up at 120 W before each, 30 s idle at 50 W between.
usage: make_seeds_onelog.py DIR SEED"""
import datetime, os, random, sys
out = sys.argv[1]
os.makedirs(out, exist_ok=True)
random.seed(int(sys.argv[2]))
watts = [250, 300, 350]  # each run at its own level, so a wrong match shows
T0 = datetime.datetime(2026, 1, 1, 12, 0, 0)
nvs = lambda s: (T0 + datetime.timedelta(seconds=s)).strftime('%Y/%m/%d %H:%M:%S.%f')[:-3]
t = 20.0; segs = []; L = []; truth = []
for r in range(3):
    segs.append((t, t+8, 120)); t += 8   # start-up
    E = []
    for e in range(10):
        d = random.uniform(5.2, 5.8)
        segs.append((t, t+d, watts[r])); E.append(watts[r]*d); t += d
        L.append(f'Epoch {e+1}/10')
        L.append(f'200/200 [==============================] - {round(d)}s {round(d/200*1000)}ms/step - loss: 0.3')
    truth.append(sorted(E[1:])[4])
    t += 30
end = t
def p(s):
    for a, b, w in segs:
        if a <= s < b: return w
    return 50
lines = ['timestamp, power.draw [W]']
s = 0.0
while s < end + 20:
    lines.append(f'{nvs(s)}, {sum(p(s-1+k/50) for k in range(50))/50 + random.gauss(0,5):.2f} W'); s += 1
open(os.path.join(out, 'h100_power.csv'), 'w').write('\n'.join(lines)+'\n')
open(os.path.join(out, 'h100_mlp_32.log'), 'w').write('\n'.join(L)+'\n')

