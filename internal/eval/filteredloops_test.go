package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// filteredLoopCases: a for clause over a set followed by an if clause
// whose plain condition reads the element and other names (package
// eqindex's filterSet: the elements known to pass or fail kept per value
// of the other names), against the loop as written: pairs of cells by a
// def (Manhattan distance), a tuple pattern, sets of ints, of strings
// (ids that do not ascend with the elements), an error for some
// elements only, a let the condition reads, a condition that reads no
// other name, an early stop (moves and winning).
var filteredLoopCases = []string{
	`let (W, H) = (4, 3)
def board(w, h) = {(r, c) for r in 0 .. h - 1 for c in 0 .. w - 1}
def adj(a, b) = abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
game cram(S) moves cram(S - {a, b}) for a in S for b in S if a < b and adj(a, b)
game cram2(S) moves cram2(S - {(r, c), (r2, c2)}) for (r, c) in S for (r2, c2) in S if (r, c) < (r2, c2) and abs(r - r2) + abs(c - c2) == 1
let full = board(W, H)
print [sg(cram(board(w, H))) for w in 1 .. W], [sg(cram(full - {x})) for x in full], sg(cram2(full)), moves(cram({(0, 0), (0, 1), (1, 1)}))
print winning(cram(board(3, 2)))`,
	`game g(S) moves g(S - {a, b}) for a in S for b in S if a < b and (b - a) % 3 == 1
print [sg(g(set(0 .. n))) for n in 0 .. 9], sg(g({2, 5, 9, 40, 43, 5000, 5003}))`,
	`game g(S) moves g(S - {a, b}) for a in S for b in S if len(a) < len(b) and b[0] == a[0]
print sg(g({"a", "ab", "b", "ba", "abc", "bab", "c", "ca"})), sg(g({"zz", "z", "y", "yy", "yyy", "zzz", "x"})), [sg(g({"q" * k for k in 1 .. n} | {"p" * k for k in 1 .. n})) for n in 1 .. 5]`,
	`game g(S) moves g(S - {a, b}) for a in S for b in S if a != b and 12 / (b - 3) > a
print sg(g({0, 1, 2}))
print sg(g({0, 1, 2, 3, 4}))`,
	`let K = 2
def near(a, b) = abs(a - b) <= K
game g(S) moves g(S - {a, b}) for a in S for b in S if a < b and near(a, b)
print [sg(g(set(0 .. n))) for n in 0 .. 8]`,
	`game g(S) moves g(S - {a}) for a in S if a % 3 != 1
  | g(S - {a, b}) for a in S for b in S if b > a and b % 2 == 0
print [sg(g(set(0 .. n))) for n in 0 .. 8]
print sg(g({(1, 2), (2, 3)}))`,
}

func TestFilteredLoopExact(t *testing.T) {
	t.Parallel()
	diffCases(t, filteredLoopCases, passes.Bitsets, passes.EqIndex, passes.All)
}
