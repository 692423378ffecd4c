#!/bin/sh
# Tests of the PDF report ($1 is the binary), read back with poppler's pdfinfo and
# pdftotext: the page count, and the devices, workloads and figures of the summary
# table of the hand-made experiment (fixtures/experiments/flat: every figure P x T);
# a DNF run, one device only, paper size; nothing left behind when writing fails.
set -u
bin=$1
. "$(dirname "$0")/../check.sh"
"$bin" fixtures/experiments/flat --baseline alpha -o "$tmp/flat.pdf" 2>/dev/null
check "flat: exit 0" "[ $? -eq 0 ]"
check "flat: 8 pages" "pdfinfo '$tmp/flat.pdf' | grep -q '^Pages: *8\$'"
check "flat: A4" "pdfinfo '$tmp/flat.pdf' | grep -q 'Page size: *595.28 x 841.89'"
pdftotext -layout "$tmp/flat.pdf" "$tmp/flat.txt"
check "flat: devices and baseline" "grep -q 'Baseline: alpha' '$tmp/flat.txt' && grep -q '^ *beta' '$tmp/flat.txt'"
# the summary row of beta: epoch 5 s, 300 W, 1500 J, speedup 2, energy 0.667, efficiency 1.33
check "flat: beta's figures" "grep -E 'beta +mlp/32 +5.00 +300 +1500 +2.00 +0.667 +1.33 +exact' '$tmp/flat.txt' > /dev/null"
check "flat: alpha's figures" "grep -E 'alpha +mlp/32 +10.0 +100 +1000 +1.00 +1.00 +1.00 +exact' '$tmp/flat.txt' > /dev/null"
check "flat: chart pages" "grep -q 'Epoch time per workload' '$tmp/flat.txt' && grep -q 'How many times faster' '$tmp/flat.txt'"
"$bin" fixtures/summary/dnf.csv --paper letter -o "$tmp/dnf.pdf" 2>/dev/null
check "dnf: letter" "pdfinfo '$tmp/dnf.pdf' | grep -q 'Page size: *612 x 792'"
pdftotext "$tmp/dnf.pdf" "$tmp/dnf.txt"
check "dnf: shown with its reason" "grep -q 'DNF: out of memory' '$tmp/dnf.txt'"
check "dnf: listed in the method" "grep -q 'Runs that did not finish' '$tmp/dnf.txt'"
"$bin" fixtures/summary/vgg16-seeds.csv --baseline i7-8700 -o "$tmp/seeds.pdf" 2>/dev/null
pdftotext -layout "$tmp/seeds.pdf" "$tmp/seeds.txt"
check "seeds: 123x" "grep -E 'RTX 4070 Super +vgg16/128 +7.00 .* 123 ' '$tmp/seeds.txt' > /dev/null"
"$bin" fixtures/summary/dnf.csv -o "$tmp/nodir/x.pdf" 2>/dev/null
check "unwritable: exit 3" "[ $? -eq 3 ]"
check "unwritable: no file left" "[ ! -e '$tmp/nodir' ] && [ -z \"\$(ls '$tmp' | grep tmp)\" ]"
# each chart kind, as SVG and PNG of the asked size (PNG: pixels = size x dpi / 96)
for k in time speedup power energy efficiency; do
    "$bin" fixtures/experiments/flat --baseline alpha --chart $k --width 640 --height 400 \
        -o "$tmp/$k.svg" 2>/dev/null
    check "$k.svg" "head -c 400 '$tmp/$k.svg' | grep -q 'width=\"640pt\" height=\"400pt\"'"
    "$bin" fixtures/experiments/flat --baseline alpha --chart $k --width 640 --height 400 \
        --dpi 192 -o "$tmp/$k.png" 2>/dev/null
    check "$k.png" "file '$tmp/$k.png' | grep -q 'PNG image data, 1280 x 800'"
done
# whole mode (fixtures/experiments/make_whole.py): the 12 samples under the 155 W
# quantile floor are drawn as grey squares, one fill each
"$bin" fixtures/experiments/whole --chart power -o "$tmp/whole.svg" 2>/dev/null
check "whole: 12 removed samples drawn grey" \
    "[ \$(grep -o 'fill:rgb(60%,60%,60%)' '$tmp/whole.svg' | wc -l) -eq 12 ]"
