package resolve

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/lang"
)

// How far inlining goes: the size of a body inlined, how many inlined
// calls deep, and the size of a body with the bodies of the defs it
// calls inlined in turn (InlineSize): a def that calls a def twice, which
// calls another twice, ..., inlined 2^MaxInlineDepth bodies at each call
// (a chain of 6,000 such defs compiled 2.3 GB of code).
const (
	MaxInlineSize      = 60 // expression nodes of a body
	MaxInlineDepth     = 8
	MaxInlineExpansion = 8 * MaxInlineSize
)

// Same reports whether every name of the body of the def e calls means
// at e what it means in the def (the resolve pass found it: lang.Call.Site).
func Same(e *lang.Call) bool { return SiteOf(e).Same(calleeDecl(e)) }

// SameLoose is Same with a name unknown both in the def and at e taken to
// mean the same.
func SameLoose(e *lang.Call) bool { return SiteOf(e).Loose(calleeDecl(e)) }

// calleeDecl is the declaration of the name e calls, or nil.
func calleeDecl(e *lang.Call) *Decl {
	if id, ok := e.Fn.(*lang.Ident); ok {
		return Of(id)
	}
	return nil
}

// DropsArgs reports whether substituting call e's arguments for the
// parameters of def fn (Substitute) would skip evaluating one that could
// fail: an argument other than a literal or a local name whose parameter
// the body does not read (the call evaluates it all the same).
func DropsArgs(fn *engine.Func, e *lang.Call) bool {
	index := ParamIndex(fn)
	read := make([]bool, len(e.Args))
	lang.Inspect(fn.Decl.Body, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok {
			if j, ok := index[Of(id)]; ok && j < len(read) {
				read[j] = true
			}
		}
		return true
	})
	for j, a := range e.Args {
		switch a := a.(type) {
		case *lang.IntLit, *lang.StrLit, *lang.BoolLit:
			continue
		case *lang.Ident:
			if d := Of(a); d != nil && d.Kind == Local {
				continue
			}
		}
		if !read[j] {
			return true
		}
	}
	return false
}

// ParamIndex maps the declarations of the parameters of def fn to their
// places (Substitute).
func ParamIndex(fn *engine.Func) map[*Decl]int {
	index := map[*Decl]int{}
	for i, p := range lang.ParamNames(fn.Decl.Params) {
		index[NameDecl(p)] = i
	}
	return index
}

// RecordFree notes, when the body of def fn (declared by d) is compiled,
// the binding each of its free names has there (what the resolve pass
// found: d.Free), and whether the def can reach itself through the defs
// its body calls.
func RecordFree(fn *engine.Func, d *Decl) {
	Forget(fn)
	free := map[string]*engine.Binding{}
	if d != nil {
		for name, fd := range d.Free {
			var b *engine.Binding
			if fd != nil {
				b = fd.B
			}
			free[name] = b
		}
	}
	fn.Free = free
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
		if b.Fn.RecursiveKnown && !b.Fn.Recursive {
			// A def known not to reach itself does not reach to, which
			// reaches it: the walk stops there (a chain of n defs, each
			// calling the one before, walked O(n^2) defs).
			continue
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
// so forward references do not stop inlining. What it found holds while
// the cells of the defs keep their defs: a REPL entry that declares a
// def again forgets it for every def (Forget).
func RecursiveNow(fn *engine.Func) bool {
	if !fn.RecursiveKnown {
		unknown := false
		fn.Recursive = reaches(fn, fn, map[*engine.Func]bool{}, &unknown)
		fn.RecursiveKnown = !unknown
	}
	return fn.Recursive
}

// Forget forgets what was found of def fn from the defs it reaches
// (RecursiveNow, InlineSize): one of them was declared again.
func Forget(fn *engine.Func) { fn.RecursiveKnown, fn.InlineSize = false, 0 }

// InlineSize is the size of the body of def fn (not recursive) with the
// bodies of the defs it calls that are not recursive counted in at their
// calls, in turn (whether or not they would be inlined there): what
// inlining a call of fn compiles at most. It stops counting past
// MaxInlineExpansion. What it found is kept in fn while every def on the
// way is compiled.
func InlineSize(fn *engine.Func) int {
	if fn.InlineSize > 0 {
		return fn.InlineSize
	}
	size, known := 0, true
	lang.Inspect(fn.Decl.Body, func(x lang.Expr) bool {
		if size > MaxInlineExpansion {
			return false
		}
		size++
		c, ok := x.(*lang.Call)
		if !ok {
			return true
		}
		id, ok := c.Fn.(*lang.Ident)
		if !ok {
			return true
		}
		if d := Of(id); d != nil && d.Kind == Def && d.B != nil && d.B.Fn != nil && d.B.Fn.Decl != nil {
			switch callee := d.B.Fn; {
			case callee.Free == nil:
				known = false // not compiled yet
			case !RecursiveNow(callee):
				size += InlineSize(callee)
			case !callee.RecursiveKnown:
				known = false // recursive for now: a def on its way is not compiled yet
			}
		}
		return true
	})
	size = min(size, MaxInlineExpansion+1)
	if known {
		fn.InlineSize = size
	}
	return size
}
