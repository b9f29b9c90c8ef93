package numplan

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Conds rewrites conditions written the long way, bringing them to
// comparisons the bounds, the equalities and the fast loops read, one
// small rule each:
//
//	X in A .. B              A <= X and X <= B
//	min(X, Y) == Y           Y <= X        (== X: X <= Y; max: the other way)
//	max(X, Y) != min(X, Y)   X != Y        (==: X == Y)
//	abs(E) > 0, abs(E) != 0  E != 0        (abs(E) == 0: E == 0)
//	min(X, Y) >= C           X >= C and Y >= C   (max(X, Y) <= C too)
//	max(X, -1) >= 0          X >= 0        (one side two literals that fail)
//	any([X < Y]), all([...]) X < Y         (one comparison)
//
// A filter of a query is rewritten by the first rule that matches, its
// operands safe ints (safety.go, under the query's guard): for ints each
// pair is the same bool, and no operand can fail, so evaluating one
// twice or not at all changes no error. (`"a" in 0 .. 3` is false where
// `0 <= "a"` fails: the operands must be ints.)
func Conds(res *resolve.Resolver, safety func(*ir.Query) *proof.Prover, q *ir.Query) *ir.Query {
	for i, cl := range q.Clauses {
		f, ok := cl.(*ir.Filter)
		if !ok {
			continue
		}
		c, ints := rewriteCond(res, f.Cond)
		if c == nil {
			continue
		}
		sf := safety(q)
		safe := true
		for _, x := range ints {
			if _, ok := sf.Int(x); !ok {
				safe = false
			}
		}
		if !safe {
			continue
		}
		g, ok := sf.Guard(q)
		if !ok {
			continue
		}
		out := q.Clone()
		out.Clauses[i] = &ir.Filter{Cond: c, At: f.At, Src: f.Src}
		out.Guard = g
		return out
	}
	return nil
}

// rewriteCond is c by the first rule that matches, and the operands that
// must be safe ints; nil if none does.
func rewriteCond(res *resolve.Resolver, c lang.Expr) (lang.Expr, []lang.Expr) {
	if call, ok := c.(*lang.Call); ok && len(call.Args) == 1 {
		// any([X]), all([X]) of one comparison: X.
		bi := res.BuiltinCallee(call)
		l, isList := call.Args[0].(*lang.ListLit)
		if bi != nil && (bi.BName == "any" || bi.BName == "all") && isList && len(l.Elems) == 1 {
			if x, ok := l.Elems[0].(*lang.Binary); ok && (x.Op.Ordering() || x.Op == lang.OpEq || x.Op == lang.OpNe) {
				return x, []lang.Expr{x.X, x.Y}
			}
		}
		return nil, nil
	}
	b, ok := c.(*lang.Binary)
	if !ok {
		return nil, nil
	}
	cmp := func(op lang.Op, x, y lang.Expr) *lang.Binary { return &lang.Binary{Pos: b.Pos, Op: op, X: x, Y: y} }
	if b.Op == lang.OpAnd || b.Op == lang.OpOr {
		// (Each side of a conjunction or a disjunction.)
		x, xs := rewriteCond(res, b.X)
		y, ys := rewriteCond(res, b.Y)
		if x == nil && y == nil {
			return nil, nil
		}
		if x == nil {
			x = b.X
		}
		if y == nil {
			y = b.Y
		}
		return cmp(b.Op, x, y), append(xs, ys...)
	}
	// X in A .. B
	if r, ok := b.Y.(*lang.Binary); ok && b.Op == lang.OpIn && r.Op == lang.OpRange {
		return cmp(lang.OpAnd, cmp(lang.OpLe, r.X, b.X), cmp(lang.OpLe, b.X, r.Y)), []lang.Expr{b.X, r.X, r.Y}
	}
	call := func(e lang.Expr, name string, n int) []lang.Expr {
		c, ok := e.(*lang.Call)
		if !ok || len(c.Args) != n {
			return nil
		}
		if bi := res.BuiltinCallee(c); bi == nil || bi.BName != name {
			return nil
		}
		return c.Args
	}
	same := func(x, y lang.Expr) bool { return ir.Same(x, y) }
	switch b.Op {
	case lang.OpEq, lang.OpNe:
		// max(X, Y) != min(X, Y), either way round, the arguments in
		// either order.
		for _, p := range [2][2]lang.Expr{{b.X, b.Y}, {b.Y, b.X}} {
			mx, mn := call(p[0], "max", 2), call(p[1], "min", 2)
			if mx != nil && mn != nil && (same(mx[0], mn[0]) && same(mx[1], mn[1]) || same(mx[0], mn[1]) && same(mx[1], mn[0])) {
				return cmp(b.Op, mx[0], mx[1]), []lang.Expr{mx[0], mx[1]}
			}
		}
		if b.Op == lang.OpEq {
			// min(X, Y) == Y (== X), max(...) likewise, either way round.
			for _, p := range [2][2]lang.Expr{{b.X, b.Y}, {b.Y, b.X}} {
				for _, fn := range []string{"min", "max"} {
					a := call(p[0], fn, 2)
					if a == nil {
						continue
					}
					for k := range 2 {
						if same(a[k], p[1]) {
							// min(X, Y) == Y: Y <= X; max(X, Y) == Y: X <= Y.
							lo, hi := a[k], a[1-k]
							if fn == "max" {
								lo, hi = hi, lo
							}
							return cmp(lang.OpLe, lo, hi), []lang.Expr{a[0], a[1]}
						}
					}
				}
			}
		}
	}
	// min(X, Y) >= C: X >= C and Y >= C (max(X, Y) <= C likewise; max
	// >= C and min <= C are an or, taken where one side is two literals:
	// max(n - s, -1) >= 0 is n - s >= 0).
	x, y, op := b.X, b.Y, b.Op
	if _, ok := ir.IntLit(x); ok {
		x, y, op = y, x, op.Flip()
	}
	if kv, ok := ir.IntLit(y); ok && op.Ordering() {
		k := y
		for _, fn := range []string{"min", "max"} {
			a := call(x, fn, 2)
			if a == nil {
				continue
			}
			both := (fn == "min") == (op == lang.OpGe || op == lang.OpGt)
			if both {
				return cmp(lang.OpAnd, cmp(op, a[0], k), cmp(op, a[1], k)), []lang.Expr{a[0], a[1]}
			}
			for i := range 2 {
				if v, lit := ir.IntLit(a[1-i]); lit && !holds(op, v, kv) {
					return cmp(op, a[i], k), []lang.Expr{a[0], a[1]}
				}
			}
		}
	}
	// abs(E) > 0, abs(E) != 0, 0 < abs(E), abs(E) == 0
	if z, ok := y.(*lang.IntLit); ok && z.Val == 0 {
		if a := call(x, "abs", 1); a != nil {
			zero := &lang.IntLit{Pos: b.Pos}
			switch op {
			case lang.OpGt, lang.OpNe:
				return cmp(lang.OpNe, a[0], zero), []lang.Expr{a[0]}
			case lang.OpEq, lang.OpLe:
				return cmp(lang.OpEq, a[0], zero), []lang.Expr{a[0]}
			}
		}
	}
	return nil, nil
}

// holds is x OP y for an ordering OP.
func holds(op lang.Op, x, y int64) bool {
	switch op {
	case lang.OpLt:
		return x < y
	case lang.OpLe:
		return x <= y
	case lang.OpGt:
		return x > y
	}
	return x >= y
}
