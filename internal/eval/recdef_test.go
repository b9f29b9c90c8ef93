package eval_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/testenv"
)

// recDefCases: calls of defs written as structural recursion (package
// recdef), each run with the pass on and off under several depth
// limits: the same values, and the same errors (the depth limit met by
// the recursion at the same call, an error of the body with its trace,
// a base case never met) where the rewrite must give up.
var recDefCases = []string{
	// A map over the suffixes: chomp; a tuple, a string element (the
	// guard fails: as written).
	chompCut + "print sg(chomp([4, 3, 3, 1])), sg(chomp([5, 5, 5, 5, 5, 5]))\nprint moves(chomp([2, 1]))\n",
	chompCut + "print sg(chomp((3, 2, 1)))\n",
	chompCut + "print sg(chomp([3, \"a\"]))\n",
	chompCut + "print sg(chomp([2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]))\n",
	// The whole list, the other spellings of the base test, a filter.
	listDefs + "print f([1, 2, 3, 4, 5]), f([]), f([7])\nprint f([i for i in 0 .. 30])\n",
	listDefs + "print f((1, 2, 3))\n",
	listDefs + "print f([1, 2, \"x\"])\n",
	listDefs + "print f([1, 2, [3]])\n",
	listDefs + "print f(5)\n",
	// A map over an index: staircase; a start other than 0, the base
	// test j >= len(c) from any start, a start past the end.
	stairMv + "print sg(stair([0, 2, 1, 3])), sg(stair([0, 1, 1, 1, 1, 1, 1, 1]))\nprint g([1, 2, 3, 4]), g([])\n",
	stairMv + "print sg(stair((0, 2, 1)))\n",
	stairMv + "print g([1, 2, \"a\"])\n",
	stairMv + "print sg(stair([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2]))\n",
	// An index start that may pass the end with j == len(c): as written
	// (it never ends there).
	ixDefs + "print h([1, 2, 3], 0), h([1, 2, 3], 3), h([4, 5], 1)\n",
	ixDefs + "print h([1, 2, 3], 4)\n",
	ixDefs + "print h([1, 2, 3], -1)\n",
	// The element reads more of the list than its head, or the def
	// itself: not rewritten.
	`def w(l) = if len(l) == 0 then [] else [l[0] + len(l)] + w(l[1:])
def v(l) = if len(l) == 0 then [] else [len(v(l[1:]))] + v(l[1:])
def f(L) = [x for x in w(L)] + [x for x in v(L)]
print f([1, 2, 3])
`,
	// A repeat: t copies of a position, the count 1, a count the base
	// case is never met from (0), a value that is no position.
	splitCopies + "print sg(split(60)), sg(sum of split(n) for n in 1 .. 40)\nprint moves(split(12))\n",
	splitCopies + "def ones(n) = [copies(k, split(n)) for k in 1 .. 3]\nprint ones(4)\n",
	splitCopies + "game z(n) moves copies(n - 2, z(n - 1)) for k in 1 .. 1 if n >= 1\nprint sg(z(2))\n",
	splitCopies + "game z(n) moves copies(n - 2, z(n - 1)) for k in 1 .. 1 if n >= 1\nprint sg(z(3))\n",
	splitCopies + "game big(n) moves copies(n, big(0)) for k in 1 .. 1 if n > 0\nprint sg(big(5)), sg(big(8))\n",
	splitCopies + "game big(n) moves copies(n, big(0)) for k in 1 .. 1 if n > 0\nprint sg(big(300))\n",
	splitCopies + "game w(n) moves copies(t, 5) for t in 1 .. n\nprint sg(w(3))\n",
	splitCopies + "game w(n) moves copies(t, w(n - 1)) for t in [1, \"a\"] if n > 0\nprint sg(w(3))\n",
	`def copies(k, g) = if 1 == k then g else copies(k - 1, g) + g
game split(n) moves copies(t, split(n / t)) for t in 2 .. n if n % t == 0
print sg(split(48)), len([n for n in 1 .. 200 if sg(split(n)) == 0])
`,
	// A def that iterates the recursion: its call is one deeper.
	chompCut + `def bites(rows, c) = [x for x in cut(rows, c)]
game ch1(rows) moves ch1(rows[:r] + bites(rows[r:], c)) for r in 0 .. len(rows) - 1 for c in 0 .. rows[r] - 1 if r + c > 0
game ch2(rows) moves ch2([x for x in cut(rows, c)]) for c in 0 .. 2 if c < max(rows)
print sg(ch1([4, 3, 3, 1])), sg(ch2([3, 3, 3, 3, 3, 3]))
`,
	chompCut + `def opts(rows) = [ch3([x for x in cut(rows, c)]) for c in 0 .. max(rows) - 1]
game ch3(rows) moves o for o in opts(rows)
print sg(ch3([4, 3, 3, 1])), sg(ch3([2, 2, 2, 2, 2, 2, 2, 2, 2]))
`,
	// An insertion (insert.go): heaps kept sorted by it, in a search
	// (the list built in a scratch) and in comprehensions; lists not
	// sorted, with repeats, empty; a tuple, strings, a mix (the
	// comparison fails: as written, with its trace); the other
	// spellings of the comparison and of the ifs.
	insHeaps + "print sg(heaps([2, 3, 5])), sg(heaps([1, 1, 4, 4])), sg(heaps([]))\nprint moves(heaps([1, 2]))\n",
	insHeaps + "print sg(heaps([3, 1, 2])), sg(heaps([2, 2, 0, 1, 1, 2, 2, 2, 2, 2]))\n",
	insHeaps + "print [ins(k, [1, 3, 5, 7]) for k in -1 .. 8]\nprint [ins(k, [5, 1, 4, 1]) for k in 0 .. 6], [ins(k, []) for k in 0 .. 1]\n",
	insHeaps + "print [ins(k, [1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3]) for k in 2 .. 4]\n",
	insHeaps + "print [ins(k, (1, 3)) for k in 0 .. 1]\n",
	insHeaps + "print [ins(k, (1, 3)) for k in 5 .. 6]\n",
	insHeaps + "print [ins(k, [\"a\", \"c\"]) for k in [\"b\", \"d\"]]\n",
	insHeaps + "print [ins(k, [1, \"c\"]) for k in 0 .. 1]\n",
	insHeaps + "print [ins(k, [1, \"c\"]) for k in 2 .. 3]\n",
	insHeaps + "print [ins(k, [1, 2]) for k in [0, \"x\"]]\n",
	insHeaps + "print [ins(k, [1, [2], 3]) for k in [0, 1, 2]]\n",
	insHeaps + "print [ins(k, 5) for k in [0]]\n",
	insHeaps + "game hz(hs) moves hz(ins(k, hs[:i] + hs[i + 1:])) for i in 0 .. len(hs) - 1 for k in [0, \"z\"] if hs[i] > 0\nprint sg(hz([1, 1]))\n",
	insHeaps + "game ht(hs) moves ht(ins(k, hs[:i] + hs[i + 1:])) for i in 0 .. len(hs) - 1 for k in 0 .. hs[i] - 1\nprint sg(ht((2, 3)))\n",
	`def up(k, l) = if len(l) > 0 then (if l[0] >= k then [k] + l else [l[0]] + up(k, l[1:])) else [k]
def lt(l, k) = if 0 == len(l) then [k] else if l[0] < k then [l[0]] + lt(l[1:], k) else [k] + l
def dn(k, l) = if len(l) == 0 then [k] else if k > l[0] then [k] + l else [l[0]] + dn(k, l[1:])
game g(hs) moves g(up(k, hs[:i] + hs[i + 1:])) for i in 0 .. len(hs) - 1 for k in 0 .. hs[i] - 1
print sg(g([1, 2, 3])), [up(k, [1, 3, 3, 5]) for k in 0 .. 6], [lt([4, 2, 2, 0], k) for k in 0 .. 5], [dn(k, [6, 4, 4, 1]) for k in 0 .. 7]
print [dn(k, [1, 2, 3]) for k in 0 .. 4], [lt([1, 2, 2, 9, 1], k) for k in 0 .. 3]
`,
}

