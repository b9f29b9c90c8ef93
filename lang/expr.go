package lang

import (
	"fmt"
	"strconv"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Binary operator precedences, lowest first. `not` sits between and and the
// comparisons; comparisons and ranges do not associate. Above precMul come
// the prefix operators (- and *E), then ** (right-associative, parsed in
// power), then calls, indexing and slicing.
const (
	precOr = iota + 1
	precAnd
	precNot
	precCmp
	precRange
	precBitOr
	precXor
	precBitAnd
	precShift
	precAdd
	precMul
)

// syntaxPanic carries a syntax error out of the recursive descent.
type syntaxPanic struct{ err *Error }

// exprParser parses expressions, clauses and patterns from participle's
// token stream by precedence climbing.
type exprParser struct {
	lex   *lexer.PeekingLexer
	check *checkState // nil: the parse runs without a Check
	depth int
	// inAlt is set while parsing a game's alternative outside any
	// bracket: there a "|" separates alternatives and is no operator.
	inAlt bool
}

func catchSyntax[T any](lex *lexer.PeekingLexer, f func(p *exprParser) T) (res T, err error) {
	p := &exprParser{lex: lex, check: checkStateOf(lex)}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(checkPanic); ok {
				err = p.check.err
				return
			}
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
		p.inAlt = true
		body := p.expr()
		alt := &Alt{Pos: Start(body), Body: body, Clauses: p.clauses()}
		switch t := p.peek(); {
		case p.is(","):
			panic(syntaxPanic{Errorf(t.Pos, `alternatives are separated by "|", not ","; write "|" before the next alternative`)})
		case p.is("else"):
			panic(syntaxPanic{Errorf(t.Pos, `an alternative has no "else": write the other case as another alternative after "|" (each with its own if), or use "if C then A else B" inside one`)})
		}
		return alt
	})
}

// bracketed parses what f parses inside brackets, where "|" is an operator
// again even within a game's alternative.
func bracketed[T any](p *exprParser, f func() T) T {
	save := p.inAlt
	p.inAlt = false
	defer func() { p.inAlt = save }()
	return f()
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
		case "(", "[", "{", "-", "*", "~":
			return true
		}
	}
	return false
}

func (p *exprParser) peek() *lexer.Token { return p.lex.Peek() }
func (p *exprParser) next() *lexer.Token {
	t := p.lex.Next()
	if p.check != nil {
		p.check.tick(t.Pos)
	}
	return t
}

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
		Msg:        fmt.Sprintf("expected %s, found %s", expected, describe(t)) + ifHint(t, expected),
		Incomplete: t.Type == TokEOF,
	}})
}

