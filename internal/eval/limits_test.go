package eval_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/testenv"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/internal/eval"
)

// TestLimits runs an infinite game under each limit: the run must stop with
// a message naming the limit and the position being computed.
func TestLimits(t *testing.T) {
	const src = "game up(n) moves up(n + 1) | up(n + 2)\nprint sg(up(0))\n"
	tests := []struct {
		name   string
		limits engine.Limits
		want   string
	}{
		{"states", engine.Limits{MaxStates: 5000}, "state limit reached: more than 5000 positions"},
		{"steps", engine.Limits{MaxSteps: 50000}, "step limit reached: more than 50000 evaluation steps"},
		{"time", engine.Limits{Timeout: 50 * time.Millisecond}, "time limit reached: the run took more than 50ms"},
		{"memory", engine.Limits{MaxMemory: 32 << 20}, "memory limit reached: more than 32 MiB in use"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := eval.NewSession(eval.Options{Stdout: io.Discard, Limits: tc.limits})
			start := time.Now()
			err := s.ExecFile(context.Background(), "t.game", src)
			if err == nil {
				t.Fatal("the infinite game ran to its end")
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "t.game:1:6: "+tc.want) {
				t.Errorf("error %q, want it to start with t.game:1:6: %s", msg, tc.want)
			}
			if tc.name != "states" && !strings.Contains(msg, "while computing up(") {
				t.Errorf("error %q does not name the position being computed", msg)
			}
			if d := time.Since(start); d > 30*time.Second {
				t.Errorf("stopping took %v", d)
			}
		})
	}
}

// TestLimitNamesNoStalePosition: a limit reached in a statement that
// computes no position does not name the position an earlier statement
// computed last; one reached in a move rule that asks sg of another game
// names the outer position again once the inner search is done.
func TestLimitNamesNoStalePosition(t *testing.T) {
	for _, tc := range []struct{ src, want, not string }{
		{"game g(n) moves g(n - 1) for k in 1 .. 1 if n > 0\nprint sg(g(10))\nprint len([x for x in 0 .. 100000000])\n", "step limit reached", "while computing"},
		{"game g(n) moves g(n - 1) for k in 1 .. 1 if n > 0\ngame h(n) moves h(n + 1) for k in 1 .. sg(g(3)) + len([x for x in 0 .. 100000000 if n < 2])\nprint sg(h(0))\n", "while computing h(", "g(0)"},
	} {
		s := eval.NewSession(eval.Options{Stdout: io.Discard, Limits: engine.Limits{MaxSteps: 1000000}})
		err := s.ExecFile(context.Background(), "t.game", tc.src)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), tc.not) {
			t.Errorf("script:\n%s\nerror %v, want one with %q and without %q", tc.src, err, tc.want, tc.not)
		}
	}
}

// TestCancelDeepChain cancels a long computation through the context.
func TestCancelDeepChain(t *testing.T) {
	s := eval.NewSession(eval.Options{Stdout: io.Discard})
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(30 * time.Millisecond)
		cancel()
	}()
	err := s.ExecFile(ctx, "t.game", "game up(n) moves up(n + 1)\nprint sg(up(0))\n")
	if err == nil || !strings.Contains(err.Error(), "interrupted") {
		t.Fatalf("got %v, want an interrupted error", err)
	}
	// The session survives: a new run in it works.
	if err := s.ExecFile(context.Background(), "u.game", "print sg(*3 + *5)\n"); err != nil {
		t.Fatalf("after the cancel: %v", err)
	}
}

// TestCallerDeadline: the context's own deadline passes (no time limit of
// the session's): an interruption, not a --timeout of 0s.
func TestCallerDeadline(t *testing.T) {
	s := eval.NewSession(eval.Options{Stdout: io.Discard})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	err := s.ExecFile(ctx, "t.game", "game up(n) moves up(n + 1)\nprint sg(up(0))\n")
	if err == nil || !strings.Contains(err.Error(), "interrupted") || strings.Contains(err.Error(), "0s") {
		t.Fatalf("got %v, want an interrupted error", err)
	}
}

