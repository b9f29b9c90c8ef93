package plot

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"image"
	"image/color"
	"image/png"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/internal/testenv"
	"github.com/grundy-lang/grundy/lang"
)

// session runs src and returns the session.
func session(t *testing.T, src string) *eval.Session {
	t.Helper()
	s := eval.NewSession(eval.Options{})
	if err := s.ExecFile(context.Background(), "t.game", src); err != nil {
		t.Fatalf("script: %v", err)
	}
	return s
}

func mustPlot(t *testing.T, s *eval.Session, spec string) *Plot {
	t.Helper()
	p, err := New(context.Background(), s, "<expr>", spec)
	if err != nil {
		t.Fatalf("New(%q): %v", spec, err)
	}
	return p
}

const subScript = `game sub(n) moves sub(n - s) for s in [1, 3, 4] if s <= n
game heap(n) moves heap(n - s) for s in [1, 4] if s <= n | heap(n + 1) if n % 5 == 2
def sg(x) = 7
`

// bruteSub is the subtraction game {1, 3, 4} computed here: the mex of
// the values n - s.
func bruteSub(n int) []int64 {
	v := make([]int64, n+1)
	for i := range v {
		seen := map[int64]bool{}
		for _, s := range []int{1, 3, 4} {
			if s <= i {
				seen[v[i-s]] = true
			}
		}
		for seen[v[i]] {
			v[i]++
		}
	}
	return v
}

// TestScatterValues: a scatter's points are the expression's values,
// checked against a brute-force model; infinite values are marked as
// such.
func TestScatterValues(t *testing.T) {
	s := session(t, `game sub(n) moves sub(n - s) for s in [1, 3, 4] if s <= n
game heap(n) moves heap(n - s) for s in [1, 4] if s <= n | heap(n + 1) if n % 5 == 2
`)
	p := mustPlot(t, s, "sg(sub(n)) for n in 0 .. 60")
	want := bruteSub(60)
	if p.Grid() || len(p.pts) != len(want) {
		t.Fatalf("%d points, grid %v", len(p.pts), p.Grid())
	}
	for i, q := range p.pts {
		if q.x != int64(i) || q.v != want[i] || q.inf {
			t.Errorf("point %d: %+v, want value %d", i, q, want[i])
		}
	}
	// Filters and steps: only the rows the clauses give, in their order.
	p = mustPlot(t, s, "sg(sub(n)) for n in [9, 2, 5] if n != 5")
	if len(p.pts) != 2 || p.pts[0].x != 9 || p.pts[1].x != 2 || p.pts[0].v != want[9] {
		t.Errorf("filtered points: %+v", p.pts)
	}
	// heap(n) is infinite exactly at n % 5 in {2, 3, 4} (examples/addback.game).
	p = mustPlot(t, s, "sg(heap(n)) for n in 0 .. 14")
	for _, q := range p.pts {
		if r := q.x % 5; q.inf != (r >= 2) {
			t.Errorf("heap(%d): inf %v", q.x, q.inf)
		}
	}
	if p.period != nil {
		t.Errorf("a family with infinite values got a period: %+v", p.period)
	}
}

// TestHeatValues: a heat map's cells, rows and columns sorted by their
// labels, blank cells where an if clause left them out; checked against
// the xor rule (sg of a sum of two subtraction games).
func TestHeatValues(t *testing.T) {
	s := session(t, "game sub(n) moves sub(n - s) for s in [1, 3, 4] if s <= n\n")
	want := bruteSub(12)
	p := mustPlot(t, s, "sg(sub(a) + sub(b)) for a in [3, 1, 2, 0] for b in [12 - i for i in 0 .. 12] if b != a")
	if !p.Grid() || len(p.xs) != 4 || len(p.ys) != 13 {
		t.Fatalf("grid %v, %d x %d", p.Grid(), len(p.xs), len(p.ys))
	}
	for i, a := range p.xs {
		if a != int64(i) {
			t.Errorf("row %d is labelled %d", i, a)
		}
		for j, b := range p.ys {
			if b != int64(j) {
				t.Fatalf("column %d is labelled %d", j, b)
			}
			c := p.cells[i][j]
			switch {
			case a == b && !c.blank:
				t.Errorf("(%d, %d) is not blank: %+v", a, b, c)
			case a != b && (c.blank || c.inf || c.v != want[a]^want[b]):
				t.Errorf("(%d, %d) = %+v, want %d", a, b, c, want[a]^want[b])
			}
		}
	}
}

