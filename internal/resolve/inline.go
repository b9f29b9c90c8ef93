package resolve

import (
	"strings"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/lang"
)

// How far inlining goes: the size of a body inlined, and how many inlined
// calls deep.
const (
	MaxInlineSize  = 60 // expression nodes of a body
	MaxInlineDepth = 8
)

// HiddenPrefix starts the names of the hidden locals of inlined calls: no
// source name can start so, and none of them is ever shown (suggestions,
// Names).
const HiddenPrefix = "\x00"

// HiddenName reports whether n is the name of a hidden local.
func HiddenName(n string) bool { return strings.HasPrefix(n, HiddenPrefix) }

// Inlinable returns the def e calls when inlining it is allowed at all
// (package compile's Inliner), else nil.
func (r *Resolver) Inlinable(e *lang.Call) *engine.Func {
	if !r.On(passes.Inline) || len(r.Inlining) >= MaxInlineDepth {
		return nil
	}
	id, ok := e.Fn.(*lang.Ident)
	if !ok {
		return nil
	}
	b := r.Scope.Lookup(id.Name)
	if b == nil || b.Kind != Def || b.Fn.Decl == nil || b.Fn.Free == nil || RecursiveNow(b.Fn) {
		return nil
	}
	if len(lang.ParamNames(b.Fn.Decl.Params)) != len(e.Args) {
		return nil
	}
	return b.Fn
}

// RecordFree notes, when a def's body is compiled, the binding each of its
// free names has there (inlining checks the call sees the same ones), and
// whether the def can reach itself through the defs its body calls.
func (r *Resolver) RecordFree(fn *engine.Func, body lang.Expr) {
	params := map[string]bool{}
	for _, p := range fn.Params {
		params[p] = true
	}
	free := map[string]*engine.Binding{}
	lang.Inspect(body, func(x lang.Expr) bool {
		if x, ok := x.(*lang.Ident); ok && !params[x.Name] {
			free[x.Name] = r.Scope.Lookup(x.Name)
		}
		return true
	})
	fn.Free = free
	fn.RecursiveKnown = false
	RecursiveNow(fn)
}

// reaches reports whether def from calls def to, directly or through other
// defs, by the names its body's free names were bound to (unknown bodies
// count as reaching).
// unknown is set when a def on the way is not compiled yet (its free
// names are not known): then it counts as reaching, for now.
func reaches(from, to *engine.Func, seen map[*engine.Func]bool, unknown *bool) bool {
	if seen[from] {
		return false
	}
	seen[from] = true
	if from.Decl == nil {
		return true
	}
	for _, b := range from.Free {
		if b == nil || b.Kind != Def {
			continue
		}
		if b.Fn == to {
			return true
		}
		if b.Fn.Free == nil {
			*unknown = true
			return true
		}
		if reaches(b.Fn, to, seen, unknown) {
			return true
		}
	}
	return false
}

// RecursiveNow reports whether def fn can reach itself. A def compiled
// before a def it calls (def piece(a, b) = part(a, b), then def part)
// counted as recursive then; it is asked again once that one is compiled,
// so forward references do not stop inlining.
func RecursiveNow(fn *engine.Func) bool {
	if !fn.RecursiveKnown {
		unknown := false
		fn.Recursive = reaches(fn, fn, map[*engine.Func]bool{}, &unknown)
		fn.RecursiveKnown = !unknown
	}
	return fn.Recursive
}

// IntClosedDef reports whether fn's body, with int parameters, is
// int-closed where it is being compiled: every name it uses besides its
// parameters means the same here as in the def and is an int global, and
// every def it calls is int-closed too.
func (r *Resolver) IntClosedDef(fn *engine.Func, depth int) bool {
	if len(r.Inlining)+depth >= MaxInlineDepth {
		return false
	}
	params := map[string]bool{}
	for _, p := range lang.ParamNames(fn.Decl.Params) {
		params[p.Name] = true
	}
	size := 0
	return IntArith(fn.Decl.Body, func(x lang.Expr) bool {
		if size++; size > MaxInlineSize {
			return false
		}
		if id, ok := x.(*lang.Ident); ok && !params[id.Name] {
			b := r.Scope.Lookup(id.Name)
			return b != nil && b == fn.Free[id.Name] && b.Kind == Global && b.IsInt
		}
		return true
	}, func(x *lang.Call) bool {
		id, ok := x.Fn.(*lang.Ident)
		if !ok {
			return false
		}
		b := r.Scope.Lookup(id.Name)
		if b == nil || b != fn.Free[id.Name] || b.Kind != Def {
			return false
		}
		callee := b.Fn
		if callee.Decl == nil || callee.Free == nil || RecursiveNow(callee) ||
			len(lang.ParamNames(callee.Decl.Params)) != len(x.Args) {
			return false
		}
		return r.IntClosedDef(callee, depth+1)
	})
}

// IntPure reports whether e is int arithmetic only, here: int literals,
// int names, - + * / % ^, if with comparisons of such, and calls of
// int-closed defs with such arguments (nothing that asks for a value).
func (r *Resolver) IntPure(e lang.Expr) bool {
	return IntArith(e, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok {
			b := r.Scope.Lookup(id.Name)
			return b != nil && b.IsInt && (b.Kind == Local || b.Kind == Global)
		}
		return true
	}, func(x *lang.Call) bool {
		fn := r.Inlinable(x)
		return fn != nil && r.IntClosedDef(fn, 0)
	})
}