// TestLimitMessageCutsHugePositions: the position a limit error quotes is
// cut short when its arguments are huge.
func TestLimitMessageCutsHugePositions(t *testing.T) {
	s := eval.NewSession(eval.Options{Stdout: io.Discard, Limits: engine.Limits{MaxStates: 100}})
	err := s.ExecFile(context.Background(), "t.game", "game h(xs) moves h(xs + [len(xs)])\nprint sg(h(range(0, 1000)))\n")
	if err == nil || !strings.Contains(err.Error(), "state limit reached") || !strings.Contains(err.Error(), "50, 51,...)") || len(err.Error()) > 400 {
		t.Fatalf("got %v (%d bytes), want a state limit error quoting h([0, 1, ...) cut short", err, len(err.Error()))
	}
}

// TestErrorsCutHugeValues: a value or position an error message quotes is
// cut after eval.MaxShownText bytes with "...", whatever its size and
// whichever error quotes it (engine, operators, built-ins).
func TestErrorsCutHugeValues(t *testing.T) {
	const prelude = `game g(n) moves g(n - 1) if n > 0
let L = [x for x in 0 .. 99999]
def dbl(s, k) = if k == 0 then s else dbl(s + s, k - 1)
let S = dbl("é", 16)
game m(x) moves L
`
	for _, c := range []struct{ expr, want string }{
		{"remoteness(sum of g(x % 3 + 1) for x in 0 .. 99999)", "remoteness of g(1) + g(2) + g(3) + g(1)"},
		{"not L", "must be true or false, found list [0, 1, 2, "},
		{"{1: 2}[L]", "key [0, 1, 2, "},
		{"mex([L])", "mex needs ints, found list [0, 1, 2, "},
		{"sum of g(1), S", `sum of needs games, found string "éé`},
		{"sg(m(0))", "a move must be a game, found list [0, 1, 2, "},
	} {
		s := eval.NewSession(eval.Options{Stdout: io.Discard})
		err := s.ExecFile(context.Background(), "t.game", prelude+"print "+c.expr+"\n")
		if err == nil {
			t.Errorf("%s: no error", c.expr)
			continue
		}
		msg := err.Error()
		if len(msg) > value.MaxShownText+200 || !strings.Contains(msg, "...") || !utf8.ValidString(msg) || !strings.Contains(msg, c.want) {
			t.Errorf("%s: %d bytes: %.600s", c.expr, len(msg), msg)
		}
	}
	// An assertion's own message too.
	s := eval.NewSession(eval.Options{Stdout: io.Discard})
	err := s.ExecFile(context.Background(), "t.game", prelude+"assert false, S\n")
	if err == nil || len(err.Error()) > value.MaxShownText+100 || !strings.HasSuffix(err.Error(), "éé...") {
		t.Errorf("assert with a long message: %.600v", err)
	}
	// Short values are shown whole.
	if e := value.Errorf(engine.Pos{}, "found %s, %v", strings.Repeat("a", value.MaxShownText), 12); e.Msg != "found "+strings.Repeat("a", value.MaxShownText)+", 12" {
		t.Errorf("Errorf cut a short value: %q", e.Msg)
	}
}

// The limits hold around single operations too (issue 19): every case
// below once crashed with a Go stack overflow, ran past its memory limit
// by gigabytes, or ignored its time limit and interruptions. Sizes and
// limits are scaled down so that the tests stay fast; no test times
// anything: each asserts the error and where it points.

// errAt runs src and checks that it fails with an error that contains
// want, at line (0: any line).
func errAt(t *testing.T, s *eval.Session, ctx context.Context, src string, line int, want string) {
	t.Helper()
	err := s.ExecFile(ctx, "t.game", src)
	if err == nil {
		t.Fatalf("%.60q: no error, want %q", src, want)
	}
	var re *value.RuntimeError
	if !errors.As(err, &re) {
		t.Fatalf("%.60q: error %v (%T), want a runtime error", src, err, err)
	}
	if !strings.Contains(re.Msg, want) || line > 0 && re.Pos.Line != line || re.Pos.Column < 1 {
		t.Fatalf("%.60q: error %v, want %q at line %d", src, err, want, line)
	}
	for _, bad := range []string{"goroutine", "panic", ".go:"} {
		if strings.Contains(err.Error(), bad) {
			t.Fatalf("%.60q: error %q mentions %q", src, err, bad)
		}
	}
}

