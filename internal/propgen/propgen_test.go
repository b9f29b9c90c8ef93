package propgen

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// subtraction adds the subtraction game NAME with the set S to u.
func subtraction(u *Universe, name string, S []int) int {
	var k int
	k = u.Kind(name, func(n int) [][]Part {
		var o [][]Part
		for _, s := range S {
			if s <= n {
				o = append(o, []Part{{k, n - s}})
			}
		}
		return o
	})
	return k
}

// TestBruteForce: the win/lose search knows Nim (a sum of nimbers is a
// loss exactly when their xor is 0) and the subtraction game {1, 2} (a
// loss exactly at multiples of 3), and its checks accept the right
// answers only.
func TestBruteForce(t *testing.T) {
	u := NewUniverse()
	for a := range 4 {
		for b := range 4 {
			for c := range 4 {
				if got, want := u.Win([]Part{{0, a}, {0, b}, {0, c}}), a^b^c != 0; got != want {
					t.Errorf("*%d + *%d + *%d: win %v, want %v", a, b, c, got, want)
				}
			}
		}
	}
	k := subtraction(u, "s", []int{1, 2})
	for n := range 12 {
		g := u.Pos(k, n)
		want := []string{"0", "1", "2"}[n%3]
		if msg := u.CheckSG(g, 3)(want); msg != "" {
			t.Errorf("sg(s(%d)) = %s: %s", n, want, msg)
		}
		if msg := u.CheckSG(g, 3)(want + "0"); msg == "" {
			t.Errorf("sg(s(%d)) = %s0 accepted", n, want)
		}
		if msg := u.CheckOutcome(g)(OutcomeWord(n%3 != 0)); msg != "" {
			t.Errorf("outcome(s(%d)): %s", n, msg)
		}
	}
	g := Plus(u.Pos(k, 4), Nim(2))
	if msg := u.CheckWinning(g)("[s(2) + *2, s(4) + *1]"); msg != "" {
		t.Errorf("winning(%s): %s", g.Text, msg)
	}
	if msg := u.CheckWinning(g)("[s(2) + *2]"); msg == "" {
		t.Errorf("winning(%s) without s(4) + *1 accepted", g.Text)
	}
	if msg := u.CheckMoves(g)("[s(3) + *2, s(2) + *2, s(4) + *0, s(4) + *1]"); msg != "" {
		t.Errorf("moves(%s): %s", g.Text, msg)
	}
}

// TestRetrograde: the retrograde analysis tells draws (a two-cycle with
// no exit) from wins and losses (a cycle with an exit to a terminal
// position), and its checks of sg say ∞K.
func TestRetrograde(t *testing.T) {
	u := NewUniverse()
	_, k := GraphGame(u, "t", [][]int{{1}, {0}, {3, 0}, {}})
	for v, want := range []string{"D", "D", "N", "P"} {
		if msg := u.CheckLoopyOutcome(u.Pos(k, v))(want); msg != "" {
			t.Errorf("outcome(t(%d)) = %s: %s", v, want, msg)
		}
	}
	if msg := u.CheckLoopySG(u.Pos(k, 0), 3)("∞{}"); msg != "" {
		t.Errorf("sg(t(0)) = ∞{}: %s", msg)
	}
	if msg := u.CheckLoopySG(u.Pos(k, 2), 3)("∞{0}"); msg != "" {
		t.Errorf("sg(t(2)) = ∞{0}: %s", msg)
	}
	if msg := u.CheckLoopySG(u.Pos(k, 2), 3)("1"); msg == "" {
		t.Error("sg(t(2)) = 1 accepted")
	}
}

// TestScript: a script declares every unit before the statements, and
// its lines are the queries in the order they print; a game expression
// is written as grundy writes it and read back from what grundy prints.
func TestScript(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	a, b := DAGUnit(r, "d0"), TakeBreakUnit(r, 1)
	src, lines := Script([]*Unit{a, b})
	if !strings.HasPrefix(src, a.Decl+b.Decl) || !strings.HasSuffix(src, b.Items[len(b.Items)-1].Stmt) {
		t.Errorf("script does not start with the declarations and end with the last statement:\n%s", src)
	}
	n := 0
	for _, u := range []*Unit{a, b} {
		for _, it := range u.Items {
			for j := range it.Lines {
				if lines[n].Unit != u || lines[n].Query.Expr != it.Lines[j].Expr {
					t.Fatalf("line %d is %q, want %q", n, lines[n].Query.Expr, it.Lines[j].Expr)
				}
				n++
			}
		}
	}
	if n != len(lines) {
		t.Errorf("%d lines, want %d", len(lines), n)
	}
	u := NewUniverse()
	k := subtraction(u, "s", []int{1})
	g := Plus(Copies(2, Plus(u.Pos(k, 3), Nim(1))), u.SumFor(k, []int{1, 2}))
	if want := "2 * (s(3) + *1) + sum of s(x) for x in [1, 2]"; g.Text != want {
		t.Errorf("text %q, want %q", g.Text, want)
	}
	ps, err := u.ParseGames("[" + u.Text(g.Parts) + ", *0]")
	if err != nil || len(ps) != 2 || mkey(ps[0]) != mkey(g.Parts) {
		t.Errorf("parse of %s: %v, %v", u.Text(g.Parts), ps, err)
	}
}
