package engine

// The operations on game values that built-ins use: SG values, outcomes,
// options, winning options and remoteness.

import (
	"fmt"

	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/value"
)

// Sgv returns the SG value of a game value (or of an infinite SG value
// standing in for a game).
func (th *Thread) Sgv(c *Call, v value.Value) memo.Sgv {
	if !v.IsGame() && v.K != value.KInf {
		name := c.Name
		if name == "" {
			name = "this"
		}
		NeedGame(c, name, v)
	}
	return th.Direct.ValueSG(c.Pos, v)
}

// NeedGame fails unless v is a game: a position, a nimber or a sum. A game
// family (the name of a game, not called) gets the hint to call it.
func NeedGame(c *Call, name string, v value.Value) {
	if v.IsGame() {
		return
	}
	if v.K == value.KFunc {
		if g, ok := v.Ref.(*Game); ok {
			c.ArgFail(0, "%s needs a game, found the game family %s: call it with its arguments, as in %s(...)", name, g.Name(), g.Name())
		}
	}
	c.ArgFail(0, "%s needs a game, found %s %s", name, v.TypeName(), value.Shown(v))
}

// SG returns the (generalized) Sprague-Grundy value of a game: an int, or
// an infinite value ∞K.
func (th *Thread) SG(c *Call, v value.Value) value.Value {
	return th.Engine.SgValue(th.Sgv(c, v))
}

// Outcome returns "N", "P" or "D".
func (th *Thread) Outcome(c *Call, v value.Value) string {
	return th.Engine.Outcome(th.Sgv(c, v))
}

// Moves returns the distinct options of a game, in generation order; for a
// sum, part by part, each with the other parts unchanged.
func (th *Thread) Moves(c *Call, v value.Value) []value.Value {
	NeedGame(c, "moves", v)
	return th.Engine.Moves(v)
}

// Winning returns the options that win for the player who moves there
// (the P-positions among the options), in the order moves lists them;
// for a position on or above a cycle, ordered by remoteness (the Solver's).
func (th *Thread) Winning(c *Call, v value.Value) []value.Value {
	return th.Engine.Solver.Winning(c, v)
}

// BestMove returns the winning option with the smallest remoteness, and
// false when there is none (the Solver's).
func (th *Thread) BestMove(c *Call, v value.Value) (value.Value, bool) {
	return th.Engine.Solver.BestMove(c, v)
}

// Remoteness returns the number of moves to the end under optimal play,
// or none for a draw (the Solver's).
func (th *Thread) Remoteness(c *Call, v value.Value) value.Value {
	return th.Engine.Solver.Remoteness(c, v)
}

// TouchesLoopy reports whether some part of v is a position whose value
// came from the loopy solver or that has an infinite option (winning then
// orders the moves by remoteness).
func TouchesLoopy(v value.Value) bool {
	for _, p := range v.Parts() {
		if p.K == value.KPos {
			if g, r := PosRef(p); g.IsLoopy(r) {
				return true
			}
		}
	}
	return false
}

// CycleReachable reports whether a walk of the positions reachable from
// the parts of the game value v (their moves computed again) meets a
// position marked loopy or a cycle.
func CycleReachable(th *Thread, c *Call, v value.Value) bool {
	const (
		onPath = 1
		done   = 2
	)
	state := map[PosKey]uint8{}
	type frame struct {
		key  PosKey
		opts []value.Value // the positions in its options
		next int
	}
	var stack []frame
	// enter reports whether the position p is marked or on the path (a
	// cycle); else it pushes p, unless p is done.
	enter := func(p value.Value) bool {
		g, r := PosRef(p)
		k := PosKey{G: g, R: r}
		switch {
		case state[k] == onPath || g.IsLoopy(r):
			return true
		case state[k] == done:
			return false
		}
		state[k] = onPath
		f := frame{key: k}
		for _, o := range th.Engine.Moves(p) {
			for _, q := range o.Parts() {
				if q.K == value.KPos {
					f.opts = append(f.opts, q)
				}
			}
		}
		stack = append(stack, f)
		return false
	}
	for _, p := range v.Parts() {
		if p.K == value.KPos && enter(p) {
			return true
		}
		for steps := 0; len(stack) > 0; steps++ {
			th.PollN(c.Pos, steps)
			f := &stack[len(stack)-1]
			if f.next == len(f.opts) {
				state[f.key] = done
				stack = stack[:len(stack)-1]
				continue
			}
			f.next++
			if enter(f.opts[f.next-1]) {
				return true
			}
		}
	}
	return false
}

// Period finds the period of family f (a function of one int whose values
// are games): proved for take-and-break families, otherwise observed on
// n in 0 .. upTo (upTo <= 0: the default range). The Solver's.
func (th *Thread) Period(c *Call, f value.Value, upTo int64) Period {
	return th.Engine.Solver.Period(c, f, upTo)
}

// SaveCheckpoint writes the values of the run's take-and-break families
// to its checkpoint file (Options.Checkpoint), when some have grown since
// it was last written. The Solver's.
func (th *Thread) SaveCheckpoint() error { return th.Engine.Solver.SaveCheckpoint() }

// Period is the answer of period(F).
type Period struct {
	P, Q, S int64
	Found   bool
	Proved  bool
	UpTo    int64 // the values checked: n in 0 .. UpTo
}

// Describe says how a period is known: "proved", "observed to N", or "none
// found to N".
func (p Period) Describe() string {
	switch {
	case p.Proved:
		return "proved"
	case p.Found:
		return fmt.Sprintf("observed to %d", p.UpTo)
	}
	return fmt.Sprintf("none found to %d", p.UpTo)
}

// TakeBreakFamily returns the session's family for rule t (made once per
// name).
func (th *Thread) TakeBreakFamily(t *TakeBreak) value.Value {
	e := th.Engine
	key := "takebreak:" + t.Name
	if g, ok := e.families[key]; ok {
		return value.FuncValue(g)
	}
	g := e.TakeBreakGame(t)
	if e.families == nil {
		e.families = map[string]*Game{}
	}
	e.families[key] = g
	return value.FuncValue(g)
}