// TestDeepRecursionIsALimit: a def recursing deep with a body that nests
// deep (f(n - 1) + 0 + 0 + ..., 20 terms) used to overflow the Go stack
// below the 100,000 nested calls; now its calls count their stack, which
// half the memory limit bounds.
func TestDeepRecursionIsALimit(t *testing.T) {
	src := "def f(n) = if n == 0 then 0 else f(n - 1)" + strings.Repeat(" + 0", 19) + "\nprint f(99999)\n"
	s := eval.NewSession(eval.Options{Stdout: io.Discard, Limits: engine.Limits{MaxMemory: 64 << 20}})
	errAt(t, s, context.Background(), src, 1, "too many nested calls (")
	err := s.ExecFile(context.Background(), "t.game", src)
	if !strings.Contains(err.Error(), "levels): is the recursion of f unbounded?") {
		t.Errorf("message %q", err)
	}
	// Within the budget the same def runs, in the same session.
	var out strings.Builder
	s2 := eval.NewSession(eval.Options{Stdout: &out, Limits: engine.Limits{MaxMemory: 64 << 20}})
	if err := s2.ExecFile(context.Background(), "t.game", strings.Replace(src, "99999", "2000", 1)); err != nil || out.String() != "0\n" {
		t.Errorf("f(2000): %v, printed %q", err, out.String())
	}
	// A plain deep recursion still meets the limit of nested calls.
	s3 := eval.NewSession(eval.Options{Stdout: io.Discard, Limits: engine.Limits{MaxDepth: 5000}})
	errAt(t, s3, context.Background(), "def f(n) = f(n + 1)\nprint f(0)\n", 1, "too many nested calls (more than 5000)")
}

// TestLongChainsRun: chains of 100,000 operators (a million in the issue)
// parse, compile and run, in linear time, with the values nested Binary
// nodes would give, and their errors.
func TestLongChainsRun(t *testing.T) {
	n := testenv.Scale(30_000, 100_000) // (the fast suite: 30,000)
	chain := func(term, last string) string { return strings.Repeat(term, n-1) + last }
	N := fmt.Sprint(n)
	cases := []struct{ src, want string }{
		{"print " + chain("1 + ", "1"), N},
		{"print " + chain("3 ^ ", "3"), "0"},
		{"print len(" + chain(`"ab" + `, `"ab"`) + ")", fmt.Sprint(2 * n)},
		{"print len(" + chain("[1] + ", "[1]") + ")", N},
		{"print len(" + chain("(1,) + ", "(1,)") + ")", N},
		{"print " + chain("true and ", "true"), "true"},
		{"print " + chain("false or ", "1 > 0"), "true"},
		{"print " + chain("0 * ", "2"), "0"},
		{"print sg(" + chain("*1 + ", "*1") + ")", "0"},
		{`let s = "x"` + "\nprint len(" + chain("s + ", "s") + "), " + chain("1 - ", "1"), fmt.Sprintf("%d %d", n, 2-n)},
		{"print 5 in " + chain("0 + ", "0") + " .. 10, " + chain("1 + ", "1") + " == " + N, "true true"},
	}
	for _, c := range cases {
		var out strings.Builder
		s := eval.NewSession(eval.Options{Stdout: &out})
		if err := s.ExecFile(context.Background(), "t.game", c.src); err != nil {
			t.Errorf("%.40q: %v", c.src, err)
			continue
		}
		if got := strings.TrimSpace(out.String()); got != c.want {
			t.Errorf("%.40q: printed %q, want %q", c.src, got, c.want)
		}
	}
	// Errors point where nested Binary nodes would point them: the
	// operator that fails, and the left operand of and at its start.
	s := eval.NewSession(eval.Options{Stdout: io.Discard})
	src := "print " + strings.Repeat(`"a" + `, 100) + `1 + "b"`
	errAt(t, s, context.Background(), src, 1, `cannot apply "+" to string and int`)
	err := s.ExecFile(context.Background(), "t.game", src)
	if want := fmt.Sprintf("t.game:1:%d:", 7+6*100-2); !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error %q, want it at %s", err, want)
	}
	errAt(t, s, context.Background(), "print 1 + 2"+strings.Repeat(" and true", 100), 1, "the operands of and must be true or false, found int 3")
	err = s.ExecFile(context.Background(), "t.game", "print 1 + 2"+strings.Repeat(" and true", 100))
	if !strings.HasPrefix(err.Error(), "t.game:1:7:") {
		t.Errorf("error %q, want it at the start of the left operand", err)
	}
	errAt(t, s, context.Background(), "print "+chain("9223372036854775807 + ", "1"), 1, "integer overflow")
}

