package eval_test

// FuzzLimits runs arbitrary scripts under a tight memory limit and a
// short time limit: each must end with its result or an error (the limit
// reached, positioned like every error), never a crash, a run past its
// time limit, or memory far past its limit. Run it with
//
//	go test -fuzz=FuzzLimits -fuzztime=5m ./internal/eval/
//
// Without -fuzz, `go test` runs the seeds: those of FuzzEval (the
// examples, the script tests, spec.md) and the inputs of issue 19 below,
// scaled down.

import (
	"context"
	"io"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/internal/engine"

	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/internal/testenv"
)

var limitSeeds = []string{
	"def f(n) = if n == 0 then 0 else f(n - 1)" + strings.Repeat(" + 0", 19) + "\nprint f(99999)",
	"print " + strings.Repeat("1 + ", 20000) + "1",
	"print " + strings.Repeat("1 ^ ", 20000) + "1",
	"print len(" + strings.Repeat(`"ab" + `, 20000) + `"ab")`,
	"print " + strings.Repeat("true and ", 20000) + "true",
	"def f(x) = f\nprint f" + strings.Repeat("(0)", 2000),
	"def w(x) = " + strings.Repeat("[", 150) + "x" + strings.Repeat("]", 150) +
		"\ndef d(x, n) = if n == 0 then x else d(w(x), n - 1)\nlet v = d(0, 200)\nlet u = d(1, 200)\nprint len(str(v)), v == u, v < u, {v: 1}[v]",
	"def l(x, n) = if n == 0 then x else l([x, x], n - 1)\nprint l(0, 3000) == l(0, 3000), l(0, 3000) < l(1, 3000), len(str(l(0, 40)))",
	"game g(x) moves *0\ndef d(x, n) = if n == 0 then x else d(g(x) + g(x + *1), n - 1)\nprint d(*0, 20000) == d(*1, 20000)",
	"def dbl(s, n) = if n == 0 then s else dbl(s + s, n - 1)\nprint len(dbl(\"x\", 40))",
	"def dbl(s, n) = if n == 0 then s else dbl(s + s, n - 1)\nprint len(dbl([0, 0, 0, 0, 0], 30))",
	"print len(primes(100000000))",
	"print len(moves(sum of *1 for i in 1 .. 100000))",
	"print remoteness(sum of *1 for i in 1 .. 1000000)",
	"let a = 1000000 * [0]\nlet b = a + a + a + a\nprint len(b + b)",
	"let a = 1000000 * [123456]\nprint len(str([a, a, a, a]))",
	"let a = [(i * 7919) % 1000003 for i in 0 .. 999999]\nprint len(sorted(10 * a))",
	"print len([i for i in 0 .. 9999999 for j in 0 .. 9])",
	"let r = [0 .. 9999998 for i in 0 .. 99]\nprint len(r)",
	"let a = 10000000 * [0]\nprint len([a + a for i in 0 .. 99])",
	"game c(n) moves c((n + 1) % 4000000) | c((n * 2) % 4000000)\nprint sg(c(1))",
	"print len(join(chars(10000000 * \"ab\"), \",\"))",
	"print len(zip(range(10000000), range(10000000)))",
	"let x = [" + strings.Repeat("1, ", 100000) + "]\nprint len(x)",
}

var memSample = []metrics.Sample{
	{Name: "/memory/classes/heap/objects:bytes"},
	{Name: "/memory/classes/heap/stacks:bytes"},
}

// goMemory is what the memory limit counts of the Go runtime's memory.
func goMemory() int64 {
	metrics.Read(memSample)
	return int64(memSample[0].Value.Uint64() + memSample[1].Value.Uint64())
}

func FuzzLimits(f *testing.F) {
	// (The fast suite: half the scripts' seeds, spread over them;
	// FuzzEval runs them all.)
	seeds := fuzzEvalSeeds(f)
	if !fuzzing() {
		seeds = testenv.Sample(seeds, len(seeds)/2)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	for _, s := range limitSeeds {
		f.Add(s)
	}
	const (
		maxMemory = 48 << 20
		timeout   = 50 * time.Millisecond
		// A run may end this much past its time limit before the target
		// calls it an overrun (a loaded machine is slow, a polled
		// operation is not unbounded).
		grace = 5 * time.Second
	)
	f.Fuzz(func(t *testing.T, src string) {
		runtime.GC()
		base := goMemory()
		var peak atomic.Int64
		stop := make(chan struct{})
		sampled := make(chan struct{})
		go func() {
			defer close(sampled)
			tick := time.NewTicker(200 * time.Microsecond)
			defer tick.Stop()
			for {
				if m := goMemory(); m > peak.Load() {
					peak.Store(m)
				}
				select {
				case <-stop:
					return
				case <-tick.C:
				}
			}
		}()
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
				Limits: engine.Limits{MaxMemory: maxMemory, Timeout: timeout},
			})
			done <- result{err: s.ExecFile(context.Background(), "f.game", src)}
		}()
		var r result
		select {
		case r = <-done:
		case <-time.After(timeout + grace):
			t.Fatalf("ExecFile ran %v past its time limit of %v: %q", grace, timeout, src)
		}
		close(stop)
		<-sampled
		if r.panicked != nil {
			t.Fatalf("ExecFile panicked: %v\n%s\ninput: %q", r.panicked, r.stack, src)
		}
		// The limit counts the process's memory: a base above it stops
		// the run at once (an error, which is fine).
		limit := max(base, maxMemory)
		if p := peak.Load(); p > limit+limit/4+16<<20 {
			t.Fatalf("memory peaked at %d MiB under a limit of %d MiB (%d MiB before the run): %q", p>>20, maxMemory>>20, base>>20, src)
		}
		if r.err == nil {
			return
		}
		msg := r.err.Error()
		for _, bad := range []string{"internal error", "goroutine", "panic", "runtime error:", ".go:"} {
			if strings.Contains(msg, bad) && !strings.Contains(src, bad) {
				t.Fatalf("error mentions %q:\n%s\ninput: %q", bad, msg, src)
			}
		}
		checkEvalError(t, src, r.err)
	})
}
