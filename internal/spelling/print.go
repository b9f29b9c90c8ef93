package spelling

import (
	"strconv"
	"strings"

	"github.com/grundy-lang/grundy/lang"
)

// Print writes f back as grundy source, one statement a line (a game one
// alternative a line), with the parentheses its tree needs and no others.
// Comments are not kept (the tree has none). Parsing the text gives a
// tree with the same lang.SExpr as f: the tests check it for every
// script they make.
func Print(f *lang.File) string {
	var p printer
	p.stmts(f.Stmts, 0)
	return p.b.String()
}

type printer struct {
	b strings.Builder
}

// A context says what the text of an expression may not contain at its
// top level without parentheses.
type ctx uint8

const (
	ctxTop  ctx = 0
	ctxList ctx = 1 << iota // an item of a comma-separated list: no bare `sum of E, F`
	ctxAlt                  // a game's alternative outside brackets: no bare `|`
	ctxOpen                 // clauses may follow: no bare `sum of`
)

func (p *printer) indent(n int) {
	p.b.WriteString(strings.Repeat("    ", n))
}

func (p *printer) stmts(ss []lang.Stmt, depth int) {
	for _, s := range ss {
		p.indent(depth)
		p.stmt(s, depth)
		p.b.WriteByte('\n')
	}
}

func (p *printer) stmt(s lang.Stmt, depth int) {
	switch s := s.(type) {
	case *lang.LetStmt:
		p.b.WriteString("let " + s.Pattern().String() + " = ")
		p.expr(s.Value, ctxTop)
	case *lang.DefStmt:
		p.b.WriteString("def " + s.Name.Name + "(" + paramList(s.Params) + ") = ")
		p.expr(s.Body, ctxTop)
	case *lang.GameStmt:
		p.b.WriteString("game " + s.Name.Name + "(" + paramList(s.Params) + ") moves")
		for i, a := range s.Alts {
			p.b.WriteByte('\n')
			p.indent(depth)
			if i == 0 {
				p.b.WriteString("    ")
			} else {
				p.b.WriteString("  | ")
			}
			alt := a.(*lang.Alt)
			p.expr(alt.Body, ctxAlt|ctxOpen)
			p.clauses(alt.Clauses, ctxAlt)
		}
	case *lang.PrintStmt:
		p.b.WriteString("print")
		for i, a := range s.Args {
			if i == 0 {
				p.b.WriteByte(' ')
			} else {
				p.b.WriteString(", ")
			}
			p.expr(a, ctxList)
		}
	case *lang.AssertStmt:
		p.b.WriteString("assert ")
		p.expr(s.Cond, ctxList)
		if s.Msg != nil {
			p.b.WriteString(", ")
			p.expr(s.Msg, ctxList)
		}
	case *lang.ForStmt:
		p.b.WriteString("for " + s.Target.(*lang.Pattern).String() + " in ")
		p.expr(s.Iter, ctxList|ctxOpen)
		p.b.WriteString(" {\n")
		p.stmts(s.Body, depth+1)
		p.indent(depth)
		p.b.WriteByte('}')
	case *lang.TableStmt:
		p.b.WriteString("table ")
		p.expr(s.Body, ctxOpen)
		p.clauses(s.Clauses, ctxTop)
	case *lang.ExprStmt:
		p.expr(s.X, ctxTop)
	default:
		panic("spelling: cannot print statement")
	}
}

func paramList(ps lang.ParamsNode) string {
	var ns []string
	for _, n := range lang.ParamNames(ps) {
		ns = append(ns, n.Name)
	}
	return strings.Join(ns, ", ")
}

func (p *printer) clauses(cs []lang.Clause, c ctx) {
	c |= ctxOpen
	for _, cl := range cs {
		switch cl := cl.(type) {
		case *lang.ForClause:
			p.b.WriteString(" for " + cl.Target.String() + " in ")
			p.expr(cl.Iter, c)
		case *lang.IfClause:
			p.b.WriteString(" if ")
			p.expr(cl.Cond, c)
		}
	}
}

// Precedence levels for printing: those of the parser (spec.md 8.1,
// lang.Op.Precedence), with the prefix operators, ** and postfix
// operations above them.
const (
	pLowest = iota // if, sum of
	pOr
	pAnd
	pNot
	pCmp
	pRange
	pBitOr
	pXor
	pBitAnd
	pShift
	pAdd
	pMul
	pUnary // - and * prefix
	pPow
	pPostfix
	pPrimary
)

