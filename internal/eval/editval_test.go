package eval_test

import (
	"testing"
	"time"

	"github.com/grundy-lang/grundy/internal/passes"
)

// editValueCases: list comprehensions that copy a list but for a few
// elements (edits, mask edits) made as values, wherever a value is made
// (a def's body, the top level, an argument of another def, nested in
// one another), not only as a move's option: lists, tuples, strings of
// ASCII characters and not, a map and an int as the copied value (as
// written); an index that is no int, out of range, negative, repeated;
// an arm that fails, at the first index or later; additive edits of
// lists with a string in them; an empty list.
var editValueCases = []string{
	`def put(b, i) = [if j == i then 1 else b[j] for j in 0 .. len(b) - 1]
print put([0, 0, 0], 1), put((0, 0, 0), 2), put([0, 0], 5), put([0, 0], -1), put([0, 0], "a"), put([], 0)
print put(put([0] * 5, 1), 2), put("abc", 1), put("é.", 0)
print put({1: 2}, 0)`,
	`def put(b, i) = [if j == i then 1 else b[j] for j in 0 .. len(b) - 1]
print put(7, 0)`,
	`def two(b, i, k) = [if j == i then b[j] + 1 else if j == k then 10 / b[j] else b[j] for j in 0 .. len(b) - 1]
print two([1, 2, 3], 0, 2), two([1, 2, 3], 2, 2), two([1, 2, 3], 1, 1)
print two([1, 0, 3], 2, 1)`,
	`def two(b, i, k) = [if j == i or j == k then "x" else b[j] for j in 0 .. len(b) - 1]
print two(["a", "b", "c"], 0, 2), two("abc", 1, 1), two([1, 2], 3, 1)
def add(b, i) = [b[j] + (if j == i then 2 else 0) for j in 0 .. len(b) - 1]
print add([1, 2, 3], 1), add((5, 5), 0), add([1, 2], 9)
print add([1, "a"], 0)`,
	`def stair(b, i, k) = [if j == i then b[j] - k else if j == i - 1 then b[j] + k else b[j] for j in 0 .. len(b) - 1]
game s(b) moves s(stair(b, i, k)) for i in 1 .. len(b) - 1 for k in 1 .. b[i]
print sg(s([0, 1, 2, 3])), [stair([3, 3, 3], i, 1) for i in 0 .. 3]
let L = [stair([1, 2, 3, 4], 2, k) for k in 0 .. 3]
print L, len(L)`,
	`def clear(b, v) = [if u == v or u == v + 1 then 0 else b[u] for u in 0 .. len(b) - 1]
def near(u, v) = u - v <= 1 and v - u <= 1
def clr2(b, v) = [if near(u, v) then 0 else b[u] for u in 0 .. len(b) - 1]
print clear([1] * 6, 2), clr2([1] * 6, 2), clr2([1] * 6, 0), clr2((1, 1, 1), 5), clr2("aaa", 1)
print [clr2(clear([1] * 7, k), 6 - k) for k in 0 .. 6]`,
	`def put(b, i) = [if j == i then 10 / (i - 2) else b[j] for j in 0 .. len(b) - 1]
print put([1, 2, 3, 4], 1)
print put([1, 2, 3, 4], 2)`,
	// over 0 .. B, B not len(c) - 1: the edit where it is that; a list
	// shorter than B + 1 fails at its end as written, a longer one is cut
	// short; B a string fails at the range; an empty range reads nothing
	`let N = 4
def put(b, i) = [if j == i then 1 else b[j] for j in 0 .. N - 1]
def upto(b, i, n) = [if j == i then "x" else b[j] for j in 0 .. n]
print put([0, 0, 0, 0], 2), put((5, 5, 5, 5), 0), put([0] * 6, 1), put([0, 0, 0, 0], 9), put("abcd", 3)
print upto([1, 2, 3], 0, 2), upto([1, 2, 3], 1, 1), upto([1, 2, 3], 2, -1), upto(7, 0, -1), upto(7, 0, 0), upto("ab", 1, 1)
print upto([1, 2], 0, "a")`,
	`let N = 4
def put(b, i) = [if j == i then 1 else b[j] for j in 0 .. N - 1]
print put([0, 0], 0)`,
	`def upto(b, i, n) = [if j == i then "x" else b[j] for j in 0 .. n]
print upto([1, 2], 0, true)`,
	// a grid's row as the list copied, c = b[r]: the cell set where b[r]
	// is a row of the length; b[r] out of range, negative, not a list, r
	// not an int, a row of one cell set (b[r] never read as written)
	`let (H, W) = (3, 4)
def set(b, r, c) = [if i == r then [if j == c then 1 else b[i][j] for j in 0 .. W - 1] else b[i] for i in 0 .. H - 1]
def row(b, r, c) = [if j == c then 1 else b[r][j] for j in 0 .. W - 1]
def one(b, r) = [if j == 0 then 1 else b[r][j] for j in 0 .. 0]
let G = [[0] * W for r in 0 .. H - 1]
print set(G, 1, 2), set(set(G, 0, 0), 2, 3), set(G, 5, 0), set(G, 0, 9)
print row(G, 0, 1), row(G, -1, 0), row([(1, 2, 3, 4)], 0, 0), row(["abcd"], 0, 2), one([], 5), one([3], 0), one(7, "a")
print row([[1, 2]], 0, 0)`,
	`def row(b, r, c) = [if j == c then 1 else b[r][j] for j in 0 .. 3]
print row([[0] * 4], 1, 0)`,
	`def row(b, r, c) = [if j == c then 1 else b[r][j] for j in 0 .. 3]
print row(5, 0, 0)`,
	`def row(b, r, c) = [if j == c then 1 else b[r][j] for j in 0 .. 3]
print row([[0] * 4], "a", 0)`,
	// as a move's option (built in a scratch, keyed): Cram on a grid of
	// lists whose cells are set by comprehensions
	`let (H, W) = (3, 4)
def set(b, r, c) = [if i == r then [if j == c then 1 else b[i][j] for j in 0 .. W - 1] else b[i] for i in 0 .. H - 1]
game cram(b) moves
    cram(set(set(b, r, c), r, c + 1)) for r in 0 .. H - 1 for c in 0 .. W - 2 if b[r][c] == 0 and b[r][c + 1] == 0
  | cram(set(set(b, r, c), r + 1, c)) for r in 0 .. H - 2 for c in 0 .. W - 1 if b[r][c] == 0 and b[r + 1][c] == 0
print sg(cram([[0] * W for r in 0 .. H - 1])), sg(cram([[0, 1, 0, 0], [0, 0, 0, 0], [1, 0, 0, 1]])), moves(cram([[1, 1, 0, 0], [1, 1, 1, 1], [1, 1, 1, 0]]))
print sg(cram([[0] * W for r in 0 .. H - 2]))`,
	`let N = 6
def put(b, i) = [if j == i then 1 else b[j] for j in 0 .. N - 1]
game g(b) moves g(put(put(b, i), i + 1)) for i in 0 .. N - 2 if b[i] == 0 and b[i + 1] == 0
print sg(g([0] * N)), sg(g((0, 0, 1, 0, 0, 0))), moves(g([0, 0, 0, 1, 0, 0]))
print sg(g([0] * 8))
print sg(g([0] * 5))`,
}

