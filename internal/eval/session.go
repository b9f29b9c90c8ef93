package eval

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/fastpath"
	"github.com/grundy-lang/grundy/internal/graph"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/progress"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/solve"
	"github.com/grundy-lang/grundy/internal/table"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/stdlib"

	"github.com/grundy-lang/grundy/lang"
)

// Options configure a Session.
type Options struct {
	Stdout io.Writer // print output (default: discarded)
	Stdin  io.Reader // what ints() reads; nil makes ints() an error
	Limits engine.Limits
	// Show receives the value of a bare expression entered in the REPL.
	Show func(th *engine.Thread, v value.Value)
	// Disable switches optimizations off (passes.All: the plain
	// evaluator); none changes a result, only the time a run takes.
	Disable passes.Pass
	// Progress, when set, is called during a run (a call of ExecFile,
	// Eval, Table, Do, ...) that has a context and has taken a second,
	// about every quarter of a second, with the positions visited so far;
	// and once more with Done set when such a run ends. It is called on
	// the goroutine running the computation and must be quick.
	Progress func(progress.Report)
	// Checkpoint, when set, is a file that the values of take-and-break
	// families (octal codes, and declared games that follow such a rule)
	// are saved to, about every minute and when a run ends or stops, and
	// read back from when a family first needs values: a long
	// computation stopped (Ctrl-C, a limit) goes on from there in a later
	// run. It holds the values of every game saved to it, and is
	// replaced whole under a lock (takebreak.SaveFile).
	Checkpoint string
	// Registry is the built-ins, Go game families and prelude the session
	// starts with (default: the standard library, stdlib.Registry()).
	Registry *engine.Registry
}

// Session is a compiled, running program: a script file, or a REPL session
// whose entries are compiled and run one after another against the same
// names and memo tables.
type Session struct {
	// env holds the thread, the engine, the registry of built-ins, Go
	// games and prelude (Options.Registry) and what the compiler keeps
	// between compiles (the explanations).
	env     compile.Env
	prelude *resolve.Scope // the standard library's games and defs (loadPrelude)
	top     *resolve.Scope
	globals int
	// preludeEnd is s.globals once the prelude was loaded (loadPending):
	// a call that gives back the slots its code took keeps the prelude's.
	preludeEnd int
	// entryLets are the global names a REPL entry binds (its lets): they
	// join the session only once the entry has run (bindEntryLets), so a
	// let whose value fails binds nothing.
	entryLets map[string]*resolve.Decl
	u         *resolve.Universe // the registry's built-ins, as declarations
	// later are the lets of the file or entry compiled last, by name
	// (the resolve pass's hint: an unknown name bound later says so).
	later map[string]engine.Pos
	// guards are the expressions in the range of a for clause that an if
	// clause of the same list follows (lang.RangesBeforeGuards), by
	// position, each with that if's: a runtime error at one gets a hint
	// (clauses run left to right, the range before the if).
	guards map[engine.Pos]guardOf
}

// guardOf is the if clause that follows the for clause whose range holds
// an expression; first: the for is a comprehension's first clause (the
// if cannot go before it).
type guardOf struct {
	at    engine.Pos
	first bool
}

// NewSession makes an empty session.
func NewSession(opts Options) *Session {
	out := opts.Stdout
	if out == nil {
		out = io.Discard
	}
	th := &engine.Thread{OutW: bufio.NewWriterSize(out, 64<<10), In: opts.Stdin, Limits: opts.Limits, Show: opts.Show, Checkpoint: opts.Checkpoint}
	if opts.Progress != nil {
		th.Prog = &progress.Meter{Report: opts.Progress}
	}
	if th.Limits.MaxStates <= 0 {
		th.Limits.MaxStates = engine.DefaultMaxStates
	}
	if th.Limits.MaxDepth <= 0 {
		th.Limits.MaxDepth = engine.DefaultMaxDepth
	}
	if th.Limits.MaxSteps <= 0 {
		th.Limits.MaxSteps = engine.DefaultMaxSteps
	}
	if th.Limits.MaxMemory <= 0 {
		th.Limits.MaxMemory = engine.DefaultMaxMemory()
	}
	th.Engine = solve.NewEngine(th)
	th.Engine.On = (passes.All &^ opts.Disable).Effective()
	th.Direct = &engine.Gen{E: th.Engine, Mode: engine.MDirect}
	th.Collect = &engine.Gen{E: th.Engine, Mode: engine.MCollect}
	reg := opts.Registry
	if reg == nil {
		reg = stdlib.Registry()
	}
	// (Go definitions besides the standard library's: no digest of the
	// program covers them.)
	th.ProgramKnown = reg == stdlib.Registry()
	s := &Session{env: compile.Env{Th: th, Engine: th.Engine, Reg: reg, Fast: fastpath.New}, prelude: resolve.NewScope(nil), u: resolve.NewUniverse(reg)}
	s.top = resolve.NewScope(s.prelude)
	s.loadPrelude()
	// The resolve pass checks the limits of the call as the parser does
	// (the prelude's are no run's).
	s.u.Check = th.ParseCheck
	return s
}

