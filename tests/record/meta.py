#!/usr/bin/env python3
"""Prints the values of meta.json keys, one per line (JSON null as "null",
lists joined by commas); fails when the file is not JSON. Used by run.sh."""
import json
import sys

m = json.load(open(sys.argv[1]))
for k in sys.argv[2:]:
    v = m[k]
    if v is None:
        print("null")
    elif isinstance(v, bool):
        print("true" if v else "false")
    elif isinstance(v, list):
        print(",".join(str(x) for x in v))
    else:
        print(v)
