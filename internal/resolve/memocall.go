package resolve

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/lang"
)

// MemoCall reports whether the call of def fn with the arguments args is
// one whose values may be kept by its arguments (package defcache): the
// def's body builds something with a comprehension and reads only its
// locals, globals and pure built-ins, calling no def or game; and each
// argument counts no step when evaluated
// (names, int literals, tuples, elements at literal indexes, + - * and
// unary - of those). It returns the slots of the globals the body
// reads.
func MemoCall(fn *engine.Func, args []lang.Expr) ([]int, bool) {
	if fn == nil || fn.Decl == nil || len(args) == 0 || len(args) > 3 || len(args) != len(fn.Params) {
		return nil, false
	}
	for _, a := range args {
		if !simpleArg(a) {
			return nil, false
		}
	}
	body := fn.Decl.Body
	slots, ok := bodyReads(body)
	if !ok || !builds(body) {
		return nil, false
	}
	return slots, true
}

// bodyReads reports whether body reads only its def's locals, globals
// and pure built-ins (called), calling no def or game, and returns the
// globals' slots.
func bodyReads(body lang.Expr) ([]int, bool) {
	return pureReads(body, func(*engine.Func) bool { return false })
}

// builds reports whether body has a comprehension (what makes a call
// cost more than a lookup).
func builds(body lang.Expr) bool {
	found := false
	lang.Inspect(body, func(x lang.Expr) bool {
		if _, ok := x.(*lang.Comp); ok {
			found = true
		}
		return !found
	})
	return found
}

// SimpleArgs reports whether every argument counts no step when
// evaluated (MemoCall).
func SimpleArgs(args []lang.Expr) bool {
	for _, a := range args {
		if !simpleArg(a) {
			return false
		}
	}
	return true
}

// simpleArg reports whether argument a counts no step when evaluated
// (MemoCall).
func simpleArg(a lang.Expr) bool {
	switch a := a.(type) {
	case *lang.Ident:
		d := Of(a)
		return d != nil && (d.Kind == Local || d.Kind == Global)
	case *lang.IntLit:
		return true
	case *lang.TupleLit:
		for _, x := range a.Elems {
			if !simpleArg(x) {
				return false
			}
		}
		return true
	case *lang.Index:
		_, lit := a.Index.(*lang.IntLit)
		return lit && simpleArg(a.X)
	case *lang.Binary:
		return (a.Op == lang.OpAdd || a.Op == lang.OpSub || a.Op == lang.OpMul) && simpleArg(a.X) && simpleArg(a.Y)
	case *lang.Unary:
		return a.Op == lang.OpNeg && simpleArg(a.X)
	}
	return false
}

// RecMemoCall is MemoCall of a call of a def fn that may call itself:
// fn's body, and the body of every def it calls (and so on), read only
// their locals, globals and pure built-ins and call defs only, and fn is
// among the defs they call. A call of such a def is a pure function of
// its arguments, computed again and again by the recursion as written
// (`def g(n) = mex([g(n - k) for k in S if k <= n])`). It returns the
// slots of the globals the bodies read.
func RecMemoCall(fn *engine.Func, args []lang.Expr) ([]int, bool) {
	if fn == nil || fn.Decl == nil || len(args) == 0 || len(args) > 3 || len(args) != len(fn.Params) {
		return nil, false
	}
	for _, a := range args {
		if !simpleArg(a) {
			return nil, false
		}
	}
	if fn.Free != nil && !RecursiveNow(fn) && fn.RecursiveKnown {
		// Known not to reach itself (by any call, pure or not): the walk
		// of the defs it reaches, each call site's, would make a chain of
		// n defs O(n^2).
		return nil, false
	}
	var slots []int
	seen := map[*lang.DefStmt]bool{}
	recursive := false
	var visit func(f *engine.Func) bool
	visit = func(f *engine.Func) bool {
		if f == nil || f.Decl == nil {
			return false
		}
		if seen[f.Decl] {
			recursive = recursive || f.Decl == fn.Decl
			return true
		}
		seen[f.Decl] = true
		s, ok := pureReads(f.Decl.Body, visit)
		slots = append(slots, s...)
		return ok
	}
	if !visit(fn) || !recursive || !branches(fn.Decl.Body) {
		return nil, false
	}
	return slots, true
}

// branches reports whether body calls defs more than once as it runs:
// two calls, or one inside a comprehension (a recursion that branches,
// whose calls as written come again; one that does not gains nothing
// from keeping its values, and keeps its frames as they were).
func branches(body lang.Expr) bool {
	n := 0
	var walk func(x lang.Expr, inComp bool)
	walk = func(x lang.Expr, inComp bool) {
		lang.Inspect(x, func(y lang.Expr) bool {
			switch y := y.(type) {
			case *lang.Comp, *lang.SumOf:
				if y != x {
					walk(y, true)
					return false
				}
			case *lang.Call:
				if id, ok := y.Fn.(*lang.Ident); ok {
					if d := Of(id); d != nil && d.Kind == Def {
						n++
						if inComp {
							n++
						}
					}
				}
			}
			return true
		})
	}
	walk(body, false)
	return n >= 2
}

// pureReads is bodyReads that takes calls of defs too, each def's Func
// passed to def (false: not pure).
func pureReads(body lang.Expr, def func(*engine.Func) bool) ([]int, bool) {
	var slots []int
	ok := true
	var walk func(x lang.Expr) bool
	walk = func(x lang.Expr) bool {
		if !ok {
			return false
		}
		switch x := x.(type) {
		case *lang.Call:
			id, isID := x.Fn.(*lang.Ident)
			if !isID {
				ok = false
				return false
			}
			switch d := Of(id); {
			case d == nil:
				ok = false
			case d.Kind == Builtin && d.Bi != nil && d.Bi.Pure:
			case d.Kind == Def && d.B != nil:
				ok = def(d.B.Fn)
			default:
				ok = false
			}
			for _, a := range x.Args {
				lang.Inspect(a, walk)
			}
			return false
		case *lang.Ident:
			d := Of(x)
			switch {
			case d == nil:
				ok = false
			case d.Kind == Local:
			case d.Kind == Global && d.B != nil:
				slots = append(slots, d.B.Slot)
			default:
				ok = false
			}
		}
		return ok
	}
	lang.Inspect(body, walk)
	return slots, ok
}
