package fastpath

import (
	"bufio"
	"io"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/loopplan"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/solve"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/stdlib"
)

// planRecorder is the fast paths of a compiler that also record, for each
// alternative compiled as a fast loop (or not), its plan printed (or why
// not), by game.
type planRecorder struct {
	paths
	got map[string][]string
}

func (r planRecorder) Alt(alt *lang.Alt) (compile.FastAlt, string) {
	fa, why := r.paths.Alt(alt)
	name := r.loops.c.CurGame.GName
	if fa.Run == nil {
		r.got[name] = append(r.got[name], "not: "+why)
	} else {
		if fa.Desc != r.plan.Describe() {
			panic("the explanation is not the plan's")
		}
		r.got[name] = append(r.got[name], r.plan.String())
	}
	return fa, why
}

// Sum and Fold record their plans (recognized again here) under "sum"
// and "fold".
func (r planRecorder) Sum(e *lang.Comp, slow compile.SGFn) compile.SGFn {
	r.record("sum", recognizer{r.loops.c}.sum(e))
	return r.paths.Sum(e, slow)
}

func (r planRecorder) Fold(bi *engine.Builtin, comp *lang.Comp, slow engine.EvalFn, pos engine.Pos, argPos []engine.Pos) engine.EvalFn {
	r.record("fold", recognizer{r.loops.c}.fold(bi, comp))
	return r.paths.Fold(bi, comp, slow, pos, argPos)
}

func (r planRecorder) record(key string, p *loopplan.FoldPlan) {
	if p == nil {
		r.got[key] = append(r.got[key], "none")
	} else {
		r.got[key] = append(r.got[key], p.String())
	}
}

// plansOf compiles src with the passes in off switched off and returns
// the plans of its games' alternatives, printed.
func plansOf(t *testing.T, src string, off passes.Pass) map[string][]string {
	t.Helper()
	th := &engine.Thread{OutW: bufio.NewWriter(io.Discard)}
	th.Engine = solve.NewEngine(th)
	th.Engine.On = (passes.All &^ off).Effective()
	got := map[string][]string{}
	env := &compile.Env{Th: th, Engine: th.Engine, Reg: stdlib.Registry(), Fast: func(c *compile.Compiler) compile.Fast {
		return planRecorder{New(c).(paths), got}
	}}
	f, err := lang.ParseFile("t.game", src)
	if err != nil {
		t.Fatal(err)
	}
	ch := resolve.File(resolve.NewUniverse(env.Reg), resolve.NewScope(nil), f, false, 0)
	c := compile.New(env, ch.Globals)
	c.CompileFile(f, ch.End)
	if errs := resolve.MergeErrors(ch.Errs, c.Errs); len(errs) > 0 {
		t.Fatal(errs)
	}
	return got
}

