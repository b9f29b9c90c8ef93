package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/passes"
)

// TestTupleCompareExact: comparisons of two tuple literals compiled as
// the comparisons of their elements (rewrite.TupleCompare) print and fail
// as the tuples compared do (the pass ints off, every pass off): elements
// of several kinds, in conditions and as values, in a move rule, and
// elements that may fail (not rewritten: their errors stay).
func TestTupleCompareExact(t *testing.T) {
	src := `let G = 3
game walk(p) moves walk((p[0] + dr, p[1] + dc)) for (dr, dc) in [(0, 1), (1, 0), (1, 1)] if (dr, dc) != (1, 1) and p[0] + dr < 4 and p[1] + dc < 4
print [sg(walk((a, b))) for a in 0 .. 3 for b in 0 .. 3]
print [(a, b) == (1, 2) for a in 0 .. 2 for b in [2, "x", (1, 2)]]
print [x for (x, y) in [(1, "a"), (2, "b"), (3, true)] if (x, y) != (2, "b") and (y, x) != (true, 3)]
print [(a, -1, "s") == (b, -1, "s") for a in 0 .. 1 for b in 0 .. 1], (1, 2) == (1, 2), () == ()
print [(a, G) == (1, 3) for a in 0 .. 2]
print [(a, b) == (a, [1, 2][b]) for a in 0 .. 1 for b in 0 .. 2]
`
	c := optCase{name: "t.game", src: src, limits: engine.Limits{}}
	on := runOptWith(c, 0)
	for _, off := range []passes.Pass{passes.Ints, passes.All} {
		if ok, why := optSame(on, runOptWith(c, off), true); !ok {
			t.Errorf("%v off: %s\non:\n%s\noff:\n%s", off, why, on, runOptWith(c, off))
		}
	}
	if on.err == "" || on.out == "" {
		t.Errorf("the last line should fail after the others print:\n%s", on)
	}
}

// TestSetOpsOfValuesExact: a set of strings (or of tuples that are not
// cells) over its argument's universe combined with a literal of its
// elements (S | {x}, S - {x, y}, S ^ {x}, S & {x, y}) builds the literal
// as ids of that universe (SetScratch.InUniverse), and elements it lacks
// as values: the same values as the operators on the sets, with the
// passes on, composite off and every pass off.
func TestSetOpsOfValuesExact(t *testing.T) {
	src := `let WORDS = ["ant", "tea", "ape", "egg", "gnu", "urn", "nut", "tan", "eat", "toe"]
def next(w) = [x for x in WORDS if x[0] == w[len(w) - 1]]
game geo(w, used) moves geo(x, used | {x}) for x in next(w) if x not in used
print [sg(geo(w, {w})) for w in WORDS]
game g(S) moves g(S - {x, y}) for x in S for y in ["a", "b", "zz", (1, "q")] if x != y | g(S ^ {x}) for x in S if len(S) % 3 == 0
print [sg(g(set(xs))) for xs in [["a", "b", "c"], ["a", "b", (1, "q"), (2, "r")], ["b", "c", "d", "zz"], [(70, 1), "a", "b"]]]
game h(S, k) moves h(S & {x, "new" + str(k)}, k + 1) for x in S if k < 4 | h(S | {("t", k)}, k + 1) if k < 3 | h(S | {"u" + str(k), k, (k, 1)}, k + 1) if k < 2
print [sg(h(set(xs), 0)) for xs in [["a", "b"], ["a", ("t", 1)], []]]
`
	c := optCase{name: "s.game", src: src, limits: engine.Limits{}}
	on := runOptWith(c, 0)
	for _, off := range []passes.Pass{passes.Composite, passes.All} {
		if ok, why := optSame(on, runOptWith(c, off), true); !ok {
			t.Errorf("%v off: %s\non:\n%s\noff:\n%s", off, why, on, runOptWith(c, off))
		}
	}
	if on.err != "" {
		t.Errorf("error: %s", on.err)
	}
}

// TestListMaskExact: x in L for an int x and a list or tuple L (the same
// list met by many tests: a bitmap of its ints kept, maskcache.ListMask)
// answers as the operator does: lists of small ints, of ints past the
// bitmap, negative ones, bools, strings and tuples among the ints, a
// list changing from test to test, in a move rule's list comprehension
// and in filters.
func TestListMaskExact(t *testing.T) {
	src := `let N = 9
let G = [[(v + 1) % N, (v + 3) % N] for v in 0 .. N - 1] + [[5000, 3], [-1, 2], [true, 1], ["a", 0], [(1, 2), 7], (4, 8), [], [1 << 40, 0]]
game nk(b) moves nk([if u == v or u in G[v] then 0 else b[u] for u in 0 .. N - 1]) for v in 0 .. N - 1 if b[v] == 1
print [sg(nk([1] * n + [0] * (N - n))) for n in 1 .. N]
print [[u for u in -2 .. 10 if u in L] for L in G], [len([u for u in [0, 1, 5000, 1 << 40, -1] if u in L]) for L in G]
print [(u in G[v]) for v in 0 .. len(G) - 1 for u in [1, 1, 2, 1]]
`
	c := optCase{name: "l.game", src: src, limits: engine.Limits{}}
	on := runOptWith(c, 0)
	for _, off := range []passes.Pass{passes.Composite, passes.All} {
		if ok, why := optSame(on, runOptWith(c, off), true); !ok {
			t.Errorf("%v off: %s\non:\n%s\noff:\n%s", off, why, on, runOptWith(c, off))
		}
	}
	if on.err != "" {
		t.Errorf("error: %s", on.err)
	}
}
