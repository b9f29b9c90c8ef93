package eval_test

// Differential tests of the pass defcache (package defcache): a def's
// values kept by its arguments must print what the calls print, fail
// where they fail, and stop at the limits where they stop, with the pass
// on, with it off, and with every pass off.

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/internal/passes"
)

// defCacheCases are scripts whose calls the pass keeps (and some it does
// not), each with what it shows.
var defCacheCases = []struct{ name, src string }{
	{"geography", `let (H, W) = (3, 4)
def near(v) = [(v[0] + dr, v[1] + dc) for dr in -1 .. 1 for dc in -1 .. 1 if (dr, dc) != (0, 0) and 0 <= v[0] + dr and v[0] + dr < H and 0 <= v[1] + dc and v[1] + dc < W]
game geo(v, seen) moves geo(u, seen | {u}) for u in near(v) if u not in seen
print [sg(geo((r, c), {(r, c)})) for r in 0 .. H - 1 for c in 0 .. W - 1]
print len(near((1, 1))), near((0, 0)), near((5, 5))
`},
	{"ints", `def divs(n) = [d for d in 1 .. n if n % d == 0]
game g(L) moves g(sorted(L[:i] + [L[i] - d] + L[i + 1:])) for i in 0 .. len(L) - 1 for d in divs(L[i])
print [sg(g([a, b])) for a in 0 .. 6 for b in a .. 6]
`},
	{"two args", `def line(r, c) = [(r, k) for k in 0 .. c] + [(k, c) for k in 0 .. r]
game cover(S) moves cover(S - set(line(r, c))) for (r, c) in S
print sg(cover({(r, c) for r in 0 .. 2 for c in 0 .. 3})), line(1, 2), line(-3, 2)
`},
	{"global let again", `let K = 2
def mul(n) = [i * K for i in 0 .. n]
print mul(3), sum([len(mul(i)) for i in 0 .. 5])
let K = 3
print mul(3), [mul(i)[i] for i in 0 .. 4]
`},
	{"unknown global", `def f(n) = [n + T for i in 0 .. 1]
print [len(f(i)) for i in 0 .. 0]
`},
	{"errors", `def inv(n) = [12 / (n - i) for i in 0 .. 2]
print [len(inv(n)) for n in 3 .. 8], [inv(n) for n in [3, 4, 3, 4]]
print [len(inv(n)) for n in [5, 1, 5]]
`},
	{"kinds at one call", `def w(x) = [x for i in 0 .. 1]
def w2(x, y) = [(x, y) for i in 0 .. 1]
print [w(x) for x in [1, (0, 1), 1, (0, 1), -5, 1 << 30, (2, -3), [0, 1], (1, 2, 3), "a", -(1 << 19), 1 << 19, (1, -(1 << 19)), 1]]
print [w2(x, y) for (x, y) in [(1, 2), (1, (2, -(1 << 19))), (1, 2), ((1, 2), -(1 << 19)), ((1, 2), 3), (1 << 19, -(1 << 19)), (-(1 << 19), -(1 << 19) + 1)]]
`},
	{"three ints", `def box(a, b, c) = [(i, j) for i in a .. b for j in 0 .. c if i != j]
def box2(p, b, c) = [(i, j) for i in p[0] .. b for j in p[1] .. c]
print [len(box(a, b, c)) for a in 0 .. 2 for b in 0 .. 2 for c in 0 .. 2]
print box2((0, 1), 2, 0), box2((0, 1), 2, 1), [box2((0, 1), 2, c) for c in [0, 1, 0, 1]]
print box((0, 1), 2, 0)
`},
	{"deep", `def near0(n) = [n + k for k in 0 .. 2 if n + k != 1]
def deep(n) = if n == 0 then near0(n) else deep(n - 1)
print near0(0), [len(deep(k)) for k in 0 .. 80]
`},
	{"many keys, then few (a call that stops keeping)", `def f(n) = [n * i for i in 0 .. 2]
print sum([sum(f(n)) for n in [k for k in 0 .. 1000] + [1, 2] * 300 + [2000]]), f(3)
`},
	{"a filter's def, its values found across checks of the limits", `def isprime(p) = p >= 2 and all([p % d != 0 for d in 2 .. p - 1 if d * d <= p])
game g(n) moves g(n - p) for p in 2 .. n if isprime(p)
print sum([sg(g(n)) for n in 0 .. 300]), [isprime(p) for p in 0 .. 20]
`},
	{"the same objects again (a long list: the last call's value)", `def multiples(L, d) = [e for e in L if e % d == 0]
game div(L) moves div([e for e in L if not (e in multiples(L, d))]) for d in L
print sg(div([d for d in divisors(720) if d > 1])), sg(div([1000003 * k for k in 1 .. 12]))
let A = [k * 7919 for k in 1 .. 40]
print len(multiples(A, 2)), len(multiples(A, 2)), multiples(A, 3) == multiples(A, 3)
print sg(div([4, 2, 0, 3]))
`},
	{"the same objects, a global let again between", `let K = 2
def m(L) = [x * K for x in L if x > 0]
let A = [k * 104729 for k in 0 .. 30]
print m(A)[0:3], m(A)[0:3]
let K = 3
print m(A)[0:3], m(A)[0:3], m(A[:1])
`},
	{"not kept", `def nbrs(S, v) = [u for u in S if u != v]
def around(v) = [x for x in v if x > 0]
game g(S) moves g(set(nbrs(S, v))) for v in S
print sg(g({1, 2, 3, 4})), around([1, 0, 2]), [len(around(v)) for v in [(1, 0), (0, 0), (2, 3)]]
`},
}