// deepList is a script that builds v and u, lists nested depth levels
// deep (180 at a time, by a def), u differing from v at the bottom.
func deepList(depth int) string {
	w := strings.Repeat("[", 180) + "x" + strings.Repeat("]", 180)
	return fmt.Sprintf("def w(x) = %s\ndef d(x, n) = if n == 0 then x else d(w(x), n - 1)\nlet v = d(0, %d)\nlet u = d(1, %d)\n", w, depth/180, depth/180)
}

// TestDeepValues: values nested far deeper than any Go stack could recurse
// (1.8 million levels in the issue) are printed, compared, ordered, put in
// sets and maps and made positions of, without recursion.
func TestDeepValues(t *testing.T) {
	const depth = 180 * 300
	var out strings.Builder
	s := eval.NewSession(eval.Options{Stdout: &out})
	src := deepList(depth) + `game g(x) moves g(0) if x != 0
print len(str(v)), v == u, v == v, v < u, u < v, len({v, u, v}), len({v: 1, u: 2}), v in [u, v]
print sg(g(v)), sg(g(u)), len(str(moves(g(v))))
`
	if err := s.ExecFile(context.Background(), "t.game", src); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("%d false true true false 2 2 true\n1 1 6\n", 2*depth+1)
	if out.String() != want {
		t.Errorf("printed %q, want %q", out.String(), want)
	}
	// Sums nest through positions' arguments: their parts are sorted to
	// compare them, which recursion past a bound refuses, with an error.
	s = eval.NewSession(eval.Options{Stdout: io.Discard})
	errAt(t, s, context.Background(), `game g(x) moves *0
def d(x, n) = if n == 0 then x else d(g(x) + g(x + *1), n - 1)
let v = d(*0, 11000)
let u = d(*1, 11000)
print v == u
`, 5, "sums nested more than 10000 deep")
	// Below the bound, such sums compare in linear time (each sum's
	// parts sorted once, pairs found equal remembered): g(x) + g(x) at
	// every level is a path of 5000 values, and 2^5000 paths.
	var out2 strings.Builder
	s = eval.NewSession(eval.Options{Stdout: &out2})
	if err := s.ExecFile(context.Background(), "t.game", `game g(x) moves *0
def d(x, n) = if n == 0 then x else d(g(x) + g(x), n - 1)
print d(*0, 5000) == d(*0, 5000), d(*0, 5000) == d(*1, 5000)
def l(x, n) = if n == 0 then x else l([x, x], n - 1)
print l(0, 5000) == l(0, 5000), l(0, 5000) < l(1, 5000), {l(0, 3000): 1, l(1, 3000): 2}[l(1, 3000)]
`); err != nil || out2.String() != "true false\ntrue true 2\n" {
		t.Errorf("nested sums: %v, printed %q", err, out2.String())
	}
}

