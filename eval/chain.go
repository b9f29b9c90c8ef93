package eval

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// This file compiles a lang.Chain: a long run of binary operators at one
// level (1 + 1 + ... + 1 written 100,000 times), which the parser builds
// instead of nested Binary nodes so that nothing recurses once per
// operator. Its operators are applied in a loop, left to right, by the
// general operators: a result, an error and its position are those the
// nested Binary nodes would give (a chain is rare and long, so the fast
// paths of short expressions are not worth its while).

// chain compiles a Chain to a loop over its steps.
func (c *compiler) chain(e *lang.Chain) engine.EvalFn {
	x := c.expr(e.X)
	steps := make([]func(fr *engine.Frame, a value.Value) value.Value, len(e.Steps))
	// The right operands of + steps, which a run of concatenations
	// evaluates itself (nil for other steps).
	plus := make([]engine.EvalFn, len(e.Steps))
	for i, st := range e.Steps {
		if st.Op == lang.OpAdd {
			plus[i] = c.expr(st.Y)
			c.count(st.Pos)
			continue
		}
		steps[i] = c.step(e.Pos, st)
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
func (c *compiler) step(start engine.Pos, st lang.Step) func(fr *engine.Frame, a value.Value) value.Value {
	pos, op := st.Pos, st.Op
	c.count(pos)
	switch op {
	case lang.OpAnd, lang.OpOr:
		// As condAt compiles X and Y: the left operand's error points
		// at its start, the right one's at Y's.
		what := "the operands of " + op.String()
		y := c.cond(st.Y, what)
		and := op == lang.OpAnd
		return func(fr *engine.Frame, a value.Value) value.Value {
			if operator.NeedBool(start, a, what) != and {
				return a
			}
			return value.Bool(y(fr))
		}
	case lang.OpIn:
		if r, ok := st.Y.(*lang.Binary); ok && r.Op == lang.OpRange {
			lo, hi := c.expr(r.X), c.expr(r.Y)
			rpos := r.Pos
			return func(fr *engine.Frame, v value.Value) value.Value {
				a, b := lo(fr), hi(fr)
				if a.K != value.KInt || b.K != value.KInt {
					operator.TypeErr(rpos, lang.OpRange, a, b)
				}
				return value.Bool(v.K == value.KInt && a.N <= v.N && v.N <= b.N)
			}
		}
	}
	y, f := c.expr(st.Y), operator.Binary[op]
	if f == nil {
		panic("eval: unknown operator " + op.String())
	}
	return func(fr *engine.Frame, a value.Value) value.Value { return f(fr.Th, pos, op, a, y(fr)) }
}
