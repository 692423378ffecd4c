#!/bin/sh
# Sourced by the device sessions' scripts (formats_session.sh, zones_session.sh) from the
# repository root, with NAME and OUTDIR set: here, out (OUTDIR, made), work (a fresh
# folder), py, bt (benchtrain packed in .dev/gpu), LD_LIBRARY_PATH for it, data
# (Fashion-MNIST unpacked from .dev/gpu), cap (this folder), and keep (OUTDIR/NAME.tar.gz
# of work, refreshed at each call, so that a session cut short brings back what it did).
here=$(pwd)
out=$(mkdir -p "$OUTDIR" && cd "$OUTDIR" && pwd)
work=$(mktemp -d "/tmp/$NAME.XXXXXX")
py=${PY:-python3}
bt=$here/.dev/gpu/benchtrain
export LD_LIBRARY_PATH="$(PY=$py bench/gpu_session.sh libpath)"
data=/tmp/formats_fmnist
[ -d "$data" ] || bench/gpu_session.sh data "$data" || exit 1
keep() { tar czf "$out/$NAME.tar.gz" -C "$work" . 2>/dev/null; }
cap=examples/capture
