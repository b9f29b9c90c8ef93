package build

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// A filter whose conditions are all x != a (or a != x), a a local name,
// {x for x in S if x != a and x != b} (Cram's), is S less the elements
// equal to the a's: over a universe, S's words with the bits of the a's
// ids cleared, a word operation and a look at the universe for each a,
// with no mask kept and none looked for. (An a that is not an element
// of the universe is no element of S: nothing is cleared.)

// unequals is the names x is compared with when every condition of
// filter p is a conjunction of x != a, a a local name other than x; nil
// otherwise.
func unequals(p *BuildPlan) []*lang.Ident {
	if p.Var2 != nil {
		return nil
	}
	xd := resolve.NameDecl(p.Var)
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
		if !isVar(x, xd) || !ok || isVar(id, xd) || resolve.Of(id) == nil || resolve.Of(id).Kind != resolve.Local {
			return false
		}
		names = append(names, id)
		return true
	}
	for _, c := range p.Elems {
		if !walk(c) {
			return nil
		}
	}
	return names
}

// isVar reports whether e is the name declared by d.
func isVar(e lang.Expr, d *resolve.Decl) bool {
	id, ok := e.(*lang.Ident)
	return ok && d != nil && resolve.Of(id) == d
}

// passUnequal is filterFast.pass of a filter of unequals (the values of
// the names, fs), with S's words w over universe u, into buf.
func passUnequal(fr *engine.Frame, fs []engine.EvalFn, u *value.Universe, w, buf []uint64) []uint64 {
	buf = append(buf, w...)
	for _, f := range fs {
		if id, in := u.ID(f(fr)); in && id>>6 < len(buf) {
			buf[id>>6] &^= 1 << (id & 63)
		}
	}
	return buf
}
