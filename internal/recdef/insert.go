package recdef

import (
	"slices"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// An insertion is a def of two parameters k and l written as
//
//	if len(l) == 0 then [k] else if k <= l[0] then [k] + l else [l[0]] + f(k, l[1:])
//
// (the comparison any of <, <=, >, >= with its operands either way, the
// ifs either way round): the list l with k put before its first element
// e where the comparison of k and e holds, at its end where none does.
// What it computes does not depend on l being sorted: a call of it is
// made a built-in that, where k is an int and the elements up to that
// place are ints (so that no comparison can fail) and the nested calls
// the recursion would make fit the depth and stack limits, builds that
// list in one copy; else it calls the def as written, with the values of
// the arguments it was given (evaluated once, in order, as the call
// evaluates them), which meets the errors the call meets.
type insertion struct {
	fn   *engine.Func
	k, l int     // the parameters
	op   lang.Op // k op l[0] puts k there
}

// insertionOf reads fn's body as an insertion, or nil.
func insertionOf(r *resolve.Resolver, fn *engine.Func, decl *resolve.Decl) *insertion {
	body, ok := fn.Decl.Body.(*lang.IfExpr)
	params := resolve.ParamIndex(fn)
	if !ok || len(params) != 2 {
		return nil
	}
	sh := &shape{fn: fn, decl: decl, list: -1, at: -1, val: -1}
	m := &matcher{r: r, sh: sh, params: params}
	empty, isLen := m.lenTest(body.Cond)
	if !isLen || sh.kind != suffix {
		return nil
	}
	base, step := body.Then, body.Else
	if !empty {
		base, step = step, base
	}
	ins := &insertion{fn: fn, l: sh.list, k: 1 - sh.list}
	// The base case: [k].
	one, ok := base.(*lang.ListLit)
	if !ok || len(one.Elems) != 1 || m.param(one.Elems[0]) != ins.k {
		return nil
	}
	x, ok := step.(*lang.IfExpr)
	if !ok {
		return nil
	}
	c, ok := x.Cond.(*lang.Binary)
	if !ok {
		return nil
	}
	switch c.Op {
	case lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
	default:
		return nil
	}
	ins.op = c.Op
	if m.param(c.X) != ins.k || !m.head(c.Y, ins.l) {
		if m.param(c.Y) != ins.k || !m.head(c.X, ins.l) {
			return nil
		}
		ins.op = flipped(c.Op)
	}
	put, walk := x.Then, x.Else
	if !m.putHere(put, ins) {
		put, walk = walk, put
		if ins.op = negated(ins.op); !m.putHere(put, ins) {
			return nil
		}
	}
	// The walk: [l[0]] + f(k, l[1:]).
	b, ok := walk.(*lang.Binary)
	if !ok || b.Op != lang.OpAdd || !m.rec(b.Y) {
		return nil
	}
	h, ok := b.X.(*lang.ListLit)
	if !ok || len(h.Elems) != 1 || !m.head(h.Elems[0], ins.l) {
		return nil
	}
	return ins
}

// head reports whether e is l[0], l the parameter at index l.
func (m *matcher) head(e lang.Expr, l int) bool {
	x, ok := e.(*lang.Index)
	return ok && m.param(x.X) == l && isLit(x.Index, 0)
}

// putHere reports whether e is [k] + l.
func (m *matcher) putHere(e lang.Expr, ins *insertion) bool {
	b, ok := e.(*lang.Binary)
	if !ok || b.Op != lang.OpAdd || m.param(b.Y) != ins.l {
		return false
	}
	one, ok := b.X.(*lang.ListLit)
	return ok && len(one.Elems) == 1 && m.param(one.Elems[0]) == ins.k
}

// negated is the comparison that holds where op does not (on ints).
func negated(op lang.Op) lang.Op {
	switch op {
	case lang.OpLt:
		return lang.OpGe
	case lang.OpLe:
		return lang.OpGt
	case lang.OpGt:
		return lang.OpLe
	case lang.OpGe:
		return lang.OpLt
	}
	return op
}

// insertPrefix starts the name of an insertion's built-in.
const insertPrefix = "insertion of "

// call is call (of the insertion's def) as the built-in.
func (ins *insertion) call(call *lang.Call) lang.Expr {
	fn, op := ins.fn, ins.op
	bi := &engine.Builtin{BName: insertPrefix + fn.FName, MinArgs: 2, MaxArgs: 2, ListArg: ins.l,
		OnInts: func(th *engine.Thread, ints []int64, k value.Value) ([]int64, bool) {
			if k.K != value.KInt {
				return nil, false
			}
			p := len(ints)
			for i, x := range ints {
				if holds(op, k.N, x) {
					p = i
					break
				}
			}
			if !proof.NestFits(th, int64(p)+1, int64(fn.Cost)) {
				return nil, false
			}
			return slices.Insert(ints, p, k.N), true
		},
		Doc: "the planner's insertion: " + fn.FName + " as one copy where its comparisons cannot fail, else the def called",
		Fn: func(c *engine.Call, a []value.Value) value.Value {
			k, l := a[ins.k], a[ins.l]
			if r, ok := insert(c, fn, op, k, l); ok {
				return r
			}
			return callDef(c, fn, a)
		}}
	d := &resolve.Decl{Name: bi.BName, Kind: resolve.Builtin, Bi: bi}
	return &lang.Call{Pos: call.Pos, Fn: &lang.Ident{Pos: call.Pos, Name: bi.BName, Bind: d}, Lparen: call.Lparen, Args: call.Args, Site: call.Site}
}

// insert is the list the insertion computes of k and l, false where a
// comparison it makes may fail or its nested calls do not fit.
func insert(c *engine.Call, fn *engine.Func, op lang.Op, k, l value.Value) (value.Value, bool) {
	if k.K != value.KInt || l.K != value.KList {
		return value.None, false
	}
	xs := l.Elems()
	p := len(xs)
	for i, x := range xs {
		if x.K != value.KInt {
			return value.None, false
		}
		if holds(op, k.N, x.N) {
			p = i
			break
		}
	}
	// The recursion nests p + 1 calls.
	if !proof.NestFits(c.Th, int64(p)+1, int64(fn.Cost)) {
		return value.None, false
	}
	out := c.Alloced(len(xs) + 1)
	out = append(out, xs[:p]...)
	out = append(out, k)
	out = append(out, xs[p:]...)
	return value.List(out), true
}

// holds is a op b.
func holds(op lang.Op, a, b int64) bool {
	switch op {
	case lang.OpLt:
		return a < b
	case lang.OpLe:
		return a <= b
	case lang.OpGt:
		return a > b
	}
	return a >= b
}

// callDef calls fn with the values a as its call, made at c's position,
// does: the built-in's own entry on the trace of calls is taken off while
// it runs, so that an error shows the trace the call would.
func callDef(c *engine.Call, fn *engine.Func, a []value.Value) value.Value {
	th := c.Th
	n := len(th.Calls)
	own := n > 0 && th.Calls[n-1] == c.Pos
	if own {
		th.Calls = th.Calls[:n-1]
	}
	nf := th.NewFrame(fn.FrameSize())
	allInt := fn.BodyInt != nil
	for i, v := range a {
		nf.Slots[i] = v
		allInt = allInt && v.K == value.KInt
	}
	v := th.Invoke(nf, c.Pos, fn, allInt)
	if own {
		th.Calls = append(th.Calls, c.Pos)
	}
	return v
}
