package lang

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// participle bounds each repetition of its grammar (the statements of a
// file, of a for statement's body) to a million elements and fails past
// it with its own message ("too many iterations of Stmt*"): a script
// has no such bound of its own, the time and memory limits of the parse
// (its Check) hold it.
func init() { participle.MaxIterations = math.MaxInt }

func buildParser(entry bool) *participle.Parser[File] {
	stmts := []Stmt{&LetStmt{}, &DefStmt{}, &GameStmt{}, &PrintStmt{}, &AssertStmt{}, &ForStmt{}, &TableStmt{}}
	if entry {
		stmts = append(stmts, &ExprStmt{})
	}
	return participle.MustBuild[File](
		participle.Lexer(theLexer),
		participle.Union[Stmt](stmts...),
		participle.ParseTypeWith(parseExprNode),
		participle.ParseTypeWith(parseAltNode),
		participle.ParseTypeWith(parsePatternNode),
		participle.ParseTypeWith(parseParamsNode),
	)
}

// The parsers are built when first used (building one takes about a
// third of a millisecond, and a script needs only the file parser).
var (
	fileParser  = sync.OnceValue(func() *participle.Parser[File] { return buildParser(false) })
	entryParser = sync.OnceValue(func() *participle.Parser[File] { return buildParser(true) })
)

// ParseFile parses a whole script. Errors are *Error.
func ParseFile(filename, src string) (*File, error) {
	return parse(fileParser(), filename, src, nil)
}

// ParseEntry parses one REPL entry: like a script, but a bare expression is
// also a statement.
func ParseEntry(filename, src string) (*File, error) {
	return parse(entryParser(), filename, src, nil)
}

// A Check bounds a parse: the parser calls it every few thousand tokens
// with the position reached and an estimate of the bytes it is about to
// need beyond what it holds. A non-nil error (a time or memory limit, a
// cancellation) ends the parse, which returns that error as it is.
type Check func(pos Pos, need int64) error

// ParseFileCheck is ParseFile under a Check.
func ParseFileCheck(filename, src string, check Check) (*File, error) {
	return parse(fileParser(), filename, src, check)
}

// ParseEntryCheck is ParseEntry under a Check.
func ParseEntryCheck(filename, src string, check Check) (*File, error) {
	return parse(entryParser(), filename, src, check)
}

// checkEvery is how many tokens the scanner and the parser go between
// calls of their Check.
const checkEvery = 4096

// tokenBytes is the size of a token (lexer.Token); the parser holds the
// scanner's tokens and a copy of them.
const tokenBytes = 64

// checkState is the Check of a running parse and what it reported.
// participle hands the expression parser only its token stream, so the
// state is found by the stream's first token (a copy of the stream, made
// when participle tries a branch, shares it).
type checkState struct {
	check Check
	n     int
	err   error
}

var checkStates sync.Map // *lexer.Token -> *checkState

func checkStateOf(lex *lexer.PeekingLexer) *checkState {
	first := lex.Range(0, 1)
	if len(first) == 0 {
		return nil
	}
	if st, ok := checkStates.Load(&first[0]); ok {
		return st.(*checkState)
	}
	return nil
}

// checkPanic ends a parse whose Check failed (the error is in the state).
type checkPanic struct{}

// tick counts a token and calls the Check every checkEvery tokens.
func (st *checkState) tick(pos Pos) {
	st.n++
	if st.n%checkEvery != 0 {
		return
	}
	if err := st.check(pos, 0); err != nil {
		st.err = err
		panic(checkPanic{})
	}
}

// ParseExpr parses the text of one expression, as in `grundy graph FILE
// 'g(7)'`: an entry that is a single bare expression.
func ParseExpr(filename, src string) (Expr, error) {
	return ParseExprCheck(filename, src, nil)
}

// ParseExprCheck is ParseExpr under a Check (nil: none).
func ParseExprCheck(filename, src string, check Check) (Expr, error) {
	f, err := ParseEntryCheck(filename, src, check)
	if err != nil {
		return nil, err
	}
	// The errors point at the statement in question, which may stand
	// after blank lines and spaces (the text's place in a larger one).
	switch len(f.Stmts) {
	case 0:
		return nil, Errorf(Pos{Filename: filename, Line: 1, Column: 1}, "expected one expression")
	case 1:
	default:
		return nil, Errorf(f.Stmts[1].Position(), "expected one expression, found another after it")
	}
	es, ok := f.Stmts[0].(*ExprStmt)
	if !ok {
		return nil, Errorf(f.Stmts[0].Position(), "expected an expression, not a statement")
	}
	return es.X, nil
}

// ParseTable parses the text of a table without the word table, as in
// `grundy table FILE 'sg(g(n)) for n in 0 .. 20'`: an expression and its
// clauses (one or two for clauses), then the end of the text.
func ParseTable(filename, src string) (*TableStmt, error) {
	toks, err := Scan(filename, src)
	if err != nil {
		return nil, err
	}
	eof := toks[len(toks)-1]
	lex, err := definition{}.LexString(filename, src)
	if err != nil {
		return nil, err
	}
	plex, err := lexer.Upgrade(lex)
	if err != nil {
		return nil, convertError(err, eof.Pos)
	}
	return catchSyntax(plex, func(p *exprParser) *TableStmt {
		t := p.peek()
		if !startsExpr(t) {
			p.fail(t, "an expression (a table is EXPR for NAME in EXPR)")
		}
		body := p.expr()
		st := &TableStmt{Pos: Start(body), Body: body}
		p.tableClauses(st)
		if t := p.peek(); t.Type != TokEOF {
			p.fail(t, `"for", "if" or the end of the table`)
		}
		return st
	})
}

