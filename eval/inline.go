package eval

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// Inlining of small defs. A call of a def whose body is a small expression
// (no comprehension, no names of its own) compiles as that body with the
// parameters replaced by the arguments, when that means the same: every
// other name in the body means the same thing at the call as in the def,
// and the def is not being inlined already (no recursion). An argument
// that is a local name or a literal is substituted; any other is evaluated
// first, in order, into a hidden local the body reads, as a call evaluates
// its arguments before its body. The call's position is on the trace while
// the body runs, so a runtime error inside points into the def's body with
// the same "called from" lines. A call then costs no frame, and an int def
// called with ints becomes int arithmetic (rnd(8 * v + k) % v). Not in the
// REPL, where a def can be declared again and earlier code must see the
// new one.

const (
	maxInlineSize  = 60 // expression nodes of a body
	maxInlineDepth = 8
)

// hiddenPrefix starts the names of the hidden locals of inlined calls: no
// source name can start so, and none of them is ever shown (suggestions,
// Names).
const hiddenPrefix = "\x00"

func hiddenName(n string) bool { return strings.HasPrefix(n, hiddenPrefix) }

// inlineBind is an argument evaluated into a hidden local before the
// inlined body runs (one that is not a local name or a literal).
type inlineBind struct {
	b   *engine.Binding
	arg lang.Expr
}

// inlineCall returns the body of the def that e calls with its parameters
// replaced by e's arguments (or by the hidden locals binds sets), and the
// def, when inlining is equivalent; nil otherwise.
func (c *compiler) inlineCall(e *lang.Call) (lang.Expr, *engine.Func, []inlineBind) {
	fn := c.inlinable(e) // not recursive: inlining it ends
	if fn == nil {
		return nil, nil, nil
	}
	params := lang.ParamNames(fn.Decl.Params)
	index := map[string]int{}
	for i, p := range params {
		index[p.Name] = i
	}
	size := 0
	var walk func(x lang.Expr) bool
	walk = func(x lang.Expr) bool {
		size++
		if size > maxInlineSize {
			return false
		}
		switch x := x.(type) {
		case *lang.Ident:
			if _, ok := index[x.Name]; ok {
				return true
			}
			// The name must mean the same here as in the def's body.
			here, there := c.scope.Lookup(x.Name), fn.Free[x.Name]
			if here != there {
				return false
			}
			if here == nil {
				return c.s.reg.Builtin(x.Name) != nil
			}
			return true
		case *lang.IntLit, *lang.StrLit, *lang.BoolLit:
			return true
		case *lang.Unary:
			return walk(x.X)
		case *lang.Binary:
			return walk(x.X) && walk(x.Y)
		case *lang.IfExpr:
			return walk(x.Cond) && walk(x.Then) && walk(x.Else)
		case *lang.Index:
			return walk(x.X) && walk(x.Index)
		case *lang.TupleLit, *lang.ListLit, *lang.SetLit:
			for _, e := range literalElems(x) {
				if !walk(e) {
					return false
				}
			}
			return true
		case *lang.Call:
			if !walk(x.Fn) {
				return false
			}
			for _, a := range x.Args {
				if !walk(a) {
					return false
				}
			}
			return true
		}
		return false
	}
	if !walk(fn.Decl.Body) {
		return nil, nil, nil
	}
	// Arguments that are not names or literals are evaluated first, in
	// order, into hidden locals, as a call evaluates them before its body
	// (so errors in them, and what runs, are the same); so are parameters
	// called as functions, whose call must stay a call of a value.
	called := map[string]bool{}
	var findCalls func(x lang.Expr)
	findCalls = func(x lang.Expr) {
		switch x := x.(type) {
		case *lang.Call:
			if id, ok := x.Fn.(*lang.Ident); ok {
				if _, isParam := index[id.Name]; isParam {
					called[id.Name] = true
				}
			}
			findCalls(x.Fn)
			for _, a := range x.Args {
				findCalls(a)
			}
		case *lang.Unary:
			findCalls(x.X)
		case *lang.Binary:
			findCalls(x.X)
			findCalls(x.Y)
		case *lang.IfExpr:
			findCalls(x.Cond)
			findCalls(x.Then)
			findCalls(x.Else)
		case *lang.Index:
			findCalls(x.X)
			findCalls(x.Index)
		case *lang.TupleLit, *lang.ListLit, *lang.SetLit:
			for _, e := range literalElems(x) {
				findCalls(e)
			}
		}
	}
	findCalls(fn.Decl.Body)
	args := slices.Clone(e.Args)
	var binds []inlineBind
	for j, a := range e.Args {
		switch a := a.(type) {
		case *lang.IntLit:
			continue
		case *lang.Ident:
			// A local, or a def, game or built-in, cannot fail to
			// evaluate: substituted (a global may not be bound yet).
			b := c.scope.Lookup(a.Name)
			if b == nil && c.s.reg.Builtin(a.Name) == nil {
				return nil, nil, nil // an unknown name: the call reports it
			}
			if !called[params[j].Name] && (b == nil || b.Kind != bGlobal) {
				continue
			}
		}
		c.hidden++
		name := fmt.Sprintf("%s%s#%d", hiddenPrefix, params[j].Name, c.hidden)
		hb := c.newVar(name)
		hb.IsInt = c.intExpr(a) != nil
		binds = append(binds, inlineBind{b: hb, arg: a})
		args[j] = &lang.Ident{Pos: lang.Start(a), Name: name}
	}
	c.fired(passes.Inline)
	return substitute(fn.Decl.Body, index, args), fn, binds
}

