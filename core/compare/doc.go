// Package compare runs heuristic comparisons: every heuristic on every
// instance of a set, with a node limit, a timeout per run and cancellation,
// on all cores, reporting progress; and collects per run the solution length,
// the heuristic's estimate of the start, nodes expanded and generated per
// IDA* iteration and in total, the time taken and whether a limit stopped it.
// Reports export as CSV and JSON.
//
// Built-in instance sets (Classroom, Korf100, RandomBoards, RandomWalks,
// ParseSet) let a comparison run with no files.
package compare
