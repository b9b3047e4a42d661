package lesson

import (
	"fmt"
	"strings"
)

// suggest returns the candidate closest to word by edit distance, when it
// is close enough to be a likely typo ("" otherwise).
func suggest(word string, candidates []string) string {
	word = strings.ToLower(word)
	if len(word) > 64 {
		return ""
	}
	best, bestD := "", 1<<30
	for _, c := range candidates {
		if d := editDistance(word, c); d < bestD {
			best, bestD = c, d
		}
	}
	if bestD <= max(1, min(3, len(word)/3)) {
		return best
	}
	return ""
}

// unknown formats "unknown heuristic 'manhatan' (did you mean manhattan?)",
// or with the list of names when no candidate is close.
func unknown(what, word string, candidates []string) string {
	shown := word
	if len(shown) > 40 {
		shown = shown[:40] + "..."
	}
	if s := suggest(word, candidates); s != "" {
		return fmt.Sprintf("unknown %s '%s' (did you mean %s?)", what, shown, s)
	}
	return fmt.Sprintf("unknown %s '%s' (want %s)", what, shown, strings.Join(candidates, ", "))
}

// editDistance is the optimal string alignment distance between a and b
// (bytes): insertions, deletions, substitutions and swaps of two
// neighbouring letters each cost 1, so "stpe" is one edit from "step".
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
