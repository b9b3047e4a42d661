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

// editDistance is the Levenshtein distance between a and b (bytes).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
