package eval_test

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/testenv"

	"github.com/grundy-lang/grundy/internal/eval"
)

// Games whose position is a tuple of ints (package rewrite's tuples.go): each script runs
// with every pass on, with every pass off and with only the tuples pass
// off, and all three must show the same output and the same error.
var tupleCases = []struct{ name, src string }{
	{"wythoff", `
game q(p) moves
    q((p[0] - k, p[1])) for k in 1 .. p[0]
  | q((p[0], p[1] - k)) for k in 1 .. p[1]
  | q((p[0] - k, p[1] - k)) for k in 1 .. min(p[0], p[1])
print sg(q((9, 9))), [sg(q((a, b))) for a in 0 .. 6 for b in 0 .. 6]
print moves(q((2, 1))), winning(q((4, 7))), outcome(q((3, 5)))
print sg(q((3, 5)) + q((2, 2))), sg(sum of q((a, 1)) for a in 0 .. 9)
print q((1, 2)), [q((1, 2))] == moves(q((1, 3)))[2:3], misere(q((2, 3)))
print sg(q([3, 5])), sg(q((3, 5, 1)))
`},
	{"a destructured tuple and the whole tuple", `
def bigger(p) = p[0] > p[1]
game q(p) moves q((a - k, b)) for (a, b) in [p] for k in 1 .. a if bigger(p) or a == b
  | q((b, a)) for (a, b) in [p] if p != (b, a) and len(p) == 2
print [sg(q((a, b))) for a in 0 .. 5 for b in 0 .. 5]
`},
	{"other arguments beside the tuple", `
game q(n, p) moves q(n - 1, (p[0] + 1, p[1])) for i in [0] if n > 0
  | q(n, (p[0], p[1] - k)) for k in 1 .. p[1]
print [sg(q(n, (0, b))) for n in 0 .. 6 for b in 0 .. 6]
print sg(q(3, ("x", 2)))
`},
	{"strings and large ints in the tuple", `
game q(p) moves q((p[0], p[1] - 1)) for i in [0] if p[1] > 0
  | q((p[0] + 1, p[1] - 2)) for i in [0] if p[1] > 1
print sg(q((1000000000000000, 9))), sg(q((-5, 9))), sg(q((-4611686018427387904, 9))), sg(q((1099511627776, 300))), sg(q((300, 3)))
print sg(q(("x", 9)))
`},
	{"an overflow inside the rule", `
game q(p) moves q((p[0] * 3, p[1] - 1)) for i in [0] if p[1] > 0
print sg(q((2, 3)))
print sg(q((4611686018427387904, 3)))
`},
	{"an index out of range", `
game q(p) moves q((p[0] - 1, p[2])) for i in [0] if p[0] > 0
print sg(q((0, 1)))
print sg(q((3, 1)))
`},
	{"cycles", `
game q(p) moves q((p[1], p[0])) | q((p[0] - 1, p[1])) for i in [0] if p[0] > 0
  | q((p[0], p[1] + 1)) for i in [0] if p[1] < 3
print [sg(q((a, b))) for a in 0 .. 3 for b in 0 .. 3]
print [outcome(q((a, b))) for a in 0 .. 3 for b in 0 .. 3], winning(q((2, 0)))
`},
	{"positions of the game in another game's options", `
game q(p) moves q((p[0] - k, p[1])) for k in 1 .. p[0] | q((p[0], p[1] - 1)) for i in [0] if p[1] > 0
game r(n) moves q((n, k)) for k in 0 .. n | r(n - 1) + q((1, n)) for i in [0] if n > 0
print [sg(r(n)) for n in 0 .. 8], sg(q((4, 4)))
`},
	{"a deep chain", `
game q(p) moves q((p[0] - 1, p[1])) for i in [0] if p[0] > 0 | q((p[0] - 2, 1 - p[1])) for i in [0] if p[0] > 1
print sg(q((200000, 0))), sg(q((199999, 1)))
`},
	{"not always a tuple literal", `
game q(p) moves q(update(p, 0, p[0] - 1)) for i in [0] if p[0] > 0 | q((p[0], p[1] - 1)) for i in [0] if p[1] > 0
print [sg(q((a, b))) for a in 0 .. 4 for b in 0 .. 4]
`},
	{"tuples of different lengths", `
game q(p) moves q((p[0] - 1, p[1])) for i in [0] if p[0] > 0 | q((p[0], p[1], 0)) for i in [0] if len(p) == 2 and p[1] == 0
print [sg(q((a, b))) for a in 0 .. 4 for b in 0 .. 2]
`},
	{"a state limit inside the hidden game", `
game q(p) moves q((p[0] + 1, p[1])) for i in [0]
print sg(q((0, 0)))
`},
}

