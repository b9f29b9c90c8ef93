package eval

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"unicode"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// This file holds what the embedding API (the module's root package) needs
// of a Session: definitions made by one Go program for one session (where
// a registry, Options.Registry, is shared by the sessions made with it),
// name lookups (LookupGame, CalledBuiltin), the prelude loaded when code
// first names it, and a check that a value belongs to the session.

// LoadFile is ExecFile that keeps nothing of a file that does not parse
// or resolve: the session's names are those it had before. A file that
// fails at run time keeps its declarations (the statements before the
// failing one have run).
func (s *Session) LoadFile(ctx context.Context, filename, src string) error {
	ctx, end := s.Begin(ctx)
	defer end()
	f, err := s.parse(filename, src, false)
	if err != nil {
		return err
	}
	names, globals := maps.Clone(s.top.Names), s.globals
	code, err := s.compile(f, false)
	if err != nil {
		s.top.Names, s.globals = names, max(globals, s.preludeEnd)
		return err
	}
	s.env.Th.NoteProgram("source", src)
	return s.run(ctx, code)
}

// DefineGame binds a Go game family in the session's prelude scope, so
// that scripts loaded afterwards see it like a standard-library game (a
// script's own declaration of the same name hides it). It returns the
// session's game. It is an error when the name is not an identifier, is a
// reserved word or a built-in, or is declared by the session's own code.
func (s *Session) DefineGame(d *engine.GameDef) (*engine.Game, error) {
	if d.Arity < 0 || d.Options == nil {
		return nil, fmt.Errorf("game %s needs an arity >= 0 and an Options function", d.Name)
	}
	if err := s.checkNewName(d.Name); err != nil {
		return nil, err
	}
	s.preludeForName(d.Name) // (the prelude's, loaded later, would hide it)
	g := s.env.Engine.NewGoGame(d)
	s.env.Th.ProgramKnown = false
	s.prelude.Names[d.Name] = resolve.Cell(d.Name, &engine.Binding{Kind: resolve.Game, Game: g})
	return g, nil
}

// DefineFunc binds a function written in Go in the session's prelude
// scope, like a built-in that only this session sees. The name rules are
// those of DefineGame.
func (s *Session) DefineFunc(b *engine.Builtin) error {
	if b.Fn == nil || b.MinArgs < 0 || b.MaxArgs >= 0 && b.MaxArgs < b.MinArgs {
		return fmt.Errorf("function %s needs a Fn and argument counts with 0 <= min <= max", b.BName)
	}
	if err := s.checkNewName(b.BName); err != nil {
		return err
	}
	s.preludeForName(b.BName)
	s.env.Th.ProgramKnown = false
	s.prelude.Names[b.BName] = resolve.Cell(b.BName, &engine.Binding{Kind: resolve.Builtin, Bi: b})
	return nil
}