// memCases build values too big for 64 MiB in one operation each, or
// step by step: each must fail with the memory limit's error at the line
// given, before it allocates what it cannot have.
var memCases = []struct {
	name, src string
	line      int
	stdin     string
}{
	{"string doubling", "def dbl(s, n) = if n == 0 then s else dbl(s + s, n - 1)\nprint len(dbl(\"x\", 40))", 1, ""},
	{"list doubling", "def dbl(s, n) = if n == 0 then s else dbl(s + s, n - 1)\nprint len(dbl([0], 40))", 1, ""},
	{"tuple doubling", "def dbl(s, n) = if n == 0 then s else dbl(s + s, n - 1)\nprint len(dbl((0,), 40))", 1, ""},
	{"repetition", "print len(9000000 * [1])", 1, ""},
	{"range", "print len(0 .. 9000000)", 1, ""},
	{"range()", "print len(range(9000000))", 1, ""},
	{"primes", "print len(primes(100000000))", 1, ""},
	{"moves of a sum", "print len(moves(sum of *1 for i in 1 .. 100000))", 1, ""},
	{"str", "let a = 100000 * [1]\nlet b = 1000 * [a]\nprint len(str(b))", 3, ""},
	{"print", "let a = 100000 * [1]\nlet b = 1000 * [a]\nprint b", 3, ""},
	{"comprehension", "let a = [x for x in 0 .. 5000000]\nprint len(a)", 1, ""},
	{"chain of +", "let s = 1000000 * \"x\"\nprint len(s" + strings.Repeat(" + s", 100) + ")", 2, ""},
	{"enumerate", "let a = 1000000 * [1]\nprint len(enumerate(a))", 2, ""},
	{"sorted", "let a = 1200000 * [1]\nprint len(sorted(a))", 2, ""},
	{"ints", "print len(ints())", 1, strings.Repeat("1 ", 4_000_000)},
	{"parse", "let x = [" + strings.Repeat("1, ", 1_000_000) + "]", 1, ""},
	// Searches: the memo's keys, the search's stack.
	{"search of ints", "game up(n) moves up(n + 1) | up(n + 2)\nprint sg(up(0))", 1, ""},
	{"search of big ints", "game up(n) moves up(n + 1000000007) | up(n + 2000000014)\nprint sg(up(0))", 1, ""},
	{"search of tuples", "game up(t) moves up((t[0] + 1, t[1])) | up((t[0] + 2, t[1]))\nprint sg(up((0, 1)))", 1, ""},
	{"search of growing lists", "game up(s) moves up(s + [len(s)])\nprint sg(up([]))", 1, ""},
	{"deep recursion, wide calls", "def f(n) = if n == 0 then 0 else max(f(n - 1), " + strings.Repeat("0, ", 150) + "0)\nprint f(99999)", 1, ""},
	{"deep recursion, long lists", "def f(n) = if n == 0 then 0 else [f(n - 1), " + strings.Repeat("1, ", 150) + "1][0]\nprint f(99999)", 1, ""},
	{"a sum of positions", "game g(n) moves g(n - 1) if n > 0\nlet s = sum of g(i % 3) for i in 1 .. 10000000", 2, ""},
}

// TestMemoryLimitPerOperation: see memCases. The memory the limit counts
// stays within a quarter of the limit past it (and 16 MiB), sampled as
// the run goes.
func TestMemoryLimitPerOperation(t *testing.T) {
	for _, c := range memCases {
		t.Run(c.name, func(t *testing.T) {
			var in io.Reader
			if c.stdin != "" {
				in = strings.NewReader(c.stdin)
			}
			// The limit counts the whole process: 52 MiB above what the
			// test binary holds already as the limit counts it (its other
			// tests' memory, the runtime's own structures, which grow
			// with the heap the long suite once had), about 64 MiB when
			// it holds little.
			runtime.GC()
			debug.FreeOSMemory()
			limit := (engine.ProcessMemory()>>20 + 52) << 20
			s := eval.NewSession(eval.Options{Stdout: io.Discard, Stdin: in, Limits: engine.Limits{MaxMemory: limit}})
			base, peak := sampleMemory(func() {
				errAt(t, s, context.Background(), c.src, c.line, fmt.Sprintf("memory limit reached: more than %d MiB in use", limit>>20))
			})
			if top := max(base, limit); peak > top+top/4+16<<20 {
				t.Errorf("memory peaked at %d MiB under a limit of %d MiB (%d MiB before the run)", peak>>20, limit>>20, base>>20)
			}
		})
	}
}

