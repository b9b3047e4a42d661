#!/bin/sh
# Remakes the trace fixtures of the check view's tests (run from this folder;
# needs python3). The passing traces are Slidelab's own (`slidelab trace`)
# and the Python starter's; the failing ones come from copies of the starter
# broken in the three classic ways of cmd/slidelab/check_starter_test.go.
set -eu
B="8 1 3 / 4 0 2 / 7 6 5"
S=../../../../docs/starter/astar.py
go run ../../../../cmd/slidelab trace --algorithm 'a*' --heuristic manhattan "$B" > astar-slidelab.jsonl
go run ../../../../cmd/slidelab trace --algorithm 'ida*' --heuristic manhattan "$B" > ida-slidelab.jsonl
python3 "$S" "$B" > astar-starter.jsonl
T=$(mktemp -d)
python3 - "$S" "$T" <<'PY'
import sys
src = open(sys.argv[1]).read()
def edit(s, *pairs):
    for a, b in zip(pairs[::2], pairs[1::2]):
        assert a in s, a
        s = s.replace(a, b, 1)
    return s
out = sys.argv[2]
open(out + "/wrong-h.py", "w").write(edit(src,
    "if tile != 0:  # the blank does not count", "if True:",
    "home = tile - 1", "home = (tile - 1) % (n * n)"))
open(out + "/no-closed.py", "w").write(edit(src,
    "        if board in closed or g > best_g[board]:\n            continue  # expanded already, or a shorter path was found since\n", "",
    "if g + 1 < best_g.get(child, math.inf):", "if True:"))
open(out + "/early-goal.py", "w").write(edit(src,
    "        for child in kids:\n", "        for child in kids:\n            if child == goal:\n                emit(event=\"goal\", board=list(child), g=g + 1)\n                return g + 1\n"))
PY
for k in wrong-h no-closed early-goal; do python3 "$T/$k.py" "$B" > "$k.jsonl"; done
rm -r "$T"
