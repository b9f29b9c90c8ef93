package eval_test

// Differential tests of the result-preserving optimizations (fast inner
// loops, package fastpath; inlining of small defs, package compile's
// inline.go; the ladder for deep chains, package engine): every script
// runs twice, in fresh sessions, with the optimizations on and off
// (eval.Options.Disable), and the two runs must print the same standard
// output and fail, if they fail, with the same rendered error (message,
// position, source line, call trace) and the same exit class.
//
// Limit errors are the exception: the optimizations change how many steps
// and calls a run takes (an inlined call is no call), so a run stopped by
// a limit is compared more loosely (see optSame).
//
// The passes are a session's options, so the tests run in parallel;
// TestOptDiffEachPass also turns each pass off alone.
//
// The fast suite (a plain go test; package internal/testenv) runs fewer
// random programs (testenv.Scale), leaves out the slow hand-written
// scripts (optSlow) and the chunks marked #! long, and turns each pass off
// on a part of the cases; GRUNDY_LONG_TESTS=1 runs everything.

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/grundy-lang/grundy"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/testenv"
	"github.com/grundy-lang/grundy/lang"

	"github.com/grundy-lang/grundy/internal/eval"
)

var (
	optDiffLax      = flag.Bool("optdiff.lax", false, "FuzzOptDiff: accept two errors that differ only in their positions or traces, and unknown names that only the plain run reports (to look past known differences)")
	optDiffN        = flag.Int("optdiff.n", 1, "multiply the number of random programs of TestOptDiffRandom by N")
	optDiffErrStats = flag.Bool("optdiff.errstats", false, "TestOptDiffRandom: log how many programs ended in each kind of error")
)

// optRun is what one run of a script shows a user.
type optRun struct {
	out   string // standard output
	err   string // the rendered error (grundy.ExplainIn), "" when none
	class int    // exit status the CLI would give: 0, 1 or 2
	panic string // a Go panic that escaped ExecFile (never acceptable)
}

func (r optRun) String() string {
	s := fmt.Sprintf("exit %d\n--- stdout\n%s--- error\n%s", r.class, r.out, r.err)
	if r.panic != "" {
		s += "--- PANIC\n" + r.panic
	}
	return s
}

// optCase is one script to run both ways.
type optCase struct {
	name   string // file name the session sees (positions)
	src    string
	stdin  *string // nil: no standard input
	limits engine.Limits
	// timeout of each run (default 60 s); a run that hits it is a limit
	// error ("interrupted").
	timeout time.Duration
}

// runOpt runs c in a fresh session with the optimizations all on or all
// off.
func runOpt(c optCase, on bool) optRun { return runOptWith(c, disabled(on)) }

// disabled is the passes to switch off: none, or all.
func disabled(on bool) passes.Pass {
	if on {
		return 0
	}
	return passes.All
}

// runOptWith runs c in a fresh session with the passes of disable off.
func runOptWith(c optCase, disable passes.Pass) (r optRun) {
	var out bytes.Buffer
	opts := eval.Options{Stdout: &out, Limits: c.limits, Disable: disable}
	if c.stdin != nil {
		opts.Stdin = strings.NewReader(*c.stdin)
	}
	timeout := c.timeout
	if timeout == 0 {
		timeout = 60 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	defer func() {
		if p := recover(); p != nil {
			r = optRun{out: out.String(), class: 1, panic: fmt.Sprint(p) + "\n" + string(debug.Stack())}
		}
	}()
	s := eval.NewSession(opts)
	err := s.ExecFile(ctx, c.name, c.src)
	r.out = out.String()
	if err != nil {
		r.err, r.class = grundy.ExplainIn(err, func(string) (string, bool) { return c.src, true }), 1
		var se *lang.Error
		if errors.As(err, &se) {
			r.class = 2 // a syntax error
		}
	}
	return r
}

// optLimitRE matches the first line of an error that a limit of the run
// caused (states, steps, memory, time, nesting of calls) or the context
// (the fuzz target's deadline).
var optLimitRE = regexp.MustCompile(`(state|step|memory|time) limit reached|too many nested calls|: interrupted$|^interrupted$|recursion too deep`)

func optFirstLine(s string) string {
	first, _, _ := strings.Cut(s, "\n")
	return first
}

func optIsLimit(r optRun) bool { return r.err != "" && optLimitRE.MatchString(optFirstLine(r.err)) }

// optSame compares two runs. strict: runs that hit a limit must hit the
// same kind of limit at the same place (message up to "limit reached",
// e.g. "t.game:1:6: state limit reached") after printing the same output;
// what the message names after that (the position being computed, the
// count of calls in the trace) may differ. Not strict (the fuzz target,
// with tiny limits): when either run stopped at a limit, the output of
// the run that stopped must be a prefix of the other's, and nothing else
// is compared; the optimizations legitimately change how much work fits
// under a limit.
func optSame(on, off optRun, strict bool) (bool, string) {
	if on.panic != "" || off.panic != "" {
		return false, "a Go panic escaped ExecFile"
	}
	for _, r := range []optRun{on, off} {
		if strings.Contains(r.err, "internal error") {
			return false, "internal error"
		}
	}
	onLim, offLim := optIsLimit(on), optIsLimit(off)
	if onLim || offLim {
		if strict {
			if !onLim || !offLim {
				return false, "only one run hit a limit"
			}
			if on.out != off.out {
				return false, "output before the limit differs"
			}
			if optLimitKey(on.err) != optLimitKey(off.err) {
				return false, "different limit errors"
			}
			return true, ""
		}
		switch {
		case onLim && offLim:
			if !strings.HasPrefix(on.out, off.out) && !strings.HasPrefix(off.out, on.out) {
				return false, "outputs before the limits disagree"
			}
		case onLim:
			if !strings.HasPrefix(off.out, on.out) {
				return false, "output before the limit (optimized) is not a prefix of the other run's"
			}
		case offLim:
			if !strings.HasPrefix(on.out, off.out) {
				return false, "output before the limit (plain) is not a prefix of the other run's"
			}
		}
		return true, ""
	}
	switch {
	case on.out != off.out:
		return false, "stdout differs"
	case on.err != off.err:
		return false, "error differs"
	case on.class != off.class:
		return false, "exit class differs"
	}
	return true, ""
}

// optMessage is the sentence of an error, without its position.
func optMessage(err string) string {
	first := optFirstLine(err)
	if m := regexp.MustCompile(`^[^:]*:\d+:\d+: `).FindString(first); m != "" {
		return first[len(m):]
	}
	return first
}

// optLimitKey is the part of a limit error that must not depend on the
// optimizations: the first line up to the limit's name.
func optLimitKey(err string) string {
	first := optFirstLine(err)
	if loc := optLimitRE.FindStringIndex(first); loc != nil {
		return first[:loc[1]]
	}
	return first
}

// optCheck runs c both ways and reports a difference as a test error.
func optCheck(t *testing.T, label string, c optCase, strict bool) bool {
	t.Helper()
	on, off := runOpt(c, true), runOpt(c, false)
	if ok, why := optSame(on, off, strict); !ok {
		t.Errorf("%s: %s\nscript:\n%s\n=== optimized:\n%s\n=== plain:\n%s", label, why, optIndent(c.src), on, off)
		return false
	}
	return true
}

func optIndent(s string) string {
	return "    " + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n    ")
}

// scriptCases returns every chunk of testdata/*.game as a case, with its
// standard input; the chunks marked #! long only in the long suite
// (package internal/testenv).
func scriptCases(t *testing.T) (cases []optCase, labels []string) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.game"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/*.game files (%v)", err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(file)
		for _, ch := range splitScriptChunks(t, name, string(data)) {
			if strings.TrimSpace(ch.src) == "" || ch.long && !testenv.IsLong() {
				continue
			}
			c := optCase{name: name, src: ch.src}
			if ch.hasIn {
				in := strings.Join(ch.stdin, "\n") + "\n"
				c.stdin = &in
			}
			cases = append(cases, c)
			labels = append(labels, fmt.Sprintf("%s:%d", name, ch.line))
		}
	}
	return cases, labels
}

// TestOptDiffScripts: every chunk of testdata/*.game, both ways (the
// fast suite every other chunk: TestScripts checks what each prints, and
// TestOptDiffEachPass runs them with passes off).
func TestOptDiffScripts(t *testing.T) {
	t.Parallel()
	cases, labels := scriptCases(t)
	n := 0
	for i, c := range cases {
		if i%2 == 1 && !testenv.IsLong() {
			continue
		}
		optCheck(t, labels[i], c, true)
		n++
	}
	t.Logf("%d chunks compared", n)
}

// TestOptDiffEachPass: every chunk of testdata/*.game and every
// adversarial case with one pass off at a time, against all passes on: a
// pass that changes a result shows alone, by name. The fast suite turns
// off one pass per case, each pass in turn, on a sixth of the cases
// (those of scriptCases and optFast; the long suite: every pass on every
// case).
func TestOptDiffEachPass(t *testing.T) {
	t.Parallel()
	cases, _ := scriptCases(t)
	for _, a := range optFast(optAdversarial) {
		cases = append(cases, optCase{name: "t.game", src: strings.TrimPrefix(a.src, "\n")})
	}
	all := eval.Passes()
	// pass k turns off on the cases i with i % stride == k (every case
	// when stride is 0).
	stride := testenv.Scale(6*len(all), 0)
	used := func(i, k int) bool { return stride == 0 || i%stride == k }
	on := make([]optRun, len(cases))
	for i, c := range cases {
		if stride == 0 || i%stride < len(all) {
			on[i] = runOptWith(c, 0)
		}
	}
	for k, p := range all {
		t.Run(p.String(), func(t *testing.T) {
			t.Parallel()
			for i, c := range cases {
				if !used(i, k) {
					continue
				}
				off := runOptWith(c, p)
				if ok, why := optSame(on[i], off, true); !ok {
					t.Errorf("%s off: %s\nscript:\n%s\n=== all passes:\n%s\n=== without %s:\n%s", p, why, optIndent(c.src), on[i], p, off)
				}
			}
		})
	}
}

// optSlowExamples are the examples that take seconds both ways: the fast
// suite leaves them to the long one (cmd/grundy's TestExamples runs them).
var optSlowExamples = []string{"boards.game", "loopysum.game", "frontier.game"}

// TestOptDiffExamples: the examples, with their .in files as standard
// input.
func TestOptDiffExamples(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("..", "..", "examples", "*.game"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples (%v)", err)
	}
	if !testenv.IsLong() {
		files = slices.DeleteFunc(files, func(f string) bool { return slices.Contains(optSlowExamples, filepath.Base(f)) })
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		c := optCase{name: filepath.Base(file), src: string(data)}
		if in, err := os.ReadFile(strings.TrimSuffix(file, ".game") + ".in"); err == nil {
			s := string(in)
			c.stdin = &s
		}
		optCheck(t, file, c, true)
	}
	t.Logf("%d examples compared", len(files))
}

// optScript is a hand-written script to run both ways.
type optScript struct {
	name   string
	src    string
	limits engine.Limits
}

// optSlow names the hand-written scripts (of optAdversarial and
// optComposite) that take a quarter of a second or more both ways: the
// fast suite leaves them to the long one (package internal/testenv).
var optSlow = map[string]bool{
	"ladder: cycle deeper than 65536":                                            true,
	"fast fold: counts past the table, and infinite values found while counting": true,
	"ladder: winning and remoteness of loopy positions below":                    true,
	"ladder: rungs the plain search never reaches are expensive":                 true,
	"wide: splits and takes of one heap":                                         true,
	"ladder: cycle near the top":                                                 true,
	"bits: masks past the packed keys":                                           true,
	"range calls":                                                                true,
	"sweep: deep subtraction and take-away chains":                               true,
	"int literals and global lists in deep chains (sweeps)":                      true,
	"ladder: sparse chain":                                                       true,
	"sweep: values of 64 and more":                                               true,
	"state limit with composite positions":                                       true,
	"wide: long walks and short ones with large values":                          true,
	"box: a dense corner far below":                                              true,
}

// optFast is scripts less those of optSlow in the fast suite.
func optFast(scripts []optScript) []optScript {
	if testenv.IsLong() {
		return scripts
	}
	return slices.DeleteFunc(slices.Clone(scripts), func(s optScript) bool { return optSlow[s.name] })
}

