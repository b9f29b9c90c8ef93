package compile

import (
	"fmt"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// Table is what a table statement computes (package eval's Table, the
// same fields: its row labels, column labels and cells).
type Table struct {
	RowVar, ColVar string
	Rows, Cols     []value.Value
	Cells          [][]value.Value
	Expr           engine.Pos
}

// Grid reports whether the table has two for clauses (rows and columns).
func (t *Table) Grid() bool { return t.ColVar != "" }

// blank reports whether v is a grid cell filtered out by an if clause.
func blank(v value.Value) bool { return v.K == value.KNone }

// TableGen compiles table statements.
type TableGen struct{ c *Compiler }

// tableStmt compiles a table statement: it prints the table (Text), a
// line at a time, once all of its cells are computed.
func (g *TableGen) tableStmt(st *lang.TableStmt) ExecFn {
	build := g.Table(st)
	pos := st.Pos
	return func(fr *engine.Frame) {
		th := fr.Th
		i := 0
		build(fr, nil).Lines(func(line []byte) bool {
			if _, err := th.OutW.Write(line); err != nil {
				panic(engine.OutputError{Err: err})
			}
			th.PollN(pos, i)
			i++
			return true
		})
	}
}

// RowFunc receives a row of a table with one for clause as it is
// computed (TableGen.Table): the number of its iteration of the for
// clause (from 0, the iterations its if clauses filtered out counted),
// its label and its value. An error it returns stops the run and is the
// run's error (engine.CallerError).
type RowFunc func(i int64, row, v value.Value) error

// Table compiles the clauses and expression of a Table statement into a
// function that computes the Table. Given a RowFunc, a table with one for
// clause hands each row to it as soon as it is computed and keeps none
// (the Table returned has no rows); a grid ignores it.
func (g *TableGen) Table(st *lang.TableStmt) func(fr *engine.Frame, each RowFunc) *Table {
	tc := g.code(st)
	if tc == nil {
		return func(*engine.Frame, RowFunc) *Table { return &Table{} }
	}
	return tc.whole()
}

// tableCode is a table statement compiled: the loop of its first for
// clause (rowLoop, the clauses up to it), the if clauses after it
// (rowIfs), the label of a row; for a grid the same of its second for
// clause; and its expression.
type tableCode struct {
	rowLoop, rowIfs func(func(fr *engine.Frame)) func(fr *engine.Frame)
	rowLabel        func(fr *engine.Frame) value.Value
	colLoop, colIfs func(func(fr *engine.Frame)) func(fr *engine.Frame)
	colLabel        func(fr *engine.Frame) value.Value
	body            func(fr *engine.Frame) value.Value
	rowVar, colVar  string
	expr            engine.Pos
}

func (tc *tableCode) grid() bool { return tc.colVar != "" }

// code compiles st; nil (with the error reported) when it has no for
// clause or more than two.
func (g *TableGen) code(st *lang.TableStmt) *tableCode {
	// Split the clauses: up to and including the first for (rows), the
	// ifs after it, the second for (columns), the ifs after that.
	var segs [4][]lang.Clause
	var fors []*lang.ForClause
	seg := 0
	for _, cl := range st.Clauses {
		if f, ok := cl.(*lang.ForClause); ok {
			fors = append(fors, f)
			if len(fors) > 2 {
				g.c.Errorf(f.Pos, "a table has at most two for clauses (its rows and its columns); this is a third")
				return nil
			}
			if len(fors) == 2 {
				seg = 2
			}
			segs[seg] = append(segs[seg], cl)
			seg++
			continue
		}
		segs[seg] = append(segs[seg], cl)
	}
	if len(fors) == 0 {
		g.c.Errorf(st.Pos, "a table needs a for clause (table EXPR for NAME in EXPR)")
		return nil
	}
	tc := &tableCode{rowVar: fors[0].Target.String(), expr: lang.Start(st.Body)}
	tc.rowLoop = g.c.Vals.Clauses(segs[0])
	tc.rowLabel = g.label(fors[0].Target)
	tc.rowIfs = g.c.Vals.Clauses(segs[1])
	if len(fors) == 2 {
		tc.colLoop = g.c.Vals.Clauses(segs[2])
		tc.colLabel = g.label(fors[1].Target)
		tc.colIfs = g.c.Vals.Clauses(segs[3])
		tc.colVar = fors[1].Target.String()
	}
	tc.body = g.c.Vals.Expr(st.Body)
	return tc
}

// whole is the function Table returns: it computes the whole table, or
// hands its rows to a RowFunc.
func (tc *tableCode) whole() func(fr *engine.Frame, each RowFunc) *Table {
	rowLoop, rowIfs, rowLabel, body := tc.rowLoop, tc.rowIfs, tc.rowLabel, tc.body
	colLoop, colIfs, colLabel := tc.colLoop, tc.colIfs, tc.colLabel
	rowVar, colVar, expr := tc.rowVar, tc.colVar, tc.expr
	grid := tc.grid()

	// The table being computed (statements do not nest or recurse), the
	// RowFunc it streams to, and how far it got (rows, the last label).
	var t *Table
	var each RowFunc
	var done int
	var iter int64 // the iterations of the first for clause so far
	var last value.Value
	var run func(fr *engine.Frame)
	if !grid {
		var vals []value.Value
		row := rowIfs(func(fr *engine.Frame) {
			v := body(fr)
			l := rowLabel(fr)
			done, last = done+1, l
			if each != nil {
				if err := each(iter-1, l, v); err != nil {
					panic(engine.CallerError{Err: err})
				}
				return
			}
			// (Small tables grow as append grows them: counted here.)
			fr.Th.Alloc(expr, 2*engine.ValueBytes)
			t.Rows = append(engine.Grown(fr.Th, expr, t.Rows, 1), l)
			vals = append(engine.Grown(fr.Th, expr, vals, 1), v)
		})
		collect := rowLoop(func(fr *engine.Frame) {
			iter++
			row(fr)
		})
		run = func(fr *engine.Frame) {
			vals = nil
			collect(fr)
			fr.Th.Alloc(expr, int64(len(vals))*int64(unsafe.Sizeof([]value.Value(nil))))
			t.Cells = make([][]value.Value, len(vals))
			for i := range vals {
				t.Cells[i] = vals[i : i+1 : i+1]
			}
			vals = nil
		}
	} else {
		var cols map[string]int
		var key []byte
		col := -1
		cell := colIfs(func(fr *engine.Frame) {
			v := body(fr)
			row := t.Cells[len(t.Cells)-1]
			fr.Th.Alloc(expr, engine.ValueBytes)
			for len(row) <= col {
				row = append(engine.Grown(fr.Th, expr, row, 1), value.None)
			}
			row[col] = v
			t.Cells[len(t.Cells)-1] = row
		})
		inner := colLoop(func(fr *engine.Frame) {
			l := colLabel(fr)
			key = value.AppendKey(key[:0], l)
			j, ok := cols[string(key)]
			if !ok {
				j = len(t.Cols)
				fr.Th.Alloc(expr, int64(len(key))+engine.ValueBytes)
				cols[string(key)] = j
				t.Cols = append(engine.Grown(fr.Th, expr, t.Cols, 1), l)
			}
			col = j
			cell(fr)
		})
		run = rowLoop(rowIfs(func(fr *engine.Frame) {
			l := rowLabel(fr)
			done, last = done+1, l
			t.Rows = append(engine.Grown(fr.Th, expr, t.Rows, 1), l)
			t.Cells = append(engine.Grown(fr.Th, expr, t.Cells, 1), nil)
			inner(fr)
		}))
		run = func(run func(fr *engine.Frame)) func(fr *engine.Frame) {
			return func(fr *engine.Frame) {
				cols = map[string]int{}
				run(fr)
				for i, row := range t.Cells {
					for len(row) < len(t.Cols) {
						row = append(engine.Grown(fr.Th, expr, row, 1), value.None)
					}
					t.Cells[i] = row
				}
			}
		}(run)
	}
	return func(fr *engine.Frame, rows RowFunc) *Table {
		t, each, done, iter, last = &Table{RowVar: rowVar, ColVar: colVar, Expr: expr}, rows, 0, 0, value.None
		stop := fr.Stop
		fr.Stop = false
		// (A limit or Ctrl-C says how far the table got.)
		th := fr.Th
		doing := th.Doing
		th.Doing = func() string { return tableDoing(rowVar, done, last) }
		defer func() { th.Doing, each, last = doing, nil, value.None }()
		run(fr)
		fr.Stop = stop
		res := t
		t = nil
		return res
	}
}

// tableDoing says how far a table being computed got: done rows, the
// last with label last for the row variable rowVar.
func tableDoing(rowVar string, done int, last value.Value) string {
	if done == 0 {
		return TableDoing(rowVar, 0, "")
	}
	return TableDoing(rowVar, int64(done), value.Format(last))
}

// TableDoing is tableDoing with the last label as text.
func TableDoing(rowVar string, done int64, last string) string {
	if done == 0 {
		return "computing the table's first row"
	}
	rows := "rows"
	if done == 1 {
		rows = "row"
	}
	return fmt.Sprintf("computing the table: %d %s done, the last for %s = %s", done, rows, rowVar, last)
}

// label returns the code that reads the value a for clause's pattern was
// bound to (its clause just compiled): the element for a name,
// the tuple of the names' values for a tuple pattern.
func (g *TableGen) label(p *lang.Pattern) func(fr *engine.Frame) value.Value {
	slots := make([]int, len(p.Names))
	for i, n := range p.Names {
		// (A name the pattern binds twice reads its last place.)
		for _, m := range p.Names[i+1:] {
			if m.Name == n.Name {
				n = m
			}
		}
		slots[i] = g.c.Var(n).Slot
	}
	if !p.Tuple {
		s := slots[0]
		return func(fr *engine.Frame) value.Value { return fr.Slots[s] }
	}
	return func(fr *engine.Frame) value.Value {
		vs := make([]value.Value, len(slots))
		for i, s := range slots {
			vs[i] = fr.Slots[s]
		}
		return value.Tuple(vs)
	}
}

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
