package stdlib_test

import (
	"fmt"
	"math/rand"
	"slices"
	"sort"
	"strings"
	"testing"
)

// randomCells returns a random set of cells of a rows x cols box, moved by
// (dr, dc), as grundy source, and the cells.
func randomCells(r *rand.Rand, rows, cols int, dr, dc int) (string, [][2]int) {
	var cells [][2]int
	for i := range rows {
		for j := range cols {
			if r.Intn(3) != 0 {
				cells = append(cells, [2]int{i + dr, j + dc})
			}
		}
	}
	return cellsSource(cells), cells
}

func cellsSource(cells [][2]int) string {
	if len(cells) == 0 {
		return "({(0, 0)} - {(0, 0)})"
	}
	parts := make([]string, len(cells))
	for i, c := range cells {
		parts[i] = fmt.Sprintf("(%d, %d)", c[0], c[1])
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// TestCanonInvariant: canon gives one answer for a set and its images
// under the 8 symmetries of the square and under translations, and that
// answer is the least of the images moved to the origin as the language
// orders sets (computed here as the first element of the set of images).
func TestCanonInvariant(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	var b strings.Builder
	b.WriteString("def img(S, t) = {((if t % 2 == 1 then c else r) * (if t / 2 % 2 == 1 then -1 else 1), (if t % 2 == 1 then r else c) * (if t / 4 == 1 then -1 else 1)) for (r, c) in S}\n")
	b.WriteString("def origin(S) = {(r - min([a for (a, b) in S]), c - min([b for (a, b) in S])) for (r, c) in S}\n")
	b.WriteString("def least(S) = [X for X in {origin(img(S, t)) for t in 0 .. 7}][0]\n")
	for range 40 {
		src, _ := randomCells(r, 1+r.Intn(4), 1+r.Intn(5), r.Intn(7)-3, r.Intn(7)-3)
		fmt.Fprintf(&b, "let S = %s\n", src)
		b.WriteString("assert canon(S) == least(S)\n")
		b.WriteString("assert all([canon(img(S, t)) == canon(S) for t in 0 .. 7])\n")
		b.WriteString("assert canon({(r + 5, c - 9) for (r, c) in S}) == canon(S)\n")
		b.WriteString("assert len(canon(S)) == len(S)\n")
	}
	b.WriteString(`print "ok"` + "\n")
	if got := run(t, b.String()); got != "ok\n" {
		t.Fatalf("got %q", got)
	}
}

// TestComponentsCells: the regions of random sets partition them, each is
// 4-connected, no cell of one touches another, and they come ordered by
// their least cells; checked against a flood fill written here.
func TestComponentsCells(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for range 30 {
		src, cells := randomCells(r, 1+r.Intn(5), 1+r.Intn(6), 0, 0)
		got := run(t, "print [sorted(R) for R in components("+src+")]\n")
		if want := floodFill(cells); got != want+"\n" {
			t.Errorf("components(%s) = %s, want %s", src, got, want)
		}
	}
}

// floodFill prints the regions of cells as the script above prints them.
func floodFill(cells [][2]int) string {
	in := map[[2]int]bool{}
	for _, c := range cells {
		in[c] = true
	}
	seen := map[[2]int]bool{}
	sort.Slice(cells, func(i, j int) bool {
		return cells[i][0] < cells[j][0] || cells[i][0] == cells[j][0] && cells[i][1] < cells[j][1]
	})
	var regions []string
	for _, s := range cells {
		if seen[s] {
			continue
		}
		var reg [][2]int
		stack := [][2]int{s}
		seen[s] = true
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			reg = append(reg, x)
			for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				n := [2]int{x[0] + d[0], x[1] + d[1]}
				if in[n] && !seen[n] {
					seen[n] = true
					stack = append(stack, n)
				}
			}
		}
		sort.Slice(reg, func(i, j int) bool {
			return reg[i][0] < reg[j][0] || reg[i][0] == reg[j][0] && reg[i][1] < reg[j][1]
		})
		parts := make([]string, len(reg))
		for i, c := range reg {
			parts[i] = fmt.Sprintf("(%d, %d)", c[0], c[1])
		}
		regions = append(regions, "["+strings.Join(parts, ", ")+"]")
	}
	return "[" + strings.Join(regions, ", ") + "]"
}

