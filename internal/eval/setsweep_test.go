package eval_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/internal/passes"
)

// Sets swept as a word by the last loop (package setsweep): the same
// values and errors with the sweep (passes Bitsets, FastLoops) on and
// off: loops over a range and over the set, literals of j + K and of
// the loop's element, the if clauses j in S, not (j in S), j not in S;
// elements the universe lacks (| and ^ meet them, - ignores them), an
// option that is the empty set, sets of cells and of strings, a first
// part that fails (an index out of range, a division by zero) or leaves
// the universe, j + K past the ints, a position whose set has more than
// 64 ids, a list where the rule expects a set.
var setSweepCases = []string{
	`let N = 9
game tt(S) moves tt(S - {i}) for i in S
  | tt(S - {i} ^ {j}) for i in S for j in 0 .. i - 1
print sum([sg(tt({k for k in 0 .. N - 1 if (m >> k) & 1 == 1})) for m in 0 .. 2 ** N - 1])`,
	`let N = 7
game put(S) moves put(S | {j}) for j in 0 .. N - 1 if not (j in S)
game two(S) moves two(S | {j, j + 1}) for j in 0 .. N - 2 if j not in S
game near(S) moves near(S - {j - 1} | {j}) for j in 1 .. N if j - 1 in S
print sg(put(set())), sg(two({3})), [sg(near({k for k in 0 .. N - 1 if (m >> k) & 1 == 1})) for m in 0 .. 2 ** N - 1]`,
	`game g(S) moves g(S | {j + 100}) for j in 0 .. 2 if len(S) < 5
  | g(S ^ {j + 50}) for j in 0 .. 1 if len(S) < 4
  | g(S - {j + 70} - {j}) for j in 0 .. 3
print sg(g({0, 1, 2, 3}))`,
	`game g(S) moves g(S - {x}) for x in S
print sg(g({(0, 0), (0, 1), (1, 1)})), sg(g({"a", "b", "c"})), sg(g({5})), sg(g(set()))`,
	`game k(S) moves k(S - {i}) for i in S | k(S - {i, i + 1}) for i in S if i + 1 in S
  | k(S - {j} | {j - 1}) for j in 1 .. 7 if not (j - 1 in S)
print [sg(k({j for j in 0 .. 7 if (m >> j) & 1 == 1})) for m in 0 .. 255]`,
	`game ts(S) moves ts(S - {r}) for r in S
  | ts(S ^ {r, a}) for r in S for a in 0 .. r - 1
  | ts(S ^ {r, a, b}) for r in S for a in 0 .. r - 1 for b in 0 .. a - 1
game u(S, m) moves u(S - {r, m} | {-1}, m) for r in S | u(S ^ {m, r + 1}, m + 1) for r in S if m < 3
print sum([sg(ts({k for k in 0 .. 6 if (m >> k) & 1 == 1})) for m in 0 .. 127]), sg(u({0, 2, 3}, 0)), sg(u({1}, 9))`,
	`game g(S) moves g(S - {x + 1}) for x in S
print sg(g({1, 2}))
print sg(g({"a"}))`,
	`game g(S) moves g(S - {x}) for x in S | g(S - {1, 2} | {9}) if 1 in S and 2 in S
print [sg(g({k for k in 0 .. 5 if (m >> k) & 1 == 1})) for m in 0 .. 63]`,
	`let c = [1, 2]
game g(S) moves g(S - {c[5]} ^ {j}) for j in 0 .. 3
print sg(g({1, 2}))`,
	`game g(S, k) moves g(S | {k / (k - 2)} ^ {j}, k - 1) for j in 0 .. 2 if k > 0
print sg(g({0, 1}, 1))
print sg(g({0, 1}, 3))`,
	`game g(S) moves g(S - {j + 10}) for j in 9223372036854775800 .. 9223372036854775807 if len(S) > 0
print sg(g({1}))`,
	`game g(S) moves g(S - {x}) for x in S if x < 3
  | g(S - {j} | {j + 100}) for j in 0 .. 2 if j in S
print sg(g({k for k in 0 .. 69}))`,
	`game g(S) moves g(S - {x}) for x in S
print sg(g([1, 2, 3]))`,
	`game g(S) moves g(S - {x}) for x in S if x in S
  | g(S ^ {j}) for j in -3 .. 3 if not (j in S) if len(S) < 4
print sg(g({-2, 0, 1}))`,
}

