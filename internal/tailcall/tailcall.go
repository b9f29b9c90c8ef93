// Package tailcall owns the self tail calls of defs (the pass tailcalls).
// A def whose body calls itself only in tail position (the body itself,
// or a branch of an if in tail position), as a newcomer from a
// functional language writes a loop,
//
//	def clear(b, vs) = if len(vs) == 0 then b else clear(update(b, vs[0], 0), vs[1:])
//
// runs as a loop in one frame. A tail call evaluates its arguments where
// it is, as the call does; then it counts the call as the call would
// (its step, its depth and stack against the limits, its place on the
// trace), writes the arguments to the parameters' slots, clears the
// others, and the body runs again, in the variant for int arguments when
// they all are ints (as engine.CallDef chooses). When the body gives a
// value, the calls so entered are left at once. Values, errors, their
// traces and the depth at which a recursion too deep is stopped are
// those of the calls as written; what goes is a Go call and a frame per
// call. A def redeclared in the REPL since is called as written.
//
// A parameter that the loop passes on changed only by update,
//
//	clear(update(b, vs[0], 0), vs[1:])
//
// and that the body otherwise only reads an element of (b[i]), measures
// (len(b)), tests (x in b) or gives as its value, is changed in place
// once the loop has made it: the first such update copies the list or
// tuple (the one the def was given is never changed), the next ones
// write into that copy, which nothing else can have seen (inplace.go).
package tailcall

import (
	"fmt"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Defs compiles the tail calls of the defs of compiler c: sites maps each
// tail call of a def's body to its def.
type Defs struct {
	c     *compile.Compiler
	sites map[*lang.Call]*loop
}

// New returns the tail calls of compiler c.
func New(c *compile.Compiler) *Defs { return &Defs{c: c} }

// loop is a def compiled as a loop: its bodies as compiled (general, and
// for int arguments), filled in as they are wrapped, and its parameters
// changed in place (nil for the others).
type loop struct {
	fn     *engine.Func
	n      int
	bodies [2]engine.EvalFn
	wraps  int
	ins    []*inplace
}

// tailRef marks the value a tail call gives its body: not a value of the
// language (the loop reads it and runs the body again).
var tailRef = new(byte)

var tailValue = value.Value{K: value.KNone, Ref: tailRef}

func isTail(v value.Value) bool { return v.K == value.KNone && v.Ref == any(tailRef) }

// Def returns what wraps the body of def fn, declared by d (x its
// explanation), into its loop, with inner (the wrapping another pass
// chose) inside; nil when the def has no tail call or not only tail
// calls of itself. It is called before the def's bodies are compiled,
// and what it returns after each is, the general body first.
func (ds *Defs) Def(fn *engine.Func, d *lang.DefStmt, x *passes.Explanation, inner func(engine.EvalFn) engine.EvalFn) func(engine.EvalFn) engine.EvalFn {
	c := ds.c
	params := lang.ParamNames(d.Params)
	if !c.On(passes.TailCalls) || len(params) == 0 {
		return nil
	}
	self := resolve.NameDecl(d.Name)
	var tails []*lang.Call
	collect(d.Body, self, len(params), &tails)
	if len(tails) == 0 || refs(d.Body, self) != len(tails) {
		return nil
	}
	lp := &loop{fn: fn, n: len(params), ins: inPlace(c, d, self, tails)}
	fn.Extra = 0
	for _, in := range lp.ins {
		if in != nil {
			fn.Extra++
		}
	}
	if ds.sites == nil {
		ds.sites = map[*lang.Call]*loop{}
	}
	for _, t := range tails {
		ds.sites[t] = lp
	}
	x.Fired |= passes.TailCalls
	x.Add(fmt.Sprintf("its calls of itself in tail position (%d) run as a loop in its frame, each counted as a call", len(tails)), true)
	for i, in := range lp.ins {
		if in != nil {
			x.Add(fmt.Sprintf("its parameter %s, passed on by update, changed in place once the loop has copied it", params[i].Name), true)
		}
	}
	return func(body engine.EvalFn) engine.EvalFn {
		body = inner(body)
		k := lp.wraps
		lp.wraps++
		if k >= 2 {
			return body
		}
		lp.bodies[k] = body
		return lp.run(k)
	}
}

// collect appends to tails the calls of self with n arguments in tail
// position of e.
func collect(e lang.Expr, self *resolve.Decl, n int, tails *[]*lang.Call) {
	switch x := e.(type) {
	case *lang.IfExpr:
		collect(x.Then, self, n, tails)
		collect(x.Else, self, n, tails)
	case *lang.Call:
		if id, ok := x.Fn.(*lang.Ident); ok && resolve.Of(id) == self && len(x.Args) == n {
			*tails = append(*tails, x)
		}
	}
}

// refs counts the names of self in e.
func refs(e lang.Expr, self *resolve.Decl) int {
	n := 0
	lang.Inspect(e, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok && resolve.Of(id) == self {
			n++
		}
		return true
	})
	return n
}

// run is the def's body k (0 general, 1 for int arguments) as a loop.
func (lp *loop) run(k int) engine.EvalFn {
	return func(fr *engine.Frame) value.Value {
		v := lp.bodies[k](fr)
		if !isTail(v) {
			return v
		}
		calls := 0
		for isTail(v) {
			calls++
			b := 0
			if lp.bodies[1] != nil && allInts(fr.Slots[:lp.n]) {
				b = 1
			}
			v = lp.bodies[b](fr)
		}
		// The calls entered are left (engine.Thread.Leave each).
		th := fr.Th
		th.Calls = th.Calls[:len(th.Calls)-calls]
		th.Depth -= calls
		th.Stack -= int64(calls) * int64(lp.fn.Cost)
		return v
	}
}

func allInts(vs []value.Value) bool {
	for _, v := range vs {
		if v.K != value.KInt {
			return false
		}
	}
	return true
}

// Call compiles call e, of the def of binding b, when it is a tail call of
// a def compiled as a loop, there (not in a body inlined elsewhere); else
// nil. plain is the call as compiled (the def redeclared since).
func (ds *Defs) Call(e *lang.Call, b *engine.Binding, plain engine.EvalFn) engine.EvalFn {
	lp := ds.sites[e]
	c := ds.c
	if lp == nil || len(c.Inlining) > 0 || b.Fn != lp.fn {
		return nil
	}
	fn, n, pos := lp.fn, lp.n, e.Pos
	args := make([]engine.EvalFn, n)
	for i, a := range e.Args {
		if in := lp.ins[i]; in != nil && in.args[a] {
			args[i] = in.compile(c, lp, a)
			continue
		}
		args[i] = c.Vals.Expr(a)
	}
	return func(fr *engine.Frame) value.Value {
		if b.Fn != fn {
			return plain(fr)
		}
		var buf [4]value.Value
		vals := buf[:0]
		if n > len(buf) {
			vals = make([]value.Value, 0, n)
		}
		for _, a := range args {
			vals = append(vals, a(fr))
		}
		th := fr.Th
		th.Tick(pos)
		th.Enter(pos, fn)
		th.Calls = append(th.Calls, pos)
		copy(fr.Slots, vals)
		// (The other locals as a new frame has them; not the copies
		// kept past them.)
		clear(fr.Slots[n:min(max(fn.Nslots, fn.NslotsI), len(fr.Slots))])
		return tailValue
	}
}
