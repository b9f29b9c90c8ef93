package fastpath

import (
	"fmt"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/loopplan"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/rewrite"
	"github.com/grundy-lang/grundy/lang"
)

// recognizer finds the fast loops' shapes in the resolved tree and says
// what it found as plans (package loopplan). It compiles nothing that is kept: it
// reads what names mean (package resolve), and asks the int generator
// whether an expression is int-typed (intTyped).
type recognizer struct{ c *compile.Compiler }

// intTyped reports whether e is int-typed here (the resolve pass's
// analysis, read through the int generator: nothing is compiled to tell).
func (rc recognizer) intTyped(e lang.Expr) bool { return rc.c.Ints.Typed(e) }

// bind gives x, the variable of a shape being read (declared by n), a
// slot (an int); unbind gives back the slots taken since (nothing
// compiled while reading is kept: the generator binds x again).
func (rc recognizer) bind(n *lang.Name) (xb *engine.Binding, unbind func()) {
	saveN, saveG := rc.c.Nslots, rc.c.Globals
	xb = rc.c.NewVar(n)
	xb.IsInt = true
	return xb, func() {
		rc.c.Nslots, rc.c.Globals = saveN, saveG
	}
}

// affine fills t.Coefs, the coefficients of x in t.Call's arguments;
// false when one is not affine in x.
func affine(t *loopplan.TermPlan, x string) bool {
	for _, a := range t.Call.Args {
		k, ok := affineCoef(a, x)
		if !ok {
			return false
		}
		t.Coefs = append(t.Coefs, k)
	}
	return true
}

// loop recognizes the last for clause of a move rule, the if clauses
// after it and the body, for the SG search with int parameters; top: the
// for clause is the alternative's only one. It returns the plan, or nil
// and why the shape does not fit.
//
// The loop variable is given a slot of its own while the clauses are
// read (the slot it takes is given back: the generator binds it again).
func (rc recognizer) loop(cl *lang.ForClause, ifs []*lang.IfClause, body lang.Expr, top bool) (*loopplan.LoopPlan, string) {
	if cl.Target.Tuple || len(cl.Target.Names) != 1 {
		return nil, "its last for clause binds a tuple, not one int"
	}
	p := &loopplan.LoopPlan{Var: cl.Target.Names[0].Name, Name: cl.Target.Names[0], Resume: top}
	x := p.Var
	// The body: a sum of game positions (a nimber in it would be
	// evaluated out of its place in the sum: the general way takes those).
	var terms []*lang.Call
	var collect func(e lang.Expr) bool
	collect = func(e lang.Expr) bool {
		switch e := e.(type) {
		case *lang.Binary:
			if e.Op == lang.OpAdd {
				return collect(e.X) && collect(e.Y)
			}
		case *lang.Call:
			if rc.c.GameCallee(e) == nil {
				if w := rewrite.WrapperCall(rc.c.Resolver, e); w != nil {
					e = w
				}
			}
			terms = append(terms, e)
			return true
		}
		return false
	}
	if !collect(body) || len(terms) == 0 || len(terms) > 4 {
		return nil, "its option is not a position or a sum of at most 4 positions (a nimber, a call of a def, or another expression)"
	}
	p.Domain = rc.domain(cl.Iter)
	p.Pos = lang.Start(cl.Iter)
	if p.Domain.Kind == loopplan.DomRange {
		p.Pos = cl.Iter.(*lang.Binary).Pos
	}
	xb, unbind := rc.bind(p.Name)
	defer unbind()
	xb.IsInt = p.Domain.Ranged()
	p.Terms = make([]loopplan.TermPlan, len(terms))
	for i, call := range terms {
		p.Terms[i].Call = call
		if rc.c.GameCallee(call) == nil {
			if w := rewrite.ComputedWrapper(rc.c.Resolver, call); w != nil {
				p.Terms[i].Call, p.Terms[i].Wrapped = w, call
			}
		}
	}
	// The if clauses: bounds on x, and conditions not mentioning x
	// (checked once). Another condition on x leaves the loop to the
	// general way: the arguments may only be evaluated for a value that
	// passes it.
	for _, f := range ifs {
		if cls := rc.clamp(f.Cond, x); cls != nil {
			p.Clamps = append(p.Clamps, cls...)
			continue
		}
		if resolve.Mentions(f.Cond, x) {
			return nil, fmt.Sprintf("the if clause at line %d tests %s in a way that is not a bound (%s OP E or K * %s OP E)", f.Pos.Line, x, x, x)
		}
		p.Once = append(p.Once, f.Cond)
	}
	if len(p.Once) > 0 && len(p.Clamps) > 0 {
		// Keep the order in which the conditions are evaluated (and may
		// fail) simple: conditions on x alone, or not on x at all.
		return nil, fmt.Sprintf("its if clauses mix bounds on %s with conditions not on %s", x, x)
	}
	// The arguments are read with x an int (the fast way runs on int
	// values only).
	xb.IsInt = true
	for i := range p.Terms {
		t := &p.Terms[i]
		if t.Game = rc.c.GameCallee(t.Call); t.Game == nil {
			return nil, fmt.Sprintf("%s is not a call of a declared game", exprText(t.Call.Fn))
		}
		if !affine(t, x) {
			return nil, fmt.Sprintf("an argument of %s is not %s times a constant plus terms without %s", exprText(t.Call.Fn), x, x)
		}
	}
	p.Split = isSplit(p.Terms)
	switch {
	case p.Domain.Ranged() && len(p.Terms) <= 2:
		p.Kernel = loopplan.KernelRange
	case !p.Domain.Ranged() && len(p.Terms) == 1:
		p.Kernel = loopplan.KernelElems
	default:
		p.Kernel = loopplan.KernelEach
	}
	if top {
		p.Sweep = rc.sweep(p)
	}
	return p, ""
}

