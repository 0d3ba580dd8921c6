#!/usr/bin/env python3
"""Starts `oware uci` (COUNT processes at once), times `uci` -> `uciok`, then
sends `position startpos` and `go movetime 1000` to each, and after their
`bestmove` reads VmRSS, RssAnon, RssFile (/proc/PID/status), Pss and
Shared_Clean (/proc/PID/smaps_rollup), in MB. Linux only.
Usage: OWARE_EGDB=DIR python3 docs/measure_uci.py BINARY [COUNT] [RUNS]
(docs/endgames.md has the figures)."""
import subprocess, sys, time, os, statistics
binary = sys.argv[1]; count = int(sys.argv[2]) if len(sys.argv) > 2 else 1
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
def status(pid):
    out = {}
    for line in open(f"/proc/{pid}/smaps_rollup"):
        k, _, v = line.partition(":")
        if k in ("Pss", "Shared_Clean"):
            out[k] = int(v.split()[0]) // 1024
    for line in open(f"/proc/{pid}/status"):
        k, _, v = line.partition(":")
        if k in ("VmRSS", "RssAnon", "RssFile", "RssShmem"):
            out[k] = int(v.split()[0]) // 1024
    return out
def wait_for(p, word):
    lines = []
    while True:
        line = p.stdout.readline()
        if not line: raise SystemExit(f"eof waiting for {word}: {lines}")
        lines.append(line.strip())
        if line.startswith(word): return lines
starts = []
for run in range(runs):
    procs = []
    for _ in range(count):
        t = time.monotonic()
        p = subprocess.Popen([binary, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        p.stdin.write("uci\n"); p.stdin.flush()
        wait_for(p, "uciok")
        starts.append(time.monotonic() - t)
        procs.append(p)
    for p in procs:
        p.stdin.write("position startpos\ngo movetime 1000\n"); p.stdin.flush()
    for p in procs:
        lines = wait_for(p, "bestmove")
    rss = [status(p.pid) for p in procs]
    for p in procs:
        p.stdin.write("quit\n"); p.stdin.flush(); p.wait()
    print(f"run {run}: rss {rss}", [l for l in lines if 'info string' in l])
starts.sort()
print(f"uci -> uciok: median {statistics.median(starts)*1000:.1f} ms, min {starts[0]*1000:.1f}, max {starts[-1]*1000:.1f} ms over {len(starts)}")
