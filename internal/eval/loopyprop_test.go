package eval_test

// Property tests of games with cycles against a retrograde win/lose/draw
// analysis of the explicit state graph of the whole sum (see prop_test.go
// for the harness, package propgen for the units and the brute force).

import (
	"fmt"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/propgen"
	"github.com/grundy-lang/grundy/internal/testenv"
)

// 5. Random graphs with cycles.
func TestPropLoopy(t *testing.T) {
	t.Parallel()
	r, seed := propRand(t, 5)
	p := &prober{t: t, seed: seed}
	p.probe(propCount(testenv.Scale(150, 5000)), 50, func(i int) *propgen.Unit { return propgen.LoopyUnit(r, fmt.Sprintf("t%d", i)) })
}

// TestPropLoopyCases runs the checks of TestPropLoopy on fixed graphs:
// reductions of failures found by it.
func TestPropLoopyCases(t *testing.T) {
	t.Parallel()
	p := &prober{t: t}
	cases := [][][]int{
		// t(0) has two losing options: t(1), from which the opponent
		// can only come back, and t(4), off the cycle (t(4) -> t(3) ->
		// t(2)). Taking t(1) first never ends the game.
		{{1, 4}, {0}, {}, {2}, {3}},
		{{4, 1}, {0}, {}, {2}, {3}},
		{{1}, {0, 2}, {3}, {}},
	}
	var units []*propgen.Unit
	for i, E := range cases {
		units = append(units, propgen.LoopyGraphUnit(fmt.Sprintf("t%d", i), E))
	}
	p.run(units)
	p.done()
}

// TestWinningOrderNotHistory: winning orders the winning moves of a
// position from which a cycle can be reached by remoteness, whatever was
// computed before it: w(5) moves to w(2) (remoteness 2, above the cycle
// w(3) <-> w(4)) and to w(0) (terminal), and asking w(2) first, or a
// position of the cycle, does not change its order.
func TestWinningOrderNotHistory(t *testing.T) {
	const decl = "let E = [[], [0], [1, 3], [4, 0], [3], [2, 0], [5]]\ngame w(v) moves w(u) for u in E[v]\n"
	for _, first := range []string{"", "print sg(w(2))\n", "print sg(w(3))\n", "print sg(w(4))\n", "print sg(w(6))\n"} {
		out, err := runScript(decl + first + "print winning(w(5)), winning(w(5) + *0), winning(*0 + w(5))\n")
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if want := "[w(0), w(2)] [w(0) + *0, w(2) + *0] [*0 + w(0), *0 + w(2)]"; lines[len(lines)-1] != want {
			t.Errorf("after %q: winning(w(5)) prints %s, want %s", first, lines[len(lines)-1], want)
		}
	}
}
