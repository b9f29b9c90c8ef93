package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// quantifierCases: all and any of comparisons with a range's variable
// as a bound on it (package algebra's quantifiedBound, then plan's
// bounds): every shape (all, any; <, <=, >, >=; the variable on either
// side), an empty range of the quantifier and of the variable, a range
// of the variable not from 0, a quantifier over a list's elements with a
// filter, in a move rule and in a comprehension. Where it must give up:
// an element read out of range, a division by zero, elements that are
// no ints, a quantifier that reads the variable, an element that fails
// only where the variable's range is empty.
var quantifierCases = []string{
	`game s(c) moves s(update(c, i, p)) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1 if all([c[j] < p for j in 0 .. i - 1])
print sum([sg(s([a, b, d])) for a in 0 .. 7 for b in a + 1 .. 7 for d in b + 1 .. 7]), moves(s([1, 4, 6])), winning(s([0, 3, 5]))
`,
	`game t(c) moves t(update(c, i, p)) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1 if not any([c[j] >= p for j in 0 .. i - 1])
game u(c) moves u(update(c, i, p)) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1 if all([p > c[j] for j in 0 .. i - 1])
print sum([sg(t([a, b, d])) for a in 0 .. 6 for b in a + 1 .. 6 for d in b + 1 .. 6]), sum([sg(u([a, b, d])) for a in 0 .. 6 for b in a + 1 .. 6 for d in b + 1 .. 6]), moves(t([2, 3, 6])), moves(u([2, 3, 6]))
`,
	`let L = [3, 7, 5]
let E = []
print [p for p in 0 .. 9 if all([x < p for x in L])], [p for p in 0 .. 9 if all([x <= p for x in L])], [p for p in 0 .. 9 if all([x > p for x in L])], [p for p in 0 .. 9 if all([x >= p for x in L])]
print [p for p in 0 .. 9 if any([x < p for x in L])], [p for p in 0 .. 9 if any([x <= p for x in L])], [p for p in 0 .. 9 if any([x > p for x in L])], [p for p in 0 .. 9 if any([x >= p for x in L])]
print [p for p in 2 .. 6 if all([x < p for x in E])], [p for p in 2 .. 6 if any([x < p for x in E])], [p for p in 2 .. 6 if all([x > p for x in E])], [p for p in 2 .. 6 if any([x >= p for x in E])]
print [(q, p) for q in 0 .. 3 for p in q .. 8 if all([p < x for x in L if x > q * 2])], [(q, p) for q in 0 .. 3 for p in -2 .. q + 4 if any([p <= x - q for x in L if x != 7])]
print [p for p in 5 .. 3 if all([x < p for x in L])], [(a, p) for a in 0 .. 3 for p in 0 .. 4 if all([x < p for x in 0 .. a - 1])]
`,
	`game s(c) moves s(update(c, i, p)) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1 if all([c[j + 1] < p for j in 0 .. i])
print sg(s([0, 3]))
print sg(s([2, 3]))
`,
	`game s(c) moves s(update(c, i, p)) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1 if all([c[j] / (c[j] - 2) < p for j in 0 .. i - 1])
print sg(s([0, 1, 4])), sg(s([1, 3, 4]))
print sg(s([2, 3, 4]))
`,
	`game s(c) moves s(update(c, i, p)) for i in 0 .. len(c) - 1 for p in 0 .. 3 if all([c[j] < p for j in 0 .. i - 1])
print sg(s([0, 1, 2]))
print sg(s([0, "a", 2]))
`,
	`print [p for p in 0 .. 3 if all([x < p for x in [1, "a"]])]
`,
	`print [p for p in 0 .. -1 if all([x < p for x in [1, "a"]])], [p for p in 0 .. -1 if all([10 / x < p for x in [0, 1]])]
print [p for p in 0 .. 2 if all([10 / x < p for x in [0, 1]])]
`,
	`print [p for p in 0 .. 6 if all([x < p + x - 3 for x in [1, 2]])], [p for p in 0 .. 6 if any([x < p for x in 0 .. p - 3])]
`,
	`game s(c) moves s(update(c, i, p)) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1 if all([c[j] < p for j in 0 .. i - 1]) and p != 2
print sum([sg(s([a, b, d])) for a in 0 .. 6 for b in a + 1 .. 6 for d in b + 1 .. 6]), moves(s([1, 4, 6]))
`,
	`game u(c) moves u(update(c, i, p)) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1 if p != 2 and all([p > c[j] for j in 0 .. i - 1])
game v(c) moves v(update(c, i, p)) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1 if 12 / (p - 3) != 5 and all([p > c[j] for j in 0 .. i - 1])
print sum([sg(u([a, b, d])) for a in 0 .. 6 for b in a + 1 .. 6 for d in b + 1 .. 6]), moves(u([1, 4, 6])), sg(v([0, 2, 3]))
print sg(v([1, 5, 6]))
`,
	`def free(c, i, p) = all([c[j] < p for j in 0 .. i - 1])
def low(c, i, p) = any([c[j] >= p for j in 0 .. i])
game s(c) moves s(update(c, i, p)) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1 if free(c, i, p)
game t(c) moves t(update(c, i, p)) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1 if not low(c, i - 1, p)
game u(c) moves u(update(c, i, p)) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1 if free(c, i + 1, p)
print sum([sg(s([a, b, d])) for a in 0 .. 6 for b in a + 1 .. 6 for d in b + 1 .. 6]), sum([sg(t([a, b, d])) for a in 0 .. 6 for b in a + 1 .. 6 for d in b + 1 .. 6]), moves(s([1, 4, 6]))
print sg(u([0, 0, 3]))
print sg(u([0, 2, 3]))
`,
	// A membership of the range's variable in the position's list before
	// the fold that bounds it (a filter that cannot fail: the bound
	// still narrows the range), a list the guard does not hold for, an
	// error after the membership, a membership in a slice.
	`game m(c) moves m(sorted(c[:i] + [p] + c[i + 1:])) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1 if p not in c and all([p > x for x in c[:i]])
print sg(m([0, 3, 5])), moves(m([1, 4, 6]))
print sg(m([0, "a", 5]))
`,
	`game m(c) moves m(sorted(c[:i] + [p] + c[i + 1:])) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1 if p not in c and all([p > x for x in c[:i]])
print sum([sg(m([a, b, d])) for a in 0 .. 7 for b in a + 1 .. 7 for d in b + 1 .. 7]), moves(m([1, 4, 6])), moves(m((2, 5)))
`,
	`game e(c) moves e(update(c, i, p)) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1 if p not in c and 10 / (p - 2) > 0 and all([p > x for x in c[:i]])
print sg(e([0, 1, 5]))
print sg(e([0, 4, 6]))
`,
	`let T = "ab"
game f(c) moves f(update(c, i, p)) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1 if p not in T and all([p > x for x in c])
print sg(f([0, 1]))
`,
	`game n(c) moves n(update(c, i, p)) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1 if not (p in c[i + 1:]) and p in [0, 1, 3, 5, 6] and all([p > x for x in c[:i]])
print sum([sg(n([a, b, d])) for a in 0 .. 7 for b in a + 1 .. 7 for d in b + 1 .. 7]), moves(n([1, 4, 6]))
`,
}

