#!/usr/bin/env python3
"""Checks benchreport's energy per epoch on a session recorded the seeds' way
(examples/capture/h100_seeds_session.sh) against an independent truth.

The session folder holds, per run, the log as `tee` wrote it (NAME.log, no
times) and as tsprefix.py wrote it (NAME.ts.log, each line's arrival time),
power traces (power-1s.csv, power-100ms.csv) and the truth: NVML's energy
counter polled by nvml_energy.py (nvml-energy.csv), or, for a session without
one, --truth-trace FILE: the counter made here by integrating that nvidia-smi
trace's power with the trapezoid rule (csv and datetime only, not benchreport).

Each run's truth per epoch is the counter's rise between the epoch's start and
end, which the timed log gives (benchreport inspect --json --tz UTC reads only
the times). benchreport then reads the untimed logs and one trace, in a folder
whose files all have one modification time (as a git checkout leaves them;
--keep-mtimes keeps the session's), and each row's energy per epoch (median,
warm-up epoch left out) is compared with the truth's median over the same
epochs: the median, or the mean where benchreport gives the mean (fewer than 6
epochs; its JSON names the method), so that both sides state one statistic. With
--mtimes-from-ts each untimed log gets the time its .ts.log's last line arrived as
its modification time, the time tee last wrote it, as the recording folder kept
it; with --timed benchreport reads the .ts.logs themselves. Prints a table; exits 1 when a figure is off by more than --tolerance,
or when a run has no figure (unless --allow-refusals: then a refusal is fine and
only a wrong number fails).

usage: session_truth.py SESSION BENCHREPORT [--trace power-1s.csv]
       [--truth-trace power-100ms.csv] [--tolerance 0.05]
       [--keep-mtimes | --mtimes-from-ts | --timed] [--allow-refusals] [--tz ZONE]
       [--clock-offset DEVICE=SECONDS]
"""
import argparse, csv, datetime, glob, json, os, shutil, statistics, subprocess, sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nvml_counter import at, load as counter_from_nvml  # noqa: E402


def utc(text):
    text = text.strip().rstrip("Z")
    for fmt in ("%Y-%m-%dT%H:%M:%S.%f", "%Y-%m-%dT%H:%M:%S", "%Y/%m/%d %H:%M:%S.%f"):
        try:
            d = datetime.datetime.strptime(text, fmt)
            return d.replace(tzinfo=datetime.timezone.utc).timestamp()
        except ValueError:
            pass
    raise ValueError(text)


def counter_from_trace(path):
    """Joules since the first sample: trapezoid over nvidia-smi's power.draw (UTC times)."""
    ts, es = [], []
    with open(path) as f:
        rd = csv.reader(f, skipinitialspace=True)
        head = next(rd)
        ti = head.index("timestamp")
        pi = next(i for i, h in enumerate(head) if h.startswith("power.draw") and
                  "average" not in h and "instant" not in h)
        for row in rd:
            t, w = utc(row[ti]), float(row[pi].split()[0])
            if ts:
                es.append(es[-1] + (t - ts[-1]) * (w + prev) / 2)
            else:
                es.append(0.0)
            ts.append(t)
            prev = w
    return ts, es


def epochs_of(br, tslogs):
    """Each timed log's epochs, (start, end) in UTC seconds, by path (one inspect for all)."""
    out = subprocess.run([br, "inspect", "--json", "--tz", "UTC"] + tslogs, capture_output=True,
                         text=True, check=True).stdout
    return {f["path"]: [(utc(e["start"]), utc(e["end"])) for e in f["runs"][0]["epochs"]]
            for f in json.loads(out)["files"] if f["runs"]}


def last_arrival(tslog):
    with open(tslog, "rb") as f:
        lines = [l for l in f.read().splitlines() if l.strip()]
    return utc(lines[-1].split(b" ", 1)[0].decode())


