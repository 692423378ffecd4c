#!/usr/bin/env python3
"""Prefixes each line of stdin with its arrival time, ISO 8601 UTC with
microseconds (what `ts '%Y-%m-%dT%H:%M:%.SZ'` from moreutils writes under
TZ=UTC), and copies it to stdout unchanged otherwise ('\\r' kept)."""
import datetime, sys
for raw in sys.stdin.buffer:
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ ")
    sys.stdout.buffer.write(now.encode() + raw)
    sys.stdout.buffer.flush()
