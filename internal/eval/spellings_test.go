package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// Moves spelled as a newcomer spells them, built as bits (package
// build): a def called in the option (inline.go), a set operator's
// operand kept per value of what it reads (setcache.go), a filter whose
// for clause unpacks cells (filter.go): the same values and errors with
// the passes that build them on and off, also where the elements are not
// what the fast way assumes (lists, ints, cells out of range) and where
// something fails.
var spellingCases = []string{
	// A filter unpacking cells: Chomp.
	`game chomp(S) moves chomp({(r, c) for (r, c) in S if r < a or c < b}) for (a, b) in S if a + b > 0
print [sg(chomp({(r, c) for r in 0 .. h - 1 for c in 0 .. w - 1})) for (w, h) in [(1, 1), (2, 2), (3, 2), (4, 3)]]`,
	`game chomp(S) moves chomp(S - {(r, c) for (r, c) in S if r >= a and c >= b}) for (a, b) in S if (a, b) != (0, 0)
print [sg(chomp({(r, c) for r in 0 .. h - 1 for c in 0 .. w - 1})) for (w, h) in [(1, 1), (3, 3), (4, 2)]]`,
	// Elements that are lists, not tuples: the tuples yielded differ.
	`game f(S) moves f({(r, c) for (r, c) in S if r != a}) for (a, b) in S
print sg(f({[0, 1], [1, 1], (2, 2)})), moves(f({[0, 1], (1, 1)}))`,
	// Cells past 63, negative ones, elements that do not unpack.
	`game f(S) moves f({(r, c) for (r, c) in S if c != b}) for (a, b) in S
print sg(f({(0, 70), (1, -1), (2, 3)})), sg(f({(0, 1), (1, 2)}))
print sg(f({1, 2}))`,
	`game f(S) moves f({(r, c) for (r, c) in S if c / (r - 1) > 0}) for (a, b) in S
print sg(f({(0, 1), (2, 3)}))
print sg(f({(1, 1), (2, 3)}))`,
	// A filter over a universe whose ids do not ascend with the
	// elements (3 met after the cells): its elements tested in their
	// order, so that the first error is the comprehension's.
	`game nk(S) moves nk({x for x in S if x[0] - v[0] != 1}) for v in S
print sg(nk({(0, 0), (0, 1)}))
print sg(nk({(0, 0), 3}))`,
	// Defs in the option, their errors on the trace.
	`def multiples(S, d) = {e for e in S if e % d == 0}
game div(S) moves div(S - multiples(S, d)) for d in S
print [sg(div(set(divisors(n)) - {1})) for n in [12, 60, 360]]
print sg(div({0, 2, 3}))`,
	`let NB = [{1}, {0, 2}, {1}]
def take(S, v) = S - ({v} | set(NB[v]))
game nk(S) moves nk(take(S, v)) for v in S
print sg(nk({0, 1, 2})), sg(nk({0, 2}))
print sg(nk({0, 5}))`,
	// Operands kept per value: a def of a comprehension, a list, a let
	// made again.
	`def nb(v) = [u for u in [v - 1, v + 1] if u >= 0]
game nk(S) moves nk(S - set(nb(v)) - {v}) for v in S
print [sg(nk(set(0 .. n - 1))) for n in 1 .. 9]`,
	`let NB = [{1}, [0], {5}]
game nk(S) moves nk(S - NB[v] - {v}) for v in S
print sg(nk({0}))
print sg(nk({0, 1}))`,
	`let K = 1
game nk(S) moves nk(S - {u for u in S if u - v <= K and v - u <= K}) for v in S
print sg(nk(set(0 .. 8)))
let K = 2
print sg(nk(set(0 .. 8)))`,
	// A filter through a def, a splice with an element computed, an
	// edit with two indexes one arm.
	`def near(a, b) = abs(a[0] - b[0]) + abs(a[1] - b[1]) <= 1
game nk(S) moves nk({x for x in S if not near(x, v)}) for v in S
print sg(nk({(r, c) for r in 0 .. 2 for c in 0 .. 2})), sg(nk({(0, 0), (5, 5)}))
print sg(nk({(0, 0), 3}))`,
	`game ring(b) moves ring([if j == i or j == (i + 1) % len(b) then 0 else b[j] for j in 0 .. len(b) - 1]) for i in 0 .. len(b) - 1 if b[i] == 1 and b[(i + 1) % len(b)] == 1
print [sg(ring(n * [1])) for n in 3 .. 9], sg(ring([1, "a", 1]))`,
	`game s(c) moves s(c[:i] + [p] + c[i + 1:]) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1 if i == 0 or p > c[i - 1]
print sg(s([1, 4, 6])), sg(s([2, 5]))`,
	// Additive edits: c[j] + (if ... else 0), through a def, swapped,
	// subtracted; an element that is not an int (c[j] + 0 fails there),
	// an arm that fails, an arm that overflows, a tuple.
	`def move(c, i, m) = [c[j] + (if j == i - 1 then m else if j == i then -m else 0) for j in 0 .. len(c) - 1]
game st(c) moves st(move(c, i, m)) for i in 1 .. len(c) - 1 for m in 1 .. c[i]
print [sg(st([0, a, b, d])) for a in 0 .. 3 for b in 0 .. 3 for d in 0 .. 3], sg(st((0, 2, 3)))
print sg(st([0, 1, "a"]))`,
	`game st(c) moves st([(if j == i - 1 then m else if j == i then 0 - m else 0) + c[j] for j in 0 .. len(c) - 1]) for i in 1 .. len(c) - 1 for m in 1 .. c[i]
print [sg(st([0, a, b])) for a in 0 .. 4 for b in 0 .. 4]
print sg(st([9223372036854775807, 1]))`,
	`game st(c) moves st([c[j] - (if j == i then m else if j == i - 1 then -m else 0) for j in 0 .. len(c) - 1]) for i in 1 .. len(c) - 1 for m in 1 .. c[i]
print [sg(st([0, a, b])) for a in 0 .. 4 for b in 0 .. 4]
print sg(st(["x", 2]))`,
	`game st(c) moves st([c[j] + (if j == i then m / (m - 1) else 0) for j in 0 .. len(c) - 1]) for i in 0 .. len(c) - 1 for m in 1 .. c[i] if c[i] < 9
print sg(st([0, 2]))`,
	`game st(c) moves st([c[j] + (if j == i then -m else 1) for j in 0 .. len(c) - 1]) for i in 0 .. len(c) - 1 for m in 1 .. c[i] if c[i] > 5
print sg(st([6, 0]))`,
	// Literal operands over a universe's ids: -, |, ^ and & with
	// elements in and out of the universe, cells and ints, an element
	// that fails, a set left empty.
	`game tt(S) moves tt(S - {i}) for i in S | tt(S - {i} ^ {j}) for i in S for j in 0 .. i - 1
print [sg(tt(set(0 .. n))) for n in 0 .. 6], sg(tt({1, 5, 9}))`,
	`game f(S) moves f(S - {v} | {v + 10}) for v in S if v < 3
print sg(f({0, 1, 2})), moves(f({0, 12}))`,
	`game f(S) moves f(S & {v, v + 1, (v, 0)}) for v in S if len(S) > 1
print sg(f({0, 1, 2, 5})), moves(f({3, 4, 7}))`,
	`game f(S) moves f(S ^ {(r + 1, c), (r, c + 1)}) for (r, c) in S if r + c < 3
print sg(f({(0, 0)})), len(moves(f({(0, 0), (1, 1)})))`,
	`game f(S) moves f(S - {10 / (v - 2)}) for v in S
print sg(f({0, 1}))
print sg(f({0, 2}))`,
	// Splices of several elements, X[:I] + [E1, E2] + X[I + 2:], I
	// written v - 1 and the tail's start v + 1: walked, a tuple, an
	// index out (a negative bound fails), an element that fails, a
	// middle of another length than the slices leave (not a splice).
	`game st(c) moves st(c[:i - 1] + [c[i - 1] + m, c[i] - m] + c[i + 1:]) for i in 1 .. len(c) - 1 for m in 1 .. c[i]
print [sg(st([0, a, b, d])) for a in 0 .. 3 for b in 0 .. 3 for d in 0 .. 3], sg(st([0, 70, 2]))
print sg(st((0, 1, 1)))`,
	`game st(c) moves st(c[:i - 1] + [c[i - 1] + m, c[i] - m] + c[i + 1:]) for i in 0 .. len(c) - 1 for m in 1 .. c[i]
print sg(st([1, 2]))`,
	`game st(c) moves st(c[:i] + [10 / (m - 2), c[i + 1] + 1, 0] + c[i + 3:]) for i in 0 .. len(c) - 3 for m in 1 .. c[i] if c[i] < 9
print sg(st([1, 0, 0, 5])), sg(st([0, 1, 1]))
print sg(st([2, 0, 0]))`,
	`game st(c) moves st(c[:i] + [m, m] + c[i + 1:]) for i in 0 .. len(c) - 1 for m in 0 .. c[i] - 1 if len(c) < 4
print sg(st([2])), moves(st([1, 1]))`,
	`game k(b) moves k(b[:i + 1] + ".." + b[i + 3:]) for i in 0 .. len(b) - 3 if b[i + 1:i + 3] == "xx"
print [sg(k(n * "x")) for n in 0 .. 9]`,
	// Splices walked: a tuple (tuple + list fails), elements not ints,
	// an element that fails, an index past the list.
	`game s(c) moves s(c[:i] + [p] + c[i + 1:]) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1
print [sg(s([a, b])) for a in 0 .. 4 for b in 0 .. 4]
print sg(s((1, 2)))`,
	`game s(c) moves s(c[:i] + [p] + c[i + 1:]) for i in 0 .. len(c) - 1 for p in 0 .. 2 if len(c) < 5 and p < i
print moves(s([2, "a", 70, 1])), sg(s(["b", 3, 1]))`,
	`game s(c) moves s(c[:i] + [10 / (p - 2)] + c[i + 1:]) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1 if c[i] < 40
print sg(s([1, 2]))
print sg(s([3]))`,
	`game s(c) moves s(c[:i] + [p + 60] + c[i + 1:]) for i in 0 .. len(c) for p in 0 .. 3 if len(c) < 3
print sg(s([1])), len(moves(s([0, 5])))`,
}

