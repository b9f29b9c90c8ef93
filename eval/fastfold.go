package eval

import (
	"math"

	"github.com/grundy-lang/grundy/internal/kernel"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// Fast folds: the questions a script asks of a whole table,
//
//	len([x for x in A .. B if sg(g(ARGS)) OP K])
//	max([sg(g(ARGS)) for x in A .. B])   (and min)
//
// at the top level, with ARGS affine in x and K an int literal or name,
// step a position's key through the memo (as fastSum does) instead of
// evaluating the comprehension's closures for each x. An element whose
// position is not known yet is evaluated the general way (which computes
// it), so errors and values are those of the general way.

// fastFold returns the fast fold of comp for bi, or nil.
func (c *compiler) fastFold(bi *engine.Builtin, comp *lang.Comp, slow engine.EvalFn, pos engine.Pos, argPos []engine.Pos) engine.EvalFn {
	if !c.on(passes.FastLoops) || c.inFunc || (!bi.Count && bi.IntFold == 0) {
		return nil
	}
	if bi.Count && len(comp.Clauses) != 2 || !bi.Count && len(comp.Clauses) != 1 {
		return nil
	}
	cl, ok := comp.Clauses[0].(*lang.ForClause)
	if !ok || cl.Target.Tuple || len(cl.Target.Names) != 1 {
		return nil
	}
	r, ok := cl.Iter.(*lang.Binary)
	if !ok || r.Op != lang.OpRange {
		return nil
	}
	x := cl.Target.Names[0].Name
	// The g(ARGS) whose value is counted or folded, and for a count, the
	// comparison and its other side.
	var game lang.Expr
	var op lang.Op
	var other lang.Expr
	// outcome(g(ARGS) [+ *J]) == "S": the outcome wanted, and J.
	var outcome *lang.StrLit
	var nim lang.Expr
	if bi.Count {
		ifc, ok := comp.Clauses[1].(*lang.IfClause)
		if !ok {
			return nil
		}
		cmp, ok := ifc.Cond.(*lang.Binary)
		if !ok {
			return nil
		}
		switch cmp.Op {
		case lang.OpEq, lang.OpNe, lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
		default:
			return nil
		}
		var asked lang.Expr
		asked, op, other = cmp.X, cmp.Op, cmp.Y
		if !c.isSGCall(asked) && !c.isQueryCall(asked, engine.QueryOutcome) {
			asked, op, other = cmp.Y, flipCmp(cmp.Op), cmp.X
		}
		switch lit, isStr := other.(*lang.StrLit); {
		case c.isSGCall(asked):
			game = asked.(*lang.Call).Args[0]
		case isStr && (op == lang.OpEq || op == lang.OpNe) && c.isQueryCall(asked, engine.QueryOutcome):
			outcome, other = lit, nil
			game = asked.(*lang.Call).Args[0]
			if sum, ok := game.(*lang.Binary); ok && sum.Op == lang.OpAdd {
				// g(ARGS) + *J (either way round)
				g, n := sum.X, sum.Y
				if u, ok := g.(*lang.Unary); ok && u.Op == lang.OpNimber {
					g, n = n, g
				}
				u, ok := n.(*lang.Unary)
				if !ok || u.Op != lang.OpNimber {
					return nil
				}
				game, nim = g, u.X
			}
		default:
			return nil
		}
		switch b := comp.Body.(type) {
		case *lang.IntLit, *lang.StrLit, *lang.BoolLit:
		case *lang.Ident:
			if b.Name != x && (c.scope.Lookup(b.Name) == nil || c.scope.Lookup(b.Name).Kind != bGlobal) {
				return nil // (an element that cannot fail is not evaluated)
			}
		default:
			return nil
		}
	} else {
		if !c.isSGCall(comp.Body) {
			return nil
		}
		game = comp.Body.(*lang.Call).Args[0]
	}
	call, ok := game.(*lang.Call)
	if !ok {
		return nil
	}
	b := c.gameCallee(call)
	if b == nil {
		return nil
	}
	c.push()
	defer c.pop()
	lo, hi := c.rangeBounds(r)
	xb := c.newVar(x)
	xb.IsInt = true
	// K (or J): a literal or an int name, read at each x.
	if nim != nil {
		other = nim
	}
	kslot, kval := -1, int64(0)
	if other != nil {
		switch o := other.(type) {
		case *lang.IntLit:
			kval = o.Val
		case *lang.Ident:
			ob := c.scope.Lookup(o.Name)
			if ob == nil || !ob.IsInt || ob.Kind != bGlobal {
				return nil
			}
			kslot = ob.Slot
		default:
			return nil
		}
	}
	aa, ok := c.affineArgs(call, x, xb.Slot)
	if !ok {
		return nil
	}
	// The general way for one element.
	var elemCond boolFn
	var elemBody engine.EvalFn
	if bi.Count {
		elemCond = c.cond(comp.Clauses[1].(*lang.IfClause).Cond, "an if clause's condition")
	} else {
		elemBody = c.expr(comp.Body)
	}
	xslot, rpos := xb.Slot, r.Pos
	// The outcome wanted, 0 for a string that is none.
	wantB, eq := byte(0), op == lang.OpEq
	if outcome != nil && len(outcome.Val) == 1 {
		wantB = outcome.Val[0]
	}
	return func(fr *engine.Frame) value.Value {
		g := b.Game
		if fr.Gen.Mode != engine.MDirect {
			return slow(fr)
		}
		a, z := lo(fr), hi(fr)
		if a > z {
			return slow(fr)
		}
		k0, d, ok := aa.keys(fr, g, a, z)
		if !ok {
			return slow(fr)
		}
		th := fr.Th
		ca := &engine.Call{Th: th, Name: bi.BName, Pos: pos, Args: argPos}
		var acc value.Value
		n := 0
		k := k0
		// A count whose K (or J) is the same for every x: what each state
		// counts, looked up (no branch on the value that the processor
		// would guess wrong half the time).
		var tbl []byte
		var off int64
		if bi.Count && (kslot < 0 || kslot != xslot) {
			tbl, off = kernel.CountTable(th.Engine, outcome != nil, op, kernel.ReadK(fr, kslot, kval, xslot, 0), wantB)
		}
		counted := 0
		stretchFn := func(states []int32) int {
			if tbl != nil {
				j, c := kernel.CountFlat(states, tbl, off)
				counted += c
				return j
			}
			j, best := kernel.BestFlat(states, bi.IntFold > 0)
			if j > 0 {
				acc = kernel.FoldInt(ca, bi, acc, value.Value{K: value.KInt, N: int64(best - memo.FinBase)}, n)
				n += j
			}
			return j
		}
		x := a
		for {
			if d == 1 && k < uint64(len(g.Flat)) && (tbl != nil || bi.IntFold != 0 && outcome == nil) {
				// A stretch of the flat table, while its states are
				// counted by the table (or finite, for max and min).
				j, done, full := kernel.Stretch(th, g.Flat, k, x, z, rpos, stretchFn)
				if done {
					break
				}
				if x, k = x+j, k+uint64(j); full {
					continue
				}
			}
			s := g.State(k)
			if i := uint64(int64(s) + off); i < uint64(len(tbl)) && tbl[i] < 2 {
				counted += int(tbl[i])
			} else if outcome == nil && s >= memo.FinBase {
				// Known values here; the others, and a *J that fails, the
				// general way.
				v := int64(s - memo.FinBase)
				if !bi.Count {
					acc = kernel.FoldInt(ca, bi, acc, value.Value{K: value.KInt, N: v}, n)
					n++
				} else if kernel.CmpInts(op, v, kernel.ReadK(fr, kslot, kval, xslot, x)) {
					n++
				}
			} else if j := kernel.NimJ(fr, nim != nil, kslot, kval, xslot, x); outcome != nil && memo.Finished(s) && j >= 0 && j <= math.MaxInt32 {
				// outcome(g(..) [+ *J]) == "S"
				if kernel.OutcomeWith(th.Engine, s, memo.Sgv(j)) == wantB == eq {
					n++
				}
			} else {
				fr.Slots[xslot] = value.Value{K: value.KInt, N: x}
				if !bi.Count {
					acc = kernel.FoldInt(ca, bi, acc, elemBody(fr), n)
					n++
				} else if elemCond(fr) {
					n++
				}
			}
			if x&1023 == 0 {
				th.Steps += 1024
				if th.Steps >= th.CheckAt {
					th.CheckLimits(rpos)
				}
			}
			if x == z {
				break
			}
			x, k = x+1, k+d
		}
		n += counted
		if n == 0 {
			return bi.Fn(ca, []value.Value{value.List(nil)})
		}
		if bi.Count {
			return value.Int(int64(n))
		}
		return acc
	}
}

// isSGCall reports whether e is sg(G) with the built-in sg.
func (c *compiler) isSGCall(e lang.Expr) bool { return c.isQueryCall(e, engine.QuerySG) }

// isBuiltinCall reports whether e calls the built-in name with one
// argument.
func (c *compiler) isQueryCall(e lang.Expr, q engine.Query) bool {
	call, ok := e.(*lang.Call)
	if !ok || len(call.Args) != 1 {
		return false
	}
	bi := c.calledBuiltin(call)
	return bi != nil && bi.Query == q
}

// calledBuiltin returns the built-in that call calls by its name (not
// hidden by a def, game or local of that name), or nil.
func (c *compiler) calledBuiltin(call *lang.Call) *engine.Builtin {
	id, ok := call.Fn.(*lang.Ident)
	if !ok || c.scope.Lookup(id.Name) != nil {
		return nil
	}
	return c.s.reg.Builtin(id.Name)
}