// Thread returns the session's thread (what built-ins receive).
func (s *Session) Thread() *engine.Thread { return s.env.Th }

// compile parses nothing: it resolves and compiles a parsed file. On error
// nothing of the file is kept (REPL entries start from the same names).
func (s *Session) compile(f *lang.File, repl bool) (code []compile.ExecFn, err error) {
	defer s.compileLimit(&err)
	sc := s.top
	if repl {
		sc = resolve.NewScope(s.top)
	}
	s.noteGuards(f.Stmts)
	s.preludeFor(f.Stmts)
	var names map[string]*resolve.Decl
	if len(s.u.Pending) > 0 {
		names = maps.Clone(sc.Names) // (what a second resolve starts from)
	}
	ch := resolve.File(s.u, sc, f, repl, s.globals)
	if len(ch.Errs) > 0 && s.retryPrelude() {
		sc.Names = names
		ch = resolve.File(s.u, sc, f, repl, s.globals)
	}
	s.later = ch.LaterLets
	c := compile.New(&s.env, ch.Globals)
	code = c.CompileFile(f, ch.End)
	if errs := resolve.MergeErrors(ch.Errs, c.Errs); len(errs) > 0 {
		slices.SortStableFunc(errs, func(a, b *lang.Error) int { return a.Pos.Offset - b.Pos.Offset })
		return nil, errs
	}
	if repl {
		redeclared := false
		s.entryLets = map[string]*resolve.Decl{}
		changed := map[*engine.Binding]bool{}
		var entry []*resolve.Decl // the entry's games and defs, as the session now holds them
		for n, d := range sc.Names {
			if d.Kind == resolve.Global {
				s.entryLets[n] = d
				continue
			}
			old, ok := s.top.Names[n]
			if ok && old.Kind == d.Kind && (d.Kind == resolve.Game || d.Kind == resolve.Def) {
				// Earlier code reads the cell: it now sees the new one
				// (and what its body's names mean, Free).
				*old.B = *d.B
				old.Free = d.Free
				redeclared = true
				changed[old.B] = true
				entry = append(entry, old)
				continue
			}
			if d.Kind == resolve.Game || d.Kind == resolve.Def {
				entry = append(entry, d)
			}
			if ok && (old.Kind == resolve.Game || old.Kind == resolve.Def) {
				redeclared = true
			}
			s.top.Names[n] = d
		}
		if redeclared {
			s.env.Engine.Forget()
		}
		if len(changed) > 0 {
			// The entry's code named its own new declarations: its
			// games and defs are resolved and compiled again against
			// the session's (with the entry's lets), and so is older
			// code that built in what changed.
			for n, d := range sc.Names {
				if old := s.top.Names[n]; changed[old.B] && old != d {
					sc.Names[n] = old
				}
			}
			s.globals = c.Globals
			// What a def reaches (itself? how much code inlined?) may
			// have changed.
			for _, d := range s.top.Names {
				if d.Kind == resolve.Def && d.B.Fn != nil {
					resolve.Forget(d.B.Fn)
				}
			}
			for _, d := range entry {
				s.recompile(sc, d)
			}
			s.recompileDependents(changed, entry)
		}
	}
	s.globals = max(s.globals, c.Globals)
	return code, nil
}