// ifHint is the hint of an error that found the keyword if where an
// expression had ended (Python's A if C else B), or a statement was
// expected (not a name): how a conditional is written.
func ifHint(t *lexer.Token, expected string) string {
	if t.Type == TokKeyword && t.Value == "if" && expected != "a name" {
		return " (a conditional expression is written if C then A else B)"
	}
	return ""
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

// chain returns the function that restores the nesting depth after a
// chain whose links each nest the next (the calls and indexes after an
// operand, the clauses of a comprehension): each link enters as it
// comes.
func (p *exprParser) chain() func() {
	depth := p.depth
	return func() { p.depth = depth }
}

// expr parses a full expression (the lowest precedence level).
func (p *exprParser) expr() Expr {
	p.enter()
	defer p.leave()
	switch {
	case p.is("sum") && !p.sumCall():
		return p.sumOf()
	case p.is("if"):
		return p.ifExpr()
	}
	return p.binary(precOr)
}

// sumCall reports whether the "sum" ahead is a call of the built-in
// sum(XS) rather than "sum of".
func (p *exprParser) sumCall() bool {
	cp := p.lex.MakeCheckpoint()
	p.next()
	call := p.is("(")
	p.lex.LoadCheckpoint(cp)
	return call
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

// binop returns the binary operator ahead and its precedence (0: none),
// and how many tokens it takes ("not in" takes two).
func (p *exprParser) binop() (Op, int, int) {
	t := p.peek()
	if t.Type != TokPunct && t.Type != TokKeyword {
		return OpNone, 0, 0
	}
	if t.Value == "|" && p.inAlt {
		return OpNone, 0, 0
	}
	if t.Value == "not" {
		cp := p.lex.MakeCheckpoint()
		p.next()
		in := p.is("in")
		p.lex.LoadCheckpoint(cp)
		if in {
			return OpNotIn, precCmp, 2
		}
		return OpNone, 0, 0
	}
	op := binaryOps[t.Value]
	return op, op.prec(), 1
}

func (p *exprParser) binary(minPrec int) Expr {
	var x Expr
	if p.is("not") {
		pos := p.next().Pos
		x = &Unary{Pos: pos, Op: OpNot, X: p.binaryOperand(precNot, OpNot)}
	} else {
		x = p.unary()
	}
	// The operators of this level and their right operands, applied left
	// to right: nested Binary nodes, or a Chain when there are many.
	var steps []Step
	for {
		op, prec, ntok := p.binop()
		if prec == 0 || prec < minPrec {
			return chain(x, steps)
		}
		t := p.next()
		if ntok == 2 {
			p.next()
		}
		y := p.binaryOperand(prec+1, op)
		steps = append(steps, Step{Pos: t.Pos, Op: op, Y: y})
		if prec == precCmp || prec == precRange {
			if op2, prec2, _ := p.binop(); prec2 == prec {
				kind := "comparisons"
				if prec == precRange {
					kind = "ranges"
				}
				panic(syntaxPanic{Errorf(p.peek().Pos, "%s cannot be chained: put parentheses around one side of %q", kind, op2)})
			}
		}
	}
}

// chain applies steps to x left to right: as nested Binary nodes, or as
// one Chain when there are more than MaxBinaryRun of them.
func chain(x Expr, steps []Step) Expr {
	if len(steps) > MaxBinaryRun {
		return &Chain{Pos: Start(x), X: x, Steps: steps}
	}
	for _, st := range steps {
		x = &Binary{Pos: st.Pos, Op: st.Op, X: x, Y: st.Y}
	}
	return x
}

func (p *exprParser) binaryOperand(minPrec int, op Op) Expr {
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
	if t.Type == TokPunct && (t.Value == "-" || t.Value == "*" || t.Value == "~") {
		p.next()
		if t.Value == "-" && p.peek().Type == TokInt && p.peek().Value == minIntDigits {
			return p.minInt(t.Pos)
		}
		if !startsExpr(p.peek()) {
			p.fail(p.peek(), fmt.Sprintf("an expression after %q", t.Value))
		}
		op := OpNeg
		switch t.Value {
		case "*":
			op = OpNimber
		case "~":
			op = OpBitNot
		}
		return &Unary{Pos: t.Pos, Op: op, X: p.unary()}
	}
	if p.is("not") {
		pos := p.next().Pos
		return &Unary{Pos: pos, Op: OpNot, X: p.binaryOperand(precNot, OpNot)}
	}
	return p.powerTail(p.postfix(p.primary()))
}

// minIntDigits is the one literal that fits only when negated.
const minIntDigits = "9223372036854775808"

// minInt parses the literal -9223372036854775808 after its "-" (at pos):
// the literal 9223372036854775808 is valid only as the whole operand of
// a unary minus. A call, an index or a power after it binds tighter than
// the minus (-9223372036854775808 ** 0 is -(9223372036854775808 ** 0)),
// so there the literal alone does not fit: that is an error, with the
// parenthesised spelling as a hint.
func (p *exprParser) minInt(pos Pos) Expr {
	lit := p.next()
	if q := p.peek(); q.Type == TokPunct && (q.Value == "**" || q.Value == "(" || q.Value == "[") {
		what := `the operand of "**"`
		if q.Value != "**" {
			what = "called or indexed"
		}
		panic(syntaxPanic{Errorf(lit.Pos, "integer literal %s does not fit in 64 bits (here it is %s, which binds tighter than the unary minus); write (-%s) for the smallest integer", minIntDigits, what, minIntDigits)})
	}
	return &IntLit{Pos: pos, Val: -1 << 63}
}

// powerTail parses "** E" after an operand: right-associative, binding
// tighter than the prefix operators (-2 ** 2 is -4), its right side a
// unary expression (2 ** -1 parses, and fails when run).
func (p *exprParser) powerTail(x Expr) Expr {
	if !p.is("**") {
		return x
	}
	t := p.next()
	if !startsExpr(p.peek()) {
		p.fail(p.peek(), `an expression after "**"`)
	}
	return &Binary{Pos: t.Pos, Op: OpPow, X: x, Y: p.unary()}
}

// postfix parses calls, indexes and slices after an operand. Each is a
// level of nesting (f()()() is a call of a call of a call).
func (p *exprParser) postfix(x Expr) Expr {
	defer p.chain()()
	for {
		switch {
		case p.is("("):
			p.enter()
			lp := p.next().Pos
			args := bracketed(p, func() []Expr { return p.list(")", "an argument") })
			x = &Call{Pos: Start(x), Fn: x, Lparen: lp, Args: args}
		case p.is("["):
			p.enter()
			pos := p.next().Pos
			x = bracketed(p, func() Expr { return p.indexOrSlice(pos, x) })
		default:
			return x
		}
	}
}

// indexOrSlice parses what follows "[" after X: I], A:B], A:], :B] or :].
func (p *exprParser) indexOrSlice(pos Pos, x Expr) Expr {
	var lo Expr
	if !p.is(":") {
		lo = p.operand(`an index or ":"`)
		if !p.is(":") {
			if !p.is("]") {
				p.fail(p.peek(), `"]" or ":"`)
			}
			p.next()
			return &Index{Pos: pos, X: x, Index: lo}
		}
	}
	p.next() // ":"
	var hi Expr
	if !p.is("]") {
		hi = p.operand(`the end of a slice or "]"`)
	}
	p.expect("]")
	return &Slice{Pos: pos, X: x, Lo: lo, Hi: hi}
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
			if p.sumCall() {
				p.next()
				return &Ident{Pos: t.Pos, Name: "sum"}
			}
			return p.sumOf()
		}
	case TokPunct:
		switch t.Value {
		case "(":
			return bracketed(p, p.paren)
		case "[":
			return bracketed(p, p.bracket)
		case "{":
			return bracketed(p, p.brace)
		}
	}
	p.fail(t, "an expression")
	return nil
}

