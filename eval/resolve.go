package eval

import (
	"fmt"
	"sort"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/lang"
)

const (
	bGlobal engine.BindKind = iota
	bLocal
	bDef
	bGame
	bBuiltin
)

// resolver binds names: the scopes of the code being compiled and their
// slots, the errors found, and what a name or a call means without
// compiling anything (which game or built-in a call calls, whether a def
// inlines, whether a rule is pure).
type resolver struct {
	reg       *engine.Registry
	passes    engine.Pass           // the passes switched on (on)
	laterLets map[string]engine.Pos // the file's lets: an unknown name bound later says so
	bareEntry *lang.Ident           // the lone name of the REPL entry being compiled
	errs      lang.ErrorList
	scope     *scope
	// fileScope is the scope of the file or REPL entry being compiled
	// (what def bodies and move rules see besides their own names).
	fileScope *scope
	inFunc    bool           // compiling a def body or a game's moves
	nslots    int            // slots of the function being compiled
	globals   int            // global slots in use
	inlining  []*engine.Func // defs whose bodies are being inlined (inline.go)
	hidden    int            // hidden locals made for inlined arguments
}

type scope struct {
	parent *scope
	names  map[string]*engine.Binding
}

func (s *scope) Lookup(name string) *engine.Binding {
	for ; s != nil; s = s.parent {
		if b, ok := s.names[name]; ok {
			return b
		}
	}
	return nil
}

func (c *resolver) push() { c.scope = &scope{parent: c.scope, names: map[string]*engine.Binding{}} }

func (c *resolver) pop() { c.scope = c.scope.parent }

// newHidden binds a fresh hidden local for the argument of an inlined
// call passed for parameter param; it returns its name.
func (c *resolver) newHidden(param string) (string, *engine.Binding) {
	c.hidden++
	name := fmt.Sprintf("%s%s#%d", hiddenPrefix, param, c.hidden)
	return name, c.newVar(name)
}

// newVar binds name to a fresh slot in the innermost scope.
func (c *resolver) newVar(name string) *engine.Binding {
	var b *engine.Binding
	if c.inFunc {
		b = &engine.Binding{Kind: bLocal, Slot: c.nslots}
		c.nslots++
	} else {
		b = &engine.Binding{Kind: bGlobal, Slot: c.globals}
		c.globals++
	}
	c.scope.names[name] = b
	return b
}

// visibleNames lists the names a reference could mean (for suggestions).
func (c *resolver) visibleNames() []string {
	seen := map[string]bool{}
	for s := c.scope; s != nil; s = s.parent {
		for n := range s.names {
			if !hiddenName(n) {
				seen[n] = true
			}
		}
	}
	for _, b := range c.reg.Builtins() {
		seen[b.BName] = true
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func (c *resolver) resolve(id *lang.Ident) *engine.Binding {
	if b := c.scope.Lookup(id.Name); b != nil {
		return b
	}
	if bi := c.reg.Builtin(id.Name); bi != nil {
		return &engine.Binding{Kind: bBuiltin, Bi: bi}
	}
	msg := fmt.Sprintf("unknown name %q", id.Name)
	if later, ok := c.laterLets[id.Name]; ok && later.Offset > id.Pos.Offset {
		msg += fmt.Sprintf("; it is bound by a let at line %d, after this use", later.Line)
	} else if s := lang.Suggest(id.Name, c.visibleNames()); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	} else if s := lang.Suggest(id.Name, lang.StatementWords); s != "" && id == c.bareEntry && len(s) >= 4 {
		msg += fmt.Sprintf(" (did you mean the statement %q?)", s)
	}
	c.errorf(id.Pos, "%s", msg)
	return nil
}

// function compiles a def body or game move rule in its own frame.
func (c *resolver) function(params []*lang.Name, intParams bool, f func()) int {
	saveScope, saveIn, saveN := c.scope, c.inFunc, c.nslots
	c.scope = &scope{parent: c.topScope(), names: map[string]*engine.Binding{}}
	c.inFunc, c.nslots = true, 0
	seen := map[string]bool{}
	for _, p := range params {
		if seen[p.Name] {
			c.errorf(p.Pos, "parameter %q appears twice", p.Name)
		}
		seen[p.Name] = true
		c.newVar(p.Name).IsInt = intParams
	}
	f()
	n := c.nslots
	c.scope, c.inFunc, c.nslots = saveScope, saveIn, saveN
	return n
}

// topScope is the file scope as seen from a declaration: the top-level
// lets so far plus all declarations (the outermost non-nil chain without
// for-body scopes).
func (c *resolver) topScope() *scope {
	if c.fileScope != nil {
		return c.fileScope
	}
	s := c.scope
	for s.parent != nil && s.parent.parent != nil {
		s = s.parent
	}
	return s
}

func (c *resolver) errorf(pos engine.Pos, format string, args ...any) {
	e := lang.Errorf(pos, format, args...)
	for _, old := range c.errs {
		if old.Pos == e.Pos && old.Msg == e.Msg {
			return // game moves are compiled twice
		}
	}
	c.errs = append(c.errs, e)
}

// isSGCall reports whether e is sg(G) with the built-in sg.
func (c *resolver) isSGCall(e lang.Expr) bool { return c.isQueryCall(e, engine.QuerySG) }

// isBuiltinCall reports whether e calls the built-in name with one
// argument.
func (c *resolver) isQueryCall(e lang.Expr, q engine.Query) bool {
	call, ok := e.(*lang.Call)
	if !ok || len(call.Args) != 1 {
		return false
	}
	bi := c.calledBuiltin(call)
	return bi != nil && bi.Query == q
}

// calledBuiltin returns the built-in that call calls by its name (not
// hidden by a def, game or local of that name), or nil.
func (c *resolver) calledBuiltin(call *lang.Call) *engine.Builtin {
	id, ok := call.Fn.(*lang.Ident)
	if !ok || c.scope.Lookup(id.Name) != nil {
		return nil
	}
	return c.reg.Builtin(id.Name)
}

// builtinCallee returns the built-in e calls, when it calls one by its
// name with a number of arguments it takes.
func (c *resolver) builtinCallee(e *lang.Call) *engine.Builtin {
	bi := c.calledBuiltin(e)
	if bi == nil || len(e.Args) < bi.MinArgs || bi.MaxArgs >= 0 && len(e.Args) > bi.MaxArgs {
		return nil
	}
	return bi
}

// localSlot is the slot of a local name (of any type), or -1.
func (c *resolver) localSlot(e lang.Expr) int {
	if id, ok := e.(*lang.Ident); ok {
		if b := c.scope.Lookup(id.Name); b != nil && b.Kind == bLocal {
			return b.Slot
		}
	}
	return -1
}

// plainArg reports whether argument a is substituted as it is: an int
// literal or a local (which cannot fail to evaluate).
func (c *resolver) plainArg(a lang.Expr) bool {
	switch a := a.(type) {
	case *lang.IntLit:
		return true
	case *lang.Ident:
		b := c.scope.Lookup(a.Name)
		return b != nil && b.Kind == bLocal
	}
	return false
}

// gameCallee returns the binding of the declared game a call names, if it
// does (with the right number of arguments).
func (c *resolver) gameCallee(e *lang.Call) *engine.Binding {
	id, ok := e.Fn.(*lang.Ident)
	if !ok {
		return nil
	}
	b := c.scope.Lookup(id.Name)
	if b == nil || b.Kind != bGame || len(e.Args) != b.Game.NArgs {
		return nil
	}
	return b
}

// on reports whether the session runs pass p.
func (c *resolver) on(p engine.Pass) bool { return c.passes&p != 0 }
