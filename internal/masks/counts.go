package masks

import (
	"math/bits"

	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Counts of a list's passing indexes, and helpers seen through. The body
// of the outer fold may count the indexes of its list that pass the test
// and compare the count with an int literal,
//
//	any([len([j for j in L if b[j] == "X"]) == 3 for L in LINES])
//
// which is, for each list L of distinct indexes, the number of the bits
// of L's mask set in the word of the indexes that pass, compared (the
// list with an index twice: the fold as compiled). The element of the
// inner comprehension is j or a literal (it cannot fail: len evaluates
// it, the masks do not). The body may also be a call of a def whose
// names mean the same at the call, with names and int literals as its
// arguments (resolve.Same; not recursive): its body, the parameters
// written as the arguments, is recognized in its place; the masks apply
// only where nothing of it can fail, and its value is then the call's.

// inlined is e's def's body with its parameters written as e's
// arguments when e is a call of such a def (above); nil otherwise.
func (mk masks) inlined(e lang.Expr) lang.Expr {
	call, ok := e.(*lang.Call)
	if !ok || mk.builtinOf(call) != nil {
		return nil
	}
	fn := mk.c.Inlinable(call)
	if fn == nil || mk.c.GameCallee(call) != nil || !resolve.Same(call) || len(resolve.CalledParams(fn)) > 0 {
		return nil
	}
	for _, a := range call.Args {
		switch a := a.(type) {
		case *lang.IntLit:
		case *lang.Ident:
			b := mk.c.Lookup(a)
			if b == nil || b.Kind != resolve.Local && b.Kind != resolve.Global {
				return nil
			}
		default:
			return nil
		}
	}
	return resolve.Substitute(fn.Decl.Body, resolve.ParamIndex(fn), call.Args, resolve.SiteOf(call))
}

// innerCount recognizes the body len([Y for j in V if T]) OP K (or K OP
// len(...); or sum([1 for j in V if T])), V p's outer variable, T an index test of j, Y j or a
// literal, K an int literal, into p.
func (p *MaskPlan) innerCount(mk masks, e lang.Expr) bool {
	cmp, ok := e.(*lang.Binary)
	if !ok {
		return false
	}
	switch cmp.Op {
	case lang.OpEq, lang.OpNe, lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
	default:
		return false
	}
	x, lit, op := cmp.X, cmp.Y, cmp.Op
	if _, ok := x.(*lang.IntLit); ok {
		x, lit, op = cmp.Y, cmp.X, op.Flip()
	}
	k, ok := lit.(*lang.IntLit)
	call, ok2 := x.(*lang.Call)
	if !ok || !ok2 || len(call.Args) != 1 {
		return false
	}
	bi := mk.builtinOf(call)
	if bi == nil || bi.BName != "len" && bi.BName != "sum" {
		return false
	}
	inner, ok := call.Args[0].(*lang.Comp)
	if !ok || inner.Kind != lang.ListComp || len(inner.Clauses) != 2 {
		return false
	}
	if v, ok := inner.Body.(*lang.IntLit); bi.BName == "sum" && (!ok || v.Val != 1) {
		return false // (a sum of ones is their number)
	}
	fc, ok := inner.Clauses[0].(*lang.ForClause)
	ic, ok2 := inner.Clauses[1].(*lang.IfClause)
	if !ok || !ok2 || fc.Target.Tuple || len(fc.Target.Names) != 1 || !mk.isName(fc.Iter, p.Var) {
		return false
	}
	j := fc.Target.Names[0]
	if !mk.isName(inner.Body, j) && !isLit(inner.Body) {
		return false
	}
	if !mk.indexTest(p, ic.Cond, j) || p.Kind == testBits {
		return false
	}
	p.Inner, p.Count, p.CountOp, p.CountK = true, true, op, k.Val
	return true
}

// negate is the comparison true exactly where op is false.
func negate(op lang.Op) lang.Op {
	switch op {
	case lang.OpEq:
		return lang.OpNe
	case lang.OpNe:
		return lang.OpEq
	case lang.OpLt:
		return lang.OpGe
	case lang.OpGe:
		return lang.OpLt
	case lang.OpGt:
		return lang.OpLe
	}
	return lang.OpGt // (of <=)
}

// countLines is all (any) over the masks ms of nw words each of the
// count of their bits set in w compared: OnesCount(m & w) op k.
func countLines(w, ms []uint64, nw int, all bool, op lang.Op, k int64) bool {
	for i := 0; i+nw <= len(ms); i += nw {
		n := 0
		for j, x := range ms[i : i+nw] {
			n += bits.OnesCount64(x & w[j])
		}
		if cmpInts(op, int64(n), k) != all {
			return !all
		}
	}
	return all
}
