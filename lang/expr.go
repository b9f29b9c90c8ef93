package lang

import (
	"fmt"
	"strconv"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Binary operator precedences, lowest first. `not` sits between and and the
// comparisons; comparisons and ranges do not associate.
const (
	precOr = iota + 1
	precAnd
	precNot
	precCmp
	precRange
	precXor
	precAdd
	precMul
)

var binaryPrec = map[string]int{
	"or": precOr, "and": precAnd,
	"==": precCmp, "!=": precCmp, "<": precCmp, "<=": precCmp, ">": precCmp, ">=": precCmp, "in": precCmp,
	"..": precRange,
	"^":  precXor,
	"+":  precAdd, "-": precAdd,
	"*": precMul, "/": precMul, "%": precMul,
}

// syntaxPanic carries a syntax error out of the recursive descent.
type syntaxPanic struct{ err *Error }

// exprParser parses expressions, clauses and patterns from participle's
// token stream by precedence climbing.
type exprParser struct {
	lex   *lexer.PeekingLexer
	depth int
}

func catchSyntax[T any](lex *lexer.PeekingLexer, f func(p *exprParser) T) (res T, err error) {
	p := &exprParser{lex: lex}
	defer func() {
		if r := recover(); r != nil {
			sp, ok := r.(syntaxPanic)
			if !ok {
				panic(r)
			}
			err = sp.err
		}
	}()
	return f(p), nil
}

func parseExprNode(lex *lexer.PeekingLexer) (Expr, error) {
	if !startsExpr(lex.Peek()) {
		return nil, participle.NextMatch
	}
	return catchSyntax(lex, func(p *exprParser) Expr { return p.expr() })
}

func parseAltNode(lex *lexer.PeekingLexer) (AltNode, error) {
	return catchSyntax(lex, func(p *exprParser) AltNode {
		t := p.peek()
		if !startsExpr(t) {
			p.fail(t, "a move (a game expression)")
		}
		body := p.expr()
		return &Alt{Pos: Start(body), Body: body, Clauses: p.clauses()}
	})
}

func parseParamsNode(lex *lexer.PeekingLexer) (ParamsNode, error) {
	return catchSyntax(lex, func(p *exprParser) ParamsNode {
		ps := &Params{}
		if p.is(")") {
			return ps
		}
		for {
			ps.Names = append(ps.Names, p.name())
			if !p.is(",") {
				return ps
			}
			p.next()
		}
	})
}

func parsePatternNode(lex *lexer.PeekingLexer) (PatternNode, error) {
	return catchSyntax(lex, func(p *exprParser) PatternNode { return p.pattern() })
}

func startsExpr(t *lexer.Token) bool {
	switch t.Type {
	case TokInt, TokString, TokIdent:
		return true
	case TokKeyword:
		switch t.Value {
		case "true", "false", "if", "sum", "not":
			return true
		}
	case TokPunct:
		switch t.Value {
		case "(", "[", "{", "-", "*":
			return true
		}
	}
	return false
}

func (p *exprParser) peek() *lexer.Token { return p.lex.Peek() }
func (p *exprParser) next() *lexer.Token { return p.lex.Next() }

// is reports whether the next token is the punctuation or keyword s.
func (p *exprParser) is(s string) bool {
	t := p.peek()
	return (t.Type == TokPunct || t.Type == TokKeyword) && t.Value == s
}

// describe names a token for an error message.
func describe(t *lexer.Token) string {
	switch t.Type {
	case TokEOF:
		return "end of input"
	case TokString:
		return strconv.Quote(t.Value)
	case TokIdent:
		return fmt.Sprintf("name %q", t.Value)
	case TokKeyword:
		return fmt.Sprintf("keyword %q", t.Value)
	}
	return fmt.Sprintf("%q", t.Value)
}

func (p *exprParser) fail(t *lexer.Token, expected string) {
	panic(syntaxPanic{&Error{
		Pos:        t.Pos,
		Msg:        fmt.Sprintf("expected %s, found %s", expected, describe(t)),
		Incomplete: t.Type == TokEOF,
	}})
}

func (p *exprParser) expect(s string) *lexer.Token {
	if !p.is(s) {
		p.fail(p.peek(), fmt.Sprintf("%q", s))
	}
	return p.next()
}

func (p *exprParser) enter() {
	p.depth++
	if p.depth > 4*MaxNesting {
		panic(syntaxPanic{Errorf(p.peek().Pos, "expression nested too deeply (more than %d levels)", 4*MaxNesting)})
	}
}

func (p *exprParser) leave() { p.depth-- }

// expr parses a full expression (the lowest precedence level).
func (p *exprParser) expr() Expr {
	p.enter()
	defer p.leave()
	switch {
	case p.is("sum"):
		return p.sumOf()
	case p.is("if"):
		return p.ifExpr()
	}
	return p.binary(precOr)
}

func (p *exprParser) sumOf() Expr {
	pos := p.next().Pos
	if !p.is("of") {
		p.fail(p.peek(), `"of" after "sum"`)
	}
	p.next()
	first := p.operand("a game after \"sum of\"")
	if p.is("for") {
		return &Comp{Pos: pos, Kind: SumComp, Body: first, Clauses: p.clauses()}
	}
	items := []Expr{first}
	for p.is(",") {
		p.next()
		items = append(items, p.operand("a game after \",\""))
	}
	return &SumOf{Pos: pos, Items: items}
}

// operand parses an expression, naming what was expected if none starts.
func (p *exprParser) operand(what string) Expr {
	if !startsExpr(p.peek()) {
		p.fail(p.peek(), what)
	}
	return p.expr()
}

func (p *exprParser) ifExpr() Expr {
	pos := p.next().Pos
	c := p.operand("a condition after \"if\"")
	if !p.is("then") {
		p.fail(p.peek(), `"then"`)
	}
	p.next()
	a := p.operand(`an expression after "then"`)
	if !p.is("else") {
		p.fail(p.peek(), `"else" (an if-expression needs both branches)`)
	}
	p.next()
	b := p.operand(`an expression after "else"`)
	return &IfExpr{Pos: pos, Cond: c, Then: a, Else: b}
}

func (p *exprParser) binop() (string, int) {
	t := p.peek()
	if t.Type != TokPunct && t.Type != TokKeyword {
		return "", 0
	}
	return t.Value, binaryPrec[t.Value]
}

func (p *exprParser) binary(minPrec int) Expr {
	var x Expr
	if p.is("not") {
		pos := p.next().Pos
		x = &Unary{Pos: pos, Op: "not", X: p.binaryOperand(precNot, "not")}
	} else {
		x = p.unary()
	}
	for {
		op, prec := p.binop()
		if prec == 0 || prec < minPrec {
			return x
		}
		t := p.next()
		y := p.binaryOperand(prec+1, op)
		x = &Binary{Pos: t.Pos, Op: op, X: x, Y: y}
		if prec == precCmp || prec == precRange {
			if op2, prec2 := p.binop(); prec2 == prec {
				kind := "comparisons"
				if prec == precRange {
					kind = "ranges"
				}
				panic(syntaxPanic{Errorf(p.peek().Pos, "%s cannot be chained: put parentheses around one side of %q", kind, op2)})
			}
		}
	}
}

func (p *exprParser) binaryOperand(minPrec int, op string) Expr {
	if !startsExpr(p.peek()) {
		p.fail(p.peek(), fmt.Sprintf("an expression after %q", op))
	}
	p.enter()
	defer p.leave()
	return p.binary(minPrec)
}

func (p *exprParser) unary() Expr {
	p.enter()
	defer p.leave()
	t := p.peek()
	if t.Type == TokPunct && (t.Value == "-" || t.Value == "*") {
		p.next()
		if t.Value == "-" && p.peek().Type == TokInt && p.peek().Value == "9223372036854775808" {
			lit := p.next()
			return p.postfix(&IntLit{Pos: t.Pos, Val: -1 << 63}, lit)
		}
		if !startsExpr(p.peek()) {
			p.fail(p.peek(), fmt.Sprintf("an expression after %q", t.Value))
		}
		return &Unary{Pos: t.Pos, Op: t.Value, X: p.unary()}
	}
	if p.is("not") {
		pos := p.next().Pos
		return &Unary{Pos: pos, Op: "not", X: p.binaryOperand(precNot, "not")}
	}
	return p.postfix(p.primary(), nil)
}

func (p *exprParser) postfix(x Expr, _ *lexer.Token) Expr {
	for {
		switch {
		case p.is("("):
			lp := p.next().Pos
			args := p.list(")", "an argument")
			x = &Call{Pos: Start(x), Fn: x, Lparen: lp, Args: args}
		case p.is("["):
			pos := p.next().Pos
			i := p.operand("an index")
			p.expect("]")
			x = &Index{Pos: pos, X: x, Index: i}
		default:
			return x
		}
	}
}

// list parses comma-separated expressions up to the closing token (a
// trailing comma is allowed) and consumes the closing token.
func (p *exprParser) list(closing, what string) []Expr {
	var xs []Expr
	for !p.is(closing) {
		xs = append(xs, p.operand(what+" or "+strconv.Quote(closing)))
		if p.is(",") {
			p.next()
			continue
		}
		if !p.is(closing) {
			p.fail(p.peek(), fmt.Sprintf("\",\" or %q", closing))
		}
	}
	p.next()
	return xs
}

func (p *exprParser) primary() Expr {
	t := p.peek()
	switch t.Type {
	case TokInt:
		p.next()
		v, err := strconv.ParseInt(t.Value, 10, 64)
		if err != nil {
			panic(syntaxPanic{Errorf(t.Pos, "integer literal %s does not fit in 64 bits", t.Value)})
		}
		return &IntLit{Pos: t.Pos, Val: v}
	case TokString:
		p.next()
		return &StrLit{Pos: t.Pos, Val: t.Value}
	case TokIdent:
		p.next()
		return &Ident{Pos: t.Pos, Name: t.Value}
	case TokKeyword:
		switch t.Value {
		case "true", "false":
			p.next()
			return &BoolLit{Pos: t.Pos, Val: t.Value == "true"}
		case "if":
			return p.ifExpr()
		case "sum":
			return p.sumOf()
		}
	case TokPunct:
		switch t.Value {
		case "(":
			return p.paren()
		case "[":
			return p.bracket()
		case "{":
			return p.brace()
		}
	}
	p.fail(t, "an expression")
	return nil
}

func (p *exprParser) paren() Expr {
	pos := p.next().Pos
	if p.is(")") {
		p.next()
		return &TupleLit{Pos: pos}
	}
	first := p.operand(`an expression or ")"`)
	if p.is(")") {
		p.next()
		return first
	}
	if !p.is(",") {
		p.fail(p.peek(), `"," or ")"`)
	}
	p.next()
	elems := append([]Expr{first}, p.list(")", "an expression")...)
	return &TupleLit{Pos: pos, Elems: elems}
}

func (p *exprParser) bracket() Expr {
	pos := p.next().Pos
	if p.is("]") {
		p.next()
		return &ListLit{Pos: pos}
	}
	first := p.operand(`an expression or "]"`)
	if p.is("for") {
		c := &Comp{Pos: pos, Kind: ListComp, Body: first, Clauses: p.clauses()}
		p.expect("]")
		return c
	}
	if p.is("]") {
		p.next()
		return &ListLit{Pos: pos, Elems: []Expr{first}}
	}
	if !p.is(",") {
		p.fail(p.peek(), `"," or "]"`)
	}
	p.next()
	return &ListLit{Pos: pos, Elems: append([]Expr{first}, p.list("]", "an expression")...)}
}

func (p *exprParser) brace() Expr {
	pos := p.next().Pos
	if p.is("}") {
		p.next()
		return &MapLit{Pos: pos}
	}
	first := p.operand(`an expression or "}"`)
	if p.is(":") {
		p.next()
		v := p.operand(`a value after ":"`)
		if p.is("for") {
			c := &Comp{Pos: pos, Kind: MapComp, Key: first, Body: v, Clauses: p.clauses()}
			p.expect("}")
			return c
		}
		m := &MapLit{Pos: pos, Keys: []Expr{first}, Vals: []Expr{v}}
		for p.is(",") {
			p.next()
			if p.is("}") {
				break
			}
			k := p.operand(`a key or "}"`)
			p.expect(":")
			m.Keys = append(m.Keys, k)
			m.Vals = append(m.Vals, p.operand(`a value after ":"`))
		}
		p.expect("}")
		return m
	}
	if p.is("for") {
		c := &Comp{Pos: pos, Kind: SetComp, Body: first, Clauses: p.clauses()}
		p.expect("}")
		return c
	}
	if p.is("}") {
		p.next()
		return &SetLit{Pos: pos, Elems: []Expr{first}}
	}
	if !p.is(",") {
		p.fail(p.peek(), `",", ":" or "}"`)
	}
	p.next()
	return &SetLit{Pos: pos, Elems: append([]Expr{first}, p.list("}", "an expression")...)}
}

// clauses parses `for PATTERN in EXPR` and `if EXPR` clauses. A `for`
// clause followed by "{" is not a clause but the start of a for statement:
// the clause list ends before it.
func (p *exprParser) clauses() []Clause {
	var cs []Clause
	for {
		switch {
		case p.is("for"):
			cp := p.lex.MakeCheckpoint()
			pos := p.next().Pos
			target := p.pattern()
			if !p.is("in") {
				p.fail(p.peek(), `"in"`)
			}
			p.next()
			iter := p.operand(`an expression after "in"`)
			if p.is("{") {
				p.lex.LoadCheckpoint(cp)
				return cs
			}
			cs = append(cs, &ForClause{Pos: pos, Target: target, Iter: iter})
		case p.is("if"):
			pos := p.next().Pos
			cs = append(cs, &IfClause{Pos: pos, Cond: p.operand(`a condition after "if"`)})
		default:
			return cs
		}
	}
}

func (p *exprParser) name() *Name {
	t := p.peek()
	if t.Type != TokIdent {
		p.fail(t, "a name")
	}
	p.next()
	return &Name{Pos: t.Pos, Name: t.Value}
}

func (p *exprParser) pattern() *Pattern {
	t := p.peek()
	if p.is("(") {
		p.next()
		pat := &Pattern{Pos: t.Pos, Tuple: true}
		for {
			pat.Names = append(pat.Names, p.name())
			if p.is(",") {
				p.next()
				continue
			}
			p.expect(")")
			return pat
		}
	}
	return &Pattern{Pos: t.Pos, Names: []*Name{p.name()}}
}