// tupleDefCases: the tuples an option passes come from a def (rewrite's
// TupleYields): a concatenation of list comprehensions, a union of set
// comprehensions, tuples of strings, a name bound twice, a def that
// fails, tuples of another length, a def of 3-tuples and a game of pairs.
var tupleDefCases = []string{
	`def opts(p) = [(p[0] - k, p[1]) for k in 1 .. p[0]] + [(p[0], p[1] - k) for k in 1 .. p[1]] + [(p[0] - k, p[1] - k) for k in 1 .. min(p[0], p[1])]
game w(p) moves w(q) for q in opts(p)
print len([1 for a in 0 .. 30 for b in 0 .. 30 if sg(w((a, b))) == 0]), moves(w((2, 1))), winning(w((3, 5))), sg(w([2, 1]))
def near(p) = {(p[0] - 1, p[1]) for k in [1] if p[0] > 0} | {(p[0], p[1] - 2) for k in [1] if p[1] > 1}
game n(p, c) moves n(q, c + 1) for q in near(p) if c < 9
print [sg(n((a, b), 0)) for a in 0 .. 4 for b in 0 .. 4], moves(n((3, 3), 0))
`,
	`def sp(p) = [(p[0] + "x", p[1] - 1) for k in [0] if p[1] > 0]
game s(p) moves s(q) for q in sp(p)
print sg(s(("", 4))), moves(s(("a", 2)))
def two(p) = [(p[0] - 1, p[1]) for k in [0] if p[0] > 0]
game t(p) moves t(q) for q in two(p) for q in [(0, 0)] if p != (0, 0)
print sg(t((3, 1)))
`,
	`def bad(p) = [(p[0] - 1, p[1]) for k in [0] if p[0] > 0] + [(p[2], 0) for k in [0] if p[0] == 1]
game b(p) moves b(q) for q in bad(p)
print sg(b((0, 0))), sg(b((3, 0)))
`,
	`def three(p) = [(p[0] - 1, p[1], 0) for k in [0] if p[0] > 0]
game h(p) moves h(q) for q in three(p) | h((0, 0)) for k in [0] if p != (0, 0)
print sg(h((2, 2))), moves(h((2, 2)))
`,
}

func TestTupleFlatDefs(t *testing.T) {
	diffCases(t, tupleDefCases, passes.Tuples, passes.Deforest, passes.All)
}

// tupleLong are the cases of tupleCases that take seconds: they run in
// the long suite only (package internal/testenv).
var tupleLong = map[string]bool{"a deep chain": true, "a state limit inside the hidden game": true}

func TestTupleFlat(t *testing.T) {
	t.Parallel()
	for _, c := range tupleCases {
		if tupleLong[c.name] && !testenv.IsLong() {
			continue
		}
		oc := optCase{name: "t.game", src: strings.TrimPrefix(c.src, "\n"), limits: engine.Limits{MaxStates: 1 << 20}}
		optCheck(t, c.name, oc, true)
		on, off := runOptWith(oc, 0), runOptWith(oc, passes.Tuples)
		if ok, why := optSame(on, off, true); !ok {
			t.Errorf("%s: %s\n=== all passes:\n%s\n=== without tuples:\n%s", c.name, why, on, off)
		}
	}
}

// TestTupleFlatUsed: the first script's game is stored as two ints (the
// hidden game's fast loops), and a REPL redeclaration of it takes effect.
func TestTupleFlatUsed(t *testing.T) {
	s0 := eval.NewSession(eval.Options{})
	if err := s0.Check("t.game", tupleCases[0].src); err != nil {
		t.Fatal(err)
	}
	for _, x := range s0.Explain() {
		if x.Name == "q" {
			if text := x.String(); !strings.Contains(text, "stored as 2 int arguments") || strings.Count(text, "fast loop") != 3 {
				t.Errorf("notes:\n%s", text)
			}
		}
	}
	var out strings.Builder
	s := eval.NewSession(eval.Options{Stdout: &out})
	ctx := context.Background()
	for _, e := range []string{
		"game q(p) moves q((p[0] - k, p[1])) for k in 1 .. p[0] | q((p[0], p[1] - k)) for k in 1 .. p[1]",
		"print sg(q((3, 5)))",
		"game q(p) moves q((p[0] - k, p[1])) for k in 1 .. p[0]",
		"print sg(q((3, 5)))",
	} {
		if err := s.ExecEntry(ctx, "repl", e+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	if out.String() != "6\n3\n" {
		t.Errorf("REPL: %q, want %q", out.String(), "6\n3\n")
	}
}

// TestTupleShapes: which shape of a parameter the options fix (package
// rewrite's TupleParam), as --explain reports it.
func TestTupleShapes(t *testing.T) {
	cases := []struct{ src, want string }{
		{"game g(p) moves g(update(p, 0, p[0] - k)) for k in 1 .. p[0] | g(update(p, 1, p[1] - k)) for k in 1 .. p[1]\n", "a list of 2 ints"},
		{"game g(p) moves g([p[0] - 1, p[1]]) if p[0] > 0 | g(update(p, 1, 0)) if p[1] > 0\n", "a list of 2 ints"},
		{"game g(p) moves g(update(p, 2, p[2] - 1)) if p[2] > 0 | g((p[0], p[1] - 1, p[2])) if p[1] > 0\n", "a tuple of 3 ints"},
		{"game g(p) moves g(update(p, 1, p[1] - 1)) if p[1] > 0 | g(update(p, 0, 0))\n", "a list of 2 ints"},
		{"game g(p) moves g([p[0] - 1, p[1]]) if p[0] > 0 | g(update(p, 2, 0)) if p[1] > 0\n", ""},
		{"game g(p) moves g([p[0] - 1, p[1]]) if p[0] > 0 | g((p[0], 0)) if p[1] > 0\n", ""},
		{"game g(p) moves g(update(p, p[0], 0)) if p[1] > 0\n", ""},
		{"def update(a, b, c) = a\ngame g(p) moves g(update(p, 0, 0)) if p[1] > 0\n", ""},
	}
	for _, c := range cases {
		s := eval.NewSession(eval.Options{})
		if err := s.Check("t.game", c.src); err != nil {
			t.Fatal(err)
		}
		got := ""
		for _, x := range s.Explain() {
			if x.Name == "g" && strings.Contains(x.String(), "stored as") {
				text := x.String()
				got = text[strings.Index(text, "is a ")+5 : strings.Index(text, " are stored")]
			}
		}
		if got != strings.TrimPrefix(c.want, "a ") {
			t.Errorf("%s: shape %q, want %q", c.src, got, c.want)
		}
	}
}
