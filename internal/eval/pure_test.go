package eval

import (
	"context"
	"io"
	"testing"
)

// pureRule decides which games' positions the loopy solver may open
// without the fast search: those whose move rules can ask for no game's
// value, directly or through defs. When in doubt it says impure.
func TestPureRule(t *testing.T) {
	src := `
def mix(x) = (x * 1103515245 + 12345) % 2147483647
def rnd(x) = mix(mix(x))
def asks(n) = sg(*n)
def rec(n) = if n == 0 then 0 else rec(n - 1)
def half(n) = max(divisors(n)) / 2
game arith(v) moves arith(rnd(4 * v + k) % 40) for k in 0 .. 2
game lists(n) moves lists(len([i for i in 1 .. n]) - 1) if n > 0 | lists(max(divisors(n + 1)) - 1) if n > 1
game other(n) moves arith(n) + lists(n) if n > 0
game viapure(n) moves viapure(half(n)) if n > 1
game sgs(n) moves *(sg(arith(n))) | sgs(n - 1) if n > 0
game outs(n) moves outs(n - 1) if outcome(*n) == "N"
game viadef(n) moves viadef(asks(n) - 1) if n > 0
game recursive(n) moves recursive(rec(n) + n - 1) if n > 0
game param(f) moves param(f(1))
game listed(n) moves x for x in moves(arith(n))
game winner(n) moves winner(n - 1) if len(winning(arith(n))) > 0
`
	s := NewSession(Options{Stdout: io.Discard})
	if err := s.ExecFile(context.Background(), "p.game", src); err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{
		"arith": true, "lists": true, "other": true, "viapure": true,
		"sgs": false, "outs": false, "viadef": false, "recursive": false,
		"param": false, "listed": false, "winner": false,
	}
	for name, pure := range want {
		g := s.LookupGame(name)
		if g == nil {
			t.Fatalf("no game %s", name)
		}
		if g.Pure != pure {
			t.Errorf("%s: pure = %v, want %v", name, g.Pure, pure)
		}
	}
}
