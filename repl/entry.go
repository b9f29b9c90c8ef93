package repl

// How input lines become entries. Newlines are white space in the
// language, so a script's statement may go on over any number of lines:
// a game's next alternative on a line that starts with "|", a def's body
// continued by "and ...", a clause on a line of its own. The REPL cannot
// run a line as soon as it parses, then: a declaration that parses is
// held until the next line shows whether it goes on (the parser says, by
// where its statements start), and runs when the next entry starts, at a
// blank line or at the end of input. Only declarations are held: they
// print nothing, so holding them never keeps an answer back.

import (
	"errors"
	"reflect"
	"strings"

	"github.com/grundy-lang/grundy/lang"
)

// An entry is what the REPL runs as one: statements, or a :command line.
type entry struct {
	lines []string
	start int // the line number of its first line
}

func (e entry) src() string { return strings.Join(e.lines, "\n") + "\n" }

// parseState is how far a text parses.
type parseState int

const (
	parsed     parseState = iota // complete statements
	unfinished                   // a prefix of statements: more input may complete it
	broken                       // a syntax error no more input can fix
)

// parseEntry parses src as a REPL entry and says how far it got: the file
// when it parsed, the error when it did not.
func parseEntry(src string) (parseState, *lang.File, error) {
	f, err := lang.ParseEntry("<stdin>", src)
	switch {
	case err == nil:
		return parsed, f, nil
	case lang.Incomplete(err):
		return unfinished, nil, err
	}
	// The parser backtracks out of an unfinished repetition (`print a, b,`
	// at the end of the input) and reports the token before the end. Probe
	// with an operand after it: if the error moves past the end of src,
	// src was a prefix that more input continues.
	at := errOffset(err)
	_, perr := lang.ParseEntry("<stdin>", src+"\n0")
	if perr == nil || at >= 0 && errOffset(perr) >= len(src) {
		return unfinished, nil, err
	}
	return broken, nil, err
}

// errOffset is the byte offset of a syntax error, or -1.
func errOffset(err error) int {
	var e *lang.Error
	if errors.As(err, &e) {
		return e.Pos.Offset
	}
	var l lang.ErrorList
	if errors.As(err, &l) && len(l) > 0 {
		return l[0].Pos.Offset
	}
	return -1
}

// NeedsMore reports whether src is an unfinished entry (an open bracket,
// a trailing operator or comma, `moves`, `|`, `for`, ...).
func NeedsMore(src string) bool {
	if isCommand(src) {
		return false
	}
	st, _, _ := parseEntry(src)
	return st == unfinished
}

// Entries splits src, read as piped input, into the entries the REPL
// runs, each as its text (a :command line is one too).
func Entries(src string) []string {
	a := &assembler{hold: holdAnyDecl}
	var out []string
	add := func(es []entry) {
		for _, e := range es {
			out = append(out, e.src())
		}
	}
	for i, line := range strings.Split(strings.TrimSuffix(src, "\n"), "\n") {
		add(a.add(line, i+1))
	}
	add(a.end())
	return out
}

func isBlank(line string) bool { return strings.TrimSpace(line) == "" }

func isComment(line string) bool { return strings.HasPrefix(strings.TrimSpace(line), "#") }

func isCommand(line string) bool { return strings.HasPrefix(strings.TrimSpace(line), ":") }

// holdDecl: the interactive REPL holds a game or def declaration (they
// compute nothing, so holding them keeps no answer back).
func holdDecl(st lang.Stmt) bool {
	switch st.(type) {
	case *lang.GameStmt, *lang.DefStmt:
		return true
	}
	return false
}

// holdAnyDecl also holds a let (piped input: no one waits for the
// prompt, and a let prints nothing).
func holdAnyDecl(st lang.Stmt) bool {
	_, isLet := st.(*lang.LetStmt)
	return isLet || holdDecl(st)
}

// joins reports whether statements that start a line after a held entry
// join it: games and defs do (consecutive declarations are one entry, so
// that they may refer to each other, as in a script, where games and
// defs are visible in the whole file); a let starts the next entry (the
// REPL binds a name to the value of an entry's last let of that name).
func joins(sts []lang.Stmt) bool {
	for _, st := range sts {
		if !holdDecl(st) {
			return false
		}
	}
	return len(sts) > 0
}

// stmtOffset is the byte offset where a statement starts, or -1.
func stmtOffset(st lang.Stmt) int {
	v := reflect.ValueOf(st)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return -1
	}
	p := v.Elem().FieldByName("Pos")
	if !p.IsValid() {
		return -1
	}
	pos, ok := p.Interface().(lang.Pos)
	if !ok {
		return -1
	}
	return pos.Offset
}

