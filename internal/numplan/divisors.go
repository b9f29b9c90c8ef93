package numplan

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Divisors rewrites a range of d from an int literal >= 1 filtered by
// `N % d == 0`, N an int from outside the query (a parameter of the
// position), as the divisors of N in that range,
//
//	range d = 1 .. n - 1; filter n % d == 0     elems d in divisors(n); filter d <= n - 1
//
// (filters between the range and the test are kept, after it): the
// divisors are listed, not every int up to n tested (the subtraction of a
// divisor; n's divisors are factored in microseconds). Exact where N >=
// 1, which the guard says (the divisors of 0 are every int: there the
// rule runs as written): divisors(N) lists in ascending order the ints
// d >= 1 with N % d == 0, and the range's ends bound them, so the same
// values come in the same order; the test, the range's ends and the
// filters between cannot fail (safety.go), so evaluating the ends per
// divisor, and the test never, changes no error.
func Divisors(res *resolve.Resolver, safety func(*ir.Query) *proof.Prover, q *ir.Query) *ir.Query {
	bi := res.Reg.Builtin("divisors")
	if bi == nil {
		return nil
	}
	for i, cl := range q.Clauses {
		r, ok := cl.(*ir.Range)
		if !ok {
			continue
		}
		if lo, ok := r.Lo.(*lang.IntLit); !ok || lo.Val < 1 {
			continue
		}
		v := resolve.NameDecl(r.Var)
		for fi := i + 1; fi < len(q.Clauses); fi++ {
			f, ok := q.Clauses[fi].(*ir.Filter)
			if !ok {
				break
			}
			n := dividend(f.Cond, v)
			if n == nil || ir.BindsRead(q.Clauses[i:], n) {
				continue
			}
			pos := f.Cond.Position()
			call := &lang.Call{Pos: pos, Fn: &lang.Ident{Pos: pos, Name: "divisors", Bind: &resolve.Decl{Name: "divisors", Kind: resolve.Builtin, Bi: bi}}, Lparen: pos, Args: []lang.Expr{n}}
			vr := &lang.Ident{Pos: r.At, Name: r.Var.Name, Bind: v}
			clauses := []ir.Clause{&ir.Elems{Pat: &lang.Pattern{Pos: r.At, Names: []*lang.Name{r.Var}}, Coll: call, At: r.At}}
			if lo := r.Lo.(*lang.IntLit); lo.Val > 1 {
				clauses = append(clauses, &ir.Filter{Cond: &lang.Binary{Pos: r.OpPos, Op: lang.OpGe, X: vr, Y: r.Lo}, At: r.OpPos})
			}
			clauses = append(clauses, &ir.Filter{Cond: &lang.Binary{Pos: r.OpPos, Op: lang.OpLe, X: vr, Y: r.Hi}, At: r.OpPos})
			clauses = append(clauses, q.Clauses[i+1:fi]...)
			out := q.Clone()
			out.Clauses = append(append(append([]ir.Clause(nil), q.Clauses[:i]...), clauses...), q.Clauses[fi+1:]...)
			sf := safety(q)
			if !sf.Conds(q.Clauses[i+1 : fi+1]) {
				return nil
			}
			if _, ok := sf.Int(r.Hi); !ok {
				return nil
			}
			sn := safety(out)
			if !sn.Conds(clauses) {
				return nil
			}
			g, ok := sf.Guard(q)
			if !ok {
				return nil
			}
			g2, ok := sn.Guard(&ir.Query{Guard: g})
			if !ok {
				return nil
			}
			out.Guard = g2
			return out
		}
	}
	return nil
}

// dividend is N of a test `N % v == 0` (or `0 == N % v`) with N a name,
// or nil.
func dividend(c lang.Expr, v *resolve.Decl) lang.Expr {
	b, ok := c.(*lang.Binary)
	if !ok || b.Op != lang.OpEq {
		return nil
	}
	x, zero := b.X, b.Y
	if z, ok := x.(*lang.IntLit); ok && z.Val == 0 {
		x, zero = b.Y, b.X
	}
	if z, ok := zero.(*lang.IntLit); !ok || z.Val != 0 {
		return nil
	}
	m, ok := x.(*lang.Binary)
	if !ok || m.Op != lang.OpMod || !ir.IsVar(m.Y, v) {
		return nil
	}
	if id, ok := m.X.(*lang.Ident); ok && resolve.Of(id) != v {
		return id
	}
	return nil
}
