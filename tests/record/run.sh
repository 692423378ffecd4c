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
    # each epoch sleeps 0.4 s: never shorter (lines are stamped as they come, not when a
    # buffer fills); longer by what a loaded machine takes to run sleep and echo
    assert 0.38 < e["duration_s"] < 1.0, e
    assert e["start"].endswith("Z") and e["end"].endswith("Z")
traces = [t for f in d["files"] for t in f["traces"]]
assert len(traces) == 1 and traces[0]["samples"] >= 10
PY
pass=$((pass + 1))
"$bin" "$tmp/r1" --as csv > "$tmp/r1.csv" 2>/dev/null
check "report aligns the recording exactly" "grep -q ',exact,ok,' '$tmp/r1.csv'"
# nvidia-smi goes on a second and an interval past the command's end: power.draw averages
# the second before each reading, which benchreport reads half a second earlier (an
# H200's last 0.53 s epoch had no row there, and no energy)
python3 - "$tmp/r1/power.csv" "$tmp/r1/meta.json" <<'PY' || { fail=$((fail + 1)); echo "FAIL nvidia-smi outlives the command by its window"; }
import datetime as dt, json, sys
rows = open(sys.argv[1]).read().splitlines()[1:]
last = dt.datetime.strptime(rows[-1].split(",")[0], "%Y/%m/%d %H:%M:%S.%f").replace(tzinfo=dt.timezone.utc)
end = dt.datetime.fromisoformat(json.load(open(sys.argv[2]))["end"].replace("Z", "+00:00"))
assert (last - end).total_seconds() >= 1.0, (last, end)
PY
pass=$((pass + 1))

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
PATH="/usr/bin:/bin" BENCHREPORT_POWERCAP_ROOT="$tmp/no-powercap" "$bin" record -o "$tmp/r4" \
    -- "$here/fake-train" > /dev/null 2> "$tmp/r4.err"
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

meta="python3 '$here/meta.py'"

# 8. a background process keeps the output open after the command exited
# (issue 13.1): record ends BR_RECORD_GRACE_S later, with what it wrote
timeout 30 "$bin" record -o "$tmp/r8" --power none -- sh -c \
    "sleep 600 & echo \$! > '$tmp/r8.pid'; echo hi" > /dev/null 2> "$tmp/r8.err"
check "left-open output: record ends with status 0" "[ $? -eq 0 ]"
kill "$(cat "$tmp/r8.pid")" 2> /dev/null
check "left-open output: line kept" "grep -q 'Z hi\$' '$tmp/r8/train.log'"
check "left-open output: meta says so" "[ \"\$($meta '$tmp/r8/meta.json' output_left_open state)\" = 'true
complete' ]"
check "left-open output: message" "grep -q 'keep its output open' '$tmp/r8.err'"

# 9. a Ctrl-C reaches the command once (issue 13.2): the terminal signals
# record's whole process group, as kill -INT -PGID does here
setsid "$bin" record -o "$tmp/r9" --power none -- "$here/fake-train" trapint "$tmp/r9" \
    > "$tmp/r9.out" 2>/dev/null &
pid=$!
i=0; while [ $i -lt 50 ] && ! grep -q ready "$tmp/r9.out" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
kill -INT -$pid
wait $pid
check "Ctrl-C: one SIGINT" "grep -q '^cleanup done after 1 SIGINT\$' '$tmp/r9.out'"
check "Ctrl-C: recorded once" "[ \$(grep -c 'SIGINT [0-9]' '$tmp/r9/train.log') -eq 1 ]"
check "the command has a process group of its own" \
    "[ \"\$(cat '$tmp/r9/pgid')\" = \"\$(cat '$tmp/r9/pid')\" ] && [ \"\$(cat '$tmp/r9/pgid')\" != $pid ]"
check "Ctrl-C: meta lists it" "[ \"\$($meta '$tmp/r9/meta.json' signals_sent)\" = SIGINT ]"

# 10. a closed stdout (issue 13.3): record goes on recording, the recorder stops
{ PATH="$tmp/bin:$PATH" "$bin" record -o "$tmp/r10" --interval 50 -- sh -c 'seq 200000'
  echo $? > "$tmp/r10.rc"; } 2> "$tmp/r10.err" | head -1 > "$tmp/r10.out"
check "closed stdout: status 0" "[ \"\$(cat '$tmp/r10.rc')\" = 0 ]"
check "closed stdout: head got line 1" "[ \"\$(cat '$tmp/r10.out')\" = 1 ]"
check "closed stdout: every line kept" "[ \$(wc -l < '$tmp/r10/train.log') -eq 200000 ]"
check "closed stdout: last line whole" "tail -1 '$tmp/r10/train.log' | grep -q 'Z 200000\$'"
check "closed stdout: meta says when" \
    "$meta '$tmp/r10/meta.json' stdout_closed | grep -q '^20.*Z\$'"
