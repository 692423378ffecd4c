#!/bin/sh
# What issue 15 asks of a session with an NVIDIA GPU, in one run of at most ten minutes:
#  (a) correctness: `benchtrain --check` (cuda against ref, one batch) for mlp, cnn and
#      cifar0..cifar3 at fp32, tf32 and bf16, and at fp32 with --host-batches; the fallbacks (BENCHTRAIN_CUDNN=none: im2col + cuBLAS;
#      BENCHTRAIN_CUBLAS=none: own kernels); the same epochs from the graph, without
#      graphs (BENCHTRAIN_CUDA_GRAPHS=0) and from host batches; the test accuracy after 5
#      epochs of the mlp (against ref run beside it) and of the cnn (against ref's
#      recorded in bench/gpu_session.ref, 15 minutes of CPU);
#  (b) speed: seconds and NVML joules per epoch of benchtrain cuda against the PyTorch
#      twins (examples/capture/torch_fmnist.py, torch_cifar.py; eager, fp32, the same
#      GPU), mlp and cnn at batch 32, 128, 512 and 1024, cifar0..cifar3 at 128, each run
#      with a power trace (benchtrain --power; nvidia-smi beside PyTorch), 1 s apart, and
#      NVML's counter polled every 10 ms beside benchtrain (bt_*_nvml.csv, for `energy`);
#  (c) the table (median over the epochs after the first), also in OUTDIR/table.md.
# Logs go to OUTDIR/logs.tar.gz (the device tool brings back 8 files at most), refreshed
# after every run, so a run cut short still leaves what it did.
#
# usage: bench/gpu_session.sh pack [TRAIN TEST]
#                                              here: .dev/gpu/ with benchtrain, the
#                                              libraries a bare machine may lack
#                                              (libOpenCL, libz) and Fashion-MNIST's
#                                              first TRAIN training and TEST test images
#                                              (default 51000 and 2500: the checkout and
#                                              .dev/gpu travel within 64 MiB of disk, and
#                                              the whole set no longer fits beside it)
#        bench/gpu_session.sh run OUTDIR       on the GPU machine, repository root
#        bench/gpu_session.sh libpath          the LD_LIBRARY_PATH benchtrain needs there
#        bench/gpu_session.sh data DIR         Fashion-MNIST from .dev/gpu into DIR (.gz),
#                                              for the other scripts of the same call
#        bench/gpu_session.sh --dry-run OUTDIR here, with no GPU: the same script with
#                                              opencl standing in for cuda, 256
#                                              training images, 2 epochs (tests the script)
#        bench/gpu_session.sh energy LOGS      here, afterwards (benchreport needs libraries
#                                              the GPU machine lacks): for each benchtrain
#                                              run in LOGS (logs.tar.gz or its folder),
#                                              benchreport's energy per epoch from the power
#                                              trace against NVML's counter polled beside
#                                              it (issue 15: 2%)
# The device tool's call, after `pack`: command `bench/gpu_session.sh run $OUT`,
# carry [".dev/gpu"], timeout_s 600.
# Environment: BT (benchtrain), DATA (Fashion-MNIST), PY (python3 with torch),
# LIMIT_S (stop starting runs after this many seconds; default 480), PHASES ("checks
# speed" by default; one of them to split the session into two calls).
set -u
cd "$(dirname "$0")/.."
here=$(pwd)

