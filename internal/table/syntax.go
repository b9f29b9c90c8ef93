package table

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Gen is what making a Code from a table statement reads of the compiler
// (package compile's TableGen).
type Gen interface {
	// Errorf reports an error at pos.
	Errorf(pos engine.Pos, format string, args ...any)
	// Clauses compiles clauses: their loops around a body.
	Clauses(cls []lang.Clause) func(body func(fr *engine.Frame)) func(fr *engine.Frame)
	// Expr compiles an expression.
	Expr(e lang.Expr) engine.EvalFn
	// Slot is the slot of the name n declares, as its clause, just
	// compiled, bound it.
	Slot(n *lang.Name) int
}

// FromSyntax compiles table statement st into its Code: nil (the error
// reported) when it has no for clause or more than two.
func FromSyntax(g Gen, st *lang.TableStmt) *Code {
	// Split the clauses: up to and including the first for (rows), the
	// ifs after it, the second for (columns), the ifs after that.
	var segs [4][]lang.Clause
	var fors []*lang.ForClause
	seg := 0
	for _, cl := range st.Clauses {
		if f, ok := cl.(*lang.ForClause); ok {
			fors = append(fors, f)
			if len(fors) > 2 {
				g.Errorf(f.Pos, "a table has at most two for clauses (its rows and its columns); this is a third")
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
		g.Errorf(st.Pos, "a table needs a for clause (table EXPR for NAME in EXPR)")
		return nil
	}
	tc := &Code{RowVar: fors[0].Target.String(), Expr: lang.Start(st.Body)}
	tc.RowLoop = g.Clauses(segs[0])
	tc.RowLabel = label(g, fors[0].Target)
	tc.RowIfs = g.Clauses(segs[1])
	if len(fors) == 2 {
		tc.ColLoop = g.Clauses(segs[2])
		tc.ColLabel = label(g, fors[1].Target)
		tc.ColIfs = g.Clauses(segs[3])
		tc.ColVar = fors[1].Target.String()
	}
	tc.Body = g.Expr(st.Body)
	return tc
}

// label returns the code that reads the value a for clause's pattern was
// bound to (its clause just compiled): the element for a name, the tuple
// of the names' values for a tuple pattern.
func label(g Gen, p *lang.Pattern) func(fr *engine.Frame) value.Value {
	slots := make([]int, len(p.Names))
	for i, n := range p.Names {
		// (A name the pattern binds twice reads its last place.)
		for _, m := range p.Names[i+1:] {
			if m.Name == n.Name {
				n = m
			}
		}
		slots[i] = g.Slot(n)
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

// Stmt compiles a table statement that prints the table (Text), a line
// at a time, once all of its cells are computed.
func Stmt(g Gen, st *lang.TableStmt) func(fr *engine.Frame) {
	build := Whole(g, st)
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

// Whole compiles the clauses and expression of a table statement into a
// function that computes the Table. Given a RowFunc, a table with one for
// clause hands each row to it as soon as it is computed and keeps none
// (the Table returned has no rows); a grid ignores it.
func Whole(g Gen, st *lang.TableStmt) func(fr *engine.Frame, each RowFunc) *Table {
	if tc := FromSyntax(g, st); tc != nil {
		return tc.Whole()
	}
	return func(*engine.Frame, RowFunc) *Table { return &Table{} }
}

// Sharded compiles a table statement into a function that runs a
// worker's pass over it, computing the rows sh gives it.
func Sharded(g Gen, st *lang.TableStmt) func(fr *engine.Frame, sh Shard) {
	if tc := FromSyntax(g, st); tc != nil {
		return tc.Sharded()
	}
	return func(*engine.Frame, Shard) {}
}
