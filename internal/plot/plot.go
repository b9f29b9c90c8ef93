// Package plot draws the values of a grundy expression as a picture, the
// way octal-game tables and Wythoff's pictures show them: one for clause
// (`sg(kayles(n)) for n in 0 .. 300`) gives a scatter of the values
// against n, two for clauses (`sg(wythoff(x, y)) for x in 0 .. 40 for y
// in 0 .. 40`) a heat map. P-positions (value 0) are drawn in red; an
// infinite SG value (a position of a game with cycles) has its own mark.
// When the expression is sg(F(n)) of a family whose period period(F, B)
// finds (proved, or observed on 0 .. B, B the largest n plotted), the
// preperiod and the repeating blocks are marked.
//
// The text is a table's (lang.ParseTable) and is computed by
// eval.Session.Table, so a plot's clauses mean what a table statement's
// mean; the period comes from eval.Thread.Period, the code of period().
// The pictures are drawn with gonum.org/v1/plot, as PNG or SVG
// (render.go).
//
// Entry points: New computes a Plot in a session's scope, Plot.Write
// draws it. The grundy command (grundy plot), the REPL (:plot) and the Go
// API (Interpreter.Plot) all use them.
package plot

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"unsafe"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/internal/plot/internal/lazyfont"
	"github.com/grundy-lang/grundy/lang"
)

// The formats Write draws.
const (
	PNG = "png"
	SVG = "svg"
)

// Options say how to draw a plot. Zero fields mean the defaults.
type Options struct {
	Format string // PNG (the default) or SVG
	// Width and Height are the picture's size in pixels: a PNG has that
	// many; an SVG is as large at 96 dots per inch (its width and height
	// are given in points, 3/4 of the pixels). Defaults: 800 x 450 for a
	// scatter, 720 x 600 for a heat map; each between 200 and 10000.
	Width, Height int
}

// Default sizes and bounds, in pixels.
const (
	scatterW, scatterH = 800, 450
	heatW, heatH       = 720, 600
	minSide, maxSide   = 200, 10000
)

// Plot is what New computed: the values of the expression, and what
// period(F) says when the expression is sg(F(n)).
type Plot struct {
	spec       string // the plot's text, as written (trimmed)
	expr       string // EXPR's text
	xVar, yVar string // the for clauses' names; yVar is "" for a scatter

	// A scatter: a point per row, in the order computed.
	pts []point

	// A heat map: the labels of the rows (x) and of the columns (y),
	// ascending, and the cells: cells[i][j] is at (xs[i], ys[j]).
	xs, ys []int64
	cells  [][]cell

	// period is what period(F, B) found when the expression is sg(F(n));
	// nil otherwise.
	period *engine.Period

	// maxMemory is the memory limit of the session that computed it,
	// which drawing it holds too.
	maxMemory int64
}

// point is one value of a scatter.
type point struct {
	x, v int64
	inf  bool // an infinite SG value (v unused)
}

// cell is one value of a heat map.
type cell struct {
	v     int64
	inf   bool // an infinite SG value (v unused)
	blank bool // filtered out by an if clause
}

// maxExact bounds the labels and values a plot takes: float64
// coordinates are exact up to 2^53.
const maxExact = 1 << 53

// New computes the plot whose text is spec in the scope of what s has
// run: EXPR and its clauses as grundy table takes them (`sg(f(n)) for n
// in 0 .. 100`; two for clauses make a heat map). filename is the name
// errors in spec show (e.g. "<expr>"). Each value must be an int or an
// infinite SG value, and each for clause's values ints; anything else is
// an error that points into spec. Errors are those of eval.Session.Table.
func New(ctx context.Context, s *eval.Session, filename, spec string) (*Plot, error) {
	st, err := lang.ParseTable(filename, spec)
	if err != nil {
		return nil, err
	}
	fors := st.Fors()
	p := &Plot{spec: strings.TrimSpace(spec), maxMemory: s.Thread().Limits.MaxMemory}
	p.expr = strings.TrimSpace(spec[lang.Start(st.Body).Offset:st.Clauses[0].Position().Offset])
	if len(fors) != 2 {
		// A scatter: each row becomes a point as it is computed (a
		// point is a third of a row the table would hold).
		th := s.Thread()
		pos := lang.Start(st.Body)
		t, err := s.TableRows(ctx, st, func(_ int64, row, v value.Value) error {
			pt, err := p.point(row, v, fors[0], pos)
			if err != nil {
				return err
			}
			p.pts = append(engine.Grown(th, pos, p.pts, 1), pt)
			th.Alloc(pos, int64(unsafe.Sizeof(pt)))
			return nil
		})
		if err != nil {
			return nil, err
		}
		p.xVar = t.RowVar
		if err := p.findPeriod(ctx, s, st, fors[0]); err != nil {
			return nil, err
		}
		return p, nil
	}
	t, err := s.Table(ctx, st)
	if err != nil {
		return nil, err
	}
	p.xVar, p.yVar = t.RowVar, t.ColVar
	// (Its cells count against the memory limit as they are made.)
	var ferr error
	if err := s.Do(ctx, func() { ferr = p.fill(s.Thread(), t, fors) }); err != nil {
		return nil, err
	}
	if ferr != nil {
		return nil, ferr
	}
	return p, nil
}

