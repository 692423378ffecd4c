#!/bin/sh
# tests/experiments/run.sh BENCHREPORT: whole experiments with known truth.
# A two-device experiment (make_twodev.py: ts-prefixed logs with floating times,
# nvidia-smi at 10 Hz floating, powermetrics at 100 ms in UTC, warm-up epochs,
# idle gaps) must give every figure within 1% with --tz UTC, without it (the
# offset estimated), and with the power clocks 37 s ahead (the offset within 0.5 s).
set -u
br=$1
here=$(dirname "$0")
. "$here/../check.sh"

python3 "$here/make_twodev.py" "$tmp/td" 0
python3 "$here/make_twodev.py" "$tmp/skew" 37
report="'$br' --baseline v100 --as json"

check "twodev --tz UTC within 1%" \
    "$report --tz UTC '$tmp/td' | python3 '$here/check.py' '$tmp/td/expect.json'"
check "twodev --tz UTC: every run exact" \
    "$report --tz UTC '$tmp/td' | grep -o '\"alignment\": \"[a-z]*\"' | sort | uniq -c | grep -q ' 16 \"alignment\": \"exact\"'"
check "twodev without --tz within 1%" \
    "$report '$tmp/td' | python3 '$here/check.py' '$tmp/td/expect.json'"
check "twodev without --tz: the Mac's offset is a whole zone, estimated" \
    "'$br' '$tmp/td' --as csv 2>&1 >/dev/null | grep -q 'm2_cnn_32.log:2: warning: the log.s times are local without a zone and the trace.s UTC: clock offset +0.0 s estimated from the trace.s power (+-0.05 s, R2 0.70), a whole time zone'"
check "power clocks 37 s ahead: offset within 0.5 s, figures within 1%" \
    "$report '$tmp/skew' | python3 '$here/check.py' '$tmp/skew/expect.json' --offset"
check "power clocks 37 s ahead, --tz UTC: the same" \
    "$report --tz UTC '$tmp/skew' | python3 '$here/check.py' '$tmp/skew/expect.json' --offset"
# power clocks 61.7 s behind: the logs' last run (v100 cnn/128, epochs 09:03:14 to 09:03:45)
# lies wholly past the trace's end (09:03:04), which holds its burst 61.7 s earlier. It joins
# the clock check of the runs that overlap the trace (left out, they fit their own bursts
# with R2 0.17, its burst among the rest, and stayed "exact": mlp/128 529 J for 446), and is
# moved with them.
python3 "$here/make_twodev.py" "$tmp/behind62" -61.7
check "power clocks 61.7 s behind, --tz UTC: every run moved, figures within 1%" \
    "$report --tz UTC '$tmp/behind62' | python3 '$here/check.py' '$tmp/behind62/expect.json' --offset"
check "--clock-offset overrides the estimate" \
    "'$br' '$tmp/skew' --clock-offset v100=37 --clock-offset m2=37 --tz UTC --as csv 2>/dev/null | grep -c ',exact,' | grep -qx 8"

# Two runs overlapping both traces of their folder, one trace labelled (by the
# manifest) with the other run's device: each run gets the trace that is not
# another device's (alpha's trace is 100 W, beta's 300 W).
cp -r "$here/../../fixtures/experiments/manifest-rows" "$tmp/owned"
sed -i '$d' "$tmp/owned/benchreport.csv"
check "a trace labelled with another run's device is not lent" \
    "'$br' '$tmp/owned' --as csv 2>/dev/null | grep -q '^h100,mlp,32,1,6,5,5,5,640,300,1500,'"

# A timed log with a trace that has no times: the whole trace stands for it
mkdir "$tmp/notime"
cp "$here/../../fixtures/experiments/flat/alpha_mlp_train_32.log" "$tmp/notime/"
printf 'power.draw [W]\n100 W\n100 W\n100 W\n100 W\n' >"$tmp/notime/alpha_mlp_power_32.csv"
check "a trace without times: whole mode, not silence" \
    "'$br' '$tmp/notime' --as csv 2>/dev/null | grep -q '^alpha,mlp,32,1,6,10,10,10,320,100,1000,1,1,1,whole,ok,'"

# --start with a floating time: --tz places it as it places the traces
mkdir "$tmp/anchor"
cut -d' ' -f2- "$tmp/td/v100/v100_mlp_32.log" >"$tmp/anchor/v100_mlp_32.log"
cp "$tmp/td/v100/nvidia-smi.csv" "$tmp/anchor/"
first=$(grep -m1 'Train Epoch: 1 ' "$tmp/td/v100/v100_mlp_32.log" | cut -d' ' -f1)
check "--start FILE=floating time, with --tz UTC: anchored" \
    "'$br' '$tmp/anchor' --tz UTC --start 'v100_mlp_32.log=$first' --as csv 2>/dev/null | grep -q '^v100,mlp,32,1,4,.*,anchored,ok,'"
check "--start FILE=floating time, without --tz: anchored" \
    "'$br' '$tmp/anchor' --start 'v100_mlp_32.log=$first' --as csv 2>/dev/null | grep -q '^v100,mlp,32,1,4,.*,anchored,ok,'"

# A directory mixing unrelated experiments (real files: MLPerf logs of 2019 and 2024
# beside the 2024 power log of one of them, Keras and PyTorch logs of other people,
# an unrelated nvidia-smi trace, a benchtrain run with its own trace and an untimed
# PyTorch run): only the two runs that belong to a trace get one; every other run
# says why it has no power.
corpus="$here/../../../shared/corpus"
mkdir "$tmp/mixed"
cp "$corpus/mllog/v4.0_smc-dc-power_8xH100_resnet_power_node_0.txt" \
   "$corpus/mllog/v4.0_smc_8xH100_resnet_result_1.txt" \
   "$corpus/mllog/v4.0_dell_xe8640_4xH100_resnet_result_0.txt" \
   "$corpus/mllog/v0.6_google_tpuv3-128_resnet_result_0_MLL-format.txt" \
   "$corpus/keras/cat-or-dog_keras2-2019_acc-names.txt" \
   "$corpus/pytorch/cs4782_resnet110_cifar_mnist-style_tabs_first2000.log" \
   "$corpus/nvsmi/flame_power-only_lms50.csv" \
   "$here/../../examples/h100-benchtrain/h100_mlp_train_32.log" \
   "$here/../../examples/h100-benchtrain/h100_mlp_power_32.csv" \
   "$here/../../examples/h100-fmnist-untimed/h100_cnn_128.log" "$tmp/mixed/"
"$br" "$tmp/mixed" --as json >"$tmp/mixed.json" 2>/dev/null
cat >"$tmp/mixed.py" <<'PY'
import json, sys
runs = {r["path"].rsplit("/", 1)[1]: r for r in json.load(open(sys.argv[1]))["runs"]}
own = {"h100_mlp_train_32.log": "h100_mlp_power_32.csv",
       "v4.0_smc_8xH100_resnet_result_1.txt": "v4.0_smc-dc-power_8xH100_resnet_power_node_0.txt"}
bad = [n for n, r in runs.items()
       if (r["trace"] or "").rsplit("/", 1)[-1] != own.get(n, "")
       or (n not in own and not r["no_power"]) or (n in own and r["no_power"])]
print(*bad)
sys.exit(1 if bad or len(runs) != 7 else 0)
PY
check "mixed: only the runs that belong to a trace get one" "python3 '$tmp/mixed.py' '$tmp/mixed.json'"
check "mixed: the untimed run does not take a trace that a timed run explains" \
    "grep -q 'no times in the log, and the trace.s activity is all held by the 1 runs placed by their times' '$tmp/mixed.json'"
check "mixed: the 2019 MLPerf run is on no trace's time" \
    "grep -q 'v0.6_google_tpuv3-128_resnet_result_0_MLL-format.txt\", \"line\": 1, .*\"no_power\": \"its log.s clock and the trace.s differ, and no offset puts its epochs inside the trace\"' '$tmp/mixed.json'"
check "mixed: unlabelled runs of different files are not pooled" \
    "'$br' '$tmp/mixed' --as csv 2>/dev/null | grep -c '^mixed,' | grep -qx 2"

# A run with no epochs (MLPerf's blocks counted in samples) beside a power trace gets no
# power, and its warning in the summary says why, in one line.
mkdir "$tmp/noepochs"
cp "$here/../../realfiles/mllog/hpc-mlperf-benchmarks_llama2-70b-lora_4xh200_run-1_blocks-in-samples.log" \
   "$here/../../examples/h100-benchtrain/h100_mlp_power_32.csv" "$tmp/noepochs/"