// optAdversarial are hand-written scripts aimed at the edges of the three
// optimizations. Each must behave the same both ways; most also print
// enough that a wrong value would show.
var optAdversarial = []optScript{
	// ---- fast loops: arguments leaving the dense table
	// ---- wrappers of positions (package rewrite's WrapperCall)
	{"wrapper defs", `
def piece(a, b) = cut(a, b)
def part(x, y) = piece(x, y)
def flip(a, b) = cut(b, a)
def one(a, b) = cut(a, 2)
def lit(a) = cut(a, 3)
game cut(w, h) moves piece(i, h) + part(w - i, h) for i in 2 .. w - 2 | flip(j, w) + lit(w) for j in 2 .. h - 2 if j < 4
game cut2(w, h) moves one(i, 1 / (i - 3)) for i in 2 .. w - 2
print [sg(cut(w, h)) for w in 2 .. 9 for h in 2 .. 9]
print sg(cut2(9, 2))
`, engine.Limits{}},
	{"wrapper whose argument overflows", `
def piece(a) = g(a)
game g(n) moves piece(n - k * 4611686018427387904) for k in 0 .. 2 if n > 0
print sg(g(1))
`, engine.Limits{}},
	// ---- if clauses split at and, not (A OP B) (rewrite.Normalize, fastpath's linclamp.go)
	{"conjunctions and negations", `
game cut(w, h) moves cut(i, h) + cut(w - i, h) for i in 1 .. w if i >= 2 and true if w - i >= 2 and i != 3
game n(k) moves n(k - s) for s in {1, 2, 5} if not (s > k) and not (s == 4)
game z(k) moves z(k - s) for s in {1, 2} if s <= k and 1 / (k - 3) >= 0
print [sg(cut(w, 3)) for w in 1 .. 14], [sg(n(k)) for k in 0 .. 20]
print sg(z(5))
`, engine.Limits{}},
	// ---- range(A, B) as A .. B - 1 (fastpath's linclamp.go, intRangeCall)
	{"range calls", `
game g(n) moves g(a) + g(n - a) for a in range(1, n) if a < n - a
game h(n) moves h(n - k) for k in range(3) if k >= 1 and k <= n
game m(n) moves *0 for k in range(-9223372036854775807, -9223372036854775808)
game big(n) moves *0 for k in range(0, n * 1000000) if k < 2
print [sg(g(n)) for n in 0 .. 20], [sg(h(n)) for n in 0 .. 10], sg(m(0)), sg(big(5))
print sg(big(11))
`, engine.Limits{}},
	// ---- partner bindings (rewrite.Normalize): for b in [E]
	{"partner bindings", `
def f(x) = 10 / (x - 3)
game g(n) moves g(a) + g(b) for a in 1 .. n - 1 for b in [n - a] if a < b
game h(n) moves h(a) + h(b) for a in 1 .. n - 1 for b in [n - a] if b > a and a != 2
game k(n) moves k(a) + k(b) for a in 1 .. n - 1 for b in [n - a] if f(a) < b
game m(n) moves m(b) for a in 1 .. n - 1 for b in [n - a] if a < b for c in [len([b for z in 1 .. 2])] if c > 0
game p(n) moves p(a) + p(b) for a in 1 .. n - 1 for b in [n - a * 4611686018427387904] if a < b
print [sg(g(n)) for n in 0 .. 25], [sg(h(n)) for n in 0 .. 25], [sg(m(n)) for n in 0 .. 12]
print sg(k(9))
print sg(p(5))
`, engine.Limits{}},
	{"partner binding shadowed", `
game g(n) moves g(a) for a in 1 .. n - 1 for b in [n - a] if a < b for a in [b - 1] if a >= 0
print [sg(g(n)) for n in 0 .. 12]
`, engine.Limits{}},
	// ---- linear bounds (fastpath's linclamp.go): L OP R affine in the loop variable
	{"linear bounds, every spelling", `
let S = {1, 3, 4, 9}
def ok(n, s) = n - s >= 0
def fits(a, n) = a < n - a
game a(n) moves a(n - s) for s in S if n - s >= 0
game b(n) moves b(n - s) for s in S if ok(n, s)
game c(n) moves c(n - s) for s in S if s + 1 <= n + 1 and true
game d(n) moves d(x) + d(n - x) for x in 1 .. n - 1 if x < n - x
game e(n) moves e(x) + e(n - x) for x in 1 .. n - 1 if fits(x, n)
game f(n) moves f(n - s) for s in S if -s >= -n
game g(n) moves g(n - 2 * s) for s in 0 .. n if 3 * s - n <= s
game h(n) moves h(n - s) for s in S if n - 2 * s > -s - 1
print [sg(a(n)) for n in 0 .. 30] == [sg(b(n)) for n in 0 .. 30]
print [sg(a(n)) for n in 0 .. 30], [sg(c(n)) for n in 0 .. 30], [sg(f(n)) for n in 0 .. 30]
print [sg(d(n)) for n in 0 .. 30], [sg(e(n)) for n in 0 .. 30]
print [sg(g(n)) for n in 0 .. 30], [sg(h(n)) for n in 0 .. 30]
`, engine.Limits{}},
	{"linear bounds that overflow", `
game a(n) moves a(n - 1) for s in {1, 2} if n - s * 4611686018427387904 >= 0
print sg(a(3))
`, engine.Limits{}},
	{"linear bounds overflowing in the middle term", `
game a(n) moves *0 for s in -3 .. 3 if s + 9223372036854775806 > n
print sg(a(1)), sg(a(-5))
`, engine.Limits{}},
	{"linear bound whose def fails", `
def ok(n, s) = n - s >= 10 / (n - 5)
game a(n) moves a(n - s) for s in {1, 2} if ok(n, s)
print sg(a(9))
`, engine.Limits{}},
	{"linear bound with a term that is not an int", `
let z = "x"
game a(n) moves a(n - s) for s in {1, 2} if n - s >= z
print sg(a(4))
`, engine.Limits{}},
	{"linear bounds at the ends of the ints", `
game a(n) moves *1 for s in {-9223372036854775807, 0, 9223372036854775807} if n - s >= 0
game b(n) moves *1 for s in {-9223372036854775808, 9223372036854775807} if s - n < 0
print sg(a(0)), sg(a(-1))
print sg(b(0))
`, engine.Limits{}},
	{"negative arguments", `
game g(n) moves g(n - s) for s in {1, 2, 5} if n > -7
print [sg(g(n)) for n in -3 .. 12]
print moves(g(-5)), sg(g(-9))
`, engine.Limits{}},
	{"negative range arguments", `
game g(n) moves g(n - i) for i in 1 .. 3 if n >= -4
game h(n) moves h(n - i) + h(i - 7) for i in 1 .. 2 if n > -5
print [sg(g(n)) for n in -6 .. 9]
print [sg(h(n)) for n in -5 .. 5]
`, engine.Limits{}},
	{"arity 1 past 2^29", `
let T = 536870912
game g(n) moves g(n + i) for i in 1 .. 3 if n < T + 4
game d(n) moves d(n - i) for i in 1 .. 3 if n > T - 5
print [sg(g(T + k)) for k in -6 .. 5]
print [sg(d(T + k)) for k in -6 .. 5]
`, engine.Limits{}},
	{"arity 2 past 2^14", `
let T = 16384
game c(a, b) moves c(a - i, b + i) for i in 1 .. a if b < T + 3
game e(a, b) moves e(a, b - i) + e(i, a) for i in 1 .. 2 if b > T - 3
print [sg(c(3, T + k)) for k in -5 .. 4]
print [sg(c(k, T - 2)) for k in 0 .. 6]
print [sg(e(1, T + k)) for k in -4 .. 3]
`, engine.Limits{}},
	{"arity 3 past 2^9", `
let T = 512
game t(a, b, c) moves t(a, b + i, c - i) for i in 1 .. 2 if b < T + 2 and c > 0
print [sg(t(0, T + k, 3)) for k in -4 .. 3], sg(t(1, 2, 600))
`, engine.Limits{}},
	{"overflow of an affine argument", `
game g(n) moves g(n * 4611686018427387904 - i) for i in 0 .. 2 if n > 0
print sg(g(0))
print sg(g(1))
`, engine.Limits{}},
	{"overflow at the top of a range", `
let M = 9223372036854775807
game g(n) moves g(n + i + 1) for i in 0 .. 3 if n > M - 6
print sg(g(M - 2))
print sg(g(M - 4))
`, engine.Limits{}},
	{"overflow of a coefficient product", `
let K = 9223372036854 - 6000000
game g(n) moves g(1000000 * (1000000 * i + K)) for i in 0 .. n
print sg(g(0)) > 0
print sg(g(20))
`, engine.Limits{}},
	{"empty ranges", `
game g(n) moves g(n - i) for i in 3 .. n - 10 | g(i) for i in n .. n - 1
print [sg(g(n)) for n in 0 .. 20]
`, engine.Limits{}},
	{"if bounds of every shape", `
game a(n) moves a(n - i) for i in 1 .. 9 if i < n
game b(n) moves b(n - i) for i in 1 .. 9 if n >= i
game c(n) moves c(n - i) for i in 0 .. 9 if i > 0 if i <= n
game d(n) moves d(n - i) for i in 1 .. 9 if 3 > i if i <= n
game e(n) moves e(n - i) for i in 1 .. n if i >= n / 2 if i < 9223372036854775807
game f(n) moves f(n - i) for i in -5 .. n if i > -9223372036854775808 if i > 0
print [sg(a(n)) for n in 0 .. 12], [sg(b(n)) for n in 0 .. 12]
print [sg(c(n)) for n in 0 .. 12], [sg(d(n)) for n in 0 .. 12]
print [sg(e(n)) for n in 0 .. 12], [sg(f(n)) for n in 0 .. 12]
`, engine.Limits{}},
	{"bound of the wrong type", `
game g(n) moves g(n - i) for i in 1 .. 3 if i < "x"
print sg(g(0))
print sg(g(4))
`, engine.Limits{}},
	{"bound of the wrong type on the right", `
game g(n) moves g(n - i) for i in 1 .. 3 if [n] >= i
print sg(g(4))
`, engine.Limits{}},
	{"bound of the wrong type after an int bound", `
game g(n) moves g(n - i) for i in 1 .. 3 if i <= n if i > true
print sg(g(0))
print sg(g(4))
`, engine.Limits{}},
	{"bound that fails", `
game g(n) moves g(n - i) for i in 1 .. 3 if i <= n if i > 1 / (n - 2)
print sg(g(1))
print sg(g(4))
`, engine.Limits{}},
	{"condition before a bound", `
game g(n) moves g(n - i) for i in 1 .. 5 if i % 2 == 1 if i <= n
game h(n) moves h(n - i) for i in 1 .. 5 if i != 2 if i <= 1 / (n - i)
print [sg(g(n)) for n in 0 .. 12]
print sg(h(1))
print sg(h(4))
`, engine.Limits{}},
	{"condition not on the loop variable", `
game g(n) moves g(n - i) for i in 1 .. n if n % 3 != 0 | g(n - 1) + g(n - 2) for i in 0 .. 0 if n >= 2
print [sg(g(n)) for n in 0 .. 15]
`, engine.Limits{}},
	{"set with non-ints", `
let S = {1, "a", 3}
game g(n) moves g(n - s) for s in S if s <= n
print sg(g(5))
`, engine.Limits{}},
	{"list with non-ints after ints", `
game g(n) moves g(n - s) for s in [1, 2, (3,)] if n >= 3
print sg(g(2)), sg(g(1))
print sg(g(3))
`, engine.Limits{}},
	{"unsorted lists and duplicates", `
game u(n) moves u(n - s) for s in [4, 1, 3] if s <= n
game d(n) moves d(n - s) for s in [1, 1, 3, 3, 3, 4] if s <= n
game e(n) moves e(n - s) for s in (2, 2, 5) if s <= n if s >= 2
print [sg(u(n)) for n in 0 .. 20]
print [sg(d(n)) for n in 0 .. 20]
print [sg(e(n)) for n in 0 .. 20]
`, engine.Limits{}},
	{"sets narrowed to nothing by bounds", `
game g(n) moves g(n - s) for s in {1, 5, 9} if s > 2 if s < 4 if s > 1 / 0
print sg(g(20))
`, engine.Limits{}},
	{"sets narrowed to nothing, then a failing bound", `
game g(n) moves g(n - s) for s in {1, 5} if s > 2 if s < 4 if s > n / 0 | g(n - 1) for k in [0] if n > 0
print sg(g(3))
`, engine.Limits{}},
	{"negative set elements", `
game g(n) moves g(n - s) for s in {-2, 1, 3} if s <= n if n < 9
print [sg(g(n)) for n in 0 .. 8]
`, engine.Limits{}},
	{"nimbers in the body", `
game g(n) moves g(i) + *3 for i in 0 .. n - 1 | *n + g(i) + *(n % 4) for i in 0 .. n / 2
print [sg(g(n)) for n in 0 .. 20]
`, engine.Limits{}},
	{"bad nimber in the body", `
game g(n) moves g(i) + *(n - 5) for i in 0 .. n - 1
print [sg(g(n)) for n in 0 .. 4]
print sg(g(6))
`, engine.Limits{}},
	{"bad nimber in a body never run", `
game g(n) moves g(n - i) + *"x" for i in 1 .. n if i > n
print sg(g(6))
`, engine.Limits{}},
	{"failing term in a body never run", `
game g(n) moves g(n - i + 1 / 0) for i in 1 .. 3 if i % 7 == 5
print sg(g(6))
`, engine.Limits{}},
	{"failing term in a body run later", `
game g(n) moves g(n - i + 1 / (i - 3)) for i in 1 .. n if i <= 3 if i != 2
print sg(g(6))
`, engine.Limits{}},
	{"bad nimber in a body whose condition never holds", `
game g(n) moves g(n - i) + *"x" for i in 1 .. n if i % 7 == 9
print sg(g(6))
`, engine.Limits{}},
	{"failing argument in a body whose condition never holds", `
let L = ["a"]
game g(n) moves g(n - i + L[0]) for i in 1 .. n if i % 7 == 9
print sg(g(6))
`, engine.Limits{}},
	{"argument that overflows at the top only, list-valued part", `
let L = [9223372036854775805]
game g(n) moves g(i + L[0]) for i in 0 .. n | *1 for k in [0] if n > L[0]
print sg(g(1))
print sg(g(3))
`, engine.Limits{}},
	{"one term overflows at the top, the other at the bottom", `
let L = [9223372036854775805]
game g(n) moves g(i + L[0]) + g(L[0] + 3 - i) for i in 0 .. n if n < 5
print sg(g(3))
`, engine.Limits{}},
	{"failing part of an argument after a failing nimber", `
game g(n) moves *(1 / 0) + g(n - i + n / 0) for i in 1 .. 2 if n > 0
print sg(g(1))
`, engine.Limits{}},
	{"failing part of an argument after an overflow at the first value", `
game g(n) moves g(i + 9223372036854775807 + n / 0) for i in 1 .. 2 if n > 0
print sg(g(1))
`, engine.Limits{}},
	{"failing part of a later term after a failing nimber", `
let L = [1]
game g(n) moves g(n) + *(1 / 0) + g(n - i + L[5]) for i in 1 .. 2 if n > 0
print sg(g(1))
`, engine.Limits{}},
	{"failing part of a later term after an overflowing term", `
game g(n) moves g(n + i + 9223372036854775806) + g(n - i + n / 0) for i in 1 .. 2 if n > 0
print sg(g(1))
`, engine.Limits{}},
	{"two failing terms", `
let big = 4611686018427387904
game g(n) moves g(n + i * 2 + big) + g(n - i - big - big) for i in 0 .. 2
print sg(g(0))
`, engine.Limits{}},
	{"more than two terms", `
game g(n) moves g(i) + g(n - 1 - i) + g(i / 2) for i in 0 .. n - 1
  | g(i) + g(i) + g(n - i - 1) + g(n / 2) for i in 1 .. n / 3
  | g(i) + g(i) + g(i) + g(i) + g(i) for i in 0 .. n - 1
print [sg(g(n)) for n in 0 .. 30]
`, engine.Limits{}},
	{"arity 2 and 3 bodies", `
game cut(w, h) moves
    cut(i, h) + cut(w - i, h) for i in 2 .. w - 2
  | cut(w, j) + cut(w, h - j) for j in 2 .. h - 2
game box(a, b, c) moves box(a - i, b, c) + box(i - 1, c, b) for i in 1 .. a | box(b, a, c - 1) for k in [0] if c > 0
print [[sg(cut(w, h)) for h in 2 .. 9] for w in 2 .. 9]
print [sg(box(a, 3, 2)) for a in 0 .. 8]
`, engine.Limits{}},
	{"outer clauses and the last loop", `
game g(n) moves g(n - i - j) for i in 0 .. 2 for j in 1 .. n - i if j != i
game h(n, m) moves h(n - 1, m + j) for k in [0] if n > 0 for j in 0 .. 2 if j + m < 7
print [sg(g(n)) for n in 0 .. 15], [sg(h(n, 0)) for n in 0 .. 6]
`, engine.Limits{}},
	{"loop variable shadows a parameter", `
game g(n) moves g(n) for n in 0 .. n - 1
print [sg(g(n)) for n in 0 .. 10]
`, engine.Limits{}},
	{"stepping across memo pages", `
game g(n) moves g(n - i) + g(i - 1) for i in 1 .. n if i <= 700
game p(n) moves p(n - 600 * i) + p(i) for i in 1 .. n / 600
print sg(g(2000)), sg(g(1999)), sg(p(100000)), sg(p(99999))
`, engine.Limits{}},
	{"big option values", `
game g(n) moves g(i) for i in 0 .. n - 1 | *70000 + g(i) for i in 0 .. 0 if n > 2 | *(n * 1000) + g(n - 1) for i in 0 .. 0 if n > 2
print sg(g(5)), sg(g(40)) > 0
`, engine.Limits{}},
	{"cycles through fast loops", `
game g(n) moves g(n + 1 - i) for i in 0 .. 2 if n + 1 - i >= 0 if n < 8
game h(n) moves h(i) for i in 0 .. 5 if i != n
print [sg(g(n)) for n in 0 .. 9], [outcome(g(n)) for n in 0 .. 9]
print [sg(h(n)) for n in 0 .. 5]
`, engine.Limits{}},
	{"loop variable with non-int collection values", `
game g(n) moves g(n - k) for k in {1: 0, 2: 0} if k <= n
print [sg(g(n)) for n in 0 .. 8]
`, engine.Limits{}},
	{"sg inside a move rule", `
game g(n) moves g(n - i) for i in 1 .. n if sg(g(n - i)) != 1
print [sg(g(n)) for n in 0 .. 10]
`, engine.Limits{}},
	{"sg of itself inside a move rule", `
game g(n) moves g(n - i) for i in 1 .. n if sg(g(n)) >= 0
print sg(g(0))
print sg(g(3))
`, engine.Limits{}},
	{"position with non-int args stepping", `
game g(n) moves g(n - i) for i in 1 .. 2 if n > 0 | g(0) for k in [0] if n == "s"
print sg(g("s")), sg(g(7))
`, engine.Limits{}},
	{"fast loop reached from moves and winning", `
game g(n) moves g(n - s) for s in {1, 2, 4} if s <= n
print moves(g(9)), winning(g(9)), [outcome(g(n)) for n in 0 .. 9]
`, engine.Limits{}},

	// ---- sum of g(x) for x in A .. B at the top level
	{"top-level sums", `
game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n
game cut(w, h) moves cut(i, h) + cut(w - i, h) for i in 2 .. w - 2 | cut(w, j) + cut(w, h - j) for j in 2 .. h - 2
print sg(sum of sub(n) for n in 0 .. 1000), sg(sum of sub(2 * n + 1) for n in 0 .. 500)
print sg(sum of sub(1000 - n) for n in -5 .. 3), sg(sum of cut(n, 12 - n) for n in 2 .. 10)
print sg(sum of sub(n) for n in 5 .. 4), sg(sum of sub(7) for n in 1 .. 3), sg(sum of sub(n) for n in 0 .. 0)
`, engine.Limits{}},
	{"top-level sum leaving the dense table", `
game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n
game up(n) moves up(n + s) for s in {1, 2} if n < 536870920
game c(a, b) moves c(a - 1, b) for k in [0] if a > 0
print sg(sum of up(536870900 + n) for n in 0 .. 30)
print sg(sum of sub(n) for n in -3 .. 3)
print sg(sum of c(n, 16380 + n) for n in 0 .. 8)
game big(n) moves *1 for k in [0] if n > 5
print sg(sum of big(n * 4611686018427387904) for n in 0 .. 1)
print sg(sum of big(n * 4611686018427387904) for n in 0 .. 2)
`, engine.Limits{}},
	{"top-level sum with an error in the middle", `
game g(n) moves g(n - 1) for k in [0] if n > 0 | *(10 / (n - 7)) for k in [0] if n > 5
print sg(sum of g(n) for n in 0 .. 5)
print sg(sum of g(n) for n in 0 .. 10)
`, engine.Limits{}},
	{"top-level sum: failing part after an overflow at the first value", `
game g(n) moves *1
let z = 0
print sg(sum of g(x + 9223372036854775807 + 1 / z) for x in 1 .. 2)
`, engine.Limits{}},
	{"top-level sum with bounds that fail", `
game g(n) moves g(n - 1) for k in [0] if n > 0
print sg(sum of g(n) for n in 0 .. 1 / 0)
`, engine.Limits{}},
	{"top-level sum with bounds of the wrong type", `
game g(n) moves g(n - 1) for k in [0] if n > 0
print sg(sum of g(n) for n in 0 .. "x")
`, engine.Limits{}},
	{"top-level sum with infinite values", `
game d(n) moves d(n) | d(n - 1) for k in [0] if n > 0
print sg(sum of d(n) for n in 0 .. 3), outcome(sum of d(n) for n in 0 .. 0), sg(sum of d(n) for n in 1 .. 1)
`, engine.Limits{}},
	{"sums inside move rules and defs", `
game sub(n) moves sub(n - s) for s in {1, 2} if s <= n
game t(n) moves *k for k in [sg(sum of sub(i) for i in 0 .. n)] | t(n - 1) + (sum of sub(i) for i in 0 .. n - 1) for k in [0] if n > 0
def s(n) = sg(sum of sub(i) for i in 0 .. n)
print [sg(t(n)) for n in 0 .. 10], [s(n) for n in 0 .. 10]
`, engine.Limits{}},
	{"top-level sum over a state limit", `
game g(n) moves g(n - 1) for k in [0] if n > 0
print sg(sum of g(n) for n in 0 .. 100)
print sg(sum of g(n) for n in 0 .. 100000)
`, engine.Limits{MaxStates: 5000}},

	// ---- inlining
	{"inlined def: a global read before its let runs", `
print h(1)
let K = 5
def g(n) = n + K
def h(n) = g(n) * 2
`, engine.Limits{}},
	{"inlined def: a global argument read before its let runs", `
print h(1)
let K = 5
def k(x) = 7
def h(n) = k(K) + n
`, engine.Limits{}},
	{"inlined def: division by zero", `
def f(n) = 10 / n
def g(n) = f(n - 1) + 1
print g(3)
print g(1)
`, engine.Limits{}},
	{"inlined def: overflow", `
def f(n) = n * n
def g(n) = f(n) + f(n + 1)
print g(3)
print g(3037000499)
`, engine.Limits{}},
	{"inlined def: type error", `
def f(a, b) = a - b
print f(5, 3)
print f(5, "x")
`, engine.Limits{}},
	{"inlined def: error in an argument", `
def f(x) = x + 1
print f(1)
print f(1 / 0)
`, engine.Limits{}},
	{"inlined def: error in an argument of a nested call", `
def f(x) = x + 1
def g(y) = f(y / (y - 1))
print g(3)
print g(1)
`, engine.Limits{}},
	{"inlined def: arguments evaluated left to right", `
def f(a, b) = b - a
print f(1, 2)
print f(1 / 0, 2 % 0)
`, engine.Limits{}},
	{"inlined def: argument not used on the path taken", `
def f(c, x) = if c then x else 0
print f(true, 5)
print f(false, 1 / 0)
`, engine.Limits{}},
	{"inlined def: argument behind and", `
def f(a, b) = a and b
print f(true, false)
print f(false, 1 / 0 == 0)
`, engine.Limits{}},
	{"inlined def: unused parameter", `
def k(x) = 7
let y = 3
print k(y), k(1)
print k(1 / 0)
`, engine.Limits{}},
	{"inlined def: globals bound later by let", `
let K = 1
def f(n) = n + K
print f(1)
let K = 10
print f(1), K
for K in [100] { print f(1), K }
`, engine.Limits{}},
	{"inlined def: global bound by a let after the def", `
def f(n) = n + 1
let K = 5
def g(n) = f(n) * K
print g(2)
`, engine.Limits{}},
	{"inlined def: shadowed by a parameter name", `
def f(n) = n + 1
def g(f) = f * 2
def h(g) = g + f(g)
game q(f) moves q(f - 1) for k in [0] if f > 0
print g(3), h(4), sg(q(5))
`, engine.Limits{}},
	{"inlined def: shadowing a builtin", `
def len(x) = 42
def f(x) = len(x) + 1
print f([1, 2])
`, engine.Limits{}},
	{"inlined def: mutual recursion", `
def even(n) = if n == 0 then true else odd(n - 1)
def odd(n) = if n == 0 then false else even(n - 1)
def both(n) = [even(n), odd(n)]
print both(10), both(7)
print both(-1)
`, engine.Limits{MaxDepth: 1000}},
	{"inlined def: calls a recursive def", `
def fact(n) = if n == 0 then 1 else n * fact(n - 1)
def twice(n) = fact(n) + fact(n)
print twice(5)
print twice(30)
`, engine.Limits{}},
	{"inlined def: wrong types", `
def sq(x) = x * x
def neg(x) = -x
def idx(xs, i) = xs[i]
print sq(3), neg(4), idx([1, 2], 1), sq("ab" * 1 == "ab")
`, engine.Limits{}},
	{"inlined def: wrong types in an index", `
def idx(xs, i) = xs[i]
print idx([1, 2], 1)
print idx([1, 2], 2)
`, engine.Limits{}},
	{"inlined def: parameter used twice with a complex argument", `
def sq(x) = x * x
def tw(x) = x + x
print sq(3 + 4), tw([1] + [2]), sq(sq(2) + 1)
print sq(10 / (1 - 1))
`, engine.Limits{}},
	{"inlined def: parameter used twice, argument a name", `
def sq(x) = x * x
let a = 3037000500
print sq(3)
print sq(a)
`, engine.Limits{}},
	{"inlined def: a function passed as an argument", `
def ap(f, x) = f(x)
def sq(x) = x * x
game g(a, b) moves *0
print ap(sq, 3), ap(len, [1, 2]), ap(str, 5)
print ap(g, 3)
`, engine.Limits{}},
	{"inlined def: a def passed with the wrong arity", `
def ap(f, x) = f(x)
def two(a, b) = a + b
print 1
print ap(two, 3)
`, engine.Limits{}},
	{"inlined def: a builtin passed with the wrong arity", `
def ap2(f, x, y) = f(x, y)
print ap2(min, 3, 4)
print ap2(len, 3, 4)
`, engine.Limits{}},
	{"inlined def: applying itself", `
def ap(f, x) = f(f, x)
print 1
print ap(ap, 1)
`, engine.Limits{MaxDepth: 50}},
	{"inlined def: inside move rules", `
def half(n) = n / 2
def dec(n, k) = n - k
game g(n) moves g(dec(n, i)) for i in 1 .. half(n) + 1 if dec(n, i) >= 0
game h(n) moves h(half(n - 1)) for k in [0] if n > 0
print [sg(g(n)) for n in 0 .. 20], [sg(h(n)) for n in 0 .. 20]
`, engine.Limits{}},
	{"inlined def: error inside a move rule", `
def inv(n) = 100 / n
game g(n) moves g(n - inv(n - 3)) for k in [0] if n > 0
print sg(g(2))
print sg(g(5))
`, engine.Limits{}},
	{"inlined def: error in a deep chain of inlined calls", `
def a(n) = 1 / n
def b(n) = a(n) + 1
def c(n) = b(n) + 1
def d(n) = c(n) + 1
def e(n) = d(n) + 1
def f(n) = e(n) + 1
def g(n) = f(n) + 1
def h(n) = g(n) + 1
def i(n) = h(n) + 1
def j(n) = i(n) + 1
def k(n) = j(n) + 1
def l(n) = k(n) + 1
def m(n) = l(n) + 1
def n2(n) = m(n) + 1
print n2(1)
print n2(0)
`, engine.Limits{}},
	{"int-closed def: overflow in a fused multiply-add", `
def mix(x) = (x * 1103515245 + 12345) % 2147483647
def rnd(x) = mix(mix(x))
print rnd(5), [rnd(8 * v + k) % 7 for v in 1 .. 3 for k in 0 .. 2]
print rnd(9000000000000)
`, engine.Limits{}},
	{"copies returned by a def: too many to build, inlined or not", `
game g(n) moves g(n - s) for s in 1 .. 2 if s <= n
def many(k, n) = k * g(n)
def rev(k, n) = g(n) * k
print sg(many(3, 3)), outcome(many(4, 2)), sg(rev(5, 4)), sg(1000000000000 * g(3))
print sg(many(1048576, 3) + rev(1, 1))
print sg(rev(1048577, 3))
`, engine.Limits{}},
	{"copies returned by a def, in a move rule", `
game g(n) moves g(n - s) for s in 1 .. 2 if s <= n
def two(n) = 2 * g(n)
def three(n) = 3 * g(n)
game h(n) moves h(n - 1) + three(n - 1) for k in 1 .. 1 if n > 0 | two(n - 1) for k in 1 .. 1 if n > 0
print [sg(h(n)) for n in 0 .. 12], sg(three(5)), outcome(two(7) + three(2))
print sg(two(1 / 0))
`, engine.Limits{}},
	{"copies returned by a def: the count fails first", `
game g(n) moves g(n - s) for s in 1 .. 2 if s <= n
def many(k, n) = k * g(n)
print sg(many(1000000000000, 3))
`, engine.Limits{}},
	{"batched options: an option's argument fails in the middle of a batch", `
def f(n, k) = if n == 30 and k == 17 then k / (n - 30) else (n * 7 + k * 3) % n
game g(n) moves g(f(n, k)) for k in 0 .. (if n > 20 then 20 else n - 1)
print [sg(g(n)) for n in 0 .. 29]
print sg(g(29)), outcome(g(28) + g(27))
print sg(g(30))
`, engine.Limits{}},
	{"batched options: overflow inside an inlined def, with its trace", `
def mix(x) = (x * 1103515245 + 12345) % 2147483647
def at(v, k) = if k == 40 then mix(v * 4611686018427387904) % v else mix(v + k) % v
game d(v) moves d(at(v, k)) for k in 1 .. v / 2
print [sg(d(v)) for v in 1 .. 79]
print sg(d(80))
`, engine.Limits{}},
	{"batched options: an error in the third batch", `
def f(n, k) = if k == 37 and n == 50 then n / (k - 37) else (n * 7 + k * k + 3) % n
game g(n) moves g(f(n, k)) for k in 1 .. n - 1
print [sg(g(n)) for n in 1 .. 49]
print sg(g(51)), sg(g(50))
`, engine.Limits{}},
	{"batched options: cycles stop the loop in the middle of a batch", `
game h(n) moves h((n * 5 + k) % 37) for k in 0 .. 30
game t(n) moves t((n + k) % 40) for k in 1 .. (if n > 0 then 25 else 0)
print [sg(h(n)) for n in 0 .. 36], [outcome(h(n)) for n in 0 .. 5]
print [sg(t(n)) for n in 0 .. 39]
`, engine.Limits{}},
	{"batched options: a state limit reached mid-batch", `
game g(n) moves g((n * 13 + k) % (n + 1) + n / 2) for k in 0 .. 40 if n > 1
print sg(g(5000))
`, engine.Limits{MaxStates: 300}},
	{"batched options: a step limit reached mid-batch", `
game g(n) moves g((n * 13 + k) % (n + 1) + n / 2) for k in 0 .. 40 if n > 1
print sg(g(5000))
`, engine.Limits{MaxSteps: 7000}},
	{"a guard after a range is a bound: each comparison, either side, defs, empty ranges", `
def mix(x) = (x * 1103515245 + 12345) % 2147483647
def deg(v) = if v == 0 then 0 else 1 + mix(8 * v + 7) % 5
game a(v) moves a(mix(8 * v + k) % v) for k in 0 .. 4 if k < deg(v)
game b(v) moves b(mix(8 * v + k) % v) for k in 0 .. 4 if deg(v) > k
game c(v) moves c(mix(8 * v + k) % v) for k in 0 .. 4 if k <= deg(v) - 2
game d(v) moves d(mix(8 * v + k) % v) for k in 0 .. 6 if k >= 5 - deg(v)
game e(v) moves e(mix(8 * v + k) % v) for k in 0 .. 6 if deg(v) + 1 < k
game f(v) moves f((v * v + k) % v) for k in 1 .. v if 3 >= k
game g(v) moves g((v * 3 + k) % v) for k in 1 .. v if k > v - 4
game h(v) moves h((v * 3 + k) % v) for j in 0 .. 1 for k in 1 .. v - j if k < 3 + j
print [sg(a(v)) for v in 0 .. 60], [sg(b(v)) for v in 0 .. 60]
print [sg(c(v)) for v in 0 .. 60], [sg(d(v)) for v in 0 .. 60], [sg(e(v)) for v in 0 .. 60]
print [sg(f(v)) for v in 0 .. 30], [sg(g(v)) for v in 0 .. 30], [sg(h(v)) for v in 0 .. 30]
print outcome(a(7) + f(9)), moves(f(5)), winning(g(9))
`, engine.Limits{}},
	{"a guard bound: its error, raised only when the range is not empty, and the ends of the ints", `
def lim(v) = if v == 7 then 1 / (v - 7) else v / 2
game g(v) moves g((v * 7 + k) % v) for k in 1 .. v if k <= lim(v)
game lo(v) moves lo((v * 3 + k) % v) for k in 0 .. v - 1 if k < -9223372036854775807 - 1 + v
game hi(v) moves hi((v * 3 + k) % v) for k in 0 .. v - 1 if k > 9223372036854775807 - v
game top(v) moves top((v * 3 + k) % v) for k in 0 .. v - 1 if k <= 9223372036854775807
game bot(v) moves bot((v * 3 + k) % v) for k in 0 .. v - 1 if k >= -9223372036854775807 - 1
print [sg(g(v)) for v in 0 .. 6], sg(g(0))
print [sg(lo(v)) for v in 0 .. 5], [sg(hi(v)) for v in 0 .. 5], [sg(top(v)) for v in 0 .. 5], [sg(bot(v)) for v in 0 .. 5]
print sg(g(7))
`, engine.Limits{}},
	{"a guard bound: overflow in its expression, with the def's trace", `
def big(v) = v * 4611686018427387904
game g(v) moves g((v * 5 + k) % v) for k in 1 .. v if k < big(v) + 1
print [sg(g(v)) for v in 0 .. 1]
print sg(g(2))
`, engine.Limits{}},
	{"a guard bound: step and state limits", `
game g(n) moves g((n * 13 + k) % (n + 1) + n / 2) for k in 0 .. 60 if k < n % 41 + 1
print sg(g(5000))
`, engine.Limits{MaxSteps: 5000}},
	{"a guard def as a bound: its body in its place, its error with the def's call in the trace", `
def lim(v) = if v == 7 then 1 / (v - 7) else v / 2
def ok(v, k) = k <= lim(v)
def ok2(k, v) = lim(v) > k
def far(v, k) = k < lim(v) and k > 0
game g(v) moves g((v * 7 + k) % v) for k in 1 .. v if ok(v, k)
game h(v) moves h((v * 3 + k) % v) for k in 1 .. v if ok2(k, 2)
game n(v) moves n((v * 3 + k) % v) for k in 1 .. v if ok(v + 1, k)
game m(v) moves m((v * 3 + k) % v) for k in 0 .. v - 1 if far(v, k)
print [sg(g(v)) for v in 0 .. 6], [sg(h(v)) for v in 0 .. 9], [sg(n(v)) for v in 0 .. 9], [sg(m(v)) for v in 0 .. 6]
print sg(n(6))
print sg(g(7))
`, engine.Limits{}},
	{"a guard that is no bound: mentions its variable, a tuple pattern, not an int", `
game g(v) moves g(v - k) for k in 1 .. v if k * k < v
game t(v) moves t(v - a - b) for (a, b) in [(1, 1), (2, 0)] if a < v
game s(v) moves s(v - k) for k in 1 .. v if k < "x"
print [sg(g(v)) for v in 0 .. 20], [sg(t(v)) for v in 0 .. 9]
print sg(s(0)), sg(s(1))
`, engine.Limits{}},
	{"fused stages composed: a stage of a stage, then % a local", `
def mix(x) = (x * 1103515245 + 12345) % 2147483647
def rnd(x) = mix(mix(x))
def pick(v, k) = rnd(8 * v + k) % v
let z = 0
print [pick(v, k) for v in 1 .. 4 for k in 0 .. 2], [rnd(-v) % v for v in 1 .. 3]
print [rnd(x) % m for x in [-9, 0, 9] for m in [-7, 7]]
print rnd(5) % z
`, engine.Limits{}},
	{"fused stages composed: the inner stage overflows inside % a local", `
def mix(x) = (x * 1103515245 + 12345) % 2147483647
def pick(v, k) = mix(mix(v)) % k
game g(v) moves g(pick(v, 7)) for k in 0 .. 1 if v > 0 and v < 100
print sg(g(50))
print pick(9000000000000, 3)
`, engine.Limits{}},
	{"fused stages not composed: the outer stage overflows on the inner's result", `
def big(x) = (x * 3 + 1) % 4000000000000000000
def twice(x) = big(big(x))
def neg(x) = (x * 3 - 1) % -7
print twice(5), neg(neg(5)), [neg(neg(v)) % v for v in 1 .. 4]
print twice(1333333333333333332)
`, engine.Limits{}},
	{"fused stages: the same def compiled in a game, a def and at top level", `
def mix(x) = (x * 31 + 7) % 1000
def rnd(x) = mix(mix(x))
game d(v) moves d(rnd(8 * v + k) % v) for k in 0 .. 2 if v > 0
let v = 9
let k = 2
print rnd(8 * v + k) % v, sg(d(40)), [rnd(8 * u + k) % u for u in 1 .. 5]
`, engine.Limits{}},
	{"int-closed def: overflow in the add of a fused multiply-add", `
def f(x) = x * 2 + 9223372036854775000
def g(x) = 3 * x - 9223372036854775000
def h(x, k) = 8 * x + k
print f(3), g(3), h(2, 5)
print f(1000)
print g(-1000)
`, engine.Limits{}},
	{"int-closed def: overflow with the constant first", `
def f(x) = 4611686018427387904 * x + 1
print f(1)
print f(2)
`, engine.Limits{}},
	{"int-closed def: a local addend overflows", `
def h(x, k) = x * 2 + k
let big = 9223372036854775807
for k in [1, big] { print h(3, k) }
`, engine.Limits{}},
	{"int-closed def: error in a nested argument", `
def mix(x) = (x * 31 + 7) % 1000
def rnd(x) = mix(mix(x))
def deg(v) = 1 + rnd(8 * v + 7) % 5
print deg(3)
print deg(1 / 0)
`, engine.Limits{}},
	{"int-closed def: arguments in order around the one compiled in place", `
def f(a, b) = b * 2 + a
def g(a, b) = a * 2 + b
print f(1, 2), g(1, 2)
print f(1 / 0, 2 % 0)
`, engine.Limits{}},
	{"int-closed def: second argument fails first in order", `
def g(a, b) = a * 2 + b
let z = 0
print g(1 + 1, 2 / z)
`, engine.Limits{}},
	{"int-closed def: a global read before its let, three calls deep", `
def a(n) = n + K
def b(n) = a(n) * 2
def c(n) = if n > 0 then b(n) else -b(n)
print c(1)
let K = 5
`, engine.Limits{}},
	{"int-closed def: negation overflows", `
def neg(x) = -x
def f(x) = neg(x - 1) + 1
print f(5)
print f(-9223372036854775807)
`, engine.Limits{}},
	{"int-closed def: division by zero in a move rule", `
def mix(x) = (x * 1103515245 + 12345) % 2147483647
def pick(v, k) = mix(8 * v + k) % (v - 3)
game dag(v) moves dag(pick(v, k)) for k in 0 .. 2 if v > 0
print sg(dag(2))
print sg(dag(5))
`, engine.Limits{}},
	{"sg probe: known, unknown and failing parts", `
game g(n) moves g(n - s) for s in {1, 2} if s <= n
game c(n) moves c((n + 1) % 3), g(n)
print sg(g(2)), outcome(g(3) + *1)
for k in 0 .. 2 { print [outcome(g(n) + *k) for n in 0 .. 5], [sg(g(n) + c(m)) for n in 0 .. 2 for m in 0 .. 2] }
for k in 1 .. 2 { print [outcome(c(n) + *k) for n in 0 .. 2], sg(g(k + 536870912)) }
for k in -1 .. 0 { print outcome(g(1) + *k) }
`, engine.Limits{}},
	{"sg probe: two arguments and out of the table", `
game w(a, b) moves w(a - k, b) for k in 1 .. a | w(a, b - k) for k in 1 .. b
print sg(w(3, 4))
for a in 0 .. 3 { print [sg(w(a, b)) for b in 0 .. 3], outcome(w(a, 2) + *a) }
game h(a, b) moves h(a - 1, b) for k in [0] if a > 0
let big = 40000
for a in [big] { print sg(h(2, a)), sg(h(2, a)), outcome(h(3, a) + *1), sg(h(a, 1)) }
`, engine.Limits{}},
	{"cursor: runs stopped in a later alternative go on", `
game w(a, b) moves
    w(a - k, b) for k in 1 .. a
  | w(a, b - k) for k in 1 .. b
  | w(a - k, b - k) for k in 1 .. min(a, b)
print sg(w(40, 37)), [sg(w(a, 30)) for a in 0 .. 12]
print sg(sum of w(a, b) for a in 0 .. 40 for b in 0 .. 40)
`, engine.Limits{}},
	{"cursor: sums with missing parts, values past 64", `
game g(n) moves g(a) + g(n - a) for a in 1 .. (n - 1) / 2
game k(n) moves k(a) + k(n - 1 - a) for a in 0 .. (n - 1) / 2 if n >= 1 | k(a) + k(n - 2 - a) for a in 0 .. (n - 2) / 2 if n >= 2
print sg(g(700)), max([sg(g(n)) for n in 0 .. 700]), sg(k(300))
`, engine.Limits{}},
	{"cursor: a sum whose parts are all known, one of them infinite", `
game g0(n) moves g1((n - s) / 2) for s in [3, 4] if n >= 2
game g1(n) moves g0(n + i) + g0(n - 3) for i in n / 2 .. n + 2 if n >= 2
  | g0(9) if n == 2
print [sg(g1(v)) for v in 0 .. 12], [outcome(g0(v)) for v in 0 .. 12]
`, engine.Limits{}},
	{"cursor: an error after the run stopped", `
game g(n) moves g(a) + g(n - a) for a in 1 .. n - 1 if 100 / (n - 20 - a) > -1000
print sg(g(15))
print sg(g(30))
`, engine.Limits{}},
	{"cursor: a part on a cycle", `
game c(n) moves c(n) | c(n - 1) for k in [0] if n > 0
game g(n) moves g(a) + c(n - a) for a in 1 .. n - 1 | g(n - 1) for k in [0] if n > 0
print sg(g(30)), outcome(g(31)), [sg(g(n)) for n in 0 .. 12]
`, engine.Limits{}},
	{"cursor: negative loop values and an outer clause", `
game g(n) moves g(n + k) + g(-k) for k in -n .. -1 if n > 0
game h(n) moves h(n - k) + h(k - 1) for j in [0, 1] for k in 1 .. n - j
print sg(g(90)), [sg(g(n)) for n in 0 .. 20], sg(h(60))
`, engine.Limits{}},
	{"sg probe in comparisons: known, unknown, infinite, failing", `
game g(n) moves g(n - s) for s in {1, 2} if s <= n
game c(n) moves c((n + 1) % 3) | g(n) for k in [0] if n > 0
print len([n for n in 0 .. 30 if sg(g(n)) == 0]), len([n for n in 0 .. 30 if 1 < sg(g(n))])
for k in 0 .. 2 { print [sg(c(n)) == k for n in 0 .. 4], [k >= sg(g(n)) for n in 0 .. 4] }
def sg2(n) = n
print [sg2(n) == 1 for n in 0 .. 3]
for k in [1] { print sg(g(k)) == 1 / (k - 1) }
`, engine.Limits{}},
	{"sweep: deep subtraction and take-away chains", `
let S = {1, 3, 4, 9}
game sub(n) moves sub(n - s) for s in S if s <= n
game take(n) moves take(n - k) for k in 1 .. 3 if k <= n
game far(n) moves far(n - k) for k in 2 .. 70 if k <= n
print sg(sub(200000)), sg(take(150000)), sg(far(100000))
print [sg(sub(n)) for n in 0 .. 20], [sg(far(n)) for n in 99990 .. 100000]
`, engine.Limits{}},
	{"sweep: an error in a bound deep in the chain", `
let S = {1, 2, 5}
game sub(n) moves sub(n - s) for s in S if s <= 100 / (n - 70000) + n
print sg(sub(69000))
print sg(sub(90000))
`, engine.Limits{}},
	{"sweep: a bound that asks for a value is not swept", `
game g(n) moves g(n - 1) for k in [0] if n > 0
def lim(n) = if sg(g(n % 7)) == 0 then n else n - 1
let S = {1, 2}
game sub(n) moves sub(n - s) for s in S if s <= lim(n)
print sg(sub(100000)), [sg(sub(n)) for n in 0 .. 10]
game self(n) moves self(n - s) for s in S if s <= n - sg(self(n)) * 0
print sg(self(70000))
`, engine.Limits{}},
	{"sweep: values of 64 and more", `
let S = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70}
game sub(n) moves sub(n - s) for s in S if s <= n
print sg(sub(100000)), max([sg(sub(n)) for n in 0 .. 200]), sg(sub(71)), sg(sub(142))
`, engine.Limits{}},
	{"sweep: the state limit inside a sweep", `
game sub(n) moves sub(n - s) for s in {1, 2} if s <= n
print sg(sub(300000))
`, engine.Limits{MaxStates: 200000}},
	{"fast fold: counts and maxima over tables, known and not", `
game g(n) moves g(n - s) for s in {1, 3, 4} if s <= n
game w(a, b) moves w(a - k, b) for k in 1 .. a | w(a, b - k) for k in 1 .. b
print len([n for n in 0 .. 50 if sg(g(n)) == 0]), max([sg(g(n)) for n in 0 .. 60]), min([sg(g(2 * n + 1)) for n in 0 .. 30])
let K = 1
print len([1 for n in 0 .. 80 if 1 <= sg(g(n))]), len([n for n in 0 .. 80 if sg(g(n)) != K]), len([n for n in 0 .. 80 if sg(g(n)) < n])
print len([a for a in 0 .. 20 if sg(w(a, 7)) == a]), max([sg(w(3, b)) for b in 0 .. 20]), len([n for n in 5 .. 4 if sg(g(n)) == 0])
print max([sg(g(n)) for n in 10 .. 9])
`, engine.Limits{}},
	{"fast fold: loopy values and errors while computing", `
game c(n) moves c((n + 1) % 5) | c(n - 1) for k in [0] if n > 2
game e(n) moves e(n - 1) for k in [0] if n > 0 and 10 / (n - 40) < 100
print len([n for n in 0 .. 9 if sg(c(n)) == 0])
print len([n for n in 0 .. 30 if sg(e(n)) == 0])
print len([n for n in 0 .. 50 if sg(e(n)) == 0])
`, engine.Limits{}},
	{"fast fold: outcomes of positions and of sums with a nimber", `
game c(n) moves c((n + 1) % 7) | c(n - 2) for k in [0] if n > 3
game g(n) moves g(n - s) for s in {1, 2} if s <= n
for k in -1 .. 3 { print k }
for k in 0 .. 3 {
    print len([n for n in 0 .. 20 if outcome(c(n) + *k) == "P"]), len([n for n in 0 .. 20 if "D" == outcome(*k + c(n))]), len([n for n in 0 .. 9 if outcome(g(n)) != "N"]), len([n for n in 0 .. 9 if outcome(g(n) + *n) == "X"])
}
for k in [-1] { print len([n for n in 0 .. 5 if outcome(g(n) + *k) == "P"]) }
`, engine.Limits{}},
	{"fast fold: counts past the table, and infinite values found while counting", `
game w(a, b) moves w(a - k, b) for k in 1 .. a | w(a, b - k) for k in 1 .. b | w(a - k, b - k) for k in 1 .. min(a, b)
print len([b for b in 0 .. 300 if sg(w(250, b)) > 255]), len([b for b in 0 .. 300 if 300 == sg(w(250, b))]), len([b for b in 0 .. 300 if sg(w(250, b)) != 7])
game c(n) moves c((n + 1) % 5) | c(n - 1) for k in [0] if n > 2 | c(n + 3) for k in [0] if n % 7 == 3 | *2 for k in [0] if n % 3 == 0
let J = 2
print len([n for n in 0 .. 30 if outcome(c(n) + *1) == "N"]), len([n for n in 0 .. 30 if outcome(c(n) + *J) == "D"]), len([n for n in 0 .. 40 if outcome(c(n)) != "P"])
print len([n for n in 0 .. 50 if sg(c(n)) >= 1])
`, engine.Limits{}},
	{"fast fold: stretches of the table, with holes", `
game g(n) moves g(n - s) for s in {1, 3, 4} if s <= n
print sg(g(5000)), sg(sum of g(n) for n in 0 .. 9000), len([n for n in 0 .. 12000 if sg(g(n)) == 2])
print max([sg(g(n)) for n in 0 .. 15000]), min([sg(g(n)) for n in 3 .. 16000]), sg(sum of g(n) for n in 4090 .. 20000)
game c(n) moves c((n + 1) % 5000) | c(n - 1) for k in [0] if n % 5000 > 2 | *1 for k in [0] if n % 97 == 0
print len([n for n in 0 .. 9999 if outcome(c(n)) == "D"]), len([n for n in 0 .. 9999 if outcome(c(n) + *1) != "N"])
`, engine.Limits{}},
	{"fast fold: stretches that end at the largest int", `
game g(n) moves g(n - s) for s in {1, 3, 4} if s <= n
print sg(g(900))
print sg(sum of g(x - 9223372036854775000) for x in 9223372036854775000 .. 9223372036854775807)
print len([x for x in 9223372036854775000 .. 9223372036854775807 if sg(g(x - 9223372036854775000)) == 1])
print max([sg(g(x - 9223372036854775000)) for x in 9223372036854775000 .. 9223372036854775807])
`, engine.Limits{}},
	{"fast fold: max over infinite values", `
game c(n) moves c((n + 1) % 5) | c(n - 1) for k in [0] if n > 2
print max([sg(c(n)) for n in 0 .. 4])
`, engine.Limits{}},
	{"fast fold: arguments off the table", `
game g(n) moves g(n - 1) for k in [0] if n > 536870890 and n < 536870915
print len([n for n in 536870900 .. 536870913 if sg(g(n)) == 0]), max([sg(g(-n)) for n in 0 .. 3])
`, engine.Limits{}},
	{"symmetric splits: half the range", `
game cut(w, h) moves
    cut(i, h) + cut(w - i, h) for i in 2 .. w - 2
  | cut(w, j) + cut(w, h - j) for j in 2 .. h - 2
game sp(n) moves sp(a) + sp(n - a) for a in 1 .. n - 1
game off(n) moves off(a) + off(n - a) for a in 1 .. n - 2
game two(n) moves two(a) + two(n - 1 - a) for a in 0 .. n - 1 | two(a) + two(n - 2 - a) for a in 0 .. n - 2
print sg(cut(40, 33)), [sg(cut(w, 9)) for w in 2 .. 20], len([1 for w in 2 .. 30 for h in 2 .. 30 if sg(cut(w, h)) == 0])
print [sg(sp(n)) for n in 0 .. 40], [sg(off(n)) for n in 0 .. 40]
print sg(two(300)), max([sg(two(n)) for n in 0 .. 300])
`, engine.Limits{}},
	{"compact two-argument tables: walks across b = 512 and negative fields", `
game w(a, b) moves
    w(a - k, b) for k in 1 .. a
  | w(a, b - k) for k in 1 .. b if b - k > 505
  | w(a - k, b - k) for k in 1 .. min(a, b) if b - k > 500
game n(a, b) moves n(a - k, b) for k in 1 .. 3 if a - k > -4 | n(a + k, b - 1) for k in 1 .. 2 if b > -3
game s(a, b) moves s(a - i, b) + s(i, b) for i in 1 .. a - 1 | s(a, b - j) + s(a, j) for j in 1 .. b - 1 if b < 520
print sg(w(30, 515)), [sg(w(a, 512)) for a in 0 .. 12], [sg(w(3, b)) for b in 505 .. 520]
print [sg(n(a, 2)) for a in -3 .. 4], sg(n(0, -2))
print [sg(s(a, 514)) for a in 1 .. 9], [sg(s(4, b)) for b in 505 .. 516]
`, engine.Limits{}},
	{"inlined def: mix of its own call", `
def mix(x) = x * 31 + 7
print mix(mix(mix(1)))
print mix(mix(mix(mix(mix(mix(mix(mix(mix(mix(mix(mix(mix(mix(1))))))))))))))
`, engine.Limits{}},
	{"inlined def: calling a game", `
game g(n) moves g(n - 1) for k in [0] if n > 0
def pos(n) = g(n)
def gs(n) = sg(g(n))
print pos(3), gs(4), sg(pos(2) + pos(1))
print gs(-1) + gs("a")
`, engine.Limits{}},
	{"inlined def: sg of a position being computed", `
def v(n) = sg(g(n))
game g(n) moves g(n - 1) for k in [0] if v(n) >= 0
print sg(g(2))
`, engine.Limits{}},
	{"inlined def: call before the def", `
print f(2)
def f(n) = n * 3
print f(1 / 0)
`, engine.Limits{}},
	{"inlined def: depth limit", `
def id(n) = n
def down(n) = if n == 0 then 0 else id(down(n - 1))
print down(10)
print down(100)
`, engine.Limits{MaxDepth: 60}},
	{"inlined def: int and non-int calls of one def", `
def add(a, b) = a + b
print add(1, 2), add("a", "b"), add([1], [2]), add(9223372036854775807, 0)
print add(9223372036854775807, 1)
`, engine.Limits{}},
	{"inlined def: comparison errors", `
def lt(a, b) = a < b
print lt(1, 2), lt("a", "b")
print lt(1, "a")
`, engine.Limits{}},
	{"inlined def: assert and strings", `
def msg(n) = "n=" + str(n)
assert msg(1) == "n=1", msg(2)
assert msg(1) == "x", msg(3)
`, engine.Limits{}},

	{"inlined def: a misspelt name next to an inlined call", `
def f(count) = count * count
print f(1 + 2)
print count1
`, engine.Limits{}},
	{"inlined def: a misspelt name inside a def next to an inlined call", `
def f(total) = total + 1
def g(n) = f(n * 2) + totl
print g(1)
`, engine.Limits{}},

	{"inlined def: a literal argument as the condition of an if", `
def f(n) = if n then 0 else 0
print f(0)
`, engine.Limits{}},
	{"inlined def: a local argument as an operand of and", `
def f(x) = x and true
for v in [1] { print f(v) }
`, engine.Limits{}},
	{"inlined def: a hidden argument as the condition of an if", `
def f(x) = if x then 1 else 2
print f(1 + 1)
`, engine.Limits{}},

	{"inlined def: an unknown name as the argument of an unused parameter", `
def k(x) = 0
print k(nosuch)
`, engine.Limits{}},
	{"inlined def: a name bound later as the argument of an unused parameter", `
def k(x) = 0
print k(K)
let K = 1
`, engine.Limits{}},

	// ---- sg of a game expression (streamed or made as a value first)
	{"stream: an error computing a position a def wraps names sg's call, not the def's", `
game g(n) moves g(n - 1) for k in [0] if n > 0 | g(10 / (n - 3)) for k in [0] if n == 3
def w(n) = g(n)
print sg(w(2))
print sg(w(5))
`, engine.Limits{}},
	{"stream: the argument fails before any of its positions is computed", `
game g(n) moves g(n - 1) for k in [0] if n > 0 | g(10 / (n - 3)) for k in [0] if n == 3
print sg(g(2))
print sg(g(5) + g(1 / 0))
`, engine.Limits{}},
	{"stream: an error in the argument is not inside sg", `
game g(n) moves g(n - 1) for k in [0] if n > 0
def w(n) = g(n)
print outcome(w(3) + g(2))
print sg(w(1 / 0))
`, engine.Limits{}},
	{"stream: a Go family's check when sg computes the position", `
print sg(kayles(3) + 2 * kayles(4)), outcome(kayles(2))
print sg(kayles(-1))
`, engine.Limits{}},
	{"stream: k * G takes no copies", `
game g(n) moves g(n - 1) for k in [0] if n > 0
print sg(9223372036854775807 * *1), outcome(4611686018427387904 * g(5) + *1)
game h(n) moves 1000000000001 * g(n) for k in [0] if n > 0
print sg(h(4)), winning(h(0))
`, engine.Limits{}},
	{"stream: sg inside a move rule, failing deep in a position it asks for", `
game w(n) moves *0 | *(n / (n - 7))
game f(n) moves f(n - 1) for k in [0] if n > 0 and sg(w(n) + f(0)) >= 0
print sg(f(6))
print sg(f(9))
`, engine.Limits{}},

	// ---- resumed runs (a run whose missing options are single positions)
	{"resume: random dag, values below 64", `
def rnd(x) = (x * 1103515245 + 12345) % 2147483647
game d(v) moves d(rnd(8 * v + k) % v) for k in 0 .. rnd(v) % 4 if v > 0
print sg(d(5000)), [sg(d(v)) for v in 4990 .. 5000]
`, engine.Limits{}},
	{"resume: values of 64 and more, sums and nimbers mixed in", `
game w(n) moves w(n - k) for k in 1 .. n | w(n - 1) + *3 if n > 0 | *(n % 70) if n % 5 == 0 | w(n / 2) + w(n / 3) if n > 10
print sg(w(400)), max([sg(w(n)) for n in 0 .. 400])
`, engine.Limits{}},
	{"resume: an option that fails once its position is known", `
game f(n) moves f(n - 1) for k in [0] if n > 0 | f(n - 2) if n > 1 and sg(f(n - 1)) == 0
game g(n) moves g(n - 1) if n > 0 | *(1 / (sg(g(n - 1)) - 1)) if n == 30
print sg(f(200))
print sg(g(40))
`, engine.Limits{}},
	{"resume: a cycle found below a saved run", `
game c(n) moves c(n - 1) for k in [0] if n > 0 | c(n + 1) if n == 5 | c(3) if n == 8
print sg(c(20)), outcome(c(20))
`, engine.Limits{}},

	// ---- the loopy solver opening positions of pure games directly
	{"loopy open: an error in a rule of the loopy region", `
game f(n) moves f((n + 1) % 50) | f((n * 7) % 50) | f(100 / (n - 37)) if n % 10 == 7
print sg(f(0))
`, engine.Limits{}},
	{"loopy open: positions off the cycle, their values and winning moves", `
game h(n) moves h((n + 1) % 5) | *(n % 3) | h((n + 2) % 5) if n == 4
game t(n) moves h(n % 5) | t(n - 1) if n > 0 | t(n - 3) if n > 2 | *1 if n % 4 == 1
print [sg(t(n)) for n in 0 .. 30], [winning(t(n)) for n in 0 .. 30], [outcome(t(n) + *1) for n in 0 .. 12]
`, engine.Limits{}},
	{"loopy open: a pure game next to one whose rule asks for values", `
game a(n) moves a((n + 3) % 40) | b(n) | a(n - 1) if n > 0
game b(n) moves b((n + 5) % 40) | *(sg(c(n))) if n % 3 == 0
game c(n) moves c(n - 1) if n > 0
print [sg(a(n)) for n in 0 .. 39]
`, engine.Limits{}},

	{"loopy open: a deep chain asked for inside the region, then an error", `
game chain(n) moves chain(n - 1) if n > 0
game a(n) moves a((n + 1) % 30) | b(n)
game b(n) moves b((n + 2) % 30) | *(sg(chain(100000 + n)) % 2) | *(1 / (n - 29)) if n == 29
print [sg(a(n)) for n in 0 .. 29]
`, engine.Limits{}},
	{"loopy open: a deep chain asked for inside the region", `
game chain(n) moves chain(n - 1) if n > 0
game a(n) moves a((n + 1) % 30) | b(n)
game b(n) moves b((n + 2) % 30) | *(sg(chain(100000 + n)) % 2)
print [sg(a(n)) for n in 0 .. 29], [outcome(b(n)) for n in 0 .. 29]
`, engine.Limits{}},

	// ---- for clauses over a built-in's ints
	{"ints: divisors in move rules and comprehensions", `
game split(n) moves t * split(n / t) for t in divisors(n) if t >= 2
game d(n) moves d(n - t) for t in divisors(n) if t < n | d(t - 1) for t in divisors(n) if t % 3 == 1
print sg(split(5040)), [sg(split(n)) for n in 1 .. 30], sg(d(360)), [sg(d(n)) for n in 1 .. 40]
print [t * u for t in divisors(12) for u in divisors(t)], len([1 for t in divisors(720720) if t % 7 == 0])
for t in divisors(30) { print t, [u for u in divisors(t) if u > 1] }
game e(n) moves *(sg(e(t - 1)) + 1) for t in divisors(n) if t < n
print [sg(e(n)) for n in 1 .. 60]
`, engine.Limits{}},
	{"ints: an error in the argument, the call and the body", `
game d(n) moves d(n - t) for t in divisors(n - 5) if t < n
print [sg(d(n)) for n in 6 .. 12]
print sg(d(5))
`, engine.Limits{}},
	{"ints: a non-int argument", `
print [t for t in divisors("12")]
`, engine.Limits{}},
	{"ints: a name that is not the built-in", `
def divisors(n) = [n, n + 1]
print [t * 2 for t in divisors(4)]
`, engine.Limits{}},
	{"ints: the body fails partway", `
def f(t) = 60 / (t - 4)
print [f(t) for t in divisors(12)]
`, engine.Limits{}},
	{"ints: a step limit while iterating", `
print len([1 for n in 1 .. 100000 for t in divisors(n)])
`, engine.Limits{MaxSteps: 50000}},

	// ---- bounds K * x OP E, splits written the other way round
	{"scaled bounds: splits and subtractions", `
game g(n) moves g(n - a) + g(a) for a in 1 .. n - 1 if 2 * a < n
game h(n) moves h(a) + h(n - a) for a in 0 .. n if 3 * a <= n if a * 2 >= 1
game k(n) moves k(n - a) for a in -5 .. n if 3 * a > -7 if 4 * a < n if a >= n - 70
game m(n) moves m(n - a) for a in [1, 2, 5, 9] if n >= 3 * a
print [sg(g(n)) for n in 0 .. 80], [sg(h(n)) for n in 0 .. 80]
print [sg(k(n)) for n in 0 .. 60], [sg(m(n)) for n in 0 .. 60], sg(g(300))
`, engine.Limits{}},
	{"scaled bounds: K * x overflows", `
game f(n) moves *0 | f(n - 1) for a in 4611686018427387900 .. 4611686018427387910 if 2 * a < n
print sg(f(3))
`, engine.Limits{}},
	{"scaled bounds: a bound that fails", `
game f(n) moves f(n - a) for a in 1 .. n if 2 * a <= 60 / (n - 7)
print [sg(f(n)) for n in 0 .. 6]
print sg(f(9))
`, engine.Limits{}},

	// ---- Y + X * C fused
	{"fused Y + X * C: values and the overflow of each operator", `
def f(k, v) = k + v * 3
def g(v) = (7 + 1103515245 * v) % 2147483647
print [f(k, v) for k in -2 .. 2 for v in -2 .. 2], [g(v) for v in 0 .. 5]
game h(n) moves h((n + n * 7) % n) for k in [0] if n > 1
print sg(h(50))
for k in [1] { print f(k, 3074457345618258602) }
`, engine.Limits{}},
	{"fused Y + X * C: the multiply overflows", `
def f(k, v) = k + v * 3
for k in [1] { print f(k, 3074457345618258603) }
`, engine.Limits{}},
	{"fused Y + X * C: the add overflows", `
def f(k, v) = k + v * 3
for k in [2] { print f(k, 3074457345618258602) }
`, engine.Limits{}},

	// ---- literals and lists of ints as a loop's domain
	{"int literals: lists, tuples and sets in rules", `
game a(n) moves a(n - s) for s in [1, 3, 4] if s <= n
game b(n) moves b(n - s) for s in (2, 3, 7) if n >= s
game c(n) moves c(n - s) for s in {4, 1, -2, 4, 1} if s <= n if s > 0
game d(n) moves d(n - s) for s in [4, 1, 3] if s <= n
game e(n) moves e(n - s) for s in [] if s <= n | *1 for k in [0] if n == 3
game f(n) moves f(n - s) for s in [-3, -1, 2] if s <= n if n - s < 15 if n - s >= 0
print [sg(a(n)) for n in 0 .. 30], [sg(b(n)) for n in 0 .. 30], [sg(c(n)) for n in 0 .. 30]
print [sg(d(n)) for n in 0 .. 30], [sg(e(n)) for n in 0 .. 5], [sg(f(n)) for n in 0 .. 12]
`, engine.Limits{}},
	{"int literals and global lists in deep chains (sweeps)", `
let L = [1, 3, 4, 9]
let U = [9, 1, 4]
let T = (2, 5)
game a(n) moves a(n - s) for s in [1, 2, 6] if s <= n
game b(n) moves b(n - s) for s in L if n >= s
game c(n) moves c(n - s) for s in U if s <= n
game d(n) moves d(n - s) for s in T if s <= n
game e(n) moves e(n - s) for s in {1, 5, 5, 2} if s <= n
print sg(a(200000)), sg(b(200000)), sg(c(100000)), sg(d(150000)), sg(e(120000))
print len([n for n in 0 .. 200000 if sg(b(n)) == 0]), max([sg(a(n)) for n in 0 .. 200000])
`, engine.Limits{}},
	{"int literals: a list with a non-int", `
let L = [1, "x", 3]
game b(n) moves b(n - s) for s in L if s <= n
print sg(b(5))
`, engine.Limits{}},

	// ---- the wide kernels' marks (values of 64 or more)
	{"wide: long walks and short ones with large values", `
game t(a, b) moves t(a, b - k) for k in 1 .. b | t(a - k, b) for k in 1 .. min(a, 2) | t(a - k, b - k) for k in 1 .. min(a, b, 3)
print sg(t(40, 300)), sg(sum of t(a, 299) for a in 0 .. 40), max([sg(t(a, 300)) for a in 0 .. 40])
`, engine.Limits{}},
	{"wide: splits and takes of one heap", `
game g(n) moves g(k) for k in 0 .. n - 1 | g(a) + g(n - a) for a in 1 .. n / 2 | g(a) + g(n - 1 - a) for a in 0 .. (n - 1) / 2 if n % 3 == 0
print sg(g(700)), [sg(g(n)) for n in 690 .. 700]
`, engine.Limits{}},
	{"wide: a missing option after large values", `
game g(n) moves g(k) for k in 0 .. n - 1 | h(n) for k in [0] if n % 50 == 7
game h(n) moves g(n / 2) | h(n - 1) for k in [0] if n > 0
print sg(g(400)), sg(h(400))
`, engine.Limits{}},

	// ---- the ladder's boxes (games of two ints)
	{"box: every position below", `
game w(a, b) moves w(a - k, b) for k in 1 .. a | w(a, b - k) for k in 1 .. b | w(a - k, b - k) for k in 1 .. min(a, b)
print sg(w(90, 90)), sg(sum of w(a, b) for a in 0 .. 90 for b in 0 .. 90)
`, engine.Limits{}},
	{"box: sums of positions below, asked twice", `
game cut(w, h) moves cut(i, h) + cut(w - i, h) for i in 2 .. w - 2 | cut(w, j) + cut(w, h - j) for j in 2 .. h - 2
print sg(cut(70, 90)), sg(cut(90, 70)), [sg(cut(w, 90)) for w in 60 .. 70]
`, engine.Limits{}},
	{"box: errors in positions the plain search never reaches", `
game f(a, b) moves f(a - 1, b) for k in [0] if a > 0 and b >= a - 1
  | f(a, b - 1) for k in [0] if b > a
  | *(1 / 0) for k in [0] if b < a
print sg(f(120, 120))
print sg(f(3, 1))
`, engine.Limits{}},
	{"box: an error in a position it needs", `
game f(a, b) moves f(a - 1, b) for k in [0] if a > 0 | f(a, b - 1) for k in [0] if b > 0 | *([0][b]) for k in [0] if a == 17 and b == 40
print sg(f(100, 100))
`, engine.Limits{}},
	{"box: options above in one argument", `
game g(a, b) moves g(a - 1, b + 1) for k in [0] if a > 0 and b < 150 | g(a, b - 1) for k in [0] if b > 0 | g(a - 1, b) for k in [0] if a > 0
print sg(g(100, 100)), sg(g(99, 120))
`, engine.Limits{}},
	{"box: a cycle inside", `
game c(a, b) moves c(a - 1, b) for k in [0] if a > 0 | c(a, b - 1) for k in [0] if b > 0 | c(a + 1, b) for k in [0] if a == 30 and b == 50
print sg(c(100, 100)), outcome(c(100, 100)), sg(c(30, 50)), outcome(c(31, 50))
print winning(c(31, 50)), remoteness(c(100, 100))
`, engine.Limits{}},
	{"box: a cycle in a part the plain search never reaches", `
game c(a, b) moves c(a - 1, b) for k in [0] if a > 0 and b >= a - 1 | c(a, b - 1) for k in [0] if b > a | c(a, b) for k in [0] if b < a
print sg(c(100, 100))
print sg(c(5, 2))
`, engine.Limits{}},
	{"box: state limit", `
game w(a, b) moves w(a - 1, b) for k in [0] if a > 0 | w(a, b - 1) for k in [0] if b > 0
print sg(w(50, 50))
print sg(w(200, 200))
`, engine.Limits{MaxStates: 30000}},
	{"box: negative arguments below", `
game g(a, b) moves g(a - 1, b) for k in [0] if a > -5 | g(a, b - 1) for k in [0] if b > -3
print sg(g(100, 100)), sg(g(-5, 60))
`, engine.Limits{}},
	{"box: a dense corner far below", `
game g(a, b) moves g(a - 1, b - 1) for k in [0] if a > 60 and b > 0
  | g(a - 1, b) for k in [0] if a <= 60 and a > 0 | g(a, b - 1) for k in [0] if a <= 60 and b > 0
print sg(g(3000, 3000)), sg(g(100, 3000))
`, engine.Limits{}},
	{"box: sg asked inside a move rule", `
game a(x, y) moves a(x - 1, y) for k in [0] if x > 0 | a(x, y - 1) for k in [0] if y > 0 | *1 for k in [0] if x == 50 and y == 60 and sg(b(x, y)) == 0
game b(x, y) moves b(x - 1, y) for k in [0] if x > 0 | b(x, y - 1) for k in [0] if y > 0
print sg(a(100, 100)), sg(b(100, 100))
`, engine.Limits{}},

	// ---- the ladder
	{"ladder: deep chain", `
game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n
print sg(sub(300000)), sg(sub(299999))
`, engine.Limits{}},
	{"ladder: errors in unreachable positions", `
game f(n) moves f(n - 2) if n % 2 == 0 and n >= 2 | f(n / 0) if n % 2 == 1
print sg(f(300000))
print sg(f(3))
`, engine.Limits{}},
	{"ladder: error in a reachable position", `
game f(n) moves f(n - 1) for k in [0] if n > 0 | f(1 / (n - 77777)) for k in [0] if n == 77777
print sg(f(300000))
`, engine.Limits{}},
	{"ladder: error deep in the chain through a def", `
def step(n) = if n == 123456 then n / 0 else n - 1
game f(n) moves f(step(n)) for k in [0] if n > 0
print sg(f(50000))
print sg(f(300000))
`, engine.Limits{}},
	{"ladder: cycle deeper than 65536", `
game c(n) moves c(n - 1) for k in [0] if n > 0 | c(200000) for k in [0] if n == 0
print sg(c(200000)), outcome(c(100000))
`, engine.Limits{}},
	{"ladder: cycle near the top", `
game c(n) moves c(n - 1) for k in [0] if n > 0 | c(n + 1) for k in [0] if n == 150000
print sg(c(200000)), sg(c(150001)), sg(c(7))
`, engine.Limits{}},
	{"ladder: state limit", `
game c(n) moves c(n - 1) for k in [0] if n > 0
print sg(c(50000))
print sg(c(300000))
`, engine.Limits{MaxStates: 100000}},
	{"ladder: sparse chain", `
game s(n) moves s(n - 7) for k in [0] if n >= 7 | s(n / 3) for k in [0] if n % 1000 == 1
print sg(s(1000000)), sg(s(999999))
`, engine.Limits{}},
	{"ladder: sg asked inside a move rule", `
game a(n) moves a(n - 1) for k in [0] if n > 0 | *1 for k in [0] if n == 70000 and sg(b(n)) == 0
game b(n) moves b(n - 1) for k in [0] if n > 0
print sg(a(100000))
`, engine.Limits{}},
	{"ladder: non-int arguments", `
game g(n) moves g(n - 1) for k in [0] if n > 0 | g(0) for k in [0] if n == "x"
print sg(g(100000)), sg(g("x"))
`, engine.Limits{}},
	{"ladder: negative positions below", `
game g(n) moves g(n - 1) for k in [0] if n > -100000
print sg(g(100000))
`, engine.Limits{}},
	{"ladder: failed rung leaves option bits of a nested search", `
game w(n) moves *0 | *(n / 0)
game q(n) moves *1
game f(n) moves f(n - 2) for k in [0] if n % 2 == 0 and n >= 2
  | f(n - 1) for k in [0] if n % 2 == 1 and sg(w(n)) >= 0
  | *5 for k in [0] if n == 2 and sg(q(0)) == 0
print sg(f(200000)), sg(q(0)), sg(f(2))
`, engine.Limits{}},
	{"ladder: failed rungs inside defs and the depth of calls", `
def bad(n) = if n == 0 then 1 / 0 else bad(n - 1)
def fine(n) = if n == 0 then 1 else fine(n - 1)
game f(n) moves f(n - 2) for k in [0] if n % 2 == 0 and n >= 2 | *bad(300) for k in [0] if n % 2 == 1
print sg(f(140000)), fine(690)
print sg(f(280000)), fine(690)
`, engine.Limits{MaxDepth: 1000}},
	{"ladder: a failed rung leaves its position marked as being computed", `
game f(n) moves f(n - 2) for k in [0] if n % 2 == 0 and n >= 2 | *(n / 0) for k in [0] if n % 2 == 1
print sg(f(140000))
print sg(f(1))
`, engine.Limits{}},
	{"ladder: a cycle in a rung the plain search never reaches", `
game f(n) moves f(n - 2) for k in [0] if n % 2 == 0 and n >= 2 | f(n) for k in [0] if n % 2 == 1
game q(n) moves *0 for k in [0] if sg(f(1)) == 0
print sg(f(200000))
print sg(q(7)), sg(f(1))
`, engine.Limits{}},
	{"ladder: rungs the plain search never reaches are expensive", `
game f(n) moves f(n - 2) for k in [0] if n % 2 == 0 and n >= 2 | h(n, j) for j in 0 .. 200 if n % 2 == 1
game h(n, j) moves *0
print sg(f(200000))
`, engine.Limits{MaxStates: 1000000}},
	{"ladder: which of two failing positions is reported", `
game g(n) moves g(n - 1) for k in [0] if n > 0
  | *([0][n]) for k in [0] if n == 3 or n == 60000
  | g(n) for k in [0] if n == 1
print sg(g(70000))
`, engine.Limits{}},
	{"ladder: winning and remoteness of loopy positions below", `
game g(n) moves g(n - 1) for k in [0] if n > 0 | g(n + 1) for k in [0] if n % 1000 == 500 | *1 for k in [0] if n % 700 == 3
print sg(g(100000)), outcome(g(100000))
print [sg(g(n)) for n in 495 .. 505], [outcome(g(n)) for n in 495 .. 505]
print [winning(g(n)) for n in 497 .. 503], [remoteness(g(n)) for n in 497 .. 503]
print [winning(g(n)) for n in 70497 .. 70503], [remoteness(g(n)) for n in 70497 .. 70503]
`, engine.Limits{}},
	{"ladder: type error only in rungs", `
game g(n) moves g(n - 1) for k in [0] if n % 2 == 0 and n > 0 | g(n + "a") for k in [0] if n % 2 == 1
print sg(g(200000))
print sg(g(5))
`, engine.Limits{}},
	// ---- bit operators (& | << >> **) in move rules, guards and defs
	{"bits: bitmask games, masks from a list, a def and powers", `
let B = [3, 7, 14, 28, 24]
game nk(S) moves nk(S ^ (S & B[v])) for v in 0 .. 4 if S & (1 << v) != 0
def nb(v) = (1 << v) | (if v > 0 then 1 << (v - 1) else 0) | (if v < 5 then 1 << (v + 1) else 0)
game nk2(S) moves nk2(S - (S & nb(v))) for v in 0 .. 5 if S >> v & 1 == 1
game mt(S) moves
    mt(S ^ (1 << r)) for r in 0 .. 7 if (S & 2 ** r) > 0
  | mt(S ^ (1 << r) ^ (1 << a)) for r in 0 .. 7 if S & (1 << r) != 0 for a in 0 .. r - 1
print [sg(nk(S)) for S in 0 .. 31], [sg(nk2(S)) for S in 0 .. 63]
print [sg(mt(S)) for S in 0 .. 255]
print moves(nk(31)), winning(mt(255)), moves(nk2(63))
`, engine.Limits{}},
	{"bits: operators in the last loop's bounds, conditions and affine bodies", `
game a(n) moves a(n - s) for s in 1 .. n if s & n == 0
game b(n) moves b(n - (1 << k)) for k in 0 .. 6 if (1 << k) <= n
game c(n) moves c(n - s) + c(s >> 1) for s in 1 .. n >> 1 if (s | 1) != 3
game d(n) moves d(n - i) for i in 1 .. 2 ** 3 if i <= n if n % (1 << 2) != 3
game e(n) moves e(n - 1 - i) for i in 0 .. n & 7 if i < n
print [sg(a(n)) for n in 0 .. 40]
print [sg(b(n)) for n in 0 .. 40]
print [sg(c(n)) for n in 0 .. 40]
print [sg(d(n)) for n in 0 .. 40], [sg(e(n)) for n in 0 .. 40]
`, engine.Limits{}},
	{"bits: negative values, arithmetic right shift, ** right to left", `
def f(a, b) = (a >> b) ^ (a & -b) | (-a & 7)
def g(a) = -2 ** 2 + 2 ** 3 ** 2 - (-2) ** 3
game h(n, m) moves h(n - 1, (m >> 1) | (m << 1) & 255) for k in [0] if n > 0 | *(f(m, n) & 15) for k in [0]
print [f(a, b) for a in -9 .. 9 for b in 0 .. 3], g(0)
print [sg(h(n, m)) for n in 0 .. 6 for m in 0 .. 9]
`, engine.Limits{}},
	{"bits: a negative shift count in a guard", `
game g(n) moves g(n - 1) for k in [0] if n > 0 and (1 << (n - 3)) > 0
print sg(g(0)), [sg(g(n)) for n in 3 .. 9 if n == 0]
print sg(g(6))
`, engine.Limits{}},
	{"bits: a negative shift count in the last loop's condition", `
game g(n) moves g(n - s) for s in 1 .. n if (n >> (s - 2)) > 0
print sg(g(5))
`, engine.Limits{}},
	{"bits: << overflow in an inlined def", `
def up(a, k) = a << k
game g(n) moves g(n - 1) for k in [0] if n > 0 and up(n, 60) > 0
print sg(g(7))
print sg(g(8))
`, engine.Limits{}},
	{"bits: shifting a negative value left", `
def up(a, k) = a << k
game g(n) moves g(n - 1) + *(up(n - 3, 1) & 3) for k in [0] if n > 0 and n >= 3
game h(n) moves h(n - 1) + *(up(n - 3, 1) & 3) for k in [0] if n > 0
print [sg(g(n)) for n in 0 .. 9]
print sg(h(5))
`, engine.Limits{}},
	{"bits: shift counts at the edges", `
def s(a, k) = a << k
def r(a, k) = a >> k
print s(0, 63), s(1, 62), r(-1, 63), r(9223372036854775807, 63), 1 << 62
game g(n) moves g(n - 1) for k in [0] if n > 0 and (1 << n) > 0
print sg(g(62))
print sg(g(63))
`, engine.Limits{}},
	{"bits: a constant shift count past 63", `
game h(n) moves h(n - 1) for k in [0] if n > 0 and (n >> 64) == 0
print sg(h(0))
print sg(h(3))
`, engine.Limits{}},
	{"bits: ** overflow and a negative exponent in move rules", `
game p(n) moves p(n - 1) for k in [0] if n > 0 and 3 ** n > 0
print sg(p(39)), (-2) ** 63, 0 ** 0, (-1) ** 9223372036854775807
print sg(p(41))
`, engine.Limits{}},
	{"bits: a negative exponent", `
game q(n) moves q(n - 1) + *(2 ** (n - 3) % 5) for k in [0] if n > 0
print sg(q(0))
print sg(q(2))
`, engine.Limits{}},
	{"bits: a non-int operand", `
game g(n) moves g(n - 1) for k in [0] if n > 0 and (n & [1]) == 0
print sg(g(0))
print sg(g(2))
`, engine.Limits{}},
	{"bits: a non-int shift count", `
game h(n) moves h(n >> "a") for k in [0] if n > 0
print sg(h(0))
print sg(h(2))
`, engine.Limits{}},
	{"bits: set operators in a move rule, a bool operand", `
game s(A) moves s(A - {x}) for x in A | s((A - {x, y}) | {x + y}) for x in A for y in A if x < y and x + y < 6
print sg(s({1, 2, 3})), sg(s({0, 1, 2, 3, 4} & {1, 2, 3, 4, 5})), moves(s({1, 2} ^ {2, 3}))
game b(n) moves b(n - 1) for k in [0] if n > 0 and (n > 1 & true)
print sg(b(2))
`, engine.Limits{}},
	{"bits: masks past the packed keys", `
game t(n, S) moves t(n, S ^ (1 << r)) for r in 0 .. n - 1 if S & (1 << r) != 0
  | t(n, S ^ (3 << r)) for r in 0 .. n - 2 if S >> r & 3 == 3
game u(S) moves u(S - (1 << r)) for r in 0 .. 40 if S >> r & 1 == 1
print sg(t(16, 65535)), sg(t(12, 4095)), sg(t(17, 98304))
print sg(u(2 ** 40 + 2 ** 33 + 5)), sg(u(268435459)), sg(u(536870915)), sg(u(536870912))
`, engine.Limits{}},
}

