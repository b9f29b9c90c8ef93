package compile

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/table"

	"github.com/grundy-lang/grundy/lang"
)

// TableGen is what package table compiles table statements with
// (table.Gen): table.Stmt, table.Whole and table.Sharded.
type TableGen struct{ c *Compiler }

// Table compiles st into a function that computes its Table (table.Whole).
func (g *TableGen) Table(st *lang.TableStmt) func(fr *engine.Frame, each table.RowFunc) *table.Table {
	return table.Whole(g, st)
}

// Sharded compiles st into a worker's pass over it (table.Sharded).
func (g *TableGen) Sharded(st *lang.TableStmt) func(fr *engine.Frame, sh table.Shard) {
	return table.Sharded(g, st)
}

// Errorf reports an error.
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