check "a run without epochs beside a trace says why it has no power" \
    "'$br' '$tmp/noepochs' --as text 2>/dev/null | grep -A1 'blocks-in-samples.log:430  none, 0 of 0 epochs used' | grep -qx '    warning: no power: no epochs in its log (only its time to train): no power is put on a run without them'"

# Unlabelled files whose names differ after a decimal point (a learning rate) are two
# workloads: the model is the name less its extension, not what comes before the first dot.
mkdir "$tmp/lr"
cp "$corpus/keras/cat-or-dog_keras2-2019_acc-names.txt" "$tmp/lr/log_lr_0.010.txt"
cp "$corpus/keras/cat-or-dog_keras2-2019_acc-names.txt" "$tmp/lr/log_lr_0.040.log.txt"
check "unlabelled files named by a number with a decimal point are not pooled" \
    "'$br' '$tmp/lr' --as csv 2>/dev/null | cut -d, -f1-4 | grep -qx 'lr,log_lr_0.010,?,1' &&
     '$br' '$tmp/lr' --as csv 2>/dev/null | cut -d, -f1-4 | grep -qx 'lr,log_lr_0.040,?,1'"

# A Keras log without times (whole seconds: 30 epochs of 11.4 s print "11s") on an
# nvidia-smi trace: its epochs are laid 3.8% longer to fill the activity, so the
# energy per epoch is the true 250 W x 11.4 s, not 250 W x 11 s; epochs of 10.6 s
# (also "11s") lie on a span shorter than 30 x 11 s, which their rounding allows.
cat >"$tmp/rounded.py" <<'PY'
import json, sys
row, want = json.load(open(sys.argv[1]))["rows"][0], json.load(open(sys.argv[2]))
e = row["energy"]
ok = abs(e["value"] - want["energy_j"]) <= 0.01 * want["energy_j"] and \
     e["lo"] <= want["energy_j"] <= e["hi"] and row["alignment"] == "inferred"
print(row["energy"], want)
sys.exit(0 if ok else 1)
PY
for true_s in 11.4 10.6; do
    python3 "$here/make_keras_rounded.py" "$tmp/rounded-$true_s" "$true_s" 0.02
    "$br" "$tmp/rounded-$true_s" --as json >"$tmp/rounded-$true_s.json" 2>/dev/null
    check "Keras whole seconds, true epochs of $true_s s: energy within 1%, inside its interval" \
        "python3 '$tmp/rounded.py' '$tmp/rounded-$true_s.json' '$tmp/rounded-$true_s/truth.json'"
done
check "Keras whole seconds: the stretch is said" \
    "'$br' '$tmp/rounded-11.4' 2>&1 | grep -q 'laid 3.8% longer to fill the trace.s active span (342.5 s), as their rounding allows'"

# A log without times whose epoch times leave out an evaluation after each epoch:
# laid end to end, its epochs would drift over the evaluations (2352 J for the true
# 2500 J); the trace's power repeats with each epoch, so they are laid 3 s apart.
# Start-up before the epochs instead keeps them end to end; evaluations at idle power
# split the activity into one span per epoch, which hold the epochs one each; a data
# loader idling 2 s as each epoch opens leaves the one span 2 s shorter than the run.
cat >"$tmp/evalcheck.py" <<'PY'
import csv, json, sys
row = list(csv.DictReader(open(sys.argv[1])))[0]
want = json.load(open(sys.argv[2]))["energy_j"]
print(row["energy_j"], want)
sys.exit(0 if row["alignment"] == "inferred" and abs(float(row["energy_j"]) / want - 1) <= 0.01 else 1)
PY
for mode in eval startup evalidle loader evalnear; do
    python3 "$here/make_untimed_eval.py" "$tmp/ue-$mode" "$mode"
    "$br" "$tmp/ue-$mode/rtx3090_resnet_128.log" "$tmp/ue-$mode/nvidia-smi.csv" --as csv \
        >"$tmp/ue-$mode.csv" 2>"$tmp/ue-$mode.err"
done
check "untimed, an evaluation after each epoch: laid apart, energy within 1%" \
    "python3 '$tmp/evalcheck.py' '$tmp/ue-eval.csv' '$tmp/ue-eval/truth.json' && grep -q 'its power repeats with each epoch: 3.0 s after each' '$tmp/ue-eval.err'"
check "untimed, start-up before the epochs: end to end, energy within 1%" \
    "python3 '$tmp/evalcheck.py' '$tmp/ue-startup.csv' '$tmp/ue-startup/truth.json' && ! grep -q 'repeats' '$tmp/ue-startup.err'"
check "untimed, evaluations at idle power: one epoch per span, energy within 1%" \
    "python3 '$tmp/evalcheck.py' '$tmp/ue-evalidle.csv' '$tmp/ue-evalidle/truth.json' && grep -q 'its 20 epochs matched one each to 20 active spans of the trace in a row' '$tmp/ue-evalidle.err'"
check "untimed, 2 s of idle data loading opening each epoch: energy within 1%" \
    "python3 '$tmp/evalcheck.py' '$tmp/ue-loader.csv' '$tmp/ue-loader/truth.json'"
"$br" "$tmp/ue-evalnear/rtx3090_resnet_128.log" "$tmp/ue-evalnear/nvidia-smi.csv" --as json \
    >"$tmp/ue-evalnear.json" 2>/dev/null
check "untimed, an evaluation at near the epochs' power: the interval covers both layouts" \
    "python3 -c 'import json,sys; e=json.load(open(sys.argv[1]))[\"rows\"][0][\"energy\"]; sys.exit(not (e[\"lo\"] <= 2500 <= e[\"hi\"] and e[\"value\"] < 2480))' '$tmp/ue-evalnear.json' && grep -q 'laid end to end rather than apart, their energy differs by 1.7%, which its interval covers' '$tmp/ue-evalnear.err'"

