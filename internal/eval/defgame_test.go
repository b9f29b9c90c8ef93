package eval_test

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/internal/passes"
)

// defGameCases: defs that are SG functions (package defgame: their values
// the SG values of a hidden game). The same values, errors and positions
// with the pass off and every pass off: one, two and three parameters,
// a union of set comprehensions and a concatenation of list ones, the
// guards of `if C then 0 else`, positions that are strings, lists and
// tuples, a call that comes back to its arguments (a cycle: as written,
// the recursion does not end), an error in a comprehension for some
// arguments only, a guard that is not a bool, shapes that are not SG
// functions (a constant element, + of sets, the def in a clause),
// mutual recursion through another def in a clause, and a def that
// reads a let.
var defGameCases = []string{
	`def g(w, h) = mex({g(i, h) ^ g(w - i, h) for i in 2 .. w - 2} | {g(w, j) ^ g(w, h - j) for j in 2 .. h - 2})
print [[g(w, h) for w in 1 .. 6] for h in 1 .. 6], g(8, 5)
let S = [2, 5, 7]
def s(n) = if n < 2 then 0 else mex([s(n - k) for k in S if k <= n] + [s(n - 1) ^ s(1) for t in [0] if n % 3 == 0])
print [s(n) for n in 0 .. 16]
def k(n, a, b) = mex({k(n - 1, b, a) ^ k(a % 3, 0, 0) for t in [0] if n > 0} | {k(n - 2, a + 1, b) for t in [0] if n > 1})
print [k(n, 1, 2) for n in 0 .. 10], k(11, 0, 5)
`,
	`def w(s) = mex({w(s[:i] + s[i + 1:]) for i in 0 .. len(s) - 1 if s[i] == "x"} | {w(s[:i]) ^ w(s[i + 1:]) for i in 0 .. len(s) - 1 if s[i] == "o"})
print w("xoxxo"), [w(t) for t in ["", "x", "o", "xx", "oxo", "xoxoxoxx"]]
def l(p) = if len(p) == 0 then 0 else mex([l(p[1:]) ^ l([p[0] - 1] * (p[0] - 1)) for t in [0] if p[0] > 0])
print l([3, 2]), l([4]), l((2, 1))
`,
	`def c(n) = mex({c((n + 1) % 4), c(n + 10)})
print c(100)
`,
	`def c(n) = if n > 5 then 0 else mex({c((n + 1) % 5)})
print c(0)
`,
	`def c(n) = if n == 0 then 0 else mex({c(0), c(n % 3 + 1)})
print c(0), c(9)
print c(1)
`,
	`def c(n) = mex({c(m) for m in [[], [2], [1, 0]][n]})
print c(0)
print c(1)
`,
	`def e(n) = mex({e(n - k) for k in 1 .. 3 if k <= n and 12 / (n - 7) != 100})
print [e(n) for n in 0 .. 6]
print e(9)
`,
	`def b(n) = if n then 0 else mex({b(n - 1)})
print b(3)
`,
	`def a(n) = mex({a(n - k) for k in 1 .. 2 if k <= n} | {0})
def p(n) = mex({p(n - 1)} + {p(n - 2)})
def q(n) = mex({q(n - k) for k in 1 .. n if q(k - 1) == 0})
print [a(n) for n in 0 .. 8], [q(n) for n in 0 .. 10]
print p(3)
`,
	`def h(n) = if n == 0 then 1 else m(n - 1)
def m(n) = mex({m(k) for k in 0 .. n - 1 if h(k) > 0})
let R = [1, 4]
def r(n) = mex([r(n - x) for x in R if x <= n])
print [m(n) for n in 0 .. 8], [r(n) for n in 0 .. 20]
`,
	`let S = [1, 3, 4]
def g(n) = if n >= 2 then mex(set([g(n - k) for k in S if k <= n])) else 0
def u(n) = if n == 1 then 0 else if n > 0 then mex(set([u(n - k) for k in S if k < n]) | {u(n - 2) ^ u(1) for t in [0] if n > 2}) else 0
def v(n) = mex(set([v(n - 1) for t in [0] if n > 0]) + [v(n - 2) for t in [0] if n > 1])
print [g(n) for n in 0 .. 14], [u(n) for n in -1 .. 12], g(0 - 1)
print v(4)
`,
	`def deep(n) = if n == 0 then 0 else mex({deep(n - 1)})
print deep(30), [deep(n) for n in 0 .. 5]
`,
}

// The calls nest at most 3,000 deep: as written, a cycle's recursion
// ends at that bound (at 100,000, its Go stack would stay with the
// process and count against the memory limit of the tests after it).
func TestDefGameExact(t *testing.T) {
	lim := engine.Limits{MaxDepth: 3000}
	for i, src := range defGameCases {
		on := runDefCache(src, 0, lim)
		for _, off := range []passes.Pass{passes.DefGames, passes.All} {
			if ok, why := optSame(on, runDefCache(src, off, lim), true); !ok {
				t.Errorf("case %d, %s off: %s\nscript:\n%s\n=== on:\n%s\n=== off:\n%s", i, off, why, src, on, runDefCache(src, off, lim))
			}
		}
	}
}

// TestDefGameExplained: --explain says of a def that is an SG function
// that its values are a hidden game's, with that game's rule, and shows
// no hidden game of its own (nor the copies of its rule for a constant
// argument, made as it runs).
func TestDefGameExplained(t *testing.T) {
	src := `def g(n, S) = mex({g(n - k, S) for k in S if k <= n})
def h(n) = mex([h(n - 1)]) + 1
print g(40, [1, 3]), g(50, [2, 5])
`
	s := eval.NewSession(eval.Options{Stdout: io.Discard})
	if err := s.ExecFile(context.Background(), "t.game", src); err != nil {
		t.Fatal(err)
	}
	for _, x := range s.Explain() {
		if strings.HasPrefix(x.Name, "\x00") || x.Kind != "def" {
			t.Errorf("explained: %s %q", x.Kind, x.Name)
			continue
		}
		fired := x.Fired&passes.DefGames != 0
		says := strings.Contains(x.String(), "its values are the SG values of a game") && strings.Contains(x.String(), "fast loop: for k")
		if want := x.Name == "g"; fired != want || says != want {
			t.Errorf("def %s: fired %v, says %v, want %v:\n%s", x.Name, fired, says, want, x)
		}
	}
}