// point checks one row of a scatter (row is n's value, v the
// expression's at pos) and returns its point.
func (p *Plot) point(row, v value.Value, f *lang.ForClause, pos lang.Pos) (point, error) {
	x, err := label(row, f.Target.String(), f)
	if err != nil {
		return point{}, err
	}
	n, inf, err := p.value(pos, v, fmt.Sprintf("%s = %d", f.Target.String(), x))
	if err != nil {
		return point{}, err
	}
	return point{x: x, v: n, inf: inf}, nil
}

// label returns a for clause's value as a coordinate.
func label(v value.Value, name string, f *lang.ForClause) (int64, error) {
	if v.Kind() != value.KInt {
		return 0, &value.RuntimeError{Pos: lang.Start(f.Iter),
			Msg: fmt.Sprintf("a plot needs int values of %s (its coordinates), found %s %s", name, v.TypeName(), clip(value.Repr(v)))}
	}
	if n := v.Int(); n > maxExact || n < -maxExact {
		return 0, &value.RuntimeError{Pos: lang.Start(f.Iter),
			Msg: fmt.Sprintf("a plot's coordinates must be between -2^53 and 2^53, found %s = %d", name, n)}
	}
	return v.Int(), nil
}

// value checks one value of the expression (at pos): an int or an
// infinite SG value; at is the coordinates ("n = 3", "(x, y) = (1, 2)").
func (p *Plot) value(pos lang.Pos, v value.Value, at string) (n int64, inf bool, err error) {
	switch {
	case v.Kind() == value.KInf:
		return 0, true, nil
	case v.Kind() != value.KInt:
		return 0, false, &value.RuntimeError{Pos: pos,
			Msg: fmt.Sprintf("a plot needs an int (or an infinite SG value) at each point, but %s gives %s %s", at, v.TypeName(), clip(value.Repr(v)))}
	case v.Int() > maxExact || v.Int() < -maxExact:
		return 0, false, &value.RuntimeError{Pos: pos,
			Msg: fmt.Sprintf("a plot's values must be between -2^53 and 2^53, but %s gives %d", at, v.Int())}
	}
	return v.Int(), false, nil
}

// fill takes a grid's labels and values (th counts their memory).
func (p *Plot) fill(th *engine.Thread, t *eval.Table, fors []*lang.ForClause) error {
	// The rows and columns in ascending order of their labels (a column
	// order is that of first appearance); a label met twice is an error,
	// as a heat map has one cell at each place.
	order := func(vals []value.Value, name string, f *lang.ForClause) ([]int64, []int, error) {
		xs := make([]int64, len(vals))
		idx := make([]int, len(vals))
		for i, v := range vals {
			x, err := label(v, name, f)
			if err != nil {
				return nil, nil, err
			}
			xs[i], idx[i] = x, i
		}
		slices.SortFunc(idx, func(a, b int) int { return cmp.Compare(xs[a], xs[b]) })
		sorted := make([]int64, len(xs))
		for k, i := range idx {
			sorted[k] = xs[i]
			if k > 0 && sorted[k] == sorted[k-1] {
				return nil, nil, &value.RuntimeError{Pos: lang.Start(f.Iter),
					Msg: fmt.Sprintf("a heat map has one row for each value of %s, but %d comes twice", name, xs[i])}
			}
		}
		return sorted, idx, nil
	}
	xs, xi, err := order(t.Rows, t.RowVar, fors[0])
	if err != nil {
		return err
	}
	ys, yi, err := order(t.Cols, t.ColVar, fors[1])
	if err != nil {
		return err
	}
	p.xs, p.ys = xs, ys
	th.Alloc(t.Expr, int64(len(xs))*int64(len(ys))*int64(unsafe.Sizeof(cell{})))
	p.cells = make([][]cell, len(xs))
	for i, r := range xi {
		row := make([]cell, len(ys))
		for j, c := range yi {
			v := t.Cells[r][c]
			if eval.Blank(v) {
				row[j] = cell{blank: true}
				continue
			}
			n, inf, err := p.value(t.Expr, v, fmt.Sprintf("(%s, %s) = (%d, %d)", t.RowVar, t.ColVar, xs[i], ys[j]))
			if err != nil {
				return err
			}
			row[j] = cell{v: n, inf: inf}
		}
		p.cells[i] = row
	}
	return nil
}

