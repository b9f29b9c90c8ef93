package recdef

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Fold is a call of a def that puts one value at each index a list
// holds, one update a call, as a newcomer from a functional language
// clears a vertex's neighbours:
//
//	def clear(b, vs) = if len(vs) == 0 then b else clear(update(b, vs[0], 0), vs[1:])
//	def clearFrom(b, v, k) = if k == len(NB[v]) then b else clearFrom(update(b, NB[v][k], 0), v, k + 1)
//	def clearR(b, vs) = if len(vs) == 0 then b else update(clearR(b, vs[1:]), vs[0], 0)
//
// (the recursion's test either way round, len(l) <= 0, len(l) < 1,
// j >= len(L)). Its fields are expressions at the call: the call
// computes Acc with To put at each of List's elements from index Start
// on (in order: the last update of an index wins, and they all put To).
//
// Where List is a list or tuple of ints, each an index of Acc, Start is
// an int from 0 to len(List) and To an element, the call computes that
// and meets no error but the limits (its len(List) - Start + 1 nested
// calls: Calls); the reader of a Fold checks this where the call runs
// and, where it does not hold, runs the call as written. Of the call's
// arguments only Acc's and the list's may fail (argsQuiet).
type Fold struct {
	Fn    *engine.Func
	Acc   lang.Expr // the call's argument folded into
	List  lang.Expr // the indexes' list (index: the def's, at the call, in the call's frame)
	Start lang.Expr // the first of List's indexes read; nil: 0
	To    lang.Expr // the element put: a literal or a name
	// InCall: List is read inside the call (an index recursion's, but a
	// parameter's): it is evaluated on the call's place on the trace, the
	// def entered.
	InCall bool
	// AnyStart: a Start past List's end ends at once (j >= len(L)).
	AnyStart bool
	// ListOnly: the test is l == [] (or l != []), which no tuple meets:
	// a tuple's recursion fails past its end, and List is a list.
	ListOnly bool
}

// Calls is the number of nested calls of the recursion for a list of n
// elements read from start.
func (f *Fold) Calls(n, start int64) int64 { return n - start + 1 }

// FoldOf reads call as a Fold, or nil: a call of a def whose body is
// such a recursion, whose names mean the same at the call.
func FoldOf(r *resolve.Resolver, call *lang.Call) *Fold {
	fn := proof.HelperDef(r, call)
	if fn == nil || !resolve.Same(call) || len(resolve.CalledParams(fn)) > 0 {
		return nil
	}
	body, ok := fn.Decl.Body.(*lang.IfExpr)
	if !ok {
		return nil
	}
	decl := resolve.Of(call.Fn.(*lang.Ident))
	m := &matcher{r: r, sh: &shape{fn: fn, decl: decl, list: -1, at: -1, val: -1}, params: resolve.ParamIndex(fn)}
	fm := foldMatcher{m: m}
	base, step := body.Then, body.Else
	empty, ok := fm.test(body.Cond)
	if !ok {
		return nil
	}
	if !empty {
		base, step = step, base
	}
	acc := m.param(base)
	if acc < 0 || acc == fm.list || acc == fm.at {
		return nil
	}
	to, ok := fm.step(step, acc)
	if !ok || !fm.argsQuiet(call.Args, acc) {
		return nil
	}
	params := resolve.ParamIndex(fn)
	site := resolve.SiteOf(call)
	f := &Fold{Fn: fn, Acc: call.Args[acc], AnyStart: fm.anyStart, ListOnly: fm.listOnly}
	f.To = resolve.Substitute(to, params, call.Args, site)
	if fm.at < 0 {
		f.List = call.Args[fm.list]
	} else {
		f.List = resolve.Substitute(fm.elist, params, call.Args, site)
		// (A parameter's list is its argument, read in the caller's frame.)
		f.Start, f.InCall = call.Args[fm.at], m.param(fm.elist) < 0
	}
	return f
}

// foldMatcher reads a body as a Fold.
type foldMatcher struct {
	m        *matcher
	list     int       // the list parameter (suffix), or -1
	at       int       // the index parameter (index), or -1
	elist    lang.Expr // the indexes' list (index): of parameters passed on as themselves
	anyStart bool
	listOnly bool // the test is l == [] or l != []
}

// test reads the recursion's test: len(l) == 0 (or <= 0, < 1, l == [])
// for the list parameter l, or j == len(L) (j >= len(L)) for the index
// parameter j; whether it holds on the base case, or false when it is
// neither.
func (fm *foldMatcher) test(cond lang.Expr) (empty, ok bool) {
	fm.list, fm.at, fm.listOnly = -1, -1, false
	b, isBin := cond.(*lang.Binary)
	if !isBin {
		return false, false
	}
	x, y, op := b.X, b.Y, b.Op
	if l, isL := y.(*lang.ListLit); isL && len(l.Elems) == 0 && (op == lang.OpEq || op == lang.OpNe) {
		if fm.list = fm.m.param(x); fm.list < 0 {
			return false, false
		}
		fm.listOnly = true
		return op == lang.OpEq, true
	}
	if !fm.isLen(x) {
		x, y, op = y, x, flipped(op)
	}
	if !fm.isLen(x) {
		return false, false
	}
	arg := x.(*lang.Call).Args[0]
	if v, isLit := y.(*lang.IntLit); isLit {
		if fm.list = fm.m.param(arg); fm.list < 0 {
			return false, false
		}
		switch {
		case op == lang.OpEq && v.Val == 0, op == lang.OpLe && v.Val == 0, op == lang.OpLt && v.Val == 1:
			return true, true
		case op == lang.OpNe && v.Val == 0, op == lang.OpGt && v.Val == 0, op == lang.OpGe && v.Val == 1:
			return false, true
		}
		return false, false
	}
	if fm.at = fm.m.param(y); fm.at < 0 {
		return false, false
	}
	fm.elist = arg
	switch op {
	case lang.OpEq: // len(L) == j
		return true, true
	case lang.OpNe:
		return false, true
	case lang.OpLe: // len(L) <= j
		fm.anyStart = true
		return true, true
	case lang.OpGt:
		fm.anyStart = true
		return false, true
	}
	return false, false
}

