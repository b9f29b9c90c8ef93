package resolve

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// The kinds of binding a name has (engine.Binding.Kind, Decl.Kind).
const (
	Global  engine.BindKind = iota // a top-level let: a slot of the thread's globals
	Local                          // a parameter or a for clause's name: a slot of the frame
	Def                            // a def (Binding.Fn)
	Game                           // a declared game (Binding.Game)
	Builtin                        // a built-in of the registry (Binding.Bi)
)

// HiddenPrefix starts the names of the hidden locals of inlined calls: no
// source name can start so, and none of them is ever shown (suggestions,
// Names).
const HiddenPrefix = "\x00"

// HiddenName reports whether n is the name of a hidden local.
func HiddenName(n string) bool { return strings.HasPrefix(n, HiddenPrefix) }

// Resolver is what a compile knows of the names of a resolved tree: the
// declaration each name means is on the tree (the resolve pass put it
// there, bind.go), and the Resolver holds the slot each local declaration
// has in the function being compiled (a def's body and a game's rule are
// compiled in several variants, with int parameters or not, and an
// inlined def's parameters become hidden locals of its caller: the slots
// are the compile's, not the declaration's). From them it tells what a
// name or a call means without compiling anything (which game or
// built-in a call calls, whether a def inlines, whether a rule is pure).
type Resolver struct {
	Reg      *engine.Registry
	Passes   passes.Pass // the passes switched on (On)
	Errs     lang.ErrorList
	InFunc   bool           // compiling a def body or a game's moves
	Nslots   int            // slots of the function being compiled
	Globals  int            // global slots in use
	Inlining []*engine.Func // defs whose bodies are being inlined (package compile)
	// Gen changes whenever a local is bound: what was found of an
	// expression holds while it does not (IntGen's memo).
	Gen    int
	Arith  *Arith                    // the int analysis (ints.go)
	vars   map[*Decl]*engine.Binding // each local's slot, in the function being compiled
	hidden int                       // hidden locals made for inlined arguments
}

// New returns the Resolver of a compile with the registry reg, the
// passes on, and the global slots below globals in use.
func New(reg *engine.Registry, on passes.Pass, globals int) *Resolver {
	r := &Resolver{Reg: reg, Passes: on, Globals: globals}
	r.Arith = &Arith{r: r}
	return r
}

// NewVar gives the name n declares (a parameter, a name of a for clause
// or statement) a fresh slot: of the frame in a function, of the globals
// at the top level; a let's slot is its declaration's.
func (r *Resolver) NewVar(n *lang.Name) *engine.Binding {
	d := NameDecl(n)
	if d != nil && d.Kind == Global {
		return d.B
	}
	return r.bindLocal(d)
}

// bindLocal gives local declaration d a fresh slot.
func (r *Resolver) bindLocal(d *Decl) *engine.Binding {
	var b *engine.Binding
	if r.InFunc {
		b = &engine.Binding{Kind: Local, Slot: r.Nslots}
		r.Nslots++
	} else {
		b = &engine.Binding{Kind: Global, Slot: r.Globals}
		r.Globals++
	}
	if r.vars == nil {
		r.vars = map[*Decl]*engine.Binding{}
	}
	r.vars[d] = b
	r.Gen++
	return b
}

// Var returns the binding of the name n declares, as NewVar made it last.
func (r *Resolver) Var(n *lang.Name) *engine.Binding {
	d := NameDecl(n)
	if d != nil && d.Kind == Global {
		return d.B
	}
	return r.vars[d]
}

// NewHidden makes a hidden local for the argument of an inlined call
// passed for parameter param: the name that reads it (at pos) and its
// slot.
func (r *Resolver) NewHidden(param string, pos engine.Pos) (*lang.Ident, *engine.Binding) {
	r.hidden++
	name := fmt.Sprintf("%s%s#%d", HiddenPrefix, param, r.hidden)
	d := NewLocal(name, pos)
	return &lang.Ident{Pos: pos, Name: name, Bind: d}, r.bindLocal(d)
}

// Sink is the slot of a new hidden local for the state of a fold while
// it runs (package fold), or -1 outside a function (the top level).
func (r *Resolver) Sink() int {
	if !r.InFunc {
		return -1
	}
	_, b := r.NewHidden("fold", engine.Pos{})
	return b.Slot
}

// Binding returns what the name id means where the compiler is: the
// binding of its declaration (a built-in's too), or nil for an unknown
// name (the resolve pass reported it).
func (r *Resolver) Binding(id *lang.Ident) *engine.Binding {
	d := Of(id)
	switch {
	case d == nil:
		return nil
	case d.B != nil:
		return d.B
	case d.Kind == Builtin:
		if d.cell == nil {
			d.cell = &engine.Binding{Kind: Builtin, Bi: d.Bi}
		}
		return d.cell
	}
	b := r.vars[d]
	if b == nil {
		// A local compiled outside the code its declaration covers: a
		// bug of the compiler's, an error rather than a slot of another.
		value.Fail(d.Pos, "internal error: %q has no slot where it is compiled", d.Name)
	}
	return b
}

