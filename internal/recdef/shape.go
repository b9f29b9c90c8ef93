package recdef

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// kind is a shape of structural recursion.
type kind uint8

const (
	// suffix: if len(l) == 0 then [] else [E] + f(.., l[1:], ..), E
	// reading l only as l[0] (a filter: if C then [E] + f(..) else f(..),
	// or (if C then [E] else []) + f(..)).
	suffix kind = iota + 1
	// index: if j == len(c) then [] else [E] + f(.., c, .., j + 1, ..)
	// (j >= len(c): any start; a filter as for suffix).
	index
	// repeat: if k == 1 then g else g + f(k - 1, g, ..).
	repeat
)

// shape is what a def's body is, as a structural recursion.
type shape struct {
	kind kind
	fn   *engine.Func
	decl *resolve.Decl // the def's
	// list: the list parameter (suffix, index); at: the index parameter
	// (index), the count (repeat); val: the repeated value (repeat).
	list, at, val int
	elem, cond    lang.Expr // [E]'s E and the filter's condition (nil: none)
	// anyStart (index): the base case is j >= len(c), met from any start.
	anyStart bool
}

// shapeOf reads the body of def fn (declared by decl) as a structural
// recursion of one of the kinds, or nil.
func shapeOf(r *resolve.Resolver, fn *engine.Func, decl *resolve.Decl) *shape {
	body, ok := fn.Decl.Body.(*lang.IfExpr)
	if !ok {
		return nil
	}
	params := resolve.ParamIndex(fn)
	sh := &shape{fn: fn, decl: decl, list: -1, at: -1, val: -1}
	m := &matcher{r: r, sh: sh, params: params}
	if m.repeat(body) {
		return sh
	}
	// The base case: [] on one side, the step on the other.
	base, step := body.Then, body.Else
	empty, isLen := m.lenTest(body.Cond)
	if !isLen {
		return nil
	}
	if !empty {
		base, step = step, base
	}
	if l, ok := base.(*lang.ListLit); !ok || len(l.Elems) != 0 {
		return nil
	}
	if !m.step(step) || m.mentionsSelf(sh.elem) || sh.cond != nil && m.mentionsSelf(sh.cond) {
		return nil
	}
	// (A suffix's l read only as l[0]: checked where the call is
	// rewritten.)
	return sh
}

// matcher reads one def's body.
type matcher struct {
	r      *resolve.Resolver
	sh     *shape
	params map[*resolve.Decl]int
}

// param is the index of the parameter e names, or -1.
func (m *matcher) param(e lang.Expr) int {
	id, ok := e.(*lang.Ident)
	if !ok {
		return -1
	}
	if i, ok := m.params[resolve.Of(id)]; ok && resolve.Of(id) != nil {
		return i
	}
	return -1
}

// lenOf is the parameter e is the length of (len, the built-in, of a
// parameter), or -1.
func (m *matcher) lenOf(e lang.Expr) int {
	c, ok := e.(*lang.Call)
	if !ok || len(c.Args) != 1 {
		return -1
	}
	if bi := m.r.BuiltinCallee(c); bi == nil || bi.BName != "len" {
		return -1
	}
	return m.param(c.Args[0])
}

// lenTest reads cond as the base test of a suffix or index recursion
// (setting the shape's kind and parameters): whether it is true on the
// base case (empty) or on the step, or false when it is neither.
func (m *matcher) lenTest(cond lang.Expr) (empty, ok bool) {
	b, isBin := cond.(*lang.Binary)
	if !isBin {
		return false, false
	}
	x, y, op := b.X, b.Y, b.Op
	if m.lenOf(x) < 0 {
		x, y, op = y, x, flipped(op)
	}
	l := m.lenOf(x)
	if l < 0 {
		return false, false
	}
	m.sh.list = l
	if v, isLit := y.(*lang.IntLit); isLit {
		// len(l) compared with a literal: the suffix recursion.
		m.sh.kind = suffix
		switch {
		case op == lang.OpEq && v.Val == 0, op == lang.OpLe && v.Val == 0, op == lang.OpLt && v.Val == 1:
			return true, true
		case op == lang.OpNe && v.Val == 0, op == lang.OpGt && v.Val == 0, op == lang.OpGe && v.Val == 1:
			return false, true
		}
		return false, false
	}
	// len(c) compared with the index j: the index recursion.
	j := m.param(y)
	if j < 0 || j == l {
		return false, false
	}
	m.sh.kind, m.sh.at = index, j
	switch op {
	case lang.OpEq: // len(c) == j
		return true, true
	case lang.OpNe: // len(c) != j
		return false, true
	case lang.OpLe: // len(c) <= j
		m.sh.anyStart = true
		return true, true
	case lang.OpGt: // len(c) > j
		m.sh.anyStart = true
		return false, true
	}
	return false, false
}

