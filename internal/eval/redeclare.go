package eval

import (
	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Redeclaration in the REPL. A REPL entry that declares a game or def
// again writes the new declaration into the old binding's cell, so that
// code compiled before calls the new one. Code compiled before may also
// have a def's body built in (inlined, a wrapper seen through, a guard
// turned into a bound) or have been judged pure from it: that code is
// compiled again, so the REPL compiles with inlining as `grundy run` does
// and runs at the same speed. Only declarations that reach a changed cell
// through the defs they name are compiled again; the others keep their
// code, which reads the cells at run time.

// recompileDependents compiles again every older game and def of the
// session whose code may have built in the declaration of a cell in
// changed (entry, compiled just now, excepted).
func (s *Session) recompileDependents(changed map[*engine.Binding]bool, entry []*resolve.Decl) {
	skip := map[*resolve.Decl]bool{}
	for _, d := range entry {
		skip[d] = true
	}
	for _, d := range s.top.Names {
		if skip[d] {
			continue
		}
		switch b := d.B; {
		case d.Kind == resolve.Def && b.Fn.Decl != nil:
			if reachesCell(s, defNames(b.Fn.Decl), b.Fn.Free, changed) {
				s.recompile(s.top, d)
			}
		case d.Kind == resolve.Game && b.Game.Decl != nil:
			if reachesCell(s, gameNames(b.Game.Decl), nil, changed) {
				s.recompile(s.top, d)
			}
		}
	}
}

// recompile resolves and compiles one declaration again in scope. A
// declaration that no longer compiles (a def it calls now takes other
// arguments) fails when run, with the error, as a call through the cell
// would.
func (s *Session) recompile(scope *resolve.Scope, d *resolve.Decl) {
	c := compile.New(&s.env, s.globals)
	var errs lang.ErrorList
	switch b := d.B; {
	case d.Kind == resolve.Def && b.Fn.Decl != nil:
		ch := resolve.Declaration(s.u, scope, s.later, b.Fn.Decl, d)
		c.CompileDef(b.Fn, b.Fn.Decl)
		if errs = resolve.MergeErrors(c.Errs, ch.Errs); len(errs) > 0 {
			err := errs[0]
			b.Fn.Body = func(*engine.Frame) value.Value { value.Fail(err.Pos, "%s", err.Msg); return value.None }
			b.Fn.BodyInt = nil
		}
	case d.Kind == resolve.Game && b.Game.Decl != nil:
		ch := resolve.Declaration(s.u, scope, s.later, b.Game.Decl, d)
		c.CompileGame(b.Game, b.Game.Decl)
		if errs = resolve.MergeErrors(c.Errs, ch.Errs); len(errs) > 0 {
			err := errs[0]
			bad := func(*engine.Frame) { value.Fail(err.Pos, "%s", err.Msg) }
			g := b.Game
			g.GenSG, g.GenVal, g.GenSGInt, g.GenValInt, g.Sweep, g.RowSweep = bad, bad, bad, bad, nil, nil
		}
	}
	s.globals = max(s.globals, c.Globals)
}

func defNames(d *lang.DefStmt) []string { return resolve.FreeNames(d.Body) }

func gameNames(d *lang.GameStmt) []string {
	var names []string
	add := func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok {
			names = append(names, id.Name)
		}
		return true
	}
	for _, a := range d.Alts {
		alt := a.(*lang.Alt)
		lang.Inspect(alt.Body, add)
		lang.InspectClauses(alt.Clauses, add)
	}
	return names
}

// reachesCell reports whether names (resolved through free, or the
// session's top scope) reach a cell of changed, directly or through the
// bodies of the defs they name.
func reachesCell(s *Session, names []string, free map[string]*engine.Binding, changed map[*engine.Binding]bool) bool {
	seen := map[*engine.Func]bool{}
	var walk func(names []string, free map[string]*engine.Binding) bool
	walk = func(names []string, free map[string]*engine.Binding) bool {
		for _, n := range names {
			var b *engine.Binding
			if free != nil {
				b = free[n]
			} else if d := s.top.Lookup(n); d != nil {
				b = d.B
			}
			if b == nil {
				continue
			}
			if changed[b] {
				return true
			}
			if b.Kind == resolve.Def && b.Fn.Decl != nil && !seen[b.Fn] {
				seen[b.Fn] = true
				if walk(defNames(b.Fn.Decl), b.Fn.Free) {
					return true
				}
			}
		}
		return false
	}
	return walk(names, free)
}
