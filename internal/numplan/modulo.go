package numplan

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Modulo rewrites a filter right after the range of v, over ints v >= 0,
// that fixes v's remainder by a constant, `v % M == R` (0 <= R < M; for
// M = 2 also `v % 2 != R`), as a range of the quotient,
//
//	range s = 1 .. n; filter s % 2 == 1        range s' = 0 .. (if n < 1 then -1 else (n - 1) / 2)
//	                                           bind s = 2 * s' + 1
//
// so that the odd numbers of a subtraction game are enumerated, not
// every int up to n, and the option is affine in the new variable (the
// fast loops take it). Exact: the values M * s' + R of the new range are
// the v of the old one that pass, in the same order (they fit: each is
// at most the old end); the old end and the filter cannot fail
// (safety.go), so evaluating the end once in the new one and the filter
// never changes no error.
func Modulo(res *resolve.Resolver, safety func(*ir.Query) *proof.Prover, q *ir.Query) *ir.Query {
	for i := 0; i+1 < len(q.Clauses); i++ {
		r, ok := q.Clauses[i].(*ir.Range)
		if !ok {
			continue
		}
		f, ok := q.Clauses[i+1].(*ir.Filter)
		if !ok {
			continue
		}
		lo, ok := r.Lo.(*lang.IntLit)
		if !ok || lo.Val < 0 {
			continue
		}
		v := resolve.NameDecl(r.Var)
		m, rem, ok := residue(f.Cond, v)
		if !ok {
			continue
		}
		// The first quotient: the least j >= 0 with m * j + rem >= lo.
		jlo := int64(0)
		if lo.Val > rem {
			jlo = (lo.Val - rem + m - 1) / m
		}
		pos := r.OpPos
		lit := func(x int64) lang.Expr { return &lang.IntLit{Pos: pos, Val: x} }
		// The last: (hi - rem) / m, or -1 (none) where hi < rem.
		jhi := &lang.IfExpr{Pos: pos,
			Cond: &lang.Binary{Pos: pos, Op: lang.OpLt, X: r.Hi, Y: lit(rem)},
			Then: lit(-1),
			Else: &lang.Binary{Pos: pos, Op: lang.OpDiv, X: &lang.Binary{Pos: pos, Op: lang.OpSub, X: r.Hi, Y: lit(rem)}, Y: lit(m)},
		}
		jd := resolve.NewLocal(r.Var.Name+"'", r.Var.Pos) // (a name no program can write)
		jn := &lang.Name{Pos: r.Var.Pos, Name: jd.Name, Bind: jd}
		j := &lang.Ident{Pos: pos, Name: jd.Name, Bind: jd}
		var val lang.Expr = &lang.Binary{Pos: pos, Op: lang.OpMul, X: lit(m), Y: j}
		if rem != 0 {
			val = &lang.Binary{Pos: pos, Op: lang.OpAdd, X: val, Y: lit(rem)}
		}
		nr := &ir.Range{Var: jn, Lo: lit(jlo), Hi: jhi, At: r.At, OpPos: r.OpPos}
		bind := &ir.Bind{Pat: &lang.Pattern{Pos: r.Var.Pos, Names: []*lang.Name{r.Var}}, X: val, At: r.At, Lit: r.At}
		sf := safety(q)
		if !sf.Cond(f.Cond) {
			continue
		}
		if _, ok := sf.Int(r.Hi); !ok {
			continue
		}
		out := q.Clone()
		out.Clauses = append(append(append(out.Clauses[:i:i], nr), bind), q.Clauses[i+2:]...)
		sn := safety(out)
		if _, ok := sn.Int(jhi); !ok {
			continue
		}
		g, ok := sf.Guard(q)
		if !ok {
			continue
		}
		if g, ok = sn.Guard(&ir.Query{Guard: g}); !ok {
			continue
		}
		out.Guard = g
		return out
	}
	return nil
}

// residue reads c as v % M == R with 0 <= R < M (M >= 2 an int literal),
// either way round, or v % 2 != R.
func residue(c lang.Expr, v *resolve.Decl) (m, r int64, ok bool) {
	b, isB := c.(*lang.Binary)
	if !isB || b.Op != lang.OpEq && b.Op != lang.OpNe {
		return 0, 0, false
	}
	x, y := b.X, b.Y
	if _, lit := x.(*lang.IntLit); lit {
		x, y = y, x
	}
	mod, isMod := x.(*lang.Binary)
	rl, isLit := y.(*lang.IntLit)
	if !isMod || !isLit || mod.Op != lang.OpMod || !ir.IsVar(mod.X, v) {
		return 0, 0, false
	}
	ml, isM := mod.Y.(*lang.IntLit)
	if !isM || ml.Val < 2 || rl.Val < 0 || rl.Val >= ml.Val {
		return 0, 0, false
	}
	m, r = ml.Val, rl.Val
	if b.Op == lang.OpNe {
		if m != 2 {
			return 0, 0, false
		}
		r = 1 - r
	}
	return m, r, true
}