// Lookup is Binding without the built-ins of the registry: the binding of
// a name the program or the session declares, or nil.
func (r *Resolver) Lookup(id *lang.Ident) *engine.Binding {
	if d := Of(id); d != nil && d.Kind == Builtin && d.B == nil {
		return nil
	}
	return r.Binding(id)
}

// LookupHere is Lookup where a local may not be bound yet (a name a
// query binds, read by a proof about a part of it planned alone): nil
// for it, where Lookup fails.
func (r *Resolver) LookupHere(id *lang.Ident) *engine.Binding {
	if d := Of(id); d != nil && d.Kind != Builtin && d.B == nil && r.vars[d] == nil {
		return nil
	}
	return r.Lookup(id)
}

// Function runs f, which compiles a def body or a game's move rule, in a
// frame of its own: params bound to its first slots (as ints when
// intParams: the variant for int arguments). It returns the frame's
// size.
func (r *Resolver) Function(params []*lang.Name, intParams bool, f func()) int {
	return r.function(params, func(b *engine.Binding, _ int) { b.IsInt = intParams }, f)
}

// FunctionElems is Function for the variant whose parameters i with
// elems[i] hold lists or tuples of ints (IntElems), the others ints.
func (r *Resolver) FunctionElems(params []*lang.Name, elems []bool, f func()) int {
	return r.function(params, func(b *engine.Binding, i int) { b.IntElems, b.IsInt = elems[i], !elems[i] }, f)
}

func (r *Resolver) function(params []*lang.Name, bind func(b *engine.Binding, i int), f func()) int {
	saveIn, saveN := r.InFunc, r.Nslots
	r.InFunc, r.Nslots = true, 0
	r.Gen++
	for i, p := range params {
		bind(r.NewVar(p), i)
	}
	f()
	n := r.Nslots
	r.InFunc, r.Nslots = saveIn, saveN
	r.Gen++
	return n
}

// Errorf records an error, once: a def's body and a game's rule are
// compiled more than once, and the body of a def inlined is compiled
// where it is called (the resolve pass found the errors of the code
// written; the compiler finds those of a def's body inlined after a
// declaration it calls changed, a REPL redeclaration, and again those of
// the code written).
func (r *Resolver) Errorf(pos engine.Pos, format string, args ...any) {
	r.Errs = MergeErrors(r.Errs, lang.ErrorList{lang.Errorf(pos, format, args...)})
}

// MergeErrors appends to a the errors of b it does not have (the same
// position and message).
func MergeErrors(a, b lang.ErrorList) lang.ErrorList {
	for _, e := range b {
		if !slices.ContainsFunc(a, func(old *lang.Error) bool { return old.Pos == e.Pos && old.Msg == e.Msg }) {
			a = append(a, e)
		}
	}
	return a
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

// CalledBuiltin returns the built-in of the registry that call calls by
// its name (not hidden by a def, game or local of that name), or nil.
func (r *Resolver) CalledBuiltin(call *lang.Call) *engine.Builtin {
	id, ok := call.Fn.(*lang.Ident)
	if !ok {
		return nil
	}
	return BuiltinOf(id)
}

// BuiltinOf returns the built-in of the registry that the resolve pass
// bound the name id to, or nil: a def, game, let or local of that name
// hides the built-in, and so does a function Go code defined.
func BuiltinOf(id *lang.Ident) *engine.Builtin {
	if d := Of(id); d != nil && d.Kind == Builtin && d.B == nil {
		return d.Bi
	}
	return nil
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
		if b := r.Lookup(id); b != nil && b.Kind == Local {
			return b.Slot
		}
	}
	return -1
}

// GuardParts is an if clause after a for clause over a range of x read
// as a bound of x (GuardOf): [U or | U and] x OP E, OP one of < <= > >=
// with x on the left, through the body of a def it calls (Via, at
// CallPos) with x, locals and literals.
type GuardParts struct {
	Unless  lang.Expr // U, or nil; Conj: the clause is U and ...
	Conj    bool
	Op      lang.Op
	E       lang.Expr
	IntPure bool // E is int arithmetic (else plain: PlainOf)
	Via     *engine.Func
	CallPos engine.Pos
}

// GuardOf reads condition cond, of an if clause after a for clause over
// a range of x, as a bound of x (GuardParts); false when it is not one.
func (r *Resolver) GuardOf(x *lang.Name, cond lang.Expr) (gp GuardParts, ok bool) {
	isX := func(e lang.Expr) bool {
		id, ok := e.(*lang.Ident)
		return ok && id.Bind == x.Bind
	}
	if call, ok := cond.(*lang.Call); ok {
		if gp.Via = r.Inlinable(call); gp.Via == nil {
			return gp, false
		}
		for _, a := range call.Args {
			if !isX(a) && !r.PlainArg(a) { // (x has no slot yet)
				return gp, false
			}
		}
		cond = Substitute(gp.Via.Decl.Body, ParamIndex(gp.Via), call.Args, SiteOf(call))
		gp.CallPos = call.Pos
	}
	if b, ok := cond.(*lang.Binary); ok && (b.Op == lang.OpOr || b.Op == lang.OpAnd) && r.PlainOf(b.X, x.Name) {
		gp.Unless, gp.Conj, cond = b.X, b.Op == lang.OpAnd, b.Y
	}
	cmp, ok := cond.(*lang.Binary)
	if !ok || !cmp.Op.Ordering() {
		return gp, false
	}
	gp.Op, gp.E = cmp.Op, cmp.Y
	switch {
	case isX(cmp.X):
	case isX(cmp.Y):
		gp.Op, gp.E = cmp.Op.Flip(), cmp.X
	default:
		return gp, false
	}
	gp.IntPure = !Mentions(gp.E, x.Name) && r.Arith.IntPure(gp.E)
	return gp, gp.IntPure || gp.Via == nil && r.PlainOf(gp.E, x.Name)
}

