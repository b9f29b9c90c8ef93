package plan

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Enumerates: a generator over enumerate(R), R a list from outside the
// query (a position's list), is the range of R's indexes with the
// element bound,
//
//	elems (i, x) in enumerate(b)        range i = 0 .. len(b) - 1; bind x = b[i]
//
// so that the passes after it, and the compiler's walks and bounds, see
// a range of ints and no list of pairs is made. Exact where the guard
// says R is a list (or tuple) of ints (safety.go's list roots): enumerate
// of it yields (0, R[0]), (1, R[1]), ... in order, and neither len(R)
// nor R[i] for i in that range can fail. Where the guard does not hold,
// the generator runs as written.
func enumerates(env *Env, q *ir.Query) *ir.Query {
	for i, cl := range q.Clauses {
		el, ok := cl.(*ir.Elems)
		if !ok || !el.Pat.Tuple || len(el.Pat.Names) != 2 || el.Pat.Names[0] == nil || el.Pat.Names[1] == nil {
			continue
		}
		call, ok := el.Coll.(*lang.Call)
		if !ok || len(call.Args) != 1 {
			continue
		}
		if bi := env.R.BuiltinCallee(call); bi == nil || bi.BName != "enumerate" {
			continue
		}
		r, ok := call.Args[0].(*lang.Ident)
		if !ok {
			continue
		}
		pos := call.Pos
		// (The built-in len, whatever the name means here: it counts
		// what enumerate numbers.)
		lenBi := env.R.Reg.Builtin("len")
		if lenBi == nil {
			continue
		}
		lenFn := &lang.Ident{Pos: pos, Name: "len", Bind: &resolve.Decl{Name: "len", Kind: resolve.Builtin, Bi: lenBi}}
		ln := &lang.Call{Pos: pos, Fn: lenFn, Args: []lang.Expr{r}}
		iv, xv := el.Pat.Names[0], el.Pat.Names[1]
		idx := &lang.Ident{Pos: iv.Pos, Name: iv.Name, Bind: iv.Bind}
		out := q.Clone()
		rng := &ir.Range{Var: iv, Lo: &lang.IntLit{Pos: pos, Val: 0}, Hi: &lang.Binary{Pos: pos, Op: lang.OpSub, X: ln, Y: &lang.IntLit{Pos: pos, Val: 1}}, At: el.At, OpPos: pos}
		bind := &ir.Bind{Pat: &lang.Pattern{Names: []*lang.Name{xv}}, X: &lang.Index{Pos: pos, X: r, Index: idx}, At: el.At, Lit: pos}
		out.Clauses = append(append(out.Clauses[:i:i], rng, bind), q.Clauses[i+1:]...)
		sf := newSafety(env, out)
		if !sf.Conds(out.Clauses[:i+2]) {
			continue
		}
		g, ok := sf.Guard(out)
		if !ok {
			continue
		}
		out.Guard = ir.MergeGuards(q.Guard, g)
		return out
	}
	return nil
}