// TestOptDiffNames: the names a session reports after a script (what an
// embedding program or a completion sees) and what Check reports do not
// depend on the optimizations (on a quarter of the adversarial scripts of
// optFast in the fast suite).
func TestOptDiffNames(t *testing.T) {
	t.Parallel()
	srcs := []string{
		"def f(count) = count * count\nlet y = f(1 + 2)\ngame g(n) moves g(n - f(n - 1)) for k in [0] if n > 5\nprint y, sg(g(9))\n",
		"def f(a, b) = b - a\nfor i in 0 .. 2 { let z = f(i * 2, i + 1)\nprint z }\n",
	}
	adv := optFast(optAdversarial)
	for _, a := range testenv.Sample(adv, len(adv)/4) {
		srcs = append(srcs, strings.TrimPrefix(a.src, "\n"))
	}
	for _, src := range srcs {
		var names [2]string
		var checks [2]string
		for i, on := range []bool{true, false} {
			s := eval.NewSession(eval.Options{Limits: engine.Limits{MaxStates: 20000}, Disable: disabled(on)})
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			s.ExecFile(ctx, "t.game", src)
			cancel()
			names[i] = strings.Join(s.Names(), " ")
			if err := eval.NewSession(eval.Options{Disable: disabled(on)}).Check("t.game", src); err != nil {
				checks[i] = err.Error()
			}
		}
		if names[0] != names[1] {
			t.Errorf("Names() after\n%s\noptimized: %q\nplain:     %q", optIndent(src), names[0], names[1])
		}
		if checks[0] != checks[1] {
			t.Errorf("Check of\n%s\noptimized: %q\nplain:     %q", optIndent(src), checks[0], checks[1])
		}
	}
}

