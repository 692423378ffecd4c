#!/usr/bin/env python3
"""Checks a train.log written while a command printed "out N" on stdout and
"err N" on stderr, N = 1, 2, ... on each: every line is whole and stamped,
and each stream's numbers run 1..k without a gap. With --killed, the last line
of a stream may be cut (the command was killed inside a line, and record keeps
the piece). With --stdout FILE, the stdout lines must be exactly what record
passed through to FILE. Prints "LINES OUT_K ERR_K"."""
import re
import sys

args = sys.argv[1:]
killed = "--killed" in args
passed = None
if "--stdout" in args:
    passed = open(args[args.index("--stdout") + 1], "rb").read()
data = open(args[0], "rb").read()
assert not data or data.endswith(b"\n"), "train.log ends inside a line"
stamp_re = re.compile(rb"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z[ \t]")
want = {b" ": 1, b"\t": 1}
name = {b" ": b"out", b"\t": b"err"}
cut = {b" ": False, b"\t": False}
outs = []
lines = data.split(b"\n")[:-1]
for i, ln in enumerate(lines):
    assert stamp_re.match(ln), "line %d: %r" % (i + 1, ln[:80])
    sep, text = ln[27:28], ln[28:]
    assert not cut[sep], "line %d: %s after a cut line" % (i + 1, name[sep])
    if sep == b" ":
        outs.append(text)
    expect = b"%s %d" % (name[sep], want[sep])
    if text == expect:
        want[sep] += 1
        continue
    # only a killed command's last piece may be a prefix of the line it was writing
    assert killed and expect.startswith(text), "line %d: %r, wanted %r" % (i + 1, text, expect)
    cut[sep] = True
if passed is not None:
    joined = b"\n".join(outs) + (b"\n" if outs else b"")
    assert passed in (joined, joined[:-1]), "stdout differs from train.log's stdout lines"
print(len(lines), want[b" "] - 1, want[b"\t"] - 1)