func TestEditValueDiff(t *testing.T) {
	t.Parallel()
	diffCases(t, editValueCases, passes.Edits, passes.MaskEdits, passes.Composite, passes.All)
}

// TestEditEqualFactsCompile: an edit whose arms compare the index with
// the same value several times (j == i, i == j, j == k with k bound to
// i by the call) compiled in a rule: the proof of its indexes read the
// facts relating i and j again at every level, a compile that did not
// end (four such arms: never; three: 2.6 s); now at once, and the same
// as every pass off.
func TestEditEqualFactsCompile(t *testing.T) {
	src := `def f0(b, i, k) = [if j == i or i == j or j == k or k == j then b[j] - i else if j == k then 3 else b[j] for j in 0 .. len(b) - 1]
game g0(w) moves g0(f0(w, i, i)) for i in 0 .. len(w) - 1 if w[i] == 0
print sg(g0([0, 0, 0])), moves(g0([0, 1]))
`
	c := optCase{name: "t.game", src: src, timeout: 20 * time.Second}
	on, off := runOptWith(c, 0), runOptWith(c, passes.All)
	if ok, why := optSame(on, off, true); !ok || on.err != "" {
		t.Fatalf("%s\n=== all passes:\n%s\n=== every pass off:\n%s", why, on, off)
	}
}
