package resolve

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/lang"
)

// Which expressions are ints. An expression is int-typed where it is
// compiled when it can only evaluate to an int or fail: an int literal, a
// name whose binding always holds an int (IsInt: a range's variable, a
// parameter in the variant compiled for int arguments, a let of int
// arithmetic), int arithmetic with an int-typed operand (both for *: k * G
// may be a game), an if whose branches are both int-typed, a call of a
// built-in whose result is an int, and a call of a def inlined there whose
// body is int-typed with its arguments (IntClosed, or the body looked at
// with each parameter as int-typed as its argument). IntTyped tells it
// without compiling anything; package compile's int generator builds an
// int closure for exactly these (IntGen.IntExpr), and the fast paths ask
// it of their operands. The answer depends on the variant being compiled
// (the bindings' IsInt) and on how deep inlining is: it is kept per node,
// Gen and depth (one look at each node of a chain a + b + c + ...).

// intKey is what an answer of IntTyped holds for.
type intKey struct {
	e        lang.Expr
	gen, inl int
}

// intFact is what IntTyped found of an expression: whether it is
// int-typed, and whether it or an expression looked at to tell is
// (fires: the Ints pass counts as fired where it is compiled, --explain).
type intFact struct{ isInt, fires bool }

// intEnv is what IntTyped knows while it looks into the body of a def
// inlined at a call: whether each parameter's argument is int-typed
// (what the inlined body reads in its place), and the call's Site, which
// the calls of the body take (Substitute).
type intEnv struct {
	params map[*Decl]bool
	site   *Site
}

// IntTyped reports whether e is int-typed where the compiler is (the
// variant and the inlining being compiled), with the Ints pass on.
func (r *Resolver) IntTyped(e lang.Expr) bool { return r.intFact(e).isInt }

// IntFires reports whether the Ints pass counts as fired where e is
// compiled or read as an int operand: e is int-typed, or one of the
// expressions looked at to tell whether it is (the int generator builds
// their closures on the way: a branch of an if, an operand).
func (r *Resolver) IntFires(e lang.Expr) bool { return r.intFact(e).fires }

func (r *Resolver) intFact(e lang.Expr) intFact {
	if !r.On(passes.Ints) {
		return intFact{}
	}
	if r.ints != nil && r.intsGen != r.Gen {
		// Gen never goes back: the answers kept are for no node now.
		r.ints = nil
	}
	k := intKey{e, r.Gen, len(r.Inlining)}
	if v, ok := r.ints[k]; ok {
		return v
	}
	v := r.intTyped(e, nil)
	if r.ints == nil {
		r.ints, r.intsGen = map[intKey]intFact{}, r.Gen
	}
	r.ints[k] = v
	return v
}

// intTyped is intFact in env (nil: the code being compiled itself, whose
// answers are kept).
func (r *Resolver) intTyped(e lang.Expr, env *intEnv) intFact {
	fires := false
	note := func(f intFact) bool {
		fires = fires || f.fires
		return f.isInt
	}
	sub := func(x lang.Expr) bool {
		if env == nil {
			return note(r.intFact(x))
		}
		return note(r.intTyped(x, env))
	}
	isInt := false
	switch e := e.(type) {
	case *lang.IntLit:
		isInt = true
	case *lang.Ident:
		isInt = r.intName(e, env)
	case *lang.Unary:
		isInt = (e.Op == lang.OpNeg || e.Op == lang.OpBitNot) && sub(e.X)
	case *lang.IfExpr:
		a, b := sub(e.Then), sub(e.Else)
		isInt = a && b
	case *lang.Binary:
		if IntOps[e.Op] == IntArithOp {
			x, y := sub(e.X), sub(e.Y)
			if e.Op == lang.OpMul {
				isInt = x && y
			} else {
				isInt = x || y
			}
		}
	case *lang.Call:
		isInt = r.intCall(e, env, sub, note)
	}
	return intFact{isInt, isInt || fires}
}

// intName is intTyped of a name.
func (r *Resolver) intName(e *lang.Ident, env *intEnv) bool {
	if env != nil {
		if v, ok := env.params[Of(e)]; ok {
			return v
		}
		if d := Of(e); d != nil && d.Kind == Local {
			return false // (no shape inlined has a local of its own)
		}
	}
	b := r.Lookup(e)
	return b != nil && b.IsInt && (b.Kind == Local || b.Kind == Global)
}

