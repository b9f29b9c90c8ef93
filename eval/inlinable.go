package eval

import (
	"strings"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/lang"
)

const (
	maxInlineSize  = 60 // expression nodes of a body
	maxInlineDepth = 8
)

// hiddenPrefix starts the names of the hidden locals of inlined calls: no
// source name can start so, and none of them is ever shown (suggestions,
// Names).
const hiddenPrefix = "\x00"

func hiddenName(n string) bool { return strings.HasPrefix(n, hiddenPrefix) }

// inlinable returns the def e calls when inlining it is allowed at all
// (see inlineCall), else nil.
func (c *resolver) inlinable(e *lang.Call) *engine.Func {
	if !c.on(engine.PassInline) || len(c.inlining) >= maxInlineDepth {
		return nil
	}
	id, ok := e.Fn.(*lang.Ident)
	if !ok {
		return nil
	}
	b := c.scope.Lookup(id.Name)
	if b == nil || b.Kind != bDef || b.Fn.Decl == nil || b.Fn.Free == nil || recursiveNow(b.Fn) {
		return nil
	}
	if len(lang.ParamNames(b.Fn.Decl.Params)) != len(e.Args) {
		return nil
	}
	return b.Fn
}

// substitute copies x with the parameters replaced by the arguments.
func substitute(x lang.Expr, index map[string]int, args []lang.Expr) lang.Expr {
	sub := func(y lang.Expr) lang.Expr { return substitute(y, index, args) }
	switch x := x.(type) {
	case *lang.Ident:
		if i, ok := index[x.Name]; ok {
			// At the parameter's place: an error that points at it
			// points where the def's body has it.
			switch a := args[i].(type) {
			case *lang.Ident:
				return &lang.Ident{Pos: x.Pos, Name: a.Name}
			case *lang.IntLit:
				return &lang.IntLit{Pos: x.Pos, Val: a.Val}
			}
			return args[i]
		}
		return x
	case *lang.Unary:
		return &lang.Unary{Pos: x.Pos, Op: x.Op, X: sub(x.X)}
	case *lang.Binary:
		return &lang.Binary{Pos: x.Pos, Op: x.Op, X: sub(x.X), Y: sub(x.Y)}
	case *lang.IfExpr:
		return &lang.IfExpr{Pos: x.Pos, Cond: sub(x.Cond), Then: sub(x.Then), Else: sub(x.Else)}
	case *lang.Index:
		return &lang.Index{Pos: x.Pos, X: sub(x.X), Index: sub(x.Index)}
	case *lang.Call:
		out := &lang.Call{Pos: x.Pos, Fn: sub(x.Fn), Lparen: x.Lparen, Args: make([]lang.Expr, len(x.Args))}
		for i, a := range x.Args {
			out.Args[i] = sub(a)
		}
		return out
	case *lang.TupleLit:
		return &lang.TupleLit{Pos: x.Pos, Elems: substituteAll(x.Elems, index, args)}
	case *lang.ListLit:
		return &lang.ListLit{Pos: x.Pos, Elems: substituteAll(x.Elems, index, args)}
	case *lang.SetLit:
		return &lang.SetLit{Pos: x.Pos, Elems: substituteAll(x.Elems, index, args)}
	}
	return x
}

func substituteAll(xs []lang.Expr, index map[string]int, args []lang.Expr) []lang.Expr {
	out := make([]lang.Expr, len(xs))
	for i, x := range xs {
		out[i] = substitute(x, index, args)
	}
	return out
}

// literalElems returns the elements of a tuple, list or set literal.
func literalElems(x lang.Expr) []lang.Expr {
	switch x := x.(type) {
	case *lang.TupleLit:
		return x.Elems
	case *lang.ListLit:
		return x.Elems
	case *lang.SetLit:
		return x.Elems
	}
	return nil
}

// recordFree notes, when a def's body is compiled, the binding each of its
// free names has there (inlining checks the call sees the same ones), and
// whether the def can reach itself through the defs its body calls.
func (c *resolver) recordFree(fn *engine.Func, body lang.Expr) {
	params := map[string]bool{}
	for _, p := range fn.Params {
		params[p] = true
	}
	free := map[string]*engine.Binding{}
	lang.Inspect(body, func(x lang.Expr) bool {
		if x, ok := x.(*lang.Ident); ok && !params[x.Name] {
			free[x.Name] = c.scope.Lookup(x.Name)
		}
		return true
	})
	fn.Free = free
	fn.RecursiveKnown = false
	recursiveNow(fn)
}

// reaches reports whether def from calls def to, directly or through other
// defs, by the names its body's free names were bound to (unknown bodies
// count as reaching).
// unknown is set when a def on the way is not compiled yet (its free
// names are not known): then it counts as reaching, for now.
func reaches(from, to *engine.Func, seen map[*engine.Func]bool, unknown *bool) bool {
	if seen[from] {
		return false
	}
	seen[from] = true
	if from.Decl == nil {
		return true
	}
	for _, b := range from.Free {
		if b == nil || b.Kind != bDef {
			continue
		}
		if b.Fn == to {
			return true
		}
		if b.Fn.Free == nil {
			*unknown = true
			return true
		}
		if reaches(b.Fn, to, seen, unknown) {
			return true
		}
	}
	return false
}

// recursiveNow reports whether def fn can reach itself. A def compiled
// before a def it calls (def piece(a, b) = part(a, b), then def part)
// counted as recursive then; it is asked again once that one is compiled,
// so forward references do not stop inlining.
func recursiveNow(fn *engine.Func) bool {
	if !fn.RecursiveKnown {
		unknown := false
		fn.Recursive = reaches(fn, fn, map[*engine.Func]bool{}, &unknown)
		fn.RecursiveKnown = !unknown
	}
	return fn.Recursive
}

