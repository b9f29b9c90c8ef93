package kernel

import (
	"fmt"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Guard is an if clause `x OP E` (or `E OP x`) after a for clause over a
// range of x, with E int arithmetic that does not mention x: a bound of
// the range, E computed once when the range is not empty, where the
// clause would compute it at each value (before the first option either
// way, so with the same value or error). The values it drops are the
// ones the clause would reject: a range ascends.
//
// E may also be plain (names, literals, operators, indexes: it may fail,
// and evaluated again it gives its value again) and of any type (EV): an
// int bounds the range; any other value fails the comparison at the
// first x, which the clause as written (Written) then evaluates there,
// x in slot Slot. And the clause may be `U or x OP E` (`U and x OP E`:
// Conj), U plain and not mentioning x: evaluated once too, before E as
// the clause evaluates it, true (false) it passes every x (none).
type Guard struct {
	E       func(fr *engine.Frame) int64
	Op      lang.Op // with x on the left: < <= > >=
	EV      engine.EvalFn
	Written func(fr *engine.Frame) bool
	Slot    int
	Unless  func(fr *engine.Frame) bool
	Conj    bool
}

// Clamp narrows the range a .. b (not empty) to the values that pass the
// clause; b < a when none does.
func (g *Guard) Clamp(fr *engine.Frame, a, b int64) (int64, int64) {
	if g.Unless != nil {
		switch u := g.Unless(fr); {
		case u && !g.Conj:
			return a, b
		case !u && g.Conj:
			return 1, 0
		}
	}
	var n int64
	if g.E != nil {
		n = g.E(fr)
	} else if v := g.EV(fr); v.K == value.KInt {
		n = v.N
	} else {
		// (x OP E fails for an int x and any other value: where the
		// clause first evaluates it.)
		fr.Slots[g.Slot] = value.Value{K: value.KInt, N: a}
		g.Written(fr)
		panic(fmt.Sprintf("kernel: an int compared with a %s did not fail", v.TypeName()))
	}
	if a, b, ok := Bound(g.Op, n, a, b); ok {
		return a, b
	}
	return 1, 0
}
