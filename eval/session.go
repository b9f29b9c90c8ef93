package eval

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/grundy-lang/grundy/lang"
)

// Options configure a Session.
type Options struct {
	Stdout io.Writer // print output (default: discarded)
	Stdin  io.Reader // what ints() reads; nil makes ints() an error
	Limits Limits
	// Show receives the value of a bare expression entered in the REPL.
	Show func(th *Thread, v Value)
	// Disable switches optimizations off (AllPasses: the plain
	// evaluator); none changes a result, only the time a run takes.
	Disable Pass
	// Progress, when set, is called during a run (a call of ExecFile,
	// Eval, Table, Do, ...) that has a context and has taken a second,
	// about every quarter of a second, with the positions visited so far;
	// and once more with Done set when such a run ends. It is called on
	// the goroutine running the computation and must be quick.
	Progress func(Progress)
	// Checkpoint, when set, is a file that the values of take-and-break
	// families (octal codes, and declared games that follow such a rule)
	// are saved to, about every minute and when a run ends or stops, and
	// read back from when a family first needs values: a long
	// computation stopped (Ctrl-C, a limit) goes on from there in a later
	// run. It holds the families of one run.
	Checkpoint string
}

// Session is a compiled, running program: a script file, or a REPL session
// whose entries are compiled and run one after another against the same
// names and memo tables.
type Session struct {
	th        *Thread
	engine    *Engine
	prelude   *scope // the standard library's games and defs (prelude.go)
	top       *scope
	globals   int
	laterLets map[string]Pos
	explain   []*Explanation // what each declaration was compiled to
	// entryLets are the global names a REPL entry binds (its lets): they
	// join the session only once the entry has run (bindEntryLets), so a
	// let whose value fails binds nothing.
	entryLets map[string]*binding
}

// NewSession makes an empty session.
func NewSession(opts Options) *Session {
	out := opts.Stdout
	if out == nil {
		out = io.Discard
	}
	th := &Thread{out: bufio.NewWriterSize(out, 64<<10), in: opts.Stdin, limits: opts.Limits, show: opts.Show, checkpoint: opts.Checkpoint}
	if opts.Progress != nil {
		th.prog = &progress{report: opts.Progress}
	}
	if th.limits.MaxStates <= 0 {
		th.limits.MaxStates = defaultMaxStates
	}
	if th.limits.MaxDepth <= 0 {
		th.limits.MaxDepth = defaultMaxDepth
	}
	if th.limits.MaxSteps <= 0 {
		th.limits.MaxSteps = defaultMaxSteps
	}
	if th.limits.MaxMemory <= 0 {
		th.limits.MaxMemory = DefaultMaxMemory()
	}
	th.engine = newEngine(th)
	th.engine.on = AllPasses &^ opts.Disable
	th.direct = &gen{e: th.engine, mode: mDirect}
	s := &Session{th: th, engine: th.engine, prelude: &scope{names: map[string]*binding{}}}
	s.top = &scope{parent: s.prelude, names: map[string]*binding{}}
	s.loadPrelude()
	return s
}

// Thread returns the session's thread (what built-ins receive).
func (s *Session) Thread() *Thread { return s.th }

// compile parses nothing: it resolves and compiles a parsed file. On error
// nothing of the file is kept (REPL entries start from the same names).
func (s *Session) compile(f *lang.File, repl bool) (code []execFn, err error) {
	defer s.compileLimit(&err)
	c := &compiler{s: s, globals: s.globals}
	if repl {
		c.scope = &scope{parent: s.top, names: map[string]*binding{}}
	} else {
		c.scope = s.top
	}
	code = c.compileFile(f, repl)
	if len(c.errs) > 0 {
		slices.SortStableFunc(c.errs, func(a, b *lang.Error) int { return a.Pos.Offset - b.Pos.Offset })
		return nil, c.errs
	}
	if repl {
		redeclared := false
		s.entryLets = map[string]*binding{}
		changed := map[*binding]bool{}
		var entry []*binding // the entry's games and defs, as the session now holds them
		for n, b := range c.scope.names {
			if b.kind == bGlobal {
				s.entryLets[n] = b
				continue
			}
			old, ok := s.top.names[n]
			if ok && old.kind == b.kind && (b.kind == bGame || b.kind == bDef) {
				// Earlier code reads the cell: it now sees the new one.
				*old = *b
				redeclared = true
				changed[old] = true
				entry = append(entry, old)
				continue
			}
			if b.kind == bGame || b.kind == bDef {
				entry = append(entry, b)
			}
			if ok && (old.kind == bGame || old.kind == bDef) {
				redeclared = true
			}
			s.top.names[n] = b
		}
		if redeclared {
			s.engine.forget()
		}
		if len(changed) > 0 {
			// The entry's code named its own new bindings: its games
			// and defs are compiled again against the session's cells
			// (with the entry's lets), and so is older code that built
			// in what changed.
			for n, b := range c.scope.names {
				if old := s.top.names[n]; changed[old] && old != b {
					c.scope.names[n] = old
				}
			}
			s.globals = c.globals
			for _, b := range entry {
				s.recompile(c.scope, b)
			}
			s.recompileDependents(changed, entry)
		}
	}
	s.globals = max(s.globals, c.globals)
	return code, nil
}

