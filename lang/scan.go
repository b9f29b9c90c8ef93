package lang

import (
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// Token types. The scanner skips white space and comments.
const (
	TokEOF     lexer.TokenType = lexer.EOF
	TokIdent   lexer.TokenType = -2 - iota
	TokKeyword                 // reserved words (not "moves", which is an Ident)
	TokInt
	TokString // the token value is the decoded string
	TokPunct  // operators and delimiters
)

// Keywords are the reserved words of the language.
var Keywords = []string{
	"let", "def", "game", "for", "in", "if", "then", "else", "and", "or",
	"not", "sum", "of", "print", "assert", "true", "false",
}

var keywordSet = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range Keywords {
		m[k] = true
	}
	return m
}()

// IsKeyword reports whether s is a reserved word.
func IsKeyword(s string) bool { return keywordSet[s] }

// BOM is the UTF-8 byte order mark, which some editors write at the start
// of a file.
const BOM = "\uFEFF"

// TrimBOM returns src without a byte order mark at its start: a script's
// text as the scanner reads it, so that column 1 is the first character
// after the mark. The entry points that read a script (Interpreter.Load
// and Check, the grundy command's file reading, grundy fmt, the REPL's
// input and :load) call it; a mark elsewhere is a syntax error.
func TrimBOM(src string) string { return strings.TrimPrefix(src, BOM) }

// MaxNesting bounds how deeply brackets may nest, so that neither the parser
// nor the compiler can overflow the Go stack on hostile input.
const MaxNesting = 200

// definition is the participle lexer.Definition backed by scan.
type definition struct{}

var theLexer lexer.Definition = definition{}

func (definition) Symbols() map[string]lexer.TokenType {
	return map[string]lexer.TokenType{
		"EOF": TokEOF, "Ident": TokIdent, "Keyword": TokKeyword, "Int": TokInt,
		"String": TokString, "Punct": TokPunct,
	}
}

func (d definition) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexString(filename, string(b))
}

func (definition) LexString(filename, src string) (lexer.Lexer, error) {
	toks, err := Scan(filename, src)
	if err != nil {
		return nil, err
	}
	return &replay{toks: toks}, nil
}

type replay struct {
	toks []lexer.Token
	i    int
}

func (r *replay) Next() (lexer.Token, error) {
	t := r.toks[r.i]
	if r.i < len(r.toks)-1 {
		r.i++
	}
	return t, nil
}

// chunkTokens is the size of the chunks a parse's tokens are scanned
// into: a script of millions of tokens is never one array grown by
// copying (a copy of hundreds of megabytes, which nothing interrupts).
const chunkTokens = 4096

// chunkReplay hands the parser (lexer.Upgrade, which copies them) the
// tokens of a scan in chunks, dropping each chunk once handed over, and
// calls the parse's Check every chunk (Upgrade itself checks nothing).
type chunkReplay struct {
	chunks [][]lexer.Token
	c, i   int
	check  Check
	err    error // what check reported
}

func (r *chunkReplay) Next() (lexer.Token, error) {
	ch := r.chunks[r.c]
	t := ch[r.i]
	switch {
	case r.i+1 < len(ch):
		r.i++
	case r.c+1 < len(r.chunks):
		r.chunks[r.c] = nil
		r.c, r.i = r.c+1, 0
		if r.check != nil {
			// (Upgrade holds the tokens so far, the tree to come takes
			// about as much again.)
			if err := r.check(t.Pos, 2*tokenBytes*chunkTokens); err != nil {
				r.err = err
				return t, err
			}
		}
	}
	return t, nil
}

// Scan splits src into tokens, ending with an EOF token. Errors: a character
// that starts no token, an unterminated string or unknown escape, invalid
// UTF-8, and brackets nested deeper than MaxNesting.
func Scan(filename, src string) ([]lexer.Token, error) {
	return scan(filename, src, nil)
}

// scan is Scan under a Check (nil: none), called every checkEvery tokens
// with the bytes the parse will need for the tokens so far.
func scan(filename, src string, check Check) ([]lexer.Token, error) {
	s := scanner{src: src, pos: Pos{Filename: filename, Line: 1, Column: 1}, check: check}
	return s.run()
}

// scanChunks is scan into chunks of chunkTokens tokens (the parse's).
func scanChunks(filename, src string, check Check) ([][]lexer.Token, error) {
	s := scanner{src: src, pos: Pos{Filename: filename, Line: 1, Column: 1}, check: check, chunks: [][]lexer.Token{}}
	if _, err := s.run(); err != nil {
		return nil, err
	}
	return s.chunks, nil
}