// guardCases: an if clause after a for clause over a range that bounds
// its variable by a plain E of any type (p > c[i - 1]), behind `U or` or
// `U and` (compile's guardBound): the same values and errors as the
// clause tested at each value; E or U that fail, E not an int, U not a
// bool, an empty range (nothing evaluated).
var guardCases = []string{
	// E or U mentions the loop's name, which shadows a parameter (no
	// slot yet when the clause is read: TestOptDiffRandom's program 238
	// of seed 20261121).
	`game g(n) moves g(k) for k in 0 .. n - 1 if k <= k
game h(n) moves g(n) for n in -2 .. n if n <= n | g(n + 1) for n in 0 .. n if n == 0 or n < n + 1
print sg(h(3)), moves(h(2))`,
	`game s(c) moves s(c[:i] + [p] + c[i + 1:]) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1 if i == 0 or p > c[i - 1]
print [sg(s([a, b, d])) for a in 0 .. 3 for b in a + 1 .. 5 for d in b + 1 .. 7]`,
	`game s(c) moves s(update(c, i, p)) for i in 1 .. len(c) - 1 for p in 0 .. c[i] - 1 if p > c[i - 1]
print [sg(s([a, b, d])) for a in 0 .. 3 for b in a + 1 .. 5 for d in b + 1 .. 7]
print sg(s(["a", 3]))`,
	`game s(c) moves s(update(c, i, p)) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1 if i > 0 and c[i - 1] < p
print [sg(s([a, b, d])) for a in 0 .. 3 for b in 0 .. 5 for d in 0 .. 7]
print sg(s([2, (1, 2)]))`,
	`game s(c) moves s(update(c, i, p)) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1 if p >= c[i - 2]
print sg(s([1, 2, 3]))
print sg(s([1]))`,
	`game s(c) moves s(update(c, i, p)) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1 if c[i + 1] == 0 or p > 0
print sg(s([0, 0]))
print sg(s([0, 3]))`,
	`game s(c) moves s(update(c, i, p)) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1 if c[i] or p > 0
print sg(s([0, 0]))
print sg(s([2, 3]))`,
	`let L = [5, "x", 7]
game s(n) moves s(n - k) for k in 1 .. n if k <= L[n % 3]
print [sg(s(n)) for n in 0 .. 4]
print sg(s(5))`,
}