// runDefCache runs src with the passes of off switched off, under
// limits.
func runDefCache(src string, off passes.Pass, limits engine.Limits) optRun {
	return runOptWith(optCase{name: "d.game", src: src, limits: limits, timeout: 20 * time.Second}, off)
}

// TestDefCacheExact: each case prints and fails alike with the pass on
// and off, and with every pass off; under step limits that stop it
// part-way, it stops at the same place with the pass on and off (the
// other passes on: a kept value counts the steps its call counted); with
// a bound on the depth of calls, at the same call.
func TestDefCacheExact(t *testing.T) {
	for _, c := range defCacheCases {
		t.Run(c.name, func(t *testing.T) {
			on := runDefCache(c.src, 0, engine.Limits{})
			for _, off := range []passes.Pass{passes.DefCache, passes.All} {
				if ok, why := optSame(on, runDefCache(c.src, off, engine.Limits{}), true); !ok {
					t.Fatalf("%s off: %s\non:\n%s\noff:\n%s", off, why, on, runDefCache(c.src, off, engine.Limits{}))
				}
			}
			for _, lim := range []engine.Limits{{MaxSteps: 300}, {MaxSteps: 2000}, {MaxSteps: 9000}, {MaxSteps: 150000}, {MaxSteps: 700000}, {MaxDepth: 40}, {MaxDepth: 75}} {
				a, b := runDefCache(c.src, 0, lim), runDefCache(c.src, passes.DefCache, lim)
				if a != b {
					t.Errorf("limits %+v: on:\n%s\noff:\n%s", lim, a, b)
				}
			}
		})
	}
}

