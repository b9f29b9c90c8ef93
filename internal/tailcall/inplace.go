package tailcall

import (
	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/listupd"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Parameters changed in place. The loop's frame keeps, for such a
// parameter i, in a slot past both bodies' (engine.Func.Extra), the list
// or tuple the loop copied for it: the first update(p, I, V) of the
// parameter's value v given to the def (or any value the loop did not
// make) is the copy update makes, kept there; an update of the value
// kept, the same object, writes element I of it. Nothing else can have
// seen that object: the body reads the parameter only as p[I], len(p),
// x in p and x not in p (none within a comprehension), passes it on
// unchanged in its own place or by such an update, or gives it as its
// value (the loop's end). A slice (p[A:B]) would share its elements, a
// call or a collection could keep it: any other use, and the parameter
// is updated by copies, as written.

// inplace is a parameter changed in place: the updates that are
// arguments of its tail calls, and its slot past the bodies' (from the
// first, engine.Func.Extra).
type inplace struct {
	args map[lang.Expr]bool
	own  int
}

// inPlace returns the parameters of d changed in place (nil entries for
// the others), tails its tail calls of itself (self).
func inPlace(c *compile.Compiler, d *lang.DefStmt, self *resolve.Decl, tails []*lang.Call) []*inplace {
	params := lang.ParamNames(d.Params)
	ins := make([]*inplace, len(params))
	n := 0
	for i, p := range params {
		decl := resolve.NameDecl(p)
		if decl == nil {
			continue
		}
		is := func(e lang.Expr) bool {
			id, ok := e.(*lang.Ident)
			return ok && resolve.Of(id) == decl
		}
		ok := map[*lang.Ident]bool{}
		mark := func(e lang.Expr) {
			if id, yes := e.(*lang.Ident); yes && is(id) {
				ok[id] = true
			}
		}
		args := map[lang.Expr]bool{}
		for _, t := range tails {
			a := t.Args[i]
			if is(a) {
				mark(a)
			} else if u, yes := a.(*lang.Call); yes && len(u.Args) == 3 && is(u.Args[0]) && updates(c, u) {
				mark(u.Args[0])
				args[a] = true
			}
		}
		if len(args) == 0 {
			continue
		}
		var returned func(e lang.Expr)
		returned = func(e lang.Expr) {
			if x, yes := e.(*lang.IfExpr); yes {
				returned(x.Then)
				returned(x.Else)
				return
			}
			mark(e)
		}
		returned(d.Body)
		// (A use within a comprehension is not one kept: none may be.)
		all, inComp := 0, false
		lang.Inspect(d.Body, func(e lang.Expr) bool {
			switch x := e.(type) {
			case *lang.Ident:
				if is(x) {
					all++
				}
			case *lang.Comp:
				lang.Inspect(x, func(y lang.Expr) bool {
					inComp = inComp || is(y)
					return !inComp
				})
				return false
			case *lang.Index:
				mark(x.X)
			case *lang.Binary:
				if x.Op == lang.OpIn || x.Op == lang.OpNotIn {
					mark(x.Y)
				}
			case *lang.Call:
				if len(x.Args) == 1 && isBuiltin(c, x, "len") {
					mark(x.Args[0])
				}
			}
			return true
		})
		if inComp || len(ok) != all {
			continue
		}
		ins[i] = &inplace{args: args, own: n}
		n++
	}
	return ins
}

// updates reports whether call u calls the built-in update.
func updates(c *compile.Compiler, u *lang.Call) bool {
	bi := c.BuiltinCallee(u)
	return bi != nil && bi.Updates
}

// isBuiltin reports whether call x calls the built-in name.
func isBuiltin(c *compile.Compiler, x *lang.Call, name string) bool {
	bi := c.BuiltinCallee(x)
	return bi != nil && bi.BName == name
}

// compile compiles the argument a (update(p, I, V)) of a tail call for
// parameter i changed in place.
func (in *inplace) compile(c *compile.Compiler, lp *loop, a lang.Expr) engine.EvalFn {
	u := a.(*lang.Call)
	bi := c.BuiltinCallee(u)
	x, ix, v := c.Vals.Expr(u.Args[0]), c.Vals.Expr(u.Args[1]), c.Vals.Expr(u.Args[2])
	pos := u.Pos
	argPos := make([]engine.Pos, 3)
	for k, a := range u.Args {
		argPos[k] = lang.Start(a)
	}
	fn := lp.fn
	return func(fr *engine.Frame) value.Value {
		xs := x(fr)
		iv := ix(fr)
		vv := v(fr)
		own := max(fn.Nslots, fn.NslotsI) + in.own
		if own >= len(fr.Slots) || (xs.K != value.KList && xs.K != value.KTuple) || iv.K != value.KInt {
			return listupd.Update(fr, bi, pos, argPos, xs, iv, vv)
		}
		el := xs.Elems()
		if uint64(iv.N) >= uint64(len(el)) || len(el) > engine.CopyChunk {
			return listupd.Update(fr, bi, pos, argPos, xs, iv, vv)
		}
		if k := fr.Slots[own]; k.K == xs.K && k.Ref == xs.Ref {
			el[iv.N] = vv
			return xs
		}
		r := listupd.Update(fr, bi, pos, argPos, xs, iv, vv)
		fr.Slots[own] = r
		return r
	}
}
