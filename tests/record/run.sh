#!/bin/sh
# Tests of `benchreport record` ($1 is the binary): a scripted training with a
# stand-in nvidia-smi on PATH, Ctrl-C in the middle, a failing child, no
# recorder, output without a final newline, a 10 MB line. Run from the
# repository root; prints "record: N passed, M failed".
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../check.sh"
mkdir "$tmp/bin"
cp "$here/fake-nvidia-smi" "$tmp/bin/nvidia-smi"

# 1. a scripted training with nvidia-smi on PATH
PATH="$tmp/bin:$PATH" "$bin" record -o "$tmp/r1" --interval 50 --label device=fake \
    -- "$here/fake-train" > "$tmp/r1.out" 2> "$tmp/r1.err"
check "exit status" "[ $? -eq 0 ]"
check "stdout passed through" "grep -q '^Epoch 3/3\$' '$tmp/r1.out'"
check "stderr passed through" "grep -q '^I tensorflow: starting' '$tmp/r1.err'"
check "train.log lines have times" \
    "[ \$(grep -c '^20[0-9-]*T[0-9:.]*Z[ 	]' '$tmp/r1/train.log') -eq 8 ]"
check "stderr is marked with a tab" "grep -q 'Z	I tensorflow: starting' '$tmp/r1/train.log'"
check "power.csv has samples" "[ \$(wc -l < '$tmp/r1/power.csv') -ge 10 ]"
check "power.csv has power.draw.instant" "head -1 '$tmp/r1/power.csv' | grep -q 'power.draw.instant'"
python3 - "$tmp/r1/meta.json" <<'PY' || fail=$((fail + 1))
import json, sys
m = json.load(open(sys.argv[1]))
assert m["exit_status"] == 0 and m["recorder"] == "nvsmi" and m["power_file"] == "power.csv"
assert m["labels"] == {"device": "fake"} and m["command"][-1].endswith("fake-train")
assert m["power_timezone"] == "UTC" and m["gpus"] == ["0, Fake GPU, 555.55"]
assert m["start"].endswith("Z") and m["end"] > m["start"]
PY
pass=$((pass + 1))
"$bin" inspect --json "$tmp/r1" > "$tmp/r1.json" 2>/dev/null
python3 - "$tmp/r1.json" "$tmp/r1/train.log" <<'PY' || { fail=$((fail + 1)); echo "FAIL epochs match the sleeps"; }
import json, sys, datetime
d = json.load(open(sys.argv[1]))
runs = [r for f in d["files"] for r in f["runs"]]
assert len(runs) == 1 and len(runs[0]["epochs"]) == 3, runs
for e in runs[0]["epochs"]:
    assert abs(e["duration_s"] - 0.4) < 0.05, e          # each epoch sleeps 0.4 s
    assert e["start"].endswith("Z") and e["end"].endswith("Z")
traces = [t for f in d["files"] for t in f["traces"]]
assert len(traces) == 1 and traces[0]["samples"] >= 10
PY
pass=$((pass + 1))
"$bin" "$tmp/r1" --as csv > "$tmp/r1.csv" 2>/dev/null
check "report aligns the recording exactly" "grep -q ',exact,ok,' '$tmp/r1.csv'"

# 2. Ctrl-C in the middle: files complete, status 130
PATH="$tmp/bin:$PATH" "$bin" record -o "$tmp/r2" --interval 50 -- "$here/fake-train" slow \
    > /dev/null 2>&1 &
pid=$!
sleep 1.2
kill -INT $pid
wait $pid
check "Ctrl-C gives 130" "[ $? -eq 130 ]"
check "Ctrl-C: meta.json says 130" "grep -q '\"exit_status\": 130' '$tmp/r2/meta.json'"
check "Ctrl-C: train.log kept" "grep -q 'Epoch 2/20' '$tmp/r2/train.log'"
check "Ctrl-C: recorder stopped" "! pgrep -f '[n]vidia-smi --query-gpu.*r2/power.csv' > /dev/null"

# 3. a failing child: its status is passed through
PATH="$tmp/bin:$PATH" "$bin" record -o "$tmp/r3" --power none -- "$here/fake-train" fail \
    > /dev/null 2>&1
check "child status passed through" "[ $? -eq 3 ]"
check "traceback recorded" "grep -q 'RuntimeError: boom' '$tmp/r3/train.log'"

# 4. no recorder available: the log is still recorded, with a message
PATH="/usr/bin:/bin" "$bin" record -o "$tmp/r4" -- "$here/fake-train" > /dev/null 2> "$tmp/r4.err"
check "no recorder: status 0" "[ $? -eq 0 ]"
check "no recorder: message" "grep -q 'no power recorder: nvidia-smi is not on PATH' '$tmp/r4.err'"
check "no recorder: log recorded" "[ \$(grep -c . '$tmp/r4/train.log') -eq 8 ]"
check "no recorder: meta says none" "grep -q '\"recorder\": \"none\"' '$tmp/r4/meta.json'"

# 5. output without a final newline
"$bin" record -o "$tmp/r5" --power none -- "$here/fake-train" nonl > "$tmp/r5.out" 2>/dev/null
check "last line without newline kept" "tail -1 '$tmp/r5/train.log' | grep -q 'Z done, no newline\$'"
check "passed through unchanged" "[ \"\$(tail -c 16 '$tmp/r5.out')\" = 'done, no newline' ]"

# 6. a 10 MB line
"$bin" record -o "$tmp/r6" --power none -- "$here/fake-train" long > /dev/null 2>&1
check "10 MB line kept whole" "[ \$(tail -1 '$tmp/r6/train.log' | tr -d '\n' | wc -c) -eq \$((10485760 + 28)) ]"

# 7. an existing non-empty directory is refused
"$bin" record -o "$tmp/r6" -- true > /dev/null 2>&1
check "non-empty dir refused" "[ $? -eq 2 ]"

echo "record: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
