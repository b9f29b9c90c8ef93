package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// defLoopCases: a move rule's for clause over a def's list comprehension
// (or one written in place) fused into the rule behind the test that the
// parameters are sets or lists of int tuples (internal/defloops): the
// same values, options in the same order and the same errors with the
// pass on and off, where the test holds and where it does not (elements
// that are not tuples, too wide, too large, an int for a set), and where
// the def's list and the rule's body both fail (the list's error first,
// as the rule as written meets it).
var defLoopCases = []string{
	`def dominoes(S) = [(a, b) for a in S for b in [(a[0], a[1] + 1), (a[0] + 1, a[1])] if b in S]
game cram(S) moves cram(S - {a, b}) for (a, b) in dominoes(S)
print [sg(cram({(r, c) for r in 0 .. h - 1 for c in 0 .. w - 1})) for (w, h) in [(1, 1), (2, 2), (3, 2), (4, 3)]]
print moves(cram({(0, 0), (0, 1), (1, 0), (1, 1)})), sg(cram({(-5, 3000000000), (-5, 3000000001), (0, 0)}))
print sg(cram([(0, 0), (0, 1), (1, 1)]))`,
	// The def's list fails at an element that is no cell: as written.
	`def dominoes(S) = [(a, b) for a in S for b in [(a[0], a[1] + 1), (a[0] + 1, a[1])] if b in S]
game cram(S) moves cram(S - {a, b}) for (a, b) in dominoes(S)
print sg(cram({(0, 0), (0, 1), (1, 1), (5, "x")}))`,
	// The body fails at the first option, the list at a later element.
	`def dominoes(S) = [(a, b) for a in S for b in [(a[0], a[1] + 1), (a[0] + 1, a[1])] if b in S]
game cram(S) moves cram(S - {a, b} + 1) for (a, b) in dominoes(S)
print sg(cram({(0, 0), (0, 1), (1, 1), (5, 9223372036854775807)}))`,
	`def dominoes(S) = [(a, b) for a in S for b in [(a[0], a[1] + 1), (a[0] + 1, a[1])] if b in S]
game cram(S) moves cram(S - {a, b} + 1) for (a, b) in dominoes(S)
print sg(cram({(0, 0), (0, 1), (1, 1), (5, 7)}))`,
	`def dominoes(S) = [(a, b) for a in S for b in [(a[0], a[1] + 1), (a[0] + 1, a[1])] if b in S]
game cram(S) moves cram(S - {a, b}) for (a, b) in dominoes(S)
print sg(cram(7))`,
	// A pattern of exact names: elements of three ints do not unpack.
	`def right(S) = [(r, c) for (r, c) in S if (r, c + 1) in S]
game g(S) moves g(S - {p, (p[0], p[1] + 1)}) for p in right(S)
print sg(g({(0, 0), (0, 1), (0, 2), (1, 1), (1, 2)})), moves(g({(0, 0), (0, 1), (0, 2)}))
print sg(g({(0, 0, 1), (0, 1, 1)}))`,
	// Written in place; the rule's own filter fails after options of the
	// list; a child's error after the position's list of options.
	`game g(S) moves g(S - {a}) for a in [x for x in S if x[0] > 0] if 10 / (a[1] - 1) > 0
print sg(g({(1, 2), (2, 3), (0, 1)}))
print sg(g({(1, 2), (2, 1)}))`,
	`def opts(S) = [a for a in S if a[0] + a[1] < 10]
game g(S) moves g(S - {a}) for a in opts(S) if 10 / (len(S) - 1) > 0
print sg(g({(0, 1), (2, 2)}))`,
	`def opts(S) = [a for a in S if a[0] + a[1] < 10]
game g(S) moves g(S - {a}) for a in opts(S) if 10 / (len(S) - 1) > 0
print sg(g({(0, 1), (5, "x")}))`,
	// Node Kayles over cells: a def listing each cell with its neighbours.
	`def near(S) = [(v, {u for u in S if abs(u[0] - v[0]) + abs(u[1] - v[1]) <= 1}) for v in S]
game nk(S) moves nk(S - N) for (v, N) in near(S)
print [sg(nk({(r, c) for r in 0 .. 1 for c in 0 .. w - 1})) for w in 1 .. 4]`,
	`def pairs(S) = [(a, b) for a in S for b in S if a != b and abs(a[0] - b[0]) == 1]
game g(S) moves g(S - {a, b}) for (a, b) in pairs(S)
print sg(g({(0, 0), (1, 0), (2, 1), (1, 1)})), moves(g({(0, 0), (1, 5), (2, 1)}))
print sg(g({(0, 0), (1, 0), (1, 1, 1)}))`,
	// The positions listed by a def (a set less cells: S must be a set).
	`def opts(S) = [S - {a, b} for a in S for b in [(a[0], a[1] + 1), (a[0] + 1, a[1])] if b in S]
game cram(T) moves cram(U) for U in opts(T)
print [sg(cram({(r, c) for r in 0 .. h - 1 for c in 0 .. w - 1})) for (w, h) in [(1, 1), (2, 2), (3, 2), (4, 3)]], moves(cram({(0, 0), (0, 1), (1, 1)}))
print sg(cram([(0, 0), (0, 1)]))`,
	`def moves(S) = [S - {a, (a[0] + dr, a[1] + dc)} for a in S for (dr, dc) in [(0, 1), (1, 0)] if (a[0] + dr, a[1] + dc) in S]
game cram(T) moves cram(U + 1) for U in moves(T)
print sg(cram({(0, 0), (0, 1), (1, 2), (1, 9223372036854775807)}))`,
	// Pairs of a cell and a neighbour by offsets unpacked from a literal:
	// values on boards of several shapes, a second parameter passed on;
	// an option that is no subset of the position.
	`def dominoes(S) = [(a, (a[0] + dr, a[1] + dc)) for a in S for (dr, dc) in [(0, 1), (1, 0), (1, 1)] if (a[0] + dr, a[1] + dc) in S]
game g(S, k) moves g(S - {p, q}, k) for (p, q) in dominoes(S)
print [sg(g({(r, c) for r in 0 .. h - 1 for c in 0 .. w - 1 if (r * 7 + c * 3) % 5 != k}, k)) for (w, h) in [(1, 1), (2, 2), (3, 2), (4, 3), (5, 2)] for k in 0 .. 5]
print winning(g({(0, 0), (0, 1), (1, 1), (2, 2)}, 0)), outcome(g({(0, 0), (0, 1), (1, 1)}, 0))
print sg(g([(0, 0), (0, 1)], 1))`,
	`def dominoes(S) = [(a, b) for a in S for b in [(a[0], a[1] + 1), (a[0] + 1, a[1])] if b in S]
game g(S) moves g(S - {a} | {(b[0] + 5, b[1])}) for (a, b) in dominoes(S)
print sg(g({(0, 0), (0, 1), (1, 1)}))`,
	// A global bound to a literal, abs, a literal of ints iterated, a
	// comparison of cells; an element read past its tuple's end.
	`let K = 2
def far(S) = [(a, b) for a in S for b in S if abs(a[0] - b[0]) + abs(a[1] - b[1]) == K for t in [1, 2] if a[1] + t <= b[1] + 2 * K and a != b]
game g(S) moves g(S - {a, b}) for (a, b) in far(S)
print [sg(g({(r, c) for r in 0 .. h - 1 for c in 0 .. w - 1})) for (w, h) in [(2, 2), (3, 2), (3, 3)]], moves(g({(0, 0), (0, 2), (1, 1)}))
print sg(g({(0, 0, 5), (0, 2)}))
print sg(g({(0,), (1,)}))`,
	// (A tuple pattern over a literal after other clauses: plan's
	// splitBind read the element at the clause's index, a panic.)
	`game g(n) moves g(m) for k in 1 .. n for j in 0 .. 1 for (a, m) in [(k, n - k)]
print sg(g(5))`,
}

func TestDefLoopsExact(t *testing.T) {
	t.Parallel()
	diffCases(t, defLoopCases, passes.DefLoops, passes.Deforest, passes.All)
}
