package resolve

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/lang"
)

// PureRule reports whether a game's move rule can run nothing but
// arithmetic, collections, positions, pure built-ins and defs that are
// themselves pure: no sg, outcome, moves or winning, directly or through
// a function. The loopy solver lists the options of such a game's
// positions without computing them first (package loopy). Conservative:
// any call it cannot see through makes the rule impure.
func (r *Resolver) PureRule(d *lang.GameStmt) bool {
	bound := map[string]bool{}
	for _, p := range lang.ParamNames(d.Params) {
		bound[p.Name] = true
	}
	var clauses []lang.Clause
	var exprs []lang.Expr
	for _, a := range d.Alts {
		alt := a.(*lang.Alt)
		clauses = append(clauses, alt.Clauses...)
		exprs = append(exprs, alt.Body)
	}
	resolve := pureNames{r}
	return pureClauses(clauses, bound, resolve, 0) && pureExprs(exprs, bound, resolve, 0)
}

// pureNames tells what the names of the code pureRule looks at mean: a
// name bound by the rule's (or a def's) parameters and for clauses is
// not looked at (bound, by name); any other is a name of the top level,
// which the resolve pass bound.
type pureNames struct{ r *Resolver }

func (n pureNames) lookup(id *lang.Ident) *engine.Binding { return n.r.Binding(id) }

func pureClauses(cls []lang.Clause, bound map[string]bool, resolve pureNames, depth int) bool {
	for _, cl := range cls {
		switch cl := cl.(type) {
		case *lang.ForClause:
			for _, n := range cl.Target.Names {
				bound[n.Name] = true
			}
			if !pureExpr(cl.Iter, bound, resolve, depth) {
				return false
			}
		case *lang.IfClause:
			if !pureExpr(cl.Cond, bound, resolve, depth) {
				return false
			}
		}
	}
	return true
}

func pureExprs(es []lang.Expr, bound map[string]bool, resolve pureNames, depth int) bool {
	for _, e := range es {
		if !pureExpr(e, bound, resolve, depth) {
			return false
		}
	}
	return true
}

func pureExpr(e lang.Expr, bound map[string]bool, resolve pureNames, depth int) bool {
	switch e := e.(type) {
	case nil, *lang.Ident, *lang.IntLit, *lang.StrLit, *lang.BoolLit:
		return true
	case *lang.ListLit:
		return pureExprs(e.Elems, bound, resolve, depth)
	case *lang.SetLit:
		return pureExprs(e.Elems, bound, resolve, depth)
	case *lang.TupleLit:
		return pureExprs(e.Elems, bound, resolve, depth)
	case *lang.MapLit:
		return pureExprs(e.Keys, bound, resolve, depth) && pureExprs(e.Vals, bound, resolve, depth)
	case *lang.Comp:
		return pureClauses(e.Clauses, bound, resolve, depth) && pureExpr(e.Key, bound, resolve, depth) && pureExpr(e.Body, bound, resolve, depth)
	case *lang.SumOf:
		return pureExprs(e.Items, bound, resolve, depth)
	case *lang.IfExpr:
		return pureExpr(e.Cond, bound, resolve, depth) && pureExpr(e.Then, bound, resolve, depth) && pureExpr(e.Else, bound, resolve, depth)
	case *lang.Binary:
		return pureExpr(e.X, bound, resolve, depth) && pureExpr(e.Y, bound, resolve, depth)
	case *lang.Unary:
		return pureExpr(e.X, bound, resolve, depth)
	case *lang.Index:
		return pureExpr(e.X, bound, resolve, depth) && pureExpr(e.Index, bound, resolve, depth)
	case *lang.Slice:
		return pureExpr(e.X, bound, resolve, depth) && pureExpr(e.Lo, bound, resolve, depth) && pureExpr(e.Hi, bound, resolve, depth)
	case *lang.Call:
		if !pureExprs(e.Args, bound, resolve, depth) {
			return false
		}
		id, ok := e.Fn.(*lang.Ident)
		if !ok || bound[id.Name] {
			return false
		}
		b := resolve.lookup(id)
		switch {
		case b == nil:
			return false
		case b.Kind == Game:
			return true
		case b.Kind == Builtin:
			return b.Bi.Pure
		case b.Kind == Def:
			fn := b.Fn
			if fn.Decl == nil || fn.Free == nil || RecursiveNow(fn) || depth > 32 {
				return false
			}
			inner := map[string]bool{}
			for _, p := range lang.ParamNames(fn.Decl.Params) {
				inner[p.Name] = true
			}
			return pureExpr(fn.Decl.Body, inner, resolve, depth+1)
		}
		return false
	}
	return false
}

