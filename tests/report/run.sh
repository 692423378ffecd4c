#!/bin/sh
# Tests of the PDF report ($1 is the binary), read back with poppler's pdfinfo and
# pdftotext: the page count, and the devices, workloads and figures of the summary
# table of the hand-made experiment (fixtures/experiments/flat: every figure P x T);
# a DNF run, one device only, paper size; nothing left behind when writing fails.
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() {
    if sh -c "$2"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $1: $2"; fi
}
"$bin" fixtures/experiments/flat --baseline alpha -o "$tmp/flat.pdf" 2>/dev/null
check "flat: exit 0" "[ $? -eq 0 ]"
check "flat: 7 pages" "pdfinfo '$tmp/flat.pdf' | grep -q '^Pages: *7\$'"
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
echo "report: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
