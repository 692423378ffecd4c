#!/bin/sh
# Tests of the benchtrain binary ($1), read back by benchreport ($2), with a
# stand-in NVML ($3, build/tests/libfake_nvml.so: a GPU drawing 150 W): short
# trainings on subsets (mlp on Fashion-MNIST, cifar0 on the synthetic set),
# power through NVML and through nvidia-smi, Ctrl-C in the middle, and bad
# arguments. Run from the repository root; prints "benchtrain: N passed, M failed".
set -u
bt=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
br=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
nvml=$(cd "$(dirname "$3")" && pwd)/$(basename "$3")
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../check.sh"
mkdir "$tmp/bin"
cp "$here/../record/fake-nvidia-smi" "$tmp/bin/nvidia-smi"
py() { # name, python file, arguments: a check written in Python
    name=$1; shift
    if python3 "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $name"; fi
}
data=/usr/share/datasets/fashion-mnist

# 1. mlp, 2 epochs of 6000 images, power through the stand-in NVML every 50 ms (an
# epoch, 0.25 s or more on the reference backend, holds the 3 samples benchreport needs
# to give its energy)
if [ -r "$data/train-images-idx3-ubyte.gz" ]; then
    BENCHTRAIN_NVML="$nvml" "$bt" --model mlp --backend ref --batch 100 --epochs 2 \
        --train-samples 6000 --power "$tmp/p1.csv" --power-interval-ms 50 \
        > "$tmp/t1.log" 2> "$tmp/t1.err"
    check "mlp: exit status" "[ $? -eq 0 ]"
    check "mlp: header" "grep -q '^# benchtrain [0-9.]* backend=ref device=\"cpu (reference C)\" model=mlp params=435402 batch=100 precision=fp32 dataset=fashion-mnist train=6000 val=10000 test=10000 start=20[0-9-]*T[0-9:.]*Z power=nvml\$' '$tmp/t1.log'"
    check "mlp: two epochs of 60 steps" "[ \$(grep -c '^epoch [12]/2 .* steps=60 loss=' '$tmp/t1.log') -eq 2 ]"
    check "mlp: a test line" "grep -q '^test test_loss=[0-9.]* test_accuracy=0\.[0-9]*\$' '$tmp/t1.log'"
    check "mlp: nothing on stderr (not a terminal)" "[ ! -s '$tmp/t1.err' ]"
    check "power: nvidia-smi's header" "head -1 '$tmp/p1.csv' | grep -qx 'timestamp, index, name, temperature.gpu, utilization.gpu \[%\], memory.used \[MiB\], clocks.sm \[MHz\], power.draw \[W\]'"
    check "power: rows as nvidia-smi writes them" "sed -n 2p '$tmp/p1.csv' | grep -Eqx '20[0-9]{2}/[0-9]{2}/[0-9]{2} [0-9:]{8}\.[0-9]{3}, 0, Fake GPU  150 W, 50, 99 %, \[N/A\], 1500 MHz, 150.00 W'"
    check "power: every row complete" "[ \$(grep -c ', 150.00 W\$' '$tmp/p1.csv') -eq \$((\$(wc -l < '$tmp/p1.csv') - 1)) ]"
    py "power: 50 ms apart, covering the epochs and the 1 s after; energy_j = 150 W x duration" - "$tmp/p1.csv" "$tmp/t1.log" <<'PY'
