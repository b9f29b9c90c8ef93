package eval_test

import (
	"bytes"
	"context"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy"
	"github.com/grundy-lang/grundy/internal/engine"

	"github.com/grundy-lang/grundy/internal/eval"
)

func ladderRun(t *testing.T, src string) string {
	t.Helper()
	var out bytes.Buffer
	s := eval.NewSession(eval.Options{Stdout: &out})
	if err := s.ExecFile(context.Background(), "t.game", src); err != nil {
		text := grundy.ExplainIn(err, func(string) (string, bool) { return src, true })
		t.Fatal(text)
	}
	return out.String()
}

// TestLadderSameValues: a chain 300,000 deep asked from the top gives the
// values that a bottom-up loop computes.
func TestLadderSameValues(t *testing.T) {
	rules := "game sub(n) moves sub(n - s) for s in {1, 3, 4, 9, 17} if s <= n\n"
	top := ladderRun(t, rules+"print sg(sub(300000)), sg(sum of sub(n) for n in 0 .. 300000)\n")
	bottom := ladderRun(t, rules+"for n in 0 .. 300000 { assert sg(sub(n)) >= 0 }\nprint sg(sub(300000)), sg(sum of sub(n) for n in 0 .. 300000)\n")
	if top != bottom {
		t.Errorf("from the top %q, bottom up %q", top, bottom)
	}
}

// TestLadderGivesUp: positions the plain search never reaches fail; the
// ladder's rungs land on them, give up, and the plain search answers.
func TestLadderGivesUp(t *testing.T) {
	src := `
game f(n) moves
    f(n - 2) if n % 2 == 0 and n >= 2
  | f(n / 0) if n % 2 == 1
print sg(f(0))
print sg(f(400000))
`
	if got := ladderRun(t, src); got != "0\n0\n" {
		t.Errorf("got %q", got)
	}
}

// TestLadderLimit: a limit hit inside a rung is the run's error.
func TestLadderLimit(t *testing.T) {
	s := eval.NewSession(eval.Options{Limits: engine.Limits{MaxStates: 100000}})
	err := s.ExecFile(context.Background(), "t.game", "game c(n) moves c(n - 1) if n > 0\nprint sg(c(1000000))\n")
	if err == nil {
		t.Fatal("no error")
	}
	if want := "state limit reached"; !bytes.Contains([]byte(err.Error()), []byte(want)) {
		t.Errorf("error %q, want %q", err, want)
	}
}

// TestBoxSparse: the ladder climbs the box below a position of two ints
// only when the search fills it: a diagonal, or a dense corner far below,
// is computed position by position (what the plain search visits).
func TestBoxSparse(t *testing.T) {
	for _, c := range []struct {
		name, src string
		most      int64
	}{
		{"diagonal", "game g(a, b) moves g(a - 1, b - 1) for k in [0] if a > 0 and b > 0\nprint sg(g(3000, 3000))\n", 3100},
		{"dense corner", `game g(a, b) moves g(a - 1, b - 1) for k in [0] if a > 60 and b > 0
  | g(a - 1, b) for k in [0] if a <= 60 and a > 0 | g(a, b - 1) for k in [0] if a <= 60 and b > 0
print sg(g(3000, 3000))
`, 20000},
		{"full box", "game g(a, b) moves g(a - 1, b) for k in [0] if a > 0 | g(a, b - 1) for k in [0] if b > 0\nprint sg(g(300, 300))\n", 95000},
	} {
		s := eval.NewSession(eval.Options{Stdout: &bytes.Buffer{}})
		if err := s.ExecFile(context.Background(), "t.game", c.src); err != nil {
			t.Fatal(err)
		}
		if st := s.Stats(); st.States > c.most {
			t.Errorf("%s: %d states visited, want at most %d", c.name, st.States, c.most)
		}
	}
}

// TestWideAfterError: a run that fails after a wide kernel marked values
// leaves nothing behind for the session's next search (a REPL goes on
// after an error).
func TestWideAfterError(t *testing.T) {
	rules := `
game g(n) moves g(k) for k in 0 .. n - 1 | *(1 / (n - 300)) for k in [0] if n == 300
game w(a, b) moves w(a - k, b) for k in 1 .. a | w(a, b - k) for k in 1 .. b | *([0][a]) for k in [0] if a == 60 and b == 0
`
	ask := "print [sg(g(n)) for n in 200 .. 205], sg(w(50, 100)), sg(w(57, 3)), sg(w(59, 30))\n"
	fresh := ladderRun(t, rules+ask)
	var out bytes.Buffer
	s := eval.NewSession(eval.Options{Stdout: &out})
	if err := s.ExecFile(context.Background(), "t.game", rules+"print sg(g(400))\n"); err == nil {
		t.Fatal("g(400): no error")
	}
	// (A wide game's position whose options are all below 64.)
	if err := s.ExecFile(context.Background(), "t.game", "print sg(w(50, 100)), sg(w(60, 0))\n"); err == nil {
		t.Fatal("w(60, 0): no error")
	}
	if err := s.ExecFile(context.Background(), "t.game", ask); err != nil {
		t.Fatal(err)
	}
	if out.String() != fresh {
		t.Errorf("after errors %q, fresh %q", out.String(), fresh)
	}
}

// stepCtx is a context whose Err reports a cancellation from its call
// number after on (counting from 1), and notes the first call made from
// the engine's check of an optimistic computation's error (retriable).
type stepCtx struct {
	context.Context
	n, after, check int
}

func (c *stepCtx) Err() error {
	c.n++
	if c.check == 0 {
		pcs := make([]uintptr, 8)
		frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
		for {
			f, more := frames.Next()
			if strings.HasSuffix(f.Function, ".retriable") {
				c.check = c.n
			}
			if !more {
				break
			}
		}
	}
	if c.after > 0 && c.n >= c.after {
		return context.Canceled
	}
	return nil
}

// TestLadderCanceled: when the run is canceled while the ladder climbs and
// one of its rungs fails, the error is the cancellation, not the rung's
// (which the plain search never meets).
func TestLadderCanceled(t *testing.T) {
	src := "game f(n) moves f(n - 2) for k in [0] if n % 2 == 0 and n >= 2 | f(n / 0) for k in [0] if n % 2 == 1\nprint sg(f(300000))\n"
	probe := &stepCtx{Context: context.Background()}
	if err := eval.NewSession(eval.Options{Stdout: io.Discard}).ExecFile(probe, "t.game", src); err != nil {
		t.Fatal(err)
	}
	if probe.check == 0 {
		t.Fatal("the ladder's rung did not fail (nothing to test)")
	}
	c := &stepCtx{Context: context.Background(), after: probe.check}
	err := eval.NewSession(eval.Options{Stdout: io.Discard}).ExecFile(c, "t.game", src)
	if err == nil || !strings.Contains(err.Error(), "interrupted") {
		t.Errorf("canceled while a rung failed: %v, want interrupted", err)
	}
}