// intCall is intTyped of a call: an int-closed def with int arguments
// (package compile inlines it with a static trace), a built-in whose
// result is an int, or a def inlined whose body is int-typed with its
// arguments. sub is intTyped of an expression at the call, note counts
// what another was found to be.
func (r *Resolver) intCall(e *lang.Call, env *intEnv, sub func(lang.Expr) bool, note func(intFact) bool) bool {
	if id, ok := e.Fn.(*lang.Ident); ok && env != nil {
		if _, isParam := env.params[Of(id)]; isParam {
			return false // a parameter called: a call of a value
		}
	}
	site := SiteOf(e)
	if env != nil && env.site != nil {
		site = env.site
	}
	fn := r.Inlinable(e)
	if fn != nil {
		closed := true
		for _, a := range e.Args {
			if !sub(a) {
				closed = false
				break
			}
		}
		if closed && r.IntClosed(site, calleeDecl(e), 0) {
			return true
		}
	}
	if bi := r.BuiltinCallee(e); bi != nil && bi.IntResult && r.On(passes.Composite) {
		return true
	}
	if fn == nil || !site.Same(calleeDecl(e)) || !InlineShape(fn.Decl.Body) {
		return false
	}
	// What package compile's Inliner does: a literal or a local that is
	// not called is substituted, any other argument goes to a hidden
	// local, and the body is int-typed only when every hidden local is.
	params := lang.ParamNames(fn.Decl.Params)
	called := CalledParams(fn)
	inner := &intEnv{params: map[*Decl]bool{}, site: site}
	allInt := true
	for j, a := range e.Args {
		hidden := true
		switch a := a.(type) {
		case *lang.IntLit:
			inner.params[NameDecl(params[j])] = true
			continue
		case *lang.Ident:
			if env != nil {
				if v, isParam := env.params[Of(a)]; isParam {
					inner.params[NameDecl(params[j])] = v
					allInt = allInt && (v || !called[params[j].Name])
					continue
				}
			}
			if r.Binding(a) == nil {
				return false
			}
			b := r.Lookup(a)
			hidden = called[params[j].Name] || b != nil && b.Kind == Global
		}
		isInt := false
		if hidden {
			isInt = sub(a)
			allInt = allInt && isInt
		} else {
			isInt = r.intName(a.(*lang.Ident), env)
		}
		inner.params[NameDecl(params[j])] = isInt
	}
	if !allInt {
		return false
	}
	r.Inlining = append(r.Inlining, fn)
	defer func() { r.Inlining = r.Inlining[:len(r.Inlining)-1] }()
	return note(r.intTyped(fn.Decl.Body, inner))
}

// InlineShape reports whether a def's body is small and plain enough to
// be inlined: names, literals, operators, if, indexing, tuple, list and
// set literals and calls, MaxInlineSize nodes at most.
func InlineShape(body lang.Expr) bool {
	size := 0
	var walk func(x lang.Expr) bool
	walk = func(x lang.Expr) bool {
		size++
		if size > MaxInlineSize {
			return false
		}
		switch x := x.(type) {
		case *lang.Ident:
			return true
		case *lang.IntLit, *lang.StrLit, *lang.BoolLit:
			return true
		case *lang.Unary:
			return walk(x.X)
		case *lang.Binary:
			return walk(x.X) && walk(x.Y)
		case *lang.IfExpr:
			return walk(x.Cond) && walk(x.Then) && walk(x.Else)
		case *lang.Index:
			return walk(x.X) && walk(x.Index)
		case *lang.TupleLit, *lang.ListLit, *lang.SetLit:
			for _, e := range LiteralElems(x) {
				if !walk(e) {
					return false
				}
			}
			return true
		case *lang.Call:
			if !walk(x.Fn) {
				return false
			}
			for _, a := range x.Args {
				if !walk(a) {
					return false
				}
			}
			return true
		}
		return false
	}
	return walk(body)
}

// CalledParams lists the parameters of def fn its body calls as
// functions (an inlined call evaluates their arguments into hidden
// locals: the call stays a call of a value).
func CalledParams(fn *engine.Func) map[string]bool {
	index := ParamIndex(fn)
	called := map[string]bool{}
	var findCalls func(x lang.Expr)
	findCalls = func(x lang.Expr) {
		switch x := x.(type) {
		case *lang.Call:
			if id, ok := x.Fn.(*lang.Ident); ok {
				if _, isParam := index[Of(id)]; isParam {
					called[id.Name] = true
				}
			}
			findCalls(x.Fn)
			for _, a := range x.Args {
				findCalls(a)
			}
		case *lang.Unary:
			findCalls(x.X)
		case *lang.Binary:
			findCalls(x.X)
			findCalls(x.Y)
		case *lang.IfExpr:
			findCalls(x.Cond)
			findCalls(x.Then)
			findCalls(x.Else)
		case *lang.Index:
			findCalls(x.X)
			findCalls(x.Index)
		case *lang.TupleLit, *lang.ListLit, *lang.SetLit:
			for _, e := range LiteralElems(x) {
				findCalls(e)
			}
		}
	}
	findCalls(fn.Decl.Body)
	return called
}
