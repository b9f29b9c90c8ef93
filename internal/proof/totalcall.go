package proof

import (
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// TotalCall is the body of the def that call calls with its parameters
// written as the arguments, where at most one argument X may fail
// (safe says which cannot) and the body is total: literals, the
// parameters, == and != (which compare any two values), and, or and not
// of those, and conditionals on them; X's parameter read once, before
// anything else (as the leftmost operand of the first condition), and
// each other argument is a local's name or a literal. Exact: as
// written, the call evaluates X (its error, at X, is met first) and then
// a body that cannot fail; so written, X is evaluated first, once, at
// the same place among the evaluations, and nothing else can fail:
//
//	def flip(c) = if c == "H" then "T" else "H"
//	update(b, j, flip(b[j]))        update(b, j, if b[j] == "H" then "T" else "H")
//
// nil otherwise.
func TotalCall(r *resolve.Resolver, call *lang.Call, safe func(lang.Expr) bool) lang.Expr {
	fn := HelperDef(r, call)
	if fn == nil || !resolve.Same(call) {
		return nil
	}
	index := resolve.ParamIndex(fn)
	unsafe := -1
	for i, a := range call.Args {
		switch a.(type) {
		case *lang.Ident, *lang.IntLit, *lang.StrLit, *lang.BoolLit:
			if safe(a) {
				continue
			}
		}
		if unsafe >= 0 {
			return nil
		}
		unsafe = i
	}
	reads := 0
	total := true
	lang.Inspect(fn.Decl.Body, func(x lang.Expr) bool {
		switch x := x.(type) {
		case *lang.Ident:
			d := resolve.Of(x)
			if i, ok := index[d]; !ok {
				total = false
			} else if i == unsafe {
				reads++
			}
		case *lang.Binary:
			total = total && (x.Op == lang.OpEq || x.Op == lang.OpNe || x.Op == lang.OpAnd || x.Op == lang.OpOr)
		case *lang.Unary:
			total = total && x.Op == lang.OpNot
		case *lang.IfExpr:
			total = total && isBoolExpr(x.Cond)
		case *lang.IntLit, *lang.StrLit, *lang.BoolLit:
		default:
			total = false
		}
		return total
	})
	if !total || unsafe >= 0 && (reads != 1 || !readFirst(fn.Decl.Body, index, unsafe)) {
		return nil
	}
	return resolve.Substitute(fn.Decl.Body, index, call.Args, resolve.SiteOf(call))
}

// isBoolExpr reports whether e is a bool whatever the values it reads:
// a comparison == or !=, a bool literal, or and, or and not of those.
func isBoolExpr(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.BoolLit:
		return true
	case *lang.Unary:
		return e.Op == lang.OpNot && isBoolExpr(e.X)
	case *lang.Binary:
		switch e.Op {
		case lang.OpEq, lang.OpNe:
			return true
		case lang.OpAnd, lang.OpOr:
			return isBoolExpr(e.X) && isBoolExpr(e.Y)
		}
	}
	return false
}

// readFirst reports whether the first name body evaluates is parameter
// i (index: the def's parameters).
func readFirst(body lang.Expr, index map[*resolve.Decl]int, i int) bool {
	for {
		switch e := body.(type) {
		case *lang.IfExpr:
			body = e.Cond
		case *lang.Binary:
			body = e.X
		case *lang.Unary:
			body = e.X
		case *lang.Ident:
			j, ok := index[resolve.Of(e)]
			return ok && j == i
		default:
			return false
		}
	}
}