pack() { # [TRAIN TEST]
    make -j2 bin/benchtrain || exit 1
    rm -rf .dev/gpu
    mkdir -p .dev/gpu/lib .dev/gpu/fashion-mnist
    cp bin/benchtrain .dev/gpu/
    # xz, not gzip, and the first images only: the working tree and .dev/gpu travel
    # together within 64 MiB of disk; Fashion-MNIST is 31 MB gzipped, 26 MB in xz, 20 MB
    # in its first 51000 and 2500 images (benchtrain's validation set: 1000 images).
    # `run` (or `data DIR`) unpacks it
    python3 - /usr/share/datasets/fashion-mnist .dev/gpu/fashion-mnist "${1:-51000}" "${2:-2500}" <<'PY' || exit 1
import gzip, lzma, struct, sys
src, dst, train, test = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
for name, keep in (("train-images-idx3-ubyte", train), ("train-labels-idx1-ubyte", train),
                   ("t10k-images-idx3-ubyte", test), ("t10k-labels-idx1-ubyte", test)):
    b = gzip.open(f"{src}/{name}.gz").read()
    head, each = (16, 784) if "images" in name else (8, 1)
    keep = min(keep, struct.unpack(">I", b[4:8])[0])
    with lzma.open(f"{dst}/{name}.xz", "wb", preset=9 | lzma.PRESET_EXTREME) as f:
        f.write(b[:4] + struct.pack(">I", keep) + b[8:head] + b[head:head + keep * each])
PY
    for lib in libOpenCL.so.1 libz.so.1; do
        cp -L "$(ldd bin/benchtrain | awk -v l=$lib '$1 == l { print $3 }')" .dev/gpu/lib/ || exit 1
    done
    du -sh .dev/gpu
    # what the device tool carries: the tracked and untracked files, and .dev/gpu
    kib=$( (git ls-files; git ls-files --others --exclude-standard) | tr '\n' '\0' |
        du -c --files0-from=- | tail -1 | cut -f1)
    kib=$((kib + $(du -s .dev/gpu | cut -f1)))
    echo "the checkout and .dev/gpu: $((kib / 1024)) MiB on disk (the device tool carries 64)"
    [ $kib -le 65536 ] || echo "too large: pack fewer images (pack TRAIN TEST)"
    echo "now: device run, command 'bench/gpu_session.sh run \$OUT', carry [\".dev/gpu\"], timeout_s 600"
}

# benchreport's trace energy against NVML's per run: the counter as polled beside the run
# (bt_*_nvml.csv), read between the polls at which it moved, over the epochs benchreport
# uses, with its statistic (the mean under 6 epochs, else the median); without that file,
# benchtrain's own energy_j (the counter read at each end of an epoch: off by up to a
# 100 ms step of power at each end, so only epochs of 5 s or more are compared)
energy() {
    logs=$1
    if [ -f "$logs" ]; then
        d=$(mktemp -d /tmp/gpu_energy.XXXXXX)
        tar xzf "$logs" -C "$d" || exit 1
        logs=$d
    fi
    [ -x bin/benchreport ] || make -j2 bin/benchreport > /dev/null || exit 1
    printf '%-14s %8s %12s %12s %8s  %s\n' run s/epoch trace_J NVML_J diff verdict
    for log in "$logs"/bt_*.log; do
        power=${log%.log}_power.csv
        [ -f "$power" ] || continue
        bin/benchreport --tz UTC "$log" "$power" --as json 2>/dev/null | python3 -c '
import datetime, json, os, statistics, sys
sys.path.insert(0, "tests/tools")
import nvml_counter
name, log = sys.argv[1], sys.argv[2]
rows = json.load(sys.stdin).get("rows", [])
if not rows:
    print(f"{name:<14} no row: benchreport did not pair the log and the trace")
    sys.exit()
r = rows[0]
s, t = r.get("epoch_s"), r.get("energy_j")
iso = lambda x: datetime.datetime.fromisoformat(x.replace("Z", "+00:00")).timestamp()
eps = [dict(kv.split("=", 1) for kv in l.split()[2:] if "=" in kv)
       for l in open(log) if l.startswith("epoch ")][1:]
nvml = log[:-4] + "_nvml.csv"
if os.path.exists(nvml):
    c = nvml_counter.load(nvml)
    try:
        truth = [nvml_counter.at(c, iso(e["end"])) - nvml_counter.at(c, iso(e["start"])) for e in eps]
    except ValueError:
        truth = []
    src = "polled"
else:
    truth = [float(e["energy_j"]) for e in eps if "energy_j" in e and float(e["duration"]) >= 5]
    src = "energy_j"
n = None if not truth or len(truth) < len(eps) else \
    statistics.mean(truth) if len(truth) < 6 else statistics.median(truth)
if s is None or t is None or n is None or n != n:
    print(f"{name:<14} {s!s:>8} {t!s:>12} {n!s:>12}        -  no comparison ({src})")
    sys.exit()
d = (t - n) / n
v = "epochs under 1 s" if s < 1 else ("within 2%" if abs(d) <= 0.02 else "OFF BY MORE THAN 2%")
print(f"{name:<14} {s:8.3f} {t:12.1f} {n:12.1f} {100 * d:+7.2f}%  {v} ({src})")
' "$(basename "$log" .log)" "$log"
    done
}

