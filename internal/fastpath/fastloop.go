package fastpath

import (
	"fmt"
	"math"
	"slices"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/kernel"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/rewrite"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// Fast inner loops for the SG search. Most move rules end in a loop whose
// body is a sum of positions with int arguments that change linearly with
// the loop variable:
//
//	cut(i, h) + cut(w - i, h) for i in 2 .. w - 2
//	sub(n - s) for s in S if s <= n
//
// The memo keys of such positions then change by a constant from one
// iteration to the next. fastInner compiles the last for clause of a move
// rule (with the if clauses after it and the body) to one Go loop that
// adds those constants, reads the states from the dense tables and sets
// the mex bits directly: no closure call, no Value, no allocation per move.
// It applies when, at the time the loop starts, every argument stays
// inside the dense table over the whole loop; otherwise (and for any other
// shape) the loop runs through the general closures, with the same result.

// New returns the fast paths of compiler c (compile.Env.Fast).
func New(c *compile.Compiler) compile.Fast {
	return paths{&loops{Compiler: c, clamps: &clamps{c}}, &builders{c}}
}

// paths are the fast paths of one compiler: the loops (with the bounds of
// their variable, clamps) and the builders of arguments.
type paths struct {
	*loops
	*builders
}

// loops compiles the fast loops over the memo tables: a move rule's last
// for clause (Alt), sums (Sum) and folds (Fold).
type loops struct {
	*compile.Compiler
	clamps   *clamps
	fastDesc string           // what the last fast loop compiled is
	sweep    engine.SweepFunc // of the last fast loop compiled (sweep.go)
	probe    engine.ProbeFunc // of the last fast loop compiled (its runs for each value of the for clauses before its own)
}

// Alt compiles alt as a fast loop, with its probe, its sweep and what it
// is (see fastAlt).
func (c *loops) Alt(alt *lang.Alt) compile.FastAlt {
	c.probe = nil
	f := c.fastAlt(alt)
	if f == nil {
		return compile.FastAlt{}
	}
	return compile.FastAlt{Run: f, Probe: c.probe, Sweep: c.sweep, Desc: c.fastDesc}
}

// fastAlt compiles a move rule alternative for the SG search with int
// parameters when its last for clause fits fastInner (the clauses before
// it run as usual); nil otherwise.
func (c *loops) fastAlt(alt *lang.Alt) func(fr *engine.Frame) {
	if !c.On(passes.Stream) {
		return whyNot[func(*engine.Frame)](c, "streaming is switched off: each option is made as a value and its SG value read from it")
	}
	if !c.On(passes.FastLoops) {
		return whyNot[func(*engine.Frame)](c, "fast loops are switched off")
	}
	alt = rewrite.Normalize(c.Resolver, alt)
	last := -1
	for i, cl := range alt.Clauses {
		if _, ok := cl.(*lang.ForClause); ok {
			last = i
		}
	}
	if last < 0 {
		return whyNot[func(*engine.Frame)](c, "it has no for clause")
	}
	var ifs []*lang.IfClause
	for _, cl := range alt.Clauses[last+1:] {
		ifs = append(ifs, cl.(*lang.IfClause))
	}
	outer := c.Vals.Clauses(alt.Clauses[:last])
	slowLoops := c.Vals.Clauses(alt.Clauses[last:])
	body := c.SG.SGExpr(alt.Body)
	slow := slowLoops(func(fr *engine.Frame) { fr.Gen.EmitSG(body(fr)) })
	n := len(c.Errs)
	c.sweep = nil
	fast := c.fastInner(alt.Clauses[last].(*lang.ForClause), ifs, alt.Body, slow, last == 0)
	if last != 0 {
		c.sweep = nil
		if inner := c.probe; inner != nil {
			// The probe runs the outer for clauses and probes the loop
			// for each of their values (for t in [1, 2] for a in ...).
			var each engine.ProbeRun
			ok := true
			walk := outer(func(fr *engine.Frame) {
				if ok {
					ok = inner(fr, each)
				}
			})
			c.probe = func(fr *engine.Frame, e engine.ProbeRun) bool {
				each, ok = e, true
				walk(fr)
				return ok
			}
		}
	}
	c.Errs = c.Errs[:n] // the same expressions were compiled for slow
	if fast == nil {
		return nil
	}
	return outer(fast)
}

// affineCoef returns c when e is x*c plus terms that do not mention x
// (built with +, -, unary - and multiplication by an int literal).
func affineCoef(e lang.Expr, x string) (int64, bool) {
	if !resolve.Mentions(e, x) {
		return 0, true
	}
	switch e := e.(type) {
	case *lang.Ident:
		return 1, e.Name == x
	case *lang.Unary:
		if e.Op == lang.OpNeg {
			c, ok := affineCoef(e.X, x)
			return -c, ok && c > -1<<20 && c < 1<<20
		}
	case *lang.Binary:
		switch e.Op {
		case lang.OpAdd, lang.OpSub:
			a, ok1 := affineCoef(e.X, x)
			b, ok2 := affineCoef(e.Y, x)
			if !ok1 || !ok2 || a < -1<<20 || a > 1<<20 || b < -1<<20 || b > 1<<20 {
				return 0, false
			}
			if e.Op == lang.OpSub {
				b = -b
			}
			return a + b, true
		case lang.OpMul:
			if k, ok := e.X.(*lang.IntLit); ok && k.Val > -1<<20 && k.Val < 1<<20 {
				c, ok := affineCoef(e.Y, x)
				return c * k.Val, ok && c > -1<<20 && c < 1<<20
			}
			if k, ok := e.Y.(*lang.IntLit); ok && k.Val > -1<<20 && k.Val < 1<<20 {
				c, ok := affineCoef(e.X, x)
				return c * k.Val, ok && c > -1<<20 && c < 1<<20
			}
		}
	}
	return 0, false
}

// fastTerm is one position of the body: a game and its arguments, each
// affine in the loop variable.
type fastTerm struct {
	b     *engine.Binding
	exprs []lang.Expr
	args  []engine.EvalFn   // each argument, evaluated at the first value only
	ints  []compile.IntFn   // the same compiled for an int x (nil where not int-typed)
	opnds []compile.Operand // ints as operands (evaluated in place when simple)
	coefs []int64
}

// fastClamp is an if clause x OP E (or E OP x) with E not mentioning x: it
// narrows the loop's interval.
type fastClamp struct {
	op       lang.Op // as seen with x on the left
	expr     lang.Expr
	bound    engine.EvalFn
	boundInt compile.IntFn // the bound compiled as an int, when it is int-typed
	pos      engine.Pos
	scale    int64     // K * x OP E (K >= 2), or 0
	lin      *linClamp // L OP R affine in x: E and the guard (linclamp.go), or nil
}

// scaledVar reports K when e is K * x or x * K with K an int literal of 2
// or more.
func scaledVar(e lang.Expr, x string) (int64, bool) {
	b, ok := e.(*lang.Binary)
	if !ok || b.Op != lang.OpMul {
		return 0, false
	}
	k, v := b.X, b.Y
	if _, ok := k.(*lang.IntLit); !ok {
		k, v = v, k
	}
	lit, ok := k.(*lang.IntLit)
	id, ok2 := v.(*lang.Ident)
	if !ok || !ok2 || id.Name != x || lit.Val < 2 {
		return 0, false
	}
	return lit.Val, true
}

// constInts returns the ints of a set, list or tuple literal of int
// literals (a set's sorted, without repeats), or nil: also for a list or
// tuple not in ascending order, and for an empty literal.
func constInts(e lang.Expr) []int64 {
	var elems []lang.Expr
	set := false
	switch e := e.(type) {
	case *lang.ListLit:
		elems = e.Elems
	case *lang.TupleLit:
		elems = e.Elems
	case *lang.SetLit:
		elems, set = e.Elems, true
	default:
		return nil
	}
	var out []int64
	for _, x := range elems {
		switch x := x.(type) {
		case *lang.IntLit:
			out = append(out, x.Val)
		case *lang.Unary:
			lit, ok := x.X.(*lang.IntLit)
			if !ok || x.Op != lang.OpNeg || lit.Val == math.MinInt64 {
				return nil
			}
			out = append(out, -lit.Val)
		default:
			return nil
		}
	}
	if set {
		slices.Sort(out)
		out = slices.Compact(out)
	}
	if len(out) == 0 || !slices.IsSorted(out) {
		return nil
	}
	return out
}

// fastInner compiles the last for clause of a move rule, the if clauses
// after it and the body, for the SG search with int parameters; slow is
// the same compiled by the general closures. It returns nil when the
// shape does not fit.
//
// When its for clause is the alternative's only one (top, true), a run
// stopped after batch missing options can go on from where it stopped
// (gen.cursor; see fast).
func (c *loops) fastInner(cl *lang.ForClause, ifs []*lang.IfClause, body lang.Expr, slow func(fr *engine.Frame), top bool) func(fr *engine.Frame) {
	if cl.Target.Tuple || len(cl.Target.Names) != 1 {
		return whyNot[func(*engine.Frame)](c, "its last for clause binds a tuple, not one int")
	}
	x := cl.Target.Names[0].Name
	// The body: a sum of game positions (a nimber in it would be
	// evaluated out of its place in the sum: the general way takes those).
	var terms []lang.Expr
	var wrapped []*lang.Call // a term of wrappers that compute its arguments, as written (package rewrite's wrappers.go)
	var collect func(e lang.Expr) bool
	collect = func(e lang.Expr) bool {
		switch e := e.(type) {
		case *lang.Binary:
			if e.Op == lang.OpAdd {
				return collect(e.X) && collect(e.Y)
			}
		case *lang.Call:
			if c.GameCallee(e) == nil {
				if w := rewrite.WrapperCall(c.Resolver, e); w != nil {
					e = w
				}
			}
			terms = append(terms, e)
			wrapped = append(wrapped, nil)
			return true
		}
		return false
	}
	if !collect(body) || len(terms) == 0 || len(terms) > 4 {
		return whyNot[func(*engine.Frame)](c, "its option is not a position or a sum of at most 4 positions (a nimber, a call of a def, or another expression)")
	}
	var rlo, rhi compile.IntFn
	var iter engine.EvalFn
	r, isRange := cl.Iter.(*lang.Binary)
	isRange = isRange && r.Op == lang.OpRange
	// range(A, B) with int arguments is the range A .. B - 1 (rhi
	// returns B; see below).
	rangeCall := false
	if call, ok := cl.Iter.(*lang.Call); ok {
		rlo, rhi, rangeCall = c.clamps.intRangeCall(call)
	}
	switch {
	case isRange:
		rlo, rhi = c.Ints.RangeBounds(r)
	case rangeCall:
		isRange = true
	default:
		iter = c.Vals.Expr(cl.Iter)
	}
	ipos := lang.Start(cl.Iter)
	if isRange && !rangeCall {
		ipos = r.Pos
	}
	xb := c.NewVar(cl.Target.Names[0])
	xb.IsInt = isRange
	xslot := xb.Slot
	for i, t := range terms {
		if call := t.(*lang.Call); c.GameCallee(call) == nil {
			if w := rewrite.ComputedWrapper(c.Resolver, call); w != nil {
				terms[i], wrapped[i] = w, call
			}
		}
	}
	// The if clauses: bounds on x, and conditions not mentioning x
	// (checked once). Another condition on x leaves the loop to the
	// general way: the arguments may only be evaluated for a value that
	// passes it.
	var clamps []fastClamp
	var once []compile.BoolFn
	for _, f := range ifs {
		if b, ok := f.Cond.(*lang.Binary); ok && b.Op.Ordering() {
			if id, ok := b.X.(*lang.Ident); ok && id.Name == x && !resolve.Mentions(b.Y, x) {
				clamps = append(clamps, fastClamp{op: b.Op, expr: b.Y, bound: c.Vals.Expr(b.Y), boundInt: c.Ints.IntExpr(b.Y), pos: b.Pos})
				continue
			}
			if id, ok := b.Y.(*lang.Ident); ok && id.Name == x && !resolve.Mentions(b.X, x) {
				clamps = append(clamps, fastClamp{op: b.Op.Flip(), expr: b.X, bound: c.Vals.Expr(b.X), boundInt: c.Ints.IntExpr(b.X), pos: b.Pos})
				continue
			}
			// K * x OP E: a bound on x too, while K * x cannot overflow.
			if k, ok := scaledVar(b.X, x); ok && !resolve.Mentions(b.Y, x) {
				clamps = append(clamps, fastClamp{op: b.Op, expr: b.Y, bound: c.Vals.Expr(b.Y), boundInt: c.Ints.IntExpr(b.Y), pos: b.Pos, scale: k})
				continue
			}
			if k, ok := scaledVar(b.Y, x); ok && !resolve.Mentions(b.X, x) {
				clamps = append(clamps, fastClamp{op: b.Op.Flip(), expr: b.X, bound: c.Vals.Expr(b.X), boundInt: c.Ints.IntExpr(b.X), pos: b.Pos, scale: k})
				continue
			}
		}
		if b, ok := negated(f.Cond); ok {
			if lc := c.clamps.linearClamp(b, x); lc != nil {
				clamps = append(clamps, *lc)
				continue
			}
		}
		if b, ok := f.Cond.(*lang.Binary); ok {
			if lc := c.clamps.linearClamp(b, x); lc != nil {
				clamps = append(clamps, *lc)
				continue
			}
		}
		if call, ok := f.Cond.(*lang.Call); ok {
			if lc := c.clamps.inlinedClamp(call, x); lc != nil {
				clamps = append(clamps, *lc)
				continue
			}
			if lcs := c.clamps.guardClamps(call, x); lcs != nil {
				clamps = append(clamps, lcs...)
				continue
			}
		}
		if resolve.Mentions(f.Cond, x) {
			return whyNot[func(*engine.Frame)](c, "the if clause at line %d tests %s in a way that is not a bound (%s OP E or K * %s OP E)", f.Pos.Line, x, x, x)
		}
		once = append(once, c.Ints.Cond(f.Cond, "an if clause's condition"))
	}
	if len(once) > 0 && len(clamps) > 0 {
		// Keep the order in which the conditions are evaluated (and may
		// fail) simple: conditions on x alone, or not on x at all.
		return whyNot[func(*engine.Frame)](c, "its if clauses mix bounds on %s with conditions not on %s", x, x)
	}
	// The arguments are only evaluated here with x an int (the fast way
	// runs on int values only).
	xb.IsInt = true
	fts := make([]fastTerm, len(terms))
	for i, t := range terms {
		call := t.(*lang.Call)
		b := c.GameCallee(call)
		if b == nil {
			return whyNot[func(*engine.Frame)](c, "%s is not a call of a declared game", exprText(call.Fn))
		}
		ft := fastTerm{b: b}
		var wvals []engine.EvalFn
		var wints []compile.IntFn
		if wrapped[i] != nil {
			wvals, wints = c.wrappedArgs(wrapped[i], call)
		}
		for j, a := range call.Args {
			k, ok := affineCoef(a, x)
			if !ok {
				return whyNot[func(*engine.Frame)](c, "an argument of %s is not %s times a constant plus terms without %s", exprText(call.Fn), x, x)
			}
			var v engine.EvalFn
			var f compile.IntFn
			if wvals != nil {
				v, f = wvals[j], wints[j]
			} else {
				v, f = c.Vals.Expr(a), c.Ints.IntExpr(a)
			}
			ft.args = append(ft.args, v)
			ft.exprs = append(ft.exprs, a)
			ft.ints = append(ft.ints, f)
			var o compile.Operand
			if f != nil {
				o = c.Ints.OperandOf(a, f)
			}
			ft.opnds = append(ft.opnds, o)
			ft.coefs = append(ft.coefs, k)
		}
		fts[i] = ft
	}
	if len(fts) > 4 {
		return whyNot[func(*engine.Frame)](c, "more than 4 positions per option")
	}
	c.fastDesc = fastDescribe(x, cl.Iter, isRange, constInts(cl.Iter) != nil, fts, len(clamps))
	var setCache struct {
		ref  *value.Set
		ints []int64
	}
	// setElems returns the elements of set s as ints (cached).
	setElems := func(s *value.Set) ([]int64, bool) {
		if setCache.ref != s {
			ints, ok := kernel.IntElems(s.Elems)
			if !ok {
				return nil, false
			}
			setCache.ref, setCache.ints = s, ints
		}
		return setCache.ints, true
	}
	var listCache struct {
		first *value.Value
		n     int
		ints  []int64
	}
	// listElems returns the elements of a list or tuple as ints, when
	// they are ints in ascending order (cached by the elements' array: a
	// list's elements do not change).
	listElems := func(vs []value.Value) ([]int64, bool) {
		if len(vs) == 0 {
			return nil, true
		}
		if listCache.first != &vs[0] || listCache.n != len(vs) {
			ints, ok := kernel.IntElems(vs)
			if !ok || !slices.IsSorted(ints) {
				return nil, false
			}
			listCache.first, listCache.n, listCache.ints = &vs[0], len(vs), ints
		}
		return listCache.ints, true
	}
	// A literal of int literals (in ascending order, for a list or a
	// tuple) is the same at every run: its ints, made once.
	constElems := constInts(cl.Iter)
	c.sweep = c.sweepFn(sweepParts{isRange: isRange, rangeCall: rangeCall, rlo: rlo, rhi: rhi, iter: iter, iterExpr: cl.Iter,
		clamps: clamps, once: len(once), fts: fts, xslot: xslot, ipos: ipos, setElems: setElems,
		listElems: listElems, constElems: constElems})
	// prep works out a run of the loop for a frame: its domain (lo .. hi,
	// or elems) and the keys of its positions at lo. run false: the loop
	// has no option here; slowWay: the general way must take the frame.
	// resume: a resumed run goes on from where it stopped.
	type prepared struct {
		st        engine.FastState
		lo, hi    int64
		elems     []int64
		run, slow bool
	}
	prep := func(fr *engine.Frame, resume bool) (p prepared) {
		// The domain: an interval of a range, or a sorted slice of ints.
		var lo, hi int64
		var elems []int64
		if isRange {
			lo, hi = rlo(fr), rhi(fr)
			if rangeCall {
				// range(lo, hi): empty when hi is the least int; a list
				// past maxRange is an error, which the general way raises.
				if hi == engine.MinInt {
					return
				}
				hi--
				if n, ok := operator.SubOK(hi, lo); lo <= hi && (!ok || n >= operator.MaxRange) {
					slow(fr)
					return
				}
			}
		} else if constElems != nil {
			elems = constElems
			lo, hi = elems[0], elems[len(elems)-1]
		} else {
			v := iter(fr)
			switch v.K {
			case value.KSet:
				ints, ok := setElems(v.Ref.(*value.Set))
				if !ok {
					p.slow = true
					return
				}
				elems = ints
			case value.KList, value.KTuple:
				ints, ok := listElems(v.Elems())
				if !ok {
					p.slow = true
					return
				}
				elems = ints
			default:
				p.slow = true
				return
			}
			if len(elems) == 0 {
				return
			}
			lo, hi = elems[0], elems[len(elems)-1]
		}
		if lo > hi {
			return
		}
		// Each bound narrows the interval (and the elements); a bound is
		// only evaluated when some value passed the ones before it, as
		// the conditions would be.
		narrow := func() bool {
			if lo > hi {
				return false
			}
			if elems == nil {
				return true
			}
			i, j := 0, len(elems)
			if lo > elems[0] {
				i, _ = slices.BinarySearch(elems, lo)
			}
			if hi < elems[j-1] {
				var found bool
				j, found = slices.BinarySearch(elems, hi)
				if found {
					j++
				}
			}
			elems = elems[i:j]
			if len(elems) == 0 {
				return false
			}
			lo, hi = elems[0], elems[len(elems)-1]
			return true
		}
		for _, cl := range clamps {
			var e int64
			if cl.lin != nil {
				var ok bool
				if e, ok = cl.lin.bound(fr, lo, hi); !ok {
					p.slow = true
					return
				}
			} else if cl.boundInt != nil {
				e = cl.boundInt(fr)
			} else {
				bv := cl.bound(fr)
				if bv.K != value.KInt {
					p.slow = true
					return
				}
				e = bv.N
			}
			if k := cl.scale; k > 0 {
				// K * x OP e for every x left, when none of them makes
				// K * x overflow (the general way fails there).
				if lo < engine.MinInt/k || hi > engine.MaxInt/k {
					p.slow = true
					return
				}
				switch cl.op {
				case lang.OpLt:
					hi = min(hi, kernel.CeilDiv(e, k)-1)
				case lang.OpLe:
					hi = min(hi, kernel.FloorDiv(e, k))
				case lang.OpGt:
					lo = max(lo, kernel.FloorDiv(e, k)+1)
				case lang.OpGe:
					lo = max(lo, kernel.CeilDiv(e, k))
				}
				if !narrow() {
					return
				}
				continue
			}
			switch cl.op {
			case lang.OpLt:
				if e == engine.MinInt {
					return
				}
				hi = min(hi, e-1)
			case lang.OpLe:
				hi = min(hi, e)
			case lang.OpGt:
				if e == engine.MaxInt {
					return
				}
				lo = max(lo, e+1)
			case lang.OpGe:
				lo = max(lo, e)
			}
			if !narrow() {
				return
			}
		}
		for _, cond := range once {
			if !cond(fr) {
				return
			}
		}
		if gn := fr.Gen; resume && gn.Skip && gn.Alt == gn.SkipAlt {
			// A resumed run: the values below skipX are done.
			gn.Skip = false
			if lo = max(lo, gn.SkipX); lo > hi {
				return
			}
		}
		// Keys at the two ends, and their steps.
		var st engine.FastState
		st.Lo, st.Nt = lo, len(fts)
		st.Cursor = top && elems == nil
		for t := range fts {
			ft := &fts[t]
			g := ft.b.Game
			if g.NArgs != len(ft.args) || g.NArgs == 0 || g.Bits == 0 {
				p.slow = true
				return
			}
			st.Games[t] = g
			var k0, k1, d uint64
			for a, arg := range ft.args {
				// The argument at the first value, evaluated as the
				// general way evaluates it first (same errors); at the
				// last, by its coefficient.
				fr.Slots[xslot] = value.Value{K: value.KInt, N: lo}
				var v0 value.Value
				if ft.ints[a] != nil {
					v0 = value.Value{K: value.KInt, N: ft.opnds[a].Eval(fr)}
				} else {
					v0 = arg(fr)
				}
				var v1 value.Value
				if v0.K == value.KInt {
					t, ok := operator.MulOK(ft.coefs[a], hi-lo)
					if ok && hi-lo >= 0 {
						t, ok = operator.AddOK(v0.N, t)
					}
					if !ok || hi-lo < 0 {
						slow(fr)
						return
					}
					v1 = value.Value{K: value.KInt, N: t}
				}
				if v0.K != value.KInt || v1.K != value.KInt || uint64(v0.N) >= g.Lim || uint64(v1.N) >= g.Lim {
					p.slow = true
					return
				}
				sh := g.Bits * uint(g.NArgs-1-a)
				k0 |= uint64(v0.N) << sh
				k1 |= uint64(v1.N) << sh
				d += uint64(ft.coefs[a]) << sh
			}
			if lo < hi && k0+uint64(hi-lo)*d != k1 {
				p.slow = true // the arguments are not what the coefficients say
				return
			}
			st.Keys[t], st.Steps[t] = k0, d
		}
		p.st, p.lo, p.hi, p.elems, p.run = st, lo, hi, elems, true
		return
	}
	// (The loop's probe; under outer for clauses fastAlt runs it for
	// each of their values.)
	c.probe = func(fr *engine.Frame, each engine.ProbeRun) bool {
		p := prep(fr, false)
		if p.slow {
			return false
		}
		return !p.run || each(p.st, p.lo, p.hi, p.elems)
	}
	return func(fr *engine.Frame) {
		if fr.Stop {
			return
		}
		p := prep(fr, true)
		if p.slow {
			slow(fr)
			return
		}
		if !p.run {
			return
		}
		st, lo, hi, elems := p.st, p.lo, p.hi, p.elems
		gn := fr.Gen
		th := fr.Th
		var n int64
		if elems == nil {
			n = hi - lo + 1 // (the moves the rule has, counted in full)
			if st.Nt == 2 && st.Games[0] == st.Games[1] && st.Steps[1] == -st.Steps[0] &&
				st.Keys[1] == st.Keys[0]+uint64(hi-lo)*st.Steps[0] && th.Engine.On&passes.Symmetric != 0 {
				// g(.. x ..) + g(.. c - x ..) for x over a range
				// symmetric about c/2: x and c - x are the same sum,
				// so half the range has every option.
				hi = lo + (hi-lo)/2
			}
			switch {
			case st.Nt == 2 && kernel.SmallStep(st.Steps[0]) && kernel.SmallStep(st.Steps[1]):
				kernel.FastRangePaged(gn, fr, &st, hi)
			case st.Nt <= 2:
				kernel.FastRange(gn, fr, &st, hi)
			default:
				for x := lo; x <= hi && st.Emit(gn, fr, x); x++ {
				}
			}
		} else {
			n = int64(len(elems))
			if st.Nt == 1 {
				kernel.FastElems(gn, fr, &st, elems)
			} else {
				for _, x := range elems {
					if !st.Emit(gn, fr, x) {
						break
					}
				}
			}
		}
		th.Steps += n
		gn.E.Edges += n
		gn.Scanned += n
		if th.Steps >= th.CheckAt {
			th.CheckLimits(ipos)
		}
	}
}

// The fast loops run a move rule's last for clause over a range (or a
// sorted list) with one or two positions per move and nothing else to
// check: the keys advance by their steps and the states come straight
// from the tables' pages. Each runs a tight kernel while the values are
// known (the Go compiler makes much better code of a simple loop), and a
// general step for the others, which goes through emit when a state is
// not known yet.

// The wide kernels mark each value's byte in the gen's seen (a store)
// rather than set its bit (a read-modify-write of a word, which the next
// value in the same word waits for): grundy 0.142 -> 0.105 s. The marks
// go into the bits when something reads them (gen.settle), in one pass
// over the bytes up to the largest value marked, unless a kernel's marks
// are few for their range (sparse): that kernel then sets the bits itself.

// wrappedArgs compiles the arguments of the position that call (a call
// of wrappers, computedWrapper) makes: argument j of the position its
// evaluation returns. ints[j] is nil where the substituted argument is not
// int-typed.
func (c *loops) wrappedArgs(call *lang.Call, pos *lang.Call) (vals []engine.EvalFn, ints []compile.IntFn) {
	whole := c.Vals.Expr(call)
	for j, a := range pos.Args {
		vals = append(vals, func(fr *engine.Frame) value.Value { return argOf(whole(fr), j) })
		n := len(c.Errs)
		if c.Ints.IntExpr(a) != nil {
			ints = append(ints, func(fr *engine.Frame) int64 { return argOf(whole(fr), j).N })
		} else {
			ints = append(ints, nil)
		}
		c.Errs = c.Errs[:n]
	}
	return vals, ints
}

// argOf is argument j of position v.
func argOf(v value.Value, j int) value.Value {
	if g, ok := v.Ref.(*engine.Game); ok {
		r := uint64(v.N) >> (uint(g.NArgs-1-j) * g.Bits)
		return value.Int(g.Unfield(r & (1<<g.Bits - 1)))
	}
	return v.Position().Args[j]
}

// whyNot records why a fast path did not apply and returns nil, for
// `return c.whyNot(...)` at a recognizer's exits.
func whyNot[T any](c *loops, format string, args ...any) T {
	c.Rejected = fmt.Sprintf(format, args...)
	var zero T
	return zero
}

// exprText names a callee for a note: its name, or "this expression".
func exprText(e lang.Expr) string {
	if id, ok := e.(*lang.Ident); ok {
		return id.Name
	}
	return "this expression"
}

// fastDescribe says what a fast loop iterates and how many positions an
// option has.
func fastDescribe(x string, iter lang.Expr, isRange, literal bool, fts []fastTerm, bounds int) string {
	dom := "the ints of a set or list (sorted ascending), read once per run"
	switch {
	case isRange:
		dom = "a range"
	case literal:
		dom = "a literal of ints, made once"
	}
	parts := "one position per option"
	if len(fts) > 1 {
		parts = fmt.Sprintf("%d positions per option, their values xored", len(fts))
		if len(fts) == 2 && len(fts[0].coefs) == 1 && len(fts[1].coefs) == 1 && fts[0].coefs[0] == -fts[1].coefs[0] && fts[0].b == fts[1].b {
			parts = "a split (two heaps whose sizes add up to a constant): the split kernels"
		}
	}
	s := fmt.Sprintf("fast loop: for %s over %s; %s", x, dom, parts)
	if bounds > 0 {
		s += fmt.Sprintf("; %d if clause%s turned into bounds on %s", bounds, value.Plural(bounds), x)
	}
	return s
}
