// Package comprun owns the run-time side of package compile's
// comprehensions and for clauses: the record a comprehension accumulates
// its elements in as it runs (Rec: taken from its thread's free records,
// given back once the value it made keeps none of it), and the loops of
// a for clause over a set made of bits (Uni: the ids of a universe; Bits:
// small ints or cells), which bind its elements without making its list.
package comprun

import (
	"math/bits"
	"slices"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Rec is what a comprehension has accumulated: its elements (a map's
// values) and keys; a sum of compact positions of one game keeps their
// keys only (packed: value.Sum).
type Rec struct {
	Out, Keys []value.Value
	packed    bool
	pg        *engine.Game
	pkeys     []uint64
	buf       [2]value.Value // Out's first elements (a sum of regions)
}

// Take is a comprehension's record, empty (a sum's: sum): one its thread
// freed, or a new one.
func Take(th *engine.Thread, sum bool) *Rec {
	var a *Rec
	if n := len(th.Accs); n > 0 {
		a, th.Accs = th.Accs[n-1].(*Rec), th.Accs[:n-1]
	} else {
		a = &Rec{}
	}
	a.Out, a.packed = a.buf[:0], sum
	return a
}

// Add adds the element v, at pos (a sum's: sum, failing when v is not a
// game).
func (a *Rec) Add(th *engine.Thread, pos engine.Pos, sum bool, v value.Value) {
	if sum && !v.IsGame() {
		value.Fail(pos, "sum of needs games, found %s %s", v.TypeName(), value.Shown(v))
	}
	if a.packed {
		if g, ok := v.Ref.(*engine.Game); ok && v.K == value.KPos && (a.pg == nil || a.pg == g) {
			a.pg = g
			a.pkeys = append(engine.Grown(th, pos, a.pkeys, 1), uint64(v.N))
			return
		}
		a.packed = false
		a.Out = engine.RoomForN(th, pos, a.Out, len(a.pkeys))
		for _, k := range a.pkeys {
			a.Out = append(a.Out, a.pg.PackedPosition(k))
		}
		a.pkeys = nil
	}
	a.Out = append(engine.RoomFor(th, pos, a.Out), v)
}

// Done is the value of the comprehension of kind k (its elements at pos)
// that accumulated in a; a is free again unless the value keeps its first
// elements (a list or set of up to len(buf)).
func (a *Rec) Done(th *engine.Thread, pos engine.Pos, k lang.CompKind) value.Value {
	out, pkeys := a.Out, a.pkeys
	kept := false
	var v value.Value
	switch {
	case k == lang.ListComp:
		v, kept = value.List(out), a.inBuf()
	case k == lang.SetComp:
		v, kept = engine.BuildSet(th, pos, out), a.inBuf()
	case k == lang.MapComp:
		v = engine.BuildMap(th, pos, a.Keys, out)
	case a.packed && len(pkeys) > 1:
		v = value.Value{K: value.KSum, Ref: &value.Sum{Game: a.pg, Keys: slices.Clip(pkeys)}}
	case a.packed && len(pkeys) == 1:
		v = a.pg.PackedPosition(pkeys[0])
	default:
		v = value.SumOfCopy(out)
	}
	if !kept {
		*a = Rec{}
		th.Accs = append(th.Accs, a)
	}
	return v
}

// inBuf reports whether the elements are in the record's buf.
func (a *Rec) inBuf() bool { return cap(a.Out) > 0 && &a.Out[:1][0] == &a.buf[0] }

// Seq runs inner for each element of elems (with ok, only those at
// the indexes ids, ascending), in order, as a for clause over them does
// (a step counted, the element bound), until the frame stops.
func Seq(fr *engine.Frame, elems []value.Value, ids []int64, ok bool, ipos engine.Pos, bind func(fr *engine.Frame, v value.Value), inner func(fr *engine.Frame)) {
	n := len(elems)
	if ok {
		n = len(ids)
	}
	for i := range n {
		fr.Th.Tick(ipos)
		if ok {
			bind(fr, elems[ids[i]])
		} else {
			bind(fr, elems[i])
		}
		if inner(fr); fr.Stop {
			return
		}
	}
}

// Range runs inner for each int of a .. b (with ok, only those of ids,
// ascending), as a for clause over the range does (a step counted, the
// int bound: in slot, or by bind when slot is -1), where cond (nil:
// none) holds, until the frame stops.
func Range(fr *engine.Frame, a, b int64, ids []int64, ok bool, slot int, bind func(fr *engine.Frame, v value.Value), cond func(fr *engine.Frame) bool, rpos engine.Pos, inner func(fr *engine.Frame)) {
	th := fr.Th
	if ok {
		for _, i := range ids {
			th.Tick(rpos)
			fr.Slots[slot] = value.Value{K: value.KInt, N: i}
			if cond == nil || cond(fr) {
				inner(fr)
			}
			if fr.Stop {
				return
			}
		}
		return
	}
	for i := a; i <= b; i++ {
		th.Tick(rpos)
		if slot >= 0 {
			fr.Slots[slot] = value.Value{K: value.KInt, N: i}
		} else {
			bind(fr, value.Int(i))
		}
		if cond == nil || cond(fr) {
			inner(fr)
		}
		if fr.Stop || i == b {
			return
		}
	}
}

// Masked is Range over the ints a .. b that mask (package rangemask)
// does not rule out (RangeBits), or reports false having run nothing.
func Masked(fr *engine.Frame, mask func(fr *engine.Frame, a, b int64) (t, maybe uint64, ok bool), a, b int64, slot int, cond func(fr *engine.Frame) bool, rpos engine.Pos, inner func(fr *engine.Frame)) bool {
	t, maybe, ok := mask(fr, a, b)
	if ok {
		RangeBits(fr, a, int(b-a+1), t, maybe, slot, cond, rpos, inner)
	}
	return ok
}

// RangeBits is Range over the ints a + i of the bits i of t and maybe,
// those of a .. a + n - 1 that the if clause's masks did not rule out
// (package rangemask): those of t pass it (it is not run), those of maybe
// are tested; the others count their steps in place, unvisited.
func RangeBits(fr *engine.Frame, a int64, n int, t, maybe uint64, slot int, cond func(fr *engine.Frame) bool, rpos engine.Pos, inner func(fr *engine.Frame)) {
	th := fr.Th
	next := 0
	for w := t | maybe; w != 0; w &= w - 1 {
		i := bits.TrailingZeros64(w)
		th.Ticks(rpos, int64(i-next+1))
		next = i + 1
		fr.Slots[slot] = value.Value{K: value.KInt, N: a + int64(i)}
		if t>>i&1 != 0 || cond(fr) {
			inner(fr)
		}
		if fr.Stop {
			return
		}
	}
	if next < n {
		th.Ticks(rpos, int64(n-next))
		fr.Slots[slot] = value.Value{K: value.KInt, N: a + int64(n-1)}
	}
}

// Uni runs inner for each element of the set of the ids w of universe u,
// in order, as a for clause over it does (a step counted, the element
// bound), until the frame stops.
func Uni(fr *engine.Frame, u *value.Universe, w []uint64, ipos engine.Pos, bind func(fr *engine.Frame, v value.Value), inner func(fr *engine.Frame)) {
	if order := u.Order(); order != nil {
		for _, id := range order {
			if int(id>>6) < len(w) && w[id>>6]>>(id&63)&1 != 0 {
				fr.Th.Tick(ipos)
				bind(fr, u.Elem(int(id)))
				inner(fr)
				if fr.Stop {
					return
				}
			}
		}
		return
	}
	for i, x := range w {
		for ; x != 0; x &= x - 1 {
			fr.Th.Tick(ipos)
			bind(fr, u.Elem(i*64+bits.TrailingZeros64(x)))
			inner(fr)
			if fr.Stop {
				return
			}
		}
	}
}

// Bits is Uni of a set whose elements are the bits w (ints, or cells
// when pairs: value.SetBits), in their order, none made but those bound
// (a cell: a shared value).
func Bits(fr *engine.Frame, w []uint64, pairs bool, ipos engine.Pos, bind func(fr *engine.Frame, v value.Value), inner func(fr *engine.Frame)) {
	for i, x := range w {
		for ; x != 0; x &= x - 1 {
			fr.Th.Tick(ipos)
			bind(fr, value.BitElem(i*64+bits.TrailingZeros64(x), pairs))
			inner(fr)
			if fr.Stop {
				return
			}
		}
	}
}

// InOrder reports whether set v's elements are ints, or strings, all of
// one kind: then sorted(v) lists them in v's order (a set iterates in
// ascending order) and cannot fail, so a for clause over sorted(v) may
// iterate v, by its bits where it has them. Nothing is made.
func InOrder(v value.Value) bool {
	if u, w, ok := value.Uni(v); ok {
		k := value.KNone
		for i, x := range w {
			for ; x != 0; x &= x - 1 {
				e := u.Elem(i*64 + bits.TrailingZeros64(x))
				if e.K != value.KInt && e.K != value.KStr || k != value.KNone && e.K != k {
					return false
				}
				k = e.K
			}
		}
		return true
	}
	if _, pairs, ok := value.SetBits(v); ok {
		return !pairs
	}
	es := v.Elems()
	for _, e := range es {
		if e.K != value.KInt && e.K != value.KStr || e.K != es[0].K {
			return false
		}
	}
	return true
}

// ForRange runs a for statement over the range a .. b (its ends'
// values, rpos the range's position) without building its list: the
// ints bound in order by bind, a step counted at ipos for each, body run
// for each. Ends that are not ints fail as the range operator does; a
// range of any length runs (its list is built by no one).
func ForRange[F ~func(*engine.Frame)](fr *engine.Frame, a, b value.Value, rpos, ipos engine.Pos, bind func(fr *engine.Frame, v value.Value), body []F) {
	if a.K != value.KInt || b.K != value.KInt {
		value.Fail(rpos, "cannot apply %q to %s and %s", lang.OpRange, a.TypeName(), b.TypeName())
	}
	for i := a.N; i <= b.N; i++ {
		fr.Th.Tick(ipos)
		bind(fr, value.Int(i))
		for _, s := range body {
			s(fr)
		}
		if i == b.N {
			return // (b the largest int: no i + 1)
		}
	}
}
