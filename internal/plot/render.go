package plot

// This file draws a Plot with gonum.org/v1/plot: the scatter, the heat
// map, their legends, and the few plotters gonum does not have (the
// period's shaded blocks and its preperiod line).

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	imgdraw "image/draw"
	"io"
	"math"
	"strconv"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// The colours. P-positions are red in both kinds of plot; the heat map's
// other values follow viridis (dark blue for small values, yellow for
// large ones), which has no red.
var (
	colValue   = color.RGBA{0x1f, 0x4e, 0x8c, 0xff} // a nonzero value
	colP       = color.RGBA{0xe0, 0x1a, 0x1a, 0xff} // value 0
	colInf     = color.RGBA{0xf0, 0x8c, 0x00, 0xff} // an infinite value
	colBlock   = color.RGBA{0xff, 0xe4, 0x9c, 0xff} // the first period block
	colBlock2  = color.RGBA{0xee, 0xee, 0xee, 0xff} // the later blocks, every other one
	colPre     = color.RGBA{0x40, 0x40, 0x40, 0xff} // the preperiod line
	colGrid    = color.RGBA{0xe4, 0xe4, 0xe4, 0xff}
	colHeatInf = color.RGBA{0x9a, 0x9a, 0x9a, 0xff}
	viridis    = []color.Color{
		color.RGBA{0x44, 0x01, 0x54, 0xff},
		color.RGBA{0x3b, 0x52, 0x8b, 0xff},
		color.RGBA{0x21, 0x91, 0x8c, 0xff},
		color.RGBA{0x5e, 0xc9, 0x62, 0xff},
		color.RGBA{0xfd, 0xe7, 0x25, 0xff},
	}
)

// dpi is the resolution a PNG is drawn at (and an SVG's size assumes).
const dpi = 96

// pt converts pixels to gonum's lengths (points).
func pt(px float64) vg.Length { return vg.Length(px * 72 / dpi) }

// sans returns the text style of the given size, in Liberation Sans.
func sans(size float64) text.Style {
	return text.Style{
		Color:   color.Black,
		Font:    font.From(font.Font{Typeface: "Liberation", Variant: "Sans"}, vg.Length(size)),
		Handler: gplot.DefaultTextHandler,
	}
}

// drawing draws a picture onto a canvas.
type drawing func(c draw.Canvas)

// write draws d on a canvas of width x height pixels and writes it in
// format.
func (d drawing) write(w io.Writer, format string, width, height int) error {
	wl, hl := pt(float64(width)), pt(float64(height))
	var c vg.CanvasWriterTo
	if format == SVG {
		c = vgsvg.New(wl, hl)
	} else {
		c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(wl, hl), vgimg.UseDPI(dpi))}
	}
	d(draw.New(c))
	if format != SVG {
		_, err := c.WriteTo(w)
		return err
	}
	// The SVG names Liberation Sans, whose metrics placed the text; a
	// viewer without it takes Arial or Helvetica, which have the same
	// metrics (Liberation Sans was made to match them).
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return err
	}
	_, err := w.Write(bytes.ReplaceAll(buf.Bytes(), []byte("font-family:Liberation Sans;"), []byte("font-family:'Liberation Sans',Arial,Helvetica,sans-serif;")))
	return err
}

// newPlot returns a gonum plot with the house fonts.
func newPlot(title, xLabel, yLabel string) *gplot.Plot {
	g := gplot.New()
	g.Title.Text = title
	setFont(&g.Title.TextStyle, 13)
	g.Title.Padding = vg.Points(8)
	for _, a := range []*gplot.Axis{&g.X, &g.Y} {
		setFont(&a.Label.TextStyle, 11)
		setFont(&a.Tick.Label, 9)
		a.LineStyle.Width = vg.Points(0.75)
		a.Tick.LineStyle.Width = vg.Points(0.75)
	}
	g.X.Label.Text, g.Y.Label.Text = xLabel, yLabel
	setFont(&g.Legend.TextStyle, 10)
	return g
}

