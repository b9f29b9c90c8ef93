// Package numplan owns the planner's rewrites of a range by what its
// filter says of numbers (package plan runs them with the bounds pass):
// a square compared with a bound is a bound of the square root
// (squares.go), a divisibility test of a position's int lists its
// divisors (divisors.go). Each is exact: the same values in the same
// order, and no error met or missed (package proof's safety).
package numplan

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Squares rewrites a filter right after the range of v, over ints v >= 0,
// that compares v * v with an expression E without v, as a narrower
// range,
//
//	range k = 1 .. n; filter k * k <= n       range k = 1 .. (if isqrt(n) < n then isqrt(n) else n)
//
// (v * v < E: v <= isqrt(E - 1); v * v >= E: v >= isqrt(E - 1) + 1; v * v > E:
// v >= isqrt(E) + 1; isqrt(x) is -1 for x < 0): the square numbers of a
// subtraction game are enumerated, not every int up to n (the bounds
// pass leaves the last range to the fast loops, which take no square).
// Exact: for ints v >= 0 the filter holds for the values of the new
// range; it is safe under the query's guard (safety.go: v is small
// enough that v * v fits), so never evaluating it changes no error, and
// E and the new ends are.
func Squares(res *resolve.Resolver, safety func(*ir.Query) *proof.Prover, q *ir.Query) *ir.Query {
	bi := res.Reg.Builtin("isqrt")
	if bi == nil {
		return nil
	}
	for i := 0; i+1 < len(q.Clauses); i++ {
		r, ok := q.Clauses[i].(*ir.Range)
		if !ok {
			continue
		}
		f, ok := q.Clauses[i+1].(*ir.Filter)
		if !ok {
			continue
		}
		if lo, ok := r.Lo.(*lang.IntLit); !ok || lo.Val < 0 {
			continue
		}
		b, ok := f.Cond.(*lang.Binary)
		if !ok || !b.Op.Ordering() {
			continue
		}
		v := resolve.NameDecl(r.Var)
		op, e := b.Op, b.Y
		if !isSquare(b.X, v) {
			op, e = b.Op.Flip(), b.X
			if !isSquare(b.Y, v) {
				continue
			}
		}
		if ir.MentionsDecl(e, v) {
			continue
		}
		pos := b.Pos
		root := func(x lang.Expr) lang.Expr {
			fn := &lang.Ident{Pos: pos, Name: "isqrt", Bind: &resolve.Decl{Name: "isqrt", Kind: resolve.Builtin, Bi: bi}}
			return &lang.Call{Pos: pos, Fn: fn, Lparen: pos, Args: []lang.Expr{x}}
		}
		nr := &ir.Range{Var: r.Var, Lo: r.Lo, Hi: r.Hi, At: r.At, OpPos: r.OpPos}
		switch op {
		case lang.OpLe:
			nr.Hi = ir.MinExpr(root(e), r.Hi, pos)
		case lang.OpLt:
			nr.Hi = ir.MinExpr(root(ir.PlusOne(e, -1, pos)), r.Hi, pos)
		case lang.OpGe:
			nr.Lo = ir.MaxExpr(ir.PlusOne(root(ir.PlusOne(e, -1, pos)), 1, pos), r.Lo, pos)
		case lang.OpGt:
			nr.Lo = ir.MaxExpr(ir.PlusOne(root(e), 1, pos), r.Lo, pos)
		}
		sf := safety(q)
		if !sf.Cond(b) {
			continue
		}
		if _, ok := sf.Int(nr.Lo); !ok {
			continue
		}
		if _, ok := sf.Int(nr.Hi); !ok {
			continue
		}
		g, ok := sf.Guard(q)
		if !ok {
			continue
		}
		out := q.Clone()
		out.Clauses = append(append(out.Clauses[:i:i], nr), q.Clauses[i+2:]...)
		out.Guard = g
		return out
	}
	return nil
}

// isSquare reports whether e is v * v.
func isSquare(e lang.Expr, v *resolve.Decl) bool {
	b, ok := e.(*lang.Binary)
	return ok && b.Op == lang.OpMul && ir.IsVar(b.X, v) && ir.IsVar(b.Y, v)
}
