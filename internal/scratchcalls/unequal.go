package scratchcalls

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// A list without one value: [x for x in X if x != E] (or E != x), E a
// local name or an int literal, built in a scratch where X is a list by
// one pass over its elements, E read once; where X is not a list, the
// comprehension's clauses run (general). Exact: reading a local or a
// literal cannot fail and gives one value however often it is read, !=
// cannot fail (it is value.Equal negated), and the elements kept are
// X's elements in order, as the comprehension keeps them.

// UnequalParts reads comprehension e as such a filter: X and E; false
// when it is not one. local reports whether a name is a local with a
// slot where e is compiled.
func UnequalParts(e *lang.Comp, local func(id *lang.Ident) bool) (coll, not lang.Expr, ok bool) {
	if e.Kind != lang.ListComp || len(e.Clauses) != 2 {
		return nil, nil, false
	}
	fc, ok := e.Clauses[0].(*lang.ForClause)
	if !ok || fc.Target.Tuple || len(fc.Target.Names) != 1 {
		return nil, nil, false
	}
	ic, ok := e.Clauses[1].(*lang.IfClause)
	if !ok {
		return nil, nil, false
	}
	x := resolve.NameDecl(fc.Target.Names[0])
	isX := func(e lang.Expr) bool { id, ok := e.(*lang.Ident); return ok && x != nil && resolve.Of(id) == x }
	c, ok := ic.Cond.(*lang.Binary)
	if !ok || c.Op != lang.OpNe || !isX(e.Body) {
		return nil, nil, false
	}
	other := c.Y
	if !isX(c.X) {
		if !isX(c.Y) {
			return nil, nil, false
		}
		other = c.X
	}
	switch o := other.(type) {
	case *lang.IntLit:
	case *lang.Ident:
		if d := resolve.Of(o); d == nil || d == x || d.Kind != resolve.Local || !local(o) {
			return nil, nil, false
		}
	default:
		return nil, nil, false
	}
	return fc.Iter, other, true
}

// Unequal builds the filter of UnequalParts' X (coll) and E (not), or
// runs general where X is not a list.
func Unequal(coll, not engine.EvalFn, general Build) Build {
	return func(fr *engine.Frame, s *value.Scratch) {
		v := coll(fr)
		if v.K != value.KList {
			general(fr, s)
			return
		}
		ev := not(fr)
		s.Reset()
		for _, el := range v.Elems() {
			if el.K == value.KInt && ev.K == value.KInt {
				if el.N != ev.N {
					s.AddInt(el.N)
				}
			} else if !value.Equal(el, ev) {
				s.Add(el)
			}
		}
	}
}
