package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// setLitCases: a set less, with, within or but a literal whose elements
// are names of any value (tuples, strings, lists, ints out of the set's
// universe; package build's litOperand: the elements' ids over the set's
// universe, no set made). The same values, moves and errors with the
// composite pass off and every pass off: cells as tuples removed by a
// move, a string and a list element, an element the set lacks, | and ^
// with elements outside the universe (the operator), & of a literal,
// an element that fails to evaluate.
var setLitCases = []string{
	`let (W, H) = (4, 3)
def board(w, h) = {(r, c) for r in 0 .. h - 1 for c in 0 .. w - 1}
game cram(S) moves cram(T) for a in S for b in [(a[0], a[1] + 1), (a[0] + 1, a[1])] for T in [S - {a, b}] if len(T) == len(S) - 2
print [sg(cram(board(w, H))) for w in 1 .. W], moves(cram(board(2, 2)))
def dominoes(S) = [(a, b) for a in S for b in [(a[0], a[1] + 1), (a[0] + 1, a[1])] if b in S]
game cram2(S) moves cram2(S - {a, b}) for (a, b) in dominoes(S)
print [sg(cram2(board(w, H) - {(1, 1)})) for w in 1 .. W], winning(cram2(board(3, 2)))
`,
	`game w(S) moves w(S - {a, b}) for a in S for b in [a + "x", "q"] if len(a) < 3
print sg(w({"a", "ax", "b", "bx", "q"})), moves(w({"a", "ax"}))
game l(S) moves l(S - {a, b}) for a in S for b in S if a != b and len(a) == len(b)
print sg(l({[1], [2], [1, 2], [3, 4], (5, 6), "zz"})), outcome(l({[1], (1,)}))
`,
	`game u(S) moves u(S | {a, b}) for a in S for b in [(a[0] + 1, a[1])] if len(S) < 4 and a[0] < 3
print sg(u({(0, 0)})), moves(u({(0, 0), (1, 5)}))
game x(S) moves x(S ^ {a, b}) for a in S for b in [(a[0], a[1] + 1), "s"] if len(S) < 5 and a != "s" and a[1] < 3
print sg(x({(0, 0)})), outcome(x({(0, 0), (2, 2)}))
game k(S) moves k(S & {a, b}) for a in S for b in [(7, 7), a] if len(S) > 1
print sg(k({(0, 0), (1, 1), (7, 7)})), moves(k({(1, 2), (2, 1)}))
`,
	`game e(S) moves e(S - {a, b}) for a in S for b in [(a[0], 10 / (a[1] - 2))] if a[0] < 2
print sg(e({(0, 0), (1, 1), (0, 5), (0, 1)}))
print sg(e({(0, 0), (1, 2)}))
`,
}

func TestSetLitValuesExact(t *testing.T) {
	diffCases(t, setLitCases, passes.Composite, passes.WordSets, passes.All)
}
