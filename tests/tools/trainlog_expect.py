#!/usr/bin/env python3
"""Expected values for tests/test_trainlog.c, computed without benchreport:
Python regular expressions over the raw corpus files, written for this
script alone. usage: trainlog_expect.py ../shared/corpus"""
import json, re, sys
root = sys.argv[1]

def keras(path):
    txt = open(path, encoding='utf-8', errors='replace').read()
    txt = re.sub(r'\x1b\[[0-9;]*m', '', txt)
    durs = [int(m.group(2)) for m in re.finditer(r'^\s*(\d+)/\1 \S+ (?:- )?(\d+)s ', txt, re.M)]
    last = txt.rstrip('\n').split('\n')[-1]
    print(path.split('/')[-1], 'epochs', len(durs), 'sum', sum(durs), 'first', durs[:3],
          'last line', txt.count('\n') + (0 if txt.endswith('\n') else 1), repr(last[:30]))
for f in ('cat-or-dog_keras2-2019_acc-names.txt', 'tf-metal-exp_cifar100_keras2_m1max_interrupted-epoch12.txt',
          'tf-metal-exp_vgg16_keras3_ansi-colors_m4pro.txt'):
    keras(f"{root}/keras/{f}")

txt = open(f"{root}/pytorch/cs4782_resnet110_cifar_mnist-style_tabs_first2000.log").read()
ep = re.findall(r'^====> Epoch (\d+) Average train loss: ([\d.]+)', txt, re.M)
val = re.findall(r'^====> Validation loss: ([\d.]+),\s+acc: ([\d.]+)%', txt, re.M)
print('pytorch epochs', len(ep), 'first', ep[0], val[0], 'last', ep[-1], val[-1])

txt = open(f"{root}/lightning/walk-jump-fork_lightning2_slurm_mig_cr-tqdm.log", errors='replace').read()
ck = re.findall(r"Epoch (\d+), global step \d+: 'val_loss' reached ([\d.]+)", txt)
print('lightning epochs', len(ck), 'first', ck[0], 'last', ck[-1])

txt = open(f"{root}/hf/hf-trainer_bert_mps_tf4.35_tqdm-residue.txt", errors='replace').read()
rt = re.findall(r"\{'train_runtime': ([\d.]+),.*'epoch': ([\d.]+)\}", txt)
print('hf runtimes', rt, [float(r) / float(e) for r, e in rt])

for f in ('v4.0_dell_xe8640_4xH100_resnet_result_0.txt', 'v4.0_smc_8xH100_resnet_result_1.txt'):
    starts, stops = {}, {}
    for line in open(f"{root}/mllog/{f}", errors='replace'):
        i = line.find(':::MLLOG ')
        if i < 0 or (i > 0 and line[i - 1] == "'"):
            continue
        ev = json.loads(line[i + 9:])
        md = ev['metadata'] if isinstance(ev['metadata'], dict) else {}
        if ev['key'] == 'epoch_start': starts[md['epoch_num']] = ev['time_ms']
        if ev['key'] == 'epoch_stop': stops[md['epoch_num']] = ev['time_ms']
    d = [(stops[k] - starts[k]) / 1000 for k in sorted(stops)]
    print(f, 'epochs', len(d), 'first', d[:2], 'sum', round(sum(d), 3))
p = []
for line in open(f"{root}/mllog/v4.0_smc-dc-power_8xH100_resnet_power_node_0.txt"):
    i = line.find(':::MLLOG ')
    if i >= 0:
        ev = json.loads(line[i + 9:])
        if ev['key'] == 'power_reading': p.append(float(ev['value']))
print('power', len(p), sum(p) / len(p), min(p), max(p))
blocks = re.findall(r'^:::MLL ([\d.]+) block_start: .*"first_epoch_num": (\d+), "epoch_count": (\d+)',
                    open(f"{root}/mllog/v0.6_google_tpuv3-128_resnet_result_0_MLL-format.txt").read(), re.M)
stops = dict((int(b), float(t)) for t, b in re.findall(r'^:::MLL ([\d.]+) block_stop: .*"first_epoch_num": (\d+)',
             open(f"{root}/mllog/v0.6_google_tpuv3-128_resnet_result_0_MLL-format.txt").read(), re.M))
print('v0.6 blocks', len(blocks), 'epochs', sum(int(c) for _, _, c in blocks),
      'first epoch s', (stops[int(blocks[0][1])] - float(blocks[0][0])) / int(blocks[0][2]))