// enumerateCases: a generator over enumerate(b), b a position's list,
// planned as the range of b's indexes (plan's enumerates.go): the same
// values and errors where b is a list or tuple of ints, and as written
// where it is not (a string, a set, a list of other values), with len
// hidden by a def, an error after the generator.
var enumerateCases = []string{
	`game ring(b) moves ring(update(update(b, i, 0), (i + 1) % len(b), 0)) for (i, x) in enumerate(b) if x == 1 and b[(i + 1) % len(b)] == 1
print [sg(ring(n * [1])) for n in 3 .. 9], sg(ring((1, 1, 0, 1)))
print sg(ring([1, "a", 1]))`,
	`def len(x) = 3
game k(b) moves k(b[:i] + "." + b[i + 1:]) for (i, x) in enumerate(b) if x == "x"
print sg(k("xx.x")), sg(k("x"))`,
	`game k(b) moves k(update(b, i, x - 1)) for (i, x) in enumerate(b) if x > 0
print sg(k([2, 3])), sg(k((1, 2, 3)))
print sg(k({1, 2}))`,
	`game s(c) moves s(update(c, i, p)) for (i, x) in enumerate(c) for p in (if i == 0 then 0 else c[i - 1] + 1) .. x - 1
print [sg(s([a, b])) for a in 0 .. 4 for b in a + 1 .. 6]
print sg(s([1, "a"]))`,
	`game k(b) moves k(update(b, i, 10 / (x - 3))) for (i, x) in enumerate(b) if x > 2
print sg(k([1, 5])), sg(k([4]))
print sg(k([3]))`,
}

func TestEnumeratesExact(t *testing.T) {
	t.Parallel()
	diffCases(t, enumerateCases, passes.Deforest, passes.All)
}

func TestGuardBoundsExact(t *testing.T) {
	t.Parallel()
	diffCases(t, guardCases, passes.FastLoops, passes.Walks, passes.All)
}

func TestSpellingsExact(t *testing.T) {
	t.Parallel()
	diffCases(t, spellingCases, passes.Composite, passes.Bitsets, passes.Edits, passes.Walks, passes.All)
}
