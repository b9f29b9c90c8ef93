package eval_test

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/testenv"
)

// TestSweepGeneralDiff runs games whose rules the general sweep computes
// (kernel.GeneralSweep: alternatives of if clauses and one range loop
// yielding one position of an int argument) with the sweep on and off
// (and with it the search's step without a run of the rule, package
// solve's step.go): the same output, the same errors, and the same limits
// reached at the same place (positions and steps are counted as the
// search counts them: the state and step limits are tried at many
// values).
func TestSweepGeneralDiff(t *testing.T) {
	t.Parallel()
	games := map[string]string{
		// pseudo-random edges down (options below, not affine)
		"dag": `def mix(x) = (x * 1103515245 + 12345) % 2147483647
def deg(v) = if v == 0 then 0 else 1 + mix(8 * v + 7) % 5
game g(v) moves g(mix(8 * v + k) % v) for k in 0 .. deg(v) - 1
`,
		// if clauses before the loop, two alternatives, one option above
		"alts": `game g(v) moves g((v * 7 + k) % v) if v > 0 for k in 0 .. v % 3
  | g((v + 1) % (k + 100)) if v % 5 == 3 and v < 40 for k in 0 .. 0
  | g((v / 2) % (k + 2)) if v % 2 == 0 for k in 0 .. 2 if k <= v / 2
`,
		// a key that fails (division by zero at v = 37)
		"fails": `game g(v) moves g((v - 1 - k) % (v - 37)) for k in 0 .. 1 if v > 1
`,
		// values of 64 and more (the sweep leaves them to the rule)
		"wide": `game g(v) moves g((v - 1 - k) % (v + 1)) for k in 0 .. v - 1 if k < 90
`,
		// more distinct unknown options than a run's first batch (8),
		// and a rule whose option is its own position
		"many": `game g(v) moves g((v * 7 + k * 3) % v) for k in 0 .. 11 if v > 0
`,
		"self": `game g(v) moves g(v - (v % 3) * k) for k in 0 .. 1 if v % 7 != 0
`,
		// a helper's set of options, planned behind a guard that fails
		// from 4501 on: the sweep leaves those positions to the rule as
		// written (kernel.SweepAlt.Bail)
		"bail": `def deg(v) = if v == 0 then 0 else 1 + (v * 7 + 3) % 5
def opts(v) = {g((v * 1000000000000000 + k) % v) for k in 0 .. deg(v) - 1}
game g(v) moves m for m in opts(v)
`,
		// the same, the helper's set of ints iterated: the rule as
		// written a fast loop over it
		"bailfast": `def deg(v) = if v == 0 then 0 else 1 + (v * 7 + 3) % 5
def nb(v) = {(v * 1000000000000000 + k) % v for k in 0 .. deg(v) - 1}
game g(v) moves g(w) for w in nb(v)
`,
		// the same, the guard reading a global int (proof.GlobalIntCall)
		"bailglobal": `let M = 6 + len([1])
def deg(v) = if v == 0 then 0 else 1 + (v * 7 + 3) % 5
def opts(v) = {g((v * 1000000000000000 + k + M) % v) for k in 0 .. deg(v) - 1}
game g(v) moves m for m in opts(v)
`,
		// an option on a cycle
		"loopy": `game g(v) moves g((v * 3 + k) % (v + 2)) for k in 0 .. 1 if v > 0
`,
	}
	queries := []string{
		"print sg(sum of g(v) for v in 0 .. N - 1)\nprint sg(g(N - 1))\n",
		"print sg(g(N / 2))\nprint sg(sum of g(v) for v in 0 .. N - 1)\nprint outcome(sum of g(v) for v in N / 3 .. N - 1)\n",
		// (options listed from the rule's kernel: engine's ruleOptions)
		"print moves(g(N - 1)), outcome(g(N / 2) + *1)\nprint len([v for v in 0 .. N - 1 if outcome(g(v)) == \"D\"])\n",
	}
	sizes := []int{300, 2100, 5000}
	var fails, ci int
	// (The fast suite runs each case without limits and one of the
	// limits, turning with the case: every limit over fifteen cases.)
	for _, name := range slices.Sorted(maps.Keys(games)) {
		game := games[name]
		for qi, q := range queries {
			for _, n := range sizes {
				src := fmt.Sprintf("let N = %d\n%s%s", n, game, q)
				base := optCase{name: "s.game", src: src}
				// (Without loopyfirst, which counts fewer steps on a graph
				// with cycles all over: TestLoopyFirstDiff.)
				off := runOptWith(base, passes.Sweep|passes.LoopyFirst)
				var lims []engine.Limits
				for _, s := range []int64{1, 17, 299, 301, 2047, 2049, 4000, int64(n) - 1, int64(n) + 3} {
					lims = append(lims, engine.Limits{MaxStates: s})
				}
				for _, s := range []int64{100, 1000, 2500, 9000, 20000, 60000} {
					lims = append(lims, engine.Limits{MaxSteps: s})
				}
				cases := append([]engine.Limits{{}}, testenv.Rotate(lims, 1, ci)...)
				ci++
				for _, lim := range cases {
					c := base
					c.limits = lim
					a, b := runOptWith(c, passes.LoopyFirst), off
					if lim != (engine.Limits{}) {
						b = runOptWith(c, passes.Sweep|passes.LoopyFirst)
					}
					if a.out != b.out || a.err != b.err || a.panic != "" || b.panic != "" {
						fails++
						if fails <= 5 {
							t.Errorf("%s, query %d, N = %d, limits %+v:\n%s\n=== sweep on:\n%s\n=== sweep off:\n%s", name, qi, n, lim, src, a, b)
						}
					}
				}
			}
		}
	}
}

