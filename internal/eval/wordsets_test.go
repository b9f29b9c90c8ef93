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

// Moves that bind a set made by a set operator, test it and yield it
// (package wordsets: the set as the words of a universe's ids): the
// same values and errors with the pass on and off, and with the passes
// it stands on off, also where the set is not over a universe (lists as
// elements, the first positions' sets of small ints), the universe's
// ids are not the ints (a first set met out of order), the position is
// not a set, a def called on it fails or returns what is not a bool, a
// test reads it in a way the words do not (sum, min, ==), and the lines
// are not lists of small ints.
var wordSetCases = []string{
	// Notakto on a 3 x 3 board: the planner's bind of X | {i}; the first
	// set met out of order (ids that are not the ints).
	`let LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]
def dead(X) = any([all([j in X for j in L]) for L in LINES])
game nota(X) moves nota(X | {i}) for i in 0 .. 8 if not (i in X) and not dead(X | {i})
print sg(nota({7, 2})), sg(nota(set())), [sg(nota({i})) for i in 0 .. 8]`,
	// The bind written, the fold inline, len, in and not in, tuples of
	// a pattern, all of not.
	`let LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
game nota(X) moves nota(Y) for i in 0 .. 8 for Y in [X | {i}] if len(Y) > len(X) and all([not (a in Y and b in Y and c in Y) for (a, b, c) in LINES])
game notb(X) moves notb(Y) for i in 0 .. 8 for Y in [X ^ {i}] if i in Y and (i + 1) % 9 not in Y and len(Y) - 1 <= 4
game notc(X) moves notc(Y) for i in 0 .. 8 for Y in [X | {i}] if not (i in X) and any([all([j not in Y for j in L]) for (j, k, l) in LINES for L in [[j, k, l]]])
game notd(X) moves notd(Y) for i in 0 .. 8 for Y in [X | {i}] if not (i in X) and any([all([j not in Y for j in L]) for L in [[0, 4, 8], [2, 4, 6]]])
print sg(nota(set())), sg(nota({4})), sg(notb({0})), moves(notb({0, 5}))
print sg(notc(set())), sg(notd(set())), sg(notd({1}))`,
	// Memberships that decide the moves; an option of another game
	// (its universe another: keyed as compiled).
	`game f(X) moves f(Y) for i in 0 .. 7 for Y in [X | {i}] if i not in X and (i + 1) % 8 not in Y and (i + 7) % 8 not in Y
game g(X) moves g(X - {i}) for i in X
game h(X) moves g(Y) for i in 0 .. 7 for Y in [X | {i}] if len(Y) > len(X) and 3 in Y
print sg(g({5, 1, 0})), sg(f(set())), [sg(f({i})) for i in 0 .. 7], sg(h({2, 3})), sg(h({1})), sg(g({7, 6, 3, 2}))`,
	// The option's set read again where no clause binds it: in a def
	// called with it, in a def that makes it (ok(X, i)), in len; a def
	// whose body does not read it; one that fails or returns what is not
	// a bool; a position that is not a set over a universe.
	`let LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
def alive(X) = all([not (a in X and b in X and c in X) for (a, b, c) in LINES])
def dead(X) = any([a in X and b in X and c in X for (a, b, c) in LINES])
def ok(X, i) = not dead(X | {i})
def small(i) = not (i > 6)
game nota(X) moves nota(X | {i}) for i in 0 .. 8 if not (i in X) and alive(X | {i})
game notb(X) moves notb(X | {i}) for i in 0 .. 8 if not (i in X) and ok(X, i) and small(i)
game notc(X) moves notc(X | {i}) for i in 0 .. 8 if len(X | {i}) > len(X) and not dead(X | {i})
print sg(nota(set())), sg(nota({4})), sg(notb(set())), sg(notb({8, 1})), sg(notc({2}))
print sg(nota({[1]}))
print sg(nota(5))`,
	`def bad(X, i) = 1 / (len(X | {i}) - 3) > 0
def nb(X, i) = len(X | {i})
game f(X) moves f(X | {i}) for i in 0 .. 4 if not (i in X) and bad(X, i)
game g(X) moves g(X | {i}) for i in 0 .. 4 if nb(X, i) and true
print sg(g({1}))`,
	`def bad(X, i) = 1 / (len(X | {i}) - 3) > 0
game f(X) moves f(X | {i}) for i in 0 .. 4 if not (i in X) and bad(X, i)
print sg(f({7}))
print sg(f({7, 8}))`,
	// An operand that may fail where the if clauses do not make it.
	`game f(X) moves f(X | {12 / (i - 3)}) for i in 0 .. 5 if i != 3 and len(X | {12 / (i - 3)}) > len(X)
print sg(f({0}))`,
	`game f(X) moves f(Y | {i}) for Y in [X, 5] for i in 0 .. 2 if Y != 5 and len(Y | {i}) > len(X)
print sg(f({0}))`,
	`game f(X) moves f(X - {a, b}) for a in X for b in [(a[0], a[1] + 1), (a[0] + 1, a[1])] if len(X - {a, b}) == len(X) - 2
game h(X) moves g(X | {i}) for i in 0 .. 7 if len(X | {i}) > len(X) and 3 in (X | {i})
game g(X) moves g(X - {i}) for i in X
def board(w, h) = {(r, c) for r in 0 .. h - 1 for c in 0 .. w - 1}
print [sg(f(board(w, 2))) for w in 1 .. 4], sg(g({5, 1, 0})), sg(h({2, 3})), sg(h({1}))`,
	// Cram on cells: S - {a, b} bound, len tested; a cell off the board.
	`def board(w, h) = {(r, c) for r in 0 .. h - 1 for c in 0 .. w - 1}
game cram(S) moves cram(T) for a in S for b in [(a[0], a[1] + 1), (a[0] + 1, a[1])] for T in [S - {a, b}] if len(T) == len(S) - 2
game cr2(S) moves cr2(T) for a in S for T in [S - {a, (a[0], a[1] + 1)}] if (a[0], a[1] + 1) not in T and len(S) - len(T) == 2
print [sg(cram(board(w, 3))) for w in 1 .. 4], sg(cr2(board(4, 2))), sg(cram({(0, 0), (0, 1), (5, 5)}))`,
	// Sets of lists (no universe), a set that is not one of the
	// position's, a test the words cannot do (sum, min, ==, str).
	`game f(X) moves f(Y) for i in 0 .. 2 for Y in [X | {[i]}] if len(Y) <= 3
game g(X) moves g(Y) for i in 0 .. 5 for Y in [X | {i}] if len(Y) <= 4 and sum(Y) < 9 and min(Y) == 0 and Y != X
game h(X) moves h(Y) for i in 0 .. 3 for Y in [X - {i}] if len(str(Y)) > 2
print sg(f(set()))
print sg(g({0})), sg(h({0, 1, 2, 3}))
print sg(g({0, [1]}))`,
	// Errors: the position is not a set; a def on it fails; a def
	// returns what is not a bool; and with a non-bool.
	`game f(X) moves f(Y) for i in 0 .. 1 for Y in [X | {i}] if not (i in X) and len(Y) < 3
print sg(f({5}))
print sg(f(5))`,
	`def bad(X) = 1 / (len(X) - 3) > 0
game f(X) moves f(Y) for i in 0 .. 4 for Y in [X | {i}] if not (i in X) and bad(Y)
print sg(f({7}))
print sg(f({7, 8}))`,
	`def nb(X) = len(X)
game f(X) moves f(Y) for i in 0 .. 4 for Y in [X | {i}] if nb(Y)
print sg(f({1}))`,
	`game f(X) moves f(Y) for i in 0 .. 4 for Y in [X | {i}] if len(Y) and true
print sg(f({1}))`,
	`game f(X) moves f(Y) for i in 0 .. 4 for Y in [X | {i}] if not len(Y)
print sg(f({1}))`,
	// Lines that are not lists of small ints: ints, an index past the
	// masks' bound, strings; an empty list of lines; empty lines.
	`game f(X, LS) moves f(Y, LS) for i in 0 .. 5 for Y in [X | {i}] if not (i in X) and not any([all([j in Y for j in L]) for L in LS])
print sg(f({0}, [[0, 1], [5000, 2]])), sg(f({0}, [])), sg(f({0}, [[], []])), sg(f({0}, [["a"], [1, 2]]))
print sg(f({0}, [3, 4]))`,
	// A set emptied (no universe for no element), & with a let, a
	// game of two arguments.
	`let M = {0, 1, 2, 3}
game f(X) moves f(Y) for i in 0 .. 5 for Y in [X - {i, i + 1}] if len(Y) < len(X)
game g(X) moves g(Y) for i in 0 .. 5 for Y in [X & M - {i}] if len(Y) < len(X)
game h(X, n) moves h(Y, n - 1) for i in 0 .. n for Y in [X | {i}] if len(Y) > len(X)
print sg(f({0, 1, 2, 3})), sg(g({0, 1, 2, 3, 4})), sg(h(set(), 4))`,
	// The option's set read again inside a comprehension of the if
	// clause (Notakto as a set of ints, its lines as sets): on the words
	// where the comprehension binds none of its names; one that binds i
	// again reads another set; lines that are not all sets.
	`let W = 4
let LINES = [{i, i + 1, i + 2} for i in 0 .. 11 if i % W <= W - 3] + [{i, i + W, i + 2 * W} for i in 0 .. 3]
game nt(X) moves nt(X | {i}) for i in 0 .. 11 if i not in X and not any([(X | {i}) & L == L for L in LINES])
game nt2(X) moves nt2(X | {i}) for i in 0 .. 11 if i not in X and not any([L & (X | {i}) == L for L in LINES])
game nt3(X) moves nt3(X | {i}) for i in 0 .. 11 if i not in X and all([(X | {i}) & L != {i} for i in [0, 1, 2]])
game nt4(X, LS) moves nt4(X | {i}, LS) for i in 0 .. 5 if i not in X and not any([(X | {i}) & L == L for L in LS])
print sg(nt(set())), [sg(nt({i})) for i in 0 .. 11], sg(nt2({5})), moves(nt({0, 1, 4}))
print sg(nt3(set())), sg(nt3({3})), sg(nt4({0}, [{0, 1}, {3, 4}])), sg(nt4({0}, []))
print sg(nt4({0}, [{0, 1}, [3, 4]]))`,
}

