// Package table owns what a table statement computes once compiled
// (package compile's TableGen makes its Code from the syntax): the rows
// and cells run from the Code's closures, whole (Whole) or a worker's
// share of them (Sharded, for package eval's jobs); the Table they make
// and its text as the table statement, grundy table and the REPL's
// :table print it (text.go).
package table

import (
	"fmt"
	"unsafe"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
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

// RowFunc receives a row of a table with one for clause as it is
// computed (Code.Whole): the number of its iteration of the for
// clause (from 0, the iterations its if clauses filtered out counted),
// its label and its value. An error it returns stops the run and is the
// run's error (engine.CallerError).
type RowFunc func(i int64, row, v value.Value) error

// Code is a table statement compiled (compile.TableGen): the loop of its
// first for clause (RowLoop, the clauses up to it), the if clauses after
// it (RowIfs), the label of a row; for a grid the same of its second for
// clause; its expression (Body, at Expr) and the names of its variables.
type Code struct {
	RowLoop, RowIfs func(func(fr *engine.Frame)) func(fr *engine.Frame)
	RowLabel        func(fr *engine.Frame) value.Value
	ColLoop, ColIfs func(func(fr *engine.Frame)) func(fr *engine.Frame)
	ColLabel        func(fr *engine.Frame) value.Value
	Body            func(fr *engine.Frame) value.Value
	RowVar, ColVar  string
	Expr            engine.Pos
}

// Grid reports whether the table has two for clauses (rows and columns).
func (tc *Code) Grid() bool { return tc.ColVar != "" }

// Whole returns the function that computes the whole table, or hands its
// rows to a RowFunc (compile.TableGen.Table): a table with one for clause
// given a RowFunc keeps none of its rows; a grid ignores it.
func (tc *Code) Whole() func(fr *engine.Frame, each RowFunc) *Table {
	rowLoop, rowIfs, rowLabel, body := tc.RowLoop, tc.RowIfs, tc.RowLabel, tc.Body
	colLoop, colIfs, colLabel := tc.ColLoop, tc.ColIfs, tc.ColLabel
	rowVar, colVar, expr := tc.RowVar, tc.ColVar, tc.Expr
	grid := tc.Grid()

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
		th.Doing = func() string { return doingOf(rowVar, done, last) }
		defer func() { th.Doing, each, last = doing, nil, value.None }()
		run(fr)
		fr.Stop = stop
		res := t
		t = nil
		return res
	}
}

// doingOf says how far a table being computed got: done rows, the
// last with label last for the row variable rowVar.
func doingOf(rowVar string, done int, last value.Value) string {
	if done == 0 {
		return Doing(rowVar, 0, "")
	}
	return Doing(rowVar, int64(done), value.Format(last))
}

// Doing says how far a table being computed got (what a limit's error
// and an interruption say): done rows, the last with label last (as text)
// for the row variable rowVar.
func Doing(rowVar string, done int64, last string) string {
	if done == 0 {
		return "computing the table's first row"
	}
	rows := "rows"
	if done == 1 {
		rows = "row"
	}
	return fmt.Sprintf("computing the table: %d %s done, the last for %s = %s", done, rows, rowVar, last)
}
