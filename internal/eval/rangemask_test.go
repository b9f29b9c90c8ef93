package eval_test

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/internal/passes"
)

// The masks of a range's if clause (package rangemask): the same values
// and errors with the pass on and off (and every pass off), for index
// tests of strings, lists and tuples at j + K and at r * w + j, bounds of
// j, conditions that do not read j, and, or, not, defs inlined; places
// out of the collection (past its end, negative) where the clause's
// guards do and do not rule them out; elements of other kinds (an
// ordering of a string and an int, a bare element that is not a bool);
// operands of and that are not bools; non-ASCII strings; a literal that
// is not one character; a term that overflows; a range of more than 64
// ints; comprehensions outside move rules; places modulo a modulus
// (positive, zero, negative; of a negative sum); memberships j + K in S
// and not in, of sets (with bitmaps and without), lists, maps, strings.
var rangeMaskFormulaCases = []string{
	`def free(b, w, r, c) = r < 3 and c < w and b[r * w + c] == "."
def cover(b, i, j) = update(update(b, i, "#"), j, "#")
game cram(b, w) moves
    cram(cover(b, r * w + c, r * w + c + 1), w) for r in 0 .. 2 for c in 0 .. w - 1 if free(b, w, r, c) and free(b, w, r, c + 1)
  | cram(cover(b, r * w + c, (r + 1) * w + c), w) for r in 0 .. 2 for c in 0 .. w - 1 if free(b, w, r, c) and free(b, w, r + 1, c)
print [sg(cram(3 * w * ".", w)) for w in 1 .. 5]`,
	`game nim(h) moves nim(update(h, i, h[i] - k)) for i in 0 .. len(h) - 1 if h[i] > 0 for k in 1 .. h[i]
game dk(b) moves dk(update(update(b, i, 1), i + 1, 1)) for i in 0 .. len(b) - 2 if b[i] == 0 and b[i + 1] == 0
print sg(nim([1, 2, 3])), sg(nim([0, 4, 0, 5])), [sg(dk([0] * n)) for n in 0 .. 12]`,
	`game g(b) moves g(update(b, i, 1)) for i in 0 .. len(b) if b[i] == 0
print sg(g([1, 1]))
print sg(g([0, 1]))`,
	`game g(b) moves g(update(b, i, 1)) for i in -1 .. len(b) - 1 if 0 <= i and b[i] == 0
game h(b) moves h(update(b, i, 1)) for i in -1 .. len(b) - 1 if b[i] == 0
print sg(g([0, 0, 1]))
print sg(h([0, 0, 1]))`,
	`def f(L) = [i for i in 0 .. len(L) - 1 if L[i] == 1]
def o(L) = [i for i in 0 .. len(L) - 1 if L[i] > 0]
print f([1, "a", 1, (1, 2), 1]), o([3, 0, -1, 2])
print o([3, "a", 1])`,
	`game t(b) moves t(update(b, i, false)) for i in 0 .. len(b) - 1 if b[i]
  | t(update(update(b, i, false), i + 1, true)) for i in 0 .. len(b) - 2 if b[i] and not b[i + 1]
print [sg(t([k % 3 == 0 for k in 0 .. n])) for n in 0 .. 8]
print sg(t([true, 1]))`,
	`game p(b) moves p(update(b, i, 1)) for i in 0 .. len(b) - 1 if not (b[i] == 1 or i > 0 and b[i - 1] == 1 or i + 1 < len(b) and b[i + 1] == 1)
print [sg(p([0] * n)) for n in 0 .. 14]`,
	`def f(L, k) = [i for i in 0 .. 3 if L[i] == 0 and k]
print f([0, 1, 1, 1], true), f([1, 1, 1, 1], 5)
print f([1, 0, 1, 1], 5)`,
	`def f(L) = [i for i in 0 .. 3 if 1 and L[i] == 0]
print f([1, 1, 1, 1])`,
	`def f(s) = [i for i in 0 .. len(s) - 1 if s[i] == "."]
def g(s) = [i for i in 0 .. len(s) - 1 if s[i] != ".." and s[i] != 1]
print f("a.é.b."), f(".x."), g("ab"), f("")`,
	`let B = ((0, 1, 0), (0, 0, 0), (1, 0, 0))
def free(r, c) = B[r][c] == 0 and B[r][c + 1] == 0
print [(r, c) for r in 0 .. 2 for c in 0 .. 1 if free(r, c)], [(r, c) for r in 0 .. 2 for c in 0 .. 2 if B[r][c] != 0 or c == 1]`,
	`def f(L, k) = [i for i in 0 .. 3 if L[i + k] == 0]
print f([0, 1, 0, 0, 0], 1)
print f([0, 1, 0, 0], 9223372036854775807)`,
	`let L = [i % 3 for i in 0 .. 199]
print len([i for i in 0 .. 99 if L[i] == 0]), len([i for i in 0 .. 63 if L[i] == 0 and L[i + 1] == 1]), len([i for i in 0 .. 64 if L[i] != 2])`,
	`def ok(b, i) = b[i] == 0 and (i == 0 or b[i - 1] != 2)
game g(b) moves g(update(b, i, 2)) for i in 0 .. len(b) - 1 if ok(b, i) | g(update(b, i, 0)) for i in 0 .. len(b) - 1 if b[i] == 1
print [sg(g([(k * 7) % 3 for k in 0 .. n])) for n in 0 .. 7]`,
	`game g(b, m) moves g(update(b, i, 1), m) for i in 0 .. len(b) - 1 if b[i] == 0 and i < m and len([j for j in 0 .. i if b[j] == 1]) < 2
print sg(g([0] * 7, 5)), sg(g([0, 1, 0, 0, 1, 0], 9))`,
	`game dk(b) moves dk(update(update(b, i, 0), (i + 1) % len(b), 0)) for i in 0 .. len(b) - 1 if b[i] == 1 and b[(i + 1) % len(b)] == 1
game c(b, w) moves c(update(update(b, i, 1), i + 1, 1), w) for i in 0 .. len(b) - 2 if i % w != w - 1 and b[i] == 0 and b[i + 1] == 0
print [sg(dk([1] * n)) for n in 1 .. 12], sg(c([0] * 12, 4)), sg(c([0] * 12, 3))`,
	`def f(L, m) = [i for i in -1 .. 5 if L[(i + 1) % m] == 0]
print f([0, 1, 0, 0], 4)
print f([0, 1, 0, 0], 0)`,
	`def f(L, m) = [i for i in 0 .. 9 if L[(i + 1) % m] == 0]
print f([0, 1, 0, 0], 4), f([0, 1, 0, 0], -3)
print f([0, 1, 0], 4)`,
	`game nt(X) moves nt(X | {i}) for i in 0 .. 8 if i not in X and not (i + 1 in X and i + 2 in X)
game nk(S) moves nk(S - {v, v - 1, v + 1}) for v in 0 .. 9 if v in S
print sg(nt(set())), sg(nk(set(0 .. 9))), sg(nk({1, 3, 4, 8}))`,
	`def f(S, k) = [j for j in -2 .. 6 if j + k in S]
print f({1, 2, 5}, 0), f([3, 1, 3], 1), f({(0, 1)}, 0), f({2: 5, 4: 1}, 0), f(set(), 3)
print f("abc", 0)`,
	`def f(S, k) = [j for j in 0 .. 70 if j not in S and j % k in S]
print f({1, 2, 5, 66}, 7)
print f({1}, 0)`,
	`let X = [0, 1, 0]
print [j for j in -9223372036854775807 .. 9223372036854775807 if X[j] == 0]`,
	`let X = [0]
print [j for j in -1 .. 9223372036854775807 if X[j] == 0]`,
	`let X = [0]
def ok(b, i) = b[0] == 0 or b[i] == 0
print [j for j in 0 .. 2 if ok(X, j + 1)]
print [j for j in 0 .. 2 if ok(X, j % 0)]`,
	`let X = [0, 0, 0]
let k = 9223372036854775807
def ok(b, i) = b[0] == 0
def bad(b, i) = b[i] == 0
print [j for j in 0 .. 2 if X[j] == 0 and ok(X, j + 1)]
print [j for j in 0 .. 2 if X[j] == 0 and ok(X, j + k)]`,
	`let X = [0, 0, 0]
def ok(b, i, v) = b[0] == 0
print [j for j in 0 .. 2 if X[j] == 0 and ok(X, j, len(X))]
print [j for j in 0 .. 2 if X[j] == 0 and ok(X, j, X[5])]`,
	// Conditionals: a guarded test (where the guard is known, the branch
	// it takes), branches that are not bools, a branch that fails.
	`def up(b, i) = if i < 0 or i >= len(b) then false else b[i] == 1
game kay(b) moves kay(update(b, i, 0)) for i in 0 .. len(b) - 1 if up(b, i) | kay(update(update(b, i, 0), i + 1, 0)) for i in 0 .. len(b) - 1 if up(b, i) and up(b, i + 1)
let X = [1, 0, 1, 1, 0]
print [sg(kay([1] * n)) for n in 1 .. 9], [j for j in -2 .. 6 if up(X, j)], [j for j in 0 .. 4 if (if X[j] == 1 then j > 1 else not (j < 3))]
print [j for j in 0 .. 4 if (if X[j] == 1 then j else false)]`,
	`let X = [1, 0, 1, 1, 0]
print [j for j in 0 .. 6 if (if j < 5 then X[j] == 1 else X[j] == 0)]`,
}