// TestOptDiffAdversarial runs the hand-written edge cases both ways (the
// fast suite: those not in optSlow).
func TestOptDiffAdversarial(t *testing.T) {
	t.Parallel()
	// (The fast suite every third script: TestOptDiffEachPass runs them
	// too, with passes off.)
	cases := optFast(optAdversarial)
	if !testenv.IsLong() {
		cases = slices.DeleteFunc(cases, func(a optScript) bool { return slices.Index(optAdversarial, a)%3 != 0 })
	}
	for _, a := range cases {
		start := time.Now()
		optCheck(t, a.name, optCase{name: "t.game", src: strings.TrimPrefix(a.src, "\n"), limits: a.limits}, true)
		if d := time.Since(start); d > 100*time.Millisecond {
			t.Logf("%s: %v", a.name, d)
		}
	}
	t.Logf("%d adversarial scripts compared", len(cases))
}

var (
	optDiffFile      = flag.String("optdiff.file", "", "TestOptDiffFile: a script to run both ways, showing both results")
	optDiffMaxStates = flag.Int64("optdiff.maxstates", 0, "TestOptDiffFile: Limits.MaxStates")
	optDiffMaxDepth  = flag.Int("optdiff.maxdepth", 0, "TestOptDiffFile: Limits.MaxDepth")
)