// noteGuards records the guards of code about to be compiled (sts, of
// one text), first forgetting those recorded for the same file from
// where sts start on (a text given again under its name replaces them).
func (s *Session) noteGuards(sts []lang.Stmt) {
	if len(sts) == 0 {
		return
	}
	from := sts[0].Position()
	for p := range s.guards {
		if p.Filename == from.Filename && p.Offset >= from.Offset {
			delete(s.guards, p)
		}
	}
	lang.RangesBeforeGuards(sts, func(x lang.Expr, guard *lang.IfClause, first bool) {
		if s.guards == nil {
			s.guards = map[engine.Pos]guardOf{}
		}
		s.guards[x.Position()] = guardOf{guard.Pos, first}
	})
}

// guardHint adds to a runtime error at an expression in the range of a
// for clause that an if clause follows the hint that the range is
// computed first (clauses run left to right), so that an if meant to
// guard it goes before the for.
func (s *Session) guardHint(err error) {
	re, ok := err.(*value.RuntimeError)
	if !ok || re.Kind != value.ErrRuntime {
		return
	}
	g, ok := s.guards[re.Pos]
	if !ok {
		return
	}
	re.Msg += fmt.Sprintf("; clauses run left to right, so this range is computed before the if at %d:%d that follows it", g.at.Line, g.at.Column)
	if g.first {
		re.Msg += ": to guard the range, put the comprehension inside if C then ... else ..."
	} else {
		re.Msg += ": put that if before the for if it guards the range"
	}
}

// compileLimit turns the panic of a limit the compiler reached (its
// time, its memory: see compiler.count) into the error *err.
func (s *Session) compileLimit(err *error) {
	if r := recover(); r != nil {
		re, ok := r.(*value.RuntimeError)
		if !ok {
			panic(r)
		}
		*err = re
	}
}

// Begin starts a call of the session (ExecFile, Eval, Do, ...): the time
// limit (Limits.Timeout) runs from now, through the parse and the compile
// as through the run, which all poll the context Begin returns. The
// function it returns ends the call.
func (s *Session) Begin(ctx context.Context) (context.Context, func()) {
	var until time.Time
	if t := s.env.Th.Limits.Timeout; t > 0 {
		until = time.Now().Add(t)
	}
	return s.beginUntil(ctx, until)
}

// beginUntil is Begin with the time limit ending at until (none: zero).
func (s *Session) beginUntil(ctx context.Context, until time.Time) (context.Context, func()) {
	th := s.env.Th
	cancel := context.CancelFunc(func() {})
	if !until.IsZero() {
		ctx, cancel = context.WithDeadline(ctx, until)
	}
	th.Ctx = ctx
	th.Engine.Current = nil
	th.Engine.Settle()
	th.Allocated = 0
	return ctx, func() {
		cancel()
		th.Ctx = nil
	}
}

// parse parses a script or an entry under the session's limits: its
// time, its memory and the context (the parser checks them as it goes).
func (s *Session) parse(filename, src string, entry bool) (*lang.File, error) {
	if entry {
		return lang.ParseEntryCheck(filename, src, s.env.Th.ParseCheck)
	}
	return lang.ParseFileCheck(filename, src, s.env.Th.ParseCheck)
}

// Format returns a script in the canonical layout (lang.Format) under
// the session's limits: its time, its memory and the context, checked as
// a parse checks them; their errors end "while formatting".
func (s *Session) Format(ctx context.Context, filename, src string) (string, error) {
	_, end := s.Begin(ctx)
	defer end()
	th := s.env.Th
	doing := th.Doing
	th.Doing = func() string { return "formatting" }
	defer func() { th.Doing = doing }()
	return lang.FormatCheck(filename, src, th.ParseCheck)
}

// Check parses and resolves a script without running it, under the
// session's limits (CheckContext without a context of its own).
func (s *Session) Check(filename, src string) error {
	return s.CheckContext(context.Background(), filename, src)
}

// CheckContext parses and resolves a script without running it, under
// the session's limits (its time limit runs from now) and ctx.
func (s *Session) CheckContext(ctx context.Context, filename, src string) error {
	_, end := s.Begin(ctx)
	defer end()
	f, err := s.parse(filename, src, false)
	if err != nil {
		return err
	}
	_, err = s.compile(f, false)
	return err
}

