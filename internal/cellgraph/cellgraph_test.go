package cellgraph

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy-lang/grundy/internal/value"
)

// randomGraph is a random map of cells of a rows x cols box (and a few
// cells past it, and values that are not cells of 0 .. 63) to lists or
// sets of cells anywhere in the box, not symmetric; adj holds its edges
// between cells of the box (either way).
func randomGraph(r *rand.Rand, rows, cols int) (m *value.Map, adj map[[2]int]bool) {
	m, adj = &value.Map{}, map[[2]int]bool{}
	cell := func() (int, int) { return r.IntN(rows), r.IntN(cols) }
	keys := map[int]bool{}
	for range rows * cols {
		kr, kc := cell()
		if keys[kr<<6|kc] {
			continue
		}
		keys[kr<<6|kc] = true
		var ns []value.Value
		for range r.IntN(5) {
			nr, nc := cell()
			if r.IntN(3) == 0 { // a neighbour of the grid
				nr, nc = kr+r.IntN(3)-1, kc
			}
			ns = append(ns, value.Cell(int64(nr), int64(nc)))
			adj[[2]int{kr<<6 | kc, nr<<6 | nc}], adj[[2]int{nr<<6 | nc, kr<<6 | kc}] = true, true
		}
		ns = append(ns, value.Cell(70, 1), value.Int(3))
		v := value.List(ns)
		if r.IntN(2) == 0 {
			v = value.SetOf(ns)
		}
		m.Keys, m.Vals = append(m.Keys, value.Cell(int64(kr), int64(kc))), append(m.Vals, v)
	}
	m.Keys, m.Vals = append(m.Keys, value.Cell(-1, 2), value.Int(7)), append(m.Vals, value.Int(1), value.List([]value.Value{value.Cell(0, 0)}))
	return m, adj
}

// refRegions is the regions of the cells of rows under adj, by a flood
// fill a cell at a time, in the order of their least cells.
func refRegions(rows []uint64, adj map[[2]int]bool) [][]uint64 {
	left := slices.Clone(rows)
	var out [][]uint64
	for r0 := range left {
		for left[r0] != 0 {
			c0 := 0
			for left[r0]>>c0&1 == 0 {
				c0++
			}
			region := make([]uint64, len(rows))
			stack := []int{r0<<6 | c0}
			left[r0] &^= 1 << c0
			region[r0] |= 1 << c0
			for len(stack) > 0 {
				u := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				for r := range left {
					for c := range 64 {
						if left[r]>>c&1 != 0 && adj[[2]int{u, r<<6 | c}] {
							left[r] &^= 1 << c
							region[r] |= 1 << c
							stack = append(stack, r<<6|c)
						}
					}
				}
			}
			last := len(region)
			for region[last-1] == 0 {
				last--
			}
			out = append(out, region[:last])
		}
	}
	return out
}

// TestSplitterRegions: the splitter's regions are a flood fill's, in its
// order, on random graphs of cells (not symmetric, with keys and
// neighbours that are not cells of 0 .. 63) and random sets.
func TestSplitterRegions(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 8))
	for i := range 300 {
		rows, cols := 1+r.IntN(10), 1+r.IntN(64)
		if i%10 == 0 {
			rows = 1 + r.IntN(64)
		}
		m, adj := randomGraph(r, rows, cols)
		g := FromMap(m)
		for range 5 {
			set := make([]uint64, rows)
			for k := range set {
				set[k] = r.Uint64() & (1<<cols - 1) & r.Uint64()
				if cols == 64 {
					set[k] = r.Uint64() & r.Uint64()
				}
			}
			var s Splitter
			if !s.Reset(g, set) {
				t.Fatalf("a graph of collections: Reset false")
			}
			var got [][]uint64
			for x := s.Next(); x != nil; x = s.Next() {
				last := len(x)
				for x[last-1] == 0 {
					last--
				}
				got = append(got, slices.Clone(x[:last]))
			}
			want := refRegions(set, adj)
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Fatalf("regions of %x:\n got %x\nwant %x", set, got, want)
			}
		}
	}
}

// TestSplitterBad: a set that holds a cell whose neighbours are not a
// collection is refused; one that does not hold it is split.
func TestSplitterBad(t *testing.T) {
	m := &value.Map{
		Keys: []value.Value{value.Cell(0, 0), value.Cell(0, 1), value.Cell(2, 3)},
		Vals: []value.Value{value.List([]value.Value{value.Cell(0, 1)}), value.Tuple([]value.Value{value.Cell(0, 0)}), value.Int(4)},
	}
	g := FromMap(m)
	var s Splitter
	if s.Reset(g, []uint64{1, 0, 1 << 3}) {
		t.Errorf("Reset of a set with (2, 3): true, want false")
	}
	if !s.Reset(g, []uint64{3, 0, 1 << 2}) {
		t.Fatalf("Reset of a set without (2, 3): false")
	}
	if x := s.Next(); !slices.Equal(x, []uint64{3}) {
		t.Errorf("first region %x, want [3]", x)
	}
	if x := s.Next(); !slices.Equal(x, []uint64{0, 0, 4}) {
		t.Errorf("second region %x, want [0 0 4]", x)
	}
	if x := s.Next(); x != nil {
		t.Errorf("third region %x, want none", x)
	}
}
