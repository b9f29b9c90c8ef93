package ir

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// String prints q one clause a line, for the tests and --explain:
//
//	range i = 1 .. n
//	bind j = n - i
//	filter i < j
//	yield g(i, j)
func (q *Query) String() string {
	var b strings.Builder
	for _, g := range q.Guard {
		coll, of := "a collection", "ints"
		if g.Seq {
			coll = "a list or tuple"
		}
		if g.Arity > 0 {
			of = fmt.Sprintf("%d-tuples of ints", g.Arity)
		}
		if g.Coll && g.Arity == AnyElems {
			fmt.Fprintf(&b, "guard %s is %s (only tested for membership)\n", g.Root.Name, coll)
		} else if g.Coll && g.Arity == NoElems {
			fmt.Fprintf(&b, "guard %s is an empty collection (its uses contradict one another)\n", g.Root.Name)
		} else if g.Coll && g.NonNeg {
			fmt.Fprintf(&b, "guard %s is %s of %s, each 0 <= x <= %d\n", g.Root.Name, coll, of, g.T)
		} else if g.Coll {
			fmt.Fprintf(&b, "guard %s is %s of %s, each |x| <= %d\n", g.Root.Name, coll, of, g.T)
		} else if g.Str {
			fmt.Fprintf(&b, "guard %s is a string of at least %d ASCII characters\n", g.Root.Name, g.MinLen)
		} else if g.Ints && g.MinLen > 0 {
			fmt.Fprintf(&b, "guard %s is a list of at least %d ints, each |x| <= %d\n", g.Root.Name, g.MinLen, g.T)
		} else if g.Ints {
			fmt.Fprintf(&b, "guard %s is a list of ints, each |x| <= %d\n", g.Root.Name, g.T)
		} else {
			fmt.Fprintf(&b, "guard |%s| <= %d\n", g.Root.Name, g.T)
		}
		if g.NonZero {
			fmt.Fprintf(&b, "guard %s != 0\n", g.Root.Name)
		}
		if g.Positive {
			fmt.Fprintf(&b, "guard %s >= 1\n", g.Root.Name)
		}
		for _, n := range g.Nests {
			fmt.Fprintf(&b, "guard len(%s) + %d nested calls of %s fit the depth limit\n", g.Root.Name, n.Extra, n.Name)
		}
	}
	for _, cl := range q.Clauses {
		b.WriteString(ClauseString(cl))
		b.WriteByte('\n')
	}
	b.WriteString("yield ")
	if q.Key != nil {
		b.WriteString(Expr(q.Key) + ": ")
	}
	b.WriteString(Expr(q.Yield))
	return b.String()
}

// ClauseString prints one clause.
func ClauseString(cl Clause) string {
	switch cl := cl.(type) {
	case *Range:
		return fmt.Sprintf("range %s = %s .. %s", Name(cl.Var.Name), operand(cl.Lo), operand(cl.Hi))
	case *Elems:
		return fmt.Sprintf("elems %s in %s", patString(cl.Pat), Expr(cl.Coll))
	case *Bind:
		return fmt.Sprintf("bind %s = %s", patString(cl.Pat), Expr(cl.X))
	case *Filter:
		return "filter " + Expr(cl.Cond)
	}
	return "?"
}

// Name is a name for printing: a name the planner made (hidden) primed.
func Name(n string) string {
	if resolve.HiddenName(n) {
		return n[len(resolve.HiddenPrefix):] + "'"
	}
	return n
}

// Expr prints an expression on one line, a nested operation in
// parentheses.
func Expr(e lang.Expr) string {
	var b strings.Builder
	writeExpr(&b, e, false)
	return b.String()
}

