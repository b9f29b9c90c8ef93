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

// Generic streams the parts' elements into bi's Fold (len, min, max):
// an empty list is given to the built-in, which says what that is.
func Generic(bi *engine.Builtin, parts []Part, pos engine.Pos, argPos []engine.Pos) engine.EvalFn {
	return func(fr *engine.Frame) value.Value {
		call := &engine.Call{Th: fr.Th, Name: bi.BName, Pos: pos, Args: argPos}
		var acc value.Value
		n := 0
		if bi.Count {
			n = count(fr, parts)
		} else {
			each(fr, parts, func(x value.Value) {
				if bi.IntFold != 0 && x.K == value.KInt && n > 0 && acc.K == value.KInt {
					if bi.IntFold > 0 && x.N > acc.N || bi.IntFold < 0 && x.N < acc.N {
						acc = x
					}
				} else {
					acc = bi.Fold(call, acc, x, n)
				}
				n++
			})
		}
		switch {
		case n == 0:
			return bi.Fn(call, []value.Value{value.List(nil)})
		case bi.Count:
			return value.Int(int64(n))
		}
		return acc
	}
}

// AllAny streams the parts' elements into all or any (bi.AllAny): the
// first element that is false (for all; true for any) decides the
// result; an element that is not a bool met before one does is the
// built-in's error, raised when the parts are done.
func AllAny(bi *engine.Builtin, parts []Part, pos engine.Pos, argPos []engine.Pos) engine.EvalFn {
	isAll := bi.AllAny > 0
	return func(fr *engine.Frame) value.Value {
		decided, bad := false, value.None
		each(fr, parts, func(x value.Value) {
			switch {
			case decided || bad.K != value.KNone:
			case x.K != value.KBool:
				bad = x
			case (x.N != 0) != isAll:
				decided = true
			}
		})
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
func Sum(bi *engine.Builtin, parts []Part, pos engine.Pos, argPos []engine.Pos) engine.EvalFn {
	return func(fr *engine.Frame) value.Value {
		total, bad := int64(0), value.None
		each(fr, parts, func(x value.Value) {
			if bad.K != value.KNone {
				return
			}
			if s := total + x.N; x.K != value.KInt || (s > total) != (x.N > 0) {
				bad = x
			} else {
				total = s
			}
		})
		if bad.K != value.KNone {
			return engine.CallBuiltin2(fr, bi, pos, argPos, value.List([]value.Value{value.Int(total), bad}), value.None, 1)
		}
		return value.Int(total)
	}
}
