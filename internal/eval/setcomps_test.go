package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// setOfListCases: set([E for ...]) of a list comprehension, and set(f(...))
// of a def whose body is one, taken as the set comprehension (package
// algebra's setOfListComp, package build's setOfList): the same values
// and errors as the list built and made a set, with repeats, elements of
// several kinds, an error inside the def (on the trace with its call),
// a loop over sorted(S).
var setOfListCases = []string{
	`game div(S) moves div(S - set([e for e in S if e % d == 0])) for d in S
print [sg(div(set(divisors(n)) - {1})) for n in [12, 60, 360, 4320]]
print sg(div({0, 2, 3}))`,
	`def mults(S, d) = [e for e in S if e % d == 0]
game div(S) moves div(S - set(mults(S, d))) for d in sorted(S)
print [sg(div(set(divisors(n)) - {1})) for n in [12, 60, 360, 4320]]
print sg(div({2, 3, 0}))`,
	`def keep(S, d) = [e for e in S if e != d and e != d + 1]
game k(S) moves k(set(keep(S, d))) for d in S
print sg(k(set(0 .. 9))), sg(k({(1, 2), (3, 4)})), sg(k({"a", 1, (2, 3)}))`,
	`game m(S) moves m(set([e % 5 for e in S if e != d])) for d in S
print sg(m(set(0 .. 12))), sg(m({1, 6, 11}))
print sg(m({1, "a"}))`,
	`def around(S, c) = [(r, q) for (r, q) in S if abs(r - c[0]) + abs(q - c[1]) > 1]
game cover(S) moves cover(set(around(S, c))) for c in S
print sg(cover({(r, q) for r in 0 .. 2 for q in 0 .. 3}))
print sg(cover({(0, 0), 5}))`,
}

func TestSetOfListExact(t *testing.T) {
	t.Parallel()
	diffCases(t, setOfListCases, passes.Algebra, passes.Bitsets, passes.Inline, passes.All)
}

// sortedLoopCases: a for clause over sorted(S) of a set of ints or of
// strings iterates S (package compile's forClause): the same values and
// errors as the sorted list, and sorted as written for other sets (of
// tuples, of several kinds, of games) and for lists, a map, an int.
var sortedLoopCases = []string{
	`game t(S) moves t(S - {x}) for x in sorted(S) if x % 2 == 0 or len(S) < 3
print sg(t(set(0 .. 9))), sg(t({"a", "b"} | set())), [x for x in sorted({3, 1, 2})]
print [x for x in sorted({"b", "a"})], [x for x in sorted({(2, 1), (1, 2)})], [k for k in sorted({2: 1, 1: 2})]
print [x for x in sorted([3, 1, 3])], sum([x for x in sorted(set(divisors(360)))])
print [x for x in sorted({1, "a"})]`,
	`print [x for x in sorted({*1, *0})]`,
	`print [x for x in sorted(3)]`,
	`game g(S) moves g(S - {x, y}) for x in sorted(S) for y in sorted(S) if x < y and (x + y) % 3 != 0
print sg(g(set(1 .. 8))), sg(g({5000, 6000, 7001, 9})), sg(g({(1, 2), (2, 3)}))
print sg(g({1, (1, 2)}))`,
}

func TestSortedLoopExact(t *testing.T) {
	t.Parallel()
	diffCases(t, sortedLoopCases, passes.Composite, passes.All)
}

// pairLitCases: S - {(r, c), (r - 1, c), ...} and S & {...}, pairs
// written as literals some of which lie outside the board (package
// build's litOperand: their ids looked up, none kept as bits), against
// the sets made: on a board of cells, on a set of other values, with an
// element that fails.
var pairLitCases = []string{
	`game nk(S) moves nk(S - {(r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)}) for (r, c) in S
let all = {(r, c) for r in 0 .. 2 for c in 0 .. 3}
print sg(nk(all)), [sg(nk(all - {x})) for x in all], sg(nk({(0, 0), (5, 5), (1, 0), "a"}))
print sg(nk({(0, 0), ("x", 1)}))`,
	`game k(S) moves k(S - {(r, c)} - (S & {(r - 1, c), (r, c - 2)})) for (r, c) in S if (r - 1, c) in S or c > 2
print sg(k({(r, c) for r in 0 .. 2 for c in 0 .. 4})), sg(k({(0, 0), (0, 3), (1, 3), (-1, 3)}))`,
	`game t(S) moves t(S - {(v, v - 1), (v - 1, 10 / v)}) for (v, w) in S
print sg(t({(3, 2), (2, 1), (2, 5)}))
print sg(t({(0, 1)}))`,
}

func TestPairLitExact(t *testing.T) {
	t.Parallel()
	diffCases(t, pairLitCases, passes.Bitsets, passes.Composite, passes.All)
}
