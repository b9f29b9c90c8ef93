package eval

import (
	"context"
	"sync"

	"github.com/grundy-lang/grundy/internal/engine"

	"github.com/grundy-lang/grundy/lang"
)

// This file holds the standard-library prelude: grundy sources (games and
// defs written in the language) and Go game families that every session
// sees in a scope outside its own, so that a script's declaration of the
// same name hides them.

type preludeSrc struct {
	name, src string
	file      *lang.File
}

var (
	preludes    []*preludeSrc
	preludeOnce sync.Once
)

// RegisterPrelude adds grundy source to the prelude of every session
// created afterwards. name is the file name its positions show (e.g.
// "<stdlib/games.game>"). The source must parse and resolve; an error is a
// panic when the first session is made.
func RegisterPrelude(name, src string) {
	preludes = append(preludes, &preludeSrc{name: name, src: src})
}

// PreludeSource returns the source of a registered prelude file, for
// error snippets.
func PreludeSource(name string) (string, bool) {
	for _, p := range preludes {
		if p.name == name {
			return p.src, true
		}
	}
	return "", false
}

// loadPrelude binds the Go game families and compiles and runs the
// prelude sources into s.prelude.
func (s *Session) loadPrelude() {
	preludeOnce.Do(func() {
		for _, p := range preludes {
			f, err := lang.ParseFile(p.name, p.src)
			if err != nil {
				panic("eval: prelude " + p.name + ": " + err.Error())
			}
			p.file = f
		}
	})
	for _, d := range engine.GoGames {
		var g *engine.Game
		if d.TakeBreak != nil {
			g = s.engine.TakeBreakGame(d.TakeBreak)
		} else {
			g = s.engine.NewGoGame(d)
		}
		s.prelude.names[d.Name] = &engine.Binding{Kind: bGame, Game: g}
	}
	for _, p := range preludes {
		if p.file == nil {
			continue // registered after the first session
		}
		c := &compiler{s: s, globals: s.globals, scope: s.prelude}
		code := c.compileFile(p.file, false)
		if len(c.errs) > 0 {
			panic("eval: prelude " + p.name + ": " + c.errs.Error())
		}
		s.globals = c.globals
		if err := s.run(context.Background(), code); err != nil {
			panic("eval: prelude " + p.name + ": " + err.Error())
		}
	}
	s.explain = nil // the user's declarations are explained, not the library's
}
