package eval_test

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/internal/passes"
)

// sortedListCases: positions that are sorted lists of small ints, moved
// by set-like list edits: a list the yield builds that the inner loops
// do not change, built once before them (package loophoist); a def whose
// body holds comprehensions inlined into the list built in a scratch
// (build/inline.go); a list of ints keyed over its universe without the
// list (idlist.AppendKeyInts). Each is run with the passes on and off:
// lists not sorted, with repeats, with non-ints (the guard fails: as
// written), empty, errors inside the def and inside the hoisted list.
var sortedListCases = []string{
	ttFlip + "print sg(tt([0, 2, 3])), sg(tt([1, 4, 5, 7])), sg(tt([])), sg(tt([6]))\nprint moves(tt([1, 3]))\n",
	ttFlip + "print sg(tt([3, 1, 2])), sg(tt([2, 2, 5]))\n",
	ttFlip + "print sg(tt([0, 1, \"a\"]))\n",
	ttFlip + "print sg(tt([1, 2.5]))\n",
	ttFlip + "print sg(tt((1, 3)))\n",
	ttFlip + "print sg(tt(5))\n",
	ttFlip + "print sg(tt([1, [2], 3]))\n",
	ttFlip + "print sg(tt([-3, 0, 2])), sg(tt([5, 9])), sg(tt([-2, 3]))\n",
	ttFlip + "print sum([sg(tt([k for k in 0 .. 9 if (m >> k) & 1 == 1])) for m in 0 .. 200])\n",
	// A def that fails inside (sorted of a mix; in of a non-collection).
	`def flip(L, j) = if j in L then [x for x in L if x != j] else sorted(L + [j])
def bad(L, j) = if j == 1 then sorted(L + ["a"]) else [x for x in L if x != j]
game tb(L) moves tb(bad([x for x in L if x != i], j)) for i in L for j in 0 .. i - 1
print sg(tb([0, 3]))
`,
	`def bad(L, j) = if j in 7 then L else [x for x in L if x != j]
game tb(L) moves tb(bad([x for x in L if x != i], j)) for i in L for j in 0 .. i - 1
print sg(tb([0, 3]))
`,
	`def bad(L, j) = [10 / (x - 2) for x in L if x != j]
game tb(L) moves tb(bad([x for x in L if x != i], j)) for i in L for j in 0 .. i - 1
print sg(tb([1, 3])), sg(tb([2, 5]))
`,
	// Hoisted lists in comprehensions, with empty inner loops, a list
	// that cannot be proved (a division: as written), and one whose
	// inner loop reads it.
	`let L = [4, 1, 3, 3]
print [len([x for x in L if x != i]) + j for i in L for j in 0 .. i - 2]
print [[x for x in L if x != i] + [j] for i in L for j in 0 .. 1]
print [sorted(L[:i] + L[i + 1:]) for i in 0 .. 3 for j in 0 .. 1]
print [[10 / (x - 3) for x in L if x != i] for i in L for j in 0 .. 1]
print [k for i in L for k in [x for x in L if x != i]]
`,
	`def f(L) = [len([x for x in L if x != i]) + j for i in L for j in 0 .. i - 2]
def g(L) = [[x * 2 for x in L if x != i] + [j] for i in L for j in 0 .. 1]
def h(L) = [[10 / (x - 3) for x in L if x != i] for i in L for j in 0 .. 1]
print f([4, 1, 3, 3]), g([2, 1, 2]), f([]), g([5])
print f([1, "a"])
print g([1, "a"])
print h([1, 2]), h([3, 4])
`,
	`let L = [4, "a"]
print [[x for x in L if x != i] for i in [1, 2] for j in 0 .. 1]
`,
	`let L = [4, 5]
print [[x for x in L if x != i] for i in [1, 2] for j in 0 .. -1], [[x for x in L if x != i] for i in [] for j in 0 .. 3]
`,
	// A list without one value built in a scratch: over a list of ints,
	// of a mix, of strings; over a tuple, a set, a string (as written);
	// the value a literal or a string.
	`def drop(L, j) = if len(L) > 0 then [x for x in L if x != j] else L + [j]
def lit(L) = if len(L) > 1 then [x for x in L if 2 != x] else L + [9]
game d(L) moves d(drop(L[:i] + L[i + 1:], j)) for i in 0 .. len(L) - 1 for j in [0, 1, "a"] if len(L) > 1
  | d(lit(L[1:])) for k in 0 .. 0 if len(L) > 1
print sg(d([0, 1, 2, 1])), sg(d(["a", 1, "b", 0])), sg(d([(1, 2), 1, [0]]))
print sg(d((0, 1, 2))), sg(d("a1a0"))
`,
	`def drop(L, j) = if j == 5 then L else [x for x in L if x != j]
game d(L) moves d(drop(L, j)) for j in [0, 1, 2] if len(L) > 1
print sg(d({0, 1, 2})), sg(d([2, 2, 1, 0, 0]))
`,
	// The rest of a list hoisted out of the loop over the lowered heap.
	`game h(hs) moves h(sorted([hs[j] for j in 0 .. len(hs) - 1 if j != i] + [k])) for i in 0 .. len(hs) - 1 for k in 0 .. hs[i] - 1
print sg(h([1, 2, 3])), sg(h([3, 1, 3])), sg(h([])), sg(h((2, 2)))
print sg(h([2, "a"]))
`,
	// A game of sorted lists whose moves put back an element not yet in
	// its universe, and lists that do not ascend (keyed as lists).
	`game up(L) moves up(sorted([x for x in L if x != i] + [i + 10])) for i in L if i < 20
  | up([x for x in L if x != i] + [i - 1]) for i in L if i > 0 and i < 3
print sg(up([0, 1, 2])), sg(up([5]))
`,
}

const ttFlip = `def flip(L, j) = if j in L then [x for x in L if x != j] else sorted(L + [j])
game tt(L) moves tt([x for x in L if x != i]) for i in L
  | tt(flip([x for x in L if x != i], j)) for i in L for j in 0 .. i - 1
`

// TestSortedListsDiff: the cases with the passes on and off.
func TestSortedListsDiff(t *testing.T) {
	t.Parallel()
	diffCases(t, sortedListCases, passes.Hoist, passes.Inline, passes.Composite, passes.All)
	diffCases(t, sortedListCases, passes.All, passes.Hoist, passes.Inline, passes.Composite)
}

// TestHoistFires: --explain shows the list hoisted and the def inlined
// into the list built.
func TestHoistFires(t *testing.T) {
	t.Parallel()
	s := eval.NewSession(eval.Options{})
	_ = s.ExecFile(context.Background(), "f.game", sortedListCases[0])
	var all strings.Builder
	for _, x := range s.Explain() {
		all.WriteString(x.String())
	}
	for _, want := range []string{"bind L' = [x; elems x in L; filter x != i]", "yield tt(flip(L', j))", "hoist", "alternative 2 (line 3): for positions whose arguments are not all ints, the option's argument 1 (a list, tuple or string) is built in a scratch buffer"} {
		if !strings.Contains(all.String(), want) {
			t.Errorf("explain lacks %q:\n%s", want, all.String())
		}
	}
}
