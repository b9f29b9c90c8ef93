package eval_test

// Property tests of games with cycles against a retrograde win/lose/draw
// analysis of the explicit state graph of the whole sum (see prop_test.go
// for the harness, package propgen for the units and the brute force).

import (
	"fmt"
	"testing"

	"github.com/grundy-lang/grundy/internal/propgen"
	"github.com/grundy-lang/grundy/internal/testenv"
)

// 5. Random graphs with cycles.
func TestPropLoopy(t *testing.T) {
	t.Parallel()
	r, seed := propRand(t, 5)
	p := &prober{t: t, seed: seed}
	p.probe(propCount(testenv.Scale(600, 5000)), 50, func(i int) *propgen.Unit { return propgen.LoopyUnit(r, fmt.Sprintf("t%d", i)) })
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
