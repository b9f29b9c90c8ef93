package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// choiceCases: generators over short lists put together from
// concatenations, choices and literals of elements that are not
// constants, as defs or in place (package algebra's Choices: a loop over
// the places of the elements, each under its conditions, bound by a
// choice), against the lists built: a set of ints (the guard asks for a
// collection of ints), a list, a set of cells with a tuple pattern, the
// options listed in order (moves), a comprehension, a set with a string
// (the guard fails: as written, failing where it did), an element that
// may fail (not rewritten), a tuple concatenated with a list (an error),
// ints near the overflow (the guard fails), an element repeated, and a
// choice of a list or a tuple.
var choiceCases = []string{
	`let H = 2
let W = 4
def right(i) = if i % W < W - 1 then [i + 1] else []
def down(i) = if i / W < H - 1 then [i + W] else []
game cram(S) moves cram(S - {i, j}) for i in S for j in right(i) + down(i) if j in S
let full = set(0 .. H * W - 1)
print sg(cram(full)), [sg(cram(full - {i})) for i in full]
print moves(cram(full - {0}))
print [j for i in 0 .. 7 for j in right(i) + down(i)]
print sg(cram({1, "a"}))`,
	`let N = 7
def nbrs(i) = (if i > 0 then [i - 1] else []) + (if i < N - 1 then [i + 1] else [])
game nk(L) moves nk([x for x in L if x != v and x not in nbrs(v)]) for v in L
game walk(v, L) moves walk(u, L + [u]) for u in nbrs(v) if u not in L
print sg(nk([0, 1, 2, 3, 4, 5, 6])), sg(nk([0, 2, 3, 5, 6])), moves(nk([1, 2, 3]))
print sg(walk(3, [3])), moves(walk(0, [0]))`,
	`let H = 3
let W = 3
def inside(r, c) = 0 <= r and r < H and 0 <= c and c < W
game cram(F) moves cram(F - {(r, c), (r2, c2)}) for (r, c) in F for (r2, c2) in [(r, c + 1), (r + 1, c)] if (r2, c2) in F
game cram2(F) moves cram2(F - {(r, c), (r2, c2)}) for (r, c) in F for (r2, c2) in [(r2, c2) for (r2, c2) in [(r, c + 1), (r + 1, c)] if inside(r2, c2)] if (r2, c2) in F
let B = {(r, c) for r in 0 .. H - 1 for c in 0 .. W - 1}
print sg(cram(B)), sg(cram2(B)), [sg(cram(B - {x})) for x in B], moves(cram2(B - {(0, 0)}))`,
	`game g(S) moves g(S - {j}) for i in S for j in [i + 1, 10 / i] if j in S
print sg(g({2, 3, 5, 6}))
print sg(g({0, 1}))`,
	`game g(S) moves g(S - {j}) for i in S for j in (i, i + 1) + [i + 2] if j in S
print sg(g({1, 2, 3}))`,
	`def nb(i) = [i + 1] + (if i % 2 == 0 then [i + 9223372036854775800] else [])
game g(S) moves g(S - {j}) for i in S for j in nb(i) if j in S
print sg(g({1, 2, 3, 4})), moves(g({2, 3}))
print sg(g({9223372036854775800, 3}))`,
	`def twice(i) = [i + 1, i + 1] + [i + 2]
game g(S) moves g(S - {i, j}) for i in S for j in twice(i) if j in S
print sg(g(set(0 .. 9))), moves(g({1, 2, 3}))`,
	`def pick(i) = if i % 2 == 0 then [i + 1, i + 3] else (i + 2,)
game g(S) moves g(S - {i, j}) for i in S for j in pick(i) if j in S
print sg(g(set(0 .. 9))), moves(g({1, 2, 3, 4}))
print [j for i in 0 .. 3 for j in pick(i) + [0]]`,
}

// collRootCases: a position's collection only iterated and tested for
// membership (package proof's collection roots: a list, a tuple or a
// set, of ints, of tuples of the pattern's length, or of anything where
// it is only tested), the guard tested on each position's value, and
// all and any of a list literal of conditions as and and or: sets of
// ints and of cells, a list of pairs, mixed elements (the guard fails:
// as written), tuples of two lengths, a root iterated both as ints and
// as pairs, all of a literal whose element may fail or is not a bool.
var collRootCases = []string{
	`let E = [(0, 1), (1, 2), (2, 3), (0, 3), (1, 3)]
game ak(S) moves ak(S - {a, b}) for (a, b) in E if all([a in S, b in S])
game ak2(S) moves ak2(S - {a, b}) for (a, b) in E if any([a not in S, b not in S]) == false
print sg(ak({0, 1, 2, 3})), [sg(ak({0, 1, 2, 3} - {v})) for v in 0 .. 3], moves(ak({0, 1, 2, 3})), sg(ak2({0, 1, 2, 3}))
print sg(ak([0, 1, 3])), sg(ak((1, 2, 3))), sg(ak({"a", 1, 2}))
print sg(ak(7))`,
	`game cram(F) moves cram(F - {(r, c), (r2, c2)}) for (r, c) in F for (r2, c2) in [(r, c + 1), (r + 1, c)] if (r2, c2) in F
let B = {(r, c) for r in 0 .. 2 for c in 0 .. 3}
print sg(cram(B)), sg(cram(B - {(1, 1)})), moves(cram({(0, 0), (0, 1), (1, 1)}))
print sg(cram({(0, 0), (0, 1), (5000000000000000000, 2)}))
print sg(cram({(0, 0), (0, 1), (9223372036854775807, 2)}))
print sg(cram({(0, 0), (0, 1, 2)}))
print sg(cram({(0, 0), (0, 1), "x"}))`,
	`game g(P) moves g(P - {(a, b)}) for (a, b) in P if (b, a) in P or a == b
game h(P) moves h(P - {x}) for x in P for (a, b) in P if x == a + b
print sg(g({(1, 2), (2, 1), (3, 3), (4, 5)})), moves(g({(1, 2), (2, 1)})), sg(h({(1, 2), (3, 4)}))
print sg(h({1, 2, 3}))`,
	`def dominoes(F) = [{(r, c), (r, c + 1)} for (r, c) in F if (r, c + 1) in F] + [{(r, c), (r + 1, c)} for (r, c) in F if (r + 1, c) in F]
game cram(F) moves cram(F - d) for d in dominoes(F)
let B = {(r, c) for r in 0 .. 2 for c in 0 .. 3}
print sg(cram(B)), [sg(cram(B - {x})) for x in B], moves(cram({(0, 0), (0, 1), (1, 1), (1, 2)})), dominoes({(0, 0), (1, 0)})
print sg(cram({(0, 0), (0, 1), (9223372036854775807, 0)}))`,
	`game g(S) moves g(S - {i}) for i in S if all([i > 0, 10 / i > 1])
game h(S) moves h(S - {i}) for i in S if all([i in S, i])
game k(S) moves k(S - {i}) for i in S if any([]) or all([])
print sg(g({2, 3, 20})), sg(k({1, 2}))
print sg(g({0, 2}))
print sg(h({1, 2}))`,
}

func TestCollRootsExact(t *testing.T) {
	t.Parallel()
	diffCases(t, collRootCases, passes.Algebra, passes.Deforest, passes.WordSets, passes.All)
}

func TestChoicesExact(t *testing.T) {
	t.Parallel()
	diffCases(t, choiceCases, passes.Deforest, passes.WordSets, passes.All)
}