// setFont sets a text style's font to Liberation Sans of size points.
func setFont(s *text.Style, size float64) {
	s.Font = font.From(font.Font{Typeface: "Liberation", Variant: "Sans"}, vg.Length(size))
}

// scatter draws the values against n: nonzero values as small dots,
// P-positions (0) as larger red ones, infinite values as orange triangles
// on a row of their own above the finite ones; the period's blocks are
// shaded and the preperiod ends at a dashed line.
func (p *Plot) scatter(width, height int) drawing {
	var vals, zeros, infs plotter.XYs
	xmin, xmax := math.Inf(1), math.Inf(-1)
	vmin, vmax := int64(0), int64(0)
	for _, q := range p.pts {
		x := float64(q.x)
		xmin, xmax = math.Min(xmin, x), math.Max(xmax, x)
		switch {
		case q.inf:
			infs = append(infs, plotter.XY{X: x})
		case q.v == 0:
			zeros = append(zeros, plotter.XY{X: x})
		default:
			vals = append(vals, plotter.XY{X: x, Y: float64(q.v)})
			vmin, vmax = min(vmin, q.v), max(vmax, q.v)
		}
	}
	if len(p.pts) == 0 {
		xmin, xmax = 0, 1
	}
	// Infinite values sit one row above the largest finite value.
	infRow := float64(vmax + 1)
	for i := range infs {
		infs[i].Y = infRow
	}

	title := p.spec
	if d := p.periodText(); d != "" {
		title += "\n" + d
	}
	g := newPlot(title, p.xVar, p.expr)
	span := xmax - xmin
	pad := math.Max(0.5, span*0.01)
	g.X.Min, g.X.Max = xmin-pad, xmax+pad
	g.Y.Min, g.Y.Max = float64(vmin)-0.5, float64(vmax)+0.5
	if len(infs) > 0 {
		g.Y.Max = infRow + 0.5
	}
	g.X.Tick.Marker = intTicks{}
	g.Y.Tick.Marker = intTicks{inf: len(infs) > 0, infAt: infRow}

	// The dots' size: smaller when they are many to the pixel.
	plotPx := float64(width) * 0.85
	r := math.Max(0.9, math.Min(2.6, 0.6*plotPx/math.Max(1, span+1)))
	dot := func(xys plotter.XYs, c color.Color, radius float64, shape draw.GlyphDrawer) *plotter.Scatter {
		s, _ := plotter.NewScatter(xys)
		s.GlyphStyle = draw.GlyphStyle{Color: c, Radius: vg.Points(radius), Shape: shape}
		return s
	}

	var periodLegend []legendEntry
	grid := plotter.NewGrid()
	grid.Vertical.Color = nil
	grid.Horizontal.Color = colGrid
	if pd := p.period; pd != nil && pd.Found && float64(pd.P) <= xmax {
		start := float64(pd.P) - 0.5
		g.Add(band{x0: start, x1: start + float64(pd.Q), color: colBlock})
		// Every other block after the first is grey, when blocks are wide
		// enough to tell apart (5 pixels).
		repeats := false
		if plotPx*float64(pd.Q)/math.Max(1, span) >= 5 {
			for k := int64(2); ; k += 2 {
				x0 := start + float64(k*pd.Q)
				if x0 > xmax+pad {
					break
				}
				g.Add(band{x0: x0, x1: x0 + float64(pd.Q), color: colBlock2})
				repeats = true
			}
		}
		if pd.P > 0 {
			pre := vline{x: start, style: draw.LineStyle{Color: colPre, Width: vg.Points(1.2), Dashes: []vg.Length{vg.Points(4), vg.Points(3)}}}
			g.Add(pre)
			periodLegend = append(periodLegend, legendEntry{fmt.Sprintf("preperiod ends (%s = %d)", p.xVar, pd.P), pre})
		}
		what := fmt.Sprintf("one period: %d values", pd.Q)
		if pd.Q == 1 {
			what = "one period: 1 value"
		}
		periodLegend = append(periodLegend, legendEntry{what, band{color: colBlock}})
		if repeats {
			periodLegend = append(periodLegend, legendEntry{"its repeats", band{color: colBlock2}})
		}
	}
	g.Add(grid)
	// The legend: the kinds of values there are, then the period's marks.
	var legend []legendEntry
	if len(vals) > 0 {
		s := dot(vals, colValue, r, draw.CircleGlyph{})
		g.Add(s)
		legend = append(legend, legendEntry{"nonzero value", s})
	}
	if len(zeros) > 0 {
		s := dot(zeros, colP, math.Min(3.2, r*1.5), draw.CircleGlyph{})
		g.Add(s)
		legend = append(legend, legendEntry{"0: a P-position", s})
	}
	if len(infs) > 0 {
		s := dot(infs, colInf, math.Min(3.5, math.Max(2, r*1.5)), draw.TriangleGlyph{})
		g.Add(s)
		legend = append(legend, legendEntry{"∞: an infinite value", s})
	}
	legend = append(legend, periodLegend...)
	return func(c draw.Canvas) {
		c = framed(c)
		body := drawLegend(c, legend)
		g.Draw(body)
	}
}