// PlainOf reports whether e is plain and does not mention the name x:
// locals, globals, literals, operators, ifs, indexes and slices (it may
// fail; evaluated again it gives its value again).
func (r *Resolver) PlainOf(e lang.Expr, x string) bool {
	if Mentions(e, x) {
		return false // (x has no slot yet: not looked up)
	}
	ok := true
	lang.Inspect(e, func(n lang.Expr) bool {
		switch n := n.(type) {
		case *lang.Ident:
			b := r.Lookup(n)
			ok = ok && b != nil && (b.Kind == Local || b.Kind == Global)
		case *lang.IntLit, *lang.StrLit, *lang.BoolLit, *lang.TupleLit, *lang.ListLit,
			*lang.Binary, *lang.Unary, *lang.IfExpr, *lang.Index, *lang.Slice:
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// PlainArg reports whether argument a is substituted as it is: an int
// literal or a local (which cannot fail to evaluate).
func (r *Resolver) PlainArg(a lang.Expr) bool {
	switch a := a.(type) {
	case *lang.IntLit:
		return true
	case *lang.Ident:
		b := r.Lookup(a)
		return b != nil && b.Kind == Local
	}
	return false
}

// GameCallee returns the binding of the declared game a call names, if it
// does (with the right number of arguments), for the compiler's fast paths,
// which compute a position's memo key without making the position.
//
// It is nil for a Go family that checks its arguments (GameDef.Check): its
// calls compile as the plain calls they are, each making its position as
// a value and checking it there, so that a bad argument is an error at the
// call that wrote it. (The engine checks every position of such a family
// again before its options are listed: engine.NewGoGame.)
func (r *Resolver) GameCallee(e *lang.Call) *engine.Binding {
	id, ok := e.Fn.(*lang.Ident)
	if !ok {
		return nil
	}
	b := r.Lookup(id)
	if b == nil || b.Kind != Game || len(e.Args) != b.Game.NArgs || b.Game.Check != nil {
		return nil
	}
	return b
}

// On reports whether the session runs pass p.
func (r *Resolver) On(p passes.Pass) bool { return r.Passes&p != 0 }

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
	b := r.Lookup(id)
	if b == nil || b.Kind != Def || b.Fn.Decl == nil || b.Fn.Free == nil || RecursiveNow(b.Fn) || InlineSize(b.Fn) > MaxInlineExpansion {
		return nil
	}
	if len(lang.ParamNames(b.Fn.Decl.Params)) != len(e.Args) {
		return nil
	}
	return b.Fn
}

// InlinedBody is the body a call e of a def is inlined to (the def
// Inlinable, its names meaning the same at e, its body of InlineShape),
// its parameters written as e's arguments where each is a name or a
// literal (nil otherwise): what a recognizer reads of the call, not
// compiled.
func (r *Resolver) InlinedBody(e *lang.Call) lang.Expr { return r.InlinedBodyIn(e, nil) }

// InlinedBodyIn is InlinedBody where the names bound (when not nil) says
// are locals bound inside the expression read (a comprehension's names,
// not bound yet where it is read): an argument that is one is a name.
func (r *Resolver) InlinedBodyIn(e *lang.Call, bound map[*Decl]bool) lang.Expr {
	return r.inlinedBody(e, bound, false)
}

// InlinedReadIn is InlinedBodyIn of a def whose body may hold
// comprehensions too (InlineShapeComps): what a reader of the call's
// names and parts reads (package purecond), not what is compiled.
func (r *Resolver) InlinedReadIn(e *lang.Call, bound map[*Decl]bool) lang.Expr {
	return r.inlinedBody(e, bound, true)
}

func (r *Resolver) inlinedBody(e *lang.Call, bound map[*Decl]bool, comps bool) lang.Expr {
	fn := r.Inlinable(e)
	if fn == nil || !Same(e) || !inlineShape(fn.Decl.Body, comps) || len(CalledParams(fn)) > 0 {
		return nil
	}
	for _, a := range e.Args {
		switch a := a.(type) {
		case *lang.IntLit:
		case *lang.Ident:
			if d := Of(a); d != nil && bound[d] {
				continue
			}
			if r.Binding(a) == nil {
				return nil
			}
		default:
			return nil
		}
	}
	return Substitute(fn.Decl.Body, ParamIndex(fn), e.Args, SiteOf(e))
}
