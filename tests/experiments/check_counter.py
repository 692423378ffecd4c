#!/usr/bin/env python3
"""Reads benchreport's CSV on stdin and compares each row's trace energy per epoch
(energy_j) with the logs' own counter (log_energy_j, NVML's total energy): exits 0 when
there are ROWS such rows, each within MAX and on average within MEAN (fractions).
usage: check_counter.py ROWS MAX MEAN"""
import csv, sys
rows, most, mean = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
err = [abs(float(r['energy_j']) / float(r['log_energy_j']) - 1)
       for r in csv.DictReader(sys.stdin) if r['log_energy_j'] and r['energy_j']]
print('errors:', ' '.join('%.3f' % e for e in err))
sys.exit(not (len(err) == rows and max(err) < most and sum(err) / len(err) < mean))