// recDefCacheCases: recursive defs (defcache's recursive.go), each
// value computed once: the same values, errors and positions with the
// pass off and every pass off, and under bounds on the depth of calls
// the same error at the same call (a value found checks the depth its
// calls reached). Steps are not compared: a value found counts one.
var recDefCacheCases = []string{
	`let S = [1, 3, 4]
def g(n) = if n == 0 then 0 else mex([g(n - k) for k in S if k <= n])
print [g(n) for n in 0 .. 24], g(23), sum([g(n) for n in 0 .. 20])
`,
	`def fib(n) = if n < 2 then n else fib(n - 1) + fib(n - 2)
def even(n) = if n == 0 then true else odd(n - 1)
def odd(n) = if n == 0 then false else even(n - 1)
print fib(22), [fib(k) for k in 0 .. 12], even(30), odd(7), [even(k) for k in 0 .. 5]
`,
	`def f(n) = if n == 7 then 1 / (n - 7) else if n == 0 then 0 else f(n - 1) + 1
print [f(k) for k in 0 .. 6], f(6)
print f(9)
`,
	`let P = [-1, 0, 0, 1, 1, 2, 5]
def kids(v) = [c for c in 0 .. len(P) - 1 if P[c] == v]
def h(v) = sum([h(c) + 1 for c in kids(v)])
def paths(a, b) = if a == 0 or b == 0 then 1 else paths(a - 1, b) + paths(a, b - 1)
print [h(v) for v in 0 .. 6], paths(10, 10), [paths(a, (a, 2)[1]) for a in 0 .. 4]
for k in 1 .. 3 {
    let P = [-1] + [0 for i in 1 .. k]
    print h(0), [h(v) for v in 0 .. k]
}
`,
	`def w(s) = if len(s) <= 1 then 1 else w(s[1:]) + w(s[:len(s) - 1])
def t(p) = if p[0] == 0 then p[1] else t((p[0] - 1, p[1] + 1)) + t((p[0] - 1, p[1]))
print w("abcdefghijklm"), [w(x) for x in ["", "a", "ab"]], t((12, 0))
`,
	`game nim(n) moves nim(n - k) for k in 1 .. n
def s(n) = if n == 0 then 0 else sg(nim(n)) + s(n - 1)
print s(20)
`,
	`def deep(n) = if n == 0 then 0 else 1 + deep(n - 1)
print [deep(k) for k in 0 .. 60], deep(120)
`,
	`def g(w, h) = mex({g(i, h) ^ g(w - i, h) for i in 2 .. w - 2} | {g(w, j) ^ g(w, h - j) for j in 2 .. h - 2})
print [[g(w, h) for w in 1 .. 7] for h in 1 .. 7], g(8, 7)
def p(a, b) = if a <= -3 or b <= -3 then 1 else p(a - 1, b) + p(a, b - 1)
print p(6, 4), [p(a, -2) for a in -4 .. 3], p(1048575, -3), p(-1048576, 5)
def q(a, b) = if a == 0 or b == 0 then 0 else (q(a - 1, b) + q(a, b - 1) + 1) % 1000
def r(a, b) = if a == 0 then b else r(a - 1, b) + 1
def z(a, b) = if a <= 0 then b * 7 + 1 else z(a - 1, b + 2) - b + z(a - 2, b)
print [z(a, b) for a in 0 .. 6 for b in 0 .. 3], [z(b, a) for a in 0 .. 6 for b in 0 .. 3], z(-2, 3)
print q(8, 8), q(2 ** 40, 0), q(1 << 20, 0), [r(a, 5) for a in 3000 .. 3003], r(5000, -1)
`,
	`def t(a, b, c) = if a + b + c <= 0 then 1 else t(a - 1, b, c) % 97 + t(a, b - 1, c) % 89 + t(a, b, c - 1) % 83
print t(3, 3, 2), t(3, 3, 2), [t(k, 1, -1) for k in -2 .. 4], t(-1048577, 2, 2)
def y(a, b, c) = if a <= 0 then b * 5 + c * 11 else y(a - 1, c, b + 1) + a * y(a - 2, b, c)
print [y(a, b, c) for a in 0 .. 5 for b in -2 .. 2 for c in 0 .. 2], y(7, 1048575, -1048576), y(6, 1048576, 0)
def u(a, b) = if b == 0 then a else u(a, b - 1) + 10 / (b - 3)
print u(7, 2), u(7, 2)
print u(7, 5)
`,
	`def t(a, b, c) = if a + b + c <= 0 then 1 else t(a - 1, b, c) % 97 + t(a, b - 1, c) % 89
print t(2, 2, 0), t(2, 2, 0)
print t(3, "x" == "y", 0)
`,
	`def m(a, b) = if a == 0 then b else m(a - 1, b + 1)
print [m(k, 0) for k in 0 .. 30], m(40, 0), [m(k, "s") for k in [0]]
print m(3, "s")
`,
}

