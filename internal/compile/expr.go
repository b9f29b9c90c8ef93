package compile

import (
	"fmt"
	"github.com/grundy-lang/grundy/internal/algebra"

	"github.com/grundy-lang/grundy/internal/comprun"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/rewrite"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// ValueGen compiles expressions and statements to closures over values
// (the general way, from which the other generators take over where they
// apply).
type ValueGen struct{ c *Compiler }

// Expr compiles an expression to a closure.
func (vg *ValueGen) Expr(e lang.Expr) engine.EvalFn {
	vg.c.count(e.Position())
	switch e := e.(type) {
	case *lang.IntLit:
		v := value.Int(e.Val)
		return func(*engine.Frame) value.Value { return v }
	case *lang.StrLit:
		v := value.Str(e.Val)
		return func(*engine.Frame) value.Value { return v }
	case *lang.BoolLit:
		v := value.Bool(e.Val)
		return func(*engine.Frame) value.Value { return v }
	case *lang.Ident:
		return vg.ident(e)
	case *lang.ListLit:
		elems := vg.exprs(e.Elems)
		return func(fr *engine.Frame) value.Value { return value.List(evalAll(fr, elems)) }
	case *lang.TupleLit:
		elems := vg.exprs(e.Elems)
		if len(elems) == 2 && vg.c.On(passes.Composite) {
			// A pair of ints: a cell of a board, shared when small.
			x, y := elems[0], elems[1]
			return func(fr *engine.Frame) value.Value {
				a, b := x(fr), y(fr)
				if a.K == value.KInt && b.K == value.KInt {
					return value.Cell(a.N, b.N)
				}
				return value.Tuple([]value.Value{a, b})
			}
		}
		return func(fr *engine.Frame) value.Value { return value.Tuple(evalAll(fr, elems)) }
	case *lang.SetLit:
		elems := vg.exprs(e.Elems)
		pos := e.Pos
		return func(fr *engine.Frame) value.Value { return engine.BuildSet(fr.Th, pos, evalAll(fr, elems)) }
	case *lang.MapLit:
		keys, vals := vg.exprs(e.Keys), vg.exprs(e.Vals)
		pos := e.Pos
		return func(fr *engine.Frame) value.Value {
			return engine.BuildMap(fr.Th, pos, evalAll(fr, keys), evalAll(fr, vals))
		}
	case *lang.Comp:
		if f := vg.c.fast.Built(e); f != nil { // (an edit of a list: one copy)
			return f
		}
		id := func(p lang.Expr) lang.Expr { return p }
		if f, ok := planComp(vg.c, e, ir.CompConsumer(e.Kind), id, vg.Expr); ok {
			return f
		}
		return vg.comp(e)
	case *lang.SumOf:
		items := vg.exprs(e.Items)
		poss := make([]engine.Pos, len(e.Items))
		for i, it := range e.Items {
			poss[i] = lang.Start(it)
		}
		return func(fr *engine.Frame) value.Value {
			vs := evalAll(fr, items)
			for i, v := range vs {
				if !v.IsGame() {
					value.Fail(poss[i], "sum of needs games, found %s %s", v.TypeName(), value.Shown(v))
				}
			}
			return value.SumOf(vs)
		}
	case *lang.IfExpr:
		if f := vg.c.Ints.IntExpr(e); f != nil {
			return func(fr *engine.Frame) value.Value { return value.Value{K: value.KInt, N: f(fr)} }
		}
		cond, a, b := vg.c.Ints.Cond(e.Cond, "the condition of if"), vg.Expr(e.Then), vg.Expr(e.Else)
		return func(fr *engine.Frame) value.Value {
			if cond(fr) {
				return a(fr)
			}
			return b(fr)
		}
	case *lang.Unary:
		x := vg.Expr(e.X)
		pos := e.Pos
		if f := operator.Unary[e.Op]; f != nil {
			return func(fr *engine.Frame) value.Value { return f(pos, x(fr)) }
		}
		// not
		cond := vg.c.Ints.CondAt(e.X, "the operand of not", pos)
		return func(fr *engine.Frame) value.Value { return value.Bool(!cond(fr)) }
	case *lang.Binary:
		return vg.binary(e)
	case *lang.Chain:
		return vg.chain(e)
	case *lang.Call:
		return vg.call(e)
	case *lang.Index:
		pos := e.Pos
		if s := vg.c.LocalSlot(e.X); s >= 0 && vg.c.On(passes.Composite) {
			if fi := vg.c.Ints.IntExpr(e.Index); fi != nil {
				// An element of a local list or tuple.
				io := vg.c.Ints.iopnd(e.Index, fi)
				return func(fr *engine.Frame) value.Value {
					v, i := fr.Slots[s], io.get(fr)
					if v.K == value.KList || v.K == value.KTuple {
						if e, ok := value.SeqAt(v, i); ok {
							return e
						}
					}
					return operator.Index(pos, v, value.Int(i))
				}
			}
		}
		x, i := vg.Expr(e.X), vg.Expr(e.Index)
		return func(fr *engine.Frame) value.Value { return operator.Index(pos, x(fr), i(fr)) }
	case *lang.Slice:
		x, lo, hi := vg.Expr(e.X), vg.OptExpr(e.Lo), vg.OptExpr(e.Hi)
		pos := e.Pos
		return func(fr *engine.Frame) value.Value { return operator.Slice(pos, x(fr), lo(fr), hi(fr)) }
	case *argExpr:
		return outside(vg.c, e, vg.Expr)
	}
	panic(fmt.Sprintf("eval: unknown expression %T", e))
}

// OptExpr compiles an optional expression: nil evaluates to none.
func (vg *ValueGen) OptExpr(e lang.Expr) engine.EvalFn {
	if e == nil {
		return func(*engine.Frame) value.Value { return value.None }
	}
	return vg.Expr(e)
}

func (vg *ValueGen) exprs(es []lang.Expr) []engine.EvalFn {
	out := make([]engine.EvalFn, len(es))
	for i, e := range es {
		out[i] = vg.Expr(e)
	}
	return out
}

func evalAll(fr *engine.Frame, fs []engine.EvalFn) []value.Value {
	vs := make([]value.Value, len(fs))
	for i, f := range fs {
		vs[i] = f(fr)
	}
	return vs
}

func (vg *ValueGen) ident(e *lang.Ident) engine.EvalFn {
	b := vg.c.Binding(e)
	if b == nil {
		return func(*engine.Frame) value.Value { return value.None }
	}
	switch b.Kind {
	case resolve.Local:
		s := b.Slot
		return func(fr *engine.Frame) value.Value { return fr.Slots[s] }
	case resolve.Global:
		s := b.Slot
		name, pos := e.Name, e.Pos
		if vg.c.InFunc {
			return func(fr *engine.Frame) value.Value {
				v := fr.Th.Globals[s]
				if v.K == value.KNone {
					value.Fail(pos, "%q is used before its let statement has run", name)
				}
				return v
			}
		}
		return func(fr *engine.Frame) value.Value { return fr.Slots[s] }
	case resolve.Def:
		return func(*engine.Frame) value.Value { return value.FuncValue(b.Fn) }
	case resolve.Game:
		return func(*engine.Frame) value.Value { return value.FuncValue(b.Game) }
	default:
		v := value.FuncValue(b.Bi)
		return func(*engine.Frame) value.Value { return v }
	}
}

func (vg *ValueGen) binary(e *lang.Binary) engine.EvalFn {
	pos := e.Pos
	if f := vg.c.Ints.IntExpr(e); f != nil {
		return func(fr *engine.Frame) value.Value { return value.Value{K: value.KInt, N: f(fr)} }
	}
	switch e.Op {
	case lang.OpAnd, lang.OpOr, lang.OpEq, lang.OpNe, lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
		if e.Op == lang.OpAnd || e.Op == lang.OpOr || vg.c.Ints.intCompare(e) != nil || vg.c.On(passes.Ints) && rewrite.TupleCompare(e) != nil || vg.c.On(passes.Algebra) && algebra.CountAsAny(vg.c.Resolver, e) != nil {
			cond := vg.c.Ints.Cond(e, "")
			return func(fr *engine.Frame) value.Value { return value.Bool(cond(fr)) }
		}
	}
	switch e.Op {
	case lang.OpIn, lang.OpNotIn:
		if r, ok := e.Y.(*lang.Binary); ok && r.Op == lang.OpRange {
			// x in A .. B and x not in A .. B compare x with the ends:
			// the range is never built.
			x, lo, hi := vg.Expr(e.X), vg.Expr(r.X), vg.Expr(r.Y)
			rpos, in := r.Pos, e.Op == lang.OpIn
			return func(fr *engine.Frame) value.Value {
				v, a, b := x(fr), lo(fr), hi(fr)
				if a.K != value.KInt || b.K != value.KInt {
					operator.TypeErr(rpos, lang.OpRange, a, b)
				}
				return value.Bool((v.K == value.KInt && a.N <= v.N && v.N <= b.N) == in)
			}
		}
	}
	switch e.Op {
	case lang.OpIn:
		x := vg.Expr(e.X)
		if f := vg.c.fast.InSet(e, false); f != nil {
			return func(fr *engine.Frame) value.Value { return value.Bool(f(fr)) }
		}
		y := vg.Expr(e.Y)
		return func(fr *engine.Frame) value.Value { return value.Bool(operator.In(pos, x(fr), y(fr))) }
	case lang.OpNotIn:
		if f := vg.c.fast.InSet(e, true); f != nil {
			return func(fr *engine.Frame) value.Value { return value.Bool(f(fr)) }
		}
		x, y := vg.Expr(e.X), vg.Expr(e.Y)
		return func(fr *engine.Frame) value.Value { return value.Bool(!operator.In(pos, x(fr), y(fr))) }
	}
	switch e.Op {
	case lang.OpAdd:
		if f := vg.c.fast.Built(e); f != nil {
			return f
		}
	case lang.OpSub, lang.OpBitOr, lang.OpBitAnd, lang.OpXor:
		if f := vg.c.fast.SetExpr(e); f != nil {
			return f
		}
	}
	x, y := vg.Expr(e.X), vg.Expr(e.Y)
	switch e.Op {
	case lang.OpAdd:
		return func(fr *engine.Frame) value.Value {
			a, b := x(fr), y(fr)
			if a.K == value.KInt && b.K == value.KInt {
				if s, ok := operator.AddOK(a.N, b.N); ok {
					return value.Int(s)
				}
			}
			return operator.Add(fr.Th, pos, a, b)
		}
	case lang.OpSub:
		return func(fr *engine.Frame) value.Value {
			a, b := x(fr), y(fr)
			if a.K == value.KInt && b.K == value.KInt {
				if s, ok := operator.SubOK(a.N, b.N); ok {
					return value.Int(s)
				}
			}
			return operator.Sub(pos, a, b)
		}
	case lang.OpEq:
		return func(fr *engine.Frame) value.Value {
			a, b := x(fr), y(fr)
			if a.K == value.KInt && b.K == value.KInt {
				return value.Bool(a.N == b.N)
			}
			return value.Bool(value.Equal(a, b))
		}
	case lang.OpNe:
		return func(fr *engine.Frame) value.Value {
			a, b := x(fr), y(fr)
			if a.K == value.KInt && b.K == value.KInt {
				return value.Bool(a.N != b.N)
			}
			return value.Bool(!value.Equal(a, b))
		}
	case lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
		op := e.Op
		return func(fr *engine.Frame) value.Value {
			a, b := x(fr), y(fr)
			if a.K == value.KInt && b.K == value.KInt {
				switch op {
				case lang.OpLt:
					return value.Bool(a.N < b.N)
				case lang.OpLe:
					return value.Bool(a.N <= b.N)
				case lang.OpGt:
					return value.Bool(a.N > b.N)
				}
				return value.Bool(a.N >= b.N)
			}
			return value.Bool(operator.Compare(pos, op, a, b))
		}
	}
	f, op := operator.Binary[e.Op], e.Op
	if f == nil {
		panic("eval: unknown operator " + op.String())
	}
	return func(fr *engine.Frame) value.Value { return f(fr.Th, pos, op, x(fr), y(fr)) }
}

// comp compiles list, set, map and sum comprehensions: its loops and
// body made once, the body adding to the record of the evaluation under
// way (the frame's Acc: package comprun).
func (vg *ValueGen) comp(e *lang.Comp) engine.EvalFn {
	loops := vg.Clauses(e.Clauses)
	body := vg.Expr(e.Body)
	bpos := lang.Start(e.Body)
	var key engine.EvalFn
	if e.Key != nil {
		key = vg.Expr(e.Key)
	}
	kind := e.Kind
	sum := kind == lang.SumComp
	run := loops(func(fr *engine.Frame) {
		a := fr.Acc.(*comprun.Rec) // (a comprehension in key or body restores it)
		if key != nil {
			a.Keys = append(engine.RoomFor(fr.Th, bpos, a.Keys), key(fr))
		}
		a.Add(fr.Th, bpos, sum, body(fr))
	})
	return func(fr *engine.Frame) value.Value {
		a := comprun.Take(fr.Th, sum)
		acc, stop := fr.Acc, fr.Stop
		fr.Acc, fr.Stop = a, false
		run(fr)
		fr.Acc, fr.Stop = acc, stop
		return a.Done(fr.Th, bpos, kind)
	}
}

// Chains. A lang.Chain is a long run of binary operators at one
// level (1 + 1 + ... + 1 written 100,000 times), which the parser builds
// instead of nested Binary nodes so that nothing recurses once per
// operator. Its operators are applied in a loop, left to right, by the
// general operators: a result, an error and its position are those the
// nested Binary nodes would give (a chain is rare and long, so the fast
// paths of short expressions are not worth its while).

// chain compiles a Chain to a loop over its steps.
func (vg *ValueGen) chain(e *lang.Chain) engine.EvalFn {
	x := vg.Expr(e.X)
	steps := make([]func(fr *engine.Frame, a value.Value) value.Value, len(e.Steps))
	// The right operands of + steps, which a run of concatenations
	// evaluates itself (nil for other steps).
	plus := make([]engine.EvalFn, len(e.Steps))
	for i, st := range e.Steps {
		if st.Op == lang.OpAdd {
			plus[i] = vg.Expr(st.Y)
			vg.c.count(st.Pos)
			continue
		}
		steps[i] = vg.step(e.Pos, st)
	}
	return func(fr *engine.Frame) value.Value {
		v := x(fr)
		th := fr.Th
		var run operator.Accum
		for i, f := range steps {
			pos := e.Steps[i].Pos
			th.PollN(pos, i)
			if y := plus[i]; y != nil {
				b := y(fr)
				if !run.Add(th, pos, v, b) {
					v = operator.Add(th, pos, run.Value(v), b)
				}
				continue
			}
			v = f(fr, run.Value(v))
		}
		return run.Value(v)
	}
}

// step compiles one operator of a chain whose first operand starts at
// start: a function of the value so far.
func (vg *ValueGen) step(start engine.Pos, st lang.Step) func(fr *engine.Frame, a value.Value) value.Value {
	pos, op := st.Pos, st.Op
	vg.c.count(pos)
	switch op {
	case lang.OpAnd, lang.OpOr:
		// As CondAt compiles X and Y: the left operand's error points
		// at its start, the right one's at Y's.
		what := "the operands of " + op.String()
		y := vg.c.Ints.Cond(st.Y, what)
		and := op == lang.OpAnd
		return func(fr *engine.Frame, a value.Value) value.Value {
			if operator.NeedBool(start, a, what) != and {
				return a
			}
			return value.Bool(y(fr))
		}
	case lang.OpIn, lang.OpNotIn:
		if r, ok := st.Y.(*lang.Binary); ok && r.Op == lang.OpRange {
			lo, hi := vg.Expr(r.X), vg.Expr(r.Y)
			rpos, in := r.Pos, op == lang.OpIn
			return func(fr *engine.Frame, v value.Value) value.Value {
				a, b := lo(fr), hi(fr)
				if a.K != value.KInt || b.K != value.KInt {
					operator.TypeErr(rpos, lang.OpRange, a, b)
				}
				return value.Bool((v.K == value.KInt && a.N <= v.N && v.N <= b.N) == in)
			}
		}
	}
	y, f := vg.Expr(st.Y), operator.Binary[op]
	if f == nil {
		panic("eval: unknown operator " + op.String())
	}
	return func(fr *engine.Frame, a value.Value) value.Value { return f(fr.Th, pos, op, a, y(fr)) }
}
