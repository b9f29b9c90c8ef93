package grundy

import (
	"fmt"
	"io"
	"strings"
	"time"
	"unsafe"

	"github.com/grundy-lang/grundy/internal/passes"

	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/internal/plot"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/stdlib"
)

// This file holds what the Interpreter's calls return besides values:
// tables, plots, explanations, counters, progress reports, and the
// documentation of the standard library.

// Table is a table of values (Interpreter.Table): its row labels (the
// values the first for clause generates), for a grid its column labels
// (the values the second for clause generates, in order of first
// appearance), and the value of each cell.
type Table struct {
	RowVar string // the first for clause's pattern as written: "n", "(a, b)"
	ColVar string // the second for clause's pattern; "" without one
	Expr   string // the expression as written: "sg(kayles(n))"
	Rows   []Value
	Cols   []Value // grids only
	// Cells[i] are the values of row i: one value, or for a grid one per
	// column. A cell that an if clause filtered out is None. Rows, Cols
	// and Cells are the table's own (Text and WriteText read them).
	Cells [][]Value
	t     *eval.Table
}

// newTable returns t as a Table whose Rows, Cols and Cells are t's own
// arrays, not copies (a table of millions of rows is held once: its
// copy was outside the memory limit, and as big again); expr is the
// table's expression as written.
func newTable(t *eval.Table, expr string) *Table {
	cells := unsafe.Slice((*[]Value)(unsafe.Pointer(unsafe.SliceData(t.Cells))), len(t.Cells))
	if t.Cells == nil {
		cells = nil
	}
	return &Table{RowVar: t.RowVar, ColVar: t.ColVar, Expr: expr, Rows: viewAll(t.Rows), Cols: viewAll(t.Cols), Cells: cells, t: t}
}

// viewAll is vs as Values, in the same array: a Value is a value.Value
// (sameLayout).
func viewAll(vs []value.Value) []Value {
	if vs == nil {
		return nil
	}
	return unsafe.Slice((*Value)(unsafe.Pointer(unsafe.SliceData(vs))), len(vs))
}

// sameLayout fails to compile unless a Value is as large as the
// value.Value it holds, its only field.
var _ = [1]struct{}{}[unsafe.Sizeof(Value{})-unsafe.Sizeof(value.Value{})]

// Grid reports whether the table has two for clauses (rows and columns).
func (t *Table) Grid() bool { return t.ColVar != "" }

// Text returns the table as the table statement prints it. One for
// clause: a line "LABEL VALUE" per row. Two: a header line (the corner
// "ROWVAR\COLVAR", then the column labels) and a line per row (its label,
// then its cells; a filtered-out cell is blank). Columns of ints are
// right-aligned, others left-aligned.
func (t *Table) Text() string { return t.t.Text() }

// TextWithHeader returns the table as grundy table (--format text) and
// the REPL's :table show it: a grid as Text does; a table of one for
// clause with a header line, the row variable and the expression as
// written (RowVar and Expr), over its rows, the columns two spaces apart
// ("n  sg(kayles(n))"). The header stands without rows too.
func (t *Table) TextWithHeader() string { return t.t.TextWithHeader(t.Expr) }

// WriteText writes Text to w a line at a time, never holding the whole
// text (a table of millions of rows), and returns the first error of w.
func (t *Table) WriteText(w io.Writer) error {
	var err error
	t.t.Lines(func(line []byte) bool {
		_, err = w.Write(line)
		return err == nil
	})
	return err
}

// WriteTextWithHeader writes TextWithHeader to w a line at a time, as
// WriteText writes Text.
func (t *Table) WriteTextWithHeader(w io.Writer) error {
	var err error
	t.t.LinesWithHeader(t.Expr, func(line []byte) bool {
		_, err = w.Write(line)
		return err == nil
	})
	return err
}

// PlotOptions say how a plot is drawn. The zero PlotOptions draws a PNG
// of the default size.
type PlotOptions struct {
	Format string // "png" (the default) or "svg"
	// Width and Height are the picture's size in pixels (an SVG's is
	// given in points, at 96 pixels to the inch); zero means the default,
	// 800 x 450 for a scatter and 720 x 600 for a heat map.
	Width, Height int
}

