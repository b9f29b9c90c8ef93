package solve

import (
	"fmt"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/takebreak"
)

// TakeBreakGame makes the session's game of take-and-break family t.
// Its SG values come from a takebreak.Solver, and its periodicity can be
// proved (see period.go); the options' values are streamed only for a
// heap the table cannot answer (a negative one, for its error).
func (s *solver) TakeBreakGame(t *engine.TakeBreak) *engine.Game {
	d := &engine.GameDef{Name: t.Name, Arity: 1, Doc: t.Doc}
	d.Check = func(args []value.Value) error {
		if args[0].K != value.KInt || args[0].N < 0 {
			return fmt.Errorf("a heap size must be an int >= 0, found %s %s", args[0].TypeName(), value.Repr(args[0]))
		}
		return nil
	}
	d.Options = func(g *engine.Game, args []value.Value) ([]value.Value, error) {
		if err := d.Check(args); err != nil {
			return nil, err
		}
		n := args[0].N
		var out []value.Value
		heap := func(a int64) value.Value { return g.PositionValue([]value.Value{value.Int(a)}) }
		for _, r := range t.Rules {
			if r.K > n {
				break
			}
			rem := n - r.K
			if r.Ways&1 != 0 && rem == 0 {
				out = append(out, heap(0))
			}
			if r.Ways&2 != 0 && rem >= 1 && r.K > 0 {
				out = append(out, heap(rem))
			}
			if r.Ways&4 != 0 {
				for a := int64(1); 2*a <= rem; a++ {
					out = append(out, value.SumOf([]value.Value{heap(a), heap(rem - a)}))
				}
			}
			if r.Ways&8 != 0 {
				for a := int64(1); 3*a <= rem; a++ {
					for b := a; a+2*b <= rem; b++ {
						out = append(out, value.SumOf([]value.Value{heap(a), heap(b), heap(rem - a - b)}))
					}
				}
			}
		}
		return out, nil
	}
	g := s.NewGoGame(d)
	g.GenSG = func(fr *engine.Frame) { takeBreakSG(g, t, fr) }
	g.GenSGInt = g.GenSG
	pd := newPeriodic(ruleOf(t), t.Name)
	g.Periodic = pd
	s.tables = append(s.tables, pd)
	return g
}

// ruleOf returns t as package takebreak's rules.
func ruleOf(t *engine.TakeBreak) *takebreak.Game {
	g := &takebreak.Game{Name: t.Name}
	for _, r := range t.Rules {
		g.Rules = append(g.Rules, takebreak.Rule{Take: int(r.K), Ways: r.Ways})
	}
	return g
}

// takeBreakSG streams the options' SG values of a heap of a
// take-and-break family.
func takeBreakSG(g *engine.Game, t *engine.TakeBreak, fr *engine.Frame) {
	a0 := fr.Slots[0]
	if a0.K != value.KInt || a0.N < 0 {
		fr.Th.FailHere("%s: a heap size must be an int >= 0, found %s %s", value.Shown(g.PositionValue([]value.Value{a0})), a0.TypeName(), value.Shown(a0))
	}
	n := a0.N
	gn := fr.Gen
	look := func(a int64) memo.Sgv {
		if uint64(a) < g.Lim {
			if s := g.State(uint64(a)); s >= memo.FinBase {
				return s - memo.FinBase
			}
			return gn.Lookup(g, uint64(a))
		}
		return gn.Lookup(g, g.Ref1(value.Int(a)))
	}
	xor := func(a, b memo.Sgv) memo.Sgv {
		if a|b >= 0 {
			return a ^ b
		}
		return gn.E.Add(a, b)
	}
	for _, r := range t.Rules {
		if r.K > n {
			return
		}
		rem := n - r.K
		if r.Ways&1 != 0 && rem == 0 {
			gn.EmitSG(0)
		}
		if r.Ways&2 != 0 && rem >= 1 && r.K > 0 {
			gn.EmitSG(look(rem))
		}
		if r.Ways&4 != 0 {
			for a := int64(1); 2*a <= rem; a++ {
				gn.EmitSG(xor(look(a), look(rem-a)))
				if fr.Stop {
					return
				}
			}
			if rem > 1<<16 {
				fr.Th.Tick(engine.Pos{})
			}
		}
		if r.Ways&8 != 0 {
			for a := int64(1); 3*a <= rem; a++ {
				for b := a; a+2*b <= rem; b++ {
					gn.EmitSG(xor(xor(look(a), look(b)), look(rem-a-b)))
					if fr.Stop {
						return
					}
				}
				fr.Th.Tick(engine.Pos{})
			}
		}
		if fr.Stop {
			return
		}
	}
}
