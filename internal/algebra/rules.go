package algebra

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/lang"
)

// rule rewrites one expression whose operands are rewritten already, or
// returns nil where it does not apply. Each is exact where it applies:
// the same value, and the same error at the same position (an operand it
// drops or evaluates more often is proved unable to fail: ctx.sf).
type rule struct {
	name  string
	apply func(c *ctx, e lang.Expr) lang.Expr
}

// rules is the table, tried in order at each node, bottom up, until none
// applies (set by init: a rule may rewrite what it makes).
var rules []rule

func init() { rules = ruleTable() }

func ruleTable() []rule {
	return []rule{
		{"arithmetic of int literals", litArith},
		{"comparison of literals", litCompare},
		{"x * 1, 1 * x, x + 0, 0 + x, x - 0: x", identity},
		{"x * 0, 0 * x: 0", timesZero},
		{"x + -c: x - c", plusNegative},
		{"if of a bool literal", ifLit},
		{"not of a bool literal", notLit},
		{"and, or with a bool literal", andOrLit},
		{"a literal indexed by an int literal", litIndex},
		{"if of a condition a filter before it decided", ifKnown},
		{"a comparison a range before it decides: true or false", rangeDecided},
		{"sorted([x, y]) of two ints: [min, max]", sortedPair},
		{"sum of over a literal: a sum", sumOverLit},
		{"sorted of a global that holds a literal of ints: the sorted literal", sortedLit},
		{"any and all over a literal (its if clauses too): or and and", anyAllLit},
		{"len of a filter compared with 0: any", lenOfFilter},
		{"all and any of comparisons with a range's variable: a bound on it", quantifiedBound},
		{"if j in X then X - {j} else X | {j} of a set X: X ^ {j}", setToggle},
		{"an index of a concatenation of lists: the part's element", concatIndex},
		{"== and != of two tuple literals: of their elements", tupleCompare},
		{"X + (if C then A else 0): if C then X + A else X", distribute},
		{"a choice on v == E + k inside the then branch of one on v == E: its else", choiceDecided},
		{"set of a list comprehension: a set comprehension", setOfListComp},
	}
}

// ctx is what the rules read of the query: the proofs of its
// expressions, and the conditions its filters decided before the
// expression (true: the filter held).
type ctx struct {
	env   Env
	sf    *proof.Prover
	known []lang.Expr
	// before: the clauses before the expression being rewritten.
	before []ir.Clause
	fired  int
}

// rewrite is e with the rules applied bottom up (the operators, calls,
// literals, conditionals and indexes it looks into; a comprehension's
// body and clauses are left as written, but sumOverLit may replace one
// whole).
func (c *ctx) rewrite(e lang.Expr) lang.Expr {
	if e == nil {
		return nil
	}
	f := c.rewrite
	switch x := e.(type) {
	case *lang.Unary:
		if y := f(x.X); y != x.X {
			e = &lang.Unary{Pos: x.Pos, Op: x.Op, X: y}
		}
	case *lang.Binary:
		a, b := f(x.X), f(x.Y)
		if a != x.X || b != x.Y {
			e = &lang.Binary{Pos: x.Pos, Op: x.Op, X: a, Y: b}
		}
	case *lang.IfExpr:
		a, b, d := f(x.Cond), f(x.Then), f(x.Else)
		if a != x.Cond || b != x.Then || d != x.Else {
			e = &lang.IfExpr{Pos: x.Pos, Cond: a, Then: b, Else: d}
		}
	case *lang.Index:
		a, b := f(x.X), f(x.Index)
		if a != x.X || b != x.Index {
			e = &lang.Index{Pos: x.Pos, X: a, Index: b}
		}
	case *lang.Call:
		args, changed := c.all(x.Args)
		if changed {
			e = &lang.Call{Pos: x.Pos, Fn: x.Fn, Lparen: x.Lparen, Args: args, Site: x.Site}
		}
	case *lang.TupleLit:
		if xs, changed := c.all(x.Elems); changed {
			e = &lang.TupleLit{Pos: x.Pos, Elems: xs}
		}
	case *lang.ListLit:
		if xs, changed := c.all(x.Elems); changed {
			e = &lang.ListLit{Pos: x.Pos, Elems: xs}
		}
	}
	for range 16 {
		var next lang.Expr
		for _, r := range rules {
			if next = r.apply(c, e); next != nil {
				break
			}
		}
		if next == nil {
			break
		}
		c.fired++
		e = f(next)
	}
	return e
}

func (c *ctx) all(xs []lang.Expr) ([]lang.Expr, bool) {
	out, changed := make([]lang.Expr, len(xs)), false
	for i, x := range xs {
		out[i] = c.rewrite(x)
		changed = changed || out[i] != x
	}
	return out, changed
}