// compileLimit turns the panic of a limit the compiler reached (its
// time, its memory: see compiler.count) into the error *err.
func (s *Session) compileLimit(err *error) {
	if r := recover(); r != nil {
		re, ok := r.(*RuntimeError)
		if !ok {
			panic(r)
		}
		*err = re
	}
}

// begin starts a call of the session (ExecFile, Eval, Do, ...): the time
// limit (Limits.Timeout) runs from now, through the parse and the compile
// as through the run, which all poll the context begin returns. The
// function it returns ends the call.
func (s *Session) begin(ctx context.Context) (context.Context, func()) {
	th := s.th
	cancel := context.CancelFunc(func() {})
	if th.limits.Timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, th.limits.Timeout)
	}
	th.ctx = ctx
	th.engine.current = nil
	th.engine.settle()
	th.allocated = 0
	return ctx, func() {
		cancel()
		th.ctx = nil
	}
}

// parse parses a script or an entry under the session's limits: its
// time, its memory and the context (the parser checks them as it goes).
func (s *Session) parse(filename, src string, entry bool) (*lang.File, error) {
	if entry {
		return lang.ParseEntryCheck(filename, src, s.th.parseCheck)
	}
	return lang.ParseFileCheck(filename, src, s.th.parseCheck)
}

// Check parses and resolves a script without running it.
func (s *Session) Check(filename, src string) error {
	f, err := s.parse(filename, src, false)
	if err != nil {
		return err
	}
	_, err = s.compile(f, false)
	return err
}

// ExecFile parses, resolves and runs a whole script.
func (s *Session) ExecFile(ctx context.Context, filename, src string) error {
	ctx, end := s.begin(ctx)
	defer end()
	f, err := s.parse(filename, src, false)
	if err != nil {
		return err
	}
	code, err := s.compile(f, false)
	if err != nil {
		return err
	}
	return s.run(ctx, code)
}

// ExecEntry parses, resolves and runs one REPL entry: declarations replace
// earlier ones, bare expressions are shown.
func (s *Session) ExecEntry(ctx context.Context, filename, src string) error {
	ctx, end := s.begin(ctx)
	defer end()
	f, err := s.parse(filename, src, true)
	if err != nil {
		return err
	}
	code, err := s.compile(f, true)
	if err != nil {
		return err
	}
	err = s.run(ctx, code)
	s.bindEntryLets(err == nil)
	return err
}

// bindEntryLets adds the names an entry's lets bound to the session: all
// of them after a run that succeeded; after a failed run only those whose
// value was computed (a slot still None was never assigned: no expression
// has the value None), so that a failed let neither declares its name
// nor replaces an earlier value.
func (s *Session) bindEntryLets(ok bool) {
	forget := false
	for n, b := range s.entryLets {
		if !ok && (b.slot >= len(s.th.globals) || s.th.globals[b.slot].k == KNone) {
			continue
		}
		if old, had := s.top.names[n]; had && (old.kind == bGame || old.kind == bDef) {
			forget = true
		}
		s.top.names[n] = b
	}
	s.entryLets = nil
	if forget {
		s.engine.forget()
	}
}

// run runs compiled code (within begin and end, which start the time
// limit; the prelude runs without).
func (s *Session) run(ctx context.Context, code []execFn) (err error) {
	th := s.th
	if len(th.globals) < s.globals {
		g := make([]Value, s.globals+16)
		copy(g, th.globals)
		th.globals = g
	}
	th.ctx = ctx
	th.steps, th.checkAt = 0, 0
	th.engine.current = nil
	th.calls = th.calls[:0]
	th.depth, th.stack, th.maxStack = 0, 0, th.stackBudget()
	th.stmt = Pos{}
	th.sp, th.fsp, th.csp, th.isp = 0, 0, 0, 0
	if th.prog != nil {
		th.prog.begin(th.engine.states)
	}
	defer func() {
		if r := recover(); r != nil {
			err = s.recovered(r)
		}
		if th.prog != nil {
			th.prog.end(th.engine.states)
		}
		if cerr := th.saveCheckpoint(); cerr != nil && err == nil {
			err = Errorf(Pos{}, "%v", cerr)
		}
		if ferr := th.out.Flush(); ferr != nil && err == nil {
			err = outputError{err: ferr}
		}
		th.ctx = nil
	}()
	fr := &frame{slots: th.globals, th: th, gen: th.direct}
	for _, st := range code {
		st(fr)
	}
	return nil
}