// TestPeriod: the period marked is what period(F, B) says in the same
// session, B the largest n plotted; an expression that is not sg(F(n)) of
// a family has none.
func TestPeriod(t *testing.T) {
	s := session(t, `game pins(n) moves
    pins(a) + pins(n - k - a) for k in 1 .. min(2, n) for a in 0 .. (n - k) / 2
game from5(n) moves from5(n - 1) if n > 5
def big(n) = if n < 3 then sg(1 % 0) else kayles(n)
def fam(k) = subtraction({1, k})
let n = 4
`)
	ctx := context.Background()
	for _, c := range []struct{ spec, period string }{
		{"sg(kayles(n)) for n in 0 .. 300", "period(kayles, 300)"},
		{"sg(pins(n)) for n in 0 .. 200", "period(pins, 200)"},
		{"sg(pins(n)) for n in 100 .. 200", "period(pins, 200)"},
		{"sg(lasker(n)) for n in 0 .. 40", "period(lasker, 40)"},
		{"sg(fam(3)(n)) for n in 0 .. 50", "period(fam(3), 50)"},
		{"sg(octal(\"0.07\")(n)) for n in 0 .. 100", "period(octal(\"0.07\"), 100)"},
		{"sg(pins(m)) for m in 0 .. 200 if m % 2 == 0", "period(pins, 200)"},
	} {
		p := mustPlot(t, s, c.spec)
		v, err := s.Eval(ctx, "t", c.period)
		if err != nil {
			t.Fatalf("%s: %v", c.period, err)
		}
		e := v.Elems()
		if p.period == nil || !p.period.Found || p.period.P != e[0].Int() || p.period.Q != e[1].Int() || p.period.S != e[2].Int() {
			t.Errorf("%s: period %+v, %s = %s", c.spec, p.period, c.period, value.Format(v))
		}
	}
	kay := mustPlot(t, s, "sg(kayles(n)) for n in 0 .. 300")
	if got := kay.Summary(); got != "301 values of sg(kayles(n)) for n in 0 .. 300; period 12 from n = 71 (proved)" {
		t.Errorf("summary %q", got)
	}
	pins := mustPlot(t, s, "sg(pins(n)) for n in 0 .. 200")
	if got := pins.periodText(); got != "period 12 from n = 71 (observed to 200)" {
		t.Errorf("pins: %q", got)
	}
	// No family: other expressions, F using n, a family that fails below
	// the plotted range, a for over tuples; no period found: said so.
	for _, spec := range []string{
		"sg(kayles(n)) + 1 for n in 0 .. 30",
		"sg(kayles(n + 1)) for n in 0 .. 30",
		"sg(*n) for n in 0 .. 30",
		"sg(fam(n)(n)) for n in 2 .. 30",
		"sg(big(n)) for n in 3 .. 30",
		"sg(wythoff(x, 3)) for x in 0 .. 10",
		"outcome(kayles(n)) == \"P\" for n in 0 .. 3 if false",
	} {
		if p := mustPlot(t, s, spec); p.period != nil {
			t.Errorf("%s: period %+v", spec, p.period)
		}
	}
	if p := mustPlot(t, s, "sg(from5(n)) for n in 0 .. 30"); p.periodText() != "period 2 from n = 5 (observed to 30)" {
		t.Errorf("from5: %q", p.periodText())
	}
	if p := mustPlot(t, s, "sg(pins(n)) for n in 0 .. 30"); p.periodText() != "no period found to 30" {
		t.Errorf("pins to 30: %q", p.periodText())
	}
	if p := mustPlot(t, s, "sg(dawson(n)) for n in 0 .. 20"); p.period == nil || !p.period.Proved {
		t.Errorf("dawson: %+v", p.period)
	}
	// A def named sg hides the built-in: its values have no period.
	s2 := session(t, "def sg(g) = 3\n")
	if p := mustPlot(t, s2, "sg(kayles(n)) for n in 0 .. 30"); p.period != nil || p.pts[5].v != 3 {
		t.Errorf("sg hidden: %+v %+v", p.period, p.pts[5])
	}
}

// TestPeriodAsksTheBindings: whether the expression is sg(F(n)) is what
// its names mean, not how they are written: sg and F in parentheses are
// sg and F; a def named sg, or a let bound to the built-in sg,
// is a function like any other (its values have no period marked).
func TestPeriodAsksTheBindings(t *testing.T) {
	s := session(t, "let f = sg\n")
	for _, spec := range []string{
		"sg((kayles)(n)) for n in 0 .. 100",
		"(sg)(kayles(n)) for n in 0 .. 100",
		"(sg)((kayles)(n)) for n in 0 .. 100",
	} {
		if p := mustPlot(t, s, spec); p.periodText() != "period 12 from n = 71 (proved)" {
			t.Errorf("%s: %q", spec, p.periodText())
		}
	}
	if p := mustPlot(t, s, "f(kayles(n)) for n in 0 .. 100"); p.period != nil {
		t.Errorf("a let bound to sg: period %+v", p.period)
	}
	// A def named sg: its values (0 for P, else 1) have no period marked.
	s2 := session(t, "def sg(g) = if outcome(g) == \"P\" then 0 else 1\n")
	if p := mustPlot(t, s2, "sg(kayles(n)) for n in 0 .. 100"); p.period != nil || p.pts[3].v != 1 {
		t.Errorf("sg hidden: %+v %+v", p.period, p.pts[3])
	}
}