"$bin" fixtures/experiments/flat --chart pie -o "$tmp/pie.svg" 2>/dev/null
check "unknown chart: exit 2" "[ $? -eq 2 ]"
# 40 workloads, one device missing some of them, and one device alone
awk 'BEGIN { print "device,model,batch,epoch_s"
    for (m = 1; m <= 8; m++) for (b = 0; b < 5; b++) {
        printf "a100,model%d,%d,%g\n", m, 2 ^ (b + 5), m + b
        if (m % 3) printf "m2-max-gpu,model%d,%d,%g\n", m, 2 ^ (b + 5), 3 * (m + b) }
}' > "$tmp/forty.csv"
"$bin" "$tmp/forty.csv" --baseline a100 -o "$tmp/forty.pdf" 2>/dev/null
check "40 workloads: exit 0" "[ $? -eq 0 ]"
pdftotext -layout "$tmp/forty.pdf" "$tmp/forty.txt"
check "40 workloads: every row in the table" "[ \$(grep -c 'model[0-9]/' '$tmp/forty.txt') -ge 60 ]"
check "missing workload: a geometric mean over 25" "grep -E 'm2-max-gpu +0.333' '$tmp/forty.txt' > /dev/null"
grep a100 "$tmp/forty.csv" | head -5 | sed '1i device,model,batch,epoch_s' > "$tmp/one.csv"
"$bin" "$tmp/one.csv" -o "$tmp/one.pdf" 2>/dev/null
check "one device: exit 0" "[ $? -eq 0 ] && pdfinfo '$tmp/one.pdf' | grep -q '^Pages: *8'"
# outputs (issue 13.6): a symbolic link is followed and kept; a FIFO or a device
# is written in place, never replaced; the mode follows the umask or the file
# replaced; a kill while writing leaves no temporary behind
echo old > "$tmp/real.csv"
ln -s real.csv "$tmp/link.csv"
"$bin" fixtures/experiments/flat -o "$tmp/link.csv" 2>/dev/null
check "symlink: kept" "[ -L '$tmp/link.csv' ] && [ \"\$(readlink '$tmp/link.csv')\" = real.csv ]"
check "symlink: the file it names written" "head -1 '$tmp/real.csv' | grep -q '^device,model,batch,'"
ln -s nowhere.csv "$tmp/dangling.csv"
"$bin" fixtures/experiments/flat -o "$tmp/dangling.csv" 2>/dev/null
check "dangling symlink: kept, its file made" "[ -L '$tmp/dangling.csv' ] && [ -s '$tmp/nowhere.csv' ]"
mkfifo "$tmp/fifo.csv"
timeout 20 cat "$tmp/fifo.csv" > "$tmp/fifo.got" &
"$bin" fixtures/experiments/flat -o "$tmp/fifo.csv" 2>/dev/null
check "FIFO: exit 0" "[ $? -eq 0 ]"
wait
check "FIFO: still a FIFO" "[ -p '$tmp/fifo.csv' ]"
check "FIFO: the table went through it" "head -1 '$tmp/fifo.got' | grep -q '^device,model,batch,'"
if [ "$(id -u)" = 0 ] && mknod "$tmp/null.csv" c 1 3 2>/dev/null; then
    "$bin" fixtures/experiments/flat -o "$tmp/null.csv" 2>/dev/null
    check "device node: exit 0, still a device" "[ $? -eq 0 ] && [ -c '$tmp/null.csv' ]"
fi
mkdir "$tmp/adir.csv"
"$bin" fixtures/experiments/flat -o "$tmp/adir.csv" 2> "$tmp/adir.err"
check "directory: exit 3" "[ $? -eq 3 ] && grep -q 'Is a directory' '$tmp/adir.err'"
(umask 077; "$bin" fixtures/experiments/flat -o "$tmp/m077.csv" 2>/dev/null)
check "umask 077: mode 600" "[ \"\$(stat -c %a '$tmp/m077.csv')\" = 600 ]"
(umask 022; "$bin" fixtures/experiments/flat -o "$tmp/m022.pdf" 2>/dev/null)
check "umask 022: mode 644" "[ \"\$(stat -c %a '$tmp/m022.pdf')\" = 644 ]"
echo old > "$tmp/m640.png"
chmod 640 "$tmp/m640.png"
"$bin" fixtures/experiments/flat -o "$tmp/m640.png" 2>/dev/null
check "replaced file: mode kept" "[ \"\$(stat -c %a '$tmp/m640.png')\" = 640 ] && file '$tmp/m640.png' | grep -q PNG"
awk 'BEGIN { print "device,model,batch,epoch_s"
    for (m = 1; m <= 400; m++) for (b = 0; b < 5; b++) {
        printf "a100,model%d,%d,%g\n", m, 2 ^ (b + 5), m + b
        printf "m2-max-gpu,model%d,%d,%g\n", m, 2 ^ (b + 5), 3 * (m + b) }
}' > "$tmp/big.csv"
mkdir "$tmp/kill"
"$bin" "$tmp/big.csv" --baseline a100 -o "$tmp/kill/big.pdf" 2>/dev/null &
pid=$!
i=0
while [ $i -lt 1000 ] && [ -z "$(ls -A "$tmp/kill")" ]; do sleep 0.01; i=$((i + 1)); done
ls -A "$tmp/kill" > "$tmp/kill.seen"
kill -TERM $pid
wait $pid
check "killed while writing: exit 143" "[ $? -eq 143 ]"
check "killed while writing: the temporary was hidden" "grep -q '^\.big\.pdf\.tmp\.' '$tmp/kill.seen'"
check "killed while writing: nothing left" "[ -z \"\$(ls -A '$tmp/kill')\" ]"

echo "report: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