func TestRangeMaskDiff(t *testing.T) {
	t.Parallel()
	diffCases(t, rangeMaskFormulaCases, passes.RangeMasks, passes.All)
}

// TestRangeMaskExplain: the masks are taken by the spellings they are for.
func TestRangeMaskExplain(t *testing.T) {
	t.Parallel()
	for i, name := range []string{"cram", "nim"} {
		s := eval.NewSession(eval.Options{Stdout: &strings.Builder{}})
		if err := s.ExecFile(context.Background(), "x.game", rangeMaskFormulaCases[i]); err != nil {
			t.Fatal(err)
		}
		found := false
		for _, x := range s.Explain() {
			found = found || x.Name == name && strings.Contains(x.String(), "as masks of words")
		}
		if !found {
			t.Errorf("case %d: %s's if clause not tested as masks", i, name)
		}
	}
}

// TestRangeMaskMemory: a part of an if clause that the clause as written
// never evaluates (an argument of a call not made, the right side of an
// or, the value an index out of range is compared with) and that would
// pass the memory limit is not evaluated ahead of the clause either:
// the same output and error, at the same place, with the masks on and
// off. (Not parallel: the limit counts the process's memory.)
func TestRangeMaskMemory(t *testing.T) {
	for i, src := range []string{
		`let X = [1, 1]
def d(b, i, u) = b[i] == 1
print [j for j in 0 .. 1 if X[j] == 7 and d(X, j, [0] * 9000000)]`,
		`let X = [1, 1]
print [j for j in -1 .. 1 if X[j] == 7 or [0] * 9000000 == []]`,
		`let X = [1, 1]
print [j for j in 0 .. 1 if X[j + 5] == [0] * 9000000]`,
	} {
		// (Room for what the runs build, not for the list of 9,000,000.)
		c := optCase{name: "t.game", src: src, limits: engine.Limits{MaxMemory: engine.ProcessMemory() + 100<<20}}
		on, off := runOptWith(c, 0), runOptWith(c, passes.RangeMasks)
		if ok, why := optSame(on, off, true); !ok {
			t.Errorf("case %d: %s\n=== on:\n%s\n=== off:\n%s", i, why, on, off)
		}
	}
}