// TestErrors: errors point into the plot's text.
func TestErrors(t *testing.T) {
	s := session(t, "game g(n) moves g(n - 1) if n > 0\nlet L = [1, 2]\n")
	for _, c := range []struct{ spec, want string }{
		{"sg(g(n) for n in 0 .. 3", `<expr>:1:9: expected "," or ")", found keyword "for"`},
		{"sg(g(n))", `<expr>:1:9: expected "for" after the table's expression (a table is EXPR for NAME in EXPR), found end of input`},
		{"outcome(g(n)) for n in 0 .. 3", `<expr>:1:1: a plot needs an int (or an infinite SG value) at each point, but n = 0 gives string "P"`},
		{"  g(n) for n in 0 .. 3", `<expr>:1:3: a plot needs an int (or an infinite SG value) at each point, but n = 0 gives game g(0)`},
		{"n for n in [1, \"a\"]", `<expr>:1:12: a plot needs int values of n (its coordinates), found string "a"`},
		{"a for (a, b) in [(1, 2)]", `<expr>:1:17: a plot needs int values of (a, b) (its coordinates), found tuple (1, 2)`},
		{"x + y for x in [1, 2, 1] for y in 0 .. 2", `<expr>:1:16: a heat map has one row for each value of x, but 1 comes twice`},
		{"x * y for x in 0 .. 2 for y in [0, 1152921504606846976]", `<expr>:1:32: a plot's coordinates must be between -2^53 and 2^53, found y = 1152921504606846976`},
		{"n * 1152921504606846976 for n in 0 .. 2", `<expr>:1:1: a plot's values must be between -2^53 and 2^53, but n = 1 gives 1152921504606846976`},
		{"sg(g(n)) for n in 0 .. 3 for m in 0 .. 1 for k in L", `<expr>:1:42: a table has at most two for clauses (its rows and its columns); this is a third`},
		{"sg(h(n)) for n in 0 .. 3", `<expr>:1:4: unknown name "h"`},
		{"1 / n for n in 0 .. 3", `<expr>:1:3: division by zero`},
	} {
		_, err := New(context.Background(), s, "<expr>", c.spec)
		if err == nil || strings.Split(err.Error(), "\n")[0] != c.want {
			t.Errorf("%s:\n got: %v\nwant: %s", c.spec, err, c.want)
		}
	}
	p := mustPlot(t, s, "n for n in 0 .. 3")
	for _, o := range []Options{{Format: "pdf"}, {Width: 50}, {Height: 20000}} {
		if err := p.Write(io.Discard, o); err == nil {
			t.Errorf("Write(%+v): no error", o)
		}
	}
}

// TestCanceled: an interrupted plot is an error, not a plot without its
// period.
func TestCanceled(t *testing.T) {
	s := session(t, "")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := New(ctx, s, "<expr>", "sg(kayles(n)) for n in 0 .. 10"); err == nil {
		t.Error("no error from a canceled context")
	}
}

// pixels counts the pixels of img of colour c.
func pixels(img image.Image, c color.Color) int {
	r0, g0, b0, _ := c.RGBA()
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bb, _ := img.At(x, y).RGBA()
			if r == r0 && g == g0 && bb == b0 {
				n++
			}
		}
	}
	return n
}