// Comment is a comment of the source: Text runs from the "#" to the end of
// its line (trailing white space and a carriage return left out).
type Comment struct {
	Pos  Pos
	Text string
}

// Comments returns the comments of src in source order (the parser skips
// them; the formatter puts them back). Its errors are Scan's.
func Comments(filename, src string) ([]Comment, error) {
	_, cs, err := scanAll(filename, src)
	return cs, err
}

// scanAll is Scan that also returns the comments.
func scanAll(filename, src string) ([]lexer.Token, []Comment, error) {
	return scanAllCheck(filename, src, nil)
}

// scanAllCheck is scanAll under a Check (nil: none), as scan.
func scanAllCheck(filename, src string, check Check) ([]lexer.Token, []Comment, error) {
	s := scanner{src: src, pos: Pos{Filename: filename, Line: 1, Column: 1}, keep: true, check: check}
	toks, err := s.run()
	return toks, s.comments, err
}

type scanner struct {
	src      string
	pos      Pos // position of src[pos.Offset]
	toks     []lexer.Token
	chunks   [][]lexer.Token // when set: the tokens, toks the last chunk
	depth    int
	keep     bool // collect comments
	comments []Comment
	check    Check
	err      error // what check reported
	n        int   // tokens emitted
}

// advance moves past one character.
func (s *scanner) advance() {
	r, n := utf8.DecodeRuneInString(s.src[s.pos.Offset:])
	s.pos.Offset += n
	if r == '\n' {
		s.pos.Line++
		s.pos.Column = 1
	} else {
		s.pos.Column++
	}
}

func (s *scanner) peek(k int) byte {
	if s.pos.Offset+k < len(s.src) {
		return s.src[s.pos.Offset+k]
	}
	return 0
}

func (s *scanner) emit(t lexer.TokenType, value string, at Pos) {
	if s.chunks != nil && len(s.toks) == cap(s.toks) {
		// (The first chunk of a short source is as long as the source
		// can have tokens: a REPL line is not 4096 tokens long.)
		n := chunkTokens
		if len(s.chunks) == 0 {
			n = min(n, len(s.src)+8)
		}
		s.toks = make([]lexer.Token, 0, n)
		s.chunks = append(s.chunks, nil)
	}
	s.n++
	s.toks = append(s.toks, lexer.Token{Type: t, Value: value, Pos: at})
	if s.chunks != nil {
		s.chunks[len(s.chunks)-1] = s.toks
	}
	if s.check != nil && s.count()%checkEvery == 0 && s.err == nil {
		// The parser copies the tokens (twice as many bytes while its
		// copy grows) and builds a tree of about their size.
		s.err = s.check(at, 3*tokenBytes*int64(s.count()))
	}
}

// count is the number of tokens emitted.
func (s *scanner) count() int {
	return s.n
}

const puncts2 = "..==!=<=>=<<>>**"