// flipped is op with its operands swapped (a < b is b > a).
func flipped(op lang.Op) lang.Op {
	switch op {
	case lang.OpLt:
		return lang.OpGt
	case lang.OpGt:
		return lang.OpLt
	case lang.OpLe:
		return lang.OpGe
	case lang.OpGe:
		return lang.OpLe
	}
	return op
}

// step reads the step of a suffix or index recursion: [E] + rec, if C
// then [E] + rec else rec, or (if C then [E] else []) + rec.
func (m *matcher) step(e lang.Expr) bool {
	if x, ok := e.(*lang.IfExpr); ok {
		if !m.rec(x.Else) {
			return false
		}
		if elem, ok := m.cons(x.Then); ok {
			m.sh.elem, m.sh.cond = elem, x.Cond
			return true
		}
		return false
	}
	b, ok := e.(*lang.Binary)
	if !ok || b.Op != lang.OpAdd || !m.rec(b.Y) {
		return false
	}
	if x, ok := b.X.(*lang.IfExpr); ok {
		one, ok1 := x.Then.(*lang.ListLit)
		none, ok2 := x.Else.(*lang.ListLit)
		if !ok1 || !ok2 || len(one.Elems) != 1 || len(none.Elems) != 0 {
			return false
		}
		m.sh.elem, m.sh.cond = one.Elems[0], x.Cond
		return true
	}
	one, ok := b.X.(*lang.ListLit)
	if !ok || len(one.Elems) != 1 {
		return false
	}
	m.sh.elem = one.Elems[0]
	return true
}

// cons reads [E] + rec: E.
func (m *matcher) cons(e lang.Expr) (lang.Expr, bool) {
	b, ok := e.(*lang.Binary)
	if !ok || b.Op != lang.OpAdd || !m.rec(b.Y) {
		return nil, false
	}
	one, ok := b.X.(*lang.ListLit)
	if !ok || len(one.Elems) != 1 {
		return nil, false
	}
	return one.Elems[0], true
}

// self reports whether call is a call of the def itself.
func (m *matcher) self(e lang.Expr) (*lang.Call, bool) {
	c, ok := e.(*lang.Call)
	if !ok {
		return nil, false
	}
	id, ok := c.Fn.(*lang.Ident)
	if !ok || resolve.Of(id) != m.sh.decl || len(c.Args) != len(m.params) {
		return nil, false
	}
	return c, true
}

// rec reports whether e is the recursive call of the step: every
// parameter passed on as itself but the list's (l[1:]: suffix) or the
// index's (j + 1: index).
func (m *matcher) rec(e lang.Expr) bool {
	c, ok := m.self(e)
	if !ok {
		return false
	}
	for i, a := range c.Args {
		switch {
		case m.sh.kind == suffix && i == m.sh.list:
			s, ok := a.(*lang.Slice)
			if !ok || m.param(s.X) != i || s.Hi != nil || !isLit(s.Lo, 1) {
				return false
			}
		case m.sh.kind == index && i == m.sh.at:
			b, ok := a.(*lang.Binary)
			if !ok || b.Op != lang.OpAdd || !(m.param(b.X) == i && isLit(b.Y, 1) || m.param(b.Y) == i && isLit(b.X, 1)) {
				return false
			}
		default:
			if m.param(a) != i {
				return false
			}
		}
	}
	return true
}

// repeat reads body as if k == 1 then g else g + f(k - 1, g, ..) (or
// f(..) + g), the other parameters passed on as themselves.
func (m *matcher) repeat(body *lang.IfExpr) bool {
	b, ok := body.Cond.(*lang.Binary)
	if !ok || b.Op != lang.OpEq {
		return false
	}
	k := m.param(b.X)
	if k < 0 || !isLit(b.Y, 1) {
		if k = m.param(b.Y); k < 0 || !isLit(b.X, 1) {
			return false
		}
	}
	g := m.param(body.Then)
	sum, ok := body.Else.(*lang.Binary)
	if g < 0 || g == k || !ok || sum.Op != lang.OpAdd {
		return false
	}
	call, ok := m.self(sum.Y)
	if m.param(sum.X) != g {
		call, ok = m.self(sum.X)
		if m.param(sum.Y) != g {
			return false
		}
	}
	if !ok {
		return false
	}
	for i, a := range call.Args {
		if i == k {
			d, ok := a.(*lang.Binary)
			if !ok || d.Op != lang.OpSub || m.param(d.X) != k || !isLit(d.Y, 1) {
				return false
			}
		} else if m.param(a) != i {
			return false
		}
	}
	m.sh.kind, m.sh.at, m.sh.val = repeat, k, g
	return true
}

// mentionsSelf reports whether e names the def itself.
func (m *matcher) mentionsSelf(e lang.Expr) bool {
	found := false
	lang.Inspect(e, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok && resolve.Of(id) == m.sh.decl {
			found = true
		}
		return !found
	})
	return found
}

// isLit reports whether e is the int literal v.
func isLit(e lang.Expr, v int64) bool {
	x, ok := e.(*lang.IntLit)
	return ok && x.Val == v
}