// domain recognizes what a for clause iterates.
func (rc recognizer) domain(iter lang.Expr) loopplan.DomainPlan {
	d := loopplan.DomainPlan{Kind: loopplan.DomValues, Iter: iter}
	if r, ok := iter.(*lang.Binary); ok && r.Op == lang.OpRange {
		d.Kind, d.Lo, d.Hi = loopplan.DomRange, r.X, r.Y
		return d
	}
	if call, ok := iter.(*lang.Call); ok && rc.intRangeCall(call) {
		d.Kind = loopplan.DomRangeCall
		if len(call.Args) == 2 {
			d.Lo = call.Args[0]
		}
		d.Hi = call.Args[len(call.Args)-1]
		return d
	}
	// A literal of int literals (in ascending order, for a list or a
	// tuple) is the same at every run: its ints, made once.
	if ints := constInts(iter); ints != nil {
		d.Kind, d.Ints = loopplan.DomLiteral, ints
	}
	return d
}

// intRangeCall recognizes range(B) or range(A, B) of the built-in that
// declares IntRange, with int-typed arguments: the ints A (0) to B - 1.
func (rc recognizer) intRangeCall(call *lang.Call) bool {
	id, isID := call.Fn.(*lang.Ident)
	if !isID || len(call.Args) < 1 || len(call.Args) > 2 {
		return false
	}
	b := rc.c.Binding(id)
	if b == nil || b.Kind != resolve.Builtin || !b.Bi.IntRange {
		return false
	}
	for _, a := range call.Args {
		if !rc.intTyped(a) {
			return false
		}
	}
	return true
}

