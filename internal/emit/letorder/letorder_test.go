package letorder_test

import (
	"fmt"
	"testing"

	"github.com/grundy-lang/grundy/internal/emit/letorder"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/stdlib"
)

// TestFind: a def or game that reads a global, itself or through what it
// names, is early when a statement before the global's let names it; a
// script whose lets come first has none.
func TestFind(t *testing.T) {
	for _, c := range []struct {
		src  string
		want string // "READ CALLER LINE", or "" for none
	}{
		{"let k = 1\ndef f(n) = n + k\nprint f(1)\n", ""},
		{"print 1\nlet k = 1\ndef f(n) = n + k\nprint f(1)\n", ""},
		{"print f(1)\nlet k = 1\ndef f(n) = n + k\n", "k f 1"},
		{"for i in 0 .. 2 {\n    print f(i)\n}\nlet k = 1\ndef g(n) = n + k\ndef f(n) = g(n) * 2\n", "k f 2"},
		{"print sg(h(3))\nlet S = [1, 2]\ngame h(n) moves h(n - s) for s in S if s <= n\n", "S h 1"},
		{"print f(2)\nlet k = 3\ndef f(n) = if n == 0 then 0 else f(n - 1) + k\n", "k f 1"},
	} {
		f, err := lang.ParseFile("x.game", c.src)
		if err != nil {
			t.Fatal(err)
		}
		if ch := resolve.File(resolve.NewUniverse(stdlib.Registry()), resolve.NewScope(resolve.NewScope(nil)), f, false, 0); len(ch.Errs) > 0 {
			t.Fatalf("%s: %v", c.src, ch.Errs)
		}
		got := ""
		if r := letorder.Find(f.Stmts); r != nil {
			got = fmt.Sprintf("%s %s %d", r.Read.Name, r.Caller.Name, r.Caller.Pos.Line)
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.src, got, c.want)
		}
	}
}