func binPrec(op lang.Op) int {
	if p := op.Precedence(); p > 0 {
		return p
	}
	panic("spelling: unknown binary operator")
}

// prec is how tightly the text of e binds.
func prec(e lang.Expr) int {
	switch e := e.(type) {
	case *lang.IfExpr, *lang.SumOf:
		return pLowest
	case *lang.Comp:
		if e.Kind == lang.SumComp {
			return pLowest
		}
		return pPrimary
	case *lang.Binary:
		return binPrec(e.Op)
	case *lang.Chain:
		return binPrec(e.Steps[0].Op)
	case *lang.Unary:
		if e.Op == lang.OpNot {
			return pNot
		}
		return pUnary
	case *lang.IntLit:
		if e.Val < 0 {
			return pUnary
		}
		return pPrimary
	case *lang.Call, *lang.Index, *lang.Slice:
		return pPostfix
	}
	return pPrimary
}

// paren writes e in parentheses when it binds less tightly than min.
// Inside parentheses neither `|` nor `sum of` needs care.
func (p *printer) paren(e lang.Expr, min int, c ctx) {
	if prec(e) < min {
		p.b.WriteByte('(')
		p.expr(e, ctxTop)
		p.b.WriteByte(')')
		return
	}
	p.expr(e, c)
}

// expr writes e in context c.
func (p *printer) expr(e lang.Expr, c ctx) {
	switch e := e.(type) {
	case *lang.Ident:
		p.b.WriteString(e.Name)
	case *lang.IntLit:
		p.b.WriteString(strconv.FormatInt(e.Val, 10))
	case *lang.StrLit:
		p.b.WriteString(lang.Quote(e.Val))
	case *lang.BoolLit:
		p.b.WriteString(strconv.FormatBool(e.Val))
	case *lang.ListLit:
		p.seq("[", e.Elems, "]", false)
	case *lang.SetLit:
		p.seq("{", e.Elems, "}", false)
	case *lang.TupleLit:
		p.seq("(", e.Elems, ")", len(e.Elems) == 1)
	case *lang.MapLit:
		p.b.WriteByte('{')
		for i := range e.Keys {
			if i > 0 {
				p.b.WriteString(", ")
			}
			p.item(e.Keys[i])
			p.b.WriteString(": ")
			p.item(e.Vals[i])
		}
		p.b.WriteByte('}')
	case *lang.Comp:
		p.comp(e, c)
	case *lang.SumOf:
		if c != ctxTop {
			p.b.WriteByte('(')
			defer p.b.WriteByte(')')
			c = ctxTop
		}
		p.b.WriteString("sum of ")
		for i, x := range e.Items {
			if i > 0 {
				p.b.WriteString(", ")
			}
			p.expr(x, ctxList)
		}
	case *lang.IfExpr:
		p.b.WriteString("if ")
		p.expr(e.Cond, c&^ctxList)
		p.b.WriteString(" then ")
		p.expr(e.Then, c&^ctxList)
		p.b.WriteString(" else ")
		p.expr(e.Else, c)
	case *lang.Binary:
		p.binary(e.X, []lang.Step{{Op: e.Op, Y: e.Y}}, c)
	case *lang.Chain:
		p.binary(e.X, e.Steps, c)
	case *lang.Unary:
		p.unary(e, c)
	case *lang.Call:
		p.paren(e.Fn, pPostfix, c)
		p.b.WriteByte('(')
		for i, a := range e.Args {
			if i > 0 {
				p.b.WriteString(", ")
			}
			p.item(a)
		}
		p.b.WriteByte(')')
	case *lang.Index:
		p.paren(e.X, pPostfix, c)
		p.b.WriteByte('[')
		p.expr(e.Index, ctxTop)
		p.b.WriteByte(']')
	case *lang.Slice:
		p.paren(e.X, pPostfix, c)
		p.b.WriteByte('[')
		if e.Lo != nil {
			p.expr(e.Lo, ctxTop)
		}
		p.b.WriteByte(':')
		if e.Hi != nil {
			p.expr(e.Hi, ctxTop)
		}
		p.b.WriteByte(']')
	default:
		panic("spelling: cannot print expression")
	}
}