// sampleMemory runs f and returns the memory the limit counts before it
// (after a collection) and its peak while f ran, sampled every 200 µs.
func sampleMemory(f func()) (base, peak int64) {
	runtime.GC()
	base = goMemory()
	var top atomic.Int64
	stop, sampled := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(sampled)
		tick := time.NewTicker(200 * time.Microsecond)
		defer tick.Stop()
		for {
			if m := goMemory(); m > top.Load() {
				top.Store(m)
			}
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	defer func() {
		close(stop)
		<-sampled
		peak = top.Load()
	}()
	f()
	return base, 0
}

// pollCases are long single operations: each must notice, while it runs,
// that its run was interrupted (by arm(), just before it), and stop with
// that error at its line (the same script without arm() runs to its end).
var pollCases = []struct {
	name, setup, op string
	stdin           string
}{
	{"concatenation", "let a = 300000 * [1]", "print len(a + a)", ""},
	{"string concatenation", "let s = 3000000 * \"ab\"", "print len(s + s)", ""},
	{"repetition", "let a = [1]", "print len(3000000 * a)", ""},
	{"string repetition", "let s = \"ab\"", "print len(3000000 * s)", ""},
	{"range", "let n = 2000000", "print len(0 .. n)", ""},
	{"str", "let a = 300000 * [1]", "print len(str(a))", ""},
	{"print", "let a = 300000 * [1]", "print a", ""},
	{"sorted", "let a = 300000 * [1]", "print len(sorted(a))", ""},
	{"set", "let a = [x % 7 for x in 0 .. 300000]", "print len(set(a))", ""},
	{"comprehension", "let a = 300000 * [1]", "print len([x + 1 for x in a])", ""},
	{"chain of +", `let s = 1000 * "x"`, "print len(s" + strings.Repeat(" + s", 3000) + ")", ""},
	{"join", "let a = 300000 * [\"a\"]", "print len(join(a, \",\"))", ""},
	{"chars", "let s = 300000 * \"ab\"", "print len(chars(s))", ""},
	{"zip", "let a = 300000 * [1]", "print len(zip(a, a))", ""},
	{"primes", "let n = 3000000", "print len(primes(n))", ""},
	{"moves of a sum", "let g = sum of *1 for i in 1 .. 1000", "print len(moves(g))", ""},
	{"ints", "let n = 1", "print len(ints())", strings.Repeat("1 ", 300_000)},
}

// TestLongOperationsPoll: see pollCases.
func TestLongOperationsPoll(t *testing.T) {
	for i, c := range pollCases {
		t.Run(c.name, func(t *testing.T) {
			stdin := func() io.Reader {
				if c.stdin == "" {
					return nil
				}
				return strings.NewReader(c.stdin)
			}
			src := c.setup + "\nlet armed = arm()\n" + c.op + "\n"
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			s := eval.NewSession(eval.Options{Stdout: io.Discard, Stdin: stdin()})
			arm := &engine.Builtin{BName: "arm", Fn: func(*engine.Call, []value.Value) value.Value {
				cancel()
				return value.True
			}}
			if err := s.DefineFunc(arm); err != nil {
				t.Fatal(err)
			}
			errAt(t, s, ctx, src, 3, "interrupted")
			// Not armed, it runs to its end (the fast suite: every other
			// case).
			if i%testenv.Scale(2, 1) != 0 {
				return
			}
			s = eval.NewSession(eval.Options{Stdout: io.Discard, Stdin: stdin()})
			if err := s.DefineFunc(&engine.Builtin{BName: "arm", Fn: func(*engine.Call, []value.Value) value.Value { return value.True }}); err != nil {
				t.Fatal(err)
			}
			if err := s.ExecFile(context.Background(), "t.game", src); err != nil {
				t.Fatalf("without arm(): %v", err)
			}
		})
	}
}

// TestParseAndCompilePoll: a run interrupted before it starts stops in
// its parse, or in its compile (a game's moves are compiled four times:
// a short script can take longer to compile than to parse).
func TestParseAndCompilePoll(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := eval.NewSession(eval.Options{Stdout: io.Discard})
	big := strings.Repeat("let x = [1, 2, 3, 4, 5, 6, 7, 8]\n", 1000)
	errAt(t, s, ctx, big, 0, "interrupted")
	// Under 4096 tokens, but more nodes than that to compile.
	rule := "game g(n) moves g(n - 1)" + strings.Repeat(" + g(n - 1)", 400) + " if n > 0\nprint 1\n"
	errAt(t, s, ctx, rule, 1, "interrupted")
	// Under a time limit, the parse of a big script is timed.
	s = eval.NewSession(eval.Options{Stdout: io.Discard, Limits: engine.Limits{Timeout: time.Nanosecond}})
	errAt(t, s, context.Background(), big, 0, "time limit reached")
}

// TestLoopySolveStopsAndRecovers: a big cycle is stopped by its deadline
// (in the search, the loopy solver or its last pass, wherever the
// deadline falls); what it leaves marked is undone when the session next
// runs, which then computes the values a fresh session computes.
func TestLoopySolveStopsAndRecovers(t *testing.T) {
	t.Parallel()
	// (The fast suite: a graph of 100,000 positions, which a deadline of
	// 20 ms still stops; the long one 400,000.)
	m := testenv.Scale(100000, 400000)
	src := fmt.Sprintf("game c(n) moves c((n * 3 + 1) %% %d) if n %% 7 != 0 | c(n - 1) if n %% 5 != 0 | c(n - 2) if n > 1\n", m)
	ask := fmt.Sprintf("print [sg(c(k)) for k in 0 .. 12], outcome(c(%d)), sg(c(7) + c(3)), sg(c(1) + *1)\n", m-1)
	var want strings.Builder
	fresh := eval.NewSession(eval.Options{Stdout: &want})
	if err := fresh.ExecFile(context.Background(), "t.game", src+ask); err != nil {
		t.Fatal(err)
	}
	// (The fast suite: the first deadline.)
	for _, d := range testenv.Sample([]time.Duration{20 * time.Millisecond, 150 * time.Millisecond, 400 * time.Millisecond}, 1) {
		var got strings.Builder
		s := eval.NewSession(eval.Options{Stdout: &got})
		ctx, cancel := context.WithTimeout(context.Background(), d)
		err := s.ExecFile(ctx, "t.game", src+ask)
		cancel()
		if err != nil && !strings.Contains(err.Error(), "interrupted") {
			t.Fatalf("deadline %v: %v", d, err)
		}
		got.Reset()
		if err := s.ExecFile(context.Background(), "u.game", ask); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("after a deadline of %v: %q, fresh: %q", d, got.String(), want.String())
		}
	}
}

