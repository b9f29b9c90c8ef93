package grundy_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy"
)

// The limits through the Go API (issue 19): a Go game or function that
// panics is an error at the script's call, never a Go stack trace; a
// context ends any call, long single operations included; deep values go
// through the API.

func TestGoPanicIsAnError(t *testing.T) {
	in := grundy.New(grundy.Config{})
	if _, err := in.DefineGame(grundy.GameDef{Name: "broken", Arity: 1, Options: func(p grundy.Position) ([]grundy.Value, error) {
		var xs []int
		n, _ := p.Arg(0).Int()
		return []grundy.Value{grundy.Int(int64(xs[n]))}, nil // index out of range
	}}); err != nil {
		t.Fatal(err)
	}
	if err := in.DefineFunc(grundy.FuncDef{Name: "boom", Arity: 0, Fn: func([]grundy.Value) (grundy.Value, error) {
		panic("boom\nover two lines")
	}}); err != nil {
		t.Fatal(err)
	}
	loadError(t, in, "p.game", "let a = 1\nprint sg(broken(3))\n", grundy.RuntimeError, 2, 7, "broken(3): the Go code panicked: runtime error: index out of range [3] with length 0")
	e := loadError(t, in, "q.game", "print 1 + boom()\n", grundy.RuntimeError, 1, 11, "boom: the Go code panicked: boom over two lines")
	for _, err := range []error{e, in.Load(bg, "r.game", "print moves(broken(1))\n")} {
		if s := err.Error() + grundy.Explain(err); strings.Contains(s, "goroutine") || strings.Contains(s, ".go:") {
			t.Errorf("error shows a Go trace: %s", s)
		}
	}
	// The interpreter goes on.
	if v := mustEval(t, in, "sg(*3 + *5)"); v.String() != "6" {
		t.Errorf("after the panics: %v", v)
	}
}

// TestContextEndsLongOperations: a call whose context ends while a single
// long operation runs (a sort, a concatenation, printing a big value, a
// big cycle) returns the context's error, not the operation's result.
func TestContextEndsLongOperations(t *testing.T) {
	in := grundy.New(grundy.Config{})
	mustLoad(t, in, "let a = 1000000 * [3, 1, 2]\ngame c(n) moves c((n + 1) % 300000) | c((n * 2) % 300000)\n")
	for _, expr := range []string{
		"len(sorted(a + a))",
		"len(a + a + a + a)",
		"len(str([a, a, a, a]))",
		"sg(c(1))",
	} {
		ctx, cancel := context.WithTimeout(bg, 5*time.Millisecond)
		_, err := in.Eval(ctx, expr)
		cancel()
		e := asError(t, err, grundy.Canceled)
		if !errors.Is(err, context.DeadlineExceeded) || !strings.HasPrefix(e.Msg, "interrupted") {
			t.Errorf("%s: %v", expr, err)
		}
	}
	// Its time limit too.
	in = grundy.New(grundy.Config{Limits: grundy.Limits{Timeout: 5 * time.Millisecond}})
	_, err := in.Eval(bg, "len(sorted(2000000 * [3, 1, 2]))")
	if e := asError(t, err, grundy.LimitError); !strings.HasPrefix(e.Msg, "time limit reached") {
		t.Errorf("time limit: %v", err)
	}
}

// TestDeepValuesThroughTheAPI: a value nested deeper than the Go stack
// could recurse comes out of Eval, prints, and goes back in (Owns walks
// it without recursion).
func TestDeepValuesThroughTheAPI(t *testing.T) {
	in := grundy.New(grundy.Config{})
	mustLoad(t, in, "def w(x) = "+strings.Repeat("[", 150)+"x"+strings.Repeat("]", 150)+"\ndef d(x, n) = if n == 0 then x else d(w(x), n - 1)\ngame g(x) moves *1\n")
	v := mustEval(t, in, "d(0, 1000)")
	if s := v.String(); len(s) != 300_001 {
		t.Errorf("printed %d bytes", len(s))
	}
	p, err := in.Position("g", v)
	if err != nil {
		t.Fatal(err)
	}
	sg, err := in.SG(bg, p)
	if err != nil || sg.String() != "0" {
		t.Errorf("SG(g(deep)): %v %v", sg, err)
	}
}

// chainedDefs is n defs, each calling the one before twice: def f1(x) =
// x, def f2(x) = f1(x) + f1(x), ... (issue 19: 6,000 of them took 26 s and
// 2.3 GB to check, and no limit stopped it).
func chainedDefs(n int) string {
	var b strings.Builder
	b.WriteString("def f1(x) = x\n")
	for i := 2; i <= n; i++ {
		b.WriteString("def f" + strconv.Itoa(i) + "(x) = f" + strconv.Itoa(i-1) + "(x) + f" + strconv.Itoa(i-1) + "(x)\n")
	}
	return b.String()
}

// TestCheckHoldsTheLimits: Check holds the Config's limits and
// CheckContext its context too, as Load does: a check that would take
// too long stops with the time limit's error, a cancelled one with
// Canceled.
func TestCheckHoldsTheLimits(t *testing.T) {
	src := chainedDefs(3000)
	in := grundy.New(grundy.Config{Limits: grundy.Limits{Timeout: time.Nanosecond}})
	var e *grundy.Error
	if err := in.Check("chain.game", src); !errors.As(err, &e) || e.Kind != grundy.LimitError || !strings.Contains(e.Msg, "time limit reached") {
		t.Errorf("Check under a time limit of 1ns: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	in = grundy.New(grundy.Config{})
	if err := in.CheckContext(ctx, "chain.game", src); !errors.As(err, &e) || e.Kind != grundy.Canceled {
		t.Errorf("CheckContext with a cancelled context: %v", err)
	}
	// Without limits in the way, it checks.
	if err := in.Check("chain.game", src); err != nil {
		t.Errorf("Check: %v", err)
	}
}
