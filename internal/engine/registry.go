package engine

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/grundy-lang/grundy/lang"
)

// Registry is what a session knows before its first line: the built-in
// functions, the game families written in Go, and the prelude sources
// (games and defs written in grundy) that every script sees in a scope
// outside its own. Package stdlib makes the standard one; a session takes
// a registry in its options, so two sessions of one program may see
// different built-ins. A registry is filled once and then only read:
// Seal forbids further additions (Clone makes an unsealed copy).
type Registry struct {
	builtins map[string]*Builtin
	games    []*GameDef
	preludes []*Prelude
	sealed   bool
}

// Prelude is a grundy source of a registry. Name is the file name its
// positions show (e.g. "<stdlib/games.game>").
type Prelude struct {
	Name, Src string
	once      sync.Once
	file      *lang.File
	err       error
	taken     atomic.Bool // file was given to a session
	namesOnce sync.Once
	names     []string
}

// File returns the prelude parsed: a tree of its own at each call, as
// the resolve pass writes what its names mean on the tree of a session
// (package resolve). Its source is parsed once for the registry's life,
// and again for each session after the first.
func (p *Prelude) File() (*lang.File, error) {
	p.once.Do(func() { p.file, p.err = lang.ParseFile(p.Name, p.Src) })
	if p.err != nil {
		return nil, p.err
	}
	if p.taken.CompareAndSwap(false, true) {
		return p.file, nil
	}
	return lang.ParseFile(p.Name, p.Src)
}

// Names are the names the prelude's top-level statements declare, read
// from its tokens (lang.DeclaredNames), without parsing it.
func (p *Prelude) Names() []string {
	p.namesOnce.Do(func() {
		for _, n := range lang.DeclaredNames(p.Name, p.Src) {
			p.names = append(p.names, n.Name)
		}
	})
	return p.names
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{builtins: map[string]*Builtin{}} }

func (r *Registry) mutable(what string) {
	if r.sealed {
		panic("engine: " + what + " on a sealed registry (Clone it first)")
	}
}

// Add adds a built-in; it panics on a name already taken (a programming
// error in the package that fills the registry).
func (r *Registry) Add(b *Builtin) {
	r.mutable("Add")
	if r.Taken(b.BName) {
		panic("engine: duplicate built-in " + b.BName)
	}
	r.builtins[b.BName] = b
}

// AddGame adds a Go game family, visible by name like a game of a
// prelude: a script's own declaration of the same name hides it. It
// panics on an invalid definition or a name already taken.
func (r *Registry) AddGame(d *GameDef) {
	r.mutable("AddGame")
	if d.Name == "" || d.Arity < 0 || d.Options == nil && d.TakeBreak == nil {
		panic("engine: AddGame needs a name, an arity >= 0 and an Options function")
	}
	if r.Taken(d.Name) {
		panic("engine: AddGame: the name " + d.Name + " is taken")
	}
	r.games = append(r.games, d)
}

// AddPrelude adds grundy source; it must parse and resolve (an error is a
// panic when the first session is made).
func (r *Registry) AddPrelude(name, src string) {
	r.mutable("AddPrelude")
	r.preludes = append(r.preludes, &Prelude{Name: name, Src: src})
}

// Taken reports whether name is a built-in or a Go game family.
func (r *Registry) Taken(name string) bool {
	if _, ok := r.builtins[name]; ok {
		return true
	}
	return slices.ContainsFunc(r.games, func(d *GameDef) bool { return d.Name == name })
}

// Seal forbids additions from now on.
func (r *Registry) Seal() { r.sealed = true }

// Clone returns an unsealed copy that shares the entries (and the parsed
// preludes).
func (r *Registry) Clone() *Registry {
	c := NewRegistry()
	for n, b := range r.builtins {
		c.builtins[n] = b
	}
	c.games = slices.Clone(r.games)
	c.preludes = slices.Clone(r.preludes)
	return c
}

// Builtin returns the built-in of that name, or nil.
func (r *Registry) Builtin(name string) *Builtin { return r.builtins[name] }

// Builtins returns the built-ins sorted by name.
func (r *Registry) Builtins() []*Builtin {
	out := make([]*Builtin, 0, len(r.builtins))
	for _, b := range r.builtins {
		out = append(out, b)
	}
	slices.SortFunc(out, func(a, b *Builtin) int { return strings.Compare(a.BName, b.BName) })
	return out
}

// Games returns the Go game families sorted by name.
func (r *Registry) Games() []*GameDef {
	out := slices.Clone(r.games)
	slices.SortFunc(out, func(a, b *GameDef) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// Preludes returns the prelude sources in the order they were added.
func (r *Registry) Preludes() []*Prelude { return r.preludes }

// Source returns the text of a prelude file by its name, for error
// snippets.
func (r *Registry) Source(name string) (string, bool) {
	for _, p := range r.preludes {
		if p.Name == name {
			return p.Src, true
		}
	}
	return "", false
}