// DefineValue binds name to a value in the session's prelude scope, as if
// a standard-library file said let name = v. The name rules are those of
// DefineGame; v must not be none.
func (s *Session) DefineValue(name string, v value.Value) error {
	if v.K == value.KNone {
		return fmt.Errorf("%s: cannot bind none", name)
	}
	if err := s.checkNewName(name); err != nil {
		return err
	}
	s.preludeForName(name)
	s.env.Th.ProgramKnown = false
	slot := s.globals
	s.globals++
	if len(s.env.Th.Globals) < s.globals {
		g := make([]value.Value, s.globals+16)
		copy(g, s.env.Th.Globals)
		s.env.Th.Globals = g
	}
	s.env.Th.Globals[slot] = v
	s.prelude.Names[name] = resolve.Cell(name, &engine.Binding{Kind: resolve.Global, Slot: slot})
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
	if s.env.Reg.Builtin(name) != nil {
		return fmt.Errorf("%q is a built-in function", name)
	}
	if _, ok := s.top.Names[name]; ok {
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
func (s *Session) LookupGame(name string) *engine.Game {
	s.preludeForName(name)
	if d := s.top.Lookup(name); d != nil && d.Kind == resolve.Game {
		return d.B.Game
	}
	return nil
}

// CalledBuiltin returns the built-in of the registry that call calls in
// the session's scope, as the resolve pass binds its callee: nil when the
// callee is not a name, or names a game, def or let of the session's
// code or of the standard library, or a function Go code defined, which
// hide the built-in of that name.
func (s *Session) CalledBuiltin(call *lang.Call) *engine.Builtin {
	id, ok := call.Fn.(*lang.Ident)
	if !ok {
		return nil
	}
	s.preludeForName(id.Name)
	resolve.Expr(s.u, resolve.NewScope(s.top), nil, id)
	return resolve.BuiltinOf(id)
}

// Owns reports whether every position and function inside v belongs to
// this session: values made by another session (or forgotten by Reset)
// must not be computed here, since their games' memo tables and move rules
// are the other session's.
func (s *Session) Owns(v value.Value) bool {
	// A stack of element lists, not recursion: values can nest without
	// bound.
	stack := [][]value.Value{{v}}
	for len(stack) > 0 {
		xs := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, v := range xs {
			switch v.K {
			case value.KTuple, value.KList, value.KSet:
				stack = append(stack, v.Elems())
			case value.KMap:
				m := v.Map()
				stack = append(stack, m.Keys, m.Vals)
			case value.KPos:
				p := v.Position()
				if !s.ownsGame(p.Game.(*engine.Game)) {
					return false
				}
				stack = append(stack, p.Args)
			case value.KSum:
				stack = append(stack, v.Parts())
			case value.KFunc:
				switch f := v.Callable().(type) {
				case *engine.Game:
					if !s.ownsGame(f) {
						return false
					}
				case *engine.Func:
					if !s.ownsFunc(f) {
						return false
					}
				}
			}
		}
	}
	return true
}

func (s *Session) ownsGame(g *engine.Game) bool {
	return g.Id < len(s.env.Engine.Games) && s.env.Engine.Games[g.Id] == g
}

func (s *Session) ownsFunc(f *engine.Func) bool {
	for _, sc := range []*resolve.Scope{s.top, s.prelude} {
		for _, d := range sc.Names {
			if d.Kind == resolve.Def && d.B.Fn == f {
				return true
			}
		}
	}
	return false
}

// The standard-library prelude: grundy sources (games and defs written in
// grundy) that every session sees in a scope outside the script's. A
// session compiles them when code first names one of their declarations,
// not when it starts: most scripts use none, and compiling them took a
// third of a short run's time. Until then their names are pending
// (resolve.Universe.Pending): suggested for a misspelt name as if
// declared, and a use the scan below did not see is caught by the
// resolve pass, which loads them and resolves again (retryPrelude).

// loadPrelude binds the registry's Go game families and notes the names
// of its prelude sources as pending.
func (s *Session) loadPrelude() {
	for _, d := range s.env.Reg.Games() {
		var g *engine.Game
		if d.TakeBreak != nil {
			g = s.env.Engine.TakeBreakGame(d.TakeBreak)
		} else {
			g = s.env.Engine.NewGoGame(d)
		}
		s.prelude.Names[d.Name] = resolve.Cell(d.Name, &engine.Binding{Kind: resolve.Game, Game: g})
	}
	if len(s.env.Reg.Preludes()) == 0 {
		return
	}
	s.u.Pending = map[string]bool{}
	for _, p := range s.env.Reg.Preludes() {
		for _, n := range p.Names() {
			s.u.Pending[n] = true
		}
	}
}

// preludeFor loads the prelude when statements name one of its pending
// declarations.
func (s *Session) preludeFor(sts []lang.Stmt) {
	if len(s.u.Pending) == 0 {
		return
	}
	used := false
	lang.InspectStmts(sts, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok && s.u.Pending[id.Name] {
			used = true
		}
		return !used
	})
	if used {
		s.loadPending()
	}
}

// preludeForName loads the prelude when it declares name.
func (s *Session) preludeForName(name string) {
	if s.u.Pending[name] {
		s.loadPending()
	}
}

// retryPrelude reports whether the resolve pass just met a use of a
// pending name (one preludeFor did not see): the prelude is now loaded,
// and the code is to be resolved again.
func (s *Session) retryPrelude() bool {
	if !s.u.Missed || len(s.u.Pending) == 0 {
		s.u.Missed = false
		return false
	}
	s.loadPending()
	return true
}

// loadPending compiles and runs the prelude sources into s.prelude. It
// may run in the middle of a call of the session (before that call
// resolves its code): the call's context, limits and explanations are
// left as they were, and the prelude runs without limits.
func (s *Session) loadPending() {
	th := s.env.Th
	explain, check, ctx := s.env.Explain, s.u.Check, th.Ctx
	s.u.Pending, s.u.Missed, s.u.Check, th.Ctx = nil, false, nil, context.Background()
	defer func() { s.env.Explain, s.u.Check, th.Ctx = explain, check, ctx }()
	for _, p := range s.env.Reg.Preludes() {
		f, err := p.File()
		if err != nil {
			panic("eval: prelude " + p.Name + ": " + err.Error())
		}
		ch := resolve.File(s.u, s.prelude, f, false, s.globals)
		c := compile.New(&s.env, ch.Globals)
		code := c.CompileFile(f, ch.End)
		if errs := resolve.MergeErrors(ch.Errs, c.Errs); len(errs) > 0 {
			panic("eval: prelude " + p.Name + ": " + errs.Error())
		}
		s.globals = c.Globals
		if len(th.Globals) < s.globals {
			g := make([]value.Value, s.globals+16)
			copy(g, th.Globals)
			th.Globals = g
		}
		fr := &engine.Frame{Slots: th.Globals, Th: th, Gen: th.Direct}
		for _, st := range code {
			st(fr)
		}
	}
	s.preludeEnd = s.globals
}
