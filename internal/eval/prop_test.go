package eval_test

// Property tests of the Sprague-Grundy engine against brute force.
//
// Each test draws many small random games from package propgen, which
// writes them as one grundy script per batch (many games declared side by
// side, then their queries: one printed line each) with the check of
// every line against an independent brute force (propgen's doc says
// which); the tests here run each script through the Session API and
// check every printed line.
//
// The counts are small enough for the default `go test ./internal/eval/`; the
// larger ones are smaller still in the fast suite (testenv.Scale: the long
// suite, GRUNDY_LONG_TESTS=1, runs them all); multiply them with
// -prop.n=N for long runs, and use -prop.seed=S to draw other cases than
// the fixed default ones. A failure prints the seed, the failing
// query as a standalone script and what that script prints on its own.
// (Package emit's TestDifferentialProp runs scripts of the same units
// through emitted C++ programs.)

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/internal/propgen"
	"github.com/grundy-lang/grundy/internal/testenv"
)

var (
	propN    = flag.Int("prop.n", 1, "multiply the number of random cases of the property tests by N")
	propSeed = flag.Uint64("prop.seed", 0, "when nonzero, mixed into the fixed seeds of the property tests (other cases)")
)

// propCount scales a default count by -prop.n.
func propCount(base int) int { return base * max(*propN, 1) }

// propRand returns the random source of one test: a fixed seed, unless
// -prop.seed asks for other cases.
func propRand(t *testing.T, seed uint64) (*rand.Rand, uint64) {
	if *propSeed != 0 {
		seed ^= *propSeed * 0x9e3779b97f4a7c15
	}
	t.Logf("seed %d (rerun with -prop.seed to vary, -prop.n to scale; counts are ×%d)", seed, max(*propN, 1))
	return rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d)), seed
}

// runScript runs a script in a fresh session and returns what it printed.
func runScript(src string) (string, error) {
	var out bytes.Buffer
	s := eval.NewSession(eval.Options{Stdout: &out})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	err := s.ExecFile(ctx, "prop.game", src)
	return out.String(), err
}

// prober runs batches of units for one test and reports failures.
type prober struct {
	t     *testing.T
	seed  uint64
	fails int
	runs  int
	lines int
}

const maxReported = 8

func (p *prober) fail(format string, args ...any) {
	p.t.Helper()
	p.fails++
	if p.seed != 0 {
		format, args = "seed %d: "+format, append([]any{p.seed}, args...)
	}
	p.t.Errorf(format, args...)
	if p.fails >= maxReported {
		p.t.Fatalf("stopping after %d failures", p.fails)
	}
}

// run builds one script of all the units, runs it and checks every line.
func (p *prober) run(units []*propgen.Unit) {
	p.t.Helper()
	src, order := propgen.Script(units)
	p.runs++
	out, err := runScript(src)
	if err != nil {
		// Find the unit that fails on its own, for a small reproduction.
		for _, u := range units {
			s := u.Standalone(nil)
			if _, uerr := runScript(s); uerr != nil {
				p.fail("script fails: %v\nstandalone script:\n%s", uerr, s)
				return
			}
		}
		p.fail("batch script fails (no unit fails on its own): %v\nscript:\n%s", err, src)
		return
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if out == "" {
		lines = nil
	}
	if len(lines) != len(order) {
		p.fail("script printed %d lines, want %d\nscript:\n%s\noutput:\n%s", len(lines), len(order), src, out)
		return
	}
	p.lines += len(lines)
	done := map[*propgen.Unit]bool{}
	for i, a := range order {
		if done[a.Unit] {
			continue
		}
		if msg := a.Query.Check(lines[i]); msg != "" {
			p.report(a.Unit, a.Query, lines[i], msg)
			done[a.Unit] = true // one report per unit is enough
		}
	}
	for _, u := range units {
		if u.Final != nil && !done[u] {
			if msg := u.Final(); msg != "" {
				p.fail("%s\nscript of the game and its queries:\n%s", msg, u.Standalone(nil))
			}
		}
	}
}

func (p *prober) report(u *propgen.Unit, q *propgen.Query, got, msg string) {
	p.t.Helper()
	s := u.Standalone(q)
	alone, err := runScript(s)
	if err != nil {
		alone += fmt.Sprintf("(error: %v)", err)
	}
	p.fail("print %s\n  got:  %s\n  %s\nstandalone script:\n%s--- it prints on its own:\n%s", q.Expr, got, msg, s, alone)
}

func (p *prober) done() {
	p.t.Logf("%d scripts, %d checked lines", p.runs, p.lines)
}

// probe runs total units of gen, perScript a script.
func (p *prober) probe(total, perScript int, gen func(i int) *propgen.Unit) {
	p.t.Helper()
	for b := 0; b < total; b += perScript {
		var units []*propgen.Unit
		for i := 0; i < perScript && b+i < total; i++ {
			units = append(units, gen(i))
		}
		p.run(units)
	}
	p.done()
}

// 1. Random DAGs.
func TestPropDAG(t *testing.T) {
	t.Parallel()
	r, seed := propRand(t, 1)
	p := &prober{t: t, seed: seed}
	p.probe(propCount(testenv.Scale(120, 400)), 40, func(i int) *propgen.Unit { return propgen.DAGUnit(r, fmt.Sprintf("d%d", i)) })
}

// 2. Random subtraction games, with nimbers in the sums.
func TestPropSubtraction(t *testing.T) {
	t.Parallel()
	r, seed := propRand(t, 2)
	p := &prober{t: t, seed: seed}
	p.probe(propCount(testenv.Scale(60, 200)), 40, func(i int) *propgen.Unit {
		u, _, _ := propgen.SubUnit(r, fmt.Sprintf("sub%d", i))
		return u
	})
}

// 3. Random take-and-break rules; brute force on multisets of heaps.
func TestPropTakeBreak(t *testing.T) {
	t.Parallel()
	r, seed := propRand(t, 3)
	p := &prober{t: t, seed: seed}
	p.probe(propCount(testenv.Scale(40, 120)), 20, func(i int) *propgen.Unit { return propgen.TakeBreakUnit(r, i) })
}

// 4. k copies (`k * G`), `sum of` comprehensions, the same position twice.
func TestPropCopies(t *testing.T) {
	t.Parallel()
	r, seed := propRand(t, 4)
	p := &prober{t: t, seed: seed}
	p.probe(propCount(testenv.Scale(60, 200)), 40, func(i int) *propgen.Unit { return propgen.CopiesUnit(r, i) })
}
