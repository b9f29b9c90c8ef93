package fastpath

import (
	"errors"
	"math/bits"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/kernel"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/lang"
)

// Strided sweeps. A sweep whose domain is the same at every position (a
// literal, a set held by a global) and whose option's argument is affine
// in the position's int n as well as in the loop variable x (sub(n - s)
// for s in S if s <= n) computes a run of positions n0 .. n1 without
// running the argument's code at each: the argument is evaluated at the
// four corners (n0 or n1, the domain's least or greatest x) and found
// in between by its coefficients; a bound affine in n likewise from its
// values at n0 and n1 (other bounds are evaluated at each position, as
// the sweep does). Exactness: every node of such an expression is
// affine in n and x (its other terms do not change from one position to
// the next: the sweep's code is pure int arithmetic, the domain global),
// so when none overflows at the corners none overflows in between, and
// the values found are those the rule computes; a corner that raises an
// error (or a value the coefficients do not give) leaves the run to the
// sweep position by position, which meets the error where the rule does.

// strider is the strided sweep of a fast loop (nil: none).
type strider struct {
	argCoef   int64   // the argument's coefficient of n
	bcoefs    []int64 // each bound's coefficient of n, where affine
	affine    []bool
	allAffine bool // every bound is affine
	// scratch: each affine bound's value at the run's first position, the
	// options' key offsets
	e0, offs []int64
}

// strideBlock is the most positions of a strided run.
const strideBlock = 4096

// newStrider returns the strider of a sweep's plan (nil when it has none,
// or a bound it reads as affine has no int code).
func newStrider(stride bool, argCoef int64, bcoefs []int64, affine []bool, clamps []fastClamp) *strider {
	if !stride {
		return nil
	}
	for i, cl := range clamps {
		if affine[i] && cl.boundInt == nil && cl.lin == nil {
			return nil
		}
	}
	sr := &strider{argCoef: argCoef, bcoefs: bcoefs, affine: affine, e0: make([]int64, len(clamps)), allAffine: true}
	for _, a := range affine {
		sr.allAffine = sr.allAffine && a
	}
	return sr
}

// corners evaluates, for the run n0 .. n1 and a domain x0 .. x1, the
// affine bounds at n0 (into sr.e0) and the argument at (n0, x0); false
// when an evaluation at a corner fails or the coefficients do not give
// the values at the other corners.
func (sr *strider) corners(fr *engine.Frame, p *sweepParts, n0, n1 uint64, x0, x1 int64) (a00 int64, ok bool) {
	th := fr.Th
	calls := len(th.Calls)
	defer func() {
		if recover() != nil {
			th.Calls = th.Calls[:calls]
			ok = false
		}
	}()
	dn := int64(n1 - n0)
	at := func(n uint64, x int64) {
		fr.Slots[0].N, fr.Slots[p.xslot].N = int64(n), x
	}
	for i := range p.clamps {
		if !sr.affine[i] {
			continue
		}
		f := p.clamps[i].boundInt
		if lc := p.clamps[i].lin; lc != nil {
			// (E from L and R, checked not to overflow for any x of
			// the domain: at both ends of the run, so in between.)
			f = func(fr *engine.Frame) int64 {
				e, ok := lc.bound(fr, x0, x1)
				if !ok {
					panic(errLinCorner)
				}
				return e
			}
		}
		at(n0, x0)
		e0 := f(fr)
		at(n1, x0)
		if want, ok := affineAt(e0, sr.bcoefs[i], dn, 0, 0); !ok || f(fr) != want {
			return 0, false
		}
		sr.e0[i] = e0
	}
	op, coef := &p.ft.opnds[0], p.ft.coefs[0]
	at(n0, x0)
	a00 = op.Eval(fr)
	for _, c := range [3][2]int64{{dn, 0}, {0, x1 - x0}, {dn, x1 - x0}} {
		at(n0+uint64(c[0]), x0+c[1])
		if want, ok := affineAt(a00, sr.argCoef, c[0], coef, c[1]); !ok || op.Eval(fr) != want {
			return 0, false
		}
	}
	return a00, true
}

