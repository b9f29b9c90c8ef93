package cellrows

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// randomRows is a random set of cells of a rows x cols box.
func randomRows(r *rand.Rand, rows, cols int) []uint64 {
	out := make([]uint64, rows)
	for i := range out {
		for c := range cols {
			if r.IntN(3) != 0 {
				out[i] |= 1 << c
			}
		}
	}
	return out
}

// floodRegions is the regions of rows by a flood fill a cell at a time,
// in the order of their least cells (row, then column).
func floodRegions(rows []uint64) [][]uint64 {
	left := slices.Clone(rows)
	var out [][]uint64
	for r0 := range left {
		for left[r0] != 0 {
			c0 := 0
			for left[r0]>>c0&1 == 0 {
				c0++
			}
			region := make([]uint64, len(rows))
			stack := [][2]int{{r0, c0}}
			left[r0] &^= 1 << c0
			region[r0] |= 1 << c0
			for len(stack) > 0 {
				p := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
					r, c := p[0]+d[0], p[1]+d[1]
					if r >= 0 && r < len(rows) && c >= 0 && c < 64 && left[r]>>c&1 != 0 {
						left[r] &^= 1 << c
						region[r] |= 1 << c
						stack = append(stack, [2]int{r, c})
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

// TestSplitterRegions: the splitter's regions are a flood fill's, in
// its order, on random boards of up to 64 rows and columns.
func TestSplitterRegions(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var s Splitter
	for range 2000 {
		rows := randomRows(r, 1+r.IntN(12), 1+r.IntN(64))
		if r.IntN(10) == 0 {
			rows = randomRows(r, 64, 64)
		}
		want := floodRegions(rows)
		s.Reset(rows)
		for i := 0; ; i++ {
			got := s.Next()
			if got == nil {
				if i != len(want) {
					t.Fatalf("%x: %d regions, want %d", rows, i, len(want))
				}
				break
			}
			if i >= len(want) || !slices.Equal(got, want[i]) {
				t.Fatalf("%x: region %d is %x, want %v", rows, i, got, want)
			}
		}
	}
}

// cellsOf is the cells of rows, sorted (row, then column).
func cellsOf(rows []uint64) [][2]int {
	var out [][2]int
	for r, x := range rows {
		for c := range 64 {
			if x>>c&1 != 0 {
				out = append(out, [2]int{r, c})
			}
		}
	}
	return out
}

// allImages is the 8 images of cells under the symmetries of the square,
// each moved to row and column 0 and sorted.
func allImages(cells [][2]int) [][][2]int {
	var out [][][2]int
	for t := range 8 {
		img := make([][2]int, len(cells))
		r0, c0 := 1<<30, 1<<30
		for i, x := range cells {
			r, c := x[0], x[1]
			if t&1 != 0 {
				r, c = c, r
			}
			if t&2 != 0 {
				r = -r
			}
			if t&4 != 0 {
				c = -c
			}
			img[i] = [2]int{r, c}
			r0, c0 = min(r0, r), min(c0, c)
		}
		for i := range img {
			img[i][0] -= r0
			img[i][1] -= c0
		}
		slices.SortFunc(img, func(a, b [2]int) int {
			if a[0] != b[0] {
				return a[0] - b[0]
			}
			return a[1] - b[1]
		})
		out = append(out, img)
	}
	return out
}

// TestLeastImage: Shape and LeastImage give the least of the 8 images of
// a set as sorted cells compare, on random sets with empty rows and
// columns around them.
func TestLeastImage(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 3000 {
		h, w := 1+r.IntN(10), 1+r.IntN(20)
		rows := make([]uint64, r.IntN(3))
		shift := r.IntN(64 - w + 1)
		for _, x := range randomRows(r, h, w) {
			rows = append(rows, x<<shift)
		}
		var in, img [64]uint64
		b, ok := Shape(rows, &in)
		cells := cellsOf(rows)
		if !ok {
			if len(cells) != 0 {
				t.Fatalf("%x: no shape", rows)
			}
			continue
		}
		n, _ := LeastImage(&in, b, &img)
		want := slices.MinFunc(allImages(cells), func(a, b [][2]int) int {
			return slices.CompareFunc(a, b, func(x, y [2]int) int {
				if x[0] != y[0] {
					return x[0] - y[0]
				}
				return x[1] - y[1]
			})
		})
		if got := cellsOf(img[:n]); !slices.Equal(got, want) {
			t.Fatalf("%x: image %v, want %v", rows, got, want)
		}
	}
}

// TestImages: the cache's images are LeastImage's, shapes met again and
// shapes that share the cache's entries among them, of boxes of at most
// 64 cells (cached) and larger.
func TestImages(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var c Images
	var shapes [][]uint64
	for i := range 400 {
		if i%2 == 0 { // (boxes of at most 64 cells: cached)
			shapes = append(shapes, randomRows(r, 1+r.IntN(4), 1+r.IntN(16)))
		} else {
			shapes = append(shapes, randomRows(r, 1+r.IntN(10), 1+r.IntN(20)))
		}
	}
	for i := range 20000 {
		rows := shapes[r.IntN(len(shapes))]
		if i%5 == 0 {
			rows = randomRows(r, 1+r.IntN(10), 1+r.IntN(20))
		}
		var in, got, want [64]uint64
		b, ok := Shape(rows, &in)
		if !ok {
			continue
		}
		n := c.Least(&in, b, &got)
		m, _ := LeastImage(&in, b, &want)
		if !slices.Equal(got[:n], want[:m]) {
			t.Fatalf("image of %x: %x, want %x", rows, got[:n], want[:m])
		}
	}
}
