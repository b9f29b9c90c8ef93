package fastpath

import (
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/lang"
)

// Composite and InSet record their plans (recognized again here), or why
// not, under "composite CALL" and "inset TEST" (once: a rule is compiled
// more than once).
func (r planRecorder) Composite(e *lang.Call, b *engine.Binding) compile.SGFn {
	p, why := r.Builders.PlanComposite(e, b)
	f := r.paths.Composite(e, b)
	if (p == nil) != (f == nil) || p != nil && r.loops.c.Built != p.Describe() {
		panic("the composite compiled is not the plan's")
	}
	if p != nil {
		why = p.String()
	} else {
		why = "not: " + why
	}
	r.note("composite "+lang.SExpr(e), why)
	return f
}

func (r planRecorder) InSet(e *lang.Binary, not bool) compile.BoolFn {
	p, why := r.Builders.PlanInSet(e, not)
	f := r.paths.InSet(e, not)
	if (p == nil) != (f == nil) {
		panic("the in-set test compiled is not the plan's")
	}
	if p != nil {
		why = p.String()
	} else {
		why = "not: " + why
	}
	r.note("inset "+lang.SExpr(e), why)
	return f
}

func (r planRecorder) note(key, s string) {
	if g := r.got[key]; len(g) == 0 || g[len(g)-1] != s {
		r.got[key] = append(g, s)
	}
}

// TestBuildPlans: the builders' recognition on its own. Each position's
// plan, printed, says how its arguments are built; the positions and
// tests that do not fit say why.
func TestBuildPlans(t *testing.T) {
	src := `game h(p) moves h(sorted(p[:i] + [p[i] - k] + p[i + 1:])) for i in 0 .. len(p) - 1 for k in 1 .. p[i]
game u(p, m) moves u(update(p, i, p[i] - 1), m) for i in 0 .. len(p) - 1 if p[i] > 0
game r(n, p) moves r(n - 1, [x * 2 for x in 0 .. n - 1]) if n > 0
game c(p) moves c([x for x in p if x > 1] + (0,)) if len(p) > 0
game b(s) moves b(s - {(r, c), (r, c + 1)}) for (r, c) in s if (r, c + 1) in s
game sc(s) moves sc({x - 1 for x in s if x > 0}) if 0 not in s
game su(s, t) moves su(t ^ (s | {1}), s & t) if not ("a" in s) and (1, 2, 3) not in t
game n(x) moves n(x - 1) if x > 0
game st(c) moves st([if j == i - 1 then c[j] + m else if i == j then c[j] - m else c[j] for j in 0 .. len(c) - 1]) for i in 1 .. len(c) - 1 for m in 1 .. c[i]
game e2(c) moves e2([if j == j then 0 else c[j] for j in 0 .. len(c) - 1]) if len(c) > 0 and c[0] > 0
game e3(c, d) moves e3([if j == 0 then 0 else d[j] for j in 0 .. len(c) - 1], d) if c[0] > 0
`
	want := map[string]string{
		"composite (call h (call sorted (+ (+ (slice p nil i) (list (- (index p i) k))) (slice p (+ i 1) nil))))":                                             "argument 1: sorted(concat(concat(slice(p, _, i), list((- (index p i) k))), slice(p, (+ i 1), _)))",
		"composite (call u (call update p i (- (index p i) 1)) m)":                                                                                            "argument 1: update(p, i, (- (index p i) 1))\nargument 2: int or value; parameter 2 passed on",
		"composite (call r (- n 1) (list-comp (* x 2) (for x (.. 0 (- n 1)))))":                                                                               "argument 1: int or value\nargument 2: range(x in (.. 0 (- n 1)), (* x 2))",
		"composite (call c (+ (list-comp x (for x p) (if (> x 1))) (tuple 0)))":                                                                               "argument 1: concat(comp(x), tuple(0))",
		"composite (call b (- s (set (tuple r c) (tuple r (+ c 1)))))":                                                                                        "argument 1: difference(s, set((tuple r c), (tuple r (+ c 1))))",
		"composite (call sc (set-comp (- x 1) (for x s) (if (> x 0))))":                                                                                       "argument 1: setcomp((- x 1))",
		"composite (call su (^ t (| s (set 1))) (& s t))":                                                                                                     "argument 1: symdiff(t, union(s, set(1)))\nargument 2: int or value",
		"composite (call st (list-comp (if (== j (- i 1)) (+ (index c j) m) (if (== i j) (- (index c j) m) (index c j))) (for j (.. 0 (- (call len c) 1)))))": "argument 1: edit(c, j in (.. 0 (- (call len c) 1)), (- i 1), (+ (index c j) m), i, (- (index c j) m))",
		"composite (call e2 (list-comp (if (== j j) 0 (index c j)) (for j (.. 0 (- (call len c) 1)))))":                                                       "argument 1: masked(c, j in (.. 0 (- (call len c) 1)), (== j j), 0)",
		"composite (call e3 (list-comp (if (== j 0) 0 (index d j)) (for j (.. 0 (- (call len c) 1)))) d)":                                                     "argument 1: masked(d, j in (.. 0 (- (call len c) 1)), (== j 0), 0)\nargument 2: int or value; parameter 2 passed on",
		"composite (call h (list x'))":   "argument 1: list(x')", // (h's heaps as a sum in the SG search: heapsums)
		"composite (call n (- x 1))":     "not: no argument is a list, tuple or set built in a scratch",
		"inset (in (tuple r (+ c 1)) s)": "bit of (in (tuple r (+ c 1)) s): pair",
		"inset (not-in 0 s)":             "bit of (not-in 0 s): int; not",
		"inset (in \"a\" s)":             "bit of (in \"a\" s): value",
		"inset (not-in (tuple 1 2 3) t)": "not: its element is a tuple of 3, not a pair",
	}
	got := plansOf(t, src, 0)
	n := 0
	for k, g := range got {
		if !strings.HasPrefix(k, "composite ") && !strings.HasPrefix(k, "inset ") {
			continue
		}
		n++
		w, ok := want[k]
		switch {
		case !ok:
			t.Errorf("%s: plans %q, want none", k, g)
		case strings.HasPrefix(k, "composite ") && !strings.HasPrefix(w, "not: "):
			w = "position " + strings.TrimPrefix(k, "composite ") + "\n" + w
		}
		if len(g) != 1 || g[0] != w {
			t.Errorf("%s: plans\n%s\nwant\n%s", k, strings.Join(g, "\n--\n"), w)
		}
	}
	if n != len(want) {
		t.Errorf("plans for %d positions and tests, want %d", n, len(want))
	}
}

// TestBuildPlansSwitchedOff: with the composite pass off, no position or
// test has a plan.
func TestBuildPlansSwitchedOff(t *testing.T) {
	src := "game b(s) moves b(s - {(r, c)}) for (r, c) in s if (r, c) in s\n"
	got := plansOf(t, src, passes.Composite)
	for _, k := range []string{"composite (call b (- s (set (tuple r c))))", "inset (in (tuple r c) s)"} {
		if g := got[k]; len(g) != 1 || g[0] != "not: composite positions are switched off" {
			t.Errorf("%s: plans %q", k, g)
		}
	}
}
