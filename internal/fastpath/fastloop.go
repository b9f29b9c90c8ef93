package fastpath

import (
	"github.com/grundy-lang/grundy/internal/vecint"
	"math"
	"slices"

	"github.com/grundy-lang/grundy/internal/bitlists"
	"github.com/grundy-lang/grundy/internal/build"
	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/gridbits"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/partgen"
	"github.com/grundy-lang/grundy/internal/setsweep"
	"github.com/grundy-lang/grundy/internal/wordsets"

	"github.com/grundy-lang/grundy/internal/defcache"
	"github.com/grundy-lang/grundy/internal/defgame"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/eqindex"
	"github.com/grundy-lang/grundy/internal/linemasks"
	"github.com/grundy-lang/grundy/internal/loopplan"
	"github.com/grundy-lang/grundy/internal/masks"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/rangemask"
	"github.com/grundy-lang/grundy/internal/strtest"
	"github.com/grundy-lang/grundy/internal/tailcall"
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
// iteration to the next. The last for clause of a move rule (with the if
// clauses after it and the body) is recognized as a plan (LoopPlan,
// recognize.go) and the plan compiled (gen.go) to one Go loop that adds
// those constants, reads the states from the dense tables and sets the
// mex bits directly: no closure call, no Value, no allocation per move.
// It applies when, at the time the loop starts, every argument stays
// inside the dense table over the whole loop; otherwise (and for any other
// shape) the loop runs through the general closures, with the same result.

// New returns the fast paths of compiler c (compile.Env.Fast).
func New(c *compile.Compiler) compile.Fast {
	b := build.New(c)
	return paths{&loops{c: c, clamps: &clamps{c}}, b, partgen.New(c, b), bitlists.New(c, b), wordsets.New(c, b), defcache.New(c), setsweep.New(c), eqindex.New(c), defgame.New(c), tailcall.New(c), gridbits.New(c)}
}

// paths are the fast paths of one compiler: the loops (with the bounds of
// their variable, clamps) and the builders of arguments.
type paths struct {
	*loops
	*build.Builders
	*partgen.Options
	*bitlists.Binds
	*wordsets.Sets
	*defcache.Calls
	sets *setsweep.Sweeps
	*eqindex.Indexes
	*defgame.Games
	tails *tailcall.Defs
	grids *gridbits.Grids
}

// DefGame wraps the body of def fn: as a hidden game's values (package
// defgame), else as a loop when it calls itself only in tail position
// (package tailcall).
func (p paths) DefGame(fn *engine.Func, d *lang.DefStmt, x *passes.Explanation) func(body engine.EvalFn) engine.EvalFn {
	fired := x.Fired & passes.DefGames
	wrap := p.Games.DefGame(fn, d, x)
	if x.Fired&passes.DefGames != fired {
		return wrap
	}
	if w := p.tails.Def(fn, d, x, wrap); w != nil {
		return w
	}
	return wrap
}

// DefCall compiles call e of the def of b: a tail call of a def run as a
// loop (package tailcall), or a call whose values are kept (package
// defcache); nil for neither.
func (p paths) DefCall(e *lang.Call, b *engine.Binding, plain engine.EvalFn) engine.EvalFn {
	if f := p.tails.Call(e, b, plain); f != nil {
		return f
	}
	return p.Calls.DefCall(e, b, plain)
}

// Lanes compiles e for runs of values of x (package vecint), or returns
// nil.
func (p paths) Lanes(e lang.Expr, x *engine.Binding) func(fr *engine.Frame, lo int64, n int) ([]int64, bool) {
	plan := vecint.Compile(p.loops.c, e, x)
	if plan == nil {
		return nil
	}
	p.loops.c.Fired(passes.Lanes)
	return plan.Values
}

// Words compiles alt as a list of 0s and 1s in a word (package
// bitlists), a bound grid of 0s and 1s in a word (package gridbits), a
// bound set as words (package wordsets) or a set swept as a word
// (package setsweep), or returns nil.
func (p paths) Words(alt *lang.Alt) (func(fr *engine.Frame), string, passes.Pass) {
	if run, why := p.Binds.BitList(alt); run != nil {
		return run, why, passes.BitLists
	}
	if run, why := p.grids.Grid(alt); run != nil {
		return run, why, passes.BitLists
	}
	// (A sweep first: where it applies, its if clauses read the set only
	// as bits, and each value of its loop is a few word operations.)
	if run, why := p.sets.SetSweep(alt); run != nil {
		return run, why, passes.Bitsets
	}
	run, why := p.Sets.WordSet(alt)
	return run, why, passes.WordSets
}

// Fold compiles a fold of a list comprehension: a mask test (masks.go)
// or a fast fold over the memo tables (fold.go); nil when neither fits.
func (p paths) Fold(bi *engine.Builtin, comp *lang.Comp, slow engine.EvalFn, pos engine.Pos, argPos []engine.Pos) engine.EvalFn {
	if f := masks.Of(p.loops.c, bi, comp, slow); f != nil {
		return f
	}
	if f := linemasks.Of(p.loops.c, bi, comp, slow); f != nil {
		return f
	}
	return p.loops.Fold(bi, comp, slow, pos, argPos)
}

// loops compiles the fast loops over the memo tables: a move rule's last
// for clause (Alt: recognized as a plan, recognize.go, and compiled from
// it, gen.go), sums (Sum) and folds (Fold).
type loops struct {
	c      *compile.Compiler
	clamps *clamps
	plan   *loopplan.LoopPlan // the last loop recognized (read by the tests)
}

// Alt compiles alt as a fast loop, with its probe, its sweep and what it
// is (see fastAlt); or returns why not.
func (l *loops) Alt(alt *lang.Alt) (compile.FastAlt, string) {
	l.plan = nil
	return l.fastAlt(alt)
}

// fastAlt compiles a move rule alternative for the SG search with int
// parameters as a fast loop when its last for clause has a plan (the
// clauses before it run as the general way compiles them); otherwise it
// returns why not.
func (l *loops) fastAlt(alt *lang.Alt) (compile.FastAlt, string) {
	if !l.c.On(passes.Stream) {
		return compile.FastAlt{}, "streaming is switched off: each option is made as a value and its SG value read from it"
	}
	if !l.c.On(passes.FastLoops) {
		return compile.FastAlt{}, "fast loops are switched off"
	}
	last := -1
	for i, cl := range alt.Clauses {
		if _, ok := cl.(*lang.ForClause); ok {
			last = i
		}
	}
	if last < 0 {
		return compile.FastAlt{}, "it has no for clause"
	}
	var ifs []*lang.IfClause
	for _, cl := range alt.Clauses[last+1:] {
		ifs = append(ifs, cl.(*lang.IfClause))
	}
	outer := l.c.Vals.Clauses(alt.Clauses[:last])
	// The general closure of the last for clause, its if clauses and the
	// body: the fast loop's fallback.
	slowLoops := l.c.Vals.Clauses(alt.Clauses[last:])
	body := l.c.SG.SGExpr(alt.Body)
	slow := slowLoops(func(fr *engine.Frame) { fr.Gen.EmitSG(body(fr)) })
	n := len(l.c.Errs)
	defer func() { l.c.Errs = l.c.Errs[:n] }() // the same expressions were compiled for slow
	p, why := recognizer{l.c}.loop(alt.Clauses[last].(*lang.ForClause), ifs, alt.Body, last == 0)
	if p == nil {
		return compile.FastAlt{}, why
	}
	l.plan = p
	guarded := last != 0 && l.guards(p, alt.Clauses[:last])
	p.Row = (last == 0 || l.rowGuards(p, alt.Clauses[:last])) && (rowShape{l.c}).rowable(p)
	run, probe, sweep, row := l.genLoop(p, slow)
	if last != 0 {
		if !guarded {
			sweep = nil
		}
		if inner := probe; inner != nil {
			// The probe runs the outer for clauses and probes the loop
			// for each of their values (for t in [1, 2] for a in ...).
			var each engine.ProbeRun
			ok := true
			walk := outer(func(fr *engine.Frame) {
				if ok {
					ok = inner(fr, each)
				}
			})
			probe = func(fr *engine.Frame, e engine.ProbeRun) bool {
				each, ok = e, true
				walk(fr)
				return ok
			}
		}
	}
	return compile.FastAlt{Run: outer(run), Probe: probe, Sweep: sweep, Row: row, Desc: p.Describe()}, ""
}

// guards gives plan p the sweep of a loop whose for clause follows only
// if clauses that test the position and cannot fail (cls: the
// planner's guard, plan.Alts), their conditions its Guards; false when
// they are not such.
func (l *loops) guards(p *loopplan.LoopPlan, cls []lang.Clause) bool {
	var conds []lang.Expr
	for _, cl := range cls {
		ifc, ok := cl.(*lang.IfClause)
		if !ok || !l.safeTest(ifc.Cond) {
			return false
		}
		conds = append(conds, ifc.Cond)
	}
	if p.Sweep = (recognizer{l.c}).sweep(p); p.Sweep == nil {
		return false
	}
	p.Guards = conds
	p.Sweep.Stride = p.Sweep.Stride && len(conds) == 0
	return true
}

// rowGuards gives plan p the guards of a row sweep's alternative (its
// Guards, as guards does for the sweep) when the clauses before its for
// clause, cls, are if clauses that test the position and cannot fail: a
// position where one does not hold has no option from the alternative.
func (l *loops) rowGuards(p *loopplan.LoopPlan, cls []lang.Clause) bool {
	var conds []lang.Expr
	for _, cl := range cls {
		ifc, ok := cl.(*lang.IfClause)
		if !ok || !l.safeTest(ifc.Cond) {
			return false
		}
		conds = append(conds, ifc.Cond)
	}
	p.Guards = conds
	return true
}

// safeTest reports whether condition e cannot fail: comparisons of
// int-typed names and int literals, a built-in's Test, and, or and not of
// such.
func (l *loops) safeTest(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.BoolLit:
		return true
	case *lang.Unary:
		return e.Op == lang.OpNot && l.safeTest(e.X)
	case *lang.Call:
		bi := l.c.BuiltinCallee(e)
		return bi != nil && bi.Test != nil && len(e.Args) == 0
	case *lang.Binary:
		switch e.Op {
		case lang.OpAnd, lang.OpOr:
			return l.safeTest(e.X) && l.safeTest(e.Y)
		case lang.OpEq, lang.OpNe, lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
			return l.intAtom(e.X) && l.intAtom(e.Y)
		}
	}
	return false
}