func TestWordSetsExact(t *testing.T) {
	t.Parallel()
	diffCases(t, wordSetCases, passes.WordSets, passes.Masks, passes.Inline, passes.Composite, passes.Bitsets, passes.Shared, passes.All)
}

// TestWordSetsSteps: the same step at which a step limit stops the run,
// with the pass on and off (a def inlined counts its call's step).
func TestWordSetsSteps(t *testing.T) {
	t.Parallel()
	src := `let LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]
def dead(X) = any([all([j in X for j in L]) for L in LINES])
game nota(X) moves nota(X | {i}) for i in 0 .. 8 if not (i in X) and not dead(X | {i})
print sg(nota({4}))
print sg(nota({0}))
print sg(nota({1}))
print sg(nota({1, 2}))
print sg(nota({0, 2}))
print sg(nota(set()))
`
	for _, steps := range []int64{100, 1_000, 2_000, 3_000, 4_100} {
		for _, s := range []string{src, strings.Replace(src, "not (i in X) and not dead(X | {i})", "len(X | {i}) > len(X) and not dead(X | {i})", 1),
			strings.Replace(src, "not (i in X) and not dead(X | {i})", "not (i in X) and ok(X, i)", 1) + "def ok(X, i) = not dead(X | {i})\n"} {
			c := optCase{name: "s.game", src: s, limits: engine.Limits{MaxStates: 100_000, MaxSteps: steps, MaxDepth: 300}, timeout: 20 * time.Second}
			on, off := runOptWith(c, 0), runOptWith(c, passes.WordSets)
			if ok, why := optSame(on, off, true); !ok {
				t.Errorf("max steps %d: %s\n=== on:\n%s\n=== off:\n%s", steps, why, on, off)
			}
		}
	}
}