// assembler groups input lines into entries. Feed it with add, one line at
// a time; it returns the entries that are ready to run, in order.
type assembler struct {
	// hold says which statements make a complete entry that ends in one
	// wait for the next line, which may continue it (or join it: joins).
	hold  func(lang.Stmt) bool
	cur   []string // the lines of the entry being read
	start int      // the line number of cur[0]
	held  bool     // cur is complete, held by hold
	// tail is where in cur the last statements joined start: the lines
	// before are complete statements, and only cur[tail:] is parsed
	// again as lines come (a thousand declarations in a row are read in
	// linear time).
	tail int
	// depth is the brackets open at the end of cur's first scanned lines
	// (a string ends on its line, so lines scan alone); an entry that is
	// long and open needs more input without a parse (a literal of a
	// thousand lines is read in linear time). noDepth: a line did not
	// scan (the parser will say why).
	depth, scanned int
	noDepth        bool
	// ext are the lines after a held entry while it is not yet known
	// whether they continue it or start the next entry (they parse only
	// together with what follows, as a `for` statement's first line).
	ext        []string
	extStart   int
	extDepth   int // brackets open in ext (extNoDepth: a line did not scan)
	extNoDepth bool
	// preferNew: lines that are complete statements by themselves start
	// the next entry, even where they could continue the held one (the
	// interactive REPL: a line "-1" or "(3)" typed after a def is not a
	// continuation of its body). Piped input reads as a script does.
	preferNew bool
	// blanks: blank lines after a held entry, piped (holdAnyDecl): a
	// line starting with "|" after them is another alternative of the
	// game held (a script's blank line inside a declaration), any other
	// ends it.
	blanks []string
	// failed: the last entry was broken (a syntax error), and the lines
	// after it that continue it (continues) are dropped with it: one
	// error, not one more for each of its lines.
	failed bool
}

// longEntry is how many lines an entry has before an open bracket is
// enough to wait for the next line without parsing.
const longEntry = 16

// brackets returns how many brackets line opens (less those it closes);
// ok is false when it does not scan.
func brackets(line string) (d int, ok bool) {
	toks, err := lang.Scan("<stdin>", line)
	for _, t := range toks {
		if t.Type == lang.TokPunct {
			switch t.Value {
			case "(", "[", "{":
				d++
			case ")", "]", "}":
				d--
			}
		}
	}
	return d, err == nil
}

// pending reports whether lines are waiting (the prompt is "... ").
func (a *assembler) pending() bool { return len(a.cur) > 0 }

// add takes the input line number n and returns the entries it completes.
func (a *assembler) add(line string, n int) []entry {
	if len(a.blanks) > 0 && !isBlank(line) {
		blanks := a.blanks
		a.blanks = nil
		if !strings.HasPrefix(strings.TrimSpace(line), "|") {
			return append(a.commit(), a.add(line, n)...)
		}
		a.cur = append(a.cur, blanks...)
	}
	if a.failed && len(a.cur) == 0 {
		if a.continues(line) {
			return nil
		}
		a.failed = false
	}
	switch {
	case len(a.cur) == 0:
		if isBlank(line) {
			return nil
		}
		if isCommand(line) {
			return []entry{{lines: []string{line}, start: n}}
		}
		a.cur, a.start = []string{line}, n
		return a.settle()
	case !a.held:
		a.cur = append(a.cur, line)
		return a.settle()
	case len(a.ext) == 0:
		switch {
		case isBlank(line) && !a.preferNew:
			a.blanks = append(a.blanks, line)
			return nil
		case isBlank(line):
			return a.commit()
		case isCommand(line):
			return append(a.commit(), entry{lines: []string{line}, start: n})
		case isComment(line):
			a.cur = append(a.cur, line)
			return nil
		}
		a.extStart = n
	}
	a.ext = append(a.ext, line)
	d, ok := brackets(line)
	a.extDepth += d
	a.extNoDepth = a.extNoDepth || !ok
	if !a.extNoDepth && a.extDepth > 0 && len(a.ext) > longEntry {
		return nil // open: more lines are needed, whoever they belong to
	}
	return a.resolve(false)
}

// end is the end of input: whatever is pending runs.
func (a *assembler) end() []entry {
	a.blanks = nil
	var out []entry
	if len(a.ext) > 0 {
		out = a.resolve(true)
	}
	if len(a.cur) > 0 {
		out = append(out, a.commit()...)
	}
	return out
}

