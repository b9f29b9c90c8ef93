package eval

import "github.com/grundy-lang/grundy/lang"

// This file compiles a lang.Chain: a long run of binary operators at one
// level (1 + 1 + ... + 1 written 100,000 times), which the parser builds
// instead of nested Binary nodes so that nothing recurses once per
// operator. Its operators are applied in a loop, left to right, by the
// general operators: a result, an error and its position are those the
// nested Binary nodes would give (a chain is rare and long, so the fast
// paths of short expressions are not worth its while).

// chain compiles a Chain to a loop over its steps.
func (c *compiler) chain(e *lang.Chain) evalFn {
	x := c.expr(e.X)
	steps := make([]func(fr *frame, a Value) Value, len(e.Steps))
	// The right operands of + steps, which a run of concatenations
	// evaluates itself (nil for other steps).
	plus := make([]evalFn, len(e.Steps))
	for i, st := range e.Steps {
		if st.Op == lang.OpAdd {
			plus[i] = c.expr(st.Y)
			c.count(st.Pos)
			continue
		}
		steps[i] = c.step(e.Pos, st)
	}
	return func(fr *frame) Value {
		v := x(fr)
		th := fr.th
		var run accum
		for i, f := range steps {
			pos := e.Steps[i].Pos
			th.pollN(pos, i)
			if y := plus[i]; y != nil {
				b := y(fr)
				if !run.add(th, pos, v, b) {
					v = opAdd(th, pos, run.value(v), b)
				}
				continue
			}
			v = f(fr, run.value(v))
		}
		return run.value(v)
	}
}

// pollEvery is how many cheap operations (steps of a chain, elements
// copied or printed) go between checks of the run's context.
const pollEvery = 1024

// step compiles one operator of a chain whose first operand starts at
// start: a function of the value so far.
func (c *compiler) step(start Pos, st lang.Step) func(fr *frame, a Value) Value {
	pos, op := st.Pos, st.Op
	c.count(pos)
	switch op {
	case lang.OpAnd, lang.OpOr:
		// As condAt compiles X and Y: the left operand's error points
		// at its start, the right one's at Y's.
		what := "the operands of " + op.String()
		y := c.cond(st.Y, what)
		and := op == lang.OpAnd
		return func(fr *frame, a Value) Value {
			if needBool(start, a, what) != and {
				return a
			}
			return Bool(y(fr))
		}
	case lang.OpIn:
		if r, ok := st.Y.(*lang.Binary); ok && r.Op == lang.OpRange {
			lo, hi := c.expr(r.X), c.expr(r.Y)
			rpos := r.Pos
			return func(fr *frame, v Value) Value {
				a, b := lo(fr), hi(fr)
				if a.k != KInt || b.k != KInt {
					typeErr(rpos, lang.OpRange, a, b)
				}
				return Bool(v.k == KInt && a.n <= v.n && v.n <= b.n)
			}
		}
	}
	y, f := c.expr(st.Y), binaryOps[op]
	if f == nil {
		panic("eval: unknown operator " + op.String())
	}
	return func(fr *frame, a Value) Value { return f(fr.th, pos, op, a, y(fr)) }
}
