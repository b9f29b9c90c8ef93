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

// Arith is the int analysis of the code being compiled: which
// expressions are int-typed (IntTyped, IntFires: its answers kept per
// node, Gen and inlining depth), which defs are int-closed at a call
// (IntClosed), which expressions are int arithmetic only (IntPure). It
// reads the Resolver's bindings, passes and inlining, and pushes the defs
// it looks into on Inlining as package compile's Inliner would.
type Arith struct {
	// ElemReads counts the elements of lists of ints (IntElems) found
	// int-typed: whether a variant for such lists reads any.
	ElemReads int
	r         *Resolver
	memo      map[intKey]intFact // IntTyped's answers, for Gen memoGen
	memoGen   int
}

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
	// elems: the parameters passed a local that holds a list or tuple of
	// ints (IntElems), substituted: an index of one is an int.
	elems map[*Decl]bool
	site  *Site
}

// IntTyped reports whether e is int-typed where the compiler is (the
// variant and the inlining being compiled), with the Ints pass on.
func (ar *Arith) IntTyped(e lang.Expr) bool { return ar.intFact(e).isInt }

// IntFires reports whether the Ints pass counts as fired where e is
// compiled or read as an int operand: e is int-typed, or one of the
// expressions looked at to tell whether it is (the int generator builds
// their closures on the way: a branch of an if, an operand).
func (ar *Arith) IntFires(e lang.Expr) bool { return ar.intFact(e).fires }

func (ar *Arith) intFact(e lang.Expr) intFact {
	if !ar.r.On(passes.Ints) {
		return intFact{}
	}
	if ar.memo != nil && ar.memoGen != ar.r.Gen {
		// Gen never goes back: the answers kept are for no node now.
		ar.memo = nil
	}
	k := intKey{e, ar.r.Gen, len(ar.r.Inlining)}
	if v, ok := ar.memo[k]; ok {
		return v
	}
	v := ar.intTyped(e, nil)
	if ar.memo == nil {
		ar.memo, ar.memoGen = map[intKey]intFact{}, ar.r.Gen
	}
	ar.memo[k] = v
	return v
}

// intTyped is intFact in env (nil: the code being compiled itself, whose
// answers are kept).
func (ar *Arith) intTyped(e lang.Expr, env *intEnv) intFact {
	fires := false
	note := func(f intFact) bool {
		fires = fires || f.fires
		return f.isInt
	}
	sub := func(x lang.Expr) bool {
		if env == nil {
			return note(ar.intFact(x))
		}
		return note(ar.intTyped(x, env))
	}
	isInt := false
	switch e := e.(type) {
	case *lang.IntLit:
		isInt = true
	case *lang.Ident:
		isInt = ar.intName(e, env)
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
		isInt = ar.intCall(e, env, sub, note)
	case *lang.Index:
		isInt = (env == nil && ar.intElems(e.X) || env != nil && env.elemsOf(e.X)) && sub(e.Index)
		if isInt && env != nil {
			ar.ElemReads++
		}
	}
	return intFact{isInt, isInt || fires}
}

// elemsOf reports whether x is a parameter of the def inlined that is
// passed a list or tuple of ints (intEnv.elems).
func (env *intEnv) elemsOf(x lang.Expr) bool {
	id, ok := x.(*lang.Ident)
	return ok && env.elems[Of(id)]
}

// intName is intTyped of a name.
func (ar *Arith) intName(e *lang.Ident, env *intEnv) bool {
	if env != nil {
		if v, ok := env.params[Of(e)]; ok {
			return v
		}
		if d := Of(e); d != nil && d.Kind == Local {
			return false // (no shape inlined has a local of its own)
		}
	}
	b := ar.r.Lookup(e)
	return b != nil && b.IsInt && (b.Kind == Local || b.Kind == Global)
}

// intElems reports whether x is a local that holds a list or tuple of
// ints (IntElems: a parameter in the variant for such arguments).
func (ar *Arith) intElems(x lang.Expr) bool {
	if ar.holdsIntElems(x) {
		ar.ElemReads++
		return true
	}
	return false
}

// holdsIntElems is intElems without counting a read.
func (ar *Arith) holdsIntElems(x lang.Expr) bool {
	id, ok := x.(*lang.Ident)
	if !ok {
		return false
	}
	b := ar.r.Lookup(id)
	return b != nil && b.Kind == Local && b.IntElems
}