func TestSetSweepExact(t *testing.T) {
	t.Parallel()
	diffCases(t, setSweepCases, passes.Bitsets, passes.FastLoops, passes.All)
}

// TestSetSweepSteps: the same step at which a step limit stops the run,
// with the sweep on and off.
func TestSetSweepSteps(t *testing.T) {
	t.Parallel()
	src := setSweepCases[0]
	for _, steps := range []int64{1_000, 3_000, 7_777, 20_001} {
		c := optCase{name: "s.game", src: src, limits: engine.Limits{MaxStates: 100_000, MaxSteps: steps, MaxDepth: 300}, timeout: 20 * time.Second}
		on, off := runOptWith(c, 0), runOptWith(c, passes.Bitsets)
		if ok, why := optSame(on, off, true); !ok {
			t.Errorf("max steps %d: %s\n=== on:\n%s\n=== off:\n%s", steps, why, on, off)
		}
	}
}

// TestSetSweepExplain: --explain says which alternatives sweep their set.
func TestSetSweepExplain(t *testing.T) {
	t.Parallel()
	src := "game tt(S) moves tt(S - {i} ^ {j}) for i in S for j in 0 .. i - 1\n"
	for _, off := range []passes.Pass{0, passes.Bitsets} {
		s := eval.NewSession(eval.Options{Disable: off})
		if err := s.ExecFile(context.Background(), "x.game", src); err != nil {
			t.Fatal(err)
		}
		found := false
		for _, x := range s.Explain() {
			found = found || x.Name == "tt" && strings.Contains(x.String(), "swept as a word by the last loop (over j)")
		}
		if found != (off == 0) {
			t.Errorf("%s off: sweep explained %v", off, found)
		}
	}
}