// TestRender: each kind of plot in each format is a valid image of the
// size asked (PNG decoded, SVG parsed as XML); P-positions and the period
// have their colours in the picture, and only when they are there.
func TestRender(t *testing.T) {
	s := session(t, subScript[:strings.Index(subScript, "def")])
	for i, c := range []struct {
		spec       string
		p, block   bool
		defW, defH int
	}{
		{"sg(kayles(n)) for n in 0 .. 300", true, true, scatterW, scatterH},
		{"sg(kayles(n)) for n in 1 .. 300", false, true, scatterW, scatterH},
		{"sg(sub(n)) + 1 for n in 0 .. 50", false, false, scatterW, scatterH},
		{"sg(heap(n)) for n in 0 .. 30", true, false, scatterW, scatterH},
		{"sg(wythoff(x, y)) for x in 0 .. 30 for y in 0 .. 30", true, false, heatW, heatH},
		{"sg(heap(x) + heap(y)) for x in 0 .. 20 for y in 0 .. 10 if x != y", true, false, heatW, heatH},
		{"sg(wythoff(x, y)) for x in [1, 2, 4, 8] for y in [3, 5, 6]", false, false, heatW, heatH},
		{"0 for x in 0 .. 3 for y in 0 .. 3", true, false, heatW, heatH},
		{"n for n in 0 .. -1", false, false, scatterW, scatterH},
		{"x for x in 0 .. -1 for y in 0 .. 3", false, false, heatW, heatH},
		{"x for x in 0 .. 3 for y in 0 .. 3 if false", false, false, heatW, heatH},
		{"x for x in [5] for y in [7]", false, false, heatW, heatH},
		{"-x for x in [5, -2] for y in [7]", false, false, heatW, heatH},
		{"n - 10 for n in [-3]", false, false, scatterW, scatterH},
	} {
		p := mustPlot(t, s, c.spec)
		// (Each plot at its default size and at 333 x 777: the fast suite
		// the second size for every other plot.)
		sizes := [][2]int{{0, 0}, {333, 777}}
		if i%testenv.Scale(2, 1) != 0 {
			sizes = sizes[:1]
		}
		for _, size := range sizes {
			w, h := size[0], size[1]
			if w == 0 {
				w, h = c.defW, c.defH
			}
			var buf bytes.Buffer
			if err := p.Write(&buf, Options{Width: size[0], Height: size[1]}); err != nil {
				t.Fatalf("%s: png: %v", c.spec, err)
			}
			img, err := png.Decode(&buf)
			if err != nil {
				t.Fatalf("%s: not a PNG: %v", c.spec, err)
			}
			if b := img.Bounds(); b.Dx() != w || b.Dy() != h {
				t.Errorf("%s: PNG is %dx%d, want %dx%d", c.spec, b.Dx(), b.Dy(), w, h)
			}
			if size[0] == 0 {
				if got := pixels(img, colP) > 0; got != c.p {
					t.Errorf("%s: P-position red in the picture: %v, want %v", c.spec, got, c.p)
				}
				if got := pixels(img, colBlock) > 0; got != c.block {
					t.Errorf("%s: the period block in the picture: %v, want %v", c.spec, got, c.block)
				}
			}
			buf.Reset()
			if err := p.Write(&buf, Options{Format: SVG, Width: size[0], Height: size[1]}); err != nil {
				t.Fatalf("%s: svg: %v", c.spec, err)
			}
			checkSVG(t, c.spec, buf.Bytes(), w, h)
		}
	}
}

// checkSVG parses an SVG document and checks its size: w x h pixels at 96
// dots per inch, in points.
func checkSVG(t *testing.T, name string, data []byte, w, h int) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	var root *xml.StartElement
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("%s: SVG is not XML: %v", name, err)
		}
		if se, ok := tok.(xml.StartElement); ok && root == nil {
			se := se.Copy()
			root = &se
		}
	}
	if root == nil || root.Name.Local != "svg" {
		t.Fatalf("%s: no svg element", name)
	}
	attr := map[string]string{}
	for _, a := range root.Attr {
		attr[a.Name.Local] = a.Value
	}
	ww, hh := formatPt(w), formatPt(h)
	if attr["width"] != ww || attr["height"] != hh {
		t.Errorf("%s: SVG is %s x %s, want %s x %s", name, attr["width"], attr["height"], ww, hh)
	}
}

func formatPt(px int) string {
	return strconv.FormatFloat(float64(px)*0.75, 'g', -1, 64) + "pt"
}

// TestMentions: whether a family's text uses the for clause's name.
func TestMentions(t *testing.T) {
	for _, c := range []struct {
		expr string
		want bool
	}{
		{"kayles", false},
		{"octal(\"0.\" + str(4))", false},
		{"subtraction({1, k})", false},
		{"subtraction({1, n})", true},
		{"fams[n]", true},
		{"fams[1:n][0]", true},
		{"fams[1:][0]", false},
		{"[f for f in fams if f != n][0]", true},
		{"if n > 3 then a else b", true},
		{"{k: v for (k, v) in m}[-n]", true},
	} {
		st, err := lang.ParseTable("t", c.expr+" for i in 0 .. 1")
		if err != nil {
			t.Fatalf("%s: %v", c.expr, err)
		}
		if got := mentions(st.Body, "n"); got != c.want {
			t.Errorf("mentions(%s, n) = %v", c.expr, got)
		}
	}
}