// TestOptDiffFile runs the script named by -optdiff.file both ways and
// logs both results (a tool for reproducing a difference):
//
//	go test ./eval -run TestOptDiffFile -optdiff.file /tmp/x.game -v
func TestOptDiffFile(t *testing.T) {
	if *optDiffFile == "" {
		t.Skip("no -optdiff.file")
	}
	data, err := os.ReadFile(*optDiffFile)
	if err != nil {
		t.Fatal(err)
	}
	c := optCase{name: filepath.Base(*optDiffFile), src: string(data), limits: engine.Limits{MaxStates: *optDiffMaxStates, MaxDepth: *optDiffMaxDepth}}
	t0 := time.Now()
	on := runOpt(c, true)
	t1 := time.Now()
	off := runOpt(c, false)
	t.Logf("=== optimized (%v):\n%s\n=== plain (%v):\n%s", t1.Sub(t0), on, time.Since(t1), off)
	if ok, why := optSame(on, off, true); !ok {
		t.Errorf("different: %s", why)
	}
}

// ---------------------------------------------------------------------------
// Random programs: games whose move rules have the shapes the fast loops
// take (a last for clause over a range, a set, a list or a tuple; bounds
// and conditions on the loop variable; a body that is a sum of positions
// with arguments affine in it, and nimbers), and the shapes next to them
// that they must refuse; small defs (inlined or not) called from move
// rules and from the top level; queries of single positions, lists of
// them, top-level sums, moves and outcomes, and now and then a chain deep
// enough for the ladder.

