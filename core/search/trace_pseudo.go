package search

// The pseudocode of the search chapter's further algorithms (see Pseudocode
// and traceLines).
var (
	dfsPseudocode = depthFirstPseudocode("DEPTH-FIRST-SEARCH(start, L) (L: the depth limit, ∞ when none)")
	dlsPseudocode = depthFirstPseudocode("DEPTH-LIMITED-SEARCH(start, L) (L: the depth limit)")

	iddfsPseudocode = []string{
		"ITERATIVE-DEEPENING-SEARCH(start)",
		"  for L ← 0, 1, 2, ... (a new depth-limited pass)", // iteration
		"    result ← DEPTH-LIMITED(start, L)",
		"    if result is not cutoff then return result",
		"DEPTH-LIMITED(n, L) (visit n)",                                                // select
		"  if n is the goal then return the path to n",                                 // goal
		"  for each move of the blank, except the one undoing the move that reached n", // expand
		"    c ← the board after the move; depth(c) ← depth(n) + 1",                    // generate
		"    if depth(c) > L then cut c off (cutoff)",                                  // prune
		"    if the cycle check rejects c then skip c (a duplicate)",                   // duplicate
		"  for each child c not cut off or skipped, in move order",
		"    if DEPTH-LIMITED(c, L) found the goal then return it",
		"  return cutoff if a child was cut off, else failure",
	}
	ucsPseudocode = []string{
		"UNIFORM-COST-SEARCH(start)",
		"  g(start) ← 0; OPEN ← {start}; CLOSED ← ∅",
		"  while OPEN is not empty",
		"    n ← the node of OPEN with the lowest g (ties: the one put in OPEN last); remove it", // select
		"    if n is the goal then return the path to n",                                         // goal
		"    add n to CLOSED",
		"    for each move of the blank, except the one undoing the move that reached n", // expand
		"      c ← the board after the move; g' ← g(n) + the move's cost",                // generate
		"      if c is in OPEN or CLOSED with g(c) ≤ g' then skip c (a duplicate)",       // duplicate
		"      if c is in CLOSED then move c back to OPEN (reopen)",                      // reopen
		"      g(c) ← g'; parent(c) ← n; put c in OPEN with priority g(c)",               // improve
		"  return failure",
	}
	wastarPseudocode = []string{
		"WEIGHTED-A*(start, w)",
		"  g(start) ← 0; OPEN ← {start}; CLOSED ← ∅",
		"  while OPEN is not empty",
		"    n ← the node of OPEN with the lowest g + w·h (ties: the larger g, then the one put in OPEN last); remove it", // select
		"    if n is the goal then return the path to n (its cost is at most w times the optimum)",                        // goal
		"    add n to CLOSED",
		"    for each move of the blank, except the one undoing the move that reached n", // expand
		"      c ← the board after the move; g' ← g(n) + the move's cost",                // generate
		"      if c is in OPEN or CLOSED with g(c) ≤ g' then skip c (a duplicate)",       // duplicate
		"      if c is in CLOSED then move c back to OPEN (reopen)",                      // reopen
		"      g(c) ← g'; parent(c) ← n; put c in OPEN with priority g(c) + w·h(c)",      // improve
		"  return failure",
	}
	rbfsPseudocode = []string{
		"RBFS(start)",
		"  return VISIT(start, F(start) = f(start), ∞)",
		"VISIT(n, F(n), limit) (select n; F(n) is its stored f)",                       // select
		"  if n is the goal then return the path to n",                                 // goal
		"  for each move of the blank, except the one undoing the move that reached n", // expand
		"    c ← the board after the move; F(c) ← max(g(c) + h(c), F(n))",              // generate
		"  loop",
		"    b ← the child with the least F (the first in move order on a tie)",
		"    if F(b) > limit then return failure and back up F(n) ← F(b)", // backup
		"    alt ← the second least F of the children (∞ when none)",
		"    result, F(b) ← VISIT(b, F(b), min(limit, alt))",
		"    if result is not failure then return result",
	}
	smaPseudocode = []string{
		"SMA*(start, N) (at most N nodes in memory)",
		"  F(start) ← f(start); MEMORY ← {start}",
		"  loop",
		"    n ← the node with the least key (a leaf's F; else its forgotten f), the deepest, then the newest", // select
		"    if n is an unexpanded leaf and the goal then return the path to n",                                // goal
		"    if n was never expanded then C ← its children, except the move back",                              // expand
		"    else C ← its dropped children (regenerate them); forgotten(n) ← ∞",                                // regenerate
		"    for each c in C: F(c) ← max(g(c) + h(c), F(n))",                                                   // generate
		"    while MEMORY holds more than N - |C| nodes",
		"      drop the leaf with the highest F (the shallowest, then the oldest); forgotten(parent) ← min(forgotten(parent), F)", // drop
		"    add C to MEMORY; back up F(n) and its ancestors' F ← min(F of children, forgotten f)",
	}
	bibfsPseudocode = []string{
		"BIDIRECTIONAL-BFS(start, goal)",
		"  F ← {start}; B ← {goal} (the boards each side reached, with their depth d)",
		"  FRONTIER_F ← [start]; FRONTIER_B ← [goal]; best ← none",
		"  loop",
		"    side ← the side with the smaller frontier (the start's on a tie); LAYER ← its frontier; its frontier ← []",
		"    for each n of LAYER in order (select n)",                                      // select
		"      for each move of the blank, except the one undoing the move that reached n", // expand
		"        c ← the board after the move; d(c) ← d(n) + 1",                            // generate
		"        if this side reached c before then skip c (a duplicate)",                  // duplicate
		"        add c to this side's set and to its frontier",
		"        if the other side reached c then they meet: best ← the shorter of best and d(c) + d_other(c)", // meet
		"    if best is not none then return the path start → c → goal through best",                           // goal
		"    if a frontier is empty then return failure",
	}
)

// depthFirstPseudocode returns the pseudocode of DFS and DLS under title.
func depthFirstPseudocode(title string) []string {
	return []string{
		title,
		"  STACK ← [start] (last in, first out; cutoff ← false)",
		"  while STACK is not empty",
		"    n ← pop the top of STACK (the deepest; the first move's child first); visit n",                                        // select
		"    if n is the goal then return the path to n",                                                                           // goal
		"    for each move of the blank, except the one undoing the move that reached n",                                           // expand
		"      c ← the board after the move; depth(c) ← depth(n) + 1",                                                              // generate
		"      if depth(c) > L then cut c off (cutoff ← true)",                                                                     // prune
		"      if the cycle check rejects c (path: c is on the path to n; closed: c was reached before) then skip c (a duplicate)", // duplicate
		"    push the children not cut off or skipped on STACK, the last move's first",
		"  return cutoff if a child was cut off, else failure",
	}
}
