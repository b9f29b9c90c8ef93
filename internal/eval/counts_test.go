package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// countCases: a count of a filter compared with 0 planned as any
// (package algebra's lenOfFilter), and a count of a list's indexes that
// pass a test compared with an int, over a def seen through, as masks
// (package masks' counts.go). The same values, errors and positions as
// with the passes off: a yield that can fail (no rewrite), a condition
// that is not a bool, an index out of range or not an int in a later
// list, a list with an index twice, lists of other lengths, an empty
// list of lists, empty lists, a def that fails, a value that is not a
// string, negations and every comparison.
var countCases = []string{
	// A Notakto board as one string: the count of full lines is 0.
	`let (W, H) = (3, 3)
def cell(r, c) = r * W + c
let LINES = [[cell(r, c), cell(r + dr, c + dc), cell(r + 2 * dr, c + 2 * dc)]
             for r in 0 .. H - 1 for c in 0 .. W - 1 for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)]
             if 0 <= r + 2 * dr and r + 2 * dr < H and 0 <= c + 2 * dc and c + 2 * dc < W]
def full(b, L) = len([j for j in L if b[j] == "X"]) == 3
game nota(b) moves nota(c) for i in 0 .. len(b) - 1 if b[i] == "." for c in [b[:i] + "X" + b[i + 1:]] if len([L for L in LINES if full(c, L)]) == 0
game nb(b) moves nb(c) for i in 0 .. len(b) - 1 if b[i] == "." for c in [b[:i] + "X" + b[i + 1:]] if not (0 < len([L for L in LINES if full(c, L)]))
game nc(b) moves nc(c) for i in 0 .. len(b) - 1 if b[i] == "." for c in [b[:i] + "X" + b[i + 1:]] if len([1 for L in LINES if len([j for j in L if c[j] == "X"]) >= 3]) < 1
game nd(b) moves nd(c) for i in 0 .. len(b) - 1 if b[i] == "." for c in [b[:i] + "X" + b[i + 1:]] if sum([1 for L in LINES if sum([1 for j in L if c[j] == "X"]) == 3]) == 0
let empty = (W * H) * "."
print sg(nd(empty)), moves(nd("XX.X....."))
print sg(nota(empty)), [sg(nota(empty[:i] + "X" + empty[i + 1:])) for i in 0 .. W * H - 1], moves(nota("XX.X....."))
print sg(nb(empty)), sg(nc(empty)), winning(nb("X........")), moves(nc("X.X......"))
`,
	// Every comparison with 0 and 1, either way round, more than one
	// if clause, and counts compared with each int.
	`let S = "XX.X.XX.."
let LS = [[0, 1, 2], [3, 4, 5], [0, 3, 6], [1, 5], [], [8]]
print [len([L for L in LS if len([j for j in L if S[j] == "X"]) == k]) == 0 for k in 0 .. 3]
print [0 == len([L for L in LS if len([j for j in L if S[j] == "X"]) >= k]) for k in 0 .. 3], [len([L for L in LS if 2 > len([j for j in L if S[j] != "X"])]) > 0]
print [len([L for L in LS if len([j for j in L if S[j] == "X"]) != k]) >= 1 for k in 0 .. 3], [len([L for L in LS if len([j for j in L if S[j] == "X"]) < k]) <= 0 for k in 0 .. 3]
print [len([L for L in LS if len(L) > 1 if len([j for j in L if S[j] == "X"]) <= k]) < 1 for k in 0 .. 3], [len([x for x in 0 .. 9 if x > 3 if x % k == 0]) != 0 for k in 1 .. 5]
print any([len([j for j in L if S[j] == "X"]) == 2 for L in LS]), all([not (len([j for j in L if S[j] == "X"]) > 1) for L in LS]), any([len([0 for j in L if S[j] == "."]) == 0 for L in LS])
print all([len([j for j in L if S[j] == "X"]) <= 3 for L in []]), any([len([j for j in L if S[j] == "X"]) == 0 for L in [[], []]]), all([len([j for j in L if S[j] == "X"]) == 1 for L in [[], []]])
`,
	// Sums of ones as counts; a sum of other ints is not one.
	`let S = "XX.X.XX.."
let LS = [[0, 1, 2], [3, 4, 5], [0, 3, 6], [1, 5], [], [8]]
print [sum([1 for L in LS if sum([1 for j in L if S[j] == "X"]) == k]) == 0 for k in 0 .. 3], [sum([2 for L in LS if len(L) > k]) == 0 for k in 0 .. 3]
print any([sum([1 for j in L if S[j] == "X"]) >= 2 for L in LS]), all([sum([1 for j in L if S[j] == "."]) < 3 for L in LS]), any([sum([j for j in L if S[j] == "X"]) == 3 for L in LS])
print sum([1 for L in LS if sum([1 for j in L if S[j] == "X"]) == 3]) > 0, 0 < sum([1 for x in [1, "a"] if x == 1])
print sum([1 for L in [[0, 1], [1, 9]] if sum([1 for j in L if S[j] == "X"]) == 2]) == 0
`,
	// Counts in a def's body (compiled where no query is planned), as a
	// value and as a condition, over the lines of a board of rows.
	`let (W, H) = (3, 3)
def at(g, r, c) = 0 <= r and r < H and 0 <= c and c < W and g[r][c] == "X"
def dead(g) = len([1 for r in 0 .. H - 1 for c in 0 .. W - 1 for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] if at(g, r, c) and at(g, r + dr, c + dc) and at(g, r + 2 * dr, c + 2 * dc)]) > 0
def live(g) = 0 == sum([1 for r in 0 .. H - 1 for c in 0 .. W - 1 if at(g, r, c) and at(g, r, c + 1)])
def put(g, r, c) = update(g, r, g[r][:c] + "X" + g[r][c + 1:])
game nota(g) moves nota(put(g, r, c)) for r in 0 .. H - 1 for c in 0 .. W - 1 if g[r][c] == "." and not dead(put(g, r, c))
print sg(nota(["...", "...", "..."])), dead(["XXX", "...", "..."]), [live(g) for g in [["XX.", "...", "..."], ["X.X", "...", ".X."]]], if dead(["X..", ".X.", "..X"]) then 1 else 0
print dead(["XXX", "..", "..."]), live(["X.X", "..", "..."])
print live(["X.X", "XX", "..."])
`,
	`def f(L) = len([x for x in L if x > 2]) == 0
print f([1, 2]), f([5]), f([])
print f([1, "a"])
`,
	// A list with an index twice: the count is the comprehension's.
	`let S = "XX.X"
print any([len([j for j in L if S[j] == "X"]) == 3 for L in [[0, 0, 1], [2, 3]]]), len([L for L in [[0, 0, 1]] if len([j for j in L if S[j] == "X"]) == 3]) == 0
print [len([j for j in L if S[j] == "X"]) for L in [[0, 0, 1]]]
`,
	// An index out of range in a later list, after a line that decided.
	`let S = "XXX."
print len([L for L in [[0, 1, 2], [1, 2, 9]] if len([j for j in L if S[j] == "X"]) == 3]) == 0
`,
	`let S = "XXX."
print any([len([j for j in L if S[j] == "X"]) == 3 for L in [[0, 1, 2], [1, "a", 2]]])
`,
	`let S = ["X", "X", 3]
print any([len([j for j in L if S[j] == "X"]) == 2 for L in [[0, 1, 2], [1, 2]]]), any([len([j for j in L if S[j] == 3]) == 1 for L in [[0, 1, 2], [1, 2]]])
print any([len([j for j in L if S[j] == "X"]) == 2 for L in [[0, 1, 2], [1, 2, -1]]])
print any([len([j for j in L if S[j] == "X"]) == 2 for L in [[0, 1, 2], [1, 2, 3]]])
`,
	`let S = 17
print len([L for L in [[0, 1]] if len([j for j in L if S[j] == "X"]) == 1]) == 0
`,
	// A yield that can fail: no rewrite, its error.
	`print len([1 / (x - 3) for x in 0 .. 5 if x > 1]) == 0
`,
	// A condition that is not a bool: the filter's error.
	`def g(x) = x > 2
print len([x for x in 0 .. 2 if x > 0 if g(10 / (x - 1))]) == 0
`,
	`print len([x for x in 0 .. 5 if x > 10 if [x]]) == 0, len([x for x in 0 .. 5 if (if x > 3 then x else false)]) == 0
`,
	// A def that fails on a later element, after one that passed.
	`def full(b, L) = len([j for j in L if b[j] == "X"]) == 10 / (len(L) - 2)
print len([L for L in [[0, 1, 2], [0, 1]] if full("XXX", L)]) == 0
`,
	`def full(b, L) = len([j for j in L if b[j] == "X"]) == 3
print len([L for L in [[0, 1, 2], [0, 1, 5]] if full("XXX", L)]) == 0
`,
	`def full(b, L) = len([j for j in L if b[j] == "X"]) == 3
print any([full("XX.X", L) for L in [[0, 1, 3], [2, 3]]]), any([not full(S, L) for L in [[0, 1, 3]] for S in ["XXXX", ".XXX"]])
`,
	// Shadowed names: len and any mean something else.
	`def len(x) = 0
print len([x for x in 0 .. 3 if x > 1]) == 0
`,
	`def any(x) = 7
print len([x for x in 0 .. 3 if x > 1]) == 0, [len([x for x in 0 .. 3 if x > k]) == 0 for k in 1 .. 4]
`,
}

func TestCountsDiff(t *testing.T) {
	for _, off := range []passes.Pass{passes.Algebra, passes.Masks, passes.BitLists, passes.All} {
		diffCases(t, countCases, off)
	}
}