check "closed stdout: recorder stopped" "! pgrep -f '[n]vidia-smi --query-gpu.*r10/power.csv' > /dev/null"

# 11. train.log's descriptor does not leak into the command (issue 13.5)
"$bin" record -o "$tmp/r11" --power none -- sh -c 'ls -l /proc/$$/fd' > "$tmp/r11.out" 2>/dev/null
check "no descriptor leaks into the command" "grep -q ' 1 -> pipe' '$tmp/r11.out' && ! grep -q '$tmp/r11' '$tmp/r11.out'"

# 12. record killed with SIGKILL: what it read is in train.log, and meta.json
# says the recording did not finish; the recorder dies with it
PATH="$tmp/bin:$PATH" "$bin" record -o "$tmp/r12" --interval 50 -- "$here/fake-train" slow \
    > /dev/null 2>&1 &
pid=$!
sleep 1.3
kill -KILL $pid
wait $pid 2> /dev/null
sleep 0.3
check "SIGKILL: lines kept" "grep -q 'Z Epoch 2/20\$' '$tmp/r12/train.log'"
check "SIGKILL: meta.json says recording" "[ \"\$($meta '$tmp/r12/meta.json' state)\" = recording ]"
check "SIGKILL: recorder stopped" "! pgrep -f '[n]vidia-smi --query-gpu.*r12/power.csv' > /dev/null"
pkill -KILL -f "$here/fake-train slow" 2> /dev/null

# 13. a full disk (issue 13.4): a 1 MiB tmpfs, as root
full="$tmp/full"
mkdir "$full"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=1m tmpfs "$full" 2> /dev/null; then
    "$bin" record -o "$full/r" --power none -- "$here/fake-train" lines 100000 \
        > "$tmp/r13.out" 2> "$tmp/r13.err"
    echo $? > "$tmp/r13.rc"
    check "full disk: status 3" "[ \"\$(cat '$tmp/r13.rc')\" = 3 ]"
    check "full disk: the command went on" "[ \$(grep -c '^out' '$tmp/r13.out') -eq 100000 ]"
    check "full disk: whole lines, none missing" "python3 '$here/seqcheck.py' '$full/r/train.log' > '$tmp/r13.seq'"
    check "full disk: meta.json incomplete" "[ \"\$($meta '$full/r/meta.json' state)\" = incomplete ]"
    check "full disk: meta.json counts the lines" \
        "[ \"\$($meta '$full/r/meta.json' lines)\" = \$(cut -d' ' -f1 '$tmp/r13.seq') ]"
    check "full disk: meta.json says why" \
        "$meta '$full/r/meta.json' incomplete_reason | grep -q '^train.log: No space left on device at 20.*Z: kept the [0-9]* lines read before\$'"
    check "full disk: message" "grep -q 'recording incomplete' '$tmp/r13.err'"
    umount "$full"
else
    echo "SKIP full disk: needs root and a tmpfs mount"
fi

# 14. the stress test: 2 million lines on stdout and stderr while record is
# sent SIGINT (ignored by the command), SIGTERM (which ends it), has its stdout
# closed, and fills its disk; each time every line read is kept, and meta.json
# says what happened
"$bin" record -o "$tmp/s1" --power none -- "$here/fake-train" lines-ign 1000000 \
    > /dev/null 2>&1 &
pid=$!
sleep 0.3
kill -INT $pid
wait $pid
check "stress SIGINT: status 0" "[ $? -eq 0 ]"
check "stress SIGINT: all 2 million lines" \
    "[ \"\$(python3 '$here/seqcheck.py' '$tmp/s1/train.log')\" = '2000000 1000000 1000000' ]"
check "stress SIGINT: meta.json" "[ \"\$($meta '$tmp/s1/meta.json' state signals_sent lines)\" = 'complete
SIGINT
2000000' ]"
rm -rf "$tmp/s1"

"$bin" record -o "$tmp/s2" --power none -- "$here/fake-train" lines 1000000 \
    > "$tmp/s2.out" 2> /dev/null &
pid=$!
sleep 0.3
kill -TERM $pid
wait $pid
check "stress SIGTERM: status 143" "[ $? -eq 143 ]"
check "stress SIGTERM: every line passed through is kept, whole" \
    "python3 '$here/seqcheck.py' '$tmp/s2/train.log' --killed --stdout '$tmp/s2.out' > '$tmp/s2.seq'"
