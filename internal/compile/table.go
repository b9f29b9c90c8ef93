package compile

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/table"

	"github.com/grundy-lang/grundy/lang"
)

// TableGen compiles table statements to the Code package table runs.
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

// Table compiles the clauses and expression of a Table statement into a
// function that computes the Table. Given a RowFunc, a table with one for
// clause hands each row to it as soon as it is computed and keeps none
// (the Table returned has no rows); a grid ignores it.
func (g *TableGen) Table(st *lang.TableStmt) func(fr *engine.Frame, each table.RowFunc) *table.Table {
	tc := g.code(st)
	if tc == nil {
		return func(*engine.Frame, table.RowFunc) *table.Table { return &table.Table{} }
	}
	return tc.Whole()
}

// Sharded compiles a table statement into a function that runs a
// worker's pass over it, computing the rows sh gives it.
func (g *TableGen) Sharded(st *lang.TableStmt) func(fr *engine.Frame, sh table.Shard) {
	tc := g.code(st)
	if tc == nil {
		return func(*engine.Frame, table.Shard) {}
	}
	return tc.Sharded()
}

// code compiles st (table.FromSyntax).
func (g *TableGen) code(st *lang.TableStmt) *table.Code { return table.FromSyntax(g, st) }

// Errorf reports an error (what table.FromSyntax reads, with Clauses,
// Expr and Slot).
func (g *TableGen) Errorf(pos engine.Pos, format string, args ...any) {
	g.c.Errorf(pos, format, args...)
}

// Clauses compiles clauses.
func (g *TableGen) Clauses(cls []lang.Clause) func(body func(fr *engine.Frame)) func(fr *engine.Frame) {
	return g.c.Vals.Clauses(cls)
}

// Expr compiles an expression.
func (g *TableGen) Expr(e lang.Expr) engine.EvalFn { return g.c.Vals.Expr(e) }

// Slot is the slot of the name n declares.
func (g *TableGen) Slot(n *lang.Name) int { return g.c.Var(n).Slot }