// TestSweepBrokenRuleDiff: a declared game whose heaps follow a
// take-and-break rule only up to a heap has its deep chain climbed by
// the ladder's sweep past that heap (where the rule's table leaves the
// heaps to the plain engine), with the same output, errors and limits
// reached at the same place as the climb without sweeps.
func TestSweepBrokenRuleDiff(t *testing.T) {
	t.Parallel()
	games := map[string]string{
		"snim":  "game g(n) moves g(n - s) for s in {25, 94, 300} if s <= n\n",
		"sub":   "game g(n) moves g(n - s) for s in [1, 3, 94] if s <= n\n",
		"fails": "game g(n) moves g(n - s) for s in {25, 94, 300 + n / (n - 70001)} if s <= n\n",
	}
	const n = 70050
	q := "print sg(g(N))\nprint sg(sum of g(v) for v in 0 .. N)\n"
	var fails int
	// (The fast suite runs each game without limits and a third of the
	// limits, turning with the game: every limit over the three games.)
	for gi, name := range slices.Sorted(maps.Keys(games)) {
		game := games[name]
		src := fmt.Sprintf("let N = %d\n%s%s", n, game, q)
		base := optCase{name: "b.game", src: src}
		var lims []engine.Limits
		for _, s := range []int64{1000, 65000, 69999, 70020, 140000} {
			lims = append(lims, engine.Limits{MaxStates: s})
		}
		for _, s := range []int64{100000, 300000, 1000000, 2000000} {
			lims = append(lims, engine.Limits{MaxSteps: s})
		}
		cases := append([]engine.Limits{{}}, testenv.Rotate(lims, 3, gi)...)
		for _, lim := range cases {
			c := base
			c.limits = lim
			a, b := runOptWith(c, 0), runOptWith(c, passes.Sweep)
			if a.out != b.out || a.err != b.err || a.panic != "" || b.panic != "" {
				fails++
				if fails <= 5 {
					t.Errorf("%s, limits %+v:\n%s\n=== sweep on:\n%s\n=== sweep off:\n%s", name, lim, src, a, b)
				}
			}
		}
	}
}