// setSweepTableCases: loops over the set whose literals' elements and if
// clauses read the loop's names (package setsweep's tables): a pattern
// of names over a set of cells, (r, c + 1) and (r + 1, c), a condition
// of the loop's int and a global (i % W != W - 1), two if clauses and
// and-ed conditions; an element that fails for some elements (a
// division by zero), a condition that is not a bool, an element of the
// universe that does not bind the pattern (an int, a cell of three), a
// literal's element the universe lacks (- ignores it, | meets it), a
// universe that grows as the search goes, lists as cells.
var setSweepTableCases = []string{
	`let W = 5
game cram(S) moves
    cram(S - {(r, c), (r, c + 1)}) for (r, c) in S if (r, c + 1) in S
  | cram(S - {(r, c), (r + 1, c)}) for (r, c) in S if (r + 1, c) in S
print [sg(cram({(r, c) for r in 0 .. 2 for c in 0 .. w - 1})) for w in 1 .. W]`,
	`let W = 5
game cram(S) moves
    cram(S - {i, i + 1}) for i in S if i % W != W - 1 and i + 1 in S
  | cram(S - {i, i + W}) for i in S if i + W in S
game cram2(S, w) moves
    cram2(S - {i, i + 1}, w) for i in S if i % w != w - 1 if i + 1 in S
  | cram2(S - {i, i + w}, w) for i in S if not (i + w not in S)
print [sg(cram(set(0 .. 3 * w - 1) - {k for k in 0 .. 14 if k % W >= w})) for w in 1 .. W]
print [sg(cram2(set(0 .. 3 * w - 1), w)) for w in 1 .. 5]`,
	`let R = 3
game kayles(S) moves kayles(S - {(r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)}) for (r, c) in S
print [sg(kayles({(r, c) for r in 0 .. R - 1 for c in 0 .. w - 1})) for w in 1 .. 6]`,
	`game g(S) moves g(S - {i}) for i in S if 12 / (i - 3) > 0
print sg(g({1, 2, 5, 6})), sg(g({5, 4, 3, 2}))`,
	`game g(S) moves g(S - {i, 12 / (i - 3)}) for i in S if i != 0
print sg(g({1, 2, 5, 6})), sg(g({5, 4, 3, 2}))`,
	`game g(S) moves g(S - {i}) for i in S if i % 2
print sg(g({2, 4})), sg(g({1, 2}))`,
	`game g(S) moves g(S - {(a, b)}) for (a, b) in S if a < b
print sg(g({(1, 2), (2, 1), (0, 5)}))
print sg(g({(1, 2), (1, 2, 3)}))`,
	`game g(S) moves g(S - {(a, b)}) for (a, b) in S if a < b
print sg(g({(1, 2), 7}))`,
	`game g(S) moves g(S - {(r, c), (r, c + 9)}) for (r, c) in S
  | g(S - {(r, c)} | {(r + 1, c)}) for (r, c) in S if r < 2 and not ((r + 1, c) in S)
print sg(g({(0, 0), (0, 1), (1, 1)})), sg(g({(0, 0)}))`,
	`game g(S) moves g(S - {[r, c], [r, c + 1]}) for [r, c] in S if [r, c + 1] in S
print sg(g({[0, 0], [0, 1], [0, 2], [1, 0], [1, 1]}))`,
	// Pairs: the loop before the last over the set too, a condition of
	// both loops' names (a def inlined, a built-in), one that fails for
	// some pairs, an outer pattern of names.
	`let W = 4
def adj(a, b) = abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
game cram(S) moves cram(S - {a, b}) for a in S for b in S if a < b and adj(a, b)
print [sg(cram({(r, c) for r in 0 .. 2 for c in 0 .. w - 1})) for w in 1 .. W]`,
	`game g(S) moves g(S - {a, b}) for a in S for b in S if a != b and 12 / (a - b + 1) != 5 and (a + b) % 3 == 0
print sg(g({1, 2, 3, 4, 5, 6, 7})), sg(g({0, 1, 2}))`,
	`game g(S) moves g(S - {(r, c), (p, q)}) for (r, c) in S for (p, q) in S if (r, c) < (p, q) and r + c == p + q
  | g(S - {(r, c)}) for (r, c) in S if r == c
print sg(g({(r, c) for r in 0 .. 2 for c in 0 .. 3}))`,
	`game g(S) moves g(S - {a, b}) for a in S for b in S if b > a
  | g(S - {a}) for a in S if a % 3 != 1
print [sg(g(set(0 .. n))) for n in 0 .. 6], sg(g({0, 1})), moves(g({0, 1}))`,
	// A literal whose elements come out equal: ^ toggles each once (the
	// literal is a set), swept, built in a scratch, on a position with
	// cycles and without.
	`game g(S) moves g(S ^ {(x + 1) % 8, u % 2, x % 2}) for u in S for x in S if x % 2 != 1 and x * u > 5
  | g(S - {x}) for x in S
game h(S) moves h(S ^ {x + 1, u}) for u in S for x in S if u > 2 and x > 2 and x < 7
  | h(S - {x}) for x in S
game k(S) moves k(S ^ {x % 3, (x + 1) % 3, 2 * x % 3} - {x}) for x in S if x > 2
print [sg(g(set(0 .. n))) for n in 0 .. 7], [sg(h(set(0 .. n))) for n in 0 .. 7], [sg(k(set(0 .. n))) for n in 0 .. 7]`,
	`let W = 4
game grow(S) moves grow(S - {i} | {i + W}) for i in S if i < 2 * W and not (i + W in S)
  | grow(S - {i}) for i in S if i % 2 == 1
print sg(grow({0, 1, 2, 3})), sg(grow({1, 2, 9}))`,
}

func TestSetSweepTables(t *testing.T) {
	t.Parallel()
	diffCases(t, setSweepTableCases, passes.Bitsets, passes.FastLoops, passes.All)
}

// TestSetSweepTablesExplain: the loops over a set of cells, and of ints
// with a condition of a global, are swept.
func TestSetSweepTablesExplain(t *testing.T) {
	t.Parallel()
	for i, want := range []string{"over r", "over i"} {
		s := eval.NewSession(eval.Options{})
		if err := s.ExecFile(context.Background(), "x.game", setSweepTableCases[i]); err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, x := range s.Explain() {
			if x.Name == "cram" {
				n = strings.Count(x.String(), "swept as a word by the last loop ("+want+")")
			}
		}
		if n != 2 {
			t.Errorf("case %d: %d alternatives swept, want 2", i, n)
		}
	}
}