def untimed_copy(session, trace, mtimes, tmp):
    """mtimes: "keep" (the session's), "ts" (from the .ts.logs) or "alike"; "timed": the
    .ts.logs themselves, with their line times."""
    for ts in sorted(glob.glob(os.path.join(session, "*.ts.log"))):
        raw = ts[:-len(".ts.log")] + ".log"
        dst = os.path.join(tmp, os.path.basename(raw))
        if mtimes == "timed":
            shutil.copy2(ts, os.path.join(tmp, os.path.basename(ts)))
        elif os.path.exists(raw):
            shutil.copy2(raw, dst)
        else:   # the tee'd log is the timed one without its prefixes
            with open(ts, "rb") as f, open(dst, "wb") as g:
                for line in f:
                    g.write(line.split(b" ", 1)[1] if b" " in line else line)
            shutil.copystat(ts, dst)
    shutil.copy2(os.path.join(session, trace), os.path.join(tmp, trace))
    if mtimes == "alike":
        for f in os.listdir(tmp):
            os.utime(os.path.join(tmp, f), (1.7e9, 1.7e9))
    elif mtimes == "ts":
        for ts in glob.glob(os.path.join(session, "*.ts.log")):
            t = last_arrival(ts)
            os.utime(os.path.join(tmp, os.path.basename(ts)[:-len(".ts.log")] + ".log"), (t, t))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("session")
    ap.add_argument("benchreport")
    ap.add_argument("--trace", default="power-1s.csv")
    ap.add_argument("--truth-trace")
    ap.add_argument("--tolerance", type=float, default=0.05)
    ap.add_argument("--keep-mtimes", action="store_true")
    ap.add_argument("--mtimes-from-ts", action="store_true")
    ap.add_argument("--allow-refusals", action="store_true")
    ap.add_argument("--timed", action="store_true")
    ap.add_argument("--tz", help="benchreport's --tz (the traces' zone)")
    ap.add_argument("--clock-offset", help="benchreport's --clock-offset DEVICE=SECONDS")
    a = ap.parse_args()
    counter = (counter_from_trace(os.path.join(a.session, a.truth_trace)) if a.truth_trace
               else counter_from_nvml(os.path.join(a.session, "nvml-energy.csv")))
    with tempfile.TemporaryDirectory() as tmp:
        untimed_copy(a.session, a.trace, "timed" if a.timed else "keep" if a.keep_mtimes else
                     "ts" if a.mtimes_from_ts else "alike", tmp)
        res = subprocess.run([a.benchreport, tmp, "--as", "json"] +
                             (["--tz", a.tz] if a.tz else []) +
                             (["--clock-offset", a.clock_offset] if a.clock_offset else []),
                             capture_output=True, text=True)
        rows = {(r["model"], str(r["batch"])): r for r in json.loads(res.stdout)["rows"]}
    bad, shown = 0, []
    tslogs = sorted(glob.glob(os.path.join(a.session, "*.ts.log")))
    epochs = epochs_of(a.benchreport, tslogs)
    for ts in tslogs:
        name = os.path.basename(ts)[:-len(".ts.log")]
        _, model, batch = name.rsplit("_", 2)
        truth = [at(counter, e) - at(counter, s) for s, e in epochs[ts]][1:]
        r = rows.get((model, batch))
        got = r["energy"]["value"] if r else None
        mean = r is not None and (r["energy"].get("method") or "").startswith("mean")
        want = statistics.mean(truth) if mean else statistics.median(truth)
        if got is None:
            verdict = "refused" + ("" if a.allow_refusals else " (FAIL)")
            bad += not a.allow_refusals
            shown.append((name, "-", f"{want:.1f}", "-", verdict,
                          r["alignment"] if r else "no row"))
            continue
        diff = got / want - 1
        ok = abs(diff) <= a.tolerance
        bad += not ok
        shown.append((name, f"{got:.1f}", f"{want:.1f}", f"{100 * diff:+.1f}%",
                      "ok" if ok else "FAIL", r["alignment"]))
    print(f"{'run':24} {'benchreport J':>14} {'truth J':>10} {'diff':>8}  verdict  alignment")
    for s in shown:
        print(f"{s[0]:24} {s[1]:>14} {s[2]:>10} {s[3]:>8}  {s[4]:7}  {s[5]}")
    sys.exit(1 if bad else 0)


main()
