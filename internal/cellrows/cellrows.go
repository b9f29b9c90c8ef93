// Package cellrows owns the algorithms on sets of board cells as rows of
// bits (word r, bit c: the cell (r, c), as value.CellRows reads them):
// the 4-connected regions of a set (Regions) and the least of its 8
// images under the symmetries of the square (Canon). The built-ins
// components and canon (package stdlib) run them on a set's rows, and the
// pruned search's option lists (package partgen) run them on a move's
// rows without making a value for each option.
package cellrows

import "math/bits"

// Splitter finds the regions of a set of rows one at a time, in the
// order of their least cells (the order components lists them in).
type Splitter struct {
	left, region [64]uint64
	n, r0        int
}

// Reset starts the regions of rows (at most 64 rows, copied).
func (s *Splitter) Reset(rows []uint64) {
	s.n, s.r0 = copy(s.left[:], rows), 0
}

// Next returns the next region's rows (from row 0: the rows before its
// first are 0; valid until the next call), or nil when there is none.
func (s *Splitter) Next() []uint64 {
	for s.r0 < s.n && s.left[s.r0] == 0 {
		s.r0++
	}
	if s.r0 == s.n {
		return nil
	}
	r0 := s.r0
	clear(s.region[:s.n])
	s.region[r0] = s.left[r0] & -s.left[r0]
	r1 := Grow(s.region[:s.n], s.left[:s.n], r0)
	for r := r0; r <= r1; r++ {
		s.left[r] &^= s.region[r]
	}
	return s.region[:r1+1]
}

// Grow grows region (one cell, in row r0) to the cells of in connected
// to it, and returns the last row it reaches. Rows before r0 are empty in
// in (a region starts at its least cell).
func Grow(region, in []uint64, r0 int) int {
	r1 := r0
	for changed := true; changed; {
		changed = false
		for r := r0; r <= r1; r++ {
			x := region[r]
			if r > r0 {
				x |= region[r-1]
			}
			if r+1 < len(region) {
				x |= region[r+1]
			}
			x = fillRow(x&in[r], in[r])
			if x != region[r] {
				region[r], changed = x, true
			}
			if r == r1 && r+1 < len(region) && x&in[r+1] != 0 {
				r1++
			}
		}
	}
	return r1
}

// fillRow is the runs of the row m that hold a cell of x (x within m).
func fillRow(x, m uint64) uint64 {
	for {
		y := (x | x<<1 | x>>1) & m
		if y == x {
			return x
		}
		x = y
	}
}

// Box is the bounding box of a set of cells in rows: its first row and
// column, and its height and width.
type Box struct{ R0, C0, H, W int }

// Shape moves the rows of a set (not empty) to its corner: in holds its
// rows from row and column 0 (bit c - C0 of row r - R0); b is its box.
// ok is false for an empty set.
func Shape(rows []uint64, in *[64]uint64) (b Box, ok bool) {
	r0 := 0
	for r0 < len(rows) && rows[r0] == 0 {
		r0++
	}
	if r0 == len(rows) {
		return Box{}, false
	}
	for rows[len(rows)-1] == 0 {
		rows = rows[:len(rows)-1]
	}
	var all uint64
	for _, x := range rows {
		all |= x
	}
	c0 := bits.TrailingZeros64(all)
	b = Box{R0: r0, C0: c0, H: len(rows) - r0, W: bits.Len64(all) - c0}
	for i := range b.H {
		in[i] = rows[r0+i] >> c0
	}
	return b, true
}

// LeastImage is the least of the 8 images of the cells in rows (box b's
// rows, from its corner), as rows, and its number (0: the identity), in
// out (its rows: n). Of two images, the least is the one that has a cell
// first where their rows differ (as sets of cells compare).
func LeastImage(rows *[64]uint64, b Box, out *[64]uint64) (n, best int) {
	var cols [64]uint64
	for r := range b.H {
		for m := rows[r]; m != 0; m &= m - 1 {
			cols[bits.TrailingZeros64(m)] |= 1 << r
		}
	}
	best = bestImage(rows, &cols, b)
	n = heightOf(best, b)
	for i := range n {
		out[i] = imageRow(rows, &cols, b, best, i)
	}
	return n, best
}

// imageRow is row i of image t of the cells of box b in rows (and their
// transpose cols): the image's rows are the box's rows or columns, in
// order or reversed, each read forwards or backwards.
func imageRow(rows, cols *[64]uint64, b Box, t, i int) uint64 {
	src, n, w := rows, b.H, b.W
	if t&1 != 0 {
		src, n, w = cols, b.W, b.H
	}
	if t&2 != 0 {
		i = n - 1 - i
	}
	x := src[i]
	if t&4 != 0 {
		x = bits.Reverse64(x) >> (64 - w)
	}
	return x
}

// bestImage is the number of the least image (imageRow).
func bestImage(rows, cols *[64]uint64, b Box) int {
	best := 0
	for t := 1; t < 8; t++ {
		for i := range min(heightOf(t, b), heightOf(best, b)) {
			x, y := imageRow(rows, cols, b, t, i), imageRow(rows, cols, b, best, i)
			if x == y {
				continue
			}
			if d := x ^ y; x&d&-d != 0 {
				best = t
			}
			break
		}
	}
	return best
}

// heightOf is the number of rows of image t of the box b.
func heightOf(t int, b Box) int {
	if t&1 != 0 {
		return b.W
	}
	return b.H
}
