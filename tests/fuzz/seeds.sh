#!/bin/sh
# The seed folders for fuzzer $1: the project's fixtures of that format. For
# the harnesses whose input is made of several pieces (tz: a zone line and a
# trace; analysis: a log, a form feed line and a trace; manifest: the
# manifests beside the examples) the seeds are put together under
# build/fuzz/seeds-$1 and that folder is printed.
set -u
seeds=build/fuzz/seeds-$1
case $1 in
    logfmt) echo fixtures/formats examples/formats ;;
    powercsv) echo fixtures/powercsv realfiles/powerlogs realfiles/amdsmi ;;
    powermetrics) echo fixtures/powermetrics realfiles/powermetrics ;;
    nvsmitable) echo fixtures/nvsmitable realfiles/nvsmitable ;;
    nvsmiq) echo fixtures/nvsmiq realfiles/nvsmi ;;
    macmon) echo fixtures/macmon ;;
    energibridge) echo fixtures/energibridge realfiles/energibridge ;;
    energycsv) echo fixtures/energycsv ;;
    codecarbon) echo fixtures/codecarbon realfiles/codecarbon ;;
    tegrastats) echo fixtures/tegrastats realfiles/tegrastats ;;
    powerstat) echo fixtures/powerstat realfiles/powerstat ;;
    nvsmidmon) echo fixtures/nvsmidmon realfiles/nvsmidmon ;;
    perfstat) echo fixtures/perfstat realfiles/perfstat ;;
    amdsmi) echo fixtures/amdsmi realfiles/amdsmi ;;
    nvsmi) echo fixtures/nvsmi realfiles/nvsmi ;;
    generic) echo realfiles/generic fixtures/trainlog ;;
    trainlog) echo fixtures/trainlog realfiles/timm realfiles/fairseq ;;
    epochcsv) echo fixtures/epochcsv realfiles/epochcsv realfiles/experiments ;;
    history) echo fixtures/history realfiles/history fixtures/hfstate ;;
    notebook) echo fixtures/notebook realfiles/notebook ;;
    hfstate) echo fixtures/hfstate realfiles/hf ;;
    lfjsonl) echo fixtures/lfjsonl realfiles/hflog ;;
    manifest)
        rm -rf "$seeds" && mkdir -p "$seeds"
        i=0
        for m in $(find examples fixtures -name benchreport.csv); do
            i=$((i + 1)); cp "$m" "$seeds/$i.csv"
        done
        printf 'file,device,model,batch\n"a,b.log",x,"y ""q""",32\r\nb.log,x,y,notanumber\n' > "$seeds/quoted.csv"
        echo "$seeds" ;;
    tz)
        rm -rf "$seeds" && mkdir -p "$seeds"
        i=0
        for z in Europe/Berlin America/New_York UTC +05:30 -0400; do
            for f in fixtures/nvsmi/tz-paris.csv fixtures/nvsmi/two-gpus.csv \
                     fixtures/dst/autumn-nvsmi.csv fixtures/dst/spring-nvsmi.csv \
                     fixtures/dst/gap-nvsmi.csv fixtures/nvsmi/no-index-three-gpus.csv \
                     fixtures/nvsmi/no-index-two-gpus-same-time.csv; do
                i=$((i + 1)); { echo "$z"; cat "$f"; } > "$seeds/$i"
            done
        done
        printf 'Europe/Berlin\ntimestamp, power.draw [W]\n2024/03/31 01:59:59.000, 10 W\n2024/03/31 02:30:00.000, 11 W\n2024/03/31 03:00:01.000, 12 W\n' > "$seeds/spring"
        printf 'Europe/Berlin\ntimestamp, power.draw [W]\n2024/10/27 02:30:00.000, 10 W\n2024/10/27 02:59:59.000, 11 W\n2024/10/27 02:00:01.000, 12 W\n' > "$seeds/autumn"
        # two GPUs a loop, no index, across the autumn fold (a crash once: GPU 1 ran backwards)
        printf 'Europe/Berlin\ntimestamp, power.draw [W]\n2026/10/25 02:59:57.000, 100 W\n2026/10/25 02:59:57.000, 200 W\n2026/10/25 02:59:58.000, 100 W\n2026/10/25 02:59:58.000, 200 W\n2026/10/25 02:00:00.000, 100 W\n2026/10/25 02:00:00.000, 200 W\n2026/10/25 02:00:01.000, 100 W\n2026/10/25 02:00:01.000, 200 W\n2026/10/25 02:00:02.000, 100 W\n2026/10/25 02:00:02.000, 200 W\n' > "$seeds/autumn-two-gpus"
        echo "$seeds" ;;
    analysis)
        rm -rf "$seeds" && mkdir -p "$seeds"
        pair() { { cat "$1"; printf '\n\f\n'; cat "$2"; } > "$seeds/$3"; }
        pair fixtures/experiments/flat/alpha_mlp_train_32.log \
            fixtures/experiments/flat/alpha_mlp_power_32.csv flat-alpha
        pair fixtures/experiments/flat/beta_mlp_train_32.log \
            fixtures/experiments/flat/beta_mlp_power_32.csv flat-beta
        for d in fixtures/experiments/whole fixtures/experiments/offset; do
            log=$(ls "$d"/*.log 2>/dev/null | head -1)
            csv=$(ls "$d"/*.csv 2>/dev/null | head -1)
            [ -n "$log" ] && [ -n "$csv" ] && pair "$log" "$csv" "$(basename "$d")"
        done
        echo "$seeds" ;;
    *) echo "fixtures/$1" ;;
esac
