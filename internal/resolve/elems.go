package resolve

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// The variant of a move rule for lists of ints (package compile's
// intelems.go): which parameters the rule indexes, and the choice, as a
// position's rule runs, between that variant and the one for any
// arguments.

// IndexedParams reports, for each of params, whether the rule of d
// indexes it (p[...]); nil when it indexes none.
func IndexedParams(d *lang.GameStmt, params []*lang.Name) []bool {
	var out []bool
	for i, p := range params {
		decl, found := NameDecl(p), false
		lang.InspectStmts([]lang.Stmt{d}, func(e lang.Expr) bool {
			if ix, ok := e.(*lang.Index); ok {
				if id, ok := ix.X.(*lang.Ident); ok && Of(id) == decl {
					found = true
				}
			}
			return !found
		})
		if found {
			if out == nil {
				out = make([]bool, len(params))
			}
			out[i] = true
		}
	}
	return out
}

// ElemsDispatch runs elems's variant of a rule, gen, for a position whose
// arguments i with elems[i] are lists or tuples of ints and the others
// ints (a parameter's slot is its index), and general for any other.
func ElemsDispatch(elems []bool, gen, general func(fr *engine.Frame)) func(fr *engine.Frame) {
	return func(fr *engine.Frame) {
		for i, list := range elems {
			if v := fr.Slots[i]; list && !intSeq(v) || !list && v.K != value.KInt {
				general(fr)
				return
			}
		}
		gen(fr)
	}
}

// intSeq reports whether v is a list or tuple of ints.
func intSeq(v value.Value) bool {
	if v.K != value.KList && v.K != value.KTuple {
		return false
	}
	for _, e := range v.Elems() {
		if e.K != value.KInt {
			return false
		}
	}
	return true
}

// Unequals is the names x is compared with when every one of conds is a
// conjunction of x != a (or a != x), a a local name other than x; nil
// otherwise (package build's filters of unequals).
func Unequals(x *lang.Name, conds []lang.Expr) []*lang.Ident {
	xd := NameDecl(x)
	var names []*lang.Ident
	var walk func(e lang.Expr) bool
	walk = func(e lang.Expr) bool {
		b, ok := e.(*lang.Binary)
		if !ok {
			return false
		}
		if b.Op == lang.OpAnd {
			return walk(b.X) && walk(b.Y)
		}
		if b.Op != lang.OpNe {
			return false
		}
		x, a := b.X, b.Y
		if !isVar(x, xd) {
			x, a = a, x
		}
		id, ok := a.(*lang.Ident)
		if !isVar(x, xd) || !ok || isVar(id, xd) || Of(id) == nil || Of(id).Kind != Local {
			return false
		}
		names = append(names, id)
		return true
	}
	for _, c := range conds {
		if !walk(c) {
			return nil
		}
	}
	return names
}

// isVar reports whether e is the name declared by d.
func isVar(e lang.Expr, d *Decl) bool {
	id, ok := e.(*lang.Ident)
	return ok && d != nil && Of(id) == d
}

// IntElemsOf reports whether e is a local holding a list or tuple of ints
// (IntElems) or a slice of one: what a for clause over it binds is an
// int.
func (r *Resolver) IntElemsOf(e lang.Expr) bool {
	if s, ok := e.(*lang.Slice); ok {
		e = s.X
	}
	id, ok := e.(*lang.Ident)
	if !ok {
		return false
	}
	b := r.Lookup(id)
	return b != nil && b.Kind == Local && b.IntElems
}