// Rules rewrites q's filters, binds, range ends, collections, yield and
// key by the table, each with what the filters before it decided; nil
// where no rule applies (or where the guard of a proof cannot be kept).
func Rules(env Env, q *ir.Query) *ir.Query {
	c := &ctx{env: env, sf: env.Safety(q)}
	out := q.Clone()
	for i, cl := range q.Clauses {
		before := c.fired
		c.before = out.Clauses[:i]
		ncl := mapClause(cl, c.rewrite)
		if c.fired != before {
			out.Clauses[i] = ncl
		}
		if f, ok := out.Clauses[i].(*ir.Filter); ok {
			c.known = append(c.known, conjuncts(f.Cond)...)
		}
	}
	c.before = out.Clauses
	out.Yield, out.Key = c.rewrite(q.Yield), c.rewrite(q.Key)
	if c.fired == 0 {
		return nil
	}
	g, ok := c.sf.Guard(q)
	if !ok {
		return nil
	}
	out.Guard = g
	return out
}

// conjuncts is the conditions of e's top-level `and`s (each true where e
// is).
func conjuncts(e lang.Expr) []lang.Expr {
	if b, ok := e.(*lang.Binary); ok && b.Op == lang.OpAnd {
		return append(conjuncts(b.X), conjuncts(b.Y)...)
	}
	return []lang.Expr{e}
}

func boolLit(e lang.Expr) (bool, bool) {
	b, ok := e.(*lang.BoolLit)
	if !ok {
		return false, false
	}
	return b.Val, true
}

// litArith: A op B of two int literals (+, -, *), where it does not
// overflow.
func litArith(_ *ctx, e lang.Expr) lang.Expr {
	b, ok := e.(*lang.Binary)
	if !ok {
		return nil
	}
	x, okx := ir.IntLit(b.X)
	y, oky := ir.IntLit(b.Y)
	if !okx || !oky {
		return nil
	}
	var v int64
	switch b.Op {
	case lang.OpAdd:
		v = x + y
		if (v > x) != (y > 0) && y != 0 {
			return nil
		}
	case lang.OpSub:
		v = x - y
		if (v < x) != (y > 0) && y != 0 {
			return nil
		}
	case lang.OpMul:
		if x != 0 && (x*y/x != y || x == -1 && y == -1<<63 || y == -1 && x == -1<<63) {
			return nil
		}
		v = x * y
	default:
		return nil
	}
	if v < 0 {
		if v == -1<<63 {
			return nil
		}
		return &lang.Unary{Pos: b.Pos, Op: lang.OpNeg, X: &lang.IntLit{Pos: b.Pos, Val: -v}}
	}
	return &lang.IntLit{Pos: b.Pos, Val: v}
}

// litCompare: a comparison of two int literals, or == and != of two
// string or bool literals.
func litCompare(_ *ctx, e lang.Expr) lang.Expr {
	b, ok := e.(*lang.Binary)
	if !ok {
		return nil
	}
	res := func(v bool) lang.Expr { return &lang.BoolLit{Pos: b.Pos, Val: v} }
	if x, ok := ir.IntLit(b.X); ok {
		y, ok := ir.IntLit(b.Y)
		if !ok {
			return nil
		}
		switch b.Op {
		case lang.OpEq:
			return res(x == y)
		case lang.OpNe:
			return res(x != y)
		case lang.OpLt:
			return res(x < y)
		case lang.OpLe:
			return res(x <= y)
		case lang.OpGt:
			return res(x > y)
		case lang.OpGe:
			return res(x >= y)
		}
		return nil
	}
	if b.Op != lang.OpEq && b.Op != lang.OpNe {
		return nil
	}
	var same, ok2 bool
	switch x := b.X.(type) {
	case *lang.StrLit:
		y, ok := b.Y.(*lang.StrLit)
		same, ok2 = ok && x.Val == y.Val, ok
	case *lang.BoolLit:
		y, ok := b.Y.(*lang.BoolLit)
		same, ok2 = ok && x.Val == y.Val, ok
	}
	if !ok2 {
		return nil
	}
	return res(same == (b.Op == lang.OpEq))
}

// identity: x * 1, 1 * x, x + 0, 0 + x, x - 0 of an int x that cannot
// fail are x.
func identity(c *ctx, e lang.Expr) lang.Expr {
	b, ok := e.(*lang.Binary)
	if !ok {
		return nil
	}
	unit := func(y lang.Expr, u int64) bool {
		v, ok := ir.IntLit(y)
		return ok && v == u
	}
	var x lang.Expr
	switch b.Op {
	case lang.OpMul:
		if unit(b.Y, 1) {
			x = b.X
		} else if unit(b.X, 1) {
			x = b.Y
		}
	case lang.OpAdd:
		if unit(b.Y, 0) {
			x = b.X
		} else if unit(b.X, 0) {
			x = b.Y
		}
	case lang.OpSub:
		if unit(b.Y, 0) {
			x = b.X
		}
	}
	if x == nil {
		return nil
	}
	if _, ok := c.sf.Int(x); !ok {
		return nil
	}
	return x
}

