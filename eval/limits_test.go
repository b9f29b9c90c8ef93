package eval_test

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/grundy-lang/grundy/eval"
)

// TestLimits runs an infinite game under each limit: the run must stop with
// a message naming the limit and the position being computed.
func TestLimits(t *testing.T) {
	const src = "game up(n) moves up(n + 1) | up(n + 2)\nprint sg(up(0))\n"
	tests := []struct {
		name   string
		limits eval.Limits
		want   string
	}{
		{"states", eval.Limits{MaxStates: 5000}, "state limit reached: more than 5000 positions"},
		{"steps", eval.Limits{MaxSteps: 50000}, "step limit reached: more than 50000 evaluation steps"},
		{"time", eval.Limits{Timeout: 50 * time.Millisecond}, "time limit reached: the run took more than 50ms"},
		{"memory", eval.Limits{MaxMemory: 32 << 20}, "memory limit reached: more than 32 MiB in use"},
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
	s := eval.NewSession(eval.Options{Stdout: io.Discard, Limits: eval.Limits{MaxStates: 100}})
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
		if len(msg) > eval.MaxShownText+200 || !strings.Contains(msg, "...") || !utf8.ValidString(msg) || !strings.Contains(msg, c.want) {
			t.Errorf("%s: %d bytes: %.600s", c.expr, len(msg), msg)
		}
	}
	// An assertion's own message too.
	s := eval.NewSession(eval.Options{Stdout: io.Discard})
	err := s.ExecFile(context.Background(), "t.game", prelude+"assert false, S\n")
	if err == nil || len(err.Error()) > eval.MaxShownText+100 || !strings.HasSuffix(err.Error(), "éé...") {
		t.Errorf("assert with a long message: %.600v", err)
	}
	// Short values are shown whole.
	if e := eval.Errorf(eval.Pos{}, "found %s, %v", strings.Repeat("a", eval.MaxShownText), 12); e.Msg != "found "+strings.Repeat("a", eval.MaxShownText)+", 12" {
		t.Errorf("Errorf cut a short value: %q", e.Msg)
	}
}
