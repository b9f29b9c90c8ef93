package lang

import (
	"errors"
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2"
)

func buildParser(entry bool) *participle.Parser[File] {
	stmts := []Stmt{&LetStmt{}, &DefStmt{}, &GameStmt{}, &PrintStmt{}, &AssertStmt{}, &ForStmt{}}
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

var (
	fileParser  = buildParser(false)
	entryParser = buildParser(true)
)

// ParseFile parses a whole script. Errors are *Error.
func ParseFile(filename, src string) (*File, error) {
	return parse(fileParser, filename, src)
}

// ParseEntry parses one REPL entry: like a script, but a bare expression is
// also a statement.
func ParseEntry(filename, src string) (*File, error) {
	return parse(entryParser, filename, src)
}

// Incomplete reports whether err is a syntax error caused only by reaching
// the end of the input (more lines could complete it).
func Incomplete(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Incomplete
}

func parse(p *participle.Parser[File], filename, src string) (*File, error) {
	toks, err := Scan(filename, src)
	if err != nil {
		return nil, err
	}
	f, err := p.ParseString(filename, src)
	if err != nil {
		return nil, convertError(err, toks[len(toks)-1].Pos)
	}
	return f, nil
}

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
		default:
			msg = fmt.Sprintf("expected %s, found %s", expected, found)
		}
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