// heatMap draws the values on the grid of (x, y): x across, y upwards,
// a cell's colour its value (viridis from 1 to the largest value, a
// colour bar on the right), P-positions red, infinite values grey, cells
// an if clause left out white.
func (p *Plot) heatMap(width, height int) drawing {
	// The range of the values other than 0 (1 .. 1 when there are none).
	vmin, vmax := int64(math.MaxInt64), int64(math.MinInt64)
	hasP, hasInf, hasBlank := false, false, false
	for _, row := range p.cells {
		for _, c := range row {
			switch {
			case c.blank:
				hasBlank = true
			case c.inf:
				hasInf = true
			case c.v == 0:
				hasP = true
			default:
				vmin, vmax = min(vmin, c.v), max(vmax, c.v)
			}
		}
	}
	showBar := vmin <= vmax
	if !showBar {
		vmin, vmax = 1, 1
	}
	// One colour per value (at most maxColours, then values share
	// them), the same in the map and in its colour bar: value v has the
	// colour bar's band from v - 0.5 to v + 0.5.
	cmap, _ := moreland.NewLuminance(viridis)
	lo, hi := float64(vmin)-0.5, float64(vmax)+0.5
	cmap.SetMin(lo)
	cmap.SetMax(hi)
	k := int(min(vmax-vmin+1, maxColours))
	cols := make(colours, k)
	for i := range cols {
		cols[i], _ = cmap.At(lo + float64(i)*(hi-lo)/float64(k))
	}
	if k == 1 {
		cols = append(cols, cols[0])
	}
	h := plotter.NewHeatMap(grid{p}, cols)
	h.Min, h.Max = float64(vmin), float64(vmax)
	if vmin == vmax {
		h.Max = h.Min + 1
	}
	h.NaN = nil // blank
	h.Underflow = colP
	h.Overflow = colHeatInf

	g := newPlot(p.spec, p.xVar, p.yVar)
	switch {
	case len(p.xs) == 0 || len(p.ys) == 0:
		// No cells: empty axes.
		g.X.Min, g.X.Max, g.Y.Min, g.Y.Max = 0, 1, 0, 1
	case even(p.xs) && even(p.ys):
		g.Add(&raster{h: h})
	default:
		g.Add(h) // drawn a rectangle per cell
	}
	// Cells of less than 4 pixels blur into their neighbours: the
	// P-positions get a red square of 3 pixels on top.
	if cellPx := float64(min(width, height)) * 0.7 / float64(max(len(p.xs), len(p.ys))); hasP && cellPx < 4 {
		var ps plotter.XYs
		for i, row := range p.cells {
			for j, c := range row {
				if !c.blank && !c.inf && c.v == 0 {
					ps = append(ps, plotter.XY{X: float64(p.xs[i]), Y: float64(p.ys[j])})
				}
			}
		}
		s, _ := plotter.NewScatter(ps)
		s.GlyphStyle = draw.GlyphStyle{Color: colP, Radius: pt(1.5), Shape: draw.BoxGlyph{}}
		g.Add(noBoxes{s})
	}
	g.X.Tick.Marker = intTicks{}
	g.Y.Tick.Marker = intTicks{}
	g.X.Padding, g.Y.Padding = 0, 0

	bar := newPlot("", "", p.expr)
	bar.HideX()
	bar.Y.Tick.Marker = intTicks{}
	bar.Y.Padding = 0
	// The colour bar takes the values' own colours, one band each.
	cb := &plotter.ColorBar{ColorMap: cmap, Vertical: true, Colors: k}
	bar.Add(cb)

	var legend []legendEntry
	if hasP {
		legend = append(legend, legendEntry{"0: a P-position", band{color: colP}})
	}
	if hasInf {
		legend = append(legend, legendEntry{"∞: an infinite value", band{color: colHeatInf}})
	}
	if hasBlank {
		legend = append(legend, legendEntry{"left out by an if clause", band{color: color.White, border: true}})
	}
	return func(c draw.Canvas) {
		c = framed(c)
		body := drawLegend(c, legend)
		barW := pt(100)
		if !showBar {
			barW = 0
		}
		left := body
		left.Max.X -= barW
		squareCells(g, &left)
		g.Draw(left)
		if !showBar {
			return
		}
		// The bar spans the heat map's data area, not the title.
		right := left
		right.Min.X, right.Max.X = left.Max.X+pt(12), left.Max.X+barW-pt(28)
		da := g.DataCanvas(left)
		right.Min.Y, right.Max.Y = da.Min.Y, da.Max.Y
		bar.Draw(right)
	}
}