// TestErrorsFormatHugeValuesOnlySoFar: an error quoting a huge value
// formats only what it shows (once, a sum of a million parts was
// formatted whole, 7 MB, to be cut to 200 bytes, and its parts built
// from their keys to count them).
func TestErrorsFormatHugeValuesOnlySoFar(t *testing.T) {
	xs := make([]value.Value, 1_000_000)
	for i := range xs {
		xs[i] = value.Int(int64(i))
	}
	big := value.List(xs)
	var text string
	if n := allocated(func() { text = fmt.Sprint(value.Shown(big)) }); n > 64<<10 {
		t.Errorf("Shown of a list of a million ints allocated %d bytes", n)
	}
	if len(text) != value.MaxShownText+3 || !strings.HasPrefix(text, "[0, 1, 2, ") || !strings.HasSuffix(text, "...") {
		t.Errorf("Shown: %q", text)
	}
	s := eval.NewSession(eval.Options{Stdout: io.Discard})
	if err := s.ExecFile(context.Background(), "t.game", "game g(n) moves g(n) | g(n - 1) if n > 0\nlet s = sum of g(i % 3) for i in 1 .. 1000000\n"); err != nil {
		t.Fatal(err)
	}
	var err error
	n := allocated(func() { err = s.ExecFile(context.Background(), "u.game", "print remoteness(s)\n") })
	if err == nil || !strings.Contains(err.Error(), "remoteness of g(1) + g(2) + g(0) + ") || len(err.Error()) > value.MaxShownText+200 {
		t.Errorf("remoteness of a sum of a million parts: %.300v", err)
	}
	if n > 1<<20 {
		t.Errorf("remoteness of a sum of a million parts allocated %d bytes", n)
	}
}

// allocated is the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