// TestSweepGuardedDiff: a fast loop whose for clause follows if clauses
// that test the position and cannot fail (the planner's guard, or a
// user's) is swept, the sweep leaving to the rule the positions where
// one does not hold (fastpath's LoopPlan.Guards), also where the rule as
// written runs behind the negated guard: the same output, errors and
// limits reached at the same place as the climb without sweeps.
func TestSweepGuardedDiff(t *testing.T) {
	t.Parallel()
	games := map[string]string{
		// a helper's set over a global collection (guard: S's elements)
		"coll": "let S = {x * 37 % 101 + 1 for x in 1 .. 12}\ndef opts(n) = {g(n - s) for s in S if s <= n}\ngame g(n) moves m for m in opts(n)\n",
		// the guard fails everywhere (an element above its bound): as
		// written
		"big": "let S = {1, 3, 4, 9000000000000000000}\ndef opts(n) = {g(n - s) for s in S if s <= n}\ngame g(n) moves m for m in opts(n)\n",
		// a user's test of the position before the loop
		"user": "game g(n) moves g(n - s) if n > 5 and n != 9 for s in [1, 3, 4] if s <= n\n",
	}
	const n = 4000
	q := "print sg(g(N))\nprint sg(sum of g(v) for v in 0 .. N), moves(g(9))\n"
	var fails int
	for name, game := range games {
		src := fmt.Sprintf("let N = %d\n%s%s", n, game, q)
		base := optCase{name: "b.game", src: src}
		cases := []engine.Limits{{}}
		for _, s := range []int64{100, 3999, 4003, 8000} {
			cases = append(cases, engine.Limits{MaxStates: s})
		}
		for _, s := range []int64{1000, 20000, 50000} {
			cases = append(cases, engine.Limits{MaxSteps: s})
		}
		for _, lim := range cases {
			c := base
			c.limits = lim
			a, b := runOptWith(c, 0), runOptWith(c, passes.Sweep)
			if a.out != b.out || a.err != b.err || a.panic != "" || b.panic != "" {
				fails++
				if fails <= 5 {
					t.Errorf("%s, limits %+v:\n%s\n=== sweep on:\n%s\n=== sweep off:\n%s", name, lim, src, a, b)
				}
			}
		}
	}
}

