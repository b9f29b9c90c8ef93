// Package opnd owns the int operand of a move rule's option (Operand): an
// int-typed expression in one of the shapes move rules use most (a local,
// a constant, local ± constant, local - local), evaluated by a switch
// instead of a tree of closures; other shapes call the expression's
// closure.
package opnd

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/value"
)

// Operand is an int-typed expression compiled (package compile's
// OperandOf makes one).
type Operand struct {
	kind uint8
	a, b int   // slots
	k    int64 // constant
	f    func(fr *engine.Frame) int64
}

const (
	opndFunc uint8 = iota
	opndSlot
	opndConst
	opndSlotPlusConst
	opndSlotMinusSlot
	opndSlotMinusAny // b is any local: used when it holds an int
)

// Func is the operand that calls f.
func Func(f func(fr *engine.Frame) int64) Operand { return Operand{kind: opndFunc, f: f} }

// Slot is the int local in slot s.
func Slot(s int) Operand { return Operand{kind: opndSlot, a: s} }

// Const is the constant k.
func Const(k int64) Operand { return Operand{kind: opndConst, k: k} }

// SlotPlusConst is the int local in slot s plus k; f computes it (and
// raises its overflow).
func SlotPlusConst(s int, k int64, f func(fr *engine.Frame) int64) Operand {
	return Operand{kind: opndSlotPlusConst, a: s, k: k, f: f}
}

// SlotMinusSlot is the int local in slot s less the one in slot t; f
// computes it.
func SlotMinusSlot(s, t int, f func(fr *engine.Frame) int64) Operand {
	return Operand{kind: opndSlotMinusSlot, a: s, b: t, f: f}
}

// SlotMinusAny is the int local in slot s less the local in slot t
// where that holds an int; f computes it.
func SlotMinusAny(s, t int, f func(fr *engine.Frame) int64) Operand {
	return Operand{kind: opndSlotMinusAny, a: s, b: t, f: f}
}

// Fn returns the operand's evaluation as a closure: the closure itself
// when the operand is one (no switch on the way).
func (o *Operand) Fn() func(fr *engine.Frame) int64 {
	if o.kind == opndFunc {
		return o.f
	}
	return o.Eval
}

// Eval evaluates the operand (overflow falls back to the closure, which
// raises the error).
func (o *Operand) Eval(fr *engine.Frame) int64 {
	switch o.kind {
	case opndSlot:
		return fr.Slots[o.a].N
	case opndConst:
		return o.k
	case opndSlotPlusConst:
		a := fr.Slots[o.a].N
		if s, ok := operator.AddOK(a, o.k); ok {
			return s
		}
	case opndSlotMinusSlot:
		a, b := fr.Slots[o.a].N, fr.Slots[o.b].N
		if s, ok := operator.SubOK(a, b); ok {
			return s
		}
	case opndSlotMinusAny:
		if v := fr.Slots[o.b]; v.K == value.KInt {
			if s, ok := operator.SubOK(fr.Slots[o.a].N, v.N); ok {
				return s
			}
		}
	}
	return o.f(fr)
}
