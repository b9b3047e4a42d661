#!/usr/bin/env python3
"""A* with the Manhattan distance on a sliding-tile puzzle, writing a trace.

    python3 astar.py "1 2 3 / 4 5 6 / 0 7 8" > trace.jsonl
    slidelab check --algorithm 'a*' --heuristic manhattan trace.jsonl

The goal is 1 2 ... n*n-1 with the blank (0) last. The trace format is
docs/formats-trace.md: one JSON line per expansion with the board and g.
"""
import heapq, json, math, sys


def manhattan(board, n):
    h = 0
    for cell, tile in enumerate(board):
        if tile != 0:  # the blank does not count
            home = tile - 1
            h += abs(cell // n - home // n) + abs(cell % n - home % n)
    return h


def children(board, n):
    """The boards one move away: the blank goes up, down, left, right."""
    blank = board.index(0)
    r, c = divmod(blank, n)
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < n and 0 <= c + dc < n:
            b = list(board)
            b[blank], b[(r + dr) * n + c + dc] = b[(r + dr) * n + c + dc], 0
            yield tuple(b)


def astar(start, n, emit):
    goal = tuple(range(1, n * n)) + (0,)
    best_g = {start: 0}  # the shortest path found to each board
    closed = set()
    count = 0  # ties: lowest f, then larger g, then the one pushed last
    open_list = [(manhattan(start, n), 0, 0, start)]
    while open_list:
        f, minus_g, _, board = heapq.heappop(open_list)
        g = -minus_g
        if board in closed or g > best_g[board]:
            continue  # expanded already, or a shorter path was found since
        if board == goal:
            emit(event="goal", board=list(board), g=g)
            return g
        closed.add(board)
        kids = list(children(board, n))
        for child in kids:
            if g + 1 < best_g.get(child, math.inf):
                best_g[child] = g + 1
                closed.discard(child)
                count -= 1
                heapq.heappush(open_list, (g + 1 + manhattan(child, n), -(g + 1), count, child))
        emit(event="expand", board=list(board), g=g, h=manhattan(board, n), children=[list(k) for k in kids])
    return None


def main():
    text = sys.argv[1] if len(sys.argv) > 1 else sys.stdin.readline()
    tiles = tuple(0 if t == "_" else int(t) for t in text.replace("/", " ").replace(",", " ").split())
    n = math.isqrt(len(tiles))
    emit = lambda **event: print(json.dumps(event))
    emit(format="slidelab-trace", version=1, generator="docs/starter/astar.py")
    if astar(tiles, n, emit) is None:
        sys.exit("no solution")


if __name__ == "__main__":
    main()
