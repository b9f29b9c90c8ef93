package table

import (
	"strings"
	"unicode/utf8"

	"github.com/grundy-lang/grundy/internal/value"
)

// Text renders the table as the table statement prints it (see package
// eval's Table.Text).
func (t *Table) Text() string { return t.text("") }

// TextWithHeader renders the table as grundy table and the REPL's :table
// show it (see package eval's Table.TextWithHeader): expr is the table's
// expression as written.
func (t *Table) TextWithHeader(expr string) string { return t.text(expr) }

// text is the text LinesWithHeader writes.
func (t *Table) text(expr string) string {
	var b strings.Builder
	t.LinesWithHeader(expr, func(line []byte) bool {
		b.Write(line)
		return true
	})
	return b.String()
}

// textCell is a cell of the text of a table.
type textCell struct {
	s     string
	width int // in characters
	num   bool
	blank bool
}

func mkCell(v value.Value) textCell {
	if blank(v) {
		return textCell{blank: true}
	}
	s := value.Format(v)
	return textCell{s: s, width: utf8.RuneCountInString(s), num: v.K == value.KInt}
}

// cells calls f with each line of the table's cells, the header line
// first for a grid, and for a table of one for clause when expr is not
// ""; it stops when f returns false.
func (t *Table) cells(expr string, f func(line []textCell) bool) {
	var line []textCell
	if expr != "" && !t.Grid() {
		for _, s := range []string{t.RowVar, expr} {
			line = append(line, textCell{s: s, width: utf8.RuneCountInString(s)})
		}
		if !f(line) {
			return
		}
	}
	if t.Grid() {
		corner := t.RowVar + `\` + t.ColVar
		line = append(line[:0], textCell{s: corner, width: utf8.RuneCountInString(corner)})
		for _, v := range t.Cols {
			line = append(line, mkCell(v))
		}
		if !f(line) {
			return
		}
	}
	for i, r := range t.Rows {
		line = append(line[:0], mkCell(r))
		for _, v := range t.Cells[i] {
			line = append(line, mkCell(v))
		}
		if !f(line) {
			return
		}
	}
}

// Lines calls emit with each line of the table's text (Text), its
// newline included, in a buffer emit must not keep; it stops when emit
// returns false.
func (t *Table) Lines(emit func(line []byte) bool) { t.LinesWithHeader("", emit) }

// LinesWithHeader is Lines of TextWithHeader(expr): a table of one for
// clause gets the header line "ROWVAR  EXPR" when expr is not "" (and
// then its columns are two spaces apart, and the header stands without
// rows). It holds a line at a time, not the text: it formats the cells
// twice, once for the widths of the columns and once to print them.
func (t *Table) LinesWithHeader(expr string, emit func(line []byte) bool) {
	if t.Grid() {
		expr = ""
	}
	if len(t.Rows) == 0 && expr == "" {
		return
	}
	ncol := 2
	sep := " "
	if t.Grid() {
		ncol = 1 + len(t.Cols)
	}
	if t.Grid() || expr != "" {
		sep = "  "
	}
	width := make([]int, ncol)
	right := make([]bool, ncol)
	for j := range right {
		right[j] = true
	}
	header := t.Grid() || expr != ""
	t.cells(expr, func(line []textCell) bool {
		for j, c := range line {
			width[j] = max(width[j], c.width)
			// The header line takes its column's alignment.
			if !header && !c.blank && !c.num {
				right[j] = false
			}
		}
		header = false
		return true
	})
	var buf []byte
	const spaces = "                                                                "
	pad := func(n int) {
		for ; n > len(spaces); n -= len(spaces) {
			buf = append(buf, spaces...)
		}
		buf = append(buf, spaces[:n]...)
	}
	t.cells(expr, func(line []textCell) bool {
		buf = buf[:0]
		for j, c := range line {
			if j > 0 {
				buf = append(buf, sep...)
			}
			if right[j] {
				pad(width[j] - c.width)
				buf = append(buf, c.s...)
			} else {
				buf = append(buf, c.s...)
				pad(width[j] - c.width)
			}
		}
		for len(buf) > 0 && buf[len(buf)-1] == ' ' {
			buf = buf[:len(buf)-1]
		}
		buf = append(buf, '\n')
		return emit(buf)
	})
}