// plusNegative: x + -c (c an int literal) is x - c where it cannot
// overflow (the error would name the other operator).
func plusNegative(c *ctx, e lang.Expr) lang.Expr {
	b, ok := e.(*lang.Binary)
	if !ok || b.Op != lang.OpAdd {
		return nil
	}
	u, ok := b.Y.(*lang.Unary)
	if !ok || u.Op != lang.OpNeg {
		return nil
	}
	if _, ok := u.X.(*lang.IntLit); !ok {
		return nil
	}
	if _, ok := c.sf.Int(e); !ok {
		return nil
	}
	return &lang.Binary{Pos: b.Pos, Op: lang.OpSub, X: b.X, Y: u.X}
}

// timesZero: x * 0 and 0 * x of an int x that cannot fail are 0 (x is
// not evaluated).
func timesZero(c *ctx, e lang.Expr) lang.Expr {
	b, ok := e.(*lang.Binary)
	if !ok || b.Op != lang.OpMul {
		return nil
	}
	x := b.X
	if v, ok := ir.IntLit(b.X); ok && v == 0 {
		x = b.Y
	} else if v, ok := ir.IntLit(b.Y); !ok || v != 0 {
		return nil
	}
	if _, ok := c.sf.Int(x); !ok {
		return nil
	}
	return &lang.IntLit{Pos: b.Pos, Val: 0}
}

// ifLit: if true then A else B is A (B is never evaluated), and the
// other way.
func ifLit(_ *ctx, e lang.Expr) lang.Expr {
	x, ok := e.(*lang.IfExpr)
	if !ok {
		return nil
	}
	v, ok := boolLit(x.Cond)
	if !ok {
		return nil
	}
	if v {
		return x.Then
	}
	return x.Else
}

func notLit(_ *ctx, e lang.Expr) lang.Expr {
	x, ok := e.(*lang.Unary)
	if !ok || x.Op != lang.OpNot {
		return nil
	}
	if v, ok := boolLit(x.X); ok {
		return &lang.BoolLit{Pos: x.Pos, Val: !v}
	}
	return nil
}

// andOrLit: `false and X` is false and `true or X` true (X is never
// evaluated); `true and X`, `false or X`, `X and true` and `X or false`
// are X where X is a condition (a bool whenever it evaluates); `X and
// false` is false and `X or true` true where X cannot fail either.
func andOrLit(c *ctx, e lang.Expr) lang.Expr {
	b, ok := e.(*lang.Binary)
	if !ok || b.Op != lang.OpAnd && b.Op != lang.OpOr {
		return nil
	}
	absorb := b.Op == lang.OpOr // (true absorbs an or, false an and)
	if v, ok := boolLit(b.X); ok {
		if v == absorb {
			return b.X
		}
		if ir.Boolish(b.Y) {
			return b.Y
		}
		return nil
	}
	if v, ok := boolLit(b.Y); ok && ir.Boolish(b.X) {
		if v != absorb {
			return b.X
		}
		if c.sf.Cond(b.X) {
			return b.Y
		}
	}
	return nil
}

// litIndex: a tuple or list literal indexed by an int literal within it
// is that element, where the others cannot fail.
func litIndex(c *ctx, e lang.Expr) lang.Expr {
	x, ok := e.(*lang.Index)
	if !ok {
		return nil
	}
	var elems []lang.Expr
	switch l := x.X.(type) {
	case *lang.TupleLit:
		elems = l.Elems
	case *lang.ListLit:
		elems = l.Elems
	default:
		return nil
	}
	k, ok := x.Index.(*lang.IntLit)
	if !ok || k.Val < 0 || k.Val >= int64(len(elems)) || !proof.SafeAll(c.sf, elems) {
		return nil
	}
	return elems[k.Val]
}

// ifKnown: `if C then A else B` where C (or `not C`) is a conjunct of a
// filter before it: the filter held, and C, evaluated again where
// nothing it reads has changed, is true again (in a session whose code
// is repeatable).
func ifKnown(c *ctx, e lang.Expr) lang.Expr {
	x, ok := e.(*lang.IfExpr)
	if !ok || !c.env.Repeatable {
		return nil
	}
	cond, neg := x.Cond, false
	if u, ok := cond.(*lang.Unary); ok && u.Op == lang.OpNot {
		cond, neg = u.X, true
	}
	for _, k := range c.known {
		if ir.Same(k, cond) {
			if neg {
				return x.Else
			}
			return x.Then
		}
	}
	return nil
}
