package fastpath

import (
	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/loopplan"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Linear bounds: an if clause L OP R of a fast loop over x, with L and R
// affine in x (built from x, terms without x, +, -, unary - and
// multiplication by an int literal), is the bound (aL - aR) * x OP bR - bL,
// one shape for every spelling of it: `if n - s >= 0`, `if a < n - a`,
// `if s + 1 <= n`, `if 2 * a <= n` all become K * x OP E (K >= 1), which
// a fast loop's clamps narrow its interval with: recognized as a LinPlan
// (recognizer.linearClamp, the sides as affine trees of plain data) and
// compiled by clamps.linear.
//
// Exactness: the rule evaluates L and R at every x that reaches the
// clause; the bound computes them only at the interval's ends. Every
// intermediate value of an affine tree is affine in x, so when none
// overflows at the two ends none overflows in between; the guard checks
// that (evaluating in the rule's order, so the terms without x raise
// their errors as the rule would at its first x) and otherwise the loop
// runs the general way, which meets the error where the rule does.

// clamps compiles the if clauses of a fast loop that bound its variable.
type clamps struct{ c *compile.Compiler }

// affNode is a node of an affine expression in the loop variable.
type affNode struct {
	kind byte // 'x' the variable, 'c' a term without x, '+', '-', 'n' (unary -), 'k' (times k)
	a, b *affNode
	k    int64
	i    compile.IntFn // a term without x, int-typed
	v    engine.EvalFn // a term without x, checked to be an int when run
	// direct: the term is an int literal or an int local (linflat.go)
	direct *directTerm
}

// leafCache holds the values of the terms without x of one bound's
// evaluation: they are computed once, at the first end (in the rule's
// order), and read at the others.
type leafCache struct {
	vals [8]int64
	n    int // how many are known
	next int // the next term's index in this pass
}

// eval evaluates the node at x; false when an operation overflows or a
// term is not an int.
func (n *affNode) eval(fr *engine.Frame, x int64, lc *leafCache) (int64, bool) {
	switch n.kind {
	case 'x':
		return x, true
	case 'c':
		i := lc.next
		lc.next++
		if i < lc.n {
			return lc.vals[i], true
		}
		var v int64
		if n.i != nil {
			v = n.i(fr)
		} else {
			w := n.v(fr)
			if w.K != value.KInt {
				return 0, false
			}
			v = w.N
		}
		if i < len(lc.vals) {
			lc.vals[i] = v
			lc.n = i + 1
		}
		return v, true
	case 'n':
		a, ok := n.a.eval(fr, x, lc)
		if !ok || a == engine.MinInt {
			return 0, false
		}
		return -a, true
	case 'k':
		a, ok := n.a.eval(fr, x, lc)
		if !ok {
			return 0, false
		}
		return operator.MulOK(a, n.k)
	}
	a, ok := n.a.eval(fr, x, lc)
	if !ok {
		return 0, false
	}
	b, ok := n.b.eval(fr, x, lc)
	if !ok {
		return 0, false
	}
	if n.kind == '+' {
		return operator.AddOK(a, b)
	}
	return operator.SubOK(a, b)
}

// linClamp is the guard and the bound of a linear clamp.
type linClamp struct {
	l, r *affNode
	neg  bool     // the slope aL - aR is negative: the bound is bL - bR
	flat *flatLin // the trees flattened (linflat.go), or nil
}

// bound checks that L and R do not overflow for any x in lo .. hi and
// returns the clamp's E; false sends the loop the general way.
func (lc *linClamp) bound(fr *engine.Frame, lo, hi int64) (int64, bool) {
	var c leafCache
	if lc.flat != nil {
		if e, ok, done := lc.flat.bound(fr, lo, hi, &c); done {
			return e, ok
		}
	}
	for _, x := range [2]int64{lo, hi} {
		c.next = 0
		if _, ok := lc.l.eval(fr, x, &c); !ok {
			return 0, false
		}
		if _, ok := lc.r.eval(fr, x, &c); !ok {
			return 0, false
		}
	}
	c.next = 0
	bl, ok1 := lc.l.eval(fr, 0, &c)
	br, ok2 := lc.r.eval(fr, 0, &c)
	if !ok1 || !ok2 {
		return 0, false
	}
	if lc.neg {
		return operator.SubOK(bl, br)
	}
	return operator.SubOK(br, bl)
}

// affPlan recognizes e as an affine tree in x and returns its
// coefficient of x; false when e is not affine in x or a coefficient grows
// past 2^20.
func (rc recognizer) affPlan(e lang.Expr, x string) (*loopplan.AffPlan, int64, bool) {
	const lim = 1 << 20
	if !resolve.Mentions(e, x) {
		return &loopplan.AffPlan{Kind: 'c', Term: e}, 0, true
	}
	switch e := e.(type) {
	case *lang.Ident:
		if e.Name == x {
			return &loopplan.AffPlan{Kind: 'x'}, 1, true
		}
	case *lang.Unary:
		if e.Op == lang.OpNeg {
			a, k, ok := rc.affPlan(e.X, x)
			return &loopplan.AffPlan{Kind: 'n', A: a}, -k, ok
		}
	case *lang.Binary:
		switch e.Op {
		case lang.OpAdd, lang.OpSub:
			a, ka, ok1 := rc.affPlan(e.X, x)
			b, kb, ok2 := rc.affPlan(e.Y, x)
			if !ok1 || !ok2 {
				return nil, 0, false
			}
			if e.Op == lang.OpSub {
				kb = -kb
			}
			k := ka + kb
			kind := byte('+')
			if e.Op == lang.OpSub {
				kind = '-'
			}
			return &loopplan.AffPlan{Kind: kind, A: a, B: b}, k, k > -lim && k < lim
		case lang.OpMul:
			lit, other := e.X, e.Y
			if _, ok := lit.(*lang.IntLit); !ok {
				lit, other = e.Y, e.X
			}
			if l, ok := lit.(*lang.IntLit); ok && l.Val > -lim && l.Val < lim {
				a, k, ok := rc.affPlan(other, x)
				return &loopplan.AffPlan{Kind: 'k', A: a, K: l.Val}, k * l.Val, ok && k*l.Val > -lim && k*l.Val < lim
			}
		}
	}
	return nil, 0, false
}

// linearClamp recognizes a comparison L OP R affine in x with a nonzero
// slope as a clamp K * x OP E; nil when it is not one.
func (rc recognizer) linearClamp(b *lang.Binary, x string) *loopplan.ClampPlan {
	if !b.Op.Ordering() {
		return nil
	}
	l, kl, ok1 := rc.affPlan(b.X, x)
	r, kr, ok2 := rc.affPlan(b.Y, x)
	if !ok1 || !ok2 || kl == kr {
		return nil
	}
	cl := &loopplan.ClampPlan{Op: b.Op, Pos: b.Pos, Lin: &loopplan.LinPlan{L: l, R: r, LR: [2]lang.Expr{b.X, b.Y}}}
	k := kl - kr
	if k < 0 {
		k, cl.Op, cl.Lin.Neg = -k, b.Op.Flip(), true
	}
	if k > 1 {
		cl.Scale = k
	}
	return cl
}

// inlinedClamp is linearClamp for an if clause that calls a def, like
// `if ok(n, s)` with `def ok(n, s) = n - s >= 0`: when the call inlines
// with its arguments substituted in place (names and literals: nothing
// evaluated in another order), the def's comparison is the clamp, and
// its terms name the call site in the trace of an error, as the call
// does.
func (rc recognizer) inlinedClamp(call *lang.Call, x string) *loopplan.ClampPlan {
	sub, fn, binds := rc.c.Inl.InlineCall(call)
	if sub == nil || len(binds) > 0 {
		return nil
	}
	b, ok := sub.(*lang.Binary)
	if !ok {
		return nil
	}
	cl := rc.linearClamp(b, x)
	if cl == nil {
		return nil
	}
	cl.Lin.Inlined, cl.Lin.CallPos = fn, call.Pos
	return cl
}

// linear compiles the guard and the bound of a linear clamp: its terms
// without x, in the rule's order (inside the def it inlines, whose call
// they name in the trace of an error).
func (cl *clamps) linear(p *loopplan.LinPlan) *linClamp {
	build := func() *linClamp {
		return &linClamp{l: cl.affNode(p.L), r: cl.affNode(p.R), neg: p.Neg}
	}
	if p.Inlined == nil {
		lc := build()
		lc.flat = lc.flatten()
		return lc
	}
	lc := compile.Inlined(cl.c, p.Inlined, build)
	pos, fn := p.CallPos, p.Inlined
	var trace func(n *affNode)
	trace = func(n *affNode) {
		if n == nil {
			return
		}
		if n.i != nil {
			n.i = engine.InlineCallFn(nil, pos, fn, n.i)
		}
		if n.v != nil {
			n.v = engine.InlineCallFn(nil, pos, fn, n.v)
		}
		trace(n.a)
		trace(n.b)
	}
	trace(lc.l)
	trace(lc.r)
	lc.flat = lc.flatten()
	return lc
}

// affNode compiles an affine tree: its terms without x as ints where
// they are int-typed (read in place where they are literals or int
// locals).
func (cl *clamps) affNode(p *loopplan.AffPlan) *affNode {
	if p == nil {
		return nil
	}
	n := &affNode{kind: p.Kind, k: p.K}
	if p.Kind == 'c' {
		if f := cl.c.Ints.IntExpr(p.Term); f != nil {
			n.i, n.direct = f, cl.directTerm(p.Term)
		} else {
			n.v = cl.c.Vals.Expr(p.Term)
		}
		return n
	}
	n.a = cl.affNode(p.A)
	n.b = cl.affNode(p.B)
	return n
}

// negated returns `not (A OP B)` as the comparison A OP' B with the
// opposite order operator (not (s > n) is s <= n: the same operands
// evaluated in the same order, and the same errors).
func negated(e lang.Expr) (*lang.Binary, bool) {
	u, ok := e.(*lang.Unary)
	if !ok || u.Op != lang.OpNot {
		return nil, false
	}
	b, ok := u.X.(*lang.Binary)
	if !ok || !b.Op.Ordering() {
		return nil, false
	}
	opp, ok := b.Op.Negate()
	if !ok {
		return nil, false
	}
	return &lang.Binary{Pos: b.Pos, Op: opp, X: b.X, Y: b.Y}, true
}