// squareCells narrows c (or lowers its top... its bottom) so that the heat
// map's cells are squares, unless that would leave less than 40% of
// either side of its data area.
func squareCells(g *gplot.Plot, c *draw.Canvas) {
	da := g.DataCanvas(*c)
	w, h := da.Max.X-da.Min.X, da.Max.Y-da.Min.Y
	xspan, yspan := g.X.Max-g.X.Min, g.Y.Max-g.Y.Min
	if w <= 0 || h <= 0 || xspan <= 0 || yspan <= 0 {
		return
	}
	// The data area's width for square cells at its height.
	want := h * vg.Length(xspan/yspan)
	switch {
	case want < w:
		d := w - max(want, w*0.4)
		c.Min.X += d / 2
		c.Max.X -= d / 2
	case want > w:
		hwant := w * vg.Length(yspan/xspan)
		d := h - max(hwant, h*0.4)
		c.Min.Y += d
	}
}

// raster draws an evenly spaced heat map as one image whose cells are
// squares of pixels: gonum's own raster (HeatMap.Rasterized) has a pixel
// per cell, which the canvas then scales with smoothing (a blurred map),
// and its rectangles per cell leave hairlines between the cells.
type raster struct{ h *plotter.HeatMap }

func (r *raster) Plot(c draw.Canvas, g *gplot.Plot) {
	h := r.h
	nx, ny := h.GridXYZ.Dims()
	// k x k pixels a cell: about twice as many pixels as the canvas has,
	// so that the scaling to the canvas smooths only the cells' edges.
	wpx, hpx := float64(c.Max.X-c.Min.X)*dpi/72, float64(c.Max.Y-c.Min.Y)*dpi/72
	k := max(1, int(math.Ceil(2*max(wpx/float64(nx), hpx/float64(ny)))))
	for k > 1 && nx*ny*k*k > 16<<20 {
		k--
	}
	img := image.NewRGBA(image.Rect(0, 0, nx*k, ny*k))
	pal := h.Palette.Colors()
	ps := float64(len(pal)-1) / (h.Max - h.Min)
	for i := range nx {
		for j := range ny {
			var col color.Color
			switch v := h.GridXYZ.Z(i, j); {
			case math.IsNaN(v):
				col = h.NaN
			case v < h.Min:
				col = h.Underflow
			case v > h.Max:
				col = h.Overflow
			default:
				col = pal[int((v-h.Min)*ps+0.5)] // as HeatMap maps it
			}
			if col == nil {
				continue
			}
			imgdraw.Draw(img, image.Rect(i*k, (ny-1-j)*k, (i+1)*k, (ny-j)*k), image.NewUniform(col), image.Point{}, imgdraw.Src)
		}
	}
	xmin, xmax, ymin, ymax := h.DataRange()
	plotter.NewImage(img, xmin, ymin, xmax, ymax).Plot(c, g)
}

