package eval_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/internal/eval"
)

// TestErrorKindSetWhereRaised: each limit's error says it is a limit (and
// names its flag exactly as the message shows it), an interruption says
// so, and a script's own error is neither, without reading the message.
func TestErrorKindSetWhereRaised(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src string
		limits    engine.Limits
		timeout   time.Duration
		kind      value.ErrorKind
		flag      string
	}{
		{"steps", "def f(n) = if n == 0 then 0 else f(n - 1)\nprint f(5000)\n", engine.Limits{MaxSteps: 1000}, 0, value.ErrLimit, "--max-steps"},
		{"states", "game g(n) moves g(n + 1)\nprint sg(g(0))\n", engine.Limits{MaxStates: 1000}, 0, value.ErrLimit, ""},
		{"depth", "def f(n) = f(n + 1) + 1\nprint f(0)\n", engine.Limits{MaxDepth: 100}, 0, value.ErrLimit, ""},
		{"timeout", "game g(n) moves g(n + 1)\nprint sg(g(0))\n", engine.Limits{Timeout: 50 * time.Millisecond}, 0, value.ErrLimit, "--timeout"},
		{"interrupted", "game g(n) moves g(n + 1)\nprint sg(g(0))\n", engine.Limits{}, 50 * time.Millisecond, value.ErrInterrupted, ""},
		{"runtime", "print 1 / 0\n", engine.Limits{}, 0, value.ErrRuntime, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			if c.timeout > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, c.timeout)
				defer cancel()
			}
			s := eval.NewSession(eval.Options{Limits: c.limits})
			err := s.ExecFile(ctx, "k.game", c.src)
			var re *value.RuntimeError
			if !errors.As(err, &re) {
				t.Fatalf("error %v, want a runtime error", err)
			}
			if re.Kind != c.kind || re.Flag != c.flag {
				t.Errorf("%q: kind %d flag %q, want %d %q", re.Msg, re.Kind, re.Flag, c.kind, c.flag)
			}
			if c.flag != "" && (!strings.Contains(re.Msg, "("+c.flag+")") || strings.Contains(re.MsgWithoutFlag(), c.flag)) {
				t.Errorf("%q: the flag %s is not shown once, or MsgWithoutFlag %q keeps it", re.Msg, c.flag, re.MsgWithoutFlag())
			}
		})
	}
}
