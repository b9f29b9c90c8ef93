package eval_test

// FuzzEval runs arbitrary scripts under small limits. Run it with
//
//	go test -fuzz=FuzzEval -fuzztime=5m ./internal/eval/
//
// Without -fuzz, `go test` runs the seeds below and the corpus in
// testdata/fuzz/FuzzEval (inputs that once failed).

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/testenv"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/lang"
)

// fuzzEvalSeeds returns the scripts FuzzEval starts from: the examples,
// the chunks of testdata/*.game, the grundy blocks of spec.md and a few
// hostile programs. Without -fuzz, the fast suite (package
// internal/testenv) takes an eighth of the files' scripts, spread over
// them, and every hostile program.
func fuzzEvalSeeds(t testing.TB) []string {
	var seeds []string
	for _, pat := range []string{"../../examples/*.game", "testdata/*.game"} {
		files, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var cur []string
			for _, l := range strings.Split(string(data), "\n") {
				if strings.TrimRight(l, "\r") == "---" {
					seeds = append(seeds, strings.Join(cur, "\n"))
					cur = nil
					continue
				}
				cur = append(cur, l)
			}
			seeds = append(seeds, strings.Join(cur, "\n"))
		}
	}
	spec, err := os.ReadFile("../../spec.md")
	if err != nil {
		t.Fatal(err)
	}
	var body strings.Builder
	in, keep := false, false
	for _, l := range strings.Split(string(spec), "\n") {
		switch {
		case !in && strings.HasPrefix(l, "```"):
			in, keep = true, strings.HasPrefix(strings.TrimLeft(l, "`"), "grundy")
			body.Reset()
		case in && strings.TrimRight(l, " ") == "```":
			in = false
			if keep {
				seeds = append(seeds, body.String())
			}
		case in:
			body.WriteString(l)
			body.WriteByte('\n')
		}
	}
	if !fuzzing() {
		seeds = testenv.Sample(seeds, len(seeds)/8)
	}
	return append(seeds, fuzzEvalHostile...)
}

// fuzzing reports whether go test runs with -fuzz.
func fuzzing() bool {
	f := flag.Lookup("test.fuzz")
	return f != nil && f.Value.String() != ""
}

var fuzzEvalHostile = []string{
	"",
	"\x00",
	"\xff",
	"print 9223372036854775807 + 1",
	"print -9223372036854775808 - 1, -(-9223372036854775808)",
	"print -9223372036854775808 / -1",
	"print -9223372036854775808 % -1",
	"print 4611686018427387904 * 2",
	"print 1 / 0",
	"print 1 % 0",
	"print abs(-9223372036854775808)",
	"game up(n) moves up(n + 1)\nprint sg(up(0))",
	"game loop(n) moves loop(n)\nprint sg(loop(0)), outcome(loop(0)), winning(loop(0)), remoteness(loop(0))",
	"def f(n) = f(n + 1)\nprint f(0)",
	"def f(n) = if n == 0 then 0 else 1 + f(n - 1)\nprint f(100000)",
	"print *2147483648",
	"print *-1",
	"game g(n) moves *0\nprint 1048577 * g(0)",
	"print sg(9223372036854775807 * *1)",
	"print len(0 .. 100000000)",
	"print len(0 .. 9223372036854775807)",
	"print -9223372036854775808 .. 9223372036854775807",
	"print 5 in 0 .. 9223372036854775807",
	"print [1, 2][2], [1][-1]",
	"print {1: 2}[3]",
	"let (a, b) = (1, 2, 3)",
	"for (a, b) in [(1, 2, 3)] { print a }",
	"for (a, b) in [1] { print a }",
	"assert false, \"boom\"",
	"assert 1",
	"print ints()",
	"print sum of 1, 2",
	"print sg(1)",
	"print sorted([1, \"a\", *1, (1,)])",
	"print min([]), max([])",
	"print divisors(0), divisors(-4), divisors(9223372036854775807)",
	"print get(1, 2, 3), keys(1), set(1), str()",
	"let f = sg\nprint f(f)",
	"game g(n) moves g\nprint sg(g(0))",
	"game g(n) moves g(n)(1)\nprint sg(g(0))",
	"game a(n) moves b(n)\ngame b(n) moves a(n - 1) for k in [1] if n > 0\nprint sg(a(10)), outcome(b(3))",
	"game g(n) moves g(n - 1) + g(n - 1) for k in [1] if n > 0\nprint sg(g(40)), moves(g(3)), winning(g(3))",
	"game g(n) moves sum of g(n - 1) for k in 1 .. n\nprint sg(g(30))",
	"print \"a\" * 3, [1] * 3, (1,) * 3",
	"print [[1]] < [[\"a\"]]",
	"game g(n) moves g(n)\nprint sg(g(0)) < 1",
	"let xs = [1]\nfor i in 0 .. 40 { let xs = xs + xs }\nprint len(xs)",
}

