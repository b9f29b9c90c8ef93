package resolve

import (
	"fmt"
	"sort"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/lang"
)

// The kinds of binding a name has (engine.Binding.Kind).
const (
	Global  engine.BindKind = iota // a top-level let: a slot of the thread's globals
	Local                          // a parameter or a for clause's name: a slot of the frame
	Def                            // a def (Binding.Fn)
	Game                           // a declared game (Binding.Game)
	Builtin                        // a built-in of the registry (Binding.Bi)
)

// Resolver binds names: the scopes of the code being compiled and their
// slots, the errors found, and what a name or a call means without
// compiling anything (which game or built-in a call calls, whether a def
// inlines, whether a rule is pure).
type Resolver struct {
	Reg       *engine.Registry
	Passes    passes.Pass           // the passes switched on (On)
	LaterLets map[string]engine.Pos // the file's lets: an unknown name bound later says so
	BareEntry *lang.Ident           // the lone name of the REPL entry being compiled
	Errs      lang.ErrorList
	Scope     *Scope
	// FileScope is the scope of the file or REPL entry being compiled
	// (what def bodies and move rules see besides their own names).
	FileScope *Scope
	InFunc    bool           // compiling a def body or a game's moves
	Nslots    int            // slots of the function being compiled
	Globals   int            // global slots in use
	Inlining  []*engine.Func // defs whose bodies are being inlined (package compile)
	hidden    int            // hidden locals made for inlined arguments
}

// Scope is one level of names: a file's, a REPL entry's, a function's, a
// for clause's.
type Scope struct {
	Parent *Scope
	Names  map[string]*engine.Binding
}

// Lookup returns the binding name has in s or the scopes around it, or
// nil.
func (s *Scope) Lookup(name string) *engine.Binding {
	for ; s != nil; s = s.Parent {
		if b, ok := s.Names[name]; ok {
			return b
		}
	}
	return nil
}

// Push opens a scope inside the current one; Pop closes it.
func (r *Resolver) Push() { r.Scope = &Scope{Parent: r.Scope, Names: map[string]*engine.Binding{}} }

func (r *Resolver) Pop() { r.Scope = r.Scope.Parent }

// NewHidden binds a fresh hidden local for the argument of an inlined
// call passed for parameter param; it returns its name.
func (r *Resolver) NewHidden(param string) (string, *engine.Binding) {
	r.hidden++
	name := fmt.Sprintf("%s%s#%d", HiddenPrefix, param, r.hidden)
	return name, r.NewVar(name)
}

// NewVar binds name to a fresh slot in the innermost scope.
func (r *Resolver) NewVar(name string) *engine.Binding {
	var b *engine.Binding
	if r.InFunc {
		b = &engine.Binding{Kind: Local, Slot: r.Nslots}
		r.Nslots++
	} else {
		b = &engine.Binding{Kind: Global, Slot: r.Globals}
		r.Globals++
	}
	r.Scope.Names[name] = b
	return b
}

