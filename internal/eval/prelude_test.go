package eval_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/stdlib"
)

// TestPreludeWhenNamed: the standard library's games written in grundy
// are compiled when code first names one, and every way in sees them as
// if they had been there from the start: a later REPL entry, an
// expression, a misspelt name's suggestion, a Go program's lookup, and a
// Go definition of the same name, which hides the library's.
func TestPreludeWhenNamed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	fresh := func() (*eval.Session, *bytes.Buffer) {
		var out bytes.Buffer
		return eval.NewSession(eval.Options{Stdout: &out}), &out
	}

	s, out := fresh()
	if err := s.ExecEntry(ctx, "e1", "game foo(n) moves foo(k) for k in 0 .. n - 1"); err != nil {
		t.Fatal(err)
	}
	if err := s.ExecEntry(ctx, "e2", "print sg(foo(3)), sg(nim(4)), sg(wythoff(1, 2))"); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "3 4 0\n" {
		t.Errorf("entries: got %q, want %q", got, "3 4 0\n")
	}
	if ex := s.Explain(); len(ex) != 1 || ex[0].Name != "foo" {
		t.Errorf("explanations after the library was loaded: %d, want foo's alone", len(ex))
	}

	s, _ = fresh()
	v, err := s.Eval(ctx, "x", "sg(lasker(3))")
	if err != nil || v.K != value.KInt || v.Int() != 4 {
		t.Errorf("Eval sg(lasker(3)) = %v, %v; want 4", v, err)
	}

	s, _ = fresh()
	err = s.ExecFile(ctx, "t.game", "print sg(wythof(3, 4))\n")
	if err == nil || !strings.Contains(err.Error(), `did you mean "wythoff"?`) {
		t.Errorf("misspelt library name: %v, want a suggestion of wythoff", err)
	}

	s, _ = fresh()
	if s.LookupGame("chomp") == nil {
		t.Error(`LookupGame("chomp") = nil in a fresh session`)
	}

	s, out = fresh()
	if _, err := s.DefineGame(&engine.GameDef{Name: "nim", Arity: 1,
		Options: func(g *engine.Game, args []value.Value) ([]value.Value, error) { return nil, nil }}); err != nil {
		t.Fatal(err)
	}
	if err := s.ExecFile(ctx, "t.game", "print sg(nim(3)), sg(grundys(5))\n"); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "0 2\n" {
		t.Errorf("a Go nim defined before the library loaded: got %q, want %q (the Go game hides the library's)", got, "0 2\n")
	}
}

// TestPreludeGlobalsKept: a prelude's lets take global slots when it is
// loaded; a check or a failed load that gives its own slots back keeps
// the prelude's, so a later let does not overwrite them.
func TestPreludeGlobalsKept(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	reg := stdlib.Registry().Clone()
	reg.AddPrelude("<mine.game>", "let BIG = 7\ndef big() = BIG\n")
	for _, first := range []func(*eval.Session) error{
		func(s *eval.Session) error { return s.CheckFile("c.game", "print big()\n") },
		func(s *eval.Session) error { return s.LoadFile(ctx, "l.game", "print big()\nprint nope\n") },
	} {
		var out bytes.Buffer
		s := eval.NewSession(eval.Options{Stdout: &out, Registry: reg})
		_ = first(s)
		if err := s.ExecFile(ctx, "t.game", "let a = 5\nlet b = 6\nprint a, b, big()\n"); err != nil {
			t.Fatal(err)
		}
		if got := out.String(); got != "5 6 7\n" {
			t.Errorf("got %q, want %q", got, "5 6 7\n")
		}
	}
}
