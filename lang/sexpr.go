package lang

import (
	"fmt"
	"strconv"
	"strings"
)

// SExpr renders a node (a *File, Stmt, Expr, *Alt, Clause or *Pattern) as an
// S-expression, e.g. (let x (+ 1 2)). Positions are not shown.
func SExpr(node any) string {
	var b strings.Builder
	writeSExpr(&b, node)
	return b.String()
}

func writeList(b *strings.Builder, head string, items ...any) {
	b.WriteByte('(')
	b.WriteString(head)
	for _, it := range items {
		b.WriteByte(' ')
		writeSExpr(b, it)
	}
	b.WriteByte(')')
}

func exprs(xs []Expr) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

func names(ns []*Name) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = n.Name
	}
	return "(" + strings.Join(s, " ") + ")"
}

type raw string

func writeSExpr(b *strings.Builder, node any) {
	switch n := node.(type) {
	case raw:
		b.WriteString(string(n))
	case *File:
		for i, s := range n.Stmts {
			if i > 0 {
				b.WriteByte('\n')
			}
			writeSExpr(b, s)
		}
	case *LetStmt:
		writeList(b, "let", n.Target, n.Value)
	case *DefStmt:
		writeList(b, "def", raw(n.Name.Name), raw(names(ParamNames(n.Params))), n.Body)
	case *GameStmt:
		items := []any{raw(n.Name.Name), raw(names(ParamNames(n.Params)))}
		for _, a := range n.Alts {
			items = append(items, a)
		}
		writeList(b, "game", items...)
	case *PrintStmt:
		writeList(b, "print", exprs(n.Args)...)
	case *AssertStmt:
		if n.Msg != nil {
			writeList(b, "assert", n.Cond, n.Msg)
		} else {
			writeList(b, "assert", n.Cond)
		}
	case *ForStmt:
		items := []any{n.Target, n.Iter}
		for _, s := range n.Body {
			items = append(items, s)
		}
		writeList(b, "for", items...)
	case *ExprStmt:
		writeList(b, "expr", n.X)
	case *TableStmt:
		items := []any{n.Body}
		for _, c := range n.Clauses {
			items = append(items, c)
		}
		writeList(b, "table", items...)
	case *Alt:
		items := []any{n.Body}
		for _, c := range n.Clauses {
			items = append(items, c)
		}
		writeList(b, "alt", items...)
	case *ForClause:
		writeList(b, "for", n.Target, n.Iter)
	case *IfClause:
		writeList(b, "if", n.Cond)
	case *Pattern:
		if n.Tuple {
			b.WriteString(names(n.Names))
		} else {
			b.WriteString(n.Names[0].Name)
		}
	case *Ident:
		b.WriteString(n.Name)
	case *IntLit:
		b.WriteString(strconv.FormatInt(n.Val, 10))
	case *StrLit:
		b.WriteString(strconv.Quote(n.Val))
	case *BoolLit:
		b.WriteString(strconv.FormatBool(n.Val))
	case *ListLit:
		writeList(b, "list", exprs(n.Elems)...)
	case *SetLit:
		writeList(b, "set", exprs(n.Elems)...)
	case *TupleLit:
		writeList(b, "tuple", exprs(n.Elems)...)
	case *MapLit:
		items := []any{}
		for i := range n.Keys {
			items = append(items, n.Keys[i], n.Vals[i])
		}
		writeList(b, "map", items...)
	case *Comp:
		head := [...]string{"list-comp", "set-comp", "map-comp", "sum-comp"}[n.Kind]
		items := []any{}
		if n.Key != nil {
			items = append(items, n.Key)
		}
		items = append(items, n.Body)
		for _, c := range n.Clauses {
			items = append(items, c)
		}
		writeList(b, head, items...)
	case *SumOf:
		writeList(b, "sum-of", exprs(n.Items)...)
	case *IfExpr:
		writeList(b, "if", n.Cond, n.Then, n.Else)
	case *Binary:
		writeList(b, strings.ReplaceAll(n.Op.String(), " ", "-"), n.X, n.Y)
	case *Chain:
		// As the nested Binary nodes it stands for.
		for i := len(n.Steps) - 1; i >= 0; i-- {
			b.WriteByte('(')
			b.WriteString(strings.ReplaceAll(n.Steps[i].Op.String(), " ", "-"))
			b.WriteByte(' ')
		}
		writeSExpr(b, n.X)
		for _, st := range n.Steps {
			b.WriteByte(' ')
			writeSExpr(b, st.Y)
			b.WriteByte(')')
		}
	case *Unary:
		op := n.Op.String()
		switch n.Op {
		case OpNeg:
			op = "neg"
		case OpNimber:
			op = "nimber"
		case OpBitNot:
			op = "bitnot"
		}
		writeList(b, op, n.X)
	case *Call:
		writeList(b, "call", append([]any{n.Fn}, exprs(n.Args)...)...)
	case *Index:
		writeList(b, "index", n.X, n.Index)
	case *Slice:
		writeList(b, "slice", n.X, n.Lo, n.Hi)
	case nil:
		b.WriteString("nil")
	default:
		fmt.Fprintf(b, "<%T>", n)
	}
}
