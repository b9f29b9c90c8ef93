package eval_test

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/testenv"
)

// loopyIntsGames are games of one int with cycles whose rules a kernel
// lists as keys (package loopint solves their regions), and the corner
// cases of that solve (each reaches it).
var loopyIntsGames = map[string]string{
	// a ring with short edges both ways, a node in 8 terminal (the bench's
	// loopy workload, small)
	"ring": `def mix(x) = (x * 1103515245 + 12345) % 2147483647
def rnd(x) = mix(mix(x))
def deg(r) = if r % 8 == 0 then 0 else 1 + r / 8 % 3
game g(v) moves g((v + rnd(4 * v + k) % 41 + N - 20) % N) for k in 0 .. deg(rnd(4 * v + 3)) - 1
`,
	// self-loops and repeated options; negative arguments from v = 1 on
	// (keys the kernel does not list: the rule runs, and its options are
	// interned positions: the solve gives up, the plain one runs)
	"self": `game g(v) moves g(v - (v % 3) * k) for k in 0 .. 2 if v % 7 != 0
`,
	// an if clause before the loop, down and around
	"around": `game g(v) moves g((v + 1 - k) % N) if v % 9 != 0 for k in 0 .. 1
`,
	// two alternatives, up and down
	"alts": `game g(v) moves g((v * 7 + k) % (v + 2)) if v > 0 for k in 0 .. v % 3
  | g((v + 1) % (k + 100)) if v % 5 == 3 and v < 40 for k in 0 .. 0
`,
	// a key that fails (division by zero at v = 37): the solve's rule
	// error, the region undone
	"fails": `game g(v) moves g((v + 1 + k) % (v - 37) % N) for k in 0 .. 1 if v > 1
`,
	// more options than a kernel lists (the rule runs: Engine.OptionsAnyOrder)
	"wide": `game g(v) moves g((v * 3 + k) % N) for k in 0 .. (if v % 50 == 7 then 5000 else 2)
`,
}

var loopyIntsQueries = []string{
	"print sg(g(0)), sg(g(N / 2)), sg(g(N - 1))\nprint len([v for v in 0 .. N - 1 if outcome(g(v)) == \"D\"])\n",
	"print [outcome(g(v) + *k) for k in 0 .. 2 for v in N / 3 .. N / 3 + 20]\nprint sg(sum of g(v) for v in 0 .. N - 1)\n",
	"print moves(g(N - 1)), winning(g(N / 2)), winning(g(N / 3))\nprint [remoteness(g(v)) for v in 0 .. 30]\n",
}

// runStats runs c with the passes disable switched off, and returns the
// run and its counters.
func runStats(c optCase, disable passes.Pass) (optRun, eval.Stats) {
	var out bytes.Buffer
	s := eval.NewSession(eval.Options{Stdout: &out, Limits: c.limits, Disable: disable})
	err := s.ExecFile(context.Background(), c.name, c.src)
	r := optRun{out: out.String()}
	if err != nil {
		r.err = err.Error()
	}
	st := s.Stats()
	st.InUse, st.MemoBytes = 0, 0 // (memory: not a count of the solve)
	return r, st
}

// TestLoopyIntsDiff: the loopy solve over keys (package loopint) prints
// what the loopy solver over option values prints, errors and limits
// reached included, and counts the same positions, moves, known positions
// and infinite values, for games with cycles, self-loops, failing keys,
// kernels that cannot list a position's options, and negative arguments,
// under state and step limits at many values.
func TestLoopyIntsDiff(t *testing.T) {
	t.Parallel()
	var fails, ci int
	// (The fast suite runs each game and query at one of the sizes, and
	// each case without limits and with one of the limits, turning with
	// the case: every size over two queries, every limit over eight
	// cases.)
	for gi, name := range slices.Sorted(maps.Keys(loopyIntsGames)) {
		game := loopyIntsGames[name]
		for qi, q := range loopyIntsQueries {
			for _, n := range testenv.Rotate([]int{60, 500}, 1, gi+qi) {
				src := fmt.Sprintf("let N = %d\n%s%s", n, game, q)
				var lims []engine.Limits
				for _, s := range []int64{1, 9, 100, int64(n) - 1, int64(n) + 5} {
					lims = append(lims, engine.Limits{MaxStates: s})
				}
				for _, s := range []int64{200, 3000, 20000} {
					lims = append(lims, engine.Limits{MaxSteps: s})
				}
				cases := append([]engine.Limits{{}}, testenv.Rotate(lims, 1, ci)...)
				ci++
				for _, lim := range cases {
					c := optCase{name: "l.game", src: src, limits: lim}
					a, sa := runStats(c, passes.LoopyFirst)
					b, sb := runStats(c, passes.LoopyInts|passes.LoopyFirst)
					if a.out != b.out || a.err != b.err || sa != sb {
						fails++
						if fails <= 5 {
							t.Errorf("%s, query %d, N = %d, limits %+v:\n=== loopyints on: %+v\n%s\n=== off: %+v\n%s", name, qi, n, lim, sa, a, sb, b)
						}
					}
				}
			}
		}
	}
}