// errLinCorner is how a linear bound that may overflow at a run's
// corner leaves the run to the sweep position by position (corners
// recovers it).
var errLinCorner = errors.New("fastpath: a linear bound may overflow at a corner")

// affineAt is v + a*dn + b*dx; false when it overflows.
func affineAt(v, a, dn, b, dx int64) (int64, bool) {
	s, ok1 := operator.MulOK(a, dn)
	t, ok2 := operator.MulOK(b, dx)
	if !ok1 || !ok2 {
		return 0, false
	}
	if v, ok1 = operator.AddOK(v, s); !ok1 {
		return 0, false
	}
	return operator.AddOK(v, t)
}

// run computes the positions from k (below end, at most room of them,
// at most strideBlock) that are not known yet, as the sweep's loop would
// one by one (all: the domain's ints, not empty). It returns the next
// position, the room left, and whether the sweep ends there (a position
// in another state, or one the sweep leaves to the rule); at a run whose
// corners fail it returns k, not ended: the sweep then takes k alone.
func (sr *strider) run(fr *engine.Frame, p *sweepParts, ops []lang.Op, g *engine.Game, k, end uint64, room int64, all []int64, mine []uint64, m uint64) (uint64, int64, bool) {
	n1 := min(end-1, k+strideBlock-1, k+uint64(room)-1)
	x0, x1 := all[0], all[len(all)-1]
	a00, ok := sr.corners(fr, p, k, n1, x0, x1)
	if !ok {
		return k, room, false
	}
	th := fr.Th
	e := th.Engine
	flat := g.Flat
	coef := p.ft.coefs[0]
	// The options' keys at a position where no bound narrows the domain:
	// the argument's at x0 plus offs.
	sr.offs = sr.offs[:0]
	for _, x := range all {
		sr.offs = append(sr.offs, coef*(x-x0))
	}
	offs, last := sr.offs, sr.offs[len(sr.offs)-1]
	nf := min(uint64(len(flat)), g.Lim)
	whole := sr.allAffine
	n0 := k
	for ; k <= n1; k++ {
		if whole {
			// (A stretch of positions every option of which is in the
			// table, in one loop.)
			st := stretch{n0: n0, a00: a00, x0: x0, x1: x1, offs: offs, nf: nf, mine: mine, m: m}
			if j := sr.fill(th, g, ops, &st, k, n1, room); j > 0 {
				if k, room = k+j, room-int64(j); k > n1 {
					break
				}
			}
		}
		s := flat[k]
		if s != memo.StUnknown {
			if memo.Finished(s) {
				continue
			}
			return k, room, true
		}
		e.CurrentR = k
		fr.Slots[0].N = int64(k)
		dn := int64(k - n0)
		v, ok := memo.Sgv(0), false
		if b := uint64(a00 + sr.argCoef*dn); whole && sr.wide(ops, dn, x0, x1) && b < nf && b+uint64(last) < nf {
			// (Every option, the keys in the table: the mex at once.)
			if low, all := kernel.OffsFlat(flat, b, offs); all {
				v, ok = memo.Sgv(bits.TrailingZeros64(^low)), true
				th.Steps += int64(len(offs))
				e.Edges += int64(len(offs))
			}
		}
		if !ok {
			if v, ok = sr.one(fr, p, ops, g, all, dn, a00, x0, coef); !ok {
				return k, room, true
			}
		}
		if x := memo.StateOf(v); !g.SetFast(k, x) {
			g.SetStateSlow(k, x)
		}
		if mine != nil {
			i := k - m
			mine[i/64] |= 1 << (i % 64)
		}
		e.States++
		room--
		if th.Steps++; th.Steps >= th.CheckAt {
			th.CheckLimits(p.ipos)
		}
	}
	return k, room, false
}

// stretch is what fill reads of a strided run: its first position n0,
// the argument at (n0, x0), the domain x0 .. x1, the options' key
// offsets, the keys in the table (below nf), the positions computed
// (mine, from m).
type stretch struct {
	n0     uint64
	a00    int64
	x0, x1 int64
	offs   []int64
	nf     uint64
	mine   []uint64
	m      uint64
}