// interrupt drops the unfinished lines (Ctrl-C); a held entry, complete
// as typed, is returned to run.
func (a *assembler) interrupt() []entry {
	a.ext, a.extDepth, a.extNoDepth = nil, 0, false
	if a.held {
		return a.commit()
	}
	a.reset()
	return nil
}

// settle decides what the lines in cur are: unfinished (wait), complete
// and held, or ready (complete, or broken: the error is reported).
func (a *assembler) settle() []entry {
	for ; a.scanned < len(a.cur); a.scanned++ {
		d, ok := brackets(a.cur[a.scanned])
		a.depth += d
		a.noDepth = a.noDepth || !ok
	}
	// Parsed each line, a short entry shows an error at once; a long one
	// whose brackets are open waits for them to close.
	if !a.noDepth && a.depth > 0 && len(a.cur)-a.tail > longEntry {
		return nil
	}
	st, f, _ := parseEntry(strings.Join(a.cur[a.tail:], "\n") + "\n")
	switch {
	case st == unfinished:
		return nil
	case st == parsed && a.hold != nil && len(f.Stmts) > 0 && a.hold(f.Stmts[len(f.Stmts)-1]):
		a.held = true
		return nil
	}
	out := a.commit()
	a.failed = st == broken
	return out
}

// continues reports whether line, after a broken entry, is one of that
// entry's lines, dropped with it: a comment; a line that cannot start a
// statement (it fails to parse at its first token: "| ALT", ")", "and
// ..."); or an indented line, as a statement's later lines are, unless
// it was typed at the prompt and is complete by itself. A blank line or
// a :command is not.
func (a *assembler) continues(line string) bool {
	switch {
	case isBlank(line) || isCommand(line):
		return false
	case isComment(line):
		return true
	}
	st, _, err := parseEntry(line + "\n")
	first := len(line) - len(strings.TrimLeft(line, " \t"))
	if st != parsed && errOffset(err) == first {
		return true
	}
	return first > 0 && (!a.preferNew || st != parsed)
}

// commit returns cur as an entry and empties it.
func (a *assembler) commit() []entry {
	e := entry{lines: a.cur, start: a.start}
	a.reset()
	return []entry{e}
}

// reset empties cur.
func (a *assembler) reset() {
	a.cur, a.held, a.tail, a.failed = nil, false, 0, false
	a.depth, a.scanned, a.noDepth = 0, 0, false
}

// resolve decides whether the lines in ext continue the held entry or
// start the next one. When cur and ext parse together, ext starts the
// next entry exactly when a statement starts at its first token. When
// they do not, the error is ext's own when ext alone (at the same
// position) parses or fails at the same place; else ext continues cur
// and the whole entry fails. atEnd: no more lines will come.
func (a *assembler) resolve(atEnd bool) []entry {
	text := strings.Join(a.cur[a.tail:], "\n") + "\n"
	extText := strings.Join(a.ext, "\n") + "\n"
	continues, joined := false, false
	est, ef := broken, (*lang.File)(nil)
	if a.preferNew {
		est, ef, _ = parseEntry(extText)
	}
	if est == parsed {
		// Complete by itself: the next entry, or declarations joining
		// the held ones.
		continues = joins(ef.Stmts)
		joined = continues
	} else {
		st, f, err := parseEntry(text + extText)
		switch {
		case st == unfinished && !atEnd:
			return nil
		case st == parsed:
			// ext continues cur unless a statement starts at its first
			// token; then it joins cur if it is declarations.
			first := len(text) + len(extText) - len(strings.TrimLeft(extText, " \t\r\n"))
			continues = true
			for i, s := range f.Stmts {
				if stmtOffset(s) == first {
					continues = joins(f.Stmts[i:])
					joined = continues
				}
			}
		default:
			// The text of cur blanked out keeps ext's offsets.
			blank := []byte(text)
			for i, c := range blank {
				if c != '\n' {
					blank[i] = ' '
				}
			}
			ast, _, aerr := parseEntry(string(blank) + extText)
			continues = ast == broken && errOffset(aerr) != errOffset(err)
		}
	}
	a.extDepth, a.extNoDepth = 0, false
	if continues {
		if joined {
			a.tail = len(a.cur)
		}
		a.cur = append(a.cur, a.ext...)
		a.ext = nil
		if atEnd {
			return a.commit()
		}
		return a.settle()
	}
	out := a.commit()
	a.cur, a.start, a.ext = a.ext, a.extStart, nil
	if atEnd {
		return out
	}
	return append(out, a.settle()...)
}