type optGen struct {
	r *rand.Rand
	// finite: every game is finite (the first argument of every position
	// of a body is below the first parameter, which is positive), so
	// that most programs run to their end under the small limits.
	finite bool
	shape  finShape // of the alternative being generated (finite games)
	games  []optGame
	defs   []optDef
	lets   []string // int globals
	colls  []string // collection globals
	// bits: expressions, conditions and arguments also use the bit
	// operators & | << >> ** (TestOptDiffRandomBits; off, the generator
	// draws exactly what it drew before they existed).
	bits bool
	b    strings.Builder
}

type optGame struct {
	name   string
	params []string
}

type optDef struct {
	name   string
	params []string
	rec    bool
}

func (g *optGen) pick(xs ...string) string { return xs[g.r.IntN(len(xs))] }
func (g *optGen) chance(p float64) bool    { return g.r.Float64() < p }

// bigs are constants at and around the edges of the packed keys and of
// 64-bit ints.
var optBigs = []string{"536870911", "536870912", "536870913", "16383", "16384", "16385", "511", "512", "513",
	"4611686018427387904", "9223372036854775807", "-9223372036854775807", "1048575", "1048576", "65536", "65537"}

// small returns a small int literal, sometimes negative.
func (g *optGen) small() string {
	if g.chance(0.15) {
		return strconv.Itoa(-g.r.IntN(4) - 1)
	}
	return strconv.Itoa(g.r.IntN(6))
}