const (
	chompCut = `def cut(rows, c) = if len(rows) == 0 then [] else [min(rows[0], c)] + cut(rows[1:], c)
game chomp(rows) moves chomp(rows[:r] + cut(rows[r:], c)) for r in 0 .. len(rows) - 1 for c in 0 .. rows[r] - 1 if r + c > 0
`
	listDefs = `def twice(l) = if len(l) > 0 then [2 * l[0]] + twice(l[1:]) else []
def evens(l, k) = if 0 == len(l) then [] else if l[0] % 2 == 0 then [l[0] + k] + evens(l[1:], k) else evens(l[1:], k)
def odds(l) = if len(l) <= 0 then [] else (if l[0] % 2 == 1 then [l[0]] else []) + odds(l[1:])
def f(L) = [x + 1 for x in twice(L)] + [len(evens(L, k)) for k in 0 .. 2] + [y for y in odds(L)]
`
	stairMv = `def mv(c, j, i, m) = if j == len(c) then [] else [c[j] + (if j == i - 1 then m else if j == i then -m else 0)] + mv(c, j + 1, i, m)
game stair(c) moves stair(mv(c, 0, i, m)) for i in 1 .. len(c) - 1 for m in 1 .. c[i]
def tail(c, j) = if j >= len(c) then [] else [c[j] * 3] + tail(c, j + 1)
def g(c) = [len(tail(c, k)) for k in 0 .. 9] + [x for x in tail(c, 2)]
`
	ixDefs = `def ix(c, j) = if j == len(c) then [] else [c[j]] + ix(c, j + 1)
def h(c, s) = [x for x in ix(c, s)]
`
	insHeaps = `def ins(k, l) = if len(l) == 0 then [k] else if k <= l[0] then [k] + l else [l[0]] + ins(k, l[1:])
game heaps(hs) moves heaps(ins(k, hs[:i] + hs[i + 1:])) for i in 0 .. len(hs) - 1 for k in 0 .. hs[i] - 1
`
	splitCopies = `def copies(k, g) = if k == 1 then g else g + copies(k - 1, g)
game split(n) moves copies(t, split(n / t)) for t in divisors(n) if t >= 2
`
)