// item writes an element of a bracketed comma-separated list.
func (p *printer) item(e lang.Expr) { p.expr(e, ctxList) }

func (p *printer) seq(open string, elems []lang.Expr, close string, oneTuple bool) {
	p.b.WriteString(open)
	for i, x := range elems {
		if i > 0 {
			p.b.WriteString(", ")
		}
		p.item(x)
	}
	if oneTuple {
		p.b.WriteByte(',')
	}
	p.b.WriteString(close)
}

func (p *printer) comp(e *lang.Comp, c ctx) {
	switch e.Kind {
	case lang.ListComp:
		p.b.WriteByte('[')
		p.expr(e.Body, ctxOpen)
		p.clauses(e.Clauses, ctxTop)
		p.b.WriteByte(']')
	case lang.SetComp:
		p.b.WriteByte('{')
		p.expr(e.Body, ctxOpen)
		p.clauses(e.Clauses, ctxTop)
		p.b.WriteByte('}')
	case lang.MapComp:
		p.b.WriteByte('{')
		p.item(e.Key)
		p.b.WriteString(": ")
		p.expr(e.Body, ctxOpen)
		p.clauses(e.Clauses, ctxTop)
		p.b.WriteByte('}')
	case lang.SumComp:
		// Its clauses have no closing bracket: bare only where a comma
		// or a closing bracket follows it.
		open := c&^ctxList != 0
		if open {
			p.b.WriteByte('(')
		}
		p.b.WriteString("sum of ")
		p.expr(e.Body, ctxOpen)
		p.clauses(e.Clauses, ctxTop)
		if open {
			p.b.WriteByte(')')
		}
	}
}

// binary writes x op1 y1 op2 y2 ... (left-associative, one level).
func (p *printer) binary(x lang.Expr, steps []lang.Step, c ctx) {
	level := binPrec(steps[0].Op)
	bar := c&ctxAlt != 0 && level == pBitOr
	if bar {
		p.b.WriteByte('(')
		c = ctxTop
	}
	if level == pPow {
		// X ** Y: X a postfix expression, Y a prefix one (or a power).
		p.paren(x, pPostfix, c)
		p.b.WriteString(" ** ")
		y := steps[0].Y
		if prec(y) < pUnary {
			p.paren(y, pUnary, c)
		} else {
			p.expr(y, c)
		}
	} else {
		// The left operand may be of the same level, except where
		// operators do not chain (comparisons, ranges).
		left := level
		if level == pCmp || level == pRange {
			left = level + 1
		}
		p.operand(x, left, c)
		for _, st := range steps {
			p.b.WriteString(" " + st.Op.String() + " ")
			p.operand(st.Y, level+1, c)
		}
	}
	if bar {
		p.b.WriteByte(')')
	}
}

// operand writes an operand that must bind at least as tightly as min;
// `if`, `sum of` and `not` are parenthesized wherever they are operands
// (they reach as far right as they can).
func (p *printer) operand(e lang.Expr, min int, c ctx) {
	switch x := e.(type) {
	case *lang.IfExpr, *lang.SumOf:
		p.b.WriteByte('(')
		p.expr(e, ctxTop)
		p.b.WriteByte(')')
		return
	case *lang.Unary:
		if x.Op == lang.OpNot && min > pNot {
			p.b.WriteByte('(')
			p.expr(e, ctxTop)
			p.b.WriteByte(')')
			return
		}
	}
	p.paren(e, min, c)
}

func (p *printer) unary(e *lang.Unary, c ctx) {
	switch e.Op {
	case lang.OpNot:
		p.b.WriteString("not ")
		p.operand(e.X, pNot, c)
	default:
		p.b.WriteString(e.Op.String())
		// -(-x), *(*x), -(*x): never two prefix operators in a row
		// (** would scan as one token), nor a negative literal.
		x := e.X
		if prec(x) < pPow || isPrefix(x) {
			p.b.WriteByte('(')
			p.expr(x, ctxTop)
			p.b.WriteByte(')')
			return
		}
		p.expr(x, c)
	}
}

func isPrefix(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.Unary:
		return true
	case *lang.IntLit:
		return e.Val < 0
	case *lang.Binary:
		return e.Op == lang.OpPow && isPrefix(e.X)
	}
	return false
}