// intExpr returns an int-ish expression over vars (depth bounded).
func (g *optGen) intExpr(vars []string, depth int) string {
	if depth <= 0 || g.chance(0.35) {
		switch {
		case len(vars) > 0 && g.chance(0.6):
			return g.pick(vars...)
		case len(g.lets) > 0 && g.chance(0.3):
			return g.pick(g.lets...)
		case g.chance(0.03):
			return g.pick(optBigs...)
		}
		return g.small()
	}
	a, b := g.intExpr(vars, depth-1), g.intExpr(vars, depth-1)
	if g.bits && g.chance(0.4) {
		return g.bitExpr(a, b)
	}
	switch g.r.IntN(14) {
	case 0, 1:
		return a + " + " + b
	case 2, 3:
		return a + " - " + b
	case 4:
		return a + " * " + g.small()
	case 5:
		return "(" + a + ") * (" + b + ")"
	case 6:
		return "(" + a + ") / (" + b + ")"
	case 7:
		return "(" + a + ") % (" + b + ")"
	case 8:
		return "-(" + a + ")"
	case 9:
		return "(if " + a + " > " + b + " then " + a + " else " + b + ")"
	case 10:
		return g.pick("min", "max") + "(" + a + ", " + b + ")"
	case 11:
		return "abs(" + a + ")"
	case 12:
		if len(g.defs) > 0 {
			return g.call(vars, depth-1)
		}
	}
	return "(" + a + " ^ " + b + ")"
}

// bitExpr combines two int expressions with a bit operator (~ and mask
// too). Shift counts
// and exponents are mostly small, sometimes anything (negative, past 63).
func (g *optGen) bitExpr(a, b string) string {
	switch g.r.IntN(9) {
	case 7:
		if g.chance(0.5) {
			return "~(" + a + ")"
		}
		return "(" + a + ") & ~(" + b + ")"
	case 8:
		if g.chance(0.8) {
			return "(" + a + ") & mask(" + g.pick("0", "1", "8", "62", "63") + ")"
		}
		return "mask(" + a + ")" // (often an error: the same one both ways)
	case 0:
		return "(" + a + " & " + b + ")"
	case 1:
		return "(" + a + " | " + b + ")"
	case 2:
		return "(" + a + ") & " + g.pick("1", "3", "7", "255", "-2")
	case 3:
		if g.chance(0.8) {
			return "(" + a + ") << " + g.pick("0", "1", "2", "5", "62")
		}
		return "(" + a + ") << (" + b + ")"
	case 4:
		if g.chance(0.7) {
			return "(" + a + ") >> " + g.pick("0", "1", "3", "63", "64")
		}
		return "(" + a + ") >> (" + b + ")"
	case 5:
		return g.pick("1", "2", "3") + " << (" + a + ")"
	}
	if g.chance(0.7) {
		return "(" + a + ") ** " + g.pick("0", "1", "2", "3")
	}
	return g.pick("2", "-2", "3") + " ** (" + a + ")"
}

// call returns a call of a def declared so far.
func (g *optGen) call(vars []string, depth int) string {
	d := g.defs[g.r.IntN(len(g.defs))]
	args := make([]string, len(d.params))
	for i := range args {
		args[i] = g.intExpr(vars, depth)
	}
	if g.chance(0.01) {
		args[g.r.IntN(len(args))] = g.pick(`"s"`, "[1]", "true", "(1, 2)")
	}
	return d.name + "(" + strings.Join(args, ", ") + ")"
}

// def declares a small def over the defs before it (so none is
// recursive), or a recursive one.
func (g *optGen) def(i int) {
	name := "d" + strconv.Itoa(i)
	params := []string{"a", "b", "c"}[:1+g.r.IntN(3)]
	if g.chance(0.1) && len(g.games) > 0 {
		params[0] = g.games[0].name // a parameter shadowing a game
	}
	d := optDef{name: name, params: params}
	var body string
	switch {
	case g.chance(0.12):
		// Recursive, bounded by its first argument.
		d.rec = true
		p := params[0]
		body = fmt.Sprintf("if %s <= 0 then %s else %s(%s - 1%s) + %s", p, g.intExpr(params, 1), name, p,
			strings.Repeat(", "+params[0], len(params)-1), g.intExpr(params, 1))
	case g.chance(0.15) && len(g.games) > 0:
		gm := g.games[g.r.IntN(len(g.games))]
		args := make([]string, len(gm.params))
		for j := range args {
			args[j] = g.intExpr(params, 1)
		}
		body = "sg(" + gm.name + "(" + strings.Join(args, ", ") + "))"
	case g.chance(0.1):
		body = fmt.Sprintf("if %s then %s else %s", g.pick(params[0]+" > 0", params[0]+" == 0", "true"), g.intExpr(params, 1), g.intExpr(params, 2))
	default:
		body = g.intExpr(params, 2)
	}
	fmt.Fprintf(&g.b, "def %s(%s) = %s\n", name, strings.Join(params, ", "), body)
	g.defs = append(g.defs, d)
}

// finShape is the shape of the loops of a finite game: the loop variable
// x runs within 1 .. (n - c) / k, and the first argument of every
// position of the body is n - k * x - c, at least 0.
type finShape struct {
	k, c int
	top  string // (n - c) / k
}

func (g *optGen) newShape(n string) finShape {
	f := finShape{k: 1 + g.r.IntN(3), c: g.r.IntN(3)}
	f.top = n
	if f.c > 0 {
		f.top = "(" + n + " - " + strconv.Itoa(f.c) + ")"
	}
	if f.k > 1 {
		f.top += " / " + strconv.Itoa(f.k)
	}
	return f
}

// finIter returns the for clause's collection and the clauses that keep
// x within 1 .. top.
func (g *optGen) finIter(x string, f finShape) (string, []string) {
	switch g.r.IntN(8) {
	case 0, 1, 2, 3:
		lo := g.pick("1", "1", "2", "3", f.top+" / 2 + 1")
		hi := g.pick(f.top, f.top, f.top+" - 1", "min("+f.top+", 5)", f.top+" - 4")
		return lo + " .. " + hi, nil
	}
	var it string
	switch g.r.IntN(3) {
	case 0:
		it = "{" + g.posInts(1+g.r.IntN(4), true) + "}"
	case 1:
		it = "[" + g.posInts(1+g.r.IntN(4), g.chance(0.6)) + "]"
	default:
		it = "(" + g.posInts(2+g.r.IntN(3), g.chance(0.5)) + ")"
	}
	keep := g.pick("if "+x+" <= "+f.top, "if "+f.top+" >= "+x, "if "+x+" < "+f.top+" + 1",
		"if "+strconv.Itoa(f.k)+" * "+x+" + "+strconv.Itoa(f.c)+" <= n")
	return it, []string{keep}
}

// finArg returns the first argument of a position of a finite game's body.
func (g *optGen) finArg(x string, f finShape) string {
	kx := x
	if f.k > 1 {
		kx = g.pick(strconv.Itoa(f.k)+" * "+x, x+" * "+strconv.Itoa(f.k))
	}
	c := strconv.Itoa(f.c)
	return g.pick("n - "+kx+" - "+c, "-"+kx+" + n - "+c, "n - "+c+" - "+kx, "(n - "+kx+" - "+c+") / 2", "n - ("+kx+" + "+c+")")
}

// iter returns what the last for clause runs over.
func (g *optGen) iter(params []string) string {
	p := g.pick(params...)
	switch g.r.IntN(12) {
	case 0, 1, 2, 3:
		lo := g.pick("0", "1", "1", "2", "-2", p+" - 3", p+" / 2")
		hi := g.pick(p, p+" - 1", p+" - 2", p+" / 2", p+" + 2", "5", p+" - 9")
		if g.chance(0.1) {
			hi = g.intExpr(params, 2)
		}
		return lo + " .. " + hi
	case 4, 5:
		return "{" + g.ints(1+g.r.IntN(4), true) + "}"
	case 6:
		return "[" + g.ints(1+g.r.IntN(4), true) + "]"
	case 7:
		return "[" + g.ints(1+g.r.IntN(4), false) + "]"
	case 8:
		return "(" + g.ints(2+g.r.IntN(3), g.chance(0.5)) + ")"
	case 9:
		if len(g.colls) > 0 {
			return g.pick(g.colls...)
		}
		return "{1, 2}"
	case 10:
		return g.pick(`{1, "a", 3}`, `[1, 2, "x"]`, `{1: 2, 3: 4}`, `[1, (2,)]`, `set()`, `[]`, `"ab"`, `[-1, 0, 1]`)
	}
	return "[" + g.intExpr(params, 1) + ", " + g.intExpr(params, 1) + "]"
}

// posInts returns n comma-separated small positive ints, sorted or not.
func (g *optGen) posInts(n int, sorted bool) string {
	xs := make([]int, n)
	for i := range xs {
		xs[i] = 1 + g.r.IntN(6)
	}
	if sorted {
		slices.Sort(xs)
	}
	s := make([]string, n)
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ", ")
}

// ints returns n comma-separated small ints, sorted or not.
func (g *optGen) ints(n int, sorted bool) string {
	xs := make([]int, n)
	for i := range xs {
		xs[i] = g.r.IntN(7) - 1
	}
	if sorted {
		slices.Sort(xs)
	}
	s := make([]string, n)
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ", ")
}

// clause returns an if clause after the last for clause (x is its
// variable).
func (g *optGen) clause(x string, params []string) string {
	p := g.pick(params...)
	e := g.pick(p, p+" - 1", p+" / 2", g.small(), p+" + "+g.small())
	switch {
	case g.chance(0.1):
		e = g.intExpr(params, 2)
	case g.chance(0.02):
		e = g.pick(`"s"`, "true", "[1]", "1 / 0", p+" / ("+p+" - 3)")
	}
	if g.bits && g.chance(0.3) {
		switch g.r.IntN(4) {
		case 0:
			return "if " + x + " & " + p + " " + g.pick("==", "!=") + " 0"
		case 1:
			return "if " + p + " >> " + x + " & 1 == " + g.pick("0", "1")
		case 2:
			return "if (" + p + " & (1 << " + x + ")) != 0"
		}
		return "if (" + x + " | " + e + ") " + g.pick("<", ">=") + " " + p
	}
	switch g.r.IntN(9) {
	case 0, 1, 2:
		return "if " + x + " " + g.pick("<", "<=", ">", ">=") + " " + e
	case 3, 4:
		return "if " + e + " " + g.pick("<", "<=", ">", ">=") + " " + x
	case 5:
		return "if " + x + " % " + g.pick("2", "3") + " " + g.pick("==", "!=") + " " + g.pick("0", "1")
	case 6:
		return "if " + x + " != " + e
	case 7:
		return "if " + p + " " + g.pick(">", "!=", ">=") + " " + g.small()
	}
	if len(g.defs) > 0 {
		return "if " + g.call(append([]string{x}, params...), 1) + " " + g.pick(">", "<", "!=") + " 0"
	}
	return "if " + x + " == " + e
}

// arg returns an argument of a position in a body: mostly affine in x.
func (g *optGen) arg(x string, params []string) string {
	p := g.pick(params...)
	if g.bits && g.chance(0.2) {
		return g.pick(p+" ^ (1 << "+x+")", p+" ^ ("+p+" & "+x+")", p+" >> "+x, "("+p+" | "+x+") & 15", x+" ** 2", "1 << "+x)
	}
	switch g.r.IntN(24) {
	case 0:
		return x + " * " + x
	case 1:
		if len(g.defs) > 0 {
			return g.call(append([]string{x}, params...), 1)
		}
	case 2:
		return p + " - " + x + " + " + g.pick(optBigs...)
	case 3:
		return "(" + p + " - " + x + ") / 2"
	case 4:
		if g.chance(0.3) {
			return g.pick(`"s"`, "["+x+"]")
		}
		return p
	case 5:
		if len(g.lets) > 0 {
			return p + " - " + x + " + " + g.pick(g.lets...)
		}
	case 6:
		return g.pick("1000000 * (1000000 * "+x+")", x+" * 4611686018427387904", "-"+x, "2 * ("+p+" - "+x+") - "+p)
	}
	var terms []string
	switch g.r.IntN(5) {
	case 0:
		terms = append(terms, x)
	case 1:
		terms = append(terms, "-"+x)
	case 2:
		terms = append(terms, g.pick("2", "3", "-2")+" * "+x)
	case 3:
		terms = append(terms, x+" * "+g.pick("2", "-1"))
	}
	if g.chance(0.8) {
		if len(terms) == 0 || g.chance(0.5) {
			terms = append([]string{p}, terms...)
		} else {
			terms = append(terms, p)
		}
	}
	if g.chance(0.5) {
		terms = append(terms, g.small())
	}
	if len(terms) == 0 {
		return g.small()
	}
	s := terms[0]
	for _, t := range terms[1:] {
		if strings.HasPrefix(t, "-") {
			s += " - " + t[1:]
		} else {
			s += " " + g.pick("+", "-") + " " + t
		}
	}
	return s
}

// body returns a sum of positions (and nimbers) for loop variable x.
func (g *optGen) body(x string, params []string) string {
	n := 1 + g.r.IntN(3)
	if g.chance(0.1) {
		n = 4 + g.r.IntN(2)
	}
	var parts []string
	for range n {
		gm := g.games[g.r.IntN(len(g.games))]
		args := make([]string, len(gm.params))
		for i := range args {
			args[i] = g.arg(x, params)
		}
		if g.finite {
			args[0] = g.finArg(x, g.shape)
		}
		if g.chance(0.002) {
			args = args[:len(args)-1] // the wrong number of arguments
		}
		parts = append(parts, gm.name+"("+strings.Join(args, ", ")+")")
	}
	if g.chance(0.25) {
		nim := g.pick("*1", "*3", "*2", "*abs("+params[0]+")", "*abs("+params[0]+" % 4)", "*70000", "*abs("+x+")")
		if g.chance(0.05) {
			nim = g.pick(`*"x"`, "*(1 - "+params[0]+")", "*"+x)
		}
		parts = slices.Insert(parts, g.r.IntN(len(parts)+1), nim)
	}
	return strings.Join(parts, " + ")
}

// game declares a game.
func (g *optGen) game(gm optGame) {
	fmt.Fprintf(&g.b, "game %s(%s) moves", gm.name, strings.Join(gm.params, ", "))
	nalts := 1 + g.r.IntN(3)
	for i := range nalts {
		if i > 0 {
			g.b.WriteString("\n  |")
		}
		x := g.pick("i", "j", "s")
		if !g.finite && g.chance(0.05) {
			x = gm.params[0] // the loop variable shadows a parameter
		}
		var cls []string
		// Outer clauses, before the last for.
		p0 := gm.params[0]
		switch g.r.IntN(6) {
		case 0:
			cls = append(cls, "if "+p0+" > "+g.small())
		case 1:
			cls = append(cls, "for t in 0 .. 1")
		}
		// In finite games, positions whose first argument is not
		// positive have no options.
		before := g.finite && g.chance(0.7)
		if before {
			cls = append(cls, "if "+p0+" > 0")
		}
		if g.finite {
			g.shape = g.newShape(p0)
			it, keep := g.finIter(x, g.shape)
			cls = append(cls, "for "+x+" in "+it)
			cls = append(cls, keep...)
		} else {
			cls = append(cls, "for "+x+" in "+g.iter(gm.params))
		}
		for range g.r.IntN(4) {
			cls = append(cls, g.clause(x, gm.params))
		}
		switch {
		case g.finite && !before:
			cls = append(cls, "if "+p0+" > 0")
		case !g.finite && g.chance(0.7):
			cls = append(cls, "if "+p0+" "+g.pick(">", ">=")+" "+g.pick("0", "1", "2", "-2"))
		}
		fmt.Fprintf(&g.b, " %s %s", g.body(x, gm.params), strings.Join(cls, " "))
	}
	g.b.WriteString("\n")
}

