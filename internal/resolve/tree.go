package resolve

import "github.com/grundy-lang/grundy/lang"

// Substitute copies x with the parameters replaced by the arguments:
// each name whose declaration index maps to i becomes args[i], inside
// comprehensions too (a name a comprehension binds keeps its
// declaration). When site
// is not nil (a def's body inlined at a call), the calls copied take it:
// they are at the call now.
func Substitute(x lang.Expr, index map[*Decl]int, args []lang.Expr, site *Site) lang.Expr {
	sub := func(y lang.Expr) lang.Expr { return Substitute(y, index, args, site) }
	switch x := x.(type) {
	case *lang.Ident:
		if i, ok := index[Of(x)]; ok && Of(x) != nil {
			// At the parameter's place: an error that points at it
			// points where the def's body has it.
			switch a := args[i].(type) {
			case *lang.Ident:
				return &lang.Ident{Pos: x.Pos, Name: a.Name, Bind: a.Bind}
			case *lang.IntLit:
				return &lang.IntLit{Pos: x.Pos, Val: a.Val}
			case *lang.StrLit:
				return &lang.StrLit{Pos: x.Pos, Val: a.Val}
			case *lang.BoolLit:
				return &lang.BoolLit{Pos: x.Pos, Val: a.Val}
			case *lang.Unary:
				if l, ok := a.X.(*lang.IntLit); ok && a.Op == lang.OpNeg {
					return &lang.Unary{Pos: x.Pos, Op: lang.OpNeg, X: &lang.IntLit{Pos: x.Pos, Val: l.Val}}
				}
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
		out := &lang.Index{Pos: x.Pos, X: sub(x.X), Index: sub(x.Index)}
		// (An index in range of a tuple of names and int literals, a
		// parameter written as its argument, is that element: neither
		// fails.)
		if t, ok := out.X.(*lang.TupleLit); ok {
			if i, ok := out.Index.(*lang.IntLit); ok && i.Val >= 0 && i.Val < int64(len(t.Elems)) && plainElems(t.Elems) {
				return t.Elems[i.Val]
			}
		}
		return out
	case *lang.Call:
		out := &lang.Call{Pos: x.Pos, Fn: sub(x.Fn), Lparen: x.Lparen, Args: make([]lang.Expr, len(x.Args)), Site: x.Site}
		if site != nil {
			out.Site = site
		}
		for i, a := range x.Args {
			out.Args[i] = sub(a)
		}
		return out
	case *lang.TupleLit:
		return &lang.TupleLit{Pos: x.Pos, Elems: substituteAll(x.Elems, index, args, site)}
	case *lang.ListLit:
		return &lang.ListLit{Pos: x.Pos, Elems: substituteAll(x.Elems, index, args, site)}
	case *lang.SetLit:
		return &lang.SetLit{Pos: x.Pos, Elems: substituteAll(x.Elems, index, args, site)}
	case *lang.Slice:
		out := &lang.Slice{Pos: x.Pos, X: sub(x.X)}
		if x.Lo != nil {
			out.Lo = sub(x.Lo)
		}
		if x.Hi != nil {
			out.Hi = sub(x.Hi)
		}
		return out
	case *lang.Comp:
		// Its own names keep their declarations (a name it binds is no
		// parameter): what it reads of the parameters is written anew.
		out := &lang.Comp{Pos: x.Pos, Kind: x.Kind, Body: sub(x.Body), Clauses: make([]lang.Clause, len(x.Clauses))}
		if x.Key != nil {
			out.Key = sub(x.Key)
		}
		for i, cl := range x.Clauses {
			switch cl := cl.(type) {
			case *lang.ForClause:
				out.Clauses[i] = &lang.ForClause{Pos: cl.Pos, Target: cl.Target, Iter: sub(cl.Iter)}
			case *lang.IfClause:
				out.Clauses[i] = &lang.IfClause{Pos: cl.Pos, Cond: sub(cl.Cond)}
			default:
				out.Clauses[i] = cl
			}
		}
		return out
	}
	return x
}

func substituteAll(xs []lang.Expr, index map[*Decl]int, args []lang.Expr, site *Site) []lang.Expr {
	out := make([]lang.Expr, len(xs))
	for i, x := range xs {
		out[i] = Substitute(x, index, args, site)
	}
	return out
}

// LiteralElems returns the elements of a tuple, list or set literal.
func LiteralElems(x lang.Expr) []lang.Expr {
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

// Mentions reports whether name x may occur in e (conservatively true for
// expressions it does not look into).
func Mentions(e lang.Expr, x string) bool {
	switch e := e.(type) {
	case *lang.Ident:
		return e.Name == x
	case *lang.IntLit, *lang.StrLit, *lang.BoolLit:
		return false
	case *lang.Unary:
		return Mentions(e.X, x)
	case *lang.Binary:
		return Mentions(e.X, x) || Mentions(e.Y, x)
	case *lang.IfExpr:
		return Mentions(e.Cond, x) || Mentions(e.Then, x) || Mentions(e.Else, x)
	case *lang.Index:
		return Mentions(e.X, x) || Mentions(e.Index, x)
	case *lang.Call:
		if Mentions(e.Fn, x) {
			return true
		}
		for _, a := range e.Args {
			if Mentions(a, x) {
				return true
			}
		}
		return false
	}
	return true
}

// FreeNames lists the names e mentions.
func FreeNames(e lang.Expr) []string {
	var names []string
	lang.Inspect(e, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok {
			names = append(names, id.Name)
		}
		return true
	})
	return names
}

// IntArith reports whether e is int arithmetic: int literals and names,
// - + * / % ^, if with comparisons of such (and, or, not), and calls with
// such arguments. Every node is first shown to node (false rejects it),
// every name after it must be an int one to node, and every call to call.
func IntArith(e lang.Expr, node func(x lang.Expr) bool, call func(x *lang.Call) bool) bool {
	var num, cond func(x lang.Expr) bool
	num = func(x lang.Expr) bool {
		if !node(x) {
			return false
		}
		switch x := x.(type) {
		case *lang.IntLit, *lang.Ident:
			return true
		case *lang.Unary:
			return IntOps[x.Op] == IntArithOp && num(x.X)
		case *lang.Binary:
			return IntOps[x.Op] == IntArithOp && num(x.X) && num(x.Y)
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

// CountUses counts the uses of each name in x.
func CountUses(x lang.Expr, uses map[string]int) {
	lang.Inspect(x, func(x lang.Expr) bool {
		if x, ok := x.(*lang.Ident); ok {
			uses[x.Name]++
		}
		return true
	})
}

// FirstLeaf returns the name an int-closed expression evaluates before
// anything else that could fail, or nil.
func FirstLeaf(x lang.Expr) *lang.Ident {
	switch x := x.(type) {
	case *lang.Ident:
		return x
	case *lang.Unary:
		return FirstLeaf(x.X)
	case *lang.Binary:
		return FirstLeaf(x.X)
	case *lang.IfExpr:
		return FirstLeaf(x.Cond)
	case *lang.Call:
		if len(x.Args) > 0 {
			return FirstLeaf(x.Args[0])
		}
	}
	return nil
}

// IntKind says what the int generator (package compile) makes of an
// operator on ints: int arithmetic (IntArith) is made of the IntArithOp
// ones.
type IntKind uint8

const (
	IntUnknown IntKind = iota // not said: TestEveryOperatorIsKnown fails
	IntArithOp                // an int from ints (intBinary, intUnary)
	IntCond                   // a condition on ints (CondAt, intCompare)
	IntNone                   // no int form (a list, a set test, a game)
)

// IntOps is what the int generator does with each operator.
var IntOps = [lang.NumOps]IntKind{
	lang.OpOr: IntCond, lang.OpAnd: IntCond, lang.OpNot: IntCond,
	lang.OpEq: IntCond, lang.OpNe: IntCond, lang.OpLt: IntCond, lang.OpLe: IntCond, lang.OpGt: IntCond, lang.OpGe: IntCond,
	lang.OpIn: IntNone, lang.OpNotIn: IntNone, lang.OpRange: IntNone, lang.OpNimber: IntNone,
	lang.OpBitOr: IntArithOp, lang.OpXor: IntArithOp, lang.OpBitAnd: IntArithOp, lang.OpShl: IntArithOp, lang.OpShr: IntArithOp,
	lang.OpAdd: IntArithOp, lang.OpSub: IntArithOp, lang.OpMul: IntArithOp, lang.OpDiv: IntArithOp, lang.OpMod: IntArithOp,
	lang.OpPow: IntArithOp, lang.OpNeg: IntArithOp, lang.OpBitNot: IntArithOp,
}

// plainElems reports whether each of xs is a name or an int literal.
func plainElems(xs []lang.Expr) bool {
	for _, x := range xs {
		switch x.(type) {
		case *lang.Ident, *lang.IntLit:
		default:
			return false
		}
	}
	return true
}
