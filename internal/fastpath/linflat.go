package fastpath

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// The linear bounds' fast way (linclamp.go). A bound evaluates its affine
// trees at both ends of the loop's interval and at 0, checking every
// operation for overflow: a tree walk per end, per run of the loop (for a
// subtraction game's sweep, per position). When the loop's ends and the
// terms without x are small enough that no operation of the trees can
// overflow (each node's value is at most mx*|x| + mv*|term|, with the
// node's factors mx and mv known when it is compiled), the bound is the
// terms times their coefficients, summed: the terms are evaluated once,
// in the rule's order, as the walk would.

// flatLin is a linear clamp's trees flattened: their terms in evaluation
// order (L's, then R's) and each term's coefficient in the bound E.
type flatLin struct {
	leaves []*affNode
	coefs  []int64
}

// flatSmall bounds |x| and |term| for the flat way; flatFactor bounds a
// node's factors (so that every node stays below 2^62).
const (
	flatSmall  = 1 << 31
	flatFactor = 1 << 30
)

// flatten returns the flat form of lc, or nil when a tree has more terms
// than the walk caches or factors too large.
func (lc *linClamp) flatten() *flatLin {
	fl := &flatLin{}
	ok := true
	// walk appends n's terms with coefficient sign * (their factor) and
	// returns n's factors.
	var walk func(n *affNode, k int64) (mx, mv int64)
	walk = func(n *affNode, k int64) (int64, int64) {
		var mx, mv int64
		switch n.kind {
		case 'x':
			mx = 1
		case 'c':
			fl.leaves, fl.coefs = append(fl.leaves, n), append(fl.coefs, k)
			mv = 1
		case 'n':
			mx, mv = walk(n.a, -k)
		case 'k':
			a, b := walk(n.a, k*n.k)
			ak := max(n.k, -n.k)
			mx, mv = a*ak, b*ak
		default:
			kb := k
			if n.kind == '-' {
				kb = -k
			}
			ax, av := walk(n.a, k)
			bx, bv := walk(n.b, kb)
			mx, mv = ax+bx, av+bv
		}
		if mx+mv >= flatFactor || k >= flatFactor || k <= -flatFactor {
			ok = false
		}
		return mx, mv
	}
	// E is R - L at 0 (L - R when the slope is negative).
	sign := int64(1)
	if lc.neg {
		sign = -1
	}
	walk(lc.l, -sign)
	walk(lc.r, sign)
	if !ok || len(fl.leaves) > len(leafCache{}.vals) {
		return nil
	}
	return fl
}

// bound is linClamp.bound when the ends and the terms are small; done
// false when they are not (the terms evaluated so far are in c).
func (fl *flatLin) bound(fr *engine.Frame, lo, hi int64, c *leafCache) (e int64, ok, done bool) {
	if lo <= -flatSmall || lo >= flatSmall || hi <= -flatSmall || hi >= flatSmall {
		return 0, false, false
	}
	for i, n := range fl.leaves {
		var v int64
		if d := n.direct; d != nil {
			// (Read in place: nothing to fail.)
			v = d.k
			if d.slot >= 0 {
				v = fr.Slots[d.slot].N
			}
			c.vals[i], c.n = v, i+1
		} else {
			c.next = i
			var ok bool
			if v, ok = n.eval(fr, 0, c); !ok {
				return 0, false, true // (not an int: the general way)
			}
		}
		if v <= -flatSmall || v >= flatSmall {
			return 0, false, false
		}
		e += fl.coefs[i] * v
	}
	return e, true, true
}

// directTerm is a term read without a call: the int literal k, or the
// int local in slot.
type directTerm struct {
	slot int // -1 for a literal
	k    int64
}

// directTerm returns how term e (int-typed) is read in place, or nil.
func (cl *clamps) directTerm(e lang.Expr) *directTerm {
	switch e := e.(type) {
	case *lang.IntLit:
		return &directTerm{slot: -1, k: e.Val}
	case *lang.Ident:
		if b := cl.c.Lookup(e); b != nil && b.Kind == resolve.Local && b.IsInt {
			return &directTerm{slot: b.Slot}
		}
	}
	return nil
}