// TestSweepStrideDiff runs games of one int whose sweep is strided
// (fastpath's stride.go: a global domain, the option's argument affine in
// the position's int, the bounds affine or evaluated at each position)
// with the sweeps on and off: the same output, the same errors, and the
// same limits reached at the same place. The bounds narrow the domain
// from above and below, one overflows (an error at a position), one is a
// linear clamp (evaluated at each position), and one game's values reach
// 64 (left to the rule).
func TestSweepStrideDiff(t *testing.T) {
	t.Parallel()
	games := map[string]string{
		"le":    "let S = {1, 3, 4, 9, 10, 17}\ngame g(n) moves g(n - s) for s in S if s <= n\n",
		"lit":   "game g(n) moves g(n - s) for s in [2, 5, 6, 11] if n >= s\n",
		"shift": "let S = {1, 2, 7}\nlet K = 3\ngame g(n) moves g(n - s - K + 3) for s in S if s < n + 1 - K if s <= n\n",
		"below": "let S = {1, 2, 3, 5, 8, 13, 21, 34}\ngame g(n) moves g(n - s) for s in S if s >= 40 - n if s <= n\n",
		"twice": "let S = {1, 4, 6}\ngame g(n) moves g(n - s) for s in S if 2 * s <= n if s <= n\n",
		"lin":   "let S = {1, 3, 8}\ngame g(n) moves g(n - s) for s in S if n - s >= 0\n",
		"lin2":  "let S = {1, 3, 8, 20}\ngame g(n) moves g(n - s) for s in S if 2 - s + n > 1 if n - 100 < s + 2 * 0\n",
		"linR":  "let S = {2, 5, 9}\ngame g(n) moves g(n - s) for s in S if s - n <= 0 if 7 + s - n < 10 + n - n\n",
		"linK":  "let S = {1, 4, 6}\nlet K = 5\ndef ok(n, s) = n + K - s >= 6 - 1\ngame g(n) moves g(n - s) for s in S if ok(n, s)\n",
		"mul":   "let S = {1, 2}\ngame g(n) moves g(n - s) for s in S if s <= n * 1000000000000000000\n",
		"neg":   "let S = [-2, 1, 3]\ngame g(n) moves g(n - s) for s in S if s <= n if n - s <= 2 * n\n",
		"wide":  "let S = {k for k in 1 .. 70}\ngame g(n) moves g(n - s) for s in S if s <= n\n",
		"sum":   "let S = {1, 3, 4}\ngame g(n) moves g(n - s) for s in S if s <= n\nlet T = {2, 3}\ngame h(n) moves h(n - t) + g(n - t) for t in T if t <= n\n",
		"step2": "let S = {1, 2, 5}\ngame g(n) moves g(n - 2 * s) for s in S if 2 * s <= n\n",
		"known": "let S = {2, 3, 7}\ngame g(n) moves g(n - s) for s in S if s <= n\nprint sg(g(N / 2 + 5)), sg(g(4099)), sg(g(N / 3))\n",
	}
	queries := []string{
		"print sg(g(N))\nprint sg(sum of g(n) for n in 0 .. N)\nprint len([n for n in 0 .. N if sg(g(n)) == 0]), max([sg(g(n)) for n in 0 .. N])\n",
		"print sg(sum of g(n) for n in N / 3 .. N)\nprint sg(g(N / 2)), sg(g(N))\n",
	}
	// (The fast suite: two sizes and some of the limits; the long one,
	// every size and limit.)
	sizes := []int{50, 3000, 9000}
	states := []int64{1, 17, 299, 4097, 4100, -1, 3}
	steps := []int64{100, 2500, 9000, 20000, 60000}
	if !testenv.IsLong() {
		sizes, states, steps = sizes[:2], []int64{1, 299, 4100, -1}, []int64{100, 9000}
	}
	var fails int
	for name, game := range games {
		for qi, q := range queries {
			for _, n := range sizes {
				src := fmt.Sprintf("let N = %d\n%s%s", n, game, q)
				base := optCase{name: "s.game", src: src}
				if !testenv.IsLong() && name == "neg" {
					// (An infinite graph: the default state limit, twenty
					// million positions, takes seconds a run; the fast
					// suite reaches a smaller one.)
					base.limits = engine.Limits{MaxStates: 10_000}
				}
				off := runOptWith(base, passes.Sweep)
				cases := []engine.Limits{{}}
				for _, s := range states {
					if s <= 3 && s != 1 {
						s += int64(n) // (N - 1, N + 3)
					}
					cases = append(cases, engine.Limits{MaxStates: s})
				}
				for _, s := range steps {
					cases = append(cases, engine.Limits{MaxSteps: s})
				}
				cases[0] = base.limits
				for _, lim := range cases {
					c := base
					c.limits = lim
					a, b := runOptWith(c, 0), off
					if lim != base.limits {
						b = runOptWith(c, passes.Sweep)
					}
					ae, be := a.err, b.err
					if lim.MaxSteps > 0 {
						// (Where a step limit is reached, the sweep's error
						// may point at the for clause's domain where the
						// rule's points at the game, and name the position
						// next to the rule's, as with strides off: that
						// the limit was reached.)
						ae, be = limitMessage(ae), limitMessage(be)
					}
					if a.out != b.out || ae != be || a.panic != "" || b.panic != "" {
						fails++
						if fails <= 5 {
							t.Errorf("%s, query %d, N = %d, limits %+v:\n%s\n=== sweep on:\n%s\n=== sweep off:\n%s", name, qi, n, lim, src, a, b)
						}
					}
				}
			}
		}
	}
}

// limitMessage is an error's first line without its FILE:LINE:COL and
// the position it names.
func limitMessage(err string) string {
	line, _, _ := strings.Cut(err, "\n")
	if _, msg, ok := strings.Cut(line, ": "); ok {
		line = msg
	}
	line, _, _ = strings.Cut(line, " while computing ")
	return line
}