// TestRecDefDiff: the cases with the pass on and off (and every pass
// off), under depth limits around the cases' nesting.
func TestRecDefDiff(t *testing.T) {
	t.Parallel()
	// (The fast suite runs each case at a third of the depths, turning
	// with the case: every depth over three cases.)
	depths := []int{2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 30, 0}
	for i, src := range recDefCases {
		for _, depth := range testenv.Rotate(depths, 4, i) {
			c := optCase{name: "r.game", src: src, limits: engine.Limits{MaxDepth: depth}, timeout: 30 * time.Second}
			on := runOptWith(c, 0)
			for _, off := range []passes.Pass{passes.RecDefs, passes.All} {
				if ok, why := optSame(on, runOptWith(c, off), true); !ok {
					t.Errorf("case %d, depth %d, %s off: %s\nscript:\n%s\n=== on:\n%s\n=== off:\n%s", i, depth, off, why, optIndent(src), on, runOptWith(c, off))
				}
			}
		}
	}
}

// TestRecDefFires: --explain shows the calls of the three shapes
// planned as what they compute.
func TestRecDefFires(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ src, want string }{
		{recDefCases[0], "chomp(rows[:r] + [min(rows[i'], c); range i' = r .. len(rows) - 1])"},
		{recDefCases[9], "stair([if j' == i - 1 then c[j'] + m else if j' == i then c[j'] + -m else c[j']; range j' = 0 .. len(c) - 1])"},
		{recDefCases[17], "then t * split(n / t) else copies(t, split(n / t))"},
		{recDefCases[28], "heaps(insertion of ins(k, hs[:i] + hs[i + 1:]))"},
	} {
		s := eval.NewSession(eval.Options{})
		_ = s.ExecFile(context.Background(), "f.game", c.src)
		var all strings.Builder
		for _, x := range s.Explain() {
			all.WriteString(x.String())
		}
		if !strings.Contains(all.String(), c.want) || !strings.Contains(all.String(), "recdefs") {
			t.Errorf("explain lacks %q:\n%s", c.want, all.String())
		}
	}
}
