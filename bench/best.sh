# bench/best.sh, sourced by the bench scripts: best COMMAND... runs it $repeat times
# (REPEAT, default 3) and prints "SECONDS PEAK_KB": the fastest run's wall time and the
# largest peak RSS. These machines are shared and noisy, so the fastest run is the
# figure. The last run's output is in build/bench/out.txt; its exit status is not
# judged (a reader may exit 1 for a file with errors and still have read it).
repeat=${REPEAT:-3}
mkdir -p build/bench
best() {
    b=999999 kb=0 i=0
    while [ $i -lt "$repeat" ]; do
        /usr/bin/time -f '%e %M' -o build/bench/time.txt "$@" > build/bench/out.txt 2>&1 || true
        read -r s k < build/bench/time.txt
        b=$(awk -v a="$s" -v c="$b" 'BEGIN { print (a < c ? a : c) }')
        [ "$k" -gt "$kb" ] && kb=$k
        i=$((i + 1))
    done
    echo "$b $kb"
}
