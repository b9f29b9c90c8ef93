package compile

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/table"
	"github.com/grundy-lang/grundy/internal/value"

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

// code compiles st; nil (with the error reported) when it has no for
// clause or more than two.
func (g *TableGen) code(st *lang.TableStmt) *table.Code {
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
	tc := &table.Code{RowVar: fors[0].Target.String(), Expr: lang.Start(st.Body)}
	tc.RowLoop = g.c.Vals.Clauses(segs[0])
	tc.RowLabel = g.label(fors[0].Target)
	tc.RowIfs = g.c.Vals.Clauses(segs[1])
	if len(fors) == 2 {
		tc.ColLoop = g.c.Vals.Clauses(segs[2])
		tc.ColLabel = g.label(fors[1].Target)
		tc.ColIfs = g.c.Vals.Clauses(segs[3])
		tc.ColVar = fors[1].Target.String()
	}
	tc.Body = g.c.Vals.Expr(st.Body)
	return tc
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