func (s *scanner) run() ([]lexer.Token, error) {
	var open []Pos
	for s.pos.Offset < len(s.src) {
		if s.err != nil {
			return nil, s.err
		}
		c := s.src[s.pos.Offset]
		start := s.pos
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			s.advance()
		case c == '#':
			for s.pos.Offset < len(s.src) && s.src[s.pos.Offset] != '\n' {
				if r, n := utf8.DecodeRuneInString(s.src[s.pos.Offset:]); r == utf8.RuneError && n == 1 {
					return nil, Errorf(s.pos, "invalid UTF-8 in a comment")
				}
				s.advance()
			}
			if s.keep {
				text := strings.TrimRight(s.src[start.Offset:s.pos.Offset], " \t\r")
				s.comments = append(s.comments, Comment{Pos: start, Text: text})
			}
		case c >= '0' && c <= '9':
			for s.pos.Offset < len(s.src) && s.src[s.pos.Offset] >= '0' && s.src[s.pos.Offset] <= '9' {
				s.advance()
			}
			if isIdentStart(s.peekRune()) {
				return nil, Errorf(s.pos, "a number must not run into a name (%q); put a space or an operator between them", string(s.peekRune()))
			}
			s.emit(TokInt, s.src[start.Offset:s.pos.Offset], start)
		case c == '"':
			str, err := s.str()
			if err != nil {
				return nil, err
			}
			s.emit(TokString, str, start)
		case c < utf8.RuneSelf && (c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') || c >= utf8.RuneSelf && isIdentStart(s.peekRune()):
			for s.pos.Offset < len(s.src) && isIdentPart(s.peekRune()) {
				s.advance()
			}
			word := s.src[start.Offset:s.pos.Offset]
			if keywordSet[word] {
				s.emit(TokKeyword, word, start)
			} else {
				s.emit(TokIdent, word, start)
			}
		default:
			if two := s.src[s.pos.Offset:min(s.pos.Offset+2, len(s.src))]; two == "&&" || two == "||" {
				word := map[string]string{"&&": "and", "||": "or"}[two]
				return nil, Errorf(start, "unexpected %q; use %q (or %q alone for a bitwise or set operation)", two, word, two[:1])
			}
			if i := strings.Index(puncts2, s.src[s.pos.Offset:min(s.pos.Offset+2, len(s.src))]); i >= 0 && i%2 == 0 && s.pos.Offset+2 <= len(s.src) {
				s.advance()
				s.advance()
				s.emit(TokPunct, s.src[start.Offset:s.pos.Offset], start)
				continue
			}
			if strings.IndexByte("+-*/%^<>=()[]{},:|&~", c) >= 0 {
				switch c {
				case '(', '[', '{':
					open = append(open, start)
					if len(open) > MaxNesting {
						return nil, Errorf(start, "brackets nested too deeply (more than %d levels)", MaxNesting)
					}
				case ')', ']', '}':
					if len(open) > 0 {
						open = open[:len(open)-1]
					}
				}
				s.advance()
				s.emit(TokPunct, string(c), start)
				continue
			}
			r, n := utf8.DecodeRuneInString(s.src[s.pos.Offset:])
			if r == utf8.RuneError && n == 1 {
				return nil, Errorf(start, "invalid UTF-8 byte 0x%02x", c)
			}
			switch r {
			case '!':
				return nil, Errorf(start, "unexpected character '!'; use 'not' for negation and '!=' for inequality")
			case ';':
				return nil, Errorf(start, "unexpected character ';'; statements need no separator")
			case '\'':
				return nil, Errorf(start, "unexpected character \"'\"; strings use double quotes")
			case '\uFEFF':
				return nil, Errorf(start, "unexpected character U+FEFF (a byte order mark, which may only stand at the start of a script)")
			}
			if unicode.IsPrint(r) {
				return nil, Errorf(start, "unexpected character %q", r)
			}
			return nil, Errorf(start, "unexpected character U+%04X", r)
		}
	}
	s.emit(TokEOF, "", s.pos)
	if s.err != nil {
		return nil, s.err
	}
	return s.toks, nil
}

func (s *scanner) peekRune() rune {
	r, _ := utf8.DecodeRuneInString(s.src[s.pos.Offset:])
	return r
}

func isIdentStart(r rune) bool { return r == '_' || unicode.IsLetter(r) }
func isIdentPart(r rune) bool  { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// str scans a string literal starting at the opening quote.
func (s *scanner) str() (string, error) {
	start := s.pos
	s.advance()
	var b strings.Builder
	for {
		if s.pos.Offset >= len(s.src) || s.src[s.pos.Offset] == '\n' {
			return "", &Error{Pos: start, Msg: "unterminated string: a string must end with '\"' on the line where it starts", Incomplete: false}
		}
		c := s.src[s.pos.Offset]
		switch c {
		case '"':
			s.advance()
			return b.String(), nil
		case '\\':
			at := s.pos
			s.advance()
			switch s.peek(0) {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case '"':
				b.WriteByte('"')
			case '\\':
				b.WriteByte('\\')
			default:
				if s.pos.Offset >= len(s.src) || s.peek(0) == '\n' {
					return "", Errorf(start, "unterminated string: a string must end with '\"' on the line where it starts")
				}
				return "", Errorf(at, "unknown escape sequence '\\%c' (known: \\n \\t \\\" \\\\)", s.peekRune())
			}
			s.advance()
		default:
			r, n := utf8.DecodeRuneInString(s.src[s.pos.Offset:])
			if r == utf8.RuneError && n == 1 {
				return "", Errorf(s.pos, "invalid UTF-8 byte 0x%02x in a string", c)
			}
			b.WriteString(s.src[s.pos.Offset : s.pos.Offset+n])
			s.advance()
		}
	}
}