// YieldsSums reports whether a game's move rule may have an option that
// is a sum of games: an alternative whose body is `sum of`, a `+` or a
// `*` with a game operand, or a call of a def whose body is one (also
// through several, and either branch of an if). The pruned search
// (package solve) takes the positions of such games: it is what reads a
// sum part by part. Conservative: a call it cannot see through may yield
// one.
func YieldsSums(d *lang.GameStmt) bool {
	for _, a := range d.Alts {
		if yieldsSum(a.(*lang.Alt).Body, 0) {
			return true
		}
	}
	return false
}

func yieldsSum(e lang.Expr, depth int) bool {
	switch e := e.(type) {
	case *lang.SumOf:
		return true
	case *lang.Comp:
		return e.Kind == lang.SumComp
	case *lang.Binary:
		return (e.Op == lang.OpAdd || e.Op == lang.OpMul) && (gameish(e.X, depth) || gameish(e.Y, depth))
	case *lang.Chain:
		return true
	case *lang.IfExpr:
		return yieldsSum(e.Then, depth) || yieldsSum(e.Else, depth)
	case *lang.Call:
		switch k, fn := callee(e); {
		case fn != nil:
			return depth > 32 || yieldsSum(fn.Decl.Body, depth+1)
		case k == Game || k == Builtin:
			return false
		}
		return true
	}
	return false
}

// SurelyGame reports whether call e is of a def whose body, wherever
// it returns, is a game by its form: a position, a nimber, a sum of
// such, k * G with G such, `sum of`, a def's call of that form, either
// branch of an if. Compiled for its SG value in place (inlined), such a
// body raises the errors the def's value would; a body that may return
// an int (n * 10, n) raises them at the call (a value that is not a
// game), where it is evaluated as written.
func SurelyGame(e *lang.Call) bool {
	_, fn := callee(e)
	return fn != nil && surelyGame(fn.Decl.Body, 0)
}

func surelyGame(e lang.Expr, depth int) bool {
	switch e := e.(type) {
	case *lang.Unary:
		return e.Op == lang.OpNimber
	case *lang.SumOf:
		return true
	case *lang.Comp:
		return e.Kind == lang.SumComp
	case *lang.Binary:
		switch e.Op {
		case lang.OpAdd:
			return surelyGame(e.X, depth) && surelyGame(e.Y, depth)
		case lang.OpMul:
			return surelyGame(e.Y, depth)
		}
	case *lang.IfExpr:
		return surelyGame(e.Then, depth) && surelyGame(e.Else, depth)
	case *lang.Call:
		switch k, fn := callee(e); {
		case fn != nil:
			return depth < 32 && surelyGame(fn.Decl.Body, depth+1)
		case k == Game:
			return true
		}
	}
	return false
}

// gameish reports whether e may be a game: a position, a nimber, a sum,
// or a def that returns one (conservative for calls it cannot see
// through).
func gameish(e lang.Expr, depth int) bool {
	switch e := e.(type) {
	case *lang.Unary:
		return e.Op == lang.OpNimber
	case *lang.SumOf:
		return true
	case *lang.Comp:
		return e.Kind == lang.SumComp
	case *lang.Binary:
		return (e.Op == lang.OpAdd || e.Op == lang.OpMul) && (gameish(e.X, depth) || gameish(e.Y, depth))
	case *lang.IfExpr:
		return gameish(e.Then, depth) || gameish(e.Else, depth)
	case *lang.Call:
		switch k, fn := callee(e); {
		case fn != nil:
			return depth > 32 || gameish(fn.Decl.Body, depth+1)
		case k == Builtin:
			return false
		}
		return true
	case *lang.Ident, *lang.Index:
		return true // (a game passed as a value)
	}
	return false
}

// callee is the kind of what call e calls by a name (0 for another
// callee) and, for a def declared by the program, the def.
func callee(e *lang.Call) (engine.BindKind, *engine.Func) {
	id, ok := e.Fn.(*lang.Ident)
	if !ok {
		return 0, nil
	}
	d := Of(id)
	if d == nil {
		return 0, nil
	}
	if d.Kind == Def && d.B != nil && d.B.Fn != nil && d.B.Fn.Decl != nil {
		return Def, d.B.Fn
	}
	return d.Kind, nil
}