// fill computes the positions from k on (at most to n1 and room of them)
// whose options are all in the table, known and below 64, and no bound
// narrows the domain, up to the first that is not such or is not
// unknown: what the run's loop computes there, its steps counted at once
// (as many positions as keep the steps below the next check of the
// run's limits). It returns how many it computed.
func (sr *strider) fill(th *engine.Thread, g *engine.Game, ops []lang.Op, st *stretch, k, n1 uint64, room int64) uint64 {
	per := int64(len(st.offs)) + 1
	cnt := min(int64(n1-k)+1, room, (th.CheckAt-th.Steps-1)/per)
	if cnt < 2 {
		return 0
	}
	// Every bound is affine in n, and so is the key b: what holds at
	// both ends of the stretch holds between (the run's corners checked
	// that nothing overflows in it).
	dn0 := int64(k - st.n0)
	dn1 := dn0 + cnt - 1
	b0, b1 := st.a00+sr.argCoef*dn0, st.a00+sr.argCoef*dn1
	olo, ohi := min(0, st.offs[len(st.offs)-1]), max(0, st.offs[len(st.offs)-1])
	if !sr.wide(ops, dn0, st.x0, st.x1) || !sr.wide(ops, dn1, st.x0, st.x1) ||
		min(b0, b1)+olo < 0 || uint64(max(b0, b1)+ohi) >= st.nf {
		return 0
	}
	flat := g.Flat
	j := int64(0)
	for ; j < cnt; j++ {
		r := k + uint64(j)
		if flat[r] != memo.StUnknown {
			break
		}
		low, all := kernel.OffsFlat(flat, uint64(b0+sr.argCoef*j), st.offs)
		if !all {
			break
		}
		if x := memo.StateOf(memo.Sgv(bits.TrailingZeros64(^low))); !g.SetFast(r, x) {
			g.SetStateSlow(r, x)
		}
		if st.mine != nil {
			i := r - st.m
			st.mine[i/64] |= 1 << (i % 64)
		}
	}
	e := th.Engine
	th.Steps += j * per
	e.Edges += j * (per - 1)
	e.States += j
	if j > 0 {
		e.CurrentR = k + uint64(j) - 1
	}
	return uint64(j)
}

// wide reports whether no affine bound narrows the domain x0 .. x1 at the
// position dn after the run's first.
func (sr *strider) wide(ops []lang.Op, dn, x0, x1 int64) bool {
	for i, op := range ops {
		e := sr.e0[i] + sr.bcoefs[i]*dn
		switch op {
		case lang.OpLt:
			if e <= x1 {
				return false
			}
		case lang.OpLe:
			if e < x1 {
				return false
			}
		case lang.OpGt:
			if e >= x0 {
				return false
			}
		case lang.OpGe:
			if e > x0 {
				return false
			}
		}
	}
	return true
}

// one is the sweep's one for the position dn after the run's first (in
// slot 0), the argument at (first, x0) being a00.
func (sr *strider) one(fr *engine.Frame, p *sweepParts, ops []lang.Op, g *engine.Game, all []int64, dn, a00, x0, coef int64) (memo.Sgv, bool) {
	lo, hi, elems := all[0], all[len(all)-1], all
	for i := range p.clamps {
		if lo > hi {
			return 0, true
		}
		var e int64
		switch cl := &p.clamps[i]; {
		case sr.affine[i]:
			e = sr.e0[i] + sr.bcoefs[i]*dn
		case cl.lin != nil:
			var ok bool
			if e, ok = cl.lin.bound(fr, lo, hi); !ok {
				return 0, false
			}
		default:
			e = cl.boundInt(fr)
		}
		var left bool
		if lo, hi, elems, left = narrowBy(ops[i], e, lo, hi, elems); !left {
			return 0, true
		}
	}
	if lo > hi {
		return 0, true
	}
	return optionsMex(fr.Th, g, lo, hi, elems, a00+sr.argCoef*dn+coef*(lo-x0), coef)
}