// recovered turns a panic into an error: runtime errors get their call
// trace; anything else is an internal error, never a Go stack trace.
func (s *Session) recovered(r any) error {
	th := s.th
	s.engine.depth = 0
	switch r := r.(type) {
	case *RuntimeError:
		if r.Pos.Line == 0 {
			// Raised where no position is known (a value too deep to
			// compare): the innermost call, or the statement.
			r.Pos = th.stmt
			if n := len(th.calls); n > 0 {
				r.Pos = th.calls[n-1]
			}
		}
		n := len(th.calls)
		if n > 0 && th.calls[n-1] == r.Pos {
			n-- // the error is at the call itself
		}
		for i := n - 1; i >= 0; i-- {
			if n > 12 && i == n-6 {
				r.Trace = append(r.Trace, fmt.Sprintf("... %d more calls ...", n-11))
				i = 5
			}
			r.Trace = append(r.Trace, "called from "+lang.FormatPos(th.calls[i]))
		}
		return r
	case outputError:
		return r
	case error:
		if errors.Is(r, context.Canceled) {
			return &RuntimeError{Msg: "interrupted", Kind: ErrInterrupted}
		}
	}
	pos := th.stmt
	if len(th.calls) > 0 {
		pos = th.calls[len(th.calls)-1]
	}
	// A bug of grundy's: the message says so, in one line; the Go stack
	// is kept for whoever debugs it, never shown.
	msg := strings.ReplaceAll(fmt.Sprint(r), "\n", " ")
	return &RuntimeError{Pos: pos, Msg: "internal error: " + msg, Stack: string(debug.Stack())}
}

func (th *Thread) exprResult(v Value) {
	if th.show != nil {
		th.show(th, v)
		return
	}
	th.write(th.format(th.stmt, v, false) + "\n")
}

// Out is where print writes (buffered; flushed when a run ends).
func (th *Thread) Out() *bufio.Writer { return th.out }

// outputError is a failure to write what a script prints (a pipe closed
// by its reader, a full disk): the run stops there, since nothing it
// prints later can arrive either.
type outputError struct{ err error }

func (e outputError) Error() string { return "writing output: " + e.err.Error() }
func (e outputError) Unwrap() error { return e.err }

// write writes text to the output, stopping the run when it cannot (the
// buffer reports the writer's first error on every later write).
func (th *Thread) write(text string) {
	if _, err := th.out.WriteString(text); err != nil {
		panic(outputError{err})
	}
}

// readInput reads all of standard input for ints(), accounting for its
// memory as it grows (a huge input fails with the memory limit's error).
func (th *Thread) readInput(c *Call) []byte {
	data := make([]byte, 0, 4096)
	for {
		if len(data) == cap(data) {
			n := 2 * cap(data)
			c.Alloc(int64(n))
			data = append(make([]byte, 0, n), data...)
		}
		k, err := th.in.Read(data[len(data):cap(data)])
		data = data[:len(data)+k]
		if err == io.EOF {
			return data
		}
		if err != nil {
			c.Fail("ints(): reading standard input: %v", err)
		}
		c.Tick()
	}
}

