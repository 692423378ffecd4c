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
    "'$br' '$tmp/td' --as csv 2>&1 >/dev/null | grep -q 'm2_cnn_32.log:2: warning: the log.s times are local without a zone and the trace.s UTC: clock offset +0.0 s estimated from the trace.s power (+-0.26 s, R2 0.70), a whole time zone'"
check "power clocks 37 s ahead: offset within 0.5 s, figures within 1%" \
    "$report '$tmp/skew' | python3 '$here/check.py' '$tmp/skew/expect.json' --offset"
check "power clocks 37 s ahead, --tz UTC: the same" \
    "$report --tz UTC '$tmp/skew' | python3 '$here/check.py' '$tmp/skew/expect.json' --offset"
check "--clock-offset overrides the estimate" \
    "'$br' '$tmp/skew' --clock-offset v100=37 --clock-offset m2=37 --tz UTC --as csv 2>/dev/null | grep -c ',exact,' | grep -qx 8"

echo "experiments: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
