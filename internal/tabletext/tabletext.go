// Package tabletext owns how a table statement's result is rendered as
// text: aligned columns, numbers to the right, a grid's corner label.
package tabletext

import (
	"strings"
	"unicode/utf8"

	"github.com/grundy-lang/grundy/internal/value"
)

// Table is a table statement's result: its row labels, column labels
// (a grid) and cells.
type Table struct {
	RowVar, ColVar string
	Rows, Cols     []value.Value
	Cells          [][]value.Value
}

// Grid reports whether the table has two for clauses (rows and columns).
func (t Table) Grid() bool { return t.ColVar != "" }

// Render renders table t as the table statement prints it; a table of one for clause gets the header line
// "ROWVAR  EXPR" when expr is not "" (and then its columns are two spaces
// apart, and the header stands without rows).
func Render(t Table, expr string) string {
	if len(t.Rows) == 0 && expr == "" {
		return ""
	}
	type cell struct {
		s     string
		width int // in characters
		num   bool
		blank bool
	}
	mk := func(v value.Value) cell {
		if v.K == value.KNone { // (a grid cell an if clause filtered out)
			return cell{blank: true}
		}
		s := value.Format(v)
		return cell{s: s, width: utf8.RuneCountInString(s), num: v.K == value.KInt}
	}
	ncol := 2
	sep := " "
	header := 0
	if t.Grid() {
		ncol = 1 + len(t.Cols)
	}
	if t.Grid() || expr != "" {
		sep = "  "
		header = 1
	}
	// The lines, ncol cells each (the header line first).
	cells := make([]cell, 0, (header+len(t.Rows))*ncol)
	if expr != "" {
		for _, s := range []string{t.RowVar, expr} {
			cells = append(cells, cell{s: s, width: utf8.RuneCountInString(s)})
		}
	}
	if t.Grid() {
		corner := t.RowVar + `\` + t.ColVar
		cells = append(cells, cell{s: corner, width: utf8.RuneCountInString(corner)})
		for _, v := range t.Cols {
			cells = append(cells, mk(v))
		}
	}
	for i, r := range t.Rows {
		cells = append(cells, mk(r))
		for _, v := range t.Cells[i] {
			cells = append(cells, mk(v))
		}
	}
	width := make([]int, ncol)
	right := make([]bool, ncol)
	for j := range right {
		right[j] = true
	}
	for i, c := range cells {
		j := i % ncol
		width[j] = max(width[j], c.width)
		// The header line takes its column's alignment.
		if i >= header*ncol && !c.blank && !c.num {
			right[j] = false
		}
	}
	var b strings.Builder
	lineLen := len(sep)*(ncol-1) + 1
	for _, w := range width {
		lineLen += w
	}
	b.Grow(lineLen * (len(cells) / ncol))
	var line []byte
	const spaces = "                                                                "
	pad := func(n int) {
		for ; n > len(spaces); n -= len(spaces) {
			line = append(line, spaces...)
		}
		line = append(line, spaces[:n]...)
	}
	for l := 0; l < len(cells); l += ncol {
		line = line[:0]
		for j, c := range cells[l : l+ncol] {
			if j > 0 {
				line = append(line, sep...)
			}
			if right[j] {
				pad(width[j] - c.width)
				line = append(line, c.s...)
			} else {
				line = append(line, c.s...)
				pad(width[j] - c.width)
			}
		}
		for len(line) > 0 && line[len(line)-1] == ' ' {
			line = line[:len(line)-1]
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.String()
}