// TestQuantifierExact compares every case with the passes algebra and
// bounds off, and with every pass off.
func TestQuantifierExact(t *testing.T) {
	t.Parallel()
	diffCases(t, quantifierCases, passes.Algebra, passes.Bounds, passes.Masks, passes.All)
}

// toggleCases: a conditional on membership in a set whose branches
// remove and add that element is the symmetric difference (package
// algebra's setToggle), written in place or as a def; the branches the
// other way round; where it gives up: a list or an int where the set
// should be (the error of `-` as written), an element that fails, a
// branch that adds another element.
var toggleCases = []string{
	`def flip(S, j) = if j in S then S - {j} else S | {j}
game tt(S) moves tt(S - {i}) for i in S | tt(flip(S - {i}, j)) for i in S for j in 0 .. i - 1
print sum([sg(tt({k for k in 0 .. 6 if (m >> k) & 1 == 1})) for m in 0 .. 127]), moves(tt({1, 3})), winning(tt({0, 2, 4}))
`,
	`def flip(j, S) = if j not in S then {j} | S else S - {j}
def flop(S, j) = if not (j in S) then S | {j} else S - {j}
game a(S) moves a(flip(j, S - {i})) for i in S for j in 0 .. i - 1
game b(S) moves b(flop(S - {i}, j)) for i in S for j in 0 .. i - 1
print [sg(a({k for k in 0 .. 5 if (m >> k) & 1 == 1})) for m in 0 .. 63] == [sg(b({k for k in 0 .. 5 if (m >> k) & 1 == 1})) for m in 0 .. 63], moves(a({2, 4})), moves(b({1, 4}))
print [if j in {1, 2} - {x} then {1, 2} - {x} - {j} else {1, 2} - {x} | {j} for x in 0 .. 3 for j in 0 .. 3]
`,
	`def flip(S, j) = if j in S then S - {j} else S | {j}
game tt(L) moves tt(flip(L - {i}, j)) for i in L for j in 0 .. i - 1
print sg(tt({2, 3}))
print sg(tt([2, 3]))
`,
	`def flip(S, j) = if j in S then S - {j} else S | {j}
print [flip({1, 2} - {x}, 10 / (x - 2)) for x in 0 .. 1]
print [flip({1, 2} - {x}, 10 / (x - 2)) for x in 0 .. 3]
`,
	`def flip(S, j) = if j in S then S - {j} else S | {j}
print [flip(x - {1}, 2) for x in [{1, 3}, 4]]
`,
	`def flip(S, j) = if j in S then S - {j} else S | {j + 1}
game tt(S) moves tt(flip(S - {i}, j)) for i in S for j in 0 .. i - 1
print [sg(tt({k for k in 0 .. 4 if (m >> k) & 1 == 1})) for m in 0 .. 31]
`,
}

// TestToggleExact compares every case with the pass algebra off, and
// with every pass off.
func TestToggleExact(t *testing.T) {
	t.Parallel()
	diffCases(t, toggleCases, passes.Algebra, passes.All)
}