# the packed .xz files as the .gz files benchtrain and the PyTorch twins read
unpack() { # packed-dir out-dir
    mkdir -p "$2" && python3 - "$1" "$2" <<'PY'
import glob, gzip, lzma, os, sys
for f in glob.glob(sys.argv[1] + "/*.xz"):
    out = os.path.join(sys.argv[2], os.path.basename(f)[:-3] + ".gz")
    with lzma.open(f) as i, gzip.open(out, "wb", compresslevel=1) as o:
        o.write(i.read())
PY
}

# LD_LIBRARY_PATH with the directories of the cuDNN and cuBLAS of PyTorch's wheels (where
# the toolkit has none) that python $1 sees, and .dev/gpu/lib last
libpath() {
    nvlibs=$($1 -c 'import glob, os, site
dirs = set()
for s in site.getsitepackages():
    for f in glob.glob(s + "/nvidia/**/libcu*.so*", recursive=True):
        dirs.add(os.path.dirname(f))
print(":".join(sorted(dirs)))' 2>/dev/null)
    echo "${LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}${nvlibs:+$nvlibs:}$here/.dev/gpu/lib"
}

case "${1:-}" in
pack) shift; pack "$@"; exit 0 ;;
libpath) libpath "${PY:-python3}"; exit 0 ;;
data) [ $# -eq 2 ] || { echo "usage: $0 data DIR" >&2; exit 2; }; unpack .dev/gpu/fashion-mnist "$2"; exit ;;
energy) [ $# -eq 2 ] || { echo "usage: $0 energy LOGS" >&2; exit 2; }; energy "$2"; exit 0 ;;
run) dry=0 ;;
--dry-run) dry=1 ;;
*) sed -n '2,/^set -u/p' "$0" | grep '^#'; exit 2 ;;
esac
[ $# -eq 2 ] || { echo "usage: $0 run|--dry-run OUTDIR" >&2; exit 2; }
out=$(mkdir -p "$2" && cd "$2" && pwd)
work=$(mktemp -d /tmp/gpu_session.XXXXXX)
t_start=$(date +%s)
limit=${LIMIT_S:-480}
PHASES=${PHASES:-checks speed}

if [ -x .dev/gpu/benchtrain ]; then bt=${BT:-$here/.dev/gpu/benchtrain}; else bt=${BT:-$here/bin/benchtrain}; fi
if [ -n "${DATA:-}" ]; then data=$DATA
elif ls .dev/gpu/fashion-mnist/*.xz > /dev/null 2>&1; then
    data=$(mktemp -d /tmp/gpu_fmnist.XXXXXX)   # not in $work, which becomes logs.tar.gz
    unpack .dev/gpu/fashion-mnist "$data" || exit 1
else data=/usr/share/datasets/fashion-mnist; fi
py=${PY:-python3}
# here, Debian's python3-torch (a pyenv python3 may come first on the PATH)
[ $dry = 1 ] && [ -z "${PY:-}" ] && /usr/bin/python3 -c 'import torch' 2>/dev/null && py=/usr/bin/python3
# cuDNN and cuBLAS from PyTorch's wheels where the toolkit has none; our spare libraries last
export LD_LIBRARY_PATH="$(libpath "$py")"

if [ $dry = 1 ]; then   # a few of everything, small
    backend=opencl samples="--train-samples 256" tsamp=256 epochs=2 acc_epochs=1
    models="mlp cifar0" fallback=cifar0 runs="mlp:32 cifar0:128" sames=mlp same_n=512
else
    backend=cuda samples="" tsamp=50000 epochs=3 acc_epochs=5
    models="mlp cnn cifar0 cifar1 cifar2 cifar3" fallback="cnn cifar1"
    runs="mlp:32 mlp:128 mlp:512 mlp:1024 cnn:32 cnn:128 cnn:512 cnn:1024"
    runs="$runs cifar0:128 cifar1:128 cifar2:128 cifar3:128" sames="mlp cnn" same_n=4096
fi
torch=0
$py -c 'import torch' 2>/dev/null && torch=1
has() { "$bt" --help 2>&1 | grep -q -- "$1"; }
precisions=fp32
has --precision && precisions="fp32 tf32 bf16"
hostb=""
has --host-batches && hostb="--host-batches"

keep() {   # what a session cut short still brings back
    tar czf "$out/logs.tar.gz" -C "$work" . 2>/dev/null
    [ -f "$work/checks.txt" ] && cp "$work/checks.txt" "$out/checks.txt"
}
elapsed() { echo $(($(date +%s) - t_start)); }
# seconds one speed run may take: at most 120, and never past the device call's 600 s
budget() {
    r=$((limit + 100 - $(elapsed)))
    [ $r -gt 120 ] && r=120
    [ $r -lt 10 ] && r=10
    echo $r
}
note() { echo "$*" | tee -a "$work/checks.txt"; }

{
    date -u; uname -a; echo "LD_LIBRARY_PATH=$LD_LIBRARY_PATH"
    nvidia-smi 2>&1 | head -15; ldd "$bt"
    $py -c 'import torch; print("torch", torch.__version__, torch.version.cuda, torch.backends.cudnn.version())' 2>&1
    ls -la "$data"; "$bt" --help 2>&1 | head -8
    echo "== the cuBLAS and cuDNN a check loads"
    LD_DEBUG=libs "$bt" --check --model cnn --backend $backend --batch 2 --data "$data" 2>&1 |
        grep -E 'calling init: .*(cublas|cudnn)' | sort -u
} > "$work/env.txt" 2>&1

# ---- (a) correctness ----
if [ -z "${PHASES##*checks*}" ]; then
refpid=""
if [ $dry = 0 ]; then
    "$bt" --model mlp --backend ref --epochs 5 --data "$data" > "$work/acc_ref_mlp.log" 2>&1 &
    refpid=$!
fi
check() { # label, VAR=value..., --, benchtrain's arguments
    label=$1; shift
    envs=""
    while [ "$1" != -- ]; do envs="$envs $1"; shift; done
    shift
    env $envs timeout 90 "$bt" --check --data "$data" "$@" > "$work/check.out" 2>&1
    if [ $? -eq 0 ]; then r=PASS; else r=FAIL; fi
    note "$r $label: $(grep -E '^(check|FAILED|benchtrain:)' "$work/check.out" | tr '\n' ' ')"
}
note "== --check, backend $backend, batch 32"
for m in $models; do
    for p in $precisions; do
        pa=""; [ "$precisions" = fp32 ] || pa="--precision $p"
        check "$m $p" -- --model $m --backend $backend --batch 32 $pa
        # the per-batch path runs the same kernels on host-gathered batches: fp32 is enough
        [ -n "$hostb" ] && [ $p = fp32 ] &&
            check "$m $p $hostb" -- --model $m --backend $backend --batch 32 $pa $hostb
    done
    keep
done
note "== fallbacks (fp32)"
for m in $fallback; do
    check "$m BENCHTRAIN_CUDNN=none" BENCHTRAIN_CUDNN=none -- --model $m --backend $backend --batch 32
    check "$m BENCHTRAIN_CUBLAS=none" BENCHTRAIN_CUBLAS=none -- --model $m --backend $backend --batch 32
done
keep

note "== the same epochs three ways (2 epochs of $same_n images, batch 100: a short last batch)"
same() { # model
    for way in graph nograph host; do
        case $way in
        graph) ev="" extra="" ;;
        nograph) ev=BENCHTRAIN_CUDA_GRAPHS=0 extra="" ;;
        host) ev="" extra=$hostb ;;
        esac
        [ $way = host ] && [ -z "$hostb" ] && continue
        env $ev "$bt" --model "$1" --backend $backend --batch 100 --epochs 2 --train-samples $same_n \
            --data "$data" $extra > "$work/same_$1_$way.log" 2>&1
        grep '^#' "$work/same_$1_$way.log" | sed 's/^/  /' >> "$work/checks.txt"
    done
    $py - "$work" "$1" <<'PY' | tee -a "$work/checks.txt"
import glob, sys
work, m = sys.argv[1:]
runs = {}
for f in sorted(glob.glob(f"{work}/same_{m}_*.log")):
    way = f.rsplit("_", 1)[1][:-4]
    runs[way] = [dict(kv.split("=", 1) for kv in l.split()[1:] if "=" in kv)
                 for l in open(f) if l.startswith(("epoch ", "test "))]
keys = ("loss", "accuracy", "val_loss", "val_accuracy", "test_loss", "test_accuracy")
base = runs.get("graph")
worst = 0.0
for way, r in runs.items():
    if not base or len(r) != len(base):
        print(f"FAIL {m}: {way} has {len(r)} epoch/test lines, graph {len(base or [])}")
        sys.exit()
    for a, b in zip(base, r):
        for k in keys:
            if k in a:
                worst = max(worst, abs(float(a[k]) - float(b.get(k, "nan"))))
print(f"{'PASS' if worst <= 1e-3 else 'FAIL'} {m}: {', '.join(runs)} agree within {worst:.4g} "
      f"(losses and accuracies of every epoch and the test)")
PY
}
for m in $sames; do same $m; done
keep

note "== test accuracy after $acc_epochs epochs, batch 32, against ref"
"$bt" --model mlp --backend $backend --epochs $acc_epochs --data "$data" $samples > "$work/acc_${backend}_mlp.log" 2>&1
"$bt" --model cnn --backend $backend --epochs $acc_epochs --data "$data" $samples > "$work/acc_${backend}_cnn.log" 2>&1
if [ -n "$refpid" ]; then wait $refpid; fi
if [ $dry = 1 ]; then
    for m in mlp cnn; do
        "$bt" --model $m --backend ref --epochs $acc_epochs --data "$data" $samples \
            > "$work/acc_ref_$m.log" 2>&1
    done
fi
$py - "$work" "$backend" "$here/bench/gpu_session.ref" "$dry" <<'PY' | tee -a "$work/checks.txt"
import sys
work, backend, reffile, dry = sys.argv[1:]
def test_acc(lines):
    for l in lines:
        if l.startswith("test "):
            return float(l.split("test_accuracy=")[1].split()[0])
    return None
for m in ("mlp", "cnn"):
    got = test_acc(open(f"{work}/acc_{backend}_{m}.log"))
    if m == "mlp" or dry == "1":
        try:
            ref, src = test_acc(open(f"{work}/acc_ref_{m}.log")), "ref run beside it"
        except OSError:
            ref, src = None, "no ref run"
    else:
        ref, src = test_acc(l[len(m) + 2:] for l in open(reffile) if l.startswith(f"{m}: ")), reffile
        if " test=10000 " not in open(f"{work}/acc_{backend}_{m}.log").readline():
            print(f"SKIP {m}: the reference in {reffile} is over the 10000 test images, "
                  f"and the packed set holds fewer (bench/gpu_session.sh pack 60000 10000)")
            continue
    if got is None or ref is None:
        print(f"FAIL {m}: no test accuracy ({backend} {got}, ref {ref})")
        continue
    ok = abs(got - ref) <= 0.005
    print(f"{'PASS' if ok else 'FAIL'} {m}: test accuracy {backend} {got:.4f}, ref {ref:.4f} "
          f"({src}); within 0.5 points: {'yes' if ok else 'no'}")
PY
keep

fi
# ---- (b) speed ----
note "== speed, fp32 ($epochs epochs each), from $(elapsed) s into the session"
pa=""; [ "$precisions" = fp32 ] || pa="--precision fp32"
speed() { # model batch
    m=$1 b=$2
    if [ "$(elapsed)" -gt "$limit" ]; then
        echo "$m $b: not run, past ${limit} s" >> "$work/skipped.txt"
        return
    fi
    power="--power $work/bt_${m}_${b}_power.csv --power-interval-ms 100"
    [ $dry = 1 ] && power=""   # no GPU to record
    # NVML's counter polled every 10 ms beside it: the truth for `energy` (the counter moves
    # every 100 ms on an H200; benchtrain's energy_j reads it at each end of an epoch only)
    nvml=""
    if [ $dry = 0 ]; then
        $py examples/capture/nvml_energy.py "$work/bt_${m}_${b}_nvml.csv" 10 &
        nvml=$!
        sleep 0.5
    fi
    timeout "$(budget)" "$bt" --model $m --backend $backend --batch $b --epochs $epochs \
        --data "$data" $samples $pa $power > "$work/bt_${m}_${b}.log" 2>&1
    sleep 0.5
    [ -n "$nvml" ] && kill $nvml && wait $nvml 2>/dev/null
    sleep 1
    if [ $torch = 0 ]; then
        echo "no torch" > "$work/pt_${m}_${b}.log"
        return
    fi
    smi=""
    if command -v nvidia-smi > /dev/null 2>&1 && [ $dry = 0 ]; then
        nvidia-smi --query-gpu=timestamp,power.draw --format=csv -lms 100 \
            -f "$work/pt_${m}_${b}_power.csv" &
        smi=$!
    fi
    case $m in
    mlp | cnn) PYTHONUNBUFFERED=1 timeout "$(budget)" $py examples/capture/torch_fmnist.py \
        "$data" $m $b $epochs fp32 $tsamp ;;
    *) PYTHONUNBUFFERED=1 timeout "$(budget)" $py examples/capture/torch_cifar.py $m $b \
        $epochs fp32 $tsamp ;;
    esac > "$work/pt_${m}_${b}.log" 2>&1
    [ -n "$smi" ] && kill $smi
    sleep 1
    keep
}
[ -z "${PHASES##*speed*}" ] && for r in $runs; do speed "${r%:*}" "${r#*:}"; done

# ---- (c) the table ----
$py - "$work" "$backend" $runs > "$out/table.md" <<'PY'
import glob, os, statistics, sys
work, backend = sys.argv[1:3]
def med(xs):
    xs = xs[1:] if len(xs) > 1 else xs   # the epochs after the first
    return statistics.median(xs) if xs else None
def bt(path):
    d, j = [], []
    for l in open(path):
        if l.startswith("epoch "):
            f = dict(kv.split("=", 1) for kv in l.split()[2:] if "=" in kv)
            d.append(float(f["duration"]))
            if "energy_j" in f:
                j.append(float(f["energy_j"]))
    return med(d), med(j)
def pt(path):
    d, j = [], []
    for l in open(path):
        if l.startswith("Duration for 1 Epoch:"):
            d.append(float(l.split()[4]))
        elif l.startswith("Energy for 1 Epoch:"):
            j.append(float(l.split()[4]))
    return med(d), med(j)
fmt = lambda x, p: "-" if x is None else f"{x:.{p}f}"
print(f"| model | batch | benchtrain {backend} s/epoch | PyTorch eager s/epoch | benchtrain vs PyTorch "
      f"| benchtrain J/epoch | PyTorch J/epoch |")
print("|---|---|---|---|---|---|---|")
for m, b in (r.split(":") for r in sys.argv[3:]):
    p1, p2 = f"{work}/bt_{m}_{b}.log", f"{work}/pt_{m}_{b}.log"
    if not os.path.exists(p1):
        print(f"| {m} | {b} | not run | | | | |")
        continue
    (ds, js), (dp, jp) = bt(p1), pt(p2) if os.path.exists(p2) else (None, None)
    if ds and dp:
        r = dp / ds
        vs = f"{r:.2f}x faster" if r >= 1 else f"{1 / r:.2f}x slower"
    else:
        vs = "-"
    print(f"| {m} | {b} | {fmt(ds, 3)} | {fmt(dp, 3)} | {vs} | {fmt(js, 1)} | {fmt(jp, 1)} |")
print()
print("s/epoch and J/epoch: medians over the epochs after the first; J from NVML's total-energy")
print("counter (benchtrain's energy_j; the twins read it with pynvml at the same two points as")
print("their duration). fp32 on both sides (PyTorch with TF32 off for matmuls and cuDNN).")
PY
[ -f "$work/checks.txt" ] && cp "$work/checks.txt" "$out/checks.txt"
keep
echo
echo "== $(grep -c '^PASS' "$work/checks.txt") checks passed, $(grep -c '^FAIL' "$work/checks.txt") failed:"
grep '^FAIL' "$work/checks.txt"
echo
cat "$out/table.md"
echo
echo "$(elapsed) s; logs in $out/logs.tar.gz"
rm -rf "$work"
case $data in /tmp/gpu_fmnist.*) rm -rf "$data" ;; esac