func TestRecDefCacheExact(t *testing.T) {
	for i, src := range recDefCacheCases {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			on := runDefCache(src, 0, engine.Limits{})
			for _, off := range []passes.Pass{passes.DefCache, passes.All} {
				if ok, why := optSame(on, runDefCache(src, off, engine.Limits{}), true); !ok {
					t.Fatalf("%s off: %s\non:\n%s\noff:\n%s", off, why, on, runDefCache(src, off, engine.Limits{}))
				}
			}
			for _, lim := range []engine.Limits{{MaxDepth: 5}, {MaxDepth: 11}, {MaxDepth: 40}, {MaxDepth: 100}} {
				a, b := runDefCache(src, 0, lim), runDefCache(src, passes.DefCache, lim)
				if a != b {
					t.Errorf("limits %+v: on:\n%s\noff:\n%s", lim, a, b)
				}
			}
		})
	}
}

// TestDefCacheFires: --explain names the calls whose values are kept,
// and only those (not a def without a comprehension, not one whose
// argument counts steps).
func TestDefCacheFires(t *testing.T) {
	src := `def near(v) = [(v[0] + d, v[1]) for d in [-1, 1] if v[0] + d >= 0 and v[0] + d < 4]
def nbrs(S, v) = [u for u in S if u != v]
def sq(n) = n * n
game geo(v, seen) moves geo(u, seen | {u}) for u in near(v) if u not in seen
game g(S) moves g(set(reversed(nbrs(S, v)))) for v in S if sq(v) < 50
game h(v, seen) moves h(u, seen | {u}) for u in near((sq(v[0]) % 4, v[1])) if u not in seen
print sg(geo((0, 0), {(0, 0)})), sg(g({1, 2, 3})), sg(h((1, 0), {(1, 0)}))
`
	for _, off := range []passes.Pass{0, passes.DefCache} {
		s := eval.NewSession(eval.Options{Disable: off})
		if err := s.ExecFile(context.Background(), "f.game", src); err != nil {
			t.Fatal(err)
		}
		for _, x := range s.Explain() {
			kept := strings.Contains(x.String(), "its values kept by its arguments")
			// (geo's near yields pairs: geo's positions are stored as
			// ints, and near is fused into its rule, not called.)
			want := off == 0 && x.Name == "g"
			if kept != want || (x.Fired&passes.DefCache != 0) != want {
				t.Errorf("%v off, %s %s: kept %v, want %v:\n%s", off, x.Kind, x.Name, kept, want, x)
			}
		}
	}
}

// TestDefCacheREPL: defs declared again in a session (later files)
// are called as the session calls them with the pass off, whether the
// calls were inlined (a def compiled before keeps the body it inlined)
// or not (a call reads the def of the name when it runs).
func TestDefCacheREPL(t *testing.T) {
	steps := []string{
		"def near(n) = [n + d for d in [-1, 1] if n + d >= 0]\ndef big(n) = [n * k for k in 0 .. 3 if k != 2 or n > 0] + [0 for k in 0 .. 40 if k == n] + [n - k for k in 0 .. 3 if k > 1] + [n + k for k in 0 .. 5 if k != 3 and n != k]\n",
		"def twice(n) = [near(n), big(n)]\nprint [near(k) for k in 0 .. 2], [big(k) for k in 0 .. 2], [twice(k) for k in 0 .. 2]\n",
		"def near(n) = [n * 10 for d in [1]]\ndef big(n) = [n for k in 0 .. 1]\nprint [near(k) for k in 0 .. 2], [big(k) for k in 0 .. 2], [twice(k) for k in 0 .. 2]\n",
		"let near = 5\nprint [twice(k) for k in 0 .. 2]\n",
	}
	run := func(off passes.Pass) string {
		var out strings.Builder
		s := eval.NewSession(eval.Options{Stdout: &out, Disable: off})
		for i, src := range steps {
			if err := s.LoadFile(context.Background(), fmt.Sprintf("r%d.game", i), src); err != nil {
				fmt.Fprintf(&out, "error: %v\n", err)
			}
		}
		return out.String()
	}
	on, off := run(0), run(passes.DefCache)
	if on != off {
		t.Errorf("on:\n%s\noff:\n%s", on, off)
	}
	if !strings.Contains(on, "[[0], [10], [20]]") {
		t.Errorf("the second near not called:\n%s", on)
	}
}
