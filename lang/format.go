package lang

// The formatter: Format prints a script in one canonical layout (the rules
// are in spec.md, "grundy fmt"). It walks the tree in source order and
// takes the tokens of the source as it goes (Scan's), so that it knows
// where each piece of text was: the comments between two tokens are put
// back there (a comment after code on its line stays at the end of that
// line; a comment on a line of its own stays on a line of its own before
// what followed it), and the parentheses the user wrote are kept (the
// tree does not hold them). The text printed is the source's tokens in
// the source's order, without a trailing comma (a one-tuple's excepted)
// or a leading "|" before a game's first alternative; only the white
// space between them changes. Lines break only where a piped REPL reads
// on (repl/entry.go): after an operator, "=", "," or "moves", inside
// brackets, before "then" and "else", and in a game or def before "|" and
// a clause.

import (
	"errors"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// FormatWidth is the line width the formatter keeps to where it can.
const FormatWidth = 100

// Format returns src (a script, named filename in errors) in the
// canonical layout. A syntax error is returned as ParseFile returns it.
func Format(filename, src string) (string, error) {
	return FormatCheck(filename, src, nil)
}

// FormatCheck is Format under a Check (nil: none), called as a parse
// calls it: every few thousand tokens of each step (the parse, the
// printer, the layout and the parse of the result), with the position
// reached in src and the bytes the steps after it are estimated to need.
// Its error ends the formatting and is returned as it is.
func FormatCheck(filename, src string, check Check) (string, error) {
	f, err := ParseFileCheck(filename, src, check)
	if err != nil {
		return "", err
	}
	toks, comments, err := scanAllCheck(filename, src, check)
	if err != nil {
		return "", err
	}
	if check == nil {
		check = func(Pos, int64) error { return nil }
	}
	p := &printer{toks: toks, comments: comments, match: matchBrackets(toks), check: check}
	d, err := p.file(f)
	if err != nil {
		return "", err
	}
	if len(f.Stmts) == 0 && len(comments) == 0 {
		return "", nil
	}
	end := toks[len(toks)-1].Pos
	// The layout builds the text (about src's size) and the parse of it
	// needs about what the first parse did.
	out, err := render(d, FormatWidth, func() error { return check(end, outputBytes(src, len(toks))) })
	if err != nil {
		return "", err
	}
	// The printer must not change what the script means: check that the
	// output parses to the same tree (a bug here would rewrite a user's
	// file into another program). (Its checks name the end of src: the
	// positions of out are not src's.)
	g, err := ParseFileCheck(filename, out, func(_ Pos, need int64) error { return check(end, need) })
	var le *Error
	if err != nil && !errors.As(err, &le) {
		return "", err
	}
	if err != nil || SExpr(g) != SExpr(f) {
		return "", Errorf(Pos{Filename: filename, Line: 1, Column: 1}, "internal error: the formatted text would not be the same program; the file is left as it is (please report this)")
	}
	return out, nil
}

// docBytes is about what the printer's document takes for a token.
const docBytes = 256

// outputBytes estimates the bytes the layout and the parse of its text
// need for a source of n tokens: the text, twice, and the parse's tokens
// and tree.
func outputBytes(src string, n int) int64 {
	return 2*int64(len(src)) + 3*tokenBytes*int64(n)
}

// printer builds the document of a file.
type printer struct {
	toks     []lexer.Token
	i        int // the next token
	comments []Comment
	ci       int   // the next comment
	match    []int // the index of the bracket closing toks[i]
	// pending is the slot after the last token taken, when a comment
	// followed it on its line: a trailing comment, printed at the end of
	// that line.
	pending     *slot
	pendingText string
	lastLine    int // the source line of the last token or comment taken
	// breakOK: a line may break before a clause here (inside brackets,
	// or in a game or def, which the REPL holds until the next line
	// shows whether it continues them).
	breakOK bool
	depth   int   // indentation of the statements being printed
	check   Check // called every checkEvery tokens (never nil)
}

// checkFailed is what the printer panics with when its Check fails.
type checkFailed struct{ err error }

// lost is what the printer panics with when the tree and the tokens
// disagree (a bug).
type lost struct{ at lexer.Token }

func (p *printer) file(f *File) (d doc, err error) {
	defer func() {
		if r := recover(); r != nil {
			if c, ok := r.(checkFailed); ok {
				err = c.err
				return
			}
			l, ok := r.(lost)
			if !ok {
				panic(r)
			}
			err = Errorf(l.at.Pos, "internal error: the formatter lost its place at %s (please report this)", describe(&l.at))
		}
	}()
	return p.stmts(f.Stmts), nil
}

// matchBrackets returns, for each opening bracket, the index of the token
// closing it (-1 for other tokens).
func matchBrackets(toks []lexer.Token) []int {
	m := make([]int, len(toks))
	var open []int
	for i, t := range toks {
		m[i] = -1
		if t.Type != TokPunct {
			continue
		}
		switch t.Value {
		case "(", "[", "{":
			open = append(open, i)
		case ")", "]", "}":
			if len(open) > 0 {
				m[open[len(open)-1]] = i
				open = open[:len(open)-1]
			}
		}
	}
	return m
}

func (p *printer) peek() lexer.Token { return p.toks[p.i] }

// isTok reports whether the next token is the punctuation s.
func (p *printer) isTok(s string) bool {
	t := p.peek()
	return t.Type == TokPunct && t.Value == s
}

// take consumes the next token, which must be want (any integer or
// string when want is ""), and returns its document: the own-line
// comments before it, the text shown (nothing when !show), and a slot
// for a trailing comment after it.
func (p *printer) take(want, shown string, show bool) doc {
	t := p.peek()
	switch {
	case t.Type == TokEOF:
		panic(lost{t})
	case want == "" && t.Type != TokInt && t.Type != TokString:
		panic(lost{t})
	case want != "" && t.Value != want:
		panic(lost{t})
	}
	p.endLine()
	if p.i%checkEvery == checkEvery-1 {
		// The documents of the tokens left, and what comes after them.
		need := docBytes*int64(len(p.toks)-p.i) + outputBytes("", len(p.toks))
		if err := p.check(t.Pos, need); err != nil {
			panic(checkFailed{err})
		}
	}
	var parts concat
	for p.commentBefore() {
		parts = append(parts, ownLine(p.comments[p.ci].Text))
		p.ci++
	}
	if show {
		parts = append(parts, text(shown))
	}
	p.i++
	p.lastLine = t.Pos.Line
	if p.ci < len(p.comments) && p.comments[p.ci].Pos.Line == t.Pos.Line && p.comments[p.ci].Pos.Offset < p.peek().Pos.Offset {
		p.pending = &slot{}
		p.pendingText = p.comments[p.ci].Text
		p.lastLine = p.comments[p.ci].Pos.Line
		p.ci++
		parts = append(parts, p.pending)
	}
	return parts
}

// leading takes the own-line comments before the next token. Called
// before an expression or an alternative starts, it keeps them out of
// the groups of what follows (a comment before an expression breaks the
// line before it, not lines inside it).
func (p *printer) leading() doc {
	p.endLine()
	var parts concat
	for p.commentBefore() {
		parts = append(parts, ownLine(p.comments[p.ci].Text))
		p.lastLine = p.comments[p.ci].Pos.Line
		p.ci++
	}
	return parts
}

// tok takes the token s and prints it.
func (p *printer) tok(s string) doc { return p.take(s, s, true) }

// skip takes the token s without printing it (its comments stay).
func (p *printer) skip(s string) doc { return p.take(s, "", false) }

// endLine fills the slot of the trailing comment of the last token, if
// any.
func (p *printer) endLine() {
	if p.pending != nil {
		p.pending.d = lineSuffix(p.pendingText)
		p.pending = nil
	}
}

// ownComments takes the comments before the next token (all on lines of
// their own) and returns their texts.
func (p *printer) ownComments() []string {
	p.endLine()
	var out []string
	for p.ci < len(p.comments) && p.comments[p.ci].Pos.Offset < p.peek().Pos.Offset {
		out = append(out, p.comments[p.ci].Text)
		p.lastLine = p.comments[p.ci].Pos.Line
		p.ci++
	}
	return out
}

// stmts prints statements one a line, with the comments before and
// between them; a blank line of the source between two of them (or
// their comments) stays, one at most.
func (p *printer) stmts(stmts []Stmt) concat {
	var parts concat
	first := true
	sep := func(line int) {
		if !first {
			parts = append(parts, hardline)
			if line > p.lastLine+1 {
				parts = append(parts, hardline)
			}
		}
		first = false
	}
	comments := func() {
		p.endLine()
		for p.ci < len(p.comments) && p.comments[p.ci].Pos.Offset < p.peek().Pos.Offset {
			c := p.comments[p.ci]
			sep(c.Pos.Line)
			parts = append(parts, text(c.Text))
			p.lastLine = c.Pos.Line
			p.ci++
		}
	}
	for _, s := range stmts {
		comments()
		sep(p.peek().Pos.Line)
		parts = append(parts, p.stmt(s))
		p.endLine()
	}
	comments()
	return parts
}

func (p *printer) stmt(s Stmt) doc {
	p.breakOK = false
	switch s := s.(type) {
	case *LetStmt:
		return concat{p.tok("let"), text(" "), p.pattern(s.Pattern()), text(" "), p.tok("="), p.rhs(s.Value)}
	case *DefStmt:
		p.breakOK = true
		head := concat{p.tok("def"), text(" "), p.tok(s.Name.Name), p.params(s.Params), text(" "), p.tok("=")}
		return concat{head, p.rhs(s.Body)}
	case *GameStmt:
		return p.game(s)
	case *PrintStmt:
		kw := p.tok("print")
		if len(s.Args) == 0 {
			return kw
		}
		return concat{kw, text(" "), p.commaList(s.Args)}
	case *AssertStmt:
		parts := concat{p.tok("assert"), text(" "), p.expr(s.Cond)}
		if s.Msg != nil {
			c := p.tok(",")
			parts = append(parts, indent{4, concat{c, anyline, p.expr(s.Msg)}})
		}
		return &group{d: parts}
	case *ForStmt:
		head := concat{p.tok("for"), text(" "), p.pattern(s.Target.(*Pattern)), text(" "), p.tok("in"), text(" "), p.expr(s.Iter), text(" "), p.tok("{")}
		if len(s.Body) == 0 && p.pending == nil && !p.commentBefore() {
			return concat{head, p.tok("}")}
		}
		p.depth += 4
		body := p.stmts(s.Body)
		p.depth -= 4
		p.endLine()
		if len(body) == 0 {
			// Only a comment after the "{".
			return concat{head, hardline, p.tok("}")}
		}
		return concat{head, indent{4, concat{hardline, body, flush{}}}, hardline, p.tok("}")}
	case *TableStmt:
		parts := concat{p.tok("table"), text(" "), p.expr(s.Body)}
		return &group{d: append(parts, p.clauses(s.Clauses)...)}
	case *ExprStmt:
		return p.expr(s.X)
	}
	panic(lost{p.peek()})
}

// commentBefore reports whether a comment comes before the next token.
func (p *printer) commentBefore() bool {
	return p.ci < len(p.comments) && p.comments[p.ci].Pos.Offset < p.peek().Pos.Offset
}

// commaList prints the items of a print statement or a sum of: as many
// on a line as fit, the lines after the first indented.
func (p *printer) commaList(xs []Expr) doc {
	if len(xs) == 1 {
		return p.expr(xs[0])
	}
	f := fill{}
	for i, x := range xs {
		d := p.expr(x)
		if i < len(xs)-1 {
			d = concat{d, p.tok(",")}
		}
		if i > 0 {
			f = append(f, anyline)
		}
		f = append(f, d)
	}
	return &group{d: indent{4, f}}
}

// rhs prints what follows the "=" of a let or a def: on the same line,
// else on the next one, indented. An operator chain stays on the line of
// the "=" and breaks after its operators; a bracketed value too long for
// a line of its own opens its bracket on that line.
func (p *printer) rhs(v Expr) doc {
	v = unchain(v)
	bare := p.wrapping(v) == 0
	if e, ok := v.(*IfExpr); ok && bare {
		// (The comments before the if outside its group, as expr
		// puts them.)
		lead := p.leading()
		return &group{d: indent{4, concat{anyline, lead, p.ifExpr(e, true)}}}
	}
	if p.pending != nil || p.commentBefore() {
		// A comment after the "=" or before the value: the value starts
		// a line.
		return &group{d: indent{4, concat{anyline, p.expr(v)}}}
	}
	d := p.expr(v)
	switch v.(type) {
	case *Binary:
		if bare && !isPower(v) {
			return concat{text(" "), d}
		}
	case *ListLit, *SetLit, *MapLit, *TupleLit, *Comp:
		if w := flatWidth(d); bare && !isSumComp(v) && (w < 0 || p.depth+4+w > FormatWidth) {
			return concat{text(" "), d}
		}
	}
	return &group{d: indent{4, concat{anyline, d}}}
}

func isPower(e Expr) bool {
	b, ok := unchain(e).(*Binary)
	return ok && b.Op == OpPow
}

func isSumComp(e Expr) bool {
	c, ok := e.(*Comp)
	return ok && c.Kind == SumComp
}

// game prints a game declaration: one alternative may stay on the line of
// "moves"; several go one a line, the first indented by four, the others
// after "  | ".
func (p *printer) game(s *GameStmt) doc {
	p.breakOK = true
	head := concat{p.tok("game"), text(" "), p.tok(s.Name.Name), p.params(s.Params), text(" "), p.tok("moves")}
	var lead doc
	if p.isTok("|") {
		lead = p.skip("|")
	}
	if len(s.Alts) == 1 {
		return &group{d: concat{head, indent{4, concat{anyline, lead, p.alt(s.Alts[0].(*Alt))}}}}
	}
	parts := concat{head, indent{4, concat{hardline, lead, p.alt(s.Alts[0].(*Alt))}}}
	for _, a := range s.Alts[1:] {
		// The comments that wait for the end of the line (a comment
		// where no line may break) go where those before "|" go.
		parts = append(parts, indent{4, flush{}})
		for _, c := range p.ownComments() {
			parts = append(parts, indent{4, concat{hardline, text(c)}})
		}
		bar := p.tok("|")
		parts = append(parts, indent{2, concat{hardline, bar, text(" "), indent{2, p.alt(a.(*Alt))}}})
	}
	return parts
}

// alt prints an alternative: the option, then its clauses, on one line
// when they fit, else a clause a line.
func (p *printer) alt(a *Alt) doc {
	lead := p.leading()
	body := p.expr(a.Body)
	if len(a.Clauses) == 0 {
		return concat{lead, body}
	}
	return concat{lead, &group{d: concat{body, indent{4, p.clauses(a.Clauses)}}}}
}

// clauses prints comprehension clauses, each after a line (a space where
// no line may break).
func (p *printer) clauses(cs []Clause) concat {
	var parts concat
	sep := doc(text(" "))
	if p.breakOK {
		sep = anyline
	}
	for _, c := range cs {
		switch c := c.(type) {
		case *ForClause:
			parts = append(parts, sep, p.tok("for"), text(" "), p.pattern(c.Target), text(" "), p.tok("in"), text(" "), p.expr(c.Iter))
		case *IfClause:
			parts = append(parts, sep, p.tok("if"), text(" "), p.expr(c.Cond))
		}
	}
	return parts
}

func (p *printer) pattern(pat *Pattern) doc {
	if !pat.Tuple {
		return p.tok(pat.Names[0].Name)
	}
	parts := concat{p.tok("(")}
	for i, n := range pat.Names {
		if i > 0 {
			parts = append(parts, p.tok(","), text(" "))
		}
		parts = append(parts, p.tok(n.Name))
	}
	return append(parts, p.tok(")"))
}

func (p *printer) params(ps ParamsNode) doc {
	parts := concat{p.tok("(")}
	for i, n := range ParamNames(ps) {
		if i > 0 {
			parts = append(parts, p.tok(","), text(" "))
		}
		parts = append(parts, p.tok(n.Name))
	}
	return append(parts, p.tok(")"))
}

// wrapping returns how many of the "(" at the next token are parentheses
// the user wrote around e. For an expression that starts with an operand
// of its own (X op Y, F(...), X[...]), a "(" closed before e's operator or
// bracket wraps that operand, not e.
func (p *printer) wrapping(e Expr) int {
	e = unchain(e)
	start := Start(e).Offset
	anchor := -1
	switch e := e.(type) {
	case *Binary:
		anchor = e.Pos.Offset
	case *Call:
		anchor = e.Lparen.Offset
	case *Index:
		anchor = e.Pos.Offset
	case *Slice:
		anchor = e.Pos.Offset
	}
	n := 0
	for i := p.i; i < len(p.toks); i++ {
		t := p.toks[i]
		if t.Type != TokPunct || t.Value != "(" || t.Pos.Offset >= start {
			break
		}
		if m := p.match[i]; m < 0 || anchor >= 0 && p.toks[m].Pos.Offset < anchor {
			break
		}
		n++
	}
	return n
}

// inBrackets prints f's document with line breaks allowed anywhere.
func (p *printer) inBrackets(f func() doc) doc {
	save := p.breakOK
	p.breakOK = true
	defer func() { p.breakOK = save }()
	return f()
}

// unchain returns e, or the nested Binary nodes a Chain stands for (the
// printer walks a run of operators of one precedence without recursion).
func unchain(e Expr) Expr {
	c, ok := e.(*Chain)
	if !ok {
		return e
	}
	x := c.X
	for _, st := range c.Steps {
		x = &Binary{Pos: st.Pos, Op: st.Op, X: x, Y: st.Y}
	}
	return x
}

// expr prints e with the parentheses the user wrote around it.
func (p *printer) expr(e Expr) doc {
	e = unchain(e)
	lead := p.leading()
	n := p.wrapping(e)
	if n == 0 {
		return concat{lead, p.bare(e)}
	}
	parts := concat{lead}
	for k := 0; k < n; k++ {
		parts = append(parts, p.tok("("))
	}
	parts = append(parts, p.inBrackets(func() doc { return p.bare(e) }))
	for k := 0; k < n; k++ {
		parts = append(parts, p.tok(")"))
	}
	return parts
}

func (p *printer) bare(e Expr) doc {
	switch e := e.(type) {
	case *Ident:
		return p.tok(e.Name)
	case *IntLit:
		if e.Val < 0 {
			// -9223372036854775808: one literal of two tokens.
			return concat{p.tok("-"), p.take("", strconv.FormatInt(e.Val, 10)[1:], true)}
		}
		return p.take("", strconv.FormatInt(e.Val, 10), true)
	case *StrLit:
		return p.take("", Quote(e.Val), true)
	case *BoolLit:
		return p.tok(strconv.FormatBool(e.Val))
	case *ListLit:
		return p.seq("[", e.Elems, "]", false)
	case *SetLit:
		return p.seq("{", e.Elems, "}", false)
	case *TupleLit:
		return p.seq("(", e.Elems, ")", len(e.Elems) == 1)
	case *MapLit:
		return p.mapLit(e)
	case *Comp:
		return p.comp(e)
	case *SumOf:
		head := concat{p.tok("sum"), text(" "), p.tok("of"), text(" ")}
		return concat{head, p.commaList(e.Items)}
	case *IfExpr:
		return p.ifExpr(e, false)
	case *Binary:
		return p.binary(e)
	case *Unary:
		op := p.tok(e.Op.String())
		if e.Op == OpNot {
			return concat{op, text(" "), p.expr(e.X)}
		}
		// -(-x) written - -x, not --x; * *x, not **x (a power).
		space := false
		if p.wrapping(e.X) == 0 {
			switch x := e.X.(type) {
			case *Unary:
				space = x.Op == e.Op && e.Op != OpBitNot // (~~ is no token)
			case *IntLit:
				space = x.Val < 0 && e.Op == OpNeg
			}
		}
		if space {
			return concat{op, text(" "), p.expr(e.X)}
		}
		return concat{op, p.expr(e.X)}
	case *Call:
		return p.call(e)
	case *Index:
		x := p.expr(e.X)
		return concat{x, p.inBrackets(func() doc {
			return concat{p.tok("["), p.expr(e.Index), p.tok("]")}
		})}
	case *Slice:
		x := p.expr(e.X)
		return concat{x, p.inBrackets(func() doc { return p.slice(e) })}
	}
	panic(lost{p.peek()})
}

// Quote returns s as a string literal, as the formatter writes one: the
// escapes \n \t \" \\, every other character as it is (the scanner reads
// it back as s).
func Quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// seq prints a list, set or tuple literal: on one line, else an element a
// line (short literals filling the lines), without a trailing comma but a
// one-tuple's.
func (p *printer) seq(open string, elems []Expr, close string, oneTuple bool) doc {
	return p.inBrackets(func() doc {
		o := p.tok(open)
		var items []doc
		for i, e := range elems {
			d := p.expr(e)
			if i < len(elems)-1 || oneTuple {
				d = concat{d, p.tok(",")}
			} else if p.isTok(",") {
				d = concat{d, p.skip(",")}
			}
			items = append(items, d)
		}
		c := p.tok(close)
		if len(items) == 0 {
			return concat{o, c}
		}
		var body doc
		if allShort(elems) {
			f := fill{}
			for i, it := range items {
				if i > 0 {
					f = append(f, anyline)
				}
				f = append(f, it)
			}
			body = f
		} else {
			body = joinLines(items)
		}
		return &group{d: concat{o, indent{4, concat{softline, body}}, softline, c}}
	})
}

func joinLines(items []doc) concat {
	var parts concat
	for i, it := range items {
		if i > 0 {
			parts = append(parts, anyline)
		}
		parts = append(parts, it)
	}
	return parts
}

// allShort reports whether every element is a literal, a name, or a
// tuple of them (such lists fill their lines).
func allShort(elems []Expr) bool {
	for _, e := range elems {
		if !short(e) {
			return false
		}
	}
	return true
}

func short(e Expr) bool {
	switch e := e.(type) {
	case *IntLit, *BoolLit, *Ident:
		return true
	case *StrLit:
		return len(e.Val) <= 20
	case *Unary:
		_, lit := e.X.(*IntLit)
		return lit
	case *TupleLit:
		for _, x := range e.Elems {
			if _, tup := x.(*TupleLit); tup || !short(x) {
				return false
			}
		}
		return true
	}
	return false
}

func (p *printer) mapLit(e *MapLit) doc {
	return p.inBrackets(func() doc {
		o := p.tok("{")
		var items []doc
		for i := range e.Keys {
			d := concat{p.expr(e.Keys[i]), p.tok(":"), text(" "), p.expr(e.Vals[i])}
			if i < len(e.Keys)-1 {
				d = append(d, p.tok(","))
			} else if p.isTok(",") {
				d = append(d, p.skip(","))
			}
			items = append(items, d)
		}
		c := p.tok("}")
		if len(items) == 0 {
			return concat{o, c}
		}
		return &group{d: concat{o, indent{4, concat{softline, joinLines(items)}}, softline, c}}
	})
}

// comp prints a comprehension: on one line, else its body and each clause
// on lines of their own; a sum of keeps its body on the line of "sum of".
func (p *printer) comp(e *Comp) doc {
	if e.Kind == SumComp {
		head := concat{p.tok("sum"), text(" "), p.tok("of"), text(" "), p.expr(e.Body)}
		return &group{d: concat{head, indent{4, p.clauses(e.Clauses)}}}
	}
	open, close := "[", "]"
	if e.Kind != ListComp {
		open, close = "{", "}"
	}
	return p.inBrackets(func() doc {
		o := p.tok(open)
		var body doc
		if e.Kind == MapComp {
			body = concat{p.expr(e.Key), p.tok(":"), text(" "), p.expr(e.Body)}
		} else {
			body = p.expr(e.Body)
		}
		cs := p.clauses(e.Clauses)
		c := p.tok(close)
		return &group{d: concat{o, indent{4, concat{softline, body, cs}}, softline, c}}
	})
}

// ifExpr prints if C then A else B: on one line, else "if C then A", each
// "else if C then A" and the last "else B" on lines of their own, indented
// unless aligned (the if starts a line of its own when it breaks).
func (p *printer) ifExpr(e *IfExpr, aligned bool) doc {
	var rest concat
	head := p.ifThen(e)
	for {
		els := p.tok("else")
		next, ok := e.Else.(*IfExpr)
		if !ok || p.wrapping(next) > 0 {
			rest = append(rest, anyline, els, text(" "), p.expr(e.Else))
			break
		}
		rest = append(rest, anyline, els, text(" "), p.ifThen(next))
		e = next
	}
	if aligned {
		return &group{d: concat{head, rest}}
	}
	return &group{d: concat{head, indent{4, rest}}}
}

// ifThen prints "if C then A", broken before "then" when it is too long.
func (p *printer) ifThen(e *IfExpr) doc {
	head := concat{p.tok("if"), text(" "), p.expr(e.Cond)}
	then := p.tok("then")
	return concat{head, &group{d: indent{4, concat{anyline, then, text(" "), p.expr(e.Then)}}}}
}

// binary prints an operator chain (operators of one precedence, left to
// right, written without parentheses) on one line, else broken after each
// operator, the operands after the first indented.
func (p *printer) binary(e *Binary) doc {
	prec := e.Op.Precedence()
	chain := []*Binary{e}
	if prec != precCmp && prec != precRange && e.Op != OpPow {
		for {
			b, ok := chain[len(chain)-1].X.(*Binary)
			if !ok || b.Op.Precedence() != prec || p.wrapping(b) > 0 {
				break
			}
			chain = append(chain, b)
		}
	}
	first := p.expr(chain[len(chain)-1].X)
	var rest concat
	for i := len(chain) - 1; i >= 0; i-- {
		b := chain[i]
		var op doc
		if b.Op == OpNotIn {
			op = concat{p.tok("not"), text(" "), p.tok("in")}
		} else {
			op = p.tok(b.Op.String())
		}
		if b.Op == OpPow {
			rest = append(rest, text(" "), op, text(" "), p.expr(b.Y))
			continue
		}
		rest = append(rest, text(" "), op, anyline, p.expr(b.Y))
	}
	return &group{d: concat{first, indent{4, rest}}}
}

// call prints F(ARGS): on one line, else an argument a line; a single
// bracketed argument keeps its brackets next to the parentheses.
func (p *printer) call(e *Call) doc {
	fn := p.expr(e.Fn)
	return p.inBrackets(func() doc {
		o := p.tok("(")
		hug := len(e.Args) == 1 && p.wrapping(e.Args[0]) == 0 && ownBrackets(e.Args[0])
		var items []doc
		for i, a := range e.Args {
			d := p.expr(a)
			if i < len(e.Args)-1 {
				d = concat{d, p.tok(",")}
			} else if p.isTok(",") {
				d = concat{d, p.skip(",")}
			}
			items = append(items, d)
		}
		c := p.tok(")")
		switch {
		case len(items) == 0:
			return concat{fn, o, c}
		case hug:
			return concat{fn, o, items[0], c}
		}
		return concat{fn, &group{d: concat{o, indent{4, concat{softline, joinLines(items)}}, softline, c}}}
	})
}

// ownBrackets reports whether e is written in brackets of its own.
func ownBrackets(e Expr) bool {
	switch e := e.(type) {
	case *ListLit, *SetLit, *MapLit:
		return true
	case *TupleLit:
		return len(e.Elems) > 0
	case *Comp:
		return e.Kind != SumComp
	}
	return false
}

// slice prints [LO:HI]; the colon has a space on each side when both
// bounds are there and one is an operator expression.
func (p *printer) slice(e *Slice) doc {
	parts := concat{p.tok("[")}
	if e.Lo != nil {
		parts = append(parts, p.expr(e.Lo))
	}
	colon := p.tok(":")
	if e.Lo != nil && e.Hi != nil && (complexBound(e.Lo) || complexBound(e.Hi)) {
		parts = append(parts, text(" "), colon, text(" "))
	} else {
		parts = append(parts, colon)
	}
	if e.Hi != nil {
		parts = append(parts, p.expr(e.Hi))
	}
	return append(parts, p.tok("]"))
}

func complexBound(e Expr) bool {
	switch e.(type) {
	case *Binary, *Chain, *IfExpr, *SumOf:
		return true
	case *Comp:
		return isSumComp(e)
	}
	return false
}
