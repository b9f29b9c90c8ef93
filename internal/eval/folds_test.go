package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// foldCases: moves whose option is a recursive def that puts one
// element at each index of a list, one update a call (recdef.Fold), read
// by package bitlists as a mask of the list's bits. The same values and
// errors with the passes on and off: folds over a list's suffixes and
// over an index, tail calls or the update outside the call, the tests
// either way round, a concatenated list of indexes, a start past the
// end, and where the fold cannot be read as bits (an index out of range,
// negative or not an int, indexes in a set or a string, a list and a
// tuple concatenated, an element not 0 or 1, a list of more than 64,
// more nested calls than the depth limit, a missing key in the list's
// expression read inside the def); where an argument fails, and a tuple
// where the test is l == [].
var foldCases = []string{
	// Node Kayles on a 3 x 4 grid, four spellings of clearing a vertex
	// and its neighbours.
	`let W = 4
let N = 12
def nbrs(v) = [u for u in [v - W, v + W] if 0 <= u and u < N] + [u for u in [v - 1, v + 1] if 0 <= u and u < N and u / W == v / W]
let NB = {v: nbrs(v) for v in 0 .. N - 1}
def clear(b, vs) = if len(vs) == 0 then b else clear(update(b, vs[0], 0), vs[1:])
def clearR(b, vs) = if len(vs) > 0 then update(clearR(b, vs[1:]), vs[0], 0) else b
def clearFrom(b, v, k) = if k == len(NB[v]) then b else clearFrom(update(b, NB[v][k], 0), v, k + 1)
def clearGe(b, v, k) = if len(NB[v]) <= k then b else clearGe(update(b, NB[v][k], 0), v, k + 1)
game a(b) moves a(clear(b, [v] + NB[v])) for v in 0 .. N - 1 if b[v] == 1
game r(b) moves r(clearR(b, NB[v] + [v])) for v in 0 .. N - 1 if b[v] == 1
game f(b) moves f(clearFrom(update(b, v, 0), v, 0)) for v in 0 .. N - 1 if b[v] == 1
game g(b) moves g(clearGe(update(b, v, 0), v, 0)) for v in 0 .. N - 1 if b[v] == 1
let G = [1] * N
print sg(a(G)), sg(r(G)), sg(f(G)), sg(g(G)), sg(a(update(G, 5, 0))), moves(f(update(G, 0, 0)))`,
	// vs == [] as the test; a tuple position; the element a global
	// name; setting bits (1) rather than clearing them.
	`let ONE = 1
def fill(b, vs) = if vs == [] then b else fill(update(b, vs[0], ONE), vs[1:])
game h(b) moves h(fill(b, [i, (i + 2) % len(b)])) for i in 0 .. len(b) - 1 if b[i] == 0
def cl(b, vs) = if len(vs) < 1 then b else cl(update(b, vs[0], 0), vs[1:])
game t(b) moves t(cl(b, (i, i + 1))) for i in 0 .. len(b) - 2 if b[i] == 1 and b[i + 1] == 1
print sg(h([0] * 7)), sg(h([0, 1, 0, 0, 1, 0])), sg(t((1, 1, 1, 1, 1, 1, 1))), sg(t([1] * 8))`,
	// Starts: from k, past the end (== never ends: an index error; >=
	// ends at once), negative.
	`def from(b, L, k) = if k == len(L) then b else from(update(b, L[k], 0), L, k + 1)
def fromGe(b, L, k) = if k >= len(L) then b else fromGe(update(b, L[k], 0), L, k + 1)
game p(b) moves p(from(b, [i, i + 1, i + 2], 1)) for i in 0 .. len(b) - 3 if b[i + 1] == 1
game q(b) moves q(fromGe(update(b, i, 0), [i + 1], 5)) for i in 0 .. len(b) - 1 if b[i] == 1
print [sg(p([1] * n)) for n in 3 .. 14], sg(q([1] * 6))
game s(b) moves s(from(update(b, i, 0), [i], 3)) for i in 0 .. len(b) - 1 if b[i] == 1
print sg(s([1, 1, 1]))`,
	`def from(b, L, k) = if k == len(L) then b else from(update(b, L[k], 0), L, k + 1)
game s(b) moves s(from(update(b, i, 0), [i, i], -1)) for i in 0 .. len(b) - 1 if b[i] == 1
print sg(s([1, 1, 1]))`,
	// An index past the list, negative, not an int.
	`def clear(b, vs) = if len(vs) == 0 then b else clear(update(b, vs[0], 0), vs[1:])
game a(b) moves a(clear(b, [i, i + 1])) for i in 0 .. len(b) - 1 if b[i] == 1
print sg(a([1, 0, 1])), sg(a([1, 1, 0, 1]))`,
	`def clear(b, vs) = if len(vs) == 0 then b else clear(update(b, vs[0], 0), vs[1:])
game a(b) moves a(clear(b, [i, i - 1])) for i in 0 .. len(b) - 1 if b[i] == 1
print sg(a([0, 1, 1])), sg(a([1, 1, 0, 1]))`,
	`def clear(b, vs) = if len(vs) == 0 then b else clear(update(b, vs[0], 0), vs[1:])
game a(b) moves a(clear(b, [i, "x"])) for i in 0 .. len(b) - 1 if b[i] == 1
print sg(a([0, 1, 1]))`,
	// Indexes in a set, in a string; a list and a tuple concatenated.
	`def clear(b, vs) = if len(vs) == 0 then b else clear(update(b, vs[0], 0), vs[1:])
game a(b) moves a(clear(b, {i})) for i in 0 .. len(b) - 1 if b[i] == 1
print sg(a([0, 1, 1]))`,
	`def clear(b, vs) = if len(vs) == 0 then b else clear(update(b, vs[0], 0), vs[1:])
game a(b) moves a(clear(b, "ab")) for i in 0 .. len(b) - 1 if b[i] == 1
print sg(a([0, 1, 1]))`,
	`def clear(b, vs) = if len(vs) == 0 then b else clear(update(b, vs[0], 0), vs[1:])
game a(b) moves a(clear(b, [i] + (i,))) for i in 0 .. len(b) - 1 if b[i] == 1
print sg(a([0, 1, 1]))`,
	// An element not 0 or 1 (the position is then a list of other
	// ints), a list of more than 64, a string position.
	`def put(b, vs, x) = if len(vs) == 0 then b else put(update(b, vs[0], x), vs[1:], x)
game a(b) moves a(put(b, [i], 2)) for i in 0 .. len(b) - 1 if b[i] == 1
game c(b) moves c(put(b, [i, i + 1], 0)) for i in 0 .. len(b) - 2 if b[i] == 1
game s(b) moves s(put(b, [i], ".")) for i in 0 .. len(b) - 1 if b[i] == "x"
print sg(a([1, 1, 1])), sg(c([1, 1, 1, 0, 1, 1] + [0] * 64)), sg(s("x.xx.x"))`,
	// A fold then an update of the loop's index (the loop a sweep of
	// the update's place, but for the fold).
	`def put(b, vs, x) = if len(vs) == 0 then b else put(update(b, vs[0], x), vs[1:], x)
game a(b) moves a(update(put(b, [i], 0), i + 1, 0)) for i in 0 .. len(b) - 2 if b[i] == 1
game c(b) moves c(update(put(b, [i + 2], 0), i, 0)) for i in 0 .. len(b) - 3 if b[i] == 1 and b[i + 2] == 1
print [sg(a([1] * n)) for n in 2 .. 12], [sg(c([1] * n)) for n in 3 .. 12]`,
	// More nested calls than the depth limit; a missing key read inside
	// the def.
	`def clear(b, vs) = if len(vs) == 0 then b else clear(update(b, vs[0], 0), vs[1:])
game a(b) moves a(clear(b, [i] * 150000)) for i in 0 .. len(b) - 1 if b[i] == 1
print sg(a([1, 1]))`,
	`let NB = {0: [1], 1: [0, 2]}
def clearFrom(b, v, k) = if k == len(NB[v]) then b else clearFrom(update(b, NB[v][k], 0), v, k + 1)
game f(b) moves f(clearFrom(update(b, v, 0), v, 0)) for v in 0 .. len(b) - 1 if b[v] == 1
print sg(f([1, 1, 1]))`,
	// An argument that fails: the list's, read in the caller's frame
	// (an index recursion's list a parameter); one the list of an index
	// recursion reads (v / 0, in the caller's frame, not the def's); one
	// the fold never reads; the element's, with an empty list; the list's
	// before the accumulator's (the call evaluates it first).
	`def from(b, L, k) = if k == len(L) then b else from(update(b, L[k], 0), L, k + 1)
game p(b) moves p(from(b, [i, 1 / 0], 0)) for i in 0 .. len(b) - 1 if b[i] == 1
print sg(p([1, 1]))`,
	`let NB = {0: [1], 1: [0]}
def clearFrom(b, v, k) = if k == len(NB[v]) then b else clearFrom(update(b, NB[v][k], 0), v, k + 1)
game f(b) moves f(clearFrom(b, v / 0, 0)) for v in 0 .. len(b) - 1 if b[v] == 1
print sg(f([1, 1]))`,
	`def clear(b, vs, z) = if len(vs) == 0 then b else clear(update(b, vs[0], 0), vs[1:], z)
game a(b) moves a(clear(b, [i], 1 / 0)) for i in 0 .. len(b) - 1 if b[i] == 1
print sg(a([1, 1]))`,
	`def put(b, vs, x) = if len(vs) == 0 then b else put(update(b, vs[0], x), vs[1:], x)
game a(b) moves a(put(update(b, i, 0), [], 1 / 0)) for i in 0 .. len(b) - 1 if b[i] == 1
print sg(a([1, 1]))`,
	`let LS = [1]
def c(vs, b) = if len(vs) == 0 then b else c(vs[1:], update(b, vs[0], 0))
game a(b) moves a(c([i, LS[9]], update(b, i / 0, 0))) for i in 0 .. len(b) - 1 if b[i] == 1
print sg(a([1, 1]))`,
	// vs == [] never holds for a tuple: its recursion fails past its end.
	`def fill(b, vs) = if vs == [] then b else fill(update(b, vs[0], 1), vs[1:])
game h(b) moves h(fill(b, (i,))) for i in 0 .. len(b) - 1 if b[i] == 0
print sg(h([0, 0, 1]))`,
}

func TestFoldDiff(t *testing.T) {
	for _, off := range []passes.Pass{passes.BitLists, passes.RecDefs, passes.TailCalls, passes.All} {
		diffCases(t, foldCases, off) // (each case against each)
	}
}
