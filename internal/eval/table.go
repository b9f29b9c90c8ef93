package eval

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/table"
	"github.com/grundy-lang/grundy/internal/value"
)

// Table is what a table statement computes: its row labels (the values
// the first for clause generates), for a grid its column labels (the
// values the second for clause generates, in order of first appearance),
// and the value of each cell.
type Table struct {
	RowVar string // the first for clause's pattern as written: "n", "(a, b)"
	ColVar string // the second for clause's pattern; "" when there is none
	Rows   []value.Value
	Cols   []value.Value // grids only
	// Cells[i] are the values of row i: one value, or for a grid one per
	// column. A cell whose if clauses filtered it out is None (Kind KNone).
	Cells [][]value.Value
	// Expr is where the table's expression starts (what an error about its
	// values points at).
	Expr engine.Pos
}

// Grid reports whether the table has two for clauses (rows and columns).
func (t *Table) Grid() bool { return t.ColVar != "" }

// Text renders the table as the table statement prints it. One for
// clause: a line "LABEL VALUE" per row. Two: a header line (the corner
// "ROWVAR\COLVAR", then the column labels) and a line per row (its label,
// then its cells; a filtered-out cell is blank). A column whose entries
// are all ints is right-aligned, any other column left-aligned; columns
// are separated by one space (two in a grid); lines have no trailing
// spaces. A table without rows prints nothing.
func (t *Table) Text() string { return (*table.Table)(t).Text() }

// TextWithHeader renders the table as grundy table (--format text) and
// the REPL's :table show it: a grid as Text does; a table of one for
// clause with a header line, the row variable and expr (the table's
// expression as written), its columns two spaces apart, the header
// taking its column's alignment. The header stands without rows too.
func (t *Table) TextWithHeader(expr string) string {
	return (*table.Table)(t).TextWithHeader(expr)
}

// Lines calls emit with each line of Text, its newline included, in a
// buffer emit must not keep, holding one line at a time; it stops when
// emit returns false.
func (t *Table) Lines(emit func(line []byte) bool) { (*table.Table)(t).Lines(emit) }

// LinesWithHeader is Lines of TextWithHeader(expr).
func (t *Table) LinesWithHeader(expr string, emit func(line []byte) bool) {
	(*table.Table)(t).LinesWithHeader(expr, emit)
}

// Blank reports whether v is a grid cell filtered out by an if clause.
func Blank(v value.Value) bool { return v.K == value.KNone }
