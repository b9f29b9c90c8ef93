package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// zipsCases: a for clause over zip of a position's list and a range or
// comprehension of its length as a loop over the indexes (pass zips), an
// index of a concatenation of literals and lists as a choice, == and !=
// of tuple literals as of their elements, a sum with a choice of a 0
// distributed (pass algebra). The same values, errors and positions as
// with the passes off and every pass off: where they must not apply
// (lists of other lengths, two different lists, a pattern of one name,
// lists that are not of ints, strings, tuples), where they must give up
// (an index out of range or negative, an element that fails, an overflow
// of the sum) and the options as values (moves, winning) in their order.
var zipsCases = []string{
	// A bite rebuilt by zip of the indexes and the rows; the squares by
	// a helper of pairs with a tuple compare.
	`def squares(rows) = [(r, c) for r in 0 .. len(rows) - 1 for c in 0 .. rows[r] - 1 if (r, c) != (0, 0)]
game chomp(rows) moves chomp([if i < r then x else min(x, c) for (i, x) in zip(0 .. len(rows) - 1, rows)]) for (r, c) in squares(rows)
print sg(chomp([4, 4, 3])), sg(chomp([5, 3, 3, 1])), moves(chomp([2, 1])), winning(chomp([3, 2]))
print [sg(chomp([a, b, 0])) for a in 0 .. 5 for b in 0 .. a]
`,
	// A delta list added by zip: a def and one written in place.
	`def delta(n, i, m) = [if j == i - 1 then m else if j == i then -m else 0 for j in 0 .. n - 1]
game stair(c) moves stair([x + d for (x, d) in zip(c, delta(len(c), i, m))]) for i in 1 .. len(c) - 1 for m in 1 .. c[i]
game st2(c) moves st2([x - d for (x, d) in zip(c, [if j == i then m else 0 for j in 0 .. len(c) - 1])]) for i in 0 .. len(c) - 1 for m in 1 .. c[i]
print [sg(stair([0, a, b, 2])) for a in 0 .. 3 for b in 0 .. 3], moves(stair([0, 1, 2])), winning(stair([1, 2, 1]))
print [sg(st2([a, b, 1])) for a in 0 .. 3 for b in 0 .. 3], moves(st2([1, 2]))
`,
	// Not of one length, or not rewritten: a longer and a shorter
	// comprehension, a range of another length, two lists, one name.
	`game a(c) moves a([x + d for (x, d) in zip(c, [if j == 0 then 1 else 0 for j in 0 .. len(c)])]) if len(c) > 0 and c[0] < 2
game b(c) moves b([x + 1 for (x, d) in zip(c, [0 for j in 0 .. len(c) - 2])]) if len(c) > 1
game e(c, d) moves e([x - 1 for (x, y) in zip(c, d) if x > 0], d) if len(c) > 0 and c[0] > 0
game f(c) moves f([p[1] - 1 for p in zip(0 .. len(c) - 1, c)]) if len(c) > 0 and c[0] > 0
game h(c) moves h([x - i for (i, x) in zip(1 .. len(c), c)]) if len(c) > 0 and c[0] > 3
game k(c) moves k([x - 1 for (x, y) in zip(c, c)]) if len(c) > 0 and c[0] > 0
print sg(a([0, 0])), moves(a([1])), sg(b([3, 4, 5])), moves(b([1, 2])), sg(e([3, 2], [1])), moves(e([2, 1, 4], [5, 6]))
print sg(f([3, 1])), moves(f([2])), sg(h([5, 1])), moves(h([4])), sg(k([2, 5])), moves(k([1, 1]))
`,
	// Lists that are not of ints, strings, tuples, sets: as written.
	`game z(c) moves z([if i == 0 then x else x for (i, x) in zip(0 .. len(c) - 1, c)]) if len(c) > 5
game y(c) moves y([x + d for (x, d) in zip(c, [if j == 0 then 1 else 0 for j in 0 .. len(c) - 1])]) if len(c) > 0 and c[0] < 2
print sg(z(["a", "b"])), sg(z("abc")), sg(z((1, 2))), sg(z([(1, 2)])), sg(y((0, 1))), moves(y([true]))
`,
	`game y(c) moves y([x + d for (x, d) in zip(c, [if j == 0 then 1 else 0 for j in 0 .. len(c) - 1])]) if len(c) > 0 and c[0] < 2
print sg(y(["a"]))
`,
	`game y(c) moves y([x + d for (x, d) in zip(c, [if j == 0 then 1 else 0 for j in 0 .. len(c) - 1])]) if len(c) > 0 and c[0] < 2
print sg(y({0, 1}))
`,
	// An element that fails: of the comprehension zipped, and of the
	// result.
	`game y(c) moves y([x + d for (x, d) in zip(c, [10 / (j - 1) for j in 0 .. len(c) - 1])]) if len(c) > 0 and c[0] < 2
print sg(y([0, 5, 7]))
`,
	`game y(c) moves y([10 / x + d for (x, d) in zip(c, [if j == 0 then 1 else 0 for j in 0 .. len(c) - 1])]) if len(c) > 0 and c[0] < 2
print sg(y([1, 0, 7]))
`,
	`game y(c) moves y([x + d for (x, d) in zip(c, [if j == 1 then 1 else 0 for j in 0 .. len(c) - 1])]) if len(c) > 1 and c[0] < 2
print sg(y([0, 9223372036854775807]))
`,
	`game y(c) moves y([x - d for (x, d) in zip(c, [if j == i then m else 0 for j in 0 .. len(c) - 1])]) for i in 0 .. len(c) - 1 for m in 1 .. 2
print sg(y([-9223372036854775807, 3]))
`,
	// A def indexing a position's list read with len only.
	`def at(x, i) = x[i]
game g(xs) moves g(xs[:i] + xs[i + 1:]) for i in 0 .. len(xs) - 1 if at(xs, i) != at("abcdef", i)
print sg(g([1, "b", 3])), sg(g(("a", 2))), sg(g([1, 2, 3, 4]))
`,
	// Zip in a def and at the top level.
	`def idx(l) = [i * x for (i, x) in zip(0 .. len(l) - 1, l)]
let L = [4, 5, 6]
print idx([3, 4, 5]), idx([]), [x + y for (x, y) in zip(L, L)], [x for (x, y) in zip(L, 0 .. 1)], idx("ab")
`,
	// An index of a concatenation: padded rows, two lists, literals of
	// several elements.
	`def pad(b) = [0] + b + [0]
game board(b) moves board(update(b, i, 1)) for i in 0 .. len(b) - 1 if pad(b)[i] + pad(b)[i + 1] + pad(b)[i + 2] == 0
game two(a, b) moves two(update(a, i, 1), b) for i in 0 .. len(a) - 1 if (a + [0] + b)[i + len(a) - i + 1] + ([7, 8] + a + [5, 6, 9])[i + 2] + a[i] == 0
print [sg(board([0 for i in 1 .. n])) for n in 0 .. 9], moves(board([0, 0, 0, 0])), winning(board([0, 1, 0, 0, 0]))
print [sg(two([0 for i in 1 .. n], [0, 1])) for n in 0 .. 5], moves(two([0, 0], [0]))
print [([1, 2] + L + [3])[i] for L in [[], [9, 8]] for i in 0 .. len(L) + 2]
`,
	`def pad(b) = [0] + b + [0]
game board(b) moves board(update(b, i, 1)) for i in 0 .. len(b) - 1 if pad(b)[i + 1] + pad(b)[i + 3] == 0
print sg(board([0, 0, 0]))
`,
	`def pad(b) = [0] + b + [0]
game board(b) moves board(update(b, i, 1)) for i in 0 .. len(b) - 1 if pad(b)[i - 1] == 0
print sg(board([0, 0, 0]))
`,
	`def pad(b) = [0] + b + [0]
game board(b) moves board(update(b, i, 1)) for i in 0 .. len(b) - 1 if pad(b)[i] == 0
print sg(board([0, 0, 0])), sg(board("abc"))
`,
	`def pad(b) = [0] + b + [0]
game board(b) moves board(update(b, i, 1)) for i in 0 .. len(b) - 1 if pad(b)[i] == 0
print sg(board([0, "x"]))
`,
	`def pad(b) = [0] + b + [0]
game board(b) moves board(update(b, i, 1)) for i in 0 .. len(b) - 1 if pad(b)[i] == 0
print sg(board((0, 0)))
`,
	`def pad(b) = [0] + b + [0]
def at(b, i) = pad(b)[i]
print [at([5, 6], i) for i in 0 .. 3], [at([], i) for i in 0 .. 1], at([5], -1)
`,
	// Tuple compares: of one length, of two, of strings.
	`game g(a, b) moves g(a - k, b) for k in 1 .. a if (a - k, b) != (b, a) | g(a, b - k) for k in 1 .. b if (k, 0) == (1, 0) or (a, b) == (k, k)
print [[sg(g(a, b)) for b in 0 .. 5] for a in 0 .. 5], moves(g(3, 3)), winning(g(2, 4))
print [(x, 1) == (1, x) for x in 0 .. 2], [(x, 1) == (x, 1, 2) for x in 0 .. 1], [(x, "a") != (x, "b") for x in 0 .. 1]
`,
	// A sum with a choice of a 0: distributed.
	`game s(c) moves s([c[j] + (if j == i then -m else 0) for j in 0 .. len(c) - 1]) for i in 0 .. len(c) - 1 for m in 1 .. c[i]
game t(c) moves t([(if j == i then -1 else if j == i + 1 then 1 else 0) + c[j] for j in 0 .. len(c) - 1]) for i in 0 .. len(c) - 2 if c[i] > 0
print [sg(s([a, b, 2])) for a in 0 .. 3 for b in 0 .. 3], moves(s([1, 2])), [sg(t([a, b, 0])) for a in 0 .. 3 for b in 0 .. 2], moves(t([2, 1, 0]))
`,
	`game t(c) moves t([(if j == i then -1 else 0) + c[j] for j in 0 .. len(c) - 1]) for i in 0 .. len(c) - 1 if c[i] > -2
print sg(t([-9223372036854775807, 1]))
`,
}

func TestZips(t *testing.T) {
	diffCases(t, zipsCases, passes.All)
	diffCases(t, zipsCases, passes.Zips|passes.Algebra)
	diffCases(t, zipsCases, passes.Zips, passes.Algebra, passes.Inline, passes.Deforest)
}