// TestPlans: recognition on its own. Each rule's plan, printed, is the
// shape the rule has; the rules that do not fit say why.
func TestPlans(t *testing.T) {
	src := `let S = {1, 3, 4}
let K = len([0, 0, 0])
def ok(n, s) = n - s >= 0
def wide(x) = x >= 2
def fits(i, w) = wide(i) and wide(w - i)
def tk(n) = sub(n)
game sub(n) moves sub(n - s) for s in S if s <= n
game grd(n) moves grd(a) + grd(n - a) for a in 1 .. (n - 1) / 2 if 2 * a < n
game lit(n) moves lit(n - k) for k in [1, 2, 5] if not (k > n)
game rc(n) moves rc(n - k - 1) for k in range(n)
game il(n) moves il(n - s) for s in S if ok(n, s)
game cut(w) moves cut(i) + cut(w - i) for i in 0 .. w if fits(i, w)
game wr(n) moves tk(n - k) for k in 1 .. 2 if k <= n
game out(n) moves out(n - t - a) for t in [1, 2] for a in 1 .. n - t
game t3(n) moves t3(n - k) + t3(n - 2 * k) + t3(n - 3 * k) for k in 1 .. n if 3 * k <= n
game on(n) moves on(n - k) for k in [1, 2] if n >= K
game lin(n) moves lin(n - 2 * k) for k in 1 .. n if n - 2 * k >= 0
game tup(p) moves tup((p[0] - 1, p[1])) for k in 1 .. 1 if p[0] > 0
game tl(a, b) moves tl(a * k - 1, b) for k in 1 .. 1 if a > 0
game nim(n) moves *k for k in 0 .. n - 1
game sq(n) moves sq(n - s) for s in S if s * s <= n
game mix(n) moves mix(n - k) for k in 1 .. 2 if k <= n if n > 5
game pair(n) moves pair(n - a - b) for (a, b) in [(1, 1)] if a + b <= n
game none(n) moves none(n - 1) if n > 0
game dv(n) moves tk(n) + dv(n - k) for k in 1 .. n
`
	want := map[string][]string{
		"sub":  {"for s in (list 1 3 4): a literal [1 3 4]\nbound s <= n\nterm (call sub (- n s)): coefficients -1\nkernel elems; resume; sweep (global); stride 1 1"}, // (a set, iterated sorted: the unordered pass)
		"grd":  {"for a in (.. 1 (/ (- n 1) 2)): a range\nbound 2 * a < n\nterm (call grd a): coefficients 1\nterm (call grd (- n a)): coefficients -1\nkernel range; split; resume"},
		"lit":  {"for k in (list 1 2 5): a literal [1 2 5]\nbound k <= n\nterm (call lit (- n k)): coefficients -1\nkernel elems; resume; sweep (global); stride 1 1"},
		"rc":   {"for k in (call range n): a range call\nterm (call rc (- (- n k) 1)): coefficients -1\nkernel range; resume"},
		"il":   {"for s in (list 1 3 4): a literal [1 3 4]\nbound s <= E from ([n] - x) vs [0]; negative slope\nterm (call il (- n s)): coefficients -1\nkernel elems; resume; sweep (global); stride 1 1"},
		"cut":  {"for i in (.. 0 w): a range\nbound i >= 2\nbound i <= E from ([w] - x) vs [2]; negative slope\nterm (call cut i): coefficients 1\nterm (call cut (- w i)): coefficients -1\nkernel range; split; resume"},
		"wr":   {"for k in (.. 1 2): a range\nbound k <= n\nterm (call sub (- n k)): coefficients -1\nkernel range; resume; sweep"},
		"out":  {"for a in (.. 1 (- n t)): a range\nterm (call out (- (- n t) a)): coefficients -1\nkernel range"},
		"t3":   {"for k in (.. 1 n): a range\nbound 3 * k <= n\nterm (call t3 (- n k)): coefficients -1\nterm (call t3 (- n (* 2 k))): coefficients -2\nterm (call t3 (- n (* 3 k))): coefficients -3\nkernel each; resume"},
		"on":   {"for k in (list 1 2): a literal [1 2]\nonce (>= n K)\nterm (call on (- n k)): coefficients -1\nkernel elems; resume"},
		"lin":  {"for k in (.. 1 n): a range\nbound 2 * k <= E from ([n] - 2*x) vs [0]; negative slope\nterm (call lin (- n (* 2 k))): coefficients -2\nkernel range; resume"},
		"dv":   {"for k in (.. 1 n): a range\nterm (call sub n): coefficients 0\nterm (call dv (- n k)): coefficients -1\nkernel range; resume"},
		"tl":   {"not: an argument of tl is not k times a constant plus terms without k"},
		"nim":  {"not: its option is not a position or a sum of at most 4 positions (a nimber, a call of a def, or another expression)"},
		"sq":   {"not: the if clause at line 21 tests s in a way that is not a bound (s OP E or K * s OP E)"},
		"mix":  {"for k in (.. 1 2): a range\nbound k <= n\nterm (call mix (- n k)): coefficients -1\nkernel range; sweep"}, // (the planner hoists n > 5: the sweep tests it, LoopPlan.Guards)
		"pair": {"not: it has no for clause"},
		"none": {"not: it has no for clause"},
	}
	got := plansOf(t, src, 0)
	for name, w := range want {
		if g := got[name]; strings.Join(g, "\n--\n") != strings.Join(w, "\n--\n") {
			t.Errorf("game %s: plans\n%s\nwant\n%s", name, strings.Join(g, "\n--\n"), strings.Join(w, "\n--\n"))
		}
	}
	// tup is compiled for tuples, and for its two int arguments under
	// hidden names: no fast loop, then a loop whose argument does not
	// change with k.
	if g := got["tup"]; len(g) != 2 || !strings.HasPrefix(g[0], "not: an argument of tup") || !strings.HasSuffix(g[1], "coefficients 0 0\nkernel range") {
		t.Errorf("game tup: plans %q", g)
	}
	delete(got, "tup")
	for k := range got {
		if strings.Contains(k, " ") {
			delete(got, k) // the builders' plans (TestBuildPlans)
		}
	}
	if len(got) != len(want) {
		t.Errorf("plans for %d games, want %d", len(got), len(want))
	}
}