// argsQuiet reports whether the call's arguments may be read as a Fold
// reads them, its accumulator's first (a link of its chain), then the
// list (an index recursion's inside the call, but a parameter's), the
// start and the element, the others never: each but the accumulator's
// cannot fail (reading it or not, here or later, is the same), but the
// list's parameter's that comes after the accumulator, read in the
// caller's frame after it as the call reads it.
func (fm *foldMatcher) argsQuiet(args []lang.Expr, acc int) bool {
	list := fm.list
	if fm.at >= 0 {
		list = fm.m.param(fm.elist)
	}
	for i, a := range args {
		if i != acc && !(i == list && i > acc) && !cannotFail(a) {
			return false
		}
	}
	return true
}

// cannotFail reports whether evaluating e cannot fail: a name of a
// local (a global's let may not have run yet), a literal, a negated int
// literal.
func cannotFail(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.Ident:
		d := resolve.Of(e)
		return d != nil && d.Kind == resolve.Local
	case *lang.IntLit, *lang.StrLit, *lang.BoolLit:
		return true
	case *lang.Unary:
		_, lit := e.X.(*lang.IntLit)
		return e.Op == lang.OpNeg && lit
	}
	return false
}

// isLen reports whether e is a call of the built-in len of one argument.
func (fm *foldMatcher) isLen(e lang.Expr) bool {
	c, ok := e.(*lang.Call)
	if !ok || len(c.Args) != 1 {
		return false
	}
	bi := fm.m.r.BuiltinCallee(c)
	return bi != nil && bi.BName == "len"
}

// step reads the step, f(.., update(b, X, V), .., next, ..) or
// update(f(.., b, .., next, ..), X, V), b the accumulator acc: X the
// list's head l[0] (suffix) or L[j] (index), next l[1:] or j + 1, every
// other parameter passed on as itself, and L and V reading only those;
// V (returned) a literal or a name.
func (fm *foldMatcher) step(e lang.Expr, acc int) (lang.Expr, bool) {
	m := fm.m
	upd := fm.update(e)
	var rec *lang.Call
	if upd != nil {
		// update(f(..), X, V): the recursion first.
		c, ok := m.self(upd.Args[0])
		if !ok || m.param(c.Args[acc]) != acc {
			return nil, false
		}
		rec = c
	} else {
		c, ok := m.self(e)
		if !ok {
			return nil, false
		}
		if upd = fm.update(c.Args[acc]); upd == nil || m.param(upd.Args[0]) != acc {
			return nil, false
		}
		rec = c
	}
	for i, a := range rec.Args {
		switch i {
		case acc:
		case fm.list:
			s, ok := a.(*lang.Slice)
			if !ok || m.param(s.X) != i || s.Hi != nil || !isLit(s.Lo, 1) {
				return nil, false
			}
		case fm.at:
			b, ok := a.(*lang.Binary)
			if !ok || b.Op != lang.OpAdd || !(m.param(b.X) == i && isLit(b.Y, 1) || m.param(b.Y) == i && isLit(b.X, 1)) {
				return nil, false
			}
		default:
			if m.param(a) != i {
				return nil, false
			}
		}
	}
	// The index put: l[0], or L[j].
	ix, ok := upd.Args[1].(*lang.Index)
	if !ok {
		return nil, false
	}
	if fm.list >= 0 {
		if m.param(ix.X) != fm.list || !isLit(ix.Index, 0) {
			return nil, false
		}
	} else if m.param(ix.Index) != fm.at || !ir.Same(ix.X, fm.elist) || !fm.fixed(fm.elist, acc) {
		return nil, false
	}
	to := upd.Args[2]
	switch x := to.(type) {
	case *lang.IntLit, *lang.StrLit, *lang.BoolLit:
	case *lang.Ident:
		if p := m.param(x); p >= 0 && (p == acc || p == fm.list || p == fm.at) {
			return nil, false
		} else if d := resolve.Of(x); p < 0 && (d == nil || d.Kind != resolve.Global) {
			return nil, false
		}
	default:
		return nil, false
	}
	return to, true
}

// update is e as a call of the built-in update of three arguments, or
// nil.
func (fm *foldMatcher) update(e lang.Expr) *lang.Call {
	c, ok := e.(*lang.Call)
	if !ok || len(c.Args) != 3 {
		return nil
	}
	if bi := fm.m.r.BuiltinCallee(c); bi == nil || bi.BName != "update" {
		return nil
	}
	return c
}

// fixed reports whether e reads, of the parameters, only those passed
// on as themselves (not acc, the list's or the index's), its other names
// globals, and holds no call and no comprehension.
func (fm *foldMatcher) fixed(e lang.Expr, acc int) bool {
	ok := true
	lang.Inspect(e, func(x lang.Expr) bool {
		switch x := x.(type) {
		case *lang.Ident:
			p := fm.m.param(x)
			d := resolve.Of(x)
			switch {
			case p >= 0 && (p == acc || p == fm.at || p == fm.list):
				ok = false
			case p < 0 && (d == nil || d.Kind != resolve.Global):
				ok = false
			}
		case *lang.IntLit, *lang.StrLit, *lang.BoolLit, *lang.Unary, *lang.Binary, *lang.Index, *lang.Slice,
			*lang.TupleLit, *lang.ListLit:
		default:
			ok = false
		}
		return ok
	})
	return ok
}
