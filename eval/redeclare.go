package eval

import "github.com/grundy-lang/grundy/lang"

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
func (s *Session) recompileDependents(changed map[*binding]bool, entry []*binding) {
	skip := map[*binding]bool{}
	for _, b := range entry {
		skip[b] = true
	}
	for _, b := range s.top.names {
		if skip[b] {
			continue
		}
		switch {
		case b.kind == bDef && b.fn.decl != nil:
			if reachesCell(s, defNames(b.fn.decl), b.fn.free, changed) {
				s.recompile(s.top, b)
			}
		case b.kind == bGame && b.game.decl != nil:
			if reachesCell(s, gameNames(b.game.decl), nil, changed) {
				s.recompile(s.top, b)
			}
		}
	}
}

// recompile compiles one declaration again in scope. A declaration that
// no longer compiles (a def it calls now takes other arguments) fails
// when run, with the error, as a call through the cell would.
func (s *Session) recompile(scope *scope, b *binding) {
	c := &compiler{s: s, globals: s.globals, scope: scope, fileScope: scope}
	switch {
	case b.kind == bDef && b.fn.decl != nil:
		d := b.fn.decl
		c.compileDef(b.fn, d)
		if len(c.errs) > 0 {
			err := c.errs[0]
			b.fn.body = func(*frame) Value { fail(err.Pos, "%s", err.Msg); return None }
			b.fn.bodyInt = nil
		}
	case b.kind == bGame && b.game.decl != nil:
		c.compileGame(b.game, b.game.decl)
		if len(c.errs) > 0 {
			err := c.errs[0]
			bad := func(*frame) { fail(err.Pos, "%s", err.Msg) }
			g := b.game
			g.genSG, g.genVal, g.genSGInt, g.genValInt, g.sweep = bad, bad, bad, bad, nil
		}
	}
	s.globals = max(s.globals, c.globals)
}

func defNames(d *lang.DefStmt) []string { return freeNames(d.Body) }

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
func reachesCell(s *Session, names []string, free map[string]*binding, changed map[*binding]bool) bool {
	seen := map[*Func]bool{}
	var walk func(names []string, free map[string]*binding) bool
	walk = func(names []string, free map[string]*binding) bool {
		for _, n := range names {
			var b *binding
			if free != nil {
				b = free[n]
			} else {
				b = s.top.lookup(n)
			}
			if b == nil {
				continue
			}
			if changed[b] {
				return true
			}
			if b.kind == bDef && b.fn.decl != nil && !seen[b.fn] {
				seen[b.fn] = true
				if walk(defNames(b.fn.decl), b.fn.free) {
					return true
				}
			}
		}
		return false
	}
	return walk(names, free)
}