check "stress SIGTERM: ended inside" "[ \$(cut -d' ' -f1 '$tmp/s2.seq') -lt 2000000 ]"
check "stress SIGTERM: meta.json" "[ \"\$($meta '$tmp/s2/meta.json' state signals_sent exit_status lines)\" = \"complete
SIGTERM
143
\$(cut -d' ' -f1 '$tmp/s2.seq')\" ]"
rm -rf "$tmp/s2" "$tmp/s2.out"

{ "$bin" record -o "$tmp/s3" --power none -- "$here/fake-train" lines 1000000
  echo $? > "$tmp/s3.rc"; } 2> /dev/null | head -1 > /dev/null
check "stress closed stdout: status 0" "[ \"\$(cat '$tmp/s3.rc')\" = 0 ]"
check "stress closed stdout: all 2 million lines" \
    "[ \"\$(python3 '$here/seqcheck.py' '$tmp/s3/train.log')\" = '2000000 1000000 1000000' ]"
check "stress closed stdout: meta.json" \
    "$meta '$tmp/s3/meta.json' state stdout_closed stderr_closed | grep -qz '^complete
20[^\n]*Z
null
\$'"
rm -rf "$tmp/s3"

if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=8m tmpfs "$full" 2> /dev/null; then
    "$bin" record -o "$full/s4" --power none -- "$here/fake-train" lines 1000000 \
        > /dev/null 2>&1
    check "stress full disk: status 3" "[ $? -eq 3 ]"
    check "stress full disk: whole lines, none missing" \
        "python3 '$here/seqcheck.py' '$full/s4/train.log' > '$tmp/s4.seq'"
    check "stress full disk: meta.json" "[ \"\$($meta '$full/s4/meta.json' state lines)\" = \"incomplete
\$(cut -d' ' -f1 '$tmp/s4.seq')\" ]"
    umount "$full"
else
    echo "SKIP stress full disk: needs root and a tmpfs mount"
fi

# 15. on a terminal (a pty from script(1)): the command's group has the
# terminal while it runs, so that a Ctrl-C reaches it once, and the shell has
# it back afterwards
if command -v script > /dev/null; then
    timeout 30 script -qc "'$bin' record -o '$tmp/r15' --power none -- sh -c 'ps -o pgid=,tpgid= -p \$\$'; ps -o pgid=,tpgid= -p \$\$" /dev/null \
        < /dev/null > "$tmp/r15.out" 2>&1
    check "tty: the command is the foreground group" \
        "grep 'Z ' '$tmp/r15/train.log' | awk '{ exit !(\$2 == \$3) }'"
    check "tty: the shell has the terminal back" \
        "tail -1 '$tmp/r15.out' | tr -d '\r' | awk '{ exit !(\$1 == \$2) }'"
else
    echo "SKIP tty: no script(1)"
fi

# 16. a stopped command (Ctrl-Z reaches its group): record stops too, so that
# the shell sees the job stopped, and continuing record continues the command
"$bin" record -o "$tmp/r16" --power none -- sh -c "echo \$\$ > '$tmp/r16.pid'; sleep 1; echo done" \
    > /dev/null 2>&1 &
pid=$!
i=0; while [ $i -lt 50 ] && [ ! -s "$tmp/r16.pid" ]; do sleep 0.1; i=$((i + 1)); done
kill -TSTP -"$(cat "$tmp/r16.pid")"
sleep 0.5
state=$(ps -o stat= -p $pid)
check "stopped command: record stops too" "case '$state' in T*) true ;; *) false ;; esac"
kill -CONT $pid
i=0; while [ $i -lt 50 ] && kill -0 $pid 2> /dev/null && [ "$(ps -o stat= -p $pid | cut -c1)" != Z ]; do sleep 0.1; i=$((i + 1)); done
kill -CONT -"$(cat "$tmp/r16.pid")" 2> /dev/null   # without the fix, the command stays stopped
wait $pid
check "continued: the command finished, status 0" "[ $? -eq 0 ] && grep -q 'Z done\$' '$tmp/r16/train.log'"
check "continued: within 5 s of the SIGCONT" "[ $i -lt 50 ]"

# 17. --power rapl: a stand-in powercap tree whose counters wrap at 3 J; package-0 and
# its dram are sampled, core (a part of the package) and psys (the platform) are not
"$here/fake-rapl" "$tmp/pc17" &
fake=$!
sleep 0.3
BENCHREPORT_POWERCAP_ROOT="$tmp/pc17" "$bin" record -o "$tmp/r17" --power rapl --interval 100 \
    -- sleep 2 > /dev/null 2> "$tmp/r17.err"
st=$?
kill $fake
check "rapl: status 0" "[ $st -eq 0 ]"
check "rapl: the package and its dram, not core or psys" \
    "[ \"\$(head -1 '$tmp/r17/power.csv')\" = 'timestamp,package-0 (W),dram-0 (W)' ]"
