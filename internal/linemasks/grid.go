package linemasks

import (
	"math/bits"

	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// gridLines are the lines of a fold over a grid of h rows of wd ints 0
// and 1 held as the bits of a word (bit r*wd + c): each line's cells
// that pass where their bit is 1 (one), where it is 0 (zero), and
// whether one of them never passes (a test against another int).
type gridLines struct {
	h, wd int
	ok    bool
	one   []uint64
	zero  []uint64
	never []bool
	size  []int64 // the line's cells (a count line's)
	// ones: no line is a count, tests a cell for 0 or never passes:
	// each line passes where w holds all of one.
	ones bool
}

// gridMasks is the lines over such a grid, worked out once for its
// shape (kept for the last one); false where a cell is past the grid,
// is not a row's element, or is tested against what is not an int.
func (l *lines) gridMasks(h, wd int) (*gridLines, bool) {
	if g := l.grid; g != nil && g.h == h && g.wd == wd {
		return g, g.ok
	}
	g := &gridLines{h: h, wd: wd}
	l.grid = g
	if l.members || l.flat || h*wd > 64 {
		return g, false
	}
	cellBit := make([]uint64, len(l.cells))
	cellK := make([]int64, len(l.cells))
	for id, c := range l.cells {
		if c.j < 0 || c.i >= h || c.j >= wd || c.k.K != value.KInt {
			return g, false
		}
		cellBit[id], cellK[id] = 1<<(c.i*wd+c.j), c.k.N
	}
	nw := l.nw
	for at := 0; at+nw <= len(l.masks); at += nw {
		var one, zero uint64
		never, size := false, int64(0)
		for j, m := range l.masks[at : at+nw] {
			size += int64(bits.OnesCount64(m))
			for m != 0 {
				id := j*64 + bits.TrailingZeros64(m)
				m &= m - 1
				switch cellK[id] {
				case 1:
					one |= cellBit[id]
				case 0:
					zero |= cellBit[id]
				default:
					never = true
				}
			}
		}
		g.one, g.zero, g.never, g.size = append(g.one, one), append(g.zero, zero), append(g.never, never), append(g.size, size)
	}
	g.ok, g.ones = true, l.ops == nil
	for t := range g.one {
		g.ones = g.ones && g.zero[t] == 0 && !g.never[t]
	}
	return g, true
}

// test is all (any) of the lines of l over the grid w: lines.test of the
// cells that pass w.
func (g *gridLines) test(w uint64, l *lines, all bool) bool {
	if all && l.falses {
		return false
	}
	if g.ones {
		for _, m := range g.one {
			if (w&m == m) != all {
				return !all
			}
		}
		return all
	}
	for t, one := range g.one {
		zero := g.zero[t]
		var in bool
		if l.ops == nil {
			in = !g.never[t] && w&one == one && w&zero == 0
		} else {
			n := int64(bits.OnesCount64(w&one) + bits.OnesCount64(^w&zero))
			switch c := l.ops[t]; c.op {
			case 0:
				in = n == g.size[t]
			case lang.OpEq:
				in = n == c.k
			case lang.OpNe:
				in = n != c.k
			case lang.OpLe:
				in = n <= c.k
			default:
				in = n >= c.k
			}
		}
		if in != all {
			return !all
		}
	}
	return all
}