// clamp recognizes an if clause's condition as bounds on x (one, or
// several for a guard def's conjunction), or returns nil.
func (rc recognizer) clamp(cond lang.Expr, x string) []loopplan.ClampPlan {
	if b, ok := cond.(*lang.Binary); ok && b.Op.Ordering() {
		if id, ok := b.X.(*lang.Ident); ok && id.Name == x && !resolve.Mentions(b.Y, x) {
			return []loopplan.ClampPlan{{Op: b.Op, Bound: b.Y, Pos: b.Pos}}
		}
		if id, ok := b.Y.(*lang.Ident); ok && id.Name == x && !resolve.Mentions(b.X, x) {
			return []loopplan.ClampPlan{{Op: b.Op.Flip(), Bound: b.X, Pos: b.Pos}}
		}
		// K * x OP E: a bound on x too, while K * x cannot overflow.
		if k, ok := scaledVar(b.X, x); ok && !resolve.Mentions(b.Y, x) {
			return []loopplan.ClampPlan{{Op: b.Op, Bound: b.Y, Pos: b.Pos, Scale: k}}
		}
		if k, ok := scaledVar(b.Y, x); ok && !resolve.Mentions(b.X, x) {
			return []loopplan.ClampPlan{{Op: b.Op.Flip(), Bound: b.X, Pos: b.Pos, Scale: k}}
		}
	}
	if b, ok := negated(cond); ok {
		if lc := rc.linearClamp(b, x); lc != nil {
			return []loopplan.ClampPlan{*lc}
		}
	}
	if b, ok := cond.(*lang.Binary); ok {
		if lc := rc.linearClamp(b, x); lc != nil {
			return []loopplan.ClampPlan{*lc}
		}
	}
	if call, ok := cond.(*lang.Call); ok {
		if lc := rc.inlinedClamp(call, x); lc != nil {
			return []loopplan.ClampPlan{*lc}
		}
		if lcs := rc.guardClamps(call, x); lcs != nil {
			return lcs
		}
	}
	return nil
}

// sweep recognizes the sweep of a fast loop (sweep.go), or returns nil:
// one position of one int argument per option, over a range, a literal
// or a set held by a name, with bounds that are int arithmetic.
func (rc recognizer) sweep(p *loopplan.LoopPlan) *loopplan.SweepPlan {
	if !rc.c.On(passes.Sweep) || p.Domain.Kind == loopplan.DomRangeCall || len(p.Once) > 0 || len(p.Terms) != 1 || len(p.Terms[0].Coefs) != 1 {
		return nil
	}
	arg := p.Terms[0].Call.Args[0]
	if !rc.intTyped(arg) {
		return nil
	}
	// What the sweep evaluates must do nothing but arithmetic: the
	// position is not marked as being computed (a value asked for inside
	// would not be the error it is in the rule).
	if p.Domain.Kind == loopplan.DomRange {
		if !rc.c.Arith.IntPure(p.Domain.Lo) || !rc.c.Arith.IntPure(p.Domain.Hi) {
			return nil
		}
	} else if _, ok := p.Domain.Iter.(*lang.Ident); !ok && p.Domain.Kind != loopplan.DomLiteral && !rc.globalAt(p.Domain.Iter) {
		return nil // (a set held by a name: evaluating it does nothing else)
	}
	for _, cl := range p.Clamps {
		if cl.Lin != nil {
			if !rc.c.Arith.IntPure(cl.Lin.LR[0]) || !rc.c.Arith.IntPure(cl.Lin.LR[1]) || cl.Scale > 0 {
				return nil
			}
			continue
		}
		if !rc.intTyped(cl.Bound) || !rc.c.Arith.IntPure(cl.Bound) || cl.Scale > 0 {
			return nil
		}
	}
	if !rc.c.Arith.IntPure(arg) {
		return nil
	}
	// A set held by a global name is the same set at every position.
	sw := &loopplan.SweepPlan{Global: p.Domain.Kind == loopplan.DomLiteral, At: rc.globalAt(p.Domain.Iter)}
	if id, ok := p.Domain.Iter.(*lang.Ident); ok && !p.Domain.Ranged() {
		b := rc.c.Lookup(id)
		sw.Global = b != nil && b.Kind == resolve.Global
	}
	rc.stride(p, sw)
	return sw
}

// globalAt reports whether e is G[I], G a global and I int arithmetic
// (adjacency lists, ADJ[v]): evaluating it does nothing else, and where
// it fails (an index out of range) the sweep leaves the position to the
// rule (sweepParts.at).
func (rc recognizer) globalAt(e lang.Expr) bool {
	x, ok := e.(*lang.Index)
	if !ok {
		return false
	}
	id, ok := x.X.(*lang.Ident)
	if !ok {
		return false
	}
	b := rc.c.Lookup(id)
	return b != nil && b.Kind == resolve.Global && rc.intTyped(x.Index) && rc.c.Arith.IntPure(x.Index)
}

