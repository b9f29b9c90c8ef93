package lang

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// Pos is a source position: file name, byte offset, line and column (both
// from 1; the column counts characters, not bytes).
type Pos = lexer.Position

// Error is a user-facing error at a source position.
type Error struct {
	Pos Pos
	Msg string
	// Incomplete is set on syntax errors caused only by the end of input.
	Incomplete bool
}

func (e *Error) Error() string { return FormatPos(e.Pos) + ": " + e.Msg }

// FormatPos renders a position as "file:line:col".
func FormatPos(p Pos) string {
	name := p.Filename
	if name == "" {
		name = "<input>"
	}
	return fmt.Sprintf("%s:%d:%d", name, p.Line, p.Column)
}

// Errorf makes an *Error.
func Errorf(pos Pos, format string, args ...any) *Error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// ErrorList is several errors, in source order.
type ErrorList []*Error

func (l ErrorList) Error() string { return JoinErrors(l) }

// JoinErrors returns the errors' messages, one a line.
func JoinErrors[E error](es []E) string {
	var b strings.Builder
	for i, e := range es {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// WriteReport writes one error as grundy shows it to a person: the
// message, the snippet (Snippet's lines) when there is one, then the call
// sites of a runtime error, each indented by four spaces. The grundy
// command, the REPL and the Go API's Explain all write errors with it.
func WriteReport(b *strings.Builder, msg, snippet string, trace []string) {
	b.WriteString(msg)
	b.WriteByte('\n')
	if snippet != "" {
		b.WriteString(snippet)
		b.WriteByte('\n')
	}
	for _, t := range trace {
		b.WriteString("    " + t + "\n")
	}
}

// Snippet renders the source line of pos followed by a caret under its
// column, each line indented by four spaces. It returns "" when the line is
// not in src.
func Snippet(src string, pos Pos) string {
	if pos.Line < 1 {
		return ""
	}
	// The line, found without splitting the whole source (which can be
	// megabytes).
	start := lineStart(src, pos.Line)
	if start < 0 {
		return ""
	}
	rest := src[start:]
	if j := strings.IndexByte(rest, '\n'); j >= 0 {
		rest = rest[:j]
	}
	line := strings.TrimRight(rest, "\r")
	column := pos.Column
	if n := utf8.RuneCountInString(line); n > maxSnippet {
		// A window of the line around the column, cut from the line in
		// place (a line of 50 MB as runes would take 200 MB).
		w0 := max(0, min(column-1-maxSnippet/2, n-maxSnippet))
		w1 := min(n, w0+maxSnippet)
		b0 := runeOffset(line, 0, w0)
		b1 := runeOffset(line, b0, w1-w0)
		column -= w0
		cut := line[b0:b1]
		if w0 > 0 {
			cut = "..." + cut
			column += 3
		}
		if w1 < n {
			cut += "..."
		}
		line = cut
	}
	if !utf8.ValidString(line) {
		line = strings.ToValidUTF8(line, "\uFFFD")
	}
	var pad strings.Builder
	col := 1
	for _, r := range line {
		if col >= column {
			break
		}
		if r == '\t' {
			pad.WriteByte('\t')
		} else {
			pad.WriteByte(' ')
		}
		col++
	}
	for ; col < column; col++ {
		pad.WriteByte(' ')
	}
	return "    " + line + "\n    " + pad.String() + "^"
}

// lineStart is the byte offset in src of line n (from 1), or -1 when src
// has fewer lines. It counts the lines of big blocks at once (a line near
// the end of a 50 MB script of short lines: 50-80 ms one line at a time,
// a few ms by blocks).
func lineStart(src string, n int) int {
	const block = 1 << 16
	off, need := 0, n-1
	for need > 0 {
		if len(src)-off > block {
			if c := strings.Count(src[off:off+block], "\n"); c < need {
				off += block
				need -= c
				continue
			}
		}
		j := strings.IndexByte(src[off:], '\n')
		if j < 0 {
			return -1
		}
		off += j + 1
		need--
	}
	return off
}

// runeOffset is the byte offset in s of the character k characters after
// byte offset i (counted as RuneCountInString counts them).
func runeOffset(s string, i, k int) int {
	for ; k > 0 && i < len(s); k-- {
		_, n := utf8.DecodeRuneInString(s[i:])
		i += n
	}
	return i
}

// maxSnippet is the most characters of a line a snippet shows: a window
// around the column of a longer line (a generated script can have lines
// of megabytes).
const maxSnippet = 200