// TestPlansSwitchedOff: a pass switched off is a plan not made (fast
// loops, streaming) or a part of it left out (the sweep).
func TestPlansSwitchedOff(t *testing.T) {
	src := "game sub(n) moves sub(n - s) for s in [1, 2] if s <= n\n"
	for _, c := range []struct {
		off  passes.Pass
		want string
	}{
		{passes.FastLoops, "not: fast loops are switched off"},
		{passes.Stream, "not: streaming is switched off: each option is made as a value and its SG value read from it"},
		{passes.Sweep, "for s in (list 1 2): a literal [1 2]\nbound s <= n\nterm (call sub (- n s)): coefficients -1\nkernel elems; resume"},
		{0, "for s in (list 1 2): a literal [1 2]\nbound s <= n\nterm (call sub (- n s)): coefficients -1\nkernel elems; resume; sweep (global); stride 1 1"},
	} {
		got := plansOf(t, src, c.off)["sub"]
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("with %v off: plans %q, want %q", c.off, got, c.want)
		}
	}
}

// TestFoldPlans: sums and folds of a range recognized on their own.
func TestFoldPlans(t *testing.T) {
	src := `let K = len([0, 0])
let N = len([0, 0]) * 10
game sub(n) moves sub(n - s) for s in [1, 2, 5] if s <= n
game two(a, b) moves two(a - k, b) for k in 1 .. a
game x(n) moves x(n - 1) if n > 0
print len([n for n in 0 .. N if sg(sub(n)) == 0])
print len([n for n in 0 .. N if 1 < sg(sub(n))])
print len([n for n in 0 .. N if sg(sub(n)) == n])
print len([n for n in 0 .. N if sg(sub(n)) >= K])
print len([n for n in 0 .. N if outcome(*K + sub(n)) != "P"])
print max([sg(two(2 * n + 1, 3)) for n in 0 .. N])
print sg(sum of sub(N - n) for n in 1 .. N)
print len([n for n in 0 .. N if sg(sub(n * n)) == 0])
print len([n for n in 0 .. N if sg(sub(n)) == N + 1])
print sg(sum of x(x) for x in 0 .. 3)
print len([n for n in [1, 2] if sg(sub(n)) == 0])
`
	want := map[string][]string{
		"fold": {
			"len of, for n in (.. 0 N)\ncount sg == 0\nterm (call sub n): coefficients 1",
			"len of, for n in (.. 0 N)\ncount sg > 1\nterm (call sub n): coefficients 1",
			"len of, for n in (.. 0 N)\ncount sg == n\nterm (call sub n): coefficients 1",
			"len of, for n in (.. 0 N)\ncount sg >= K\nterm (call sub n): coefficients 1",
			"len of, for n in (.. 0 N)\ncount outcome + *K != \"P\"\nterm (call sub n): coefficients 1",
			"max of, for n in (.. 0 N)\nterm (call two (+ (* 2 n) 1) 3): coefficients 2 0",
			"none", // n * n is not affine in n
			"none", // N + 1 is not a literal or a name
			"none", // not a range
		},
		"sum": {"sum of, for n in (.. 1 N)\nterm (call sub (- N n)): coefficients -1", "none"},
	}
	got := plansOf(t, src, 0)
	for k, w := range want {
		if g := got[k]; strings.Join(g, "\n--\n") != strings.Join(w, "\n--\n") {
			t.Errorf("%s plans:\n%s\nwant\n%s", k, strings.Join(g, "\n--\n"), strings.Join(w, "\n--\n"))
		}
	}
}
