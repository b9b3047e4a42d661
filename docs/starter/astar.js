#!/usr/bin/env node
// A* with the Manhattan distance on a sliding-tile puzzle, writing a trace.
//
//   node astar.js "1 2 3 / 4 5 6 / 0 7 8" > trace.jsonl
//   slidelab check --algorithm 'a*' --heuristic manhattan trace.jsonl
//
// The goal is 1 2 ... n*n-1 with the blank (0) last. The trace format is
// docs/formats-trace.md: one JSON line per expansion with the board and g.
"use strict";

function manhattan(board, n) {
  let h = 0;
  board.forEach((tile, cell) => {
    if (tile !== 0) { // the blank does not count
      const home = tile - 1;
      h += Math.abs(Math.floor(cell / n) - Math.floor(home / n)) + Math.abs((cell % n) - (home % n));
    }
  });
  return h;
}

// The boards one move away: the blank goes up, down, left, right.
function children(board, n) {
  const blank = board.indexOf(0), r = Math.floor(blank / n), c = blank % n, out = [];
  for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
    if (r + dr >= 0 && r + dr < n && c + dc >= 0 && c + dc < n) {
      const b = board.slice(), other = (r + dr) * n + c + dc;
      [b[blank], b[other]] = [b[other], 0];
      out.push(b);
    }
  }
  return out;
}

// A binary heap ordered by less(a, b).
class Heap {
  constructor(less) { this.a = []; this.less = less; }
  get size() { return this.a.length; }
  push(x) {
    const a = this.a; a.push(x);
    for (let i = a.length - 1; i > 0;) {
      const p = (i - 1) >> 1;
      if (!this.less(a[i], a[p])) break;
      [a[i], a[p]] = [a[p], a[i]]; i = p;
    }
  }
  pop() {
    const a = this.a, top = a[0], last = a.pop();
    if (a.length > 0) {
      a[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1, r = l + 1;
        let m = i;
        if (l < a.length && this.less(a[l], a[m])) m = l;
        if (r < a.length && this.less(a[r], a[m])) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m], a[i]]; i = m;
      }
    }
    return top;
  }
}

function astar(start, n, emit) {
  const goal = [...Array(n * n - 1).keys()].map((i) => i + 1).concat([0]).join(",");
  const bestG = new Map([[start.join(","), 0]]), closed = new Set();
  // Ties: lowest f, then larger g, then the one pushed last.
  const open = new Heap((x, y) => x.f !== y.f ? x.f < y.f : x.g !== y.g ? x.g > y.g : x.count > y.count);
  let count = 0;
  open.push({ f: manhattan(start, n), g: 0, count, board: start });
  while (open.size > 0) {
    const { g, board } = open.pop(), key = board.join(",");
    if (closed.has(key) || g > bestG.get(key)) continue; // expanded already, or a shorter path found since
    if (key === goal) {
      emit({ event: "goal", board, g });
      return g;
    }
    closed.add(key);
    const kids = children(board, n);
    for (const child of kids) {
      const k = child.join(",");
      if (!bestG.has(k) || g + 1 < bestG.get(k)) {
        bestG.set(k, g + 1);
        closed.delete(k);
        open.push({ f: g + 1 + manhattan(child, n), g: g + 1, count: ++count, board: child });
      }
    }
    emit({ event: "expand", board, g, h: manhattan(board, n), children: kids });
  }
  return null;
}

const text = process.argv[2] || require("fs").readFileSync(0, "utf8").split("\n")[0];
const tiles = text.replace(/[\/,]/g, " ").trim().split(/\s+/).map((t) => (t === "_" ? 0 : Number(t)));
const lines = [];
const emit = (event) => lines.push(JSON.stringify(event));
emit({ format: "slidelab-trace", version: 1, generator: "docs/starter/astar.js" });
if (astar(tiles, Math.round(Math.sqrt(tiles.length)), emit) === null) {
  console.error("no solution");
  process.exit(1);
}
process.stdout.write(lines.join("\n") + "\n");