func (p *exprParser) paren() Expr {
	pos, first := p.open(")", `an expression or ")"`)
	if first == nil {
		return &TupleLit{Pos: pos}
	}
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
	pos, first := p.open("]", `an expression or "]"`)
	switch {
	case first == nil:
		return &ListLit{Pos: pos}
	case p.is("for"):
		return p.comp(&Comp{Pos: pos, Kind: ListComp, Body: first}, "]")
	}
	return &ListLit{Pos: pos, Elems: p.elems(first, "]", `"," or "]"`)}
}

func (p *exprParser) brace() Expr {
	pos, first := p.open("}", `an expression or "}"`)
	switch {
	case first == nil:
		return &MapLit{Pos: pos}
	case p.is(":"):
		p.next()
		v := p.operand(`a value after ":"`)
		if p.is("for") {
			return p.comp(&Comp{Pos: pos, Kind: MapComp, Key: first, Body: v}, "}")
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
	case p.is("for"):
		return p.comp(&Comp{Pos: pos, Kind: SetComp, Body: first}, "}")
	}
	return &SetLit{Pos: pos, Elems: p.elems(first, "}", `",", ":" or "}"`)}
}

// open reads an opening bracket and, unless closing follows it at once
// (then first is nil), the first element (expected: what may stand
// there, for the error).
func (p *exprParser) open(closing, expected string) (pos Pos, first Expr) {
	pos = p.next().Pos
	if p.is(closing) {
		p.next()
		return pos, nil
	}
	return pos, p.operand(expected)
}

// elems reads the rest of a list or set after its first element: closing,
// or "," and more elements up to closing (expected: what may follow the
// first element, for the error). It returns all the elements.
func (p *exprParser) elems(first Expr, closing, expected string) []Expr {
	if p.is(closing) {
		p.next()
		return []Expr{first}
	}
	if !p.is(",") {
		p.fail(p.peek(), expected)
	}
	p.next()
	return append([]Expr{first}, p.list(closing, "an expression")...)
}

// comp reads the clauses of the comprehension c and its closing bracket.
func (p *exprParser) comp(c *Comp, closing string) Expr {
	c.Clauses = p.clauses()
	p.expect(closing)
	return c
}

// clauses parses `for PATTERN in EXPR` and `if EXPR` clauses. A `for`
// clause followed by "{" is not a clause but the start of a for statement:
// the clause list ends before it.
func (p *exprParser) clauses() []Clause {
	var cs []Clause
	// Each clause nests the next (and the body) inside it.
	defer p.chain()()
	for {
		switch {
		case p.is("for"):
			p.enter()
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
			p.enter()
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