// ExecFile parses, resolves and runs a whole script.
func (s *Session) ExecFile(ctx context.Context, filename, src string) error {
	ctx, end := s.Begin(ctx)
	defer end()
	f, err := s.parse(filename, src, false)
	if err != nil {
		return err
	}
	code, err := s.compile(f, false)
	if err != nil {
		return err
	}
	s.env.Th.NoteProgram("source", src)
	return s.run(ctx, code)
}

// ExecEntry parses, resolves and runs one REPL entry: declarations replace
// earlier ones, bare expressions are shown.
func (s *Session) ExecEntry(ctx context.Context, filename, src string) error {
	ctx, end := s.Begin(ctx)
	defer end()
	f, err := s.parse(filename, src, true)
	if err != nil {
		s.noteDeclared(lang.DeclaredNames(filename, src))
		return err
	}
	defer func() { s.noteDeclared(declaredNames(f)) }()
	code, err := s.compile(f, true)
	if err != nil {
		return err
	}
	s.env.Th.NoteProgram("entry", src)
	err = s.run(ctx, code)
	s.bindEntryLets(err == nil)
	return err
}

// noteDeclared records, after an entry ran or failed, which of the names
// it declares (names) are not declared now: their declaration failed, and
// a later use of one says so (resolve.Universe.Failed). A name declared
// now (by this entry, or still by an earlier one) is forgotten there.
func (s *Session) noteDeclared(names []*lang.Name) {
	for _, n := range names {
		switch {
		case s.top.Lookup(n.Name) != nil:
			delete(s.u.Failed, n.Name)
		case s.u.Failed == nil:
			s.u.Failed = map[string]engine.Pos{n.Name: n.Pos}
		default:
			s.u.Failed[n.Name] = n.Pos
		}
	}
}

// declaredNames returns the names the top-level statements of f declare.
func declaredNames(f *lang.File) []*lang.Name {
	var out []*lang.Name
	for _, st := range f.Stmts {
		switch st := st.(type) {
		case *lang.GameStmt:
			out = append(out, st.Name)
		case *lang.DefStmt:
			out = append(out, st.Name)
		case *lang.LetStmt:
			out = append(out, st.Pattern().Names...)
		}
	}
	return out
}

// bindEntryLets adds the names an entry's lets bound to the session: all
// of them after a run that succeeded; after a failed run only those whose
// value was computed (a slot still None was never assigned: no expression
// has the value None), so that a failed let neither declares its name
// nor replaces an earlier value.
func (s *Session) bindEntryLets(ok bool) {
	forget := false
	for n, d := range s.entryLets {
		if b := d.B; !ok && (b.Slot >= len(s.env.Th.Globals) || s.env.Th.Globals[b.Slot].K == value.KNone) {
			continue
		}
		if old, had := s.top.Names[n]; had && (old.Kind == resolve.Game || old.Kind == resolve.Def) {
			forget = true
		}
		s.top.Names[n] = d
	}
	s.entryLets = nil
	if forget {
		s.env.Engine.Forget()
	}
}

// run runs compiled code (within begin and end, which start the time
// limit; the prelude runs without).
func (s *Session) run(ctx context.Context, code []compile.ExecFn) (err error) {
	th := s.env.Th
	if len(th.Globals) < s.globals {
		g := make([]value.Value, s.globals+16)
		copy(g, th.Globals)
		th.Globals = g
	}
	th.Ctx = ctx
	th.Steps, th.CheckAt = 0, 0
	th.Engine.Current = nil
	th.Calls = th.Calls[:0]
	th.Collect.Reset(0) // (what a failed query had recorded)
	th.Depth, th.Stack, th.MaxStack = 0, 0, th.StackBudget()
	th.Stmt = engine.Pos{}
	th.Sp, th.Fsp, th.Csp, th.Isp = 0, 0, 0, 0
	if th.Prog != nil {
		th.Prog.Begin(th.Engine.States)
	}
	defer func() {
		if r := recover(); r != nil {
			err = s.recovered(r)
			s.guardHint(err)
		}
		if th.Prog != nil {
			th.Prog.End(th.Engine.States)
		}
		if cerr := th.SaveCheckpoint(); cerr != nil {
			err = withSaveError(err, cerr)
		}
		if ferr := th.OutW.Flush(); ferr != nil && err == nil {
			err = engine.OutputError{Err: ferr}
		}
		th.Ctx = nil
	}()
	fr := &engine.Frame{Slots: th.Globals, Th: th, Gen: th.Direct}
	for _, st := range code {
		st(fr)
	}
	return nil
}

