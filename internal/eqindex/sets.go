package eqindex

import (
	"slices"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/masks"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// EqSet returns, for a for clause cl over a set that binds one name,
// followed by the if clause ifc that compares that name with values that
// do not depend on it,
//
//	cram(S - {i, j}) for i in S for j in S if j == i + 1 or j == i + W
//
// the function that gives the elements of the set coll (the clause's
// iterable, evaluated) that can pass ifc: the values the set holds,
// ascending (the set's order), each once (ok false: run over every
// element, as written, always when the clause is not of that kind). A
// set is its own index: the loop costs the values, not the set's size.
// Exactness is EqFor's: the element is its key, an element skipped
// differs from every value (binding a name and == never fail), and the
// values are computed without an error (else the loop runs as written).
func (ix *Indexes) EqSet(cl *lang.ForClause, ifc *lang.IfClause) func(fr *engine.Frame, coll value.Value) ([]value.Value, bool) {
	c := ix.c
	if !c.On(passes.EqIndex) || ifc == nil || cl.Target.Tuple || len(cl.Target.Names) != 1 {
		return nil
	}
	d := resolve.NameDecl(cl.Target.Names[0])
	bound := map[*resolve.Decl]bool{d: true}
	isName := func(e lang.Expr) bool {
		id, ok := e.(*lang.Ident)
		return ok && resolve.Of(id) == d
	}
	eqs := equalities(ifc.Cond, isName, func(e lang.Expr) bool { return masks.Plain(c, e) && !reads(e, bound) })
	if eqs == nil {
		return nil
	}
	c.Fired(passes.EqIndex)
	// (EqFor notes the clause, with a set's way.)
	_, valFns := compileEqs(c, eqs)
	pos := lang.Start(cl.Iter)
	return func(fr *engine.Frame, coll value.Value) ([]value.Value, bool) {
		if coll.K != value.KSet || value.Count(coll) == 0 {
			return nil, false
		}
		var out []value.Value
		for _, f := range valFns {
			w, ok := engine.Try(fr, f)
			if !ok {
				return nil, false
			}
			if operator.In(pos, w, coll) {
				out = append(out, w)
			}
		}
		if len(out) > 1 {
			slices.SortFunc(out, value.Compare)
			out = slices.CompactFunc(out, value.Equal)
		}
		return out, true
	}
}