// TestRowSweepDiff: games of two ints whose box is climbed row by row
// (the row sweep, kernel's row.go) give the same values, errors and
// limits with sweeps on and off: one position or a sum per option, wide
// values, bounds of the loop variable, built-ins in the bounds, keys
// off the compact table, a rule that fails at some positions, options
// outside the rows below.
func TestRowSweepDiff(t *testing.T) {
	t.Parallel()
	games := map[string]string{
		"wythoff":  "game g(a, b) moves g(a - k, b) for k in 1 .. a | g(a, b - k) for k in 1 .. b | g(a - k, b - k) for k in 1 .. min(a, b)\n",
		"cut":      "game g(w, h) moves g(i, h) + g(w - i, h) for i in 2 .. w - 2 | g(w, j) + g(w, h - j) for j in 2 .. h - 2\n",
		"clamp":    "game g(a, b) moves g(a - k, b) for k in 1 .. 5 if k <= a | g(a, b - 2 * k) for k in 1 .. b if 2 * k <= b if k != 3\n",
		"rook":     "game g(a, b) moves g(x, b) for x in 0 .. a - 1 | g(a, y) for y in max(0, b - 7) .. b - 1\n",
		"narrow":   "game g(a, b) moves g(a - 1, b) for k in 1 .. 1 if a >= 1 | g(a, b - k) for k in 1 .. min(b, 3)\n",
		"mixed":    "game g(a, b) moves g(a - k, b) + g(k - 1, b) for k in 1 .. a | g(a, b - k) for k in 1 .. b\n",
		"fails":    "game g(a, b) moves g(a - k, b) for k in 1 .. a / (b - 7) if a > 0 | g(a, b - k) for k in 1 .. b\n",
		"abs":      "game g(a, b) moves g(a, b - k) for k in 1 .. abs(b - a) if k <= b | g(a - 1, b) for k in 0 .. 0 if a > 0\n",
		"up":       "game g(a, b) moves g(a - 1, b + 1) for k in 1 .. 1 if a > 0 if b < 30 | g(a, b - k) for k in 1 .. b\n",
		"far":      "game g(a, b) moves g(a - k, b) for k in 1 .. a | g(a, b - k * 5000) for k in 1 .. 1 if b >= 5000\n",
		"range":    "game g(a, b) moves g(a - k, b) for k in range(1, a + 1) | g(a, k) for k in range(b) | g(a - k, b - k) for k in range(1, min(a, b) + 1)\n",
		"modzero":  "game g(a, b) moves g(a - k, b) for k in 1 .. a % (b - 50) + 1 if k <= a | g(a, b - k) for k in 1 .. b\n",
		"overflow": "game g(a, b) moves g(a - k, b) for k in 1 .. a + (b - 60) * 4611686018427387904 if k <= a | g(a, b - k) for k in 1 .. b\n",
		"guarded":  "game g(a, b) moves g(a, b - k) for k in 1 .. b if a > 2 | g(a - k, b) for k in 1 .. a if k <= 3\n",
	}
	queries := []string{
		"print sg(g(N, N))\nprint sg(sum of g(a, b) for a in 0 .. N for b in 0 .. N)\nprint len([1 for a in 0 .. N for b in 0 .. N if sg(g(a, b)) == 0]), max([sg(g(a, b)) for a in 0 .. N for b in 0 .. N])\n",
		"print sg(g(N / 2, N)), sg(g(N, N / 3)), sg(g(N, N))\n",
	}
	sizes := []int{9, 70, 130}
	if !testenv.IsLong() {
		sizes = sizes[:2] // (the fast suite: two sizes)
	}
	var fails, ci int
	// (The fast suite runs each case without limits and a sixth of the
	// limits, turning with the case: every limit over six cases.)
	for _, name := range slices.Sorted(maps.Keys(games)) {
		game := games[name]
		for qi, q := range queries {
			for _, n := range sizes {
				src := fmt.Sprintf("let N = %d\n%s%s", n, game, q)
				base := optCase{name: "r.game", src: src}
				off := runOptWith(base, passes.Sweep)
				var lims []engine.Limits
				for _, s := range []int64{1, 17, 299, 4097, int64(n*n) - 5, int64(n*n) + 3} {
					lims = append(lims, engine.Limits{MaxStates: s})
				}
				for _, s := range []int64{100, 2500, 9000, 60000, 500000} {
					lims = append(lims, engine.Limits{MaxSteps: s})
				}
				cases := append([]engine.Limits{{}}, testenv.Rotate(lims, 2, ci)...)
				ci++
				for _, lim := range cases {
					c := base
					c.limits = lim
					a, b := runOptWith(c, 0), off
					if lim != (engine.Limits{}) {
						b = runOptWith(c, passes.Sweep)
					}
					ae, be := a.err, b.err
					if lim.MaxSteps > 0 {
						ae, be = limitMessage(ae), limitMessage(be)
					}
					if a.out != b.out || ae != be || a.panic != "" || b.panic != "" {
						fails++
						if fails <= 5 {
							t.Errorf("%s, query %d, N = %d, limits %+v:\n%s\n=== sweep on:\n%s\n=== sweep off:\n%s", name, qi, n, lim, src, a, b)
						}
					}
				}
			}
		}
	}
}