// withSaveError is the error of a run that ended with err (nil: none)
// and whose values could not be saved to its checkpoint (cerr): both,
// joined (cerr once, when the run stopped because a save during it
// failed).
func withSaveError(err, cerr error) error {
	var re *value.RuntimeError
	if !errors.As(cerr, &re) {
		re = value.Errorf(engine.Pos{}, "%v", cerr)
	}
	var first *value.RuntimeError
	switch {
	case err == nil:
		return re
	case errors.As(err, &first) && first.Msg == re.Msg:
		return err
	}
	return errors.Join(err, re)
}

// recovered turns a panic into an error: runtime errors get their call
// trace; anything else is an internal error, never a Go stack trace.
func (s *Session) recovered(r any) error {
	th := s.env.Th
	s.env.Engine.Depth = 0
	switch r := r.(type) {
	case *value.RuntimeError:
		if r.Pos.Line == 0 {
			// Raised where no position is known (a value too deep to
			// compare): the innermost call, or the statement.
			r.Pos = th.Stmt
			if n := len(th.Calls); n > 0 {
				r.Pos = th.Calls[n-1]
			}
		}
		n := len(th.Calls)
		if n > 0 && th.Calls[n-1] == r.Pos {
			n-- // the error is at the call itself
		}
		for i := n - 1; i >= 0; i-- {
			if n > 12 && i == n-6 {
				r.Trace = append(r.Trace, fmt.Sprintf("... %d more calls ...", n-11))
				i = 5
			}
			r.Trace = append(r.Trace, "called from "+lang.FormatPos(th.Calls[i]))
		}
		return r
	case engine.OutputError:
		return r
	case engine.CallerError:
		return r.Err
	case error:
		if errors.Is(r, context.Canceled) {
			return &value.RuntimeError{Msg: "interrupted", Kind: value.ErrInterrupted}
		}
	}
	pos := th.Stmt
	if len(th.Calls) > 0 {
		pos = th.Calls[len(th.Calls)-1]
	}
	// A bug of grundy's: the message says so, in one line; the Go stack
	// is kept for whoever debugs it, never shown.
	msg := strings.ReplaceAll(fmt.Sprint(r), "\n", " ")
	return &value.RuntimeError{Pos: pos, Msg: "internal error: " + msg, Stack: string(debug.Stack())}
}

// Stats are counters of a session's engine.

// Eval evaluates one expression in the session and returns its value.
func (s *Session) Eval(ctx context.Context, filename, src string) (value.Value, error) {
	ctx, end := s.Begin(ctx)
	defer end()
	x, err := lang.ParseExprCheck(filename, src, s.env.Th.ParseCheck)
	if err != nil {
		return value.None, err
	}
	return s.evalExpr(ctx, x)
}

// EvalExpr evaluates a parsed expression in the session (its names are
// resolved in the session's scope) and returns its value.
func (s *Session) EvalExpr(ctx context.Context, x lang.Expr) (v value.Value, err error) {
	ctx, end := s.Begin(ctx)
	defer end()
	return s.evalExpr(ctx, x)
}

// evalExpr is EvalExpr within begin and end.
func (s *Session) evalExpr(ctx context.Context, x lang.Expr) (v value.Value, err error) {
	s.noteGuards([]lang.Stmt{&lang.ExprStmt{Pos: x.Position(), X: x}})
	c := compile.New(&s.env, s.globals)
	var ch *resolve.Chunk
	var code engine.EvalFn
	err = func() (err error) {
		defer s.compileLimit(&err)
		s.preludeFor([]lang.Stmt{&lang.ExprStmt{Pos: x.Position(), X: x}})
		ch = resolve.Expr(s.u, resolve.NewScope(s.top), s.later, x)
		if len(ch.Errs) > 0 && s.retryPrelude() {
			ch = resolve.Expr(s.u, resolve.NewScope(s.top), s.later, x)
		}
		code = c.Vals.Expr(x)
		return nil
	}()
	if err != nil {
		return value.None, err
	}
	if errs := resolve.MergeErrors(ch.Errs, c.Errs); len(errs) > 0 {
		return value.None, errs
	}
	s.globals = c.Globals
	var result value.Value
	err = s.run(ctx, []compile.ExecFn{func(fr *engine.Frame) { result = code(fr) }})
	return result, err
}

