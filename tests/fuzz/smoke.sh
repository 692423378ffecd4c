#!/bin/sh
# Runs each fuzz harness for SECONDS, JOBS at a time (a 2-core CI machine runs two:
# the smoke run is wall time, not work, and serial it was 21 x 11 s of make test).
# Each harness's lines print together when it ends; a crash prints the last 40 lines of
# its log and the script exits 1 once every harness has run.
# usage: tests/fuzz/smoke.sh SECONDS MAX_LEN JOBS FUZZER...   (from the repository root)
set -u
seconds=$1 max_len=$2 jobs=$3
shift 3
one() { # $1: the fuzzer's name
    mkdir -p "build/fuzz/corpus-$1"
    # shellcheck disable=SC2046
    if "build/fuzz/fuzz_$1" -artifact_prefix="build/fuzz/$1-" -max_total_time="$seconds" \
        -max_len="$max_len" -timeout=10 -print_final_stats=0 "build/fuzz/corpus-$1" \
        $(tests/fuzz/seeds.sh "$1") 2>"build/fuzz/$1.log"; then
        printf '== fuzz %s (%s s)\n%s\n' "$1" "$seconds" \
            "$(grep -h 'Done [0-9]* runs' "build/fuzz/$1.log" | tail -1)"
    else
        printf '== fuzz %s (%s s): FAILED\n%s\n' "$1" "$seconds" "$(tail -40 "build/fuzz/$1.log")"
        return 1
    fi
}
if [ "${FUZZ_SMOKE_ONE:-}" ]; then
    one "$FUZZ_SMOKE_ONE"
    exit
fi
printf '%s\n' "$@" | FUZZ_SMOKE_ONE= xargs -P "$jobs" -I{} env FUZZ_SMOKE_ONE={} sh "$0" "$seconds" "$max_len" "$jobs"