// intCall is intTyped of a call: an int-closed def with int arguments
// (package compile inlines it with a static trace), a built-in whose
// result is an int, or a def inlined whose body is int-typed with its
// arguments. sub is intTyped of an expression at the call, note counts
// what another was found to be.
func (ar *Arith) intCall(e *lang.Call, env *intEnv, sub func(lang.Expr) bool, note func(intFact) bool) bool {
	if id, ok := e.Fn.(*lang.Ident); ok && env != nil {
		if _, isParam := env.params[Of(id)]; isParam {
			return false // a parameter called: a call of a value
		}
	}
	site := SiteOf(e)
	if env != nil && env.site != nil {
		site = env.site
	}
	fn := ar.r.Inlinable(e)
	if fn != nil {
		closed := true
		for _, a := range e.Args {
			if !sub(a) {
				closed = false
				break
			}
		}
		if closed && ar.IntClosed(site, calleeDecl(e), 0) {
			return true
		}
	}
	if bi := ar.r.BuiltinCallee(e); bi != nil && bi.IntResult && ar.r.On(passes.Composite) {
		return true
	} else if bi != nil && bi.IntFold != 0 && len(e.Args) >= 2 && ar.r.On(passes.Composite) {
		// min(a, b, ...), max(...) of ints.
		all := true
		for _, a := range e.Args {
			all = sub(a) && all
		}
		return all
	}
	if fn == nil || !site.Same(calleeDecl(e)) || !InlineShape(fn.Decl.Body) {
		return false
	}
	// What package compile's Inliner does: a literal or a local that is
	// not called is substituted, any other argument goes to a hidden
	// local, and the body is int-typed only when every hidden local is.
	params := lang.ParamNames(fn.Decl.Params)
	called := CalledParams(fn)
	inner := &intEnv{params: map[*Decl]bool{}, elems: map[*Decl]bool{}, site: site}
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
					inner.elems[NameDecl(params[j])] = env.elems[Of(a)] && !called[params[j].Name]
					allInt = allInt && (v || !called[params[j].Name])
					continue
				}
			}
			if ar.r.Binding(a) == nil {
				return false
			}
			b := ar.r.Lookup(a)
			hidden = called[params[j].Name] || b != nil && b.Kind == Global
		}
		isInt := false
		if hidden {
			isInt = sub(a)
			allInt = allInt && isInt
		} else {
			isInt = ar.intName(a.(*lang.Ident), env)
			inner.elems[NameDecl(params[j])] = env == nil && ar.holdsIntElems(a)
		}
		inner.params[NameDecl(params[j])] = isInt
	}
	if !allInt {
		return false
	}
	ar.r.Inlining = append(ar.r.Inlining, fn)
	defer func() { ar.r.Inlining = ar.r.Inlining[:len(ar.r.Inlining)-1] }()
	return note(ar.intTyped(fn.Decl.Body, inner))
}

// InlineShape reports whether a def's body is small and plain enough to
// be inlined: names, literals, operators, if, indexing, slices, tuple,
// list and set literals and calls, MaxInlineSize nodes at most.
func InlineShape(body lang.Expr) bool { return inlineShape(body, false) }

// InlineShapeComps is InlineShape that allows comprehensions too (their
// names the body's own, given slots where the body is compiled): the
// shape of a body the builders compile where it is called.
func InlineShapeComps(body lang.Expr) bool { return inlineShape(body, true) }

func inlineShape(body lang.Expr, comps bool) bool {
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
		case *lang.Slice:
			return walk(x.X) && (x.Lo == nil || walk(x.Lo)) && (x.Hi == nil || walk(x.Hi))
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
		case *lang.Comp:
			if !comps {
				return false
			}
			for _, cl := range x.Clauses {
				switch cl := cl.(type) {
				case *lang.ForClause:
					if !walk(cl.Iter) {
						return false
					}
				case *lang.IfClause:
					if !walk(cl.Cond) {
						return false
					}
				default:
					return false
				}
			}
			return walk(x.Body)
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
		case *lang.Slice:
			findCalls(x.X)
			if x.Lo != nil {
				findCalls(x.Lo)
			}
			if x.Hi != nil {
				findCalls(x.Hi)
			}
		case *lang.TupleLit, *lang.ListLit, *lang.SetLit:
			for _, e := range LiteralElems(x) {
				findCalls(e)
			}
		}
	}
	findCalls(fn.Decl.Body)
	return called
}

// IntClosedCall reports whether the def e calls is int-closed at e (see
// IntClosed).
func (ar *Arith) IntClosedCall(e *lang.Call) bool {
	return ar.IntClosed(SiteOf(e), calleeDecl(e), 0)
}

// IntClosed reports whether the body of def d, with int parameters, is
// int-closed at site: every name it uses besides its parameters means the
// same at the site as in the def and is an int global, and every def it
// calls is int-closed too.
func (ar *Arith) IntClosed(site *Site, d *Decl, depth int) bool {
	if len(ar.r.Inlining)+depth >= MaxInlineDepth || d == nil || d.B == nil || d.B.Fn == nil || !site.Same(d) ||
		d.B.Fn.Decl == nil || RecursiveNow(d.B.Fn) || InlineSize(d.B.Fn) > MaxInlineExpansion {
		return false
	}
	fn := d.B.Fn
	params := map[*Decl]bool{}
	for _, p := range lang.ParamNames(fn.Decl.Params) {
		params[NameDecl(p)] = true
	}
	size := 0
	return IntArith(fn.Decl.Body, func(x lang.Expr) bool {
		if size++; size > MaxInlineSize {
			return false
		}
		if id, ok := x.(*lang.Ident); ok && !params[Of(id)] {
			b := ar.r.Lookup(id)
			return b != nil && b.Kind == Global && b.IsInt
		}
		return true
	}, func(x *lang.Call) bool {
		id, ok := x.Fn.(*lang.Ident)
		if !ok || params[Of(id)] {
			return false // (a parameter called: a call of a value)
		}
		b := ar.r.Lookup(id)
		if b == nil || b.Kind != Def {
			return false
		}
		callee := b.Fn
		if callee.Decl == nil || callee.Free == nil || RecursiveNow(callee) || InlineSize(callee) > MaxInlineExpansion ||
			len(lang.ParamNames(callee.Decl.Params)) != len(x.Args) {
			return false
		}
		return ar.IntClosed(site, Of(id), depth+1)
	})
}

// IntPure reports whether e is int arithmetic only, here: int literals,
// int names, - + * / % ^, if with comparisons of such, and calls of
// int-closed defs with such arguments (nothing that asks for a value).
func (ar *Arith) IntPure(e lang.Expr) bool {
	return IntArith(e, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok {
			b := ar.r.Lookup(id)
			return b != nil && b.IsInt && (b.Kind == Local || b.Kind == Global)
		}
		return true
	}, func(x *lang.Call) bool {
		fn := ar.r.Inlinable(x)
		return fn != nil && ar.IntClosedCall(x)
	})
}