// Graph returns the DOT text of the state graph of the game g, at most
// limit positions (as graph(G, LIMIT) builds it), for a program that
// draws it (grundy graph). pos is where g was written: an error in a
// game's moves names it as its call site.
func (s *Session) Graph(ctx context.Context, pos engine.Pos, g value.Value, limit int) (string, error) {
	th := s.env.Th
	var text string
	err := s.run(ctx, []compile.ExecFn{func(*engine.Frame) {
		th.Calls = append(th.Calls, pos)
		text = graph.DOT(th, &engine.Call{Th: th, Name: "graph", Pos: pos}, g, limit)
		th.Calls = th.Calls[:len(th.Calls)-1]
	}})
	return text, err
}

// Names lists the session's own names: games, defs and lets.
func (s *Session) Names() []string {
	var out []string
	for n := range s.top.Names {
		if !resolve.HiddenName(n) {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// Reset forgets every declaration, binding and memoized value.
func (s *Session) Reset() {
	// (The same registry and passes; the thread, with its output, input
	// and limits, is kept.)
	fresh := NewSession(Options{Registry: s.env.Reg, Disable: passes.All &^ s.env.Engine.On})
	th := s.env.Th
	th.Engine = fresh.env.Engine
	th.Engine.Th = th
	th.Direct = &engine.Gen{E: th.Engine, Mode: engine.MDirect}
	th.Collect = &engine.Gen{E: th.Engine, Mode: engine.MCollect}
	th.Globals = nil
	th.InRead = false
	s.env.Engine = th.Engine
	s.prelude = fresh.prelude
	s.top = fresh.top
	s.globals = fresh.globals
	th.Globals = fresh.env.Th.Globals
	s.env.Explain, s.later, s.entryLets = nil, nil, nil
	s.u.Failed = nil
}

// Stats are counters of the memo tables.
type Stats struct {
	States    int64 // positions visited by the search
	Moves     int64 // options generated (a fast loop counts its whole range)
	Memoized  int64 // positions with a known value
	MemoBytes int64 // the memo tables' size
	Games     int
	LoopySets int   // distinct infinite values
	InUse     int64 // the memory the limit counts (engine.Thread.MemInUse)
}

// Stats returns the session's counters and counts what the memo holds (in
// time proportional to its size).
func (s *Session) Stats() Stats {
	e := s.env.Engine
	st := Stats{States: e.States, Moves: e.Edges, Games: len(e.Games), LoopySets: len(e.Infs), InUse: s.env.Th.MemInUse()}
	for _, g := range e.Games {
		st.MemoBytes += int64(len(g.Pages))*8 + int64(len(g.Gvals))*4
		for _, p := range g.Pages {
			if p == nil {
				continue
			}
			st.MemoBytes += memo.PageSize * 4
			for _, x := range p {
				if memo.Finished(x) {
					st.Memoized++
				}
			}
		}
		for _, x := range g.Gvals {
			if memo.Finished(x) {
				st.Memoized++
			}
		}
		st.MemoBytes += g.Keys.Bytes() + g.Dict.Bytes()
	}
	return st
}

// ShareMemoryLimit (on) makes the session's memory limit count the memo
// tables of every session of the process, not its own alone: for the
// sessions that compute a table together (TableJobs), which then have
// one limit (their Go heap is the process's already).
func (s *Session) ShareMemoryLimit(on bool) { s.env.Th.Limits.AllMemos = on }

// SetSolverThreads sets the threads the session's take-and-break solvers
// may use (0: as many as GOMAXPROCS, at most 2): 1 for the sessions
// that compute a table together, which keep the cores busy themselves.
func (s *Session) SetSolverThreads(n int) { s.env.Th.SolverThreads = n }

// Timeout is the session's time limit of a call (Limits.Timeout; 0:
// none).
func (s *Session) Timeout() time.Duration { return s.env.Th.Limits.Timeout }

// Do runs f inside the session's run context: runtime errors raised by
// built-ins called from Go become errors, output is flushed, ctx cancels.
func (s *Session) Do(ctx context.Context, f func()) error {
	ctx, end := s.Begin(ctx)
	defer end()
	return s.run(ctx, []compile.ExecFn{func(*engine.Frame) { f() }})
}

// Registry returns the built-ins, Go game families and prelude the session
// was made with.
func (s *Session) Registry() *engine.Registry { return s.env.Reg }

// Table computes a table (parsed by lang.ParseTable) in the session's
// scope: after ExecFile, its expression and clauses see the script's
// games, defs and top-level lets. Errors are like ExecFile's.
func (s *Session) Table(ctx context.Context, st *lang.TableStmt) (*Table, error) {
	return s.TableRows(ctx, st, nil)
}

// TableRows is Table handing each row of a table with one for clause to
// each as soon as it is computed (table.RowFunc), keeping none:
// the Table it returns has no rows. An error each returns stops the run
// and is TableRows' error. A grid is computed whole, as by Table.
func (s *Session) TableRows(ctx context.Context, st *lang.TableStmt, each table.RowFunc) (*Table, error) {
	ctx, end := s.Begin(ctx)
	defer end()
	var build func(fr *engine.Frame, each table.RowFunc) *table.Table
	if err := s.compileTable(st, func(c *compile.Compiler) { build = c.Tables.Table(st) }); err != nil {
		return nil, err
	}
	var t *table.Table
	err := s.run(ctx, []compile.ExecFn{func(fr *engine.Frame) { t = build(fr, each) }})
	if err != nil {
		return nil, err
	}
	return (*Table)(t), nil
}

// TableShard runs a worker's pass over a table computed by several
// sessions at once (TableJobs): it computes the rows sh gives it and
// hands them to sh. Its time limit (Limits.Timeout) ends at until, the
// table's (zero: none), however many passes the worker makes.
func (s *Session) TableShard(ctx context.Context, st *lang.TableStmt, sh table.Shard, until time.Time) error {
	ctx, end := s.beginUntil(ctx, until)
	defer end()
	var pass func(fr *engine.Frame, sh table.Shard)
	if err := s.compileTable(st, func(c *compile.Compiler) { pass = c.Tables.Sharded(st) }); err != nil {
		return err
	}
	return s.run(ctx, []compile.ExecFn{func(fr *engine.Frame) { pass(fr, sh) }})
}

// compileTable resolves the names of table st in the session's scope and
// compiles it with compile.
func (s *Session) compileTable(st *lang.TableStmt, compile_ func(c *compile.Compiler)) error {
	s.later = nil // the script's lets have all run
	s.noteGuards([]lang.Stmt{st})
	c := compile.New(&s.env, s.globals)
	var ch *resolve.Chunk
	if err := func() (err error) {
		defer s.compileLimit(&err)
		s.preludeFor([]lang.Stmt{st})
		ch = resolve.Table(s.u, resolve.NewScope(s.top), s.later, st)
		if len(ch.Errs) > 0 && s.retryPrelude() {
			ch = resolve.Table(s.u, resolve.NewScope(s.top), s.later, st)
		}
		compile_(c)
		return nil
	}(); err != nil {
		return err
	}
	if errs := resolve.MergeErrors(ch.Errs, c.Errs); len(errs) > 0 {
		slices.SortStableFunc(errs, func(a, b *lang.Error) int { return a.Pos.Offset - b.Pos.Offset })
		return errs
	}
	s.globals = c.Globals
	return nil
}

// Explain returns the explanations of the declarations compiled so far
// in this session, in source order; a declaration compiled again (a REPL
// redeclaration) replaces its earlier explanation.
func (s *Session) Explain() []*passes.Explanation { return s.env.Explain }

// CheckFile is Check that keeps nothing of the file: the session's names
// are those it had before, as after a LoadFile that fails to resolve.
// What its games and defs compile to stays in Explain.
func (s *Session) CheckFile(filename, src string) error {
	return s.CheckFileContext(context.Background(), filename, src)
}

// CheckFileContext is CheckFile under ctx (CheckContext).
func (s *Session) CheckFileContext(ctx context.Context, filename, src string) error {
	names, globals := maps.Clone(s.top.Names), s.globals
	err := s.CheckContext(ctx, filename, src)
	s.top.Names, s.globals = names, max(globals, s.preludeEnd)
	return err
}
