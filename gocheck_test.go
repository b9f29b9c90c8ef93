package grundy_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/grundy-lang/grundy"
)

// checkedGame defines h(n), a Go game whose Check accepts the ints n >= 1
// only: its options are h(n - 1) (none for h(1)), and h(100) has the
// option h(-100), which Options makes with Game.Position. Options records
// every argument it is called with that Check rejects: the test fails on
// any (and the panic makes the call fail too).
func checkedGame(t *testing.T, in *grundy.Interpreter) (grundy.Game, func() []string) {
	t.Helper()
	var mu sync.Mutex
	var bad []string
	g, err := in.DefineGame(grundy.GameDef{Name: "h", Arity: 1,
		Options: func(p grundy.Position) ([]grundy.Value, error) {
			n, ok := p.Arg(0).Int()
			if !ok || n < 1 {
				mu.Lock()
				bad = append(bad, p.String())
				mu.Unlock()
				panic(fmt.Sprintf("Options called with %v, which Check rejects", p))
			}
			switch n {
			case 1:
				return nil, nil
			case 100:
				return []grundy.Value{p.Game().Position(grundy.Int(-100))}, nil
			}
			return []grundy.Value{p.Game().Position(grundy.Int(n - 1))}, nil
		},
		Check: func(args []grundy.Value) error {
			if n, ok := args[0].Int(); !ok || n < 1 {
				return errors.New("n must be an int >= 1")
			}
			return nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	return g, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(bad)
	}
}

// TestGoGameCheckEveryPath: a Go family's Check runs on every path that
// makes one of its positions, streamed or made as a value, in scripts
// and from Go, and Options never sees arguments that Check rejects. The
// error is at the script's call that wrote the position, or, for a
// position that Go code made, at the script's call that needed it.
func TestGoGameCheckEveryPath(t *testing.T) {
	in := grundy.New(grundy.Config{})
	g, bad := checkedGame(t, in)
	const msg = ": n must be an int >= 1"
	for _, c := range []struct {
		src       string
		line, col int
		pos       string
	}{
		{"print h(-1)", 1, 7, "h(-1)"},
		{"print moves(h(-1))", 1, 13, "h(-1)"},
		{"let p = h(-1)", 1, 9, "h(-1)"},
		{"print sg(h(-1))", 1, 10, "h(-1)"},
		{"print outcome(h(-1))", 1, 15, "h(-1)"},
		{`print sg(h("x"))`, 1, 10, `h("x")`},
		{"print winning(h(2) + h(0))", 1, 22, "h(0)"},
		{"print sg(h(1) + h(-1))", 1, 17, "h(-1)"},
		{"print sg(*1 + h(0))", 1, 15, "h(0)"},
		{"print sg(sum of h(n) for n in -1 .. 2)", 1, 17, "h(-1)"},
		{"print [sg(h(n)) for n in -1 .. 2]", 1, 11, "h(-1)"},
		{"print {h(n) for n in -1 .. 2}", 1, 8, "h(-1)"},
		{"table sg(h(n)) for n in -1 .. 1", 1, 10, "h(-1)"},
		{"def f(n) = h(n)\nprint sg(f(-1))", 1, 12, "h(-1)"},
		{"def f(n) = h(n)\nprint f(0)", 1, 12, "h(0)"},
		{"game z(n) moves h(n - 5)\nprint sg(z(3))", 1, 17, "h(-2)"},
		{"game z(n) moves h(n - 5)\nprint moves(z(3))", 1, 17, "h(-2)"},
		{"game y(n) moves h(n - s) for s in 1 .. 3 if s <= n\nprint sg(y(2))", 1, 17, "h(0)"},
		{"game w(n) moves h(a) + h(n - 1 - a) for a in 0 .. n - 1\nprint sg(w(3))", 1, 17, "h(0)"},
		{"print misere(h(0))", 1, 14, "h(0)"},
		// A position that Options made (with Game.Position): at the call
		// that needed it.
		{"print sg(h(100))", 1, 7, "h(-100)"},
		{"print outcome(h(3) + h(100))", 1, 7, "h(-100)"},
	} {
		e := asError(t, in.Load(bg, "t.game", c.src), grundy.RuntimeError)
		checkPos(t, e, "t.game", c.line, c.col)
		if e.Msg != c.pos+msg {
			t.Errorf("%q: message %q, want %q", c.src, e.Msg, c.pos+msg)
		}
	}
	// From Go: Game.Position does not check (it cannot fail), but the
	// position is checked before it is used as a game.
	neg := g.Position(grundy.Int(-7))
	queries := map[string]func(grundy.Value) error{
		"SG":         func(v grundy.Value) error { _, err := in.SG(bg, v); return err },
		"Outcome":    func(v grundy.Value) error { _, err := in.Outcome(bg, v); return err },
		"Moves":      func(v grundy.Value) error { _, err := in.Moves(bg, v); return err },
		"Winning":    func(v grundy.Value) error { _, err := in.Winning(bg, v); return err },
		"BestMove":   func(v grundy.Value) error { _, _, err := in.BestMove(bg, v); return err },
		"Remoteness": func(v grundy.Value) error { _, _, err := in.Remoteness(bg, v); return err },
	}
	for name, q := range queries {
		for _, v := range []grundy.Value{neg, grundy.Sum(g.Position(grundy.Int(2)), neg)} {
			e := asError(t, q(v), grundy.RuntimeError)
			if e.Line != 0 || e.Error() != "h(-7)"+msg {
				t.Errorf("%s(%v): %q at line %d", name, v, e, e.Line)
			}
		}
	}
	if err := in.DefineValue("P", neg); err != nil {
		t.Fatal(err)
	}
	loadError(t, in, "p.game", "print P\nprint sg(P)\n", grundy.RuntimeError, 2, 7, "h(-7)"+msg)
	if _, err := in.Position("h", grundy.Int(-7)); err == nil || err.Error() != "grundy: h(-7)"+msg {
		t.Errorf("Position(h, -7): %v", err)
	}
	if _, err := in.Graph(bg, "<g>", "h(0)"); err == nil || !strings.HasSuffix(err.Error(), "h(0)"+msg) {
		t.Errorf("Graph(h(0)): %v", err)
	}
	// The positions it accepts work on every path.
	mustLoad(t, in, "game z(n) moves h(n - 5)\nprint sg(z(7)), sg(h(3) + h(2)), [sg(h(n)) for n in 1 .. 4]\n")
	if b := bad(); len(b) > 0 {
		t.Errorf("Options was called with arguments Check rejects: %v", b)
	}
}

// TestGoGameOptionsError: an error of Options is shown once, after the
// position, at the script's call that needed the options, also when its
// text already starts with the position.
func TestGoGameOptionsError(t *testing.T) {
	in := grundy.New(grundy.Config{})
	_, err := in.DefineGame(grundy.GameDef{Name: "euc", Arity: 2, Options: func(p grundy.Position) ([]grundy.Value, error) {
		a, _ := p.Arg(0).Int()
		b, _ := p.Arg(1).Int()
		switch {
		case a <= 0:
			return nil, fmt.Errorf("%v: not positive", p)
		case b <= 0:
			return nil, errors.New("not positive")
		}
		return []grundy.Value{p.Game().Position(grundy.Int(a-b), grundy.Int(b)), p.Game().Position(grundy.Int(a), grundy.Int(b-a))}, nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		expr string
		col  int
		pos  string
	}{
		{"sg(euc(0, 3))", 1, "euc(0, 3)"},
		{"1 + sg(euc(0, 3))", 5, "euc(0, 3)"},
		{"[outcome(euc(0, 3))]", 2, "euc(0, 3)"},
		{"1 + sg(euc(3, 0))", 5, "euc(3, 0)"},
		{"1 + sg(euc(2, 1))", 5, "euc(0, 1)"},
	} {
		_, err := in.Eval(bg, c.expr)
		e := asError(t, err, grundy.RuntimeError)
		checkPos(t, e, "<eval>", 1, c.col)
		if want := c.pos + ": not positive"; e.Msg != want {
			t.Errorf("%s: message %q, want %q", c.expr, e.Msg, want)
		}
	}
	loadError(t, in, "e.game", "def f(n) = sg(euc(n, 3))\nprint f(0)\n", grundy.RuntimeError, 1, 12, "euc(0, 3): not positive")
}