// findPeriod asks period(F, B) when the expression is sg(F(n)), n the for
// clause's name and F an expression without n that names a family: sg
// the built-in (the resolve pass bound the name to it when the table was
// computed: not a def of that name), F's value a function, and B the
// largest n plotted. period's own failures (no family, an infinite
// value, a family that fails for some n below the plotted ones) leave
// the plot without a period; a limit reached or an interruption is the
// plot's error.
func (p *Plot) findPeriod(ctx context.Context, s *eval.Session, st *lang.TableStmt, f *lang.ForClause) error {
	if f.Target.Tuple || len(p.pts) == 0 {
		return nil
	}
	n := f.Target.Names[0].Name
	outer, ok := st.Body.(*lang.Call)
	if !ok || len(outer.Args) != 1 {
		return nil
	}
	if id, ok := outer.Fn.(*lang.Ident); !ok || !isSG(resolve.BuiltinOf(id)) {
		return nil
	}
	inner, ok := outer.Args[0].(*lang.Call)
	if !ok || len(inner.Args) != 1 || mentions(inner.Fn, n) {
		return nil
	}
	if id, ok := inner.Args[0].(*lang.Ident); !ok || id.Name != n {
		return nil
	}
	var top int64
	for _, pt := range p.pts {
		if pt.inf {
			return nil // no period: period() would fail
		}
		top = max(top, pt.x)
	}
	if top < 1 {
		return nil
	}
	fam, err := s.EvalExpr(ctx, inner.Fn)
	if err != nil {
		return ignorable(ctx, err)
	}
	if fam.Kind() != value.KFunc {
		return nil
	}
	th := s.Thread()
	var pd engine.Period
	err = s.Do(ctx, func() {
		pd = th.Period(&engine.Call{Th: th, Name: "period", Pos: start(inner.Fn)}, fam, top)
	})
	if err != nil {
		return ignorable(ctx, err)
	}
	p.period = &pd
	return nil
}

// isSG reports whether bi is the built-in sg.
func isSG(bi *engine.Builtin) bool { return bi != nil && bi.Query == engine.QuerySG }

func start(e lang.Expr) lang.Pos { return lang.Start(e) }

// ignorable returns nil for an error of a period attempt that only means
// "no period here", and err for a limit reached or an interruption.
func ignorable(ctx context.Context, err error) error {
	var re *value.RuntimeError
	if ctx.Err() != nil || errors.As(err, &re) && (re.Kind == value.ErrLimit || re.Kind == value.ErrInterrupted) {
		return err
	}
	return nil
}

// mentions reports whether name occurs in e (conservatively: a name bound
// inside e counts too, and so does an expression of a kind it does not
// know).
func mentions(e lang.Expr, name string) bool {
	some := func(es ...lang.Expr) bool {
		for _, x := range es {
			if x != nil && mentions(x, name) {
				return true
			}
		}
		return false
	}
	clauses := func(cs []lang.Clause) bool {
		for _, c := range cs {
			switch c := c.(type) {
			case *lang.ForClause:
				if some(c.Iter) {
					return true
				}
			case *lang.IfClause:
				if some(c.Cond) {
					return true
				}
			}
		}
		return false
	}
	switch e := e.(type) {
	case *lang.Ident:
		return e.Name == name
	case *lang.ListLit:
		return some(e.Elems...)
	case *lang.SetLit:
		return some(e.Elems...)
	case *lang.TupleLit:
		return some(e.Elems...)
	case *lang.MapLit:
		return some(e.Keys...) || some(e.Vals...)
	case *lang.Comp:
		return some(e.Key, e.Body) || clauses(e.Clauses)
	case *lang.SumOf:
		return some(e.Items...)
	case *lang.IfExpr:
		return some(e.Cond, e.Then, e.Else)
	case *lang.Binary:
		return some(e.X, e.Y)
	case *lang.Unary:
		return some(e.X)
	case *lang.Call:
		return some(e.Fn) || some(e.Args...)
	case *lang.Index:
		return some(e.X, e.Index)
	case *lang.Slice:
		return some(e.X, e.Lo, e.Hi)
	case *lang.IntLit, *lang.StrLit, *lang.BoolLit:
		return false
	}
	return true // a kind of expression not known here: maybe
}

func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:39]) + "…"
	}
	return s
}

