package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// Moves that bind a set made by a set operator, test it and yield it
// (package wordsets: the set as the words of a universe's ids): the
// same values and errors with the pass on and off, and with the passes
// it stands on off.
var wordSetCases = []string{
	`let LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]
def dead(X) = any([all([j in X for j in L]) for L in LINES])
game nota(X) moves nota(X | {i}) for i in 0 .. 8 if not (i in X) and not dead(X | {i})
print sg(nota(set())), [sg(nota({i})) for i in 0 .. 8]`,
}

func TestWordSetsExact(t *testing.T) {
	t.Parallel()
	diffCases(t, wordSetCases, passes.WordSets, passes.Masks, passes.Inline, passes.Composite, passes.Bitsets, passes.All)
}
