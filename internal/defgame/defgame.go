// Package defgame owns defs that are SG functions (the pass defgames): a
// def whose body is the mex of comprehensions of xors of its own calls,
//
//	def g(w, h) = mex({g(i, h) ^ g(w - i, h) for i in 2 .. w - 2} | {g(w, j) ^ g(w, h - j) for j in 2 .. h - 2})
//	def g(n) = if n < 2 then 0 else mex([g(n - k) for k in S if k <= n])
//
// is the SG function of the game whose options are those xors' sums: its
// value at some arguments is computed as the SG value of the position of
// a hidden game of the same parameters, whose alternatives are the
// comprehensions (a union of set ones, set() of a list one, a
// concatenation of list ones: their clauses, each element's calls of
// the def as a sum of the hidden game's positions, behind the guard `if
// not C` of each `if C then 0 else` around the mex, `if C` of each `if C
// then ... else 0`). The hidden game gets what a game
// written so gets: the planner's rewrites, fast loops, sweeps, dense
// memo tables, and no recursion of calls.
//
// Exact. Where the search of that position gives a finite value and no
// position of the hidden game ever reached a cycle (engine's loopy
// marks: as written, a def whose calls come back to the same arguments
// recurses without end), that value is the def's: the mex of the
// elements' xors, each call's value computed the same way, bottom up.
// Anything else, a cycle, an error of the script or a limit met in the
// search, and from then on every call of the def, runs its body as
// written, which meets the error (with the calls it nested through) or
// gives the value. Only the bound on nested calls can differ: a call
// that as written would nest deeper than it allows gets its value.
package defgame

