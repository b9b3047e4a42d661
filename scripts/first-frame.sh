#!/bin/sh
# scripts/first-frame.sh [-n ROUNDS] BINARY...
#
# How long the desktop app takes to its first frame: starts each BINARY (a
# build of cmd/visualizer) on a private Xvfb screen (1280x800), ROUNDS times
# (default 5), alternating between the binaries, and prints each time and
# the median. The time runs from the start of the process to the first
# screen read back (every 2 ms or so, tools/firstframe) that holds a drawn
# window. Uses the pattern database cache as it is (warm after a first
# start). Needs Xvfb, libx11-dev and a C compiler; run it under `chrt -f 10`
# on a busy machine for wall-clock figures (docs/performance.md).
set -eu
rounds=5
if [ "${1:-}" = "-n" ]; then rounds=$2; shift 2; fi
if [ $# -eq 0 ]; then echo "usage: $0 [-n ROUNDS] BINARY..." >&2; exit 2; fi
here=$(cd "$(dirname "$0")/.." && pwd)
probe=$(mktemp -d)
trap 'kill "$xvfb" 2>/dev/null || true; rm -rf "$probe"' EXIT
cc -O2 -o "$probe/firstframe" "$here/tools/firstframe/firstframe.c" -lX11
Xvfb -displayfd 3 -screen 0 1280x800x24 3>"$probe/display" 2>/dev/null &
xvfb=$!
i=0; while [ ! -s "$probe/display" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
DISPLAY=:$(cat "$probe/display"); export DISPLAY
for b in "$@"; do "$probe/firstframe" 60 "$b" >/dev/null 2>&1 || true; done # a first start each: caches warm
r=0
while [ $r -lt "$rounds" ]; do
	for b in "$@"; do
		t=$("$probe/firstframe" 60 "$b" 2>/dev/null | sed -n 's/^first frame \([0-9.]*\) s$/\1/p')
		echo "$b ${t:-none}" | tee -a "$probe/times"
	done
	r=$((r+1))
done
echo "load $(cut -d' ' -f1-3 /proc/loadavg)"
for b in "$@"; do
	grep "^$b " "$probe/times" | awk '{print $2}' | sort -n |
		awk -v b="$b" '{v[NR]=$1} END {printf "%s: median %s s of %d (min %s, max %s)\n", b, v[int((NR+1)/2)], NR, v[1], v[NR]}'
done