func writeExpr(b *strings.Builder, e lang.Expr, nested bool) {
	switch e := e.(type) {
	case *lang.Ident:
		b.WriteString(Name(e.Name))
	case *lang.IntLit:
		b.WriteString(strconv.FormatInt(e.Val, 10))
	case *lang.StrLit:
		b.WriteString(strconv.Quote(e.Val))
	case *lang.BoolLit:
		b.WriteString(strconv.FormatBool(e.Val))
	case *lang.Unary:
		b.WriteString(e.Op.String())
		if e.Op == lang.OpNot {
			b.WriteByte(' ')
		}
		if _, bin := e.X.(*lang.Binary); bin {
			// (not (a or b), -(a + b): an operator's operand in
			// parentheses.)
			b.WriteByte('(')
			writeExpr(b, e.X, false)
			b.WriteByte(')')
			break
		}
		writeExpr(b, e.X, true)
	case *lang.Binary:
		writeOperand(b, e.X, prec(e.Op), false)
		b.WriteString(" " + e.Op.String() + " ")
		writeOperand(b, e.Y, prec(e.Op), true)
	case *lang.Call:
		writeExpr(b, e.Fn, true)
		writeSeq(b, "(", e.Args, ")")
	case *lang.ListLit:
		writeSeq(b, "[", e.Elems, "]")
	case *lang.SetLit:
		writeSeq(b, "{", e.Elems, "}")
	case *lang.TupleLit:
		if len(e.Elems) == 1 {
			writeSeq(b, "(", e.Elems, ",)") // (a one-tuple, not a parenthesis)
		} else {
			writeSeq(b, "(", e.Elems, ")")
		}
	case *lang.Index:
		if _, ok := e.X.(*lang.Binary); ok {
			// (An index of a concatenation: `([0] + b)[i]`.)
			b.WriteByte('(')
			writeExpr(b, e.X, false)
			b.WriteByte(')')
		} else {
			writeExpr(b, e.X, true)
		}
		b.WriteByte('[')
		writeExpr(b, e.Index, false)
		b.WriteByte(']')
	case *lang.Slice:
		writeExpr(b, e.X, true)
		b.WriteByte('[')
		if e.Lo != nil {
			writeExpr(b, e.Lo, false)
		}
		b.WriteByte(':')
		if e.Hi != nil {
			writeExpr(b, e.Hi, false)
		}
		b.WriteByte(']')
	case *lang.IfExpr:
		if nested {
			b.WriteByte('(')
		}
		b.WriteString("if ")
		writeExpr(b, e.Cond, false)
		b.WriteString(" then ")
		writeExpr(b, e.Then, false)
		b.WriteString(" else ")
		writeExpr(b, e.Else, false)
		if nested {
			b.WriteByte(')')
		}
	case *lang.Comp:
		q := LowerComp(e, CompConsumer(e.Kind))
		b.WriteString("[")
		writeExpr(b, e.Body, false)
		for _, cl := range q.Clauses {
			b.WriteString("; " + ClauseString(cl))
		}
		b.WriteString("]")
	default:
		b.WriteString(strings.TrimPrefix(fmt.Sprintf("%T", e), "*lang."))
	}
}

// operand prints an end of a range.
func operand(e lang.Expr) string {
	var b strings.Builder
	writeOperand(&b, e, prec(lang.OpRange), false)
	return b.String()
}

// writeOperand writes an operand of an operator of precedence p: in
// parentheses when it binds less tightly (or as tightly, on the right).
func writeOperand(b *strings.Builder, e lang.Expr, p int, right bool) {
	if x, ok := e.(*lang.Binary); ok {
		if q := prec(x.Op); q > p || q == p && !right {
			writeExpr(b, e, false)
			return
		}
		b.WriteByte('(')
		writeExpr(b, e, false)
		b.WriteByte(')')
		return
	}
	writeExpr(b, e, true)
}

// prec is an operator's precedence, for printing: the parser's (bit
// operators bind less tightly than + and -).
func prec(op lang.Op) int { return op.Precedence() }

func writeSeq(b *strings.Builder, open string, xs []lang.Expr, close string) {
	b.WriteString(open)
	for i, x := range xs {
		if i > 0 {
			b.WriteString(", ")
		}
		writeExpr(b, x, false)
	}
	b.WriteString(close)
}

// patString prints a pattern, hidden names primed.
func patString(p *lang.Pattern) string {
	ns := make([]string, len(p.Names))
	for i, n := range p.Names {
		ns[i] = Name(n.Name)
	}
	if !p.Tuple {
		return ns[0]
	}
	return "(" + strings.Join(ns, ", ") + ")"
}
