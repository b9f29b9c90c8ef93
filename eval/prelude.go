package eval

import (
	"context"

	"github.com/grundy-lang/grundy/internal/engine"
)

// This file holds the standard-library prelude: grundy sources (games and
// defs written in the language) and Go game families that every session
// sees in a scope outside its own, so that a script's declaration of the
// same name hides them.

// loadPrelude binds the Go game families and compiles and runs the
// prelude sources into s.prelude.
func (s *Session) loadPrelude() {
	for _, d := range s.reg.Games() {
		var g *engine.Game
		if d.TakeBreak != nil {
			g = s.engine.TakeBreakGame(d.TakeBreak)
		} else {
			g = s.engine.NewGoGame(d)
		}
		s.prelude.names[d.Name] = &engine.Binding{Kind: bGame, Game: g}
	}
	for _, p := range s.reg.Preludes() {
		f, err := p.File()
		if err != nil {
			panic("eval: prelude " + p.Name + ": " + err.Error())
		}
		c := &compiler{s: s, globals: s.globals, scope: s.prelude}
		code := c.compileFile(f, false)
		if len(c.errs) > 0 {
			panic("eval: prelude " + p.Name + ": " + c.errs.Error())
		}
		s.globals = c.globals
		if err := s.run(context.Background(), code); err != nil {
			panic("eval: prelude " + p.Name + ": " + err.Error())
		}
	}
	s.explain = nil // the user's declarations are explained, not the library's
}