func (r *raster) DataRange() (xmin, xmax, ymin, ymax float64) { return r.h.DataRange() }

// even reports whether the labels are evenly spaced (a raster image then
// draws the heat map exactly).
func even(xs []int64) bool {
	for i := 2; i < len(xs); i++ {
		if xs[i]-xs[i-1] != xs[1]-xs[0] {
			return false
		}
	}
	return true
}

// maxColours bounds the heat map's palette.
const maxColours = 512

// colours is a palette.
type colours []color.Color

func (c colours) Colors() []color.Color { return c }

var _ palette.Palette = colours{}

// grid is a heat map's plotter.GridXYZ: a P-position is below the
// palette's range (Underflow), an infinite value above it (Overflow), a
// blank cell NaN.
type grid struct{ p *Plot }

func (g grid) Dims() (c, r int) { return len(g.p.xs), len(g.p.ys) }
func (g grid) X(c int) float64  { return float64(g.p.xs[c]) }
func (g grid) Y(r int) float64  { return float64(g.p.ys[r]) }
func (g grid) Z(c, r int) float64 {
	switch v := g.p.cells[c][r]; {
	case v.blank:
		return math.NaN()
	case v.inf:
		return math.Inf(1)
	case v.v == 0:
		return math.Inf(-1)
	default:
		return float64(v.v)
	}
}

// noBoxes hides a plotter's glyph boxes, so that the axes are not padded
// for its glyphs.
type noBoxes struct{ gplot.Plotter }

// framed leaves a margin around the picture.
func framed(c draw.Canvas) draw.Canvas {
	return draw.Crop(c, pt(10), -pt(16), pt(8), -pt(8))
}

// legendEntry is one entry of the legend under a plot.
type legendEntry struct {
	text  string
	thumb gplot.Thumbnailer
}

// drawLegend draws the entries in a row (more rows when they do not fit)
// at the bottom of c, and returns the rest of c.
func drawLegend(c draw.Canvas, entries []legendEntry) draw.Canvas {
	if len(entries) == 0 {
		return c
	}
	sty := sans(10)
	thumbW, gap := pt(18), pt(22)
	rowH := sty.Rectangle("Mg").Size().Y + pt(6)
	// Lay the entries out in rows, centred.
	type placed struct {
		e legendEntry
		w vg.Length
	}
	var rows [][]placed
	var widths []vg.Length
	avail := c.Max.X - c.Min.X
	for _, e := range entries {
		w := thumbW + pt(6) + sty.Rectangle(e.text).Size().X
		if n := len(rows); n == 0 || widths[n-1]+gap+w > avail {
			rows = append(rows, nil)
			widths = append(widths, -gap)
		}
		n := len(rows) - 1
		rows[n] = append(rows[n], placed{e, w})
		widths[n] += gap + w
	}
	y := c.Min.Y + rowH*vg.Length(len(rows)-1)
	for i, row := range rows {
		x := c.Min.X + (avail-widths[i])/2
		for _, pl := range row {
			icon := draw.Canvas{Canvas: c.Canvas, Rectangle: vg.Rectangle{
				Min: vg.Point{X: x, Y: y + pt(3)},
				Max: vg.Point{X: x + thumbW, Y: y + rowH - pt(3)},
			}}
			pl.e.thumb.Thumbnail(&icon)
			ts := sty
			ts.YAlign = draw.YCenter
			c.FillText(ts, vg.Point{X: x + thumbW + pt(6), Y: y + rowH/2}, pl.e.text)
			x += pl.w + gap
		}
		y -= rowH
	}
	c.Min.Y += rowH*vg.Length(len(rows)) + pt(8)
	return c
}

