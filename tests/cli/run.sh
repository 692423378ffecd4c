#!/bin/sh
# Golden CLI tests (zstd's cli-tests): every fixture file fixtures/<format>/<case>.<ext>
# that has a <case>.expect beside it is run through the benchreport binary given as $1,
# and stdout, stderr and the exit status are compared byte for byte with the .expect
# file. The command is `inspect FILE`, or the arguments in <case>.args (one line; FILE
# stands for the fixture's path; a case with .args and no input runs those arguments as
# they are). With --update the .expect files are rewritten.
# Run from the repository root.
set -u
bin=$1
update=${2:-}
fail=0
n=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

transcript() {
    # $1: fixture path, $2: args file or empty
    if [ -n "$2" ]; then
        args=$(sed "s|FILE|$1|g" "$2")
    else
        args="inspect $1"
    fi
    # shellcheck disable=SC2086
    "$bin" $args >"$tmp/out" 2>"$tmp/err"
    status=$?
    printf '$ benchreport %s\n' "$args"
    cat "$tmp/out"
    printf -- '--- stderr\n'
    cat "$tmp/err"
    printf -- '--- exit %d\n' "$status"
}

for expect in fixtures/*/*.expect; do
    [ -e "$expect" ] || continue
    base=${expect%.expect}
    input=
    for f in "$base".*; do
        case $f in *.expect|*.args) ;; *) input=$f ;; esac
    done
    [ -n "$input" ] || [ -f "$base.args" ] || { echo "FAIL $expect: no input beside it"; fail=$((fail + 1)); continue; }
    args=
    [ -f "$base.args" ] && args=$base.args
    n=$((n + 1))
    transcript "$input" "$args" >"$tmp/got"
    if [ "$update" = --update ]; then
        cp "$tmp/got" "$expect"
    elif ! cmp -s "$tmp/got" "$expect"; then
        echo "FAIL $expect"
        diff -u "$expect" "$tmp/got" | head -40
        fail=$((fail + 1))
    fi
done
echo "cli: $((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
