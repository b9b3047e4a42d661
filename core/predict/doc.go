// Package predict predicts IDA*'s nodes per iteration with the formula of
// Korf, Reid and Edelkamp ("Time complexity of iterative-deepening-A*",
// Artificial Intelligence 129, 2001), and compares the prediction with the
// counts IDA* measured (a compare.Report).
//
// KRE's formula: the nodes IDA* expands in the iteration with cost bound d
// are E(N, d, P) = sum over i = 0..d of N_i * P(d-i), where N_i is the number
// of nodes at depth i of the brute-force search tree and P(v) the
// equilibrium probability that a node's heuristic value is at most v. A node
// at depth i is expanded exactly when g + h = i + h <= d (for a consistent
// heuristic its ancestors then pass the bound too).
//
// For the sliding-tile puzzle N_i and P depend on the blank's cell, so the
// package works per cell: Tree counts the tree's nodes at each depth by the
// blank's cell (and the move that led there) exactly, by a recurrence over
// the cells; Distribution holds, per blank cell c, the heuristic's values
// over the solvable states with the blank in c (all of them for boards of
// at most 9 cells, a seeded uniform sample otherwise). The prediction is
//
//	expanded(d)  = sum_i sum_c N_i[c] * P_c(d-i)
//	generated(d) = sum_i sum_c sum_m N_i[c,m] * b(c,m) * P_c(d-i)
//
// where b(c,m) is the number of children of a node with the blank in c
// reached by move m (IDA* with parent pruning). The second is the quantity
// core/search counts as "generated" (every child of an expanded node), the
// measure Korf reports. Weighting P_c by the tree's nodes with the blank in c
// is KRE's blank-position-dependent weighting, done per cell at every depth
// rather than with asymptotic class shares.
package predict