# benchreport examples/: every run on the trace of its own session, and each
# session's rows the same as when its directory is reported alone.
ex="$here/../../examples"
"$br" "$ex" --as json >"$tmp/all.json" 2>/dev/null
for s in "$ex"/*/; do
    s=${s%/}
    "$br" "$s" --as json >"$tmp/$(basename "$s").json" 2>/dev/null
done
cat >"$tmp/sessions.py" <<'PY'
import json, os, sys
tmp, ex = sys.argv[1], sys.argv[2]
every = json.load(open(f"{tmp}/all.json"))
keys = ("device", "model", "batch", "runs", "epochs_used", "epoch_s", "epoch_s_lo",
        "epoch_s_hi", "power_w", "energy_j", "alignment", "status", "energy_source")
bad = []
for run in every["runs"]:
    session = os.path.relpath(run["path"], ex).split("/")[0]
    if run["trace"] and os.path.relpath(run["trace"], ex).split("/")[0] != session:
        bad.append(f"{run['path']} on {run['trace']}")
for name in sorted(os.listdir(ex)):
    if not os.path.exists(f"{tmp}/{name}.json") or not os.path.getsize(f"{tmp}/{name}.json"):
        continue
    alone = [tuple(r[k] for k in keys) for r in json.load(open(f"{tmp}/{name}.json"))["rows"]]
    within = [tuple(r[k] for k in keys) for r in every["rows"]
              if os.path.relpath(r["session"], ex).split("/")[0] == name]
    if sorted(alone, key=str) != sorted(within, key=str):
        bad.append(f"session {name}: {alone} against {within}")
print("\n".join(bad))
sys.exit(1 if bad else 0)
PY
check "examples/: each run on its own session's trace, each session's rows as alone" \
    "python3 '$tmp/sessions.py' '$tmp' '$ex'"

# Logs without times, but with the times tee last wrote them (as a recording
# directory keeps them): the runs whose epochs last 0.7 s or more are placed by
# them and get the energy the .ts.log times give, within 2%. The file times fit
# the trace's clock best at +0.27 s, and within 2% of that fit from 0 (where the
# .ts.logs put them) to +0.38 s: ending anywhere there, the energy of cnn/512,
# cnn/1024 and mlp/1024 (0.08-0.21 s epochs) moves by 6-38% from the figure, and
# they get none; mlp/512's by 2.3%, and it keeps its figure (within 3%).
cp -r "$ex/h100-fmnist-untimed" "$tmp/untimed"
for f in "$ex"/h100-fmnist/h100_*.ts.log; do
    b=$(basename "$f" .ts.log)
    [ -f "$tmp/untimed/$b.log" ] && touch -d "$(tail -1 "$f" | cut -d' ' -f1)" "$tmp/untimed/$b.log"
done
"$br" "$tmp/untimed" --as csv >"$tmp/untimed.csv" 2>"$tmp/untimed.err"
"$br" --tz UTC "$ex"/h100-fmnist/h100_*.ts.log "$ex/h100-fmnist/power-100ms.csv" --as csv \
    >"$tmp/timed.csv" 2>/dev/null
cat >"$tmp/untimed.py" <<'PY'
import csv, sys
rows = lambda p: {(r["model"], r["batch"]): r for r in csv.DictReader(open(p))}
got, want = rows(sys.argv[1]), rows(sys.argv[2])
long = (("mlp", "32"), ("mlp", "128"), ("cnn", "32"), ("cnn", "128"))
none = (("cnn", "512"), ("cnn", "1024"), ("mlp", "1024"))
bad = [k for k, r in got.items() if r["alignment"] != ("none" if k in none else "inferred")]
bad += [k for k in long if abs(float(got[k]["energy_j"]) / float(want[k]["energy_j"]) - 1) > 0.02]
bad += [k for k in (("mlp", "512"),)
        if abs(float(got[k]["energy_j"]) / float(want[k]["energy_j"]) - 1) > 0.03]
print(bad)
sys.exit(1 if bad or len(got) != 8 else 0)
PY
check "untimed logs placed by their file times: energy within 2% of the timed logs', short epochs none" \
    "python3 '$tmp/untimed.py' '$tmp/untimed.csv' '$tmp/timed.csv'"
check "untimed logs: says the file times placed them" \
    "grep -q 'h100_cnn_32.log:2: warning: no times in the log: matched to the trace.s activity by when each log was last written (file times +0.3 s from the trace.s clock)' '$tmp/untimed.err'"
check "untimed logs: 0.1 s epochs whose energy the file times cannot settle get none, and why" \
    "grep -q 'h100_cnn_1024.log:2: warning: no power: no times in the log, and the trace.s clock fits the file times from 0.27 s earlier to 0.11 s later about as well: ending anywhere between, its energy moves by up to 37.5%' '$tmp/untimed.err'"
touch -d '2026-11-22 12:00:00' "$tmp"/untimed/*.log
check "untimed logs with one file time: runs of like length are refused" \
    "'$br' '$tmp/untimed' --as csv 2>/dev/null | grep -c ',none,' | grep -qx 6"

# --alias maps a hardware string, as the log prints it, to the device's name
check "--alias HARDWARE=DEVICE names the device" \
    "'$br' '$ex/pocl-cifar' --alias 'pthread-skylake-avx512-Intel(R) Xeon(R) Processor @ 2.50GHz=xeon' --as csv 2>/dev/null | grep -q '^xeon,cifar0,' && '$br' '$tmp/mixed' --alias '8xSUBMISSION_PLATFORM_PLACEHOLDER=smc' --as csv 2>/dev/null | grep -q '^smc,resnet,3200,'"

# behind DIR SECONDS: the real H100 session's timed logs with every line time moved SECONDS
# later (their clock behind the trace's), beside its 100 ms trace
behind() {
    mkdir "$1"
    cp "$ex/h100-fmnist/power-100ms.csv" "$1/"
    for f in "$ex"/h100-fmnist/h100_*.ts.log; do
        python3 -c 'import sys, datetime as d
for l in open(sys.argv[1]):
    t, sep, rest = l.partition(" ")
    t = d.datetime.strptime(t, "%Y-%m-%dT%H:%M:%S.%fZ") + d.timedelta(seconds=float(sys.argv[2]))
    sys.stdout.write(t.strftime("%Y-%m-%dT%H:%M:%S.%fZ") + sep + rest)' "$f" "$2" >"$1/$(basename "$f")"
    done
}

# The same timed logs on a clock 37.3 s behind the trace's (no time zone): the offset
# is estimated (-37.3 s, +-0.1 s); placed anywhere in that range every run's energy stays
# within 3% of its figure, and each gets the energy of the logs' own times within 3%,
# inside its interval.
behind "$tmp/behind" 37.3
"$br" "$tmp/behind" --as csv >"$tmp/behind.csv" 2>"$tmp/behind.err"
cat >"$tmp/behind.py" <<'PY'
import csv, sys
rows = lambda p: {(r["model"], r["batch"]): r for r in csv.DictReader(open(p))}
got, want = rows(sys.argv[1]), rows(sys.argv[2])
bad = [k for k, r in got.items() if r["alignment"] != "estimated"]
bad += [k for k in got if abs(float(got[k]["energy_j"]) / float(want[k]["energy_j"]) - 1) > 0.03]
print(bad)
sys.exit(1 if bad or len(got) != 8 else 0)
PY
check "timed logs on a clock 37.3 s behind: the energy of their own times, short epochs none" \
    "python3 '$tmp/behind.py' '$tmp/behind.csv' '$tmp/timed.csv'"
check "timed logs on a clock 37.3 s behind: each short-epoch figure's interval holds the logs' own" \
    "'$br' '$tmp/behind' --as json 2>/dev/null | python3 -c 'import csv, json, sys; w = {(r[\"model\"], r[\"batch\"]): float(r[\"energy_j\"]) for r in csv.DictReader(open(sys.argv[1]))}; e = {(r[\"model\"], r[\"batch\"]): r[\"energy\"] for r in json.load(sys.stdin)[\"rows\"]}; sys.exit(not all(e[k][\"lo\"] <= w[k] <= e[k][\"hi\"] for k in ((\"cnn\", \"512\"), (\"cnn\", \"1024\"), (\"mlp\", \"512\"), (\"mlp\", \"1024\"))))' '$tmp/timed.csv'"

# The same, 30.0 s behind: R2 dips at every 0.1 s sample, and the offsets that fit within
# 2% of the best reach across the dips (-29.61 to -29.51 s when the first dip ended them);
# every figure given holds the logs' own in its interval (mlp/1024: 10.59 [9.74, 11.46]
# for 11.58 before)
behind "$tmp/behind30" 30.0
check "timed logs on a clock 30.0 s behind: every figure given holds the logs' own in its interval" \
    "'$br' '$tmp/behind30' --as json 2>/dev/null | python3 -c 'import csv, json, sys; w = {(r[\"model\"], r[\"batch\"]): float(r[\"energy_j\"]) for r in csv.DictReader(open(sys.argv[1]))}; e = [(k, r[\"energy\"]) for r in json.load(sys.stdin)[\"rows\"] for k in [(r[\"model\"], r[\"batch\"])] if r[\"energy\"][\"value\"] is not None]; sys.exit(not (len(e) >= 4 and all(x[\"lo\"] <= w[k] <= x[\"hi\"] for k, x in e)))' '$tmp/timed.csv'"

# 1.0 s behind: within a second of a whole zone (0), the zone is taken, but the trace fits
# best 0.96 s from it, beyond the half second real traces fit off their own zone: the
# runs are tested across both: the runs of 0.08-1 s epochs, which move by more than 3%,
# get none (cnn/1024 got 14.6 J for 37 J, the truth outside the interval); every figure
# given is within 2% of the logs' own times
behind "$tmp/behind1" 1.0
check "timed logs 1.0 s off their zone: short epochs none, every figure within 2%" \
    "'$br' '$tmp/behind1' --as csv 2>/dev/null | python3 -c 'import csv, sys; w = {(r[\"model\"], r[\"batch\"]): r for r in csv.DictReader(open(sys.argv[1]))}; g = {(r[\"model\"], r[\"batch\"]): r for r in csv.DictReader(sys.stdin)}; short = [k for k in g if k[1] in (\"512\", \"1024\")]; sys.exit(not (len(g) == 8 and all(g[k][\"energy_j\"] == \"\" for k in short) and all(abs(float(g[k][\"energy_j\"]) / float(w[k][\"energy_j\"]) - 1) <= 0.02 for k in g if g[k][\"energy_j\"]) and g[(\"cnn\", \"32\")][\"energy_j\"]))' '$tmp/timed.csv'"

# The same timed logs 3 s and 20 s behind and 45 s ahead of the trace, both said to be UTC
# (--tz UTC): the runs draw 100-150 W, and a two-level fit of their own bursts explains
# only R2 0.24-0.29 of the trace (0.12, 0.03 and 0.00 where their times put them),
# under the 0.3 that moved runs; every run stayed "exact" on the wrong span (cnn/32 380 J
# for 511). One shift puts each run on a burst of its own: they are moved, and every figure
# given is within 3% of the logs' own times (the four runs of 0.7 s epochs or more get one;
# 45 s ahead, the first of them lies before the trace, and the runs inside are not evidence
# enough to move it there)
for skn in 3:4 20:4 -45:3; do
    sk=${skn%:*}
    behind "$tmp/utc$sk" $sk
    check "timed logs $sk s off a trace both say is UTC: moved, every figure within 3%" \
        "'$br' '$tmp/utc$sk' --tz UTC --as csv 2>/dev/null | python3 -c 'import csv, sys; w = {(r[\"model\"], r[\"batch\"]): r for r in csv.DictReader(open(sys.argv[1]))}; g = [((r[\"model\"], r[\"batch\"]), r) for r in csv.DictReader(sys.stdin) if r[\"energy_j\"]]; sys.exit(not (len(g) >= ${skn#*:} and all(r[\"alignment\"] == \"estimated\" and abs(float(r[\"energy_j\"]) / float(w[k][\"energy_j\"]) - 1) <= 0.03 for k, r in g)))' '$tmp/timed.csv'"
done

# Runs with right clocks that a better fit elsewhere must not move: two logs of the session
# without the others, whose bursts the pair fits better, but not by half, each run on its own
# burst at its own times (cnn/32 and cnn/128, moved 90.2 s, R2 0.37 against 0.25: cnn/128
# 135 J for 158), or fits about as weakly 90 s away (mlp/1024 was moved 92.6 s, R2 0.20
# against 0.02: 30.5 J for 11.58; cnn/512 26.8 J for 47.4). The last two kept their times
# for a while; but a meter 22 s ahead of a session without two of its logs looks the same
# (each run on a burst of its own at 0 and at +22.1 s, R2 0.27 against 0.00) and stayed
# "exact" on the next run's burst (cnn/512 29.6 J for 47.4): where the fit is that much
# better elsewhere, each run whose figure differs there gets no power, and says why
for pair in cnn_512,cnn_32 cnn_32,cnn_128; do
    mkdir "$tmp/pair-$pair"
    cp "$ex/h100-fmnist/power-100ms.csv" "$tmp/pair-$pair/"
    for r in $(echo $pair | tr , ' '); do cp "$ex/h100-fmnist/h100_$r.ts.log" "$tmp/pair-$pair/"; done
    check "two logs of a session ($pair), right clocks: not moved, within 5% of the session's" \
        "'$br' '$tmp/pair-$pair' --tz UTC --as json 2>/dev/null | python3 '$here/within.py' '$tmp/timed.csv' --min 2 && [ \$('$br' '$tmp/pair-$pair' --tz UTC --as csv 2>/dev/null | grep -c ',exact,') -eq 2 ]"
done
mkdir "$tmp/pair-mlp"
cp "$ex/h100-fmnist/power-100ms.csv" "$ex/h100-fmnist/h100_mlp_1024.ts.log" "$ex/h100-fmnist/h100_mlp_512.ts.log" "$tmp/pair-mlp/"
check "two logs of a session (mlp_1024,mlp_512), right clocks, fit 92.6 s away: no power, and why" \
    "'$br' '$tmp/pair-mlp' --tz UTC --as csv 2>&1 >/dev/null | grep -c 'no power: at their own times each run lies on a burst of its own, and so it does 92.6 s later, where the trace.s power fits them better (R2 0.20 against 0.02); there this run.s energy differs by [0-9]*%: it cannot tell whether the clocks differ; --clock-offset sets it\$' | grep -qx 2"
mkdir "$tmp/ahead22"
cp "$ex/h100-fmnist/power-100ms.csv" "$tmp/ahead22/"
for f in "$ex"/h100-fmnist/h100_*.ts.log; do
    case $f in *mlp_32.ts.log|*mlp_128.ts.log) continue ;; esac
    python3 -c 'import sys, datetime as d
for l in open(sys.argv[1]):
    t, sep, rest = l.partition(" ")
    t = d.datetime.strptime(t, "%Y-%m-%dT%H:%M:%S.%fZ") - d.timedelta(seconds=22)
    sys.stdout.write(t.strftime("%Y-%m-%dT%H:%M:%S.%fZ") + sep + rest)' "$f" >"$tmp/ahead22/$(basename "$f")"
done
check "a meter 22 s ahead, two logs left out: no figure more than 5% off, and why" \
    "'$br' '$tmp/ahead22' --tz UTC --as json 2>/dev/null | python3 '$here/within.py' '$tmp/timed.csv' --min 0 && '$br' '$tmp/ahead22' --tz UTC --as csv 2>&1 >/dev/null | grep -c 'no power: at their own times each run lies on a burst of its own, and so it does 22.1 s later, where the trace.s power fits them better (R2 0.27 against 0.00)' | grep -qx 6"

# The same timed logs 50 s behind a trace both say is UTC, without mlp/32 and mlp/128:
# the six runs fit 49.7 s earlier with R2 0.20 (too weakly to move them) and 0.00 at their
# own times, where they lie on others' bursts and on idle; they stayed "exact" (cnn/32
# 410 J for 511, cnn/128 81 J for 158). Now the runs inside the trace get no energy, and
# say why; cnn/1024, past its end, no trace
behind "$tmp/unseen" 50
rm "$tmp"/unseen/h100_mlp_32.ts.log "$tmp"/unseen/h100_mlp_128.ts.log
check "logs 50 s behind without two of the session's runs: no energy, the reason said" \
    "'$br' '$tmp/unseen' --tz UTC --as csv 2>/dev/null | python3 -c 'import csv, sys; g = list(csv.DictReader(sys.stdin)); sys.exit(not (len(g) == 6 and all(r[\"energy_j\"] == \"\" for r in g)))' && '$br' '$tmp/unseen' --tz UTC --as csv 2>&1 >/dev/null | grep -c \"no power: the trace's power does not show these runs at their own times (R2 0.00) and fits them better 49.7 s earlier (R2 0.20), too weakly to move them: the clocks may differ; --clock-offset sets it\" | grep -qx 5"

# The same timed logs on a meter 111 s ahead, without cnn/1024: the three runs inside the
# trace fit 20.9 s later best (R2 0.32), each on another's burst, and moved there (cnn/128
# 135 J for 158); with the four before the trace, all fit 111.3 s later, R2 0.25 against
# 0.15 at 20.9 s: all move there, and every figure given is within 5% of the logs' own
behind "$tmp/ahead111" -111
rm "$tmp/ahead111/h100_cnn_1024.ts.log"
check "a meter 111 s ahead, runs before the trace: all moved together, within 5%" \
    "'$br' '$tmp/ahead111' --tz UTC --as json 2>/dev/null | python3 '$here/within.py' '$tmp/timed.csv' --min 4 && '$br' '$tmp/ahead111' --tz UTC --as csv 2>&1 >/dev/null | grep -c 'clock is 111.3 s ahead of the log.s (estimated from its power, +-[0-9.]* s, R2 0.25 with the runs outside it, against 0.15 where the runs inside it fit best, +20.9 s)' | grep -qx 7"

# The real H100 record folders as one session: every run's log beside one trace (the
# folders' traces end to end), on a meter 3 s ahead, without cnn/128's log. The trace fits
# +3.1 s best (R2 0.21, too weakly to move them) against 0.04 at their own times, and the
# runs stayed "exact" there, on the start of their bursts: cnn/1024 17.3 J [15.5, 18.3]
# for 42.9, mlp/512 18.5 for 20.5. The runs whose figure moves by more than 3% between
# their times and there get no power, and say why; the others keep theirs, within 3% of
# the folders' own (cnn/1024 42.9 J, mlp/32 325, mlp-lightning/128 250.3, mlp/512 20.5)
mkdir "$tmp/rec3"
for d in "$ex"/h100-record/h100_*; do
    tail -n +2 "$d/power.csv"
    n=$(basename "$d")
    [ "$n" = h100_cnn_128 ] || python3 -c 'import re, sys, datetime as d
f = "%Y-%m-%dT%H:%M:%S.%fZ"
sys.stdout.write(re.sub(r"\d{4}-\d\d-\d\dT[\d:.]+Z", lambda m: (d.datetime.strptime(m.group(0), f) - d.timedelta(seconds=3)).strftime(f), open(sys.argv[1], newline="").read()))' "$d/train.log" >"$tmp/rec3/$n.log"
done | sort >"$tmp/rec3.rows"
{ head -1 "$ex/h100-record/h100_cnn_128/power.csv"; cat "$tmp/rec3.rows"; } >"$tmp/rec3/power.csv"
"$br" "$tmp/rec3" --tz UTC --as csv >"$tmp/rec3.csv" 2>"$tmp/rec3.err"
check "record folders as one session, a meter 3 s ahead, one log left out: figures within 3% or none" \
    "python3 -c 'import csv, sys; g = {(r[\"model\"], r[\"batch\"]): r[\"energy_j\"] for r in csv.DictReader(open(sys.argv[1]))}; w = {(\"cnn\", \"1024\"): 42.9, (\"mlp\", \"32\"): 325, (\"mlp-lightning\", \"128\"): 250.3, (\"mlp\", \"512\"): 20.5}; sys.exit(not (g[(\"cnn\", \"1024\")] == \"\" and g[(\"mlp\", \"32\")] and all(abs(float(g[k]) / v - 1) <= 0.03 for k, v in w.items() if g[k])))' '$tmp/rec3.csv'"
check "record folders as one session, a meter 3 s ahead: the reason said" \
    "grep -q 'h100_cnn_1024.log:2: warning: no power: the trace.s power fits these runs better 3.1 s later (R2 0.21 against 0.04 at their own times), not well enough to move them; between their times and there, this run.s energy moves by up to 135.1%: the clocks may differ; --clock-offset sets it\$' '$tmp/rec3.err'"

# The H100 session with 130 s of idle after each run, its trace stopped at cnn/1024's start,
# the logs 2 s later than the trace's clock: the long idle explains most of the trace at any
# offset near 0, and the runs fit -1.8 s best with R2 0.48 against 0.42 at their times (0
# outside the offsets it cannot tell from -1.8, -2.04 to -1.42 s): they stayed "exact" (cnn/512
# 27.6 J for 47.4, cnn/128 147 for 158). The runs that move more than 3% get no power; the
# others are within 2% of the logs' own times (cnn/32, mlp/32 and mlp/128)
python3 "$here/make_idle_session.py" "$ex/h100-fmnist" "$tmp/idle2" 130 7 2
check "idle between runs, logs 2 s late: figures within 2% or none, cnn/512 none, three given" \
    "'$br' '$tmp/idle2' --tz UTC --as json 2>/dev/null | python3 '$here/within.py' '$tmp/timed.csv' --min 3 --tol 0.02 && '$br' '$tmp/idle2' --tz UTC --as csv 2>/dev/null | grep -q '^h100,cnn,512,1,4,[0-9.,]*,,,1,,,none,'"
check "idle between runs, logs 2 s late: the reason said" \
    "'$br' '$tmp/idle2' --tz UTC --as csv 2>&1 >/dev/null | grep -c 'no power: the trace.s power fits these runs better 1.8 s earlier (R2 0.48 against 0.42 at their own times), not well enough to move them; between their times and there, this run.s energy moves by up to [0-9.]*%: the clocks may differ; --clock-offset sets it\$' | grep -qx 4"

# crop FROM TO TRACE OUT: the trace's rows between two times of day (HH:MM:SS), header kept
crop() {
    awk -F, -v a="$1" -v b="$2" 'NR == 1 { print; next } { split($1, t, " "); if (t[2] >= a && t[2] <= b) print }' "$3" >"$4"
}

# The H100 session's trace stopped at 11:19:33.9, in cnn/128's third epoch: of its four used
# epochs only the second has energy. Its figure is that epoch's alone, with no interval:
# the rounding of one epoch's bounds gave 149.885 J [149.808, 149.962], as if that precise,
# for the run's 158 (the epochs' spread is not known from one)
mkdir "$tmp/stop2"
cp "$ex"/h100-fmnist/h100_*.ts.log "$tmp/stop2/"
crop 00:00:00 11:19:33.9 "$ex/h100-fmnist/power-100ms.csv" "$tmp/stop2/power-100ms.csv"
check "a trace that stopped in a run's third epoch: one epoch's energy, no interval" \
    "'$br' '$tmp/stop2' --tz UTC --as json 2>/dev/null | python3 -c 'import json, sys; r = [r for r in json.load(sys.stdin)[\"rows\"] if (r[\"model\"], r[\"batch\"]) == (\"cnn\", \"128\")][0]; e = r[\"energy\"]; sys.exit(not (r[\"epochs_used\"] == 4 and e[\"n\"] == 1 and e[\"value\"] == 149.9 and e[\"lo\"] is None and e[\"hi\"] is None))'"

# The real H200 session with right clocks, its trace stopped at 19:37:55, before the last
# two runs: they lie past its end and get no power; the two runs inside keep their figures
# (with the runs past its end in the fit, all four were moved 77 s onto the wrong bursts:
# cnn/128 126 J for 145.5)
"$br" --tz UTC "$ex"/h200-seeds/h200_*.ts.log "$ex/h200-seeds/power-100ms.csv" --as csv \
    >"$tmp/h200timed.csv" 2>/dev/null
mkdir "$tmp/h200stop"
cp "$ex"/h200-seeds/h200_*.ts.log "$tmp/h200stop/"
crop 00:00:00 19:37:55 "$ex/h200-seeds/power-100ms.csv" "$tmp/h200stop/power-100ms.csv"
check "a trace that stopped before the last runs, right clocks: the runs inside keep their figures" \
    "'$br' '$tmp/h200stop' --tz UTC --as json 2>/dev/null | python3 '$here/within.py' '$tmp/h200timed.csv' --min 2 && '$br' '$tmp/h200stop' --tz UTC --as csv 2>&1 >/dev/null | grep -c 'no power: no power trace overlaps its time' | grep -qx 2"

# seeds DIR SECONDS RUN...: the H200 session's timed logs of the RUNs (cnn_32 ...) with
# every line time moved SECONDS later, beside its 100 ms trace
seeds() {
    d=$1 sk=$2
    shift 2
    mkdir "$d"
    cp "$ex/h200-seeds/power-100ms.csv" "$d/"
    for r in "$@"; do
        python3 -c 'import sys, datetime as d
for l in open(sys.argv[1]):
    t, sep, rest = l.partition(" ")
    t = d.datetime.strptime(t, "%Y-%m-%dT%H:%M:%S.%fZ") + d.timedelta(seconds=float(sys.argv[2]))
    sys.stdout.write(t.strftime("%Y-%m-%dT%H:%M:%S.%fZ") + sep + rest)' "$ex/h200-seeds/h200_$r.ts.log" "$sk" >"$d/h200_$r.ts.log"
    done
}

# The H200 session's logs on a meter 77 s ahead: the two runs inside the trace lie each on
# another's burst and fit 77 s later better (R2 0.53 against 0.36), not twice as well, but
# the two runs before the trace would land there each on a burst of its own: the two are
# moved (kept, cnn/128 read 126 J for 145.5). The logs 50 s late without mlp/32: the runs
# inside fit 88 s earlier best (as at the session's start), and cnn/128, past the trace's
# end, followed them (122 J for 145.5), then was left apart (cnn/32 512 J for 538); all
# four fit 49.6 s earlier with R2 0.56 against 0.08 there, and all move there. Every
# figure given within 5% of the session's own, and two runs, then none, left apart
seeds "$tmp/seeds77" -77 cnn_32 cnn_128 mlp_32 mlp_128
seeds "$tmp/seeds50" 50 cnn_32 cnn_128 mlp_128
for c in seeds77:2 seeds50:0; do
    check "the H200 session's logs ${c%:*}: every figure within 5% of the session's own" \
        "'$br' '$tmp/${c%:*}' --tz UTC --as json 2>/dev/null | python3 '$here/within.py' '$tmp/h200timed.csv' --min 2 && '$br' '$tmp/${c%:*}' --tz UTC --as csv 2>&1 >/dev/null | grep -c 'no power: no power trace overlaps its time' | grep -qx ${c#*:}"
done

# the real H100 session without times (file times all alike, as a checkout leaves
# them): every energy benchreport gives is within 5% of the 100 ms trace's own
# integral over the epochs the timed logs show; runs of like length are refused
for tr in power-1s.csv power-100ms.csv; do
    check "untimed real session, $tr: no energy off by more than 5%" \
        "python3 '$here/../tools/session_truth.py' '$ex/h100-fmnist' '$br' --trace $tr --truth-trace power-100ms.csv --allow-refusals >'$tmp/truth.out' 2>&1 && grep -c ' ok ' '$tmp/truth.out' | grep -qx 2"
done

# the real H200 session recorded the seeds' way (examples/h200-seeds), against NVML's
# energy counter polled beside it. With the file times tee left (rebuilt from the .ts.logs'
# last lines): every run's energy per epoch within 1% of the counter's, on either trace.
# With one file time for all (a checkout): the two MLP runs, whose epochs last 13.4 and
# 13.7 s in all, fit each other's span as well and are refused; the CNN runs within 5%.
for tr in power-1s.csv power-100ms.csv; do
    check "H200 seeds' session, $tr, file times kept: every run within 1% of NVML's counter" \
        "python3 '$here/../tools/session_truth.py' '$ex/h200-seeds' '$br' --trace $tr --mtimes-from-ts --tolerance 0.01 >'$tmp/h200.out' 2>&1 && [ \$(grep -c ' ok ' '$tmp/h200.out') -eq 4 ]"
    check "H200 seeds' session, $tr, one file time: the CNN runs within 5%, the MLP runs refused" \
        "python3 '$here/../tools/session_truth.py' '$ex/h200-seeds' '$br' --trace $tr --allow-refusals >'$tmp/h200.out' 2>&1 && grep -q '^h200_cnn_32 .* ok ' '$tmp/h200.out' && grep -q '^h200_cnn_128 .* ok ' '$tmp/h200.out' && grep -q '^h200_mlp_32 .* refused  none' '$tmp/h200.out' && grep -q '^h200_mlp_128 .* refused  none' '$tmp/h200.out'"
done

# NVML's counter log itself (nvml-energy.csv, polled every 20 ms, moving every 100 ms) as
# the trace: the timed logs pair with it exactly (both UTC), and every run's energy per
# epoch is within 0.5% of the counter read between its steps by nvml_counter.py; the
# untimed logs with their file times, within 1%
check "H200 seeds' session, NVML's counter log as the trace, timed logs: within 0.5%, exact" \
    "python3 '$here/../tools/session_truth.py' '$ex/h200-seeds' '$br' --trace nvml-energy.csv --timed --tolerance 0.005 >'$tmp/h200.out' 2>&1 && [ \$(grep -c ' ok  *exact\$' '$tmp/h200.out') -eq 4 ]"
check "H200 seeds' session, NVML's counter log as the trace, file times: within 1%" \
    "python3 '$here/../tools/session_truth.py' '$ex/h200-seeds' '$br' --trace nvml-energy.csv --mtimes-from-ts --tolerance 0.01 >'$tmp/h200.out' 2>&1 && [ \$(grep -c ' ok ' '$tmp/h200.out') -eq 4 ]"

# one log of that session beside the counter log of the whole session (both UTC): the run
# stays on its own activity, where the truth is (537.4 J), though another run's burst
# 81 s later fits its epochs better (it was moved there: 607 J)
mkdir "$tmp/alone"
cp "$ex/h200-seeds/h200_cnn_32.ts.log" "$ex/h200-seeds/nvml-energy.csv" "$tmp/alone/"
check "one log of a session beside the session's counter log: its own activity, within 0.5%" \
    "python3 '$here/../tools/session_truth.py' '$tmp/alone' '$br' --trace nvml-energy.csv --timed --tolerance 0.005 >'$tmp/alone.out' 2>&1 && grep -q '^h200_cnn_32 .* ok  *exact\$' '$tmp/alone.out'"
check "one log of a session beside the session's counter log: says what fit better" \
    "'$br' '$tmp/alone' --as csv 2>&1 >/dev/null | grep -q 'h200_cnn_32.ts.log:2: warning: the trace.s power fits its epochs better 80.9 s later (R2 0.38 against 0.21 at 0), where another run.s activity lies; at its own times it lies on activity of its own, and the clocks are taken to agree; --clock-offset moves them'"

# the same timed logs beside the session's 1 s trace: runs whose measured epochs last under
# 3 of its samples (0.33-0.84 s) get no power (cnn/1024 got 22.7 J where the 100 ms trace
# gives 37.0); the rest within 2% of the 100 ms figures
"$br" --tz UTC "$ex"/h100-fmnist/h100_*.ts.log "$ex/h100-fmnist/power-1s.csv" --as csv \
    >"$tmp/timed1s.csv" 2>"$tmp/timed1s.err"
check "timed logs on a 1 s trace: runs under 3 samples get none, the rest within 2%" \
    "python3 -c 'import csv, sys; rd = lambda p: {(r[\"model\"], r[\"batch\"]): r[\"energy_j\"] for r in csv.DictReader(open(p))}; g, w = rd(sys.argv[1]), rd(sys.argv[2]); short = [k for k in g if k[1] in (\"512\", \"1024\")]; sys.exit(not (len(g) == 8 and all(g[k] == \"\" for k in short) and all(abs(float(g[k]) / float(w[k]) - 1) <= 0.02 for k in g if k not in short)))' '$tmp/timed1s.csv' '$tmp/timed.csv' && grep -q 'h100_cnn_1024.ts.log:2: warning: no power: the epochs it measures last 0.45 s in all, under 3 of the trace.s samples (1 s apart): the trace cannot show their power' '$tmp/timed1s.err'"

# throughput is the measured epochs' own, whatever their energy's source: the H100
# benchtrain cnn/128 run's two measured epochs (4.071521 s and 4.069227 s, 391 steps of 128),
# 12292.5 and 12299.4 samples/s: 12296 (the second, which the trace does not cover, was left
# out: 12292)
check "throughput over every measured epoch" \
    "'$br' --tz UTC '$ex/h100-benchtrain' --as csv 2>/dev/null | grep -q '^h100-benchtrain,cnn,128,1,2,4.070,[0-9.]*,[0-9.]*,12296,'"

# the session's logs beside its 100 ms trace on a meter 80 s ahead (--tz UTC): at their own
# times each run lies on the one before's burst (R2 0.22), but one shift puts every run on
# its own: moved, cnn/128 and mlp/128 within 1% of NVML's counter (145.7 J, 87.9 J); kept
# there, as a rule for a run alone did for a while, they read 124.9 J and 83.6 J
mkdir "$tmp/ahead80"
cp "$ex"/h200-seeds/*.ts.log "$tmp/ahead80/"
python3 -c 'import sys, datetime as d
lines = open(sys.argv[1]).read().splitlines()
out = [lines[0]]
for l in lines[1:]:
    t, rest = l.split(",", 1)
    t = d.datetime.strptime(t, "%Y/%m/%d %H:%M:%S.%f") + d.timedelta(seconds=80)
    out.append(t.strftime("%Y/%m/%d %H:%M:%S.%f")[:-3] + "," + rest)
open(sys.argv[2], "w").write("\n".join(out) + "\n")' "$ex/h200-seeds/power-100ms.csv" "$tmp/ahead80/power-100ms.csv"
check "a meter 80 s ahead of a session's logs: each run on its own burst" \
    "'$br' --tz UTC '$tmp/ahead80' --as csv 2>/dev/null | python3 -c 'import csv, sys; g = {(r[\"model\"], r[\"batch\"]): r for r in csv.DictReader(sys.stdin)}; sys.exit(not all(g[k][\"alignment\"] == \"estimated\" and abs(float(g[k][\"energy_j\"]) / w - 1) <= 0.01 for k, w in (((\"cnn\", \"128\"), 145.7), ((\"mlp\", \"128\"), 87.9))))'"

# ranges over batch sizes are per session: counted and rounded within it
check "examples/: a range names its session and counts its own batch sizes" \
    "'$br' '$ex' -o - 2>/dev/null | grep -qF '/h100-record] h100 mlp (1 batch size): speedup 0.206 / 0.206 / 0.206, energy 0.285 / 0.285 / 0.285, efficiency 0.059 / 0.059 / 0.059'"

# the host record's meta.json names goes with its runs, to JSON and the report's first page
check "record folders: each run's host from meta.json" \
    "'$br' '$ex/h100-record' --as json 2>/dev/null | python3 -c 'import json,sys; r=json.load(sys.stdin)[\"runs\"]; sys.exit(not (len(r) == 6 and all(x[\"host\"] == \"vm\" for x in r)))'"

# the real H100 benchtrain runs log NVML's energy counter per epoch beside nvidia-smi's
# power.draw at 100 ms (a 1 s average on an H100): read at its window's middle, the
# trace's energy per epoch is within 15% of the counter's in every row (the short epochs
# of mlp/1024 are 0.3 s), 5% on average; read as instantaneous: 0.7%, 3.4% and 15.2%
check "H100 benchtrain: trace energy against NVML's counter" \
    "'$br' --tz UTC '$ex/h100-benchtrain' --as csv 2>/dev/null | python3 '$here/check_counter.py' '$ex/h100-benchtrain' 3 0.15 0.05"

# the real H200 benchtrain logs' own energy (NVML's counter at each end of an epoch, which
# steps every 100 ms there) is left out: 0 J over mlp/1024's 13 ms epochs, and cifar3's
# 1.55 s epochs, where the counter read 3% off; with its trace, the trace's energy stands
h2=$ex/h200-benchtrain
check "H200 benchtrain log alone, 0 J epochs: no energy, and why" \
    "'$br' '$h2/h200_mlp_train_1024.log' --as csv 2>'$tmp/h2.err' | grep -q '^h200-benchtrain,mlp,1024,1,2,[^,]*,[^,]*,[^,]*,[^,]*,,,1,,,none,ok,' && grep -q 'h200_mlp_train_1024.log:1: warning: the log.s energy per epoch is left out: 2 of its epochs read 0 J, from a counter (NVML.s moves every 100 ms) that did not move' '$tmp/h2.err'"
check "H200 benchtrain log alone, 1.55 s epochs: no energy, and why" \
    "'$br' '$h2/h200_cifar3_train_128.log' --as csv 2>'$tmp/h2.err' | grep -q '^h200-benchtrain,cifar3,128,1,2,1.556,1.466,1.647,[0-9]*,,,1,,,none,ok,' && grep -q 'h200_cifar3_train_128.log:1: warning: the log.s energy per epoch is left out: 2 of its epochs are shorter than 5 s, where a counter read at each end (NVML.s moves every 100 ms) can be off by more than 2%' '$tmp/h2.err'"
check "H200 benchtrain log with its trace: the trace's energy, 672 J" \
    "'$br' --tz UTC '$h2/h200_cifar3_train_128.log' '$h2/h200_cifar3_power_128.csv' --as csv 2>/dev/null | grep -q '^h200-benchtrain,cifar3,128,1,2,1.556,1.466,1.647,[0-9]*,432.04,672,1,1,1,exact,ok,'"

# a mean power a log prints per epoch is no counter read at each end: kept under 5 s
# (epochs 2-5 at 252..255 W for 2.02..2.05 s: 253.5 W, (509.04 + 513.59 + 518.16 + 522.75) / 4
# = 515.885 J)
printf 'epoch %d/5 loss=0.%d power_w=%d.0 time=2.0%ds\n' 1 8 251 1 2 7 252 2 3 6 253 3 4 5 254 4 5 4 255 5 \
    > "$tmp/pw.log"
check "power_w per epoch: no counter, its figures kept" \
    "'$br' '$tmp/pw.log' --as csv 2>/dev/null | grep -q ',1,4,2.035,2.009,2.061,,253.5,516,1,1,1,none,ok,,,,,,,515.9,,log,'"

# the same real benchtrain runs without the labels: UTC logs beside traces in local time
# without a zone, each run with a trace of its own. The runs agree on one time zone (0 h
# here), which pairs each with its trace: 8 of the 12 get the energy --tz UTC gives (cifar0's
# two offsets 0.1 s apart are settled by the zone; mlp/512's and 1024's epochs are too short
# to place; cnn/1024's two measured epochs, 0.27 s, and mlp/128's, 0.09 s, hold under 3 of
# the trace's samples); before, all took one trace and none got power
mkdir -p "$tmp/h2z"
for f in "$h2"/h200_*_train_*.log; do   # as bench/gpu_session.sh names them, which labels nothing
    m=$(basename "$f" .log | cut -d_ -f2) b=$(basename "$f" .log | cut -d_ -f4)
    cp "$f" "$tmp/h2z/bt_${m}_$b.log"
    cp "$h2/h200_${m}_power_$b.csv" "$tmp/h2z/bt_${m}_${b}_power.csv"
done
"$br" "$tmp/h2z" --as csv >"$tmp/h2z.csv" 2>/dev/null
"$br" --tz UTC "$tmp/h2z" --as csv >"$tmp/h2z-utc.csv" 2>/dev/null
check "runs on UTC beside local traces: each on its own trace, as with --tz UTC" \
    "python3 -c 'import csv,sys; rd=lambda p: {(r[\"model\"], r[\"batch\"]): r for r in csv.DictReader(open(p))}; a, b = rd(sys.argv[1]), rd(sys.argv[2]); e = [k for k in a if a[k][\"energy_j\"]]; sys.exit(not (len(e) == 8 and all(a[k][\"energy_j\"] == b[k][\"energy_j\"] and a[k][\"alignment\"] == \"estimated\" for k in e)))' '$tmp/h2z.csv' '$tmp/h2z-utc.csv'"

# a real PyTorch run without times beside its own nvidia-smi trace (100 ms, the H200's 1 s
# average): three 1.2-1.6 s epochs in an 8.6 s active span (its start-up at 121 W, then
# training at 370 W). Where they lie in it the trace cannot show, and it moves their energy
# by far more than 3%: no power (it gave 390 J, where NVML's counter gave 484 J). cnn/32's
# run on its own trace: 507.9 J (counter 515.5 J)
mkdir -p "$tmp/ptc"
cp "$h2/h200_cifar3_pytorch_128.log" "$h2/h200_cifar3_pytorch-power_128.csv" \
   "$h2/h200_cnn_pytorch_32.log" "$h2/h200_cnn_pytorch-power_32.csv" "$tmp/ptc/"
touch -d '2026-11-28 10:00' "$tmp"/ptc/*
"$br" "$tmp/ptc" --as csv >"$tmp/ptc.csv" 2>"$tmp/ptc.err"
check "untimed 1.2 s epochs in an 8.6 s span of a 1 s averaged trace: no power, and why" \
    "grep -q '^h200,cifar3,128,1,2,1.212,1.129,1.296,,,,1,,,none,ok,' '$tmp/ptc.csv' && grep -q 'h200_cifar3_pytorch_128.log:[0-9]*: warning: no power: no times in the log, and the trace cannot show where its epochs (shortest 1.2 s) lie in their active span (8.6 s for 4.0 s): laid anywhere in it, their energy moves by up to [0-9.]*%\$' '$tmp/ptc.err'"
check "untimed 3.8 s epochs on their own trace: 507.9 J (NVML's counter: 515.5 J)" \
    "grep -q '^h200,cnn,32,1,2,3.845,3.774,3.915,,132.1,507.9,1,1,1,whole,ok,' '$tmp/ptc.csv'"

# three runs of one log without times, of like length: the log's order settles which
# active span is whose (each run's epochs at its own 250, 300 and 350 W)
python3 "$here/make_seeds_onelog.py" "$tmp/onelog" 1
check "runs of one log without times: matched in the log's order" \
    "'$br' '$tmp/onelog' -o '$tmp/onelog.pdf' 2>/dev/null && pdftotext -layout '$tmp/onelog.pdf' - | python3 '$here/check_runs_power.py' 1=250 21=300 41=350"

# a real folder of untimed logs beside untimed traces (realfiles/experiments/SOURCES.md):
# pinpoint's traces read (NVML and RAPL, mW), the CSVLogger's 20 runs, and no run gets
# power, each saying that nothing places its epochs
real="$here/../../realfiles/experiments/ai-energy-efficiency_mnist-cnn-1_keras-runs-0-1"
"$br" "$real" --interval 50ms --as json >"$tmp/real-pinpoint.json" 2>"$tmp/real-pinpoint.err"
check "real folder, pinpoint traces beside a CSVLogger's 20 untimed runs: no run gets power, each says why" \
    "python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))[\"runs\"]; sys.exit(not (len(r) == 20 and all(x[\"trace\"] is None and \"no times and no epoch durations\" in (x[\"no_power\"] or \"\") for x in r)))' '$tmp/real-pinpoint.json' && grep -c \"pinpoint's counters\" '$tmp/real-pinpoint.err' | grep -qx 2"

"$br" "$real" --as json >"$tmp/real-pinpoint-untimed.json" 2>/dev/null
check "real folder, the same without --interval: the untimed trace is no run's own, no run gets its mean" \
    "python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))[\"runs\"]; sys.exit(not (len(r) == 20 and all(x[\"trace\"] is None and x[\"whole_power_w\"] is None and \"not the run\x27s own\" in (x[\"no_power\"] or \"\") for x in r)))' '$tmp/real-pinpoint-untimed.json'"

# real folders of a callback's CSV that is both the log and the trace (a row per epoch's
# end with its time and one nvidia-smi reading, pomodoro): read as both, the figures from
# the file by an independent reading (check_epoch_power_csv.py)
for d in "$here"/../../realfiles/experiments/pomodoro_*; do
    check "real folder, epoch rows with the GPU's power ($(basename "$d")): its own trace, figures within 1%" \
        "'$br' '$d' --as json 2>/dev/null | python3 '$here/check_epoch_power_csv.py' '$d/logs.csv'"
done

# Real H200 sessions whose traces hold runs without logs (examples/h200-formats,
# examples/h200-zones: benchtrain runs after or between the logged PyTorch runs, one of
# them at 357-370 W against 121-148 W), against NVML's counter polled beside them. Every
# logger's trace, with the logs timed (with and without --tz UTC), with the file times tee
# left, and with one file time for all (where the checks below do not read it already): no
# figure more than 5% off the counter's.
st="$here/../tools/session_truth.py"
no_wrong() { # label session trace [session_truth options]
    l=$1 d=$2 tr=$3
    shift 3
    check "H200 $l session, $tr ${*:-one file time}: no figure more than 5% off NVML's counter" \
        "python3 '$st' '$ex/$d' '$br' --trace $tr $* --allow-refusals >'$tmp/nw.out' 2>&1"
}
for tr in smi_seeds.csv smi_noheader.csv smi_table.log smi_dmon_dt.log smi_q.log; do
    for m in "--timed" "--timed --tz UTC" "--mtimes-from-ts"; do
        no_wrong formats h200-formats $tr $m
    done
done
no_wrong formats h200-formats smi_seeds.csv
no_wrong formats h200-formats smi_table.log
no_wrong formats h200-formats nvml-energy.csv --mtimes-from-ts
no_wrong formats h200-formats nvml-energy.csv
for tr in smi_utc.csv smi_newyork.csv smi_kolkata.csv; do
    no_wrong zones h200-zones $tr --timed
done
no_wrong zones h200-zones smi_utc.csv --timed --tz UTC
no_wrong zones h200-zones smi_utc.csv
no_wrong zones h200-zones nvml-energy.csv --timed
no_wrong zones h200-zones nvml-energy.csv --timed --tz UTC

# the timed logs on the trace's clock (--tz UTC): every run within 1% on the seeds' trace
check "H200 formats session, smi_seeds.csv --tz UTC: every run within 1% of the counter" \
    "python3 '$st' '$ex/h200-formats' '$br' --trace smi_seeds.csv --timed --tz UTC --tolerance 0.01 >'$tmp/fmt.out' 2>&1 && [ \$(grep -c ' ok  *exact\$' '$tmp/fmt.out') -eq 3 ]"
# without --tz the folder's runs agree on UTC for the trace (local time without a zone), but
# its power fits them best 51.0 s later, R2 0.23 against 0.01, where cnn/128 lies past the
# trace's end and mlp/32 on a 370 W run without a log (960 J for 342.5): no power, and why
mkdir "$tmp/fmt51"
cp "$ex"/h200-formats/h200_*.ts.log "$ex/h200-formats/smi_seeds.csv" "$tmp/fmt51/"
check "H200 formats session, timed logs without --tz: neither the zone nor +51 s, and why" \
    "'$br' '$tmp/fmt51' --as csv 2>&1 >/dev/null | grep -c 'warning: no power: at the time zone their folder.s runs agree on (+0.0 s) each run lies wholly on activity of its own, but the trace.s power fits them better 51.0 s later (R2 0.23 against 0.01), where some lie off it or outside the trace: it cannot tell whether the clocks differ; --clock-offset sets it\$' | grep -qx 3"
# the file times tee left, on dmon's trace: one whole zone (UTC) puts each run on a span of
# its own where the best offset (50.5 s, R2 0.22) did not, and its spans are found beside
# the 370 W burst (a 1 s sample of the ramp, 101 W, had raised the idle level under them):
# mlp/32 got 930 J for 342.5, now both CNN and MLP runs within 1%
check "H200 formats session, dmon's trace, file times: cnn/32 and mlp/32 within 1%" \
    "python3 '$st' '$ex/h200-formats' '$br' --trace smi_dmon_dt.log --mtimes-from-ts --tolerance 0.01 --allow-refusals >'$tmp/fmt.out' 2>&1 && grep -q '^h200_cnn_32 .* ok  *inferred\$' '$tmp/fmt.out' && grep -q '^h200_mlp_32 .* ok  *inferred\$' '$tmp/fmt.out'"
# one file time for all: the runs' 12.1, 8.3 and 5.1 s of epochs fit the spans of runs
# without logs (6 and 3 s) about as well as their own (19, 13, 12 s, with start-up and
# tests): no power, where mlp/32 got 930 J
check "H200 formats session, dmon's trace, one file time: another assignment fits as well" \
    "python3 '$st' '$ex/h200-formats' '$br' --trace smi_dmon_dt.log --allow-refusals >'$tmp/fmt.out' 2>&1 && [ \$(grep -c ' refused  none\$' '$tmp/fmt.out') -eq 3 ]"
# the file times on the three zones' traces (UTC, New York, Kolkata): mlp/128 within 1%
for tr in smi_utc.csv smi_newyork.csv smi_kolkata.csv; do
    check "H200 zones session, $tr, file times: mlp/128 within 1% (its zone found)" \
        "python3 '$st' '$ex/h200-zones' '$br' --trace $tr --mtimes-from-ts --tolerance 0.01 --allow-refusals >'$tmp/zn.out' 2>&1 && grep -q '^h200_mlp_128 .* ok  *inferred\$' '$tmp/zn.out'"
done
# the timed logs beside NVML's counter log (both UTC): the trace fits them 35.0 s later,
# R2 0.43 against 0.02, where cifar1/128 lies past its end and mlp/128 on the 357 W run
# without a log (302 J for 88.9): no power, and why; --clock-offset h200=0 keeps their
# times: every run within 1%
check "H200 zones session, the folder: runs that lie wholly on their own bursts are not moved off them" \
    "'$br' '$ex/h200-zones' --as csv 2>&1 >/dev/null | grep -c 'warning: no power: at their own times each run lies wholly on activity of its own, but the trace.s power fits them better 35.0 s later (R2 0.43 against 0.02), where some lie off it or outside the trace: it cannot tell whether the clocks differ; --clock-offset sets it\$' | grep -qx 3"
check "H200 zones session, NVML's counter log, --clock-offset h200=0: every run within 1%" \
    "python3 '$st' '$ex/h200-zones' '$br' --trace nvml-energy.csv --timed --clock-offset h200=0 --tolerance 0.01 >'$tmp/zn.out' 2>&1 && [ \$(grep -c ' ok  *exact\$' '$tmp/zn.out') -eq 3 ]"

# a held-out H200 session (examples/h200-mixed): logged runs with two jobs nobody logged
# between them; no figure more than 5% off the counter on any trace, and the timed logs
# without --tz at the zone their folder agrees on (Berlin's +1 h, UTC's 0), where each lies
# wholly on a burst of its own though the jobs without logs leave them R2 0.15 at best:
# within 1% (no power at 1a9fb52)
for tr in smi_berlin.csv smi_instant.csv nvml-energy.csv; do
    no_wrong mixed h200-mixed $tr --mtimes-from-ts
done
no_wrong mixed h200-mixed smi_instant.csv --timed --tz UTC
no_wrong mixed h200-mixed smi_instant.csv
for tr in smi_berlin.csv smi_instant.csv; do
    check "H200 mixed session, $tr, timed logs without --tz: at their zone, every run within 1%" \
        "python3 '$st' '$ex/h200-mixed' '$br' --trace $tr --timed --tolerance 0.01 >'$tmp/mx.out' 2>&1 && [ \$(grep -c ' ok  *estimated\$' '$tmp/mx.out') -eq 3 ]"
done

# One result table per device, the device in the file's name (mrdbourke/mac-ml-speed-test's
# results_pytorch_cv, as the script names them): each file's device, one workload across
# them, and the TITAN RTX's speedup over the M1 Pro at batch 32 the ratio of the two files'
# avg_time_per_epoch
mkdir -p "$tmp/macml"
cp realfiles/summary/mrdbourke_Apple_M1_Pro_CIFAR100_resnet50_32_pytorch_results.csv \
    "$tmp/macml/Apple_M1_Pro_CIFAR100_resnet50_32_pytorch_results.csv"
cp realfiles/summary/mrdbourke_NVIDIA_TITAN_RTX_CIFAR100_resnet50_32_pytorch_results.csv \
    "$tmp/macml/NVIDIA_TITAN_RTX_CIFAR100_resnet50_32_pytorch_results.csv"
check "one table per device, named in the file name: devices compared, speedup the files' ratio" \
    "'$br' '$tmp/macml' --as csv 2>/dev/null | python3 -c \"
import csv, sys
rows = list(csv.DictReader(sys.stdin))
want = 248.60223550820083 / 27.800227800477295
got = [r for r in rows if r['device'] == 'NVIDIA TITAN RTX' and r['batch'] == '32']
assert {r['device'] for r in rows} == {'Apple M1 Pro', 'NVIDIA TITAN RTX'}, rows
assert {r['model'] for r in rows} == {'CIFAR100_resnet50_32_pytorch_results'}, rows
assert len(got) == 1 and abs(float(got[0]['speedup']) / want - 1) < 1e-3, got
\""

echo "experiments: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