// inlinable returns the def e calls when inlining it is allowed at all
// (see inlineCall), else nil.
func (c *compiler) inlinable(e *lang.Call) *engine.Func {
	if !c.on(passes.Inline) || len(c.inlining) >= maxInlineDepth {
		return nil
	}
	id, ok := e.Fn.(*lang.Ident)
	if !ok {
		return nil
	}
	b := c.scope.Lookup(id.Name)
	if b == nil || b.Kind != bDef || b.Fn.Decl == nil || b.Fn.Free == nil || recursiveNow(b.Fn) {
		return nil
	}
	if len(lang.ParamNames(b.Fn.Decl.Params)) != len(e.Args) {
		return nil
	}
	return b.Fn
}

// compileBinds compiles the assignments of an inlined call's hidden
// locals (nil when there are none).
func (c *compiler) compileBinds(binds []inlineBind) func(fr *engine.Frame) {
	if len(binds) == 0 {
		return nil
	}
	sets := make([]func(fr *engine.Frame), len(binds))
	for i, bd := range binds {
		slot, global := bd.b.Slot, bd.b.Kind == bGlobal
		if bd.b.IsInt {
			f := c.intExpr(bd.arg)
			if global {
				sets[i] = func(fr *engine.Frame) { fr.Th.Globals[slot] = value.Value{K: value.KInt, N: f(fr)} }
			} else {
				sets[i] = func(fr *engine.Frame) { fr.Slots[slot] = value.Value{K: value.KInt, N: f(fr)} }
			}
			continue
		}
		f := c.expr(bd.arg)
		sets[i] = func(fr *engine.Frame) {
			v := f(fr)
			if global {
				fr.Th.Globals[slot] = v
			} else {
				fr.Slots[slot] = v
			}
		}
	}
	if len(sets) == 1 {
		return sets[0]
	}
	return func(fr *engine.Frame) {
		for _, set := range sets {
			set(fr)
		}
	}
}

// substitute copies x with the parameters replaced by the arguments.
func substitute(x lang.Expr, index map[string]int, args []lang.Expr) lang.Expr {
	sub := func(y lang.Expr) lang.Expr { return substitute(y, index, args) }
	switch x := x.(type) {
	case *lang.Ident:
		if i, ok := index[x.Name]; ok {
			// At the parameter's place: an error that points at it
			// points where the def's body has it.
			switch a := args[i].(type) {
			case *lang.Ident:
				return &lang.Ident{Pos: x.Pos, Name: a.Name}
			case *lang.IntLit:
				return &lang.IntLit{Pos: x.Pos, Val: a.Val}
			}
			return args[i]
		}
		return x
	case *lang.Unary:
		return &lang.Unary{Pos: x.Pos, Op: x.Op, X: sub(x.X)}
	case *lang.Binary:
		return &lang.Binary{Pos: x.Pos, Op: x.Op, X: sub(x.X), Y: sub(x.Y)}
	case *lang.IfExpr:
		return &lang.IfExpr{Pos: x.Pos, Cond: sub(x.Cond), Then: sub(x.Then), Else: sub(x.Else)}
	case *lang.Index:
		return &lang.Index{Pos: x.Pos, X: sub(x.X), Index: sub(x.Index)}
	case *lang.Call:
		out := &lang.Call{Pos: x.Pos, Fn: sub(x.Fn), Lparen: x.Lparen, Args: make([]lang.Expr, len(x.Args))}
		for i, a := range x.Args {
			out.Args[i] = sub(a)
		}
		return out
	case *lang.TupleLit:
		return &lang.TupleLit{Pos: x.Pos, Elems: substituteAll(x.Elems, index, args)}
	case *lang.ListLit:
		return &lang.ListLit{Pos: x.Pos, Elems: substituteAll(x.Elems, index, args)}
	case *lang.SetLit:
		return &lang.SetLit{Pos: x.Pos, Elems: substituteAll(x.Elems, index, args)}
	}
	return x
}

