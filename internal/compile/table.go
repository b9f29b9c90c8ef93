package compile

import (
	"fmt"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/tabletext"
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

// TableGen compiles table statements.
type TableGen struct{ *Compiler }

// tableStmt compiles a table statement: it prints the table (Text) once
// all of its cells are computed.
func (c *TableGen) tableStmt(st *lang.TableStmt) ExecFn {
	build := c.Table(st)
	return func(fr *engine.Frame) { fr.Th.Write(build(fr, nil).Text()) }
}

// RowFunc receives a row of a table with one for clause as it is
// computed (TableGen.Table): its label and its value. An error it returns
// stops the run and is the run's error (engine.CallerError).
type RowFunc func(row, v value.Value) error

// Table compiles the clauses and expression of a Table statement into a
// function that computes the Table. Given a RowFunc, a table with one for
// clause hands each row to it as soon as it is computed and keeps none
// (the Table returned has no rows); a grid ignores it.
func (c *TableGen) Table(st *lang.TableStmt) func(fr *engine.Frame, each RowFunc) *Table {
	// Split the clauses: up to and including the first for (rows), the
	// ifs after it, the second for (columns), the ifs after that.
	var segs [4][]lang.Clause
	var fors []*lang.ForClause
	seg := 0
	for _, cl := range st.Clauses {
		if f, ok := cl.(*lang.ForClause); ok {
			fors = append(fors, f)
			if len(fors) > 2 {
				c.Errorf(f.Pos, "a table has at most two for clauses (its rows and its columns); this is a third")
				return func(*engine.Frame, RowFunc) *Table { return &Table{} }
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
		c.Errorf(st.Pos, "a table needs a for clause (table EXPR for NAME in EXPR)")
		return func(*engine.Frame, RowFunc) *Table { return &Table{} }
	}
	rowLoop := c.Vals.Clauses(segs[0])
	rowLabel := c.label(fors[0].Target)
	rowIfs := c.Vals.Clauses(segs[1])
	var colLoop, colIfs func(func(fr *engine.Frame)) func(fr *engine.Frame)
	var colLabel func(fr *engine.Frame) value.Value
	grid := len(fors) == 2
	if grid {
		colLoop = c.Vals.Clauses(segs[2])
		colLabel = c.label(fors[1].Target)
		colIfs = c.Vals.Clauses(segs[3])
	}
	body := c.Vals.Expr(st.Body)
	rowVar, colVar := fors[0].Target.String(), ""
	if grid {
		colVar = fors[1].Target.String()
	}
	expr := lang.Start(st.Body)

	// The table being computed (statements do not nest or recurse), the
	// RowFunc it streams to, and how far it got (rows, the last label).
	var t *Table
	var each RowFunc
	var done int
	var last value.Value
	var run func(fr *engine.Frame)
	if !grid {
		var vals []value.Value
		collect := rowLoop(rowIfs(func(fr *engine.Frame) {
			v := body(fr)
			l := rowLabel(fr)
			done, last = done+1, l
			if each != nil {
				if err := each(l, v); err != nil {
					panic(engine.CallerError{Err: err})
				}
				return
			}
			t.Rows = append(t.Rows, l)
			vals = append(vals, v)
		}))
		run = func(fr *engine.Frame) {
			vals = nil
			collect(fr)
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
			for len(row) <= col {
				row = append(row, value.None)
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
				cols[string(key)] = j
				t.Cols = append(t.Cols, l)
			}
			col = j
			cell(fr)
		})
		run = rowLoop(rowIfs(func(fr *engine.Frame) {
			l := rowLabel(fr)
			done, last = done+1, l
			t.Rows = append(t.Rows, l)
			t.Cells = append(t.Cells, nil)
			inner(fr)
		}))
		run = func(run func(fr *engine.Frame)) func(fr *engine.Frame) {
			return func(fr *engine.Frame) {
				cols = map[string]int{}
				run(fr)
				for i, row := range t.Cells {
					for len(row) < len(t.Cols) {
						row = append(row, value.None)
					}
					t.Cells[i] = row
				}
			}
		}(run)
	}
	return func(fr *engine.Frame, rows RowFunc) *Table {
		t, each, done, last = &Table{RowVar: rowVar, ColVar: colVar, Expr: expr}, rows, 0, value.None
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
		return "computing the table's first row"
	}
	rows := "rows"
	if done == 1 {
		rows = "row"
	}
	return fmt.Sprintf("computing the table: %d %s done, the last for %s = %s", done, rows, rowVar, value.Format(last))
}

// label returns the code that reads the value a for clause's pattern was
// bound to (its clause just compiled): the element for a name,
// the tuple of the names' values for a tuple pattern.
func (c *TableGen) label(p *lang.Pattern) func(fr *engine.Frame) value.Value {
	slots := make([]int, len(p.Names))
	for i, n := range p.Names {
		// (A name the pattern binds twice reads its last place.)
		for _, m := range p.Names[i+1:] {
			if m.Name == n.Name {
				n = m
			}
		}
		slots[i] = c.Var(n).Slot
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
func (t *Table) TextWithHeader(expr string) string {
	if t.Grid() {
		return t.text("")
	}
	return t.text(expr)
}

// text renders the table (package tabletext); a table of one for
// clause gets the header line "ROWVAR  EXPR" when expr is not "".
func (t *Table) text(expr string) string {
	return tabletext.Render(tabletext.Table{RowVar: t.RowVar, ColVar: t.ColVar, Rows: t.Rows, Cols: t.Cols, Cells: t.Cells}, expr)
}