// forWords calls f with each word of data (split at white space, as
// strings.Fields splits) and the number of its line.
func forWords(data []byte, f func(line int, w []byte)) {
	line, start := 1, -1
	for i := 0; i < len(data); {
		r, n := rune(data[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRune(data[i:])
		}
		if unicode.IsSpace(r) {
			if start >= 0 {
				f(line, data[start:i])
				start = -1
			}
			if r == '\n' {
				line++
			}
		} else if start < 0 {
			start = i
		}
		i += n
	}
	if start >= 0 {
		f(line, data[start:])
	}
}

// Ints returns all whitespace-separated integers of standard input as a
// list (read once, then remembered).
func (th *Thread) Ints(c *Call) Value {
	if th.inRead {
		return th.ints
	}
	if th.in == nil {
		c.Fail("ints(): this program has no standard input")
	}
	data := th.readInput(c)
	// The words, as strings.Fields splits each line: counted first, so
	// that the list is accounted for and made once.
	words := 0
	forWords(data, func(int, []byte) { words++ })
	out := c.Alloced(words)
	forWords(data, func(line int, w []byte) {
		c.Poll(len(out))
		n, err := strconv.ParseInt(string(w), 10, 64)
		if err != nil {
			s := string(w)
			if len(s) > 20 {
				s = s[:20] + "..."
			}
			c.Fail("ints(): standard input line %d has %q, which is not a 64-bit integer", line, s)
		}
		out = append(out, Int(n))
	})
	th.inRead = true
	th.ints = List(out)
	return th.ints
}

// Stats are counters of a session's engine.

// Eval evaluates one expression in the session and returns its value.
func (s *Session) Eval(ctx context.Context, filename, src string) (Value, error) {
	ctx, end := s.begin(ctx)
	defer end()
	x, err := lang.ParseExprCheck(filename, src, s.th.parseCheck)
	if err != nil {
		return None, err
	}
	return s.evalExpr(ctx, x)
}

// EvalExpr evaluates a parsed expression in the session (its names are
// resolved in the session's scope) and returns its value.
func (s *Session) EvalExpr(ctx context.Context, x lang.Expr) (v Value, err error) {
	ctx, end := s.begin(ctx)
	defer end()
	return s.evalExpr(ctx, x)
}

// evalExpr is EvalExpr within begin and end.
func (s *Session) evalExpr(ctx context.Context, x lang.Expr) (v Value, err error) {
	c := &compiler{s: s, globals: s.globals, scope: &scope{parent: s.top, names: map[string]*binding{}}}
	var code evalFn
	err = func() (err error) {
		defer s.compileLimit(&err)
		code = c.expr(x)
		return nil
	}()
	if err != nil {
		return None, err
	}
	if len(c.errs) > 0 {
		return None, c.errs
	}
	s.globals = c.globals
	var result Value
	err = s.run(ctx, []execFn{func(fr *frame) { result = code(fr) }})
	return result, err
}

// Graph returns the DOT text of the state graph of the game g, at most
// limit positions (as graph(G, LIMIT) builds it), for a program that
// draws it (grundy graph). pos is where g was written: an error in a
// game's moves names it as its call site.
func (s *Session) Graph(ctx context.Context, pos Pos, g Value, limit int) (string, error) {
	th := s.th
	var text string
	err := s.run(ctx, []execFn{func(*frame) {
		th.calls = append(th.calls, pos)
		text = th.Graph(&Call{Th: th, Name: "graph", Pos: pos}, g, limit)
		th.calls = th.calls[:len(th.calls)-1]
	}})
	return text, err
}

// Names lists the session's own names: games, defs and lets.
func (s *Session) Names() []string {
	var out []string
	for n := range s.top.names {
		if !hiddenName(n) {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// Reset forgets every declaration, binding and memoized value.
func (s *Session) Reset() {
	fresh := NewSession(Options{})
	th := s.th
	th.engine = fresh.engine
	th.engine.th = th
	th.direct = &gen{e: th.engine, mode: mDirect}
	th.globals = nil
	th.inRead = false
	s.engine = th.engine
	s.prelude = fresh.prelude
	s.top = fresh.top
	s.globals = fresh.globals
	th.globals = fresh.th.globals
}

// MemoStats are counters of the memo tables.
type Stats struct {
	States    int64 // positions visited by the search
	Moves     int64 // options generated (a fast loop counts its whole range)
	Memoized  int64 // positions with a known value
	MemoBytes int64 // the memo tables' size
	Games     int
	LoopySets int // distinct infinite values
}

// Stats returns the session's counters and counts what the memo holds (in
// time proportional to its size).
func (s *Session) Stats() Stats {
	e := s.engine
	st := Stats{States: e.states, Moves: e.edges, Games: len(e.games), LoopySets: len(e.infs)}
	for _, g := range e.games {
		st.MemoBytes += int64(len(g.pages))*8 + int64(len(g.gvals))*4
		for _, p := range g.pages {
			if p == nil {
				continue
			}
			st.MemoBytes += pageSize * 4
			for _, x := range p {
				if finished(x) {
					st.Memoized++
				}
			}
		}
		for _, x := range g.gvals {
			if finished(x) {
				st.Memoized++
			}
		}
		st.MemoBytes += g.keys.bytes() + g.dict.bytes()
	}
	return st
}

// Do runs f inside the session's run context: runtime errors raised by
// built-ins called from Go become errors, output is flushed, ctx cancels.
func (s *Session) Do(ctx context.Context, f func()) error {
	ctx, end := s.begin(ctx)
	defer end()
	return s.run(ctx, []execFn{func(*frame) { f() }})
}