func substituteAll(xs []lang.Expr, index map[string]int, args []lang.Expr) []lang.Expr {
	out := make([]lang.Expr, len(xs))
	for i, x := range xs {
		out[i] = substitute(x, index, args)
	}
	return out
}

// literalElems returns the elements of a tuple, list or set literal.
func literalElems(x lang.Expr) []lang.Expr {
	switch x := x.(type) {
	case *lang.TupleLit:
		return x.Elems
	case *lang.ListLit:
		return x.Elems
	case *lang.SetLit:
		return x.Elems
	}
	return nil
}

// inlineCallFn runs an inlined call of fn: its hidden locals set (set
// may be nil), then the body f with the call's position on the calls
// (for the trace of an error) and counted as a nested call (the same
// limit error, at the same call, as a call of the def would raise).
func inlineCallFn[F ~func(*engine.Frame) T, T any](set func(*engine.Frame), pos engine.Pos, fn *engine.Func, f F) F {
	return func(fr *engine.Frame) T {
		if set != nil {
			set(fr)
		}
		th := fr.Th
		th.Enter(pos, fn)
		th.Calls = append(th.Calls, pos)
		v := f(fr)
		th.Calls = th.Calls[:len(th.Calls)-1]
		th.Leave(fn)
		return v
	}
}

// inlined compiles an inlined body with fn marked as being inlined.
func inlined[T any](c *compiler, fn *engine.Func, compile func() T) T {
	c.inlining = append(c.inlining, fn)
	defer func() { c.inlining = c.inlining[:len(c.inlining)-1] }()
	return compile()
}

// recordFree notes, when a def's body is compiled, the binding each of its
// free names has there (inlining checks the call sees the same ones), and
// whether the def can reach itself through the defs its body calls.
func (c *compiler) recordFree(fn *engine.Func, body lang.Expr) {
	params := map[string]bool{}
	for _, p := range fn.Params {
		params[p] = true
	}
	free := map[string]*engine.Binding{}
	lang.Inspect(body, func(x lang.Expr) bool {
		if x, ok := x.(*lang.Ident); ok && !params[x.Name] {
			free[x.Name] = c.scope.Lookup(x.Name)
		}
		return true
	})
	fn.Free = free
	fn.RecursiveKnown = false
	recursiveNow(fn)
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
		if b == nil || b.Kind != bDef {
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

// recursiveNow reports whether def fn can reach itself. A def compiled
// before a def it calls (def piece(a, b) = part(a, b), then def part)
// counted as recursive then; it is asked again once that one is compiled,
// so forward references do not stop inlining.
func recursiveNow(fn *engine.Func) bool {
	if !fn.RecursiveKnown {
		unknown := false
		fn.Recursive = reaches(fn, fn, map[*engine.Func]bool{}, &unknown)
		fn.RecursiveKnown = !unknown
	}
	return fn.Recursive
}

// wrapperCall sees through a def that only wraps a position: for
// `def piece(a, b) = cut(a, b)`, piece(E1, E2) is cut(E1, E2). It applies
// when the def's body is a call of a game whose arguments are the def's
// parameters, each once and in their order, or int literals (so every
// argument is evaluated once, in the same order, and nothing else runs:
// the same values and errors), and the game's name means the same here as
// in the def. Wrappers of wrappers are seen through too. nil otherwise.
func (c *compiler) wrapperCall(e *lang.Call) *lang.Call {
	for depth := 0; depth < maxInlineDepth; depth++ {
		fn := c.inlinable(e)
		if fn == nil {
			return nil
		}
		body, ok := fn.Decl.Body.(*lang.Call)
		if !ok {
			return nil
		}
		id, ok := body.Fn.(*lang.Ident)
		if !ok || fn.Free[id.Name] != c.scope.Lookup(id.Name) {
			return nil
		}
		params := lang.ParamNames(fn.Decl.Params)
		args := make([]lang.Expr, len(body.Args))
		next := 0
		for i, a := range body.Args {
			switch a := a.(type) {
			case *lang.IntLit:
				args[i] = a
				continue
			case *lang.Ident:
				if next < len(params) && a.Name == params[next].Name {
					args[i] = e.Args[next]
					next++
					continue
				}
			}
			return nil
		}
		if next != len(params) {
			return nil // a parameter unused (its argument would not be evaluated)
		}
		out := &lang.Call{Pos: e.Pos, Fn: &lang.Ident{Pos: e.Pos, Name: id.Name}, Lparen: e.Lparen, Args: args}
		if c.gameCallee(out) != nil {
			return out
		}
		e = out // another wrapper
	}
	return nil
}