func (o PlotOptions) plot() plot.Options {
	return plot.Options{Format: o.Format, Width: o.Width, Height: o.Height}
}

// Check returns an error for options a plot cannot be drawn with: an
// unknown format or a size out of bounds.
func (o PlotOptions) Check() error { return plot.CheckOptions(o.plot()) }

// Plot is the values of an expression, ready to draw
// (Interpreter.NewPlot).
type Plot struct{ p *plot.Plot }

// Write draws the plot to w as opts say.
func (p *Plot) Write(w io.Writer, opts PlotOptions) error { return p.p.Write(w, opts.plot()) }

// Summary says in one line what the plot shows, e.g. "301 values of
// sg(kayles(n)) for n in 0 .. 300; period 12 from n = 71 (proved)".
func (p *Plot) Summary() string { return p.p.Summary() }

// Explanation says what one game or def was compiled to
// (Interpreter.Explanations): which optimization passes changed its code
// tells how fast it runs.
type Explanation struct {
	Kind string // "game" or "def"
	Name string
	Line int // the line of its declaration
	// Notes say, for each alternative of a game's move rule, the fast
	// loop it runs or the general path and why; for a def, whether it is
	// inlined.
	Notes []string
	// Passes are the optimization passes that changed how it was compiled
	// (such as "inline", "fastloops", "stream"); none for the plain
	// evaluator's code.
	Passes []string
	text   string
}

func newExplanation(x *passes.Explanation) Explanation {
	e := Explanation{Kind: x.Kind, Name: x.Name, Line: x.Pos.Line, Notes: append([]string(nil), x.Notes...), text: x.String()}
	if x.Fired != 0 {
		e.Passes = strings.Split(x.Fired.String(), "+")
	}
	return e
}

// String returns the explanation as grundy run --explain prints it: a
// heading line, a line per note, and a line naming the passes that fired.
func (x Explanation) String() string { return x.text }

// Stats are counters of an Interpreter's state graph (Interpreter.Stats).
type Stats struct {
	States         int64 // positions visited by the search since New (or Reset)
	Moves          int64 // options generated (a fast loop counts its whole range)
	Memoized       int64 // positions whose value is known
	MemoBytes      int64 // the size of the memo tables
	Games          int   // game families with memo tables
	InfiniteValues int   // distinct infinite SG values
	// MemoryInUse is the memory the memory limit counts now: what the
	// process holds (the Go runtime's memory, the free pages it has not
	// given back included, and the memo's tables mapped from the
	// system), not only the memo's tables.
	MemoryInUse int64
}

// String returns the counters as grundy run --stats prints them, before
// the time and the memory in use: "10 states visited, 9 moves, 10 positions known (memo 0.0
// MiB), 1 games".
func (s Stats) String() string {
	return fmt.Sprintf("%d states visited, %d moves, %d positions known (memo %.1f MiB), %d games",
		s.States, s.Moves, s.Memoized, float64(s.MemoBytes)/(1<<20), s.Games)
}

// Progress is a report of a long call (Config.Progress).
type Progress struct {
	States  int64         // positions visited since the call began
	Elapsed time.Duration // since the call began
	Done    bool          // the call ended: the last report
	// A computation that counts something else than positions (the search
	// for a period counts heaps) names it in Units ("heaps of kayles";
	// States then counts them) and says how far it got in Detail.
	Units, Detail string
}

// Doc documents a name of the standard library.
type Doc struct {
	Name string // the name scripts use
	Text string // its documentation: a usage line, then what it does
}

// BuiltinDocs returns the built-in functions of the standard library
// with their documentation, in the order the REPL's :help lists them.
func BuiltinDocs() []Doc {
	var out []Doc
	for _, b := range stdlib.Registry().Builtins() {
		out = append(out, Doc{Name: b.BName, Text: b.Doc})
	}
	return out
}

// GameDocs returns the game families of the standard library (nim,
// kayles, wythoff, ...) with their documentation, sorted by name.
func GameDocs() []Doc {
	var out []Doc
	for _, g := range stdlib.GameDocs() {
		out = append(out, Doc{Name: g[0], Text: g[1]})
	}
	return out
}
