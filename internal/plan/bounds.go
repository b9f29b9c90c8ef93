package plan

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Bounds: a filter right after the range of v (or after filters that
// cannot fail: the values it rejects only evaluate them) that compares v
// with an expression E without v narrows the range,
//
//	range a = 1 .. n; filter a <= m          range a = 1 .. (if m < n then m else n)
//	range a = 1 .. n; filter a > k          range a = (if k + 1 > 1 then k + 1 else 1) .. n
//
// so that the values the filter rejects are never enumerated (the last
// generator is left to the fast loops, whose bounds do this at run time,
// but for a bound that loops itself, a comprehension's min or max: a
// loop for each value of v where the fast loops do not take the rule).
// Exact: the yields are the same values of v in the same order; the
// range's ends, E and the new end are safe (safety.go) under the query's
// guard, so evaluating E once instead of at every v changes no error.
func bounds(env *Env, q *ir.Query) *ir.Query {
	last := -1
	for i, cl := range q.Clauses {
		if _, ok := cl.(*ir.Filter); !ok {
			last = i
		}
	}
	for i := 0; i+1 < len(q.Clauses) && i <= last; i++ {
		// (A filter after others that cannot fail narrows too: the
		// values it rejects only evaluated them.)
		for j := i + 1; j < len(q.Clauses); j++ {
			if _, ok := q.Clauses[j].(*ir.Filter); !ok {
				break
			}
			if out := narrow(env, q, i, j, i == last); out != nil {
				return out
			}
		}
	}
	return nil
}

// narrow narrows the range at clause i by the filter at clause j after
// it, or returns nil (for the last generator, only by a bound that
// loops).
func narrow(env *Env, q *ir.Query, i, j int, last bool) *ir.Query {
	r, ok := q.Clauses[i].(*ir.Range)
	if !ok {
		return nil
	}
	f, ok := q.Clauses[j].(*ir.Filter)
	if !ok {
		return nil
	}
	b, ok := f.Cond.(*lang.Binary)
	if !ok || !b.Op.Ordering() {
		return nil
	}
	v := resolve.NameDecl(r.Var)
	op, e := b.Op, b.Y
	if !ir.IsVar(b.X, v) {
		op, e = b.Op.Flip(), b.X
		if !ir.IsVar(b.Y, v) {
			return nil
		}
	}
	if ir.MentionsDecl(e, v) || last && env.Packed && !ir.Loops(e) {
		return nil
	}
	pos := b.Pos
	nr := &ir.Range{Var: r.Var, Lo: r.Lo, Hi: r.Hi, At: r.At, OpPos: r.OpPos}
	// (A bound that is the max of a list with the range's end in it, or
	// the min, is the new end alone: it is past the old one.)
	switch op {
	case lang.OpLe:
		nr.Hi = ir.MinExpr(e, r.Hi, pos)
		if ir.Covers(env.R, e, false, r.Hi) {
			nr.Hi = e
		}
	case lang.OpLt:
		nr.Hi = ir.MinExpr(ir.PlusOne(e, -1, pos), r.Hi, pos)
		if ir.Covers(env.R, e, false, ir.PlusOne(r.Hi, 1, pos)) {
			nr.Hi = ir.PlusOne(e, -1, pos)
		}
	case lang.OpGe:
		nr.Lo = ir.MaxExpr(e, r.Lo, pos)
		if ir.Covers(env.R, e, true, r.Lo) {
			nr.Lo = e
		}
	case lang.OpGt:
		nr.Lo = ir.MaxExpr(ir.PlusOne(e, 1, pos), r.Lo, pos)
		if ir.Covers(env.R, e, true, ir.PlusOne(r.Lo, -1, pos)) {
			nr.Lo = ir.PlusOne(e, 1, pos)
		}
	}
	sf := newSafety(env, q)
	if !sf.Cond(b) {
		return nil
	}
	for _, cl := range q.Clauses[i+1 : j] {
		if !sf.Cond(cl.(*ir.Filter).Cond) {
			return nil
		}
	}
	if _, ok := sf.Int(nr.Lo); !ok {
		return nil
	}
	if _, ok := sf.Int(nr.Hi); !ok {
		return nil
	}
	g, ok := sf.Guard(q)
	if !ok {
		return nil
	}
	out := q.Clone()
	out.Clauses = append(append(append(out.Clauses[:i:i], nr), q.Clauses[i+1:j]...), q.Clauses[j+1:]...)
	out.Guard = g
	return out
}