python3 - "$tmp/r17/power.csv" "$tmp/r17/meta.json" <<'PY' || { fail=$((fail + 1)); echo "FAIL rapl: the power of counters that wrap"; }
import csv, datetime, json, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) >= 12, len(rows)                  # 2 s at 100 ms
# the stand-in adds 0.1 J (package) and 0.01 J (dram) a step, at most 100 steps a second,
# and wraps at 3 J more than once in 2 s: a wrap read as a fall would be negative or empty
pkg = [float(r['package-0 (W)']) for r in rows]
dram = [float(r['dram-0 (W)']) for r in rows]
assert all(0 <= w <= 10.5 for w in pkg), pkg
assert all(0 <= w <= 1.05 for w in dram), dram
assert sum(w > 0 for w in pkg) >= len(pkg) // 2, pkg   # a loaded machine may stall a step
ts = [datetime.datetime.fromisoformat(r['timestamp'].replace('Z', '+00:00')) for r in rows]
assert all(r['timestamp'].endswith('Z') for r in rows)
assert all(0.05 < (b - a).total_seconds() < 0.3 for a, b in zip(ts, ts[1:]))
energy = sum(w * (b - a).total_seconds() for w, a, b in zip(pkg[1:], ts, ts[1:]))
assert energy > 3, energy                          # more than one wrap's worth counted
m = json.load(open(sys.argv[2]))
assert m['recorder'] == 'rapl' and m['power_file'] == 'power.csv', m
assert m['rapl_zones'] == ['package-0', 'dram-0'] and m['power_timezone'] == 'UTC', m
PY
pass=$((pass + 1))
"$bin" inspect --json "$tmp/r17" > "$tmp/r17.json" 2>/dev/null
check "rapl: benchreport reads it, cpu and dram" \
    "python3 -c \"import json,sys; t=[t for f in json.load(open('$tmp/r17.json'))['files'] for t in f['traces']]; sys.exit(0 if sorted(x['domain'] for x in t) == ['cpu', 'dram'] and all(x['zoned'] for x in t) else 1)\""

# 18. rapl where a counter cannot be read (root only since Linux 5.10): the log alone
"$here/fake-rapl" "$tmp/pc18" once
rm "$tmp/pc18/intel-rapl:0:1/energy_uj"
BENCHREPORT_POWERCAP_ROOT="$tmp/pc18" "$bin" record -o "$tmp/r18" --power rapl \
    -- "$here/fake-train" > /dev/null 2> "$tmp/r18.err"
check "rapl unreadable: status 0" "[ $? -eq 0 ]"
check "rapl unreadable: says which counter and why" \
    "grep -q \"no power recorder: $tmp/pc18/intel-rapl:0:1/energy_uj cannot be read (No such file or directory; root only since Linux 5.10\" '$tmp/r18.err'"
check "rapl unreadable: log recorded, no power.csv" \
    "[ \$(grep -c . '$tmp/r18/train.log') -eq 8 ] && [ ! -e '$tmp/r18/power.csv' ]"

# 19. auto on a machine without nvidia-smi: RAPL where it can be read
"$here/fake-rapl" "$tmp/pc19" once
PATH="/usr/bin:/bin" BENCHREPORT_POWERCAP_ROOT="$tmp/pc19" "$bin" record -o "$tmp/r19" \
    --interval 50 -- "$here/fake-train" > /dev/null 2> "$tmp/r19.err"
check "auto without nvidia-smi: rapl" "grep -q '\"recorder\": \"rapl\"' '$tmp/r19/meta.json'"
check "auto, rapl: counters that do not move are 0 W" \
    "[ \$(grep -c ',0.000,0.000\$' '$tmp/r19/power.csv') -ge 5 ]"
check "auto without either: both reasons" \
    "grep -q 'no power recorder: nvidia-smi is not on PATH; RAPL: $tmp/no-powercap: No such file' '$tmp/r4.err'"

# 20. rapl beside a training: every epoch covered (the command starts one interval after
# the sampler's first reading, and the sampler outlives it by one interval)
"$here/fake-rapl" "$tmp/pc20" &
fake=$!
sleep 0.3
BENCHREPORT_POWERCAP_ROOT="$tmp/pc20" "$bin" record -o "$tmp/r20" --power rapl --interval 50 \
    --label device=cpu -- "$here/fake-train" > /dev/null 2>&1
kill $fake
"$bin" "$tmp/r20" --as csv > "$tmp/r20.csv" 2> "$tmp/r20.err"
check "rapl: the report aligns the recording exactly" "grep -q ',exact,ok,' '$tmp/r20.csv'"
check "rapl: every epoch has energy" "! grep -q 'does not cover' '$tmp/r20.err'"

echo "record: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