// intClosedDef reports whether fn's body, with int parameters, is
// int-closed where it is being compiled: every name it uses besides its
// parameters means the same here as in the def and is an int global, and
// every def it calls is int-closed too.
func (c *resolver) intClosedDef(fn *engine.Func, depth int) bool {
	if len(c.inlining)+depth >= maxInlineDepth {
		return false
	}
	params := map[string]bool{}
	for _, p := range lang.ParamNames(fn.Decl.Params) {
		params[p.Name] = true
	}
	size := 0
	return intArith(fn.Decl.Body, func(x lang.Expr) bool {
		if size++; size > maxInlineSize {
			return false
		}
		if id, ok := x.(*lang.Ident); ok && !params[id.Name] {
			b := c.scope.Lookup(id.Name)
			return b != nil && b == fn.Free[id.Name] && b.Kind == bGlobal && b.IsInt
		}
		return true
	}, func(x *lang.Call) bool {
		id, ok := x.Fn.(*lang.Ident)
		if !ok {
			return false
		}
		b := c.scope.Lookup(id.Name)
		if b == nil || b != fn.Free[id.Name] || b.Kind != bDef {
			return false
		}
		callee := b.Fn
		if callee.Decl == nil || callee.Free == nil || recursiveNow(callee) ||
			len(lang.ParamNames(callee.Decl.Params)) != len(x.Args) {
			return false
		}
		return c.intClosedDef(callee, depth+1)
	})
}

// intArith reports whether e is int arithmetic: int literals and names,
// - + * / % ^, if with comparisons of such (and, or, not), and calls with
// such arguments. Every node is first shown to node (false rejects it),
// every name after it must be an int one to node, and every call to call.
func intArith(e lang.Expr, node func(x lang.Expr) bool, call func(x *lang.Call) bool) bool {
	var num, cond func(x lang.Expr) bool
	num = func(x lang.Expr) bool {
		if !node(x) {
			return false
		}
		switch x := x.(type) {
		case *lang.IntLit, *lang.Ident:
			return true
		case *lang.Unary:
			return intOps[x.Op] == intArithOp && num(x.X)
		case *lang.Binary:
			return intOps[x.Op] == intArithOp && num(x.X) && num(x.Y)
		case *lang.IfExpr:
			return cond(x.Cond) && num(x.Then) && num(x.Else)
		case *lang.Call:
			for _, a := range x.Args {
				if !num(a) {
					return false
				}
			}
			return call(x)
		}
		return false
	}
	cond = func(x lang.Expr) bool {
		switch x := x.(type) {
		case *lang.BoolLit:
			return true
		case *lang.Unary:
			return x.Op == lang.OpNot && cond(x.X)
		case *lang.Binary:
			switch x.Op {
			case lang.OpAnd, lang.OpOr:
				return cond(x.X) && cond(x.Y)
			case lang.OpEq, lang.OpNe, lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
				return num(x.X) && num(x.Y)
			}
		}
		return false
	}
	return num(e)
}

// countUses counts the uses of each name in x.
func countUses(x lang.Expr, uses map[string]int) {
	lang.Inspect(x, func(x lang.Expr) bool {
		if x, ok := x.(*lang.Ident); ok {
			uses[x.Name]++
		}
		return true
	})
}

// firstLeaf returns the name an int-closed expression evaluates before
// anything else that could fail, or nil.
func firstLeaf(x lang.Expr) *lang.Ident {
	switch x := x.(type) {
	case *lang.Ident:
		return x
	case *lang.Unary:
		return firstLeaf(x.X)
	case *lang.Binary:
		return firstLeaf(x.X)
	case *lang.IfExpr:
		return firstLeaf(x.Cond)
	case *lang.Call:
		if len(x.Args) > 0 {
			return firstLeaf(x.Args[0])
		}
	}
	return nil
}

// intPure reports whether e is int arithmetic only, here: int literals,
// int names, - + * / % ^, if with comparisons of such, and calls of
// int-closed defs with such arguments (nothing that asks for a value).
func (c *resolver) intPure(e lang.Expr) bool {
	return intArith(e, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok {
			b := c.scope.Lookup(id.Name)
			return b != nil && b.IsInt && (b.Kind == bLocal || b.Kind == bGlobal)
		}
		return true
	}, func(x *lang.Call) bool {
		fn := c.inlinable(x)
		return fn != nil && c.intClosedDef(fn, 0)
	})
}

// mentions reports whether name x may occur in e (conservatively true for
// expressions it does not look into).
func mentions(e lang.Expr, x string) bool {
	switch e := e.(type) {
	case *lang.Ident:
		return e.Name == x
	case *lang.IntLit, *lang.StrLit, *lang.BoolLit:
		return false
	case *lang.Unary:
		return mentions(e.X, x)
	case *lang.Binary:
		return mentions(e.X, x) || mentions(e.Y, x)
	case *lang.IfExpr:
		return mentions(e.Cond, x) || mentions(e.Then, x) || mentions(e.Else, x)
	case *lang.Index:
		return mentions(e.X, x) || mentions(e.Index, x)
	case *lang.Call:
		if mentions(e.Fn, x) {
			return true
		}
		for _, a := range e.Args {
			if mentions(a, x) {
				return true
			}
		}
		return false
	}
	return true
}

// freeNames lists the names e mentions.
func freeNames(e lang.Expr) []string {
	var names []string
	lang.Inspect(e, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok {
			names = append(names, id.Name)
		}
		return true
	})
	return names
}
