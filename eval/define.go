package eval

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"unicode"

	"github.com/grundy-lang/grundy/lang"
)

// This file holds what the embedding API (the module's root package) needs
// of a Session: definitions made by one Go program for one session (not
// global like Register and RegisterGame), name lookups, and a check that a
// value belongs to the session.

// LoadFile is ExecFile that keeps nothing of a file that does not parse
// or resolve: the session's names are those it had before. A file that
// fails at run time keeps its declarations (the statements before the
// failing one have run).
func (s *Session) LoadFile(ctx context.Context, filename, src string) error {
	ctx, end := s.begin(ctx)
	defer end()
	f, err := s.parse(filename, src, false)
	if err != nil {
		return err
	}
	names, globals := maps.Clone(s.top.names), s.globals
	code, err := s.compile(f, false)
	if err != nil {
		s.top.names, s.globals = names, globals
		return err
	}
	return s.run(ctx, code)
}

// DefineGame binds a Go game family in the session's prelude scope, so
// that scripts loaded afterwards see it like a standard-library game (a
// script's own declaration of the same name hides it). It returns the
// session's game. It is an error when the name is not an identifier, is a
// reserved word or a built-in, or is declared by the session's own code.
func (s *Session) DefineGame(d *GameDef) (*Game, error) {
	if d.Arity < 0 || d.Options == nil {
		return nil, fmt.Errorf("game %s needs an arity >= 0 and an Options function", d.Name)
	}
	if err := s.checkNewName(d.Name); err != nil {
		return nil, err
	}
	g := s.engine.newGoGame(d)
	s.prelude.names[d.Name] = &binding{kind: bGame, game: g}
	return g, nil
}

// DefineFunc binds a function written in Go in the session's prelude
// scope, like a built-in that only this session sees. The name rules are
// those of DefineGame.
func (s *Session) DefineFunc(b *Builtin) error {
	if b.Fn == nil || b.MinArgs < 0 || b.MaxArgs >= 0 && b.MaxArgs < b.MinArgs {
		return fmt.Errorf("function %s needs a Fn and argument counts with 0 <= min <= max", b.BName)
	}
	if err := s.checkNewName(b.BName); err != nil {
		return err
	}
	s.prelude.names[b.BName] = &binding{kind: bBuiltin, bi: b}
	return nil
}

// DefineValue binds name to a value in the session's prelude scope, as if
// a standard-library file said let name = v. The name rules are those of
// DefineGame; v must not be none.
func (s *Session) DefineValue(name string, v Value) error {
	if v.k == KNone {
		return fmt.Errorf("%s: cannot bind none", name)
	}
	if err := s.checkNewName(name); err != nil {
		return err
	}
	slot := s.globals
	s.globals++
	if len(s.th.globals) < s.globals {
		g := make([]Value, s.globals+16)
		copy(g, s.th.globals)
		s.th.globals = g
	}
	s.th.globals[slot] = v
	s.prelude.names[name] = &binding{kind: bGlobal, slot: slot}
	return nil
}

// checkNewName reports why name cannot be defined by Go code.
func (s *Session) checkNewName(name string) error {
	if !isIdent(name) {
		return fmt.Errorf("%q is not a name (a letter or _, then letters, digits and _)", name)
	}
	if slices.Contains(lang.Keywords, name) {
		return fmt.Errorf("%q is a reserved word", name)
	}
	if _, ok := builtins[name]; ok {
		return fmt.Errorf("%q is a built-in function", name)
	}
	if _, ok := s.top.names[name]; ok {
		return fmt.Errorf("%q is already declared by the loaded code", name)
	}
	return nil
}

func isIdent(name string) bool {
	if name == "" {
		return false
	}
	for i, r := range name {
		if r != '_' && !unicode.IsLetter(r) && (i == 0 || !unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

// LookupGame returns the game family a script would mean by name: one its
// code declared, a Go family, or a standard-library game; nil when the name
// is not a game.
func (s *Session) LookupGame(name string) *Game {
	if b := s.top.lookup(name); b != nil && b.kind == bGame {
		return b.game
	}
	return nil
}

// Owns reports whether every position and function inside v belongs to
// this session: values made by another session (or forgotten by Reset)
// must not be computed here, since their games' memo tables and move rules
// are the other session's.
func (s *Session) Owns(v Value) bool {
	// A stack of element lists, not recursion: values can nest without
	// bound.
	stack := [][]Value{{v}}
	for len(stack) > 0 {
		xs := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, v := range xs {
			switch v.k {
			case KTuple, KList, KSet:
				stack = append(stack, v.Elems())
			case KMap:
				m := v.Map()
				stack = append(stack, m.Keys, m.Vals)
			case KPos:
				p := v.Position()
				if !s.ownsGame(p.Game) {
					return false
				}
				stack = append(stack, p.Args)
			case KSum:
				stack = append(stack, v.Parts())
			case KFunc:
				switch f := v.Callable().(type) {
				case *Game:
					if !s.ownsGame(f) {
						return false
					}
				case *Func:
					if !s.ownsFunc(f) {
						return false
					}
				}
			}
		}
	}
	return true
}

func (s *Session) ownsGame(g *Game) bool {
	return g.id < len(s.engine.games) && s.engine.games[g.id] == g
}

func (s *Session) ownsFunc(f *Func) bool {
	for _, sc := range []*scope{s.top, s.prelude} {
		for _, b := range sc.names {
			if b.kind == bDef && b.fn == f {
				return true
			}
		}
	}
	return false
}

// CheckArgs runs a Go family's argument check on the arguments of a new
// position (nil for a declared game, or a family without a check).
func (g *Game) CheckArgs(args []Value) error {
	if g.check != nil {
		return g.check(args)
	}
	return nil
}