// Parse implements participle.Parseable: it reads a table statement, which
// starts with the name table (not a reserved word). When the token after
// table cannot continue an expression (a name, a literal, "{", "not",
// "if", "sum"), the statement is a table statement. When it can ("(",
// "[", "-", "*": table(3), table[0], table - 1), the statement is a table
// statement only if a for clause follows the expression; otherwise Parse
// leaves the tokens to the next statement form (in the REPL, an expression
// using the name table).
func (st *TableStmt) Parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	if t.Type != TokIdent || t.Value != "table" {
		return participle.NextMatch
	}
	cp := lex.MakeCheckpoint()
	lex.Next()
	first := lex.Peek()
	if !startsExpr(first) {
		lex.LoadCheckpoint(cp)
		return participle.NextMatch
	}
	ambiguous := first.Type == TokPunct && (first.Value == "(" || first.Value == "[" || first.Value == "-" || first.Value == "*")
	matched, err := catchSyntax(lex, func(p *exprParser) bool {
		body := p.expr()
		if ambiguous && !p.is("for") {
			return false
		}
		*st = TableStmt{Pos: t.Pos, Body: body}
		if ambiguous {
			// for PATTERN in EXPR { starts a for statement: no clause.
			st.Clauses = p.clauses()
			if len(st.Clauses) == 0 {
				return false
			}
		}
		p.tableClauses(st)
		return true
	})
	if err != nil {
		return err
	}
	if !matched {
		lex.LoadCheckpoint(cp)
		return participle.NextMatch
	}
	return nil
}

// tableClauses parses a table's clauses into st: at least one for clause,
// at most two.
func (p *exprParser) tableClauses(st *TableStmt) {
	t := p.peek()
	st.Clauses = append(st.Clauses, p.clauses()...)
	fors := 0
	for _, c := range st.Clauses {
		if f, ok := c.(*ForClause); ok {
			fors++
			if fors == 3 {
				panic(syntaxPanic{Errorf(f.Pos, "a table has at most two for clauses (its rows and its columns); this is a third")})
			}
		}
	}
	if fors == 0 {
		if len(st.Clauses) > 0 {
			t = p.peek()
		}
		p.fail(t, `"for" after the table's expression (a table is EXPR for NAME in EXPR)`)
	}
}

// Incomplete reports whether err is a syntax error caused only by reaching
// the end of the input (more lines could complete it).
func Incomplete(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Incomplete
}

func parse(p *participle.Parser[File], filename, src string, check Check) (*File, error) {
	chunks, err := scanChunks(filename, src, check)
	if err != nil {
		return nil, err
	}
	last := chunks[len(chunks)-1]
	eof := last[len(last)-1].Pos
	r := &chunkReplay{chunks: chunks, check: check}
	chunks = nil
	plex, err := lexer.Upgrade(r)
	if r.err != nil {
		return nil, r.err
	}
	if err != nil {
		return nil, convertError(err, eof)
	}
	var st *checkState
	if check != nil {
		st = &checkState{check: check}
		key := &plex.Range(0, 1)[0]
		checkStates.Store(key, st)
		defer checkStates.Delete(key)
	}
	f, err := p.ParseFromLexer(plex)
	if st != nil && st.err != nil {
		return nil, st.err
	}
	if err != nil {
		return nil, convertError(err, eof)
	}
	return f, nil
}

// StatementWords are the words a statement starts with.
var StatementWords = []string{"let", "def", "game", "print", "assert", "for", "table"}

// convertError turns participle's error into an *Error with a sentence
// naming what was expected.
func convertError(err error, eof Pos) error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	var ut *participle.UnexpectedTokenError
	if errors.As(err, &ut) {
		t := ut.Unexpected
		found := describe(&t)
		expected := expectedFrom(ut)
		msg := ""
		switch {
		case expected == "" || expected == "<eof>" || expected == "EOF":
			msg = fmt.Sprintf("expected a statement (let, def, game, print, assert or for), found %s", found)
			if t.Type == TokIdent {
				if s := Suggest(t.Value, StatementWords); s != "" {
					msg += fmt.Sprintf(" (did you mean %q?)", s)
				}
			}
		default:
			msg = fmt.Sprintf("expected %s, found %s", expected, found)
		}
		msg += ifHint(&t, expected)
		return &Error{Pos: t.Pos, Msg: msg, Incomplete: t.Type == TokEOF}
	}
	var pe participle.Error
	if errors.As(err, &pe) {
		pos := pe.Position()
		return &Error{Pos: pos, Msg: pe.Message(), Incomplete: pos.Offset >= eof.Offset}
	}
	return &Error{Pos: eof, Msg: err.Error()}
}

// expectedFrom extracts the first thing participle expected and names it
// the way our own messages do.
func expectedFrom(ut *participle.UnexpectedTokenError) string {
	m := ut.Message()
	i := strings.Index(m, "(expected ")
	if i < 0 {
		return ut.Expect
	}
	rest := strings.TrimSuffix(m[i+len("(expected "):], ")")
	first := rest
	if strings.HasPrefix(rest, `"`) {
		if j := strings.Index(rest[1:], `"`); j >= 0 {
			first = rest[:j+2]
		}
	} else if j := strings.IndexAny(rest, " "); j >= 0 {
		first = rest[:j]
	}
	switch first {
	case "Name", "<ident>":
		return "a name"
	case "Expr":
		return "an expression"
	case "AltNode":
		return "a move (a game expression)"
	case "PatternNode":
		return "a name or a parenthesised tuple of names"
	case "Stmt":
		return "a statement"
	}
	return first
}
