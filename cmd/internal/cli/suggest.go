package cli

import "strings"

// A mistyped command or flag gets a one-line suggestion, as git and go
// give one: the known name closest to what was typed, when it is close
// enough to be what was meant.

// suggest returns the name of names closest to typed by edit distance
// (insertions, deletions, substitutions and transpositions of adjacent
// letters), when it is at most a third of the name's length (at least 1)
// and no other name is as close; typed being a prefix of exactly one
// name also makes that name the suggestion. It returns "" otherwise.
func suggest(typed string, names []string) string {
	typed = strings.ToLower(typed)
	best, bestDist, tie := "", 1<<30, false
	var prefixed []string
	for _, n := range names {
		if len(typed) >= 2 && strings.HasPrefix(n, typed) {
			prefixed = append(prefixed, n)
		}
		d := editDistance(typed, n)
		switch {
		case d < bestDist:
			best, bestDist, tie = n, d, false
		case d == bestDist:
			tie = true
		}
	}
	if best != "" && !tie && bestDist <= max(1, len(best)/3) {
		return best
	}
	if len(prefixed) == 1 {
		return prefixed[0]
	}
	return ""
}

// editDistance is the optimal string alignment distance between a and b
// (Damerau–Levenshtein without repeated edits of a substring), by bytes.
func editDistance(a, b string) int {
	prev2 := make([]int, len(b)+1)
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
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