// program returns a random program and whether it asks for a deep chain
// (it then needs a larger state limit).
func (g *optGen) program() (string, bool) {
	g.b.Reset()
	g.games, g.defs, g.lets, g.colls = nil, nil, nil, nil
	g.finite = g.chance(0.8)
	for i := range g.r.IntN(3) {
		name := "K" + strconv.Itoa(i)
		v := g.small()
		if g.chance(0.2) {
			v = g.pick(optBigs...)
		}
		fmt.Fprintf(&g.b, "let %s = %s\n", name, v)
		g.lets = append(g.lets, name)
	}
	if g.finite && g.chance(0.4) {
		fmt.Fprintf(&g.b, "let S0 = %s\n", g.pick("{1, 3, 4}", "[1, 2]", "{2, 5, 9}", "[3, 1]", "(1, 1, 2)"))
		g.colls = append(g.colls, "S0")
	} else if !g.finite && g.chance(0.4) {
		fmt.Fprintf(&g.b, "let S0 = %s\n", g.pick("{1, 3, 4}", "[1, 2]", "{2, 5, 9}", "[3, 1]", `{1, "x"}`, "(1, 1, 2)"))
		g.colls = append(g.colls, "S0")
	}
	ngames := 1 + g.r.IntN(3)
	for i := range ngames {
		params := []string{"n", "m", "q"}[:1+g.r.IntN(3)]
		if g.chance(0.2) {
			params = params[:1]
		}
		g.games = append(g.games, optGame{name: "g" + strconv.Itoa(i), params: params})
	}
	// Defs before the games (their bodies may ask sg of the games).
	for i := range g.r.IntN(4) {
		g.def(i)
	}
	for _, gm := range g.games {
		g.game(gm)
	}
	deep := false
	nq := 2 + g.r.IntN(5)
	for range nq {
		gm := g.games[g.r.IntN(len(g.games))]
		args := func(v string) string {
			a := make([]string, len(gm.params))
			for i := range a {
				a[i] = strconv.Itoa(g.r.IntN(8))
			}
			a[0] = v
			return strings.Join(a, ", ")
		}
		switch g.r.IntN(10) {
		case 0, 1, 2:
			lo := -g.r.IntN(3)
			if g.finite {
				lo = 0
			}
			fmt.Fprintf(&g.b, "print [sg(%s(%s)) for v in %d .. %d]\n", gm.name, args("v"), lo, 3+g.r.IntN(10))
		case 3:
			if g.finite {
				fmt.Fprintf(&g.b, "print sg(%s(%s)), outcome(%s(%s))\n", gm.name, args(strconv.Itoa(g.r.IntN(12))), gm.name, args(strconv.Itoa(g.r.IntN(12))))
				continue
			}
			fmt.Fprintf(&g.b, "print sg(%s(%s)), outcome(%s(%s))\n", gm.name, args(g.small()), gm.name, args(g.small()))
		case 4:
			fmt.Fprintf(&g.b, "print moves(%s(%s)), winning(%s(%s))\n", gm.name, args(strconv.Itoa(g.r.IntN(9))), gm.name, args(strconv.Itoa(g.r.IntN(9))))
		case 5:
			if g.finite {
				fmt.Fprintf(&g.b, "print sg(sum of %s(%s) for v in %d .. %d)\n", gm.name, args(g.pick("v", "2 * v", "10 - v", "v + 1")), g.r.IntN(3), g.r.IntN(10))
				continue
			}
			fmt.Fprintf(&g.b, "print sg(sum of %s(%s) for v in %d .. %d)\n", gm.name, args(g.pick("v", "2 * v", "10 - v", "v + 536870900")), -g.r.IntN(3), g.r.IntN(14))
		case 6:
			if len(g.defs) > 0 {
				fmt.Fprintf(&g.b, "print %s\n", g.call(nil, 2))
				continue
			}
			fallthrough
		case 7:
			if !g.finite {
				fmt.Fprintf(&g.b, "print sg(%s(%s))\n", gm.name, args(g.pick(optBigs...)))
				continue
			}
			fallthrough
		case 8:
			if len(gm.params) == 1 && g.chance(0.1) && !deep {
				deep = true
				fmt.Fprintf(&g.b, "print sg(%s(%d))\n", gm.name, 66000+g.r.IntN(20000))
				continue
			}
			fallthrough
		default:
			fmt.Fprintf(&g.b, "print sg(%s(%s))\n", gm.name, args(strconv.Itoa(g.r.IntN(20))))
		}
	}
	return g.b.String(), deep
}

// TestOptDiffRandom runs random programs both ways: all of them with the
// optimizations on, then all with them off (each phase on two goroutines;
// the setting is switched only between the phases), then compares.
func TestOptDiffRandom(t *testing.T) {
	t.Parallel()
	optDiffRandom(t, 20261121, testenv.Scale(60, 2000), false)
}

// TestOptDiffRandomBits is TestOptDiffRandom with the bit operators in the
// expressions, conditions and arguments of the programs.
func TestOptDiffRandomBits(t *testing.T) {
	t.Parallel()
	optDiffRandom(t, 20261124, testenv.Scale(25, 500), true)
}

// optDiffRandom runs n random programs (times -optdiff.n) both ways.
func optDiffRandom(t *testing.T, seed uint64, n int, bits bool) {
	if *propSeed != 0 {
		seed ^= *propSeed * 0x9e3779b97f4a7c15
	}
	g := &optGen{r: rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d)), bits: bits}
	n *= max(*optDiffN, 1)
	cases := make([]optCase, n)
	for i := range cases {
		src, deep := g.program()
		c := optCase{name: "r.game", src: src, limits: engine.Limits{MaxStates: 2000, MaxSteps: 100_000, MaxDepth: 300}, timeout: 300 * time.Millisecond}
		if deep {
			c.limits.MaxStates = 200_000
			c.limits.MaxSteps = 5_000_000
			c.timeout = 2 * time.Second
		}
		cases[i] = c
	}
	phase := func(on bool) []optRun {
		runs := make([]optRun, n)
		var wg sync.WaitGroup
		next := make(chan int)
		for range 2 {
			wg.Go(func() {
				for i := range next {
					runs[i] = runOptWith(cases[i], disabled(on))
				}
			})
		}
		for i := range n {
			next <- i
		}
		close(next)
		wg.Wait()
		return runs
	}
	start := time.Now()
	ons := phase(true)
	offs := phase(false)
	var strict, limited, failed, fails int
	errStats := map[string]int{}
	for i, c := range cases {
		on, off := ons[i], offs[i]
		if ok, why := optSame(on, off, false); !ok {
			fails++
			if fails <= 10 {
				t.Errorf("program %d (seed %d): %s\nscript:\n%s\n=== optimized:\n%s\n=== plain:\n%s", i, seed, why, optIndent(c.src), on, off)
			}
			continue
		}
		switch {
		case optIsLimit(on) || optIsLimit(off):
			limited++
		case on.err != "":
			failed++
			strict++
		default:
			strict++
		}
		if *optDiffErrStats && on.err != "" {
			msg := optFirstLine(on.err)
			if i := strings.Index(msg, ": "); i >= 0 {
				msg = msg[i+2:]
			}
			msg = regexp.MustCompile(`[0-9]+`).ReplaceAllString(msg, "N")
			errStats[msg[:min(len(msg), 60)]]++
		}
	}
	for k, v := range errStats {
		t.Logf("%5d %s", v, k)
	}
	t.Logf("%d programs in %v: %d compared exactly (%d of them ending in the same error), %d stopped by a limit, %d different",
		n, time.Since(start).Round(time.Millisecond), strict, failed, limited, fails)
	if strict < n/2 {
		t.Errorf("only %d of %d programs were compared exactly: the generator makes too many that hit limits", strict, n)
	}
}

// deepProgram returns a random program whose main game has one int
// argument and chains deeper than the ladder's cap, with failures, cycles,
// nested searches and other games in some of its positions, and queries
// from the top and then below.
func (g *optGen) deepProgram() string {
	g.b.Reset()
	var alts []string
	steps := []string{"1"}
	for range g.r.IntN(3) {
		steps = append(steps, strconv.Itoa(2+g.r.IntN(6)))
	}
	slices.Sort(steps)
	steps = slices.Compact(steps)
	if g.chance(0.3) {
		steps[0] = "2" // even positions only reach even ones
	}
	set := "{" + strings.Join(steps, ", ") + "}"
	cond := func() string {
		m := 2 + g.r.IntN(5)
		c := fmt.Sprintf("n %% %d == %d", m, g.r.IntN(m))
		if g.chance(0.5) {
			c += fmt.Sprintf(" and n %s %d", g.pick("<", ">"), 1000+g.r.IntN(120000))
		}
		return c
	}
	switch g.r.IntN(3) {
	case 0:
		alts = append(alts, "g(n - s) for s in "+set+" if s <= n")
	case 1:
		alts = append(alts, "g(n - s) for s in "+set+" if n >= s if n % 2 == 0 or s != 2")
	default:
		alts = append(alts, "g(n - s) + *"+g.pick("0", "1", "(n % 3)")+" for s in "+set+" if s <= n")
	}
	picks := make([]int, 1+g.r.IntN(3))
	loopy := false
	for i := range picks {
		picks[i] = g.r.IntN(10)
		loopy = loopy || picks[i] == 2 || picks[i] == 3
	}
	for _, p := range picks {
		if p == 8 && loopy {
			p = 9 // sums on cycles make the loopy solver slow (both ways)
		}
		switch p {
		case 0:
			alts = append(alts, "g(n / 0) for k in [0] if "+cond()) // fails where it applies
		case 1:
			alts = append(alts, "*(10 / (n % 7)) for k in [0] if "+cond())
		case 2:
			alts = append(alts, "g(n) for k in [0] if "+cond()) // a loop
		case 3:
			alts = append(alts, fmt.Sprintf("g(n + %d) for k in [0] if %s", 1+g.r.IntN(3), cond()))
		case 4:
			alts = append(alts, "*k for k in [0] if "+cond()+" and sg(h(n)) "+g.pick("==", "!=")+" 0")
		case 5:
			alts = append(alts, "h(n) + g(n - 1) for k in [0] if n > 0 and "+cond())
		case 6:
			alts = append(alts, "w(n % 97, j) for j in 0 .. "+strconv.Itoa(g.r.IntN(40))+" if "+cond())
		case 7:
			alts = append(alts, "*d(n) for k in [0] if "+cond())
		case 8:
			alts = append(alts, "g(n - 1) + g(n - 1) + *1 for k in [0] if n > 0 and "+cond())
		default:
			alts = append(alts, "*k for k in [sg(g(n - 1))] if n > 0 and "+cond())
		}
	}
	fmt.Fprintf(&g.b, "def d(n) = %s\n", g.pick("n % 5", "if n % 9 == 4 then 1 / (n - n) else 3", "bad(n % 50)", "n"))
	g.b.WriteString("def bad(n) = if n <= 0 then 1 / n else bad(n - 1)\n")
	fmt.Fprintf(&g.b, "game h(n) moves %s\n", g.pick("*1", "h(n - 1) for k in [0] if n % 5 != 0", "*(1 / (n % 4))", "h(n) for k in [0] if n % 3 == 0"))
	g.b.WriteString("game w(n, j) moves *j | w(n, j - 1) for k in [0] if j > 0\n")
	g.b.WriteString("game g(n) moves " + strings.Join(alts, "\n  | ") + "\n")
	for range 1 + g.r.IntN(2) {
		fmt.Fprintf(&g.b, "print sg(g(%d))\n", 66000+g.r.IntN(40000))
	}
	for range g.r.IntN(4) {
		switch g.r.IntN(5) {
		case 4:
			k := g.r.IntN(66000)
			// (not remoteness: on sums with nimbers it explores for long
			// before giving up, both ways)
			fmt.Fprintf(&g.b, "print [winning(g(n)) for n in %d .. %d], [outcome(g(n)) for n in %d .. %d]\n", k, k+4, k, k+4)
		case 0:
			fmt.Fprintf(&g.b, "print sg(g(%d)), outcome(g(%d))\n", g.r.IntN(66000), g.r.IntN(100))
		case 1:
			fmt.Fprintf(&g.b, "print [sg(g(n)) for n in 0 .. %d]\n", g.r.IntN(30))
		case 2:
			fmt.Fprintf(&g.b, "print sg(sum of g(n) for n in %d .. %d)\n", g.r.IntN(100), 100+g.r.IntN(1000))
		default:
			fmt.Fprintf(&g.b, "print sg(h(%d)), sg(w(3, 2)), d(%d)\n", g.r.IntN(100), g.r.IntN(100))
		}
	}
	return g.b.String()
}

// TestOptDiffDeep runs random programs with chains deep enough for the
// ladder both ways.
func TestOptDiffDeep(t *testing.T) {
	t.Parallel()
	seed := uint64(77031)
	if *propSeed != 0 {
		seed ^= *propSeed * 0x9e3779b97f4a7c15
	}
	g := &optGen{r: rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d))}
	n := testenv.Scale(5, 40) * max(*optDiffN, 1)
	start := time.Now()
	var strict, limited, fails int
	for i := range n {
		c := optCase{name: "deep.game", src: g.deepProgram(), limits: engine.Limits{MaxStates: 400_000}, timeout: 60 * time.Second}
		t0 := time.Now()
		on, off := runOpt(c, true), runOpt(c, false)
		if d := time.Since(t0); d > 500*time.Millisecond && *optDiffErrStats {
			t.Logf("program %d took %v:\n%s", i, d, optIndent(c.src))
		}
		if ok, why := optSame(on, off, true); !ok {
			fails++
			if fails <= 10 {
				t.Errorf("program %d (seed %d): %s\nscript:\n%s\n=== optimized:\n%s\n=== plain:\n%s", i, seed, why, optIndent(c.src), on, off)
			}
			continue
		}
		if optIsLimit(on) {
			limited++
		} else {
			strict++
		}
	}
	t.Logf("%d programs in %v: %d compared exactly, %d stopped by the same limit, %d different", n, time.Since(start).Round(time.Millisecond), strict, limited, fails)
}

// FuzzOptDiff runs any source both ways under small limits and fails on
// any difference that a limit cannot explain (optSame, not strict). Run it
// with
//
//	go test ./eval -run '^$' -fuzz FuzzOptDiff -fuzztime 10m
//
// Without -fuzz, `go test` runs the seeds: the FuzzEval seeds, the
// adversarial scripts above and a few random programs (fewer of both in
// the fast suite), and the corpus in testdata/fuzz/FuzzOptDiff.
func FuzzOptDiff(f *testing.F) {
	for _, s := range fuzzEvalSeeds(f) {
		f.Add(s)
	}
	adv := optAdversarial
	if !fuzzing() {
		adv = optFast(adv)
		adv = testenv.Sample(adv, len(adv)/8)
	}
	for _, a := range adv {
		f.Add(strings.TrimPrefix(a.src, "\n"))
	}
	g := &optGen{r: rand.New(rand.NewPCG(5, 6))}
	for range testenv.Scale(5, 40) {
		src, _ := g.program()
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		c := optCase{name: "f.game", src: src, limits: engine.Limits{MaxStates: 20000, MaxSteps: 2_000_000, MaxDepth: 200}, timeout: 500 * time.Millisecond}
		stdin := "3\n1 2 3\n"
		c.stdin = &stdin
		on, off := runOpt(c, true), runOpt(c, false)
		if *optDiffLax && (on.out == off.out && on.err != off.err && optMessage(on.err) == optMessage(off.err) ||
			strings.HasPrefix(optMessage(off.err), "unknown name") && !strings.Contains(on.err, "unknown name")) {
			return // known differences (see the adversarial cases)
		}
		if ok, why := optSame(on, off, false); !ok {
			t.Fatalf("%s\nscript:\n%s\n=== optimized:\n%s\n=== plain:\n%s", why, optIndent(src), on, off)
		}
	})
}

// TestOptDiffBoxes runs random games of two ints asked about positions
// with boxes big enough for the ladder (ladder.go), both ways: moves down
// in either argument or both, sometimes up in one, to a sum, into a
// cycle, or failing, each under random conditions.
func TestOptDiffBoxes(t *testing.T) {
	t.Parallel()
	seed := uint64(9017)
	if *propSeed != 0 {
		seed ^= *propSeed * 0x9e3779b97f4a7c15
	}
	r := rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d))
	conds := []string{"a > 0", "b > 0", "a % 3 != 1", "b % 5 != 2", "a + b > 40", "a < b", "(a * 7 + b) % 11 != 3"}
	moves := []string{
		"g(a - k, b) for k in 1 .. min(a, %d)",
		"g(a, b - k) for k in 1 .. min(b, %d)",
		"g(a - k, b - k) for k in 1 .. min(a, b, %d)",
		"g(a - 1, b + 1) for k in [0] if a > 0 and b < %d",
		"g(i, b) + g(a - i, b) for i in 1 .. (a - 1) / 2 if %d > 0",
		"g(a + 1, b) for k in [0] if a == %d and b == 40",
		"*(1 / (a - %d)) for k in [0] if b == 55",
		"*(sg(g(a - 1, b)) + %d) for k in [0] if a > 0 and b == 3",
	}
	n, failed := testenv.Scale(10, 30)**optDiffN, 0
	for i := range n {
		var b strings.Builder
		b.WriteString("game g(a, b) moves *0")
		for range 2 + r.IntN(3) {
			m := fmt.Sprintf(moves[r.IntN(len(moves))], 1+r.IntN(120))
			if r.IntN(2) == 0 {
				m += " if " + conds[r.IntN(len(conds))]
			}
			b.WriteString("\n  | " + m)
		}
		a0, b0 := 90+r.IntN(60), 90+r.IntN(60)
		fmt.Fprintf(&b, "\nprint sg(g(%d, %d)), outcome(g(%d, %d))\n", a0, b0, a0-3, b0)
		fmt.Fprintf(&b, "print sg(sum of g(x, %d) for x in 0 .. %d), len([y for y in 0 .. %d if sg(g(%d, y)) == 0])\n", b0/2, a0, b0, a0/2)
		c := optCase{name: "t.game", src: b.String(), limits: engine.Limits{MaxStates: 2000000}, timeout: 20 * time.Second}
		on, off := runOpt(c, true), runOpt(c, false)
		if ok, why := optSame(on, off, true); !ok {
			t.Errorf("box program %d: %s\nscript:\n%s\n=== optimized:\n%s\n=== plain:\n%s", i, why, optIndent(c.src), on, off)
		}
		if on.err != "" {
			failed++
		}
	}
	t.Logf("%d box programs compared (seed %d), %d ending in an error", n, seed, failed)
}

// optInterrupted reports whether run r was stopped by the test's own
// deadline (its context), not by a limit of the program.
func optInterrupted(r optRun) bool {
	return strings.HasSuffix(optFirstLine(r.err), ": interrupted") || optFirstLine(r.err) == "interrupted"
}
