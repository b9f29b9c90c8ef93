package lang

// Suggest returns the candidate closest to word by edit distance, if it
// is close enough to be a likely typo (no edit for one letter, one for up
// to four, two for up to eight, three beyond), or "". The resolver, the
// parser and the REPL use it for their "did you mean" hints.
func Suggest(name string, names []string) string {
	limit := 0 // edits allowed: none for one letter, then more for longer names
	switch n := len([]rune(name)); {
	case n >= 9:
		limit = 3
	case n >= 5:
		limit = 2
	case n >= 2:
		limit = 1
	}
	best, bestD := "", limit+1
	for _, n := range names {
		if n == name {
			continue
		}
		if d := editDistance(name, n); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// editDistance is the optimal string alignment distance: insertions,
// deletions, substitutions, and transpositions of neighbours (mvoes is one
// edit from moves).
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