var fuzzPos = regexp.MustCompile(`^f\.game:(\d+):(\d+): `)

func FuzzEval(f *testing.F) {
	for _, s := range fuzzEvalSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		type result struct {
			err      error
			panicked any
			stack    string
		}
		done := make(chan result, 1)
		go func() {
			defer func() {
				if r := recover(); r != nil {
					done <- result{panicked: r, stack: string(debug.Stack())}
				}
			}()
			s := eval.NewSession(eval.Options{
				Stdout: io.Discard,
				Stdin:  strings.NewReader("3\n1 2 3\n"),
				Limits: engine.Limits{MaxStates: 20000, MaxDepth: 200},
			})
			done <- result{err: s.ExecFile(ctx, "f.game", src)}
		}()
		var r result
		select {
		case r = <-done:
		case <-time.After(3 * time.Second):
			t.Fatalf("ExecFile ignored its 200ms deadline for 3s: %q", src)
		}
		if r.panicked != nil {
			t.Fatalf("ExecFile panicked: %v\n%s\ninput: %q", r.panicked, r.stack, src)
		}
		if r.err == nil {
			return
		}
		msg := r.err.Error()
		for _, bad := range []string{"internal error", "goroutine", "panic", "runtime error:", ".go:"} {
			// A script may print or assert with any text: only text that
			// is not in the source counts.
			if strings.Contains(msg, bad) && !strings.Contains(src, bad) {
				t.Fatalf("error mentions %q:\n%s\ninput: %q", bad, msg, src)
			}
		}
		checkEvalError(t, src, r.err)
	})
}

// checkEvalError checks that every message of err starts with a position
// inside src.
func checkEvalError(t *testing.T, src string, err error) {
	t.Helper()
	var list lang.ErrorList
	var se *lang.Error
	var re *value.RuntimeError
	var msgs []string
	switch {
	case errors.As(err, &list):
		for _, e := range list {
			msgs = append(msgs, e.Error())
		}
	case errors.As(err, &se):
		msgs = []string{se.Error()}
	case errors.As(err, &re):
		msgs = []string{re.Error()}
	default:
		t.Fatalf("error of type %T: %v\ninput: %q", err, err, src)
	}
	nlines := strings.Count(src, "\n") + 1
	for _, m := range msgs {
		if err := checkEvalPos(m, nlines); err != nil {
			t.Fatalf("%v\ninput: %q", err, src)
		}
	}
}

func checkEvalPos(msg string, nlines int) error {
	m := fuzzPos.FindStringSubmatch(msg)
	if m == nil {
		return fmt.Errorf("error %q does not start with f.game:LINE:COL:", msg)
	}
	line, _ := strconv.Atoi(m[1])
	col, _ := strconv.Atoi(m[2])
	if line < 1 || col < 1 || line > nlines+1 {
		return fmt.Errorf("error %q: position outside the input (%d lines)", msg, nlines)
	}
	if strings.TrimSpace(msg[len(m[0]):]) == "" {
		return fmt.Errorf("error %q has no sentence", msg)
	}
	return nil
}
