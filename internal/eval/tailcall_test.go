package eval_test

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/internal/passes"
)

// tailCases: defs that call themselves only in tail position (package
// tailcall: a loop in one frame, a list passed on by update changed in
// place once copied), against the calls as written (passes.TailCalls
// off) and every pass off: values, the lists given and returned left as
// they were, errors in the middle of the recursion with their traces,
// a recursion past the depth limit, parameters whose kinds change from
// call to call (ints, then lists), updates that must copy (the list
// read as a slice, passed to a def, put into itself, a map, a string, a
// tuple of rows).
var tailCases = []string{
	// Node Kayles on a 2 x 4 grid, a move clearing a vertex and its
	// neighbours by a recursive def.
	`let W = 4
let N = 2 * W
def nbrs(v) = [u for u in [v - W, v + W] if 0 <= u and u < N] + (if v % W > 0 then [v - 1] else []) + (if v % W < W - 1 then [v + 1] else [])
def clear(b, vs) = if len(vs) == 0 then b else clear(update(b, vs[0], 0), vs[1:])
game kayles(b) moves kayles(clear(b, [v] + nbrs(v))) for v in 0 .. N - 1 if b[v] == 1
print [sg(kayles([if v % W < w then 1 else 0 for v in 0 .. N - 1])) for w in 1 .. W]`,
	// The list given, and the one returned, are not changed after.
	`def clear(b, vs) = if len(vs) == 0 then b else clear(update(b, vs[0], 0), vs[1:])
let L = [1, 1, 1, 1]
let A = clear(L, [0, 2])
let B = clear(A, [1])
print L, A, B, clear(L, []), clear(B, [3, 3, 0])
print clear((1, 2, 3), [1]), clear([[1], [2]], [0])`,
	// An error in the middle: an index out of range at the third call,
	// a bad index, an element that is not an int.
	`def clear(b, vs) = if len(vs) == 0 then b else clear(update(b, vs[0], 0), vs[1:])
print clear([1, 1, 1], [0, 1])
print clear([1, 1, 1], [0, 1, 7, 2])`,
	`def clear(b, vs) = if len(vs) == 0 then b else clear(update(b, vs[0], 0), vs[1:])
print clear([1, 1, 1], [0, "x"])`,
	`def put(b, i, n) = if n == 0 then b else put(update(b, i, b[i] + 1), i + 1, n - 1)
print put([0, 0, 0], 0, 3)
print put([0, 0, 0], 1, 3)`,
	`def f(b, n) = if n == 0 then b else f(update(b, n % 2, b[0] + 1), n - 1)
print f([0, 0], 10), f([1, 2], 0)
print f(["a", 0], 3)`,
	// Past the depth limit, with and without the loop.
	`def f(n, acc) = if n == 0 then acc else f(n - 1, acc + 1)
print f(1000, 0)
print f(200000, 0)`,
	`def g(b, n) = if n == 0 then len(b) else g(update(b, 0, n), n - 1)
print g([0], 1000)
print g([0], 200000)`,
	// Kinds that change: ints at first, then a list.
	`def f(x, n) = if n == 0 then x else f(if n == 2 then [x, x] else x, n - 1)
print f(1, 1), f(1, 2), f(1, 5), f([1], 3)
def h(b, n) = if n == 0 then b else if n % 2 == 0 then h(update(b, 0, n), n - 1) else h(b, n - 1)
print h([9, 9], 6), h((9,), 3), h(5, 0)`,
	// Updates that must copy.
	`def s(b, n) = if n == 0 then [b, b[1:]] else s(update(b, 0, n), n - 1)
print s([0, 1, 2], 3)
def t(b, n) = if n == 0 then b else t(update(b, 0, b[1:]), n - 1)
print t([0, 1, 2], 2)
def keep(x) = [x]
def u(b, n) = if n == 0 then b else u(update(b, 0, len(keep(b))), n - 1)
print u([5, 5], 3)
def v(b, n) = if n == 0 then b else v(update(b, 0, b), n - 1)
print v([0, 1], 2)
def w(b, n) = if n == 0 then b else w(update(b, 0, sum([x for x in b])), n - 1)
print w([1, 1], 3)`,
	`def m(d, ks) = if len(ks) == 0 then d else m(update(d, ks[0], 1), ks[1:])
print m({}, [3, 1, 3]), m({1: 0}, [])
def st(s, i) = if i >= len(s) then s else st(update(s, i, "X"), i + 2)
print st("abcde", 0)
def grid(g, cs) = if len(cs) == 0 then g else grid(update(g, cs[0][0], update(g[cs[0][0]], cs[0][1], 1)), cs[1:])
let G = [[0, 0], [0, 0]]
print grid(G, [(0, 1), (1, 0), (0, 0)]), G`,
	// Two parameters changed in place, one passed on in the other's place
	// (copies), a non-tail call of itself (as written).
	`def two(a, b, n) = if n == 0 then (a, b) else two(update(a, n % 3, n), update(b, 0, n), n - 1)
print two([0, 0, 0], [0], 5)
def swap(a, b, n) = if n == 0 then (a, b) else swap(update(b, 0, n), a, n - 1)
print swap([0], [1], 3)
def depth(b, n) = if n == 0 then 0 else 1 + depth(update(b, 0, n), n - 1)
print depth([0], 5)`,
	// A game whose rule calls the loop with a list its position holds.
	`def flip(b, is) = if len(is) == 0 then b else flip(update(b, is[0], 1 - b[is[0]]), is[1:])
game turn(b) moves turn(flip(b, [i, i + 1])) for i in 0 .. len(b) - 2 if b[i] == 1
print [sg(turn([1] * n)) for n in 1 .. 7], sg(turn([1, 0, 1, 1, 0, 1]))`,
}

func TestTailCalls(t *testing.T) {
	diffCases(t, tailCases, passes.TailCalls, passes.All)
}

// TestTailCallsFire: the pass fires where the package's doc says, and
// only there: the loop for a def calling itself only in tail position,
// the change in place for the parameter it passes on by update alone.
func TestTailCallsFire(t *testing.T) {
	src := `def clear(b, vs) = if len(vs) == 0 then b else clear(update(b, vs[0], 0), vs[1:])
def s(b, n) = if n == 0 then [b, b[1:]] else s(update(b, 0, n), n - 1)
def depth(b, n) = if n == 0 then 0 else 1 + depth(update(b, 0, n), n - 1)
print clear([1, 1], [0]), s([1], 1), depth([0], 2)`
	s := eval.NewSession(eval.Options{})
	if err := s.ExecFile(context.Background(), "t.game", src); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, x := range s.Explain() {
		got[x.Name] = x.String()
	}
	for name, want := range map[string][2]bool{"clear": {true, true}, "s": {true, false}, "depth": {false, false}} {
		x := got[name]
		if loop := strings.Contains(x, "tailcalls"); loop != want[0] {
			t.Errorf("def %s: tailcalls fired %v, want %v:\n%s", name, loop, want[0], x)
		}
		if in := strings.Contains(x, "changed in place"); in != want[1] {
			t.Errorf("def %s: changed in place %v, want %v:\n%s", name, in, want[1], x)
		}
	}
}