// visibleNames lists the names a reference could mean (for suggestions).
func (r *Resolver) visibleNames() []string {
	seen := map[string]bool{}
	for s := r.Scope; s != nil; s = s.Parent {
		for n := range s.Names {
			if !HiddenName(n) {
				seen[n] = true
			}
		}
	}
	for _, b := range r.Reg.Builtins() {
		seen[b.BName] = true
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Resolve returns the binding of a name, or reports it unknown (with a
// suggestion when one is near) and returns nil.
func (r *Resolver) Resolve(id *lang.Ident) *engine.Binding {
	if b := r.Scope.Lookup(id.Name); b != nil {
		return b
	}
	if bi := r.Reg.Builtin(id.Name); bi != nil {
		return &engine.Binding{Kind: Builtin, Bi: bi}
	}
	msg := fmt.Sprintf("unknown name %q", id.Name)
	if later, ok := r.LaterLets[id.Name]; ok && later.Offset > id.Pos.Offset {
		msg += fmt.Sprintf("; it is bound by a let at line %d, after this use", later.Line)
	} else if s := lang.Suggest(id.Name, r.visibleNames()); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	} else if s := lang.Suggest(id.Name, lang.StatementWords); s != "" && id == r.BareEntry && len(s) >= 4 {
		msg += fmt.Sprintf(" (did you mean the statement %q?)", s)
	}
	r.Errorf(id.Pos, "%s", msg)
	return nil
}

// Function runs f, which compiles a def body or a game's move rule, in a
// frame of its own: params bound to its first slots (as ints when
// intParams: the variant for int arguments). It returns the frame's
// size.
func (r *Resolver) Function(params []*lang.Name, intParams bool, f func()) int {
	saveScope, saveIn, saveN := r.Scope, r.InFunc, r.Nslots
	r.Scope = &Scope{Parent: r.TopScope(), Names: map[string]*engine.Binding{}}
	r.InFunc, r.Nslots = true, 0
	seen := map[string]bool{}
	for _, p := range params {
		if seen[p.Name] {
			r.Errorf(p.Pos, "parameter %q appears twice", p.Name)
		}
		seen[p.Name] = true
		r.NewVar(p.Name).IsInt = intParams
	}
	f()
	n := r.Nslots
	r.Scope, r.InFunc, r.Nslots = saveScope, saveIn, saveN
	return n
}

// TopScope is the file scope as seen from a declaration: the top-level
// lets so far plus all declarations (the outermost non-nil chain without
// for-body scopes).
func (r *Resolver) TopScope() *Scope {
	if r.FileScope != nil {
		return r.FileScope
	}
	s := r.Scope
	for s.Parent != nil && s.Parent.Parent != nil {
		s = s.Parent
	}
	return s
}

// Errorf records an error (once: game moves are compiled more than once).
func (r *Resolver) Errorf(pos engine.Pos, format string, args ...any) {
	e := lang.Errorf(pos, format, args...)
	for _, old := range r.Errs {
		if old.Pos == e.Pos && old.Msg == e.Msg {
			return // game moves are compiled twice
		}
	}
	r.Errs = append(r.Errs, e)
}

// IsSGCall reports whether e is sg(G) with the built-in sg.
func (r *Resolver) IsSGCall(e lang.Expr) bool { return r.IsQueryCall(e, engine.QuerySG) }

// IsQueryCall reports whether e calls, with one argument, the built-in
// whose Query is q.
func (r *Resolver) IsQueryCall(e lang.Expr, q engine.Query) bool {
	call, ok := e.(*lang.Call)
	if !ok || len(call.Args) != 1 {
		return false
	}
	bi := r.CalledBuiltin(call)
	return bi != nil && bi.Query == q
}

// CalledBuiltin returns the built-in that call calls by its name (not
// hidden by a def, game or local of that name), or nil.
func (r *Resolver) CalledBuiltin(call *lang.Call) *engine.Builtin {
	id, ok := call.Fn.(*lang.Ident)
	if !ok || r.Scope.Lookup(id.Name) != nil {
		return nil
	}
	return r.Reg.Builtin(id.Name)
}

// BuiltinCallee returns the built-in e calls, when it calls one by its
// name with a number of arguments it takes.
func (r *Resolver) BuiltinCallee(e *lang.Call) *engine.Builtin {
	bi := r.CalledBuiltin(e)
	if bi == nil || len(e.Args) < bi.MinArgs || bi.MaxArgs >= 0 && len(e.Args) > bi.MaxArgs {
		return nil
	}
	return bi
}

// LocalSlot is the slot of a local name (of any type), or -1.
func (r *Resolver) LocalSlot(e lang.Expr) int {
	if id, ok := e.(*lang.Ident); ok {
		if b := r.Scope.Lookup(id.Name); b != nil && b.Kind == Local {
			return b.Slot
		}
	}
	return -1
}

// PlainArg reports whether argument a is substituted as it is: an int
// literal or a local (which cannot fail to evaluate).
func (r *Resolver) PlainArg(a lang.Expr) bool {
	switch a := a.(type) {
	case *lang.IntLit:
		return true
	case *lang.Ident:
		b := r.Scope.Lookup(a.Name)
		return b != nil && b.Kind == Local
	}
	return false
}

// GameCallee returns the binding of the declared game a call names, if it
// does (with the right number of arguments).
func (r *Resolver) GameCallee(e *lang.Call) *engine.Binding {
	id, ok := e.Fn.(*lang.Ident)
	if !ok {
		return nil
	}
	b := r.Scope.Lookup(id.Name)
	if b == nil || b.Kind != Game || len(e.Args) != b.Game.NArgs {
		return nil
	}
	return b
}

// On reports whether the session runs pass p.
func (r *Resolver) On(p passes.Pass) bool { return r.Passes&p != 0 }
