// Package cellgraph owns an adjacency map of board cells as rows of bits
// (Graph: each cell's neighbours, word r, bit c for the cell (r, c), as
// package cellrows reads sets of cells) and the connected regions of a
// set of cells under it (Splitter), as components(S, ADJ) finds them for
// a set S of cells: an edge u-v counts when v is among ADJ[u] or u among
// ADJ[v]. The pruned search's option lists (package partgen) run it on a
// move's rows without making a value for each option.
package cellgraph

import (
	"math/bits"
	"slices"

	"github.com/grundy-lang/grundy/internal/cellrows"
	"github.com/grundy-lang/grundy/internal/value"
)

// Graph is an adjacency map of cells as rows: the neighbours of each cell
// of rows and columns 0 .. 63 that are such cells too, both ways.
type Graph struct {
	off   []int32 // the edges of cell id r*64+c: edges[off[id]:off[id+1]]
	edges []Edge
	bad   [64]uint64 // the cells whose neighbours are not a list, set or tuple
	keys  [64]uint64 // the cells that are keys, with a list, set or tuple
	// grid: among the keys, each key's neighbours are its 4 neighbours
	// on the board (a set of keys splits as components(S) splits it).
	grid bool
}

// Edge is the neighbours of a cell in one row: the cells (Row, c) for
// the bits c of Bits.
type Edge struct {
	Row  int32
	Bits uint64
}

// cellID is the id r*64+c of v when it is a cell (r, c) of ints in
// 0 .. 63.
func cellID(v value.Value) (int, bool) {
	if v.K != value.KTuple {
		return 0, false
	}
	p := v.Elems()
	if len(p) != 2 || p[0].K != value.KInt || p[1].K != value.KInt {
		return 0, false
	}
	return value.CellBit(p[0].N, p[1].N)
}

// FromMap is the graph of the map m (vertex to a list, set or tuple of
// vertices): the keys and neighbours that are not cells of 0 .. 63 are
// left out (a set of such cells never holds them), and a key whose
// neighbours are not a collection is marked bad (Splitter.Reset).
func FromMap(m *value.Map) *Graph {
	g := &Graph{off: make([]int32, 64*64+1)}
	var pairs []uint32 // from<<12 | to
	for i, k := range m.Keys {
		u, ok := cellID(k)
		if !ok {
			continue
		}
		switch ns := m.Vals[i]; ns.K {
		case value.KList, value.KSet, value.KTuple:
			g.keys[u>>6] |= 1 << (u & 63)
			for _, n := range ns.Elems() {
				if v, ok := cellID(n); ok {
					pairs = append(pairs, uint32(u<<12|v), uint32(v<<12|u))
				}
			}
		default:
			g.bad[u>>6] |= 1 << (u & 63)
		}
	}
	slices.Sort(pairs)
	prev := -1
	for _, x := range pairs {
		u, v := int(x>>12), int(x&(1<<12-1))
		if u != prev || g.edges[len(g.edges)-1].Row != int32(v>>6) {
			g.edges = append(g.edges, Edge{Row: int32(v >> 6)})
		}
		g.edges[len(g.edges)-1].Bits |= 1 << (v & 63)
		g.off[u+1], prev = int32(len(g.edges)), u
	}
	// A cell without edges starts and ends where the one before it ends.
	for id := 1; id < len(g.off); id++ {
		g.off[id] = max(g.off[id], g.off[id-1])
	}
	g.grid = g.isGrid()
	return g
}

// isGrid reports whether each key's neighbours among the keys are its 4
// neighbours among them: then the regions of a set of keys are its
// 4-connected ones.
func (g *Graph) isGrid() bool {
	for r, row := range g.keys {
		for m := row; m != 0; m &= m - 1 {
			c := bits.TrailingZeros64(m)
			var got, want [3]uint64 // rows r - 1, r, r + 1
			for _, ed := range g.Neighbours(r, c) {
				x := ed.Bits & g.keys[ed.Row]
				d := int(ed.Row) - r + 1
				if x != 0 && (d < 0 || d > 2) {
					return false
				}
				if x != 0 {
					got[d] |= x
				}
			}
			want[1] = (1<<(c+1) | 1<<c>>1) & row
			if r > 0 {
				want[0] = 1 << c & g.keys[r-1]
			}
			if r < 63 {
				want[2] = 1 << c & g.keys[r+1]
			}
			if got != want {
				return false
			}
		}
	}
	return true
}

// Neighbours is the edges of the cell (r, c).
func (g *Graph) Neighbours(r, c int) []Edge {
	id := r<<6 | c
	return g.edges[g.off[id]:g.off[id+1]]
}

// Splitter finds the regions of a set of rows under a graph one at a
// time, in the order of their least cells (the order components lists
// them in).
type Splitter struct {
	g                    *Graph
	left, region, future [64]uint64
	n, r0                int
	grid                 bool              // the set is of keys of a grid's graph
	rs                   cellrows.Splitter // its regions then
}

// Reset starts the regions of rows (at most 64 rows, copied) under g.
// It reports false when a cell of rows is one whose neighbours are not a
// collection (components fails on it).
func (s *Splitter) Reset(g *Graph, rows []uint64) bool {
	s.g = g
	s.n, s.r0 = copy(s.left[:], rows), 0
	clear(s.future[:s.n]) // (a splitter left in the middle of a region)
	s.grid = g.grid
	for r := range s.n {
		if s.left[r]&g.bad[r] != 0 {
			return false
		}
		if s.left[r]&^g.keys[r] != 0 {
			s.grid = false
		}
	}
	if s.grid {
		s.rs.Reset(rows)
	}
	return true
}

// Next returns the next region's rows (from row 0: the rows before its
// first are 0; valid until the next call), or nil when there is none.
func (s *Splitter) Next() []uint64 {
	if s.grid {
		return s.rs.Next()
	}
	for s.r0 < s.n && s.left[s.r0] == 0 {
		s.r0++
	}
	if s.r0 == s.n {
		return nil
	}
	r0 := s.r0
	clear(s.region[:s.n])
	first := s.left[r0] & -s.left[r0]
	s.region[r0], s.future[r0] = first, first
	s.left[r0] &^= first
	r1, lo := r0, r0 // the last row of the region; the first row to visit
	for lo <= r1 {
		x := s.future[lo]
		if x == 0 {
			lo++
			continue
		}
		s.future[lo] = x & (x - 1)
		for _, ed := range s.g.Neighbours(lo, bits.TrailingZeros64(x)) {
			r := int(ed.Row)
			if r >= s.n {
				continue
			}
			nw := ed.Bits & s.left[r]
			if nw == 0 {
				continue
			}
			s.left[r] &^= nw
			s.region[r] |= nw
			s.future[r] |= nw
			r1, lo = max(r1, r), min(lo, r)
		}
	}
	return s.region[:r1+1]
}