// TestWordSetsExplain: --explain says which sets are words and what
// reads them; not with the pass off.
func TestWordSetsExplain(t *testing.T) {
	t.Parallel()
	src := `let LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]
def dead(X) = any([all([j in X for j in L]) for L in LINES])
game nota(X) moves nota(X | {i}) for i in 0 .. 8 if not (i in X) and not dead(X | {i})
game rows(X) moves rows(Y) for i in 0 .. 8 for Y in [X | {i}] if len(Y) < 4 and (i + 1) % 9 not in Y
`
	want := map[string]string{
		"nota": "the set X | {i} bound to X' is, where it is a bitset over a universe, its words: any at line 2 on the words (masks); dead inlined; its position keyed from the words",
		"rows": "bound to Y is, where it is a bitset over a universe, its words: len(Y) a count of bits; (i + 1) % 9 not in Y a bit; its position keyed from the words",
	}
	for _, off := range []passes.Pass{0, passes.WordSets} {
		s := eval.NewSession(eval.Options{Disable: off})
		if err := s.ExecFile(context.Background(), "x.game", src); err != nil {
			t.Fatal(err)
		}
		for _, x := range s.Explain() {
			if w, ok := want[x.Name]; ok && strings.Contains(x.String(), w) != (off == 0) {
				t.Errorf("%s off: %s %q:\n%s", off, x.Name, w, x)
			}
		}
	}
}
