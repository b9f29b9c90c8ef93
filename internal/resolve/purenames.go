package resolve

import (
	"slices"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/lang"
)

// PureNames tells whether an expression is pure, collecting what it
// reads: the slots of the locals (of the code compiled) and lets, and the
// defs it calls, through their bodies.
type PureNames struct {
	R      *Resolver // where the code compiled is
	Seen   map[*engine.Func]bool
	Locals []int
	Lets   []int
	Defs   []*engine.Binding
}

// maxPureDepth bounds the defs called in one another that PureNames reads.
const maxPureDepth = 8

// Expr reports whether e is pure; top: e is the compiled code's (its
// locals are the frame's), else a def's body (its locals its own).
func (pn *PureNames) Expr(e lang.Expr, top bool, depth int) bool {
	ok := true
	lang.Inspect(e, func(x lang.Expr) bool {
		if !ok {
			return false
		}
		switch x := x.(type) {
		case *lang.Ident:
			ok = pn.ident(x, top, depth)
		case *lang.Call:
			// (A def, a built-in or a game called by name, not a
			// function value: what it runs is seen.)
			id, isName := x.Fn.(*lang.Ident)
			d := (*Decl)(nil)
			if isName {
				d = Of(id)
			}
			ok = d != nil && (d.Kind == Def || d.Kind == Builtin || d.Kind == Game)
		case *lang.Comp:
			// (A comprehension's own names are locals of the code
			// compiled too: only a def's body may have them.)
			ok = !top
		case *lang.IntLit, *lang.StrLit, *lang.BoolLit, *lang.TupleLit, *lang.ListLit, *lang.SetLit, *lang.MapLit,
			*lang.Binary, *lang.Unary, *lang.IfExpr, *lang.Index, *lang.Slice:
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// ident is Expr of a name: a local, a let, a pure built-in, a game (a
// position is a value), or a def whose body is pure.
func (pn *PureNames) ident(id *lang.Ident, top bool, depth int) bool {
	if top {
		if b := pn.R.Lookup(id); b != nil {
			switch b.Kind {
			case Local:
				pn.Locals = appendNew(pn.Locals, b.Slot)
				return true
			case Global:
				pn.Lets = appendNew(pn.Lets, b.Slot)
				return true
			}
		}
	}
	d := Of(id)
	if d == nil {
		return false
	}
	switch d.Kind {
	case Local:
		return !top
	case Global:
		if d.B == nil {
			return false
		}
		pn.Lets = appendNew(pn.Lets, d.B.Slot)
		return true
	case Game:
		return true
	case Builtin:
		bi := d.Bi
		if bi == nil && d.B != nil {
			bi = d.B.Bi
		}
		return bi != nil && bi.Pure && !bi.SGArgs && bi.Query == 0
	case Def:
		b := d.B
		if b == nil || b.Fn == nil || b.Fn.Decl == nil || depth >= maxPureDepth {
			return false
		}
		if !pn.Seen[b.Fn] {
			pn.Seen[b.Fn] = true
			pn.Defs = append(pn.Defs, b)
			if !pn.Expr(b.Fn.Decl.Body, false, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// appendNew appends x to xs unless it is there.
func appendNew(xs []int, x int) []int {
	if slices.Contains(xs, x) {
		return xs
	}
	return append(xs, x)
}
