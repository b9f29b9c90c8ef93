package eval_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/stdlib"
)

// TestRegistryPerSession: a session sees the built-ins, Go games and
// prelude of the registry it was made with, and no other: two sessions of
// one program can differ, and the standard library is not changed by a
// copy that adds to it.
func TestRegistryPerSession(t *testing.T) {
	t.Parallel()
	mine := stdlib.Registry().Clone()
	mine.Add(&engine.Builtin{BName: "twice", MinArgs: 1, MaxArgs: 1, Pure: true,
		Fn: func(c *engine.Call, a []value.Value) value.Value { return value.Int(2 * a[0].Int()) }})
	mine.AddGame(&engine.GameDef{Name: "pair", Arity: 1,
		Options: func(g *engine.Game, args []value.Value) ([]value.Value, error) {
			if args[0].Int() <= 0 {
				return nil, nil
			}
			return []value.Value{g.Position(value.Int(args[0].Int() - 1))}, nil
		}})
	mine.AddPrelude("<mine.game>", "def thrice(n) = 3 * n\n")
	src := "print twice(21)\nprint thrice(5)\nprint sg(pair(3))\nprint sg(kayles(5))\n"

	run := func(reg *engine.Registry) (string, error) {
		var out bytes.Buffer
		s := eval.NewSession(eval.Options{Stdout: &out, Registry: reg})
		err := s.ExecFile(context.Background(), "t.game", src)
		return out.String(), err
	}
	got, err := run(mine)
	if err != nil {
		t.Fatalf("with the extended registry: %v", err)
	}
	if want := "42\n15\n1\n" + "4\n"; got != want {
		t.Errorf("with the extended registry: got %q, want %q", got, want)
	}
	_, err = run(nil)
	if err == nil {
		t.Fatal("the standard library alone knows twice, thrice and pair")
	}
	for _, name := range []string{"twice", "thrice", "pair"} {
		if !strings.Contains(err.Error(), `unknown name "`+name+`"`) {
			t.Errorf("the standard session's error does not report %s: %v", name, err)
		}
	}
	if stdlib.Registry().Builtin("twice") != nil {
		t.Error("Clone then Add changed the standard library")
	}
}

// TestRegistrySealed: the shared standard library cannot be added to.
func TestRegistrySealed(t *testing.T) {
	t.Parallel()
	defer func() {
		if recover() == nil {
			t.Error("Add on the sealed standard library did not panic")
		}
	}()
	stdlib.Registry().Add(&engine.Builtin{BName: "x", Fn: func(*engine.Call, []value.Value) value.Value { return value.None }})
}

// TestResetKeepsRegistryAndPasses: Reset forgets the script's names and
// values, not what the session was made with: its registry's games and
// built-ins, and the passes switched off.
func TestResetKeepsRegistryAndPasses(t *testing.T) {
	t.Parallel()
	mine := stdlib.Registry().Clone()
	mine.Add(&engine.Builtin{BName: "twice", MinArgs: 1, MaxArgs: 1, Pure: true,
		Fn: func(c *engine.Call, a []value.Value) value.Value { return value.Int(2 * a[0].Int()) }})
	var out bytes.Buffer
	s := eval.NewSession(eval.Options{Stdout: &out, Registry: mine, Disable: passes.All})
	if err := s.ExecFile(context.Background(), "a.game", "let x = twice(4)\ngame g(n) moves g(n - 1) if n > 0\n"); err != nil {
		t.Fatal(err)
	}
	s.Reset()
	if err := s.ExecFile(context.Background(), "b.game", "print twice(21)\n"); err != nil {
		t.Fatalf("after Reset: %v", err)
	}
	if err := s.ExecFile(context.Background(), "c.game", "print x\n"); err == nil || !strings.Contains(err.Error(), `unknown name "x"`) {
		t.Errorf("after Reset, x is still known: %v", err)
	}
	if got := out.String(); got != "42\n" {
		t.Errorf("printed %q", got)
	}
	if on := s.Thread().Engine.On; on != 0 {
		t.Errorf("after Reset the passes %v are on, all were off", on)
	}
	if xs := s.Explain(); len(xs) != 0 {
		t.Errorf("after Reset, %d explanations are left", len(xs))
	}
}
