# check.sh: sourced by the shell test scripts (tests/*/run.sh). It makes $tmp, a
# temporary directory removed on exit, and `check NAME CONDITION`, which runs the
# condition (a shell command) and counts it in $pass or $fail, naming what failed.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() {
    if sh -c "$2"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $1: $2"; fi
}
