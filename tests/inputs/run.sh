#!/bin/sh
# Tests of the directory walk and of hostile inputs ($1 is the binary), on copies
# of fixtures/experiments/flat (two devices, one run each): symbolic-link loops
# and a `latest` link read once, FIFOs that do not block, unreadable files and
# directories reported, empty and garbage files mentioned, and benchreport's own
# outputs recognised and skipped. Run from the repository root; prints
# "inputs: N passed, M failed".
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../check.sh"
flat=fixtures/experiments/flat
"$bin" $flat --as csv > "$tmp/flat.csv" 2>/dev/null

# symbolic-link loops (issue 13.7): each directory read once, with a note
mkdir "$tmp/loop"
cp $flat/* "$tmp/loop/"
ln -s . "$tmp/loop/a"
ln -s . "$tmp/loop/b"
ln -s ../loop "$tmp/loop/c"
timeout 60 "$bin" "$tmp/loop" --as csv > "$tmp/loop.csv" 2> "$tmp/loop.err"
check "loops: exit 0" "[ $? -eq 0 ]"
check "loops: the same table as without them" "cmp -s '$tmp/flat.csv' '$tmp/loop.csv'"
check "loops: a note each" "[ \$(grep -c 'note: skipped: a directory already read (a link)\$' '$tmp/loop.err') -eq 3 ]"
check "loops: the note names the link" "grep -q '^$tmp/loop/a: note: skipped' '$tmp/loop.err'"

# latest -> run-1: the run is counted once
mkdir -p "$tmp/runs/run-1"
cp $flat/* "$tmp/runs/run-1/"
ln -s run-1 "$tmp/runs/latest"
"$bin" "$tmp/runs" --as csv > "$tmp/runs.csv" 2> "$tmp/runs.err"
check "latest link: the same table" "cmp -s '$tmp/flat.csv' '$tmp/runs.csv'"
check "latest link: noted" "grep -q '^$tmp/runs/run-1: note: skipped: a directory already read (a link)\$' '$tmp/runs.err'"
# the same file under two names, in one directory
mkdir "$tmp/twice"
cp $flat/* "$tmp/twice/"
ln "$tmp/twice/alpha_mlp_train_32.log" "$tmp/twice/copy_mlp_train_32.log"
"$bin" "$tmp/twice" --as csv > "$tmp/twice.csv" 2> "$tmp/twice.err"
check "hard link: the same table" "cmp -s '$tmp/flat.csv' '$tmp/twice.csv'"
check "hard link: noted" "grep -q \"^$tmp/twice/copy_mlp_train_32.log: note: skipped: the same file as '$tmp/twice/alpha_mlp_train_32.log'\\\$\" '$tmp/twice.err'"

# a FIFO named on the command line with no writer does not block; one found in
# a directory is skipped with a note
mkfifo "$tmp/fifo.log"
timeout 10 "$bin" inspect "$tmp/fifo.log" > /dev/null 2> "$tmp/fifo.err"
check "named FIFO: exit 3, no hang" "[ $? -eq 3 ] && grep -q '^$tmp/fifo.log:1:1: error: empty file\$' '$tmp/fifo.err'"
mkdir "$tmp/withfifo"
cp $flat/* "$tmp/withfifo/"
mkfifo "$tmp/withfifo/pipe.log"
timeout 10 "$bin" "$tmp/withfifo" --as csv > "$tmp/withfifo.csv" 2> "$tmp/withfifo.err"
check "found FIFO: exit 0" "[ $? -eq 0 ] && cmp -s '$tmp/flat.csv' '$tmp/withfifo.csv'"
check "found FIFO: noted" "grep -q '^$tmp/withfifo/pipe.log: note: skipped: not a regular file\$' '$tmp/withfifo.err'"

# empty and garbage files in a directory are mentioned (issue 13.10)
mkdir "$tmp/junk"
cp $flat/* "$tmp/junk/"
: > "$tmp/junk/gamma_mlp_power_32.csv"
printf 'x\001y\000z' > "$tmp/junk/delta_mlp_power_32.csv"
"$bin" "$tmp/junk" --as csv > "$tmp/junk.csv" 2> "$tmp/junk.err"
check "junk: exit 0, same table" "[ $? -eq 0 ] && cmp -s '$tmp/flat.csv' '$tmp/junk.csv'"
check "junk: empty file mentioned" "grep -q '^$tmp/junk/gamma_mlp_power_32.csv: note: skipped: empty file\$' '$tmp/junk.err'"
check "junk: binary file mentioned" "grep -q '^$tmp/junk/delta_mlp_power_32.csv: note: skipped: binary data' '$tmp/junk.err'"

# unreadable files and directories are errors, not silence (issue 13.10); as
# root, the test runs benchreport as nobody
mkdir "$tmp/locked" "$tmp/locked/sub"
cp $flat/* "$tmp/locked/"
cp $flat/beta_mlp_train_32.log "$tmp/locked/sub/"
chmod 000 "$tmp/locked/alpha_mlp_power_32.csv" "$tmp/locked/sub"
chmod 755 "$tmp"
as=
if [ "$(id -u)" = 0 ]; then
    as="setpriv --reuid=65534 --regid=65534 --clear-groups"
    $as true 2> /dev/null || as=skip
fi
if [ "$as" != skip ] && $as test -x "$bin"; then
    $as "$bin" "$tmp/locked" --as csv > /dev/null 2> "$tmp/locked.err"
    check "unreadable: exit 1" "[ $? -eq 1 ]"
    check "unreadable file: an error" "grep -q '^$tmp/locked/alpha_mlp_power_32.csv: error: cannot open: Permission denied\$' '$tmp/locked.err'"
    check "unreadable directory: an error" "grep -q '^$tmp/locked/sub: error: cannot read the directory: Permission denied\$' '$tmp/locked.err'"
    $as "$bin" inspect "$tmp/locked" > /dev/null 2> "$tmp/locked-inspect.err"
    check "inspect: unreadable file an error" "grep -q '^$tmp/locked/alpha_mlp_power_32.csv: error: cannot open: Permission denied\$' '$tmp/locked-inspect.err'"
else
    echo "SKIP unreadable files: cannot run as another user"
fi
chmod 755 "$tmp/locked/sub"

# benchreport's own outputs in the directory it reads (issue 11.7): skipped, noted
mkdir "$tmp/self"
cp $flat/* "$tmp/self/"
for o in summary.csv summary.json summary.txt; do
    (cd "$tmp/self" && "$bin" . -o $o 2>/dev/null)
done
(cd "$tmp/self" && "$bin" . --as csv > "$tmp/self.csv" 2> "$tmp/self.err")
check "own outputs: exit 0, same table" "[ $? -eq 0 ] && cmp -s '$tmp/flat.csv' '$tmp/self.csv'"
for o in summary.csv summary.json summary.txt; do
    check "own outputs: $o noted" "grep -q '^./$o: note: skipped: written by benchreport\$' '$tmp/self.err'"
done
(cd "$tmp/self" && "$bin" inspect . --json > "$tmp/self-inspect.json" 2> /dev/null)
cp "$tmp/self-inspect.json" "$tmp/self/inspect.json"
(cd "$tmp/self" && "$bin" . --as csv > "$tmp/self2.csv" 2> /dev/null)
check "own outputs: inspect --json skipped too" "cmp -s '$tmp/flat.csv' '$tmp/self2.csv'"

# lines over 1 MiB (issue 13.8): a Keras epoch on a terminal, 12,000 progress
# redraws on one line, is read as an epoch; a one-line trainer_state.json over
# 1 MiB is read whole
awk 'BEGIN { for (e = 1; e <= 3; e++) {
    printf "Epoch %d/3\n", e
    for (i = 1; i <= 12000; i++)
        printf "\r%5d/12000 [%-30s] - ETA: 0s - loss: 0.5000 - accuracy: 0.8000", i, substr("==============================", 1, int(i * 30 / 12000))
    printf "\r12000/12000 [==============================] - 17s 1ms/step - loss: 0.%d000 - accuracy: 0.%d000\n", 6 - e, 6 + e } }' > "$tmp/keras-tty.log"
check "keras tty: a line over 1 MiB" "[ \$(head -2 '$tmp/keras-tty.log' | tail -1 | wc -c) -gt 1048576 ]"
"$bin" inspect "$tmp/keras-tty.log" > "$tmp/keras-tty.out" 2> "$tmp/keras-tty.err"
check "keras tty: exit 0" "[ $? -eq 0 ]"
check "keras tty: 3 epochs" "grep -q '^    ok, 3 epochs' '$tmp/keras-tty.out'"
check "keras tty: each 17 s with its loss" "[ \$(grep -c 'epoch [123]/3  17 s \[16.5, 17.5\] .*loss=0.[345]' '$tmp/keras-tty.out') -eq 3 ]"
check "keras tty: a note says how it was read" "grep -q '^$tmp/keras-tty.log:2:1: note: line longer than 1048576 bytes redrawn with carriage returns: read from its last one, as a terminal shows it (3 such lines)\$' '$tmp/keras-tty.err'"
python3 - "$tmp/trainer_state.json" <<'PY'
import json, sys
hist = [{"epoch": e, "loss": 1.0 / e, "step": 250 * e, "note": "x" * 200} for e in range(1, 4)]
hist += [{"epoch": 3.0, "step": 750 + i, "pad": "y" * 1000} for i in range(1100)]
json.dump({"epoch": 3.0, "global_step": 750, "log_history": hist}, open(sys.argv[1], "w"))
PY
check "trainer state: one line over 1 MiB" "[ \$(wc -l < '$tmp/trainer_state.json') -eq 0 ] && [ \$(wc -c < '$tmp/trainer_state.json') -gt 1048576 ]"
"$bin" inspect "$tmp/trainer_state.json" > "$tmp/state.out" 2> "$tmp/state.err"
check "trainer state: exit 0, read" "[ $? -eq 0 ] && grep -q '^$tmp/trainer_state.json: hfstate, 0 traces, 1 run' '$tmp/state.out'"
check "trainer state: 3 epochs" "grep -q 'ok, 3 epochs' '$tmp/state.out'"
# a long line with no carriage return is cut, and said so
printf 'Epoch 1/2\n10/10 [==============================] - 2s 200ms/step - loss: 0.5\n' > "$tmp/long.log"
head -c 1100000 /dev/zero | tr '\0' 'x' >> "$tmp/long.log"
printf '\nEpoch 2/2\n10/10 [==============================] - 2s 200ms/step - loss: 0.5\n' >> "$tmp/long.log"
"$bin" inspect "$tmp/long.log" > /dev/null 2> "$tmp/long.err"
check "cut line: an error at its line" "grep -q '^$tmp/long.log:3:1: error: line longer than 1048576 bytes: only its start read (1 such line)\$' '$tmp/long.err'"

echo "inputs: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