// intAtom reports whether e is an int literal or an int-typed name.
func (l *loops) intAtom(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.IntLit:
		return true
	case *lang.Ident:
		return l.c.Ints.Typed(e)
	}
	return false
}

// affineCoef is the slope of e in x (ir.CoefOf, the project's one affine
// analysis).
func affineCoef(e lang.Expr, x string) (int64, bool) { return ir.CoefOf(e, x) }

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
func (l *loops) wrappedArgs(call *lang.Call, pos *lang.Call) (vals []engine.EvalFn, ints []compile.IntFn) {
	whole := l.c.Vals.Expr(call)
	for j, a := range pos.Args {
		vals = append(vals, func(fr *engine.Frame) value.Value { return argOf(whole(fr), j) })
		n := len(l.c.Errs)
		if l.c.Ints.Typed(a) {
			ints = append(ints, func(fr *engine.Frame) int64 { return argOf(whole(fr), j).N })
		} else {
			ints = append(ints, nil)
		}
		l.c.Errs = l.c.Errs[:n]
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

// exprText names a callee for a note: its name, or "this expression".
func exprText(e lang.Expr) string {
	if id, ok := e.(*lang.Ident); ok {
		return id.Name
	}
	return "this expression"
}

// EqRange is the ints of a range that can pass its if clause: by an
// index of its equality (package eqindex), or by a substring's test as
// a bound (package strtest); ok false: every int.
func (p paths) EqRange(cl *lang.ForClause, ifc *lang.IfClause, slot int) func(fr *engine.Frame, a, b int64) ([]int64, bool) {
	if f := (strtest.Tests{C: p.loops.c}).Range(cl, ifc, slot); f != nil {
		return f
	}
	return p.Indexes.EqRange(cl, ifc, slot)
}

// RangeMask is the ints of a range of at most 64 that its if clause can
// pass, by masks of its index tests (package rangemask).
func (p paths) RangeMask(cl *lang.ForClause, ifc *lang.IfClause, slot int) func(fr *engine.Frame, a, b int64) (t, maybe uint64, ok bool) {
	return rangemask.Range(p.loops.c, cl, ifc, slot)
}