import (
	"strings"
	"sync/atomic"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Games compiles the hidden games of one compiler's defs.
type Games struct{ c *compile.Compiler }

// New returns the hidden games of compiler c.
func New(c *compile.Compiler) *Games { return &Games{c} }

// shape is a def's body read as an SG function: its guards (each `if C
// then 0 else`, not C; each `if C then ... else 0`, C) and its
// comprehensions.
type shape struct {
	guards []lang.Expr
	comps  []*lang.Comp
}

// DefGame compiles the hidden game of def fn, declared by d, when its
// body is an SG function, says so in x, and returns what wraps its body
// (compiled, given, in the def's frame): the body itself when it is not
// one.
func (gs *Games) DefGame(fn *engine.Func, d *lang.DefStmt, x *passes.Explanation) func(body engine.EvalFn) engine.EvalFn {
	c := gs.c
	params := lang.ParamNames(d.Params)
	if !c.On(passes.DefGames) || len(params) == 0 || len(params) > 3 {
		return plain
	}
	self := resolve.NameDecl(d.Name)
	sh := readShape(c, d.Body, self, len(params))
	if sh == nil {
		return plain
	}
	hidden := resolve.HiddenPrefix + d.Name.Name + "#sg"
	hd := resolve.Cell(hidden, &engine.Binding{Kind: resolve.Game})
	gd := &lang.GameStmt{Pos: d.Pos, Name: &lang.Name{Pos: d.Name.Pos, Name: hidden, Bind: hd}, Params: d.Params}
	for _, comp := range sh.comps {
		alt := &lang.Alt{Pos: comp.Pos, Body: sum(comp.Body, self, hd)}
		for _, g := range sh.guards {
			alt.Clauses = append(alt.Clauses, &lang.IfClause{Pos: lang.Start(g), Cond: g})
		}
		alt.Clauses = append(alt.Clauses, comp.Clauses...)
		gd.Alts = append(gd.Alts, alt)
	}
	h := c.Env.Engine.NewGame(hidden, d.Pos, len(params))
	hd.B.Game = h
	n := len(c.Errs)
	c.CompileGame(h, gd)
	// (What the hidden game was compiled to is the def's to say.)
	var notes []string
	if h.Explain != nil {
		notes = h.Explain.Notes
	}
	if len(c.Errs) > n {
		c.Errs = c.Errs[:n]
		return plain
	}
	x.Fired |= passes.DefGames
	say := []string{"its values are the SG values of a game whose options are the xors of its mex's elements as sums, computed bottom up where no call comes back to the same arguments (else as written); that game's rule:"}
	for _, s := range notes {
		say = append(say, "  "+strings.ReplaceAll(s, hidden, d.Name.Name))
	}
	x.Notes = append(x.Notes, say...)
	var args []lang.Expr
	for _, p := range params {
		args = append(args, &lang.Ident{Pos: p.Pos, Name: p.Name, Bind: resolve.NameDecl(p)})
	}
	call := &lang.Call{Pos: d.Name.Pos, Fn: &lang.Ident{Pos: d.Name.Pos, Name: hidden, Bind: hd}, Args: args}
	var broken atomic.Bool
	return func(body engine.EvalFn) engine.EvalFn {
		sg := c.SG.SGExpr(call)
		return func(fr *engine.Frame) value.Value {
			if !broken.Load() {
				if v, ok := search(fr, sg, h); ok {
					return value.Int(int64(v))
				}
				broken.Store(true)
			}
			return body(fr)
		}
	}
}

// plain is a body as compiled.
func plain(body engine.EvalFn) engine.EvalFn { return body }

// search is the SG value of the hidden game's position (sg), ok false
// where it is not finite, a position of h ever reached a cycle, or the
// search failed (an error of the script or a limit: the body as written
// meets it again; an interruption goes on).
func search(fr *engine.Frame, sg compile.SGFn, h *engine.Game) (v int32, ok bool) {
	th := fr.Th
	calls := len(th.Calls)
	defer func() {
		if r := recover(); r != nil {
			if e, isErr := r.(*value.RuntimeError); !isErr || e.Kind == value.ErrInterrupted {
				panic(r)
			}
			th.Calls = th.Calls[:calls]
			ok = false
		}
	}()
	v = sg(fr)
	return v, v >= 0 && !h.EverLoopy
}

// readShape reads body as an SG function of the def self of n
// parameters, or returns nil.
func readShape(c *compile.Compiler, body lang.Expr, self *resolve.Decl, n int) *shape {
	sh := &shape{}
	for {
		x, ok := body.(*lang.IfExpr)
		if !ok {
			break
		}
		switch {
		case calls(x.Cond, self):
			return nil
		case zero(x.Then):
			sh.guards = append(sh.guards, &lang.Unary{Pos: lang.Start(x.Cond), Op: lang.OpNot, X: x.Cond})
			body = x.Else
		case zero(x.Else):
			sh.guards = append(sh.guards, x.Cond)
			body = x.Then
		default:
			return nil
		}
	}
	call, ok := body.(*lang.Call)
	if !ok || len(call.Args) != 1 || !isBuiltin(call.Fn, "mex") {
		return nil
	}
	if !sh.add(c, call.Args[0], self, n, -1) {
		return nil
	}
	return sh
}

// comps_ adds the comprehensions of e: one, or a union of set ones (|),
// or a concatenation of list ones (+).
func (sh *shape) add(c *compile.Compiler, e lang.Expr, self *resolve.Decl, n int, kind int) bool {
	switch x := e.(type) {
	case *lang.Binary:
		var want int
		switch x.Op {
		case lang.OpBitOr:
			want = int(lang.SetComp)
		case lang.OpAdd:
			want = int(lang.ListComp)
		default:
			return false
		}
		if kind >= 0 && kind != want {
			return false
		}
		return sh.add(c, x.X, self, n, want) && sh.add(c, x.Y, self, n, want)
	case *lang.Call:
		// set([...]): the list comprehension's values.
		if len(x.Args) == 1 && isBuiltin(x.Fn, "set") && kind != int(lang.ListComp) {
			if comp, ok := x.Args[0].(*lang.Comp); ok && comp.Kind == lang.ListComp {
				return sh.add(c, comp, self, n, -1)
			}
		}
	case *lang.Comp:
		if x.Kind != lang.ListComp && x.Kind != lang.SetComp || kind >= 0 && int(x.Kind) != kind || !xors(x.Body, self, n) {
			return false
		}
		bad := false
		lang.InspectClauses(x.Clauses, func(y lang.Expr) bool {
			bad = bad || isSelf(y, self)
			return !bad
		})
		if bad {
			return false
		}
		sh.comps = append(sh.comps, x)
		return true
	}
	return false
}

// xors reports whether e is an xor of calls of self with n arguments
// that do not call it.
func xors(e lang.Expr, self *resolve.Decl, n int) bool {
	switch x := e.(type) {
	case *lang.Binary:
		return x.Op == lang.OpXor && xors(x.X, self, n) && xors(x.Y, self, n)
	case *lang.Call:
		if !isSelf(x.Fn, self) || len(x.Args) != n {
			return false
		}
		for _, a := range x.Args {
			if calls(a, self) {
				return false
			}
		}
		return true
	}
	return false
}

// sum is the xors e as a sum of the hidden game's positions.
func sum(e lang.Expr, self *resolve.Decl, hd *resolve.Decl) lang.Expr {
	switch x := e.(type) {
	case *lang.Binary:
		return &lang.Binary{Pos: x.Pos, Op: lang.OpAdd, X: sum(x.X, self, hd), Y: sum(x.Y, self, hd)}
	case *lang.Call:
		id := x.Fn.(*lang.Ident)
		return &lang.Call{Pos: x.Pos, Fn: &lang.Ident{Pos: id.Pos, Name: hd.Name, Bind: hd}, Args: x.Args}
	}
	return e
}

// zero reports whether e is the literal 0.
func zero(e lang.Expr) bool {
	l, ok := e.(*lang.IntLit)
	return ok && l.Val == 0
}

// isSelf reports whether e names self.
func isSelf(e lang.Expr, self *resolve.Decl) bool {
	id, ok := e.(*lang.Ident)
	return ok && resolve.Of(id) == self
}

// calls reports whether e names self anywhere.
func calls(e lang.Expr, self *resolve.Decl) bool {
	found := false
	lang.Inspect(e, func(x lang.Expr) bool {
		found = found || isSelf(x, self)
		return !found
	})
	return found
}

// isBuiltin reports whether e names the built-in name.
func isBuiltin(e lang.Expr, name string) bool {
	id, ok := e.(*lang.Ident)
	if !ok || id.Name != name {
		return false
	}
	d := resolve.Of(id)
	return d != nil && d.Kind == resolve.Builtin
}
