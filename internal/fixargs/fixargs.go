// Package fixargs owns the copies of a game's rule made for the values of
// the arguments the rule passes on unchanged (resolve.PassedParams,
// rewrite.FixDecl): snim(n, S) with S fixed is the game of one int whose
// rule reads S as a constant, which the fast paths take as they take
// `let S` (sweeps, sorted loops, take-and-break rules). For each value of
// the fixed arguments a search asks (up to Copies.Max, then the game's own
// rule as before), the copy is compiled once (Copies.Make, by package
// fastpath), and a position of the game with those values is computed as
// the copy's position of its other arguments, its value stored as the
// game's. Only values cross: moves, winning, printing and errors see the
// game (a copy's position is shown as the game's: engine.Game.Shown).
package fixargs

import (
	"math"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/value"
)

// Copies are the copies of game Of's rule for the values of its
// parameters J (ascending) asked so far. It is the engine's Game.Fixed.
type Copies struct {
	Of *engine.Game
	J  []int
	// Max bounds the copies made (each one i < Max has its cells).
	Max int
	// Make compiles copy i of the rule, for the values vals of the
	// parameters J, as a game of the other arguments: nil where it
	// cannot (the game's own rule then computes those positions).
	Make func(vals []value.Value, i int) *engine.Game

	byKey map[string]*fixedCopy
	made  int
	key   []byte
	last  *fixedCopy // the copy last used (its values compared by identity first)
}

// fixedCopy is a copy of the rule and the values it was made for.
type fixedCopy struct {
	h    *engine.Game
	vals []value.Value
}

// Solve computes position r of the game in the copy for its values of the
// fixed parameters, where there is one (made now if need be), with solve
// (the engine's); it reports whether it did.
func (c *Copies) Solve(r uint64, solve func(h *engine.Game, r uint64) memo.Sgv) (memo.Sgv, bool) {
	args := c.Of.Args(r)
	cp := c.copyFor(args)
	if cp == nil {
		return 0, false
	}
	h, r2 := cp.h, c.ref(cp.h, args)
	v := solve(h, r2)
	if h.IsLoopy(r2) {
		c.Of.SetLoopy(r)
	}
	c.Of.SetState(r, memo.StateOf(v))
	return v, true
}

// Ref returns the copy and its key of the game's position of arguments
// args, as Solve would compute it, or false: the position's value is the
// copy's, and the game's table need not hold it.
func (c *Copies) Ref(args []value.Value) (*engine.Game, uint64, bool) {
	if len(args) != c.Of.NArgs {
		return nil, 0, false
	}
	cp := c.copyFor(args)
	if cp == nil {
		return nil, 0, false
	}
	return cp.h, c.ref(cp.h, args), true
}

// ref is the key in copy h of the position of arguments args.
func (c *Copies) ref(h *engine.Game, args []value.Value) uint64 {
	if len(args) == len(c.J)+1 {
		for i, a := range args {
			if !c.fixed(i) {
				return h.Ref1(a)
			}
		}
	}
	return h.Ref(c.rest(args))
}

// copyFor returns the copy for the fixed arguments of args, made now if
// need be, or nil (a copy that could not be made, too many copies).
func (c *Copies) copyFor(args []value.Value) *fixedCopy {
	if cp := c.last; cp != nil && c.same(cp, args) {
		return cp
	}
	key := c.key[:0]
	for _, j := range c.J {
		key, _ = value.AppendArgKey(key, args[j], math.MaxInt)
	}
	c.key = key
	cp, seen := c.byKey[string(key)]
	if !seen {
		if c.made >= c.Max {
			return nil
		}
		cp = c.make(args)
		if c.byKey == nil {
			c.byKey = map[string]*fixedCopy{}
		}
		c.byKey[string(key)] = cp
	}
	if cp != nil {
		c.last = cp
	}
	return cp
}

// rest is args without the fixed ones: the copy's arguments.
func (c *Copies) rest(args []value.Value) []value.Value {
	out := make([]value.Value, 0, len(args)-len(c.J))
	for i, a := range args {
		if !c.fixed(i) {
			out = append(out, a)
		}
	}
	return out
}

// same reports whether the fixed arguments of args are the values of copy
// cp themselves (not equal ones: those are found by their keys).
func (c *Copies) same(cp *fixedCopy, args []value.Value) bool {
	for k, j := range c.J {
		a, b := args[j], cp.vals[k]
		if a.K != b.K || a.Ref != b.Ref || a.Ref == nil && a.N != b.N {
			return false
		}
	}
	return true
}

// make makes the copy for the fixed arguments of args, or returns nil.
func (c *Copies) make(args []value.Value) *fixedCopy {
	vals := make([]value.Value, len(c.J))
	for k, j := range c.J {
		vals[k] = args[j]
	}
	i := c.made
	c.made++
	h := c.Make(vals, i)
	if h == nil {
		return nil
	}
	h.Shown = func(r uint64) value.Value { return c.Of.PositionValue(c.Args(vals, h.Args(r))) }
	return &fixedCopy{h: h, vals: vals}
}

// Args returns the game's arguments of a copy's position: rest, the
// copy's arguments, with vals in the fixed places.
func (c *Copies) Args(vals, rest []value.Value) []value.Value {
	out := make([]value.Value, 0, len(rest)+len(vals))
	k := 0
	for i := 0; i < len(rest)+len(vals); i++ {
		if k < len(c.J) && c.J[k] == i {
			out = append(out, vals[k])
			k++
			continue
		}
		out = append(out, rest[i-k])
	}
	return out
}

func (c *Copies) fixed(i int) bool {
	for _, j := range c.J {
		if j == i {
			return true
		}
	}
	return false
}