// stride sets sw.Stride (see SweepPlan) when the sweep of plan p has a
// global domain and an argument affine in the position's int (the local
// in slot 0, the argument of a game of one int); the plan's guards, set
// after, clear it (loops.guards).
func (rc recognizer) stride(p *loopplan.LoopPlan, sw *loopplan.SweepPlan) {
	if !sw.Global {
		return
	}
	n := rc.positionVar(p.Terms[0].Call.Args[0])
	if n == "" || n == p.Var {
		return
	}
	c, ok := ir.CoefOf(p.Terms[0].Call.Args[0], n)
	if !ok {
		return
	}
	bcs, aff := make([]int64, len(p.Clamps)), make([]bool, len(p.Clamps))
	for i, cl := range p.Clamps {
		switch {
		case cl.Lin == nil && cl.Scale == 0:
			bcs[i], aff[i] = ir.CoefOf(cl.Bound, n)
		case cl.Lin != nil:
			// L OP R with L - R of slope 1 or -1 in the loop's
			// variable: E is bR - bL (bL - bR when Neg), the sides'
			// terms without it, affine in n where both sides are.
			kl, okL := ir.CoefOf(cl.Lin.LR[0], n)
			kr, okR := ir.CoefOf(cl.Lin.LR[1], n)
			if okL && okR {
				bcs[i], aff[i] = kr-kl, true
				if cl.Lin.Neg {
					bcs[i] = kl - kr
				}
			}
		}
	}
	sw.Stride, sw.ArgCoef, sw.BoundCoefs, sw.Affine = true, c, bcs, aff
}

// positionVar is the name of the position's int (a local in slot 0)
// where e mentions it, else "".
func (rc recognizer) positionVar(e lang.Expr) string {
	name := ""
	lang.Inspect(e, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok && name == "" {
			if b := rc.c.Lookup(id); b != nil && b.Kind == resolve.Local && b.Slot == 0 {
				name = id.Name
			}
		}
		return name == ""
	})
	return name
}

// sum recognizes `sum of g(ARGS) for x in A .. B`, the arguments affine
// in x, or returns nil.
func (rc recognizer) sum(e *lang.Comp) *loopplan.FoldPlan {
	if !rc.c.On(passes.FastLoops) || len(e.Clauses) != 1 {
		return nil
	}
	x, r := rangeFor(e.Clauses[0])
	if r == nil {
		return nil
	}
	call, ok := e.Body.(*lang.Call)
	if !ok {
		return nil
	}
	xn := e.Clauses[0].(*lang.ForClause).Target.Names[0]
	_, unbind := rc.bind(xn)
	defer unbind()
	p := &loopplan.FoldPlan{Var: x, Name: xn, Range: r, Comp: e, Term: loopplan.TermPlan{Game: rc.c.GameCallee(call), Call: call}}
	if p.Term.Game == nil || !affine(&p.Term, x) {
		return nil
	}
	return p
}