import sys, datetime as dt
rows = [l.split(", ") for l in open(sys.argv[1]).read().splitlines()[1:]]
ts = [dt.datetime.strptime(r[0], "%Y/%m/%d %H:%M:%S.%f").replace(tzinfo=dt.timezone.utc) for r in rows]
gaps = [(b - a).total_seconds() for a, b in zip(ts, ts[1:])]
assert len(ts) >= 10, len(ts)
assert sorted(gaps)[len(gaps) // 2] > 0.045 and sorted(gaps)[len(gaps) // 2] < 0.07, gaps
epochs = [dict(f.split("=", 1) for f in l.split()[2:]) for l in open(sys.argv[2]) if l.startswith("epoch ")]
iso = lambda s: dt.datetime.fromisoformat(s.replace("Z", "+00:00"))
assert ts[0] < iso(epochs[0]["start"]) and ts[-1] > iso(epochs[-1]["end"])
# rows go on for the sensor's 1 s window after the last epoch (read half of it earlier)
tail = [t for t in ts if t > iso(epochs[-1]["end"])]
assert (ts[-1] - iso(epochs[-1]["end"])).total_seconds() >= 1.0 and len(tail) >= 18, tail
for e in epochs:
    want = 150 * float(e["duration"])
    assert abs(float(e["energy_j"]) - want) <= 0.01 * want + 0.5, (e["energy_j"], want)
PY
    "$br" inspect --json --tz UTC "$tmp/t1.log" "$tmp/p1.csv" > "$tmp/t1.json" 2> "$tmp/t1.jerr"
    check "benchreport reads both" "[ $? -eq 0 ]"
    py "benchreport: exact epochs, 150 W" - "$tmp/t1.json" "$tmp/t1.log" <<'PY'
import datetime, json, sys
j = json.load(open(sys.argv[1]))
runs = [r for f in j["files"] for r in f["runs"]]
assert len(runs) == 1 and runs[0]["status"] == "ok", runs
ep = runs[0]["epochs"]
log = [l.split() for l in open(sys.argv[2]) if l.startswith("epoch ")]
t = lambda s: datetime.datetime.fromisoformat(s.rstrip("Z").ljust(26, "0"))
assert [(t(e["start"]), t(e["end"])) for e in ep] == \
    [(t(l[2][6:]), t(l[3][4:])) for l in log], (ep, log)
assert [e["metrics"]["energy_j"] for e in ep] == [float(l[-1][9:]) for l in log]
traces = [t for f in j["files"] for t in f["traces"]]
assert len(traces) == 1 and traces[0]["zoned"], traces
ch = traces[0]["channels"]
assert ch["power"]["mean"] == 150 and ch["power"]["min"] == 150, ch
assert ch["temperature.gpu"]["mean"] == 50 and ch["clocks.sm"]["mean"] == 1500, ch
assert ch["memory.used"]["values"] == 0, ch
PY
    "$br" --tz UTC "$tmp/t1.log" "$tmp/p1.csv" --as csv > "$tmp/t1.csv" 2> "$tmp/t1.cerr"
    check "report: exit status" "[ $? -eq 0 ]"
    py "report: 150 W, energy = 150 W x epoch time" - "$tmp/t1.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 1, rows
r = rows[0]
assert abs(float(r["power_w"]) - 150) < 1e-6, r
assert abs(float(r["energy_j"]) - 150 * float(r["epoch_s"])) <= 0.01 * float(r["energy_j"]), r
PY
else
    echo "benchtrain: $data missing, mlp checks skipped"
fi

# 2. cifar0 on the synthetic set; without NVML, nvidia-smi (a stand-in) records
BENCHTRAIN_NVML=/nonexistent/libnvidia-ml.so.1 PATH="$tmp/bin:$PATH" "$bt" --model cifar0 \
    --backend ref --batch 64 --epochs 1 --train-samples 256 --power "$tmp/p2.csv" \
    --power-interval-ms 50 > "$tmp/t2.log" 2>&1
check "cifar0: exit status" "[ $? -eq 0 ]"
check "cifar0: header" "grep -q ' model=cifar0 params=122570 batch=64 precision=fp32 dataset=synthetic-cifar10 train=256 val=10000 test=10000 .* power=nvidia-smi\$' '$tmp/t2.log'"
check "cifar0: one epoch of 4 steps, no energy" "grep -q '^epoch 1/1 .* steps=4 loss=[0-9.]* accuracy=[0-9.]* val_loss=[0-9.]* val_accuracy=[0-9.]*\$' '$tmp/t2.log'"
check "nvidia-smi was asked for power" "head -1 '$tmp/p2.csv' | grep -q 'power.draw \[W\]' && grep -q '200.00 W' '$tmp/p2.csv'"
n2=$(wc -l < "$tmp/p2.csv"); sleep 0.3
check "nvidia-smi stopped with the training" "[ \$(wc -l < '$tmp/p2.csv') -eq $n2 ]"

# 2b. readings further apart than the run lasts: the recorder reads once more a second
# after it stops, so a row follows the last epoch's end by the sensor's window (on an H200,
# 0.5 s epochs ended up to an interval after the last row, and the last got no energy)
if [ -r "$data/train-images-idx3-ubyte.gz" ]; then
    BENCHTRAIN_NVML="$nvml" "$bt" --model mlp --backend ref --batch 64 --epochs 1 \
        --train-samples 256 --power "$tmp/p2b.csv" --power-interval-ms 600000 > "$tmp/t2b.log" 2>&1
    check "sparse readings: exit status" "[ $? -eq 0 ]"
    py "sparse readings: a row before the first epoch and one after the last" - "$tmp/p2b.csv" "$tmp/t2b.log" <<'PY'
import sys, datetime as dt
rows = [l.split(", ") for l in open(sys.argv[1]).read().splitlines()[1:]]
ts = [dt.datetime.strptime(r[0], "%Y/%m/%d %H:%M:%S.%f").replace(tzinfo=dt.timezone.utc) for r in rows]
ep = [dict(f.split("=", 1) for f in l.split()[2:]) for l in open(sys.argv[2]) if l.startswith("epoch ")]
iso = lambda s: dt.datetime.fromisoformat(s.replace("Z", "+00:00"))
assert len(ts) == 2 and ts[0] < iso(ep[0]["start"]), (ts, ep)
assert (ts[-1] - iso(ep[-1]["end"])).total_seconds() >= 1.0, (ts, ep)
PY
fi

# 3. Ctrl-C in the middle: a failure line, 130, a CSV of whole rows
BENCHTRAIN_NVML="$nvml" "$bt" --model cifar1 --backend ref --batch 32 --epochs 50 \
    --power "$tmp/p3.csv" --power-interval-ms 20 > "$tmp/t3.log" 2>&1 &
pid=$!
i=0; while [ $i -lt 100 ] && ! grep -q '^# benchtrain' "$tmp/t3.log" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
sleep 0.5
kill -INT $pid
wait $pid
check "interrupt: exit 130" "[ $? -eq 130 ]"
check "interrupt: failure line" "grep -qx 'FAILED: interrupted (signal 2) in epoch 1' '$tmp/t3.log'"
check "interrupt: the CSV ends with a whole row" "tail -c 1 '$tmp/p3.csv' | od -c | grep -q '\\\\n' && tail -1 '$tmp/p3.csv' | grep -q ', 150.00 W\$'"
"$br" inspect --tz UTC "$tmp/t3.log" > "$tmp/t3.inspect" 2>&1
check "interrupt: benchreport sees a DNF" "grep -q 'interrupted (signal 2)' '$tmp/t3.inspect'"

# 4. bad arguments: exit 2 and a message that names the problem
"$bt" --model mlp --batch x > /dev/null 2> "$tmp/e1"
check "bad number: exit 2" "[ $? -eq 2 ]"
check "bad number: message" "grep -qx \"benchtrain: --batch wants a number, not 'x'\" '$tmp/e1'"
"$bt" --model resnet > /dev/null 2> "$tmp/e2"
check "unknown model: exit 2" "[ $? -eq 2 ]"
check "unknown model: message" "grep -qx \"benchtrain: unknown model 'resnet' (mlp, cnn, cifar0, cifar1, cifar2, cifar3)\" '$tmp/e2'"
"$bt" --model mlp --backend metal > /dev/null 2> "$tmp/e3"
check "unknown backend: exit 2" "[ $? -eq 2 ]"
"$bt" --model mlp extra > /dev/null 2> "$tmp/e4"
check "stray argument: exit 2" "[ $? -eq 2 ] && grep -q \"unexpected argument 'extra'\" '$tmp/e4'"
BENCHTRAIN_NVML="$nvml" "$bt" --model cifar0 --train-samples 64 --epochs 1 \
    --power /nonexistent/dir/p.csv > "$tmp/t5.log" 2>&1
check "unwritable power file: exit 1, FAILED line" "[ $? -eq 1 ] && grep -q '^FAILED: cannot write /nonexistent/dir/p.csv: No such file or directory\$' '$tmp/t5.log'"

# 5. --precision: a bad name is a usage error
"$bt" --model mlp --precision fp16 > /dev/null 2> "$tmp/e6"
check "bad precision: exit 2 and message" "[ $? -eq 2 ] && grep -qx \"benchtrain: --precision wants fp32, tf32 or bf16, not 'fp16'\" '$tmp/e6'"

# 6. opencl (PoCL here): --check of every model (or those in $BENCHTRAIN_CHECK_MODELS) at
# every precision, the resident epoch included; the resident path and --host-batches print
# the same numbers
if "$bt" --check --model mlp --backend opencl --batch 4 --train-samples 16 > "$tmp/c0" 2>&1 ||
    ! grep -q '^FAILED: no OpenCL' "$tmp/c0"; then
    for m in ${BENCHTRAIN_CHECK_MODELS:-mlp cnn cifar0 cifar1 cifar2 cifar3}; do
        for p in fp32 tf32 bf16; do
            "$bt" --check --model $m --backend opencl --precision $p --batch 4 \
                --train-samples 32 > "$tmp/c-$m-$p" 2>&1
            check "check opencl $m $p" "[ $? -eq 0 ] && grep -q '^check opencl vs ref, model $m, batch 4, precision $p (tolerance ' '$tmp/c-$m-$p' && grep -q '^check opencl vs ref, model $m, an epoch of 12 samples in batches of 4 through train_epoch: .* 0 from its own host path' '$tmp/c-$m-$p'"
        done
    done
    if [ -r "$data/train-images-idx3-ubyte.gz" ]; then
        "$bt" --model mlp --backend opencl --batch 50 --epochs 2 --train-samples 500 \
            --precision tf32 > "$tmp/r1.log" 2>&1
        check "opencl: exit status" "[ $? -eq 0 ]"
        check "opencl: header says precision and conv" "grep -q '^# benchtrain [0-9.]* backend=opencl device=\"[^\"]*\" model=mlp params=435402 batch=50 precision=tf32 dataset=fashion-mnist train=500 val=10000 test=10000 start=[0-9TZ:.-]* conv=implicit-gemm\$' '$tmp/r1.log'"
        "$bt" --model mlp --backend opencl --batch 50 --epochs 2 --train-samples 500 \
            --precision tf32 --host-batches > "$tmp/r2.log" 2>&1
        check "opencl: --host-batches gives the same numbers" "[ \"\$(grep -o 'steps=.*' '$tmp/r1.log')\" = \"\$(grep -o 'steps=.*' '$tmp/r2.log')\" ] && [ \"\$(tail -1 '$tmp/r1.log')\" = \"\$(tail -1 '$tmp/r2.log')\" ] && grep -q '^test ' '$tmp/r1.log'"
        "$br" inspect --json --tz UTC "$tmp/r1.log" "$tmp/t1.log" > "$tmp/r1.json" 2>&1
        py "benchreport: a tf32 run is framework tf32, an fp32 run benchtrain" - "$tmp/r1.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
fw = {f["path"].rsplit("/", 1)[-1]: [r["framework"] for r in f["runs"]] for f in j["files"]}
assert fw == {"r1.log": ["tf32"], "t1.log": ["benchtrain"]}, fw
PY
    fi
else
    echo "benchtrain: no OpenCL device, opencl checks skipped"
fi
"$bt" --check --model mlp --backend ref --precision bf16 --batch 8 --train-samples 16 > "$tmp/c1" 2>&1
check "check ref vs ref at bf16: no resident part" "[ $? -eq 0 ] && [ \$(wc -l < '$tmp/c1') -eq 1 ]"

echo "benchtrain: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
