// Package stage owns fused int arithmetic: a multiply by a constant,
// then an add or subtract of a constant or a local, then perhaps a modulo
// by a constant ((x * 1103515245 + 12345) % 2147483647, 8 * v + k) run
// as one closure instead of one per operator, and two such stages, or a
// stage and a final % or / by a constant or a local, as one. When an
// operator overflows, its own error is raised as if it had run alone.
// Also: additions and subtractions of literals, and a final % or / by
// one, as one closure (Offset, offset.go); a stage's operand that is
// itself X * M + y of locals read in place (Operand.Aff); a division or
// modulo by a constant as a multiply (DivK, divk.go). Package compile
// recognizes the shapes (its IntGen) and fills a MulAdd or an Offset;
// this package compiles them.
package stage

import (
	"math"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Operand is X: the int local in Slot, or F's value when F is not nil.
type Operand struct {
	Slot int
	F    func(fr *engine.Frame) int64
	// Aff, when set, is what F computes: a fused X * M + y whose X is a
	// local (8 * v + k), which a stage reads without F's call where
	// nothing overflows (F, where something does, raises the error).
	Aff *MulAdd
}

func (o *Operand) get(fr *engine.Frame) int64 {
	if o.F == nil {
		return fr.Slots[o.Slot].N
	}
	return o.F(fr)
}

// pushTrace puts a static trace on the calls (before an error is raised).
func pushTrace(fr *engine.Frame, tr []engine.Pos) {
	if len(tr) > 0 {
		fr.Th.Calls = append(fr.Th.Calls, tr...)
	}
}

// MulAdd is X * M + y, where y is the constant D or the local int Slot.
type MulAdd struct {
	X       Operand
	M       int64
	MulPos  engine.Pos
	Swapped bool // C * X in the source (the error shows C first)
	// Y + X * C in the source (the error shows Y first)
	AddSwapped bool
	Sub        bool // X * M - y
	D          int64
	Slot       int // y is this local (-1: the constant D)
	AddPos     engine.Pos
	AddOp      lang.Op
	Trace      []engine.Pos // the static trace pushed before an error
	OK         bool         // recognized
	Mod        int64        // a final % Mod when not 0
	// Inner is X when X is itself fused arithmetic with a modulo whose
	// every result this stage takes without overflow (mix(mix(x)) with
	// def mix(x) = (x * C + D) % K): the two run as one closure.
	Inner *MulAdd
}

// Stage is the one-range-check form (X * m + d) % mod, d a constant: its
// operands for which nothing overflows are [lo, lo + span].
func (f *MulAdd) Stage() (lo int64, span uint64, ok bool) {
	if !f.OK || f.Slot >= 0 || f.Sub || f.Mod == 0 {
		return 0, 0, false
	}
	return operator.MulAddSpan(f.M, f.D)
}

// Takes reports whether every result of Stage in (|in.Mod| > r > -|in.Mod|)
// is an operand of f's for which nothing overflows.
func (f *MulAdd) Takes(in *MulAdd) bool {
	lo, span, ok := f.Stage()
	if !ok || in.Inner != nil {
		return false
	}
	k := in.Mod
	if k < 0 {
		k = -k
	}
	return k > 0 && k != math.MinInt64 && uint64(-(k-1))-uint64(lo) <= span && uint64(k-1)-uint64(lo) <= span
}

// fail raises the error of the operator that overflowed on a.
func (f *MulAdd) fail(fr *engine.Frame, a int64) {
	pushTrace(fr, f.Trace)
	p, ok := operator.MulOK(a, f.M)
	if !ok {
		if f.Swapped {
			operator.Overflow(f.MulPos, lang.OpMul, f.M, a)
		}
		operator.Overflow(f.MulPos, lang.OpMul, a, f.M)
	}
	y := f.D
	if f.Slot >= 0 {
		y = fr.Slots[f.Slot].N
	}
	if f.AddSwapped {
		operator.Overflow(f.AddPos, f.AddOp, y, p)
	}
	operator.Overflow(f.AddPos, f.AddOp, p, y)
}

// Compile returns the fused closure: the common shapes without the
// branches of the general one (one closure for all: dag 0.21 -> 0.24 s).
func (f MulAdd) Compile() func(fr *engine.Frame) int64 {
	m, d, slot, mod := f.M, f.D, f.Slot, f.Mod
	x := f.X
	if p := f.run(); p != nil {
		return p.stageFn()
	}
	switch {
	case slot < 0 && !f.Sub && mod == 0:
		lo, span, ok := operator.MulAddSpan(m, d)
		if !ok {
			break
		}
		return func(fr *engine.Frame) int64 {
			a := x.get(fr)
			if uint64(a)-uint64(lo) > span {
				f.fail(fr, a)
			}
			return a*m + d
		}
	case slot >= 0 && !f.Sub && mod == 0:
		lo, span, ok := operator.MulAddSpan(m, 0)
		if !ok {
			break
		}
		return func(fr *engine.Frame) int64 {
			a := x.get(fr)
			s, ok := operator.AddOK(a*m, fr.Slots[slot].N)
			if uint64(a)-uint64(lo) > span || !ok {
				f.fail(fr, a)
			}
			return s
		}
	}
	sub := f.Sub
	return func(fr *engine.Frame) int64 {
		a := x.get(fr)
		p, ok1 := operator.MulOK(a, m)
		y := d
		if slot >= 0 {
			y = fr.Slots[slot].N
		}
		var s int64
		var ok2 bool
		if sub {
			s, ok2 = operator.SubOK(p, y)
		} else {
			s, ok2 = operator.AddOK(p, y)
		}
		if !ok1 || !ok2 {
			f.fail(fr, a)
		}
		if mod != 0 {
			return s % mod
		}
		return s
	}
}

// stageRun is a fused stage (X * m + d) % mod, or two, ((a * m1 + d1) %
// k1 * m + d) % mod, as its closures read it: one block behind one
// pointer (a closure that captures each number keeps them all on its
// stack across the call that reads X).
type stageRun struct {
	x            Operand // X (a)
	lo           int64   // a is in range when uint64(a)-uint64(lo) <= span
	span         uint64
	in           *MulAdd // the stage whose range it is (fail)
	two          bool
	m1, d1, m, d int64
	// the moduli k1 and mod, as multiplies (the same results: DivK)
	k1c, modc DivK
	// X as x.Aff reads it (aff): slots[ax] * am + (ad, or slots[ay]
	// when ay >= 0), for slots[ax] in [alo, alo + aspan]
	aff    bool
	ax, ay int
	am, ad int64
	alo    int64
	aspan  uint64
}

// setAff reads X from p.x.Aff when it is X * M + y, X a local, y a local
// or a constant (no modulo, no subtraction).
func (p *stageRun) setAff() *stageRun {
	f := p.x.Aff
	if f == nil || p.x.F == nil || !f.OK || f.X.F != nil || f.Sub || f.Mod != 0 || f.Inner != nil {
		return p
	}
	d := f.D
	if f.Slot >= 0 {
		d = 0 // (a * M, then the local added, checked)
	}
	if lo, span, ok := operator.MulAddSpan(f.M, d); ok {
		p.aff, p.ax, p.ay, p.am, p.ad, p.alo, p.aspan = true, f.X.Slot, f.Slot, f.M, f.D, lo, span
	}
	return p
}

// xval is X at fr.
func (p *stageRun) xval(fr *engine.Frame) int64 {
	if p.aff {
		if a := fr.Slots[p.ax].N; uint64(a)-uint64(p.alo) <= p.aspan {
			if p.ay < 0 {
				return a*p.am + p.ad
			}
			if s, ok := operator.AddOK(a*p.am, fr.Slots[p.ay].N); ok {
				return s
			}
		}
	}
	return p.x.get(fr)
}

// val is the stage's value at a, an operand in range.
func (p *stageRun) val(a int64) int64 {
	if p.two {
		return p.modc.Mod(p.k1c.Mod(a*p.m1+p.d1)*p.m + p.d)
	}
	return p.modc.Mod(a*p.m + p.d)
}

// run returns f as a stageRun, or nil when it is no stage of one range
// check (stage; with an inner stage, one it takes).
func (f *MulAdd) run() *stageRun {
	if in := f.Inner; in != nil && f.Takes(in) {
		// (((a * m1 + d1) % k1) * m + d) % mod: only the first stage
		// can overflow.
		lo, span, _ := in.Stage()
		return (&stageRun{x: in.X, lo: lo, span: span, in: in, two: true, m1: in.M, d1: in.D, m: f.M, d: f.D,
			k1c: NewDivK(in.Mod), modc: NewDivK(f.Mod)}).setAff()
	}
	lo, span, ok := f.Stage()
	if !ok {
		return nil
	}
	return (&stageRun{x: f.X, lo: lo, span: span, in: f, m: f.M, d: f.D, modc: NewDivK(f.Mod)}).setAff()
}

// stageFn is the stage's closure.
func (p *stageRun) stageFn() func(fr *engine.Frame) int64 {
	return func(fr *engine.Frame) int64 {
		a := p.xval(fr)
		if uint64(a)-uint64(p.lo) > p.span {
			p.in.fail(fr, a)
		}
		return p.val(a)
	}
}

// ModLocal is X % y, X exactly the stage f and y the int local in slot
// (pos: the operator's, tr: the static trace pushed before it fails);
// nil when f is no stage of one range check.
func (f *MulAdd) ModLocal(pos engine.Pos, tr []engine.Pos, slot int) func(fr *engine.Frame) int64 {
	p := f.run()
	if p == nil {
		return nil
	}
	rem := func(fr *engine.Frame, r int64) int64 {
		pushTrace(fr, tr)
		return operator.Div(pos, lang.OpMod, value.Int(r), value.Int(0)).N
	}
	return func(fr *engine.Frame) int64 {
		a := p.xval(fr)
		if uint64(a)-uint64(p.lo) > p.span {
			p.in.fail(fr, a)
		}
		r := p.val(a)
		if b := fr.Slots[slot].N; b != 0 {
			return r % b
		}
		return rem(fr, r)
	}
}

// Lit is X % k or X / k (op), X exactly the stage f and k other than 0
// and -1: one closure for both; nil when f is no stage of one range
// check.
func (f *MulAdd) Lit(op lang.Op, k int64) func(fr *engine.Frame) int64 {
	if op != lang.OpMod && op != lang.OpDiv || k == 0 || k == -1 {
		return nil
	}
	p := f.run()
	if p == nil {
		return nil
	}
	kc := NewDivK(k)
	if op == lang.OpDiv {
		return func(fr *engine.Frame) int64 {
			a := p.xval(fr)
			if uint64(a)-uint64(p.lo) > p.span {
				p.in.fail(fr, a)
			}
			return kc.Div(p.val(a))
		}
	}
	return func(fr *engine.Frame) int64 {
		a := p.xval(fr)
		if uint64(a)-uint64(p.lo) > p.span {
			p.in.fail(fr, a)
		}
		return kc.Mod(p.val(a))
	}
}