// TestLoopyFirstDiff: a game whose searches mostly end in the loopy
// solver, solved by package loopint at once (no fast search, no sweep:
// package solve's loopyFirst), prints what it prints without, with the
// same errors and the same positions counted; under state and step
// limits, which it may meet later (fewer steps), the output of a run
// that stops is a prefix of the other's. Games of one int with cycles,
// failing keys, kernels that cannot list a position's options, and a
// ring past the heaps from which the search tries a take-and-break rule.
func TestLoopyFirstDiff(t *testing.T) {
	t.Parallel()
	var fails, ci int
	// (The fast suite runs each case without limits and with one of the
	// limits, turning with the case: every limit over four cases.)
	check := func(name string, qi, n int, src string) {
		lims := []engine.Limits{{MaxStates: 100}, {MaxStates: int64(n) - 1}, {MaxSteps: 3000}, {MaxSteps: 20000}}
		cases := append([]engine.Limits{{}}, testenv.Rotate(lims, 1, ci)...)
		ci++
		for _, lim := range cases {
			c := optCase{name: "f.game", src: src, limits: lim}
			a, sa := runStats(c, 0)
			b, sb := runStats(c, passes.LoopyFirst)
			same, why := optSame(a, b, false)
			if lim == (engine.Limits{}) && (a.out != b.out || a.err != b.err || sa.States != sb.States || sa.Memoized != sb.Memoized || sa.LoopySets != sb.LoopySets) {
				same, why = false, "outputs, errors or counts differ"
			}
			if !same {
				fails++
				if fails <= 5 {
					t.Errorf("%s, query %d, N = %d, limits %+v: %s\n=== loopyfirst on: %+v\n%s\n=== off: %+v\n%s", name, qi, n, lim, why, sa, a, sb, b)
				}
			}
		}
	}
	for _, name := range slices.Sorted(maps.Keys(loopyIntsGames)) {
		game := loopyIntsGames[name]
		for qi, q := range loopyIntsQueries {
			check(name, qi, 500, fmt.Sprintf("let N = %d\n%s%s", 500, game, q))
		}
	}
	check("ring", 0, 5000, fmt.Sprintf("let N = %d\n%s%s", 5000, loopyIntsGames["ring"], loopyIntsQueries[0]))
}

// TestLoopyIntsBruteForce: the generalized SG values of random games of
// one int with cycles (options computed by int arithmetic on a ring, as a
// kernel lists them) are those of a brute-force retrograde labelling of
// the same graph built in Go (Smith's rounds, one position at a time).
func TestLoopyIntsBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewSource(11))
	for trial := 0; trial < 60; trial++ {
		n := 5 + rng.Intn(200)
		a, b, w, m := 1+rng.Intn(97), rng.Intn(50), 1+rng.Intn(9), 2+rng.Intn(7)
		z := rng.Intn(m)
		succ := func(v int) []int {
			if v%m == z {
				return nil
			}
			var out []int
			for k := 0; k <= (v*a+b)%3; k++ {
				out = append(out, (v+(v*a+k*b)%(2*w+1)+n-w)%n)
			}
			return out
		}
		src := fmt.Sprintf("let N = %d\ngame g(v) moves g((v + (v * %d + k * %d) %% %d + N - %d) %% N) if v %% %d != %d for k in 0 .. (v * %d + %d) %% 3\nprint [sg(g(v)) for v in 0 .. N - 1]\n",
			n, a, b, 2*w+1, w, m, z, a, b)
		var out bytes.Buffer
		s := eval.NewSession(eval.Options{Stdout: &out})
		if err := s.ExecFile(context.Background(), "b.game", src); err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		if got, want := strings.TrimSpace(out.String()), bruteLoopy(n, succ); got != want {
			t.Fatalf("%s\ngot  %s\nwant %s", src, got, want)
		}
	}
}

// bruteLoopy labels the graph of n nodes with successors succ with the
// generalized SG function by its definition's rounds, and prints the
// values as grundy prints a list of them.
func bruteLoopy(n int, succ func(int) []int) string {
	const unl, inf = -1, -2
	lab := make([]int, n)
	for i := range lab {
		lab[i] = unl
	}
	has := func(u, i int) bool { // u has a follower labelled i
		for _, w := range succ(u) {
			if lab[w] == i {
				return true
			}
		}
		return false
	}
	for i := 0; ; i++ {
		left := false
		for changed := true; changed; {
			changed = false
			for u := 0; u < n; u++ {
				if lab[u] != unl || has(u, i) {
					continue
				}
				ok := true
				for _, w := range succ(u) {
					if (lab[w] == unl || lab[w] == inf) && !has(w, i) {
						ok = false
						break
					}
				}
				if ok {
					lab[u], changed = i, true
				}
			}
		}
		for u := 0; u < n; u++ {
			if lab[u] == unl {
				if has(u, i) {
					left = true
				} else {
					lab[u] = inf
				}
			}
		}
		if !left {
			break
		}
	}
	parts := make([]string, n)
	for u := 0; u < n; u++ {
		if lab[u] >= 0 {
			parts[u] = fmt.Sprint(lab[u])
			continue
		}
		var k []string
		seen := map[int]bool{}
		for _, w := range succ(u) {
			if lab[w] >= 0 && !seen[lab[w]] {
				seen[lab[w]] = true
				k = append(k, fmt.Sprint(lab[w]))
			}
		}
		sortNums(k)
		parts[u] = "∞{" + strings.Join(k, ", ") + "}"
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// sortNums sorts decimal strings by value.
func sortNums(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && (len(s[j]) < len(s[j-1]) || len(s[j]) == len(s[j-1]) && s[j] < s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