// fold recognizes, at the top level, a fold of a list comprehension by
// built-in bi,
//
//	len([x for x in A .. B if sg(g(ARGS)) OP K])
//	len([x for x in A .. B if outcome(g(ARGS) [+ *J]) == "S"])
//	max([sg(g(ARGS)) for x in A .. B])   (and min)
//
// with ARGS affine in x and K (or J) an int literal or int global name,
// or returns nil.
func (rc recognizer) fold(bi *engine.Builtin, comp *lang.Comp) *loopplan.FoldPlan {
	if !rc.c.On(passes.FastLoops) || rc.c.InFunc || (!bi.Count && bi.IntFold == 0) {
		return nil
	}
	if bi.Count && len(comp.Clauses) != 2 || !bi.Count && len(comp.Clauses) != 1 {
		return nil
	}
	x, r := rangeFor(comp.Clauses[0])
	if r == nil {
		return nil
	}
	p := &loopplan.FoldPlan{Var: x, Name: comp.Clauses[0].(*lang.ForClause).Target.Names[0], Range: r, Comp: comp, By: bi}
	// (Bound while the clauses are read: seen inlines calls of it.)
	xb, unbind := rc.bind(p.Name)
	defer unbind()
	// The g(ARGS) whose value is counted or folded, and for a count, the
	// comparison and its other side.
	var game lang.Expr
	if bi.Count {
		ifc, ok := comp.Clauses[1].(*lang.IfClause)
		if !ok {
			return nil
		}
		cmp, ok := rc.seen(ifc.Cond).(*lang.Binary)
		if !ok {
			return nil
		}
		switch cmp.Op {
		case lang.OpEq, lang.OpNe, lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
		default:
			return nil
		}
		asked, op, other := cmp.X, cmp.Op, cmp.Y
		if !rc.c.IsSGCall(asked) && !rc.c.IsQueryCall(asked, engine.QueryOutcome) {
			asked, op, other = cmp.Y, cmp.Op.Flip(), cmp.X
		}
		p.Op, p.K = op, other
		switch lit, isStr := other.(*lang.StrLit); {
		case rc.c.IsSGCall(asked):
			game = rc.seen(asked.(*lang.Call).Args[0])
		case isStr && (op == lang.OpEq || op == lang.OpNe) && rc.c.IsQueryCall(asked, engine.QueryOutcome):
			// outcome(g(ARGS) + *J) == "S" (either way round)
			p.Outcome, p.K = lit, nil
			game = asked.(*lang.Call).Args[0]
			if sum, ok := game.(*lang.Binary); ok && sum.Op == lang.OpAdd {
				g, n := sum.X, sum.Y
				if u, ok := g.(*lang.Unary); ok && u.Op == lang.OpNimber {
					g, n = n, g
				}
				u, ok := n.(*lang.Unary)
				if !ok || u.Op != lang.OpNimber {
					return nil
				}
				game, p.K, p.Nim = g, u.X, true
			}
		default:
			return nil
		}
		switch b := comp.Body.(type) {
		case *lang.IntLit, *lang.StrLit, *lang.BoolLit:
		case *lang.Ident:
			if b.Name != x && (rc.c.Lookup(b) == nil || rc.c.Lookup(b).Kind != resolve.Global) {
				return nil // (an element that cannot fail is not evaluated)
			}
		default:
			return nil
		}
	} else {
		body := rc.seen(comp.Body)
		if !rc.c.IsSGCall(body) {
			return nil
		}
		game = rc.seen(body.(*lang.Call).Args[0])
	}
	call, ok := game.(*lang.Call)
	if !ok {
		return nil
	}
	if p.Term = (loopplan.TermPlan{Game: rc.c.GameCallee(call), Call: call}); p.Term.Game == nil {
		return nil
	}
	// K (or J): a literal or an int name, read at each x.
	switch o := p.K.(type) {
	case nil, *lang.IntLit:
	case *lang.Ident:
		ob := rc.c.Lookup(o)
		if ob == nil || !ob.IsInt || ob.Kind != resolve.Global {
			return nil
		}
		if p.KVar = ob == xb; !p.KVar {
			p.KGlobal = ob
		}
	default:
		return nil
	}
	if !affine(&p.Term, x) {
		return nil
	}
	return p
}

// seen is what e means for the recognizer: the body of the def e calls
// where compile's inliner inlines it there, its arguments names or
// literals written as they are (resolve.Resolver.InlinedBody), or e. (The general way of an element
// evaluates e itself: an error inside names the call.)
func (rc recognizer) seen(e lang.Expr) lang.Expr {
	if call, ok := e.(*lang.Call); ok && rc.c.GameCallee(call) == nil {
		if sub := rc.c.InlinedBody(call); sub != nil {
			return sub
		}
	}
	return e
}

// isSplit reports whether terms are g(A + k*x) + g(B - k*x): two heaps of
// one game whose sizes add up to a constant.
func isSplit(terms []loopplan.TermPlan) bool {
	return len(terms) == 2 && len(terms[0].Coefs) == 1 && len(terms[1].Coefs) == 1 &&
		terms[0].Coefs[0] == -terms[1].Coefs[0] && terms[0].Game == terms[1].Game
}
