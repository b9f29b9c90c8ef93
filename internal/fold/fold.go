// Package fold owns the streamed folds of list comprehensions: len, min,
// max, sum, any and all of `[E for ...]`, or of a concatenation of such
// (`[E for ...] + [F for ...]`), run over the comprehensions' loops one
// after the other with no list made. Each keeps the built-in's result and
// its errors: the elements are evaluated in the order the list would
// hold them, every one of them, and the built-in's own error about an
// element (one it cannot order, add or read as a bool) is raised where
// the built-in would have met it in the whole list: after the last
// element is evaluated. Package compile compiles the parts.
package fold

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
)

// A Part is one list comprehension, compiled: its loops run body for
// each binding of its clauses; Elem evaluates its element there.
// CountOnly: the element cannot fail to evaluate (a literal, a local): a
// count need not evaluate it.
type Part struct {
	Loops     func(body func(fr *engine.Frame)) func(fr *engine.Frame)
	Elem      engine.EvalFn
	CountOnly bool
}

// each runs the parts in order, calling f with each element (not stopped
// by the frame's Stop, which it keeps).
func each(fr *engine.Frame, parts []Part, f func(x value.Value)) {
	stop := fr.Stop
	fr.Stop = false
	for _, p := range parts {
		elem := p.Elem
		p.Loops(func(fr *engine.Frame) { f(elem(fr)) })(fr)
	}
	fr.Stop = stop
}

// count runs the parts in order and counts their elements, evaluating
// those that can fail.
func count(fr *engine.Frame, parts []Part) int {
	stop := fr.Stop
	fr.Stop = false
	n := 0
	for _, p := range parts {
		if p.CountOnly {
			p.Loops(func(*engine.Frame) { n++ })(fr)
			continue
		}
		elem := p.Elem
		p.Loops(func(fr *engine.Frame) { elem(fr); n++ })(fr)
	}
	fr.Stop = stop
	return n
}

// state is a fold's state while it runs, kept in a slot of its frame
// (the sink: a hidden local of the function it is compiled in), so that
// its parts' loops are built once, not at each evaluation (a frame runs
// one evaluation of a fold at a time: a fold inside its own element is
// another fold, with a sink of its own).
type state struct {
	n       int
	acc     value.Value
	bad     value.Value
	decided bool
	total   int64
	call    *engine.Call
}

// runner is the parts' loops built once around body, which each element
// (when not counted only: count) is given to with the fold's state; it
// runs them in order and returns the state. nil when sink < 0 (no slot:
// each and count build the loops at each evaluation).
func runner(parts []Part, sink int, count bool, body func(st *state, x value.Value)) func(fr *engine.Frame) *state {
	if sink < 0 {
		return nil
	}
	loops := make([]func(fr *engine.Frame), len(parts))
	for i, p := range parts {
		elem := p.Elem
		switch {
		case count && p.CountOnly:
			loops[i] = p.Loops(func(fr *engine.Frame) { fr.Slots[sink].Ref.(*state).n++ })
		case count:
			loops[i] = p.Loops(func(fr *engine.Frame) { elem(fr); fr.Slots[sink].Ref.(*state).n++ })
		default:
			loops[i] = p.Loops(func(fr *engine.Frame) { body(fr.Slots[sink].Ref.(*state), elem(fr)) })
		}
	}
	return func(fr *engine.Frame) *state {
		st, ok := fr.Slots[sink].Ref.(*state)
		if !ok {
			st = new(state)
			fr.Slots[sink] = value.Value{Ref: st}
		}
		*st = state{}
		stop := fr.Stop
		fr.Stop = false
		for _, l := range loops {
			l(fr)
		}
		fr.Stop = stop
		// (What it returns is read before the frame runs the fold
		// again.)
		return st
	}
}

// Generic streams the parts' elements into bi's Fold (len, min, max):
// an empty list is given to the built-in, which says what that is.
func Generic(bi *engine.Builtin, parts []Part, sink int, pos engine.Pos, argPos []engine.Pos) engine.EvalFn {
	add := func(st *state, x value.Value) {
		if bi.IntFold != 0 && x.K == value.KInt && st.n > 0 && st.acc.K == value.KInt {
			if bi.IntFold > 0 && x.N > st.acc.N || bi.IntFold < 0 && x.N < st.acc.N {
				st.acc = x
			}
		} else {
			st.acc = bi.Fold(st.call, st.acc, x, st.n)
		}
		st.n++
	}
	run := runner(parts, sink, bi.Count, add)
	return func(fr *engine.Frame) value.Value {
		call := &engine.Call{Th: fr.Th, Name: bi.BName, Pos: pos, Args: argPos}
		var st *state
		switch {
		case run != nil && (bi.Count || bi.IntFold != 0):
			// (The call is made for the built-in's Fold: an int fold
			// of ints, and a count, need none.)
			st = run(fr)
			st.call = call
		case bi.Count:
			st = &state{n: count(fr, parts)}
		default:
			st = &state{call: call}
			each(fr, parts, func(x value.Value) { add(st, x) })
		}
		switch {
		case st.n == 0:
			return bi.Fn(call, []value.Value{value.List(nil)})
		case bi.Count:
			return value.Int(int64(st.n))
		}
		return st.acc
	}
}

// AllAny streams the parts' elements into all or any (bi.AllAny): the
// first element that is false (for all; true for any) decides the
// result; an element that is not a bool met before one does is the
// built-in's error, raised when the parts are done.
func AllAny(bi *engine.Builtin, parts []Part, sink int, pos engine.Pos, argPos []engine.Pos) engine.EvalFn {
	isAll := bi.AllAny > 0
	add := func(st *state, x value.Value) {
		switch {
		case st.decided || st.bad.K != value.KNone:
		case x.K != value.KBool:
			st.bad = x
		case (x.N != 0) != isAll:
			st.decided = true
		}
	}
	run := runner(parts, sink, false, add)
	return func(fr *engine.Frame) value.Value {
		var decided bool
		var bad value.Value
		if run != nil {
			st := run(fr)
			decided, bad = st.decided, st.bad
		} else {
			st := &state{}
			each(fr, parts, func(x value.Value) { add(st, x) })
			decided, bad = st.decided, st.bad
		}
		if bad.K != value.KNone {
			// (The built-in's error about the element.)
			return engine.CallBuiltin2(fr, bi, pos, argPos, value.List([]value.Value{bad}), value.None, 1)
		}
		return value.Bool(decided != isAll)
	}
}

// Sum streams the parts' elements into sum (bi.Sums): the first element
// that is not an int or makes the sum overflow is the built-in's error
// (given the sum before it and it), raised when the parts are done.
func Sum(bi *engine.Builtin, parts []Part, sink int, pos engine.Pos, argPos []engine.Pos) engine.EvalFn {
	add := func(st *state, x value.Value) {
		if st.bad.K != value.KNone {
			return
		}
		if s := st.total + x.N; x.K != value.KInt || (s > st.total) != (x.N > 0) {
			st.bad = x
		} else {
			st.total = s
		}
	}
	run := runner(parts, sink, false, add)
	return func(fr *engine.Frame) value.Value {
		var total int64
		var bad value.Value
		if run != nil {
			st := run(fr)
			total, bad = st.total, st.bad
		} else {
			st := &state{}
			each(fr, parts, func(x value.Value) { add(st, x) })
			total, bad = st.total, st.bad
		}
		if bad.K != value.KNone {
			return engine.CallBuiltin2(fr, bi, pos, argPos, value.List([]value.Value{value.Int(total), bad}), value.None, 1)
		}
		return value.Int(total)
	}
}