// Grid reports whether the plot is a heat map (two for clauses).
func (p *Plot) Grid() bool { return p.yVar != "" }

// Size returns the size in pixels Write draws with o: o's, or the
// default for the plot's kind.
func (p *Plot) Size(o Options) (w, h int) {
	w, h = o.Width, o.Height
	dw, dh := scatterW, scatterH
	if p.Grid() {
		dw, dh = heatW, heatH
	}
	if w == 0 {
		w = dw
	}
	if h == 0 {
		h = dh
	}
	return w, h
}

// CheckOptions returns an error for options Write cannot draw: an
// unknown format or a size out of bounds.
func CheckOptions(o Options) error {
	switch {
	case o.Format != "" && o.Format != PNG && o.Format != SVG:
		return fmt.Errorf("unknown plot format %q: use png or svg", o.Format)
	case o.Width != 0 && (o.Width < minSide || o.Width > maxSide),
		o.Height != 0 && (o.Height < minSide || o.Height > maxSide):
		return fmt.Errorf("a plot's width and height must be between %d and %d pixels, not %d x %d", minSide, maxSide, o.Width, o.Height)
	}
	return nil
}

// Write draws the plot to w as o says.
func (p *Plot) Write(w io.Writer, o Options) (err error) {
	// gonum/plot reports some impossible drawings by panicking: an
	// error, never a crash.
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error drawing the plot: %v", r)
		}
	}()
	if err := CheckOptions(o); err != nil {
		return err
	}
	width, height := p.Size(o)
	format := o.Format
	if format == "" {
		format = PNG
	}
	// Drawing is not a run: the memory limit of the session that
	// computed the plot is checked once, before, for about what it needs.
	if need := p.drawBytes(format, width, height); !engine.HasRoom(p.maxMemory, need) {
		return fmt.Errorf("memory limit reached: drawing the plot needs about %d MiB, more than the memory limit of %d MiB leaves (--max-memory)", max(1, need>>20), p.maxMemory>>20)
	}
	lazyfont.Load()
	var d drawing
	if p.Grid() {
		d = p.heatMap(width, height)
	} else {
		d = p.scatter(width, height)
	}
	return d.write(w, format, width, height)
}

// drawBytes is about how much memory drawing the plot in format at width
// x height pixels takes, besides the plot: its canvas, and per point of a
// scatter its coordinates (gonum copies them) or per cell of a heat map
// its pixels and colour; an SVG is text, an element per point.
func (p *Plot) drawBytes(format string, width, height int) int64 {
	const (
		perPoint    = 64  // the points' coordinates, as gonum holds them
		perSVGPoint = 256 // a point's element of an SVG, and its copy
		perCell     = 48  // a cell's colour, its P-position mark
	)
	need := 8 * int64(width) * int64(height) // the canvas, its encoding
	if !p.Grid() {
		per := int64(perPoint)
		if format == SVG {
			per += perSVGPoint
		}
		return need + per*int64(len(p.pts))
	}
	cells := int64(len(p.xs)) * int64(len(p.ys))
	// The raster of the cells: about two pixels a pixel of the canvas,
	// at most 16 Mi of them, or one a cell.
	pixels := max(cells, min(16<<20, 4*int64(width)*int64(height)))
	img := 4 * pixels
	if format == SVG {
		img *= 3 // (embedded as a PNG, in base64)
	}
	return need + perCell*cells + img
}

// Summary says in one line what the plot shows, e.g. "301 values of
// sg(kayles(n)) for n in 0 .. 300; period 12 from n = 71 (proved)".
func (p *Plot) Summary() string {
	var b strings.Builder
	if p.Grid() {
		fmt.Fprintf(&b, "%d x %d values of %s", len(p.xs), len(p.ys), p.spec)
	} else {
		fmt.Fprintf(&b, "%d values of %s", len(p.pts), p.spec)
	}
	if d := p.periodText(); d != "" {
		b.WriteString("; " + d)
	}
	return b.String()
}

// periodText describes the period found: "period 12 from n = 71
// (proved)", "period 4, saltus 4, from n = 0 (observed to 300)", "no
// period found to 300"; "" when the plot is not of sg(F(n)).
func (p *Plot) periodText() string {
	pd := p.period
	switch {
	case pd == nil:
		return ""
	case !pd.Found:
		return "no period found to " + fmt.Sprint(pd.UpTo)
	}
	saltus := ""
	if pd.S != 0 {
		saltus = fmt.Sprintf(", saltus %d,", pd.S)
	}
	return fmt.Sprintf("period %d%s from %s = %d (%s)", pd.Q, saltus, p.xVar, pd.P, pd.Describe())
}