// TestComponentsGraph: the parts of a random graph's vertex subset under
// an adjacency map (given one way only: edges count both ways) agree with
// a reachability closure computed in the script.
func TestComponentsGraph(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for range 20 {
		n := 2 + r.Intn(9)
		var adj []string
		for u := range n {
			var ns []string
			for v := range n {
				if v != u && r.Intn(4) == 0 {
					ns = append(ns, fmt.Sprint(v*10))
				}
			}
			adj = append(adj, fmt.Sprintf("%d: [%s]", u*10, strings.Join(ns, ", ")))
		}
		var vs []string
		for u := range n {
			if r.Intn(4) != 0 {
				vs = append(vs, fmt.Sprint(u*10))
			}
		}
		src := fmt.Sprintf(`let A = {%s}
let S = {%s}
def nb(u) = {v for v in S if v in get(A, u, []) or u in get(A, v, [])}
def grow(R) = R | {v for u in R for v in nb(u)}
def reach(R) = if grow(R) == R then R else reach(grow(R))
let got = components(S, A)
assert set(got) == {reach({u}) for u in S}
assert len(got) == len(set(got))
assert [min(R) for R in got] == sorted([min(R) for R in got])
print "ok"
`, strings.Join(adj, ", "), strings.Join(vs, ", "))
		if len(vs) == 0 {
			continue
		}
		if got := run(t, src); got != "ok\n" {
			t.Fatalf("got %q for\n%s", got, src)
		}
	}
}

// TestCramBySplit: Cram written as the sum of its canonical regions gives
// the values of Cram written plainly, on random boards.
func TestCramBySplit(t *testing.T) {
	r := rand.New(rand.NewSource(4))
	var b strings.Builder
	b.WriteString(`def split(F) = sum of cram(canon(R)) for R in components(F)
game cram(F) moves
    split(F - {(r, c), (r, c + 1)}) for (r, c) in F if (r, c + 1) in F
  | split(F - {(r, c), (r + 1, c)}) for (r, c) in F if (r + 1, c) in F
game plain(F) moves
    plain(F - {(r, c), (r, c + 1)}) for (r, c) in F if (r, c + 1) in F
  | plain(F - {(r, c), (r + 1, c)}) for (r, c) in F if (r + 1, c) in F
`)
	for range 25 {
		src, _ := randomCells(r, 1+r.Intn(4), 1+r.Intn(4), r.Intn(3), r.Intn(3))
		fmt.Fprintf(&b, "assert sg(split(%s)) == sg(plain(%s))\n", src, src)
	}
	b.WriteString(`print [sg(cram({(r, c) for r in 0 .. 2 for c in 0 .. n - 1})) for n in 1 .. 6]` + "\n")
	// 3 x n Cram (Lemoine and Viennot; Uiterwijk): 0 1 1 4 1 3 from n = 3.
	if got := run(t, b.String()); !strings.HasSuffix(got, ", 0, 1, 1, 4]\n") {
		t.Fatalf("got %q", got)
	}
}

// canonRef is canon of cells as the script prints it, computed the plain
// way: the 8 images, each moved to the origin and sorted, the least.
func canonRef(cells [][2]int) string {
	var best [][2]int
	for t := range 8 {
		img := make([][2]int, len(cells))
		for j, x := range cells {
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
			img[j] = [2]int{r, c}
		}
		minR, minC := img[0][0], img[0][1]
		for _, x := range img {
			minR, minC = min(minR, x[0]), min(minC, x[1])
		}
		for j := range img {
			img[j][0] -= minR
			img[j][1] -= minC
		}
		sort.Slice(img, func(i, j int) bool {
			return img[i][0] < img[j][0] || img[i][0] == img[j][0] && img[i][1] < img[j][1]
		})
		if best == nil || lessCells(img, best) {
			best = img
		}
	}
	parts := make([]string, len(best))
	for i, c := range best {
		parts[i] = fmt.Sprintf("(%d, %d)", c[0], c[1])
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

func lessCells(a, b [][2]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i][0] < b[i][0] || a[i][0] == b[i][0] && a[i][1] < b[i][1]
		}
	}
	return false
}

// TestRegionsBoxes: components and canon on random sets in boxes narrow
// and wide, short and tall (past 64 rows or columns, where the cells are
// no longer bit masks), sparse and dense, anywhere on the board, agree
// with the flood fill and the plain canon written here.
func TestRegionsBoxes(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	sizes := []int{1, 2, 3, 5, 8, 63, 64, 65, 70}
	var b strings.Builder
	var want strings.Builder
	for range 60 {
		h, w := sizes[r.Intn(len(sizes))], sizes[r.Intn(len(sizes))]
		if h*w > 900 {
			w = max(1, 900/h)
		}
		dr, dc := r.Intn(200)-100, r.Intn(200)-100
		var cells [][2]int
		keep := 1 + r.Intn(4)
		for i := range h {
			for j := range w {
				if r.Intn(keep+1) != 0 {
					cells = append(cells, [2]int{i + dr, j + dc})
				}
			}
		}
		if len(cells) == 0 {
			continue
		}
		src := cellsSource(cells)
		fmt.Fprintf(&b, "print [sorted(R) for R in components(%s)]\n", src)
		fmt.Fprintf(&b, "print canon(%s)\n", src)
		want.WriteString(floodFill(slices.Clone(cells)) + "\n")
		want.WriteString(canonRef(cells) + "\n")
	}
	if got := run(t, b.String()); got != want.String() {
		gl, wl := strings.Split(got, "\n"), strings.Split(want.String(), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("line %d: got\n%s\nwant\n%s", i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("got %d lines, want %d", len(gl), len(wl))
	}
}