// band fills the stripe x0 <= x <= x1 over the height of the data area.
type band struct {
	x0, x1 float64
	color  color.Color
	border bool // outlined in grey (in the legend)
}

func (b band) Plot(c draw.Canvas, g *gplot.Plot) {
	trX, _ := g.Transforms(&c)
	x0, x1 := trX(b.x0), trX(b.x1)
	x1 = max(x1, x0+pt(2)) // a block of few pixels still shows
	x0, x1 = max(x0, c.Min.X), min(x1, c.Max.X)
	if x1 <= x0 {
		return
	}
	r := vg.Rectangle{Min: vg.Point{X: x0, Y: c.Min.Y}, Max: vg.Point{X: x1, Y: c.Max.Y}}
	c.SetColor(b.color)
	c.Fill(r.Path())
}

func (b band) Thumbnail(c *draw.Canvas) {
	c.SetColor(b.color)
	c.Fill(c.Rectangle.Path())
	if b.border {
		c.StrokeLines(draw.LineStyle{Color: colPre, Width: vg.Points(0.5)}, []vg.Point{
			c.Min, {X: c.Max.X, Y: c.Min.Y}, c.Max, {X: c.Min.X, Y: c.Max.Y}, c.Min,
		})
	}
}

// vline is a vertical line at x over the height of the data area.
type vline struct {
	x     float64
	style draw.LineStyle
}

func (l vline) Plot(c draw.Canvas, g *gplot.Plot) {
	trX, _ := g.Transforms(&c)
	x := trX(l.x)
	if x < c.Min.X || x > c.Max.X {
		return
	}
	c.StrokeLine2(l.style, x, c.Min.Y, x, c.Max.Y)
}

func (l vline) Thumbnail(c *draw.Canvas) {
	x := (c.Min.X + c.Max.X) / 2
	c.StrokeLine2(l.style, x, c.Min.Y, x, c.Max.Y)
}

// intTicks marks integer coordinates only: major ticks every 1, 2 or 5
// times a power of ten, about ten of them, minor ticks between when the
// step allows. With inf, the row at infAt is labelled ∞ and no tick is
// above the finite rows.
type intTicks struct {
	inf   bool
	infAt float64
}

func (t intTicks) Ticks(lo, hi float64) []gplot.Tick {
	top := hi
	if t.inf {
		top = t.infAt - 1
	}
	span := top - lo
	step := 1.0
	for m := 1.0; ; m *= 10 {
		if s := m; span/s <= 12 {
			step = s
			break
		}
		if s := 2 * m; span/s <= 12 {
			step = s
			break
		}
		if s := 5 * m; span/s <= 12 {
			step = s
			break
		}
	}
	minor := 0.0
	switch {
	case step >= 10 && math.Mod(step, 5) == 0 && step/5 >= 1:
		minor = step / 5
	case step == 5:
		minor = 1
	case step == 2:
		minor = 1
	}
	var ticks []gplot.Tick
	if minor > 0 {
		for v := math.Ceil(lo/minor) * minor; v <= top; v += minor {
			if math.Mod(v, step) != 0 {
				ticks = append(ticks, gplot.Tick{Value: v})
			}
		}
	}
	for v := math.Ceil(lo/step) * step; v <= top; v += step {
		ticks = append(ticks, gplot.Tick{Value: v, Label: strconv.FormatInt(int64(v), 10)})
	}
	if t.inf {
		ticks = append(ticks, gplot.Tick{Value: t.infAt, Label: "∞"})
	}
	return ticks
}
